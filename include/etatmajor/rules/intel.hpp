// SPDX-License-Identifier: GPL-3.0-or-later
// Scouting intelligence (etat-major.md §8.6; G-12, G-36, G-37, G-38).
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/rules/weather.hpp"

#include <string>
#include <vector>

namespace etatmajor::rules {

// §8.6.3 / G-37: what the side with `learner` scouting points learns against `other`: full details at 1.5 times or
// more (or when the other has none), counts by type when merely more, nothing on a tie or less.
enum class IntelDetail { Nothing, Numbers, Full };
IntelDetail case2Detail(int learner, int other);

// The report's lines: how many units of each kind, as an enemy would describe them.
struct TypeCount {
    std::string kind;  // "line infantry battalions", "cavalry regiments", "artillery batteries", ...
    std::string nationality;
    int count = 0;
};
std::vector<TypeCount> describeUnits(const std::vector<const campaign::UnitState*>& units);

// G-38: the informing side's misstatement of one count, rolled on the dice (logged): ±2 (body), a compulsory 1–3
// either way (chart_pm1to3_mandatory) or 0–3 either way (chart_pm0to3); never below zero.
int misstate(int count, dice::Dice& dice, const campaign::Options& options, const std::string& subject);

// §8.1.5 / G-12 / G-36: can a scout at `from` see into `target` today?
bool scoutSees(const map::Map& map, hex::Hex from, hex::Hex target, Weather weather, const campaign::Options& options);

// Does this ME count as scouting cavalry for case 2 (a Scouting order and at least one cavalry unit)?
bool isScoutingCavalry(const campaign::CampaignState& state, const campaign::MeState& me);

}  // namespace etatmajor::rules
