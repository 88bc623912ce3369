// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-server end to end (docs/server.md), the host's part: tabletop results, the day's deadline, pausing and
// forcing phases, and the sessions (kept across a restart as hashes of their tokens, ended at logout, when idle, and
// when a passphrase changes).
#include "server_common.hpp"

#include "../audit/campaign_player.hpp"

#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/client/client.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_checksum.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

namespace fs = std::filesystem;
using namespace etatmajor;
using namespace etatmajor::servertest;
using nlohmann::json;

TEST_CASE("server: a tabletop result is entered when both sides give the same one, and the turn goes on", "[server]") {
    const auto work = workDir("tabletop");
    const auto campaigns = work + "/campaigns";
    fs::create_directories(campaigns);
    const auto pass = writePassfiles(work);
    // A campaign fought on the table (battle_resolution = tabletop), at the orders phase of a day that brings a
    // battle, both sides' orders given; every side with its passphrase.
    const std::string db = campaigns + "/table.db";
    {
        audit::CampaignPlayer player(scenario(), work + "/play.db", 3, false);
        player.giveOrders();
        player.finishDay();
        player.giveOrders();
        SQLite::Database raw(player.dbPath(), SQLite::OPEN_READONLY);
        raw.exec("VACUUM INTO '" + db + "'");
    }
    {
        auto store = db::CampaignStore::open(db);
        for (const auto& [side, p] : kSidePass) auth::setPassphrase(store, side, p);
        auth::setPassphrase(store, auth::kHost, kHostPass);
    }
    {
        SQLite::Database raw(db, SQLite::OPEN_READWRITE);
        raw.exec("INSERT OR REPLACE INTO campaign_option (key, value) VALUES ('battle_resolution', 'tabletop')");
        // The day's contact comes at dusk; it is fought at once, not put off to the next morning.
        raw.exec("INSERT OR REPLACE INTO campaign_option (key, value) VALUES ('dusk_contact', 'fight_at_dusk')");
    }
    {
        auto store = db::CampaignStore::open(db, false, db::CampaignStore::OpenCheck::SkipChecksum);
        db::acceptState(store);  // the change above, accepted by the host
    }
    ServerProcess server(campaigns, pass.host);
    auto host = hostConnection(server.port());
    host.loginHost(kHostPass);
    client::CampaignEntry entry;
    REQUIRE(host.campaigns().size() == 1);
    for (int i = 0; i < 600; ++i) {
        entry = host.campaigns().front();
        if (entry.waitingFor == "battle-results") break;
        REQUIRE(entry.waitingFor != "error");
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    REQUIRE(entry.waitingFor == "battle-results");
    REQUIRE(entry.phase == "D9");
    int battle = 0;
    {
        SQLite::Database raw(db, SQLite::OPEN_READONLY);
        battle = raw.execAndGet("SELECT MIN(id) FROM battle WHERE status = 'tabletop'").getInt();
    }
    REQUIRE(battle > 0);
    {
        // The odds through the server on the side's own knowledge, and on what it assumes of a counter no report
        // describes (battle odds --assume): read and checked by the server as the command reads them on a database.
        auto odds = [&](const std::vector<std::string>& assume) {
            std::vector<std::string> a{"battle",
                                       "odds",
                                       "--server",
                                       server.url(),
                                       "--side",
                                       "british",
                                       "--password-file",
                                       pass.sides.at("british"),
                                       "--id",
                                       std::to_string(battle),
                                       "--runs",
                                       "20"};
            for (const auto& x : assume) {
                a.push_back("--assume");
                a.push_back(x);
            }
            return cli(a);
        };
        auto r = odds({"Nobody=militia battalions:1"});
        INFO(r.output);
        CHECK(r.exitCode == 1);
        CHECK(r.output.find("ODDS-ASSUME") != std::string::npos);
        CHECK(r.output.find("the battle has no enemy counter 'Nobody'") != std::string::npos);
        r = odds({"Nobody=militia battalions:many"});  // malformed: refused before the server is asked
        CHECK(r.exitCode == 2);
        CHECK(r.output.find("error ODDS-ASSUME: --assume 'Nobody=militia battalions:many'") != std::string::npos);
        r = odds({});
        const auto from = r.output.find("the enemy counters ");
        const auto to = r.output.find(" but no report");
        if (r.exitCode == 1) {
            // No report describes the enemy: the odds name the counters to assume, and are computed once assumed.
            REQUIRE(from != std::string::npos);
            REQUIRE(to != std::string::npos);
            std::string counters = r.output.substr(from + 19, to - from - 19);
            std::vector<std::string> assume, names;
            for (std::size_t at = 0; at <= counters.size();) {
                const auto comma = std::min(counters.find(", ", at), counters.size());
                names.push_back(counters.substr(at, comma - at));
                assume.push_back(names.back() + "=line infantry battalions:3,artillery batteries:1");
                at = comma + 2;
            }
            r = odds(assume);
            CHECK(r.exitCode == 0);
            for (const auto& name : names)
                CHECK(r.output.find("on your assumption: " + name + " (3 line infantry battalions, 1 artillery batteries)") !=
                      std::string::npos);
        } else {
            CHECK(r.exitCode == 0);
        }
    }
    const auto british = "<?xml version=\"1.0\"?>\n<battleResult formatVersion=\"1\" battle=\"" + std::to_string(battle) +
                         "\" winner=\"british\"/>\n";
    const auto american = "<?xml version=\"1.0\"?>\n<battleResult formatVersion=\"1\" battle=\"" + std::to_string(battle) +
                          "\" winner=\"american\"/>\n";
    const auto file = work + "/result.xml";
    const auto otherFile = work + "/other.xml";
    writeText(file, british);
    writeText(otherFile, american);
    auto enter = [&](const std::string& side, const std::string& f) {
        return cli({"battle", "enter", "--server", server.url(), "--side", side, "--password-file", pass.sides.at(side), "--id",
                    std::to_string(battle), "--file", f});
    };
    auto r = enter("american", file);
    INFO(r.output);
    CHECK(r.exitCode == 0);
    CHECK(r.output.find("is kept") != std::string::npos);
    CHECK(host.campaigns().front().waitingFor == "battle-results");
    r = enter("british", otherFile);  // the sides disagree: nothing is entered
    CHECK(r.exitCode == 1);
    CHECK(r.output.find("BATTLE-RESULT-DIFFERS") != std::string::npos);
    {
        SQLite::Database raw(db, SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT status FROM battle WHERE id = " + std::to_string(battle)).getString() == "tabletop");
    }
    r = enter("british", file);  // now both gave the same result: it is entered, and the day goes on
    CHECK(r.exitCode == 0);
    CHECK(r.output.find("is entered") != std::string::npos);
    {
        SQLite::Database raw(db, SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT status FROM battle WHERE id = " + std::to_string(battle)).getString() == "resolved");
    }
    for (int i = 0; i < 600; ++i) {
        entry = host.campaigns().front();
        if (entry.waitingFor != "running" && entry.phase != "D9") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    CHECK(entry.phase != "D9");
    CHECK(server.stop() == 0);
}

TEST_CASE("server: the host's deadline makes the side without orders stand fast, and the host may pause and force phases",
          "[server]") {
    const auto work = workDir("deadline");
    const auto campaigns = work + "/campaigns";
    fs::create_directories(campaigns);
    const auto pass = writePassfiles(work);
    ServerProcess server(campaigns, pass.host);
    auto host = hostConnection(server.port());
    host.loginHost(kHostPass);
    host.createCampaign("late", "southern-1780", 4, {{"british", kSidePass.at("british")}, {"american", kSidePass.at("american")}});
    auto american = hostConnection(server.port());
    american.login("late", "american", kSidePass.at("american"));
    const AtStop bothDone = [&](const client::CampaignEntry&) {
        everySideDone([&](const std::string&) { return server.url(); }, pass);
    };
    auto start = waitForOrders(american, 0, 0, bothDone);
    REQUIRE(start.week == 1);
    REQUIRE(start.day == 1);
    REQUIRE(cli({"orders", "stand-fast", "--server", server.url(), "--side", "american", "--password-file", pass.sides.at("american")})
                .exitCode == 0);
    // The British write nothing. A deadline without standFastMissing passes, and the campaign keeps waiting.
    const auto now = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    host.setDeadline("late", now - 1, false);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    auto entry = american.calendar();
    CHECK(entry.day == 1);
    CHECK(entry.waitingFor == "orders");
    // With it, the British stand fast at the deadline and the day runs.
    host.setDeadline("late", now - 1, true);
    entry = waitForOrders(american, 1, 1, bothDone, 120);
    CHECK(entry.day == 2);
    {
        SQLite::Database raw(campaigns + "/late.db", SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT stand_fast FROM orders_submitted WHERE week = 1 AND day = 1 AND side_id = 'british'").getInt() ==
              1);
    }
    CHECK(server.log().find("the deadline of week 1 day 1 has passed") != std::string::npos);
    // The deadline was the day's: on day 2 the campaign waits again.
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    CHECK(american.calendar().day == 2);
    // The host forces a phase while both sides are missing: refused (409); then both stand fast and the host steps D2.
    try {
        host.advance("late", "phase", false);
        FAIL("a phase ran without orders");
    } catch (const client::ClientError& e) {
        CHECK(e.status() == 409);
        CHECK(e.code() == "ORDERS-MISSING");
    }
    // Paused, the campaign does not run by itself even with every order in.
    {
        httplib::Client http("127.0.0.1", server.port());
        auto login = http.Post("/api/v1/login", json{{"host", true}, {"passphrase", kHostPass}}.dump(), "application/json");
        const std::string token = json::parse(login->body)["token"];
        auto r = http.Put("/api/v1/campaigns/late/settings", httplib::Headers{{"Authorization", "Bearer " + token}},
                          json{{"auto", false}}.dump(), "application/json");
        REQUIRE(r->status == 200);
        CHECK(json::parse(r->body)["waitingFor"] == "paused");
    }
    for (const auto& side : {"british", "american"})
        REQUIRE(
            cli({"orders", "stand-fast", "--server", server.url(), "--side", side, "--password-file", pass.sides.at(side)}).exitCode ==
            0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    CHECK(american.calendar().phase == "D2");
    const auto forced = host.advance("late", "phase", false);
    CHECK(forced.message.find("D2") != std::string::npos);
    CHECK(american.calendar().phase == "D3");
    CHECK(server.stop() == 0);
}

TEST_CASE("server: sessions survive a restart, are kept only as hashes of their tokens, and end at logout, when idle "
          "too long, or when their passphrase changes",
          "[server]") {
    const auto work = workDir("sessions");
    const auto campaigns = work + "/campaigns";
    fs::create_directories(campaigns);
    const auto pass = writePassfiles(work);
    const std::string stateFile = campaigns + "/etatmajor-server.sqlite";
    ServerProcess server(campaigns, pass.host);
    {
        auto host = hostConnection(server.port());
        host.loginHost(kHostPass);
        host.createCampaign("kept", "southern-1780", 6,
                            {{"british", kSidePass.at("british")}, {"american", kSidePass.at("american")}});
        host.logout();
    }
    // Each request on a connection to the server's port of the moment (a restart listens on another).
    auto request = [&](const std::string& method, const std::string& path, const std::string& token, const json& body = {}) {
        httplib::Client http("127.0.0.1", server.port());
        httplib::Headers h;
        if (!token.empty()) h.emplace("Authorization", "Bearer " + token);
        auto r = method == "GET" ? http.Get(path.c_str(), h) : http.Post(path.c_str(), h, body.dump(), "application/json");
        REQUIRE(r);
        return std::make_pair(r->status, r->body);
    };
    auto login = [&](const json& body) {
        const auto [status, text] = request("POST", "/api/v1/login", "", body);
        REQUIRE(status == 200);
        return json::parse(text)["token"].get<std::string>();
    };
    auto sideLogin = [&](const std::string& side, const std::string& passphrase) {
        return login({{"campaign", "kept"}, {"side", side}, {"passphrase", passphrase}});
    };
    const std::string american = sideLogin("american", kSidePass.at("american"));
    const std::string british = sideLogin("british", kSidePass.at("british"));
    const std::string host = login({{"host", true}, {"passphrase", kHostPass}});
    const std::string status = "/api/v1/campaigns/kept/sides/american/status";
    CHECK(request("GET", status, american).first == 200);
    CHECK(request("POST", "/api/v1/logout", british).first == 200);

    REQUIRE(server.stop() == 0);
    // The state file holds the two sessions left, each under a hash of its token; no token is written anywhere.
    for (const auto& e : fs::directory_iterator(campaigns)) {
        if (e.path().filename().string().rfind("etatmajor-server.sqlite", 0) != 0) continue;
        std::ifstream in(e.path(), std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), {});
        INFO(e.path().filename().string());
        for (const auto& token : {american, british, host}) CHECK(bytes.find(token) == std::string::npos);
    }
    {
        SQLite::Database raw(stateFile, SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM session").getInt() == 2);
        SQLite::Statement q(raw, "SELECT token_hash FROM session");
        while (q.executeStep()) {
            const std::string hash = q.getColumn(0).getString();
            CHECK(hash.size() == 64);
            CHECK(hash.find_first_not_of("0123456789abcdef") == std::string::npos);
            CHECK(hash != american);
            CHECK(hash != host);
        }
    }

    server.start();
    CHECK(request("GET", status, american).first == 200);
    CHECK(request("GET", "/api/v1/campaigns/kept/status", host).first == 200);
    auto [ended, endedBody] = request("GET", "/api/v1/campaigns/kept/sides/british/status", british);
    CHECK(ended == 401);
    CHECK(json::parse(endedBody)["error"]["code"] == "AUTH-EXPIRED");
    CHECK(server.log().find("session(s) of the last run go on") != std::string::npos);

    // Idle longer than the server allows (120 minutes by default), even across a restart: ended.
    REQUIRE(server.stop() == 0);
    {
        SQLite::Database raw(stateFile, SQLite::OPEN_READWRITE);
        raw.exec("UPDATE session SET last_use = last_use - 3 * 3600 WHERE side = 'american'");
    }
    server.start();
    CHECK(request("GET", status, american).first == 401);
    CHECK(request("GET", "/api/v1/campaigns/kept/status", host).first == 200);

    // A side's new passphrase ends the sessions opened with the old one, at once while the server runs.
    const std::string again = sideLogin("american", kSidePass.at("american"));
    CHECK(request("GET", status, again).first == 200);
    const auto newPass = work + "/american-new.pass";
    writeText(newPass, "a new american passphrase\n");
    const auto changed = cli({"campaign", "password", "--db", campaigns + "/kept.db", "--side", "american", "--new-password-file",
                              newPass, "--password-file", pass.sides.at("american")});
    INFO(changed.output);
    REQUIRE(changed.exitCode == 0);
    auto [gone, goneBody] = request("GET", status, again);
    CHECK(gone == 401);
    CHECK(json::parse(goneBody)["error"]["message"].get<std::string>().find("passphrase was changed") != std::string::npos);
    const std::string fresh = sideLogin("american", "a new american passphrase");
    CHECK(request("GET", status, fresh).first == 200);

    // The host's new passphrase (a restart with another one) ends the host's sessions, not the sides'.
    REQUIRE(server.stop() == 0);
    writeText(pass.host, "another host passphrase\n");
    server.start();
    CHECK(request("GET", "/api/v1/campaigns/kept/status", host).first == 401);
    CHECK(request("GET", status, fresh).first == 200);
    CHECK(server.stop() == 0);
}
