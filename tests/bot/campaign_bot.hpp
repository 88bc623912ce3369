// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign bot: plays both sides of a whole campaign through the core's commands, with varied real orders, and
// checks the campaign's invariants (engine/invariants.hpp) after every phase. Seeded: the same seed plays the same
// campaign. The test suite plays ten campaigns with it; scripts/soak.sh plays a hundred.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace etatmajor::bot {

struct BotConfig {
    std::uint64_t seed = 1;
    std::string scenario;              // campaign file
    std::string dbPath;                // the database to create (replaced when it exists)
    std::vector<std::string> options;  // KEY=VALUE campaign options
    int maxWeeks = 0;                  // 0: play to the campaign's end
    // Every campaign whose seed is a multiple of this is created with battle_resolution = tabletop (unless `options`
    // already sets it): its battles wait at D9 for the host, who enters a table result for some and hands the rest
    // to the resolver (`battle enter` / `battle resolve`). 0: never.
    int tabletopEvery = 3;
    // When set, every battle the resolver fights is also written here as a battle file (battle_file.hpp),
    // bot-SEED-battle-N.xml, with the seed to fight it again: `battle narrate --oob FILE --seed SEED`.
    std::string battleFilesDir;
};

struct BotStats {
    int days = 0, phases = 0;
    int ordersGiven = 0, forcedMarches = 0, scouts = 0, forages = 0, decoysPlaced = 0;
    int splits = 0, merges = 0, purchases = 0, allocations = 0, declines = 0, declineBackRefused = 0, refusedOrders = 0;
    // battlesWithoutLoss: no figure, gun, general, staff or engineer lost on either side
    int battlesFought = 0, battlesWithoutLoss = 0;
    int standoffs = 0;         // contacts on which nobody fired, charged or came to grips: no battle (standoff = no_battle)
    bool tabletop = false;     // created with battle_resolution = tabletop
    int tabletopEntered = 0;   // table results entered and accepted (battle enter)
    int tabletopRefused = 0;   // deliberately bad results refused, the campaign unchanged
    int tabletopResolved = 0;  // tabletop battles handed to the resolver instead (battle resolve)
    int resolverRefused = 0;   // battles the resolver could not fight (BATTLE-RESOLVER), decided on the table instead
    bool ended = false;        // the campaign reached its end
    bool endedEarly = false;   // before its last week
    std::string endReason, winner;
    int weeksPlayed = 0;
    std::vector<std::string> breaches;  // invariants broken (the bot stops at the first phase that breaks one)
    std::vector<std::string> errors;    // anything else that went wrong (a command that should not have failed)
    bool ok() const { return breaches.empty() && errors.empty(); }
    std::string summary() const;
};

BotStats playCampaign(const BotConfig& config);

}  // namespace etatmajor::bot
