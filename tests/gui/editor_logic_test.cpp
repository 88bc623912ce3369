// SPDX-License-Identifier: GPL-3.0-or-later
// The editor's window-free logic: the wxCommandProcessor adapter, the tools driven by map points, and the view
// settings sidecar. Needs no display.
#include <catch2/catch.hpp>

#include "georeference.hpp"
#include "map_editor.hpp"
#include "tool_controller.hpp"
#include "validation_panel.hpp"
#include "view_settings.hpp"

#include "etatmajor/edit/map_edits.hpp"
#include "etatmajor/io/map_xml.hpp"

#include <wx/fileconf.h>
#include <wx/sstream.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

using namespace etatmajor;
using etatmajor::gui::MapDocument;
using etatmajor::gui::MapEditor;
using etatmajor::gui::Tool;
using etatmajor::gui::ToolController;

namespace {

const std::string kData = std::string(ETATMAJOR_GUI_TEST_DATA) + "/";
const std::string kMap = std::string(ETATMAJOR_GUI_SOURCE_DIR) + "/maps/carolinas-1780.xml";

std::shared_ptr<MapDocument> load(const std::string& path) { return std::make_shared<MapDocument>(MapDocument::load(path)); }

hex::Hex at(const map::Map& m, int col, int row) { return m.offsets().toHex({col, row}); }

// The centre of a hex, and a point just inside one of its hexsides, in map units.
hex::Point centre(const map::Map& m, int col, int row) {
    return hex::Layout(m.metadata().orientation, {1, 1}).toPixel(at(m, col, row));
}
hex::Point nearSide(const map::Map& m, int col, int row, const char* dir) {
    const hex::Layout unit(m.metadata().orientation, {1, 1});
    const auto h = at(m, col, row);
    const auto mid = unit.edgeMidpoint(h, hex::parseDirection(m.metadata().orientation, dir));
    const auto c = unit.toPixel(h);
    return {mid.x + (c.x - mid.x) * 0.15, mid.y + (c.y - mid.y) * 0.15};
}

std::string written(const map::Map& m) { return io::writeMapString(m); }

// The last edit is one undo step: undone, the map is `before` again; redone, it is as the edit left it.
void checkUndoRedo(MapEditor& editor, const map::Map& m, const std::string& before) {
    const std::string after = written(m);
    REQUIRE(editor.undo());
    CHECK(written(m) == before);
    REQUIRE(editor.redo());
    CHECK(written(m) == after);
}

}  // namespace

TEST_CASE("a brush drag is one step of the wxCommandProcessor, and undo and redo restore it", "[editor]") {
    MapEditor editor;
    editor.setDocument(load(kMap));
    ToolController tools(editor);
    tools.setTool(Tool::Terrain);
    tools.settings().terrain = map::Terrain::Lake;
    tools.settings().radius = 1;
    const auto& m = editor.document()->map();
    const std::string original = written(m);

    int changes = 0;
    editor.setChangeHandler([&](const edit::Edit&) { ++changes; });
    tools.press(centre(m, 10, 10));
    for (int col = 11; col <= 16; ++col) tools.drag(centre(m, col, 10));
    tools.release();
    CHECK(changes >= 2);  // every application reached the screen as it happened
    CHECK(editor.undoSteps() == 1);
    CHECK(editor.processor().GetCommands().GetCount() == 1);
    CHECK(editor.undoLabel() == "Paint Lake");
    CHECK(editor.isDirty());
    for (int col = 10; col <= 16; ++col) CHECK(m.terrain(at(m, col, 10)) == map::Terrain::Lake);
    const std::string painted = written(m);

    REQUIRE(editor.undo());
    CHECK(written(m) == original);
    CHECK_FALSE(editor.isDirty());
    REQUIRE(editor.redo());
    CHECK(written(m) == painted);

    // A second stroke is a second step.
    tools.press(centre(m, 30, 30));
    tools.release();
    CHECK(editor.undoSteps() == 2);
}

TEST_CASE("saving marks the state saved, and a later stroke makes it dirty again", "[editor]") {
    const auto dir = std::filesystem::temp_directory_path() / "etatmajor-editor-test";
    std::filesystem::create_directories(dir);
    MapEditor editor;
    editor.setDocument(load(kMap));
    ToolController tools(editor);
    tools.setTool(Tool::Terrain);
    tools.settings().terrain = map::Terrain::Marsh;
    const auto& m = editor.document()->map();
    tools.press(centre(m, 5, 5));
    tools.release();
    const std::string path = (dir / "saved.xml").string();
    editor.save(path);
    CHECK_FALSE(editor.isDirty());
    CHECK(editor.document()->path() == path);
    CHECK(written(io::readMapFile(path).map) == written(m));

    tools.press(centre(m, 6, 5));
    tools.release();
    CHECK(editor.isDirty());
    editor.undo();
    CHECK_FALSE(editor.isDirty());
}

TEST_CASE("a river drawn along hexsides is one river and one step, and a road drag makes adjacent steps", "[editor]") {
    MapEditor editor;
    editor.setDocument(load(kMap));
    ToolController tools(editor);
    const auto& m = editor.document()->map();
    const auto rivers = m.rivers().size();

    tools.setTool(Tool::Hexside);
    tools.settings().hexsideMode = gui::HexsideMode::Stream;
    tools.settings().watercourseName = "Test Run";
    tools.press(nearSide(m, 40, 20, "E"));
    tools.drag(nearSide(m, 40, 20, "SE"));
    tools.drag(nearSide(m, 40, 21, "E"));
    tools.release();
    CHECK(editor.undoSteps() == 1);
    CHECK(m.rivers().size() == rivers + 1);
    CHECK(m.rivers().back().name == "Test Run");
    CHECK(m.rivers().back().sides.size() >= 3);

    tools.setTool(Tool::Route);
    tools.settings().linkKind = map::LinkKind::MinorRoad;
    tools.press(centre(m, 5, 20));
    tools.drag(centre(m, 9, 20));
    tools.release();
    CHECK(editor.undoSteps() == 2);
    const auto& route = m.routes().back();
    REQUIRE(route.hexes.size() == 5);
    for (std::size_t i = 1; i < route.hexes.size(); ++i) CHECK(hex::distance(route.hexes[i - 1], route.hexes[i]) == 1);

    // The eraser on route steps takes that step out.
    tools.setTool(Tool::Eraser);
    CHECK(tools.settings().eraseClass == edit::FeatureClass::Route);
    tools.press(nearSide(m, 6, 20, "E"));
    tools.release();
    CHECK_FALSE(m.hasLink(at(m, 6, 20), 0, map::LinkKind::MinorRoad));
    CHECK(editor.undoSteps() == 3);
}

TEST_CASE("dialog tools ask, and a refused edit is reported", "[editor]") {
    MapEditor editor;
    editor.setDocument(load(kMap));
    ToolController tools(editor);
    std::string message;
    editor.setMessageHandler([&](const std::string& text) { message = text; });
    const auto& m = editor.document()->map();

    tools.setTool(Tool::Urban);
    tools.askUrbanArea = [](map::UrbanArea& u) {
        u.name = "Testville";
        u.size = map::UrbanSize::Town;
        return true;
    };
    tools.press(centre(m, 20, 20));
    tools.release();
    REQUIRE(m.urbanAreaAt(at(m, 20, 20)));
    CHECK(m.urbanAreaAt(at(m, 20, 20))->size == map::UrbanSize::Town);

    tools.askUrbanArea = [](map::UrbanArea&) { return false; };  // cancelled: nothing happens
    tools.press(centre(m, 21, 20));
    tools.release();
    CHECK_FALSE(m.urbanAreaAt(at(m, 21, 20)));

    tools.setTool(Tool::Hexside);
    tools.settings().hexsideMode = gui::HexsideMode::Ford;
    tools.press(nearSide(m, 1, 1, "E"));
    tools.release();
    CHECK(message.find("river or stream") != std::string::npos);
}

TEST_CASE("the picker shows a hex and hands its terrain to the brush", "[editor]") {
    MapEditor editor;
    editor.setDocument(load(kMap));
    ToolController tools(editor);
    const auto& m = editor.document()->map();
    const auto* camden = m.urbanArea("camden");
    REQUIRE(camden);
    tools.setTool(Tool::Terrain);
    tools.setTool(Tool::Picker);
    const auto o = m.offsets().toOffset(camden->hex);
    tools.press(centre(m, o.col, o.row));
    tools.release();
    CHECK(tools.tool() == Tool::Terrain);
    CHECK(tools.settings().terrain == m.terrain(camden->hex));
    REQUIRE_FALSE(tools.picked().empty());
    CHECK(tools.picked()[1].find("Camden") != std::string::npos);
    CHECK(editor.undoSteps() == 0);
}

TEST_CASE("a campaign opens read-only: every tool but Pan is refused and nothing is edited", "[editor]") {
    MapEditor editor;
    editor.setDocument(load(kData + "test-campaign.xml"));
    CHECK_FALSE(editor.editable());
    ToolController tools(editor);
    tools.setTool(Tool::Terrain);
    CHECK(tools.tool() == Tool::Pan);
    const auto& m = editor.document()->map();
    CHECK_FALSE(editor.submit(edit::paintTerrain(m, at(m, 1, 1), 1, map::Terrain::Sea)));
    CHECK(editor.undoSteps() == 0);
    CHECK_THROWS(editor.document()->saveAs("/nonexistent/never.xml"));
}

TEST_CASE("the view settings sidecar keeps the background beside the map", "[editor]") {
    const auto dir = std::filesystem::temp_directory_path() / "etatmajor-sidecar-test";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "scans");
    const std::string mapPath = (dir / "map.xml").string();
    gui::ViewSettings settings;
    settings.background = gui::BackgroundSettings{(dir / "scans" / "old.png").string(), true, 0.35, 0.02, -1.5, 2.25};
    gui::ViewSettingsFile::write(mapPath, settings);
    CHECK(gui::ViewSettingsFile::pathFor(mapPath) == mapPath + ".view.json");
    std::ifstream in(mapPath + ".view.json");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text.find("\"scans/old.png\"") != std::string::npos);  // relative to the map

    const auto back = gui::ViewSettingsFile::read(mapPath);
    REQUIRE(back.background);
    CHECK(*back.background == *settings.background);

    settings.background.reset();
    gui::ViewSettingsFile::write(mapPath, settings);
    CHECK_FALSE(std::filesystem::exists(mapPath + ".view.json"));
    CHECK_FALSE(gui::ViewSettingsFile::read(mapPath).background);

    std::ofstream(mapPath + ".view.json") << "{ not json";
    CHECK_THROWS_WITH(gui::ViewSettingsFile::read(mapPath), Catch::Contains("map.xml.view.json"));
}

TEST_CASE("validation problems lead to their hex", "[editor]") {
    auto doc = load(kMap);
    auto& m = doc->editableMap();
    core::Issue byHex;
    byHex.where = "12,10:E";
    CHECK(gui::ValidationPanel::hexOf(m, byHex) == at(m, 12, 10));
    core::Issue byId;
    byId.where = "camden";
    CHECK(gui::ValidationPanel::hexOf(m, byId) == m.urbanArea("camden")->hex);
    core::Issue none;
    CHECK_FALSE(gui::ValidationPanel::hexOf(m, none));
}

namespace {

// A new map of clear hexes to build test cases on, in an editor.
std::shared_ptr<MapDocument> blank(int width, int height) {
    map::MapMetadata meta;
    meta.id = "test";
    meta.name = "Test";
    meta.width = width;
    meta.height = height;
    return std::make_shared<MapDocument>(MapDocument::createNew(meta, map::Terrain::Clear));
}

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("the bucket fills the area of one terrain joined to the hex, as one undo step", "[editor]") {
    MapEditor editor;
    editor.setDocument(blank(6, 4));
    ToolController tools(editor);
    const auto& m = editor.document()->map();
    // A wall of woods down column 2 parts columns 0-1 from columns 3-5.
    tools.setTool(Tool::Terrain);
    tools.settings().terrain = map::Terrain::Woods;
    tools.settings().radius = 0;
    tools.press(centre(m, 2, 0));
    for (int row = 1; row < 4; ++row) tools.drag(centre(m, 2, row));
    tools.release();
    for (int row = 0; row < 4; ++row) REQUIRE(m.terrain(at(m, 2, row)) == map::Terrain::Woods);
    const std::string walled = written(m);
    const auto stepsBefore = editor.undoSteps();

    tools.setTool(Tool::Fill);
    tools.settings().terrain = map::Terrain::Marsh;
    tools.press(centre(m, 0, 3));
    tools.release();
    CHECK(editor.undoSteps() == stepsBefore + 1);
    CHECK(editor.undoLabel() == "Fill Marsh");
    for (int row = 0; row < 4; ++row) {
        CHECK(m.terrain(at(m, 0, row)) == map::Terrain::Marsh);
        CHECK(m.terrain(at(m, 1, row)) == map::Terrain::Marsh);
        CHECK(m.terrain(at(m, 2, row)) == map::Terrain::Woods);
        for (int col = 3; col < 6; ++col) CHECK(m.terrain(at(m, col, row)) == map::Terrain::Clear);
    }
    checkUndoRedo(editor, m, walled);

    // Filling with the terrain already there changes nothing and adds no step.
    tools.press(centre(m, 1, 1));
    tools.release();
    CHECK(editor.undoSteps() == stepsBefore + 1);
}

TEST_CASE("the bucket on a shipped map takes exactly the joined hexes of the clicked terrain", "[editor]") {
    MapEditor editor;
    editor.setDocument(load(kMap));
    const auto& m = editor.document()->map();
    const map::Map before = m;
    const auto start = at(m, 20, 30);
    const auto from = m.terrain(start);
    const auto to = from == map::Terrain::Lake ? map::Terrain::Marsh : map::Terrain::Lake;
    REQUIRE(editor.submit(edit::fillTerrain(m, start, to)));
    std::size_t filled = 0;
    for (const auto h : m.allHexes()) {
        if (m.terrain(h) == before.terrain(h)) continue;
        ++filled;
        // Only hexes of the clicked terrain changed, and to the new one.
        CHECK(before.terrain(h) == from);
        CHECK(m.terrain(h) == to);
    }
    CHECK(filled > 1);
    // Nothing of the clicked terrain is left beside the filled area: it was filled to its edges.
    for (const auto h : m.allHexes()) {
        if (m.terrain(h) != to || before.terrain(h) == to) continue;
        for (const auto n : hex::neighbours(h))
            if (m.contains(n)) CHECK(m.terrain(n) != from);
    }
}

TEST_CASE("a copied block is stamped elsewhere with its terrain, water, roads, towns and labels, as one step", "[editor]") {
    MapEditor editor;
    editor.setDocument(blank(20, 20));
    const auto& m = editor.document()->map();
    std::vector<std::string> messages;
    editor.setMessageHandler([&](const std::string& text) { messages.push_back(text); });
    // The block 2,2 - 5,5: hills, a river hexside, a ford, a road of two steps, a village and a label.
    REQUIRE(editor.submit(edit::setTerrain(m, {at(m, 3, 3), at(m, 4, 4)}, map::Terrain::Hills)));
    const map::HexsideRef side{at(m, 3, 3), 0};
    REQUIRE(editor.submit(edit::addRiverSide(m, side, {map::Watercourse::River, false, true, "Test River"})));
    REQUIRE(editor.submit(edit::setCrossing(m, side, map::Crossing::Ford, "Test Ford")));
    REQUIRE(editor.submit(edit::addRouteStep(m, at(m, 2, 4), at(m, 3, 4), map::LinkKind::MajorRoad, "Test Road")));
    REQUIRE(editor.submit(edit::addRouteStep(m, at(m, 3, 4), at(m, 4, 4), map::LinkKind::MajorRoad, "Test Road")));
    map::UrbanArea village;
    village.name = "Testville";
    village.hex = at(m, 4, 3);
    REQUIRE(editor.submit(edit::placeUrbanArea(m, village)));
    REQUIRE(editor.submit(edit::setLabel(m, at(m, 5, 5), "Test Hills")));
    // Outside the block: not copied.
    REQUIRE(editor.submit(edit::setLabel(m, at(m, 6, 5), "Outside")));

    ToolController tools(editor);
    std::vector<std::string> hints;
    tools.onHint = [&](const std::string& text) { hints.push_back(text); };
    tools.setTool(Tool::Stamp);
    CHECK(tools.settings().stampMode == gui::StampMode::Copy);
    // Stamping before anything was copied is refused with a reason.
    tools.setStampMode(gui::StampMode::Paste);
    const auto stepsBefore = editor.undoSteps();
    tools.press(centre(m, 10, 10));
    tools.release();
    CHECK(editor.undoSteps() == stepsBefore);
    REQUIRE_FALSE(messages.empty());
    CHECK(messages.back().find("Nothing has been copied") != std::string::npos);

    tools.setStampMode(gui::StampMode::Copy);
    tools.press(centre(m, 5, 5));
    tools.drag(centre(m, 4, 3));
    tools.drag(centre(m, 2, 2));
    tools.release();
    CHECK(editor.undoSteps() == stepsBefore);  // copying changes nothing
    CHECK(tools.settings().stampMode == gui::StampMode::Paste);
    CHECK(tools.piece().cells.size() == 16);
    CHECK(tools.piece().sides.size() == 1);
    CHECK(tools.piece().crossings.size() == 1);
    CHECK(tools.piece().steps.size() == 2);
    CHECK(tools.piece().urbanAreas.size() == 1);
    CHECK(tools.piece().labels.size() == 1);
    CHECK(tools.pieceSummary() == "4 x 4 hexes, 1 river hexside, 1 ford or bridge, 2 road steps, 1 urban area, 1 label");
    REQUIRE_FALSE(hints.empty());
    CHECK(hints.back().find("Copied 4 x 4 hexes") != std::string::npos);

    // Stamped with its top-left hex on 10,11: an odd number of rows down, so the block keeps its shape only if it is
    // moved as a whole (axially), not column by column.
    const std::string original = written(m);
    const auto problemsBefore = m.validate().items().size();
    const hex::Hex shift = at(m, 10, 11) - at(m, 2, 2);
    tools.press(centre(m, 10, 11));
    tools.release();
    CHECK(editor.undoSteps() == stepsBefore + 1);
    CHECK(editor.undoLabel() == "Stamp 16 Hexes");
    CHECK(m.terrain(at(m, 3, 3) + shift) == map::Terrain::Hills);
    CHECK(m.terrain(at(m, 4, 4) + shift) == map::Terrain::Hills);
    CHECK(m.terrain(at(m, 2, 2) + shift) == map::Terrain::Clear);
    const auto* water = m.hexside(side.hex + shift, side.dir);
    REQUIRE(water);
    CHECK(water->watercourse == map::Watercourse::River);
    CHECK(water->crossing == map::Crossing::Ford);
    CHECK(m.hasLink(at(m, 2, 4) + shift, hex::directionTo(at(m, 2, 4), at(m, 3, 4)), map::LinkKind::MajorRoad));
    CHECK(m.hasLink(at(m, 3, 4) + shift, hex::directionTo(at(m, 3, 4), at(m, 4, 4)), map::LinkKind::MajorRoad));
    const auto* copy = m.urbanAreaAt(at(m, 4, 3) + shift);
    REQUIRE(copy);
    CHECK(copy->name == "Testville");
    CHECK(copy->id != m.urbanAreaAt(at(m, 4, 3))->id);  // ids stay unique
    std::size_t labels = 0;
    for (const auto& l : m.labels()) {
        if (l.hex == at(m, 5, 5) + shift) CHECK(l.text == "Test Hills");
        if (l.text == "Outside") ++labels;
    }
    CHECK(labels == 1);
    CHECK(m.validate().items().size() == problemsBefore);  // the stamp makes no new problem
    // The original block is as it was.
    CHECK(m.terrain(at(m, 3, 3)) == map::Terrain::Hills);
    CHECK(m.urbanAreaAt(at(m, 4, 3)));

    checkUndoRedo(editor, m, original);

    // Stamped again where part of it falls off the map: the rest is put down.
    tools.press(centre(m, 18, 18));
    tools.release();
    CHECK(editor.undoSteps() == stepsBefore + 2);
    CHECK(m.terrain(at(m, 3, 3) + (at(m, 18, 18) - at(m, 2, 2))) == map::Terrain::Hills);
}

TEST_CASE("two known places put the background picture where they belong", "[editor]") {
    // A picture placed at (-3, -1) with pixels 0.02 hex sizes across: two of its pixels and the map points under them.
    const double x = -3.0, y = -1.0, scale = 0.02;
    gui::KnownPlace a{100, 200, {x + 100 * scale, y + 200 * scale}, "a"};
    gui::KnownPlace b{700, 650, {x + 700 * scale, y + 650 * scale}, "b"};
    const auto p = gui::placeByTwoPlaces(a, b);
    CHECK(p.x == Approx(x));
    CHECK(p.y == Approx(y));
    CHECK(p.scale == Approx(scale));
    CHECK(p.misfitHexes == Approx(0.0).margin(1e-9));
    // The order of the two places does not matter.
    const auto q = gui::placeByTwoPlaces(b, a);
    CHECK(q.x == Approx(x));
    CHECK(q.scale == Approx(scale));

    // Places that a scale and a shift cannot both satisfy: the best fit, and how far it misses.
    gui::KnownPlace c = b;
    c.target.y += 1.0;
    const auto r = gui::placeByTwoPlaces(a, c);
    CHECK(r.misfitHexes > 0.1);
    gui::BackgroundSettings s;
    s.x = r.x;
    s.y = r.y;
    s.scale = r.scale;
    double u = 0, v = 0;
    gui::imagePixelAt(s, {(a.target.x + c.target.x) / 2, (a.target.y + c.target.y) / 2}, u, v);
    CHECK(u == Approx(400));  // the midpoint of the two places lies on the midpoint of their targets
    CHECK(v == Approx(425));

    // Refusals.
    gui::KnownPlace same = a;
    same.u += 3;
    same.target = b.target;
    CHECK_THROWS_WITH(gui::placeByTwoPlaces(a, same), Catch::Contains("same point of the picture"));
    gui::KnownPlace sameTarget = b;
    sameTarget.target = a.target;
    CHECK_THROWS_WITH(gui::placeByTwoPlaces(a, sameTarget), Catch::Contains("same position"));
    gui::KnownPlace mirrored = b;
    mirrored.target = {a.target.x - (b.target.x - a.target.x), a.target.y - (b.target.y - a.target.y)};
    CHECK_THROWS_WITH(gui::placeByTwoPlaces(a, mirrored), Catch::Contains("wrong way round"));
}

TEST_CASE("a known place is read as a hex, or as a latitude and longitude on a map that lies on the Earth", "[editor]") {
    const auto plain = load(kMap);
    const auto& m = plain->map();
    const auto p = gui::knownPlaceOnMap(m, " 12 , 7 ");
    const auto c = centre(m, 12, 7);
    CHECK(p.x == Approx(c.x));
    CHECK(p.y == Approx(c.y));
    CHECK_THROWS_WITH(gui::knownPlaceOnMap(m, "34.5 N, 80.2 W"), Catch::Contains("no georeference"));
    CHECK_THROWS_WITH(gui::knownPlaceOnMap(m, "Camden"), Catch::Contains("col,row"));
    CHECK_THROWS_WITH(gui::knownPlaceOnMap(m, "12 7"), Catch::Contains("col,row"));

    const auto geo = load(std::string(ETATMAJOR_GUI_SOURCE_DIR) + "/maps/new-york-1776.xml");
    const auto& g = geo->map();
    const auto grid = g.geoGrid();
    REQUIRE(grid);
    const auto ll = grid->latLon(at(g, 10, 12));
    const auto fromText = gui::knownPlaceOnMap(g, map::formatLatLon(ll));  // "40.7 N, 74.1 W" as the status bar writes it
    const auto hexCentre = centre(g, 10, 12);
    // Four decimals of a degree are about 10 m; a hex size here is over 2 km.
    CHECK(std::hypot(fromText.x - hexCentre.x, fromText.y - hexCentre.y) < 0.01);
    char signedText[64];
    std::snprintf(signedText, sizeof signedText, "%.5f, %.5f", ll.lat, ll.lon);
    const auto fromSigned = gui::knownPlaceOnMap(g, signedText);
    CHECK(std::hypot(fromSigned.x - hexCentre.x, fromSigned.y - hexCentre.y) < 0.01);
    CHECK_THROWS_WITH(gui::knownPlaceOnMap(g, "95.0 N, 74.0 W"), Catch::Contains("not a latitude and longitude"));
}

TEST_CASE("the layers shown are kept in the user's settings, not in the map", "[editor]") {
    // The settings file as text, read and written through streams as wxFileConfig does with the user's own file.
    wxStringInputStream empty(wxEmptyString);
    wxFileConfig config(empty);
    const auto defaults = gui::readLayers(config);
    CHECK(defaults == gui::LayerVisibility{});
    CHECK(defaults.terrain);
    CHECK_FALSE(defaults.hexNumbers);
    gui::LayerVisibility l;
    l.rivers = false;
    l.labels = false;
    l.hexNumbers = true;
    gui::writeLayers(config, l);
    wxStringOutputStream out;
    REQUIRE(config.Save(out));
    const wxString text = out.GetString();
    CHECK(text.Contains("hexNumbers=1"));
    CHECK(text.Contains("rivers=0"));

    wxStringInputStream in(text);
    wxFileConfig again(in);
    const auto back = gui::readLayers(again);
    CHECK(back == l);
    CHECK_FALSE(back.rivers);
    CHECK(back.terrain);
}

TEST_CASE("saving keeps the comments that head the map file", "[editor]") {
    const auto dir = std::filesystem::temp_directory_path() / "etatmajor-header-test";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "map.xml").string();
    const std::string original = readText(kMap);
    const auto commentEnd = original.find("-->");
    REQUIRE(commentEnd != std::string::npos);
    const std::string header = original.substr(original.find("<!--"), commentEnd + 3 - original.find("<!--"));
    REQUIRE(header.find("The Carolinas, 1780-1781") != std::string::npos);

    MapEditor editor;
    editor.setDocument(load(kMap));
    REQUIRE(editor.document()->headerComments().size() == 1);
    const auto& m = editor.document()->map();
    REQUIRE(editor.submit(edit::paintTerrain(m, at(m, 5, 5), 0, map::Terrain::Marsh)));
    editor.save(path);
    const std::string saved = readText(path);
    CHECK(saved.find(header) != std::string::npos);
    CHECK(saved.find(header) < saved.find("<map "));
    // The comment is kept as it is through another round.
    editor.setDocument(load(path));
    editor.save(path);
    CHECK(readText(path) == saved);

    // A new map has no header, and a comment that would end early is written so that the file stays well formed.
    map::Map tiny = editor.document()->map();
    const std::string odd = io::writeMapString(tiny, {" two -- dashes, and an end -"});
    const auto reread = io::readMapString(odd, "odd.xml");
    REQUIRE(reread.headerComments.size() == 1);
    CHECK(reread.headerComments[0].find("dashes") != std::string::npos);
}
