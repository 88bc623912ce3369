// SPDX-License-Identifier: GPL-3.0-or-later
// A route for tests that write orders: up to `steps` hexes from `from` toward `target` over land, each hex closer than
// the last (the nearest neighbour first), stopping where no land hex is closer.
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/hex/hex.hpp"

#include <optional>
#include <vector>

namespace etatmajor::test {

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
