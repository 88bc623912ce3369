// SPDX-License-Identifier: GPL-3.0-or-later
// A fresh campaign database for a test: created from a campaign file of the source tree in a scratch directory,
// replacing any earlier one of the same name.
#pragma once

#include "etatmajor/db/new_campaign.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace etatmajor::test {

inline std::string freshCampaignDb(const std::string& group, const std::string& name, const std::string& scenario, std::uint64_t seed,
                                   std::vector<std::string> options = {}) {
    const auto dir = std::filesystem::temp_directory_path() / ("etatmajor-" + group);
    std::filesystem::create_directories(dir);
    const auto path = (dir / (name + ".db")).string();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    db::NewCampaignRequest req;
    req.scenarioPath = (std::filesystem::path(ETATMAJOR_SOURCE_DIR) / scenario).string();
    req.dbPath = path;
    req.seed = seed;
    req.options = std::move(options);
    const auto r = db::createCampaign(req);
    for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE(r.ok);
    return path;
}

}  // namespace etatmajor::test
