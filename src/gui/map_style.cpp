// SPDX-License-Identifier: GPL-3.0-or-later
#include "map_style.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace etatmajor::gui {

using map::Terrain;

wxColour MapStyle::terrainFill(Terrain t) {
    switch (t) {
        case Terrain::Clear: return {229, 231, 194};
        case Terrain::Woods: return {152, 192, 114};
        case Terrain::HeavyWoods: return {84, 132, 72};
        case Terrain::Marsh: return {176, 178, 112};
        case Terrain::Hills: return {212, 184, 134};
        case Terrain::Difficult: return {172, 158, 138};
        case Terrain::Lake: return {140, 190, 228};
        case Terrain::Sea: return {116, 164, 214};
    }
    return {255, 0, 255};
}

wxColour MapStyle::terrainInk(Terrain t) {
    switch (t) {
        case Terrain::Clear: return {190, 192, 150};
        case Terrain::Woods: return {98, 146, 74};
        case Terrain::HeavyWoods: return {44, 86, 40};
        case Terrain::Marsh: return {84, 110, 92};
        case Terrain::Hills: return {150, 116, 72};
        case Terrain::Difficult: return {116, 100, 84};
        case Terrain::Lake: return {96, 148, 200};
        case Terrain::Sea: return {88, 136, 192};
    }
    return {0, 0, 0};
}

wxColour MapStyle::sideFill(Allegiance a) {
    switch (a) {
        case Allegiance::Crown: return {192, 34, 38};
        case Allegiance::Rebel: return {32, 70, 168};
        case Allegiance::Other: return {72, 112, 64};
    }
    return {0, 0, 0};
}

wxColour MapStyle::sideText(Allegiance) { return {255, 255, 255}; }

double MapStyle::urbanHalfSide(map::UrbanSize s) {
    switch (s) {
        case map::UrbanSize::Farm: return 0.09;
        case map::UrbanSize::Hamlet: return 0.13;
        case map::UrbanSize::Village: return 0.18;
        case map::UrbanSize::Town: return 0.25;
        case map::UrbanSize::City: return 0.34;
    }
    return 0.15;
}

Allegiance MapStyle::allegianceOf(const std::vector<campaign::Nationality>& nationalities) {
    using campaign::Nationality;
    int crown = 0;
    int rebel = 0;
    for (const auto n : nationalities) {
        switch (n) {
            case Nationality::British:
            case Nationality::Loyalist:
            case Nationality::German: ++crown; break;
            case Nationality::American:
            case Nationality::French:
            case Nationality::Spanish: ++rebel; break;
            case Nationality::Native: break;
        }
    }
    if (crown > rebel) return Allegiance::Crown;
    if (rebel > crown) return Allegiance::Rebel;
    return Allegiance::Other;
}

Allegiance MapStyle::allegianceFromText(std::string_view text) {
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const auto has = [&](const char* word) { return lower.find(word) != std::string::npos; };
    if (has("brit") || has("crown") || has("king") || has("royal") || has("loyal") || has("german") || has("hess"))
        return Allegiance::Crown;
    if (has("americ") || has("contin") || has("patriot") || has("rebel") || has("french") || has("spani")) return Allegiance::Rebel;
    return Allegiance::Other;
}

}  // namespace etatmajor::gui
