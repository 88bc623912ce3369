// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/view/turn_view.hpp"

#include "db/store_impl.hpp"
#include "etatmajor/db/state_store.hpp"
#include "engine/battles_db.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/rules/movement.hpp"
#include "etatmajor/rules/orders.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

namespace etatmajor::view {

using namespace campaign;

namespace {

SQLite::Database& dbOf(const db::CampaignStore& store) { return const_cast<db::CampaignStore&>(store).impl().db; }

bool campaignEnded(SQLite::Database& db) { return db.execAndGet("SELECT ended FROM campaign WHERE id = 1").getInt() != 0; }

std::vector<std::string> sidesWithoutOrders(SQLite::Database& db) {
    std::vector<std::string> out;
    SQLite::Statement q(db, "SELECT s.id FROM side s, campaign c WHERE c.id = 1 AND NOT EXISTS (SELECT 1 FROM orders_submitted o "
                            "WHERE o.week = c.current_week AND o.day = c.current_day AND o.side_id = s.id) ORDER BY s.ord");
    while (q.executeStep()) out.push_back(q.getColumn(0).getString());
    return out;
}

rules::Weather todaysWeather(SQLite::Database& db, int week, int day) {
    SQLite::Statement q(db, "SELECT weather FROM weather_day WHERE week = ? AND day = ?");
    q.bind(1, week);
    q.bind(2, day);
    return q.executeStep() ? rules::weatherFromName(q.getColumn(0).getString()).value_or(rules::Weather::Fine) : rules::Weather::Fine;
}

// The day's weather in hex h: the map's, or under weather_regions = per_region that of the hex's region (G-102).
rules::Weather weatherAt(SQLite::Database& db, const CampaignState& s, hex::Hex h) {
    if (const auto region = rules::weatherRegionOf(s.map, h, s.options)) {
        SQLite::Statement q(db, "SELECT weather FROM weather_region_day WHERE week = ? AND day = ? AND region = ?");
        q.bind(1, s.week);
        q.bind(2, s.day);
        q.bind(3, std::string(map::regionName(*region)));
        if (q.executeStep()) return rules::weatherFromName(q.getColumn(0).getString()).value_or(rules::Weather::Fine);
    }
    return todaysWeather(db, s.week, s.day);
}

bool locValidToday(SQLite::Database& db, int week, int day, const std::string& me) {
    // Today's refresh (D1, G-59), else the week's trace (W3); an ME never traced counts as supplied.
    SQLite::Statement q(db, "SELECT valid FROM loc_status WHERE week = ? AND day IN (?, 0) AND me_id = ? ORDER BY day DESC LIMIT 1");
    q.bind(1, week);
    q.bind(2, day);
    q.bind(3, me);
    return q.executeStep() ? q.getColumn(0).getInt() != 0 : true;
}

const MeState& requireMe(const CampaignState& s, const std::string& side, const std::string& meId) {
    if (!s.side(side)) throw db::StoreError("DB-UNKNOWN-SIDE", "the campaign has no side '" + side + "'");
    const MeState* me = s.me(meId);
    if (!me || me->side != side) throw db::StoreError("DB-UNKNOWN-ME", "side '" + side + "' has no ME '" + meId + "'");
    return *me;
}

rules::MoveInput moveInput(SQLite::Database& db, const CampaignState& s, const MeState& me, Mode mode) {
    rules::MoveInput in;
    in.mode = mode;
    in.baseMr = rules::baseMovementRate(s.unitsOf(me.id), s.options);
    in.locValid = locValidToday(db, s.week, s.day, me.id);
    in.weather = weatherAt(db, s, me.hex);
    in.receipt = rules::Receipt::Received;
    return in;
}

bool concerns(const core::Issue& issue, const std::string& meId) {
    return (issue.where && issue.where->rfind(meId + ".", 0) == 0) || issue.code == "ORDERS-STACKING";
}

}  // namespace

PhasePreview previewNextPhase(const db::CampaignStore& store) {
    auto& db = dbOf(store);
    PhasePreview p;
    const auto info = store.info();
    p.week = info.week;
    p.day = info.day;
    if (campaignEnded(db)) {
        p.ended = true;
        p.action = "the campaign is over";
        return p;
    }
    p.phase = info.phase;
    p.title = std::string(phaseTitle(p.phase));
    p.action = std::string(phaseEntry(p.phase).action);
    p.sidesWithoutOrders = sidesWithoutOrders(db);
    // engine::advance stops before D2 while a side has neither given orders nor stood fast (§8.2).
    if (p.phase == Phase::D2)
        for (const auto& side : p.sidesWithoutOrders)
            p.missing.push_back("side '" + side + "' has not given today's orders (submit them or stand fast)");
    if (p.phase == Phase::D9)
        if (auto why = engine::battlesAwaitingResults(db)) p.missing.push_back(*why);
    return p;
}

core::IssueList phaseRefusalFor(const Viewer& viewer, const core::IssueList& issues) {
    if (viewer.isHost()) return issues;
    core::IssueList told;
    for (const auto& i : issues.items()) {
        const bool everySide = i.code == "ORDERS-MISSING" || i.code == "CAMPAIGN-ENDED" || i.code == "BATTLE-TABLETOP";
        if (everySide) told.add(i);
        else if (i.severity == core::Severity::Error) told.error(i.code, "the next phase cannot run yet; the host can see why");
    }
    return told;
}

PathCheck checkOrder(const db::CampaignStore& store, const std::string& side, const Order& order) {
    auto& db = dbOf(store);
    const auto s = db::loadState(store);
    const MeState& me = requireMe(s, side, order.me);
    const auto off = s.map.offsets();
    PathCheck out;

    // The rules' own check of an order (§8.2 and the route's terrain), with the ME's other orders left as they are.
    OrdersFile file;
    file.side = side;
    file.week = s.week;
    file.day = s.day;
    file.orders.push_back(order);
    const auto issues = rules::validateOrders(s, file);
    for (const auto& issue : issues.items())
        if (concerns(issue, order.me) && issue.severity == core::Severity::Error) out.errors.push_back(issue.message);

    const Mode mode = order.mode.value_or(Mode::Forage);
    const auto in = moveInput(db, s, me, mode);
    out.baseRate = in.baseMr;
    std::vector<hex::Hex> route;
    for (const auto& o : order.path) route.push_back(off.toHex(o));
    const auto plan = rules::planMove(s.map, me.hex, route, in, s.options);
    out.allowance = plan.allowance;
    out.modifiers = plan.modifiers;

    hex::Hex from = me.hex;
    for (std::size_t i = 0; i < order.path.size(); ++i) {
        PathStep step;
        step.at = order.path[i];
        step.reached = i < plan.entered.size();
        const hex::Hex to = route[i];
        const std::string where = "step " + std::to_string(i + 1) + " (" + hex::formatOffset(order.path[i]) + ")";
        if (!s.map.contains(to)) {
            step.problem = where + " is off the map";
        } else {
            const int dir = hex::directionTo(from, to);
            if (dir < 0) step.problem = where + " is not next to the step before it";
            else if (map::isWater(s.map.terrain(to))) step.problem = where + " is water and impassable";
            else if (const map::Hexside* hs = s.map.hexside(from, dir);
                     hs && hs->watercourse == map::Watercourse::River && !hs->fordable && hs->crossing == map::Crossing::None)
                step.problem = where + " crosses a river with no ford or bridge";
        }
        out.steps.push_back(step);
        from = to;
    }
    if (!order.path.empty() && plan.entered.size() < order.path.size()) {
        if (plan.entered.empty())
            out.warnings.push_back("ME " + order.me + ": a " + std::string(modeName(mode)) +
                                   " order with this route moves no hex today (allowance " + std::to_string(plan.allowance) + ")");
        else
            out.warnings.push_back("ME " + order.me + ": only " + std::to_string(plan.entered.size()) + " of the " +
                                   std::to_string(order.path.size()) + " hexes lie within today's allowance of " +
                                   std::to_string(plan.allowance) + " (§8.7)");
    }
    // §8.5: entering a hex the side knows to hold enemy MEs stops the move there.
    for (std::size_t i = 0; i < route.size(); ++i)
        for (const auto& e : s.mes)
            if (e.onMap && e.side != side && e.hex == route[i] && e.revealed) {
                out.warnings.push_back("ME " + order.me + ": step " + std::to_string(i + 1) +
                                       " enters a hex held by the enemy; contact stops the move there (§8.5)");
                i = route.size();
                break;
            }
    if (!in.locValid && !route.empty())
        out.warnings.push_back("ME " + order.me + " has no LOC today: its movement is reduced (§8.7.2)");
    return out;
}

std::vector<hex::Offset> movementRange(const db::CampaignStore& store, const std::string& side, const Order& order) {
    auto& db = dbOf(store);
    const auto s = db::loadState(store);
    const MeState& me = requireMe(s, side, order.me);
    const Mode mode = order.mode.value_or(Mode::Forage);
    const auto in = moveInput(db, s, me, mode);
    std::vector<hex::Offset> out;
    if (rules::stationaryMode(mode, s.options)) return out;
    const auto off = s.map.offsets();
    // Breadth first over routes the rules accept; a hex counts once planMove walks its whole route.
    std::map<hex::Hex, std::vector<hex::Hex>> routes{{me.hex, {}}};
    std::deque<hex::Hex> queue{me.hex};
    const bool roadsOnly = mode == Mode::ForcedMarch && s.options.is("forced_march_offroad", "no");
    while (!queue.empty()) {
        const hex::Hex h = queue.front();
        queue.pop_front();
        const auto base = routes[h];
        for (int dir = 0; dir < hex::kDirections; ++dir) {
            const hex::Hex n = hex::neighbour(h, dir);
            if (routes.count(n) || !s.map.contains(n) || map::isWater(s.map.terrain(n))) continue;
            const map::Hexside* hs = s.map.hexside(h, dir);
            if (hs && hs->watercourse == map::Watercourse::River && !hs->fordable && hs->crossing == map::Crossing::None) continue;
            if (roadsOnly && !s.map.hasLink(h, dir, map::LinkKind::MajorRoad) && !s.map.hasLink(h, dir, map::LinkKind::MinorRoad))
                continue;
            auto route = base;
            route.push_back(n);
            const auto plan = rules::planMove(s.map, me.hex, route, in, s.options);
            if (plan.entered.size() < route.size()) continue;
            routes[n] = route;
            queue.push_back(n);
            out.push_back(off.toOffset(n));
        }
    }
    return out;
}

}  // namespace etatmajor::view
