// SPDX-License-Identifier: GPL-3.0-or-later
// Shared helpers of the edit tests: the shipped maps, hexes by offset coordinate, and the map as written.
#pragma once

#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/map/map.hpp"
#include "test_paths.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

namespace etatmajor::test {

inline map::Map readMap(const std::string& relative) {
    auto r = io::readMapFile(sourcePath(relative));
    REQUIRE(r.issues.empty());
    return std::move(r.map);
}
inline map::Map smallMap() { return readMap("tests/data/maps/small.xml"); }
inline map::Map carolinas() { return readMap("maps/carolinas-1780.xml"); }

inline hex::Hex at(const map::Map& m, int col, int row) { return m.offsets().toHex({col, row}); }
inline map::HexsideRef side(const map::Map& m, int col, int row, const char* dir) {
    return {at(m, col, row), hex::parseDirection(m.metadata().orientation, dir)};
}
// The whole map as the file writer sees it: two maps are the same when these strings are.
inline std::string written(const map::Map& m) { return io::writeMapString(m); }

// A small seeded generator (xorshift64) for the randomised edit tests: next(n) is a number in [0, n).
class Xorshift {
public:
    explicit Xorshift(std::uint64_t seed) : m_state(seed) {}
    int operator()(int n) {
        m_state ^= m_state << 13;
        m_state ^= m_state >> 7;
        m_state ^= m_state << 17;
        return static_cast<int>(m_state % static_cast<std::uint64_t>(n));
    }

private:
    std::uint64_t m_state;
};

}  // namespace etatmajor::test
