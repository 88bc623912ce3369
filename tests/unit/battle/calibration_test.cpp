// SPDX-License-Identifier: GPL-3.0-or-later
// Trial summaries and calibration (tactical-resolver.md §5 method): quartiles, men and prisoners per trial, the
// standing checks derived from a battle file's <historical> figures.
#include "fixtures.hpp"

#include "etatmajor/battle/battle_xml.hpp"
#include "etatmajor/battle/calibration.hpp"
#include "etatmajor/battle/trials.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;

namespace {

BattleSetup twoSides() {
    BattleSetup s;
    s.id = "test";
    s.name = "Test";
    s.sides[0].id = "red";
    s.sides[1].id = "blue";
    return s;
}

// Five trials with known men, prisoners and guns (in the order given, not sorted).
std::vector<TrialOutcome> knownTrials() {
    const std::int64_t men[5] = {100, 300, 200, 500, 400};
    const std::int64_t prisoners[5] = {0, 25, 50, 0, 75};
    const int gunModels[5] = {0, 1, 2, 1, 3};
    std::vector<TrialOutcome> out;
    for (int i = 0; i < 5; ++i) {
        TrialOutcome t;
        t.seed = static_cast<std::uint64_t>(i + 1);
        t.fieldHolder = i < 3 ? kSideA : kSideB;
        t.winner = kSideA;
        t.menLost = {men[i], 1000 - men[i]};
        t.menStart = {2000, 2500};
        t.prisoners = {prisoners[i], 0};
        t.gunsCapturedFrom = {0, gunModels[i]};
        out.push_back(t);
    }
    return out;
}

}  // namespace

TEST_CASE("quartiles are the nearest-rank quantiles at 25, 50 and 75 %", "[battle][calibration]") {
    const auto odd = quartiles({5, 1, 4, 2, 3});
    CHECK(odd.q1 == 2);
    CHECK(odd.median == 3);
    CHECK(odd.q3 == 4);
    const auto even = quartiles({40, 10, 30, 20});  // ranks (25 × 3 + 50) / 100 = 1, 2, 2
    CHECK(even.q1 == 20);
    CHECK(even.median == 30);
    CHECK(even.q3 == 30);
    const auto none = quartiles({});
    CHECK(none.median == 0);
}

TEST_CASE("battle simulate reports men lost, prisoners and guns taken per side as quartiles", "[battle][calibration]") {
    const auto summary = summariseTrials(twoSides(), knownTrials(), 1);
    const auto j = nlohmann::json::parse(summary.json);
    REQUIRE(j["sides"].size() == 2);
    const auto& red = j["sides"][0];
    CHECK(red["id"] == "red");
    // men 100 200 300 400 500
    CHECK(red["men_lost"]["q1"] == 200);
    CHECK(red["men_lost"]["median"] == 300);
    CHECK(red["men_lost"]["q3"] == 400);
    // prisoners 0 0 25 50 75
    CHECK(red["prisoners"]["q1"] == 0);
    CHECK(red["prisoners"]["median"] == 25);
    CHECK(red["prisoners"]["q3"] == 50);
    CHECK(red["guns_taken_by_enemy"]["median"] == 0);
    const auto& blue = j["sides"][1];
    // 1000 - men: 500 600 700 800 900
    CHECK(blue["men_lost"]["median"] == 700);
    // gun models 0 1 2 1 3, two real guns each: 0 2 2 4 6
    CHECK(blue["guns_taken_by_enemy"]["q1"] == 2);
    CHECK(blue["guns_taken_by_enemy"]["median"] == 2);
    CHECK(blue["guns_taken_by_enemy"]["q3"] == 4);
    // the points it reported before are still there
    CHECK(red.contains("net_loss_points"));
    CHECK(j["field_holder"]["red"] == 3);
    // Shares of the men brought, per mille: red 50 100 150 200 250 of 2000; blue 200 240 280 320 360 of 2500.
    CHECK(red["men_brought"] == 2000);
    CHECK(red["men_lost_permille"]["q1"] == 100);
    CHECK(red["men_lost_permille"]["median"] == 150);
    CHECK(blue["men_lost_permille"]["q3"] == 320);
    CHECK(summary.text.find("red: men lost median 300 (200 / 400) of 2000 brought (15 % (10–20 %)), of them prisoners median 25 "
                            "(0 / 50)") != std::string::npos);
    CHECK(summary.text.find("blue: men lost median 700 (600 / 800) of 2500 brought (28 % (24–32 %)), of them prisoners median 0 "
                            "(0 / 0); guns taken by the enemy median 2 (2 / 4)") != std::string::npos);
}

TEST_CASE("a trial's men lost are the side's, its prisoners the surrendered figures of its units", "[battle][calibration]") {
    BattleResult r;
    r.sides[0].menLost = 250;
    r.sides[1].menLost = 40;
    UnitResult foot;
    foot.side = kSideA;
    foot.figuresSurrendered = 3;  // 25 men a figure
    UnitResult battery;
    battery.side = kSideB;
    battery.battery = true;
    battery.figuresSurrendered = 2;  // 5 men a crew figure
    battery.gunsCapturedByEnemy = 1;
    r.units = {foot, battery};
    const auto t = outcomeOf(r);
    CHECK(t.menLost[0] == 250);
    CHECK(t.menLost[1] == 40);
    CHECK(t.prisoners[0] == 75);
    CHECK(t.prisoners[1] == 10);
    CHECK(gunsTakenFrom(t, kSideB) == 2);
}

TEST_CASE("standing checks follow the <historical> figures", "[battle][calibration]") {
    auto setup = readBattleFile(sourcePath("tests/data/battles/duel-historical.xml"));
    // red held the field; blue lost 90-120 men against red's 40
    CHECK(historicalFieldHolder(setup) == kSideA);
    CHECK(historicalHeavierLoser(setup) == kSideB);
    auto checks = historicalChecks(setup);
    REQUIRE(checks.size() == 2);
    CHECK(checks[0].metric == "holds_field");
    CHECK(checks[0].side == "red");
    CHECK(checks[0].min == 750);
    CHECK(checks[0].standing);
    CHECK(checks[1].metric == "men_lost_more");
    CHECK(checks[1].side == "blue");
    CHECK(checks[1].other == "red");
    CHECK(checks[1].majority);
    CHECK(targetBand(checks[1]) == "> 0.500");

    SECTION("ranges that overlap decide nothing about men") {
        setup.historical[0]->menLost = 100;  // red 100 against blue 90-120
        CHECK(historicalHeavierLoser(setup) == kNoSide);
        CHECK(historicalChecks(setup).size() == 1);
    }
    SECTION("a side without a figure decides nothing about men") {
        setup.historical[0]->menLost.reset();
        CHECK(historicalHeavierLoser(setup) == kNoSide);
    }
    SECTION("no holder, no field check") {
        setup.historical[0]->heldField = false;
        const auto only = historicalChecks(setup);
        REQUIRE(only.size() == 1);
        CHECK(only[0].metric == "men_lost_more");
    }
}

TEST_CASE("a decisive historical result gets a standing check of its own", "[battle][calibration]") {
    auto setup = readBattleFile(sourcePath("tests/data/battles/duel-historical.xml"));
    // blue lost 90-120 men, 30-45 of them taken, against red's 40: not prisoners in hundreds
    CHECK(historicalDecisiveLoser(setup) == kNoSide);
    CHECK(historicalChecks(setup).size() == 2);
    setup.historical[1]->prisoners = 200;
    setup.historical[1]->prisonersHigh.reset();
    REQUIRE(historicalDecisiveLoser(setup) == kSideB);
    const auto checks = historicalChecks(setup);
    REQUIRE(checks.size() == 3);
    CHECK(checks[2].id == "historical-decisive");
    CHECK(checks[2].metric == "decisive_defeat");
    CHECK(checks[2].side == "blue");
    CHECK(checks[2].other == "red");
    CHECK(checks[2].majority);

    // A run is decisive when red holds the field, blue loses at least twice red's men and 200 or more as prisoners.
    std::vector<TrialOutcome> trials(4);
    for (auto& t : trials) {
        t.fieldHolder = kSideA;
        t.menLost = {100, 200};
        t.prisoners = {0, 200};
    }
    trials[1].menLost = {100, 199};  // less than twice
    trials[2].prisoners = {0, 199};  // too few taken
    trials[3].fieldHolder = kSideB;  // blue kept the field
    auto results = evaluateTargets(setup, trials);
    REQUIRE(results.size() == 4);
    CHECK(results[3].target.id == "historical-decisive");
    CHECK(results[3].value == 250);
    CHECK_FALSE(results[3].met);
    for (auto& t : trials) {
        t.fieldHolder = kSideA;
        t.menLost = {100, 250};
        t.prisoners = {0, 300};
    }
    trials[0].fieldHolder = kNoSide;
    results = evaluateTargets(setup, trials);
    CHECK(results[3].value == 750);
    CHECK(results[3].met);

    SECTION("the winner's highest figure must be at most half the loser's lowest") {
        setup.historical[0]->menLost = 46;  // 2 x 46 > 90
        CHECK(historicalDecisiveLoser(setup) == kNoSide);
    }
    SECTION("no holder, no decisive defeat") {
        setup.historical[0]->heldField = false;
        CHECK(historicalDecisiveLoser(setup) == kNoSide);
    }
}

TEST_CASE("the standing checks are judged with the battle's own targets", "[battle][calibration]") {
    const auto setup = readBattleFile(sourcePath("tests/data/battles/duel-historical.xml"));
    auto trials = knownTrials();  // red holds the field in 3 of 5; blue loses more men in 4 of 5 (one tie)
    auto results = evaluateTargets(setup, trials);
    REQUIRE(results.size() == 3);  // the file's target, then the two standing checks
    CHECK_FALSE(results[0].target.standing);
    CHECK(results[1].target.id == "historical-field");
    CHECK(results[1].value == 600);
    CHECK_FALSE(results[1].met);  // 60 % < 75 %
    CHECK(results[2].target.id == "historical-men");
    CHECK(results[2].met);

    // a strict majority: exactly half the runs is not enough
    trials.pop_back();  // four runs
    trials[0].menLost = {600, 400};
    trials[1].menLost = {700, 300};
    trials[3].menLost = {400, 600};  // blue loses more in the last two runs only
    results = evaluateTargets(setup, trials);
    CHECK(results[2].value == 500);
    CHECK_FALSE(results[2].met);
    trials[0].menLost = {400, 600};  // three of four
    results = evaluateTargets(setup, trials);
    CHECK(results[2].met);
}

TEST_CASE("the calibration report is written whole from the trials and the battle file", "[battle][calibration]") {
    const auto setup = readBattleFile(sourcePath("tests/data/battles/duel-historical.xml"));
    std::vector<CalibratedBattle> battles{{setup, knownTrials()}};
    const auto md = calibrationMarkdown(battles, 5, 1, "etatmajor-cli battle calibrate --dir d --markdown x.md", Params{});
    CHECK(md.rfind("# Calibration of the tactical resolver\n", 0) == 0);
    CHECK(md.find("etatmajor-cli battle calibrate --dir d --markdown x.md") != std::string::npos);
    CHECK(md.find("| Men lost | 300 (200–400) | 40 | 700 (600–800) | 90–120 |") != std::string::npos);
    // History's shares: red 40 of 200; blue 90 of 1200 to 120 of 1000.
    CHECK(md.find("| Men brought | 2000 | 200 | 2500 | 1000–1200 |") != std::string::npos);
    CHECK(md.find("| Share of the men brought lost | 15 % (10–20 %) | 20 % | 28 % (24–32 %) | 8–12 % |") != std::string::npos);
    CHECK(md.find("| red 15 % (20 %), blue 28 % (8–12 %) |") != std::string::npos);
    CHECK(md.find("| Prisoners | 25 (0–50) | not given | 0 (0–0) | 30–45 |") != std::string::npos);
    CHECK(md.find("| Guns taken by the enemy | 0 (0–0) | not given | 2 (2–4) | 2 |") != std::string::npos);
    CHECK(md.find("Targets met: 2 of 3 (the battle files' own: 1 of 1; standing checks: 1 of 2)") != std::string::npos);
    CHECK(md.find("calibrate:begin") == std::string::npos);
    // the same trials give the same report
    CHECK(calibrationMarkdown(battles, 5, 1, "etatmajor-cli battle calibrate --dir d --markdown x.md", Params{}) == md);
    const auto lines = calibrationLines(battles[0]);
    CHECK(lines.rfind("Grenadiers against militia: 2 of 3 targets met (standing checks: 1 of 2)\n", 0) == 0);
    CHECK(lines.find("blue: men lost median 700 (600 / 800), history 90-120; share of the men brought median 28 %, history "
                     "8–12 %; prisoners median 0 (0 / 0), history 30-45") != std::string::npos);
    CHECK(lines.find("[MISS] standing check: red, who held the field in history, holds it in >= 75 % of runs: 0.600") !=
          std::string::npos);
}
