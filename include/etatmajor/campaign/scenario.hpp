// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign set-up as written in a campaign file (campaigns/*.xml, schemas/campaign.xsd):
// sides, players, orders of battle, MEs, objectives, calendar and options.
// Spec: etat-major.md §1, §3, §4, §12.1, §13, §15.1–15.7, §15.10.
#pragma once

#include "etatmajor/campaign/options.hpp"
#include "etatmajor/hex/offset.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::campaign {

// Nationality of units and generals. Staff-table rows follow G-101.
enum class Nationality { British, Loyalist, German, American, French, Spanish, Native };
enum class StaffRow { France, EnglishHessian, American, Other };
StaffRow staffRow(Nationality n);
std::string_view nationalityName(Nationality n);
std::optional<Nationality> nationalityFromName(std::string_view s);

enum class UnitType { LineInfantry, LightInfantry, IrregularInfantry, LightCavalry, IrregularCavalry, Artillery, Engineers };
std::string_view unitTypeName(UnitType t);
std::optional<UnitType> unitTypeFromName(std::string_view s);
bool isCavalry(UnitType t);
bool isIrregular(UnitType t);

// Artillery calibres with their §13.1 gun-stand costs.
enum class Calibre { VeryLight, Light, LightMedium, Medium, Heavy, Siege };
std::string_view calibreName(Calibre c);
std::optional<Calibre> calibreFromName(std::string_view s);

enum class Armament { Musket, Rifle, Carbine };
std::string_view armamentName(Armament a);
std::optional<Armament> armamentFromName(std::string_view s);

enum class Rating { Inept, Capable, Exceptional };
std::string_view ratingName(Rating r);
std::optional<Rating> ratingFromName(std::string_view s);
int initiativeValue(Rating r);  // §13.3: 1 / 2 / 3

enum class Rank { ArmyCommander, Corps, Division, Brigade, ArtilleryGeneral };
std::string_view rankName(Rank r);
std::optional<Rank> rankFromName(std::string_view s);

enum class Arm { Infantry, Cavalry, Artillery, Mixed };
std::string_view armName(Arm a);
std::optional<Arm> armFromName(std::string_view s);

enum class Season { Summer, Autumn, Winter, Spring };
std::string_view seasonName(Season s);
std::optional<Season> seasonFromName(std::string_view s);

// §5 formation modes.
enum class Mode { March, ForcedMarch, Forage, Reorganisation, Scouting, DeployedDefensive, DeployedOffensive, Breakoff };
std::string_view modeName(Mode m);
std::optional<Mode> modeFromName(std::string_view s);

enum class FormationKind { Army, Corps, Division, Brigade };
std::string_view formationKindName(FormationKind k);
std::optional<FormationKind> formationKindFromName(std::string_view s);

enum class PlayerRole { OverallCommander, MeCommander, Subordinate };
std::string_view playerRoleName(PlayerRole r);
std::optional<PlayerRole> playerRoleFromName(std::string_view s);

enum class ObjectiveKind { Primary, Secondary };
int objectiveValue(ObjectiveKind k);  // §12.1: 1000 / 500

struct GunGroup {
    Calibre calibre = Calibre::Light;
    int stands = 0;
};

struct UnitDef {
    std::string id;
    std::string name;
    Nationality nationality = Nationality::British;
    UnitType type = UnitType::LineInfantry;
    int unitClass = 2;        // 1..5 (§13.2)
    int stands = 0;           // infantry/cavalry stands, or artillery crew stands
    int figuresPerStand = 0;  // §13.7 default by type when the file leaves it out
    Armament armament = Armament::Musket;
    bool bayonets = true;
    bool guard = false;          // Guard troops are replaced only from the primary grant (G-80)
    std::vector<GunGroup> guns;  // artillery only
    int line = 0;
};

// Figures per stand by default (etat-major.md §13.7).
int defaultFiguresPerStand(UnitType t);

// How a general's rating is decided (§1 item 8, §13.3).
struct RatingSpec {
    enum class Kind { Fixed, Roll } kind = Kind::Fixed;
    Rating fixed = Rating::Capable;
    // Historical special roll (§13.3 "Capable; Exceptional on 1d6 = 5–6"): when set, 1d6 in [altFrom, altTo]
    // turns the fixed rating into `alt`.
    std::optional<Rating> alt;
    int altFrom = 0;
    int altTo = 0;
};

struct GeneralDef {
    std::string id;
    std::string name;
    Nationality nationality = Nationality::British;
    Rank rank = Rank::Brigade;
    Arm arm = Arm::Infantry;
    RatingSpec rating;
    bool playerFigure = false;  // player figures are always Capable (§1 item 8)
    int aides = 0;
    bool escort = false;
    int line = 0;
};

struct FormationDef {
    std::string id;
    std::string name;
    FormationKind kind = FormationKind::Brigade;
    std::optional<GeneralDef> general;
    std::vector<FormationDef> children;
    std::vector<UnitDef> units;
    int line = 0;
};

// Where an ME starts: on a hex, or entering along one of its side's LOCs.
struct MePlacement {
    enum class Kind { Hex, Urban, Entry } kind = Kind::Hex;
    hex::Offset hex;      // Hex
    std::string urban;    // Urban: id of a map urban area
    bool primary = true;  // Entry: primary or secondary LOC
    int entryIndex = 0;   // Entry: which secondary LOC (0-based, in map order)
    int marchOrder = 0;   // Entry: position in the side's order of march
};

struct MeDef {
    std::string id;
    std::string label;                 // counter label: type symbol and numbers
    std::vector<std::string> members;  // formation or unit ids
    MePlacement placement;
    int arrivesWeek = 0;  // > 0: off the map until W5 of that week, then at its placement (a reinforcement on a date)
    Mode mode = Mode::March;
    std::string supplySource;  // urban-area id of the map
    std::string commander;     // player id, optional
    int line = 0;
};

struct PlayerDef {
    std::string id;
    std::string name;
    PlayerRole role = PlayerRole::MeCommander;
    int line = 0;
};

struct SideDef {
    std::string id;
    std::string name;
    std::vector<Nationality> nationalities;
    int pointsLimit = 0;
    int decoysPerWeek = 4;  // §2.3
    // A fleet closes the side's LOC entries by sea from W1 of this week (0: never); `blockadeBy` names it
    // (docs/formats/campaign.md "A fleet that closes the sea").
    int blockadeWeek = 0;
    std::string blockadeBy;
    std::vector<PlayerDef> players;
    FormationDef army;
    std::vector<MeDef> mes;
    int line = 0;
};

struct ObjectiveDef {
    std::string id;
    std::string name;
    ObjectiveKind kind = ObjectiveKind::Secondary;
    std::optional<hex::Offset> hex;  // either a hex …
    std::string urban;               // … or the hex of a map urban area
    std::string assignedTo;          // the side that must take it
    std::string writtenBy;           // the side whose commander wrote it (G-63: the enemy)
    int line = 0;
};

struct Scenario {
    std::string id;
    std::string name;
    std::string theatre;
    std::string description;
    std::string mapRef;   // as written in the file (relative to the file)
    std::string mapPath;  // resolved against the file's directory
    int year = 1780;
    int lengthWeeks = 21;
    std::optional<Season> startSeason;  // nullopt: rolled on 4d6 at campaign creation (§8.1.1)
    int seasonWeek = 1;                 // week of the season the campaign starts in
    std::string startDate;              // historical start (ISO date), optional
    Options options;
    std::vector<std::pair<std::string, int>> optionLines;  // key and source line of each option given
    std::vector<SideDef> sides;
    std::vector<ObjectiveDef> objectives;
    std::string file;

    const SideDef* side(std::string_view id) const;
};

}  // namespace etatmajor::campaign
