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

// The side's own orders for the current day, with their receipt once D3 has run.
std::string ordersJson(const db::CampaignStore& store, const std::string& side);

}  // namespace etatmajor::engine
