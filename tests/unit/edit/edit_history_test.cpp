// SPDX-License-Identifier: GPL-3.0-or-later
// The wx-free undo history: strokes merge into one step, undo and redo restore exact states, the dirty flag
// follows the saved state, and an edited map survives a save and reload.
#include "etatmajor/edit/edit_history.hpp"
#include "etatmajor/edit/map_edits.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "fixtures.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using namespace etatmajor;
using edit::EditHistory;
using edit::MergeKey;
using edit::MergeKind;
using etatmajor::test::at;
using etatmajor::test::written;
using map::Terrain;

TEST_CASE("a brush stroke is one undo step, and undo and redo restore its states exactly", "[edit][history]") {
    auto m = test::carolinas();
    EditHistory history;
    const std::string original = written(m);

    const MergeKey stroke{MergeKind::TerrainBrush, 1};
    for (int col = 10; col <= 14; ++col) history.perform(m, edit::paintTerrain(m, at(m, col, 10), 1, Terrain::HeavyWoods, stroke));
    CHECK(history.size() == 1);
    CHECK(history.undoLabel() == "Paint Heavy Woods");
    const std::string painted = written(m);
    for (int col = 10; col <= 14; ++col) CHECK(m.terrain(at(m, col, 10)) == Terrain::HeavyWoods);

    // A second stroke is a second step, even with the same terrain.
    history.perform(m, edit::paintTerrain(m, at(m, 30, 30), 0, Terrain::HeavyWoods, {MergeKind::TerrainBrush, 2}));
    CHECK(history.size() == 2);
    const std::string twoStrokes = written(m);

    REQUIRE(history.undo(m));
    CHECK(written(m) == painted);
    REQUIRE(history.undo(m));
    CHECK(written(m) == original);
    CHECK_FALSE(history.canUndo());
    CHECK(history.undo(m) == nullptr);
    CHECK(history.redoLabel() == "Paint Heavy Woods");

    REQUIRE(history.redo(m));
    CHECK(written(m) == painted);
    REQUIRE(history.redo(m));
    CHECK(written(m) == twoStrokes);
    CHECK_FALSE(history.canRedo());
}

TEST_CASE("a stroke that repaints its own hexes keeps each hex's first state", "[edit][history]") {
    auto m = test::smallMap();
    EditHistory history;
    const std::string original = written(m);
    const MergeKey stroke{MergeKind::TerrainBrush, 7};
    // Woods over heavy woods, then marsh over the same hexes: one step, and undo gives back the heavy woods.
    history.perform(m, edit::paintTerrain(m, at(m, 2, 1), 1, Terrain::Woods, stroke));
    history.perform(m, edit::paintTerrain(m, at(m, 2, 1), 1, Terrain::Marsh, stroke));
    CHECK(history.size() == 1);
    CHECK(m.terrain(at(m, 2, 1)) == Terrain::Marsh);
    history.undo(m);
    CHECK(written(m) == original);
    CHECK(m.terrain(at(m, 2, 1)) == Terrain::HeavyWoods);
}

TEST_CASE("edits without a merge key, or after an undo, never merge", "[edit][history]") {
    auto m = test::smallMap();
    EditHistory history;
    history.perform(m, edit::setTerrain(m, {at(m, 0, 0)}, Terrain::Hills));
    history.perform(m, edit::setTerrain(m, {at(m, 1, 0)}, Terrain::Hills));
    CHECK(history.size() == 2);

    const MergeKey stroke{MergeKind::TerrainBrush, 3};
    history.perform(m, edit::setTerrain(m, {at(m, 0, 3)}, Terrain::Hills, stroke));
    history.undo(m);
    history.redo(m);
    history.perform(m, edit::setTerrain(m, {at(m, 1, 3)}, Terrain::Hills, stroke));
    CHECK(history.size() == 4);
}

TEST_CASE("empty edits are not recorded", "[edit][history]") {
    auto m = test::smallMap();
    EditHistory history;
    CHECK_FALSE(history.perform(m, edit::setTerrain(m, {at(m, 2, 1)}, Terrain::HeavyWoods)));
    CHECK_FALSE(history.perform(m, edit::setCrossing(m, test::side(m, 0, 0, "E"), map::Crossing::Ford, "")));
    CHECK(history.size() == 0);
    CHECK_FALSE(history.isDirty());
}

TEST_CASE("the dirty flag follows the saved state through undo, redo and new edits", "[edit][history]") {
    auto m = test::smallMap();
    EditHistory history;
    CHECK_FALSE(history.isDirty());
    history.perform(m, edit::setTerrain(m, {at(m, 0, 0)}, Terrain::Hills));
    CHECK(history.isDirty());
    history.markSaved();
    CHECK_FALSE(history.isDirty());
    history.undo(m);
    CHECK(history.isDirty());
    history.redo(m);
    CHECK_FALSE(history.isDirty());

    // Undo past the saved state and edit: the saved state cannot be reached any more.
    history.undo(m);
    history.perform(m, edit::setTerrain(m, {at(m, 1, 0)}, Terrain::Marsh));
    CHECK(history.isDirty());
    history.undo(m);
    CHECK(history.isDirty());
    CHECK(history.canRedo());

    // A stroke that goes on after a save makes the map dirty again.
    const MergeKey stroke{MergeKind::TerrainBrush, 9};
    history.perform(m, edit::setTerrain(m, {at(m, 0, 3)}, Terrain::Woods, stroke));
    history.markSaved();
    history.perform(m, edit::setTerrain(m, {at(m, 1, 3)}, Terrain::Woods, stroke));
    CHECK(history.isDirty());

    history.clear();
    CHECK_FALSE(history.isDirty());
    CHECK_FALSE(history.canUndo());
}

TEST_CASE("a limited history forgets its oldest steps", "[edit][history]") {
    auto m = test::smallMap();
    EditHistory history(3);
    for (int col = 0; col < 5; ++col) history.perform(m, edit::setTerrain(m, {at(m, col, 3)}, Terrain::Hills));
    CHECK(history.size() == 3);
    while (history.canUndo()) history.undo(m);
    CHECK(m.terrain(at(m, 0, 3)) == Terrain::Hills);
    CHECK(m.terrain(at(m, 1, 3)) == Terrain::Hills);
    CHECK(m.terrain(at(m, 2, 3)) == Terrain::Clear);
    CHECK(history.isDirty());
}

TEST_CASE("random edit sequences undo to the original and redo to the final map", "[edit][history]") {
    // A seeded mix of every command on the small map: undoing everything gives back the file byte for byte, and
    // redoing everything gives the edited file again.
    auto m = test::smallMap();
    const std::string original = written(m);
    EditHistory history;
    test::Xorshift next(0x9E3779B97F4A7C15ull);
    auto randomHex = [&] { return at(m, next(m.width()), next(m.height())); };
    std::uint64_t stroke = 0;
    for (int i = 0; i < 400; ++i) {
        const hex::Hex h = randomHex();
        const map::HexsideRef s{h, next(6)};
        const hex::Hex n = hex::neighbour(h, next(6));
        edit::Edit e;
        switch (next(10)) {
            case 0:
                e = edit::paintTerrain(m, h, next(3), static_cast<Terrain>(next(map::kTerrainCount)),
                                       {MergeKind::TerrainBrush, stroke + static_cast<std::uint64_t>(next(2))});
                break;
            case 1:
                e = edit::addRiverSide(m, s,
                                       {next(2) ? map::Watercourse::River : map::Watercourse::Stream, next(2) == 1, next(2) == 1,
                                        next(2) ? "Alpha" : ""});
                break;
            case 2: e = edit::setCrossing(m, s, next(2) ? map::Crossing::Ford : map::Crossing::Bridge, "X"); break;
            case 3: e = edit::addRouteStep(m, h, n, static_cast<map::LinkKind>(next(3))); break;
            case 4: e = edit::removeRouteStep(m, h, n); break;
            case 5:
                e = edit::placeUrbanArea(m, {"", "Town " + std::to_string(next(4)), h, static_cast<map::UrbanSize>(next(5)), {}, 0});
                break;
            case 6: e = edit::setLabel(m, h, next(3) ? "Label" : ""); break;
            case 7: e = edit::setLocEntry(m, next(2) ? "red" : "blue", h, static_cast<map::LocKind>(next(2)), ""); break;
            case 8: e = edit::eraseFeature(m, static_cast<edit::FeatureClass>(next(8)), h, s, Terrain::Clear); break;
            default: e = edit::removeRiverSide(m, s); break;
        }
        if (next(4) == 0) ++stroke;
        history.perform(m, std::move(e));
        if (next(9) == 0) history.undo(m);
    }
    const std::string final = written(m);
    REQUIRE(history.size() > 50);
    while (history.canUndo()) history.undo(m);
    CHECK(written(m) == original);
    while (history.canRedo()) history.redo(m);
    CHECK(written(m) == final);
}

TEST_CASE("an edited map survives saving and reading back", "[edit][io]") {
    auto m = test::carolinas();
    EditHistory history;
    history.perform(m, edit::paintTerrain(m, at(m, 12, 10), 2, Terrain::Marsh));
    history.perform(m, edit::addRiverSide(m, test::side(m, 5, 5, "E"), {map::Watercourse::Stream, false, true, "Mill Run"}));
    history.perform(m, edit::addRouteStep(m, at(m, 5, 5), at(m, 6, 5), map::LinkKind::MinorRoad, "Mill Lane"));
    history.perform(m, edit::placeUrbanArea(m, {"", "Millbrook", at(m, 5, 5), map::UrbanSize::Hamlet, {}, 0}));
    history.perform(m, edit::setLabel(m, at(m, 6, 6), "The Mill"));
    const auto dir = test::scratchDir("edit-roundtrip");
    const std::string path = (dir / "edited.xml").string();
    io::writeMapFile(m, path);
    history.markSaved();
    CHECK_FALSE(history.isDirty());

    auto back = io::readMapFile(path);
    CHECK(back.issues.empty());
    CHECK(written(back.map) == written(m));
    CHECK(back.map.terrain(at(m, 12, 10)) == Terrain::Marsh);
    CHECK(back.map.urbanAreaAt(at(m, 5, 5))->name == "Millbrook");
    CHECK(back.map.validate().items().size() == m.validate().items().size());
}
