// SPDX-License-Identifier: GPL-3.0-or-later
// One scripted test per line of the §1.10 morale charts (TCT, BCT, CWE/SCT): each predicate is toggled alone on
// top of a baseline, the total must move by the printed value, and a scripted die equal to the total must fail
// while one pip more passes (a test is passed when the d6 is strictly greater than the total, ¶373).
#include "etatmajor/battle/morale.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <string>

using namespace etatmajor::battle;
using etatmajor::dice::ScriptedSource;

namespace {

// Rolls `total` with a scripted die and returns whether the test passed; checks the script was used up.
bool scriptedPass(int total, int face) {
    ScriptedSource script({face});
    BattleDice dice(script);
    const auto out = rollTest(dice, RollTag::Bct, 0, total);
    CHECK(script.remaining() == 0);
    CHECK(out.roll == face);
    return out.passed;
}

// The line's total must differ from the baseline's by `value`; then the die decides at the threshold.
template <typename Inputs>
void checkLine(const std::string& name, int value, const Inputs& base, const std::function<void(Inputs&)>& toggle,
               const std::function<int(const Inputs&)>& total) {
    INFO(name);
    Inputs with = base;
    toggle(with);
    const int t0 = total(base), t1 = total(with);
    CHECK(t1 - t0 == value);
    REQUIRE(t1 >= 1);
    REQUIRE(t1 <= 5);
    CHECK_FALSE(scriptedPass(t1, t1));  // a roll equal to the total fails
    CHECK(scriptedPass(t1, t1 + 1));    // one pip more passes
}

}  // namespace

TEST_CASE("TCT chart lines (§1.10), each toggled alone", "[battle][charts][tct]") {
    // Baseline: the initiating +2 only, plus "target Unsteady or open" when a negative line needs room.
    TctInputs base;  // total 2
    auto tot = [](const TctInputs& in) { return tctTotal(in); };
    CHECK(tctTotal(base) == 2);
    checkLine<TctInputs>(
        "commanding general not within radius +2", 2, base, [](TctInputs& i) { i.outOfCommand = true; }, tot);
    checkLine<TctInputs>(
        "target in heavy cover +2", 2, base, [](TctInputs& i) { i.targetHeavyCover = true; }, tot);
    checkLine<TctInputs>(
        "charger Shaken +2", 2, base, [](TctInputs& i) { i.chargerShaken = true; }, tot);
    checkLine<TctInputs>(
        "charger skirmishers or Unsteady +2", 2, base, [](TctInputs& i) { i.skirmishersOrUnsteady = true; }, tot);
    checkLine<TctInputs>(
        "target behind light cover +1", 1, base, [](TctInputs& i) { i.targetLightCover = true; }, tot);
    checkLine<TctInputs>(
        "target on higher ground +1", 1, base, [](TctInputs& i) { i.targetHigher = true; }, tot);
    TctInputs high = base;
    high.outOfCommand = true;
    high.chargerShaken = true;  // total 6: room for the negative lines
    checkLine<TctInputs>(
        "charge from flank or rear -3", -3, high, [](TctInputs& i) { i.fromFlankOrRear = true; }, tot);
    checkLine<TctInputs>(
        "Exceptional general or general attached -2", -2, high, [](TctInputs& i) { i.exceptionalOrGeneralAttached = true; }, tot);
    checkLine<TctInputs>(
        "Capable general or ADC attached -1", -1, high, [](TctInputs& i) { i.capableOrAdcAttached = true; }, tot);
    checkLine<TctInputs>(
        "Class 4 or 5 -1", -1, high, [](TctInputs& i) { i.class4or5 = true; }, tot);
    checkLine<TctInputs>(
        "target Unsteady or in open order -1", -1, high, [](TctInputs& i) { i.targetUnsteadyOrOpen = true; }, tot);
    // The two command lines are alternatives: only the better counts (§2.11).
    TctInputs both = high;
    both.exceptionalOrGeneralAttached = both.capableOrAdcAttached = true;
    CHECK(tctTotal(both) == tctTotal(high) - 2);
}

TEST_CASE("BCT chart lines (§1.10), each toggled alone", "[battle][charts][bct]") {
    auto tot = [](const BctInputs& in) { return bctTotal(in); };
    BctInputs zero;
    CHECK(bctTotal(zero) == 0);
    BctInputs low;  // baseline 1 for the positive lines
    low.shootingHits = 1;
    checkLine<BctInputs>(
        "Shaken, or charged in flank or rear +3", 3, low, [](BctInputs& i) { i.shakenOrFlankRear = true; }, tot);
    checkLine<BctInputs>(
        "foot charged by cavalry in the open +2", 2, low, [](BctInputs& i) { i.footChargedByCavalryInOpen = true; }, tot);
    checkLine<BctInputs>(
        "lying or crouching down +2", 2, low, [](BctInputs& i) { i.lyingDown = true; }, tot);
    checkLine<BctInputs>(
        "not commanded by its own brigade general +2", 2, low, [](BctInputs& i) { i.notOwnBrigadeGeneral = true; }, tot);
    checkLine<BctInputs>(
        "testing stands are skirmishers +2", 2, low, [](BctInputs& i) { i.skirmishers = true; }, tot);
    checkLine<BctInputs>(
        "charging enemy appeared within 100 +2", 2, low, [](BctInputs& i) { i.appearedWithin100 = true; }, tot);
    checkLine<BctInputs>(
        "each routing, retreating or destroyed friend within 200 +1 (two of them)", 2, low,
        [](BctInputs& i) { i.brokenFriendsWithin200 = 2; }, tot);
    checkLine<BctInputs>(
        "Unsteady or Class 1 +1", 1, low, [](BctInputs& i) { i.unsteadyOrClass1 = true; }, tot);
    checkLine<BctInputs>(
        "each shooting hit +1 (two more)", 2, low, [](BctInputs& i) { i.shootingHits += 2; }, tot);
    checkLine<BctInputs>(
        "in a burning area +1", 1, low, [](BctInputs& i) { i.burningArea = true; }, tot);
    checkLine<BctInputs>(
        "no bayonets +1", 1, low, [](BctInputs& i) { i.noBayonets = true; }, tot);
    BctInputs high;  // baseline 5 for the negative lines
    high.shootingHits = 5;
    checkLine<BctInputs>(
        "Class 5 -3", -3, high, [](BctInputs& i) { i.class5 = true; }, tot);
    checkLine<BctInputs>(
        "Class 3 or 4, or a general attached -2", -2, high, [](BctInputs& i) { i.class3or4OrGeneralAttached = true; }, tot);
    checkLine<BctInputs>(
        "on higher ground than the chargers -1", -1, high, [](BctInputs& i) { i.higherGround = true; }, tot);
    checkLine<BctInputs>(
        "each formed steady friend within 50 -1 (two of them)", -2, high, [](BctInputs& i) { i.steadyFriendsWithin50 = 2; }, tot);
    checkLine<BctInputs>(
        "steady closed column, reinforced line or close-order line -1", -1, high, [](BctInputs& i) { i.steadyCloseOrder = true; },
        tot);
    checkLine<BctInputs>(
        "touching friendly artillery or an anchored flank -1", -1, high, [](BctInputs& i) { i.artilleryOrAnchoredFlank = true; }, tot);
    checkLine<BctInputs>(
        "defending an obstacle, fortification, wall or urban area -1", -1, high, [](BctInputs& i) { i.defendingObstacle = true; },
        tot);
    checkLine<BctInputs>(
        "ADC attached -1", -1, high, [](BctInputs& i) { i.adcAttached = true; }, tot);
    // G21: no Class 2 line; Class 5 and "Class 3 or 4" are exclusive lines.
    BctInputs c5 = high;
    c5.class5 = c5.class3or4OrGeneralAttached = true;
    CHECK(bctTotal(c5) == bctTotal(high) - 3);
}

TEST_CASE("CWE and SCT chart lines (§1.10), each toggled alone", "[battle][charts][cwe]") {
    auto tot = [](const CweInputs& in) { return cweTotal(in); };
    CweInputs cwe;  // baseline 1
    cwe.kind = CloseOrShoot::Cwe;
    cwe.shootingHits = 1;
    CweInputs sct = cwe;
    sct.kind = CloseOrShoot::Sct;
    checkLine<CweInputs>(
        "CWE: target passed its BCT +3", 3, cwe, [](CweInputs& i) { i.targetPassedBct = true; }, tot);
    checkLine<CweInputs>(
        "CWE: charger inside a burning area +2", 2, cwe, [](CweInputs& i) { i.chargerInBurningArea = true; }, tot);
    checkLine<CweInputs>(
        "CWE: target in heavy cover +2", 2, cwe, [](CweInputs& i) { i.targetHeavyCover = true; }, tot);
    checkLine<CweInputs>(
        "CWE: target on a High hill +2", 2, cwe, [](CweInputs& i) { i.targetOnHighHill = true; }, tot);
    checkLine<CweInputs>(
        "SCT: hit by common shell +2", 2, sct, [](CweInputs& i) { i.commonShell = true; }, tot);
    checkLine<CweInputs>(
        "SCT: fired on from flank or rear +2", 2, sct, [](CweInputs& i) { i.flankOrRearFire = true; }, tot);
    for (auto* base : {&cwe, &sct}) {
        checkLine<CweInputs>(
            "both: surprised +2", 2, *base, [](CweInputs& i) { i.surprised = true; }, tot);
        checkLine<CweInputs>(
            "both: passage of lines +2", 2, *base, [](CweInputs& i) { i.passageOfLines = true; }, tot);
        checkLine<CweInputs>(
            "both: Shaken +2", 2, *base, [](CweInputs& i) { i.shaken = true; }, tot);
        checkLine<CweInputs>(
            "both: each shooting hit +1 (two more)", 2, *base, [](CweInputs& i) { i.shootingHits += 2; }, tot);
    }
    checkLine<CweInputs>(
        "CWE: target in light cover or behind an obstacle +1", 1, cwe, [](CweInputs& i) { i.targetLightCover = true; }, tot);
    CweInputs cweHigh = cwe;
    cweHigh.shootingHits = 5;
    CweInputs sctHigh = sct;
    sctHigh.shootingHits = 5;
    checkLine<CweInputs>(
        "CWE: charging into flank or rear -3", -3, cweHigh, [](CweInputs& i) { i.intoFlankOrRear = true; }, tot);
    for (auto* base : {&cweHigh, &sctHigh}) {
        checkLine<CweInputs>(
            "both: Class 5 -3", -3, *base, [](CweInputs& i) { i.unitClass = 5; }, tot);
        checkLine<CweInputs>(
            "both: Class 3 -2", -2, *base, [](CweInputs& i) { i.unitClass = 3; }, tot);
        checkLine<CweInputs>(
            "both: general attached -2", -2, *base, [](CweInputs& i) { i.generalAttached = true; }, tot);
        checkLine<CweInputs>(
            "both: Class 4 -1", -1, *base, [](CweInputs& i) { i.unitClass = 4; }, tot);
        checkLine<CweInputs>(
            "both: ADC attached -1", -1, *base, [](CweInputs& i) { i.adcAttached = true; }, tot);
    }
    checkLine<CweInputs>(
        "CWE: target Shaken or without bayonets -2", -2, cweHigh, [](CweInputs& i) { i.targetShakenOrNoBayonets = true; }, tot);
    checkLine<CweInputs>(
        "CWE: target Unsteady -1", -1, cweHigh, [](CweInputs& i) { i.targetUnsteady = true; }, tot);
    checkLine<CweInputs>(
        "CWE: Native or Highland troops charging -1", -1, cweHigh, [](CweInputs& i) { i.nativeOrHighlandCharging = true; }, tot);
    // CWE-only lines do nothing in an SCT, SCT-only lines nothing in a CWE; "Unsteady or ADC" counts once.
    CweInputs s2 = sct;
    s2.targetPassedBct = s2.targetHeavyCover = s2.intoFlankOrRear = s2.targetUnsteady = true;
    CHECK(cweTotal(s2) == cweTotal(sct));
    CweInputs c2 = cwe;
    c2.commonShell = c2.flankOrRearFire = true;
    CHECK(cweTotal(c2) == cweTotal(cwe));
    CweInputs once = cweHigh;
    once.targetUnsteady = once.adcAttached = true;
    CHECK(cweTotal(once) == cweTotal(cweHigh) - 1);
}

TEST_CASE("test totals below 1 pass and of 6 or more fail without a die", "[battle][charts]") {
    ScriptedSource script({});
    BattleDice dice(script);
    CHECK(rollTest(dice, RollTag::Sct, 0, 0).passed);
    CHECK(rollTest(dice, RollTag::Sct, 0, -4).passed);
    CHECK_FALSE(rollTest(dice, RollTag::Sct, 0, 6).passed);
    CHECK_FALSE(rollTest(dice, RollTag::Sct, 0, 9).passed);
    CHECK(dice.count() == 0);
    CHECK(passFaces(0) == 6);
    CHECK(passFaces(3) == 3);
    CHECK(passFaces(7) == 0);
}
