// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaign_player.hpp"

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/rules/orders.hpp"
#include "etatmajor/view/turn_view.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <map>
#include <queue>
#include <regex>
#include <set>
#include <stdexcept>

namespace etatmajor::audit {

using campaign::CampaignState;
using campaign::MeState;
using campaign::Mode;

struct CampaignPlayer::Impl {
    std::optional<db::CampaignStore> store;
    dice::SplitMix64 random{0};
};

namespace {

std::string issuesText(const core::IssueList& issues) {
    std::string out;
    for (const auto& i : issues.items()) out += (out.empty() ? "" : "; ") + i.format();
    return out;
}

int countRows(const std::string& dbPath, const std::string& sql) {
    SQLite::Database db(dbPath, SQLite::OPEN_READONLY);
    return db.execAndGet(sql).getInt();
}

bool scoutCapable(const CampaignState& s, const std::string& me) {
    std::vector<std::pair<campaign::UnitType, campaign::Nationality>> units;
    for (const auto* u : s.unitsOf(me)) units.emplace_back(u->type, u->nationality);
    return !units.empty() && rules::mayScout(units, s.options);
}

// A hexside the rules never let an ME cross on foot (§8.7, G-55): a river without ford or bridge.
bool blockedSide(const map::Map& m, hex::Hex from, int dir) {
    const map::Hexside* hs = m.hexside(from, dir);
    return hs && hs->watercourse == map::Watercourse::River && !hs->fordable && hs->crossing == map::Crossing::None;
}

bool roadSide(const map::Map& m, hex::Hex from, int dir) {
    return m.hasLink(from, dir, map::LinkKind::MajorRoad) || m.hasLink(from, dir, map::LinkKind::MinorRoad);
}

// The cheapest land route from `from` to `to` (roads preferred), excluding `from`; empty when there is none.
std::vector<hex::Hex> routeTo(const map::Map& m, hex::Hex from, hex::Hex to) {
    if (from == to || !m.contains(to)) return {};
    std::map<hex::Hex, int> cost{{from, 0}};
    std::map<hex::Hex, hex::Hex> came;
    using Entry = std::pair<int, hex::Hex>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    open.push({0, from});
    while (!open.empty()) {
        const auto [c, h] = open.top();
        open.pop();
        if (h == to) break;
        if (c != cost[h]) continue;
        for (int dir = 0; dir < hex::kDirections; ++dir) {
            const hex::Hex n = hex::neighbour(h, dir);
            if (!m.contains(n) || map::isWater(m.terrain(n)) || blockedSide(m, h, dir)) continue;
            const int step = c + (roadSide(m, h, dir) ? 2 : 3);
            const auto it = cost.find(n);
            if (it != cost.end() && it->second <= step) continue;
            cost[n] = step;
            came[n] = h;
            open.push({step, n});
        }
    }
    if (!came.count(to)) return {};
    std::vector<hex::Hex> path;
    for (hex::Hex h = to; h != from; h = came[h]) path.push_back(h);
    std::reverse(path.begin(), path.end());
    return path;
}

}  // namespace

CampaignPlayer::CampaignPlayer(const std::string& scenarioPath, const std::string& dbPath, std::uint64_t seed, bool scouts)
    : m_dbPath(dbPath), m_seed(seed), m_impl(std::make_unique<Impl>()) {
    db::NewCampaignRequest request;
    request.scenarioPath = scenarioPath;
    request.dbPath = dbPath;
    request.seed = seed;
    request.overwrite = true;
    const auto created = db::createCampaign(request);
    if (!created.ok) throw std::runtime_error("campaign new failed: " + issuesText(created.issues));
    m_impl->store.emplace(db::CampaignStore::open(dbPath));
    m_impl->random = dice::SplitMix64(seed ^ 0x61756469745f706cULL);
    for (const auto& side : db::loadState(*m_impl->store).sides) m_sides.push_back(side.id);
    if (scouts) prepareScouts();
}

CampaignPlayer::~CampaignPlayer() = default;

std::uint64_t CampaignPlayer::nextRandom() { return m_impl->random.next(); }

int CampaignPlayer::week() const { return m_impl->store->info().week; }
int CampaignPlayer::day() const { return m_impl->store->info().day; }

bool CampaignPlayer::ended() const { return countRows(m_dbPath, "SELECT ended FROM campaign WHERE id = 1") != 0; }

// A side with no ME that may scout (G-34) forms one from the units of an ME that could (§10.3), so that both sides
// send scouts out and gather intelligence (§8.6).
void CampaignPlayer::prepareScouts() {
    const auto s = db::loadState(*m_impl->store);
    for (const auto& side : m_sides) {
        bool has = false;
        for (const auto& me : s.mes)
            if (me.side == side && me.onMap && scoutCapable(s, me.id)) has = true;
        if (has) continue;
        bool done = false;
        for (const auto& me : s.mes) {
            if (done || me.side != side || !me.onMap) continue;
            std::vector<std::string> scouts;
            std::string label;
            std::size_t total = 0;
            for (const auto* u : s.unitsOf(me.id)) {
                ++total;
                if (!campaign::isCavalry(u->type)) continue;
                scouts.push_back(u->id);
                if (label.empty()) label = u->name + " (detached)";
            }
            if (scouts.empty() || scouts.size() == total) continue;
            const auto r = engine::splitMe(*m_impl->store, side, me.id, me.id + "-scouts", label, scouts);
            if (r.ok()) done = true;
            else m_journal.push_back("split of " + me.id + " refused: " + issuesText(r.issues));
        }
    }
}

void CampaignPlayer::runTo(const std::string& phase) {
    for (int guard = 0; guard < 64; ++guard) {
        if (ended()) return;
        if (campaign::phaseString(m_impl->store->info().phase) == phase) return;
        const auto r = engine::advance(*m_impl->store, engine::Step::Phase);
        if (!r.ok) throw std::runtime_error("advance to " + phase + " refused: " + issuesText(r.issues));
    }
    throw std::runtime_error("the campaign never reached phase " + phase);
}

void CampaignPlayer::giveOrders() {
    runTo("D2");
    if (ended()) return;
    for (const auto& side : m_sides) ordersOf(side);
}

void CampaignPlayer::finishDay() {
    if (ended()) return;
    for (int guard = 0; guard < 8; ++guard) {
        const auto r = engine::advance(*m_impl->store, engine::Step::Day, {.standFastMissing = true});
        if (r.ok) {
            ++m_days;
            return;
        }
        // Battles waiting for the players' tabletop result (battle_resolution = tabletop): the resolver fights them.
        bool fought = false;
        for (const auto& b : engine::listBattles(*m_impl->store))
            if (b.status == "tabletop" || b.status == "pending") {
                std::vector<std::string> lines;
                const auto issues = engine::resolveBattleNow(*m_impl->store, b.id, lines);
                if (!issues.hasErrors()) fought = true;
            }
        if (!fought) throw std::runtime_error("advance --day refused: " + issuesText(r.issues));
    }
    throw std::runtime_error("the day never ended");
}

namespace {

// What a side's MEs march at, and where its counters end the day.
struct Targets {
    std::vector<const MeState*> enemies;
    std::vector<hex::Hex> goals;  // with no enemy on the map: the objectives the side must take (§12.1)
    // Where the side's counters end the day (§2.2, G-41: three to a hex, decoys included).
    std::map<hex::Hex, int> endCount;
    std::map<std::string, hex::Hex> decoyHex;

    std::optional<hex::Hex> nearestEnemy(hex::Hex from) const {
        std::optional<hex::Hex> best;
        int bestDistance = 1 << 30;
        for (const auto* e : enemies) {
            const int d = hex::distance(from, e->hex);
            if (d < bestDistance) bestDistance = d, best = e->hex;
        }
        if (!best)
            for (const auto g : goals) {
                const int d = hex::distance(from, g);
                if (d < bestDistance) bestDistance = d, best = g;
            }
        return best;
    }
};

Targets targetsOf(const CampaignState& s, const std::string& side, const std::string& dbPath) {
    Targets t;
    const std::string enemy = s.enemyOf(side);
    for (const auto& e : s.mes)
        if (e.side == enemy && e.onMap) t.enemies.push_back(&e);
    for (const auto& o : s.objectives)
        if (o.assignedTo == side && o.controller != side) t.goals.push_back(o.hex);
    for (const auto& me : s.mes)
        if (me.side == side && me.onMap) ++t.endCount[me.hex];
    SQLite::Database raw(dbPath, SQLite::OPEN_READONLY);
    SQLite::Statement q(raw, "SELECT id, q, r FROM decoy WHERE side_id = ? AND removed_week = 0 ORDER BY id");
    q.bind(1, side);
    while (q.executeStep()) {
        const hex::Hex h{q.getColumn(1).getInt(), q.getColumn(2).getInt()};
        t.decoyHex[q.getColumn(0).getString()] = h;
        ++t.endCount[h];
    }
    return t;
}

// The route the rules accept and today's allowance covers (view::checkOrder), shorter when refused.
void keepAcceptedRoute(const db::CampaignStore& store, const std::string& side, campaign::Order& order) {
    while (!order.path.empty()) {
        const auto check = view::checkOrder(store, side, order);
        std::size_t keep = order.path.size();
        for (std::size_t i = 0; i < check.steps.size(); ++i)
            if (!check.steps[i].reached || !check.steps[i].problem.empty()) {
                keep = std::min(keep, i);
                break;
            }
        static const std::regex stepRe("step ([0-9]+) \\(");
        for (const auto& e : check.errors) {
            std::smatch m;
            if (std::regex_search(e, m, stepRe)) keep = std::min(keep, static_cast<std::size_t>(std::stoul(m[1].str())) - 1);
            else keep = 0;
        }
        if (keep == order.path.size() && check.ok()) break;
        order.path.resize(std::min(keep, order.path.size() - 1));
    }
}

// Decoys (§2.3, G-42): the week's first day puts two down with the side's MEs; each day they march at the enemy.
void orderDecoys(const CampaignState& s, const std::string& side, Targets& t, campaign::OrdersFile& orders) {
    const auto off = s.map.offsets();
    for (auto& d : orders.decoys) {
        const auto it = t.decoyHex.find(d.id);
        if (it == t.decoyHex.end()) continue;
        const auto target = t.nearestEnemy(it->second);
        if (!target) continue;
        auto route = routeTo(s.map, it->second, *target);
        if (!route.empty()) route.pop_back();  // a decoy that walks into the enemy is found out at once
        if (route.size() > 3) route.resize(3);
        while (!route.empty() && t.endCount[route.back()] >= 3) route.pop_back();
        if (!route.empty()) {
            --t.endCount[it->second];
            ++t.endCount[route.back()];
        }
        for (const auto h : route) d.path.push_back(off.toOffset(h));
    }
    if (s.day == 1) {
        int placed = 0;
        for (const auto& me : s.mes) {
            if (placed == 2 || me.side != side || !me.onMap || t.endCount[me.hex] >= 3) continue;
            campaign::DecoyOrder d;
            d.id = side + "-decoy-w" + std::to_string(s.week) + "-" + std::to_string(++placed);
            d.place = off.toOffset(me.hex);
            d.designated = "infantry";
            ++t.endCount[me.hex];
            orders.decoys.push_back(d);
        }
    }
}

}  // namespace

void CampaignPlayer::ordersOf(const std::string& side) {
    auto& store = *m_impl->store;
    const auto s = db::loadState(store);
    const auto off = s.map.offsets();
    auto orders = io::readOrdersString(engine::ordersTemplate(store, side), "template-" + side);
    Targets t = targetsOf(s, side, m_dbPath);

    for (auto& order : orders.orders) {
        const MeState* me = s.me(order.me);
        if (!me || !me->onMap) continue;
        const bool shared = std::any_of(t.enemies.begin(), t.enemies.end(), [&](const MeState* e) { return e->hex == me->hex; });
        // An ME still in a battle's hex leaves only by withdrawal at night (§8.5, G-50).
        if (shared) continue;
        const auto target = t.nearestEnemy(me->hex);
        if (!target) continue;
        const bool scout = scoutCapable(s, me->id);
        order.mode = scout ? Mode::Scouting : Mode::March;
        if (scout) {
            // Scouts look from next door (§8.6.1); now and then they are told to fight what they find (§8.6.4).
            order.onScoutContact = nextRandom() % 3 == 0 ? campaign::ScoutContact::Engage : campaign::ScoutContact::Observe;
        }
        // A scout looks at the start of its move and after each hex, and only when it has a route (§8.6.1): it is
        // sent into the enemy's hex and stops where it first sees him, observing or engaging as ordered.
        auto route = routeTo(s.map, me->hex, *target);
        if (route.size() > 10) route.resize(10);
        order.path.clear();
        for (const auto h : route) order.path.push_back(off.toOffset(h));
        keepAcceptedRoute(store, side, order);
        // Three counters to a hex where it stops.
        while (!order.path.empty() && t.endCount[off.toHex(order.path.back())] >= 3) order.path.pop_back();
        if (!order.path.empty()) {
            --t.endCount[me->hex];
            ++t.endCount[off.toHex(order.path.back())];
        }
    }
    orderDecoys(s, side, t, orders);
    submitOrStandFast(side, orders, s);
}

// Give them; whatever the rules refuse is taken back one ME or decoy at a time, then everything, then stand fast.
void CampaignPlayer::submitOrStandFast(const std::string& side, campaign::OrdersFile& orders, const CampaignState& s) {
    auto& store = *m_impl->store;
    for (int attempt = 0; attempt < 8; ++attempt) {
        const auto issues = engine::submitOrders(store, orders);
        if (!issues.hasErrors()) {
            for (const auto& o : orders.orders) m_routes += o.path.empty() ? 0 : 1;
            m_given[side] = orders;
            return;
        }
        m_journal.push_back("W" + std::to_string(s.week) + " D" + std::to_string(s.day) + " " + side + ": " + issuesText(issues));
        bool changed = false;
        for (const auto& issue : issues.items()) {
            if (issue.severity != core::Severity::Error) continue;
            const std::string where = issue.where.value_or("");
            const std::string id = where.substr(0, where.find('.'));
            for (auto& o : orders.orders)
                if (o.me == id && (!o.path.empty() || o.mode != s.me(id)->mode)) {
                    o.path.clear();
                    o.mode = s.me(id)->mode;
                    changed = true;
                }
            const auto before = orders.decoys.size();
            orders.decoys.erase(std::remove_if(orders.decoys.begin(), orders.decoys.end(),
                                               [&](const campaign::DecoyOrder& d) { return d.id == id; }),
                                orders.decoys.end());
            changed = changed || before != orders.decoys.size();
        }
        if (!changed) {
            for (auto& o : orders.orders) o.path.clear();
            orders.decoys.clear();
        }
    }
    const auto issues = engine::standFast(store, side);
    if (issues.hasErrors()) throw std::runtime_error("stand fast refused for " + side + ": " + issuesText(issues));
    m_given[side] = std::nullopt;
}

PlayCounts CampaignPlayer::counts() const {
    PlayCounts c;
    c.days = m_days;
    c.contacts = countRows(m_dbPath, "SELECT COUNT(*) FROM contact");
    c.intelReports = countRows(m_dbPath, "SELECT COUNT(*) FROM intel_report");
    c.battles = countRows(m_dbPath, "SELECT COUNT(*) FROM battle");
    c.battlesFought = countRows(m_dbPath, "SELECT COUNT(*) FROM battle WHERE status = 'resolved'");
    c.decoysPlaced = countRows(m_dbPath, "SELECT COUNT(*) FROM decoy");
    c.routesGiven = m_routes;
    return c;
}

}  // namespace etatmajor::audit
