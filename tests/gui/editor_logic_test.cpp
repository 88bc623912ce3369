// SPDX-License-Identifier: GPL-3.0-or-later
// The editor's window-free logic: the wxCommandProcessor adapter, the tools driven by map points, and the view
// settings sidecar. Needs no display.
#include <catch2/catch.hpp>

#include "map_editor.hpp"
#include "tool_controller.hpp"
#include "validation_panel.hpp"
#include "view_settings.hpp"

#include "etatmajor/edit/map_edits.hpp"
#include "etatmajor/io/map_xml.hpp"

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
