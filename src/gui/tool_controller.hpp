// SPDX-License-Identifier: GPL-3.0-or-later
// The editing tools: turns presses and drags on the map into edit commands for MapEditor. Works in map units (hex
// size 1, hex (0,0) at the origin), so the canvas, the test script and the unit tests drive it the same way.
#pragma once

#include "map_editor.hpp"

#include "etatmajor/edit/map_edits.hpp"
#include "etatmajor/hex/layout.hpp"
#include "etatmajor/map/map.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace etatmajor::gui {

enum class Tool { Pan, Terrain, Hexside, Route, Urban, Label, Sides, Eraser, Picker };
constexpr int kToolCount = 9;
const char* toolName(Tool tool);  // "pan", "terrain", ... as the test script names them
std::optional<Tool> toolFromName(std::string_view name);

enum class HexsideMode { River, Stream, Ford, Bridge };
enum class SideMode { PrimaryLoc, SecondaryLoc, Hq };

// What each tool puts down; the properties panel edits these.
struct ToolSettings {
    map::Terrain terrain = map::Terrain::Woods;
    int radius = 0;  // 0..3: the brush covers 1, 7, 19 or 37 hexes

    HexsideMode hexsideMode = HexsideMode::River;
    bool navigable = false;
    bool fordable = true;
    std::string watercourseName;
    std::string crossingName;

    map::LinkKind linkKind = map::LinkKind::MajorRoad;
    std::string routeName;

    map::UrbanSize urbanSize = map::UrbanSize::Village;
    map::Fortification fortification = map::Fortification::None;

    std::string side;  // id of the side whose geography the Sides tool edits
    SideMode sideMode = SideMode::PrimaryLoc;
    std::string locName;

    edit::FeatureClass eraseClass = edit::FeatureClass::Terrain;
};
constexpr int kMaxBrushRadius = 3;

// What the tool would act on at a point, for the canvas to outline.
struct ToolTarget {
    std::vector<hex::Hex> hexes;
    std::optional<map::HexsideRef> side;
    bool empty() const { return hexes.empty() && !side; }
};

class ToolController {
public:
    explicit ToolController(MapEditor& editor);

    Tool tool() const { return m_tool; }
    // Switches tools; on a read-only document every tool but Pan is refused. The eraser takes the feature class
    // of the tool used before it.
    void setTool(Tool tool);
    ToolSettings& settings() { return m_settings; }
    const ToolSettings& settings() const { return m_settings; }

    // A stroke: press, any number of drags, release. Points are map points in units of the hex size.
    void press(hex::Point at);
    void drag(hex::Point at);
    void release();
    bool stroking() const { return m_stroking; }

    ToolTarget target(hex::Point at) const;
    // The hex and the hexside nearest a map point.
    hex::Hex hexAt(hex::Point at) const;
    map::HexsideRef sideAt(hex::Point at) const;

    // What the picker found last, one line per item.
    const std::vector<std::string>& picked() const { return m_picked; }

    // Dialog hooks: fill in the urban area / the text and return true, or return false to cancel.
    std::function<bool(map::UrbanArea&)> askUrbanArea;
    std::function<bool(const std::string& prompt, std::string& text)> askText;
    // Told when the tool or its settings changed by themselves (the picker), so panels can follow.
    std::function<void()> onSettingsChanged;

private:
    const map::Map* map() const;
    hex::Layout unitLayout() const;
    void applyAt(hex::Point at, bool first);
    void submit(edit::Edit edit);
    void pick(hex::Point at);

    MapEditor& m_editor;
    Tool m_tool = Tool::Pan;
    Tool m_before = Tool::Terrain;  // the tool used before the eraser or the picker
    ToolSettings m_settings;
    std::vector<std::string> m_picked;

    bool m_stroking = false;
    edit::MergeKey m_stroke;
    hex::Point m_last;
    std::optional<hex::Hex> m_lastHex;
    std::optional<map::HexsideRef> m_lastSide;
    std::string m_subject;  // river or route the stroke is extending
};

}  // namespace etatmajor::gui
