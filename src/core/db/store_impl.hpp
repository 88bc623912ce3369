// SPDX-License-Identifier: GPL-3.0-or-later
// Private: the SQLiteCpp handle behind CampaignStore, for the core's db modules.
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/map/map.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sodium.h>
#include <sqlite3.h>

#include <array>
#include <cstdint>
#include <exception>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::db {

// How long a connection waits for another program's transaction, in milliseconds: ETATMAJOR_BUSY_TIMEOUT_MS when
// set (a whole number), else 30 s. Throws StoreError (DB-BUSY-TIMEOUT) for a value that is not a whole number.
int busyTimeoutMs();
// The flags a store's connection is opened with: `flags` without SQLite's connection mutex (see Impl).
int connectionFlags(int flags);

class StoreRollLog final : public dice::LogSink {
public:
    explicit StoreRollLog(SQLite::Database& db) : m_db(db) {}
    void record(const dice::RollRecord& r) override;
    void annotate(std::int64_t sequence, const std::string& effect) override;

private:
    SQLite::Database& m_db;
};

// What this connection has changed since it began tracking changes (DigestCache::startTracking), told by SQLite's
// pre-update hook (CampaignStore::Impl), which reports every row inserted, updated or deleted, REPLACE's deletions
// included, with the table's name and the row's rowid:
// - per table, how many rows changed: the state store's cache (state_store.cpp) compares these counts to know which
//   tables changed since it read them;
// - per table, the lowest rowid changed since the last checksum was taken (the lowest 64-bit number when the table
//   has no rowid column to resume from), for the checksum to hash only what changed (recordStateChecksum).
// A transaction that rolls back leaves its marks: a table marked and unchanged is only hashed again.
struct TableChanges {
    std::vector<std::uint64_t> counts;              // by the number given in `index`
    std::map<std::string, int, std::less<>> index;  // table name -> number
    std::vector<bool> byRowid;                      // by number: the table's rowid is a column (Layout::rowidColumn)
    std::map<int, std::int64_t> dirtyFrom;          // by number: the lowest rowid changed since the last checksum
    bool live = false;                              // changes are tracked (from startTracking on)
    bool off = false;                               // CampaignStore::disableCaches
    // The table's count, or nothing when its changes are not tracked.
    std::optional<std::uint64_t> count(std::string_view table) const {
        if (!live || off) return std::nullopt;
        const auto it = index.find(table);
        if (it == index.end()) return std::nullopt;
        return counts[static_cast<std::size_t>(it->second)];
    }
    // A row of `table` changed (op: SQLITE_INSERT, SQLITE_UPDATE or SQLITE_DELETE; the keys as the hook gives them).
    void touch(std::string_view table, int op, std::int64_t oldKey, std::int64_t newKey);
};

// The parts of the campaign state as last read from the database (state_store.cpp), each with the change counts of
// the tables it was read from. A part is read again when one of its tables changed since; everything is dropped when
// another connection commits (data_version), when a transaction of this one rolls back, or while changes are not
// tracked.
struct StateCache {
    template <typename T>
    struct Part {
        std::optional<T> value;
        std::vector<std::uint64_t> stamp;
    };
    Part<campaign::Options> options;
    Part<map::Map> map;  // with the crossings laid in the campaign
    Part<std::vector<campaign::SideState>> sides;
    Part<std::vector<campaign::FormationState>> formations;
    Part<std::vector<campaign::GeneralState>> generals;
    Part<std::vector<campaign::UnitState>> units;
    Part<std::vector<campaign::MeState>> mes;
    Part<std::vector<campaign::UrbanState>> urban;
    Part<std::vector<campaign::ObjectiveState>> objectives;
    // Per table saveState writes, the values it last left in each row (one record per row, made by state_store.cpp's
    // Row from the values it bound) and the table's change count after it wrote: while the count stands there, a row
    // whose values are the same need not be written again.
    struct Written {
        std::vector<std::string> rows;
        std::uint64_t count = 0;
    };
    std::map<std::string, Written, std::less<>> written;
    std::int64_t dataVersion = -1;
};

// What a writing connection knows of the digests of the tables it last checksummed (state_checksum.cpp), so that a
// transaction hashes only the tables it changed, and of an append-only log only the rows it added. Changes are
// tracked by SQLite's pre-update hook of the connection (TableChanges; nothing is written to the file); a commit by
// another connection (data_version) or a change of the tables (schema_version) makes it start again from scratch.
struct DigestCache {
    struct Table {
        crypto_generichash_state state{};        // after every row up to lastRowid
        std::int64_t lastRowid = 0;              // for a table ordered by its rowid
        std::array<unsigned char, 32> digest{};  // of every row
    };
    // A table as the digest reads it.
    struct Layout {
        std::string name;
        std::vector<std::string> columns;
        std::string order;     // ORDER BY of the canonical row order
        int rowidColumn = -1;  // the column that is the rowid (a lone INTEGER PRIMARY KEY of a rowid table), else -1
    };
    std::vector<Layout> layout;
    std::map<std::string, Table> tables;
    bool tracking = false;
    std::int64_t schemaVersion = 0, dataVersion = 0;
    // Digests taken by the check of the campaign when it was opened (on another connection): good for this
    // connection's first write only if the latest stored checksum is still the one the check compared them with (no
    // command committed in between), which the first transaction verifies before it starts tracking.
    struct Seed {
        std::int64_t seq = 0;
        std::string digest;
    };
    std::optional<Seed> seed;
    // Begins marking the tables changed from now on in `changes` (after a commit that left `tables` the digests of
    // every table as committed), with the tables of `layout` numbered there.
    void startTracking(TableChanges& changes);
};

struct CampaignStore::Impl {
    // Every connection waits for another program's write transaction to end (busyTimeoutMs) rather than failing.
    // A store is used by one thread at a time (a server holds each campaign's lock while it uses its store), so the
    // connection is opened without SQLite's own mutex, which every call would otherwise take and release.
    Impl(const std::string& path_, int flags);
    std::string path;  // as the caller named it, for messages
    SQLite::Database db;
    StoreRollLog log;
    DigestCache digests;
    TableChanges changes;
    StateCache stateCache;
    // The map as last parsed, with the source text it was parsed from: the map of a campaign never changes (laid
    // crossings are kept apart, state_store.cpp), so each phase of an `advance` copies it instead of parsing the
    // XML again (performance.md P2). Compared by the whole text, so a database edited under us is parsed afresh; the
    // text is read again only after another connection has committed (data_version), since this one writes the map
    // only when it creates the campaign, before any map is parsed.
    std::string mapSource;
    std::optional<map::Map> mapParsed;
    std::int64_t mapDataVersion = -1;
    int depth = 0;         // transactions open on this connection: an inner one joins the outer
    bool scratch = false;  // a copy for trying commands (scratchCopy): no checksums
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

// The phase a campaign stands at, from campaign.current_phase (state_store.cpp). Throws StoreError DB-CORRUPT, naming
// the value, for text that is no phase of the turn: the file was edited or damaged.
campaign::Phase storedPhase(const std::string& id);

// Schema migrations (schema.cpp). Version n's script takes a database at n-1 to n. Never renumbered.
void migrate(SQLite::Database& db);
void configure(SQLite::Database& db, bool readOnly);
// What differs between the file's tables and columns and those the migrations give at `version`; empty when they
// agree (or the version is not one of the migrations').
std::vector<std::string> schemaProblems(SQLite::Database& db, int version);

// Checksums of the state (state_checksum.cpp). The first schema version that keeps them:
constexpr int kFirstChecksumVersion = 14;
// The digest of every table but state_checksum, as hex (what db::stateDigest returns).
std::string computeStateDigest(SQLite::Database& db);
// Records the digest of the state at the campaign's current save point (inside the caller's write transaction); does
// nothing while the database holds no campaign. With a tracking cache and the connection's changes, hashes only the
// tables changed since; without, everything. Returns the cache to keep once the transaction has committed (never
// before: a rolled-back transaction must not leave it ahead), when the caller also clears the changes' marks.
std::optional<DigestCache> recordStateChecksum(SQLite::Database& db, const DigestCache* cache = nullptr,
                                               const TableChanges* changes = nullptr);
// The latest stored checksum against the state, in one read snapshot. With `seed`, and when the check passes, fills
// it with the digests of every table it hashed and the checksum row it compared them with (DigestCache::seed), for a
// writing connection opened next to start from instead of hashing everything again.
StateCheck checkStateOf(SQLite::Database& db, DigestCache* seed = nullptr);
// On a connection holding a seeded cache, at the start of its first write transaction: keeps the seed and starts
// tracking when the latest stored checksum is still the seed's, else drops it (everything is hashed at the commit).
// Returns whether tracking was started here (undone if the transaction rolls back).
bool adoptDigestSeed(SQLite::Database& db, DigestCache& cache, TableChanges& changes);

// The campaign's chain (chain.cpp): appends the record of the transaction about to commit, whose state digest is
// `state`, when it logged commands since the last record; nothing on a database without the chain's table.
void appendChainRecord(SQLite::Database& db, const std::string& state);

}  // namespace etatmajor::db
