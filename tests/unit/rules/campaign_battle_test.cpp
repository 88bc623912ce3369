// Battles inside the campaign (etat-major.md §8.8–§8.11): encounter timing vectors TV-2…TV-4 and the §16.7
// example; a contact on the bundled campaign becomes a battle at D6, is fought at D9 with losses written back,
// replaced in part at the next W4; the same seed fights the same battle; tabletop results are checked and refused
// without changing anything.
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"

#include "campaign_db.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>
#include <fstream>
#include <string_view>

using namespace etatmajor;

namespace {

std::string freshDb(const std::string& name, std::uint64_t seed = 9) {
    const auto path = test::freshCampaignDb("campaign-battle-test", name, "campaigns/southern-1780.xml", seed);
    // The Marylanders and Tarleton's reserve meet on the road a hex out of Cheraw (the American supply source).
    etatmajor::test::RawEdit raw(path);
    raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 34 AND row = 34), "
             "r = (SELECT r FROM map_hex WHERE col = 34 AND row = 34) WHERE id IN ('a-maryland', 'b-tarleton')");
    // The Americans mean to attack; Tarleton stands on the defensive (both hold orders that make them fight).
    raw.exec("UPDATE me SET mode = 'deployed_offensive' WHERE id = 'a-maryland'");
    raw.exec("UPDATE me SET mode = 'deployed_defensive' WHERE id = 'b-tarleton'");
    return path;
}

// Every row of every table, for "nothing changed" checks.
std::string dump(const std::string& path) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    std::vector<std::string> tables;
    SQLite::Statement t(raw, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    while (t.executeStep()) tables.push_back(t.getColumn(0).getString());
    std::string out;
    for (const auto& name : tables) {
        SQLite::Statement q(raw, "SELECT * FROM \"" + name + "\"");
        out += "#" + name + "\n";
        while (q.executeStep()) {
            for (int i = 0; i < q.getColumnCount(); ++i) out += q.getColumn(i).getString() + "|";
            out += "\n";
        }
    }
    return out;
}

int total(const std::string& path, const std::string& sql) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getInt();
}

void write(const std::string& file, const std::string& text) { std::ofstream(file) << text; }

}  // namespace

TEST_CASE("§8.8.1 encounter timing: TV-2, TV-3, TV-4", "[rules][battle][vector]") {
    const campaign::Options o;
    const auto arrival = [&](int moved, int allow, int d) { return engine::encounterTiming(moved, allow, d, o).arrivalTurn; };
    const auto t = [&](int moved, int allow, int d) { return engine::encounterTiming(moved, allow, d, o).turnsOfDaylight; };
    // TV-2
    CHECK(t(1, 4, 12) == 12);
    CHECK(t(2, 4, 12) == 12);
    CHECK(t(3, 4, 12) == 2);
    CHECK(t(4, 4, 12) == 2);
    CHECK(arrival(1, 4, 12) == 1);
    CHECK(arrival(2, 4, 12) == 1);
    CHECK(arrival(3, 4, 12) == 11);
    CHECK(arrival(4, 4, 12) == 11);
    // TV-3
    CHECK(t(3, 6, 12) == 6);
    CHECK(t(4, 6, 12) == 6);
    CHECK(t(5, 6, 12) == 2);
    CHECK(arrival(3, 6, 12) == 7);
    CHECK(arrival(4, 6, 12) == 7);
    CHECK(arrival(5, 6, 12) == 11);
    // TV-4 (winter)
    CHECK(t(3, 5, 8) == 4);
    CHECK(t(4, 5, 8) == 2);
    CHECK(arrival(3, 5, 8) == 5);
    CHECK(arrival(4, 5, 8) == 7);
    // Standing still is a full day.
    CHECK(arrival(0, 0, 10) == 1);
}

TEST_CASE("§16.7 combat determination example and its variants", "[rules][battle][example]") {
    campaign::Options o;
    // BL moved 1 of 5, VA 1 of 1; D = 12.
    const auto bl = engine::encounterTiming(1, 5, 12, o);
    const auto va = engine::encounterTiming(1, 1, 12, o);
    CHECK(bl.arrivalTurn == 1);
    CHECK(va.arrivalTurn == 1);
    CHECK(engine::battleStartTurn({{"british", bl.arrivalTurn}, {"american", va.arrivalTurn}}) == 1);

    REQUIRE_FALSE(o.set("encounter_timing", "body_fraction").has_value());
    const auto bl2 = engine::encounterTiming(1, 5, 12, o);
    const auto va2 = engine::encounterTiming(1, 1, 12, o);
    CHECK(bl2.arrivalTurn == 1);
    CHECK(va2.arrivalTurn == 11);
    const int s = engine::battleStartTurn({{"british", bl2.arrivalTurn}, {"american", va2.arrivalTurn}});
    CHECK(s == 11);
    CHECK(12 - s + 1 == 2);
    // base_mr basis: VA's 1 of 4 hexes is 25 %.
    CHECK(engine::encounterTiming(1, 4, 12, o).arrivalTurn == 1);

    REQUIRE_FALSE(o.set("encounter_timing", "chart_arrival").has_value());
    CHECK(engine::encounterTiming(1, 5, 12, o).arrivalTurn == 1);
    CHECK(engine::encounterTiming(1, 1, 12, o).arrivalTurn == 6);
    CHECK(engine::battleStartTurn({{"british", 1}, {"american", 6}}) == 6);
}

TEST_CASE("§8.9 marching to the guns: TV-10, TV-11, TV-12", "[rules][battle][vector]") {
    campaign::Options o;
    using campaign::Mode;
    const hex::Hex battle{0, 0};
    const hex::Hex north1{0, -1}, north2{0, -2}, south1{0, 1};
    const auto flat = hex::Orientation::Flat;
    // TV-10: wind from the south, an ME one hex north marching by road arrives on battle turn 3.
    CHECK(engine::downwindOf(battle, north1, "south", flat, o));
    CHECK(engine::marchToGunsArrival(1, true, Mode::March, false, 1, 12, o) == 3);
    // TV-11: two hexes north, Deployed-Offensive, cross-country: 6 + 1 + 1; force-marching cancels the +1.
    CHECK(engine::downwindOf(battle, north2, "south", flat, o));
    CHECK(engine::marchToGunsArrival(2, false, Mode::DeployedOffensive, false, 1, 12, o) == 8);
    CHECK(engine::marchToGunsArrival(2, false, Mode::DeployedOffensive, true, 1, 12, o) == 7);
    // TV-12: upwind, or foraging: not eligible.
    CHECK_FALSE(engine::downwindOf(battle, south1, "south", flat, o));
    CHECK_FALSE(engine::marchToGunsArrival(1, true, Mode::Forage, false, 1, 12, o).has_value());
    // Counted from the battle's first turn (G-24), and lost after nightfall.
    CHECK(engine::marchToGunsArrival(1, true, Mode::March, false, 7, 12, o) == 9);
    CHECK_FALSE(engine::marchToGunsArrival(2, false, Mode::March, false, 7, 12, o).has_value());
    REQUIRE_FALSE(o.set("mttg_turn_count", "after_n").has_value());
    CHECK(engine::marchToGunsArrival(1, true, Mode::March, false, 1, 12, o) == 4);
    // Narrower arcs (G-19): a pointy-top neighbour 30 degrees off north is inside the half plane and the 120 degree
    // cone, outside the 60 degree one.
    campaign::Options cone;
    const hex::Hex northWest{0, -1};
    CHECK(engine::downwindOf(battle, northWest, "south", hex::Orientation::Pointy, cone));
    REQUIRE_FALSE(cone.set("downwind_arc", "cone_120").has_value());
    CHECK(engine::downwindOf(battle, northWest, "south", hex::Orientation::Pointy, cone));
    REQUIRE_FALSE(cone.set("downwind_arc", "cone_60").has_value());
    CHECK_FALSE(engine::downwindOf(battle, northWest, "south", hex::Orientation::Pointy, cone));
}

TEST_CASE("a shared hex becomes a battle at D6, fought at D9 with the losses written back and W4 replaces some",
          "[engine][battle]") {
    const auto path = freshDb("auto");
    const int figuresBefore = total(path, "SELECT SUM(figures_current) FROM unit WHERE me_id IN ('a-maryland', 'b-tarleton')");
    const int pointsBefore = total(path, "SELECT SUM(points_lost) FROM side");
    const int allBefore = total(path, "SELECT SUM(figures_current) FROM unit");
    {
        auto store = db::CampaignStore::open(path);
        const auto r = engine::advance(store, engine::Step::Day, {true});
        REQUIRE(r.ok);
        bool saw = false;
        for (const auto& p : r.phases)
            if (p.phase == campaign::Phase::D6)
                for (const auto& l : p.lines) saw = saw || l.find("battle 1") != std::string::npos;
        CHECK(saw);
    }
    CHECK(total(path, "SELECT COUNT(*) FROM battle") == 1);
    CHECK(total(path, "SELECT COUNT(*) FROM battle WHERE status = 'resolved'") == 1);
    CHECK(total(path, "SELECT COUNT(*) FROM battle_participant WHERE battle_id = 1") >= 2);
    CHECK(total(path, "SELECT COUNT(*) FROM battle_participant WHERE me_id = 'b-tarleton'") == 1);
    CHECK(total(path, "SELECT COUNT(*) FROM battle_participant WHERE arrival_turn <> 1") == 0);  // nobody moved
    CHECK(total(path, "SELECT COUNT(*) FROM battle_loss WHERE battle_id = 1") > 0);
    const int figuresAfter = total(path, "SELECT SUM(figures_current) FROM unit WHERE me_id IN ('a-maryland', 'b-tarleton')");
    CHECK(figuresAfter < figuresBefore);
    CHECK(total(path, "SELECT SUM(points_lost) FROM side") > pointsBefore);
    CHECK(total(path, "SELECT SUM(lost_combat) FROM unit") == total(path, "SELECT SUM(figures_lost) FROM battle_loss"));
    CHECK(total(path, "SELECT SUM(figures_current) FROM unit") + total(path, "SELECT SUM(figures_lost) FROM battle_loss") ==
          allBefore);
    CHECK(total(path, "SELECT COUNT(*) FROM me WHERE pinned = 1") == 0);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    const std::string result = raw.execAndGet("SELECT result FROM battle WHERE id = 1").getString();
    CHECK_FALSE(result.empty());
    CHECK_FALSE(raw.execAndGet("SELECT narrative FROM battle WHERE id = 1").getString().empty());

    SECTION("the same seed fights the same battle") {
        const auto again = freshDb("auto-again");
        auto store = db::CampaignStore::open(again);
        REQUIRE(engine::advance(store, engine::Step::Day, {true}).ok);
        SQLite::Database other(again, SQLite::OPEN_READONLY);
        CHECK(other.execAndGet("SELECT result FROM battle WHERE id = 1").getString() == result);
        CHECK(total(again, "SELECT SUM(figures_current) FROM unit WHERE me_id IN ('a-maryland', 'b-tarleton')") == figuresAfter);
    }

    SECTION("the next week's W4 gives some combat losses back") {
        auto store = db::CampaignStore::open(path);
        REQUIRE(engine::advance(store, engine::Step::Week, {true}).ok);
        for (int i = 0; i < 4; ++i) REQUIRE(engine::advance(store, engine::Step::Phase, {true}).ok);  // W1..W4 of week 2
        CHECK(total(path, "SELECT COUNT(*) FROM supply_ledger WHERE week = 2 AND kind = 'replacement' AND note = 'combat'") > 0);
    }
}

TEST_CASE("tabletop battles wait for their result and bad results are refused without a change", "[engine][battle]") {
    const auto path = freshDb("tabletop");
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("INSERT OR REPLACE INTO campaign_option (key, value) VALUES ('battle_resolution', 'tabletop')");
    }
    auto store = db::CampaignStore::open(path);
    const auto r = engine::advance(store, engine::Step::Day, {true});
    CHECK_FALSE(r.ok);
    REQUIRE(r.issues.hasErrors());
    CHECK(r.issues.items().front().code == "BATTLE-TABLETOP");
    CHECK(total(path, "SELECT COUNT(*) FROM battle WHERE status = 'tabletop'") == 1);
    const auto dir = std::filesystem::temp_directory_path() / "etatmajor-campaign-battle-test";
    std::vector<std::string> lines;

    SQLite::Database ro(path, SQLite::OPEN_READONLY);
    const std::string inBattle = ro.execAndGet("SELECT id FROM unit WHERE me_id = 'b-tarleton' ORDER BY id LIMIT 1").getString();
    const int figures = ro.execAndGet("SELECT figures_current FROM unit WHERE id = '" + inBattle + "'").getInt();
    const std::string outside = ro.execAndGet("SELECT id FROM unit WHERE me_id = 'b-webster' ORDER BY id LIMIT 1").getString();

    const auto before = dump(path);
    const std::string foreign = (dir / "foreign.xml").string();
    write(foreign, "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"british\"><unit id=\"" + outside +
                       "\" figuresLost=\"1\"/></battleResult>");
    auto issues = engine::enterBattleResult(store, 1, foreign, lines);
    REQUIRE(issues.hasErrors());
    CHECK(issues.items().front().message.find(outside) != std::string::npos);
    CHECK(dump(path) == before);

    const std::string tooMany = (dir / "too-many.xml").string();
    write(tooMany, "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"british\"><unit id=\"" + inBattle + "\" figuresLost=\"" +
                       std::to_string(figures + 1) + "\"/></battleResult>");
    issues = engine::enterBattleResult(store, 1, tooMany, lines);
    REQUIRE(issues.hasErrors());
    CHECK(issues.items().front().message.find(inBattle) != std::string::npos);
    CHECK(issues.items().front().message.find("figuresLost") != std::string::npos);
    CHECK(dump(path) == before);

    // Every problem of a file is reported with its line, not only the first: a negative count is called negative, and
    // figures and stands that disagree are refused.
    const std::string second = ro.execAndGet("SELECT id FROM unit WHERE me_id = 'b-tarleton' ORDER BY id LIMIT 1 OFFSET 1").getString();
    const std::string several = (dir / "several.xml").string();
    write(several, "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"british\">\n  <unit id=\"" + inBattle +
                       "\" figuresLost=\"-3\"/>\n  <unit id=\"" + second + "\" figuresLost=\"1\" standsLost=\"2\"/>\n</battleResult>\n");
    issues = engine::enterBattleResult(store, 1, several, lines);
    REQUIRE(issues.items().size() == 2);
    CHECK(issues.items()[0].line == 2);
    CHECK(issues.items()[0].file == several);
    CHECK(issues.items()[0].message.find("is negative") != std::string::npos);
    CHECK(issues.items()[1].line == 3);
    CHECK(issues.items()[1].message.find("standsLost must be") != std::string::npos);
    CHECK(issues.items()[0].format().find(several + ":2:") == 0);
    CHECK(dump(path) == before);

    const std::string good = (dir / "good.xml").string();
    write(good, "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"british\"><unit id=\"" + inBattle +
                    "\" figuresLost=\"2\"/></battleResult>");
    issues = engine::enterBattleResult(store, 1, good, lines);
    CHECK_FALSE(issues.hasErrors());
    CHECK(total(path, "SELECT COUNT(*) FROM battle WHERE status = 'resolved' AND winner = 'british'") == 1);
    CHECK(total(path, "SELECT figures_current FROM unit WHERE id = '" + inBattle + "'") == figures - 2);
    CHECK(engine::advance(store, engine::Step::Day, {true}).ok);
}

TEST_CASE("an ME ordered to march to the guns joins a battle downwind of it", "[engine][battle]") {
    const auto path = freshDb("guns");
    auto store = db::CampaignStore::open(path);
    // Run the weekly phases and D1, stopping before today's orders.
    while (store.info().phase != campaign::Phase::D2) REQUIRE(engine::advance(store, engine::Step::Phase).ok);
    const auto state = db::loadState(store);
    const auto* caswell = state.me("a-caswell");
    const auto* maryland = state.me("a-maryland");
    REQUIRE(caswell);
    REQUIRE(maryland);
    REQUIRE(hex::distance(caswell->hex, maryland->hex) <= 2);
    // Today's wind blows toward Caswell from the battle.
    std::string wind;
    for (const std::string_view w : {"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"})
        if (wind.empty() && engine::downwindOf(maryland->hex, caswell->hex, w, state.map.metadata().orientation, state.options))
            wind = std::string(w);
    REQUIRE_FALSE(wind.empty());
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("UPDATE weather_day SET wind_from = '" + wind + "'");
    }
    campaign::OrdersFile f;
    f.side = "american";
    f.week = store.info().week;
    f.day = store.info().day;
    campaign::Order o;
    o.me = "a-caswell";
    o.mode = campaign::Mode::March;
    o.marchToGuns = true;
    f.orders.push_back(o);
    REQUIRE(engine::submitOrders(store, f).empty());
    REQUIRE(engine::standFast(store, "british").empty());
    REQUIRE(engine::advance(store, engine::Step::Day).ok);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    SQLite::Statement q(raw, "SELECT arrival_turn, how FROM battle_participant WHERE battle_id = 1 AND me_id = 'a-caswell'");
    const std::string received = raw.execAndGet("SELECT COALESCE(receipt, '') FROM order_sheet WHERE me_id = 'a-caswell'").getString();
    if (received == "not_received") return;  // yesterday's mode and no written order to go
    REQUIRE(q.executeStep());
    CHECK(q.getColumn(0).getInt() >= 3);
    CHECK(q.getColumn(1).getString().find("march to the guns") != std::string::npos);
}

TEST_CASE("a side's odds use only its own forces and what its reports say of the enemy", "[engine][battle]") {
    const auto path = freshDb("odds");
    {
        auto store = db::CampaignStore::open(path);
        REQUIRE(engine::advance(store, engine::Step::Day, {true}).ok);
    }
    auto store = db::CampaignStore::open(path);
    std::vector<std::string> missing;
    auto view = engine::sideViewSetup(store, 1, "british", missing);
    // The enemy ME is named by its counter's label (turned over by the contact), never by its id.
    CHECK(missing == std::vector<std::string>{"Maryland Div (with army HQ and guns)"});
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("INSERT INTO intel_report (week, day, side_id, observer_me, q, r, target_mes, intel_case, detail, reported, "
                 "true_counts) VALUES (1, 1, 'british', 'b-tarleton', 0, 0, 'a-maryland', '2', 'numbers', "
                 "'[{\"kind\": \"line infantry battalions\", \"count\": 2}, {\"kind\": \"artillery batteries\", \"count\": 1}]', '[]')");
    }
    missing.clear();
    view = engine::sideViewSetup(store, 1, "british", missing);
    CHECK(missing.empty());
    const auto& american = view.sides[0].id == "american" ? view.sides[0] : view.sides[1];
    REQUIRE(american.mes.size() == 1);
    REQUIRE(american.mes[0].formations.size() == 1);
    const auto& units = american.mes[0].formations[0].units;
    CHECK(units.size() == 3);
    // Nothing of the real Maryland division is in the picture.
    for (const auto& u : units) CHECK(u.id.find("-reported-") != std::string::npos);
}
