// SPDX-License-Identifier: GPL-3.0-or-later
// The side's view from the JSON the server (and `status --json`) renders it in: the inverse of view::statusJson, so
// that a client hands its caller the same typed view the core builds locally (docs/server.md).
#include "etatmajor/client/client.hpp"

#include <nlohmann/json.hpp>

namespace etatmajor::client {

using nlohmann::json;

namespace {

std::string str(const json& j, const char* key) {
    return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}
int num(const json& j, const char* key) { return j.contains(key) && j[key].is_number_integer() ? j[key].get<int>() : 0; }
bool flag(const json& j, const char* key) { return j.contains(key) && j[key].is_boolean() && j[key].get<bool>(); }
const json& list(const json& j, const char* key) {
    static const json empty = json::array();
    return j.contains(key) && j[key].is_array() ? j[key] : empty;
}
hex::Offset offsetOf(const std::string& text) { return hex::parseOffset(text).value_or(hex::Offset{}); }

view::IntelView intelOf(const json& j) {
    view::IntelView i;
    i.week = num(j, "week");
    i.day = num(j, "day");
    i.intelCase = str(j, "case");
    i.detail = str(j, "detail");
    i.mode = str(j, "mode");
    for (const auto& r : list(j, "reported")) i.reported.push_back({str(r, "kind"), str(r, "nationality"), num(r, "count")});
    return i;
}

}  // namespace

view::SideView sideViewFromJson(const std::string& text) {
    const auto doc = json::parse(text, nullptr, false);
    if (!doc.is_object() || !doc.contains("campaign") || !doc["campaign"].is_object())
        throw ClientError(0, "SERVER-ANSWER", "the server's status is not the JSON it should be");
    view::SideView v;
    const std::string who = str(doc, "view");
    v.viewer = who == "host" ? view::Viewer::host() : view::Viewer::ofSide(who);
    const auto& c = doc["campaign"];
    auto& h = v.campaign;
    h.id = str(c, "id");
    h.name = str(c, "name");
    h.theatre = str(c, "theatre");
    h.year = num(c, "year");
    h.week = num(c, "week");
    h.day = num(c, "day");
    h.phase = str(c, "phase");
    h.lengthWeeks = num(c, "lengthWeeks");
    h.startSeason = str(c, "startSeason");
    h.seasonWeek = num(c, "seasonWeek");
    h.startDate = str(c, "startDate");
    h.map = str(c, "map");
    h.ended = flag(c, "ended");
    h.winner = str(c, "winner");
    h.endReason = str(c, "endReason");
    h.season = str(c, "season");
    if (c.contains("seed") && c["seed"].is_number_unsigned()) h.seed = c["seed"].get<std::uint64_t>();
    if (c.contains("weather") && c["weather"].is_object()) {
        const auto& w = c["weather"];
        view::WeatherView wv;
        wv.week = num(w, "week");
        wv.day = num(w, "day");
        wv.weather = str(w, "weather");
        wv.windFrom = str(w, "windFrom");
        wv.daylightTurns = num(w, "daylightTurns");
        for (const auto& r : list(w, "regions")) wv.regions.push_back({str(r, "region"), str(r, "weather")});
        h.weather = wv;
    }
    for (const auto& s : list(doc, "sides")) {
        view::SideSummaryView sv;
        sv.id = str(s, "id");
        sv.name = str(s, "name");
        sv.hasInitiative = flag(s, "hasInitiative");
        sv.known = s.contains("mes");
        if (sv.known) {
            sv.nationalities = str(s, "nationalities");
            sv.pointsLimit = num(s, "pointsLimit");
            if (s.contains("vcs") && s["vcs"].is_object()) {
                const auto& vc = s["vcs"];
                view::VcsView vcs;
                vcs.baseline = num(vc, "baseline");
                vcs.pointsLost = num(vc, "pointsLost");
                vcs.pointsReplaced = num(vc, "pointsReplaced");
                vcs.defeatThreshold = num(vc, "defeatThreshold");
                for (const auto& p : list(vc, "history"))
                    vcs.history.push_back({num(p, "week"), num(p, "value"), num(p, "pointsLost"), num(p, "objectivesValue"),
                                           num(p, "supplyValue"), flag(p, "defeated")});
                sv.vcs = vcs;
            }
            sv.decoysPerWeek = num(s, "decoysPerWeek");
            for (const auto& p : list(s, "players")) sv.players.push_back({str(p, "id"), str(p, "name"), str(p, "role")});
            for (const auto& l : list(s, "locEntries"))
                sv.locEntries.push_back({str(l, "kind"), str(l, "hex"), str(l, "name"), str(l, "closedBy")});
            for (const auto& m : list(s, "mes")) {
                view::MeView me;
                me.id = str(m, "id");
                me.label = str(m, "label");
                me.hex = str(m, "hex");
                me.offset = offsetOf(me.hex);
                me.mode = str(m, "mode");
                me.supplySource = str(m, "supplySource");
                me.commander = str(m, "commander");
                me.points = num(m, "points");
                me.stands = num(m, "stands");
                me.figures = num(m, "figures");
                if (m.contains("entering") && m["entering"].is_object()) {
                    me.entering = true;
                    me.enteringLoc = str(m["entering"], "loc");
                    me.marchOrder = num(m["entering"], "marchOrder");
                }
                for (const auto& g : list(m, "generals"))
                    me.generals.push_back({str(g, "id"), str(g, "name"), str(g, "rank"), str(g, "rating"), str(g, "status")});
                for (const auto& u : list(m, "units")) {
                    view::UnitView uv;
                    uv.id = str(u, "id");
                    uv.name = str(u, "name");
                    uv.nationality = str(u, "nationality");
                    uv.type = str(u, "type");
                    uv.unitClass = num(u, "class");
                    uv.stands = num(u, "stands");
                    uv.figures = num(u, "figures");
                    uv.figuresOriginal = num(u, "figuresOriginal");
                    uv.shaken = flag(u, "shaken");
                    uv.detachedAt = str(u, "detachedAt");
                    for (const auto& g : list(u, "guns")) uv.guns.push_back({str(g, "calibre"), num(g, "stands")});
                    me.units.push_back(std::move(uv));
                }
                sv.mes.push_back(std::move(me));
            }
            for (const auto& d : list(s, "decoys")) sv.decoys.push_back({str(d, "id"), str(d, "hex"), str(d, "designated")});
            for (const auto& a : list(s, "arrivals"))
                sv.arrivals.push_back({str(a, "id"), str(a, "label"), str(a, "hex"), num(a, "week")});
        } else {
            for (const auto& k : list(s, "counters")) {
                view::CounterView cv;
                cv.hex = str(k, "hex");
                cv.offset = offsetOf(cv.hex);
                cv.faceDown = flag(k, "faceDown");
                cv.inSight = flag(k, "inSight");
                cv.label = str(k, "label");
                if (k.contains("intel") && k["intel"].is_object()) cv.intel = intelOf(k["intel"]);
                sv.counters.push_back(std::move(cv));
            }
            for (const auto& k : list(s, "lastSeen")) {
                view::LastSeenView lv;
                lv.hex = str(k, "hex");
                lv.offset = offsetOf(lv.hex);
                lv.week = num(k, "week");
                lv.day = num(k, "day");
                lv.label = str(k, "label");
                sv.lastSeen.push_back(std::move(lv));
            }
        }
        for (const auto& u : list(s, "urbanAreasControlled")) sv.urbanControlled.push_back({str(u, "id"), str(u, "name")});
        v.sides.push_back(std::move(sv));
    }
    for (const auto& o : list(doc, "objectives")) {
        view::ObjectiveView ov;
        ov.id = str(o, "id");
        ov.name = str(o, "name");
        ov.kind = str(o, "kind");
        ov.hex = str(o, "hex");
        ov.value = num(o, "value");
        ov.assignedTo = str(o, "assignedTo");
        ov.writtenBy = str(o, "writtenBy");
        ov.controller = str(o, "controller");
        v.objectives.push_back(std::move(ov));
    }
    for (const auto& f : list(doc, "finalResult"))
        v.finalResult.push_back({str(f, "side"), num(f, "week"), num(f, "baseline"), num(f, "pointsLost"), num(f, "objectivesValue"),
                                 num(f, "supplyValue"), num(f, "value"), flag(f, "defeated")});
    for (const auto& seen : list(doc, "seenHexes"))
        if (seen.is_string())
            if (const auto o = hex::parseOffset(seen.get<std::string>())) v.seenHexes.push_back(*o);
    if (doc.contains("optionsChanged") && doc["optionsChanged"].is_object())
        for (const auto& [k, val] : doc["optionsChanged"].items())
            v.optionsChanged.emplace_back(k, val.is_string() ? val.get<std::string>() : val.dump());
    return v;
}

view::SideView Connection::status() { return sideViewFromJson(view("status", true)); }

view::SupplyReport supplyReportFromJson(const std::string& text) {
    const auto doc = json::parse(text, nullptr, false);
    if (!doc.is_object() || !doc.contains("sources") || !doc["sources"].is_array())
        throw ClientError(0, "SERVER-ANSWER", "the server's supply report is not the JSON it should be");
    view::SupplyReport r;
    r.week = num(doc, "week");
    r.side = str(doc, "side");
    r.season = str(doc, "season");
    r.multiplier = str(doc, "multiplier");
    r.balance = num(doc, "balance");
    for (const auto& s : list(doc, "sources")) {
        view::SourceView src;
        src.id = str(s, "id");
        src.name = str(s, "name");
        src.size = str(s, "size");
        src.rolled = flag(s, "rolled");
        src.weeklyValue = num(s, "weeklyValue");
        src.combatHalvings = num(s, "combatHalvings");
        src.destroyed = flag(s, "destroyed");
        for (const auto& d : list(s, "drawnOnBy")) src.drawnOnBy.push_back({str(d, "me"), str(d, "label"), flag(d, "canDraw")});
        r.sources.push_back(std::move(src));
    }
    for (const auto& f : list(doc, "foraging"))
        r.foraging.push_back({str(f, "me"), str(f, "mode"), num(f, "forageDaysThisWeek"), num(f, "forageDaysLastWeek")});
    for (const auto& l : list(doc, "ledger"))
        r.ledger.push_back(
            {str(l, "kind"), str(l, "source"), str(l, "me"), str(l, "unit"), str(l, "note"), num(l, "figures"), num(l, "points")});
    return r;
}

view::SupplyReport Connection::supply() { return supplyReportFromJson(view("supply", true)); }

}  // namespace etatmajor::client
