// SPDX-License-Identifier: GPL-3.0-or-later
// P6 of the performance guide, in the core: opening a 21-week campaign database and building what a side is shown
// first (its status and its dice log), as `status --side` and the turn window's first view do.
//
// Two campaigns, each created once and played to its end (21 weeks, every side standing fast every day), so the
// database holds a whole campaign's command log, dice log and state: the bundled campaign (argument 0) and the
// theatre of the day bench, the synthetic 100,000-hex map with 250 MEs a side (argument 1, theatre.hpp). Each iteration opens it
// read-only (the full open check: schema, integrity and the state's checksum), then builds the British side's status document and dice
// log.
//
// Baseline, in the same run on the same file: opening it with SQLite alone and reading every row of every table once,
// the floor of any program that looks at the whole file.
#include "synthetic_map.hpp"
#include "theatre.hpp"

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

namespace em = etatmajor;
namespace fs = std::filesystem;

// A campaign played to its end: the bundled one (theatre = false) or the synthetic theatre.
std::string playedToTheEnd(bool theatre) {
    const auto dir = fs::temp_directory_path() / ("etatmajor-open-bench-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    em::db::NewCampaignRequest req;
    req.dbPath = (dir / (theatre ? "theatre.db" : "southern.db")).string();
    req.seed = 1780;
    req.overwrite = true;
    if (theatre) {
        const auto t = em::bench::makeTheatre(em::bench::buildSyntheticMap(), 250, 1780);
        req.contents = em::db::NewCampaignRequest::Contents{"theatre.xml", t.scenarioText, "theatre-map.xml", t.mapText};
    } else {
        req.scenarioPath = std::string(ETATMAJOR_SOURCE_DIR) + "/campaigns/southern-1780.xml";
    }
    if (!em::db::createCampaign(req).ok) throw std::runtime_error("the campaign was refused");
    auto store = em::db::CampaignStore::open(req.dbPath);
    em::engine::AdvanceOptions o;
    o.standFastMissing = true;
    for (int week = 0; week < 40; ++week) {
        const auto r = em::engine::advance(store, em::engine::Step::Week, o);
        if (r.ended || !r.ok) break;
    }
    return req.dbPath;
}

const std::string& campaignDb(bool theatre) {
    static const std::string bundled = playedToTheEnd(false);
    if (!theatre) return bundled;
    static const std::string large = playedToTheEnd(true);
    return large;
}

void BM_Open_Baseline(benchmark::State& state) {
    const auto& path = campaignDb(state.range(0) != 0);
    std::int64_t cells = 0;
    for (auto _ : state) {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        std::vector<std::string> tables;
        SQLite::Statement t(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
        while (t.executeStep()) tables.push_back(t.getColumn(0).getString());
        for (const auto& name : tables) {
            SQLite::Statement q(db, "SELECT * FROM \"" + name + "\"");
            while (q.executeStep())
                for (int c = 0; c < q.getColumnCount(); ++c) cells += q.getColumn(c).getBytes();
        }
    }
    benchmark::DoNotOptimize(cells);
}

void BM_Open_Ours(benchmark::State& state) {
    const auto& path = campaignDb(state.range(0) != 0);
    std::size_t shown = 0;
    for (auto _ : state) {
        auto store = em::db::CampaignStore::open(path, true);
        const auto viewer = em::view::Viewer::ofSide("british");
        shown += em::view::statusJson(store, viewer).size();
        shown += em::view::rollLogJson(store, viewer).size();
    }
    benchmark::DoNotOptimize(shown);
}

}  // namespace

BENCHMARK(BM_Open_Baseline)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);
BENCHMARK(BM_Open_Ours)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);

BENCHMARK_MAIN();
