// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-server end to end (docs/server.md), a side's week: the weekly commands through the command-line client,
// and the weekly stops of a self-running server (each side's word, their deadlines, a restart at a stop, a campaign
// created again under an old id).
#include "server_common.hpp"

#include "../audit/audit.hpp"
#include "../audit/campaign_player.hpp"
#include "../audit/capture.hpp"
#include "../audit/knowledge.hpp"

#include "etatmajor/client/client.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/io/orders_xml.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <thread>

namespace fs = std::filesystem;
using namespace etatmajor;
using namespace etatmajor::servertest;
using nlohmann::json;

TEST_CASE("server: a side's week through the command-line client: initiative, reorganisations, grant and supply give "
          "the same output and the same campaign as the same commands on the database, and nothing British the "
          "Americans may not know reaches their client",
          "[server]") {
    const auto work = workDir("weekly");
    const auto campaigns = work + "/campaigns";
    fs::create_directories(campaigns);
    const auto pass = writePassfiles(work);
    // The campaign, with every passphrase, and a few losses for the grant and a provisional unit to mend: a British
    // light gun lost, two North Carolina militia battalions at half strength. The server's copy and the local one
    // start from the same file.
    const std::string tmpl = work + "/template.db";
    {
        const auto created = cli({"campaign", "new", "--scenario", scenario(), "--db", tmpl, "--seed", "7", "--host-password-file",
                                  pass.host, "--side-password-file", "british=" + pass.sides.at("british"), "--side-password-file",
                                  "american=" + pass.sides.at("american")});
        INFO(created.output);
        REQUIRE(created.exitCode == 0);
        {
            SQLite::Database raw(tmpl, SQLite::OPEN_READWRITE);
            raw.exec("UPDATE unit_gun SET stands_current = 0 WHERE unit_id = 'royal-artillery' AND calibre = 'light'");
            raw.exec("UPDATE unit SET figures_current = figures_original / 2, stands_current = stands_original / 2 "
                     "WHERE id IN ('nc-militia-1', 'nc-militia-2')");
        }
        auto store = db::CampaignStore::open(tmpl, false, db::CampaignStore::OpenCheck::SkipChecksum);
        db::acceptState(store);  // the losses, accepted by the host
    }
    const std::string serverDb = campaigns + "/weekly.db";
    const std::string localDb = work + "/local.db";
    fs::copy_file(tmpl, serverDb);
    fs::copy_file(tmpl, localDb);

    ServerProcess server(campaigns, pass.host);
    RecordingProxy proxy(server.port());  // the American client's line
    auto host = hostConnection(server.port());
    host.loginHost(kHostPass);
    // The server runs the week's first phases by itself, and waits at the stop before W4; the host then pauses the
    // campaign and steps it, as `advance` does locally.
    for (int i = 0;; ++i) {
        REQUIRE(i < 600);
        const auto entry = host.campaigns().at(0);
        REQUIRE(entry.waitingFor != "error");
        if (entry.waitingFor == "weekly-stop") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    {
        httplib::Client http("127.0.0.1", server.port());
        auto login = http.Post("/api/v1/login", json{{"host", true}, {"passphrase", kHostPass}}.dump(), "application/json");
        const std::string token = json::parse(login->body)["token"];
        auto r = http.Put("/api/v1/campaigns/weekly/settings", httplib::Headers{{"Authorization", "Bearer " + token}},
                          json{{"auto", false}}.dump(), "application/json");
        REQUIRE(r->status == 200);
    }
    auto hostLocal = [&](std::vector<std::string> args) {
        args.insert(args.end(), {"--db", localDb, "--password-file", pass.host});
        const auto r = cli(args);
        INFO(r.output);
        REQUIRE(r.exitCode == 0);
    };
    for (int i = 0; i < 3; ++i) hostLocal({"advance", "--phase"});  // W1 to W3
    REQUIRE(calendarOf(serverDb) == "1/1/W4");
    for (int i = 0; i < 3; ++i) {  // the host steps past the stops: W4, W5 and D1
        host.advance("weekly", "phase", false);
        hostLocal({"advance", "--phase"});
    }
    REQUIRE(calendarOf(serverDb) == calendarOf(localDb));
    REQUIRE(calendarOf(serverDb) == "1/1/D2");

    // The same command through the server (the Americans through the recording proxy) and on the local database: the
    // same exit status and the same text.
    int actions = 0;
    auto both = [&](const std::string& side, std::vector<std::string> words, const std::vector<std::string>& options, int expected) {
        auto remote = words, local = words;
        remote.insert(remote.end(), {"--server", side == "american" ? proxy.url() : server.url(), "--side", side, "--password-file",
                                     pass.sides.at(side)});
        local.insert(local.end(), {"--db", localDb, "--side", side, "--password-file", pass.sides.at(side)});
        remote.insert(remote.end(), options.begin(), options.end());
        local.insert(local.end(), options.begin(), options.end());
        const auto r = cli(remote), l = cli(local);
        INFO(words.front() << " " << (words.size() > 1 ? words[1] : "") << " as " << side << "\nthrough the server:\n"
                           << r.output << "on the database:\n"
                           << l.output);
        CHECK(r.exitCode == expected);
        CHECK(l.exitCode == expected);
        CHECK(r.output == l.output);
        CHECK_FALSE(r.output.empty());
        ++actions;
        return r.output;
    };
    // Before the first day's orders: the initiative, the reorganisations (§10), the grant's replacements (§9.7).
    both("british", {"initiative"}, {"--decline"}, 0);
    both("american", {"initiative"}, {"--decline"}, 1);  // handed over once a week (§7.1)
    both("american", {"me", "split"},
         {"--from", "a-stevens", "--new", "a-porterfield", "--label", "Porterfield's Light Infantry", "--member", "porterfield"}, 0);
    both("american", {"me", "transfer"}, {"--from", "a-armand", "--to", "a-maryland", "--member", "armand-infantry"}, 0);
    both("american", {"me", "dissolve"}, {"--me", "a-armand", "--into", "a-caswell"}, 0);
    both("american", {"unit", "provisional"},
         {"--me", "a-caswell", "--unit", "nc-militia-1", "--unit", "nc-militia-2", "--new", "nc-provisional", "--name",
          "NC Provisional Battalion"},
         0);
    const auto replaced = both("british", {"grant", "replace"}, {"--me", "b-webster", "--unit", "royal-artillery"}, 0);
    CHECK(replaced.find("190 SP of this week's grant left") != std::string::npos);
    both("american", {"grant", "replace"}, {"--me", "a-maryland", "--unit", "va-artillery-1"}, 1);  // nothing lost
    // An ME it does not have. (The other side's ME gets the same words; the refusals test checks that over HTTP, since
    // an enemy id the client typed itself would be read by the audit below as one the server told it.)
    both("american", {"me", "split"}, {"--from", "a-nowhere", "--new", "a-spies", "--member", "porterfield"}, 1);
    both("american", {"siege", "answer"}, {"--siege", "1", "--refuse"}, 1);
    both("american", {"supply", "allocate"}, {"--source", "cheraw", "--share", "a-maryland=25"}, 1);  // after W3 only
    REQUIRE(digestWithoutCredentials(serverDb, work) == digestWithoutCredentials(localDb, work));

    // The week stood fast, then the next week's W1 to W3: between the supply phase and the replacements the Americans
    // split Cheraw Hill's income (G-86) and ask for works (§9.1); at W5 the British raise new MEs with the grant.
    host.advance("weekly", "week", true);
    hostLocal({"advance", "--week", "--stand-fast-missing"});
    for (int i = 0; i < 3; ++i) {
        host.advance("weekly", "phase", false);
        hostLocal({"advance", "--phase"});
    }
    REQUIRE(calendarOf(serverDb) == "2/1/W4");
    REQUIRE(calendarOf(localDb) == "2/1/W4");
    const auto split = both("american", {"supply", "allocate"},
                            {"--source", "cheraw", "--share", "a-maryland=25", "--share", "a-caswell=10"}, 0);
    CHECK(split.find("a-maryland gets 25 SP of cheraw") != std::string::npos);
    both("american", {"supply", "spend"}, {"--me", "a-maryland", "--on", "works"}, 1);  // no engineer
    both("american", {"supply", "spend"}, {"--me", "a-maryland", "--on", "bridge", "--at", "nowhere"}, 1);
    host.advance("weekly", "phase", false);
    hostLocal({"advance", "--phase"});
    REQUIRE(calendarOf(serverDb) == "2/1/W5");
    const auto purchases = (fs::path(sourceDir()) / "tests" / "data" / "purchases").string();
    const auto raised = both("british", {"grant", "buy"}, {"--file", purchases + "/loyalists.xml"}, 0);
    CHECK(raised.find("raised for") != std::string::npos);
    CHECK(raised.find("SP of this week's grant left") != std::string::npos);
    both("british", {"grant", "buy"}, {"--file", purchases + "/guards.xml"}, 1);  // over the army list's cap
    host.advance("weekly", "phase", false);
    hostLocal({"advance", "--phase"});

    // Every command was logged once on each side of the comparison, and the two campaigns are the same.
    {
        SQLite::Database raw(serverDb, SQLite::OPEN_READONLY);
        for (const auto* name :
             {"initiative.decline", "me.split", "me.transfer", "unit.provisional", "grant.replace", "supply.allocate", "grant.buy"}) {
            INFO(name);
            CHECK(raw.execAndGet(std::string("SELECT COUNT(*) FROM command_log WHERE name = '") + name + "'").getInt() >= 1);
        }
    }
    const auto american = proxy.take();
    REQUIRE(server.stop() == 0);
    CHECK(digestWithoutCredentials(serverDb, work) == digestWithoutCredentials(localDb, work));

    // Every byte the server sent the Americans' client, their actions' answers and refusals included, checked against
    // what they may know.
    audit::AuditReport report;
    audit::Memory memory;
    audit::checkMoment(serverDb, "american", memory, {{"every byte the server sent", "american", 2, 1, "weekly actions", 0, american}},
                       report);
    std::cout << "server weekly: " << actions << " commands through the server and on the database, " << american.size()
              << " bytes to the American client, " << report.itemsChecked << " item checks, " << report.violations.size()
              << " violations\n";
    CHECK(report.itemsChecked > 0);
    if (!report.violations.empty()) FAIL(audit::formatLeaks(audit::distinctLeaks(report.violations)));
    // The audit can fail: the answers the British were given, handed to the Americans, are caught.
    audit::AuditReport control;
    audit::checkMoment(serverDb, "american", memory, {{"the British answers", "american", 2, 1, "control", 0, replaced + raised}},
                       control);
    CHECK_FALSE(control.violations.empty());
}

TEST_CASE("server: a whole week on a self-running server: the Americans split and spend supply at the stop before W4 "
          "and the British raise an ME at the stop before W5 through the command-line client, the same campaign as the "
          "same commands given locally, and nothing British the Americans may not know reaches their client",
          "[server]") {
    const auto work = workDir("weekstop");
    const auto campaigns = work + "/campaigns";
    fs::create_directories(campaigns);
    const auto pass = writePassfiles(work);
    // The reference is played locally by the audit's player; the server's campaign is a copy of it taken before the
    // first phase. In this campaign file Delaware's Continentals serve as engineers, so that a-maryland may buy works
    // (§9.1, §10.3). The passphrases are set on the reference with the command-line program before the copy.
    std::string scenarioText;
    {
        std::ifstream in(scenario(), std::ios::binary);
        scenarioText.assign(std::istreambuf_iterator<char>(in), {});
    }
    const auto replace = [&](const std::string& from, const std::string& to) {
        const auto at = scenarioText.find(from);
        REQUIRE(at != std::string::npos);
        scenarioText.replace(at, from.size(), to);
    };
    replace("map=\"../maps/carolinas-1780.xml\"", "map=\"" + (fs::path(sourceDir()) / "maps" / "carolinas-1780.xml").string() + "\"");
    replace("<unit id=\"delaware-1\" name=\"1st Delaware Regt.\" nationality=\"american\" type=\"line_infantry\"",
            "<unit id=\"delaware-1\" name=\"1st Delaware Regt.\" nationality=\"american\" type=\"engineers\"");
    const std::string engineers = work + "/southern-1780-engineers.xml";
    writeText(engineers, scenarioText);
    const std::string localDb = work + "/local.db";
    const std::string serverDb = campaigns + "/weekstop.db";
    audit::CampaignPlayer reference(engineers, localDb, 11, false);
    {
        auto set = [&](std::vector<std::string> args) {
            args.insert(args.begin(), {"campaign", "password", "--db", localDb});
            const auto r = cli(args);
            INFO(r.output);
            REQUIRE(r.exitCode == 0);
        };
        set({"--host", "--new-password-file", pass.host});
        for (const auto& [side, file] : pass.sides)
            set({"--side", side, "--new-password-file", file, "--host-password-file", pass.host});
        SQLite::Database raw(localDb, SQLite::OPEN_READONLY);
        raw.exec("VACUUM INTO '" + serverDb + "'");
    }
    ServerProcess server(campaigns, pass.host);
    RecordingProxy proxy(server.port());  // the American client's line
    auto urlOf = [&](const std::string& side) { return side == "american" ? proxy.url() : server.url(); };
    auto watcher = hostConnection(server.port());
    watcher.login("weekstop", "british", kSidePass.at("british"));
    std::vector<client::StopEvent> stops;

    auto hostLocal = [&](std::vector<std::string> args) {
        args.insert(args.end(), {"--db", localDb, "--password-file", pass.host});
        const auto r = cli(args);
        INFO(r.output);
        REQUIRE(r.exitCode == 0);
    };
    // The same command through the server (the Americans through the recording proxy) and on the local database.
    auto both = [&](const std::string& side, std::vector<std::string> words, const std::vector<std::string>& options) {
        auto remote = words, local = words;
        remote.insert(remote.end(), {"--server", urlOf(side), "--side", side, "--password-file", pass.sides.at(side)});
        local.insert(local.end(), {"--db", localDb, "--side", side, "--password-file", pass.sides.at(side)});
        remote.insert(remote.end(), options.begin(), options.end());
        local.insert(local.end(), options.begin(), options.end());
        const auto r = cli(remote), l = cli(local);
        INFO(words.front() << " as " << side << "\nthrough the server:\n" << r.output << "on the database:\n" << l.output);
        CHECK(r.exitCode == 0);
        CHECK(l.exitCode == 0);
        CHECK(r.output == l.output);
        return r.output;
    };
    auto week = [&](const std::string& side, const std::string& what) {
        const auto r = cli({"week", what, "--server", urlOf(side), "--side", side, "--password-file", pass.sides.at(side)});
        INFO(r.output);
        CHECK(r.exitCode == 0);
        return r.output;
    };
    // The audit of everything the American client received, at a moment the campaign waits.
    audit::AuditReport report;
    audit::Memory memory;
    auto audit = [&](int w, int d, const std::string& moment) {
        audit::checkMoment(serverDb, "american", memory, {{"every byte the server sent", "american", w, d, moment, 0, proxy.take()}},
                           report);
    };

    // The stop before W4: the server ran W1 to W3 by itself.
    auto entry = waitUntil(watcher, "weekly-stop", 1, "W4", stops);
    REQUIRE(entry.stop);
    CHECK(entry.stop->awaited);
    CHECK_FALSE(entry.stop->done);
    for (int i = 0; i < 3; ++i) hostLocal({"advance", "--phase"});
    REQUIRE(calendarOf(localDb) == "1/1/W4");
    REQUIRE(calendarOf(serverDb) == "1/1/W4");
    const auto shown = week("american", "show");
    CHECK(shown.find("before W4: the weekly stop before W4") != std::string::npos);
    CHECK(shown.find("american are awaited there and have not said they are done") != std::string::npos);
    CHECK(shown.find("  supply allocate: ") != std::string::npos);
    CHECK(shown.find("  supply spend: ") != std::string::npos);
    CHECK(shown.find("grant buy") == std::string::npos);  // at the next stop
    // The database tells the same of what the side may do; the side's word is a server's alone.
    const auto localShown = cli({"week", "show", "--db", localDb, "--side", "american", "--password-file", pass.sides.at("american")});
    CHECK(localShown.exitCode == 0);
    CHECK(localShown.output.find("american are awaited there\n") != std::string::npos);
    REQUIRE(shown.find("american may now:") != std::string::npos);
    REQUIRE(localShown.output.find("american may now:") != std::string::npos);
    CHECK(localShown.output.substr(localShown.output.find("american may now:")) == shown.substr(shown.find("american may now:")));
    const auto noServer = cli({"week", "done", "--db", localDb, "--side", "american", "--password-file", pass.sides.at("american")});
    CHECK(noServer.exitCode == 2);
    CHECK(noServer.output.find("WEEK-SERVER") != std::string::npos);
    const auto split = both("american", {"supply", "allocate"},
                            {"--source", "cheraw", "--share", "a-maryland=25", "--share", "a-caswell=10"});
    CHECK(split.find("a-maryland gets 25 SP of cheraw") != std::string::npos);
    both("american", {"supply", "spend"}, {"--me", "a-maryland", "--on", "works", "--class", "light"});
    CHECK(week("american", "done").find("american are done with the weekly stop before W4 of week 1") != std::string::npos);
    // Done, the side acts there no more until it takes its word back.
    const auto late = cli({"supply", "spend", "--server", proxy.url(), "--side", "american", "--password-file",
                           pass.sides.at("american"), "--me", "a-maryland", "--on", "works", "--class", "light"});
    CHECK(late.exitCode == 1);
    CHECK(late.output.find("WEEK-DONE") != std::string::npos);
    CHECK(week("american", "show").find("american have said they are done with it") != std::string::npos);
    audit(1, 1, "the stop before W4");
    CHECK(calendarOf(serverDb) == "1/1/W4");  // the British have not said a word yet
    week("british", "done");

    // The stop before W5: W4 ran with the split and the works.
    entry = waitUntil(watcher, "weekly-stop", 1, "W5", stops);
    hostLocal({"advance", "--phase"});
    REQUIRE(calendarOf(localDb) == "1/1/W5");
    CHECK(digestWithoutCredentials(serverDb, work) == digestWithoutCredentials(localDb, work));
    {
        SQLite::Database raw(serverDb, SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT status FROM supply_request WHERE me_id = 'a-maryland'").getString() == "bought");
        CHECK(raw.execAndGet("SELECT COALESCE(SUM(points), 0) FROM supply_ledger WHERE kind = 'works' AND me_id = 'a-maryland'")
                  .getInt() == -10);
    }
    CHECK(week("british", "show").find("  grant buy: raise new MEs with this week's grant: 200 SP left") != std::string::npos);
    const auto purchases = (fs::path(sourceDir()) / "tests" / "data" / "purchases").string();
    const auto raised = both("british", {"grant", "buy"}, {"--file", purchases + "/loyalists.xml"});
    CHECK(raised.find("raised for") != std::string::npos);
    week("american", "show");
    week("american", "done");
    audit(1, 1, "the stop before W5");  // while the stop waits for the British
    week("british", "done");

    // The week's seven days, the orders given as the reference gives them.
    int days = 0;
    for (int d = 1; d <= 7; ++d) {
        reference.giveOrders();
        REQUIRE(calendarOf(localDb) == "1/" + std::to_string(d) + "/D2");
        entry = waitUntil(watcher, "orders", 1, "D2", stops);
        REQUIRE(calendarOf(serverDb) == calendarOf(localDb));
        for (const auto& side : reference.sides()) {
            const auto& given = reference.lastGiven().at(side);
            audit::RunResult r;
            if (given) {
                const auto file = work + "/" + side + "-w1d" + std::to_string(d) + ".xml";
                writeText(file, io::writeOrdersString(*given));
                r = cli({"orders", "submit", "--server", urlOf(side), "--side", side, "--password-file", pass.sides.at(side), "--file",
                         file});
            } else {
                r = cli({"orders", "stand-fast", "--server", urlOf(side), "--side", side, "--password-file", pass.sides.at(side)});
            }
            INFO(r.output);
            REQUIRE(r.exitCode == 0);
        }
        reference.finishDay();
        if (d < 7) {
            for (int i = 0; i < 600 && calendarOf(serverDb) != "1/" + std::to_string(d + 1) + "/D2"; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            audit(1, d, "end of day");
        }
        ++days;
    }
    // The next week's first stop: W1 to W3 ran by themselves.
    entry = waitUntil(watcher, "weekly-stop", 2, "W4", stops);
    for (int i = 0; i < 3; ++i) hostLocal({"advance", "--phase"});
    REQUIRE(calendarOf(localDb) == "2/1/W4");
    audit(2, 1, "the stop before W4");
    CHECK(stopEvents(stops) == "begins 1W4, ends 1W4 (done), begins 1W5, ends 1W5 (done), begins 2W4");
    {
        SQLite::Database raw(serverDb, SQLite::OPEN_READONLY);
        for (const auto* name : {"supply.allocate", "supply.spend", "grant.buy"}) {
            INFO(name);
            CHECK(raw.execAndGet(std::string("SELECT COUNT(*) FROM command_log WHERE name = '") + name + "'").getInt() == 1);
        }
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM me WHERE id = 'b-loyalists' AND side_id = 'british'").getInt() == 1);
    }
    REQUIRE(server.stop() == 0);
    // The orders were given from files of other names than the reference's: the inputs of the logged commands aside, the
    // two campaigns are the same, phase for phase and command for command.
    CHECK(digestWithoutCredentials(serverDb, work, false) == digestWithoutCredentials(localDb, work, false));
    std::cout << "server weekly stops: " << days << " days, " << stops.size() << " stop events, " << proxy.total()
              << " bytes to the American client, " << report.itemsChecked << " item checks, " << report.violations.size()
              << " violations\n";
    CHECK(report.itemsChecked > 0);
    if (!report.violations.empty()) FAIL(audit::formatLeaks(audit::distinctLeaks(report.violations)));
    // The audit can fail: the British answers, handed to the Americans, are caught.
    audit::AuditReport control;
    audit::checkMoment(serverDb, "american", memory, {{"the British answers", "american", 2, 1, "control", 0, raised}}, control);
    CHECK_FALSE(control.violations.empty());
}

TEST_CASE("server: a weekly stop's deadline passes with one side silent: that side did nothing there (logged), the turn "
          "goes on, and the host's minutes give each stop its deadline; the events say when a stop begins and ends",
          "[server]") {
    const auto work = workDir("weekdeadline");
    const auto campaigns = work + "/campaigns";
    fs::create_directories(campaigns);
    const auto pass = writePassfiles(work);
    ServerProcess server(campaigns, pass.host);
    auto host = hostConnection(server.port());
    host.loginHost(kHostPass);
    host.createCampaign("slow", "southern-1780", 4, {{"british", kSidePass.at("british")}, {"american", kSidePass.at("american")}});
    auto american = hostConnection(server.port());
    american.login("slow", "american", kSidePass.at("american"));
    std::vector<client::StopEvent> stops;
    auto entry = waitUntil(american, "weekly-stop", 1, "W4", stops);
    REQUIRE(entry.stop);
    CHECK_FALSE(entry.stop->deadline);
    // The Americans are done; the British say nothing. Without a deadline the stop waits.
    REQUIRE(
        cli({"week", "done", "--server", server.url(), "--side", "american", "--password-file", pass.sides.at("american")}).exitCode ==
        0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    entry = american.calendar();
    CHECK(entry.phase == "W4");
    CHECK(entry.waitingFor == "weekly-stop");
    // The host gives the stop a deadline that has passed, and every later stop three minutes from its beginning.
    host.setWeekDeadline("slow", unixNow() - 1, 3);
    entry = waitUntil(american, "weekly-stop", 1, "W5", stops);
    const auto began = unixNow();
    REQUIRE(entry.stop);
    REQUIRE(entry.stop->deadline);
    CHECK(*entry.stop->deadline >= began - 10 + 180);
    CHECK(*entry.stop->deadline <= began + 180);
    CHECK(server.log().find("campaign slow: the weekly stop before W4 of week 1 ends: its deadline has passed; british did "
                            "nothing there") != std::string::npos);
    {
        SQLite::Database raw(campaigns + "/etatmajor-server.sqlite", SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT group_concat(side || ':' || how, ' ') FROM (SELECT side, how FROM stop_done WHERE "
                             "campaign = 'slow' AND week = 1 AND phase = 'W4' ORDER BY side)")
                  .getString() == "american:done british:deadline");
    }
    // The British did nothing at W4: no split, no spending, nothing of theirs in the campaign's log but the phases.
    {
        SQLite::Database raw(campaigns + "/slow.db", SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM command_log WHERE name NOT LIKE 'phase.%' AND name NOT IN ('campaign.new', "
                             "'auth.passphrase')")
                  .getInt() == 0);
    }
    // The server-sent events carry the stops too.
    std::string streamed;
    {
        httplib::Client http("127.0.0.1", server.port());
        auto login = http.Post("/api/v1/login",
                               json{{"campaign", "slow"}, {"side", "american"}, {"passphrase", kSidePass.at("american")}}.dump(),
                               "application/json");
        REQUIRE(login);
        const std::string token = json::parse(login->body)["token"];
        http.set_read_timeout(20);
        http.Get("/api/v1/campaigns/slow/events/stream?after=1000000&afterStop=0",
                 httplib::Headers{{"Authorization", "Bearer " + token}}, [&](const char* data, std::size_t size) {
                     streamed.append(data, size);
                     return streamed.find("\"phase\":\"W5\"") == std::string::npos;
                 });
    }
    CHECK(streamed.find("event: stop\ndata: {\"at\":") != std::string::npos);
    CHECK(streamed.find("\"kind\":\"ends\",\"phase\":\"W4\",\"seq\":2,\"week\":1,\"why\":\"deadline\"") != std::string::npos);
    // Both silent at W5: at its deadline (the host brings it forward) the turn goes on to the first day's orders.
    host.setWeekDeadline("slow", unixNow() - 1, std::nullopt);
    entry = waitUntil(american, "orders", 1, "D2", stops);
    CHECK(stopEvents(stops) == "begins 1W4, ends 1W4 (deadline), begins 1W5, ends 1W5 (deadline)");
    CHECK(server.log().find("the weekly stop before W5 of week 1 ends: its deadline has passed; british, american did nothing "
                            "there") != std::string::npos);
    CHECK_FALSE(entry.stop);
    CHECK(server.stop() == 0);
}

TEST_CASE("server: killed at a weekly stop, it restarts at the same stop with each side's word as it was", "[server]") {
    const auto work = workDir("weekrestart");
    const auto campaigns = work + "/campaigns";
    fs::create_directories(campaigns);
    const auto pass = writePassfiles(work);
    ServerProcess server(campaigns, pass.host);
    {
        auto host = hostConnection(server.port());
        host.loginHost(kHostPass);
        host.createCampaign("kept", "southern-1780", 8,
                            {{"british", kSidePass.at("british")}, {"american", kSidePass.at("american")}});
    }
    const std::string db = campaigns + "/kept.db";
    auto sideSays = [&](const std::string& side, const std::string& what) {
        const auto r = cli({"week", what, "--server", server.url(), "--side", side, "--password-file", pass.sides.at(side)});
        INFO(r.output);
        CHECK(r.exitCode == 0);
    };
    auto calendarOfSide = [&](const std::string& side) {
        auto c = hostConnection(server.port());
        c.login("kept", side, kSidePass.at(side));
        return c.calendar();
    };
    {
        auto british = hostConnection(server.port());
        british.login("kept", "british", kSidePass.at("british"));
        std::vector<client::StopEvent> stops;
        waitUntil(british, "weekly-stop", 1, "W4", stops);
    }
    const int phases = phasesRun(db);
    sideSays("british", "done");
    server.kill9();
    server.start();
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // the turn's first rounds after the restart
    CHECK(calendarOf(db) == "1/1/W4");
    CHECK(phasesRun(db) == phases);
    auto british = calendarOfSide("british"), american = calendarOfSide("american");
    CHECK(british.waitingFor == "weekly-stop");
    REQUIRE(british.stop);
    REQUIRE(american.stop);
    CHECK(british.stop->done);
    CHECK_FALSE(american.stop->done);
    // At the next stop, the Americans' word taken back survives too: the stop waits for them again after the restart.
    sideSays("american", "done");
    {
        auto c = hostConnection(server.port());
        c.login("kept", "american", kSidePass.at("american"));
        std::vector<client::StopEvent> stops;
        waitUntil(c, "weekly-stop", 1, "W5", stops);
    }
    sideSays("american", "done");
    sideSays("american", "reopen");
    sideSays("british", "done");
    server.kill9();
    server.start();
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    CHECK(calendarOf(db) == "1/1/W5");
    american = calendarOfSide("american");
    REQUIRE(american.stop);
    CHECK_FALSE(american.stop->done);
    CHECK(calendarOfSide("british").stop->done);
    sideSays("american", "done");
    auto c = hostConnection(server.port());
    c.login("kept", "american", kSidePass.at("american"));
    const auto events = c.waitForEvents(0, 0, 0);
    std::vector<client::StopEvent> stops = events.stops;
    waitUntil(c, "orders", 1, "D2", stops);
    // Each stop began once and ended once, whatever the restarts.
    CHECK(stopEvents(stops) == "begins 1W4, ends 1W4 (done), begins 1W5, ends 1W5 (done)");
    CHECK(phasesRun(db) == phases + 3);  // W4, W5, D1
    CHECK(server.stop() == 0);
}

TEST_CASE("server: a campaign created again under the id of one whose file the host removed starts with no word of the old "
          "one's stops",
          "[server]") {
    const auto work = workDir("weekagain");
    const auto campaigns = work + "/campaigns";
    fs::create_directories(campaigns);
    const auto pass = writePassfiles(work);
    ServerProcess server(campaigns, pass.host);
    auto create = [&] {
        auto host = hostConnection(server.port());
        host.loginHost(kHostPass);
        host.createCampaign("again", "southern-1780", 9,
                            {{"british", kSidePass.at("british")}, {"american", kSidePass.at("american")}});
        auto british = hostConnection(server.port());
        british.login("again", "british", kSidePass.at("british"));
        std::vector<client::StopEvent> stops;
        return waitUntil(british, "weekly-stop", 1, "W4", stops);
    };
    REQUIRE_FALSE(create().stop->done);
    REQUIRE(
        cli({"week", "done", "--server", server.url(), "--side", "british", "--password-file", pass.sides.at("british")}).exitCode ==
        0);
    REQUIRE(server.stop() == 0);
    fs::remove(campaigns + "/again.db");
    fs::remove(campaigns + "/again.db-wal");
    fs::remove(campaigns + "/again.db-shm");
    server.start();
    const auto entry = create();
    REQUIRE(entry.stop);
    CHECK_FALSE(entry.stop->done);
    auto american = hostConnection(server.port());
    american.login("again", "american", kSidePass.at("american"));
    const auto events = american.waitForEvents(0, 0, 0);
    CHECK(stopEvents(events.stops) == "begins 1W4");
    CHECK(server.stop() == 0);
}
