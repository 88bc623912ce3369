// SPDX-License-Identifier: GPL-3.0-or-later
// Cached pictures of the map's base layer (MapPainter kLayerBase: terrain, underlay, grid, coast, rivers, roads),
// cut in square tiles per zoom level, so a frame is a few bitmap blits plus the overlay (performance.md P5).
//
// A tile at hex size s covers the square [tx*T, (tx+1)*T) x [ty*T, (ty+1)*T) of "world" pixels, the map drawn at
// size s with hex (0,0) at the origin; T is about 16 hex widths (clamped to 128..512 pixels). An edit drops only the
// tiles its hexes touch, at every zoom level; they are drawn again when next seen. The least recently drawn tiles
// go first when the cache exceeds its byte budget.
#pragma once

#include "map_painter.hpp"

#include "etatmajor/hex/hex.hpp"

#include <wx/graphics.h>
#include <wx/image.h>

#include <cstdint>
#include <map>
#include <vector>

namespace etatmajor::gui {

class TileCache {
public:
    struct Stats {
        std::size_t drawn = 0;     // tiles blitted from the cache or freshly rendered
        std::size_t rendered = 0;  // tiles rendered in this call
        std::size_t pending = 0;   // tiles left for a later frame because the time budget ran out
    };

    // The default budget keeps about six full-HD screens of tiles, within performance.md P7's memory target.
    explicit TileCache(std::size_t budgetBytes = std::size_t(96) << 20) : m_budget(budgetBytes) {}

    // Draws the base layer for `viewport` over `area` of the output. The viewport's origin must be whole pixels
    // (tiles are blitted 1:1). Missing tiles are rendered until `budgetMs` milliseconds have passed (always at
    // least one); any left over show a blurred preview of the terrain (one pixel per hex, stretched) and are
    // counted as pending.
    Stats draw(wxGraphicsContext& gc, const MapPainter& painter, const Viewport& viewport, const wxRect& area, double budgetMs = 1e9);

    // Renders missing tiles of the ring `ring` tiles wide around `area` (not those within it), nearest first, until
    // `budgetMs` milliseconds have passed (always at least one); returns how many are still missing. Done when the
    // window is idle, so that a pan finds the tiles it uncovers ready.
    std::size_t prefetch(const MapPainter& painter, const Viewport& viewport, const wxRect& area, int ring, double budgetMs);

    // Forgets the tiles, at every zoom level, that show any of `hexes`.
    void invalidate(const MapPainter& painter, const std::vector<hex::Hex>& hexes);
    void clear();

    std::size_t bytes() const { return m_bytes; }
    std::size_t tileCount() const { return m_tiles.size(); }
    // Tiles rendered by draw (for a frame) since construction (or the last resetCounters), and tiles rendered
    // ahead of time by prefetch, for tests and benchmarks.
    std::size_t renderedTotal() const { return m_renderedTotal; }
    std::size_t prefetchedTotal() const { return m_prefetchedTotal; }
    void resetCounters() {
        m_renderedTotal = 0;
        m_prefetchedTotal = 0;
    }

    static int tileSize(double hexSize, hex::Orientation orientation);

private:
    struct Key {
        double hexSize;
        int tx;
        int ty;
        friend bool operator<(const Key& a, const Key& b) {
            if (a.hexSize != b.hexSize) return a.hexSize < b.hexSize;
            return a.ty != b.ty ? a.ty < b.ty : a.tx < b.tx;
        }
    };
    struct Tile {
        wxGraphicsBitmap bitmap;
        std::size_t bytes = 0;
        std::uint64_t lastUse = 0;
    };

    wxGraphicsBitmap render(const MapPainter& painter, double hexSize, int tx, int ty, int size) const;
    struct TileRange {
        int tx0, tx1, ty0, ty1;
    };
    // The tiles that `area` (window pixels) shows of the map at `viewport`, clamped to the map's extent.
    TileRange range(const MapPainter& painter, const Viewport& viewport, const wxRect& area, int size) const;
    void add(const MapPainter& painter, double hexSize, int tx, int ty, int size);
    void evict();
    void drawPreview(wxGraphicsContext& gc, const MapPainter& painter, const Viewport& viewport, const wxRect& clip);

    std::map<Key, Tile> m_tiles;
    std::size_t m_budget;
    std::size_t m_bytes = 0;
    std::uint64_t m_frame = 0;
    std::size_t m_renderedTotal = 0;
    std::size_t m_prefetchedTotal = 0;

    // The preview: the terrain colour of each hex in offset order; refreshed when an edit touches it.
    wxImage m_preview;
    wxGraphicsBitmap m_previewBitmap;
    bool m_previewStale = true;
    const MapDocument* m_previewOf = nullptr;
};

}  // namespace etatmajor::gui
