// SPDX-License-Identifier: GPL-3.0-or-later
// The moments of the weekly turn at which a side may act before the next phase runs, and the windows of the side's
// commands between the phases (etat-major.md §7, §9.1, §9.6, §9.7, §10, §11.4; G-53, G-80, G-86). The commands' own
// timing checks are the windows below, so that a front end which stops the turn for the sides (the campaign server,
// docs/server.md "The turn's stops") stops exactly where the commands allow what it offers.
#pragma once

#include "etatmajor/campaign/phase.hpp"
#include "etatmajor/db/campaign_store.hpp"

#include <optional>
#include <string>
#include <vector>

namespace etatmajor::engine {

// Each window is given the phase the campaign stands before (its pointer: the next phase to run).
namespace window {

using campaign::Phase;

// §9.6 (G-86) and §9.1: a shared source's income is split, and SPs are asked for, after the supply phase W3 and
// before the replacements W4.
constexpr bool supplyOrders(Phase next) { return next == Phase::W4; }
// §9.7, G-80: the week's primary grant arrives at W3; replacements are bought from it at any time after.
constexpr bool grantReplacements(Phase next) { return next != Phase::W1 && next != Phase::W2 && next != Phase::W3; }
// §10.3, G-53 (new_me_timing): new MEs are raised at W5; with any_orders_phase also in a daily orders phase (D2).
constexpr bool newMes(Phase next, bool anyOrdersPhase) { return next == Phase::W5 || (anyOrdersPhase && next == Phase::D2); }
// §10.1: an ME is reorganised before the day's orders are written: in the weekly phases, D1 and D2.
constexpr bool reorganisation(Phase next) { return campaign::isWeekly(next) || next == Phase::D1 || next == Phase::D2; }
// §7.1 (T 11.1 ¶348): the initiative W1 rolled may be handed over before the week's first movement (day 1's D4).
constexpr bool initiativeDecline(Phase next, int day) {
    if (next == Phase::W1) return false;
    return campaign::isWeekly(next) || (day == 1 && (next == Phase::D1 || next == Phase::D2 || next == Phase::D3));
}

}  // namespace window

// A stop of the weekly turn: the campaign stands before `phase`, and the stop ends when it runs.
//
// * before W4, every side: the split of shared sources and the SPs asked for (§9.6, G-86, §9.1) are given only here;
// * before W5, every side: new MEs are raised with the grant here (§10.3, G-53);
// * before W1, the sides whose garrisons have terms to answer (§11.4): the answer counts in the week's initiative
//   (W1: its generals), victory status (W2: its points) and siege supply (W3).
//
// No other weekly moment has a command of its own: the initiative may be handed over up to day 1's D3 (§7.1) and
// changes nothing before the first movement, so day 1's orders phase, with the day's weather known, is its moment.
// Whether a stop exists and whom it waits for follow only from what every side knows (the calendar, the terms
// offered), never from one side's secrets: every side is awaited before W4 and W5 whether or not it has SPs or grant
// left.
struct WeeklyStop {
    int week = 0;
    campaign::Phase phase = campaign::Phase::W4;
    std::string title;               // what the moment is for, for people
    std::string rule;                // its rules, "§9.6, §9.1, G-86"
    std::vector<std::string> sides;  // the sides it waits for, in the campaign's order
};

// The stop the campaign stands at, if any (none once the campaign is over).
std::optional<WeeklyStop> weeklyStop(const db::CampaignStore& store);

// What `side` may do now with its commands between the phases, from the windows above and its own state only (its
// grant left, the initiative it holds, the terms offered to its garrisons).
// `kind` says which command it is, for front ends that offer a form for each (the turn manager's Week dialog).
enum class MoveKind { SupplyAllocate, SupplySpend, GrantBuy, GrantReplace, Reorganise, DeclineInitiative, AnswerTerms };
struct SideMove {
    std::string command;  // as etatmajor-cli spells it: "supply allocate", "siege answer --siege 3"
    std::string what;     // what it does, with its rule
    MoveKind kind = MoveKind::SupplySpend;
    int siege = 0;      // AnswerTerms: the siege whose terms are to be answered
    int grantLeft = 0;  // GrantBuy, GrantReplace: SP of this week's grant left
};
std::vector<SideMove> weeklyMoves(const db::CampaignStore& store, const std::string& side);

}  // namespace etatmajor::engine
