// SPDX-License-Identifier: GPL-3.0-or-later
// A tabletop result for tests, as the players would bring it from the table (docs/formats/battle-result.md): each unit
// of the battle loses a tenth of its figures and the Americans win; `notes`, when given, is the result's notes.
#pragma once

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/battles.hpp"

#include <sstream>
#include <string>

namespace etatmajor::test {

inline std::string tableResult(db::CampaignStore& store, const engine::BattleRecord& b, const std::string& notes = {}) {
    const auto s = db::loadState(store);
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<battleResult formatVersion=\"1\" battle=\"" << b.id
      << "\" winner=\"american\">\n";
    for (const auto& p : b.participants)
        for (const auto* u : s.unitsOf(p.me))
            x << "  <unit id=\"" << u->id << "\" figuresLost=\"" << u->figuresCurrent / 10 << "\"/>\n";
    if (!notes.empty()) x << "  <notes>" << notes << "</notes>\n";
    x << "</battleResult>\n";
    return x.str();
}

}  // namespace etatmajor::test
