// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/geo/gazetteer.hpp"

#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/limits.hpp"
#include "io/xml_util.hpp"

#include <cmath>
#include <cstdlib>
#include <set>

namespace etatmajor::geo {

using tinyxml2::XMLElement;

namespace {

map::LatLon latLon(io::xml::Reader& r, const XMLElement& e) {
    const map::LatLon p{r.real(e, "lat"), r.real(e, "lon")};
    if (!(p.lat >= -90 && p.lat <= 90)) r.fail(e, "XML-ATTR-VALUE", "lat must be between -90 and 90 degrees");
    if (!(p.lon >= -180 && p.lon <= 180)) r.fail(e, "XML-ATTR-VALUE", "lon must be between -180 and 180 degrees");
    return p;
}

RiverKindSpec kindSpec(io::xml::Reader& r, const XMLElement& e) {
    RiverKindSpec k;
    k.kind = r.enumeration(e, "kind", [](std::string_view v) -> std::optional<map::Watercourse> {
        if (v == "river") return map::Watercourse::River;
        if (v == "stream") return map::Watercourse::Stream;
        return std::nullopt;
    });
    k.navigable = r.boolean(e, "navigable", false);
    k.fordable = r.boolean(e, "fordable", true);
    if (k.kind == map::Watercourse::Stream && (k.navigable || !k.fordable))
        r.fail(e, "XML-ATTR-VALUE", "a stream is neither navigable nor unfordable");
    return k;
}

}  // namespace

Gazetteer readGazetteerString(std::string_view text, const std::string& fileName) {
    io::xml::Reader r(fileName);
    tinyxml2::XMLDocument doc;
    r.parse(doc, text);
    const XMLElement& root = r.root(doc, "gazetteer", kGazetteerFormatVersion);
    r.allow(root, {"formatVersion", "name"}, {"source", "place", "river", "course", "road", "area", "label"});
    Gazetteer g;
    g.name = r.str(root, "name", "");
    if (const auto* s = r.single(root, "source")) {
        r.allow(*s, {});
        if (s->GetText()) g.source = s->GetText();
    }
    std::set<std::string> ids;
    r.each(&root, "place", [&](const XMLElement& e) {
        r.allow(e, {"id", "name", "lat", "lon", "size", "fortification"});
        Place p;
        p.id = r.str(e, "id");
        if (!ids.insert(p.id).second) r.fail(e, "GAZ-DUP-ID", "two places have the id '" + core::shorten(p.id) + "'");
        p.name = r.str(e, "name");
        p.at = latLon(r, e);
        p.size = r.enumeration(e, "size", map::urbanSizeFromName);
        p.fortification = r.enumeration(e, "fortification", map::fortificationFromName, map::Fortification::None);
        p.line = e.GetLineNum();
        g.places.push_back(std::move(p));
    });
    r.each(&root, "river", [&](const XMLElement& e) {
        r.allow(e, {"name", "lat", "lon", "kind", "navigable", "fordable"});
        RiverName n{r.str(e, "name"), latLon(r, e), std::nullopt, e.GetLineNum()};
        if (e.Attribute("kind")) n.kind = kindSpec(r, e);
        g.rivers.push_back(std::move(n));
    });
    r.each(&root, "course", [&](const XMLElement& e) {
        r.allow(e, {"name", "kind", "navigable", "fordable"}, {"point"});
        Course c{r.str(e, "name"), kindSpec(r, e), {}, e.GetLineNum()};
        r.each(&e, "point", [&](const XMLElement& p) {
            r.allow(p, {"lat", "lon"});
            c.points.push_back(latLon(r, p));
        });
        if (c.points.size() < 2) r.fail(e, "GAZ-COURSE-SHORT", "the course '" + core::shorten(c.name) + "' has fewer than two points");
        g.courses.push_back(std::move(c));
    });
    r.each(&root, "road", [&](const XMLElement& e) {
        r.allow(e, {"id", "name", "kind", "via"});
        Road road;
        road.id = r.str(e, "id");
        road.name = r.str(e, "name", "");
        road.kind = r.enumeration(e, "kind", map::linkKindFromName);
        if (road.kind == map::LinkKind::NavigableRiver) r.fail(e, "XML-ATTR-VALUE", "a road's kind is major_road or minor_road");
        road.line = e.GetLineNum();
        // via: place ids and "lat,lon" points.
        for (const auto& word : io::xml::splitWords(r.str(e, "via"))) {
            Road::Via v;
            if (const auto comma = word.find(','); comma != std::string::npos) {
                char* end = nullptr;
                v.at.lat = std::strtod(word.c_str(), &end);
                const bool latOk = end == word.c_str() + comma;
                v.at.lon = std::strtod(word.c_str() + comma + 1, &end);
                if (!latOk || *end != '\0' || std::fabs(v.at.lat) > 90 || std::fabs(v.at.lon) > 180)
                    r.fail(e, "XML-ATTR-VALUE", "via '" + core::shorten(word) + "' is neither a place id nor a point lat,lon");
            } else {
                if (!ids.count(word))
                    r.fail(e, "GAZ-UNKNOWN-PLACE", "via names '" + core::shorten(word) + "', which is no place of the gazetteer");
                v.place = word;
            }
            road.via.push_back(std::move(v));
        }
        if (road.via.size() < 2)
            r.fail(e, "GAZ-ROAD-SHORT", "the road '" + core::shorten(road.id) + "' goes through fewer than two places or points");
        g.roads.push_back(std::move(road));
    });
    r.each(&root, "area", [&](const XMLElement& e) {
        r.allow(e, {"terrain", "lat", "lon", "radiusKm"});
        TerrainArea a;
        a.terrain = r.enumeration(e, "terrain", map::terrainFromName);
        if (map::isWater(a.terrain)) r.fail(e, "XML-ATTR-VALUE", "an area paints land terrain; water comes from the shorelines");
        a.at = latLon(r, e);
        a.radiusKm = r.real(e, "radiusKm");
        if (!(a.radiusKm > 0 && a.radiusKm <= 200)) r.fail(e, "XML-ATTR-VALUE", "radiusKm must be more than 0 and at most 200");
        a.line = e.GetLineNum();
        g.areas.push_back(a);
    });
    r.each(&root, "label", [&](const XMLElement& e) {
        r.allow(e, {"text", "lat", "lon"});
        g.labels.push_back({r.str(e, "text"), latLon(r, e), e.GetLineNum()});
    });
    r.finish();
    return g;
}

Gazetteer readGazetteerFile(const std::string& path) {
    return readGazetteerString(io::readInputFile(path, io::limits::kFileBytes), path);
}

}  // namespace etatmajor::geo
