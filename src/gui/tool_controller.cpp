// SPDX-License-Identifier: GPL-3.0-or-later
#include "tool_controller.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace etatmajor::gui {

using edit::FeatureClass;
using edit::MergeKind;
using hex::Hex;
using hex::Point;

namespace {

constexpr std::array<const char*, kToolCount> kToolNames{"pan",   "terrain", "hexside", "route", "urban", "label",
                                                         "sides", "eraser",  "picker",  "fill",  "stamp"};

// Drags are followed in steps of this many hex sizes, so a fast mouse paints or draws without gaps.
constexpr double kSampleStep = 0.25;

bool isHexsideClass(FeatureClass c) {
    return c == FeatureClass::Watercourse || c == FeatureClass::Crossing || c == FeatureClass::Route;
}

MergeKind mergeKindOf(Tool tool, const ToolSettings& s) {
    switch (tool) {
        case Tool::Terrain: return MergeKind::TerrainBrush;
        case Tool::Hexside:
            return s.hexsideMode == HexsideMode::Ford || s.hexsideMode == HexsideMode::Bridge ? MergeKind::Crossing
                                                                                              : MergeKind::Watercourse;
        case Tool::Route: return MergeKind::Route;
        case Tool::Eraser: return MergeKind::Eraser;
        case Tool::Sides: return MergeKind::Other;
        default: return MergeKind::None;
    }
}

}  // namespace

const char* toolName(Tool tool) { return kToolNames[static_cast<std::size_t>(tool)]; }

std::optional<Tool> toolFromName(std::string_view name) {
    for (std::size_t i = 0; i < kToolNames.size(); ++i)
        if (name == kToolNames[i]) return static_cast<Tool>(i);
    return std::nullopt;
}

ToolController::ToolController(MapEditor& editor) : m_editor(editor) {}

const map::Map* ToolController::map() const { return m_editor.document() ? &m_editor.document()->map() : nullptr; }

hex::Layout ToolController::unitLayout() const {
    const auto orientation = map() ? map()->metadata().orientation : hex::Orientation::Pointy;
    return hex::Layout(orientation, {1.0, 1.0});
}

Hex ToolController::hexAt(Point at) const { return unitLayout().hexAt(at); }

map::HexsideRef ToolController::sideAt(Point at) const {
    const auto layout = unitLayout();
    const Hex h = layout.hexAt(at);
    int best = 0;
    double bestDistance = 1e300;
    for (int dir = 0; dir < hex::kDirections; ++dir) {
        const Point m = layout.edgeMidpoint(h, dir);
        const double d = std::hypot(m.x - at.x, m.y - at.y);
        if (d < bestDistance) {
            bestDistance = d;
            best = dir;
        }
    }
    return {h, best};
}

void ToolController::setTool(Tool tool) {
    if (tool != Tool::Pan && !m_editor.editable()) tool = Tool::Pan;
    if (tool == m_tool) return;
    if (m_stroking) release();
    if (m_tool != Tool::Eraser && m_tool != Tool::Picker && m_tool != Tool::Pan) m_before = m_tool;
    if (tool == Tool::Eraser) {
        switch (m_tool) {
            case Tool::Terrain:
            case Tool::Fill: m_settings.eraseClass = FeatureClass::Terrain; break;
            case Tool::Hexside:
                m_settings.eraseClass = m_settings.hexsideMode == HexsideMode::Ford || m_settings.hexsideMode == HexsideMode::Bridge
                                            ? FeatureClass::Crossing
                                            : FeatureClass::Watercourse;
                break;
            case Tool::Route: m_settings.eraseClass = FeatureClass::Route; break;
            case Tool::Urban: m_settings.eraseClass = FeatureClass::Urban; break;
            case Tool::Label: m_settings.eraseClass = FeatureClass::Label; break;
            case Tool::Sides:
                m_settings.eraseClass = m_settings.sideMode == SideMode::Hq ? FeatureClass::Hq : FeatureClass::LocEntry;
                break;
            default: break;
        }
    }
    m_tool = tool;
    m_copyFrom.reset();
    m_copyTo.reset();
    hintForTool();
}

void ToolController::setStampMode(StampMode mode) {
    m_settings.stampMode = mode;
    if (m_tool == Tool::Stamp) hintForTool();
}

void ToolController::hintForTool() const {
    if (!onHint) return;
    const Tool tool = m_tool;
    if (tool == Tool::Fill) onHint("Click a hex: it and every hex of the same terrain joined to it take the chosen terrain.");
    else if (tool == Tool::Stamp && (m_settings.stampMode == StampMode::Copy || m_piece.empty()))
        onHint("Drag from one corner of a block of hexes to the opposite corner to copy it.");
    else if (tool == Tool::Stamp)
        onHint("Click where the top-left hex of the copy goes (" + std::to_string(m_pieceColumns) + " x " +
               std::to_string(m_pieceRows) + " hexes); C copies another block.");
}

void ToolController::press(Point at) {
    if (!map() || m_tool == Tool::Pan) return;
    if (m_stroking) release();
    m_stroking = true;
    m_stroke = m_editor.newStroke(mergeKindOf(m_tool, m_settings));
    m_lastHex.reset();
    m_lastSide.reset();
    m_subject.clear();
    m_last = at;
    if (m_tool == Tool::Stamp && m_settings.stampMode == StampMode::Copy) {
        m_copyFrom = m_copyTo = hexAt(at);
        return;
    }
    applyAt(at, true);
}

void ToolController::drag(Point at) {
    if (!m_stroking) return;
    // Only tools that work along a path follow the drag; the others act once per press.
    if (m_tool == Tool::Stamp && m_copyFrom) {
        m_copyTo = hexAt(at);
        return;
    }
    if (m_tool == Tool::Urban || m_tool == Tool::Label || m_tool == Tool::Picker || m_tool == Tool::Sides || m_tool == Tool::Fill ||
        m_tool == Tool::Stamp)
        return;
    const double dx = at.x - m_last.x;
    const double dy = at.y - m_last.y;
    const int steps = std::max(1, static_cast<int>(std::ceil(std::hypot(dx, dy) / kSampleStep)));
    for (int i = 1; i <= steps; ++i) {
        const double t = static_cast<double>(i) / steps;
        applyAt({m_last.x + dx * t, m_last.y + dy * t}, false);
    }
    m_last = at;
}

void ToolController::release() {
    if (!m_stroking) return;
    m_stroking = false;
    m_editor.endStroke();
    if (m_tool == Tool::Stamp && m_copyFrom && m_copyTo) {
        const Hex a = *m_copyFrom;
        const Hex b = *m_copyTo;
        m_copyFrom.reset();
        m_copyTo.reset();
        copyBlock(a, b);
    }
}

std::vector<Hex> ToolController::block(Hex a, Hex b) const {
    std::vector<Hex> out;
    if (!map()) return out;
    const auto offsets = map()->offsets();
    const auto oa = offsets.toOffset(a);
    const auto ob = offsets.toOffset(b);
    const int c0 = std::max(0, std::min(oa.col, ob.col));
    const int c1 = std::min(map()->width() - 1, std::max(oa.col, ob.col));
    const int r0 = std::max(0, std::min(oa.row, ob.row));
    const int r1 = std::min(map()->height() - 1, std::max(oa.row, ob.row));
    for (int row = r0; row <= r1; ++row)
        for (int col = c0; col <= c1; ++col) out.push_back(offsets.toHex({col, row}));
    return out;
}

std::size_t ToolController::copyBlock(Hex a, Hex b) {
    const auto hexes = block(a, b);
    if (hexes.empty()) {
        if (onHint) onHint("Nothing copied: drag over hexes of the map.");
        return 0;
    }
    const auto offsets = map()->offsets();
    const auto first = offsets.toOffset(hexes.front());
    const auto last = offsets.toOffset(hexes.back());
    m_piece = edit::copyArea(*map(), hexes, hexes.front());
    m_pieceColumns = last.col - first.col + 1;
    m_pieceRows = last.row - first.row + 1;
    m_settings.stampMode = StampMode::Paste;
    if (onSettingsChanged) onSettingsChanged();
    if (onHint)
        onHint("Copied " + std::to_string(m_pieceColumns) + " x " + std::to_string(m_pieceRows) +
               " hexes. Click where the top-left hex of the copy goes; the tool panel lists what it holds.");
    return hexes.size();
}

std::string ToolController::pieceSummary() const {
    if (m_piece.empty()) return "nothing copied";
    const auto count = [](std::size_t n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    std::string out = std::to_string(m_pieceColumns) + " x " + std::to_string(m_pieceRows) + " hexes";
    out += ", " + count(m_piece.sides.size(), "river hexside", "river hexsides");
    out += ", " + count(m_piece.crossings.size(), "ford or bridge", "fords and bridges");
    out += ", " + count(m_piece.steps.size(), "road step", "road steps");
    out += ", " + count(m_piece.urbanAreas.size(), "urban area", "urban areas");
    out += ", " + count(m_piece.labels.size(), "label", "labels");
    return out;
}

void ToolController::submit(edit::Edit edit) {
    if (!edit.subject().empty()) m_subject = edit.subject();
    m_editor.submit(std::move(edit));
}

void ToolController::applyAt(Point at, bool first) {
    const map::Map& m = *map();
    const Hex h = hexAt(at);
    const auto side = sideAt(at);
    const bool newHex = first || !m_lastHex || *m_lastHex != h;
    const bool newSide = first || !m_lastSide || !edit::sameSide(*m_lastSide, side);
    auto& s = m_settings;

    switch (m_tool) {
        case Tool::Pan: return;
        case Tool::Terrain:
            if (newHex) submit(edit::paintTerrain(m, h, s.radius, s.terrain, m_stroke));
            break;
        case Tool::Hexside:
            if (!newSide) return;
            if (s.hexsideMode == HexsideMode::Ford || s.hexsideMode == HexsideMode::Bridge) {
                submit(edit::setCrossing(m, side, s.hexsideMode == HexsideMode::Ford ? map::Crossing::Ford : map::Crossing::Bridge,
                                         s.crossingName, m_stroke));
            } else {
                const edit::WatercourseStyle style{s.hexsideMode == HexsideMode::Stream ? map::Watercourse::Stream
                                                                                        : map::Watercourse::River,
                                                   s.navigable, s.fordable, s.watercourseName};
                submit(edit::addRiverSide(m, side, style, m_subject, m_stroke));
            }
            break;
        case Tool::Route:
            if (first) break;
            if (newHex && m_lastHex) {
                // Straight through the hexes between the last one and this: adjacent steps only.
                const auto path = hex::line(*m_lastHex, h);
                for (std::size_t i = 1; i < path.size(); ++i)
                    submit(edit::addRouteStep(*map(), path[i - 1], path[i], s.linkKind, s.routeName, m_subject, m_stroke));
            }
            break;
        case Tool::Urban: {
            if (!first || !m.contains(h) || !askUrbanArea) return;
            map::UrbanArea u;
            if (const auto* existing = m.urbanAreaAt(h)) {
                u = *existing;
            } else {
                u.hex = h;
                u.size = s.urbanSize;
                u.fortification = s.fortification;
            }
            if (!askUrbanArea(u)) return;
            u.hex = h;
            s.urbanSize = u.size;
            s.fortification = u.fortification;
            submit(edit::placeUrbanArea(m, u));
            break;
        }
        case Tool::Label: {
            if (!first || !m.contains(h) || !askText) return;
            std::string text;
            for (const auto& l : m.labels())
                if (l.hex == h) text = l.text;
            if (!askText("Label text (empty to remove):", text)) return;
            submit(edit::setLabel(m, h, text));
            break;
        }
        case Tool::Sides: {
            if (!newHex || !m.contains(h)) return;
            if (s.side.empty() || !m.side(s.side)) {
                if (first) {
                    edit::Edit none;
                    none.setRefusal("Choose a side first, or add one with Add Side in the tool panel.");
                    m_editor.submit(std::move(none));
                }
                return;
            }
            if (s.sideMode == SideMode::Hq) submit(edit::addHq(m, s.side, h, m_stroke));
            else
                submit(edit::setLocEntry(m, s.side, h,
                                         s.sideMode == SideMode::PrimaryLoc ? map::LocKind::Primary : map::LocKind::Secondary,
                                         s.locName, m_stroke));
            break;
        }
        case Tool::Eraser:
            if (isHexsideClass(s.eraseClass) ? !newSide : !newHex) return;
            submit(edit::eraseFeature(m, s.eraseClass, h, side, map::Terrain::Clear, m_stroke));
            break;
        case Tool::Picker:
            if (first) pick(at);
            break;
        case Tool::Fill:
            if (first) submit(edit::fillTerrain(m, h, s.terrain));
            break;
        case Tool::Stamp:
            if (first && s.stampMode == StampMode::Paste) {
                if (m_piece.empty()) {
                    edit::Edit none;
                    none.setRefusal("Nothing has been copied yet: choose Copy and drag over a block of hexes first.");
                    m_editor.submit(std::move(none));
                    return;
                }
                submit(edit::pasteArea(m, m_piece, h));
            }
            break;
    }
    m_lastHex = h;
    m_lastSide = side;
}

void ToolController::pick(Point at) {
    const map::Map& m = *map();
    const Hex h = hexAt(at);
    if (!m.contains(h)) return;
    m_picked = edit::describeHex(m, h);
    auto& s = m_settings;
    s.terrain = m.terrain(h);
    Tool next = m_before == Tool::Hexside || m_before == Tool::Route || m_before == Tool::Fill ? m_before : Tool::Terrain;
    const auto side = sideAt(at);
    if (const auto* hs = m.hexside(side.hex, side.dir); hs && hs->watercourse != map::Watercourse::None) {
        s.watercourseName = hs->name;
        s.navigable = hs->navigable;
        s.fordable = hs->fordable;
        s.hexsideMode = hs->watercourse == map::Watercourse::Stream ? HexsideMode::Stream : HexsideMode::River;
        if (hs->crossing != map::Crossing::None && m_before == Tool::Hexside)
            s.hexsideMode = hs->crossing == map::Crossing::Ford ? HexsideMode::Ford : HexsideMode::Bridge;
    }
    for (const auto& r : m.routes())
        if (std::find(r.hexes.begin(), r.hexes.end(), h) != r.hexes.end()) {
            s.linkKind = r.kind;
            break;
        }
    if (const auto* u = m.urbanAreaAt(h)) {
        s.urbanSize = u->size;
        s.fortification = u->fortification;
    }
    m_stroking = false;
    m_tool = next;
    if (onSettingsChanged) onSettingsChanged();
}

ToolTarget ToolController::target(Point at) const {
    ToolTarget t;
    if (!map() || m_tool == Tool::Pan) return t;
    const map::Map& m = *map();
    const Hex h = hexAt(at);
    const bool hexside = m_tool == Tool::Hexside || (m_tool == Tool::Eraser && isHexsideClass(m_settings.eraseClass));
    if (hexside) {
        const auto side = sideAt(at);
        if (edit::onMap(m, side)) t.side = side;
        return t;
    }
    if (m_tool == Tool::Stamp) {
        if (m_copyFrom) {
            t.hexes = block(*m_copyFrom, h);
        } else if (m_settings.stampMode == StampMode::Paste) {
            for (const auto& cell : m_piece.cells)
                if (m.contains(cell.at + h)) t.hexes.push_back(cell.at + h);
        }
        if (!t.hexes.empty() || !m.contains(h)) return t;
    }
    const int radius = m_tool == Tool::Terrain ? m_settings.radius : 0;
    for (const Hex x : hex::spiral(h, radius))
        if (m.contains(x)) t.hexes.push_back(x);
    return t;
}

}  // namespace etatmajor::gui
