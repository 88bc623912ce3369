// SPDX-License-Identifier: GPL-3.0-or-later
// The daily orders of a side: template, submission, standing fast, and the side's own view (etat-major.md §8.2).
// Orders are simultaneous and secret: a side sees only its own, and the day's D2 phase does not run until every
// side has submitted orders or stands fast.
#pragma once

#include "etatmajor/campaign/options.hpp"
#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/campaign/state.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/rules/loc.hpp"

#include <map>
#include <string>
#include <vector>

namespace etatmajor::engine {

// A pre-filled orders file for every ME of the side on the map (current mode and source, no route).
std::string ordersTemplate(const db::CampaignStore& store, const std::string& side);

// Validates against the rules and stores the orders; refuses, changing nothing, when anything is wrong, when the
// side has already given its orders for the day (orders cannot be changed, §8.2), or when the day's orders phase
// is past.
core::IssueList submitOrders(db::CampaignStore& store, const campaign::OrdersFile& orders);

// The side gives no orders today: every ME keeps its hex and mode.
core::IssueList standFast(db::CampaignStore& store, const std::string& side);

// Takes back, whole, the orders (or the standing fast) the side gave for the current day, while the day's orders
// phase D2 has not run: until then the orders are still being written (§8.2 forbids changing them once the phase has
// taken them). Refuses, changing nothing: ORDERS-NOT-GIVEN (nothing to take back), ORDERS-TOO-LATE (D2 has run),
// CAMPAIGN-ENDED. Logged as the command "orders.withdraw". docs/server.md records the decision.
core::IssueList withdrawOrders(db::CampaignStore& store, const std::string& side);

// Where the side's orders for the current day stand: "not_given", "submitted" or "stand_fast" (ordersJson's "status").
// Throws db::StoreError DB-UNKNOWN-SIDE for a side the campaign does not have.
std::string ordersStatus(const db::CampaignStore& store, const std::string& side);

// The orders a side gave for the current day, as they were stored (§8.2: a side's orders are its own; nothing of
// another side's is read). Front ends show these once the orders are given, instead of a template or a draft.
struct GivenOrders {
    std::string status = "not_given";  // not_given | submitted | stand_fast (as ordersStatus)
    // The side, the current week and day, and the orders stored for them: every ME's order (route, mode, supply,
    // actions...) and the decoys' orders. Empty unless the status is "submitted".
    campaign::OrdersFile orders;
    std::map<std::string, std::string> receipts;  // by ME: received | late | not_received, once D3 has rolled it
    std::map<std::string, hex::Offset> from;      // by ME: the hex it stood in when the order was given (its route's start)
};
// Throws db::StoreError DB-UNKNOWN-SIDE for a side the campaign does not have.
GivenOrders givenOrders(const db::CampaignStore& store, const std::string& side);

// The side's own orders for the current day, with their receipt once D3 has run.
std::string ordersJson(const db::CampaignStore& store, const std::string& side);

}  // namespace etatmajor::engine
