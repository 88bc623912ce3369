// SPDX-License-Identifier: GPL-3.0-or-later
// One scripted test per line of the §1.15 close-assault chart (each factor toggled alone, then decided with
// scripted dice), the automatic victories, and the §1.16 victory scale and result lines.
#include "fixtures.hpp"

#include "etatmajor/battle/close_assault.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <utility>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;
using etatmajor::dice::ScriptedSource;
namespace c = etatmajor::battle::charts;

namespace {

// Side A with the line toggled against a plain side B, both Class 2, dice 3 and 3: the margin must equal the
// baseline margin plus the line's value, and the letter must follow the foot-over-foot scale.
void checkFactor(const std::string& name, int value, const std::function<void(CaSideInputs&)>& toggle, int baseBonus = 0) {
    INFO(name);
    CaSideInputs base;
    base.unitClass = 2;
    base.standsMore = baseBonus;
    CaSideInputs with = base;
    toggle(with);
    CHECK(caFactorTotal(with, true) - caFactorTotal(base, true) == value);
    CaSideInputs other;
    other.unitClass = 2;
    ScriptedSource script({3, 3});
    BattleDice dice(script);
    const auto r = rollCloseAssault(dice, {caFactorTotal(with, true), caFactorTotal(other, true)}, 0);
    CHECK(script.remaining() == 0);
    const int signedMargin = baseBonus + value;
    REQUIRE(signedMargin != 0);
    CHECK(r.winner == (signedMargin > 0 ? 0 : 1));
    CHECK(r.margin == (signedMargin > 0 ? signedMargin : -signedMargin));
    CHECK(c::victoryLetter(false, false, r.margin) == (r.margin <= 3   ? c::CaLetter::A
                                                       : r.margin <= 6 ? c::CaLetter::B
                                                       : r.margin <= 9 ? c::CaLetter::C
                                                                       : c::CaLetter::D));
}

}  // namespace

TEST_CASE("close assault factor lines (§1.15), each toggled alone", "[battle][charts][ca]") {
    checkFactor("defending heavy cover +4", 4, [](CaSideInputs& i) { i.defendingHeavyCover = 1; });
    checkFactor("engineers attached against works +2", 2, [](CaSideInputs& i) { i.engineersVsWorks = 1; });
    checkFactor("defending light cover +2", 2, [](CaSideInputs& i) { i.defendingLightCover = 1; });
    checkFactor("enemy inside a burning area +2", 2, [](CaSideInputs& i) { i.enemyInBurningArea = 1; });
    checkFactor("uphill on a High hill +2", 2, [](CaSideInputs& i) { i.uphillHighHill = 1; });
    checkFactor("uphill on a Low rise +1", 1, [](CaSideInputs& i) { i.uphillLowRise = 1; });
    checkFactor(
        "each push-back suffered -1 (two)", -2, [](CaSideInputs& i) { i.pushBacksSuffered = 2; }, 5);
    checkFactor("fighting the flank or rear +6", 6, [](CaSideInputs& i) { i.flankOrRear = true; });
    checkFactor("overlap by a stand-width +2", 2, [](CaSideInputs& i) { i.overlap = true; });
    checkFactor("each stand more +1 (three)", 3, [](CaSideInputs& i) { i.standsMore = 3; });
    checkFactor("under an Exceptional general +3", 3, [](CaSideInputs& i) { i.exceptionalCommand = 1; });
    checkFactor("under a Capable general +2", 2, [](CaSideInputs& i) { i.capableCommand = 1; });
    checkFactor("under an Inept general +1", 1, [](CaSideInputs& i) { i.ineptCommand = 1; });
    checkFactor(
        "attached general or ADC lost in this combat -1", -1, [](CaSideInputs& i) { i.staffLost = 1; }, 5);
    checkFactor("mounted: fighting Shaken troops or Native Americans +5", 5, [](CaSideInputs& i) { i.mountedVsShakenOrNative = 1; });
    checkFactor("mounted: fighting foot +5", 5, [](CaSideInputs& i) { i.mountedVsFoot = 1; });
    checkFactor("mounted: charging, Steady at the start +3", 3, [](CaSideInputs& i) { i.mountedChargingSteady = true; });
    checkFactor("mounted: deployed artillery or a screen in the open +3", 3,
                [](CaSideInputs& i) { i.mountedVsArtilleryOrScreen = 1; });
    checkFactor("mounted: fighting mounted infantry +2", 2, [](CaSideInputs& i) { i.mountedVsMountedInfantry = 1; });
    checkFactor("cavalry against foot or irregulars +1", 1, [](CaSideInputs& i) { i.cavalryVsFootOrIrregular = 1; });
    checkFactor("mounted: charging, Unsteady at the start +1", 1, [](CaSideInputs& i) { i.mountedChargingUnsteady = true; });
    checkFactor("column charging a line +1", 1, [](CaSideInputs& i) { i.columnChargingLine = 1; });
    checkFactor("foot: skirmishers in the open or deployed artillery +3", 3, [](CaSideInputs& i) { i.footVsScreenOrArtillery = 1; });
    checkFactor("foot: fighting Shaken troops +3", 3, [](CaSideInputs& i) { i.footVsShaken = 1; });
    checkFactor("foot: Native American foot +2", 2, [](CaSideInputs& i) { i.nativeFoot = 1; });
    checkFactor("foot: closed column or reinforced line against mounted or irregulars +2", 2,
                [](CaSideInputs& i) { i.denseVsMounted = 1; });
    checkFactor("foot: infantry charging +2", 2, [](CaSideInputs& i) { i.infantryCharging = true; });
    checkFactor("foot: light infantry in a wood or urban area +2", 2, [](CaSideInputs& i) { i.lightInfantryInWoodsOrUrban = 1; });
    checkFactor("foot: in the open touching a Steady friend, or in cover +1", 1,
                [](CaSideInputs& i) { i.touchingSteadyFriendOrCover = 1; });
    checkFactor("class of the majority of engaged stands (Class 5 against 2)", 3, [](CaSideInputs& i) { i.unitClass = 5; });
}

TEST_CASE("G23: the two +5 mounted rows stack as printed, or count once by switch", "[battle][charts][ca]") {
    CaSideInputs in;
    in.unitClass = 3;
    in.mountedVsBoth = 1;
    CHECK(caFactorTotal(in, true) == 3 + 10);
    CHECK(caFactorTotal(in, false) == 3 + 5);
}

TEST_CASE("majority class of engaged stands: equal numbers average, .5 rounding up", "[battle][charts][ca]") {
    const std::pair<int, int> a[] = {{4, 3}, {2, 1}};
    CHECK(majorityClass(a) == 4);
    const std::pair<int, int> b[] = {{4, 2}, {1, 2}};
    CHECK(majorityClass(b) == 3);  // 2.5 rounds up
    const std::pair<int, int> d[] = {{3, 2}, {1, 2}};
    CHECK(majorityClass(d) == 2);
}

TEST_CASE("victory scale (§1.16): letters by margin and by winner and loser type", "[battle][charts][ca]") {
    using L = c::CaLetter;
    const L footFoot[] = {L::A, L::A, L::A, L::B, L::B, L::B, L::C, L::C, L::C, L::D, L::D};
    const L footMounted[] = {L::E, L::E, L::E, L::F, L::F, L::F, L::G, L::G, L::G, L::G, L::G};
    const L mountedFoot[] = {L::X, L::X, L::X, L::Y, L::Y, L::Y, L::Z, L::Z, L::Z, L::Z, L::Z};
    for (int m = 1; m <= 11; ++m) {
        const auto i = static_cast<std::size_t>(m - 1);
        CHECK(c::victoryLetter(false, false, m) == footFoot[i]);
        CHECK(c::victoryLetter(false, true, m) == footMounted[i]);
        CHECK(c::victoryLetter(true, false, m) == mountedFoot[i]);
        CHECK(c::victoryLetter(true, true, m) == footFoot[i]);
    }
}

TEST_CASE("result lines (§1.16) as printed", "[battle][charts][ca]") {
    struct Row {
        c::CaLetter l;
        int v, lo;
        bool away;
        c::LoserMorale m;
        int fwd, back;
        bool locked;
    };
    using M = c::LoserMorale;
    const Row rows[] = {
        {c::CaLetter::A, 0, 1, false, M::Good, 0, 50, false},      {c::CaLetter::B, 1, 2, false, M::Good, 50, 50, true},
        {c::CaLetter::C, 1, 2, true, M::Shaken, 75, 100, false},   {c::CaLetter::D, 1, 3, true, M::Routing, 150, 200, false},
        {c::CaLetter::E, 1, 1, false, M::Good, 0, 200, false},     {c::CaLetter::F, 1, 2, false, M::Shaken, 0, 200, false},
        {c::CaLetter::G, 0, 2, true, M::Routing, 0, 200, false},   {c::CaLetter::X, 0, 1, false, M::Good, 0, 50, false},
        {c::CaLetter::Y, 1, 2, true, M::Routing, 150, 200, false}, {c::CaLetter::Z, 1, 3, true, M::Routing, 150, 200, false},
    };
    for (const auto& r : rows) {
        INFO(c::letterChar(r.l));
        const auto& x = c::caResult(r.l);
        CHECK(x.victorStands == r.v);
        CHECK(x.loserStands == r.lo);
        CHECK(x.loserFacesAway == r.away);
        CHECK(x.loserMorale == r.m);
        CHECK(x.victorMove == r.fwd);
        CHECK(x.loserMove == r.back);
        CHECK(x.stillLocked == r.locked);
    }
}

// ---------------------------------------------------------------------------------------------------------
// Automatic major victories (§1.15), fought by the engine: no close-assault dice are rolled.

namespace {
struct AutoCase {
    Engine* e;
    int a, b;
};

void runAuto(UnitSpec attacker, UnitSpec defender, const std::function<void(Engine&, int, int)>& prepare, bool expectAuto,
             c::CaLetter letter) {
    auto setup = battleOf(sideSpec("a", Mode::DeployedOffensive, {attacker}, Rating::Capable),
                          sideSpec("b", Mode::DeployedDefensive, {defender}, Rating::Capable));
    BattleDice dice(7);
    Engine e(setup, dice);
    e.setDoctrine(false);
    e.startTurn();
    e.setInitiative(kSideA);
    const int a = e.unitIndex(attacker.id), b = e.unitIndex(defender.id);
    prepare(e, a, b);
    e.closeAssaultPhase();
    REQUIRE(e.combatLog().size() == 1);
    CHECK(e.combatLog().front().automatic == expectAuto);
    if (expectAuto) {
        CHECK(e.combatLog().front().winnerSide == kSideA);
        CHECK(e.combatLog().front().letter == letter);
    }
}
}  // namespace

TEST_CASE("automatic victory: non-Shaken mounted troops over infantry skirmishers in the open", "[battle][charts][ca][auto]") {
    runAuto(
        unitSpec("horse", UnitType::LightCavalry, 3, 3), unitSpec("screen", UnitType::LightInfantry, 3, 2),
        [](Engine& e, int a, int b) {
            auto& s = e.unit(b);
            s.formation = Formation::Skirmish;
            e.setFiles(b, s.x0, 6);
            e.placeContact(a, b);
            e.unit(a).charging = true;
        },
        true, c::CaLetter::Z);
}

TEST_CASE("automatic victory: formed troops over unsupported artillery, not when supported", "[battle][charts][ca][auto]") {
    runAuto(
        unitSpec("foot", UnitType::LineInfantry, 3, 4), batterySpec("guns", 3, 2, Calibre::Light, 2),
        [](Engine& e, int a, int b) {
            e.placeContact(a, b);
            e.unit(a).charging = true;
        },
        true, c::CaLetter::D);
}

TEST_CASE("automatic victory: mounted troops into the flank of foot in the open", "[battle][charts][ca][auto]") {
    runAuto(
        unitSpec("horse", UnitType::LightCavalry, 3, 3), unitSpec("foot", UnitType::LineInfantry, 3, 4),
        [](Engine& e, int a, int b) {
            e.placeContact(a, b, true);
            e.unit(a).charging = true;
        },
        true, c::CaLetter::Z);
}

TEST_CASE("automatic victory: a charger over routers", "[battle][charts][ca][auto]") {
    runAuto(
        unitSpec("foot", UnitType::LineInfantry, 2, 4), unitSpec("routers", UnitType::LineInfantry, 2, 4),
        [](Engine& e, int a, int b) {
            e.placeContact(a, b);
            e.unit(a).charging = true;
            e.unit(b).morale = Morale::Routing;
        },
        true, c::CaLetter::D);
}

TEST_CASE("automatic victory: formed troops over troops lying down", "[battle][charts][ca][auto]") {
    runAuto(
        unitSpec("foot", UnitType::LineInfantry, 2, 4), unitSpec("lying", UnitType::LineInfantry, 2, 4),
        [](Engine& e, int a, int b) {
            e.placeContact(a, b);
            e.unit(a).charging = true;
            e.unit(b).formation = Formation::Lying;
        },
        true, c::CaLetter::D);
}

TEST_CASE("no automatic victory between formed foot in the open", "[battle][charts][ca][auto]") {
    runAuto(
        unitSpec("foot", UnitType::LineInfantry, 2, 4), unitSpec("other", UnitType::LineInfantry, 2, 4),
        [](Engine& e, int a, int b) {
            e.placeContact(a, b);
            e.unit(a).charging = true;
        },
        false, c::CaLetter::A);
}
