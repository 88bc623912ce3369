// SPDX-License-Identifier: GPL-3.0-or-later
// §1.10 morale charts: sums of the printed lines (tactical-resolver.md §2.11).
#include "etatmajor/battle/morale.hpp"

namespace etatmajor::battle {

namespace c = charts;

int tctTotal(const TctInputs& in) {
    int t = c::tct::kInitiating;
    if (in.outOfCommand) t += c::tct::kOutOfCommand;
    if (in.targetHeavyCover) t += c::tct::kTargetHeavyCover;
    if (in.chargerShaken) t += c::tct::kChargerShaken;
    if (in.skirmishersOrUnsteady) t += c::tct::kSkirmishersOrUnsteady;
    if (in.targetLightCover) t += c::tct::kTargetLightCover;
    if (in.targetHigher) t += c::tct::kTargetHigher;
    if (in.fromFlankOrRear) t += c::tct::kFromFlankOrRear;
    // The better of "Exceptional general or general attached" and "Capable general or ADC attached" (§2.11).
    if (in.exceptionalOrGeneralAttached) t += c::tct::kExceptionalOrGeneralAttached;
    else if (in.capableOrAdcAttached) t += c::tct::kCapableOrAdcAttached;
    if (in.class4or5) t += c::tct::kClass4or5;
    if (in.targetUnsteadyOrOpen) t += c::tct::kTargetUnsteadyOrOpen;
    return t;
}

int bctTotal(const BctInputs& in) {
    int t = 0;
    if (in.shakenOrFlankRear) t += c::bct::kShakenOrFlankRear;
    if (in.footChargedByCavalryInOpen) t += c::bct::kFootChargedByCavalryInOpen;
    if (in.lyingDown) t += c::bct::kLyingDown;
    if (in.notOwnBrigadeGeneral) t += c::bct::kNotOwnBrigadeGeneral;
    if (in.skirmishers) t += c::bct::kSkirmishers;
    if (in.appearedWithin100) t += c::bct::kAppearedWithin100;
    t += in.brokenFriendsWithin200 * c::bct::kPerBrokenFriendWithin200;
    if (in.unsteadyOrClass1) t += c::bct::kUnsteadyOrClass1;
    t += in.shootingHits * c::bct::kPerShootingHit;
    if (in.burningArea) t += c::bct::kBurningArea;
    if (in.noBayonets) t += c::bct::kNoBayonets;
    if (in.class5) t += c::bct::kClass5;
    else if (in.class3or4OrGeneralAttached) t += c::bct::kClass3or4OrGeneralAttached;
    if (in.higherGround) t += c::bct::kHigherGround;
    t += in.steadyFriendsWithin50 * c::bct::kPerSteadyFriendWithin50;
    if (in.steadyCloseOrder) t += c::bct::kSteadyCloseOrder;
    if (in.artilleryOrAnchoredFlank) t += c::bct::kArtilleryOrAnchoredFlank;
    if (in.defendingObstacle) t += c::bct::kDefendingObstacle;
    if (in.adcAttached) t += c::bct::kAdcAttached;
    return t;
}

int cweTotal(const CweInputs& in) {
    const bool cwe = in.kind == CloseOrShoot::Cwe;
    int t = 0;
    if (cwe && in.targetPassedBct) t += c::cwe::kTargetPassedBct;
    if (cwe && in.chargerInBurningArea) t += c::cwe::kChargerInBurningArea;
    if (cwe && in.targetHeavyCover) t += c::cwe::kTargetHeavyCover;
    if (cwe && in.targetOnHighHill) t += c::cwe::kTargetOnHighHill;
    if (!cwe && in.commonShell) t += c::cwe::kCommonShell;
    if (!cwe && in.flankOrRearFire) t += c::cwe::kFlankOrRearFire;
    if (in.surprised) t += c::cwe::kSurprised;
    if (in.passageOfLines) t += c::cwe::kPassageOfLines;
    if (in.shaken) t += c::cwe::kShaken;
    t += in.shootingHits * c::cwe::kPerShootingHit;
    if (cwe && in.targetLightCover && !in.targetHeavyCover) t += c::cwe::kTargetLightCover;
    if (cwe && in.intoFlankOrRear) t += c::cwe::kIntoFlankOrRear;
    if (in.unitClass >= 5) t += c::cwe::kClass5;
    else if (in.unitClass == 4) t += c::cwe::kClass4;
    else if (in.unitClass == 3) t += c::cwe::kClass3;
    if (in.generalAttached) t += c::cwe::kGeneralAttached;
    if (cwe && in.targetShakenOrNoBayonets) t += c::cwe::kTargetShakenOrNoBayonets;
    // "Target Unsteady, or ADC attached to the testing unit" is one line, counted once.
    if ((cwe && in.targetUnsteady) || in.adcAttached) t += c::cwe::kTargetUnsteadyOrAdc;
    if (cwe && in.nativeOrHighlandCharging) t += c::cwe::kNativeOrHighlandCharging;
    return t;
}

int passFaces(int total) {
    const int f = 6 - total;
    return f < 0 ? 0 : (f > 6 ? 6 : f);
}

TestOutcome rollTest(BattleDice& dice, RollTag tag, int subject, int total) {
    TestOutcome out;
    out.total = total;
    if (total < 1) {
        out.passed = true;  // every face passes: no die is rolled
        return out;
    }
    if (total >= 6) {
        out.passed = false;  // no face passes
        return out;
    }
    out.roll = dice.d6(tag, subject);
    out.passed = out.roll > total;
    return out;
}

}  // namespace etatmajor::battle
