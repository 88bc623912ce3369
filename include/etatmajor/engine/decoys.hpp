// SPDX-License-Identifier: GPL-3.0-or-later
// Decoy counters (etat-major.md §2.3, §15.7; G-41, G-42): blank counters a side places and moves through its
// orders file, that the enemy cannot tell from MEs until one of its MEs finds them, and that then leave the map
// for the rest of the week. They never fight, never cut a LOC (the LOC code looks at MEs only), never take
// control of anything and never block foraging.
#pragma once
#include "etatmajor/rules/loc.hpp"

#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/campaign/phase.hpp"
#include "etatmajor/campaign/state.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/rules/weather.hpp"

#include <string>
#include <vector>

namespace SQLite {
class Database;
}

namespace etatmajor::engine {

struct Decoy {
    std::string id;
    std::string side;
    hex::Hex hex;
    std::string designated;  // infantry | cavalry | irregular_cavalry: the movement rate it moves at (G-42)
};

// The decoys on the map now.
std::vector<Decoy> activeDecoys(SQLite::Database& db);

// etat-major.md §2.3, G-42 decoy_effects: the decoys on the map as LOC blockers under cuts_loc; empty under none.
std::vector<rules::LocBlocker> decoyLocBlockers(SQLite::Database& db, const campaign::Options& options);

// G-42 decoy_mr: the designated type's rate (§8.7.1: infantry 4, cavalry 5, irregular cavalry 6), or the fixed rate
// of the option.
int decoyMovementRate(const std::string& designated, const campaign::Options& options);

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

// G-41: a decoy put down with the day's orders (D2) may share a full hex until the day's movement is over (D4, D5);
// after any other phase (`ran`: the phase that has just run) decoys count toward the stacking limit where they stand.
bool decoysStackAfter(campaign::Phase ran);

// G-41 (decoys_stack = yes): where a side's counters stand more than three to a hex, its newest decoys there are taken
// off the map (docs/rules-mapping.md). Run at the end of each phase after which decoys count (decoysStackAfter), and by
// a command that moves MEs between phases.
void settleDecoyStacking(SQLite::Database& db, const campaign::CampaignState& state, std::vector<std::string>& lines);

}  // namespace etatmajor::engine
