// Status views (architecture §4 `status`, `log`). A side's view holds only what that side may know:
// its own MEs in full, enemy counters face down where positions are public (G-40), its own VCS only (§7.2),
// objectives it wrote, and objectives it must take once revealed (G-64).
#include "etatmajor/db/status.hpp"

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/visibility.hpp"
#include "store_impl.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iomanip>
#include <optional>
#include <set>
#include <sstream>

namespace etatmajor::db {

using nlohmann::ordered_json;

namespace {

struct Ctx {
    SQLite::Database& db;
    hex::OffsetSystem offsets;
    std::string at(int q, int r) const { return hex::formatOffset(offsets.toOffset({q, r})); }
};

hex::OffsetSystem offsetSystem(SQLite::Database& db) {
    SQLite::Statement q(db, "SELECT orientation, parity FROM map_meta WHERE id = 1");
    if (!q.executeStep()) throw StoreError("DB-CORRUPT", "the campaign database has no map");
    return {q.getColumn(0).getString() == "flat" ? hex::Orientation::Flat : hex::Orientation::Pointy,
            q.getColumn(1).getString() == "even" ? hex::OffsetParity::Even : hex::OffsetParity::Odd};
}

ordered_json unitsOf(Ctx& c, const std::string& me) {
    ordered_json units = ordered_json::array();
    SQLite::Statement q(c.db,
                        "SELECT id, name, type, class, stands_current, figures_current, figures_original, nationality, shaken, "
                        "detached_q, detached_r FROM unit WHERE me_id = ? ORDER BY ord");
    q.bind(1, me);
    SQLite::Statement g(c.db, "SELECT calibre, stands_current FROM unit_gun WHERE unit_id = ? ORDER BY calibre");
    while (q.executeStep()) {
        ordered_json u{{"id", q.getColumn(0).getString()},
                       {"name", q.getColumn(1).getString()},
                       {"nationality", q.getColumn(7).getString()},
                       {"type", q.getColumn(2).getString()},
                       {"class", q.getColumn(3).getInt()},
                       {"stands", q.getColumn(4).getInt()},
                       {"figures", q.getColumn(5).getInt()},
                       {"figuresOriginal", q.getColumn(6).getInt()}};
        if (q.getColumn(8).getInt() != 0) u["shaken"] = true;  // G-70
        if (!q.getColumn(9).isNull()) u["detachedAt"] = c.at(q.getColumn(9).getInt(), q.getColumn(10).getInt());  // G-69
        g.bind(1, q.getColumn(0).getString());
        ordered_json guns = ordered_json::array();
        while (g.executeStep()) guns.push_back({{"calibre", g.getColumn(0).getString()}, {"stands", g.getColumn(1).getInt()}});
        g.reset();
        if (!guns.empty()) u["guns"] = guns;
        units.push_back(u);
    }
    return units;
}

ordered_json generalsOf(Ctx& c, const std::string& me) {
    ordered_json out = ordered_json::array();
    SQLite::Statement q(c.db, "SELECT id, name, rank, rating, status FROM general WHERE me_id = ? ORDER BY id");
    q.bind(1, me);
    while (q.executeStep())
        out.push_back({{"id", q.getColumn(0).getString()},
                       {"name", q.getColumn(1).getString()},
                       {"rank", q.getColumn(2).getString()},
                       {"rating", q.getColumn(3).getString()},
                       {"status", q.getColumn(4).getString()}});
    return out;
}

ordered_json ownMes(Ctx& c, const std::string& side) {
    ordered_json mes = ordered_json::array();
    SQLite::Statement q(c.db,
                        "SELECT m.id, m.label, m.q, m.r, m.mode, m.supply_source, COALESCE(m.commander, ''), "
                        "COALESCE(m.entry_kind, ''), m.march_order, "
                        "(SELECT COALESCE(SUM(points_original * figures_current / figures_original), 0) FROM unit WHERE me_id = m.id), "
                        "(SELECT COALESCE(SUM(stands_current), 0) FROM unit WHERE me_id = m.id), "
                        "(SELECT COALESCE(SUM(figures_current), 0) FROM unit WHERE me_id = m.id) "
                        "FROM me m WHERE m.side_id = ? ORDER BY m.ord");
    q.bind(1, side);
    while (q.executeStep()) {
        const std::string id = q.getColumn(0).getString();
        ordered_json me{{"id", id},
                        {"label", q.getColumn(1).getString()},
                        {"hex", c.at(q.getColumn(2).getInt(), q.getColumn(3).getInt())},
                        {"mode", q.getColumn(4).getString()},
                        {"supplySource", q.getColumn(5).getString()},
                        {"commander", q.getColumn(6).getString()},
                        {"points", q.getColumn(9).getInt()},
                        {"stands", q.getColumn(10).getInt()},
                        {"figures", q.getColumn(11).getInt()}};
        if (!q.getColumn(7).getString().empty())
            me["entering"] = {{"loc", q.getColumn(7).getString()}, {"marchOrder", q.getColumn(8).getInt()}};
        me["generals"] = generalsOf(c, id);
        me["units"] = unitsOf(c, id);
        mes.push_back(me);
    }
    return mes;
}

// FNV-1a: a neutral order for counters sharing a hex, so that nothing in the listing tells MEs from decoys.
std::uint64_t neutralKey(const std::string& id) {
    std::uint64_t h = 1469598103934665603ULL;
    for (const unsigned char ch : id) h = (h ^ ch) * 1099511628211ULL;
    return h;
}

// The viewer's latest intelligence report naming this enemy ME (§8.6): what it was told, never the truth.
std::optional<ordered_json> intelOn(Ctx& c, const std::string& viewer, const std::string& me) {
    SQLite::Statement q(c.db, "SELECT week, day, intel_case, detail, reported, mode_reported FROM intel_report WHERE side_id = ? "
                              "AND detail <> 'nothing' AND (' ' || target_mes || ' ') LIKE ? ORDER BY week DESC, day DESC, id DESC LIMIT 1");
    q.bind(1, viewer);
    q.bind(2, "% " + me + " %");
    if (!q.executeStep()) return std::nullopt;
    ordered_json r{{"week", q.getColumn(0).getInt()},
                   {"day", q.getColumn(1).getInt()},
                   {"case", q.getColumn(2).getString()},
                   {"detail", q.getColumn(3).getString()},
                   {"reported", ordered_json::parse(q.getColumn(4).getString())}};
    if (!q.getColumn(5).getString().empty()) r["mode"] = q.getColumn(5).getString();
    return r;
}

// §2.2, §8.1.5, G-40: the enemy counters as `viewer` sees them. Every counter (ME or decoy) is face down, with no
// name and no composition, until contact turns it over (its label) or the viewer's scouts report on it (what they
// were told). With positions public (the default) every counter's hex is shown, `inSight` saying whether one of the
// viewer's MEs sees it now; under hidden_unless_observed only counters in sight are shown. Counters not shown that
// were seen before (out of sight now, or gone from the map) are in `lastSeen` with the hex and date of the last
// sighting. An intelligence report describes the whole hex it was made on (§8.6.3), so every counter it covered
// carries it.
void enemyCounters(Ctx& c, const campaign::CampaignState& state, const std::string& viewer, const std::string& enemy,
                   bool positionsPublic, ordered_json& out, ordered_json& lastSeen) {
    out = ordered_json::array();
    lastSeen = ordered_json::array();
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
    // As the sightings (engine/fog.cpp): each of the viewer's MEs sees by the weather of its own hex, its region's under
    // weather_regions = per_region (G-102), the map's otherwise.
    std::vector<rules::Weather> seesBy;
    for (const auto& me : state.mes) {
        rules::Weather mine = weather;
        if (const auto region = rules::weatherRegionOf(state.map, me.hex, state.options)) {
            SQLite::Statement r(c.db, "SELECT weather FROM weather_region_day WHERE week = ? AND day = ? AND region = ?");
            r.bind(1, weatherWeek);
            r.bind(2, weatherDay);
            r.bind(3, std::string(map::regionName(*region)));
            if (r.executeStep()) mine = rules::weatherFromName(r.getColumn(0).getString()).value_or(weather);
        }
        seesBy.push_back(mine);
    }
    auto viewerSees = [&](hex::Hex target) {
        for (std::size_t i = 0; i < state.mes.size(); ++i)
            if (state.mes[i].side == viewer && rules::meSeesHex(state.map, state.mes[i], target, seesBy[i], state.options)) return true;
        return false;
    };
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
        while (d.executeStep()) counters.push_back({d.getColumn(0).getString(), {d.getColumn(1).getInt(), d.getColumn(2).getInt()}, false, "", true});
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
        ordered_json counter{{"hex", c.at(k.hex.q, k.hex.r)}, {"faceDown", !k.revealed}, {"inSight", inSight}};
        if (k.revealed) counter["label"] = k.label;
        if (!k.decoy)
            if (auto intel = intelOn(c, viewer, k.id)) counter["intel"] = *intel;
        out.push_back(counter);
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
        ordered_json seen{{"hex", c.at(q.getColumn(1).getInt(), q.getColumn(2).getInt())},
                          {"week", q.getColumn(3).getInt()},
                          {"day", q.getColumn(4).getInt()}};
        if (me && me->revealed) seen["label"] = me->label;
        lastSeen.push_back(seen);
    }
}

ordered_json objectives(Ctx& c, const std::optional<std::string>& viewer) {
    ordered_json out = ordered_json::array();
    SQLite::Statement q(c.db,
                        "SELECT id, name, kind, q, r, value, assigned_to, written_by, revealed_to_assigned, "
                        "COALESCE(controller, '') FROM objective ORDER BY assigned_to, kind, id");
    while (q.executeStep()) {
        const std::string assigned = q.getColumn(6).getString();
        const std::string writer = q.getColumn(7).getString();
        const bool revealed = q.getColumn(8).getInt() != 0;
        if (viewer && !(*viewer == writer || (*viewer == assigned && revealed))) continue;
        out.push_back({{"id", q.getColumn(0).getString()},
                       {"name", q.getColumn(1).getString()},
                       {"kind", q.getColumn(2).getString()},
                       {"hex", c.at(q.getColumn(3).getInt(), q.getColumn(4).getInt())},
                       {"value", q.getColumn(5).getInt()},
                       {"assignedTo", assigned},
                       {"writtenBy", writer},
                       {"controller", q.getColumn(9).getString()}});
    }
    return out;
}

ordered_json statusDocument(const CampaignStore& store, const std::optional<std::string>& viewer) {
    auto& db = const_cast<CampaignStore&>(store).impl().db;
    Ctx c{db, offsetSystem(db)};
    const CampaignInfo info = store.info();
    const auto options = store.options();

    std::vector<std::string> sideIds;
    {
        SQLite::Statement q(db, "SELECT id FROM side ORDER BY ord");
        while (q.executeStep()) sideIds.push_back(q.getColumn(0).getString());
    }
    if (viewer && std::find(sideIds.begin(), sideIds.end(), *viewer) == sideIds.end()) {
        std::string known;
        for (const auto& s : sideIds) known += (known.empty() ? "" : ", ") + s;
        throw StoreError("DB-UNKNOWN-SIDE", "the campaign has no side '" + *viewer + "' (sides: " + known + ")");
    }

    ordered_json doc;
    doc["campaign"] = {{"id", info.scenarioId},
                       {"name", info.name},
                       {"theatre", info.theatre},
                       {"year", info.year},
                       {"week", info.week},
                       {"day", info.day},
                       {"phase", info.phase},
                       {"lengthWeeks", info.lengthWeeks},
                       {"startSeason", info.startSeason},
                       {"seasonWeek", info.seasonWeek},
                       {"startDate", info.startDate},
                       {"map", info.mapId}};
    {
        SQLite::Statement e(db, "SELECT ended, winner, end_reason FROM campaign WHERE id = 1");
        e.executeStep();
        doc["campaign"]["ended"] = e.getColumn(0).getInt() != 0;
        doc["campaign"]["winner"] = e.getColumn(1).getString();
        doc["campaign"]["endReason"] = e.getColumn(2).getString();
    }
    {
        // The season now (§8.1.1, G-11), from the starting season and the weeks played.
        campaign::CampaignState calendar;
        calendar.options = options;
        calendar.startSeason = campaign::seasonFromName(info.startSeason).value_or(campaign::Season::Summer);
        calendar.seasonWeek = info.seasonWeek;
        doc["campaign"]["season"] = std::string(campaign::seasonName(calendar.seasonOfWeek(info.week)));
    }
    {
        // Weather and wind are the same for everybody (§8.1, G-102); under weather_regions = per_region each climate
        // region has its own weather (listed in `regions`; `weather` is then the map's default region's), the wind one.
        SQLite::Statement w(db, "SELECT week, day, weather, wind_from, daylight_turns FROM weather_day "
                                "ORDER BY week DESC, day DESC LIMIT 1");
        if (w.executeStep()) {
            doc["campaign"]["weather"] = {{"week", w.getColumn(0).getInt()}, {"day", w.getColumn(1).getInt()},
                                          {"weather", w.getColumn(2).getString()}, {"windFrom", w.getColumn(3).getString()},
                                          {"daylightTurns", w.getColumn(4).getInt()}};
            if (options.is("weather_regions", "per_region")) {
                // In the order D1 rolled them (north, west, south, extreme_north, none).
                SQLite::Statement r(db, "SELECT region, weather FROM weather_region_day WHERE week = ? AND day = ? ORDER BY CASE region "
                                        "WHEN 'north' THEN 0 WHEN 'west' THEN 1 WHEN 'south' THEN 2 WHEN 'extreme_north' THEN 3 "
                                        "ELSE 4 END");
                r.bind(1, w.getColumn(0).getInt());
                r.bind(2, w.getColumn(1).getInt());
                ordered_json regions = ordered_json::array();
                while (r.executeStep())
                    regions.push_back({{"region", r.getColumn(0).getString()}, {"weather", r.getColumn(1).getString()}});
                if (!regions.empty()) doc["campaign"]["weather"]["regions"] = regions;
            }
        }
    }
    doc["view"] = viewer ? *viewer : "host";
    if (!viewer) doc["campaign"]["seed"] = info.seed;

    ordered_json sides = ordered_json::array();
    const bool positionsPublic = options.is("counter_positions", "public");
    std::optional<campaign::CampaignState> state;  // loaded for a side's view of the enemy
    for (const auto& id : sideIds) {
        SQLite::Statement q(db,
                            "SELECT name, nationalities, points_limit, vcs_baseline, points_lost, points_replaced, decoys_per_week, "
                            "has_initiative FROM side WHERE id = ?");
        q.bind(1, id);
        q.executeStep();
        ordered_json s{{"id", id}, {"name", q.getColumn(0).getString()}, {"hasInitiative", q.getColumn(7).getInt() != 0}};
        const bool own = !viewer || *viewer == id;
        if (own) {
            s["nationalities"] = q.getColumn(1).getString();
            s["pointsLimit"] = q.getColumn(2).getInt();
            // §7.2/§12.2: the VCS is secret from the other side.
            s["vcs"] = {{"baseline", q.getColumn(3).getInt()},
                        {"pointsLost", q.getColumn(4).getInt()},
                        {"pointsReplaced", q.getColumn(5).getInt()},
                        {"defeatThreshold", q.getColumn(3).getInt() / 4}};
            ordered_json history = ordered_json::array();
            SQLite::Statement h(db, "SELECT week, value, points_lost, objectives_value, supply_value, defeated FROM vcs_history "
                                    "WHERE side_id = ? ORDER BY week");
            h.bind(1, id);
            while (h.executeStep())
                history.push_back({{"week", h.getColumn(0).getInt()},
                                   {"value", h.getColumn(1).getInt()},
                                   {"pointsLost", h.getColumn(2).getInt()},
                                   {"objectivesValue", h.getColumn(3).getInt()},
                                   {"supplyValue", h.getColumn(4).getInt()},
                                   {"defeated", h.getColumn(5).getInt() != 0}});
            s["vcs"]["history"] = history;
            s["decoysPerWeek"] = q.getColumn(6).getInt();
            ordered_json players = ordered_json::array();
            SQLite::Statement p(db, "SELECT id, name, role FROM player WHERE side_id = ? ORDER BY id");
            p.bind(1, id);
            while (p.executeStep())
                players.push_back({{"id", p.getColumn(0).getString()}, {"name", p.getColumn(1).getString()},
                                   {"role", p.getColumn(2).getString()}});
            s["players"] = players;
            ordered_json locs = ordered_json::array();
            SQLite::Statement l(db, "SELECT kind, q, r, name FROM loc_entry WHERE side_id = ? ORDER BY ord");
            l.bind(1, id);
            while (l.executeStep())
                locs.push_back({{"kind", l.getColumn(0).getString()},
                                {"hex", c.at(l.getColumn(1).getInt(), l.getColumn(2).getInt())},
                                {"name", l.getColumn(3).getString()}});
            s["locEntries"] = locs;
            s["mes"] = ownMes(c, id);
            ordered_json decoys = ordered_json::array();  // §2.3: the side's own decoys
            SQLite::Statement d(db, "SELECT id, q, r, designated FROM decoy WHERE side_id = ? AND removed_week = 0 ORDER BY id");
            d.bind(1, id);
            while (d.executeStep())
                decoys.push_back({{"id", d.getColumn(0).getString()},
                                  {"hex", c.at(d.getColumn(1).getInt(), d.getColumn(2).getInt())},
                                  {"designated", d.getColumn(3).getString()}});
            s["decoys"] = decoys;
        } else {
            if (!state) state = db::loadState(store);
            ordered_json counters, lastSeen;
            enemyCounters(c, *state, *viewer, id, positionsPublic, counters, lastSeen);
            s["counters"] = counters;
            s["lastSeen"] = lastSeen;
        }
        ordered_json held = ordered_json::array();
        SQLite::Statement u(db, "SELECT id, name FROM urban_area WHERE controller = ? ORDER BY id");
        u.bind(1, id);
        while (u.executeStep()) held.push_back({{"id", u.getColumn(0).getString()}, {"name", u.getColumn(1).getString()}});
        s["urbanAreasControlled"] = held;
        sides.push_back(s);
    }
    doc["sides"] = sides;
    doc["objectives"] = objectives(c, viewer);
    if (doc["campaign"]["ended"].get<bool>()) {
        // §12.1/§12.2: once the campaign is over nothing stays secret: every side's last VCS is shown to all.
        ordered_json final = ordered_json::array();
        SQLite::Statement f(db, "SELECT side_id, week, baseline, points_lost, objectives_value, supply_value, value, defeated "
                                "FROM vcs_history h WHERE week = (SELECT MAX(week) FROM vcs_history WHERE side_id = h.side_id) "
                                "ORDER BY side_id");
        while (f.executeStep())
            final.push_back({{"side", f.getColumn(0).getString()},
                             {"week", f.getColumn(1).getInt()},
                             {"baseline", f.getColumn(2).getInt()},
                             {"pointsLost", f.getColumn(3).getInt()},
                             {"objectivesValue", f.getColumn(4).getInt()},
                             {"supplyValue", f.getColumn(5).getInt()},
                             {"value", f.getColumn(6).getInt()},
                             {"defeated", f.getColumn(7).getInt() != 0}});
        doc["finalResult"] = final;
    }
    if (!viewer) {
        ordered_json changed = ordered_json::object();
        for (const auto& k : options.changed()) changed[k] = options.get(k);
        doc["optionsChanged"] = changed;
    }
    return doc;
}

}  // namespace

std::string statusJson(const CampaignStore& store, const std::optional<std::string>& side) {
    return statusDocument(store, side).dump(2);
}

std::string statusText(const CampaignStore& store, const std::optional<std::string>& side) {
    const auto doc = statusDocument(store, side);
    std::ostringstream out;
    const auto& c = doc["campaign"];
    out << c["name"].get<std::string>() << " (" << c["year"].get<int>() << ")\n";
    if (c["ended"].get<bool>())
        out << "Played " << std::min(c["week"].get<int>(), c["lengthWeeks"].get<int>()) << " of " << c["lengthWeeks"].get<int>()
            << " weeks\n";
    else
        out << "Week " << c["week"].get<int>() << " of " << c["lengthWeeks"].get<int>() << ", day " << c["day"].get<int>()
        << ", next phase " << c["phase"].get<std::string>() << "; " << c["season"].get<std::string>() << " (the campaign began in week "
        << c["seasonWeek"].get<int>() << " of " << c["startSeason"].get<std::string>() << ")\n";
    if (c.contains("weather")) {
        out << "Weather (week " << c["weather"]["week"].get<int>() << " day " << c["weather"]["day"].get<int>() << "): ";
        if (c["weather"].contains("regions")) {  // G-102 per_region
            bool first = true;
            for (const auto& r : c["weather"]["regions"]) {
                out << (first ? "" : ", ") << r["weather"].get<std::string>() << " in the " << r["region"].get<std::string>();
                first = false;
            }
        } else {
            out << c["weather"]["weather"].get<std::string>();
        }
        out << ", wind from the " << c["weather"]["windFrom"].get<std::string>() << ", " << c["weather"]["daylightTurns"].get<int>()
            << " daylight battle turns\n";
    }
    out << "View: " << doc["view"].get<std::string>() << "\n";
    if (c["ended"].get<bool>())
        out << "THE CAMPAIGN IS OVER (" << c["endReason"].get<std::string>() << "): "
            << (c["winner"].get<std::string>().empty() ? "a draw" : c["winner"].get<std::string>() + " win") << "\n";
    for (const auto& s : doc["sides"]) {
        out << "\n== " << s["name"].get<std::string>() << " [" << s["id"].get<std::string>() << "]"
            << (s["hasInitiative"].get<bool>() ? "  (strategic initiative)" : "") << "\n";
        if (s.contains("vcs")) {
            const auto& v = s["vcs"];
            out << "   VCS baseline " << v["baseline"].get<int>() << " points, lost " << v["pointsLost"].get<int>()
                << ", defeated at or below " << v["defeatThreshold"].get<int>();
            if (!v["history"].empty())
                out << "; last VCS " << v["history"].back()["value"].get<int>() << " (week "
                    << v["history"].back()["week"].get<int>() << ")";
            out << "\n";
            for (const auto& l : s["locEntries"])
                out << "   " << l["kind"].get<std::string>() << " LOC entry " << l["hex"].get<std::string>() << " "
                    << l["name"].get<std::string>() << "\n";
            for (const auto& me : s["mes"]) {
                out << "   ME " << std::left << std::setw(16) << me["id"].get<std::string>() << " " << std::setw(7)
                    << me["hex"].get<std::string>() << " " << std::setw(19) << me["mode"].get<std::string>()
                    << " supply " << std::setw(12) << me["supplySource"].get<std::string>() << " " << std::right
                    << std::setw(5) << me["points"].get<int>() << " pts " << std::setw(3) << me["stands"].get<int>()
                    << " stands  " << me["label"].get<std::string>();
                if (me.contains("entering"))
                    out << "  (entering on the " << me["entering"]["loc"].get<std::string>() << " LOC, order "
                        << me["entering"]["marchOrder"].get<int>() << ")";
                out << "\n";
                for (const auto& u : me["units"])
                    if (u.contains("detachedAt") || u.contains("shaken"))
                        out << "        " << u["name"].get<std::string>()
                            << (u.contains("detachedAt") ? " detached at " + u["detachedAt"].get<std::string>() : "")
                            << (u.contains("shaken") ? " (Shaken)" : "") << "\n";
                for (const auto& g : me["generals"])
                    out << "        " << g["name"].get<std::string>() << " (" << g["rank"].get<std::string>() << ", "
                        << g["rating"].get<std::string>() << ")\n";
            }
        } else {
            out << "   counters: " << s["counters"].size() << "\n";
            for (const auto& k : s["counters"]) {
                out << "     " << k["hex"].get<std::string>()
                    << (k["faceDown"].get<bool>() ? "  face down" : "  " + k["label"].get<std::string>())
                    << (k["inSight"].get<bool>() ? "  (in sight)" : "");
                if (k.contains("intel")) {
                    out << "  scouted W" << k["intel"]["week"].get<int>() << " D" << k["intel"]["day"].get<int>() << ":";
                    for (const auto& r : k["intel"]["reported"])
                        out << " " << r["count"].get<int>() << " " << r["kind"].get<std::string>() << ";";
                }
                out << "\n";
            }
            for (const auto& k : s["lastSeen"])
                out << "     last seen " << k["hex"].get<std::string>() << " on week " << k["week"].get<int>() << " day "
                    << k["day"].get<int>() << (k.contains("label") ? "  " + k["label"].get<std::string>() : "") << "\n";
        }
        out << "   urban areas held:";
        if (s["urbanAreasControlled"].empty()) out << " none";
        for (const auto& u : s["urbanAreasControlled"]) out << " " << u["name"].get<std::string>() << ";";
        out << "\n";
    }
    if (doc.contains("finalResult")) {
        out << "\nFinal victory condition status:\n";
        for (const auto& f : doc["finalResult"])
            out << "   " << std::left << std::setw(12) << f["side"].get<std::string>() << std::right << " VCS "
                << f["value"].get<int>() << " of baseline " << f["baseline"].get<int>() << " (lost " << f["pointsLost"].get<int>()
                << ", objectives " << f["objectivesValue"].get<int>() << ", supply " << f["supplyValue"].get<int>() << ")"
                << (f["defeated"].get<bool>() ? "  DEFEATED" : "") << "\n";
    }
    out << "\nObjectives";
    if (doc["view"] != "host") out << " known to this side";
    out << ":\n";
    if (doc["objectives"].empty()) out << "   none\n";
    for (const auto& o : doc["objectives"])
        out << "   " << std::left << std::setw(10) << o["kind"].get<std::string>() << std::right << std::setw(5)
            << o["value"].get<int>() << "  " << o["name"].get<std::string>() << " (" << o["hex"].get<std::string>()
            << ") for " << o["assignedTo"].get<std::string>() << "\n";
    return out.str();
}

std::string rollLogJson(const CampaignStore& store) {
    ordered_json out = ordered_json::array();
    for (const auto& r : store.rolls())
        out.push_back({{"seq", r.sequence},
                       {"week", r.week},
                       {"day", r.day},
                       {"phase", r.phase},
                       {"subject", r.subject},
                       {"purpose", r.purpose},
                       {"rule", r.rule},
                       {"dice", r.expression},
                       {"faces", r.faces},
                       {"modifier", r.modifier},
                       {"result", r.result},
                       {"effect", r.effect}});
    return out.dump(2);
}

std::string rollLogText(const CampaignStore& store) {
    std::ostringstream out;
    const auto rolls = store.rolls();
    if (rolls.empty()) out << "no dice rolled yet\n";
    for (const auto& r : rolls) {
        std::string faces;
        for (int f : r.faces) faces += (faces.empty() ? "" : ",") + std::to_string(f);
        out << "#" << r.sequence << " W" << r.week << " D" << r.day << " " << r.phase << "  " << r.expression << " ["
            << faces << "] = " << r.result << "  " << r.purpose << " (" << r.rule << ")";
        if (!r.effect.empty()) out << ": " << r.effect;
        out << "\n";
    }
    return out.str();
}

}  // namespace etatmajor::db
