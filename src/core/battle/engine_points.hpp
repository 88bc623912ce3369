// SPDX-License-Identifier: GPL-3.0-or-later
// Private to the engine's sources: what units and generals are worth in points (§2.21, §3.3), read by the set-up
// (start points), the deployment (the strongest brigade, the rearguard) and the end of the battle (the ledger).
#pragma once

#include "etatmajor/battle/engine.hpp"

namespace etatmajor::battle {

// Value of a general in whole points (§3.3).
inline int generalValue(const General& g) {
    if (g.army) return 0;  // the C-in-C (the player's own figure) is free (§3.3)
    switch (g.rank) {
        case Rank::ArmyCommander: return 0;
        case Rank::Corps:
        case Rank::Division: return charts::kDivisionGeneralValue;
        case Rank::Brigade:
        case Rank::ArtilleryGeneral: return charts::kBrigadeGeneralValue;
    }
    return 0;
}

// Value of one stand of a unit in whole points (§2.21).
inline int standValue(const Unit& u) {
    int v = charts::classStandValue(u.unitClass);
    if (u.armament == Armament::Rifle) v += charts::kRifleExtra;
    if (isMounted(u.type)) v += charts::kMountedExtra;
    if (isArtillery(u.type)) v += charts::kCrewExtra;
    return v;
}

// Value of `figures` figures of a unit, exactly: stand value × figures / figures per stand.
inline Points6 figureValue(const Unit& u, int figures) { return Points6::fraction(standValue(u), figures, u.fps); }

}  // namespace etatmajor::battle
