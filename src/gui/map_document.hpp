// SPDX-License-Identifier: GPL-3.0-or-later
// What the window shows: a map, and when the file was a campaign, its sides and ME counters.
// A map file can be edited and saved; campaign files and databases are shown read-only and never written.
#pragma once

#include "map_style.hpp"

#include "etatmajor/map/map.hpp"
#include "etatmajor/view/side_view.hpp"

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

// One ME counter as the viewing side sees it (the host sees every counter face up).
struct Counter {
    std::string id;
    std::string label;
    hex::Hex hex;
    std::size_t side = 0;   // index into MapDocument::sides()
    bool entering = false;  // still off the map, waiting at a LOC entry
    bool faceDown = false;  // an enemy counter the viewing side has not identified (etat-major.md §2.2)
    bool decoy = false;     // one of the viewing side's own decoys (§2.3): drawn as a blank counter marked D
};

class MapDocument {
public:
    // Opens FILE by its content: a map file, a campaign file (whose map is opened), or a campaign database (its map
    // only: a side's counters are shown by the turn manager, fromView). Throws LoadError.
    static MapDocument load(const std::string& path);
    // The kind of FILE judged from its first bytes, without parsing it. Throws LoadError when it cannot be read
    // or is XML of another kind.
    static DocumentKind detectKind(const std::string& path);
    // A new, unsaved map of the given size and layout, every hex `fill`.
    static MapDocument createNew(const map::MapMetadata& meta, map::Terrain fill);
    // A campaign database as one viewer sees it: `view` is the core's view for that side (or the host's,
    // view::buildSideView), so only what it may know is shown: its own MEs, and the enemy's counters as it sees them.
    // Without a view (no side chosen yet) the map is shown with no counter at all.
    static MapDocument fromView(const std::string& path, map::Map map, const std::string& title, const view::SideView* view);

    DocumentKind kind() const { return m_kind; }
    // Only map files are edited; campaigns and databases are shown read-only.
    bool editable() const { return m_kind == DocumentKind::Map; }
    // Empty for a new map that has not been saved yet.
    const std::string& path() const { return m_path; }
    // The campaign's name for campaigns, otherwise the map's (which an edit may change).
    std::string title() const;
    const map::Map& map() const { return m_map; }
    // The map to edit; callers change it only through edit commands (edit::Edit::apply / revert).
    map::Map& editableMap() { return m_map; }
    // Writes the map to PATH atomically (io::writeMapFile), with the comments that headed the file it was read from,
    // and from then on belongs to PATH. Throws core::FileError; a campaign or database is never written.
    void saveAs(const std::string& path);
    const std::vector<SideInfo>& sides() const { return m_sides; }
    const std::vector<Counter>& counters() const { return m_counters; }
    // The comments before the <map> element of the file the map was read from (empty for a new map).
    const std::vector<std::string>& headerComments() const { return m_headerComments; }
    // Recoverable problems found while reading, each a "FILE:LINE: ..." line.
    const std::vector<std::string>& warnings() const { return m_warnings; }

    // The colour family of a side named by its id (map geography or campaign), falling back on the
    // order of the map's sides when the id says nothing.
    Allegiance allegianceOf(std::string_view sideId) const;

private:
    void readMap(const std::string& mapPath);
    void readCampaign(const std::string& path);
    void readDatabase(const std::string& path);
    void readView(const view::SideView& view);

    DocumentKind m_kind = DocumentKind::Map;
    std::string m_path;
    std::string m_title;
    map::Map m_map;
    std::vector<SideInfo> m_sides;
    std::vector<Counter> m_counters;
    std::vector<std::string> m_warnings;
    std::vector<std::string> m_headerComments;
};

}  // namespace etatmajor::gui
