// SPDX-License-Identifier: GPL-3.0-or-later
// Semantic checks of a map that the XSD cannot express. Codes are documented in docs/formats/map.md.
#include "etatmajor/map/map.hpp"

#include <set>

namespace etatmajor::map {

namespace {
std::string at(const Map& m, Hex h) { return hex::formatOffset(m.offsets().toOffset(h)); }
std::string sideText(const Map& m, const HexsideRef& s) {
    return at(m, s.hex) + ":" + std::string(hex::directionName(m.metadata().orientation, s.dir));
}
}  // namespace

core::IssueList Map::validate() const {
    core::IssueList out;
    auto offmap = [&](Hex h, int line, const std::string& what) {
        if (contains(h)) return false;
        out.error("MAP-OFFMAP",
                  what + " refers to hex " + at(*this, h) + ", which is off the map (" + std::to_string(width()) + " x " +
                      std::to_string(height()) + ")",
                  line, at(*this, h));
        return true;
    };

    // Unique ids across rivers, routes and urban areas.
    std::set<std::string> ids;
    auto claim = [&](const std::string& id, int line, const char* kind) {
        if (!ids.insert(id).second) out.error("MAP-DUP-ID", std::string(kind) + " id '" + id + "' is used more than once", line, id);
    };
    for (const auto& r : m_rivers) claim(r.id, r.line, "river");
    for (const auto& r : m_routes) claim(r.id, r.line, "route");
    for (const auto& u : m_urban) claim(u.id, u.line, "urban area");

    for (const auto& river : m_rivers)
        for (const auto& s : river.sides) {
            const Hex n = hex::neighbour(s.hex, s.dir);
            if (!contains(s.hex) && !contains(n)) {
                offmap(s.hex, river.line, "river '" + river.id + "'");
                continue;
            }
            if (contains(s.hex) && contains(n) && terrain(s.hex) == Terrain::Sea && terrain(n) == Terrain::Sea)
                out.warning("MAP-RIVER-SEA", "river '" + river.id + "' runs between two sea hexes at " + sideText(*this, s),
                            river.line, sideText(*this, s));
        }

    for (const auto& route : m_routes) {
        const std::string what = "route '" + route.id + "'";
        if (route.hexes.size() < 2) out.error("MAP-ROUTE-SHORT", what + " needs at least two hexes", route.line, route.id);
        bool anyOff = false;
        for (const auto& h : route.hexes) anyOff |= offmap(h, route.line, what);
        if (anyOff) continue;
        const bool road = route.kind != LinkKind::NavigableRiver;
        for (std::size_t i = 0; i < route.hexes.size(); ++i) {
            const Hex h = route.hexes[i];
            if (road && isWater(terrain(h)))
                out.error("MAP-ROUTE-WATER", what + " enters " + std::string(terrainName(terrain(h))) + " hex " + at(*this, h),
                          route.line, at(*this, h));
            if (i == 0) continue;
            const Hex prev = route.hexes[i - 1];
            const int dir = hex::directionTo(prev, h);
            if (dir < 0) {
                out.error("MAP-ROUTE-GAP",
                          what + " jumps from " + at(*this, prev) + " to " + at(*this, h) + ", which are not adjacent", route.line,
                          at(*this, h));
                continue;
            }
            const Hexside* hs = hexside(prev, dir);
            if (road && hs && hs->watercourse == Watercourse::River && hs->crossing == Crossing::None)
                out.warning("MAP-ROAD-RIVER-NO-CROSSING",
                            what + " crosses the " + hs->name + " between " + at(*this, prev) + " and " + at(*this, h) +
                                " with no ford or bridge",
                            route.line, at(*this, prev));
            if (!road) {
                // A waterway step must run along a navigable river or through open water (G-56).
                auto touchesNavigable = [&](Hex x) {
                    if (isWater(terrain(x))) return true;
                    for (int d = 0; d < hex::kDirections; ++d) {
                        const Hexside* s = hexside(x, d);
                        if (s && s->navigable) return true;
                    }
                    return false;
                };
                if (!touchesNavigable(prev) || !touchesNavigable(h))
                    out.warning("MAP-NAV-DRY",
                                what + " steps from " + at(*this, prev) + " to " + at(*this, h) +
                                    " away from any navigable river or open water",
                                route.line, at(*this, h));
            }
        }
    }

    for (const auto& c : m_crossings) {
        if (offmap(c.side.hex, c.line, "crossing")) continue;
        const Hexside* hs = hexside(c.side.hex, c.side.dir);
        if (!hs || hs->watercourse == Watercourse::None)
            out.error("MAP-CROSSING-NO-RIVER",
                      std::string(c.kind == Crossing::Bridge ? "bridge" : "ford") + " at " + sideText(*this, c.side) +
                          " is not on a river or stream",
                      c.line, sideText(*this, c.side));
    }

    std::set<Hex> urbanHexes;
    for (const auto& u : m_urban) {
        if (offmap(u.hex, u.line, "urban area '" + u.id + "'")) continue;
        if (isWater(terrain(u.hex)))
            out.error("MAP-URBAN-WATER",
                      "urban area '" + u.id + "' stands on " + std::string(terrainName(terrain(u.hex))) + " hex " + at(*this, u.hex),
                      u.line, u.id);
        if (!urbanHexes.insert(u.hex).second)
            out.error("MAP-URBAN-DUP-HEX", "urban area '" + u.id + "' shares hex " + at(*this, u.hex) + " with another", u.line, u.id);
    }

    for (const auto& l : m_labels) offmap(l.hex, l.line, "label '" + l.text + "'");

    std::set<std::string> sideIds;
    for (const auto& s : m_sides) {
        if (!sideIds.insert(s.side).second) out.error("MAP-SIDE-DUP", "side '" + s.side + "' is described twice", s.line, s.side);
        int primaries = 0;
        for (const auto& e : s.locEntries) {
            if (e.kind == LocKind::Primary) ++primaries;
            if (offmap(e.hex, e.line, "LOC entry of side '" + s.side + "'")) continue;
            if (isWater(terrain(e.hex))) {
                out.error("MAP-LOC-WATER", "LOC entry of side '" + s.side + "' at " + at(*this, e.hex) + " is a water hex", e.line,
                          at(*this, e.hex));
                continue;
            }
            bool ok = s.homeCoast && isCoastal(e.hex);
            for (auto edge : s.homeEdges) ok |= onEdge(e.hex, edge);
            if (!ok)
                out.error("MAP-LOC-EDGE",
                          "LOC entry of side '" + s.side + "' at " + at(*this, e.hex) +
                              " is neither on the side's home edge nor on its coast",
                          e.line, at(*this, e.hex));
        }
        if (primaries == 0) out.error("MAP-SIDE-NO-PRIMARY", "side '" + s.side + "' has no primary LOC entry hex", s.line, s.side);
        else if (primaries > 1)
            out.error("MAP-SIDE-MULTI-PRIMARY",
                      "side '" + s.side + "' has " + std::to_string(primaries) + " primary LOC entry hexes; it must have exactly one",
                      s.line, s.side);
        for (const auto& h : s.hqHexes) offmap(h, s.line, "HQ of side '" + s.side + "'");
    }
    return out;
}

}  // namespace etatmajor::map
