// SPDX-License-Identifier: GPL-3.0-or-later
// etat-major.md §13.4 scouting points, §7.1/§13.6 strategic initiative, and the §16.1 worked example.
#include "etatmajor/rules/initiative.hpp"
#include "etatmajor/rules/scouting.hpp"
#include "fixtures.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <stdexcept>

using namespace etatmajor;
using namespace etatmajor::test;
using rules::unitScoutingPoints;

TEST_CASE("§13.4 scouting points per cavalry stand by class, irregular and Native bonuses", "[rules][scouting]") {
    struct Row {
        UnitType type;
        int cls;
        Nationality nat;
        int perStand;
    };
    const Row rows[] = {
        {UnitType::LightCavalry, 1, Nationality::British, 4},       {UnitType::LightCavalry, 2, Nationality::British, 4},
        {UnitType::LightCavalry, 3, Nationality::British, 12},      {UnitType::LightCavalry, 4, Nationality::British, 8},
        {UnitType::LightCavalry, 5, Nationality::British, 12},      {UnitType::IrregularCavalry, 2, Nationality::American, 8},
        {UnitType::IrregularCavalry, 3, Nationality::Loyalist, 16}, {UnitType::IrregularCavalry, 4, Nationality::British, 12},
        {UnitType::IrregularInfantry, 2, Nationality::Native, 3},   {UnitType::LineInfantry, 5, Nationality::British, 0},
        {UnitType::Artillery, 3, Nationality::British, 0},
    };
    for (const auto& r : rows) {
        INFO("type " << unitTypeName(r.type) << " class " << r.cls);
        CHECK(unitScoutingPoints(unit("u", "s", "f", "m", r.type, r.cls, 3, 2, r.nat)) == 3 * r.perStand);
    }
    auto lost = unit("u", "s", "f", "m", UnitType::LightCavalry, 3, 3, 3);
    lost.standsCurrent = 1;
    CHECK(unitScoutingPoints(lost) == 12);  // only the stands still present
}

namespace {
CampaignState twoGeneralState(Arm arm, Rating rating, Rank rank, int cavalryStands, int footStands) {
    CampaignState s;
    s.formations = {formation("f", "x", "", FormationKind::Brigade)};
    s.units = {unit("cav", "x", "f", "m", UnitType::LightCavalry, 1, cavalryStands, 3),
               unit("foot", "x", "f", "m", UnitType::LineInfantry, 1, footStands, 4)};
    s.generals = {general("g", "x", "f", "m", rank, arm, rating)};
    s.mes = {me("m", "x", {0, 0}, "t")};
    return s;
}
}  // namespace

TEST_CASE("§13.4 general scouting points and G-58 cavalry generals", "[rules][scouting]") {
    auto points = [](Arm arm, Rating r, Rank rank, int cav, int foot) {
        const auto s = twoGeneralState(arm, r, rank, cav, foot);
        return rules::generalScoutingPoints(s, s.generals[0]);
    };
    CHECK(points(Arm::Cavalry, Rating::Capable, Rank::Brigade, 2, 0) == 2);
    CHECK(points(Arm::Cavalry, Rating::Exceptional, Rank::Brigade, 2, 0) == 3);
    CHECK(points(Arm::Cavalry, Rating::Inept, Rank::Brigade, 2, 0) == -2);
    CHECK(points(Arm::Cavalry, Rating::Inept, Rank::Division, 2, 0) == 0);  // only Inept brigade generals lose
    CHECK(points(Arm::Infantry, Rating::Exceptional, Rank::Brigade, 2, 2) == 0);
    // Mixed command: a cavalry general when at least half his stands are mounted.
    CHECK(points(Arm::Mixed, Rating::Capable, Rank::Brigade, 2, 2) == 2);
    CHECK(points(Arm::Mixed, Rating::Capable, Rank::Brigade, 2, 3) == 0);
    auto s = twoGeneralState(Arm::Cavalry, Rating::Capable, Rank::Brigade, 2, 0);
    s.generals[0].status = GeneralStatus::Wounded;
    CHECK(rules::generalScoutingPoints(s, s.generals[0]) == 0);
}

namespace {
// The whole Camden armies of §13.10 as §16.1 arranges them: the 71st battalions in Webster's brigade and Tarleton
// commanding only the British Legion cavalry.
CampaignState camden() {
    CampaignState s;
    const std::string b = "british", a = "american";
    s.sides = {{b, "British", 0, 0, 0, 0, false, false, 0, ""}, {a, "American", 1, 0, 0, 0, false, false, 0, ""}};
    s.formations = {
        formation("b-army", b, "", FormationKind::Army),           formation("rawdon", b, "b-army", FormationKind::Brigade),
        formation("webster", b, "b-army", FormationKind::Brigade), formation("legion", b, "b-army", FormationKind::Brigade),
        formation("b-art", b, "b-army", FormationKind::Brigade),   formation("a-army", a, "", FormationKind::Army),
        formation("md", a, "a-army", FormationKind::Division),     formation("nc", a, "a-army", FormationKind::Brigade),
        formation("va", a, "a-army", FormationKind::Brigade),      formation("armand", a, "a-army", FormationKind::Brigade),
        formation("a-art", a, "a-army", FormationKind::Brigade)};
    using T = UnitType;
    s.units = {unit("voi", b, "rawdon", "bm", T::LineInfantry, 2, 4, 4),
               unit("bli", b, "rawdon", "bm", T::IrregularInfantry, 2, 2, 3),
               unit("rnc", b, "rawdon", "bm", T::LineInfantry, 2, 3, 4),
               unit("nctv", b, "rawdon", "bm", T::LineInfantry, 1, 4, 4),
               unit("23", b, "webster", "bm", T::LineInfantry, 4, 4, 4),
               unit("33", b, "webster", "bm", T::LineInfantry, 3, 4, 4),
               unit("li", b, "webster", "bm", T::LightInfantry, 5, 2, 2),
               unit("71a", b, "webster", "bm", T::LineInfantry, 4, 2, 4),
               unit("71b", b, "webster", "bm", T::LineInfantry, 4, 2, 4),
               unit("blc", b, "legion", "bl", T::IrregularCavalry, 3, 3, 2),
               unit("bra", b, "b-art", "bm", T::Artillery, 3, 2, 3),
               unit("md1", a, "md", "am", T::LineInfantry, 2, 5, 4, Nationality::American),
               unit("md2", a, "md", "am", T::LineInfantry, 2, 5, 4, Nationality::American),
               unit("de1", a, "md", "am", T::LineInfantry, 2, 2, 4, Nationality::American),
               unit("nc1", a, "nc", "am", T::LineInfantry, 1, 20, 4, Nationality::American),
               unit("va1", a, "va", "av", T::LineInfantry, 1, 4, 4, Nationality::American),
               unit("va2", a, "va", "av", T::LineInfantry, 1, 4, 4, Nationality::American),
               unit("pva", a, "va", "av", T::IrregularInfantry, 2, 4, 3, Nationality::American),
               unit("alc", a, "armand", "am", T::IrregularCavalry, 2, 2, 2, Nationality::American),
               unit("ali", a, "armand", "am", T::IrregularInfantry, 1, 2, 3, Nationality::American),
               unit("vaa", a, "a-art", "am", T::Artillery, 2, 2, 3, Nationality::American)};
    s.generals = {general("cornwallis", b, "b-army", "bm", Rank::ArmyCommander, Arm::Mixed, Rating::Capable),
                  general("rawdon-g", b, "rawdon", "bm", Rank::Brigade, Arm::Infantry, Rating::Capable),
                  general("webster-g", b, "webster", "bm", Rank::Brigade, Arm::Infantry, Rating::Capable),
                  general("tarleton", b, "legion", "bl", Rank::Brigade, Arm::Cavalry, Rating::Capable),
                  general("gates", a, "a-army", "am", Rank::ArmyCommander, Arm::Mixed, Rating::Inept),
                  general("de-kalb", a, "md", "am", Rank::Division, Arm::Infantry, Rating::Exceptional),
                  general("caswell", a, "nc", "am", Rank::Brigade, Arm::Infantry, Rating::Capable),
                  general("stevens", a, "va", "av", Rank::Brigade, Arm::Infantry, Rating::Capable),
                  general("armand-g", a, "armand", "am", Rank::Brigade, Arm::Mixed, Rating::Inept)};
    s.generals[0].playerFigure = true;
    s.mes = {me("bm", b, {0, 0}, "camden"), me("bl", b, {1, 0}, "camden"), me("am", a, {5, 0}, "rugeley"),
             me("av", a, {4, 0}, "rugeley")};
    return s;
}
}  // namespace

TEST_CASE("§16.1 worked example: scouting points and BIS of the Camden armies", "[rules][initiative][example]") {
    const auto s = camden();
    CHECK(rules::meScoutingPoints(s, "bl") == 50);  // 3 x (12 + 4) + Tarleton 2
    CHECK(rules::sideScoutingPoints(s, "british") == 50);
    CHECK(rules::sideScoutingPoints(s, "american") == 14);  // 2 x (4 + 4) − Armand 2
    CHECK(rules::baseInitiativeScore(s, "british") == 8);
    CHECK(rules::baseInitiativeScore(s, "american") == 9);
}

TEST_CASE("§16.1 worked example: strategic initiative with the example's dice", "[rules][initiative][example]") {
    const auto s = camden();
    dice::ScriptedSource script({3, 5, 2, 6, 4, 4, 1, 6, 3});
    dice::MemoryLog log;
    dice::Dice d(script, log);
    const auto r = rules::strategicInitiative(s, d);
    REQUIRE(r.sides.size() == 2);
    CHECK(r.sides[0].dice == std::vector<int>{3, 5, 2, 6});
    CHECK(r.sides[0].total == 74);
    CHECK(r.sides[1].dice == std::vector<int>{4, 4, 1, 6, 3});
    CHECK(r.sides[1].total == 41);
    CHECK(r.winner == "british");
    CHECK(script.remaining() == 0);
    REQUIRE(log.records().size() == 2);
    CHECK(log.records()[0].rule == "etat-major.md §7.1");
    CHECK(log.records()[0].effect.find("= 74") != std::string::npos);

    auto variant = s;
    CHECK_FALSE(variant.options.set("strategic_initiative", "sp_bis").has_value());
    dice::ScriptedSource none({});
    dice::Dice d2(none, log);
    const auto v = rules::strategicInitiative(variant, d2);
    CHECK(v.sides[0].total == 58);
    CHECK(v.sides[1].total == 23);
    CHECK(v.winner == "british");
}

TEST_CASE("§7.1 ties are re-rolled 1d6 a side until they differ", "[rules][initiative]") {
    auto s = camden();
    CHECK_FALSE(s.options.set("strategic_initiative", "sp_bis").has_value());
    s.units.erase(std::remove_if(s.units.begin(), s.units.end(), [](const UnitState& u) { return isCavalry(u.type); }), s.units.end());
    // Without cavalry and with Tarleton leading foot, the British have BIS 8 and no scouting points; the Americans
    // 9 − 1 once Gates (Inept) is wounded: 8 each.
    for (auto& g : s.generals) {
        if (g.id == "gates") g.status = GeneralStatus::Wounded;
        if (g.id == "tarleton") g.arm = Arm::Infantry;
    }
    REQUIRE(rules::sideScoutingPoints(s, "british") + rules::baseInitiativeScore(s, "british") == 8);
    REQUIRE(rules::sideScoutingPoints(s, "american") + rules::baseInitiativeScore(s, "american") == 8);
    dice::ScriptedSource script({4, 4, 2, 5});
    dice::MemoryLog log;
    dice::Dice d(script, log);
    const auto r = rules::strategicInitiative(s, d);
    CHECK(r.tieRolls == std::vector<std::vector<int>>{{4, 4}, {2, 5}});
    CHECK(r.winner == "american");
}

TEST_CASE("G-51 initiative eligibility: 75% losses exclude brigade and division staff", "[rules][initiative]") {
    auto s = camden();
    const auto find = [&](const std::string& id) -> GeneralState& {
        for (auto& g : s.generals)
            if (g.id == id) return g;
        throw std::runtime_error(id);
    };
    CHECK(rules::eligibleForInitiative(s, find("stevens")));
    // Virginia brigade: 12 stands; losing 9 (75%) excludes Stevens, losing 8 does not.
    for (auto& u : s.units)
        if (u.formation == "va") u.standsCurrent = u.id == "pva" ? 1 : 1;  // 3 left of 12: lost 9
    CHECK_FALSE(rules::eligibleForInitiative(s, find("stevens")));
    for (auto& u : s.units)
        if (u.id == "pva") u.standsCurrent = 2;  // 4 left: lost 8 of 12 (67%)
    CHECK(rules::eligibleForInitiative(s, find("stevens")));
    // Maryland division: 48 figures; at 12 left (75% lost) de Kalb is out.
    for (auto& u : s.units)
        if (u.formation == "md") u.figuresCurrent = u.figuresOriginal / 4;
    CHECK_FALSE(rules::eligibleForInitiative(s, find("de-kalb")));
    find("caswell").status = GeneralStatus::Captured;
    CHECK_FALSE(rules::eligibleForInitiative(s, find("caswell")));
    CHECK(rules::eligibleForInitiative(s, find("gates")));  // the army commander is never excluded by losses
}
