// SPDX-License-Identifier: GPL-3.0-or-later
// The weekly cycle's supply spending, grant replacements, sieges, earthworks and orders by action over a real
// campaign database (etat-major.md §9.1, §9.2.4, §9.6, §9.7, §11.4, §11.5; G-80, G-84, G-86, G-98, G-99).
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_store.hpp"
#include "engine/after_battle_db.hpp"
#include "etatmajor/engine/grant.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "engine/siege_db.hpp"
#include "engine/supply_orders_db.hpp"
#include "etatmajor/engine/turn.hpp"
#include "engine/works_db.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/rules/orders.hpp"
#include "etatmajor/rules/siege.hpp"
#include "etatmajor/rules/water.hpp"

#include <map>

#include "campaign_db.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

using namespace etatmajor;

namespace {

const engine::AdvanceOptions kStandFast{true};

std::string freshDb(const std::string& name, std::uint64_t seed, std::vector<std::string> options = {}) {
    return test::freshCampaignDb("weekly-test", name, "tests/data/campaigns/small.xml", seed, std::move(options));
}

std::string dump(const std::string& path) {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    std::string out;
    SQLite::Statement tables(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    while (tables.executeStep()) {
        const std::string t = tables.getColumn(0).getString();
        SQLite::Statement rows(db, "SELECT * FROM " + t + " ORDER BY 1, 2");
        while (rows.executeStep()) {
            out += t + ":";
            for (int i = 0; i < rows.getColumnCount(); ++i) out += rows.getColumn(i).getString() + "|";
            out += "\n";
        }
    }
    return out;
}

void phases(db::CampaignStore& store, int n) {
    for (int i = 0; i < n; ++i) REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
}

int value(const std::string& path, const std::string& sql) {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    return db.execAndGet(sql).getInt();
}

}  // namespace

TEST_CASE("G-86: the commander's split of a shared source decides who is replaced", "[engine][supply]") {
    for (const bool split : {false, true}) {
        const auto path = freshDb(split ? "split" : "nosplit", 3);
        {
            etatmajor::test::RawEdit raw(path);
            // As in the W4 engine test: Red Foot (1st Bde) lost 6 figures in battle, Red Dragoons (Horse) 3 to attrition.
            raw.exec("UPDATE unit SET figures_current = 10, stands_current = 3, lost_combat = 6 WHERE id = 'red-foot'");
            raw.exec("UPDATE unit SET figures_current = 6, stands_current = 2, lost_attrition = 3 WHERE id = 'red-dragoons'");
        }
        auto store = db::CampaignStore::open(path);
        phases(store, 3);  // W1..W3
        const int westby = value(path, "SELECT points FROM supply_ledger WHERE kind = 'ua_income' AND source = 'westby'");
        REQUIRE(westby >= 10);
        if (split) {
            // Everything to the Horse: the 1st Bde, first in order, gets nothing from Westby.
            const auto r = engine::allocateSupply(store, "red", "westby", {{"red-me-2", westby}});
            REQUIRE(r.ok());
            const auto before = dump(path);
            const auto over = engine::allocateSupply(store, "red", "westby", {{"red-me-1", westby}, {"red-me-2", 1}});
            CHECK(over.issues.hasCode("SUPPLY-POINTS"));
            const auto stranger = engine::allocateSupply(store, "red", "westby", {{"blue-me-1", 1}});
            CHECK(stranger.issues.hasCode("SUPPLY-ME"));
            CHECK(stranger.issues.items()[0].where == std::optional<std::string>("blue-me-1.me"));
            CHECK(dump(path) == before);  // refusals change nothing
        }
        phases(store, 1);  // W4
        const int foot = value(path, "SELECT figures_current FROM unit WHERE id = 'red-foot'");
        const int dragoons = value(path, "SELECT figures_current FROM unit WHERE id = 'red-dragoons'");
        if (split) {
            CHECK(foot == 10);                                // nothing left for it
            CHECK(dragoons == 6 + std::min(3, westby / 11));  // 32 / 3 = 10.67 a figure, rounded up per purchase (G-82)
        } else {
            CHECK(foot == 13);  // half of 6 at 3 SP a figure, paid first (ME order)
        }
        // §9.1: nothing is carried over, whatever the split.
        const int spent = value(path, "SELECT COALESCE(-SUM(points), 0) FROM supply_ledger WHERE kind = 'replacement'");
        const int expired = value(path,
                                  "SELECT COALESCE(-SUM(points), 0) FROM supply_ledger WHERE kind = 'expired' AND source = 'westby'");
        CHECK(spent + expired == westby);
    }
}

TEST_CASE("§9.1 spending requests: works bought at W4 after the replacements, refusals change nothing", "[engine][supply][works]") {
    const auto path = freshDb("spend", 5);
    auto store = db::CampaignStore::open(path);
    engine::SpendRequest early{"blue", "blue-me-1", "works", 1, "light", std::nullopt};
    CHECK(engine::requestSpending(store, early).issues.hasCode("SUPPLY-TIMING"));  // before W3
    phases(store, 3);
    const auto before = dump(path);
    // Red has no engineer (§10.3, §11.5); Blue cannot afford 100 heavy widths; a bridge needs a hex.
    engine::SpendRequest red{"red", "red-me-1", "works", 1, "heavy", std::nullopt};
    const auto noEngineer = engine::requestSpending(store, red);
    CHECK(noEngineer.issues.hasCode("SUPPLY-ENGINEER"));
    CHECK(noEngineer.issues.items()[0].where == std::optional<std::string>("red-me-1.kind"));
    engine::SpendRequest tooMuch{"blue", "blue-me-1", "works", 100, "heavy", std::nullopt};
    CHECK(engine::requestSpending(store, tooMuch).issues.hasCode("SUPPLY-FUNDS"));
    engine::SpendRequest bridge{"blue", "blue-me-1", "bridge", 1, "heavy", std::nullopt};
    CHECK(engine::requestSpending(store, bridge).issues.hasCode("SUPPLY-SPEND"));
    engine::SpendRequest boats{"blue", "blue-me-1", "transport", 1, "heavy", std::nullopt};
    CHECK(engine::requestSpending(store, boats).issues.hasCode("SUPPLY-TRANSPORT"));  // Eastby is not by the water
    CHECK(dump(path) == before);
    // One light width (10 SP, §13.1): Eastby's income (2d6 x 5) always covers it.
    REQUIRE(engine::requestSpending(store, early).ok());
    phases(store, 1);  // W4
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT status FROM supply_request").getString() == "bought");
    CHECK(raw.execAndGet("SELECT points FROM supply_ledger WHERE kind = 'works'").getInt() == -10);
    CHECK(raw.execAndGet("SELECT count || ' ' || class || ' ' || how FROM earthwork").getString() == "1 light bought");
}

TEST_CASE("§9.7 / G-80: guns and staff come from the primary grant and march from the home edge", "[engine][grant]") {
    const auto path = freshDb("grant-repl", 7);
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("UPDATE unit_gun SET stands_current = 0 WHERE unit_id = 'red-guns' AND calibre = 'medium'");
        raw.exec("UPDATE general SET status = 'killed' WHERE id = 'red-b2'");
    }
    auto store = db::CampaignStore::open(path);
    CHECK(engine::replaceFromGrant(store, "red", "red-me-3", {"red-guns"}, {}).issues.hasCode("GRANT-TIMING"));
    phases(store, 3);  // W1..W3: the grant arrives
    // W4 does not give the gun back from local SPs (G-80 primary_grant_only).
    phases(store, 1);
    CHECK(value(path, "SELECT stands_current FROM unit_gun WHERE unit_id = 'red-guns' AND calibre = 'medium'") == 0);
    const auto before = dump(path);
    const auto foot = engine::replaceFromGrant(store, "red", "red-me-1", {"red-foot"}, {});
    CHECK(foot.issues.hasCode("GRANT-REPLACE"));
    CHECK(foot.issues.items()[0].where == std::optional<std::string>("red-foot.unit"));
    CHECK(engine::replaceFromGrant(store, "red", "red-me-1", {"red-guns"}, {}).issues.hasCode("GRANT-REPLACE"));  // not its ME
    CHECK(dump(path) == before);

    const auto guns = engine::replaceFromGrant(store, "red", "red-me-3", {"red-guns"}, {});
    REQUIRE(guns.ok());
    CHECK(engine::grantRemaining(store, "red") == 200 - 30);  // one medium gun stand, §13.1
    const auto staff = engine::replaceFromGrant(store, "red", "red-me-2", {}, {"red-b2"});
    REQUIRE(staff.ok());
    CHECK(engine::grantRemaining(store, "red") == 200 - 30 - 30);  // a general of brigade
    CHECK(value(path, "SELECT COUNT(*) FROM event_log WHERE rule = 'etat-major.md §13.3' AND subject = 'red-b2-successor'") == 1);
    CHECK(engine::replaceFromGrant(store, "red", "red-me-2", {}, {"red-b2"}).issues.hasCode("GRANT-REPLACE"));  // only once

    // The guns enter at the primary LOC entry (0,2) as an ME of their own.
    {
        const auto s = db::loadState(store);
        const auto* draft = s.me("red-me-3-repl-w1");
        REQUIRE(draft);
        CHECK(hex::formatOffset(s.map.offsets().toOffset(draft->hex)) == "0,2");
        CHECK(draft->onMap);
    }
    // Walk them to the battery (set here; the daily movement moves them by orders) and end the day.
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("UPDATE me SET q = (SELECT q FROM me WHERE id = 'red-me-3'), r = (SELECT r FROM me WHERE id = 'red-me-3') "
                 "WHERE id = 'red-me-3-repl-w1'");
    }
    const int replacedBefore = value(path, "SELECT points_replaced FROM side WHERE id = 'red'");
    REQUIRE(engine::advance(store, engine::Step::Day, kStandFast).ok);  // W5, D1..D12
    CHECK(value(path, "SELECT stands_current FROM unit_gun WHERE unit_id = 'red-guns' AND calibre = 'medium'") == 1);
    CHECK(value(path, "SELECT on_map FROM me WHERE id = 'red-me-3-repl-w1'") == 0);
    CHECK(value(path, "SELECT arrived_day FROM reinforcement WHERE me_id = 'red-me-3-repl-w1'") == 1);
    // The Horse entered at the primary LOC entry and is still there: the successor joined it the same night.
    CHECK(value(path, "SELECT COUNT(*) FROM general WHERE id = 'red-b2-successor' AND me_id = 'red-me-2'") == 1);
    CHECK(value(path, "SELECT points_replaced FROM side WHERE id = 'red'") == replacedBefore + 30 + 30);
}

TEST_CASE("§11.4 siege: the garrison lives on its town for 1d6 weeks, then starves; terms", "[engine][siege]") {
    const auto path = freshDb("siege", 9);
    {
        // Six Blue MEs close every hex around Westby, where Red's 1st Bde stands.
        auto ro = db::CampaignStore::open(path, true);
        const auto s = db::loadState(ro);
        etatmajor::test::RawEdit raw(path);
        const auto* garrison = s.me("red-me-1");
        REQUIRE(garrison);
        int k = 0;
        for (const auto n : hex::neighbours(garrison->hex)) {
            SQLite::Statement q(raw,
                                "INSERT INTO me (id, side_id, ord, label, q, r, mode, supply_source) VALUES (?, 'blue', ?, ?, ?, ?, "
                                "'deployed_defensive', 'eastby')");
            q.bind(1, "ring-" + std::to_string(k));
            q.bind(2, 10 + k);
            q.bind(3, "Ring " + std::to_string(k));
            q.bind(4, n.q);
            q.bind(5, n.r);
            q.exec();
            // Each ring ME holds a militia battalion like Blue's own (an ME without troops does not stay on the map).
            raw.exec("CREATE TEMP TABLE ring_unit AS SELECT * FROM unit WHERE id = 'blue-militia'");
            raw.exec("UPDATE ring_unit SET id = 'ring-u-" + std::to_string(k) + "', me_id = 'ring-" + std::to_string(k) +
                     "', ord = ord + " + std::to_string(100 + k));
            raw.exec("INSERT INTO unit SELECT * FROM ring_unit");
            raw.exec("DROP TABLE ring_unit");
            ++k;
        }
        raw.exec("UPDATE me SET on_map = 0 WHERE id IN ('red-me-2', 'red-me-3')");  // the rest of Red out of the way
    }
    auto store = db::CampaignStore::open(path);
    phases(store, 3);  // W1..W3
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    const int weeks = raw.execAndGet("SELECT supply_weeks FROM siege WHERE me_id = 'red-me-1'").getInt();
    CHECK(weeks >= 1);
    CHECK(weeks <= 6);
    CHECK(raw.execAndGet("SELECT result FROM event_log WHERE rule = 'etat-major.md §11.4'").getInt() == weeks);
    // Westby feeds its garrison only.
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM supply_ledger WHERE week = 1 AND kind = 'ua_income' AND source = 'westby'").getInt() ==
          0);
    CHECK(raw.execAndGet("SELECT note FROM supply_ledger WHERE week = 1 AND kind = 'siege_income'").getString() == "red-me-1");
    // The stores run out after `weeks` supply phases; from then on each W3 takes the forced-march toll (§8.7.4):
    // Class 3 units lose 1 figure each.
    {
        etatmajor::test::RawEdit rw(path);
        rw.exec("UPDATE siege SET supply_weeks = 1");
    }
    const int foot = raw.execAndGet("SELECT figures_current FROM unit WHERE id = 'red-foot'").getInt();
    const int rifles = raw.execAndGet("SELECT figures_current FROM unit WHERE id = 'red-rifles'").getInt();
    REQUIRE(engine::advance(store, engine::Step::Week, kStandFast).ok);  // the rest of week 1
    phases(store, 3);                                                    // week 2: W1..W3
    // §8.7.4: Class 3 loses 1 figure, 2 in Winter (fm_winter_extra).
    const int toll = db::loadState(store).seasonOfWeek(2) == campaign::Season::Winter ? 2 : 1;
    CHECK(raw.execAndGet("SELECT figures_current FROM unit WHERE id = 'red-foot'").getInt() == foot - toll);
    CHECK(raw.execAndGet("SELECT figures_current FROM unit WHERE id = 'red-rifles'").getInt() == rifles - toll);
    CHECK(raw.execAndGet("SELECT attrition_applied FROM siege").getInt() == 1);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM supply_ledger WHERE week = 2 AND kind = 'siege_income'").getInt() == 0);
    // §11.4 (clarified 2026-11-25): with the stores gone the garrison draws no supply points at all: its town's income
    // is not drawn, and W4 buys none of the siege attrition back.
    CHECK(raw.execAndGet(
                 "SELECT COUNT(*) FROM supply_ledger WHERE week = 2 AND kind IN ('ua_income', 'ua_unclaimed') AND source = 'westby'")
              .getInt() == 0);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM supply_ledger WHERE week = 2 AND kind = 'siege_starved' AND me_id = 'red-me-1'")
              .getInt() == 1);
    phases(store, 1);  // W4: the replacements
    CHECK(raw.execAndGet("SELECT figures_current FROM unit WHERE id = 'red-foot'").getInt() == foot - toll);
    CHECK(
        raw.execAndGet("SELECT COUNT(*) FROM supply_ledger WHERE week = 2 AND kind = 'replacement' AND me_id = 'red-me-1'").getInt() ==
        0);

    // Terms: none offered yet; then offered (as an offer_terms action records them) and accepted.
    const int id = raw.execAndGet("SELECT id FROM siege").getInt();
    CHECK(engine::answerTerms(store, "red", id, true).issues.hasCode("SIEGE-TERMS"));
    {
        etatmajor::test::RawEdit rw(path);
        rw.exec("UPDATE siege SET terms = 'honours of war'");
    }
    CHECK(engine::answerTerms(store, "blue", id, true).issues.hasCode("SIEGE-SIDE"));
    const int lostBefore = raw.execAndGet("SELECT points_lost FROM side WHERE id = 'red'").getInt();
    REQUIRE(engine::answerTerms(store, "red", id, true).ok());
    CHECK(raw.execAndGet("SELECT on_map FROM me WHERE id = 'red-me-1'").getInt() == 0);
    CHECK(raw.execAndGet("SELECT controller FROM urban_area WHERE id = 'westby'").getString() == "blue");
    CHECK(raw.execAndGet("SELECT end_reason FROM siege").getString() == "surrendered");
    CHECK(raw.execAndGet("SELECT status FROM general WHERE id = 'red-b1'").getString() == "captured");
    CHECK(raw.execAndGet("SELECT points_lost FROM side WHERE id = 'red'").getInt() > lostBefore);
}

TEST_CASE("§11.5 earthworks by order, cumulative night after night, and on the battle table", "[engine][works]") {
    for (const bool accumulate : {true, false}) {
        const auto path = freshDb(accumulate ? "works" : "works-once", 11,
                                  accumulate ? std::vector<std::string>{} : std::vector<std::string>{"earthworks_accumulate=no"});
        auto store = db::CampaignStore::open(path);
        phases(store, 5);  // W1..W5
        int dug = 0;
        for (int day = 1; day <= 2; ++day) {
            const auto s = db::loadState(store);
            campaign::OrdersFile f;
            f.side = "blue";
            f.week = s.week;
            f.day = s.day;
            campaign::Order o;
            o.me = "blue-me-1";
            o.mode = campaign::Mode::DeployedDefensive;
            o.actions.push_back({"build_earthworks", ""});
            f.orders.push_back(o);
            REQUIRE_FALSE(engine::submitOrders(store, f).hasErrors());
            REQUIRE(engine::advance(store, engine::Step::Day, kStandFast).ok);
            SQLite::Database raw(path, SQLite::OPEN_READONLY);
            const bool received = raw.execAndGet("SELECT receipt FROM order_sheet WHERE me_id = 'blue-me-1' AND day = " +
                                                 std::to_string(day))
                                      .getString() != "not_received";
            if (received) dug = accumulate ? dug + 3 : 3;
            CHECK(
                raw.execAndGet("SELECT COALESCE(SUM(count), 0) FROM earthwork WHERE how = 'overnight' AND class = 'heavy'").getInt() ==
                dug);
        }
        // The battle record of a fight in that hex next morning carries the works for Blue (side B).
        auto s = db::loadState(store);
        const auto* blue = s.me("blue-me-1");
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        const auto works = engine::battleWorks(raw, s, blue->hex, {"red", "blue"});
        if (dug == 0) {
            CHECK(works.empty());
        } else {
            REQUIRE(works.size() == 1);
            CHECK(works[0].side == 1);
            CHECK(works[0].heavy);
            CHECK(works[0].redoubts == dug);
        }
        // Red, which did not stay there, finds nothing of its own.
        for (const auto& w : works) CHECK(w.side != 0);
    }
}

TEST_CASE("§9.2.4 destroying an urban area by order (G-84 one_day and one_week)", "[engine][supply]") {
    for (const bool week : {false, true}) {
        const auto path = freshDb(week ? "burn-week" : "burn-day", 13,
                                  week ? std::vector<std::string>{"ua_destroy_time=one_week"} : std::vector<std::string>{});
        auto store = db::CampaignStore::open(path);
        phases(store, 5);
        int days = 0;
        for (int day = 1; day <= 2; ++day) {
            const auto s = db::loadState(store);
            campaign::OrdersFile f;
            f.side = "blue";
            f.week = s.week;
            f.day = s.day;
            campaign::Order o;
            o.me = "blue-me-1";
            o.mode = campaign::Mode::Reorganisation;
            o.actions.push_back({"destroy_ua", ""});
            f.orders.push_back(o);
            REQUIRE_FALSE(engine::submitOrders(store, f).hasErrors());
            REQUIRE(engine::advance(store, engine::Step::Day, kStandFast).ok);
            SQLite::Database raw(path, SQLite::OPEN_READONLY);
            const bool received = raw.execAndGet("SELECT receipt FROM order_sheet WHERE me_id = 'blue-me-1' AND day = " +
                                                 std::to_string(day))
                                      .getString() != "not_received";
            days = received ? days + 1 : 0;  // the work must go on night after night
            const bool destroyed = week ? days >= 7 : days >= 1;
            CHECK(raw.execAndGet("SELECT destroyed FROM urban_area WHERE id = 'eastby'").getInt() == (destroyed ? 1 : 0));
            if (week) CHECK(raw.execAndGet("SELECT destroy_days FROM urban_area WHERE id = 'eastby'").getInt() == days);
            if (!week && destroyed) break;
        }
    }
}

TEST_CASE("orders naming §9–§11 actions are checked, ME and field named, nothing stored on refusal", "[engine][orders]") {
    const auto path = freshDb("actions", 15);
    auto store = db::CampaignStore::open(path);
    phases(store, 5);
    const auto s = db::loadState(store);
    auto check = [&](campaign::Order o, const std::string& code, const std::string& where) {
        campaign::OrdersFile f;
        f.side = o.me.rfind("red", 0) == 0 ? "red" : "blue";
        f.week = s.week;
        f.day = s.day;
        f.orders.push_back(o);
        const auto issues = rules::validateOrders(s, f);
        INFO(o.me << " " << (o.actions.empty() ? "" : o.actions[0].kind));
        REQUIRE(issues.hasCode(code));
        bool named = false;
        for (const auto& i : issues.items()) named |= i.where == std::optional<std::string>(where);
        CHECK(named);
    };
    campaign::Order o;
    o.me = "blue-me-1";
    o.mode = campaign::Mode::March;
    o.actions = {{"destroy_ua", ""}};
    check(o, "ORDERS-ACTION", "blue-me-1.action");  // needs Reorganisation
    o.actions = {{"build_earthworks", ""}};
    check(o, "ORDERS-ACTION", "blue-me-1.action");  // March does not dig
    o.me = "red-me-1";
    o.mode = campaign::Mode::Reorganisation;
    check(o, "ORDERS-ACTION", "red-me-1.action");  // no engineer
    o.actions = {{"lay_pontoon", "9,9"}};
    check(o, "ORDERS-ACTION", "red-me-1.action");
    o.mode = campaign::Mode::March;
    o.actions = {{"embark", ""}};
    o.path = {{2, 2}};
    check(o, "ORDERS-PATH", "red-me-1.path");  // a road is no water
    o.actions = {{"disembark", ""}};
    o.path.clear();
    check(o, "ORDERS-ACTION", "red-me-1.action");  // landing without sailing
    o.actions = {{"offer_terms", ""}};
    check(o, "ORDERS-ACTION", "red-me-1.action");  // nobody besieged next to it
    // Submitting a bad order stores nothing.
    campaign::OrdersFile f;
    f.side = "red";
    f.week = s.week;
    f.day = s.day;
    o.actions = {{"destroy_ua", ""}};
    f.orders.push_back(o);
    const auto before = dump(path);
    CHECK(engine::submitOrders(store, f).hasErrors());
    CHECK(dump(path) == before);
}

TEST_CASE("§11.1–§11.2 water movement in the campaign: Charleston's craft lift one ME a week", "[engine][water]") {
    const auto path = test::freshCampaignDb("weekly-test", "water", "campaigns/southern-1780.xml", 3);
    auto store = db::CampaignStore::open(path);
    hex::Hex charleston{};
    {
        const auto s = db::loadState(store);
        const auto* ua = s.urbanArea("charleston");
        REQUIRE(ua);
        charleston = ua->hex;
        REQUIRE(rules::byWater(s.map, charleston));
        etatmajor::test::RawEdit raw(path);
        SQLite::Statement q(raw, "UPDATE me SET q = ?, r = ? WHERE id IN ('b-tarleton', 'b-rawdon')");
        q.bind(1, charleston.q);
        q.bind(2, charleston.r);
        q.exec();
        raw.exec("UPDATE urban_area SET controller = 'british' WHERE id = 'charleston'");
    }
    phases(store, 5);  // W1..W5
    auto s = db::loadState(store);
    // A voyage of two to five steps over navigable water ending on land, found by a search from Charleston.
    std::map<hex::Hex, hex::Hex> cameFrom{{charleston, charleston}};
    std::vector<hex::Hex> frontier{charleston};
    std::vector<hex::Hex> voyage;
    for (int depth = 1; depth <= 5 && voyage.empty(); ++depth) {
        std::vector<hex::Hex> next;
        for (const auto h : frontier)
            for (const auto n : hex::neighbours(h)) {
                if (cameFrom.count(n) || !rules::navigableStep(s.map, h, n)) continue;
                cameFrom[n] = h;
                next.push_back(n);
                if (depth >= 2 && voyage.empty() && !map::isWater(s.map.terrain(n)) && !s.urbanAt(n)) {
                    for (hex::Hex at = n; at != charleston; at = cameFrom[at]) voyage.insert(voyage.begin(), at);
                }
            }
        frontier = next;
    }
    REQUIRE(voyage.size() >= 2);
    campaign::OrdersFile f;
    f.side = "british";
    f.week = s.week;
    f.day = s.day;
    for (const std::string id : {"b-tarleton", "b-rawdon"}) {
        campaign::Order o;
        o.me = id;
        o.mode = campaign::Mode::March;
        for (const auto h : voyage) o.path.push_back(s.map.offsets().toOffset(h));
        o.actions = {{"embark", ""}, {"disembark", ""}};
        f.orders.push_back(o);
    }
    const auto issues = engine::submitOrders(store, f);
    for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE_FALSE(issues.hasErrors());
    const auto day = engine::advance(store, engine::Step::Day, kStandFast);
    REQUIRE(day.ok);
    for (const auto& p : day.phases)
        for (const auto& l : p.lines) UNSCOPED_INFO(p.phase << ": " << l);
    s = db::loadState(store);
    const auto off = s.map.offsets();
    UNSCOPED_INFO("voyage ends at " << hex::formatOffset(off.toOffset(voyage.back())) << "; Tarleton at "
                                    << hex::formatOffset(off.toOffset(s.me("b-tarleton")->hex)));
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    auto received = [&](const std::string& me) {
        return raw.execAndGet("SELECT receipt FROM order_sheet WHERE me_id = '" + me + "'").getString() != "not_received";
    };
    // The city's 400 SP of craft serve the first ME to sail, in the side's ME order (G-96, once a week); the second
    // finds none left and stays. A tardy order sails half as far (G-28): 6 hexes -> 3, at least the two-step voyage
    // being cut only if longer.
    std::string first, second;
    for (const auto& m : s.mes)
        if ((m.id == "b-tarleton" || m.id == "b-rawdon") && received(m.id)) (first.empty() ? first : second) = m.id;
    if (!first.empty()) {
        const bool tardy = raw.execAndGet("SELECT receipt FROM order_sheet WHERE me_id = '" + first + "'").getString() == "tardy";
        const std::size_t reach = std::min(voyage.size(), std::size_t(tardy ? 3 : 6));
        CHECK(s.me(first)->hex == voyage[reach - 1]);
        CHECK(raw.execAndGet("SELECT transport_used_week FROM urban_area WHERE id = 'charleston'").getInt() == 1);
        CHECK(raw.execAndGet("SELECT modifiers FROM movement WHERE me_id = '" + first + "'")
                  .getString()
                  .rfind("by water (§11.2); embarking -1; landing -1", 0) == 0);
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM me_afloat").getInt() == (reach == voyage.size() ? 0 : 1));  // landed
    }
    if (!second.empty()) CHECK(s.me(second)->hex == charleston);
}

TEST_CASE("G-99 paid overnight works come out of the week's grant; G-86 each_full leaves nothing to split",
          "[engine][works][supply]") {
    const auto path = freshDb("works-paid", 11, {"overnight_works=paid", "ua_claims=each_full"});
    auto store = db::CampaignStore::open(path);
    phases(store, 3);
    CHECK(engine::allocateSupply(store, "blue", "eastby", {{"blue-me-1", 1}}).issues.hasCode("SUPPLY-ALLOCATE"));
    phases(store, 2);  // W4, W5
    const auto s = db::loadState(store);
    campaign::OrdersFile f;
    f.side = "blue";
    f.week = s.week;
    f.day = s.day;
    campaign::Order o;
    o.me = "blue-me-1";
    o.mode = campaign::Mode::Reorganisation;
    o.actions.push_back({"build_earthworks", ""});
    f.orders.push_back(o);
    REQUIRE_FALSE(engine::submitOrders(store, f).hasErrors());
    REQUIRE(engine::advance(store, engine::Step::Day, kStandFast).ok);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    const bool received = raw.execAndGet("SELECT receipt FROM order_sheet WHERE me_id = 'blue-me-1'").getString() != "not_received";
    // Three heavy works at 20 SP each (§13.1) from the 200 SP grant.
    CHECK(engine::grantRemaining(store, "blue") == (received ? 140 : 200));
    CHECK(raw.execAndGet("SELECT COALESCE(SUM(count), 0) FROM earthwork").getInt() == (received ? 3 : 0));
}

TEST_CASE("§11.4 the stores roll with scripted dice: 1d6 = 4 weeks, logged with its rule and effect", "[engine][siege]") {
    const auto path = freshDb("siege-dice", 17);
    auto store = db::CampaignStore::open(path);
    auto s = db::loadState(store);
    const auto* garrison = s.me("red-me-1");
    REQUIRE(garrison);
    int k = 0;
    for (const auto n : hex::neighbours(garrison->hex)) {
        campaign::MeState e;
        e.id = "ring-" + std::to_string(k++);
        e.side = "blue";
        e.hex = n;
        e.supplySource = "eastby";
        s.mes.push_back(e);
    }
    dice::ScriptedSource scripted({4});
    dice::Dice dice(scripted, store.rollLog(), store.nextRollSequence());
    dice.setContext(1, 0, "W3");
    std::vector<std::string> lines;
    etatmajor::test::RawEdit raw(path);
    engine::updateSieges(raw, s, dice, lines, true);
    CHECK(raw.execAndGet("SELECT supply_weeks || ' ' || besieger || ' ' || ua_id || ' ' || start_day FROM siege").getString() ==
          "4 blue westby 0");
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].find("stores for 4 week(s)") != std::string::npos);
    CHECK(raw.execAndGet("SELECT rule || ' | ' || effect FROM event_log WHERE rule = 'etat-major.md §11.4'").getString() ==
          "etat-major.md §11.4 | 1st Bde can live on Westby for 4 week(s); then attrition (told to its side)");
    // Stores for weeks 1–4 (found at W3 of week 1); week 5 starves.
    CHECK(rules::siegeSupplied(1, true, 4, 4));
    CHECK_FALSE(rules::siegeSupplied(1, true, 4, 5));
    // Nothing new the next night: the siege is under way.
    lines.clear();
    engine::updateSieges(raw, s, dice, lines, false);
    CHECK(lines.empty());
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM siege").getInt() == 1);
}

TEST_CASE("G-80 engineers: from the grant at 10 SP a stand by default, from local SPs under local_sp", "[engine][grant]") {
    for (const bool local : {false, true}) {
        const auto path = freshDb(local ? "sappers-local" : "sappers", 19,
                                  local ? std::vector<std::string>{"gun_replacement=local_sp"} : std::vector<std::string>{});
        const int fps = value(path, "SELECT figures_per_stand FROM unit WHERE id = 'blue-sappers'");
        {
            // One stand of sappers lost in battle this week.
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE unit SET figures_current = figures_current - figures_per_stand, stands_current = stands_current - 1, "
                     "lost_combat = figures_per_stand WHERE id = 'blue-sappers'");
        }
        const int before = value(path, "SELECT figures_current FROM unit WHERE id = 'blue-sappers'");
        auto store = db::CampaignStore::open(path);
        phases(store, 4);  // W1..W4
        const int afterW4 = value(path, "SELECT figures_current FROM unit WHERE id = 'blue-sappers'");
        if (!local) {
            CHECK(afterW4 == before);  // W4 leaves them to the grant
            const auto r = engine::replaceFromGrant(store, "blue", "blue-me-1", {"blue-sappers"}, {});
            REQUIRE(r.ok());
            CHECK(engine::grantRemaining(store, "blue") == 200 - 10);  // one stand of the 30 SP three-stand group
            CHECK(value(path, "SELECT figures_current FROM unit WHERE draft_for = 'blue-sappers'") == fps);
        } else {
            // Half the stand's figures (G-77, floor G-78), at 10 SP a stand pro rata (G-82): at most 5 SP, which
            // Eastby's income (2d6 x 5) always covers.
            CHECK(afterW4 == before + fps / 2);
            CHECK(value(path, "SELECT -points FROM supply_ledger WHERE unit_id = 'blue-sappers'") == (fps / 2 * 10 + fps - 1) / fps);
        }
    }
}

TEST_CASE("G-84 ua_depletion = stock: what was drawn from a town in earlier weeks is gone from its value", "[engine][supply]") {
    std::map<std::string, int> income;
    for (const std::string rule : {"none", "stock"}) {
        const auto path = freshDb("depletion-" + rule, 3, {"ua_depletion=" + rule});
        {
            // An earlier week: 30 SP came in from Westby and 10 expired unspent, so 20 were drawn.
            etatmajor::test::RawEdit raw(path);
            raw.exec("INSERT INTO supply_ledger (week, side_id, kind, source, me_id, unit_id, figures, points, note) VALUES "
                     "(0, 'red', 'ua_income', 'westby', '', '', 0, 30, 'red-me-1'), "
                     "(0, 'red', 'expired', 'westby', '', '', 0, -10, '')");
        }
        auto store = db::CampaignStore::open(path);
        phases(store, 3);  // W1..W3
        income[rule] = value(path, "SELECT COALESCE(SUM(points), 0) FROM supply_ledger WHERE week = 1 AND kind = 'ua_income' "
                                   "AND source = 'westby'");
    }
    REQUIRE(income["none"] >= 20);  // the same seed rolls the same value
    CHECK(income["stock"] == income["none"] - 20);
}

TEST_CASE("G-69 router_return = travel_at_infantry_mr: routers march 4 hexes a day to the rally point", "[engine][battle]") {
    std::map<std::string, std::pair<int, int>> after;  // rule -> (distance to Westby, hexes moved)
    for (const std::string rule : {"next_morning_at_rally", "travel_at_infantry_mr"}) {
        const auto path = freshDb("routers-" + rule, 3, {"router_return=" + rule});
        auto s = db::loadState(db::CampaignStore::open(path));
        const hex::Hex westby = s.urbanArea("westby")->hex;
        const hex::Hex start = s.map.offsets().toHex({7, 0});  // far to the east, away from the 1st Bde in Westby
        REQUIRE(hex::distance(start, westby) > 4);
        etatmajor::test::RawEdit db(path);
        {
            SQLite::Statement u(db, "UPDATE unit SET detached_q = ?, detached_r = ? WHERE id = 'red-foot'");
            u.bind(1, start.q);
            u.bind(2, start.r);
            u.exec();
        }
        std::vector<std::string> lines;
        engine::endOfDayDetachments(db, s, lines);
        SQLite::Statement q(db, "SELECT detached_q, detached_r FROM unit WHERE id = 'red-foot'");
        REQUIRE(q.executeStep());
        REQUIRE_FALSE(q.getColumn(0).isNull());  // not yet with its ME
        const hex::Hex now{q.getColumn(0).getInt(), q.getColumn(1).getInt()};
        after[rule] = {hex::distance(now, westby), hex::distance(start, now)};
    }
    CHECK(after["next_morning_at_rally"].second == 0);  // the default placed it already; it does not move
    CHECK(after["travel_at_infantry_mr"].second == 4);  // a day at the infantry rate
    CHECK(after["travel_at_infantry_mr"].first < after["next_morning_at_rally"].first);
}

TEST_CASE("G-04 vcs_timing = week_end: the week's VCS is taken after its seventh day, not at W2", "[engine][victory]") {
    for (const std::string rule : {"week_start", "week_end"}) {
        const auto path = freshDb("vcs-" + rule, 3, {"vcs_timing=" + rule});
        auto store = db::CampaignStore::open(path);
        phases(store, 2);  // W1, W2
        const int atW2 = value(path, "SELECT COUNT(*) FROM vcs_history WHERE week = 1");
        {
            // Losses suffered during the week, after W2.
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE side SET points_lost = points_lost + 40 WHERE id = 'red'");
        }
        phases(store, 3 + 7 * 12);  // W3..W5 and the seven days
        REQUIRE(store.info().week == 2);
        const int lost = value(path, "SELECT points_lost FROM vcs_history WHERE week = 1 AND side_id = 'red'");
        CHECK(value(path, "SELECT COUNT(*) FROM vcs_history WHERE week = 1") == 2);
        if (rule == "week_start") {
            CHECK(atW2 == 2);
            CHECK(lost < 40);  // taken before the losses
        } else {
            CHECK(atW2 == 0);
            CHECK(lost >= 40);  // taken at the end of the week, losses included
        }
    }
}

TEST_CASE("G-05 initiative_frequency = daily: days 2-7 open with a fresh initiative roll", "[engine][initiative]") {
    for (const std::string rule : {"weekly", "daily"}) {
        const auto path = freshDb("initiative-" + rule, 3, {"initiative_frequency=" + rule});
        auto store = db::CampaignStore::open(path);
        int rolledOnD1 = 0, d1 = 0;
        for (int i = 0; i < 5 + 7 * 12; ++i) {
            const auto r = engine::advance(store, engine::Step::Phase, kStandFast);
            REQUIRE(r.ok);
            for (const auto& p : r.phases) {
                if (p.phase != campaign::Phase::D1) continue;
                ++d1;
                for (const auto& line : p.lines)
                    if (line.find("hold the strategic initiative today") != std::string::npos) ++rolledOnD1;
            }
        }
        REQUIRE(d1 == 7);
        const int d1Rolls = value(path,
                                  "SELECT COUNT(*) FROM event_log WHERE phase = 'D1' AND purpose LIKE 'strategic initiative of %'");
        const int w1Rolls = value(path,
                                  "SELECT COUNT(*) FROM event_log WHERE phase = 'W1' AND purpose LIKE 'strategic initiative of %'");
        REQUIRE(w1Rolls > 0);
        CHECK(value(path, "SELECT COUNT(*) FROM initiative WHERE week = 1 AND winner = 1") == 1);
        if (rule == "weekly") {
            CHECK(rolledOnD1 == 0);
            CHECK(d1Rolls == 0);
        } else {
            CHECK(rolledOnD1 == 6);  // days 2 to 7; day 1 holds W1's roll
            CHECK(d1Rolls == 6 * w1Rolls);
        }
    }
}

TEST_CASE("G-87 forage_frequency = daily: one forage die per exclusive Forage day of the previous week", "[engine][supply]") {
    for (const std::string rule : {"weekly", "daily"}) {
        const auto path = freshDb("forage-" + rule, 3, {"forage_frequency=" + rule});
        {
            // Three exclusive Forage days before the campaign's first week.
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE me SET forage_days = 3 WHERE id = 'red-me-1'");
        }
        auto store = db::CampaignStore::open(path);
        phases(store, 3);  // W1..W3
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        SQLite::Statement q(raw, "SELECT expression, faces, result FROM event_log WHERE purpose LIKE 'foraging of %' AND "
                                 "subject = 'red-me-1'");
        REQUIRE(q.executeStep());
        const std::string expression = q.getColumn(0).getString();
        const int result = q.getColumn(2).getInt();
        CHECK_FALSE(q.executeStep());  // one roll for the ME
        const int points = value(path, "SELECT points FROM supply_ledger WHERE week = 1 AND kind = 'forage' AND me_id = 'red-me-1'");
        CHECK(expression == (rule == "daily" ? "3d6" : "1d6"));
        CHECK(points == result * 5);  // each die × the UA multiplier, 5 in this campaign (no winter)
        if (rule == "daily") CHECK(points >= 15);
    }
}

TEST_CASE("G-83 rerate_on_new_year = yes: the first week of a new year re-rolls the staff rated by roll", "[engine][setup]") {
    for (const std::string rule : {"no", "yes"}) {
        const auto path = freshDb("rerate-" + rule, 3, {"rerate_on_new_year=" + rule});
        {
            // Week 1 starts on 28 December 1780, so week 2 starts on 4 January 1781.
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE campaign SET start_date = '1780-12-28' WHERE id = 1");
        }
        auto store = db::CampaignStore::open(path);
        phases(store, 5 + 7 * 12 + 1);  // week 1, then week 2's W1
        REQUIRE(store.info().week == 2);
        const int rolledAtSetup = value(path, "SELECT COUNT(*) FROM general WHERE rating_source = 'rolled'");
        REQUIRE(rolledAtSetup == 3);
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        SQLite::Statement q(raw, "SELECT e.subject, e.effect, g.name, g.rating FROM event_log e JOIN general g ON g.id = e.subject "
                                 "WHERE e.purpose LIKE 'staff quality of % in 1781'");
        int rerolled = 0;
        while (q.executeStep()) {
            ++rerolled;
            CHECK(q.getColumn(1).getString() == q.getColumn(2).getString() + " is " + q.getColumn(3).getString());
        }
        CHECK(value(path, "SELECT COUNT(*) FROM event_log WHERE purpose LIKE 'staff quality of % in 1781' AND week = 2 "
                          "AND phase = 'W1'") == rerolled);
        CHECK(rerolled == (rule == "yes" ? rolledAtSetup : 0));
    }
}

TEST_CASE("G-01 sequence = chart_daily: a fresh initiative every day and the VCS at the end of every day", "[engine][victory]") {
    for (const std::string rule : {"body", "chart_daily"}) {
        const auto path = freshDb("sequence-" + rule, 3, {"sequence=" + rule});
        auto store = db::CampaignStore::open(path);
        phases(store, 2);  // W1, W2
        const int atW2 = value(path, "SELECT COUNT(*) FROM vcs_history WHERE week = 1");
        phases(store, 3 + 12);  // W3..W5 and day 1
        const int day1Lost = value(path, "SELECT COUNT(*) FROM vcs_history WHERE week = 1 AND points_lost > 0");
        {
            // Red's army is all but destroyed on day 2.
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE side SET points_lost = vcs_baseline WHERE id = 'red'");
        }
        phases(store, 12);  // day 2
        const int w1Rolls = value(path,
                                  "SELECT COUNT(*) FROM event_log WHERE phase = 'W1' AND purpose LIKE 'strategic initiative of %'");
        const int d1Rolls = value(path,
                                  "SELECT COUNT(*) FROM event_log WHERE phase = 'D1' AND purpose LIKE 'strategic initiative of %'");
        REQUIRE(w1Rolls > 0);
        const int ended = value(path, "SELECT ended FROM campaign WHERE id = 1");
        CHECK(day1Lost == 0);
        if (rule == "body") {
            CHECK(atW2 == 2);
            CHECK(d1Rolls == 0);
            CHECK(ended == 0);  // the defeat waits for next week's W2
        } else {
            CHECK(atW2 == 0);
            CHECK(d1Rolls == w1Rolls);  // day 2's roll; day 1 holds W1's
            CHECK(ended == 1);          // taken at the end of day 2
            CHECK(value(path, "SELECT COUNT(*) FROM campaign WHERE end_reason = 'defeat' AND winner = 'blue'") == 1);
            CHECK(value(path, "SELECT defeated FROM vcs_history WHERE week = 1 AND side_id = 'red'") == 1);
        }
    }
}

TEST_CASE("G-54 command_limit in play: a split or a replacement draft past the limit is refused and changes nothing",
          "[engine][reorg]") {
    for (const std::string rule : {"one_plus_one_double", "unlimited"}) {
        const auto path = freshDb("command-" + rule, 19, {"command_limit=" + rule});
        {
            // One stand of sappers lost in battle this week, for the grant to replace.
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE unit SET figures_current = figures_current - figures_per_stand, stands_current = stands_current - 1, "
                     "lost_combat = figures_per_stand WHERE id = 'blue-sappers'");
        }
        auto store = db::CampaignStore::open(path);
        phases(store, 4);  // W1..W4
        // blue-p2 commands blue-me-1; the Continentals split off under him are his double command.
        const auto first = engine::splitMe(store, "blue", "blue-me-1", "blue-cont-me", "Continentals", {"blue-1a"});
        REQUIRE(first.ok());
        CHECK(value(path, "SELECT COUNT(*) FROM me WHERE commander = 'blue-p2'") == 2);
        const auto before = dump(path);
        const auto second = engine::splitMe(store, "blue", "blue-me-1", "blue-rifle-me", "Riflemen", {"blue-riflemen"});
        const auto draft = engine::replaceFromGrant(store, "blue", "blue-me-1", {"blue-sappers"}, {});
        if (rule == "one_plus_one_double") {
            REQUIRE_FALSE(second.ok());
            const auto text = second.issues.items().front().format();
            CHECK(text.find("ME-COMMAND-LIMIT") != std::string::npos);
            CHECK(text.find("ME 'blue-rifle-me'") != std::string::npos);
            CHECK(text.find("would command 3 MEs") != std::string::npos);
            CHECK(text.find("G-54") != std::string::npos);
            REQUIRE_FALSE(draft.ok());
            CHECK(draft.issues.items().front().format().find("ME 'blue-me-1-repl-w1'") != std::string::npos);
            CHECK(draft.lines.empty());
            CHECK(dump(path) == before);  // nothing written by either
            CHECK(engine::grantRemaining(store, "blue") == 200);
        } else {
            CHECK(second.ok());
            CHECK(draft.ok());
            CHECK(value(path, "SELECT COUNT(*) FROM me WHERE commander = 'blue-p2'") == 4);  // the draft is his too
            CHECK(engine::grantRemaining(store, "blue") == 200 - 10);
        }
    }
}

TEST_CASE("G-81 replacement_source = any_traceable: income for every ME that reaches a town, and purses on several pools",
          "[engine][supply]") {
    std::map<std::string, int> westbyIncome;
    for (const std::string rule : {"nominated", "any_traceable"}) {
        const auto path = freshDb("source-" + rule, 3, {"replacement_source=" + rule});
        {
            // Red holds Mill Farm too, down the lane from Westby; nobody names it as a source.
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE urban_area SET controller = 'red' WHERE id = 'mill'");
        }
        auto store = db::CampaignStore::open(path);
        phases(store, 3);  // W1..W3
        const int westby = value(
            path, "SELECT COALESCE(SUM(points), 0) FROM supply_ledger WHERE week = 1 AND kind = 'ua_income' AND source = 'westby'");
        const int mill = value(
            path, "SELECT COALESCE(SUM(points), 0) FROM supply_ledger WHERE week = 1 AND kind = 'ua_income' AND source = 'mill'");
        const int unclaimed = value(path,
                                    "SELECT COUNT(*) FROM supply_ledger WHERE week = 1 AND kind = 'ua_unclaimed' AND source = 'mill'");
        REQUIRE(westby > 0);
        westbyIncome[rule] = westby;
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        const auto state = db::loadState(store);
        const engine::SupplyPurse purse(raw, state);
        const std::string reach =
            raw.execAndGet("SELECT reachable FROM loc_status WHERE week = 1 AND day = 0 AND me_id = 'red-me-1'").getString();
        if (rule == "nominated") {
            CHECK(mill == 0);
            CHECK(unclaimed == 1);  // nobody nominated it: nobody draws on it (§9.2.5)
            CHECK(reach.empty());
            CHECK(purse.available("red-me-1") == westby);
        } else {
            CHECK(unclaimed == 0);
            CHECK(mill > 0);
            CHECK(reach == "westby mill");  // its own source first
            const std::string claimants = raw.execAndGet("SELECT note FROM supply_ledger WHERE week = 1 AND kind = 'ua_income' "
                                                         "AND source = 'mill'")
                                              .getString();
            CHECK(claimants.find("red-me-1") != std::string::npos);
            CHECK(purse.available("red-me-1") == westby + mill);  // both pools
            // Paying more than Westby holds takes the rest from Mill Farm.
            engine::SupplyPurse paying(raw, state);
            REQUIRE(paying.pay("red-me-1", westby + 1));
            CHECK(paying.available("red-me-1") == mill - 1);
        }
    }
    CHECK(westbyIncome["nominated"] == westbyIncome["any_traceable"]);  // same seed, same roll
}

TEST_CASE("G-64 objective_scoring = cumulative_captures: the engine counts captures and the VCS adds each", "[engine][victory]") {
    for (const std::string rule : {"holding", "cumulative_captures"}) {
        const auto path = freshDb("captures-" + rule, 3, {"objective_scoring=" + rule});
        std::string id;
        int objValue = 0;
        {
            // One of Red's objectives taken twice already and lost again; W2 values it.
            etatmajor::test::RawEdit raw(path);
            id = raw.execAndGet("SELECT id FROM objective WHERE assigned_to = 'red' ORDER BY id LIMIT 1").getString();
            objValue = raw.execAndGet("SELECT value FROM objective WHERE id = '" + id + "'").getInt();
            raw.exec("UPDATE objective SET captures = 2, controller = 'blue' WHERE id = '" + id + "'");
        }
        auto store = db::CampaignStore::open(path);
        const int heldBefore = value(path,
                                     "SELECT COALESCE(SUM(value), 0) FROM objective WHERE assigned_to = 'red' AND controller = 'red'");
        phases(store, 2);  // W1, W2
        const int scored = value(path, "SELECT objectives_value FROM vcs_history WHERE week = 1 AND side_id = 'red'");
        CHECK(value(path, "SELECT captures FROM objective WHERE id = '" + id + "'") == 2);  // kept through a phase
        if (rule == "holding") CHECK(scored == heldBefore);
        else CHECK(scored == 2 * objValue);
    }
}

TEST_CASE("G-64: an ME marching through its side's objective captures it; the capture is counted", "[engine][victory]") {
    const auto path = freshDb("capture-march", 3, {"objective_scoring=cumulative_captures"});
    auto store = db::CampaignStore::open(path);
    phases(store, 5 + 1);  // W1..W5, D1
    const auto info = store.info();
    const auto orders = io::readOrdersString("<orders formatVersion=\"1\" side=\"red\" week=\"" + std::to_string(info.week) +
                                                 "\" day=\"" + std::to_string(info.day) +
                                                 "\">\n"
                                                 "<order me=\"red-me-1\" mode=\"march\"><path>2,2 3,2</path></order>\n</orders>",
                                             "red.xml");
    REQUIRE_FALSE(engine::submitOrders(store, orders).hasErrors());
    phases(store, 4);  // D2..D5
    REQUIRE(value(path, "SELECT receipt <> 'not_received' FROM order_sheet WHERE me_id = 'red-me-1'") == 1);
    REQUIRE(value(path, "SELECT COUNT(*) FROM me WHERE id = 'red-me-1' AND q || ',' || r = (SELECT q || ',' || r FROM objective "
                        "WHERE id = 'o-r3')") == 1);
    CHECK(value(path, "SELECT captures FROM objective WHERE id = 'o-r3'") == 1);
    CHECK(value(path, "SELECT controller = 'red' FROM objective WHERE id = 'o-r3'") == 1);
    CHECK(value(path, "SELECT SUM(captures) FROM objective WHERE assigned_to = 'blue'") == 0);  // red's march takes nothing of blue's
}

TEST_CASE("G-54 command_limit: a detachment in transit counts toward its commander unless it empties its ME", "[engine][reorg]") {
    const auto path = freshDb("command-transit", 19);
    auto store = db::CampaignStore::open(path);
    REQUIRE(engine::splitMe(store, "blue", "blue-me-1", "blue-cont-me", "Continentals", {"blue-1a"}).ok());
    {
        // The Continentals have marched one hex west of the division.
        etatmajor::test::RawEdit raw(path);
        raw.exec("UPDATE me SET q = q - 1 WHERE id = 'blue-cont-me'");
    }
    const auto before = dump(path);
    // The riflemen sent off to them travel as an ME of blue-p2's: a third command.
    const auto part = engine::transfer(store, "blue", "blue-me-1", "blue-cont-me", {"blue-riflemen"});
    REQUIRE_FALSE(part.ok());
    CHECK(part.issues.items().front().format().find("ME 'blue-me-1-to-blue-cont-me'") != std::string::npos);
    CHECK(dump(path) == before);
    // Dissolving the Continentals into the division: their ME leaves the map, so the detachment is his second.
    const auto whole = engine::dissolveMe(store, "blue", "blue-cont-me", "blue-me-1");
    CHECK(whole.ok());
    CHECK(value(path, "SELECT COUNT(*) FROM me WHERE commander = 'blue-p2' AND on_map = 1") == 2);
}
