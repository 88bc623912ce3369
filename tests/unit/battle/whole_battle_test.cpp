// SPDX-License-Identifier: GPL-3.0-or-later
// tactical-resolver.md §4.3 T8: whole-battle properties over many seeds.
#include "fixtures.hpp"

#include "etatmajor/battle/resolver.hpp"

#include <catch2/catch.hpp>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;

TEST_CASE("T8a grenadiers beat militia: militia broken and the field held in >= 85 % (10 000 seeds)", "[battle][T8]") {
    UnitSpec militia = unitSpec("militia", UnitType::LineInfantry, 1, 4, Nationality::Militia);
    auto setup = battleOf(sideSpec("british", Mode::DeployedOffensive, {unitSpec("grenadiers", UnitType::LineInfantry, 5, 4)},
                                   Rating::Capable),
                          sideSpec("militia", Mode::DeployedDefensive, {militia}, Rating::Capable), Season::Autumn);
    RedcoatsResolver resolver;
    const int n = 10000;
    int good = 0, grenadiersBroken = 0;
    for (int seed = 1; seed <= n; ++seed) {
        const auto r = resolver.fightSeeded(setup, static_cast<std::uint64_t>(seed));
        REQUIRE(r.turnsAvailable == 10);
        const UnitResult* g = nullptr;
        const UnitResult* m = nullptr;
        for (const auto& u : r.units) (u.id == "militia" ? m : g) = &u;
        REQUIRE(g);
        REQUIRE(m);
        // "routed, surrendered, removed, scattered or permanently Shaken"
        const bool broken = m->statusEnd == UnitEnd::RoutedToRallyPoint || m->statusEnd == UnitEnd::Surrendered ||
                            m->statusEnd == UnitEnd::RemovedSpent || m->statusEnd == UnitEnd::Scattered ||
                            m->statusEnd == UnitEnd::ShakenPermanent || m->statusEnd == UnitEnd::Destroyed ||
                            (m->everRouted && !m->recoversByNextOrdersPhase);
        if (broken && r.fieldHolder == kSideA) ++good;
        if (g->everRouted || g->statusEnd == UnitEnd::RemovedSpent || g->statusEnd == UnitEnd::Destroyed) ++grenadiersBroken;
    }
    CHECK(good >= n * 85 / 100);
    CHECK(grenadiersBroken <= n * 10 / 100);
}

TEST_CASE("T8b identical Class 3 lines: either side wins 45-55 % whichever strip side it has (10 000 seeds each)", "[battle][T8]") {
    auto side = [](const std::string& id) {
        return sideSpec(id, Mode::DeployedOffensive, {unitSpec(id + "-line", UnitType::LineInfantry, 3, 4)}, Rating::Capable);
    };
    RedcoatsResolver resolver;
    const int n = 10000;
    double share[2] = {0, 0};
    for (int orientation = 0; orientation < 2; ++orientation) {
        // the "first" unit is strip side A in orientation 0 and strip side B in orientation 1
        auto setup = orientation == 0 ? battleOf(side("first"), side("second")) : battleOf(side("second"), side("first"));
        const int firstSide = orientation == 0 ? kSideA : kSideB;
        int wins = 0;
        for (int seed = 1; seed <= n; ++seed) {
            const auto r = resolver.fightSeeded(setup, static_cast<std::uint64_t>(seed));
            if (r.verdict.winner == firstSide) ++wins;
        }
        share[orientation] = static_cast<double>(wins) / n;
        CHECK(share[orientation] >= 0.45);
        CHECK(share[orientation] <= 0.55);
    }
    CHECK(std::abs(share[0] - share[1]) <= 0.03);
}
