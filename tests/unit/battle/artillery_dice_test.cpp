// SPDX-License-Identifier: GPL-3.0-or-later
// §2.18 and §2.13 step 2: a horse battery's extra die on one unit of its zone (§4.23) and an attached artillery
// general's extra die on every unit of the zone (¶316, §4.22–4.23), with scripted dice. Light guns at 250 paces are
// in their Medium band, where a Line target is hit once on a 5 or 6 (§1.13) and muskets (200 paces) cannot answer.
#include "fixtures.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;
using etatmajor::dice::ScriptedSource;

namespace {

int countTag(const BattleDice& dice, RollTag tag) {
    return static_cast<int>(std::count_if(dice.log().begin(), dice.log().end(), [&](const RollEntry& r) { return r.tag == tag; }));
}

// Every die of the log after the first `n` is a Shooting Casualties Test.
bool onlySctsAfter(const BattleDice& dice, std::size_t n) {
    for (std::size_t i = n; i < dice.log().size(); ++i)
        if (dice.log()[i].tag != RollTag::Sct) return false;
    return true;
}

// Side A: one battery (one or two Light guns, a crew stand per gun) under `general`; side B: `targets` line units
// of `stands` stands, side by side from file 10, 250 paces from the guns.
BattleSetup gunSetup(UnitType type, int guns, std::optional<GeneralSpec> general, int targets, int stands) {
    UnitSpec battery = batterySpec("guns", 3, guns, Calibre::Light, guns);
    battery.type = type;
    SideSpec a = sideSpec("a", Mode::DeployedDefensive, {battery}, std::nullopt);
    a.mes[0].formations[0].general = general;
    std::vector<UnitSpec> foot;
    for (int i = 0; i < targets; ++i)
        foot.push_back(unitSpec("t" + std::to_string(i), UnitType::LineInfantry, 3, stands, Nationality::Continental));
    return battleOf(a, sideSpec("b", Mode::DeployedDefensive, foot, std::nullopt));
}

void placeAt250(Engine& e, int guns, int targets) {
    e.setDoctrine(false);
    const int bat = e.unitIndex("guns");
    e.setFiles(bat, guns == 1 ? 10 : 11, guns);
    for (int i = 0; i < targets; ++i) {
        const int t = e.unitIndex("t" + std::to_string(i));
        e.setFiles(t, 10 + i * e.unit(t).w, e.unit(t).w);
        e.setFront(t, e.depth() - e.unit(bat).front - 250);
    }
    e.startTurn();
    e.setInitiative(kSideA);
}

// That battle with the scripted faces, placed and with side A holding the initiative, before its Fire Phase.
struct GunBattle {
    BattleSetup setup;
    ScriptedSource script;
    BattleDice dice;
    Engine e;
    GunBattle(UnitType type, int guns, std::optional<GeneralSpec> general, int targets, int stands, std::vector<int> faces)
        : setup(gunSetup(type, guns, std::move(general), targets, stands)), script(std::move(faces)), dice(script), e(setup, dice) {
        placeAt250(e, guns, targets);
    }
};

GeneralSpec artilleryGeneral(Rating r) { return generalSpec("knox", r, Rank::ArtilleryGeneral); }

}  // namespace

TEST_CASE("horse artillery rolls one more die at its target; a foot battery does not", "[battle][artillery]") {
    SECTION("foot battery: one die, one hit, no stand lost") {
        GunBattle b(UnitType::FootArtillery, 1, std::nullopt, 1, 4, {6, 1, 1, 1});
        b.e.firePhase();
        CHECK(countTag(b.dice, RollTag::Artillery) == 1);
        CHECK(b.dice.log().front().tag == RollTag::Artillery);
        CHECK(onlySctsAfter(b.dice, 1));
        CHECK(b.e.unit(b.e.unitIndex("t0")).figures == 16);  // a lone hit removes nothing (¶391)
        CHECK(b.e.unit(b.e.unitIndex("t0")).hitsThisTurn == 1);
    }
    SECTION("horse battery: two dice at the same unit, two hits, one stand lost") {
        GunBattle b(UnitType::HorseArtillery, 1, std::nullopt, 1, 4, {6, 5, 1, 1, 1});
        b.e.firePhase();
        REQUIRE(b.dice.log().size() >= 2);
        CHECK(b.dice.log()[0].tag == RollTag::Artillery);
        CHECK(b.dice.log()[1].tag == RollTag::Artillery);
        CHECK(countTag(b.dice, RollTag::Artillery) == 2);
        CHECK(onlySctsAfter(b.dice, 2));
        CHECK(b.e.unit(b.e.unitIndex("t0")).figures == 12);
        CHECK(b.e.unit(b.e.unitIndex("t0")).lostFire == 4);
        CHECK(b.e.unit(b.e.unitIndex("t0")).hitsThisTurn == 2);
    }
    SECTION("horse battery, extra die missing: 6 then 4 is one hit") {
        GunBattle b(UnitType::HorseArtillery, 1, std::nullopt, 1, 4, {6, 4, 1, 1, 1});
        b.e.firePhase();
        CHECK(countTag(b.dice, RollTag::Artillery) == 2);
        CHECK(b.e.unit(b.e.unitIndex("t0")).figures == 16);
        CHECK(b.e.unit(b.e.unitIndex("t0")).hitsThisTurn == 1);
    }
}

TEST_CASE("an attached Capable artillery general adds a die against the unit in each gun's zone", "[battle][artillery]") {
    SECTION("Capable: two dice, two hits, a stand lost; he counts for the initiative") {
        GunBattle b(UnitType::FootArtillery, 1, artilleryGeneral(Rating::Capable), 1, 4, {5, 6, 1, 1, 1});
        CHECK(b.e.initiativeDiceOf(kSideA) == 1);  // ¶316: he is one of the side's eligible generals
        CHECK(b.e.bisOf(kSideA) == 2);
        b.e.firePhase();
        CHECK(countTag(b.dice, RollTag::Artillery) == 2);
        CHECK(onlySctsAfter(b.dice, 2));
        CHECK(b.e.unit(b.e.unitIndex("t0")).figures == 12);
    }
    SECTION("Inept: no extra die") {
        GunBattle b(UnitType::FootArtillery, 1, artilleryGeneral(Rating::Inept), 1, 4, {5, 6, 1, 1, 1});
        b.e.firePhase();
        CHECK(countTag(b.dice, RollTag::Artillery) == 1);
        CHECK(b.e.unit(b.e.unitIndex("t0")).figures == 16);
    }
    SECTION("a brigade general of the same battery adds nothing") {
        GunBattle b(UnitType::FootArtillery, 1, generalSpec("brig", Rating::Exceptional), 1, 4, {5, 6, 1, 1, 1});
        b.e.firePhase();
        CHECK(countTag(b.dice, RollTag::Artillery) == 1);
    }
}

TEST_CASE("bombardment: an artillery general adds a die for every unit in the box (§2.13 step 2)", "[battle][artillery]") {
    // Two Light guns against four one-stand units side by side: the 4-file box over all four promises more than the
    // two guns' tactical fire, so the battery bombards with ⌈2/2⌉ = 1 die a unit; a 6 is one hit, which removes
    // nothing from a one-stand unit, and two hits remove its only stand.
    SECTION("without a general: four dice, one a unit, nobody destroyed") {
        GunBattle b(UnitType::FootArtillery, 2, std::nullopt, 4, 1, {6, 6, 6, 6, 1, 1, 1, 1});
        b.e.firePhase();
        CHECK(countTag(b.dice, RollTag::Bombardment) == 4);
        CHECK(onlySctsAfter(b.dice, 4));
        for (int i = 0; i < 4; ++i) CHECK(b.e.unit(b.e.unitIndex("t" + std::to_string(i))).status == UnitStatus::OnTable);
    }
    SECTION("with a Capable artillery general: eight dice, two a unit, all four destroyed") {
        GunBattle b(UnitType::FootArtillery, 2, artilleryGeneral(Rating::Capable), 4, 1, {6, 6, 6, 6, 6, 6, 6, 6});
        b.e.firePhase();
        CHECK(countTag(b.dice, RollTag::Bombardment) == 8);
        CHECK(b.dice.log().size() == 8);
        CHECK(b.script.remaining() == 0);
        for (int i = 0; i < 4; ++i) {
            const auto& t = b.e.unit(b.e.unitIndex("t" + std::to_string(i)));
            CHECK(t.status == UnitStatus::Destroyed);
            CHECK(t.lostFire == 4);
        }
    }
}
