// SPDX-License-Identifier: GPL-3.0-or-later
// The turn manager's window: the overlays drawn over the map, and clicks on the map.
#include "turn_frame.hpp"

#include "decoy_dialog.hpp"
#include "turn_frame_parts.hpp"

#include "order_dialog.hpp"
#include "overlay_sketch.hpp"

#include <algorithm>
#include <set>

namespace etatmajor::gui {

using namespace detail;

// ---- the map's overlays ----------------------------------------------------------------------------------------

void TurnFrame::setOverlay(Overlay o, bool on) {
    if (on) m_overlays.insert(o);
    else m_overlays.erase(o);
    updateOverlayData();
    m_canvas->Refresh();
}

void TurnFrame::updateOverlayData() {
    m_range.clear();
    if (!overlay(Overlay::Range) || m_side.empty() || m_selected.empty()) return;
    const campaign::Order* order = shownOrder(m_selected);
    if (!order) return;
    std::string error;
    withStore(m_path, true, error, [&](db::CampaignStore& store) { m_range = view::movementRange(store, m_side, *order); });
    if (!error.empty()) say(error);
}

void TurnFrame::paintOverlays(wxGraphicsContext& gc, const hex::Layout& layout, double s) {
    if (!m_document) return;
    const OverlaySketch sketch(gc, layout, m_document->map().offsets(), s);
    if (overlay(Overlay::Fog) && m_view && !m_viewer->isHost()) paintFog(sketch);
    if (overlay(Overlay::Range) && !m_range.empty()) paintRange(sketch);
    if (overlay(Overlay::Loc)) paintLocs(sketch);
    if (overlay(Overlay::Supply)) paintSupply(sketch);
    if (overlay(Overlay::Orders) && !m_side.empty() && m_view)
        if (const auto* shown = shownOrders()) paintRoutes(sketch, *shown);
    // The selected ME.
    if (const view::MeView* me = m_view ? m_view->me(m_selected) : nullptr) sketch.selectionRing(sketch.offsets.toHex(me->offset));
}

// Fog of war: every map hex the side's MEs do not see now is shaded. What they see is the core's (the view's
// seenHexes, asked of the rules' sight, §8.1.5); the window decides nothing of it.
void TurnFrame::paintFog(const OverlaySketch& sketch) {
    const auto& m = m_document->map();
    wxGraphicsContext& gc = sketch.gc;
    std::set<hex::Hex> seen;
    for (const auto& o : m_view->seenHexes) seen.insert(sketch.offsets.toHex(o));
    // Over the map's hexes only: the ground around the map is no country anyone could see.
    const std::string outlineOf = m.metadata().id + " " + std::to_string(m.width()) + "x" + std::to_string(m.height());
    if (m_outlineOf != outlineOf) {
        m_outline = mapOutline(m);
        m_outlineOf = outlineOf;
    }
    const hex::Point origin = sketch.layout.toPixel(hex::Hex{0, 0});
    wxGraphicsPath fog = gc.CreatePath();
    for (const auto& loop : m_outline) {
        for (std::size_t i = 0; i < loop.size(); ++i) {
            const double x = origin.x + loop[i].x * sketch.s, y = origin.y + loop[i].y * sketch.s;
            if (i == 0) fog.MoveToPoint(x, y);
            else fog.AddLineToPoint(x, y);
        }
        fog.CloseSubpath();
    }
    for (const auto h : seen)
        if (m.contains(h)) fog.AddPath(sketch.hexPath(h, 1.0));
    gc.SetPen(wxNullGraphicsPen);
    gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(40, 40, 55, 110))));
    gc.FillPath(fog, wxODDEVEN_RULE);
}

// Movement range of the selected ME under its draft order.
void TurnFrame::paintRange(const OverlaySketch& sketch) {
    wxGraphicsContext& gc = sketch.gc;
    wxGraphicsPath range = gc.CreatePath();
    for (const auto& o : m_range) range.AddPath(sketch.hexPath(sketch.offsets.toHex(o), 0.92));
    gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(30, 90, 200, 200), 1.2)));
    gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(60, 130, 230, 70))));
    gc.DrawPath(range);
}

// LOC paths (green when traced, red when not) and the hexes that cut them.
void TurnFrame::paintLocs(const OverlaySketch& sketch) {
    wxGraphicsContext& gc = sketch.gc;
    const double w = sketch.w;
    for (const auto& l : m_locs) {
        if (l.path.size() >= 2) {
            const wxColour ink = l.loc ? wxColour(20, 140, 60, 220) : wxColour(200, 30, 30, 220);
            std::vector<hex::Offset> rest(l.path.begin() + 1, l.path.end());
            const auto p = sketch.polyline(l.path.front(), rest);
            gc.SetBrush(wxNullGraphicsBrush);
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255, 170), w + 2.5).Cap(wxCAP_ROUND).Join(wxJOIN_ROUND)));
            gc.StrokePath(p);
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(ink, w).Cap(wxCAP_ROUND).Join(wxJOIN_ROUND).Style(wxPENSTYLE_SHORT_DASH)));
            gc.StrokePath(p);
            const auto end = sketch.centre(l.path.back());
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255), 1.5)));
            gc.SetBrush(gc.CreateBrush(wxBrush(ink)));
            gc.DrawEllipse(end.x - w * 1.2, end.y - w * 1.2, w * 2.4, w * 2.4);
        }
        for (const auto& cut : l.cutAt) {
            const auto c = sketch.centre(cut);
            const double r = std::max(4.0, 0.35 * sketch.s);
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255), w + 2.5).Cap(wxCAP_ROUND)));
            gc.StrokeLine(c.x - r, c.y - r, c.x + r, c.y + r);
            gc.StrokeLine(c.x - r, c.y + r, c.x + r, c.y - r);
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(210, 20, 20), w).Cap(wxCAP_ROUND)));
            gc.StrokeLine(c.x - r, c.y - r, c.x + r, c.y + r);
            gc.StrokeLine(c.x - r, c.y + r, c.x + r, c.y - r);
        }
    }
}

// Supply sources with their weekly values.
void TurnFrame::paintSupply(const OverlaySketch& sketch) {
    wxGraphicsContext& gc = sketch.gc;
    const double s = sketch.s;
    const double px = std::clamp(0.45 * s, 9.0, 13.0);
    gc.SetFont(gc.CreateFont(px, "Sans", wxFONTFLAG_BOLD, wxColour(20, 20, 20)));
    for (const auto& src : m_sources) {
        const auto c = sketch.centre(src.offset);
        const wxString text = src.rolled ? wxString::Format("%s %d SP", utf8(src.name), src.weeklyValue)
                                         : wxString::Format("%s ?", utf8(src.name));
        double tw = 0, th = 0;
        gc.GetTextExtent(text, &tw, &th);
        const double r = std::max(5.0, 0.45 * s);
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(120, 70, 0), 2.0)));
        gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(250, 200, 60, 200))));
        gc.DrawEllipse(c.x - r, c.y - r, 2 * r, 2 * r);
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(120, 70, 0), 1.0)));
        gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(255, 246, 210, 230))));
        gc.DrawRoundedRectangle(c.x + r + 2, c.y - th / 2 - 2, tw + 8, th + 4, 3);
        gc.DrawText(text, c.x + r + 6, c.y - th / 2);
    }
}

// The routes of today's orders (given, or the draft until given); the ME being written gets each step coloured by the rules' verdict.
void TurnFrame::paintRoutes(const OverlaySketch& sketch, const campaign::OrdersFile& orders) {
    for (const auto& o : orders.orders) {
        const view::MeView* me = m_view->me(o.me);
        if (!me) continue;
        const bool editing = m_orderDialog && m_orderDialog->meId() == o.me;
        const campaign::Order& order = editing ? m_orderDialog->order() : o;
        if (order.path.empty()) continue;
        // Given orders are drawn from where the ME stood when they were given (it may have marched since), without
        // the draft's verdicts.
        const bool given = m_ordersStatus == "submitted";
        const auto from = m_given.from.find(o.me);
        const hex::Offset start = given && from != m_given.from.end() ? from->second : me->offset;
        const auto check = given ? m_checks.end() : m_checks.find(o.me);
        sketch.route(start, order.path, editing, [&](std::size_t i) {
            wxColour dot(30, 150, 60);
            if (check != m_checks.end() && i < check->second.steps.size()) {
                const auto& step = check->second.steps[i];
                if (!step.problem.empty()) dot = wxColour(210, 30, 30);
                else if (!step.reached) dot = wxColour(235, 150, 20);
            }
            return dot;
        });
    }
    // The decoys' routes (§2.3), from where each stands or is put down today; while the Decoys dialog is open, as it
    // holds them, with the place of the decoy shown there ringed.
    const auto& decoys = m_decoyDialog ? m_decoyDialog->decoys() : orders.decoys;
    const auto* own = m_view->side(m_side);
    for (const auto& d : decoys) {
        std::optional<hex::Offset> start = d.place;
        if (!start && own)
            for (const auto& v : own->decoys)
                if (v.id == d.id) start = hex::parseOffset(v.hex);
        if (!start) continue;
        const bool editing = m_decoyDialog && m_decoyDialog->selected() == d.id;
        if (editing) sketch.selectionRing(sketch.offsets.toHex(*start));
        if (!d.path.empty()) sketch.route(*start, d.path, editing, [](std::size_t) { return wxColour(90, 90, 150); });
    }
}

bool TurnFrame::hexClicked(hex::Hex h) {
    if (!m_document) return false;
    const hex::Offset at = m_document->map().offsets().toOffset(h);
    if (m_orderDialog && m_orderDialog->picking()) {
        m_orderDialog->hexClicked(at);
        return true;
    }
    if (m_decoyDialog && m_decoyDialog->picking()) {
        m_decoyDialog->hexClicked(at);
        return true;
    }
    // A click on a counter of the shown MEs selects it.
    if (m_view)
        for (const view::MeView* me : m_view->allMes())
            if (me->offset == at) {
                selectMe(me->id);
                return true;
            }
    return false;
}

}  // namespace etatmajor::gui
