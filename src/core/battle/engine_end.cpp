// SPDX-License-Identifier: GPL-3.0-or-later
// Engine: the end-of-turn checks that can end the battle (tactical-resolver.md §2.20: withdrawal, a broken side,
// mutual break-off) and the counterattack of the stronger side (§2.8), the night, who holds the field, and the
// points accounting and the result (§2.21, §3).
#include "etatmajor/battle/engine.hpp"

#include "battle/engine_points.hpp"

#include <algorithm>
#include <string>

namespace etatmajor::battle {

namespace c = charts;

Points6 Engine::netLossNow(int side) const {
    // The §2.21 net loss as if the battle ended now (without the field holder's claim on untouched guns).
    Points6 loss;
    for (const auto& u : m_units) {
        if (u.side == side) {
            const int full = u.lostFire + u.lostCloseAssault + u.massacred;
            if (full > 0) loss += figureValue(u, full);
            for (const auto& g : u.guns)
                if (g.destroyed || (g.abandoned && g.holder != kNoSide && g.holder != side))
                    loss += Points6::whole(c::gunStandValue(g.calibre));
            int half = u.surrendered + u.scattered + u.removedSpent;
            if ((u.status == UnitStatus::OnTable && u.morale == Morale::Routing) || u.status == UnitStatus::OffReturning)
                half += u.figures;
            if (half > 0) loss += figureValue(u, half).half();
        } else if (u.coloursLostTo == side) {
            loss -= Points6::whole(c::kColoursValue);
        }
    }
    for (const auto& g : m_generals)
        if (g.side == side && (g.fate == StaffFate::Captured || (g.army && g.fate == StaffFate::Killed)))
            loss += Points6::whole(g.army ? c::kCorpsValueForPlayerGeneral : generalValue(g));
    return loss;
}

std::pair<int, int> Engine::menOutNow(int side) const {
    // §2.20 [X] withdraw_measure = men: the men of the side out of the fight now, and the men it brought, at §3.2's
    // men a figure. Out of the fight: killed, wounded, taken, massacred, scattered, routing on the table, or gone off
    // it (routers to come back later included: they are not in the line now).
    int out = 0, start = 0;
    for (const auto& u : m_units) {
        if (u.side != side) continue;
        const int perFigure = isArtillery(u.type) ? c::kMenPerCrewFigure : c::kMenPerFigure;
        start += perFigure * u.figuresStart;
        int gone = u.lostFire + u.lostCloseAssault + u.massacred + u.surrendered + u.scattered;
        if ((u.status == UnitStatus::OnTable && u.morale == Morale::Routing) || u.status == UnitStatus::OffReturning)
            gone += u.figures;
        out += perFigure * gone;
    }
    return {out, start};
}

void Engine::withdrawalChecks() {
    // §2.20 [X]: a side withdraws when its net loss reaches withdraw_loss % of its start, when all its brigades are
    // spent, or when its army general is lost and a third of its brigades are spent.
    for (int s = 0; s < 2; ++s) {
        auto& side = m_sides[static_cast<std::size_t>(s)];
        if (side.withdrawing) continue;
        int brigades = 0, spent = 0;
        for (const auto& b : m_brigades)
            if (b.side == s) {
                ++brigades;
                if (b.spent) ++spent;
            }
        const Points6 loss = netLossNow(s);
        bool byLoss = loss.inSixths() * 100 >= side.start.inSixths() * m_params.withdrawLoss && loss.inSixths() > 0;
        if (m_params.withdrawOnMen) {
            const auto [out, men] = menOutNow(s);
            byLoss = out > 0 && static_cast<long long>(out) * 100 >= static_cast<long long>(men) * m_params.withdrawLoss;
            if (byLoss && m_params.withdrawOnlyWhenLosing) {
                const auto [enemyOut, enemyMen] = menOutNow(1 - s);
                byLoss = static_cast<long long>(out) * enemyMen > static_cast<long long>(enemyOut) * men;
            }
        } else if (byLoss && m_params.withdrawOnlyWhenLosing) {
            // §2.20 [X] withdraw_when = losing: a side that has lost a smaller share of its start than the enemy is
            // winning the day, whatever its losses, and fights on (loss/start > enemy loss/enemy start).
            const auto& enemy = m_sides[static_cast<std::size_t>(1 - s)];
            const Points6 enemyLoss = netLossNow(1 - s);
            byLoss = static_cast<long long>(loss.inSixths()) * enemy.start.inSixths() >
                     static_cast<long long>(std::max<std::int64_t>(0, enemyLoss.inSixths())) * side.start.inSixths();
        }
        // The battle file's ordered withdrawal (docs/formats/battle.md): at the end of the ordered turn, or once the
        // side's losses reach the ordered share of its start in the measure of withdraw_measure, whether it is
        // losing or not (it is an order, not a judgement of the day).
        bool ordered = side.orderedWithdrawTurn && m_turn >= *side.orderedWithdrawTurn;
        if (!ordered && side.orderedWithdrawLoss) {
            if (m_params.withdrawOnMen) {
                const auto [out, men] = menOutNow(s);
                ordered = out > 0 && static_cast<long long>(out) * 100 >= static_cast<long long>(men) * *side.orderedWithdrawLoss;
            } else {
                ordered = loss.inSixths() > 0 && loss.inSixths() * 100 >= side.start.inSixths() * *side.orderedWithdrawLoss;
            }
        }
        const bool allSpent = brigades > 0 && spent == brigades;
        const bool generalLost = side.armyGeneralLost && brigades > 0 && 3 * spent >= brigades;
        bool anyOnTable = false;
        for (const auto& u : m_units)
            if (u.side == s && u.status == UnitStatus::OnTable) anyOnTable = true;
        bool allWithdraw = anyOnTable;
        for (const auto& b : m_brigades)
            if (b.side == s && b.posture != Posture::Withdraw) allWithdraw = false;
        if (ordered || byLoss || allSpent || generalLost || allWithdraw) {
            side.withdrawing = true;
            side.withdrawTurn = m_turn;
            side.rearguardUntil = m_turn + 2;
            for (auto& b : m_brigades)
                if (b.side == s) b.posture = Posture::Withdraw;
            ++m_events[side.id + ".withdrew"];
            if (m_narrative)
                log(side.name + " breaks off and withdraws" +
                    (ordered                            ? std::string(" (as ordered)")
                     : byLoss && m_params.withdrawOnMen ? " (" + std::to_string(menOutNow(s).first) + " of its " +
                                                              std::to_string(menOutNow(s).second) + " men out of the fight)"
                     : byLoss      ? " (losses " + loss.text() + " of " + side.start.text() + " points)"
                     : allSpent    ? " (every brigade spent)"
                     : generalLost ? " (army general lost)"
                                   : "") +
                    ".");
        }
    }
}

void Engine::counterattack() {
    // §2.8 [X] counterattack_ratio: the Hold posture is for a side that must be attacked to be beaten. When the enemy
    // in sight is far the weaker, standing still only lets it go home at nightfall: the stronger side's brigades
    // that can still advance go over to the attack.
    if (m_params.counterattackRatio <= 0) return;
    for (int s = 0; s < 2; ++s) {
        if (m_sides[static_cast<std::size_t>(s)].withdrawing) continue;
        bool anyHold = false;
        for (const auto& b : m_brigades)
            if (b.side == s && b.posture == Posture::Hold && !b.spent && b.pinnedUntil == 0) anyHold = true;
        if (!anyHold) continue;
        Points6 own, seen;
        bool near = false;
        for (const auto& u : m_units) {
            if (u.status != UnitStatus::OnTable || u.morale == Morale::Routing || isArtillery(u.type)) continue;
            if (u.side == s) {
                own += figureValue(u, u.figures);
                continue;
            }
            if (!m_visibleToEnemy[static_cast<std::size_t>(u.index)]) continue;
            seen += figureValue(u, u.figures);
            for (const auto& o : sideUnits(s))
                if (o.side == s && o.status == UnitStatus::OnTable && distance(o, u) <= 650) near = true;
        }
        bool comingIn = false;  // nothing of the enemy's still on its way
        for (const auto& u : m_units)
            if (u.side != s && (u.status == UnitStatus::Arriving || u.status == UnitStatus::ReserveOff)) comingIn = true;
        if (!near || comingIn || seen.inSixths() <= 0) continue;
        if (own.inSixths() * 100 < seen.inSixths() * m_params.counterattackRatio) continue;
        for (auto& b : m_brigades)
            if (b.side == s && b.posture == Posture::Hold && !b.spent && b.pinnedUntil == 0) b.posture = Posture::Assault;
        ++m_events[m_sides[static_cast<std::size_t>(s)].id + ".counterattacks"];
        if (m_narrative)
            log(m_sides[static_cast<std::size_t>(s)].name + " sees how few are in front of it and goes over to the attack.");
    }
}

int Engine::mostAdvancedFront(int side) const {
    int f = -1;
    for (const auto& u : m_units)
        if (u.side == side && u.status == UnitStatus::OnTable) f = std::max(f, u.front);
    return f;
}

bool Engine::routersWithinReachOfHorse(int side) const {
    for (const auto& r : sideUnits(side)) {
        if (r.status != UnitStatus::OnTable || r.morale != Morale::Routing) continue;
        for (const auto& e : sideUnits(1 - side)) {
            if (e.status != UnitStatus::OnTable || !isMounted(e.type) || e.morale == Morale::Routing || inContact(e.index)) continue;
            const auto& b = m_brigades[static_cast<std::size_t>(e.brigade)];
            if (b.posture == Posture::Withdraw) continue;
            // A declared charge (Assault) comes in the Morale Phase, before the routers move again; an opportunity
            // charge (any posture, §2.8) after their rout move, with half the reach.
            const bool declares = b.posture == Posture::Assault && !b.spent;
            const int reach = declares ? chargeReach(e, ChargeKind::Declared) : chargeReach(e, ChargeKind::Opportunity) - routRate(r);
            if (distance(e, r) <= reach) return true;
        }
    }
    return false;
}

void Engine::earlyEndChecks() {
    if (m_over) return;
    // (a) a side with nothing on table that is not routing, and nothing to come.
    for (int s = 0; s < 2; ++s) {
        bool standing = false;
        for (const auto& u : m_units)
            if (u.side == s && u.status == UnitStatus::OnTable && u.morale != Morale::Routing) standing = true;
        if (!standing && !arrivalsPending(s)) {
            // broken_side_end = after_pursuit [X]: while enemy horse can still charge its routers, the battle goes on,
            // so that they are pursued as on the table (§2.16: cavalry keeps charging the beaten unit while it can
            // reach it, ¶478; routers contacted by a charge suffer an automatic major defeat, ¶489). Routers outrun
            // foot (§1.9), so with no horse near them the day ends at once as before.
            if (m_params.pursueBeforeEnd && routersWithinReachOfHorse(s)) continue;
            m_over = true;
            m_endReason = m_sides[static_cast<std::size_t>(s)].withdrawing ? EndReason::Withdrawal : EndReason::OneSideBroken;
            bool anyOnTable = false;
            for (const auto& u : m_units)
                if (u.side == s && u.status == UnitStatus::OnTable) anyOnTable = true;
            if (!anyOnTable && !m_sides[static_cast<std::size_t>(s)].withdrawing) m_endReason = EndReason::OneSideBroken;
            if (m_narrative) log(m_sides[static_cast<std::size_t>(s)].name + " has no formed troops left on the field.");
            return;
        }
    }
    // (b) two quiet turns with both sides holding or withdrawing and nothing to come: mutual break-off.
    if (m_quietTurns >= 2 && !arrivalsPending(0) && !arrivalsPending(1)) {
        bool allPassive = true;
        for (const auto& b : m_brigades) {
            bool onTable = false;
            for (int ui : b.units) onTable = onTable || unit(ui).status == UnitStatus::OnTable;
            // idle_assault = holds [X]: an attacking brigade that has done nothing toward the enemy for two turns has
            // nothing it may attack or approach (cavalry before troops in buildings, a line before skirmishers it
            // cannot see in a heavy wood): it holds as much as a brigade in the Hold posture does.
            const bool idle = m_params.idleAssaultHolds && b.idleTurns >= 2;
            if (onTable && b.posture == Posture::Assault && !b.spent && !idle) allPassive = false;
        }
        if (allPassive) {
            m_over = true;
            m_endReason = EndReason::MutualBreakoff;
            if (m_narrative) log("Neither side presses the fight; both break off.");
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// End of the battle (§2.20) and accounting (§2.21, §3)

bool Engine::surrounded(const Unit& u) const {
    // EM chart §7: the route to the own rear edge is closed by formed enemy across the unit's files.
    if (u.status != UnitStatus::OnTable || u.lane != 0) return false;
    for (const auto& e : sideUnits(1 - u.side)) {
        if (e.side == u.side || e.status != UnitStatus::OnTable || e.lane != 0) continue;
        if (!isFormed(e) || e.morale == Morale::Routing) continue;
        if (overlapFiles(u, e) < std::min(u.w, 1)) continue;
        // enemy standing behind the unit: its front is past the unit's rear
        const int sep = separation(u, e);
        if (sep < -u.depth - 20 && e.x0 <= u.x0 && e.x0 + e.w >= u.x0 + u.w) return true;
    }
    return false;
}

void Engine::nightActions() {
    m_dice->setContext(m_turn, c::Phase::Nightfall);
    // §2.20 [X] night_surround = losing_side: the side left holding the field is not cut off by the enemy it has
    // beaten; only the other side's units can be surrounded and taken in the dark.
    const int holderNow = m_params.surroundLoserOnly ? fieldHolder(nullptr) : kNoSide;
    for (auto& u : m_units) {
        if (u.status != UnitStatus::OnTable) continue;
        if (u.morale == Morale::Routing && u.pursuedThisTurn) {
            // EM: routers pursued in the last turn are scattered.
            u.scattered += u.figures;
            u.figures = 0;
            u.status = UnitStatus::Scattered;
            if (m_narrative) log(unitName(u.index) + " is scattered in the dark.");
            continue;
        }
        if (u.side != holderNow && surrounded(u)) {
            if (m_narrative) log(unitName(u.index) + " is surrounded at nightfall and captured.");
            m_surrounded[static_cast<std::size_t>(u.side)] = true;
            ++m_events[m_sides[static_cast<std::size_t>(u.side)].id + ".surrounded"];
            surrenderUnit(u.index, 1 - u.side, kNone);
        }
    }
}

int Engine::fieldHolder(std::string* why) const {
    auto because = [&](int side, const char* reason) {
        if (why) *why = reason;
        return side;
    };
    auto gone = [&](int s) {
        if (m_sides[static_cast<std::size_t>(s)].withdrawing) return true;
        for (const auto& u : m_units)
            if (u.side == s && u.status == UnitStatus::OnTable && u.morale != Morale::Routing) return false;
        return true;
    };
    const bool goneA = gone(kSideA), goneB = gone(kSideB);
    if (goneA && goneB) return because(kNoSide, "both sides have left it");
    if (goneA) return because(kSideB, "the other side has left it");
    if (goneB) return because(kSideA, "the other side has left it");
    // (1) uncontested possession of the key feature; (2) contested urban area or fortification: its defender.
    for (const auto& f : m_features) {
        if (!f.key) continue;
        bool held[2] = {false, false}, on[2] = {false, false};
        for (const auto& u : m_units) {
            if (u.status != UnitStatus::OnTable || u.lane != 0) continue;
            const int y = absFront(u);
            const int mid = u.x0 + u.w / 2;
            const bool inside = mid >= f.x0 && mid < f.x1 && y >= f.y0 - 40 && y <= f.y1 + 40;
            if (!inside) continue;
            on[u.side] = true;
            if (u.morale != Morale::Routing && u.morale != Morale::Shaken && stands(u) >= 2) held[u.side] = true;
        }
        for (int s = 0; s < 2; ++s)
            if (held[s] && !on[1 - s]) return because(s, "it holds the key ground uncontested");
        const bool fort = f.kind == FeatureKind::LightUrban || f.kind == FeatureKind::HeavyUrban ||
                          f.kind == FeatureKind::HeavyWorks || f.kind == FeatureKind::LightWorks;
        if (fort && (on[0] || on[1])) return because(m_holder, "it defends the contested works or buildings");
    }
    // Works built for a side count as its key feature when no other is marked. The fortification of §2.20 is what
    // the resolver treats as one everywhere else (heavy works: no flanks, the Unsteady volley table, ¶408): where the
    // holder has heavy works they alone are the key ground, and its light works (breastworks, fences) only cover its
    // line, like hedges (`works_key = heavy_first`); light works are the key only where there is nothing stronger.
    bool anyKey = false, heavyWorks = false;
    for (const auto& f : m_features) {
        anyKey = anyKey || f.key;
        heavyWorks = heavyWorks || (f.kind == FeatureKind::HeavyWorks && f.owner == m_holder);
    }
    const bool lightCounts = !(m_params.worksKeyHeavyFirst && heavyWorks);
    if (!anyKey) {
        bool works = false, defenderOn = false, attackerOn = false;
        for (const auto& f : m_features)
            if ((f.kind == FeatureKind::HeavyWorks || (lightCounts && f.kind == FeatureKind::LightWorks)) && f.owner == m_holder) {
                works = true;
                for (const auto& u : m_units) {
                    if (u.status != UnitStatus::OnTable || u.lane != 0 || u.morale == Morale::Routing) continue;
                    const int mid = u.x0 + u.w / 2;
                    const int y = absFront(u);
                    if (mid >= f.x0 && mid < f.x1 && y >= f.y0 - 40 && y <= f.y1 + 40) {
                        if (u.side == m_holder && stands(u) >= 2 && u.morale != Morale::Shaken) defenderOn = true;
                        if (u.side != m_holder) attackerOn = true;
                    }
                }
            }
        if (works) {
            if (defenderOn) return because(m_holder, "it still holds its works");
            if (attackerOn) return because(1 - m_holder, "it has taken the works");
        }
    }
    // (3) No key feature decides. The spec's reading [A] counts the non-routing, non-Shaken stands within the middle
    // third of the depth (`field_test = middle_third`); it hands the field to an attacker that has walked into the
    // middle while the defender still stands, unbroken and stronger, in its own third (Green Spring). The EM chart
    // has both sides fall back at nightfall unless they hold a feature; the side that stays in the hex is then the
    // one stronger in formed troops on the field: by default their stand value (§3.3 points, `formed_points`), or
    // their stand count (`formed_stands`); units in a flank lane are on the field too (rules-mapping-battle.md).
    std::int64_t count[2] = {0, 0};
    for (const auto& u : m_units) {
        if (u.status != UnitStatus::OnTable || u.morale == Morale::Routing || u.morale == Morale::Shaken) continue;
        const int y = absFront(u);
        switch (m_params.fieldTest) {
            case FieldTest::MiddleThird:
                if (y >= m_depth / 3 && y <= 2 * m_depth / 3) count[u.side] += stands(u);
                break;
            case FieldTest::FormedStands: count[u.side] += stands(u); break;
            case FieldTest::FormedPoints: count[u.side] += static_cast<std::int64_t>(stands(u)) * standValue(u); break;
        }
    }
    const char* reason = m_params.fieldTest == FieldTest::MiddleThird    ? "it has more formed stands in the middle of the field"
                         : m_params.fieldTest == FieldTest::FormedStands ? "it has more formed stands on the field"
                                                                         : "it is the stronger in formed troops on the field";
    if (count[0] != count[1]) return because(count[0] > count[1] ? kSideA : kSideB, reason);
    return because(m_holder, "neither side drove the other from it");  // (5)
}

void Engine::settleGuns(int holder) {
    // §2.18 [X]: abandoned guns nobody holds go with the side that holds the field.
    for (auto& u : m_units)
        for (auto& g : u.guns)
            if (g.abandoned && !g.destroyed && g.holder == kNoSide) g.holder = holder == kNoSide ? u.side : holder;
}

SideLedger Engine::ledgerFor(int side, bool final, std::vector<UnitResult>* unitsOut) const {
    SideLedger l;
    l.start = m_sides[static_cast<std::size_t>(side)].start;
    // Item names are left out of an outcome-only result (the totals read only the points).
    auto itemName = [&](const std::string& id, const char* suffix = "") { return m_outcomeOnly ? std::string() : id + suffix; };
    for (const auto& u : m_units) {
        if (u.side == side) {
            UnitResult r;
            Points6 full, half;
            const int lost = u.lostFire + u.lostCloseAssault;
            if (lost > 0) {
                const Points6 p = figureValue(u, lost);
                l.full.push_back({LedgerKind::Casualties, itemName(u.id), p});
                full += p;
            }
            if (u.massacred > 0) {
                const Points6 p = figureValue(u, u.massacred);
                l.full.push_back({LedgerKind::Massacred, itemName(u.id), p});
                full += p;
            }
            for (const auto& g : u.guns) {
                if (g.destroyed) {
                    const Points6 p = Points6::whole(c::gunStandValue(g.calibre));
                    l.full.push_back({LedgerKind::Casualties, itemName(u.id, " gun"), p});
                    full += p;
                } else if (g.abandoned && g.holder != kNoSide && g.holder != side) {
                    const Points6 p = Points6::whole(c::gunStandValue(g.calibre));
                    l.full.push_back({LedgerKind::GunsCaptured, itemName(u.id, " gun"), p});
                    full += p;
                }
            }
            const bool routing = u.status == UnitStatus::OnTable && u.morale == Morale::Routing;
            if (routing && u.figures > 0) {
                const Points6 p = figureValue(u, u.figures).half();
                l.half.push_back({LedgerKind::Routing, itemName(u.id), p});
                half += p;
            }
            if (u.surrendered > 0) {
                const Points6 p = figureValue(u, u.surrendered).half();
                l.half.push_back({LedgerKind::Surrendered, itemName(u.id), p});
                half += p;
            }
            if (u.status == UnitStatus::OffReturning && u.figures > 0) {
                const Points6 p = figureValue(u, u.figures).half();
                l.half.push_back({LedgerKind::OffTable, itemName(u.id), p});
                half += p;
            }
            if (u.scattered > 0) {
                const Points6 p = figureValue(u, u.scattered).half();
                l.half.push_back({LedgerKind::Scattered, itemName(u.id), p});
                half += p;
            }
            if (u.removedSpent > 0) {
                const Points6 p = figureValue(u, u.removedSpent).half();
                l.half.push_back({LedgerKind::SpentRemnant, itemName(u.id), p});
                half += p;
            }
            if (unitsOut) {
                if (!m_outcomeOnly) {
                    r.id = u.id;
                    r.brigade = brigades()[static_cast<std::size_t>(u.brigade)].id;
                }
                r.side = u.side;
                r.standsStart = u.standsStart;
                r.figuresStart = u.figuresStart;
                // Units that never came onto the table (an arrival not yet due, a reserve never committed) keep
                // every figure: figures are what the campaign reads (§3.3).
                const bool stillHere = u.status == UnitStatus::OnTable || u.status == UnitStatus::Withdrawn ||
                                       u.status == UnitStatus::OffReturning || u.status == UnitStatus::Arriving ||
                                       u.status == UnitStatus::ReserveOff;
                r.figuresEnd = stillHere ? u.figures : 0;
                r.standsEnd = standsOf(r.figuresEnd, u.fps);
                r.figuresLostFire = u.lostFire;
                r.figuresLostCloseAssault = u.lostCloseAssault;
                r.figuresSurrendered = u.surrendered;
                r.figuresCaughtRouting = u.caughtRouting;
                r.figuresMassacred = u.massacred;
                r.figuresRoutingAtEnd = routing ? u.figures : 0;
                r.figuresOffTable = u.status == UnitStatus::OffReturning ? u.figures : 0;
                r.figuresScattered = u.scattered;
                r.moraleEnd = u.morale;
                r.everRouted = u.everRouted;
                r.coloursLostTo = u.coloursLostTo;
                r.pointsLostFull = full;
                r.pointsLostHalf = half;
                switch (u.status) {
                    case UnitStatus::Scattered: r.statusEnd = UnitEnd::Scattered; break;
                    case UnitStatus::Surrendered:
                    case UnitStatus::Massacred: r.statusEnd = UnitEnd::Surrendered; break;
                    case UnitStatus::Destroyed: r.statusEnd = UnitEnd::Destroyed; break;
                    case UnitStatus::RemovedSpent: r.statusEnd = UnitEnd::RemovedSpent; break;
                    case UnitStatus::Withdrawn: r.statusEnd = UnitEnd::Withdrawn; break;
                    case UnitStatus::OffReturning: r.statusEnd = UnitEnd::RoutedToRallyPoint; break;
                    default:
                        if (routing) r.statusEnd = UnitEnd::RoutedToRallyPoint;
                        else if (u.permShaken) r.statusEnd = UnitEnd::ShakenPermanent;
                        else r.statusEnd = UnitEnd::Effective;
                }
                r.recoversByNextOrdersPhase = !u.permShaken && r.figuresEnd * 2 > u.figuresStart;
                if (isArtillery(u.type)) {
                    r.battery = true;
                    r.gunsStart = static_cast<int>(u.guns.size());
                    for (const auto& g : u.guns) {
                        if (g.destroyed) ++r.gunsDestroyed;
                        else if (g.abandoned && g.holder != kNoSide && g.holder != side) ++r.gunsCapturedByEnemy;
                        else ++r.gunsEnd;
                    }
                    r.crewFiguresLost = u.crewLost;
                    r.limbersDamaged = u.limbersDamaged;
                    r.ammoLeft = u.ammo;
                }
                unitsOut->push_back(r);
            }
        } else {
            // Colours and guns taken from this enemy unit.
            if (u.coloursLostTo == side) l.gained.push_back({LedgerKind::Colours, itemName(u.id), Points6::whole(c::kColoursValue)});
        }
    }
    for (const auto& g : m_generals) {
        if (g.side != side || g.fate != StaffFate::Captured) continue;
        const int value = g.army ? c::kCorpsValueForPlayerGeneral : generalValue(g);
        l.full.push_back({LedgerKind::StaffCaptured, itemName(g.id), Points6::whole(value)});
    }
    for (const auto& g : m_generals)
        if (g.side == side && g.army && g.fate == StaffFate::Killed)
            l.full.push_back({LedgerKind::StaffCaptured, itemName(g.id), Points6::whole(c::kCorpsValueForPlayerGeneral)});
    (void) final;
    return l;
}

BattleResult Engine::finish() {
    // Nightfall: locked melees are fought on, without compulsory moves or newcomers (§2.20).
    if (m_endReason == EndReason::Nightfall) {
        m_dice->setContext(m_turn, c::Phase::Nightfall);
        for (int round = 0; round < m_params.extraMeleeRounds && !m_contacts.empty(); ++round) {
            for (const auto& combat : combats()) fightCombat(combat, true);
        }
    }
    m_contacts.clear();
    std::fill(m_contactCount.begin(), m_contactCount.end(), 0);
    nightActions();
    std::string fieldWhy;
    const int holder = fieldHolder(&fieldWhy);
    settleGuns(holder);

    BattleResult r;
    r.units.reserve(m_units.size());
    r.battleId = m_setup.id;
    r.resolverVersion = "redcoats-11";
    r.paramsHash = m_params.hash();
    r.turnsAvailable = m_turns;
    r.turnsFought = m_turn;
    r.endReason = m_endReason;
    r.engaged = m_engaged;
    r.fieldHolder = holder;
    r.retreatingSide = holder == kNoSide ? kNoSide : 1 - holder;
    if (r.retreatingSide != kNoSide) r.retreatToward = m_sides[static_cast<std::size_t>(r.retreatingSide)].supplyPoint;
    for (int s = 0; s < 2; ++s) {
        auto& sr = r.sides[static_cast<std::size_t>(s)];
        sr.id = m_sides[static_cast<std::size_t>(s)].id;
        sr.ledger = ledgerFor(s, true, &r.units);
        sr.withdrew = m_sides[static_cast<std::size_t>(s)].withdrawing;
        sr.armyGeneralLost = m_sides[static_cast<std::size_t>(s)].armyGeneralLost;
        for (const auto& b : m_brigades)
            if (b.side == s && b.spent) sr.brigadesSpent.push_back(b.id);
    }
    for (const auto& u : m_units) {
        auto& mine = r.sides[static_cast<std::size_t>(u.side)];
        auto& theirs = r.sides[static_cast<std::size_t>(1 - u.side)];
        const int perFigure = isArtillery(u.type) ? c::kMenPerCrewFigure : c::kMenPerFigure;
        mine.menLost += perFigure * (u.lostFire + u.lostCloseAssault + u.massacred + u.surrendered + u.scattered);
        mine.prisonersLost += perFigure * (u.surrendered + u.caughtRouting);
        theirs.prisonersTaken += perFigure * (u.surrendered + u.caughtRouting);
        for (const auto& g : u.guns) {
            if (m_outcomeOnly) break;
            if (g.abandoned && !g.destroyed && g.holder != kNoSide && g.holder != u.side) {
                mine.gunsLost.push_back({g.calibre, g.howitzer, u.id});
                theirs.gunsCaptured.push_back({g.calibre, g.howitzer, u.id});
            } else if (g.destroyed) {
                mine.gunsLost.push_back({g.calibre, g.howitzer, u.id});
            }
        }
        if (u.surrendered > 0 || u.status == UnitStatus::Surrendered) ++m_events[mine.id + ".units_surrendered"];
        if (u.status == UnitStatus::RemovedSpent || u.status == UnitStatus::Destroyed) ++m_events[mine.id + ".units_removed"];
    }
    for (const auto& g : m_generals) {
        if (m_outcomeOnly) break;
        GeneralResult gr;
        gr.id = g.id;
        gr.side = g.side;
        gr.rank = g.rank;
        gr.ratingStart = g.ratingStart;
        gr.fate = g.fate;
        gr.aidesLost = g.aidesLost;
        gr.escortLost = g.escortLost;
        if (g.replacedBy != kNone) {
            gr.replacementId = general(g.replacedBy).id;
            gr.replacementRating = general(g.replacedBy).rating;
        }
        if (g.fate == StaffFate::Captured) gr.pointsLost = Points6::whole(g.army ? c::kCorpsValueForPlayerGeneral : generalValue(g));
        if (g.fate == StaffFate::Killed && g.army) gr.pointsLost = Points6::whole(c::kCorpsValueForPlayerGeneral);
        if (g.fate == StaffFate::Captured) {
            r.sides[static_cast<std::size_t>(g.side)].prisonersLost += c::kMenPerCrewFigure;
            r.sides[static_cast<std::size_t>(1 - g.side)].prisonersTaken += c::kMenPerCrewFigure;
        }
        r.generals.push_back(gr);
    }
    r.verdict = settle(r.sides[0].ledger, r.sides[1].ledger);
    for (int s = 0; s < 2; ++s) r.sides[static_cast<std::size_t>(s)].lineOfRetreatBlocked = m_surrounded[static_cast<std::size_t>(s)];
    r.rollCount = m_dice->count();
    r.rollLogHash = m_dice->logHash();
    if (m_outcomeOnly) r.events = std::move(m_events);
    else r.events = m_events;
    if (m_narrative) {
        m_dice->setContext(m_turn, c::Phase::Nightfall);
        std::string line = "The battle ends (" + std::string(endReasonName(m_endReason)) + ") after " + std::to_string(m_turn) +
                           " turns. ";
        line += holder == kNoSide ? "Neither side holds the field (" + fieldWhy + "). "
                                  : m_sides[static_cast<std::size_t>(holder)].name + " holds the field (" + fieldWhy + "). ";
        for (int s = 0; s < 2; ++s) {
            const auto& led = r.sides[static_cast<std::size_t>(s)].ledger;
            line += m_sides[static_cast<std::size_t>(s)].name + " net loss " + led.netLoss().text() + " of " + led.start.text() + "; ";
        }
        line += r.verdict.winner == kNoSide
                    ? "a draw."
                    : "winner " + m_sides[static_cast<std::size_t>(r.verdict.winner)].name + " by " + r.verdict.margin.text() + " (" +
                          std::string(decisivenessName(r.verdict.decisiveness)) + ").";
        if (!m_engaged)
            line += m_params.quietUnlessHit ? " No shot told, nobody tried a charge or came to grips all day: a standoff."
                                            : " Nobody fired, tried a charge or came to grips all day: a standoff.";
        if (m_narrative) log(line);
    }
    return r;
}

}  // namespace etatmajor::battle
