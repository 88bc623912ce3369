// SPDX-License-Identifier: GPL-3.0-or-later
// Draws a MapDocument into a wxGraphicsContext for a given viewport. Knows nothing about windows,
// so the same code paints the canvas, an off-screen bitmap or a print-out.
#pragma once

#include "map_document.hpp"
#include "text_sprites.hpp"

#include "etatmajor/hex/layout.hpp"

#include <wx/gdicmn.h>
#include <wx/geometry.h>
#include <wx/graphics.h>

#include <optional>

class wxGraphicsContext;

namespace etatmajor::gui {

// Where the map sits on the output: the hex size in pixels and the pixel position of axial hex (0,0).
struct Viewport {
    double hexSize = 16.0;  // centre-to-corner distance, in pixels
    double originX = 0.0;
    double originY = 0.0;

    hex::Layout layout(hex::Orientation orientation) const { return hex::Layout(orientation, {hexSize, hexSize}, {originX, originY}); }
    // The viewport with hexes `newHexSize` pixels across whose map point under `anchor` stays under it.
    Viewport zoomedAbout(double newHexSize, double anchorX, double anchorY) const {
        const double k = newHexSize / hexSize;
        return {newHexSize, anchorX - (anchorX - originX) * k, anchorY - (anchorY - originY) * k};
    }
};

// An inclusive rectangle of offset coordinates; empty when min > max.
struct OffsetRange {
    int colMin = 0;
    int colMax = -1;
    int rowMin = 0;
    int rowMax = -1;
    bool empty() const { return colMin > colMax || rowMin > rowMax; }
};

// What a paint draws. The base layer is what the canvas caches in tiles: ground colour, terrain and its symbols,
// the underlay image, the grid, the coast, rivers, roads and crossings. The overlay is drawn fresh on every frame
// because its names are placed against each other: LOC entries, urban areas, HQs, names and counters.
enum PaintLayer : unsigned { kLayerBase = 1u, kLayerOverlay = 2u, kLayerAll = 3u };

// Which classes of the map's features are drawn: a view setting of the editor, never part of the map. The
// background image is shown or hidden with its own settings (Underlay, BackgroundSettings::visible).
struct LayerVisibility {
    bool terrain = true;      // off: every hex plain, as clear ground, with no symbols
    bool rivers = true;       // rivers, streams, fords and bridges
    bool roads = true;        // roads, tracks and waterways
    bool towns = true;        // urban areas and their names
    bool labels = true;       // the map's labels
    bool hexNumbers = false;  // "col,row" in every hex large enough to read it
    friend bool operator==(const LayerVisibility&, const LayerVisibility&) = default;
};

// A picture (a scanned map) shown between the terrain and the grid. Its pixel (u, v) lies at the map point
// (x + u * scale, y + v * scale) in units of the hex size, with hex (0,0) at the origin.
struct Underlay {
    wxGraphicsBitmap bitmap;
    wxSize pixels;
    double x = 0.0;
    double y = 0.0;
    double scale = 1.0;
    double opacity = 0.5;  // 0..1
};

class MapPainter {
public:
    // The painter keeps a reference: the document must outlive it.
    explicit MapPainter(const MapDocument& document);

    // Paints the layers that fall inside `area` (output pixels). The context's state is restored afterwards.
    void paint(wxGraphicsContext& gc, const Viewport& viewport, const wxRect& area, unsigned layers = kLayerAll) const;

    // The picture to draw under the grid (nullptr: none). The painter keeps the pointer.
    void setUnderlay(const Underlay* underlay) { m_underlay = underlay; }
    const Underlay* underlay() const { return m_underlay; }

    void setLayers(const LayerVisibility& layers) { m_layers = layers; }
    const LayerVisibility& layers() const { return m_layers; }

    // The viewport that shows the whole map centred in an output of `size` pixels, `margin` pixels clear on each side.
    Viewport fit(const wxSize& size, double margin = 12.0) const;
    // The on-map offset coordinates that can touch `area`; a conservative superset.
    OffsetRange visibleRange(const Viewport& viewport, const wxRect& area) const;
    // The on-map hex under an output point, if any.
    std::optional<hex::Hex> hexAt(const Viewport& viewport, const wxPoint& point) const;

    // The map's extent at hex size 1 with hex (0,0) at the origin.
    wxRect2DDouble worldBounds() const { return m_bounds; }

    const MapDocument& document() const { return m_doc; }

private:
    const MapDocument& m_doc;
    wxRect2DDouble m_bounds;
    const Underlay* m_underlay = nullptr;
    LayerVisibility m_layers;
    mutable TextSprites m_sprites;  // a cache: painting stays logically const
};

}  // namespace etatmajor::gui
