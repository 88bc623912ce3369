// Private: the SQLiteCpp handle behind CampaignStore, for the core's db modules.
#pragma once

#include "etatmajor/db/campaign_store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

namespace etatmajor::db {

class StoreRollLog final : public dice::LogSink {
public:
    explicit StoreRollLog(SQLite::Database& db) : m_db(db) {}
    void record(const dice::RollRecord& r) override;
    void annotate(std::int64_t sequence, const std::string& effect) override;

private:
    SQLite::Database& m_db;
};

struct CampaignStore::Impl {
    Impl(const std::string& path, int flags) : db(path, flags), log(db) {}
    SQLite::Database db;
    StoreRollLog log;
};

// Schema migrations (schema.cpp). Version n's script takes a database at n-1 to n. Never renumbered.
void migrate(SQLite::Database& db);
void configure(SQLite::Database& db, bool readOnly);

}  // namespace etatmajor::db
