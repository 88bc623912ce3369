// SPDX-License-Identifier: GPL-3.0-or-later
// The part of etatmajor/engine/battles.hpp that works on the campaign database directly: the phases' own steps,
// called inside a phase's transaction. It stays inside the core (and its white-box tests): the public headers
// hand the rest of the program typed objects and a db::CampaignStore, never SQLite.
#pragma once

#include "etatmajor/engine/battles.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

namespace etatmajor::engine {

// The phases. Each runs inside the phase's transaction; `state` is saved by the caller afterwards. D6 rolls the
// table's own dice (battle_wind = tactical_roll, terrain_placement = chart) with the phase's `dice`, logged like
// every other roll.
void runCombatDetermination(SQLite::Database& db, campaign::CampaignState& state, std::vector<std::string>& lines,
                            dice::Dice& dice);  // D6
// D9. When the resolver cannot set up or fight a battle, nothing is written: each such battle is returned in
// `unfought` (id, why) and as a BATTLE-RESOLVER error, and the caller must not go on with the phase; the command
// layer then hands each to the table (handBattleToTable).
core::IssueList runBattleResolution(SQLite::Database& db, campaign::CampaignState& state, std::vector<std::string>& lines,
                                    std::vector<std::pair<int, std::string>>& unfought);
void runBattlePoints(SQLite::Database& db, campaign::CampaignState& state, std::vector<std::string>& lines);  // D10
void runBattleNight(SQLite::Database& db, campaign::CampaignState& state, std::vector<std::string>& lines);   // D11

// Why D9 cannot run yet (tabletop battles without a result), or nothing.
std::optional<std::string> battlesAwaitingResults(SQLite::Database& db);

}  // namespace etatmajor::engine
