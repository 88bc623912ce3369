// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/siege.hpp"

namespace etatmajor::rules {

using namespace campaign;

SiegeCheck checkSiege(const CampaignState& s, const MeState& me) {
    SiegeCheck out;
    const auto* ua = s.urbanAt(me.hex);
    if (!me.onMap || !ua) return out;
    out.ua = ua->id;
    const bool waterOpen = s.options.is("siege_water_hexes", "open");
    std::string besieger;
    for (const auto n : hex::neighbours(me.hex)) {
        if (!s.map.contains(n)) continue;  // the map's edge closes the ring
        if (map::isWater(s.map.terrain(n))) {
            if (waterOpen) out.openHexes.push_back(n);
            continue;
        }
        bool enemy = false;
        for (const auto& e : s.mes)
            if (e.onMap && e.side != me.side && e.hex == n) {
                enemy = true;
                besieger = e.side;
            }
        if (!enemy) out.openHexes.push_back(n);
    }
    out.besieged = out.openHexes.empty() && !besieger.empty();
    if (out.besieged) out.besieger = besieger;
    return out;
}

bool siegeSupplied(int startWeek, bool startedAtSupplyPhase, int supplyWeeks, int week) {
    const int first = startedAtSupplyPhase ? startWeek : startWeek + 1;
    return week < first + supplyWeeks;
}

}  // namespace etatmajor::rules
