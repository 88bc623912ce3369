// SPDX-License-Identifier: GPL-3.0-or-later
// The transverse Mercator of map/geo.hpp by its laws, and the georeference of a map file.
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/map/geo.hpp"
#include "etatmajor/map/map.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

using namespace etatmajor;

namespace {
// Great-circle distance on the projection's sphere (haversine), in km.
double greatCircle(map::LatLon a, map::LatLon b) {
    constexpr double k = std::numbers::pi / 180.0;
    const double dphi = (b.lat - a.lat) * k, dlam = (b.lon - a.lon) * k;
    const double h = std::sin(dphi / 2) * std::sin(dphi / 2) +
                     std::cos(a.lat * k) * std::cos(b.lat * k) * std::sin(dlam / 2) * std::sin(dlam / 2);
    return 2 * map::kEarthRadiusKm * std::asin(std::sqrt(h));
}
}  // namespace

TEST_CASE("the projection's centre is the plane's origin and unproject undoes project", "[geo]") {
    map::GeoReference g{38.25, -76.5, {}, ""};
    const auto o = map::project(g, {38.25, -76.5});
    CHECK(std::fabs(o.east) < 1e-9);
    CHECK(std::fabs(o.north) < 1e-9);
    for (double lat = 30; lat <= 46; lat += 2.5)
        for (double lon = -82; lon <= -71; lon += 1.5) {
            const auto back = map::unproject(g, map::project(g, {lat, lon}));
            CHECK(back.lat == Approx(lat).margin(1e-9));
            CHECK(back.lon == Approx(lon).margin(1e-9));
        }
    // North is up and east is right: a point north-east of the centre has positive coordinates.
    const auto ne = map::project(g, {39, -76});
    CHECK(ne.east > 0);
    CHECK(ne.north > 0);
}

TEST_CASE("distances on the plane are true within 0.2 per cent across a theatre", "[geo]") {
    map::GeoReference g{38.25, -76.5, {}, ""};
    // Pairs of points up to 250 km from the central meridian.
    const map::LatLon pts[] = {{36.5, -79.3}, {40.1, -73.7}, {38.25, -76.5}, {39.9, -78.9}, {36.6, -74.2}};
    for (const auto& a : pts)
        for (const auto& b : pts) {
            if (&a == &b) continue;
            const auto pa = map::project(g, a), pb = map::project(g, b);
            const double plane = std::hypot(pa.east - pb.east, pa.north - pb.north);
            CHECK(plane == Approx(greatCircle(a, b)).epsilon(0.002));
        }
}

TEST_CASE("adjacent hex centres of a georeferenced grid lie kmPerHex apart on the Earth", "[geo]") {
    for (const auto orientation : {hex::Orientation::Pointy, hex::Orientation::Flat}) {
        map::GeoGrid grid({40.0, -74.5, {-60, 80}, ""}, 6.0, orientation);
        for (const hex::Hex h : hex::spiral({3, 7}, 4))
            for (int dir = 0; dir < hex::kDirections; ++dir) {
                const double d = greatCircle(grid.latLon(h), grid.latLon(hex::neighbour(h, dir)));
                CHECK(d == Approx(6.0).epsilon(0.003));
            }
        // Every hex's centre falls in that hex.
        for (const hex::Hex h : hex::spiral({5, 5}, 6)) CHECK(grid.hexAt(grid.latLon(h)) == h);
    }
}

TEST_CASE("a map's georeference is written as version 2 and read back; a map without one stays version 1", "[geo]") {
    map::MapMetadata meta;
    meta.id = "geo";
    meta.name = "Georeferenced";
    meta.kmPerHex = 8;
    meta.width = 10;
    meta.height = 12;
    map::Map plain(meta, map::Terrain::Clear);
    const std::string plainXml = io::writeMapString(plain);
    CHECK(plainXml.find("formatVersion=\"1\"") != std::string::npos);
    CHECK(plainXml.find("<geo") == std::string::npos);
    CHECK_FALSE(io::readMapString(plainXml, "plain.xml").map.geoGrid());

    meta.geo = map::GeoReference{37.25, -76.75, {-81.25, 96.5}, "GSHHG (LGPL) & friends"};
    map::Map m(meta, map::Terrain::Clear);
    const std::string xml = io::writeMapString(m);
    CHECK(xml.find("formatVersion=\"2\"") != std::string::npos);
    const auto back = io::readMapString(xml, "geo.xml").map;
    REQUIRE(back.metadata().geo);
    CHECK(back.metadata().geo->source == "GSHHG (LGPL) & friends");
    const auto a = m.geoGrid()->latLon(m.offsets().toHex({7, 9}));
    const auto b = back.geoGrid()->latLon(back.offsets().toHex({7, 9}));
    CHECK(a.lat == Approx(b.lat).margin(1e-6));
    CHECK(a.lon == Approx(b.lon).margin(1e-6));
    // The centre of hex 0,0 is the origin.
    const auto o = map::project(*meta.geo, m.geoGrid()->latLon(m.offsets().toHex({0, 0})));
    CHECK(o.east == Approx(-81.25).margin(1e-6));
    CHECK(o.north == Approx(96.5).margin(1e-6));
}

TEST_CASE("a georeference with an unknown projection or a latitude out of range is refused with its line", "[geo]") {
    const std::string head =
        "<?xml version=\"1.0\"?>\n<map formatVersion=\"2\" id=\"g\" name=\"G\" kmPerHex=\"8\" orientation=\"pointy\" width=\"3\" "
        "height=\"3\">\n";
    const std::string tail = "<terrain/>\n</map>\n";
    try {
        io::readMapString(head + "<geo projection=\"mercator\" lat0=\"1\" lon0=\"2\" originEast=\"0\" originNorth=\"0\"/>\n" + tail,
                          "g.xml");
        FAIL("accepted an unknown projection");
    } catch (const core::FileError& e) {
        CHECK(e.code() == "XML-ATTR-VALUE");
        CHECK(e.line() == 3);
    }
    try {
        io::readMapString(head + "<geo lat0=\"95\" lon0=\"2\" originEast=\"0\" originNorth=\"0\"/>\n" + tail, "g.xml");
        FAIL("accepted latitude 95");
    } catch (const core::FileError& e) {
        CHECK(e.code() == "XML-ATTR-VALUE");
    }
    try {
        io::readMapString(head.substr(0, head.find("formatVersion=\"2\"")) + "formatVersion=\"3\"" +
                              head.substr(head.find("formatVersion=\"2\"") + 17) + tail,
                          "g.xml");
        FAIL("accepted version 3");
    } catch (const core::FileError& e) {
        CHECK(e.code() == "XML-VERSION-TOO-NEW");
    }
}
