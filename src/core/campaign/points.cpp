// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/campaign/points.hpp"

namespace etatmajor::campaign {

// etat-major.md §13.1: Class 1 4 … Class 5 20 points a stand.
int standCost(int unitClass) { return 4 * unitClass; }

// etat-major.md §13.1 gun stands: very light or light 10, light medium 20, medium 30, heavy 40, siege 50.
int gunStandCost(Calibre c) {
    switch (c) {
        case Calibre::VeryLight:
        case Calibre::Light: return 10;
        case Calibre::LightMedium: return 20;
        case Calibre::Medium: return 30;
        case Calibre::Heavy: return 40;
        case Calibre::Siege: return 50;
    }
    return 0;
}

int unitPoints(const UnitDef& u) {
    // An engineer group (officer, two sapper stands, pontoon and wagon) is bought whole for 30.
    if (u.type == UnitType::Engineers) return 30;
    int perStand = standCost(u.unitClass);
    if (u.armament == Armament::Rifle) perStand += 4;  // rifled muskets
    if (isCavalry(u.type)) perStand += 20;             // mounted
    if (u.type == UnitType::Artillery) perStand += 6;  // foot artillery crew
    int points = perStand * u.stands;
    for (const auto& g : u.guns) points += gunStandCost(g.calibre) * g.stands;
    return points;
}

int generalPoints(const GeneralDef& g) {
    if (g.playerFigure || g.rank == Rank::ArmyCommander) return 0;
    switch (g.rank) {
        case Rank::Corps:
        case Rank::Division: return 50;
        case Rank::Brigade:
        case Rank::ArtilleryGeneral: return 30;
        case Rank::ArmyCommander: return 0;
    }
    return 0;
}

int formationPoints(const FormationDef& f) {
    int total = f.general ? generalPoints(*f.general) : 0;
    for (const auto& u : f.units) total += unitPoints(u);
    for (const auto& c : f.children) total += formationPoints(c);
    return total;
}

}  // namespace etatmajor::campaign
