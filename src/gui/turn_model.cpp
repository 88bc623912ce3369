#include "turn_model.hpp"

#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/orders_xml.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <map>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

namespace etatmajor::gui {

using nlohmann::json;

namespace {

std::string str(const json& j, const char* key) {
    const auto it = j.find(key);
    if (it == j.end() || it->is_null()) return {};
    if (it->is_string()) return it->get<std::string>();
    return it->dump();
}

int num(const json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<int>() : 0;
}

std::vector<hex::Offset> offsets(const json& list) {
    std::vector<hex::Offset> out;
    if (!list.is_array()) return out;
    for (const auto& h : list)
        if (h.is_string())
            if (auto o = hex::parseOffset(h.get<std::string>())) out.push_back(*o);
    return out;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string capitalised(std::string s) {
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    std::replace(s.begin(), s.end(), '_', ' ');
    return s;
}

json parse(const std::string& text, const char* what) {
    try {
        return json::parse(text);
    } catch (const json::exception& e) {
        throw std::runtime_error(std::string("cannot read the ") + what + ": " + e.what());
    }
}

}  // namespace

SideView SideView::fromStatusJson(const std::string& text) {
    const json doc = parse(text, "campaign status");
    SideView v;
    const json& c = doc.value("campaign", json::object());
    v.campaignName = str(c, "name");
    v.week = num(c, "week");
    v.day = num(c, "day");
    v.phase = str(c, "phase");
    const std::string viewer = str(doc, "view");
    v.viewer = viewer == "host" ? "" : viewer;
    if (c.contains("weather")) {
        const json& w = c["weather"];
        v.weather = WeatherInfo{num(w, "week"), num(w, "day"), num(w, "daylightTurns"), str(w, "weather"), str(w, "windFrom")};
    }
    for (const auto& s : doc.value("sides", json::array())) {
        SideSummary side;
        side.id = str(s, "id");
        side.name = str(s, "name");
        side.known = s.contains("mes");
        if (s.contains("vcs")) {
            const json& x = s["vcs"];
            side.vcs = VcsInfo{num(x, "baseline"), num(x, "pointsLost"), num(x, "pointsReplaced"), num(x, "defeatThreshold")};
        }
        for (const auto& m : s.value("mes", json::array())) {
            MeInfo me;
            me.id = str(m, "id");
            me.label = str(m, "label");
            me.hex = str(m, "hex");
            me.offset = hex::parseOffset(me.hex);
            me.mode = str(m, "mode");
            me.supplySource = str(m, "supplySource");
            me.commander = str(m, "commander");
            me.points = num(m, "points");
            me.stands = num(m, "stands");
            me.figures = num(m, "figures");
            me.entering = m.contains("entering");
            for (const auto& g : m.value("generals", json::array()))
                me.generals.push_back({str(g, "id"), str(g, "name"), str(g, "rank"), str(g, "rating"), str(g, "status")});
            for (const auto& u : m.value("units", json::array())) {
                UnitInfo unit{str(u, "id"), str(u, "name"), str(u, "nationality"), str(u, "type"), num(u, "class"),
                              num(u, "stands"), num(u, "figures"), num(u, "figuresOriginal"), {}};
                for (const auto& g : u.value("guns", json::array()))
                    unit.guns += (unit.guns.empty() ? "" : ", ") + std::to_string(num(g, "stands")) + " " + str(g, "calibre");
                me.units.push_back(std::move(unit));
            }
            side.mes.push_back(std::move(me));
        }
        for (const auto& k : s.value("counters", json::array())) {
            CounterInfo counter;
            counter.hex = str(k, "hex");
            counter.offset = hex::parseOffset(counter.hex);
            counter.label = str(k, "label");
            counter.faceDown = k.value("faceDown", true);
            side.counters.push_back(std::move(counter));
        }
        for (const auto& u : s.value("urbanAreasControlled", json::array())) side.urbanControlled.push_back(str(u, "name"));
        v.sides.push_back(std::move(side));
    }
    // The viewing side first.
    std::stable_partition(v.sides.begin(), v.sides.end(), [&](const SideSummary& s) { return s.id == v.viewer; });
    return v;
}

const MeInfo* SideView::me(const std::string& id) const {
    for (const auto& s : sides)
        for (const auto& m : s.mes)
            if (m.id == id) return &m;
    return nullptr;
}

std::vector<const MeInfo*> SideView::allMes() const {
    std::vector<const MeInfo*> out;
    for (const auto& s : sides)
        for (const auto& m : s.mes) out.push_back(&m);
    return out;
}

const SideSummary* SideView::side(const std::string& id) const {
    for (const auto& s : sides)
        if (s.id == id) return &s;
    return nullptr;
}

std::vector<LocInfo> parseLocJson(const std::string& text) {
    const json doc = parse(text, "LOC report");
    std::vector<LocInfo> out;
    for (const auto& m : doc.value("mes", json::array())) {
        LocInfo l;
        l.me = str(m, "me");
        l.label = str(m, "label");
        l.supplySource = str(m, "supplySource");
        l.supplySourceName = str(m, "supplySourceName");
        l.problem = str(m, "problem");
        l.viaMe = str(m, "viaMe");
        l.loc = m.value("loc", false);
        l.path = offsets(m.value("path", json::array()));
        l.cutAt = offsets(m.value("cutAt", json::array()));
        out.push_back(std::move(l));
    }
    return out;
}

std::vector<SourceInfo> parseSupplyJson(const std::string& text) {
    const json doc = parse(text, "supply report");
    std::vector<SourceInfo> out;
    for (const auto& s : doc.value("sources", json::array())) {
        SourceInfo src;
        src.id = str(s, "id");
        src.name = str(s, "name");
        src.size = str(s, "size");
        src.rolled = s.value("rolled", false);
        src.destroyed = s.value("destroyed", false);
        src.weeklyValue = num(s, "weeklyValue");
        for (const auto& d : s.value("drawnOnBy", json::array())) src.drawnOnBy.push_back(str(d, "me"));
        out.push_back(std::move(src));
    }
    return out;
}

std::string RollInfo::line() const {
    std::ostringstream o;
    o << "#" << seq << "  W" << week;
    if (day > 0) o << " D" << day;
    o << " " << phase << "  " << purpose;
    if (!subject.empty()) o << " [" << subject << "]";
    o << ": " << dice << " " << faces << " = " << result;
    if (!effect.empty()) o << " \u2192 " << effect;
    if (!rule.empty()) o << "  (" << rule << ")";
    return o.str();
}

std::vector<RollInfo> parseRollLog(const std::string& text) {
    const json doc = parse(text, "event log");
    std::vector<RollInfo> out;
    const json& list = doc.is_array() ? doc : doc.value("rolls", json::array());
    for (const auto& r : list) {
        RollInfo roll;
        roll.seq = num(r, "seq");
        roll.week = num(r, "week");
        roll.day = num(r, "day");
        roll.result = num(r, "result");
        roll.phase = str(r, "phase");
        roll.subject = str(r, "subject");
        roll.purpose = str(r, "purpose");
        roll.rule = str(r, "rule");
        roll.dice = str(r, "dice");
        roll.effect = str(r, "effect");
        std::string faces;
        for (const auto& f : r.value("faces", json::array())) faces += (faces.empty() ? "" : " ") + f.dump();
        roll.faces = "[" + faces + "]";
        out.push_back(std::move(roll));
    }
    return out;
}

std::vector<RollInfo> filterRolls(const std::vector<RollInfo>& rolls, const std::string& text, const std::string& phase) {
    const std::string needle = lower(text);
    std::vector<RollInfo> out;
    for (const auto& r : rolls) {
        if (!phase.empty() && r.phase != phase) continue;
        if (!needle.empty() && lower(r.line()).find(needle) == std::string::npos) continue;
        out.push_back(r);
    }
    return out;
}

std::string phaseBarText(const SideView& view, const view::PhasePreview& next) {
    std::ostringstream o;
    o << "Week " << next.week << ", day " << next.day;
    if (next.ended) {
        o << " \u00b7 the campaign is over";
        return o.str();
    }
    o << " \u00b7 next: " << next.phase << " " << next.title;
    if (view.weather && view.weather->week == next.week && view.weather->day == next.day) {
        o << " \u00b7 " << capitalised(view.weather->weather) << ", wind from the " << view.weather->windFrom << " \u00b7 "
          << view.weather->daylightTurns << " daylight turns";
    } else {
        o << " \u00b7 weather not yet rolled today";
    }
    return o.str();
}

std::string nextPhaseDescription(const view::PhasePreview& next) {
    if (next.ended) return "The campaign is over: there is no phase left to run.";
    std::ostringstream o;
    o << "Next phase " << next.phase << " (" << next.title << ") " << next.action << ".";
    if (!next.missing.empty()) {
        o << "\nIt cannot run yet:";
        for (const auto& m : next.missing) o << "\n  \u2022 " << m;
    } else if (!next.sidesWithoutOrders.empty()) {
        o << "\nToday's orders still missing from: ";
        for (std::size_t i = 0; i < next.sidesWithoutOrders.size(); ++i)
            o << (i ? ", " : "") << next.sidesWithoutOrders[i];
        o << " (needed before D2).";
    }
    return o.str();
}

std::string formatPath(const std::vector<hex::Offset>& path) {
    std::string out;
    for (const auto& o : path) out += (out.empty() ? "" : " ") + hex::formatOffset(o);
    return out;
}

std::optional<std::vector<hex::Offset>> parsePath(const std::string& text, std::string& error) {
    std::vector<hex::Offset> out;
    std::istringstream in(text);
    std::string word;
    int n = 0;
    while (in >> word) {
        ++n;
        while (!word.empty() && (word.back() == ';')) word.pop_back();
        const auto o = hex::parseOffset(word);
        if (!o) {
            error = "path entry " + std::to_string(n) + " ('" + word + "') is not a hex written col,row";
            return std::nullopt;
        }
        out.push_back(*o);
    }
    return out;
}

std::vector<hex::Offset> clickRoute(const std::vector<hex::Offset>& route, hex::Offset start, hex::Offset clicked) {
    std::vector<hex::Offset> out = route;
    if (clicked == start) return {};
    for (std::size_t i = 0; i < out.size(); ++i)
        if (out[i] == clicked) {
            // The last hex again takes it back; an earlier one cuts the route after it.
            out.resize(i + 1 == out.size() ? i : i + 1);
            return out;
        }
    out.push_back(clicked);
    return out;
}

// ---- the map's outline --------------------------------------------------------------------------------------

std::vector<std::vector<hex::Point>> mapOutline(const map::Map& map) {
    const hex::Layout layout(map.metadata().orientation, {1.0, 1.0});
    // Corners are matched by their position, to a thousandth of the hex size.
    using Key = std::pair<long long, long long>;
    const auto key = [](hex::Point p) { return Key{std::llround(p.x * 1000.0), std::llround(p.y * 1000.0)}; };
    std::map<Key, std::pair<hex::Point, hex::Point>> next;  // edge start -> (start, end), going round each hex
    const auto offsets = map.offsets();
    for (int row = 0; row < map.height(); ++row)
        for (int col = 0; col < map.width(); ++col) {
            const hex::Hex h = offsets.toHex({col, row});
            const hex::Point c = layout.toPixel(h);
            const auto corners = layout.corners(h);
            for (std::size_t k = 0; k < corners.size(); ++k) {
                const hex::Point a = corners[k];
                const hex::Point b = corners[(k + 1) % corners.size()];
                // The hex across this edge: the centre mirrored through the edge's middle.
                const hex::Point across{a.x + b.x - c.x, a.y + b.y - c.y};
                if (!map.contains(layout.hexAt(across))) next[key(a)] = {a, b};
            }
        }
    std::vector<std::vector<hex::Point>> loops;
    while (!next.empty()) {
        std::vector<hex::Point> loop;
        auto it = next.begin();
        const Key first = it->first;
        for (;;) {
            const auto [a, b] = it->second;
            loop.push_back(a);
            next.erase(it);
            const Key k = key(b);
            if (k == first) break;
            it = next.find(k);
            if (it == next.end()) break;  // not closed: cannot happen for whole hexes
        }
        loops.push_back(std::move(loop));
    }
    return loops;
}

// ---- drafts of today's orders -------------------------------------------------------------------------------

std::string draftPath(const std::string& dbPath, const std::string& side) {
    std::string name;
    for (const char c : side)
        name += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
    return dbPath + ".draft-" + name + ".xml";
}

void saveDraft(const std::string& dbPath, const campaign::OrdersFile& draft) {
    io::writeFileAtomically(draftPath(dbPath, draft.side), io::writeOrdersString(draft));
}

std::optional<campaign::OrdersFile> loadDraft(const std::string& dbPath, const std::string& side, int week, int day) {
    const std::string path = draftPath(dbPath, side);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return std::nullopt;
    try {
        campaign::OrdersFile file = io::readOrdersFile(path);
        if (file.side != side || file.week != week || file.day != day) return std::nullopt;
        return file;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

void removeDraft(const std::string& dbPath, const std::string& side) {
    std::error_code ec;
    std::filesystem::remove(draftPath(dbPath, side), ec);
}

campaign::OrdersFile mergeDraft(const campaign::OrdersFile& templ, const campaign::OrdersFile& saved,
                                std::size_t* restored) {
    campaign::OrdersFile out = templ;
    std::size_t taken = 0;
    // Orders compared as the orders file writes them, every field included.
    const auto text = [&](const campaign::Order& o) {
        campaign::OrdersFile one;
        one.side = templ.side;
        one.week = templ.week;
        one.day = templ.day;
        one.orders.push_back(o);
        return io::writeOrdersString(one);
    };
    if (saved.side == templ.side && saved.week == templ.week && saved.day == templ.day) {
        for (auto& order : out.orders)
            for (const auto& s : saved.orders)
                if (s.me == order.me) {
                    if (text(s) != text(order)) ++taken;
                    order = s;
                    break;
                }
        for (auto& decoy : out.decoys)
            for (const auto& d : saved.decoys)
                if (d.id == decoy.id) {
                    decoy = d;
                    break;
                }
    }
    if (restored) *restored = taken;
    return out;
}

}  // namespace etatmajor::gui
