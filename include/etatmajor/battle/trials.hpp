// SPDX-License-Identifier: GPL-3.0-or-later
// Many seeded trials of one battle (odds previews, `battle simulate`, calibration of tactical-resolver.md §5):
// a compact outcome per trial, the distribution summaries, and the calibration targets a battle file carries.
// Trial k of a run starting at seed S is the battle with seed S + k, so `battle narrate --seed S+k` replays it.
#pragma once

#include "etatmajor/battle/resolver.hpp"

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace etatmajor::battle {

struct TrialOutcome {
    std::uint64_t seed = 0;
    int winner = kNoSide;
    int fieldHolder = kNoSide;
    EndReason endReason = EndReason::Nightfall;
    int turnsFought = 0;
    std::array<std::int64_t, 2> netLoss6{};  // sixths of a point
    std::array<std::int64_t, 2> start6{};
    std::array<int, 2> standsStart{};
    std::array<int, 2> standsLost{};
    std::array<int, 2> unitsRouted{};
    std::array<std::array<int, 6>, 2> routedByClass{};  // [side][class]
    std::array<int, 2> militiaRouted{};
    std::array<int, 2> gunsCapturedFrom{};
    std::array<int, 2> brigadesSpent{};
    std::array<int, 2> surrenderedOrRemoved{};
    std::array<int, 2> standsWithdrawn{};
    // §3.2 men: figures lost × 25 (foot, horse) or × 5 (crew). Prisoners are the men of the side's units taken by the
    // enemy; captured staff are left out, as an outcome-only trial does not follow the generals.
    std::array<std::int64_t, 2> menStart{};  // the men the side brought, counted as menLost counts them
    std::array<std::int64_t, 2> menLost{};
    std::array<std::int64_t, 2> prisoners{};
    std::map<std::string, int> events;
    std::uint64_t rollLogHash = 0;
};

TrialOutcome outcomeOf(const BattleResult& r);

// Runs `runs` trials with seeds first, first+1, … on `threads` threads (one generator per battle). `progress` is
// called from the calling thread with the number done; returning false cancels (the result is then shorter).
std::vector<TrialOutcome> runTrials(const Resolver& resolver, const BattleSetup& setup, std::uint64_t firstSeed, int runs, int threads,
                                    const std::function<bool(int)>& progress = {});

// Nearest-rank quantile (percent 0–100) of integers; 0 for an empty list.
std::int64_t quantile(std::vector<std::int64_t> values, int percent);

// The lower quartile, median and upper quartile of a list (quantile at 25, 50 and 75 %).
struct Quartiles {
    std::int64_t q1 = 0;
    std::int64_t median = 0;
    std::int64_t q3 = 0;
};
Quartiles quartiles(std::vector<std::int64_t> values);

// Real guns of side s taken by the enemy in a trial (a battery's gun model is two guns, §1.1). Battalion guns are not
// counted: an outcome-only trial keeps no gun records for infantry.
std::int64_t gunsTakenFrom(const TrialOutcome& t, int side);

// What the <historical> figures of a battle file say (docs/formats/battle.md): the side that held the field, and the
// side that lost more men (its lowest figure above the other side's highest). kNoSide when the file does not say,
// or when a figure is missing or the two ranges overlap.
int historicalFieldHolder(const BattleSetup& setup);
int historicalHeavierLoser(const BattleSetup& setup);
// The side beaten decisively in history, or kNoSide: the other side held the field, and this one's lowest figure of
// men lost is at least twice the holder's highest and its lowest figure of prisoners at least kDecisivePrisoners.
int historicalDecisiveLoser(const BattleSetup& setup);
inline constexpr int kDecisivePrisoners = 200;

// The standing checks every battle with <historical> figures gets without a hand-written target: the side that held
// the field holds it in >= 75 % of runs; the side that lost more men loses more men than the other in a strict
// majority of runs; and where history's result was decisive (historicalDecisiveLoser), it is decisive the same way
// in a strict majority of runs: the holder holds the field, the loser loses at least twice its men, and at least
// kDecisivePrisoners of them as prisoners. Each is left out when the figures do not decide it.
std::vector<CalibrationTarget> historicalChecks(const BattleSetup& setup);
inline constexpr int kStandingFieldShare = 750;  // thousandths of the runs

struct TargetResult {
    CalibrationTarget target;
    int value = 0;  // thousandths
    bool met = false;
    int runsUsed = 0;  // runs matching `given`
};
// The battle file's targets, then its standing checks (historicalChecks).
std::vector<TargetResult> evaluateTargets(const BattleSetup& setup, const std::vector<TrialOutcome>& trials);
// The band of a target as text: ">= 0.750", "0.500 to 0.800", "> 0.500" (a strict majority).
std::string targetBand(const CalibrationTarget& t);
// "0.750", "2.000": thousandths as a decimal.
std::string thousandthsText(int v);

}  // namespace etatmajor::battle
