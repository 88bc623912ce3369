// SPDX-License-Identifier: GPL-3.0-or-later
// Hex maths tested by its laws over a region of hexes (Red Blob Games' identities).
#include "etatmajor/hex/hex.hpp"
#include "etatmajor/hex/layout.hpp"
#include "etatmajor/hex/offset.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <set>

using namespace etatmajor::hex;

namespace {
std::vector<Hex> region() { return spiral({0, 0}, 6); }
}  // namespace

TEST_CASE("cube coordinates sum to zero and distance is a metric", "[hex]") {
    const auto hexes = region();
    REQUIRE(hexes.size() == 1 + 3 * 6 * 7);
    for (const Hex a : hexes) {
        CHECK(a.q + a.r + a.s() == 0);
        CHECK(distance(a, a) == 0);
        for (const Hex b : {Hex{3, -1}, Hex{-2, 5}, Hex{0, 0}, Hex{6, -6}}) {
            CHECK(distance(a, b) == distance(b, a));
            CHECK(distance(a, b) >= 0);
            CHECK((distance(a, b) == 0) == (a == b));
            for (const Hex c : {Hex{1, 1}, Hex{-4, 0}}) CHECK(distance(a, c) <= distance(a, b) + distance(b, c));
        }
    }
}

TEST_CASE("neighbours are at distance one, distinct, and directions are opposite in pairs", "[hex]") {
    for (const Hex h : region()) {
        const auto ns = neighbours(h);
        std::set<Hex> distinct(ns.begin(), ns.end());
        CHECK(distinct.size() == 6);
        for (int d = 0; d < kDirections; ++d) {
            CHECK(distance(h, neighbour(h, d)) == 1);
            CHECK(neighbour(neighbour(h, d), oppositeDirection(d)) == h);
            CHECK(directionTo(h, neighbour(h, d)) == d);
        }
        CHECK(directionTo(h, h + Hex{2, 0}) == -1);
    }
}

TEST_CASE("six rotations return to the start and preserve length", "[hex]") {
    for (const Hex h : region()) {
        Hex l = h, r = h;
        for (int i = 0; i < 6; ++i) {
            l = rotateLeft(l);
            r = rotateRight(r);
            CHECK(length(l) == length(h));
        }
        CHECK(l == h);
        CHECK(r == h);
        CHECK(rotateRight(rotateLeft(h)) == h);
    }
}

TEST_CASE("lines have distance+1 hexes, each adjacent to the next, from a to b", "[hex]") {
    const Hex origin{0, 0};
    for (const Hex b : region()) {
        const auto l = line(origin, b);
        REQUIRE(l.size() == static_cast<std::size_t>(distance(origin, b)) + 1);
        CHECK(l.front() == origin);
        CHECK(l.back() == b);
        for (std::size_t i = 1; i < l.size(); ++i) CHECK(distance(l[i - 1], l[i]) == 1);
        // A line is as short as possible: every hex lies on a shortest path.
        for (std::size_t i = 0; i < l.size(); ++i) CHECK(distance(origin, l[i]) == static_cast<int>(i));
    }
}

TEST_CASE("rings hold 6r hexes at exactly r; spirals hold 1+3r(r+1)", "[hex]") {
    const Hex c{2, -3};
    CHECK(ring(c, 0) == std::vector<Hex>{c});
    for (int radius = 1; radius <= 5; ++radius) {
        const auto r = ring(c, radius);
        CHECK(r.size() == static_cast<std::size_t>(6 * radius));
        std::set<Hex> distinct(r.begin(), r.end());
        CHECK(distinct.size() == r.size());
        for (std::size_t i = 0; i < r.size(); ++i) {
            CHECK(distance(c, r[i]) == radius);
            CHECK(distance(r[i], r[(i + 1) % r.size()]) == 1);  // a closed walk
        }
        const auto s = spiral(c, radius);
        CHECK(s.size() == static_cast<std::size_t>(1 + 3 * radius * (radius + 1)));
        CHECK(std::set<Hex>(s.begin(), s.end()).size() == s.size());
    }
}

TEST_CASE("pixel layout round-trips and neighbouring centres are equally spaced", "[hex]") {
    for (const auto orientation : {Orientation::Pointy, Orientation::Flat}) {
        const Layout layout(orientation, {10.0, 10.0}, {35.0, -12.5});
        const double spacing = std::sqrt(3.0) * 10.0;
        for (const Hex h : region()) {
            CHECK(layout.hexAt(layout.toPixel(h)) == h);
            // Points just inside a corner still belong to the hex.
            const auto centre = layout.toPixel(h);
            for (const auto& corner : layout.corners(h)) {
                const Point inside{centre.x + 0.9 * (corner.x - centre.x), centre.y + 0.9 * (corner.y - centre.y)};
                CHECK(layout.hexAt(inside) == h);
            }
            for (int d = 0; d < kDirections; ++d) {
                const auto p = layout.toPixel(neighbour(h, d));
                CHECK(std::hypot(p.x - centre.x, p.y - centre.y) == Approx(spacing));
                // The shared hexside's corners are one hex size apart and equidistant from both centres.
                const auto e = layout.edgeCorners(h, d);
                CHECK(std::hypot(e[0].x - e[1].x, e[0].y - e[1].y) == Approx(10.0));
                CHECK(std::hypot(e[0].x - centre.x, e[0].y - centre.y) == Approx(std::hypot(e[0].x - p.x, e[0].y - p.y)));
            }
        }
    }
}

TEST_CASE("compass direction names match screen geometry", "[hex]") {
    // y grows downwards on screen: "N" means smaller y.
    for (const auto orientation : {Orientation::Pointy, Orientation::Flat}) {
        const Layout layout(orientation, {1.0, 1.0});
        const auto c = layout.toPixel({0, 0});
        for (int d = 0; d < kDirections; ++d) {
            const auto p = layout.toPixel(direction(d));
            const std::string name(directionName(orientation, d));
            if (name.find('N') != std::string::npos) CHECK(p.y < c.y - 1e-9);
            if (name.find('S') != std::string::npos) CHECK(p.y > c.y + 1e-9);
            if (name.find('E') != std::string::npos) CHECK(p.x > c.x + 1e-9);
            if (name.find('W') != std::string::npos) CHECK(p.x < c.x - 1e-9);
            CHECK(parseDirection(orientation, name) == d);
        }
        CHECK(parseDirection(orientation, "X") == -1);
    }
}

TEST_CASE("offset coordinates convert both ways for every orientation and parity", "[hex]") {
    for (const auto orientation : {Orientation::Pointy, Orientation::Flat})
        for (const auto parity : {OffsetParity::Odd, OffsetParity::Even}) {
            const OffsetSystem sys(orientation, parity);
            for (int col = 0; col < 12; ++col)
                for (int row = 0; row < 12; ++row) {
                    const Offset o{col, row};
                    CHECK(sys.toOffset(sys.toHex(o)) == o);
                }
            for (const Hex h : region()) CHECK(sys.toHex(sys.toOffset(h)) == h);
        }
    // odd-r: row 1 is shoved right, so (0,1) sits between (0,0) and (1,0).
    const OffsetSystem oddR(Orientation::Pointy, OffsetParity::Odd);
    CHECK(distance(oddR.toHex({0, 1}), oddR.toHex({0, 0})) == 1);
    CHECK(distance(oddR.toHex({0, 1}), oddR.toHex({1, 0})) == 1);
    const OffsetSystem evenR(Orientation::Pointy, OffsetParity::Even);
    CHECK(distance(evenR.toHex({1, 1}), evenR.toHex({0, 0})) == 1);
    CHECK(distance(evenR.toHex({0, 1}), evenR.toHex({1, 0})) == 2);
}

TEST_CASE("offset text parses strictly", "[hex]") {
    CHECK(parseOffset("12,7") == Offset{12, 7});
    CHECK(formatOffset({3, 40}) == "3,40");
    for (const char* bad : {"", "12", "12,", ",7", "a,b", "1,2,3", "-1,2", "1, 2"}) CHECK_FALSE(parseOffset(bad).has_value());
}
