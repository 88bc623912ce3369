// SPDX-License-Identifier: GPL-3.0-or-later
// Colours and sizes of the map's cartography: one place that decides how the map looks.
#pragma once

#include "etatmajor/campaign/scenario.hpp"
#include "etatmajor/map/map.hpp"

#include <wx/colour.h>

#include <string_view>

namespace etatmajor::gui {

// Which colour family a side's markers and counters use.
enum class Allegiance { Crown, Rebel, Other };

class MapStyle {
public:
    static wxColour terrainFill(map::Terrain t);
    // A darker tone of the terrain used for its symbols (tufts, trees, hachures).
    static wxColour terrainInk(map::Terrain t);

    static wxColour hexOutline() { return {70, 70, 60, 70}; }
    static wxColour river() { return {38, 96, 188}; }
    static wxColour majorRoad() { return {128, 42, 24}; }
    static wxColour minorRoad() { return {120, 72, 40}; }
    static wxColour waterway() { return {30, 80, 170}; }
    static wxColour bridge() { return {45, 38, 32}; }
    static wxColour ford() { return {250, 246, 226}; }
    static wxColour urban() { return {12, 12, 12}; }
    static wxColour text() { return {20, 20, 20}; }
    static wxColour labelText() { return {52, 46, 92}; }
    static wxColour halo() { return {255, 255, 246, 215}; }
    static wxColour hexNumber() { return {50, 50, 44, 200}; }
    static wxColour background() { return {196, 200, 204}; }

    static wxColour sideFill(Allegiance a);
    static wxColour sideText(Allegiance a);

    // Half the side of an urban area's square, as a fraction of the hex size.
    static double urbanHalfSide(map::UrbanSize s);

    // The allegiance a campaign side fights for, judged from its nationalities.
    static Allegiance allegianceOf(const std::vector<campaign::Nationality>& nationalities);
    // The same judged from free text (a side id, or the nationality list of a status document).
    static Allegiance allegianceFromText(std::string_view text);
};

}  // namespace etatmajor::gui
