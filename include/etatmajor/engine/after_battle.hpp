// SPDX-License-Identifier: GPL-3.0-or-later
// After the battle (etat-major.md §8.11.4, §9.8; G-50, G-66, G-67, G-69, G-70, G-72): nightfall, the separation,
// surrounded forces, routers going to their rally point, who stays Shaken, and the next morning's overnight
// withdrawals with their attrition. Decisions: docs/rules-mapping.md ("The rest of the daily cycle").
#pragma once

#include "etatmajor/campaign/state.hpp"

#include <optional>
#include <string>
#include <vector>

namespace SQLite {
class Database;
}

namespace etatmajor::engine {

// G-67 chart_withdraw: attrition applications of a surrounded ME withdrawing overnight: one, plus one for each full
// 50% by which the surrounding force's scouting points exceed its own (0 counted as 1), the extra capped at `cap`.
int surroundedAttritionApplications(int surroundingPoints, int surroundedPoints, int cap);

// G-70: does a unit stay Shaken after the night (perm_shaken_threshold)?
bool staysShaken(const campaign::UnitState& u, const campaign::Options& options);

// §9.8: where routers of `me` rally: its supply source when a way there free of enemy MEs exists, else the nearest
// friendly-controlled urban area that can be reached so; nothing when every way is blocked.
std::optional<hex::Hex> rallyHex(const campaign::CampaignState& state, const campaign::MeState& me, hex::Hex from);

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
