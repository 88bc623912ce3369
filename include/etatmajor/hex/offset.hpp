// SPDX-License-Identifier: GPL-3.0-or-later
// Offset coordinates (column, row) as used by map files and by people reading a map.
// This is the only place that knows how offset coordinates map to axial ones.
#pragma once

#include "etatmajor/hex/hex.hpp"
#include "etatmajor/hex/layout.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace etatmajor::hex {

struct Offset {
    int col = 0;
    int row = 0;
    friend constexpr bool operator==(Offset a, Offset b) { return a.col == b.col && a.row == b.row; }
};

// Which rows (pointy) or columns (flat) are shoved half a hex: the odd ones or the even ones.
enum class OffsetParity { Odd, Even };

class OffsetSystem {
public:
    OffsetSystem(Orientation orientation, OffsetParity parity) : m_orientation(orientation), m_parity(parity) {}

    Orientation orientation() const { return m_orientation; }
    OffsetParity parity() const { return m_parity; }

    Hex toHex(Offset o) const;
    Offset toOffset(Hex h) const;

private:
    Orientation m_orientation;
    OffsetParity m_parity;
};

// "col,row" with non-negative integers; nullopt when malformed.
std::optional<Offset> parseOffset(std::string_view text);
std::string formatOffset(Offset o);

// Compass names of the six hexside directions for this orientation (pointy: E NE NW W SW SE;
// flat: SE NE N NW SW S), in axial direction order; screen y grows downwards.
std::string_view directionName(Orientation orientation, int dir);
// -1 if the name is not a direction of that orientation.
int parseDirection(Orientation orientation, std::string_view name);

}  // namespace etatmajor::hex
