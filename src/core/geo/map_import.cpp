// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/geo/map_import.hpp"

#include "etatmajor/core/text.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numbers>
#include <numeric>
#include <regex>
#include <set>
#include <sstream>

namespace etatmajor::geo {

using hex::Hex;

namespace {

constexpr double kKmPerDegree = 111.195;  // a degree of a great circle on the projection's sphere

// The river classes read, and what each becomes (docs/formats/map.md, "Importing real geography"): permanent major
// rivers are navigable rivers that cannot be waded; additional major rivers are rivers; additional and minor rivers
// are streams. Intermittent rivers, canals and the double-lined river banks are left out.
struct RiverKind {
    map::Watercourse kind;
    bool navigable;
    bool fordable;
};
RiverKind kindOfClass(int riverClass) {
    if (riverClass == 1) return {map::Watercourse::River, true, false};
    if (riverClass == 2) return {map::Watercourse::River, false, true};
    return {map::Watercourse::Stream, false, true};
}
const std::vector<int> kRiverClasses{1, 2, 3, 4};

// The canonical name of a hexside: of its two hexes, the one for which the direction is 0, 1 or 2.
map::HexsideRef canonicalSide(Hex h, int dir) {
    if (dir < 3) return {h, dir};
    return {hex::neighbour(h, dir), dir - 3};
}
bool sideLess(const map::HexsideRef& a, const map::HexsideRef& b) { return a.hex != b.hex ? a.hex < b.hex : a.dir < b.dir; }
struct SideLess {
    bool operator()(const map::HexsideRef& a, const map::HexsideRef& b) const { return sideLess(a, b); }
};

double cross(hex::Point o, hex::Point a, hex::Point b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }
// Whether segments ab and cd cross (touching at an end counts once: the half-open test keeps a line that runs
// exactly through a hex centre from being counted on both sides).
bool crosses(hex::Point a, hex::Point b, hex::Point c, hex::Point d) {
    const double d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
    return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0));
}

// The plane's bounding box of a region (its edges are curves on the plane, so each is sampled).
struct Box {
    double minE = 1e300, maxE = -1e300, minN = 1e300, maxN = -1e300;
};
Box planeBox(const map::GeoReference& ref, const Region& r) {
    Box b;
    constexpr int kSteps = 64;
    for (int i = 0; i <= kSteps; ++i) {
        const double t = static_cast<double>(i) / kSteps;
        const double lat = r.south + (r.north - r.south) * t, lon = r.west + (r.east - r.west) * t;
        for (const map::LatLon p :
             {map::LatLon{lat, r.west}, map::LatLon{lat, r.east}, map::LatLon{r.south, lon}, map::LatLon{r.north, lon}}) {
            const auto q = map::project(ref, p);
            b.minE = std::min(b.minE, q.east), b.maxE = std::max(b.maxE, q.east);
            b.minN = std::min(b.minN, q.north), b.maxN = std::max(b.maxN, q.north);
        }
    }
    return b;
}

// Distance between columns and between rows of hex centres.
std::pair<double, double> spacing(double km, hex::Orientation o) {
    const double across = km, along = km * std::numbers::sqrt3 / 2.0;
    return o == hex::Orientation::Pointy ? std::pair{across, along} : std::pair{along, across};
}

struct Layout {
    map::GeoReference ref;
    int width = 0, height = 0;
};
// Hex 0,0 at the north-west corner of the region's box; enough columns and rows that the last centres lie on or beyond
// its east and south edges, so every point of the region falls in a hex of the map.
Layout layOut(const ImportOptions& o) {
    Layout l;
    l.ref.lat0 = (o.region.south + o.region.north) / 2.0;
    l.ref.lon0 = (o.region.west + o.region.east) / 2.0;
    const Box b = planeBox(l.ref, o.region);
    const auto [dx, dy] = spacing(o.kmPerHex, o.orientation);
    l.ref.origin = {b.minE, b.maxN};
    l.width = static_cast<int>(std::ceil((b.maxE - b.minE) / dx - 1e-9)) + 1;
    l.height = static_cast<int>(std::ceil((b.maxN - b.minN) / dy - 1e-9)) + 1;
    return l;
}

std::string fmt(double d) {
    std::ostringstream s;
    s.imbue(std::locale::classic());
    s << d;
    return s.str();
}

}  // namespace

std::optional<Region> parseRegion(const std::string& text) {
    std::array<double, 4> v{};
    std::size_t pos = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const auto comma = text.find(',', pos);
        if ((i < 3) != (comma != std::string::npos)) return std::nullopt;
        const std::string part = text.substr(pos, i < 3 ? comma - pos : std::string::npos);
        std::istringstream in(part);
        in.imbue(std::locale::classic());
        double d = 0;
        if (!(in >> d) || !(in >> std::ws).eof() || !std::isfinite(d)) return std::nullopt;
        v[i] = d;
        pos = comma + 1;
    }
    return Region{std::min(v[0], v[2]), std::min(v[1], v[3]), std::max(v[0], v[2]), std::max(v[1], v[3])};
}

core::IssueList checkImportOptions(const ImportOptions& o) {
    core::IssueList issues;
    const Region& r = o.region;
    if (r.south < -80 || r.north > 80)
        issues.error("GEO-REGION", "the region's latitudes must lie between 80 S and 80 N (the projection is not made for the poles)");
    if (r.west < -180 || r.east > 180)
        issues.error("GEO-REGION", "the region's longitudes must lie between 180 W and 180 E (a region crossing the 180th "
                                   "meridian is not supported)");
    if (!(r.north > r.south) || !(r.east > r.west))
        issues.error("GEO-REGION", "the region is empty: its two corners must differ in latitude and in longitude");
    if (!(o.kmPerHex >= kMinKmPerHex && o.kmPerHex <= kMaxKmPerHex))
        issues.error("GEO-SCALE",
                     "--km-per-hex must be between " + fmt(kMinKmPerHex) + " and " + fmt(kMaxKmPerHex) + ", not " + fmt(o.kmPerHex));
    if (!std::regex_match(o.id, std::regex("[a-z0-9][a-z0-9_\\-]{0,63}")))
        issues.error("MAP-ID", "the map id '" + core::shorten(o.id) +
                                   "' must be lower-case letters, digits, '_' and '-', starting with a letter or digit");
    if (issues.hasErrors()) return issues;
    if (r.north - r.south > kMaxRegionDegrees || r.east - r.west > kMaxRegionDegrees) {
        issues.error("GEO-REGION-TOO-LARGE", "the region spans " + fmt(r.north - r.south) + " degrees of latitude and " +
                                                 fmt(r.east - r.west) + " of longitude; at most " + fmt(kMaxRegionDegrees) +
                                                 " either way");
        return issues;
    }
    const Layout l = layOut(o);
    const long hexes = static_cast<long>(l.width) * l.height;
    if (hexes > kMaxImportHexes || l.width > 4000 || l.height > 4000)
        issues.error("GEO-REGION-TOO-LARGE", "the region would be " + std::to_string(l.width) + " x " + std::to_string(l.height) +
                                                 " = " + std::to_string(hexes) + " hexes at " + fmt(o.kmPerHex) +
                                                 " km a hex; at most " + std::to_string(kMaxImportHexes) +
                                                 " (choose a larger --km-per-hex or a smaller region)");
    return issues;
}

std::vector<map::HexsideRef> riverHexsides(const map::GeoGrid& grid, const std::vector<map::LatLon>& line) {
    std::set<map::HexsideRef, SideLess> sides;
    std::vector<hex::Point> pts;
    pts.reserve(line.size());
    for (const auto& p : line) pts.push_back(grid.planeToLayout(map::project(grid.reference(), p)));
    const auto& layout = grid.layout();
    for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
        const hex::Point a = pts[i], b = pts[i + 1];
        // The hexes along the segment and their neighbours hold every centre-to-centre segment it can cross.
        std::set<Hex> near;
        for (const Hex h : hex::line(layout.hexAt(a), layout.hexAt(b)))
            for (const Hex n : hex::spiral(h, 1)) near.insert(n);
        for (const Hex h : near)
            for (int dir = 0; dir < hex::kDirections; ++dir) {
                const Hex n = hex::neighbour(h, dir);
                if (crosses(a, b, layout.toPixel(h), layout.toPixel(n))) sides.insert(canonicalSide(h, dir));
            }
    }
    return {sides.begin(), sides.end()};
}

ImportResult importMap(const ImportOptions& o, const Gshhg& data, const Gazetteer* gazetteer) {
    const Layout l = layOut(o);
    map::MapMetadata meta;
    meta.id = o.id;
    meta.name = o.name;
    meta.kmPerHex = o.kmPerHex;
    meta.orientation = o.orientation;
    meta.parity = hex::OffsetParity::Odd;
    meta.width = l.width;
    meta.height = l.height;
    meta.geo = l.ref;
    meta.geo->source = data.sourceText();
    if (gazetteer && !gazetteer->source.empty()) meta.geo->source += " Towns: " + gazetteer->source;
    std::ostringstream desc;
    desc.imbue(std::locale::classic());
    desc << "Imported from real geography: " << map::formatLatLon({o.region.south, o.region.west}) << " to "
         << map::formatLatLon({o.region.north, o.region.east}) << ", " << o.kmPerHex << " km a hex.";
    meta.description = desc.str();
    ImportResult result{map::Map(meta, map::Terrain::Clear), {}, {}};
    map::Map& m = result.map;
    const map::GeoGrid grid = *m.geoGrid();

    // The land mask is read over the region widened by a hex each way, so the hexes on the map's edges are judged by
    // their whole area. Its nodes lie about a tenth of a hex apart (never more than 4 million of them).
    const double pad = o.kmPerHex / kKmPerDegree;
    const double midCos = std::cos((o.region.south + o.region.north) / 2.0 * std::numbers::pi / 180.0);
    Region padded{std::max(-85.0, o.region.south - pad), std::max(-180.0, o.region.west - pad / std::max(0.2, midCos)),
                  std::min(85.0, o.region.north + pad), std::min(180.0, o.region.east + pad / std::max(0.2, midCos))};
    double inc = o.kmPerHex / kKmPerDegree / 10.0;
    while ((padded.north - padded.south) / inc * (padded.east - padded.west) / inc > 4.0e6) inc *= 1.25;
    result.summary.gridIncrement = inc;
    const SurfaceGrid surface = data.surface(padded, inc);

    // A hex is water when most of its area is (counted at the mask's nodes in it); its water is sea or lake by the
    // larger of the two.
    std::vector<std::array<int, 5>> counts(m.hexCount(), std::array<int, 5>{});
    for (int row = 0; row < surface.rows; ++row)
        for (int col = 0; col < surface.cols; ++col) {
            const Hex h = grid.hexAt(surface.node(col, row));
            if (m.contains(h)) ++counts[m.indexOf(h)][static_cast<std::size_t>(surface.at(col, row))];
        }
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const auto& c = counts[i];
        const int ocean = c[0], lake = c[2] + c[4], land = c[1] + c[3];
        map::Terrain t = map::Terrain::Clear;
        if (ocean + lake + land == 0) {
            // No node fell in the hex (only with very small hexes): the node nearest its centre decides.
            const auto p = grid.latLon(m.hexAt(i));
            const int col = std::clamp(static_cast<int>(std::lround((p.lon - surface.west) / surface.increment)), 0, surface.cols - 1);
            const int row = std::clamp(static_cast<int>(std::lround((surface.north - p.lat) / surface.increment)), 0,
                                       surface.rows - 1);
            const Surface s = surface.at(col, row);
            t = s == Surface::Ocean ? map::Terrain::Sea : isWater(s) ? map::Terrain::Lake : map::Terrain::Clear;
        } else if (ocean + lake > land) {
            t = ocean >= lake ? map::Terrain::Sea : map::Terrain::Lake;
        }
        m.setTerrain(m.hexAt(i), t);
        (t == map::Terrain::Sea    ? result.summary.seaHexes
         : t == map::Terrain::Lake ? result.summary.lakeHexes
                                   : result.summary.landHexes)++;
    }

    // Rivers: the hexsides each line crosses between two land hexes of the map, grouped by kind into connected systems
    // (hexsides meeting at a corner), each a <river> of the map.
    std::map<map::HexsideRef, int, SideLess> sideClass;  // the most important class crossing each hexside
    for (const auto& line : data.rivers(padded, kRiverClasses))
        for (const auto& s : riverHexsides(grid, line.points)) {
            const Hex other = hex::neighbour(s.hex, s.dir);
            if (!m.contains(s.hex) || !m.contains(other)) continue;
            if (map::isWater(m.terrain(s.hex)) || map::isWater(m.terrain(other))) continue;
            auto [it, fresh] = sideClass.emplace(s, line.riverClass);
            if (!fresh) it->second = std::min(it->second, line.riverClass);
        }
    std::vector<map::HexsideRef> sides;
    for (const auto& [s, c] : sideClass) sides.push_back(s);
    // Union-find over hexsides of one kind that share a corner.
    std::vector<std::size_t> parent(sides.size());
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](std::size_t i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    };
    std::map<std::tuple<long long, long long, int>, std::size_t> corners;
    const auto& layout = grid.layout();
    for (std::size_t i = 0; i < sides.size(); ++i) {
        const RiverKind k = kindOfClass(sideClass[sides[i]]);
        const int kindKey = static_cast<int>(k.kind) * 2 + (k.navigable ? 1 : 0);
        for (const auto& p : layout.edgeCorners(sides[i].hex, sides[i].dir)) {
            const std::tuple<long long, long long, int> key{std::llround(p.x * 1000), std::llround(p.y * 1000), kindKey};
            auto [it, fresh] = corners.emplace(key, i);
            if (!fresh) parent[find(i)] = find(it->second);
        }
    }
    std::map<std::size_t, std::vector<map::HexsideRef>> systems;  // by the first hexside (in row-major order) of each
    std::map<std::size_t, std::size_t> firstOf;
    for (std::size_t i = 0; i < sides.size(); ++i) {
        const std::size_t root = find(i);
        firstOf.emplace(root, i);
        systems[firstOf[root]].push_back(sides[i]);
    }
    int n = 0;
    for (auto& [first, list] : systems) {
        const RiverKind k = kindOfClass(sideClass[sides[first]]);
        map::River r;
        r.id = "river-" + std::to_string(++n);
        r.name = std::string(k.kind == map::Watercourse::Stream ? "Stream " : "River ") + std::to_string(n);
        r.kind = k.kind;
        r.navigable = k.navigable;
        r.fordable = k.fordable;
        r.sides = std::move(list);
        const int count = static_cast<int>(r.sides.size());
        (k.kind == map::Watercourse::Stream ? result.summary.streamHexsides : result.summary.riverHexsides) += count;
        if (k.navigable) result.summary.navigableHexsides += count;
        m.rivers().push_back(std::move(r));
    }
    if (gazetteer) {
        // Each river name goes to the river with a hexside nearest its point (within two hexes).
        for (const auto& rn : gazetteer->rivers) {
            const auto p = grid.planeToLayout(map::project(grid.reference(), rn.at));
            double best = 2.0 * o.kmPerHex;
            map::River* match = nullptr;
            for (auto& r : m.rivers())
                for (const auto& s : r.sides) {
                    const auto mid = layout.edgeMidpoint(s.hex, s.dir);
                    const double d = std::hypot(mid.x - p.x, mid.y - p.y);
                    if (d < best) best = d, match = &r;
                }
            if (match) match->name = rn.name;
            else
                result.issues.warning("GAZ-RIVER-UNMATCHED",
                                      "no imported river passes within two hexes of '" + rn.name + "' (" + map::formatLatLon(rn.at) +
                                          ")",
                                      rn.line);
        }
        result.issues.append(placeTowns(m, *gazetteer));
    }
    m.rebuildHexsides();
    m.rebuildLinks();
    return result;
}

core::IssueList placeTowns(map::Map& m, const Gazetteer& g) {
    core::IssueList issues;
    const auto grid = m.geoGrid();
    if (!grid) {
        issues.error("GAZ-NO-GEO", "the map has no georeference (<geo>), so places cannot be found on it by latitude and longitude");
        return issues;
    }
    const auto off = m.offsets();
    auto at = [&](Hex h) { return hex::formatOffset(off.toOffset(h)); };
    for (const auto& p : g.places) {
        const Hex h = grid->hexAt(p.at);
        if (!m.contains(h)) {
            issues.warning("GAZ-OFFMAP", p.name + " (" + map::formatLatLon(p.at) + ") lies off the map; left out", p.line, p.id);
            continue;
        }
        auto free = [&](Hex c) { return m.contains(c) && !map::isWater(m.terrain(c)) && !m.urbanAreaAt(c); };
        Hex chosen = h;
        if (!free(h)) {
            // The free land hex next to it whose centre is nearest the place.
            const auto pt = grid->planeToLayout(map::project(grid->reference(), p.at));
            double best = 1e300;
            bool found = false;
            for (const Hex c : hex::ring(h, 1)) {
                if (!free(c)) continue;
                const auto cc = grid->layout().toPixel(c);
                const double d = std::hypot(cc.x - pt.x, cc.y - pt.y);
                if (d < best) best = d, chosen = c, found = true;
            }
            if (!found) {
                issues.warning("GAZ-NO-ROOM",
                               p.name + " falls in hex " + at(h) + ", which is " +
                                   (map::isWater(m.terrain(h)) ? "water" : "taken by " + m.urbanAreaAt(h)->name) +
                                   ", and no hex next to it is free land; left out",
                               p.line, p.id);
                continue;
            }
            issues.warning("GAZ-MOVED",
                           p.name + " falls in hex " + at(h) + ", which is " +
                               (map::isWater(m.terrain(h)) ? "water" : "taken by " + m.urbanAreaAt(h)->name) +
                               "; placed in the next hex " + at(chosen),
                           p.line, p.id);
        }
        map::UrbanArea u;
        u.id = p.id;
        u.name = p.name;
        u.hex = chosen;
        u.size = p.size;
        u.fortification = p.fortification;
        m.urbanAreas().push_back(std::move(u));
    }
    return issues;
}

}  // namespace etatmajor::geo
