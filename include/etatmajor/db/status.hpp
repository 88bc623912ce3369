// Campaign status views: the host's full view, or one side's view (only what that side may know).
#pragma once

#include "etatmajor/db/campaign_store.hpp"

#include <optional>
#include <string>

namespace etatmajor::db {

// Throws StoreError (DB-UNKNOWN-SIDE) for a side the campaign does not have.
// The JSON document layout is described in docs/cli.md.
std::string statusJson(const CampaignStore& store, const std::optional<std::string>& side);
std::string statusText(const CampaignStore& store, const std::optional<std::string>& side);

std::string rollLogJson(const CampaignStore& store);
std::string rollLogText(const CampaignStore& store);

}  // namespace etatmajor::db
