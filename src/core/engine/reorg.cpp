// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/engine/reorg.hpp"

#include "etatmajor/rules/movement.hpp"

#include "command_impl.hpp"
#include "db/store_impl.hpp"
#include "etatmajor/campaign/command.hpp"
#include "etatmajor/campaign/points.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/weekly_stops.hpp"
#include "etatmajor/hex/offset.hpp"

#include <algorithm>
#include <map>
#include <regex>
#include <set>

namespace etatmajor::engine {

using namespace campaign;

namespace {

bool validId(const std::string& id) {
    static const std::regex kId("[a-z0-9][a-z0-9_\\-]*");
    return std::regex_match(id, kId);
}

// Resolves members (unit, formation or general ids) of an ME into its units and generals; errors name the field.
struct Members {
    std::vector<std::string> units;
    std::vector<std::string> generals;
};

// Only the side's own units, formations and generals are looked at: a reference to the other side's is answered as one
// to nothing at all, so that a refusal never tells a side that an id of the enemy exists (§2.2: internal ids are
// never for the enemy).
Members resolve(const CampaignState& s, const std::string& side, const std::string& meId, const std::vector<std::string>& refs,
                core::IssueList& issues) {
    Members out;
    for (const auto& ref : refs) {
        bool found = false;
        for (const auto& u : s.units)
            if (u.id == ref && u.side == side && !u.removed) {
                found = true;
                if (u.me != meId) issues.error("REORG-MEMBER", "unit '" + ref + "' is not in ME '" + meId + "'", 0, meId + ".members");
                else out.units.push_back(ref);
            }
        for (const auto& g : s.generals)
            if (g.id == ref && g.side == side) {
                found = true;
                if (g.me != meId)
                    issues.error("REORG-MEMBER", "general '" + ref + "' is not with ME '" + meId + "'", 0, meId + ".members");
                else out.generals.push_back(ref);
            }
        for (const auto& f : s.formations) {
            if (f.id != ref || f.side != side) continue;
            found = true;
            std::set<std::string> subtree{f.id};
            for (const auto& g : s.formations)
                if (!g.parent.empty() && subtree.count(g.parent)) subtree.insert(g.id);
            int taken = 0;
            for (const auto& u : s.units)
                if (subtree.count(u.formation) && u.me == meId && !u.removed) {
                    out.units.push_back(u.id);
                    ++taken;
                }
            for (const auto& g : s.generals)
                if (subtree.count(g.formation) && g.me == meId) out.generals.push_back(g.id);
            if (taken == 0)
                issues.error("REORG-MEMBER", "formation '" + ref + "' has no units in ME '" + meId + "'", 0, meId + ".members");
        }
        if (!found)
            issues.error("REORG-MEMBER", "'" + ref + "' is no unit, formation or general of side '" + side + "'", 0,
                         meId + ".members");
    }
    std::sort(out.units.begin(), out.units.end());
    out.units.erase(std::unique(out.units.begin(), out.units.end()), out.units.end());
    std::sort(out.generals.begin(), out.generals.end());
    out.generals.erase(std::unique(out.generals.begin(), out.generals.end()), out.generals.end());
    return out;
}

MeState* findMe(CampaignState& s, const std::string& id) {
    for (auto& m : s.mes)
        if (m.id == id) return &m;
    return nullptr;
}

// Common checks: the campaign is running, the side and ME exist and belong together.
MeState* checkMe(CampaignState& s, SQLite::Database& db, const std::string& side, const std::string& meId, const char* field,
                 core::IssueList& issues) {
    if (db.execAndGet("SELECT ended FROM campaign WHERE id = 1").getInt() != 0) {
        issues.error("CAMPAIGN-ENDED", "the campaign is over");
        return nullptr;
    }
    if (!s.side(side)) {
        issues.error("REORG-SIDE", "the campaign has no side '" + side + "'", 0, side);
        return nullptr;
    }
    MeState* me = findMe(s, meId);
    if (!me || me->side != side) {
        issues.error("REORG-ME", "side '" + side + "' has no ME '" + meId + "'", 0, meId + "." + field);
        return nullptr;
    }
    // §10.1: reorganising keeps the ME stationary for the day, so it is done before the day's orders are written (the
    // weekly phases, D1 and the orders phase D2), never after the ME has marched.
    const bool beforeOrders = window::reorganisation(s.phase);
    SQLite::Statement given(db, "SELECT COUNT(*) FROM orders_submitted WHERE week = ? AND day = ? AND side_id = ?");
    given.bind(1, s.week);
    given.bind(2, s.day);
    given.bind(3, side);
    given.executeStep();
    if (given.getColumn(0).getInt() > 0 && (s.phase == Phase::D2 || s.phase == Phase::D1)) {
        issues.error("REORG-TOO-LATE", "side '" + side + "' has already given today's orders; reorganise before writing them", 0,
                     meId + "." + field);
        return nullptr;
    }
    if (!beforeOrders || me->movedToday > 0) {
        issues.error("REORG-TOO-LATE",
                     "ME '" + meId +
                         "' can be reorganised only before the day's orders are written (weekly phases, D1, D2); the next phase is " +
                         phaseString(s.phase) + (me->movedToday > 0 ? " and it has marched today" : ""),
                     0, meId + "." + field);
        return nullptr;
    }
    return me;
}

// §2.2, G-41: a new ME (a split, or units setting out in transit) stands in its parent's hex, so the side must have
// room for one more ME there (decoys that overfill it are settled at the phase's end).
bool roomForNewMe(const CampaignState& s, const MeState& from, core::IssueList& issues) {
    if (rules::stackedAt(s, from, from.hex, {}, s.options) + 1 < rules::kStackLimit) return true;  // the others and `from`
    issues.error("REORG-STACKING",
                 "a new ME from '" + from.id + "' would be the fourth of its side in its hex (at most " +
                     std::to_string(rules::kStackLimit) + ", §2.2)",
                 0, from.id + ".members");
    return false;
}

void insertMe(SQLite::Database& db, const MeState& m, const std::string& entryKind, int week) {
    SQLite::Statement q(db, "INSERT INTO me (id, side_id, ord, label, q, r, mode, supply_source, entry_kind, on_map, created_week, "
                            "commander) VALUES (?,?,?,?,?,?,?,?,?,1,?,?)");
    q.bind(1, m.id);
    q.bind(2, m.side);
    q.bind(3, m.ord);
    q.bind(4, m.label);
    q.bind(5, m.hex.q);
    q.bind(6, m.hex.r);
    q.bind(7, std::string(modeName(m.mode)));
    q.bind(8, m.supplySource);
    if (entryKind.empty()) q.bind(9);
    else q.bind(9, entryKind);
    q.bind(10, week);
    if (m.commander.empty()) q.bind(11);
    else q.bind(11, m.commander);
    q.exec();
}

// Thrown inside a transaction to undo what a refused change already wrote.
struct Refused {};

// §4, §10, G-52, G-54: after a change, the MEs it made or reshaped must still be MEs the side may field: `composed`
// by their composition (me_granularity), `commanded` by their commander's number of MEs (command_limit). A refusal
// names the ME and the rule and undoes the change.
void checkFielded(const CampaignState& s, const std::vector<std::string>& composed, const std::vector<std::string>& commanded,
                  ReorgResult& r) {
    for (const auto& id : composed)
        if (const auto* me = s.me(id); me && me->onMap)
            if (const auto why = compositionProblem(s, id))
                r.issues.error("ME-COMPOSITION", "ME '" + id + "' would not be an ME: " + *why, 0, id + ".members");
    for (const auto& id : commanded)
        if (const auto why = commandLimitProblem(s, id))
            r.issues.error("ME-COMMAND-LIMIT", "ME '" + id + "' is refused: " + *why, 0, id + ".commander");
    if (r.issues.hasErrors()) {
        r.lines.clear();
        throw Refused{};
    }
}

int nextOrd(const CampaignState& s, const std::string& side) {
    int ord = 0;
    for (const auto& m : s.mes)
        if (m.side == side) ord = std::max(ord, m.ord + 1);
    return ord;
}

bool idTaken(SQLite::Database& db, const std::string& id) {
    SQLite::Statement q(db, "SELECT (SELECT COUNT(*) FROM me WHERE id = ?1) + (SELECT COUNT(*) FROM unit WHERE id = ?1) + "
                            "(SELECT COUNT(*) FROM formation WHERE id = ?1) + (SELECT COUNT(*) FROM general WHERE id = ?1)");
    q.bind(1, id);
    q.executeStep();
    return q.getColumn(0).getInt() > 0;
}

// Moves units and generals between MEs in the loaded state.
void move(CampaignState& s, const Members& m, const std::string& to) {
    for (auto& u : s.units)
        if (std::find(m.units.begin(), m.units.end(), u.id) != m.units.end()) u.me = to;
    for (auto& g : s.generals)
        if (std::find(m.generals.begin(), m.generals.end(), g.id) != m.generals.end()) g.me = to;
}

// The change is kept (the command that runs this logs it, engine/commands.cpp).
void finish(db::CampaignStore& store, CampaignState& s) { db::saveState(store, s); }

// An ME with no units and no generals left is gone; an empty source after a split or transfer is refused earlier.
bool emptyMe(const CampaignState& s, const std::string& id) {
    return std::none_of(s.units.begin(), s.units.end(), [&](const UnitState& u) { return u.me == id && !u.removed; });
}

}  // namespace

ReorgResult applySplitMe(db::CampaignStore& store, const std::string& side, const std::string& fromMe, const std::string& newMe,
                         const std::string& label, const std::vector<std::string>& members) {
    ReorgResult r;
    auto& db = store.impl().db;
    try {
        store.transaction([&] {
            auto s = db::loadState(store);
            MeState* from = checkMe(s, db, side, fromMe, "from", r.issues);
            if (!from) return;
            if (!validId(newMe))
                r.issues.error("REORG-ID", "'" + newMe + "' is not a valid id (lower case, digits, - and _)", 0, "new");
            else if (idTaken(db, newMe)) r.issues.error("REORG-ID", "the id '" + newMe + "' is already in use", 0, "new");
            if (members.empty())
                r.issues.error("REORG-MEMBER", "name the units, formations or generals of the new ME", 0, fromMe + ".members");
            const auto m = resolve(s, side, fromMe, members, r.issues);
            if (r.issues.hasErrors()) return;
            if (m.units.empty()) {
                r.issues.error("REORG-MEMBER", "a new ME needs at least one unit", 0, fromMe + ".members");
                return;
            }
            std::size_t left = 0;
            for (const auto& u : s.units)
                if (u.me == fromMe && !u.removed) ++left;
            if (left == m.units.size()) {
                r.issues.error("REORG-MEMBER", "ME '" + fromMe + "' would be left without units; dissolve it instead", 0,
                               fromMe + ".members");
                return;
            }
            if (!roomForNewMe(s, *from, r.issues)) return;
            MeState created;
            created.id = newMe;
            created.side = side;
            created.ord = nextOrd(s, side);
            created.label = label.empty() ? newMe : label;
            created.hex = from->hex;
            created.mode = Mode::Reorganisation;
            created.supplySource = from->supplySource;
            created.commander = from->commander;  // the new ME stays with the player who split it (G-54)
            insertMe(db, created, "", s.week);
            s.mes.push_back(created);
            from = findMe(s, fromMe);
            from->mode = Mode::Reorganisation;
            move(s, m, newMe);
            checkFielded(s, {newMe, fromMe}, {newMe}, r);
            r.lines.push_back("ME '" + newMe + "' formed from " + std::to_string(m.units.size()) + " unit(s) of '" + fromMe +
                              "'; both reorganise today");
            finish(store, s);
        });
    } catch (const Refused&) {
    }
    return r;
}

ReorgResult applyTransfer(db::CampaignStore& store, const std::string& side, const std::string& fromMe, const std::string& toMe,
                          const std::vector<std::string>& members) {
    ReorgResult r;
    auto& db = store.impl().db;
    try {
        store.transaction([&] {
            auto s = db::loadState(store);
            MeState* from = checkMe(s, db, side, fromMe, "from", r.issues);
            if (!from) return;
            MeState* to = checkMe(s, db, side, toMe, "to", r.issues);
            if (!to) return;
            if (fromMe == toMe) {
                r.issues.error("REORG-TRANSFER", "an ME cannot transfer units to itself", 0, toMe + ".to");
                return;
            }
            const auto m = resolve(s, side, fromMe, members, r.issues);
            if (r.issues.hasErrors()) return;
            if (m.units.empty() && m.generals.empty()) {
                r.issues.error("REORG-MEMBER", "nothing to transfer", 0, fromMe + ".members");
                return;
            }
            const auto off = s.map.offsets();
            std::string transitId;
            if (from->hex == to->hex) {
                move(s, m, toMe);
                findMe(s, toMe)->mode = Mode::Reorganisation;
                r.lines.push_back(std::to_string(m.units.size()) + " unit(s) join '" + toMe + "' in hex " +
                                  hex::formatOffset(off.toOffset(to->hex)) + "; it reorganises today");
            } else {
                // G-95: the brigade in transit is a temporary ME for movement, stacking and orders.
                if (!roomForNewMe(s, *from, r.issues)) return;
                std::string id = fromMe + "-to-" + toMe;
                for (int k = 2; idTaken(db, id); ++k) id = fromMe + "-to-" + toMe + "-" + std::to_string(k);
                MeState transit;
                transit.id = id;
                transit.side = side;
                transit.ord = nextOrd(s, side);
                transit.label = "In transit to " + to->label;
                transit.hex = from->hex;
                transit.mode = Mode::March;
                transit.supplySource = from->supplySource;
                transit.commander = from->commander;  // its orders are written by the player who sent it (G-54)
                insertMe(db, transit, "", s.week);
                s.mes.push_back(transit);
                move(s, m, id);
                transitId = id;
                r.lines.push_back(std::to_string(m.units.size()) + " unit(s) leave '" + fromMe + "' as ME '" + id +
                                  "', which must travel to '" + toMe + "' at " + hex::formatOffset(off.toOffset(to->hex)));
            }
            if (emptyMe(s, fromMe)) {
                findMe(s, fromMe)->onMap = false;
                r.lines.push_back("ME '" + fromMe + "' has no units left and leaves the map");
            }
            // G-95: a detachment in transit is an ME only for the road; its composition is not checked, but it counts
            // toward its commander's MEs (an ME it leaves empty no longer does).
            checkFielded(s, {fromMe, toMe}, transitId.empty() ? std::vector<std::string>{} : std::vector<std::string>{transitId}, r);
            finish(store, s);
        });
    } catch (const Refused&) {
    }
    return r;
}

std::vector<std::string> dissolveMembers(const db::CampaignStore& store, const std::string& side, const std::string& me) {
    std::vector<std::string> everything;
    const auto s = db::loadState(store);
    const auto* found = s.me(me);
    if (!found || found->side != side) return everything;
    for (const auto& u : s.units)
        if (u.me == me && !u.removed) everything.push_back(u.id);
    for (const auto& g : s.generals)
        if (g.me == me) everything.push_back(g.id);
    return everything;
}

ReorgResult dissolveMe(db::CampaignStore& store, const std::string& side, const std::string& me, const std::string& intoMe) {
    bool ours = false;
    {
        const auto s = db::loadState(store);
        const auto* found = s.me(me);
        ours = found && found->side == side;
    }
    const auto everything = dissolveMembers(store, side, me);
    // The other side's ME is answered as one that does not exist (§2.2), in the words transfer uses.
    if (!ours || everything.empty()) {
        ReorgResult r;
        if (!ours) r.issues.error("REORG-ME", "side '" + side + "' has no ME '" + me + "'", 0, me + ".me");
        else r.issues.error("REORG-MEMBER", "ME '" + me + "' has no units to dissolve", 0, me + ".me");
        return r;
    }
    return transfer(store, side, me, intoMe, everything);
}

ReorgResult applyFormProvisional(db::CampaignStore& store, const std::string& side, const std::string& meId,
                                 const std::vector<std::string>& unitIds, const std::string& newUnit, const std::string& name) {
    ReorgResult r;
    auto& db = store.impl().db;
    store.transaction([&] {
        auto s = db::loadState(store);
        MeState* me = checkMe(s, db, side, meId, "me", r.issues);
        if (!me) return;
        if (!validId(newUnit)) r.issues.error("REORG-ID", "'" + newUnit + "' is not a valid id", 0, "new");
        else if (idTaken(db, newUnit)) r.issues.error("REORG-ID", "the id '" + newUnit + "' is already in use", 0, "new");
        if (unitIds.size() < 2)
            r.issues.error("REORG-PROVISIONAL", "a provisional unit combines at least two units", 0, meId + ".units");
        std::vector<UnitState*> units;
        for (const auto& id : unitIds) {
            auto it = std::find_if(s.units.begin(), s.units.end(), [&](const UnitState& u) { return u.id == id && !u.removed; });
            if (it == s.units.end() || it->me != meId) {
                r.issues.error("REORG-MEMBER", "unit '" + id + "' is not in ME '" + meId + "'", 0, meId + ".units");
                continue;
            }
            // §10.2: at or below half strength after the week's replacements.
            if (2 * it->figuresCurrent > it->figuresOriginal)
                r.issues.error("REORG-PROVISIONAL",
                               "unit '" + id + "' is above half strength (" + std::to_string(it->figuresCurrent) + " of " +
                                   std::to_string(it->figuresOriginal) + " figures)",
                               0, id + ".figures");
            units.push_back(&*it);
        }
        for (const auto* u : units)
            if (!units.empty() && (u->type != units.front()->type || u->nationality != units.front()->nationality))
                r.issues.error("REORG-PROVISIONAL",
                               "unit '" + u->id + "' is not of the type and nationality of '" + units.front()->id + "'", 0,
                               u->id + ".type");
        if (r.issues.hasErrors()) return;

        // G-94 class: mean of unit classes (.5 up), figure-weighted mean, or the class of the majority of figures.
        const std::string& rule = s.options.get("provisional_class");
        int cls = 0;
        if (rule == "unit_mean") {
            int sum = 0;
            for (const auto* u : units) sum += u->unitClass;
            cls = (2 * sum + static_cast<int>(units.size())) / (2 * static_cast<int>(units.size()));
        } else if (rule == "figure_weighted_mean") {
            int sum = 0, figures = 0;
            for (const auto* u : units) sum += u->unitClass * u->figuresCurrent, figures += u->figuresCurrent;
            cls = figures ? (2 * sum + figures) / (2 * figures) : units.front()->unitClass;
        } else {
            std::map<int, int> byClass;
            for (const auto* u : units) byClass[u->unitClass] += u->figuresCurrent;
            cls = std::max_element(byClass.begin(), byClass.end(), [](auto a, auto b) { return a.second < b.second; })->first;
        }
        int figures = 0, cap = 0;
        for (const auto* u : units) figures += u->figuresCurrent, cap = std::max(cap, u->figuresOriginal);
        const int fps = units.front()->figuresPerStand;
        figures = std::min(figures, cap);  // "battalion strength": no more than the largest original unit
        const UnitState& first = *units.front();
        UnitDef def;
        def.type = first.type;
        def.unitClass = cls;
        def.armament = first.armament;
        def.stands = (cap + fps - 1) / fps;
        SQLite::Statement q(db, "INSERT INTO unit (id, side_id, formation_id, ord, name, nationality, type, class, stands_original, "
                                "stands_current, figures_per_stand, figures_original, figures_current, armament, bayonets, "
                                "points_original, me_id, provisional) "
                                "VALUES (?,?,?,(SELECT COALESCE(MAX(ord), 0) + 1 FROM unit),?,?,?,?,?,?,?,?,?,?,?,?,?,1)");
        q.bind(1, newUnit);
        q.bind(2, side);
        q.bind(3, first.formation);
        q.bind(4, name.empty() ? newUnit : name);
        q.bind(5, std::string(nationalityName(first.nationality)));
        q.bind(6, std::string(unitTypeName(first.type)));
        q.bind(7, cls);
        q.bind(8, def.stands);
        q.bind(9, (figures + fps - 1) / fps);
        q.bind(10, fps);
        q.bind(11, cap);
        q.bind(12, figures);
        q.bind(13, std::string(armamentName(first.armament)));
        q.bind(14, cls > 1 ? 1 : 0);
        q.bind(15, unitPoints(def));
        q.bind(16, meId);
        q.exec();
        std::string merged;
        for (auto* u : units) {
            u->removed = true;  // its men are now in the provisional unit
            u->me.clear();
            merged += (merged.empty() ? "" : ", ") + u->id;
        }
        me->mode = Mode::Reorganisation;
        r.lines.push_back("provisional unit '" + newUnit + "' (class " + std::to_string(cls) + ", " + std::to_string(figures) +
                          " figures) formed from " + merged + "; '" + meId + "' reorganises today");
        finish(store, s);
    });
    return r;
}

}  // namespace etatmajor::engine
