// SPDX-License-Identifier: GPL-3.0-or-later
// What Reorganisation and Deployed-Defensive orders do overnight, and the works a battle finds in its hex
// (etat-major.md §9.2.4, §10.1, §11.1, §11.4, §11.5; G-84, G-99).
#pragma once

#include "etatmajor/battle/setup.hpp"
#include "etatmajor/campaign/state.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <string>
#include <vector>

namespace etatmajor::engine {

// D12: the day's received orders' actions: build_earthworks (§11.5), destroy_ua (§9.2.4), destroy_transport
// (§11.1), lay_pontoon and take_up_pontoon (§10.3), offer_terms (§11.4); and replacements reaching their ME (§9.7).
void runNightActions(SQLite::Database& db, campaign::CampaignState& state, std::vector<std::string>& lines);

// §11.5: the works each side has in hex `h` on the morning of (week, day), for a side whose ME there did not move
// today (a Deployed-Defensive ME fights behind its works only when it stayed in the hex). Side index by the order
// of `sideIds` (battle side A, B).
std::vector<battle::WorksSpec> battleWorks(SQLite::Database& db, const campaign::CampaignState& state, hex::Hex h,
                                           const std::vector<std::string>& sideIds);

}  // namespace etatmajor::engine
