// The window that shows a map: paints it through MapPainter, pans with a drag, zooms with the wheel.
#pragma once

#include "map_document.hpp"
#include "map_painter.hpp"

#include <wx/bitmap.h>
#include <wx/window.h>

#include <functional>
#include <memory>
#include <optional>

namespace etatmajor::gui {

// What lies under the mouse, for the status bar.
struct HoverInfo {
    wxString hex;      // "col,row"
    wxString terrain;  // terrain name
    wxString urban;    // urban area's name, empty when none
};

class MapCanvas : public wxWindow {
public:
    using HoverHandler = std::function<void(const std::optional<HoverInfo>&)>;

    MapCanvas(wxWindow* parent, wxWindowID id = wxID_ANY);

    // Shows a document (nullptr: nothing) and fits it to the window.
    void setDocument(std::shared_ptr<const MapDocument> document);
    const MapDocument* document() const { return m_document.get(); }

    void zoomIn();
    void zoomOut();
    // Shows the whole map; it stays fitted across resizes until the user pans or zooms.
    void fitToWindow();
    // Multiplies the zoom, keeping the map point under `anchor` (window pixels) where it is.
    void zoomBy(double factor, const wxPoint& anchor);

    const Viewport& viewport() const { return m_viewport; }
    // Number of completed paints since the last document change.
    unsigned paintCount() const { return m_paintCount; }

    // Renders what the window shows into a new bitmap of the window's client size, without the screen.
    wxBitmap renderToBitmap() const;

    void setHoverHandler(HoverHandler handler) { m_onHover = std::move(handler); }

private:
    void onPaint(wxPaintEvent& event);
    void onSize(wxSizeEvent& event);
    void onWheel(wxMouseEvent& event);
    void onLeftDown(wxMouseEvent& event);
    void onLeftUp(wxMouseEvent& event);
    void onMotion(wxMouseEvent& event);
    void onLeave(wxMouseEvent& event);
    void onCaptureLost(wxMouseCaptureLostEvent& event);

    void paintInto(wxGraphicsContext& gc, const wxRect& area) const;
    void reportHover(const wxPoint& point);
    double minZoom() const;
    double maxZoom() const { return 160.0; }

    std::shared_ptr<const MapDocument> m_document;
    std::unique_ptr<MapPainter> m_painter;
    Viewport m_viewport;
    bool m_fitted = true;
    bool m_dragging = false;
    wxPoint m_dragLast;
    unsigned m_paintCount = 0;
    HoverHandler m_onHover;
};

}  // namespace etatmajor::gui
