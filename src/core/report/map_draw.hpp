// SPDX-License-Identifier: GPL-3.0-or-later
// Drawing a piece of the campaign map into a page rectangle with hex::Layout: terrain, rivers, roads, urban areas,
// and what a paper marks on it (counters, ordered paths, LOC paths).
#pragma once

#include "etatmajor/hex/layout.hpp"
#include "etatmajor/map/map.hpp"
#include "etatmajor/report/page.hpp"

#include <optional>
#include <string>
#include <vector>

namespace etatmajor::report::mapdraw {

struct Counter {
    hex::Hex hex;
    std::string text;
    bool own = true;
};

struct Marks {
    std::vector<Counter> counters;
    std::vector<std::vector<hex::Hex>> orderedPaths;  // solid, with an arrowhead
    std::vector<std::vector<hex::Hex>> locPaths;      // dashed
    std::optional<hex::Hex> focus;                    // ringed
};

struct Region {
    double x = 0, y = 0, w = 0, h = 0;
    // true: every hex whose centre lies in the region (tiles: each hex on exactly one sheet);
    // false: only hexes wholly inside it (insets).
    bool byCentre = false;
    bool hexNumbers = false;  // "col,row" at the top of each hex (large scales)
};

void draw(Page& page, const map::Map& map, const hex::Layout& layout, const Region& region, const Marks& marks, Colour ownColour,
          Colour enemyColour, bool placeNames);

// A legend strip of the map's symbols, `w` wide from (x, y); returns its height.
double legend(Page& page, double x, double y, double w, Colour ownColour, Colour enemyColour);

// The layout size (centre to corner, points) for hexes `mm` millimetres across the flats.
double sizeForFlatsMm(double mm);

}  // namespace etatmajor::report::mapdraw
