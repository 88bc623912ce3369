// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.hpp"

#include <termios.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

namespace etatmajor::cli {

namespace {

core::IssueList fileProblem(const std::string& file, const std::string& message) {
    core::IssueList issues;
    issues.error("AUTH-FILE", message);
    issues.setFile(file);
    return issues;
}

}  // namespace

// Typed at the terminal with echo off; the terminal is put back as it was whatever is typed.
std::optional<std::string> promptHidden(const std::string& prompt) {
    if (!isatty(STDIN_FILENO)) return std::nullopt;
    termios before{};
    if (tcgetattr(STDIN_FILENO, &before) != 0) return std::nullopt;
    termios quiet = before;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    std::cerr << prompt << std::flush;
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    std::string line;
    const bool got = static_cast<bool>(std::getline(std::cin, line));
    tcsetattr(STDIN_FILENO, TCSANOW, &before);
    std::cerr << "\n";
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!got || line.empty()) return std::nullopt;
    return line;
}

void printIssues(const core::IssueList& issues) {
    for (const auto& i : issues.items()) std::cerr << i.format() << "\n";
}

int withStore(const std::string& path, bool readOnly, const std::function<int(db::CampaignStore&)>& f,
              db::CampaignStore::OpenCheck how) {
    try {
        auto store = db::CampaignStore::open(path, readOnly, how);
        return f(store);
    } catch (const db::StoreError& e) {
        std::cerr << path << ": error " << e.code() << ": " << e.what() << "\n";
        return kBadInput;
    } catch (const std::exception& e) {
        // The database failing under the command (busy past the timeout, damaged, read-only, disk full) in the
        // campaign's own words; anything else goes on to main.
        const auto mine = db::storeErrorOf(e, path);
        if (!mine) throw;
        std::cerr << path << ": error " << mine->code() << ": " << mine->what() << "\n";
        return kBadInput;
    }
}

void addPasswordFile(CLI::App* command, std::string& file) {
    command->add_option("--password-file", file,
                        std::string("File whose first line is the passphrase of the side acting, or of the host "
                                    "(else $") +
                            kPassphraseVariable + ", else a prompt on a terminal)");
}

std::optional<std::string> readPassphraseFile(const std::string& file, core::IssueList& problems) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        problems.append(fileProblem(file, "cannot read the passphrase file"));
        return std::nullopt;
    }
    std::string line;
    std::getline(in, line);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) {
        problems.append(fileProblem(file, "the first line of the passphrase file is empty"));
        return std::nullopt;
    }
    return line;
}

std::optional<std::string> obtainPassphrase(const std::string& file, const std::string& whom, core::IssueList& problems) {
    if (!file.empty()) return readPassphraseFile(file, problems);
    if (const char* env = std::getenv(kPassphraseVariable); env != nullptr && *env != '\0') return std::string(env);
    return promptHidden("Passphrase of " + whom + ": ");
}

int withActor(const std::string& path, const auth::Actor& actor, const std::string& passwordFile, bool readOnly,
              const std::function<int(db::CampaignStore&)>& f, db::CampaignStore::OpenCheck how) {
    return withStore(
        path, readOnly,
        [&](db::CampaignStore& store) {
            core::IssueList issues;
            if (auth::hasPassphrase(store, actor.name())) {
                const auto passphrase = obtainPassphrase(passwordFile, actor.host() ? "the host" : "side '" + actor.side + "'",
                                                         issues);
                if (issues.hasErrors()) {
                    printIssues(issues);
                    return kBadInput;
                }
                std::optional<db::CampaignStore> writable;
                if (readOnly) {
                    // A wrong guess is counted in the campaign, so the check wants a connection that may write; the
                    // command itself keeps its read-only one. A file that cannot be written is checked all the same.
                    try {
                        writable.emplace(db::CampaignStore::open(path, false, how));
                    } catch (const db::StoreError&) {
                    }
                }
                issues = auth::authorise(writable ? *writable : store, actor, passphrase);
            } else {
                issues = auth::authorise(store, actor, std::nullopt);  // open, closed to the host, or an unknown side
            }
            if (issues.hasErrors()) {
                issues.setFile(path);
                printIssues(issues);
                return kBadInput;
            }
            return f(store);
        },
        how);
}

void addRemote(CLI::App* command, RemoteArgs& remote, CLI::Option* db) {
    auto* server = command->add_option("--server", remote.server,
                                       "A campaign server, https://HOST:PORT, instead of --db (docs/server.md)");
    command->add_option("--campaign", remote.campaign, "With --server: the campaign (default: the server's only one)");
    command->add_option("--pin", remote.pin, "With --server: the SHA-256 fingerprint of the server's certificate");
    command->add_option("--ca-file", remote.caFile, "With --server: CA certificates that signed the server's certificate");
    if (db != nullptr) {
        db->excludes(server);
        db->description(db->get_description() + " (or --server)");
    }
}

bool needDbOrServer(const std::string& db, const RemoteArgs& remote) {
    if (db.empty() == remote.server.empty()) {
        std::cerr << "error: give --db FILE or --server URL\n";
        return false;
    }
    return true;
}

int withServer(const RemoteArgs& remote, const std::string& side, const std::string& passwordFile,
               const std::function<int(client::Connection&)>& f) {
    std::string problem;
    const auto address = client::parseServerUrl(remote.server, problem);
    if (!address) {
        std::cerr << "error CLIENT-URL: " << problem << "\n";
        return kUsage;
    }
    if (!remote.pin.empty() && !client::normalisePin(remote.pin)) {
        std::cerr << "error CLIENT-PIN: --pin must be the certificate's SHA-256 fingerprint (64 hex digits)\n";
        return kUsage;
    }
    try {
        client::Connection connection(*address, client::Trust{remote.pin, remote.caFile});
        std::string campaign = remote.campaign;
        if (campaign.empty()) {
            const auto all = connection.campaigns();
            if (all.size() != 1) {
                std::cerr << "error CLIENT-CAMPAIGN: the server hosts " << all.size() << " campaigns; name one with --campaign ID\n";
                return kBadInput;
            }
            campaign = all.front().id;
        }
        core::IssueList issues;
        const auto passphrase = obtainPassphrase(passwordFile, "side '" + side + "'", issues);
        if (issues.hasErrors()) {
            printIssues(issues);
            return kBadInput;
        }
        if (!passphrase) {
            std::cerr << "error AUTH-REQUIRED: side '" << side << "' must give its passphrase to the server (--password-file FILE, "
                      << kPassphraseVariable << ", or at the prompt)\n";
            return kBadInput;
        }
        connection.login(campaign, side, *passphrase);
        const int code = f(connection);
        connection.logout();
        return code;
    } catch (const client::ClientError& e) {
        if (!e.issues().empty()) printIssues(e.issues());
        else std::cerr << "error " << e.code() << ": " << e.what() << "\n";
        return kBadInput;
    }
}

int remoteView(const RemoteArgs& remote, const std::string& side, const std::string& passwordFile, const std::string& what, bool json,
               int week, int day) {
    if (side.empty()) {
        std::cerr << "error: with --server, give --side: the server shows a side its own view\n";
        return kUsage;
    }
    return withServer(remote, side, passwordFile, [&](client::Connection& c) {
        std::cout << c.view(what, json, week, day);
        return kOk;
    });
}

int printAction(const client::ActionResult& result) {
    printIssues(result.issues);
    if (!result.message.empty()) std::cout << result.message << (result.message.back() == '\n' ? "" : "\n");
    return kOk;
}

int remoteAction(const RemoteArgs& remote, const std::string& side, const std::string& passwordFile,
                 const std::function<client::ActionResult(client::Connection&, const client::Moment&)>& act) {
    if (side.empty()) {
        std::cerr << "error: with --server, give --side: a side acts only for itself\n";
        return kUsage;
    }
    return withServer(remote, side, passwordFile, [&](client::Connection& c) {
        const auto result = act(c, c.calendar().moment());
        printIssues(result.issues);
        for (const auto& l : result.lines) std::cout << l << "\n";
        if (result.grantLeft) std::cout << *result.grantLeft << " SP of this week's grant left\n";
        return kOk;
    });
}

int Registry::run() const {
    for (const auto& [command, run] : m_entries)
        if (command->parsed()) return run();
    return kUsage;
}

}  // namespace etatmajor::cli
