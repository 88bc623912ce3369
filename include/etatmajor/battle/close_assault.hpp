// SPDX-License-Identifier: GPL-3.0-or-later
// §1.15 close assault tactical factors as a sum over one side of a combat (§2.14.2 [I]): per-unit rows are counted
// for every unit of the side to which they apply; the "once per phase" rows are flags added once. The engine
// evaluates the predicates; this adds the chart values. §1.16 letters and result lines are in charts.hpp.
#pragma once

#include "etatmajor/battle/battle_dice.hpp"
#include "etatmajor/battle/charts.hpp"

#include <array>

#include <span>
#include <utility>

namespace etatmajor::battle {

struct CaSideInputs {
    // terrain and earlier rounds (per unit)
    int defendingHeavyCover = 0;
    int engineersVsWorks = 0;
    int defendingLightCover = 0;
    int enemyInBurningArea = 0;
    int uphillHighHill = 0;
    int uphillLowRise = 0;
    int pushBacksSuffered = 0;
    // size, flank and rear
    bool flankOrRear = false;  // once per phase
    bool overlap = false;      // once per phase
    int standsMore = 0;
    // command (per unit: the best chain rating in command, 0 = out of command)
    int exceptionalCommand = 0;
    int capableCommand = 0;
    int ineptCommand = 0;
    int staffLost = 0;
    // mounted troops (per unit)
    int mountedVsShakenOrNative = 0;
    int mountedVsFoot = 0;
    int mountedVsBoth = 0;               // units to which both +5 rows apply (G23: stacked or the larger only)
    bool mountedChargingSteady = false;  // once per phase
    int mountedVsArtilleryOrScreen = 0;
    int mountedVsMountedInfantry = 0;
    int cavalryVsFootOrIrregular = 0;
    bool mountedChargingUnsteady = false;  // once per phase
    int columnChargingLine = 0;
    // foot (per unit)
    int footVsScreenOrArtillery = 0;
    int footVsShaken = 0;
    int nativeFoot = 0;
    int denseVsMounted = 0;
    bool infantryCharging = false;  // once per phase for all units
    int lightInfantryInWoodsOrUrban = 0;
    int touchingSteadyFriendOrCover = 0;
    // class of the majority of engaged stands
    int unitClass = 2;
};

// Sum of the factors (without the die). mountedVsFootStack: G23 default true.
int caFactorTotal(const CaSideInputs& in, bool mountedVsFootStack);

// §2.14.3: 1d6 a side on top of the factor totals, the first side rolling first; ties add another 1d6 each until
// they differ (¶505). Returns the winning side (0 or 1, as indexed in `factors`) and the margin.
struct CaRoll {
    int winner = 0;
    int margin = 0;
    std::array<int, 2> dice{};
    std::array<int, 2> totals{};
    int tieRounds = 0;
};
CaRoll rollCloseAssault(BattleDice& dice, std::array<int, 2> factors, int firstSide);

// Class of the majority of engaged stands: pairs of (class, stands). Equal numbers: the average, .5 rounding up.
int majorityClass(std::span<const std::pair<int, int>> standsByClass);

}  // namespace etatmajor::battle
