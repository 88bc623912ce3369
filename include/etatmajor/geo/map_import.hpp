// SPDX-License-Identifier: GPL-3.0-or-later
// A starting map from real geography (docs/formats/map.md, "Importing real geography"): the hex grid laid on a
// transverse Mercator projection about the region's centre (map/geo.hpp), sea and lakes as water hexes from the GSHHG
// shorelines, the WDBII rivers on hexsides, and towns of a gazetteer placed by latitude and longitude. Roads, terrain,
// fords and the sides' geography remain the map maker's work.
#pragma once

#include "etatmajor/core/issue.hpp"
#include "etatmajor/geo/gazetteer.hpp"
#include "etatmajor/geo/gshhg.hpp"
#include "etatmajor/map/map.hpp"

#include <optional>
#include <string>

namespace etatmajor::geo {

// The largest import: a region at most kMaxRegionDegrees either way, and a map of at most kMaxImportHexes hexes.
inline constexpr double kMaxRegionDegrees = 20.0;
inline constexpr long kMaxImportHexes = 250000;
inline constexpr double kMinKmPerHex = 0.5;
inline constexpr double kMaxKmPerHex = 50.0;

struct ImportOptions {
    Region region;
    double kmPerHex = 8.0;
    hex::Orientation orientation = hex::Orientation::Pointy;
    std::string id = "imported";
    std::string name = "Imported map";
    GshhgOptions data;
};

// "LAT1,LON1,LAT2,LON2" (two opposite corners, in either order); nullopt when it is not four numbers.
std::optional<Region> parseRegion(const std::string& text);

// Problems of the options themselves, before any data is read: GEO-REGION (latitudes outside ±80 degrees, longitudes
// outside ±180, an empty region, one crossing the 180th meridian), GEO-REGION-TOO-LARGE, GEO-SCALE (kmPerHex
// outside kMinKmPerHex..kMaxKmPerHex), MAP-ID (an id the map format does not allow).
core::IssueList checkImportOptions(const ImportOptions& options);

// How the hexes were decided, for a report and for tests.
struct ImportSummary {
    int seaHexes = 0, lakeHexes = 0, landHexes = 0;
    int riverHexsides = 0, streamHexsides = 0, navigableHexsides = 0;
    double gridIncrement = 0;  // degrees between the nodes of the land mask
};

struct ImportResult {
    map::Map map;
    core::IssueList issues;  // warnings of the gazetteer's placing (and its errors, which leave a place out)
    ImportSummary summary;
};

// Builds the map. Throws GeoError when the data cannot be read; the options must have passed checkImportOptions.
// With a gazetteer, its places become urban areas and its river names name the imported rivers.
ImportResult importMap(const ImportOptions& options, const Gshhg& data, const Gazetteer* gazetteer = nullptr);

// The hexsides a river line crosses: every pair of adjacent hex centres whose joining segment the line crosses is
// separated by the river, so their common hexside carries it (canonical (hex, dir) with dir 0..2). Hexes off the map
// are kept; the caller filters.
std::vector<map::HexsideRef> riverHexsides(const map::GeoGrid& grid, const std::vector<map::LatLon>& line);

// Everything a gazetteer adds to a map that has a georeference, in this order: river names (and kinds) to the
// imported rivers, the courses the data lack, terrain areas, the towns (placeTowns), and the roads through them with a
// crossing wherever a road crosses a river or stream (a ford, or a ferry written as a bridge on a river that cannot be
// waded), and the labels. A road through water or off the map is left out with a warning (GAZ-ROAD-WATER, GAZ-OFFMAP,
// GAZ-ROAD-PLACE), as is a label off the map (GAZ-OFFMAP).
core::IssueList applyGazetteer(map::Map& map, const Gazetteer& gazetteer);

// Places a gazetteer's towns on a map that has a georeference: each place in the hex its latitude and longitude fall
// in; a place in a water hex or in a hex already holding a town goes to the nearest free land hex next to it
// (warning GAZ-MOVED); a place off the map (GAZ-OFFMAP) or with no free land hex next to it (GAZ-NO-ROOM) is left
// out with a warning. Returns the issues.
core::IssueList placeTowns(map::Map& map, const Gazetteer& gazetteer);

}  // namespace etatmajor::geo
