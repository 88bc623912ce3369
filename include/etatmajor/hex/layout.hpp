// SPDX-License-Identifier: GPL-3.0-or-later
// Conversion between hexes and screen/page points, for pointy-top and flat-top maps.
#pragma once

#include "etatmajor/hex/hex.hpp"

#include <array>

namespace etatmajor::hex {

enum class Orientation { Pointy, Flat };

struct Point {
    double x = 0;
    double y = 0;
};

class Layout {
public:
    // size: distance from a hex centre to a corner, in output units; origin: pixel position of hex (0,0).
    Layout(Orientation orientation, Point size, Point origin = {});

    Orientation orientation() const { return m_orientation; }
    Point size() const { return m_size; }
    Point origin() const { return m_origin; }

    Point toPixel(Hex h) const;
    FractionalHex fromPixel(Point p) const;
    Hex hexAt(Point p) const { return round(fromPixel(p)); }
    std::array<Point, 6> corners(Hex h) const;
    // Midpoint of the hexside between h and its neighbour in direction dir.
    Point edgeMidpoint(Hex h, int dir) const;
    // The two corners bounding the hexside in direction dir.
    std::array<Point, 2> edgeCorners(Hex h, int dir) const;

private:
    Orientation m_orientation;
    Point m_size;
    Point m_origin;
    // forward matrix f0..f3, inverse b0..b3, start angle in sixths of a turn
    double m_f[4];
    double m_b[4];
    double m_startAngle;
};

}  // namespace etatmajor::hex
