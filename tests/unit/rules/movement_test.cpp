// SPDX-License-Identifier: GPL-3.0-or-later
// etat-major.md §8.7 movement: the §16.4 allowances, TV-1 and TV-7, every modifier of §8.7.2, and movement over a
// real database (contact, pinning, control, stacking, forced-march attrition).
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/rules/movement.hpp"
#include "fixtures.hpp"

#include "campaign_db.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <filesystem>

using namespace etatmajor;
using namespace etatmajor::test;
using rules::MoveInput;
using rules::Receipt;

namespace {

// A 10 x 5 clear map with a major road along row 2 and a track along row 0.
map::Map testMap() {
    map::MapMetadata meta;
    meta.id = "t";
    meta.name = "t";
    meta.width = 10;
    meta.height = 5;
    map::Map m(meta, map::Terrain::Clear);
    std::vector<hex::Hex> road, track;
    for (int c = 0; c < 10; ++c) road.push_back(m.offsets().toHex({c, 2}));
    for (int c = 0; c < 10; ++c) track.push_back(m.offsets().toHex({c, 0}));
    m.routes() = {{"road", "", map::LinkKind::MajorRoad, road, 0}, {"track", "", map::LinkKind::MinorRoad, track, 0}};
    m.rebuildLinks();
    return m;
}

std::vector<hex::Hex> row(const map::Map& m, int r, int from, int to) {
    std::vector<hex::Hex> out;
    for (int c = from; c <= to; ++c) out.push_back(m.offsets().toHex({c, r}));
    return out;
}

}  // namespace

TEST_CASE("§8.7.1 base rates (G-43) and the §16.4 allowances", "[rules][movement][example]") {
    campaign::Options o;
    const auto bl = unit("blc", "b", "f", "BL", UnitType::IrregularCavalry, 3, 3, 2);
    const auto va1 = unit("va1", "a", "f", "VA", UnitType::LineInfantry, 1, 4, 4);
    const auto pva = unit("pva", "a", "f", "VA", UnitType::IrregularInfantry, 2, 4, 3);
    const auto dragoons = unit("d", "b", "f", "X", UnitType::LightCavalry, 3, 3, 3);
    const auto guns = unit("g", "b", "f", "X", UnitType::Artillery, 3, 2, 3);
    CHECK(rules::baseMovementRate({&bl}, o) == 6);
    CHECK(rules::baseMovementRate({&dragoons}, o) == 5);
    CHECK(rules::baseMovementRate({&va1, &pva}, o) == 4);
    CHECK(rules::baseMovementRate({&dragoons, &guns}, o) == 4);  // the slowest component
    CHECK_FALSE(o.set("mixed_me_mr", "majority").has_value());
    CHECK(rules::baseMovementRate({&dragoons, &dragoons, &guns}, o) == 5);

    campaign::Options d;
    const auto m = testMap();
    const auto start = m.offsets().toHex({1, 2});
    // BL: irregular cavalry 6, no valid LOC −1 -> 5; one hex east along the road.
    MoveInput blIn{Mode::Scouting, 6, false, rules::Weather::Fine, Receipt::Received};
    auto plan = rules::planMove(m, start, row(m, 2, 2, 2), blIn, d);
    CHECK(plan.allowance == 5);
    CHECK(plan.entered.size() == 1);
    // VA: infantry 4, no LOC −1 = 3, tardy -> floor(3 / 2) = 1.
    MoveInput vaIn{Mode::March, 4, false, rules::Weather::Fine, Receipt::Tardy};
    plan = rules::planMove(m, start, row(m, 2, 2, 5), vaIn, d);
    CHECK(plan.allowance == 1);
    CHECK(plan.entered.size() == 1);
}

TEST_CASE("TV-7 tardy halving and G-28 variants", "[rules][movement][vector]") {
    campaign::Options o;
    CHECK(rules::halveAllowance(1, o) == 1);
    CHECK(rules::halveAllowance(3, o) == 1);
    CHECK(rules::halveAllowance(5, o) == 2);
    CHECK(rules::halveAllowance(6, o) == 3);
    CHECK_FALSE(o.set("half_move_rounding", "floor").has_value());
    CHECK(rules::halveAllowance(1, o) == 0);
    CHECK_FALSE(o.set("half_move_rounding", "ceil").has_value());
    CHECK(rules::halveAllowance(5, o) == 3);
}

TEST_CASE("TV-1 forced-march attrition by class, in winter; scope and removal (G-47, G-57)", "[rules][movement][vector]") {
    campaign::Options o;
    const int expected[] = {4, 4, 2, 3, 2};
    for (int cls = 1; cls <= 5; ++cls) {
        const auto u = unit("u", "s", "f", "m", UnitType::LineInfantry, cls, 4, 4);
        CHECK(rules::attritionFigures(u, true, o) == expected[cls - 1]);
        CHECK(rules::attritionFigures(u, false, o) == expected[cls - 1] - 1);
    }
    // G-47 (corrected 2026-11-25): by default every unit, artillery crews included; foot_and_horse spares the guns.
    const auto guns = unit("g", "s", "f", "m", UnitType::Artillery, 3, 2, 3);
    CHECK(rules::attritionFigures(guns, false, o) == 1);
    CHECK_FALSE(o.set("attrition_scope", "foot_and_horse").has_value());
    CHECK(rules::attritionFigures(guns, false, o) == 0);
    CHECK_FALSE(o.set("attrition_scope", "all_units").has_value());
    CHECK(rules::attritionFigures(guns, false, o) == 1);
    CHECK_FALSE(o.set("fm_winter_extra", "off").has_value());
    CHECK(rules::attritionFigures(unit("u", "s", "f", "m", UnitType::LineInfantry, 1, 4, 4), true, o) == 3);

    auto u = unit("u", "s", "f", "m", UnitType::LineInfantry, 1, 4, 4);
    u.figuresCurrent = 4;
    campaign::Options d;
    CHECK_FALSE(rules::removedByLosses(u, d));  // exactly one stand stays
    u.figuresCurrent = 3;
    CHECK(rules::removedByLosses(u, d));
    u.figuresCurrent = 4;
    CHECK_FALSE(d.set("map_removal", "at_one_stand").has_value());
    CHECK(rules::removedByLosses(u, d));
}

TEST_CASE("§8.7.2 modifiers along the route (G-44 mixed, G-55)", "[rules][movement]") {
    campaign::Options o;
    auto m = testMap();
    const auto off = m.offsets();
    const MoveInput march{Mode::March, 4, true, rules::Weather::Fine, Receipt::Received};
    // Along the major road: 4 hexes.
    CHECK(rules::planMove(m, off.toHex({0, 2}), row(m, 2, 1, 9), march, o).entered.size() == 4);
    // Along the track: −1 once -> 3.
    CHECK(rules::planMove(m, off.toHex({0, 0}), row(m, 0, 1, 9), march, o).entered.size() == 3);
    // Cross country along row 4: −1 once -> 3; per_occurrence -> −1 a hex, so 2 (hex 1 allowed at 3, hex 2 at 2).
    CHECK(rules::planMove(m, off.toHex({0, 4}), row(m, 4, 1, 9), march, o).entered.size() == 3);
    auto per = o;
    CHECK_FALSE(per.set("terrain_mod_mode", "per_occurrence").has_value());
    CHECK(rules::planMove(m, off.toHex({0, 4}), row(m, 4, 1, 9), march, per).entered.size() == 2);
    // Forced march +2 on the road: 6; storm −1: 5.
    const MoveInput forced{Mode::ForcedMarch, 4, true, rules::Weather::Fine, Receipt::Received};
    CHECK(rules::planMove(m, off.toHex({0, 2}), row(m, 2, 1, 9), forced, o).entered.size() == 6);
    const MoveInput storm{Mode::ForcedMarch, 4, true, rules::Weather::Storm, Receipt::Received};
    CHECK(rules::planMove(m, off.toHex({0, 2}), row(m, 2, 1, 9), storm, o).entered.size() == 5);
    // Difficult ground off road: −1 cross-country and −2 difficult once: 4 − 3 = 1.
    for (int c = 1; c < 10; ++c) m.setTerrain(off.toHex({c, 4}), map::Terrain::Difficult);
    CHECK(rules::planMove(m, off.toHex({0, 4}), row(m, 4, 1, 9), march, o).entered.size() == 1);
    // A river across the road between columns 2 and 3: a ford costs 1, a bridge nothing (bridge_free_ford_minus1).
    const auto a = off.toHex({2, 2}), b = off.toHex({3, 2});
    m.rivers().push_back({"r", "River", map::Watercourse::River, false, true, {{a, hex::directionTo(a, b)}}, 0});
    m.rebuildHexsides();
    CHECK(rules::planMove(m, off.toHex({0, 2}), row(m, 2, 1, 9), march, o).entered.size() == 3);
    m.crossings().push_back({{a, hex::directionTo(a, b)}, map::Crossing::Bridge, "", 0});
    m.rebuildHexsides();
    CHECK(rules::planMove(m, off.toHex({0, 2}), row(m, 2, 1, 9), march, o).entered.size() == 4);
    auto always = o;
    CHECK_FALSE(always.set("river_crossing", "always_minus1").has_value());
    CHECK(rules::planMove(m, off.toHex({0, 2}), row(m, 2, 1, 9), march, always).entered.size() == 3);
    // Passing through a town entered today costs 1 on leaving it.
    m.urbanAreas().push_back({"t", "Town", off.toHex({1, 2}), map::UrbanSize::Town, map::Fortification::None, 0});
    CHECK(rules::planMove(m, off.toHex({0, 2}), row(m, 2, 1, 9), march, o).entered.size() == 3);
    // Stationary modes and orders not received do not move.
    CHECK(rules::planMove(m, off.toHex({0, 2}), row(m, 2, 1, 9), {Mode::Forage, 4, true, rules::Weather::Fine, Receipt::Received}, o)
              .entered.empty());
    CHECK(rules::planMove(m, off.toHex({0, 2}), row(m, 2, 1, 9), {Mode::March, 4, true, rules::Weather::Fine, Receipt::NotReceived}, o)
              .entered.empty());
    // min_move: a moving ME always gets one hex (G-44), unless min_move = 0.
    const MoveInput crippled{Mode::March, 1, false, rules::Weather::Storm, Receipt::Received};
    CHECK(rules::planMove(m, off.toHex({0, 4}), row(m, 4, 1, 9), crippled, o).entered.size() == 1);
    auto zero = o;
    CHECK_FALSE(zero.set("min_move", "0").has_value());
    CHECK(rules::planMove(m, off.toHex({0, 4}), row(m, 4, 1, 9), crippled, zero).entered.empty());
}

namespace {
std::string freshDb(const std::string& name) { return test::freshCampaignDb("movement-test", name, "campaigns/southern-1780.xml", 9); }

campaign::OrdersFile ordersFor(db::CampaignStore& store, const std::string& side, const std::string& me, campaign::Mode mode,
                               std::vector<std::string> path) {
    campaign::OrdersFile f;
    f.side = side;
    f.week = store.info().week;
    f.day = store.info().day;
    campaign::Order o;
    o.me = me;
    o.mode = mode;
    for (const auto& h : path) o.path.push_back(*hex::parseOffset(h));
    f.orders.push_back(o);
    return f;
}
}  // namespace

TEST_CASE("D5 movement over the bundled map: road march, contact, pinning, control", "[engine][movement]") {
    const auto path = freshDb("move");
    auto store = db::CampaignStore::open(path);
    {
        // Tarleton's reserve waits at 32,36 on the Camden–Cheraw road, where the Marylanders will walk into it.
        etatmajor::test::RawEdit raw(path);
        raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 32 AND row = 36), "
                 "r = (SELECT r FROM map_hex WHERE col = 32 AND row = 36) WHERE id = 'b-tarleton'");
    }
    // The D3 receipt roll decides how far the Marylanders get; each outcome is checked.
    REQUIRE(engine::submitOrders(store, ordersFor(store, "american", "a-maryland", campaign::Mode::March,
                                                  {"34,33", "34,34", "33,35", "32,35", "32,36"}))
                .empty());
    REQUIRE(engine::standFast(store, "british").empty());
    const auto r = engine::advance(store, engine::Step::Day);
    REQUIRE(r.ok);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    const std::string receipt = raw.execAndGet("SELECT receipt FROM order_sheet WHERE me_id = 'a-maryland'").getString();
    const std::string at = raw.execAndGet("SELECT m.col || ',' || m.row FROM me e JOIN map_hex m ON m.q = e.q AND m.r = e.r "
                                          "WHERE e.id = 'a-maryland'")
                               .getString();
    if (receipt == "received") {
        // Infantry 4 along the major road: 4 hexes, stopping short of Tarleton at 32,36.
        CHECK(at == "32,35");
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM contact").getInt() == 0);
    } else if (receipt == "tardy") {
        CHECK(at == "34,34");  // half of 4
    } else {
        CHECK(at == "35,33");
    }
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM movement WHERE me_id = 'a-maryland'").getInt() == (receipt == "not_received" ? 0 : 1));
}

TEST_CASE("contact: the mover stops, both counters turn over, the ME entered is pinned", "[engine][movement]") {
    // Repeat over seeds until the order is carried out in full, so the contact is reached.
    for (int attempt = 0; attempt < 12; ++attempt) {
        const auto path = freshDb("contact" + std::to_string(attempt));
        {
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE campaign SET rng_state = " + std::to_string(1000 + attempt));
            raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 33 AND row = 35), "
                     "r = (SELECT r FROM map_hex WHERE col = 33 AND row = 35) WHERE id = 'b-tarleton'");
        }
        auto store = db::CampaignStore::open(path);
        REQUIRE(engine::submitOrders(store, ordersFor(store, "american", "a-maryland", campaign::Mode::March,
                                                      {"34,33", "34,34", "33,35", "32,35"}))
                    .empty());
        REQUIRE(engine::submitOrders(store, ordersFor(store, "british", "b-tarleton", campaign::Mode::March, {"32,35"})).empty());
        REQUIRE(engine::advance(store, engine::Step::Day).ok);
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        if (raw.execAndGet("SELECT receipt FROM order_sheet WHERE me_id = 'a-maryland'").getString() != "received") continue;
        // The British move first (initiative) unless the Americans hold it: either way Tarleton is met at 33,35
        // or the Marylanders stop at his new hex.
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM contact").getInt() == 1);
        CHECK(raw.execAndGet("SELECT revealed FROM me WHERE id = 'a-maryland'").getInt() == 1);
        CHECK(raw.execAndGet("SELECT revealed FROM me WHERE id = 'b-tarleton'").getInt() == 1);
        // They met in one hex: the day's battle was fought there (the loser may have fallen back by night).
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM battle b JOIN contact c ON b.q = c.q AND b.r = c.r AND b.week = c.week "
                             "AND b.day = c.day")
                  .getInt() == 1);
        CHECK(raw.execAndGet("SELECT stopped_by FROM movement WHERE me_id = 'a-maryland'").getString().find("contact") !=
              std::string::npos);
        // The British now see the Maryland counter turned over, by its label but not its composition.
        const auto view = nlohmann::json::parse(view::statusJson(store, view::Viewer::ofSide("british")));
        bool seen = false;
        for (const auto& c : view["sides"][1]["counters"])
            if (!c["faceDown"].get<bool>() && c["label"] == "Maryland Div (with army HQ and guns)") seen = true;
        CHECK(seen);
        CHECK(view::statusJson(store, view::Viewer::ofSide("british")).find("maryland-1") == std::string::npos);
        return;
    }
    FAIL("no seed gave a carried-out order in 12 tries");
}
