// SPDX-License-Identifier: GPL-3.0-or-later
#include "map_document.hpp"

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"
#include "etatmajor/view/side_view.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

namespace etatmajor::gui {

namespace {

constexpr std::size_t kPeekBytes = 8192;

std::string fileError(const std::string& path, const std::string& message) { return path + ": error: " + message; }

// The name of the first element of an XML text, skipping the declaration, comments and a DOCTYPE;
// empty when the text does not start like XML. lineOut receives the element's line.
std::string rootElementName(const std::string& text, int& lineOut) {
    std::size_t i = 0;
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) i = 3;
    const auto skipSpace = [&] {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    };
    for (;;) {
        skipSpace();
        if (i >= text.size() || text[i] != '<') return {};
        if (text.compare(i, 2, "<?") == 0) {
            const auto end = text.find("?>", i);
            if (end == std::string::npos) return {};
            i = end + 2;
        } else if (text.compare(i, 4, "<!--") == 0) {
            const auto end = text.find("-->", i);
            if (end == std::string::npos) return {};
            i = end + 3;
        } else if (text.compare(i, 2, "<!") == 0) {
            const auto end = text.find('>', i);
            if (end == std::string::npos) return {};
            i = end + 1;
        } else {
            break;
        }
    }
    lineOut = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(i), '\n'));
    std::size_t j = i + 1;
    while (j < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_' || text[j] == '-' || text[j] == ':' || text[j] == '.'))
        ++j;
    return text.substr(i + 1, j - i - 1);
}

std::string storeErrorText(const std::string& path, const db::StoreError& e) { return path + ": error " + e.code() + ": " + e.what(); }

}  // namespace

DocumentKind MapDocument::detectKind(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw LoadError(fileError(path, "no such file"));
    if (std::filesystem::is_directory(path, ec)) throw LoadError(fileError(path, "is a directory, not a file"));
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LoadError(fileError(path, "cannot be opened for reading"));
    std::string head(kPeekBytes, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));

    if (head.compare(0, 16, std::string("SQLite format 3\0", 16)) == 0) return DocumentKind::CampaignDatabase;
    int line = 1;
    const std::string root = rootElementName(head, line);
    if (root == "map") return DocumentKind::Map;
    if (root == "campaign") return DocumentKind::Campaign;
    if (!root.empty())
        throw LoadError(path + ":" + std::to_string(line) + ": error: the root element <" + root +
                        "> is neither <map> nor <campaign>");
    // Not XML as far as we can tell: the campaign store decides whether it is one of its databases.
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && head[first] == '<')
        throw LoadError(fileError(path, "looks like XML but its root element cannot be read"));
    return DocumentKind::CampaignDatabase;
}

MapDocument MapDocument::load(const std::string& path) {
    MapDocument doc;
    doc.m_path = path;
    doc.m_kind = detectKind(path);
    try {
        switch (doc.m_kind) {
            case DocumentKind::Map: doc.readMap(path); break;
            case DocumentKind::Campaign: doc.readCampaign(path); break;
            case DocumentKind::CampaignDatabase: doc.readDatabase(path); break;
        }
    } catch (const core::FileError& e) {
        throw LoadError(e.toIssue().format());
    } catch (const db::StoreError& e) {
        throw LoadError(storeErrorText(path, e));
    } catch (const LoadError&) {
        throw;
    } catch (const std::exception& e) {
        throw LoadError(fileError(path, e.what()));
    }
    return doc;
}

MapDocument MapDocument::createNew(const map::MapMetadata& meta, map::Terrain fill) {
    MapDocument doc;
    doc.m_kind = DocumentKind::Map;
    doc.m_map = map::Map(meta, fill);
    return doc;
}

std::string MapDocument::title() const {
    if (m_kind == DocumentKind::Map) return m_map.metadata().name;
    return m_title;
}

void MapDocument::saveAs(const std::string& path) {
    if (!editable()) throw LoadError(path + ": error: a campaign or a campaign database is never written by the editor");
    io::writeMapFile(m_map, path, m_headerComments);
    m_path = path;
}

void MapDocument::readMap(const std::string& mapPath) {
    auto result = io::readMapFile(mapPath);
    m_map = std::move(result.map);
    if (m_kind == DocumentKind::Map) m_headerComments = std::move(result.headerComments);
    for (const auto& issue : result.issues.items()) m_warnings.push_back(issue.format());
    if (m_title.empty()) m_title = m_map.metadata().name;
}

void MapDocument::readCampaign(const std::string& path) {
    const auto scenario = io::readScenarioFile(path);
    m_title = scenario.name;
    readMap(scenario.mapPath);
    for (const auto& side : scenario.sides) {
        const std::size_t index = m_sides.size();
        Allegiance allegiance = MapStyle::allegianceOf(side.nationalities);
        if (allegiance == Allegiance::Other) allegiance = MapStyle::allegianceFromText(side.id + " " + side.name);
        m_sides.push_back({side.id, side.name, allegiance});
        for (const auto& me : side.mes) {
            const auto at = io::placementHex(me, side, m_map);
            if (!at) continue;
            m_counters.push_back({me.id, me.label, *at, index, me.placement.kind == campaign::MePlacement::Kind::Entry});
        }
    }
}

// A campaign database opened as a document shows its map only: its counters belong to a side's view, which only the
// turn manager shows (fromView), to the side chosen there.
void MapDocument::readDatabase(const std::string& path) {
    const auto store = db::CampaignStore::open(path, true);
    m_title = store.info().name;
    m_map = store.loadMap();
    if (m_title.empty()) m_title = m_map.metadata().name;
}

MapDocument MapDocument::fromView(const std::string& path, map::Map map, const std::string& title, const view::SideView* view) {
    MapDocument doc;
    doc.m_kind = DocumentKind::CampaignDatabase;
    doc.m_path = path;
    doc.m_map = std::move(map);
    doc.m_title = title.empty() ? doc.m_map.metadata().name : title;
    if (view) doc.readView(*view);
    return doc;
}

void MapDocument::readView(const view::SideView& view) {
    const auto offsets = m_map.offsets();
    for (const auto& side : view.sides) {
        SideInfo info{side.id, side.name, MapStyle::allegianceFromText(side.nationalities)};
        if (info.allegiance == Allegiance::Other) info.allegiance = MapStyle::allegianceFromText(info.id + " " + info.name);
        if (info.allegiance == Allegiance::Other) info.allegiance = allegianceOf(info.id);
        const std::size_t index = m_sides.size();
        m_sides.push_back(info);
        for (const auto& me : side.mes) {
            const hex::Hex at = offsets.toHex(me.offset);
            if (!m_map.contains(at)) continue;
            m_counters.push_back({me.id, me.label, at, index, me.entering});
        }
        // The side's own decoys, which only its own view (and the host's) lists.
        for (const auto& d : side.decoys) {
            const auto offset = hex::parseOffset(d.hex);
            if (!offset || !m_map.contains(offsets.toHex(*offset))) continue;
            Counter counter;
            counter.id = "decoy:" + d.id;
            counter.label = d.id;
            counter.hex = offsets.toHex(*offset);
            counter.side = index;
            counter.decoy = true;
            m_counters.push_back(counter);
        }
        // The other side's counters in a side's view: where they are, face down unless identified.
        int n = 0;
        for (const auto& c : side.counters) {
            ++n;
            const hex::Hex at = offsets.toHex(c.offset);
            if (!m_map.contains(at)) continue;
            Counter counter;
            counter.id = info.id + "#" + std::to_string(n);
            counter.label = c.faceDown ? std::string() : c.label;
            counter.hex = at;
            counter.side = index;
            counter.faceDown = c.faceDown || counter.label.empty();
            m_counters.push_back(counter);
        }
    }
}

Allegiance MapDocument::allegianceOf(std::string_view sideId) const {
    for (const auto& s : m_sides)
        if (s.id == sideId && s.allegiance != Allegiance::Other) return s.allegiance;
    const Allegiance guess = MapStyle::allegianceFromText(sideId);
    if (guess != Allegiance::Other) return guess;
    const auto& geo = m_map.sides();
    for (std::size_t i = 0; i < geo.size() && i < 2; ++i)
        if (geo[i].side == sideId) return i == 0 ? Allegiance::Crown : Allegiance::Rebel;
    return Allegiance::Other;
}

}  // namespace etatmajor::gui
