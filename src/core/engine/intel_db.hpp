// SPDX-License-Identifier: GPL-3.0-or-later
// The part of etatmajor/engine/intel.hpp that works on the campaign database directly: the phases' own steps,
// called inside a phase's transaction. It stays inside the core (and its white-box tests): the public headers
// hand the rest of the program typed objects and a db::CampaignStore, never SQLite.
#pragma once

#include "etatmajor/engine/intel.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

namespace etatmajor::engine {

// A scouting ME looks around from where it stands (its own hex; the six around it in fine weather): for every enemy
// ME it sees that it has not reported today, the side that learns (§8.6.2 case 1, §8.6.3 case 2 both ways) gets an
// intelligence report. Returns the hexes holding enemy MEs it saw, nearest first.
std::vector<hex::Hex> scoutObserve(campaign::CampaignState& state, SQLite::Database& db, dice::Dice& dice,
                                   const campaign::MeState& scout, rules::Weather weather);

// G-33 yes_one_hex: when `mover` enters `at` in the other-movement sub-phase, each enemy Scouting-mode ME there
// whose received order does not say to engage evades one hex (away from where the mover came from, `moverFrom`).
// Returns the ids of the scouts that evaded.
std::vector<std::string> evadeEnteredScouts(SQLite::Database& db, campaign::CampaignState& state, const campaign::MeState& mover,
                                            hex::Hex at, hex::Hex moverFrom, std::vector<std::string>& lines);

// G-39 chart_free_pursuit: the MEs an enemy scout found today in the scouting sub-phase and left alone (it evaded or
// observed) may chase it in the other-movement sub-phase whatever their orders: each one whose received order says
// to engage on scout contact gets a route along the straight line to the scout's hex (it moves at the March rate).
std::map<std::string, std::vector<hex::Hex>> scoutPursuits(SQLite::Database& db, const campaign::CampaignState& state);

}  // namespace etatmajor::engine
