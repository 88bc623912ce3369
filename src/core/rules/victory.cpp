// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/victory.hpp"

#include "etatmajor/campaign/points.hpp"
#include "etatmajor/rules/supply.hpp"

namespace etatmajor::rules {

using namespace campaign;

int urbanWeeklyValue(const UrbanState& ua, Season season, const Options& options) {
    if (ua.destroyed || !ua.rawRoll) return 0;
    int value = *ua.rawRoll * uaMultiplier(options);
    if (options.is("combat_ua_halving", "on"))
        for (int i = 0; i < ua.combatHalvings; ++i) value /= 2;                         // permanent, rounded down (G-84)
    if (season == Season::Winter && options.is("winter_ua_halving", "on")) value /= 2;  // while it is winter
    return value;
}

int unitCurrentPoints(const UnitState& u) {
    if (u.removed || u.figuresOriginal == 0) return 0;
    // The troops count pro rata to the figures still present (G-82); guns by the gun stands still on hand.
    int points = standPrice(u) * u.standsOriginal * u.figuresCurrent / u.figuresOriginal;
    for (const auto& g : u.guns) points += gunStandCost(g.calibre) * g.standsCurrent;
    return points;
}

Vcs victoryConditionStatus(const CampaignState& state, const std::string& sideId, Season season) {
    Vcs v;
    v.side = sideId;
    const SideState* side = state.side(sideId);
    if (!side) return v;
    v.baseline = side->vcsBaseline;
    v.pointsLost = state.options.is("vcs_losses", "gross") ? side->pointsLost : side->pointsLost - side->pointsReplaced;
    for (const auto& ua : state.urban)
        if (ua.controller == sideId) v.supplyValue += urbanWeeklyValue(ua, season, state.options);
    const std::string& scoring = state.options.get("objective_scoring");
    for (const auto& o : state.objectives) {
        // G-64 cumulative_captures: an objective is "won several times over": every capture by the side it was set
        // for adds its value for good, whoever holds it now.
        if (scoring == "cumulative_captures") {
            if (o.assignedTo == sideId) v.objectivesValue += o.value * o.captures;
            continue;
        }
        if (o.controller != sideId) continue;
        if (scoring == "any_holder" || o.assignedTo == sideId) v.objectivesValue += o.value;
    }
    v.value = v.baseline - v.pointsLost + v.supplyValue;
    if (state.options.is("vcs_formula", "body")) v.value += v.objectivesValue;
    v.defeated = 4 * v.value <= v.baseline;  // 25% or less of the baseline (G-65)
    return v;
}

CampaignEnd checkEnd(const CampaignState& state, const std::vector<Vcs>& vcs, bool afterLastWeek) {
    CampaignEnd end;
    // 1. Defeat.
    std::vector<std::string> defeated;
    for (const auto& v : vcs)
        if (v.defeated) defeated.push_back(v.side);
    if (!defeated.empty()) {
        end.ended = true;
        end.reason = "defeat";
        if (defeated.size() == 1) end.winner = state.enemyOf(defeated.front());
        return end;
    }
    // 2. A side holding its primary and every secondary objective (G-100).
    for (const auto& side : state.sides) {
        int assigned = 0, held = 0;
        for (const auto& o : state.objectives)
            if (o.assignedTo == side.id) {
                ++assigned;
                if (o.controller == side.id) ++held;
            }
        if (assigned > 0 && held == assigned) {
            end.ended = true;
            end.reason = "objectives";
            end.winner = side.id;
            return end;
        }
    }
    // 3. The last week has been played (end_winner).
    if (afterLastWeek) {
        end.ended = true;
        end.reason = "last_week";
        const std::string& rule = state.options.get("end_winner");
        if (rule == "draw" || vcs.size() != 2) return end;
        long long a = vcs[0].value, b = vcs[1].value;
        if (rule == "vcs_ratio") {  // compare value/baseline without division
            a = static_cast<long long>(vcs[0].value) * vcs[1].baseline;
            b = static_cast<long long>(vcs[1].value) * vcs[0].baseline;
        }
        if (a != b) end.winner = a > b ? vcs[0].side : vcs[1].side;
    }
    return end;
}

}  // namespace etatmajor::rules
