// SPDX-License-Identifier: GPL-3.0-or-later
// Map movement: base rates, modifiers along a route, tardy halving, and forced-march attrition
// (etat-major.md §8.7; G-13, G-28, G-43, G-44, G-45, G-47, G-55, G-57).
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/rules/orders.hpp"
#include "etatmajor/rules/weather.hpp"

#include <string>
#include <utility>
#include <vector>

namespace etatmajor::rules {

// §8.7.1 and G-43: infantry, artillery, engineers and Native foot 4; light and regular cavalry 5; irregular
// cavalry 6. An ME moves at its slowest component (mixed_me_mr = slowest) or at the rate most of its units share.
int unitMovementRate(const campaign::UnitState& u);
int baseMovementRate(const std::vector<const campaign::UnitState*>& units, const campaign::Options& options);

// G-28: tardy halving of an allowance (half_move_rounding).
int halveAllowance(int allowance, const campaign::Options& options);

struct MoveInput {
    campaign::Mode mode = campaign::Mode::March;
    int baseMr = 4;
    bool locValid = true;
    Weather weather = Weather::Fine;
    Receipt receipt = Receipt::Received;
    campaign::Season season = campaign::Season::Summer;  // G-16 seasonal wetlands
};

struct MovePlan {
    std::vector<hex::Hex> entered;       // the hexes entered, in order (a prefix of the route)
    int allowance = 0;                   // the final allowance the walk ended with
    int modifiedMr = 0;                  // the same before tardy halving (G-21 mr_fraction_basis = modified_mr)
    std::vector<std::string> modifiers;  // each modifier that applied, for the log
};

// §8.7.2 walked along the route: the allowance after the modifiers triggered so far (G-44 terrain_mod_mode) must
// cover every hex entered; stationary modes and orders not received allow no movement.
MovePlan planMove(const map::Map& map, hex::Hex start, const std::vector<hex::Hex>& route, const MoveInput& in,
                  const campaign::Options& options);

// §8.8.1, G-21: the denominator of "% of move" that movement leaves for encounter timing: the final allowance, or
// under mr_fraction_basis = modified_mr the MR after its modifiers but before tardy halving (base_mr is read from the
// ME's units where the battle is set up).
int fractionBasis(const MovePlan& plan, const campaign::Options& options);

// G-48: Deployed-Offensive (do_move = half) and Breakoff/Rearguard (breakoff_move = half) move at half their rate.
bool halfRateMode(campaign::Mode mode, const campaign::Options& options);

// §2.2, G-41: the MEs (and decoys, under decoys_stack = yes) that count against the three-ME limit of hex `at` for
// `mover`: its own side's, or every side's under stacking_scope = total. `decoys` holds (side, hex) of the decoys on
// the map; the mover itself is never counted.
int stackedAt(const campaign::CampaignState& state, const campaign::MeState& mover, hex::Hex at,
              const std::vector<std::pair<std::string, hex::Hex>>& decoys, const campaign::Options& options);
// G-41: whether `mover` may enter hex `at` on its way: under stack_check = every_hex a full hex cannot be passed
// through; under stacking_scope = total a hex holding enemy MEs (entering it stops the mover there) cannot be entered
// when it is already full. Otherwise always (the limit is then checked where the mover stops).
bool mayEnterStack(const campaign::CampaignState& state, const campaign::MeState& mover, hex::Hex at,
                   const std::vector<std::pair<std::string, hex::Hex>>& decoys, const campaign::Options& options);
constexpr int kStackLimit = 3;

// §8.7.4: figures a unit loses at the end of a forced-march day (Class 1–2: 3, Class 3: 1, Class 4: 2, Class 5: 1;
// +1 in Winter under fm_winter_extra); 0 for units outside attrition_scope.
int attritionFigures(const campaign::UnitState& u, bool winter, const campaign::Options& options);

// G-57: a unit with fewer figures than one full stand (or, under map_removal = at_one_stand, one stand or fewer)
// leaves the map for good.
bool removedByLosses(const campaign::UnitState& u, const campaign::Options& options);

}  // namespace etatmajor::rules
