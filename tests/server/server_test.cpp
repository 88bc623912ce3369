// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-server end to end (docs/server.md): the real server on a loopback port, the real command-line program as
// its clients, and the fog-of-war audit (tests/audit) over every byte the server sends to the American client.
#include "harness.hpp"

#include "../audit/audit.hpp"
#include "../audit/campaign_player.hpp"
#include "../audit/capture.hpp"
#include "../audit/knowledge.hpp"

#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/client/client.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_checksum.hpp"
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
#include <cstdlib>
#include <functional>
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

namespace {

const std::string kHostPass = "host passphrase 1780";
const std::map<std::string, std::string> kSidePass{{"british", "british passphrase"}, {"american", "american passphrase"}};

std::string scenario() { return (fs::path(sourceDir()) / "campaigns" / "southern-1780.xml").string(); }

int envCount(const char* name, int fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::atoi(v) : fallback;
}

// The digest of a campaign's state without its credentials (their salts differ from one campaign to the next).
// `inputs` false: without the arguments and results of its logged commands either, where two campaigns given the same
// orders differ only in how they were given (the set-up's passphrase hashes, the files' names); the log's commands,
// their order and where each was given still count.
std::string digestWithoutCredentials(const std::string& dbPath, const std::string& scratch, bool inputs = true) {
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

using AtStop = std::function<void(const client::CampaignEntry&)>;

// Waits until the server's campaign waits for the orders of a day other than week/day (or has ended). At each weekly
// stop on the way (docs/server.md "The turn's stops") `atStop` is called once, with the calendar of `c`'s side.
client::CampaignEntry waitForOrders(client::Connection& c, int week, int day, const AtStop& atStop, int seconds = 300) {
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

struct Passfiles {
    std::string host;
    std::map<std::string, std::string> sides;
};

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

// Every side says it is done with the weekly stop through the command-line client (`urlOf`: each side's address of
// the server). A stop that does not wait for a side (terms to answer before W1) refuses it, and it stays silent.
void everySideDone(const std::function<std::string(const std::string&)>& urlOf, const Passfiles& pass) {
    for (const auto& [side, file] : pass.sides) {
        const auto r = cli({"week", "done", "--server", urlOf(side), "--side", side, "--password-file", file});
        INFO(r.output);
        if (r.output.find("WEEK-NOT-AWAITED") != std::string::npos) continue;
        CHECK(r.exitCode == 0);
        CHECK(r.output.find(side + " are done with the weekly stop before ") != std::string::npos);
    }
}

// The side's weekly commands, each asked so that the rules refuse it whatever the day (an id that does not exist, a
// phase long past, one unit where two are needed): their answers are checked by the audit with everything else the
// side was sent, and the campaign stays the one played locally. `target` are the options that reach the server.
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

}  // namespace

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

namespace {

// Follows a campaign's events as `c`'s side, the weekly stops' too, until it waits for `waiting` before `phase` of
// `week`; every stop event seen is kept in `stops`.
client::CampaignEntry waitUntil(client::Connection& c, const std::string& waiting, int week, const std::string& phase,
                                std::vector<client::StopEvent>& stops, int seconds = 300) {
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

}  // namespace

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
