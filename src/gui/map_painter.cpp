// SPDX-License-Identifier: GPL-3.0-or-later
#include "map_painter.hpp"

#include "map_style.hpp"
#include "text_sprites.hpp"

#include <wx/brush.h>
#include <wx/graphics.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

namespace etatmajor::gui {

using hex::Hex;
using hex::Point;
using map::Terrain;

namespace {

constexpr double kPi = 3.14159265358979323846;

// Below these hex sizes (pixels) the detail is too small to read and is left out.
constexpr double kMinSizeForOutlines = 9.0;
constexpr double kMinSizeForSymbols = 9.0;
constexpr double kMinSizeForHexNumbers = 18.0;

double clamp(double v, double lo, double hi) { return std::max(lo, std::min(hi, v)); }

wxString utf8(const std::string& s) { return wxString::FromUTF8(s.c_str()); }

// Keeps drawn text from piling up: each name claims its rectangle.
class TextPlacer {
public:
    bool free(const wxRect2DDouble& r) const {
        return std::none_of(m_taken.begin(), m_taken.end(), [&](const wxRect2DDouble& t) { return t.Intersects(r); });
    }
    void take(const wxRect2DDouble& r) { m_taken.push_back(r); }
    // Of candidates none of which is free, the one that covers the least of what is already taken.
    template <std::size_t N>
    const wxRect2DDouble* leastCovered(const std::array<wxRect2DDouble, N>& candidates) const {
        const wxRect2DDouble* best = &candidates[0];
        double bestArea = 1e300;
        for (const auto& r : candidates) {
            double area = 0;
            for (const auto& t : m_taken) {
                const double w = std::min(r.GetRight(), t.GetRight()) - std::max(r.m_x, t.m_x);
                const double h = std::min(r.GetBottom(), t.GetBottom()) - std::max(r.m_y, t.m_y);
                if (w > 0 && h > 0) area += w * h;
            }
            if (area < bestArea) {
                bestArea = area;
                best = &r;
            }
        }
        return best;
    }

private:
    std::vector<wxRect2DDouble> m_taken;
};

// State shared by the drawing steps of one paint.
struct PaintState {
    wxGraphicsContext& gc;
    const MapDocument& doc;
    hex::Layout layout;
    double s;             // hex size in pixels
    wxRect2DDouble clip;  // the painted area with room for symbols that overhang their hex, for culling points
    OffsetRange range;
    TextPlacer& placer;    // text drawn so far in this paint
    TextSprites& sprites;  // names already drawn with their halo, reused across paints
    const LayerVisibility& layers;

    bool near(Point p) const { return clip.Contains(wxPoint2DDouble(p.x, p.y)); }
};

void addPolygon(wxGraphicsPath& path, const std::array<Point, 6>& corners) {
    path.MoveToPoint(corners[0].x, corners[0].y);
    for (std::size_t i = 1; i < corners.size(); ++i) path.AddLineToPoint(corners[i].x, corners[i].y);
    path.CloseSubpath();
}

wxGraphicsPen pen(wxGraphicsContext& gc, const wxColour& colour, double width, wxPenCap cap = wxCAP_ROUND,
                  wxPenJoin join = wxJOIN_ROUND) {
    return gc.CreatePen(wxGraphicsPenInfo(colour, width).Cap(cap).Join(join));
}

// Adds the dashes of a polyline to `path`; the pattern runs on across vertices.
void addDashedPolyline(wxGraphicsPath& path, const std::vector<Point>& pts, double dash, double gap) {
    bool on = true;
    double left = dash;
    for (std::size_t i = 1; i < pts.size(); ++i) {
        Point a = pts[i - 1];
        const Point b = pts[i];
        double len = std::hypot(b.x - a.x, b.y - a.y);
        if (len <= 0) continue;
        const double ux = (b.x - a.x) / len;
        const double uy = (b.y - a.y) / len;
        while (len > 0) {
            const double step = std::min(left, len);
            const Point c{a.x + ux * step, a.y + uy * step};
            if (on) {
                path.MoveToPoint(a.x, a.y);
                path.AddLineToPoint(c.x, c.y);
            }
            a = c;
            len -= step;
            left -= step;
            if (left <= 1e-9) {
                on = !on;
                left = on ? dash : gap;
            }
        }
    }
}

// A cheap, stable pseudo-random number in [0,1) per hex and salt, so symbols do not shimmer when panning.
double jitter(Hex h, int salt) {
    std::uint32_t x = static_cast<std::uint32_t>(h.q) * 73856093u ^ static_cast<std::uint32_t>(h.r) * 19349663u ^
                      static_cast<std::uint32_t>(salt) * 83492791u;
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    x ^= x >> 15;
    return (x & 0xFFFFu) / 65536.0;
}

template <typename F>
void forEachVisibleHex(const PaintState& f, F&& fn) {
    const auto offsets = f.doc.map().offsets();
    for (int row = f.range.rowMin; row <= f.range.rowMax; ++row)
        for (int col = f.range.colMin; col <= f.range.colMax; ++col) fn(offsets.toHex({col, row}));
}

void drawTerrain(const PaintState& f) {
    const auto& m = f.doc.map();
    std::array<wxGraphicsPath, map::kTerrainCount> paths;
    std::array<bool, map::kTerrainCount> used{};
    for (auto& p : paths) p = f.gc.CreatePath();
    // Each hex is filled half a pixel larger all round, which closes the antialiasing seams between
    // neighbouring hexes exactly as a 1-pixel outline of the fill colour would, at the price of a fill only
    // (stroking that outline was over a third of a pan frame). Moving a regular hexagon's sides out by d moves
    // its corners out by d / cos(30 deg). The graphics context drew that 1-pixel outline offset by half a pixel
    // right and down (its pixel alignment of odd-width pens); the enlarged hex is shifted the same way, so the
    // picture is unchanged to within a few levels of antialiasing.
    constexpr double kSeam = 0.5 / 0.8660254037844386;
    constexpr double kShift = 0.5;
    double grow = -1.0;
    forEachVisibleHex(f, [&](Hex h) {
        const auto t = static_cast<std::size_t>(f.layers.terrain ? m.terrain(h) : Terrain::Clear);
        auto corners = f.layout.corners(h);
        const Point c = f.layout.toPixel(h);
        if (grow < 0.0) {
            const double r = std::hypot(corners[0].x - c.x, corners[0].y - c.y);
            grow = r > 0.0 ? 1.0 + kSeam / r : 1.0;
        }
        for (auto& p : corners) {
            p.x = c.x + (p.x - c.x) * grow + kShift;
            p.y = c.y + (p.y - c.y) * grow + kShift;
        }
        addPolygon(paths[t], corners);
        used[t] = true;
    });
    f.gc.SetPen(wxNullGraphicsPen);
    for (std::size_t t = 0; t < paths.size(); ++t) {
        if (!used[t]) continue;
        const wxColour c = MapStyle::terrainFill(static_cast<Terrain>(t));
        f.gc.SetBrush(f.gc.CreateBrush(wxBrush(c)));
        // Neighbouring enlarged hexes overlap: the non-zero rule fills the overlaps, where even-odd would not.
        f.gc.FillPath(paths[t], wxWINDING_RULE);
    }
}

void drawTerrainSymbols(const PaintState& f) {
    if (f.s < kMinSizeForSymbols) return;
    const auto& m = f.doc.map();
    const double s = f.s;
    std::array<wxGraphicsPath, map::kTerrainCount> fills;
    std::array<wxGraphicsPath, map::kTerrainCount> strokes;
    for (auto& p : fills) p = f.gc.CreatePath();
    for (auto& p : strokes) p = f.gc.CreatePath();

    forEachVisibleHex(f, [&](Hex h) {
        const Terrain t = m.terrain(h);
        const Point c = f.layout.toPixel(h);
        const auto ti = static_cast<std::size_t>(t);
        switch (t) {
            case Terrain::Woods:
            case Terrain::HeavyWoods: {
                // Tree crowns: a loose scatter, denser in heavy woods.
                static constexpr std::array<Point, 6> spots{
                    {{-0.42, -0.12}, {0.02, -0.42}, {0.40, -0.06}, {-0.14, 0.30}, {0.30, 0.38}, {-0.02, 0.02}}};
                const std::size_t n = t == Terrain::Woods ? 3 : 6;
                const double r = s * (t == Terrain::Woods ? 0.13 : 0.12);
                for (std::size_t i = 0; i < n; ++i) {
                    const std::size_t k = t == Terrain::Woods ? i * 2 : i;
                    const double dx = (jitter(h, static_cast<int>(k)) - 0.5) * 0.14;
                    const double dy = (jitter(h, static_cast<int>(k) + 7) - 0.5) * 0.14;
                    fills[ti].AddCircle(c.x + (spots[k].x + dx) * s, c.y + (spots[k].y + dy) * s, r);
                }
                break;
            }
            case Terrain::Marsh: {
                // Tufts of reeds over a water line.
                static constexpr std::array<Point, 3> spots{{{-0.30, -0.22}, {0.26, -0.02}, {-0.12, 0.36}}};
                for (const auto& p : spots) {
                    const double x = c.x + p.x * s;
                    const double y = c.y + p.y * s;
                    const double w = 0.22 * s;
                    strokes[ti].MoveToPoint(x - w, y);
                    strokes[ti].AddLineToPoint(x + w, y);
                    for (int k = -1; k <= 1; ++k) {
                        strokes[ti].MoveToPoint(x + k * 0.09 * s, y - 0.02 * s);
                        strokes[ti].AddLineToPoint(x + k * 0.13 * s, y - (k == 0 ? 0.20 : 0.14) * s);
                    }
                }
                break;
            }
            case Terrain::Hills: {
                // Two hachured crests.
                static constexpr std::array<Point, 2> spots{{{-0.22, -0.12}, {0.22, 0.22}}};
                for (const auto& p : spots) {
                    const double x = c.x + p.x * s;
                    const double y = c.y + p.y * s;
                    strokes[ti].MoveToPoint(x - 0.26 * s, y + 0.10 * s);
                    strokes[ti].AddQuadCurveToPoint(x, y - 0.22 * s, x + 0.26 * s, y + 0.10 * s);
                }
                break;
            }
            case Terrain::Difficult: {
                for (int k = 0; k < 5; ++k) {
                    const double x = c.x + (jitter(h, k) - 0.5) * 1.1 * s;
                    const double y = c.y + (jitter(h, k + 11) - 0.5) * 1.1 * s;
                    fills[ti].AddCircle(x, y, std::max(0.8, 0.05 * s));
                }
                break;
            }
            default: break;
        }
    });
    for (std::size_t t = 0; t < fills.size(); ++t) {
        const wxColour ink = MapStyle::terrainInk(static_cast<Terrain>(t));
        f.gc.SetPen(wxNullGraphicsPen);
        f.gc.SetBrush(f.gc.CreateBrush(wxBrush(ink)));
        f.gc.FillPath(fills[t]);
        f.gc.SetPen(pen(f.gc, ink, std::max(0.8, 0.05 * s)));
        f.gc.StrokePath(strokes[t]);
    }
}

void drawCoastAndGrid(const PaintState& f) {
    const auto& m = f.doc.map();
    wxGraphicsPath coast = f.gc.CreatePath();
    wxGraphicsPath grid = f.gc.CreatePath();
    const bool outlines = f.s >= kMinSizeForOutlines;
    forEachVisibleHex(f, [&](Hex h) {
        if (outlines) addPolygon(grid, f.layout.corners(h));
        if (map::isWater(m.terrain(h))) return;
        for (int dir = 0; dir < hex::kDirections; ++dir) {
            if (!m.isCoast(h, dir)) continue;
            const auto e = f.layout.edgeCorners(h, dir);
            coast.MoveToPoint(e[0].x, e[0].y);
            coast.AddLineToPoint(e[1].x, e[1].y);
        }
    });
    if (outlines) {
        // Fade the grid in as the hexes grow, so it never dominates a zoomed-out map.
        const double alpha = clamp((f.s - kMinSizeForOutlines) * 6.0 + 40.0, 40.0, 90.0);
        f.gc.SetPen(pen(f.gc, wxColour(60, 60, 50, static_cast<unsigned char>(alpha)), f.s >= 24 ? 1.0 : 0.7));
        f.gc.StrokePath(grid);
    }
    f.gc.SetPen(pen(f.gc, wxColour(58, 96, 148), clamp(0.07 * f.s, 1.0, 2.5)));
    f.gc.StrokePath(coast);
}

void drawRivers(const PaintState& f) {
    for (const auto& river : f.doc.map().rivers()) {
        wxGraphicsPath path = f.gc.CreatePath();
        bool any = false;
        for (const auto& side : river.sides) {
            const Point mid = f.layout.edgeMidpoint(side.hex, side.dir);
            if (!f.near(mid)) continue;
            const auto e = f.layout.edgeCorners(side.hex, side.dir);
            path.MoveToPoint(e[0].x, e[0].y);
            path.AddLineToPoint(e[1].x, e[1].y);
            any = true;
        }
        if (!any) continue;
        double width = 0;
        if (river.kind == map::Watercourse::Stream) width = clamp(0.08 * f.s, 1.2, 4.0);
        else if (river.navigable) width = clamp(0.22 * f.s, 2.6, 10.0);
        else width = clamp(0.16 * f.s, 2.0, 7.0);
        f.gc.SetPen(pen(f.gc, MapStyle::river(), width));
        f.gc.StrokePath(path);
    }
}

void drawRoutes(const PaintState& f) {
    // Waterways first, then minor roads, then major roads on top.
    for (const auto kind : {map::LinkKind::NavigableRiver, map::LinkKind::MinorRoad, map::LinkKind::MajorRoad}) {
        for (const auto& route : f.doc.map().routes()) {
            if (route.kind != kind || route.hexes.size() < 2) continue;
            std::vector<Point> pts;
            bool any = false;
            for (const Hex h : route.hexes) {
                pts.push_back(f.layout.toPixel(h));
                any = any || f.near(pts.back());
            }
            if (!any) continue;
            wxGraphicsPath path = f.gc.CreatePath();
            switch (kind) {
                case map::LinkKind::MajorRoad: {
                    const double w = clamp(0.12 * f.s, 1.6, 6.0);
                    path.MoveToPoint(pts[0].x, pts[0].y);
                    for (std::size_t i = 1; i < pts.size(); ++i) path.AddLineToPoint(pts[i].x, pts[i].y);
                    if (f.s >= 8) {
                        f.gc.SetPen(pen(f.gc, wxColour(250, 240, 214, 200), w + 2.0));
                        f.gc.StrokePath(path);
                    }
                    f.gc.SetPen(pen(f.gc, MapStyle::majorRoad(), w));
                    f.gc.StrokePath(path);
                    break;
                }
                case map::LinkKind::MinorRoad: {
                    const double w = clamp(0.08 * f.s, 1.2, 4.0);
                    addDashedPolyline(path, pts, std::max(4.0, w * 3.5), std::max(3.0, w * 2.2));
                    f.gc.SetPen(pen(f.gc, MapStyle::minorRoad(), w, wxCAP_BUTT));
                    f.gc.StrokePath(path);
                    break;
                }
                case map::LinkKind::NavigableRiver: {
                    const double w = clamp(0.05 * f.s, 1.0, 2.5);
                    addDashedPolyline(path, pts, std::max(3.0, w * 4.0), std::max(2.5, w * 3.0));
                    f.gc.SetPen(pen(f.gc, MapStyle::waterway(), w, wxCAP_BUTT));
                    f.gc.StrokePath(path);
                    break;
                }
            }
        }
    }
}

void drawCrossings(const PaintState& f) {
    for (const auto& crossing : f.doc.map().crossings()) {
        const Point mid = f.layout.edgeMidpoint(crossing.side.hex, crossing.side.dir);
        if (!f.near(mid)) continue;
        const Point a = f.layout.toPixel(crossing.side.hex);
        const Point b = f.layout.toPixel(hex::neighbour(crossing.side.hex, crossing.side.dir));
        const double angle = std::atan2(b.y - a.y, b.x - a.x);
        f.gc.PushState();
        f.gc.Translate(mid.x, mid.y);
        f.gc.Rotate(angle);
        if (crossing.kind == map::Crossing::Bridge) {
            // A light deck across the river between two dark parapets with splayed ends.
            const double len = std::max(7.0, 0.62 * f.s);
            const double wid = std::max(3.5, 0.26 * f.s);
            const double flare = wid * 0.45;
            f.gc.SetPen(wxNullGraphicsPen);
            f.gc.SetBrush(f.gc.CreateBrush(wxBrush(MapStyle::ford())));
            f.gc.DrawRectangle(-len / 2, -wid / 2, len, wid);
            wxGraphicsPath parapets = f.gc.CreatePath();
            for (const double side : {-1.0, 1.0}) {
                const double y = side * wid / 2;
                parapets.MoveToPoint(-len / 2 - flare, y + side * flare);
                parapets.AddLineToPoint(-len / 2, y);
                parapets.AddLineToPoint(len / 2, y);
                parapets.AddLineToPoint(len / 2 + flare, y + side * flare);
            }
            f.gc.SetPen(pen(f.gc, MapStyle::bridge(), std::max(1.4, 0.07 * f.s)));
            f.gc.StrokePath(parapets);
        } else if (crossing.kind == map::Crossing::Ford) {
            const double r = std::max(2.6, 0.16 * f.s);
            f.gc.SetPen(pen(f.gc, MapStyle::bridge(), std::max(1.0, 0.045 * f.s), wxCAP_ROUND, wxJOIN_MITER));
            f.gc.SetBrush(f.gc.CreateBrush(wxBrush(MapStyle::ford())));
            wxGraphicsPath diamond = f.gc.CreatePath();
            diamond.MoveToPoint(-r * 1.3, 0);
            diamond.AddLineToPoint(0, -r);
            diamond.AddLineToPoint(r * 1.3, 0);
            diamond.AddLineToPoint(0, r);
            diamond.CloseSubpath();
            f.gc.DrawPath(diamond);
        }
        f.gc.PopState();
    }
}

double urbanHalf(const PaintState& f, map::UrbanSize size) {
    static constexpr std::array<double, 5> kMinHalf{1.5, 2.0, 2.5, 3.0, 3.8};
    return std::max(kMinHalf[static_cast<std::size_t>(size)], MapStyle::urbanHalfSide(size) * f.s);
}

void drawUrbanAreas(const PaintState& f) {
    // Gathered into one path per look, so a thousand towns cost a handful of draws.
    wxGraphicsPath stars = f.gc.CreatePath();
    wxGraphicsPath walls = f.gc.CreatePath();
    wxGraphicsPath squares = f.gc.CreatePath();
    bool anyStar = false;
    bool anyWall = false;
    bool anySquare = false;
    for (const auto& u : f.doc.map().urbanAreas()) {
        const Point c = f.layout.toPixel(u.hex);
        if (!f.near(c)) continue;
        const double half = urbanHalf(f, u.size);
        if (u.fortification == map::Fortification::Heavy) {
            // A bastioned trace: an eight-pointed star round the town.
            const double outer = half * 1.65 + 1.5;
            const double inner = half * 1.25 + 1.0;
            for (int i = 0; i < 16; ++i) {
                const double r = i % 2 == 0 ? outer : inner;
                const double a = kPi / 8.0 * i + kPi / 16.0;
                if (i == 0) stars.MoveToPoint(c.x + r * std::cos(a), c.y + r * std::sin(a));
                else stars.AddLineToPoint(c.x + r * std::cos(a), c.y + r * std::sin(a));
            }
            stars.CloseSubpath();
            anyStar = true;
        } else if (u.fortification == map::Fortification::Light) {
            const double o = half * 1.6 + 1.5;
            walls.AddRectangle(c.x - o, c.y - o, 2 * o, 2 * o);
            anyWall = true;
        }
        squares.AddRectangle(c.x - half, c.y - half, 2 * half, 2 * half);
        anySquare = true;
    }
    if (anyStar) {
        f.gc.SetBrush(f.gc.CreateBrush(wxBrush(wxColour(255, 252, 236, 170))));
        f.gc.SetPen(pen(f.gc, MapStyle::urban(), std::max(1.0, 0.05 * f.s), wxCAP_ROUND, wxJOIN_MITER));
        f.gc.DrawPath(stars, wxWINDING_RULE);
    }
    if (anyWall) {
        f.gc.SetPen(pen(f.gc, MapStyle::urban(), std::max(1.0, 0.04 * f.s), wxCAP_ROUND, wxJOIN_MITER));
        f.gc.StrokePath(walls);
    }
    if (anySquare) {
        f.gc.SetPen(pen(f.gc, wxColour(255, 255, 255, 160), 0.8));
        f.gc.SetBrush(f.gc.CreateBrush(wxBrush(MapStyle::urban())));
        f.gc.DrawPath(squares, wxWINDING_RULE);
    }
}

void drawLocEntries(const PaintState& f) {
    const auto& m = f.doc.map();
    const double s = f.s;
    for (const auto& side : m.sides()) {
        const wxColour colour = MapStyle::sideFill(f.doc.allegianceOf(side.side));
        for (const auto& entry : side.locEntries) {
            const Point c = f.layout.toPixel(entry.hex);
            if (!f.near(c)) continue;
            // A ring just inside the hex: solid for the primary LOC, dashed for a secondary one.
            auto corners = f.layout.corners(entry.hex);
            for (auto& p : corners) p = {c.x + (p.x - c.x) * 0.86, c.y + (p.y - c.y) * 0.86};
            const double w = clamp(0.11 * s, 2.0, 6.0);
            wxGraphicsPath ring = f.gc.CreatePath();
            if (entry.kind == map::LocKind::Primary) {
                addPolygon(ring, corners);
            } else {
                std::vector<Point> loop(corners.begin(), corners.end());
                loop.push_back(corners[0]);
                const double perimeter = 6.0 * 0.86 * s;
                const double dash = std::max(3.0, perimeter / 18.0);
                addDashedPolyline(ring, loop, dash, dash * 0.8);
            }
            f.gc.SetPen(pen(f.gc, colour, w, wxCAP_BUTT, wxJOIN_MITER));
            f.gc.StrokePath(ring);
        }
    }
}

void drawHeadquarters(const PaintState& f) {
    for (const auto& side : f.doc.map().sides()) {
        const wxColour colour = MapStyle::sideFill(f.doc.allegianceOf(side.side));
        for (const Hex hq : side.hqHexes) {
            const Point c = f.layout.toPixel(hq);
            if (!f.near(c)) continue;
            // A flag on a staff, planted in the upper left of the hex.
            const double big = std::max(f.s, 14.0);
            const double x = c.x - 0.55 * big;
            const double base = c.y + 0.1 * big;
            const double top = base - 0.9 * big;
            const double fw = 0.58 * big;
            const double fh = 0.38 * big;
            f.gc.SetPen(pen(f.gc, wxColour(30, 30, 30), std::max(1.3, 0.06 * big)));
            f.gc.StrokeLine(x, base, x, top);
            f.gc.SetPen(pen(f.gc, wxColour(255, 255, 255), 1.0, wxCAP_ROUND, wxJOIN_MITER));
            f.gc.SetBrush(f.gc.CreateBrush(wxBrush(colour)));
            f.gc.DrawRectangle(x, top, fw, fh);
            if (fh >= 9) {
                f.gc.SetFont(f.gc.CreateFont(fh * 0.72, "Sans", wxFONTFLAG_BOLD, wxColour(255, 255, 255)));
                double tw = 0, th = 0;
                f.gc.GetTextExtent("HQ", &tw, &th);
                f.gc.DrawText("HQ", x + (fw - tw) / 2, top + (fh - th) / 2);
            }
        }
    }
}

void drawHaloText(const PaintState& f, const wxString& text, double x, double y, double px, int flags, const wxColour& colour) {
    f.sprites.draw(f.gc, text, x, y, px, flags, colour, MapStyle::halo());
}

// The size of a name in a font of `px` pixels.
void textExtent(const PaintState& f, const wxString& text, double px, int flags, double& w, double& h) {
    const auto e = f.sprites.extent(f.gc, text, px, flags);
    w = e.width;
    h = e.height;
}

// The counter label without the parenthesised remarks scenario authors add ("Rawdon's Bde (with guns)").
wxString shortLabel(const Counter& counter) {
    std::string text = counter.label.empty() ? counter.id : counter.label;
    std::string out;
    int depth = 0;
    for (const char ch : text) {
        if (ch == '(') ++depth;
        else if (ch == ')') depth = std::max(0, depth - 1);
        else if (depth == 0) out += ch;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    while (!out.empty() && out.front() == ' ') out.erase(out.begin());
    return utf8(out.empty() ? text : out);
}

struct CounterBox {
    const Counter* counter;
    wxRect2DDouble rect;
};

// Where each visible counter goes: centred on its hex, later counters of a stack shifted up and right.
std::vector<CounterBox> layoutCounters(const PaintState& f) {
    std::vector<CounterBox> out;
    std::map<Hex, int> stacked;
    const double w = std::max(20.0, 1.15 * f.s);
    const double h = w * 0.66;
    const double step = std::max(3.0, 0.12 * f.s);
    for (const auto& counter : f.doc.counters()) {
        const Point c = f.layout.toPixel(counter.hex);
        if (!f.near(c)) continue;
        const int depth = stacked[counter.hex]++;
        out.push_back({&counter, {c.x - w / 2 + depth * step, c.y - h / 2 - depth * step, w, h}});
    }
    return out;
}

void drawCounters(const PaintState& f) {
    for (const auto& box : layoutCounters(f)) {
        const Counter& counter = *box.counter;
        const double x = box.rect.m_x;
        const double y = box.rect.m_y;
        const double w = box.rect.m_width;
        const double h = box.rect.m_height;
        const Allegiance a = counter.side < f.doc.sides().size() ? f.doc.sides()[counter.side].allegiance : Allegiance::Other;
        wxColour fill = MapStyle::sideFill(a);
        if (counter.entering || counter.decoy) fill = wxColour(fill.Red(), fill.Green(), fill.Blue(), counter.decoy ? 120 : 150);

        f.gc.SetPen(pen(f.gc, wxColour(20, 20, 20, 90), 2.0));
        f.gc.SetBrush(wxNullGraphicsBrush);
        f.gc.DrawRoundedRectangle(x + 1.2, y + 1.2, w, h, 2.0);  // drop shadow
        f.gc.SetPen(pen(f.gc, wxColour(20, 20, 20), 1.0, wxCAP_ROUND, wxJOIN_MITER));
        f.gc.SetBrush(f.gc.CreateBrush(wxBrush(fill)));
        f.gc.DrawRoundedRectangle(x, y, w, h, 2.0);

        // A face-down enemy counter: its colour tells the side, a question mark says nothing more is known. One of the
        // side's own decoys: a paler counter marked D, which the enemy sees as any other face-down counter.
        if (counter.faceDown || counter.decoy) {
            const double qPx = h * 0.62;
            const wxString mark = counter.decoy ? "D" : "?";
            if (qPx >= 5.0) {
                f.gc.SetFont(f.gc.CreateFont(qPx, "Sans", wxFONTFLAG_BOLD, MapStyle::sideText(a)));
                double qw = 0, qh = 0;
                f.gc.GetTextExtent(mark, &qw, &qh);
                f.gc.DrawText(mark, x + (w - qw) / 2, y + (h - qh) / 2);
            }
            continue;
        }

        // The label goes inside when it fits legibly, otherwise beside the counter.
        const wxString label = shortLabel(counter);
        const double insidePx = h * 0.34;
        double tw = 0, th = 0;
        bool inside = false;
        if (insidePx >= 8.0) {
            f.gc.SetFont(f.gc.CreateFont(insidePx, "Sans", wxFONTFLAG_BOLD, MapStyle::sideText(a)));
            f.gc.GetTextExtent(label, &tw, &th);
            inside = tw <= w * 0.9;
        }

        // NATO unit frame with the infantry cross: centred, or on top of the label inside the counter.
        const double bw = w * 0.5;
        const double bh = h * (inside ? 0.38 : 0.56);
        const double bx = x + (w - bw) / 2;
        const double by = inside ? y + h * 0.1 : y + (h - bh) / 2;
        f.gc.SetPen(pen(f.gc, MapStyle::sideText(a), std::max(1.0, 0.045 * w), wxCAP_BUTT, wxJOIN_MITER));
        f.gc.SetBrush(wxNullGraphicsBrush);
        f.gc.DrawRectangle(bx, by, bw, bh);
        f.gc.StrokeLine(bx, by, bx + bw, by + bh);
        f.gc.StrokeLine(bx, by + bh, bx + bw, by);

        if (inside) {
            f.gc.DrawText(label, x + (w - tw) / 2, y + h * 0.52 + (h * 0.46 - th) / 2);
            continue;
        }
        const double px = clamp(0.5 * f.s, 10.0, 13.0);
        textExtent(f, label, px, wxFONTFLAG_BOLD, tw, th);
        const double gap = 3.0;
        const double mid = y + (h - th) / 2;
        const std::array<wxRect2DDouble, 8> candidates{{
            {x + w + gap, mid, tw, th},
            {x - gap - tw, mid, tw, th},
            {x + (w - tw) / 2, y - gap - th, tw, th},
            {x + (w - tw) / 2, y + h + gap, tw, th},
            {x + w + gap, mid - th, tw, th},
            {x + w + gap, mid + th, tw, th},
            {x - gap - tw, mid - th, tw, th},
            {x - gap - tw, mid + th, tw, th},
        }};
        const wxRect2DDouble* chosen = nullptr;
        for (const auto& r : candidates)
            if (f.placer.free(r)) {
                chosen = &r;
                break;
            }
        if (!chosen) chosen = f.placer.leastCovered(candidates);
        f.placer.take(*chosen);
        drawHaloText(f, label, chosen->m_x, chosen->m_y, px, wxFONTFLAG_BOLD, MapStyle::sideFill(a));
    }
}

void drawTexts(const PaintState& f) {
    const auto& m = f.doc.map();
    TextPlacer& placer = f.placer;

    // Map labels: rivers, regions, sounds. Italic, centred on their hex.
    const double labelPx = clamp(0.72 * f.s, 11.0, 22.0);
    static const std::vector<map::Label> kNoLabels;
    for (const auto& label : f.layers.labels ? m.labels() : kNoLabels) {
        const Point c = f.layout.toPixel(label.hex);
        if (!f.near(c)) continue;
        const wxString text = utf8(label.text);
        double tw = 0, th = 0;
        textExtent(f, text, labelPx, wxFONTFLAG_ITALIC, tw, th);
        // Centred if there is room, else nudged up or down by a line; left out when it would collide.
        const wxRect2DDouble* chosen = nullptr;
        const std::array<wxRect2DDouble, 3> candidates{
            {{c.x - tw / 2, c.y - th / 2, tw, th}, {c.x - tw / 2, c.y - th * 1.5, tw, th}, {c.x - tw / 2, c.y + th * 0.5, tw, th}}};
        for (const auto& r : candidates)
            if (placer.free(r)) {
                chosen = &r;
                break;
            }
        if (!chosen) continue;
        placer.take(*chosen);
        drawHaloText(f, text, chosen->m_x, chosen->m_y, labelPx, wxFONTFLAG_ITALIC, MapStyle::labelText());
    }

    // Urban names, biggest places first; small places give way when there is no room.
    std::vector<const map::UrbanArea*> urban;
    if (f.layers.towns)
        for (const auto& u : m.urbanAreas()) urban.push_back(&u);
    std::stable_sort(urban.begin(), urban.end(), [](const auto* a, const auto* b) { return a->size > b->size; });
    for (const auto* u : urban) {
        const Point c = f.layout.toPixel(u->hex);
        if (!f.near(c)) continue;
        double px = 0;
        int flags = wxFONTFLAG_DEFAULT;
        bool mustShow = false;
        switch (u->size) {
            case map::UrbanSize::City:
                px = clamp(0.62 * f.s, 12.0, 22.0);
                flags = wxFONTFLAG_BOLD;
                mustShow = true;
                break;
            case map::UrbanSize::Town:
                px = clamp(0.56 * f.s, 11.0, 19.0);
                flags = wxFONTFLAG_BOLD;
                mustShow = true;
                break;
            case map::UrbanSize::Village: px = clamp(0.5 * f.s, 10.0, 16.0); break;
            case map::UrbanSize::Hamlet: px = clamp(0.45 * f.s, 9.0, 14.0); break;
            case map::UrbanSize::Farm: px = clamp(0.42 * f.s, 9.0, 13.0); break;
        }
        if (u->size == map::UrbanSize::Village && f.s < 6) continue;
        if (u->size == map::UrbanSize::Hamlet && f.s < 12) continue;
        if (u->size == map::UrbanSize::Farm && f.s < 18) continue;
        const wxString text = utf8(u->name);
        double tw = 0, th = 0;
        textExtent(f, text, px, flags, tw, th);
        const double half = urbanHalf(f, u->size) * (u->fortification == map::Fortification::None ? 1.0 : 1.65);
        const double gap = half + std::max(2.0, 0.12 * f.s);
        // Beside the town's mark; failing that, clear of a counter standing on it (half a counter's width and
        // height out, see layoutCounters) and of its label, rather than under them.
        const double cw = std::max(20.0, 1.15 * f.s);
        const double wideX = std::max(gap, cw / 2 + 3.0);
        const double wideY = std::max(gap, cw * 0.33 + 3.0);
        const std::array<wxRect2DDouble, 8> candidates{{
            {c.x + gap, c.y - th / 2, tw, th},         // right
            {c.x - gap - tw, c.y - th / 2, tw, th},    // left
            {c.x - tw / 2, c.y - gap - th, tw, th},    // above
            {c.x - tw / 2, c.y + gap, tw, th},         // below
            {c.x - tw / 2, c.y + wideY, tw, th},       // below a counter
            {c.x - tw / 2, c.y - wideY - th, tw, th},  // above a counter
            {c.x + wideX, c.y + wideY, tw, th},        // below right of a counter
            {c.x - wideX - tw, c.y + wideY, tw, th},   // below left of a counter
        }};
        const wxRect2DDouble* chosen = nullptr;
        for (const auto& r : candidates)
            if (placer.free(r)) {
                chosen = &r;
                break;
            }
        if (!chosen && mustShow) chosen = placer.leastCovered(candidates);
        if (!chosen) continue;
        placer.take(*chosen);
        drawHaloText(f, text, chosen->m_x, chosen->m_y, px, flags, MapStyle::text());
    }

    // LOC entry names when there is room for them.
    if (f.s >= 14) {
        for (const auto& side : m.sides()) {
            const wxColour colour = MapStyle::sideFill(f.doc.allegianceOf(side.side));
            for (const auto& entry : side.locEntries) {
                if (entry.name.empty()) continue;
                const Point c = f.layout.toPixel(entry.hex);
                if (!f.near(c)) continue;
                const double px = clamp(0.42 * f.s, 9.0, 14.0);
                const wxString text = utf8(entry.name);
                double tw = 0, th = 0;
                textExtent(f, text, px, wxFONTFLAG_ITALIC, tw, th);
                const wxRect2DDouble r(c.x - tw / 2, c.y + 0.55 * f.s, tw, th);
                if (!placer.free(r)) continue;
                placer.take(r);
                drawHaloText(f, text, r.m_x, r.m_y, px, wxFONTFLAG_ITALIC, colour);
            }
        }
    }
}

// "col,row" at the top of every hex, as the order sheets and the status bar write hexes; only where the hexes are
// large enough for the number to be read. Drawn with the base layer, so the tiles keep them.
void drawHexNumbers(const PaintState& f) {
    if (f.s < kMinSizeForHexNumbers) return;
    const auto offsets = f.doc.map().offsets();
    const double px = clamp(0.27 * f.s, 7.0, 13.0);
    wxFont font(wxFontInfo(wxSize(0, static_cast<int>(std::lround(px)))).Family(wxFONTFAMILY_SWISS));
    f.gc.SetFont(font, MapStyle::hexNumber());
    for (int row = f.range.rowMin; row <= f.range.rowMax; ++row)
        for (int col = f.range.colMin; col <= f.range.colMax; ++col) {
            const Hex h = offsets.toHex({col, row});
            const Point c = f.layout.toPixel(h);
            if (!f.near(c)) continue;
            const wxString text = wxString::Format("%d,%d", col, row);
            double w = 0, th = 0;
            f.gc.GetTextExtent(text, &w, &th);
            // Above the middle of the hex, where urban areas and names are not.
            f.gc.DrawText(text, c.x - w / 2, c.y - 0.66 * f.s);
        }
}

void drawUnderlay(const PaintState& f, const Underlay& u, const Viewport& vp, const wxRect& area) {
    if (u.bitmap.IsNull() || u.pixels.x <= 0 || u.pixels.y <= 0 || u.opacity <= 0) return;
    const double x = vp.originX + u.x * f.s;
    const double y = vp.originY + u.y * f.s;
    const double w = u.pixels.x * u.scale * f.s;
    const double h = u.pixels.y * u.scale * f.s;
    if (x > area.GetRight() + 1 || y > area.GetBottom() + 1 || x + w < area.x || y + h < area.y) return;
    f.gc.PushState();
    f.gc.Clip(area.x, area.y, area.width, area.height);
    f.gc.BeginLayer(std::clamp(u.opacity, 0.0, 1.0));
    f.gc.DrawBitmap(u.bitmap, x, y, w, h);
    f.gc.EndLayer();
    f.gc.PopState();
}

}  // namespace

MapPainter::MapPainter(const MapDocument& document) : m_doc(document) {
    const auto& m = m_doc.map();
    const hex::Layout unit(m.metadata().orientation, {1.0, 1.0});
    double left = std::numeric_limits<double>::max();
    double top = left;
    double right = -left;
    double bottom = -left;
    for (const Hex h : m.allHexes()) {
        for (const Point p : unit.corners(h)) {
            left = std::min(left, p.x);
            top = std::min(top, p.y);
            right = std::max(right, p.x);
            bottom = std::max(bottom, p.y);
        }
    }
    if (left > right) left = top = right = bottom = 0;
    m_bounds = wxRect2DDouble(left, top, right - left, bottom - top);
}

Viewport MapPainter::fit(const wxSize& size, double margin) const {
    Viewport vp;
    const double w = std::max(1.0, size.x - 2 * margin);
    const double h = std::max(1.0, size.y - 2 * margin);
    if (m_bounds.m_width <= 0 || m_bounds.m_height <= 0) return vp;
    vp.hexSize = std::max(0.5, std::min(w / m_bounds.m_width, h / m_bounds.m_height));
    const double cx = m_bounds.m_x + m_bounds.m_width / 2;
    const double cy = m_bounds.m_y + m_bounds.m_height / 2;
    vp.originX = size.x / 2.0 - cx * vp.hexSize;
    vp.originY = size.y / 2.0 - cy * vp.hexSize;
    return vp;
}

OffsetRange MapPainter::visibleRange(const Viewport& viewport, const wxRect& area) const {
    const auto& m = m_doc.map();
    const auto layout = viewport.layout(m.metadata().orientation);
    const auto offsets = m.offsets();
    OffsetRange out{std::numeric_limits<int>::max(), std::numeric_limits<int>::min(), std::numeric_limits<int>::max(),
                    std::numeric_limits<int>::min()};
    const std::array<Point, 4> corners{{{double(area.GetLeft()), double(area.GetTop())},
                                        {double(area.GetRight() + 1), double(area.GetTop())},
                                        {double(area.GetLeft()), double(area.GetBottom() + 1)},
                                        {double(area.GetRight() + 1), double(area.GetBottom() + 1)}}};
    for (const Point p : corners) {
        const auto o = offsets.toOffset(layout.hexAt(p));
        out.colMin = std::min(out.colMin, o.col);
        out.colMax = std::max(out.colMax, o.col);
        out.rowMin = std::min(out.rowMin, o.row);
        out.rowMax = std::max(out.rowMax, o.row);
    }
    // One hex of slack covers the half-hex shove of alternate rows or columns.
    out.colMin = std::max(0, out.colMin - 1);
    out.rowMin = std::max(0, out.rowMin - 1);
    out.colMax = std::min(m.width() - 1, out.colMax + 1);
    out.rowMax = std::min(m.height() - 1, out.rowMax + 1);
    return out;
}

std::optional<Hex> MapPainter::hexAt(const Viewport& viewport, const wxPoint& point) const {
    const auto& m = m_doc.map();
    const Hex h = viewport.layout(m.metadata().orientation).hexAt({double(point.x), double(point.y)});
    if (!m.contains(h)) return std::nullopt;
    return h;
}

void MapPainter::paint(wxGraphicsContext& gc, const Viewport& viewport, const wxRect& area, unsigned layers) const {
    gc.PushState();
    gc.SetAntialiasMode(wxANTIALIAS_DEFAULT);
    gc.SetInterpolationQuality(wxINTERPOLATION_GOOD);
    if (layers & kLayerBase) {
        gc.SetPen(wxNullGraphicsPen);
        gc.SetBrush(gc.CreateBrush(wxBrush(MapStyle::background())));
        gc.DrawRectangle(area.x, area.y, area.width, area.height);
    }

    if (m_doc.map().hexCount() > 0) {
        const double s = viewport.hexSize;
        TextPlacer placer;
        PaintState f{gc,
                     m_doc,
                     viewport.layout(m_doc.map().metadata().orientation),
                     s,
                     wxRect2DDouble(area.x - 2 * s - 40, area.y - 2 * s - 40, area.width + 4 * s + 80, area.height + 4 * s + 80),
                     visibleRange(viewport, area),
                     placer,
                     m_sprites,
                     m_layers};
        if (layers & kLayerBase) {
            if (!f.range.empty()) {
                drawTerrain(f);
                if (m_layers.terrain) drawTerrainSymbols(f);
            }
            if (m_underlay) drawUnderlay(f, *m_underlay, viewport, area);
            if (!f.range.empty()) drawCoastAndGrid(f);
            if (m_layers.rivers) drawRivers(f);
            if (m_layers.roads) drawRoutes(f);
            if (m_layers.rivers) drawCrossings(f);
            if (m_layers.hexNumbers && !f.range.empty()) drawHexNumbers(f);
        }
        if (layers & kLayerOverlay) {
            drawLocEntries(f);
            if (m_layers.towns) drawUrbanAreas(f);
            drawHeadquarters(f);
            // Names keep clear of the counters, which are drawn last, on top of everything.
            for (const auto& box : layoutCounters(f)) placer.take(box.rect);
            drawTexts(f);
            drawCounters(f);
        }
    }
    gc.PopState();
}

}  // namespace etatmajor::gui
