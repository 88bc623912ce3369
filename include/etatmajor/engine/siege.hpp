// SPDX-License-Identifier: GPL-3.0-or-later
// Sieges in the campaign turn (etat-major.md §11.4; G-98).
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/engine/supply_orders.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <string>
#include <vector>

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

// §11.4: the besieged side answers the terms offered (offer_terms action). Accepted: the garrison surrenders (its
// units and generals are captured, their points lost, the town passes to the besieger). Refused: recorded; once the
// works are breached, surrendering defenders are removed (G-98). Refuses, changing nothing, with the field named.
SupplyCommandResult answerTerms(db::CampaignStore& store, const std::string& side, int siegeId, bool accept);

// The sieges a side may see (its own garrisons and the ones it lays), as JSON.
std::string siegesJson(const db::CampaignStore& store, const std::string& side);

}  // namespace etatmajor::engine
