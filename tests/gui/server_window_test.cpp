// SPDX-License-Identifier: GPL-3.0-or-later
// The turn manager on a campaign server, under Xvfb (docs/server.md "The turn manager on a server"): etatmajor-server
// on the loopback with the bundled campaign and a passphrase for each side; the window refuses a wrong passphrase
// and an address where no server listens with words a person understands; then it connects as the British, gives
// Tarleton's order through the order dialog (after the server refused a bad one with its line), the Americans give
// theirs from their own client, and the window, following the server by itself, shows the next day and the report of
// the day fought. Afterwards the server's own view is checked: the campaign stands at the next day.
//
// The window opens at the week's stop before W4 (docs/server.md "The turn's stops"): in the Week dialog it splits
// Camden's income, is refused a replacement with the server's code, and says the British are done (and takes it back
// and says it again); at the stop before W5 it is done from the Week menu. The Americans' word comes from their own
// client. A second campaign on the same server, made alike, is given the same decisions through
// `etatmajor-cli --server`: both campaigns' command logs must hold the same commands up to the first day's orders.
//
//   etatmajor_server_window_test XVFB_RUN APP SCRIPT OUT_DIR
#include "../server/harness.hpp"

#include "etatmajor/client/client.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;
using namespace etatmajor;
using servertest::ServerProcess;
using servertest::writeText;

namespace {

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

struct Gui {
    pid_t pid = -1;
    std::string log;
};

// Starts the program under xvfb-run with its output in `log`.
Gui startGui(const std::string& xvfb, const std::vector<std::string>& args, const std::string& log) {
    std::vector<std::string> all{xvfb, "-a", "-s", "-screen 0 1280x1024x24"};
    std::cout.flush();
    all.insert(all.end(), args.begin(), args.end());
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        std::FILE* out = std::freopen(log.c_str(), "w", stdout);
        if (out) dup2(fileno(stdout), 2);
        std::vector<char*> argv;
        for (auto& a : all) argv.push_back(a.data());
        argv.push_back(nullptr);
        setenv("NO_AT_BRIDGE", "1", 1);
        execvp(argv[0], argv.data());
        _exit(127);
    }
    return {pid, log};
}

// The exit status, or -1 when it did not end in time (then it is killed).
int waitGui(Gui& gui, int seconds) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < until) {
        int status = 0;
        if (waitpid(gui.pid, &status, WNOHANG) == gui.pid) return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    kill(gui.pid, SIGTERM);
    int status = 0;
    waitpid(gui.pid, &status, 0);
    return -1;
}

int failures = 0;
void check(bool ok, const std::string& what, const std::string& detail = {}) {
    std::cout << (ok ? "ok: " : "FAILED: ") << what << "\n";
    if (!ok) {
        ++failures;
        if (!detail.empty()) std::cout << detail << "\n";
    }
}

// The command log of a campaign past its creation: name, arguments, result and moment, one line a command. A
// purchase's arguments hold its file's text and name, which differ in layout between the form and a file: its result
// says what it did.
std::vector<std::string> commandLog(const std::string& db) {
    SQLite::Database d(db, SQLite::OPEN_READONLY);
    SQLite::Statement q(d, "SELECT name, CASE name WHEN 'grant.buy' THEN '' ELSE args END, result, week, day, phase FROM "
                           "command_log WHERE seq > 1 ORDER BY seq");
    std::vector<std::string> out;
    while (q.executeStep())
        out.push_back(q.getColumn(0).getString() + " " + q.getColumn(1).getString() + " -> " + q.getColumn(2).getString() + " @" +
                      q.getColumn(3).getString() + "/" + q.getColumn(4).getString() + "/" + q.getColumn(5).getString());
    return out;
}

// Runs etatmajor-cli with `args`; its exit status, its output in `out`.
int runCli(const std::string& args, const std::string& log, std::string& out) {
    const int status = std::system((servertest::cliProgram() + " " + args + " > " + log + " 2>&1").c_str());
    out = readText(log);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

client::Connection connection(int port) {
    client::ServerAddress a;
    a.tls = false;
    a.host = "127.0.0.1";
    a.port = port;
    return client::Connection(a, {});
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 5) {
        std::cerr << "usage: etatmajor_server_window_test XVFB_RUN APP SCRIPT OUT_DIR\n";
        return 2;
    }
    const std::string xvfb = argv[1], app = argv[2], scriptIn = argv[3], out = argv[4];
    try {
        const auto work = servertest::workDir("gui-window");
        const auto campaigns = work + "/campaigns";
        fs::create_directories(campaigns);
        fs::create_directories(out);
        writeText(work + "/host.pass", "host-passphrase\n");
        writeText(work + "/british.pass", "british-passphrase\n");
        writeText(work + "/wrong.pass", "not-the-passphrase\n");
        ServerProcess server(campaigns, work + "/host.pass");
        {
            auto host = connection(server.port());
            host.loginHost("host-passphrase");
            host.createCampaign("gui", "southern-1780", 1780,
                                {{"british", "british-passphrase"}, {"american", "american-passphrase"}});
        }
        // The same campaign again, for the same decisions through etatmajor-cli.
        {
            auto host = connection(server.port());
            host.loginHost("host-passphrase");
            host.createCampaign("cli", "southern-1780", 1780,
                                {{"british", "british-passphrase"}, {"american", "american-passphrase"}});
        }
        // The Americans are done with each weekly stop as soon as it waits for them, from their own client; the British
        // word is the window's (or etatmajor-cli's). `until` says when to stop waiting; false when it never came.
        auto american = connection(server.port()), americanCli = connection(server.port());
        american.login("gui", "american", "american-passphrase");
        americanCli.login("cli", "american", "american-passphrase");
        auto americansDone = [](client::Connection& side, bool answer) {
            const auto mine = side.calendar();
            if (mine.waitingFor == "error") throw std::runtime_error("the server's turn stopped on an error");
            if (answer && mine.waitingFor == "weekly-stop" && mine.stop && mine.stop->awaited && !mine.stop->done)
                side.weekDone(mine.moment());
            return mine;
        };
        auto waitFor = [&](client::Connection& side, const std::function<bool(const client::CampaignEntry&)>& there,
                           bool answer = true) {
            for (int i = 0; i < 1200; ++i) {
                if (there(americansDone(side, answer))) return true;
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            }
            return false;
        };
        auto atStop = [](const char* phase) {
            return
                [phase](const client::CampaignEntry& c) { return c.waitingFor == "weekly-stop" && c.stop && c.stop->phase == phase; };
        };
        // The window's campaign: the Americans wait at the first stop until the window has said its word and taken it back.
        if (!waitFor(american, atStop("W4"), false)) throw std::runtime_error("the server never came to the stop before W4");
        const std::vector<std::string> common{app, "--size", "1280x800", "--campaign", "gui", "--side", "british"};
        auto with = [&](std::vector<std::string> args, const std::vector<std::string>& more) {
            args.insert(args.end(), more.begin(), more.end());
            return args;
        };
        writeText(work + "/nothing.script", "echo nothing to do\n");

        // A wrong passphrase: nothing is shown, and the person is told so.
        {
            auto gui = startGui(xvfb,
                                with(common, {"--connect", server.url(), "--password-file", work + "/wrong.pass", "--test-script",
                                              work + "/nothing.script"}),
                                work + "/wrong.log");
            const int status = waitGui(gui, 120);
            const auto log = readText(gui.log);
            check(status == 1, "a wrong passphrase ends the scripted window with status 1", log);
            check(log.find("Wrong passphrase") != std::string::npos, "a wrong passphrase is said as such", log);
        }
        // No server at the address (a port nothing listens on).
        {
            const int closed = server.port() == 1 ? 2 : 1;
            auto gui = startGui(xvfb,
                                with(common, {"--connect", "http://127.0.0.1:" + std::to_string(closed), "--password-file",
                                              work + "/british.pass", "--test-script", work + "/nothing.script"}),
                                work + "/unreachable.log");
            const int status = waitGui(gui, 120);
            const auto log = readText(gui.log);
            check(status == 1, "an unreachable server ends the scripted window with status 1", log);
            check(log.find("Cannot reach the server at http://127.0.0.1:") != std::string::npos,
                  "an unreachable server is said as such", log);
        }

        // The game: the window as the British; the Americans from their own client once the British have given theirs.
        std::string script = readText(scriptIn);
        for (std::size_t at; (at = script.find("@OUT@")) != std::string::npos;) script.replace(at, 5, out);
        writeText(work + "/server_window.script", script);
        auto gui = startGui(xvfb,
                            with(common, {"--connect", server.url(), "--password-file", work + "/british.pass", "--test-script",
                                          work + "/server_window.script"}),
                            work + "/window.log");
        bool americansGave = false;
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(240);
        int status = -1;
        while (std::chrono::steady_clock::now() < until) {
            int st = 0;
            if (waitpid(gui.pid, &st, WNOHANG) == gui.pid) {
                status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
                gui.pid = -1;
                break;
            }
            // The Americans' word at the weekly stops, and their orders once the window has given the British orders.
            if (!americansGave && readText(gui.log).find("etatmajor: the Americans may go on") != std::string::npos)
                americansDone(american, true);
            if (!americansGave && readText(gui.log).find("etatmajor: the British orders are given") != std::string::npos) {
                american.submitOrders(american.view("orders/template", false), "american.xml");
                americansGave = true;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
        if (gui.pid > 0) status = waitGui(gui, 1);
        const auto log = readText(gui.log);
        std::cout << log;
        check(americansGave && server.log().find("british gave their orders") != std::string::npos,
              "the window gave the British orders to the server", server.log());
        check(status == 0, "the server window's script passed", log);

        // The server's side of it: the day ran with the orders the window gave.
        auto british = connection(server.port());
        british.login("gui", "british", "british-passphrase");
        const auto calendar = british.calendar();
        check(calendar.week == 1 && calendar.day == 2, "the server is at week 1 day 2");
        {
            // The decoy the window put down with the day's orders stands where it was placed.
            SQLite::Database d(campaigns + "/gui.db", SQLite::OPEN_READONLY);
            SQLite::Statement q(d, "SELECT designated, placed_day FROM decoy WHERE id = 'b-decoy-1' AND side_id = 'british'");
            const bool placed = q.executeStep();
            check(placed && q.getColumn(0).getString() == "cavalry" && q.getColumn(1).getInt() == 1,
                  "the decoy the window put down is on the server's map");
        }
        // The same decisions through etatmajor-cli on the other campaign: Camden's income split and the initiative handed
        // over at the stop before W4 (what the server refused is not given), the new ME raised and the light infantry
        // split off and dissolved back at the stop before W5, the British done at both.
        const std::string remote = "--server " + server.url() + " --campaign cli --side british --password-file " + work +
                                   "/british.pass";
        std::string said;
        check(waitFor(americanCli, atStop("W4")), "the other campaign stands at the stop before W4");
        check(runCli("supply allocate " + remote + " --source camden --share b-webster=60 --share b-rawdon=40", work + "/cli1.log",
                     said) == 0,
              "etatmajor-cli split Camden's income", said);
        check(runCli("initiative " + remote + " --decline", work + "/cli-decline.log", said) == 0,
              "etatmajor-cli handed the initiative over", said);
        check(runCli("week done " + remote, work + "/cli2.log", said) == 0, "etatmajor-cli said the British are done", said);
        check(waitFor(americanCli, atStop("W5")), "the other campaign went on to the stop before W5");
        check(runCli("grant buy " + remote + " --file " + std::string(ETATMAJOR_SOURCE_DIR) + "/tests/gui/data/week-purchase.xml",
                     work + "/cli-buy.log", said) == 0,
              "etatmajor-cli raised the new ME", said);
        check(runCli("me split " + remote + " --from b-webster --new b-light --label \"Light Infantry\" --member light-infantry-bn",
                     work + "/cli-split.log", said) == 0,
              "etatmajor-cli split the light infantry off", said);
        check(runCli("me dissolve " + remote + " --me b-light --into b-webster", work + "/cli-dissolve.log", said) == 0,
              "etatmajor-cli dissolved it back", said);
        check(runCli("week done " + remote, work + "/cli3.log", said) == 0, "etatmajor-cli said the British are done again", said);
        check(waitFor(americanCli, [](const client::CampaignEntry& c) { return c.waitingFor == "orders"; }),
              "the other campaign waits for the first day's orders");
        const auto fromCli = commandLog(campaigns + "/cli.db");
        const auto fromWindow = commandLog(campaigns + "/gui.db");
        bool allocated = false;
        for (const auto& line : fromCli) allocated = allocated || line.rfind("supply.allocate ", 0) == 0;
        std::string both = "etatmajor-cli:\n";
        for (const auto& line : fromCli) both += "  " + line + "\n";
        both += "window:\n";
        for (const auto& line : fromWindow) both += "  " + line + "\n";
        check(allocated && fromWindow.size() > fromCli.size() && std::equal(fromCli.begin(), fromCli.end(), fromWindow.begin()),
              "the window's campaign logged the same " + std::to_string(fromCli.size()) +
                  " commands as etatmajor-cli's up to the first day's orders",
              both);

        // Secrecy: the Week dialog, filled from the British answers, names nothing of the other side.
        {
            const std::string dump = readText(out + "/server-week.txt");
            SQLite::Database d(campaigns + "/gui.db", SQLite::OPEN_READONLY);
            SQLite::Statement q(d, "SELECT id FROM me WHERE side_id <> 'british' UNION SELECT id FROM unit WHERE side_id <> 'british' "
                                   "UNION SELECT name FROM unit WHERE side_id <> 'british' UNION SELECT id FROM general WHERE side_id "
                                   "<> 'british' UNION SELECT name FROM general WHERE side_id <> 'british'");
            int words = 0;
            std::string named;
            while (q.executeStep()) {
                const std::string word = q.getColumn(0).getString();
                if (word.empty()) continue;
                ++words;
                if (dump.find(word) != std::string::npos) named += " '" + word + "'";
            }
            check(dump.find("camden") != std::string::npos && words > 0 && named.empty(),
                  "the Week dialog names none of " + std::to_string(words) + " words of the American side", named + "\n" + dump);
        }
        for (const auto* png : {"server-connect.png", "server-order.png", "server-day-result.png", "server-week.png"})
            check(fs::exists(fs::path(out) / png) && fs::file_size(fs::path(out) / png) > 10000, std::string("wrote ") + png);
    } catch (const std::exception& e) {
        std::cout << "FAILED: " << e.what() << "\n";
        return 1;
    }
    return failures == 0 ? 0 : 1;
}
