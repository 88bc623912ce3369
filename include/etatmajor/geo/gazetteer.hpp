// SPDX-License-Identifier: GPL-3.0-or-later
// A theatre's gazetteer: its towns with their urban sizes, and points naming its rivers, by latitude and longitude
// (XML, schemas/gazetteer.xsd, docs/formats/gazetteer.md).
#pragma once

#include "etatmajor/map/geo.hpp"
#include "etatmajor/map/map.hpp"

#include <optional>
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

// What a river is on the map: river or stream, navigable, fordable (map::River).
struct RiverKindSpec {
    map::Watercourse kind = map::Watercourse::River;
    bool navigable = false;
    bool fordable = true;
};

// A point on a river, naming the imported river that passes nearest to it; with a kind, it also says what that river
// is (the WDBII classes are a poor guide to a river's size in the eighteenth century).
struct RiverName {
    std::string name;
    map::LatLon at;
    std::optional<RiverKindSpec> kind;
    int line = 0;
};

// A river course the data lack, drawn by its points (upstream or downstream, it does not matter).
struct Course {
    std::string name;
    RiverKindSpec kind;
    std::vector<map::LatLon> points;
    int line = 0;
};

// A road or track of the period through places (by id) and points, in order.
struct Road {
    std::string id;
    std::string name;
    map::LinkKind kind = map::LinkKind::MajorRoad;
    struct Via {
        std::string place;  // a place id, or empty for a point
        map::LatLon at;
    };
    std::vector<Via> via;
    int line = 0;
};

// Terrain brushed over the land and lake hexes whose centres lie within radiusKm of a point (so that a present-day
// reservoir can be made land again); never over the sea.
struct TerrainArea {
    map::Terrain terrain = map::Terrain::Woods;
    map::LatLon at;
    double radiusKm = 0;
    int line = 0;
};

// A name written on the map at the hex a point falls in (a river, a swamp, a range of hills).
struct LabelSpec {
    std::string text;
    map::LatLon at;
    int line = 0;
};

struct Gazetteer {
    std::string name;
    std::string source;  // where the positions and sizes come from
    std::vector<Place> places;
    std::vector<RiverName> rivers;
    std::vector<Course> courses;
    std::vector<Road> roads;
    std::vector<TerrainArea> areas;  // in the file's order: a later area paints over an earlier one
    std::vector<LabelSpec> labels;
};

// Throws core::FileError holding every problem of the file (naming file and line).
Gazetteer readGazetteerFile(const std::string& path);
Gazetteer readGazetteerString(std::string_view xml, const std::string& fileName);

}  // namespace etatmajor::geo
