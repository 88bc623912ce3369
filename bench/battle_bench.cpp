// SPDX-License-Identifier: GPL-3.0-or-later
// Tactical resolver benchmarks (performance.md P4): one Camden-sized battle per iteration, and a 10,000-trial
// odds run on 2 threads, each beside a baseline measured in the same run.
//
// Pairs (bench/run.sh reads BM_<Pair>_<Baseline|Ours>):
//   Camden      baseline: a dice-only loop drawing as many d6 as one Camden battle does (the floor any resolver
//               pays for its randomness); ours: the whole battle, roll log off, no narrative.
//   Narrated    baseline: the plain battle; ours: the same battle with the roll log kept and the narrative
//               written (what `battle narrate` costs).
//   Brandywine  baseline: the dice-only loop for Brandywine (about 60 units a side); ours: the battle.
//   Odds10k     baseline: 10,000 Camden trials on one thread; ours: the same trials on two threads (one generator
//               per battle, std::thread), i.e. the odds preview of P4. Their CPU column is the whole process's CPU
//               time (both threads), so on a busy machine the work can be told from the wait: two threads scale
//               when Ours's CPU time matches the baseline's and its wall time is half of it on two free cores.
// Battle files are read from the source tree (ETATMAJOR_SOURCE_DIR).

#include "etatmajor/battle/battle_xml.hpp"
#include "etatmajor/battle/resolver.hpp"
#include "etatmajor/battle/trials.hpp"
#include "etatmajor/dice/dice.hpp"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

namespace {

namespace b = etatmajor::battle;

const b::BattleSetup& setupOf(const std::string& name) {
    static const b::BattleSetup camden = b::readBattleFile(std::string(ETATMAJOR_SOURCE_DIR) + "/campaigns/battles/camden.xml");
    static const b::BattleSetup brandywine = b::readBattleFile(std::string(ETATMAJOR_SOURCE_DIR) +
                                                               "/campaigns/battles/brandywine.xml");
    return name == "camden" ? camden : brandywine;
}

void setPerItem(benchmark::State& state, std::int64_t perIteration) {
    state.SetItemsProcessed(state.iterations() * perIteration);
    state.counters["per_iter"] = static_cast<double>(perIteration);
}

std::int64_t diceOf(const std::string& name) {
    b::RedcoatsResolver r;
    std::int64_t total = 0;
    for (std::uint64_t s = 1; s <= 20; ++s) total += r.fightSeeded(setupOf(name), s).rollCount;
    return total / 20;
}

void diceLoop(benchmark::State& state, const std::string& name) {
    const std::int64_t n = diceOf(name);
    std::uint64_t seed = 1;
    for (auto _ : state) {
        etatmajor::dice::SplitMix64 gen(seed++);
        int sum = 0;
        for (std::int64_t i = 0; i < n; ++i) sum += etatmajor::dice::SeededSource::uniform(gen, 6);
        benchmark::DoNotOptimize(sum);
    }
    setPerItem(state, 1);
}

void battleLoop(benchmark::State& state, const std::string& name, bool narrated) {
    b::RedcoatsResolver r;
    std::uint64_t seed = 1;
    for (auto _ : state) {
        b::Narrative narrative;
        auto result = r.fightSeeded(setupOf(name), seed++, narrated ? &narrative : nullptr, narrated);
        benchmark::DoNotOptimize(result.rollLogHash);
    }
    setPerItem(state, 1);
}

void BM_Camden_Baseline(benchmark::State& state) { diceLoop(state, "camden"); }
void BM_Camden_Ours(benchmark::State& state) { battleLoop(state, "camden", false); }
void BM_Narrated_Baseline(benchmark::State& state) { battleLoop(state, "camden", false); }
void BM_Narrated_Ours(benchmark::State& state) { battleLoop(state, "camden", true); }
void BM_Brandywine_Baseline(benchmark::State& state) { diceLoop(state, "brandywine"); }
void BM_Brandywine_Ours(benchmark::State& state) { battleLoop(state, "brandywine", false); }

constexpr int kOddsTrials = 10000;

void odds(benchmark::State& state, int threads) {
    b::RedcoatsResolver r;
    for (auto _ : state) {
        auto trials = b::runTrials(r, setupOf("camden"), 1, kOddsTrials, threads);
        benchmark::DoNotOptimize(trials.data());
    }
    setPerItem(state, kOddsTrials);
}

void BM_Odds10k_Baseline(benchmark::State& state) { odds(state, 1); }
void BM_Odds10k_Ours(benchmark::State& state) { odds(state, 2); }

}  // namespace

BENCHMARK(BM_Camden_Baseline)->UseRealTime();
BENCHMARK(BM_Camden_Ours)->UseRealTime();
BENCHMARK(BM_Narrated_Baseline)->UseRealTime();
BENCHMARK(BM_Narrated_Ours)->UseRealTime();
BENCHMARK(BM_Brandywine_Baseline)->UseRealTime();
BENCHMARK(BM_Brandywine_Ours)->UseRealTime();
BENCHMARK(BM_Odds10k_Baseline)->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Odds10k_Ours)->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
