// SPDX-License-Identifier: GPL-3.0-or-later
// Variant values of the daily cycle (etat-major.md §2.2, §5, §8.3, §8.7, §8.8.1, §9.5, §14), each against its
// default: movement of Deployed-Offensive and Breakoff MEs (G-48), the denominator of encounter timing (G-21),
// seasonal wetlands on map regions (G-16), stacking (G-41), late stationary work (G-29), disobedience (G-31) and
// declared LOC paths (G-32).
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/reports.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/rules/movement.hpp"
#include "fixtures.hpp"

#include "campaign_db.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

using namespace etatmajor;
using namespace etatmajor::test;
using rules::MoveInput;
using rules::Receipt;

namespace {

// A 10 x 3 clear map with a major road along row 1.
map::Map roadMap() {
    map::MapMetadata meta;
    meta.id = "t";
    meta.name = "t";
    meta.width = 10;
    meta.height = 3;
    map::Map m(meta, map::Terrain::Clear);
    std::vector<hex::Hex> road;
    for (int c = 0; c < 10; ++c) road.push_back(m.offsets().toHex({c, 1}));
    m.routes() = {{"road", "", map::LinkKind::MajorRoad, road, 0}};
    m.rebuildLinks();
    return m;
}

std::vector<hex::Hex> roadFrom(const map::Map& m, int from) {
    std::vector<hex::Hex> out;
    for (int c = from; c < 10; ++c) out.push_back(m.offsets().toHex({c, 1}));
    return out;
}

campaign::Options with(std::initializer_list<std::pair<const char*, const char*>> values) {
    campaign::Options o;
    for (const auto& [k, v] : values) REQUIRE_FALSE(o.set(k, v).has_value());
    return o;
}

}  // namespace

TEST_CASE("G-48 do_move and breakoff_move = half: Deployed-Offensive and Breakoff MEs move at half rate",
          "[rules][movement][variant]") {
    const auto m = roadMap();
    const auto start = m.offsets().toHex({0, 1});
    const MoveInput offensive{Mode::DeployedOffensive, 5, true, rules::Weather::Fine, Receipt::Received};
    const MoveInput breakoff{Mode::Breakoff, 5, true, rules::Weather::Fine, Receipt::Received};
    const MoveInput march{Mode::March, 5, true, rules::Weather::Fine, Receipt::Received};
    const campaign::Options defaults;
    // Default full: cavalry 5 along the road, 5 hexes in either mode.
    CHECK(rules::planMove(m, start, roadFrom(m, 1), offensive, defaults).entered.size() == 5);
    CHECK(rules::planMove(m, start, roadFrom(m, 1), breakoff, defaults).entered.size() == 5);

    const auto half = with({{"do_move", "half"}, {"breakoff_move", "half"}});
    auto plan = rules::planMove(m, start, roadFrom(m, 1), offensive, half);
    CHECK(plan.allowance == 2);  // floor(5 / 2), half_move_rounding = floor_min1
    CHECK(plan.entered.size() == 2);
    CHECK(rules::planMove(m, start, roadFrom(m, 1), breakoff, half).entered.size() == 2);
    CHECK(rules::planMove(m, start, roadFrom(m, 1), march, half).entered.size() == 5);  // other modes untouched
    // Halved after the modifiers: no LOC −1 -> 4, half 2; a tardy order halves again -> 1.
    CHECK(rules::planMove(m, start, roadFrom(m, 1), {Mode::DeployedOffensive, 5, false, rules::Weather::Fine, Receipt::Received}, half)
              .allowance == 2);
    CHECK(rules::planMove(m, start, roadFrom(m, 1), {Mode::DeployedOffensive, 5, true, rules::Weather::Fine, Receipt::Tardy}, half)
              .allowance == 1);
    // Each key acts alone: breakoff_move = half leaves Deployed-Offensive at full rate.
    const auto breakoffOnly = with({{"breakoff_move", "half"}});
    CHECK(rules::planMove(m, start, roadFrom(m, 1), offensive, breakoffOnly).entered.size() == 5);
    CHECK(rules::planMove(m, start, roadFrom(m, 1), breakoff, breakoffOnly).entered.size() == 2);
    // ceil rounding: 5 -> 3.
    const auto ceil = with({{"do_move", "half"}, {"half_move_rounding", "ceil"}});
    CHECK(rules::planMove(m, start, roadFrom(m, 1), offensive, ceil).entered.size() == 3);
}

TEST_CASE("G-21 mr_fraction_basis = modified_mr: the basis is the MR after modifiers, before tardy halving",
          "[rules][movement][variant]") {
    const auto m = roadMap();
    const auto start = m.offsets().toHex({0, 1});
    // Infantry 4, no LOC −1 -> 3; tardy -> 1.
    const MoveInput tardy{Mode::March, 4, false, rules::Weather::Fine, Receipt::Tardy};
    const campaign::Options defaults;
    const auto plan = rules::planMove(m, start, roadFrom(m, 1), tardy, defaults);
    CHECK(plan.allowance == 1);
    CHECK(plan.modifiedMr == 3);
    CHECK(rules::fractionBasis(plan, defaults) == 1);
    CHECK(rules::fractionBasis(plan, with({{"mr_fraction_basis", "modified_mr"}})) == 3);
    // tardy_halving_order = before_modifiers: base 4 halved to 2, −1 -> 1; the modified MR is still 4 − 1.
    const auto before = with({{"tardy_halving_order", "before_modifiers"}, {"mr_fraction_basis", "modified_mr"}});
    const auto early = rules::planMove(m, start, roadFrom(m, 1), tardy, before);
    CHECK(early.allowance == 1);
    CHECK(rules::fractionBasis(early, before) == 3);
    // An order carried out: both are the same.
    const auto full = rules::planMove(m, start, roadFrom(m, 1), {Mode::March, 4, false, rules::Weather::Fine, Receipt::Received},
                                      defaults);
    CHECK(full.allowance == 3);
    CHECK(full.modifiedMr == 3);
}

TEST_CASE("G-41 stacking: stacking_scope = total and stack_check = every_hex", "[rules][movement][variant]") {
    const auto m = roadMap();
    const auto off = m.offsets();
    const auto full = off.toHex({2, 1});
    campaign::CampaignState s;
    s.map = m;
    const auto mover = me("mover", "a", off.toHex({0, 1}), "");
    s.mes = {mover, me("a1", "a", full, ""), me("a2", "a", full, ""), me("b1", "b", full, "")};
    const std::vector<std::pair<std::string, hex::Hex>> decoys{{"a", full}};
    const campaign::Options defaults;
    // Per side, decoys counting: two friendly MEs and one friendly decoy = 3, the enemy ME not counted.
    CHECK(rules::stackedAt(s, mover, full, decoys, defaults) == 3);
    CHECK(rules::stackedAt(s, mover, full, {}, defaults) == 2);
    CHECK(rules::stackedAt(s, mover, full, decoys, with({{"decoys_stack", "no"}})) == 2);
    CHECK(rules::stackedAt(s, mover, full, {}, with({{"stacking_scope", "total"}})) == 3);
    // The mover itself is never counted.
    s.mes[0].hex = full;
    CHECK(rules::stackedAt(s, s.mes[0], full, {}, defaults) == 2);
    s.mes[0].hex = off.toHex({0, 1});

    // Passing through a full friendly hex: allowed by default, not under every_hex.
    CHECK(rules::mayEnterStack(s, mover, full, decoys, defaults));
    CHECK_FALSE(rules::mayEnterStack(s, mover, full, decoys, with({{"stack_check", "every_hex"}})));
    // An enemy-held hex with three MEs in all (two of the enemy and one friend is not possible outside a battle;
    // here three of the enemy): entered for contact by default, not under total.
    s.mes = {mover, me("b1", "b", full, ""), me("b2", "b", full, ""), me("b3", "b", full, "")};
    CHECK(rules::mayEnterStack(s, mover, full, {}, defaults));
    CHECK(rules::mayEnterStack(s, mover, full, {}, with({{"stack_check", "every_hex"}})));  // per side: room
    CHECK_FALSE(rules::mayEnterStack(s, mover, full, {}, with({{"stacking_scope", "total"}})));
    s.mes.pop_back();
    CHECK(rules::mayEnterStack(s, mover, full, {}, with({{"stacking_scope", "total"}})));  // two: room for a third
}

namespace {

// Every die shows 3 (no more than the die has); order receipt shows `receipt`.
class Fixed final : public dice::Source {
public:
    explicit Fixed(int receipt) : m_receipt(receipt) {}
    int roll(int faces, const dice::RollRequest& r) override {
        return r.purpose.rfind("order receipt", 0) == 0 ? std::min(m_receipt, faces) : std::min(3, faces);
    }
    std::string kind() const override { return "scripted"; }

private:
    int m_receipt;
};

// Runs at least one phase, then on until `phase` is next.
void runTo(db::CampaignStore& store, const std::string& phase, int receipt = 6) {
    Fixed dice(receipt);
    engine::AdvanceOptions o;
    o.dice = &dice;
    do {
        const auto r = engine::advance(store, engine::Step::Phase, o);
        for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
        REQUIRE(r.ok);
    } while (campaign::phaseString(store.info().phase) != phase);
}

campaign::OrdersFile orders(db::CampaignStore& store, const std::string& side, const std::string& me, campaign::Mode mode,
                            std::vector<std::string> path) {
    campaign::OrdersFile f;
    f.side = side;
    f.week = store.info().week;
    f.day = store.info().day;
    if (me.empty()) return f;
    campaign::Order o;
    o.me = me;
    o.mode = mode;
    for (const auto& h : path) o.path.push_back(*hex::parseOffset(h));
    f.orders.push_back(o);
    return f;
}

void placeAt(const std::string& path, const std::string& me, const std::string& colRow) {
    const auto comma = colRow.find(',');
    const std::string where = "col = " + colRow.substr(0, comma) + " AND row = " + colRow.substr(comma + 1);
    etatmajor::test::RawEdit raw(path);
    raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE " + where + "), r = (SELECT r FROM map_hex WHERE " + where +
             ") WHERE id = '" + me + "'");
}

std::string query(const std::string& path, const std::string& sql) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getString();
}

std::string hexOf(const std::string& path, const std::string& me) {
    return query(path, "SELECT h.col || ',' || h.row FROM me m JOIN map_hex h ON h.q = m.q AND h.r = m.r WHERE m.id = '" + me + "'");
}

// The bundled campaign, with the American MEs ordered along the Cheraw–Camden road (35,33 34,33 34,34 33,35 32,35).
std::string southern(const std::string& name, std::vector<std::string> options) {
    return freshCampaignDb("daily-variants", name, "campaigns/southern-1780.xml", 5, std::move(options));
}

}  // namespace

TEST_CASE("G-41 stack_check = every_hex over the bundled map: a full friendly hex is not passed through",
          "[engine][movement][variant]") {
    for (const bool everyHex : {false, true}) {
        const auto path = southern(everyHex ? "every-hex" : "stops-only",
                                   everyHex ? std::vector<std::string>{"stack_check=every_hex"} : std::vector<std::string>{});
        // Three American MEs stand in 34,34; Stevens's Virginians march through it from Cheraw.
        for (const char* id : {"a-maryland", "a-caswell", "a-armand"}) placeAt(path, id, "34,34");
        placeAt(path, "a-stevens", "35,33");
        auto store = db::CampaignStore::open(path);
        runTo(store, "D2");
        REQUIRE(engine::submitOrders(store, orders(store, "american", "a-stevens", campaign::Mode::March,
                                                   {"34,33", "34,34", "33,35", "32,35"}))
                    .empty());
        REQUIRE(engine::standFast(store, "british").empty());
        runTo(store, "D6");
        REQUIRE(query(path, "SELECT receipt FROM order_sheet WHERE me_id = 'a-stevens'") == "received");
        const std::string at = hexOf(path, "a-stevens");
        if (everyHex) {
            CHECK(at == "34,33");
            CHECK(query(path, "SELECT stopped_by FROM movement WHERE me_id = 'a-stevens'") == "stacking limit");
        } else {
            CHECK((at == "33,35" || at == "32,35"));  // through the full hex (3 or 4 hexes, by its LOC)
        }
        CHECK(hexOf(path, "a-maryland") == "34,34");
    }
}

TEST_CASE("G-41 stacking_scope = total over the bundled map: three enemy MEs fill their hex", "[engine][movement][variant]") {
    for (const bool total : {false, true}) {
        const auto path = southern(total ? "total" : "per-side",
                                   total ? std::vector<std::string>{"stacking_scope=total"} : std::vector<std::string>{});
        for (const char* id : {"b-webster", "b-rawdon", "b-tarleton"}) placeAt(path, id, "33,35");
        auto store = db::CampaignStore::open(path);
        runTo(store, "D2");
        REQUIRE(
            engine::submitOrders(store, orders(store, "american", "a-maryland", campaign::Mode::March, {"34,33", "34,34", "33,35"}))
                .empty());
        REQUIRE(engine::standFast(store, "british").empty());
        runTo(store, "D6");
        REQUIRE(query(path, "SELECT receipt FROM order_sheet WHERE me_id = 'a-maryland'") == "received");
        if (total) {
            CHECK(hexOf(path, "a-maryland") == "34,34");
            CHECK(query(path, "SELECT COUNT(*) FROM contact") == "0");
            CHECK(query(path, "SELECT stopped_by FROM movement WHERE me_id = 'a-maryland'") == "stacking limit");
        } else {
            CHECK(hexOf(path, "a-maryland") == "33,35");  // per side: the contact is made
            CHECK(query(path, "SELECT COUNT(*) FROM contact") == "1");
        }
    }
}

TEST_CASE("G-21 mr_fraction_basis = modified_mr over the bundled map: a tardy ME's basis is its unhalved allowance",
          "[engine][movement][variant]") {
    for (const bool modified : {false, true}) {
        const auto path = southern(modified ? "modified-mr" : "final-allowance",
                                   modified ? std::vector<std::string>{"mr_fraction_basis=modified_mr"} : std::vector<std::string>{});
        auto store = db::CampaignStore::open(path);
        runTo(store, "D2");
        REQUIRE(engine::submitOrders(store, orders(store, "american", "a-caswell", campaign::Mode::March,
                                                   {"34,33", "34,34", "33,35", "32,35"}))
                    .empty());
        REQUIRE(engine::standFast(store, "british").empty());
        runTo(store, "D6", 2);  // receipt 2, no modifier: tardy
        REQUIRE(query(path, "SELECT receipt FROM order_sheet WHERE me_id = 'a-caswell'") == "tardy");
        // Militia infantry 4 along the major road with a LOC: the tardy allowance is 2 and it walks 2 hexes.
        CHECK(hexOf(path, "a-caswell") == "34,34");
        CHECK(query(path, "SELECT allowance FROM movement WHERE me_id = 'a-caswell'") == "2");
        CHECK(query(path, "SELECT allowance_today FROM me WHERE id = 'a-caswell'") == (modified ? "4" : "2"));
    }
}

TEST_CASE("G-16 seasonal wetlands: map regions, flooded marsh in its season, and seasonal_wetlands = off",
          "[rules][movement][variant]") {
    // A 6 x 3 map: south by default, the top row north; marsh in column 2 of every row, a track along row 2.
    const std::string xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<map formatVersion="1" id="w" name="Wetlands" kmPerHex="8" orientation="pointy" offset="odd" width="6" height="3">
  <terrain default="clear">
    <row index="0">..m...</row>
    <row index="1">..m...</row>
    <row index="2">..m...</row>
  </terrain>
  <regions default="south">
    <area region="north" cols="0-5" rows="0"/>
  </regions>
  <routes>
    <route id="track" kind="minor_road" hexes="0,2 1,2 2,2 3,2 4,2 5,2"/>
  </routes>
</map>
)";
    const auto read = io::readMapString(xml, "w.xml");
    REQUIRE_FALSE(read.issues.hasErrors());
    const auto& m = read.map;
    const auto off = m.offsets();
    CHECK(m.regionAt(off.toHex({2, 0})) == map::Region::North);
    CHECK(m.regionAt(off.toHex({2, 1})) == map::Region::South);
    // Written back and read again, the regions are the same.
    const auto again = io::readMapString(io::writeMapString(m), "again.xml");
    CHECK(again.map.regionDefault() == map::Region::South);
    REQUIRE(again.map.regionAreas().size() == 1);
    CHECK(again.map.regionAt(off.toHex({4, 0})) == map::Region::North);

    const campaign::Options on;
    const auto off16 = with({{"seasonal_wetlands", "off"}});
    auto row = [&](int r) {
        std::vector<hex::Hex> v;
        for (int c = 1; c < 6; ++c) v.push_back(off.toHex({c, r}));
        return v;
    };
    auto walk = [&](int r, Season season, const campaign::Options& o) {
        MoveInput in{Mode::March, 4, true, rules::Weather::Fine, Receipt::Received};
        in.season = season;
        return rules::planMove(m, off.toHex({0, r}), row(r), in, o).entered.size();
    };
    // Cross-country 4 − 1 = 3 hexes when the marsh is dry.
    CHECK(walk(1, Season::Summer, on) == 3);
    // Autumn floods the south: row 1 stops before the marsh at column 2; the north's row 0 does not flood in Autumn.
    CHECK(walk(1, Season::Autumn, on) == 1);
    CHECK(walk(0, Season::Autumn, on) == 3);
    // Spring floods the north, not the south.
    CHECK(walk(0, Season::Spring, on) == 1);
    CHECK(walk(1, Season::Spring, on) == 3);
    // Along the track the flooded marsh is crossed (track −1: 3 hexes).
    CHECK(walk(2, Season::Autumn, on) == 3);
    // seasonal_wetlands = off: no flood anywhere.
    CHECK(walk(1, Season::Autumn, off16) == 3);
    CHECK(walk(0, Season::Spring, off16) == 3);
    CHECK(rules::wetlandFlooded(m, off.toHex({2, 1}), Season::Autumn, on));
    CHECK_FALSE(rules::wetlandFlooded(m, off.toHex({2, 1}), Season::Autumn, off16));
    CHECK_FALSE(rules::wetlandFlooded(m, off.toHex({1, 1}), Season::Autumn, on));  // clear ground never floods

    // The extreme north freezes in Winter; a map without regions has no seasonal wetlands.
    auto frozen = m;
    frozen.regionDefault() = map::Region::ExtremeNorth;
    frozen.regionAreas().clear();
    CHECK(rules::wetlandFrozen(frozen, off.toHex({2, 1}), Season::Winter, on));
    CHECK_FALSE(rules::wetlandFrozen(frozen, off.toHex({2, 1}), Season::Winter, off16));
    CHECK_FALSE(rules::wetlandFrozen(frozen, off.toHex({2, 1}), Season::Autumn, on));
    auto none = m;
    none.regionDefault() = map::Region::None;
    none.regionAreas().clear();
    CHECK_FALSE(rules::wetlandFlooded(none, off.toHex({2, 1}), Season::Autumn, on));

    // A region range outside the map is an error.
    std::string bad = xml;
    bad.replace(bad.find("rows=\"0\""), 8, "rows=\"0-7\"");
    CHECK(io::readMapString(bad, "bad.xml").issues.hasErrors());
}

TEST_CASE("G-29 tardy_stationary = delayed: a tardy order's stationary work is put off", "[engine][orders][variant]") {
    for (const bool delayed : {false, true}) {
        const auto path = southern(delayed ? "tardy-delayed" : "tardy-executes",
                                   delayed ? std::vector<std::string>{"tardy_stationary=delayed"} : std::vector<std::string>{});
        {
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE urban_area SET controller = 'american' WHERE id = 'cheraw'");
        }
        auto store = db::CampaignStore::open(path);
        runTo(store, "D2");
        // Caswell's militia in Cheraw burn its boats: a Reorganisation order with no receipt modifier, rolled 2.
        auto f = orders(store, "american", "a-caswell", campaign::Mode::Reorganisation, {});
        f.orders[0].actions.push_back({"destroy_transport", ""});
        REQUIRE(engine::submitOrders(store, f).empty());
        REQUIRE(engine::standFast(store, "british").empty());
        runTo(store, "D1", 2);  // through the night of day 1
        REQUIRE(query(path, "SELECT receipt FROM order_sheet WHERE me_id = 'a-caswell'") == "tardy");
        CHECK(query(path, "SELECT mode FROM me WHERE id = 'a-caswell'") == "reorganisation");  // the mode applies either way
        CHECK(query(path, "SELECT transport_destroyed FROM urban_area WHERE id = 'cheraw'") == (delayed ? "0" : "1"));
        const std::string body = query(path, "SELECT body FROM order_sheet WHERE me_id = 'a-caswell'");
        CHECK((body.find("delayedActions") != std::string::npos) == delayed);
    }
}

namespace {

// The §16.1 strip (R1 0,0 .. R6 5,0 along one major road): Virginia at R4 draws on Rugeley's Mill in R1; the British
// Legion waits in Camden at R6, off the Virginians' LOC.
std::string stripDb(const std::string& name, std::vector<std::string> options) {
    const auto path = freshCampaignDb("daily-variants", name, "tests/data/campaigns/strip.xml", 2, std::move(options));
    etatmajor::test::RawEdit raw(path);
    raw.exec("UPDATE urban_area SET controller = 'american' WHERE id = 'rugeleys-mill'");
    raw.exec("UPDATE urban_area SET controller = 'british' WHERE id = 'camden'");
    return path;
}

core::IssueList giveOrder(db::CampaignStore& store, const std::string& side, const std::string& order) {
    const auto info = store.info();
    return engine::submitOrders(store, io::readOrdersString("<orders formatVersion=\"1\" side=\"" + side + "\" week=\"" +
                                                                std::to_string(info.week) + "\" day=\"" + std::to_string(info.day) +
                                                                "\">\n" + order + "</orders>",
                                                            side + ".xml"));
}

std::string locOf(const std::string& path, const std::string& me, int day) {
    return query(path, "SELECT valid || ' ' || problem || ' ' || path FROM loc_status WHERE week = 1 AND day = " +
                           std::to_string(day) + " AND me_id = '" + me + "'");
}

}  // namespace

TEST_CASE("G-32 loc_path = declared_only: only the LOC path the orders declared counts", "[engine][loc][variant]") {
    for (const bool declared : {false, true}) {
        const auto path = stripDb(declared ? "loc-declared" : "loc-any",
                                  declared ? std::vector<std::string>{"loc_path=declared_only"} : std::vector<std::string>{});
        placeAt(path, "bl", "5,0");
        auto store = db::CampaignStore::open(path);
        runTo(store, "D2");
        // Day 1: no order has declared a path yet.
        CHECK(locOf(path, "va", 1) == (declared ? "0 no_route " : "1 none 3,0 2,0 1,0 0,0"));
        REQUIRE(giveOrder(store, "american", "<order me=\"va\" mode=\"forage\"><locPath>2,0 1,0 0,0</locPath></order>\n").empty());
        REQUIRE(engine::standFast(store, "british").empty());
        runTo(store, "D2");
        // Day 2: the declared road to Rugeley's Mill.
        CHECK(locOf(path, "va", 2) == "1 none 3,0 2,0 1,0 0,0");
        // The side's `loc` report shows the LOC the phases use.
        {
            auto report = db::CampaignStore::open(path);
            const auto doc = nlohmann::json::parse(engine::locJson(report, "american"));
            for (const auto& m : doc["mes"])
                if (m["me"] == "va") CHECK(m["loc"].get<bool>());
        }
        // A path that stops short of the source is no LOC under declared_only.
        REQUIRE(giveOrder(store, "american", "<order me=\"va\" mode=\"forage\"><locPath>2,0 1,0</locPath></order>\n").empty());
        REQUIRE(engine::standFast(store, "british").empty());
        runTo(store, "D2");
        CHECK(locOf(path, "va", 3) == (declared ? "0 no_route " : "1 none 3,0 2,0 1,0 0,0"));
        {
            auto report = db::CampaignStore::open(path);
            const auto doc = nlohmann::json::parse(engine::locJson(report, "american"));
            int seen = 0;
            for (const auto& m : doc["mes"])
                if (m["me"] == "va") {
                    ++seen;
                    CHECK(m["loc"].get<bool>() == !declared);  // the short declared path is no LOC in the report either
                }
            CHECK(seen == 1);
        }
        // The British Legion on the declared road cuts it (as it cuts any path on this one-road strip).
        REQUIRE(giveOrder(store, "american", "<order me=\"va\" mode=\"forage\"><locPath>2,0 1,0 0,0</locPath></order>\n").empty());
        REQUIRE(engine::standFast(store, "british").empty());
        placeAt(path, "bl", "1,0");
        runTo(store, "D2");
        CHECK(locOf(path, "va", 4).rfind("0 cut", 0) == 0);
    }
    // A declared path must be a chain of neighbouring hexes; an ME in its source's hex needs none.
    const auto path = stripDb("loc-bad", {"loc_path=declared_only"});
    placeAt(path, "va", "0,0");
    auto store = db::CampaignStore::open(path);
    runTo(store, "D2");
    CHECK(locOf(path, "va", 1) == "1 none 0,0");
    const auto issues = giveOrder(store, "american", "<order me=\"va\" mode=\"forage\"><locPath>2,0 0,0</locPath></order>\n");
    REQUIRE(issues.hasErrors());
    CHECK(issues.items()[0].code == "ORDERS-LOC-PATH");
}

TEST_CASE("G-31 allow_disobedience: a disobeying ME is logged by default and refused under off", "[engine][orders][variant]") {
    for (const bool off : {false, true}) {
        const auto path = stripDb(off ? "disobey-off" : "disobey-logged",
                                  off ? std::vector<std::string>{"allow_disobedience=off"} : std::vector<std::string>{});
        auto store = db::CampaignStore::open(path);
        runTo(store, "D2");
        const auto issues = giveOrder(store, "american",
                                      "<order me=\"va\" mode=\"march\" disobeys=\"true\"><path>4,0</path></order>\n");
        if (off) {
            REQUIRE(issues.hasErrors());
            CHECK(issues.items()[0].code == "ORDERS-DISOBEY");
            CHECK(issues.items()[0].where == "va.disobeys");
            // The same order, obeyed, is accepted.
            CHECK(giveOrder(store, "american", "<order me=\"va\" mode=\"march\"><path>4,0</path></order>\n").empty());
            continue;
        }
        REQUIRE(issues.empty());
        REQUIRE(engine::standFast(store, "british").empty());
        Fixed dice(6);
        engine::AdvanceOptions o;
        o.dice = &dice;
        const auto r = engine::advance(store, engine::Step::Phase, o);  // D2
        REQUIRE(r.ok);
        const auto d3 = engine::advance(store, engine::Step::Phase, o);
        REQUIRE(d3.ok);
        REQUIRE(d3.phases.size() == 1);
        CHECK(d3.phases[0].phase == campaign::Phase::D3);
        bool logged = false;
        for (const auto& line : d3.phases[0].lines) logged |= line.find("disobeys") != std::string::npos;
        CHECK(logged);
        CHECK(query(path, "SELECT body FROM order_sheet WHERE me_id = 'va'").find("\"disobeys\":true") != std::string::npos);
    }
}

TEST_CASE("G-46 night_march: a night march is a forced march in every respect, refused under disabled", "[engine][orders][variant]") {
    // Default: the same orders as a forced march and as a night march move the ME alike under the same dice.
    std::string moved[2];
    for (const bool night : {false, true}) {
        const auto path = stripDb(night ? "night-march" : "forced-march", {});
        auto store = db::CampaignStore::open(path);
        runTo(store, "D2");
        const std::string attr = night ? " night=\"true\"" : "";
        REQUIRE(giveOrder(store, "american", "<order me=\"va\" mode=\"forced_march\"" + attr + "><path>4,0</path></order>\n").empty());
        REQUIRE(engine::standFast(store, "british").empty());
        Fixed dice(6);
        engine::AdvanceOptions o;
        o.dice = &dice;
        REQUIRE(engine::advance(store, engine::Step::Phase, o).ok);  // D2
        const auto d3 = engine::advance(store, engine::Step::Phase, o);
        REQUIRE(d3.ok);
        bool named = false;
        for (const auto& line : d3.phases.at(0).lines) named |= line.find("through the night") != std::string::npos;
        CHECK(named == night);
        CHECK((query(path, "SELECT body FROM order_sheet WHERE me_id = 'va'").find("\"night\":true") != std::string::npos) == night);
        for (int i = 0; i < 2; ++i) REQUIRE(engine::advance(store, engine::Step::Phase, o).ok);  // D4, D5
        moved[night ? 1 : 0] = query(path, "SELECT path || ' ' || allowance FROM movement WHERE me_id = 'va'") + " / " +
                               query(path, "SELECT mode FROM me WHERE id = 'va'");
    }
    INFO(moved[0]);
    CHECK(moved[0].rfind("4,0", 0) == 0);  // it moved along its path
    CHECK(moved[0] == moved[1]);

    // disabled: refused with the ME and the field named, and nothing stored; the same order without the mark passes.
    const auto path = stripDb("night-disabled", {"night_march=disabled"});
    auto store = db::CampaignStore::open(path);
    runTo(store, "D2");
    auto issues = giveOrder(store, "american", "<order me=\"va\" mode=\"forced_march\" night=\"true\"><path>4,0</path></order>\n");
    REQUIRE(issues.hasErrors());
    CHECK(issues.items()[0].code == "ORDERS-NIGHT");
    CHECK(issues.items()[0].where == "va.night");
    CHECK(query(path, "SELECT COUNT(*) FROM order_sheet") == "0");
    CHECK(giveOrder(store, "american", "<order me=\"va\" mode=\"forced_march\"><path>4,0</path></order>\n").empty());
    // The mark belongs to a Forced March order only.
    const auto other = stripDb("night-on-march", {});
    auto store2 = db::CampaignStore::open(other);
    runTo(store2, "D2");
    issues = giveOrder(store2, "american", "<order me=\"va\" mode=\"march\" night=\"true\"><path>4,0</path></order>\n");
    REQUIRE(issues.hasErrors());
    CHECK(issues.items()[0].code == "ORDERS-NIGHT");
}
