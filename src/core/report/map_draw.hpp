// SPDX-License-Identifier: GPL-3.0-or-later
// Drawing a piece of the campaign map into a page rectangle with hex::Layout: terrain, rivers, roads, urban areas,
// and what a paper marks on it (counters, ordered paths, LOC paths).
#pragma once

#include "etatmajor/hex/layout.hpp"
#include "etatmajor/hex/offset.hpp"
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

// Columns and rows (offset coordinates, as the orders write hexes) of one sheet of the map print.
struct Block {
    int c0 = 0, c1 = -1, r0 = 0, r1 = -1;
    bool has(hex::Offset o) const { return o.col >= c0 && o.col <= c1 && o.row >= r0 && o.row <= r1; }
};

// How the hex numbers ("col,row", as the order sheet and the orders files write hexes) are set in the hexes.
enum class HexNumbers {
    None,        // no numbers in the hexes
    Every,       // in every hex
    EveryOther,  // in every other hex of each row (col + row even): the hexes are too small for a number in each
};

struct Region {
    double x = 0, y = 0, w = 0, h = 0;
    // true: every hex whose centre lies in the region; false: only hexes wholly inside it (insets).
    bool byCentre = false;
    HexNumbers hexNumbers = HexNumbers::None;
    double numberSize = 0;       // font size of the hex numbers, points
    std::optional<Block> block;  // when set, exactly the hexes of these columns and rows (the sheets of the map print)
};

void draw(Page& page, const map::Map& map, const hex::Layout& layout, const Region& region, const Marks& marks, Colour ownColour,
          Colour enemyColour, bool placeNames);

// A legend strip of the map's symbols, `w` wide from (x, y); returns its height.
double legend(Page& page, double x, double y, double w, Colour ownColour, Colour enemyColour);

// The layout size (centre to corner, points) for hexes `mm` millimetres across the flats.
double sizeForFlatsMm(double mm);

// Width of `text` set in DejaVu Sans Condensed at `size` points, from the face's advance widths (digits 0.572 em,
// comma 0.286 em); a little generous for other characters. For fitting the hex numbers.
double condensedNumberWidth(const std::string& text, double size);

}  // namespace etatmajor::report::mapdraw
