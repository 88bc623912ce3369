// SPDX-License-Identifier: GPL-3.0-or-later
// The part of etatmajor/engine/siege.hpp that works on the campaign database directly: the phases' own steps,
// called inside a phase's transaction. It stays inside the core (and its white-box tests): the public headers
// hand the rest of the program typed objects and a db::CampaignStore, never SQLite.
#pragma once

#include "etatmajor/engine/siege.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

namespace etatmajor::engine {

// Starts sieges newly closed (1d6 weeks of supply from the town, rolled and logged, told to the defender) and ends
// those that are no longer closed. `atSupplyPhase`: called from W3 (day 0) rather than at night.
void updateSieges(SQLite::Database& db, campaign::CampaignState& state, dice::Dice& dice, std::vector<std::string>& lines,
                  bool atSupplyPhase);

// W3 (§9.6 item 4, §11.4): each besieged ME lives on its town's income alone while its supply weeks last; after
// that it suffers forced-march attrition (§8.7.4) once a week (siege_attrition = weekly).
void runSiegeSupplyPhase(SQLite::Database& db, campaign::CampaignState& state, dice::Dice& dice, std::vector<std::string>& lines);

// §11.4 (clarified 2026-11-25): the besieged MEs whose supply weeks are over. Under siege_starved_supply = none (the
// default) they draw no supply points at all: no town income, no forage, no replacements, so their attrition is
// never bought back; town_income is the earlier reading, which let them go on drawing their town's income.
std::vector<std::string> starvingGarrisons(SQLite::Database& db, const campaign::CampaignState& state);
// D12: sieges found at the end of the day, and daily attrition under siege_attrition = daily.
void runSiegeNight(SQLite::Database& db, campaign::CampaignState& state, dice::Dice& dice, std::vector<std::string>& lines);

}  // namespace etatmajor::engine
