// SPDX-License-Identifier: GPL-3.0-or-later
// The per-side knowledge model (side_view.hpp): the one module that reads the authoritative state for a side's view.
// A side's view holds only what that side may know: its own MEs in full, enemy counters face down where positions are
// public (G-40), its own VCS only (§7.2), objectives it wrote, and objectives it must take once revealed (G-64).
#include "etatmajor/view/side_view.hpp"

#include "db/store_impl.hpp"
#include "etatmajor/campaign/state.hpp"
#include "etatmajor/db/state_store.hpp"
#include "engine/after_battle_db.hpp"
#include "etatmajor/rules/victory.hpp"
#include "etatmajor/rules/visibility.hpp"
#include "etatmajor/rules/water.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iomanip>
#include <set>
#include <sstream>

namespace etatmajor::view {

using nlohmann::ordered_json;

const SideSummaryView* SideView::side(const std::string& id) const {
    for (const auto& s : sides)
        if (s.id == id) return &s;
    return nullptr;
}

const MeView* SideView::me(const std::string& id) const {
    for (const auto& s : sides)
        for (const auto& m : s.mes)
            if (m.id == id) return &m;
    return nullptr;
}

std::vector<const MeView*> SideView::allMes() const {
    std::vector<const MeView*> out;
    for (const auto& s : sides)
        if (!viewer.isHost() && s.id == viewer.side())
            for (const auto& m : s.mes) out.push_back(&m);
    for (const auto& s : sides)
        if (viewer.isHost() || s.id != viewer.side())
            for (const auto& m : s.mes) out.push_back(&m);
    return out;
}

namespace {

struct Ctx {
    SQLite::Database& db;
    hex::OffsetSystem offsets;
    std::set<std::string> away;  // units away from their ME as a routed group (G-69)
    hex::Offset off(int q, int r) const { return offsets.toOffset({q, r}); }
    std::string at(int q, int r) const { return hex::formatOffset(off(q, r)); }
};

std::vector<std::string> sideIds(SQLite::Database& db) {
    std::vector<std::string> ids;
    SQLite::Statement q(db, "SELECT id FROM side ORDER BY ord");
    while (q.executeStep()) ids.push_back(q.getColumn(0).getString());
    return ids;
}

std::vector<UnitView> unitsOf(Ctx& c, const std::string& me) {
    std::vector<UnitView> units;
    SQLite::Statement q(c.db, "SELECT id, name, type, class, stands_current, figures_current, figures_original, nationality, shaken, "
                              "detached_q, detached_r FROM unit WHERE me_id = ? AND removed = 0 ORDER BY ord");
    q.bind(1, me);
    SQLite::Statement g(c.db, "SELECT calibre, stands_current FROM unit_gun WHERE unit_id = ? ORDER BY calibre");
    while (q.executeStep()) {
        UnitView u;
        u.id = q.getColumn(0).getString();
        u.name = q.getColumn(1).getString();
        u.nationality = q.getColumn(7).getString();
        u.type = q.getColumn(2).getString();
        u.unitClass = q.getColumn(3).getInt();
        u.stands = q.getColumn(4).getInt();
        u.figures = q.getColumn(5).getInt();
        u.figuresOriginal = q.getColumn(6).getInt();
        u.shaken = q.getColumn(8).getInt() != 0;                                                               // G-70
        if (!q.getColumn(9).isNull()) u.detachedAt = c.at(q.getColumn(9).getInt(), q.getColumn(10).getInt());  // G-69
        g.bind(1, u.id);
        while (g.executeStep()) u.guns.push_back({g.getColumn(0).getString(), g.getColumn(1).getInt()});
        g.reset();
        units.push_back(std::move(u));
    }
    return units;
}

std::vector<GeneralView> generalsOf(Ctx& c, const std::string& me) {
    std::vector<GeneralView> out;
    SQLite::Statement q(c.db, "SELECT id, name, rank, rating, status FROM general WHERE me_id = ? ORDER BY id");
    q.bind(1, me);
    while (q.executeStep())
        out.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getString(), q.getColumn(3).getString(),
                       q.getColumn(4).getString()});
    return out;
}

std::vector<MeView> ownMes(Ctx& c, const campaign::CampaignState& state, const std::string& side) {
    std::vector<MeView> mes;
    SQLite::Statement q(
        c.db, "SELECT m.id, m.label, m.q, m.r, m.mode, m.supply_source, COALESCE(m.commander, ''), "
              "COALESCE(m.entry_kind, ''), m.march_order, "
              // The units present: not removed (G-57), not away as a routed group (G-69), which is listed
              // with its unit but counts where it is.
              "(SELECT COALESCE(SUM(stands_current), 0) FROM unit WHERE me_id = m.id AND removed = 0 AND detached_q IS NULL), "
              "(SELECT COALESCE(SUM(figures_current), 0) FROM unit WHERE me_id = m.id AND removed = 0 AND detached_q IS NULL) "
              // MEs still on the map: one dissolved, merged or captured is gone.
              "FROM me m WHERE m.side_id = ? AND m.on_map = 1 ORDER BY m.ord");
    q.bind(1, side);
    while (q.executeStep()) {
        MeView me;
        me.id = q.getColumn(0).getString();
        me.label = q.getColumn(1).getString();
        me.offset = c.off(q.getColumn(2).getInt(), q.getColumn(3).getInt());
        me.hex = hex::formatOffset(me.offset);
        me.mode = q.getColumn(4).getString();
        me.supplySource = q.getColumn(5).getString();
        me.commander = q.getColumn(6).getString();
        // §3.3, G-82: the points of the units present, valued by the rules (figures pro rata, guns by the stands on hand).
        me.points = 0;
        for (const auto* u : state.unitsOf(me.id))
            if (!c.away.count(u->id)) me.points += rules::unitCurrentPoints(*u);
        me.stands = q.getColumn(9).getInt();
        me.figures = q.getColumn(10).getInt();
        me.enteringLoc = q.getColumn(7).getString();
        me.entering = !me.enteringLoc.empty();
        me.marchOrder = q.getColumn(8).getInt();
        me.generals = generalsOf(c, me.id);
        me.units = unitsOf(c, me.id);
        mes.push_back(std::move(me));
    }
    return mes;
}

// FNV-1a: a neutral order for counters sharing a hex, so that nothing in the listing tells MEs from decoys.
std::uint64_t neutralKey(const std::string& id) {
    std::uint64_t h = 1469598103934665603ULL;
    for (const unsigned char ch : id) h = (h ^ ch) * 1099511628211ULL;
    return h;
}

IntelView intelFromRow(SQLite::Statement& q, int first) {
    IntelView r;
    r.week = q.getColumn(first).getInt();
    r.day = q.getColumn(first + 1).getInt();
    r.intelCase = q.getColumn(first + 2).getString();
    r.detail = q.getColumn(first + 3).getString();
    for (const auto& c : ordered_json::parse(q.getColumn(first + 4).getString()))
        r.reported.push_back({c.value("kind", ""), c.value("nationality", ""), c.value("count", 0)});
    r.mode = q.getColumn(first + 5).getString();
    return r;
}

// The viewer's latest intelligence report naming this enemy ME (§8.6): what it was told, never the truth.
std::optional<IntelView> intelOn(Ctx& c, const std::string& viewer, const std::string& me) {
    SQLite::Statement q(c.db,
                        "SELECT week, day, intel_case, detail, reported, mode_reported FROM intel_report WHERE side_id = ? "
                        "AND detail <> 'nothing' AND (' ' || target_mes || ' ') LIKE ? ORDER BY week DESC, day DESC, id DESC LIMIT 1");
    q.bind(1, viewer);
    q.bind(2, "% " + me + " %");
    if (!q.executeStep()) return std::nullopt;
    return intelFromRow(q, 0);
}

// What the viewer's MEs see now (§8.1.5, G-12, G-36): each asked by rules::meSeesHex, seeing by the weather of its own
// hex — its region's under weather_regions = per_region (G-102), the map's otherwise — as the sightings do
// (engine/fog.cpp).
class Sight {
public:
    Sight(Ctx& c, const campaign::CampaignState& state, const std::string& viewer) : m_state(state), m_viewer(viewer) {
        rules::Weather weather = rules::Weather::Fine;
        int weatherWeek = 0, weatherDay = 0;
        {
            SQLite::Statement w(c.db, "SELECT weather, week, day FROM weather_day ORDER BY week DESC, day DESC LIMIT 1");
            if (w.executeStep()) {
                weather = rules::weatherFromName(w.getColumn(0).getString()).value_or(rules::Weather::Fine);
                weatherWeek = w.getColumn(1).getInt();
                weatherDay = w.getColumn(2).getInt();
            }
        }
        for (const auto& me : state.mes) {
            rules::Weather mine = weather;
            if (const auto region = rules::weatherRegionOf(state.map, me.hex, state.options)) {
                SQLite::Statement r(c.db, "SELECT weather FROM weather_region_day WHERE week = ? AND day = ? AND region = ?");
                r.bind(1, weatherWeek);
                r.bind(2, weatherDay);
                r.bind(3, std::string(map::regionName(*region)));
                if (r.executeStep()) mine = rules::weatherFromName(r.getColumn(0).getString()).value_or(weather);
            }
            m_seesBy.push_back(mine);
        }
    }

    bool sees(hex::Hex target) const {
        for (std::size_t i = 0; i < m_state.mes.size(); ++i)
            if (m_state.mes[i].side == m_viewer && rules::meSeesHex(m_state.map, m_state.mes[i], target, m_seesBy[i], m_state.options))
                return true;
        return false;
    }

    // Every map hex the viewer's MEs see now, in row then column order. An ME sees no farther than the hexes next to
    // its own (§8.1.5), so only those are asked.
    std::vector<hex::Hex> seen() const {
        std::set<std::pair<int, int>> asked;
        std::vector<hex::Hex> out;
        for (const auto& me : m_state.mes) {
            if (me.side != m_viewer || !me.onMap) continue;
            std::vector<hex::Hex> around{me.hex};
            for (const auto n : hex::neighbours(me.hex)) around.push_back(n);
            for (const auto h : around)
                if (m_state.map.contains(h) && asked.insert({h.r, h.q}).second && sees(h)) out.push_back(h);
        }
        std::sort(out.begin(), out.end(), [](hex::Hex a, hex::Hex b) { return a.r != b.r ? a.r < b.r : a.q < b.q; });
        return out;
    }

private:
    const campaign::CampaignState& m_state;
    std::string m_viewer;
    std::vector<rules::Weather> m_seesBy;
};

// §2.2, §8.1.5, G-40: the enemy counters as `viewer` sees them. Every counter (ME or decoy) is face down, with no
// name and no composition, until contact turns it over (its label) or the viewer's scouts report on it (what they
// were told). With positions public (the default) every counter's hex is shown, `inSight` saying whether one of the
// viewer's MEs sees it now; under hidden_unless_observed only counters in sight are shown. Counters not shown that
// were seen before (out of sight now, or gone from the map) are in `lastSeen` with the hex and date of the last
// sighting. An intelligence report describes the whole hex it was made on (§8.6.3), so every counter it covered
// carries it.
void enemyCounters(Ctx& c, const campaign::CampaignState& state, const Sight& sight, const std::string& viewer,
                   const std::string& enemy, bool positionsPublic, SideSummaryView& out) {
    auto viewerSees = [&](hex::Hex target) { return sight.sees(target); };
    struct Counter {
        std::string id;
        hex::Hex hex;
        bool revealed = false;
        std::string label;
        bool decoy = false;
    };
    std::vector<Counter> counters;
    for (const auto& e : state.mes)
        if (e.side == enemy && e.onMap) counters.push_back({e.id, e.hex, e.revealed, e.label, false});
    {
        SQLite::Statement d(c.db, "SELECT id, q, r FROM decoy WHERE side_id = ? AND removed_week = 0");
        d.bind(1, enemy);
        while (d.executeStep())
            counters.push_back({d.getColumn(0).getString(), {d.getColumn(1).getInt(), d.getColumn(2).getInt()}, false, "", true});
    }
    std::sort(counters.begin(), counters.end(), [](const Counter& a, const Counter& b) {
        if (a.hex.r != b.hex.r) return a.hex.r < b.hex.r;
        if (a.hex.q != b.hex.q) return a.hex.q < b.hex.q;
        return neutralKey(a.id) < neutralKey(b.id);
    });
    std::set<std::string> shown;
    for (const auto& k : counters) {
        const bool inSight = viewerSees(k.hex);
        if (!positionsPublic && !inSight) continue;
        CounterView counter;
        counter.offset = c.off(k.hex.q, k.hex.r);
        counter.hex = hex::formatOffset(counter.offset);
        counter.faceDown = !k.revealed;
        counter.inSight = inSight;
        if (k.revealed) counter.label = k.label;
        if (!k.decoy) counter.intel = intelOn(c, viewer, k.id);
        out.counters.push_back(std::move(counter));
        shown.insert(k.id);
    }
    SQLite::Statement q(c.db, "SELECT target, q, r, week, day FROM sighting WHERE side_id = ? ORDER BY week DESC, day DESC, r, q");
    q.bind(1, viewer);
    while (q.executeStep()) {
        const std::string target = q.getColumn(0).getString();
        if (shown.count(target)) continue;
        const auto it = std::find_if(counters.begin(), counters.end(), [&](const Counter& k) { return k.id == target; });
        const auto* me = state.me(target);
        if (it == counters.end() && !me) continue;  // a decoy since found out
        if (me && me->side != enemy) continue;
        LastSeenView seen;
        seen.offset = c.off(q.getColumn(1).getInt(), q.getColumn(2).getInt());
        seen.hex = hex::formatOffset(seen.offset);
        seen.week = q.getColumn(3).getInt();
        seen.day = q.getColumn(4).getInt();
        if (me && me->revealed) seen.label = me->label;
        out.lastSeen.push_back(std::move(seen));
    }
}

std::vector<ObjectiveView> objectives(Ctx& c, const Viewer& viewer, bool ended) {
    std::vector<ObjectiveView> out;
    SQLite::Statement q(c.db, "SELECT id, name, kind, q, r, value, assigned_to, written_by, revealed_to_assigned, "
                              "COALESCE(controller, '') FROM objective ORDER BY assigned_to, kind, id");
    while (q.executeStep()) {
        const std::string assigned = q.getColumn(6).getString();
        const std::string writer = q.getColumn(7).getString();
        const bool revealed = q.getColumn(8).getInt() != 0;
        // G-64: the writer knows it; the side that must take it once it is revealed to it; everybody once the campaign
        // is over (§12: nothing stays secret at the end).
        if (!viewer.isHost() && !ended && !(viewer.side() == writer || (viewer.side() == assigned && revealed))) continue;
        out.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                       c.at(q.getColumn(3).getInt(), q.getColumn(4).getInt()), assigned, writer, q.getColumn(9).getString(),
                       q.getColumn(5).getInt()});
    }
    return out;
}

}  // namespace

std::vector<NamedRef> campaignSides(const db::CampaignStore& store) {
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    std::vector<NamedRef> out;
    SQLite::Statement q(db, "SELECT id, name FROM side ORDER BY ord");
    while (q.executeStep()) out.push_back({q.getColumn(0).getString(), q.getColumn(1).getString()});
    return out;
}

void requireViewer(const db::CampaignStore& store, const Viewer& viewer) {
    if (viewer.isHost()) return;
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    const auto ids = sideIds(db);
    if (std::find(ids.begin(), ids.end(), viewer.side()) != ids.end()) return;
    std::string known;
    for (const auto& s : ids) known += (known.empty() ? "" : ", ") + s;
    throw db::StoreError("DB-UNKNOWN-SIDE", "the campaign has no side '" + viewer.side() + "' (sides: " + known + ")");
}

SideView buildSideView(const db::CampaignStore& store, const Viewer& viewer) {
    requireViewer(store, viewer);
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    Ctx c{db, db::offsetSystem(db), {}};
    for (const auto& id : engine::detachedUnits(db)) c.away.insert(id);
    const db::CampaignInfo info = store.info();
    const auto options = store.options();

    SideView view;
    view.viewer = viewer;
    auto& h = view.campaign;
    h.id = info.scenarioId;
    h.name = info.name;
    h.theatre = info.theatre;
    h.year = info.year;
    h.week = info.week;
    h.day = info.day;
    h.phase = campaign::phaseString(info.phase);
    h.lengthWeeks = info.lengthWeeks;
    h.startSeason = info.startSeason;
    h.seasonWeek = info.seasonWeek;
    h.startDate = info.startDate;
    h.map = info.mapId;
    {
        SQLite::Statement e(db, "SELECT ended, winner, end_reason FROM campaign WHERE id = 1");
        e.executeStep();
        h.ended = e.getColumn(0).getInt() != 0;
        h.winner = e.getColumn(1).getString();
        h.endReason = e.getColumn(2).getString();
    }
    {
        // The season now (§8.1.1, G-11), from the starting season and the weeks played.
        campaign::CampaignState calendar;
        calendar.options = options;
        calendar.startSeason = campaign::seasonFromName(info.startSeason).value_or(campaign::Season::Summer);
        calendar.seasonWeek = info.seasonWeek;
        h.season = std::string(campaign::seasonName(calendar.seasonOfWeek(info.week)));
    }
    {
        // Weather and wind are the same for everybody (§8.1, G-102); under weather_regions = per_region each climate
        // region has its own weather (listed in `regions`; `weather` is then the map's default region's), the wind one.
        SQLite::Statement w(db, "SELECT week, day, weather, wind_from, daylight_turns FROM weather_day "
                                "ORDER BY week DESC, day DESC LIMIT 1");
        if (w.executeStep()) {
            WeatherView wv;
            wv.week = w.getColumn(0).getInt();
            wv.day = w.getColumn(1).getInt();
            wv.weather = w.getColumn(2).getString();
            wv.windFrom = w.getColumn(3).getString();
            wv.daylightTurns = w.getColumn(4).getInt();
            if (options.is("weather_regions", "per_region")) {
                // In the order D1 rolled them (north, west, south, extreme_north, none).
                SQLite::Statement r(db,
                                    "SELECT region, weather FROM weather_region_day WHERE week = ? AND day = ? ORDER BY CASE region "
                                    "WHEN 'north' THEN 0 WHEN 'west' THEN 1 WHEN 'south' THEN 2 WHEN 'extreme_north' THEN 3 "
                                    "ELSE 4 END");
                r.bind(1, wv.week);
                r.bind(2, wv.day);
                while (r.executeStep()) wv.regions.push_back({r.getColumn(0).getString(), r.getColumn(1).getString()});
            }
            h.weather = std::move(wv);
        }
    }
    if (viewer.isHost()) h.seed = info.seed;

    const bool positionsPublic = options.is("counter_positions", "public");
    const auto state = db::loadState(store);
    std::optional<Sight> sight;  // a side's view only
    if (!viewer.isHost()) {
        sight.emplace(c, state, viewer.side());
        for (const auto seen : sight->seen()) view.seenHexes.push_back(c.off(seen.q, seen.r));
    }
    for (const auto& id : sideIds(db)) {
        SQLite::Statement q(db,
                            "SELECT name, nationalities, points_limit, vcs_baseline, points_lost, points_replaced, decoys_per_week, "
                            "has_initiative FROM side WHERE id = ?");
        q.bind(1, id);
        q.executeStep();
        SideSummaryView s;
        s.id = id;
        s.name = q.getColumn(0).getString();
        s.hasInitiative = q.getColumn(7).getInt() != 0;
        s.known = viewer.knows(id);
        if (s.known) {
            s.nationalities = q.getColumn(1).getString();
            s.pointsLimit = q.getColumn(2).getInt();
            // §7.2/§12.2: the VCS is secret from the other side.
            VcsView v;
            v.baseline = q.getColumn(3).getInt();
            v.pointsLost = q.getColumn(4).getInt();
            v.pointsReplaced = q.getColumn(5).getInt();
            v.defeatThreshold = v.baseline / 4;
            SQLite::Statement hq(db, "SELECT week, value, points_lost, objectives_value, supply_value, defeated FROM vcs_history "
                                     "WHERE side_id = ? ORDER BY week");
            hq.bind(1, id);
            while (hq.executeStep())
                v.history.push_back({hq.getColumn(0).getInt(), hq.getColumn(1).getInt(), hq.getColumn(2).getInt(),
                                     hq.getColumn(3).getInt(), hq.getColumn(4).getInt(), hq.getColumn(5).getInt() != 0});
            s.vcs = std::move(v);
            s.decoysPerWeek = q.getColumn(6).getInt();
            SQLite::Statement p(db, "SELECT id, name, role FROM player WHERE side_id = ? ORDER BY id");
            p.bind(1, id);
            while (p.executeStep())
                s.players.push_back({p.getColumn(0).getString(), p.getColumn(1).getString(), p.getColumn(2).getString()});
            SQLite::Statement l(db, "SELECT kind, q, r, name FROM loc_entry WHERE side_id = ? ORDER BY ord");
            l.bind(1, id);
            while (l.executeStep()) {
                // A LOC entry by sea that an enemy fleet has closed (docs/formats/campaign.md) says so, to its own side only.
                const hex::Hex at{l.getColumn(1).getInt(), l.getColumn(2).getInt()};
                const auto* own = state.side(id);
                s.locEntries.push_back({l.getColumn(0).getString(), c.at(at.q, at.r), l.getColumn(3).getString(),
                                        own && rules::entryClosed(state, id, at) ? own->blockadeBy : std::string()});
            }
            s.mes = ownMes(c, state, id);
            // §2.3: the side's own decoys
            SQLite::Statement d(db, "SELECT id, q, r, designated FROM decoy WHERE side_id = ? AND removed_week = 0 ORDER BY id");
            d.bind(1, id);
            while (d.executeStep())
                s.decoys.push_back(
                    {d.getColumn(0).getString(), c.at(d.getColumn(1).getInt(), d.getColumn(2).getInt()), d.getColumn(3).getString()});
            // The side's own reinforcements still due (docs/formats/campaign.md "Reinforcements on a date").
            SQLite::Statement a(db, "SELECT me.id, me.label, me.q, me.r, a.week FROM me_arrival a JOIN me ON me.id = a.me_id "
                                    "WHERE me.side_id = ? AND a.arrived_week = 0 ORDER BY a.week, me.id");
            a.bind(1, id);
            while (a.executeStep())
                s.arrivals.push_back({a.getColumn(0).getString(), a.getColumn(1).getString(),
                                      c.at(a.getColumn(2).getInt(), a.getColumn(3).getInt()), a.getColumn(4).getInt()});
        } else {
            enemyCounters(c, state, *sight, viewer.side(), id, positionsPublic, s);
        }
        SQLite::Statement u(db, "SELECT id, name FROM urban_area WHERE controller = ? ORDER BY id");
        u.bind(1, id);
        while (u.executeStep()) s.urbanControlled.push_back({u.getColumn(0).getString(), u.getColumn(1).getString()});
        view.sides.push_back(std::move(s));
    }
    view.objectives = objectives(c, viewer, h.ended);
    if (h.ended) {
        // §12.1/§12.2: once the campaign is over nothing stays secret: every side's last VCS is shown to all.
        SQLite::Statement f(db, "SELECT side_id, week, baseline, points_lost, objectives_value, supply_value, value, defeated "
                                "FROM vcs_history h WHERE week = (SELECT MAX(week) FROM vcs_history WHERE side_id = h.side_id) "
                                "ORDER BY side_id");
        while (f.executeStep())
            view.finalResult.push_back({f.getColumn(0).getString(), f.getColumn(1).getInt(), f.getColumn(2).getInt(),
                                        f.getColumn(3).getInt(), f.getColumn(4).getInt(), f.getColumn(5).getInt(),
                                        f.getColumn(6).getInt(), f.getColumn(7).getInt() != 0});
    }
    if (viewer.isHost())
        for (const auto& k : options.changed()) view.optionsChanged.emplace_back(k, options.get(k));
    return view;
}

namespace {

ordered_json intelJsonOf(const IntelView& i) {
    ordered_json reported = ordered_json::array();
    for (const auto& r : i.reported) {
        ordered_json x{{"kind", r.kind}};
        if (!r.nationality.empty()) x["nationality"] = r.nationality;
        x["count"] = r.count;
        reported.push_back(x);
    }
    ordered_json j{{"week", i.week}, {"day", i.day}, {"case", i.intelCase}, {"detail", i.detail}, {"reported", reported}};
    if (!i.mode.empty()) j["mode"] = i.mode;
    return j;
}

// One of the side's own MEs in the status document: its units, guns and generals.
ordered_json meJson(const MeView& m) {
    ordered_json me{{"id", m.id},
                    {"label", m.label},
                    {"hex", m.hex},
                    {"mode", m.mode},
                    {"supplySource", m.supplySource},
                    {"commander", m.commander},
                    {"points", m.points},
                    {"stands", m.stands},
                    {"figures", m.figures}};
    if (m.entering) me["entering"] = {{"loc", m.enteringLoc}, {"marchOrder", m.marchOrder}};
    ordered_json generals = ordered_json::array();
    for (const auto& g : m.generals)
        generals.push_back({{"id", g.id}, {"name", g.name}, {"rank", g.rank}, {"rating", g.rating}, {"status", g.status}});
    me["generals"] = generals;
    ordered_json units = ordered_json::array();
    for (const auto& u : m.units) {
        ordered_json uj{
            {"id", u.id},           {"name", u.name},     {"nationality", u.nationality}, {"type", u.type},
            {"class", u.unitClass}, {"stands", u.stands}, {"figures", u.figures},         {"figuresOriginal", u.figuresOriginal}};
        if (u.shaken) uj["shaken"] = true;
        if (!u.detachedAt.empty()) uj["detachedAt"] = u.detachedAt;
        if (!u.guns.empty()) {
            ordered_json guns = ordered_json::array();
            for (const auto& g : u.guns) guns.push_back({{"calibre", g.calibre}, {"stands", g.stands}});
            uj["guns"] = guns;
        }
        units.push_back(uj);
    }
    me["units"] = units;
    return me;
}

ordered_json statusDocument(const SideView& v) {
    ordered_json doc;
    const auto& h = v.campaign;
    doc["campaign"] = {{"id", h.id},
                       {"name", h.name},
                       {"theatre", h.theatre},
                       {"year", h.year},
                       {"week", h.week},
                       {"day", h.day},
                       {"phase", h.phase},
                       {"lengthWeeks", h.lengthWeeks},
                       {"startSeason", h.startSeason},
                       {"seasonWeek", h.seasonWeek},
                       {"startDate", h.startDate},
                       {"map", h.map}};
    doc["campaign"]["ended"] = h.ended;
    doc["campaign"]["winner"] = h.winner;
    doc["campaign"]["endReason"] = h.endReason;
    doc["campaign"]["season"] = h.season;
    if (h.weather) {
        const auto& w = *h.weather;
        doc["campaign"]["weather"] = {
            {"week", w.week}, {"day", w.day}, {"weather", w.weather}, {"windFrom", w.windFrom}, {"daylightTurns", w.daylightTurns}};
        if (!w.regions.empty()) {
            ordered_json regions = ordered_json::array();
            for (const auto& r : w.regions) regions.push_back({{"region", r.region}, {"weather", r.weather}});
            doc["campaign"]["weather"]["regions"] = regions;
        }
    }
    doc["view"] = v.viewer.name();
    if (h.seed) doc["campaign"]["seed"] = *h.seed;

    ordered_json sides = ordered_json::array();
    for (const auto& s : v.sides) {
        ordered_json j{{"id", s.id}, {"name", s.name}, {"hasInitiative", s.hasInitiative}};
        if (s.known) {
            j["nationalities"] = s.nationalities;
            j["pointsLimit"] = s.pointsLimit;
            const auto& vc = *s.vcs;
            j["vcs"] = {{"baseline", vc.baseline},
                        {"pointsLost", vc.pointsLost},
                        {"pointsReplaced", vc.pointsReplaced},
                        {"defeatThreshold", vc.defeatThreshold}};
            ordered_json history = ordered_json::array();
            for (const auto& p : vc.history)
                history.push_back({{"week", p.week},
                                   {"value", p.value},
                                   {"pointsLost", p.pointsLost},
                                   {"objectivesValue", p.objectivesValue},
                                   {"supplyValue", p.supplyValue},
                                   {"defeated", p.defeated}});
            j["vcs"]["history"] = history;
            j["decoysPerWeek"] = s.decoysPerWeek;
            ordered_json players = ordered_json::array();
            for (const auto& p : s.players) players.push_back({{"id", p.id}, {"name", p.name}, {"role", p.role}});
            j["players"] = players;
            ordered_json locs = ordered_json::array();
            for (const auto& l : s.locEntries) {
                ordered_json lj{{"kind", l.kind}, {"hex", l.hex}, {"name", l.name}};
                if (!l.closedBy.empty()) lj["closedBy"] = l.closedBy;
                locs.push_back(lj);
            }
            j["locEntries"] = locs;
            ordered_json mes = ordered_json::array();
            for (const auto& m : s.mes) mes.push_back(meJson(m));
            j["mes"] = mes;
            ordered_json decoys = ordered_json::array();
            for (const auto& d : s.decoys) decoys.push_back({{"id", d.id}, {"hex", d.hex}, {"designated", d.designated}});
            j["decoys"] = decoys;
            ordered_json arrivals = ordered_json::array();
            for (const auto& a : s.arrivals) arrivals.push_back({{"id", a.id}, {"label", a.label}, {"hex", a.hex}, {"week", a.week}});
            j["arrivals"] = arrivals;
        } else {
            ordered_json counters = ordered_json::array();
            for (const auto& k : s.counters) {
                ordered_json kj{{"hex", k.hex}, {"faceDown", k.faceDown}, {"inSight", k.inSight}};
                if (!k.faceDown) kj["label"] = k.label;
                if (k.intel) kj["intel"] = intelJsonOf(*k.intel);
                counters.push_back(kj);
            }
            j["counters"] = counters;
            ordered_json lastSeen = ordered_json::array();
            for (const auto& k : s.lastSeen) {
                ordered_json kj{{"hex", k.hex}, {"week", k.week}, {"day", k.day}};
                if (!k.label.empty()) kj["label"] = k.label;
                lastSeen.push_back(kj);
            }
            j["lastSeen"] = lastSeen;
        }
        ordered_json held = ordered_json::array();
        for (const auto& u : s.urbanControlled) held.push_back({{"id", u.id}, {"name", u.name}});
        j["urbanAreasControlled"] = held;
        sides.push_back(j);
    }
    doc["sides"] = sides;
    ordered_json objectives = ordered_json::array();
    for (const auto& o : v.objectives)
        objectives.push_back({{"id", o.id},
                              {"name", o.name},
                              {"kind", o.kind},
                              {"hex", o.hex},
                              {"value", o.value},
                              {"assignedTo", o.assignedTo},
                              {"writtenBy", o.writtenBy},
                              {"controller", o.controller}});
    doc["objectives"] = objectives;
    if (h.ended) {
        ordered_json final = ordered_json::array();
        for (const auto& f : v.finalResult)
            final.push_back({{"side", f.side},
                             {"week", f.week},
                             {"baseline", f.baseline},
                             {"pointsLost", f.pointsLost},
                             {"objectivesValue", f.objectivesValue},
                             {"supplyValue", f.supplyValue},
                             {"value", f.value},
                             {"defeated", f.defeated}});
        doc["finalResult"] = final;
    }
    if (!v.viewer.isHost()) {  // the hexes the side's MEs see now: the rest is its fog of war (§8.1.5)
        ordered_json seen = ordered_json::array();
        for (const auto& o : v.seenHexes) seen.push_back(hex::formatOffset(o));
        doc["seenHexes"] = seen;
    }
    if (v.viewer.isHost()) {
        ordered_json changed = ordered_json::object();
        for (const auto& [k, val] : v.optionsChanged) changed[k] = val;
        doc["optionsChanged"] = changed;
    }
    return doc;
}

}  // namespace

std::string statusJson(const SideView& view) { return statusDocument(view).dump(2); }

std::string statusText(const SideView& v) {
    std::ostringstream out;
    const auto& c = v.campaign;
    out << c.name << " (" << c.year << ")\n";
    if (c.ended) out << "Played " << std::min(c.week, c.lengthWeeks) << " of " << c.lengthWeeks << " weeks\n";
    else
        out << "Week " << c.week << " of " << c.lengthWeeks << ", day " << c.day << ", next phase " << c.phase << "; " << c.season
            << " (the campaign began in week " << c.seasonWeek << " of " << c.startSeason << ")\n";
    if (c.weather) {
        const auto& w = *c.weather;
        out << "Weather (week " << w.week << " day " << w.day << "): ";
        if (!w.regions.empty()) {  // G-102 per_region
            bool first = true;
            for (const auto& r : w.regions) {
                out << (first ? "" : ", ") << r.weather << " in the " << r.region;
                first = false;
            }
        } else {
            out << w.weather;
        }
        out << ", wind from the " << w.windFrom << ", " << w.daylightTurns << " daylight battle turns\n";
    }
    out << "View: " << v.viewer.name() << "\n";
    if (c.ended) out << "THE CAMPAIGN IS OVER (" << c.endReason << "): " << (c.winner.empty() ? "a draw" : c.winner + " win") << "\n";
    for (const auto& s : v.sides) {
        out << "\n== " << s.name << " [" << s.id << "]" << (s.hasInitiative ? "  (strategic initiative)" : "") << "\n";
        if (s.known) {
            const auto& vc = *s.vcs;
            out << "   VCS baseline " << vc.baseline << " points, lost " << vc.pointsLost << ", defeated at or below "
                << vc.defeatThreshold;
            if (!vc.history.empty()) out << "; last VCS " << vc.history.back().value << " (week " << vc.history.back().week << ")";
            out << "\n";
            for (const auto& l : s.locEntries)
                out << "   " << l.kind << " LOC entry " << l.hex << " " << l.name
                    << (l.closedBy.empty() ? "" : "  (closed: the sea is held by " + l.closedBy + ")") << "\n";
            for (const auto& me : s.mes) {
                out << "   ME " << std::left << std::setw(16) << me.id << " " << std::setw(7) << me.hex << " " << std::setw(19)
                    << me.mode << " supply " << std::setw(12) << me.supplySource << " " << std::right << std::setw(5) << me.points
                    << " pts " << std::setw(3) << me.stands << " stands  " << me.label;
                if (me.entering) out << "  (entering on the " << me.enteringLoc << " LOC, order " << me.marchOrder << ")";
                out << "\n";
                for (const auto& u : me.units)
                    if (!u.detachedAt.empty() || u.shaken)
                        out << "        " << u.name << (!u.detachedAt.empty() ? " detached at " + u.detachedAt : "")
                            << (u.shaken ? " (Shaken)" : "") << "\n";
                for (const auto& g : me.generals)
                    out << "        " << g.name << " (" << g.rank << ", " << g.rating << ")"
                        << (g.status == "active" || g.status.empty() ? std::string() : "  [" + g.status + "]") << "\n";
            }
            for (const auto& a : s.arrivals)
                out << "   ME " << std::left << std::setw(16) << a.id << " " << std::setw(7) << a.hex << " due in week " << std::right
                    << a.week << "  " << a.label << "\n";
        } else {
            out << "   counters: " << s.counters.size() << "\n";
            for (const auto& k : s.counters) {
                out << "     " << k.hex << (k.faceDown ? "  face down" : "  " + k.label) << (k.inSight ? "  (in sight)" : "");
                if (k.intel) {
                    out << "  scouted W" << k.intel->week << " D" << k.intel->day << ":";
                    for (const auto& r : k.intel->reported) out << " " << r.count << " " << r.kind << ";";
                }
                out << "\n";
            }
            for (const auto& k : s.lastSeen)
                out << "     last seen " << k.hex << " on week " << k.week << " day " << k.day
                    << (k.label.empty() ? "" : "  " + k.label) << "\n";
        }
        out << "   urban areas held:";
        if (s.urbanControlled.empty()) out << " none";
        for (const auto& u : s.urbanControlled) out << " " << u.name << ";";
        out << "\n";
    }
    if (c.ended) {
        out << "\nFinal victory condition status:\n";
        for (const auto& f : v.finalResult)
            out << "   " << std::left << std::setw(12) << f.side << std::right << " VCS " << f.value << " of baseline " << f.baseline
                << " (lost " << f.pointsLost << ", objectives " << f.objectivesValue << ", supply " << f.supplyValue << ")"
                << (f.defeated ? "  DEFEATED" : "") << "\n";
    }
    out << "\nObjectives";
    if (!v.viewer.isHost()) out << " known to this side";
    out << ":\n";
    if (v.objectives.empty()) out << "   none\n";
    for (const auto& o : v.objectives)
        out << "   " << std::left << std::setw(10) << o.kind << std::right << std::setw(5) << o.value << "  " << o.name << " ("
            << o.hex << ") for " << o.assignedTo << "\n";
    return out.str();
}

}  // namespace etatmajor::view
