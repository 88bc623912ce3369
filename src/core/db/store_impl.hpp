// Private: the SQLiteCpp handle behind CampaignStore, for the core's db modules.
#pragma once

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/hex/offset.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <optional>

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

// The offset system of the campaign's map (its orientation and parity), without loading the map.
hex::OffsetSystem offsetSystem(SQLite::Database& db);

// Whose die a roll is, by its subject as the database stands now (docs/secrecy.md): the side of the ME, unit,
// general or decoy it names, the side itself, or the side holding the town it names; "" for a public roll (no
// subject, or a climate region's weather). A misstated count (§8.6.3, G-38) is the informing side's die, so the side
// told the count never learns by how much it was misstated.
std::string rollOwnerNow(SQLite::Database& db, const std::string& subject, const std::string& purpose);
// The same, or nothing when the subject names nothing in the database (yet).
std::optional<std::string> knownRollOwner(SQLite::Database& db, const std::string& subject, const std::string& purpose);

// Schema migrations (schema.cpp). Version n's script takes a database at n-1 to n. Never renumbered.
void migrate(SQLite::Database& db);
void configure(SQLite::Database& db, bool readOnly);

}  // namespace etatmajor::db
