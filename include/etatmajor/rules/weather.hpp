// SPDX-License-Identifier: GPL-3.0-or-later
// Daily weather, wind, visibility and daylight (etat-major.md §8.1; G-03, G-12, G-13, G-17).
#pragma once

#include "etatmajor/campaign/options.hpp"
#include "etatmajor/campaign/scenario.hpp"
#include "etatmajor/map/map.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace etatmajor::rules {

enum class Weather { Fine, Gusty, Rain, Storm, Snow };
std::string_view weatherName(Weather w);
std::optional<Weather> weatherFromName(std::string_view s);

// The direction the wind blows FROM (§8.1.4).
enum class Wind { North, NorthEast, East, SouthEast, South, SouthWest, West, NorthWest };
std::string_view windName(Wind w);
std::optional<Wind> windFromName(std::string_view s);

// §8.1.2: 2d6 by season.
Weather weatherFor(campaign::Season season, int total);
// §8.1.4: 2d6 on the body or chart table (option wind_table, G-17).
Wind windFor(int total, const campaign::Options& options);
// §8.1.5: daylight battle turns by season: Summer 12, Autumn 10, Winter 8, Spring 10.
int daylightTurns(campaign::Season season);

// §8.1.3 musketry on the table: Gusty −1, Rain −2, Snow −1; nullopt in a Storm (no fire).
std::optional<int> musketryModifier(Weather w);
// §8.1.3 / G-13 map movement: Storm and Snow −1 hex (cumulative with the cross-country −1), or under
// storm_snow_move = body_additive −1 on a road and −2 off it.
int weatherMovementModifier(Weather w, bool onRoad, const campaign::Options& options);
// §8.1.3, G-16 seasonal_wetlands = on: a marsh hex is flooded and impassable in Spring in the north and west regions
// and in Autumn in the south (map regions, §15.8); false under off, and for hexes of no region.
bool wetlandFlooded(const map::Map& map, hex::Hex h, campaign::Season season, const campaign::Options& options);
// §8.1.3, G-16: a marsh hex of the extreme north is frozen in Winter (it loses its penalties).
bool wetlandFrozen(const map::Map& map, hex::Hex h, campaign::Season season, const campaign::Options& options);

// G-102 weather_regions = per_region: the climate regions that roll their own weather each day, in the order D1 rolls
// them (North, West, South, ExtremeNorth, then None when some hex of a map with regions is left without one). Empty
// under single and on a map without regions: one weather for the whole map.
std::vector<map::Region> weatherRegions(const map::Map& map, const campaign::Options& options);
// The region whose weather holds in hex h: its climate region under per_region on a map with regions, nullopt when the
// map has one weather (single, or no regions).
std::optional<map::Region> weatherRegionOf(const map::Map& map, hex::Hex h, const campaign::Options& options);

// §8.1.5 / G-12: in anything but Fine weather every ME sees only its own hex.
bool seesOnlyOwnHex(Weather w);

}  // namespace etatmajor::rules
