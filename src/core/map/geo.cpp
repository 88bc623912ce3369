// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/map/geo.hpp"

#include <cmath>
#include <cstdio>
#include <numbers>

namespace etatmajor::map {

namespace {
constexpr double kRad = std::numbers::pi / 180.0;
}

// Spherical transverse Mercator (Snyder, "Map Projections: A Working Manual", 1987, eqs. 8-1 to 8-3 and 8-6 to
// 8-7, k0 = 1), its false origin at (lat0, lon0).
PlanePoint project(const GeoReference& g, LatLon p) {
    const double phi = p.lat * kRad, dlam = (p.lon - g.lon0) * kRad, phi0 = g.lat0 * kRad;
    const double b = std::cos(phi) * std::sin(dlam);
    const double east = kEarthRadiusKm * std::atanh(b);
    const double north = kEarthRadiusKm * (std::atan2(std::tan(phi), std::cos(dlam)) - phi0);
    return {east, north};
}

LatLon unproject(const GeoReference& g, PlanePoint p) {
    const double x = p.east / kEarthRadiusKm, d = p.north / kEarthRadiusKm + g.lat0 * kRad;
    const double phi = std::asin(std::sin(d) / std::cosh(x));
    const double lam = std::atan2(std::sinh(x), std::cos(d));
    return {phi / kRad, g.lon0 + lam / kRad};
}

namespace {
// Centre to corner: a hex kmPerHex across the flats has corners kmPerHex / sqrt(3) from its centre.
hex::Point cornerDistance(double kmPerHex) {
    const double s = kmPerHex / std::numbers::sqrt3;
    return {s, s};
}
}  // namespace

GeoGrid::GeoGrid(GeoReference ref, double kmPerHex, hex::Orientation orientation)
    : m_ref(std::move(ref)), m_layout(orientation, cornerDistance(kmPerHex), hex::Point{m_ref.origin.east, -m_ref.origin.north}) {}

std::string formatLatLon(LatLon p) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4f %c, %.4f %c", std::fabs(p.lat), p.lat < 0 ? 'S' : 'N', std::fabs(p.lon),
                  p.lon < 0 ? 'W' : 'E');
    return buf;
}

}  // namespace etatmajor::map
