// SPDX-License-Identifier: GPL-3.0-or-later
// Sieges (etat-major.md §11.4; G-98): when an ME in an urban area is besieged, how long it lives on the town, and
// when attrition starts.
#pragma once

#include "etatmajor/campaign/state.hpp"

#include <string>
#include <vector>

namespace etatmajor::rules {

struct SiegeCheck {
    bool besieged = false;
    std::string ua;                   // the urban area the ME stands in (empty: none, so no siege)
    std::string besieger;             // the side whose MEs close every land hex around it
    std::vector<hex::Hex> openHexes;  // adjacent hexes that leave the ME a way out
};

// §11.4 / G-98: an ME in a UA hex is besieged when an enemy ME (never a decoy) stands in every adjacent land hex.
// Sea and lake hexes count as closed (siege_water_hexes = closed) or leave the town open (open); hexes off the map
// count as closed.
SiegeCheck checkSiege(const campaign::CampaignState& state, const campaign::MeState& me);

// §11.4: the besieged ME lives on the town for `supplyWeeks` (1d6) supply phases, counted from the first supply
// phase W3 at or after the siege began (a siege found at W3 itself counts that phase). Returns true while it may
// still draw on the town in `week`.
bool siegeSupplied(int startWeek, bool startedAtSupplyPhase, int supplyWeeks, int week);

}  // namespace etatmajor::rules
