// SPDX-License-Identifier: GPL-3.0-or-later
// The overview: the whole map in small, with the part the canvas shows framed; a click or drag moves the view.
#pragma once

#include "map_canvas.hpp"

#include <wx/bitmap.h>
#include <wx/window.h>

namespace etatmajor::gui {

class Minimap : public wxWindow {
public:
    Minimap(wxWindow* parent, MapCanvas& canvas);

    // The map changed (or is another one): draw the overview again when next shown.
    void mapChanged();
    // The canvas moved: only the frame is drawn again.
    void viewChanged() { Refresh(); }

private:
    void onPaint(wxPaintEvent& event);
    void onSize(wxSizeEvent& event);
    void onMouse(wxMouseEvent& event);
    void rebuild();
    // Map units per overview pixel, and the overview pixel of the map point (0,0).
    bool geometry(double& scale, double& ox, double& oy) const;

    MapCanvas& m_canvas;
    wxBitmap m_picture;
    bool m_stale = true;
};

}  // namespace etatmajor::gui
