// SPDX-License-Identifier: GPL-3.0-or-later
// Battles inside the campaign (etat-major.md §8.8–§8.11): encounter timing vectors TV-2…TV-4 and the §16.7
// example; a contact on the bundled campaign becomes a battle at D6, is fought at D9 with losses written back,
// replaced in part at the next W4; the same seed fights the same battle; tabletop results are checked and refused
// without changing anything.
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/engine/invariants.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/view/battle_text.hpp"
#include "etatmajor/view/day_report.hpp"

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

TEST_CASE("a shared hex becomes a battle at D6, fought at D9 with the losses written back and W4 replaces some", "[engine][battle]") {
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
    const std::string second =
        ro.execAndGet("SELECT id FROM unit WHERE me_id = 'b-tarleton' ORDER BY id LIMIT 1 OFFSET 1").getString();
    const std::string several = (dir / "several.xml").string();
    write(several, "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"british\">\n  <unit id=\"" + inBattle +
                       "\" figuresLost=\"-3\"/>\n  <unit id=\"" + second +
                       "\" figuresLost=\"1\" standsLost=\"2\"/>\n</battleResult>\n");
    issues = engine::enterBattleResult(store, 1, several, lines);
    REQUIRE(issues.items().size() == 2);
    CHECK(issues.items()[0].line == 2);
    CHECK(issues.items()[0].file == several);
    CHECK(issues.items()[0].message.find("is negative") != std::string::npos);
    CHECK(issues.items()[1].line == 3);
    CHECK(issues.items()[1].message.find("standsLost must be") != std::string::npos);
    CHECK(issues.items()[0].format().find(several + ":2:") == 0);
    CHECK(dump(path) == before);

    // A number of stands the unit cannot lose is refused on its own: with no figuresLost given, no figure is made of
    // it (2147483647 stands times the figures of a stand is past the range of int).
    const std::string hugeStands = (dir / "huge-stands.xml").string();
    write(hugeStands, "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"british\">\n  <unit id=\"" + inBattle +
                          "\" standsLost=\"2147483647\"/>\n</battleResult>\n");
    issues = engine::enterBattleResult(store, 1, hugeStands, lines);
    REQUIRE(issues.items().size() == 1);
    CHECK(issues.items()[0].message.find("standsLost 2147483647 is more than") != std::string::npos);
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

TEST_CASE("a tabletop result that removes every unit of an ME takes it off the map at once (§2.2, G-57)", "[engine][battle]") {
    const auto path = freshDb("tabletop-wiped");
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("INSERT OR REPLACE INTO campaign_option (key, value) VALUES ('battle_resolution', 'tabletop')");
    }
    auto store = db::CampaignStore::open(path);
    REQUIRE(engine::advance(store, engine::Step::Day, {true}).issues.hasCode("BATTLE-TABLETOP"));
    // Every unit of Tarleton's ME surrenders on the table.
    std::string units;
    {
        SQLite::Database ro(path, SQLite::OPEN_READONLY);
        SQLite::Statement u(ro, "SELECT id FROM unit WHERE me_id = 'b-tarleton' AND removed = 0 ORDER BY id");
        while (u.executeStep()) units += "<unit id=\"" + u.getColumn(0).getString() + "\" captured=\"true\"/>";
    }
    REQUIRE_FALSE(units.empty());
    REQUIRE(total(path, "SELECT COUNT(*) FROM general WHERE id = 'tarleton' AND me_id = 'b-tarleton'") == 1);
    const auto file = (std::filesystem::temp_directory_path() / "etatmajor-campaign-battle-test" / "wiped.xml").string();
    write(file, "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"american\">" + units + "</battleResult>");
    std::vector<std::string> lines;
    const auto issues = engine::enterBattleResult(store, 1, file, lines);
    for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE_FALSE(issues.hasErrors());
    // Right after the command, not only once the phase is over: no empty ME is left on the map.
    const auto breaches = engine::checkInvariants(store);
    for (const auto& i : breaches.items()) UNSCOPED_INFO(i.format());
    CHECK_FALSE(breaches.hasErrors());
    CHECK(total(path, "SELECT on_map FROM me WHERE id = 'b-tarleton'") == 0);
    // Its general joins another British ME on the map, as the end of a phase would have him do.
    CHECK(total(path, "SELECT COUNT(*) FROM general g JOIN me m ON m.id = g.me_id WHERE g.id = 'tarleton' AND m.on_map = 1 "
                      "AND m.side_id = 'british' AND m.id <> 'b-tarleton'") == 1);
    bool said = false;
    for (const auto& l : lines) said = said || l.find("leaves the map") != std::string::npos;
    CHECK(said);
    CHECK(engine::advance(store, engine::Step::Day, {true}).ok);
}

TEST_CASE("an ME a tabletop result leaves with only routed units away goes to them at once, and a full hex sheds a decoy (G-41, G-69)",
          "[engine][battle]") {
    const auto path = freshDb("tabletop-to-routers");
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("INSERT OR REPLACE INTO campaign_option (key, value) VALUES ('battle_resolution', 'tabletop')");
    }
    auto store = db::CampaignStore::open(path);
    REQUIRE(engine::advance(store, engine::Step::Day, {true}).issues.hasCode("BATTLE-TABLETOP"));
    // Armand's and Caswell's MEs and an American decoy stand in one hex, where a Maryland battalion that routed in an
    // earlier fight waits as a detached group (§9.8, G-69).
    REQUIRE(total(path, "SELECT COUNT(*) FROM me WHERE id IN ('a-armand', 'a-caswell') GROUP BY q, r") == 2);
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("INSERT INTO decoy (id, side_id, q, r, designated, placed_week, placed_day) SELECT 'ad-9', 'american', q, r, "
                 "'infantry', 1, 1 FROM me WHERE id = 'a-caswell'");
        raw.exec("UPDATE unit SET detached_q = (SELECT q FROM me WHERE id = 'a-caswell'), detached_r = (SELECT r FROM me "
                 "WHERE id = 'a-caswell') WHERE id = 'maryland-1'");
    }
    REQUIRE_FALSE(engine::checkInvariants(store).hasErrors());
    // Every Maryland unit on the field surrenders.
    const auto file = (std::filesystem::temp_directory_path() / "etatmajor-campaign-battle-test" / "to-routers.xml").string();
    write(file, "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"british\"><unit id=\"delaware-1\" captured=\"true\"/>"
                "<unit id=\"maryland-2\" captured=\"true\"/><unit id=\"va-artillery-1\" captured=\"true\"/></battleResult>");
    std::vector<std::string> lines;
    const auto issues = engine::enterBattleResult(store, 1, file, lines);
    for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE_FALSE(issues.hasErrors());
    for (const auto& l : lines) UNSCOPED_INFO(l);
    const auto breaches = engine::checkInvariants(store);
    for (const auto& i : breaches.items()) UNSCOPED_INFO(i.format());
    CHECK_FALSE(breaches.hasErrors());
    CHECK(total(path, "SELECT COUNT(*) FROM me m, me c WHERE m.id = 'a-maryland' AND c.id = 'a-caswell' AND m.q = c.q AND m.r = c.r "
                      "AND m.on_map = 1") == 1);
    CHECK(total(path, "SELECT COUNT(*) FROM unit WHERE id = 'maryland-1' AND detached_q IS NULL AND me_id = 'a-maryland'") == 1);
    CHECK(total(path, "SELECT COUNT(*) FROM decoy WHERE id = 'ad-9' AND removed_by = 'stacking'") == 1);
}

TEST_CASE("a tabletop result records who holds the field, as a battle the resolver fought does (§2.20)", "[engine][battle]") {
    const auto path = freshDb("tabletop-holder");
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("INSERT OR REPLACE INTO campaign_option (key, value) VALUES ('battle_resolution', 'tabletop')");
    }
    auto store = db::CampaignStore::open(path);
    REQUIRE(engine::advance(store, engine::Step::Day, {true}).issues.hasCode("BATTLE-TABLETOP"));
    const auto file = (std::filesystem::temp_directory_path() / "etatmajor-campaign-battle-test" / "holder.xml").string();
    const auto text = [&](const std::string& sql) {
        SQLite::Database ro(path, SQLite::OPEN_READONLY);
        return ro.execAndGet(sql).getString();
    };
    const std::string field = text("SELECT q || ',' || r FROM me WHERE id = 'a-maryland'");
    std::vector<std::string> lines;

    SECTION("left out, the winner holds it") {
        write(file, "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"british\"/>");
        REQUIRE_FALSE(engine::enterBattleResult(store, 1, file, lines).hasErrors());
        CHECK(text("SELECT field_holder FROM battle WHERE id = 1") == "british");
    }

    SECTION("after a draw the side named holds it, and the other falls back at nightfall") {
        write(file, "<battleResult formatVersion=\"1\" battle=\"1\" fieldHolder=\"british\"/>");
        const auto issues = engine::enterBattleResult(store, 1, file, lines);
        for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
        REQUIRE_FALSE(issues.hasErrors());
        CHECK(text("SELECT field_holder FROM battle WHERE id = 1") == "british");
        CHECK(text("SELECT winner FROM battle WHERE id = 1").empty());
        CHECK_THAT(text("SELECT summary FROM battle WHERE id = 1"),
                   Catch::Contains("a draw; His Majesty's Southern Army hold the field"));
        REQUIRE(engine::advance(store, engine::Step::Day, {true}).ok);
        CHECK(text("SELECT q || ',' || r FROM me WHERE id = 'a-maryland'") != field);
        CHECK(text("SELECT q || ',' || r FROM me WHERE id = 'b-tarleton'") == field);
    }

    SECTION("none: both left the field") {
        write(file, "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"american\" fieldHolder=\"none\"/>");
        REQUIRE_FALSE(engine::enterBattleResult(store, 1, file, lines).hasErrors());
        CHECK(text("SELECT field_holder FROM battle WHERE id = 1").empty());
        CHECK(text("SELECT winner FROM battle WHERE id = 1") == "american");
    }

    SECTION("a holder that is not a side of the battle is refused with its line, changing nothing") {
        const auto before = dump(path);
        write(file, "<battleResult formatVersion=\"1\" battle=\"1\"\n  winner=\"british\" fieldHolder=\"french\"/>");
        const auto issues = engine::enterBattleResult(store, 1, file, lines);
        REQUIRE(issues.hasErrors());
        CHECK(issues.items().front().code == "BATTLE-RESULT-HOLDER");
        CHECK(issues.items().front().line == 1);
        CHECK(issues.items().front().message.find("french") != std::string::npos);
        CHECK(dump(path) == before);
    }
}

TEST_CASE("the day report tells the winner of a battle in which no figure fell where its win came from, not the enemy's points",
          "[engine][battle][secrecy]") {
    const auto path = freshDb("tabletop-routed");
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("INSERT OR REPLACE INTO campaign_option (key, value) VALUES ('battle_resolution', 'tabletop')");
    }
    auto store = db::CampaignStore::open(path);
    REQUIRE(engine::advance(store, engine::Step::Day, {true}).issues.hasCode("BATTLE-TABLETOP"));
    std::string routed, name;
    {
        SQLite::Database ro(path, SQLite::OPEN_READONLY);
        SQLite::Statement u(ro, "SELECT id, name FROM unit WHERE me_id = 'a-maryland' AND type = 'line_infantry' ORDER BY id LIMIT 1");
        REQUIRE(u.executeStep());
        routed = u.getColumn(0).getString();
        name = u.getColumn(1).getString();
    }
    // A clear win on the table: one American battalion routs off the field, and not a figure falls.
    const auto file = (std::filesystem::temp_directory_path() / "etatmajor-campaign-battle-test" / "routed.xml").string();
    write(file, "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"british\"><unit id=\"" + routed +
                    "\" routed=\"true\"/></battleResult>");
    std::vector<std::string> lines;
    REQUIRE_FALSE(engine::enterBattleResult(store, 1, file, lines).hasErrors());
    const auto report = view::dayReportText(view::dayReport(store, view::Viewer::ofSide("british"), 1, 1));
    INFO(report);
    REQUIRE(report.find("Battles:") != std::string::npos);
    const auto british = report.substr(report.find("Battles:"));
    CHECK_THAT(british, Catch::Contains("the enemy lost no figures that we saw; one of its units routed off the field"));
    CHECK(british.find(name) == std::string::npos);  // the enemy's units stay unnamed
    CHECK(british.find(routed) == std::string::npos);
    CHECK(british.find("point") == std::string::npos);  // and its points unsaid (docs/secrecy.md)
    const auto american = view::dayReportText(view::dayReport(store, view::Viewer::ofSide("american"), 1, 1));
    INFO(american);
    CHECK_THAT(american, Catch::Contains(name + ": lost 0 figures, routed"));
}

TEST_CASE("a battle the resolver cannot fight fails the command, changes nothing, and D9 waits for its table result",
          "[engine][battle]") {
    const auto path = freshDb("unfightable");
    auto store = db::CampaignStore::open(path);
    engine::AdvanceOptions standFast;
    standFast.standFastMissing = true;
    while (store.info().phase != etatmajor::campaign::Phase::D7) REQUIRE(engine::advance(store, engine::Step::Phase, standFast).ok);
    REQUIRE(total(path, "SELECT COUNT(*) FROM battle WHERE id = 1 AND status = 'pending'") == 1);
    {
        // Seven figures a stand: a figure's value no longer comes out in sixths of a point, and the resolver cannot
        // set the battle up (tactical-resolver.md §2.21 counts in sixths).
        etatmajor::test::RawEdit raw(path);
        raw.exec("UPDATE unit SET figures_per_stand = 7 WHERE id = (SELECT id FROM unit WHERE me_id = 'b-tarleton' "
                 "AND type = 'line_infantry' ORDER BY id LIMIT 1)");
    }
    const auto before = dump(path);
    std::vector<std::string> lines;
    auto issues = engine::resolveBattleNow(store, 1, lines);
    REQUIRE(issues.hasErrors());
    CHECK(issues.items().front().code == "BATTLE-RESOLVER");
    CHECK(issues.items().front().message.find("battle 1 at 34,34") != std::string::npos);
    CHECK(issues.items().front().message.find("battle enter --id 1") != std::string::npos);
    CHECK(dump(path) == before);  // one transaction, nothing half-written

    // D9 stops there, with nothing of the phase written but the hand-over of the battle to the table.
    auto r = engine::advance(store, engine::Step::Day, standFast);
    CHECK_FALSE(r.ok);
    CHECK(r.issues.hasCode("BATTLE-RESOLVER"));
    CHECK(store.info().phase == etatmajor::campaign::Phase::D9);
    CHECK(total(path, "SELECT COUNT(*) FROM battle WHERE id = 1 AND status = 'tabletop'") == 1);
    CHECK(total(path, "SELECT COUNT(*) FROM battle_loss") == 0);
    // The refused phase is not logged; the hand-over is, as a command of its own that a replay runs again.
    CHECK(total(path, "SELECT COUNT(*) FROM command_log WHERE name = 'phase.D9'") == 0);
    CHECK(total(path, "SELECT COUNT(*) FROM command_log WHERE name = 'battle.to_table' AND args LIKE '{\"battle\":1,%'") == 1);
    r = engine::advance(store, engine::Step::Day, standFast);
    CHECK(r.issues.hasCode("BATTLE-TABLETOP"));

    // The campaign goes on once the table's result is in.
    const auto file = (std::filesystem::temp_directory_path() / "etatmajor-campaign-battle-test" / "unfightable.xml").string();
    write(file, "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"british\"/>");
    REQUIRE_FALSE(engine::enterBattleResult(store, 1, file, lines).hasErrors());
    CHECK(engine::advance(store, engine::Step::Day, standFast).ok);
    CHECK(total(path, "SELECT COUNT(*) FROM battle WHERE id = 1 AND status = 'resolved'") == 1);
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
        raw.exec(
            "INSERT INTO intel_report (week, day, side_id, observer_me, q, r, target_mes, intel_case, detail, reported, "
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

TEST_CASE("a side's odds are one plan read from the campaign, fought whole or cancelled part way", "[engine][battle]") {
    const auto path = freshDb("odds-plan");
    {
        auto store = db::CampaignStore::open(path);
        REQUIRE(engine::advance(store, engine::Step::Day, {true}).ok);
    }
    auto store = db::CampaignStore::open(path);
    // Without a report on the Maryland division there is nothing to fight: the plan names the counter.
    auto plan = view::oddsPlan(store, "british", 1);
    CHECK(plan.unknownEnemies == std::vector<std::string>{"Maryland Div (with army HQ and guns)"});
    CHECK(view::battleOddsText(view::fightOdds(plan, 10, 1)).find("scout them first") != std::string::npos);
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec(
            "INSERT INTO intel_report (week, day, side_id, observer_me, q, r, target_mes, intel_case, detail, reported, "
            "true_counts) VALUES (1, 1, 'british', 'b-tarleton', 0, 0, 'a-maryland', '2', 'numbers', "
            "'[{\"kind\": \"line infantry battalions\", \"count\": 2}, {\"kind\": \"artillery batteries\", \"count\": 1}]', '[]')");
    }
    plan = view::oddsPlan(store, "british", 1);
    REQUIRE(plan.unknownEnemies.empty());
    // Fought whole, away from the campaign, the plan gives what `battle odds` gives.
    const auto whole = view::fightOdds(plan, 40, 2);
    const auto direct = view::battleOdds(store, "british", 1, 40, 1);
    CHECK(whole.trials == 40);
    CHECK_FALSE(whole.cancelled());
    CHECK(whole.wins == direct.wins);
    CHECK(whole.draws == direct.draws);
    CHECK(whole.fieldHeld == direct.fieldHeld);
    CHECK(whole.ownLoss6 == direct.ownLoss6);
    CHECK(view::battleOddsText(whole) == view::battleOddsText(direct));
    CHECK(view::battleOddsText(whole).find("(40 trials, the enemy as reported)") != std::string::npos);
    // A cancel heard at the first report stops the trials short, and the text says so.
    const auto cut = view::fightOdds(plan, 100000, 2, [](int) { return false; });
    CHECK(cut.cancelled());
    CHECK(cut.trials < 100000);
    CHECK(view::battleOddsText(cut).find(" of 100000, cancelled") != std::string::npos);
}

TEST_CASE("a side's odds picture an unscouted counter as it states it believes it, never as it is", "[engine][battle]") {
    const auto path = freshDb("odds-assumed");
    {
        auto store = db::CampaignStore::open(path);
        REQUIRE(engine::advance(store, engine::Step::Day, {true}).ok);
    }
    const std::string maryland = "Maryland Div (with army HQ and guns)";
    const view::OddsAssumption small{maryland, {{"militia battalions", 1}}};
    const view::OddsAssumption large{maryland, {{"line infantry battalions", 6}, {"artillery batteries", 2}}};
    std::int64_t smallWins = 0;
    std::string smallText;
    {
        auto store = db::CampaignStore::open(path);
        // No report and no assumption: no odds. With an assumption the counter is pictured and named as assumed.
        REQUIRE(view::oddsPlan(store, "british", 1).unknownEnemies == std::vector<std::string>{maryland});
        const auto a = view::battleOdds(store, "british", 1, 60, 1, {small});
        const auto b = view::battleOdds(store, "british", 1, 60, 1, {large});
        REQUIRE(a.computed());
        REQUIRE(b.computed());
        REQUIRE(a.assumed.size() == 1);
        CHECK(a.assumed[0].counter == maryland);
        // The odds follow the assumption: a lone militia battalion is beaten more often than six battalions and guns.
        CHECK(a.wins > b.wins);
        CHECK(a.enemyLoss6 != b.enemyLoss6);
        smallWins = a.wins;
        smallText = view::battleOddsText(a);
        CHECK(smallText.find("the enemy as reported and as you assume it") != std::string::npos);
        CHECK(smallText.find("on your assumption: " + maryland + " (1 militia battalions)") != std::string::npos);
        CHECK(view::battleOddsJson(a).find("\"assumed\"") != std::string::npos);
        // The pictured units are the assumption's, none of the real division's.
        const auto plan = view::oddsPlan(store, "british", 1, {large});
        const auto& american = plan.setup.sides[0].id == "american" ? plan.setup.sides[0] : plan.setup.sides[1];
        REQUIRE(american.mes.size() == 1);
        REQUIRE(american.mes[0].formations.size() == 1);
        CHECK(american.mes[0].formations[0].units.size() == 8);
        for (const auto& u : american.mes[0].formations[0].units) CHECK(u.id.find("-assumed-") != std::string::npos);
    }
    {
        // The real division loses most of its men: the odds on the same assumption do not move.
        etatmajor::test::RawEdit raw(path);
        raw.exec("UPDATE unit SET stands_current = 1, figures_current = figures_per_stand WHERE me_id = 'a-maryland'");
    }
    {
        auto store = db::CampaignStore::open(path);
        const auto again = view::battleOdds(store, "british", 1, 60, 1, {small});
        CHECK(again.wins == smallWins);
        CHECK(view::battleOddsText(again) == smallText);
    }
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec(
            "INSERT INTO intel_report (week, day, side_id, observer_me, q, r, target_mes, intel_case, detail, reported, "
            "true_counts) VALUES (1, 1, 'british', 'b-tarleton', 0, 0, 'a-maryland', '2', 'numbers', "
            "'[{\"kind\": \"line infantry battalions\", \"count\": 2}, {\"kind\": \"artillery batteries\", \"count\": 1}]', '[]')");
    }
    auto store = db::CampaignStore::open(path);
    // A report beats an assumption: the odds are those of the report, and the text says the assumption was set aside.
    const auto reported = view::battleOdds(store, "british", 1, 60, 1);
    const auto overruled = view::battleOdds(store, "british", 1, 60, 1, {small});
    CHECK(overruled.assumed.empty());
    CHECK(overruled.setAside == std::vector<std::string>{maryland});
    CHECK(overruled.wins == reported.wins);
    CHECK(overruled.ownLoss6 == reported.ownLoss6);
    const auto text = view::battleOddsText(overruled);
    CHECK(text.find("the enemy as reported)") != std::string::npos);
    CHECK(text.find("on your assumption") == std::string::npos);
    CHECK(text.find("your assumption on " + maryland + " is set aside") != std::string::npos);
}

TEST_CASE("assumptions on the enemy are read from COUNTER=KIND:N and checked against the battle", "[engine][battle]") {
    core::IssueList issues;
    auto a = view::parseAssumption(" Maryland Div = line infantry battalions:2, artillery batteries: 1 ", issues);
    REQUIRE(a);
    CHECK_FALSE(issues.hasErrors());
    CHECK(a->counter == "Maryland Div");
    REQUIRE(a->units.size() == 2);
    CHECK(a->units[0].kind == "line infantry battalions");
    CHECK(a->units[1].count == 1);
    CHECK(view::assumptionText(*a) == "2 line infantry battalions, 1 artillery batteries");
    // Shapes that are not COUNTER=KIND:N, each named.
    for (const std::string bad : {"Maryland Div", "=militia battalions:1", "X=", "X=militia battalions", "X=militia battalions:two"}) {
        core::IssueList e;
        CHECK_FALSE(view::parseAssumption(bad, e));
        REQUIRE(e.hasCode("ODDS-ASSUME"));
        CHECK(e.items().front().message.find("'" + bad + "'") == 0);
    }
    // Against the battle: an unknown counter, an unknown kind, a count out of range, a counter twice; all told.
    const std::vector<std::string> enemies{"Maryland Div"};
    const auto issuesOf = [&](const std::vector<view::OddsAssumption>& as) { return view::checkAssumptions(as, enemies); };
    CHECK_FALSE(issuesOf({*a}).hasErrors());
    auto e = issuesOf({{"Virginia Div", {{"militia battalions", 1}}}});
    REQUIRE(e.items().size() == 1);
    CHECK(e.items()[0].message == "the battle has no enemy counter 'Virginia Div'; its enemy counters: Maryland Div");
    e = issuesOf({{"Maryland Div", {{"grenadiers", 1}, {"militia battalions", 0}}}});
    REQUIRE(e.items().size() == 2);
    CHECK(e.items()[0].message.find("unknown kind 'grenadiers'; the kinds: line infantry battalions") != std::string::npos);
    CHECK(e.items()[1].message.find("must be from 1 to 99, not 0") != std::string::npos);
    e = issuesOf({*a, *a});
    CHECK(e.items().size() == 1);
    CHECK(e.items()[0].message.find("is assumed twice") != std::string::npos);
}
