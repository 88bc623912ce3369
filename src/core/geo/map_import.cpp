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
        m.rivers().push_back(std::move(r));
    }
    if (gazetteer) result.issues.append(applyGazetteer(m, *gazetteer));
    for (const auto& r : m.rivers()) {
        const int count = static_cast<int>(r.sides.size());
        (r.kind == map::Watercourse::Stream ? result.summary.streamHexsides : result.summary.riverHexsides) += count;
        if (r.navigable) result.summary.navigableHexsides += count;
    }
    m.rebuildHexsides();
    m.rebuildLinks();
    return result;
}

namespace {

void nameRivers(map::Map& m, const map::GeoGrid& grid, const Gazetteer& g, core::IssueList& issues) {
    // Each river takes the name (and kind, when given) of the nearest naming point within two hexes of one of its
    // hexsides; a point that names no river is reported.
    const double reach = 2.0 * m.metadata().kmPerHex;
    std::vector<std::pair<double, const RiverName*>> best(m.rivers().size(), {reach, nullptr});
    std::vector<const RiverName*> matched;
    for (const auto& rn : g.rivers) {
        const auto p = grid.planeToLayout(map::project(grid.reference(), rn.at));
        double nearest = reach;
        std::size_t which = m.rivers().size();
        for (std::size_t i = 0; i < m.rivers().size(); ++i)
            for (const auto& s : m.rivers()[i].sides) {
                const auto mid = grid.layout().edgeMidpoint(s.hex, s.dir);
                const double d = std::hypot(mid.x - p.x, mid.y - p.y);
                if (d < nearest) nearest = d, which = i;
            }
        if (which == m.rivers().size()) {
            issues.warning("GAZ-RIVER-UNMATCHED",
                           "no imported river passes within two hexes of '" + rn.name + "' (" + map::formatLatLon(rn.at) +
                               "); draw it as a <course>",
                           rn.line);
            continue;
        }
        matched.push_back(&rn);
        if (nearest < best[which].first) best[which] = {nearest, &rn};
    }
    for (std::size_t i = 0; i < best.size(); ++i) {
        const RiverName* rn = best[i].second;
        if (!rn) continue;
        auto& r = m.rivers()[i];
        r.name = rn->name;
        if (rn->kind) r.kind = rn->kind->kind, r.navigable = rn->kind->navigable, r.fordable = rn->kind->fordable;
    }
    // A point whose nearest river a nearer point names: said, so the gazetteer can be corrected.
    for (const RiverName* rn : matched) {
        const bool used = std::any_of(best.begin(), best.end(), [&](const auto& b) { return b.second == rn; });
        if (!used)
            issues.warning("GAZ-RIVER-UNMATCHED",
                           "'" + rn->name + "' (" + map::formatLatLon(rn->at) +
                               ") is nearest a river that a nearer point names; draw it as a <course>",
                           rn->line);
    }
}

void drawCourses(map::Map& m, const map::GeoGrid& grid, const Gazetteer& g) {
    std::set<map::HexsideRef, SideLess> taken;
    for (const auto& r : m.rivers())
        for (const auto& s : r.sides) taken.insert(canonicalSide(s.hex, s.dir));
    int n = static_cast<int>(m.rivers().size());
    for (const auto& c : g.courses) {
        map::River r;
        r.id = "river-" + std::to_string(++n);
        r.name = c.name;
        r.kind = c.kind.kind;
        r.navigable = c.kind.navigable;
        r.fordable = c.kind.fordable;
        for (const auto& s : riverHexsides(grid, c.points)) {
            const Hex other = hex::neighbour(s.hex, s.dir);
            if (!m.contains(s.hex) || !m.contains(other) || map::isWater(m.terrain(s.hex)) || map::isWater(m.terrain(other))) continue;
            if (taken.insert(s).second) r.sides.push_back(s);
        }
        if (!r.sides.empty()) m.rivers().push_back(std::move(r));
        else --n;
    }
}

void paintAreas(map::Map& m, const map::GeoGrid& grid, const Gazetteer& g) {
    for (const auto& a : g.areas) {
        const auto c = map::project(grid.reference(), a.at);
        for (const Hex h : m.allHexes()) {
            if (m.terrain(h) == map::Terrain::Sea) continue;
            const auto p = grid.centre(h);
            if (std::hypot(p.east - c.east, p.north - c.north) <= a.radiusKm) m.setTerrain(h, a.terrain);
        }
    }
}

void layRoads(map::Map& m, const map::GeoGrid& grid, const Gazetteer& g, core::IssueList& issues) {
    const auto off = m.offsets();
    auto at = [&](Hex h) { return hex::formatOffset(off.toOffset(h)); };
    m.rebuildHexsides();
    std::set<map::HexsideRef, SideLess> crossed;
    for (const auto& c : m.crossings()) crossed.insert(canonicalSide(c.side.hex, c.side.dir));
    for (const auto& road : g.roads) {
        std::vector<Hex> stops;
        bool ok = true;
        for (const auto& v : road.via) {
            if (!v.place.empty()) {
                const auto* u = m.urbanArea(v.place);
                if (!u) {
                    issues.warning("GAZ-ROAD-PLACE",
                                   "the road '" + road.id + "' goes through '" + v.place + "', which is not on the map; left out",
                                   road.line, road.id);
                    ok = false;
                    break;
                }
                stops.push_back(u->hex);
            } else {
                const Hex h = grid.hexAt(v.at);
                if (!m.contains(h)) {
                    issues.warning("GAZ-OFFMAP",
                                   "the road '" + road.id + "' goes through " + map::formatLatLon(v.at) + ", off the map; left out",
                                   road.line, road.id);
                    ok = false;
                    break;
                }
                stops.push_back(h);
            }
        }
        if (!ok) continue;
        map::Route route;
        route.id = road.id;
        route.name = road.name;
        route.kind = road.kind;
        for (std::size_t i = 0; i + 1 < stops.size(); ++i)
            for (const Hex h : hex::line(stops[i], stops[i + 1]))
                if (route.hexes.empty() || route.hexes.back() != h) route.hexes.push_back(h);
        if (route.hexes.size() < 2) {
            issues.warning("GAZ-ROAD-SHORT", "the road '" + road.id + "' lies in one hex; left out", road.line, road.id);
            continue;
        }
        const auto wet = std::find_if(route.hexes.begin(), route.hexes.end(), [&](Hex h) { return map::isWater(m.terrain(h)); });
        if (wet != route.hexes.end()) {
            issues.warning("GAZ-ROAD-WATER",
                           "the road '" + road.id + "' runs through the water hex " + at(*wet) +
                               "; add a point to its via that keeps it on land; left out",
                           road.line, road.id);
            continue;
        }
        // Where the road crosses a river or stream, a crossing: a ferry (written as a bridge) on a river that cannot
        // be waded, a ford elsewhere.
        for (std::size_t i = 0; i + 1 < route.hexes.size(); ++i) {
            const int dir = hex::directionTo(route.hexes[i], route.hexes[i + 1]);
            const auto* side = m.hexside(route.hexes[i], dir);
            if (!side || side->watercourse == map::Watercourse::None) continue;
            if (!crossed.insert(canonicalSide(route.hexes[i], dir)).second) continue;
            map::CrossingPoint c;
            c.side = {route.hexes[i], dir};
            c.kind = side->fordable ? map::Crossing::Ford : map::Crossing::Bridge;
            c.name = (side->fordable ? "Ford of the " : "Ferry over the ") + side->name;
            m.crossings().push_back(std::move(c));
        }
        m.routes().push_back(std::move(route));
    }
}

}  // namespace

core::IssueList applyGazetteer(map::Map& m, const Gazetteer& g) {
    core::IssueList issues;
    const auto grid = m.geoGrid();
    if (!grid) {
        issues.error("GAZ-NO-GEO", "the map has no georeference (<geo>), so places cannot be found on it by latitude and longitude");
        return issues;
    }
    nameRivers(m, *grid, g, issues);
    drawCourses(m, *grid, g);
    paintAreas(m, *grid, g);
    issues.append(placeTowns(m, g));
    layRoads(m, *grid, g, issues);
    for (const auto& l : g.labels) {
        const Hex h = grid->hexAt(l.at);
        if (m.contains(h)) m.labels().push_back({h, l.text, 0});
        else
            issues.warning("GAZ-OFFMAP", "the label '" + l.text + "' (" + map::formatLatLon(l.at) + ") lies off the map; left out",
                           l.line);
    }
    m.rebuildHexsides();
    m.rebuildLinks();
    return issues;
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
