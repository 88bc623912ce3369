// SPDX-License-Identifier: GPL-3.0-or-later
// Vocabulary of the tactical resolver: the enumerations every other battle header uses, with their file names.
// Spec: tactical-resolver.md §2.2 (state model). Calibres, ratings, ranks, arms, seasons and formation modes are the
// campaign's own enumerations (etatmajor/campaign/scenario.hpp), so a campaign contact converts without mapping.
#pragma once

#include "etatmajor/campaign/scenario.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace etatmajor::battle {

using campaign::Arm;
using campaign::Calibre;
using campaign::Mode;
using campaign::Rank;
using campaign::Rating;
using campaign::Season;

constexpr int kSideA = 0;  // the side whose rear edge is pace 0 of the strip (§2.4)
constexpr int kSideB = 1;
constexpr int kNoSide = -1;
constexpr int kNone = -1;  // "no unit / no general / no brigade" index

// §2.2: nationality decides the staff rating row (§1.6) and a few scenario rules.
enum class Nationality : std::uint8_t { British, Loyalist, German, French, Spanish, Continental, State, Militia, Native };

// §2.2 unit types (staff and engineers are separate records).
enum class UnitType : std::uint8_t {
    LineInfantry,
    LightInfantry,
    IrregularInfantry,
    Native,
    LightCavalry,
    IrregularCavalry,
    MountedInfantry,
    FootArtillery,
    HorseArtillery
};

// §2.2 formations. Urban = inside an urban area (no formation, ¶539).
enum class Formation : std::uint8_t {
    Line,
    ReinforcedLine,
    OpenColumn,
    ClosedColumn,
    Skirmish,
    Urban,
    Limbered,
    Deployed,
    Compressed,
    Lying,
    Dismounted
};

enum class Armament : std::uint8_t { Musket, Rifle, Carbine, MixedBow };

// §2.2 morale states; the failure ladder is kept apart (Ladder).
enum class Morale : std::uint8_t { Ordered, Unsteady, Shaken, Routing };
enum class Ladder : std::uint8_t { None, Halt, Retreat };

// §2.2 status of a unit.
enum class UnitStatus : std::uint8_t {
    OnTable,
    ReserveOff,
    Arriving,
    OffReturning,
    RemovedSpent,
    Destroyed,
    Surrendered,
    Massacred,
    Scattered,
    Withdrawn
};

enum class Weather : std::uint8_t { Fine, Gusty, Rain, Storm, Snow };
// §1.19 contact time: how much of the day is left for the battle.
enum class Contact : std::uint8_t { FullDay, HalfDay, Dusk };
// §2.6.2 entry edges of arriving MEs, relative to the battle axis.
enum class Edge : std::uint8_t { OwnRear, Left, Right };
// Where along its own rear edge an ME arriving after turn 1 comes on: in the files of its side's first line (line,
// the default), or in the left, centre or right third of the edge as the side faces the enemy (battle file `sector`).
enum class Sector : std::uint8_t { Line, Left, Centre, Right };
// §2.8 doctrine postures.
enum class Posture : std::uint8_t { Assault, Hold, Screen, Withdraw };

// §1.11 target classes (small arms use Fast&Dispersed / Line&Dense / cover; artillery also Closed column).
enum class TargetClass : std::uint8_t { FastDispersed, Dense, ClosedColumn, Line, LightCover, HeavyCover };

// §1.14 and §2.15 fates of staff.
enum class StaffFate : std::uint8_t { Unhurt, Wounded1, Wounded2, SeverelyWounded, Killed, Captured };

// light or irregular cavalry, mounted infantry
inline bool isMounted(UnitType t) {
    return t == UnitType::LightCavalry || t == UnitType::IrregularCavalry || t == UnitType::MountedInfantry;
}
// foot or horse artillery
inline bool isArtillery(UnitType t) { return t == UnitType::FootArtillery || t == UnitType::HorseArtillery; }
// every non-mounted, non-artillery type
inline bool isFoot(UnitType t) { return !isMounted(t) && !isArtillery(t); }
// irregular foot, Native, irregular cavalry, mounted infantry
inline bool isIrregularType(UnitType t) {
    return t == UnitType::IrregularInfantry || t == UnitType::Native || t == UnitType::IrregularCavalry ||
           t == UnitType::MountedInfantry;
}
// §1.1 figures per stand by type (4 regular foot, 3 irregular foot, 3 regular cavalry, 2 irregular mounted, 3 crew).
int defaultFiguresPerStand(UnitType t);

std::string_view nationalityName(Nationality n);
std::optional<Nationality> nationalityFromName(std::string_view s);
std::string_view unitTypeName(UnitType t);
std::optional<UnitType> unitTypeFromName(std::string_view s);
std::string_view formationName(Formation f);
std::optional<Formation> formationFromName(std::string_view s);
std::string_view armamentName(Armament a);
std::optional<Armament> armamentFromName(std::string_view s);
std::string_view moraleName(Morale m);
std::string_view unitStatusName(UnitStatus s);
std::string_view weatherName(Weather w);
std::optional<Weather> weatherFromName(std::string_view s);
std::string_view contactName(Contact c);
std::optional<Contact> contactFromName(std::string_view s);
std::string_view edgeName(Edge e);
std::optional<Edge> edgeFromName(std::string_view s);
std::string_view sectorName(Sector s);
std::optional<Sector> sectorFromName(std::string_view s);
std::string_view postureName(Posture p);
std::string_view targetClassName(TargetClass c);
std::string_view staffFateName(StaffFate f);

}  // namespace etatmajor::battle
