// Map movement: base rates, modifiers along a route, tardy halving, and forced-march attrition
// (etat-major.md §8.7; G-13, G-28, G-43, G-44, G-45, G-47, G-55, G-57).
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/rules/orders.hpp"
#include "etatmajor/rules/weather.hpp"

#include <string>
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
};

struct MovePlan {
    std::vector<hex::Hex> entered;  // the hexes entered, in order (a prefix of the route)
    int allowance = 0;              // the final allowance the walk ended with
    std::vector<std::string> modifiers;  // each modifier that applied, for the log
};

// §8.7.2 walked along the route: the allowance after the modifiers triggered so far (G-44 terrain_mod_mode) must
// cover every hex entered; stationary modes and orders not received allow no movement.
MovePlan planMove(const map::Map& map, hex::Hex start, const std::vector<hex::Hex>& route, const MoveInput& in,
                  const campaign::Options& options);

// §8.7.4: figures a unit loses at the end of a forced-march day (Class 1–2: 3, Class 3: 1, Class 4: 2, Class 5: 1;
// +1 in Winter under fm_winter_extra); 0 for units outside attrition_scope.
int attritionFigures(const campaign::UnitState& u, bool winter, const campaign::Options& options);

// G-57: a unit with fewer figures than one full stand (or, under map_removal = at_one_stand, one stand or fewer)
// leaves the map for good.
bool removedByLosses(const campaign::UnitState& u, const campaign::Options& options);

}  // namespace etatmajor::rules
