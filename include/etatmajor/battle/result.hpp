// SPDX-License-Identifier: GPL-3.0-or-later
// What a battle returns to the campaign (tactical-resolver.md §3): battle level, per side, per unit and per general,
// serialised as canonical JSON (keys sorted, integers only, points as "num/den" strings).
#pragma once

#include "etatmajor/battle/accounting.hpp"
#include "etatmajor/battle/types.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace etatmajor::battle {

enum class EndReason : std::uint8_t { Nightfall, OneSideBroken, MutualBreakoff, Withdrawal };
std::string_view endReasonName(EndReason r);

enum class UnitEnd : std::uint8_t {
    Effective,
    ShakenPermanent,
    RoutedToRallyPoint,
    Scattered,
    Surrendered,
    Destroyed,
    RemovedSpent,
    Withdrawn
};
std::string_view unitEndName(UnitEnd e);

struct GunRecord {
    Calibre calibre = Calibre::Light;
    bool howitzer = false;
    std::string fromUnit;
};

// §3.3
struct UnitResult {
    std::string id;
    int side = kSideA;
    std::string brigade;
    int standsStart = 0;
    int figuresStart = 0;
    int standsEnd = 0;
    int figuresEnd = 0;
    int figuresLostFire = 0;
    int figuresLostCloseAssault = 0;
    int figuresSurrendered = 0;
    int figuresCaughtRouting = 0;  // of figuresLostCloseAssault: routers caught and taken (caught_routers = taken)
    int figuresMassacred = 0;
    int figuresRoutingAtEnd = 0;
    int figuresOffTable = 0;
    int figuresScattered = 0;
    UnitEnd statusEnd = UnitEnd::Effective;
    Morale moraleEnd = Morale::Ordered;
    bool recoversByNextOrdersPhase = true;
    int coloursLostTo = kNoSide;
    Points6 pointsLostFull;
    Points6 pointsLostHalf;
    bool everRouted = false;  // routed at some point of the battle (calibration metric)
    // batteries only
    bool battery = false;
    int gunsStart = 0;
    int gunsEnd = 0;
    int gunsDestroyed = 0;
    int gunsCapturedByEnemy = 0;
    int gunsCapturedFromEnemy = 0;
    int crewFiguresLost = 0;
    int limbersDamaged = 0;
    int ammoLeft = -1;  // -1: ammunition not counted
};

// §3.4
struct GeneralResult {
    std::string id;
    int side = kSideA;
    Rank rank = Rank::Brigade;
    Rating ratingStart = Rating::Capable;
    StaffFate fate = StaffFate::Unhurt;
    int aidesLost = 0;
    int escortLost = 0;
    std::string replacementId;
    std::optional<Rating> replacementRating;
    Points6 pointsLost;
};

// §3.2
struct SideResult {
    std::string id;
    SideLedger ledger;
    int menLost = 0;
    int prisonersLost = 0;
    int prisonersTaken = 0;
    std::vector<GunRecord> gunsLost;
    std::vector<GunRecord> gunsCaptured;
    std::vector<std::string> brigadesSpent;
    bool withdrew = false;
    bool armyGeneralLost = false;
    bool lineOfRetreatBlocked = false;
};

// §3.1
struct BattleResult {
    std::string battleId;
    std::uint64_t seed = 0;
    std::string resolverVersion;
    std::uint64_t paramsHash = 0;
    int turnsAvailable = 0;
    int turnsFought = 0;
    EndReason endReason = EndReason::Nightfall;
    // [X] some fire hit, charge or contact took place (any fire at all under quiet_fire = any); false: a standoff, in
    // which no shot told and neither side tried a charge or came to grips all day (the campaign records it as no
    // battle, rules-mapping.md "Standoffs")
    bool engaged = false;
    Verdict verdict;
    int fieldHolder = kNoSide;
    int retreatingSide = kNoSide;
    std::string retreatToward;
    std::int64_t rollCount = 0;
    std::uint64_t rollLogHash = 0;
    std::array<SideResult, 2> sides;
    std::vector<UnitResult> units;
    std::vector<GeneralResult> generals;
    // Counts of notable events for calibration (surprises, looting halts, flank attacks …); not part of §3.
    std::map<std::string, int> events;

    std::string sideId(int side) const { return side == kNoSide ? std::string() : sides[static_cast<std::size_t>(side)].id; }
    int event(const std::string& name) const;
};

// Canonical JSON (§3): keys sorted, integers only, rationals as "num/den", 64-bit hashes as 16 hex digits.
std::string toJson(const BattleResult& r, bool pretty = false);

}  // namespace etatmajor::battle
