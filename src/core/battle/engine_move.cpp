// SPDX-License-Identifier: GPL-3.0-or-later
// Engine: Grand Tactical Movement (tactical-resolver.md §2.10 II), the Tactical Movement Phase (§2.10 V): rout
// and pursuit (§2.16), opportunity charges, the doctrine's moves (§2.8), CWEs, rallies; arrivals (§2.6.2).
#include "etatmajor/battle/engine.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace etatmajor::battle {

namespace c = charts;

// ---------------------------------------------------------------------------------------------------------
// Arrivals and returns (§2.6.2, ¶482, ¶487, ¶500)

void Engine::arrive(int ui, bool announce) {
    auto& u = unit(ui);
    u.status = UnitStatus::OnTable;
    u.role = Role::Reserve;
    u.lane = 0;
    u.w = std::max(1, stands(u));
    setFormation(u, isArtillery(u.type) ? Formation::Limbered : Formation::OpenColumn);
    // Columns enter with their heads on the own rear edge; a flank arrival keeps to its flank (§2.6.5 [A]).
    int lo = m_width, hi = 0;
    for (const auto& x : sideUnits(u.side))
        if (x.side == u.side && x.status == UnitStatus::OnTable && x.index != ui && x.role == Role::FirstLine) {
            lo = std::min(lo, x.x0);
            hi = std::max(hi, x.x0 + x.w);
        }
    if (hi <= lo) {
        lo = m_width / 3;
        hi = 2 * m_width / 3;
    }
    int file = (lo + hi) / 2;
    // A late arrival given a sector of its own rear edge comes on in the middle of that third, left and right as its
    // side faces the enemy (files are counted from side A's left).
    if (u.entry == Edge::OwnRear && u.sector != Sector::Line) {
        const int third = u.sector == Sector::Left ? 0 : u.sector == Sector::Centre ? 1 : 2;
        const int mine = (2 * third + 1) * m_width / 6;
        file = u.side == kSideA ? mine : m_width - 1 - mine;
    }
    if (u.entry == Edge::Left) file = u.side == kSideA ? 0 : m_width - 1;
    if (u.entry == Edge::Right) file = u.side == kSideA ? m_width - 1 : 0;
    // spread the brigade's columns two files apart
    int k = 0;
    for (const auto& x : sideUnits(u.side))
        if (x.index != ui && x.side == u.side && x.status == UnitStatus::OnTable && x.arrivalTurn == u.arrivalTurn &&
            x.role == Role::Reserve && x.front <= x.depth + 40)
            ++k;
    const int step = u.entry == Edge::OwnRear ? ((k % 2 == 0 ? 1 : -1) * ((k + 1) / 2) * 2) : (u.entry == Edge::Left ? 2 * k : -2 * k);
    u.x0 = std::max(0, std::min(m_width - 1, file + (u.side == kSideA || u.entry == Edge::OwnRear ? step : -step)));
    u.front = std::min(m_depth / 2, u.depth);
    if (u.entry != Edge::OwnRear) {
        // A flank march enters a flank lane (§2.6.5): beyond file 0 (lane 1) or beyond the last file (lane 2),
        // as long as the files between that edge and the enemy's outermost unit.
        const bool low = (u.entry == Edge::Left) == (u.side == kSideA);
        const int lane = low ? 1 : 2;
        auto& length = m_laneLength[static_cast<std::size_t>(lane)];
        m_laneOwner[static_cast<std::size_t>(lane)] = u.side;
        if (length == 0) {
            int enemyLo = m_width, enemyHi = 0;
            for (const auto& e : sideUnits(1 - u.side))
                if (e.side != u.side && e.status == UnitStatus::OnTable && e.lane == 0) {
                    enemyLo = std::min(enemyLo, e.x0);
                    enemyHi = std::max(enemyHi, e.x0 + e.w);
                }
            const int files = low ? enemyLo : m_width - enemyHi;
            length = std::max(c::kStandWidth, c::kStandWidth * std::max(1, files));
            length = std::max(length, 240);  // room to deploy from column [X]
        }
        u.lane = lane;
        u.x0 = low ? 0 : m_width - 1;
        u.w = 1;
        // the columns queue one behind another from the table edge
        int head = length / 3;
        for (const auto& x : sideUnits(u.side))
            if (x.index != ui && x.side == u.side && x.lane == lane && x.status == UnitStatus::OnTable)
                head = std::min(head, x.front - x.depth - 10);
        u.front = std::max(u.depth / 4, std::min(u.depth, head));
        refreshLanes();
    }
    auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
    b.committed = true;
    refreshTerrain(u);
    for (auto& g : m_generals)
        if (!g.onTable && !g.gone && (g.brigade == u.brigade || g.arrivalTurn <= m_turn) && g.side == u.side) {
            bool mine = g.brigade == u.brigade;
            for (int x = b.general != kNone ? b.general : b.parentGeneral; !mine && x != kNone; x = general(x).parent)
                mine = x == g.index;
            if (mine) g.onTable = true;
        }
    if (announce) log(unitName(ui) + " arrives" + (u.entry == Edge::OwnRear ? "" : " on the flank") + ".");
    ++m_events[m_sides[static_cast<std::size_t>(u.side)].id + ".arrivals"];
}

void Engine::arrivals() {
    for (auto& u : m_units) {
        if (u.status != UnitStatus::Arriving) continue;
        bool due = false;
        if (u.trigger == ArrivalTrigger::FirstAssaultFails) due = m_firstAssaultFailed && m_turn > m_assaultFailedTurn && m_turn > 1;
        else due = u.arrivalTurn <= m_turn && !(u.entry != Edge::OwnRear && m_turn == 1);
        if (due) arrive(u.index, true);
    }
}

void Engine::returnsFromOffTable() {
    for (auto& u : m_units) {
        if (u.status != UnitStatus::OffReturning || u.returnTurn > m_turn) continue;
        if (m_sides[static_cast<std::size_t>(u.side)].withdrawing) continue;  // they make for the supply point instead
        u.status = UnitStatus::OnTable;
        u.morale = u.permShaken ? Morale::Shaken : (u.unitClass == 1 ? Morale::Unsteady : Morale::Ordered);
        u.facingAway = false;
        u.pursuing = false;
        u.role = Role::Reserve;
        u.entry = Edge::OwnRear;
        u.lane = 0;
        u.w = std::max(1, stands(u));
        setFormation(u, isArtillery(u.type) ? Formation::Limbered : Formation::OpenColumn);
        u.x0 = std::max(0, std::min(m_width - 1, m_width / 2));
        u.front = u.depth;
        refreshTerrain(u);
        ++m_events[m_sides[static_cast<std::size_t>(u.side)].id + (u.unitClass == 1 ? ".class1_returns" : ".returns")];
        if (m_narrative) log(unitName(u.index) + " returns to the field.");
    }
}

// ---------------------------------------------------------------------------------------------------------
// Grand Tactical Movement (§12, §2.10 II)

void Engine::grandTacticalPhase() {
    m_dice->setContext(m_turn, c::Phase::GrandTactical);
    returnsFromOffTable();
    arrivals();
    refreshVisibility();
    if (!m_doctrine) return;
    // Staff, cavalry and irregulars of both sides first (initiative side first), then infantry and guns.
    for (int pass = 0; pass < 2; ++pass)
        for (int k = 0; k < 2; ++k) {
            const int side = k == 0 ? m_initiative : 1 - m_initiative;
            for (auto& u : sideUnits(side)) {
                if (u.side != side || u.status != UnitStatus::OnTable) continue;
                const bool fast = isMounted(u.type) || isIrregularType(u.type);
                if ((pass == 0) != fast) continue;
                grandTacticalMove(u.index);
            }
        }
    // The generals' posts are not placed here: nothing reads them before the Morale Phase, which places them first
    // thing from these same positions (performance.md P4).
}

void Engine::grandTacticalMove(int ui) {
    auto& u = unit(ui);
    if (u.formation != Formation::OpenColumn && u.formation != Formation::ClosedColumn && u.formation != Formation::Limbered) return;
    if (u.morale == Morale::Routing || inContact(ui) || u.lane != 0) return;
    const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
    const bool withdrawing = b.posture == Posture::Withdraw || m_sides[static_cast<std::size_t>(u.side)].withdrawing;
    // Units that would not move whatever the distance to the enemy stop here, before it is measured (the same tests
    // as below, in another order).
    if (!withdrawing) {
        if (b.posture != Posture::Assault && u.role != Role::Reserve && u.role != Role::SecondLine) return;
        if (b.spent) return;
        if (u.role == Role::Reserve && !b.committed) return;  // an uncommitted reserve moves 0
    }
    // Not within 650 paces of a visible, formed enemy (¶353–355).
    const int near = nearestEnemyDistance(u, true, true);
    int rate = 0;
    if (u.formation == Formation::Limbered) rate = c::moveRates(c::MoveRow::LimberedMediumOrHeavier).grandTactical;
    else if (isMounted(u.type))
        rate = c::moveRates(u.type == UnitType::IrregularCavalry ? c::MoveRow::IrregularCavalry
                                                                 : c::MoveRow::LightCavalryOrMountedInfantry)
                   .grandTactical;
    else rate = c::moveRates(u.formation == Formation::ClosedColumn ? c::MoveRow::ClosedColumn : c::MoveRow::OpenColumn).grandTactical;
    rate = rate * (100 - terrainPercent(u)) / 100;
    if (withdrawing) {
        if (near <= 650 && !u.rearguard) return;
        if (u.rearguard && m_turn < m_sides[static_cast<std::size_t>(u.side)].rearguardUntil) return;
        moveUnitBack(ui, rate, false);
        return;
    }
    if (near <= 650) return;
    if (b.posture != Posture::Assault && u.role != Role::Reserve && u.role != Role::SecondLine) return;
    if (b.spent) return;
    // Move toward the enemy, stopping on coming within 650 paces of a visible formed enemy (¶354).
    int move = std::min(rate, near - 650);
    if (m_params.assaultSeeksUnseen && b.posture == Posture::Assault) {
        // assault_unseen = nearest_enemy [X]: enemies hidden from it (in woods, or unformed there, ¶26) do not halt
        // grand tactical movement, but an attacker that knows the enemy is in the hex (etat-major.md §8.5) does not
        // march on past the depth where the enemy stands: it stops 100 paces short of the nearest enemy's front and
        // finds it by tactical movement (assaultMove).
        int nearestDepth = 1 << 30;
        for (const auto& t : sideUnits(1 - u.side))
            if (t.side != u.side && t.status == UnitStatus::OnTable && t.lane == 0 && t.morale != Morale::Routing)
                nearestDepth = std::min(nearestDepth, separation(u, t));
        if (nearestDepth < (1 << 30)) move = std::min(move, std::max(0, nearestDepth - 100));
    }
    if (u.role == Role::SecondLine || u.role == Role::Reserve) {
        // Supports and reserves close up behind their line rather than overtaking it.
        const int lineFront = mostAdvancedFront(u.side);
        move = std::min(move, std::max(0, lineFront - m_params.supportGap - u.front));
        if (u.role == Role::Reserve && !b.committed) move = 0;
    }
    if (move > 0) moveUnitForward(ui, move);
}

// ---------------------------------------------------------------------------------------------------------
// Tactical Movement Phase (§2.10 V)

void Engine::movementPhase() {
    m_dice->setContext(m_turn, c::Phase::Movement);
    refreshVisibility();
    updatePosts();
    refreshCommand();
    const int first = m_initiative, second = 1 - m_initiative;
    routMoves(first);
    routMoves(second);
    pursuitMoves(first);
    pursuitMoves(second);
    if (m_doctrine) {
        commitReserves(first);
        commitReserves(second);
    }
    opportunityCharges(first);
    if (m_doctrine) doctrineMoves(first);
    opportunityCharges(second);
    if (m_doctrine) doctrineMoves(second);
    staffMoves();
    // CWE for every unit in charge contact (§2.10 V.6).
    for (auto& u : m_units)
        if (u.charging && inContact(u.index) && !u.cweTaken && u.status == UnitStatus::OnTable) takeCwe(u.index);
    // Two units charging each other: if one passes and one fails, the passer makes contact (¶388).
    for (auto& u : m_units) {
        if (!u.charging || u.chargeTarget == kNone || inContact(u.index) || !u.cweTaken) continue;
        auto& t = unit(u.chargeTarget);
        if (t.chargeTarget == u.index && t.ladder == Ladder::Halt && t.ladderTurn == m_turn && t.status == UnitStatus::OnTable &&
            t.morale != Morale::Routing)
            makeContact(u.index, t.index, false);
    }
    completeRallies();
    // Crews re-concentrate on as many guns as possible (§2.18).
    for (auto& u : m_units) {
        if (!isArtillery(u.type) || u.status != UnitStatus::OnTable) continue;
        int crew = 0, guns = 0;
        for (auto& g : u.guns)
            if (!g.destroyed && !g.abandoned) {
                crew += g.crew;
                ++guns;
            }
        if (guns == 0) continue;
        for (auto& g : u.guns)
            if (!g.destroyed && !g.abandoned) g.crew = 0;
        const int manned = std::min(guns, crew / 2);
        int rest = crew - 2 * manned, k = 0;
        for (auto& g : u.guns) {
            if (g.destroyed || g.abandoned) continue;
            if (k < manned) {
                g.crew = 2;
                if (rest > 0) {
                    ++g.crew;
                    --rest;
                }
            }
            ++k;
        }
        if (manned == 0 && crew > 0)
            for (auto& g : u.guns)
                if (!g.destroyed && !g.abandoned) {
                    g.crew = crew;
                    break;
                }
    }
    updatePosts();
}

void Engine::staffMoves() { updatePosts(); }

void Engine::setFront(int ui, int front) {
    unit(ui).front = front;
    refreshTerrain(unit(ui));
    updatePosts();
}

void Engine::setFiles(int ui, int x0, int w) {
    unit(ui).x0 = x0;
    unit(ui).w = w;
    refreshTerrain(unit(ui));
    updatePosts();
}

void Engine::markSpent(int bi) { brigade(bi).spent = true; }

// Moves a unit toward the enemy, never ending within one stand-width of an enemy it is not charging (¶424), never
// through friends ahead in its files (other than a skirmish screen), and never across an unfordable river.
void Engine::moveUnitForward(int ui, int paces) {
    auto& u = unit(ui);
    if (paces <= 0) return;
    if (u.lane != 0) {
        int limit = std::min(u.front + paces, depthFor(u.lane) - 1);
        for (const auto& e : m_units) {
            if (e.status != UnitStatus::OnTable || e.index == ui) continue;
            if (e.side != u.side && engaged(u, e) && separation(u, e) >= 0)
                limit = std::min(limit, u.front + separation(u, e) - (c::kMinDistanceToEnemy + 1));
            // no passing a friend ahead in the lane
            if (e.side == u.side && e.lane == u.lane && e.front > u.front) limit = std::min(limit, e.front - e.depth - 10);
        }
        if (limit > u.front) {
            u.front = limit;
            u.moved = true;
        }
        return;
    }
    int limit = u.front + paces;
    // One pass over the enemy (no nearer than the minimum distance to an enemy in or touching its files; the
    // enemy's most advanced line for the river test below), one over friends (no passing through a friend ahead).
    int enemyFront = -1;
    for (const auto& e : sideUnits(1 - u.side)) {
        if (e.status != UnitStatus::OnTable || e.lane != 0) continue;
        enemyFront = std::max(enemyFront, e.front);
        if (fileGap(u, e) == 0 && separation(u, e) >= 0)  // in its files or touching them (both on the main strip)
            limit = std::min(limit, m_depth - e.front - (c::kMinDistanceToEnemy + 1));
    }
    for (const auto& e : sideUnits(u.side)) {
        if (e.index == ui || e.status != UnitStatus::OnTable || e.lane != 0) continue;
        if (overlapFiles(u, e) > 0 && e.front > u.front && e.formation != Formation::Skirmish)
            limit = std::min(limit, e.front - e.depth - 10);
    }
    limit = std::min(limit, m_depth - 1);
    // An unfordable river ahead in the unit's files, with no ford or bridge in them: the unit cannot reach the
    // enemy, so it does not walk into the reach of his guns either [X] (rules-mapping-battle.md, strip). Gun
    // batteries are exempt: they go forward to fire across.
    if (!isArtillery(u.type)) {
        // the river counts when it lies between the unit and the enemy's most advanced line
        if (enemyFront >= 0 && m_depth - enemyFront > u.front && pathBlockedByRiver(u, m_depth - enemyFront))
            limit = std::min(limit, std::max(u.front, gunSafeFront(u)));
    }
    if (limit <= u.front) return;
    if (pathBlockedByRiver(u, limit)) {
        // stop on the near bank
        for (const auto& f : m_features)
            if (f.kind == FeatureKind::River) {
                const int bank = u.side == kSideA ? f.y0 - 1 : m_depth - f.y1 - 1;
                if (bank > u.front) limit = std::min(limit, bank);
            }
        if (limit <= u.front) return;
    }
    // Marshes and swamps are closed to mounted troops and guns except on a road or causeway (¶255).
    if (isMounted(u.type) || isArtillery(u.type)) {
        Unit probe = u;
        for (int f = u.front + 20; f <= limit; f += 20) {
            probe.front = f;
            refreshTerrain(probe);
            if (probe.inMarsh) {
                limit = f - 20;
                break;
            }
        }
        if (limit <= u.front) return;
    }
    const bool wasInCover = u.inWood || u.difficult || u.behindWorks;
    u.front = limit;
    u.moved = true;
    refreshTerrain(u);
    if (u.hidden) revealIfSeen(u);
    // Entering woods, difficult ground or crossing works leaves a unit Unsteady (¶287, ¶378).
    if ((u.inWood || u.difficult || (u.behindWorks && !wasInCover)) && u.morale == Morale::Ordered) u.morale = Morale::Unsteady;
    if (u.inWood || u.difficult || (u.behindWorks && !wasInCover)) u.haltUnsteady = false;
    lootCheck(ui);
}

void Engine::moveUnitBack(int ui, int paces, bool isRout) {
    auto& u = unit(ui);
    if (paces <= 0) return;
    const int newFront = u.front - paces;
    if (isRout) {
        // Routers burst through friends in their way (not columns, compressed batteries or staff), leaving them
        // Shaken (¶483).
        for (auto& x : sideUnits(u.side)) {
            if (x.index == ui || x.side != u.side || x.status != UnitStatus::OnTable || x.lane != u.lane) continue;
            if (overlapFiles(u, x) == 0 || x.morale == Morale::Routing) continue;
            if (x.front >= u.front || x.front < newFront) continue;
            if (x.formation == Formation::OpenColumn || x.formation == Formation::ClosedColumn ||
                x.formation == Formation::Compressed || x.formation == Formation::Limbered)
                continue;
            if (x.morale != Morale::Shaken) {
                x.morale = Morale::Shaken;
                ++m_events[m_sides[static_cast<std::size_t>(x.side)].id + ".burst_through"];
                if (m_narrative) log(unitName(ui) + " bursts through " + unitName(x.index) + ", leaving it Shaken.");
            }
        }
        // Formed enemy across the way out: slip aside if possible, else surrender (¶484, ¶555).
        for (const auto& e : sideUnits(1 - u.side)) {
            if (e.side == u.side || e.status != UnitStatus::OnTable || e.lane != u.lane) continue;
            if (!isFormed(e) || overlapFiles(u, e) == 0) continue;
            const int sepNow = separation(u, e);
            if (sepNow < -u.depth - 10) {
                const int maxShift = std::max(1, paces / c::kStandWidth);
                bool freed = false;
                for (int d = 1; d <= maxShift && !freed; ++d)
                    for (int sgn : {-1, 1}) {
                        const int nx = u.x0 + sgn * d;
                        if (nx < 0 || nx + u.w > m_width) continue;
                        Unit moved = u;
                        moved.x0 = nx;
                        if (overlapFiles(moved, e) == 0) {
                            u.x0 = nx;
                            freed = true;
                            break;
                        }
                    }
                if (!freed) {
                    if (m_narrative) log(unitName(ui) + " finds its way out blocked.");
                    surrenderUnit(ui, e.side, e.index);
                    return;
                }
            }
        }
    }
    if (u.lane == 0 && pathBlockedByRiver(u, newFront)) {
        if (isRout || u.morale == Morale::Routing) {
            if (m_narrative) log(unitName(ui) + " is driven into the river.");
            surrenderUnit(ui, 1 - u.side, kNone);  // ¶246
            return;
        }
        return;
    }
    u.front = newFront;
    u.moved = true;
    if (u.front - u.depth < 0 || u.front <= 0) {
        // Off the own rear edge.
        const bool withdrawing = !isRout && u.morale != Morale::Routing &&
                                 (m_sides[static_cast<std::size_t>(u.side)].withdrawing ||
                                  m_brigades[static_cast<std::size_t>(u.brigade)].posture == Posture::Withdraw ||
                                  (m_params.spentGunsWithdraw && isArtillery(u.type) && u.ammo == 0 &&
                                   u.formation == Formation::Limbered));
        breakContactsOf(ui);
        if (withdrawing) {
            u.status = UnitStatus::Withdrawn;
            if (m_narrative) log(unitName(ui) + " leaves the field in good order.");
        } else if (u.pursuedOff) {
            u.status = UnitStatus::Scattered;
            u.scattered += u.figures;
            u.figures = 0;
            if (m_narrative) log(unitName(ui) + " is chased off the field and scattered.");
        } else if (m_params.routerReturnRegularsOnly && (isRout || u.morale == Morale::Routing) && u.unitClass == 1) {
            // §2.16 [X] router_return = regulars_only: militia who run off the field go home for the day. They are
            // off the table at the end (half value, §2.21) and rejoin their ME in the campaign, but not this battle.
            u.status = UnitStatus::OffReturning;
            u.returnTurn = std::numeric_limits<int>::max();
            if (m_narrative) log(unitName(ui) + " runs from the field and does not come back today.");
        } else {
            u.status = UnitStatus::OffReturning;
            u.returnTurn = m_turn + 3;  // back in the third GTM phase after leaving
            log(unitName(ui) + " leaves the field.");
        }
        u.front = 0;
        return;
    }
    refreshTerrain(u);
}

void Engine::routMoves(int side) {
    for (auto& u : sideUnits(side)) {
        if (u.side != side || u.status != UnitStatus::OnTable || u.morale != Morale::Routing) continue;
        if (u.rallyFlag || inContact(u.index) || u.routMoveFrom > m_turn) continue;
        // A unit that broke on its BCT this turn made half a rout move at once; this is its full move (§1.10).
        moveUnitBack(u.index, routRate(u), true);
    }
}

void Engine::pursuitMoves(int side) {
    for (auto& u : sideUnits(side)) {
        if (u.side != side || u.status != UnitStatus::OnTable || !u.pursuing) continue;
        if (inContact(u.index) || u.morale == Morale::Routing) {
            u.pursuing = false;
            continue;
        }
        const int ti = u.pursuitTarget;
        if (ti == kNone || unit(ti).morale != Morale::Routing) {
            u.pursuing = false;
            continue;
        }
        auto& t = unit(ti);
        if (t.status != UnitStatus::OnTable) {
            // Routers gone off the table: follow them off only with no other enemy within 600 paces (§2.16).
            if (t.status == UnitStatus::OffReturning && nearestEnemyDistance(u, false, false) > 600) {
                t.status = UnitStatus::Scattered;
                t.scattered += t.figures;
                t.figures = 0;
                u.status = UnitStatus::OffReturning;
                u.returnTurn = m_turn + 3;
                if (m_narrative) log(unitName(u.index) + " pursues " + unitName(ti) + " off the field, scattering it.");
            }
            u.pursuing = false;
            continue;
        }
        const int rate = isMounted(u.type) ? c::moveRates(c::MoveRow::LightCavalryOrMountedInfantry).pursuitOrRout
                                           : c::moveRates(c::MoveRow::IrregularFootOrLightInfantry).pursuitOrRout;
        const int dist = distance(u, t);
        t.pursuedThisTurn = true;
        if (dist <= rate) {
            u.charging = true;
            u.chargeKind = ChargeKind::Pursuit;
            u.chargeTarget = ti;
            u.cweTaken = false;
            if (overlapFiles(u, t) == 0) u.x0 = std::max(0, std::min(m_width - u.w, t.x0));
            makeContact(u.index, ti, false);
            if (m_narrative) log(unitName(u.index) + " rides down on " + unitName(ti) + ".");
        } else {
            if (overlapFiles(u, t) == 0) u.x0 = std::max(0, std::min(m_width - u.w, t.x0));
            u.front = std::min(m_depth - t.front - 1, u.front + rate);
            refreshTerrain(u);
            u.pursuing = false;  // outrun: the pursuers halt and rally in place (¶474, ¶480)
        }
        if (--u.pursuitMoves <= 0 && !inContact(u.index)) u.pursuing = false;
    }
}

void Engine::opportunityCharges(int side) {
    // §2.8 Hold doctrine: opportunity charges at wavering targets within half a move, m >= +3, TCT pass faces >= 4.
    // Cavalry of any posture may take such chances too [X].
    if (!m_doctrine) return;
    for (auto& u : sideUnits(side)) {
        if (u.side != side) continue;
        const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
        if (b.posture != Posture::Hold && !isMounted(u.type)) continue;  // the cheap posture tests first (all pure)
        if (b.posture == Posture::Withdraw) continue;
        if (!chargeEligible(u.index, false)) continue;
        int best = kNone, bestMargin = -100;
        bool bestFlank = false;
        // Necessary conditions of mayTarget first, as in declareCharges (the result is the same).
        const int reach = chargeReach(u, ChargeKind::Opportunity);
        for (const auto& t : sideUnits(1 - u.side)) {
            if (t.side == u.side || t.status != UnitStatus::OnTable) continue;
            if (separation(u, t) > reach) continue;
            if (u.lane == 0 && t.lane == 0 && fileGap(u, t) > 2) continue;  // (no overlap either)
            bool flank = false;
            if (!mayTarget(u.index, t.index, false, flank, reach)) continue;
            if (!wavering(t) && !isArtillery(t.type)) continue;
            const int m = caMarginNow(u.index, t.index, true, flank);
            if (m < 3) continue;
            if (passFaces(tctTotal(tctInputs(u.index, t.index, flank))) < 4) continue;
            if (m > bestMargin) {
                bestMargin = m;
                best = t.index;
                bestFlank = flank;
            }
        }
        if (best == kNone) continue;
        const int total = tctTotal(tctInputs(u.index, best, bestFlank));
        const auto out = rollTest(*m_dice, RollTag::Tct, u.index, total);
        u.chargeAttempted = true;
        m_actionThisTurn = true;
        if (m_narrative)
            log(unitName(u.index) + " seizes the moment against " + unitName(best) + ": to-charge test " + std::to_string(total) +
                (out.roll ? ", rolls " + std::to_string(out.roll) : std::string()) + (out.passed ? " - charges." : " - holds back."));
        if (!out.passed) continue;
        startCharge(u.index, best, ChargeKind::Opportunity, bestFlank);
        auto& t = unit(best);
        if (t.morale != Morale::Routing) {
            const auto bct = takeBct(best, u.index, bestFlank, false);
            if (!bct.passed) {
                // An opportunity charge contacts at once (¶461): the target that breaks is caught in that contact
                // (§2.12.7, ¶389, ¶489) unless the charge fell short of it.
                rout(best, true, "breaks before the charge", inContact(best));
                continue;
            }
            t.passedBct = true;
            // Defensive fire by stands that did not fire in the Fire Phase (¶413).
            if (!t.fired && mayFire(t)) {
                if (isArtillery(t.type)) fireBattery(best, false, u.index);
                else fireUnitSmallArms(best, u.index);
                applyHits();
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Doctrine moves (§2.8)

bool Engine::threatenedWithin(const Unit& u, int paces) const { return nearestEnemyDistance(u, true, false) <= paces; }

int Engine::desiredSeparation(const Unit& u, const Unit& enemy) const {
    // Stand-off at 101–200 paces, everyone else closes to 61–100 (§2.8). Inside that band the unit stops where its
    // declared charge still reaches (§2.8 "When to charge": T within U's charge reach, §2.12.2): 100 paces on open
    // ground, but 75 for a line on a High hill (150 − 50 %, §1.9), which from 100 paces could never charge at all.
    // Never nearer than 61 (¶424: not within one stand-width of an enemy it is not charging).
    if (standOff(u, enemy)) return 150;
    return std::max(c::kStandWidth + 1, std::min(100, chargeReach(u, ChargeKind::Declared)));
}

void Engine::commitReserves(int side) {
    const int half = (m_turns + 1) / 2;
    bool trigger = m_turn >= half || m_sides[static_cast<std::size_t>(side)].flankWarning;
    for (const auto& u : m_units) {
        if (u.status != UnitStatus::OnTable || u.morale != Morale::Routing || u.routTurn < m_turn - 1) continue;
        if (u.side == side && u.role == Role::FirstLine) trigger = true;  // fill
        if (u.side != side) trigger = true;                               // exploit
    }
    if (!trigger) return;
    for (auto& b : m_brigades)
        if (b.side == side && b.reserve && !b.committed && !b.spent) {
            b.committed = true;
            if (m_narrative) log(b.name + " is sent forward from the reserve.");
        }
}

void Engine::doctrineMoves(int side) {
    for (auto& u : sideUnits(side)) {
        if (u.side != side || u.status != UnitStatus::OnTable) continue;
        if (u.morale == Morale::Routing || u.rallyFlag || u.evaded || inContact(u.index) || u.charging) continue;
        if (u.lane != 0) {
            if (!(u.ladder == Ladder::Halt && u.ladderTurn == m_turn) && !m_sides[static_cast<std::size_t>(side)].withdrawing)
                laneMove(u.index);
            else if (m_sides[static_cast<std::size_t>(side)].withdrawing) moveUnitBack(u.index, moveAllowance(u, false), false);
            continue;
        }
        if (u.ladder != Ladder::None && u.ladderTurn >= m_turn - 1 && u.ladder == Ladder::Halt && u.ladderTurn == m_turn) continue;
        if (u.ladder == Ladder::Halt && u.ladderTurn == m_turn) continue;  // halted this turn
        if (u.lootUntil > m_turn) continue;
        const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
        if (b.mode == Mode::Reorganisation && m_turn == 1) continue;  // stationary for the day's first turn [X]
        if (m_sides[static_cast<std::size_t>(side)].withdrawing || b.posture == Posture::Withdraw) {
            withdrawMove(u.index);
            continue;
        }
        // ¶324: out of command under an Inept general (or none), units halt.
        if (!inCommand(u.index)) {
            const int g = b.general != kNone ? b.general : b.parentGeneral;
            if (g == kNone || general(g).rating == Rating::Inept || !generalAvailable(general(g))) continue;
        }
        switch (u.role) {
            case Role::Screen: screenMove(u.index); break;
            case Role::Cavalry: cavalryMove(u.index); break;
            case Role::Artillery: artilleryMove(u.index); break;
            case Role::SecondLine: secondLineMove(u.index); break;
            case Role::Reserve: reserveMove(u.index); break;
            case Role::FirstLine:
                if (isArtillery(u.type)) artilleryMove(u.index);
                else if (b.posture == Posture::Assault && !b.spent) assaultMove(u.index);
                else holdMove(u.index);
                break;
        }
    }
}

void Engine::assaultMove(int ui) {
    auto& u = unit(ui);
    if (u.morale == Morale::Shaken || u.ladder != Ladder::None) return;  // Shaken units do not press forward
    if (isMounted(u.type)) {
        cavalryMove(ui);
        return;
    }
    const int e = nearestOppositeEnemy(u, true);
    const int allowance = moveAllowance(u, u.fired);
    if (e == kNone) {
        // Nobody in our files: work toward the nearest enemy line end and a flank position (§2.8 Flanks).
        // assault_unseen = nearest_enemy [X]: with nobody in sight (woods hide formed troops beyond 100–200 paces,
        // §1.8) the unit makes for the nearest enemy all the same, as an attacker who knows the enemy is in the hex
        // (its counters were turned over at the contact, etat-major.md §8.5) searches the ground where it stands;
        // an enemy in sight comes first. straight_ahead: it walks on in its own files, past an enemy it cannot see.
        int best = kNone, bestDist = 1 << 30;
        bool bestSeen = false;
        for (const auto& t : sideUnits(1 - u.side)) {
            if (t.side == u.side || t.status != UnitStatus::OnTable || t.lane != 0 || t.morale == Morale::Routing) continue;
            const bool seen = m_visibleToEnemy[static_cast<std::size_t>(t.index)] != 0;
            if (!seen && !m_params.assaultSeeksUnseen) continue;
            const int d = distance(u, t);
            if (best == kNone || (seen && !bestSeen) || (seen == bestSeen && d < bestDist)) {
                bestDist = d;
                best = t.index;
                bestSeen = seen;
            }
        }
        if (best == kNone) {
            moveUnitForward(ui, allowance);
            return;
        }
        const auto& t = unit(best);
        int budget = allowance;
        // A flank position (§2.12.6) is for a charge: a unit that may declare none (Class 1 under class1_charges =
        // opportunity_only, §2.8) would stand at the enemy's shoulder all day, neither charging nor able to fire
        // (its fire goes ahead, §2.9). It makes for the enemy's front instead and fires from there [X].
        const bool mayChargeFlank = !(u.unitClass == 1 && m_params.militiaOpportunityCharges);
        const int gap = fileGap(u, t);
        if (gap > 2 && mayChargeFlank) {
            const int shift = std::min(gap - 1, budget / c::kStandWidth);
            if (shift > 0) {
                u.x0 += (t.x0 > u.x0 ? shift : -shift);
                u.x0 = std::max(0, std::min(u.x0, m_width - u.w));
                budget -= shift * c::kStandWidth;
                u.moved = true;
                refreshTerrain(u);
            }
        }
        const int sepNow = separation(u, t);
        // Touching the target's files (no gap) or facing a unit with no flank to take (in buildings or works,
        // §2.12.6) leaves no flank position to reach: the unit would stand at the enemy's shoulder for the rest
        // of the day, neither firing nor charging. It sidesteps into the target's files instead and closes on
        // its front [X] (rules-mapping-battle.md, "no flank to take").
        const bool noFlankToTake = fileGap(u, t) == 0 || t.inUrban || t.inWorks;
        if (overlapFiles(u, t) == 0 && budget >= c::kStandWidth &&
            ((noFlankToTake && sepNow <= 2 * c::kStandWidth + 100) || !mayChargeFlank)) {
            const int need = t.x0 > u.x0 ? t.x0 - (u.x0 + u.w) + 1 : u.x0 - (t.x0 + t.w) + 1;
            const int shift = std::min(need, budget / c::kStandWidth);
            if (shift > 0) {
                u.x0 = std::max(0, std::min(m_width - u.w, u.x0 + (t.x0 > u.x0 ? shift : -shift)));
                budget -= shift * c::kStandWidth;
                u.moved = true;
                refreshTerrain(u);
            }
        }
        if (overlapFiles(u, t) > 0) {
            const int sep = separation(u, t);
            const int want = desiredSeparation(u, t);
            if (sep > want) moveUnitForward(ui, std::min(budget, sep - want));
            return;
        }
        const int sep = separation(u, t);
        if (!mayChargeFlank) {  // still working into its files: no nearer than its firing distance
            const int want = desiredSeparation(u, t);
            if (sep > want) moveUnitForward(ui, std::min(budget, sep - want));
            return;
        }
        if (sep > 0) moveUnitForward(ui, std::min(budget, sep));
        return;
    }
    const auto& t = unit(e);
    const int sep = separation(u, t);
    // A river in the way: make for the nearest ford or bridge in column and cross there (§2.5, ¶250). The whole
    // path to the enemy is checked, not just this turn's move, so that a unit with no ford at hand stops where it
    // stands instead of walking up to the bank.
    if (sep > 100 && pathBlockedByRiver(u, u.front + sep - 100)) {
        int best = kNone, bestD = 1 << 30;
        for (std::size_t i = 0; i < m_features.size(); ++i) {
            const auto& f = m_features[i];
            if (f.kind != FeatureKind::Ford && f.kind != FeatureKind::Bridge) continue;
            const int d = std::abs((f.x0 + f.x1) / 2 - (u.x0 + u.w / 2));
            if (d < bestD) {
                bestD = d;
                best = static_cast<int>(i);
            }
        }
        if (best == kNone || bestD > 4) {
            // No ford at hand: stay out of the enemy guns' reach [X]. Advance only while every enemy battery
            // that could reach the new position at its long range (§1.13a) stays out of reach.
            moveUnitForward(ui, allowance);  // moveUnitForward keeps it out of the guns' reach
            return;
        }
        if (u.formation != Formation::OpenColumn && !u.formationChanged) {
            setFormation(u, Formation::OpenColumn);
            u.formationChanged = true;
            return;
        }
        const auto& f = m_features[static_cast<std::size_t>(best)];
        const int target = (f.x0 + f.x1 - 1) / 2;
        const int budget = allowance / 2;
        const int shift = std::min(std::abs(target - u.x0), budget / c::kStandWidth);
        if (shift > 0) {
            u.x0 += target > u.x0 ? shift : -shift;
            u.moved = true;
            refreshTerrain(u);
        }
        if (u.x0 == target) moveUnitForward(ui, allowance / 2);
        return;
    }
    if (u.formation == Formation::OpenColumn || u.formation == Formation::ClosedColumn) {
        if (sep <= 650 && !u.formationChanged) {
            setFormation(u, Formation::Line);
            u.formationChanged = true;
            const int left = allowance * (100 - c::deduct::kColumnToLine) / 100;
            const int want = desiredSeparation(u, t);
            if (sep > want) moveUnitForward(ui, std::min(left, sep - want));
            return;
        }
    }
    const int want = desiredSeparation(u, t);
    if (sep > want) moveUnitForward(ui, std::min(allowance, sep - want));
}

// The farthest front (paces from the own edge) at which no enemy battery on the strip reaches the unit at its
// long range (§1.13a; howitzers by their common-shell window) — the river doctrine's "out of the guns' reach".
int Engine::gunSafeFront(const Unit& u) const {
    int limit = m_depth;
    for (const auto& b : sideUnits(1 - u.side)) {
        if (b.side == u.side || b.status != UnitStatus::OnTable || b.lane != 0 || !isArtillery(b.type)) continue;
        int reach = 0;
        for (const auto& g : b.guns) {
            if (g.destroyed || g.abandoned) continue;
            const auto& row = c::calibreRow(g.calibre);
            reach = std::max(reach, g.howitzer ? std::max(row.bandMax[3], row.shellMax) : row.bandMax[3]);
        }
        // outside the guns' fire arc even at their longest reach (§2.4 splay): they cannot touch it
        if (reach == 0 || (overlapFiles(u, b) == 0 && fileGap(u, b) + 1 > (69 * reach) / 10000)) continue;
        limit = std::min(limit, m_depth - b.front - reach - 1);
    }
    return limit;
}

void Engine::holdMove(int ui) {
    auto& u = unit(ui);
    if (m_params.forwardClass1FallBack && militiaFallBack(ui)) return;
    if ((u.formation == Formation::OpenColumn || u.formation == Formation::ClosedColumn) && !u.formationChanged && isFoot(u.type) &&
        nearestEnemyDistance(u, false, true) <= 650) {
        setFormation(u, Formation::Line);
        u.formationChanged = true;
        u.moved = true;
    }
    if (u.formation == Formation::Skirmish && u.role == Role::FirstLine && isFoot(u.type) && m_turn >= 1 &&
        m_brigades[static_cast<std::size_t>(u.brigade)].mode == Mode::Forage && !u.formationChanged) {
        setFormation(u, Formation::Line);  // foragers re-form
        u.formationChanged = true;
        u.moved = true;
    }
}

bool Engine::militiaFallBack(int ui) {
    // §2.8 [X] forward_class1 = fall_back: Class 1 foot standing in front of a line of better troops of its own side
    // (a forward line, as Morgan's at the Cowpens and Greene's at Guilford) gives its fire and then, once formed
    // enemy comes within 200 paces (a charge could reach it next turn), falls back behind that line instead of waiting for the
    // bayonet. A militia line with nobody behind it (Camden) stands or breaks as before.
    auto& u = unit(ui);
    if (u.unitClass != 1 || !isFoot(u.type) || u.role != Role::FirstLine || u.lane != 0) return false;
    if (u.morale == Morale::Routing || u.formation == Formation::Skirmish) return false;
    int behind = kNone;
    for (const auto& x : sideUnits(u.side)) {
        if (x.index == ui || x.side != u.side || x.status != UnitStatus::OnTable || x.lane != 0) continue;
        if (x.unitClass < 2 || !isFoot(x.type) || x.morale == Morale::Routing || !isFormed(x)) continue;
        if (x.role == Role::Reserve) continue;  // a reserve kept back is not a line to fall back on
        if (x.front > u.front - 100 || fileGap(u, x) > 2) continue;
        if (behind == kNone || x.front > unit(behind).front) behind = x.index;
    }
    if (behind == kNone) return false;
    if (nearestEnemyDistance(u, true, true) > 200) return false;  // beyond a charge's reach next turn
    const auto& b = unit(behind);
    const int target = std::max(0, b.front - b.depth - m_params.supportGap);
    const int back = std::max(0, u.front - target);
    if (back > 0) moveUnitBack(ui, std::min(back, moveAllowance(u, false)), false);
    if (u.status != UnitStatus::OnTable) return true;
    u.role = Role::SecondLine;
    u.anchor = behind;
    u.moved = true;
    ++m_events[m_sides[static_cast<std::size_t>(u.side)].id + ".militia_fell_back"];
    if (m_narrative) log(unitName(ui) + " gives its fire and falls back behind " + unitName(behind) + ".");
    return true;
}

void Engine::fillGap(int ui, int gapUnit) {
    auto& u = unit(ui);
    const auto& g = unit(gapUnit);
    const int allowance = moveAllowance(u, u.fired);
    int budget = allowance;
    if (u.formation != Formation::Line && isFoot(u.type) && !u.formationChanged) {
        budget = allowance * (100 - c::deduct::kColumnToLine) / 100;
    }
    // Take over the gap's stretch of the line.
    const int centre = g.slotX0 + std::max(1, g.slotW) / 2;
    const int cur = u.x0 + u.w / 2;
    const int shift = std::min(std::abs(centre - cur), budget / c::kStandWidth);
    u.x0 += centre > cur ? shift : -shift;
    budget -= shift * c::kStandWidth;
    if (u.formation != Formation::Line && isFoot(u.type) && !u.formationChanged) {
        setFormation(u, Formation::Line);
        u.formationChanged = true;
    }
    u.x0 = std::max(0, std::min(u.x0, m_width - u.w));
    u.role = Role::FirstLine;
    u.anchor = kNone;
    u.slotX0 = u.x0;
    u.slotW = u.w;
    if (g.slotFront > u.front) moveUnitForward(ui, std::min(budget, g.slotFront - u.front));
    u.slotFront = u.front;
    u.moved = true;
    refreshTerrain(u);
}

void Engine::secondLineMove(int ui) {
    auto& u = unit(ui);
    if (refuseFlank(ui)) return;
    if (u.formation == Formation::Skirmish && isFoot(u.type) && !u.formationChanged) {
        // A screen that fell back re-forms behind its brigade.
        setFormation(u, Formation::Line);
        u.formationChanged = true;
    }
    int anchor = u.anchor;
    if (anchor == kNone || unit(anchor).side != u.side) {
        // adopt the nearest first-line unit of the brigade, else of the side
        int best = kNone, bestD = 1 << 30;
        for (const auto& x : sideUnits(u.side))
            if (x.side == u.side && x.status == UnitStatus::OnTable && x.role == Role::FirstLine && isFoot(x.type) &&
                x.morale != Morale::Routing) {
                const int d = distance(u, x) + (x.brigade == u.brigade ? 0 : 600);
                if (d < bestD) {
                    bestD = d;
                    best = x.index;
                }
            }
        u.anchor = anchor = best;
        if (anchor == kNone) return;
    }
    const auto& a = unit(anchor);
    const bool gone = a.status != UnitStatus::OnTable || a.morale == Morale::Routing;
    if (gone && !u.permShaken && u.morale != Morale::Shaken) {
        fillGap(ui, anchor);
        return;
    }
    // Passage of lines (¶432–433): a Class 3+ support relieves a Shaken or halved first-line unit of its brigade.
    const bool worn = a.morale == Morale::Shaken || 2 * stands(a) < a.standsStart;
    if (!gone && worn && u.unitClass >= 3 && a.brigade == u.brigade && !inContact(anchor) && !a.charging &&
        u.morale != Morale::Shaken && !u.permShaken && u.ladder == Ladder::None) {
        auto& w = unit(anchor);
        const int oldFront = u.front;
        fillGap(ui, anchor);
        u.passageOfLines = true;
        w.role = Role::SecondLine;
        w.anchor = ui;
        w.front = std::max(w.depth, std::min(w.front, oldFront));
        refreshTerrain(w);
        if (m_narrative) log(unitName(ui) + " passes through " + unitName(anchor) + " to relieve it.");
        return;
    }
    if (gone) return;
    // Follow 120 paces behind the anchor, in its files.
    const int want = a.front - m_params.supportGap;
    const int cx = a.x0 + a.w / 2;
    const int allowance = moveAllowance(u, u.fired);
    int budget = allowance;
    const int cur = u.x0 + u.w / 2;
    if (cx != cur) {
        const int shift = std::min(std::abs(cx - cur), budget / c::kStandWidth);
        u.x0 = std::max(0, std::min(m_width - u.w, u.x0 + (cx > cur ? shift : -shift)));
        budget -= shift * c::kStandWidth;
        u.moved = shift > 0 || u.moved;
    }
    if (want > u.front) moveUnitForward(ui, std::min(budget, want - u.front));
    refreshTerrain(u);
}

void Engine::reserveMove(int ui) {
    auto& u = unit(ui);
    const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
    if (!b.committed) return;
    if (isArtillery(u.type)) {
        u.role = Role::Artillery;
        artilleryMove(ui);
        return;
    }
    if (isMounted(u.type)) {
        u.role = Role::Cavalry;
        cavalryMove(ui);
        return;
    }
    if (refuseFlank(ui)) return;
    // Committed: fill the nearest gap of the line, else become a support of the thinnest stretch.
    int gap = kNone, gapD = 1 << 30;
    for (const auto& x : sideUnits(u.side)) {
        if (x.side != u.side || x.role != Role::FirstLine || !isFoot(x.type)) continue;
        const bool gone = x.status != UnitStatus::OnTable || x.morale == Morale::Routing;
        bool taken = false;
        for (const auto& y : sideUnits(u.side))
            if (y.index != x.index && y.side == u.side && y.status == UnitStatus::OnTable && y.role == Role::FirstLine &&
                y.morale != Morale::Routing && std::abs((y.x0 + y.w / 2) - (x.slotX0 + x.slotW / 2)) <= 1)
                taken = true;
        if (!gone || taken) continue;
        const int d = c::kStandWidth * std::abs((x.slotX0 + x.slotW / 2) - (u.x0 + u.w / 2));
        if (d < gapD) {
            gapD = d;
            gap = x.index;
        }
    }
    if (gap != kNone) {
        fillGap(ui, gap);
        return;
    }
    u.role = Role::SecondLine;
    u.anchor = kNone;
    secondLineMove(ui);
}

void Engine::cavalryMove(int ui) {
    auto& u = unit(ui);
    const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
    if (b.posture != Posture::Assault || b.spent || u.morale == Morale::Shaken || u.ladder != Ladder::None) {
        // Holding cavalry keeps its place, in line.
        if (u.formation != Formation::Line && !u.formationChanged && nearestEnemyDistance(u, true, true) <= 650) {
            setFormation(u, Formation::Line);
            u.formationChanged = true;
        }
        return;
    }
    if (u.formation != Formation::Line && !u.formationChanged) {
        setFormation(u, Formation::Line);
        u.formationChanged = true;
    }
    const int allowance = moveAllowance(u, u.fired);
    if (m_params.pursueWithdrawal && m_sides[static_cast<std::size_t>(1 - u.side)].withdrawing && pursueWithdrawing(ui, allowance))
        return;
    // Seek a flank position on the nearest enemy line end within six files; otherwise keep level with our line,
    // 100 paces back (§2.6.4 step 5, §2.8 Flanks).
    int best = kNone, bestD = 1 << 30;
    for (const auto& t : sideUnits(1 - u.side)) {
        if (t.side == u.side || t.status != UnitStatus::OnTable || t.lane != 0 || t.morale == Morale::Routing) continue;
        if (!m_visibleToEnemy[static_cast<std::size_t>(t.index)] || !isFoot(t.type)) continue;
        if (overlapFiles(u, t) > 0) continue;
        const int gap = fileGap(u, t);
        if (gap > 6) continue;
        const int d = distance(u, t);
        if (d < bestD) {
            bestD = d;
            best = t.index;
        }
    }
    if (best != kNone) {
        const auto& t = unit(best);
        int budget = allowance;
        const int gap = fileGap(u, t);
        if (gap > 2) {
            const int shift = std::min(gap - 1, budget / c::kStandWidth);
            u.x0 = std::max(0, std::min(m_width - u.w, u.x0 + (t.x0 > u.x0 ? shift : -shift)));
            budget -= shift * c::kStandWidth;
            u.moved = true;
        }
        const int sep = separation(u, t);
        if (sep > 0 && fileGap(u, t) >= 1) moveUnitForward(ui, std::min(budget, sep));
        refreshTerrain(u);
        return;
    }
    const int lineFront = [&] {
        int f = -1;
        for (const auto& x : sideUnits(u.side))
            if (x.side == u.side && x.status == UnitStatus::OnTable && x.role == Role::FirstLine && isFoot(x.type))
                f = std::max(f, x.front);
        return f;
    }();
    if (lineFront < 0 && m_params.loneCavalrySeeksFlank) {
        loneCavalryMove(ui, allowance);
        return;
    }
    if (lineFront > 0 && u.front < lineFront - 100) moveUnitForward(ui, std::min(allowance, lineFront - 100 - u.front));
}

bool Engine::pursueWithdrawing(int ui, int allowance) {
    // §2.8 [X] pursue_withdrawal = horse: the enemy has given up the field and its foot is marching off with its
    // back to us. The horse rides into the files of the nearest such unit it can see in the open (not in buildings,
    // works or a wood, where it cannot follow, ¶32, ¶541) and closes to its charge reach; the Morale Phase's charge
    // on its rear follows (declareCharges: an automatic target, §1.15). With nobody to ride after, it moves as usual.
    auto& u = unit(ui);
    int best = kNone, bestD = 1 << 30;
    for (const auto& t : sideUnits(1 - u.side)) {
        if (t.side == u.side || t.status != UnitStatus::OnTable || t.lane != 0 || !isFoot(t.type) || !t.facingAway) continue;
        if (!m_visibleToEnemy[static_cast<std::size_t>(t.index)] || !inOpen(t) || t.inWorks) continue;
        const int d = distance(u, t);
        if (d < bestD) {
            bestD = d;
            best = t.index;
        }
    }
    if (best == kNone) return false;
    const auto& t = unit(best);
    int budget = allowance;
    const int centre = t.x0 + t.w / 2, mine = u.x0 + u.w / 2;
    const int shift = std::min(std::abs(centre - mine), budget / c::kStandWidth);
    if (shift > 0) {
        u.x0 = std::max(0, std::min(m_width - u.w, u.x0 + (centre > mine ? shift : -shift)));
        budget -= shift * c::kStandWidth;
        u.moved = true;
    }
    const int reach = chargeReach(u, ChargeKind::Declared);
    const int sep = separation(u, t);
    if (sep > reach / 2) moveUnitForward(ui, std::min(budget, sep - reach / 2));
    refreshTerrain(u);
    return true;
}

void Engine::loneCavalryMove(int ui, int allowance) {
    // §2.8 [X] lone_cavalry = seek_flank: attacking cavalry with no foot line of its side on the table has no line to
    // keep level with (§2.6.4 step 5), and the enemy it faces is rarely within six files of its flank. It goes for
    // the nearest enemy (one in sight first; an attacker knows the enemy is in the hex, etat-major.md §8.5): one file
    // clear of that enemy's nearer flank, then level with its front, the flank position from which its charge gets
    // the flank factors (§2.12.6) and irregular horse may charge formed troops at all (¶123). Troops in buildings or
    // works have no flank (¶32) and cavalry cannot fight there (¶541): it leaves them alone.
    auto& u = unit(ui);
    int best = kNone, bestDist = 1 << 30;
    bool bestSeen = false;
    for (const auto& t : sideUnits(1 - u.side)) {
        if (t.side == u.side || t.status != UnitStatus::OnTable || t.lane != 0 || t.morale == Morale::Routing) continue;
        if (t.inUrban || t.inWorks) continue;
        const bool seen = m_visibleToEnemy[static_cast<std::size_t>(t.index)] != 0;
        const int d = distance(u, t);
        if (best == kNone || (seen && !bestSeen) || (seen == bestSeen && d < bestDist)) {
            best = t.index;
            bestDist = d;
            bestSeen = seen;
        }
    }
    if (best == kNone) return;
    const auto& t = unit(best);
    int budget = allowance;
    // One clear file beside the target (§2.12.6 needs a gap of one or two files), on the side nearer to us that
    // fits on the strip.
    const int left = t.x0 - 1 - u.w, right = t.x0 + t.w + 1;
    const bool leftFits = left >= 0, rightFits = right + u.w <= m_width;
    if (!leftFits && !rightFits) return;
    const int dest = !leftFits ? right : !rightFits ? left : (std::abs(left - u.x0) <= std::abs(right - u.x0) ? left : right);
    const int gap = fileGap(u, t);
    if (overlapFiles(u, t) > 0 || gap == 0 || gap > 2) {
        const int shift = std::min(std::abs(dest - u.x0), budget / c::kStandWidth);
        if (shift > 0) {
            u.x0 += dest > u.x0 ? shift : -shift;
            budget -= shift * c::kStandWidth;
            u.moved = true;
            refreshTerrain(u);
        }
    }
    const int sep = separation(u, t);
    if (overlapFiles(u, t) > 0 || fileGap(u, t) == 0) {
        // Not yet clear of its files: keep beyond its musketry (B2, 200 paces) while working round.
        if (sep > 250) moveUnitForward(ui, std::min(budget, sep - 250));
        return;
    }
    if (sep > 0) moveUnitForward(ui, std::min(budget, sep));
}

void Engine::screenMove(int ui) {
    auto& u = unit(ui);
    if (u.formation != Formation::Skirmish) {
        u.role = Role::SecondLine;
        return;
    }
    // Screens stand ahead of their brigade and fire; formed enemy close up: they fall back behind the line (§2.8).
    const int formed = nearestEnemyDistance(u, true, true);
    const bool rifles = u.armament == Armament::Rifle;
    // screen_horse = retire [X]: a foot screen in the open is lost to any horse that reaches it (the automatic victory
    // of mounted troops over skirmishers in the open, §1.15, ¶224), so it goes back behind its line as soon as enemy
    // horse it can see could charge it next turn: within that horse's charge reach and one move more.
    bool horseNear = false;
    if (m_params.screenRetiresFromHorse && isFoot(u.type) && inOpen(u) && !u.inUrban)
        for (const auto& e : sideUnits(1 - u.side)) {
            if (e.side == u.side || e.status != UnitStatus::OnTable || !isMounted(e.type) || e.morale == Morale::Routing) continue;
            if (e.formation == Formation::Dismounted || !m_visibleToEnemy[static_cast<std::size_t>(e.index)]) continue;
            if (distance(u, e) <= chargeReach(e, ChargeKind::Declared) + moveAllowance(e, false)) horseNear = true;
        }
    if (formed <= (rifles ? 120 : 80) || horseNear) {
        int parentFront = -1, cx = u.x0 + u.w / 2, anchor = kNone;
        for (const auto& x : sideUnits(u.side))
            if (x.side == u.side && x.status == UnitStatus::OnTable && x.role == Role::FirstLine && isFoot(x.type) &&
                (anchor == kNone || x.brigade == u.brigade)) {
                if (x.brigade == u.brigade || anchor == kNone) {
                    parentFront = x.front;
                    cx = x.x0 + x.w / 2;
                    anchor = x.index;
                }
            }
        const int target = parentFront >= 0 ? parentFront - m_params.supportGap : u.front - 200;
        const int back = std::max(0, u.front - std::max(target, 0));
        if (back > 0) moveUnitBack(ui, std::min(back, moveAllowance(u, false)), false);
        if (u.status != UnitStatus::OnTable) return;
        u.x0 = std::max(0, std::min(m_width - u.w, cx - u.w / 2));
        u.role = Role::SecondLine;
        u.anchor = anchor;
        if (m_narrative) log(unitName(ui) + " falls back behind the line.");
        return;
    }
    const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
    if (b.posture != Posture::Assault) return;
    const int keep = rifles ? 150 : 100;
    const int e = nearestOppositeEnemy(u, true);
    if (e == kNone) {
        moveUnitForward(ui, moveAllowance(u, u.fired));
        return;
    }
    const int sep = separation(u, unit(e));
    if (sep > keep) moveUnitForward(ui, std::min(moveAllowance(u, u.fired), sep - keep));
}

void Engine::artilleryMove(int ui) {
    auto& u = unit(ui);
    const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
    bool anyGun = false;
    Calibre heaviest = Calibre::VeryLight;
    for (const auto& g : u.guns)
        if (!g.destroyed && !g.abandoned) {
            anyGun = true;
            if (static_cast<int>(g.calibre) > static_cast<int>(heaviest)) heaviest = g.calibre;
        }
    if (m_params.spentGunsWithdraw && u.ammo == 0) {
        // §2.8 [X], OR1 (§2.18): a battery with no fire phases left can do nothing but lose its guns, so it limbers
        // (−10 %) and makes for its own rear edge, which it leaves withdrawn (no points lost, §2.21).
        if (u.formation != Formation::Limbered) {
            if (u.formationChanged) return;
            setFormation(u, Formation::Limbered);
            u.formationChanged = true;
            if (m_narrative) log(unitName(ui) + " has no powder left and limbers up.");
            moveUnitBack(ui, moveAllowance(u, false) * (100 - c::deduct::kLimberUnlimber) / 100, false);
            return;
        }
        moveUnitBack(ui, moveAllowance(u, false), false);
        return;
    }
    if (!anyGun) {
        // Crews without guns go to the rear.
        if (u.front > u.depth) moveUnitBack(ui, std::min(u.front - u.depth, 250), false);
        return;
    }
    const int medium = c::calibreRow(heaviest).bandMax[2];
    int nearestAny = 1 << 30, nearestInf = 1 << 30, nearestCav = 1 << 30;
    for (const auto& e : sideUnits(1 - u.side)) {
        if (e.side == u.side || e.status != UnitStatus::OnTable || e.morale == Morale::Routing) continue;
        if (!m_visibleToEnemy[static_cast<std::size_t>(e.index)]) continue;
        const int d = distance(u, e);
        nearestAny = std::min(nearestAny, d);
        if (isFoot(e.type)) nearestInf = std::min(nearestInf, d);
        if (isMounted(e.type)) nearestCav = std::min(nearestCav, d);
    }
    if (u.formation == Formation::Limbered) {
        if (nearestAny <= medium || b.posture != Posture::Assault) {
            setFormation(u, Formation::Deployed);
            u.formationChanged = true;
            return;
        }
    }
    if (b.posture != Posture::Assault || b.spent) return;
    if (nearestAny <= medium && u.fired) return;  // in range: deploy and fire (§2.8 Artillery)
    // Advance, staying at least 300 paces from enemy infantry and 600 from enemy cavalry.
    const int room = std::min(nearestInf - 300, nearestCav - 600);
    if (room <= 0) return;
    const int allowance = moveAllowance(u, u.fired);
    if (nearestAny > medium) moveUnitForward(ui, std::min(allowance, room));
}

// §2.6.5 flank lanes. Attackers advance along the lane on whoever faces them, refusers first, else the flank of
// the line's end unit; with nobody left at the far end they come out onto the main strip beside the enemy line.
void Engine::laneMove(int ui) {
    auto& u = unit(ui);
    const int k = u.lane;
    if (u.side != m_laneOwner[static_cast<std::size_t>(k)]) return;  // refusers stand at the far end
    int target = kNone, best = 1 << 30;
    for (const auto& e : sideUnits(1 - u.side)) {
        if (e.side == u.side || e.status != UnitStatus::OnTable || e.morale == Morale::Routing || !engaged(u, e)) continue;
        const int sep = separation(u, e);
        if (sep < best) {
            best = sep;
            target = e.index;
        }
    }
    if (target == kNone) {
        exitLane(ui);
        return;
    }
    const int allowance = moveAllowance(u, u.fired);
    // A formation change in the lane spends the unit's move; the lane is one file wide.
    auto reform = [&](Formation f) {
        setFormation(u, f);
        u.formationChanged = true;
        u.w = 1;
        u.x0 = k == 1 ? 0 : m_width - 1;
    };
    const bool column = u.formation == Formation::OpenColumn || u.formation == Formation::ClosedColumn;
    // Only the head of the queue deploys: the columns behind it close up in column, so a router from the head
    // passes them by instead of bursting through the whole march (¶483 exempts columns) [A].
    const bool queued = laneBlocked(u) && !isArtillery(u.type);
    if (queued && column) {
        if (best > 100) moveUnitForward(ui, std::min(allowance, best - 100));
        return;
    }
    if (queued && !u.formationChanged && u.morale != Morale::Routing) return reform(Formation::OpenColumn);
    if (column && !u.formationChanged) return reform(Formation::Line);
    if (u.formation == Formation::Limbered && !u.formationChanged) return reform(Formation::Deployed);
    if (isArtillery(u.type)) return;
    const int want = standOff(u, unit(target)) ? 150 : 100;
    if (best > want) moveUnitForward(ui, std::min(allowance, best - want));
}

void Engine::exitLane(int ui) {
    auto& u = unit(ui);
    const int k = u.lane;
    int front = -1;
    for (const auto& e : sideUnits(1 - u.side))
        if (e.side != u.side && e.status == UnitStatus::OnTable && e.lane == 0 && e.morale != Morale::Routing)
            front = std::max(front, e.front);
    u.lane = 0;
    u.w = std::max(1, frontageFor(u, u.formation));
    u.x0 = k == 1 ? 0 : m_width - u.w;
    u.front = front >= 0 ? std::max(u.depth, m_depth - front - 200) : u.depth;
    u.role = isArtillery(u.type) ? Role::Artillery : (isMounted(u.type) ? Role::Cavalry : Role::FirstLine);
    u.slotX0 = u.x0;
    u.slotW = u.w;
    u.slotFront = u.front;
    refreshTerrain(u);
    if (m_narrative) log(unitName(ui) + " comes out of the flank march onto the field.");
}

// §2.6.5: a column of the receiving side moves into a lane's far end and forms line facing it (a refused flank).
bool Engine::refuseFlank(int ui) {
    auto& u = unit(ui);
    if (!isFoot(u.type) || u.morale != Morale::Ordered || u.permShaken || inContact(ui)) return false;
    for (int k = 1; k <= 2; ++k) {
        const int owner = m_laneOwner[static_cast<std::size_t>(k)];
        if (owner == kNoSide || owner == u.side) continue;
        bool attackers = false, refused = false;
        for (const auto& x : m_units) {
            if (x.status != UnitStatus::OnTable || x.lane != k || x.morale == Morale::Routing) continue;
            if (x.side == owner) attackers = true;
            else refused = true;
        }
        if (!attackers || refused) continue;
        // One movement phase from open column, two from line (¶ formation changes, §2.6.5).
        if (u.formation != Formation::OpenColumn && u.formation != Formation::ClosedColumn) {
            if (u.formationChanged) return false;
            setFormation(u, Formation::OpenColumn);
            u.formationChanged = true;
            return true;
        }
        u.lane = k;
        u.front = 0;
        u.x0 = k == 1 ? 0 : m_width - 1;
        setFormation(u, Formation::Line);
        u.w = 1;
        u.x0 = k == 1 ? 0 : m_width - 1;
        u.formationChanged = true;
        u.moved = true;
        u.role = Role::FirstLine;
        u.anchor = kNone;
        refreshTerrain(u);
        refreshLanes();
        ++m_events[m_sides[static_cast<std::size_t>(u.side)].id + ".refused_flank"];
        if (m_narrative) log(unitName(ui) + " refuses the flank, facing the flank march.");
        return true;
    }
    return false;
}

void Engine::withdrawMove(int ui) {
    auto& u = unit(ui);
    auto& side = m_sides[static_cast<std::size_t>(u.side)];
    if (side.withdrawing && u.rearguard && m_turn < side.rearguardUntil) return;
    if (!side.withdrawing) {
        // A Breakoff ME's rearguard (>= 25 % of points, its steadiest formed units) holds for two turns (§2.6.3).
        if (u.rearguard && m_turn <= 2) return;
    }
    // pursue_withdrawal = horse [X]: foot marching off to its rear edge has its back to the enemy (facing away);
    // the rearguard, which holds, does not come here while it holds.
    if (m_params.pursueWithdrawal && isFoot(u.type)) u.facingAway = true;
    if (isFoot(u.type) && (u.formation == Formation::Line || u.formation == Formation::ReinforcedLine) && !u.formationChanged &&
        nearestEnemyDistance(u, true, true) > 300) {
        setFormation(u, Formation::OpenColumn);
        u.formationChanged = true;
        moveUnitBack(ui, moveAllowance(u, false) * (100 - c::deduct::kColumnToLine) / 100, false);
        return;
    }
    if (isArtillery(u.type) && u.formation != Formation::Limbered && !u.formationChanged) {
        setFormation(u, Formation::Limbered);
        u.formationChanged = true;
        moveUnitBack(ui, moveAllowance(u, false) * (100 - c::deduct::kLimberUnlimber) / 100, false);
        return;
    }
    moveUnitBack(ui, moveAllowance(u, false), false);
}

void Engine::lootCheck(int ui) {
    // Eutaw Springs scenario rule: attackers entering the enemy camp halt three turns, then count as Class 2 at most.
    auto& u = unit(ui);
    if (!u.inCamp || u.looted || u.side == m_holder || u.status != UnitStatus::OnTable) return;
    u.looted = true;
    u.lootUntil = m_turn + 3;
    u.unitClass = std::min(u.unitClass, 2);
    ++m_events[m_sides[static_cast<std::size_t>(u.side)].id + ".looting"];
    if (m_narrative) log(unitName(ui) + " falls to plundering the camp.");
}

}  // namespace etatmajor::battle
