// SPDX-License-Identifier: GPL-3.0-or-later
// What a close assault costs its victor (tactical-resolver.md §2.14.4, §1.16, ¶525, ¶574): the victor's casualty
// line is paid once per unit and combat (per_unit) or once per combat by the largest unit with a stand to spare
// (once_per_combat, the default), a victor destroyed by that line gives its colours to nobody, and a flank
// charge's victor advances along the axis of its charge. Scripted dice; every test checks the whole script was used.
#include "fixtures.hpp"

#include <catch2/catch.hpp>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;
using etatmajor::dice::ScriptedSource;
namespace c = etatmajor::battle::charts;

namespace {

// British Class 4 line against Continental Class 2 line(s) in the open, Capable brigade generals, no doctrine.
BattleSetup lines(int britishStands, std::vector<std::pair<std::string, int>> americans) {
    std::vector<UnitSpec> b;
    for (const auto& [id, stands] : americans) b.push_back(unitSpec(id, UnitType::LineInfantry, 2, stands, Nationality::Continental));
    return battleOf(sideSpec("british", Mode::DeployedOffensive,
                             {unitSpec("a", UnitType::LineInfantry, 4, britishStands, Nationality::British)}, Rating::Capable),
                    sideSpec("americans", Mode::DeployedDefensive, std::move(b), Rating::Capable));
}

void charging(Engine& e, int u) {
    auto& x = e.unit(u);
    x.charging = true;
    x.morale = Morale::Unsteady;
    x.cweTaken = true;
}

}  // namespace

TEST_CASE("A victor destroyed by its own casualty line gives up no colours", "[battle][victor]") {
    // One stand each: the British win (B, C or D all cost the victor one stand and the loser two or three), so
    // with the spec's victor_loss = per_unit both units are destroyed. Only the loser's colours are taken; the
    // beaten side captures nothing.
    auto setup = lines(1, {{"b", 1}});
    REQUIRE_FALSE(setup.params.set("victor_loss", "per_unit"));
    ScriptedSource script({6, 1});
    BattleDice dice(script);
    Engine e(setup, dice);
    e.setDoctrine(false);
    e.startTurn();
    e.setInitiative(kSideA);
    const int a = e.unitIndex("a"), b = e.unitIndex("b");
    REQUIRE(e.unit(a).hasColours);
    REQUIRE(e.unit(b).hasColours);
    e.placeContact(a, b);
    charging(e, a);
    e.closeAssaultPhase();
    REQUIRE(script.remaining() == 0);
    REQUIRE(e.combatLog().size() == 1);
    REQUIRE(e.combatLog().front().winnerSide == kSideA);
    REQUIRE(c::caResult(e.combatLog().front().letter).victorStands == 1);
    CHECK(e.unit(b).status == UnitStatus::Destroyed);
    CHECK(e.unit(b).coloursLostTo == kSideA);
    CHECK(e.unit(a).status == UnitStatus::Destroyed);
    CHECK(e.unit(a).coloursLostTo == kNoSide);
    const auto r = e.finish();
    CHECK(r.sides[0].ledger.gainedTotal() == Points6::whole(20));
    CHECK(r.sides[1].ledger.gainedTotal() == Points6::whole(0));
}

TEST_CASE("A victor that catches a router and beats a formed enemy in the same combat loses one stand", "[battle][victor]") {
    // a touches the routing b and the formed c: one combat. b is cut down (automatic D), then a beats c. a pays
    // the victor's line of that melee only, not a second stand for the router as well.
    auto setup = lines(4, {{"b", 4}, {"c", 4}});
    ScriptedSource script({6, 1});
    BattleDice dice(script);
    Engine e(setup, dice);
    e.setDoctrine(false);
    e.startTurn();
    e.setInitiative(kSideA);
    const int a = e.unitIndex("a"), b = e.unitIndex("b"), c2 = e.unitIndex("c");
    e.setFront(c2, e.unit(b).front);
    e.unit(b).x0 = 10;
    e.unit(c2).x0 = 14;
    e.unit(a).x0 = 12;
    REQUIRE(e.unit(a).w == 4);
    REQUIRE(e.unit(b).w == 4);
    e.placeContact(a, b);
    e.placeContact(a, c2);
    REQUIRE(e.unit(a).x0 == 12);
    charging(e, a);
    auto& router = e.unit(b);
    router.morale = Morale::Routing;
    router.everRouted = true;
    e.closeAssaultPhase();
    REQUIRE(script.remaining() == 0);
    REQUIRE(e.combatLog().size() == 2);
    CHECK(e.combatLog()[0].automatic);
    CHECK(e.combatLog()[0].letter == c::CaLetter::D);
    REQUIRE(e.combatLog()[1].winnerSide == kSideA);
    REQUIRE_FALSE(e.combatLog()[1].automatic);
    REQUIRE(c::caResult(e.combatLog()[1].letter).victorStands == 1);
    CHECK(e.stands(e.unit(b)) == 1);
    CHECK(e.stands(e.unit(a)) == 3);
}

TEST_CASE("A flank charge's victor advances across the files toward the beaten unit, not deeper", "[battle][victor]") {
    auto setup = lines(4, {{"b", 4}});
    ScriptedSource script({6, 1});
    BattleDice dice(script);
    Engine e(setup, dice);
    e.setDoctrine(false);
    e.startTurn();
    e.setInitiative(kSideA);
    const int a = e.unitIndex("a"), b = e.unitIndex("b");
    e.unit(b).x0 = 16;
    e.unit(a).x0 = 4;
    e.placeContact(a, b, true);
    charging(e, a);
    const int x0 = e.unit(a).x0, front = e.unit(a).front;
    REQUIRE(x0 == 12);  // beside b's left flank, level with its front
    e.closeAssaultPhase();
    REQUIRE(script.remaining() == 0);
    REQUIRE(e.combatLog().size() == 1);
    REQUIRE(e.combatLog().front().winnerSide == kSideA);
    const auto& line = c::caResult(e.combatLog().front().letter);
    REQUIRE(line.victorMove >= c::kStandWidth);
    REQUIRE(line.victorStands == 1);
    REQUIRE(e.unit(a).w == 3);
    CHECK(e.unit(a).front == front);
    // losing its stand re-centres the line on file 14 (x0 13); then one file per stand-width of the move
    CHECK(e.unit(a).x0 == x0 + 1 + line.victorMove / c::kStandWidth);
}

TEST_CASE("A charge does not pass a formed enemy unit standing between the charger and its target", "[battle][victor]") {
    // m stands 30 paces in front of t in the same files; a, 40 paces from t, is ordered to charge t. Within 50
    // paces an infantry charge contacts at once (G11), but its way to t goes through m: it is stopped, and nobody
    // ends up behind m.
    auto setup = lines(4, {{"m", 4}, {"t", 4}});
    ScriptedSource script(std::vector<int>{});  // a Class 4 line needs no to-charge roll; nothing else rolls
    BattleDice dice(script);
    Engine e(setup, dice);
    e.setDoctrine(false);
    const int a = e.unitIndex("a"), m = e.unitIndex("m"), t = e.unitIndex("t");
    e.unit(a).x0 = 10;
    e.unit(m).x0 = 10;
    e.unit(t).x0 = 10;
    const int ft = e.unit(t).front;
    e.setFront(m, ft + 30);
    e.setFront(a, e.depth() - ft - 40);
    e.startTurn();
    e.setInitiative(kSideA);
    e.forceCharge(a, t);
    e.moralePhase();
    CHECK(script.remaining() == 0);
    CHECK(e.unit(a).front == e.depth() - ft - 40);
    CHECK(e.contacts().empty());
    CHECK_FALSE(e.unit(a).charging);
}

namespace {

// a charges the routing b alone: b is cut down (automatic major defeat, D). Returns a's stands after the combat.
int catchRouter(const char* routerCatchLoss) {
    auto setup = lines(4, {{"b", 4}});
    REQUIRE_FALSE(setup.params.set("router_catch_loss", routerCatchLoss));
    ScriptedSource script(std::vector<int>{});
    BattleDice dice(script);
    Engine e(setup, dice);
    e.setDoctrine(false);
    e.startTurn();
    e.setInitiative(kSideA);
    const int a = e.unitIndex("a"), b = e.unitIndex("b");
    e.placeContact(a, b);
    charging(e, a);
    auto& router = e.unit(b);
    router.morale = Morale::Routing;
    router.everRouted = true;
    e.closeAssaultPhase();
    REQUIRE(script.remaining() == 0);
    REQUIRE(e.combatLog().size() == 1);
    CHECK(e.combatLog()[0].automatic);
    CHECK(e.combatLog()[0].winnerSide == kSideA);
    CHECK(e.combatLog()[0].letter == c::CaLetter::D);
    CHECK(e.stands(e.unit(b)) == 1);
    return e.stands(e.unit(a));
}

}  // namespace

TEST_CASE("router_catch_loss=full_line: the victor of a caught router pays the major victory's stand", "[battle][victor]") {
    CHECK(catchRouter("full_line") == 3);
}

TEST_CASE("router_catch_loss=loser_only: the victor of a caught router loses nothing", "[battle][victor]") {
    CHECK(catchRouter("loser_only") == 4);
}

TEST_CASE("router_catch_loss is left out of the canonical parameter text at its default", "[battle][victor]") {
    Params p;
    const auto h = p.hash();
    CHECK(p.canonicalText().find("router_catch_loss") == std::string::npos);
    CHECK(p.routerCatchLoserOnly);  // the default since redcoats-7 (rules-mapping-battle.md, "Attackers that close")
    REQUIRE_FALSE(p.set("router_catch_loss", "full_line"));
    CHECK(p.canonicalText().find("router_catch_loss=full_line\n") != std::string::npos);
    CHECK(p.hash() != h);
    CHECK(p.set("router_catch_loss", "half"));
}

TEST_CASE("victor_loss = once_per_combat: a one-stand victor survives its win, and of two victors only the larger pays",
          "[battle][victor]") {
    // Same dice as the per_unit case above: the British one-stand unit beats the American one-stand unit.
    {
        auto setup = lines(1, {{"b", 1}});
        REQUIRE(setup.params.victorLossOnce);
        ScriptedSource script({6, 1});
        BattleDice dice(script);
        Engine e(setup, dice);
        e.setDoctrine(false);
        e.startTurn();
        e.setInitiative(kSideA);
        const int a = e.unitIndex("a"), b = e.unitIndex("b");
        e.placeContact(a, b);
        charging(e, a);
        e.closeAssaultPhase();
        REQUIRE(script.remaining() == 0);
        REQUIRE(e.combatLog().size() == 1);
        REQUIRE(e.combatLog().front().winnerSide == kSideA);
        REQUIRE(c::caResult(e.combatLog().front().letter).victorStands == 1);
        CHECK(e.unit(b).status == UnitStatus::Destroyed);
        CHECK(e.unit(a).status == UnitStatus::OnTable);
        CHECK(e.stands(e.unit(a)) == 1);
    }
    // Two American victors (4 and 2 stands) against one British stand: the 4-stand unit pays, the other keeps its 2.
    {
        auto setup = battleOf(sideSpec("british", Mode::DeployedOffensive,
                                       {unitSpec("a", UnitType::LineInfantry, 2, 1, Nationality::British)}, Rating::Capable),
                              sideSpec("americans", Mode::DeployedDefensive,
                                       {unitSpec("big", UnitType::LineInfantry, 4, 4, Nationality::Continental),
                                        unitSpec("small", UnitType::LineInfantry, 4, 2, Nationality::Continental)},
                                       Rating::Capable));
        ScriptedSource script({1, 6});
        BattleDice dice(script);
        Engine e(setup, dice);
        e.setDoctrine(false);
        e.startTurn();
        e.setInitiative(kSideA);
        const int a = e.unitIndex("a"), big = e.unitIndex("big"), small = e.unitIndex("small");
        e.setFront(small, e.unit(big).front);
        e.unit(big).x0 = 10;
        e.unit(small).x0 = 14;
        e.unit(a).x0 = 13;
        e.placeContact(a, big);
        e.placeContact(a, small);
        charging(e, a);
        e.closeAssaultPhase();
        REQUIRE(script.remaining() == 0);
        REQUIRE(e.combatLog().size() == 1);
        REQUIRE(e.combatLog().front().winnerSide == kSideB);
        REQUIRE(c::caResult(e.combatLog().front().letter).victorStands == 1);
        CHECK(e.stands(e.unit(big)) == 3);
        CHECK(e.stands(e.unit(small)) == 2);
    }
}
