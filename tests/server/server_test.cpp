// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-server end to end (docs/server.md): the real server on a loopback port, the real command-line program as
// its clients, and the fog-of-war audit (tests/audit) over every byte the server sends to the American client. This
// file: a week played through the server against the same orders given locally, refusals, malformed and oversized
// requests, and SIGKILL at random moments of a day's run. The host's routes and sessions are in
// server_host_test.cpp, a side's week and the weekly stops in server_week_test.cpp.
#include "server_common.hpp"

#include "../audit/audit.hpp"
#include "../audit/campaign_player.hpp"
#include "../audit/capture.hpp"
#include "../audit/knowledge.hpp"

#include "etatmajor/client/client.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/view/side_view.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <random>
#include <thread>

namespace fs = std::filesystem;
using namespace etatmajor;
using namespace etatmajor::servertest;
using nlohmann::json;

TEST_CASE("server: a week played by two command-line clients equals the same orders given locally, and nothing British "
          "the Americans may not know reaches their client",
          "[server]") {
    const std::uint64_t seed = static_cast<std::uint64_t>(envCount("ETATMAJOR_SERVER_SEED", 3));
    const int days = envCount("ETATMAJOR_SERVER_DAYS", 7);
    const auto work = workDir("week");
    const auto campaigns = work + "/campaigns";
    fs::create_directories(campaigns);
    const auto pass = writePassfiles(work);

    audit::CampaignPlayer reference(scenario(), work + "/reference.db", seed, false);
    ServerProcess server(campaigns, pass.host);
    auto host = hostConnection(server.port());
    host.loginHost(kHostPass);
    host.createCampaign("week", "southern-1780", seed, {{"british", kSidePass.at("british")}, {"american", kSidePass.at("american")}});
    const std::string serverDb = campaigns + "/week.db";

    RecordingProxy proxy(server.port());  // the American client's line
    auto urlOf = [&](const std::string& side) { return side == "american" ? proxy.url() : server.url(); };

    auto watcher = hostConnection(server.port());
    watcher.login("week", "british", kSidePass.at("british"));

    audit::Capturer capturer(cliProgram(), pdftotextProgram(), work + "/papers");
    capturer.setTarget({"--server", proxy.url(), "--password-file", pass.sides.at("american")});
    audit::AuditReport report;
    audit::Memory memory;
    int submitted = 0, stoodFast = 0;
    // At each weekly stop both sides say they are done, the Americans through their recorded line: the reference
    // runs the same phases with no weekly command either.
    const AtStop bothDone = [&](const client::CampaignEntry&) { everySideDone(urlOf, pass); };
    auto previous = waitForOrders(watcher, 0, 0, bothDone);  // the first day's orders phase

    for (int d = 0; d < days && !reference.ended(); ++d) {
        reference.toOrdersPhase();
        const auto entry = previous;
        REQUIRE(calendarOf(serverDb) == calendarOf(reference.dbPath()));
        reference.giveOrders();
        for (const auto& side : reference.sides()) {
            const auto& given = reference.lastGiven().at(side);
            audit::RunResult r;
            if (given) {
                const auto file = work + "/" + side + "-w" + std::to_string(entry.week) + "d" + std::to_string(entry.day) + ".xml";
                writeText(file, io::writeOrdersString(*given));
                r = cli({"orders", "submit", "--server", urlOf(side), "--side", side, "--password-file", pass.sides.at(side), "--file",
                         file});
                ++submitted;
            } else {
                r = cli({"orders", "stand-fast", "--server", urlOf(side), "--side", side, "--password-file", pass.sides.at(side)});
                ++stoodFast;
            }
            INFO(r.output);
            REQUIRE(r.exitCode == 0);
        }
        reference.finishDay();
        previous = waitForOrders(watcher, entry.week, entry.day, bothDone);
        // Everything the American side can ask for, through the server, checked against what it may know now.
        SQLite::Database raw(serverDb, SQLite::OPEN_READONLY);
        std::vector<int> ids;
        SQLite::Statement q(raw, "SELECT id FROM battle ORDER BY id");
        while (q.executeStep()) ids.push_back(q.getColumn(0).getInt());
        auto captures = capturer.everything(serverDb, "american", entry.week, entry.day, "end of day", ids);
        for (auto& c :
             refusedWeeklyActions(serverDb, "american", work, {"--server", proxy.url(), "--password-file", pass.sides.at("american")},
                                  entry.week, entry.day))
            captures.push_back(std::move(c));
        audit::Capture bytes{"every byte the server sent", "american", entry.week, entry.day, "end of day", 0, proxy.take()};
        captures.push_back(bytes);
        audit::checkMoment(serverDb, "american", memory, captures, report);
    }
    reference.toOrdersPhase();
    // The typed view the client library hands the turn manager renders as the server's own text.
    const auto typed = watcher.status();
    const auto text = cli({"status", "--server", server.url(), "--side", "british", "--password-file", pass.sides.at("british")});
    CHECK(typed.viewer == view::Viewer::ofSide("british"));
    CHECK(view::statusText(typed) == text.output);
    CHECK_FALSE(typed.seenHexes.empty());

    const auto counts = reference.counts();
    std::cout << "server week: " << counts.days << " days, " << counts.contacts << " contacts, " << counts.battles << " battles ("
              << counts.battlesFought << " fought), " << counts.routesGiven << " routes, " << submitted << " orders files and "
              << stoodFast << " stand-fasts through the server; " << report.outputs << " outputs, " << proxy.total()
              << " bytes to the American client, " << report.itemsChecked << " item checks, " << report.violations.size()
              << " violations\n";
    CHECK(counts.days == days);
    CHECK(counts.routesGiven > 0);
    CHECK(counts.contacts > 0);
    CHECK(counts.battles > 0);
    if (!report.violations.empty()) FAIL(audit::formatLeaks(audit::distinctLeaks(report.violations)));
    CHECK(report.brokenCommands.empty());
    for (const auto& b : report.brokenCommands) std::cout << "broken: " << b << "\n";
    CHECK(report.outputs > 100);

    // The audit can fail: the host's view of the same campaign, handed to the American side, is caught.
    const auto hostView = cli({"status", "--db", serverDb, "--password-file", pass.host});
    REQUIRE(hostView.exitCode == 0);
    audit::AuditReport control;
    audit::Memory controlMemory = memory;
    audit::checkMoment(serverDb, "american", controlMemory, {{"status (the host's)", "american", 0, 0, "control", 0, hostView.output}},
                       control);
    CHECK(!control.violations.empty());

    REQUIRE(server.stop() == 0);
    CHECK(digestWithoutCredentials(serverDb, work, false) == digestWithoutCredentials(reference.dbPath(), work, false));
}

TEST_CASE("server: refusals: a wrong passphrase, another side, a stale day, orders given twice, the host's doors", "[server]") {
    const auto work = workDir("refusals");
    const auto campaigns = work + "/campaigns";
    fs::create_directories(campaigns);
    const auto pass = writePassfiles(work);
    ServerProcess server(campaigns, pass.host);
    {
        auto host = hostConnection(server.port());
        host.loginHost(kHostPass);
        host.createCampaign("refusals", "southern-1780", 5,
                            {{"british", kSidePass.at("british")}, {"american", kSidePass.at("american")}});
    }
    httplib::Client http("127.0.0.1", server.port());
    auto post = [&](const std::string& path, const json& body, const std::string& token = "") {
        httplib::Headers h;
        if (!token.empty()) h.emplace("Authorization", "Bearer " + token);
        return http.Post(path.c_str(), h, body.dump(), "application/json");
    };
    auto get = [&](const std::string& path, const std::string& token) {
        return http.Get(path.c_str(), httplib::Headers{{"Authorization", "Bearer " + token}});
    };

    SECTION("a wrong passphrase is 401 and says nothing of the campaign; guesses are slowed down") {
        auto r = post("/api/v1/login", {{"campaign", "refusals"}, {"side", "american"}, {"passphrase", "not the passphrase"}});
        REQUIRE(r);
        CHECK(r->status == 401);
        const auto body = json::parse(r->body);
        CHECK(body.size() == 1);
        CHECK(body["error"]["code"] == "AUTH-WRONG");
        CHECK(r->body.find("Greene") == std::string::npos);
        // An unknown side answers the same, in the same words.
        auto unknown = post("/api/v1/login", {{"campaign", "refusals"}, {"side", "french"}, {"passphrase", "whatever it is"}});
        CHECK(unknown->status == 401);
        CHECK(json::parse(unknown->body)["error"]["message"] == body["error"]["message"]);
        // The third failure in a row from this client starts the slow-down: the next guess is refused unchecked.
        post("/api/v1/login", {{"campaign", "refusals"}, {"side", "american"}, {"passphrase", "third wrong guess"}});
        auto slowed = post("/api/v1/login",
                           {{"campaign", "refusals"}, {"side", "american"}, {"passphrase", kSidePass.at("american")}});
        CHECK(slowed->status == 429);
        CHECK(json::parse(slowed->body)["error"]["code"] == "AUTH-SLOW-DOWN");
        // A request without a session gets nothing.
        auto none = http.Get("/api/v1/campaigns/refusals/sides/american/status");
        CHECK(none->status == 401);
        CHECK(none->body.find("\"mes\"") == std::string::npos);
        CHECK(server.log().find("login refused: campaign refusals side american") != std::string::npos);
    }

    SECTION("a side may not see or act for the other; the host's doors are closed to it; stale and repeated orders are 409") {
        auto login = post("/api/v1/login", {{"campaign", "refusals"}, {"side", "american"}, {"passphrase", kSidePass.at("american")}});
        REQUIRE(login->status == 200);
        const std::string token = json::parse(login->body)["token"];
        CHECK(get("/api/v1/campaigns/refusals/sides/american/status", token)->status == 200);
        for (const char* what : {"status", "intel", "loc", "supply", "log", "report", "battles", "orders", "orders/template"}) {
            auto r = get(std::string("/api/v1/campaigns/refusals/sides/british/") + what, token);
            CHECK(r->status == 403);
            CHECK(json::parse(r->body)["error"]["code"] == "AUTH-SIDE");
        }
        CHECK(post("/api/v1/campaigns/refusals/sides/british/orders/stand-fast", json::object(), token)->status == 403);
        CHECK(get("/api/v1/campaigns/refusals/status", token)->status == 403);
        CHECK(post("/api/v1/campaigns/refusals/advance", {{"step", "phase"}}, token)->status == 403);
        CHECK(post("/api/v1/campaigns", {{"id", "mine"}, {"scenario", "southern-1780"}}, token)->status == 403);

        auto tmpl = get("/api/v1/campaigns/refusals/sides/american/orders/template", token);
        REQUIRE(tmpl->status == 200);
        auto orders = io::readOrdersString(tmpl->body, "template.xml");
        // Orders naming the other side: 403; for another day: 409.
        auto british = orders;
        british.side = "british";
        auto r = post("/api/v1/campaigns/refusals/sides/american/orders", {{"xml", io::writeOrdersString(british)}}, token);
        CHECK(r->status == 403);
        auto stale = orders;
        stale.day = orders.day + 1;
        r = post("/api/v1/campaigns/refusals/sides/american/orders", {{"xml", io::writeOrdersString(stale)}}, token);
        CHECK(r->status == 409);
        CHECK(json::parse(r->body)["error"]["code"] == "ORDERS-STALE");
        // Given, taken back, given again; twice is 409.
        r = post("/api/v1/campaigns/refusals/sides/american/orders", {{"xml", io::writeOrdersString(orders)}}, token);
        CHECK(r->status == 200);
        r = post("/api/v1/campaigns/refusals/sides/american/orders", {{"xml", io::writeOrdersString(orders)}}, token);
        CHECK(r->status == 409);
        CHECK(json::parse(r->body)["error"]["code"] == "ORDERS-GIVEN");
        httplib::Headers h{{"Authorization", "Bearer " + token}};
        auto del = http.Delete("/api/v1/campaigns/refusals/sides/american/orders", h);
        CHECK(del->status == 200);
        del = http.Delete("/api/v1/campaigns/refusals/sides/american/orders", h);
        CHECK(del->status == 409);
        r = post("/api/v1/campaigns/refusals/sides/american/orders", {{"xml", io::writeOrdersString(orders)}}, token);
        CHECK(r->status == 200);
        // A bad orders file is 400 with its line.
        r = post("/api/v1/campaigns/refusals/sides/american/orders",
                 {{"xml", "<orders formatVersion=\"1\">\n<oops/>"}, {"file", "bad.xml"}}, token);
        CHECK(r->status == 400);
        CHECK(r->body.find("bad.xml") != std::string::npos);
        // A session ends at logout.
        CHECK(post("/api/v1/logout", json::object(), token)->status == 200);
        CHECK(get("/api/v1/campaigns/refusals/sides/american/status", token)->status == 401);
    }

    SECTION("a side's weekly actions: 401 without a session, 403 for the other side or an ME not its own, 409 for "
            "another moment, 400 naming the field, and nothing changes") {
        auto login = post("/api/v1/login", {{"campaign", "refusals"}, {"side", "american"}, {"passphrase", kSidePass.at("american")}});
        REQUIRE(login->status == 200);
        const std::string token = json::parse(login->body)["token"];
        auto hostLogin = post("/api/v1/login", {{"host", true}, {"passphrase", kHostPass}});
        REQUIRE(hostLogin->status == 200);
        const std::string hostToken = json::parse(hostLogin->body)["token"];
        auto britishLogin = post("/api/v1/login",
                                 {{"campaign", "refusals"}, {"side", "british"}, {"passphrase", kSidePass.at("british")}});
        REQUIRE(britishLogin->status == 200);
        const std::string britishToken = json::parse(britishLogin->body)["token"];
        // The campaign's calendar once it waits for the first day's orders: the moment every action names. On the way
        // both sides say they are done with the week's stops before W4 and W5.
        json calendar;
        for (int i = 0;; ++i) {
            REQUIRE(i < 600);
            calendar = json::parse(get("/api/v1/campaigns/refusals", token)->body);
            if (calendar["waitingFor"] == "orders") break;
            if (calendar["waitingFor"] == "weekly-stop")
                for (const auto& [side, t] :
                     {std::pair{std::string("american"), token}, std::pair{std::string("british"), britishToken}}) {
                    const auto mine = json::parse(get("/api/v1/campaigns/refusals", t)->body);
                    if (!mine.contains("stop") || mine["stop"]["side"]["done"].get<bool>()) continue;
                    const json moment{{"week", mine["week"]}, {"day", mine["day"]}, {"phase", mine["phase"]}};
                    CHECK(post("/api/v1/campaigns/refusals/sides/" + side + "/week/done", moment, t)->status == 200);
                }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        auto at = [&](json fields) {
            fields["week"] = calendar["week"];
            fields["day"] = calendar["day"];
            fields["phase"] = calendar["phase"];
            return fields;
        };
        const std::string db = campaigns + "/refusals.db";
        auto commandsLogged = [&] {
            SQLite::Database raw(db, SQLite::OPEN_READONLY);
            return raw.execAndGet("SELECT COUNT(*) FROM command_log").getInt();
        };
        const int logged = commandsLogged();
        const std::string american = "/api/v1/campaigns/refusals/sides/american/";
        const std::string british = "/api/v1/campaigns/refusals/sides/british/";
        const json split = at({{"from", "a-stevens"}, {"new", "a-porterfield"}, {"members", {"porterfield"}}});
        auto code = [](const httplib::Result& r) { return json::parse(r->body)["error"]["code"].get<std::string>(); };
        auto message = [](const httplib::Result& r) { return json::parse(r->body)["error"]["message"].get<std::string>(); };

        // No session: 401, whatever the body.
        auto r = post(american + "reorg/split", split);
        CHECK(r->status == 401);
        CHECK(code(r) == "AUTH-REQUIRED");
        // The other side's doors, and the host, who acts for no side: 403.
        for (const char* what : {"initiative/decline", "reorg/split", "reorg/transfer", "reorg/dissolve", "reorg/provisional",
                                 "grant/buy", "grant/replace", "supply/allocate", "supply/spend", "sieges/1/answer", "week/done"}) {
            INFO(what);
            r = post(british + what, at(json::object()), token);
            CHECK(r->status == 403);
            CHECK(code(r) == "AUTH-SIDE");
            r = post(american + what, at(json::object()), hostToken);
            CHECK(r->status == 403);
        }
        // The other side's ME: 403 in the very words of an ME that does not exist, so the answer tells nothing.
        auto sameAnswer = [&](const std::string& what, json enemy, json nobody, const std::string& expected) {
            INFO(what);
            auto e = post(american + what, at(enemy), token), n = post(american + what, at(nobody), token);
            CHECK(e->status == 403);
            CHECK(n->status == 403);
            CHECK(code(e) == expected);
            auto words = message(e);
            words.replace(words.find("b-webster"), 9, "a-nowhere");
            CHECK(words == message(n));
        };
        sameAnswer("reorg/split", {{"from", "b-webster"}, {"new", "a-x"}, {"members", {"foot-23"}}},
                   {{"from", "a-nowhere"}, {"new", "a-x"}, {"members", {"foot-23"}}}, "REORG-ME");
        sameAnswer("reorg/dissolve", {{"me", "b-webster"}, {"into", "a-maryland"}}, {{"me", "a-nowhere"}, {"into", "a-maryland"}},
                   "REORG-ME");
        sameAnswer("grant/replace", {{"me", "b-webster"}, {"units", {"royal-artillery"}}},
                   {{"me", "a-nowhere"}, {"units", {"royal-artillery"}}}, "GRANT-ME");
        // The other side's unit in one of its own MEs: the words of an id that does not exist (400).
        auto enemyUnit = post(american + "reorg/split", at({{"from", "a-stevens"}, {"new", "a-x"}, {"members", {"foot-23"}}}), token);
        auto noUnit = post(american + "reorg/split", at({{"from", "a-stevens"}, {"new", "a-x"}, {"members", {"no-unit"}}}), token);
        CHECK(enemyUnit->status == noUnit->status);
        auto unitWords = message(enemyUnit);
        unitWords.replace(unitWords.find("foot-23"), 7, "no-unit");
        CHECK(unitWords == message(noUnit));
        // The other side's purchase file: 403 GRANT-SIDE, with the file named.
        std::ifstream guards(sourceDir() + "/tests/data/purchases/guards.xml", std::ios::binary);
        const std::string purchase((std::istreambuf_iterator<char>(guards)), {});
        r = post(american + "grant/buy", at({{"xml", purchase}, {"file", "guards.xml"}}), token);
        CHECK(r->status == 403);
        CHECK(code(r) == "GRANT-SIDE");
        CHECK(r->body.find("guards.xml") != std::string::npos);

        // Another moment than the campaign's: 409 ACTION-STALE, nothing done.
        auto stale = split;
        stale["day"] = calendar["day"].get<int>() + 1;
        r = post(american + "reorg/split", stale, token);
        CHECK(r->status == 409);
        CHECK(code(r) == "ACTION-STALE");
        stale = split;
        stale["phase"] = "W4";
        CHECK(post(american + "reorg/split", stale, token)->status == 409);
        // A command the rules do not allow now: 409 with the command's own issue.
        r = post(american + "supply/allocate", at({{"source", "cheraw"}, {"shares", {{{"me", "a-maryland"}, {"sp", 10}}}}}), token);
        CHECK(r->status == 409);
        CHECK(code(r) == "SUPPLY-TIMING");
        REQUIRE(json::parse(r->body)["error"]["issues"].size() == 1);
        CHECK(json::parse(r->body)["error"]["issues"][0]["where"] == "phase");
        // A side is done only at a weekly stop: at the orders phase there is none (409), and a done of the last stop's
        // moment is stale.
        r = post(american + "week/done", at(json::object()), token);
        CHECK(r->status == 409);
        CHECK(code(r) == "WEEK-NO-STOP");
        r = http.Delete((american + "week/done").c_str(), httplib::Headers{{"Authorization", "Bearer " + token}},
                        at(json::object()).dump(), "application/json");
        CHECK(r->status == 409);
        CHECK(code(r) == "WEEK-NO-STOP");
        r = post(american + "week/done", {{"week", 1}, {"day", 1}, {"phase", "W5"}}, token);
        CHECK(r->status == 409);
        CHECK(code(r) == "ACTION-STALE");

        // A malformed body: 400 naming the field.
        auto badField = [&](const std::string& what, const json& body, const std::string& field) {
            INFO(what << " " << body.dump());
            auto b = post(american + what, body, token);
            CHECK(b->status == 400);
            CHECK(code(b) == "BAD-REQUEST");
            CHECK(message(b).find("\"" + field + "\"") != std::string::npos);
        };
        badField("reorg/split", at({{"from", "a-stevens"}, {"new", "a-x"}}), "members");
        badField("reorg/split", at({{"from", "a-stevens"}, {"new", "a-x"}, {"members", "porterfield"}}), "members");
        badField("reorg/split", at({{"from", 7}, {"new", "a-x"}, {"members", {"porterfield"}}}), "from");
        badField("reorg/split", {{"day", 1}, {"phase", "D2"}, {"from", "a-stevens"}, {"new", "a-x"}, {"members", {"porterfield"}}},
                 "week");
        badField("reorg/transfer", at({{"from", "a-armand"}, {"members", {"armand-infantry"}}}), "to");
        badField("supply/allocate", at({{"source", "cheraw"}, {"shares", {{"a-maryland", 10}}}}), "shares");
        badField("supply/spend", at({{"me", "a-maryland"}, {"on", "bridge"}, {"at", "here"}}), "at");
        badField("supply/spend", at({{"me", "a-maryland"}, {"on", "works"}, {"count", "two"}}), "count");
        badField("sieges/1/answer", at(json::object()), "accept");
        badField("initiative/decline", {{"week", 1}, {"day", 1}, {"phase", 2}}, "phase");
        badField("week/done", {{"day", 1}, {"phase", "D2"}}, "week");
        r = http.Post((american + "reorg/split").c_str(), httplib::Headers{{"Authorization", "Bearer " + token}}, "{\"week\": 1,",
                      "application/json");
        CHECK(r->status == 400);
        CHECK(code(r) == "BAD-JSON");
        r = post(american + "grant/buy", at({{"xml", "<purchase formatVersion=\"1\">\n<oops"}, {"file", "mine.xml"}}), token);
        CHECK(r->status == 400);
        CHECK(r->body.find("mine.xml") != std::string::npos);
        // None of it reached the campaign.
        CHECK(commandsLogged() == logged);
    }

    SECTION("the command-line client: a wrong passphrase, the other side, orders for another day") {
        const auto wrong = work + "/wrong.pass";
        writeText(wrong, "not the passphrase\n");
        auto r = cli({"status", "--server", server.url(), "--side", "american", "--password-file", wrong});
        CHECK(r.exitCode == 1);
        CHECK(r.output.find("AUTH-WRONG") != std::string::npos);
        CHECK(r.output.find("Greene") == std::string::npos);
        r = cli({"status", "--server", server.url(), "--side", "british", "--password-file", pass.sides.at("american")});
        CHECK(r.exitCode == 1);
        r = cli({"status", "--server", server.url(), "--side", "american", "--password-file", pass.sides.at("american")});
        CHECK(r.exitCode == 0);
        CHECK(r.output.find("View: american") != std::string::npos);
        r = cli({"status", "--server", server.url(), "--db", "x.db", "--side", "american"});
        CHECK(r.exitCode == 2);
    }
    CHECK(server.stop() == 0);
}

TEST_CASE("server: malformed JSON, oversized bodies and garbage never crash it", "[server]") {
    const int count = envCount("ETATMAJOR_SERVER_FUZZ", 600);
    const auto work = workDir("fuzz");
    const auto campaigns = work + "/campaigns";
    fs::create_directories(campaigns);
    const auto pass = writePassfiles(work);
    ServerProcess server(campaigns, pass.host, {"--max-body", "1048576"});
    {
        auto host = hostConnection(server.port());
        host.loginHost(kHostPass);
        host.createCampaign("fuzz", "southern-1780", 2,
                            {{"british", kSidePass.at("british")}, {"american", kSidePass.at("american")}});
        // Past the week's stops to the first day's orders, where the host's advance is refused for want of them.
        auto american = hostConnection(server.port());
        american.login("fuzz", "american", kSidePass.at("american"));
        waitForOrders(american, 0, 0,
                      [&](const client::CampaignEntry&) { everySideDone([&](const std::string&) { return server.url(); }, pass); });
    }
    httplib::Client http("127.0.0.1", server.port());
    http.set_read_timeout(30);
    auto login = http.Post("/api/v1/login",
                           json{{"campaign", "fuzz"}, {"side", "american"}, {"passphrase", kSidePass.at("american")}}.dump(),
                           "application/json");
    REQUIRE(login->status == 200);
    const std::string token = json::parse(login->body)["token"];
    auto hostLogin = http.Post("/api/v1/login", json{{"host", true}, {"passphrase", kHostPass}}.dump(), "application/json");
    REQUIRE(hostLogin->status == 200);
    const std::string hostToken = json::parse(hostLogin->body)["token"];

    std::mt19937_64 random(12345);
    // Each path with a session that may use it, so that the bodies reach the parsing behind the door.
    const std::vector<std::pair<std::string, std::string>> paths{{"/api/v1/login", ""},
                                                                 {"/api/v1/campaigns/fuzz/sides/american/orders", token},
                                                                 {"/api/v1/campaigns/fuzz/sides/british/orders", token},
                                                                 {"/api/v1/campaigns/fuzz/sides/american/battles/1/odds", token},
                                                                 {"/api/v1/campaigns/fuzz/sides/american/battles/1/result", token},
                                                                 {"/api/v1/campaigns/fuzz/sides/american/reorg/split", token},
                                                                 {"/api/v1/campaigns/fuzz/sides/american/supply/allocate", token},
                                                                 {"/api/v1/campaigns/fuzz/sides/american/supply/spend", token},
                                                                 {"/api/v1/campaigns/fuzz/sides/american/grant/buy", token},
                                                                 {"/api/v1/campaigns/fuzz/sides/american/sieges/1/answer", token},
                                                                 {"/api/v1/campaigns", hostToken},
                                                                 {"/api/v1/campaigns/fuzz/advance", hostToken},
                                                                 {"/api/v1/campaigns/fuzz/battles/1/result", hostToken}};
    const std::vector<std::string> seeds{"{\"campaign\":",
                                         "{\"xml\": 12}",
                                         "[1,2,3]",
                                         "{\"runs\": -5}",
                                         "{\"runs\": 5, \"assume\": \"Nobody=militia battalions:1\"}",
                                         "{\"runs\": 5, \"assume\": [12, \"=:\"]}",
                                         "{\"runs\": 5, \"assume\": [\"X=militia battalions:many\"]}",
                                         "{\"xml\": \"<orders",
                                         "\"just a string\"",
                                         "{\"passphrase\": null}",
                                         "{",
                                         "}",
                                         "nul",
                                         "{\"a\":\"\\ud800\"}",
                                         "{\"xml\": \"<?xml version='1.0'?><orders formatVersion='1' side='american' week='1' day='1'>"
                                         "<order me='nobody'/></orders>\"}"};
    std::map<int, int> statuses;
    int oversized = 0, raw = 0;
    for (int i = 0; i < count; ++i) {
        const auto& [path, session] = paths[random() % paths.size()];
        httplib::Headers auth;
        if (!session.empty()) auth.emplace("Authorization", "Bearer " + session);
        std::string body;
        const int kind = static_cast<int>(random() % 10);
        if (kind < 4) {  // a known bad start, cut and with random bytes after it
            body = seeds[random() % seeds.size()];
            body = body.substr(0, random() % (body.size() + 1));
            const int extra = static_cast<int>(random() % 40);
            for (int k = 0; k < extra; ++k) body += static_cast<char>(random() % 256);
        } else if (kind < 6) {  // random bytes
            const int n = static_cast<int>(random() % 300);
            for (int k = 0; k < n; ++k) body += static_cast<char>(random() % 256);
        } else if (kind < 7) {  // deep nesting
            const int depth = 1000 + static_cast<int>(random() % 100000);
            body = std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']');
        } else if (kind < 8) {  // over the limit
            body = std::string((1 << 20) + 1 + random() % 4096, 'x');
            ++oversized;
        } else if (kind < 9) {  // valid JSON of the wrong shape
            body = json{{"xml", std::string(random() % 2000, '<')}, {"runs", "many"}, {"campaign", 42}}.dump();
        } else {  // not HTTP at all
            const int s = socket(AF_INET, SOCK_STREAM, 0);
            sockaddr_in a{};
            a.sin_family = AF_INET;
            a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            a.sin_port = htons(static_cast<std::uint16_t>(server.port()));
            if (connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) {
                std::string junk;
                const int n = 1 + static_cast<int>(random() % 3000);
                for (int k = 0; k < n; ++k) junk += static_cast<char>(random() % 256);
                if (random() % 2) junk = "POST /api/v1/login HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n" + junk;
                [[maybe_unused]] auto w = write(s, junk.data(), junk.size());
                shutdown(s, SHUT_WR);
                char buf[4096];
                while (read(s, buf, sizeof buf) > 0) {
                }
            }
            close(s);
            ++raw;
            continue;
        }
        auto r = http.Post(path.c_str(), auth, body, "application/json");
        REQUIRE(r);
        ++statuses[r->status];
        INFO("request " << i << " to " << path << " answered " << r->status << ": " << r->body.substr(0, 200));
        CHECK(r->status >= 400);
        CHECK(r->status < 500);
        // Every refusal is the server's JSON with a code, never a library's message.
        const auto j = json::parse(r->body, nullptr, false);
        REQUIRE(j.is_object());
        CHECK(j.contains("error"));
        CHECK(r->body.find("parse_error") == std::string::npos);
        CHECK(r->body.find("what()") == std::string::npos);
    }
    REQUIRE(server.alive());
    auto ok = http.Get("/api/v1");
    REQUIRE(ok);
    CHECK(ok->status == 200);
    std::cout << "server fuzz: " << count << " requests (" << oversized << " oversized, " << raw << " not HTTP); answers:";
    for (const auto& [s, n] : statuses) std::cout << " " << s << "x" << n;
    std::cout << "; the server still answers\n";
    CHECK(statuses[413] == oversized);
    CHECK(server.stop() == 0);
}

TEST_CASE("server: killed at random moments of a day's run, every restart goes on to the same state", "[server]") {
    const int kills = envCount("ETATMAJOR_SERVER_KILLS", 3);
    const auto work = workDir("kill");
    const auto pass = writePassfiles(work);
    // A campaign at the orders phase of a busy day (contacts, a battle), both sides' orders given: the server runs
    // the day as soon as it opens it.
    const std::string tmpl = work + "/template.db";
    {
        audit::CampaignPlayer player(scenario(), work + "/play.db", 3, false);
        for (int d = 0; d < 4; ++d) {
            player.giveOrders();
            player.finishDay();
        }
        player.giveOrders();
        SQLite::Database db(player.dbPath(), SQLite::OPEN_READONLY);
        db.exec("VACUUM INTO '" + tmpl + "'");
    }
    long span = 0;  // how long the uninterrupted day's run took, from the moment the server listened
    auto runOnce = [&](const std::string& name, int killAfterMs, int& phasesAtKill) {
        const auto dir = work + "/" + name;
        fs::create_directories(dir);
        fs::copy_file(tmpl, dir + "/kill.db");
        const int before = phasesRun(dir + "/kill.db");
        ServerProcess server(dir, pass.host);  // returns once it listens: the day's run starts then
        const auto started = std::chrono::steady_clock::now();
        if (killAfterMs >= 0) {
            std::this_thread::sleep_until(started + std::chrono::milliseconds(killAfterMs));
            server.kill9();
            phasesAtKill = phasesRun(dir + "/kill.db") - before;
            server.start();
        }
        auto watcher = hostConnection(server.port());
        watcher.loginHost(kHostPass);
        // The host's session sees every campaign; wait for this one.
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(300);
        for (;;) {
            const auto all = watcher.campaigns();
            REQUIRE(all.size() == 1);
            if (all.front().waitingFor == "orders" && phasesRun(dir + "/kill.db") > before) break;
            REQUIRE(all.front().waitingFor != "error");
            REQUIRE(std::chrono::steady_clock::now() < until);
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        if (killAfterMs < 0)
            span = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
        REQUIRE(server.stop() == 0);
        return digestWithoutCredentials(dir + "/kill.db", work);
    };
    int unused = 0;
    const auto expected = runOnce("uninterrupted", -1, unused);
    std::mt19937 random(2024);
    std::map<int, int> landed;  // phases committed when the kill came -> times
    for (int k = 0; k < kills; ++k) {
        const int after = static_cast<int>(random() % static_cast<unsigned>(std::max<long>(span, 50)));
        int at = 0;
        INFO("kill " << k << " after " << after << " ms");
        CHECK(runOnce("kill-" + std::to_string(k), after, at) == expected);
        ++landed[at];
    }
    std::cout << "server kills: " << kills << " kills within " << span << " ms of the day's run; phases committed at the kill:";
    for (const auto& [p, n] : landed) std::cout << " " << p << "x" << n;
    std::cout << "; every restart reached the uninterrupted state\n";
}
