// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/campaign/options.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace etatmajor::campaign;

TEST_CASE("the catalogue holds every variant key of etat-major.md §17 with its default first", "[options]") {
    const auto& cat = optionCatalogue();
    std::set<std::string> keys;
    int emKeys = 0;
    for (const auto& o : cat) {
        CHECK(keys.insert(std::string(o.key)).second);  // unique
        if (o.kind == OptionKind::Choice) {
            REQUIRE_FALSE(o.choices.empty());
            CHECK(o.choices.front() == o.defaultValue);
        }
        if (std::string(o.rule).rfind("etat-major.md", 0) == 0) ++emKeys;
    }
    // The 123 rows of the §17 index, the two keys that keep the earlier readings of rules the specification
    // corrected on 2026-11-25 (§7.5 staff return, §11.4 a starving garrison), which the index does not list, and the
    // three readings of battles in the campaign the index does not list either (§8.8.1 a contact at dusk, §8.10 the
    // map's woods on the table, §8.8 and §8.11.4 a standoff; docs/rules-mapping.md), and one of the campaign format's
    // fleet that closes the sea (§9.4 the grant under blockade; docs/rules-mapping.md).
    CHECK(findOption("staff_return") != nullptr);
    CHECK(findOption("siege_starved_supply") != nullptr);
    CHECK(findOption("dusk_contact") != nullptr);
    CHECK(findOption("table_woods") != nullptr);
    CHECK(findOption("standoff") != nullptr);
    CHECK(findOption("blockade_grant") != nullptr);
    CHECK(emKeys == 123 + 2 + 3 + 1);
    // Spot checks against the index.
    CHECK(findOption("ua_multiplier")->defaultValue == "10");
    CHECK(findOption("season_table")->defaultValue == "chart");
    CHECK(findOption("surround_extra_cap")->kind == OptionKind::NonNegativeInteger);
    CHECK(findOption("loc_trace")->choices.size() == 3);
    CHECK(findOption("tactical.art_line_close")->defaultValue == "3456H");
    CHECK(findOption("no_such_key") == nullptr);
}

TEST_CASE("options start at their defaults and take only allowed values", "[options]") {
    Options o;
    CHECK(o.get("stacking_scope") == "per_side");
    CHECK(o.changed().empty());
    CHECK_FALSE(o.set("ua_multiplier", "5").has_value());
    CHECK(o.get("ua_multiplier") == "5");
    CHECK(o.changed() == std::vector<std::string>{"ua_multiplier"});

    const auto bad = o.set("ua_multiplier", "7");
    REQUIRE(bad.has_value());
    CHECK(bad->find("allowed: 10, 5") != std::string::npos);
    CHECK(o.get("ua_multiplier") == "5");  // unchanged by a refused value

    CHECK(o.set("nonsense", "1").has_value());
    CHECK_FALSE(o.set("surround_extra_cap", "0").has_value());
    CHECK(o.integer("surround_extra_cap") == 0);
    CHECK(o.set("surround_extra_cap", "-1").has_value());
    CHECK(o.set("surround_extra_cap", "2x").has_value());
    CHECK(o.set("surround_extra_cap", "").has_value());

    CHECK_FALSE(o.parseAndSet("objective_visibility=known_to_owner").has_value());
    CHECK(o.is("objective_visibility", "known_to_owner"));
    CHECK(o.parseAndSet("objective_visibility").has_value());
}
