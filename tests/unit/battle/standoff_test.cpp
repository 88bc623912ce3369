// SPDX-License-Identifier: GPL-3.0-or-later
// Days when nobody attacks (tactical-resolver.md §2.8, §2.16, §2.20; rules-mapping-battle.md "Days when nobody
// attacks"): an attacker that has found nothing it may attack or approach counts as holding, so that such a day ends
// by mutual break-off (idle_assault); an attacker whose fire cannot hit goes in with the bayonet (futile_fire), and
// nobody fires a volley that cannot hit (futile_volleys); the day does not end while horse can still pursue the
// routers of a broken side (broken_side_end). Each against the earlier reading.
#include "fixtures.hpp"

#include <catch2/catch.hpp>

#include <utility>

#include "etatmajor/dice/dice.hpp"

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;

namespace {

// A light wood over the whole width of the field (both sides fire from cover, ¶408).
void addLightWood(BattleSetup& setup) {
    FeatureSpec wood;
    wood.kind = FeatureKind::LightWood;
    wood.x0 = 0;
    wood.x1 = 30;
    wood.y0 = 0;
    wood.y1 = 1200;
    setup.terrain.features.push_back(wood);
}

// Militia (side a, in the given mode) and a Deployed-Defensive Class 2 battalion (side b), four stands each.
BattleSetup militiaAndBattalion(Mode militiaMode) {
    return battleOf(sideSpec("a", militiaMode, {unitSpec("militia", UnitType::LineInfantry, 1, 4, Nationality::Militia)},
                             Rating::Capable),
                    sideSpec("b", Mode::DeployedDefensive, {unitSpec("battalion", UnitType::LineInfantry, 2, 4)}, Rating::Capable));
}

// The militia and the battalion on the same four files, 100 paces apart; their unit indexes.
std::pair<int, int> hundredPacesApart(Engine& e) {
    const int a = e.unitIndex("militia"), b = e.unitIndex("battalion");
    e.setFiles(a, 13, 4);
    e.setFiles(b, 13, 4);
    e.setFront(a, e.depth() - e.unit(b).front - 100);
    return {a, b};
}

// A lone horse ME on the attack (March mode, not holding the hex) before a battalion in a village: cavalry cannot
// fight in buildings (¶541) and buildings have no flank to take (¶32), so lone_cavalry = seek_flank leaves the
// battalion alone, and the battalion, holding, never comes out.
BattleSetup horseBeforeVillage() {
    auto setup = battleOf(sideSpec("horse", Mode::March, {unitSpec("legion", UnitType::IrregularCavalry, 3, 3)}, Rating::Capable),
                          sideSpec("foot", Mode::Reorganisation,
                                   {unitSpec("regiment", UnitType::LineInfantry, 2, 3, Nationality::Continental)}, Rating::Capable));
    setup.holder = kSideB;
    FeatureSpec village;
    village.kind = FeatureKind::HeavyUrban;
    village.x0 = 0;
    village.x1 = 30;
    village.y0 = 800;
    village.y1 = 1000;
    setup.terrain.features.push_back(village);
    setup.params.counterattackRatio = 0;  // the battalion holds whatever it sees
    return setup;
}

}  // namespace

TEST_CASE("idle_assault: an attacker with nothing it may attack holds, and the day ends by mutual break-off", "[battle][standoff]") {
    for (const std::string reading : {"holds", "assaults"}) {
        INFO(reading);
        auto setup = horseBeforeVillage();
        REQUIRE_FALSE(setup.params.set("idle_assault", reading));
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            INFO("seed " << seed);
            BattleDice dice(seed);
            Narrative n;
            Engine e(setup, dice, &n);
            const auto r = e.run();
            INFO(n.text());
            // Nobody fired or charged all day under either reading: the result says it was a standoff.
            CHECK(n.text().find("fires") == std::string::npos);
            CHECK(n.text().find("tries to charge") == std::string::npos);
            CHECK_FALSE(r.engaged);
            CHECK(toJson(r).find("\"engaged\":false") != std::string::npos);
            CHECK(n.text().find("a standoff") != std::string::npos);
            if (reading == "holds") {
                CHECK(r.endReason == EndReason::MutualBreakoff);
                CHECK(r.turnsFought <= 4);
            } else {
                CHECK(r.endReason == EndReason::Nightfall);
                CHECK(r.turnsFought == r.turnsAvailable);
            }
        }
    }
}

TEST_CASE("The result says whether the sides engaged at all", "[battle][standoff]") {
    // Two lines in the open on the attack against each other fire, and the result says so; a day on which the
    // doctrine leaves everybody standing is reported as a standoff (above).
    const auto setup =
        battleOf(sideSpec("a", Mode::DeployedOffensive, {unitSpec("line-a", UnitType::LineInfantry, 3, 4)}, Rating::Capable),
                 sideSpec("b", Mode::DeployedDefensive, {unitSpec("line-b", UnitType::LineInfantry, 3, 4, Nationality::Continental)},
                          Rating::Capable));
    BattleDice dice(3);
    Narrative n;
    Engine e(setup, dice, &n);
    const auto r = e.run();
    CHECK(r.engaged);
    CHECK(toJson(r).find("\"engaged\":true") != std::string::npos);
    CHECK(n.text().find("a standoff") == std::string::npos);
}

TEST_CASE("futile_fire: an attacker whose fire cannot hit in the rain tries the bayonet", "[battle][standoff]") {
    // Two Class 2 battalions 100 paces apart in a light wood in the rain: an Unsteady volley (compulsory in a wood,
    // ¶408) hits troops in light cover on a 5 or 6, and Rain takes 2 off the die, so neither can ever hit the other.
    // The attacker's to-charge test passes on two faces only (charging from a wood, at troops in cover), too few for
    // test (a) of the doctrine, so it used to stand and fire all day. Under close it tries: its to-charge die is
    // rolled (a 1 here: it refuses, and nothing else is rolled in the Morale Phase).
    for (const std::string reading : {"close", "keep_firing"}) {
        INFO(reading);
        auto setup =
            battleOf(sideSpec("a", Mode::DeployedOffensive,
                              {unitSpec("attackers", UnitType::LineInfantry, 2, 4, Nationality::Continental)}, Rating::Capable),
                     sideSpec("b", Mode::DeployedDefensive, {unitSpec("defenders", UnitType::LineInfantry, 2, 4)}, Rating::Capable));
        setup.weather = Weather::Rain;
        addLightWood(setup);
        REQUIRE_FALSE(setup.params.set("futile_fire", reading));
        etatmajor::dice::ScriptedSource script(reading == "close" ? std::vector<int>{1} : std::vector<int>{});
        BattleDice dice(script);
        Narrative n;
        Engine e(setup, dice, &n);
        const int a = e.unitIndex("attackers"), b = e.unitIndex("defenders");
        e.setFiles(a, 13, 4);
        e.setFiles(b, 13, 4);
        e.setFront(a, e.depth() - e.unit(b).front - 100);
        CHECK_FALSE(e.fireCanScore(e.unit(a), e.unit(b)));
        e.startTurn();
        e.setInitiative(kSideA);
        e.moralePhase();
        INFO(n.text());
        if (reading == "close") {
            CHECK(n.text().find("attackers tries to charge defenders") != std::string::npos);
            CHECK(dice.count() == 1);
        } else {
            CHECK(n.text().find("tries to charge") == std::string::npos);
            CHECK(dice.count() == 0);
        }
    }
}

TEST_CASE("futile_fire: fire that can hit is no reason to charge", "[battle][standoff]") {
    // The same battalions in the open in fine weather: an Unsteady volley hits a line on 3 to 6, so the unit's fire
    // counts, and the doctrine waits as before.
    auto setup = battleOf(sideSpec("a", Mode::DeployedOffensive,
                                   {unitSpec("attackers", UnitType::LineInfantry, 2, 4, Nationality::Continental)}, Rating::Capable),
                          sideSpec("b", Mode::DeployedDefensive, {unitSpec("defenders", UnitType::LineInfantry, 2, 4)},
                                   Rating::Capable));
    BattleDice dice(1);
    Engine e(setup, dice);
    const int a = e.unitIndex("attackers"), b = e.unitIndex("defenders");
    e.setFiles(a, 13, 4);
    e.setFiles(b, 13, 4);
    e.setFront(a, e.depth() - e.unit(b).front - 100);
    CHECK(e.fireCanScore(e.unit(a), e.unit(b)));
    auto rain = setup;
    rain.weather = Weather::Storm;  // no small-arms fire at all
    BattleDice stormDice(1);
    Engine storm(rain, stormDice);
    storm.setFiles(a, 13, 4);
    storm.setFiles(b, 13, 4);
    CHECK_FALSE(storm.fireCanScore(storm.unit(a), storm.unit(b)));
}

TEST_CASE("broken_side_end: a side whose last troops rout is pursued by horse that can still reach them", "[battle][standoff]") {
    // Dragoons 300 paces from militia that has just broken, on the last unit of its side: the day used to end at
    // once. Under after_pursuit it goes on while the horse can charge the routers (a declared charge reaches 500
    // paces in the open), and the horse charges them in the next Morale Phase; horse beyond reach changes nothing.
    for (const std::string reading : {"after_pursuit", "at_once"})
        for (const int apart : {300, 1000}) {
            INFO(reading << ", " << apart << " paces");
            auto setup = battleOf(sideSpec("horse", Mode::DeployedOffensive, {unitSpec("dragoons", UnitType::LightCavalry, 3, 2)},
                                           Rating::Capable),
                                  sideSpec("foot", Mode::DeployedDefensive,
                                           {unitSpec("militia", UnitType::LineInfantry, 1, 3, Nationality::Militia)},
                                           Rating::Capable));
            REQUIRE_FALSE(setup.params.set("broken_side_end", reading));
            BattleDice dice(5);
            Narrative n;
            Engine e(setup, dice, &n);
            const int h = e.unitIndex("dragoons"), m = e.unitIndex("militia");
            e.setFiles(h, e.unit(m).x0, e.unit(h).w);
            e.setFront(h, e.depth() - e.unit(m).front - apart);
            e.startTurn();
            e.unit(m).morale = Morale::Routing;
            e.unit(m).routTurn = e.turn();
            e.endOfTurn();
            const bool goesOn = reading == "after_pursuit" && apart == 300;
            CHECK(e.battleOver() == !goesOn);
            if (!goesOn) continue;
            e.startTurn();
            e.setInitiative(kSideA);
            e.moralePhase();
            CHECK(n.text().find("dragoons tries to charge militia") != std::string::npos);
        }
}

TEST_CASE("futile_volleys: a unit whose die cannot score keeps its fire", "[battle][standoff]") {
    // Militia and a battalion 100 paces apart in a light wood in the rain: neither Unsteady volley can hit (5–6 less
    // 2). Held, nobody fires and no die is rolled; fired, both roll their dice for nothing and leave smoke.
    for (const std::string reading : {"held", "fired"}) {
        INFO(reading);
        auto setup = militiaAndBattalion(Mode::DeployedOffensive);
        setup.weather = Weather::Rain;
        addLightWood(setup);
        REQUIRE_FALSE(setup.params.set("futile_volleys", reading));
        etatmajor::dice::ScriptedSource script(reading == "held" ? std::vector<int>{} : std::vector<int>(8, 6));
        BattleDice dice(script);
        Narrative n;
        Engine e(setup, dice, &n);
        e.setDoctrine(false);
        const auto [a, b] = hundredPacesApart(e);
        e.startTurn();
        e.setInitiative(kSideA);
        e.firePhase();
        INFO(n.text());
        if (reading == "held") {
            CHECK(dice.count() == 0);
            CHECK(n.text().find("fires") == std::string::npos);
            CHECK_FALSE(e.unit(a).fired);
            CHECK_FALSE(e.unit(b).fired);
        } else {
            CHECK(dice.count() == 8);  // four stands a side, every die a 6 and still no hit
            CHECK(e.unit(a).fired);
            CHECK(e.unit(b).fired);
            CHECK(e.unit(a).figures == e.unit(a).figuresStart);
            CHECK(e.unit(b).figures == e.unit(b).figuresStart);
        }
    }
}

TEST_CASE("quiet_fire: a day of fire that never tells ends by mutual break-off as a standoff", "[battle][standoff]") {
    // Two battalions holding 100 paces apart in a light wood in the rain, volleys fired although they cannot hit
    // (futile_volleys = fired): an Unsteady volley hits light cover on 5–6 and Rain takes 2 off the die. §2.20 (b)
    // counts a turn as quiet when no fire hit; under hits the day ends after two such turns and nobody engaged, under
    // any the volleys keep it going to nightfall.
    for (const std::string reading : {"hits", "any"}) {
        INFO(reading);
        auto setup = militiaAndBattalion(Mode::DeployedDefensive);
        setup.weather = Weather::Rain;
        addLightWood(setup);
        REQUIRE_FALSE(setup.params.set("futile_volleys", "fired"));
        REQUIRE_FALSE(setup.params.set("quiet_fire", reading));
        setup.params.counterattackRatio = 0;  // both hold whatever they see
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            INFO("seed " << seed);
            BattleDice dice(seed);
            Narrative n;
            Engine e(setup, dice, &n);
            const auto [a, b] = hundredPacesApart(e);
            const auto r = e.run();
            INFO(n.text());
            CHECK(n.text().find("militia fires") != std::string::npos);  // the volleys were fired under both readings
            CHECK(e.unit(a).figures == e.unit(a).figuresStart);
            CHECK(e.unit(b).figures == e.unit(b).figuresStart);
            if (reading == "hits") {
                CHECK(r.endReason == EndReason::MutualBreakoff);
                CHECK(r.turnsFought == 2);
                CHECK_FALSE(r.engaged);
                CHECK(n.text().find("No shot told") != std::string::npos);
            } else {
                CHECK(r.endReason == EndReason::Nightfall);
                CHECK(r.engaged);
            }
        }
    }
}

TEST_CASE("quiet_fire: a hit is action, and a day with one is a battle", "[battle][standoff]") {
    // The same battalions in the open in fine weather hit each other, and the day is engaged under either reading.
    for (const std::string reading : {"hits", "any"}) {
        INFO(reading);
        auto setup = militiaAndBattalion(Mode::DeployedDefensive);
        REQUIRE_FALSE(setup.params.set("quiet_fire", reading));
        setup.params.counterattackRatio = 0;
        BattleDice dice(2);
        Narrative n;
        Engine e(setup, dice, &n);
        hundredPacesApart(e);
        const auto r = e.run();
        INFO(n.text());
        CHECK(n.text().find("takes") != std::string::npos);
        CHECK(r.engaged);
    }
}
