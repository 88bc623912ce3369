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
    std::map<std::string, int> events;
    std::uint64_t rollLogHash = 0;
};

TrialOutcome outcomeOf(const BattleResult& r);

// Runs `runs` trials with seeds first, first+1, … on `threads` threads (one generator per battle). `progress` is
// called from the calling thread with the number done; returning false cancels (the result is then shorter).
std::vector<TrialOutcome> runTrials(const Resolver& resolver, const BattleSetup& setup, std::uint64_t firstSeed, int runs,
                                    int threads, const std::function<bool(int)>& progress = {});

// Nearest-rank quantile (percent 0–100) of integers; 0 for an empty list.
std::int64_t quantile(std::vector<std::int64_t> values, int percent);

struct TargetResult {
    const CalibrationTarget* target = nullptr;
    int value = 0;     // thousandths
    bool met = false;
    int runsUsed = 0;  // runs matching `given`
};
std::vector<TargetResult> evaluateTargets(const BattleSetup& setup, const std::vector<TrialOutcome>& trials);
// "0.750", "2.000": thousandths as a decimal.
std::string thousandthsText(int v);

}  // namespace etatmajor::battle
