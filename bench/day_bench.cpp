// SPDX-License-Identifier: GPL-3.0-or-later
// P2 of the performance guide: the whole end of a campaign day at theatre scale, through the product's own path.
//
// A theatre of the synthetic 100,000-hex map with 250 MEs a side (theatre.hpp) is created as a real campaign
// database once, and its weekly phases and first day are run. Each iteration then copies that database and opens it
// (untimed: opening a campaign, with its check of the whole state against its checksum, is P6's, measured by
// open_bench.cpp) and runs one whole day, D1 to D12, with `engine::advance` (every side standing fast, as `advance
// --day --stand-fast-missing` does): LOC and supply for both sides, movement, contacts, fog of war, the end-of-day
// bookkeeping and the persistence of every phase, each phase in its own transaction with its checksum.
//
// Baseline, in the same run on the same database, opened the same way: loading the campaign state once and writing
// it back once in one transaction, which every phase of the day needs at least once. Ours/baseline says how many such
// load-and-save rounds a day costs.
//
// Day_Process times what one `advance --day` command costs in the core: the opening and the day together.
//
// TMPDIR should name a real disk: on tmpfs no fsync is paid.
#include "synthetic_map.hpp"
#include "theatre.hpp"

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/turn.hpp"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace {

namespace em = etatmajor;
namespace fs = std::filesystem;

constexpr int kMesPerSide = 250;

fs::path workDir() {
    static const fs::path dir = [] {
        auto d = fs::temp_directory_path() / ("etatmajor-day-bench-" + std::to_string(::getpid()));
        fs::create_directories(d);
        return d;
    }();
    return dir;
}

// The database after the weekly phases and the first day: each iteration starts from a copy of it.
const fs::path& templateDb() {
    static const fs::path path = [] {
        const auto map = em::bench::buildSyntheticMap();
        const auto theatre = em::bench::makeTheatre(map, kMesPerSide, 1780);
        em::db::NewCampaignRequest req;
        req.dbPath = (workDir() / "template.db").string();
        req.seed = 1780;
        req.overwrite = true;
        req.contents = em::db::NewCampaignRequest::Contents{"theatre.xml", theatre.scenarioText, "theatre-map.xml", theatre.mapText};
        const auto created = em::db::createCampaign(req);
        if (!created.ok) {
            std::string why;
            for (const auto& i : created.issues.items()) why += i.format() + "\n";
            throw std::runtime_error("the theatre campaign was refused:\n" + why);
        }
        {
            auto store = em::db::CampaignStore::open(req.dbPath);
            em::engine::AdvanceOptions o;
            o.standFastMissing = true;
            const auto r = em::engine::advance(store, em::engine::Step::Day, o);
            if (!r.ok) throw std::runtime_error("the theatre's first day did not run: " + r.issues.items().front().format());
        }
        return fs::path(req.dbPath);
    }();
    return path;
}

std::string freshCopy() {
    const auto to = workDir() / "day.db";
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(to.string() + suffix);
    fs::copy_file(templateDb(), to);
    return to.string();
}

void BM_Day_Baseline(benchmark::State& state) {
    templateDb();  // made once, outside the timed loop
    for (auto _ : state) {
        state.PauseTiming();
        auto store = em::db::CampaignStore::open(freshCopy());
        state.ResumeTiming();
        store.transaction([&] {
            const auto s = em::db::loadState(store);
            em::db::saveState(store, s);
        });
    }
}

bool runDay(em::db::CampaignStore& store) {
    em::engine::AdvanceOptions o;
    o.standFastMissing = true;
    const auto r = em::engine::advance(store, em::engine::Step::Day, o);
    return r.ok && r.phases.size() >= 12;
}

void BM_Day_Ours(benchmark::State& state) {
    templateDb();
    for (auto _ : state) {
        state.PauseTiming();
        auto store = em::db::CampaignStore::open(freshCopy());
        state.ResumeTiming();
        if (!runDay(store)) state.SkipWithError("the day did not run whole");
    }
    // P7 for the core: the process's peak resident memory once the theatre campaign has been made and a day run on it
    // (the map, 500 MEs and their state, the store's caches), in MB.
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    state.counters["peak_rss_mb"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
}

void BM_Day_Process(benchmark::State& state) {
    templateDb();
    for (auto _ : state) {
        state.PauseTiming();
        const auto path = freshCopy();
        state.ResumeTiming();
        auto store = em::db::CampaignStore::open(path);
        if (!runDay(store)) state.SkipWithError("the day did not run whole");
    }
}

}  // namespace

BENCHMARK(BM_Day_Baseline)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);
BENCHMARK(BM_Day_Ours)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);
BENCHMARK(BM_Day_Process)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);

BENCHMARK_MAIN();
