// SPDX-License-Identifier: GPL-3.0-or-later
// The invariants of a campaign (invariants.hpp).
#include "etatmajor/engine/invariants.hpp"

#include "engine/after_battle_db.hpp"
#include "engine/decoys_db.hpp"
#include "engine/grant_db.hpp"

#include "db/store_impl.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/movement.hpp"
#include "etatmajor/rules/victory.hpp"
#include "etatmajor/view/side_view.hpp"

#include <map>
#include <set>

namespace etatmajor::engine {

namespace {

using campaign::CampaignState;

struct Checker {
    const CampaignState& s;
    SQLite::Database& db;
    core::IssueList out;

    std::string at(hex::Hex h) const { return hex::formatOffset(s.map.offsets().toOffset(h)); }
    void breach(const std::string& code, const std::string& message) { out.error("INVARIANT-" + code, message); }

    // Units away from their ME: routers in their rally hex as a detached group (G-69).
    std::set<std::string> detached() const {
        const auto ids = detachedUnits(db);
        return {ids.begin(), ids.end()};
    }

    // §2.2, G-57: an ME on the map has at least one unit present; a removed unit belongs to no ME and has no figures
    // counted anywhere; nothing is negative.
    void forces() {
        const auto away = detached();
        const auto inTransit = replacementsInTransit(db);  // may be staff alone (§9.7, G-80)
        for (const auto& me : s.mes) {
            if (!me.onMap || inTransit.count(me.id)) continue;
            int present = 0;
            for (const auto* u : s.unitsOf(me.id)) present += away.count(u->id) ? 0 : 1;
            if (present == 0)
                breach("EMPTY-ME", "ME " + me.id + " (" + me.side + ") stands at " + at(me.hex) + " with no unit present");
            if (!s.map.contains(me.hex)) breach("ME-OFF-MAP", "ME " + me.id + " is on the map at " + at(me.hex) + ", outside it");
        }
        for (const auto& u : s.units) {
            if (u.removed && !u.me.empty()) breach("REMOVED-IN-ME", "unit " + u.id + " was removed but is still in ME " + u.me);
            if (u.figuresCurrent < 0 || u.standsCurrent < 0 || u.lostCombat < 0 || u.lostAttrition < 0)
                breach("NEGATIVE", "unit " + u.id + " has a negative count (figures " + std::to_string(u.figuresCurrent) +
                                       ", stands " + std::to_string(u.standsCurrent) + ")");
            if (u.figuresCurrent > u.figuresOriginal)
                breach("FIGURES", "unit " + u.id + " has " + std::to_string(u.figuresCurrent) + " figures, more than its " +
                                      std::to_string(u.figuresOriginal));
            for (const auto& g : u.guns)
                if (g.standsCurrent < 0 || g.standsCurrent > g.standsOriginal)
                    breach("GUNS", "unit " + u.id + " has " + std::to_string(g.standsCurrent) + " gun stands of " +
                                       std::to_string(g.standsOriginal));
            if (!u.me.empty() && !s.me(u.me)) breach("UNIT-ME", "unit " + u.id + " is in ME " + u.me + ", which does not exist");
        }
    }

    // §2.2, G-41: at most three MEs of a side (of both under stacking_scope = total) wherever MEs stand; decoys count
    // under decoys_stack = yes, except between their placement (D2) and the day's movement.
    void stacking(bool decoys) {
        std::map<std::pair<std::string, std::pair<int, int>>, int> count;
        const bool total = s.options.is("stacking_scope", "total");
        for (const auto& me : s.mes)
            if (me.onMap) ++count[{total ? std::string() : me.side, {me.hex.q, me.hex.r}}];
        if (decoys && s.options.is("decoys_stack", "yes")) {
            SQLite::Statement d(db, "SELECT side_id, q, r FROM decoy WHERE removed_week = 0");
            while (d.executeStep())
                ++count[{total ? std::string() : d.getColumn(0).getString(), {d.getColumn(1).getInt(), d.getColumn(2).getInt()}}];
        }
        for (const auto& [key, n] : count)
            if (n > rules::kStackLimit)
                breach("STACKING", std::to_string(n) + " counters of " + (key.first.empty() ? std::string("both sides") : key.first) +
                                       " stand at " + at({key.second.first, key.second.second}) + " (at most " +
                                       std::to_string(rules::kStackLimit) + ")");
    }

    // §9.2.2, G-88: a town held by MEs of one side alone is that side's.
    void control() {
        for (const auto& ua : s.urban) {
            std::set<std::string> sides;
            for (const auto& me : s.mes)
                if (me.onMap && me.hex == ua.hex) sides.insert(me.side);
            if (sides.size() == 1 && ua.controller != *sides.begin())
                breach("CONTROL", "town " + ua.name + " (" + ua.id + ") at " + at(ua.hex) + " is held by " + *sides.begin() +
                                      " alone but controlled by " + (ua.controller.empty() ? std::string("nobody") : ua.controller));
        }
    }

    // §12.2: every recorded VCS is its parts added up by the campaign's formula, and a side is defeated exactly when
    // its VCS is at or below a quarter of its baseline.
    void vcs() {
        SQLite::Statement q(db, "SELECT side_id, week, baseline, points_lost, objectives_value, supply_value, value, defeated "
                                "FROM vcs_history ORDER BY week, side_id");
        const bool body = s.options.is("vcs_formula", "body");
        while (q.executeStep()) {
            const int baseline = q.getColumn(2).getInt(), lost = q.getColumn(3).getInt(), objectives = q.getColumn(4).getInt(),
                      supply = q.getColumn(5).getInt(), value = q.getColumn(6).getInt();
            const int expected = baseline - lost + supply + (body ? objectives : 0);
            const std::string who = q.getColumn(0).getString() + " in week " + std::to_string(q.getColumn(1).getInt());
            if (value != expected)
                breach("VCS", "the VCS of " + who + " is " + std::to_string(value) + ", its parts give " + std::to_string(expected));
            if ((q.getColumn(7).getInt() != 0) != (value * 4 <= baseline))
                breach("VCS-DEFEAT",
                       "the VCS of " + who + " is " + std::to_string(value) + " of a baseline of " + std::to_string(baseline) +
                           (q.getColumn(7).getInt() != 0 ? " but it is marked defeated" : " but it is not marked defeated"));
        }
    }

    // The host's view counts what is there: an ME's points, stands and figures are those of its units present (not
    // removed, not away as a detached group), and it lists no removed unit.
    void views(const db::CampaignStore& store) {
        const auto host = view::buildSideView(store, view::Viewer::host());
        const auto away = detached();
        for (const auto* me : host.allMes()) {
            const auto* st = s.me(me->id);
            if (!st) continue;
            int points = 0, stands = 0, figures = 0;
            for (const auto* u : s.unitsOf(me->id)) {
                if (away.count(u->id)) continue;
                points += rules::unitCurrentPoints(*u);
                stands += u->standsCurrent;
                figures += u->figuresCurrent;
            }
            if (me->points != points || me->stands != stands || me->figures != figures)
                breach("VIEW-COUNT", "ME " + me->id + " is shown with " + std::to_string(me->points) + " points, " +
                                         std::to_string(me->stands) + " stands, " + std::to_string(me->figures) +
                                         " figures; its units present have " + std::to_string(points) + ", " + std::to_string(stands) +
                                         ", " + std::to_string(figures));
            for (const auto& u : me->units)
                for (const auto& su : s.units)
                    if (su.id == u.id && su.removed) breach("VIEW-REMOVED", "ME " + me->id + " lists the removed unit " + u.id);
        }
    }
};

}  // namespace

core::IssueList checkInvariants(const db::CampaignStore& store, std::optional<campaign::Phase> afterPhase) {
    using campaign::Phase;
    const auto state = db::loadState(store);
    Checker c{state, const_cast<db::CampaignStore&>(store).impl().db, {}};
    c.forces();
    // Decoys put down with the day's orders count where they stop, once the day's movement is over (G-41).
    c.stacking(!afterPhase || decoysStackAfter(*afterPhase));
    if (afterPhase == Phase::D12) c.control();
    c.vcs();
    c.views(store);
    return c.out;
}

core::IssueList checkInvariantsAtRest(const db::CampaignStore& store) {
    using campaign::Phase;
    const Phase at = store.info().phase;
    return checkInvariants(store, at == Phase::D1 || at == Phase::W1 ? std::optional(Phase::D12) : std::nullopt);
}

}  // namespace etatmajor::engine
