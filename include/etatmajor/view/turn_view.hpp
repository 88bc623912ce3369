// SPDX-License-Identifier: GPL-3.0-or-later
// Read-only views of a running campaign for the turn manager: what the next phase will do and what it still
// waits for, an order's route checked against the rules as it is drawn, and the hexes an ME could reach today.
// Everything here asks the rules (etatmajor/rules) and the engine; nothing decides a rule of its own, and nothing
// writes to the database.
#pragma once

#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/view/side_view.hpp"

#include <string>
#include <vector>

namespace etatmajor::view {

// The phase the campaign's pointer names (the next one `engine::advance` runs) and whether it can run now.
struct PhasePreview {
    int week = 0;
    int day = 0;
    campaign::Phase phase = campaign::Phase::W1;  // meaningless once the campaign has ended
    std::string title;                            // campaign::phaseTitle
    std::string action;                           // one sentence for people: what running it will do (campaign::PhaseEntry::action)
    // Why it would refuse (orders not given by a side before D2, tabletop battles without a result before D9).
    std::vector<std::string> missing;
    // Sides that have not yet given today's orders nor stood fast (etat-major.md §8.2), whatever the phase.
    std::vector<std::string> sidesWithoutOrders;
    bool ended = false;
    bool ready() const { return !ended && missing.empty(); }
};
PhasePreview previewNextPhase(const db::CampaignStore& store);

// Why a phase did not run, as `viewer` may be told it (docs/secrecy.md). The host hears every reason. A side hears
// those that every side may know: orders not yet given (ORDERS-MISSING), the campaign's end (CAMPAIGN-ENDED) and
// battles waiting for their tabletop result (BATTLE-TABLETOP); any other reason may name what only the enemy knows
// (its MEs, units or dice), so the side is told only that the phase cannot run yet and that the host can see why.
core::IssueList phaseRefusalFor(const Viewer& viewer, const core::IssueList& issues);

// One step of a route as the rules see it.
struct PathStep {
    hex::Offset at;
    bool reached = false;  // inside today's allowance (rules::planMove)
    std::string problem;   // empty, or why the step is refused (impassable, river without a crossing, ...)
};

// An ME's route checked by rules::validateOrders and walked by rules::planMove with today's weather and LOC,
// assuming the order is received (§8.3 receipt is rolled only at D3).
struct PathCheck {
    int allowance = 0;  // the final allowance after the modifiers met along the route (hexes)
    int baseRate = 0;   // §8.7.1 base rate of the ME
    std::vector<PathStep> steps;
    std::vector<std::string> errors;     // the order would be refused (ME and field named)
    std::vector<std::string> warnings;   // it would be accepted, but not all of it will happen
    std::vector<std::string> modifiers;  // the movement modifiers that applied
    bool ok() const { return errors.empty(); }
};
// `order.me` must be an ME of `side`; throws db::StoreError DB-UNKNOWN-SIDE / DB-UNKNOWN-ME otherwise.
PathCheck checkOrder(const db::CampaignStore& store, const std::string& side, const campaign::Order& order);

// Every hex the ME could end today's move in under `order`'s mode (its own hex excluded), each reached by a route
// the rules accept and planMove covers in full.
std::vector<hex::Offset> movementRange(const db::CampaignStore& store, const std::string& side, const campaign::Order& order);

}  // namespace etatmajor::view
