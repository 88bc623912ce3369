// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/orders_db.hpp"

#include "command_impl.hpp"
#include "db/store_impl.hpp"
#include "etatmajor/db/state_store.hpp"
#include "engine/decoys_db.hpp"
#include "etatmajor/engine/decoy_orders.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/rules/orders.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

namespace etatmajor::engine {

using namespace campaign;
using nlohmann::ordered_json;

bool ordersPhaseOpen(Phase next) { return isWeekly(next) || next == Phase::D1 || next == Phase::D2; }
static bool ordersPhaseOpen(const CampaignState& s) { return ordersPhaseOpen(s.phase); }

bool alreadyGiven(SQLite::Database& db, int week, int day, const std::string& side) {
    SQLite::Statement q(db, "SELECT COUNT(*) FROM orders_submitted WHERE week = ? AND day = ? AND side_id = ?");
    q.bind(1, week);
    q.bind(2, day);
    q.bind(3, side);
    q.executeStep();
    return q.getColumn(0).getInt() > 0;
}

namespace {

void requireSide(const CampaignState& s, const std::string& side, core::IssueList& issues) {
    if (!s.side(side)) issues.error("ORDERS-SIDE", "the campaign has no side '" + side + "'", 0, side);
}

// The campaign's state, for a command about `side`: throws db::StoreError DB-UNKNOWN-SIDE for a side it does not have.
CampaignState stateWithSide(const db::CampaignStore& store, const std::string& side) {
    auto s = db::loadState(store);
    core::IssueList issues;
    requireSide(s, side, issues);
    if (issues.hasErrors()) throw db::StoreError("DB-UNKNOWN-SIDE", issues.items()[0].message);
    return s;
}

// requireSide without the whole state: the commands that only mark the day's orders (stand fast, withdraw).
void requireSide(SQLite::Database& db, const std::string& side, core::IssueList& issues) {
    SQLite::Statement q(db, "SELECT 1 FROM side WHERE id = ?");
    q.bind(1, side);
    if (!q.executeStep()) issues.error("ORDERS-SIDE", "the campaign has no side '" + side + "'", 0, side);
}

ordered_json orderJson(const Order& o) {
    ordered_json path = ordered_json::array();
    for (const auto& h : o.path) path.push_back(hex::formatOffset(h));
    ordered_json actions = ordered_json::array();
    for (const auto& a : o.actions) actions.push_back({{"kind", a.kind}, {"note", a.note}});
    ordered_json locPath = ordered_json::array();
    for (const auto& h : o.locPath) locPath.push_back(hex::formatOffset(h));
    ordered_json body{{"me", o.me},
                      {"corps", o.corps},
                      {"division", o.division},
                      {"brigade", o.brigade},
                      {"mode", o.mode ? std::string(modeName(*o.mode)) : std::string("forage")},
                      {"supply", o.supply},
                      {"path", path},
                      {"marchOrder", o.marchOrder},
                      {"actions", actions},
                      {"onScoutContact", scoutContactName(o.onScoutContact)},
                      {"marchToGuns", o.marchToGuns},
                      {"intentions", o.intentions}};
    if (!o.locPath.empty()) body["locPath"] = locPath;  // G-32
    if (o.disobeys) body["disobeys"] = true;            // G-31
    if (o.night) body["night"] = true;                  // G-46
    return body;
}

}  // namespace

std::string ordersTemplate(const db::CampaignStore& store, const std::string& side) {
    const auto s = stateWithSide(store, side);
    OrdersFile f;
    f.side = side;
    f.week = s.week;
    f.day = s.day;
    for (const auto& me : s.mes) {
        if (me.side != side || !me.onMap) continue;
        Order o;
        o.me = me.id;
        // The order sheet's corps / division / brigade-other: the ME's formations and those above them.
        auto& db = const_cast<db::CampaignStore&>(store).impl().db;
        // The ME's main formation: the one of its formations with the most units (then by id).
        SQLite::Statement q(db, "SELECT mf.formation_id FROM me_formation mf WHERE mf.me_id = ? ORDER BY "
                                "(SELECT COUNT(*) FROM unit u WHERE u.formation_id = mf.formation_id) DESC, mf.formation_id LIMIT 1");
        q.bind(1, me.id);
        std::string formation = q.executeStep() ? q.getColumn(0).getString() : std::string();
        for (int guard = 0; !formation.empty() && guard < 16; ++guard) {
            const auto it = std::find_if(s.formations.begin(), s.formations.end(),
                                         [&](const FormationState& f2) { return f2.id == formation; });
            if (it == s.formations.end()) break;
            if (it->kind == FormationKind::Brigade && o.brigade.empty()) o.brigade = it->name;
            if (it->kind == FormationKind::Division && o.division.empty()) o.division = it->name;
            if (it->kind == FormationKind::Corps && o.corps.empty()) o.corps = it->name;
            formation = it->parent;
        }
        if (o.brigade.empty() && o.division.empty()) o.brigade = me.label;
        o.mode = me.mode;
        o.supply = me.supplySource;
        f.orders.push_back(std::move(o));
    }
    // The side's decoys on the map, to be given a route (§2.3).
    for (const auto& d : activeDecoys(const_cast<db::CampaignStore&>(store).impl().db))
        if (d.side == side) {
            DecoyOrder o;
            o.id = d.id;
            o.designated = d.designated;
            f.decoys.push_back(std::move(o));
        }
    return io::writeOrdersString(f);
}

core::IssueList applySubmitOrders(db::CampaignStore& store, const OrdersFile& f) {
    core::IssueList issues;
    auto& db = store.impl().db;
    store.transaction([&] {
        const auto s = db::loadState(store);
        if (db.execAndGet("SELECT ended FROM campaign WHERE id = 1").getInt() != 0) {
            issues.error("CAMPAIGN-ENDED", "the campaign is over");
            return;
        }
        issues = rules::validateOrders(s, f);
        issues.append(validateDecoyOrders(db, s, f));  // §2.3
        if (issues.hasErrors()) return;
        if (!ordersPhaseOpen(s)) {
            issues.error("ORDERS-TOO-LATE",
                         "the orders phase of week " + std::to_string(s.week) + " day " + std::to_string(s.day) + " is over");
            return;
        }
        if (alreadyGiven(db, s.week, s.day, f.side)) {
            issues.error("ORDERS-GIVEN",
                         "side '" + f.side + "' has already given its orders for today; orders cannot be changed (§8.2)");
            return;
        }
        SQLite::Statement q(db, "INSERT INTO order_sheet (week, day, side_id, me_id, body, submitted) VALUES (?,?,?,?,?,1)");
        for (const auto& o : f.orders) {
            q.bind(1, s.week);
            q.bind(2, s.day);
            q.bind(3, f.side);
            q.bind(4, o.me);
            auto body = orderJson(o);
            // Where the ME stood when the order was given, the start of the day's route (§8.2 "Movement or action": the
            // route as a hex list). The path itself starts at the hex after it; once the day's movement has been made
            // the ME's hex is its new one, and the order sheet printed then still starts the path here (docs/papers.md).
            if (const auto* me = s.me(o.me)) body["from"] = hex::formatOffset(s.map.offsets().toOffset(me->hex));
            q.bind(5, body.dump());
            q.exec();
            q.reset();
        }
        storeDecoyOrders(db, s, f);
        SQLite::Statement d(db, "INSERT INTO orders_submitted (week, day, side_id, stand_fast) VALUES (?,?,?,0)");
        d.bind(1, s.week);
        d.bind(2, s.day);
        d.bind(3, f.side);
        d.exec();
    });
    if (issues.hasErrors()) issues.setFile(f.file);
    return issues;
}

core::IssueList applyStandFast(db::CampaignStore& store, const std::string& side) {
    core::IssueList issues;
    auto& db = store.impl().db;
    store.transaction([&] {
        const auto s = store.info();  // where the campaign stands is all it needs, not the whole state
        requireSide(db, side, issues);
        if (issues.hasErrors()) return;
        if (db.execAndGet("SELECT ended FROM campaign WHERE id = 1").getInt() != 0) {
            issues.error("CAMPAIGN-ENDED", "the campaign is over; there are no more orders to give");
            return;
        }
        if (!ordersPhaseOpen(s.phase)) {
            issues.error("ORDERS-TOO-LATE", "the orders phase of today is over");
            return;
        }
        if (alreadyGiven(db, s.week, s.day, side)) {
            issues.error("ORDERS-GIVEN", "side '" + side + "' has already given its orders for today");
            return;
        }
        SQLite::Statement d(db, "INSERT INTO orders_submitted (week, day, side_id, stand_fast) VALUES (?,?,?,1)");
        d.bind(1, s.week);
        d.bind(2, s.day);
        d.bind(3, side);
        d.exec();
    });
    return issues;
}

core::IssueList applyWithdrawOrders(db::CampaignStore& store, const std::string& side) {
    core::IssueList issues;
    auto& db = store.impl().db;
    store.transaction([&] {
        const auto s = store.info();  // where the campaign stands is all it needs, not the whole state
        requireSide(db, side, issues);
        if (issues.hasErrors()) return;
        if (db.execAndGet("SELECT ended FROM campaign WHERE id = 1").getInt() != 0) {
            issues.error("CAMPAIGN-ENDED", "the campaign is over");
            return;
        }
        if (!ordersPhaseOpen(s.phase)) {
            issues.error("ORDERS-TOO-LATE", "the orders phase of week " + std::to_string(s.week) + " day " + std::to_string(s.day) +
                                                " has run; orders cannot be changed (§8.2)");
            return;
        }
        if (!alreadyGiven(db, s.week, s.day, side)) {
            issues.error("ORDERS-NOT-GIVEN", "side '" + side + "' has given no orders today; there is nothing to take back");
            return;
        }
        for (const char* table : {"order_sheet", "decoy_order", "orders_submitted"}) {
            SQLite::Statement d(db, std::string("DELETE FROM ") + table + " WHERE week = ? AND day = ? AND side_id = ?");
            d.bind(1, s.week);
            d.bind(2, s.day);
            d.bind(3, side);
            d.exec();
        }
    });
    return issues;
}

std::vector<hex::Hex> declaredLocPath(SQLite::Database& db, const CampaignState& s, const std::string& me) {
    // etat-major.md §9.5, G-32: the order sheet keeps every day's orders; the latest that declared a path and arrived.
    SQLite::Statement q(
        db, "SELECT body FROM order_sheet WHERE me_id = ? AND (week < ? OR (week = ? AND day <= ?)) AND receipt IS NOT NULL "
            "AND receipt <> 'not_received' AND json_extract(body, '$.locPath') IS NOT NULL ORDER BY week DESC, day DESC LIMIT 1");
    q.bind(1, me);
    q.bind(2, s.week);
    q.bind(3, s.week);
    q.bind(4, s.day);
    std::vector<hex::Hex> out;
    if (!q.executeStep()) return out;
    const auto off = s.map.offsets();
    for (const auto& h : ordered_json::parse(q.getColumn(0).getString()).value("locPath", ordered_json::array()))
        if (const auto parsed = hex::parseOffset(h.get<std::string>())) out.push_back(off.toHex(*parsed));
    return out;
}

// Cost: one trace of the network (rules::LocNetwork::trace); under loc_path = declared_only also a query per ME, which
// scans the campaign's order sheets (their key leads with the day, not the ME).
std::vector<rules::MeLoc> sideLocs(SQLite::Database& db, const CampaignState& s, const rules::LocNetwork& net, const std::string& side,
                                   const std::vector<rules::LocBlocker>& blockers) {
    auto locs = net.trace(s, side, blockers);
    if (s.options.is("loc_path", "declared_only"))  // G-32: only the path the orders declared
        for (auto& loc : locs) rules::applyDeclaredLoc(s, declaredLocPath(db, s, loc.me), blockers, loc);
    return locs;
}

std::string scoutContactToday(SQLite::Database& db, const CampaignState& s, const std::string& me) {
    SQLite::Statement q(db, "SELECT body FROM order_sheet WHERE week = ? AND day = ? AND me_id = ? "
                            "AND COALESCE(receipt, '') <> 'not_received'");
    q.bind(1, s.week);
    q.bind(2, s.day);
    q.bind(3, me);
    if (!q.executeStep()) return "observe";
    const auto body = ordered_json::parse(q.getColumn(0).getString(), nullptr, false);
    return body.is_object() ? body.value("onScoutContact", std::string("observe")) : std::string("observe");
}

std::vector<std::string> delayTardyActions(SQLite::Database& db, long long orderId, const Options& options) {
    // etat-major.md §8.3, G-29: stationary actions of a late order wait under tardy_stationary = delayed.
    std::vector<std::string> put;
    if (!options.is("tardy_stationary", "delayed")) return put;
    static const std::vector<std::string> kStationary{"reorganise", "build_earthworks", "destroy_transport", "destroy_ua"};
    SQLite::Statement q(db, "SELECT body FROM order_sheet WHERE id = ?");
    q.bind(1, static_cast<std::int64_t>(orderId));
    if (!q.executeStep()) return put;
    auto body = ordered_json::parse(q.getColumn(0).getString());
    ordered_json kept = ordered_json::array(), delayed = ordered_json::array();
    for (const auto& a : body.value("actions", ordered_json::array())) {
        const std::string kind = a.value("kind", "");
        if (std::find(kStationary.begin(), kStationary.end(), kind) != kStationary.end()) {
            delayed.push_back(a);
            put.push_back(kind);
        } else {
            kept.push_back(a);
        }
    }
    if (put.empty()) return put;
    body["actions"] = kept;
    body["delayedActions"] = delayed;
    SQLite::Statement u(db, "UPDATE order_sheet SET body = ? WHERE id = ?");
    u.bind(1, body.dump());
    u.bind(2, static_cast<std::int64_t>(orderId));
    u.exec();
    return put;
}

namespace {

std::string submittedStatus(SQLite::Database& db, int week, int day, const std::string& side) {
    SQLite::Statement g(db, "SELECT stand_fast FROM orders_submitted WHERE week = ? AND day = ? AND side_id = ?");
    g.bind(1, week);
    g.bind(2, day);
    g.bind(3, side);
    return g.executeStep() ? (g.getColumn(0).getInt() ? "stand_fast" : "submitted") : "not_given";
}

// An order back from the JSON it was stored as (orderJson); fields it lacks keep their defaults.
Order orderFromJson(const ordered_json& body) {
    Order o;
    const auto offsets = [](const ordered_json& list) {
        std::vector<hex::Offset> out;
        if (!list.is_array()) return out;
        for (const auto& h : list)
            if (h.is_string())
                if (const auto at = hex::parseOffset(h.get<std::string>())) out.push_back(*at);
        return out;
    };
    o.me = body.value("me", std::string());
    o.corps = body.value("corps", std::string());
    o.division = body.value("division", std::string());
    o.brigade = body.value("brigade", std::string());
    const std::string mode = body.value("mode", std::string("forage"));
    o.mode = mode == "forage" ? std::nullopt : modeFromName(mode);
    o.supply = body.value("supply", std::string());
    o.path = offsets(body.value("path", ordered_json::array()));
    for (const auto& u : body.value("marchOrder", ordered_json::array()))
        if (u.is_string()) o.marchOrder.push_back(u.get<std::string>());
    for (const auto& a : body.value("actions", ordered_json::array()))
        if (a.is_object()) o.actions.push_back({a.value("kind", std::string()), a.value("note", std::string())});
    o.onScoutContact = scoutContactFromName(body.value("onScoutContact", std::string("observe"))).value_or(ScoutContact::Observe);
    o.marchToGuns = body.value("marchToGuns", false);
    o.intentions = body.value("intentions", std::string());
    o.locPath = offsets(body.value("locPath", ordered_json::array()));
    o.disobeys = body.value("disobeys", false);
    o.night = body.value("night", false);
    return o;
}

}  // namespace

GivenOrders givenOrders(const db::CampaignStore& store, const std::string& side) {
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    const auto s = stateWithSide(store, side);
    GivenOrders out;
    out.status = submittedStatus(db, s.week, s.day, side);
    out.orders.side = side;
    out.orders.week = s.week;
    out.orders.day = s.day;
    if (out.status != "submitted") return out;
    // The side's own rows only: every query names it.
    SQLite::Statement q(db, "SELECT body, receipt FROM order_sheet WHERE week = ? AND day = ? AND side_id = ? ORDER BY id");
    q.bind(1, s.week);
    q.bind(2, s.day);
    q.bind(3, side);
    while (q.executeStep()) {
        const auto body = ordered_json::parse(q.getColumn(0).getString(), nullptr, false);
        if (!body.is_object()) continue;
        Order o = orderFromJson(body);
        if (!q.getColumn(1).isNull()) out.receipts[o.me] = q.getColumn(1).getString();
        if (const auto at = hex::parseOffset(body.value("from", std::string()))) out.from[o.me] = *at;
        out.orders.orders.push_back(std::move(o));
    }
    SQLite::Statement d(db, "SELECT decoy_id, place, designated, path FROM decoy_order WHERE week = ? AND day = ? AND side_id = ? "
                            "ORDER BY decoy_id");
    d.bind(1, s.week);
    d.bind(2, s.day);
    d.bind(3, side);
    while (d.executeStep()) {
        DecoyOrder o;
        o.id = d.getColumn(0).getString();
        o.place = hex::parseOffset(d.getColumn(1).getString());
        o.designated = d.getColumn(2).getString();
        std::istringstream path(d.getColumn(3).getString());
        for (std::string h; path >> h;)
            if (const auto at = hex::parseOffset(h)) o.path.push_back(*at);
        out.orders.decoys.push_back(std::move(o));
    }
    return out;
}

std::string ordersJson(const db::CampaignStore& store, const std::string& side) {
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    const auto s = stateWithSide(store, side);
    ordered_json orders = ordered_json::array();
    SQLite::Statement q(db, "SELECT me_id, body, receipt_roll, receipt_modifier, receipt FROM order_sheet "
                            "WHERE week = ? AND day = ? AND side_id = ? ORDER BY me_id");
    q.bind(1, s.week);
    q.bind(2, s.day);
    q.bind(3, side);
    while (q.executeStep()) {
        ordered_json o = ordered_json::parse(q.getColumn(1).getString());
        if (!q.getColumn(4).isNull())
            o["receipt"] = {{"roll", q.getColumn(2).getInt()},
                            {"modifier", q.getColumn(3).getInt()},
                            {"result", q.getColumn(4).getString()}};
        orders.push_back(o);
    }
    const std::string state = submittedStatus(db, s.week, s.day, side);
    return ordered_json{{"side", side}, {"week", s.week}, {"day", s.day}, {"status", state}, {"orders", orders}}.dump(2);
}

std::string ordersStatus(const db::CampaignStore& store, const std::string& side) {
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    const auto s = stateWithSide(store, side);
    return submittedStatus(db, s.week, s.day, side);
}

core::IssueList checkDecoyOrders(const db::CampaignStore& store, const OrdersFile& orders) {
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    return validateDecoyOrders(db, db::loadState(store), orders);
}

DecoyAllowance decoyAllowance(const db::CampaignStore& store, const std::string& side) {
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    const auto s = stateWithSide(store, side);
    DecoyAllowance out = countDecoys(db, side, s.week);
    out.placingDay = s.day == 1;
    return out;
}

}  // namespace etatmajor::engine
