// SPDX-License-Identifier: GPL-3.0-or-later
// Drawing over the map of a campaign window (the turn manager's overlays, and the server window's routes): the
// shapes the overlays are made of, in the pixels of the map as the canvas shows it (MapCanvas::OverlayPainter).
#pragma once

#include "etatmajor/hex/layout.hpp"
#include "etatmajor/hex/offset.hpp"

#include <wx/colour.h>
#include <wx/graphics.h>

#include <cstddef>
#include <functional>
#include <vector>

namespace etatmajor::gui {

// One paint of the overlays: the graphics context, the layout of the map as shown, the map's offsets and the size
// of a hex in pixels, with the shapes drawn from them.
struct OverlaySketch {
    OverlaySketch(wxGraphicsContext& gc, const hex::Layout& layout, hex::OffsetSystem offsets, double hexSize);

    // The centre of the hex at `o`.
    hex::Point centre(hex::Offset o) const;
    // The outline of hex h, its corners drawn towards its centre by `inset` (1: the hex's own edges).
    wxGraphicsPath hexPath(hex::Hex h, double inset) const;
    // The line from the centre of `start` through the centres of `steps`.
    wxGraphicsPath polyline(hex::Offset start, const std::vector<hex::Offset>& steps) const;
    // An order's route: the line from the ME's hex through the steps of `path`, black while the order is being
    // written and grey otherwise, over a white border, with a dot on each step in the colour `dotColour` gives it.
    void route(hex::Offset start, const std::vector<hex::Offset>& path, bool editing,
               const std::function<wxColour(std::size_t step)>& dotColour) const;
    // The selected ME's hex: an amber ring over a white one.
    void selectionRing(hex::Hex h) const;

    wxGraphicsContext& gc;
    const hex::Layout& layout;
    hex::OffsetSystem offsets;
    double s;  // the size of a hex in pixels
    double w;  // the width of a route's line at that size
};

}  // namespace etatmajor::gui
