// SPDX-License-Identifier: GPL-3.0-or-later
// The importer on the Chesapeake (36.5-40.0 N, 75.5-77.5 W at 8 km a hex): water hexes against the GSHHG polygons,
// rivers on the hexsides they cross, the gazetteer's towns, and the refusals.
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/geo/gazetteer.hpp"
#include "etatmajor/geo/map_import.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "test_paths.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>

using namespace etatmajor;

namespace {

geo::ImportOptions chesapeake() {
    geo::ImportOptions o;
    o.region = {36.5, -77.5, 40.0, -75.5};
    o.kmPerHex = 8;
    o.id = "chesapeake";
    return o;
}

// The imported map as the file holds it: written and read back, so the test sees what a map maker gets.
const map::Map& importedChesapeake() {
    static const map::Map m = [] {
        const auto r = geo::importMap(chesapeake(), geo::Gshhg{});
        return io::readMapString(io::writeMapString(r.map), "chesapeake.xml").map;
    }();
    return m;
}

double uniform(dice::SplitMix64& g, double lo, double hi) { return lo + (hi - lo) * static_cast<double>(g.next() >> 11) * 0x1.0p-53; }

// Whether segment ab crosses segment cd, by solving a + s(b - a) = c + t(d - c) for s and t in [0, 1] (a different
// calculation from the importer's orientation tests).
bool segmentsMeet(hex::Point a, hex::Point b, hex::Point c, hex::Point d) {
    const double rx = b.x - a.x, ry = b.y - a.y, sx = d.x - c.x, sy = d.y - c.y;
    const double den = rx * sy - ry * sx;
    if (std::fabs(den) < 1e-12) return false;
    const double s = ((c.x - a.x) * sy - (c.y - a.y) * sx) / den;
    const double t = ((c.x - a.x) * ry - (c.y - a.y) * rx) / den;
    return s > 1e-9 && s < 1 - 1e-9 && t > 1e-9 && t < 1 - 1e-9;
}

// Distance in km from p to the nearest of the lines (on the plane).
double distanceToLines(hex::Point p, const std::vector<std::vector<hex::Point>>& lines) {
    double best = 1e300;
    for (const auto& l : lines)
        for (std::size_t i = 0; i + 1 < l.size(); ++i) {
            const hex::Point a = l[i], b = l[i + 1];
            const double vx = b.x - a.x, vy = b.y - a.y, len2 = vx * vx + vy * vy;
            const double t = len2 > 0 ? std::clamp(((p.x - a.x) * vx + (p.y - a.y) * vy) / len2, 0.0, 1.0) : 0.0;
            best = std::min(best, std::hypot(p.x - a.x - t * vx, p.y - a.y - t * vy));
        }
    return best;
}

// Agreement of the sampled points with their hexes: how many of them, and how many in water.
struct Agreement {
    int agree = 0, water = 0;
};
Agreement agreement(const map::Map& m, const std::vector<map::LatLon>& pts) {
    const auto grid = *m.geoGrid();
    // The truth: each point against the shoreline polygons themselves (GMT select), not the importer's land mask.
    const auto truth = geo::Gshhg{}.surfaceAt({36.5, -77.5, 40.0, -75.5}, pts);
    Agreement a;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const hex::Hex h = grid.hexAt(pts[i]);
        REQUIRE(m.contains(h));  // every point of the region falls on the map
        const bool wet = geo::isWater(truth[i]);
        a.water += wet;
        a.agree += wet == map::isWater(m.terrain(h));
    }
    return a;
}

}  // namespace

// A map whose hexes are wholly land or water cannot agree with every point: in a hex the shoreline crosses, the
// smaller part is on the wrong side whatever the hex is. Taking the larger part (the importer's rule) is the best a
// whole-hex map can do; on the Chesapeake, with its long tidal rivers, that leaves about 6 % of the area wrong at
// 8 km a hex (about 3 % at 2 km). So the 1000 points uniform over the region are held to 93 %, and 1000 points
// half a hex or more from any shoreline, where the map's hexes are meant to be right, to 98 %.
TEST_CASE("Chesapeake: 1000 random points agree with their hex's land or water", "[geo][import]") {
    const map::Map& m = importedChesapeake();
    const auto grid = *m.geoGrid();
    std::vector<std::vector<hex::Point>> shores;
    for (const auto& l : geo::Gshhg{}.shorelines({36.3, -77.8, 40.2, -75.2})) {
        std::vector<hex::Point> p;
        for (const auto& ll : l) p.push_back(grid.planeToLayout(map::project(grid.reference(), ll)));
        shores.push_back(std::move(p));
    }
    REQUIRE(shores.size() > 50);
    dice::SplitMix64 g(20260515);
    std::vector<map::LatLon> uniformPts, inlandPts;
    while (uniformPts.size() < 1000 || inlandPts.size() < 1000) {
        const map::LatLon p{uniform(g, 36.5, 40.0), uniform(g, -77.5, -75.5)};
        if (uniformPts.size() < 1000) uniformPts.push_back(p);
        if (inlandPts.size() < 1000 && distanceToLines(grid.planeToLayout(map::project(grid.reference(), p)), shores) >= 4.0)
            inlandPts.push_back(p);
    }
    const auto all = agreement(m, uniformPts);
    const auto away = agreement(m, inlandPts);
    WARN("Chesapeake at 8 km a hex: " << all.agree << " of 1000 uniform points agree (" << all.water << " in water); " << away.agree
                                      << " of 1000 points half a hex or more from the shore (" << away.water << " in water)");
    CHECK(all.water > 150);  // the samples hold the bay, so a map of all land would fail both
    CHECK(away.water > 100);
    CHECK(all.agree >= 930);
    CHECK(away.agree >= 980);
}

TEST_CASE("Chesapeake: every pair of land hex centres a river passes between has a river hexside, and no other", "[geo][import]") {
    const map::Map& m = importedChesapeake();
    const auto grid = *m.geoGrid();
    const auto lines = geo::Gshhg{}.rivers({36.3, -77.8, 40.2, -75.2}, {1, 2, 3, 4});
    REQUIRE(lines.size() > 5);
    std::vector<std::vector<hex::Point>> planeLines;
    for (const auto& l : lines) {
        std::vector<hex::Point> p;
        for (const auto& ll : l.points) p.push_back(grid.planeToLayout(map::project(grid.reference(), ll)));
        planeLines.push_back(std::move(p));
    }
    int crossed = 0, carried = 0, riverSides = 0, justified = 0;
    for (const hex::Hex h : m.allHexes())
        for (int dir = 0; dir < 3; ++dir) {
            const hex::Hex n = hex::neighbour(h, dir);
            if (!m.contains(n) || map::isWater(m.terrain(h)) || map::isWater(m.terrain(n))) continue;
            const auto a = grid.layout().toPixel(h), b = grid.layout().toPixel(n);
            bool meets = false;
            for (const auto& line : planeLines)
                for (std::size_t i = 0; i + 1 < line.size() && !meets; ++i) meets = segmentsMeet(a, b, line[i], line[i + 1]);
            const auto* side = m.hexside(h, dir);
            const bool river = side && side->watercourse != map::Watercourse::None;
            crossed += meets;
            carried += meets && river;
            riverSides += river;
            justified += river && meets;
        }
    INFO(crossed << " centre pairs crossed by a river, " << carried << " of them on a river hexside; " << riverSides
                 << " river hexsides, " << justified << " crossed");
    CHECK(crossed > 30);
    CHECK(carried == crossed);
    CHECK(justified == riverSides);
    // The largest rivers are navigable; the minor ones streams.
    bool navigable = false, stream = false;
    for (const auto& r : m.rivers()) {
        navigable |= r.navigable;
        stream |= r.kind == map::Watercourse::Stream;
    }
    CHECK(navigable);
    CHECK(stream);
}

TEST_CASE("Chesapeake: the open bay and the ocean are sea, the country west of the fall line land", "[geo][import]") {
    const map::Map& m = importedChesapeake();
    const auto grid = *m.geoGrid();
    CHECK(m.terrain(grid.hexAt(map::LatLon{37.6, -76.15})) == map::Terrain::Sea);     // mid-bay, off the Rappahannock
    CHECK(m.terrain(grid.hexAt(map::LatLon{36.75, -75.6})) == map::Terrain::Sea);     // the Atlantic off Virginia Beach
    CHECK(m.terrain(grid.hexAt(map::LatLon{37.54, -77.44})) == map::Terrain::Clear);  // Richmond
    CHECK(m.terrain(grid.hexAt(map::LatLon{39.29, -77.2})) == map::Terrain::Clear);   // the Maryland piedmont
}

TEST_CASE("the gazetteer's towns land in their hexes, and one in the water moves to the land next to it", "[geo][import]") {
    const std::string xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<gazetteer formatVersion="1" name="Test">
  <source>Test positions.</source>
  <place id="richmond" name="Richmond" lat="37.5407" lon="-77.4360" size="town"/>
  <place id="buoy" name="Mid-bay" lat="37.6" lon="-76.15" size="hamlet"/>
  <place id="far" name="Far away" lat="45" lon="-70" size="village"/>
  <river name="Potomac River" lat="39.08" lon="-77.48"/>
</gazetteer>
)";
    const auto gz = geo::readGazetteerString(xml, "test-gazetteer.xml");
    REQUIRE(gz.places.size() == 3);
    CHECK(gz.places[0].line == 4);
    auto r = geo::importMap(chesapeake(), geo::Gshhg{}, &gz);
    const auto& m = r.map;
    const auto grid = *m.geoGrid();
    const auto* richmond = m.urbanArea("richmond");
    REQUIRE(richmond);
    CHECK(richmond->hex == grid.hexAt(map::LatLon{37.5407, -77.4360}));
    CHECK(richmond->size == map::UrbanSize::Town);
    const auto* buoy = m.urbanArea("buoy");
    if (buoy) {
        CHECK_FALSE(map::isWater(m.terrain(buoy->hex)));
        CHECK(hex::distance(buoy->hex, grid.hexAt(map::LatLon{37.6, -76.15})) == 1);
        CHECK(r.issues.hasCode("GAZ-MOVED"));
    } else {
        CHECK(r.issues.hasCode("GAZ-NO-ROOM"));
    }
    CHECK_FALSE(m.urbanArea("far"));
    CHECK(r.issues.hasCode("GAZ-OFFMAP"));
    bool named = false;
    for (const auto& rv : m.rivers()) named |= rv.name == "Potomac River";
    CHECK(named);
    CHECK(m.validate().hasErrors() == false);
}

TEST_CASE("a bad gazetteer is refused with every problem and its line", "[geo]") {
    const std::string xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<gazetteer formatVersion="1">
  <place id="a" name="A" lat="95" lon="-77" size="town"/>
  <place id="b" name="B" lat="37" lon="-77" size="metropolis"/>
  <place id="a" name="A again" lat="37" lon="-77" size="town"/>
</gazetteer>
)";
    try {
        geo::readGazetteerString(xml, "bad.xml");
        FAIL("accepted a bad gazetteer");
    } catch (const core::FileError& e) {
        const auto issues = e.issues();
        REQUIRE(issues.size() == 3);
        CHECK(issues.items()[0].line == 3);
        CHECK(issues.items()[1].line == 4);
        CHECK(issues.items()[2].code == "GAZ-DUP-ID");
    }
}

TEST_CASE("the importer refuses a bad region, one too large, a bad scale and missing data", "[geo][import]") {
    CHECK_FALSE(geo::parseRegion("36.5,-77.5,40"));
    CHECK_FALSE(geo::parseRegion("36.5,-77.5,40,x"));
    const auto r = geo::parseRegion("40,-75.5,36.5,-77.5");
    REQUIRE(r);
    CHECK(r->south == 36.5);
    CHECK(r->west == -77.5);

    auto o = chesapeake();
    o.region = {36.5, -77.5, 36.5, -75.5};
    CHECK(geo::checkImportOptions(o).hasCode("GEO-REGION"));
    o.region = {85, -77.5, 86, -75.5};
    CHECK(geo::checkImportOptions(o).hasCode("GEO-REGION"));
    o.region = {20, -100, 45, -60};
    CHECK(geo::checkImportOptions(o).hasCode("GEO-REGION-TOO-LARGE"));
    o.region = {30, -90, 45, -75};
    o.kmPerHex = 1;
    CHECK(geo::checkImportOptions(o).hasCode("GEO-REGION-TOO-LARGE"));
    o = chesapeake();
    o.kmPerHex = 0;
    CHECK(geo::checkImportOptions(o).hasCode("GEO-SCALE"));
    CHECK_FALSE(geo::checkImportOptions(chesapeake()).hasErrors());

    auto missing = chesapeake();
    missing.data.dataDir = test::scratchDir("gshhg-empty").string();
    try {
        geo::importMap(missing, geo::Gshhg{missing.data});
        FAIL("imported without data");
    } catch (const geo::GeoError& e) {
        CHECK(e.code() == "GEO-GSHHG-MISSING");
    }
}

TEST_CASE("a gazetteer's courses, areas and roads go on the hexes their points fall in", "[geo][import]") {
    const std::string xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<gazetteer formatVersion="1">
  <place id="richmond" name="Richmond" lat="37.5407" lon="-77.4360" size="town"/>
  <place id="hanover" name="Hanover Court House" lat="37.7654" lon="-77.3697" size="hamlet"/>
  <place id="bowling-green" name="Bowling Green" lat="38.0499" lon="-77.3467" size="hamlet"/>
  <course name="North Anna River" kind="river" navigable="true" fordable="false">
    <point lat="37.97" lon="-77.75"/><point lat="37.92" lon="-77.60"/><point lat="37.89" lon="-77.48"/>
    <point lat="37.82" lon="-77.33"/><point lat="37.78" lon="-77.24"/>
  </course>
  <area terrain="woods" lat="37.65" lon="-77.00" radiusKm="12"/>
  <area terrain="hills" lat="37.65" lon="-77.00" radiusKm="5"/>
  <road id="post" name="Post road" kind="major_road" via="richmond hanover bowling-green"/>
  <road id="wet" name="Into the bay" kind="minor_road" via="richmond 37.6,-76.15"/>
  <label text="North Anna" lat="37.90" lon="-77.55"/>
  <label text="Far away" lat="45" lon="-70"/>
</gazetteer>
)";
    const auto gz = geo::readGazetteerString(xml, "g.xml");
    auto r = geo::importMap(chesapeake(), geo::Gshhg{}, &gz);
    const auto& m = r.map;
    const auto grid = *m.geoGrid();
    // The course: every hexside it runs on separates two centres its line passes between, and the line's middle
    // segment is on a hexside of the river.
    const map::River* anna = nullptr;
    for (const auto& rv : m.rivers())
        if (rv.name == "North Anna River") anna = &rv;
    REQUIRE(anna);
    CHECK(anna->navigable);
    CHECK_FALSE(anna->fordable);
    CHECK(anna->sides.size() >= 4);
    // The areas: a later area paints over an earlier one; hexes outside both keep their terrain.
    const map::Map& plain = importedChesapeake();
    const auto centre = map::project(grid.reference(), {37.65, -77.00});
    int hills = 0, woods = 0;
    for (const hex::Hex h : m.allHexes()) {
        const auto c = grid.centre(h);
        const double d = std::hypot(c.east - centre.east, c.north - centre.north);
        const auto before = plain.terrain(h);
        const auto want = before == map::Terrain::Sea ? before : d <= 5 ? map::Terrain::Hills : d <= 12 ? map::Terrain::Woods : before;
        CHECK(m.terrain(h) == want);
        hills += want == map::Terrain::Hills;
        woods += want == map::Terrain::Woods;
    }
    CHECK(hills >= 1);
    CHECK(woods >= 4);
    // The road: from Richmond's hex to Bowling Green's, each step to a neighbour, through Hanover's hex; where it
    // crosses the North Anna a ferry (the river cannot be waded).
    const map::Route* post = nullptr;
    for (const auto& rt : m.routes())
        if (rt.id == "post") post = &rt;
    REQUIRE(post);
    CHECK(post->hexes.front() == m.urbanArea("richmond")->hex);
    CHECK(post->hexes.back() == m.urbanArea("bowling-green")->hex);
    CHECK(std::find(post->hexes.begin(), post->hexes.end(), m.urbanArea("hanover")->hex) != post->hexes.end());
    int ferries = 0;
    for (std::size_t i = 0; i + 1 < post->hexes.size(); ++i) {
        const int dir = hex::directionTo(post->hexes[i], post->hexes[i + 1]);
        REQUIRE(dir >= 0);
        const auto* side = m.hexside(post->hexes[i], dir);
        if (!side || side->watercourse == map::Watercourse::None) continue;
        CHECK(side->crossing != map::Crossing::None);  // every crossing of the road has a ford or ferry
        if (side->name == "North Anna River") {
            CHECK(side->crossing == map::Crossing::Bridge);
            ++ferries;
        }
    }
    CHECK(ferries >= 1);
    // The label on the hex its point falls in; one off the map left out with its warning.
    REQUIRE(m.labels().size() == 1);
    CHECK(m.labels()[0].text == "North Anna");
    CHECK(m.labels()[0].hex == grid.hexAt(map::LatLon{37.90, -77.55}));
    CHECK(r.issues.hasCode("GAZ-OFFMAP"));
    // The road into the bay is left out, with its warning.
    CHECK(std::none_of(m.routes().begin(), m.routes().end(), [](const map::Route& rt) { return rt.id == "wet"; }));
    CHECK(r.issues.hasCode("GAZ-ROAD-WATER"));
    const auto problems = m.validate();
    CHECK_FALSE(problems.hasErrors());
    CHECK_FALSE(problems.hasCode("MAP-ROAD-RIVER-NO-CROSSING"));
}

TEST_CASE("a gazetteer road through an unknown place or with one stop is refused with its line", "[geo]") {
    const std::string xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<gazetteer formatVersion="1">
  <place id="a" name="A" lat="37" lon="-77" size="town"/>
  <road id="r1" kind="major_road" via="a nowhere"/>
  <road id="r2" kind="minor_road" via="a"/>
  <road id="r3" kind="minor_road" via="a 37.5,x"/>
  <course name="C" kind="stream" navigable="true"><point lat="37" lon="-77"/><point lat="37.1" lon="-77"/></course>
</gazetteer>
)";
    try {
        geo::readGazetteerString(xml, "roads.xml");
        FAIL("accepted bad roads");
    } catch (const core::FileError& e) {
        const auto issues = e.issues();
        REQUIRE(issues.size() == 4);
        CHECK(issues.items()[0].code == "GAZ-UNKNOWN-PLACE");
        CHECK(issues.items()[0].line == 4);
        CHECK(issues.items()[1].code == "GAZ-ROAD-SHORT");
        CHECK(issues.items()[2].code == "XML-ATTR-VALUE");
        CHECK(issues.items()[3].line == 7);
    }
}
