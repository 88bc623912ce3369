// SPDX-License-Identifier: GPL-3.0-or-later
#include "overlay_sketch.hpp"

#include <wx/brush.h>

#include <algorithm>

namespace etatmajor::gui {

OverlaySketch::OverlaySketch(wxGraphicsContext& context, const hex::Layout& mapLayout, hex::OffsetSystem mapOffsets, double hexSize)
    : gc(context), layout(mapLayout), offsets(mapOffsets), s(hexSize), w(std::clamp(0.14 * hexSize, 2.0, 6.0)) {}

hex::Point OverlaySketch::centre(hex::Offset o) const { return layout.toPixel(offsets.toHex(o)); }

wxGraphicsPath OverlaySketch::hexPath(hex::Hex h, double inset) const {
    const auto c = layout.toPixel(h);
    const auto corners = layout.corners(h);
    wxGraphicsPath p = gc.CreatePath();
    for (std::size_t i = 0; i < corners.size(); ++i) {
        const double x = c.x + (corners[i].x - c.x) * inset, y = c.y + (corners[i].y - c.y) * inset;
        if (i == 0) p.MoveToPoint(x, y);
        else p.AddLineToPoint(x, y);
    }
    p.CloseSubpath();
    return p;
}

wxGraphicsPath OverlaySketch::polyline(hex::Offset start, const std::vector<hex::Offset>& steps) const {
    wxGraphicsPath p = gc.CreatePath();
    const auto a = centre(start);
    p.MoveToPoint(a.x, a.y);
    for (const auto& o : steps) {
        const auto b = centre(o);
        p.AddLineToPoint(b.x, b.y);
    }
    return p;
}

void OverlaySketch::route(hex::Offset start, const std::vector<hex::Offset>& path, bool editing,
                          const std::function<wxColour(std::size_t step)>& dotColour) const {
    const auto p = polyline(start, path);
    gc.SetBrush(wxNullGraphicsBrush);
    gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255, 200), w * 1.6 + 3).Cap(wxCAP_ROUND).Join(wxJOIN_ROUND)));
    gc.StrokePath(p);
    gc.SetPen(gc.CreatePen(
        wxGraphicsPenInfo(editing ? wxColour(20, 20, 20) : wxColour(70, 70, 70, 200), w * 1.6).Cap(wxCAP_ROUND).Join(wxJOIN_ROUND)));
    gc.StrokePath(p);
    for (std::size_t i = 0; i < path.size(); ++i) {
        const auto c = centre(path[i]);
        const double r = std::max(3.5, 0.22 * s);
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255), 1.5)));
        gc.SetBrush(gc.CreateBrush(wxBrush(dotColour(i))));
        gc.DrawEllipse(c.x - r, c.y - r, 2 * r, 2 * r);
    }
}

void OverlaySketch::selectionRing(hex::Hex h) const {
    const wxGraphicsPath ring = hexPath(h, 1.0);
    gc.SetBrush(wxNullGraphicsBrush);
    gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255, 230), 6.0)));
    gc.StrokePath(ring);
    gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(240, 170, 0), 3.0)));
    gc.StrokePath(ring);
}

}  // namespace etatmajor::gui
