// SPDX-License-Identifier: GPL-3.0-or-later
// Victory condition status and the end of the campaign (etat-major.md §7.2, §12; G-64, G-65, G-100).
#pragma once

#include "etatmajor/campaign/state.hpp"

#include <string>
#include <vector>

namespace etatmajor::rules {

// §9.2.1/§9.2.3: a UA's weekly SP value: dice total × multiplier (ua_multiplier), halved (rounded down) once per
// battle fought in its hex (combat_ua_halving), halved again while it is winter (winter_ua_halving), 0 when
// destroyed or not yet rolled.
int urbanWeeklyValue(const campaign::UrbanState& ua, campaign::Season season, const campaign::Options& options);

// Current points of a unit: its full-strength points scaled by the figures it still has (G-82 pro rata).
int unitCurrentPoints(const campaign::UnitState& u);

struct Vcs {
    std::string side;
    int baseline = 0;
    int pointsLost = 0;       // net or gross per vcs_losses
    int objectivesValue = 0;  // objectives held (objective_scoring)
    int supplyValue = 0;      // weekly value of the UAs the side controls
    int value = 0;
    bool defeated = false;  // value <= 25% of baseline
};

// §12.2 (vcs_formula = body): baseline − points lost + objectives held + SP of supply sources held.
// vcs_formula = chart: baseline − points lost + SP of supply sources held.
Vcs victoryConditionStatus(const campaign::CampaignState& state, const std::string& side, campaign::Season season);

struct CampaignEnd {
    bool ended = false;
    std::string winner;  // empty for a draw or while running
    std::string reason;  // "defeat", "objectives", "last_week"
};

// §12.4 end of the game at a W2 check: a defeated side loses; a side holding its primary and all its secondary
// objectives wins; after the last week, the winner follows end_winner.
CampaignEnd checkEnd(const campaign::CampaignState& state, const std::vector<Vcs>& vcs, bool afterLastWeek);

}  // namespace etatmajor::rules
