#include "map_canvas.hpp"

#include "map_style.hpp"

#include <wx/brush.h>
#include <wx/dcbuffer.h>
#include <wx/dcmemory.h>
#include <wx/graphics.h>

#include <algorithm>
#include <cmath>

namespace etatmajor::gui {

namespace {
constexpr double kZoomStep = 1.25;
}

MapCanvas::MapCanvas(wxWindow* parent, wxWindowID id)
    : wxWindow(parent, id, wxDefaultPosition, wxDefaultSize, wxFULL_REPAINT_ON_RESIZE | wxWANTS_CHARS) {
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    Bind(wxEVT_PAINT, &MapCanvas::onPaint, this);
    Bind(wxEVT_SIZE, &MapCanvas::onSize, this);
    Bind(wxEVT_MOUSEWHEEL, &MapCanvas::onWheel, this);
    Bind(wxEVT_LEFT_DOWN, &MapCanvas::onLeftDown, this);
    Bind(wxEVT_LEFT_UP, &MapCanvas::onLeftUp, this);
    Bind(wxEVT_MOTION, &MapCanvas::onMotion, this);
    Bind(wxEVT_LEAVE_WINDOW, &MapCanvas::onLeave, this);
    Bind(wxEVT_MOUSE_CAPTURE_LOST, &MapCanvas::onCaptureLost, this);
}

void MapCanvas::setDocument(std::shared_ptr<const MapDocument> document) {
    m_painter.reset();
    m_document = std::move(document);
    if (m_document) m_painter = std::make_unique<MapPainter>(*m_document);
    m_paintCount = 0;
    fitToWindow();
}

void MapCanvas::fitToWindow() {
    m_fitted = true;
    if (m_painter) m_viewport = m_painter->fit(GetClientSize());
    Refresh();
}

double MapCanvas::minZoom() const {
    if (!m_painter) return 0.5;
    return std::max(0.5, m_painter->fit(GetClientSize()).hexSize * 0.5);
}

void MapCanvas::zoomBy(double factor, const wxPoint& anchor) {
    if (!m_painter) return;
    const double old = m_viewport.hexSize;
    const double next = std::clamp(old * factor, minZoom(), maxZoom());
    if (next == old) return;
    m_viewport = m_viewport.zoomedAbout(next, anchor.x, anchor.y);
    m_fitted = false;
    Refresh();
}

void MapCanvas::zoomIn() {
    const wxSize size = GetClientSize();
    zoomBy(kZoomStep, wxPoint(size.x / 2, size.y / 2));
}

void MapCanvas::zoomOut() {
    const wxSize size = GetClientSize();
    zoomBy(1.0 / kZoomStep, wxPoint(size.x / 2, size.y / 2));
}

void MapCanvas::paintInto(wxGraphicsContext& gc, const wxRect& area) const {
    if (m_painter) {
        m_painter->paint(gc, m_viewport, area);
        return;
    }
    gc.SetPen(wxNullGraphicsPen);
    gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::background())));
    gc.DrawRectangle(area.x, area.y, area.width, area.height);
    const wxString hint = _("Open a map, a campaign file or a campaign database with File > Open.");
    gc.SetFont(gc.CreateFont(15.0, "Sans", wxFONTFLAG_DEFAULT, wxColour(60, 60, 60)));
    double tw = 0, th = 0;
    gc.GetTextExtent(hint, &tw, &th);
    gc.DrawText(hint, area.x + (area.width - tw) / 2, area.y + (area.height - th) / 2);
}

void MapCanvas::onPaint(wxPaintEvent&) {
    wxAutoBufferedPaintDC dc(this);
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
    if (!gc) return;
    paintInto(*gc, wxRect(GetClientSize()));
    ++m_paintCount;
}

wxBitmap MapCanvas::renderToBitmap() const {
    const wxSize size = GetClientSize();
    wxBitmap bitmap(std::max(1, size.x), std::max(1, size.y), 24);
    wxMemoryDC dc(bitmap);
    {
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
        if (gc) paintInto(*gc, wxRect(size));
    }
    dc.SelectObject(wxNullBitmap);
    return bitmap;
}

void MapCanvas::onSize(wxSizeEvent& event) {
    if (m_fitted && m_painter) m_viewport = m_painter->fit(GetClientSize());
    Refresh();
    event.Skip();
}

void MapCanvas::onWheel(wxMouseEvent& event) {
    const int delta = event.GetWheelDelta() > 0 ? event.GetWheelDelta() : 120;
    const double notches = static_cast<double>(event.GetWheelRotation()) / delta;
    if (event.GetWheelAxis() == wxMOUSE_WHEEL_VERTICAL && notches != 0)
        zoomBy(std::pow(kZoomStep, notches), event.GetPosition());
}

void MapCanvas::onLeftDown(wxMouseEvent& event) {
    SetFocus();
    m_dragging = true;
    m_dragLast = event.GetPosition();
    if (!HasCapture()) CaptureMouse();
    SetCursor(wxCursor(wxCURSOR_HAND));
}

void MapCanvas::onLeftUp(wxMouseEvent&) {
    m_dragging = false;
    if (HasCapture()) ReleaseMouse();
    SetCursor(wxNullCursor);
}

void MapCanvas::onCaptureLost(wxMouseCaptureLostEvent&) {
    m_dragging = false;
    SetCursor(wxNullCursor);
}

void MapCanvas::onMotion(wxMouseEvent& event) {
    const wxPoint p = event.GetPosition();
    if (m_dragging && event.LeftIsDown()) {
        m_viewport.originX += p.x - m_dragLast.x;
        m_viewport.originY += p.y - m_dragLast.y;
        m_dragLast = p;
        m_fitted = false;
        Refresh();
    }
    reportHover(p);
}

void MapCanvas::onLeave(wxMouseEvent&) {
    if (m_onHover) m_onHover(std::nullopt);
}

void MapCanvas::reportHover(const wxPoint& point) {
    if (!m_onHover) return;
    if (!m_painter) {
        m_onHover(std::nullopt);
        return;
    }
    const auto h = m_painter->hexAt(m_viewport, point);
    if (!h) {
        m_onHover(std::nullopt);
        return;
    }
    const auto& m = m_document->map();
    HoverInfo info;
    info.hex = wxString::FromUTF8(hex::formatOffset(m.offsets().toOffset(*h)).c_str());
    std::string terrain(map::terrainName(m.terrain(*h)));
    std::replace(terrain.begin(), terrain.end(), '_', ' ');
    info.terrain = wxString::FromUTF8(terrain.c_str());
    if (const auto* u = m.urbanAreaAt(*h)) info.urban = wxString::FromUTF8(u->name.c_str());
    m_onHover(info);
}

}  // namespace etatmajor::gui
