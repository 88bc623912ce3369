// SPDX-License-Identifier: GPL-3.0-or-later
// The map editor's commands: each reads the current map and returns the Edit that carries out one request of a
// tool (paint these hexes, add this river hexside, ...). Nothing here changes the map; Edit::apply does.
//
// A request that changes nothing (painting woods on woods) gives an empty edit. A request that cannot be done
// (a ford where no river runs, a road step between hexes that are not adjacent) gives an empty edit whose
// refusal() says why. Ids of new rivers, routes and urban areas are made from their names and kept unique across
// the three lists (MAP-DUP-ID).
#pragma once

#include "etatmajor/edit/edit.hpp"
#include "etatmajor/map/map.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::edit {

using map::HexsideRef;

// ---- hexsides -------------------------------------------------------------------------------------------------

// The same hexside seen from either of its hexes.
bool sameSide(HexsideRef a, HexsideRef b);
// The hexside named from the hex with the smaller direction number (0..2), so equal hexsides compare equal.
HexsideRef canonicalSide(HexsideRef side);
// Whether at least one of the hexside's two hexes is on the map.
bool onMap(const map::Map& map, HexsideRef side);

// ---- terrain --------------------------------------------------------------------------------------------------

// Sets the terrain of the on-map hexes among `hexes` (duplicates and off-map hexes are ignored).
Edit setTerrain(const map::Map& map, const std::vector<Hex>& hexes, map::Terrain terrain, MergeKey merge = {});
// The terrain brush: every on-map hex within `radius` (0 = just the centre) of `centre`.
Edit paintTerrain(const map::Map& map, Hex centre, int radius, map::Terrain terrain, MergeKey merge = {});

// The bucket: `start` and every hex joined to it through hexes of the same terrain (neighbour to neighbour, on the
// map) get `terrain`. Empty when `start` is off the map or has that terrain already.
Edit fillTerrain(const map::Map& map, Hex start, map::Terrain terrain, MergeKey merge = {});

// ---- rivers and streams ---------------------------------------------------------------------------------------

struct WatercourseStyle {
    map::Watercourse kind = map::Watercourse::River;  // River or Stream
    bool navigable = false;                           // rivers only
    bool fordable = true;                             // rivers only; a stream is always fordable
    std::string name;
};

// Puts `side` on a watercourse of `style`. It is taken off any watercourse of another style first. It extends the
// river whose id is `extendId` when that one has the style, else the river of that style and (non-empty) name,
// else a new river. The edit's subject() is the id of the river that now holds the side.
Edit addRiverSide(const map::Map& map, HexsideRef side, const WatercourseStyle& style, const std::string& extendId = {},
                  MergeKey merge = {});
// Takes `side` off every river and stream, with any ford or bridge on it; a river left with no side is removed.
Edit removeRiverSide(const map::Map& map, HexsideRef side, MergeKey merge = {});

// ---- fords and bridges ----------------------------------------------------------------------------------------

// Places or changes the ford or bridge on `side`; refused where no river or stream runs.
Edit setCrossing(const map::Map& map, HexsideRef side, map::Crossing kind, const std::string& name, MergeKey merge = {});
Edit removeCrossing(const map::Map& map, HexsideRef side, MergeKey merge = {});

// ---- roads, tracks and waterways ------------------------------------------------------------------------------

// Adds the step from `from` to the adjacent hex `to` to a route of `kind`: nothing when that link exists already;
// otherwise the route `extendId` or a route of that kind ending (or starting) at `from` grows by `to`, or a new
// route [from, to] named `name` is made. The edit's subject() is the id of the route that holds the step (empty
// when the link existed). Refused when the hexes are not adjacent or both are off the map.
Edit addRouteStep(const map::Map& map, Hex from, Hex to, map::LinkKind kind, const std::string& name = {},
                  const std::string& extendId = {}, MergeKey merge = {});
// Removes the step between the adjacent hexes `a` and `b` from every route (of `kind` when given): a route is split
// in two where the step was, and parts shorter than two hexes are dropped.
Edit removeRouteStep(const map::Map& map, Hex a, Hex b, std::optional<map::LinkKind> kind = {}, MergeKey merge = {});
// Removes a whole route by id.
Edit removeRoute(const map::Map& map, std::string_view id);

// ---- urban areas, labels --------------------------------------------------------------------------------------

// Adds `urban` at its hex, or replaces the urban area already there (keeping its id when `urban.id` is empty).
// A new urban area without an id gets one made from its name.
Edit placeUrbanArea(const map::Map& map, map::UrbanArea urban);
Edit removeUrbanArea(const map::Map& map, Hex hex, MergeKey merge = {});

// Sets the text of the label on `hex` (adding one when there is none); an empty text removes it.
Edit setLabel(const map::Map& map, Hex hex, const std::string& text);
Edit removeLabel(const map::Map& map, Hex hex, MergeKey merge = {});

// ---- each side's geography ------------------------------------------------------------------------------------

Edit addSide(const map::Map& map, const std::string& sideId);
Edit removeSide(const map::Map& map, const std::string& sideId);
Edit setHomeEdges(const map::Map& map, const std::string& sideId, const std::vector<map::MapEdge>& edges, bool homeCoast);
// Makes `hex` a LOC entry of the side (or changes the kind and name of the one there). A new primary entry turns
// the side's previous primary into a secondary one, as a side has exactly one (MAP-SIDE-MULTI-PRIMARY).
Edit setLocEntry(const map::Map& map, const std::string& sideId, Hex hex, map::LocKind kind, const std::string& name,
                 MergeKey merge = {});
// Removes LOC entries on `hex`: of the side, or of every side when `sideId` is empty.
Edit removeLocEntry(const map::Map& map, Hex hex, const std::string& sideId = {}, MergeKey merge = {});
Edit addHq(const map::Map& map, const std::string& sideId, Hex hex, MergeKey merge = {});
Edit removeHq(const map::Map& map, Hex hex, const std::string& sideId = {}, MergeKey merge = {});

// ---- the map itself -------------------------------------------------------------------------------------------

// Changes id, name, description and km per hex; refused if `meta` would change the size or the hex layout.
Edit setMetadata(const map::Map& map, const map::MapMetadata& meta);

// ---- copying an area and stamping it elsewhere -----------------------------------------------------------------

// A piece of a map cut out for the stamp: hexes are kept relative to an anchor hex (axial differences, so the piece
// keeps its shape wherever it is put down, whatever the parity of the row or column it lands on).
struct MapPiece {
    struct Cell {
        Hex at;  // relative to the anchor
        map::Terrain terrain = map::Terrain::Clear;
    };
    struct Side {
        HexsideRef side;  // its hex relative to the anchor
        WatercourseStyle style;
        std::size_t river = 0;  // which river of the source it came from: sides of one river stay one river
    };
    struct CrossingItem {
        HexsideRef side;
        map::Crossing kind = map::Crossing::Ford;
        std::string name;
    };
    struct Step {
        Hex from, to;
        map::LinkKind kind = map::LinkKind::MajorRoad;
        std::string name;
        std::size_t route = 0;  // which route of the source it came from
    };
    std::vector<Cell> cells;
    std::vector<Side> sides;
    std::vector<CrossingItem> crossings;
    std::vector<Step> steps;
    std::vector<map::UrbanArea> urbanAreas;  // hexes relative, ids left empty
    std::vector<map::Label> labels;          // hexes relative
    bool empty() const { return cells.empty(); }
};

// The on-map hexes among `hexes` with their terrain, the river and stream hexsides between two of them, the fords
// and bridges on those, the road steps between two of them, and their urban areas and labels. Sides (LOC entries,
// HQs) belong to a side's geography and are not copied.
MapPiece copyArea(const map::Map& map, const std::vector<Hex>& hexes, Hex anchor);
// Puts `piece` down with its anchor on `at`: one edit. Hexes that would fall off the map are left out with what is
// on them; what the piece holds replaces what is there (terrain, a watercourse of another kind, an urban area, a
// label); what is there and not in the piece stays. Pasted rivers and roads join those of the same kind and name.
Edit pasteArea(const map::Map& map, const MapPiece& piece, Hex at, MergeKey merge = {});

// ---- the picker and the eraser --------------------------------------------------------------------------------

// The feature classes the eraser knows, one per tool.
enum class FeatureClass : std::uint8_t { Terrain, Watercourse, Crossing, Route, Urban, Label, LocEntry, Hq };

// Removes what the eraser of `cls` finds at `hex` (for hexside classes: on `side`). Terrain is reset to `clearTo`.
Edit eraseFeature(const map::Map& map, FeatureClass cls, Hex hex, HexsideRef side, map::Terrain clearTo = map::Terrain::Clear,
                  MergeKey merge = {});

// Everything on one hex, for the picker: one line per item, for a person.
std::vector<std::string> describeHex(const map::Map& map, Hex hex);

// An id not yet used by a river, route or urban area: `base` made lower-case and hyphenated, numbered when taken.
std::string uniqueId(const map::Map& map, std::string_view base);

}  // namespace etatmajor::edit
