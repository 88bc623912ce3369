#include "etatmajor/engine/grant.hpp"

#include "db/oob_writer.hpp"
#include "db/store_impl.hpp"
#include "etatmajor/campaign/points.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/supply.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <set>

namespace etatmajor::engine {

using namespace campaign;

int grantRemaining(const db::CampaignStore& store, const std::string& side) {
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    SQLite::Statement q(db, "SELECT COALESCE(SUM(points), 0) FROM supply_ledger WHERE side_id = ? AND kind IN "
                            "('primary_grant', 'grant_purchase') AND week = (SELECT current_week FROM campaign WHERE id = 1)");
    q.bind(1, side);
    q.executeStep();
    return q.getColumn(0).getInt();
}

namespace {

void forEachUnit(const FormationDef& f, const std::function<void(const UnitDef&)>& fn) {
    for (const auto& u : f.units) fn(u);
    for (const auto& c : f.children) forEachUnit(c, fn);
}

void forEachId(const FormationDef& f, const std::function<void(const std::string&, int)>& fn) {
    fn(f.id, f.line);
    if (f.general) fn(f.general->id, f.general->line);
    for (const auto& u : f.units) fn(u.id, u.line);
    for (const auto& c : f.children) forEachId(c, fn);
}

// G-92: while the enemy holds the primary LOC entry hex, new MEs use the nearest road hex on the home edge that
// the enemy does not hold.
std::optional<hex::Hex> entryHex(const CampaignState& s, const std::string& side, core::IssueList& issues) {
    const auto* geo = s.map.side(side);
    if (!geo) {
        issues.error("GRANT-ENTRY", "the map has no home edge for side '" + side + "'");
        return std::nullopt;
    }
    std::set<hex::Hex> enemy;
    for (const auto& m : s.mes)
        if (m.onMap && m.side != side) enemy.insert(m.hex);
    if (s.options.is("new_me_location", "hq_hex"))
        for (const auto& h : geo->hqHexes)
            if (!enemy.count(h)) return h;
    hex::Hex primary{};
    for (const auto& e : geo->locEntries)
        if (e.kind == map::LocKind::Primary) primary = e.hex;
    if (!enemy.count(primary)) return primary;
    std::optional<hex::Hex> best;
    for (const auto h : s.map.allHexes()) {
        bool edge = false;
        for (auto e : geo->homeEdges) edge |= s.map.onEdge(h, e);
        bool road = false;
        for (int d = 0; d < hex::kDirections; ++d)
            road |= s.map.hasLink(h, d, map::LinkKind::MajorRoad) || s.map.hasLink(h, d, map::LinkKind::MinorRoad);
        if (!edge || !road || enemy.count(h)) continue;
        if (!best || hex::distance(h, primary) < hex::distance(*best, primary)) best = h;
    }
    if (!best) issues.error("GRANT-ENTRY", "the enemy holds the primary LOC entry and no other road enters on the home edge");
    return best;
}

}  // namespace

ReorgResult buyWithGrant(db::CampaignStore& store, const io::Purchase& p) {
    ReorgResult r;
    auto& db = store.impl().db;
    store.transaction([&] {
        auto s = db::loadState(store);
        if (db.execAndGet("SELECT ended FROM campaign WHERE id = 1").getInt() != 0) {
            r.issues.error("CAMPAIGN-ENDED", "the campaign is over");
            return;
        }
        const SideState* side = s.side(p.side);
        if (!side) {
            r.issues.error("GRANT-SIDE", "the campaign has no side '" + p.side + "'", 0, p.side);
            return;
        }
        // G-53 new_me_timing: at W5, or (any_orders_phase) also in the daily orders phase.
        const bool anyOrders = s.options.is("new_me_timing", "any_orders_phase");
        if (!(s.phase == "W5" || (anyOrders && s.phase == "D2")))
            r.issues.error("GRANT-TIMING", std::string("new MEs are raised in the weekly phase W5") +
                                               (anyOrders ? " or a daily orders phase (D2)" : "") + "; the next phase is " + s.phase);
        if (!s.options.is("unit_creation_funds", "primary_only"))
            r.issues.warning("GRANT-FUNDS", "unit_creation_funds = any_sp: purchases are still paid from the grant here");

        // Ids must be new; supply sources must exist; guns only for artillery (as in a campaign file).
        std::set<std::string> seen;
        for (const auto& item : p.items) {
            auto claim = [&](const std::string& id, int line) {
                SQLite::Statement q(db, "SELECT (SELECT COUNT(*) FROM me WHERE id = ?1) + (SELECT COUNT(*) FROM unit WHERE id = ?1) + "
                                        "(SELECT COUNT(*) FROM formation WHERE id = ?1) + (SELECT COUNT(*) FROM general WHERE id = ?1)");
                q.bind(1, id);
                q.executeStep();
                if (q.getColumn(0).getInt() > 0 || !seen.insert(id).second)
                    r.issues.error("GRANT-ID", "the id '" + id + "' is already in use", line, id);
            };
            claim(item.me.id, item.me.line);
            forEachId(item.formation, claim);
            if (!s.urbanArea(item.me.supplySource))
                r.issues.error("GRANT-SUPPLY", "ME '" + item.me.id + "' draws supply from '" + item.me.supplySource +
                                                   "', which is no urban area",
                               item.me.line, item.me.id + ".supply");
            forEachUnit(item.formation, [&](const UnitDef& u) {
                if ((u.type == UnitType::Artillery) != !u.guns.empty())
                    r.issues.error("GRANT-GUNS", "unit '" + u.id + "': artillery needs guns and only artillery has them",
                                   u.line, u.id + ".guns");
            });
        }
        int cost = 0;
        for (const auto& item : p.items) cost += formationPoints(item.formation);
        const int left = grantRemaining(store, p.side);
        if (cost > left)
            r.issues.error("GRANT-FUNDS", "the purchase costs " + std::to_string(cost) + " SP; " + std::to_string(left) +
                                              " SP of this week's primary grant are left");

        // G-83 / §13.2 army-list caps on the army after the purchase.
        if (s.options.is("enforce_list_caps", "yes")) {
            int army = side->vcsBaseline + cost, class5 = 0, class4 = 0, cavalry = 0;
            for (const auto& u : s.units) {
                if (u.side != p.side || u.removed) continue;
                const int pts = rules::standPrice(u) * u.standsOriginal;
                if (u.unitClass == 5) class5 += pts;
                if (u.unitClass == 4) class4 += pts;
                if (isCavalry(u.type)) cavalry += pts;
            }
            for (const auto& item : p.items)
                forEachUnit(item.formation, [&](const UnitDef& u) {
                    const int pts = unitPoints(u);
                    if (u.unitClass == 5) class5 += pts;
                    if (u.unitClass == 4) class4 += pts;
                    if (isCavalry(u.type)) cavalry += pts;
                });
            const int year = db.execAndGet("SELECT year FROM campaign WHERE id = 1").getInt();
            SQLite::Statement n(db, "SELECT nationalities FROM side WHERE id = ?");
            n.bind(1, p.side);
            n.executeStep();
            const bool british = (" " + n.getColumn(0).getString() + " ").find(" british ") != std::string::npos;
            const int class4Cap = (year >= 1778 || british) ? 25 : 10;
            auto cap = [&](int points, int percent, const std::string& what) {
                if (100 * points > percent * army)
                    r.issues.error("GRANT-CAP", what + " would be " + std::to_string(points) + " of " + std::to_string(army) +
                                                    " army points, over the " + std::to_string(percent) + "% cap (§13.2)");
            };
            cap(class5, 10, "Class 5 troops");
            cap(class4, class4Cap, "Class 4 troops");
            cap(cavalry, 20, "cavalry");
        }
        const auto at = entryHex(s, p.side, r.issues);
        r.issues.setFile(p.file);
        if (r.issues.hasErrors()) return;

        dice::SeededSource source(store.rngState());
        dice::Dice dice(source, store.rollLog(), store.nextRollSequence());
        dice.setContext(s.week, s.phase[0] == 'D' ? s.day : 0, s.phase);
        db::OobWriter oob(db, dice, s.options);
        const std::string root = [&] {
            for (const auto& f : s.formations)
                if (f.side == p.side && f.parent.empty()) return f.id;
            return std::string();
        }();
        int ord = db.execAndGet("SELECT COALESCE(MAX(ord), 0) + 1 FROM formation").getInt();
        int unitOrd = db.execAndGet("SELECT COALESCE(MAX(ord), 0) + 1 FROM unit").getInt();
        int meOrd = db.execAndGet("SELECT COALESCE(MAX(ord), 0) + 1 FROM me").getInt();
        const auto off = s.map.offsets();
        for (const auto& item : p.items) {
            oob.insertFormation(p.side, item.formation, root, ord, unitOrd);
            SQLite::Statement me(db, "INSERT INTO me (id, side_id, ord, label, q, r, mode, supply_source, entry_kind, created_week) "
                                     "VALUES (?,?,?,?,?,?,?,?,'primary',?)");
            me.bind(1, item.me.id);
            me.bind(2, p.side);
            me.bind(3, meOrd++);
            me.bind(4, item.me.label);
            me.bind(5, at->q);
            me.bind(6, at->r);
            me.bind(7, std::string(modeName(item.me.mode)));
            me.bind(8, item.me.supplySource);
            me.bind(9, s.week);
            me.exec();
            SQLite::Statement mf(db, "INSERT INTO me_formation (me_id, formation_id) VALUES (?,?)");
            mf.bind(1, item.me.id);
            mf.bind(2, item.formation.id);
            mf.exec();
            for (const auto& f : oob.subtree(item.formation.id)) {
                SQLite::Statement u(db, "UPDATE unit SET me_id = ?1 WHERE formation_id = ?2");
                u.bind(1, item.me.id);
                u.bind(2, f);
                u.exec();
                SQLite::Statement g(db, "UPDATE general SET me_id = ?1 WHERE formation_id = ?2");
                g.bind(1, item.me.id);
                g.bind(2, f);
                g.exec();
            }
            const int price = formationPoints(item.formation);
            SQLite::Statement l(db, "INSERT INTO supply_ledger (week, side_id, kind, source, me_id, points, note) "
                                    "VALUES (?,?,'grant_purchase','primary LOC',?,?,?)");
            l.bind(1, s.week);
            l.bind(2, p.side);
            l.bind(3, item.me.id);
            l.bind(4, -price);
            l.bind(5, item.me.label);
            l.exec();
            r.lines.push_back("ME '" + item.me.id + "' (" + item.me.label + ") raised for " + std::to_string(price) +
                              " SP at " + hex::formatOffset(off.toOffset(*at)));
        }
        // §10.3: the new forces join the side's VCS baseline.
        SQLite::Statement b(db, "UPDATE side SET vcs_baseline = vcs_baseline + ? WHERE id = ?");
        b.bind(1, cost);
        b.bind(2, p.side);
        b.exec();
        store.setRngState(source.state());
        nlohmann::json ids = nlohmann::json::array();
        for (const auto& item : p.items) ids.push_back(item.me.id);
        r.issues.setFile(p.file);
        store.logCommand("grant.buy", nlohmann::json{{"side", p.side}, {"mes", ids}, {"cost", cost}}.dump(),
                         nlohmann::json{{"lines", r.lines}}.dump());
    });
    return r;
}

}  // namespace etatmajor::engine
