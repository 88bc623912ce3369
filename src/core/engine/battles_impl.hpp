// SPDX-License-Identifier: GPL-3.0-or-later
// Private to the campaign's battles (engine/battles.cpp and engine/battle_setup.cpp): a battle's row and the day's
// weather as the database holds them, and the resolver's set-up of a battle built from the campaign.
#pragma once

#include "etatmajor/battle/setup.hpp"
#include "etatmajor/campaign/state.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/hex/hex.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <string>

namespace etatmajor::engine {

// battles.cpp

// A campaign day's weather (weather_day).
struct DayWeather {
    int daylight = 12;
    std::string weather = "fine";
    std::string season = "summer";
    std::string windFrom;
};
DayWeather weatherOf(SQLite::Database& db, int week, int day);
// The weather of a battle's hex: the day's, or under weather_regions = per_region that of the hex's region (G-102).
std::string weatherOf(SQLite::Database& db, const campaign::CampaignState& s, hex::Hex h, const DayWeather& day);
// Battle `id` with its participants (id 0 when there is none); with `state`, its hex in the map's offsets.
BattleRecord readBattle(SQLite::Database& db, const campaign::CampaignState* state, int id);
hex::Hex battleHex(SQLite::Database& db, int id);
// The table set-up decided at D6 (battle.setup): the table's wind, the terrain dice, the battle it goes on from.
nlohmann::json tableSetupOf(SQLite::Database& db, int id);

// battle_setup.cpp

// The resolver's set-up of battle `b`, fought in hex `h`, from the campaign's state (campaign → resolver).
battle::BattleSetup buildSetup(SQLite::Database& db, const campaign::CampaignState& s, const BattleRecord& b, hex::Hex h);

}  // namespace etatmajor::engine
