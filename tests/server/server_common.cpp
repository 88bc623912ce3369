// SPDX-License-Identifier: GPL-3.0-or-later
// The helpers the tests of etatmajor-server share (server_common.hpp).
#include "server_common.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_checksum.hpp"

#include <chrono>
#include <cstdlib>
#include <filesystem>

namespace etatmajor::servertest {

namespace fs = std::filesystem;

const std::string kHostPass = "host passphrase 1780";
const std::map<std::string, std::string> kSidePass{{"british", "british passphrase"}, {"american", "american passphrase"}};

std::string scenario() { return (fs::path(sourceDir()) / "campaigns" / "southern-1780.xml").string(); }

int envCount(const char* name, int fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::atoi(v) : fallback;
}

std::string digestWithoutCredentials(const std::string& dbPath, const std::string& scratch, bool inputs) {
    const std::string copy = scratch + "/digest-" + std::to_string(std::rand()) + ".db";
    fs::remove(copy);
    {
        SQLite::Database db(dbPath, SQLite::OPEN_READONLY);
        db.exec("VACUUM INTO '" + copy + "'");
    }
    {
        SQLite::Database db(copy, SQLite::OPEN_READWRITE);
        db.exec("DELETE FROM credential");
        if (!inputs) db.exec("UPDATE command_log SET args = '{}', result = '{}'");
    }
    const auto store = db::CampaignStore::open(copy, true, db::CampaignStore::OpenCheck::SkipChecksum);
    const auto d = db::stateDigest(store);
    fs::remove(copy);
    return d;
}

int phasesRun(const std::string& dbPath) {
    SQLite::Database db(dbPath, SQLite::OPEN_READONLY);
    return db.execAndGet("SELECT COUNT(*) FROM command_log WHERE name LIKE 'phase.%'").getInt();
}

std::string calendarOf(const std::string& dbPath) {
    SQLite::Database db(dbPath, SQLite::OPEN_READONLY);
    SQLite::Statement q(db, "SELECT current_week, current_day, current_phase, ended FROM campaign WHERE id = 1");
    q.executeStep();
    return std::to_string(q.getColumn(0).getInt()) + "/" + std::to_string(q.getColumn(1).getInt()) + "/" + q.getColumn(2).getString() +
           (q.getColumn(3).getInt() ? "/ended" : "");
}

client::CampaignEntry waitForOrders(client::Connection& c, int week, int day, const AtStop& atStop, int seconds) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    int last = 0;
    std::string stopSeen;
    for (;;) {
        const auto t = c.waitForEvents(last, 5, 0);
        last = t.last;
        if ((t.campaign.waitingFor == "orders" && (t.campaign.week != week || t.campaign.day != day)) ||
            t.campaign.waitingFor == "ended")
            return t.campaign;
        if (t.campaign.waitingFor == "error") FAIL("the server's turn stopped on an error");
        if (t.campaign.waitingFor == "weekly-stop" && t.campaign.stop) {
            const auto key = std::to_string(t.campaign.stop->week) + t.campaign.stop->phase;
            if (key != stopSeen) {
                stopSeen = key;
                atStop(t.campaign);
            }
        }
        if (std::chrono::steady_clock::now() > until) FAIL("the server's campaign never came to wait for orders");
    }
}

Passfiles writePassfiles(const std::string& dir) {
    Passfiles p;
    p.host = dir + "/host.pass";
    writeText(p.host, kHostPass + "\n");
    for (const auto& [side, pass] : kSidePass) {
        p.sides[side] = dir + "/" + side + ".pass";
        writeText(p.sides[side], pass + "\n");
    }
    return p;
}

client::Connection hostConnection(int port) {
    client::ServerAddress a;
    a.tls = false;
    a.host = "127.0.0.1";
    a.port = port;
    return client::Connection(a, {});
}

audit::RunResult cli(const std::vector<std::string>& args) {
    std::vector<std::string> argv{cliProgram()};
    argv.insert(argv.end(), args.begin(), args.end());
    return audit::runCommand(argv);
}

void everySideDone(const std::function<std::string(const std::string&)>& urlOf, const Passfiles& pass) {
    for (const auto& [side, file] : pass.sides) {
        const auto r = cli({"week", "done", "--server", urlOf(side), "--side", side, "--password-file", file});
        INFO(r.output);
        if (r.output.find("WEEK-NOT-AWAITED") != std::string::npos) continue;
        CHECK(r.exitCode == 0);
        CHECK(r.output.find(side + " are done with the weekly stop before ") != std::string::npos);
    }
}

std::vector<audit::Capture> refusedWeeklyActions(const std::string& dbPath, const std::string& side, const std::string& work,
                                                 const std::vector<std::string>& target, int week, int day) {
    std::string me, unit, nationality;
    bool holdsInitiative = false;
    {
        SQLite::Database raw(dbPath, SQLite::OPEN_READONLY);
        SQLite::Statement m(raw, "SELECT id FROM me WHERE side_id = ? AND on_map = 1 AND id IN (SELECT me_id FROM unit) ORDER BY id");
        m.bind(1, side);
        if (!m.executeStep()) return {};
        me = m.getColumn(0).getString();
        SQLite::Statement u(raw, "SELECT id FROM unit WHERE me_id = ? ORDER BY id");
        u.bind(1, me);
        if (u.executeStep()) unit = u.getColumn(0).getString();
        SQLite::Statement n(raw, "SELECT nationality FROM unit WHERE side_id = ? ORDER BY id");
        n.bind(1, side);
        if (n.executeStep()) nationality = n.getColumn(0).getString();
        SQLite::Statement h(raw, "SELECT has_initiative FROM side WHERE id = ?");
        h.bind(1, side);
        holdsInitiative = h.executeStep() && h.getColumn(0).getInt() != 0;
    }
    const std::string purchase = work + "/" + side + "-purchase.xml";
    writeText(purchase, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<purchase formatVersion=\"1\" side=\"" + side +
                            "\">\n  <me id=\"" + side +
                            "-probe-me\" label=\"Probe\" mode=\"march\" supply=\"\">\n"
                            "    <formation id=\"" +
                            side +
                            "-probe-bde\" name=\"Probe Brigade\" kind=\"brigade\">\n"
                            "      <general id=\"" +
                            side + "-probe-general\" name=\"Col. Probe\" nationality=\"" + nationality +
                            "\" "
                            "rank=\"brigade\" rating=\"roll\"/>\n"
                            "      <unit id=\"" +
                            side + "-probe-unit\" name=\"Probe Battalion\" nationality=\"" + nationality +
                            "\" "
                            "type=\"line_infantry\" class=\"2\" stands=\"4\"/>\n"
                            "    </formation>\n  </me>\n</purchase>\n");
    std::vector<std::vector<std::string>> asks{{"me", "split", "--from", me, "--new", side + "-probe", "--member", "no-such-unit"},
                                               {"me", "transfer", "--from", me, "--to", "no-such-me", "--member", unit},
                                               {"me", "dissolve", "--me", "no-such-me", "--into", me},
                                               {"unit", "provisional", "--me", me, "--unit", unit, "--new", side + "-probe-prov"},
                                               {"grant", "replace", "--me", me, "--unit", "no-such-unit"},
                                               {"grant", "buy", "--file", purchase},
                                               {"supply", "allocate", "--source", "no-such-town", "--share", me + "=1"},
                                               {"supply", "spend", "--me", me, "--on", "nothing-at-all"},
                                               {"siege", "answer", "--siege", "999999", "--refuse"}};
    if (!holdsInitiative) asks.push_back({"initiative", "--decline"});
    std::vector<audit::Capture> out;
    for (const auto& ask : asks) {
        std::vector<std::string> argv{cliProgram()};
        std::size_t words = 0;
        while (words < ask.size() && ask[words].rfind("--", 0) != 0) argv.push_back(ask[words++]);
        argv.insert(argv.end(), target.begin(), target.end());
        argv.insert(argv.end(), {"--side", side});
        argv.insert(argv.end(), ask.begin() + static_cast<std::ptrdiff_t>(words), ask.end());
        const auto r = audit::runCommand(argv);
        std::string label;
        for (const auto& a : ask) label += (label.empty() ? "" : " ") + a;
        INFO(label << ": " << r.output);
        CHECK(r.exitCode == 1);
        out.push_back({label + " --side " + side, side, week, day, "end of day", r.exitCode, r.output});
    }
    return out;
}

client::CampaignEntry waitUntil(client::Connection& c, const std::string& waiting, int week, const std::string& phase,
                                std::vector<client::StopEvent>& stops, int seconds) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    int last = 0, lastStop = stops.empty() ? 0 : stops.back().seq;
    for (;;) {
        const auto t = c.waitForEvents(last, 5, lastStop);
        last = t.last;
        lastStop = t.lastStop;
        stops.insert(stops.end(), t.stops.begin(), t.stops.end());
        if (t.campaign.waitingFor == waiting && t.campaign.week == week && t.campaign.phase == phase) return t.campaign;
        if (t.campaign.waitingFor == "error" || t.campaign.waitingFor == "ended")
            FAIL("the campaign stopped: " << t.campaign.waitingFor);
        if (std::chrono::steady_clock::now() > until) FAIL("the campaign never came to wait for " << waiting << " before " << phase);
    }
}

std::string stopEvents(const std::vector<client::StopEvent>& stops) {
    std::string out;
    for (const auto& e : stops)
        out += (out.empty() ? "" : ", ") + e.kind + " " + std::to_string(e.week) + e.phase + (e.why.empty() ? "" : " (" + e.why + ")");
    return out;
}

std::int64_t unixNow() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace etatmajor::servertest
