// SPDX-License-Identifier: GPL-3.0-or-later
// Sight on the map (etat-major.md §8.1.5, §2.2; G-12, G-36, G-40): who can see an enemy counter, for the fog of war.
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/rules/weather.hpp"

namespace etatmajor::rules {

// §8.1.5: in daylight an ME sees its own hex; a Scouting-mode ME also sees the adjacent hexes in fine weather
// (G-36 for what blocks it); under fine_visibility = chart_next_hex every ME sees the adjacent hexes in fine weather.
bool meSeesHex(const map::Map& map, const campaign::MeState& observer, hex::Hex target, Weather weather,
               const campaign::Options& options);

// Does any on-map ME of `side` see `target`?
bool sideSeesHex(const campaign::CampaignState& state, const std::string& side, hex::Hex target, Weather weather);

}  // namespace etatmajor::rules
