// SPDX-License-Identifier: GPL-3.0-or-later
// A route for tests that write orders: up to `steps` hexes from `from` toward `target` over land, each hex closer than
// the last (the nearest neighbour first), stopping where no land hex is closer.
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/hex/hex.hpp"

#include <optional>
#include <string>
#include <vector>

namespace etatmajor::test {

// The hex of the enemy ME on the map nearest to `from`, for a side `side` that closes with the enemy; nothing when
// none is on the map.
inline std::optional<hex::Hex> nearestEnemy(const campaign::CampaignState& s, hex::Hex from, const std::string& side) {
    std::optional<hex::Hex> target;
    for (const auto& e : s.mes)
        if (e.onMap && e.side != side && (!target || hex::distance(from, e.hex) < hex::distance(from, *target))) target = e.hex;
    return target;
}

inline std::vector<hex::Offset> toward(const campaign::CampaignState& s, hex::Hex from, hex::Hex target, int steps) {
    std::vector<hex::Offset> path;
    hex::Hex at = from;
    for (int i = 0; i < steps && at != target; ++i) {
        std::optional<hex::Hex> next;
        for (const hex::Hex n : hex::neighbours(at))
            if (s.map.contains(n) && !map::isWater(s.map.terrain(n)) && hex::distance(n, target) < hex::distance(at, target) &&
                (!next || hex::distance(n, target) < hex::distance(*next, target)))
                next = n;
        if (!next) break;
        at = *next;
        path.push_back(s.map.offsets().toOffset(at));
    }
    return path;
}

}  // namespace etatmajor::test
