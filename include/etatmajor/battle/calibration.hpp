// SPDX-License-Identifier: GPL-3.0-or-later
// Reports on seeded trials: the `battle simulate` summary (text and JSON) and the `battle calibrate` report (its
// console lines and the whole of docs/calibration.md), tactical-resolver.md §5 method. They are built from the trial
// outcomes alone, so the same battles, seeds and parameters give byte-identical reports whatever the thread count.
#pragma once

#include "etatmajor/battle/trials.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace etatmajor::battle {

struct TrialSummary {
    std::string json;  // one JSON document, indented
    std::string text;
};
// Per side: points, stands, units routed, men lost, prisoners and guns taken by the enemy as quartiles (q1, median,
// q3); for the battle: who wins, who holds the field, how it ends, the margin and the turns fought.
TrialSummary summariseTrials(const BattleSetup& setup, const std::vector<TrialOutcome>& trials, std::uint64_t firstSeed);

struct CalibratedBattle {
    BattleSetup setup;
    std::vector<TrialOutcome> trials;
};

// What `battle calibrate` prints for one battle: its verdict, the field and the losses beside the historical figures,
// then every target (the file's and the standing checks) met or missed.
std::string calibrationLines(const CalibratedBattle& battle);

// The whole of docs/calibration.md. `command` is the command line shown for regenerating it; `shared` the parameter
// set every battle starts from (defaults and --param overrides) before a file's scenario parameters.
std::string calibrationMarkdown(const std::vector<CalibratedBattle>& battles, int runs, std::uint64_t firstSeed,
                                const std::string& command, const Params& shared);

// "78.8%" (n of d, to a tenth), "-" when d is 0.
std::string percentText(std::int64_t n, std::int64_t d);
// Sixths of a point as points to a tenth: "208.3", "52"; for medians and quartiles, not for ledgers.
std::string pointsApproxText(std::int64_t sixths);

}  // namespace etatmajor::battle
