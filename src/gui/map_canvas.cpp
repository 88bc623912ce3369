// SPDX-License-Identifier: GPL-3.0-or-later
#include "map_canvas.hpp"

#include "map_style.hpp"
#include "tool_controller.hpp"

#include <wx/brush.h>
#include <wx/dcbuffer.h>
#include <wx/dcmemory.h>
#include <wx/graphics.h>
#include <wx/stopwatch.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#ifdef __WXGTK3__
#include <cairo.h>
#endif

namespace etatmajor::gui {

namespace {
constexpr double kZoomStep = 1.25;
// A paint renders missing tiles for at most this long; the rest follow in the next frames.
constexpr double kTileBudgetMs = 24.0;
constexpr int kKeyPanPixels = 80;
// When idle, tiles around the view are rendered for at most this long at a time.
constexpr double kPrefetchSliceMs = 8.0;

// Hex sizes are kept to multiples of 1/256 pixel so the tiles of a zoom level are found again.
double snapSize(double s) { return std::max(1.0 / 256.0, std::round(s * 256.0) / 256.0); }
}  // namespace

// The base layer of the whole window as last painted, kept as two surfaces like the paint target (on X11 they live
// in the X server): a pan copies the picture from one to the other, moved, and draws only the uncovered strips.
struct MapCanvas::BackBuffer {
#ifdef __WXGTK3__
    cairo_surface_t* surfaces[2] = {nullptr, nullptr};
    ~BackBuffer() {
        for (auto* s : surfaces)
            if (s) cairo_surface_destroy(s);
    }
#endif
    int current = 0;
    wxSize size;
    Viewport viewport;
    bool valid = false;
};

MapCanvas::MapCanvas(wxWindow* parent, wxWindowID id)
    : wxWindow(parent, id, wxDefaultPosition, wxDefaultSize, wxFULL_REPAINT_ON_RESIZE | wxWANTS_CHARS) {
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    Bind(wxEVT_PAINT, &MapCanvas::onPaint, this);
    Bind(wxEVT_SIZE, &MapCanvas::onSize, this);
    Bind(wxEVT_MOUSEWHEEL, &MapCanvas::onWheel, this);
    Bind(wxEVT_LEFT_DOWN, &MapCanvas::onLeftDown, this);
    Bind(wxEVT_LEFT_UP, &MapCanvas::onLeftUp, this);
    Bind(wxEVT_MIDDLE_DOWN, &MapCanvas::onPanDown, this);
    Bind(wxEVT_MIDDLE_UP, &MapCanvas::onPanUp, this);
    Bind(wxEVT_RIGHT_DOWN, &MapCanvas::onPanDown, this);
    Bind(wxEVT_RIGHT_UP, &MapCanvas::onPanUp, this);
    Bind(wxEVT_MOTION, &MapCanvas::onMotion, this);
    Bind(wxEVT_LEAVE_WINDOW, &MapCanvas::onLeave, this);
    Bind(wxEVT_MOUSE_CAPTURE_LOST, &MapCanvas::onCaptureLost, this);
    Bind(wxEVT_KEY_DOWN, &MapCanvas::onKey, this);
    Bind(wxEVT_IDLE, &MapCanvas::onIdle, this);
}

MapCanvas::~MapCanvas() {
    if (HasCapture()) ReleaseMouse();
}

void MapCanvas::setDocument(std::shared_ptr<const MapDocument> document) {
    m_tiles.clear();
    dropBackBuffer();
    m_prefetchDone = false;
    m_painter.reset();
    m_document = std::move(document);
    m_highlight.reset();
    if (m_document) {
        m_painter = std::make_unique<MapPainter>(*m_document);
        if (m_underlay) m_painter->setUnderlay(&*m_underlay);
        m_painter->setLayers(m_layers);
    }
    m_paintCount = 0;
    fitToWindow();
}

void MapCanvas::replaceDocument(std::shared_ptr<const MapDocument> document) {
    const bool sameMap = m_document && document && m_document->map().width() == document->map().width() &&
                         m_document->map().height() == document->map().height() &&
                         m_document->map().metadata().id == document->map().metadata().id;
    if (!sameMap) {
        setDocument(std::move(document));
        return;
    }
    // The painter refers to the document: a new one for the new document, the tiles (terrain only) stay good.
    m_document = std::move(document);
    m_painter = std::make_unique<MapPainter>(*m_document);
    if (m_underlay) m_painter->setUnderlay(&*m_underlay);
    m_painter->setLayers(m_layers);
    Refresh();
}

void MapCanvas::mapChanged(const std::vector<hex::Hex>& touched) {
    if (m_painter) m_tiles.invalidate(*m_painter, touched);
    dropBackBuffer();
    m_prefetchDone = false;
    Refresh();
}

void MapCanvas::redrawAll() {
    m_tiles.clear();
    dropBackBuffer();
    m_prefetchDone = false;
    Refresh();
}

void MapCanvas::setLayers(const LayerVisibility& layers) {
    if (layers == m_layers) return;
    m_layers = layers;
    if (m_painter) m_painter->setLayers(m_layers);
    redrawAll();
}

void MapCanvas::setPointPicker(std::function<void(hex::Point)> picker) {
    m_pointPicker = std::move(picker);
    SetCursor(m_pointPicker || toolActive() ? wxCursor(wxCURSOR_CROSS) : wxNullCursor);
}

void MapCanvas::setUnderlay(std::optional<Underlay> underlay) {
    m_underlay = std::move(underlay);
    if (m_painter) m_painter->setUnderlay(m_underlay ? &*m_underlay : nullptr);
    redrawAll();
}

void MapCanvas::fitToWindow() {
    m_fitted = true;
    if (m_painter) {
        m_viewport = m_painter->fit(GetClientSize());
        const double snapped = snapSize(m_viewport.hexSize);
        const wxSize size = GetClientSize();
        m_viewport = m_viewport.zoomedAbout(snapped, size.x / 2.0, size.y / 2.0);
        m_viewport.hexSize = snapped;
    }
    viewChanged();
}

double MapCanvas::minZoom() const {
    if (!m_painter) return 0.5;
    return std::max(0.5, m_painter->fit(GetClientSize()).hexSize * 0.5);
}

void MapCanvas::zoomBy(double factor, const wxPoint& anchor) {
    if (!m_painter) return;
    const double old = m_viewport.hexSize;
    const double next = snapSize(std::clamp(old * factor, minZoom(), maxZoom()));
    if (next == old) return;
    m_viewport = m_viewport.zoomedAbout(next, anchor.x, anchor.y);
    m_viewport.hexSize = next;
    m_fitted = false;
    viewChanged();
}

void MapCanvas::setHexSize(double hexSize) {
    const wxSize size = GetClientSize();
    zoomBy(hexSize / m_viewport.hexSize, wxPoint(size.x / 2, size.y / 2));
}

void MapCanvas::zoomIn() {
    const wxSize size = GetClientSize();
    zoomBy(kZoomStep, wxPoint(size.x / 2, size.y / 2));
}

void MapCanvas::zoomOut() {
    const wxSize size = GetClientSize();
    zoomBy(1.0 / kZoomStep, wxPoint(size.x / 2, size.y / 2));
}

void MapCanvas::centreOn(hex::Point world) {
    const wxSize size = GetClientSize();
    m_viewport.originX = size.x / 2.0 - world.x * m_viewport.hexSize;
    m_viewport.originY = size.y / 2.0 - world.y * m_viewport.hexSize;
    m_fitted = false;
    viewChanged();
}

void MapCanvas::centreOnHex(hex::Hex h) {
    if (!m_document) return;
    centreOn(hex::Layout(m_document->map().metadata().orientation, {1.0, 1.0}).toPixel(h));
}

void MapCanvas::setHighlight(std::optional<hex::Hex> h) {
    m_highlight = h;
    Refresh();
}

void MapCanvas::panBy(int dx, int dy) {
    m_viewport.originX += dx;
    m_viewport.originY += dy;
    m_fitted = false;
    viewChanged();
}

void MapCanvas::viewChanged() {
    m_prefetchDone = false;
    Refresh();
    if (m_onView) m_onView();
}

hex::Point MapCanvas::worldAt(const wxPoint& p) const {
    const Viewport vp = paintedViewport();
    return {(p.x - vp.originX) / vp.hexSize, (p.y - vp.originY) / vp.hexSize};
}

wxPoint MapCanvas::pixelAt(hex::Point world) const {
    const Viewport vp = paintedViewport();
    return wxPoint(static_cast<int>(std::lround(vp.originX + world.x * vp.hexSize)),
                   static_cast<int>(std::lround(vp.originY + world.y * vp.hexSize)));
}

wxRect2DDouble MapCanvas::visibleWorld() const {
    const wxSize size = GetClientSize();
    const hex::Point a = worldAt(wxPoint(0, 0));
    const hex::Point b = worldAt(wxPoint(size.x, size.y));
    return wxRect2DDouble(a.x, a.y, b.x - a.x, b.y - a.y);
}

// Tiles are blitted 1:1, so everything is painted with the origin on whole pixels.
Viewport MapCanvas::paintedViewport() const {
    return {m_viewport.hexSize, std::round(m_viewport.originX), std::round(m_viewport.originY)};
}

void MapCanvas::paintInto(wxGraphicsContext& gc, const wxRect& area, bool useTiles, const wxRect& dirty) {
    if (m_painter) {
        const Viewport vp = paintedViewport();
        if (useTiles) {
            // Names are placed against each other over the whole window (so they do not jump about), and only
            // the part being repainted needs its tiles.
            const auto stats = m_tiles.draw(gc, *m_painter, vp, dirty, kTileBudgetMs);
            m_lastFreshPixels = static_cast<long long>(dirty.width) * dirty.height;
            m_painter->paint(gc, vp, area, kLayerOverlay);
            if (stats.pending > 0) tilesPending();
        } else {
            m_painter->paint(gc, vp, area, kLayerAll);
        }
        paintDecorations(gc, vp);
        return;
    }
    gc.SetPen(wxNullGraphicsPen);
    gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::background())));
    gc.DrawRectangle(area.x, area.y, area.width, area.height);
    const wxString hint = _("Open a map, a campaign file or a campaign database with File > Open, or start a map "
                            "with File > New Map.");
    gc.SetFont(gc.CreateFont(15.0, "Sans", wxFONTFLAG_DEFAULT, wxColour(60, 60, 60)));
    double tw = 0, th = 0;
    gc.GetTextExtent(hint, &tw, &th);
    gc.DrawText(hint, area.x + (area.width - tw) / 2, area.y + (area.height - th) / 2);
}

void MapCanvas::tilesPending() {
    if (m_refreshQueued) return;
    m_refreshQueued = true;
    CallAfter([this] {
        m_refreshQueued = false;
        Refresh();
    });
}

void MapCanvas::dropBackBuffer() {
    if (m_back) m_back->valid = false;
}

bool MapCanvas::updateBackBuffer([[maybe_unused]] void* paintTarget, [[maybe_unused]] const Viewport& vp) {
#ifdef __WXGTK3__
    auto* target = static_cast<cairo_surface_t*>(paintTarget);
    if (!target || cairo_surface_status(target) != CAIRO_STATUS_SUCCESS) return false;
    const wxSize size = GetClientSize();
    if (size.x <= 0 || size.y <= 0) return false;
    if (!m_back) m_back = std::make_unique<BackBuffer>();
    BackBuffer& b = *m_back;
    if (b.size != size || !b.surfaces[0]) {
        for (auto*& s : b.surfaces) {
            if (s) cairo_surface_destroy(s);
            s = cairo_surface_create_similar(target, CAIRO_CONTENT_COLOR, size.x, size.y);
        }
        if (cairo_surface_status(b.surfaces[0]) != CAIRO_STATUS_SUCCESS ||
            cairo_surface_status(b.surfaces[1]) != CAIRO_STATUS_SUCCESS) {
            m_back.reset();
            return false;
        }
        b.size = size;
        b.valid = false;
    }
    const long dx = std::lround(vp.originX - b.viewport.originX);
    const long dy = std::lround(vp.originY - b.viewport.originY);
    const bool full = !b.valid || vp.hexSize != b.viewport.hexSize || std::labs(dx) >= size.x || std::labs(dy) >= size.y;
    if (!full && dx == 0 && dy == 0) {
        m_lastFreshPixels = 0;
        return true;
    }
    std::vector<wxRect> strips;
    if (full) {
        strips.emplace_back(size);
    } else {
        // The previous picture, moved by the pan, into the other surface.
        cairo_t* copy = cairo_create(b.surfaces[1 - b.current]);
        cairo_set_operator(copy, CAIRO_OPERATOR_SOURCE);
        cairo_set_source_surface(copy, b.surfaces[b.current], static_cast<double>(dx), static_cast<double>(dy));
        cairo_paint(copy);
        cairo_destroy(copy);
        b.current = 1 - b.current;
        const int x = static_cast<int>(dx), y = static_cast<int>(dy);
        if (x > 0) strips.emplace_back(0, 0, x, size.y);
        if (x < 0) strips.emplace_back(size.x + x, 0, -x, size.y);
        if (y > 0) strips.emplace_back(0, 0, size.x, y);
        if (y < 0) strips.emplace_back(0, size.y + y, size.x, -y);
    }
    cairo_t* cr = cairo_create(b.surfaces[b.current]);
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::CreateFromNative(cr));
    cairo_destroy(cr);  // the context keeps its own reference
    if (!gc) return false;
    std::size_t pending = 0;
    m_lastFreshPixels = 0;
    for (const wxRect& strip : strips) {
        gc->PushState();
        gc->Clip(strip.x, strip.y, strip.width, strip.height);
        pending += m_tiles.draw(*gc, *m_painter, vp, strip, kTileBudgetMs).pending;
        gc->PopState();
        m_lastFreshPixels += static_cast<long long>(strip.width) * strip.height;
    }
    gc.reset();
    b.viewport = vp;
    // Previews stand in for tiles not rendered yet: draw everything again once they are.
    b.valid = pending == 0;
    if (pending > 0) tilesPending();
    return true;
#else
    return false;
#endif
}

bool MapCanvas::prefetchTiles(double budgetMs) {
    if (!m_painter || !m_useTiles) return false;
    return m_tiles.prefetch(*m_painter, paintedViewport(), wxRect(GetClientSize()), 1, budgetMs) > 0;
}

void MapCanvas::onIdle(wxIdleEvent& event) {
    event.Skip();
    if (m_prefetchDone || !m_painter || !m_useTiles || !IsShownOnScreen()) return;
    if (prefetchTiles(kPrefetchSliceMs)) event.RequestMore();
    else m_prefetchDone = true;
}

// What the active tool would act on under the mouse, and the highlighted hex.
void MapCanvas::paintDecorations(wxGraphicsContext& gc, const Viewport& vp) const {
    const auto layout = vp.layout(m_document->map().metadata().orientation);
    auto outline = [&](hex::Hex h, double inset) {
        const auto c = layout.toPixel(h);
        auto corners = layout.corners(h);
        wxGraphicsPath path = gc.CreatePath();
        for (std::size_t i = 0; i < corners.size(); ++i) {
            const double x = c.x + (corners[i].x - c.x) * inset;
            const double y = c.y + (corners[i].y - c.y) * inset;
            if (i == 0) path.MoveToPoint(x, y);
            else path.AddLineToPoint(x, y);
        }
        path.CloseSubpath();
        return path;
    };
    if (m_overlay) {
        gc.PushState();
        m_overlay(gc, layout, vp.hexSize);
        gc.PopState();
    }
    gc.PushState();
    gc.SetBrush(wxNullGraphicsBrush);
    if (m_highlight) {
        const wxGraphicsPath ring = outline(*m_highlight, 1.0);
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255, 230), 6.0)));
        gc.StrokePath(ring);
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(214, 40, 40), 3.0)));
        gc.StrokePath(ring);
    }
    if (m_tools && m_mouse && toolActive() && m_drag != Drag::Pan) {
        const ToolTarget target = m_tools->target(worldAt(*m_mouse));
        const bool eraser = m_tools->tool() == Tool::Eraser;
        const wxColour ink = eraser ? wxColour(200, 30, 30) : wxColour(20, 20, 20);
        if (!target.hexes.empty()) {
            wxGraphicsPath path = gc.CreatePath();
            for (const auto h : target.hexes) path.AddPath(outline(h, 0.96));
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255, 200), 3.5)));
            gc.StrokePath(path);
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(ink, 1.5)));
            gc.StrokePath(path);
        }
        if (target.side) {
            const auto e = layout.edgeCorners(target.side->hex, target.side->dir);
            const double w = std::clamp(0.16 * vp.hexSize, 3.0, 7.0);
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255, 220), w + 3).Cap(wxCAP_BUTT)));
            gc.StrokeLine(e[0].x, e[0].y, e[1].x, e[1].y);
            const wxColour side = eraser ? ink : wxColour(214, 120, 20);
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(side, w).Cap(wxCAP_BUTT)));
            gc.StrokeLine(e[0].x, e[0].y, e[1].x, e[1].y);
        }
    }
    gc.PopState();
}

void MapCanvas::onPaint(wxPaintEvent&) {
    wxStopWatch clock;
    wxAutoBufferedPaintDC dc(this);
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
    if (!gc) return;
    const wxRect all(GetClientSize());
    wxRect dirty = GetUpdateRegion().GetBox().Intersect(all);
    if (dirty.IsEmpty()) dirty = all;
#ifdef __WXGTK3__
    // The base layer from the back buffer, moved rather than drawn again when the view pans; the overlay over it.
    if (m_painter && m_useTiles) {
        const Viewport vp = paintedViewport();
        auto* cr = static_cast<cairo_t*>(gc->GetNativeContext());
        if (cr && updateBackBuffer(cairo_get_target(cr), vp)) {
            cairo_save(cr);
            cairo_set_source_surface(cr, m_back->surfaces[m_back->current], 0, 0);
            cairo_rectangle(cr, dirty.x, dirty.y, dirty.width, dirty.height);
            cairo_fill(cr);
            cairo_restore(cr);
            m_painter->paint(*gc, vp, all, kLayerOverlay);
            paintDecorations(*gc, vp);
            gc.reset();
            m_lastPaintMs = static_cast<double>(clock.TimeInMicro().GetValue()) / 1000.0;
            ++m_paintCount;
            return;
        }
    }
#endif
    paintInto(*gc, all, m_useTiles, dirty);
    gc.reset();
    m_lastPaintMs = static_cast<double>(clock.TimeInMicro().GetValue()) / 1000.0;
    ++m_paintCount;
}

wxBitmap MapCanvas::renderToBitmap() const {
    const wxSize size = GetClientSize();
    wxBitmap bitmap(std::max(1, size.x), std::max(1, size.y), 24);
    wxMemoryDC dc(bitmap);
    {
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
        // Drawn without the tile cache, which this const method must not change.
        if (gc) const_cast<MapCanvas*>(this)->paintInto(*gc, wxRect(size), false, wxRect(size));
    }
    dc.SelectObject(wxNullBitmap);
    return bitmap;
}

void MapCanvas::onSize(wxSizeEvent& event) {
    if (m_fitted && m_painter) {
        fitToWindow();
    } else {
        viewChanged();
    }
    event.Skip();
}

void MapCanvas::onWheel(wxMouseEvent& event) {
    const int delta = event.GetWheelDelta() > 0 ? event.GetWheelDelta() : 120;
    const double notches = static_cast<double>(event.GetWheelRotation()) / delta;
    if (event.GetWheelAxis() == wxMOUSE_WHEEL_VERTICAL && notches != 0) zoomBy(std::pow(kZoomStep, notches), event.GetPosition());
}

bool MapCanvas::toolActive() const { return m_tools && m_painter && m_tools->tool() != Tool::Pan; }

void MapCanvas::startPan(const wxPoint& p) {
    m_drag = Drag::Pan;
    m_dragLast = p;
    if (!HasCapture()) CaptureMouse();
    SetCursor(wxCursor(wxCURSOR_HAND));
}

void MapCanvas::endDrag() {
    const bool tool = m_drag == Drag::Tool;
    m_drag = Drag::None;
    if (HasCapture()) ReleaseMouse();
    SetCursor(toolActive() ? wxCursor(wxCURSOR_CROSS) : wxNullCursor);
    if (tool && m_tools) m_tools->release();
}

void MapCanvas::onLeftDown(wxMouseEvent& event) {
    SetFocus();
    if (m_pointPicker && m_painter) {
        // A copy: the picker may end the picking, and itself with it.
        auto picker = m_pointPicker;
        picker(worldAt(event.GetPosition()));
        return;
    }
    if (!toolActive() && m_onHexClick && m_painter) {
        const auto h = m_painter->hexAt(paintedViewport(), event.GetPosition());
        if (h && m_onHexClick(*h)) return;
    }
    if (!toolActive()) {
        startPan(event.GetPosition());
        return;
    }
    m_drag = Drag::Tool;
    m_mouse = event.GetPosition();
    if (!HasCapture()) CaptureMouse();
    m_tools->press(worldAt(event.GetPosition()));
    Refresh();
}

void MapCanvas::onLeftUp(wxMouseEvent&) {
    if (m_drag != Drag::None) endDrag();
}

void MapCanvas::onPanDown(wxMouseEvent& event) {
    SetFocus();
    if (m_drag == Drag::None) startPan(event.GetPosition());
}

void MapCanvas::onPanUp(wxMouseEvent&) {
    if (m_drag == Drag::Pan) endDrag();
}

void MapCanvas::onCaptureLost(wxMouseCaptureLostEvent&) {
    const bool tool = m_drag == Drag::Tool;
    m_drag = Drag::None;
    SetCursor(wxNullCursor);
    if (tool && m_tools) m_tools->release();
}

void MapCanvas::onMotion(wxMouseEvent& event) {
    const wxPoint p = event.GetPosition();
    m_mouse = p;
    if (m_drag == Drag::Pan) {
        panBy(p.x - m_dragLast.x, p.y - m_dragLast.y);
        m_dragLast = p;
    } else if (m_drag == Drag::Tool && event.LeftIsDown() && m_tools) {
        m_tools->drag(worldAt(p));
        Refresh();
    } else if (toolActive()) {
        SetCursor(wxCursor(wxCURSOR_CROSS));
        // The tool's outline follows the mouse: repaint where it was and where it goes.
        const wxRect now = targetRect(p);
        wxRect both = m_targetRect.IsEmpty() ? now : now.IsEmpty() ? m_targetRect : m_targetRect.Union(now);
        if (!both.IsEmpty()) RefreshRect(both.Inflate(8));
        m_targetRect = now;
    }
    reportHover(p);
}

wxRect MapCanvas::targetRect(const wxPoint& mouse) const {
    if (!m_tools || !m_document) return {};
    const ToolTarget target = m_tools->target(worldAt(mouse));
    const Viewport vp = paintedViewport();
    const auto layout = vp.layout(m_document->map().metadata().orientation);
    double left = 1e300, top = 1e300, right = -1e300, bottom = -1e300;
    auto take = [&](hex::Point p) {
        left = std::min(left, p.x);
        top = std::min(top, p.y);
        right = std::max(right, p.x);
        bottom = std::max(bottom, p.y);
    };
    for (const auto h : target.hexes)
        for (const auto p : layout.corners(h)) take(p);
    if (target.side)
        for (const auto p : layout.edgeCorners(target.side->hex, target.side->dir)) take(p);
    if (left > right) return {};
    const int pad = static_cast<int>(std::ceil(std::clamp(0.16 * vp.hexSize, 3.0, 7.0))) + 6;
    return wxRect(wxPoint(static_cast<int>(std::floor(left)) - pad, static_cast<int>(std::floor(top)) - pad),
                  wxPoint(static_cast<int>(std::ceil(right)) + pad, static_cast<int>(std::ceil(bottom)) + pad));
}

void MapCanvas::onLeave(wxMouseEvent&) {
    m_mouse.reset();
    if (toolActive() && !m_targetRect.IsEmpty()) RefreshRect(m_targetRect.Inflate(8));
    m_targetRect = wxRect();
    if (m_onHover) m_onHover(std::nullopt);
}

void MapCanvas::onKey(wxKeyEvent& event) {
    switch (event.GetKeyCode()) {
        case WXK_LEFT: panBy(kKeyPanPixels, 0); break;
        case WXK_RIGHT: panBy(-kKeyPanPixels, 0); break;
        case WXK_UP: panBy(0, kKeyPanPixels); break;
        case WXK_DOWN: panBy(0, -kKeyPanPixels); break;
        default:
            if (m_onKey && !event.HasAnyModifiers() && event.GetKeyCode() < 128 && m_onKey(event.GetKeyCode())) return;
            event.Skip();
    }
}

void MapCanvas::reportHover(const wxPoint& point) {
    if (!m_onHover) return;
    if (!m_painter) {
        m_onHover(std::nullopt);
        return;
    }
    const auto h = m_painter->hexAt(paintedViewport(), point);
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
    if (const auto grid = m.geoGrid()) info.position = wxString::FromUTF8(map::formatLatLon(grid->latLon(*h)).c_str());
    m_onHover(info);
}

}  // namespace etatmajor::gui
