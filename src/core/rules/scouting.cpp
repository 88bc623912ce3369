// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/scouting.hpp"

#include "etatmajor/rules/intel.hpp"

#include <set>

namespace etatmajor::rules {

using namespace campaign;

std::vector<const UnitState*> commandOf(const CampaignState& state, const GeneralState& g, bool includeRemoved) {
    std::set<std::string> formations{g.formation};
    // Formations are stored parent before child, so one pass collects the whole subtree.
    for (const auto& f : state.formations)
        if (!f.parent.empty() && formations.count(f.parent)) formations.insert(f.id);
    std::vector<const UnitState*> out;
    for (const auto& u : state.units)
        if ((includeRemoved || !u.removed) && formations.count(u.formation)) out.push_back(&u);
    return out;
}

bool isCavalryGeneral(const CampaignState& state, const GeneralState& g) {
    if (g.arm == Arm::Cavalry) return true;
    if (g.arm != Arm::Mixed) return false;
    int mounted = 0, all = 0;
    for (const auto* u : commandOf(state, g)) {
        all += u->standsCurrent;
        if (isCavalry(u->type)) mounted += u->standsCurrent;
    }
    return all > 0 && 2 * mounted >= all;  // G-58: at least half the stands he commands are mounted
}

// etat-major.md §13.4.
int unitScoutingPoints(const UnitState& u) {
    if (u.removed) return 0;
    int perStand = 0;
    if (isCavalry(u.type)) {
        switch (u.unitClass) {
            case 1:
            case 2: perStand = 4; break;
            case 3:
            case 5: perStand = 12; break;
            case 4: perStand = 8; break;  // as printed (G-58)
            default: break;
        }
        if (u.type == UnitType::IrregularCavalry) perStand += 4;
    }
    if (u.nationality == Nationality::Native) perStand += 3;
    return perStand * u.standsCurrent;
}

int generalScoutingPoints(const CampaignState& state, const GeneralState& g) {
    if (g.status != GeneralStatus::Active || !isCavalryGeneral(state, g)) return 0;
    switch (g.rating) {
        case Rating::Capable: return 2;
        case Rating::Exceptional: return 3;
        case Rating::Inept: return g.rank == Rank::Brigade ? -2 : 0;
    }
    return 0;
}

int meScoutingPoints(const CampaignState& state, std::string_view meId) {
    int total = 0;
    for (const auto* u : state.unitsOf(meId)) total += unitScoutingPoints(*u);
    for (const auto* g : state.generalsOf(meId)) total += generalScoutingPoints(state, *g);
    return total;
}

int sideScoutingPoints(const CampaignState& state, std::string_view sideId) {
    int total = 0;
    for (const auto& me : state.mes)
        if (me.side == sideId) total += meScoutingPoints(state, me.id);
    return total;
}

bool movesInScoutingSubphase(const CampaignState& state, const MeState& me) {
    if (me.mode != Mode::Scouting) return false;
    if (state.options.is("scouting_subphase", "cavalry_only")) return isScoutingCavalry(state, me);  // G-34 chart
    return true;
}

}  // namespace etatmajor::rules
