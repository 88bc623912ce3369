// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/supply.hpp"

#include "etatmajor/campaign/points.hpp"

#include <algorithm>

namespace etatmajor::rules {

using namespace campaign;

int uaMultiplier(const Options& options) { return options.is("ua_multiplier", "5") ? 5 : 10; }

int forageValue(int roll, Season season, const Options& options) {
    int value = options.is("forage_multiplier", "raw") ? roll : roll * uaMultiplier(options);
    if (season == Season::Winter && options.is("forage_winter_halving", "on")) value /= 2;
    return value;
}

bool forageExclusive(const CampaignState& state, const MeState& me) {
    for (const auto& other : state.mes) {
        if (other.id == me.id || !other.onMap) continue;
        const int d = hex::distance(other.hex, me.hex);
        if (other.side != me.side) {
            if (d <= 1) return false;  // an enemy ME stands in the forage area
        } else {
            if (d <= 1) return false;                                // a friendly ME stands in it
            if (other.mode == Mode::Forage && d <= 2) return false;  // a friendly forage area overlaps it
        }
    }
    return true;
}

int standPrice(const UnitState& u) {
    // §13.1: an engineer group (officer and two sapper stands) costs 30 whole: 10 a stand.
    if (u.type == UnitType::Engineers) return 10;
    UnitDef def;
    def.type = u.type;
    def.unitClass = u.unitClass;
    def.armament = u.armament;
    def.stands = 1;
    return unitPoints(def);  // §13.1 with the rifle, mounted and crew modifiers
}

int replacementCost(const UnitState& u, int figures, const Options& options) {
    if (figures <= 0) return 0;
    const int price = standPrice(u);
    if (options.is("figure_pricing", "whole_stands")) return (figures + u.figuresPerStand - 1) / u.figuresPerStand * price;
    return (figures * price + u.figuresPerStand - 1) / u.figuresPerStand;  // pro rata, rounded up (G-82)
}

ReplacementNeed replaceableFigures(const UnitState& u, const Options& options) {
    ReplacementNeed need;
    // G-80: Guard troops and engineers come back only through the primary grant (gun_replacement =
    // primary_grant_only; local_sp lets local SPs pay for them too); removed units never (G-57).
    const bool reserved = (u.guard || u.type == UnitType::Engineers) && !options.is("gun_replacement", "local_sp");
    if (u.removed || reserved) return need;
    const int missing = u.figuresOriginal - u.figuresCurrent;
    if (missing <= 0) return need;
    const bool full = options.is("replacement_cap", "chart_full");
    const bool roundUp = options.is("replacement_rounding", "ceil");
    auto half = [&](int n) { return roundUp ? (n + 1) / 2 : n / 2; };
    if (options.is("attrition_replacement", "full_priority")) {
        need.attritionFigures = std::min(u.lostAttrition, missing);
        need.combatFigures = full ? u.lostCombat : half(u.lostCombat);
    } else {  // within_cap: attrition counts with the other losses under the cap
        const int all = u.lostAttrition + u.lostCombat;
        const int allowed = full ? all : half(all);
        need.attritionFigures = std::min(u.lostAttrition, allowed);
        need.combatFigures = allowed - need.attritionFigures;
    }
    need.combatFigures = std::min(need.combatFigures, missing - need.attritionFigures);
    return need;
}

}  // namespace etatmajor::rules
