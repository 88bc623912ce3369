// SPDX-License-Identifier: GPL-3.0-or-later
// Hex coordinates in cube/axial form (the only form used inside the core).
// Offset coordinates exist only at file and display edges: see hex/offset.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace etatmajor::hex {

// Axial coordinate; the third cube coordinate is s = -q - r.
struct Hex {
    int q = 0;
    int r = 0;

    constexpr int s() const { return -q - r; }
    friend constexpr bool operator==(Hex a, Hex b) { return a.q == b.q && a.r == b.r; }
    friend constexpr bool operator!=(Hex a, Hex b) { return !(a == b); }
    // Strict weak order (r, then q) so containers iterate in a defined, row-major order.
    friend constexpr bool operator<(Hex a, Hex b) { return a.r != b.r ? a.r < b.r : a.q < b.q; }
    friend constexpr Hex operator+(Hex a, Hex b) { return {a.q + b.q, a.r + b.r}; }
    friend constexpr Hex operator-(Hex a, Hex b) { return {a.q - b.q, a.r - b.r}; }
    friend constexpr Hex operator*(Hex a, int k) { return {a.q * k, a.r * k}; }
};

// The six neighbour directions, counter-clockwise from "east" in axial terms.
// Direction i and (i + 3) % 6 are opposite.
constexpr int kDirections = 6;
constexpr std::array<Hex, kDirections> kDirectionVectors{{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}};

constexpr int oppositeDirection(int dir) { return (dir + 3) % kDirections; }
Hex direction(int dir);
Hex neighbour(Hex h, int dir);
std::array<Hex, kDirections> neighbours(Hex h);

// Direction from a to b when they are adjacent; -1 otherwise.
int directionTo(Hex a, Hex b);

int length(Hex h);
int distance(Hex a, Hex b);

// Rotation by 60 degrees about the origin.
Hex rotateLeft(Hex h);
Hex rotateRight(Hex h);

// Fractional cube coordinate, used for lines and pixel conversion.
struct FractionalHex {
    double q = 0;
    double r = 0;
    double s() const { return -q - r; }
};
Hex round(FractionalHex f);

// Hexes on the straight line from a to b inclusive (distance(a,b)+1 hexes, each adjacent to the next).
// Ties on hexside boundaries are broken by a fixed epsilon nudge so the result is deterministic.
std::vector<Hex> line(Hex a, Hex b);

// The hexes at exactly `radius` from centre (6*radius of them; just {centre} for radius 0),
// starting in direction 4 and walking counter-clockwise.
std::vector<Hex> ring(Hex centre, int radius);
// All hexes within `radius`, centre first then ring by ring (1 + 3r(r+1) hexes).
std::vector<Hex> spiral(Hex centre, int radius);

std::string toString(Hex h);

struct HexHash {
    std::size_t operator()(Hex h) const noexcept {
        return std::hash<std::uint64_t>{}((static_cast<std::uint64_t>(static_cast<std::uint32_t>(h.q)) << 32) ^
                                          static_cast<std::uint32_t>(h.r));
    }
};

}  // namespace etatmajor::hex
