// SPDX-License-Identifier: GPL-3.0-or-later
// The input of one battle: both sides' orders of battle with their MEs, modes and arrival turns, the terrain of
// the hex, daylight and weather. Built by the campaign from a contact, or read from a battle file
// (docs/formats/battle.md, schemas/battle.xsd). Spec: tactical-resolver.md §2.2, §2.5, §2.6.
#pragma once

#include "etatmajor/battle/params.hpp"
#include "etatmajor/battle/types.hpp"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace etatmajor::battle {

// §2.5 terrain features, each an axis-aligned rectangle of the strip.
enum class FeatureKind : std::uint8_t {
    LightWood,
    HeavyWood,
    LightUrban,
    HeavyUrban,
    LightWorks,  // linear: light earthworks, low walls, hedges, fences, abatis, palisades
    HeavyWorks,  // linear: heavy earthworks, redoubts, high walls; counts as a fortification
    LowRise,
    HighHill,
    Marsh,
    Swamp,
    River,  // impassable except at fords and bridges
    Ford,
    Bridge,
    Stream,
    Road,
    Camp  // a camp that halts looters (Eutaw Springs scenario rule)
};
std::string_view featureKindName(FeatureKind k);
std::optional<FeatureKind> featureKindFromName(std::string_view s);
bool isLinearFeature(FeatureKind k);

// A rectangle [x0, x1) × [y0, y1): files across the front, paces from side A's rear edge (§2.4); with fromSide set,
// y0 and y1 count from that side's own rear edge instead.
struct FeatureSpec {
    FeatureKind kind = FeatureKind::LightWood;
    int x0 = 0;
    int x1 = 0;
    int y0 = 0;
    int y1 = 0;
    int fromSide = kNoSide;
    bool key = false;        // the objective of the hex (§2.20 who holds the field)
    bool difficult = false;  // hills: difficult going, unsteadying (¶378)
    int line = 0;
};

// Works placed by the resolver on a side's first line after deployment (§2.5 fortification template).
struct WorksSpec {
    int side = kSideB;
    bool heavy = true;
    int redoubts = 0;        // 3-file redoubts in front of the best units; 0 = the whole first line
    bool restLight = false;  // the rest of the first line behind light works (breastworks, abatis)
    bool guns = true;        // put the batteries behind the works too
    int line = 0;
};

// §2.5 hex templates, used when a campaign contact gives only the hex's terrain.
enum class HexTerrain : std::uint8_t { Open, Woods, Hamlet, Village, Town, City, Fortification, River, Stream, Rolling, Hills, Marsh };
std::string_view hexTerrainName(HexTerrain h);
std::optional<HexTerrain> hexTerrainFromName(std::string_view s);

// ¶284: woods are light or heavy; a wood whose kind is not given is rolled for (1–4 heavy) when troops reach it.
enum class WoodKind : std::uint8_t { Unknown, Light, Heavy };
std::string_view woodKindName(WoodKind w);
std::optional<WoodKind> woodKindFromName(std::string_view s);

struct TerrainSpec {
    HexTerrain hex = HexTerrain::Open;
    WoodKind woods = WoodKind::Unknown;  // the kind of the woods template's blocks (a campaign map gives it)
    bool templateFeatures = false;       // generate §2.5 template features from `hex` (campaign contacts)
    bool minorFeatures = false;          // one seeded minor feature per ME (EM: Terrain Set up)
    std::vector<FeatureSpec> features;
    std::vector<WorksSpec> works;
};

struct GunSpec {
    Calibre calibre = Calibre::Light;
    bool howitzer = false;
    int count = 1;  // gun stands (two real guns each)
};

// Where the placement of §2.6.4 puts a unit; Auto = by the rules.
enum class Slot : std::uint8_t { Auto, First, Second, Reserve, Screen };
std::string_view slotName(Slot s);
std::optional<Slot> slotFromName(std::string_view s);

struct UnitSpec {
    std::string id;
    std::string name;
    Nationality nationality = Nationality::British;
    UnitType type = UnitType::LineInfantry;
    int unitClass = 2;
    int stands = 0;           // foot or mounted stands; crew stands for artillery
    int figures = 0;          // 0: stands × figures per stand
    int figuresPerStand = 0;  // 0: §1.1 default for the type
    Armament armament = Armament::Musket;
    std::optional<bool> bayonets;  // default: §2.2 (none for Class 1 and irregular Class 2)
    std::optional<bool> colours;   // default: regular foot and regular cavalry
    bool highlander = false;
    bool militia = false;
    bool legionDragoons = false;
    bool guards = false;
    bool independentLight = false;
    bool alwaysInCommand = false;
    bool hidden = false;        // hidden deployment (§9.5): unseen until it fires, moves or is approached
    bool screen = false;        // deploys as a skirmish screen ahead of its brigade
    std::string inCommandNear;  // in command while within 400 paces of this unit (Eutaw: Marion's pair)
    std::vector<GunSpec> guns;  // artillery only
    // Battalion guns (§1.1, §2.18, §4.15): gun stands of one gun and two gunners each, serving with this foot
    // battalion (line or light infantry); no limber, no crew stand of their own.
    std::vector<GunSpec> battalionGuns;
    Slot slot = Slot::Auto;
    int depth = -1;  // front edge, paces from the own rear edge; -1: by placement
    int file = -1;   // leftmost file (side A's left); -1: by placement
    // A line in depth: the id of a unit or formation of the side whose first-line files this unit stands in, ahead
    // of it or behind it by `depth` (empty: the formation's, if any; else laid out along the line).
    std::string inFilesOf;
    int line = 0;
};

struct GeneralSpec {
    std::string id;
    std::string name;
    Nationality nationality = Nationality::British;
    Rank rank = Rank::Brigade;
    Arm arm = Arm::Mixed;
    Rating rating = Rating::Capable;
    int aides = 1;
    bool escort = false;
    bool neverAttach = false;
    int minBehind = 0;  // post at least this far behind his nearest unit, never forward of it (Camden: Gates 150)
    int line = 0;
};

struct FormationSpec {
    std::string id;
    std::string name;
    std::optional<GeneralSpec> general;
    std::vector<FormationSpec> children;
    std::vector<UnitSpec> units;
    Slot slot = Slot::Auto;  // Reserve: kept back as the side's reserve (§2.6.4 step 3)
    std::string inFilesOf;   // a line in depth: its first-line units stand in the files of this unit or formation
    int line = 0;
};

// What brings an ME onto the table after turn 1 besides its arrival turn.
enum class ArrivalTrigger : std::uint8_t { None, FirstAssaultFails };

struct MeSpec {
    std::string id;
    std::string name;
    Mode mode = Mode::DeployedDefensive;
    int arrivalTurn = 1;
    ArrivalTrigger trigger = ArrivalTrigger::None;
    Edge entry = Edge::OwnRear;
    Sector sector = Sector::Line;  // where on the own rear edge a late arrival comes on
    std::vector<FormationSpec> formations;
    int line = 0;
};

enum class Ammunition : std::uint8_t { Default, Guns, GunsAndInfantry };

struct SideSpec {
    std::string id;
    std::string name;
    std::optional<GeneralSpec> commander;  // none: no overall commander (White Plains)
    std::vector<MeSpec> mes;
    bool initiativeTurn1 = false;  // scenario: this side holds the initiative on turn 1
    bool forcedMarch = false;      // campaign forced-march attrition applied before the battle (EM)
    Ammunition ammunition = Ammunition::Default;
    std::string supplyPoint;  // campaign rally hex, reported only
    // An ordered withdrawal (§2.20 [X], the scenario's orders): the side breaks off at the end of this turn, or once
    // its losses reach this percentage of its start (in the measure of withdraw_measure) whatever the enemy has lost.
    std::optional<int> withdrawTurn;
    std::optional<int> withdrawLoss;
    int line = 0;
};

// A calibration target of tactical-resolver.md §5, carried by the historical battle files and checked by
// `etatmajor-cli battle calibrate` (never by the resolver). Values are in thousandths (0.75 = 750).
struct CalibrationTarget {
    std::string id;
    std::string metric;      // see docs/formats/battle.md: holds_field, net_loss_more, men_lost_more, wins, …
    std::string side;        // the side the metric is about
    std::string other;       // second side for ratios
    std::string event;       // for event_at_least
    std::string given;       // restrict to runs where this side holds the field
    int unitClass = 0;       // 0: any class
    int count = 1;           // "at least count" metrics
    std::optional<int> min;  // thousandths
    std::optional<int> max;
    bool majority = false;  // met when more than half of the runs count (instead of min/max)
    bool standing = false;  // a standing check derived from the <historical> figures, not written in the file
    std::string text;
    int line = 0;
};

// What the sources say one side lost in the historical battle (a <historical> element of the battle file's
// <calibration>): read by `etatmajor-cli battle calibrate` beside the simulated losses, never by the resolver. A
// figure left out is unknown; a High figure, when given, is the top of the range the sources disagree over.
struct HistoricalFigures {
    bool heldField = false;      // this side held the field at the end of the day
    std::optional<int> menLost;  // killed, wounded, missing and taken; the lowest figure
    std::optional<int> menLostHigh;
    std::optional<int> prisoners;  // men of this side taken by the enemy (part of menLost)
    std::optional<int> prisonersHigh;
    std::optional<int> guns;  // real guns taken by the enemy
    // The men the side brought onto the field, as the sources count them (a High figure: the top of their range). The
    // file's stands need not match them (the rules' scenarios are drawn at their own scales), so the calibration sets
    // the share of its men a side lost beside the share history gives.
    std::optional<int> strength;
    std::optional<int> strengthHigh;
    std::string source;
    int line = 0;
};

struct BattleSetup {
    std::string id;
    std::string name;
    std::string date;
    std::string description;
    Season season = Season::Summer;
    Contact contact = Contact::FullDay;
    int turns = 0;  // 0: from season and contact (§2.6.1)
    Weather weather = Weather::Fine;
    int fieldWidth = 0;    // files; 0: from the table rule (§2.5)
    int fieldDepth = 0;    // paces; 0: from the table rule
    int holder = kNoSide;  // side that held the hex first; kNoSide: the Deployed-Defensive side, else B
    TerrainSpec terrain;
    Params params;
    std::array<SideSpec, 2> sides;
    std::string history;  // calibration: the historical outcome, in our own words
    std::vector<CalibrationTarget> targets;
    std::array<std::optional<HistoricalFigures>, 2> historical;  // by side index
    std::string file;                                            // where it was read from, for messages
};

// §4.2: sorts every input list by id (MEs, formations, units, features by position) so that the order in which a
// file or a campaign lists things cannot change a battle.
void canonicalise(BattleSetup& setup);

// Turns available for the battle (§2.6.1), honouring an explicit `turns`.
int turnsAvailable(const BattleSetup& setup);

// §2.21 / §3.3 points of a unit spec at full strength, in whole points (integers at full strength).
int unitSpecPoints(const UnitSpec& u);

}  // namespace etatmajor::battle
