// SPDX-License-Identifier: GPL-3.0-or-later
// Sieges in the campaign turn (etat-major.md §11.4; G-98).
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/engine/supply_orders.hpp"

#include <string>
#include <vector>

namespace etatmajor::engine {

// §11.4: the besieged side answers the terms offered (offer_terms action). Accepted: the garrison surrenders (its
// units and generals are captured, their points lost, the town passes to the besieger). Refused: recorded; once the
// works are breached, surrendering defenders are removed (G-98). Refuses, changing nothing, with the field named.
SupplyCommandResult answerTerms(db::CampaignStore& store, const std::string& side, int siegeId, bool accept);

// The sieges a side may see (its own garrisons and the ones it lays), as JSON.
std::string siegesJson(const db::CampaignStore& store, const std::string& side);

}  // namespace etatmajor::engine
