// SPDX-License-Identifier: GPL-3.0-or-later
// A connection through which a test sets a case up by hand (moving MEs, changing counts) on a campaign database.
// When it closes, the host accepts the state as it stands, as `campaign check --accept` does: a change made outside
// Etat-Major is otherwise refused by the next command that opens the campaign (DB-CHECKSUM). Nothing is written when
// the state still matches its checksum.
#pragma once

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_checksum.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <string>

namespace etatmajor::test {

class RawEdit : public SQLite::Database {
public:
    explicit RawEdit(const std::string& path) : SQLite::Database(path, SQLite::OPEN_READWRITE), m_path(path) {}
    RawEdit(const RawEdit&) = delete;
    RawEdit& operator=(const RawEdit&) = delete;
    ~RawEdit() {
        auto store = db::CampaignStore::open(m_path, false, db::CampaignStore::OpenCheck::SkipChecksum);
        if (!db::checkState(store).ok) db::acceptState(store);
    }

private:
    std::string m_path;
};

}  // namespace etatmajor::test
