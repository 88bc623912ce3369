// SPDX-License-Identifier: GPL-3.0-or-later
// Battalion guns (§2.18, §4.15; §1.1 one gun and two gunners, no limber), with scripted dice: they fire as guns of
// their battalion, a firer that rolls at the battalion rolls separately at its guns, the battalion moves at the
// "infantry with battalion gun" rate, and a battalion that routs leaves them abandoned.
#include "fixtures.hpp"

#include "etatmajor/battle/battle_xml.hpp"
#include "etatmajor/core/issue.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;
using etatmajor::dice::ScriptedSource;

namespace {

std::vector<RollTag> tags(const BattleDice& dice) {
    std::vector<RollTag> out;
    for (const auto& r : dice.log()) out.push_back(r.tag);
    return out;
}

UnitSpec withGun(UnitSpec u, Calibre calibre) {
    u.battalionGuns.push_back(GunSpec{calibre, false, 1});
    return u;
}

}  // namespace

TEST_CASE("a battalion gun fires as a gun of its battalion", "[battle][battalion_guns]") {
    // Light gun at 250 paces: Medium band, one hit on a 5 or 6 against a line (§1.13); muskets reach 200.
    for (const bool gun : {false, true}) {
        auto blue = unitSpec("blue", UnitType::LineInfantry, 3, 4, Nationality::German);
        if (gun) blue = withGun(blue, Calibre::Light);
        auto setup = battleOf(sideSpec("a", Mode::DeployedDefensive, {blue}, std::nullopt),
                              sideSpec("b", Mode::DeployedDefensive,
                                       {unitSpec("red", UnitType::LineInfantry, 3, 4, Nationality::Continental)}, std::nullopt));
        ScriptedSource script({6, 1, 1});
        BattleDice dice(script);
        Engine e(setup, dice);
        e.setDoctrine(false);
        const int a = e.unitIndex("blue"), b = e.unitIndex("red");
        REQUIRE(e.unit(a).guns.size() == (gun ? 1u : 0u));
        e.setFiles(a, 10, 4);
        e.setFiles(b, 10, 4);
        e.setFront(b, e.depth() - e.unit(a).front - 250);
        e.startTurn();
        e.setInitiative(kSideA);
        e.firePhase();
        if (!gun) {
            CHECK(dice.log().empty());
            continue;
        }
        REQUIRE_FALSE(dice.log().empty());
        CHECK(dice.log().front().tag == RollTag::Artillery);
        CHECK(dice.log().front().subject == a);
        CHECK(e.unit(b).hitsThisTurn == 1);
        CHECK(e.unit(b).figures == 16);
        CHECK_FALSE(e.unit(a).fired);  // the battalion's own volley is still to come
    }
}

TEST_CASE("fire at a battalion rolls separately at its gun; the gun takes Damage Table results", "[battle][battalion_guns]") {
    // A Light Medium battery 400 paces from a battalion in open column (Medium band, Dense: a hit on 4+). The gun
    // rolls at the battalion (5: one hit), then once more at its battalion gun (6: one hit); the gun's Damage Table
    // roll of 6 destroys it. The battalion keeps its figures (one hit removes nothing) and tests its one hit.
    auto setup = battleOf(sideSpec("a", Mode::DeployedDefensive, {batterySpec("battery", 3, 1, Calibre::LightMedium, 1)},
                                   std::nullopt),
                          sideSpec("b", Mode::DeployedDefensive,
                                   {withGun(unitSpec("bn", UnitType::LineInfantry, 3, 4, Nationality::Continental), Calibre::Light)},
                                   std::nullopt));
    ScriptedSource script({5, 6, 6, 1});
    BattleDice dice(script);
    Engine e(setup, dice);
    e.setDoctrine(false);
    const int bat = e.unitIndex("battery"), bn = e.unitIndex("bn");
    e.setFiles(bat, 10, 1);
    e.setFiles(bn, 10, 4);
    e.setFront(bn, e.depth() - e.unit(bat).front - 400);
    e.unit(bn).formation = Formation::OpenColumn;  // its gun does not fire from column
    e.startTurn();
    e.setInitiative(kSideA);
    e.firePhase();
    const auto t = tags(dice);
    REQUIRE(t.size() >= 3);
    CHECK(t[0] == RollTag::Artillery);
    CHECK(t[1] == RollTag::Artillery);
    CHECK(t[2] == RollTag::DamageArtillery);
    for (std::size_t i = 3; i < t.size(); ++i) CHECK(t[i] == RollTag::Sct);
    const auto& u = e.unit(bn);
    CHECK(u.guns.front().destroyed);
    CHECK(u.gunsDestroyed == 1);
    CHECK(u.figures == 16);
    CHECK(u.hitsThisTurn == 1);  // the gun's hit is not the battalion's
    const auto r = e.finish();
    // The destroyed Light gun (10 points) is in B's losses.
    bool gunLost = false;
    for (const auto& l : r.sides[1].ledger.full) gunLost = gunLost || (l.what == "bn gun" && l.points == Points6::whole(10));
    CHECK(gunLost);
}

TEST_CASE("a battalion with a gun moves at its row's rate and abandons the gun when it routs", "[battle][battalion_guns]") {
    // T3's ladder (three failed Shooting Casualties Tests: HALT, RETREAT, ROUT) on a battalion with a gun: the
    // RETREAT moves half of 100 paces (infantry with battalion gun) instead of half of 150; the rout leaves the gun
    // where the battalion stood, and it is lost to the side that holds the field.
    auto setup = battleOf(sideSpec("blue", Mode::DeployedDefensive,
                                   {withGun(unitSpec("u", UnitType::LineInfantry, 2, 4), Calibre::VeryLight)}, std::nullopt),
                          sideSpec("red", Mode::DeployedDefensive, {unitSpec("far", UnitType::LineInfantry, 2, 4)}, std::nullopt));
    ScriptedSource script({3, 2, 3});
    BattleDice dice(script);
    Engine e(setup, dice);
    e.setDoctrine(false);
    const int u = e.unitIndex("u");
    e.setFront(u, 600);
    const int start = e.unit(u).front;
    e.startTurn();
    e.receiveHits(u, 0, 3);
    e.resolveHits();
    CHECK(e.unit(u).ladder == Ladder::Halt);
    e.endOfTurn();
    e.startTurn();
    e.receiveHits(u, 0, 2);
    e.resolveHits();
    CHECK(e.unit(u).ladder == Ladder::Retreat);
    CHECK(e.unit(u).front == start - 50);
    e.endOfTurn();
    CHECK_FALSE(e.unit(u).guns.front().abandoned);
    e.startTurn();
    e.receiveHits(u, 0, 1);
    e.resolveHits();
    REQUIRE(e.unit(u).morale == Morale::Routing);
    const auto& g = e.unit(u).guns.front();
    CHECK(g.abandoned);
    CHECK(g.holder == kNoSide);
    CHECK(g.x == e.unit(u).x0 + e.unit(u).w - 1);
    CHECK(g.y == start - 50);  // side A's unit: its front is the pace from A's rear edge
    CHECK(script.remaining() == 0);
    e.setEndAfterTurn(true);
    e.endOfTurn();
    const auto r = e.finish();
    CHECK(r.sides[0].gunsLost.size() == 1);
}

TEST_CASE("battle file: <battalionGun> on a foot battalion, refused elsewhere", "[battle][battalion_guns][xml]") {
    const std::string head = R"(<battle formatVersion="1" id="t" season="summer">
  <side id="a"><me id="a-me" mode="deployed_defensive"><formation id="a-f">)";
    const std::string tail = R"(</formation></me></side>
  <side id="b"><me id="b-me" mode="deployed_defensive"><formation id="b-f">
    <unit id="b-u" type="line_infantry" class="3" stands="4"/></formation></me></side>
</battle>)";
    const auto ok = readBattleString(
        head + R"(<unit id="a-u" type="line_infantry" class="3" stands="4"><battalionGun calibre="light" count="2"/></unit>)" + tail,
        "t.xml");
    const auto& u = ok.sides[0].mes[0].formations[0].units[0];
    REQUIRE(u.battalionGuns.size() == 1);
    CHECK(u.battalionGuns[0].calibre == Calibre::Light);
    CHECK(u.battalionGuns[0].count == 2);
    CHECK(unitSpecPoints(u) == 4 * 12 + 2 * 10);
    try {
        (void)readBattleString(
            head + R"(<unit id="a-u" type="light_cavalry" class="3" stands="4"><battalionGun calibre="light"/></unit>)" + tail,
            "t.xml");
        FAIL("accepted battalion guns on cavalry");
    } catch (const etatmajor::core::FileError& e) {
        CHECK(e.code() == "BATTLE-BATTALION-GUN");
    }
}

TEST_CASE("the battalion-guns test battle: the battalions' guns fire in whole battles", "[battle][battalion_guns]") {
    const auto setup = readBattleFile(sourcePath("tests/data/battles/battalion-guns.xml"));
    int gunDice = 0, battles = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        BattleDice dice(seed, true);
        Engine e(setup, dice);
        const int b1 = e.unitIndex("h-bn-1"), b2 = e.unitIndex("h-bn-2");
        REQUIRE(e.unit(b1).guns.size() == 1);
        REQUIRE(e.unit(b1).guns.front().crew == 2);
        (void)e.run();
        int here = 0;
        for (const auto& r : dice.log())
            if (r.tag == RollTag::Artillery && (r.subject == b1 || r.subject == b2)) ++here;
        gunDice += here;
        battles += here > 0 ? 1 : 0;
    }
    INFO("battalion gun dice over 20 battles: " << gunDice);
    CHECK(battles >= 15);
}
