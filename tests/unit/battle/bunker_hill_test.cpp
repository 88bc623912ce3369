// SPDX-License-Identifier: GPL-3.0-or-later
// Bunker Hill (tactical-resolver.md §5.4): an assault up a High hill. The Assault posture closes to 61–100 paces
// (§2.8) and charges only a target within its charge reach (§2.8 "When to charge", §2.12.2); on a High hill a line
// moves 75 paces (150 − 50 %, §1.9), so it must stop within 75 paces of the works or it can never charge.
#include "fixtures.hpp"

#include "etatmajor/battle/battle_xml.hpp"
#include "etatmajor/battle/narrative.hpp"
#include "etatmajor/battle/resolver.hpp"

#include <catch2/catch.hpp>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;

namespace {

// A British line attacking militia behind light works (so that it closes rather than standing off, §2.8); with
// `hill`, the whole table is a High hill (easy going).
BattleSetup hillSetup(bool hill) {
    auto setup = battleOf(sideSpec("british", Mode::DeployedOffensive, {unitSpec("foot", UnitType::LineInfantry, 4, 3)},
                                   Rating::Capable),
                          sideSpec("american", Mode::DeployedDefensive,
                                   {unitSpec("militia", UnitType::LineInfantry, 1, 6, Nationality::Militia)}, Rating::Capable),
                          Season::Summer);
    setup.fieldWidth = 30;
    setup.fieldDepth = 1000;
    WorksSpec works;
    works.side = kSideB;
    works.heavy = false;
    setup.terrain.works.push_back(works);
    if (hill) {
        FeatureSpec f;
        f.kind = FeatureKind::HighHill;
        f.x0 = 0;
        f.x1 = 30;
        f.y0 = 0;
        f.y1 = 1000;
        setup.terrain.features.push_back(f);
    }
    return setup;
}

// Separation after one movement phase that starts `start` paces from the militia.
int closeFrom(const BattleSetup& setup, int start) {
    BattleDice dice(7);
    Engine e(setup, dice);
    const int foot = e.unitIndex("foot"), militia = e.unitIndex("militia");
    e.setFront(foot, e.depth() - e.unit(militia).front - start);
    REQUIRE(e.separation(e.unit(foot), e.unit(militia)) == start);
    e.startTurn();
    e.setInitiative(kSideA);
    e.movementPhase();
    return e.separation(e.unit(foot), e.unit(militia));
}

}  // namespace

TEST_CASE("an assault line stops where its charge reaches: 100 paces on open ground, 75 up a High hill", "[battle][bunker]") {
    const auto open = hillSetup(false);
    const auto hill = hillSetup(true);
    {
        BattleDice dice(1);
        Engine e(hill, dice);
        CHECK(e.unit(e.unitIndex("foot")).elevation == 2);
        CHECK(e.unit(e.unitIndex("militia")).elevation == 2);
        CHECK(e.unit(e.unitIndex("militia")).behindWorks);
    }
    CHECK(closeFrom(open, 100) == 100);
    CHECK(closeFrom(hill, 100) == 75);  // was 100: out of its own charge reach for the whole battle
    CHECK(closeFrom(hill, 90) == 75);
}

TEST_CASE("Bunker Hill: the British lines charge the works and sometimes carry the field", "[battle][bunker]") {
    // §5.4. While the lines stopped at 100 paces only the light infantry (200 paces a move, 100 up the hill) could
    // charge the works. Now the line battalions charge too.
    const auto setup = readBattleFile(sourcePath("campaigns/battles/bunker-hill.xml"));
    int british = -1;
    for (std::size_t i = 0; i < setup.sides.size(); ++i)
        if (setup.sides[i].id == "british") british = static_cast<int>(i);
    REQUIRE(british >= 0);
    RedcoatsResolver resolver;
    const int runs = 200;
    int held = 0, lineCharges = 0;
    for (int seed = 1; seed <= runs; ++seed) {
        Narrative n;
        const auto r = resolver.fightSeeded(setup, static_cast<std::uint64_t>(seed), &n);
        if (r.fieldHolder == british) ++held;
        for (const auto& e : n.entries())
            if (e.text.find(" tries to charge") != std::string::npos && e.text.rfind("Converged Light Infantry", 0) != 0)
                ++lineCharges;  // the militia hold (§2.8): every charge is British, and these are the line's
    }
    INFO("British field " << held << " of " << runs << ", line charges " << lineCharges);
    // Measured over seeds 1–200: the field 47 times and 910 line charges; stopping at 100 paces, 8 and 2.
    CHECK(held >= 30);
    CHECK(lineCharges >= runs);
}

TEST_CASE("works_key: where the holder has heavy works, only they are the key ground at nightfall", "[battle][bunker]") {
    // The holder's best unit stands in a redoubt (heavy works), the other behind light works (§2.5, §5.4's set-up).
    // The redoubt's garrison is routing; the fence's militia stand unbroken. With heavy_first nobody holds the
    // redoubt, so §2.20 (3) gives the field to the side stronger in formed troops (the British line, 3 × 16 points
    // against 6 × 4); with all_works the fence still counts as the key ground and the Americans keep the field.
    auto setup = battleOf(sideSpec("british", Mode::DeployedOffensive, {unitSpec("foot", UnitType::LineInfantry, 4, 3)},
                                   Rating::Capable),
                          sideSpec("american", Mode::DeployedDefensive,
                                   {unitSpec("fence", UnitType::LineInfantry, 1, 6, Nationality::Militia),
                                    unitSpec("redoubt", UnitType::LineInfantry, 2, 3, Nationality::Militia)},
                                   Rating::Capable),
                          Season::Summer);
    WorksSpec works;
    works.side = kSideB;
    works.heavy = true;
    works.redoubts = 1;
    works.restLight = true;
    setup.terrain.works.push_back(works);
    for (const char* key : {"heavy_first", "all_works"}) {
        auto s = setup;
        REQUIRE_FALSE(s.params.set("works_key", key).has_value());
        BattleDice dice(3);
        Engine e(s, dice);
        const int redoubt = e.unitIndex("redoubt"), fence = e.unitIndex("fence");
        int heavy = 0, light = 0;
        for (const auto& f : e.features()) {
            if (f.kind == FeatureKind::HeavyWorks) {
                ++heavy;
                CHECK(f.x0 <= e.unit(redoubt).x0 + e.unit(redoubt).w / 2);
                CHECK(e.unit(redoubt).x0 + e.unit(redoubt).w / 2 < f.x1);
            }
            if (f.kind == FeatureKind::LightWorks) ++light;
        }
        REQUIRE(heavy == 1);
        REQUIRE(light >= 1);
        CHECK(e.unit(fence).behindWorks);
        e.unit(redoubt).morale = Morale::Routing;
        const auto r = e.finish();
        INFO("works_key = " << key);
        CHECK(r.fieldHolder == (std::string(key) == "heavy_first" ? kSideA : kSideB));
    }
}

TEST_CASE("spent_guns: a battery with no powder left limbers and leaves the field withdrawn", "[battle][bunker]") {
    // OR1 (§2.18) counted for the Americans' guns; the battery has fired its last phase.
    auto setup = battleOf(sideSpec("british", Mode::DeployedOffensive, {unitSpec("foot", UnitType::LineInfantry, 4, 3)},
                                   Rating::Capable),
                          sideSpec("american", Mode::DeployedDefensive,
                                   {unitSpec("militia", UnitType::LineInfantry, 1, 6, Nationality::Militia),
                                    batterySpec("guns", 3, 2, Calibre::Light, 2, Nationality::Militia)},
                                   Rating::Capable),
                          Season::Summer);
    setup.sides[1].ammunition = Ammunition::GunsAndInfantry;
    setup.fieldDepth = 1600;  // out of musket range: nothing but the battery moves
    for (const char* key : {"withdraw", "stay"}) {
        auto s = setup;
        REQUIRE_FALSE(s.params.set("spent_guns", key).has_value());
        BattleDice dice(5);
        Engine e(s, dice);
        const int guns = e.unitIndex("guns");
        REQUIRE(e.unit(guns).ammo >= 2);  // 2d6 fire phases rolled at the start
        REQUIRE(e.unit(guns).formation == Formation::Deployed);
        e.unit(guns).ammo = 0;
        const int front = e.unit(guns).front;
        for (int t = 0; t < 3; ++t) {
            e.startTurn();
            e.movementPhase();
            e.endOfTurn();
        }
        INFO("spent_guns = " << key);
        if (std::string(key) == "withdraw") {
            CHECK(e.unit(guns).status == UnitStatus::Withdrawn);
            const auto r = e.finish();
            CHECK(r.sides[1].ledger.full.empty());  // nothing lost: withdrawn stands cost nothing (§2.21)
            CHECK(r.sides[1].ledger.half.empty());
        } else {
            CHECK(e.unit(guns).status == UnitStatus::OnTable);
            CHECK(e.unit(guns).formation == Formation::Deployed);
            CHECK(e.unit(guns).front == front);
        }
    }
}

TEST_CASE("a unit whose arrival never comes ends the battle with every figure it had (§3.3)", "[battle][bunker]") {
    // Clinton's brigade at Bunker Hill comes only after a failed assault; in many runs it never does. The result
    // reported its battalions with no figures left (and the trials counted their stands as lost), and the campaign
    // reads figures_end to update its orders of battle.
    auto setup = battleOf(sideSpec("british", Mode::DeployedOffensive, {unitSpec("foot", UnitType::LineInfantry, 4, 3)},
                                   Rating::Capable),
                          sideSpec("american", Mode::DeployedDefensive,
                                   {unitSpec("militia", UnitType::LineInfantry, 1, 6, Nationality::Militia)}, Rating::Capable),
                          Season::Winter);
    MeSpec late;
    late.id = "late-me";
    late.mode = Mode::DeployedOffensive;
    late.arrivalTurn = 20;  // after nightfall
    FormationSpec f;
    f.id = "late-bde";
    f.name = "late brigade";
    f.units = {unitSpec("late", UnitType::LineInfantry, 4, 4)};
    late.formations.push_back(f);
    setup.sides[0].mes.push_back(late);
    const auto r = RedcoatsResolver().fightSeeded(setup, 11);
    const UnitResult* u = nullptr;
    for (const auto& x : r.units)
        if (x.id == "late") u = &x;
    REQUIRE(u != nullptr);
    CHECK(u->figuresStart == 16);
    CHECK(u->figuresEnd == 16);
    CHECK(u->standsEnd == 4);
    CHECK(u->statusEnd == UnitEnd::Effective);
    CHECK(u->pointsLostFull == Points6{});
    CHECK(u->pointsLostHalf == Points6{});
}
