// SPDX-License-Identifier: GPL-3.0-or-later
// Decoy counters (etat-major.md §2.3, §15.7; G-41, G-42). Decisions: docs/rules-mapping.md ("The rest of the daily
// cycle").
#include "engine/decoys_db.hpp"

#include "engine/fog_db.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/intel.hpp"
#include "etatmajor/rules/movement.hpp"
#include "etatmajor/rules/water.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace etatmajor::engine {

using namespace campaign;

namespace {

std::string at(const CampaignState& s, hex::Hex h) { return hex::formatOffset(s.map.offsets().toOffset(h)); }

std::vector<hex::Hex> parsePath(const CampaignState& s, const std::string& text) {
    std::vector<hex::Hex> out;
    std::string tok;
    auto flush = [&] {
        if (tok.empty()) return;
        if (const auto o = hex::parseOffset(tok)) out.push_back(s.map.offsets().toHex(*o));
        tok.clear();
    };
    for (const char ch : text) {
        if (ch == ' ') flush();
        else tok += ch;
    }
    flush();
    return out;
}

void removeDecoy(SQLite::Database& db, const std::string& id, int week, const std::string& by) {
    SQLite::Statement u(db, "UPDATE decoy SET removed_week = ?, removed_by = ? WHERE id = ?");
    u.bind(1, week);
    u.bind(2, by);
    u.bind(3, id);
    u.exec();
    SQLite::Statement f(db, "DELETE FROM sighting WHERE target = ?");  // known for what it was: no longer remembered
    f.bind(1, id);
    f.exec();
}

}  // namespace

std::vector<Decoy> activeDecoys(SQLite::Database& db) {
    std::vector<Decoy> out;
    SQLite::Statement q(db, "SELECT id, side_id, q, r, designated FROM decoy WHERE removed_week = 0 ORDER BY side_id, id");
    while (q.executeStep())
        out.push_back({q.getColumn(0).getString(),
                       q.getColumn(1).getString(),
                       {q.getColumn(2).getInt(), q.getColumn(3).getInt()},
                       q.getColumn(4).getString()});
    return out;
}

std::vector<rules::LocBlocker> decoyLocBlockers(SQLite::Database& db, const Options& options) {
    std::vector<rules::LocBlocker> out;
    if (!options.is("decoy_effects", "cuts_loc")) return out;
    for (const auto& d : activeDecoys(db)) out.push_back({d.id, d.side, d.hex});
    return out;
}

int decoyMovementRate(const std::string& designated, const Options& options) {
    const std::string& fixed = options.get("decoy_mr");
    if (fixed == "4") return 4;
    if (fixed == "6") return 6;
    // §8.7.1, G-43: the rate of the type the owner designated.
    if (designated == "irregular_cavalry") return 6;
    if (designated == "cavalry") return 5;
    return 4;
}

DecoyAllowance countDecoys(SQLite::Database& db, const std::string& side, int week) {
    DecoyAllowance out;
    out.perWeek = 4;  // §2.3's default, for a side row without its own figure
    SQLite::Statement per(db, "SELECT decoys_per_week FROM side WHERE id = ?");
    per.bind(1, side);
    if (per.executeStep()) out.perWeek = per.getColumn(0).getInt();
    // On the map (removed_week 0), or found during this week: §2.3, it still counts against this week's decoys.
    SQLite::Statement used(db, "SELECT COUNT(*) FROM decoy WHERE side_id = ? AND (removed_week = 0 OR removed_week = ?)");
    used.bind(1, side);
    used.bind(2, week);
    used.executeStep();
    out.usedThisWeek = used.getColumn(0).getInt();
    return out;
}

core::IssueList validateDecoyOrders(SQLite::Database& db, const CampaignState& s, const OrdersFile& f) {
    core::IssueList out;
    if (f.decoys.empty() || !s.side(f.side)) return out;
    const auto off = s.map.offsets();
    std::map<std::string, Decoy> mine;
    std::map<std::string, std::string> others;  // id -> side, of every decoy ever placed
    {
        SQLite::Statement q(db, "SELECT id, side_id, q, r, designated, removed_week FROM decoy");
        while (q.executeStep()) {
            const std::string id = q.getColumn(0).getString(), side = q.getColumn(1).getString();
            others[id] = side;
            if (side == f.side && q.getColumn(5).getInt() == 0)
                mine[id] = {id, side, {q.getColumn(2).getInt(), q.getColumn(3).getInt()}, q.getColumn(4).getString()};
        }
    }
    const DecoyAllowance count = countDecoys(db, f.side, s.week);
    int usedThisWeek = count.usedThisWeek;
    const int allowed = count.perWeek;
    std::map<hex::Hex, int> counters;  // the side's counters ending the day in each hex (G-41 decoys_stack)
    std::map<hex::Hex, std::vector<std::string>> names;
    std::map<hex::Hex, std::pair<std::string, int>> lastDecoy;  // the decoy ordered into the hex, and its line
    for (const auto& me : s.mes)
        if (me.side == f.side && me.onMap) {
            hex::Hex end = me.hex;
            for (const auto& o : f.orders)
                if (o.me == me.id && !o.path.empty()) end = off.toHex(o.path.back());
            ++counters[end];
            names[end].push_back("ME " + me.id);
        }
    std::set<std::string> seen;
    std::set<std::string> ordered;
    for (const auto& d : f.decoys) {
        const std::string who = "decoy " + d.id;
        if (!seen.insert(d.id).second) {
            out.error("ORDERS-DECOY", who + " has more than one order", d.line, d.id + ".id");
            continue;
        }
        if (others.count(d.id) && others[d.id] != f.side) {
            out.error("ORDERS-DECOY", who + " belongs to the other side", d.line, d.id + ".id");
            continue;
        }
        hex::Hex from;
        if (d.place) {
            if (mine.count(d.id)) {
                out.error("ORDERS-DECOY", who + " is already on the map; give it a path instead", d.line, d.id + ".place");
                continue;
            }
            // G-42: decoys go down in W5, that is before the week's first movement: on day 1's orders.
            if (s.day != 1) {
                out.error("ORDERS-DECOY", who + ": decoys are placed only with the orders of the week's first day (G-42)", d.line,
                          d.id + ".place");
                continue;
            }
            if (++usedThisWeek > allowed) {
                out.error("ORDERS-DECOY", who + ": side '" + f.side + "' may use " + std::to_string(allowed) + " decoys a week (§2.3)",
                          d.line, d.id + ".place");
                continue;
            }
            from = off.toHex(*d.place);
            if (!s.map.contains(from) || map::isWater(s.map.terrain(from))) {
                out.error("ORDERS-DECOY", who + ": " + hex::formatOffset(*d.place) + " is not a land hex of the map", d.line,
                          d.id + ".place");
                continue;
            }
            bool ok = false;
            if (s.options.is("decoy_placement", "anywhere_not_adjacent_enemy")) {
                ok = true;
                for (const auto& e : s.mes)
                    if (e.onMap && e.side != f.side && hex::distance(e.hex, from) <= 1) ok = false;
            } else {
                // G-42 friendly_hex: with a friendly ME, in a friendly urban area, or at the side's primary LOC entry.
                for (const auto& me : s.mes)
                    if (me.onMap && me.side == f.side && me.hex == from) ok = true;
                for (const auto& ua : s.urban)
                    if (ua.hex == from && ua.controller == f.side) ok = true;
                if (const auto* side = s.map.side(f.side))
                    for (const auto& e : side->locEntries)
                        if (e.kind == map::LocKind::Primary && e.hex == from && !rules::entryClosed(s, f.side, from)) ok = true;
            }
            if (!ok) {
                out.error("ORDERS-DECOY",
                          who + ": " + hex::formatOffset(*d.place) +
                              (s.options.is("decoy_placement", "anywhere_not_adjacent_enemy")
                                   ? " is next to an enemy ME (G-42)"
                                   : " holds no friendly ME, friendly urban area or primary LOC entry (G-42)"),
                          d.line, d.id + ".place");
                continue;
            }
        } else {
            const auto it = mine.find(d.id);
            if (it == mine.end()) {
                out.error("ORDERS-DECOY", who + ": no such decoy of side '" + f.side + "' on the map (place it first)", d.line,
                          d.id + ".id");
                continue;
            }
            from = it->second.hex;
        }
        ordered.insert(d.id);
        const int rate = decoyMovementRate(d.designated.empty() ? "infantry" : d.designated, s.options);
        if (static_cast<int>(d.path.size()) > rate)
            out.error("ORDERS-DECOY",
                      who + ": a route of " + std::to_string(d.path.size()) + " hexes is longer than its rate of " +
                          std::to_string(rate) + " (G-42)",
                      d.line, d.id + ".path");
        for (std::size_t i = 0; i < d.path.size(); ++i) {
            const hex::Hex to = off.toHex(d.path[i]);
            const std::string step = "step " + std::to_string(i + 1) + " (" + hex::formatOffset(d.path[i]) + ")";
            if (!s.map.contains(to) || hex::directionTo(from, to) < 0) {
                out.error("ORDERS-DECOY", who + ": " + step + " is off the map or not next to the previous hex", d.line,
                          d.id + ".path");
                break;
            }
            if (map::isWater(s.map.terrain(to))) {
                out.error("ORDERS-DECOY", who + ": " + step + " is water", d.line, d.id + ".path");
                break;
            }
            from = to;
        }
        ++counters[from];
        names[from].push_back("decoy " + d.id);
        lastDecoy[from] = {d.id + (d.place && d.path.empty() ? ".place" : ".path"), d.line};
    }
    for (const auto& [id, d] : mine)
        if (!ordered.count(id)) {
            ++counters[d.hex];
            names[d.hex].push_back("decoy " + id);
        }
    if (s.options.is("decoys_stack", "yes"))
        for (const auto& [h, n] : counters) {
            if (n <= 3 || !lastDecoy.count(h)) continue;  // MEs alone are the orders check's business
            std::string list;
            for (const auto& x : names[h]) list += (list.empty() ? "" : ", ") + x;
            const auto& [where, line] = lastDecoy[h];
            out.error("ORDERS-STACKING",
                      "decoy " + where.substr(0, where.find('.')) + ": " + std::to_string(n) + " counters of side '" + f.side + "' (" +
                          list + "; decoys count, G-41) would end the day in hex " + at(s, h) + "; the limit is three (§2.2)",
                      line, where);
        }
    return out;
}

void storeDecoyOrders(SQLite::Database& db, const CampaignState& s, const OrdersFile& f) {
    SQLite::Statement q(
        db, "INSERT OR REPLACE INTO decoy_order (week, day, side_id, decoy_id, place, designated, path) VALUES (?,?,?,?,?,?,?)");
    for (const auto& d : f.decoys) {
        std::string path;
        for (const auto& h : d.path) path += (path.empty() ? "" : " ") + hex::formatOffset(h);
        q.bind(1, s.week);
        q.bind(2, s.day);
        q.bind(3, f.side);
        q.bind(4, d.id);
        q.bind(5, d.place ? hex::formatOffset(*d.place) : std::string());
        q.bind(6, d.designated);
        q.bind(7, path);
        q.exec();
        q.reset();
    }
}

void placeDecoys(SQLite::Database& db, const CampaignState& s, std::vector<std::string>& lines) {
    SQLite::Statement q(db, "SELECT side_id, decoy_id, place, designated FROM decoy_order WHERE week = ? AND day = ? AND place <> '' "
                            "ORDER BY side_id, decoy_id");
    q.bind(1, s.week);
    q.bind(2, s.day);
    SQLite::Statement ins(
        db, "INSERT OR REPLACE INTO decoy (id, side_id, q, r, designated, placed_week, placed_day, removed_week, removed_by) "
            "VALUES (?,?,?,?,?,?,?,0,'')");
    std::map<std::string, int> placed;
    while (q.executeStep()) {
        const auto o = hex::parseOffset(q.getColumn(2).getString());
        if (!o) continue;
        const hex::Hex h = s.map.offsets().toHex(*o);
        ins.bind(1, q.getColumn(1).getString());
        ins.bind(2, q.getColumn(0).getString());
        ins.bind(3, h.q);
        ins.bind(4, h.r);
        ins.bind(5, q.getColumn(3).getString());
        ins.bind(6, s.week);
        ins.bind(7, s.day);
        ins.exec();
        ins.reset();
        ++placed[q.getColumn(0).getString()];
    }
    for (const auto& [side, n] : placed)
        lines.push_back((s.side(side) ? s.side(side)->name : side) + " place " + std::to_string(n) + " decoy(s) (§2.3)");
}

int revealDecoysAt(SQLite::Database& db, const CampaignState& s, const MeState& finder, hex::Hex h, std::vector<std::string>& lines) {
    int n = 0;
    for (const auto& d : activeDecoys(db)) {
        if (d.side == finder.side || d.hex != h) continue;
        removeDecoy(db, d.id, s.week, finder.id);
        lines.push_back("  " + finder.label + " finds a decoy at " + at(s, h) + ": removed for the rest of the week (§2.3)");
        ++n;
    }
    return n;
}

int revealDecoysSeenByScouts(SQLite::Database& db, const CampaignState& s, rules::Weather weather, std::vector<std::string>& lines) {
    int n = 0;
    for (const auto& d : activeDecoys(db))
        for (const auto& me : s.mes)
            if (me.onMap && me.side != d.side && me.mode == Mode::Scouting &&
                rules::scoutSees(s.map, me.hex, d.hex, weatherAtHex(db, s, me.hex, weather),
                                 s.options)) {  // the scout's weather (G-102)
                n += revealDecoysAt(db, s, me, d.hex, lines);
                break;
            }
    return n;
}

void moveDecoys(SQLite::Database& db, const CampaignState& s, const std::string& side, rules::Weather weather,
                std::vector<std::string>& lines) {
    std::map<std::string, std::string> paths;
    {
        SQLite::Statement q(db, "SELECT decoy_id, path FROM decoy_order WHERE week = ? AND day = ? AND side_id = ? AND path <> ''");
        q.bind(1, s.week);
        q.bind(2, s.day);
        q.bind(3, side);
        while (q.executeStep()) paths[q.getColumn(0).getString()] = q.getColumn(1).getString();
    }
    if (paths.empty()) return;
    SQLite::Statement u(db, "UPDATE decoy SET q = ?, r = ? WHERE id = ?");
    for (const auto& d : activeDecoys(db)) {
        if (d.side != side || !paths.count(d.id)) continue;
        const auto route = parsePath(s, paths[d.id]);
        rules::MoveInput in;
        in.mode = Mode::March;
        in.baseMr = decoyMovementRate(d.designated, s.options);
        in.weather = weatherAtHex(db, s, d.hex, weather);  // G-102: the weather of the hex it sets out from
        const auto plan = rules::planMove(s.map, d.hex, route, in, s.options);
        hex::Hex where = d.hex;
        bool found = false;
        for (const hex::Hex h : plan.entered) {
            int friends = 0;
            bool enemy = false;
            for (const auto& me : s.mes)
                if (me.onMap && me.hex == h) {
                    if (me.side == side) ++friends;
                    else enemy = true;
                }
            for (const auto& o : activeDecoys(db))
                if (o.side == side && o.id != d.id && o.hex == h) ++friends;
            where = h;
            if (enemy) {
                // §2.3: a decoy that enters an enemy ME's hex is found.
                removeDecoy(db, d.id, s.week, "");
                lines.push_back("  a decoy runs into the enemy at " + at(s, h) + " and is removed for the rest of the week (§2.3)");
                found = true;
                break;
            }
            if (friends >= 3 && s.options.is("decoys_stack", "yes") && h == plan.entered.back()) {
                where = h == plan.entered.front() ? d.hex : *(std::find(plan.entered.begin(), plan.entered.end(), h) - 1);
                break;
            }
        }
        if (found) continue;
        u.bind(1, where.q);
        u.bind(2, where.r);
        u.bind(3, d.id);
        u.exec();
        u.reset();
        lines.push_back("decoy " + d.id + ": " + at(s, d.hex) + " -> " + at(s, where));
    }
}

bool decoysStackAfter(campaign::Phase ran) {
    return ran != campaign::Phase::D2 && ran != campaign::Phase::D3 && ran != campaign::Phase::D4;
}

// G-41: decoys count toward the stacking limit. A decoy is a blank counter under its owner's hand: where a side's
// counters stand more than three to a hex when a phase ends (an ME whose order was not received stayed beside the
// decoy placed with it, or stopped short), the side's newest decoys there are taken off the map (docs/rules-mapping.md).
void settleDecoyStacking(SQLite::Database& db, const CampaignState& s, std::vector<std::string>& lines) {
    if (!s.options.is("decoys_stack", "yes")) return;
    const bool total = s.options.is("stacking_scope", "total");
    std::map<std::pair<std::string, std::pair<int, int>>, int> count;
    for (const auto& me : s.mes)
        if (me.onMap) ++count[{total ? std::string() : me.side, {me.hex.q, me.hex.r}}];
    std::vector<std::tuple<std::string, std::string, hex::Hex>> decoys;  // id, side, hex; newest first
    {
        SQLite::Statement d(
            db, "SELECT id, side_id, q, r FROM decoy WHERE removed_week = 0 ORDER BY placed_week DESC, placed_day DESC, id DESC");
        while (d.executeStep()) {
            const hex::Hex h{d.getColumn(2).getInt(), d.getColumn(3).getInt()};
            decoys.emplace_back(d.getColumn(0).getString(), d.getColumn(1).getString(), h);
            ++count[{total ? std::string() : d.getColumn(1).getString(), {h.q, h.r}}];
        }
    }
    SQLite::Statement off(db, "UPDATE decoy SET removed_week = ?, removed_by = 'stacking' WHERE id = ?");
    for (const auto& [id, side, h] : decoys) {
        auto& n = count[{total ? std::string() : side, {h.q, h.r}}];
        if (n <= rules::kStackLimit) continue;
        off.bind(1, s.week);
        off.bind(2, id);
        off.exec();
        off.reset();
        --n;
        lines.push_back("decoy " + id + " of " + side + " is taken off the map at " + at(s, h) + ": the hex is full (G-41)");
    }
}

}  // namespace etatmajor::engine
