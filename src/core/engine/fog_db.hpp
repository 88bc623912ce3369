// SPDX-License-Identifier: GPL-3.0-or-later
// The fog of war (etat-major.md §2.2, §8.1.5; G-36, G-40): after each phase that moves counters, every enemy
// counter (ME or decoy) a side can see is remembered as "last seen" in its hex with the date; the per-side status
// is built from these sightings and from the side's contacts and intelligence reports, all in the one database.
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/rules/weather.hpp"

#include <string>

namespace SQLite {
class Database;
}

namespace etatmajor::engine {

// G-102: today's weather in hex h (state.week, state.day): under weather_regions = per_region that of the hex's
// climate region, else (single, a map without regions, or no regional row) `mapWeather`, the one weather of the map.
rules::Weather weatherAtHex(SQLite::Database& db, const campaign::CampaignState& state, hex::Hex h, rules::Weather mapWeather);

// Records (replacing earlier ones) what each side sees now, each observing ME by the weather of its own hex (§8.1.5,
// G-102; `weather` is the map's). Returns the number of sightings written.
int recordSightings(SQLite::Database& db, const campaign::CampaignState& state, rules::Weather weather, campaign::Phase phase);

}  // namespace etatmajor::engine
