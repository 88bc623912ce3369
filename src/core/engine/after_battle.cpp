// SPDX-License-Identifier: GPL-3.0-or-later
// After the battle (etat-major.md §8.11.4, §9.8; G-50, G-66, G-67, G-69, G-70, G-72).
#include "engine/after_battle_db.hpp"

#include "engine/grant_db.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/movement.hpp"
#include "etatmajor/rules/scouting.hpp"
#include "etatmajor/rules/supply.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>

namespace etatmajor::engine {

using namespace campaign;

namespace {

std::string at(const CampaignState& s, hex::Hex h) { return hex::formatOffset(s.map.offsets().toOffset(h)); }

bool land(const CampaignState& s, hex::Hex h) { return s.map.contains(h) && !map::isWater(s.map.terrain(h)); }

// G-41: whether its side has room for `me` in hex `n` (fewer than three other MEs of its side there).
bool roomFor(const CampaignState& s, const MeState& me, hex::Hex n) {
    return rules::stackedAt(s, me, n, {}, s.options) < rules::kStackLimit;  // decoys: settled at the phase's end
}

bool enemyIn(const CampaignState& s, const std::string& side, hex::Hex h) {
    for (const auto& e : s.mes)
        if (e.onMap && e.side != side && e.hex == h) return true;
    return false;
}

// An unfordable river where nothing crosses it: routers and withdrawing groups cannot pass.
bool impassableSide(const CampaignState& s, hex::Hex h, int dir) {
    const map::Hexside* hs = s.map.hexside(h, dir);
    return hs && hs->watercourse == map::Watercourse::River && !hs->fordable && hs->crossing == map::Crossing::None;
}

// Breadth-first search over land from `from`, never entering a hex held by an enemy ME (the start is allowed) nor
// crossing an unfordable river where nothing crosses it. Distances are kept in a flat array with generation stamps,
// reused from one search to the next (one array per thread), and the enemy's hexes are marked once per search, so a
// search costs O(M) plus O(1) for each hex it labels; the caller runs it hex by hex and stops as soon as it knows what it
// needs (performance.md P2: it was a map of distances and a scan of every ME for every neighbour tried).
class LandSearch {
public:
    LandSearch(const CampaignState& s, const std::string& side, hex::Hex from) : m_s(s), m_from(from), m_scratch(scratch()) {
        auto& k = m_scratch;
        k.busy = true;
        const std::size_t n = s.map.hexCount();
        if (k.stamp.size() != n) {
            k.stamp.assign(n, 0);
            k.enemyStamp.assign(n, 0);
            k.dist.assign(n, 0);
            k.generation = 0;
        }
        if (++k.generation == 0) {  // wrapped: every stamp is from an earlier search
            std::fill(k.stamp.begin(), k.stamp.end(), 0u);
            std::fill(k.enemyStamp.begin(), k.enemyStamp.end(), 0u);
            k.generation = 1;
        }
        for (const auto& e : s.mes)
            if (e.onMap && e.side != side && s.map.contains(e.hex)) k.enemyStamp[s.map.indexOf(e.hex)] = k.generation;
        if (s.map.contains(from)) label(s.map.indexOf(from), 0);
        m_open.push_back({from, 0});
    }
    ~LandSearch() { m_scratch.busy = false; }
    LandSearch(const LandSearch&) = delete;
    LandSearch& operator=(const LandSearch&) = delete;

    // The distance of `h`, when the search has reached it.
    std::optional<int> at(hex::Hex h) const {
        if (h == m_from) return 0;
        if (!m_s.map.contains(h)) return std::nullopt;
        const auto i = m_s.map.indexOf(h);
        if (m_scratch.stamp[i] != m_scratch.generation) return std::nullopt;
        return m_scratch.dist[i];
    }
    bool done() const { return m_open.empty(); }
    // The distance of the next hex to expand (done() must be false): every hex nearer than it has been reached.
    int frontDistance() const { return m_open.front().second; }
    // Expands the next hex: labels its neighbours not reached yet.
    void step() {
        const auto [h, d] = m_open.front();
        m_open.pop_front();
        for (int dir = 0; dir < hex::kDirections; ++dir) {
            const hex::Hex n = hex::neighbour(h, dir);
            if (n == m_from || !land(m_s, n)) continue;
            const auto i = m_s.map.indexOf(n);
            if (m_scratch.stamp[i] == m_scratch.generation || m_scratch.enemyStamp[i] == m_scratch.generation) continue;
            if (impassableSide(m_s, h, dir)) continue;
            label(i, d + 1);
            m_open.push_back({n, d + 1});
        }
    }

private:
    struct Scratch {
        std::vector<unsigned> stamp, enemyStamp;
        std::vector<int> dist;
        unsigned generation = 0;
        bool busy = false;  // a search is using it: another one at the same time gets arrays of its own
    };
    Scratch& scratch() {
        thread_local Scratch shared;
        if (!shared.busy) return shared;
        m_own = std::make_unique<Scratch>();
        return *m_own;
    }
    void label(std::size_t i, int d) {
        m_scratch.stamp[i] = m_scratch.generation;
        m_scratch.dist[i] = d;
    }

    const CampaignState& m_s;
    hex::Hex m_from;
    std::unique_ptr<Scratch> m_own;  // declared before m_scratch, which may refer to it
    Scratch& m_scratch;
    std::deque<std::pair<hex::Hex, int>> m_open;
};

// One attrition application (§8.7.4) to every unit with the ME; returns the figures lost.
int attrition(CampaignState& s, const MeState& me, const std::set<std::string>& detached, std::vector<std::string>& lines,
              const std::string& why) {
    const bool winter = s.seasonOfWeek(s.week) == Season::Winter;
    int lost = 0, points = 0;
    for (auto& u : s.units) {
        if (u.me != me.id || u.removed || detached.count(u.id)) continue;
        const int n = std::min(rules::attritionFigures(u, winter, s.options), u.figuresCurrent);
        if (n == 0) continue;
        points += rules::replacementCost(u, n, s.options);  // valued pro rata (G-82)
        u.figuresCurrent -= n;
        u.lostAttrition += n;
        u.standsCurrent = u.figuresPerStand > 0 ? (u.figuresCurrent + u.figuresPerStand - 1) / u.figuresPerStand : 0;
        lost += n;
        lines.push_back("    " + u.name + " loses " + std::to_string(n) + " figures");
        if (rules::removedByLosses(u, s.options)) {
            u.removed = true;  // G-57
            lines.push_back("    " + u.name + " falls below one stand and is gone");
        }
    }
    if (auto* side = s.side(me.side)) side->pointsLost += points;
    lines.push_back("  " + me.label + ": " + why + ", " + std::to_string(lost) + " figures (" + std::to_string(points) + " points)");
    return lost;
}

}  // namespace

int surroundedAttritionApplications(int surrounding, int surrounded, int cap) {
    const int own = std::max(1, surrounded);
    // floor(2 × (S ÷ s − 1)) in integers: floor((2S − 2s) ÷ s), never negative.
    const int extra = std::max(0, (2 * surrounding - 2 * own) / own);
    return 1 + std::min(cap, extra);
}

bool staysShaken(const UnitState& u, const Options& options) {
    if (u.standsOriginal <= 0) return false;
    // G-70, G-103: measured in stands.
    if (options.is("perm_shaken_threshold", "below_50")) return 2 * u.standsCurrent < u.standsOriginal;
    return 2 * u.standsCurrent <= u.standsOriginal;
}

// Cost: one land search from `from`, which stops when it reaches the ME's supply source; else it labels every hex it
// can reach (O(H) at worst, O(1) a hex), then O(towns).
std::optional<hex::Hex> rallyHex(const CampaignState& s, const MeState& me, hex::Hex from) {
    LandSearch reach(s, me.side, from);
    const auto* source = s.urbanArea(me.supplySource);
    for (;;) {
        // The supply source, however far, when the routers can reach it.
        if (source && reach.at(source->hex)) return source->hex;
        if (reach.done()) break;
        reach.step();
    }
    std::optional<hex::Hex> best;
    int bestDistance = 1 << 20;
    for (const auto& ua : s.urban) {
        if (ua.controller != me.side || ua.destroyed) continue;
        if (const auto d = reach.at(ua.hex); d && *d < bestDistance) {
            best = ua.hex;
            bestDistance = *d;
        }
    }
    return best;
}

// etat-major.md §9.8, G-69 router_return = travel_at_infantry_mr: a day's march of routers toward their rally point
// at the infantry rate (§8.7.1: 4 hexes), by a shortest way over land that avoids hexes held by the enemy.
constexpr int kRouterHexesPerDay = 4;
// Cost: one land search from `to`, which stops once every hex as near to `to` as `from` is has been reached (O(H) at
// worst, when `from` cannot be reached), then `hexes` steps of six lookups.
hex::Hex marchToward(const CampaignState& s, const std::string& side, hex::Hex from, hex::Hex to, int hexes) {
    LandSearch reach(s, side, to);
    // A step goes only to a neighbour nearer to `to` than the hex it leaves: every distance below `from`'s is known
    // once the next hex to expand is as far as `from`.
    while (!reach.done()) {
        if (const auto d = reach.at(from); d && reach.frontDistance() >= *d) break;
        reach.step();
    }
    hex::Hex cur = from;
    for (int step = 0; step < hexes && cur != to; ++step) {
        const auto here = reach.at(cur);
        int best = here ? *here : (1 << 20);
        std::optional<hex::Hex> next;
        for (int d = 0; d < hex::kDirections; ++d) {
            const hex::Hex n = hex::neighbour(cur, d);
            const auto there = reach.at(n);
            if (!there || *there >= best) continue;
            if (impassableSide(s, cur, d)) continue;
            best = *there;
            next = n;
        }
        if (!next) break;
        cur = *next;
    }
    return cur;
}

std::vector<std::string> detachedUnits(SQLite::Database& db) {
    std::vector<std::string> out;
    SQLite::Statement q(db, "SELECT id FROM unit WHERE detached_q IS NOT NULL ORDER BY id");
    while (q.executeStep()) out.push_back(q.getColumn(0).getString());
    return out;
}

// Cost (D11, per battle): a scan of the unit table; each beaten ME in the hex tries up to 36 hexes at O(M) each and,
// surrounded, sums its enemies' scouting points, O(U + generals) each; each router costs O(U + M) to find and a
// rallyHex search (O(M) and O(1) a hex labelled, up to O(H)); O(U log P) to settle Shaken.
void nightfall(SQLite::Database& db, CampaignState& s, int battleId, hex::Hex h, const std::string& loser,
               std::vector<std::string>& lines) {
    const auto detachedList = detachedUnits(db);
    std::set<std::string> detached(detachedList.begin(), detachedList.end());
    // 1–2: night after the last daylight turn; close assaults were fought to a result by the resolver.
    lines.push_back("  night falls: the forces break off (§8.11.4)");
    // 3, G-66: on the table both sides draw back 300/250 mm; the side that held the urban area (or fortification)
    // when the battle began keeps it, contested or not.
    if (s.options.is("night_separation", "chart_300mm")) {
        std::string held;
        for (const auto& ua : s.urban)
            if (ua.hex == h && !ua.controller.empty())
                held = " except " + (s.side(ua.controller) ? s.side(ua.controller)->name : ua.controller) + " in " + ua.name;
        lines.push_back("  both sides draw back 300/250 mm" + held + " (G-66)");
    }
    std::set<std::string> participants;
    {
        SQLite::Statement q(db, "SELECT me_id FROM battle_participant WHERE battle_id = ?");
        q.bind(1, battleId);
        while (q.executeStep()) participants.insert(q.getColumn(0).getString());
    }
    // 4, G-67: an ME of the beaten side still in the battle hex with every way out held by the enemy.
    for (auto& me : s.mes) {
        if (!me.onMap || me.hex != h || me.side != loser || !participants.count(me.id)) continue;
        bool way = false;
        for (const hex::Hex n : hex::neighbours(h))
            if (land(s, n) && !enemyIn(s, me.side, n)) way = true;
        if (way) continue;
        if (s.options.is("surrounded_force", "body_captured")) {
            for (auto& u : s.units)
                if (u.me == me.id && !u.removed && !detached.count(u.id)) {
                    const int cost = rules::replacementCost(u, u.figuresCurrent, s.options);
                    if (auto* side = s.side(u.side)) side->pointsLost += cost;
                    u.lostCombat += u.figuresCurrent;
                    u.figuresCurrent = 0;
                    u.standsCurrent = 0;
                    u.removed = true;
                }
            me.onMap = false;
            lines.push_back("  " + me.label + " is surrounded and captured (G-67 body_captured)");
            continue;
        }
        int theirs = 0;
        for (const auto& e : s.mes)
            if (e.onMap && e.side != me.side && participants.count(e.id)) theirs += rules::meScoutingPoints(s, e.id);
        const int ours = rules::meScoutingPoints(s, me.id);
        const int applications = surroundedAttritionApplications(theirs, ours, std::stoi(s.options.get("surround_extra_cap")));
        // It slips out to the nearest hex free of the enemy, toward its rally point.
        std::optional<hex::Hex> best;
        int bestKey = 1 << 20;
        const auto* ua = s.urbanArea(me.supplySource);
        for (int radius = 2; radius <= 3 && !best; ++radius)
            for (const hex::Hex n : hex::ring(h, radius)) {
                if (!land(s, n) || enemyIn(s, me.side, n) || !roomFor(s, me, n)) continue;
                const int key = ua ? hex::distance(n, ua->hex) : 0;
                if (!best || key < bestKey) {
                    best = n;
                    bestKey = key;
                }
            }
        lines.push_back("  " + me.label + " is surrounded (scouting points " + std::to_string(theirs) + " against " +
                        std::to_string(ours) + ") and withdraws overnight with " + std::to_string(applications) +
                        " attrition application(s) (G-67)");
        for (int i = 0; i < applications; ++i) attrition(s, me, detached, lines, "attrition while surrounded");
        if (best) {
            me.hex = *best;
            lines.push_back("  " + me.label + " reaches " + at(s, *best));
        }
    }
    // 5, G-69: unpursued routers go to the ME's rally point (§9.8) and are there next morning as a detached group.
    {
        SQLite::Statement q(db, "SELECT l.unit_id FROM battle_loss l JOIN unit u ON u.id = l.unit_id WHERE l.battle_id = ? "
                                "AND l.routed = 1 AND l.removed = 0 AND u.removed = 0 ORDER BY l.unit_id");
        q.bind(1, battleId);
        std::vector<std::string> routers;
        while (q.executeStep()) routers.push_back(q.getColumn(0).getString());
        SQLite::Statement u(db, "UPDATE unit SET detached_q = ?, detached_r = ? WHERE id = ?");
        for (const auto& id : routers) {
            const auto it = std::find_if(s.units.begin(), s.units.end(), [&](const UnitState& x) { return x.id == id; });
            if (it == s.units.end()) continue;
            const MeState* me = s.me(it->me);
            if (!me) continue;
            const auto rally = rallyHex(s, *me, h);
            if (!rally) {
                lines.push_back("  " + it->name + " routs but every way to a friendly supply source is blocked: it stays with " +
                                me->label + " (§9.8)");
                continue;
            }
            if (*rally == me->hex) continue;  // the rally point is where the ME is
            if (s.options.is("router_return", "travel_at_infantry_mr")) {
                // G-69 variant: they set out from the field tonight and march at the infantry rate (endOfDayDetachments).
                u.bind(1, h.q);
                u.bind(2, h.r);
                u.bind(3, id);
                u.exec();
                u.reset();
                lines.push_back("  " + it->name + " routs unpursued toward its rally point (" + at(s, *rally) +
                                "), marching as a detached group at the infantry rate (G-69 travel_at_infantry_mr)");
                continue;
            }
            u.bind(1, rally->q);
            u.bind(2, rally->r);
            u.bind(3, id);
            u.exec();
            u.reset();
            const auto* ua = s.urbanAt(*rally);
            lines.push_back("  " + it->name + " routs unpursued to its rally point " + (ua ? ua->name + " " : std::string()) + "(" +
                            at(s, *rally) + "), where it is a detached group next morning (G-69)");
        }
    }
    // 6, G-70: everybody recovers by the next orders phase except units at (or below) half strength.
    {
        std::set<std::string> inBattle;
        for (const auto& u : s.units)
            if (participants.count(u.me)) inBattle.insert(u.id);
        SQLite::Statement u(db, "UPDATE unit SET shaken = ? WHERE id = ?");
        for (const auto& unit : s.units) {
            if (!inBattle.count(unit.id) || unit.removed) continue;
            const bool shaken = staysShaken(unit, s.options);
            u.bind(1, shaken ? 1 : 0);
            u.bind(2, unit.id);
            u.exec();
            u.reset();
            if (shaken)
                lines.push_back("  " + unit.name + " is at " + std::to_string(unit.standsCurrent) + " of " +
                                std::to_string(unit.standsOriginal) + " stands and stays Shaken (G-70)");
        }
    }
}

// Cost (D4): O(M) for each ME with a route (enemyIn scans every ME), O(M) for each hex it tries, and O(U) attrition for
// each that withdraws: O(M × (M + U)) at worst.
std::vector<std::string> overnightWithdrawals(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines) {
    std::vector<std::string> out;
    const auto detachedList = detachedUnits(db);
    std::set<std::string> detached(detachedList.begin(), detachedList.end());
    std::map<std::string, std::vector<hex::Hex>> routes;
    {
        SQLite::Statement q(db, "SELECT me_id, body FROM order_sheet WHERE week = ? AND day = ? AND receipt IS NOT NULL "
                                "AND receipt <> 'not_received'");
        q.bind(1, s.week);
        q.bind(2, s.day);
        while (q.executeStep()) {
            std::vector<hex::Hex> route;
            const auto body = nlohmann::json::parse(q.getColumn(1).getString(), nullptr, false);
            if (body.is_object())
                for (const auto& h : body.value("path", nlohmann::json::array()))
                    if (const auto o = hex::parseOffset(h.get<std::string>())) route.push_back(s.map.offsets().toHex(*o));
            if (!route.empty()) routes[q.getColumn(0).getString()] = route;
        }
    }
    for (auto& me : s.mes) {
        if (!me.onMap || !routes.count(me.id) || !enemyIn(s, me.side, me.hex)) continue;
        const hex::Hex from = me.hex;
        std::optional<hex::Hex> to;
        const hex::Hex first = routes[me.id].front();
        if (hex::distance(first, from) == 1 && land(s, first) && !enemyIn(s, me.side, first) && roomFor(s, me, first)) to = first;
        if (!to) {
            const auto* ua = s.urbanArea(me.supplySource);
            int bestKey = 1 << 20;
            for (const hex::Hex n : hex::neighbours(from))
                if (land(s, n) && !enemyIn(s, me.side, n) && roomFor(s, me, n) &&
                    (!to || (ua ? hex::distance(n, ua->hex) : 0) < bestKey)) {
                    to = n;
                    bestKey = ua ? hex::distance(n, ua->hex) : 0;
                }
        }
        if (!to) {
            lines.push_back(me.label + " finds no way out of " + at(s, from) + " overnight and stays (G-50)");
            continue;
        }
        me.hex = *to;
        me.pinned = false;
        lines.push_back(me.label + " withdraws overnight from " + at(s, from) + " to " + at(s, *to) + " (§8.11.4, G-50)");
        if (!(me.mode == Mode::Breakoff && s.options.is("breakoff_avoids_attrition", "yes")))
            attrition(s, me, detached, lines, "one attrition application for leaving the battlefield overnight");
        SQLite::Statement m(db, "INSERT OR REPLACE INTO movement (week, day, me_id, phase, path, allowance, modifiers, stopped_by) "
                                "VALUES (?,?,?,?,?,?,?,?)");
        m.bind(1, s.week);
        m.bind(2, s.day);
        m.bind(3, me.id);
        m.bind(4, campaign::phaseString(campaign::Phase::D4));
        m.bind(5, at(s, *to));
        m.bind(6, 1);
        m.bind(7, "");
        m.bind(8, "overnight withdrawal");
        m.exec();
        out.push_back(me.id);
    }
    return out;
}

// §2.2, G-57, G-69: an ME is its troops. One left with no unit present after a phase or a battle result (every unit
// removed, or every one away as a routed group at its rally point) does not stay on the map as an empty counter that
// could still make contact, pin, cut LOCs or hold a town (docs/rules-mapping.md "An ME with no troops"):
// * with units away, the counter goes to them: to the hex of its first group, where that group rejoins it (the rest
//   rejoin by G-69 as usual); where its side already has three MEs there, its units join the first of them instead
//   and the emptied ME is dissolved;
// * with no unit left at all, it leaves the map; its generals join the nearest ME of their side (off the map with
//   it when there is none).
// Cost, at every phase: a scan of the unit table and O((M + U) log U), and O(M + generals) more for each ME it empties.
void settleEmptyMes(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines) {
    std::map<std::string, hex::Hex> away;
    {
        SQLite::Statement q(db, "SELECT id, detached_q, detached_r FROM unit WHERE detached_q IS NOT NULL ORDER BY id");
        while (q.executeStep()) away.emplace(q.getColumn(0).getString(), hex::Hex{q.getColumn(1).getInt(), q.getColumn(2).getInt()});
    }
    SQLite::Statement rejoin(db, "UPDATE unit SET detached_q = NULL, detached_r = NULL WHERE id = ?");
    const auto inTransit = replacementsInTransit(db);  // staff alone is enough for them (§9.7, G-80)
    // Each ME's units, found once rather than by a pass over every unit for every ME: one sorted list of (ME, unit),
    // made at every phase for every ME (performance.md P2), and the few units that change ME below kept apart under
    // their new ME; a unit is its ME's while its `me` still names it, and an ME's units are taken in their own order.
    std::vector<std::pair<std::string, UnitState*>> byMe;
    byMe.reserve(s.units.size());
    for (auto& u : s.units)
        if (!u.removed) byMe.emplace_back(u.me, &u);
    std::stable_sort(byMe.begin(), byMe.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::map<std::string, std::vector<UnitState*>> movedTo;
    const auto moveUnit = [&movedTo](UnitState* u, const std::string& to) {
        u->me = to;
        movedTo[to].push_back(u);
    };
    for (auto& me : s.mes) {
        if (!me.onMap || inTransit.count(me.id)) continue;
        std::vector<UnitState*> units;
        const auto first = std::lower_bound(byMe.begin(), byMe.end(), me.id,
                                            [](const auto& e, const std::string& id) { return e.first < id; });
        for (auto it = first; it != byMe.end() && it->first == me.id; ++it)
            if (it->second->me == me.id) units.push_back(it->second);
        if (const auto moved = movedTo.find(me.id); moved != movedTo.end())
            for (auto* u : moved->second)
                if (u->me == me.id) units.push_back(u);
        std::sort(units.begin(), units.end());  // the order of s.units
        units.erase(std::unique(units.begin(), units.end()), units.end());
        bool present = false;
        for (const auto* u : units) present = present || !away.count(u->id);
        if (present) continue;
        if (!units.empty()) {
            const hex::Hex to = away.at(units.front()->id);
            int there = 0;
            MeState* host = nullptr;
            for (auto& other : s.mes)
                if (other.onMap && other.id != me.id && other.side == me.side && other.hex == to) {
                    ++there;
                    if (!host) host = &other;
                }
            MeState* keeper = there >= rules::kStackLimit ? host : &me;
            for (auto* u : units)
                if (away.at(u->id) == to) {
                    moveUnit(u, keeper->id);
                    rejoin.bind(1, u->id);
                    rejoin.exec();
                    rejoin.reset();
                }
            if (keeper == &me) {
                lines.push_back(me.label + " has no troops left where it stood: its counter goes to its units at " + at(s, to) +
                                " (G-69)");
                me.hex = to;
                continue;
            }
            for (auto* u : units)
                if (u->me != keeper->id) moveUnit(u, keeper->id);  // the groups still away rejoin their new ME by G-69
            for (auto& g : s.generals)
                if (g.me == me.id) g.me = keeper->id;
            me.onMap = false;
            lines.push_back(me.label + " has no troops left where it stood; its units at " + at(s, to) + " join " + keeper->label +
                            " (three MEs already stand there) and it is dissolved");
            continue;
        }
        const MeState* nearest = nullptr;
        for (const auto& other : s.mes)
            if (other.onMap && other.id != me.id && other.side == me.side &&
                (!nearest || hex::distance(other.hex, me.hex) < hex::distance(nearest->hex, me.hex)))
                nearest = &other;
        std::string staff;
        for (auto& g : s.generals)
            if (g.me == me.id && nearest) {
                g.me = nearest->id;
                staff += (staff.empty() ? "" : ", ") + g.name;
            }
        me.onMap = false;
        lines.push_back(me.label + " has no unit left and leaves the map" +
                        (staff.empty() ? std::string() : "; " + staff + " joins " + nearest->label));
    }
}

// Cost (D12): a scan of the unit table, then O(U + M) for each detached group (its unit and its ME found by a scan)
// and, under travel_at_infantry_mr, a rallyHex and a marchToward search (each O(M) and up to O(H)); O(U log U) for Shaken.
void endOfDayDetachments(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines) {
    SQLite::Statement q(db, "SELECT id, detached_q, detached_r FROM unit WHERE detached_q IS NOT NULL ORDER BY id");
    std::vector<std::pair<std::string, hex::Hex>> groups;
    while (q.executeStep())
        groups.emplace_back(q.getColumn(0).getString(), hex::Hex{q.getColumn(1).getInt(), q.getColumn(2).getInt()});
    SQLite::Statement u(db, "UPDATE unit SET detached_q = NULL, detached_r = NULL WHERE id = ?");
    const bool travel = s.options.is("router_return", "travel_at_infantry_mr");
    SQLite::Statement moveGroup(db, "UPDATE unit SET detached_q = ?, detached_r = ? WHERE id = ?");
    for (auto [id, h] : groups) {
        // An init-capture, not [&]: clang before 16 cannot capture a structured binding (the fuzz build uses clang).
        const auto it = std::find_if(s.units.begin(), s.units.end(), [&unit = id](const UnitState& x) { return x.id == unit; });
        if (it == s.units.end()) continue;
        const MeState* me = s.me(it->me);
        // G-69 travel_at_infantry_mr: a group still on its way marches a day toward its rally point (§9.8) first; it
        // rejoins by Reorganisation only once it is there, or by meeting its ME on the way.
        bool arrived = true;
        if (travel && me && !it->removed) {
            if (const auto rally = rallyHex(s, *me, h); rally && *rally != h) {
                const hex::Hex to = marchToward(s, me->side, h, *rally, kRouterHexesPerDay);
                if (to != h) {
                    moveGroup.bind(1, to.q);
                    moveGroup.bind(2, to.r);
                    moveGroup.bind(3, id);
                    moveGroup.exec();
                    moveGroup.reset();
                    lines.push_back(it->name + " marches " + std::to_string(hex::distance(h, to)) +
                                    " hexes toward its rally point, now at " + at(s, to) + (to == *rally ? " (arrived)" : "") +
                                    " (G-69 travel_at_infantry_mr)");
                    h = to;
                }
                arrived = h == *rally;
            }
        }
        if (me && !arrived && me->hex != h) continue;
        // G-69: rejoins by a Reorganisation order or by being in the same hex as its ME.
        if (!me || it->removed || !(me->hex == h || me->mode == Mode::Reorganisation)) continue;
        u.bind(1, id);
        u.exec();
        u.reset();
        lines.push_back(it->name + " rejoins " + me->label + " (G-69)");
    }
    if (s.options.is("shaken_cleared_by_replacement", "yes")) {
        // Only a unit that is Shaken now has anything to clear: one pass over the table finds them, instead of a write
        // for every unit of the campaign every night (performance.md P2).
        std::set<std::string> shaken;
        {
            SQLite::Statement find(db, "SELECT id FROM unit WHERE shaken <> 0");
            while (find.executeStep()) shaken.insert(find.getColumn(0).getString());
        }
        SQLite::Statement c(db, "UPDATE unit SET shaken = 0 WHERE id = ?");
        for (const auto& unit : s.units) {
            if (!shaken.count(unit.id) || staysShaken(unit, s.options)) continue;
            c.bind(1, unit.id);
            c.exec();
            c.reset();
        }
    }
}

}  // namespace etatmajor::engine
