// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/db/state_store.hpp"

#include "store_impl.hpp"

#include "etatmajor/core/text.hpp"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace etatmajor::db {

using namespace campaign;

namespace {
template <typename T, typename F>
T parseOr(const std::string& text, F from, T fallback) {
    const auto v = from(text);
    return v ? *v : fallback;
}
std::string optText(const SQLite::Column& c) { return c.isNull() ? std::string() : c.getString(); }

// Bridges and pontoons laid in the campaign become crossings of the map (§9.1, §10.3): the map as the campaign
// stands, not as its file was drawn.
void applyLaidCrossings(SQLite::Database& db, map::Map& map) {
    if (!db.tableExists("crossing_laid")) return;
    SQLite::Statement q(db, "SELECT q, r, dir FROM crossing_laid");
    while (q.executeStep()) {
        const hex::Hex h{q.getColumn(0).getInt(), q.getColumn(1).getInt()};
        if (map.contains(h)) map.hexsideRef(h, q.getColumn(2).getInt()).crossing = map::Crossing::Bridge;
    }
}
}  // namespace

campaign::Phase storedPhase(const std::string& id) {
    if (const auto p = phaseFromId(id)) return *p;
    throw StoreError("DB-CORRUPT", "the campaign's current phase '" + core::shorten(id) +
                                       "' is none of the turn's phases (W1 to W5, D1 to D12): the database was edited or damaged");
}

namespace {

// The units with their guns, in the campaign's order (by side, then the order of battle).
void loadUnits(SQLite::Database& db, std::vector<UnitState>& units) {
    SQLite::Statement q(db, "SELECT id, side_id, formation_id, COALESCE(me_id, ''), name, nationality, type, class, "
                            "stands_original, stands_current, figures_per_stand, figures_original, figures_current, "
                            "armament, bayonets, guard, provisional, lost_combat, lost_attrition, removed "
                            "FROM unit ORDER BY side_id, ord");
    // Every unit's guns in one pass (in the order of the table's key: by unit, then calibre), not a query per unit.
    std::unordered_map<std::string, std::vector<GunState>> gunsOf;
    {
        SQLite::Statement g(db, "SELECT unit_id, calibre, stands_original, stands_current FROM unit_gun ORDER BY unit_id, calibre");
        while (g.executeStep())
            gunsOf[g.getColumn(0).getString()].push_back({parseOr(g.getColumn(1).getString(), calibreFromName, Calibre::Light),
                                                          g.getColumn(2).getInt(), g.getColumn(3).getInt()});
    }
    while (q.executeStep()) {
        UnitState u;
        u.id = q.getColumn(0).getString();
        u.side = q.getColumn(1).getString();
        u.formation = q.getColumn(2).getString();
        u.me = q.getColumn(3).getString();
        u.name = q.getColumn(4).getString();
        u.nationality = parseOr(q.getColumn(5).getString(), nationalityFromName, Nationality::British);
        u.type = parseOr(q.getColumn(6).getString(), unitTypeFromName, UnitType::LineInfantry);
        u.unitClass = q.getColumn(7).getInt();
        u.standsOriginal = q.getColumn(8).getInt();
        u.standsCurrent = q.getColumn(9).getInt();
        u.figuresPerStand = q.getColumn(10).getInt();
        u.figuresOriginal = q.getColumn(11).getInt();
        u.figuresCurrent = q.getColumn(12).getInt();
        u.armament = parseOr(q.getColumn(13).getString(), armamentFromName, Armament::Musket);
        u.bayonets = q.getColumn(14).getInt() != 0;
        u.guard = q.getColumn(15).getInt() != 0;
        u.provisional = q.getColumn(16).getInt() != 0;
        u.lostCombat = q.getColumn(17).getInt();
        u.lostAttrition = q.getColumn(18).getInt();
        u.removed = q.getColumn(19).getInt() != 0;
        if (const auto guns = gunsOf.find(u.id); guns != gunsOf.end()) u.guns = std::move(guns->second);
        units.push_back(std::move(u));
    }
}

// The part of the state read from `tables`, from the cache when none of them changed since it was read there
// (StateCache, store_impl.hpp), else read by `read` (and kept when the tables' changes are tracked).
template <typename T, typename F>
T cachedPart(const TableChanges& changes, StateCache::Part<T>& part, std::initializer_list<std::string_view> tables, F read) {
    std::vector<std::uint64_t> stamp;
    for (const auto t : tables) {
        const auto n = changes.count(t);
        if (!n) {  // not tracked: read every time
            part.value.reset();
            part.stamp.clear();
            return read();
        }
        stamp.push_back(*n);
    }
    if (part.value && !part.stamp.empty() && part.stamp == stamp) return *part.value;
    part.value.reset();
    part.value = read();
    part.stamp = std::move(stamp);
    return *part.value;
}

// One row as saveState writes it: its values in the order of the UPDATE's parameters (the row's key last). The
// statement is bound from here, and the same values make the record RowWriter compares (as bytes: a null, an integer's
// 8 bytes, or a text's length in 8 bytes and the text, each told apart by a letter), so each value is named once.
class Row {
public:
    Row() { m_image.reserve(96); }
    Row& null() {
        m_values.push_back({Kind::Null, 0, nullptr});
        m_image += 'N';
        return *this;
    }
    Row& integer(std::int64_t v) {
        m_values.push_back({Kind::Integer, v, nullptr});
        m_image += 'I';
        m_image.append(reinterpret_cast<const char*>(&v), sizeof v);
        return *this;
    }
    // The text is bound from where it stands: it must outlive the row.
    Row& text(const std::string& v) {
        m_values.push_back({Kind::Text, 0, &v});
        const auto n = static_cast<std::uint64_t>(v.size());
        m_image += 'S';
        m_image.append(reinterpret_cast<const char*>(&n), sizeof n);
        m_image += v;
        return *this;
    }
    Row& text(std::string&&) = delete;
    Row& textOrNull(const std::string& v) { return v.empty() ? null() : text(v); }
    Row& integerOrNull(std::optional<std::int64_t> v) { return v ? integer(*v) : null(); }
    void bind(SQLite::Statement& q) const {
        for (std::size_t i = 0; i < m_values.size(); ++i) {
            const int n = static_cast<int>(i) + 1;
            const auto& v = m_values[i];
            if (v.kind == Kind::Null) q.bind(n);
            else if (v.kind == Kind::Integer) q.bind(n, v.integer);
            else q.bind(n, *v.text);
        }
    }
    std::string takeImage() { return std::move(m_image); }
    const std::string& image() const { return m_image; }

private:
    enum class Kind { Null, Integer, Text };
    struct Value {
        Kind kind;
        std::int64_t integer;
        const std::string* text;
    };
    std::vector<Value> m_values;
    std::string m_image;
};

// Writes the rows of one table with one UPDATE statement whose WHERE skips a row already holding the values: a row
// whose values are those this connection last wrote there, with no change to the table since (StateCache::Written),
// is not even bound and executed, and the statement is prepared only for a row that is (performance.md P2). What the
// database holds afterwards is the same either way.
class RowWriter {
public:
    RowWriter(CampaignStore::Impl& impl, std::string_view table, std::size_t rows, const char* sql)
        : m_db(impl.db), m_sql(sql), m_changes(impl.changes) {
        auto it = impl.stateCache.written.find(table);
        if (it == impl.stateCache.written.end()) it = impl.stateCache.written.emplace(std::string(table), StateCache::Written{}).first;
        m_image = &it->second;
        m_table = it->first;
        m_before = m_changes.count(table);
        m_known = m_before && *m_before == m_image->count && m_image->rows.size() == rows;
        if (!m_known) m_image->rows.assign(rows, std::string());
    }
    RowWriter(const RowWriter&) = delete;
    RowWriter& operator=(const RowWriter&) = delete;
    // Writes row i unless it still holds what this connection last wrote there.
    void put(std::size_t i, Row row) {
        if (m_known && m_image->rows[i] == row.image()) return;
        if (!m_statement) m_statement.emplace(m_db, m_sql);
        auto& q = *m_statement;
        row.bind(q);
        q.exec();
        m_written += static_cast<std::uint64_t>(q.getChanges());
        q.reset();
        m_image->rows[i] = row.takeImage();
    }
    // The image holds what the table holds only when nothing but these UPDATEs changed it meanwhile.
    ~RowWriter() {
        const auto after = m_changes.count(m_table);
        if (m_before && after && *after == *m_before + m_written) m_image->count = *after;
        else m_image->rows.clear();
    }

private:
    SQLite::Database& m_db;
    const char* m_sql;
    std::optional<SQLite::Statement> m_statement;
    const TableChanges& m_changes;
    StateCache::Written* m_image = nullptr;
    std::string m_table;
    std::optional<std::uint64_t> m_before;
    bool m_known = false;
    std::uint64_t m_written = 0;
};

// Drops the cache when another connection has committed since it was filled.
void refreshCache(CampaignStore::Impl& impl) {
    auto& cache = impl.stateCache;
    if (!impl.changes.live) {
        if (cache.dataVersion != -1) cache = StateCache{};
        return;
    }
    const auto dataVersion = impl.db.execAndGet("PRAGMA data_version").getInt64();
    if (dataVersion != cache.dataVersion) {
        cache = StateCache{};
        cache.dataVersion = dataVersion;
    }
}

}  // namespace

// performance.md P2: the tables of the state are read again only when they changed since this connection last read
// them (StateCache): a phase of `advance` reads what the phase before it wrote, and nothing else.
CampaignState loadState(const CampaignStore& store) {
    auto& impl = const_cast<CampaignStore&>(store).impl();
    auto& db = impl.db;
    refreshCache(impl);
    auto& cache = impl.stateCache;
    const auto& changes = impl.changes;
    CampaignState s;
    {
        SQLite::Statement q(db, "SELECT current_week, current_day, current_phase, length_weeks, start_season, season_week "
                                "FROM campaign WHERE id = 1");
        if (!q.executeStep()) throw StoreError("DB-EMPTY", "the campaign database holds no campaign");
        s.week = q.getColumn(0).getInt();
        s.day = q.getColumn(1).getInt();
        s.phase = storedPhase(q.getColumn(2).getString());
        s.lengthWeeks = q.getColumn(3).getInt();
        s.startSeason = parseOr(q.getColumn(4).getString(), seasonFromName, Season::Summer);
        s.seasonWeek = q.getColumn(5).getInt();
    }
    s.options = cachedPart(changes, cache.options, {"campaign_option"}, [&] { return store.options(); });
    s.map = cachedPart(changes, cache.map, {"map_meta", "crossing_laid"}, [&] {
        auto map = store.loadMap();
        applyLaidCrossings(db, map);
        return map;
    });
    s.sides = cachedPart(changes, cache.sides, {"side"}, [&] {
        std::vector<SideState> sides;
        SQLite::Statement q(db, "SELECT id, name, ord, vcs_baseline, points_lost, points_replaced, has_initiative, "
                                "initiative_declined, blockade_week, blockade_by FROM side ORDER BY ord");
        while (q.executeStep())
            sides.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getInt(), q.getColumn(3).getInt(),
                             q.getColumn(4).getInt(), q.getColumn(5).getInt(), q.getColumn(6).getInt() != 0,
                             q.getColumn(7).getInt() != 0, q.getColumn(8).getInt(), q.getColumn(9).getString()});
        return sides;
    });
    s.formations = cachedPart(changes, cache.formations, {"formation"}, [&] {
        std::vector<FormationState> formations;
        SQLite::Statement q(db, "SELECT id, side_id, parent_id, kind, name FROM formation ORDER BY side_id, ord");
        while (q.executeStep())
            formations.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), optText(q.getColumn(2)),
                                  parseOr(q.getColumn(3).getString(), formationKindFromName, FormationKind::Brigade),
                                  q.getColumn(4).getString()});
        return formations;
    });
    s.generals = cachedPart(changes, cache.generals, {"general"}, [&] {
        std::vector<GeneralState> generals;
        SQLite::Statement q(db, "SELECT id, side_id, formation_id, me_id, name, nationality, rank, arm, rating, player_figure, "
                                "status, COALESCE(return_week, 0) FROM general ORDER BY id");
        while (q.executeStep()) {
            GeneralState g;
            g.id = q.getColumn(0).getString();
            g.side = q.getColumn(1).getString();
            g.formation = optText(q.getColumn(2));
            g.me = optText(q.getColumn(3));
            g.name = q.getColumn(4).getString();
            g.nationality = parseOr(q.getColumn(5).getString(), nationalityFromName, Nationality::British);
            g.rank = parseOr(q.getColumn(6).getString(), rankFromName, Rank::Brigade);
            g.arm = parseOr(q.getColumn(7).getString(), armFromName, Arm::Infantry);
            g.rating = parseOr(q.getColumn(8).getString(), ratingFromName, Rating::Capable);
            g.playerFigure = q.getColumn(9).getInt() != 0;
            g.status = parseOr(q.getColumn(10).getString(), generalStatusFromName, GeneralStatus::Active);
            g.returnWeek = q.getColumn(11).getInt();
            generals.push_back(std::move(g));
        }
        return generals;
    });
    s.units = cachedPart(changes, cache.units, {"unit", "unit_gun"}, [&] {
        std::vector<UnitState> units;
        loadUnits(db, units);
        return units;
    });
    s.mes = cachedPart(changes, cache.mes, {"me"}, [&] {
        std::vector<MeState> mes;
        SQLite::Statement q(
            db, "SELECT id, side_id, ord, label, q, r, mode, supply_source, on_map, forage_days, "
                "forage_days_last_week, forced_march_streak, supply_changed_week, revealed, moved_today, allowance_today, pinned, "
                "COALESCE(commander, '') FROM me ORDER BY side_id, ord");
        while (q.executeStep()) {
            MeState m;
            m.id = q.getColumn(0).getString();
            m.side = q.getColumn(1).getString();
            m.ord = q.getColumn(2).getInt();
            m.label = q.getColumn(3).getString();
            m.hex = {q.getColumn(4).getInt(), q.getColumn(5).getInt()};
            m.mode = parseOr(q.getColumn(6).getString(), modeFromName, Mode::March);
            m.supplySource = q.getColumn(7).getString();
            m.onMap = q.getColumn(8).getInt() != 0;
            m.forageDays = q.getColumn(9).getInt();
            m.forageDaysLastWeek = q.getColumn(10).getInt();
            m.forcedMarchStreak = q.getColumn(11).getInt();
            m.supplyChangedWeek = q.getColumn(12).getInt();
            m.revealed = q.getColumn(13).getInt() != 0;
            m.movedToday = q.getColumn(14).getInt();
            m.allowanceToday = q.getColumn(15).getInt();
            m.pinned = q.getColumn(16).getInt() != 0;
            m.commander = q.getColumn(17).getString();
            mes.push_back(std::move(m));
        }
        return mes;
    });
    s.urban = cachedPart(changes, cache.urban, {"urban_area"}, [&] {
        std::vector<UrbanState> urban;
        SQLite::Statement q(db, "SELECT id, name, q, r, size, sp_raw_roll, combat_halvings, destroyed, COALESCE(controller, '') "
                                "FROM urban_area ORDER BY id");
        while (q.executeStep()) {
            UrbanState u;
            u.id = q.getColumn(0).getString();
            u.name = q.getColumn(1).getString();
            u.hex = {q.getColumn(2).getInt(), q.getColumn(3).getInt()};
            u.size = parseOr(q.getColumn(4).getString(), map::urbanSizeFromName, map::UrbanSize::Village);
            if (!q.getColumn(5).isNull()) u.rawRoll = q.getColumn(5).getInt();
            u.combatHalvings = q.getColumn(6).getInt();
            u.destroyed = q.getColumn(7).getInt() != 0;
            u.controller = q.getColumn(8).getString();
            urban.push_back(std::move(u));
        }
        return urban;
    });
    s.objectives = cachedPart(changes, cache.objectives, {"objective"}, [&] {
        std::vector<ObjectiveState> objectives;
        SQLite::Statement q(db, "SELECT id, name, kind, q, r, value, assigned_to, written_by, revealed_to_assigned, "
                                "COALESCE(controller, ''), captures FROM objective ORDER BY id");
        while (q.executeStep())
            objectives.push_back({q.getColumn(0).getString(),
                                  q.getColumn(1).getString(),
                                  q.getColumn(2).getString() == "primary" ? ObjectiveKind::Primary : ObjectiveKind::Secondary,
                                  {q.getColumn(3).getInt(), q.getColumn(4).getInt()},
                                  q.getColumn(5).getInt(),
                                  q.getColumn(6).getString(),
                                  q.getColumn(7).getString(),
                                  q.getColumn(8).getInt() != 0,
                                  q.getColumn(9).getString(),
                                  q.getColumn(10).getInt()});
        return objectives;
    });
    return s;
}

void saveState(CampaignStore& store, const CampaignState& s) {
    // Each UPDATE writes its row only when a value differs from what the database holds (the "IS NOT" tests), so a
    // phase writes the rows it changed and no others: unchanged tables stay clean for the state checksum's digest
    // (state_checksum.cpp, DigestCache) and no page is written for nothing (performance.md P2). A row this connection
    // wrote before with the same values is not even looked up (RowWriter). What the database ends up holding is the
    // same as when every row was written.
    auto& impl = store.impl();
    auto& db = impl.db;
    refreshCache(impl);
    {
        SQLite::Statement q(db, "UPDATE campaign SET current_week = ?1, current_day = ?2, current_phase = ?3 WHERE id = 1 AND "
                                "(current_week IS NOT ?1 OR current_day IS NOT ?2 OR current_phase IS NOT ?3)");
        q.bind(1, s.week);
        q.bind(2, s.day);
        q.bind(3, phaseString(s.phase));
        q.exec();
    }
    {
        RowWriter w(impl, "side", s.sides.size(),
                    "UPDATE side SET vcs_baseline = ?1, points_lost = ?2, points_replaced = ?3, has_initiative = ?4, "
                    "initiative_declined = ?5 WHERE id = ?6 AND (vcs_baseline IS NOT ?1 OR points_lost IS NOT ?2 OR "
                    "points_replaced IS NOT ?3 OR has_initiative IS NOT ?4 OR initiative_declined IS NOT ?5)");
        for (std::size_t i = 0; i < s.sides.size(); ++i) {
            const auto& side = s.sides[i];
            w.put(i, Row()
                         .integer(side.vcsBaseline)
                         .integer(side.pointsLost)
                         .integer(side.pointsReplaced)
                         .integer(side.hasInitiative ? 1 : 0)
                         .integer(side.initiativeDeclined ? 1 : 0)
                         .text(side.id));
        }
    }
    {
        std::size_t guns = 0;
        for (const auto& u : s.units) guns += u.guns.size();
        RowWriter units(impl, "unit", s.units.size(),
                        "UPDATE unit SET me_id = ?1, stands_current = ?2, figures_current = ?3, lost_combat = ?4, "
                        "lost_attrition = ?5, removed = ?6, class = ?7 WHERE id = ?8 AND (me_id IS NOT ?1 OR "
                        "stands_current IS NOT ?2 OR figures_current IS NOT ?3 OR lost_combat IS NOT ?4 OR "
                        "lost_attrition IS NOT ?5 OR removed IS NOT ?6 OR class IS NOT ?7)");
        RowWriter gunRows(impl, "unit_gun", guns,
                          "UPDATE unit_gun SET stands_current = ?1 WHERE unit_id = ?2 AND calibre = ?3 AND stands_current IS NOT ?1");
        std::size_t k = 0;
        for (std::size_t i = 0; i < s.units.size(); ++i) {
            const auto& u = s.units[i];
            // G-57: a removed unit is gone for good and belongs to no ME (it is never rebuilt or listed).
            Row row;
            if (u.removed) row.null();
            else row.textOrNull(u.me);
            units.put(i, std::move(row.integer(u.standsCurrent)
                                       .integer(u.figuresCurrent)
                                       .integer(u.lostCombat)
                                       .integer(u.lostAttrition)
                                       .integer(u.removed ? 1 : 0)
                                       .integer(u.unitClass)
                                       .text(u.id)));
            for (const auto& gun : u.guns) {
                const std::string calibre(calibreName(gun.calibre));
                gunRows.put(k++, Row().integer(gun.standsCurrent).text(u.id).text(calibre));
            }
        }
    }
    {
        RowWriter w(impl, "general", s.generals.size(),
                    "UPDATE general SET me_id = ?1, rating = ?2, status = ?3, return_week = ?4 WHERE id = ?5 AND "
                    "(me_id IS NOT ?1 OR rating IS NOT ?2 OR status IS NOT ?3 OR return_week IS NOT ?4)");
        for (std::size_t i = 0; i < s.generals.size(); ++i) {
            const auto& g = s.generals[i];
            const std::string rating(ratingName(g.rating)), status(generalStatusName(g.status));
            w.put(i, Row()
                         .textOrNull(g.me)
                         .text(rating)
                         .text(status)
                         .integerOrNull(g.returnWeek > 0 ? std::optional<std::int64_t>(g.returnWeek) : std::nullopt)
                         .text(g.id));
        }
    }
    {
        RowWriter w(
            impl, "me", s.mes.size(),
            "UPDATE me SET q = ?1, r = ?2, mode = ?3, supply_source = ?4, on_map = ?5, forage_days = ?6, "
            "forage_days_last_week = ?7, forced_march_streak = ?8, supply_changed_week = ?9, revealed = ?10, moved_today = ?11, "
            "allowance_today = ?12, pinned = ?13 WHERE id = ?14 AND (q IS NOT ?1 OR r IS NOT ?2 OR mode IS NOT ?3 OR "
            "supply_source IS NOT ?4 OR on_map IS NOT ?5 OR forage_days IS NOT ?6 OR forage_days_last_week IS NOT ?7 OR "
            "forced_march_streak IS NOT ?8 OR supply_changed_week IS NOT ?9 OR revealed IS NOT ?10 OR moved_today IS NOT ?11 OR "
            "allowance_today IS NOT ?12 OR pinned IS NOT ?13)");
        for (std::size_t i = 0; i < s.mes.size(); ++i) {
            const auto& m = s.mes[i];
            const std::string mode(modeName(m.mode));
            w.put(i, Row()
                         .integer(m.hex.q)
                         .integer(m.hex.r)
                         .text(mode)
                         .text(m.supplySource)
                         .integer(m.onMap ? 1 : 0)
                         .integer(m.forageDays)
                         .integer(m.forageDaysLastWeek)
                         .integer(m.forcedMarchStreak)
                         .integer(m.supplyChangedWeek)
                         .integer(m.revealed ? 1 : 0)
                         .integer(m.movedToday)
                         .integer(m.allowanceToday)
                         .integer(m.pinned ? 1 : 0)
                         .text(m.id));
        }
    }
    {
        RowWriter w(impl, "urban_area", s.urban.size(),
                    "UPDATE urban_area SET sp_raw_roll = ?1, combat_halvings = ?2, destroyed = ?3, controller = ?4 "
                    "WHERE id = ?5 AND (sp_raw_roll IS NOT ?1 OR combat_halvings IS NOT ?2 OR destroyed IS NOT ?3 OR "
                    "controller IS NOT ?4)");
        for (std::size_t i = 0; i < s.urban.size(); ++i) {
            const auto& u = s.urban[i];
            w.put(i, Row()
                         .integerOrNull(u.rawRoll)
                         .integer(u.combatHalvings)
                         .integer(u.destroyed ? 1 : 0)
                         .textOrNull(u.controller)
                         .text(u.id));
        }
    }
    {
        RowWriter w(impl, "objective", s.objectives.size(),
                    "UPDATE objective SET revealed_to_assigned = ?1, controller = ?2, captures = ?3 WHERE id = ?4 "
                    "AND (revealed_to_assigned IS NOT ?1 OR controller IS NOT ?2 OR captures IS NOT ?3)");
        for (std::size_t i = 0; i < s.objectives.size(); ++i) {
            const auto& o = s.objectives[i];
            w.put(i, Row().integer(o.revealedToAssigned ? 1 : 0).textOrNull(o.controller).integer(o.captures).text(o.id));
        }
    }
}

}  // namespace etatmajor::db
