// SPDX-License-Identifier: GPL-3.0-or-later
// The "campaign new" command: loads a scenario and its map into a new campaign database in one transaction.
#pragma once

#include "etatmajor/core/issue.hpp"
#include "etatmajor/dice/dice.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace etatmajor::db {

class CampaignStore;

struct NewCampaignRequest {
    std::string scenarioPath;
    std::string dbPath;
    std::uint64_t seed = 1;
    std::vector<std::string> options;  // "key=value" overrides of the scenario's options
    bool overwrite = false;
    // Where the set-up dice come from; nullptr = the campaign's seeded generator. A manual source lets players
    // roll real dice; the seed still starts the generator used afterwards.
    dice::Source* dice = nullptr;
    // Runs inside the creating transaction once the campaign is loaded, e.g. to set the sides' passphrases; an
    // error it returns refuses the campaign like any other, and nothing is left behind.
    std::function<core::IssueList(CampaignStore&)> finish;

    // The campaign file and its map as text (UTF-8), instead of reading scenarioPath and the map it names: how
    // `campaign replay` rebuilds a campaign from its command log. The file names are used in messages and the log.
    struct Contents {
        std::string scenarioFile, scenarioText;
        std::string mapFile, mapText;
    };
    std::optional<Contents> contents;
    // Passphrase hashes (who -> Argon2id hash string, docs/secrecy-auth.md) stored as they are, as a replay does.
    std::map<std::string, std::string> credentialHashes;
};

// The command log's first row ("campaign.new") holds every input of the set-up: the campaign file and its map as
// text, the seed, the options given, the set-up dice when they were not the seeded generator's, and the passphrase
// hashes set with it (never a passphrase). Its arguments read back, or nothing and why not.
struct LoggedNewCampaign {
    NewCampaignRequest request;             // contents, seed, options and passphrase hashes (dbPath and dice left to the caller)
    std::optional<std::vector<int>> faces;  // the set-up dice, in order, when they were not the seeded generator's
    std::string diceKind = "seeded";        // where they came from ("manual": typed in)
};
std::optional<LoggedNewCampaign> newCampaignFromLog(const std::string& argsJson, std::string& problem);

struct NewCampaignResult {
    bool ok = false;
    core::IssueList issues;  // why it refused, or warnings
    std::string summary;     // one line for the user
};

// Validates everything first; the database file appears only when everything succeeded.
NewCampaignResult createCampaign(const NewCampaignRequest& request);

}  // namespace etatmajor::db
