// SPDX-License-Identifier: GPL-3.0-or-later
// Which MEs a side may field: the composition of an ME (etat-major.md §4, G-52 me_granularity) and how many MEs a
// player commands (§3, G-54 command_limit). Checked on the campaign's MEs at set-up and on every ME made in play.
#pragma once

#include "etatmajor/campaign/state.hpp"

#include <optional>
#include <string>

namespace etatmajor::campaign {

// Why the ME's units are not an ME under me_granularity, or nothing. Under the default permissive every
// composition is allowed.
std::optional<std::string> compositionProblem(const CampaignState& s, const std::string& meId);

// Why the ME's commander would command more MEs than command_limit allows, or nothing. Counts the MEs on the map
// with that commander; an ME with no commander is never over the limit.
std::optional<std::string> commandLimitProblem(const CampaignState& s, const std::string& meId);

}  // namespace etatmajor::campaign
