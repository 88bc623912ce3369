// SPDX-License-Identifier: GPL-3.0-or-later
// Checksums of the campaign's state (docs/design.md "Checksums of the state").
#include "etatmajor/db/state_checksum.hpp"

#include "store_impl.hpp"

#include <nlohmann/json.hpp>
#include <sodium.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace etatmajor::db {

namespace {

constexpr std::size_t kDigestBytes = 32;  // BLAKE2b-256
constexpr std::size_t kFlushAt = 1 << 16;

// The canonical serialisation, version 1 (docs/design.md "Checksums of the state"):
//   state digest = BLAKE2b-256 of
//     "etatmajor-state-1", then per table, by name (every table but state_checksum, command_chain, chain_signature and
//     SQLite's own):
//     'T', its name, its column count, each column name, then the 32-byte table digest
//   table digest = BLAKE2b-256 of, per row in primary-key order (rowid order when the key is the rowid): 'R' and each
//     value: 'N' (null) | 'I' 8-byte little-endian two's complement | 'F' the 8 bytes of the IEEE double,
//     little-endian | 'S' text | 'B' blob
//   a name, text or blob is its length as 8 bytes little-endian, then its bytes; a count is 8 bytes little-endian.
// Hashing each table on its own lets a connection that wrote only a few tables, or only appended rows to a log, hash
// only what changed (DigestCache); the result is the same as hashing everything.
class Hasher {
public:
    Hasher() {
        if (sodium_init() < 0) throw std::runtime_error("the hashing library could not be initialised");
        crypto_generichash_init(&m_state, nullptr, 0, kDigestBytes);
    }
    void byte(char c) {
        room(1);
        m_buffer[m_used++] = static_cast<unsigned char>(c);
    }
    void u64(std::uint64_t v) {
        room(8);
        for (int i = 0; i < 8; ++i) m_buffer[m_used++] = static_cast<unsigned char>((v >> (8 * i)) & 0xFF);
    }
    void bytes(const void* data, std::size_t n) {
        u64(n);
        if (n > m_buffer.size() / 2) {  // a long text goes straight in
            flush();
            crypto_generichash_update(&m_state, static_cast<const unsigned char*>(data), n);
            return;
        }
        room(n);
        if (n > 0) std::memcpy(m_buffer.data() + m_used, data, n);
        m_used += n;
    }
    void text(const std::string& s) { bytes(s.data(), s.size()); }
    // The hash state after everything fed so far (to carry on from later).
    crypto_generichash_state state() {
        flush();
        return m_state;
    }
    void resume(const crypto_generichash_state& st) {
        m_used = 0;
        m_state = st;
    }
    std::array<unsigned char, kDigestBytes> raw() {
        flush();
        crypto_generichash_state copy = m_state;
        std::array<unsigned char, kDigestBytes> out{};
        crypto_generichash_final(&copy, out.data(), out.size());
        return out;
    }
    std::string hex() {
        static const char* digits = "0123456789abcdef";
        std::string h;
        for (unsigned char c : raw()) {
            h += digits[c >> 4];
            h += digits[c & 0x0F];
        }
        return h;
    }

private:
    void room(std::size_t n) {
        if (m_used + n > m_buffer.size()) flush();
    }
    void flush() {
        if (m_used > 0) crypto_generichash_update(&m_state, m_buffer.data(), m_used);
        m_used = 0;
    }
    crypto_generichash_state m_state{};
    std::array<unsigned char, kFlushAt> m_buffer{};
    std::size_t m_used = 0;
};

std::string quoted(const std::string& name) {
    std::string q = "\"";
    for (char c : name) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

bool hasChecksumTable(SQLite::Database& db) {
    return db.execAndGet("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'state_checksum'").getInt() > 0;
}

struct SavePoint {
    int week = 0, day = 0;
    std::string phase;
};

std::optional<SavePoint> currentSavePoint(SQLite::Database& db) {
    SQLite::Statement q(db, "SELECT current_week, current_day, current_phase FROM campaign WHERE id = 1");
    if (!q.executeStep()) return std::nullopt;
    return SavePoint{q.getColumn(0).getInt(), q.getColumn(1).getInt(), q.getColumn(2).getString()};
}

// Runs f in a read transaction (one snapshot of the file, whatever other programs commit meanwhile), unless the
// connection is inside a transaction already.
template <typename F>
auto snapshot(SQLite::Database& db, F f) {
    if (!sqlite3_get_autocommit(db.getHandle())) return f();
    SQLite::Transaction t(db, SQLite::TransactionBehavior::DEFERRED);
    auto r = f();
    t.commit();
    return r;
}

std::string digestSeeding(SQLite::Database& db, DigestCache* seed);

StateCheck check(SQLite::Database& db, DigestCache* seed) {
    StateCheck c;
    if (!hasChecksumTable(db)) {
        c.problem = "the campaign database keeps no checksum of its state (schema version " +
                    std::to_string(db.execAndGet("PRAGMA user_version").getInt()) + ")";
        return c;
    }
    SQLite::Statement q(db, "SELECT week, day, phase, algorithm, digest, seq FROM state_checksum ORDER BY seq DESC LIMIT 1");
    DigestCache taken;
    c.actualDigest = digestSeeding(db, seed ? &taken : nullptr);
    if (!q.executeStep()) {
        c.problem = "no checksum of the state is stored: the checksums were removed";
        if (!currentSavePoint(db)) c.problem = "the campaign database holds no campaign";
        return c;
    }
    c.stored = true;
    c.week = q.getColumn(0).getInt();
    c.day = q.getColumn(1).getInt();
    c.phase = q.getColumn(2).getString();
    const std::string algorithm = q.getColumn(3).getString();
    c.storedDigest = q.getColumn(4).getString();
    if (algorithm != kStateDigestAlgorithm) {
        c.problem = "the checksum of the state saved at " + c.savePoint() + " is of an unknown kind ('" + algorithm.substr(0, 40) +
                    "')";
        return c;
    }
    if (c.storedDigest != c.actualDigest) {
        c.problem = "the state saved at " + c.savePoint() +
                    " does not match its checksum: the file was changed outside Etat-Major, or is damaged";
        return c;
    }
    const auto now = currentSavePoint(db);
    if (!now || now->week != c.week || now->day != c.day || now->phase != c.phase) {
        // The digest matches, but the row says it was taken elsewhere: the checksum rows (which the digest does not
        // cover) were edited. Every write records its checksum where the campaign then stands.
        c.problem = "the latest checksum was taken at " + c.savePoint() + ", not where the campaign stands";
        return c;
    }
    c.ok = true;
    if (seed) {
        *seed = std::move(taken);
        seed->seed = DigestCache::Seed{q.getColumn(5).getInt64(), c.storedDigest};
    }
    return c;
}

}  // namespace

namespace {

using TableInfo = DigestCache::Layout;

std::vector<TableInfo> stateTables(SQLite::Database& db) {
    // One statement for every table and column: a statement per table made opening a campaign cost a parse of the SQL
    // for each of them (three quarters of the time of a read-only open of a small campaign).
    std::vector<TableInfo> out;
    std::vector<std::pair<int, std::string>> key;
    std::vector<std::string> keyTypes;
    int keyIndex = -1;
    bool withoutRowid = false;
    const auto finish = [&] {
        if (out.empty()) return;
        auto& t = out.back();
        std::sort(key.begin(), key.end());
        for (const auto& [n, name] : key) t.order += (t.order.empty() ? "" : ", ") + quoted(name);
        if (t.order.empty()) t.order = "rowid";
        if (!withoutRowid && key.size() == 1 && keyTypes.front() == "INTEGER") t.rowidColumn = keyIndex;
        key.clear();
        keyTypes.clear();
        keyIndex = -1;
    };
    SQLite::Statement q(db, "SELECT m.name, p.name, p.pk, upper(p.type), l.wr "
                            "FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS p "
                            "JOIN pragma_table_list AS l ON l.schema = 'main' AND l.name = m.name "
                            "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND m.name NOT IN ('state_checksum', "
                            "'command_chain', 'chain_signature') "
                            "ORDER BY m.name, p.cid");
    while (q.executeStep()) {
        const std::string table = q.getColumn(0).getString();
        if (out.empty() || out.back().name != table) {
            finish();
            out.push_back({table, {}, {}, -1});
            withoutRowid = q.getColumn(4).getInt() != 0;
        }
        auto& t = out.back();
        t.columns.push_back(q.getColumn(1).getString());
        if (q.getColumn(2).getInt() > 0) {
            key.emplace_back(q.getColumn(2).getInt(), t.columns.back());
            keyTypes.push_back(q.getColumn(3).getString());
            keyIndex = static_cast<int>(t.columns.size()) - 1;
        }
    }
    finish();
    return out;
}

// A query stepped through SQLite's own interface: the rows of a whole table are read value by value, without
// SQLiteCpp's per-column objects.
class RawQuery {
public:
    RawQuery(SQLite::Database& db, const std::string& sql) : m_db(db.getHandle()) {
        if (const int rc = sqlite3_prepare_v2(m_db, sql.c_str(), -1, &m_stmt, nullptr); rc != SQLITE_OK)
            throw SQLite::Exception(m_db, rc);
    }
    ~RawQuery() { sqlite3_finalize(m_stmt); }
    RawQuery(const RawQuery&) = delete;
    RawQuery& operator=(const RawQuery&) = delete;
    bool step() {
        const int rc = sqlite3_step(m_stmt);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        throw SQLite::Exception(m_db, rc);
    }
    sqlite3_stmt* get() const { return m_stmt; }
    int columns() const { return sqlite3_column_count(m_stmt); }

private:
    sqlite3* m_db;
    sqlite3_stmt* m_stmt = nullptr;
};

void hashRow(Hasher& h, sqlite3_stmt* st, int n) {
    h.byte('R');
    for (int i = 0; i < n; ++i) {
        switch (sqlite3_column_type(st, i)) {
            case SQLITE_INTEGER:
                h.byte('I');
                h.u64(static_cast<std::uint64_t>(sqlite3_column_int64(st, i)));
                break;
            case SQLITE_FLOAT: {
                const double d = sqlite3_column_double(st, i);
                std::uint64_t bits = 0;
                std::memcpy(&bits, &d, sizeof bits);
                h.byte('F');
                h.u64(bits);
                break;
            }
            case SQLITE_TEXT: {
                const auto* text = sqlite3_column_text(st, i);
                h.byte('S');
                h.bytes(text, static_cast<std::size_t>(sqlite3_column_bytes(st, i)));
                break;
            }
            case SQLITE_BLOB: {
                const void* blob = sqlite3_column_blob(st, i);
                h.byte('B');
                h.bytes(blob, static_cast<std::size_t>(sqlite3_column_bytes(st, i)));
                break;
            }
            default: h.byte('N'); break;
        }
    }
}

// The digest of one table: from scratch, or carried on from `from` when every change since it lies past its last
// rowid (rows appended to a log, or changed after it).
DigestCache::Table hashTable(SQLite::Database& db, const TableInfo& t, const DigestCache::Table* from) {
    Hasher h;
    DigestCache::Table out;
    std::string sql = "SELECT * FROM " + quoted(t.name);
    if (from) {
        h.resume(from->state);
        out.lastRowid = from->lastRowid;
        sql += " WHERE rowid > " + std::to_string(from->lastRowid) + " ORDER BY rowid";
    } else {
        sql += " ORDER BY " + t.order;
    }
    RawQuery rows(db, sql);
    const int n = rows.columns();
    while (rows.step()) {
        hashRow(h, rows.get(), n);
        if (t.rowidColumn >= 0) out.lastRowid = sqlite3_column_int64(rows.get(), t.rowidColumn);
    }
    out.state = h.state();
    out.digest = h.raw();
    return out;
}

// The state digest, reusing from `cache` the tables that did not change (dirty: table -> the lowest rowid changed,
// or the lowest 64-bit number for a change anywhere). Fills `next` with every table's digest.
std::string combine(SQLite::Database& db, const std::vector<TableInfo>& layout, const DigestCache* cache,
                    const std::map<std::string, std::int64_t>& dirty, std::map<std::string, DigestCache::Table>& next) {
    Hasher h;
    const std::string preamble = "etatmajor-state-1";
    h.bytes(preamble.data(), preamble.size());
    for (const auto& t : layout) {
        const DigestCache::Table* known = nullptr;
        if (cache) {
            const auto it = cache->tables.find(t.name);
            if (it != cache->tables.end()) known = &it->second;
        }
        const auto changed = dirty.find(t.name);
        DigestCache::Table digest;
        if (known && changed == dirty.end()) digest = *known;
        else if (known && t.rowidColumn >= 0 && changed->second > known->lastRowid) digest = hashTable(db, t, known);
        else digest = hashTable(db, t, nullptr);
        h.byte('T');
        h.text(t.name);
        h.u64(t.columns.size());
        for (const auto& c : t.columns) h.text(c);
        h.bytes(digest.digest.data(), digest.digest.size());
        next[t.name] = digest;
    }
    return h.hex();
}

// The digest of the play (docs/pbem.md "A history nobody can rewrite"): as the state digest, from the same table
// digests, but under its own label and without the table of passphrases, whose counts of wrong guesses change
// outside any command. What a passphrase is set to is a command, and so in the command log, which it covers.
std::string playDigestOf(const std::vector<TableInfo>& layout, const std::map<std::string, DigestCache::Table>& tables) {
    Hasher h;
    const std::string preamble = "etatmajor-play-1";
    h.bytes(preamble.data(), preamble.size());
    for (const auto& t : layout) {
        if (t.name == "credential") continue;
        const auto& digest = tables.at(t.name);
        h.byte('T');
        h.text(t.name);
        h.u64(t.columns.size());
        for (const auto& c : t.columns) h.text(c);
        h.bytes(digest.digest.data(), digest.digest.size());
    }
    return h.hex();
}

}  // namespace

std::string computePlayDigest(SQLite::Database& db) {
    std::map<std::string, DigestCache::Table> tables;
    const auto layout = stateTables(db);
    combine(db, layout, nullptr, {}, tables);
    return playDigestOf(layout, tables);
}

std::string playDigest(const CampaignStore& store) { return computePlayDigest(const_cast<SQLite::Database&>(store.impl().db)); }

std::string computeStateDigest(SQLite::Database& db) {
    std::map<std::string, DigestCache::Table> unused;
    return combine(db, stateTables(db), nullptr, {}, unused);
}

namespace {
// The state digest, keeping in `seed` (when given) the layout and every table's digest it was made of.
std::string digestSeeding(SQLite::Database& db, DigestCache* seed) {
    if (!seed) return computeStateDigest(db);
    seed->layout = stateTables(db);
    seed->schemaVersion = db.execAndGet("PRAGMA schema_version").getInt64();
    return combine(db, seed->layout, nullptr, {}, seed->tables);
}
}  // namespace

bool adoptDigestSeed(SQLite::Database& db, DigestCache& cache, TableChanges& changes) {
    if (!cache.seed || cache.tracking) return false;
    const auto seed = std::move(*cache.seed);
    cache.seed.reset();
    // No other connection has committed since this one was opened (data_version, read then), and the last commit
    // before that left the checksum the check compared the digests with.
    bool same = db.execAndGet("PRAGMA data_version").getInt64() == cache.dataVersion &&
                db.execAndGet("PRAGMA schema_version").getInt64() == cache.schemaVersion;
    if (same) {
        SQLite::Statement q(db, "SELECT seq, digest FROM state_checksum ORDER BY seq DESC LIMIT 1");
        same = q.executeStep() && q.getColumn(0).getInt64() == seed.seq && q.getColumn(1).getString() == seed.digest;
    }
    if (!same) {
        cache = DigestCache{};  // a command committed since the check: everything is hashed at the commit
        return false;
    }
    cache.startTracking(changes);
    return true;
}

void DigestCache::startTracking(TableChanges& changes) {
    for (const auto& t : layout) {
        auto number = changes.index.find(t.name);
        if (number == changes.index.end()) {
            number = changes.index.emplace(t.name, static_cast<int>(changes.counts.size())).first;
            changes.counts.push_back(0);
            changes.byRowid.push_back(false);
        }
        changes.byRowid[static_cast<std::size_t>(number->second)] = t.rowidColumn >= 0;
    }
    changes.dirtyFrom.clear();
    tracking = true;
    changes.live = true;
}

void TableChanges::touch(std::string_view table, int op, std::int64_t oldKey, std::int64_t newKey) {
    if (!live) return;
    const auto it = index.find(table);
    if (it == index.end()) return;  // not a table of the state (the checksums' own, SQLite's)
    const auto n = static_cast<std::size_t>(it->second);
    ++counts[n];
    // A table whose rowid is a column is hashed again from the lowest rowid changed (a log only added to is carried
    // on from where it was); any other from its first row.
    std::int64_t from = std::numeric_limits<std::int64_t>::min();
    if (byRowid[n]) from = op == SQLITE_INSERT ? newKey : op == SQLITE_DELETE ? oldKey : std::min(oldKey, newKey);
    const auto [mark, fresh] = dirtyFrom.emplace(it->second, from);
    if (!fresh) mark->second = std::min(mark->second, from);
}

std::optional<DigestCache> recordStateChecksum(SQLite::Database& db, const DigestCache* cache, const TableChanges* changes) {
    const auto at = currentSavePoint(db);
    if (!at) return std::nullopt;  // no campaign yet (an empty database being set up)
    std::optional<DigestCache> next;
    std::string digest;
    // What the cache knows is good only while no other connection has written (data_version) and the tables are those
    // it tracks (schema_version); else everything is hashed again.
    if (cache && cache->tracking && changes && changes->live &&
        db.execAndGet("PRAGMA schema_version").getInt64() == cache->schemaVersion) {
        std::map<std::string, std::int64_t> dirty;
        for (const auto& [name, number] : changes->index)
            if (const auto mark = changes->dirtyFrom.find(number); mark != changes->dirtyFrom.end()) dirty[name] = mark->second;
        const bool fresh = db.execAndGet("PRAGMA data_version").getInt64() == cache->dataVersion;
        next = *cache;
        next->tables.clear();
        digest = combine(db, cache->layout, fresh ? cache : nullptr, dirty, next->tables);
        next->dataVersion = db.execAndGet("PRAGMA data_version").getInt64();
    } else {
        // Everything, from scratch; kept as the starting point of the next transaction's (startTracking).
        next.emplace();
        next->layout = stateTables(db);
        digest = combine(db, next->layout, nullptr, {}, next->tables);
        next->schemaVersion = db.execAndGet("PRAGMA schema_version").getInt64();
        next->dataVersion = db.execAndGet("PRAGMA data_version").getInt64();
    }
    SQLite::Statement del(db, "DELETE FROM state_checksum WHERE week = ? AND day = ? AND phase = ?");
    del.bind(1, at->week);
    del.bind(2, at->day);
    del.bind(3, at->phase);
    del.exec();
    SQLite::Statement ins(db, "INSERT INTO state_checksum (seq, week, day, phase, algorithm, digest) "
                              "VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 FROM state_checksum), ?, ?, ?, ?, ?)");
    ins.bind(1, at->week);
    ins.bind(2, at->day);
    ins.bind(3, at->phase);
    ins.bind(4, std::string(kStateDigestAlgorithm));
    ins.bind(5, digest);
    ins.exec();
    appendChainRecord(db, playDigestOf(next->layout, next->tables));
    return next;
}

StateCheck checkStateOf(SQLite::Database& db, DigestCache* seed) {
    return snapshot(db, [&] { return check(db, seed); });
}

std::string StateCheck::savePoint() const {
    if (!phase.empty() && phase[0] == 'W') return "week " + std::to_string(week) + ", phase " + phase;
    return "week " + std::to_string(week) + " day " + std::to_string(day) + ", phase " + phase;
}

std::string stateDigest(const CampaignStore& store) {
    auto& db = const_cast<CampaignStore&>(store).impl().db;
    return snapshot(db, [&] { return computeStateDigest(db); });
}

std::map<std::string, std::string> tableDigests(const CampaignStore& store) {
    auto& db = const_cast<CampaignStore&>(store).impl().db;
    return snapshot(db, [&] {
        static const char* digits = "0123456789abcdef";
        std::map<std::string, std::string> out;
        for (const auto& t : stateTables(db)) {
            std::string h;
            for (unsigned char c : hashTable(db, t, nullptr).digest) {
                h += digits[c >> 4];
                h += digits[c & 0x0F];
            }
            out[t.name] = h;
        }
        return out;
    });
}

StateCheck checkState(const CampaignStore& store) { return checkStateOf(const_cast<CampaignStore&>(store).impl().db); }

StateCheck acceptState(CampaignStore& store) {
    const auto before = checkState(store);
    store.transaction([&] {
        nlohmann::ordered_json args{{"stored", before.storedDigest}, {"actual", before.actualDigest}, {"problem", before.problem}};
        store.logCommand("state.accept", args.dump(), "{}");
    });
    return checkState(store);
}

}  // namespace etatmajor::db
