// SPDX-License-Identifier: GPL-3.0-or-later
// `campaign audit` (docs/pbem.md "The audit"): checks a whole campaign after the fact. It checks the chain itself
// (every record's hash and link, the commands and dice each covers), replays the campaign from its scenario, its
// commands, the sides' sealed orders and revealed shares, and compares every record with the replay's; checks the
// host's signatures of the chain and the chain heads the sides' turn packets carry. It says "verified", or names the
// first record that does not match and why.
#pragma once

#include "etatmajor/core/issue.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace etatmajor::pbem {

struct AuditOptions {
    // Turn packets the sides kept (file name, text): the chain heads they were sent must be in the campaign's chain.
    std::vector<std::pair<std::string, std::string>> packets;
    // Where the replay is written (a new file; removed by the caller).
    std::string scratchPath;
    std::function<void(std::int64_t, int)> progress;
};

struct AuditResult {
    bool verified = false;
    std::vector<std::string> checked;  // what was checked and found good, for people
    std::string failure;               // the first thing that does not match, and why (empty when verified)
    core::IssueList issues;            // why the audit could not be made at all (the file cannot be read, ...)
};

AuditResult auditCampaign(const std::string& dbPath, const AuditOptions& options);

}  // namespace etatmajor::pbem
