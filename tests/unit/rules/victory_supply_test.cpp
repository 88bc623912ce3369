// SPDX-License-Identifier: GPL-3.0-or-later
// etat-major.md §9.2 UA values, §9.3 foraging, §9.7 replacements, §12.2 VCS, §12.4 end of game, §8.1.1 seasons,
// with the test vectors of §16.14 and the §16.12 example.
#include "etatmajor/rules/supply.hpp"
#include "etatmajor/rules/victory.hpp"
#include "fixtures.hpp"

#include <catch2/catch.hpp>

using namespace etatmajor;
using namespace etatmajor::test;

TEST_CASE("§9.2.1 UA weekly value: dice total times the multiplier", "[rules][supply]") {
    UrbanState ua;
    Options o;
    ua.rawRoll = 8;
    CHECK(rules::urbanWeeklyValue(ua, Season::Summer, o) == 80);  // §16.1 Rugeley's Mill
    ua.rawRoll = 15;
    CHECK(rules::urbanWeeklyValue(ua, Season::Summer, o) == 150);  // §16.1 Camden
    CHECK_FALSE(o.set("ua_multiplier", "5").has_value());
    CHECK(rules::urbanWeeklyValue(ua, Season::Summer, o) == 75);
    ua.rawRoll.reset();
    CHECK(rules::urbanWeeklyValue(ua, Season::Summer, o) == 0);  // not yet rolled
}

TEST_CASE("TV-8: town 4d6 = 15, winter, one battle in its hex", "[rules][supply][vector]") {
    UrbanState ua;
    ua.size = map::UrbanSize::Town;
    ua.rawRoll = 15;
    Options o;
    CHECK(rules::urbanWeeklyValue(ua, Season::Summer, o) == 150);
    CHECK(rules::urbanWeeklyValue(ua, Season::Winter, o) == 75);
    ua.combatHalvings = 1;
    CHECK(rules::urbanWeeklyValue(ua, Season::Summer, o) == 75);
    CHECK(rules::urbanWeeklyValue(ua, Season::Winter, o) == 37);
    CHECK_FALSE(o.set("winter_ua_halving", "off").has_value());
    CHECK_FALSE(o.set("combat_ua_halving", "off").has_value());
    CHECK(rules::urbanWeeklyValue(ua, Season::Winter, o) == 150);
    ua.destroyed = true;
    CHECK(rules::urbanWeeklyValue(ua, Season::Summer, o) == 0);
}

TEST_CASE("§9.3 forage value and exclusivity of the seven hexes", "[rules][supply]") {
    Options o;
    CHECK(rules::forageValue(4, Season::Summer, o) == 40);
    CHECK(rules::forageValue(4, Season::Winter, o) == 40);  // forage_winter_halving = off
    CHECK_FALSE(o.set("forage_winter_halving", "on").has_value());
    CHECK(rules::forageValue(3, Season::Winter, o) == 15);
    CHECK_FALSE(o.set("forage_multiplier", "raw").has_value());
    CHECK(rules::forageValue(3, Season::Summer, o) == 3);

    CampaignState s;
    s.mes = {me("a", "x", {0, 0}, "t", Mode::Forage)};
    CHECK(rules::forageExclusive(s, s.mes[0]));
    s.mes.push_back(me("enemy", "y", {2, 0}, "t"));
    CHECK(rules::forageExclusive(s, s.mes[0]));  // two hexes away: outside the seven
    s.mes.back().hex = {1, 0};
    CHECK_FALSE(rules::forageExclusive(s, s.mes[0]));  // an enemy in the area
    s.mes.back() = me("friend", "x", {2, 0}, "t", Mode::March);
    CHECK(rules::forageExclusive(s, s.mes[0]));
    s.mes.back().mode = Mode::Forage;  // its forage area overlaps
    CHECK_FALSE(rules::forageExclusive(s, s.mes[0]));
    s.mes.back() = me("friend", "x", {0, 1}, "t", Mode::March);  // a friend stands in the area
    CHECK_FALSE(rules::forageExclusive(s, s.mes[0]));
}

TEST_CASE("§9.7 replacements: TV-15 and the §16.12 example", "[rules][supply][vector][example]") {
    Options o;
    auto u = unit("u", "x", "f", "m", UnitType::LineInfantry, 2, 4, 4);
    u.figuresCurrent -= 7;
    u.lostCombat = 7;
    CHECK(rules::replaceableFigures(u, o).combatFigures == 3);  // TV-15: floor(3.5)

    // §16.12: 1st Virginia Militia lost 8 figures in battle -> 4 figures back at 1 SP each.
    auto va = unit("va1", "american", "va", "VA", UnitType::LineInfantry, 1, 4, 4, Nationality::American);
    va.figuresCurrent = 8;
    va.standsCurrent = 2;
    va.lostCombat = 8;
    const auto need = rules::replaceableFigures(va, o);
    CHECK(need.combatFigures == 4);
    CHECK(rules::replacementCost(va, 4, o) == 4);
    // British Legion cavalry lost one stand of 2 figures -> 1 figure at 32 / 2 = 16 SP.
    auto bl = unit("blc", "british", "legion", "BL", UnitType::IrregularCavalry, 3, 3, 2);
    bl.figuresCurrent = 4;
    bl.lostCombat = 2;
    CHECK(rules::replaceableFigures(bl, o).combatFigures == 1);
    CHECK(rules::standPrice(bl) == 32);
    CHECK(rules::replacementCost(bl, 1, o) == 16);
    CHECK_FALSE(o.set("figure_pricing", "whole_stands").has_value());
    CHECK(rules::replacementCost(bl, 1, o) == 32);
}

TEST_CASE("§9.7 / G-79 attrition is replaced in full first; caps and exclusions", "[rules][supply]") {
    Options o;
    auto u = unit("u", "x", "f", "m", UnitType::LineInfantry, 3, 5, 4);  // 20 figures
    u.figuresCurrent = 11;
    u.lostAttrition = 3;
    u.lostCombat = 6;
    auto need = rules::replaceableFigures(u, o);
    CHECK(need.attritionFigures == 3);
    CHECK(need.combatFigures == 3);
    CHECK_FALSE(o.set("attrition_replacement", "within_cap").has_value());
    need = rules::replaceableFigures(u, o);
    CHECK(need.attritionFigures + need.combatFigures == 4);  // half of all 9, rounded down
    CHECK_FALSE(o.set("replacement_cap", "chart_full").has_value());
    need = rules::replaceableFigures(u, o);
    CHECK(need.attritionFigures + need.combatFigures == 9);
    CHECK_FALSE(o.set("replacement_rounding", "ceil").has_value());
    CHECK_FALSE(o.set("replacement_cap", "body_50pct").has_value());
    need = rules::replaceableFigures(u, o);
    CHECK(need.attritionFigures + need.combatFigures == 5);

    Options d;
    auto guard = u;
    guard.guard = true;
    CHECK(rules::replaceableFigures(guard, d).combatFigures == 0);
    auto sappers = unit("e", "x", "f", "m", UnitType::Engineers, 2, 3, 3);
    sappers.figuresCurrent = 6;
    sappers.lostCombat = 3;
    CHECK(rules::replaceableFigures(sappers, d).combatFigures == 0);
    auto gone = u;
    gone.removed = true;
    CHECK(rules::replaceableFigures(gone, d).attritionFigures == 0);
}

namespace {
CampaignState vcsState(int baseline, int lost, int replaced) {
    CampaignState s;
    s.sides = {{"a", "A", 0, baseline, lost, replaced, false, false, 0, ""}, {"b", "B", 1, 3000, 0, 0, false, false, 0, ""}};
    return s;
}
UrbanState held(std::string id, int roll, std::string side) {
    UrbanState u;
    u.id = std::move(id);
    u.rawRoll = roll;
    u.controller = std::move(side);
    return u;
}
}  // namespace

TEST_CASE("TV-18 and TV-19: VCS and the 25% threshold", "[rules][victory][vector]") {
    auto s = vcsState(3000, 1800, 0);
    s.objectives.push_back({"o1", "Obj", ObjectiveKind::Secondary, {0, 0}, 500, "a", "b", false, "a"});
    s.urban = {held("u1", 15, "a"), held("u2", 8, "a"), held("u3", 6, "b")};
    auto v = rules::victoryConditionStatus(s, "a", Season::Summer);
    CHECK(v.value == 3000 - 1800 + 500 + 230);
    CHECK(v.value == 1930);
    CHECK_FALSE(v.defeated);

    auto t = vcsState(3000, 2500, 0);
    v = rules::victoryConditionStatus(t, "a", Season::Summer);
    CHECK(v.value == 500);
    CHECK(v.defeated);
    t.sides[0].pointsLost = 2250;  // exactly 25%: lost
    CHECK(rules::victoryConditionStatus(t, "a", Season::Summer).defeated);
    t.sides[0].pointsLost = 2249;
    CHECK_FALSE(rules::victoryConditionStatus(t, "a", Season::Summer).defeated);
}

TEST_CASE("G-65 net and gross losses; chart formula; G-64 objective scoring", "[rules][victory]") {
    auto s = vcsState(1000, 400, 100);
    s.objectives = {{"mine", "Mine", ObjectiveKind::Primary, {0, 0}, 1000, "a", "b", false, "a"},
                    {"theirs", "Theirs", ObjectiveKind::Secondary, {1, 0}, 500, "b", "a", false, "a"}};
    CHECK(rules::victoryConditionStatus(s, "a", Season::Summer).value == 1000 - 300 + 1000);
    CHECK_FALSE(s.options.set("vcs_losses", "gross").has_value());
    CHECK(rules::victoryConditionStatus(s, "a", Season::Summer).value == 1000 - 400 + 1000);
    CHECK_FALSE(s.options.set("objective_scoring", "any_holder").has_value());
    CHECK(rules::victoryConditionStatus(s, "a", Season::Summer).value == 1000 - 400 + 1500);
    CHECK_FALSE(s.options.set("vcs_formula", "chart").has_value());
    CHECK(rules::victoryConditionStatus(s, "a", Season::Summer).value == 1000 - 400);
}

TEST_CASE("G-64 objective_scoring = cumulative_captures: every capture counts for good", "[rules][victory]") {
    auto s = vcsState(1000, 0, 0);
    // "mine" (set for a) was taken by a twice and is held by b now; "again" (set for a) taken once and held;
    // "theirs" (set for b) is held by a.
    s.objectives = {{"mine", "Mine", ObjectiveKind::Primary, {0, 0}, 1000, "a", "b", true, "b", 2},
                    {"again", "Again", ObjectiveKind::Secondary, {2, 0}, 500, "a", "b", true, "a", 1},
                    {"theirs", "Theirs", ObjectiveKind::Secondary, {1, 0}, 500, "b", "a", false, "a", 0}};
    // Default holding: only what a holds of its own objectives.
    CHECK(rules::victoryConditionStatus(s, "a", Season::Summer).objectivesValue == 500);
    CHECK(rules::victoryConditionStatus(s, "b", Season::Summer).objectivesValue == 0);
    CHECK_FALSE(s.options.set("objective_scoring", "cumulative_captures").has_value());
    const auto a = rules::victoryConditionStatus(s, "a", Season::Summer);
    CHECK(a.objectivesValue == 2 * 1000 + 500);  // lost since, still won twice; held or not
    CHECK(a.value == 1000 + 2500);
    CHECK(rules::victoryConditionStatus(s, "b", Season::Summer).objectivesValue == 0);  // holding is not capturing
}

TEST_CASE("§12.4 end of the campaign", "[rules][victory]") {
    auto s = vcsState(3000, 0, 0);
    s.objectives = {{"p", "P", ObjectiveKind::Primary, {0, 0}, 1000, "a", "b", false, "a"},
                    {"s1", "S1", ObjectiveKind::Secondary, {1, 0}, 500, "a", "b", false, "a"}};
    auto vcs = std::vector<rules::Vcs>{rules::victoryConditionStatus(s, "a", Season::Summer),
                                       rules::victoryConditionStatus(s, "b", Season::Summer)};
    auto end = rules::checkEnd(s, vcs, false);
    CHECK(end.ended);
    CHECK(end.reason == "objectives");
    CHECK(end.winner == "a");

    s.objectives[1].controller = "b";
    vcs = {rules::victoryConditionStatus(s, "a", Season::Summer), rules::victoryConditionStatus(s, "b", Season::Summer)};
    CHECK_FALSE(rules::checkEnd(s, vcs, false).ended);
    end = rules::checkEnd(s, vcs, true);  // after the last week: the higher VCS / baseline wins
    CHECK(end.ended);
    CHECK(end.reason == "last_week");
    CHECK(end.winner == "a");  // a: (3000+1000)/3000 vs b: (3000+500)/3000

    s.sides[1].pointsLost = 2300;
    vcs = {rules::victoryConditionStatus(s, "a", Season::Summer), rules::victoryConditionStatus(s, "b", Season::Summer)};
    end = rules::checkEnd(s, vcs, false);
    CHECK(end.reason == "defeat");
    CHECK(end.winner == "a");

    CHECK_FALSE(s.options.set("end_winner", "draw").has_value());
    s.sides[1].pointsLost = 0;
    vcs = {rules::victoryConditionStatus(s, "a", Season::Summer), rules::victoryConditionStatus(s, "b", Season::Summer)};
    end = rules::checkEnd(s, vcs, true);
    CHECK(end.ended);
    CHECK(end.winner.empty());
}

TEST_CASE("§8.1.1 / G-11 seasons: 12 weeks each, Summer to Autumn to Winter to Spring", "[rules][season]") {
    CampaignState s;
    s.startSeason = Season::Summer;
    s.seasonWeek = 1;
    CHECK(s.seasonOfWeek(1) == Season::Summer);
    CHECK(s.seasonOfWeek(12) == Season::Summer);
    CHECK(s.seasonOfWeek(13) == Season::Autumn);
    CHECK(s.seasonOfWeek(21) == Season::Autumn);  // 12 weeks of the first season, 9 of the next
    s.seasonWeek = 10;
    CHECK(s.seasonOfWeek(3) == Season::Summer);
    CHECK(s.seasonOfWeek(4) == Season::Autumn);
    s.startSeason = Season::Spring;
    s.seasonWeek = 1;
    CHECK(s.seasonOfWeek(13) == Season::Summer);
    CHECK_FALSE(s.options.set("season_progression", "chart_fixed").has_value());
    CHECK(s.seasonOfWeek(40) == Season::Spring);
    CHECK_FALSE(s.options.set("season_progression", "calendar_13_weeks").has_value());
    CHECK(s.seasonOfWeek(13) == Season::Spring);
    CHECK(s.seasonOfWeek(14) == Season::Summer);
}
