// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/supply_orders_db.hpp"
#include "engine/siege_db.hpp"

#include "command_impl.hpp"
#include "db/store_impl.hpp"
#include "etatmajor/campaign/points.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/supply.hpp"
#include "etatmajor/rules/water.hpp"
#include "etatmajor/engine/weekly_stops.hpp"
#include "etatmajor/rules/works.hpp"

#include <algorithm>
#include <set>
#include <sstream>

namespace etatmajor::engine {

using namespace campaign;

const std::string SupplyPurse::kNone;

void ledgerRow(SQLite::Database& db, int week, const std::string& side, const std::string& kind, const std::string& source,
               const std::string& me, const std::string& unit, int figures, int points, const std::string& note) {
    SQLite::Statement q(db, "INSERT INTO supply_ledger (week, side_id, kind, source, me_id, unit_id, figures, points, note) "
                            "VALUES (?,?,?,?,?,?,?,?,?)");
    q.bind(1, week);
    q.bind(2, side);
    q.bind(3, kind);
    q.bind(4, source);
    q.bind(5, me);
    q.bind(6, unit);
    q.bind(7, figures);
    q.bind(8, points);
    q.bind(9, note);
    q.exec();
}

namespace {

std::vector<std::string> words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// Whether the W3 supply phase of this week has run and W4 has not (the window the weekly stop before W4 opens).
bool betweenW3AndW4(const CampaignState& s) { return window::supplyOrders(s.phase); }

}  // namespace

SupplyPurse::SupplyPurse(SQLite::Database& db, const CampaignState& s) {
    const bool eachFull = s.options.is("ua_claims", "each_full");
    std::map<std::string, bool> locValid;
    std::map<std::string, std::vector<std::string>> reachable;
    {
        SQLite::Statement l(db, "SELECT me_id, valid, reachable FROM loc_status WHERE week = ? AND day = 0");
        l.bind(1, s.week);
        while (l.executeStep()) {
            locValid[l.getColumn(0).getString()] = l.getColumn(1).getInt() != 0;
            reachable[l.getColumn(0).getString()] = words(l.getColumn(2).getString());
        }
    }
    // G-81 replacement_source = any_traceable: an ME draws on the pool of every UA it traced a LOC to at W3, the
    // first it reached (its own source when it could) first.
    const bool anyTraceable = s.options.is("replacement_source", "any_traceable");
    for (const auto& me : s.mes) {
        m_key[me.id] = me.supplySource;
        m_source[me.id] = me.supplySource;
        m_draws[me.id] = locValid.count(me.id) && locValid[me.id];
        if (anyTraceable && !reachable[me.id].empty()) {
            const auto& reach = reachable[me.id];
            m_key[me.id] = m_source[me.id] = reach.front();
            m_more[me.id].assign(reach.begin() + 1, reach.end());
        }
    }
    SQLite::Statement q(db, "SELECT kind, source, me_id, points, note FROM supply_ledger WHERE week = ? AND kind IN "
                            "('ua_income', 'forage', 'siege_income') ORDER BY id");
    q.bind(1, s.week);
    while (q.executeStep()) {
        const std::string kind = q.getColumn(0).getString();
        const std::string source = q.getColumn(1).getString();
        const std::string me = q.getColumn(2).getString();
        const int points = q.getColumn(3).getInt();
        if (kind == "forage") {
            m_forage[me] += points;
        } else if (kind == "siege_income") {
            // §11.4: the garrison lives on its town; it draws on nothing else.
            const std::string key = "siege:" + source;
            m_pool[key] += points;
            for (const auto& id : words(q.getColumn(4).getString())) {
                m_key[id] = key;
                m_source[id] = source;
                m_draws[id] = true;
                m_more.erase(id);  // a garrison draws on nothing else
            }
        } else if (eachFull) {
            for (const auto& id : words(q.getColumn(4).getString())) m_share[id] += points;  // G-86 each_full
        } else {
            m_pool[source] += points;
        }
    }
    if (!eachFull) {
        SQLite::Statement a(db, "SELECT source, me_id, points FROM supply_allocation WHERE week = ?");
        a.bind(1, s.week);
        while (a.executeStep()) {
            const std::string source = a.getColumn(0).getString();
            const int points = std::min(a.getColumn(2).getInt(), m_pool[source]);
            m_pool[source] -= points;
            m_share[a.getColumn(1).getString()] += points;
        }
    }
}

int SupplyPurse::available(const std::string& me) const {
    int n = 0;
    if (auto it = m_forage.find(me); it != m_forage.end()) n += it->second;
    if (auto it = m_share.find(me); it != m_share.end()) n += it->second;
    if (draws(me)) {
        if (auto it = m_pool.find(m_key.at(me)); it != m_pool.end()) n += it->second;
        if (auto more = m_more.find(me); more != m_more.end())
            for (const auto& key : more->second)
                if (auto it = m_pool.find(key); it != m_pool.end()) n += it->second;
    }
    return n;
}

bool SupplyPurse::draws(const std::string& me) const {
    const auto it = m_draws.find(me);
    return it != m_draws.end() && it->second && m_key.count(me);
}

const std::string& SupplyPurse::sourceOf(const std::string& me) const {
    const auto it = m_source.find(me);
    return it == m_source.end() ? kNone : it->second;
}

bool SupplyPurse::pay(const std::string& me, int cost) {
    if (cost > available(me)) return false;
    for (int* purse : {&m_forage[me], &m_share[me]}) {
        const int take = std::min(*purse, cost);
        *purse -= take;
        cost -= take;
    }
    if (cost > 0) {
        int& pool = m_pool[m_key.at(me)];
        const int take = std::min(pool, cost);
        pool -= take;
        cost -= take;
    }
    if (auto more = m_more.find(me); more != m_more.end())
        for (const auto& key : more->second) {
            if (cost == 0) break;
            auto it = m_pool.find(key);
            if (it == m_pool.end()) continue;
            const int take = std::min(it->second, cost);
            it->second -= take;
            cost -= take;
        }
    return true;
}

void SupplyPurse::expire(SQLite::Database& db, const CampaignState& s) const {
    // Shares left go back to their source's line so each source shows one expired figure.
    std::map<std::string, int> bySource;
    for (const auto& [key, left] : m_pool) bySource[key.rfind("siege:", 0) == 0 ? key.substr(6) : key] += left;
    for (const auto& [me, left] : m_share)
        if (left > 0) bySource[sourceOf(me)] += left;
    for (const auto& [ua, left] : bySource)
        if (left > 0) {
            const auto* area = s.urbanArea(ua);
            ledgerRow(db, s.week, area ? area->controller : "", "expired", ua, "", "", 0, -left, "");
        }
    for (const auto& [me, left] : m_forage)
        if (left > 0 && s.me(me)) ledgerRow(db, s.week, s.me(me)->side, "expired", "", me, "", 0, -left, "forage");
}

SupplyCommandResult applyAllocateSupply(db::CampaignStore& store, const std::string& side, const std::string& source,
                                        const std::vector<std::pair<std::string, int>>& shares) {
    SupplyCommandResult r;
    auto& db = store.impl().db;
    store.transaction([&] {
        const auto s = db::loadState(store);
        if (!s.side(side)) {
            r.issues.error("SUPPLY-SIDE", "the campaign has no side '" + side + "'", 0, "side");
            return;
        }
        if (!betweenW3AndW4(s)) {
            r.issues.error("SUPPLY-TIMING",
                           "shares are set after the supply phase W3 and before the replacements W4; the next "
                           "phase is " +
                               phaseString(s.phase),
                           0, "phase");
            return;
        }
        if (s.options.is("ua_claims", "each_full")) {
            r.issues.error("SUPPLY-ALLOCATE", "under ua_claims = each_full every claimant gets the full value: nothing to split", 0,
                           "source");
            return;
        }
        SQLite::Statement q(db, "SELECT points, note FROM supply_ledger WHERE week = ? AND side_id = ? AND kind = 'ua_income' "
                                "AND source = ?");
        q.bind(1, s.week);
        q.bind(2, side);
        q.bind(3, source);
        if (!q.executeStep()) {
            r.issues.error("SUPPLY-SOURCE",
                           "'" + source + "' gives side '" + side +
                               "' no income this week (uncontrolled, "
                               "destroyed, denied or with no ME able to draw on it, §9.2.5)",
                           0, "source");
            return;
        }
        const int income = q.getColumn(0).getInt();
        const auto claimants = words(q.getColumn(1).getString());
        int total = 0;
        std::set<std::string> seen;
        for (const auto& [me, points] : shares) {
            const auto* m = s.me(me);
            if (!m || m->side != side) r.issues.error("SUPPLY-ME", "side '" + side + "' has no ME '" + me + "'", 0, me + ".me");
            else if (std::find(claimants.begin(), claimants.end(), me) == claimants.end())
                r.issues.error("SUPPLY-SOURCE",
                               "ME " + me + " does not draw on " + source +
                                   " this week (it names another source "
                                   "or had no LOC at W3)",
                               0, me + ".source");
            if (!seen.insert(me).second) r.issues.error("SUPPLY-SHARE", "ME " + me + " is named twice", 0, me + ".me");
            if (points < 0) r.issues.error("SUPPLY-POINTS", "ME " + me + ": a share cannot be negative", 0, me + ".points");
            total += std::max(0, points);
        }
        if (total > income)
            r.issues.error("SUPPLY-POINTS",
                           "the shares add up to " + std::to_string(total) + " SP; " + source + " gives " + std::to_string(income) +
                               " SP this week",
                           0, "points");
        if (r.issues.hasErrors()) return;
        SQLite::Statement d(db, "DELETE FROM supply_allocation WHERE week = ? AND source = ?");
        d.bind(1, s.week);
        d.bind(2, source);
        d.exec();
        SQLite::Statement ins(db, "INSERT INTO supply_allocation (week, side_id, source, me_id, points) VALUES (?,?,?,?,?)");
        for (const auto& [me, points] : shares) {
            ins.bind(1, s.week);
            ins.bind(2, side);
            ins.bind(3, source);
            ins.bind(4, me);
            ins.bind(5, points);
            ins.exec();
            ins.reset();
            r.lines.push_back(me + " gets " + std::to_string(points) + " SP of " + source);
        }
        r.lines.push_back(std::to_string(income - total) + " SP of " + source + " left to share among its other claimants");
    });
    return r;
}

namespace {

// The price of a request, or an error naming the field.
int requestPrice(const CampaignState& s, const SpendRequest& q, const MeState& me, core::IssueList& issues) {
    const std::string at = "ME " + q.me;
    if (q.kind == "works") {
        if (q.count < 1) issues.error("SUPPLY-SPEND", at + ": works are bought one two-stand width or more", 0, q.me + ".count");
        if (q.workClass != "light" && q.workClass != "heavy")
            issues.error("SUPPLY-SPEND", at + ": works are light or heavy, not '" + q.workClass + "'", 0, q.me + ".class");
        if (!rules::hasEngineer(s, q.me))
            issues.error("SUPPLY-ENGINEER", at + " has no engineer to build works (§10.3, §11.5)", 0, q.me + ".kind");
        return q.count * rules::worksPrice(q.workClass == "light" ? rules::WorkClass::Light : rules::WorkClass::Heavy);
    }
    if (q.kind == "pontoon") {
        if (q.count < 1) issues.error("SUPPLY-SPEND", at + ": buy one pontoon or more", 0, q.me + ".count");
        if (!rules::hasEngineer(s, q.me))
            issues.error("SUPPLY-ENGINEER", at + " has no engineer to lay pontoons (§10.3)", 0, q.me + ".kind");
        return q.count * rules::kPontoonPrice;
    }
    if (q.kind == "bridge") {
        if (!rules::hasEngineer(s, q.me))
            issues.error("SUPPLY-ENGINEER", at + " has no engineer to build a bridge (§10.3)", 0, q.me + ".kind");
        if (!q.at) {
            issues.error("SUPPLY-SPEND", at + ": a bridge needs the hex across the river (--at)", 0, q.me + ".at");
            return 0;
        }
        const hex::Hex to = s.map.offsets().toHex(*q.at);
        const int dir = hex::directionTo(me.hex, to);
        const auto* side = dir < 0 ? nullptr : s.map.hexside(me.hex, dir);
        if (dir < 0) issues.error("SUPPLY-SPEND", at + ": " + hex::formatOffset(*q.at) + " is not next to the ME", 0, q.me + ".at");
        else if (!side || side->watercourse == map::Watercourse::None)
            issues.error("SUPPLY-SPEND", at + ": no river or stream between the ME and " + hex::formatOffset(*q.at), 0, q.me + ".at");
        else if (side->crossing == map::Crossing::Bridge)
            issues.error("SUPPLY-SPEND", at + ": there is a bridge there already", 0, q.me + ".at");
        return rules::kBridgePrice;
    }
    if (q.kind == "transport") {
        const auto* ua = s.urbanAt(me.hex);
        if (!ua || ua->controller != me.side || ua->destroyed)
            issues.error("SUPPLY-TRANSPORT", at + " is not in an urban area its side holds (§11.1)", 0, q.me + ".kind");
        else if (!rules::byWater(s.map, me.hex))
            issues.error("SUPPLY-TRANSPORT", at + ": " + ua->name + " is not by the water (§11.1)", 0, q.me + ".kind");
        return rules::transportInstalments(s.options).front();
    }
    issues.error("SUPPLY-SPEND", at + ": '" + q.kind + "' is not something SPs buy (works, pontoon, bridge, transport)", 0,
                 q.me + ".kind");
    return 0;
}

}  // namespace

SupplyCommandResult applyRequestSpending(db::CampaignStore& store, const SpendRequest& q) {
    SupplyCommandResult r;
    auto& db = store.impl().db;
    store.transaction([&] {
        const auto s = db::loadState(store);
        if (!s.side(q.side)) {
            r.issues.error("SUPPLY-SIDE", "the campaign has no side '" + q.side + "'", 0, "side");
            return;
        }
        if (!betweenW3AndW4(s)) {
            r.issues.error("SUPPLY-TIMING",
                           "SPs are spent after the supply phase W3 and before the replacements W4; the next "
                           "phase is " +
                               phaseString(s.phase),
                           0, "phase");
            return;
        }
        const auto* me = s.me(q.me);
        if (!me || me->side != q.side || !me->onMap) {
            r.issues.error("SUPPLY-ME", "side '" + q.side + "' has no ME '" + q.me + "' on the map", 0, q.me + ".me");
            return;
        }
        const int price = requestPrice(s, q, *me, r.issues);
        if (r.issues.hasErrors()) return;
        SupplyPurse purse(db, s);
        const int have = purse.available(q.me);
        if (price > have)
            r.issues.error("SUPPLY-FUNDS",
                           "ME " + q.me + ": " + q.kind + " costs " + std::to_string(price) + " SP; it has " + std::to_string(have) +
                               " SP this week",
                           0, q.me + ".kind");
        if (r.issues.hasErrors()) return;
        SQLite::Statement ins(db, "INSERT INTO supply_request (week, side_id, me_id, kind, count, q, r, dir, points, note) "
                                  "VALUES (?,?,?,?,?,?,?,?,?,?)");
        ins.bind(1, s.week);
        ins.bind(2, q.side);
        ins.bind(3, q.me);
        ins.bind(4, q.kind);
        ins.bind(5, q.count);
        if (q.at) {
            const hex::Hex to = s.map.offsets().toHex(*q.at);
            ins.bind(6, to.q);
            ins.bind(7, to.r);
            ins.bind(8, hex::directionTo(me->hex, to));
        } else {
            ins.bind(6);
            ins.bind(7);
            ins.bind(8);
        }
        ins.bind(9, price);
        ins.bind(10, q.kind == "works" ? q.workClass : std::string());
        ins.exec();
        r.lines.push_back("ME " + q.me + ": " + q.kind + " for " + std::to_string(price) +
                          " SP, paid at W4 after the "
                          "replacements (" +
                          std::to_string(have) + " SP available now)");
    });
    return r;
}

namespace {

void buyRequests(SQLite::Database& db, CampaignState& s, SupplyPurse& purse, std::vector<std::string>& lines) {
    struct Req {
        long long id;
        std::string side, me, kind, note;
        int count, points;
        std::optional<hex::Hex> to;
        int dir;
    };
    std::vector<Req> reqs;
    {
        SQLite::Statement q(db, "SELECT id, side_id, me_id, kind, count, points, note, q, r, COALESCE(dir, -1) FROM supply_request "
                                "WHERE week = ? AND status = 'requested' ORDER BY id");
        q.bind(1, s.week);
        while (q.executeStep()) {
            Req r{q.getColumn(0).getInt64(),  q.getColumn(1).getString(), q.getColumn(2).getString(), q.getColumn(3).getString(),
                  q.getColumn(6).getString(), q.getColumn(4).getInt(),    q.getColumn(5).getInt(),    std::nullopt,
                  q.getColumn(9).getInt()};
            if (!q.getColumn(7).isNull()) r.to = hex::Hex{q.getColumn(7).getInt(), q.getColumn(8).getInt()};
            reqs.push_back(std::move(r));
        }
    }
    SQLite::Statement done(db, "UPDATE supply_request SET status = ?, note = note || ? WHERE id = ?");
    for (const auto& r : reqs) {
        const auto* me = s.me(r.me);
        std::string status = "bought", why;
        if (!me || !me->onMap) status = "refused", why = " (the ME is gone)";
        else if (!purse.pay(r.me, r.points))
            status = "refused", why = " (needs " + std::to_string(r.points) + " SP, " + std::to_string(purse.available(r.me)) +
                                      " left after the replacements)";
        if (status == "bought") {
            ledgerRow(db, s.week, r.side, r.kind, purse.sourceOf(r.me), r.me, "", r.count, -r.points, r.note);
            if (r.kind == "works") {
                SQLite::Statement w(db, "INSERT INTO earthwork (q, r, side_id, me_id, count, class, how, week, day) "
                                        "VALUES (?,?,?,?,?,?,'bought',?,0)");
                w.bind(1, me->hex.q);
                w.bind(2, me->hex.r);
                w.bind(3, r.side);
                w.bind(4, r.me);
                w.bind(5, r.count);
                w.bind(6, r.note.empty() ? std::string("heavy") : r.note);
                w.bind(7, s.week);
                w.exec();
            } else if (r.kind == "bridge" && r.to) {
                SQLite::Statement b(db, "INSERT OR REPLACE INTO crossing_laid (q, r, dir, kind, side_id, me_id, week, day) "
                                        "VALUES (?,?,?,'bridge',?,?,?,0)");
                b.bind(1, me->hex.q);
                b.bind(2, me->hex.r);
                b.bind(3, r.dir);
                b.bind(4, r.side);
                b.bind(5, r.me);
                b.bind(6, s.week);
                b.exec();
            } else if (r.kind == "transport") {
                const auto* ua = s.urbanAt(me->hex);
                SQLite::Statement t(db,
                                    "INSERT INTO transport (side_id, ua_id, q, r, capacity, sp_paid, me_id, start_week, ready_week) "
                                    "VALUES (?,?,?,?,?,?,?,?,?)");
                t.bind(1, r.side);
                t.bind(2, ua ? ua->id : std::string());
                t.bind(3, me->hex.q);
                t.bind(4, me->hex.r);
                t.bind(5, rules::kLiftPerMe);
                t.bind(6, r.points);
                t.bind(7, r.me);
                t.bind(8, s.week);
                t.bind(9, rules::transportReadyWeek(s.week));
                t.exec();
                why = " (ready at the start of week " + std::to_string(rules::transportReadyWeek(s.week)) + ", G-97)";
            }
        }
        done.bind(1, status);
        done.bind(2, why);
        done.bind(3, static_cast<std::int64_t>(r.id));
        done.exec();
        done.reset();
        lines.push_back("ME " + r.me + ": " + r.kind +
                        (r.kind == "works" || r.kind == "pontoon" ? " x" + std::to_string(r.count) : "") + " for " +
                        std::to_string(r.points) + " SP " + status + why);
    }
    // G-97 three_instalments: later instalments fall due at W4; an unpaid one holds the work up a week.
    const auto instalments = rules::transportInstalments(s.options);
    struct Project {
        long long id;
        std::string side, me;
        int paid, start, ready;
    };
    std::vector<Project> projects;
    {
        SQLite::Statement q(db, "SELECT id, side_id, me_id, sp_paid, start_week, ready_week FROM transport WHERE destroyed = 0 "
                                "AND sp_paid < ? AND start_week < ?");
        q.bind(1, rules::kTransportBuildCost);
        q.bind(2, s.week);
        while (q.executeStep())
            projects.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                                q.getColumn(3).getInt(), q.getColumn(4).getInt(), q.getColumn(5).getInt()});
    }
    for (const auto& p : projects) {
        int due = 0, sum = 0;
        for (int k : instalments) {
            sum += k;
            if (sum > p.paid) {
                due = k;
                break;
            }
        }
        SQLite::Statement u(db, "UPDATE transport SET sp_paid = sp_paid + ?, ready_week = ready_week + ? WHERE id = ?");
        if (due > 0 && purse.pay(p.me, due)) {
            ledgerRow(db, s.week, p.side, "transport", purse.sourceOf(p.me), p.me, "", 0, -due, "instalment");
            u.bind(1, due);
            u.bind(2, 0);
            lines.push_back("ME " + p.me + ": transport instalment of " + std::to_string(due) + " SP paid");
        } else {
            u.bind(1, 0);
            u.bind(2, 1);
            lines.push_back("ME " + p.me + ": transport instalment of " + std::to_string(due) +
                            " SP unpaid; the work is held up a week (G-97)");
        }
        u.bind(3, static_cast<std::int64_t>(p.id));
        u.exec();
    }
}

}  // namespace

// Cost (W4): O(M × U), each ME's units being found by two passes over every unit; the purse scans the campaign's supply
// ledger (no index on the week), and expiring each ME's forage looks the ME up by a scan of every ME (O(M²) at worst).
void runReplacementsAndSpending(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines) {
    SupplyPurse purse(db, s);
    const auto& options = s.options;
    const bool gunsLocal = options.is("gun_replacement", "local_sp");
    std::map<std::string, int> replacedPoints;
    const auto starving = starvingGarrisons(db, s);
    for (auto& me : s.mes) {
        bool anyNeed = false;
        for (const auto& u : s.units) {
            if (u.me != me.id) continue;
            if (u.lostCombat > 0 || u.lostAttrition > 0) anyNeed = true;
            if (gunsLocal)
                for (const auto& g : u.guns) anyNeed |= g.standsCurrent < g.standsOriginal;
        }
        if (!anyNeed) continue;
        if (std::find(starving.begin(), starving.end(), me.id) != starving.end()) {  // §11.4: no supply at all
            lines.push_back(me.label + ": no replacements, its siege stores are gone (§11.4)");
            continue;
        }
        if (!purse.draws(me.id)) {  // §9.7: replacements need a valid LOC, even with forage in hand
            lines.push_back(me.label + ": no replacements, it had no valid LOC at the supply phase (§9.7)");
            continue;
        }
        for (auto& u : s.units) {
            if (u.me != me.id) continue;
            const auto need = rules::replaceableFigures(u, options);
            for (const auto& [figures, kind] :
                 {std::pair{need.attritionFigures, "attrition"}, std::pair{need.combatFigures, "combat"}}) {
                int n = figures;
                while (n > 0 && rules::replacementCost(u, n, options) > purse.available(me.id)) --n;  // as many as the SP allow
                if (n == 0) continue;
                const int cost = rules::replacementCost(u, n, options);
                purse.pay(me.id, cost);
                u.figuresCurrent += n;
                u.standsCurrent = std::min(u.standsOriginal, (u.figuresCurrent + u.figuresPerStand - 1) / u.figuresPerStand);
                if (std::string(kind) == "attrition") u.lostAttrition -= n;
                else u.lostCombat -= n;
                replacedPoints[u.side] += cost;
                ledgerRow(db, s.week, u.side, "replacement", purse.sourceOf(me.id), me.id, u.id, n, -cost, kind);
                lines.push_back(u.name + " (" + me.label + "): " + std::to_string(n) + " figures back (" + kind + "), " +
                                std::to_string(cost) + " SP");
            }
            // G-80 local_sp: lost gun stands come back from local SPs too.
            if (gunsLocal)
                for (auto& g : u.guns)
                    while (g.standsCurrent < g.standsOriginal && purse.pay(me.id, gunStandCost(g.calibre))) {
                        ++g.standsCurrent;
                        replacedPoints[u.side] += gunStandCost(g.calibre);
                        ledgerRow(db, s.week, u.side, "replacement", purse.sourceOf(me.id), me.id, u.id, 0, -gunStandCost(g.calibre),
                                  "gun " + std::string(calibreName(g.calibre)));
                        lines.push_back(u.name + " (" + me.label + "): a " + std::string(calibreName(g.calibre)) +
                                        " gun stand back, " + std::to_string(gunStandCost(g.calibre)) +
                                        " SP (gun_replacement = local_sp)");
                    }
        }
    }
    for (auto& side : s.sides) side.pointsReplaced += replacedPoints[side.id];
    // G-78: losses not recovered now are permanent (since_last_supply), or stay claimable (cumulative).
    if (options.is("replacement_window", "since_last_supply"))
        for (auto& u : s.units) u.lostCombat = u.lostAttrition = 0;
    buyRequests(db, s, purse, lines);
    purse.expire(db, s);  // §9.1: SPs are not carried over
    // The grant W3 recorded (none while a fleet closes the sea to a primary entry by sea, docs/rules-mapping.md).
    SQLite::Statement grant(
        db, "SELECT COALESCE(SUM(points), 0) FROM supply_ledger WHERE week = ? AND side_id = ? AND kind = 'primary_grant'");
    for (const auto& side : s.sides) {
        grant.bind(1, s.week);
        grant.bind(2, side.id);
        const int points = grant.executeStep() ? grant.getColumn(0).getInt() : 0;
        grant.reset();
        lines.push_back(side.name + ": " + std::to_string(replacedPoints[side.id]) + " SP spent on replacements; " +
                        (points > 0 ? "the " + std::to_string(points) + " SP primary grant awaits the commander's allocation"
                                    : std::string("no primary grant this week")));
    }
}

}  // namespace etatmajor::engine
