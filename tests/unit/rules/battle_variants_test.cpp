// SPDX-License-Identifier: GPL-3.0-or-later
// Variant keys of contacts and battles (etat-major.md §8.8–§8.11, §14.7): G-09 battle_turn_minutes, G-14
// weather_artillery, G-18 battle_wind, G-23 adjacent_mes, G-60 table_orientation, G-61 table_size, G-62
// terrain_placement, G-68 battle_points, G-71 wounded_staff, G-72 next_day_positions, G-73 use_outscouting,
// dusk_contact (§8.8.1) and table_woods (§8.10); and who fights a scouting combat (§8.6.4). Each against the default, on the battle of
// the bundled campaign (the Marylanders and Tarleton's reserve a hex out of Cheraw) or on the map strip of §16.1.
#include "etatmajor/battle/params.hpp"
#include "etatmajor/campaign/points.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/map/map.hpp"
#include "etatmajor/rules/scouting.hpp"

#include "campaign_db.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>

using namespace etatmajor;

namespace {

// Every die shows 3 except order receipt (6: carried out) and the dice named in `faces` (by the start of their
// purpose), which show those faces in turn.
class Scripted final : public dice::Source {
public:
    std::map<std::string, std::vector<int>> faces;
    int roll(int n, const dice::RollRequest& r) override {
        for (auto& [prefix, list] : faces)
            if (r.purpose.rfind(prefix, 0) == 0 && !list.empty()) {
                const int f = list.front();
                list.erase(list.begin());
                return std::min(f, n);
            }
        return r.purpose.rfind("order receipt", 0) == 0 ? n : std::min(3, n);
    }
    std::string kind() const override { return "scripted"; }
};

// The Marylanders (Deployed-Offensive) and Tarleton's reserve (Deployed-Defensive) share 34,34, as in the campaign
// battle tests.
std::string southern(const std::string& name, std::vector<std::string> options = {}) {
    const auto path = test::freshCampaignDb("battle-variants", name, "campaigns/southern-1780.xml", 9, std::move(options));
    etatmajor::test::RawEdit raw(path);
    raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 34 AND row = 34), "
             "r = (SELECT r FROM map_hex WHERE col = 34 AND row = 34) WHERE id IN ('a-maryland', 'b-tarleton')");
    raw.exec("UPDATE me SET mode = 'deployed_offensive' WHERE id = 'a-maryland'");
    raw.exec("UPDATE me SET mode = 'deployed_defensive' WHERE id = 'b-tarleton'");
    return path;
}

engine::AdvanceResult run(db::CampaignStore& store, engine::Step step, dice::Source* dice = nullptr) {
    engine::AdvanceOptions o;
    o.standFastMissing = true;
    o.dice = dice;
    return engine::advance(store, step, o);
}

void runTo(db::CampaignStore& store, const std::string& phase, dice::Source* dice = nullptr) {
    for (int i = 0; i < 40 && campaign::phaseString(store.info().phase) != phase; ++i)
        REQUIRE(run(store, engine::Step::Phase, dice).ok);
    REQUIRE(campaign::phaseString(store.info().phase) == phase);
}

int number(const std::string& path, const std::string& sql) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getInt();
}
std::string text(const std::string& path, const std::string& sql) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getString();
}

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

std::string phaseLines(const engine::AdvanceResult& r, const std::string& phase) {
    std::string out;
    for (const auto& p : r.phases)
        if (campaign::phaseString(p.phase) == phase) out += joined(p.lines);
    return out;
}

std::string offsetOf(const campaign::CampaignState& s, hex::Hex h) { return hex::formatOffset(s.map.offsets().toOffset(h)); }

core::IssueList give(db::CampaignStore& store, const std::string& side, const std::string& body) {
    const auto info = store.info();
    return engine::submitOrders(store, io::readOrdersString("<orders formatVersion=\"1\" side=\"" + side + "\" week=\"" +
                                                                std::to_string(info.week) + "\" day=\"" + std::to_string(info.day) +
                                                                "\">\n" + body + "</orders>",
                                                            side + ".xml"));
}

}  // namespace

TEST_CASE("G-61 table_size: tables for a battle, body and chart", "[rules][battle][variant]") {
    campaign::Options o;
    CHECK(engine::tablesNeeded(1, 1, o) == 1);  // §16.8
    CHECK(engine::tablesNeeded(3, 1, o) == 2);  // §8.10: 3 against 1, two tables
    CHECK(engine::tablesNeeded(3, 3, o) == 2);
    CHECK(engine::tablesNeeded(5, 2, o) == 3);
    REQUIRE_FALSE(o.set("table_size", "chart").has_value());
    CHECK(engine::tablesNeeded(1, 1, o) == 1);  // §16.8: ceil(2 / 4)
    CHECK(engine::tablesNeeded(3, 1, o) == 1);
    CHECK(engine::tablesNeeded(3, 3, o) == 2);
    CHECK(engine::tablesNeeded(5, 4, o) == 3);
}

TEST_CASE("G-09 battle_turn_minutes: the campaign clock of a battle", "[rules][battle][variant]") {
    campaign::Options o;
    CHECK(engine::battleClock(12, o) == "12 hours");
    CHECK(engine::battleClock(1, o) == "1 hour");
    REQUIRE_FALSE(o.set("battle_turn_minutes", "45").has_value());
    CHECK(engine::battleClock(12, o) == "9 hours");
    CHECK(engine::battleClock(9, o) == "6 hours 45 minutes");
    CHECK(engine::battleClock(1, o) == "45 minutes");

    // In the day's report and in the table set-up: the battle at 34,34 is fought over the whole summer day (12 turns).
    for (const std::string minutes : {"60", "45"}) {
        INFO(minutes);
        const auto path = southern("clock-" + minutes, {"battle_turn_minutes=" + minutes});
        auto store = db::CampaignStore::open(path);
        const auto r = run(store, engine::Step::Day);
        REQUIRE(r.ok);
        REQUIRE(number(path, "SELECT start_turn FROM battle WHERE id = 1") == 1);
        REQUIRE(number(path, "SELECT daylight_turns FROM battle WHERE id = 1") == 12);
        const std::string hours = minutes == "60" ? "(12 hours)" : "(9 hours)";
        CHECK_THAT(phaseLines(r, "D6"), Catch::Contains("fighting from turn 1 to 12 " + hours));
        CHECK_THAT(joined(engine::battleTableLines(store, 1)),
                   Catch::Contains("Battle turns of " + minutes + " minutes: turns 1 to 12, " + hours.substr(1, hours.size() - 2)));
    }
}

TEST_CASE("G-14 weather_artillery and G-61 table_size reach the resolver's set-up", "[engine][battle][variant]") {
    const auto plain = southern("params-default");
    const auto both = southern("params-variant", {"weather_artillery=as_musketry", "table_size=chart"});
    for (const auto& path : {plain, both}) {
        auto store = db::CampaignStore::open(path);
        runTo(store, "D7");
    }
    {
        auto store = db::CampaignStore::open(plain);
        const auto setup = engine::campaignBattleSetup(store, 1);
        CHECK_FALSE(setup.params.weatherOnArtillery);
        CHECK(setup.params.tableRule == battle::TableRule::TerrainSetup);
        CHECK(setup.params.hash() == battle::Params{}.hash());  // default options: the resolver's own defaults
        CHECK_THAT(joined(engine::battleTableLines(store, 1)), Catch::Contains("Tables: 1 of 6'x4'"));
    }
    auto store = db::CampaignStore::open(both);
    const auto setup = engine::campaignBattleSetup(store, 1);
    CHECK(setup.params.weatherOnArtillery);
    CHECK(setup.params.tableRule == battle::TableRule::EmChart);
    CHECK_THAT(joined(engine::battleTableLines(store, 1)), Catch::Contains("Tables: 1 of 2 m x 3 m"));
    // The battle is fought under them: its result carries the parameter set's hash.
    REQUIRE(run(store, engine::Step::Day).ok);
    const auto result = nlohmann::json::parse(text(both, "SELECT result FROM battle WHERE id = 1"));
    CHECK(result["params_hash"].get<std::string>() == battle::hex64(setup.params.hash()));
}

TEST_CASE("G-15 snow_table_move = normal reaches the resolver's set-up", "[engine][battle][variant]") {
    const auto path = southern("snow-normal", {"snow_table_move=normal"});
    auto store = db::CampaignStore::open(path);
    runTo(store, "D7");
    const auto setup = engine::campaignBattleSetup(store, 1);
    CHECK_FALSE(setup.params.snowHalvesMove);
    battle::Params expected;
    REQUIRE_FALSE(expected.set("snow_move", "normal").has_value());
    CHECK(setup.params.hash() == expected.hash());
}

TEST_CASE("tactical.scouting_deployment = on reaches the resolver's set-up", "[engine][battle][variant]") {
    const auto path = southern("scouting-on", {"tactical.scouting_deployment=on"});
    auto store = db::CampaignStore::open(path);
    runTo(store, "D7");
    const auto setup = engine::campaignBattleSetup(store, 1);
    CHECK(setup.params.scoutingDeployment);
    battle::Params expected;
    REQUIRE_FALSE(expected.set("scouting_deployment", "on").has_value());
    CHECK(setup.params.hash() == expected.hash());
    CHECK(setup.params.hash() != battle::Params{}.hash());
}

TEST_CASE("G-18 battle_wind: the campaign day's wind, or 2d6 rolled for the table", "[engine][battle][variant]") {
    Scripted dice;  // the day's wind: 3 + 3 = 6, West on the body table
    const auto plain = southern("wind-default");
    {
        auto store = db::CampaignStore::open(plain);
        runTo(store, "D7", &dice);
        CHECK(text(plain, "SELECT wind_from FROM weather_day WHERE week = 1 AND day = 1") == "west");
        const auto setup = nlohmann::json::parse(text(plain, "SELECT setup FROM battle WHERE id = 1"));
        CHECK(setup["wind"] == "west");
        CHECK_FALSE(setup.contains("windRoll"));
        CHECK_THAT(joined(engine::battleTableLines(store, 1)),
                   Catch::Contains("Wind on the table: from the west, the campaign day's wind"));
    }
    Scripted rolled;
    rolled.faces["wind on the table"] = {6, 6};  // 12: South-West on the body table
    const auto variant = southern("wind-rolled", {"battle_wind=tactical_roll"});
    auto store = db::CampaignStore::open(variant);
    runTo(store, "D7", &rolled);
    CHECK(text(variant, "SELECT wind_from FROM weather_day WHERE week = 1 AND day = 1") == "west");
    const auto setup = nlohmann::json::parse(text(variant, "SELECT setup FROM battle WHERE id = 1"));
    CHECK(setup["wind"] == "south-west");
    CHECK(setup["windRoll"] == 12);
    const std::string initiative = text(variant, "SELECT side_id FROM initiative WHERE week = 1 AND winner = 1");
    CHECK(setup["windRolledBy"] == initiative);
    CHECK(number(variant, "SELECT COUNT(*) FROM event_log WHERE purpose = 'wind on the table of battle 1' AND result = 12") == 1);
    CHECK_THAT(joined(engine::battleTableLines(store, 1)), Catch::Contains("Wind on the table: from the south-west"));
}

TEST_CASE("G-62 terrain_placement = chart: two pieces a side a table in the enemy's half, the higher die first",
          "[engine][battle][variant]") {
    Scripted dice;
    dice.faces["terrain placement"] = {2, 5};  // the sides in their order: British 2, American 5
    const auto plain = southern("terrain-default");
    const auto chart = southern("terrain-chart", {"terrain_placement=chart"});
    for (const auto& path : {plain, chart}) {
        auto store = db::CampaignStore::open(path);
        runTo(store, "D7", &dice);
    }
    {
        auto store = db::CampaignStore::open(plain);
        const auto setup = engine::campaignBattleSetup(store, 1);
        CHECK(setup.terrain.minorFeatures);  // the body's pieces for each ME, laid by the resolver
        for (const auto& f : setup.terrain.features) CHECK(f.fromSide == battle::kNoSide);
        CHECK_THAT(joined(engine::battleTableLines(store, 1)), Catch::Contains("1 or 2 pieces a player for each ME"));
    }
    auto store = db::CampaignStore::open(chart);
    const auto setup = engine::campaignBattleSetup(store, 1);
    CHECK_FALSE(setup.terrain.minorFeatures);
    int pieces[2] = {0, 0};
    for (const auto& f : setup.terrain.features) {
        if (f.fromSide == battle::kNoSide) continue;
        ++pieces[f.fromSide];
        CHECK(f.kind != battle::FeatureKind::River);
        CHECK(f.kind != battle::FeatureKind::Road);
        CHECK(f.kind != battle::FeatureKind::HeavyUrban);
        CHECK(f.y0 > 600);  // past the halfway line of the 1200-pace table, seen from the placing side
    }
    CHECK(pieces[0] == 2);
    CHECK(pieces[1] == 2);
    const auto table = nlohmann::json::parse(text(chart, "SELECT setup FROM battle WHERE id = 1"));
    CHECK(table["terrainRolls"]["british"] == 2);
    CHECK(table["terrainRolls"]["american"] == 5);
    CHECK(table["placesFirst"] == "american");
    CHECK_THAT(joined(engine::battleTableLines(store, 1)),
               Catch::Contains("then The Grand Army of the Southern Department (rolled 5 against 2) places 2 pieces"));
    // The resolver fights the battle on that table.
    REQUIRE(run(store, engine::Step::Day, &dice).ok);
    CHECK(number(chart, "SELECT COUNT(*) FROM battle WHERE status = 'resolved'") == 1);
}

TEST_CASE("G-73 use_outscouting and G-60 table_orientation in the printed set-up", "[engine][battle][variant]") {
    const auto always = southern("deploy-always");
    const auto dodo = southern("deploy-dodo", {"use_outscouting=do_vs_do_only", "table_orientation=players_agree"});
    for (const auto& path : {always, dodo}) {
        auto store = db::CampaignStore::open(path);
        runTo(store, "D7");
    }
    {
        auto store = db::CampaignStore::open(always);
        const auto s = db::loadState(store);
        const auto lines = joined(engine::battleTableLines(store, 1));
        // Mixed modes (Deployed-Offensive against Deployed-Defensive): the out-scouting table still orders the rest.
        CHECK_THAT(lines, Catch::Contains("by the out-scouting table [T 9.4]"));
        CHECK_THAT(lines, Catch::Contains("His Majesty's Southern Army " + std::to_string(rules::meScoutingPoints(s, "b-tarleton")) +
                                          " scouting points"));
        CHECK_THAT(lines, Catch::Contains("Orientation (G-60"));
    }
    auto store = db::CampaignStore::open(dodo);
    auto lines = joined(engine::battleTableLines(store, 1));
    CHECK_THAT(lines, Catch::Contains("Deployment: by mode only"));
    CHECK(lines.find("out-scouting table [T 9.4]") == std::string::npos);
    CHECK_THAT(lines, Catch::Contains("Orientation: as the players agree (G-60 players_agree)"));
    // Both sides wholly Deployed-Offensive: the tactical procedure, out-scouting included, even under do_vs_do_only.
    {
        etatmajor::test::RawEdit raw(dodo);
        raw.exec("UPDATE battle_participant SET mode = 'deployed_offensive' WHERE battle_id = 1");
    }
    lines = joined(engine::battleTableLines(store, 1));
    CHECK_THAT(lines, Catch::Contains("by the out-scouting table [T 9.4]"));
    CHECK_THAT(lines, Catch::Contains("[T 9.6]"));
}

TEST_CASE("G-23 adjacent_mes = chart_automatic: the MEs next to the battle join it by the chart's arrival",
          "[engine][battle][variant]") {
    // Caswell's militia stands in a hex next to the battle; by default it has no order to march to the guns and stays.
    std::string neighbour;
    for (const std::string variant : {"march_to_guns_only", "chart_automatic"}) {
        INFO(variant);
        const auto path = southern("adjacent-" + variant, {"adjacent_mes=" + variant});
        {
            auto store = db::CampaignStore::open(path);
            const auto s = db::loadState(store);
            const auto* maryland = s.me("a-maryland");
            REQUIRE(maryland);
            for (const hex::Hex n : hex::neighbours(maryland->hex))
                if (neighbour.empty() && s.map.contains(n) && !map::isWater(s.map.terrain(n))) neighbour = offsetOf(s, n);
            REQUIRE_FALSE(neighbour.empty());
        }
        {
            etatmajor::test::RawEdit raw(path);
            const auto o = hex::parseOffset(neighbour);
            REQUIRE(o);
            raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE col = " + std::to_string(o->col) +
                     " AND row = " + std::to_string(o->row) + "), r = (SELECT r FROM map_hex WHERE col = " + std::to_string(o->col) +
                     " AND row = " + std::to_string(o->row) + ") WHERE id = 'a-caswell'");
        }
        auto store = db::CampaignStore::open(path);
        runTo(store, "D7");
        const int joined = number(path, "SELECT COUNT(*) FROM battle_participant WHERE battle_id = 1 AND me_id = 'a-caswell'");
        if (variant == "march_to_guns_only") {
            CHECK(joined == 0);
            continue;
        }
        REQUIRE(joined == 1);
        // It did not move today (half its allowance or less): on the field from turn 1, by the chart (G-20).
        CHECK(number(path, "SELECT arrival_turn FROM battle_participant WHERE battle_id = 1 AND me_id = 'a-caswell'") == 1);
        CHECK_THAT(text(path, "SELECT how FROM battle_participant WHERE battle_id = 1 AND me_id = 'a-caswell'"),
                   Catch::Contains("adjacent at " + neighbour + " (G-23 chart"));
        CHECK(
            text(path, "SELECT h.col || ',' || h.row FROM me m JOIN map_hex h ON h.q = m.q AND h.r = m.r WHERE m.id = 'a-caswell'") ==
            "34,34");
    }
    // The chart's arrival for an ME that used more than half its allowance, or force-marched: turn 6.
    campaign::Options chart;
    REQUIRE_FALSE(chart.set("encounter_timing", "chart_arrival").has_value());
    CHECK(engine::encounterTiming(3, 4, 12, chart).arrivalTurn == 6);
    CHECK(engine::encounterTiming(2, 4, 12, chart).arrivalTurn == 1);
}

TEST_CASE("G-68 battle_points = tactical_17_5: the resolver's full and half-value losses and lost colours",
          "[engine][battle][variant]") {
    const auto plain = southern("points-default");
    const auto tactical = southern("points-tactical", {"battle_points=tactical_17_5"});
    for (const auto& path : {plain, tactical}) {
        auto store = db::CampaignStore::open(path);
        REQUIRE(run(store, engine::Step::Day).ok);
    }
    // Same seed, same battle: the results are the same; only the counting differs.
    REQUIRE(text(plain, "SELECT result FROM battle WHERE id = 1") == text(tactical, "SELECT result FROM battle WHERE id = 1"));
    const auto result = nlohmann::json::parse(text(tactical, "SELECT result FROM battle WHERE id = 1"));
    const auto sixths = [](const std::string& rational) {  // "35/2" -> 105 sixths
        const auto slash = rational.find('/');
        const long long num = std::stoll(rational.substr(0, slash));
        const long long den = slash == std::string::npos ? 1 : std::stoll(rational.substr(slash + 1));
        return num * (6 / den);
    };
    int expected = 0, differs = 0;
    for (const auto& u : result["units"]) {
        const std::string id = u["id"].get<std::string>();
        const long long s6 = sixths(u["points_lost_full"].get<std::string>()) + sixths(u["points_lost_half"].get<std::string>());
        const int points = static_cast<int>((s6 + 3) / 6) + (u["colours_lost_to"].is_null() ? 0 : 20);
        const std::string row = "SELECT COALESCE(SUM(points), 0) FROM battle_loss WHERE battle_id = 1 AND unit_id = '" + id + "'";
        CHECK(number(tactical, row) == points);
        expected += points;
        differs += number(plain, row) != points ? 1 : 0;
    }
    CHECK(number(tactical, "SELECT SUM(points) FROM battle_loss WHERE battle_id = 1") == expected);
    CHECK(number(tactical, "SELECT SUM(points_lost) FROM side") == expected);
    CHECK(differs > 0);  // the tactical count is not the campaign's count of permanent losses
}

TEST_CASE("G-71 wounded_staff = damage_table_turns: a wounded general is back by the next morning", "[engine][battle][variant]") {
    for (const std::string variant : {"return_next_week", "damage_table_turns"}) {
        INFO(variant);
        const auto path = southern("wounded-" + variant, {"wounded_staff=" + variant, "battle_resolution=tabletop"});
        auto store = db::CampaignStore::open(path);
        CHECK_FALSE(run(store, engine::Step::Day).ok);  // waits for the tabletop result
        const std::string general = text(path, "SELECT id FROM general WHERE me_id = 'b-tarleton' ORDER BY id LIMIT 1");
        const auto file =
            (std::filesystem::temp_directory_path() / "etatmajor-battle-variants" / ("wounded-" + variant + ".xml")).string();
        std::ofstream(file) << "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"american\"><general id=\"" << general
                            << "\" fate=\"wounded\"/></battleResult>";
        std::vector<std::string> lines;
        REQUIRE_FALSE(engine::enterBattleResult(store, 1, file, lines).hasErrors());
        const std::string status = text(path, "SELECT status FROM general WHERE id = '" + general + "'");
        if (variant == "return_next_week") {
            CHECK(status == "wounded");
            CHECK(number(path, "SELECT return_week FROM general WHERE id = '" + general + "'") == 2);
        } else {
            CHECK(status == "active");
            CHECK_THAT(joined(lines), Catch::Contains("back on duty by the next morning"));
        }
    }
}

TEST_CASE("G-72 next_day_positions: a battle going on from yesterday keeps or redeploys its positions", "[engine][battle][variant]") {
    for (const std::string variant : {"persist", "redeploy"}) {
        INFO(variant);
        const auto path = southern("nextday-" + variant, {"next_day_positions=" + variant, "battle_resolution=tabletop"});
        auto store = db::CampaignStore::open(path);
        CHECK_FALSE(run(store, engine::Step::Day).ok);
        // Day 1 ends in a tabletop draw: neither side beaten, both stay. The British held the hex on the table that day.
        const auto file =
            (std::filesystem::temp_directory_path() / "etatmajor-battle-variants" / ("nextday-" + variant + ".xml")).string();
        std::ofstream(file) << "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"\"/>";
        std::vector<std::string> lines;
        REQUIRE_FALSE(engine::enterBattleResult(store, 1, file, lines).hasErrors());
        CHECK(text(path, "SELECT COALESCE(field_holder, '') FROM battle WHERE id = 1").empty());
        CHECK(nlohmann::json::parse(text(path, "SELECT setup FROM battle WHERE id = 1"))["heldBy"] == "");  // neither moved
        {
            etatmajor::test::RawEdit raw(path);
            auto table = nlohmann::json::parse(raw.execAndGet("SELECT setup FROM battle WHERE id = 1").getString());
            table["heldBy"] = "british";
            SQLite::Statement u(raw, "UPDATE battle SET setup = ? WHERE id = 1");
            u.bind(1, table.dump());
            u.exec();
        }
        REQUIRE(run(store, engine::Step::Day).ok);      // the rest of day 1
        CHECK_FALSE(run(store, engine::Step::Day).ok);  // day 2: the battle goes on and waits for the table
        REQUIRE(number(path, "SELECT COUNT(*) FROM battle WHERE week = 1 AND day = 2") == 1);
        const int id = number(path, "SELECT id FROM battle WHERE week = 1 AND day = 2");
        const auto table = nlohmann::json::parse(text(path, "SELECT setup FROM battle WHERE id = " + std::to_string(id)));
        CHECK(table["continues"] == 1);
        CHECK(table["holder"] == "british");
        const auto setup = engine::campaignBattleSetup(store, id);
        const int british = setup.sides[0].id == "british" ? battle::kSideA : battle::kSideB;
        const auto lines2 = joined(engine::battleTableLines(store, id));
        if (variant == "persist") {
            CHECK(setup.holder == british);
            CHECK_THAT(lines2, Catch::Contains("table positions are kept, His Majesty's Southern Army holding the ground (G-72)"));
        } else {
            CHECK(setup.holder == battle::kNoSide);  // nobody moved: the resolver decides by modes
            CHECK_THAT(lines2, Catch::Contains("both sides deploy afresh (G-72 redeploy)"));
        }
    }
}

TEST_CASE("§8.6.4 a scouting combat is fought by the scout and the MEs that took up its fight, not the whole hex",
          "[engine][scouting]") {
    // Armand's scouts come at 34,34, where Tarleton's reserve (Deployed-Offensive, ready to engage scouts) and
    // Rawdon's brigade (Deployed-Defensive) stand. Armand would only observe, but Tarleton wants the fight.
    const auto path = southern("scouting-combat");
    std::string from;
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec(
            "UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 34 AND row = 34), r = (SELECT r FROM map_hex WHERE col = 34 AND "
            "row = 34) WHERE id = 'b-rawdon'");
        // The Marylanders go back to stand with Caswell, out of the way.
        raw.exec("UPDATE me SET q = (SELECT q FROM me WHERE id = 'a-caswell'), r = (SELECT r FROM me WHERE id = 'a-caswell') "
                 "WHERE id = 'a-maryland'");
    }
    {
        auto store = db::CampaignStore::open(path);
        const auto s = db::loadState(store);
        const auto* tarleton = s.me("b-tarleton");
        for (const hex::Hex n : hex::neighbours(tarleton->hex)) {
            bool empty = s.map.contains(n) && !map::isWater(s.map.terrain(n));
            for (const auto& m : s.mes) empty = empty && !(m.onMap && m.hex == n);
            if (from.empty() && empty) from = offsetOf(s, n);
        }
    }
    REQUIRE_FALSE(from.empty());
    {
        etatmajor::test::RawEdit raw(path);
        const auto o = hex::parseOffset(from);
        raw.exec("UPDATE me SET mode = 'scouting', q = (SELECT q FROM map_hex WHERE col = " + std::to_string(o->col) +
                 " AND row = " + std::to_string(o->row) + "), r = (SELECT r FROM map_hex WHERE col = " + std::to_string(o->col) +
                 " AND row = " + std::to_string(o->row) + ") WHERE id = 'a-armand'");
    }
    Scripted dice;
    auto store = db::CampaignStore::open(path);
    runTo(store, "D2", &dice);
    REQUIRE_FALSE(
        give(store, "american", "<order me=\"a-armand\" mode=\"scouting\" onScoutContact=\"observe\"><path>34,34</path></order>\n")
            .hasErrors());
    REQUIRE_FALSE(give(store, "british",
                       "<order me=\"b-tarleton\" mode=\"deployed_offensive\" onScoutContact=\"engage\"/>\n"
                       "<order me=\"b-rawdon\" mode=\"deployed_defensive\"/>\n")
                      .hasErrors());
    runTo(store, "D7", &dice);
    REQUIRE(number(path, "SELECT COUNT(*) FROM battle") == 1);
    CHECK(text(path, "SELECT kind FROM battle WHERE id = 1") == "scouting_combat");
    CHECK(number(path, "SELECT COUNT(*) FROM battle_participant WHERE battle_id = 1 AND me_id = 'a-armand'") == 1);
    CHECK(number(path, "SELECT COUNT(*) FROM battle_participant WHERE battle_id = 1 AND me_id = 'b-tarleton'") == 1);
    CHECK(number(path, "SELECT COUNT(*) FROM battle_participant WHERE battle_id = 1 AND me_id = 'b-rawdon'") == 0);
    CHECK(number(path, "SELECT COUNT(*) FROM battle_participant WHERE battle_id = 1") == 2);
    const auto setup = engine::campaignBattleSetup(store, 1);
    for (const auto& side : setup.sides)
        for (const auto& me : side.mes) CHECK(me.id != "b-rawdon");
    CHECK_THAT(joined(engine::battleTableLines(store, 1)), Catch::Contains("A scouting combat"));
}

TEST_CASE("G-60 entry_hexside: each side's rear edge faces the hexside it came in by (§16.8)", "[engine][battle]") {
    // The strip of §16.1: the British Legion scouts from R1 through R2 into R3 and engages Virginia, which stands in R3.
    const auto path = test::freshCampaignDb("battle-variants", "orientation", "tests/data/campaigns/strip.xml", 2);
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 2), r = (SELECT r FROM map_hex WHERE col = 2) WHERE id = 'va'");
        raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 0), r = (SELECT r FROM map_hex WHERE col = 0) WHERE id = 'bl'");
    }
    Scripted dice;
    auto store = db::CampaignStore::open(path);
    runTo(store, "D2", &dice);
    REQUIRE_FALSE(give(store, "british", "<order me=\"bl\" mode=\"scouting\" onScoutContact=\"engage\"><path>1,0 2,0</path></order>\n")
                      .hasErrors());
    REQUIRE_FALSE(give(store, "american", "<order me=\"va\" mode=\"march\"/>\n").hasErrors());
    runTo(store, "D7", &dice);
    REQUIRE(number(path, "SELECT COUNT(*) FROM battle") == 1);
    CHECK(text(path, "SELECT path FROM movement WHERE me_id = 'bl'") == "1,0 2,0");
    CHECK_THAT(joined(engine::battleTableLines(store, 1)), Catch::Contains("British west; American east"));
}

TEST_CASE("G-68 (clarified): guns and staff lost in battle count in the side's points; figures_only leaves them out",
          "[engine][battle][variant]") {
    int withGuns = -1, figuresOnly = -1;
    for (const std::string variant : {"actual_losses", "figures_only"}) {
        INFO(variant);
        const auto path = southern("gunpoints-" + variant, {"battle_points=" + variant, "battle_resolution=tabletop"});
        auto store = db::CampaignStore::open(path);
        CHECK_FALSE(run(store, engine::Step::Day).ok);  // waits for the tabletop result
        const std::string calibre =
            text(path, "SELECT calibre FROM unit_gun WHERE unit_id = 'va-artillery-1' AND stands_current > 0 ORDER BY calibre");
        const std::string general =
            text(path, "SELECT id FROM general WHERE me_id = 'a-maryland' AND rank <> 'army_commander' ORDER BY id LIMIT 1");
        const std::string rank = text(path, "SELECT rank FROM general WHERE id = '" + general + "'");
        const int staffPrice = rank == "brigade" || rank == "artillery_general" ? 30 : 50;  // §13.1
        const int lostBefore = number(path, "SELECT points_lost FROM side WHERE id = 'american'");
        const auto file =
            (std::filesystem::temp_directory_path() / "etatmajor-battle-variants" / ("gunpoints-" + variant + ".xml")).string();
        std::ofstream(file)
            << "<battleResult formatVersion=\"1\" battle=\"1\" winner=\"british\"><unit id=\"va-artillery-1\" gunsLost=\"1\"/>"
            << "<general id=\"" << general << "\" fate=\"captured\"/></battleResult>";
        std::vector<std::string> lines;
        REQUIRE_FALSE(engine::enterBattleResult(store, 1, file, lines).hasErrors());
        const int lost = number(path, "SELECT points_lost FROM side WHERE id = 'american'") - lostBefore;
        (variant == "actual_losses" ? withGuns : figuresOnly) = lost;
        const int gunPrice = campaign::gunStandCost(campaign::calibreFromName(calibre).value());
        if (variant == "actual_losses") CHECK(lost == gunPrice + staffPrice);  // §13.1: the gun stand and the general
        else CHECK(lost == 0);                                                 // the earlier reading: no figure, no points
    }
    CHECK(withGuns > figuresOnly);
}

TEST_CASE("§8.8.1 dusk_contact: a contact at dusk is fought next morning, or in its two turns of daylight",
          "[engine][battle][variant]") {
    // The Marylanders come into Tarleton's hex having used their whole allowance: contact at dusk, two battle turns of
    // daylight left ([B: Contact with enemy ME's]). [B: Combat]: depending on the orders at midnight, combat may ensue
    // the next morning.
    for (const std::string variant : {"next_morning", "fight_at_dusk"}) {
        INFO(variant);
        const auto path = southern("dusk-" + variant, {"dusk_contact=" + variant});
        Scripted dice;
        auto store = db::CampaignStore::open(path);
        runTo(store, "D6", &dice);
        {
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE me SET moved_today = 4, allowance_today = 4 WHERE id = 'a-maryland'");
        }
        REQUIRE(run(store, engine::Step::Phase, &dice).ok);  // D6
        const int dayTurns = number(path, "SELECT daylight_turns FROM battle WHERE id = 1");
        CHECK(number(path, "SELECT start_turn FROM battle WHERE id = 1") == dayTurns - 1);
        if (variant == "fight_at_dusk") {
            CHECK(text(path, "SELECT status FROM battle WHERE id = 1") == "pending");
            runTo(store, "D10", &dice);
            CHECK(text(path, "SELECT status FROM battle WHERE id = 1") == "resolved");
            // Fought in its two turns of daylight (with these dice no shot tells, so it may be recorded as a standoff,
            // tactical.quiet_fire).
            const auto result = nlohmann::json::parse(text(path, "SELECT result FROM battle WHERE id = 1"));
            CHECK(result["turns_available"] == 2);
            CHECK(result["turns_fought"] == 2);
            CHECK_THAT(text(path, "SELECT summary FROM battle WHERE id = 1"), Catch::Contains("2 of 2 turns"));
            continue;
        }
        // No battle tonight: the contact is recorded, nobody fights, falls back or loses anything.
        CHECK(text(path, "SELECT status FROM battle WHERE id = 1") == "resolved");
        CHECK(text(path, "SELECT summary FROM battle WHERE id = 1").rfind("no battle: contact at dusk", 0) == 0);
        CHECK(nlohmann::json::parse(text(path, "SELECT setup FROM battle WHERE id = 1"))["heldBy"] == "british");
        const std::string hexBefore = text(path, "SELECT q || ',' || r FROM me WHERE id = 'a-maryland'");
        runTo(store, "D2", &dice);  // the night, and the next day's weather
        CHECK(number(path, "SELECT COUNT(*) FROM battle_loss") == 0);
        CHECK(number(path, "SELECT COUNT(*) FROM battle WHERE status = 'pending'") == 0);
        CHECK(text(path, "SELECT q || ',' || r FROM me WHERE id = 'a-maryland'") == hexBefore);
        CHECK(text(path, "SELECT q || ',' || r FROM me WHERE id = 'b-tarleton'") == hexBefore);
        // Next morning both are still there: the battle is fought with the full day, Tarleton holding the hex he stood in.
        runTo(store, "D7", &dice);
        REQUIRE(number(path, "SELECT COUNT(*) FROM battle") == 2);
        CHECK(number(path, "SELECT start_turn FROM battle WHERE id = 2") == 1);
        CHECK(text(path, "SELECT status FROM battle WHERE id = 2") == "pending");
        const auto table = nlohmann::json::parse(text(path, "SELECT setup FROM battle WHERE id = 2"));
        CHECK(table["continues"] == 1);
        CHECK(table["holder"] == "british");
    }
}

TEST_CASE("standoff: a day on which nobody fires, charges or comes to grips is no battle, and nobody falls back",
          "[engine][battle][variant]") {
    // Caswell's militia and Tarleton's reserve share 34,34, both Deployed-Defensive: neither side attacks, nobody
    // has guns, and the holding side's counter-attack is switched off, so the resolver's day is a standoff that ends
    // by mutual break-off. As no battle (§8.8, §8.11.4 item 11), nobody wins or falls back; as a drawn battle (the
    // earlier reading) the side the resolver did not leave holding the field falls back by night.
    for (const std::string variant : {"no_battle", "drawn_battle"}) {
        INFO(variant);
        const auto path = test::freshCampaignDb("battle-variants", "standoff-" + variant, "campaigns/southern-1780.xml", 9,
                                                {"standoff=" + variant, "tactical.counterattack_ratio=0"});
        {
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 34 AND row = 34), "
                     "r = (SELECT r FROM map_hex WHERE col = 34 AND row = 34), mode = 'deployed_defensive' "
                     "WHERE id IN ('a-caswell', 'b-tarleton')");
        }
        Scripted dice;
        auto store = db::CampaignStore::open(path);
        runTo(store, "D10", &dice);
        REQUIRE(text(path, "SELECT status FROM battle WHERE id = 1") == "resolved");
        const auto result = nlohmann::json::parse(text(path, "SELECT result FROM battle WHERE id = 1"));
        CHECK(result["engaged"] == false);
        CHECK(number(path, "SELECT COALESCE(SUM(figures_lost), 0) FROM battle_loss WHERE battle_id = 1") == 0);
        const std::string summary = text(path, "SELECT summary FROM battle WHERE id = 1");
        const std::string hexBefore = text(path, "SELECT q || ',' || r FROM me WHERE id = 'a-caswell'");
        runTo(store, "D12", &dice);  // D11: the night
        const bool caswellStayed = text(path, "SELECT q || ',' || r FROM me WHERE id = 'a-caswell'") == hexBefore;
        const bool tarletonStayed = text(path, "SELECT q || ',' || r FROM me WHERE id = 'b-tarleton'") == hexBefore;
        if (variant == "no_battle") {
            CHECK(summary.rfind("no battle: neither side attacked", 0) == 0);
            CHECK(text(path, "SELECT winner FROM battle WHERE id = 1").empty());
            CHECK(caswellStayed);
            CHECK(tarletonStayed);
        } else {
            CHECK(summary.rfind("no battle", 0) != 0);
            CHECK(summary.find("MUTUAL_BREAKOFF") != std::string::npos);
            CHECK(caswellStayed != tarletonStayed);  // one side falls back
        }
    }
}

TEST_CASE("table_woods: the woods of a battle's hex are light or heavy as the map says, or rolled for", "[engine][battle][variant]") {
    for (const std::string variant : {"map", "rolled"})
        for (const std::string terrain : {"woods", "heavy_woods"}) {
            INFO(variant << " " << terrain);
            const auto path = southern("woods-" + variant + "-" + terrain, {"table_woods=" + variant, "battle_resolution=tabletop"});
            {
                // The two MEs meet in the first hex of that terrain with no urban area in it.
                etatmajor::test::RawEdit raw(path);
                const std::string hex =
                    "(SELECT q || ',' || r FROM map_hex h WHERE terrain = '" + terrain +
                    "' AND NOT EXISTS (SELECT 1 FROM urban_area u WHERE u.q = h.q AND u.r = h.r) ORDER BY col, row LIMIT 1)";
                raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE q || ',' || r = " + hex +
                         "), r = (SELECT r FROM map_hex WHERE q || "
                         "',' || r = " +
                         hex + ") WHERE id IN ('a-maryland', 'b-tarleton')");
            }
            auto store = db::CampaignStore::open(path);
            CHECK_FALSE(run(store, engine::Step::Day).ok);  // the battle waits for the table
            REQUIRE(number(path, "SELECT COUNT(*) FROM battle") == 1);
            const auto setup = engine::campaignBattleSetup(store, 1);
            CHECK(setup.terrain.hex == battle::HexTerrain::Woods);
            const auto kind = terrain == "woods" ? battle::WoodKind::Light : battle::WoodKind::Heavy;
            CHECK(setup.terrain.woods == (variant == "map" ? kind : battle::WoodKind::Unknown));
        }
}
