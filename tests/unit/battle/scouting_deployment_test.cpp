// SPDX-License-Identifier: GPL-3.0-or-later
// §2.7 scouting and deployment order behind tactical.scouting_deployment: the §1.7 scouting points, the margin's
// row (which side places first and which of its brigades the other side sees), what seeing buys (§2.7 item 5), and
// that the default (off) leaves the placement as it was.
#include "fixtures.hpp"

#include <catch2/catch.hpp>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;

namespace {

FormationSpec brigadeOf(const std::string& id, std::vector<UnitSpec> units, std::optional<GeneralSpec> general = std::nullopt) {
    FormationSpec f;
    f.id = id;
    f.name = id;
    f.general = std::move(general);
    f.units = std::move(units);
    return f;
}

SideSpec sideOf(const std::string& id, Mode mode, std::vector<FormationSpec> brigades, Nationality nat) {
    SideSpec s;
    s.id = id;
    s.name = id;
    MeSpec me;
    me.id = id + "-me";
    me.mode = mode;
    for (auto& f : brigades) {
        for (auto& u : f.units) u.nationality = nat;
        me.formations.push_back(std::move(f));
    }
    s.mes.push_back(std::move(me));
    return s;
}

UnitSpec foot(const std::string& id, int cls, int stands = 4) { return unitSpec(id, UnitType::LineInfantry, cls, stands); }
UnitSpec horse(const std::string& id, int cls, int stands) { return unitSpec(id, UnitType::LightCavalry, cls, stands); }

// Side A: four infantry brigades a1–a4 and a cavalry brigade a5 (one Class 2 stand, 4 scouting points). Side B:
// three infantry brigades b1–b3 and a cavalry brigade b4 of `bStands` Class 3 stands (12 points each).
BattleSetup orderSetup(int bStands, Mode aMode, Mode bMode) {
    std::vector<FormationSpec> a, b;
    for (int i = 1; i <= 4; ++i) a.push_back(brigadeOf("a" + std::to_string(i), {foot("a" + std::to_string(i) + "-u", 3)}));
    a.push_back(brigadeOf("a5", {horse("a5-cav", 2, 1)}));
    for (int i = 1; i <= 3; ++i) b.push_back(brigadeOf("b" + std::to_string(i), {foot("b" + std::to_string(i) + "-u", 3)}));
    b.push_back(brigadeOf("b4", {horse("b4-cav", 3, bStands)}));
    auto s = battleOf(sideOf("a", aMode, a, Nationality::British), sideOf("b", bMode, b, Nationality::Continental));
    s.fieldWidth = 60;
    REQUIRE_FALSE(s.params.set("tactical.scouting_deployment", "on").has_value());
    return s;
}

// The ids of the first placer's brigades the other side saw, in brigade order.
std::string seenIds(const Engine& e) {
    std::string out;
    const auto& plan = e.scoutingPlan();
    for (const auto& b : e.brigades())
        if (b.side == plan.firstPlacer && plan.seen[static_cast<std::size_t>(b.index)]) out += (out.empty() ? "" : ",") + b.id;
    return out;
}

}  // namespace

TEST_CASE("§1.7 scouting points of a side", "[battle][scouting]") {
    // Class 3 light cavalry 3 stands (3 × 12), Class 2 irregular cavalry 2 stands (2 × (4 + 4)), Native 2 stands
    // (2 × 3), a Capable cavalry general (+2), foot (nothing): 60. Class 4 light cavalry 2 stands (2 × 8) under an
    // Inept cavalry brigadier (-2): 14.
    auto cavGeneral = [](const std::string& id, Rating r) {
        GeneralSpec g = generalSpec(id, r);
        g.arm = Arm::Cavalry;
        return g;
    };
    auto a = sideOf("a", Mode::DeployedOffensive,
                    {brigadeOf("a1", {horse("a-lc", 3, 3), unitSpec("a-ic", UnitType::IrregularCavalry, 2, 2)},
                               cavGeneral("a-gen", Rating::Capable)),
                     brigadeOf("a2", {unitSpec("a-nat", UnitType::Native, 2, 2), foot("a-foot", 4)})},
                    Nationality::British);
    auto b = sideOf("b", Mode::DeployedDefensive,
                    {brigadeOf("b1", {horse("b-lc", 4, 2)}, cavGeneral("b-gen", Rating::Inept)), brigadeOf("b2", {foot("b-foot", 3)})},
                    Nationality::Continental);
    auto setup = battleOf(a, b);
    BattleDice dice(1);
    Engine e(setup, dice);
    CHECK(e.scoutingPoints(kSideA) == 60);
    CHECK(e.scoutingPoints(kSideB) == 14);
    CHECK_FALSE(e.scoutingPlan().used);  // off by default: no plan
    REQUIRE_FALSE(setup.params.set("scouting_deployment", "on").has_value());
    BattleDice dice2(1);
    Engine on(setup, dice2);
    const auto& plan = on.scoutingPlan();
    CHECK(plan.used);
    CHECK(plan.margin == 46);
    CHECK(plan.outScouted == kSideB);
    CHECK(plan.placesFirst == 3);
    CHECK(plan.firstPlacer == kSideB);  // B is all Deployed-Defensive (it would go first anyway)
    CHECK(seenIds(on) == "b1,b2");
}

TEST_CASE("§2.7 who places first and what the other side sees, by margin", "[battle][scouting]") {
    struct Case {
        int bStands;  // B's cavalry: 12 points a stand; A has 4
        int margin;
        int placesFirst;
        int firstPlacer;
        const char* seen;  // the first placer's brigades the other side saw
    };
    const Case cases[] = {
        {2, 20, 1, kSideA, "a5"},               // 15–29: the out-scouted side's cavalry brigade
        {4, 44, 2, kSideA, "a1,a5"},            // 30–44: cavalry and one other brigade
        {5, 56, 3, kSideA, "a1,a2,a5"},         // 45–59: cavalry and two others
        {6, 68, -1, kSideA, "a1,a2,a3,a4,a5"},  // 60+: the whole force
        {1, 8, 0, kSideB, "b1,b2,b4"},          // 1–14: equal BIS, the holder (B) first; cavalry and half the rest
    };
    for (const auto& c : cases) {
        INFO("B cavalry stands " << c.bStands);
        auto setup = orderSetup(c.bStands, Mode::DeployedOffensive, Mode::DeployedOffensive);
        BattleDice dice(1);
        Engine e(setup, dice);
        const auto& plan = e.scoutingPlan();
        CHECK(plan.points[0] == 4);
        CHECK(plan.points[1] == 12 * c.bStands);
        CHECK(plan.margin == c.margin);
        CHECK(plan.placesFirst == c.placesFirst);
        CHECK(plan.firstPlacer == c.firstPlacer);
        CHECK(seenIds(e) == c.seen);
    }
    SECTION("a side all Deployed-Defensive is set up first, seen whole, whoever out-scouts") {
        auto setup = orderSetup(2, Mode::DeployedOffensive, Mode::DeployedDefensive);
        BattleDice dice(1);
        Engine e(setup, dice);
        CHECK(e.scoutingPlan().outScouted == kSideA);
        CHECK(e.scoutingPlan().firstPlacer == kSideB);
        CHECK(seenIds(e) == "b1,b2,b3,b4");
    }
    SECTION("the lower BIS places first on a small margin") {
        auto setup = orderSetup(1, Mode::DeployedOffensive, Mode::DeployedOffensive);
        setup.sides[0].mes[0].formations[0].general = generalSpec("a1-gen", Rating::Capable);
        BattleDice dice(1);
        Engine e(setup, dice);
        CHECK(e.bisOf(kSideA) == 2);
        CHECK(e.bisOf(kSideB) == 0);
        CHECK(e.scoutingPlan().firstPlacer == kSideB);
        setup.sides[1].mes[0].formations[0].general = generalSpec("b1-gen", Rating::Exceptional);
        BattleDice dice2(1);
        Engine e2(setup, dice2);
        CHECK(e2.scoutingPlan().firstPlacer == kSideA);
        CHECK(seenIds(e2) == "a1,a2,a5");  // cavalry, then the first half (rounded up) of the four others
    }
}

TEST_CASE("§2.7 item 5: seeing the enemy line puts the strongest brigade against its weakest third and the cavalry "
          "on the flank of the weaker enemy cavalry; off leaves the placement alone",
          "[battle][scouting]") {
    // Both sides Deployed-Defensive (three brigades keep no reserve, §2.6.4 step 3). A (the holder; out-scouted by
    // 72, so it places first and is seen whole): a1 Class 2, a2 and a3 Class 4, four stands each, and a Class 3
    // cavalry regiment of two stands. B: b1 and b2 Class 2, b3 Class 5, four stands each,
    // and eight stands of Class 3 cavalry.
    auto makeSetup = [](bool on) {
        auto a = sideOf("a", Mode::DeployedDefensive,
                        {brigadeOf("a1", {foot("a1-u", 2)}), brigadeOf("a2", {foot("a2-u", 4)}), brigadeOf("a3", {foot("a3-u", 4)}),
                         brigadeOf("a4", {horse("a4-cav", 3, 2)})},
                        Nationality::British);
        auto b = sideOf("b", Mode::DeployedDefensive,
                        {brigadeOf("b1", {foot("b1-u", 2)}), brigadeOf("b2", {foot("b2-u", 2)}), brigadeOf("b3", {foot("b3-u", 5)}),
                         brigadeOf("b4", {horse("b4-cav", 3, 8)})},
                        Nationality::Continental);
        auto s = battleOf(a, b);
        s.fieldWidth = 60;
        s.holder = kSideA;
        if (on) REQUIRE_FALSE(s.params.set("scouting_deployment", "on").has_value());
        return s;
    };
    BattleDice d1(1), d2(1), d3(1);
    const auto offSetup = makeSetup(false);
    Engine off(offSetup, d1);
    Engine on(makeSetup(true), d2);
    auto x = [](const Engine& e, const char* id) { return e.unit(e.unitIndex(id)).x0; };
    // A's own line is the same either way: a1, a2, a3 from the low files, its cavalry on the low flank.
    for (const char* id : {"a1-u", "a2-u", "a3-u", "a4-cav"}) CHECK(x(on, id) == x(off, id));
    CHECK(x(off, "a1-u") < x(off, "a2-u"));
    CHECK(x(off, "a2-u") < x(off, "a3-u"));
    CHECK(x(off, "a4-cav") < x(off, "a1-u"));
    CHECK(on.scoutingPlan().firstPlacer == kSideA);
    CHECK(on.scoutingPlan().margin == 72);
    // off: B in OOB order, b3 (Class 5) opposite a3; its cavalry to the low flank first (§2.6.4 step 5).
    CHECK(x(off, "b1-u") < x(off, "b2-u"));
    CHECK(x(off, "b2-u") < x(off, "b3-u"));
    CHECK(x(off, "b3-u") == x(off, "a3-u"));
    CHECK(x(off, "b4-cav") < x(off, "b1-u"));
    // on: b3 opposite a1 (A's weakest third), b1 and b2 keep their order; the cavalry on the high flank, away from
    // A's cavalry.
    CHECK(x(on, "b3-u") == x(on, "a1-u"));
    CHECK(x(on, "b3-u") < x(on, "b1-u"));
    CHECK(x(on, "b1-u") < x(on, "b2-u"));
    CHECK(x(on, "b4-cav") > x(on, "b2-u"));
    // off is the default, and an explicit off is the same placement as before the parameter existed.
    auto explicitOff = offSetup;
    REQUIRE_FALSE(explicitOff.params.set("scouting_deployment", "off").has_value());
    CHECK(explicitOff.params.hash() == Params{}.hash());
    Engine off2(explicitOff, d3);
    for (const auto& u : off.units()) {
        CHECK(off2.unit(u.index).x0 == u.x0);
        CHECK(off2.unit(u.index).front == u.front);
        CHECK(off2.unit(u.index).role == u.role);
    }
    CHECK(Params{}.canonicalText().find("scouting_deployment") == std::string::npos);
    Params p;
    REQUIRE_FALSE(p.set("tactical.scouting_deployment", "on").has_value());
    CHECK(p.canonicalText().find("scouting_deployment=on\n") != std::string::npos);
    CHECK(p.hash() != Params{}.hash());
    CHECK(p.set("scouting_deployment", "yes").has_value());
}
