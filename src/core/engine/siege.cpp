// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/siege_db.hpp"

#include "command_impl.hpp"
#include "db/store_impl.hpp"
#include "etatmajor/campaign/points.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/movement.hpp"
#include "etatmajor/rules/siege.hpp"
#include "etatmajor/rules/supply.hpp"
#include "etatmajor/rules/victory.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace etatmajor::engine {

using namespace campaign;

namespace {

struct Siege {
    int id = 0;
    std::string ua, me, side, besieger;
    int startWeek = 0, startDay = 0, supplyWeeks = 0;
};

std::vector<Siege> activeSieges(SQLite::Database& db) {
    std::vector<Siege> out;
    SQLite::Statement q(db, "SELECT id, ua_id, me_id, side_id, besieger, start_week, start_day, supply_weeks FROM siege "
                            "WHERE end_week IS NULL ORDER BY id");
    while (q.executeStep())
        out.push_back({q.getColumn(0).getInt(), q.getColumn(1).getString(), q.getColumn(2).getString(), q.getColumn(3).getString(),
                       q.getColumn(4).getString(), q.getColumn(5).getInt(), q.getColumn(6).getInt(), q.getColumn(7).getInt()});
    return out;
}

void endSiege(SQLite::Database& db, const CampaignState& s, int id, const std::string& reason, int day) {
    SQLite::Statement q(db, "UPDATE siege SET end_week = ?, end_day = ?, end_reason = ? WHERE id = ?");
    q.bind(1, s.week);
    q.bind(2, day);
    q.bind(3, reason);
    q.bind(4, id);
    q.exec();
}

// §8.7.4 rates applied to a starving garrison.
void starve(SQLite::Database& db, CampaignState& s, const Siege& g, std::vector<std::string>& lines) {
    const bool winter = s.seasonOfWeek(s.week) == Season::Winter;
    int lost = 0, points = 0;
    for (auto& u : s.units) {
        if (u.me != g.me || u.removed) continue;
        const int n = std::min(rules::attritionFigures(u, winter, s.options), u.figuresCurrent);
        if (n == 0) continue;
        points += rules::replacementCost(u, n, s.options);  // valued pro rata (G-82)
        u.figuresCurrent -= n;
        u.lostAttrition += n;
        u.standsCurrent = (u.figuresCurrent + u.figuresPerStand - 1) / std::max(1, u.figuresPerStand);
        lost += n;
        if (rules::removedByLosses(u, s.options)) {
            u.removed = true;  // G-57
            lines.push_back("  " + u.name + " falls below one stand and is gone");
        }
    }
    if (auto* side = s.side(g.side)) side->pointsLost += points;
    SQLite::Statement q(db, "UPDATE siege SET attrition_applied = attrition_applied + 1 WHERE id = ?");
    q.bind(1, g.id);
    q.exec();
    const auto* me = s.me(g.me);
    lines.push_back((me ? me->label : g.me) + " has eaten " + g.ua + "'s stores: " + std::to_string(lost) +
                    " figures lost to siege attrition (" + std::to_string(points) + " points, §11.4)");
}

}  // namespace

// Cost (W3, D12): O(M × (towns + sieges)), and O(M) more for each ME standing in a town (rules::checkSiege scans every
// ME for each of the six hexes around it): O(M²) when most MEs stand in towns.
void updateSieges(SQLite::Database& db, CampaignState& s, dice::Dice& dice, std::vector<std::string>& lines, bool atSupplyPhase) {
    const int day = atSupplyPhase ? 0 : s.day;
    auto active = activeSieges(db);
    for (const auto& g : active) {
        const auto* me = s.me(g.me);
        if (!me || !me->onMap) {
            endSiege(db, s, g.id, "garrison gone", day);
            lines.push_back("the siege of " + g.ua + " ends: the garrison is gone");
            continue;
        }
        if (!rules::checkSiege(s, *me).besieged) {
            endSiege(db, s, g.id, "raised", day);
            lines.push_back("the siege of " + g.ua + " is raised: " + me->label + " has a way out again");
        }
    }
    for (const auto& me : s.mes) {
        if (!me.onMap) continue;
        if (std::any_of(active.begin(), active.end(), [&](const Siege& g) { return g.me == me.id; })) {
            // Still besieged (or just raised above): nothing new.
            SQLite::Statement q(db, "SELECT COUNT(*) FROM siege WHERE me_id = ? AND end_week IS NULL");
            q.bind(1, me.id);
            q.executeStep();
            if (q.getColumn(0).getInt() > 0) continue;
        }
        const auto c = rules::checkSiege(s, me);
        if (!c.besieged) continue;
        const auto* ua = s.urbanArea(c.ua);
        const auto roll = dice.roll(
            {"siege supply of " + me.label + " in " + (ua ? ua->name : c.ua), "etat-major.md §11.4", me.id, 1, 6, 0});
        dice.effect(roll, me.label + " can live on " + (ua ? ua->name : c.ua) + " for " + std::to_string(roll.result) +
                              " week(s); then attrition (told to its side)");
        SQLite::Statement q(db, "INSERT INTO siege (ua_id, me_id, side_id, besieger, start_week, start_day, supply_weeks) "
                                "VALUES (?,?,?,?,?,?,?)");
        q.bind(1, c.ua);
        q.bind(2, me.id);
        q.bind(3, me.side);
        q.bind(4, c.besieger);
        q.bind(5, s.week);
        q.bind(6, day);
        q.bind(7, roll.result);
        q.exec();
        lines.push_back(me.label + " is besieged in " + (ua ? ua->name : c.ua) + " (§11.4): stores for " +
                        std::to_string(roll.result) + " week(s)");
    }
}

void runSiegeSupplyPhase(SQLite::Database& db, CampaignState& s, dice::Dice& dice, std::vector<std::string>& lines) {
    updateSieges(db, s, dice, lines, true);
    const Season season = s.seasonOfWeek(s.week);
    std::map<std::string, std::vector<Siege>> byTown;
    for (const auto& g : activeSieges(db)) byTown[g.ua].push_back(g);
    for (const auto& [town, sieges] : byTown) {
        std::string fed;
        for (const auto& g : sieges) {
            if (rules::siegeSupplied(g.startWeek, g.startDay == 0, g.supplyWeeks, s.week)) fed += (fed.empty() ? "" : " ") + g.me;
            else if (s.options.is("siege_attrition", "weekly")) starve(db, s, g, lines);
        }
        const auto* ua = s.urbanArea(town);
        if (fed.empty() && ua && s.options.is("siege_starved_supply", "none")) {
            // §11.4: the stores are gone; the town feeds nobody this week (it is shut in, and its garrison starves).
            SQLite::Statement del(db,
                                  "DELETE FROM supply_ledger WHERE week = ? AND kind IN ('ua_income', 'ua_unclaimed') AND source = ?");
            del.bind(1, s.week);
            del.bind(2, town);
            del.exec();
            for (const auto& g : sieges) {
                SQLite::Statement forage(db, "DELETE FROM supply_ledger WHERE week = ? AND kind = 'forage' AND me_id = ?");
                forage.bind(1, s.week);
                forage.bind(2, g.me);
                forage.exec();
                ledgerRow(db, s.week, g.side, "siege_starved", town, g.me, "", 0, 0,
                          "no supply points while the stores are gone (§11.4)");
            }
            lines.push_back(ua->name + "'s garrison has no stores left: it draws no supply points this week (§11.4)");
            continue;
        }
        if (fed.empty() || !ua) continue;
        // §9.6 item 4: the garrison draws on its town alone, and the town feeds only its garrison.
        SQLite::Statement del(db, "DELETE FROM supply_ledger WHERE week = ? AND kind IN ('ua_income', 'ua_unclaimed') AND source = ?");
        del.bind(1, s.week);
        del.bind(2, town);
        del.exec();
        const int value = ua->controller == sieges.front().side ? rules::urbanWeeklyValue(*ua, season, s.options) : 0;
        ledgerRow(db, s.week, sieges.front().side, "siege_income", town, "", "", 0, value, fed);
        lines.push_back(ua->name + " feeds its besieged garrison (" + fed + "): " + std::to_string(value) + " SP");
    }
}

void runSiegeNight(SQLite::Database& db, CampaignState& s, dice::Dice& dice, std::vector<std::string>& lines) {
    updateSieges(db, s, dice, lines, false);
    if (!s.options.is("siege_attrition", "daily")) return;
    for (const auto& g : activeSieges(db))
        if (!rules::siegeSupplied(g.startWeek, g.startDay == 0, g.supplyWeeks, s.week)) starve(db, s, g, lines);
}

SupplyCommandResult applyAnswerTerms(db::CampaignStore& store, const std::string& side, int siegeId, bool accept) {
    SupplyCommandResult r;
    auto& db = store.impl().db;
    store.transaction([&] {
        auto s = db::loadState(store);
        SQLite::Statement q(db, "SELECT me_id, side_id, besieger, terms, reply, ua_id FROM siege WHERE id = ? AND end_week IS NULL");
        q.bind(1, siegeId);
        if (!q.executeStep()) {
            r.issues.error("SIEGE-ID", "there is no siege " + std::to_string(siegeId) + " under way", 0, "siege");
            return;
        }
        const std::string meId = q.getColumn(0).getString(), besieged = q.getColumn(1).getString(),
                          besieger = q.getColumn(2).getString(), terms = q.getColumn(3).getString(),
                          reply = q.getColumn(4).getString(), town = q.getColumn(5).getString();
        if (side != besieged) {
            r.issues.error("SIEGE-SIDE", "only the besieged side (" + besieged + ") answers terms", 0, "side");
            return;
        }
        if (terms.empty()) {
            r.issues.error("SIEGE-TERMS", "no terms have been offered at siege " + std::to_string(siegeId), 0, "siege");
            return;
        }
        if (!reply.empty()) {
            r.issues.error("SIEGE-TERMS", "the terms were already " + reply, 0, "siege");
            return;
        }
        SQLite::Statement u(db, "UPDATE siege SET reply = ? WHERE id = ?");
        u.bind(1, accept ? "accepted" : "refused");
        u.bind(2, siegeId);
        u.exec();
        if (accept) {
            int points = 0;
            for (auto& unit : s.units) {
                if (unit.me != meId || unit.removed) continue;
                points += rules::replacementCost(unit, unit.figuresCurrent, s.options);
                for (const auto& g : unit.guns) points += gunStandCost(g.calibre) * g.standsCurrent;
                unit.lostCombat += unit.figuresCurrent;
                unit.figuresCurrent = 0;
                unit.standsCurrent = 0;
                unit.removed = true;
                unit.me.clear();
            }
            for (auto& g : s.generals)
                if (g.me == meId && g.status == GeneralStatus::Active) g.status = GeneralStatus::Captured;
            for (auto& m : s.mes)
                if (m.id == meId) m.onMap = false;
            if (auto* sd = s.side(besieged)) sd->pointsLost += points;
            if (auto* ua = s.urbanArea(town)) ua->controller = besieger;
            endSiege(db, s, siegeId, "surrendered", isDaily(s.phase) ? s.day : 0);
            db::saveState(store, s);
            r.lines.push_back("the garrison of " + town + " surrenders on the terms offered: " + std::to_string(points) +
                              " points captured; " + town + " passes to " + besieger);
        } else {
            r.lines.push_back("the terms at " + town + " are refused: once the works are breached, no quarter (§11.4, G-98)");
        }
    });
    return r;
}

std::string siegesJson(const db::CampaignStore& store, const std::string& side) {
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    SQLite::Statement q(
        db, "SELECT id, ua_id, me_id, side_id, besieger, start_week, start_day, supply_weeks, terms, reply, "
            "attrition_applied, COALESCE(end_week, 0), end_reason FROM siege WHERE side_id = ?1 OR besieger = ?1 ORDER BY id");
    q.bind(1, side);
    while (q.executeStep()) {
        nlohmann::ordered_json g{{"id", q.getColumn(0).getInt()},          {"town", q.getColumn(1).getString()},
                                 {"garrison", q.getColumn(2).getString()}, {"besieged", q.getColumn(3).getString()},
                                 {"besieger", q.getColumn(4).getString()}, {"startWeek", q.getColumn(5).getInt()},
                                 {"startDay", q.getColumn(6).getInt()}};
        // The stores roll is known to the defender only (§11.4).
        if (q.getColumn(3).getString() == side) g["supplyWeeks"] = q.getColumn(7).getInt();
        g["terms"] = q.getColumn(8).getString();
        g["reply"] = q.getColumn(9).getString();
        g["attritionApplied"] = q.getColumn(10).getInt();
        g["endWeek"] = q.getColumn(11).getInt();
        g["endReason"] = q.getColumn(12).getString();
        out.push_back(g);
    }
    return out.dump(2);
}

}  // namespace etatmajor::engine

namespace etatmajor::engine {

std::vector<std::string> starvingGarrisons(SQLite::Database& db, const campaign::CampaignState& s) {
    std::vector<std::string> out;
    if (!s.options.is("siege_starved_supply", "none")) return out;
    for (const auto& g : activeSieges(db))
        if (!rules::siegeSupplied(g.startWeek, g.startDay == 0, g.supplyWeeks, s.week)) out.push_back(g.me);
    return out;
}

}  // namespace etatmajor::engine
