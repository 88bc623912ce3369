// SPDX-License-Identifier: GPL-3.0-or-later
#include "map_draw.hpp"

#include "compose.hpp"

#include "etatmajor/hex/offset.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

namespace etatmajor::report::mapdraw {
namespace {

using map::Terrain;

Colour terrainColour(Terrain t) {
    switch (t) {
        case Terrain::Clear: return {0.965, 0.955, 0.915};
        case Terrain::Woods: return {0.80, 0.88, 0.74};
        case Terrain::HeavyWoods: return {0.64, 0.78, 0.60};
        case Terrain::Marsh: return {0.80, 0.89, 0.86};
        case Terrain::Hills: return {0.89, 0.81, 0.67};
        case Terrain::Difficult: return {0.82, 0.76, 0.72};
        case Terrain::Lake: return {0.70, 0.82, 0.93};
        case Terrain::Sea: return {0.63, 0.77, 0.89};
    }
    return {1, 1, 1};
}

constexpr Colour kWater{0.20, 0.42, 0.75};
constexpr Colour kRoad{0.55, 0.30, 0.12};

Point pt(hex::Point p) { return {p.x, p.y}; }

struct Rect {
    double x = 0, y = 0, w = 0, h = 0;
    bool overlaps(const Rect& o) const { return x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h; }
};

// An estimate of the width of italic serif text (the place names), in points; generous rather than short.
double textWidth(const std::string& s, double size) {
    double chars = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80)
            chars += (c == ' ' || c == '\'' || c == '.' || c == 'i' || c == 'l' || c == '(' || c == ')') ? 0.5 : 1.0;
    return chars * size * 0.64;
}

struct Drawn {
    std::set<std::pair<int, int>> hexes;
    bool has(hex::Hex h) const { return hexes.count({h.q, h.r}) > 0; }
};

void pathLine(Page& page, const hex::Layout& layout, const Drawn& drawn, const std::vector<hex::Hex>& path, Stroke stroke,
              bool arrow) {
    Shape s;
    s.closed = false;
    s.stroke = stroke;
    for (const auto& h : path)
        if (drawn.has(h)) s.points.push_back(pt(layout.toPixel(h)));
    if (s.points.size() < 2) return;
    page.elements.emplace_back(s);
    if (arrow) {
        const Point a = s.points[s.points.size() - 2], b = s.points.back();
        const double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
        if (len <= 0) return;
        const double ux = dx / len, uy = dy / len, l = 2.5 + 2 * stroke.width;
        Shape head;
        head.points = {b,
                       {b.x - l * ux + l * 0.55 * uy, b.y - l * uy - l * 0.55 * ux},
                       {b.x - l * ux - l * 0.55 * uy, b.y - l * uy + l * 0.55 * ux}};
        head.fill = stroke.colour;
        page.elements.emplace_back(head);
    }
}

}  // namespace

double sizeForFlatsMm(double mm) { return mm * 72.0 / 25.4 / std::sqrt(3.0); }

double condensedNumberWidth(const std::string& text, double size) {
    double em = 0;
    for (unsigned char c : text) {
        if ((c & 0xC0) == 0x80) continue;
        em += (c >= '0' && c <= '9') ? 0.572 : (c == ',' || c == '.') ? 0.286 : 0.65;
    }
    return em * size;
}

void draw(Page& page, const map::Map& map, const hex::Layout& layout, const Region& region, const Marks& marks, Colour ownColour,
          Colour enemyColour, bool placeNames) {
    const double size = layout.size().x;
    Drawn drawn;
    auto inside = [&](hex::Point p) {
        return p.x >= region.x && p.x <= region.x + region.w && p.y >= region.y && p.y <= region.y + region.h;
    };
    std::vector<hex::Hex> numbered;
    for (const auto& h : map.allHexes()) {
        bool in = true;
        if (region.block) {
            in = region.block->has(map.offsets().toOffset(h));
        } else if (region.byCentre) {
            const auto c = layout.toPixel(h);
            in = c.x >= region.x && c.x < region.x + region.w && c.y >= region.y && c.y < region.y + region.h;
        } else {
            for (const auto& c : layout.corners(h)) in = in && inside(c);
        }
        if (!in) continue;
        drawn.hexes.insert({h.q, h.r});
        Shape s;
        for (const auto& c : layout.corners(h)) s.points.push_back(pt(c));
        s.fill = terrainColour(map.terrain(h));
        s.stroke = Stroke{0.2, {0.72, 0.70, 0.64}};
        page.elements.emplace_back(std::move(s));
        const auto o = map.offsets().toOffset(h);
        if (region.hexNumbers == HexNumbers::Every || (region.hexNumbers == HexNumbers::EveryOther && (o.col + o.row) % 2 == 0))
            numbered.push_back(h);
    }
    // Rivers and streams along hexsides.
    for (const auto& river : map.rivers())
        for (const auto& side : river.sides) {
            if (!drawn.has(side.hex)) continue;
            const auto e = layout.edgeCorners(side.hex, side.dir);
            page.elements.emplace_back(
                Rule{pt(e[0]), pt(e[1]), Stroke{river.kind == map::Watercourse::River ? std::max(0.9, size * 0.16) : 0.6, kWater}});
        }
    // Roads, tracks and navigable waterways between hex centres.
    for (const auto& route : map.routes()) {
        Stroke st{0.6, kRoad};
        if (route.kind == map::LinkKind::MajorRoad) st = Stroke{std::max(0.8, size * 0.14), kRoad};
        else if (route.kind == map::LinkKind::MinorRoad) st = Stroke{0.6, kRoad, true};
        else st = Stroke{std::max(0.8, size * 0.14), kWater};
        for (std::size_t i = 1; i < route.hexes.size(); ++i)
            if (drawn.has(route.hexes[i - 1]) && drawn.has(route.hexes[i]))
                page.elements.emplace_back(Rule{pt(layout.toPixel(route.hexes[i - 1])), pt(layout.toPixel(route.hexes[i])), st});
    }
    // Hex numbers in the upper part of the hex, where a pointy hex is widest above its centre (a flat one just above
    // it), clear of the urban marker at the centre; set over the rivers and roads, under the
    // urban markers (moved down in a numbered hex) and the counters.
    for (const auto& h : numbered) {
        const auto c = layout.toPixel(h);
        const double fs = region.numberSize > 0 ? region.numberSize : size * 0.26;
        const double width = region.hexNumbers == HexNumbers::EveryOther ? 3 * size : 2 * size;
        const double top = layout.orientation() == hex::Orientation::Pointy ? c.y - size * 0.5 - fs * 0.25 : c.y - size * 0.8;
        compose::text(page, c.x - width / 2, top, width, fs * 1.3, hex::formatOffset(map.offsets().toOffset(h)),
                      Font{fs, FontFace::Sans, false, false, true}, Align::Centre, Colour{0.30, 0.29, 0.27}, true);
    }
    // Urban areas: the markers now, their names last (over the counters and paths, each on a pale ground and moved
    // clear of the counters, so a counter never hides a name).
    struct PlaceName {
        hex::Point at;
        double r;
        std::string name;
    };
    std::vector<PlaceName> names;
    for (const auto& ua : map.urbanAreas()) {
        if (!drawn.has(ua.hex)) continue;
        auto c = layout.toPixel(ua.hex);
        double r = std::max(1.6, size * (ua.size >= map::UrbanSize::Town ? 0.32 : 0.22));
        if (std::find(numbered.begin(), numbered.end(), ua.hex) != numbered.end()) {
            // Below the hex number rather than over it.
            r = std::min(r, size * 0.26);
            c.y += size * 0.5;
        }
        page.elements.emplace_back(Box{c.x - r, c.y - r, 2 * r, 2 * r, Stroke{0.4, compose::ink::text}, Colour{0.25, 0.22, 0.22}});
        if (placeNames) names.push_back({c, r, ua.name});
    }
    for (const auto& p : marks.locPaths) pathLine(page, layout, drawn, p, Stroke{1.2, {0.10, 0.45, 0.20}, true}, false);
    if (marks.focus && drawn.has(*marks.focus)) {
        const auto c = layout.toPixel(*marks.focus);
        page.elements.emplace_back(Circle{pt(c), size * 1.05, Stroke{1.0, {0.75, 0.10, 0.10}}, std::nullopt});
    }
    // Counters: stacked a little apart when several share a hex; the ordered paths go over them.
    std::vector<Rect> taken;
    std::vector<std::pair<std::pair<int, int>, int>> seen;
    for (const auto& ctr : marks.counters) {
        if (!drawn.has(ctr.hex)) continue;
        int k = 0;
        for (auto& [key, count] : seen)
            if (key == std::make_pair(ctr.hex.q, ctr.hex.r)) k = count++;
        if (k == 0) seen.push_back({{ctr.hex.q, ctr.hex.r}, 1});
        const auto c = layout.toPixel(ctr.hex);
        const double half = std::max(3.0, size * 0.62);
        const double ox = c.x - half + k * half * 0.35, oy = c.y - half - k * half * 0.35;
        page.elements.emplace_back(
            Box{ox, oy, 2 * half, 2 * half, Stroke{0.5, compose::ink::text}, ctr.own ? ownColour : enemyColour});
        compose::text(page, ox, oy, 2 * half, 2 * half, ctr.text, Font{std::max(3.5, half * 0.75), FontFace::Sans, true},
                      Align::Centre, compose::ink::white, true);
        taken.push_back({ox, oy, 2 * half, 2 * half});
    }
    for (const auto& p : marks.orderedPaths) pathLine(page, layout, drawn, p, Stroke{1.6, {0.42, 0.12, 0.58}}, true);
    // Place names: to the right of the marker, else past a counter on it, else to the left, below or above; the first
    // place that covers no counter and no other name, inside the region when it can be.
    const double fs = std::max(5.5, std::min(8.0, size * 0.55));
    const Font nameFont{fs, FontFace::Serif, false, true};
    std::vector<Rect> counters = taken;
    for (const auto& n : names) {
        const double w = textWidth(n.name, fs) + 2, h = fs + 2;
        double clear = n.at.x + n.r;  // right edge of whatever sits on the marker
        for (const auto& t : counters)
            if (t.x < n.at.x + n.r && t.x + t.w > n.at.x - n.r && t.y < n.at.y + n.r && t.y + t.h > n.at.y - n.r)
                clear = std::max(clear, t.x + t.w);
        double left = n.at.x - n.r;
        for (const auto& t : counters)
            if (t.x < n.at.x + n.r && t.x + t.w > n.at.x - n.r && t.y < n.at.y + n.r && t.y + t.h > n.at.y - n.r)
                left = std::min(left, t.x);
        const Rect candidates[] = {{n.at.x + n.r + 1.2, n.at.y - h / 2, w, h},   {clear + 1.2, n.at.y - h / 2, w, h},
                                   {left - 1.2 - w, n.at.y - h / 2, w, h},       {n.at.x - w / 2, n.at.y + n.r + 1, w, h},
                                   {n.at.x - w / 2, n.at.y - n.r - 1 - h, w, h}, {clear + 1.2, n.at.y + n.r, w, h}};
        auto inRegion = [&](const Rect& c) {
            return c.x >= region.x && c.y >= region.y && c.x + c.w <= region.x + region.w && c.y + c.h <= region.y + region.h;
        };
        auto freeOf = [&](const Rect& c) {
            for (const auto& t : taken)
                if (c.overlaps(t)) return false;
            return true;
        };
        const Rect* pick = nullptr;
        for (const auto& c : candidates)
            if (freeOf(c) && inRegion(c)) {
                pick = &c;
                break;
            }
        if (!pick)
            for (const auto& c : candidates)
                if (freeOf(c)) {
                    pick = &c;
                    break;
                }
        if (!pick) pick = &candidates[1];
        page.elements.emplace_back(Box{pick->x, pick->y, pick->w, pick->h, std::nullopt, Colour{0.995, 0.99, 0.965}});
        compose::text(page, pick->x + 1, pick->y, pick->w + 40, pick->h, n.name, nameFont, Align::Left, compose::ink::text, true);
        taken.push_back(*pick);
    }
}

double legend(Page& page, double x, double y, double w, Colour ownColour, Colour enemyColour) {
    using compose::text;
    const double row = 13;
    const Font f{6.8, FontFace::Sans};
    const std::pair<const char*, Terrain> terrains[] = {
        {"Clear", Terrain::Clear}, {"Woods", Terrain::Woods}, {"Heavy woods", Terrain::HeavyWoods},
        {"Marsh", Terrain::Marsh}, {"Hills", Terrain::Hills}, {"Difficult", Terrain::Difficult},
        {"Lake", Terrain::Lake},   {"Sea", Terrain::Sea}};
    const double cw = w / 8;
    for (int i = 0; i < 8; ++i) {
        const double cx = x + i * cw;
        page.elements.emplace_back(Box{cx, y + 2, 14, 9, Stroke{0.3, compose::ink::rule}, terrainColour(terrains[i].second)});
        text(page, cx + 17, y, cw - 18, row, terrains[i].first, f);
    }
    y += row;
    const double sw = w / 8;
    auto sample = [&](int i, Stroke st, const char* name) {
        const double cx = x + i * sw;
        page.elements.emplace_back(Rule{{cx, y + row / 2}, {cx + 14, y + row / 2}, st});
        text(page, cx + 17, y, sw - 18, row, name, f);
    };
    sample(0, Stroke{1.2, kRoad}, "Major road");
    sample(1, Stroke{0.6, kRoad, true}, "Minor road");
    sample(2, Stroke{1.2, kWater}, "River (nav.)");
    sample(3, Stroke{1.2, kWater}, "River");
    sample(4, Stroke{0.6, kWater}, "Stream");
    sample(5, Stroke{1.6, {0.42, 0.12, 0.58}}, "Ordered path");
    sample(6, Stroke{1.2, {0.10, 0.45, 0.20}, true}, "LOC path");
    {
        const double cx = x + 7 * sw;
        page.elements.emplace_back(Box{cx + 4, y + 3, 7, 7, Stroke{0.4, compose::ink::text}, Colour{0.25, 0.22, 0.22}});
        text(page, cx + 17, y, sw - 18, row, "Urban area", f);
    }
    y += row;
    page.elements.emplace_back(Box{x, y + 1.5, 14, 10, Stroke{0.5, compose::ink::text}, ownColour});
    text(page, x + 17, y, w / 2 - 18, row, "Own ME (number: see the key)", f);
    page.elements.emplace_back(Box{x + w / 4, y + 1.5, 14, 10, Stroke{0.5, compose::ink::text}, enemyColour});
    text(page, x + w / 4 + 2, y, 10, row, "?", Font{7, FontFace::Sans, true}, Align::Centre, compose::ink::white);
    text(page, x + w / 4 + 17, y, w / 2 - 18, row, "Enemy counter as seen (face down: ?)", f);
    return 3 * row;
}

}  // namespace etatmajor::report::mapdraw
