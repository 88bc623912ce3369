// What the window shows: a map, and when the file was a campaign, its sides and ME counters.
// Opened read-only; nothing here ever writes to the file it came from.
#pragma once

#include "map_style.hpp"

#include "etatmajor/map/map.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::gui {

enum class DocumentKind { Map, Campaign, CampaignDatabase };

// A file that cannot be shown. what() is one line for a person that names the file and, when known,
// the line ("FILE:LINE: error CODE: message").
class LoadError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct SideInfo {
    std::string id;
    std::string name;
    Allegiance allegiance = Allegiance::Other;
};

// One ME counter as the host sees it.
struct Counter {
    std::string id;
    std::string label;
    hex::Hex hex;
    std::size_t side = 0;   // index into MapDocument::sides()
    bool entering = false;  // still off the map, waiting at a LOC entry
};

class MapDocument {
public:
    // Opens FILE by its content: a map file, a campaign file (whose map is opened), or a campaign database.
    // Throws LoadError.
    static MapDocument load(const std::string& path);
    // The kind of FILE judged from its first bytes, without parsing it. Throws LoadError when it cannot be read
    // or is XML of another kind.
    static DocumentKind detectKind(const std::string& path);

    DocumentKind kind() const { return m_kind; }
    const std::string& path() const { return m_path; }
    // The campaign's name for campaigns, otherwise the map's.
    const std::string& title() const { return m_title; }
    const map::Map& map() const { return m_map; }
    const std::vector<SideInfo>& sides() const { return m_sides; }
    const std::vector<Counter>& counters() const { return m_counters; }
    // Recoverable problems found while reading, each a "FILE:LINE: ..." line.
    const std::vector<std::string>& warnings() const { return m_warnings; }

    // The colour family of a side named by its id (map geography or campaign), falling back on the
    // order of the map's sides when the id says nothing.
    Allegiance allegianceOf(std::string_view sideId) const;

private:
    void readMap(const std::string& mapPath);
    void readCampaign(const std::string& path);
    void readDatabase(const std::string& path);

    DocumentKind m_kind = DocumentKind::Map;
    std::string m_path;
    std::string m_title;
    map::Map m_map;
    std::vector<SideInfo> m_sides;
    std::vector<Counter> m_counters;
    std::vector<std::string> m_warnings;
};

}  // namespace etatmajor::gui
