// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/weather.hpp"

#include "etatmajor/core/names.hpp"

#include <array>

namespace etatmajor::rules {

using campaign::Season;

namespace {
constexpr std::array<std::string_view, 5> kWeather{"fine", "gusty", "rain", "storm", "snow"};
constexpr std::array<std::string_view, 8> kWind{"north", "north-east", "east", "south-east",
                                                "south", "south-west", "west", "north-west"};
}  // namespace

std::string_view weatherName(Weather w) { return core::enumName(kWeather, w); }
std::optional<Weather> weatherFromName(std::string_view s) { return core::enumFromName<Weather>(kWeather, s); }
std::string_view windName(Wind w) { return core::enumName(kWind, w); }
std::optional<Wind> windFromName(std::string_view s) { return core::enumFromName<Wind>(kWind, s); }

// etat-major.md §8.1.2.
Weather weatherFor(Season season, int t) {
    switch (season) {
        case Season::Summer: return t <= 8 ? Weather::Fine : t <= 10 ? Weather::Gusty : t == 11 ? Weather::Rain : Weather::Storm;
        case Season::Autumn:
        case Season::Spring: return t <= 7 ? Weather::Fine : t <= 9 ? Weather::Gusty : t <= 11 ? Weather::Rain : Weather::Storm;
        case Season::Winter:
            return t <= 3 ? Weather::Fine : t == 4 ? Weather::Gusty : t <= 7 ? Weather::Rain : t == 8 ? Weather::Storm : Weather::Snow;
    }
    return Weather::Fine;
}

// etat-major.md §8.1.4 (G-17).
Wind windFor(int t, const campaign::Options& options) {
    if (options.is("wind_table", "chart")) {
        if (t <= 4) return Wind::North;
        if (t <= 7) return Wind::South;
        if (t <= 10) return Wind::East;
        return Wind::West;
    }
    if (t <= 3) return Wind::North;
    if (t <= 5) return Wind::East;
    if (t <= 7) return Wind::West;
    if (t <= 9) return Wind::South;
    if (t == 10) return Wind::NorthWest;
    if (t == 11) return Wind::NorthEast;
    return Wind::SouthWest;
}

int daylightTurns(Season season) {
    switch (season) {
        case Season::Summer: return 12;
        case Season::Autumn: return 10;
        case Season::Winter: return 8;
        case Season::Spring: return 10;
    }
    return 12;
}

std::optional<int> musketryModifier(Weather w) {
    switch (w) {
        case Weather::Fine: return 0;
        case Weather::Gusty: return -1;
        case Weather::Rain: return -2;
        case Weather::Storm: return std::nullopt;
        case Weather::Snow: return -1;
    }
    return 0;
}

int weatherMovementModifier(Weather w, bool onRoad, const campaign::Options& options) {
    if (w != Weather::Storm && w != Weather::Snow) return 0;
    if (options.is("storm_snow_move", "body_additive")) return onRoad ? -1 : -2;
    return -1;
}

bool seesOnlyOwnHex(Weather w) { return w != Weather::Fine; }

namespace {
bool hasRegions(const map::Map& m) { return m.regionDefault() != map::Region::None || !m.regionAreas().empty(); }
}  // namespace

std::vector<map::Region> weatherRegions(const map::Map& m, const campaign::Options& options) {
    if (!options.is("weather_regions", "per_region") || !hasRegions(m)) return {};
    std::array<bool, 5> present{};
    for (const auto h : m.allHexes()) present[static_cast<std::size_t>(m.regionAt(h))] = true;
    std::vector<map::Region> out;
    for (const auto r : {map::Region::North, map::Region::West, map::Region::South, map::Region::ExtremeNorth, map::Region::None})
        if (present[static_cast<std::size_t>(r)]) out.push_back(r);
    return out;
}

std::optional<map::Region> weatherRegionOf(const map::Map& m, hex::Hex h, const campaign::Options& options) {
    if (!options.is("weather_regions", "per_region") || !hasRegions(m)) return std::nullopt;
    return m.regionAt(h);
}

bool wetlandFlooded(const map::Map& m, hex::Hex h, Season season, const campaign::Options& options) {
    // etat-major.md §8.1.3, G-16 (T 7.7 para 258): floods in Spring in the north and west, in Autumn in the south.
    if (!options.is("seasonal_wetlands", "on") || !m.contains(h) || m.terrain(h) != map::Terrain::Marsh) return false;
    const map::Region region = m.regionAt(h);
    if (season == Season::Spring) return region == map::Region::North || region == map::Region::West;
    if (season == Season::Autumn) return region == map::Region::South;
    return false;
}

bool wetlandFrozen(const map::Map& m, hex::Hex h, Season season, const campaign::Options& options) {
    return options.is("seasonal_wetlands", "on") && m.contains(h) && m.terrain(h) == map::Terrain::Marsh && season == Season::Winter &&
           m.regionAt(h) == map::Region::ExtremeNorth;
}

}  // namespace etatmajor::rules
