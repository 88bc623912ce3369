// The "campaign new" command: loads a scenario and its map into a new campaign database in one transaction.
#pragma once

#include "etatmajor/core/issue.hpp"
#include "etatmajor/dice/dice.hpp"

#include <cstdint>
#include <functional>
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
};

struct NewCampaignResult {
    bool ok = false;
    core::IssueList issues;  // why it refused, or warnings
    std::string summary;     // one line for the user
};

// Validates everything first; the database file appears only when everything succeeded.
NewCampaignResult createCampaign(const NewCampaignRequest& request);

}  // namespace etatmajor::db
