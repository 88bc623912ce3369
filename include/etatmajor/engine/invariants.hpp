// SPDX-License-Identifier: GPL-3.0-or-later
// The invariants of a campaign: what must hold after every phase whatever the dice and the orders (docs/design.md
// "Invariants"). The campaign bot checks them after every phase of its campaigns, `advance` after every phase when
// asked to (debug builds always), and `campaign check` for a user.
#pragma once

#include "etatmajor/campaign/phase.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"

#include <optional>

namespace etatmajor::engine {

// Every breach found, one issue each (code INVARIANT-..., the ME, unit, town or side named in the message).
// `afterPhase` is the phase that has just run (none: at no particular point): the rules that hold only at some points
// of the day (town control follows the occupier at the end of the day's bookkeeping, D12) are checked only there.
core::IssueList checkInvariants(const db::CampaignStore& store, std::optional<campaign::Phase> afterPhase = std::nullopt);

// The invariants of the campaign as it stands between two phases (`campaign check`): standing at the start of a day
// (D1, or W1 at the start of a week), it is as the last day's D12 left it, so the rules of the day's end hold too.
core::IssueList checkInvariantsAtRest(const db::CampaignStore& store);

}  // namespace etatmajor::engine
