// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign database's schema versions (src/core/db/schema.cpp): one migration script per version, never
// renumbered nor edited once released (architecture §6).
#pragma once

#include <string_view>

namespace etatmajor::db {

// The script of migration `version` (1 .. latestSchemaVersion(), declared in campaign_store.hpp): it takes a campaign
// database from schema version `version - 1` to `version`. Empty for any other number. For tools and tests that need
// the tables of an older version; opening a campaign applies the scripts itself.
std::string_view migrationScript(int version);

}  // namespace etatmajor::db
