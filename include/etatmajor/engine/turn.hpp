// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign turn: weekly phases W1–W5, then seven days of D1–D12 (etat-major.md §6).
// Every phase is a core command that runs in one database transaction and is logged in the command log;
// re-running from the same database gives the same result (the dice generator's state lives in the database).
#pragma once

#include "etatmajor/campaign/phase.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/dice/dice.hpp"

#include <string>
#include <utility>
#include <vector>

namespace etatmajor::engine {

// The sequence of §6 is campaign::kPhases (campaign/phase.hpp); a campaign's pointer names the next phase to run.

struct PhaseReport {
    int week = 0;
    int day = 0;  // 0 for weekly phases
    campaign::Phase phase = campaign::Phase::W1;
    std::string title;
    std::vector<std::string> lines;  // what happened, for people
    // D9 refused: the battles the resolver could not fight (id, why), which the command layer hands to the table.
    std::vector<std::pair<int, std::string>> toTable;
};

enum class Step { Phase, Day, Week };

struct AdvanceResult {
    bool ok = false;
    core::IssueList issues;  // why it refused
    std::vector<PhaseReport> phases;
    bool ended = false;  // the campaign has ended
};

struct AdvanceOptions {
    // A host's explicit decision: a side that has not given today's orders by D2 stands fast (logged).
    bool standFastMissing = false;
    // Tests: roll every die from this source (a scripted one) instead of the campaign's seeded generator, whose
    // state is then left as it was.
    dice::Source* dice = nullptr;
    // Check the campaign's invariants (engine/invariants.hpp) after every phase and stop at the first phase that
    // breaks one (its issues name the breach). Always on in debug builds.
#ifdef NDEBUG
    bool checkInvariants = false;
#else
    bool checkInvariants = true;
#endif
};

// Runs the next phase, the rest of the current day (weekly phases included when they are due), or the rest of
// the current week. Refuses, changing nothing, when the campaign has ended; stops before D2 while a side has
// neither given its orders nor stood fast (ORDERS-MISSING), keeping the phases already run.
AdvanceResult advance(db::CampaignStore& store, Step step, AdvanceOptions options = {});

// W1: a side holding the strategic initiative this week may hand it to the other side (§7.1, T 11.1 ¶348;
// option initiative_decline). Refused with a reason otherwise.
core::IssueList declineInitiative(db::CampaignStore& store, const std::string& side);

}  // namespace etatmajor::engine
