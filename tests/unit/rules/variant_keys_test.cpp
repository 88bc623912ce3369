// Variant keys (etat-major.md §14, §17): a value the engine does not apply is refused, never run as the default.
#include "etatmajor/campaign/options.hpp"

#include <catch2/catch.hpp>

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
