// SPDX-License-Identifier: GPL-3.0-or-later
// Edit commands: each does what its tool asks, and apply + revert gives back the map exactly as it was.
#include "etatmajor/edit/edit.hpp"
#include "etatmajor/edit/map_edits.hpp"
#include "fixtures.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace etatmajor;
using etatmajor::test::at;
using etatmajor::test::side;
using etatmajor::test::written;
using map::Terrain;

namespace {

// Applies `e`, checks it changed the map, reverts it and checks the map is back byte for byte; then applies it
// again (redo) and returns the map in the edited state.
void roundTrip(map::Map& m, const edit::Edit& e) {
    REQUIRE_FALSE(e.empty());
    const std::string before = written(m);
    e.apply(m);
    const std::string after = written(m);
    CHECK(after != before);
    e.revert(m);
    CHECK(written(m) == before);
    e.apply(m);
    CHECK(written(m) == after);
}

const map::River* riverWithSide(const map::Map& m, map::HexsideRef s) {
    for (const auto& r : m.rivers())
        for (const auto& x : r.sides)
            if (edit::sameSide(x, s)) return &r;
    return nullptr;
}

}  // namespace

TEST_CASE("a hexside is the same from either of its hexes", "[edit]") {
    const auto m = test::smallMap();
    const auto east = side(m, 3, 2, "E");
    const map::HexsideRef west{hex::neighbour(east.hex, east.dir), hex::oppositeDirection(east.dir)};
    CHECK(edit::sameSide(east, west));
    CHECK_FALSE(edit::sameSide(east, side(m, 3, 2, "NE")));
    const auto c = edit::canonicalSide(west);
    CHECK(c.dir < 3);
    CHECK(edit::sameSide(c, east));
}

TEST_CASE("the terrain brush paints every on-map hex within its radius, and reverts exactly", "[edit][terrain]") {
    auto m = test::carolinas();
    const auto centre = at(m, 10, 10);
    for (int radius = 0; radius <= 3; ++radius) {
        const auto e = edit::paintTerrain(m, centre, radius, Terrain::Lake);
        const std::string before = written(m);
        e.apply(m);
        for (const auto h : hex::spiral(centre, radius)) CHECK(m.terrain(h) == Terrain::Lake);
        CHECK(static_cast<int>(std::get<edit::TerrainChange>(e.changes().at(0)).cells.size()) <= 1 + 3 * radius * (radius + 1));
        e.revert(m);
        CHECK(written(m) == before);
    }
    // A brush at the corner leaves out the hexes off the map.
    const auto corner = edit::paintTerrain(m, at(m, 0, 0), 2, Terrain::Lake);
    for (const auto h : corner.touchedHexes()) CHECK(m.contains(h));
    roundTrip(m, corner);
}

TEST_CASE("painting a hex with the terrain it has changes nothing", "[edit][terrain]") {
    const auto m = test::smallMap();
    const auto e = edit::setTerrain(m, {at(m, 2, 1)}, Terrain::HeavyWoods);
    CHECK(e.empty());
    CHECK(e.refusal().empty());
    CHECK(edit::paintTerrain(m, at(m, 0, 0), 0, Terrain::Woods).label() == "Paint Woods");
}

TEST_CASE("a river hexside is added to a new river, extended, restyled and erased", "[edit][river]") {
    auto m = test::smallMap();
    const auto s1 = side(m, 5, 0, "SE");
    edit::WatercourseStyle style{map::Watercourse::River, false, true, "Test Creek"};
    const auto add = edit::addRiverSide(m, s1, style);
    CHECK(add.label() == "Draw River");
    CHECK(add.subject() == "test-creek");
    roundTrip(m, add);
    const auto* hs = m.hexside(s1.hex, s1.dir);
    REQUIRE(hs);
    CHECK(hs->watercourse == map::Watercourse::River);
    CHECK(hs->name == "Test Creek");

    // The next hexside of the stroke extends the same river rather than making another.
    const auto s2 = side(m, 5, 1, "E");
    const auto more = edit::addRiverSide(m, s2, style, add.subject());
    roundTrip(m, more);
    REQUIRE(riverWithSide(m, s2));
    CHECK(riverWithSide(m, s2)->id == "test-creek");
    CHECK(riverWithSide(m, s2)->sides.size() == 2);

    // The same hexside again with the same style is nothing to do.
    CHECK(edit::addRiverSide(m, s2, style, add.subject()).empty());

    // A stream on that hexside takes it off the river.
    const auto stream = edit::addRiverSide(m, s2, {map::Watercourse::Stream, true, false, ""});
    roundTrip(m, stream);
    CHECK(riverWithSide(m, s2)->kind == map::Watercourse::Stream);
    CHECK_FALSE(riverWithSide(m, s2)->navigable);  // a stream is never navigable
    CHECK(m.rivers().size() == 4);

    // Erasing a hexside with a crossing removes the crossing too; an emptied river goes.
    const auto bridge = side(m, 3, 2, "E");
    const auto erase = edit::removeRiverSide(m, bridge);
    roundTrip(m, erase);
    CHECK(m.hexside(bridge.hex, bridge.dir) == nullptr);
    CHECK(std::none_of(m.crossings().begin(), m.crossings().end(), [&](const auto& c) { return edit::sameSide(c.side, bridge); }));
    const auto wipe = edit::removeRiverSide(m, s2);
    roundTrip(m, wipe);
    CHECK(m.rivers().size() == 3);
    CHECK_FALSE(m.validate().hasErrors());
}

TEST_CASE("fords and bridges need water, and change in place", "[edit][crossing]") {
    auto m = test::smallMap();
    const auto dry = edit::setCrossing(m, side(m, 0, 0, "E"), map::Crossing::Ford, "");
    CHECK(dry.empty());
    CHECK_FALSE(dry.refusal().empty());

    const auto ford = side(m, 1, 3, "E");
    const auto toBridge = edit::setCrossing(m, ford, map::Crossing::Bridge, "Brook Bridge");
    const auto count = m.crossings().size();
    roundTrip(m, toBridge);
    CHECK(m.crossings().size() == count);
    CHECK(m.hexside(ford.hex, ford.dir)->crossing == map::Crossing::Bridge);

    const auto newFord = edit::setCrossing(m, side(m, 3, 1, "E"), map::Crossing::Ford, "Upper Ford");
    roundTrip(m, newFord);
    CHECK(m.crossings().size() == count + 1);
    const auto gone = edit::removeCrossing(m, side(m, 3, 1, "E"));
    roundTrip(m, gone);
    CHECK(m.crossings().size() == count);
}

TEST_CASE("route steps join neighbours, extend a route and split it when erased", "[edit][route]") {
    auto m = test::smallMap();
    CHECK_FALSE(edit::addRouteStep(m, at(m, 0, 0), at(m, 3, 0), map::LinkKind::MinorRoad).refusal().empty());
    CHECK_FALSE(edit::addRouteStep(m, at(m, 6, 4), at(m, 6, 5), map::LinkKind::MajorRoad).refusal().empty());

    // The existing link is nothing to do.
    CHECK(edit::addRouteStep(m, at(m, 1, 2), at(m, 2, 2), map::LinkKind::MajorRoad).empty());

    // A step from the end of the High Road extends it.
    const auto extend = edit::addRouteStep(m, at(m, 6, 2), at(m, 7, 2), map::LinkKind::MajorRoad);
    roundTrip(m, extend);
    CHECK(extend.subject() == "high-road");
    CHECK(m.routes()[0].hexes.back() == at(m, 7, 2));
    CHECK(m.hasLink(at(m, 6, 2), hex::directionTo(at(m, 6, 2), at(m, 7, 2)), map::LinkKind::MajorRoad));

    // A step from nowhere in particular starts a new track; the next step of the stroke extends it.
    const auto start = edit::addRouteStep(m, at(m, 5, 0), at(m, 5, 1), map::LinkKind::MinorRoad, "Hill Track");
    roundTrip(m, start);
    CHECK(start.subject() == "hill-track");
    const auto next = edit::addRouteStep(m, at(m, 5, 1), at(m, 6, 1), map::LinkKind::MinorRoad, "", start.subject());
    roundTrip(m, next);
    CHECK(m.routes().back().hexes.size() == 3);

    // Erasing a middle step splits the High Road in two; the second part gets its own id.
    const auto routes = m.routes().size();
    const auto split = edit::removeRouteStep(m, at(m, 3, 2), at(m, 4, 2));
    roundTrip(m, split);
    CHECK(m.routes().size() == routes + 1);
    CHECK(m.routes()[0].id == "high-road");
    CHECK(m.routes()[0].hexes.back() == at(m, 3, 2));
    CHECK(m.routes()[1].id == "high-road-2");
    CHECK(m.routes()[1].hexes.front() == at(m, 4, 2));
    CHECK_FALSE(m.hasLink(at(m, 3, 2), hex::directionTo(at(m, 3, 2), at(m, 4, 2)), map::LinkKind::MajorRoad));

    // Erasing the only step of a two-hex route removes the route.
    const auto twoHex = edit::removeRouteStep(m, at(m, 6, 2), at(m, 7, 2));
    roundTrip(m, twoHex);
    CHECK(m.routes().size() == routes + 1);  // High Road part 2 lost its last step, the rest stays
    const auto whole = edit::removeRoute(m, "lane");
    roundTrip(m, whole);
    CHECK(m.routes().size() == routes);
}

TEST_CASE("urban areas are added, edited in place and deleted", "[edit][urban]") {
    auto m = test::smallMap();
    CHECK_FALSE(edit::placeUrbanArea(m, {"", "", at(m, 3, 3), map::UrbanSize::Village, {}, 0}).refusal().empty());
    CHECK_FALSE(edit::placeUrbanArea(m, {"", "Atlantis", at(m, 7, 5), map::UrbanSize::City, {}, 0}).refusal().empty());

    const auto add = edit::placeUrbanArea(m, {"", "New Town", at(m, 3, 3), map::UrbanSize::Town, map::Fortification::Light, 0});
    CHECK(add.label() == "Add Urban Area");
    roundTrip(m, add);
    REQUIRE(m.urbanAreaAt(at(m, 3, 3)));
    CHECK(m.urbanAreaAt(at(m, 3, 3))->id == "new-town");

    const auto change = edit::placeUrbanArea(m, {"", "New Town", at(m, 3, 3), map::UrbanSize::City, map::Fortification::Heavy, 0});
    CHECK(change.label() == "Edit Urban Area");
    roundTrip(m, change);
    CHECK(m.urbanAreaAt(at(m, 3, 3))->size == map::UrbanSize::City);
    CHECK(m.urbanAreaAt(at(m, 3, 3))->id == "new-town");

    // Same name elsewhere: a distinct id.
    const auto twin = edit::placeUrbanArea(m, {"", "New Town", at(m, 0, 4), map::UrbanSize::Farm, {}, 0});
    roundTrip(m, twin);
    CHECK(m.urbanAreaAt(at(m, 0, 4))->id == "new-town-2");

    const auto del = edit::removeUrbanArea(m, at(m, 3, 3));
    roundTrip(m, del);
    CHECK_FALSE(m.urbanAreaAt(at(m, 3, 3)));
    CHECK(m.validate().empty());
}

TEST_CASE("labels are set, changed and removed by an empty text", "[edit][label]") {
    auto m = test::smallMap();
    const auto add = edit::setLabel(m, at(m, 4, 5), "South Bay");
    roundTrip(m, add);
    CHECK(m.labels().back().text == "South Bay");
    const auto change = edit::setLabel(m, at(m, 4, 5), "Southern Bay");
    CHECK(change.label() == "Edit Label");
    roundTrip(m, change);
    CHECK(m.labels().size() == 2);
    const auto del = edit::setLabel(m, at(m, 4, 5), "");
    roundTrip(m, del);
    CHECK(m.labels().size() == 1);
}

TEST_CASE("side geography: home edges, LOC entries with one primary, HQs", "[edit][side]") {
    auto m = test::smallMap();
    CHECK_FALSE(edit::addSide(m, "red").refusal().empty());
    const auto add = edit::addSide(m, "Green Army");
    roundTrip(m, add);
    CHECK(m.side("green-army"));

    const auto edges = edit::setHomeEdges(m, "red", {map::MapEdge::West, map::MapEdge::North}, false);
    roundTrip(m, edges);
    CHECK(m.side("red")->homeEdges == std::vector<map::MapEdge>{map::MapEdge::North, map::MapEdge::West});

    // A new primary entry makes the old primary a secondary one, so the side still has exactly one.
    const auto primary = edit::setLocEntry(m, "red", at(m, 2, 0), map::LocKind::Primary, "North road");
    roundTrip(m, primary);
    const auto* red = m.side("red");
    REQUIRE(red->locEntries.size() == 2);
    CHECK(red->locEntries[0].kind == map::LocKind::Secondary);
    CHECK(red->locEntries[1].kind == map::LocKind::Primary);
    CHECK_FALSE(m.validate().hasCode("MAP-SIDE-MULTI-PRIMARY"));
    CHECK_FALSE(edit::setLocEntry(m, "red", at(m, 7, 5), map::LocKind::Secondary, "").refusal().empty());

    const auto hq = edit::addHq(m, "blue", at(m, 6, 2));
    roundTrip(m, hq);
    CHECK(m.side("blue")->hqHexes.size() == 1);
    CHECK(edit::addHq(m, "blue", at(m, 6, 2)).empty());
    const auto noHq = edit::removeHq(m, at(m, 6, 2));
    roundTrip(m, noHq);
    CHECK(m.side("blue")->hqHexes.empty());
    const auto noLoc = edit::removeLocEntry(m, at(m, 5, 3), "blue");
    roundTrip(m, noLoc);
    CHECK(m.side("blue")->locEntries.size() == 1);
    const auto gone = edit::removeSide(m, "green-army");
    roundTrip(m, gone);
    CHECK_FALSE(m.side("green-army"));
}

TEST_CASE("map properties change, but never the size or the hex layout", "[edit][metadata]") {
    auto m = test::smallMap();
    auto meta = m.metadata();
    meta.name = "Renamed";
    meta.kmPerHex = 4;
    const auto e = edit::setMetadata(m, meta);
    CHECK(e.touchesMetadata());
    roundTrip(m, e);
    CHECK(m.metadata().name == "Renamed");
    meta.width = 9;
    CHECK_FALSE(edit::setMetadata(m, meta).refusal().empty());
    meta = m.metadata();
    meta.id = "Not An Id";
    CHECK_FALSE(edit::setMetadata(m, meta).refusal().empty());
}

TEST_CASE("the eraser removes the feature of its class under the cursor", "[edit][eraser]") {
    auto m = test::smallMap();
    const auto bridge = side(m, 3, 2, "E");
    const auto h = at(m, 1, 2);
    using edit::FeatureClass;
    const auto road = edit::eraseFeature(m, FeatureClass::Route, bridge.hex, bridge, Terrain::Clear);
    roundTrip(m, road);
    CHECK_FALSE(m.hasLink(bridge.hex, bridge.dir, map::LinkKind::MajorRoad));
    roundTrip(m, edit::eraseFeature(m, FeatureClass::Crossing, bridge.hex, bridge, Terrain::Clear));
    CHECK(m.hexside(bridge.hex, bridge.dir)->crossing == map::Crossing::None);
    roundTrip(m, edit::eraseFeature(m, FeatureClass::Urban, h, bridge, Terrain::Clear));
    CHECK_FALSE(m.urbanAreaAt(h));
    roundTrip(m, edit::eraseFeature(m, FeatureClass::Hq, h, bridge, Terrain::Clear));
    CHECK(m.side("red")->hqHexes.empty());
    roundTrip(m, edit::eraseFeature(m, FeatureClass::LocEntry, at(m, 0, 2), bridge, Terrain::Clear));
    roundTrip(m, edit::eraseFeature(m, FeatureClass::Label, at(m, 2, 1), bridge, Terrain::Clear));
    CHECK(m.labels().empty());
    const auto woods = edit::eraseFeature(m, FeatureClass::Terrain, at(m, 2, 1), bridge, Terrain::Clear);
    CHECK(woods.label() == "Erase Terrain");
    roundTrip(m, woods);
    CHECK(m.terrain(at(m, 2, 1)) == Terrain::Clear);
    // Nothing of that class there: nothing to do.
    CHECK(edit::eraseFeature(m, FeatureClass::Watercourse, at(m, 0, 5), side(m, 0, 5, "E"), Terrain::Clear).empty());
}

TEST_CASE("touched hexes name only what changed", "[edit]") {
    auto m = test::carolinas();
    // Extending a long road touches only the new step's hexes, not the whole road.
    const auto& road = m.routes().front();
    const auto last = road.hexes.back();
    hex::Hex next = last;
    for (int dir = 0; dir < hex::kDirections && next == last; ++dir) {
        const auto n = hex::neighbour(last, dir);
        if (m.contains(n) && !map::isWater(m.terrain(n)) && !m.hasLink(last, dir, road.kind)) next = n;
    }
    const auto e = edit::addRouteStep(m, last, next, road.kind);
    REQUIRE_FALSE(e.empty());
    const auto touched = e.touchedHexes();
    CHECK(touched.size() == 2);
    CHECK(std::find(touched.begin(), touched.end(), last) != touched.end());
    CHECK(std::find(touched.begin(), touched.end(), next) != touched.end());
}

TEST_CASE("the picker describes everything on a hex", "[edit][picker]") {
    const auto m = test::smallMap();
    const auto lines = edit::describeHex(m, at(m, 1, 2));
    auto has = [&](const std::string& text) {
        return std::any_of(lines.begin(), lines.end(), [&](const auto& l) { return l.find(text) != std::string::npos; });
    };
    CHECK(lines.front() == "Hex 1,2: clear");
    CHECK(has("Urban area: Westby (town, light fortification)"));
    CHECK(has("Major Road: High Road"));
    CHECK(has("Minor Road: Lane"));
    CHECK(has("LOC entry") == false);
    CHECK(has("HQ of red"));
    const auto riverLines = edit::describeHex(m, at(m, 3, 2));
    CHECK(std::any_of(riverLines.begin(), riverLines.end(),
                      [](const auto& l) { return l == "E side: Big River (river, navigable, not fordable), bridge Long Bridge"; }));
}

TEST_CASE("the bucket repaints one joined area of a terrain and nothing else", "[edit][terrain]") {
    auto m = test::carolinas();
    const auto start = at(m, 36, 43);  // a patch of nine woods hexes
    REQUIRE(m.terrain(start) == Terrain::Woods);
    const map::Map before = m;
    const auto e = edit::fillTerrain(m, start, Terrain::Marsh);
    CHECK(e.label() == "Fill Marsh");
    roundTrip(m, e);
    std::size_t changed = 0;
    for (const auto h : m.allHexes())
        if (m.terrain(h) != before.terrain(h)) {
            ++changed;
            CHECK(before.terrain(h) == Terrain::Woods);
        }
    CHECK(changed == 9);
    CHECK(edit::fillTerrain(m, start, Terrain::Marsh).empty());  // already marsh
    CHECK_FALSE(edit::fillTerrain(m, at(m, 0, 0) + hex::Hex{-5, 0}, Terrain::Marsh).refusal().empty());
}

TEST_CASE("stamps of random blocks anywhere on the map revert byte for byte", "[edit][stamp]") {
    // A seeded run of copies and stamps on the shipped map, rivers, roads and towns and all: every stamp is one edit
    // whose indices hold when applied and reverted in turn.
    auto m = test::carolinas();
    test::Xorshift next(0x2545F4914F6CDD1Dull);
    for (int i = 0; i < 40; ++i) {
        const int col = next(m.width() - 6);
        const int row = next(m.height() - 6);
        std::vector<hex::Hex> block;
        for (int r = row; r < row + 2 + next(5); ++r)
            for (int c = col; c < col + 2 + next(5); ++c) block.push_back(at(m, c, r));
        const auto piece = edit::copyArea(m, block, block.front());
        CHECK(piece.cells.size() == block.size());
        const auto e = edit::pasteArea(m, piece, at(m, next(m.width()), next(m.height())));
        if (e.empty()) continue;  // put down on its own likeness
        roundTrip(m, e);
    }
    CHECK_FALSE(edit::pasteArea(m, edit::MapPiece{}, at(m, 3, 3)).refusal().empty());
}
