// SPDX-License-Identifier: GPL-3.0-or-later
// Decoy counters (etat-major.md §2.3, §15.7; G-41, G-42): blank counters a side places and moves through its
// orders file, that the enemy cannot tell from MEs until one of its MEs finds them, and that then leave the map
// for the rest of the week. They never fight, never cut a LOC (the LOC code looks at MEs only), never take
// control of anything and never block foraging.
#pragma once
#include "etatmajor/rules/loc.hpp"

#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/campaign/phase.hpp"
#include "etatmajor/campaign/state.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/rules/weather.hpp"

#include <string>
#include <vector>

namespace etatmajor::engine {

struct Decoy {
    std::string id;
    std::string side;
    hex::Hex hex;
    std::string designated;  // infantry | cavalry | irregular_cavalry: the movement rate it moves at (G-42)
};

// G-42 decoy_mr: the designated type's rate (§8.7.1: infantry 4, cavalry 5, irregular cavalry 6), or the fixed rate
// of the option.
int decoyMovementRate(const std::string& designated, const campaign::Options& options);

// G-41: a decoy put down with the day's orders (D2) may share a full hex until the day's movement is over (D4, D5);
// after any other phase (`ran`: the phase that has just run) decoys count toward the stacking limit where they stand.
bool decoysStackAfter(campaign::Phase ran);

}  // namespace etatmajor::engine
