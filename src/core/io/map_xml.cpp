// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/io/map_xml.hpp"

#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/limits.hpp"
#include "xml_util.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <iomanip>
#include <locale>
#include <map>
#include <set>
#include <sstream>

namespace etatmajor::io {

using map::Hex;
using tinyxml2::XMLElement;

namespace {

class MapParser {
public:
    explicit MapParser(std::string file) : m_r(std::move(file)) {}

    MapReadResult parse(std::string_view text) {
        tinyxml2::XMLDocument doc;
        m_r.parse(doc, text);
        const XMLElement& root = m_r.root(doc, "map", kMapFormatVersion);

        m_r.allow(root, {"formatVersion", "id", "name", "kmPerHex", "orientation", "offset", "width", "height"},
                  {"description", "geo", "terrain", "regions", "rivers", "crossings", "routes", "urbanAreas", "labels", "sides"});
        // Each block is written once (docs/formats/map.md); a second one is refused, not ignored.
        const XMLElement* description = m_r.single(root, "description");
        const XMLElement* geo = m_r.single(root, "geo");
        const XMLElement* terrain = m_r.single(root, "terrain");
        const XMLElement* regions = m_r.single(root, "regions");
        const std::pair<const char*, std::string_view> lists[] = {{"rivers", "river"}, {"crossings", "crossing"},
                                                                  {"routes", "route"}, {"urbanAreas", "urban"},
                                                                  {"labels", "label"}, {"sides", "side"}};
        std::map<std::string, const XMLElement*> list;
        for (const auto& [name, item] : lists)
            if (const auto* l = (list[name] = m_r.single(root, name))) m_r.allow(*l, {}, {item});
        map::MapMetadata meta;
        const bool header = m_r.attempt([&] {
            meta.id = m_r.str(root, "id");
            meta.name = m_r.str(root, "name");
            meta.kmPerHex = m_r.real(root, "kmPerHex");
            const std::string orient = m_r.str(root, "orientation");
            if (orient == "pointy") meta.orientation = hex::Orientation::Pointy;
            else if (orient == "flat") meta.orientation = hex::Orientation::Flat;
            else m_r.fail(root, "XML-ATTR-VALUE", "orientation must be 'pointy' or 'flat', not '" + core::shorten(orient) + "'");
            const std::string parity = m_r.str(root, "offset", "odd");
            if (parity == "odd") meta.parity = hex::OffsetParity::Odd;
            else if (parity == "even") meta.parity = hex::OffsetParity::Even;
            else m_r.fail(root, "XML-ATTR-VALUE", "offset must be 'odd' or 'even', not '" + core::shorten(parity) + "'");
            meta.width = m_r.integer(root, "width");
            meta.height = m_r.integer(root, "height");
            if (meta.width < 1 || meta.height < 1 || meta.width > 4000 || meta.height > 4000)
                m_r.fail(root, "XML-ATTR-VALUE", "width and height must be between 1 and 4000 hexes");
            if (!(meta.kmPerHex > 0)) m_r.fail(root, "XML-ATTR-VALUE", "kmPerHex must be positive");
        });
        if (description && description->GetText()) meta.description = description->GetText();
        if (geo) m_r.attempt([&] { meta.geo = readGeo(*geo); });

        if (!terrain) m_r.attempt([&] { m_r.fail(root, "XML-ELEMENT-MISSING", "the <terrain> element is missing"); });
        // Without its size and terrain the map cannot be laid out: what was found so far is all that is reported.
        if (!header || !terrain) m_r.finish();
        m_r.allow(*terrain, {"default"}, {"row"});
        map::Terrain fill = map::Terrain::Clear;
        m_r.attempt([&] { fill = m_r.enumeration(*terrain, "default", map::terrainFromName, map::Terrain::Clear); });
        m_map = map::Map(meta, fill);
        readRows(*terrain);
        if (regions) m_r.attempt([&] { readRegions(*regions); });

        m_r.each(list["rivers"], "river", [&](const XMLElement& e) { readRiver(e); });
        m_r.each(list["crossings"], "crossing", [&](const XMLElement& e) { readCrossing(e); });
        m_r.each(list["routes"], "route", [&](const XMLElement& e) { readRoute(e); });
        m_r.each(list["urbanAreas"], "urban", [&](const XMLElement& e) { readUrban(e); });
        m_r.each(list["labels"], "label", [&](const XMLElement& e) {
            m_r.allow(e, {"hex", "text"});
            m_map.labels().push_back({hexAttr(e, "hex"), m_r.str(e, "text"), e.GetLineNum()});
        });
        m_r.each(list["sides"], "side", [&](const XMLElement& e) { readSide(e); });

        m_issues.setFile(m_r.file());
        if (m_r.failed()) m_r.finish(m_issues);  // every problem of the file at once, the reader's own with the rest
        m_map.rebuildHexsides();
        m_map.rebuildLinks();
        // The header comments go with the map, so that an editor saving it keeps where it came from.
        std::vector<std::string> comments;
        for (const tinyxml2::XMLNode* n = doc.FirstChild(); n && n != &root; n = n->NextSibling())
            if (const auto* c = n->ToComment(); c && c->Value()) comments.emplace_back(c->Value());
        return {std::move(m_map), std::move(m_issues), std::move(comments)};
    }

private:
    Hex toHex(const XMLElement& e, const std::string& text, const char* what) {
        const auto o = hex::parseOffset(text);
        if (!o) m_r.fail(e, "XML-ATTR-VALUE", std::string(what) + " '" + text + "' is not a hex of the form col,row");
        return m_map.offsets().toHex(*o);
    }
    Hex hexAttr(const XMLElement& e, const char* attr) { return toHex(e, m_r.str(e, attr), attr); }

    map::HexsideRef sideRef(const XMLElement& e, const std::string& text) {
        const auto colon = text.find(':');
        if (colon == std::string::npos)
            m_r.fail(e, "XML-ATTR-VALUE", "hexside '" + core::shorten(text) + "' is not of the form col,row:DIR");
        const Hex h = toHex(e, text.substr(0, colon), "hexside");
        const int dir = hex::parseDirection(m_map.metadata().orientation, text.substr(colon + 1));
        if (dir < 0)
            m_r.fail(e, "XML-ATTR-VALUE",
                     "hexside '" + core::shorten(text) + "' names a direction that " +
                         (m_map.metadata().orientation == hex::Orientation::Pointy ? "pointy" : "flat") + "-top hexes do not have");
        return {h, dir};
    }

    // <geo lat0 lon0 originEast originNorth projection="transverse_mercator"><source>…</source></geo>
    // (docs/formats/map.md, "Georeference").
    map::GeoReference readGeo(const XMLElement& e) {
        m_r.allow(e, {"projection", "lat0", "lon0", "originEast", "originNorth"}, {"source"});
        const std::string projection = m_r.str(e, "projection", "transverse_mercator");
        if (projection != "transverse_mercator")
            m_r.fail(e, "XML-ATTR-VALUE", "projection must be 'transverse_mercator', not '" + core::shorten(projection) + "'");
        map::GeoReference g;
        g.lat0 = m_r.real(e, "lat0");
        g.lon0 = m_r.real(e, "lon0");
        if (!(g.lat0 >= -80 && g.lat0 <= 80)) m_r.fail(e, "XML-ATTR-VALUE", "lat0 must be between -80 and 80 degrees");
        if (!(g.lon0 >= -180 && g.lon0 <= 180)) m_r.fail(e, "XML-ATTR-VALUE", "lon0 must be between -180 and 180 degrees");
        g.origin = {m_r.real(e, "originEast"), m_r.real(e, "originNorth")};
        if (!std::isfinite(g.origin.east) || !std::isfinite(g.origin.north) || std::fabs(g.origin.east) > 5000 ||
            std::fabs(g.origin.north) > 5000)
            m_r.fail(e, "XML-ATTR-VALUE", "originEast and originNorth must be within 5000 km of the centre");
        if (const auto* src = m_r.single(e, "source")) {
            m_r.allow(*src, {});
            if (src->GetText()) g.source = src->GetText();
        }
        return g;
    }

    void readRows(const XMLElement& terrain) {
        std::set<int> seen;
        m_r.each(&terrain, "row", [&](const XMLElement& e) {
            m_r.allow(e, {"index"});
            const int index = m_r.integer(e, "index");
            const std::string text = e.GetText() ? e.GetText() : "";
            if (index < 0 || index >= m_map.height()) {
                m_issues.error("MAP-ROW-INDEX",
                               "terrain row " + std::to_string(index) + " is outside the map's " + std::to_string(m_map.height()) +
                                   " rows",
                               e.GetLineNum());
                return;
            }
            if (!seen.insert(index).second) {
                m_issues.error("MAP-ROW-INDEX", "terrain row " + std::to_string(index) + " is given twice", e.GetLineNum());
                return;
            }
            if (static_cast<int>(text.size()) != m_map.width())
                m_issues.error("MAP-ROW-LENGTH",
                               "terrain row " + std::to_string(index) + " has " + std::to_string(text.size()) +
                                   " characters; the map is " + std::to_string(m_map.width()) + " columns wide",
                               e.GetLineNum());
            const int n = std::min(static_cast<int>(text.size()), m_map.width());
            for (int col = 0; col < n; ++col) {
                const auto t = map::terrainFromCode(text[static_cast<std::size_t>(col)]);
                if (!t) {
                    m_issues.error("MAP-ROW-CHAR",
                                   "terrain row " + std::to_string(index) + " column " + std::to_string(col) +
                                       " has the unknown terrain code '" + text[static_cast<std::size_t>(col)] + "'",
                                   e.GetLineNum());
                    continue;
                }
                m_map.setTerrain(m_map.offsets().toHex({col, index}), *t);
            }
        });
    }

    // etat-major.md §15.8, G-16: <regions default="south"><area region="north" cols="0-9" rows="0-4"/></regions>.
    void readRegions(const XMLElement& regions) {
        m_r.allow(regions, {"default"}, {"area"});
        m_map.regionDefault() = m_r.enumeration(regions, "default", map::regionFromName, map::Region::None);
        auto range = [&](const XMLElement& e, const char* attr, int limit, int& from, int& to) {
            const std::string text = m_r.str(e, attr);
            const auto dash = text.find('-');
            try {
                from = std::stoi(text.substr(0, dash));
                to = dash == std::string::npos ? from : std::stoi(text.substr(dash + 1));
            } catch (const std::exception&) {
                m_r.fail(e, "XML-ATTR-VALUE",
                         std::string(attr) + " '" + core::shorten(text) + "' is not a number or a range such as 3-12");
            }
            if (from < 0 || to < from || to >= limit)
                m_issues.error("MAP-REGION-AREA", std::string(attr) + " '" + core::shorten(text) + "' is not a range inside the map",
                               e.GetLineNum());
        };
        m_r.each(&regions, "area", [&](const XMLElement& e) {
            m_r.allow(e, {"region", "cols", "rows"});
            map::RegionArea a;
            a.region = m_r.enumeration(e, "region", map::regionFromName);
            range(e, "cols", m_map.width(), a.colFrom, a.colTo);
            range(e, "rows", m_map.height(), a.rowFrom, a.rowTo);
            a.line = e.GetLineNum();
            m_map.regionAreas().push_back(a);
        });
    }

    void readRiver(const XMLElement& e) {
        m_r.allow(e, {"id", "name", "kind", "navigable", "fordable", "sides"});
        map::River r;
        r.id = m_r.str(e, "id");
        r.name = m_r.str(e, "name");
        r.kind = m_r.enumeration(e, "kind", [](std::string_view k) -> std::optional<map::Watercourse> {
            if (k == "river") return map::Watercourse::River;
            if (k == "stream") return map::Watercourse::Stream;
            return std::nullopt;
        });
        r.navigable = m_r.boolean(e, "navigable", false);
        r.fordable = m_r.boolean(e, "fordable", true);
        r.line = e.GetLineNum();
        for (const auto& tok : xml::splitWords(m_r.str(e, "sides"))) r.sides.push_back(sideRef(e, tok));
        m_map.rivers().push_back(std::move(r));
    }

    void readCrossing(const XMLElement& e) {
        m_r.allow(e, {"hex", "dir", "kind", "name"});
        map::CrossingPoint c;
        c.side = sideRef(e, m_r.str(e, "hex") + ":" + m_r.str(e, "dir"));
        c.kind = m_r.enumeration(e, "kind", [](std::string_view k) -> std::optional<map::Crossing> {
            if (k == "ford") return map::Crossing::Ford;
            if (k == "bridge") return map::Crossing::Bridge;
            return std::nullopt;
        });
        c.name = m_r.str(e, "name", "");
        c.line = e.GetLineNum();
        m_map.crossings().push_back(std::move(c));
    }

    void readRoute(const XMLElement& e) {
        m_r.allow(e, {"id", "name", "kind", "hexes"});
        map::Route r;
        r.id = m_r.str(e, "id");
        r.name = m_r.str(e, "name", "");
        r.kind = m_r.enumeration(e, "kind", map::linkKindFromName);
        r.line = e.GetLineNum();
        for (const auto& tok : xml::splitWords(m_r.str(e, "hexes"))) r.hexes.push_back(toHex(e, tok, "hex"));
        m_map.routes().push_back(std::move(r));
    }

    void readUrban(const XMLElement& e) {
        m_r.allow(e, {"id", "name", "hex", "size", "fortification"});
        map::UrbanArea u;
        u.id = m_r.str(e, "id");
        u.name = m_r.str(e, "name");
        u.hex = hexAttr(e, "hex");
        u.size = m_r.enumeration(e, "size", map::urbanSizeFromName);
        u.fortification = m_r.enumeration(e, "fortification", map::fortificationFromName, map::Fortification::None);
        u.line = e.GetLineNum();
        m_map.urbanAreas().push_back(std::move(u));
    }

    void readSide(const XMLElement& e) {
        m_r.allow(e, {"id", "homeEdges", "homeCoast"}, {"locEntry", "hq"});
        map::SideGeography s;
        s.side = m_r.str(e, "id");
        s.line = e.GetLineNum();
        for (const auto& tok : xml::splitWords(m_r.str(e, "homeEdges"))) {
            const auto edge = map::mapEdgeFromName(tok);
            if (!edge) m_r.fail(e, "XML-ATTR-VALUE", "homeEdges has the unknown edge '" + core::shorten(tok) + "'");
            s.homeEdges.push_back(*edge);
        }
        s.homeCoast = m_r.boolean(e, "homeCoast", false);
        m_r.each(&e, "locEntry", [&](const XMLElement& l) {
            m_r.allow(l, {"kind", "hex", "name"});
            map::LocEntry entry;
            entry.kind = m_r.enumeration(l, "kind", [](std::string_view k) -> std::optional<map::LocKind> {
                if (k == "primary") return map::LocKind::Primary;
                if (k == "secondary") return map::LocKind::Secondary;
                return std::nullopt;
            });
            entry.hex = hexAttr(l, "hex");
            entry.name = m_r.str(l, "name", "");
            entry.line = l.GetLineNum();
            s.locEntries.push_back(std::move(entry));
        });
        m_r.each(&e, "hq", [&](const XMLElement& h) {
            m_r.allow(h, {"hex"});
            s.hqHexes.push_back(hexAttr(h, "hex"));
        });
        m_map.sides().push_back(std::move(s));
    }

    xml::Reader m_r;
    map::Map m_map;
    core::IssueList m_issues;
};

std::string formatNumber(double d) {
    std::ostringstream ss;
    ss << d;
    return ss.str();
}

// Fixed decimals, trailing zeros dropped: coordinates kept to a tenth of a metre whatever their size.
std::string formatNumber(double d, int decimals) {
    std::ostringstream ss;
    ss.imbue(std::locale::classic());
    ss << std::fixed << std::setprecision(decimals) << d;
    std::string s = ss.str();
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s == "-0" ? "0" : s;
}

}  // namespace

MapReadResult readMapString(std::string_view xmlText, const std::string& fileName) { return MapParser(fileName).parse(xmlText); }

MapReadResult readMapFile(const std::string& path) { return readMapString(readInputFile(path, limits::kFileBytes), path); }

std::string writeMapString(const map::Map& m, const std::vector<std::string>& headerComments) {
    tinyxml2::XMLDocument doc;
    doc.InsertEndChild(doc.NewDeclaration());
    for (const auto& comment : headerComments) {
        // "--" may not appear inside a comment, nor may one end in "-"; a comment that would break the file is spaced out.
        std::string text = comment;
        for (std::size_t at = text.find("--"); at != std::string::npos; at = text.find("--", at)) text.insert(at + 1, " ");
        if (!text.empty() && text.back() == '-') text += ' ';
        doc.InsertEndChild(doc.NewComment(text.c_str()));
    }
    const auto& meta = m.metadata();
    const auto off = m.offsets();
    auto at = [&](Hex h) { return hex::formatOffset(off.toOffset(h)); };
    auto side = [&](const map::HexsideRef& s) { return at(s.hex) + ":" + std::string(hex::directionName(meta.orientation, s.dir)); };

    auto* root = doc.NewElement("map");
    doc.InsertEndChild(root);
    root->SetAttribute("formatVersion", meta.geo ? kMapFormatVersion : 1);
    root->SetAttribute("id", meta.id.c_str());
    root->SetAttribute("name", meta.name.c_str());
    root->SetAttribute("kmPerHex", formatNumber(meta.kmPerHex).c_str());
    root->SetAttribute("orientation", meta.orientation == hex::Orientation::Pointy ? "pointy" : "flat");
    root->SetAttribute("offset", meta.parity == hex::OffsetParity::Odd ? "odd" : "even");
    root->SetAttribute("width", meta.width);
    root->SetAttribute("height", meta.height);
    if (!meta.description.empty()) root->InsertNewChildElement("description")->SetText(meta.description.c_str());
    if (meta.geo) {
        auto* geo = root->InsertNewChildElement("geo");
        geo->SetAttribute("projection", "transverse_mercator");
        geo->SetAttribute("lat0", formatNumber(meta.geo->lat0, 7).c_str());
        geo->SetAttribute("lon0", formatNumber(meta.geo->lon0, 7).c_str());
        geo->SetAttribute("originEast", formatNumber(meta.geo->origin.east, 4).c_str());
        geo->SetAttribute("originNorth", formatNumber(meta.geo->origin.north, 4).c_str());
        if (!meta.geo->source.empty()) geo->InsertNewChildElement("source")->SetText(meta.geo->source.c_str());
    }

    // The most common terrain becomes the default; rows made only of it are omitted.
    std::array<std::size_t, map::kTerrainCount> counts{};
    for (const Hex h : m.allHexes()) ++counts[static_cast<std::size_t>(m.terrain(h))];
    const auto fill = static_cast<map::Terrain>(std::max_element(counts.begin(), counts.end()) - counts.begin());
    auto* terrain = root->InsertNewChildElement("terrain");
    terrain->SetAttribute("default", std::string(map::terrainName(fill)).c_str());
    for (int row = 0; row < meta.height; ++row) {
        std::string text;
        bool allFill = true;
        for (int col = 0; col < meta.width; ++col) {
            const auto t = m.terrain(off.toHex({col, row}));
            allFill &= t == fill;
            text += map::terrainCode(t);
        }
        if (allFill) continue;
        auto* r = terrain->InsertNewChildElement("row");
        r->SetAttribute("index", row);
        r->SetText(text.c_str());
    }

    if (m.regionDefault() != map::Region::None || !m.regionAreas().empty()) {
        auto* regions = root->InsertNewChildElement("regions");
        if (m.regionDefault() != map::Region::None)
            regions->SetAttribute("default", std::string(map::regionName(m.regionDefault())).c_str());
        auto range = [](int from, int to) {
            return from == to ? std::to_string(from) : std::to_string(from) + "-" + std::to_string(to);
        };
        for (const auto& a : m.regionAreas()) {
            auto* e = regions->InsertNewChildElement("area");
            e->SetAttribute("region", std::string(map::regionName(a.region)).c_str());
            e->SetAttribute("cols", range(a.colFrom, a.colTo).c_str());
            e->SetAttribute("rows", range(a.rowFrom, a.rowTo).c_str());
        }
    }
    if (!m.rivers().empty()) {
        auto* rivers = root->InsertNewChildElement("rivers");
        for (const auto& r : m.rivers()) {
            auto* e = rivers->InsertNewChildElement("river");
            e->SetAttribute("id", r.id.c_str());
            e->SetAttribute("name", r.name.c_str());
            e->SetAttribute("kind", r.kind == map::Watercourse::Stream ? "stream" : "river");
            e->SetAttribute("navigable", r.navigable);
            e->SetAttribute("fordable", r.fordable);
            std::string sides;
            for (const auto& s : r.sides) sides += (sides.empty() ? "" : " ") + side(s);
            e->SetAttribute("sides", sides.c_str());
        }
    }
    if (!m.crossings().empty()) {
        auto* crossings = root->InsertNewChildElement("crossings");
        for (const auto& c : m.crossings()) {
            auto* e = crossings->InsertNewChildElement("crossing");
            e->SetAttribute("hex", at(c.side.hex).c_str());
            e->SetAttribute("dir", std::string(hex::directionName(meta.orientation, c.side.dir)).c_str());
            e->SetAttribute("kind", c.kind == map::Crossing::Bridge ? "bridge" : "ford");
            if (!c.name.empty()) e->SetAttribute("name", c.name.c_str());
        }
    }
    if (!m.routes().empty()) {
        auto* routes = root->InsertNewChildElement("routes");
        for (const auto& r : m.routes()) {
            auto* e = routes->InsertNewChildElement("route");
            e->SetAttribute("id", r.id.c_str());
            if (!r.name.empty()) e->SetAttribute("name", r.name.c_str());
            e->SetAttribute("kind", std::string(map::linkKindName(r.kind)).c_str());
            std::string hexes;
            for (const auto& h : r.hexes) hexes += (hexes.empty() ? "" : " ") + at(h);
            e->SetAttribute("hexes", hexes.c_str());
        }
    }
    if (!m.urbanAreas().empty()) {
        auto* urban = root->InsertNewChildElement("urbanAreas");
        for (const auto& u : m.urbanAreas()) {
            auto* e = urban->InsertNewChildElement("urban");
            e->SetAttribute("id", u.id.c_str());
            e->SetAttribute("name", u.name.c_str());
            e->SetAttribute("hex", at(u.hex).c_str());
            e->SetAttribute("size", std::string(map::urbanSizeName(u.size)).c_str());
            if (u.fortification != map::Fortification::None)
                e->SetAttribute("fortification", std::string(map::fortificationName(u.fortification)).c_str());
        }
    }
    if (!m.labels().empty()) {
        auto* labels = root->InsertNewChildElement("labels");
        for (const auto& l : m.labels()) {
            auto* e = labels->InsertNewChildElement("label");
            e->SetAttribute("hex", at(l.hex).c_str());
            e->SetAttribute("text", l.text.c_str());
        }
    }
    if (!m.sides().empty()) {
        auto* sides = root->InsertNewChildElement("sides");
        for (const auto& s : m.sides()) {
            auto* e = sides->InsertNewChildElement("side");
            e->SetAttribute("id", s.side.c_str());
            std::string edges;
            for (auto edge : s.homeEdges) edges += (edges.empty() ? "" : " ") + std::string(map::mapEdgeName(edge));
            e->SetAttribute("homeEdges", edges.c_str());
            if (s.homeCoast) e->SetAttribute("homeCoast", true);
            for (const auto& l : s.locEntries) {
                auto* le = e->InsertNewChildElement("locEntry");
                le->SetAttribute("kind", std::string(map::locKindName(l.kind)).c_str());
                le->SetAttribute("hex", at(l.hex).c_str());
                if (!l.name.empty()) le->SetAttribute("name", l.name.c_str());
            }
            for (const auto& h : s.hqHexes) e->InsertNewChildElement("hq")->SetAttribute("hex", at(h).c_str());
        }
    }
    return xml::toString(doc);
}

void writeMapFile(const map::Map& m, const std::string& path, const std::vector<std::string>& headerComments) {
    writeFileAtomically(path, writeMapString(m, headerComments));
}

core::IssueList validateMapFile(const std::string& path) {
    core::IssueList out;
    try {
        auto result = readMapFile(path);
        out.append(result.issues);
        auto semantic = result.map.validate();
        semantic.setFile(path);
        out.append(semantic);
    } catch (const core::FileError& e) {
        out.append(e.issues());
    }
    return out;
}

}  // namespace etatmajor::io
