// SPDX-License-Identifier: GPL-3.0-or-later
// The dice a viewer may see (docs/secrecy.md): the host every die; a side its own dice and the public ones.
#pragma once

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/view/side_view.hpp"

#include <string>
#include <vector>

namespace etatmajor::view {

// Whose die a logged roll is: a side id, or empty for a public roll (weather, wind, the starting season).
// A roll belongs to the side its subject belonged to when it was rolled (an ME, unit, general, decoy or the side
// itself; an urban area to the side that held it), kept with the roll. A misstated count (§8.6.3, G-38) is the
// informing side's die: the side that was told the count never sees by how much it was misstated.
std::string rollOwner(const db::CampaignStore& store, const dice::RollRecord& roll);

// The rolls the viewer may see, in the order they were rolled.
std::vector<dice::RollRecord> rollsFor(const db::CampaignStore& store, const Viewer& viewer);

// The CLI's renderings (docs/cli.md `log`).
std::string rollLogJson(const db::CampaignStore& store, const Viewer& viewer);
std::string rollLogText(const db::CampaignStore& store, const Viewer& viewer);

}  // namespace etatmajor::view
