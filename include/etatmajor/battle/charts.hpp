// SPDX-License-Identifier: GPL-3.0-or-later
// Every chart of tactical-resolver.md §1 as data, in one place, with the rule each row comes from.
// The numbers are the rulebook's (seed 001: facts, tables and values); the wording here is our own.
// Reconstructions of garbled cells follow §1.22 (G1–G23); the G-numbered switches live in Params (§2.23).
// Integer arithmetic only (§4.2): hit chances are counted in sixths (faces of a d6), never as fractions.
#pragma once

#include "etatmajor/battle/types.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace etatmajor::battle::charts {

// ---------------------------------------------------------------------------------------------------------
// Hit notation (§0): "345H 6HH" = a 3, 4 or 5 scores one hit and a 6 two. A cell keeps the lowest modified roll
// that scores one, two and three hits; 7 means "never". coverHit marks the artillery cells that also put one
// automatic hit on the cover (¶282).
struct HitCell {
    int one = 7;
    int two = 7;
    int three = 7;
    bool coverHit = false;
    constexpr bool noEffect() const { return one > 6 && two > 6 && three > 6; }
};
constexpr HitCell kNoEffect{};
constexpr HitCell hit(int one) { return {one, 7, 7, false}; }
constexpr HitCell hit2(int one, int two) { return {one, two, 7, false}; }
constexpr HitCell hitOnlyDouble(int two) { return {7, two, 7, false}; }
constexpr HitCell hitOnlyTriple(int three) { return {7, 7, three, false}; }
constexpr HitCell withCover(HitCell c) { return {c.one, c.two, c.three, true}; }

// Hits scored by one die whose modified roll is `roll` (rolls below 1 score nothing).
int hits(const HitCell& c, int roll);
// Expected hits of one die in sixths: the sum over faces 1..6 of hits(face + modifier).
int expectedSixths(const HitCell& c, int modifier);
// "345H 6HH" style text of a cell, for logs and docs.
std::string cellText(const HitCell& c);

// ---------------------------------------------------------------------------------------------------------
// §1.12 Small arms (PC: Small Arms; §14.6–14.8). Two range bands per table; four target columns.
enum class FireTable : std::uint8_t { SteadyVolley, UnsteadyVolley, Skirmish, Mounted, RifleSkirmish };
// Columns of the small-arms chart: 0 Fast & Dispersed, 1 Line & Dense, 2 Light cover, 3 Heavy cover.
int smallArmsColumn(TargetClass c);
struct SmallArmsRow {
    FireTable table;
    int shortMax;  // upper limit of the first band, paces
    int longMax;   // upper limit of the second band
    std::array<HitCell, 4> shortCells;
    std::array<HitCell, 4> longCells;  // blank cells read "no effect" (G6)
};
const SmallArmsRow& smallArmsRow(FireTable t);
// The cell for a stand of table t firing at range (paces) at a target of class c. repeatShortAtLong is the G6
// variant `long_range_blank = repeat_short`. Beyond longMax: no effect.
HitCell smallArmsCell(FireTable t, int range, TargetClass c, bool repeatShortAtLong);
std::string_view fireTableName(FireTable t);

// ---------------------------------------------------------------------------------------------------------
// §1.5 calibres and §1.13 artillery (reconstructed, G1–G6).
enum class ArtilleryBand : std::uint8_t { PointBlank, Close, Medium, Long, OutOfRange };
struct CalibreRow {
    Calibre calibre;
    std::array<int, 4> bandMax;  // upper limit of point-blank, close, medium, long (§1.13a)
    int shellMin;                // common-shell window (§1.13a, last column)
    int shellMax;
    std::array<int, 4> bounce;  // bounce-through depth behind the target per band (§1.13b, G2)
};
const CalibreRow& calibreRow(Calibre c);
ArtilleryBand artilleryBand(Calibre c, int range);
bool inShellWindow(Calibre c, int range);
// §1.13c: the score needed per gun stand; same for every calibre (G1). lineCloseVariant = G4 `art_line_close=456H`.
// Medium and Long have no cover-hit; point-blank and close at cover add the automatic cover hit.
HitCell artilleryCell(ArtilleryBand b, TargetClass c, bool lineCloseVariant);
// §1.13c last row: howitzer common shell within the window (G5).
HitCell shellCell(TargetClass c);
std::string_view artilleryBandName(ArtilleryBand b);

// §1.5 procedure numbers.
constexpr int kCrewFiguresPerGun = 3;     // a crew stand of three serves one gun stand (¶139)
constexpr int kMinCrewToFire = 2;         // fewer than two crew figures: the gun is silent (¶166)
constexpr int kBattalionGunCrew = 2;      // a battalion gun stand: one gun and two gunners, no limber (§1.1)
constexpr int kBombardDepth = 150;        // bombardment box depth (§4.22)
constexpr int kShellDepth = 100;          // howitzer shell zone depth (§4.24)
constexpr int kHighHillDeadGround = 100;  // guns on a High hill cannot hit within 100 paces (¶170)

// ---------------------------------------------------------------------------------------------------------
// §1.14 Damage Table. One d6 per hit on artillery, staff, engineers; −1 for hits from small arms or close assault
// (results below 1 read as 1), so only artillery fire can destroy a gun.
constexpr int kSmallArmsDamageModifier = -1;
enum class ArtilleryDamage : std::uint8_t {
    LimberHalfSpeed,  // 1
    LimberImmobile,   // 2
    CrewFigure,       // 3: one crew figure, that gun −1
    TwoCrewFigures,   // 4
    CrewStand,        // 5: three crew figures, that gun silent
    TwoCrewAndGun     // 6: two crew figures and one gun stand destroyed
};
ArtilleryDamage artilleryDamage(int modifiedRoll);
enum class StaffDamage : std::uint8_t { NoEffect, EscortLost, Wounded1, Wounded2, SeverelyWounded, Killed };
StaffDamage staffDamage(int roll);
bool aideRemoved(int roll);  // an ADC figure is removed on 3–6
enum class EngineerDamage : std::uint8_t { NoEffect, SapperStand, Wounded1, Wounded2, Killed };
EngineerDamage engineerDamage(int roll);
// Cover degradation (¶279): Heavy → Light after 8 siege or 16 other hits; Light → none after 4 siege or 8 other.
constexpr int kHeavyCoverSiegeHits = 8;
constexpr int kHeavyCoverOtherHits = 16;
constexpr int kLightCoverSiegeHits = 4;
constexpr int kLightCoverOtherHits = 8;

// ---------------------------------------------------------------------------------------------------------
// §1.10 morale tests. Factors against the unit are positive; a test passes when the d6 is strictly greater than the
// total (§13.1 ¶373). Each constant is one printed line.
namespace tct {  // To Charge Test (§13.4)
constexpr int kInitiating = 2;
constexpr int kOutOfCommand = 2;
constexpr int kTargetHeavyCover = 2;
constexpr int kChargerShaken = 2;
constexpr int kSkirmishersOrUnsteady = 2;
constexpr int kTargetLightCover = 1;
constexpr int kTargetHigher = 1;
constexpr int kFromFlankOrRear = -3;
constexpr int kExceptionalOrGeneralAttached = -2;
constexpr int kCapableOrAdcAttached = -1;
constexpr int kClass4or5 = -1;
constexpr int kTargetUnsteadyOrOpen = -1;
}  // namespace tct
namespace bct {  // Being Charged Test (§13.3)
constexpr int kShakenOrFlankRear = 3;
constexpr int kFootChargedByCavalryInOpen = 2;
constexpr int kLyingDown = 2;
constexpr int kNotOwnBrigadeGeneral = 2;
constexpr int kSkirmishers = 2;
constexpr int kAppearedWithin100 = 2;
constexpr int kPerBrokenFriendWithin200 = 1;
constexpr int kUnsteadyOrClass1 = 1;
constexpr int kPerShootingHit = 1;
constexpr int kBurningArea = 1;
constexpr int kNoBayonets = 1;
constexpr int kClass5 = -3;
constexpr int kClass3or4OrGeneralAttached = -2;  // one line (G21)
constexpr int kHigherGround = -1;
constexpr int kPerSteadyFriendWithin50 = -1;
constexpr int kSteadyCloseOrder = -1;
constexpr int kArtilleryOrAnchoredFlank = -1;
constexpr int kDefendingObstacle = -1;
constexpr int kAdcAttached = -1;
}  // namespace bct
namespace cwe {                                // Closing With the Enemy / Shooting Casualties Test (§13.5–13.6), one chart
constexpr int kTargetPassedBct = 3;            // CWE
constexpr int kChargerInBurningArea = 2;       // CWE
constexpr int kTargetHeavyCover = 2;           // CWE
constexpr int kTargetOnHighHill = 2;           // CWE
constexpr int kCommonShell = 2;                // SCT
constexpr int kFlankOrRearFire = 2;            // SCT
constexpr int kSurprised = 2;                  // both
constexpr int kPassageOfLines = 2;             // both
constexpr int kShaken = 2;                     // both
constexpr int kPerShootingHit = 1;             // both
constexpr int kTargetLightCover = 1;           // CWE
constexpr int kIntoFlankOrRear = -3;           // CWE
constexpr int kClass5 = -3;                    // both
constexpr int kClass3 = -2;                    // both
constexpr int kGeneralAttached = -2;           // both
constexpr int kTargetShakenOrNoBayonets = -2;  // CWE
constexpr int kClass4 = -1;                    // both
constexpr int kTargetUnsteadyOrAdc = -1;       // CWE (target Unsteady) / both (ADC attached)
constexpr int kNativeOrHighlandCharging = -1;  // CWE
}  // namespace cwe
constexpr int kWaverDistance = 120;  // a charger failing its CWE halts two stand-widths from its target (§1.10)

// ---------------------------------------------------------------------------------------------------------
// §1.15 close assault tactical factors (PC: Close Assault; §16).
namespace ca {
constexpr int kDefendingHeavyCover = 4;
constexpr int kEngineersVsWorks = 2;
constexpr int kDefendingLightCover = 2;
constexpr int kEnemyInBurningArea = 2;
constexpr int kUphillHighHill = 2;
constexpr int kUphillLowRise = 1;
constexpr int kPerPushBackSuffered = -1;
constexpr int kFlankOrRear = 6;  // once per phase
constexpr int kOverlap = 2;      // once per phase
constexpr int kPerStandMore = 1;
constexpr int kExceptional = 3;
constexpr int kCapable = 2;
constexpr int kInept = 1;
constexpr int kStaffLost = -1;
// mounted troops
constexpr int kMountedVsShakenOrNative = 5;
constexpr int kMountedVsFoot = 5;
constexpr int kMountedChargingSteady = 3;  // once per phase
constexpr int kMountedVsArtilleryOrScreen = 3;
constexpr int kMountedVsMountedInfantry = 2;
constexpr int kCavalryVsFootOrIrregular = 1;
constexpr int kMountedChargingUnsteady = 1;  // once per phase
constexpr int kColumnChargingLine = 1;
// foot
constexpr int kFootVsScreenOrArtillery = 3;
constexpr int kFootVsShaken = 3;
constexpr int kNativeFoot = 2;
constexpr int kDenseVsMounted = 2;
constexpr int kInfantryCharging = 2;  // once per phase
constexpr int kLightInfantryInWoodsOrUrban = 2;
constexpr int kTouchingSteadyFriendOrCover = 1;
}  // namespace ca

// §1.15 automatic major victories (resolved first, ¶512; ignored when the loser touches formed friends, ¶522).
enum class AutoVictory : std::uint8_t {
    None,
    MountedOverScreenInOpen,
    FormedOverArtillery,
    MountedOverFlankOrRear,
    MountedOverRouters,
    FormedOverLyingDown,
    AnyOverRouters
};
std::string_view autoVictoryName(AutoVictory v);

// ---------------------------------------------------------------------------------------------------------
// §1.16 victory scale (chosen by the majority type of the winner's engaged stands, ¶506) and results.
enum class CaLetter : std::uint8_t { A, B, C, D, E, F, G, X, Y, Z };
CaLetter victoryLetter(bool winnerMounted, bool loserMounted, int margin);
char letterChar(CaLetter l);
enum class LoserMorale : std::uint8_t { Good, Shaken, Routing };
struct CaResultLine {
    CaLetter letter;
    int victorStands;  // stands lost by each victorious unit
    int loserStands;   // stands lost by each losing unit
    bool loserFacesAway;
    LoserMorale loserMorale;
    int victorMove;    // paces forward (terrain ignored)
    int loserMove;     // paces back
    bool stillLocked;  // push-back melee: both stay in contact (B)
    bool victory;      // minor or major victory (C, D, F, G, Y, Z): the loser's battery crews flee (§2.14.4)
};
const CaResultLine& caResult(CaLetter l);
// Automatic victories use the major-victory letter of the applicable row (§2.14.4 [I]).
CaLetter majorLetter(bool winnerMounted, bool loserMounted);

// ---------------------------------------------------------------------------------------------------------
// §1.9 movement (PC: Movement), paces at 25 mm scale. −1 = not allowed.
enum class MoveRow : std::uint8_t {
    Staff,
    LightCavalryOrMountedInfantry,
    IrregularCavalry,
    IrregularFootOrLightInfantry,
    SkirmishersFiringAdvancing,
    OpenColumn,
    ClosedColumn,
    InfantryLine,
    InfantryFiringAndMoving,
    InfantryWithBattalionGun,
    SideStepOrBack,
    OtherFoot,
    LimberedLight,
    LimberedMediumOrHeavier,
    LimberedSiege,
    DeployedLightManhandled,
    DeployedMediumManhandled,
    ManhandledLight,
    ManhandledMedium,
    ManhandledSiege,
    AnimalTransport,
    LightBoatWithCurrent,
    LightBoatAgainstCurrent,
    HeavyBargeWithCurrent,
    HeavyBargeAgainstCurrent,
    Count
};
struct MoveRates {
    int normal;
    int road;
    int pursuitOrRout;
    int grandTactical;
};
const MoveRates& moveRates(MoveRow r);
// Grand-tactical moves stop this near a visible formed enemy (¶354); the upper edge of the medium band (§2.4), and
// the nearest a Deployed-Offensive line deploys to a deployed enemy (§2.6.3).
constexpr int kGrandTacticalHalt = 650;
// Deductions from the allowance, percent (§1.9 second table; ¶255–259, ¶270).
namespace deduct {
constexpr int kHeavyCoverOrDifficult = 50;
constexpr int kLightCover = 25;
constexpr int kHighHillOffRoad = 50;
constexpr int kFordOrStream = 50;
constexpr int kMountDismount = 50;
constexpr int kHighWall = 50;
constexpr int kLowWall = 25;
constexpr int kLimberUnlimber = 10;
constexpr int kColumnTurnOrAbout = 25;
constexpr int kPassageOfLines = 25;
constexpr int kPassThroughFriends = 25;
constexpr int kColumnToLine = 25;
constexpr int kOpenToClosedColumn = 10;
constexpr int kLyingDown = 25;
constexpr int kFrontageLightCavalry = 25;
constexpr int kFrontageHeavyCavalry = 50;
constexpr int kMarshIrregular = 25;
constexpr int kMarshRegular = 50;
constexpr int kSwampIrregular = 50;
constexpr int kSwampRegular = 75;
constexpr int kSnow = 50;
constexpr int kUrban = 50;
}  // namespace deduct
constexpr int kStandWidth = 60;          // one file (§0)
constexpr int kMinDistanceToEnemy = 60;  // no unit ends within one stand-width of an enemy it is not charging (¶424)

// ---------------------------------------------------------------------------------------------------------
// §1.1 basing and scale.
constexpr int kMenPerFigure = 25;     // infantry and cavalry
constexpr int kMenPerCrewFigure = 5;  // artillery, engineer and staff figures
constexpr int kGunsPerGunStand = 2;

// ---------------------------------------------------------------------------------------------------------
// §1.2 points (§3.3). Values in whole points.
int classStandValue(int unitClass);  // 4, 8, 12, 16, 20
constexpr int kRifleExtra = 4;
constexpr int kCrewExtra = 6;
constexpr int kMountedExtra = 20;
int gunStandValue(Calibre c);  // 10/10/20/30/40/50
constexpr int kDivisionGeneralValue = 50;
constexpr int kBrigadeGeneralValue = 30;
constexpr int kEngineerGroupValue = 30;
constexpr int kCorpsValueForPlayerGeneral = 50;  // ¶70 names no corps value: 50 (§2.21 [I])
constexpr int kColoursValue = 20;                // ¶574
constexpr int kLightBoatValue = 10;
constexpr int kHeavyBargeValue = 20;
constexpr int kLightWorksValue = 10;  // per two stand-widths
constexpr int kHeavyWorksValue = 20;
// Army-composition limits (list building; reported, not enforced by the resolver).
struct CompositionLimit {
    std::string_view what;
    int percent;
    std::string_view rule;
};
std::span<const CompositionLimit> compositionLimits();

// ---------------------------------------------------------------------------------------------------------
// §1.3 class attributes.
enum class SkirmishRight : std::uint8_t { None, UpToHalf, UpToHalfWithPrecedent };
struct ClassRow {
    int unitClass;
    bool steadyWhateverSmoke;  // Class 4–5 ignore the smoke marker (G12)
    bool alwaysUnsteadyTable;  // Class 1
    SkirmishRight skirmish;
    bool counterChargeFoot;  // Class 3+ infantry may counter-charge; below only cavalry and irregulars
    bool passageOfLines;
    bool bayonetsByDefault;  // Class 2 regulars yes, irregulars no (¶83); Class 1 never (¶85)
};
const ClassRow& classRow(int unitClass);

// §1.4 troop-type capabilities.
struct TypeRow {
    UnitType type;
    int figuresPerStand;
    bool mayEvade;      // after a passed BCT, if not contacted
    bool extraPursuit;  // one extra pursuit move after compulsory movement
    bool chargesFormedFrontally;
    bool mayCharge;
};
const TypeRow& typeRow(UnitType t);

// ---------------------------------------------------------------------------------------------------------
// §1.6 staff, command and initiative.
enum class StaffRow : std::uint8_t { France, EnglishHessian, American, Other };
StaffRow staffRow(Nationality n);
// Rating by 1d6 on the nationality row (§8.3; G7 for "Other"); the OR2 option uses the English row for everyone.
Rating ratingRoll(StaffRow row, int face);
int initiativePoints(Rating r);           // 1 / 2 / 3 (§8.4 ¶293)
constexpr int kCommandRadius = 400;       // ¶300
constexpr int kRallyRadius = 200;         // ¶490
constexpr int kRalliesPerGeneral = 1;     // ¶493
Rating replacementRating(int face);       // 1–3 Inept, 4–6 Capable (¶320)
Rating demoted(Rating r);                 // player general killed: successor drops one level (¶322)
constexpr int kSpentBrigadePercent = 75;  // ≥ 75 % stands lost: spent (¶309)
constexpr int kSevereWoundTurns = 3;      // three-turn wound marker (G8)
struct NamedGeneral {
    std::string_view name;
    Nationality nationality;
    Rating rating;
    std::string_view special;
};
std::span<const NamedGeneral> namedGenerals();

// §1.7 scouting points and margins.
int scoutingPointsCavalryStand(int unitClass);  // 4 (Class 1–2), 12 (Class 3 and 5), 8 (Class 4) — G14
constexpr int kScoutingCapableCavalryGeneral = 2;
constexpr int kScoutingExceptionalCavalryGeneral = 3;
constexpr int kScoutingIneptCavalryGeneral = -2;
constexpr int kScoutingIrregularSkirmishCavalryStand = 4;
constexpr int kScoutingNativeStand = 3;
// Brigades the out-scouted side places first (§9.4): 0 = none (alternate), 1 = cavalry, 2 = cavalry and one more,
// 3 = cavalry and two more, -1 = whole force.
int scoutingPlacesFirst(int margin);
constexpr int kDeploymentZone = 300;    // ¶328
constexpr int kReserveFractionDiv = 3;  // up to one third off table (¶362)

// §1.8 visibility.
constexpr int kSightOpen = 1500;
int sightFormed(bool urban, bool lightWood, bool heavyWood);  // 100 / 200 / 100, else 1500
constexpr int kSightSkirmishersInCover = 50;
constexpr int kSurpriseRange = 100;  // ¶341

// ---------------------------------------------------------------------------------------------------------
// §1.17 surrender and massacre.
enum class MassacreCase : std::uint8_t { NativesIndependent, NativesUnderEuropeans, MilitiaOnMilitia, LegionOnPatriots, None };
int massacreMinimum(MassacreCase c);  // 1d6 ≥ this wipes out the surrendered stands; 7 = never

// §1.18 optional rules.
// OR5: permanently Shaken below this percentage of starting stands.
int or5ShakenPercent(int unitClass);
constexpr int kDefaultPermanentShakenPercent = 50;  // ¶376
constexpr int kAmmunitionDice = 2;                  // OR1: 2d6 fire phases

// §1.19 campaign numbers.
int daylightTurns(Season s);              // 12 / 10 / 8 / 10
int turnsAvailable(Season s, Contact c);  // full day, ⌈N/2⌉, or 2 at dusk (§2.6.1)
int weatherMusketryModifier(Weather w);   // 0 / −1 / −2 / (storm: no fire) / −1
bool weatherForbidsSmallArms(Weather w);
int forcedMarchAttrition(int unitClass, Season s);  // figures per unit; +1 in winter
constexpr int kNightSeparation = 300;

// §1.20 sequence of play.
enum class Phase : std::uint8_t { Setup, Initiative, GrandTactical, Morale, Fire, Movement, CloseAssault, EndOfTurn, Nightfall };
std::string_view phaseName(Phase p);

// §1.21 unit ratings a scenario may assign; classes as printed ("3/4" = either).
struct UnitRating {
    std::string_view army;
    std::string_view arm;
    std::string_view unit;
    std::string_view classes;
};
std::span<const UnitRating> unitRatings();

// §1.22 reconstructions, as a reference list (each is applied where its table is defined above).
struct Reconstruction {
    std::string_view id;
    std::string_view where;
    std::string_view decision;
};
std::span<const Reconstruction> reconstructions();

}  // namespace etatmajor::battle::charts
