// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/hex/layout.hpp"

#include <cmath>

namespace etatmajor::hex {

namespace {
const double kSqrt3 = std::sqrt(3.0);
constexpr double kPi = 3.14159265358979323846;
}  // namespace

Layout::Layout(Orientation orientation, Point size, Point origin) : m_orientation(orientation), m_size(size), m_origin(origin) {
    if (orientation == Orientation::Pointy) {
        m_f[0] = kSqrt3;
        m_f[1] = kSqrt3 / 2.0;
        m_f[2] = 0.0;
        m_f[3] = 3.0 / 2.0;
        m_b[0] = kSqrt3 / 3.0;
        m_b[1] = -1.0 / 3.0;
        m_b[2] = 0.0;
        m_b[3] = 2.0 / 3.0;
        m_startAngle = 0.5;
    } else {
        m_f[0] = 3.0 / 2.0;
        m_f[1] = 0.0;
        m_f[2] = kSqrt3 / 2.0;
        m_f[3] = kSqrt3;
        m_b[0] = 2.0 / 3.0;
        m_b[1] = 0.0;
        m_b[2] = -1.0 / 3.0;
        m_b[3] = kSqrt3 / 3.0;
        m_startAngle = 0.0;
    }
}

Point Layout::toPixel(Hex h) const {
    const double x = (m_f[0] * h.q + m_f[1] * h.r) * m_size.x;
    const double y = (m_f[2] * h.q + m_f[3] * h.r) * m_size.y;
    return {x + m_origin.x, y + m_origin.y};
}

FractionalHex Layout::fromPixel(Point p) const {
    const double px = (p.x - m_origin.x) / m_size.x;
    const double py = (p.y - m_origin.y) / m_size.y;
    return {m_b[0] * px + m_b[1] * py, m_b[2] * px + m_b[3] * py};
}

std::array<Point, 6> Layout::corners(Hex h) const {
    // Corner i lies between the hexsides of directions... computed by angle; corner 0 at startAngle.
    std::array<Point, 6> out{};
    const Point c = toPixel(h);
    for (int i = 0; i < 6; ++i) {
        const double angle = 2.0 * kPi * (m_startAngle - i) / 6.0;
        out[static_cast<std::size_t>(i)] = {c.x + m_size.x * std::cos(angle), c.y - m_size.y * std::sin(angle)};
    }
    return out;
}

std::array<Point, 2> Layout::edgeCorners(Hex h, int dir) const {
    // Pick the two corners nearest the midpoint of the segment to the neighbour's centre.
    const Point a = toPixel(h);
    const Point b = toPixel(neighbour(h, dir));
    const Point mid{(a.x + b.x) / 2.0, (a.y + b.y) / 2.0};
    const auto cs = corners(h);
    std::array<std::size_t, 6> idx{0, 1, 2, 3, 4, 5};
    auto d2 = [&](std::size_t i) {
        const double dx = cs[i].x - mid.x, dy = cs[i].y - mid.y;
        return dx * dx + dy * dy;
    };
    std::size_t best = 0, second = 1;
    if (d2(second) < d2(best)) std::swap(best, second);
    for (std::size_t i = 2; i < idx.size(); ++i) {
        if (d2(i) < d2(best)) {
            second = best;
            best = i;
        } else if (d2(i) < d2(second)) {
            second = i;
        }
    }
    return {cs[best], cs[second]};
}

Point Layout::edgeMidpoint(Hex h, int dir) const {
    const Point a = toPixel(h);
    const Point b = toPixel(neighbour(h, dir));
    return {(a.x + b.x) / 2.0, (a.y + b.y) / 2.0};
}

}  // namespace etatmajor::hex
