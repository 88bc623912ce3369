// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign hex map: terrain, hexside obstacles, roads/tracks/waterways between hex centres,
// urban areas, and each side's geography (home edge, LOC entries, HQ).
// Spec: etat-major.md §2.1, §9.2, §9.5, §11, §15.8, §15.9; G-55, G-56, G-85, G-89.
#pragma once

#include "etatmajor/core/issue.hpp"
#include "etatmajor/hex/hex.hpp"
#include "etatmajor/hex/layout.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/map/geo.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::map {

using hex::Hex;

// §15.8 Hex terrain. Elevation is separate; "hills" is high ground.
enum class Terrain : std::uint8_t { Clear, Woods, HeavyWoods, Marsh, Hills, Difficult, Lake, Sea };
constexpr int kTerrainCount = 8;

// One-character code used in the map file's terrain rows.
char terrainCode(Terrain t);
std::optional<Terrain> terrainFromCode(char c);
std::string_view terrainName(Terrain t);
std::optional<Terrain> terrainFromName(std::string_view name);
bool isWater(Terrain t);

// Hexside obstacle (G-55, G-56): a river (navigable or not) or a stream, optionally crossed by a ford or bridge.
enum class Watercourse : std::uint8_t { None, Stream, River };
enum class Crossing : std::uint8_t { None, Ford, Bridge };

struct Hexside {
    Watercourse watercourse = Watercourse::None;
    bool navigable = false;  // only for rivers
    bool fordable = true;    // a river hexside that can be waded (G-55); streams always can
    Crossing crossing = Crossing::None;
    std::string name;  // the river's name, for labels and reports
};

// Links run between adjacent hex centres (G-56, G-89).
enum class LinkKind : std::uint8_t { MajorRoad, MinorRoad, NavigableRiver };
std::string_view linkKindName(LinkKind k);
std::optional<LinkKind> linkKindFromName(std::string_view name);

// §15.8, G-16 (and G-102): the climate region of a hex, which decides when its marshes flood or freeze.
enum class Region : std::uint8_t { None, North, West, South, ExtremeNorth };
std::string_view regionName(Region r);
std::optional<Region> regionFromName(std::string_view name);

// A rectangle of offset coordinates (inclusive) given one region; later areas override earlier ones.
struct RegionArea {
    Region region = Region::None;
    int colFrom = 0, colTo = 0, rowFrom = 0, rowTo = 0;
    int line = 0;
};

// A named road, track or waterway as a chain of adjacent hexes.
struct Route {
    std::string id;
    std::string name;
    LinkKind kind = LinkKind::MajorRoad;
    std::vector<Hex> hexes;
    int line = 0;  // source line in the map file, 0 when created in memory
};

// A named river or stream as the list of hexsides it runs along.
struct HexsideRef {
    Hex hex;
    int dir = 0;
};
struct River {
    std::string id;
    std::string name;
    Watercourse kind = Watercourse::River;
    bool navigable = false;
    bool fordable = true;
    std::vector<HexsideRef> sides;
    int line = 0;
};

struct CrossingPoint {
    HexsideRef side;
    Crossing kind = Crossing::Ford;
    std::string name;
    int line = 0;
};

// §9.2.1 urban-area sizes (a chateau counts as a farm).
enum class UrbanSize : std::uint8_t { Farm, Hamlet, Village, Town, City };
std::string_view urbanSizeName(UrbanSize s);
std::optional<UrbanSize> urbanSizeFromName(std::string_view name);
// §9.2.1 number of d6 rolled for the SP value.
int urbanSupplyDice(UrbanSize s);

enum class Fortification : std::uint8_t { None, Light, Heavy };
std::string_view fortificationName(Fortification f);
std::optional<Fortification> fortificationFromName(std::string_view name);

struct UrbanArea {
    std::string id;
    std::string name;
    Hex hex;
    UrbanSize size = UrbanSize::Village;
    Fortification fortification = Fortification::None;
    int line = 0;
};

struct Label {
    Hex hex;
    std::string text;
    int line = 0;
};

enum class MapEdge : std::uint8_t { North, South, East, West };
std::string_view mapEdgeName(MapEdge e);
std::optional<MapEdge> mapEdgeFromName(std::string_view name);

enum class LocKind : std::uint8_t { Primary, Secondary };
std::string_view locKindName(LocKind k);

struct LocEntry {
    LocKind kind = LocKind::Primary;
    Hex hex;
    std::string name;
    int line = 0;
};

// A side's geography on this map (§1 items 9–10, §2.1, G-53, G-92). The side id matches the campaign's.
struct SideGeography {
    std::string side;
    std::vector<MapEdge> homeEdges;
    bool homeCoast = false;  // the side may also enter at coastal hexes (sea-borne LOC)
    std::vector<LocEntry> locEntries;
    std::vector<Hex> hqHexes;
    int line = 0;
};

struct MapMetadata {
    std::string id;
    std::string name;
    std::string description;
    double kmPerHex = 8.0;
    hex::Orientation orientation = hex::Orientation::Pointy;
    hex::OffsetParity parity = hex::OffsetParity::Odd;
    int width = 0;   // columns
    int height = 0;  // rows
    // Where the map lies on the Earth, for maps drawn from real geography (map/geo.hpp); none for a map drawn freely.
    std::optional<GeoReference> geo;
};

// The map. Hexes are addressed by axial coordinate; the rectangle of offset coordinates
// [0,width) x [0,height) defines which hexes exist.
class Map {
public:
    Map() = default;
    Map(MapMetadata meta, Terrain fill);

    const MapMetadata& metadata() const { return m_meta; }
    MapMetadata& metadata() { return m_meta; }
    hex::OffsetSystem offsets() const { return {m_meta.orientation, m_meta.parity}; }
    int width() const { return m_meta.width; }
    int height() const { return m_meta.height; }
    std::size_t hexCount() const { return m_terrain.size(); }

    bool contains(Hex h) const;
    // The hex grid on the Earth, when the map has a georeference (metadata().geo).
    std::optional<GeoGrid> geoGrid() const;
    // Row-major index of an on-map hex; callers check contains() first.
    std::size_t indexOf(Hex h) const;
    Hex hexAt(std::size_t index) const;
    // Every on-map hex in row-major order.
    std::vector<Hex> allHexes() const;

    Terrain terrain(Hex h) const { return m_terrain[indexOf(h)]; }
    void setTerrain(Hex h, Terrain t) { m_terrain[indexOf(h)] = t; }

    // Hexside features are stored once per hexside, keyed on the canonical (hex, dir) with dir in 0..2.
    const Hexside* hexside(Hex h, int dir) const;
    Hexside& hexsideRef(Hex h, int dir);
    // Rebuilds the per-hexside table from rivers and crossings. Called by the reader and by editors.
    void rebuildHexsides();
    // Derived: a hexside between land and sea/lake (§15.8 coast; §11.1).
    bool isCoast(Hex h, int dir) const;
    bool isCoastal(Hex h) const;

    // Links between adjacent hexes derived from routes; kinds present on the hexside h→dir.
    std::vector<LinkKind> links(Hex h, int dir) const;
    bool hasLink(Hex h, int dir, LinkKind kind) const;
    // The kinds of route across a hexside at once, a bit per LinkKind (1 << kind): links and hasLink in one look-up.
    std::uint8_t linkKinds(Hex h, int dir) const;
    void rebuildLinks();

    std::vector<Route>& routes() { return m_routes; }
    const std::vector<Route>& routes() const { return m_routes; }
    std::vector<River>& rivers() { return m_rivers; }
    const std::vector<River>& rivers() const { return m_rivers; }
    std::vector<CrossingPoint>& crossings() { return m_crossings; }
    const std::vector<CrossingPoint>& crossings() const { return m_crossings; }
    std::vector<UrbanArea>& urbanAreas() { return m_urban; }
    const std::vector<UrbanArea>& urbanAreas() const { return m_urban; }
    const UrbanArea* urbanAreaAt(Hex h) const;
    const UrbanArea* urbanArea(std::string_view id) const;
    // G-16: the map's default region and the areas that override it; regionAt() is the region of one hex.
    Region& regionDefault() { return m_regionDefault; }
    Region regionDefault() const { return m_regionDefault; }
    std::vector<RegionArea>& regionAreas() { return m_regionAreas; }
    const std::vector<RegionArea>& regionAreas() const { return m_regionAreas; }
    Region regionAt(Hex h) const;
    std::vector<Label>& labels() { return m_labels; }
    const std::vector<Label>& labels() const { return m_labels; }
    std::vector<SideGeography>& sides() { return m_sides; }
    const std::vector<SideGeography>& sides() const { return m_sides; }
    const SideGeography* side(std::string_view id) const;

    bool onEdge(Hex h, MapEdge e) const;

    // Semantic checks the XSD cannot express, as coded issues (see docs/formats/map.md for the codes).
    core::IssueList validate() const;

private:
    struct SideKey {
        Hex hex;
        int dir;
        friend bool operator<(const SideKey& a, const SideKey& b) { return a.hex != b.hex ? a.hex < b.hex : a.dir < b.dir; }
    };
    static SideKey canonical(Hex h, int dir);

    // A table shared between copies of a map until one of them changes it (then that one copies it first): a copy
    // of the campaign's map for each phase (performance.md P2) does not copy its per-hexside tables. Only this map's
    // own members change the tables, each through mut().
    template <typename T>
    class Shared {
    public:
        const T& get() const { return *m_p; }
        T& mut() {
            if (m_p.use_count() != 1) m_p = std::make_shared<T>(*m_p);
            return *m_p;
        }

    private:
        std::shared_ptr<T> m_p = std::make_shared<T>();
    };

    MapMetadata m_meta;
    std::vector<Terrain> m_terrain;
    Shared<std::map<SideKey, Hexside>> m_hexsides;
    Shared<std::map<SideKey, std::uint8_t>> m_links;  // bit per LinkKind
    // Per hex index and direction (index * 6 + dir), the LinkKind bits of the routes leaving the hex that way, at both
    // ends of each link: hasLink and links answer from it without a search of m_links, which was most of the LOC
    // network's set-up. m_links answers only for a hexside of a hex off the map.
    std::vector<std::uint8_t> m_linkKinds;

    std::vector<Route> m_routes;
    std::vector<River> m_rivers;
    std::vector<CrossingPoint> m_crossings;
    std::vector<UrbanArea> m_urban;
    std::vector<Label> m_labels;
    Region m_regionDefault = Region::None;
    std::vector<RegionArea> m_regionAreas;
    std::vector<SideGeography> m_sides;
};

}  // namespace etatmajor::map
