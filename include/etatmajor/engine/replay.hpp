// SPDX-License-Identifier: GPL-3.0-or-later
// `campaign replay` (docs/replay.md): rebuilds a campaign from its command log alone, into a new database, and says
// whether the state it reaches is the original's.
#pragma once

#include "etatmajor/core/issue.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace etatmajor::engine {

struct ReplayResult {
    bool ok = false;         // every logged command ran again (the replay reached the end of the log)
    core::IssueList issues;  // why it could not start or stopped, each naming its row of the command log
    int commands = 0;        // rows of the command log run again, campaign.new included
    int rows = 0;            // rows of the original's command log
    // The first row whose replay logged something else than the original row (its arguments, result or the point
    // it left the campaign at); 0 when every row was reproduced.
    std::int64_t firstDivergence = 0;
    std::string divergence;                      // what differed there
    std::string originalDigest, replayedDigest;  // db::stateDigest of each
    bool identical = false;                      // the two digests are equal
    std::vector<std::string> differingTables;    // the tables whose contents differ (db::tableDigests)
};

struct ReplayOptions {
    bool overwrite = false;  // replace an existing output file
    // Reads the original without checking its state against its checksum: for an audit, which reports a campaign
    // changed outside Etat-Major itself, record by record.
    bool skipChecksum = false;
    // Replays on a store whose caches are off (CampaignStore::disableCaches): every phase reads, writes and hashes
    // the whole state, so that a replay of a campaign played with them checks the caches (tests).
    bool withoutCaches = false;
    // Told each row before it is run again (row's sequence number, rows in all), e.g. for a progress line.
    std::function<void(std::int64_t, int)> progress;
};

// Reads the command log of the campaign at `source` (opened as every command opens it: checked, read only), checks
// that this program can run every row again (a row of a command log format it does not know, an older log that did
// not keep its commands whole, a command it does not know, or a change made outside Etat-Major refuse it before
// anything is written), sets the campaign up again at `output` from the first row's scenario, map, seed and options,
// runs every later row's command in order, then compares the two states. A command refused on replay stops it; the
// output then holds the campaign as far as it got.
ReplayResult replayCampaign(const std::string& source, const std::string& output, const ReplayOptions& options = {});

}  // namespace etatmajor::engine
