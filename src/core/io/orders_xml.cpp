// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/io/orders_xml.hpp"

#include "etatmajor/core/names.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/limits.hpp"
#include "xml_util.hpp"

#include <array>

namespace etatmajor::campaign {
namespace {
constexpr std::array<std::string_view, 3> kContacts{"observe", "evade", "engage"};
}
std::string_view scoutContactName(ScoutContact c) { return core::enumName(kContacts, c); }
std::optional<ScoutContact> scoutContactFromName(std::string_view s) { return core::enumFromName<ScoutContact>(kContacts, s); }
}  // namespace etatmajor::campaign

namespace etatmajor::io {

using namespace campaign;
using tinyxml2::XMLElement;

namespace {
// Hexes of a <path> or <locPath> text; each word that is not one is a problem of the element.
std::vector<hex::Offset> hexList(xml::Reader& r, const XMLElement& p) {
    std::vector<hex::Offset> out;
    for (const auto& tok : xml::splitWords(p.GetText() ? p.GetText() : "")) {
        const auto h = hex::parseOffset(tok);
        if (!h) r.fail(p, "XML-ATTR-VALUE", "'" + core::shorten(tok) + "' is not a hex of the form col,row");
        out.push_back(*h);
    }
    return out;
}
}  // namespace

OrdersFile readOrdersString(std::string_view text, const std::string& fileName) {
    xml::Reader r(fileName);
    tinyxml2::XMLDocument doc;
    r.parse(doc, text);
    const XMLElement& root = r.root(doc, "orders", kOrdersFormatVersion);
    r.allow(root, {"formatVersion", "side", "week", "day"}, {"order", "decoy"});
    OrdersFile f;
    f.file = fileName;
    f.line = root.GetLineNum();
    r.attempt([&] { f.side = r.str(root, "side"); });
    r.attempt([&] { f.week = r.integer(root, "week"); });
    r.attempt([&] { f.day = r.integer(root, "day"); });
    r.each(&root, "order", [&](const XMLElement& e) {
        r.allow(e, {"me", "corps", "division", "brigade", "mode", "supply", "onScoutContact", "marchToGuns", "disobeys", "night"},
                {"path", "locPath", "marchOrder", "action", "intentions"});
        // An order has one of each of these (docs/formats/orders.md); a second one is refused, not ignored.
        const XMLElement* path = r.single(e, "path");
        const XMLElement* locPath = r.single(e, "locPath");
        const XMLElement* marchOrder = r.single(e, "marchOrder");
        const XMLElement* intentions = r.single(e, "intentions");
        Order o;
        o.me = r.str(e, "me");
        o.corps = r.str(e, "corps", "");
        o.division = r.str(e, "division", "");
        o.brigade = r.str(e, "brigade", "");
        if (e.Attribute("mode")) o.mode = r.enumeration(e, "mode", modeFromName);
        o.supply = r.str(e, "supply", "");
        o.onScoutContact = r.enumeration(e, "onScoutContact", scoutContactFromName, ScoutContact::Observe);
        o.marchToGuns = r.boolean(e, "marchToGuns", false);
        o.disobeys = r.boolean(e, "disobeys", false);  // G-31
        o.night = r.boolean(e, "night", false);        // G-46
        o.line = e.GetLineNum();
        if (path) {
            r.allow(*path, {});
            r.attempt([&] { o.path = hexList(r, *path); });
        }
        if (locPath) {  // G-32
            r.allow(*locPath, {});
            r.attempt([&] { o.locPath = hexList(r, *locPath); });
        }
        if (marchOrder) {
            r.allow(*marchOrder, {}, {"unit"});
            r.each(marchOrder, "unit", [&](const XMLElement& u) {
                r.allow(u, {"ref"});
                o.marchOrder.push_back(r.str(u, "ref"));
            });
        }
        r.each(&e, "action", [&](const XMLElement& a) {
            r.allow(a, {"kind", "note"});
            static const std::array<std::string_view, 9> kinds{"reorganise",  "build_earthworks", "destroy_transport",
                                                               "destroy_ua",  "embark",           "disembark",
                                                               "lay_pontoon", "take_up_pontoon",  "offer_terms"};
            const std::string kind = r.str(a, "kind");
            if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
                r.fail(a, "XML-ATTR-VALUE", "unknown action '" + core::shorten(kind) + "'");
            o.actions.push_back({kind, r.str(a, "note", "")});
        });
        if (intentions && intentions->GetText()) o.intentions = intentions->GetText();
        f.orders.push_back(std::move(o));
    });
    // §2.3 decoys: placed on the week's first day, then moved like MEs (an addition to format version 1).
    r.each(&root, "decoy", [&](const XMLElement& e) {
        r.allow(e, {"id", "place", "designated"}, {"path"});
        const XMLElement* path = r.single(e, "path");
        DecoyOrder d;
        d.id = r.str(e, "id");
        d.line = e.GetLineNum();
        if (e.Attribute("place")) {
            const auto h = hex::parseOffset(r.str(e, "place"));
            if (!h) r.fail(e, "XML-ATTR-VALUE", "'" + core::shorten(r.str(e, "place")) + "' is not a hex of the form col,row");
            d.place = *h;
        }
        d.designated = r.str(e, "designated", "infantry");
        if (d.designated != "infantry" && d.designated != "cavalry" && d.designated != "irregular_cavalry")
            r.fail(e, "XML-ATTR-VALUE",
                   "designated must be infantry, cavalry or irregular_cavalry, not '" + core::shorten(d.designated) + "'");
        if (path) {
            r.allow(*path, {});
            d.path = hexList(r, *path);
        }
        f.decoys.push_back(std::move(d));
    });
    r.finish();  // every problem of the file at once
    return f;
}

OrdersFile readOrdersFile(const std::string& path) { return readOrdersString(readInputFile(path, limits::kFileBytes), path); }

std::string writeOrdersString(const OrdersFile& f) {
    tinyxml2::XMLDocument doc;
    doc.InsertEndChild(doc.NewDeclaration());
    auto* root = doc.NewElement("orders");
    doc.InsertEndChild(root);
    root->SetAttribute("formatVersion", kOrdersFormatVersion);
    root->SetAttribute("side", f.side.c_str());
    root->SetAttribute("week", f.week);
    root->SetAttribute("day", f.day);
    for (const auto& o : f.orders) {
        auto* e = root->InsertNewChildElement("order");
        e->SetAttribute("me", o.me.c_str());
        if (!o.corps.empty()) e->SetAttribute("corps", o.corps.c_str());
        if (!o.division.empty()) e->SetAttribute("division", o.division.c_str());
        if (!o.brigade.empty()) e->SetAttribute("brigade", o.brigade.c_str());
        if (o.mode) e->SetAttribute("mode", std::string(modeName(*o.mode)).c_str());
        if (!o.supply.empty()) e->SetAttribute("supply", o.supply.c_str());
        e->SetAttribute("onScoutContact", std::string(scoutContactName(o.onScoutContact)).c_str());
        e->SetAttribute("marchToGuns", o.marchToGuns);
        if (o.disobeys) e->SetAttribute("disobeys", true);
        if (o.night) e->SetAttribute("night", true);
        std::string path;
        for (const auto& h : o.path) path += (path.empty() ? "" : " ") + hex::formatOffset(h);
        e->InsertNewChildElement("path")->SetText(path.c_str());
        if (!o.locPath.empty()) {
            std::string loc;
            for (const auto& h : o.locPath) loc += (loc.empty() ? "" : " ") + hex::formatOffset(h);
            e->InsertNewChildElement("locPath")->SetText(loc.c_str());
        }
        if (!o.marchOrder.empty()) {
            auto* m = e->InsertNewChildElement("marchOrder");
            for (const auto& u : o.marchOrder) m->InsertNewChildElement("unit")->SetAttribute("ref", u.c_str());
        }
        for (const auto& a : o.actions) {
            auto* ae = e->InsertNewChildElement("action");
            ae->SetAttribute("kind", a.kind.c_str());
            if (!a.note.empty()) ae->SetAttribute("note", a.note.c_str());
        }
        e->InsertNewChildElement("intentions")->SetText(o.intentions.c_str());
    }
    for (const auto& d : f.decoys) {
        auto* e = root->InsertNewChildElement("decoy");
        e->SetAttribute("id", d.id.c_str());
        if (d.place) e->SetAttribute("place", hex::formatOffset(*d.place).c_str());
        e->SetAttribute("designated", d.designated.c_str());
        std::string path;
        for (const auto& h : d.path) path += (path.empty() ? "" : " ") + hex::formatOffset(h);
        e->InsertNewChildElement("path")->SetText(path.c_str());
    }
    return xml::toString(doc);
}

}  // namespace etatmajor::io
