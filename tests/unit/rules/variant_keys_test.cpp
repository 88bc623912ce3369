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
