// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/orders.hpp"

#include "etatmajor/rules/weather.hpp"
#include "etatmajor/rules/works.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace etatmajor::rules {

using namespace campaign;

bool mayScout(const std::vector<std::pair<UnitType, Nationality>>& units, const Options& options) {
    if (units.empty()) return false;
    const bool cavalryOnly = options.is("scout_eligibility", "cavalry_only");
    return std::all_of(units.begin(), units.end(), [&](const auto& u) {
        if (isCavalry(u.first)) return true;
        if (cavalryOnly) return false;
        return u.first == UnitType::LightInfantry || u.first == UnitType::IrregularInfantry || u.second == Nationality::Native;
    });
}

bool stationaryMode(Mode mode, const Options& options) {
    switch (mode) {
        case Mode::Forage: return options.is("forage_moves", "no");
        case Mode::Reorganisation:
        case Mode::DeployedDefensive: return true;
        case Mode::DeployedOffensive: return options.is("do_move", "none");
        default: return false;
    }
}

void applyDeclaredLoc(const CampaignState& s, const std::vector<hex::Hex>& declared, const std::vector<LocBlocker>& blockers,
                      MeLoc& loc) {
    // etat-major.md §9.5, G-32.
    const MeState* me = s.me(loc.me);
    if (!me) return;
    loc.valid = false;
    loc.path.clear();
    loc.viaMe.clear();
    loc.cutBy.clear();
    loc.source = me->supplySource;
    auto enemiesAt = [&](hex::Hex h) {
        std::vector<std::string> ids;
        for (const auto& e : s.mes)
            if (e.onMap && e.side != me->side && e.hex == h) ids.push_back(e.id);
        for (const auto& b : blockers)
            if (b.side != me->side && b.hex == h) ids.push_back(b.id);
        return ids;
    };
    const UrbanState* ua = s.urbanArea(me->supplySource);
    if (!ua) {
        loc.problem = LocProblem::SourceUnknown;
        return;
    }
    if (ua->controller != me->side) {
        loc.problem = LocProblem::SourceNotControlled;
        return;
    }
    if (const auto in = enemiesAt(ua->hex); !in.empty()) {
        loc.problem = LocProblem::SourceOccupied;
        loc.cutBy = in;
        return;
    }
    if (s.options.is("loc_cut_colocated", "yes"))
        if (const auto in = enemiesAt(me->hex); !in.empty()) {
            loc.problem = LocProblem::OwnHexOccupied;
            loc.cutBy = in;
            return;
        }
    // An ME in its source's hex needs no path.
    if (me->hex == ua->hex) {
        loc.valid = true;
        loc.problem = LocProblem::None;
        loc.path = {me->hex};
        return;
    }
    // The declared hexes, from the ME's own.
    std::vector<hex::Hex> path{me->hex};
    for (const auto h : declared)
        if (h != path.back() || path.size() > 1) path.push_back(h);
    const bool tracks = !s.options.is("loc_media", "road_navriver");
    bool joined = path.size() >= 2 && path.back() == ua->hex;
    for (std::size_t i = 1; joined && i < path.size(); ++i) {
        const int dir = hex::directionTo(path[i - 1], path[i]);
        if (dir < 0 || !s.map.contains(path[i])) {
            joined = false;
            break;
        }
        // The first step may be off the network: the ME stands next to its LOC (G-90, chart adjacency).
        const bool linked = s.map.hasLink(path[i - 1], dir, map::LinkKind::MajorRoad) ||
                            s.map.hasLink(path[i - 1], dir, map::LinkKind::NavigableRiver) ||
                            (tracks && s.map.hasLink(path[i - 1], dir, map::LinkKind::MinorRoad));
        if (!linked && i > 1) joined = false;
    }
    if (!joined) {
        loc.problem = LocProblem::NoRoute;
        return;
    }
    for (std::size_t i = 1; i < path.size(); ++i)
        for (const auto& id : enemiesAt(path[i])) loc.cutBy.push_back(id);
    if (!loc.cutBy.empty()) {
        loc.problem = LocProblem::Cut;
        return;
    }
    loc.valid = true;
    loc.problem = LocProblem::None;
    loc.path = std::move(path);
}

std::string_view receiptName(Receipt r) {
    switch (r) {
        case Receipt::NotReceived: return "not_received";
        case Receipt::Tardy: return "tardy";
        case Receipt::Received: return "received";
    }
    return "received";
}

int receiptModifier(const ReceiptInput& in, const Options& o) {
    int m = 0;
    if (in.scouting) m -= 1;
    const std::string& loc = o.get("order_loc_penalty");
    // G-26: the chart's −1 is for no LOC to the army commander; the engine measures both by the ME's LOC.
    if (!in.locValid) m -= loc == "body_minus2_supply" ? 2 : loc == "chart_minus1_commander" ? 1 : 3;
    if (in.commanderWithMe && o.is("order_commander_bonus", "on")) m += 1;
    if (in.winter && o.is("order_winter_penalty", "on")) m -= 1;
    return m;
}

Receipt receiptFor(int roll, int modifier) {
    const int total = std::clamp(roll + modifier, 1, 6);
    return total == 1 ? Receipt::NotReceived : total == 2 ? Receipt::Tardy : Receipt::Received;
}

namespace {

// The order's mode against what the ME is and did (§5, G-34, G-45, G-48, G-95) and its change of supply source (G-75).
void checkModeAndSupply(const CampaignState& s, const Order& o, const MeState& me, Mode mode, const std::string& at,
                        core::IssueList& out) {
    std::vector<std::pair<UnitType, Nationality>> units;
    for (const auto* u : s.unitsOf(o.me)) units.emplace_back(u->type, u->nationality);
    if (mode == Mode::Scouting && !mayScout(units, s.options))
        out.error("ORDERS-MODE", at + " may not take a Scouting order: it has troops that do not scout (G-34)", o.line,
                  o.me + ".mode");
    // G-95 reorg_after_forage = required: an ME now in Forage mode reforms with a Reorganisation order before it
    // takes any other mode (it may also keep foraging).
    if (s.options.is("reorg_after_forage", "required") && me.mode == Mode::Forage && mode != Mode::Forage &&
        mode != Mode::Reorganisation)
        out.error("ORDERS-MODE", at + " has been foraging and must first reform with a Reorganisation order (G-95)", o.line,
                  o.me + ".mode");
    // G-45: no more than two days of forced march in a row.
    int streak = 0;
    for (const auto& m : s.mes)
        if (m.id == o.me) streak = m.forcedMarchStreak;
    if ((mode == Mode::ForcedMarch) && streak >= 2)
        out.error("ORDERS-MODE", at + " has force-marched two days running and must rest today (G-45)", o.line, o.me + ".mode");
    if (streak >= 2 && s.options.is("forced_march_rest", "stationary_third_day") && !o.path.empty())
        out.error("ORDERS-PATH", at + " must stay where it is today after two days of forced march (G-45)", o.line, o.me + ".path");
    if (stationaryMode(mode, s.options) && !o.path.empty())
        out.error("ORDERS-PATH", at + ": a " + std::string(modeName(mode)) + " order does not move (§5, G-48)", o.line,
                  o.me + ".path");
    if (!o.supply.empty() && o.supply != me.supplySource) {
        if (!s.urbanArea(o.supply)) out.error("ORDERS-SUPPLY", at + ": '" + o.supply + "' is no urban area", o.line, o.me + ".supply");
        else if (me.supplyChangedWeek == s.week)
            out.error("ORDERS-SUPPLY", at + " has already changed its supply source this week (G-75)", o.line, o.me + ".supply");
        else if (s.options.is("supply_change", "first_day_only") && s.day != 1)
            out.error("ORDERS-SUPPLY", at + ": supply sources change only on the first day of the week (G-75)", o.line,
                      o.me + ".supply");
    }
}

// The route: adjacent steps over land, no unfordable river without a crossing, roads only when force-marching.
// Returns the hex where the ME ends the day.
hex::Hex checkRoute(const CampaignState& s, const Order& o, const MeState& me, Mode mode, const std::string& at,
                    core::IssueList& out) {
    const auto off = s.map.offsets();
    hex::Hex from = me.hex;
    const bool roadsOnly = mode == Mode::ForcedMarch && s.options.is("forced_march_offroad", "no");
    const bool sails = sailsToday(o);  // a water route is checked with the embark action (§11.2)
    if (sails && !o.path.empty()) from = off.toHex(o.path.back());
    for (std::size_t i = 0; !sails && i < o.path.size(); ++i) {
        const hex::Hex to = off.toHex(o.path[i]);
        const std::string step = "step " + std::to_string(i + 1) + " (" + hex::formatOffset(o.path[i]) + ")";
        if (!s.map.contains(to)) {
            out.error("ORDERS-PATH", at + ": " + step + " is off the map", o.line, o.me + ".path");
            break;
        }
        const int dir = hex::directionTo(from, to);
        if (dir < 0) {
            out.error("ORDERS-PATH", at + ": " + step + " is not next to " + hex::formatOffset(off.toOffset(from)), o.line,
                      o.me + ".path");
            break;
        }
        if (map::isWater(s.map.terrain(to)))
            out.error("ORDERS-PATH",
                      at + ": " + step + " is " + std::string(map::terrainName(s.map.terrain(to))) + " and impassable (embark first)",
                      o.line, o.me + ".path");
        const bool road = s.map.hasLink(from, dir, map::LinkKind::MajorRoad) || s.map.hasLink(from, dir, map::LinkKind::MinorRoad);
        // §8.1.3, G-16: a flooded marsh is crossed only along a road or track.
        if (!road && wetlandFlooded(s.map, to, s.seasonOfWeek(s.week), s.options))
            out.error("ORDERS-PATH", at + ": " + step + " is marsh flooded in this season and impassable off the road (G-16)", o.line,
                      o.me + ".path");
        const map::Hexside* side = s.map.hexside(from, dir);
        if (side && side->watercourse == map::Watercourse::River && !side->fordable && side->crossing == map::Crossing::None)
            out.error("ORDERS-PATH",
                      at + ": " + step + " crosses the " + side->name +
                          " where there is no ford or bridge (G-55: lay a pontoon or use boats)",
                      o.line, o.me + ".path");
        if (roadsOnly && !road)
            out.error("ORDERS-PATH", at + ": " + step + " leaves the road, and a forced march keeps to roads (G-45)", o.line,
                      o.me + ".path");
        from = to;
    }
    return from;
}

}  // namespace

core::IssueList validateOrders(const CampaignState& s, const OrdersFile& f) {
    core::IssueList out;
    const auto off = s.map.offsets();
    if (!s.side(f.side)) {
        out.error("ORDERS-SIDE", "the campaign has no side '" + f.side + "'", f.line, "side");
        return out;
    }
    if (f.week != s.week || f.day != s.day)
        out.error("ORDERS-TURN",
                  "these orders are for week " + std::to_string(f.week) + " day " + std::to_string(f.day) +
                      "; the campaign is at week " + std::to_string(s.week) + " day " + std::to_string(s.day),
                  f.line, "turn");
    std::set<std::string> seen;
    std::map<hex::Hex, int> endHexes;                     // friendly MEs ending the day in each hex
    std::map<hex::Hex, std::vector<std::string>> endMes;  // … and which, the ones ordered there last
    for (const auto& me : s.mes)
        if (me.side == f.side && me.onMap) {
            auto it = std::find_if(f.orders.begin(), f.orders.end(), [&](const Order& o) { return o.me == me.id; });
            const bool moves = it != f.orders.end() && !it->path.empty();
            if (!moves) {
                ++endHexes[me.hex];
                endMes[me.hex].push_back(me.id);
            }
        }
    for (const auto& o : f.orders) {
        const std::string at = "ME " + o.me;
        const MeState* me = s.me(o.me);
        if (!me) {
            out.error("ORDERS-ME", at + ": no such ME", o.line, o.me + ".me");
            continue;
        }
        if (me->side != f.side) {
            out.error("ORDERS-ME", at + " belongs to the other side", o.line, o.me + ".me");
            continue;
        }
        if (!me->onMap) {
            out.error("ORDERS-ME", at + " is no longer on the map", o.line, o.me + ".me");
            continue;
        }
        if (!seen.insert(o.me).second) out.error("ORDERS-ME", at + " has more than one order", o.line, o.me + ".me");
        const Mode mode = o.mode.value_or(Mode::Forage);  // §5: no mode given means Forage
        checkModeAndSupply(s, o, *me, mode, at, out);
        // §3, G-31: under allow_disobedience = off an ME's commander may not depart from his orders.
        if (o.disobeys && s.options.is("allow_disobedience", "off"))
            out.error("ORDERS-DISOBEY", at + ": this campaign does not allow disobeying orders (allow_disobedience = off, G-31)",
                      o.line, o.me + ".disobeys");
        // §8.4 movement table, G-46: a night march is a Forced March order in every respect; night_march = disabled
        // takes it out of the campaign.
        if (o.night && s.options.is("night_march", "disabled"))
            out.error("ORDERS-NIGHT", at + ": this campaign does not allow night marches (night_march = disabled, G-46)", o.line,
                      o.me + ".night");
        else if (o.night && o.mode != Mode::ForcedMarch)
            out.error("ORDERS-NIGHT",
                      at + ": a night march is made under a Forced March order (G-46), not " +
                          std::string(o.mode ? modeName(*o.mode) : "forage"),
                      o.line, o.me + ".night");
        // §8.2, G-32: a declared LOC path is a chain of neighbouring hexes on the map.
        for (std::size_t i = 0; i < o.locPath.size(); ++i) {
            const hex::Hex h = off.toHex(o.locPath[i]);
            if (!s.map.contains(h) || (i > 0 && hex::directionTo(off.toHex(o.locPath[i - 1]), h) < 0)) {
                out.error("ORDERS-LOC-PATH",
                          at + ": LOC path hex " + std::to_string(i + 1) + " (" + hex::formatOffset(o.locPath[i]) + ") is " +
                              (s.map.contains(h) ? "not next to the one before" : "off the map"),
                          o.line, o.me + ".locPath");
                break;
            }
        }
        checkOrderActions(s, o, *me, mode, out);  // §9.2.4, §10.1, §11 actions
        for (const auto& ref : o.marchOrder) {
            const bool mine = std::any_of(s.units.begin(), s.units.end(),
                                          [&](const UnitState& u) { return u.id == ref && u.me == o.me && !u.removed; });
            if (!mine) out.error("ORDERS-MARCH-ORDER", at + ": '" + ref + "' is no unit of this ME", o.line, o.me + ".marchOrder");
        }
        const hex::Hex from = checkRoute(s, o, *me, mode, at, out);
        if (!o.path.empty()) {
            ++endHexes[from];
            endMes[from].push_back(o.me);
        }
    }
    // §2.2 / G-41: at most three friendly MEs where they stop.
    for (const auto& [h, n] : endHexes)
        if (n > 3) {
            std::string names;
            for (const auto& id : endMes[h]) names += (names.empty() ? "" : ", ") + id;
            const std::string last = endMes[h].empty() ? std::string() : endMes[h].back();
            int line = 0;
            for (const auto& o : f.orders)
                if (o.me == last) line = o.line;
            out.error("ORDERS-STACKING",
                      "ME " + last + ": " + std::to_string(n) + " MEs of side '" + f.side + "' (" + names +
                          ") would end the day in hex " + hex::formatOffset(off.toOffset(h)) + "; the limit is three (§2.2)",
                      line, last.empty() ? hex::formatOffset(off.toOffset(h)) : last + ".path");
        }
    out.setFile(f.file);
    return out;
}

}  // namespace etatmajor::rules
