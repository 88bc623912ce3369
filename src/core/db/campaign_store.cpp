// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_checksum.hpp"

#include "etatmajor/io/map_xml.hpp"
#include "store_impl.hpp"

#include <array>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace etatmajor::db {

namespace {
std::int64_t toSigned(std::uint64_t v) {
    std::int64_t s;
    std::memcpy(&s, &v, sizeof s);
    return s;
}
std::uint64_t toUnsigned(std::int64_t v) {
    std::uint64_t u;
    std::memcpy(&u, &v, sizeof u);
    return u;
}
std::string joinFaces(const std::vector<int>& faces) {
    std::string s;
    for (int f : faces) s += (s.empty() ? "" : " ") + std::to_string(f);
    return s;
}
std::vector<int> splitFaces(const std::string& s) {
    std::istringstream in(s);
    std::vector<int> out;
    for (int f; in >> f;) out.push_back(f);
    return out;
}
}  // namespace

hex::OffsetSystem offsetSystem(SQLite::Database& db) {
    SQLite::Statement q(db, "SELECT orientation, parity FROM map_meta WHERE id = 1");
    if (!q.executeStep()) throw StoreError("DB-CORRUPT", "the campaign database has no map");
    return {q.getColumn(0).getString() == "flat" ? hex::Orientation::Flat : hex::Orientation::Pointy,
            q.getColumn(1).getString() == "even" ? hex::OffsetParity::Even : hex::OffsetParity::Odd};
}

std::string rollOwnerNow(SQLite::Database& db, const std::string& subject, const std::string& purpose) {
    return knownRollOwner(db, subject, purpose).value_or("");
}

std::optional<std::string> knownRollOwner(SQLite::Database& db, const std::string& subject, const std::string& purpose) {
    if (subject.empty()) return std::string();
    std::string owner;
    SQLite::Statement q(db, "SELECT side_id FROM me WHERE id = ?1 UNION ALL SELECT side_id FROM unit WHERE id = ?1 "
                            "UNION ALL SELECT side_id FROM general WHERE id = ?1 UNION ALL SELECT side_id FROM decoy WHERE id = ?1 "
                            "UNION ALL SELECT id FROM side WHERE id = ?1 "
                            "UNION ALL SELECT COALESCE(controller, '') FROM urban_area WHERE id = ?1 LIMIT 1");
    q.bind(1, subject);
    if (!q.executeStep()) return std::nullopt;  // not (yet) in the database: a climate region (G-102), or a set-up roll
    owner = q.getColumn(0).getString();
    if (purpose.rfind("misstated count", 0) == 0 && !owner.empty()) {  // §8.6.3, G-38: the informing side's die
        SQLite::Statement e(db, "SELECT id FROM side WHERE id <> ? ORDER BY ord LIMIT 1");
        e.bind(1, owner);
        if (e.executeStep()) owner = e.getColumn(0).getString();
    }
    return owner;
}

void StoreRollLog::record(const dice::RollRecord& r) {
    SQLite::Statement q(m_db, "INSERT INTO event_log (seq, week, day, phase, subject, purpose, rule, expression, faces, modifier, "
                              "result, effect, side) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)");
    q.bind(1, static_cast<std::int64_t>(r.sequence));
    q.bind(2, r.week);
    q.bind(3, r.day);
    q.bind(4, r.phase);
    q.bind(5, r.subject);
    q.bind(6, r.purpose);
    q.bind(7, r.rule);
    q.bind(8, r.expression);
    q.bind(9, joinFaces(r.faces));
    q.bind(10, r.modifier);
    q.bind(11, r.result);
    q.bind(12, r.effect);
    // Whose die, fixed when it is rolled; left NULL when its subject is not in the database yet (a general rated while
    // the campaign is being set up), and then worked out when it is read.
    const auto owner = r.side ? r.side : knownRollOwner(m_db, r.subject, r.purpose);
    if (owner) q.bind(13, *owner);
    else q.bind(13);
    q.exec();
}

void StoreRollLog::annotate(std::int64_t sequence, const std::string& effect) {
    SQLite::Statement q(m_db, "UPDATE event_log SET effect = ? WHERE seq = ?");
    q.bind(1, effect);
    q.bind(2, static_cast<std::int64_t>(sequence));
    q.exec();
}

CampaignStore::CampaignStore(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
CampaignStore::~CampaignStore() = default;
CampaignStore::CampaignStore(CampaignStore&&) noexcept = default;
CampaignStore& CampaignStore::operator=(CampaignStore&&) noexcept = default;

CampaignStore CampaignStore::create(const std::string& path) {
    if (path != ":memory:" && std::filesystem::exists(path))
        throw StoreError("DB-EXISTS", "'" + path + "' already exists; choose another file or remove it first");
    try {
        auto impl = std::make_unique<Impl>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        configure(impl->db, false);
        migrate(impl->db);
        return CampaignStore(std::move(impl));
    } catch (const SQLite::Exception& e) {
        if (auto mine = storeErrorOf(e, path); mine && mine->code() == "DB-BUSY") throw *mine;
        throw StoreError("DB-CREATE", "cannot create the campaign database '" + path + "': " + e.what());
    }
}

namespace {

constexpr std::size_t kHeaderBytes = 100;
constexpr char kSqliteMagic[] = "SQLite format 3";  // and its terminating zero: the first 16 bytes of the file

std::uint32_t bigEndian(const unsigned char* p, int n) {
    std::uint32_t v = 0;
    for (int i = 0; i < n; ++i) v = (v << 8) | p[i];
    return v;
}

std::string shortened(std::string s, std::size_t most = 80) {
    if (s.size() > most) s = s.substr(0, most - 3) + "...";
    return s;
}

// What the file is before SQLite reads it: refuses, naming the file, what is empty, not SQLite at all, or cut short.
// Reads only; nothing is created or written.
void checkFileBytes(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_directory(path, ec)) throw StoreError("DB-NOT-CAMPAIGN", "'" + path + "' is a directory, not a campaign database");
    const auto size = fs::file_size(path, ec);
    if (ec) throw StoreError("DB-IO", "'" + path + "' cannot be read: " + ec.message());
    if (size == 0) throw StoreError("DB-NOT-CAMPAIGN", "'" + path + "' is empty (0 bytes), not a campaign database");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw StoreError("DB-IO", "'" + path + "' cannot be read");
    std::array<unsigned char, kHeaderBytes> header{};
    in.read(reinterpret_cast<char*>(header.data()), static_cast<std::streamsize>(header.size()));
    const auto got = static_cast<std::size_t>(in.gcount());
    if (got < sizeof kSqliteMagic || std::memcmp(header.data(), kSqliteMagic, sizeof kSqliteMagic) != 0)
        throw StoreError("DB-NOT-CAMPAIGN", "'" + path + "' is not a campaign database: it is not an SQLite file at all (" +
                                                std::to_string(size) +
                                                " bytes; a campaign whose first bytes were overwritten "
                                                "looks the same)");
    if (got < kHeaderBytes)
        throw StoreError("DB-CORRUPT", "'" + path + "' is truncated: " + std::to_string(size) +
                                           " bytes, shorter than the 100-byte header of an SQLite database");
    std::uint32_t pageSize = bigEndian(header.data() + 16, 2);
    if (pageSize == 1) pageSize = 65536;
    if (pageSize < 512 || (pageSize & (pageSize - 1)) != 0)
        throw StoreError("DB-CORRUPT", "'" + path + "' is damaged: its header gives no valid page size");
    if (size % pageSize != 0)
        throw StoreError("DB-CORRUPT", "'" + path + "' is truncated or damaged: its " + std::to_string(size) +
                                           " bytes are not a whole number of its " + std::to_string(pageSize) + "-byte pages");
    // The page count in the header is valid when the "version valid for" number matches the change counter. While a
    // write-ahead log holds changes, the file may legitimately lag; without one it must hold every page.
    const bool countValid = bigEndian(header.data() + 92, 4) == bigEndian(header.data() + 24, 4);
    const std::uint64_t pages = bigEndian(header.data() + 28, 4);
    const auto walSize = fs::file_size(path + "-wal", ec);
    const bool walHolds = !ec && walSize > 0;
    // The file's size read again after the header and the log: another program's checkpoint may have grown the file,
    // rewritten the header and emptied the log since the size above was read. A checkpoint writes the pages before it
    // empties the log, so a log found empty here means the file now holds every page the header counts.
    const auto sizeNow = fs::file_size(path, ec);
    if (countValid && pages > 0 && !walHolds && !ec && sizeNow < pages * pageSize)
        throw StoreError("DB-CORRUPT", "'" + path + "' is truncated: it has " + std::to_string(sizeNow / pageSize) + " of its " +
                                           std::to_string(pages) + " pages (" + std::to_string(sizeNow) + " of " +
                                           std::to_string(pages * pageSize) + " bytes)");
}

// Everything that can be checked with a read-only connection before anything is written: the Etat-Major id, a schema
// version this program knows, SQLite's structural check, the tables the version calls for, a campaign in it, and (from
// the version that keeps them) the state against its checksum. Returns the schema version.
int checkCampaign(SQLite::Database& db, const std::string& path, CampaignStore::OpenCheck how, DigestCache* seed = nullptr) {
    const int appId = db.execAndGet("PRAGMA application_id").getInt();
    const int version = db.execAndGet("PRAGMA user_version").getInt();
    if (appId != kApplicationId) {
        const bool noTables = db.execAndGet("SELECT COUNT(*) FROM sqlite_master").getInt() == 0;
        if (appId == 0 && noTables)
            throw StoreError("DB-NOT-CAMPAIGN", "'" + path + "' is an empty SQLite database, not a campaign database");
        throw StoreError("DB-NOT-CAMPAIGN", "'" + path + "' is an SQLite database but not an Etat-Major campaign");
    }
    if (version < 0)
        throw StoreError("DB-CORRUPT", "'" + path + "' has schema version " + std::to_string(version) +
                                           ", which no Etat-Major program writes: its header is damaged or was edited");
    if (version == 0)
        throw StoreError("DB-NOT-CAMPAIGN", "'" + path + "' carries the Etat-Major id but holds no campaign (schema version 0)");
    if (version > latestSchemaVersion())
        throw StoreError("DB-TOO-NEW", "'" + path + "' has schema version " + std::to_string(version) +
                                           ", newer than this program understands (" + std::to_string(latestSchemaVersion()) +
                                           "); update Etat-Major");
    {
        SQLite::Statement q(db, "PRAGMA quick_check(5)");
        std::string found;
        while (q.executeStep()) {
            const std::string line = q.getColumn(0).getString();
            if (line == "ok") break;
            found += (found.empty() ? "" : "; ") + shortened(line);
        }
        if (!found.empty()) throw StoreError("DB-CORRUPT", "'" + path + "' is damaged: " + found);
    }
    // The tables must be those of the version before a migration is run over them. At the latest version the state's
    // checksum covers every table and column name, so a table changed outside Etat-Major shows there; the tables
    // are compared only when the checksums' own table is missing, for a message that says what happened.
    const bool checksums =
        db.execAndGet("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'state_checksum'").getInt() > 0;
    // `campaign check` opens without comparing the checksum (it reports that itself), so it compares the tables: a
    // renamed column would otherwise reach the reader of that table as a raw SQLite message.
    const bool compare = version < latestSchemaVersion() || (version >= kFirstChecksumVersion && !checksums) ||
                         how == CampaignStore::OpenCheck::SkipChecksum;
    if (const auto problems = compare ? schemaProblems(db, version) : std::vector<std::string>{}; !problems.empty()) {
        std::string text;
        for (std::size_t i = 0; i < problems.size() && i < 3; ++i) text += (i ? "; " : "") + problems[i];
        if (problems.size() > 3) text += "; and " + std::to_string(problems.size() - 3) + " more";
        throw StoreError("DB-CORRUPT", "'" + path + "' says it has schema version " + std::to_string(version) + ", but " + text +
                                           ": its header or its tables were changed outside Etat-Major, so it is not upgraded");
    }
    if (db.execAndGet("SELECT COUNT(*) FROM campaign WHERE id = 1").getInt() == 0)
        throw StoreError("DB-NOT-CAMPAIGN", "'" + path + "' holds no campaign (its tables are empty)");
    if (version >= kFirstChecksumVersion && how == CampaignStore::OpenCheck::Full) {
        const auto c = checkStateOf(db, seed);
        if (!c.ok)
            throw StoreError("DB-CHECKSUM", "'" + path + "': " + c.problem + " ('campaign check --db " + path + "' tells more)");
    }
    return version;
}

}  // namespace

CampaignStore CampaignStore::open(const std::string& path, bool readOnly, OpenCheck how) {
    if (!std::filesystem::exists(path)) throw StoreError("DB-NOT-FOUND", "no campaign database at '" + path + "'");
    try {
        checkFileBytes(path);
        // Checked first through a read-only connection, so a file that is not a sound campaign is refused unchanged.
        auto reader = std::make_unique<Impl>(path, SQLite::OPEN_READONLY);
        // The digests the check takes are kept for the writing connection (DigestCache::seed), so that its first
        // write hashes only what it changes instead of every table again (performance.md P2).
        DigestCache seed;
        const int version = checkCampaign(reader->db, path, how, readOnly ? nullptr : &seed);
        if (readOnly && version == latestSchemaVersion()) {
            configure(reader->db, true);
            return CampaignStore(std::move(reader));
        }
        reader.reset();
        // Now known to be a campaign: WAL and full sync are set, and a campaign written by an older program is
        // upgraded in place (one transaction per schema version, never renumbered) the first time it is opened, even
        // by a command that only reads; then it is read as asked.
        auto writer = std::make_unique<Impl>(path, SQLite::OPEN_READWRITE);
        try {
            configure(writer->db, false);
            migrate(writer->db);
        } catch (const SQLite::Exception& e) {
            if (version < latestSchemaVersion() && e.getErrorCode() == SQLITE_READONLY)
                throw StoreError("DB-OLD", "'" + path + "' has schema version " + std::to_string(version) +
                                               " and cannot be upgraded to " + std::to_string(latestSchemaVersion()) +
                                               ": the file or its directory is read-only");
            throw;
        }
        if (!readOnly) {
            if (seed.seed && version == latestSchemaVersion()) {
                seed.dataVersion = writer->db.execAndGet("PRAGMA data_version").getInt64();
                writer->digests = std::move(seed);
            }
            return CampaignStore(std::move(writer));
        }
        writer.reset();
        return open(path, true, how);
    } catch (const SQLite::Exception& e) {
        if (auto mine = storeErrorOf(e, path)) throw *mine;
        throw StoreError("DB-CORRUPT", "'" + path + "' is not a readable campaign database (" + shortened(e.what()) + ")");
    }
}

namespace {
// SQLite's pre-update hook: every row this connection inserts, updates or deletes, before it does (TableChanges).
void changed(void* context, sqlite3*, int op, const char* database, const char* table, sqlite3_int64 oldKey, sqlite3_int64 newKey) {
    if (std::strcmp(database, "main") == 0) static_cast<TableChanges*>(context)->touch(table, op, oldKey, newKey);
}
}  // namespace

CampaignStore::Impl::Impl(const std::string& path_, int flags)
    : path(path_), db(path_, connectionFlags(flags), busyTimeoutMs()), log(db) {
    sqlite3_preupdate_hook(db.getHandle(), changed, &changes);
}

int connectionFlags(int flags) {
    // SQLite counts its memory under a global mutex unless told otherwise before its first use; nothing here reads the
    // count. When another part of the program used SQLite first, the call is refused, which changes only the speed.
    static const bool countless = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
    (void)countless;
    return flags | SQLite::OPEN_NOMUTEX;
}

int busyTimeoutMs() {
    constexpr int kDefault = 30000;
    const char* text = std::getenv("ETATMAJOR_BUSY_TIMEOUT_MS");
    if (text == nullptr || *text == '\0') return kDefault;
    const std::string s(text);
    long long v = 0;
    for (char c : s) {
        if (c < '0' || c > '9' || v > 86400000) {
            v = -1;
            break;
        }
        v = v * 10 + (c - '0');
    }
    if (v < 0 || v > 86400000)
        throw StoreError("DB-BUSY-TIMEOUT",
                         "ETATMAJOR_BUSY_TIMEOUT_MS must be a whole number of milliseconds from 0 to 86400000, not '" +
                             shortened(s, 40) + "'");
    return static_cast<int>(v);
}

std::optional<StoreError> storeErrorOf(const std::exception& e, const std::string& path) {
    if (const auto* mine = dynamic_cast<const StoreError*>(&e)) return *mine;
    const auto* sql = dynamic_cast<const SQLite::Exception*>(&e);
    if (!sql) return std::nullopt;
    switch (sql->getErrorCode()) {
        case SQLITE_BUSY:
        case SQLITE_LOCKED: {
            const int ms = busyTimeoutMs();
            return StoreError("DB-BUSY", "campaign '" + path + "' in use by another command; try again (waited " +
                                             (ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms") +
                                             "; ETATMAJOR_BUSY_TIMEOUT_MS sets how long)");
        }
        case SQLITE_CORRUPT:
        case SQLITE_NOTADB: return StoreError("DB-CORRUPT", "'" + path + "' is damaged: SQLite found pages that are not well-formed");
        case SQLITE_READONLY:
        case SQLITE_PERM: return StoreError("DB-READONLY", "'" + path + "' cannot be written: the file or its directory is read-only");
        case SQLITE_FULL: return StoreError("DB-FULL", "'" + path + "' cannot be written: the disk is full");
        case SQLITE_IOERR:
        case SQLITE_CANTOPEN: return StoreError("DB-IO", "'" + path + "' could not be read or written (an input/output error)");
        default: return std::nullopt;
    }
}

int CampaignStore::schemaVersion() const { return m_impl->db.execAndGet("PRAGMA user_version").getInt(); }

void CampaignStore::transaction(const std::function<void()>& f) {
    auto& db = m_impl->db;
    if (m_impl->depth > 0) {  // inside a transaction already: part of it
        f();
        return;
    }
    struct Depth {
        int& d;
        explicit Depth(int& x) : d(x) { ++d; }
        ~Depth() { --d; }
    } depth(m_impl->depth);
    try {
        // Begun as a write transaction at once: a command that reads and then writes queues behind another program's
        // write instead of failing when it would upgrade its read lock. The state's checksum is taken last, inside
        // the same transaction, so it always describes what is committed.
        SQLite::Transaction t(db, SQLite::TransactionBehavior::IMMEDIATE);
        // Tracking begun here belongs to the transaction: undone with it if it rolls back.
        // A transaction that rolls back leaves the state cache (state_store.cpp) ahead of the file: it is dropped.
        struct Adopted {
            Impl& impl;
            int unwinding = std::uncaught_exceptions();
            bool started = false;
            ~Adopted() {
                if (std::uncaught_exceptions() <= unwinding) return;
                impl.stateCache = StateCache{};
                if (started) {
                    impl.digests = DigestCache{};
                    impl.changes.live = false;
                }
            }
        } adopted{*m_impl};
        if (!m_impl->scratch && !m_impl->changes.off) adopted.started = adoptDigestSeed(db, m_impl->digests, m_impl->changes);
        const auto before = sqlite3_total_changes64(db.getHandle());
        f();
        std::optional<DigestCache> next;
        if (sqlite3_total_changes64(db.getHandle()) != before && !m_impl->scratch)
            next = recordStateChecksum(db, m_impl->changes.off ? nullptr : &m_impl->digests, &m_impl->changes);
        t.commit();
        if (next) {
            // The marks are cleared once the digests they were taken against are committed: a commit that fails keeps
            // them, for the cache still in place.
            m_impl->digests = std::move(*next);
            m_impl->changes.dirtyFrom.clear();
            if (!m_impl->digests.tracking && !m_impl->changes.off) m_impl->digests.startTracking(m_impl->changes);
        }
    } catch (const SQLite::Exception& e) {
        // Busy past the timeout, or damage found on the way, as the campaign's own errors. Other SQLite failures
        // (a read-only file) are left to the caller, which may expect them.
        switch (e.getErrorCode()) {
            case SQLITE_BUSY:
            case SQLITE_LOCKED:
            case SQLITE_CORRUPT:
            case SQLITE_NOTADB:
            case SQLITE_FULL:
            case SQLITE_IOERR: throw *storeErrorOf(e, m_impl->path);
            default: throw;
        }
    }
}

void CampaignStore::disableCaches() {
    m_impl->changes.off = true;
    m_impl->digests = DigestCache{};
    m_impl->stateCache = StateCache{};
}

CampaignInfo CampaignStore::info() const {
    SQLite::Statement q(m_impl->db,
                        "SELECT scenario_id, name, theatre, year, length_weeks, start_season, season_week, start_date, seed, "
                        "current_week, current_day, current_phase, map_id FROM campaign WHERE id = 1");
    if (!q.executeStep()) throw StoreError("DB-EMPTY", "the campaign database holds no campaign");
    CampaignInfo i;
    i.scenarioId = q.getColumn(0).getString();
    i.name = q.getColumn(1).getString();
    i.theatre = q.getColumn(2).getString();
    i.year = q.getColumn(3).getInt();
    i.lengthWeeks = q.getColumn(4).getInt();
    i.startSeason = q.getColumn(5).getString();
    i.seasonWeek = q.getColumn(6).getInt();
    i.startDate = q.getColumn(7).getString();
    i.seed = toUnsigned(q.getColumn(8).getInt64());
    i.week = q.getColumn(9).getInt();
    i.day = q.getColumn(10).getInt();
    i.phase = storedPhase(q.getColumn(11).getString());
    i.mapId = q.getColumn(12).getString();
    return i;
}

campaign::Options CampaignStore::options() const {
    campaign::Options o;
    SQLite::Statement q(m_impl->db, "SELECT key, value FROM campaign_option ORDER BY key");
    while (q.executeStep()) {
        // A key this version no longer knows is ignored; a bad value of a known key is a damaged database.
        const std::string key = q.getColumn(0).getString();
        if (!campaign::findOption(key)) continue;
        if (auto err = o.set(key, q.getColumn(1).getString())) throw StoreError("DB-CORRUPT", *err);
    }
    return o;
}

map::Map CampaignStore::loadMap() const {
    // The map is stored both as tables (for queries) and as its source XML (for an exact round trip).
    const auto dataVersion = m_impl->db.execAndGet("PRAGMA data_version").getInt64();
    if (m_impl->mapParsed && dataVersion == m_impl->mapDataVersion) return *m_impl->mapParsed;
    SQLite::Statement q(m_impl->db, "SELECT source_xml FROM map_meta WHERE id = 1");
    if (!q.executeStep()) throw StoreError("DB-CORRUPT", "the campaign database has no map");
    const auto column = q.getColumn(0);
    const std::string_view source(static_cast<const char*>(column.getBlob()), static_cast<std::size_t>(column.getBytes()));
    if (!m_impl->mapParsed || source != m_impl->mapSource) {
        m_impl->mapParsed.reset();
        m_impl->mapSource.assign(source);
        m_impl->mapParsed = io::readMapString(m_impl->mapSource, "(campaign map)").map;
    }
    m_impl->mapDataVersion = dataVersion;
    return *m_impl->mapParsed;
}

std::uint64_t CampaignStore::rngState() const {
    return toUnsigned(m_impl->db.execAndGet("SELECT rng_state FROM campaign WHERE id = 1").getInt64());
}

void CampaignStore::setRngState(std::uint64_t state) {
    SQLite::Statement q(m_impl->db, "UPDATE campaign SET rng_state = ? WHERE id = 1");
    q.bind(1, static_cast<std::int64_t>(toSigned(state)));
    q.exec();
}

std::int64_t CampaignStore::nextRollSequence() const {
    return m_impl->db.execAndGet("SELECT COALESCE(MAX(seq), 0) + 1 FROM event_log").getInt64();
}

dice::LogSink& CampaignStore::rollLog() { return m_impl->log; }

std::vector<dice::RollRecord> CampaignStore::rolls() const {
    std::vector<dice::RollRecord> out;
    SQLite::Statement q(m_impl->db,
                        "SELECT seq, week, day, phase, subject, purpose, rule, expression, faces, modifier, result, effect, side "
                        "FROM event_log ORDER BY seq");
    while (q.executeStep()) {
        dice::RollRecord r;
        r.sequence = q.getColumn(0).getInt64();
        r.week = q.getColumn(1).getInt();
        r.day = q.getColumn(2).getInt();
        r.phase = q.getColumn(3).getString();
        r.subject = q.getColumn(4).getString();
        r.purpose = q.getColumn(5).getString();
        r.rule = q.getColumn(6).getString();
        r.expression = q.getColumn(7).getString();
        r.faces = splitFaces(q.getColumn(8).getString());
        r.modifier = q.getColumn(9).getInt();
        r.result = q.getColumn(10).getInt();
        r.effect = q.getColumn(11).getString();
        if (!q.getColumn(12).isNull()) r.side = q.getColumn(12).getString();
        out.push_back(std::move(r));
    }
    return out;
}

std::int64_t CampaignStore::logCommand(const std::string& name, const std::string& argsJson, const std::string& resultJson) {
    SQLite::Statement q(m_impl->db, "INSERT INTO command_log (name, args, result, week, day, phase, format) "
                                    "SELECT ?, ?, ?, current_week, current_day, current_phase, ? FROM campaign WHERE id = 1");
    q.bind(1, name);
    q.bind(2, argsJson);
    q.bind(3, resultJson);
    q.bind(4, kCommandLogFormat);
    q.exec();
    return m_impl->db.getLastInsertRowid();
}

std::vector<CommandLogRow> CampaignStore::commandLog() const {
    std::vector<CommandLogRow> out;
    SQLite::Statement q(m_impl->db, "SELECT seq, name, args, result, week, day, phase, format FROM command_log ORDER BY seq");
    while (q.executeStep()) {
        CommandLogRow r;
        r.seq = q.getColumn(0).getInt64();
        r.name = q.getColumn(1).getString();
        r.args = q.getColumn(2).getString();
        r.result = q.getColumn(3).getString();
        r.week = q.getColumn(4).getInt();
        r.day = q.getColumn(5).getInt();
        r.phase = q.getColumn(6).getString();
        r.format = q.getColumn(7).getInt();
        out.push_back(std::move(r));
    }
    return out;
}

CampaignStore CampaignStore::scratchCopy() const {
    auto copy = std::make_unique<Impl>(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    sqlite3_backup* b = sqlite3_backup_init(copy->db.getHandle(), "main", m_impl->db.getHandle(), "main");
    if (!b) throw SQLite::Exception(copy->db.getHandle(), sqlite3_errcode(copy->db.getHandle()));
    const int rc = sqlite3_backup_step(b, -1);
    sqlite3_backup_finish(b);
    if (rc != SQLITE_DONE) throw SQLite::Exception(copy->db.getHandle(), rc);
    configure(copy->db, true);  // foreign keys; nothing of the copy needs to survive a crash
    copy->scratch = true;
    copy->path = m_impl->path;
    return CampaignStore(std::move(copy));
}

}  // namespace etatmajor::db
