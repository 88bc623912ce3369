// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign's battles as a viewer may know them (docs/secrecy.md): the host every battle in full; a side only the
// battles it takes part in, its own MEs with their timing, and the enemy's MEs by their counters (turned over by the
// contact that made the battle, §2.2), never by id, timing or composition.
#pragma once

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/view/side_view.hpp"

#include <string>
#include <vector>

namespace etatmajor::view {

struct BattleParticipantView {
    bool own = false;   // the viewer's (every participant, for the host)
    std::string me;     // its id: own MEs only
    std::string label;  // its counter's label (an enemy's once turned over)
    std::string side;
    int arrivalTurn = 0, moved = 0, allowance = 0;  // own MEs only
    std::string mode, timing;                       // own MEs only
};

struct BattleView {
    int id = 0, week = 0, day = 0, daylight = 0, startTurn = 1;
    std::string hex, status, kind, weather, winner, summary;
    std::vector<BattleParticipantView> participants;
};

std::vector<BattleView> battlesFor(const db::CampaignStore& store, const Viewer& viewer);
// Whether the viewer may see battle `id` (the host always; a side when it has an ME in it).
bool mayKnowBattle(const db::CampaignStore& store, const Viewer& viewer, int id);

std::string battleListJson(const std::vector<BattleView>& battles, const Viewer& viewer);
std::string battleListText(const std::vector<BattleView>& battles);

}  // namespace etatmajor::view
