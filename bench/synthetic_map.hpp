// SPDX-License-Identifier: GPL-3.0-or-later
// A synthetic 100,000-hex map (316 x 317 = 100,172 hexes), built from fixed seeds: random terrain in every row, 200
// roads of 30-80 adjacent hexes, 100 rivers as continuous hexside chains, 300 urban areas and both sides' geography
// (british from the south edge, american from the north and west). Big enough to be the product's worst case
// (performance.md, "a 100,000-hex map"), with every part of the map file format present. Shared by the benchmarks.
#pragma once

#include "etatmajor/map/map.hpp"

namespace etatmajor::bench {

constexpr int kMapWidth = 316;
constexpr int kMapHeight = 317;

map::Map buildSyntheticMap();

}  // namespace etatmajor::bench
