// SPDX-License-Identifier: GPL-3.0-or-later
// A theatre's gazetteer: its towns with their urban sizes, and points naming its rivers, by latitude and longitude
// (XML, schemas/gazetteer.xsd, docs/formats/gazetteer.md).
#pragma once

#include "etatmajor/map/geo.hpp"
#include "etatmajor/map/map.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::geo {

inline constexpr int kGazetteerFormatVersion = 1;

struct Place {
    std::string id;
    std::string name;
    map::LatLon at;
    map::UrbanSize size = map::UrbanSize::Village;
    map::Fortification fortification = map::Fortification::None;
    int line = 0;
};

// A point on a river, naming the imported river that passes nearest to it.
struct RiverName {
    std::string name;
    map::LatLon at;
    int line = 0;
};

struct Gazetteer {
    std::string name;
    std::string source;  // where the positions and sizes come from
    std::vector<Place> places;
    std::vector<RiverName> rivers;
};

// Throws core::FileError holding every problem of the file (naming file and line).
Gazetteer readGazetteerFile(const std::string& path);
Gazetteer readGazetteerString(std::string_view xml, const std::string& fileName);

}  // namespace etatmajor::geo
