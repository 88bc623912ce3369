// SPDX-License-Identifier: GPL-3.0-or-later
// Engine: Initiative Phase (tactical-resolver.md §2.10 I), Morale Phase with charges (§2.10 III, §2.12), the morale
// tests as predicates (§2.11), the failure ladder, rout and rally (§2.16), and the charge doctrine (§2.8).
#include "etatmajor/battle/engine.hpp"

#include <algorithm>
#include <cstdlib>

namespace etatmajor::battle {

namespace c = charts;

// ---------------------------------------------------------------------------------------------------------
// Initiative (§11.1, §2.10 I)

std::vector<int> Engine::eligibleGenerals(int side) const {
    std::vector<int> out;
    out.reserve(m_generals.size());
    // A general's command is every brigade of the side whose chain of command (its own general, else the general
    // above it, then up) reaches him: each brigade's stands, on and off the table, go once to every general of its
    // chain.
    auto& command = m_staffCommandScratch;
    command.assign(m_generals.size(), StaffCommand{});
    for (const auto& b : m_brigades) {
        if (b.side != side) continue;
        int onTable = 0, offTable = 0;
        for (int ui : b.units) {
            const auto& u = unit(ui);
            if (u.status == UnitStatus::OnTable) onTable += stands(u);
            else if (u.status == UnitStatus::Arriving || u.status == UnitStatus::ReserveOff || u.status == UnitStatus::OffReturning)
                offTable += stands(u);
        }
        for (int x = b.general != kNone ? b.general : b.parentGeneral; x != kNone; x = general(x).parent) {
            auto& k = command[static_cast<std::size_t>(x)];
            k.any = true;
            if (b.general == x && b.spent) k.spent = true;
            k.start += b.standsStart;
            k.onTable += onTable;
            k.offTable += offTable;
        }
    }
    for (const auto& g : m_generals) {
        if (g.side != side || !generalAvailable(g)) continue;
        if (!g.army) {
            // Staff whose commands are spent, lost >= 75 % or have more than half their stands off table are out
            // (¶345–346, ¶309, ¶363).
            const auto& k = command[static_cast<std::size_t>(g.index)];
            if (k.spent) continue;
            if (k.any && k.start > 0) {
                if (4 * k.onTable <= k.start && k.offTable == 0) continue;
                if (2 * k.offTable > k.start) continue;
            }
        }
        out.push_back(g.index);
    }
    return out;
}

int Engine::bisOf(int side) const {
    if (m_params.simpleInitiative) return 0;
    int bis = 0;
    for (int gi : eligibleGenerals(side)) bis += c::initiativePoints(general(gi).rating);
    return bis;
}

int Engine::initiativeDiceOf(int side) const { return static_cast<int>(eligibleGenerals(side).size()); }

int Engine::rollInitiative() {
    InitiativeRoll r;
    for (int s = 0; s < 2; ++s) {
        // bisOf and initiativeDiceOf from one list of eligible generals
        const auto eligible = eligibleGenerals(s);
        int bis = 0;
        if (!m_params.simpleInitiative)
            for (int gi : eligible) bis += c::initiativePoints(general(gi).rating);
        r.bis[static_cast<std::size_t>(s)] = bis;
        r.dice[static_cast<std::size_t>(s)] = static_cast<int>(eligible.size());
        int total = r.bis[static_cast<std::size_t>(s)];
        for (int d = 0; d < r.dice[static_cast<std::size_t>(s)]; ++d) total += m_dice->d6(RollTag::Initiative, s);
        r.total[static_cast<std::size_t>(s)] = total;
    }
    if (r.total[0] != r.total[1]) {
        r.winner = r.total[0] > r.total[1] ? kSideA : kSideB;
    } else {
        // Ties: both roll 1d6 until one is higher (¶347).
        for (;;) {
            const int a = m_dice->d6(RollTag::InitiativeTie, kSideA);
            const int b = m_dice->d6(RollTag::InitiativeTie, kSideB);
            if (a != b) {
                r.winner = a > b ? kSideA : kSideB;
                break;
            }
        }
    }
    m_lastInitiative = r;
    return r.winner;
}

void Engine::brigadeStatus() {
    for (auto& b : m_brigades)
        if (b.pinnedUntil > 0 && m_turn >= b.pinnedUntil) {
            if (b.posture == Posture::Hold && !b.spent) b.posture = Posture::Assault;
            b.pinnedUntil = 0;
        }
    // §2.19: spent at or below 25 % of starting stands still present (routers count as present).
    for (auto& b : m_brigades) {
        if (b.spent || b.standsStart == 0) continue;
        int present = 0;
        for (int ui : b.units) {
            const auto& u = unit(ui);
            if (u.status == UnitStatus::OnTable || u.status == UnitStatus::Arriving || u.status == UnitStatus::ReserveOff)
                present += stands(u);
        }
        if (100 * present <= (100 - c::kSpentBrigadePercent) * b.standsStart) {
            b.spent = true;
            if (b.posture != Posture::Withdraw) b.posture = Posture::Hold;
            if (m_narrative) log(b.name + " is spent and will not advance again.");
            ++m_events[m_sides[static_cast<std::size_t>(b.side)].id + ".brigades_spent"];
        }
    }
}

void Engine::massPanic() {
    // §19 OR4: a brigade at >= 50 % losses with a routing unit rolls 1d6 per unit and general against the sum of
    // its units' classes and the general's initiative value; short of it, the whole brigade routs.
    for (auto& b : m_brigades) {
        int present = 0, classes = 0, dice = 0;
        bool routing = false;
        for (int ui : b.units) {
            const auto& u = unit(ui);
            if (u.status != UnitStatus::OnTable) continue;
            present += stands(u);
            routing = routing || u.morale == Morale::Routing;
            if (u.morale != Morale::Routing) {
                classes += u.unitClass;
                ++dice;
            }
        }
        if (!routing || 2 * present > b.standsStart || dice == 0) continue;
        int need = classes;
        int total = 0;
        for (int i = 0; i < dice; ++i) total += m_dice->d6(RollTag::MassPanic, b.index);
        if (b.general != kNone && generalAvailable(general(b.general))) {
            need += c::initiativePoints(general(b.general).rating);
            total += m_dice->d6(RollTag::MassPanic, b.index);
        }
        if (total < need) {
            if (m_narrative) log(b.name + " panics (" + std::to_string(total) + " against " + std::to_string(need) + ") and routs.");
            for (int ui : b.units)
                if (unit(ui).status == UnitStatus::OnTable && unit(ui).morale != Morale::Routing) rout(ui, false, "mass panic");
        }
    }
}

void Engine::initiativePhase() {
    m_dice->setContext(m_turn, c::Phase::Initiative);
    staffUpkeep();
    brigadeStatus();
    counterattack();
    if (m_params.massPanic) massPanic();
    int forced = kNoSide;
    if (m_turn == 1)
        for (int s = 0; s < 2; ++s)
            if (m_sides[static_cast<std::size_t>(s)].initiativeTurn1) forced = s;
    if (forced != kNoSide) {
        m_initiative = forced;
        if (m_narrative) log(m_sides[static_cast<std::size_t>(forced)].name + " holds the initiative (scenario).");
    } else {
        m_initiative = rollInitiative();
        if (m_params.defenderPasses) {
            bool hold = true;
            for (const auto& b : m_brigades)
                if (b.side == m_initiative && b.posture == Posture::Assault) hold = false;
            if (hold) m_initiative = 1 - m_initiative;
        }
        if (m_narrative) {
            const auto& r = m_lastInitiative;
            if (m_narrative)
                log("Initiative: " + m_sides[0].name + " " + std::to_string(r.total[0]) + " (BIS " + std::to_string(r.bis[0]) + "), " +
                    m_sides[1].name + " " + std::to_string(r.total[1]) + " (BIS " + std::to_string(r.bis[1]) +
                    "): " + m_sides[static_cast<std::size_t>(m_initiative)].name + " moves first.");
        }
    }
    // Flank arrivals are announced one turn ahead (¶365).
    for (int s = 0; s < 2; ++s) m_sides[static_cast<std::size_t>(s)].flankWarning = false;
    for (const auto& u : m_units)
        if (u.status == UnitStatus::Arriving && u.entry != Edge::OwnRear && u.arrivalTurn == m_turn + 1)
            m_sides[static_cast<std::size_t>(1 - u.side)].flankWarning = true;
}

// ---------------------------------------------------------------------------------------------------------
// Morale Phase (§2.10 III)

void Engine::refreshVisibility() {
    refreshLanes();
    for (const auto& u : m_units) m_visibleToEnemy[static_cast<std::size_t>(u.index)] = visibleTo(1 - u.side, u) ? 1 : 0;
}

void Engine::moralePhase() {
    m_dice->setContext(m_turn, c::Phase::Morale);
    for (auto& u : m_units) revealIfSeen(u);
    refreshVisibility();
    updatePosts();
    refreshCommand();
    rallyFlags();
    breakThroughBcts();
    const int first = m_initiative, second = 1 - m_initiative;
    declareCharges(first);
    respondToCharges(second, true);
    declareCharges(second);
    respondToCharges(first, false);
    secondImpulses();
    m_forced.clear();
}

void Engine::forceCharge(int charger, int target) {
    PendingCharge p;
    p.charger = charger;
    p.target = target;
    p.flank = flankPosition(unit(charger), unit(target));
    m_forced.push_back(p);
}

bool Engine::wavering(const Unit& t) const {
    // §2.8 rule (b): on the ladder, Shaken, routing, Unsteady when its class is steady by default, or down a third.
    if (t.ladder != Ladder::None || t.morale == Morale::Shaken || t.morale == Morale::Routing) return true;
    if (t.morale == Morale::Unsteady && t.unitClass > 1) return true;
    return 3 * (t.standsStart - stands(t)) >= t.standsStart && t.standsStart > 0 && stands(t) < t.standsStart;
}

bool Engine::standOff(const Unit& u, const Unit& t) const {
    // §2.8: stand off at 101–200 paces where the chart gives U twice T's hit rate there (Steady against Unsteady
    // in the open). Against a target the chart cannot touch at that range (cover, G6) there is nothing to stand
    // off for, so the unit closes instead [I].
    if (!m_params.standOff) return false;
    if (volleyTable(u) != c::FireTable::SteadyVolley || volleyTable(t) != c::FireTable::UnsteadyVolley) return false;
    const int weather = m_weatherMusketry;
    const int mine = c::expectedSixths(c::smallArmsCell(volleyTable(u), 150, targetClass(t, false, &u), m_params.longRangeRepeatShort),
                                       weather);
    const int theirs = c::expectedSixths(c::smallArmsCell(volleyTable(t), 150, targetClass(u, false, &t),
                                                          m_params.longRangeRepeatShort),
                                         weather);
    return mine > 0 && mine >= 2 * theirs;
}

bool Engine::fireCanScore(const Unit& u, const Unit& t) const {
    if (m_weatherForbidsSmallArms) return false;  // Storm: no small-arms fire (§1.12, EM: Effects of Weather)
    const auto cls = targetClass(t, false, &u);
    // 50 paces lies in the first band of every small-arms table (0–75, 0–100, 0–200): the best range there is.
    const auto scores = [&](c::FireTable table) {
        return c::expectedSixths(c::smallArmsCell(table, 50, cls, m_params.longRangeRepeatShort), m_weatherMusketry) > 0;
    };
    return scores(volleyTable(u)) || (u.smoke && scores(volleyTable(u, false)));
}

int Engine::chargeReach(const Unit& u, ChargeKind kind) const {
    const int full = moveAllowance(u, false, false);        // battalion guns do not shorten a charge [X]
    return kind == ChargeKind::Declared ? full : full / 2;  // opportunity and counter-charges: half (§2.12.2)
}

int Engine::chargeDistance(const Unit& u, const Unit& t, bool flank) const {
    if (u.lane != 0 || t.lane != 0) return std::max(0, separation(u, t));
    if (flank) return c::kStandWidth * fileGap(u, t);
    return std::max(0, std::max(separation(u, t), c::kStandWidth * fileGap(u, t)));
}

bool Engine::chargeEligible(int ui, bool declared) const {
    const auto& u = unit(ui);
    if (u.status != UnitStatus::OnTable || isArtillery(u.type) || !c::typeRow(u.type).mayCharge) return false;
    if (u.morale == Morale::Routing || u.charging || u.chargeAttempted || u.evaded || inContact(ui)) return false;
    if (u.ladder != Ladder::None) return false;  // halted or retreating units neither move nor charge
    if (u.formation == Formation::Lying || u.lootUntil > m_turn || u.rallyFlag) return false;
    if (u.formation == Formation::Limbered) return false;
    const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
    if (declared) {
        if (b.spent) return false;
        // ¶324: out of command under an Inept general (or none): no charges declared.
        if (!inCommand(ui)) {
            const int g = b.general != kNone ? b.general : b.parentGeneral;
            if (g == kNone || general(g).rating == Rating::Inept || !generalAvailable(general(g))) return false;
        }
    }
    return true;
}

bool Engine::mayTarget(int ui, int ti, bool declared, bool& flank, int knownReach) const {
    const auto& u = unit(ui);
    const auto& t = unit(ti);
    flank = false;
    if (t.side == u.side || t.status != UnitStatus::OnTable || !engaged(u, t)) return false;
    if (laneBlocked(u) || laneBlocked(t)) return false;
    if (!m_visibleToEnemy[static_cast<std::size_t>(ti)]) return false;  // seen at the start of the phase (¶437)
    // cheap reach test first: neither in front of it nor within two files of its flank, or too far away
    if (u.lane == 0 && t.lane == 0 && fileGap(u, t) > 2) return false;  // (more than two files apart: no overlap)
    const int reach = knownReach >= 0 ? knownReach : chargeReach(u, declared ? ChargeKind::Declared : ChargeKind::Opportunity);
    if (separation(u, t) > reach) return false;
    flank = flankPosition(u, t);
    if (!flank) {
        if (overlapFiles(u, t) == 0) return false;
        if (separation(u, t) < 0) return false;
    }
    // §2.12.1 who may charge whom.
    if (isFoot(u.type) && isMounted(t.type) && (t.charging || t.pursuing)) return false;
    const bool tFormed = isFormed(t) && !isArtillery(t.type);
    if ((u.type == UnitType::IrregularCavalry || u.type == UnitType::Native || u.type == UnitType::MountedInfantry) && tFormed &&
        !flank && !t.facingAway)
        return false;
    if (treatedAsSkirmishers(u)) {
        const bool ok = t.formation == Formation::Skirmish || isArtillery(t.type) ||
                        (isMounted(u.type) && t.morale == Morale::Routing);
        if (!ok) return false;
    }
    return chargeDistance(u, t, flank) <= reach;
}

// ---------------------------------------------------------------------------------------------------------
// Test predicates (§2.11)

TctInputs Engine::tctInputs(int ci, int ti, bool flank) const {
    const auto& u = unit(ci);
    const auto& t = unit(ti);
    TctInputs in;
    in.outOfCommand = !inCommand(ci);
    in.targetHeavyCover = t.cover == 2;
    in.targetLightCover = t.cover == 1;
    in.chargerShaken = u.morale == Morale::Shaken;
    in.skirmishersOrUnsteady = treatedAsSkirmishers(u) || u.morale == Morale::Unsteady || u.unitClass == 1;
    in.targetHigher = t.elevation > u.elevation;
    in.fromFlankOrRear = flank || t.facingAway;
    const bool rated = inCommand(ci);
    in.exceptionalOrGeneralAttached = (rated && commandRating(ci) == Rating::Exceptional) || generalAttachedTo(ci);
    in.capableOrAdcAttached = (rated && commandRating(ci) == Rating::Capable) || adcAttachedTo(ci);
    in.class4or5 = u.unitClass >= 4;
    in.targetUnsteadyOrOpen = t.morale == Morale::Unsteady || t.morale == Morale::Routing || t.unitClass == 1 ||
                              t.formation == Formation::Skirmish || t.type == UnitType::IrregularInfantry ||
                              t.type == UnitType::Native;
    return in;
}

BctInputs Engine::bctInputs(int ti, int ci, bool flank, bool declared) const {
    const auto& t = unit(ti);
    const auto& u = unit(ci);
    BctInputs in;
    in.shakenOrFlankRear = t.morale == Morale::Shaken || flank || t.facingAway;
    in.footChargedByCavalryInOpen = !isMounted(t.type) && isMounted(u.type) && !t.inWood && !t.inUrban && !t.behindWorks;
    in.lyingDown = t.formation == Formation::Lying;
    in.notOwnBrigadeGeneral = !ownBrigadeGeneralCommands(ti);
    in.skirmishers = treatedAsSkirmishers(t);
    in.appearedWithin100 = u.revealedTurn >= m_turn && distance(t, u) <= c::kSurpriseRange;
    for (const auto& f : sideUnits(t.side)) {
        if (f.side != t.side || f.index == ti) continue;
        const bool broken = (f.status == UnitStatus::OnTable && (f.morale == Morale::Routing || f.ladder == Ladder::Retreat)) ||
                            f.brokenTurn >= m_turn - 1;
        const bool steady = f.status == UnitStatus::OnTable && f.morale == Morale::Ordered;
        if (!broken && !steady) continue;
        const int d = distance(t, f);
        if (broken && d <= 200) ++in.brokenFriendsWithin200;
        if (steady && d <= 50 && isFormed(f)) ++in.steadyFriendsWithin50;
    }
    in.unsteadyOrClass1 = t.morale == Morale::Unsteady || t.unitClass == 1;
    in.shootingHits = declared ? t.hitsLastTurn : t.hitsThisTurn;
    in.noBayonets = !t.bayonets;
    in.class5 = t.unitClass == 5;
    in.class3or4OrGeneralAttached = t.unitClass == 3 || t.unitClass == 4 || generalAttachedTo(ti);
    in.higherGround = t.elevation > u.elevation;
    in.steadyCloseOrder = isFormed(t) && t.morale == Morale::Ordered && !isIrregularType(t.type) &&
                          (t.formation == Formation::Line || t.formation == Formation::ReinforcedLine ||
                           t.formation == Formation::ClosedColumn);
    bool guns = false;
    for (const auto& f : sideUnits(t.side))
        if (f.side == t.side && f.index != ti && f.status == UnitStatus::OnTable && isArtillery(f.type) &&
            f.formation == Formation::Deployed && fileGap(t, f) == 0 && std::abs(f.front - t.front) <= 20)
            guns = true;
    in.artilleryOrAnchoredFlank = guns || anchoredFlank(t);
    in.defendingObstacle = t.inUrban || t.behindWorks;
    in.adcAttached = adcAttachedTo(ti);
    return in;
}

CweInputs Engine::cweInputs(int ci, int ti, bool flank) const {
    const auto& u = unit(ci);
    const auto& t = unit(ti);
    CweInputs in;
    in.kind = CloseOrShoot::Cwe;
    in.targetPassedBct = t.passedBct;
    in.targetHeavyCover = t.cover == 2;
    in.targetLightCover = t.cover == 1;
    in.targetOnHighHill = t.elevation == 2 && u.elevation < 2;
    in.surprised = u.surprisedTurn >= m_turn - 1;
    in.passageOfLines = u.passageOfLines;
    in.shaken = u.morale == Morale::Shaken;
    in.shootingHits = u.hitsThisTurn;
    in.intoFlankOrRear = flank || t.facingAway;
    in.unitClass = u.unitClass;
    in.generalAttached = generalAttachedTo(ci);
    in.adcAttached = adcAttachedTo(ci);
    in.targetShakenOrNoBayonets = t.morale == Morale::Shaken || t.morale == Morale::Routing || !t.bayonets;
    in.targetUnsteady = t.morale == Morale::Unsteady || t.unitClass == 1;
    in.nativeOrHighlandCharging = u.type == UnitType::Native || u.highlander;
    return in;
}

CweInputs Engine::sctInputs(int ui) const {
    const auto& u = unit(ui);
    CweInputs in;
    in.kind = CloseOrShoot::Sct;
    in.commonShell = u.shellHit;
    in.flankOrRearFire = u.flankFire;
    in.surprised = u.surprisedByFire || u.surprisedTurn >= m_turn - 1;
    in.passageOfLines = u.passageOfLines;
    in.shaken = u.morale == Morale::Shaken;
    in.shootingHits = u.hitsThisTurn;
    in.unitClass = u.unitClass;
    in.generalAttached = generalAttachedTo(ui);
    in.adcAttached = adcAttachedTo(ui);
    return in;
}

// ---------------------------------------------------------------------------------------------------------
// Charge doctrine (§2.8)

int Engine::expectedDefensiveHits(int ti, int ci) const {
    // Expected hits (in sixths) of the target's compulsory fire at its charger at point-blank range.
    const auto& t = unit(ti);
    const auto& u = unit(ci);
    if (!mayFire(t) || t.charging) return 0;
    if (isArtillery(t.type)) {
        int sixths = 0;
        for (const auto& g : t.guns) {
            if (g.destroyed || g.abandoned || g.crew < c::kMinCrewToFire) continue;
            const auto cell = c::artilleryCell(c::artilleryBand(g.calibre, 50), targetClass(u, true, nullptr, true),
                                               m_params.artLineClose456);
            sixths += c::expectedSixths(cell, g.crew - c::kCrewFiguresPerGun);
        }
        return sixths;
    }
    if (m_weatherForbidsSmallArms) return 0;
    const auto cell = c::smallArmsCell(volleyTable(t), 50, targetClass(u, false, &t, true), m_params.longRangeRepeatShort);
    return firingStands(t) * c::expectedSixths(cell, m_weatherMusketry);
}

int Engine::chargeSuccess(int ui, int ti, bool flank, int& margin, int& bctTotalOut) const {
    margin = caMarginNow(ui, ti, true, flank);
    return chargeSuccess(ui, ti, flank, bctTotalOut);
}

// The same without the close-assault margin, which the doctrine's threshold test (c) does not read.
int Engine::chargeSuccess(int ui, int ti, bool flank, int& bctTotalOut, int knownTctFaces, int knownBct) const {
    const auto& t = unit(ti);
    const int tct = knownTctFaces >= 0 ? knownTctFaces : passFaces(tctTotal(tctInputs(ui, ti, flank)));
    if (t.morale == Morale::Routing) {
        bctTotalOut = 6;
        return tct * 36;  // routers take no test: every arrival is an automatic victory
    }
    bctTotalOut = knownBct != kUnknownTest ? knownBct : bctTotal(bctInputs(ti, ui, flank, true));
    const int bctPass = passFaces(bctTotalOut);
    const int bctFail = 6 - bctPass;
    CweInputs cw = cweInputs(ui, ti, flank);
    cw.targetPassedBct = true;  // the CWE only follows a passed BCT
    cw.shootingHits += expectedDefensiveHits(ti, ui) / 6;
    const int cwe = passFaces(cweTotal(cw));
    return tct * (6 * bctFail + bctPass * cwe);
}

void Engine::attachForCharges(int side, const std::vector<PendingCharge>& list) {
    // §2.8 attachments: each brigade general's ADC joins the unit about to charge; the general himself joins it
    // when that lifts its overall chance from below one half to at least one half.
    for (const auto& p : list) {
        const auto& u = unit(p.charger);
        if (u.side != side) continue;
        const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
        if (b.general == kNone) continue;
        auto& g = m_generals[static_cast<std::size_t>(b.general)];
        if (!generalAvailable(g) || g.attachedTo != kNone) continue;
        bool adcBusy = false;
        for (int ui : b.units) adcBusy = adcBusy || unit(ui).attachedAdcOf == g.index;
        if (!adcBusy && g.aides > 0) unit(p.charger).attachedAdcOf = g.index;
        if (g.neverAttach) continue;
        bool busy = false;
        for (int ui : b.units) busy = busy || (ui != p.charger && (inContact(ui) || unit(ui).charging));
        if (busy) continue;  // another unit of his brigade is in contact or charging: he stays with the brigade
        int bct = 0;
        g.attachedTo = p.charger;
        // The target's being-charged test is the one the doctrine computed when it chose the charge: attachments on
        // the charger's side do not change it.
        const int with = chargeSuccess(p.charger, p.target, p.flank, bct, -1, p.bct);
        g.attachedTo = kNone;
        if (with < 108) continue;  // he would not lift it to one half: no need to know the chance without him
        // The target's being-charged test does not depend on him (he joins the charger, not the target's side).
        const int without = chargeSuccess(p.charger, p.target, p.flank, bct, -1, bct);
        if (without >= 108) continue;
        g.attachedTo = p.charger;
        if (m_narrative) log(g.name + " joins " + unitName(p.charger) + " for the charge.");
    }
    updatePosts();
}

void Engine::detachAll() {
    for (auto& g : m_generals) g.attachedTo = kNone;
    for (auto& u : m_units) u.attachedAdcOf = kNone;
}

void Engine::declareCharges(int side) {
    std::vector<PendingCharge> list;
    for (const auto& f : m_forced)
        if (unit(f.charger).side == side) list.push_back(f);
    const bool late = m_turn >= m_turns - 1;
    if (m_doctrine) {
        for (const auto& u : sideUnits(side)) {
            if (u.side != side) continue;
            bool forced = false;
            for (const auto& f : list) forced = forced || f.charger == u.index;
            if (forced || m_brigades[static_cast<std::size_t>(u.brigade)].posture != Posture::Assault) continue;
            if (!chargeEligible(u.index, true)) continue;
            int bestT = kNone, bestScore = -1, bestBct = kUnknownTest;
            bool bestFlank = false;
            // Necessary conditions of mayTarget, checked here first so that the full test runs only on the few
            // enemies within reach (the result is the same).
            const int reach = chargeReach(u, ChargeKind::Declared);
            for (const auto& t : sideUnits(1 - u.side)) {
                if (t.side == u.side || t.status != UnitStatus::OnTable) continue;
                if (separation(u, t) > reach) continue;
                // more than two files apart (which implies no overlap) on the main strip
                if (u.lane == 0 && t.lane == 0 && fileGap(u, t) > 2) continue;
                bool flank = false;
                if (!mayTarget(u.index, t.index, true, flank, reach)) continue;
                const int tctFaces = passFaces(tctTotal(tctInputs(u.index, t.index, flank)));
                // futile_fire = close [X]: a unit whose fire cannot hit T at all (rain on an Unsteady volley at troops
                // in cover, a storm) gains nothing by standing: the firefight condition (b) holds at once; since a
                // failed to-charge test costs nothing (§1.10 TCT: the unit may still act otherwise), any chance of
                // passing it will do for (a) and its odds do not count against the charge in (c); and as in the last
                // two daylight turns, when nothing else will decide the day either, (c) asks only the lower threshold.
                const bool futile = m_params.futileFireCloses && !fireCanScore(u, t);
                if (tctFaces < (futile ? 1 : 3)) continue;  // (a)
                // pursue_withdrawal = horse [X]: foot marching off with its back to the enemy is the rear of foot in
                // the open, which mounted troops win against automatically (§1.15).
                const bool rearToHorse = m_params.pursueWithdrawal && isMounted(u.type) && isFoot(t.type) && t.facingAway && inOpen(t);
                const bool autoTarget = t.morale == Morale::Routing || rearToHorse ||
                                        (isMounted(u.type) && (flank || (t.formation == Formation::Skirmish && inOpen(t)))) ||
                                        (isArtillery(t.type) && !touchingSteadyFriend(t) && t.cover == 0);
                const bool firefight = u.firefightWith == t.index && u.firefightTurns >= m_params.maxFirefight;
                // §2.8 [X] class1_charges = opportunity_only: militia and other Class 1 troops go in only where the
                // chart gives them the day without a fight (routers, lone guns, screens caught in the open).
                if (m_params.militiaOpportunityCharges && u.unitClass == 1 && !autoTarget) continue;
                bool cond = wavering(t) || firefight || late || autoTarget || futile;
                int knownBct = kUnknownTest;
                if (!cond && !standOff(u, t)) {
                    const int bct = t.morale == Morale::Routing ? 6 : bctTotal(bctInputs(t.index, u.index, flank, true));
                    knownBct = bct;
                    cond = std::min(6, std::max(0, bct)) >= 3 || caMarginNow(u.index, t.index, true, flank) >= 3;
                }
                if (!cond) continue;  // (b)
                int bct = 0;
                const int success = chargeSuccess(u.index, t.index, flank, bct, futile ? 6 : tctFaces, knownBct);
                const int threshold = late || futile ? m_params.lateThreshold : m_params.chargeThreshold;
                if (success < threshold) continue;  // (c)
                const int score = success + (autoTarget ? 1000 : 0);
                if (score > bestScore) {
                    bestScore = score;
                    bestT = t.index;
                    bestFlank = flank;
                    bestBct = bct;
                }
            }
            if (bestT != kNone) {
                PendingCharge p;
                p.charger = u.index;
                p.target = bestT;
                p.flank = bestFlank;
                p.bct = bestBct;
                list.push_back(p);
            }
        }
    }
    if (list.empty()) return;
    attachForCharges(side, list);
    refreshCommand();
    for (auto p : list) {
        auto& u = unit(p.charger);
        const int total = tctTotal(tctInputs(p.charger, p.target, p.flank));
        const auto out = rollTest(*m_dice, RollTag::Tct, p.charger, total);
        u.chargeAttempted = true;
        m_actionThisTurn = true;
        if (m_narrative)
            log(unitName(p.charger) + " tries to charge " + unitName(p.target) + (p.flank ? " in the flank" : "") +
                ": to-charge test " + std::to_string(total) +
                (out.roll ? ", rolls " + std::to_string(out.roll) : std::string(", no roll needed")) +
                (out.passed ? " - goes in." : " - refuses."));
        if (!out.passed) continue;
        ++m_events[m_sides[static_cast<std::size_t>(u.side)].id + ".charges"];
        if (u.unitClass == 1) ++m_events[m_sides[static_cast<std::size_t>(u.side)].id + ".class1_charges"];
        if (m_params.pursueWithdrawal && isMounted(u.type) && unit(p.target).facingAway &&
            m_sides[static_cast<std::size_t>(unit(p.target).side)].withdrawing)
            ++m_events[m_sides[static_cast<std::size_t>(u.side)].id + ".pursuit_charges"];
        startCharge(p.charger, p.target, ChargeKind::Declared, p.flank);
    }
}

void Engine::startCharge(int ci, int ti, ChargeKind kind, bool flank) {
    auto& u = unit(ci);
    auto& t = unit(ti);
    u.charging = true;
    u.chargeTarget = ti;
    u.chargeKind = kind;
    u.chargeStartSteady = u.morale == Morale::Ordered;
    if (u.morale == Morale::Ordered) u.morale = Morale::Unsteady;  // ¶443
    u.haltUnsteady = false;
    u.moved = true;
    u.cweTaken = false;
    PendingCharge p;
    p.charger = ci;
    p.target = ti;
    p.kind = kind;
    p.flank = flank;
    const int dist = chargeDistance(u, t, flank);
    const int reach = chargeReach(u, kind);
    const bool mounted = isMounted(u.type);
    // G11: infantry within 50 paces or cavalry within 100 contact at once; the target may not respond.
    const bool immediate = (kind == ChargeKind::Declared || kind == ChargeKind::Opportunity) && (dist <= (mounted ? 100 : 50));
    if (immediate || dist == 0 || kind == ChargeKind::Pursuit || kind == ChargeKind::Opportunity) {
        const int blocker = (dist <= reach || immediate) ? chargePathBlocker(ci, ti, flank) : kNone;
        if (blocker != kNone) {
            if (m_narrative) log(unitName(ci) + "'s charge is stopped by " + unitName(blocker) + " in its way.");
        } else if (dist <= reach || immediate) {
            makeContact(ci, ti, flank);
            p.contacted = true;
            p.immediate = immediate;
        }
        u.chargeReachLeft = 0;
    } else {
        const int move = dist / 2;  // first impulse: half way to the target (¶453–454)
        if (!flank || u.lane != 0) {
            u.front += move;
        } else {
            const int shift = fileGap(u, t) / 2;
            u.x0 += u.x0 < t.x0 ? shift : -shift;
        }
        u.chargeReachLeft = reach - move;
        refreshTerrain(u);
    }
    m_charges.push_back(p);
}

void Engine::respondToCharges(int side, bool mayCounter) {
    for (auto& t : sideUnits(side)) {
        if (t.side != side || t.status != UnitStatus::OnTable) continue;
        int first = -1;
        bool flank = false, contacted = false, anyTarget = false;
        for (std::size_t i = 0; i < m_charges.size(); ++i) {
            const auto& p = m_charges[i];
            if (p.target != t.index || unit(p.charger).side == side) continue;
            if (p.kind != ChargeKind::Declared) continue;
            anyTarget = true;
            if (first < 0) first = static_cast<int>(i);
            flank = flank || p.flank;
            contacted = contacted || p.contacted;
        }
        if (!anyTarget || t.passedBct || t.morale == Morale::Routing) continue;
        const int charger = m_charges[static_cast<std::size_t>(first)].charger;
        // ¶43, ¶47: Class 4–5 in line or skirmish order may turn about to face a rear charge once it has passed.
        const auto out = takeBct(t.index, charger, flank, true);
        if (!out.passed) {
            // §2.12.7, ¶389, ¶489: a unit the charge already reached (G11 immediate contact) cannot run from it; it
            // routs where it stands and suffers the automatic major defeat of routers caught by a charge.
            rout(t.index, true, "fails its being-charged test", contacted);
            continue;
        }
        t.passedBct = true;
        if (flank && t.unitClass >= 4 && (t.formation == Formation::Line || t.formation == Formation::Skirmish)) {
            for (auto& p : m_charges)
                if (p.target == t.index) p.flank = false;
            t.facingAway = false;
            if (m_narrative) log(unitName(t.index) + " turns about to face the charge.");
            flank = false;
        }
        if (contacted) continue;  // contacted: receives the charge in place and may fire (BCT chart)
        if (!m_doctrine) continue;
        // Responses (§2.8): evade, counter-charge, or stand and fire.
        const auto& ch = unit(charger);
        const bool screen = t.formation == Formation::Skirmish;
        const bool mayEvade = (c::typeRow(t.type).mayEvade || screen) && !t.inUrban;
        const bool battery = isArtillery(t.type);
        const bool unsupported = battery && !touchingSteadyFriend(t) && t.cover == 0;
        const int standMargin = -caMarginNow(charger, t.index, true, flank);
        const bool compulsory = (screen && (isFormed(ch) || isMounted(ch.type))) || t.type == UnitType::MountedInfantry;
        if (mayEvade && (compulsory || (battery && unsupported) || (!battery && standMargin <= -3))) {
            evade(t.index, charger);
            continue;
        }
        const bool counterType = isMounted(t.type) || isIrregularType(t.type) || t.unitClass >= 3;
        if (mayCounter && counterType && !battery && !screen && chargeEligible(t.index, false) && !flank) {
            const int counterMargin = -caMarginNow(charger, t.index, true, false) + 2;  // both count as charging
            if (counterMargin >= 1 && standMargin <= 0) {
                if (m_narrative) log(unitName(t.index) + " counter-charges.");
                startCharge(t.index, charger, ChargeKind::Counter, false);
                continue;
            }
        }
    }
}

void Engine::secondImpulses() {
    for (auto& p : m_charges) {
        if (p.contacted) continue;
        auto& u = unit(p.charger);
        if (u.status != UnitStatus::OnTable || u.morale == Morale::Routing || !u.charging) continue;
        auto& t = unit(p.target);
        if (t.status != UnitStatus::OnTable) {
            u.charging = false;
            continue;
        }
        // A counter-charger against this charger: they meet half way (§2.12.3).
        int counter = kNone;
        for (const auto& q : m_charges)
            if (q.kind == ChargeKind::Counter && q.target == p.charger && unit(q.charger).charging) counter = q.charger;
        if (counter != kNone) {
            makeContact(p.charger, counter, false);
            p.contacted = true;
            for (auto& q : m_charges)
                if (q.kind == ChargeKind::Counter && q.charger == counter) q.contacted = true;
            continue;
        }
        if (p.kind == ChargeKind::Counter) continue;
        const int dist = chargeDistance(u, t, p.flank);
        // Feint (§2.12.4): not Class 1, irregulars, or units under an Inept or absent commander.
        const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
        const int g = b.general != kNone ? b.general : b.parentGeneral;
        const bool mayFeint = u.unitClass > 1 && !isIrregularType(u.type) && g != kNone && generalAvailable(general(g)) &&
                              general(g).rating != Rating::Inept;
        if (mayFeint && m_doctrine && t.morale != Morale::Routing) {
            CweInputs cw = cweInputs(p.charger, p.target, p.flank);
            cw.shootingHits += expectedDefensiveHits(p.target, p.charger) / 6;
            if (passFaces(cweTotal(cw)) <= 1) {
                u.charging = false;
                if (m_narrative) log(unitName(p.charger) + " feints and halts short of " + unitName(p.target) + ".");
                continue;
            }
        }
        const int blocker = dist <= u.chargeReachLeft ? chargePathBlocker(p.charger, p.target, p.flank) : kNone;
        if (blocker != kNone) {
            // The target has gone back behind another formed enemy unit: the charge stops where it is.
            u.charging = false;
            if (m_narrative) log(unitName(p.charger) + "'s charge is stopped by " + unitName(blocker) + " in its way.");
        } else if (dist <= u.chargeReachLeft) {
            makeContact(p.charger, p.target, p.flank);
            p.contacted = true;
        } else {
            // The charge falls short: it ends where it stopped, the charger stays Unsteady.
            if (!p.flank && t.morale != Morale::Routing) u.front += std::max(0, std::min(u.chargeReachLeft, separation(u, t) - 1));
            refreshTerrain(u);
            u.charging = false;
            if (m_narrative) log(unitName(p.charger) + "'s charge falls short.");
        }
    }
}

int Engine::chargePathBlocker(int ci, int ti, bool flank) const {
    // A charge does not pass through or behind formed enemy units on its way (movement never interpenetrates the
    // enemy, §1.9): the contact position is the one makeContact() takes; any other formed, non-routing enemy unit
    // in the charger's files there whose body lies between the charger's front and that position stops it.
    const auto& u = unit(ci);
    const auto& t = unit(ti);
    if (u.lane != 0 || t.lane != 0) return kNone;
    Unit dest = u;
    if (flank) {
        if (u.x0 + u.w <= t.x0) dest.x0 = std::max(0, t.x0 - u.w);
        else dest.x0 = std::min(m_width - u.w, t.x0 + t.w);
    } else if (overlapFiles(u, t) == 0) {
        if (u.x0 + u.w <= t.x0) dest.x0 = t.x0 - u.w + 1;
        else dest.x0 = t.x0 + t.w - 1;
        dest.x0 = std::max(0, std::min(dest.x0, m_width - u.w));
    }
    dest.front = m_depth - t.front;
    const int yFrom = absFront(u), yTo = absFront(dest);
    const int lo = std::min(yFrom, yTo), hi = std::max(yFrom, yTo);
    if (lo == hi) return kNone;
    for (const auto& e : sideUnits(1 - u.side)) {
        if (e.side == u.side || e.index == ti || e.status != UnitStatus::OnTable || e.lane != 0) continue;
        if (e.morale == Morale::Routing || !isFormed(e)) continue;
        if (overlapFiles(dest, e) == 0) continue;
        const int yE = absFront(e);
        const int b0 = e.side == kSideA ? yE - e.depth : yE;
        const int b1 = e.side == kSideA ? yE : yE + e.depth;
        if (b1 > lo && b0 < hi) return e.index;
    }
    return kNone;
}

void Engine::makeContact(int a, int b, bool flank, bool breakThrough) {
    auto& u = unit(a);
    auto& t = unit(b);
    for (const auto& cp : m_contacts)
        if ((cp.a == a && cp.b == b) || (cp.a == b && cp.b == a)) return;
    if (u.lane != 0 || t.lane != 0) {
        // in a flank lane: at the far end against the line's end unit, or front to front with a refuser
        if (u.lane == t.lane) u.front = depthFor(u.lane) - t.front;
        else if (u.lane != 0) u.front = depthFor(u.lane);
    } else if (flank) {
        // beside the target's flank, level with its front
        if (u.x0 + u.w <= t.x0) u.x0 = std::max(0, t.x0 - u.w);
        else u.x0 = std::min(m_width - u.w, t.x0 + t.w);
        u.front = m_depth - t.front;
    } else {
        u.front = m_depth - t.front;
        if (overlapFiles(u, t) == 0) {
            if (u.x0 + u.w <= t.x0) u.x0 = t.x0 - u.w + 1;
            else u.x0 = t.x0 + t.w - 1;
            u.x0 = std::max(0, std::min(u.x0, m_width - u.w));
        }
    }
    refreshTerrain(u);
    addContact({a, b, flank, breakThrough});
    m_actionThisTurn = true;
    if (flank) ++m_events[m_sides[static_cast<std::size_t>(u.side)].id + ".flank_attacks"];
    if (m_narrative) log(unitName(a) + " closes with " + unitName(b) + (flank ? " in the flank" : "") + ".");
}

void Engine::placeContact(int a, int b, bool flank) {
    makeContact(a, b, flank, false);
    updatePosts();
}

void Engine::addContact(const ContactPair& p) {
    m_contacts.push_back(p);
    countContact(p, 1);
}

void Engine::countContact(const ContactPair& p, int delta) {
    if (p.a >= 0) m_contactCount[static_cast<std::size_t>(p.a)] += delta;
    if (p.b >= 0 && p.b != p.a) m_contactCount[static_cast<std::size_t>(p.b)] += delta;
}

void Engine::breakContactsOf(int ui) {
    for (const auto& p : m_contacts)
        if (p.a == ui || p.b == ui) countContact(p, -1);
    m_contacts.erase(std::remove_if(m_contacts.begin(), m_contacts.end(),
                                    [&](const ContactPair& p) { return p.a == ui || p.b == ui; }),
                     m_contacts.end());
}

std::vector<int> Engine::contactsOf(int ui) const {
    std::vector<int> out;
    for (const auto& p : m_contacts) {
        if (p.a == ui) out.push_back(p.b);
        if (p.b == ui) out.push_back(p.a);
    }
    return out;
}

TestOutcome Engine::takeBct(int ti, int ci, bool flank, bool declared) {
    const int total = bctTotal(bctInputs(ti, ci, flank, declared));
    const auto out = rollTest(*m_dice, RollTag::Bct, ti, total);
    if (m_narrative)
        log(unitName(ti) + " is charged: being-charged test " + std::to_string(total) +
            (out.roll ? ", rolls " + std::to_string(out.roll) : std::string(", no roll needed")) +
            (out.passed ? " - stands." : " - breaks."));
    return out;
}

void Engine::evade(int ui, int from) {
    auto& u = unit(ui);
    u.evaded = true;
    u.moved = true;
    if (isArtillery(u.type)) {
        // Foot artillery crews leave their guns where they stand (¶137, ¶161); horse artillery takes them unless
        // compressed (¶159).
        if (u.type == UnitType::FootArtillery || u.formation == Formation::Compressed) abandonGuns(u);
        if (m_narrative) log(unitName(ui) + "'s crews run from " + unitName(from) + ", leaving the guns.");
    } else {
        if (m_narrative) log(unitName(ui) + " evades " + unitName(from) + ".");
    }
    const int half = std::max(moveAllowance(u, false), 100) / 2;
    moveUnitBack(ui, half, false);
    if (u.formation == Formation::Skirmish && u.role == Role::Screen) {
        // Skirmishers fall back onto their command stand and re-form behind their brigade (§2.12.5 [A]).
        u.role = Role::SecondLine;
    }
}

void Engine::rout(int ui, bool halfMoveNow, const char* why, bool caught) {
    auto& u = unit(ui);
    if (u.status != UnitStatus::OnTable || u.morale == Morale::Routing) return;
    u.morale = Morale::Routing;
    u.everRouted = true;
    u.routTurn = m_turn;
    u.brokenTurn = m_turn;
    u.ladder = Ladder::None;
    u.charging = false;
    u.pursuing = false;
    u.rallyFlag = false;
    if (u.unitClass == 1) u.permShaken = true;  // a Class 1 unit that routs stays Shaken (§1.3)
    if (!caught) breakContactsOf(ui);
    for (auto& g : m_generals)
        if (g.attachedTo == ui) g.attachedTo = kNone;
    u.attachedAdcOf = kNone;
    if (isArtillery(u.type) && (u.type == UnitType::FootArtillery || u.formation == Formation::Compressed)) abandonGuns(u);
    if (hasBattalionGuns(u)) abandonGuns(u);  // §2.18 (§4.15): a routing battalion leaves its guns where it stood
    ++m_events[m_sides[static_cast<std::size_t>(u.side)].id + ".routs"];
    m_actionThisTurn = true;
    if (m_narrative) log(unitName(ui) + " routs (" + why + ")" + (caught ? ", caught where it stands" : "") + ".");
    if (caught) {
        u.routMoveFrom = m_turn + 1;  // frozen while the contact lasts (routMoves skips units in contact)
    } else if (halfMoveNow) {
        moveUnitBack(ui, routRate(u) / 2, true);
        u.routMoveFrom = m_turn;
    } else {
        u.routMoveFrom = m_turn + 1;
    }
}

// The failure ladder (§2.11, PC: CWE/SCT): none → HALT → RETREAT → ROUT, one step per failed test; a step not
// renewed in the next turn lapses.
void Engine::ladderFailure(int ui, int enemyUnit) {
    auto& u = unit(ui);
    (void)enemyUnit;
    if (u.status != UnitStatus::OnTable || u.morale == Morale::Routing) return;
    if (u.ladder == Ladder::Retreat && u.ladderTurn == m_turn - 1) {
        rout(ui, false, "breaks after retreating");
        return;
    }
    if (u.ladder == Ladder::Halt && u.ladderTurn == m_turn - 1) {
        u.ladder = Ladder::Retreat;
        u.ladderTurn = m_turn;
        u.morale = Morale::Shaken;
        const int back = moveAllowance(u, false) / 2;  // half its move, facing the enemy
        moveUnitBack(ui, back, false);
        if (m_narrative) log(unitName(ui) + " falls back " + std::to_string(back) + " paces, Shaken.");
        return;
    }
    if (u.ladder != Ladder::None && u.ladderTurn == m_turn) return;  // one step per turn
    u.ladder = Ladder::Halt;
    u.ladderTurn = m_turn;
    if (u.morale == Morale::Ordered) {
        u.morale = Morale::Unsteady;
        u.haltUnsteady = true;  // "halted and Unsteady for one turn": it lapses with the step (endOfTurn)
    }
    if (m_narrative) log(unitName(ui) + " halts, Unsteady.");
}

void Engine::takeCwe(int ui) {
    auto& u = unit(ui);
    if (u.cweTaken || u.status != UnitStatus::OnTable || u.morale == Morale::Routing) return;
    u.cweTaken = true;
    int target = u.chargeTarget;
    bool flank = false;
    for (const auto& p : m_contacts)
        if (p.a == ui) {
            target = p.b;
            flank = p.flank;
        }
    if (target == kNone) return;
    const int total = cweTotal(cweInputs(ui, target, flank));
    const auto out = rollTest(*m_dice, RollTag::Cwe, ui, total);
    if (m_narrative)
        log(unitName(ui) + " closes on " + unitName(target) + ": closing test " + std::to_string(total) +
            (out.roll ? ", rolls " + std::to_string(out.roll) : std::string(", no roll needed")) +
            (out.passed ? " - goes home." : " - wavers."));
    if (out.passed) return;
    // Wavers: halts Unsteady 120 paces from the target, facing it; a step on the ladder.
    breakContactsOf(ui);
    u.charging = false;
    const auto& t = unit(target);
    if (u.lane != 0) u.front = std::max(0, depthFor(u.lane) - (t.lane == u.lane ? t.front : 0) - c::kWaverDistance);
    else if (u.lane == t.lane && !flank) u.front = std::max(0, m_depth - t.front - c::kWaverDistance);
    else moveUnitBack(ui, c::kWaverDistance, false);
    refreshTerrain(u);
    ladderFailure(ui, target);
    if (u.morale == Morale::Ordered) u.morale = Morale::Unsteady;
    if (!m_firstAssaultFailed) {
        m_firstAssaultFailed = true;
        m_assaultFailedTurn = m_turn;
    }
}

// §2.16 rallying from rout: a general of the chain within 200 paces on the router's path, not pursued or charged.
void Engine::rallyFlags() {
    for (auto& u : m_units) {
        u.rallyFlag = false;
        if (u.status != UnitStatus::OnTable || u.morale != Morale::Routing) continue;
        bool pursued = false;
        for (const auto& e : sideUnits(1 - u.side))
            if (e.side != u.side && e.status == UnitStatus::OnTable && e.pursuing && e.pursuitTarget == u.index) pursued = true;
        if (pursued || inContact(u.index)) continue;
        const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
        std::vector<int> chain;
        if (b.general != kNone) chain.push_back(b.general);
        for (int g = b.general != kNone ? general(b.general).parent : b.parentGeneral; g != kNone; g = general(g).parent)
            if (!general(g).army) chain.push_back(g);
        for (int gi : chain) {
            auto& g = m_generals[static_cast<std::size_t>(gi)];
            if (!generalAvailable(g) || g.rallies >= c::kRalliesPerGeneral || g.attachedTo != kNone) continue;
            const int dist = std::max(c::kStandWidth * std::abs(g.x - (u.x0 + u.w / 2)), std::abs(g.front - u.front));
            const bool onPath = g.x >= u.x0 - 3 && g.x < u.x0 + u.w + 3 && g.front <= u.front + 20;
            if (dist <= c::kRallyRadius && onPath) {
                u.rallyFlag = true;
                u.ralliedBy = gi;
                ++g.rallies;
                break;
            }
        }
    }
}

void Engine::completeRallies() {
    for (auto& u : m_units) {
        if (u.status != UnitStatus::OnTable) continue;
        if (u.morale == Morale::Routing) {
            if (!u.rallyFlag) continue;
            u.morale = u.permShaken ? Morale::Shaken : (u.unitClass == 1 ? Morale::Unsteady : Morale::Ordered);
            u.facingAway = false;
            u.rallyFlag = false;
            u.routMoveFrom = -100;
            if (u.role == Role::FirstLine) u.role = Role::SecondLine;
            if (isFoot(u.type) && u.formation != Formation::Line) setFormation(u, Formation::Line);
            if (m_narrative) log(unitName(u.index) + " is rallied by " + general(u.ralliedBy).name + ".");
            continue;
        }
        if (u.moved || u.charging || inContact(u.index) || u.inWood || u.difficult) continue;
        const bool mayRecover = (u.morale == Morale::Unsteady && u.unitClass > 1) ||
                                (u.morale == Morale::Shaken && !u.permShaken && u.ladder == Ladder::None);
        if (!mayRecover) continue;  // nothing to rally from: spare the search below
        const int enemy = nearestEnemyDistance(u, true, false);
        // ¶452, ¶494: a unit that gives up its move rallies from Unsteadiness at the end of the phase; the spec's
        // "not threatened within 200 paces" is kept only as "no formed enemy within charge range of it" [X, see
        // docs/rules-mapping-battle.md].
        if (u.morale == Morale::Unsteady && u.unitClass > 1 && enemy > m_params.rallyClearance) {
            u.morale = Morale::Ordered;
            u.facingAway = false;
        } else if (u.morale == Morale::Shaken && !u.permShaken && enemy > 200 && u.ladder == Ladder::None) {
            const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
            bool general = false;
            for (int g = b.general != kNone ? b.general : b.parentGeneral; g != kNone; g = this->general(g).parent) {
                const auto& gg = this->general(g);
                if (generalAvailable(gg) &&
                    std::max(c::kStandWidth * std::abs(gg.x - (u.x0 + u.w / 2)), std::abs(gg.front - u.front)) <= 200)
                    general = true;
            }
            if (general) {
                u.morale = Morale::Ordered;
                u.facingAway = false;
                if (m_narrative) log(unitName(u.index) + " recovers its order.");
            }
        }
    }
}

void Engine::breakThroughBcts() {
    // ¶529: a fresh unit reached by a victor's advance tests in the next Morale Phase; the victor then counts as
    // charging and takes a CWE in the movement phase.
    for (auto p : m_contacts) {
        if (!p.breakThrough) continue;
        auto& t = unit(p.b);
        auto& v = unit(p.a);
        if (t.status != UnitStatus::OnTable || v.status != UnitStatus::OnTable) continue;
        v.charging = true;
        v.chargeKind = ChargeKind::BreakThrough;
        v.chargeTarget = p.b;
        v.cweTaken = false;
        for (auto& q : m_contacts)
            if (q.a == p.a && q.b == p.b) q.breakThrough = false;
        if (t.morale == Morale::Routing) continue;
        const auto out = takeBct(p.b, p.a, p.flank, true);
        if (!out.passed) rout(p.b, true, "breaks before the victors");
        else t.passedBct = true;
    }
}

}  // namespace etatmajor::battle
