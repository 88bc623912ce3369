// SPDX-License-Identifier: GPL-3.0-or-later
// The CLI's renderings of a side's LOCs and supply (text and JSON): both render the typed per-side reports of
// view/supply_view.hpp and read nothing else.
#include "etatmajor/engine/reports.hpp"

#include "etatmajor/view/supply_view.hpp"

#include <nlohmann/json.hpp>

#include <iomanip>
#include <sstream>

namespace etatmajor::engine {

using nlohmann::ordered_json;

namespace {

ordered_json hexes(const std::vector<hex::Offset>& list) {
    ordered_json out = ordered_json::array();
    for (const auto& o : list) out.push_back(hex::formatOffset(o));
    return out;
}

ordered_json locDocument(const view::LocReport& r) {
    ordered_json mes = ordered_json::array();
    for (const auto& m : r.mes)
        mes.push_back({{"me", m.me},
                       {"label", m.label},
                       {"hex", m.hex},
                       {"supplySource", m.supplySource},
                       {"supplySourceName", m.supplySourceName},
                       {"loc", m.loc},
                       {"problem", m.problem},
                       {"path", hexes(m.path)},
                       {"viaMe", m.viaMe},
                       {"cutAt", hexes(m.cutAt)}});
    return {{"week", r.week}, {"day", r.day}, {"side", r.side}, {"media", r.media}, {"trace", r.trace}, {"mes", mes}};
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

ordered_json supplyDocument(const view::SupplyReport& r) {
    ordered_json sources = ordered_json::array();
    for (const auto& src : r.sources) {
        ordered_json drawers = ordered_json::array();
        for (const auto& d : src.drawnOnBy) drawers.push_back({{"me", d.me}, {"label", d.label}, {"canDraw", d.canDraw}});
        sources.push_back({{"id", src.id},
                           {"name", src.name},
                           {"size", src.size},
                           {"rolled", src.rolled},
                           {"weeklyValue", src.weeklyValue},
                           {"combatHalvings", src.combatHalvings},
                           {"destroyed", src.destroyed},
                           {"drawnOnBy", drawers}});
    }
    ordered_json ledger = ordered_json::array();
    for (const auto& l : r.ledger)
        ledger.push_back({{"kind", l.kind},
                          {"source", l.source},
                          {"me", l.me},
                          {"unit", l.unit},
                          {"figures", l.figures},
                          {"points", l.points},
                          {"note", l.note}});
    ordered_json foraging = ordered_json::array();
    for (const auto& f : r.foraging)
        foraging.push_back({{"me", f.me},
                            {"mode", f.mode},
                            {"forageDaysThisWeek", f.forageDaysThisWeek},
                            {"forageDaysLastWeek", f.forageDaysLastWeek}});
    return {{"week", r.week},     {"side", r.side},       {"season", r.season}, {"multiplier", r.multiplier},
            {"sources", sources}, {"foraging", foraging}, {"ledger", ledger},   {"balance", r.balance}};
}

}  // namespace

std::string locJson(const db::CampaignStore& store, const std::string& side) {
    return locDocument(view::locReport(store, side)).dump(2);
}

std::string locText(const db::CampaignStore& store, const std::string& side) {
    const auto r = view::locReport(store, side);
    std::ostringstream out;
    out << "Lines of communication of " << side << ", week " << r.week << " day " << r.day << "\n";
    for (const auto& me : r.mes) {
        // Columns kept apart however long an ME's id or a town's name is.
        out << "  " << std::left << std::setw(14) << me.me << " " << std::setw(7) << me.hex << " -> " << std::setw(20)
            << me.supplySourceName;
        if (me.loc) {
            out << " LOC yes";
            if (!me.viaMe.empty()) out << " (through " << me.viaMe << ")";
            out << ": ";
            for (const auto& h : me.path) out << hex::formatOffset(h) << " ";
        } else {
            out << " LOC NO: " << problemText(me.problem);
            if (!me.cutAt.empty()) {
                out << " at";
                for (const auto& h : me.cutAt) out << " " << hex::formatOffset(h);
            }
        }
        out << "\n";
    }
    return out.str();
}

std::string supplyJson(const db::CampaignStore& store, const std::string& side) {
    return supplyDocument(view::supplyReport(store, side)).dump(2);
}

std::string supplyText(const db::CampaignStore& store, const std::string& side) {
    const auto r = view::supplyReport(store, side);
    std::ostringstream out;
    out << "Supply of " << side << ", week " << r.week << " (" << r.season << ")\n";
    out << "Sources held:\n";
    if (r.sources.empty()) out << "  none\n";
    for (const auto& src : r.sources) {
        out << "  " << std::left << std::setw(26) << src.name << std::right << std::setw(5) << src.weeklyValue << " SP"
            << (src.rolled ? "" : " (value not rolled yet)");
        if (!src.drawnOnBy.empty()) {
            out << "  drawn on by:";
            for (const auto& d : src.drawnOnBy) out << " " << d.me << (d.canDraw ? "" : " (no LOC)");
        }
        out << "\n";
    }
    if (!r.foraging.empty()) {
        out << "Foraging:\n";
        for (const auto& f : r.foraging)
            out << "  " << f.me << ": " << f.forageDaysLastWeek << " day(s) last week, " << f.forageDaysThisWeek << " this week\n";
    }
    out << "This week's ledger:\n";
    if (r.ledger.empty()) out << "  nothing yet (the supply phase W3 has not run this week)\n";
    for (const auto& l : r.ledger) {
        out << "  " << std::left << std::setw(14) << l.kind << std::right << std::setw(6) << l.points << "  " << l.source << " "
            << l.me << " " << l.unit;
        if (l.figures > 0) out << " (" << l.figures << " figures)";
        if (!l.note.empty()) out << " " << l.note;
        out << "\n";
    }
    out << "Balance: " << r.balance << " SP\n";
    return out.str();
}

}  // namespace etatmajor::engine
