// SPDX-License-Identifier: GPL-3.0-or-later
// Where a map lies on the Earth: the projection that places its hex grid, so that every hex centre has a latitude and
// longitude and every point of the Earth near the map falls in one hex (docs/formats/map.md, "Georeference").
//
// The projection is the spherical transverse Mercator about the map's centre (lat0, lon0) on a sphere of radius
// kEarthRadiusKm, with scale 1 on the central meridian: conformal, and within 0.2 % of true distance for 300 km either
// side of that meridian, which is wider than any theatre. Plane coordinates are kilometres east and north of the centre.
#pragma once

#include "etatmajor/hex/hex.hpp"
#include "etatmajor/hex/layout.hpp"
#include "etatmajor/hex/offset.hpp"

#include <string>

namespace etatmajor::map {

// Degrees, north and east positive.
struct LatLon {
    double lat = 0;
    double lon = 0;
};

// Kilometres east and north of the projection's centre.
struct PlanePoint {
    double east = 0;
    double north = 0;
};

// The mean radius of the Earth (IUGG), the sphere of the projection.
inline constexpr double kEarthRadiusKm = 6371.0088;

struct GeoReference {
    double lat0 = 0;  // the projection's centre
    double lon0 = 0;
    PlanePoint origin;   // the centre of hex 0,0 on the plane
    std::string source;  // the data the map was drawn from, with their licences
};

PlanePoint project(const GeoReference& g, LatLon p);
LatLon unproject(const GeoReference& g, PlanePoint p);

// The hex grid of a map laid on the projection's plane: hexes kmPerHex across the flats (centre to centre), offset
// coordinates with row 0 at the north edge and column 0 at the west edge.
class GeoGrid {
public:
    GeoGrid(GeoReference ref, double kmPerHex, hex::Orientation orientation);

    const GeoReference& reference() const { return m_ref; }
    hex::Point planeToLayout(PlanePoint p) const { return {p.east, -p.north}; }
    PlanePoint layoutToPlane(hex::Point p) const { return {p.x, -p.y}; }
    const hex::Layout& layout() const { return m_layout; }

    PlanePoint centre(hex::Hex h) const { return layoutToPlane(m_layout.toPixel(h)); }
    LatLon latLon(hex::Hex h) const { return unproject(m_ref, centre(h)); }
    hex::Hex hexAt(PlanePoint p) const { return m_layout.hexAt(planeToLayout(p)); }
    hex::Hex hexAt(LatLon p) const { return hexAt(project(m_ref, p)); }

private:
    GeoReference m_ref;
    hex::Layout m_layout;
};

// "38.2512 N, 76.5034 W": four decimals (about 10 m), hemisphere letters.
std::string formatLatLon(LatLon p);

}  // namespace etatmajor::map
