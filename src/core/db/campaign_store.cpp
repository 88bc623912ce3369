#include "etatmajor/db/campaign_store.hpp"

#include "etatmajor/io/map_xml.hpp"
#include "store_impl.hpp"

#include <cstring>
#include <filesystem>
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
    SQLite::Statement q(m_db,
                        "INSERT INTO event_log (seq, week, day, phase, subject, purpose, rule, expression, faces, modifier, "
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
    if (owner) q.bind(13, *owner); else q.bind(13);
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
        throw StoreError("DB-CREATE", "cannot create the campaign database '" + path + "': " + e.what());
    }
}

CampaignStore CampaignStore::open(const std::string& path, bool readOnly) {
    if (!std::filesystem::exists(path)) throw StoreError("DB-NOT-FOUND", "no campaign database at '" + path + "'");
    try {
        const int flags = readOnly ? SQLite::OPEN_READONLY : SQLite::OPEN_READWRITE;
        auto impl = std::make_unique<Impl>(path, flags);
        auto& db = impl->db;
        // Reading the header fails here for a file that is not SQLite at all.
        const int appId = db.execAndGet("PRAGMA application_id").getInt();
        const int version = db.execAndGet("PRAGMA user_version").getInt();
        if (appId != kApplicationId)
            throw StoreError("DB-NOT-CAMPAIGN", "'" + path + "' is an SQLite database but not an Etat-Major campaign");
        const std::string check = db.execAndGet("PRAGMA quick_check").getString();
        if (check != "ok") throw StoreError("DB-CORRUPT", "'" + path + "' is damaged: " + check);
        configure(db, readOnly);
        if (version > latestSchemaVersion() || !readOnly) migrate(db);
        else if (version < latestSchemaVersion()) {
            // A campaign written by an older program is upgraded in place (one transaction per schema version, never
            // renumbered) the first time it is opened, even by a command that only reads; then it is read as asked.
            impl.reset();
            try {
                Impl writer(path, SQLite::OPEN_READWRITE);
                configure(writer.db, false);
                migrate(writer.db);
            } catch (const SQLite::Exception& e) {
                throw StoreError("DB-OLD", "'" + path + "' has schema version " + std::to_string(version) +
                                               " and could not be upgraded to " + std::to_string(latestSchemaVersion()) +
                                               " (is the file writable?): " + e.what());
            }
            return open(path, true);
        }
        return CampaignStore(std::move(impl));
    } catch (const SQLite::Exception& e) {
        throw StoreError("DB-CORRUPT", "'" + path + "' is not a readable campaign database: " + e.what());
    }
}

int CampaignStore::schemaVersion() const { return m_impl->db.execAndGet("PRAGMA user_version").getInt(); }

void CampaignStore::transaction(const std::function<void()>& f) {
    SQLite::Transaction t(m_impl->db);
    f();
    t.commit();
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
    i.phase = q.getColumn(11).getString();
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
    const std::string xml = m_impl->db.execAndGet("SELECT source_xml FROM map_meta WHERE id = 1").getString();
    return io::readMapString(xml, "(campaign map)").map;
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

void CampaignStore::logCommand(const std::string& name, const std::string& argsJson, const std::string& resultJson) {
    SQLite::Statement q(m_impl->db,
                        "INSERT INTO command_log (name, args, result, week, day, phase) "
                        "SELECT ?, ?, ?, current_week, current_day, current_phase FROM campaign WHERE id = 1");
    q.bind(1, name);
    q.bind(2, argsJson);
    q.bind(3, resultJson);
    q.exec();
}

}  // namespace etatmajor::db
