// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/intel.hpp"

#include <map>

namespace etatmajor::rules {

using namespace campaign;

IntelDetail case2Detail(int learner, int other) {
    if (learner <= 0 || learner <= other) return IntelDetail::Nothing;
    if (other <= 0 || 2 * learner >= 3 * other) return IntelDetail::Full;  // "50% or more": at least 1.5 times
    return IntelDetail::Numbers;
}

std::vector<TypeCount> describeUnits(const std::vector<const UnitState*>& units) {
    std::map<std::pair<std::string, std::string>, int> counts;
    for (const auto* u : units) {
        std::string kind;
        switch (u->type) {
            case UnitType::LineInfantry: kind = u->unitClass == 1 ? "militia battalions" : "line infantry battalions"; break;
            case UnitType::LightInfantry: kind = "light infantry battalions"; break;
            case UnitType::IrregularInfantry: kind = "irregular foot"; break;
            case UnitType::LightCavalry:
            case UnitType::IrregularCavalry: kind = "cavalry regiments"; break;
            case UnitType::Artillery: kind = "artillery batteries"; break;
            case UnitType::Engineers: kind = "engineer detachments"; break;
        }
        ++counts[{kind, std::string(nationalityName(u->nationality))}];
    }
    std::vector<TypeCount> out;
    for (const auto& [key, n] : counts) out.push_back({key.first, key.second, n});
    return out;
}

int misstate(int count, dice::Dice& dice, const Options& o, const std::string& subject) {
    const std::string& rule = o.get("mislead");
    int error = 0;
    if (rule == "body_pm2") {
        const auto r = dice.roll({"misstated count", "etat-major.md §8.6.3", subject, 1, 5, -3});  // −2..+2
        error = r.result;
        dice.effect(r, "count off by " + std::to_string(error));
    } else {
        const bool mandatory = rule == "chart_pm1to3_mandatory";
        const auto size = dice.roll({"misstated count", "etat-major.md §8.6.3", subject, 1, mandatory ? 3 : 4, mandatory ? 0 : -1});
        const auto sign = dice.roll({"misstated count, direction", "etat-major.md §8.6.3", subject, 1, 2, 0});
        error = sign.result == 1 ? -size.result : size.result;
        dice.effect(size, "count off by " + std::to_string(error));
    }
    return std::max(0, count + error);
}

bool scoutSees(const map::Map& m, hex::Hex from, hex::Hex target, Weather weather, const Options& o) {
    const int d = hex::distance(from, target);
    if (d == 0) return true;
    if (d > 1 || seesOnlyOwnHex(weather)) return false;
    if (o.is("los_blocking", "target_hex_hides") && m.contains(target)) {
        const auto t = m.terrain(target);
        if (t == map::Terrain::Woods || t == map::Terrain::HeavyWoods || t == map::Terrain::Hills || m.urbanAreaAt(target))
            return false;
    }
    return true;
}

bool isScoutingCavalry(const CampaignState& state, const MeState& me) {
    if (me.mode != Mode::Scouting) return false;
    for (const auto* u : state.unitsOf(me.id))
        if (isCavalry(u->type)) return true;
    return false;
}

}  // namespace etatmajor::rules
