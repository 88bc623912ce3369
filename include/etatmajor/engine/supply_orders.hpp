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

#include <SQLiteCpp/SQLiteCpp.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace etatmajor::engine {

// The SPs each ME may spend this week: its own forage, its allocated share of its source, and (while it can draw
// on it) the unallocated rest of its source's pool, first come first served (G-86 shared). A besieged ME draws only
// on the town it holds (§9.6 item 4, §11.4).
class SupplyPurse {
public:
    SupplyPurse(SQLite::Database& db, const campaign::CampaignState& state);
    int available(const std::string& me) const;
    bool draws(const std::string& me) const;  // it may draw on a source (valid LOC at W3, or besieged and supplied)
    const std::string& sourceOf(const std::string& me) const;
    // Takes `cost` from the ME's forage, then its share, then the pool (then, under replacement_source =
    // any_traceable, the other pools it reaches); false (nothing taken) when it has not enough.
    bool pay(const std::string& me, int cost);
    // §9.1: writes what nobody spent as expired.
    void expire(SQLite::Database& db, const campaign::CampaignState& state) const;

private:
    std::map<std::string, int> m_pool;                       // pool key (UA id, or "siege:" + UA id) -> unallocated SP left
    std::map<std::string, int> m_share;                      // ME -> allocated SP left
    std::map<std::string, int> m_forage;                     // ME -> forage SP left
    std::map<std::string, std::string> m_key;                // ME -> the pool it draws on
    std::map<std::string, std::string> m_source;             // ME -> UA id of that pool
    std::map<std::string, std::vector<std::string>> m_more;  // ME -> further pools it may draw on (G-81 any_traceable)
    std::map<std::string, bool> m_draws;
    static const std::string kNone;
};

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

// W4 (§7.4, §9.7): replacements from the purse (attrition first, G-79; guns, engineers, Guards and staff only from
// the primary grant by default, G-80), then the requests, then expiry. Lines go to the phase report.
void runReplacementsAndSpending(SQLite::Database& db, campaign::CampaignState& state, std::vector<std::string>& lines);

// A ledger row of the week.
void ledgerRow(SQLite::Database& db, int week, const std::string& side, const std::string& kind, const std::string& source,
               const std::string& me, const std::string& unit, int figures, int points, const std::string& note);

}  // namespace etatmajor::engine
