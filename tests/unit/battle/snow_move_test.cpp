// SPDX-License-Identifier: GPL-3.0-or-later
// T 7.7 ¶259 (etat-major.md G-15): troops on the table move at half rate in snow; tactical.snow_move = normal (the
// campaign's snow_table_move = normal) leaves their movement alone, so the lines come to musket range sooner.
#include "fixtures.hpp"

#include "etatmajor/battle/narrative.hpp"
#include "etatmajor/battle/resolver.hpp"

#include <catch2/catch.hpp>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;

namespace {

// The turn of the battle's first fire phase entry (small arms or artillery), or 99 when nobody fired.
int firstFireTurn(const BattleSetup& setup, std::uint64_t seed) {
    Narrative n;
    RedcoatsResolver().fightSeeded(setup, seed, &n);
    for (const auto& e : n.entries())
        if (e.phase == charts::Phase::Fire) return e.turn;
    return 99;
}

}  // namespace

TEST_CASE("G-15 snow halves tabletop movement unless snow_move = normal", "[battle][snow]") {
    auto setup = battleOf(sideSpec("british", Mode::DeployedOffensive, {unitSpec("foot", UnitType::LineInfantry, 3, 4)},
                                   Rating::Capable),
                          sideSpec("american", Mode::DeployedOffensive,
                                   {unitSpec("line", UnitType::LineInfantry, 3, 4, Nationality::Continental)}, Rating::Capable),
                          Season::Winter);
    setup.weather = Weather::Snow;
    auto normal = setup;
    REQUIRE_FALSE(normal.params.set("tactical.snow_move", "normal").has_value());
    CHECK_FALSE(normal.params.snowHalvesMove);
    CHECK(setup.params.snowHalvesMove);
    CHECK(normal.params.hash() != setup.params.hash());
    CHECK(setup.params.hash() == Params{}.hash());  // the default keeps the parameter set's hash of earlier versions

    const int n = 200;
    int sooner = 0, later = 0;
    double sumHalf = 0, sumNormal = 0;
    for (std::uint64_t seed = 1; seed <= n; ++seed) {
        const int half = firstFireTurn(setup, seed);
        const int full = firstFireTurn(normal, seed);
        sumHalf += half;
        sumNormal += full;
        if (full < half) ++sooner;
        if (full > half) ++later;
    }
    INFO("mean first fire turn: half " << sumHalf / n << ", normal " << sumNormal / n);
    CHECK(sumNormal / n + 0.5 < sumHalf / n);  // at least half a turn sooner on average
    CHECK(sooner > n / 2);
    CHECK(later < n / 10);
}
