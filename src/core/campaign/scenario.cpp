// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/campaign/scenario.hpp"

#include "etatmajor/core/names.hpp"

#include <array>

namespace etatmajor::campaign {

namespace {
using core::enumFromName;
using core::enumName;

constexpr std::array<std::string_view, 7> kNationalities{"british", "loyalist", "german", "american", "french", "spanish", "native"};
constexpr std::array<std::string_view, 7> kUnitTypes{"line_infantry",     "light_infantry", "irregular_infantry", "light_cavalry",
                                                     "irregular_cavalry", "artillery",      "engineers"};
constexpr std::array<std::string_view, 6> kCalibres{"very_light", "light", "light_medium", "medium", "heavy", "siege"};
constexpr std::array<std::string_view, 3> kArmaments{"musket", "rifle", "carbine"};
constexpr std::array<std::string_view, 3> kRatings{"inept", "capable", "exceptional"};
constexpr std::array<std::string_view, 5> kRanks{"army_commander", "corps", "division", "brigade", "artillery_general"};
constexpr std::array<std::string_view, 4> kArms{"infantry", "cavalry", "artillery", "mixed"};
constexpr std::array<std::string_view, 4> kSeasons{"summer", "autumn", "winter", "spring"};
constexpr std::array<std::string_view, 8> kModes{
    "march", "forced_march", "forage", "reorganisation", "scouting", "deployed_defensive", "deployed_offensive", "breakoff"};
constexpr std::array<std::string_view, 4> kFormationKinds{"army", "corps", "division", "brigade"};
constexpr std::array<std::string_view, 3> kRoles{"overall_commander", "me_commander", "subordinate"};
}  // namespace

// G-101: British, Loyalist and German use the "English, Hessian" row; Continental, state and militia the American
// row; French the France row; Spanish and Native American the "Other" row.
StaffRow staffRow(Nationality n) {
    switch (n) {
        case Nationality::British:
        case Nationality::Loyalist:
        case Nationality::German: return StaffRow::EnglishHessian;
        case Nationality::American: return StaffRow::American;
        case Nationality::French: return StaffRow::France;
        case Nationality::Spanish:
        case Nationality::Native: return StaffRow::Other;
    }
    return StaffRow::Other;
}

std::string_view nationalityName(Nationality n) { return enumName(kNationalities, n); }
std::optional<Nationality> nationalityFromName(std::string_view s) { return enumFromName<Nationality>(kNationalities, s); }
std::string_view unitTypeName(UnitType t) { return enumName(kUnitTypes, t); }
std::optional<UnitType> unitTypeFromName(std::string_view s) { return enumFromName<UnitType>(kUnitTypes, s); }
bool isCavalry(UnitType t) { return t == UnitType::LightCavalry || t == UnitType::IrregularCavalry; }
bool isIrregular(UnitType t) { return t == UnitType::IrregularInfantry || t == UnitType::IrregularCavalry; }
std::string_view calibreName(Calibre c) { return enumName(kCalibres, c); }
std::optional<Calibre> calibreFromName(std::string_view s) { return enumFromName<Calibre>(kCalibres, s); }
std::string_view armamentName(Armament a) { return enumName(kArmaments, a); }
std::optional<Armament> armamentFromName(std::string_view s) { return enumFromName<Armament>(kArmaments, s); }
std::string_view ratingName(Rating r) { return enumName(kRatings, r); }
std::optional<Rating> ratingFromName(std::string_view s) { return enumFromName<Rating>(kRatings, s); }
std::string_view rankName(Rank r) { return enumName(kRanks, r); }
std::optional<Rank> rankFromName(std::string_view s) { return enumFromName<Rank>(kRanks, s); }
std::string_view armName(Arm a) { return enumName(kArms, a); }
std::optional<Arm> armFromName(std::string_view s) { return enumFromName<Arm>(kArms, s); }
std::string_view seasonName(Season s) { return enumName(kSeasons, s); }
std::optional<Season> seasonFromName(std::string_view s) { return enumFromName<Season>(kSeasons, s); }
std::string_view modeName(Mode m) { return enumName(kModes, m); }
std::optional<Mode> modeFromName(std::string_view s) { return enumFromName<Mode>(kModes, s); }
std::string_view formationKindName(FormationKind k) { return enumName(kFormationKinds, k); }
std::optional<FormationKind> formationKindFromName(std::string_view s) { return enumFromName<FormationKind>(kFormationKinds, s); }
std::string_view playerRoleName(PlayerRole r) { return enumName(kRoles, r); }
std::optional<PlayerRole> playerRoleFromName(std::string_view s) { return enumFromName<PlayerRole>(kRoles, s); }

// §13.3 initiative point values.
int initiativeValue(Rating r) {
    switch (r) {
        case Rating::Inept: return 1;
        case Rating::Capable: return 2;
        case Rating::Exceptional: return 3;
    }
    return 1;
}

// §12.1 objective values.
int objectiveValue(ObjectiveKind k) { return k == ObjectiveKind::Primary ? 1000 : 500; }

// §13.7 default basing: regular cavalry 3, irregular mounted 2, regular infantry 4, irregular foot 3,
// regular light infantry 2 (skirmisher half-stands), artillery crew 3. Engineers are based as crews.
int defaultFiguresPerStand(UnitType t) {
    switch (t) {
        case UnitType::LineInfantry: return 4;
        case UnitType::LightInfantry: return 2;
        case UnitType::IrregularInfantry: return 3;
        case UnitType::LightCavalry: return 3;
        case UnitType::IrregularCavalry: return 2;
        case UnitType::Artillery: return 3;
        case UnitType::Engineers: return 3;
    }
    return 4;
}

const SideDef* Scenario::side(std::string_view sideId) const {
    for (const auto& s : sides)
        if (s.id == sideId) return &s;
    return nullptr;
}

}  // namespace etatmajor::campaign
