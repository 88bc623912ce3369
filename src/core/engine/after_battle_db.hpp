// SPDX-License-Identifier: GPL-3.0-or-later
// The part of etatmajor/engine/after_battle.hpp that works on the campaign database directly: the phases' own steps,
// called inside a phase's transaction. It stays inside the core (and its white-box tests): the public headers
// hand the rest of the program typed objects and a db::CampaignStore, never SQLite.
#pragma once

#include "etatmajor/engine/after_battle.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

namespace etatmajor::engine {

// D11 for one resolved battle at `h` (after the existing fall-back of the beaten side): separation and UA defender,
// surrounded MEs, routers to the rally point as detached groups, Shaken units.
void nightfall(SQLite::Database& db, campaign::CampaignState& state, int battleId, hex::Hex h, const std::string& loser,
               std::vector<std::string>& lines);

// §8.11.4 item 7, G-50: at the start of D4, an ME that shares its hex with the enemy after last night and whose
// received order takes it away withdraws one hex (into a hex free of enemy MEs) and suffers one attrition
// application. Returns the MEs that withdrew (their movement today is done under one_hex; under next_day_move they
// go on along the rest of their route).
std::vector<std::string> overnightWithdrawals(SQLite::Database& db, campaign::CampaignState& state, std::vector<std::string>& lines);

// D12: detached groups rejoin an ME in their hex or in Reorganisation mode (G-69); replacements above half
// strength clear Shaken (G-70 shaken_cleared_by_replacement).
void endOfDayDetachments(SQLite::Database& db, campaign::CampaignState& state, std::vector<std::string>& lines);

// §2.2, G-57, G-69: settles every ME on the map with no unit present (docs/rules-mapping.md "An ME with no troops"):
// one whose units are all away as routed groups goes to its first group (or, in a hex its side already fills, its
// units join an ME there and it is dissolved); one with no unit left leaves the map and its generals join the nearest
// ME of their side. Run at the end of every phase and by every command that applies a battle result outside a phase
// (`battle enter`, `battle resolve`), so no command leaves an empty ME on the map. An ME that went to its units may
// overfill a hex with decoys: settleDecoyStacking (decoys.hpp) follows it.
void settleEmptyMes(SQLite::Database& db, campaign::CampaignState& state, std::vector<std::string>& lines);

// The units of `me` now away from it as a detached group.
std::vector<std::string> detachedUnits(SQLite::Database& db);

}  // namespace etatmajor::engine
