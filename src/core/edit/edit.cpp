// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/edit/edit.hpp"

#include <algorithm>
#include <cassert>
#include <set>
#include <type_traits>

namespace etatmajor::edit {

namespace {

template <typename T>
std::vector<T>& listOf(map::Map& m);
template <>
std::vector<map::River>& listOf(map::Map& m) {
    return m.rivers();
}
template <>
std::vector<map::CrossingPoint>& listOf(map::Map& m) {
    return m.crossings();
}
template <>
std::vector<map::Route>& listOf(map::Map& m) {
    return m.routes();
}
template <>
std::vector<map::UrbanArea>& listOf(map::Map& m) {
    return m.urbanAreas();
}
template <>
std::vector<map::Label>& listOf(map::Map& m) {
    return m.labels();
}
template <>
std::vector<map::SideGeography>& listOf(map::Map& m) {
    return m.sides();
}

// Moves the list from `from` to `to` at the change's index (one of them may be absent: insert or erase).
template <typename T>
void move(std::vector<T>& list, std::size_t index, const std::optional<T>& from, const std::optional<T>& to) {
    if (from && to) {
        assert(index < list.size());
        list[index] = *to;
    } else if (to) {
        assert(index <= list.size());
        list.insert(list.begin() + static_cast<std::ptrdiff_t>(index), *to);
    } else if (from) {
        assert(index < list.size());
        list.erase(list.begin() + static_cast<std::ptrdiff_t>(index));
    }
}

struct Derived {
    bool hexsides = false;
    bool links = false;
    void note(const Change& c) {
        hexsides |= std::holds_alternative<RiverChange>(c) || std::holds_alternative<CrossingChange>(c);
        links |= std::holds_alternative<RouteChange>(c);
    }
    void rebuild(map::Map& m) const {
        if (hexsides) m.rebuildHexsides();
        if (links) m.rebuildLinks();
    }
};

void applyOne(map::Map& m, const Change& change, bool forward) {
    std::visit(
        [&](const auto& c) {
            using C = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<C, TerrainChange>) {
                if (forward) {
                    for (const auto& cell : c.cells) m.setTerrain(cell.hex, cell.after);
                } else {
                    for (auto it = c.cells.rbegin(); it != c.cells.rend(); ++it) m.setTerrain(it->hex, it->before);
                }
            } else if constexpr (std::is_same_v<C, MetadataChange>) {
                m.metadata() = forward ? c.after : c.before;
            } else {
                using T = typename decltype(c.before)::value_type;
                if (forward) move(listOf<T>(m), c.index, c.before, c.after);
                else move(listOf<T>(m), c.index, c.after, c.before);
            }
        },
        change);
}

// Both hexes of a hexside.
void addSide(std::vector<Hex>& out, const map::HexsideRef& s) {
    out.push_back(s.hex);
    out.push_back(hex::neighbour(s.hex, s.dir));
}

// Canonical key of a hexside for set arithmetic.
std::pair<Hex, int> sideKey(const map::HexsideRef& s) {
    if (s.dir >= 3) return {hex::neighbour(s.hex, s.dir), hex::oppositeDirection(s.dir)};
    return {s.hex, s.dir};
}

// The hexsides of a river that differ between two states (all of them when its look changed).
void riverHexes(std::vector<Hex>& out, const std::optional<map::River>& a, const std::optional<map::River>& b) {
    const bool sameLook = a && b && a->kind == b->kind && a->navigable == b->navigable && a->fordable == b->fordable;
    if (!sameLook) {
        for (const auto* r : {&a, &b})
            if (*r)
                for (const auto& s : (*r)->sides) addSide(out, s);
        return;
    }
    std::set<std::pair<Hex, int>> before;
    std::set<std::pair<Hex, int>> after;
    for (const auto& s : a->sides) before.insert(sideKey(s));
    for (const auto& s : b->sides) after.insert(sideKey(s));
    for (const auto& k : before)
        if (!after.count(k)) addSide(out, {k.first, k.second});
    for (const auto& k : after)
        if (!before.count(k)) addSide(out, {k.first, k.second});
}

// The steps of a route that differ between two states (all of them when its kind changed).
void routeHexes(std::vector<Hex>& out, const std::optional<map::Route>& a, const std::optional<map::Route>& b) {
    auto steps = [](const map::Route& r) {
        std::set<std::pair<Hex, Hex>> s;
        for (std::size_t i = 1; i < r.hexes.size(); ++i) s.insert(std::minmax(r.hexes[i - 1], r.hexes[i]));
        return s;
    };
    if (!(a && b && a->kind == b->kind)) {
        for (const auto* r : {&a, &b})
            if (*r) out.insert(out.end(), (*r)->hexes.begin(), (*r)->hexes.end());
        return;
    }
    const auto before = steps(*a);
    const auto after = steps(*b);
    for (const auto& s : before)
        if (!after.count(s)) out.insert(out.end(), {s.first, s.second});
    for (const auto& s : after)
        if (!before.count(s)) out.insert(out.end(), {s.first, s.second});
}

}  // namespace

void Edit::apply(map::Map& m) const {
    Derived derived;
    for (const auto& c : m_changes) {
        applyOne(m, c, true);
        derived.note(c);
    }
    derived.rebuild(m);
}

void Edit::revert(map::Map& m) const {
    Derived derived;
    for (auto it = m_changes.rbegin(); it != m_changes.rend(); ++it) {
        applyOne(m, *it, false);
        derived.note(*it);
    }
    derived.rebuild(m);
}

bool Edit::canMergeWith(const Edit& next) const { return m_merge.kind != MergeKind::None && m_merge == next.m_merge; }

void Edit::mergeWith(Edit next) {
    assert(canMergeWith(next));
    for (auto& change : next.m_changes) {
        auto* incoming = std::get_if<TerrainChange>(&change);
        auto* last = m_changes.empty() ? nullptr : std::get_if<TerrainChange>(&m_changes.back());
        if (!incoming || !last) {
            m_changes.push_back(std::move(change));
            continue;
        }
        // Terrain of a hex painted twice in one stroke: one cell, first `before`, last `after`.
        for (const auto& cell : incoming->cells) {
            const auto found = std::find_if(last->cells.begin(), last->cells.end(),
                                            [&](const TerrainCell& c) { return c.hex == cell.hex; });
            if (found != last->cells.end()) found->after = cell.after;
            else last->cells.push_back(cell);
        }
    }
    if (!next.m_subject.empty()) m_subject = std::move(next.m_subject);
}

std::vector<Hex> Edit::touchedHexes() const {
    std::vector<Hex> out;
    for (const auto& change : m_changes) {
        std::visit(
            [&](const auto& c) {
                using C = std::decay_t<decltype(c)>;
                if constexpr (std::is_same_v<C, TerrainChange>) {
                    for (const auto& cell : c.cells) out.push_back(cell.hex);
                } else if constexpr (std::is_same_v<C, RiverChange>) {
                    riverHexes(out, c.before, c.after);
                } else if constexpr (std::is_same_v<C, CrossingChange>) {
                    for (const auto* x : {&c.before, &c.after})
                        if (*x) addSide(out, (*x)->side);
                } else if constexpr (std::is_same_v<C, RouteChange>) {
                    routeHexes(out, c.before, c.after);
                } else if constexpr (std::is_same_v<C, UrbanChange> || std::is_same_v<C, LabelChange>) {
                    for (const auto* x : {&c.before, &c.after})
                        if (*x) out.push_back((*x)->hex);
                } else if constexpr (std::is_same_v<C, SideChange>) {
                    for (const auto* x : {&c.before, &c.after}) {
                        if (!*x) continue;
                        for (const auto& e : (*x)->locEntries) out.push_back(e.hex);
                        out.insert(out.end(), (*x)->hqHexes.begin(), (*x)->hqHexes.end());
                    }
                }
            },
            change);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool Edit::touchesMetadata() const {
    return std::any_of(m_changes.begin(), m_changes.end(), [](const Change& c) { return std::holds_alternative<MetadataChange>(c); });
}

}  // namespace etatmajor::edit
