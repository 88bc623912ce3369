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

enum class Tool { Pan, Terrain, Hexside, Route, Urban, Label, Sides, Eraser, Picker, Fill, Stamp };
constexpr int kToolCount = 11;
const char* toolName(Tool tool);  // "pan", "terrain", ... as the test script names them
std::optional<Tool> toolFromName(std::string_view name);

enum class HexsideMode { River, Stream, Ford, Bridge };
enum class SideMode { PrimaryLoc, SecondaryLoc, Hq };
// The stamp tool either copies (a drag from corner to corner of a block of hexes) or puts the copy down (a click).
enum class StampMode { Copy, Paste };

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

    StampMode stampMode = StampMode::Copy;
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
    // The stamp's mode; says through onHint what the mouse does now when the stamp is the tool.
    void setStampMode(StampMode mode);
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

    // The block of hexes of offset coordinates from corner `a` to corner `b` (inclusive), on the map.
    std::vector<hex::Hex> block(hex::Hex a, hex::Hex b) const;
    // Copies the block from `a` to `b` for the stamp, whose anchor is the block's top-left hex, and turns the stamp
    // to Paste. Returns the number of hexes copied (0: nothing on the map there; the copy held before stays).
    std::size_t copyBlock(hex::Hex a, hex::Hex b);
    // What the stamp holds, and its size in columns and rows.
    const edit::MapPiece& piece() const { return m_piece; }
    // One line for a person: "12 hexes, 3 river hexsides, 1 road step, 1 urban area, 0 labels".
    std::string pieceSummary() const;

    // Dialog hooks: fill in the urban area / the text and return true, or return false to cancel.
    std::function<bool(map::UrbanArea&)> askUrbanArea;
    std::function<bool(const std::string& prompt, std::string& text)> askText;
    // Told when the tool or its settings changed by themselves (the picker, the stamp after a copy), so panels can
    // follow.
    std::function<void()> onSettingsChanged;
    // Told what the tool expects next ("Click where the copy goes"), for the status bar.
    std::function<void(const std::string&)> onHint;

private:
    const map::Map* map() const;
    hex::Layout unitLayout() const;
    void applyAt(hex::Point at, bool first);
    void submit(edit::Edit edit);
    void pick(hex::Point at);
    void hintForTool() const;

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

    std::optional<hex::Hex> m_copyFrom;  // the corner where a copy drag began
    std::optional<hex::Hex> m_copyTo;
    edit::MapPiece m_piece;
    int m_pieceColumns = 0;
    int m_pieceRows = 0;
};

}  // namespace etatmajor::gui
