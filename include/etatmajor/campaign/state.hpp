// SPDX-License-Identifier: GPL-3.0-or-later
// The running campaign as the weekly and daily phases see it: loaded from the campaign database, changed by the
// rules, written back by the phase that changed it (etat-major.md §15).
#pragma once

#include "etatmajor/campaign/options.hpp"
#include "etatmajor/campaign/phase.hpp"
#include "etatmajor/campaign/scenario.hpp"
#include "etatmajor/hex/hex.hpp"
#include "etatmajor/map/map.hpp"

#include <optional>
#include <string>
#include <vector>

namespace etatmajor::campaign {

struct GunState {
    Calibre calibre = Calibre::Light;
    int standsOriginal = 0;
    int standsCurrent = 0;
};

struct UnitState {
    std::string id;
    std::string side;
    std::string formation;
    std::string me;  // empty when in no ME
    std::string name;
    Nationality nationality = Nationality::British;
    UnitType type = UnitType::LineInfantry;
    int unitClass = 2;
    int standsOriginal = 0;
    int standsCurrent = 0;
    int figuresPerStand = 4;
    int figuresOriginal = 0;
    int figuresCurrent = 0;
    Armament armament = Armament::Musket;
    bool bayonets = true;
    bool guard = false;
    bool provisional = false;
    int lostCombat = 0;     // figures lost in battle since the last supply phase (§9.7, G-78)
    int lostAttrition = 0;  // figures lost to forced march, siege or overnight attrition since then (G-79)
    bool removed = false;   // fell below one stand: never rebuilt (G-57)
    std::vector<GunState> guns;
};

enum class GeneralStatus { Active, Wounded, Killed, Captured };
std::string_view generalStatusName(GeneralStatus s);
std::optional<GeneralStatus> generalStatusFromName(std::string_view s);

struct GeneralState {
    std::string id;
    std::string side;
    std::string formation;
    std::string me;
    std::string name;
    Nationality nationality = Nationality::British;
    Rank rank = Rank::Brigade;
    Arm arm = Arm::Infantry;
    Rating rating = Rating::Capable;
    bool playerFigure = false;
    GeneralStatus status = GeneralStatus::Active;
    int returnWeek = 0;
};

struct FormationState {
    std::string id;
    std::string side;
    std::string parent;
    FormationKind kind = FormationKind::Brigade;
    std::string name;
};

struct MeState {
    std::string id;
    std::string side;
    int ord = 0;
    std::string label;
    hex::Hex hex;
    Mode mode = Mode::March;
    std::string supplySource;
    std::string commander;  // player id; empty when no player is named (G-54)
    bool onMap = true;
    int forageDays = 0;          // qualifying Forage days this week (§9.3)
    int forageDaysLastWeek = 0;  // … and last week, which the W3 forage roll looks at
    int forcedMarchStreak = 0;   // consecutive days of forced march (G-45)
    int supplyChangedWeek = 0;   // the week its supply source was last changed by order (G-75)
    bool revealed = false;       // its counter has been turned over by contact (§2.2)
    int movedToday = 0;          // hexes entered today (§8.8.1 encounter timing)
    int allowanceToday = 0;      // today's final movement allowance
    bool pinned = false;         // entered by an enemy ME today: it cannot move (G-39)
};

struct UrbanState {
    std::string id;
    std::string name;
    hex::Hex hex;
    map::UrbanSize size = map::UrbanSize::Village;
    std::optional<int> rawRoll;  // the dice total, rolled when first entered (G-76)
    int combatHalvings = 0;
    bool destroyed = false;
    std::string controller;  // empty: uncontrolled
};

struct ObjectiveState {
    std::string id;
    std::string name;
    ObjectiveKind kind = ObjectiveKind::Secondary;
    hex::Hex hex;
    int value = 0;
    std::string assignedTo;
    std::string writtenBy;
    bool revealedToAssigned = false;
    std::string controller;
    int captures = 0;  // times the side it is assigned to has taken it (G-64 objective_scoring = cumulative_captures)
};

struct SideState {
    std::string id;
    std::string name;
    int ord = 0;
    int vcsBaseline = 0;
    int pointsLost = 0;      // gross points lost (G-65)
    int pointsReplaced = 0;  // points restored by replacements
    bool hasInitiative = false;
    bool initiativeDeclined = false;
    int blockadeWeek = 0;    // from W1 of this week an enemy fleet closes the side's LOC entries by sea (0: never)
    std::string blockadeBy;  // the fleet, as the campaign file names it
};

struct CampaignState {
    int week = 1;
    int day = 1;
    Phase phase = Phase::W1;  // the next phase to run
    int lengthWeeks = 21;
    Season startSeason = Season::Summer;
    int seasonWeek = 1;
    Options options;
    map::Map map;
    std::vector<SideState> sides;
    std::vector<FormationState> formations;
    std::vector<GeneralState> generals;
    std::vector<UnitState> units;
    std::vector<MeState> mes;
    std::vector<UrbanState> urban;
    std::vector<ObjectiveState> objectives;

    const SideState* side(std::string_view id) const;
    SideState* side(std::string_view id);
    const MeState* me(std::string_view id) const;
    UrbanState* urbanArea(std::string_view id);
    const UrbanState* urbanArea(std::string_view id) const;
    const UrbanState* urbanAt(hex::Hex h) const;
    std::vector<const UnitState*> unitsOf(std::string_view meId) const;
    std::vector<const GeneralState*> generalsOf(std::string_view meId) const;
    // The other side of a two-sided campaign.
    std::string enemyOf(std::string_view sideId) const;
    // The season of a campaign week (§8.1.1, G-11 option season_progression).
    Season seasonOfWeek(int week) const;
};

}  // namespace etatmajor::campaign
