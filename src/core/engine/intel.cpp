// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/intel_db.hpp"

#include "db/store_impl.hpp"
#include "engine/orders_db.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/intel.hpp"
#include "etatmajor/rules/scouting.hpp"
#include "etatmajor/map/map.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <sstream>

namespace etatmajor::engine {

using namespace campaign;
using nlohmann::ordered_json;

namespace {

bool reportedToday(SQLite::Database& db, int week, int day, const std::string& observer, const std::string& targets) {
    SQLite::Statement q(db, "SELECT COUNT(*) FROM intel_report WHERE week = ? AND day = ? AND observer_me = ? AND target_mes = ?");
    q.bind(1, week);
    q.bind(2, day);
    q.bind(3, observer);
    q.bind(4, targets);
    q.executeStep();
    return q.getColumn(0).getInt() > 0;
}

void store(SQLite::Database& db, const CampaignState& s, const std::string& side, const std::string& observer, hex::Hex at,
           const std::string& targets, const std::string& intelCase, rules::IntelDetail detail, const ordered_json& reported,
           const ordered_json& truth, const std::string& mode) {
    SQLite::Statement q(db, "INSERT INTO intel_report (week, day, side_id, observer_me, q, r, target_mes, intel_case, detail, "
                            "reported, true_counts, mode_reported) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)");
    q.bind(1, s.week);
    q.bind(2, s.day);
    q.bind(3, side);
    q.bind(4, observer);
    q.bind(5, at.q);
    q.bind(6, at.r);
    q.bind(7, targets);
    q.bind(8, intelCase);
    q.bind(9, detail == rules::IntelDetail::Full ? "full" : detail == rules::IntelDetail::Numbers ? "numbers" : "nothing");
    q.bind(10, reported.dump());
    q.bind(11, truth.dump());
    q.bind(12, mode);
    q.exec();
}

ordered_json countsJson(const std::vector<rules::TypeCount>& counts) {
    ordered_json out = ordered_json::array();
    for (const auto& c : counts) out.push_back({{"kind", c.kind}, {"nationality", c.nationality}, {"count", c.count}});
    return out;
}

}  // namespace

namespace {

bool evadeTarget(const CampaignState& s, const MeState& me, hex::Hex h) {
    if (!s.map.contains(h) || map::isWater(s.map.terrain(h))) return false;
    int friends = 0;
    for (const auto& f : s.mes) {
        if (!f.onMap || f.id == me.id || f.hex != h) continue;
        if (f.side != me.side) return false;
        ++friends;
    }
    return friends < 3;
}

std::vector<std::string> splitWords(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

}  // namespace

std::optional<hex::Hex> evadeHex(const CampaignState& s, const MeState& me, hex::Hex from, std::optional<hex::Hex> preferred,
                                 hex::Hex away) {
    if (preferred && hex::distance(*preferred, from) == 1 && evadeTarget(s, me, *preferred)) return preferred;
    std::optional<hex::Hex> best;
    int bestDistance = -1;
    for (const hex::Hex n : hex::neighbours(from)) {
        if (!evadeTarget(s, me, n)) continue;
        const int d = hex::distance(n, away);
        if (d > bestDistance) {
            best = n;
            bestDistance = d;
        }
    }
    return best;
}

void retreatFurther(const CampaignState& s, const MeState& me, std::vector<hex::Hex>& path, std::vector<hex::Hex> cameBy,
                    hex::Hex enemy, int further) {
    if (path.empty()) return;
    std::vector<hex::Hex> visited(path.begin(), path.end());
    for (int step = 0; step < further; ++step) {
        const hex::Hex here = path.back();
        std::optional<hex::Hex> next;
        // Back the way it came while that way leads on and does not turn toward the enemy.
        while (!cameBy.empty() && !next) {
            const hex::Hex h = cameBy.front();
            cameBy.erase(cameBy.begin());
            if (std::find(visited.begin(), visited.end(), h) != visited.end()) continue;
            if (hex::distance(h, here) == 1 && evadeTarget(s, me, h) && hex::distance(h, enemy) >= hex::distance(here, enemy))
                next = h;
            else cameBy.clear();
        }
        if (!next) {
            int bestDistance = hex::distance(here, enemy);
            for (const hex::Hex n : hex::neighbours(here)) {
                if (std::find(visited.begin(), visited.end(), n) != visited.end() || !evadeTarget(s, me, n)) continue;
                const int d = hex::distance(n, enemy);
                if (d > bestDistance) {
                    next = n;
                    bestDistance = d;
                }
            }
        }
        if (!next) return;
        path.push_back(*next);
        visited.push_back(*next);
    }
}

std::vector<std::string> evadeEnteredScouts(SQLite::Database& db, CampaignState& s, const MeState& mover, hex::Hex at,
                                            hex::Hex moverFrom, std::vector<std::string>& lines) {
    std::vector<std::string> gone;
    const auto off = s.map.offsets();
    for (auto& e : s.mes) {
        if (!e.onMap || e.side == mover.side || e.hex != at || e.mode != Mode::Scouting) continue;
        if (scoutContactToday(db, s, e.id) == "engage") continue;  // it stands and fights
        bool engaged = false;  // already sharing its hex with another enemy ME: it cannot slip away
        for (const auto& o : s.mes)
            if (o.onMap && o.side != e.side && o.id != mover.id && o.hex == at) engaged = true;
        if (engaged) continue;
        const auto to = evadeHex(s, e, at, std::nullopt, moverFrom);
        if (!to) continue;
        e.hex = *to;
        e.revealed = true;  // the contact turned it over before it went
        gone.push_back(e.id);
        lines.push_back("  " + e.label + ", entered by " + mover.label + ", evades to " + hex::formatOffset(off.toOffset(*to)) +
                        " (G-33 yes_one_hex)");
    }
    return gone;
}

std::map<std::string, std::vector<hex::Hex>> scoutPursuits(SQLite::Database& db, const CampaignState& s) {
    std::map<std::string, std::vector<hex::Hex>> out;
    SQLite::Statement q(
        db, "SELECT me_id FROM movement WHERE week = ? AND day = ? AND phase = 'D4' AND stopped_by LIKE 'scouted the enemy (%' "
            "AND stopped_by NOT LIKE '%(engage)' ORDER BY me_id");
    q.bind(1, s.week);
    q.bind(2, s.day);
    std::vector<std::string> scouts;
    while (q.executeStep()) scouts.push_back(q.getColumn(0).getString());
    for (const auto& id : scouts) {
        const auto* scout = s.me(id);
        if (!scout || !scout->onMap) continue;
        bool engaged = false;
        for (const auto& o : s.mes)
            if (o.onMap && o.side != scout->side && o.hex == scout->hex) engaged = true;
        if (engaged) continue;
        SQLite::Statement r(db, "SELECT target_mes FROM intel_report WHERE week = ? AND day = ? AND observer_me = ?");
        r.bind(1, s.week);
        r.bind(2, s.day);
        r.bind(3, id);
        while (r.executeStep())
            for (const auto& target : splitWords(r.getColumn(0).getString())) {
                const auto* e = s.me(target);
                if (!e || !e->onMap || e->side == scout->side || e->pinned || out.count(e->id)) continue;
                bool held = false;
                for (const auto& o : s.mes)
                    if (o.onMap && o.side != e->side && o.hex == e->hex) held = true;
                if (held) continue;
                if (scoutContactToday(db, s, e->id) != "engage") continue;
                auto route = hex::line(e->hex, scout->hex);
                if (!route.empty()) route.erase(route.begin());
                if (!route.empty()) out[e->id] = std::move(route);
            }
    }
    return out;
}

std::vector<hex::Hex> scoutObserve(CampaignState& s, SQLite::Database& db, dice::Dice& dice, const MeState& scout,
                                   rules::Weather weather) {
    std::map<hex::Hex, std::vector<const MeState*>> seen;
    for (const auto& e : s.mes)
        if (e.onMap && e.side != scout.side && rules::scoutSees(s.map, scout.hex, e.hex, weather, s.options))
            seen[e.hex].push_back(&e);
    std::vector<hex::Hex> hexes;
    for (const auto& [h, enemies] : seen) hexes.push_back(h);
    std::sort(hexes.begin(), hexes.end(), [&](hex::Hex a, hex::Hex b) {
        const int da = hex::distance(scout.hex, a), dbb = hex::distance(scout.hex, b);
        return da != dbb ? da < dbb : a < b;
    });
    const int scoutPoints = rules::meScoutingPoints(s, scout.id);
    for (const hex::Hex h : hexes) {
        const auto& enemies = seen.at(h);
        std::string targets;
        std::vector<const UnitState*> units;
        int enemyScouts = 0;
        bool cavalryScouts = false;
        for (const auto* e : enemies) {
            targets += (targets.empty() ? "" : " ") + e->id;
            for (const auto* u : s.unitsOf(e->id)) units.push_back(u);
            if (rules::isScoutingCavalry(s, *e)) {
                cavalryScouts = true;
                enemyScouts += rules::meScoutingPoints(s, e->id);  // G-37 me_vs_hex_total
            }
        }
        if (reportedToday(db, s.week, s.day, scout.id, targets)) continue;
        std::string modes;
        for (const auto* e : enemies) modes += (modes.empty() ? "" : ", ") + std::string(modeName(e->mode));
        const auto truth = rules::describeUnits(units);
        if (!cavalryScouts) {
            // §8.6.2 case 1: exact composition, nationality and posture.
            store(db, s, scout.side, scout.id, h, targets, "1", rules::IntelDetail::Full, countsJson(truth), countsJson(truth), modes);
            continue;
        }
        // §8.6.3 case 2, both ways: the scout learns about the hex, or the enemy scouts learn about the scout.
        int theirs = enemyScouts;
        if (s.options.is("case2_compare", "me_vs_me")) {  // the strongest single scouting ME instead of the hex total
            theirs = 0;
            for (const auto* e : enemies)
                if (rules::isScoutingCavalry(s, *e)) theirs = std::max(theirs, rules::meScoutingPoints(s, e->id));
        }
        auto report = [&](const std::string& learner, const std::string& observer, rules::IntelDetail detail,
                          const std::vector<rules::TypeCount>& facts, const std::string& subject, const std::string& what,
                          const std::string& posture) {
            if (detail == rules::IntelDetail::Nothing) {
                store(db, s, learner, observer, h, what, "2", detail, ordered_json::array(), countsJson(facts), "");
                return;
            }
            if (detail == rules::IntelDetail::Full) {
                store(db, s, learner, observer, h, what, "2", detail, countsJson(facts), countsJson(facts), posture);
                return;
            }
            auto told = facts;  // numbers only, each count possibly misstated by the informing side (G-38)
            for (auto& t : told) t.count = rules::misstate(t.count, dice, s.options, subject);
            ordered_json numbers = ordered_json::array();
            for (const auto& t : told) numbers.push_back({{"kind", t.kind}, {"count", t.count}});
            store(db, s, learner, observer, h, what, "2", detail, numbers, countsJson(facts), "");
        };
        report(scout.side, scout.id, rules::case2Detail(scoutPoints, theirs), truth, scout.id, targets, modes);
        const auto back = rules::case2Detail(theirs, scoutPoints);
        if (back != rules::IntelDetail::Nothing)
            report(enemies.front()->side, enemies.front()->id, back, rules::describeUnits(s.unitsOf(scout.id)), enemies.front()->id,
                   scout.id, std::string(modeName(scout.mode)));
    }
    return hexes;
}

namespace {
ordered_json intelDocument(const db::CampaignStore& st, const std::string& side) {
    auto& db = const_cast<db::CampaignStore&>(st).impl().db;
    const auto s = db::loadState(st);
    if (!s.side(side)) throw db::StoreError("DB-UNKNOWN-SIDE", "the campaign has no side '" + side + "'");
    const auto off = s.map.offsets();
    ordered_json reports = ordered_json::array();
    SQLite::Statement q(db, "SELECT week, day, observer_me, q, r, intel_case, detail, reported, mode_reported FROM intel_report "
                            "WHERE side_id = ? ORDER BY week DESC, day DESC, id DESC");
    q.bind(1, side);
    while (q.executeStep()) {
        ordered_json r{{"week", q.getColumn(0).getInt()},
                       {"day", q.getColumn(1).getInt()},
                       {"observer", q.getColumn(2).getString()},
                       {"hex", hex::formatOffset(off.toOffset({q.getColumn(3).getInt(), q.getColumn(4).getInt()}))},
                       {"case", q.getColumn(5).getString()},
                       {"detail", q.getColumn(6).getString()},
                       {"reported", ordered_json::parse(q.getColumn(7).getString())}};
        if (!q.getColumn(8).getString().empty()) r["mode"] = q.getColumn(8).getString();
        reports.push_back(r);
    }
    return {{"side", side}, {"reports", reports}};
}
}  // namespace

std::string intelJson(const db::CampaignStore& store, const std::string& side) { return intelDocument(store, side).dump(2); }

std::string intelText(const db::CampaignStore& store, const std::string& side) {
    const auto doc = intelDocument(store, side);
    std::ostringstream out;
    out << "Intelligence reports of " << side << ":\n";
    if (doc["reports"].empty()) out << "  none yet\n";
    for (const auto& r : doc["reports"]) {
        out << "  W" << r["week"].get<int>() << " D" << r["day"].get<int>() << " " << r["observer"].get<std::string>() << " at "
            << r["hex"].get<std::string>() << ": ";
        const std::string detail = r["detail"];
        if (detail == "nothing") {
            out << "the enemy's scouts kept us out; nothing learned\n";
            continue;
        }
        std::string sep;
        for (const auto& c : r["reported"]) {
            out << sep << c["count"].get<int>() << " " << c["kind"].get<std::string>();
            if (c.contains("nationality")) out << " (" << c["nationality"].get<std::string>() << ")";
            sep = ", ";
        }
        if (r.contains("mode")) out << "; posture: " << r["mode"].get<std::string>();
        if (detail == "numbers") out << "  [numbers only; they may be misstated]";
        out << "\n";
    }
    return out.str();
}

}  // namespace etatmajor::engine
