// SPDX-License-Identifier: GPL-3.0-or-later
// After the battle (etat-major.md §8.11.4, §9.8; G-50, G-66, G-67, G-69, G-70, G-72): nightfall, the separation,
// surrounded forces, routers going to their rally point, who stays Shaken, and the next morning's overnight
// withdrawals with their attrition. Decisions: docs/rules-mapping.md ("The rest of the daily cycle").
#pragma once

#include "etatmajor/campaign/state.hpp"

#include <optional>
#include <string>
#include <vector>

namespace etatmajor::engine {

// G-67 chart_withdraw: attrition applications of a surrounded ME withdrawing overnight: one, plus one for each full
// 50% by which the surrounding force's scouting points exceed its own (0 counted as 1), the extra capped at `cap`.
int surroundedAttritionApplications(int surroundingPoints, int surroundedPoints, int cap);

// G-70: does a unit stay Shaken after the night (perm_shaken_threshold)?
bool staysShaken(const campaign::UnitState& u, const campaign::Options& options);

// §9.8: where routers of `me` rally: its supply source when a way there free of enemy MEs exists, else the nearest
// friendly-controlled urban area that can be reached so; nothing when every way is blocked.
std::optional<hex::Hex> rallyHex(const campaign::CampaignState& state, const campaign::MeState& me, hex::Hex from);

}  // namespace etatmajor::engine
