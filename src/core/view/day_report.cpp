// SPDX-License-Identifier: GPL-3.0-or-later
// A side's day, told to that side (day_report.hpp).
#include "etatmajor/view/day_report.hpp"

#include "db/store_impl.hpp"
#include "etatmajor/hex/offset.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <sstream>

namespace etatmajor::view {

namespace {

using nlohmann::ordered_json;

struct MeRef {
    std::string side, label;
    bool revealed = false;
};

struct Ctx {
    SQLite::Database& db;
    const Viewer& viewer;
    hex::OffsetSystem offsets;
    std::map<std::string, MeRef> mes;
    std::map<std::string, std::string> sideNames;
    std::map<std::string, std::string> units;  // unit id -> side
    int week = 0, day = 0;

    bool ours(const std::string& side) const { return viewer.knows(side); }
    // A query of the day reported: its first two parameters are the week and the day.
    SQLite::Statement ofDay(const char* sql) const {
        SQLite::Statement q(db, sql);
        q.bind(1, week);
        q.bind(2, day);
        return q;
    }
    std::string at(int q, int r) const { return hex::formatOffset(offsets.toOffset({q, r})); }
    // How the viewer names an ME: its own (or any, for the host) by its label; an enemy's by its counter, turned over
    // or not (§2.2).
    std::string name(const std::string& id) const {
        const auto it = mes.find(id);
        if (it == mes.end()) return "an enemy counter";
        if (ours(it->second.side)) return it->second.label + (viewer.isHost() ? " (" + sideNames.at(it->second.side) + ")" : "");
        return it->second.revealed ? "the enemy's " + it->second.label : "a face-down enemy counter";
    }
};

std::vector<std::string> words(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// The movement table's reason, as the moving side may read it: an enemy is never named by its id.
std::string stopReason(const std::string& why) {
    if (why.rfind("contact with", 0) == 0) return "contact with the enemy";
    return why;
}

ReportSection orders(Ctx& c) {
    ReportSection s{"Orders", {}};
    auto g = c.ofDay("SELECT side_id, stand_fast FROM orders_submitted WHERE week = ? AND day = ? ORDER BY side_id");
    while (g.executeStep())
        if (c.ours(g.getColumn(0).getString()) && g.getColumn(1).getInt() != 0)
            s.lines.push_back((c.viewer.isHost() ? c.sideNames[g.getColumn(0).getString()] + " stood" : "We stood") +
                              std::string(" fast: no orders were written"));
    auto q = c.ofDay("SELECT me_id, side_id, body, receipt_roll, receipt_modifier, receipt FROM order_sheet "
                     "WHERE week = ? AND day = ? ORDER BY side_id, me_id");
    while (q.executeStep()) {
        if (!c.ours(q.getColumn(1).getString())) continue;
        const auto body = ordered_json::parse(q.getColumn(2).getString());
        std::string line = c.name(q.getColumn(0).getString()) + ": " + body.value("mode", std::string("?"));
        if (body.contains("path") && !body["path"].empty()) {
            line += ", by";
            for (const auto& h : body["path"]) line += " " + h.get<std::string>();
        }
        if (q.getColumn(5).isNull()) {
            line += "; receipt not yet rolled";
        } else {
            const std::string receipt = q.getColumn(5).getString();
            const int roll = q.getColumn(3).getInt(), mod = q.getColumn(4).getInt();
            std::string told = receipt == "not_received" ? "not received" : receipt;
            line += "; order " + told + " (rolled " + std::to_string(roll) + (mod >= 0 ? "+" : "") + std::to_string(mod) + ")";
        }
        s.lines.push_back(line);
    }
    return s;
}

ReportSection movement(Ctx& c) {
    ReportSection s{"Movement", {}};
    auto q = c.ofDay("SELECT me_id, phase, path, allowance, stopped_by FROM movement WHERE week = ? AND day = ? "
                     "ORDER BY phase, me_id");
    while (q.executeStep()) {
        const std::string me = q.getColumn(0).getString();
        const auto it = c.mes.find(me);
        if (it == c.mes.end() || !c.ours(it->second.side)) continue;
        const std::string path = q.getColumn(2).getString();
        std::string line = c.name(me) + " (" + q.getColumn(1).getString() + "): ";
        line += path.empty() ? "stayed where it was" : "moved " + path;
        const int moved = static_cast<int>(words(path).size());
        line += " (" + std::to_string(moved) + " of " + std::to_string(q.getColumn(3).getInt()) + " hexes)";
        const std::string why = q.getColumn(4).getString();
        if (!why.empty()) line += "; stopped: " + stopReason(why);
        s.lines.push_back(line);
    }
    return s;
}

ReportSection contacts(Ctx& c) {
    ReportSection s{"Contacts and sightings", {}};
    auto q = c.ofDay("SELECT phase, q, r, mover, met FROM contact WHERE week = ? AND day = ? ORDER BY id");
    while (q.executeStep()) {
        const std::string mover = q.getColumn(3).getString();
        const auto met = words(q.getColumn(4).getString());
        const std::string where = c.at(q.getColumn(1).getInt(), q.getColumn(2).getInt());
        const auto it = c.mes.find(mover);
        const bool moverOurs = it != c.mes.end() && c.ours(it->second.side);
        bool metOurs = false;
        for (const auto& m : met) {
            const auto jt = c.mes.find(m);
            metOurs = metOurs || (jt != c.mes.end() && c.ours(jt->second.side));
        }
        if (!moverOurs && !metOurs) continue;
        if (c.viewer.isHost()) {
            std::string names;
            for (const auto& m : met) names += (names.empty() ? "" : ", ") + c.name(m);
            s.lines.push_back(q.getColumn(0).getString() + " at " + where + ": " + c.name(mover) + " met " + names);
        } else if (moverOurs) {
            s.lines.push_back(q.getColumn(0).getString() + " at " + where + ": " + c.name(mover) + " made contact with the enemy");
        } else {
            std::string names;
            for (const auto& m : met) {
                const auto jt = c.mes.find(m);
                if (jt != c.mes.end() && c.ours(jt->second.side)) names += (names.empty() ? "" : ", ") + c.name(m);
            }
            s.lines.push_back(q.getColumn(0).getString() + " at " + where + ": the enemy made contact with " + names);
        }
    }
    if (!c.viewer.isHost()) {
        SQLite::Statement v(c.db, "SELECT q, r, phase, COUNT(*) FROM sighting WHERE side_id = ? AND week = ? AND day = ? "
                                  "GROUP BY q, r, phase ORDER BY phase, r, q");
        v.bind(1, c.viewer.side());
        v.bind(2, c.week);
        v.bind(3, c.day);
        while (v.executeStep())
            s.lines.push_back(v.getColumn(2).getString() + ": enemy counters sighted at " +
                              c.at(v.getColumn(0).getInt(), v.getColumn(1).getInt()));
    }
    return s;
}

ReportSection intelligence(Ctx& c) {
    ReportSection s{"Intelligence", {}};
    auto q = c.ofDay("SELECT side_id, observer_me, q, r, detail, reported, mode_reported FROM intel_report "
                     "WHERE week = ? AND day = ? ORDER BY side_id, id");
    while (q.executeStep()) {
        if (!c.ours(q.getColumn(0).getString())) continue;
        std::string line = c.name(q.getColumn(1).getString()) + " at " + c.at(q.getColumn(2).getInt(), q.getColumn(3).getInt()) + ": ";
        const std::string detail = q.getColumn(4).getString();
        if (detail == "nothing") {
            line += "the enemy's scouts kept ours out; nothing learned";
        } else {
            std::string sep;
            for (const auto& r : ordered_json::parse(q.getColumn(5).getString())) {
                line += sep + std::to_string(r.value("count", 0)) + " " + r.value("kind", std::string());
                sep = ", ";
            }
            if (!q.getColumn(6).getString().empty()) line += "; posture: " + q.getColumn(6).getString();
            if (detail == "numbers") line += " [numbers only; they may be misstated]";
        }
        s.lines.push_back(line);
    }
    return s;
}

// The weekly phases, told on the week's first day: who holds the strategic initiative (public, §7.1), the side's own
// initiative dice, its VCS (secret from the enemy, §7.2), and its own supply ledger of the week (§9).
ReportSection weekSection(Ctx& c) {
    ReportSection s{"The week", {}};
    if (c.day != 1) return s;
    SQLite::Statement q(
        c.db, "SELECT side_id, scouting_points, dice, total, winner, declined FROM initiative WHERE week = ? ORDER BY side_id");
    q.bind(1, c.week);
    while (q.executeStep()) {
        const std::string side = q.getColumn(0).getString();
        if (q.getColumn(4).getInt() != 0)
            s.lines.push_back(c.sideNames[side] + " won the strategic initiative" +
                              (q.getColumn(5).getInt() != 0 ? " and declined it" : ""));
        if (c.ours(side))
            s.lines.push_back((c.viewer.isHost() ? c.sideNames[side] : std::string("We")) + " rolled " + q.getColumn(2).getString() +
                              " for the initiative (" + std::to_string(q.getColumn(1).getInt()) + " scouting points), total " +
                              std::to_string(q.getColumn(3).getInt()));
    }
    SQLite::Statement v(c.db, "SELECT side_id, value, baseline FROM vcs_history WHERE week = ? ORDER BY side_id");
    v.bind(1, c.week);
    while (v.executeStep())
        if (c.ours(v.getColumn(0).getString()))
            s.lines.push_back((c.viewer.isHost() ? c.sideNames[v.getColumn(0).getString()] + "'s" : std::string("Our")) +
                              " VCS: " + std::to_string(v.getColumn(1).getInt()) + " of a baseline of " +
                              std::to_string(v.getColumn(2).getInt()));
    // The side's own reinforcements on a date (docs/formats/campaign.md): those come on this week, and those still due.
    SQLite::Statement a(c.db,
                        "SELECT me.side_id, a.me_id, a.week, a.arrived_week, me.q, me.r FROM me_arrival a JOIN me ON me.id = a.me_id "
                        "WHERE a.arrived_week = ? OR (a.arrived_week = 0 AND a.week > ?) ORDER BY a.week, a.me_id");
    a.bind(1, c.week);
    a.bind(2, c.week);
    while (a.executeStep()) {
        if (!c.ours(a.getColumn(0).getString())) continue;
        const std::string who = (c.viewer.isHost() ? c.sideNames[a.getColumn(0).getString()] + ": " : std::string()) +
                                c.name(a.getColumn(1).getString());
        if (a.getColumn(3).getInt() != 0)
            s.lines.push_back(who + " came onto the map at " + c.at(a.getColumn(4).getInt(), a.getColumn(5).getInt()));
        else
            s.lines.push_back(who + " is due in week " + std::to_string(a.getColumn(2).getInt()) + " at " +
                              c.at(a.getColumn(4).getInt(), a.getColumn(5).getInt()));
    }
    // A fleet that closes a side's sea (docs/formats/campaign.md "A fleet that closes the sea"): the blockaded side
    // learns of it in its week; the other side, whose fleet it is, knows it is coming.
    SQLite::Statement b(c.db, "SELECT id, blockade_week, blockade_by FROM side WHERE blockade_week > 0 ORDER BY ord");
    while (b.executeStep()) {
        const std::string side = b.getColumn(0).getString();
        const int week = b.getColumn(1).getInt();
        const std::string by = b.getColumn(2).getString();
        if (c.viewer.isHost()) {
            if (week >= c.week)
                s.lines.push_back(c.sideNames[side] + ": " + by +
                                  (week == c.week ? " closes the sea this week" : " closes the sea in week " + std::to_string(week)));
        } else if (c.ours(side)) {
            if (week == c.week)
                s.lines.push_back(by +
                                  " holds the sea from this week: our LOC entries by sea are closed, and new MEs come in by land");
        } else if (week > c.week) {
            s.lines.push_back(by + " is due in week " + std::to_string(week) +
                              ": from then the enemy's LOC entries by sea are closed");
        } else if (week == c.week) {
            s.lines.push_back(by + " holds the sea from this week: the enemy's LOC entries by sea are closed");
        }
    }
    // The side's own ledger entries of the week, one by one as `supply` shows them.
    SQLite::Statement l(c.db,
                        "SELECT side_id, kind, points, source, me_id, unit_id FROM supply_ledger WHERE week = ? ORDER BY side_id, id");
    l.bind(1, c.week);
    while (l.executeStep()) {
        if (!c.ours(l.getColumn(0).getString())) continue;
        std::string line = (c.viewer.isHost() ? c.sideNames[l.getColumn(0).getString()] + " supply: " : std::string("Our supply: ")) +
                           l.getColumn(1).getString() + " " + std::to_string(l.getColumn(2).getInt()) + " SP";
        for (int k = 3; k <= 5; ++k)
            if (!l.getColumn(k).getString().empty()) line += " " + l.getColumn(k).getString();
        s.lines.push_back(line);
    }
    return s;
}

ReportSection battles(Ctx& c) {
    ReportSection s{"Battles", {}};
    auto q = c.ofDay("SELECT id, q, r, status, summary FROM battle WHERE week = ? AND day = ? ORDER BY id");
    while (q.executeStep()) {
        const int id = q.getColumn(0).getInt();
        std::vector<std::string> ourMes;
        bool weTookPart = false;
        SQLite::Statement p(c.db, "SELECT me_id, side_id FROM battle_participant WHERE battle_id = ? ORDER BY side_id, me_id");
        p.bind(1, id);
        while (p.executeStep())
            if (c.ours(p.getColumn(1).getString())) {
                weTookPart = true;
                ourMes.push_back(c.name(p.getColumn(0).getString()));
            }
        if (!weTookPart) continue;
        std::string line = "Battle " + std::to_string(id) + " at " + c.at(q.getColumn(1).getInt(), q.getColumn(2).getInt()) + " (";
        for (std::size_t k = 0; k < ourMes.size(); ++k) line += (k ? ", " : "") + ourMes[k];
        line += "): ";
        const std::string status = q.getColumn(3).getString();
        line += status == "resolved"   ? q.getColumn(4).getString()
                : status == "tabletop" ? "to be fought on the table"
                                       : "not yet fought";
        s.lines.push_back(line);
        // Losses: our own unit by unit; the enemy's only as the figures seen to fall on the table (§8.11: points stay
        // secret with the VCS, §7.2).
        SQLite::Statement l(c.db,
                            "SELECT l.unit_id, u.name, u.side_id, l.figures_lost, l.stands_lost, l.routed, l.removed "
                            "FROM battle_loss l JOIN unit u ON u.id = l.unit_id WHERE l.battle_id = ? ORDER BY u.side_id, u.ord");
        l.bind(1, id);
        std::map<std::string, std::array<int, 3>> enemy;  // side: figures fallen, units routed, units gone
        while (l.executeStep()) {
            const std::string side = l.getColumn(2).getString();
            const int figures = l.getColumn(3).getInt();
            if (!c.ours(side)) {
                auto& e = enemy[side];
                e[0] += figures;
                e[1] += l.getColumn(5).getInt() != 0 && l.getColumn(6).getInt() == 0 ? 1 : 0;
                e[2] += l.getColumn(6).getInt() != 0 ? 1 : 0;
                continue;
            }
            if (figures == 0 && l.getColumn(5).getInt() == 0 && l.getColumn(6).getInt() == 0) continue;
            std::string u = "  " + l.getColumn(1).getString() + (c.viewer.isHost() ? " (" + c.sideNames[side] + ")" : "") + ": lost " +
                            std::to_string(figures) + (figures == 1 ? " figure" : " figures");
            if (const int stands = l.getColumn(4).getInt(); stands > 0)
                u += ", " + std::to_string(stands) + (stands == 1 ? " stand" : " stands");
            if (l.getColumn(5).getInt() != 0) u += ", routed";
            if (l.getColumn(6).getInt() != 0) u += ", removed";
            s.lines.push_back(u);
        }
        // Seen across a battlefield, the enemy's fallen are an estimate, not a count: to the nearest five figures,
        // "a few" under five (§8.11, docs/secrecy.md). Its units that routed off the field or were gone for good are
        // seen too; they tell a side where a clear result came from when few figures fell (routers leaving the
        // table count against their side, §2.21), without the enemy's points.
        for (const auto& [side, e] : enemy) {
            const auto [figures, routed, gone] = e;
            std::string seen = figures == 0 ? "the enemy lost no figures that we saw"
                               : figures < 5
                                   ? "the enemy lost a few figures on the field"
                                   : "the enemy lost about " + std::to_string((figures + 2) / 5 * 5) + " figures on the field";
            const auto units = [](int n) { return n == 1 ? std::string("one of its units") : std::to_string(n) + " of its units"; };
            if (routed > 0) seen += "; " + units(routed) + " routed off the field";
            if (gone > 0) seen += "; " + units(gone) + (gone == 1 ? " was" : " were") + " gone for good";
            s.lines.push_back("  " + seen);
        }
    }
    return s;
}

}  // namespace

DayReport dayReport(const db::CampaignStore& store, const Viewer& viewer, int week, int day) {
    requireViewer(store, viewer);
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    Ctx c{db, viewer, db::offsetSystem(db), {}, {}, {}, week, day};
    if (week == 0 && day == 0) {
        const auto info = store.info();
        c.week = info.week;
        c.day = info.day;
        // The last day played: before today's D1 (or this week's weekly phases) have run, that is the day before.
        if ((info.phase == campaign::Phase::D1 || campaign::isWeekly(info.phase)) && !(c.week == 1 && c.day == 1)) {
            if (campaign::isWeekly(info.phase) || c.day == 1) {
                --c.week;
                c.day = 7;
            } else {
                --c.day;
            }
        }
    }
    {
        SQLite::Statement q(db, "SELECT id, name FROM side ORDER BY ord");
        while (q.executeStep()) c.sideNames[q.getColumn(0).getString()] = q.getColumn(1).getString();
        SQLite::Statement m(db, "SELECT id, side_id, label, revealed FROM me");
        while (m.executeStep())
            c.mes[m.getColumn(0).getString()] = {m.getColumn(1).getString(), m.getColumn(2).getString(), m.getColumn(3).getInt() != 0};
    }
    DayReport r;
    r.viewer = viewer;
    r.week = c.week;
    r.day = c.day;
    {
        SQLite::Statement w(db, "SELECT weather, wind_from, daylight_turns FROM weather_day WHERE week = ? AND day = ?");
        w.bind(1, c.week);
        w.bind(2, c.day);
        if (w.executeStep())
            r.weather = w.getColumn(0).getString() + ", wind from the " + w.getColumn(1).getString() + ", " +
                        std::to_string(w.getColumn(2).getInt()) + " daylight battle turns";
    }
    if (c.day == 1) r.sections.push_back(weekSection(c));
    for (auto section : {orders(c), movement(c), contacts(c), intelligence(c), battles(c)}) r.sections.push_back(std::move(section));
    return r;
}

std::string dayReportText(const DayReport& r) {
    std::ostringstream out;
    out << "Report of week " << r.week << ", day " << r.day << " for " << (r.viewer.isHost() ? "the host" : r.viewer.side()) << "\n";
    out << "Weather: " << (r.weather.empty() ? "not yet rolled" : r.weather) << "\n";
    for (const auto& s : r.sections) {
        out << "\n" << s.title << ":\n";
        if (s.lines.empty()) out << "  nothing to report\n";
        for (const auto& l : s.lines) out << "  " << l << "\n";
    }
    return out.str();
}

std::string dayReportJson(const DayReport& r) {
    ordered_json sections = ordered_json::array();
    for (const auto& s : r.sections) sections.push_back({{"title", s.title}, {"lines", s.lines}});
    return ordered_json{{"view", r.viewer.name()}, {"week", r.week}, {"day", r.day}, {"weather", r.weather}, {"sections", sections}}
        .dump(2);
}

}  // namespace etatmajor::view
