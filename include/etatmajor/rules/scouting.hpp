// SPDX-License-Identifier: GPL-3.0-or-later
// Scouting points (etat-major.md §13.4, G-58) and generals' commands.
#pragma once

#include "etatmajor/campaign/state.hpp"

#include <string_view>
#include <vector>

namespace etatmajor::rules {

// The units a general commands: every unit of his formation and the formations below it (removed units only
// when asked, for counting what the command has lost).
std::vector<const campaign::UnitState*> commandOf(const campaign::CampaignState& state, const campaign::GeneralState& g,
                                                  bool includeRemoved = false);

// G-58: a general of the cavalry arm, or of mixed arms when at least half the stands he commands are mounted.
bool isCavalryGeneral(const campaign::CampaignState& state, const campaign::GeneralState& g);

// §13.4 per unit: Class 1–2 cavalry 4 a stand, Class 3 and 5 12, Class 4 8; +4 a stand for irregular cavalry;
// +3 a stand for Native American troops. Escort stands are not units and never count.
int unitScoutingPoints(const campaign::UnitState& u);
// §13.4 per general: Capable cavalry general +2, Exceptional +3, Inept cavalry brigade general −2; others 0.
int generalScoutingPoints(const campaign::CampaignState& state, const campaign::GeneralState& g);

int meScoutingPoints(const campaign::CampaignState& state, std::string_view meId);

// §8.4, G-34: does the ME move in the scouting sub-phase (D4)? Every Scouting-mode ME by default; under
// scouting_subphase = cavalry_only only scouting cavalry (a Scouting-mode ME with cavalry, as §8.6.3 counts it), the
// other Scouting-mode MEs moving with the rest in D5 (still scouting as they go).
bool movesInScoutingSubphase(const campaign::CampaignState& state, const campaign::MeState& me);
int sideScoutingPoints(const campaign::CampaignState& state, std::string_view sideId);

}  // namespace etatmajor::rules
