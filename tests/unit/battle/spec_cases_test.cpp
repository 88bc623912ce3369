// SPDX-License-Identifier: GPL-3.0-or-later
// tactical-resolver.md §4.3 test cases T1–T7 and T10, as written. Scripted dice fail the test when they run out
// (dice::ScriptedSource throws) and every scripted test also checks that the whole script was used.
#include "fixtures.hpp"

#include "etatmajor/battle/resolver.hpp"

#include <catch2/catch.hpp>

#include <array>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;
using etatmajor::dice::DiceError;
using etatmajor::dice::ScriptedSource;
namespace c = etatmajor::battle::charts;

namespace {

// T1/T2 set-up: British Class 4 line against Continental Class 2 line, 4 stands each, same files, open ground,
// Capable brigade generals in command, A charged this turn and passed its CWE.
struct T1Fixture {
    BattleSetup setup;
    T1Fixture() {
        setup = battleOf(sideSpec("british", Mode::DeployedOffensive,
                                  {unitSpec("a", UnitType::LineInfantry, 4, 4, Nationality::British)}, Rating::Capable),
                         sideSpec("americans", Mode::DeployedDefensive,
                                  {unitSpec("b", UnitType::LineInfantry, 2, 4, Nationality::Continental)}, Rating::Capable));
    }
};

void prepareT1(Engine& e) {
    e.setDoctrine(false);
    e.startTurn();
    e.setInitiative(kSideA);
    const int a = e.unitIndex("a"), b = e.unitIndex("b");
    e.placeContact(a, b);
    auto& ua = e.unit(a);
    ua.charging = true;
    ua.morale = Morale::Unsteady;  // chargers are Unsteady once their charge begins (¶443)
    ua.cweTaken = true;            // and this one has passed its CWE
}

}  // namespace

TEST_CASE("T1 close assault, scripted dice: minor victory C", "[battle][T1]") {
    T1Fixture f;
    ScriptedSource script({5, 2});
    BattleDice dice(script);
    Engine e(f.setup, dice);
    prepareT1(e);
    const int a = e.unitIndex("a"), b = e.unitIndex("b");
    const int frontA = e.unit(a).front, frontB = e.unit(b).front;
    e.closeAssaultPhase();
    REQUIRE(script.remaining() == 0);
    REQUIRE(e.combatLog().size() == 1);
    const auto& rec = e.combatLog().front();
    CHECK(rec.winnerSide == kSideA);
    CHECK(rec.margin == 7);  // 2+2+4+5 = 13 against 2+2+2 = 6
    CHECK(rec.letter == c::CaLetter::C);
    const auto& ua = e.unit(a);
    const auto& ub = e.unit(b);
    CHECK(e.stands(ua) == 3);
    CHECK(ua.morale == Morale::Unsteady);
    CHECK(ua.front == frontA + 75);
    CHECK(e.stands(ub) == 2);
    CHECK(ub.morale == Morale::Shaken);
    CHECK(ub.facingAway);
    CHECK(ub.front == frontB - 100);
    CHECK(ub.permShaken);  // 2 of 4 stands: at or below half
    CHECK(ub.coloursLostTo == kNoSide);
    CHECK(ua.coloursLostTo == kNoSide);
    CHECK(dice.count() == 2);  // no staff rolls
}

TEST_CASE("T2 close assault tie and re-roll: B wins a brief combat", "[battle][T2]") {
    T1Fixture f;
    ScriptedSource script({1, 5, 3, 6});
    BattleDice dice(script);
    Engine e(f.setup, dice);
    prepareT1(e);
    const int a = e.unitIndex("a"), b = e.unitIndex("b");
    const int frontA = e.unit(a).front, frontB = e.unit(b).front;
    e.closeAssaultPhase();
    REQUIRE(script.remaining() == 0);
    REQUIRE(e.combatLog().size() == 1);
    const auto& rec = e.combatLog().front();
    CHECK(rec.winnerSide == kSideB);
    CHECK(rec.margin == 3);  // 9 v 9, then 12 v 15
    CHECK(rec.letter == c::CaLetter::A);
    const auto& ua = e.unit(a);
    const auto& ub = e.unit(b);
    CHECK(e.stands(ub) == 4);
    CHECK(ub.front == frontB);
    CHECK(e.stands(ua) == 3);
    CHECK(ua.front == frontA - 50);
    CHECK_FALSE(ua.facingAway);
    CHECK(ua.morale == Morale::Unsteady);
}

TEST_CASE("T3 shooting-casualties ladder: HALT, RETREAT, ROUT", "[battle][T3]") {
    auto setup = battleOf(sideSpec("blue", Mode::DeployedDefensive, {unitSpec("u", UnitType::LineInfantry, 2, 4)}, std::nullopt),
                          sideSpec("red", Mode::DeployedDefensive, {unitSpec("far", UnitType::LineInfantry, 2, 4)}, std::nullopt));
    for (const int turn3Roll : {3, 4}) {
        ScriptedSource script({3, 2, turn3Roll});
        BattleDice dice(script);
        Engine e(setup, dice);
        e.setDoctrine(false);
        const int u = e.unitIndex("u");
        e.setFront(u, 600);  // room behind it for the rout move
        const int start = e.unit(u).front;
        // Turn 1: three morale-only hits; total 3, a roll of 3 fails: HALT, Unsteady, no move.
        e.startTurn();
        e.receiveHits(u, 0, 3);
        e.resolveHits();
        CHECK(e.unit(u).ladder == Ladder::Halt);
        CHECK(e.unit(u).morale == Morale::Unsteady);
        e.movementPhase();
        CHECK(e.unit(u).front == start);
        e.endOfTurn();
        // Turn 2: two hits; total 2, a roll of 2 fails: RETREAT 75 paces (half of 150), Shaken.
        e.startTurn();
        e.receiveHits(u, 0, 2);
        e.resolveHits();
        CHECK(e.unit(u).ladder == Ladder::Retreat);
        CHECK(e.unit(u).morale == Morale::Shaken);
        CHECK(e.unit(u).front == start - 75);
        e.movementPhase();
        e.endOfTurn();
        // Turn 3: one hit plus Shaken; total 3.
        e.startTurn();
        e.receiveHits(u, 0, 1);
        e.resolveHits();
        if (turn3Roll == 3) {
            CHECK(e.unit(u).morale == Morale::Routing);
            e.movementPhase();
            CHECK(e.unit(u).front == start - 75);  // the rout starts in the next turn's movement phase
            e.endOfTurn();
            e.startTurn();
            e.movementPhase();
            CHECK(e.unit(u).front == start - 75 - 250);
        } else {
            CHECK(e.unit(u).morale == Morale::Shaken);
            CHECK(e.unit(u).ladder == Ladder::Retreat);
            e.movementPhase();
            e.endOfTurn();
            CHECK(e.unit(u).ladder == Ladder::None);    // the RETREAT step lapses at the end of turn 3
            CHECK(e.unit(u).morale == Morale::Shaken);  // still Shaken until it rallies (no general here)
        }
        CHECK(script.remaining() == 0);
    }
}

TEST_CASE("a HALT's Unsteadiness lasts its one turn; Unsteadiness from elsewhere stays until the unit rallies", "[battle][T3]") {
    // §1.10 CWE/SCT: "Fail, first time: halted and Unsteady for one turn". The enemy stands 150 paces off, inside
    // the doctrine's 200-pace rally clearance, so nothing else can steady the unit.
    auto setup = battleOf(sideSpec("blue", Mode::DeployedDefensive, {unitSpec("u", UnitType::LineInfantry, 2, 4)}, std::nullopt),
                          sideSpec("red", Mode::DeployedDefensive, {unitSpec("near", UnitType::LineInfantry, 2, 4)}, std::nullopt));
    for (const bool unsteadyBefore : {false, true}) {
        ScriptedSource script({3});
        BattleDice dice(script);
        Engine e(setup, dice);
        e.setDoctrine(false);
        const int u = e.unitIndex("u");
        const int near = e.unitIndex("near");
        e.setFront(u, 600);
        e.setFront(near, e.depth() - 600 - 150);
        REQUIRE(e.distance(e.unit(u), e.unit(near)) == 150);
        // Turn 1: three morale-only hits, total 3, a roll of 3 fails: HALT.
        e.startTurn();
        if (unsteadyBefore) e.unit(u).morale = Morale::Unsteady;  // as after a charge or a close assault
        e.receiveHits(u, 0, 3);
        e.resolveHits();
        CHECK(e.unit(u).ladder == Ladder::Halt);
        CHECK(e.unit(u).morale == Morale::Unsteady);
        e.movementPhase();
        e.endOfTurn();
        CHECK(e.unit(u).ladder == Ladder::Halt);  // halted through the next turn
        CHECK(e.unit(u).morale == Morale::Unsteady);
        // Turn 2: no failure; the step lapses at the end of the turn and with it the HALT's Unsteadiness.
        e.startTurn();
        e.movementPhase();
        e.endOfTurn();
        CHECK(e.unit(u).ladder == Ladder::None);
        CHECK(e.unit(u).morale == (unsteadyBefore ? Morale::Unsteady : Morale::Ordered));
        CHECK(script.remaining() == 0);
    }
}

TEST_CASE("T4 small-arms distribution (100 000 seeds, mean ±0.02, frequencies ±0.007)", "[battle][T4]") {
    auto setup = battleOf(sideSpec("british", Mode::DeployedOffensive, {unitSpec("a", UnitType::LineInfantry, 4, 4)}, Rating::Capable),
                          sideSpec("rebels", Mode::DeployedDefensive,
                                   {unitSpec("b", UnitType::LineInfantry, 3, 4, Nationality::Continental)}, Rating::Capable));
    for (const int range : {100, 150}) {
        const int n = 100000;
        std::int64_t hits = 0;
        std::array<std::int64_t, 5> removed{};
        for (int seed = 1; seed <= n; ++seed) {
            BattleDice dice(static_cast<std::uint64_t>(seed));
            Engine e(setup, dice);
            e.setDoctrine(false);
            const int a = e.unitIndex("a"), b = e.unitIndex("b");
            e.setFront(a, e.depth() - e.unit(b).front - range);
            e.startTurn();
            e.setInitiative(kSideA);
            e.firePhase();
            hits += e.unit(b).hitsThisTurn;
            ++removed[static_cast<std::size_t>(4 - e.stands(e.unit(b)))];
        }
        const double mean = static_cast<double>(hits) / n;
        if (range == 100) {
            CHECK(mean == Approx(10.0 / 3.0).margin(0.02));
            const std::array<double, 5> expected{7.0 / 81, 38.0 / 81, 167.0 / 432, 37.0 / 648, 1.0 / 1296};
            for (std::size_t k = 0; k < 5; ++k) CHECK(static_cast<double>(removed[k]) / n == Approx(expected[k]).margin(0.007));
        } else {
            CHECK(mean == Approx(4.0 / 3.0).margin(0.02));
        }
    }
}

namespace {
// The ¶347 example staff for T5: a Capable division general over an Inept and two Capable brigade generals.
SideSpec t5Staff() {
    SideSpec s;
    s.id = "a";
    MeSpec me;
    me.id = "a-me";
    me.mode = Mode::DeployedDefensive;
    FormationSpec div;
    div.id = "a-div";
    div.general = generalSpec("div", Rating::Capable, Rank::Division);
    const std::array<Rating, 3> ratings{Rating::Inept, Rating::Capable, Rating::Capable};
    for (int i = 0; i < 3; ++i) {
        FormationSpec b;
        b.id = "a-bde" + std::to_string(i);
        b.general = generalSpec("bde" + std::to_string(i), ratings[static_cast<std::size_t>(i)]);
        b.units.push_back(unitSpec("a-u" + std::to_string(i), UnitType::LineInfantry, 3, 4));
        div.children.push_back(b);
    }
    me.formations.push_back(div);
    s.mes.push_back(me);
    return s;
}

SideSpec fourInept() {
    SideSpec s;
    s.id = "b";
    MeSpec me;
    me.id = "b-me";
    me.mode = Mode::DeployedDefensive;
    for (int i = 0; i < 4; ++i) {
        FormationSpec b;
        b.id = "b-bde" + std::to_string(i);
        b.general = generalSpec("b-gen" + std::to_string(i), Rating::Inept);
        b.units.push_back(unitSpec("b-u" + std::to_string(i), UnitType::LineInfantry, 3, 4));
        me.formations.push_back(b);
    }
    s.mes.push_back(me);
    return s;
}
}  // namespace

TEST_CASE("T5a initiative: the ¶347 example totals 19", "[battle][T5]") {
    SideSpec none = sideSpec("b", Mode::DeployedDefensive, {unitSpec("b-u", UnitType::LineInfantry, 3, 4)}, std::nullopt);
    auto setup = battleOf(t5Staff(), none);
    ScriptedSource script({1, 2, 4, 5});
    BattleDice dice(script);
    Engine e(setup, dice);
    e.startTurn();
    CHECK(e.bisOf(kSideA) == 7);
    CHECK(e.initiativeDiceOf(kSideA) == 4);
    e.initiativePhase();
    CHECK(e.lastInitiative().total[0] == 19);
    CHECK(e.initiative() == kSideA);
    CHECK(script.remaining() == 0);
}

TEST_CASE("T5b initiative odds: BIS 7 + 4d6 against BIS 4 + 4d6 wins 0.7284 (100 000 seeds, ±0.006)", "[battle][T5]") {
    auto setup = battleOf(t5Staff(), fourInept());
    const int n = 100000;
    int wins = 0;
    for (int seed = 1; seed <= n; ++seed) {
        BattleDice dice(static_cast<std::uint64_t>(seed));
        Engine e(setup, dice);
        e.startTurn();
        e.initiativePhase();
        wins += e.initiative() == kSideA ? 1 : 0;
    }
    CHECK(static_cast<double>(wins) / n == Approx(0.7284).margin(0.006));
}

TEST_CASE("T5c initiative: a spent brigade's general leaves the BIS and the dice", "[battle][T5]") {
    SideSpec none = sideSpec("b", Mode::DeployedDefensive, {unitSpec("b-u", UnitType::LineInfantry, 3, 4)}, std::nullopt);
    auto setup = battleOf(t5Staff(), none);
    ScriptedSource script({1, 2, 4});
    BattleDice dice(script);
    Engine e(setup, dice);
    // Brigade 0 (the Inept general's) loses three of its four stands: 75 % lost, spent (§8.11 ¶309).
    auto& u = e.unit(e.unitIndex("a-u0"));
    u.figures = u.fps;
    u.lostFire = 3 * u.fps;
    e.startTurn();
    e.initiativePhase();
    CHECK(e.bisOf(kSideA) == 6);
    CHECK(e.initiativeDiceOf(kSideA) == 3);
    CHECK(e.lastInitiative().total[0] == 6 + 1 + 2 + 4);
    CHECK(script.remaining() == 0);
}

TEST_CASE("T6 one charge, Class 5 against Class 1 (200 000 seeds, ±0.005)", "[battle][T6]") {
    UnitSpec militia = unitSpec("militia", UnitType::LineInfantry, 1, 4, Nationality::Militia);
    militia.bayonets = false;
    auto setup = battleOf(sideSpec("british", Mode::DeployedOffensive, {unitSpec("grenadiers", UnitType::LineInfantry, 5, 4)},
                                   Rating::Capable),
                          sideSpec("militia", Mode::DeployedDefensive, {militia}, Rating::Inept));
    const int n = 200000;
    int routBct = 0, cweFailed = 0;
    std::array<int, 10> grenadierWins{}, militiaWins{};
    for (int seed = 1; seed <= n; ++seed) {
        BattleDice dice(static_cast<std::uint64_t>(seed));
        Engine e(setup, dice);
        e.setDoctrine(false);
        const int g = e.unitIndex("grenadiers"), m = e.unitIndex("militia");
        e.setFront(g, e.depth() - e.unit(m).front - 100);
        e.startTurn();
        e.setInitiative(kSideA);
        e.forceCharge(g, m);
        e.moralePhase();
        if (e.unit(m).morale == Morale::Routing) {
            ++routBct;
            continue;
        }
        e.firePhase();
        e.movementPhase();
        if (e.unit(g).ladder == Ladder::Halt) ++cweFailed;
        e.closeAssaultPhase();
        for (const auto& r : e.combatLog())
            ++(r.winnerSide == kSideA ? grenadierWins : militiaWins)[static_cast<std::size_t>(r.letter)];
    }
    auto p = [&](int x) { return static_cast<double>(x) / n; };
    CHECK(p(routBct) == Approx(1.0 / 3.0).margin(0.005));
    CHECK(p(cweFailed) == Approx(16.0 / 729.0).margin(0.005));
    CHECK(p(grenadierWins[0]) == Approx(0.2194).margin(0.005));
    CHECK(p(grenadierWins[1]) == Approx(0.2568).margin(0.005));
    CHECK(p(grenadierWins[2]) == Approx(0.1168).margin(0.005));
    CHECK(p(grenadierWins[3]) == Approx(0.0123).margin(0.005));
    CHECK(p(militiaWins[0]) == Approx(0.0358).margin(0.005));
    CHECK(p(militiaWins[1]) == Approx(0.0035).margin(0.005));
    CHECK(militiaWins[2] + militiaWins[3] == 0);
}

TEST_CASE("T7 battery overrun, scripted dice: automatic major victory and the accounting", "[battle][T7]") {
    auto setup = battleOf(sideSpec("a", Mode::DeployedOffensive, {unitSpec("line", UnitType::LineInfantry, 3, 4)}, Rating::Capable),
                          sideSpec("b", Mode::DeployedDefensive, {batterySpec("battery", 3, 2, Calibre::LightMedium, 2)},
                                   Rating::Capable));
    ScriptedSource script({6, 2, 1, 4, 6, 4, 2});
    BattleDice dice(script);
    Engine e(setup, dice);
    e.setDoctrine(false);
    const int a = e.unitIndex("line"), bat = e.unitIndex("battery");
    REQUIRE(e.unit(bat).figures == 6);
    e.setFront(a, e.depth() - e.unit(bat).front - 50);
    e.startTurn();
    e.setInitiative(kSideA);
    e.forceCharge(a, bat);
    e.moralePhase();
    e.firePhase();
    e.movementPhase();
    const int frontBefore = e.unit(a).front;
    e.closeAssaultPhase();
    e.setEndAfterTurn(true);
    e.endOfTurn();
    REQUIRE(e.combatLog().size() == 1);
    CHECK(e.combatLog().front().automatic);
    CHECK(e.combatLog().front().letter == c::CaLetter::D);
    CHECK(e.stands(e.unit(a)) == 3);
    CHECK(e.unit(a).front == frontBefore + 150);
    const auto& b = e.unit(bat);
    CHECK(b.figures == 2);
    CHECK(b.morale == Morale::Routing);
    CHECK(b.limbersDamaged == 1);
    for (const auto& g : b.guns) {
        CHECK(g.abandoned);
        CHECK(g.holder == kSideA);
    }
    const auto r = e.finish();
    CHECK(script.remaining() == 0);
    CHECK(r.sides[1].ledger.netLoss() == Points6::whole(70));
    CHECK(r.sides[0].ledger.netLoss() == Points6::whole(12));
    CHECK(r.verdict.winner == kSideA);
    CHECK(r.verdict.margin == Points6::whole(58));
}

TEST_CASE("T7 running out of scripted dice fails loudly", "[battle][T7]") {
    auto setup = battleOf(sideSpec("a", Mode::DeployedOffensive, {unitSpec("line", UnitType::LineInfantry, 3, 4)}, Rating::Capable),
                          sideSpec("b", Mode::DeployedDefensive, {batterySpec("battery", 3, 2, Calibre::LightMedium, 2)},
                                   Rating::Capable));
    ScriptedSource script({6, 2});
    BattleDice dice(script);
    Engine e(setup, dice);
    e.setDoctrine(false);
    const int a = e.unitIndex("line"), bat = e.unitIndex("battery");
    e.setFront(a, e.depth() - e.unit(bat).front - 50);
    e.startTurn();
    e.setInitiative(kSideA);
    e.forceCharge(a, bat);
    e.moralePhase();
    CHECK_THROWS_AS(e.firePhase(), DiceError);
}

// ---------------------------------------------------------------------------------------------------------
// T10 accounting and nightfall on constructed end states (no dice).

namespace {
// Side A, 400 points: Class 4 foot 6 stands (96), Class 3 foot 2 stands (24), a Class 3 crew stand with one LM gun
// (18 + 20), Class 4 foot 13 stands (208), Class 1 foot 1 stand (4) and a brigade general (30).
SideSpec t10SideA() {
    SideSpec s;
    s.id = "a";
    MeSpec me;
    me.id = "a-me";
    me.mode = Mode::DeployedDefensive;
    FormationSpec f;
    f.id = "a-bde";
    f.general = generalSpec("a-gen", Rating::Capable);
    f.units.push_back(unitSpec("a-foot4", UnitType::LineInfantry, 4, 6));
    f.units.push_back(unitSpec("a-foot3", UnitType::LineInfantry, 3, 2));
    f.units.push_back(batterySpec("a-guns", 3, 1, Calibre::LightMedium, 1));
    f.units.push_back(unitSpec("a-filler", UnitType::LineInfantry, 4, 13));
    f.units.push_back(unitSpec("a-filler2", UnitType::LineInfantry, 1, 1));
    me.formations.push_back(f);
    s.mes.push_back(me);
    return s;
}

// Side B, 400 points and no staff: Class 2 foot 10 stands (80), Class 3 irregular cavalry 4 stands (128), a Class 1
// unit of 3 stands with colours (12) and Class 3 foot 15 stands (180).
SideSpec t10SideB() {
    SideSpec s;
    s.id = "b";
    MeSpec me;
    me.id = "b-me";
    me.mode = Mode::DeployedDefensive;
    FormationSpec f;
    f.id = "b-bde";
    f.units.push_back(unitSpec("b-foot2", UnitType::LineInfantry, 2, 10, Nationality::Continental));
    f.units.push_back(unitSpec("b-cav", UnitType::IrregularCavalry, 3, 4, Nationality::Continental));
    auto militia = unitSpec("b-militia", UnitType::LineInfantry, 1, 3, Nationality::Militia);
    militia.colours = true;
    f.units.push_back(militia);
    f.units.push_back(unitSpec("b-filler", UnitType::LineInfantry, 3, 15, Nationality::Continental));
    me.formations.push_back(f);
    s.mes.push_back(me);
    return s;
}
}  // namespace

TEST_CASE("T10a accounting: casualties, captured gun and general, routers, colours", "[battle][T10]") {
    auto setup = battleOf(t10SideA(), t10SideB());
    BattleDice dice(1);
    Engine e(setup, dice);
    REQUIRE(e.sideState(kSideA).start == Points6::whole(400));
    REQUIRE(e.sideState(kSideB).start == Points6::whole(400));
    e.setTurn(10);
    // A: 3 Class 4 stands lost as casualties, its LM gun captured by B, its brigade general captured, 2 Class 3
    // stands routing at the end; it took one enemy colour.
    auto& f4 = e.unit(e.unitIndex("a-foot4"));
    f4.figures -= 12;
    f4.lostFire += 12;
    e.unit(e.unitIndex("a-foot3")).morale = Morale::Routing;
    auto& gun = e.unit(e.unitIndex("a-guns")).guns[0];
    gun.abandoned = true;
    gun.holder = kSideB;
    auto& gen = e.generals()[static_cast<std::size_t>(e.generalIndex("a-gen"))];
    gen.fate = StaffFate::Captured;
    gen.gone = true;
    // B: 5 Class 2 stands and 2 Class 3 irregular cavalry stands lost; the Class 1 unit with colours surrendered.
    auto& b2 = e.unit(e.unitIndex("b-foot2"));
    b2.figures -= 20;
    b2.lostFire += 20;
    auto& cav = e.unit(e.unitIndex("b-cav"));
    cav.figures -= 4;
    cav.lostCloseAssault += 4;
    auto& mil = e.unit(e.unitIndex("b-militia"));
    mil.surrendered = mil.figures;
    mil.figures = 0;
    mil.status = UnitStatus::Surrendered;
    mil.coloursLostTo = kSideA;
    const auto r = e.finish();
    const auto& la = r.sides[0].ledger;
    const auto& lb = r.sides[1].ledger;
    CHECK(la.pointsLostForVcs() == Points6::whole(48 + 20 + 30 + 12));
    CHECK(la.gainedTotal() == Points6::whole(20));
    CHECK(la.netLoss() == Points6::whole(90));
    CHECK(la.score() == Points6::whole(310));
    CHECK(lb.pointsLostForVcs() == Points6::whole(40 + 64 + 6));
    CHECK(lb.netLoss() == Points6::whole(110));
    CHECK(lb.score() == Points6::whole(290));
    CHECK(r.verdict.winner == kSideA);
    CHECK(r.verdict.margin == Points6::whole(20));
    CHECK(r.verdict.decisiveness == Decisiveness::Marginal);
    CHECK(dice.count() == 0);
}

TEST_CASE("T10b the winner is the smaller net loss, not the ¶577 score", "[battle][T10]") {
    SideLedger a, b;
    a.start = Points6::whole(600);
    a.full.push_back({LedgerKind::Casualties, "x", Points6::whole(250)});
    b.start = Points6::whole(300);
    b.full.push_back({LedgerKind::Casualties, "y", Points6::whole(150)});
    CHECK(a.score() == Points6::whole(350));
    CHECK(b.score() == Points6::whole(150));
    const auto v = settle(a, b);
    CHECK(v.winner == kSideB);
    CHECK(v.margin == Points6::whole(100));
    CHECK(v.decisiveness == Decisiveness::Decisive);
}

TEST_CASE("T10c turns available: Winter dusk 2, Autumn half day 5, Summer full day 12", "[battle][T10]") {
    CHECK(c::turnsAvailable(Season::Winter, Contact::Dusk) == 2);
    CHECK(c::turnsAvailable(Season::Autumn, Contact::HalfDay) == 5);
    CHECK(c::turnsAvailable(Season::Summer, Contact::FullDay) == 12);
    BattleSetup s = battleOf(sideSpec("a", Mode::DeployedDefensive, {unitSpec("u", UnitType::LineInfantry, 2, 4)}, std::nullopt),
                             sideSpec("b", Mode::DeployedDefensive, {unitSpec("v", UnitType::LineInfantry, 2, 4)}, std::nullopt));
    s.season = Season::Autumn;
    s.contact = Contact::HalfDay;
    BattleDice dice(1);
    Engine e(s, dice);
    CHECK(e.turnsAvailable() == 5);
}
