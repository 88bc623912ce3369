// SPDX-License-Identifier: GPL-3.0-or-later
// §1.10 morale tests as sums of predicates (§2.11). Each field is one printed chart line; the engine evaluates the
// predicates on its state, these functions only add the chart values. A test is passed when the d6 is strictly
// greater than the total (§13.1 ¶373); a total below 1 passes and a total of 6 or more fails without a die.
#pragma once

#include "etatmajor/battle/battle_dice.hpp"

namespace etatmajor::battle {

struct TctInputs {
    bool outOfCommand = false;
    bool targetHeavyCover = false;
    bool chargerShaken = false;
    bool skirmishersOrUnsteady = false;
    bool targetLightCover = false;
    bool targetHigher = false;
    bool fromFlankOrRear = false;
    bool exceptionalOrGeneralAttached = false;  // the better of these two lines only (§2.11)
    bool capableOrAdcAttached = false;
    bool class4or5 = false;
    bool targetUnsteadyOrOpen = false;
};
int tctTotal(const TctInputs& in);

struct BctInputs {
    bool shakenOrFlankRear = false;
    bool footChargedByCavalryInOpen = false;
    bool lyingDown = false;
    bool notOwnBrigadeGeneral = false;
    bool skirmishers = false;
    bool appearedWithin100 = false;
    int brokenFriendsWithin200 = 0;
    bool unsteadyOrClass1 = false;
    int shootingHits = 0;
    bool burningArea = false;
    bool noBayonets = false;
    bool class5 = false;
    bool class3or4OrGeneralAttached = false;
    bool higherGround = false;
    int steadyFriendsWithin50 = 0;
    bool steadyCloseOrder = false;
    bool artilleryOrAnchoredFlank = false;
    bool defendingObstacle = false;
    bool adcAttached = false;
};
int bctTotal(const BctInputs& in);

// One chart for the Closing With the Enemy test and the Shooting Casualties Test (§13.5–13.6); the lines that
// belong to only one of them are ignored by the other.
enum class CloseOrShoot : std::uint8_t { Cwe, Sct };
struct CweInputs {
    CloseOrShoot kind = CloseOrShoot::Cwe;
    bool targetPassedBct = false;       // CWE
    bool chargerInBurningArea = false;  // CWE
    bool targetHeavyCover = false;      // CWE
    bool targetOnHighHill = false;      // CWE
    bool commonShell = false;           // SCT
    bool flankOrRearFire = false;       // SCT
    bool surprised = false;
    bool passageOfLines = false;
    bool shaken = false;
    int shootingHits = 0;
    bool targetLightCover = false;  // CWE
    bool intoFlankOrRear = false;   // CWE
    int unitClass = 2;              // Class 5 −3, Class 4 −1, Class 3 −2
    bool generalAttached = false;
    bool targetShakenOrNoBayonets = false;  // CWE
    bool targetUnsteady = false;            // CWE; one line with adcAttached
    bool adcAttached = false;
    bool nativeOrHighlandCharging = false;  // CWE
};
int cweTotal(const CweInputs& in);

// Faces of a d6 that pass a test of this total: clamp(6 − total, 0, 6) (§2.8).
int passFaces(int total);

struct TestOutcome {
    int total = 0;
    int roll = 0;  // 0: no die was needed
    bool passed = false;
};
TestOutcome rollTest(BattleDice& dice, RollTag tag, int subject, int total);

}  // namespace etatmajor::battle
