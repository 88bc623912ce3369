// SPDX-License-Identifier: GPL-3.0-or-later
#include "tile_cache.hpp"

#include "map_style.hpp"

#include <wx/brush.h>
#include <wx/dcmemory.h>
#include <wx/stopwatch.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>

namespace etatmajor::gui {

namespace {
// Hexes across a tile, and the bounds of its side in pixels.
constexpr double kHexesPerTile = 16.0;
constexpr int kMinTile = 128;
constexpr int kMaxTile = 512;

int floorDiv(double v, int size) { return static_cast<int>(std::floor(v / size)); }
}  // namespace

int TileCache::tileSize(double hexSize, hex::Orientation orientation) {
    // Distance between neighbouring columns: sqrt(3)*s for pointy tops, 1.5*s for flat tops.
    const double column = orientation == hex::Orientation::Pointy ? std::sqrt(3.0) * hexSize : 1.5 * hexSize;
    return std::clamp(static_cast<int>(std::lround(kHexesPerTile * column)), kMinTile, kMaxTile);
}

wxGraphicsBitmap TileCache::render(const MapPainter& painter, double hexSize, int tx, int ty, int size) const {
    wxBitmap bitmap(size, size, 24);
    {
        wxMemoryDC dc(bitmap);
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
        if (gc) {
            const Viewport vp{hexSize, -static_cast<double>(tx) * size, -static_cast<double>(ty) * size};
            painter.paint(*gc, vp, wxRect(0, 0, size, size), kLayerBase);
        }
        dc.SelectObject(wxNullBitmap);
    }
    return wxGraphicsRenderer::GetDefaultRenderer()->CreateBitmap(bitmap);
}

TileCache::Stats TileCache::draw(wxGraphicsContext& gc, const MapPainter& painter, const Viewport& viewport, const wxRect& area,
                                 double budgetMs) {
    Stats stats;
    ++m_frame;
    const double s = viewport.hexSize;
    const auto orientation = painter.document().map().metadata().orientation;
    const int size = tileSize(s, orientation);
    const double ox = viewport.originX;
    const double oy = viewport.originY;

    // The ground colour everywhere first: tiles beyond the map are never made.
    gc.SetPen(wxNullGraphicsPen);
    gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::background())));
    gc.DrawRectangle(area.x, area.y, area.width, area.height);

    const TileRange r = range(painter, viewport, area, size);
    const int tx0 = r.tx0, tx1 = r.tx1, ty0 = r.ty0, ty1 = r.ty1;

    gc.PushState();
    gc.SetInterpolationQuality(wxINTERPOLATION_NONE);
    gc.SetAntialiasMode(wxANTIALIAS_NONE);
    // Nearest the middle of the area first, so a view that is still filling in sharpens from the centre.
    std::vector<std::pair<int, int>> order;
    for (int ty = ty0; ty <= ty1; ++ty)
        for (int tx = tx0; tx <= tx1; ++tx) order.emplace_back(tx, ty);
    const double cx = area.x + area.width / 2.0 - ox;
    const double cy = area.y + area.height / 2.0 - oy;
    const auto distance = [&](const std::pair<int, int>& t) {
        return std::hypot((t.first + 0.5) * size - cx, (t.second + 0.5) * size - cy);
    };
    std::sort(order.begin(), order.end(), [&](const auto& p, const auto& q) { return distance(p) < distance(q); });
    wxStopWatch clock;
    for (const auto& [tx, ty] : order) {
        const double x = ox + static_cast<double>(tx) * size;
        const double y = oy + static_cast<double>(ty) * size;
        auto it = m_tiles.find({s, tx, ty});
        if (it == m_tiles.end()) {
            if (stats.rendered > 0 && static_cast<double>(clock.TimeInMicro().GetValue()) / 1000.0 > budgetMs) {
                ++stats.pending;
                gc.PopState();
                drawPreview(gc, painter, viewport, wxRect(static_cast<int>(x), static_cast<int>(y), size, size).Intersect(area));
                gc.PushState();
                gc.SetInterpolationQuality(wxINTERPOLATION_NONE);
                gc.SetAntialiasMode(wxANTIALIAS_NONE);
                continue;
            }
            add(painter, s, tx, ty, size);
            it = m_tiles.find({s, tx, ty});
            ++stats.rendered;
            ++m_renderedTotal;
        }
        it->second.lastUse = m_frame;
        gc.DrawBitmap(it->second.bitmap, x, y, size, size);
        ++stats.drawn;
    }
    gc.PopState();
    evict();
    return stats;
}

TileCache::TileRange TileCache::range(const MapPainter& painter, const Viewport& viewport, const wxRect& area, int size) const {
    const double s = viewport.hexSize;
    // World pixels the map (with room for strokes that overhang its edge) covers at this size.
    const wxRect2DDouble b = painter.worldBounds();
    const double pad = std::max(8.0, 0.5 * s);
    const double mapLeft = b.m_x * s - pad;
    const double mapTop = b.m_y * s - pad;
    const double mapRight = (b.m_x + b.m_width) * s + pad;
    const double mapBottom = (b.m_y + b.m_height) * s + pad;
    const double ox = viewport.originX;
    const double oy = viewport.originY;
    return {floorDiv(std::max(area.x - ox, mapLeft), size), floorDiv(std::min(area.x + area.width - 1 - ox, mapRight), size),
            floorDiv(std::max(area.y - oy, mapTop), size), floorDiv(std::min(area.y + area.height - 1 - oy, mapBottom), size)};
}

void TileCache::add(const MapPainter& painter, double hexSize, int tx, int ty, int size) {
    Tile tile;
    tile.bitmap = render(painter, hexSize, tx, ty, size);
    tile.bytes = static_cast<std::size_t>(size) * static_cast<std::size_t>(size) * 4;
    tile.lastUse = m_frame;
    m_bytes += tile.bytes;
    m_tiles[Key{hexSize, tx, ty}] = std::move(tile);
}

std::size_t TileCache::prefetch(const MapPainter& painter, const Viewport& viewport, const wxRect& area, int ring, double budgetMs) {
    const double s = viewport.hexSize;
    const int size = tileSize(s, painter.document().map().metadata().orientation);
    const TileRange inner = range(painter, viewport, area, size);
    const TileRange outer = range(painter, viewport, wxRect(area).Inflate(ring * size), size);
    std::vector<std::pair<int, int>> missing;
    for (int ty = outer.ty0; ty <= outer.ty1; ++ty)
        for (int tx = outer.tx0; tx <= outer.tx1; ++tx) {
            const bool inside = tx >= inner.tx0 && tx <= inner.tx1 && ty >= inner.ty0 && ty <= inner.ty1;
            if (!inside && m_tiles.find({s, tx, ty}) == m_tiles.end()) missing.emplace_back(tx, ty);
        }
    const double cx = area.x + area.width / 2.0 - viewport.originX;
    const double cy = area.y + area.height / 2.0 - viewport.originY;
    const auto distance = [&](const std::pair<int, int>& t) {
        return std::hypot((t.first + 0.5) * size - cx, (t.second + 0.5) * size - cy);
    };
    std::sort(missing.begin(), missing.end(), [&](const auto& p, const auto& q) { return distance(p) < distance(q); });
    wxStopWatch clock;
    std::size_t done = 0;
    for (const auto& [tx, ty] : missing) {
        if (done > 0 && static_cast<double>(clock.TimeInMicro().GetValue()) / 1000.0 > budgetMs) break;
        add(painter, s, tx, ty, size);
        ++done;
        ++m_prefetchedTotal;
    }
    // Never at the price of the tiles on screen: those were used in the last frame and are kept.
    evict();
    return missing.size() - done;
}

void TileCache::drawPreview(wxGraphicsContext& gc, const MapPainter& painter, const Viewport& viewport, const wxRect& clip) {
    const map::Map& m = painter.document().map();
    if (clip.IsEmpty() || m.hexCount() == 0) return;
    const auto offsets = m.offsets();
    if (m_previewOf != &painter.document() || !m_preview.IsOk()) {
        m_preview = wxImage(m.width(), m.height());
        m_previewOf = &painter.document();
        m_previewStale = true;
        for (int row = 0; row < m.height(); ++row)
            for (int col = 0; col < m.width(); ++col) {
                const wxColour c = MapStyle::terrainFill(m.terrain(offsets.toHex({col, row})));
                m_preview.SetRGB(col, row, c.Red(), c.Green(), c.Blue());
            }
    }
    if (m_previewStale || m_previewBitmap.IsNull()) {
        m_previewBitmap = gc.GetRenderer()->CreateBitmapFromImage(m_preview);
        m_previewStale = false;
    }
    // Offset (col, row) lies near p00 + col * colStep + row * rowStep, give or take the half-hex shove of
    // alternate lines, which the preview spreads evenly.
    const hex::Layout layout = viewport.layout(m.metadata().orientation);
    const auto at = [&](int col, int row) { return layout.toPixel(offsets.toHex({col, row})); };
    const hex::Point p00 = at(0, 0);
    const hex::Point p20 = at(2, 0);
    const hex::Point p02 = at(0, 2);
    const hex::Point p11 = at(1, 1);
    const double colX = (p20.x - p00.x) / 2;
    const double rowY = (p02.y - p00.y) / 2;
    const double shoveX = (p11.x - p00.x - colX) / 2;
    const double shoveY = (p11.y - p00.y - rowY) / 2;
    const double left = p00.x + shoveX - colX / 2;
    const double top = p00.y + shoveY - rowY / 2;
    gc.PushState();
    gc.Clip(clip.x, clip.y, clip.width, clip.height);
    gc.SetInterpolationQuality(wxINTERPOLATION_GOOD);
    gc.DrawBitmap(m_previewBitmap, left, top, colX * m.width(), rowY * m.height());
    gc.PopState();
}

void TileCache::invalidate(const MapPainter& painter, const std::vector<hex::Hex>& hexes) {
    if (m_preview.IsOk() && m_previewOf == &painter.document()) {
        const map::Map& m = painter.document().map();
        for (const hex::Hex h : hexes) {
            if (!m.contains(h)) continue;
            const auto o = m.offsets().toOffset(h);
            const wxColour c = MapStyle::terrainFill(m.terrain(h));
            m_preview.SetRGB(o.col, o.row, c.Red(), c.Green(), c.Blue());
        }
        m_previewStale = true;
    }
    if (hexes.empty() || m_tiles.empty()) return;
    std::set<double> sizes;
    for (const auto& [key, tile] : m_tiles) sizes.insert(key.hexSize);
    const auto orientation = painter.document().map().metadata().orientation;
    for (const double s : sizes) {
        const int size = tileSize(s, orientation);
        const hex::Layout layout(orientation, {s, s});
        // A hex's drawing stays within its circumcircle, plus strokes and symbols that overhang a little.
        const double reach = s + std::max(6.0, 0.35 * s);
        std::set<std::pair<int, int>> dropped;
        for (const hex::Hex h : hexes) {
            const auto c = layout.toPixel(h);
            for (int ty = floorDiv(c.y - reach, size); ty <= floorDiv(c.y + reach, size); ++ty)
                for (int tx = floorDiv(c.x - reach, size); tx <= floorDiv(c.x + reach, size); ++tx)
                    if (dropped.insert({tx, ty}).second) {
                        const auto it = m_tiles.find({s, tx, ty});
                        if (it != m_tiles.end()) {
                            m_bytes -= it->second.bytes;
                            m_tiles.erase(it);
                        }
                    }
        }
    }
}

void TileCache::clear() {
    m_tiles.clear();
    m_bytes = 0;
    m_preview = wxImage();
    m_previewBitmap = wxGraphicsBitmap();
    m_previewOf = nullptr;
}

void TileCache::evict() {
    while (m_bytes > m_budget && !m_tiles.empty()) {
        auto oldest = m_tiles.begin();
        for (auto it = m_tiles.begin(); it != m_tiles.end(); ++it)
            if (it->second.lastUse < oldest->second.lastUse) oldest = it;
        if (oldest->second.lastUse == m_frame) break;  // everything left is on screen
        m_bytes -= oldest->second.bytes;
        m_tiles.erase(oldest);
    }
}

}  // namespace etatmajor::gui
