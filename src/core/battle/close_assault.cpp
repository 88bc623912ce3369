// SPDX-License-Identifier: GPL-3.0-or-later
// §1.15 close assault factors summed over one side of a combat (tactical-resolver.md §2.14.2).
#include "etatmajor/battle/close_assault.hpp"

#include <array>

namespace etatmajor::battle {

namespace ca = charts::ca;

int caFactorTotal(const CaSideInputs& in, bool mountedVsFootStack) {
    int t = 0;
    t += in.defendingHeavyCover * ca::kDefendingHeavyCover;
    t += in.engineersVsWorks * ca::kEngineersVsWorks;
    t += in.defendingLightCover * ca::kDefendingLightCover;
    t += in.enemyInBurningArea * ca::kEnemyInBurningArea;
    t += in.uphillHighHill * ca::kUphillHighHill;
    t += in.uphillLowRise * ca::kUphillLowRise;
    t += in.pushBacksSuffered * ca::kPerPushBackSuffered;
    if (in.flankOrRear) t += ca::kFlankOrRear;
    if (in.overlap) t += ca::kOverlap;
    t += in.standsMore * ca::kPerStandMore;
    t += in.exceptionalCommand * ca::kExceptional + in.capableCommand * ca::kCapable + in.ineptCommand * ca::kInept;
    t += in.staffLost * ca::kStaffLost;
    t += in.mountedVsShakenOrNative * ca::kMountedVsShakenOrNative;
    t += in.mountedVsFoot * ca::kMountedVsFoot;
    // G23: a unit to which both +5 rows apply gets both (as printed) or only one of them.
    t += in.mountedVsBoth * (mountedVsFootStack ? ca::kMountedVsShakenOrNative + ca::kMountedVsFoot : ca::kMountedVsFoot);
    if (in.mountedChargingSteady) t += ca::kMountedChargingSteady;
    t += in.mountedVsArtilleryOrScreen * ca::kMountedVsArtilleryOrScreen;
    t += in.mountedVsMountedInfantry * ca::kMountedVsMountedInfantry;
    t += in.cavalryVsFootOrIrregular * ca::kCavalryVsFootOrIrregular;
    if (in.mountedChargingUnsteady) t += ca::kMountedChargingUnsteady;
    t += in.columnChargingLine * ca::kColumnChargingLine;
    t += in.footVsScreenOrArtillery * ca::kFootVsScreenOrArtillery;
    t += in.footVsShaken * ca::kFootVsShaken;
    t += in.nativeFoot * ca::kNativeFoot;
    t += in.denseVsMounted * ca::kDenseVsMounted;
    if (in.infantryCharging) t += ca::kInfantryCharging;
    t += in.lightInfantryInWoodsOrUrban * ca::kLightInfantryInWoodsOrUrban;
    t += in.touchingSteadyFriendOrCover * ca::kTouchingSteadyFriendOrCover;
    t += in.unitClass;
    return t;
}

CaRoll rollCloseAssault(BattleDice& dice, std::array<int, 2> factors, int firstSide) {
    CaRoll r;
    const auto first = static_cast<std::size_t>(firstSide), second = static_cast<std::size_t>(1 - firstSide);
    r.dice[first] = dice.d6(RollTag::CloseAssault, firstSide);
    r.dice[second] = dice.d6(RollTag::CloseAssault, 1 - firstSide);
    r.totals = {factors[0] + r.dice[0], factors[1] + r.dice[1]};
    while (r.totals[0] == r.totals[1]) {
        r.totals[first] += dice.d6(RollTag::CloseAssaultTie, firstSide);
        r.totals[second] += dice.d6(RollTag::CloseAssaultTie, 1 - firstSide);
        ++r.tieRounds;
    }
    r.winner = r.totals[0] > r.totals[1] ? 0 : 1;
    r.margin = r.totals[0] > r.totals[1] ? r.totals[0] - r.totals[1] : r.totals[1] - r.totals[0];
    return r;
}

int majorityClass(std::span<const std::pair<int, int>> standsByClass) {
    // Stands per class; the class with most stands wins; equal numbers: the average of the tied classes, .5 up.
    std::array<int, 6> per{};
    for (const auto& [cls, n] : standsByClass) per[static_cast<std::size_t>(cls < 1 ? 1 : cls > 5 ? 5 : cls)] += n;
    int best = 0;
    for (int c = 1; c <= 5; ++c) best = per[static_cast<std::size_t>(c)] > best ? per[static_cast<std::size_t>(c)] : best;
    if (best == 0) return standsByClass.empty() ? 1 : standsByClass.front().first;
    int sum = 0, count = 0;
    for (int c = 1; c <= 5; ++c)
        if (per[static_cast<std::size_t>(c)] == best) {
            sum += c;
            ++count;
        }
    return (2 * sum + count) / (2 * count);  // average rounded half up
}

}  // namespace etatmajor::battle
