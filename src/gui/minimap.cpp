// SPDX-License-Identifier: GPL-3.0-or-later
#include "minimap.hpp"

#include "map_style.hpp"

#include <wx/dcbuffer.h>
#include <wx/graphics.h>
#include <wx/image.h>

#include <algorithm>
#include <memory>

namespace etatmajor::gui {

Minimap::Minimap(wxWindow* parent, MapCanvas& canvas)
    : wxWindow(parent, wxID_ANY, wxDefaultPosition, wxSize(240, 180), wxFULL_REPAINT_ON_RESIZE), m_canvas(canvas) {
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    SetMinSize(wxSize(160, 120));
    Bind(wxEVT_PAINT, &Minimap::onPaint, this);
    Bind(wxEVT_SIZE, &Minimap::onSize, this);
    Bind(wxEVT_LEFT_DOWN, &Minimap::onMouse, this);
    Bind(wxEVT_MOTION, &Minimap::onMouse, this);
    Bind(wxEVT_LEFT_UP, [this](wxMouseEvent&) {
        if (HasCapture()) ReleaseMouse();
    });
    Bind(wxEVT_MOUSE_CAPTURE_LOST, [](wxMouseCaptureLostEvent&) {});
}

void Minimap::mapChanged() {
    m_stale = true;
    Refresh();
}

void Minimap::onSize(wxSizeEvent& event) {
    m_stale = true;
    Refresh();
    event.Skip();
}

bool Minimap::geometry(double& scale, double& ox, double& oy) const {
    const MapPainter* painter = m_canvas.painter();
    if (!painter) return false;
    const wxRect2DDouble b = painter->worldBounds();
    const wxSize size = GetClientSize();
    if (b.m_width <= 0 || b.m_height <= 0 || size.x < 8 || size.y < 8) return false;
    const double margin = 4.0;
    scale = std::max(b.m_width / (size.x - 2 * margin), b.m_height / (size.y - 2 * margin));
    ox = (size.x - b.m_width / scale) / 2 - b.m_x / scale;
    oy = (size.y - b.m_height / scale) / 2 - b.m_y / scale;
    return true;
}

// One sample per overview pixel: the terrain colour of the hex under its centre.
void Minimap::rebuild() {
    m_stale = false;
    const wxSize size = GetClientSize();
    wxImage image(std::max(1, size.x), std::max(1, size.y));
    const wxColour ground = MapStyle::background();
    image.SetRGB(wxRect(0, 0, image.GetWidth(), image.GetHeight()), ground.Red(), ground.Green(), ground.Blue());
    double scale = 0, ox = 0, oy = 0;
    const MapDocument* doc = m_canvas.document();
    if (doc && geometry(scale, ox, oy)) {
        const auto& m = doc->map();
        const hex::Layout unit(m.metadata().orientation, {1.0, 1.0});
        for (int y = 0; y < image.GetHeight(); ++y)
            for (int x = 0; x < image.GetWidth(); ++x) {
                const hex::Hex h = unit.hexAt({(x + 0.5 - ox) * scale, (y + 0.5 - oy) * scale});
                if (!m.contains(h)) continue;
                const wxColour c = MapStyle::terrainFill(m.terrain(h));
                image.SetRGB(x, y, c.Red(), c.Green(), c.Blue());
            }
    }
    m_picture = wxBitmap(image);
}

void Minimap::onPaint(wxPaintEvent&) {
    if (m_stale) rebuild();
    wxAutoBufferedPaintDC dc(this);
    if (m_picture.IsOk()) dc.DrawBitmap(m_picture, 0, 0);
    double scale = 0, ox = 0, oy = 0;
    if (!geometry(scale, ox, oy)) return;
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
    if (!gc) return;
    const wxRect2DDouble v = m_canvas.visibleWorld();
    const double x = ox + v.m_x / scale;
    const double y = oy + v.m_y / scale;
    const double w = v.m_width / scale;
    const double h = v.m_height / scale;
    gc->SetBrush(gc->CreateBrush(wxBrush(wxColour(255, 255, 255, 50))));
    gc->SetPen(gc->CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255, 220), 3.0)));
    gc->DrawRectangle(x, y, w, h);
    gc->SetPen(gc->CreatePen(wxGraphicsPenInfo(wxColour(200, 30, 30), 1.5)));
    gc->SetBrush(wxNullGraphicsBrush);
    gc->DrawRectangle(x, y, w, h);
}

void Minimap::onMouse(wxMouseEvent& event) {
    if (!event.LeftIsDown() && !event.LeftDown()) return;
    double scale = 0, ox = 0, oy = 0;
    if (!geometry(scale, ox, oy)) return;
    if (event.LeftDown() && !HasCapture()) CaptureMouse();
    const wxPoint p = event.GetPosition();
    m_canvas.centreOn({(p.x - ox) * scale, (p.y - oy) * scale});
}

}  // namespace etatmajor::gui
