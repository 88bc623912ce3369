// SPDX-License-Identifier: GPL-3.0-or-later
// The GSHHG shorelines and WDBII rivers, read through the Generic Mapping Tools' C API (GMT 6, in-process; the data
// as Debian ships them in gmt-gshhg-high and gmt-common). GMT never appears in this header.
//
// GSHHG levels of a point (Wessel and Smith, "A Global Self-consistent, Hierarchical, High-resolution Shoreline
// Database", 1996): 1 land, 2 lake, 3 island in a lake, 4 pond on such an island; 0 is the ocean.
#pragma once

#include "etatmajor/map/geo.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace etatmajor::geo {

// A rectangle of latitude and longitude (degrees; west < east, no crossing of the 180th meridian).
struct Region {
    double south = 0, west = 0, north = 0, east = 0;
};

enum class Surface : std::uint8_t { Ocean = 0, Land = 1, Lake = 2, Island = 3, Pond = 4 };
// Ocean, lakes and ponds are water; land and islands in lakes are land.
constexpr bool isWater(Surface s) { return s == Surface::Ocean || s == Surface::Lake || s == Surface::Pond; }

// The surface at the nodes of a regular latitude/longitude grid covering a region (row 0 at the north).
struct SurfaceGrid {
    double west = 0, north = 0, increment = 0;  // degrees
    int cols = 0, rows = 0;
    std::vector<Surface> cells;  // row-major

    map::LatLon node(int col, int row) const { return {north - row * increment, west + col * increment}; }
    Surface at(int col, int row) const { return cells[static_cast<std::size_t>(row) * static_cast<std::size_t>(cols) + col]; }
};

// WDBII river classes as GMT numbers them (its coast -I option): 0 double-lined rivers, 1 permanent major rivers,
// 2 additional major rivers, 3 additional rivers, 4 minor rivers, 5-7 intermittent rivers, 8-10 canals.
struct RiverLine {
    int riverClass = 0;
    std::vector<map::LatLon> points;
};

// Resolution of the data: 'f' full, 'h' high (the default), 'i' intermediate, 'l' low, 'c' crude.
struct GshhgOptions {
    char resolution = 'h';
    std::string dataDir;  // a directory holding binned_GSHHS_<r>.nc and binned_river_<r>.nc; empty: where GMT finds them
};

// A failure to read the data: code GEO-GSHHG-MISSING (the files are not there) or GEO-GMT (GMT refused; its own
// message is carried, cut to a line).
class GeoError : public std::runtime_error {
public:
    GeoError(std::string code, const std::string& message) : std::runtime_error(message), m_code(std::move(code)) {}
    const std::string& code() const { return m_code; }

private:
    std::string m_code;
};

class Gshhg {
public:
    explicit Gshhg(GshhgOptions options = {});

    // The surface at every node of a grid of `increment` degrees over the region (GMT grdlandmask).
    SurfaceGrid surface(const Region& region, double increment) const;
    // The surface at each point, decided from the shoreline polygons themselves (GMT select), not from a grid.
    std::vector<Surface> surfaceAt(const Region& region, const std::vector<map::LatLon>& points) const;
    // The river lines of the given classes that lie in or cross the region (GMT coast -I … -M); whole bins of the
    // data come back, so lines reach somewhat beyond the region.
    std::vector<RiverLine> rivers(const Region& region, const std::vector<int>& classes) const;

    // The shorelines of every level that lie in or cross the region (GMT coast -W -M), as lines; whole bins again.
    std::vector<std::vector<map::LatLon>> shorelines(const Region& region) const;

    // Names the data for a map's record of its sources.
    std::string sourceText() const;

private:
    GshhgOptions m_options;
};

}  // namespace etatmajor::geo
