// SPDX-License-Identifier: GPL-3.0-or-later
// Names of the battle vocabulary as they appear in battle files and reports.
#include "etatmajor/battle/types.hpp"

#include "etatmajor/core/names.hpp"

#include <array>

namespace etatmajor::battle {

namespace {
constexpr std::array<std::string_view, 9> kNationalities{"british",     "loyalist", "german",  "french", "spanish",
                                                         "continental", "state",    "militia", "native"};
constexpr std::array<std::string_view, 9> kTypes{"line_infantry",    "light_infantry", "irregular_infantry",
                                                 "native",           "light_cavalry",  "irregular_cavalry",
                                                 "mounted_infantry", "foot_artillery", "horse_artillery"};
constexpr std::array<std::string_view, 11> kFormations{"line",       "reinforced_line", "open_column", "closed_column",
                                                       "skirmish",   "urban",           "limbered",    "deployed",
                                                       "compressed", "lying",           "dismounted"};
constexpr std::array<std::string_view, 4> kArmaments{"musket", "rifle", "carbine", "mixed_bow"};
constexpr std::array<std::string_view, 4> kMorale{"ordered", "unsteady", "shaken", "routing"};
constexpr std::array<std::string_view, 10> kStatus{"on_table",  "reserve_off", "arriving",  "off_returning", "removed_spent",
                                                   "destroyed", "surrendered", "massacred", "scattered",     "withdrawn"};
constexpr std::array<std::string_view, 5> kWeather{"fine", "gusty", "rain", "storm", "snow"};
constexpr std::array<std::string_view, 3> kContact{"full_day", "half_day", "dusk"};
constexpr std::array<std::string_view, 3> kEdges{"own_rear", "left", "right"};
constexpr std::array<std::string_view, 4> kSectors{"line", "left", "centre", "right"};
constexpr std::array<std::string_view, 4> kPostures{"assault", "hold", "screen", "withdraw"};
constexpr std::array<std::string_view, 6> kTargets{"fast_dispersed", "dense", "closed_column", "line", "light_cover", "heavy_cover"};
constexpr std::array<std::string_view, 6> kFates{"UNHURT", "WOUNDED_1", "WOUNDED_2", "SEVERELY_WOUNDED", "KILLED", "CAPTURED"};

}  // namespace

int defaultFiguresPerStand(UnitType t) {
    switch (t) {
        case UnitType::LineInfantry:
        case UnitType::LightInfantry: return 4;
        case UnitType::IrregularInfantry:
        case UnitType::Native:
        case UnitType::LightCavalry: return 3;
        case UnitType::IrregularCavalry:
        case UnitType::MountedInfantry: return 2;
        case UnitType::FootArtillery:
        case UnitType::HorseArtillery: return 3;
    }
    return 4;
}

std::string_view nationalityName(Nationality n) { return core::enumName(kNationalities, n); }
std::optional<Nationality> nationalityFromName(std::string_view s) { return core::enumFromName<Nationality>(kNationalities, s); }
std::string_view unitTypeName(UnitType t) { return core::enumName(kTypes, t); }
std::optional<UnitType> unitTypeFromName(std::string_view s) { return core::enumFromName<UnitType>(kTypes, s); }
std::string_view formationName(Formation f) { return core::enumName(kFormations, f); }
std::optional<Formation> formationFromName(std::string_view s) { return core::enumFromName<Formation>(kFormations, s); }
std::string_view armamentName(Armament a) { return core::enumName(kArmaments, a); }
std::optional<Armament> armamentFromName(std::string_view s) { return core::enumFromName<Armament>(kArmaments, s); }
std::string_view moraleName(Morale m) { return core::enumName(kMorale, m); }
std::string_view unitStatusName(UnitStatus s) { return core::enumName(kStatus, s); }
std::string_view weatherName(Weather w) { return core::enumName(kWeather, w); }
std::optional<Weather> weatherFromName(std::string_view s) { return core::enumFromName<Weather>(kWeather, s); }
std::string_view contactName(Contact c) { return core::enumName(kContact, c); }
std::optional<Contact> contactFromName(std::string_view s) { return core::enumFromName<Contact>(kContact, s); }
std::string_view edgeName(Edge e) { return core::enumName(kEdges, e); }
std::optional<Edge> edgeFromName(std::string_view s) { return core::enumFromName<Edge>(kEdges, s); }
std::string_view sectorName(Sector s) { return core::enumName(kSectors, s); }
std::optional<Sector> sectorFromName(std::string_view s) { return core::enumFromName<Sector>(kSectors, s); }
std::string_view postureName(Posture p) { return core::enumName(kPostures, p); }
std::string_view targetClassName(TargetClass c) { return core::enumName(kTargets, c); }
std::string_view staffFateName(StaffFate f) { return core::enumName(kFates, f); }

}  // namespace etatmajor::battle
