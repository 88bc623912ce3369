// Spending the primary-LOC grant on new MEs and units (etat-major.md §9.4, §10.3; G-53, G-83, G-92, G-93).
#pragma once

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "etatmajor/io/scenario_xml.hpp"

namespace etatmajor::engine {

// SP of this week's 200 SP grant the side has not yet spent (0 before this week's W3 supply phase).
int grantRemaining(const db::CampaignStore& store, const std::string& side);

// Buys the purchase's MEs with the grant: priced by §13.1, within the army-list caps (enforce_list_caps), placed at
// the primary LOC entry hex (or the HQ, new_me_location; another home-edge road hex while the entry is held by the
// enemy, G-92) during W5 (new_me_timing), generals rated on the staff table. The side's VCS baseline grows by the
// price (§10.3). Refuses, changing nothing, with the reason and the ME or unit named.
ReorgResult buyWithGrant(db::CampaignStore& store, const io::Purchase& purchase);

}  // namespace etatmajor::engine
