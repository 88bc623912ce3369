// SPDX-License-Identifier: GPL-3.0-or-later
// The papers of one side (issue 7). Every figure comes from the per-side views the command line prints
// (view::statusJson for the side, engine::locJson, engine::supplyJson, engine::ordersJson, engine::ordersTemplate),
// so a paper never shows what the side may not know. The roster adds the formation names of the side's own units.
#include "etatmajor/report/papers.hpp"

#include "compose.hpp"
#include "map_draw.hpp"
#include "view.hpp"

#include "etatmajor/campaign/phase.hpp"
#include "etatmajor/campaign/state.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"
#include "engine/orders_db.hpp"
#include "etatmajor/engine/reports.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/io/orders_xml.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cmath>
#include <map>

namespace etatmajor::report {
namespace {

using nlohmann::ordered_json;
using namespace compose;
using namespace detail;

Colour sideColour(const std::string& side) {
    std::string s = side;
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (s.find("brit") != std::string::npos || s.find("crown") != std::string::npos) return {0.70, 0.13, 0.13};
    return {0.13, 0.27, 0.56};
}

}  // namespace

namespace detail {

View load(const db::CampaignStore& store, const std::string& side) {
    View v;
    v.status = ordered_json::parse(view::statusJson(store, view::Viewer::ofSide(side)));
    v.side = side;
    const auto& c = v.status["campaign"];
    v.campaignName = c.value("name", "");
    v.week = c.value("week", 0);
    v.day = c.value("day", 0);
    v.lengthWeeks = c.value("lengthWeeks", 0);
    v.phase = c.value("phase", "");
    v.season = c.value("season", "");
    v.startDate = c.value("startDate", "");
    if (c.value("ended", false)) {
        // After the last week the pointer stands on the week after it: the papers speak of the last week played.
        v.week = std::min(v.week, v.lengthWeeks);
        v.phase = "campaign over";
    }
    for (const auto& s : v.status["sides"]) {
        if (s["id"] == side) {
            v.own = s;
            v.sideName = s.value("name", side);
        } else {
            v.enemy = s;
        }
    }
    v.map = store.loadMap();
    v.ownColour = sideColour(side);
    v.enemyColour = v.enemy.is_object() ? sideColour(v.enemy.value("id", "")) : Colour{0.4, 0.4, 0.4};
    if (v.enemyColour.r == v.ownColour.r) v.enemyColour = {0.35, 0.35, 0.38};
    return v;
}

std::string str(const ordered_json& j, const char* key) {
    if (!j.is_object() || !j.contains(key) || j[key].is_null()) return {};
    if (j[key].is_string()) return j[key].get<std::string>();
    return j[key].dump();
}

std::string pretty(std::string s) {
    std::replace(s.begin(), s.end(), '_', ' ');
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
}

std::string subtitle(const View& v) {
    return v.sideName + "\nWeek " + std::to_string(v.week) + " of " + std::to_string(v.lengthWeeks) + " \u00b7 Day " +
           std::to_string(v.day) + " \u00b7 phase " + v.phase;
}
std::string footer(const View& v) { return "Etat-Major \u00b7 " + v.campaignName + " \u00b7 for the eyes of " + v.sideName + " only"; }

}  // namespace detail

namespace {

// §8.3 receipt as a person reads it: "not received", "tardy (half movement)", "received".
std::string receiptWords(const std::string& r) {
    if (r == "not_received") return "not received";
    if (r == "tardy") return "tardy, half movement";
    std::string out = r;
    std::replace(out.begin(), out.end(), '_', ' ');
    return out;
}

// "road_track_navriver" -> "road, track, navigable river"
std::string media(std::string s) {
    std::string out;
    std::size_t start = 0;
    while (start <= s.size()) {
        const auto end = std::min(s.find('_', start), s.size());
        std::string part = s.substr(start, end - start);
        if (part == "navriver") part = "navigable river";
        if (!part.empty()) out += (out.empty() ? "" : ", ") + part;
        start = end + 1;
    }
    return out;
}

std::string joined(const ordered_json& arr, const std::string& sep) {
    std::string out;
    for (const auto& e : arr) {
        if (!out.empty()) out += sep;
        out += e.is_string() ? e.get<std::string>() : e.dump();
    }
    return out;
}

std::optional<hex::Hex> hexOf(const map::Map& m, const std::string& text) {
    const auto o = hex::parseOffset(text);
    if (!o) return std::nullopt;
    return m.offsets().toHex(*o);
}

std::vector<hex::Hex> hexesOf(const map::Map& m, const ordered_json& arr, std::optional<hex::Hex> start = std::nullopt) {
    std::vector<hex::Hex> out;
    if (start) out.push_back(*start);
    for (const auto& e : arr)
        if (e.is_string())
            if (const auto h = hexOf(m, e.get<std::string>())) out.push_back(*h);
    return out;
}

// Own MEs numbered in the order of the side's status, as on the map counters.
std::map<std::string, int> meNumbers(const View& v) {
    std::map<std::string, int> n;
    int i = 0;
    for (const auto& me : v.own["mes"]) n[me.value("id", "")] = ++i;
    return n;
}

mapdraw::Marks sideMarks(const View& v) {
    mapdraw::Marks marks;
    const auto numbers = meNumbers(v);
    for (const auto& me : v.own["mes"])
        if (const auto h = hexOf(v.map, str(me, "hex")))
            marks.counters.push_back({*h, std::to_string(numbers.at(me.value("id", ""))), true});
    if (v.enemy.is_object())
        for (const auto& c : v.enemy["counters"])
            if (const auto h = hexOf(v.map, str(c, "hex")))
                marks.counters.push_back({*h, c.value("faceDown", true) ? std::string("?") : str(c, "label"), false});
    return marks;
}

// ---------------------------------------------------------------------------------------------------------------
// Order sheets

// The fields of one order sheet (§8.2: the rulebook's order sheet and what the orders file carries besides, the
// order of march, the scouts' behaviour on contact and marching to the guns). A blank form leaves all of them empty
// and prints the same boxes for the pen.
struct OrderFields {
    std::string meId, meNumber, label, turn, corps, division, brigade, mode, supply, loc, hexText, movement, action, extras,
        intentions, sourceNote, marchOrder;
    std::string onContact;            // observe, evade or engage (§8.6.4); empty: not ordered
    std::optional<bool> marchToGuns;  // §8.9; unset: not ordered
    std::optional<hex::Hex> hex;
    std::vector<hex::Hex> ordered, locPath;
};

const campaign::Mode kModes[] = {campaign::Mode::March,
                                 campaign::Mode::ForcedMarch,
                                 campaign::Mode::Forage,
                                 campaign::Mode::Reorganisation,
                                 campaign::Mode::Scouting,
                                 campaign::Mode::DeployedDefensive,
                                 campaign::Mode::DeployedOffensive,
                                 campaign::Mode::Breakoff};

void drawInset(Page& page, const View* v, const OrderFields& f, double x, double y, double w, double h) {
    page.elements.emplace_back(Box{x, y, w, h, Stroke{0.6, ink::rule}, std::nullopt});
    text(page, x + 3.5, y + 2, w - 7, 8, v ? "MAP INSET \u2014 HEX, ORDERED PATH AND LOC" : "MAP INSET \u2014 SKETCH THE ROUTE",
         Font{6, FontFace::Sans, true}, Align::Left, ink::label, false);
    const double ix = x + 4, iy = y + 12, iw = w - 8, ih = h - 16;
    const double size = 8.5;
    if (!v || !f.hex) {
        // A plain hex grid to sketch on.
        const hex::Layout layout(hex::Orientation::Pointy, {size, size}, {ix + iw / 2, iy + ih / 2});
        for (int q = -20; q <= 20; ++q)
            for (int r = -20; r <= 20; ++r) {
                const hex::Hex hx{q, r};
                bool in = true;
                Shape s;
                for (const auto& c : layout.corners(hx)) {
                    in = in && c.x >= ix && c.x <= ix + iw && c.y >= iy && c.y <= iy + ih;
                    s.points.push_back({c.x, c.y});
                }
                if (!in) continue;
                s.stroke = Stroke{0.3, ink::faint};
                page.elements.emplace_back(std::move(s));
            }
        return;
    }
    const hex::Layout base(v->map.metadata().orientation, {size, size});
    const auto c = base.toPixel(*f.hex);
    const hex::Layout layout(v->map.metadata().orientation, {size, size}, {ix + iw / 2 - c.x, iy + ih / 2 - c.y});
    mapdraw::Marks marks = sideMarks(*v);
    marks.focus = f.hex;
    if (f.ordered.size() > 1) marks.orderedPaths.push_back(f.ordered);
    if (f.locPath.size() > 1) marks.locPaths.push_back(f.locPath);
    mapdraw::draw(page, v->map, layout, {ix, iy, iw, ih, false, mapdraw::HexNumbers::None, 0, std::nullopt}, marks, v->ownColour,
                  v->enemyColour, true);
}

// A ruled box with a label and options to tick in a row; the chosen one (if any) ticked and set bold.
void tickField(Page& p, double x, double y, double w, double h, const std::string& label,
               const std::vector<std::pair<std::string, std::string>>& options, const std::string& chosen) {
    p.elements.emplace_back(Box{x, y, w, h, Stroke{0.6, ink::rule}, std::nullopt});
    text(p, x + 3.5, y + 2, w - 7, 8, label, Font{6, FontFace::Sans, true}, Align::Left, ink::label, false);
    const double ow = (w - 8) / static_cast<double>(options.size());
    for (std::size_t i = 0; i < options.size(); ++i) {
        const double bx = x + 5 + static_cast<double>(i) * ow, by = y + 14;
        p.elements.emplace_back(Box{bx, by, 8, 8, Stroke{0.6, ink::text}, std::nullopt});
        const bool on = options[i].first == chosen;
        if (on)
            p.elements.emplace_back(Shape{
                {{bx + 1.5, by + 4.2}, {bx + 3.4, by + 6.6}, {bx + 7.0, by + 1.2}}, false, Stroke{1.3, ink::text}, std::nullopt});
        text(p, bx + 11, by - 2, ow - 13, 12, options[i].second, Font{8, FontFace::Sans, on}, Align::Left, ink::text, true);
    }
}

void orderBlock(Sheet& sheet, const View* v, const OrderFields& f, double y0, double height) {
    auto& p = sheet.page();
    const double x = sheet.left(), w = sheet.width();
    // Title band.
    p.elements.emplace_back(Box{x, y0, w, 20, std::nullopt, ink::band});
    text(p, x + 6, y0, w * 0.7, 20, f.label.empty() ? "ORDER SHEET" : "ORDER SHEET \u2014 " + f.label, Font{11, FontFace::Serif, true},
         Align::Left, ink::white);
    text(p, x + w * 0.6, y0, w * 0.4 - 6, 20, f.meId.empty() ? "ME ____________" : "ME " + f.meNumber + " \u00b7 " + f.meId,
         Font{8.5, FontFace::Sans, true}, Align::Right, ink::white);
    double y = y0 + 24;
    const double rh = 29, g = 4;
    // Row 1: turn, corps, division, brigade / other.
    const double c1 = w * 0.16, c2 = (w - c1 - 3 * g) / 3;
    field(p, x, y, c1, rh, "TURN (WEEK / DAY)", f.turn);
    field(p, x + c1 + g, y, c2, rh, "CORPS", f.corps);
    field(p, x + c1 + c2 + 2 * g, y, c2, rh, "DIVISION", f.division);
    field(p, x + c1 + 2 * c2 + 3 * g, y, c2, rh, "BRIGADE / OTHER", f.brigade);
    y += rh + g;
    // Row 2: formation mode, ticked; two rows of four.
    const double modeH = 40;
    p.elements.emplace_back(Box{x, y, w, modeH, Stroke{0.6, ink::rule}, std::nullopt});
    text(p, x + 3.5, y + 2, w - 7, 8, "FORMATION MODE (TICK ONE)", Font{6, FontFace::Sans, true}, Align::Left, ink::label, false);
    const double mw = (w - 8) / 4;
    for (int i = 0; i < 8; ++i) {
        const double bx = x + 6 + (i % 4) * mw, by = y + 13 + (i / 4) * 13;
        p.elements.emplace_back(Box{bx, by, 8, 8, Stroke{0.6, ink::text}, std::nullopt});
        const std::string name(campaign::modeName(kModes[i]));
        if (name == f.mode) {
            p.elements.emplace_back(Shape{
                {{bx + 1.5, by + 4.2}, {bx + 3.4, by + 6.6}, {bx + 7.0, by + 1.2}}, false, Stroke{1.3, ink::text}, std::nullopt});
        }
        text(p, bx + 11, by - 2, mw - 14, 12, pretty(name), Font{8, FontFace::Sans, name == f.mode}, Align::Left, ink::text, true);
    }
    y += modeH + g;
    // Row 3: supply point, LOC, hex.
    const double s1 = w * 0.34, s2 = w * 0.44, s3 = w - s1 - s2 - 2 * g;
    field(p, x, y, s1, rh, "SUPPLY POINT", f.supply);
    field(p, x + s1 + g, y, s2, rh, "LINE OF COMMUNICATION", f.loc, 8.5);
    field(p, x + s1 + s2 + 2 * g, y, s3, rh, "PRESENT HEX", f.hexText);
    y += rh + g;
    // Row 4: movement or action.
    const double mvh = 40;
    p.elements.emplace_back(Box{x, y, w, mvh, Stroke{0.6, ink::rule}, std::nullopt});
    text(p, x + 3.5, y + 2, w - 7, 8, "MOVEMENT (HEXES IN ORDER) OR ACTION", Font{6, FontFace::Sans, true}, Align::Left, ink::label,
         false);
    if (!v || (f.movement.empty() && f.action.empty())) {
        // Nothing ordered yet: lines to write the route on.
        for (int i = 1; i <= 2; ++i) rule(p, x + 4, y + 12 + i * 12, x + w - 4, y + 12 + i * 12, 0.3, ink::faint);
        text(p, x + 3.5, y + 30, w - 7, 9, f.extras, Font{7.5, FontFace::Sans, false, true}, Align::Left, ink::label, true);
    } else {
        text(p, x + 3.5, y + 10, w - 7, 10, f.movement, Font{8.5, FontFace::Mono}, Align::Left, ink::text, true);
        text(p, x + 3.5, y + 20, w - 7, 10, f.action, Font{8.5, FontFace::Sans}, Align::Left, ink::text, true);
        text(p, x + 3.5, y + 30, w - 7, 9, f.extras, Font{7.5, FontFace::Sans, false, true}, Align::Left, ink::label, true);
    }
    y += mvh + g;
    // Row 5: the order of march (March and Forced March must state it, §5), what the ME's scouts do when they meet
    // the enemy (§8.6.4) and whether it marches to the sound of the guns (§8.9): the orders file's marchOrder,
    // onScoutContact and marchToGuns (§8.2, docs/formats/orders.md).
    const double o1 = w * 0.38, o2 = w * 0.34, o3 = w - o1 - o2 - 2 * g;
    field(p, x, y, o1, rh, "ORDER OF MARCH (LEADING UNIT FIRST)", f.marchOrder, 8);
    if (!v) rule(p, x + 4, y + rh - 6, x + o1 - 4, y + rh - 6, 0.3, ink::faint);
    tickField(p, x + o1 + g, y, o2, rh, "ON CONTACT (ITS SCOUTS MEET THE ENEMY)",
              {{"observe", "Observe"}, {"evade", "Evade"}, {"engage", "Engage"}}, f.onContact);
    tickField(p, x + o1 + o2 + 2 * g, y, o3, rh, "MARCH TO THE SOUND OF THE GUNS", {{"yes", "Yes"}, {"no", "No"}},
              f.marchToGuns ? (*f.marchToGuns ? "yes" : "no") : "");
    y += rh + g;
    // Intentions (handwriting space) beside the map inset.
    const double rest = y0 + height - y - 12;
    const double iw = w * 0.52;
    p.elements.emplace_back(Box{x, y, iw, rest, Stroke{0.6, ink::rule}, std::nullopt});
    text(p, x + 3.5, y + 2, iw - 7, 8, "INTENTIONS (IN THE COMMANDER'S OWN HAND)", Font{6, FontFace::Sans, true}, Align::Left,
         ink::label, false);
    for (double ly = y + 26; ly < y + rest - 4; ly += 16) rule(p, x + 5, ly, x + iw - 5, ly, 0.3, ink::faint);
    if (!f.intentions.empty()) {
        TextRun t;
        t.x = x + 6;
        t.y = y + 12;
        t.width = iw - 12;
        t.height = 46;
        t.text = f.intentions;
        t.font = Font{9, FontFace::Serif, false, true};
        t.wrap = true;
        p.elements.emplace_back(std::move(t));
    }
    drawInset(p, v, f, x + iw + g, y, w - iw - g, rest);
    text(p, x, y + rest + 1, w * 0.6, 10, f.sourceNote, Font{6.5, FontFace::Sans, false, true}, Align::Left, ink::label, true);
    text(p, x + w * 0.4, y + rest + 1, w * 0.6, 10,
         v ? "Signed: ______________________" : "Signed: ______________________   Received: ____________", Font{6.5, FontFace::Sans},
         Align::Right, ink::label, true);
}

void layOrderBlocks(Sheet& sheet, const View* v, const std::vector<OrderFields>& blocks) {
    const double gap = 14;
    const double h = (sheet.bottom() - sheet.top() - gap) / 2;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        if (i > 0 && i % 2 == 0) sheet.newPage();
        const double y0 = sheet.top() + static_cast<double>(i % 2) * (h + gap);
        if (i % 2 == 1)
            rule(sheet.page(), sheet.left(), y0 - gap / 2, sheet.left() + sheet.width(), y0 - gap / 2, 0.5, ink::rule, true);
        orderBlock(sheet, v, blocks[i], y0, h);
    }
}

Document orderSheets(const db::CampaignStore& store, const View& v, const PrintOptions& opts) {
    const auto tmpl = io::readOrdersString(engine::ordersTemplate(store, v.side), "template");
    const auto given = ordered_json::parse(engine::ordersJson(store, v.side));
    const auto loc = ordered_json::parse(engine::locJson(store, v.side));
    const std::string state = given.value("status", "not_given");
    const auto numbers = meNumbers(v);
    std::vector<OrderFields> blocks;
    for (const auto& me : v.own["mes"]) {
        OrderFields f;
        f.meId = me.value("id", "");
        f.meNumber = std::to_string(numbers.at(f.meId));
        f.label = me.value("label", f.meId);
        f.turn = "Week " + std::to_string(v.week) + " \u00b7 Day " + std::to_string(v.day);
        f.hexText = str(me, "hex");
        f.hex = hexOf(v.map, f.hexText);
        ordered_json order;
        for (const auto& o : given["orders"])
            if (o.value("me", "") == f.meId) order = o;
        std::string supplyId;
        // The formation fields are informative on the order: from the template when the order left them out.
        for (const auto& o : tmpl.orders)
            if (o.me == f.meId) {
                f.corps = o.corps;
                f.division = o.division;
                f.brigade = o.brigade;
            }
        if (order.is_object()) {
            if (!str(order, "corps").empty()) f.corps = str(order, "corps");
            if (!str(order, "division").empty()) f.division = str(order, "division");
            if (!str(order, "brigade").empty()) f.brigade = str(order, "brigade");
            f.mode = str(order, "mode");
            supplyId = str(order, "supply");
            // The day's route as given (§8.2): from where the ME stood when the order was given, which is no longer its
            // hex once the day's movement has been made. Orders given before the order recorded it start at the present
            // hex until the ME has moved (D4), and without a start after.
            std::string from = str(order, "from");
            const auto next = campaign::phaseFromId(v.phase);
            if (from.empty() && next && *next <= campaign::Phase::D4) from = f.hexText;
            f.ordered = hexesOf(v.map, order["path"], from.empty() ? std::nullopt : hexOf(v.map, from));
            f.movement = order["path"].empty()
                             ? "Holds its hex"
                             : (from.empty() ? std::string() : from + " \u2192 ") + joined(order["path"], " \u2192 ");
            std::string acts;
            for (const auto& a : order["actions"]) {
                if (!acts.empty()) acts += "; ";
                acts += pretty(str(a, "kind"));
                if (!str(a, "note").empty()) acts += " (" + str(a, "note") + ")";
            }
            f.action = "Action: " + (acts.empty() ? std::string("none") : acts);
            std::map<std::string, std::string> unitName;
            for (const auto& u : me["units"]) unitName[str(u, "id")] = str(u, "name");
            for (const auto& ref : order["marchOrder"]) {
                const std::string id = ref.is_string() ? ref.get<std::string>() : ref.dump();
                f.marchOrder += (f.marchOrder.empty() ? "" : ", ") + (unitName.count(id) ? unitName[id] : id);
            }
            f.onContact = str(order, "onScoutContact");
            f.marchToGuns = order.value("marchToGuns", false);
            f.intentions = str(order, "intentions");
            f.sourceNote = "The order given for today";
            if (order.contains("receipt"))
                f.sourceNote += " \u00b7 receipt roll " + str(order["receipt"], "roll") +
                                (order["receipt"].value("modifier", 0) >= 0 ? "+" : "") + str(order["receipt"], "modifier") + " (" +
                                receiptWords(str(order["receipt"], "result")) + ")";
        } else {
            for (const auto& o : tmpl.orders)
                if (o.me == f.meId) {
                    f.corps = o.corps;
                    f.division = o.division;
                    f.brigade = o.brigade;
                    f.mode = o.mode ? std::string(campaign::modeName(*o.mode)) : "forage";
                    supplyId = o.supply;
                }
            f.movement = "";
            f.action = "";
            f.extras = state == "stand_fast" ? "The side stands fast today." : "";
            f.sourceNote = state == "stand_fast" ? "Standing fast today: current mode and supply"
                                                 : "No order given yet today: filled from the template (current mode and supply)";
        }
        if (supplyId.empty()) supplyId = str(me, "supplySource");
        for (const auto& l : loc["mes"])
            if (l.value("me", "") == f.meId) {
                f.supply = str(l, "supplySourceName");
                if (supplyId != str(l, "supplySource") || f.supply.empty()) f.supply = supplyId;
                f.locPath = hexesOf(v.map, l["path"]);
                const bool ok = l.value("loc", false);
                f.loc = ok ? "Open \u00b7 " + std::to_string(l["path"].size()) + (l["path"].size() == 1 ? " hex: " : " hexes: ") +
                                 joined(l["path"], " ")
                           : "CUT \u00b7 " + pretty(str(l, "problem")) + (l["cutAt"].empty() ? "" : " at " + joined(l["cutAt"], " "));
                if (!str(l, "viaMe").empty()) f.loc += " (via " + str(l, "viaMe") + ")";
            }
        if (f.supply.empty()) f.supply = supplyId;
        blocks.push_back(std::move(f));
    }
    Sheet sheet(opts.paper, "Order Sheets", subtitle(v), footer(v));
    if (blocks.empty()) {
        text(sheet.page(), sheet.left(), sheet.y, sheet.width(), 14, "The side has no ME on the map today.",
             Font{10, FontFace::Sans, false, true});
    }
    layOrderBlocks(sheet, &v, blocks);
    return sheet.finish();
}

Document blankOrders(const View& v, const PrintOptions& opts) {
    Sheet sheet(opts.paper, "Order Sheet", v.sideName + "\nblank form", footer(v));
    layOrderBlocks(sheet, nullptr, std::vector<OrderFields>(2));
    return sheet.finish();
}

// ---------------------------------------------------------------------------------------------------------------
// Supply summary

Document supplySummary(const db::CampaignStore& store, const View& v, const PrintOptions& opts) {
    const auto sup = ordered_json::parse(engine::supplyJson(store, v.side));
    const auto loc = ordered_json::parse(engine::locJson(store, v.side));
    Sheet sheet(opts.paper, "Supply Summary", subtitle(v), footer(v));
    auto& p = sheet.page();
    const double x = sheet.left(), w = sheet.width(), g = 4, fw = (w - 3 * g) / 4;
    field(p, x, sheet.y, fw, 28, "WEEK", std::to_string(sup.value("week", 0)));
    field(p, x + fw + g, sheet.y, fw, 28, "SEASON", pretty(str(sup, "season")));
    field(p, x + 2 * (fw + g), sheet.y, fw, 28, "URBAN VALUE MULTIPLIER", str(sup, "multiplier"));
    field(p, x + 3 * (fw + g), sheet.y, fw, 28, "BALANCE THIS WEEK", std::to_string(sup.value("balance", 0)) + " SP", 11);
    sheet.y += 36;

    sheet.heading("Sources held", "weekly value in supply points; who draws on each");
    std::vector<std::vector<std::string>> rows;
    for (const auto& s : sup["sources"]) {
        std::string drawers;
        for (const auto& d : s["drawnOnBy"]) {
            if (!drawers.empty()) drawers += ", ";
            drawers += str(d, "me") + (d.value("canDraw", true) ? "" : " (no LOC)");
        }
        rows.push_back({str(s, "name"), pretty(str(s, "size")),
                        s.value("rolled", false) ? std::to_string(s.value("weeklyValue", 0)) : "not rolled",
                        std::to_string(s.value("combatHalvings", 0)), s.value("destroyed", false) ? "destroyed" : "",
                        drawers.empty() ? "\u2014" : drawers});
    }
    table(sheet,
          {{"Source", 2.2},
           {"Size", 1},
           {"Value (SP)", 1, Align::Right},
           {"Halvings", 0.9, Align::Right},
           {"State", 1},
           {"Drawn on by", 4}},
          rows);

    sheet.heading("Lines of communication", "traced now along " + media(str(loc, "media")));
    rows.clear();
    for (const auto& l : loc["mes"]) {
        const bool ok = l.value("loc", false);
        rows.push_back({str(l, "me"), str(l, "hex"),
                        str(l, "supplySourceName").empty() ? str(l, "supplySource") : str(l, "supplySourceName"), ok ? "yes" : "NO",
                        joined(l["path"], " "),
                        ok ? "" : pretty(str(l, "problem")) + (l["cutAt"].empty() ? "" : " at " + joined(l["cutAt"], " "))});
    }
    table(sheet, {{"ME", 1.5}, {"Hex", 0.8}, {"Source", 1.5}, {"LOC", 0.6}, {"Path (hexes)", 4}, {"Cut / problem", 2}}, rows);

    sheet.heading("Foraging", "qualifying forage days");
    rows.clear();
    for (const auto& f : sup["foraging"])
        rows.push_back({str(f, "me"), pretty(str(f, "mode")), std::to_string(f.value("forageDaysLastWeek", 0)),
                        std::to_string(f.value("forageDaysThisWeek", 0))});
    table(sheet, {{"ME", 2}, {"Mode", 2}, {"Last week", 1, Align::Right}, {"This week", 1, Align::Right}}, rows);

    sheet.heading("This week's ledger",
                  sup["ledger"].empty() ? "the supply phase W3 has not run this week" : "income, replacements, grant, expired");
    rows.clear();
    for (const auto& l : sup["ledger"]) {
        std::string kind = pretty(str(l, "kind"));
        if (kind.rfind("Ua ", 0) == 0) kind = "Urban area " + kind.substr(3);
        rows.push_back({kind, std::to_string(l.value("points", 0)), str(l, "source"), str(l, "me"), str(l, "unit"),
                        l.value("figures", 0) > 0 ? std::to_string(l.value("figures", 0)) : "", str(l, "note")});
    }
    rows.push_back({"\tBalance", std::to_string(sup.value("balance", 0)) + " SP", "", "", "", "", ""});
    table(sheet,
          {{"Entry", 1.4},
           {"Points", 0.9, Align::Right},
           {"Source", 1.3},
           {"ME", 1.3},
           {"Unit", 1.3},
           {"Figures", 0.8, Align::Right},
           {"Note", 2.5}},
          rows);
    return sheet.finish();
}

// ---------------------------------------------------------------------------------------------------------------
// Weekly turn and supply summary

Document weeklySummary(const db::CampaignStore& store, const View& v, const PrintOptions& opts) {
    const auto sup = ordered_json::parse(engine::supplyJson(store, v.side));
    Sheet sheet(opts.paper, "Weekly Turn & Supply Summary", subtitle(v), footer(v));
    auto& p = sheet.page();
    const double x = sheet.left(), w = sheet.width(), g = 4, fw = (w - 4 * g) / 5;
    field(p, x, sheet.y, fw, 28, "WEEK", std::to_string(v.week) + " of " + std::to_string(v.lengthWeeks), 11);
    field(p, x + (fw + g), sheet.y, fw, 28, "DAY", std::to_string(v.day), 11);
    field(p, x + 2 * (fw + g), sheet.y, fw, 28, "PHASE", v.phase, 11);
    field(p, x + 3 * (fw + g), sheet.y, fw, 28, "SEASON", pretty(v.season), 11);
    field(p, x + 4 * (fw + g), sheet.y, fw, 28, "INITIATIVE", v.own.value("hasInitiative", false) ? "held" : "not held", 11);
    sheet.y += 36;

    std::vector<std::vector<std::string>> rows;
    if (v.status["campaign"].value("ended", false)) {
        // §12: the end of the campaign, who won and why, and every side's last VCS (no longer secret).
        const std::string winner = str(v.status["campaign"], "winner");
        std::string winnerName = winner;
        for (const auto& sd : v.status["sides"])
            if (str(sd, "id") == winner) winnerName = str(sd, "name");
        sheet.heading("The campaign is over", (winner.empty() ? std::string("a draw") : winnerName + " win") + " (" +
                                                  pretty(str(v.status["campaign"], "endReason")) + ")");
        for (const auto& f : v.status["finalResult"])
            rows.push_back({str(f, "side"), std::to_string(f.value("value", 0)), std::to_string(f.value("baseline", 0)),
                            std::to_string(f.value("pointsLost", 0)), std::to_string(f.value("objectivesValue", 0)),
                            std::to_string(f.value("supplyValue", 0)), f.value("defeated", false) ? "defeated" : ""});
        table(sheet,
              {{"Side", 1.6},
               {"Last VCS", 1, Align::Right},
               {"Baseline", 1, Align::Right},
               {"Points lost", 1, Align::Right},
               {"Objectives", 1, Align::Right},
               {"Supply", 1, Align::Right},
               {"", 1}},
              rows);
        rows.clear();
    }
    sheet.heading("Objectives", "as this side may see them");
    for (const auto& o : v.status["objectives"])
        rows.push_back({str(o, "name"), pretty(str(o, "kind")), str(o, "hex"), std::to_string(o.value("value", 0)),
                        str(o, "assignedTo"), str(o, "writtenBy"), str(o, "controller").empty() ? "\u2014" : str(o, "controller")});
    table(sheet,
          {{"Objective", 2},
           {"Kind", 1},
           {"Hex", 0.8},
           {"Value", 0.8, Align::Right},
           {"Assigned to", 1.2},
           {"Written by", 1.2},
           {"Held by", 1.2}},
          rows);

    sheet.heading("Depots and urban areas controlled");
    rows.clear();
    for (const auto& s : sup["sources"])
        rows.push_back({str(s, "name"), pretty(str(s, "size")),
                        s.value("rolled", false) ? std::to_string(s.value("weeklyValue", 0)) + " SP" : "not rolled",
                        std::to_string(s["drawnOnBy"].size())});
    for (const auto& u : v.own["urbanAreasControlled"]) {
        bool listed = false;
        for (const auto& s : sup["sources"]) listed = listed || str(s, "id") == str(u, "id");
        if (!listed) rows.push_back({str(u, "name"), "", "", ""});
    }
    table(sheet, {{"Place", 2.5}, {"Size", 1}, {"Weekly value", 1, Align::Right}, {"MEs drawing", 1, Align::Right}}, rows);

    sheet.heading("Lines of communication entries");
    rows.clear();
    for (const auto& e : v.own["locEntries"])
        rows.push_back({str(e, "name") + (str(e, "closedBy").empty() ? "" : " (closed: " + str(e, "closedBy") + ")"),
                        pretty(str(e, "kind")), str(e, "hex")});
    table(sheet, {{"Entry", 3}, {"Kind", 1}, {"Hex", 1}}, rows);

    const auto& vcs = v.own["vcs"];
    sheet.heading("Victory condition score", "secret from the other side");
    sheet.ensure(40);
    const double f4 = (w - 3 * g) / 4;
    field(sheet.page(), x, sheet.y, f4, 28, "BASELINE", str(vcs, "baseline"), 11);
    field(sheet.page(), x + (f4 + g), sheet.y, f4, 28, "POINTS LOST", str(vcs, "pointsLost"), 11);
    field(sheet.page(), x + 2 * (f4 + g), sheet.y, f4, 28, "POINTS REPLACED", str(vcs, "pointsReplaced"), 11);
    field(sheet.page(), x + 3 * (f4 + g), sheet.y, f4, 28, "DEFEAT THRESHOLD", str(vcs, "defeatThreshold"), 11);
    sheet.y += 36;
    rows.clear();
    for (const auto& h : vcs["history"])
        rows.push_back({std::to_string(h.value("week", 0)), std::to_string(h.value("value", 0)),
                        std::to_string(h.value("pointsLost", 0)), std::to_string(h.value("objectivesValue", 0)),
                        std::to_string(h.value("supplyValue", 0)), h.value("defeated", false) ? "yes" : "no"});
    table(sheet,
          {{"Week", 0.7, Align::Right},
           {"VCS", 1, Align::Right},
           {"Points lost", 1, Align::Right},
           {"Objectives", 1, Align::Right},
           {"Supply", 1, Align::Right},
           {"Defeated", 0.8}},
          rows);
    if (vcs["history"].empty())
        text(sheet.page(), x, sheet.y - 6, w, 12, "No week has been scored yet (the VCS is scored at the end of each week).",
             Font{7.5, FontFace::Sans, false, true}, Align::Left, ink::label);
    return sheet.finish();
}

// ---------------------------------------------------------------------------------------------------------------
// Order of battle roster

Document roster(const db::CampaignStore& store, const View& v, const PrintOptions& opts) {
    // Formation names of the side's own units only.
    const auto state = db::loadState(store);
    std::map<std::string, std::string> formationName, unitFormation;
    std::map<std::string, std::pair<int, int>> unitLosses;
    for (const auto& f : state.formations)
        if (f.side == v.side) formationName[f.id] = f.name;
    for (const auto& u : state.units)
        if (u.side == v.side) {
            unitFormation[u.id] = formationName.count(u.formation) ? formationName[u.formation] : u.formation;
            unitLosses[u.id] = {u.lostCombat, u.lostAttrition};
        }
    Sheet sheet(opts.paper, "Order of Battle", subtitle(v), footer(v));
    const auto numbers = meNumbers(v);
    int totalStands = 0, totalFigures = 0, totalOriginal = 0, totalPoints = 0;
    for (const auto& me : v.own["mes"]) {
        const std::string id = str(me, "id");
        sheet.ensure(90);
        auto& p = sheet.page();
        const double x = sheet.left(), w = sheet.width();
        sheet.y += 4;
        p.elements.emplace_back(Box{x, sheet.y, w, 18, std::nullopt, ink::band});
        text(p, x + 6, sheet.y, w * 0.7, 18, std::to_string(numbers.at(id)) + ". " + str(me, "label"), Font{10, FontFace::Serif, true},
             Align::Left, ink::white);
        text(p, x + w * 0.5, sheet.y, w * 0.5 - 6, 18,
             id + " \u00b7 hex " + str(me, "hex") + " \u00b7 " + pretty(str(me, "mode")) + " \u00b7 supply " + str(me, "supplySource"),
             Font{7.5, FontFace::Sans}, Align::Right, ink::white);
        sheet.y += 20;
        std::string gens;
        for (const auto& g : me["generals"]) {
            if (!gens.empty()) gens += "   \u00b7   ";
            gens += str(g, "name") + " (" + pretty(str(g, "rank")) + ", " + str(g, "rating") +
                    (str(g, "status") == "active" ? "" : ", " + str(g, "status")) + ")";
        }
        text(p, x + 2, sheet.y, w - 4, 13, "Generals: " + (gens.empty() ? std::string("none") : gens),
             Font{8, FontFace::Serif, false, true});
        sheet.y += 15;
        std::vector<std::vector<std::string>> rows;
        int stands = 0, figures = 0, original = 0;
        for (const auto& u : me["units"]) {
            const int fig = u.value("figures", 0), orig = u.value("figuresOriginal", 0);
            const auto losses = unitLosses[str(u, "id")];
            std::string lossText = std::to_string(orig - fig);
            if (losses.first + losses.second > 0)
                lossText += " (" + std::to_string(losses.first) + " battle, " + std::to_string(losses.second) + " attrition)";
            std::string type = pretty(str(u, "type"));
            if (u.contains("guns"))
                for (const auto& gn : u["guns"])
                    type += " \u00b7 " + std::to_string(gn.value("stands", 0)) + " " + pretty(str(gn, "calibre"));
            rows.push_back({str(u, "name"), unitFormation[str(u, "id")], type, pretty(str(u, "nationality")), str(u, "class"),
                            std::to_string(u.value("stands", 0)), std::to_string(fig), std::to_string(orig), lossText});
            stands += u.value("stands", 0);
            figures += fig;
            original += orig;
        }
        rows.push_back({"\tME total", str(me, "points") + " points", "", "", "", std::to_string(stands), std::to_string(figures),
                        std::to_string(original), std::to_string(original - figures)});
        table(sheet,
              {{"Unit", 3.3},
               {"Formation", 1.85},
               {"Type", 2.0},
               {"Nation", 0.95},
               {"Class", 0.65, Align::Right},
               {"Stands", 0.85, Align::Right},
               {"Figs", 0.7, Align::Right},
               {"Orig.", 0.65, Align::Right},
               {"Losses", 1.05, Align::Right}},
              rows, 13);
        totalStands += stands;
        totalFigures += figures;
        totalOriginal += original;
        totalPoints += me.value("points", 0);
    }
    sheet.heading("Side totals");
    table(sheet,
          {{"MEs", 1, Align::Right},
           {"Stands", 1, Align::Right},
           {"Figures", 1, Align::Right},
           {"Original", 1, Align::Right},
           {"Losses", 1, Align::Right},
           {"Points", 1, Align::Right}},
          {{std::to_string(v.own["mes"].size()), std::to_string(totalStands), std::to_string(totalFigures),
            std::to_string(totalOriginal), std::to_string(totalOriginal - totalFigures), std::to_string(totalPoints)}});
    return sheet.finish();
}

// ---------------------------------------------------------------------------------------------------------------
// Map print

// Hex numbers smaller than this are hard to read on paper; below it the print numbers every other hex, and below
// that only the edges (docs/papers.md).
constexpr double kMinNumberPt = 5.0;
// Sheets that join share this many columns (rows), so that a commander can lay one over the other.
constexpr int kSheetOverlap = 2;

// One axis of the map (its columns or its rows) cut into sheets of at most `capacity`, each sharing `overlap` with
// the next; the spans as even as they can be, so that no sheet carries only a sliver.
std::vector<std::pair<int, int>> tileAxis(int first, int total, int capacity, int overlap) {
    if (total <= capacity) return {{first, first + total - 1}};
    overlap = std::clamp(overlap, 0, std::max(0, capacity - 1));
    const int step = std::max(1, capacity - overlap);
    const int sheets = (total - overlap + step - 1) / step;
    const int sum = total + overlap * (sheets - 1);
    std::vector<std::pair<int, int>> out;
    int start = first;
    for (int i = 0; i < sheets; ++i) {
        const int span = sum / sheets + (i < sum % sheets ? 1 : 0);
        out.push_back({start, start + span - 1});
        start += span - overlap;
    }
    return out;
}

struct Extent {
    double x0 = 1e18, y0 = 1e18, x1 = -1e18, y1 = -1e18;
    double w() const { return x1 - x0; }
    double h() const { return y1 - y0; }
};

// The page extent of a block of columns and rows, corners included (whether the map has every hex of it or not).
Extent extentOf(const hex::OffsetSystem& off, const hex::Layout& layout, const mapdraw::Block& b) {
    Extent e;
    for (int c = b.c0; c <= b.c1; ++c)
        for (int r = b.r0; r <= b.r1; ++r)
            for (const auto& p : layout.corners(off.toHex({c, r}))) {
                e.x0 = std::min(e.x0, p.x);
                e.y0 = std::min(e.y0, p.y);
                e.x1 = std::max(e.x1, p.x);
                e.y1 = std::max(e.y1, p.y);
            }
    return e;
}

std::string range(int a, int b) { return a == b ? std::to_string(a) : std::to_string(a) + "\u2013" + std::to_string(b); }

// The hex numbers that fit: as large as fits across a hex (up to 7.5 points), in every hex when that is at least
// kMinNumberPt, else in every other hex of each row, else none. Returns the choice and the size in points.
std::pair<mapdraw::HexNumbers, double> hexNumbersThatFit(int cols, int rowsN, double colDx) {
    const std::string widest = hex::formatOffset({cols - 1, rowsN - 1});
    const double em = mapdraw::condensedNumberWidth(widest, 1.0);
    if (0.86 * colDx / em >= kMinNumberPt) return {mapdraw::HexNumbers::Every, std::min(7.5, 0.86 * colDx / em)};
    if (1.7 * colDx / em >= kMinNumberPt) return {mapdraw::HexNumbers::EveryOther, std::min(6.0, 1.7 * colDx / em)};
    return {mapdraw::HexNumbers::None, 0.0};
}

Document mapPrint(const View& v, const PrintOptions& opts) {
    Sheet sheet(opts.paper, "Map", subtitle(v), footer(v));
    const double size = mapdraw::sizeForFlatsMm(std::clamp(opts.hexMm, 2.0, 40.0));
    const auto& off = v.map.offsets();
    const hex::Layout base(v.map.metadata().orientation, {size, size});
    const int cols = std::max(1, v.map.width()), rowsN = std::max(1, v.map.height());
    // Spacing of the columns across and of the rows down the page.
    const double colDx = std::abs(base.toPixel(off.toHex({1, 0})).x - base.toPixel(off.toHex({0, 0})).x);
    const double rowDy = std::abs(base.toPixel(off.toHex({0, 1})).y - base.toPixel(off.toHex({0, 0})).y);

    // Hex numbers: as large as fits across a hex (up to 7.5 points), in every hex when that is at least
    // kMinNumberPt, else in every other hex of each row (they may then spread over half of each unnumbered
    // neighbour), else none; the column and row numbers along the four edges of every sheet in any case.
    const auto fit = hexNumbersThatFit(cols, rowsN, colDx);
    const mapdraw::HexNumbers numbers = fit.first;
    const double numberPt = fit.second;
    const double edgePt = 5.8;
    const double strip = edgePt + 5;  // the band of edge numbers inside the frame

    // The page below the map: the legend, the key of the sheets that join this one and the key of own MEs.
    const double legendH = 3 * 13;
    const auto meNo = meNumbers(v);
    const int keyRows = static_cast<int>((v.own["mes"].size() + 2) / 3);
    const double meKeyH = keyRows * 10 + 4;
    const double joinH = 44;
    const double frameY = sheet.top() + 12;
    const double areaW = sheet.width() - 2 * strip;
    const double areaH = sheet.bottom() - frameY - 2 * strip - 6 - legendH - 4 - joinH - meKeyH;

    // How many columns (rows) fit a sheet: the widest block of n columns (over both parities of a shoved map).
    auto fits = [&](bool across, int n) {
        for (int first = 0; first <= 1; ++first) {
            const mapdraw::Block b = across ? mapdraw::Block{first, first + n - 1, 0, std::min(1, rowsN - 1)}
                                            : mapdraw::Block{0, std::min(1, cols - 1), first, first + n - 1};
            const auto e = extentOf(off, base, b);
            if ((across ? e.w() : e.h()) > (across ? areaW : areaH)) return false;
        }
        return true;
    };
    int capCols = 1, capRows = 1;
    while (capCols < cols && fits(true, capCols + 1)) ++capCols;
    while (capRows < rowsN && fits(false, capRows + 1)) ++capRows;
    const auto colSpans = tileAxis(0, cols, capCols, kSheetOverlap);
    const auto rowSpans = tileAxis(0, rowsN, capRows, kSheetOverlap);
    const int nx = static_cast<int>(colSpans.size()), ny = static_cast<int>(rowSpans.size());

    // Edge numbers: every column (row), or every second, third, ... when they would crowd each other.
    const double edgeLabelW = mapdraw::condensedNumberWidth(std::to_string(std::max(cols, rowsN) - 1), edgePt);
    int colStep = 1, rowStep = 1;
    while (colStep * colDx < edgeLabelW + 2) ++colStep;
    while (rowStep * rowDy < edgePt * 1.25) ++rowStep;

    const auto marks = sideMarks(v);
    char scale[64];
    std::snprintf(scale, sizeof scale, "%.1f mm a hex", opts.hexMm);
    const Font edgeFont{edgePt, FontFace::Sans, false, false, true};
    const Colour edgeInk{0.25, 0.24, 0.22};
    auto sheetNo = [&](int i, int j) { return j * nx + i + 1; };
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            if (i + j > 0) sheet.newPage();
            auto& p = sheet.page();
            const mapdraw::Block block{colSpans[i].first, colSpans[i].second, rowSpans[j].first, rowSpans[j].second};
            const auto e = extentOf(off, base, block);
            const double areaX = sheet.left() + strip, areaY = frameY + strip;
            const hex::Layout layout(v.map.metadata().orientation, {size, size}, {areaX - e.x0, areaY - e.y0});
            const double frameW = e.w() + 2 * strip, frameH = e.h() + 2 * strip;

            std::string where = "Sheet " + std::to_string(sheetNo(i, j)) + " of " + std::to_string(nx * ny);
            if (nx * ny > 1) where += " (row " + std::to_string(j + 1) + ", column " + std::to_string(i + 1) + ")";
            where += " \u00b7 columns " + range(block.c0, block.c1) + ", rows " + range(block.r0, block.r1);
            text(p, sheet.left(), sheet.top() - 4, sheet.width() * 0.7, 14, where, Font{8, FontFace::Sans, true}, Align::Left,
                 ink::text);
            text(p, sheet.left() + sheet.width() * 0.6, sheet.top() - 4, sheet.width() * 0.4, 14,
                 v.map.metadata().name + " \u00b7 " + scale, Font{8, FontFace::Sans, false, true}, Align::Right, ink::label);

            mapdraw::Region region{areaX, areaY, e.w(), e.h(), true, numbers, numberPt, block};
            mapdraw::draw(p, v.map, layout, region, marks, v.ownColour, v.enemyColour, true);
            p.elements.emplace_back(Box{sheet.left(), frameY, frameW, frameH, Stroke{0.8, ink::text}, std::nullopt});
            // Column numbers above the top row and below the bottom row, row numbers beside the first and last
            // columns: the hexes read as the orders write them, col,row.
            for (int c = block.c0; c <= block.c1; ++c) {
                if (c % colStep != 0) continue;
                for (const int r : {block.r0, block.r1}) {
                    const double x = layout.toPixel(off.toHex({c, r})).x;
                    const double y = r == block.r0 ? frameY + 1.5 : frameY + frameH - strip + 3;
                    text(p, x - colDx, y, 2 * colDx, edgePt * 1.3, std::to_string(c), edgeFont, Align::Centre, edgeInk, true);
                }
            }
            for (int r = block.r0; r <= block.r1; ++r) {
                if (r % rowStep != 0) continue;
                for (const int c : {block.c0, block.c1}) {
                    const double y = layout.toPixel(off.toHex({c, r})).y;
                    const double x = c == block.c0 ? sheet.left() : sheet.left() + frameW - strip;
                    text(p, x, y - edgePt * 0.65, strip, edgePt * 1.3, std::to_string(r), edgeFont, Align::Centre, edgeInk, true);
                }
            }

            double ly = frameY + frameH + 6;
            ly += mapdraw::legend(p, sheet.left(), ly, sheet.width(), v.ownColour, v.enemyColour) + 4;
            // The key of the sheets: a small plan of them all with this one shaded, and the sheets that join it.
            const double cellW = 15, cellH = 10;
            const double planW = std::min(nx * cellW, sheet.width() * 0.3), cw = planW / nx;
            const double ch = std::min(cellH, (joinH - 6) / ny);
            for (int jj = 0; jj < ny; ++jj)
                for (int ii = 0; ii < nx; ++ii) {
                    const bool here = ii == i && jj == j;
                    p.elements.emplace_back(Box{sheet.left() + ii * cw, ly + jj * ch, cw, ch, Stroke{0.4, ink::rule},
                                                here ? std::optional<Colour>(ink::band) : std::nullopt});
                    text(p, sheet.left() + ii * cw, ly + jj * ch, cw, ch, std::to_string(sheetNo(ii, jj)),
                         Font{std::min(6.0, ch * 0.7), FontFace::Sans, here}, Align::Centre, here ? ink::white : ink::label, true);
                }
            std::vector<std::string> joins;
            if (j > 0)
                joins.push_back("Continues on sheet " + std::to_string(sheetNo(i, j - 1)) + " to the north (rows " +
                                range(rowSpans[j].first, rowSpans[j - 1].second) + " are on both).");
            if (i + 1 < nx)
                joins.push_back("Continues on sheet " + std::to_string(sheetNo(i + 1, j)) + " to the east (columns " +
                                range(colSpans[i + 1].first, colSpans[i].second) + " are on both).");
            if (j + 1 < ny)
                joins.push_back("Continues on sheet " + std::to_string(sheetNo(i, j + 1)) + " to the south (rows " +
                                range(rowSpans[j + 1].first, rowSpans[j].second) + " are on both).");
            if (i > 0)
                joins.push_back("Continues on sheet " + std::to_string(sheetNo(i - 1, j)) + " to the west (columns " +
                                range(colSpans[i].first, colSpans[i - 1].second) + " are on both).");
            if (joins.empty()) joins.push_back("The whole map is on this sheet.");
            const double jx = sheet.left() + planW + 10;
            for (std::size_t k = 0; k < joins.size(); ++k)
                text(p, jx, ly + static_cast<double>(k) * 9.5, sheet.width() - planW - 10, 10, joins[k], Font{7, FontFace::Sans},
                     Align::Left, ink::text);
            ly += joinH;
            int k = 0;
            for (const auto& me : v.own["mes"]) {
                const double kx = sheet.left() + (k % 3) * sheet.width() / 3, ky = ly + (k / 3) * 10;
                text(p, kx, ky, sheet.width() / 3 - 4, 10,
                     std::to_string(meNo.at(str(me, "id"))) + "  " + str(me, "id") + " \u2014 " + str(me, "label") + " (" +
                         str(me, "hex") + ")",
                     Font{6.8, FontFace::Sans}, Align::Left, ink::text);
                ++k;
            }
        }
    return sheet.finish();
}

}  // namespace

std::string_view paperKindName(PaperKind kind) {
    switch (kind) {
        case PaperKind::Orders: return "orders";
        case PaperKind::BlankOrders: return "blank-orders";
        case PaperKind::Supply: return "supply";
        case PaperKind::Summary: return "summary";
        case PaperKind::Roster: return "roster";
        case PaperKind::Map: return "map";
        case PaperKind::Intel: return "intel";
        case PaperKind::Battle: return "battle";
    }
    return "orders";
}

const std::vector<PaperKind>& allPaperKinds() {
    static const std::vector<PaperKind> kinds{PaperKind::Orders, PaperKind::BlankOrders, PaperKind::Supply, PaperKind::Summary,
                                              PaperKind::Roster, PaperKind::Map,         PaperKind::Intel,  PaperKind::Battle};
    return kinds;
}

std::optional<PaperKind> paperKindFromName(std::string_view name) {
    for (auto k : allPaperKinds())
        if (paperKindName(k) == name) return k;
    return std::nullopt;
}

Document buildPaper(const db::CampaignStore& store, PaperKind kind, const std::string& side, const PrintOptions& options) {
    const View v = load(store, side);
    switch (kind) {
        case PaperKind::Orders: return orderSheets(store, v, options);
        case PaperKind::BlankOrders: return blankOrders(v, options);
        case PaperKind::Supply: return supplySummary(store, v, options);
        case PaperKind::Summary: return weeklySummary(store, v, options);
        case PaperKind::Roster: return roster(store, v, options);
        case PaperKind::Map: return mapPrint(v, options);
        case PaperKind::Intel: return intelReport(store, v, options);
        case PaperKind::Battle: return battleReport(store, v, options);
    }
    return {};
}

}  // namespace etatmajor::report
