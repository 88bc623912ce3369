// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/movement.hpp"

#include "etatmajor/hex/offset.hpp"

#include <algorithm>
#include <map>

namespace etatmajor::rules {

using namespace campaign;

int unitMovementRate(const UnitState& u) {
    switch (u.type) {
        case UnitType::IrregularCavalry: return 6;
        case UnitType::LightCavalry: return 5;
        default: return 4;
    }
}

int baseMovementRate(const std::vector<const UnitState*>& units, const Options& options) {
    if (units.empty()) return 4;
    if (options.is("mixed_me_mr", "majority")) {
        std::map<int, int> count;
        for (const auto* u : units) ++count[unitMovementRate(*u)];
        // The rate most units share; a tie goes to the slower.
        return std::max_element(count.begin(), count.end(), [](auto a, auto b) { return a.second < b.second; })->first;
    }
    int slowest = 99;
    for (const auto* u : units) slowest = std::min(slowest, unitMovementRate(*u));
    return slowest;
}

int halveAllowance(int allowance, const Options& options) {
    const std::string& rule = options.get("half_move_rounding");
    if (rule == "ceil") return (allowance + 1) / 2;
    if (rule == "floor") return allowance / 2;
    return std::max(1, allowance / 2);  // floor_min1
}

MovePlan planMove(const map::Map& m, hex::Hex start, const std::vector<hex::Hex>& route, const MoveInput& in, const Options& o) {
    MovePlan plan;
    if (in.receipt == Receipt::NotReceived || stationaryMode(in.mode, o)) return plan;
    const std::string& termMode = o.get("terrain_mod_mode");
    const bool perOccurrence = termMode == "per_occurrence";
    const bool oncePerDay = termMode == "once_per_day";
    const bool tardy = in.receipt == Receipt::Tardy;
    const bool halveFirst = tardy && o.is("tardy_halving_order", "before_modifiers");
    const int minMove = o.is("min_move", "0") ? 0 : 1;
    // G-48: do_move / breakoff_move = half: the mode's allowance is half the MR after modifiers (halved like a tardy
    // order, half_move_rounding), and a tardy order halves it again.
    const bool halfRate = halfRateMode(in.mode, o);
    if (halfRate)
        plan.modifiers.push_back(std::string(modeName(in.mode)) + " at half rate (" +
                                 (in.mode == Mode::Breakoff ? "breakoff_move" : "do_move") + " = half)");

    int base = halveFirst ? halveAllowance(in.baseMr, o) : in.baseMr;
    int fixed = 0;
    if (in.mode == Mode::ForcedMarch) {
        fixed += 2;
        plan.modifiers.push_back("forced march +2");
    }
    if (!in.locValid) {
        fixed -= 1;
        plan.modifiers.push_back("no valid LOC -1");
    }
    const bool badWeather = in.weather == Weather::Storm || in.weather == Weather::Snow;
    if (badWeather) {
        fixed -= 1;
        plan.modifiers.push_back(std::string(weatherName(in.weather)) + " -1");
    }
    // Before tardy halving: the "modified MR" of G-21.
    auto modifiedWith = [&](int penalties) {
        const int a = std::max(minMove, (halveFirst ? in.baseMr : base) + fixed + penalties);
        return halfRate ? halveAllowance(a, o) : a;
    };
    auto allowanceWith = [&](int penalties) {
        int a = std::max(minMove, base + fixed + penalties);
        if (halfRate) a = halveAllowance(a, o);
        if (tardy && !halveFirst) a = halveAllowance(a, o);
        return a;
    };

    int penalties = 0;
    bool crossCountry = false, difficult = false, rivers = false, towns = false, offRoadWeather = false;
    hex::Hex at = start;
    bool inTownEnteredToday = false;
    for (const hex::Hex next : route) {
        const int dir = hex::directionTo(at, next);
        if (dir < 0 || !m.contains(next)) break;
        int stepPenalty = 0;
        std::vector<std::string> notes;
        const bool major = m.hasLink(at, dir, map::LinkKind::MajorRoad);
        const bool road = major || m.hasLink(at, dir, map::LinkKind::MinorRoad);
        // §8.1.3, G-16: a flooded marsh is impassable except along a road or track through it.
        if (!road && wetlandFlooded(m, next, in.season, o)) {
            plan.modifiers.push_back("flooded marsh at " + hex::formatOffset(m.offsets().toOffset(next)) + " impassable");
            break;
        }
        // Cross-country or track: −1 (once a day under mixed and once_per_day; per hex under per_occurrence).
        if (!major && (perOccurrence || !crossCountry)) {
            stepPenalty -= 1;
            notes.push_back(road ? "track -1" : "cross-country -1");
        }
        if (!major) crossCountry = true;
        // Difficult ground entered off road: −2.
        if (!road && m.terrain(next) == map::Terrain::Difficult && (perOccurrence || !difficult)) {
            stepPenalty -= 2;
            notes.push_back("difficult ground -2");
            difficult = true;
        }
        // G-13 body_additive: storm or snow costs one more hex off the road.
        if (badWeather && !road && o.is("storm_snow_move", "body_additive") && !offRoadWeather) {
            stepPenalty -= 1;
            notes.push_back("off road in bad weather -1");
            offRoadWeather = true;
        }
        // G-55 river and stream crossings.
        if (const map::Hexside* side = m.hexside(at, dir)) {
            int crossing = 0;
            if (side->watercourse == map::Watercourse::River)
                crossing = (side->crossing == map::Crossing::Bridge && o.is("river_crossing", "bridge_free_ford_minus1")) ? 0 : -1;
            else if (side->watercourse == map::Watercourse::Stream && o.is("stream_crossing", "minus1"))
                crossing = side->crossing == map::Crossing::Bridge ? 0 : -1;
            if (crossing != 0 && (!oncePerDay || !rivers)) {
                stepPenalty += crossing;
                notes.push_back("crossing the " + (side->name.empty() ? std::string("river") : side->name) + " -1");
                rivers = true;
            }
        }
        // Passing through an urban area entered today: −1 on leaving it.
        if (inTownEnteredToday && (!oncePerDay || !towns)) {
            stepPenalty -= 1;
            notes.push_back("passing through a town -1");
            towns = true;
        }
        const int k = static_cast<int>(plan.entered.size()) + 1;
        if (k > allowanceWith(penalties + stepPenalty)) break;
        penalties += stepPenalty;
        plan.modifiers.insert(plan.modifiers.end(), notes.begin(), notes.end());
        plan.entered.push_back(next);
        inTownEnteredToday = m.urbanAreaAt(next) != nullptr;
        at = next;
    }
    plan.allowance = allowanceWith(penalties);
    plan.modifiedMr = modifiedWith(penalties);
    return plan;
}

int fractionBasis(const MovePlan& plan, const Options& o) {
    // etat-major.md §8.8.1, G-21.
    return o.is("mr_fraction_basis", "modified_mr") ? plan.modifiedMr : plan.allowance;
}

bool halfRateMode(Mode mode, const Options& o) {
    // etat-major.md §5, G-48.
    return (mode == Mode::DeployedOffensive && o.is("do_move", "half")) || (mode == Mode::Breakoff && o.is("breakoff_move", "half"));
}

int stackedAt(const CampaignState& s, const MeState& mover, hex::Hex at, const std::vector<std::pair<std::string, hex::Hex>>& decoys,
              const Options& o) {
    // etat-major.md §2.2, G-41 stacking_scope and decoys_stack.
    const bool total = o.is("stacking_scope", "total");
    int n = 0;
    for (const auto& m : s.mes)
        if (m.onMap && m.id != mover.id && m.hex == at && (total || m.side == mover.side)) ++n;
    if (o.is("decoys_stack", "yes"))
        for (const auto& [side, h] : decoys)
            if (h == at && (total || side == mover.side)) ++n;
    return n;
}

bool mayEnterStack(const CampaignState& s, const MeState& mover, hex::Hex at,
                   const std::vector<std::pair<std::string, hex::Hex>>& decoys, const Options& o) {
    // etat-major.md §2.2, G-41: passing through a full hex (stack_check = every_hex), or entering a full hex held by
    // the enemy, where the contact ends the move (stacking_scope = total).
    const bool full = stackedAt(s, mover, at, decoys, o) >= kStackLimit;
    if (!full) return true;
    if (o.is("stack_check", "every_hex")) return false;
    if (o.is("stacking_scope", "total"))
        return std::none_of(s.mes.begin(), s.mes.end(),
                            [&](const MeState& m) { return m.onMap && m.side != mover.side && m.hex == at; });
    return true;
}

int attritionFigures(const UnitState& u, bool winter, const Options& o) {
    const bool footOrHorse = u.type != UnitType::Artillery && u.type != UnitType::Engineers;
    if (!footOrHorse && o.is("attrition_scope", "foot_and_horse")) return 0;
    static constexpr int kTable[] = {0, 3, 3, 1, 2, 1};
    int n = kTable[std::clamp(u.unitClass, 1, 5)];
    if (winter && o.is("fm_winter_extra", "on")) ++n;
    return n;
}

bool removedByLosses(const UnitState& u, const Options& o) {
    if (o.is("map_removal", "at_one_stand")) return u.figuresCurrent <= u.figuresPerStand;
    return u.figuresCurrent < u.figuresPerStand;
}

}  // namespace etatmajor::rules
