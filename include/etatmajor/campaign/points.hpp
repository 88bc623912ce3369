// SPDX-License-Identifier: GPL-3.0-or-later
// Points values of units and staff (etat-major.md §13.1, tactical stand costs; 1 SP = 1 point).
#pragma once

#include "etatmajor/campaign/scenario.hpp"

namespace etatmajor::campaign {

int standCost(int unitClass);  // 4, 8, 12, 16, 20 for classes 1..5
int gunStandCost(Calibre c);   // 10/10/20/30/40/50
// Points of a unit at full strength: stands at class cost plus +4 rifles, +20 mounted, +6 foot artillery crew,
// plus its gun stands.
int unitPoints(const UnitDef& u);
// Staff: player figure or army commander free; division general 50; brigade general 30 (§13.1).
int generalPoints(const GeneralDef& g);
int formationPoints(const FormationDef& f);

}  // namespace etatmajor::campaign
