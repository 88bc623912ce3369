// SPDX-License-Identifier: GPL-3.0-or-later
// tactical-resolver.md §4.3 T9: determinism on Camden (§5.1), seed 20240601.
#include "fixtures.hpp"

#include "etatmajor/battle/battle_xml.hpp"
#include "etatmajor/battle/resolver.hpp"
#include "etatmajor/battle/trials.hpp"
#include "etatmajor/io/atomic_file.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;

namespace {
const std::uint64_t kSeed = 20240601;

BattleSetup camden() { return readBattleFile(sourcePath("campaigns/battles/camden.xml")); }

// Shuffles every list of the set-up with a fixed permutation generator (test only; the resolver never sees it).
void shuffleAll(BattleSetup& s, std::uint32_t seed) {
    std::mt19937 gen(seed);
    std::function<void(FormationSpec&)> walk = [&](FormationSpec& f) {
        std::shuffle(f.units.begin(), f.units.end(), gen);
        std::shuffle(f.children.begin(), f.children.end(), gen);
        for (auto& c : f.children) walk(c);
    };
    for (auto& side : s.sides) {
        std::shuffle(side.mes.begin(), side.mes.end(), gen);
        for (auto& me : side.mes) {
            std::shuffle(me.formations.begin(), me.formations.end(), gen);
            for (auto& f : me.formations) walk(f);
        }
    }
    std::shuffle(s.terrain.features.begin(), s.terrain.features.end(), gen);
}
}  // namespace

TEST_CASE("T9a two runs of Camden give byte-identical results and roll-log hashes", "[battle][T9]") {
    RedcoatsResolver r;
    const auto setup = camden();
    const auto a = r.fightSeeded(setup, kSeed);
    const auto b = r.fightSeeded(setup, kSeed);
    CHECK(toJson(a) == toJson(b));
    CHECK(a.rollLogHash == b.rollLogHash);
    CHECK(a.rollCount > 100);
    // a kept roll log does not change the stream
    const auto c = r.fightSeeded(setup, kSeed, nullptr, true);
    CHECK(toJson(c) == toJson(a));
}

TEST_CASE("T9b shuffled input lists give the identical result", "[battle][T9]") {
    RedcoatsResolver r;
    const auto reference = toJson(r.fightSeeded(camden(), kSeed));
    for (std::uint32_t k = 1; k <= 3; ++k) {
        auto setup = camden();
        shuffleAll(setup, k);
        CHECK(toJson(r.fightSeeded(setup, kSeed)) == reference);
    }
}

TEST_CASE("T9c seeds 1-1000 give 1000 distinct roll logs and a battle does not depend on those fought before it", "[battle][T9]") {
    RedcoatsResolver r;
    const auto setup = camden();
    const auto alone = toJson(r.fightSeeded(setup, 500));
    std::set<std::uint64_t> hashes;
    std::string inSequence;
    for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
        const auto result = r.fightSeeded(setup, seed);
        hashes.insert(result.rollLogHash);
        if (seed == 500) inSequence = toJson(result);
    }
    CHECK(hashes.size() == 1000);
    CHECK(inSequence == alone);
}

TEST_CASE("T9d Camden seed 20240601 equals the stored golden result", "[battle][T9]") {
    RedcoatsResolver r;
    const auto actual = toJson(r.fightSeeded(camden(), kSeed), true) + "\n";
    const auto goldenPath = sourcePath("tests/data/battles/golden/camden-20240601.json");
    const auto golden = etatmajor::io::readWholeFile(goldenPath);
    if (actual != golden) {
        const auto out = std::filesystem::temp_directory_path() / "camden-20240601.actual.json";
        std::ofstream(out) << actual;
        FAIL("the Camden result differs from " << goldenPath << "; the new result is in " << out.string()
                                               << " (regenerate the golden file only with a resolver version bump)");
    }
}

TEST_CASE("the result's params_hash follows the parameter set", "[battle][T9]") {
    RedcoatsResolver r;
    auto setup = camden();
    const auto a = r.fightSeeded(setup, 3);
    CHECK(a.paramsHash == setup.params.hash());
    REQUIRE_FALSE(setup.params.set("max_firefight", "4"));
    const auto b = r.fightSeeded(setup, 3);
    CHECK(b.paramsHash != a.paramsHash);
}

TEST_CASE("T9f trials of a prepared set-up are the battles fightSeeded fights, for every shipped battle", "[battle][T9]") {
    // Resolver::trials may build and deploy a set-up once and fight copies of that engine (performance.md P4); each
    // trial must still be byte for byte the battle of its seed, roll-log hash included.
    RedcoatsResolver r;
    int reusable = 0, count = 0;
    for (const auto& e : std::filesystem::directory_iterator(sourcePath("campaigns/battles"))) {
        if (e.path().extension() != ".xml") continue;
        INFO(e.path().string());
        const auto setup = readBattleFile(e.path().string());
        const auto trials = r.trials(setup);
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            const auto a = trials->fight(seed);
            const auto b = r.fightSeeded(setup, seed);
            CHECK(toJson(a) == toJson(b));
            CHECK(a.rollLogHash == b.rollLogHash);
            CHECK(a.seed == seed);
            // the outcome-only result of a trial gives the same TrialOutcome as the full battle
            const auto full = outcomeOf(b);
            const auto quick = outcomeOf(trials->outcome(seed));
            CHECK(quick.seed == full.seed);
            CHECK(quick.winner == full.winner);
            CHECK(quick.fieldHolder == full.fieldHolder);
            CHECK(quick.endReason == full.endReason);
            CHECK(quick.turnsFought == full.turnsFought);
            CHECK(quick.netLoss6 == full.netLoss6);
            CHECK(quick.start6 == full.start6);
            CHECK(quick.standsStart == full.standsStart);
            CHECK(quick.standsLost == full.standsLost);
            CHECK(quick.unitsRouted == full.unitsRouted);
            CHECK(quick.gunsCapturedFrom == full.gunsCapturedFrom);
            CHECK(quick.brigadesSpent == full.brigadesSpent);
            CHECK(quick.surrenderedOrRemoved == full.surrenderedOrRemoved);
            CHECK(quick.standsWithdrawn == full.standsWithdrawn);
            CHECK(quick.menLost == full.menLost);
            CHECK(quick.prisoners == full.prisoners);
            CHECK(quick.events == full.events);
            CHECK(quick.rollLogHash == full.rollLogHash);
        }
        BattleDice probe(1);
        const Engine built(setup, probe);
        reusable += probe.count() == 0 ? 1 : 0;
        ++count;
    }
    CHECK(count == 11);
    CHECK(reusable == 10);  // all but one (its set-up rolls dice) fight copies of one built engine
}
