// SPDX-License-Identifier: GPL-3.0-or-later
// The part of etatmajor/engine/grant.hpp that works on the campaign database directly: the phases' own steps,
// called inside a phase's transaction. It stays inside the core (and its white-box tests): the public headers
// hand the rest of the program typed objects and a db::CampaignStore, never SQLite.
#pragma once

#include "etatmajor/engine/grant.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

namespace etatmajor::engine {

// D12: replacements that reached their parent ME join it: figures and guns go back to the parent units, successors
// to the ME, and the side's points replaced grow by their price (§12.2 net losses).
void joinArrivedReinforcements(SQLite::Database& db, campaign::CampaignState& state, std::vector<std::string>& lines);

// §9.7, G-80: the MEs of replacements still on their way to their parent ME (staff alone is enough for one).
std::set<std::string> replacementsInTransit(SQLite::Database& db);
// §13.1: engineer figures replaced at 10 SP a stand (the 30 SP group has three stands), pro rata.
int engineerFigurePrice(const campaign::UnitState& u, int figures);

}  // namespace etatmajor::engine
