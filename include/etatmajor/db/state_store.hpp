// SPDX-License-Identifier: GPL-3.0-or-later
// Loading the running campaign from the database and writing its changed state back (used by the phases,
// inside their transaction).
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/db/campaign_store.hpp"

namespace etatmajor::db {

campaign::CampaignState loadState(const CampaignStore& store);
// Writes every mutable field of sides, units, generals, MEs, urban areas, objectives and the turn pointer.
void saveState(CampaignStore& store, const campaign::CampaignState& state);

}  // namespace etatmajor::db
