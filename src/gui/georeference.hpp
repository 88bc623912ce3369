// SPDX-License-Identifier: GPL-3.0-or-later
// Placing a scanned background map by two places the user knows: he points at each on the picture and says which
// hex it is (or, on a map drawn from real geography, its latitude and longitude), and the picture is scaled and
// moved so that both fall where they belong. The picture is never turned (the background has no rotation), so two
// places fix it, and a third would only show how far the scan is from a true rectangle. Knows no window.
#pragma once

#include "view_settings.hpp"

#include "etatmajor/hex/layout.hpp"
#include "etatmajor/map/map.hpp"

#include <stdexcept>
#include <string>

namespace etatmajor::gui {

// A refusal for a person ("The two places are the same point of the picture...").
class GeoreferenceError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A place pointed at on the picture, and where it belongs on the map.
struct KnownPlace {
    double u = 0;  // the picture's pixel, from its top-left corner
    double v = 0;
    hex::Point target;  // map point, in units of the hex size with hex (0,0) at the origin
    std::string given;  // what the user typed, for messages
};

struct Placement {
    double x = 0;  // the picture's top-left corner and the size of one of its pixels, as BackgroundSettings has them
    double y = 0;
    double scale = 1;
    // How far, in hexes, each place ends from where it was said to be: 0 when the picture's scale is the same
    // across and down and it is not turned; more means the scan is turned or stretched.
    double misfitHexes = 0;
};

// The placement that puts both places where they belong (the least-squares fit of a scale and a shift). Refuses
// two clicks on the same point of the picture, two places given the same position, and places that lie the wrong
// way round on the picture (it would have to be turned or mirrored).
Placement placeByTwoPlaces(const KnownPlace& a, const KnownPlace& b);

// The map point of a place as the user writes it: a hex "col,row" (its centre), or, on a map with a georeference,
// a latitude and longitude, "34.2468 N, 80.6070 W" or "34.2468, -80.6070" (a decimal point or the letters tell
// them from a hex). Throws GeoreferenceError saying what was expected.
hex::Point knownPlaceOnMap(const map::Map& map, const std::string& text);

// The picture's pixel under a map point, for a picture placed as `s`.
void imagePixelAt(const BackgroundSettings& s, hex::Point p, double& u, double& v);

}  // namespace etatmajor::gui
