// SPDX-License-Identifier: GPL-3.0-or-later
// The part of etatmajor/engine/supply_orders.hpp that works on the campaign database directly: the phases' own steps,
// called inside a phase's transaction. It stays inside the core (and its white-box tests): the public headers
// hand the rest of the program typed objects and a db::CampaignStore, never SQLite.
#pragma once

#include "etatmajor/engine/supply_orders.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

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

// W4 (§7.4, §9.7): replacements from the purse (attrition first, G-79; guns, engineers, Guards and staff only from
// the primary grant by default, G-80), then the requests, then expiry. Lines go to the phase report.
void runReplacementsAndSpending(SQLite::Database& db, campaign::CampaignState& state, std::vector<std::string>& lines);

// A ledger row of the week.
void ledgerRow(SQLite::Database& db, int week, const std::string& side, const std::string& kind, const std::string& source,
               const std::string& me, const std::string& unit, int figures, int points, const std::string& note);

}  // namespace etatmajor::engine
