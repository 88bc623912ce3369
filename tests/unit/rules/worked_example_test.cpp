// SPDX-License-Identifier: GPL-3.0-or-later
// etat-major.md §16: the worked example run end to end through engine::advance on the map strip of §16.1, with
// the orders of §16.3, the dice of §16.13 and the injected tactical result of §16.10, checking every phase against
// the figures of §16.2–§16.12.
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/engine/after_battle.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/orders_xml.hpp"

#include "campaign_db.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>

using namespace etatmajor;

namespace {

// R1..R6 are the hexes 0,0 .. 5,0 of tests/data/maps/strip.xml.
std::string hexOf(int r) { return std::to_string(r - 1) + ",0"; }

std::string text(const std::string& path, const std::string& sql) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    SQLite::Statement q(raw, sql);
    return q.executeStep() ? q.getColumn(0).getString() : std::string("<none>");
}
int number(const std::string& path, const std::string& sql) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getInt();
}
std::string meHex(const std::string& path, const std::string& me) {
    return text(path, "SELECT h.col || ',' || h.row FROM me m JOIN map_hex h ON h.q = m.q AND h.r = m.r WHERE m.id = '" + me + "'");
}

// Runs one phase with exactly these dice; any other die rolled is a failure (the scripted source throws).
engine::AdvanceResult phase(db::CampaignStore& store, std::vector<int> faces = {}) {
    dice::ScriptedSource source(std::move(faces));
    engine::AdvanceOptions o;
    o.dice = &source;
    auto r = engine::advance(store, engine::Step::Phase, o);
    CHECK(source.remaining() == 0);
    return r;
}

void submit(db::CampaignStore& store, const std::string& xml) {
    const auto f = io::readOrdersString(xml, "orders.xml");
    const auto issues = engine::submitOrders(store, f);
    for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE_FALSE(issues.hasErrors());
}

// §16.1: dawn of week 3, day 2 (summer, week 3 of the season); the British hold the initiative (§16.1 table).
std::string situation() {
    const auto path = test::freshCampaignDb("worked-example", "strip", "tests/data/campaigns/strip.xml", 1,
                                            {"battle_resolution=tabletop"});
    etatmajor::test::RawEdit raw(path);
    raw.exec("UPDATE campaign SET current_week = 3, current_day = 2, current_phase = 'D1' WHERE id = 1");
    raw.exec("UPDATE side SET has_initiative = CASE id WHEN 'british' THEN 1 ELSE 0 END");
    raw.exec("UPDATE urban_area SET controller = 'american', sp_raw_roll = 8 WHERE id = 'rugeleys-mill'");
    raw.exec("UPDATE urban_area SET controller = 'british', sp_raw_roll = 15 WHERE id = 'camden'");
    raw.exec("UPDATE me SET mode = 'scouting' WHERE id = 'bl'");
    raw.exec("UPDATE me SET mode = 'march' WHERE id = 'va'");
    raw.exec("INSERT INTO decoy (id, side_id, q, r, designated, placed_week) SELECT 'ad-1', 'american', q, r, 'infantry', 3 "
             "FROM map_hex WHERE col = 2 AND row = 0");
    return path;
}

}  // namespace

TEST_CASE("§16 worked example, one daily turn end to end", "[engine][example][golden]") {
    const auto path = situation();
    auto store = db::CampaignStore::open(path);
    REQUIRE(meHex(path, "bl") == hexOf(2));
    REQUIRE(meHex(path, "va") == hexOf(4));

    // §16.2 D1: weather 3 + 4 = 7 → Fine; wind 5 + 4 = 9 → from the south; D = 12. Both LOCs cut by the enemy ME
    // (the decoy at R3 cuts nothing).
    REQUIRE(phase(store, {3, 4, 5, 4}).ok);
    CHECK(text(path, "SELECT weather FROM weather_day WHERE week = 3 AND day = 2") == "fine");
    CHECK(text(path, "SELECT wind_from FROM weather_day WHERE week = 3 AND day = 2") == "south");
    CHECK(number(path, "SELECT daylight_turns FROM weather_day WHERE week = 3 AND day = 2") == 12);
    CHECK(number(path, "SELECT valid FROM loc_status WHERE week = 3 AND day = 2 AND me_id = 'va'") == 0);
    CHECK(text(path, "SELECT cut_by FROM loc_status WHERE week = 3 AND day = 2 AND me_id = 'va'") == "bl");
    CHECK(number(path, "SELECT valid FROM loc_status WHERE week = 3 AND day = 2 AND me_id = 'bl'") == 0);
    CHECK(text(path, "SELECT cut_by FROM loc_status WHERE week = 3 AND day = 2 AND me_id = 'bl'") == "va");

    // §16.3 D2: the orders. AD-1 needs none.
    submit(store, "<orders formatVersion=\"1\" side=\"british\" week=\"3\" day=\"2\">"
                  "<order me=\"bl\" mode=\"scouting\" supply=\"camden\" onScoutContact=\"observe\" marchToGuns=\"true\">"
                  "<path>" +
                      hexOf(3) + "</path></order></orders>");
    submit(store, "<orders formatVersion=\"1\" side=\"american\" week=\"3\" day=\"2\">"
                  "<order me=\"va\" mode=\"march\" supply=\"rugeleys-mill\" marchToGuns=\"true\">"
                  "<path>" +
                      hexOf(3) + " " + hexOf(2) +
                      "</path>"
                      "<marchOrder><unit ref=\"porterfield\"/><unit ref=\"va-1\"/><unit ref=\"va-2\"/></marchOrder></order></orders>");
    REQUIRE(phase(store).ok);  // D2

    // §16.4 D3: VA rolls 4 − 2 = 2 → tardy; BL rolls 6 − 1 − 2 = 3 → carried out (the Americans' sheet is read first).
    REQUIRE(phase(store, {4, 6}).ok);
    CHECK(number(path, "SELECT receipt_roll + receipt_modifier FROM order_sheet WHERE me_id = 'bl'") == 3);
    CHECK(text(path, "SELECT receipt FROM order_sheet WHERE me_id = 'bl'") == "received");
    CHECK(number(path, "SELECT receipt_roll + receipt_modifier FROM order_sheet WHERE me_id = 'va'") == 2);
    CHECK(text(path, "SELECT receipt FROM order_sheet WHERE me_id = 'va'") == "tardy");

    // §16.5 D4: BL sees the decoy in R3 from R2 and removes it, enters R3, sees VA in R4 (case 1, exact) and observes.
    REQUIRE(phase(store).ok);
    CHECK(number(path, "SELECT removed_week FROM decoy WHERE id = 'ad-1'") == 3);
    CHECK(text(path, "SELECT removed_by FROM decoy WHERE id = 'ad-1'") == "bl");
    CHECK(meHex(path, "bl") == hexOf(3));
    CHECK(number(path, "SELECT allowance FROM movement WHERE me_id = 'bl'") == 5);
    CHECK(text(path, "SELECT stopped_by FROM movement WHERE me_id = 'bl'") == "scouted the enemy (observe)");
    CHECK(number(path, "SELECT COUNT(*) FROM intel_report WHERE side_id = 'british' AND target_mes = 'va' AND intel_case = '1' "
                       "AND detail = 'full'") == 1);
    {
        const auto reported = nlohmann::json::parse(text(path, "SELECT reported FROM intel_report WHERE target_mes = 'va'"));
        std::map<std::string, int> counts;
        for (const auto& c : reported) counts[c["kind"].get<std::string>()] += c["count"].get<int>();
        CHECK(counts == std::map<std::string, int>{{"militia battalions", 2}, {"irregular foot", 1}});
        CHECK(text(path, "SELECT mode_reported FROM intel_report WHERE target_mes = 'va'") == "march");
    }
    CHECK(number(path, "SELECT revealed FROM me WHERE id = 'va'") == 0);  // intelligence turns no counter over

    // §16.6 D5: VA (allowance 1) enters R3: contact, both counters turned over, BL pinned.
    REQUIRE(phase(store).ok);
    CHECK(meHex(path, "va") == hexOf(3));
    CHECK(number(path, "SELECT allowance FROM movement WHERE me_id = 'va'") == 1);
    CHECK(text(path, "SELECT mover || ':' || met || ':' || phase FROM contact") == "va:bl:D5");
    CHECK(number(path, "SELECT COUNT(*) FROM me WHERE revealed = 1") == 2);
    CHECK(number(path, "SELECT pinned FROM me WHERE id = 'bl'") == 1);
    // Each side now sees the other's counter by its label; the British also know what is in it.
    {
        const auto british = nlohmann::json::parse(view::statusJson(store, view::Viewer::ofSide("british")));
        const auto& counters = british["sides"][1]["counters"];
        REQUIRE(counters.size() == 1);
        CHECK(counters[0]["label"] == "Virginia");
        CHECK(counters[0]["hex"] == hexOf(3));
        CHECK(counters[0]["intel"]["case"] == "1");
        const auto american = nlohmann::json::parse(view::statusJson(store, view::Viewer::ofSide("american")));
        REQUIRE(american["sides"][0]["counters"].size() == 1);
        CHECK(american["sides"][0]["counters"][0]["label"] == "British Legion");
        CHECK_FALSE(american["sides"][0]["counters"][0].contains("intel"));
    }

    // §16.7 D6: one battle at R3, not a scouting combat; both arrive on turn 1 of 12.
    REQUIRE(phase(store).ok);
    CHECK(number(path, "SELECT COUNT(*) FROM battle") == 1);
    CHECK(text(path, "SELECT kind FROM battle WHERE id = 1") == "battle");
    CHECK(text(path, "SELECT status FROM battle WHERE id = 1") == "tabletop");
    CHECK(number(path, "SELECT start_turn FROM battle WHERE id = 1") == 1);
    CHECK(number(path, "SELECT daylight_turns FROM battle WHERE id = 1") == 12);
    CHECK(number(path, "SELECT arrival_turn FROM battle_participant WHERE me_id = 'bl'") == 1);
    CHECK(number(path, "SELECT arrival_turn FROM battle_participant WHERE me_id = 'va'") == 1);
    CHECK(number(path, "SELECT COUNT(*) FROM battle_participant") == 2);
    REQUIRE(phase(store).ok);      // D7
    REQUIRE(phase(store).ok);      // D8
    CHECK_FALSE(phase(store).ok);  // D9 waits for the tabletop result

    // §16.10: the injected result: BL loses 1 stand (2 figures); 1st Virginia Militia loses 2 stands (8 figures)
    // and routs, not pursued; nobody wins.
    const auto dir = std::filesystem::temp_directory_path() / "etatmajor-worked-example";
    std::filesystem::create_directories(dir);
    const auto result = (dir / "b1.xml").string();
    std::ofstream(result) << "<battleResult formatVersion=\"1\" battle=\"1\"><unit id=\"legion-cavalry\" standsLost=\"1\"/>"
                             "<unit id=\"va-1\" standsLost=\"2\" routed=\"true\"/></battleResult>";
    std::vector<std::string> lines;
    const auto issues = engine::enterBattleResult(store, 1, result, lines);
    for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE_FALSE(issues.hasErrors());
    REQUIRE(phase(store).ok);  // D9
    CHECK(number(path, "SELECT figures_current FROM unit WHERE id = 'legion-cavalry'") == 4);
    CHECK(number(path, "SELECT stands_current FROM unit WHERE id = 'legion-cavalry'") == 2);
    CHECK(number(path, "SELECT figures_current FROM unit WHERE id = 'va-1'") == 8);
    CHECK(number(path, "SELECT stands_current FROM unit WHERE id = 'va-1'") == 2);
    // D10: British 1 × (12 + 20) = 32, American 2 × 4 = 8.
    REQUIRE(phase(store).ok);
    CHECK(number(path, "SELECT points_lost FROM side WHERE id = 'british'") == 32);
    CHECK(number(path, "SELECT points_lost FROM side WHERE id = 'american'") == 8);

    // §16.11 D11: nobody holds the field alone, both stay in R3; 1st Virginia goes to Rugeley's Mill (R1) as a
    // detached group and stays Shaken at 2 of 4 stands; the others recover.
    REQUIRE(phase(store).ok);
    CHECK(meHex(path, "bl") == hexOf(3));
    CHECK(meHex(path, "va") == hexOf(3));
    CHECK(text(path, "SELECT h.col || ',' || h.row FROM unit u JOIN map_hex h ON h.q = u.detached_q AND h.r = u.detached_r "
                     "WHERE u.id = 'va-1'") == hexOf(1));
    CHECK(number(path, "SELECT COUNT(*) FROM unit WHERE detached_q IS NOT NULL") == 1);
    CHECK(number(path, "SELECT shaken FROM unit WHERE id = 'va-1'") == 1);
    CHECK(number(path, "SELECT SUM(shaken) FROM unit") == 1);
    CHECK(number(path, "SELECT combat_halvings FROM urban_area") == 0);  // R3 is no UA

    // §16.12 D12: no forced-march streak; AD-1 stays removed; the routers are still away from VA.
    REQUIRE(phase(store).ok);
    CHECK(number(path, "SELECT forced_march_streak FROM me WHERE id = 'bl'") == 0);
    CHECK(number(path, "SELECT removed_week FROM decoy WHERE id = 'ad-1'") == 3);
    CHECK(number(path, "SELECT COUNT(*) FROM unit WHERE detached_q IS NOT NULL") == 1);
    CHECK(store.info().day == 3);

    SECTION("§16.11 item 7: both stay, both LOCs are cut by the enemy in the hex, and the battle resumes") {
        REQUIRE(phase(store, {3, 4, 5, 4}).ok);  // D1 of day 3
        CHECK(text(path, "SELECT problem FROM loc_status WHERE week = 3 AND day = 3 AND me_id = 'va'") == "own_hex_occupied");
        CHECK(text(path, "SELECT problem FROM loc_status WHERE week = 3 AND day = 3 AND me_id = 'bl'") == "own_hex_occupied");
        REQUIRE(engine::standFast(store, "british").empty());
        REQUIRE(engine::standFast(store, "american").empty());
        for (int step = 0; step < 4; ++step) REQUIRE(phase(store).ok);  // D2 to D5
        REQUIRE(phase(store).ok);  // D6: the battle goes on, each ME on the table from turn 1 (G-72)
        CHECK(number(path, "SELECT COUNT(*) FROM battle WHERE week = 3 AND day = 3") == 1);
        CHECK(number(path, "SELECT MAX(arrival_turn) FROM battle_participant WHERE battle_id = 2") == 1);
    }

    SECTION("§16.11 item 6: VA leaves R3 overnight: one hex and one attrition application") {
        REQUIRE(phase(store, {3, 4, 5, 4}).ok);  // D1 of day 3
        REQUIRE(engine::standFast(store, "british").empty());
        submit(store, "<orders formatVersion=\"1\" side=\"american\" week=\"3\" day=\"3\">"
                      "<order me=\"va\" mode=\"march\"><path>" +
                          hexOf(4) + "</path></order></orders>");
        REQUIRE(phase(store).ok);       // D2
        REQUIRE(phase(store, {6}).ok);  // D3: carried out
        REQUIRE(phase(store).ok);       // D4: the overnight withdrawal goes first
        CHECK(meHex(path, "va") == hexOf(4));
        CHECK(number(path, "SELECT figures_current FROM unit WHERE id = 'va-2'") == 16 - 3);
        CHECK(number(path, "SELECT figures_current FROM unit WHERE id = 'porterfield'") == 12 - 3);
        CHECK(number(path, "SELECT figures_current FROM unit WHERE id = 'va-1'") == 8);  // away at Rugeley's Mill
        CHECK(text(path, "SELECT stopped_by FROM movement WHERE week = 3 AND day = 3 AND me_id = 'va'") == "overnight withdrawal");
        REQUIRE(phase(store).ok);  // D5: no further move today
        CHECK(meHex(path, "va") == hexOf(4));
    }

    SECTION("§16.12: the next supply phase, with VA's LOC to Rugeley's Mill open again and BL back at Camden") {
        {
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE campaign SET current_week = 4, current_day = 1, current_phase = 'W3' WHERE id = 1");
            raw.exec(
                "UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 5), r = (SELECT r FROM map_hex WHERE col = 5) WHERE id = 'bl'");
            raw.exec(
                "UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 3), r = (SELECT r FROM map_hex WHERE col = 3) WHERE id = 'va'");
        }
        REQUIRE(phase(store).ok);  // W3: Rugeley's Mill 80, Camden 150, no dice (both values were rolled before)
        CHECK(number(path, "SELECT points FROM supply_ledger WHERE week = 4 AND kind = 'ua_income' AND source = 'rugeleys-mill'") ==
              80);
        CHECK(number(path, "SELECT points FROM supply_ledger WHERE week = 4 AND kind = 'ua_income' AND source = 'camden'") == 150);
        REQUIRE(phase(store).ok);  // W4
        // 1st Virginia Militia: floor(8 × 50%) = 4 figures for 4 SP; BL: floor(2 × 50%) = 1 figure for 16 SP.
        CHECK(number(path, "SELECT figures FROM supply_ledger WHERE week = 4 AND kind = 'replacement' AND unit_id = 'va-1'") == 4);
        CHECK(number(path, "SELECT -points FROM supply_ledger WHERE week = 4 AND kind = 'replacement' AND unit_id = 'va-1'") == 4);
        CHECK(number(path,
                     "SELECT figures FROM supply_ledger WHERE week = 4 AND kind = 'replacement' AND unit_id = 'legion-cavalry'") == 1);
        CHECK(
            number(path, "SELECT -points FROM supply_ledger WHERE week = 4 AND kind = 'replacement' AND unit_id = 'legion-cavalry'") ==
            16);
        CHECK(number(path, "SELECT -points FROM supply_ledger WHERE week = 4 AND kind = 'expired' AND source = 'rugeleys-mill'") ==
              76);
        // VCS effect: American net loss 8 − 4 = 4; British 32 − 16 = 16.
        CHECK(number(path, "SELECT points_lost - points_replaced FROM side WHERE id = 'american'") == 4);
        CHECK(number(path, "SELECT points_lost - points_replaced FROM side WHERE id = 'british'") == 16);
    }
}

TEST_CASE("G-67 surrounded MEs: TV-13 and TV-14; G-70 who stays Shaken", "[rules][battle][vector]") {
    CHECK(engine::surroundedAttritionApplications(30, 12, 3) == 4);  // TV-13: 1 + floor(2 × (2.5 − 1))
    CHECK(engine::surroundedAttritionApplications(40, 0, 3) == 4);   // TV-14: 1 + min(3, 78)
    CHECK(engine::surroundedAttritionApplications(12, 30, 3) == 1);  // the weaker surrounding force adds nothing
    CHECK(engine::surroundedAttritionApplications(18, 12, 3) == 2);  // exactly 50 % more: one more
    CHECK(engine::surroundedAttritionApplications(40, 0, 2) == 3);   // surround_extra_cap = 2
    campaign::Options o;
    campaign::UnitState u;
    u.standsOriginal = 4;
    u.standsCurrent = 2;
    CHECK(engine::staysShaken(u, o));  // §16.11 item 4: 2 of 4 stands
    REQUIRE_FALSE(o.set("perm_shaken_threshold", "below_50").has_value());
    CHECK_FALSE(engine::staysShaken(u, o));
    u.standsCurrent = 1;
    CHECK(engine::staysShaken(u, o));
}

namespace {
campaign::UrbanState ua(const std::string& id, hex::Hex h, const std::string& controller) {
    campaign::UrbanState u;
    u.id = id;
    u.name = id;
    u.hex = h;
    u.controller = controller;
    return u;
}
campaign::MeState me(const std::string& id, const std::string& side, hex::Hex h, const std::string& source) {
    campaign::MeState m;
    m.id = id;
    m.side = side;
    m.label = id;
    m.hex = h;
    m.supplySource = source;
    return m;
}
}  // namespace

TEST_CASE("§9.8 rally point: the supply source, else the nearest friendly source reachable, else none", "[rules][battle]") {
    campaign::CampaignState s;
    map::MapMetadata meta;
    meta.id = "t";
    meta.name = "t";
    meta.width = 6;
    meta.height = 1;
    s.map = map::Map(meta, map::Terrain::Clear);
    auto r = [&](int n) { return s.map.offsets().toHex({n - 1, 0}); };
    s.urban = {ua("rugeley", r(1), "american"), ua("ferry", r(5), "american"), ua("camden", r(6), "british")};
    s.mes = {me("va", "american", r(3), "rugeley")};
    CHECK(engine::rallyHex(s, s.mes[0], r(3)) == r(1));  // §16.11 item 3: the way R3–R2–R1 is free
    s.mes.push_back(me("bl", "british", r(2), "camden"));
    CHECK(engine::rallyHex(s, s.mes[0], r(3)) == r(5));  // blocked at R2: the nearest friendly source
    s.mes.push_back(me("bx", "british", r(4), "camden"));
    CHECK_FALSE(engine::rallyHex(s, s.mes[0], r(3)).has_value());  // every way blocked
}

namespace {
// The rally point as §9.8 and G-69 define it, by a plain search: the supply source when some way over land reaches it
// without entering a hex held by the enemy or crossing an unfordable river where nothing crosses; else the nearest
// friendly source so reached (the first of the campaign's list at equal distance); else none.
std::optional<hex::Hex> rallyByDefinition(const campaign::CampaignState& s, const campaign::MeState& m, hex::Hex from) {
    std::map<hex::Hex, int> dist{{from, 0}};
    std::deque<hex::Hex> open{from};
    while (!open.empty()) {
        const hex::Hex h = open.front();
        open.pop_front();
        for (int d = 0; d < hex::kDirections; ++d) {
            const hex::Hex n = hex::neighbour(h, d);
            if (dist.count(n) || !s.map.contains(n) || map::isWater(s.map.terrain(n))) continue;
            if (std::any_of(s.mes.begin(), s.mes.end(), [&](const auto& e) { return e.onMap && e.side != m.side && e.hex == n; }))
                continue;
            const map::Hexside* hs = s.map.hexside(h, d);
            if (hs && hs->watercourse == map::Watercourse::River && !hs->fordable && hs->crossing == map::Crossing::None) continue;
            dist[n] = dist[h] + 1;
            open.push_back(n);
        }
    }
    if (const auto* source = s.urbanArea(m.supplySource); source && dist.count(source->hex)) return source->hex;
    std::optional<hex::Hex> best;
    for (const auto& u : s.urban)
        if (u.controller == m.side && !u.destroyed && dist.count(u.hex) && (!best || dist.at(u.hex) < dist.at(*best))) best = u.hex;
    return best;
}
}  // namespace

TEST_CASE("§9.8 rally point on random maps: the engine's bounded search finds what the plain search finds", "[rules][battle]") {
    int sources = 0, nearest = 0, none = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        std::mt19937_64 rng(seed);
        const auto pick = [&rng](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
        campaign::CampaignState s;
        map::MapMetadata meta;
        meta.id = "t";
        meta.name = "t";
        meta.width = 8 + pick(20);  // maps of several sizes, one after the other, for the search's reused arrays
        meta.height = 6 + pick(15);
        s.map = map::Map(meta, map::Terrain::Clear);
        const auto anyHex = [&] { return s.map.offsets().toHex({pick(meta.width), pick(meta.height)}); };
        for (int i = 0; i < meta.width * meta.height / 6; ++i) s.map.setTerrain(anyHex(), map::Terrain::Lake);
        for (int i = 0; i < meta.width * meta.height / 4; ++i) {
            auto& side = s.map.hexsideRef(anyHex(), pick(hex::kDirections));
            side.watercourse = map::Watercourse::River;
            side.fordable = pick(3) == 0;
            if (pick(4) == 0) side.crossing = map::Crossing::Bridge;
        }
        for (int i = 0; i < 8; ++i) s.urban.push_back(ua("ua" + std::to_string(i), anyHex(), pick(2) ? "american" : "british"));
        s.urban[static_cast<std::size_t>(pick(8))].destroyed = pick(2) == 0;
        const hex::Hex start = anyHex();
        s.map.setTerrain(start, map::Terrain::Clear);
        s.mes = {me("va", "american", start, "ua" + std::to_string(pick(9)))};  // ua8: a source that is no town
        for (int i = 0; i < 3 + pick(12); ++i) s.mes.push_back(me("b" + std::to_string(i), "british", anyHex(), "ua0"));
        if (pick(5) == 0)  // hemmed in: the enemy all around
            for (int d = 0; d < hex::kDirections; ++d)
                s.mes.push_back(me("r" + std::to_string(d), "british", hex::neighbour(start, d), "ua0"));
        const auto expected = rallyByDefinition(s, s.mes[0], start);
        INFO("seed " << seed);
        CHECK(engine::rallyHex(s, s.mes[0], start) == expected);
        const auto* source = s.urbanArea(s.mes[0].supplySource);
        if (!expected) ++none;
        else if (source && *expected == source->hex) ++sources;
        else ++nearest;
    }
    // Every outcome of the rule is among the cases tried.
    CHECK(sources > 20);
    CHECK(nearest > 20);
    CHECK(none > 30);
}
