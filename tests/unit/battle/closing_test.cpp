// SPDX-License-Identifier: GPL-3.0-or-later
// Attackers that close (tactical-resolver.md §2.8, §2.12, §2.16; rules-mapping-battle.md "Attackers that close"): a
// unit that breaks when a charge has already reached it is caught where it stands (¶389, ¶489); an attacker looks for
// an enemy it cannot see instead of walking past it (assault_unseen), and Class 1 troops that may not charge make for
// the enemy's front, not its flank; Class 1 attackers keep their fire until they are close (class1_closing); cavalry
// with no line of its own goes for a flank (lone_cavalry); a line bends to bring its fire on an enemy narrower than
// itself (line_bend); and a wood's kind comes from the set-up when it gives one (¶284). Each against the earlier
// reading where there is one.
#include "fixtures.hpp"

#include "etatmajor/battle/battle_xml.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;

namespace {

int overlap(const Unit& a, const Unit& b) { return std::max(0, std::min(a.x0 + a.w, b.x0 + b.w) - std::max(a.x0, b.x0)); }
int gap(const Unit& a, const Unit& b) { return std::max({0, b.x0 - (a.x0 + a.w), a.x0 - (b.x0 + b.w)}); }

bool inContact(const Engine& e, int a, int b) {
    for (const auto& p : e.contacts())
        if ((p.a == a && p.b == b) || (p.a == b && p.b == a)) return true;
    return false;
}

void fullTurn(Engine& e) {
    e.startTurn();
    e.initiativePhase();
    e.grandTacticalPhase();
    e.moralePhase();
    e.firePhase();
    e.movementPhase();
    e.closeAssaultPhase();
    e.endOfTurn();
}

// The whole table one heavy wood: formed troops are seen at 100 paces (§1.8).
void allHeavyWood(BattleSetup& s, int width) {
    FeatureSpec f;
    f.kind = FeatureKind::HeavyWood;
    f.x0 = 0;
    f.x1 = width;
    f.y0 = 0;
    f.y1 = 1200;
    s.terrain.features.push_back(f);
}

}  // namespace

TEST_CASE("¶389, ¶489: a unit that breaks when the charge has reached it is caught where it stands", "[battle][closing]") {
    // Light cavalry 80 paces from militia: within 100 paces the charge contacts at once (G11), so the militia cannot
    // run from it. Every seed in which it breaks on its being-charged test finds it still in contact and where it
    // stood; in the Close Assault Phase it suffers the routers' automatic defeat unless the horse wavered.
    const auto setup = battleOf(sideSpec("horse", Mode::DeployedOffensive, {unitSpec("dragoons", UnitType::LightCavalry, 3, 2)},
                                         Rating::Capable),
                                sideSpec("foot", Mode::DeployedDefensive,
                                         {unitSpec("militia", UnitType::LineInfantry, 1, 2, Nationality::Militia)}, Rating::Capable));
    int broke = 0, cutDown = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        BattleDice dice(seed);
        Engine e(setup, dice);
        e.setDoctrine(false);
        const int a = e.unitIndex("dragoons"), b = e.unitIndex("militia");
        e.setFiles(a, e.unit(b).x0, e.unit(a).w);
        e.setFront(a, e.depth() - e.unit(b).front - 80);
        const int front = e.unit(b).front, figures = e.unit(b).figures;
        e.startTurn();
        e.setInitiative(kSideA);
        e.forceCharge(a, b);
        e.moralePhase();
        if (e.unit(b).morale != Morale::Routing) continue;
        ++broke;
        INFO("seed " << seed);
        CHECK(inContact(e, a, b));
        CHECK(e.unit(b).front == front);
        e.firePhase();
        e.movementPhase();
        CHECK(e.unit(b).front == front);  // frozen: no rout move while the contact lasts
        e.closeAssaultPhase();
        if (e.unit(b).figures < figures || e.unit(b).status != UnitStatus::OnTable) ++cutDown;
    }
    REQUIRE(broke > 5);
    CHECK(cutDown > broke / 2);
}

TEST_CASE("assault_unseen: an attacker in the woods looks for the enemy instead of walking past it", "[battle][closing]") {
    // One British company hidden by the heavy wood (formed troops seen at 100 paces) in the middle file; two
    // American battalions attack from files to either side of it. Straight ahead they march past it to the British
    // rear edge; looking for it they stop short of its depth and close on it.
    for (const std::string reading : {"nearest_enemy", "straight_ahead"}) {
        INFO(reading);
        auto setup = battleOf(sideSpec("british", Mode::Reorganisation, {unitSpec("company", UnitType::LineInfantry, 3, 1)},
                                       Rating::Capable),
                              sideSpec("americans", Mode::March,
                                       {unitSpec("left", UnitType::LineInfantry, 2, 2, Nationality::Continental),
                                        unitSpec("right", UnitType::LineInfantry, 2, 2, Nationality::Continental)},
                                       Rating::Capable));
        setup.holder = kSideA;
        setup.fieldWidth = 30;
        allHeavyWood(setup, 30);
        REQUIRE_FALSE(setup.params.set("assault_unseen", reading));
        BattleDice dice(7);
        Engine e(setup, dice);
        const int c = e.unitIndex("company"), l = e.unitIndex("left"), r = e.unitIndex("right");
        e.setFiles(c, 15, 1);
        e.setFiles(l, 11, e.unit(l).w);
        e.setFiles(r, 18, e.unit(r).w);
        const int line = e.depth() - e.unit(c).front;  // the depth at which the company stands, from the American edge
        int deepest = 0, nearest = 1 << 20;
        for (int t = 0; t < 4 && !e.battleOver(); ++t) {
            fullTurn(e);
            for (int u : {l, r}) {
                if (e.unit(u).status != UnitStatus::OnTable) continue;
                deepest = std::max(deepest, e.unit(u).front);
                nearest = std::min(nearest, e.distance(e.unit(u), e.unit(c)));
            }
        }
        if (reading == "nearest_enemy") {
            CHECK(deepest <= line);
            CHECK(nearest <= 120);
        } else {
            CHECK(deepest > line);
        }
    }
}

TEST_CASE("Class 1 attackers make for the enemy's front, where they can fire, not for its flank", "[battle][closing]") {
    // Militia (no declared charges under class1_charges = opportunity_only) two files off a regular company. It used
    // to take the flank position, level with the company's front, and stand there all day, unable to charge or to
    // fire (its fire goes ahead). It now sidesteps into the company's files and stops at its firing distance.
    for (const std::string charges : {"opportunity_only", "any"}) {
        INFO(charges);
        auto setup = battleOf(sideSpec("british", Mode::Reorganisation, {unitSpec("company", UnitType::LineInfantry, 3, 1)},
                                       Rating::Capable),
                              sideSpec("americans", Mode::March,
                                       {unitSpec("militia", UnitType::LineInfantry, 1, 2, Nationality::Militia)}, Rating::Capable));
        setup.holder = kSideA;
        setup.fieldWidth = 30;
        REQUIRE_FALSE(setup.params.set("class1_charges", charges));
        BattleDice dice(3);
        Engine e(setup, dice);
        e.setDoctrine(true);
        const int c = e.unitIndex("company"), m = e.unitIndex("militia");
        e.setFiles(c, 15, 1);
        e.setFiles(m, 11, 2);
        e.setFront(m, e.depth() - e.unit(c).front - 400);
        for (int t = 0; t < 4; ++t) {
            e.startTurn();
            e.setInitiative(kSideB);
            e.movementPhase();
            e.endOfTurn();
        }
        const auto& u = e.unit(m);
        const auto& t = e.unit(c);
        if (charges == "opportunity_only") {
            CHECK(overlap(u, t) > 0);
            CHECK(e.separation(u, t) > 60);
            CHECK(e.separation(u, t) <= 100);
        } else {
            CHECK(overlap(u, t) == 0);  // a unit that may charge still makes for the flank position
            CHECK(gap(u, t) >= 1);
        }
    }
}

TEST_CASE("class1_closing: attacking militia keeps its fire until it has closed to firing distance", "[battle][closing]") {
    // A Class 1 unit cannot fire and move in one turn (§1.9). At 150 paces a volley would hold it there all day.
    for (const std::string reading : {"hold_fire", "fire_at_once"}) {
        INFO(reading);
        auto setup = battleOf(sideSpec("british", Mode::DeployedDefensive, {unitSpec("line", UnitType::LineInfantry, 3, 3)},
                                       Rating::Capable),
                              sideSpec("americans", Mode::DeployedOffensive,
                                       {unitSpec("militia", UnitType::LineInfantry, 1, 3, Nationality::Militia)}, Rating::Capable));
        REQUIRE_FALSE(setup.params.set("class1_closing", reading));
        BattleDice dice(5);
        Engine e(setup, dice);
        const int l = e.unitIndex("line"), m = e.unitIndex("militia");
        e.setFiles(m, e.unit(l).x0, e.unit(l).w);
        e.setFront(m, e.depth() - e.unit(l).front - 150);
        e.startTurn();
        e.setInitiative(kSideB);
        e.firePhase();
        e.movementPhase();
        const int sep = e.separation(e.unit(m), e.unit(l));
        if (reading == "hold_fire") {
            CHECK_FALSE(e.unit(m).fired);
            CHECK(sep <= 100);
        } else {
            CHECK(e.unit(m).fired);
            CHECK(sep == 150);
        }
    }
}

TEST_CASE("lone_cavalry: attacking cavalry with no foot of its own goes for the enemy's flank", "[battle][closing]") {
    for (const std::string reading : {"seek_flank", "keep_station"}) {
        INFO(reading);
        auto setup = battleOf(sideSpec("horse", Mode::DeployedOffensive, {unitSpec("legion", UnitType::IrregularCavalry, 3, 2)},
                                       Rating::Capable),
                              sideSpec("foot", Mode::DeployedDefensive,
                                       {unitSpec("regiment", UnitType::LineInfantry, 2, 3, Nationality::Continental)},
                                       Rating::Capable));
        REQUIRE_FALSE(setup.params.set("lone_cavalry", reading));
        BattleDice dice(11);
        Narrative n;
        Engine e(setup, dice, &n);
        const int h = e.unitIndex("legion"), f = e.unitIndex("regiment");
        const int start = e.unit(h).front;
        bool flank = false;
        for (int t = 0; t < 4 && !e.battleOver(); ++t) {
            fullTurn(e);
            const auto& u = e.unit(h);
            if (u.status == UnitStatus::OnTable && overlap(u, e.unit(f)) == 0 && gap(u, e.unit(f)) >= 1 && gap(u, e.unit(f)) <= 2 &&
                e.separation(u, e.unit(f)) <= 0)
                flank = true;
        }
        const bool charged = n.text().find("tries to charge") != std::string::npos;
        if (reading == "seek_flank") {
            CHECK((flank || charged));
        } else {
            CHECK_FALSE(charged);
            CHECK(e.unit(h).front == start);
        }
    }
}

TEST_CASE("line_bend: a line brings more than its facing stand to bear on an enemy one file wide", "[battle][closing]") {
    // A four-stand line at 100 paces from a one-stand company facing its second file: straight ahead only that stand
    // can fire (no splay up to 144 paces, §2.4); bent toward it (¶40) the stands on either side fire too.
    for (const std::string reading : {"one_file", "none"}) {
        INFO(reading);
        auto setup =
            battleOf(sideSpec("british", Mode::DeployedDefensive, {unitSpec("line", UnitType::LineInfantry, 4, 4)}, Rating::Capable),
                     sideSpec("americans", Mode::DeployedDefensive,
                              {unitSpec("company", UnitType::LineInfantry, 2, 1, Nationality::Continental)}, Rating::Capable));
        REQUIRE_FALSE(setup.params.set("line_bend", reading));
        BattleDice dice(2);
        Narrative n;
        Engine e(setup, dice, &n);
        e.setDoctrine(false);
        const int l = e.unitIndex("line"), c = e.unitIndex("company");
        e.setFiles(l, 10, 4);
        e.setFiles(c, 11, 1);
        e.setFront(l, e.depth() - e.unit(c).front - 100);
        e.startTurn();
        e.setInitiative(kSideA);
        e.firePhase();
        const std::string text = n.text();
        CHECK(text.find(reading == "one_file" ? "line fires (steady volley, 3 dice" : "line fires (steady volley, 1 dice") !=
              std::string::npos);
    }
}

TEST_CASE("¶284: the woods of a hex are the kind the set-up names, rolled for only when it names none", "[battle][closing]") {
    const auto kinds = [](WoodKind w) {
        bool light = false, heavy = false;
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            auto setup = battleOf(sideSpec("a", Mode::DeployedDefensive, {unitSpec("x", UnitType::LineInfantry, 3, 3)},
                                           Rating::Capable),
                                  sideSpec("b", Mode::March, {unitSpec("y", UnitType::LineInfantry, 3, 3)}, Rating::Capable));
            setup.terrain.hex = HexTerrain::Woods;
            setup.terrain.templateFeatures = true;
            setup.terrain.woods = w;
            BattleDice dice(seed);
            Engine e(setup, dice);
            for (const auto& f : e.features()) {
                light = light || f.kind == FeatureKind::LightWood;
                heavy = heavy || f.kind == FeatureKind::HeavyWood;
            }
        }
        return std::pair(light, heavy);
    };
    CHECK(kinds(WoodKind::Light) == std::pair(true, false));
    CHECK(kinds(WoodKind::Heavy) == std::pair(false, true));
    CHECK(kinds(WoodKind::Unknown) == std::pair(true, true));
    const auto file = readBattleString(
        "<battle formatVersion=\"1\" id=\"w\" season=\"summer\"><terrain hex=\"woods\" woods=\"light\" template=\"true\"/>"
        "<side id=\"a\"><me id=\"am\" mode=\"march\"><formation id=\"af\"><unit id=\"au\" type=\"line_infantry\" class=\"2\" "
        "stands=\"2\"/></formation></me></side><side id=\"b\"><me id=\"bm\" mode=\"march\"><formation id=\"bf\"><unit id=\"bu\" "
        "type=\"line_infantry\" class=\"2\" stands=\"2\"/></formation></me></side></battle>",
        "woods.xml");
    CHECK(file.terrain.woods == WoodKind::Light);
}
