// SPDX-License-Identifier: GPL-3.0-or-later
// etat-major.md §11.1–§11.5 as pure rules: the water transport table, lifts and building, water movement, sieges,
// earthworks and the prices of what SPs buy (§13.1), with every variant key of G-96…G-99.
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/rules/siege.hpp"
#include "etatmajor/rules/water.hpp"
#include "etatmajor/rules/works.hpp"
#include "fixtures.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace etatmajor;
using namespace etatmajor::test;

namespace {

map::Map smallMap() {
    return io::readMapFile((std::filesystem::path(ETATMAJOR_SOURCE_DIR) / "tests/data/maps/small.xml").string()).map;
}

hex::Hex at(const map::Map& m, int col, int row) { return m.offsets().toHex({col, row}); }

std::vector<hex::Hex> route(const map::Map& m, std::initializer_list<std::pair<int, int>> cells) {
    std::vector<hex::Hex> out;
    for (const auto& [c, r] : cells) out.push_back(at(m, c, r));
    return out;
}

}  // namespace

TEST_CASE("§11.1 table: transport of a UA by the water", "[rules][water]") {
    using map::UrbanSize;
    CHECK(rules::uaTransportCapacity(UrbanSize::Village, true) == 100);
    CHECK(rules::uaTransportCapacity(UrbanSize::Town, true) == 100);
    CHECK(rules::uaTransportCapacity(UrbanSize::City, true) == 400);  // major town or city
    CHECK(rules::uaTransportCapacity(UrbanSize::Hamlet, true) == 0);
    CHECK(rules::uaTransportCapacity(UrbanSize::Farm, true) == 0);
    CHECK(rules::uaTransportCapacity(UrbanSize::City, false) == 0);  // away from the water

    const auto m = smallMap();
    CHECK_FALSE(rules::byWater(m, at(m, 1, 2)));  // Westby: inland
    CHECK_FALSE(rules::byWater(m, at(m, 6, 2)));  // Eastby: two hexes from the bay
    CHECK(rules::byWater(m, at(m, 5, 3)));        // next to the lake
    CHECK(rules::byWater(m, at(m, 4, 2)));        // on the navigable Big River
}

TEST_CASE("§11.1 building transport: 400 SP, ready at the start of the 4th week (G-97)", "[rules][water]") {
    Options o;
    CHECK(rules::transportInstalments(o) == std::vector<int>{400});
    CHECK(rules::transportReadyWeek(2) == 5);  // work in weeks 2, 3 and 4
    CHECK_FALSE(o.set("transport_payment", "three_instalments").has_value());
    const auto parts = rules::transportInstalments(o);
    CHECK(parts == std::vector<int>{134, 133, 133});
    CHECK(parts[0] + parts[1] + parts[2] == rules::kTransportBuildCost);
}

TEST_CASE("G-96 lift: a whole ME needs 400 SP of transport, or its points under proportional", "[rules][water]") {
    CampaignState s;
    s.units = {unit("foot", "x", "f", "m", UnitType::LineInfantry, 2, 4, 4)};  // 4 stands of Class 2: 32 points
    s.mes = {me("m", "x", {0, 0}, "t")};
    CHECK(rules::liftNeeded(s, "m") == 400);
    CHECK_FALSE(s.options.set("water_lift", "proportional").has_value());
    CHECK(rules::liftNeeded(s, "m") == 32);
    s.units.push_back(unit("big", "x", "f", "m", UnitType::LineInfantry, 5, 30, 4));  // 600 points: capped
    CHECK(rules::liftNeeded(s, "m") == 400);
}

TEST_CASE("§11.2 water movement: 8 hexes, -1 embarking, -1 landing, navigable water only", "[rules][water]") {
    const auto m = smallMap();
    // Down the Big River (a navigable river route) into the bay and along the coast: nine steps.
    const auto trip = route(m, {{4, 1}, {4, 2}, {4, 3}, {4, 4}, {5, 4}, {6, 4}, {7, 4}, {7, 5}, {6, 5}});
    const hex::Hex start = at(m, 4, 0);
    CHECK(rules::planWaterMove(m, start, trip, false, false, 0).entered.size() == 8);
    CHECK(rules::planWaterMove(m, start, trip, true, false, 0).entered.size() == 7);
    const auto both = rules::planWaterMove(m, start, trip, true, true, 0);
    CHECK(both.allowance == 6);
    CHECK(both.entered.size() == 6);
    CHECK(both.stoppedBy == "allowance spent");
    // G-96: weather as on land (a storm or snow -1, §8.7.2).
    CHECK(rules::planWaterMove(m, start, trip, true, true, -1).entered.size() == 5);
    // Off the water: a road step is no water move.
    CHECK(rules::navigableStep(m, at(m, 4, 0), at(m, 4, 1)));
    CHECK_FALSE(rules::navigableStep(m, at(m, 1, 2), at(m, 2, 2)));
    const auto blocked = rules::planWaterMove(m, at(m, 1, 2), route(m, {{2, 2}, {3, 2}}), true, false, 0);
    CHECK(blocked.entered.empty());
    CHECK(blocked.stoppedBy == "no navigable water");
}

TEST_CASE("§11.4 / G-98 siege: every adjacent land hex held by the enemy", "[rules][siege]") {
    CampaignState s;
    map::MapMetadata meta;
    meta.id = meta.name = "t";
    meta.width = 7;
    meta.height = 7;
    s.map = map::Map(meta, map::Terrain::Clear);
    const hex::Hex town = s.map.offsets().toHex({3, 3});
    UrbanState ua;
    ua.id = "fort";
    ua.name = "Fort";
    ua.hex = town;
    ua.controller = "x";
    s.urban = {ua};
    s.mes = {me("garrison", "x", town, "fort")};
    const auto ring = hex::neighbours(town);
    for (int d = 0; d < 5; ++d) s.mes.push_back(me("e" + std::to_string(d), "y", ring[static_cast<std::size_t>(d)], "t"));
    auto c = rules::checkSiege(s, s.mes[0]);
    CHECK_FALSE(c.besieged);
    REQUIRE(c.openHexes.size() == 1);
    CHECK(c.openHexes[0] == ring[5]);
    s.mes.push_back(me("friend", "x", ring[5], "t"));  // a friendly ME keeps the way open
    CHECK_FALSE(rules::checkSiege(s, s.mes[0]).besieged);
    s.mes.back().side = "y";
    c = rules::checkSiege(s, s.mes[0]);
    CHECK(c.besieged);
    CHECK(c.besieger == "y");
    CHECK(c.ua == "fort");
    // A lake hex on the ring counts as closed by default, and leaves the town open under siege_water_hexes = open.
    s.mes.pop_back();
    s.map.setTerrain(ring[5], map::Terrain::Lake);
    CHECK(rules::checkSiege(s, s.mes[0]).besieged);
    CHECK_FALSE(s.options.set("siege_water_hexes", "open").has_value());
    CHECK_FALSE(rules::checkSiege(s, s.mes[0]).besieged);
    // Outside a town there is no siege however surrounded (that is §8.11.4's surrounded force).
    s.urban.clear();
    CHECK_FALSE(rules::checkSiege(s, s.mes[0]).besieged);
}

TEST_CASE("§11.4 the garrison lives on its town for 1d6 supply phases", "[rules][siege]") {
    // Besieged at the W3 of week 2 with 3 weeks of stores: weeks 2, 3, 4 fed; week 5 starves.
    CHECK(rules::siegeSupplied(2, true, 3, 2));
    CHECK(rules::siegeSupplied(2, true, 3, 4));
    CHECK_FALSE(rules::siegeSupplied(2, true, 3, 5));
    // Closed during the days of week 2: the first supply phase is week 3's.
    CHECK(rules::siegeSupplied(2, false, 3, 5));
    CHECK_FALSE(rules::siegeSupplied(2, false, 3, 6));
    CHECK_FALSE(rules::siegeSupplied(2, false, 0, 3));
}

TEST_CASE("§11.5 / §13.1 works, pontoons and bridges: prices and overnight digging (G-99)", "[rules][works]") {
    CHECK(rules::worksPrice(rules::WorkClass::Light) == 10);
    CHECK(rules::worksPrice(rules::WorkClass::Heavy) == 20);
    CHECK(rules::kPontoonPrice == 10);
    Options o;
    auto w = rules::nightWorks(o);
    CHECK(w.count == 3);
    CHECK(w.workClass == rules::WorkClass::Heavy);
    CHECK(w.cost == 0);
    CHECK_FALSE(o.set("overnight_works", "free_light").has_value());
    w = rules::nightWorks(o);
    CHECK(w.workClass == rules::WorkClass::Light);
    CHECK(w.cost == 0);
    CHECK_FALSE(o.set("overnight_works", "paid").has_value());
    w = rules::nightWorks(o);
    CHECK(w.workClass == rules::WorkClass::Heavy);
    CHECK(w.cost == 60);
    CHECK(rules::buildsWorks(Mode::Reorganisation));
    CHECK(rules::buildsWorks(Mode::DeployedDefensive));
    CHECK_FALSE(rules::buildsWorks(Mode::DeployedOffensive));
    CampaignState s;
    s.units = {unit("sap", "x", "f", "m", UnitType::Engineers, 2, 3, 2), unit("foot", "x", "f", "n", UnitType::LineInfantry, 2, 4, 4)};
    CHECK(rules::hasEngineer(s, "m"));
    CHECK_FALSE(rules::hasEngineer(s, "n"));
}
