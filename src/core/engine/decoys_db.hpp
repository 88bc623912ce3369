// SPDX-License-Identifier: GPL-3.0-or-later
// The part of etatmajor/engine/decoys.hpp that works on the campaign database directly: the phases' own steps,
// called inside a phase's transaction. It stays inside the core (and its white-box tests): the public headers
// hand the rest of the program typed objects and a db::CampaignStore, never SQLite.
#pragma once

#include "etatmajor/engine/decoy_orders.hpp"
#include "etatmajor/engine/decoys.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

namespace etatmajor::engine {

// The decoys on the map now.
std::vector<Decoy> activeDecoys(SQLite::Database& db);

// etat-major.md §2.3, G-42 decoy_effects: the decoys on the map as LOC blockers under cuts_loc; empty under none.
std::vector<rules::LocBlocker> decoyLocBlockers(SQLite::Database& db, const campaign::Options& options);

// The side's decoys a week and those counting against this week's (on the map, or found this week: §2.3); the
// `placingDay` of the result is left false.
DecoyAllowance countDecoys(SQLite::Database& db, const std::string& side, int week);

// The decoy part of a side's orders file, checked against the campaign (placement on the week's first day in a
// friendly hex, the weekly allowance, the route, stacking with the side's MEs). Errors name the decoy and field.
core::IssueList validateDecoyOrders(SQLite::Database& db, const campaign::CampaignState& state, const campaign::OrdersFile& f);
// Stores them for the day (called inside the submission's transaction once everything is valid).
void storeDecoyOrders(SQLite::Database& db, const campaign::CampaignState& state, const campaign::OrdersFile& f);

// D2: the day's new decoys go on the map.
void placeDecoys(SQLite::Database& db, const campaign::CampaignState& state, std::vector<std::string>& lines);

// §2.3: the enemy decoys of `finder`'s side in `at` are found and removed for the rest of the week. Returns how many.
int revealDecoysAt(SQLite::Database& db, const campaign::CampaignState& state, const campaign::MeState& finder, hex::Hex at,
                   std::vector<std::string>& lines);

// §2.3, §8.6.1: after each movement sub-phase, enemy decoys in sight of a Scouting-mode ME (its own hex; the
// adjacent hexes in fine weather) are found, whether or not the scout moved; `weather` is the map's, and under
// weather_regions = per_region each scout sees by the weather of its own hex (G-102). Returns how many.
int revealDecoysSeenByScouts(SQLite::Database& db, const campaign::CampaignState& state, rules::Weather weather,
                             std::vector<std::string>& lines);

// D5: the side's decoys follow their routes (after its MEs), stopping before a hex where the side already has three
// counters; one that walks into an enemy ME is found and removed. Under weather_regions = per_region a decoy moves by
// the weather of the hex it sets out from (G-102), else by `weather`, the map's.
void moveDecoys(SQLite::Database& db, const campaign::CampaignState& state, const std::string& side, rules::Weather weather,
                std::vector<std::string>& lines);

// G-41 (decoys_stack = yes): where a side's counters stand more than three to a hex, its newest decoys there are taken
// off the map (docs/rules-mapping.md). Run at the end of each phase after which decoys count (decoysStackAfter), and by
// a command that moves MEs between phases.
void settleDecoyStacking(SQLite::Database& db, const campaign::CampaignState& state, std::vector<std::string>& lines);

}  // namespace etatmajor::engine
