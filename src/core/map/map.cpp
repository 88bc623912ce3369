// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/map/map.hpp"

#include "etatmajor/core/names.hpp"

#include <algorithm>
#include <array>
#include <cassert>

namespace etatmajor::map {

namespace {
struct TerrainInfo {
    Terrain terrain;
    char code;
    std::string_view name;
};
constexpr std::array<TerrainInfo, kTerrainCount> kTerrains{{
    {Terrain::Clear, '.', "clear"},
    {Terrain::Woods, 'w', "woods"},
    {Terrain::HeavyWoods, 'W', "heavy_woods"},
    {Terrain::Marsh, 'm', "marsh"},
    {Terrain::Hills, 'h', "hills"},
    {Terrain::Difficult, 'd', "difficult"},
    {Terrain::Lake, 'l', "lake"},
    {Terrain::Sea, 's', "sea"},
}};

constexpr std::array<std::string_view, 3> kLinkNames{"major_road", "minor_road", "navigable_river"};
constexpr std::array<std::string_view, 5> kUrbanNames{"farm", "hamlet", "village", "town", "city"};
constexpr std::array<std::string_view, 3> kFortNames{"none", "light", "heavy"};
constexpr std::array<std::string_view, 4> kEdgeNames{"north", "south", "east", "west"};
}  // namespace

char terrainCode(Terrain t) { return kTerrains[static_cast<std::size_t>(t)].code; }
std::string_view terrainName(Terrain t) { return kTerrains[static_cast<std::size_t>(t)].name; }

std::optional<Terrain> terrainFromCode(char c) {
    for (const auto& t : kTerrains)
        if (t.code == c) return t.terrain;
    return std::nullopt;
}

std::optional<Terrain> terrainFromName(std::string_view name) {
    for (const auto& t : kTerrains)
        if (t.name == name) return t.terrain;
    return std::nullopt;
}

bool isWater(Terrain t) { return t == Terrain::Lake || t == Terrain::Sea; }

std::string_view linkKindName(LinkKind k) { return kLinkNames[static_cast<std::size_t>(k)]; }
std::optional<LinkKind> linkKindFromName(std::string_view n) { return core::enumFromName<LinkKind>(kLinkNames, n); }
std::string_view urbanSizeName(UrbanSize s) { return kUrbanNames[static_cast<std::size_t>(s)]; }
std::optional<UrbanSize> urbanSizeFromName(std::string_view n) { return core::enumFromName<UrbanSize>(kUrbanNames, n); }
std::string_view fortificationName(Fortification f) { return kFortNames[static_cast<std::size_t>(f)]; }
std::optional<Fortification> fortificationFromName(std::string_view n) { return core::enumFromName<Fortification>(kFortNames, n); }
std::string_view mapEdgeName(MapEdge e) { return kEdgeNames[static_cast<std::size_t>(e)]; }
std::optional<MapEdge> mapEdgeFromName(std::string_view n) { return core::enumFromName<MapEdge>(kEdgeNames, n); }
std::string_view locKindName(LocKind k) { return k == LocKind::Primary ? "primary" : "secondary"; }
namespace {
constexpr std::array<std::string_view, 5> kRegionNames{"none", "north", "west", "south", "extreme_north"};
}
std::string_view regionName(Region r) { return kRegionNames[static_cast<std::size_t>(r)]; }
std::optional<Region> regionFromName(std::string_view n) { return core::enumFromName<Region>(kRegionNames, n); }

// etat-major.md §9.2.1: farm and hamlet 1d6, village 2d6, town 4d6, large town/city 6d6.
int urbanSupplyDice(UrbanSize s) {
    switch (s) {
        case UrbanSize::Farm:
        case UrbanSize::Hamlet: return 1;
        case UrbanSize::Village: return 2;
        case UrbanSize::Town: return 4;
        case UrbanSize::City: return 6;
    }
    return 1;
}

Map::Map(MapMetadata meta, Terrain fill)
    : m_meta(std::move(meta)), m_terrain(static_cast<std::size_t>(m_meta.width) * static_cast<std::size_t>(m_meta.height), fill) {}

std::optional<GeoGrid> Map::geoGrid() const {
    if (!m_meta.geo) return std::nullopt;
    return GeoGrid(*m_meta.geo, m_meta.kmPerHex, m_meta.orientation);
}

bool Map::contains(Hex h) const {
    const auto o = offsets().toOffset(h);
    return o.col >= 0 && o.row >= 0 && o.col < m_meta.width && o.row < m_meta.height;
}

std::size_t Map::indexOf(Hex h) const {
    assert(contains(h));
    const auto o = offsets().toOffset(h);
    return static_cast<std::size_t>(o.row) * static_cast<std::size_t>(m_meta.width) + static_cast<std::size_t>(o.col);
}

Hex Map::hexAt(std::size_t index) const {
    const auto w = static_cast<std::size_t>(m_meta.width);
    return offsets().toHex({static_cast<int>(index % w), static_cast<int>(index / w)});
}

std::vector<Hex> Map::allHexes() const {
    std::vector<Hex> out;
    out.reserve(m_terrain.size());
    for (std::size_t i = 0; i < m_terrain.size(); ++i) out.push_back(hexAt(i));
    return out;
}

Map::SideKey Map::canonical(Hex h, int dir) {
    if (dir >= 3) return {hex::neighbour(h, dir), hex::oppositeDirection(dir)};
    return {h, dir};
}

const Hexside* Map::hexside(Hex h, int dir) const {
    const auto& sides = m_hexsides.get();
    const auto it = sides.find(canonical(h, dir));
    return it == sides.end() ? nullptr : &it->second;
}

Hexside& Map::hexsideRef(Hex h, int dir) { return m_hexsides.mut()[canonical(h, dir)]; }

void Map::rebuildHexsides() {
    auto& sides = m_hexsides.mut();
    sides.clear();
    for (const auto& river : m_rivers)
        for (const auto& s : river.sides) {
            auto& hs = hexsideRef(s.hex, s.dir);
            // A river outranks a stream where both are drawn on one hexside.
            if (hs.watercourse == Watercourse::River && river.kind == Watercourse::Stream) continue;
            hs.watercourse = river.kind;
            hs.navigable = river.kind == Watercourse::River && river.navigable;
            hs.fordable = river.kind == Watercourse::Stream || river.fordable;
            hs.name = river.name;
        }
    for (const auto& c : m_crossings) {
        const auto key = canonical(c.side.hex, c.side.dir);
        const auto it = sides.find(key);
        if (it != sides.end()) it->second.crossing = c.kind;
    }
}

bool Map::isCoast(Hex h, int dir) const {
    const Hex n = hex::neighbour(h, dir);
    if (!contains(h) || !contains(n)) return false;
    return isWater(terrain(h)) != isWater(terrain(n));
}

bool Map::isCoastal(Hex h) const {
    if (!contains(h) || terrain(h) == Terrain::Sea) return false;
    for (int d = 0; d < hex::kDirections; ++d) {
        const Hex n = hex::neighbour(h, d);
        if (contains(n) && terrain(n) == Terrain::Sea) return true;
    }
    return false;
}

// From m_linkKinds for a hex of the map, else from m_links.
std::uint8_t Map::linkKinds(Hex h, int dir) const {
    if (dir < 0 || dir >= hex::kDirections) return 0;
    if (const auto o = offsets().toOffset(h); o.col >= 0 && o.row >= 0 && o.col < m_meta.width && o.row < m_meta.height) {
        const auto index = static_cast<std::size_t>(o.row) * static_cast<std::size_t>(m_meta.width) + static_cast<std::size_t>(o.col);
        const auto i = index * hex::kDirections + static_cast<std::size_t>(dir);
        if (i < m_linkKinds.size()) return m_linkKinds[i];
    }
    const auto& links = m_links.get();
    const auto it = links.find(canonical(h, dir));
    return it == links.end() ? 0 : it->second;
}

std::vector<LinkKind> Map::links(Hex h, int dir) const {
    std::vector<LinkKind> out;
    const auto bits = linkKinds(h, dir);
    for (int k = 0; k < 3; ++k)
        if (bits & (1u << k)) out.push_back(static_cast<LinkKind>(k));
    return out;
}

bool Map::hasLink(Hex h, int dir, LinkKind kind) const { return (linkKinds(h, dir) & (1u << static_cast<unsigned>(kind))) != 0; }

void Map::rebuildLinks() {
    auto& links = m_links.mut();
    links.clear();
    m_linkKinds.assign(hexCount() * hex::kDirections, 0);
    const auto mark = [&](Hex h, int dir, std::uint8_t bit) {
        if (contains(h)) m_linkKinds[indexOf(h) * hex::kDirections + static_cast<std::size_t>(dir)] |= bit;
    };
    for (const auto& route : m_routes)
        for (std::size_t i = 1; i < route.hexes.size(); ++i) {
            const int dir = hex::directionTo(route.hexes[i - 1], route.hexes[i]);
            if (dir < 0) continue;  // reported by validate()
            const auto bit = static_cast<std::uint8_t>(1u << static_cast<unsigned>(route.kind));
            links[canonical(route.hexes[i - 1], dir)] |= bit;
            mark(route.hexes[i - 1], dir, bit);
            mark(route.hexes[i], hex::oppositeDirection(dir), bit);
        }
}

const UrbanArea* Map::urbanAreaAt(Hex h) const {
    for (const auto& u : m_urban)
        if (u.hex == h) return &u;
    return nullptr;
}

Region Map::regionAt(Hex h) const {
    if (m_regionAreas.empty()) return m_regionDefault;
    const auto o = offsets().toOffset(h);
    for (auto it = m_regionAreas.rbegin(); it != m_regionAreas.rend(); ++it)
        if (o.col >= it->colFrom && o.col <= it->colTo && o.row >= it->rowFrom && o.row <= it->rowTo) return it->region;
    return m_regionDefault;
}

const UrbanArea* Map::urbanArea(std::string_view id) const {
    for (const auto& u : m_urban)
        if (u.id == id) return &u;
    return nullptr;
}

const SideGeography* Map::side(std::string_view id) const {
    for (const auto& s : m_sides)
        if (s.side == id) return &s;
    return nullptr;
}

bool Map::onEdge(Hex h, MapEdge e) const {
    if (!contains(h)) return false;
    const auto o = offsets().toOffset(h);
    switch (e) {
        case MapEdge::North: return o.row == 0;
        case MapEdge::South: return o.row == m_meta.height - 1;
        case MapEdge::West: return o.col == 0;
        case MapEdge::East: return o.col == m_meta.width - 1;
    }
    return false;
}

}  // namespace etatmajor::map
