// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/db/state_store.hpp"

#include "store_impl.hpp"

#include "etatmajor/core/text.hpp"

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

}  // namespace

CampaignState loadState(const CampaignStore& store) {
    auto& db = const_cast<CampaignStore&>(store).impl().db;
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
    s.options = store.options();
    s.map = store.loadMap();
    applyLaidCrossings(db, s.map);
    {
        SQLite::Statement q(db, "SELECT id, name, ord, vcs_baseline, points_lost, points_replaced, has_initiative, "
                                "initiative_declined FROM side ORDER BY ord");
        while (q.executeStep())
            s.sides.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getInt(),
                               q.getColumn(3).getInt(), q.getColumn(4).getInt(), q.getColumn(5).getInt(), q.getColumn(6).getInt() != 0,
                               q.getColumn(7).getInt() != 0});
    }
    {
        SQLite::Statement q(db, "SELECT id, side_id, parent_id, kind, name FROM formation ORDER BY side_id, ord");
        while (q.executeStep())
            s.formations.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), optText(q.getColumn(2)),
                                    parseOr(q.getColumn(3).getString(), formationKindFromName, FormationKind::Brigade),
                                    q.getColumn(4).getString()});
    }
    {
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
            s.generals.push_back(std::move(g));
        }
    }
    loadUnits(db, s.units);
    {
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
            s.mes.push_back(std::move(m));
        }
    }
    {
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
            s.urban.push_back(std::move(u));
        }
    }
    {
        SQLite::Statement q(db, "SELECT id, name, kind, q, r, value, assigned_to, written_by, revealed_to_assigned, "
                                "COALESCE(controller, ''), captures FROM objective ORDER BY id");
        while (q.executeStep())
            s.objectives.push_back({q.getColumn(0).getString(),
                                    q.getColumn(1).getString(),
                                    q.getColumn(2).getString() == "primary" ? ObjectiveKind::Primary : ObjectiveKind::Secondary,
                                    {q.getColumn(3).getInt(), q.getColumn(4).getInt()},
                                    q.getColumn(5).getInt(),
                                    q.getColumn(6).getString(),
                                    q.getColumn(7).getString(),
                                    q.getColumn(8).getInt() != 0,
                                    q.getColumn(9).getString(),
                                    q.getColumn(10).getInt()});
    }
    return s;
}

void saveState(CampaignStore& store, const CampaignState& s) {
    // Each UPDATE writes its row only when a value differs from what the database holds (the "IS NOT" tests), so a
    // phase writes the rows it changed and no others: unchanged tables stay clean for the state checksum's digest
    // (state_checksum.cpp, DigestCache) and no page is written for nothing (performance.md P2). What the database
    // ends up holding is the same as when every row was written.
    auto& db = store.impl().db;
    {
        SQLite::Statement q(db, "UPDATE campaign SET current_week = ?1, current_day = ?2, current_phase = ?3 WHERE id = 1 AND "
                                "(current_week IS NOT ?1 OR current_day IS NOT ?2 OR current_phase IS NOT ?3)");
        q.bind(1, s.week);
        q.bind(2, s.day);
        q.bind(3, phaseString(s.phase));
        q.exec();
    }
    {
        SQLite::Statement q(db, "UPDATE side SET vcs_baseline = ?1, points_lost = ?2, points_replaced = ?3, has_initiative = ?4, "
                                "initiative_declined = ?5 WHERE id = ?6 AND (vcs_baseline IS NOT ?1 OR points_lost IS NOT ?2 OR "
                                "points_replaced IS NOT ?3 OR has_initiative IS NOT ?4 OR initiative_declined IS NOT ?5)");
        for (const auto& side : s.sides) {
            q.bind(1, side.vcsBaseline);
            q.bind(2, side.pointsLost);
            q.bind(3, side.pointsReplaced);
            q.bind(4, side.hasInitiative ? 1 : 0);
            q.bind(5, side.initiativeDeclined ? 1 : 0);
            q.bind(6, side.id);
            q.exec();
            q.reset();
        }
    }
    {
        SQLite::Statement q(db, "UPDATE unit SET me_id = ?1, stands_current = ?2, figures_current = ?3, lost_combat = ?4, "
                                "lost_attrition = ?5, removed = ?6, class = ?7 WHERE id = ?8 AND (me_id IS NOT ?1 OR "
                                "stands_current IS NOT ?2 OR figures_current IS NOT ?3 OR lost_combat IS NOT ?4 OR "
                                "lost_attrition IS NOT ?5 OR removed IS NOT ?6 OR class IS NOT ?7)");
        SQLite::Statement g(db, "UPDATE unit_gun SET stands_current = ?1 WHERE unit_id = ?2 AND calibre = ?3 AND "
                                "stands_current IS NOT ?1");
        for (const auto& u : s.units) {
            // G-57: a removed unit is gone for good and belongs to no ME (it is never rebuilt or listed).
            if (u.me.empty() || u.removed) q.bind(1);
            else q.bind(1, u.me);
            q.bind(2, u.standsCurrent);
            q.bind(3, u.figuresCurrent);
            q.bind(4, u.lostCombat);
            q.bind(5, u.lostAttrition);
            q.bind(6, u.removed ? 1 : 0);
            q.bind(7, u.unitClass);
            q.bind(8, u.id);
            q.exec();
            q.reset();
            for (const auto& gun : u.guns) {
                g.bind(1, gun.standsCurrent);
                g.bind(2, u.id);
                g.bind(3, std::string(calibreName(gun.calibre)));
                g.exec();
                g.reset();
            }
        }
    }
    {
        SQLite::Statement q(db, "UPDATE general SET me_id = ?1, rating = ?2, status = ?3, return_week = ?4 WHERE id = ?5 AND "
                                "(me_id IS NOT ?1 OR rating IS NOT ?2 OR status IS NOT ?3 OR return_week IS NOT ?4)");
        for (const auto& g : s.generals) {
            if (g.me.empty()) q.bind(1);
            else q.bind(1, g.me);
            q.bind(2, std::string(ratingName(g.rating)));
            q.bind(3, std::string(generalStatusName(g.status)));
            if (g.returnWeek > 0) q.bind(4, g.returnWeek);
            else q.bind(4);
            q.bind(5, g.id);
            q.exec();
            q.reset();
        }
    }
    {
        SQLite::Statement q(
            db, "UPDATE me SET q = ?1, r = ?2, mode = ?3, supply_source = ?4, on_map = ?5, forage_days = ?6, "
                "forage_days_last_week = ?7, forced_march_streak = ?8, supply_changed_week = ?9, revealed = ?10, moved_today = ?11, "
                "allowance_today = ?12, pinned = ?13 WHERE id = ?14 AND (q IS NOT ?1 OR r IS NOT ?2 OR mode IS NOT ?3 OR "
                "supply_source IS NOT ?4 OR on_map IS NOT ?5 OR forage_days IS NOT ?6 OR forage_days_last_week IS NOT ?7 OR "
                "forced_march_streak IS NOT ?8 OR supply_changed_week IS NOT ?9 OR revealed IS NOT ?10 OR moved_today IS NOT ?11 OR "
                "allowance_today IS NOT ?12 OR pinned IS NOT ?13)");
        for (const auto& m : s.mes) {
            q.bind(1, m.hex.q);
            q.bind(2, m.hex.r);
            q.bind(3, std::string(modeName(m.mode)));
            q.bind(4, m.supplySource);
            q.bind(5, m.onMap ? 1 : 0);
            q.bind(6, m.forageDays);
            q.bind(7, m.forageDaysLastWeek);
            q.bind(8, m.forcedMarchStreak);
            q.bind(9, m.supplyChangedWeek);
            q.bind(10, m.revealed ? 1 : 0);
            q.bind(11, m.movedToday);
            q.bind(12, m.allowanceToday);
            q.bind(13, m.pinned ? 1 : 0);
            q.bind(14, m.id);
            q.exec();
            q.reset();
        }
    }
    {
        SQLite::Statement q(db, "UPDATE urban_area SET sp_raw_roll = ?1, combat_halvings = ?2, destroyed = ?3, controller = ?4 "
                                "WHERE id = ?5 AND (sp_raw_roll IS NOT ?1 OR combat_halvings IS NOT ?2 OR destroyed IS NOT ?3 OR "
                                "controller IS NOT ?4)");
        for (const auto& u : s.urban) {
            if (u.rawRoll) q.bind(1, *u.rawRoll);
            else q.bind(1);
            q.bind(2, u.combatHalvings);
            q.bind(3, u.destroyed ? 1 : 0);
            if (u.controller.empty()) q.bind(4);
            else q.bind(4, u.controller);
            q.bind(5, u.id);
            q.exec();
            q.reset();
        }
    }
    {
        SQLite::Statement q(db, "UPDATE objective SET revealed_to_assigned = ?1, controller = ?2, captures = ?3 WHERE id = ?4 "
                                "AND (revealed_to_assigned IS NOT ?1 OR controller IS NOT ?2 OR captures IS NOT ?3)");
        for (const auto& o : s.objectives) {
            q.bind(1, o.revealedToAssigned ? 1 : 0);
            if (o.controller.empty()) q.bind(2);
            else q.bind(2, o.controller);
            q.bind(3, o.captures);
            q.bind(4, o.id);
            q.exec();
            q.reset();
        }
    }
}

}  // namespace etatmajor::db
