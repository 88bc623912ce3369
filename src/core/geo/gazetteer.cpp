// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/geo/gazetteer.hpp"

#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/limits.hpp"
#include "io/xml_util.hpp"

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

}  // namespace

Gazetteer readGazetteerString(std::string_view text, const std::string& fileName) {
    io::xml::Reader r(fileName);
    tinyxml2::XMLDocument doc;
    r.parse(doc, text);
    const XMLElement& root = r.root(doc, "gazetteer", kGazetteerFormatVersion);
    r.allow(root, {"formatVersion", "name"}, {"source", "place", "river"});
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
        r.allow(e, {"name", "lat", "lon"});
        g.rivers.push_back({r.str(e, "name"), latLon(r, e), e.GetLineNum()});
    });
    r.finish();
    return g;
}

Gazetteer readGazetteerFile(const std::string& path) {
    return readGazetteerString(io::readInputFile(path, io::limits::kFileBytes), path);
}

}  // namespace etatmajor::geo
