// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/hex/hex.hpp"

#include <cassert>
#include <cmath>
#include <cstdlib>

namespace etatmajor::hex {

Hex direction(int dir) {
    assert(dir >= 0 && dir < kDirections);
    return kDirectionVectors[static_cast<std::size_t>(dir)];
}

Hex neighbour(Hex h, int dir) { return h + direction(dir); }

std::array<Hex, kDirections> neighbours(Hex h) {
    std::array<Hex, kDirections> out{};
    for (int d = 0; d < kDirections; ++d) out[static_cast<std::size_t>(d)] = neighbour(h, d);
    return out;
}

int directionTo(Hex a, Hex b) {
    const Hex d = b - a;
    for (int i = 0; i < kDirections; ++i)
        if (kDirectionVectors[static_cast<std::size_t>(i)] == d) return i;
    return -1;
}

int length(Hex h) { return (std::abs(h.q) + std::abs(h.r) + std::abs(h.s())) / 2; }

int distance(Hex a, Hex b) { return length(a - b); }

Hex rotateLeft(Hex h) { return {-h.s(), -h.q}; }
Hex rotateRight(Hex h) { return {-h.r, -h.s()}; }

Hex round(FractionalHex f) {
    double q = std::round(f.q);
    double r = std::round(f.r);
    double s = std::round(f.s());
    const double dq = std::abs(q - f.q);
    const double dr = std::abs(r - f.r);
    const double ds = std::abs(s - f.s());
    if (dq > dr && dq > ds) q = -r - s;
    else if (dr > ds) r = -q - s;
    return {static_cast<int>(q), static_cast<int>(r)};
}

std::vector<Hex> line(Hex a, Hex b) {
    const int n = distance(a, b);
    std::vector<Hex> out;
    out.reserve(static_cast<std::size_t>(n) + 1);
    // Nudge both ends by a tiny fixed amount so points on hexside boundaries fall consistently on one side.
    constexpr double kNudgeQ = 1e-6;
    constexpr double kNudgeR = 2e-6;
    const double aq = a.q + kNudgeQ, ar = a.r + kNudgeR;
    const double bq = b.q + kNudgeQ, br = b.r + kNudgeR;
    for (int i = 0; i <= n; ++i) {
        const double t = n == 0 ? 0.0 : static_cast<double>(i) / n;
        out.push_back(round({aq + (bq - aq) * t, ar + (br - ar) * t}));
    }
    return out;
}

std::vector<Hex> ring(Hex centre, int radius) {
    assert(radius >= 0);
    if (radius == 0) return {centre};
    std::vector<Hex> out;
    out.reserve(static_cast<std::size_t>(6 * radius));
    Hex h = centre + direction(4) * radius;
    for (int side = 0; side < kDirections; ++side)
        for (int step = 0; step < radius; ++step) {
            out.push_back(h);
            h = neighbour(h, side);
        }
    return out;
}

std::vector<Hex> spiral(Hex centre, int radius) {
    std::vector<Hex> out;
    out.reserve(static_cast<std::size_t>(1 + 3 * radius * (radius + 1)));
    for (int k = 0; k <= radius; ++k) {
        const auto r = ring(centre, k);
        out.insert(out.end(), r.begin(), r.end());
    }
    return out;
}

std::string toString(Hex h) { return "(" + std::to_string(h.q) + "," + std::to_string(h.r) + ")"; }

}  // namespace etatmajor::hex
