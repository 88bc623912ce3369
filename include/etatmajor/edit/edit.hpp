// SPDX-License-Identifier: GPL-3.0-or-later
// A map-editor edit: plain data that moves a map::Map from one state to another and back.
//
// An Edit is a list of primitive changes, each carrying both the state before and the state after, so applying and
// reverting are exact (the map written out after apply + revert is byte-identical to the one before). Edits are
// made by the factories in map_edits.hpp, which read the current map; apply() must then be called on that same map
// state. Consecutive edits with the same non-empty MergeKey (the applications of one brush stroke) merge into one
// undo step. Architecture §2: the GUI wraps these once for wxCommandProcessor; EditHistory is the wx-free history.
#pragma once

#include "etatmajor/hex/hex.hpp"
#include "etatmajor/map/map.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace etatmajor::edit {

using hex::Hex;

// One hex's terrain before and after.
struct TerrainCell {
    Hex hex;
    map::Terrain before = map::Terrain::Clear;
    map::Terrain after = map::Terrain::Clear;
    friend bool operator==(const TerrainCell&, const TerrainCell&) = default;
};

struct TerrainChange {
    std::vector<TerrainCell> cells;
};

// Inserts (no `before`), erases (no `after`) or replaces (both) the element at `index` of one of the map's lists.
// Changes of one edit are applied in order and reverted in reverse order, so each index refers to the list as the
// previous changes left it.
template <typename T>
struct ElementChange {
    std::size_t index = 0;
    std::optional<T> before;
    std::optional<T> after;
};

using RiverChange = ElementChange<map::River>;             // Map::rivers()
using CrossingChange = ElementChange<map::CrossingPoint>;  // Map::crossings()
using RouteChange = ElementChange<map::Route>;             // Map::routes()
using UrbanChange = ElementChange<map::UrbanArea>;         // Map::urbanAreas()
using LabelChange = ElementChange<map::Label>;             // Map::labels()
using SideChange = ElementChange<map::SideGeography>;      // Map::sides()

// The map's descriptive metadata. Width, height, orientation and parity never change through an edit.
struct MetadataChange {
    map::MapMetadata before;
    map::MapMetadata after;
};

using Change =
    std::variant<TerrainChange, RiverChange, CrossingChange, RouteChange, UrbanChange, LabelChange, SideChange, MetadataChange>;

// What merges: edits of the same kind from the same stroke (one press-drag-release of the mouse, or one scripted
// drag). kind None never merges.
enum class MergeKind : std::uint8_t { None, TerrainBrush, Watercourse, Crossing, Route, Eraser, Other };

struct MergeKey {
    MergeKind kind = MergeKind::None;
    std::uint64_t stroke = 0;
    friend bool operator==(const MergeKey&, const MergeKey&) = default;
};

class Edit {
public:
    Edit() = default;
    explicit Edit(std::string label, MergeKey merge = {}) : m_label(std::move(label)), m_merge(merge) {}

    // The name of the step for the Edit menu ("Paint Woods", "Add River Hexside").
    const std::string& label() const { return m_label; }
    void setLabel(std::string label) { m_label = std::move(label); }
    MergeKey mergeKey() const { return m_merge; }

    const std::vector<Change>& changes() const { return m_changes; }
    bool empty() const { return m_changes.empty(); }
    void add(Change change) { m_changes.push_back(std::move(change)); }

    // When a factory was asked for something that cannot be done, the edit is empty and this says why, for a person.
    const std::string& refusal() const { return m_refusal; }
    void setRefusal(std::string why) { m_refusal = std::move(why); }
    // The id of the river or route the edit created or extended, so the next application of a stroke extends it.
    const std::string& subject() const { return m_subject; }
    void setSubject(std::string id) { m_subject = std::move(id); }

    // Moves `map` from the state the edit was made for to the state after it, and back. Rebuilds the map's derived
    // hexside and link tables when rivers, crossings or routes change.
    void apply(map::Map& map) const;
    void revert(map::Map& map) const;

    // True when `next` belongs to the same stroke: both carry the same merge key and it is not None.
    bool canMergeWith(const Edit& next) const;
    // Folds `next` (made for the state after this edit) into this edit; terrain cells of one hex coalesce, keeping
    // the first `before` and the last `after`. Precondition: canMergeWith(next).
    void mergeWith(Edit next);

    // Hexes whose drawing may change when the edit is applied or reverted: painted hexes, both hexes of every
    // changed hexside, the hexes of added or removed route steps, urban areas, labels, LOC entries and HQs.
    std::vector<Hex> touchedHexes() const;
    // Whether the map's metadata (name, id, description, km per hex) changes.
    bool touchesMetadata() const;

private:
    std::string m_label;
    MergeKey m_merge;
    std::vector<Change> m_changes;
    std::string m_refusal;
    std::string m_subject;
};

}  // namespace etatmajor::edit
