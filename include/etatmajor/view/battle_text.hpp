// SPDX-License-Identifier: GPL-3.0-or-later
// A campaign battle's set-up and a side's odds in it, as every front end shows them (`battle show`, `battle odds`,
// the server's answers): rendered from the viewer's knowledge only (docs/secrecy.md). The enemy's MEs are named by
// their counters; the odds picture the enemy as the side's latest intelligence reports describe it, and an enemy counter
// no report has described as the side states it believes it to be (its assumption), never as it really is.
#pragma once

#include "etatmajor/battle/setup.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/view/side_view.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace etatmajor::view {

// May the viewer see or act on campaign battle `id`? BATTLE-UNKNOWN for a battle the campaign does not have,
// BATTLE-SIDE for one the side has no ME in; nothing for the host and for a side that fought it.
core::IssueList battleAccess(db::CampaignStore& store, const Viewer& viewer, int id);

// One unit of a battle set-up, and a formation with its units and children, indented by `indent` spaces.
std::string unitLine(const battle::UnitSpec& unit);
void formationText(std::ostream& out, const battle::FormationSpec& formation, int indent);

// The set-up of campaign battle `id` for the players (battleAccess must allow it): terrain, weather, the table, each
// ME's mode and arrival, and the forces; a side sees the enemy's MEs by their counters, without composition.
std::string campaignBattleText(db::CampaignStore& store, const Viewer& viewer, int id);

// What the side believes an unscouted enemy counter holds (engine::OddsAssumption): KIND:N counts of the reports' kinds.
using engine::AssumedUnits;
using engine::OddsAssumption;

// Reads "COUNTER=KIND:N,KIND:N" (the CLI's --assume): the counter's label, then counts by the reports' kinds. Adds an
// ODDS-ASSUME error naming the text when it is not of that shape or a count is not a whole number.
std::optional<OddsAssumption> parseAssumption(const std::string& text, core::IssueList& issues);
// Checks assumptions against the enemy counters of a battle: each names one of them, once, with known kinds
// (engine::assumableKinds) and counts from 1 to kMaxAssumed. Every problem is an ODDS-ASSUME error.
inline constexpr int kMaxAssumed = 99;
core::IssueList checkAssumptions(const std::vector<OddsAssumption>& assumptions, const std::vector<std::string>& enemies);
// "2 line infantry battalions, 1 artillery batteries".
std::string assumptionText(const OddsAssumption& assumption);

// Seeded trials of battle `id` as `side` pictures it (battleAccess must allow it).
struct BattleOdds {
    int battle = 0;
    std::string side;
    std::vector<std::string> unknownEnemies;  // enemy counters with no report on their composition: no odds then
    std::vector<OddsAssumption> assumed;      // the counters pictured on the side's assumption, as it stated them
    std::vector<std::string> setAside;        // assumed, but pictured from a report on them
    core::IssueList issues;                   // the assumptions' errors: no odds then
    std::int64_t runs = 0;                    // the trials asked for; `trials` is fewer when they were cancelled
    std::int64_t trials = 0, wins = 0, draws = 0, fieldHeld = 0;
    std::int64_t ownLoss6 = 0, enemyLoss6 = 0;  // summed net losses over the trials, in sixths of a point
    bool computed() const { return unknownEnemies.empty() && !issues.hasErrors(); }
    bool cancelled() const { return computed() && trials < runs; }
};

// What a side's odds are drawn from, read from the campaign: the battle as the side pictures it and the seed of its
// trials. Everything the trials need, so that they may run away from the campaign (a window's worker thread).
struct OddsPlan {
    int battle = 0;
    std::string side;
    std::vector<std::string> unknownEnemies;  // as in BattleOdds: the trials are not fought while any is left
    std::vector<std::string> enemies;         // every enemy counter of the battle
    std::vector<OddsAssumption> assumed;      // as in BattleOdds
    std::vector<std::string> setAside;
    core::IssueList issues;  // checkAssumptions' errors: the trials are not fought then either
    battle::BattleSetup setup;
    std::uint64_t seed = 0;
    int own = 0;  // the side's index in the set-up
};
// The side's assumptions picture the counters no report describes; a report beats an assumption.
OddsPlan oddsPlan(db::CampaignStore& store, const std::string& side, int id, const std::vector<OddsAssumption>& assumptions = {});

// Fights the plan's trials on `threads` threads. `progress` is called with the trials done so far and cancels the rest
// when it returns false (battle::runTrials); the odds then count the trials fought.
BattleOdds fightOdds(const OddsPlan& plan, int runs, int threads, const std::function<bool(int)>& progress = {});

// oddsPlan and fightOdds in one: `battle odds` and the server.
BattleOdds battleOdds(db::CampaignStore& store, const std::string& side, int id, int runs, int threads,
                      const std::vector<OddsAssumption>& assumptions = {});
std::string battleOddsText(const BattleOdds& odds);
std::string battleOddsJson(const BattleOdds& odds);

}  // namespace etatmajor::view
