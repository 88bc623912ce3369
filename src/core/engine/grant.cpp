// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/grant_db.hpp"

#include "db/oob_writer.hpp"
#include "command_impl.hpp"
#include "db/store_impl.hpp"
#include "etatmajor/campaign/command.hpp"
#include "etatmajor/campaign/points.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/supply.hpp"
#include "etatmajor/engine/weekly_stops.hpp"
#include "etatmajor/rules/water.hpp"
#include "etatmajor/rules/works.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace etatmajor::engine {

using namespace campaign;

int grantRemaining(const db::CampaignStore& store, const std::string& side) {
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    SQLite::Statement q(db, "SELECT COALESCE(SUM(points), 0) FROM supply_ledger WHERE side_id = ? AND kind IN "
                            "('primary_grant', 'grant_purchase', 'grant_replacement', 'overnight_works') AND week = (SELECT "
                            "current_week FROM campaign WHERE id = 1)");
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
    // A primary entry by sea that an enemy fleet has closed is passed over as one the enemy holds (docs/rules-mapping.md
    // "A fleet that closes the sea").
    if (!enemy.count(primary) && !rules::entryClosed(s, side, primary)) return primary;
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
    if (!best)
        issues.error("GRANT-ENTRY", std::string(rules::entryClosed(s, side, primary) ? "the sea is closed to the primary LOC entry"
                                                                                     : "the enemy holds the primary LOC entry") +
                                        " and no other road enters on the home edge");
    return best;
}

}  // namespace

namespace {
// Thrown inside a transaction to undo what a refused purchase already wrote.
struct Refused {};

// A purchase's ids are new, its commanders players of the side, its supply sources urban areas, and only its
// artillery has guns (as in a campaign file).
void checkPurchaseItems(SQLite::Database& db, const CampaignState& s, const io::Purchase& p, ReorgResult& r) {
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
        if (!item.me.commander.empty()) {
            SQLite::Statement pl(db, "SELECT COUNT(*) FROM player WHERE id = ? AND side_id = ?");
            pl.bind(1, item.me.commander);
            pl.bind(2, p.side);
            pl.executeStep();
            if (pl.getColumn(0).getInt() == 0)
                r.issues.error("GRANT-COMMANDER",
                               "ME '" + item.me.id + "' names commander '" + item.me.commander + "', who is not a player of side '" +
                                   p.side + "'",
                               item.me.line, item.me.id + ".commander");
        }
        if (!s.urbanArea(item.me.supplySource))
            r.issues.error("GRANT-SUPPLY",
                           "ME '" + item.me.id + "' draws supply from '" + item.me.supplySource + "', which is no urban area",
                           item.me.line, item.me.id + ".supply");
        forEachUnit(item.formation, [&](const UnitDef& u) {
            if ((u.type == UnitType::Artillery) != !u.guns.empty())
                r.issues.error("GRANT-GUNS", "unit '" + u.id + "': artillery needs guns and only artillery has them", u.line,
                               u.id + ".guns");
        });
    }
}

// G-83 / §13.2 army-list caps on the army after the purchase.
void checkListCaps(SQLite::Database& db, const CampaignState& s, const SideState& side, const io::Purchase& p, int cost,
                   ReorgResult& r) {
    int army = side.vcsBaseline + cost, class5 = 0, class4 = 0, cavalry = 0;
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

// Writes the purchased formations and MEs at the entry hex and pays for them from the primary grant.
void raisePurchase(SQLite::Database& db, db::OobWriter& oob, const CampaignState& s, const io::Purchase& p, const std::string& root,
                   hex::Hex at, ReorgResult& r) {
    int ord = db.execAndGet("SELECT COALESCE(MAX(ord), 0) + 1 FROM formation").getInt();
    int unitOrd = db.execAndGet("SELECT COALESCE(MAX(ord), 0) + 1 FROM unit").getInt();
    int meOrd = db.execAndGet("SELECT COALESCE(MAX(ord), 0) + 1 FROM me").getInt();
    const auto off = s.map.offsets();
    for (const auto& item : p.items) {
        oob.insertFormation(p.side, item.formation, root, ord, unitOrd);
        SQLite::Statement me(db, "INSERT INTO me (id, side_id, ord, label, q, r, mode, supply_source, entry_kind, created_week, "
                                 "commander) VALUES (?,?,?,?,?,?,?,?,'primary',?,?)");
        me.bind(1, item.me.id);
        me.bind(2, p.side);
        me.bind(3, meOrd++);
        me.bind(4, item.me.label);
        me.bind(5, at.q);
        me.bind(6, at.r);
        me.bind(7, std::string(modeName(item.me.mode)));
        me.bind(8, item.me.supplySource);
        me.bind(9, s.week);
        if (item.me.commander.empty()) me.bind(10);
        else me.bind(10, item.me.commander);
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
        r.lines.push_back("ME '" + item.me.id + "' (" + item.me.label + ") raised for " + std::to_string(price) + " SP at " +
                          hex::formatOffset(off.toOffset(at)));
    }
}
}  // namespace

ReorgResult applyBuyWithGrant(db::CampaignStore& store, const io::Purchase& p) {
    ReorgResult r;
    auto& db = store.impl().db;
    try {
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
            if (!window::newMes(s.phase, anyOrders))
                r.issues.error("GRANT-TIMING", std::string("new MEs are raised in the weekly phase W5") +
                                                   (anyOrders ? " or a daily orders phase (D2)" : "") + "; the next phase is " +
                                                   phaseString(s.phase));
            if (!s.options.is("unit_creation_funds", "primary_only"))
                r.issues.warning("GRANT-FUNDS", "unit_creation_funds = any_sp: purchases are still paid from the grant here");

            checkPurchaseItems(db, s, p, r);
            int cost = 0;
            for (const auto& item : p.items) cost += formationPoints(item.formation);
            const int left = grantRemaining(store, p.side);
            if (cost > left)
                r.issues.error("GRANT-FUNDS", "the purchase costs " + std::to_string(cost) + " SP; " + std::to_string(left) +
                                                  " SP of this week's primary grant are left");

            if (s.options.is("enforce_list_caps", "yes")) checkListCaps(db, s, *side, p, cost, r);
            const auto at = entryHex(s, p.side, r.issues);
            r.issues.setFile(p.file);
            if (r.issues.hasErrors()) return;

            dice::SeededSource source(store.rngState());
            dice::Dice dice(source, store.rollLog(), store.nextRollSequence());
            dice.setContext(s.week, isDaily(s.phase) ? s.day : 0, phaseString(s.phase));
            db::OobWriter oob(db, dice, s.options);
            const std::string root = [&] {
                for (const auto& f : s.formations)
                    if (f.side == p.side && f.parent.empty()) return f.id;
                return std::string();
            }();
            raisePurchase(db, oob, s, p, root, *at, r);
            // §4, §10, G-52, G-54: each new ME must be one the side may field; a refusal names it and buys nothing.
            {
                const auto after = db::loadState(store);
                for (const auto& item : p.items) {
                    if (const auto why = compositionProblem(after, item.me.id))
                        r.issues.error("ME-COMPOSITION", "ME '" + item.me.id + "' would not be an ME: " + *why, item.me.line,
                                       item.me.id + ".members");
                    if (const auto why = commandLimitProblem(after, item.me.id))
                        r.issues.error("ME-COMMAND-LIMIT", "ME '" + item.me.id + "' is refused: " + *why, item.me.line,
                                       item.me.id + ".commander");
                }
                if (r.issues.hasErrors()) {
                    r.lines.clear();
                    r.issues.setFile(p.file);
                    throw Refused{};
                }
            }
            // §10.3: the new forces join the side's VCS baseline.
            SQLite::Statement b(db, "UPDATE side SET vcs_baseline = vcs_baseline + ? WHERE id = ?");
            b.bind(1, cost);
            b.bind(2, p.side);
            b.exec();
            store.setRngState(source.state());
            r.issues.setFile(p.file);
        });
    } catch (const Refused&) {
    }
    return r;
}

// --- §9.7 / G-80: guns, engineers, staff and Guards from the primary grant -----------------------------------------

namespace {

// What is already on its way to a unit or general (drafts not yet arrived).
int figuresInTransit(SQLite::Database& db, const std::string& unit) {
    SQLite::Statement q(db, "SELECT COALESCE(SUM(figures_current), 0) FROM unit WHERE draft_for = ? AND removed = 0");
    q.bind(1, unit);
    q.executeStep();
    return q.getColumn(0).getInt();
}

int gunsInTransit(SQLite::Database& db, const std::string& unit, Calibre c) {
    SQLite::Statement q(db, "SELECT COALESCE(SUM(g.stands_current), 0) FROM unit_gun g JOIN unit u ON u.id = g.unit_id "
                            "WHERE u.draft_for = ? AND u.removed = 0 AND g.calibre = ?");
    q.bind(1, unit);
    q.bind(2, std::string(calibreName(c)));
    q.executeStep();
    return q.getColumn(0).getInt();
}

bool idInUse(SQLite::Database& db, const std::string& id) {
    SQLite::Statement q(db, "SELECT (SELECT COUNT(*) FROM me WHERE id = ?1) + (SELECT COUNT(*) FROM unit WHERE id = ?1) + "
                            "(SELECT COUNT(*) FROM formation WHERE id = ?1) + (SELECT COUNT(*) FROM general WHERE id = ?1)");
    q.bind(1, id);
    q.executeStep();
    return q.getColumn(0).getInt() > 0;
}

std::string freshId(SQLite::Database& db, const std::string& base) {
    std::string id = base;
    for (int k = 2; idInUse(db, id); ++k) id = base + "-" + std::to_string(k);
    return id;
}

}  // namespace

int engineerFigurePrice(const UnitState& u, int figures) {
    // §13.1: an engineer group (officer and two sapper stands) costs 30, so a stand 10, a figure pro rata (G-82).
    const int fps = std::max(1, u.figuresPerStand);
    return (figures * 10 + fps - 1) / fps;
}

namespace {

// What the grant sends to one unit: figures (Guards and engineers, §9.4) and gun stands (§9.7, G-80).
struct UnitDraft {
    const UnitState* unit;
    int figures = 0;
    int cost = 0;
    std::vector<std::pair<Calibre, int>> guns;
};

// The drafts for the named units of the ME; a unit the grant cannot refill is refused by name.
std::vector<UnitDraft> unitDrafts(SQLite::Database& db, const CampaignState& s, const std::string& sideId, const std::string& meId,
                                  const std::vector<std::string>& unitIds, ReorgResult& r) {
    std::vector<UnitDraft> drafts;
    for (const auto& id : unitIds) {
        const auto it = std::find_if(s.units.begin(), s.units.end(), [&](const UnitState& u) { return u.id == id; });
        if (it == s.units.end() || it->side != sideId || it->me != meId || it->removed) {
            r.issues.error("GRANT-REPLACE", "unit '" + id + "' is not in ME '" + meId + "'", 0, meId + ".unit");
            continue;
        }
        UnitDraft d{&*it, 0, 0, {}};
        const bool reservedFigures = it->guard || it->type == UnitType::Engineers;
        if (reservedFigures) {
            // §9.4: the grant is spent freely, so it may bring a reserved unit back to full strength.
            d.figures = std::max(0, it->figuresOriginal - it->figuresCurrent - figuresInTransit(db, it->id));
            d.cost = it->type == UnitType::Engineers ? engineerFigurePrice(*it, d.figures)
                                                     : rules::replacementCost(*it, d.figures, s.options);
        }
        for (const auto& g : it->guns) {
            const int missing = g.standsOriginal - g.standsCurrent - gunsInTransit(db, it->id, g.calibre);
            if (missing > 0) {
                d.guns.emplace_back(g.calibre, missing);
                d.cost += missing * gunStandCost(g.calibre);
            }
        }
        if (!reservedFigures && it->guns.empty())
            r.issues.error("GRANT-REPLACE",
                           "unit '" + id +
                               "' is neither Guard, engineers nor artillery: its losses are "
                               "replaced from local SPs at W4 (§9.7)",
                           0, id + ".unit");
        else if (d.figures == 0 && d.guns.empty())
            r.issues.error("GRANT-REPLACE", "unit '" + id + "' has nothing to replace (or it is already on its way)", 0, id + ".unit");
        else drafts.push_back(d);
    }
    return drafts;
}

// The killed or captured generals of the ME the grant replaces (§10.3, §13.3); adds their price to staffCost.
std::vector<const GeneralState*> staffToReplace(SQLite::Database& db, const CampaignState& s, const std::string& sideId,
                                                const std::string& meId, const std::vector<std::string>& generalIds, int& staffCost,
                                                ReorgResult& r) {
    std::vector<const GeneralState*> staff;
    for (const auto& id : generalIds) {
        const auto it = std::find_if(s.generals.begin(), s.generals.end(), [&](const GeneralState& g) { return g.id == id; });
        bool withMe = false;
        if (it != s.generals.end()) {
            withMe = it->me == meId;
            for (const auto* u : s.unitsOf(meId)) withMe |= u->formation == it->formation;
        }
        if (it == s.generals.end() || it->side != sideId || !withMe) {
            r.issues.error("GRANT-REPLACE", "general '" + id + "' did not serve with ME '" + meId + "'", 0, meId + ".general");
            continue;
        }
        if (it->status != GeneralStatus::Killed && it->status != GeneralStatus::Captured) {
            r.issues.error("GRANT-REPLACE",
                           "general '" + id + "' is " + std::string(generalStatusName(it->status)) + ", not killed or captured", 0,
                           id + ".general");
            continue;
        }
        if (it->playerFigure || it->rank == Rank::ArmyCommander) {
            r.issues.error("GRANT-REPLACE", "general '" + id + "' is a player's figure or the army commander; they are not bought", 0,
                           id + ".general");
            continue;
        }
        SQLite::Statement q(db, "SELECT COUNT(*) FROM general WHERE draft_for = ?");
        q.bind(1, id);
        q.executeStep();
        if (q.getColumn(0).getInt() > 0) {
            r.issues.error("GRANT-REPLACE", "general '" + id + "' has already been replaced", 0, id + ".general");
            continue;
        }
        GeneralDef def;
        def.rank = it->rank;
        staffCost += generalPoints(def);
        staff.push_back(&*it);
    }
    return staff;
}

// The drafted units, each a copy of the unit it joins at the strength it lacks, and their cost in the ledger.
void writeUnitDrafts(SQLite::Database& db, const CampaignState& s, const std::vector<UnitDraft>& drafts, const std::string& sideId,
                     const std::string& meId, const std::string& draftMe, ReorgResult& r) {
    for (const auto& d : drafts) {
        const std::string id = freshId(db, d.unit->id + "-draft-w" + std::to_string(s.week));
        const int fps = std::max(1, d.unit->figuresPerStand);
        const int stands = (d.figures + fps - 1) / fps;
        SQLite::Statement q(
            db, "INSERT INTO unit (id, side_id, formation_id, ord, name, nationality, type, class, stands_original, "
                "stands_current, figures_per_stand, figures_original, figures_current, armament, bayonets, "
                "points_original, me_id, guard, draft_for) "
                "SELECT ?1, side_id, formation_id, (SELECT COALESCE(MAX(ord), 0) + 1 FROM unit), name || ' (replacements)', "
                "nationality, type, class, ?2, ?2, figures_per_stand, ?3, ?3, armament, bayonets, ?4, ?5, guard, id "
                "FROM unit WHERE id = ?6");
        q.bind(1, id);
        q.bind(2, stands);
        q.bind(3, d.figures);
        q.bind(4, d.cost);
        q.bind(5, draftMe);
        q.bind(6, d.unit->id);
        q.exec();
        for (const auto& [calibre, n] : d.guns) {
            SQLite::Statement g(db, "INSERT INTO unit_gun (unit_id, calibre, stands_original, stands_current) VALUES (?,?,?,?)");
            g.bind(1, id);
            g.bind(2, std::string(calibreName(calibre)));
            g.bind(3, n);
            g.bind(4, n);
            g.exec();
        }
        std::string what = d.figures > 0 ? std::to_string(d.figures) + " figures" : "";
        for (const auto& [calibre, n] : d.guns)
            what += (what.empty() ? "" : ", ") + std::to_string(n) + " " + std::string(calibreName(calibre)) + " gun stand(s)";
        SQLite::Statement l(db, "INSERT INTO supply_ledger (week, side_id, kind, source, me_id, unit_id, figures, points, note) "
                                "VALUES (?,?,'grant_replacement','primary LOC',?,?,?,?,?)");
        l.bind(1, s.week);
        l.bind(2, sideId);
        l.bind(3, meId);
        l.bind(4, d.unit->id);
        l.bind(5, d.figures);
        l.bind(6, -d.cost);
        l.bind(7, what);
        l.exec();
        r.lines.push_back(d.unit->name + ": " + what + " for " + std::to_string(d.cost) + " SP");
    }
}

// The successors of the generals replaced, rated on the staff table as new generals are, and their cost in the ledger.
void writeSuccessors(SQLite::Database& db, db::OobWriter& oob, const CampaignState& s, const std::vector<const GeneralState*>& staff,
                     const std::string& sideId, const std::string& meId, const std::string& draftMe, ReorgResult& r) {
    for (const auto* g : staff) {
        GeneralDef def;
        def.id = freshId(db, g->id + "-successor");
        def.name = "Successor to " + g->name;
        def.nationality = g->nationality;
        def.rank = g->rank;
        def.arm = g->arm;
        def.rating.kind = RatingSpec::Kind::Roll;  // a new general is rated on the staff table (§10.3, §13.3)
        oob.insertGeneral(sideId, def, g->formation);
        SQLite::Statement u(db, "UPDATE general SET me_id = ?, draft_for = ? WHERE id = ?");
        u.bind(1, draftMe);
        u.bind(2, g->id);
        u.bind(3, def.id);
        u.exec();
        const int price = generalPoints(def);
        SQLite::Statement l(db, "INSERT INTO supply_ledger (week, side_id, kind, source, me_id, unit_id, figures, points, note) "
                                "VALUES (?,?,'grant_replacement','primary LOC',?,?,0,?,?)");
        l.bind(1, s.week);
        l.bind(2, sideId);
        l.bind(3, meId);
        l.bind(4, def.id);
        l.bind(5, -price);
        l.bind(6, "successor to " + g->id);
        l.exec();
        const std::string rating = db.execAndGet("SELECT rating FROM general WHERE id = '" + def.id + "'").getString();
        r.lines.push_back(def.name + " (" + rating + ") for " + std::to_string(price) + " SP");
    }
}
}  // namespace

ReorgResult applyReplaceFromGrant(db::CampaignStore& store, const std::string& sideId, const std::string& meId,
                                  const std::vector<std::string>& unitIds, const std::vector<std::string>& generalIds) {
    ReorgResult r;
    auto& db = store.impl().db;
    store.transaction([&] {
        auto s = db::loadState(store);
        if (db.execAndGet("SELECT ended FROM campaign WHERE id = 1").getInt() != 0) {
            r.issues.error("CAMPAIGN-ENDED", "the campaign is over");
            return;
        }
        if (!s.side(sideId)) {
            r.issues.error("GRANT-SIDE", "the campaign has no side '" + sideId + "'", 0, "side");
            return;
        }
        const MeState* target = s.me(meId);
        if (!target || target->side != sideId || !target->onMap) {
            r.issues.error("GRANT-ME", "side '" + sideId + "' has no ME '" + meId + "' on the map", 0, meId + ".me");
            return;
        }
        if (!window::grantReplacements(s.phase)) {
            r.issues.error("GRANT-TIMING",
                           "this week's grant arrives at the supply phase W3; the next phase is " + phaseString(s.phase), 0, "phase");
            return;
        }
        if (unitIds.empty() && generalIds.empty())
            r.issues.error("GRANT-REPLACE", "name the units (--unit) or generals (--general) to replace", 0, meId + ".unit");
        const auto drafts = unitDrafts(db, s, sideId, meId, unitIds, r);
        int staffCost = 0;
        const auto staff = staffToReplace(db, s, sideId, meId, generalIds, staffCost, r);
        int cost = staffCost;
        for (const auto& d : drafts) cost += d.cost;
        const int left = grantRemaining(store, sideId);
        if (cost > left)
            r.issues.error("GRANT-FUNDS",
                           "the replacements cost " + std::to_string(cost) + " SP; " + std::to_string(left) +
                               " SP of this week's primary grant are left",
                           0, meId + ".unit");
        const auto at = entryHex(s, sideId, r.issues);
        if (r.issues.hasErrors()) return;

        dice::SeededSource source(store.rngState());
        dice::Dice dice(source, store.rollLog(), store.nextRollSequence());
        dice.setContext(s.week, isDaily(s.phase) ? s.day : 0, phaseString(s.phase));
        // §9.4: what the grant buys enters at the primary LOC entry hex (another home-edge road while the enemy holds
        // it, G-92) as an ME of its own that must travel to its parent ME.
        const std::string draftMe = freshId(db, meId + "-repl-w" + std::to_string(s.week));
        // G-54: the draft is an ME of its own under the player of the ME it joins, and counts toward his commands
        // while it is on the road.
        {
            auto with = s;
            MeState draft;
            draft.id = draftMe;
            draft.side = sideId;
            draft.commander = target->commander;
            with.mes.push_back(draft);
            if (const auto why = commandLimitProblem(with, draftMe)) {
                r.issues.error("ME-COMMAND-LIMIT", "ME '" + draftMe + "' (replacements for '" + meId + "') is refused: " + *why, 0,
                               meId + ".me");
                r.lines.clear();
                return;
            }
        }
        {
            SQLite::Statement q(
                db, "INSERT INTO me (id, side_id, ord, label, q, r, mode, supply_source, entry_kind, on_map, created_week, "
                    "commander) VALUES (?,?,(SELECT COALESCE(MAX(ord), 0) + 1 FROM me WHERE side_id = ?2),?,?,?,'march',?,"
                    "'primary',1,?,?)");
            q.bind(1, draftMe);
            q.bind(2, sideId);
            q.bind(3, "Replacements for " + target->label);
            q.bind(4, at->q);
            q.bind(5, at->r);
            q.bind(6, target->supplySource);
            q.bind(7, s.week);
            if (target->commander.empty()) q.bind(8);
            else q.bind(8, target->commander);
            q.exec();
        }
        const auto off = s.map.offsets();
        writeUnitDrafts(db, s, drafts, sideId, meId, draftMe, r);
        db::OobWriter oob(db, dice, s.options);
        writeSuccessors(db, oob, s, staff, sideId, meId, draftMe, r);
        SQLite::Statement rf(db, "INSERT INTO reinforcement (me_id, side_id, target_me, week, points) VALUES (?,?,?,?,?)");
        rf.bind(1, draftMe);
        rf.bind(2, sideId);
        rf.bind(3, meId);
        rf.bind(4, s.week);
        rf.bind(5, cost);
        rf.exec();
        r.lines.push_back("they enter as ME '" + draftMe + "' at " + hex::formatOffset(off.toOffset(*at)) + " and must march to '" +
                          meId + "' at " + hex::formatOffset(off.toOffset(target->hex)) + " (§9.4, §9.7)");
        store.setRngState(source.state());
    });
    return r;
}

void joinArrivedReinforcements(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines) {
    struct Pending {
        std::string me, target;
        int points;
    };
    std::vector<Pending> pending;
    {
        SQLite::Statement q(db, "SELECT me_id, target_me, points FROM reinforcement WHERE arrived_week IS NULL");
        while (q.executeStep()) pending.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getInt()});
    }
    for (const auto& p : pending) {
        auto draft = std::find_if(s.mes.begin(), s.mes.end(), [&](const MeState& m) { return m.id == p.me; });
        const MeState* target = s.me(p.target);
        if (draft == s.mes.end() || !draft->onMap || !target || !target->onMap || draft->hex != target->hex) continue;
        std::map<std::string, std::string> parentOf;
        {
            SQLite::Statement q(db, "SELECT id, draft_for FROM unit WHERE me_id = ? AND draft_for IS NOT NULL");
            q.bind(1, p.me);
            while (q.executeStep()) parentOf[q.getColumn(0).getString()] = q.getColumn(1).getString();
        }
        for (auto& d : s.units) {
            if (d.me != p.me) continue;
            auto parent = std::find_if(s.units.begin(), s.units.end(), [&](const UnitState& u) {
                return parentOf.count(d.id) && u.id == parentOf[d.id] && !u.removed;
            });
            if (parent == s.units.end()) {
                d.me = p.target;  // its parent is gone: the draft stays a unit of the ME
                continue;
            }
            parent->figuresCurrent = std::min(parent->figuresOriginal, parent->figuresCurrent + d.figuresCurrent);
            parent->standsCurrent = std::min(parent->standsOriginal, (parent->figuresCurrent + parent->figuresPerStand - 1) /
                                                                         std::max(1, parent->figuresPerStand));
            for (const auto& g : d.guns)
                for (auto& pg : parent->guns)
                    if (pg.calibre == g.calibre) pg.standsCurrent = std::min(pg.standsOriginal, pg.standsCurrent + g.standsCurrent);
            d.removed = true;  // its men and guns are now in the parent unit
            d.me.clear();
        }
        for (auto& g : s.generals)
            if (g.me == p.me) g.me = p.target;
        draft->onMap = false;
        if (auto* side = s.side(draft->side)) side->pointsReplaced += p.points;  // §12.2: net losses fall
        SQLite::Statement u(db, "UPDATE reinforcement SET arrived_week = ?, arrived_day = ? WHERE me_id = ?");
        u.bind(1, s.week);
        u.bind(2, s.day);
        u.bind(3, p.me);
        u.exec();
        lines.push_back(draft->label + " join " + target->label + " (§9.7)");
    }
}

std::set<std::string> replacementsInTransit(SQLite::Database& db) {
    std::set<std::string> out;
    SQLite::Statement q(db, "SELECT me_id FROM reinforcement WHERE arrived_week IS NULL");
    while (q.executeStep()) out.insert(q.getColumn(0).getString());
    return out;
}

}  // namespace etatmajor::engine
