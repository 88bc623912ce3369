// SPDX-License-Identifier: GPL-3.0-or-later
// The §1 charts of tactical-resolver.md as data. Row comments name the rule each value comes from.
#include "etatmajor/battle/charts.hpp"

#include <string>

namespace etatmajor::battle::charts {

// ---------------------------------------------------------------------------------------------------------
// Hit notation (§0).

int hits(const HitCell& c, int roll) {
    if (roll < 1) return 0;
    if (roll >= c.three) return 3;
    if (roll >= c.two) return 2;
    if (roll >= c.one) return 1;
    return 0;
}

int expectedSixths(const HitCell& c, int modifier) {
    int sum = 0;
    for (int face = 1; face <= 6; ++face) sum += hits(c, face + modifier);
    return sum;
}

std::string cellText(const HitCell& c) {
    if (c.noEffect()) return "-";
    std::string out;
    auto run = [&](int from, int to, const char* mark) {
        if (from > 6 || from > to) return;
        if (!out.empty()) out += ' ';
        for (int f = from; f <= to; ++f) out += static_cast<char>('0' + f);
        out += mark;
    };
    run(c.one, (c.two <= 6 ? c.two : (c.three <= 6 ? c.three : 7)) - 1, "H");
    run(c.two, (c.three <= 6 ? c.three : 7) - 1, "HH");
    run(c.three, 6, "HHH");
    if (c.coverHit) out += " +cover";
    return out;
}

// ---------------------------------------------------------------------------------------------------------
// §1.12 Small arms (PC: Small Arms). Columns: Fast & Dispersed, Line & Dense, Light cover, Heavy cover.
// Blank cells of the second band are "no effect" (G6).

namespace {
constexpr std::array<SmallArmsRow, 5> kSmallArms{{
    // Steady musket volley: non-Shaken Class 4–5 infantry always; Class 2–3 that did not fire last Fire Phase.
    {FireTable::SteadyVolley, 100, 200, {hit(4), hit2(3, 6), hit(4), hit(5)}, {kNoEffect, hit(5), kNoEffect, kNoEffect}},
    // Unsteady musket volley.
    {FireTable::UnsteadyVolley, 100, 200, {hit(5), hit(3), hit(5), hit(6)}, {kNoEffect, hit(6), kNoEffect, kNoEffect}},
    // Musket skirmish fire; Native American mixed bow and musket.
    {FireTable::Skirmish, 100, 200, {hit(6), hit(5), hit(5), hit(6)}, {kNoEffect, hit(6), kNoEffect, kNoEffect}},
    // Mounted troops and dismounted cavalry.
    {FireTable::Mounted, 75, 150, {hit(6), hit(5), hit(6), hit(6)}, {kNoEffect, hit(6), kNoEffect, kNoEffect}},
    // Rifle skirmish fire.
    {FireTable::RifleSkirmish, 200, 300, {hit(5), hit(5), hit(5), hit(6)}, {kNoEffect, hit(6), kNoEffect, kNoEffect}},
}};
}  // namespace

int smallArmsColumn(TargetClass c) {
    switch (c) {
        case TargetClass::FastDispersed: return 0;
        case TargetClass::Dense:
        case TargetClass::ClosedColumn:
        case TargetClass::Line: return 1;
        case TargetClass::LightCover: return 2;
        case TargetClass::HeavyCover: return 3;
    }
    return 1;
}

const SmallArmsRow& smallArmsRow(FireTable t) { return kSmallArms[static_cast<std::size_t>(t)]; }

HitCell smallArmsCell(FireTable t, int range, TargetClass c, bool repeatShortAtLong) {
    const auto& row = smallArmsRow(t);
    const auto col = static_cast<std::size_t>(smallArmsColumn(c));
    if (range <= row.shortMax) return row.shortCells[col];
    if (range <= row.longMax) {
        const HitCell& cell = row.longCells[col];
        if (cell.noEffect() && repeatShortAtLong) return row.shortCells[col];
        return cell;
    }
    return kNoEffect;
}

std::string_view fireTableName(FireTable t) {
    switch (t) {
        case FireTable::SteadyVolley: return "steady volley";
        case FireTable::UnsteadyVolley: return "unsteady volley";
        case FireTable::Skirmish: return "skirmish fire";
        case FireTable::Mounted: return "mounted fire";
        case FireTable::RifleSkirmish: return "rifle fire";
    }
    return "?";
}

// ---------------------------------------------------------------------------------------------------------
// §1.13 Artillery. (a) band limits and shell windows; (b) bounce-through depths, re-aligned by calibre (G2).

namespace {
constexpr std::array<CalibreRow, 6> kCalibres{{
    {Calibre::VeryLight, {100, 150, 300, 500}, 100, 1000, {100, 100, 100, 100}},
    {Calibre::Light, {100, 150, 300, 500}, 100, 1000, {100, 100, 100, 100}},
    {Calibre::LightMedium, {150, 300, 600, 800}, 250, 1200, {150, 150, 100, 100}},
    {Calibre::Medium, {150, 350, 700, 900}, 300, 1500, {250, 250, 200, 200}},
    {Calibre::Heavy, {200, 500, 800, 1000}, 500, 1700, {300, 300, 200, 200}},
    {Calibre::Siege, {200, 600, 900, 1200}, 600, 2000, {300, 300, 200, 200}},
}};

// (c) Columns: Fast & Dispersed, Dense, Closed column, Line, Light cover, Heavy cover. Same for every calibre (G1).
constexpr std::array<std::array<HitCell, 6>, 4> kArtillery{{
    // Point-blank (G1: Dense and Closed column read as stacked cells).
    {{hit(4), hit2(3, 5), hit2(2, 4), hit(3), withCover(hit(4)), withCover(hit(6))}},
    // Close (G4: Line printed 3456H; variant 456H).
    {{hit(5), hit2(4, 6), hit2(3, 5), hit(3), withCover(hit(5)), withCover(hit(6))}},
    // Medium (G3: Closed column 5H 6HH (?); G6: blank Heavy cover = no effect).
    {{kNoEffect, hit(4), hit2(5, 6), hit(5), hit(6), kNoEffect}},
    // Long (G3: Closed column 6HH (?)).
    {{kNoEffect, hit(6), hitOnlyDouble(6), hit(6), hit(6), kNoEffect}},
}};
// Common shell within the calibre's window (G5).
constexpr std::array<HitCell, 6> kShell{{kNoEffect, hitOnlyDouble(6), hitOnlyTriple(6), hit(5), hit2(4, 6), hit(4)}};

std::size_t artilleryColumn(TargetClass c) {
    switch (c) {
        case TargetClass::FastDispersed: return 0;
        case TargetClass::Dense: return 1;
        case TargetClass::ClosedColumn: return 2;
        case TargetClass::Line: return 3;
        case TargetClass::LightCover: return 4;
        case TargetClass::HeavyCover: return 5;
    }
    return 3;
}
}  // namespace

const CalibreRow& calibreRow(Calibre c) { return kCalibres[static_cast<std::size_t>(c)]; }

ArtilleryBand artilleryBand(Calibre c, int range) {
    const auto& row = calibreRow(c);
    for (std::size_t i = 0; i < 4; ++i)
        if (range <= row.bandMax[i]) return static_cast<ArtilleryBand>(i);
    return ArtilleryBand::OutOfRange;
}

bool inShellWindow(Calibre c, int range) {
    const auto& row = calibreRow(c);
    return range >= row.shellMin && range <= row.shellMax;
}

HitCell artilleryCell(ArtilleryBand b, TargetClass c, bool lineCloseVariant) {
    if (b == ArtilleryBand::OutOfRange) return kNoEffect;
    if (b == ArtilleryBand::Close && c == TargetClass::Line && lineCloseVariant) return hit(4);
    return kArtillery[static_cast<std::size_t>(b)][artilleryColumn(c)];
}

HitCell shellCell(TargetClass c) { return kShell[artilleryColumn(c)]; }

std::string_view artilleryBandName(ArtilleryBand b) {
    switch (b) {
        case ArtilleryBand::PointBlank: return "point-blank";
        case ArtilleryBand::Close: return "close";
        case ArtilleryBand::Medium: return "medium";
        case ArtilleryBand::Long: return "long";
        case ArtilleryBand::OutOfRange: return "out of range";
    }
    return "?";
}

// ---------------------------------------------------------------------------------------------------------
// §1.14 Damage Table.

ArtilleryDamage artilleryDamage(int modifiedRoll) {
    const int r = modifiedRoll < 1 ? 1 : (modifiedRoll > 6 ? 6 : modifiedRoll);
    return static_cast<ArtilleryDamage>(r - 1);
}

StaffDamage staffDamage(int roll) {
    switch (roll < 1 ? 1 : roll) {
        case 1: return StaffDamage::NoEffect;
        case 2: return StaffDamage::EscortLost;
        case 3: return StaffDamage::Wounded1;
        case 4: return StaffDamage::Wounded2;
        case 5: return StaffDamage::SeverelyWounded;
        default: return StaffDamage::Killed;
    }
}

bool aideRemoved(int roll) { return roll >= 3; }

EngineerDamage engineerDamage(int roll) {
    switch (roll < 1 ? 1 : roll) {
        case 1: return EngineerDamage::NoEffect;
        case 2:
        case 3: return EngineerDamage::SapperStand;
        case 4: return EngineerDamage::Wounded1;
        case 5: return EngineerDamage::Wounded2;
        default: return EngineerDamage::Killed;
    }
}

std::string_view autoVictoryName(AutoVictory v) {
    switch (v) {
        case AutoVictory::None: return "none";
        case AutoVictory::MountedOverScreenInOpen: return "mounted troops over skirmishers in the open";
        case AutoVictory::FormedOverArtillery: return "formed troops over unsupported artillery";
        case AutoVictory::MountedOverFlankOrRear: return "mounted troops into the flank or rear of foot";
        case AutoVictory::MountedOverRouters: return "mounted troops over routers";
        case AutoVictory::FormedOverLyingDown: return "formed troops over troops lying down";
        case AutoVictory::AnyOverRouters: return "chargers over routers";
    }
    return "?";
}

// ---------------------------------------------------------------------------------------------------------
// §1.16 victory scale and results.

CaLetter victoryLetter(bool winnerMounted, bool loserMounted, int margin) {
    const int col = margin <= 3 ? 0 : margin <= 6 ? 1 : margin <= 9 ? 2 : 3;
    static constexpr std::array<CaLetter, 4> kFootFoot{CaLetter::A, CaLetter::B, CaLetter::C, CaLetter::D};
    static constexpr std::array<CaLetter, 4> kFootMounted{CaLetter::E, CaLetter::F, CaLetter::G, CaLetter::G};
    static constexpr std::array<CaLetter, 4> kMountedFoot{CaLetter::X, CaLetter::Y, CaLetter::Z, CaLetter::Z};
    const auto i = static_cast<std::size_t>(col);
    if (!winnerMounted && !loserMounted) return kFootFoot[i];
    if (!winnerMounted && loserMounted) return kFootMounted[i];
    if (winnerMounted && !loserMounted) return kMountedFoot[i];
    return kFootFoot[i];  // mounted over mounted uses A–D
}

CaLetter majorLetter(bool winnerMounted, bool loserMounted) { return victoryLetter(winnerMounted, loserMounted, 10); }

char letterChar(CaLetter l) { return "ABCDEFGXYZ"[static_cast<std::size_t>(l)]; }

namespace {
using LM = LoserMorale;
constexpr std::array<CaResultLine, 10> kResults{{
    {CaLetter::A, 0, 1, false, LM::Good, 0, 50, false, false},
    {CaLetter::B, 1, 2, false, LM::Good, 50, 50, true, false},
    {CaLetter::C, 1, 2, true, LM::Shaken, 75, 100, false, true},
    {CaLetter::D, 1, 3, true, LM::Routing, 150, 200, false, true},
    {CaLetter::E, 1, 1, false, LM::Good, 0, 200, false, false},
    {CaLetter::F, 1, 2, false, LM::Shaken, 0, 200, false, true},
    {CaLetter::G, 0, 2, true, LM::Routing, 0, 200, false, true},
    {CaLetter::X, 0, 1, false, LM::Good, 0, 50, false, false},
    {CaLetter::Y, 1, 2, true, LM::Routing, 150, 200, false, true},
    {CaLetter::Z, 1, 3, true, LM::Routing, 150, 200, false, true},
}};
}  // namespace

const CaResultLine& caResult(CaLetter l) { return kResults[static_cast<std::size_t>(l)]; }

// ---------------------------------------------------------------------------------------------------------
// §1.9 Movement (PC: Movement).

namespace {
constexpr std::array<MoveRates, static_cast<std::size_t>(MoveRow::Count)> kMoves{{
    {500, 600, 600, 1500},  // generals and their escorts
    {500, 600, 600, 1500},  // light horse, and foot riding to battle
    {600, 650, 600, 1800},  // irregular horse
    {200, 250, 250, -1},    // light or irregular foot that does not fire
    {200, 250, 250, -1},    // foot skirmishers firing and advancing
    {200, 250, 250, 600},   // open infantry column, not firing
    {150, 200, 250, 500},   // closed column
    {150, 175, 250, -1},    // infantry line, not firing
    {75, 100, -1, -1},      // infantry firing and moving (not Class 1)
    {100, 150, 250, 400},   // infantry with battalion gun
    {50, 50, -1, -1},       // side-step or move back (not Class 1)
    {150, 200, 250, 450},   // other foot, not firing
    {200, 250, 250, 450},   // limbered Very Light or Light artillery
    {175, 225, 225, 400},   // limbered Light Medium or heavier
    {100, 125, 125, 300},   // limbered siege artillery
    {125, 150, 150, -1},    // deployed VL & L, fire then manhandle
    {100, 125, 125, -1},    // deployed LM or heavier, fire then manhandle
    {175, 200, 200, -1},    // manhandled VL & L, not firing
    {150, 175, 175, -1},    // manhandled LM or heavier, not firing
    {50, 75, 75, -1},       // manhandled siege artillery
    {150, 200, 200, 450},   // animal transport
    {300, -1, -1, 900},     // light boats with the current (grand tactical uncertain, ?)
    {150, -1, -1, 450},     // light boats against the current
    {200, -1, -1, 700},     // heavy barges with the current (?)
    {100, -1, -1, 350},     // heavy barges against the current
}};

constexpr std::array<CompositionLimit, 7> kLimits{{
    {"Class 5 stands, share of army points", 10, "§3.4 ¶73"},
    {"non-British Class 4 before 1778", 10, "§3.5 ¶77"},
    {"British Class 4, and everyone's Class 4 after 1778", 25, "§3.5 ¶77"},
    {"cavalry of any class", 20, "§4.10 ¶112"},
    {"mounted infantry", 10, "§4.11 ¶118"},
    {"field works per 1000 points (engineer required)", 10, "§5.5 ¶201"},
    {"American field works per 750 points", 13, "§5.5 ¶201"},
}};
}  // namespace

const MoveRates& moveRates(MoveRow r) { return kMoves[static_cast<std::size_t>(r)]; }

std::span<const CompositionLimit> compositionLimits() { return kLimits; }

// ---------------------------------------------------------------------------------------------------------
// §1.2 points.

int classStandValue(int unitClass) { return 4 * (unitClass < 1 ? 1 : unitClass > 5 ? 5 : unitClass); }

int gunStandValue(Calibre c) {
    switch (c) {
        case Calibre::VeryLight:
        case Calibre::Light: return 10;
        case Calibre::LightMedium: return 20;
        case Calibre::Medium: return 30;
        case Calibre::Heavy: return 40;
        case Calibre::Siege: return 50;
    }
    return 0;
}

// ---------------------------------------------------------------------------------------------------------
// §1.3 class attributes and §1.4 troop types.

namespace {
constexpr std::array<ClassRow, 5> kClasses{{
    {1, false, true, SkirmishRight::None, false, false, false},
    {2, false, false, SkirmishRight::None, false, false, true},
    {3, false, false, SkirmishRight::UpToHalfWithPrecedent, true, true, true},
    {4, true, false, SkirmishRight::UpToHalfWithPrecedent, true, true, true},  // skirmishers not stated: as Class 3 [I]
    {5, true, false, SkirmishRight::UpToHalf, true, true, true},
}};

constexpr std::array<TypeRow, 9> kTypes{{
    {UnitType::LineInfantry, 4, false, false, true, true},
    {UnitType::LightInfantry, 4, true, false, true, true},
    {UnitType::IrregularInfantry, 3, true, true, true, true},
    {UnitType::Native, 3, true, true, false, true},  // will not close frontally with formed units (¶103)
    {UnitType::LightCavalry, 3, true, true, true, true},
    {UnitType::IrregularCavalry, 2, true, true, false, true},  // flanks and rear only (¶123)
    {UnitType::MountedInfantry, 2, true, true, false, true},
    {UnitType::FootArtillery, 3, true, false, false, false},  // artillery never charges (¶456)
    {UnitType::HorseArtillery, 3, true, false, false, false},
}};
}  // namespace

const ClassRow& classRow(int unitClass) {
    const int c = unitClass < 1 ? 1 : unitClass > 5 ? 5 : unitClass;
    return kClasses[static_cast<std::size_t>(c - 1)];
}

const TypeRow& typeRow(UnitType t) { return kTypes[static_cast<std::size_t>(t)]; }

// ---------------------------------------------------------------------------------------------------------
// §1.6 staff.

StaffRow staffRow(Nationality n) {
    switch (n) {
        case Nationality::British:
        case Nationality::Loyalist:
        case Nationality::German: return StaffRow::EnglishHessian;
        case Nationality::French: return StaffRow::France;
        case Nationality::Continental:
        case Nationality::State:
        case Nationality::Militia: return StaffRow::American;
        case Nationality::Spanish:
        case Nationality::Native: return StaffRow::Other;
    }
    return StaffRow::Other;
}

Rating ratingRoll(StaffRow row, int face) {
    // Highest face that still gives Inept, highest that gives Capable (§8.3; "Other" per G7: no Exceptional).
    int ineptMax = 2, capableMax = 5;
    switch (row) {
        case StaffRow::France:
            ineptMax = 1;
            capableMax = 5;
            break;
        case StaffRow::EnglishHessian:
            ineptMax = 2;
            capableMax = 5;
            break;
        case StaffRow::American:
            ineptMax = 3;
            capableMax = 5;
            break;
        case StaffRow::Other:
            ineptMax = 2;
            capableMax = 6;
            break;
    }
    if (face <= ineptMax) return Rating::Inept;
    if (face <= capableMax) return Rating::Capable;
    return Rating::Exceptional;
}

int initiativePoints(Rating r) {
    switch (r) {
        case Rating::Inept: return 1;
        case Rating::Capable: return 2;
        case Rating::Exceptional: return 3;
    }
    return 1;
}

Rating replacementRating(int face) { return face <= 3 ? Rating::Inept : Rating::Capable; }

Rating demoted(Rating r) { return r == Rating::Exceptional ? Rating::Capable : Rating::Inept; }

namespace {
using N = Nationality;
using R = Rating;
constexpr std::array<NamedGeneral, 26> kNamed{{
    {"Burgoyne", N::British, R::Capable, "Inept on a 1d6 roll of 6"},
    {"Carleton", N::British, R::Capable, ""},
    {"Clinton", N::British, R::Inept, "Capable on 5-6"},
    {"Cornwallis", N::British, R::Capable, ""},
    {"Gage", N::British, R::Inept, ""},
    {"Howe", N::British, R::Capable, "Bunker Hill scenario: Inept"},
    {"Tarleton", N::British, R::Capable, "Cowpens scenario: Exceptional"},
    {"Rawdon", N::British, R::Capable, "Exceptional on 5-6; Hobkirk's Hill scenario: Exceptional"},
    {"Arnold", N::Continental, R::Exceptional, ""},
    {"Gates", N::Continental, R::Inept, ""},
    {"Greene", N::Continental, R::Capable, ""},
    {"Lafayette", N::Continental, R::Capable, "Green Spring scenario: Exceptional"},
    {"Lee", N::Continental, R::Capable, ""},
    {"Lincoln", N::Continental, R::Inept, ""},
    {"Morgan", N::Continental, R::Exceptional, ""},
    {"Steuben", N::Continental, R::Inept, "Green Spring scenario: Capable brigade"},
    {"Sullivan", N::Continental, R::Inept, ""},
    {"Washington", N::Continental, R::Inept, ""},
    {"D'Estaing", N::French, R::Inept, ""},
    {"Saint-Simon", N::French, R::Capable, ""},
    {"Rochambeau", N::French, R::Capable, ""},
    {"Galvez", N::Spanish, R::Exceptional, ""},
    {"Heister", N::German, R::Capable, ""},
    {"Knyphausen", N::German, R::Capable, ""},
    {"Rall", N::German, R::Inept, ""},
    {"Riedesel", N::German, R::Capable, ""},
}};
}  // namespace

std::span<const NamedGeneral> namedGenerals() { return kNamed; }

// ---------------------------------------------------------------------------------------------------------
// §1.7 scouting, §1.8 visibility.

int scoutingPointsCavalryStand(int unitClass) {
    if (unitClass <= 2) return 4;
    if (unitClass == 4) return 8;  // G14: printed lower than Classes 3 and 5
    return 12;
}

int scoutingPlacesFirst(int margin) {
    if (margin < 15) return 0;
    if (margin < 30) return 1;
    if (margin < 45) return 2;
    if (margin < 60) return 3;
    return -1;
}

int sightFormed(bool urban, bool lightWood, bool heavyWood) {
    if (urban || heavyWood) return 100;
    if (lightWood) return 200;
    return kSightOpen;
}

// ---------------------------------------------------------------------------------------------------------
// §1.17, §1.18, §1.19, §1.20.

int massacreMinimum(MassacreCase c) {
    switch (c) {
        case MassacreCase::NativesIndependent: return 3;
        case MassacreCase::NativesUnderEuropeans: return 6;
        case MassacreCase::MilitiaOnMilitia: return 5;
        case MassacreCase::LegionOnPatriots: return 4;
        case MassacreCase::None: return 7;
    }
    return 7;
}

int or5ShakenPercent(int unitClass) {
    if (unitClass >= 5) return 25;
    if (unitClass >= 3) return 33;
    if (unitClass == 2) return 50;
    return 75;
}

int daylightTurns(Season s) {
    switch (s) {
        case Season::Summer: return 12;
        case Season::Autumn: return 10;
        case Season::Winter: return 8;
        case Season::Spring: return 10;
    }
    return 10;
}

int turnsAvailable(Season s, Contact c) {
    const int n = daylightTurns(s);
    switch (c) {
        case Contact::FullDay: return n;
        case Contact::HalfDay: return (n + 1) / 2;
        case Contact::Dusk: return 2;
    }
    return n;
}

int weatherMusketryModifier(Weather w) {
    switch (w) {
        case Weather::Fine: return 0;
        case Weather::Gusty: return -1;
        case Weather::Rain: return -2;
        case Weather::Storm: return 0;  // no small-arms fire at all
        case Weather::Snow: return -1;
    }
    return 0;
}

bool weatherForbidsSmallArms(Weather w) { return w == Weather::Storm; }

int forcedMarchAttrition(int unitClass, Season s) {
    static constexpr std::array<int, 5> kPerClass{3, 3, 1, 2, 1};  // EM: Formation Mode, chart §6
    const int c = unitClass < 1 ? 1 : unitClass > 5 ? 5 : unitClass;
    return kPerClass[static_cast<std::size_t>(c - 1)] + (s == Season::Winter ? 1 : 0);
}

std::string_view phaseName(Phase p) {
    switch (p) {
        case Phase::Setup: return "set-up";
        case Phase::Initiative: return "initiative";
        case Phase::GrandTactical: return "grand tactical movement";
        case Phase::Morale: return "morale";
        case Phase::Fire: return "fire";
        case Phase::Movement: return "tactical movement";
        case Phase::CloseAssault: return "close assault";
        case Phase::EndOfTurn: return "end of turn";
        case Phase::Nightfall: return "nightfall";
    }
    return "?";
}

// ---------------------------------------------------------------------------------------------------------
// §1.21 unit ratings (§18), as printed; "a/b" means the scenario or campaign chooses.

namespace {
constexpr UnitRating kRatings[] = {
    {"British & Loyalist", "Regular Infantry", "British Foot not listed", "3/4"},
    {"British & Loyalist", "Regular Infantry", "Royal Marines", "2"},
    {"British & Loyalist", "Regular Infantry", "Light companies or battalions", "5"},
    {"British & Loyalist", "Regular Infantry", "Grenadier companies or battalions", "5"},
    {"British & Loyalist", "Regular Infantry", "Foot Guards", "5"},
    {"British & Loyalist", "Regular Infantry", "3rd Regiment of Foot", "4"},
    {"British & Loyalist", "Regular Infantry", "4th Regiment of Foot", "4"},
    {"British & Loyalist", "Regular Infantry", "7th Fusiliers 1776-1779", "4"},
    {"British & Loyalist", "Regular Infantry", "7th Fusiliers 1780+", "3"},
    {"British & Loyalist", "Regular Infantry", "8th Regiment of Foot", "4"},
    {"British & Loyalist", "Regular Infantry", "21st Fusiliers", "4"},
    {"British & Loyalist", "Regular Infantry", "23rd Fusiliers", "4"},
    {"British & Loyalist", "Regular Infantry", "27th Regiment of Foot", "4"},
    {"British & Loyalist", "Regular Infantry", "33rd Regiment of Foot", "3"},
    {"British & Loyalist", "Regular Infantry", "63rd Regiment of Foot", "3"},
    {"British & Loyalist", "Regular Infantry", "85th Regiment of Foot", "3"},
    {"British & Loyalist", "Regular Infantry", "42nd Highlanders", "3"},
    {"British & Loyalist", "Regular Infantry", "71st Highlanders", "3"},
    {"British & Loyalist", "Loyalist Infantry", "North Carolina Tory Volunteers", "1"},
    {"British & Loyalist", "Loyalist Infantry", "South Carolina Light Infantry", "4"},
    {"British & Loyalist", "Loyalist Infantry", "DeLancey's Regiments", "2"},
    {"British & Loyalist", "Loyalist Infantry", "Johnson's Royal Greens", "3"},
    {"British & Loyalist", "Loyalist Infantry", "Ferguson's Rifles", "3"},
    {"British & Loyalist", "Loyalist Infantry", "New York Volunteers", "1/2"},
    {"British & Loyalist", "Loyalist Infantry", "Butler's Rangers", "2"},
    {"British & Loyalist", "Loyalist Infantry", "Volunteers of Ireland", "2"},
    {"British & Loyalist", "Loyalist Infantry", "British Legion Light Infantry", "2"},
    {"British & Loyalist", "Loyalist Infantry", "Queen's Rangers infantry", "2"},
    {"British & Loyalist", "Loyalist Infantry", "Provincial loyalist regiments", "2"},
    {"British & Loyalist", "Loyalist Infantry", "Loyalist militia", "1/2"},
    {"British & Loyalist", "Loyalist Infantry", "American Volunteers", "1"},
    {"British & Loyalist", "Regular Cavalry", "16th and 17th Light Dragoons", "2/3"},
    {"British & Loyalist", "Loyalist Cavalry", "British Legion Dragoons", "3"},
    {"British & Loyalist", "Loyalist Cavalry", "Queen's Rangers cavalry", "2/3"},
    {"British & Loyalist", "Loyalist Cavalry", "South Carolina Dragoons", "2"},
    {"British & Loyalist", "Regular Artillery", "Royal Artillery - Foot", "3 (G20: not printed)"},
    {"British & Loyalist", "Native Americans", "War Bands", "1/2"},
    {"German", "Infantry", "Hesse-Cassel Jaegers", "3"},
    {"German", "Infantry", "Ansbach Jaegers", "3"},
    {"German", "Infantry", "1st and 2nd Ansbach Regiments", "2"},
    {"German", "Infantry", "Grenadier Regiment von Linsing", "3"},
    {"German", "Infantry", "Grenadier Regiment von Minnegerode", "3"},
    {"German", "Infantry", "Grenadier Regiment von Lenegerke", "3"},
    {"German", "Infantry", "Regiment von Rall", "5"},
    {"German", "Infantry", "Regiment von Lossberg", "3"},
    {"German", "Infantry", "Fusileer Regiment Erpinz", "3"},
    {"German", "Infantry", "Musketeer Regiment von Donop", "2"},
    {"German", "Infantry", "Musketeer Regiment von Mirbach", "2"},
    {"German", "Infantry", "Garrison troops", "2"},
    {"German", "Infantry", "Other units not listed", "2"},
    {"German", "Cavalry", "Hessian mounted Jaegers", "3"},
    {"German", "Cavalry", "Dragoon Regiment Prinz Ludwick (dismounted)", "2"},
    {"German", "Artillery", "Foot Artillery", "3"},
    {"Spanish", "Infantry", "Line Regiments", "2/3"},
    {"Spanish", "Infantry", "Royal Regiments", "4"},
    {"Spanish", "Infantry", "Irish Brigade", "4"},
    {"Spanish", "Infantry", "Colonial Regiments", "1/2"},
    {"Spanish", "Infantry", "Regimento de Infanteria de Luisiana", "3"},
    {"Spanish", "Cavalry", "Carabineers (max 2 stands)", "3"},
    {"Spanish", "Artillery", "Royal Artillery", "3"},
    {"Spanish", "Artillery", "Naval gunners", "3"},
    {"French", "Infantry", "Line Regiments", "2"},
    {"French", "Infantry", "Chasseurs", "3"},
    {"French", "Infantry", "Regiment Gatinois", "3"},
    {"French", "Infantry", "Regiment Tourraine", "3"},
    {"French", "Infantry", "German or Irish Regiments", "4"},
    {"French", "Infantry", "Chasseur/Grenadier composite regiments", "4"},
    {"French", "Cavalry", "Legion Cavalry", "3/4"},
    {"French", "Cavalry", "Dragoons", "2"},
    {"French", "Artillery", "Royal Artillery", "3"},
    {"French", "Artillery", "Naval Artillery", "3"},
    {"American", "Continental Infantry", "Continental units 1775", "2"},
    {"American", "Continental Infantry", "Continental units 1776-1777", "2/3"},
    {"American", "Continental Infantry", "Continental units 1778+", "2/3/4"},
    {"American", "Continental Infantry", "Raw Continentals 1778+", "1"},
    {"American", "Continental Infantry", "Continental Light Infantry", "2/3"},
    {"American", "Militia or Irregular", "Militia units not listed", "1/2"},
    {"American", "Militia or Irregular", "Armand's Legion", "1"},
    {"American", "Militia or Irregular", "Partisan or frontier militia", "1"},
    {"American", "Militia or Irregular", "Chester County Militia", "1"},
    {"American", "Militia or Irregular", "Green Mountain Boys", "3/5"},
    {"American", "Militia or Irregular", "Marion's Rangers", "3"},
    {"American", "Militia or Irregular", "Morgan's Rifles 1775-1776", "3"},
    {"American", "Militia or Irregular", "Morgan's Rifles 1777+", "5"},
    {"American", "Militia or Irregular", "Virginia Militia", "1"},
    {"American", "Militia or Irregular", "North Carolina Militia", "1"},
    {"American", "Militia or Irregular", "Pennsylvania Militia", "1"},
    {"American", "Militia or Irregular", "Kirkwood's Company", "2"},
    {"American", "Militia or Irregular", "Pulaski's Legion", "2/3"},
    {"American", "Militia or Irregular", "Hasken's Lights", "2"},
    {"American", "State and Regular", "Glover's Marblehead Regiment 1776", "3"},
    {"American", "State and Regular", "Rhode Island Regiments 1775-1776", "3"},
    {"American", "State and Regular", "Webb's Connecticut Regiment 1777+", "3"},
    {"American", "State and Regular", "New York Regiments 1775-76", "4"},
    {"American", "State and Regular", "New York Regiments 1776-1777", "3"},
    {"American", "State and Regular", "New York Regiments 1778+", "3/2"},
    {"American", "State and Regular", "New Jersey Regiments", "2"},
    {"American", "State and Regular", "Pennsylvania State Rifles 1776", "3"},
    {"American", "State and Regular", "Pennsylvania State Muskets 1776", "2"},
    {"American", "State and Regular", "Delaware Regiment 1776-1777", "2"},
    {"American", "State and Regular", "Delaware Regiment 1778+", "3"},
    {"American", "State and Regular", "Maryland Regiments 1776", "2"},
    {"American", "State and Regular", "Maryland Regiments 1777+", "3"},
    {"American", "State and Regular", "Virginia Regiments 1776", "2/3"},
    {"American", "State and Regular", "Virginia Regiments 1777+", "3/2"},
    {"American", "State and Regular", "German Battalion", "2"},
    {"American", "State and Regular", "North Carolina Regiments", "2"},
    {"American", "State and Regular", "South Carolina Regiments", "2"},
    {"American", "State and Regular", "Canadian Regiment", "2"},
    {"American", "State and Regular", "Grayson's Regiment", "2"},
    {"American", "State and Regular", "Patton's Regiment", "2"},
    {"American", "State and Regular", "Porterfield's Virginia Light Infantry", "2"},
    {"American", "State and Regular", "Ashe's Battalion", "3"},
    {"American", "State and Regular", "Armstrong's Battalion", "3"},
    {"American", "State and Regular", "Blount's Battalion", "2"},
    {"American", "Cavalry", "Continental Dragoons 1777+", "3"},
    {"American", "Cavalry", "Armand's Legion", "2"},
    {"American", "Cavalry", "Lee's Legion", "3"},
    {"American", "Cavalry", "Washington's Horse", "3"},
    {"American", "Cavalry", "Marion's Partisans", "3"},
    {"American", "Cavalry", "Philadelphia Militia", "2"},
    {"American", "Cavalry", "Philadelphia Light Horse", "3"},
    {"American", "Cavalry", "South Carolina State Horse", "2"},
    {"American", "Cavalry", "Lauzon's Legion", "2"},
    {"American", "Artillery", "Continental Artillery 1775-1777", "2"},
    {"American", "Artillery", "Continental Artillery 1778+", "3"},
    {"American", "Artillery", "South Carolina Artillery", "2"},
    {"American", "Artillery", "Rhode Island Artillery", "3"},
    {"American", "Artillery", "Virginia Artillery Crew", "2"},
    {"American", "Artillery", "Pennsylvania Artillery", "3"},
    {"American", "Native Americans", "War Bands", "1/2"},
};

constexpr Reconstruction kReconstructions[] = {
    {"G1", "PC: Artillery, stacked cells", "Dense and Closed column read as stacked pairs; scores equal for all calibres"},
    {"G2", "PC: Artillery, fire-zone depths", "depths re-aligned by calibre"},
    {"G3", "PC: Artillery, Closed column at Medium/Long", "Medium 5H 6HH, Long 6HH (uncertain)"},
    {"G4", "PC: Artillery, Line at Close", "printed 3456H; switch art_line_close=456H"},
    {"G5", "PC: Artillery, common shell", "Dense 6HH, Closed 6HHH, Light cover 45H 6HH, Line 56H, Heavy 456H"},
    {"G6", "blank chart cells", "no effect; switch long_range_blank=repeat_short"},
    {"G7", "§8.3 'Other nationalities'", "Inept 1-2, Capable 3-6, no Exceptional"},
    {"G8", "counter chart", "ignored except the three-turn wound marker (severe-wound delay)"},
    {"G9", "Close Assault results Y and Z", "25 mm distances used as printed"},
    {"G10", "¶553 v Close Assault step 5", "units cut to one stand are removed, half points"},
    {"G11", "immediate-contact distance", "50 paces infantry, 100 cavalry"},
    {"G12", "¶407 v ¶408", "Class 4-5 ignore smoke only; Unsteady, Shaken or in unsteadying terrain use the Unsteady table"},
    {"G13", "fire fighting", "fires are not modelled"},
    {"G14", "§9.2 scouting points", "Class 3 and 5 cavalry 12, Class 4 8, as printed"},
    {"G15", "§22 second 'Barren Hill'", "treated as Stono Ferry, 20 June 1779"},
    {"G16", "§22 Fort Red Bank date", "22 October 1777; order of battle as printed"},
    {"G17", "§22 Cowpens stand counts", "Washington's dragoons 2, McCall's mounted militia 1"},
    {"G18", "§22 blank unit types", "regular foot unless named light, rifles or jaeger"},
    {"G19", "squares", "not modelled"},
    {"G20", "Royal Artillery class", "Class 3"},
    {"G21", "PC: Being Charged", "each printed line one predicate, counted once; Class 2 = 0"},
    {"G22", "light cavalry as skirmishers", "only in skirmish order or dismounted; switch light_cav_always_skirmishers"},
    {"G23", "mounted +5 rows", "stacked as printed; switch mounted_vs_foot_stack=false takes the larger"},
};
}  // namespace

std::span<const UnitRating> unitRatings() { return kRatings; }

std::span<const Reconstruction> reconstructions() { return kReconstructions; }

}  // namespace etatmajor::battle::charts
