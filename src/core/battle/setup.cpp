// SPDX-License-Identifier: GPL-3.0-or-later
// Battle set-up helpers: names of terrain kinds and slots, canonical order (§4.2), turns (§2.6.1), unit points.
#include "etatmajor/battle/setup.hpp"

#include "etatmajor/battle/charts.hpp"
#include "etatmajor/core/names.hpp"

#include <algorithm>
#include <array>
#include <tuple>

namespace etatmajor::battle {

namespace {
constexpr std::array<std::string_view, 16> kFeatureKinds{"light_wood",  "heavy_wood",  "light_urban", "heavy_urban",
                                                         "light_works", "heavy_works", "low_rise",    "high_hill",
                                                         "marsh",       "swamp",       "river",       "ford",
                                                         "bridge",      "stream",      "road",        "camp"};
constexpr std::array<std::string_view, 12> kHexTerrains{"open",          "woods", "hamlet", "village", "town",  "city",
                                                        "fortification", "river", "stream", "rolling", "hills", "marsh"};
constexpr std::array<std::string_view, 5> kSlots{"auto", "first", "second", "reserve", "screen"};
constexpr std::array<std::string_view, 3> kWoodKinds{"unknown", "light", "heavy"};

void sortFormation(FormationSpec& f) {
    std::sort(f.units.begin(), f.units.end(), [](const UnitSpec& a, const UnitSpec& b) { return a.id < b.id; });
    for (auto& c : f.children) sortFormation(c);
    std::sort(f.children.begin(), f.children.end(), [](const FormationSpec& a, const FormationSpec& b) { return a.id < b.id; });
}
}  // namespace

std::string_view featureKindName(FeatureKind k) { return core::enumName(kFeatureKinds, k); }
std::optional<FeatureKind> featureKindFromName(std::string_view s) { return core::enumFromName<FeatureKind>(kFeatureKinds, s); }
bool isLinearFeature(FeatureKind k) { return k == FeatureKind::LightWorks || k == FeatureKind::HeavyWorks; }

std::string_view hexTerrainName(HexTerrain h) { return core::enumName(kHexTerrains, h); }
std::optional<HexTerrain> hexTerrainFromName(std::string_view s) { return core::enumFromName<HexTerrain>(kHexTerrains, s); }
std::string_view woodKindName(WoodKind w) { return core::enumName(kWoodKinds, w); }
std::optional<WoodKind> woodKindFromName(std::string_view s) { return core::enumFromName<WoodKind>(kWoodKinds, s); }
std::string_view slotName(Slot s) { return core::enumName(kSlots, s); }
std::optional<Slot> slotFromName(std::string_view s) { return core::enumFromName<Slot>(kSlots, s); }

void canonicalise(BattleSetup& setup) {
    for (auto& side : setup.sides) {
        for (auto& me : side.mes) {
            for (auto& f : me.formations) sortFormation(f);
            std::sort(me.formations.begin(), me.formations.end(),
                      [](const FormationSpec& a, const FormationSpec& b) { return a.id < b.id; });
        }
        std::sort(side.mes.begin(), side.mes.end(), [](const MeSpec& a, const MeSpec& b) { return a.id < b.id; });
    }
    auto& feats = setup.terrain.features;
    std::sort(feats.begin(), feats.end(), [](const FeatureSpec& a, const FeatureSpec& b) {
        return std::tuple(static_cast<int>(a.kind), a.x0, a.y0, a.x1, a.y1, a.key, a.difficult) <
               std::tuple(static_cast<int>(b.kind), b.x0, b.y0, b.x1, b.y1, b.key, b.difficult);
    });
    auto& works = setup.terrain.works;
    std::sort(works.begin(), works.end(), [](const WorksSpec& a, const WorksSpec& b) {
        return std::tuple(a.side, a.heavy, a.redoubts, a.restLight, a.guns) <
               std::tuple(b.side, b.heavy, b.redoubts, b.restLight, b.guns);
    });
}

int turnsAvailable(const BattleSetup& setup) {
    if (setup.turns > 0) return setup.turns;
    return charts::turnsAvailable(setup.season, setup.contact);
}

int unitSpecPoints(const UnitSpec& u) {
    int perStand = charts::classStandValue(u.unitClass);
    if (u.armament == Armament::Rifle) perStand += charts::kRifleExtra;
    if (isMounted(u.type)) perStand += charts::kMountedExtra;
    if (isArtillery(u.type)) perStand += charts::kCrewExtra;
    int points = perStand * u.stands;
    for (const auto& g : u.guns) points += charts::gunStandValue(g.calibre) * g.count;
    for (const auto& g : u.battalionGuns) points += charts::gunStandValue(g.calibre) * g.count;
    return points;
}

}  // namespace etatmajor::battle
