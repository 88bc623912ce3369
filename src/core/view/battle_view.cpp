// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign's battles as a viewer may know them (battle_view.hpp).
#include "etatmajor/view/battle_view.hpp"

#include "etatmajor/db/state_store.hpp"
#include "engine/battles_db.hpp"

#include <nlohmann/json.hpp>

#include <sstream>

namespace etatmajor::view {

std::vector<BattleView> battlesFor(const db::CampaignStore& constStore, const Viewer& viewer) {
    requireViewer(constStore, viewer);
    auto& store = const_cast<db::CampaignStore&>(constStore);
    const auto state = db::loadState(constStore);
    std::vector<BattleView> out;
    for (const auto& rec : engine::listBattles(store)) {
        if (!viewer.isHost() && !rec.takesPart(viewer.side())) continue;
        BattleView b;
        b.id = rec.id;
        b.week = rec.week;
        b.day = rec.day;
        b.daylight = rec.daylight;
        b.startTurn = rec.startTurn;
        b.hex = rec.hex;
        b.status = rec.status;
        b.kind = rec.kind;
        b.weather = rec.weather;
        b.winner = rec.winner;
        b.summary = rec.summary;
        for (const auto& p : rec.participants) {
            BattleParticipantView v;
            v.own = viewer.knows(p.side);
            v.side = p.side;
            const auto* me = state.me(p.me);
            if (v.own) {
                v.me = p.me;
                v.label = me ? me->label : p.me;
                v.arrivalTurn = p.arrivalTurn;
                v.moved = p.moved;
                v.allowance = p.allowance;
                v.mode = p.mode;
                v.timing = p.how;
            } else {
                v.label = me && me->revealed ? me->label : "a face-down counter";
            }
            b.participants.push_back(std::move(v));
        }
        out.push_back(std::move(b));
    }
    return out;
}

bool mayKnowBattle(const db::CampaignStore& store, const Viewer& viewer, int id) {
    if (viewer.isHost()) return true;
    const auto rec = engine::findBattle(const_cast<db::CampaignStore&>(store), id);
    return rec && rec->takesPart(viewer.side());
}

std::string battleListJson(const std::vector<BattleView>& battles, const Viewer& viewer) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& b : battles) {
        nlohmann::ordered_json ps = nlohmann::ordered_json::array();
        for (const auto& p : b.participants) {
            if (viewer.isHost())
                ps.push_back({{"me", p.me},
                              {"side", p.side},
                              {"arrivalTurn", p.arrivalTurn},
                              {"mode", p.mode},
                              {"moved", p.moved},
                              {"allowance", p.allowance},
                              {"timing", p.timing}});
            else if (p.own)
                ps.push_back({{"me", p.me}, {"label", p.label}, {"side", p.side}, {"arrivalTurn", p.arrivalTurn}, {"mode", p.mode}});
            else ps.push_back({{"label", p.label}, {"side", p.side}});
        }
        out.push_back({{"id", b.id},
                       {"week", b.week},
                       {"day", b.day},
                       {"hex", b.hex},
                       {"status", b.status},
                       {"daylightTurns", b.daylight},
                       {"startTurn", b.startTurn},
                       {"weather", b.weather},
                       {"winner", b.winner},
                       {"summary", b.summary},
                       {"participants", ps}});
    }
    return out.dump(2);
}

std::string battleListText(const std::vector<BattleView>& battles) {
    std::ostringstream o;
    for (const auto& b : battles) {
        o << "battle " << b.id << ": week " << b.week << " day " << b.day << " at " << b.hex << ", " << b.status;
        if (!b.summary.empty()) o << " - " << b.summary;
        o << "\n";
        for (const auto& p : b.participants)
            o << "    " << p.side << " " << (p.own ? p.me : p.label)
              << (p.own ? ", arrives turn " + std::to_string(p.arrivalTurn) : std::string()) << "\n";
    }
    if (battles.empty()) o << "no battles\n";
    return o.str();
}

}  // namespace etatmajor::view
