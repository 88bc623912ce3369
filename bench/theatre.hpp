// SPDX-License-Identifier: GPL-3.0-or-later
// A theatre-scale campaign for the benchmarks (performance.md P2, P6, P7): the synthetic 100,000-hex map and a
// campaign file of two sides with a given number of MEs each, generated from a seed. Each ME is one brigade (a
// general, a line battalion and a light company) with a player of its own, placed in its side's half of the map
// (british south, american north), no more than three to a hex, drawing on the nearest urban area of that half.
#pragma once

#include "etatmajor/map/map.hpp"

#include <cstdint>
#include <string>

namespace etatmajor::bench {

struct Theatre {
    std::string mapText;       // the map file
    std::string scenarioText;  // the campaign file, naming the map as "theatre-map.xml"
};

// The map is taken by value: its water under roads, towns, LOC entries and HQs is made dry land.
Theatre makeTheatre(map::Map map, int mesPerSide, std::uint64_t seed);

}  // namespace etatmajor::bench
