// SPDX-License-Identifier: GPL-3.0-or-later
// What the week's supply points pay for besides the automatic replacements, and who gets them
// (etat-major.md §9.1, §9.6, §9.7, §10.3, §11.1, §11.5; G-79, G-86, G-97, G-99).
//
// Between the supply phase W3 and the replacements W4 the commander may split a shared source's income between the
// MEs drawing on it (`allocateSupply`) and ask for things bought with an ME's SPs (`requestSpending`): earthworks,
// pontoons, a bridge, or water transport. W4 first replaces losses (§9.7 body example: replacements first), then
// buys what was asked in the order asked, while the ME's SPs last; what is left expires (§9.1).
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace etatmajor::engine {

struct SupplyCommandResult {
    core::IssueList issues;
    std::vector<std::string> lines;
    bool ok() const { return !issues.hasErrors(); }
};

// G-86: the commander's split of `source`'s income this week: ME id -> SP. Given after W3 and before W4 runs; it
// replaces an earlier split of that source. MEs not named share what is left. Refuses (nothing changed) with the ME
// and field named: an ME of another side, one that cannot draw on the source, a negative share, or shares above the
// income.
SupplyCommandResult allocateSupply(db::CampaignStore& store, const std::string& side, const std::string& source,
                                   const std::vector<std::pair<std::string, int>>& shares);

// §9.1 spending request, paid at W4 after the replacements: kind works (count, light|heavy; engineer needed,
// §10.3/§11.5), pontoon (count; engineer), bridge (across the hexside to `at`; engineer), transport (400 SP of
// water transport at the UA the ME holds by the water, §11.1, G-97). Given after W3 and before W4.
struct SpendRequest {
    std::string side;
    std::string me;
    std::string kind;
    int count = 1;
    std::string workClass = "heavy";
    std::optional<hex::Offset> at;
};
SupplyCommandResult requestSpending(db::CampaignStore& store, const SpendRequest& request);

}  // namespace etatmajor::engine
