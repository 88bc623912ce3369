// SPDX-License-Identifier: GPL-3.0-or-later
// The small test campaign (tests/data/campaigns/small.xml on tests/data/maps/small.xml) with a test's own changes to
// its text: created in a scratch directory, and played stand-fast to a given phase.
#pragma once

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/turn.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace etatmajor::test {

// The text of a file of the source tree.
inline std::string readSourceText(const std::string& relative) {
    std::ifstream in(std::filesystem::path(ETATMAJOR_SOURCE_DIR) / relative);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A campaign database `group`/`name`.db made from the given campaign and map texts (the map's file name small.xml,
// as the campaign names it), replacing an earlier one.
inline std::string createSmallCampaign(const std::string& group, const std::string& name, const std::string& scenarioText,
                                       const std::string& mapText, std::vector<std::string> options = {}) {
    const auto dir = std::filesystem::temp_directory_path() / ("etatmajor-" + group);
    std::filesystem::create_directories(dir);
    const auto path = (dir / (name + ".db")).string();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    db::NewCampaignRequest req;
    req.dbPath = path;
    req.seed = 5;
    req.options = std::move(options);
    req.contents = db::NewCampaignRequest::Contents{group + ".xml", scenarioText, "small.xml", mapText};
    const auto r = db::createCampaign(req);
    for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE(r.ok);
    return path;
}

// Runs phases, standing fast for any side without orders, until the next one is `phase` of week `week`.
inline void runToPhase(const std::string& path, int week, campaign::Phase phase) {
    auto store = db::CampaignStore::open(path);
    engine::AdvanceOptions standFast;
    standFast.standFastMissing = true;
    for (int guard = 0; guard < 400; ++guard) {
        const auto s = db::loadState(store);
        if (s.week == week && s.phase == phase) return;
        const auto r = engine::advance(store, engine::Step::Phase, standFast);
        for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
        REQUIRE(r.ok);
    }
    FAIL("never came to the phase");
}

}  // namespace etatmajor::test
