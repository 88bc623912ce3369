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

namespace SQLite {
class Database;
}

namespace etatmajor::engine {

// A scouting ME looks around from where it stands (its own hex; the six around it in fine weather): for every enemy
// ME it sees that it has not reported today, the side that learns (§8.6.2 case 1, §8.6.3 case 2 both ways) gets an
// intelligence report. Returns the hexes holding enemy MEs it saw, nearest first.
std::vector<hex::Hex> scoutObserve(campaign::CampaignState& state, SQLite::Database& db, dice::Dice& dice,
                                   const campaign::MeState& scout, rules::Weather weather);

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

// G-33 yes_one_hex: when `mover` enters `at` in the other-movement sub-phase, each enemy Scouting-mode ME there
// whose received order does not say to engage evades one hex (away from where the mover came from, `moverFrom`).
// Returns the ids of the scouts that evaded.
std::vector<std::string> evadeEnteredScouts(SQLite::Database& db, campaign::CampaignState& state, const campaign::MeState& mover,
                                            hex::Hex at, hex::Hex moverFrom, std::vector<std::string>& lines);

// G-39 chart_free_pursuit: the MEs an enemy scout found today in the scouting sub-phase and left alone (it evaded or
// observed) may chase it in the other-movement sub-phase whatever their orders: each one whose received order says
// to engage on scout contact gets a route along the straight line to the scout's hex (it moves at the March rate).
std::map<std::string, std::vector<hex::Hex>> scoutPursuits(SQLite::Database& db, const campaign::CampaignState& state);

// The side's intelligence reports, newest first; never the true counts.
std::string intelJson(const db::CampaignStore& store, const std::string& side);
std::string intelText(const db::CampaignStore& store, const std::string& side);

}  // namespace etatmajor::engine
