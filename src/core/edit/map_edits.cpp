// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/edit/map_edits.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace etatmajor::edit {

using map::Map;

namespace {

// Records changes to a copy of one of the map's lists, so that each change's index refers to the list as the
// previous changes of the same edit left it.
template <typename T>
class Recorder {
public:
    Recorder(const std::vector<T>& items, Edit& edit) : m_items(items), m_edit(edit) {}
    const std::vector<T>& items() const { return m_items; }
    std::size_t size() const { return m_items.size(); }
    const T& operator[](std::size_t i) const { return m_items[i]; }

    void insert(std::size_t i, T value) {
        m_edit.add(ElementChange<T>{i, std::nullopt, value});
        m_items.insert(m_items.begin() + static_cast<std::ptrdiff_t>(i), std::move(value));
    }
    void push(T value) { insert(m_items.size(), std::move(value)); }
    void erase(std::size_t i) {
        m_edit.add(ElementChange<T>{i, m_items[i], std::nullopt});
        m_items.erase(m_items.begin() + static_cast<std::ptrdiff_t>(i));
    }
    void replace(std::size_t i, T value) {
        m_edit.add(ElementChange<T>{i, m_items[i], value});
        m_items[i] = std::move(value);
    }

private:
    std::vector<T> m_items;
    Edit& m_edit;
};

Edit refused(std::string label, std::string why) {
    Edit e(std::move(label));
    e.setRefusal(std::move(why));
    return e;
}

// "heavy_woods" -> "Heavy Woods", "major_road" -> "Major Road".
std::string titleCase(std::string_view name) {
    std::string out;
    bool start = true;
    for (const char ch : name) {
        if (ch == '_' || ch == ' ') {
            out += ' ';
            start = true;
        } else {
            out += start ? static_cast<char>(std::toupper(static_cast<unsigned char>(ch))) : ch;
            start = false;
        }
    }
    return out;
}

std::string lowerWords(std::string_view name) {
    std::string out(name);
    std::replace(out.begin(), out.end(), '_', ' ');
    return out;
}

std::string at(const Map& m, Hex h) { return hex::formatOffset(m.offsets().toOffset(h)); }

std::string slug(std::string_view text) {
    std::string out;
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c)) {
            out += static_cast<char>(std::tolower(c));
        } else if (!out.empty() && out.back() != '-') {
            out += '-';
        }
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out;
}

std::string uniqueIdAvoiding(const Map& m, std::string_view base, const std::set<std::string>& reserved) {
    std::set<std::string> taken = reserved;
    for (const auto& r : m.rivers()) taken.insert(r.id);
    for (const auto& r : m.routes()) taken.insert(r.id);
    for (const auto& u : m.urbanAreas()) taken.insert(u.id);
    std::string stem = slug(base);
    if (stem.empty()) stem = "feature";
    if (!taken.count(stem)) return stem;
    for (int n = 2;; ++n) {
        const std::string candidate = stem + "-" + std::to_string(n);
        if (!taken.count(candidate)) return candidate;
    }
}

bool hasSide(const map::River& r, HexsideRef side) {
    return std::any_of(r.sides.begin(), r.sides.end(), [&](const HexsideRef& s) { return sameSide(s, side); });
}

bool sameStyle(const map::River& r, const WatercourseStyle& s) {
    return r.kind == s.kind && r.navigable == s.navigable && r.fordable == s.fordable && r.name == s.name;
}

std::string linkLabel(map::LinkKind k) {
    switch (k) {
        case map::LinkKind::MajorRoad: return "Major Road";
        case map::LinkKind::MinorRoad: return "Minor Road";
        case map::LinkKind::NavigableRiver: return "Waterway";
    }
    return "Route";
}

std::string linkIdBase(map::LinkKind k) {
    switch (k) {
        case map::LinkKind::MajorRoad: return "road";
        case map::LinkKind::MinorRoad: return "track";
        case map::LinkKind::NavigableRiver: return "waterway";
    }
    return "route";
}

bool isStep(const map::Route& r, std::size_t i, Hex a, Hex b) {
    return (r.hexes[i - 1] == a && r.hexes[i] == b) || (r.hexes[i - 1] == b && r.hexes[i] == a);
}

std::size_t sideIndex(const Map& m, const std::string& id) {
    for (std::size_t i = 0; i < m.sides().size(); ++i)
        if (m.sides()[i].side == id) return i;
    return m.sides().size();
}

template <typename T, typename Pred>
bool eraseIf(std::vector<T>& v, Pred pred) {
    const auto before = v.size();
    v.erase(std::remove_if(v.begin(), v.end(), pred), v.end());
    return v.size() != before;
}

}  // namespace

// ---- hexsides -------------------------------------------------------------------------------------------------

bool sameSide(HexsideRef a, HexsideRef b) {
    const HexsideRef ca = canonicalSide(a);
    const HexsideRef cb = canonicalSide(b);
    return ca.hex == cb.hex && ca.dir == cb.dir;
}

HexsideRef canonicalSide(HexsideRef side) {
    const int dir = ((side.dir % hex::kDirections) + hex::kDirections) % hex::kDirections;
    if (dir >= 3) return {hex::neighbour(side.hex, dir), hex::oppositeDirection(dir)};
    return {side.hex, dir};
}

bool onMap(const Map& m, HexsideRef side) { return m.contains(side.hex) || m.contains(hex::neighbour(side.hex, side.dir)); }

std::string uniqueId(const Map& m, std::string_view base) { return uniqueIdAvoiding(m, base, {}); }

// ---- terrain --------------------------------------------------------------------------------------------------

Edit setTerrain(const Map& m, const std::vector<Hex>& hexes, map::Terrain terrain, MergeKey merge) {
    Edit edit("Paint " + titleCase(map::terrainName(terrain)), merge);
    TerrainChange change;
    std::set<Hex> seen;
    for (const Hex h : hexes) {
        if (!m.contains(h) || !seen.insert(h).second) continue;
        const map::Terrain before = m.terrain(h);
        if (before != terrain) change.cells.push_back({h, before, terrain});
    }
    if (!change.cells.empty()) edit.add(std::move(change));
    return edit;
}

Edit paintTerrain(const Map& m, Hex centre, int radius, map::Terrain terrain, MergeKey merge) {
    return setTerrain(m, hex::spiral(centre, std::max(0, radius)), terrain, merge);
}

Edit fillTerrain(const Map& m, Hex start, map::Terrain terrain, MergeKey merge) {
    Edit edit("Fill " + titleCase(map::terrainName(terrain)), merge);
    if (!m.contains(start)) return refused(edit.label(), "That hex is off the map.");
    const map::Terrain from = m.terrain(start);
    if (from == terrain) return edit;
    // A flood over the map's own index, so that filling the whole of a large map stays a matter of milliseconds.
    std::vector<char> seen(m.hexCount(), 0);
    std::vector<Hex> area{start};
    seen[m.indexOf(start)] = 1;
    for (std::size_t i = 0; i < area.size(); ++i)
        for (const Hex n : hex::neighbours(area[i])) {
            if (!m.contains(n) || m.terrain(n) != from) continue;
            auto& mark = seen[m.indexOf(n)];
            if (mark) continue;
            mark = 1;
            area.push_back(n);
        }
    TerrainChange change;
    change.cells.reserve(area.size());
    for (const Hex h : area) change.cells.push_back({h, from, terrain});
    edit.add(std::move(change));
    return edit;
}

// ---- rivers and streams ---------------------------------------------------------------------------------------

Edit addRiverSide(const Map& m, HexsideRef side, const WatercourseStyle& styleIn, const std::string& extendId, MergeKey merge) {
    WatercourseStyle style = styleIn;
    if (style.kind == map::Watercourse::None) style.kind = map::Watercourse::River;
    if (style.kind == map::Watercourse::Stream) {
        style.navigable = false;
        style.fordable = true;
    }
    const std::string noun = style.kind == map::Watercourse::Stream ? "Stream" : "River";
    Edit edit("Draw " + noun, merge);
    if (!onMap(m, side)) return refused(edit.label(), "That hexside is off the map.");

    Recorder rivers(m.rivers(), edit);
    // Already on a watercourse of this very style: nothing to do.
    for (const auto& r : rivers.items())
        if (sameStyle(r, style) && hasSide(r, side)) {
            edit.setSubject(r.id);
            return edit;
        }
    // Taken off watercourses of another style (the last index first, so earlier indices stay valid).
    for (std::size_t i = rivers.size(); i-- > 0;) {
        if (!hasSide(rivers[i], side)) continue;
        map::River r = rivers[i];
        eraseIf(r.sides, [&](const HexsideRef& s) { return sameSide(s, side); });
        if (r.sides.empty()) rivers.erase(i);
        else rivers.replace(i, std::move(r));
    }

    std::size_t target = rivers.size();
    if (!extendId.empty())
        for (std::size_t i = 0; i < rivers.size() && target == rivers.size(); ++i)
            if (rivers[i].id == extendId && sameStyle(rivers[i], style)) target = i;
    if (target == rivers.size() && !style.name.empty())
        for (std::size_t i = 0; i < rivers.size() && target == rivers.size(); ++i)
            if (sameStyle(rivers[i], style)) target = i;

    if (target < rivers.size()) {
        map::River r = rivers[target];
        r.sides.push_back(side);
        edit.setSubject(r.id);
        rivers.replace(target, std::move(r));
    } else {
        map::River r;
        r.id = uniqueId(m, style.name.empty() ? slug(noun) : style.name);
        r.name = style.name;
        r.kind = style.kind;
        r.navigable = style.navigable;
        r.fordable = style.fordable;
        r.sides.push_back(side);
        edit.setSubject(r.id);
        rivers.push(std::move(r));
    }
    return edit;
}

Edit removeRiverSide(const Map& m, HexsideRef side, MergeKey merge) {
    Edit edit("Erase Watercourse", merge);
    Recorder rivers(m.rivers(), edit);
    for (std::size_t i = rivers.size(); i-- > 0;) {
        if (!hasSide(rivers[i], side)) continue;
        map::River r = rivers[i];
        eraseIf(r.sides, [&](const HexsideRef& s) { return sameSide(s, side); });
        if (r.sides.empty()) rivers.erase(i);
        else rivers.replace(i, std::move(r));
    }
    if (edit.empty()) return edit;
    // A ford or bridge cannot stay where no water runs (MAP-CROSSING-NO-RIVER).
    Recorder crossings(m.crossings(), edit);
    for (std::size_t i = crossings.size(); i-- > 0;)
        if (sameSide(crossings[i].side, side)) crossings.erase(i);
    return edit;
}

// ---- fords and bridges ----------------------------------------------------------------------------------------

Edit setCrossing(const Map& m, HexsideRef side, map::Crossing kind, const std::string& name, MergeKey merge) {
    Edit edit(kind == map::Crossing::Bridge ? "Place Bridge" : "Place Ford", merge);
    if (kind == map::Crossing::None) return removeCrossing(m, side, merge);
    if (!onMap(m, side)) return refused(edit.label(), "That hexside is off the map.");
    const map::Hexside* hs = m.hexside(side.hex, side.dir);
    if (!hs || hs->watercourse == map::Watercourse::None)
        return refused(edit.label(), "A ford or bridge needs a river or stream on that hexside.");
    Recorder crossings(m.crossings(), edit);
    for (std::size_t i = 0; i < crossings.size(); ++i) {
        if (!sameSide(crossings[i].side, side)) continue;
        if (crossings[i].kind == kind && crossings[i].name == name) return edit;
        map::CrossingPoint c = crossings[i];
        c.kind = kind;
        c.name = name;
        crossings.replace(i, std::move(c));
        return edit;
    }
    crossings.push({side, kind, name, 0});
    return edit;
}

Edit removeCrossing(const Map& m, HexsideRef side, MergeKey merge) {
    Edit edit("Erase Crossing", merge);
    Recorder crossings(m.crossings(), edit);
    for (std::size_t i = crossings.size(); i-- > 0;)
        if (sameSide(crossings[i].side, side)) crossings.erase(i);
    return edit;
}

// ---- roads, tracks and waterways ------------------------------------------------------------------------------

Edit addRouteStep(const Map& m, Hex from, Hex to, map::LinkKind kind, const std::string& name, const std::string& extendId,
                  MergeKey merge) {
    Edit edit("Draw " + linkLabel(kind), merge);
    const int dir = hex::directionTo(from, to);
    if (dir < 0) return refused(edit.label(), "A route runs only between neighbouring hexes.");
    if (!m.contains(from) || !m.contains(to)) return refused(edit.label(), "A route must stay on the map.");
    if (kind != map::LinkKind::NavigableRiver && (map::isWater(m.terrain(from)) || map::isWater(m.terrain(to))))
        return refused(edit.label(), "A road or track cannot enter a sea or lake hex.");
    if (m.hasLink(from, dir, kind)) return edit;

    Recorder routes(m.routes(), edit);
    auto grow = [&](std::size_t i) {
        map::Route r = routes[i];
        if (r.hexes.back() == from) r.hexes.push_back(to);
        else r.hexes.insert(r.hexes.begin(), to);
        edit.setSubject(r.id);
        routes.replace(i, std::move(r));
    };
    auto endsAt = [&](const map::Route& r) {
        return r.kind == kind && !r.hexes.empty() && (r.hexes.back() == from || r.hexes.front() == from);
    };
    if (!extendId.empty())
        for (std::size_t i = 0; i < routes.size(); ++i)
            if (routes[i].id == extendId && endsAt(routes[i])) {
                grow(i);
                return edit;
            }
    // Prefer a route that ends at `from` over one that starts there, so a road keeps its direction.
    for (std::size_t i = 0; i < routes.size(); ++i)
        if (endsAt(routes[i]) && routes[i].hexes.back() == from) {
            grow(i);
            return edit;
        }
    for (std::size_t i = 0; i < routes.size(); ++i)
        if (endsAt(routes[i])) {
            grow(i);
            return edit;
        }
    map::Route r;
    r.id = uniqueId(m, name.empty() ? linkIdBase(kind) : name);
    r.name = name;
    r.kind = kind;
    r.hexes = {from, to};
    edit.setSubject(r.id);
    routes.push(std::move(r));
    return edit;
}

Edit removeRouteStep(const Map& m, Hex a, Hex b, std::optional<map::LinkKind> kind, MergeKey merge) {
    Edit edit("Erase Route Step", merge);
    if (hex::directionTo(a, b) < 0) return refused(edit.label(), "A route step joins neighbouring hexes.");
    Recorder routes(m.routes(), edit);
    std::set<std::string> newIds;
    for (std::size_t i = 0; i < routes.size(); ++i) {
        const map::Route& r = routes[i];
        if (kind && r.kind != *kind) continue;
        bool found = false;
        for (std::size_t k = 1; k < r.hexes.size() && !found; ++k) found = isStep(r, k, a, b);
        if (!found) continue;
        // Split at every occurrence of the step; keep the pieces that are still routes.
        std::vector<std::vector<Hex>> pieces(1);
        pieces.back().push_back(r.hexes.front());
        for (std::size_t k = 1; k < r.hexes.size(); ++k) {
            if (isStep(r, k, a, b)) pieces.emplace_back();
            pieces.back().push_back(r.hexes[k]);
        }
        eraseIf(pieces, [](const std::vector<Hex>& p) { return p.size() < 2; });
        const map::Route original = r;
        if (pieces.empty()) {
            routes.erase(i--);
            continue;
        }
        map::Route first = original;
        first.hexes = pieces.front();
        routes.replace(i, std::move(first));
        for (std::size_t p = 1; p < pieces.size(); ++p) {
            map::Route more = original;
            more.line = 0;
            more.id = uniqueIdAvoiding(m, original.id, newIds);
            newIds.insert(more.id);
            more.hexes = pieces[p];
            routes.insert(++i, std::move(more));
        }
    }
    return edit;
}

Edit removeRoute(const Map& m, std::string_view id) {
    Edit edit("Delete Route");
    Recorder routes(m.routes(), edit);
    for (std::size_t i = routes.size(); i-- > 0;)
        if (routes[i].id == id) routes.erase(i);
    return edit;
}

// ---- urban areas, labels --------------------------------------------------------------------------------------

Edit placeUrbanArea(const Map& m, map::UrbanArea urban) {
    Edit edit("Add Urban Area");
    if (!m.contains(urban.hex)) return refused(edit.label(), "That hex is off the map.");
    if (urban.name.empty()) return refused(edit.label(), "An urban area needs a name.");
    if (map::isWater(m.terrain(urban.hex))) return refused(edit.label(), "An urban area cannot stand on a sea or lake hex.");
    Recorder list(m.urbanAreas(), edit);
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (list[i].hex != urban.hex) continue;
        edit.setLabel("Edit Urban Area");
        map::UrbanArea u = list[i];
        if (!urban.id.empty() && urban.id != u.id) u.id = uniqueId(m, urban.id);
        u.name = urban.name;
        u.size = urban.size;
        u.fortification = urban.fortification;
        if (u.id == list[i].id && u.name == list[i].name && u.size == list[i].size && u.fortification == list[i].fortification)
            return edit;
        edit.setSubject(u.id);
        list.replace(i, std::move(u));
        return edit;
    }
    urban.id = uniqueId(m, urban.id.empty() ? urban.name : urban.id);
    urban.line = 0;
    edit.setSubject(urban.id);
    list.push(std::move(urban));
    return edit;
}

Edit removeUrbanArea(const Map& m, Hex h, MergeKey merge) {
    Edit edit("Delete Urban Area", merge);
    Recorder list(m.urbanAreas(), edit);
    for (std::size_t i = list.size(); i-- > 0;)
        if (list[i].hex == h) list.erase(i);
    return edit;
}

Edit setLabel(const Map& m, Hex h, const std::string& text) {
    if (text.empty()) return removeLabel(m, h);
    Edit edit("Add Label");
    if (!m.contains(h)) return refused(edit.label(), "That hex is off the map.");
    Recorder list(m.labels(), edit);
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (list[i].hex != h) continue;
        edit.setLabel("Edit Label");
        if (list[i].text == text) return edit;
        map::Label l = list[i];
        l.text = text;
        list.replace(i, std::move(l));
        return edit;
    }
    list.push({h, text, 0});
    return edit;
}

Edit removeLabel(const Map& m, Hex h, MergeKey merge) {
    Edit edit("Delete Label", merge);
    Recorder list(m.labels(), edit);
    for (std::size_t i = list.size(); i-- > 0;)
        if (list[i].hex == h) list.erase(i);
    return edit;
}

// ---- each side's geography ------------------------------------------------------------------------------------

Edit addSide(const Map& m, const std::string& sideId) {
    Edit edit("Add Side");
    const std::string id = slug(sideId);
    if (id.empty()) return refused(edit.label(), "A side needs an id of letters and digits.");
    if (m.side(id)) return refused(edit.label(), "The map already describes the side '" + id + "'.");
    Recorder list(m.sides(), edit);
    map::SideGeography s;
    s.side = id;
    edit.setSubject(id);
    list.push(std::move(s));
    return edit;
}

Edit removeSide(const Map& m, const std::string& sideId) {
    Edit edit("Delete Side");
    Recorder list(m.sides(), edit);
    for (std::size_t i = list.size(); i-- > 0;)
        if (list[i].side == sideId) list.erase(i);
    return edit;
}

Edit setHomeEdges(const Map& m, const std::string& sideId, const std::vector<map::MapEdge>& edges, bool homeCoast) {
    Edit edit("Set Home Edges");
    const std::size_t i = sideIndex(m, sideId);
    if (i == m.sides().size()) return refused(edit.label(), "The map does not describe the side '" + sideId + "'.");
    map::SideGeography s = m.sides()[i];
    std::vector<map::MapEdge> sorted = edges;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    if (sorted == s.homeEdges && homeCoast == s.homeCoast) return edit;
    s.homeEdges = std::move(sorted);
    s.homeCoast = homeCoast;
    Recorder list(m.sides(), edit);
    list.replace(i, std::move(s));
    return edit;
}

Edit setLocEntry(const Map& m, const std::string& sideId, Hex h, map::LocKind kind, const std::string& name, MergeKey merge) {
    Edit edit(kind == map::LocKind::Primary ? "Set Primary LOC Entry" : "Set Secondary LOC Entry", merge);
    const std::size_t i = sideIndex(m, sideId);
    if (i == m.sides().size()) return refused(edit.label(), "The map does not describe the side '" + sideId + "'.");
    if (!m.contains(h)) return refused(edit.label(), "That hex is off the map.");
    if (map::isWater(m.terrain(h))) return refused(edit.label(), "A LOC entry cannot be a sea or lake hex.");
    map::SideGeography s = m.sides()[i];
    bool found = false;
    for (auto& e : s.locEntries) {
        if (e.hex == h) {
            found = true;
            e.kind = kind;
            e.name = name;
        } else if (kind == map::LocKind::Primary && e.kind == map::LocKind::Primary) {
            e.kind = map::LocKind::Secondary;
        }
    }
    if (!found) s.locEntries.push_back({kind, h, name, 0});
    const auto& old = m.sides()[i].locEntries;
    const bool same = old.size() == s.locEntries.size() &&
                      std::equal(old.begin(), old.end(), s.locEntries.begin(),
                                 [](const auto& a, const auto& b) { return a.kind == b.kind && a.hex == b.hex && a.name == b.name; });
    if (same) return edit;
    Recorder list(m.sides(), edit);
    list.replace(i, std::move(s));
    return edit;
}

Edit removeLocEntry(const Map& m, Hex h, const std::string& sideId, MergeKey merge) {
    Edit edit("Erase LOC Entry", merge);
    Recorder list(m.sides(), edit);
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (!sideId.empty() && list[i].side != sideId) continue;
        map::SideGeography s = list[i];
        if (eraseIf(s.locEntries, [&](const map::LocEntry& e) { return e.hex == h; })) list.replace(i, std::move(s));
    }
    return edit;
}

Edit addHq(const Map& m, const std::string& sideId, Hex h, MergeKey merge) {
    Edit edit("Place HQ", merge);
    const std::size_t i = sideIndex(m, sideId);
    if (i == m.sides().size()) return refused(edit.label(), "The map does not describe the side '" + sideId + "'.");
    if (!m.contains(h)) return refused(edit.label(), "That hex is off the map.");
    map::SideGeography s = m.sides()[i];
    if (std::find(s.hqHexes.begin(), s.hqHexes.end(), h) != s.hqHexes.end()) return edit;
    s.hqHexes.push_back(h);
    Recorder list(m.sides(), edit);
    list.replace(i, std::move(s));
    return edit;
}

Edit removeHq(const Map& m, Hex h, const std::string& sideId, MergeKey merge) {
    Edit edit("Erase HQ", merge);
    Recorder list(m.sides(), edit);
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (!sideId.empty() && list[i].side != sideId) continue;
        map::SideGeography s = list[i];
        if (eraseIf(s.hqHexes, [&](Hex x) { return x == h; })) list.replace(i, std::move(s));
    }
    return edit;
}

// ---- the map itself -------------------------------------------------------------------------------------------

Edit setMetadata(const Map& m, const map::MapMetadata& meta) {
    Edit edit("Change Map Properties");
    const auto& old = m.metadata();
    if (meta.width != old.width || meta.height != old.height || meta.orientation != old.orientation || meta.parity != old.parity)
        return refused(edit.label(), "The size and layout of the hexes cannot be changed on an existing map.");
    if (!(meta.kmPerHex > 0)) return refused(edit.label(), "The scale must be more than 0 km per hex.");
    if (slug(meta.id) != meta.id || meta.id.empty())
        return refused(edit.label(), "A map id is made of lower-case letters, digits and hyphens.");
    if (meta.id == old.id && meta.name == old.name && meta.description == old.description && meta.kmPerHex == old.kmPerHex)
        return edit;
    edit.add(MetadataChange{old, meta});
    return edit;
}

// ---- copying an area and stamping it elsewhere -----------------------------------------------------------------

MapPiece copyArea(const Map& m, const std::vector<Hex>& hexes, Hex anchor) {
    MapPiece piece;
    std::set<Hex> area;
    for (const Hex h : hexes)
        if (m.contains(h) && area.insert(h).second) piece.cells.push_back({h - anchor, m.terrain(h)});
    const auto inside = [&](HexsideRef s) { return area.count(s.hex) && area.count(hex::neighbour(s.hex, s.dir)); };
    const auto relative = [&](HexsideRef s) { return HexsideRef{s.hex - anchor, s.dir}; };
    for (std::size_t i = 0; i < m.rivers().size(); ++i) {
        const auto& r = m.rivers()[i];
        for (const auto& s : r.sides)
            if (inside(s)) piece.sides.push_back({relative(s), {r.kind, r.navigable, r.fordable, r.name}, i});
    }
    for (const auto& c : m.crossings())
        if (inside(c.side)) piece.crossings.push_back({relative(c.side), c.kind, c.name});
    for (std::size_t i = 0; i < m.routes().size(); ++i) {
        const auto& r = m.routes()[i];
        for (std::size_t k = 1; k < r.hexes.size(); ++k)
            if (area.count(r.hexes[k - 1]) && area.count(r.hexes[k]))
                piece.steps.push_back({r.hexes[k - 1] - anchor, r.hexes[k] - anchor, r.kind, r.name, i});
    }
    for (auto u : m.urbanAreas())
        if (area.count(u.hex)) {
            u.hex = u.hex - anchor;
            u.id.clear();
            u.line = 0;
            piece.urbanAreas.push_back(std::move(u));
        }
    for (auto l : m.labels())
        if (area.count(l.hex)) {
            l.hex = l.hex - anchor;
            l.line = 0;
            piece.labels.push_back(std::move(l));
        }
    return piece;
}

Edit pasteArea(const Map& m, const MapPiece& piece, Hex at, MergeKey merge) {
    Edit edit("Stamp " + std::to_string(piece.cells.size()) + (piece.cells.size() == 1 ? " Hex" : " Hexes"), merge);
    if (piece.empty()) return refused(edit.label(), "Nothing has been copied yet: drag over an area with the stamp tool first.");
    // Each part is made by the command a tool would use, against the map as the parts before it left it, so that
    // ids stay unique and every index of the combined edit refers to the list as the change before it left it.
    Map work = m;
    const auto take = [&](const Edit& part) {
        if (part.empty()) return;
        part.apply(work);
        for (const auto& change : part.changes()) edit.add(change);
    };
    TerrainChange terrain;
    for (const auto& cell : piece.cells) {
        const Hex h = cell.at + at;
        if (work.contains(h) && work.terrain(h) != cell.terrain) terrain.cells.push_back({h, work.terrain(h), cell.terrain});
    }
    if (!terrain.cells.empty()) {
        Edit part;
        part.add(std::move(terrain));
        take(part);
    }
    std::vector<std::string> riverIds(m.rivers().size());
    for (const auto& s : piece.sides) {
        const HexsideRef side{s.side.hex + at, s.side.dir};
        if (!work.contains(side.hex) || !work.contains(hex::neighbour(side.hex, side.dir))) continue;
        const Edit part = addRiverSide(work, side, s.style, s.river < riverIds.size() ? riverIds[s.river] : std::string());
        if (s.river < riverIds.size() && !part.subject().empty()) riverIds[s.river] = part.subject();
        take(part);
    }
    for (const auto& c : piece.crossings) {
        const HexsideRef side{c.side.hex + at, c.side.dir};
        if (work.contains(side.hex) && work.contains(hex::neighbour(side.hex, side.dir)))
            take(setCrossing(work, side, c.kind, c.name));
    }
    std::vector<std::string> routeIds(m.routes().size());
    for (const auto& s : piece.steps) {
        const Hex from = s.from + at;
        const Hex to = s.to + at;
        if (!work.contains(from) || !work.contains(to)) continue;
        const std::string extend = s.route < routeIds.size() ? routeIds[s.route] : std::string();
        const Edit part = addRouteStep(work, from, to, s.kind, s.name, extend);
        if (s.route < routeIds.size() && !part.subject().empty()) routeIds[s.route] = part.subject();
        take(part);
    }
    for (auto u : piece.urbanAreas) {
        u.hex = u.hex + at;
        if (work.contains(u.hex)) take(placeUrbanArea(work, std::move(u)));
    }
    for (const auto& l : piece.labels)
        if (work.contains(l.hex + at)) take(setLabel(work, l.hex + at, l.text));
    return edit;
}

// ---- the picker and the eraser --------------------------------------------------------------------------------

Edit eraseFeature(const Map& m, FeatureClass cls, Hex h, HexsideRef side, map::Terrain clearTo, MergeKey merge) {
    switch (cls) {
        case FeatureClass::Terrain: {
            Edit e = setTerrain(m, {h}, clearTo, merge);
            e.setLabel("Erase Terrain");
            return e;
        }
        case FeatureClass::Watercourse: return removeRiverSide(m, side, merge);
        case FeatureClass::Crossing: return removeCrossing(m, side, merge);
        case FeatureClass::Route: return removeRouteStep(m, side.hex, hex::neighbour(side.hex, side.dir), std::nullopt, merge);
        case FeatureClass::Urban: return removeUrbanArea(m, h, merge);
        case FeatureClass::Label: return removeLabel(m, h, merge);
        case FeatureClass::LocEntry: return removeLocEntry(m, h, {}, merge);
        case FeatureClass::Hq: return removeHq(m, h, {}, merge);
    }
    return Edit();
}

std::vector<std::string> describeHex(const Map& m, Hex h) {
    std::vector<std::string> out;
    if (!m.contains(h)) return out;
    out.push_back("Hex " + at(m, h) + ": " + lowerWords(map::terrainName(m.terrain(h))));
    if (const auto* u = m.urbanAreaAt(h)) {
        std::string line = "Urban area: " + u->name + " (" + std::string(map::urbanSizeName(u->size));
        if (u->fortification != map::Fortification::None)
            line += ", " + std::string(map::fortificationName(u->fortification)) + " fortification";
        out.push_back(line + ")");
    }
    for (const auto& l : m.labels())
        if (l.hex == h) out.push_back("Label: " + l.text);
    const auto orientation = m.metadata().orientation;
    for (int dir = 0; dir < hex::kDirections; ++dir) {
        const map::Hexside* hs = m.hexside(h, dir);
        if (!hs || (hs->watercourse == map::Watercourse::None && hs->crossing == map::Crossing::None)) continue;
        std::string line = std::string(hex::directionName(orientation, dir)) + " side: ";
        if (hs->watercourse != map::Watercourse::None) {
            line += hs->name.empty() ? std::string(hs->watercourse == map::Watercourse::Stream ? "stream" : "river") : hs->name;
            if (hs->watercourse == map::Watercourse::Stream) line += " (stream)";
            else
                line += std::string(" (river") + (hs->navigable ? ", navigable" : "") +
                        (hs->fordable ? ", fordable" : ", not fordable") + ")";
        }
        for (const auto& c : m.crossings())
            if (sameSide(c.side, {h, dir}))
                line += std::string(", ") + (c.kind == map::Crossing::Bridge ? "bridge" : "ford") +
                        (c.name.empty() ? "" : " " + c.name);
        out.push_back(line);
    }
    for (const auto& r : m.routes())
        if (std::find(r.hexes.begin(), r.hexes.end(), h) != r.hexes.end())
            out.push_back(linkLabel(r.kind) + ": " + (r.name.empty() ? r.id : r.name));
    for (const auto& s : m.sides()) {
        for (const auto& e : s.locEntries)
            if (e.hex == h)
                out.push_back("LOC entry (" + std::string(map::locKindName(e.kind)) + ") of " + s.side +
                              (e.name.empty() ? "" : ": " + e.name));
        for (const Hex hq : s.hqHexes)
            if (hq == h) out.push_back("HQ of " + s.side);
    }
    return out;
}

}  // namespace etatmajor::edit
