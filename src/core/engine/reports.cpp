#include "etatmajor/engine/reports.hpp"

#include "db/store_impl.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/decoys.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/loc.hpp"
#include "etatmajor/rules/victory.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace etatmajor::engine {

using nlohmann::ordered_json;
using namespace campaign;

namespace {

void requireSide(const CampaignState& s, const std::string& side) {
    if (s.side(side)) return;
    std::string known;
    for (const auto& x : s.sides) known += (known.empty() ? "" : ", ") + x.id;
    throw db::StoreError("DB-UNKNOWN-SIDE", "the campaign has no side '" + side + "' (sides: " + known + ")");
}

// The LOC as the side can know it (docs/secrecy.md): a face-down counter on the path may be an ME or a decoy, and the
// side cannot tell which (§2.2, §2.3), so every enemy counter it sees blocks the trace it is shown — decoys included,
// whatever decoy_effects says. Otherwise a path shown cut at a hex, or not, would tell real MEs from decoys. The
// phases trace the true LOC (decoys only under G-42 cuts_loc); the side learns that at W3, as the rules give it.
std::vector<rules::LocBlocker> sideKnownBlockers(SQLite::Database& db, const CampaignState& s, const std::string& side) {
    std::vector<rules::LocBlocker> out;
    for (const auto& d : activeDecoys(db))
        if (d.side != side) out.push_back({d.id, d.side, d.hex});
    (void)s;
    return out;
}

campaign::Options sideKnownOptions(campaign::Options o) {
    o.set("decoy_effects", "cuts_loc");
    return o;
}

ordered_json locDocument(const db::CampaignStore& store, const std::string& side) {
    const auto s = db::loadState(store);
    requireSide(s, side);
    const rules::LocNetwork net(s.map, sideKnownOptions(s.options));
    const auto off = s.map.offsets();
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    const auto decoys = sideKnownBlockers(db, s, side);
    ordered_json mes = ordered_json::array();
    for (const auto& loc : sideLocs(db, s, net, side, decoys)) {  // as the phases trace them (G-32)
        const auto* me = s.me(loc.me);
        ordered_json path = ordered_json::array();
        for (const auto h : loc.path) path.push_back(hex::formatOffset(off.toOffset(h)));
        ordered_json cut = ordered_json::array();
        for (const auto& id : loc.cutBy) {
            const auto* enemy = s.me(id);
            // The cutting ME (or decoy, G-42 cuts_loc) is known by its counter's position only, never by its name
            // (fog of war, §2.2).
            const auto d = std::find_if(decoys.begin(), decoys.end(), [&](const rules::LocBlocker& b) { return b.id == id; });
            cut.push_back(enemy ? hex::formatOffset(off.toOffset(enemy->hex))
                                : d != decoys.end() ? hex::formatOffset(off.toOffset(d->hex)) : id);
        }
        const auto* ua = s.urbanArea(loc.source);
        mes.push_back({{"me", loc.me},
                       {"label", me->label},
                       {"hex", hex::formatOffset(off.toOffset(me->hex))},
                       {"supplySource", loc.source},
                       {"supplySourceName", ua ? ua->name : ""},
                       {"loc", loc.valid},
                       {"problem", rules::locProblemName(loc.problem)},
                       {"path", path},
                       {"viaMe", loc.viaMe},
                       {"cutAt", cut}});
    }
    return {{"week", s.week}, {"day", s.day}, {"side", side}, {"media", s.options.get("loc_media")},
            {"trace", s.options.get("loc_trace")}, {"mes", mes}};
}

std::string problemText(const std::string& p) {
    if (p == "source_unknown") return "its supply source is not an urban area";
    if (p == "source_not_controlled") return "its supply source is not held by this side";
    if (p == "source_occupied") return "an enemy ME stands in its supply source";
    if (p == "own_hex_occupied") return "an enemy ME shares its hex";
    if (p == "not_on_network") return "no road, track or waterway within reach";
    if (p == "no_route") return "no road, track or waterway joins it to its source";
    if (p == "cut") return "cut by enemy counters";
    return p;
}

}  // namespace

std::string locJson(const db::CampaignStore& store, const std::string& side) { return locDocument(store, side).dump(2); }

std::string locText(const db::CampaignStore& store, const std::string& side) {
    const auto doc = locDocument(store, side);
    std::ostringstream out;
    out << "Lines of communication of " << side << ", week " << doc["week"].get<int>() << " day " << doc["day"].get<int>()
        << "\n";
    for (const auto& me : doc["mes"]) {
        out << "  " << std::left << std::setw(14) << me["me"].get<std::string>() << std::setw(7) << me["hex"].get<std::string>()
            << " -> " << std::setw(20) << me["supplySourceName"].get<std::string>();
        if (me["loc"].get<bool>()) {
            out << " LOC yes";
            if (!me["viaMe"].get<std::string>().empty()) out << " (through " << me["viaMe"].get<std::string>() << ")";
            out << ": ";
            for (const auto& h : me["path"]) out << h.get<std::string>() << " ";
        } else {
            out << " LOC NO: " << problemText(me["problem"].get<std::string>());
            if (!me["cutAt"].empty()) {
                out << " at";
                for (const auto& h : me["cutAt"]) out << " " << h.get<std::string>();
            }
        }
        out << "\n";
    }
    return out.str();
}

namespace {

ordered_json supplyDocument(const db::CampaignStore& store, const std::string& side) {
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    const auto s = db::loadState(store);
    requireSide(s, side);
    const Season season = s.seasonOfWeek(s.week);
    const rules::LocNetwork net(s.map, sideKnownOptions(s.options));
    std::map<std::string, bool> valid;
    for (const auto& loc : sideLocs(db, s, net, side, sideKnownBlockers(db, s, side))) valid[loc.me] = loc.valid;

    ordered_json sources = ordered_json::array();
    for (const auto& ua : s.urban) {
        if (ua.controller != side) continue;
        ordered_json drawers = ordered_json::array();
        for (const auto& me : s.mes)
            if (me.side == side && me.supplySource == ua.id)
                drawers.push_back({{"me", me.id}, {"label", me.label}, {"canDraw", valid[me.id]}});
        sources.push_back({{"id", ua.id},
                           {"name", ua.name},
                           {"size", map::urbanSizeName(ua.size)},
                           {"rolled", ua.rawRoll.has_value()},
                           {"weeklyValue", rules::urbanWeeklyValue(ua, season, s.options)},
                           {"combatHalvings", ua.combatHalvings},
                           {"destroyed", ua.destroyed},
                           {"drawnOnBy", drawers}});
    }
    ordered_json ledger = ordered_json::array();
    int balance = 0;
    SQLite::Statement q(db, "SELECT kind, source, me_id, unit_id, figures, points, note FROM supply_ledger "
                            "WHERE week = ? AND side_id = ? ORDER BY id");
    q.bind(1, s.week);
    q.bind(2, side);
    while (q.executeStep()) {
        balance += q.getColumn(5).getInt();
        ledger.push_back({{"kind", q.getColumn(0).getString()},
                          {"source", q.getColumn(1).getString()},
                          {"me", q.getColumn(2).getString()},
                          {"unit", q.getColumn(3).getString()},
                          {"figures", q.getColumn(4).getInt()},
                          {"points", q.getColumn(5).getInt()},
                          {"note", q.getColumn(6).getString()}});
    }
    ordered_json foraging = ordered_json::array();
    for (const auto& me : s.mes)
        if (me.side == side && (me.mode == Mode::Forage || me.forageDays > 0 || me.forageDaysLastWeek > 0))
            foraging.push_back({{"me", me.id}, {"mode", modeName(me.mode)}, {"forageDaysThisWeek", me.forageDays},
                                {"forageDaysLastWeek", me.forageDaysLastWeek}});
    return {{"week", s.week},
            {"side", side},
            {"season", seasonName(season)},
            {"multiplier", s.options.get("ua_multiplier")},
            {"sources", sources},
            {"foraging", foraging},
            {"ledger", ledger},
            {"balance", balance}};
}

}  // namespace

std::string supplyJson(const db::CampaignStore& store, const std::string& side) { return supplyDocument(store, side).dump(2); }

std::string supplyText(const db::CampaignStore& store, const std::string& side) {
    const auto doc = supplyDocument(store, side);
    std::ostringstream out;
    out << "Supply of " << side << ", week " << doc["week"].get<int>() << " (" << doc["season"].get<std::string>() << ")\n";
    out << "Sources held:\n";
    if (doc["sources"].empty()) out << "  none\n";
    for (const auto& src : doc["sources"]) {
        out << "  " << std::left << std::setw(26) << src["name"].get<std::string>() << std::right << std::setw(5)
            << src["weeklyValue"].get<int>() << " SP" << (src["rolled"].get<bool>() ? "" : " (value not rolled yet)");
        if (!src["drawnOnBy"].empty()) {
            out << "  drawn on by:";
            for (const auto& d : src["drawnOnBy"])
                out << " " << d["me"].get<std::string>() << (d["canDraw"].get<bool>() ? "" : " (no LOC)");
        }
        out << "\n";
    }
    if (!doc["foraging"].empty()) {
        out << "Foraging:\n";
        for (const auto& f : doc["foraging"])
            out << "  " << f["me"].get<std::string>() << ": " << f["forageDaysLastWeek"].get<int>() << " day(s) last week, "
                << f["forageDaysThisWeek"].get<int>() << " this week\n";
    }
    out << "This week's ledger:\n";
    if (doc["ledger"].empty()) out << "  nothing yet (the supply phase W3 has not run this week)\n";
    for (const auto& l : doc["ledger"]) {
        out << "  " << std::left << std::setw(14) << l["kind"].get<std::string>() << std::right << std::setw(6)
            << l["points"].get<int>() << "  " << l["source"].get<std::string>() << " " << l["me"].get<std::string>() << " "
            << l["unit"].get<std::string>();
        if (l["figures"].get<int>() > 0) out << " (" << l["figures"].get<int>() << " figures)";
        if (!l["note"].get<std::string>().empty()) out << " " << l["note"].get<std::string>();
        out << "\n";
    }
    out << "Balance: " << doc["balance"].get<int>() << " SP\n";
    return out.str();
}

}  // namespace etatmajor::engine
