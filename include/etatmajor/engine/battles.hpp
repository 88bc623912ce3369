// SPDX-License-Identifier: GPL-3.0-or-later
// Battles inside the campaign (etat-major.md §8.8–§8.11): D6 finds the hexes where both sides' MEs stand and
// records a battle with each ME's arrival turn; D9 has the Redcoats resolver fight it (or waits for the players'
// tabletop result, option battle_resolution) and writes the losses back; D10 reports the points; D11 sends the
// loser back a hex at nightfall and releases the MEs. The CLI's `battle list | show | resolve | enter | odds` use
// the same functions.
#pragma once

#include "etatmajor/battle/setup.hpp"
#include "etatmajor/campaign/state.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/hex/layout.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::engine {

// §8.8.1: when one ME reaches the fight. `allowance` is the basis the option mr_fraction_basis picks (the caller
// passes today's final allowance by default); `forced` marks a forced march (the chart variant sends it late).
struct Encounter {
    int turnsOfDaylight = 0;  // T(ME)
    int arrivalTurn = 1;      // D - T + 1
    std::string how;          // "full day", "half day", "dusk"
};
Encounter encounterTiming(int moved, int allowance, int daylight, const campaign::Options& options, bool forced = false);

// The turn the battle starts: the later of the two sides' earliest arrivals.
int battleStartTurn(const std::vector<std::pair<std::string, int>>& sideArrivals);

// §8.9 marching to the guns. Whether an ME at `me` lies downwind of a battle at `battle` with the wind blowing
// from `windFrom` (G-19: the bearing from the battle to the ME within the option downwind_arc of the downwind
// bearing).
bool downwindOf(hex::Hex battle, hex::Hex me, std::string_view windFrom, hex::Orientation orientation,
                const campaign::Options& options);
// The absolute battle turn an eligible ME arrives on (G-24), or nothing when its mode does not allow it (G-25) or
// it would come after nightfall (turn `daylight`). `forceMarch`: the commander force-marches to the battle.
std::optional<int> marchToGunsArrival(int distance, bool byRoad, campaign::Mode mode, bool forceMarch, int startTurn, int daylight,
                                      const campaign::Options& options);

// §8.10, G-61: how many tables a battle needs. Body (default): one 6'x4' table for every two MEs of the larger side;
// chart: one 2 m x 3 m table for every four MEs of both sides (adjacent MEs that joined included).
int tablesNeeded(int mesA, int mesB, const campaign::Options& options);

// G-09: the time `turns` battle turns take on the campaign clock (battle_turn_minutes), e.g. "9 hours" or
// "6 hours 45 minutes".
std::string battleClock(int turns, const campaign::Options& options);

// §8.10–§8.11.1: the table as the players set it up for a recorded battle: tables and their size (G-61), orientation
// (G-60), terrain pieces (G-62), deployment order (G-73), the wind on the table (G-18), the length of a turn (G-09)
// and, for a battle that goes on from yesterday, what is kept (G-72). One line each, for `battle show`.
std::vector<std::string> battleTableLines(db::CampaignStore& store, int id);

struct BattleParticipant {
    std::string me;
    std::string side;
    int arrivalTurn = 1;
    std::string mode;
    int moved = 0;
    int allowance = 0;
    std::string how;
};

struct BattleRecord {
    int id = 0;
    int week = 0;
    int day = 0;
    std::string hex;              // "col,row"
    std::string status;           // pending | tabletop | resolved
    std::string kind = "battle";  // battle | scouting_combat (§8.6.4)
    int daylight = 0;
    int startTurn = 1;
    std::string weather;
    std::string winner;
    std::string summary;
    std::string narrative;
    std::uint64_t seed = 0;
    std::vector<BattleParticipant> participants;
    // Whether `side` has an ME in the battle.
    bool takesPart(const std::string& side) const {
        for (const auto& p : participants)
            if (p.side == side) return true;
        return false;
    }
};

std::vector<BattleRecord> listBattles(db::CampaignStore& store);
std::optional<BattleRecord> findBattle(db::CampaignStore& store, int id);

// The resolver's input for a recorded battle, built from the campaign as it stands (the host's full view).
battle::BattleSetup campaignBattleSetup(db::CampaignStore& store, int id);

// The set-up as `side` can picture it: its own forces as they are; each enemy ME from the side's latest
// intelligence report on it (counts of units by kind, filled out as typical units, see docs/rules-mapping.md).
// `missing` lists the enemy MEs of which the side knows no composition; the set-up is then incomplete.
battle::BattleSetup sideViewSetup(db::CampaignStore& store, int id, const std::string& side, std::vector<std::string>& missing);

// What a side believes an enemy counter holds when no report has told it: counts of units in the terms of the
// intelligence reports ("line infantry battalions", "artillery batteries", ...), pictured as typical units exactly as
// a report's counts are (docs/secrecy.md, "Odds on the side's assumptions").
struct AssumedUnits {
    std::string kind;
    int count = 0;
};
struct OddsAssumption {
    std::string counter;  // the enemy ME's counter, as the side knows it (its label, turned over by the contact)
    std::vector<AssumedUnits> units;
};

// The kinds of a report's counts that the picture turns into units, in the order the reports use.
const std::vector<std::string>& assumableKinds();

// sideViewSetup with the side's assumptions: a report on a counter is used where there is one, the assumption on it
// otherwise; the real composition of an enemy ME is never read.
struct SidePicture {
    battle::BattleSetup setup;
    std::vector<std::string> enemies;   // every enemy counter in the battle
    std::vector<std::string> missing;   // neither a report nor an assumption: the set-up is then incomplete
    std::vector<std::string> assumed;   // pictured on the side's assumption
    std::vector<std::string> setAside;  // assumed, but a report describes it and is used instead
};
SidePicture sidePicture(db::CampaignStore& store, int id, const std::string& side, const std::vector<OddsAssumption>& assumptions);

// Fights a pending (or tabletop) battle now and writes the results back, in one transaction; an ME the result leaves
// with no troops is settled at once (settleEmptyMes, then the decoys' stacking where it moved). When the resolver cannot set the
// battle up or fight it, the command fails (BATTLE-RESOLVER, naming the battle) and writes nothing.
core::IssueList resolveBattleNow(db::CampaignStore& store, int id, std::vector<std::string>& lines);

// Records a tabletop result (docs/formats/battle-result.md) after checking it against the battle; refuses,
// changing nothing, with the unit and field named. An ME the result leaves with no troops is settled at once, as after
// battle resolve.
core::IssueList enterBattleResult(db::CampaignStore& store, int id, const std::string& file, std::vector<std::string>& lines);

}  // namespace etatmajor::engine
