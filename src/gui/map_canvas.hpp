// SPDX-License-Identifier: GPL-3.0-or-later
// The window that shows a map: paints it from cached tiles through MapPainter, pans with a drag, zooms with the
// wheel, and hands presses and drags to the editing tools when the document can be edited.
#pragma once

#include "map_document.hpp"
#include "map_painter.hpp"
#include "tile_cache.hpp"

#include "etatmajor/hex/layout.hpp"

#include <wx/bitmap.h>
#include <wx/window.h>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace etatmajor::gui {

class ToolController;

// What lies under the mouse, for the status bar.
struct HoverInfo {
    wxString hex;       // "col,row"
    wxString terrain;   // terrain name
    wxString urban;     // urban area's name, empty when none
    wxString position;  // latitude and longitude of the hex's centre on a map drawn from real geography, else empty

    // The hex and, when the map lies on the Earth, its centre's latitude and longitude: "12,7  37.5385 N, 77.4340 W".
    wxString place() const { return position.empty() ? hex : hex + "  " + position; }
};

class MapCanvas : public wxWindow {
public:
    using HoverHandler = std::function<void(const std::optional<HoverInfo>&)>;

    MapCanvas(wxWindow* parent, wxWindowID id = wxID_ANY);
    ~MapCanvas() override;

    // Shows a document (nullptr: nothing) and fits it to the window.
    void setDocument(std::shared_ptr<const MapDocument> document);
    const MapDocument* document() const { return m_document.get(); }
    const MapPainter* painter() const { return m_painter.get(); }

    // Shows another document of the same map (the counters changed), keeping the zoom, the position and the
    // cached tiles; a different map is shown as setDocument does.
    void replaceDocument(std::shared_ptr<const MapDocument> document);

    // Drawn over the map on every paint, under the highlight ring (the turn manager's overlays).
    using OverlayPainter = std::function<void(wxGraphicsContext&, const hex::Layout&, double hexSize)>;
    void setOverlayPainter(OverlayPainter painter) {
        m_overlay = std::move(painter);
        Refresh();
    }
    // Left clicks on a hex are offered to `handler` first when no editing tool is active; it returns whether it
    // used the click (otherwise the press starts a pan as usual).
    void setHexClickHandler(std::function<bool(hex::Hex)> handler) { m_onHexClick = std::move(handler); }

    // The editing tools; nullptr (or a read-only document) makes every left drag pan.
    void setToolController(ToolController* tools) { m_tools = tools; }
    // The map changed at these hexes: their tiles are drawn again.
    void mapChanged(const std::vector<hex::Hex>& touched);
    // Everything must be drawn again (the underlay changed, for instance).
    void redrawAll();

    // Which of the map's features are drawn (a view setting: the map is not changed).
    void setLayers(const LayerVisibility& layers);
    const LayerVisibility& layers() const { return m_layers; }

    // While set, the next left clicks go to `picker` as map points, whatever the tool (placing the background
    // image by two places); nullptr ends it.
    void setPointPicker(std::function<void(hex::Point)> picker);
    bool pickingPoints() const { return static_cast<bool>(m_pointPicker); }

    // The picture drawn under the grid, or none.
    void setUnderlay(std::optional<Underlay> underlay);
    const std::optional<Underlay>& underlay() const { return m_underlay; }

    void zoomIn();
    void zoomOut();
    // Shows the whole map; it stays fitted across resizes until the user pans or zooms.
    void fitToWindow();
    // Multiplies the zoom, keeping the map point under `anchor` (window pixels) where it is.
    void zoomBy(double factor, const wxPoint& anchor);
    // Sets the hex size in pixels, keeping the centre of the window where it is.
    void setHexSize(double hexSize);
    // Moves the view so that the map point (in units of the hex size) is in the middle of the window.
    void centreOn(hex::Point world);
    void centreOnHex(hex::Hex h);
    // Rings one hex (a validation problem, say) until cleared.
    void setHighlight(std::optional<hex::Hex> h);

    const Viewport& viewport() const { return m_viewport; }
    // Map point (in units of the hex size) under a window pixel, and back.
    hex::Point worldAt(const wxPoint& p) const;
    wxPoint pixelAt(hex::Point world) const;
    // The part of the map shown, in map units.
    wxRect2DDouble visibleWorld() const;

    // Number of completed paints since the last document change, and the time the last one took.
    unsigned paintCount() const { return m_paintCount; }
    double lastPaintMs() const { return m_lastPaintMs; }
    TileCache& tiles() { return m_tiles; }
    // Off: every paint draws every visible hex again (the baseline the benchmark compares the tiles with).
    void setTilesEnabled(bool on) {
        m_useTiles = on;
        dropBackBuffer();
        Refresh();
    }
    // Renders, for up to `budgetMs`, the missing tiles of a ring one tile wide around the view, so that a pan
    // finds them ready; returns whether some are still missing. The canvas calls it when idle.
    bool prefetchTiles(double budgetMs);
    // Window pixels whose base layer the last paint drew afresh (the rest was the previous picture moved), for
    // tests and benchmarks.
    long long lastPaintFreshPixels() const { return m_lastFreshPixels; }

    // Renders what the window shows into a new bitmap of the window's client size, without the screen.
    wxBitmap renderToBitmap() const;

    void setHoverHandler(HoverHandler handler) { m_onHover = std::move(handler); }
    // Told whenever the part of the map shown changes (pan, zoom, resize).
    void setViewHandler(std::function<void()> handler) { m_onView = std::move(handler); }
    // Offered the keys the canvas does not use itself (tool shortcuts); returns whether it used the key.
    void setKeyHandler(std::function<bool(int)> handler) { m_onKey = std::move(handler); }

private:
    struct BackBuffer;

    void onPaint(wxPaintEvent& event);
    void onIdle(wxIdleEvent& event);
    void onSize(wxSizeEvent& event);
    void onWheel(wxMouseEvent& event);
    void onLeftDown(wxMouseEvent& event);
    void onLeftUp(wxMouseEvent& event);
    void onPanDown(wxMouseEvent& event);
    void onPanUp(wxMouseEvent& event);
    void onMotion(wxMouseEvent& event);
    void onLeave(wxMouseEvent& event);
    void onCaptureLost(wxMouseCaptureLostEvent& event);
    void onKey(wxKeyEvent& event);

    bool toolActive() const;
    void startPan(const wxPoint& p);
    void endDrag();
    void panBy(int dx, int dy);
    void viewChanged();
    Viewport paintedViewport() const;
    // Paints the window's `area`; only `dirty` (within it) needs fresh tiles.
    void paintInto(wxGraphicsContext& gc, const wxRect& area, bool useTiles, const wxRect& dirty);
    // Brings the back buffer (the base layer of the whole window, kept where the paint target keeps its pixels)
    // to `vp`: the previous picture is moved by the pan and only the uncovered strips are drawn from the tiles.
    // Returns false when there is no back buffer here (the caller draws the tiles itself).
    bool updateBackBuffer(void* paintTarget, const Viewport& vp);
    void dropBackBuffer();
    void tilesPending();
    // The window pixels the tool's outline covers at a mouse position (empty when none).
    wxRect targetRect(const wxPoint& mouse) const;
    void paintDecorations(wxGraphicsContext& gc, const Viewport& vp) const;
    void reportHover(const wxPoint& point);
    double minZoom() const;
    double maxZoom() const { return 160.0; }

    std::shared_ptr<const MapDocument> m_document;
    std::unique_ptr<MapPainter> m_painter;
    TileCache m_tiles;
    std::optional<Underlay> m_underlay;
    ToolController* m_tools = nullptr;
    Viewport m_viewport;
    bool m_fitted = true;
    enum class Drag { None, Pan, Tool } m_drag = Drag::None;
    wxPoint m_dragLast;
    std::optional<wxPoint> m_mouse;
    wxRect m_targetRect;  // where the tool's outline was last drawn
    std::optional<hex::Hex> m_highlight;
    unsigned m_paintCount = 0;
    double m_lastPaintMs = 0;
    bool m_refreshQueued = false;
    bool m_useTiles = true;
    std::unique_ptr<BackBuffer> m_back;
    bool m_prefetchDone = false;
    long long m_lastFreshPixels = 0;
    HoverHandler m_onHover;
    std::function<void()> m_onView;
    std::function<bool(int)> m_onKey;
    OverlayPainter m_overlay;
    std::function<bool(hex::Hex)> m_onHexClick;
    std::function<void(hex::Point)> m_pointPicker;
    LayerVisibility m_layers;
};

}  // namespace etatmajor::gui
