// SPDX-License-Identifier: GPL-3.0-or-later
// The decoy part of a side's orders as a window writes it (etat-major.md §2.3, G-41, G-42): the rules' verdict on the
// decoys' placements and routes before the orders are given, and how many decoys the side may still put down this
// week. Both read the campaign and write nothing; engine::submitOrders makes the same check when the orders are given.
#pragma once

#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"

#include <string>

namespace etatmajor::engine {

// The check engine::submitOrders makes of `orders.decoys` (ORDERS-DECOY, ORDERS-STACKING with the decoy named), with
// the side's MEs ending the day where `orders` sends them. Nothing for a file without decoys.
core::IssueList checkDecoyOrders(const db::CampaignStore& store, const campaign::OrdersFile& orders);

struct DecoyAllowance {
    int perWeek = 0;          // the side's decoys a week (the scenario's decoysPerWeek)
    int usedThisWeek = 0;     // on the map now, or found by the enemy this week (§2.3: a found decoy still counts)
    bool placingDay = false;  // today is the week's first day, when new decoys go down (G-42)
    int left() const { return perWeek > usedThisWeek ? perWeek - usedThisWeek : 0; }
};
// Throws db::StoreError DB-UNKNOWN-SIDE for a side the campaign does not have.
DecoyAllowance decoyAllowance(const db::CampaignStore& store, const std::string& side);

}  // namespace etatmajor::engine
