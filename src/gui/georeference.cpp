// SPDX-License-Identifier: GPL-3.0-or-later
#include "georeference.hpp"

#include "etatmajor/hex/offset.hpp"
#include "etatmajor/map/geo.hpp"

#include <cmath>
#include <regex>

namespace etatmajor::gui {

namespace {

// Closer than this on the picture, two clicks are one place: their distance could not fix a scale.
constexpr double kMinPixels = 8.0;
// The distance between hex centres, in hex sizes (centre to corner).
const double kHexAcross = std::sqrt(3.0);

}  // namespace

Placement placeByTwoPlaces(const KnownPlace& a, const KnownPlace& b) {
    const double du = b.u - a.u;
    const double dv = b.v - a.v;
    const double dx = b.target.x - a.target.x;
    const double dy = b.target.y - a.target.y;
    const double pixels = std::hypot(du, dv);
    if (pixels < kMinPixels)
        throw GeoreferenceError("The two places are the same point of the picture. Click two places far apart, "
                                "the farther the better.");
    if (std::hypot(dx, dy) < 1e-6)
        throw GeoreferenceError("Both places were given the same position (" + b.given +
                                "). Give each the hex or the latitude and longitude where it lies.");
    // The scale that best carries the picture's step between the places onto the map's: their dot product over the
    // picture's length squared. The shift then lays the midpoint of the two places on the midpoint of their targets.
    Placement p;
    p.scale = (du * dx + dv * dy) / (pixels * pixels);
    if (p.scale <= 0)
        throw GeoreferenceError("The two places lie the wrong way round on the picture: where " + a.given + " and " + b.given +
                                " are said to be, the picture would have to be turned or mirrored. Check the two places.");
    p.x = (a.target.x + b.target.x) / 2 - p.scale * (a.u + b.u) / 2;
    p.y = (a.target.y + b.target.y) / 2 - p.scale * (a.v + b.v) / 2;
    p.misfitHexes = std::hypot(dx - p.scale * du, dy - p.scale * dv) / 2 / kHexAcross;
    return p;
}

hex::Point knownPlaceOnMap(const map::Map& m, const std::string& text) {
    const auto grid = m.geoGrid();
    const std::string expected = grid ? "Give the hex as col,row (for example 12,7), or the latitude and longitude (for "
                                        "example 34.2468 N, 80.6070 W)."
                                      : "Give the hex as col,row (for example 12,7).";
    static const std::regex hexText(R"(^\s*(-?\d+)\s*,\s*(-?\d+)\s*$)");
    static const std::regex latLonText(R"(^\s*(-?\d+(?:\.\d*)?)\s*([NSns])?\s*[,;\s]\s*(-?\d+(?:\.\d*)?)\s*([EWew])?\s*$)");
    std::smatch match;
    if (std::regex_match(text, match, hexText)) {
        const hex::Offset o{std::stoi(match[1].str()), std::stoi(match[2].str())};
        return hex::Layout(m.metadata().orientation, {1.0, 1.0}).toPixel(m.offsets().toHex(o));
    }
    if (std::regex_match(text, match, latLonText)) {
        const bool written = match[2].matched || match[4].matched || text.find('.') != std::string::npos;
        if (!written) throw GeoreferenceError("\"" + text + "\" is neither a hex nor a latitude and longitude. " + expected);
        if (!grid)
            throw GeoreferenceError("This map has no georeference, so a latitude and longitude cannot be placed on it. " + expected);
        map::LatLon ll{std::stod(match[1].str()), std::stod(match[3].str())};
        if (match[2].matched && (match[2].str() == "S" || match[2].str() == "s")) ll.lat = -std::fabs(ll.lat);
        if (match[4].matched && (match[4].str() == "W" || match[4].str() == "w")) ll.lon = -std::fabs(ll.lon);
        if (std::fabs(ll.lat) > 85 || std::fabs(ll.lon) > 180)
            throw GeoreferenceError("\"" + text + "\" is not a latitude and longitude on the Earth. " + expected);
        const hex::Point on = grid->planeToLayout(map::project(grid->reference(), ll));
        const hex::Point origin = grid->layout().origin();
        const hex::Point size = grid->layout().size();
        return {(on.x - origin.x) / size.x, (on.y - origin.y) / size.y};
    }
    throw GeoreferenceError("\"" + text + "\" is not a place the editor can read. " + expected);
}

void imagePixelAt(const BackgroundSettings& s, hex::Point p, double& u, double& v) {
    u = (p.x - s.x) / s.scale;
    v = (p.y - s.y) / s.scale;
}

}  // namespace etatmajor::gui
