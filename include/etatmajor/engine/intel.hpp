// SPDX-License-Identifier: GPL-3.0-or-later
// Scouting and intelligence during movement (etat-major.md §8.6) and the side's intelligence view.
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/rules/weather.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace etatmajor::engine {

// §8.6.4 evade: an adjacent land hex free of enemy MEs where the ME's side has fewer than three MEs; `preferred`
// first when it qualifies, else the qualifying neighbour farthest from `away` (ties in direction order).
std::optional<hex::Hex> evadeHex(const campaign::CampaignState& state, const campaign::MeState& me, hex::Hex from,
                                 std::optional<hex::Hex> preferred, hex::Hex away);

// G-35 retreat_remaining_mr: after its evade hex (`path`'s last), a scout goes on retreating, one hex a step,
// `further` more hexes at most: back along the hexes it came by (`cameBy`, newest first) while they qualify as an
// evade hex would, else to the qualifying neighbour farthest from the enemy it saw at `enemy`, never closer to it
// and never twice through a hex. The hexes are appended to `path`.
void retreatFurther(const campaign::CampaignState& state, const campaign::MeState& me, std::vector<hex::Hex>& path,
                    std::vector<hex::Hex> cameBy, hex::Hex enemy, int further);

// The side's intelligence reports, newest first; never the true counts.
std::string intelJson(const db::CampaignStore& store, const std::string& side);
std::string intelText(const db::CampaignStore& store, const std::string& side);

}  // namespace etatmajor::engine
