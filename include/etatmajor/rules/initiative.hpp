// SPDX-License-Identifier: GPL-3.0-or-later
// W1 strategic initiative (etat-major.md §7.1, §13.6; G-49, G-51).
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/dice/dice.hpp"

#include <string>
#include <vector>

namespace etatmajor::rules {

// G-51: not wounded, killed or captured; a brigade general whose brigade has lost 75% or more of its original
// stands, and division or corps staff whose command has lost 75% or more of its figures, are excluded.
bool eligibleForInitiative(const campaign::CampaignState& state, const campaign::GeneralState& g);
// §13.6 Base Initiative Score: initiative values (Inept 1, Capable 2, Exceptional 3) of eligible generals.
int baseInitiativeScore(const campaign::CampaignState& state, const std::string& side);

struct SideInitiative {
    std::string side;
    int scoutingPoints = 0;
    int bis = 0;
    std::vector<int> dice;  // one d6 per eligible general (empty under strategic_initiative = sp_bis)
    int total = 0;
};

struct InitiativeResult {
    std::vector<SideInitiative> sides;       // in side order
    std::vector<std::vector<int>> tieRolls;  // each round of 1d6 per side rolled to break a tie
    std::string winner;
};

// Rolls through `dice` (each roll logged with rule etat-major.md §7.1) and decides the winner.
InitiativeResult strategicInitiative(const campaign::CampaignState& state, dice::Dice& dice);

}  // namespace etatmajor::rules
