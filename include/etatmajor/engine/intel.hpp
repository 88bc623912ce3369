// Scouting and intelligence during movement (etat-major.md §8.6) and the side's intelligence view.
#pragma once

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/rules/weather.hpp"

#include <string>
#include <vector>

namespace SQLite {
class Database;
}

namespace etatmajor::engine {

// A scouting ME looks around from where it stands (its own hex; the six around it in fine weather): for every enemy
// ME it sees that it has not reported today, the side that learns (§8.6.2 case 1, §8.6.3 case 2 both ways) gets an
// intelligence report. Returns the hexes holding enemy MEs it saw, nearest first.
std::vector<hex::Hex> scoutObserve(campaign::CampaignState& state, SQLite::Database& db, dice::Dice& dice,
                                   const campaign::MeState& scout, rules::Weather weather);

// The side's intelligence reports, newest first; never the true counts.
std::string intelJson(const db::CampaignStore& store, const std::string& side);
std::string intelText(const db::CampaignStore& store, const std::string& side);

}  // namespace etatmajor::engine
