// SPDX-License-Identifier: GPL-3.0-or-later
// Lines of communication (etat-major.md §9.5; G-56, G-59, G-89, G-90, G-91).
//
// The LOC network is the graph of hexes joined by roads, tracks and navigable waterways (option loc_media). It is
// built once per map on Boost.Graph's compressed sparse row graph, behind this core-owned type. Tracing works per
// side with ONE multi-source breadth-first search from all of the side's usable supply sources at once: every
// reached hex learns which source reached it first and its parent toward that source. An ME's LOC to its own
// nominated source is then read off that one search (the regions of neighbouring sources meet along recorded
// edges), never by a search per ME. Enemy MEs are pre-coloured as blocked; decoys only under decoy_effects = cuts_loc.
#pragma once

#include "etatmajor/campaign/options.hpp"
#include "etatmajor/campaign/state.hpp"
#include "etatmajor/map/map.hpp"

#include <memory>
#include <string>
#include <vector>

namespace etatmajor::rules {

enum class LocProblem {
    None,
    SourceUnknown,        // the nominated source is no urban area
    SourceNotControlled,  // the side does not control it (§9.2.2)
    SourceOccupied,       // an enemy ME stands in the source hex (G-91)
    OwnHexOccupied,       // an enemy ME shares the ME's hex (G-91, loc_cut_colocated = yes)
    NotOnNetwork,         // no road, track or waterway within reach of the ME (G-90)
    NoRoute,              // the network does not join the ME to its source at all
    Cut,                  // a route exists, but enemy MEs block every one (G-91)
};
std::string_view locProblemName(LocProblem p);

struct MeLoc {
    std::string me;
    std::string source;
    bool valid = false;
    LocProblem problem = LocProblem::None;
    std::vector<hex::Hex> path;      // from the ME's hex to the source; empty when not valid
    std::string viaMe;               // set when the LOC is traced through a friendly ME (chain rule, G-90)
    std::vector<std::string> cutBy;  // enemy MEs standing on the route the enemy cut
    // Under replacement_source = any_traceable (G-81): every controlled UA the ME can trace a LOC to, its own source
    // first when it reaches it; empty otherwise.
    std::vector<std::string> reachable;
};

// A counter that is not an ME but may still cut a LOC: a decoy under decoy_effects = cuts_loc (etat-major.md §2.3, G-42).
struct LocBlocker {
    std::string id;
    std::string side;
    hex::Hex hex;
};

class LocNetwork {
public:
    LocNetwork(const map::Map& map, const campaign::Options& options);
    ~LocNetwork();
    LocNetwork(LocNetwork&&) noexcept;
    LocNetwork& operator=(LocNetwork&&) noexcept;

    std::size_t nodeCount() const;
    std::size_t edgeCount() const;  // directed edges (each link counts twice)
    bool onNetwork(hex::Hex h) const;

    // Every ME of `side` that is on the map, in the state's ME order.
    // `decoys`: the decoys on the map; they block like enemy MEs only under decoy_effects = cuts_loc (G-42) and are
    // ignored otherwise.
    std::vector<MeLoc> trace(const campaign::CampaignState& state, const std::string& side,
                             const std::vector<LocBlocker>& decoys = {}) const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace etatmajor::rules
