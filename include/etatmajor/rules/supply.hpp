// SPDX-License-Identifier: GPL-3.0-or-later
// Supply points, foraging and replacements (etat-major.md §9.1–9.4, §9.7; G-76…G-82, G-87).
#pragma once

#include "etatmajor/campaign/state.hpp"

#include <string_view>

namespace etatmajor::rules {

inline constexpr int kPrimaryLocGrant = 200;  // §9.4 SP a week

int uaMultiplier(const campaign::Options& options);  // G-76: 10 (chart) or 5 (body)

// §9.3 / G-87: the forage roll's value (1d6 × the UA multiplier, or raw), halved in winter under
// forage_winter_halving = on.
int forageValue(int roll, campaign::Season season, const campaign::Options& options);

// §9.3: the ME's hex and the six around it are its own: no other friendly ME stands in or forages any of them,
// and no enemy ME stands in any of them.
bool forageExclusive(const campaign::CampaignState& state, const campaign::MeState& me);

// The price of a stand of this unit (§13.1 with its modifiers: rifles +4, mounted +20, foot artillery crew +6; an
// engineer stand 10, the 30 SP group having three).
int standPrice(const campaign::UnitState& u);
// G-82: the price of `figures` replacement figures (pro rata: stand price ÷ figures per stand, rounded up; or
// whole stands).
int replacementCost(const campaign::UnitState& u, int figures, const campaign::Options& options);

// §9.7, G-77…G-80: figures the unit may get back this week: attrition losses in full (G-79 full_priority) plus
// half the other losses (rounded per replacement_rounding) under body_50pct, or all of them under chart_full;
// capped at the figures missing from full strength. Guard troops, engineers and removed units get none here
// (primary grant only, or never).
struct ReplacementNeed {
    int attritionFigures = 0;
    int combatFigures = 0;
};
ReplacementNeed replaceableFigures(const campaign::UnitState& u, const campaign::Options& options);

}  // namespace etatmajor::rules
