// SPDX-License-Identifier: GPL-3.0-or-later
// Spending the primary-LOC grant on new MEs and units (etat-major.md §9.4, §10.3; G-53, G-83, G-92, G-93).
#pragma once

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "etatmajor/campaign/state.hpp"
#include "etatmajor/io/scenario_xml.hpp"

#include <set>
#include <string>
#include <vector>

namespace etatmajor::engine {

// SP of this week's 200 SP grant the side has not yet spent (0 before this week's W3 supply phase).
int grantRemaining(const db::CampaignStore& store, const std::string& side);

// Buys the purchase's MEs with the grant: priced by §13.1, within the army-list caps (enforce_list_caps), placed at
// the primary LOC entry hex (or the HQ, new_me_location; another home-edge road hex while the entry is held by the
// enemy, G-92) during W5 (new_me_timing), generals rated on the staff table. The side's VCS baseline grows by the
// price (§10.3). Refuses, changing nothing, with the reason and the ME or unit named.
ReorgResult buyWithGrant(db::CampaignStore& store, const io::Purchase& purchase);

// §9.7 / G-80: guns, engineers, staff and Guard troops of ME `me` replaced from this week's primary grant (any time
// after W3): lost gun stands at §13.1 gun prices, Guard figures pro rata (G-82), engineer figures at 10 SP a stand,
// killed or captured generals by successors rated on the staff table (§13.3). They enter as one ME at the primary
// LOC entry hex (G-92 fallback) and join their parent ME at the end of a day they share its hex. Refuses, changing
// nothing, with the ME and field named.
ReorgResult replaceFromGrant(db::CampaignStore& store, const std::string& side, const std::string& me,
                             const std::vector<std::string>& units, const std::vector<std::string>& generals);

}  // namespace etatmajor::engine
