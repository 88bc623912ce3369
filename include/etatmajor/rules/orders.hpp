// SPDX-License-Identifier: GPL-3.0-or-later
// Orders: who may scout, what an order may ask, and order receipt (etat-major.md §5, §8.2, §8.3; G-26…G-29, G-34,
// G-45, G-48).
#pragma once

#include "etatmajor/campaign/options.hpp"
#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/campaign/state.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/rules/loc.hpp"

#include <utility>
#include <vector>

namespace etatmajor::rules {

// G-34: a Scouting order needs every unit to be cavalry, light or irregular infantry or Native American, with no
// artillery (scout_eligibility = light_troops), or all cavalry (cavalry_only).
bool mayScout(const std::vector<std::pair<campaign::UnitType, campaign::Nationality>>& units, const campaign::Options& options);

// §5 and G-48: modes in which an ME does not move.
bool stationaryMode(campaign::Mode mode, const campaign::Options& options);

// Checks one side's orders for the day against the rules; every problem names the ME and the field.
core::IssueList validateOrders(const campaign::CampaignState& state, const campaign::OrdersFile& orders);

// §9.5, G-32 loc_path = declared_only: the ME's LOC is the path its order declared, not any clear path. `loc` (the
// trace's result for the ME) is replaced by the check of `declared`: it starts in the ME's hex or next to it, steps
// from hex to neighbour along LOC links (roads; tracks unless loc_media = road_navriver; navigable rivers), ends in
// the hex of the ME's nominated source, which its side controls, and has no enemy ME (nor a blocking decoy) on any
// hex; an enemy in the ME's own hex cuts it under loc_cut_colocated = yes. No declared path: no LOC (NoRoute).
void applyDeclaredLoc(const campaign::CampaignState& state, const std::vector<hex::Hex>& declared,
                      const std::vector<LocBlocker>& blockers, MeLoc& loc);

enum class Receipt { NotReceived, Tardy, Received };
std::string_view receiptName(Receipt r);

struct ReceiptInput {
    bool scouting = false;         // the order is a Scouting order
    bool locValid = true;          // today's LOC to the supply source (D1)
    bool commanderWithMe = false;  // an army or corps commander is attached to the ME
    bool winter = false;
};
// §8.3 modifiers by the defaults and keys order_loc_penalty, order_commander_bonus, order_winter_penalty.
int receiptModifier(const ReceiptInput& in, const campaign::Options& options);
// §8.3: clamp to 1..6 (G-27), then 1 not received, 2 tardy, 3–6 carried out.
Receipt receiptFor(int roll, int modifier);

}  // namespace etatmajor::rules
