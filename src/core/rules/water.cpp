// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/water.hpp"

#include "etatmajor/campaign/points.hpp"
#include "etatmajor/rules/supply.hpp"

#include <algorithm>

namespace etatmajor::rules {

using namespace campaign;

bool byWater(const map::Map& map, hex::Hex h) {
    for (int d = 0; d < hex::kDirections; ++d) {
        const hex::Hex n = hex::neighbour(h, d);
        if (map.contains(n) && map::isWater(map.terrain(n))) return true;
        if (const auto* side = map.hexside(h, d); side && side->watercourse == map::Watercourse::River && side->navigable) return true;
        if (map.hasLink(h, d, map::LinkKind::NavigableRiver)) return true;
    }
    return false;
}

int uaTransportCapacity(map::UrbanSize size, bool water) {
    if (!water) return 0;
    switch (size) {
        case map::UrbanSize::Village:
        case map::UrbanSize::Town: return 100;
        case map::UrbanSize::City: return 400;
        default: return 0;
    }
}

int liftNeeded(const CampaignState& s, const std::string& me) {
    if (s.options.is("water_lift", "whole_me_400")) return kLiftPerMe;
    int points = 0;
    for (const auto* u : s.unitsOf(me)) {
        points += (standPrice(*u) * u->figuresCurrent + u->figuresPerStand - 1) / std::max(1, u->figuresPerStand);
        for (const auto& g : u->guns) points += gunStandCost(g.calibre) * g.standsCurrent;
    }
    return std::clamp(points, 1, kLiftPerMe);
}

bool navigableStep(const map::Map& map, hex::Hex from, hex::Hex to) {
    const int dir = hex::directionTo(from, to);
    if (dir < 0 || !map.contains(to)) return false;
    if (map.hasLink(from, dir, map::LinkKind::NavigableRiver)) return true;
    return map::isWater(map.terrain(from)) || map::isWater(map.terrain(to));
}

WaterPlan planWaterMove(const map::Map& map, hex::Hex from, const std::vector<hex::Hex>& route, bool embark, bool disembark,
                        int weatherModifier, bool seaClosed) {
    WaterPlan p;
    p.allowance = std::max(0, kWaterMr - (embark ? 1 : 0) - (disembark ? 1 : 0) + std::min(0, weatherModifier));
    hex::Hex at = from;
    for (const auto h : route) {
        if (static_cast<int>(p.entered.size()) >= p.allowance) {
            p.stoppedBy = "allowance spent";
            break;
        }
        if (!navigableStep(map, at, h)) {
            p.stoppedBy = "no navigable water";
            break;
        }
        if (seaClosed && map.terrain(h) == map::Terrain::Sea) {  // one already on the sea may still land
            p.stoppedBy = "the sea is closed";
            p.stoppedBySea = true;
            break;
        }
        p.entered.push_back(h);
        at = h;
    }
    return p;
}

// A fleet that closes the sea (docs/rules-mapping.md "A fleet that closes the sea"). Cost: O(1).
bool seaClosed(const campaign::CampaignState& state, std::string_view side) {
    const auto* s = state.side(side);
    return s && s->blockadeWeek > 0 && state.week >= s->blockadeWeek;
}

// Cost: O(home edges).
bool seaEntry(const map::Map& map, std::string_view side, hex::Hex h) {
    const auto* geo = map.side(side);
    if (!geo || !map.isCoastal(h)) return false;
    for (const auto e : geo->homeEdges)
        if (map.onEdge(h, e)) return false;
    return true;
}

bool entryClosed(const campaign::CampaignState& state, std::string_view side, hex::Hex h) {
    return seaClosed(state, side) && seaEntry(state.map, side, h);
}

bool primaryEntryClosed(const campaign::CampaignState& state, std::string_view side) {
    if (const auto* geo = state.map.side(side))
        for (const auto& e : geo->locEntries)
            if (e.kind == map::LocKind::Primary) return entryClosed(state, side, e.hex);
    return false;
}

std::vector<int> transportInstalments(const Options& options) {
    if (options.is("transport_payment", "three_instalments")) return {134, 133, 133};
    return {kTransportBuildCost};
}

int transportReadyWeek(int startWeek) { return startWeek + kTransportBuildWeeks; }

}  // namespace etatmajor::rules
