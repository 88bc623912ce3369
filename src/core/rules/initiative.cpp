// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/initiative.hpp"

#include "etatmajor/rules/scouting.hpp"

namespace etatmajor::rules {

using namespace campaign;

bool eligibleForInitiative(const CampaignState& state, const GeneralState& g) {
    if (g.status != GeneralStatus::Active) return false;
    if (g.rank == Rank::ArmyCommander || g.rank == Rank::ArtilleryGeneral) return true;
    int standsOriginal = 0, standsCurrent = 0, figuresOriginal = 0, figuresCurrent = 0;
    // Units removed from play still count toward what the command has lost.
    for (const auto* u : commandOf(state, g, true)) {
        standsOriginal += u->standsOriginal;
        figuresOriginal += u->figuresOriginal;
        if (u->removed) continue;
        standsCurrent += u->standsCurrent;
        figuresCurrent += u->figuresCurrent;
    }
    if (g.rank == Rank::Brigade)  // T 8.11: lost 75% or more of its stands
        return standsOriginal == 0 || 4 * (standsOriginal - standsCurrent) < 3 * standsOriginal;
    // T 11.1 ¶346: division and corps staff whose command lost 75% or more of its figures
    return figuresOriginal == 0 || 4 * (figuresOriginal - figuresCurrent) < 3 * figuresOriginal;
}

int baseInitiativeScore(const CampaignState& state, const std::string& side) {
    int bis = 0;
    for (const auto& g : state.generals)
        if (g.side == side && eligibleForInitiative(state, g)) bis += initiativeValue(g.rating);
    return bis;
}

// etat-major.md §7.1 (G-49): scouting points + BIS + 1d6 per eligible general; ties re-rolled 1d6 a side.
InitiativeResult strategicInitiative(const CampaignState& state, dice::Dice& dice) {
    const std::string& formula = state.options.get("strategic_initiative");
    InitiativeResult result;
    for (const auto& side : state.sides) {
        SideInitiative si;
        si.side = side.id;
        int eligible = 0;
        for (const auto& g : state.generals)
            if (g.side == side.id && eligibleForInitiative(state, g)) ++eligible;
        if (formula != "sp_dice") si.bis = baseInitiativeScore(state, side.id);
        si.scoutingPoints = sideScoutingPoints(state, side.id);
        si.total = si.scoutingPoints + si.bis;
        if (formula != "sp_bis" && eligible > 0) {
            const auto roll = dice.roll({"strategic initiative of " + side.name, "etat-major.md §7.1", side.id, eligible, 6, 0});
            si.dice = roll.faces;
            si.total += roll.result;
            dice.effect(roll, side.name + " scores " + std::to_string(si.scoutingPoints) + " scouting + " + std::to_string(si.bis) +
                                  " BIS + " + std::to_string(roll.result) + " = " + std::to_string(si.total));
        }
        result.sides.push_back(si);
    }
    std::vector<int> totals;
    for (const auto& s : result.sides) totals.push_back(s.total);
    // Ties: each side rolls 1d6 until the totals differ (§7.1).
    while (totals.size() == 2 && totals[0] == totals[1]) {
        std::vector<int> round;
        for (const auto& s : result.sides) {
            const auto r = dice.roll({"initiative tie-break", "etat-major.md §7.1", s.side, 1, 6, 0});
            round.push_back(r.result);
        }
        result.tieRolls.push_back(round);
        if (round[0] != round[1]) totals = round;
    }
    std::size_t best = 0;
    for (std::size_t i = 1; i < totals.size(); ++i)
        if (totals[i] > totals[best]) best = i;
    if (!result.sides.empty()) result.winner = result.sides[best].side;
    return result;
}

}  // namespace etatmajor::rules
