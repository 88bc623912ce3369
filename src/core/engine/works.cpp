// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/works_db.hpp"

#include "engine/grant_db.hpp"
#include "engine/supply_orders_db.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/rules/orders.hpp"
#include "etatmajor/rules/works.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace etatmajor::engine {

using namespace campaign;

namespace {

struct Action {
    std::string me, kind, note;
    Mode mode = Mode::Forage;
};

// The actions of today's orders that reached their ME (G-29: an order not received does nothing).
std::vector<Action> todaysActions(SQLite::Database& db, const CampaignState& s) {
    std::vector<Action> out;
    SQLite::Statement q(db, "SELECT me_id, body FROM order_sheet WHERE week = ? AND day = ? AND receipt IS NOT NULL AND "
                            "receipt <> 'not_received' ORDER BY side_id, me_id");
    q.bind(1, s.week);
    q.bind(2, s.day);
    while (q.executeStep()) {
        const auto body = nlohmann::json::parse(q.getColumn(1).getString());
        const Mode mode = modeFromName(body.value("mode", "forage")).value_or(Mode::Forage);
        for (const auto& a : body.value("actions", nlohmann::json::array()))
            out.push_back({q.getColumn(0).getString(), a.value("kind", ""), a.value("note", ""), mode});
    }
    return out;
}

bool enemyIn(const CampaignState& s, const MeState& me, hex::Hex h) {
    return std::any_of(s.mes.begin(), s.mes.end(), [&](const MeState& e) { return e.onMap && e.side != me.side && e.hex == h; });
}

int pontoonsLeft(SQLite::Database& db, const CampaignState& s, const std::string& me) {
    int engineers = 0;
    for (const auto* u : s.unitsOf(me))
        if (u->type == UnitType::Engineers && u->figuresCurrent > 0) ++engineers;  // §13.1: each group has one pontoon
    SQLite::Statement b(
        db, "SELECT COALESCE(SUM(count), 0) FROM supply_request WHERE me_id = ? AND kind = 'pontoon' AND status = 'bought'");
    b.bind(1, me);
    b.executeStep();
    SQLite::Statement l(db, "SELECT COUNT(*) FROM crossing_laid WHERE me_id = ? AND kind = 'pontoon'");
    l.bind(1, me);
    l.executeStep();
    return engineers + b.getColumn(0).getInt() - l.getColumn(0).getInt();
}

// Removes the pontoon `me` laid across the hexside between its hex and `across` (laid from either bank); the number of
// pontoons taken up (0 or 1).
int takeUpPontoon(SQLite::Database& db, const MeState& me, hex::Hex across, int dir) {
    SQLite::Statement d(db, "DELETE FROM crossing_laid WHERE kind = 'pontoon' AND me_id = ? AND "
                            "((q = ? AND r = ? AND dir = ?) OR (q = ? AND r = ? AND dir = ?))");
    d.bind(1, me.id);
    d.bind(2, me.hex.q);
    d.bind(3, me.hex.r);
    d.bind(4, dir);
    d.bind(5, across.q);
    d.bind(6, across.r);
    d.bind(7, (dir + 3) % 6);
    return d.exec();
}

// What the hexside is once a pontoon is gone: a crossing still laid there by anyone, else the map's own crossing.
map::Crossing crossingAfterTakeUp(SQLite::Database& db, hex::Hex h, int dir) {
    const hex::Hex across = hex::neighbour(h, dir);
    SQLite::Statement q(db, "SELECT COUNT(*) FROM crossing_laid WHERE (q = ? AND r = ? AND dir = ?) OR (q = ? AND r = ? AND dir = ?)");
    q.bind(1, h.q);
    q.bind(2, h.r);
    q.bind(3, dir);
    q.bind(4, across.q);
    q.bind(5, across.r);
    q.bind(6, (dir + 3) % 6);
    q.executeStep();
    if (q.getColumn(0).getInt() > 0) return map::Crossing::Bridge;
    const auto original =
        io::readMapString(db.execAndGet("SELECT source_xml FROM map_meta WHERE id = 1").getString(), "(campaign map)").map;
    const auto* side = original.hexside(h, dir);
    return side ? side->crossing : map::Crossing::None;
}

// Whether the ME entered any hex today (the movement record: D12 has already cleared the day's counters).
bool movedToday(SQLite::Database& db, const CampaignState& s, const std::string& me) {
    SQLite::Statement q(db, "SELECT path FROM movement WHERE week = ? AND day = ? AND me_id = ?");
    q.bind(1, s.week);
    q.bind(2, s.day);
    q.bind(3, me);
    return q.executeStep() && !q.getColumn(0).getString().empty();
}

int grantLeft(SQLite::Database& db, int week, const std::string& side) {
    SQLite::Statement q(db, "SELECT COALESCE(SUM(points), 0) FROM supply_ledger WHERE side_id = ? AND week = ? AND kind IN "
                            "('primary_grant', 'grant_purchase', 'grant_replacement', 'overnight_works')");
    q.bind(1, side);
    q.bind(2, week);
    q.executeStep();
    return q.getColumn(0).getInt();
}

}  // namespace

// Cost (D12): O(M) for each action of the day's orders (its ME found by a scan of every ME), O(U) for each unit of a
// draft that joins tonight (joinArrivedReinforcements finds its parent by a pass over every unit), one UPDATE a town.
void runNightActions(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines) {
    joinArrivedReinforcements(db, s, lines);
    const auto off = s.map.offsets();
    std::set<std::string> worked;  // UAs being destroyed tonight
    for (const auto& a : todaysActions(db, s)) {
        auto it = std::find_if(s.mes.begin(), s.mes.end(), [&](const MeState& m) { return m.id == a.me; });
        if (it == s.mes.end() || !it->onMap) continue;
        MeState& me = *it;
        const std::string who = me.label;
        if (a.kind == "build_earthworks") {
            // §11.5: under Reorganisation or Deployed-Defensive, with an engineer, in a hex it stayed in.
            if (!rules::buildsWorks(me.mode) || !rules::hasEngineer(s, me.id) || movedToday(db, s, me.id)) {
                lines.push_back(who + " cannot dig tonight (needs a Reorganisation or Deployed-Defensive order, an engineer, "
                                      "and a day without moving; §11.5)");
                continue;
            }
            auto works = rules::nightWorks(s.options);
            if (works.cost > 0) {
                // G-99 paid: paid from what is left of the week's primary grant (local SPs expired at W4).
                const int each = works.cost / works.count;
                works.count = std::min(works.count, grantLeft(db, s.week, me.side) / each);
                works.cost = works.count * each;
                if (works.count > 0)
                    ledgerRow(db, s.week, me.side, "overnight_works", "primary LOC", me.id, "", works.count, -works.cost, "G-99 paid");
            }
            if (works.count == 0) {
                lines.push_back(who + " has no SPs left to pay for tonight's works (overnight_works = paid)");
                continue;
            }
            if (s.options.is("earthworks_accumulate", "no")) {
                SQLite::Statement d(db, "DELETE FROM earthwork WHERE q = ? AND r = ? AND side_id = ? AND how = 'overnight'");
                d.bind(1, me.hex.q);
                d.bind(2, me.hex.r);
                d.bind(3, me.side);
                d.exec();
            }
            SQLite::Statement w(
                db, "INSERT INTO earthwork (q, r, side_id, me_id, count, class, how, week, day) VALUES (?,?,?,?,?,?,'overnight',?,?)");
            w.bind(1, me.hex.q);
            w.bind(2, me.hex.r);
            w.bind(3, me.side);
            w.bind(4, me.id);
            w.bind(5, works.count);
            w.bind(6, std::string(rules::workClassName(works.workClass)));
            w.bind(7, s.week);
            w.bind(8, s.day);
            w.exec();
            lines.push_back(who + " digs " + std::to_string(works.count) + " " + std::string(rules::workClassName(works.workClass)) +
                            " works at " + hex::formatOffset(off.toOffset(me.hex)) + " (§11.5)");
        } else if (a.kind == "destroy_ua") {
            // §9.2.4 / G-84: a day under Reorganisation in the uncontested UA hex (ua_destroy_time).
            auto* ua = const_cast<UrbanState*>(s.urbanAt(me.hex));
            if (!ua || ua->destroyed || me.mode != Mode::Reorganisation || movedToday(db, s, me.id) || enemyIn(s, me, me.hex)) {
                lines.push_back(who + " cannot destroy an urban area tonight (§9.2.4: a Reorganisation day in an uncontested UA)");
                continue;
            }
            worked.insert(ua->id);
            SQLite::Statement d(db, "UPDATE urban_area SET destroy_days = destroy_days + 1 WHERE id = ? RETURNING destroy_days");
            d.bind(1, ua->id);
            d.executeStep();
            const int days = d.getColumn(0).getInt();
            const int needed = s.options.is("ua_destroy_time", "one_week") ? 7 : 1;
            if (days >= needed) {
                ua->destroyed = true;
                lines.push_back(who + " destroys " + ua->name + ": it yields nothing for the rest of the campaign (§9.2.4, G-84)");
            } else {
                lines.push_back(who + " works to destroy " + ua->name + ": day " + std::to_string(days) + " of " +
                                std::to_string(needed));
            }
        } else if (a.kind == "destroy_transport") {
            // §11.1: troops holding a UA destroy its water transport for good, with a Reorganisation order.
            const auto* ua = s.urbanAt(me.hex);
            if (!ua || ua->controller != me.side || me.mode != Mode::Reorganisation) {
                lines.push_back(who + " cannot destroy water transport here (§11.1: hold the UA, Reorganisation order)");
                continue;
            }
            SQLite::Statement d(db, "UPDATE urban_area SET transport_destroyed = 1 WHERE id = ?");
            d.bind(1, ua->id);
            d.exec();
            SQLite::Statement t(db, "UPDATE transport SET destroyed = 1 WHERE q = ? AND r = ? AND carrying = ''");
            t.bind(1, me.hex.q);
            t.bind(2, me.hex.r);
            t.exec();
            lines.push_back(who + " burns the boats of " + ua->name + " (§11.1)");
        } else if (a.kind == "lay_pontoon") {
            const auto target = hex::parseOffset(a.note);
            const hex::Hex to = target ? off.toHex(*target) : me.hex;
            const int dir = hex::directionTo(me.hex, to);
            const auto* side = dir < 0 ? nullptr : s.map.hexside(me.hex, dir);
            if (!rules::hasEngineer(s, me.id) || !side || side->watercourse == map::Watercourse::None ||
                pontoonsLeft(db, s, me.id) <= 0) {
                lines.push_back(who + " cannot lay a pontoon to " + a.note + " (needs an engineer, a pontoon and a river beside it)");
                continue;
            }
            SQLite::Statement p(db, "INSERT OR REPLACE INTO crossing_laid (q, r, dir, kind, side_id, me_id, week, day) "
                                    "VALUES (?,?,?,'pontoon',?,?,?,?)");
            p.bind(1, me.hex.q);
            p.bind(2, me.hex.r);
            p.bind(3, dir);
            p.bind(4, me.side);
            p.bind(5, me.id);
            p.bind(6, s.week);
            p.bind(7, s.day);
            p.exec();
            s.map.hexsideRef(me.hex, dir).crossing = map::Crossing::Bridge;
            lines.push_back(who + " lays a pontoon bridge across the " + side->name + " to " + a.note + " (§10.3)");
        } else if (a.kind == "take_up_pontoon") {
            // §10.3 / G-55: the ME that laid a pontoon takes it up from either bank, overnight; it may lay it again.
            const auto target = hex::parseOffset(a.note);
            const hex::Hex across = target ? off.toHex(*target) : me.hex;
            const int dir = hex::directionTo(me.hex, across);
            const int removed = dir < 0 || !rules::hasEngineer(s, me.id) ? 0 : takeUpPontoon(db, me, across, dir);
            if (removed == 0) {
                lines.push_back(who + " has no pontoon of its own to take up between " + hex::formatOffset(off.toOffset(me.hex)) +
                                " and " + a.note + " (it must stand on a bank of a pontoon it laid, with its engineers; §10.3)");
                continue;
            }
            s.map.hexsideRef(me.hex, dir).crossing = crossingAfterTakeUp(db, me.hex, dir);
            lines.push_back(who + " takes up its pontoon bridge to " + a.note + " and carries it on (§10.3)");
        } else if (a.kind == "offer_terms") {
            // §11.4: terms to a garrison this ME besieges.
            SQLite::Statement q(db, "SELECT g.id, ua.q, ua.r FROM siege g JOIN urban_area ua ON ua.id = g.ua_id "
                                    "WHERE g.end_week IS NULL AND g.besieger = ? AND g.reply = ''");
            q.bind(1, me.side);
            int siege = 0;
            while (q.executeStep())
                if (hex::distance(hex::Hex{q.getColumn(1).getInt(), q.getColumn(2).getInt()}, me.hex) == 1)
                    siege = q.getColumn(0).getInt();
            if (siege == 0) {
                lines.push_back(who + " besieges nobody it could offer terms to (§11.4)");
                continue;
            }
            SQLite::Statement u(db, "UPDATE siege SET terms = ?, terms_week = ?, terms_day = ? WHERE id = ?");
            u.bind(1, a.note.empty() ? std::string("surrender with the honours of war") : a.note);
            u.bind(2, s.week);
            u.bind(3, s.day);
            u.bind(4, siege);
            u.exec();
            lines.push_back(who + " offers terms at siege " + std::to_string(siege) + " (answer with siege answer)");
        }
    }
    // G-84 one_week: the work must go on night after night.
    SQLite::Statement reset(db, "UPDATE urban_area SET destroy_days = 0 WHERE destroy_days > 0 AND id = ?");
    for (const auto& ua : s.urban)
        if (!worked.count(ua.id)) {
            reset.bind(1, ua.id);
            reset.exec();
            reset.reset();
        }
}

std::vector<battle::WorksSpec> battleWorks(SQLite::Database& db, const CampaignState& s, hex::Hex h,
                                           const std::vector<std::string>& sideIds) {
    std::vector<battle::WorksSpec> out;
    for (std::size_t i = 0; i < sideIds.size() && i < 2; ++i) {
        const bool stayed = std::any_of(s.mes.begin(), s.mes.end(), [&](const MeState& m) {
            return m.onMap && m.side == sideIds[i] && m.hex == h && m.movedToday == 0;
        });
        if (!stayed) continue;
        SQLite::Statement q(db, "SELECT class, COALESCE(SUM(count), 0) FROM earthwork WHERE q = ? AND r = ? AND side_id = ? AND "
                                "(week < ? OR (week = ? AND day < ?)) GROUP BY class");
        q.bind(1, h.q);
        q.bind(2, h.r);
        q.bind(3, sideIds[i]);
        q.bind(4, s.week);
        q.bind(5, s.week);
        q.bind(6, s.day);
        int heavy = 0, light = 0;
        while (q.executeStep()) (q.getColumn(0).getString() == "heavy" ? heavy : light) += q.getColumn(1).getInt();
        if (heavy + light == 0) continue;
        battle::WorksSpec w;
        w.side = static_cast<int>(i);
        w.heavy = heavy > 0;
        w.redoubts = heavy > 0 ? heavy : light;  // each work holds one battery or one unit (§11.5)
        w.restLight = heavy > 0 && light > 0;
        w.guns = true;
        out.push_back(w);
    }
    return out;
}

}  // namespace etatmajor::engine
