// SPDX-License-Identifier: GPL-3.0-or-later
// Variant keys (etat-major.md §14, §17): a value the engine does not apply is refused, never run as the default.
#include "etatmajor/campaign/options.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using namespace etatmajor::campaign;

TEST_CASE("a value the engine does not apply is refused, naming the key and the value", "[options]") {
    Options o;
    REQUIRE_FALSE(notAppliedValues().empty());
    for (const auto& [key, value] : notAppliedValues()) {
        REQUIRE(findOption(key) != nullptr);
        CHECK(findOption(key)->defaultValue != value);  // a default is always applied
        const auto err = o.set(key, value);
        REQUIRE(err.has_value());
        CHECK(err->find(std::string(key) + "=" + std::string(value)) != std::string::npos);
    }
    CHECK(o.changed().empty());
    CHECK_FALSE(o.set("decoy_effects", "cuts_loc").has_value());  // applied (G-42)
}

TEST_CASE("G-54 command_limit: one ME a player and one double command a side, lifted under unlimited", "[options][scenario]") {
    const auto path = (std::filesystem::path(ETATMAJOR_SOURCE_DIR) / "tests/data/campaigns/small.xml").string();
    auto s = etatmajor::io::readScenarioFile(path);
    const auto mapFile = etatmajor::io::readMapFile(s.mapPath);
    const auto& map = mapFile.map;
    auto limitErrors = [&](const Scenario& sc) {
        int n = 0;
        const auto issues = etatmajor::io::validateScenario(sc, map);
        for (const auto& i : issues.items())
            if (i.code == "CAMPAIGN-COMMAND-LIMIT") ++n;
        return n;
    };
    REQUIRE(limitErrors(s) == 0);
    auto& red = s.sides.at(0);
    REQUIRE(red.id == "red");
    REQUIRE(red.mes.size() == 3);
    red.mes[0].commander = "red-cic";
    red.mes[1].commander = "red-cic";
    CHECK(limitErrors(s) == 0);  // the side's one double command
    red.mes[2].commander = "red-cic";
    CHECK(limitErrors(s) == 1);  // three MEs for one player
    REQUIRE_FALSE(s.options.set("command_limit", "unlimited").has_value());
    CHECK(limitErrors(s) == 0);
}

#include "etatmajor/campaign/command.hpp"
#include "fixtures.hpp"

TEST_CASE("G-52 me_granularity: which compositions are MEs under each reading", "[options][campaign]") {
    using namespace etatmajor::test;
    CampaignState s;
    // A division of two brigades: 1st of 4 battalions and a battery, 2nd of 3 battalions; a cavalry brigade of two.
    s.formations = {formation("army", "a", "", FormationKind::Army), formation("div", "a", "army", FormationKind::Division),
                    formation("b1", "a", "div", FormationKind::Brigade), formation("b2", "a", "div", FormationKind::Brigade),
                    formation("cav", "a", "army", FormationKind::Brigade)};
    for (int i = 0; i < 4; ++i)
        s.units.push_back(unit("b1-" + std::to_string(i), "a", "b1", "whole", UnitType::LineInfantry, 3, 4, 4));
    s.units.push_back(unit("b1-guns", "a", "b1", "whole", UnitType::Artillery, 3, 2, 3));
    for (int i = 0; i < 3; ++i)
        s.units.push_back(unit("b2-" + std::to_string(i), "a", "b2", "whole", UnitType::LineInfantry, 3, 4, 4));
    s.units.push_back(unit("dragoons", "a", "cav", "horse", UnitType::LightCavalry, 3, 3, 3));
    s.units.push_back(unit("hussars", "a", "cav", "hussars", UnitType::LightCavalry, 3, 3, 3));
    for (const auto* id : {"whole", "horse", "hussars"}) s.mes.push_back(me(id, "a", {0, 0}, "town"));

    // Default permissive: anything goes.
    for (const auto* id : {"whole", "horse", "hussars"}) CHECK_FALSE(compositionProblem(s, id).has_value());

    // Chart: the division (every unit of it) is an ME; one cavalry regiment out of its brigade is not.
    REQUIRE_FALSE(s.options.set("me_granularity", "chart_division_or_brigade").has_value());
    CHECK_FALSE(compositionProblem(s, "whole").has_value());
    REQUIRE(compositionProblem(s, "horse").has_value());
    CHECK(compositionProblem(s, "horse")->find("chart_division_or_brigade") != std::string::npos);
    for (auto& u : s.units)
        if (u.id == "hussars") u.me = "horse";  // the whole cavalry brigade together
    CHECK_FALSE(compositionProblem(s, "horse").has_value());
    for (auto& u : s.units)
        if (u.id == "b2-0") u.me = "horse";  // a battalion taken from the division breaks both
    CHECK(compositionProblem(s, "whole").has_value());
    CHECK(compositionProblem(s, "horse").has_value());
    for (auto& u : s.units)
        if (u.id == "b2-0") u.me = "whole";

    // Body: 7 battalions of two brigades are more than a brigade; a lone cavalry regiment or one brigade is an ME.
    REQUIRE_FALSE(s.options.set("me_granularity", "body_brigade_level").has_value());
    REQUIRE(compositionProblem(s, "whole").has_value());
    CHECK(compositionProblem(s, "whole")->find("7 infantry") != std::string::npos);
    for (auto& u : s.units)
        if (u.id == "hussars") u.me = "hussars";
    CHECK_FALSE(compositionProblem(s, "hussars").has_value());
    for (auto& u : s.units)
        if (u.formation == "b2") u.me = "second";
    s.mes.push_back(me("second", "a", {0, 0}, "town"));
    CHECK_FALSE(compositionProblem(s, "whole").has_value());   // the 1st brigade and its battery
    CHECK_FALSE(compositionProblem(s, "second").has_value());  // the 2nd brigade
    for (auto& u : s.units)
        if (u.id == "b1-0") u.me = "second";  // a task force of 4 battalions from two brigades: brigade strength
    CHECK_FALSE(compositionProblem(s, "second").has_value());
}

TEST_CASE("G-54 command_limit on the MEs of the state: a third ME, or a second double command, is over", "[options][campaign]") {
    using namespace etatmajor::test;
    CampaignState s;
    s.mes = {me("m1", "a", {0, 0}, "t"), me("m2", "a", {0, 0}, "t"), me("m3", "a", {0, 0}, "t"),
             me("n1", "a", {0, 0}, "t"), me("n2", "a", {0, 0}, "t"), me("free", "a", {0, 0}, "t")};
    s.mes[0].commander = s.mes[1].commander = "p";
    s.mes[3].commander = "q";
    CHECK_FALSE(commandLimitProblem(s, "m1").has_value());  // p's double command
    CHECK_FALSE(commandLimitProblem(s, "n1").has_value());
    CHECK_FALSE(commandLimitProblem(s, "free").has_value());  // no commander named
    s.mes[4].commander = "q";                                 // a second double command
    REQUIRE(commandLimitProblem(s, "n2").has_value());
    CHECK(commandLimitProblem(s, "n2")->find("player 'p' already holds the side's double command") != std::string::npos);
    s.mes[4].commander.clear();
    s.mes[2].commander = "p";  // a third ME
    REQUIRE(commandLimitProblem(s, "m3").has_value());
    CHECK(commandLimitProblem(s, "m3")->find("would command 3 MEs") != std::string::npos);
    s.mes[2].onMap = false;  // gone from the map: not counted
    CHECK_FALSE(commandLimitProblem(s, "m1").has_value());
    s.mes[2].onMap = true;
    REQUIRE_FALSE(s.options.set("command_limit", "unlimited").has_value());
    CHECK_FALSE(commandLimitProblem(s, "m3").has_value());
}
