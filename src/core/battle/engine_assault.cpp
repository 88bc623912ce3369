// SPDX-License-Identifier: GPL-3.0-or-later
// Engine: the Close Assault Phase (tactical-resolver.md §2.10 VI, §2.14): combats, automatic victories (§1.15),
// factors, dice, the victory scale and results (§1.16), compulsory moves, break-throughs, pursuit, captured guns,
// surrenders and massacres (§1.17, §2.16), removal of spent units (G10).
#include "etatmajor/battle/engine.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>

namespace etatmajor::battle {

namespace c = charts;

std::vector<std::vector<int>> Engine::combats() const {
    // Connected components of the contact graph, each sorted, ordered by their lowest unit index (§4.2).
    std::vector<int> comp(m_units.size(), -1);
    std::vector<std::vector<int>> out;
    for (const auto& p : m_contacts) {
        for (int start : {p.a, p.b}) {
            if (comp[static_cast<std::size_t>(start)] >= 0) continue;
            const int id = static_cast<int>(out.size());
            out.emplace_back();
            std::vector<int> stack{start};
            comp[static_cast<std::size_t>(start)] = id;
            while (!stack.empty()) {
                const int x = stack.back();
                stack.pop_back();
                out.back().push_back(x);
                for (const auto& q : m_contacts) {
                    int y = kNone;
                    if (q.a == x) y = q.b;
                    if (q.b == x) y = q.a;
                    if (y != kNone && comp[static_cast<std::size_t>(y)] < 0) {
                        comp[static_cast<std::size_t>(y)] = id;
                        stack.push_back(y);
                    }
                }
            }
        }
    }
    for (auto& v : out) std::sort(v.begin(), v.end());
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.front() < b.front(); });
    return out;
}

void Engine::closeAssaultPhase() {
    m_dice->setContext(m_turn, c::Phase::CloseAssault);
    // With no unit in contact there is no combat, and nothing else here (nor before the next phase's own refresh)
    // reads who is in command: the refresh is for the combats only (performance.md P4).
    if (!m_contacts.empty()) {
        refreshCommand();
        for (const auto& combat : combats()) fightCombat(combat, false);
    }
    removeSpentUnits();
    permanentShaken();
    for (auto& u : m_units)
        if (!inContact(u.index)) {
            u.pushBacks = 0;
            u.staffLostInMelee = 0;
        }
}

namespace {
bool touches(const std::vector<ContactPair>& contacts, int a, int b) {
    for (const auto& p : contacts)
        if ((p.a == a && p.b == b) || (p.a == b && p.b == a)) return true;
    return false;
}
}  // namespace

CaSideInputs Engine::caInputs(std::span<const int> side, std::span<const int> enemy, bool hypothetical, int hypoCharger,
                              bool hypoFlank) const {
    CaSideInputs in;
    auto touching = [&](int x, int e) { return hypothetical || touches(m_contacts, x, e); };
    auto charging = [&](const Unit& x) { return hypothetical ? x.index == hypoCharger : x.charging; };
    auto startSteady = [&](const Unit& x) { return hypothetical ? (x.morale == Morale::Ordered) : x.chargeStartSteady; };
    bool cover = false;
    for (int x : side) cover = cover || unit(x).inWood || unit(x).inUrban || unit(x).inWorks;
    for (int e : enemy) cover = cover || unit(e).inWood || unit(e).inUrban || unit(e).inWorks;
    auto engagedStands = [&](const Unit& x, std::span<const int> opp) {
        if (isArtillery(x.type)) {
            int g = 0;
            for (const auto& gun : x.guns) g += (!gun.destroyed && !gun.abandoned) ? 1 : 0;
            return g;
        }
        int s = stands(x);
        bool vsSkirmishers = false;
        for (int e : opp) vsSkirmishers = vsSkirmishers || unit(e).formation == Formation::Skirmish;
        if ((cover || vsSkirmishers) && !hypothetical) {
            int files = 0;
            for (int e : opp)
                if (touching(x.index, e)) files += std::max(1, overlapFiles(x, unit(e)));
            s = std::min(s, std::max(1, files));
        }
        return s;
    };
    auto& byClass = m_classScratch;  // (class, stands) per unit of the side; reused, caInputs does not nest
    byClass.clear();
    int mine = 0, theirs = 0;
    for (int x : side) {
        const auto& u = unit(x);
        const int s = engagedStands(u, enemy);
        mine += s;
        byClass.emplace_back(u.unitClass, s);
    }
    for (int e : enemy) theirs += engagedStands(unit(e), side);
    in.unitClass = majorityClass(byClass);
    if (!cover && mine > theirs) in.standsMore = mine - theirs;

    int pushBacks = 0;
    for (int x : side) {
        const auto& u = unit(x);
        pushBacks = std::max(pushBacks, u.pushBacks);
        const bool charged = charging(u);
        // terrain and earlier rounds
        if (!charged && u.cover == 2) ++in.defendingHeavyCover;
        else if (!charged && u.cover == 1) ++in.defendingLightCover;
        int enemyElev = 0;
        bool vsShakenOrNative = false, vsFoot = false, vsArtilleryOrScreen = false, vsMountedInf = false;
        bool vsFootOrIrregular = false, vsLine = false, vsShaken = false, vsMounted = false;
        for (int e : enemy) {
            if (!touching(x, e)) continue;
            const auto& t = unit(e);
            enemyElev = std::max(enemyElev, t.elevation);
            const bool shaken = t.morale == Morale::Shaken || t.morale == Morale::Routing;
            vsShaken = vsShaken || shaken;
            vsShakenOrNative = vsShakenOrNative || shaken || t.type == UnitType::Native;
            vsFoot = vsFoot || isFoot(t.type);
            vsArtilleryOrScreen = vsArtilleryOrScreen || (isArtillery(t.type) && t.formation != Formation::Limbered) ||
                                  (t.formation == Formation::Skirmish && inOpen(t) && !t.inUrban && !t.inHeavyWood && !t.inWorks);
            vsMountedInf = vsMountedInf || t.type == UnitType::MountedInfantry;
            vsFootOrIrregular = vsFootOrIrregular || isFoot(t.type) || isIrregularType(t.type);
            vsLine = vsLine || t.formation == Formation::Line;
            vsMounted = vsMounted || isMounted(t.type) || isIrregularType(t.type);
        }
        if (u.elevation > enemyElev) {
            if (u.elevation == 2) ++in.uphillHighHill;
            else ++in.uphillLowRise;
        }
        // command
        if (inCommand(x)) {
            switch (commandRating(x)) {
                case Rating::Exceptional: ++in.exceptionalCommand; break;
                case Rating::Capable: ++in.capableCommand; break;
                case Rating::Inept: ++in.ineptCommand; break;
            }
        }
        if (u.staffLostInMelee > 0) ++in.staffLost;
        if (isMounted(u.type) && u.formation != Formation::Dismounted) {
            if (vsShakenOrNative && vsFoot) ++in.mountedVsBoth;
            else if (vsShakenOrNative) ++in.mountedVsShakenOrNative;
            else if (vsFoot) ++in.mountedVsFoot;
            if (charged && startSteady(u)) in.mountedChargingSteady = true;
            if (charged && !startSteady(u)) in.mountedChargingUnsteady = true;
            if (vsArtilleryOrScreen) ++in.mountedVsArtilleryOrScreen;
            if (vsMountedInf) ++in.mountedVsMountedInfantry;
            if ((charged || u.pushBacks > 0) && vsFootOrIrregular &&
                (u.type == UnitType::LightCavalry || u.type == UnitType::IrregularCavalry))
                ++in.cavalryVsFootOrIrregular;
            if (charged && (u.formation == Formation::OpenColumn || u.formation == Formation::ClosedColumn) && vsLine)
                ++in.columnChargingLine;
        } else if (!isArtillery(u.type)) {
            if (vsArtilleryOrScreen) ++in.footVsScreenOrArtillery;
            if (vsShaken) ++in.footVsShaken;
            if (u.type == UnitType::Native) ++in.nativeFoot;
            if ((u.formation == Formation::ClosedColumn || u.formation == Formation::ReinforcedLine) && vsMounted) ++in.denseVsMounted;
            if (charged) in.infantryCharging = true;
            if (u.type == UnitType::LightInfantry && (u.inWood || u.inUrban)) ++in.lightInfantryInWoodsOrUrban;
            if ((inOpen(u) && touchingSteadyFriend(u)) || u.inUrban || u.inWood || u.inWorks) ++in.touchingSteadyFriendOrCover;
        } else {
            if ((inOpen(u) && touchingSteadyFriend(u)) || u.inUrban || u.inWorks) ++in.touchingSteadyFriendOrCover;
        }
    }
    in.pushBacksSuffered = pushBacks;

    // Fighting the flank or rear (once per phase).
    for (int x : side)
        for (int e : enemy) {
            if (!touching(x, e)) continue;
            if (unit(e).facingAway) in.flankOrRear = true;
            if (hypothetical) {
                if (x == hypoCharger && hypoFlank) in.flankOrRear = true;
            } else {
                for (const auto& p : m_contacts)
                    if (p.a == x && p.b == e && p.flank) in.flankOrRear = true;
            }
        }

    // Overlap by at least one stand-width (once per phase; not cavalry against squares, which do not exist here).
    auto frontage = [&](std::span<const int> group) {
        int lo = m_width, hi = 0, files = 0;
        for (int x : group) {
            const auto& u = unit(x);
            lo = std::min(lo, u.x0);
            hi = std::max(hi, u.x0 + u.w);
        }
        files = std::max(0, hi - lo);
        if (!hypothetical) {
            bool left = false, right = false;
            for (const auto& f : m_units) {
                if (f.status != UnitStatus::OnTable || f.morale == Morale::Routing || f.lane != 0) continue;
                if (std::find(group.begin(), group.end(), f.index) != group.end() || inContact(f.index)) continue;
                if (group.empty() || f.side != unit(group.front()).side) continue;
                if (f.formation != Formation::Line || std::abs(f.front - unit(group.front()).front) > 20) continue;
                if (f.x0 + f.w == lo) left = true;
                if (f.x0 == hi) right = true;
            }
            files += (left ? 1 : 0) + (right ? 1 : 0);
        }
        return files;
    };
    bool flankers = false;
    for (const auto& p : m_contacts) flankers = flankers || p.flank;
    if (!hypothetical || !hypoFlank) {
        const int f1 = frontage(side), f2 = frontage(enemy);
        if (f1 >= f2 + 1 && !flankers) in.overlap = true;
    }
    return in;
}

int Engine::caMarginNow(int attacker, int defender, bool attackerCharging, bool flank) const {
    const int a[1] = {attacker};
    const int d[1] = {defender};
    const CaSideInputs ia = caInputs(a, d, true, attackerCharging ? attacker : kNone, flank);
    const CaSideInputs id = caInputs(d, a, true, kNone, false);
    return caFactorTotal(ia, m_params.mountedVsFootStack) - caFactorTotal(id, m_params.mountedVsFootStack);
}

bool Engine::autoVictory(const std::vector<int>& side, const std::vector<int>& enemy, c::AutoVictory& kind) const {
    // §1.15 automatic major victories; ignored if the losing stands touch other formed friendly units (¶522).
    kind = c::AutoVictory::None;
    if (side.empty() || enemy.empty()) return false;
    bool formedWinner = false, mountedWinner = false;
    for (int x : side) {
        const auto& u = unit(x);
        if (u.morale == Morale::Shaken || u.morale == Morale::Routing) continue;
        if (isFormed(u) && !isArtillery(u.type)) formedWinner = true;
        if (isMounted(u.type) && u.formation != Formation::Dismounted && !treatedAsSkirmishers(u)) mountedWinner = true;
    }
    auto supported = [&](const Unit& l) {
        for (const auto& f : sideUnits(l.side)) {
            if (f.index == l.index || f.side != l.side || f.status != UnitStatus::OnTable || f.lane != l.lane) continue;
            if (f.morale == Morale::Routing || !isFormed(f) || isArtillery(f.type)) continue;
            if (std::find(enemy.begin(), enemy.end(), f.index) != enemy.end()) continue;
            if (fileGap(l, f) == 0 && std::abs(f.front - l.front) <= 20) return true;
        }
        return false;
    };
    bool allScreens = true, allGuns = true, allLying = true, flankOfFoot = true;
    for (int e : enemy) {
        const auto& t = unit(e);
        const bool screenInOpen = t.formation == Formation::Skirmish && isFoot(t.type) && inOpen(t) && !t.inUrban;
        allScreens = allScreens && screenInOpen;
        const bool gunsExposed = isArtillery(t.type) && !t.inUrban && !t.inWorks && t.cover == 0;
        allGuns = allGuns && gunsExposed;
        allLying = allLying && t.formation == Formation::Lying;
        bool flanked = t.facingAway;
        for (const auto& p : m_contacts)
            if (p.b == e && p.flank && std::find(side.begin(), side.end(), p.a) != side.end() && isMounted(unit(p.a).type))
                flanked = true;
        flankOfFoot = flankOfFoot && isFoot(t.type) && inOpen(t) && flanked;
    }
    bool anySupported = false;
    for (int e : enemy) anySupported = anySupported || supported(unit(e));
    if (anySupported) return false;
    if (mountedWinner && allScreens) kind = c::AutoVictory::MountedOverScreenInOpen;
    else if (formedWinner && allGuns) kind = c::AutoVictory::FormedOverArtillery;
    else if (mountedWinner && flankOfFoot) kind = c::AutoVictory::MountedOverFlankOrRear;
    else if (formedWinner && allLying) kind = c::AutoVictory::FormedOverLyingDown;
    return kind != c::AutoVictory::None;
}

void Engine::fightCombat(const std::vector<int>& members, bool wrapUp) {
    std::vector<int> sides[2];
    for (int x : members)
        if (unit(x).status == UnitStatus::OnTable) sides[unit(x).side].push_back(x);
    if (sides[0].empty() || sides[1].empty()) {
        for (int x : members) breakContactsOf(x);
        return;
    }
    m_actionThisTurn = true;
    // Routers caught by a charge suffer an automatic major defeat, resolved first and apart (¶489, ¶522–523).
    std::vector<int> victorsPaid;
    for (int s = 0; s < 2; ++s) {
        std::vector<int> keep;
        for (int x : sides[s]) {
            if (unit(x).morale != Morale::Routing) {
                keep.push_back(x);
                continue;
            }
            std::vector<int> winners;
            for (int e : sides[1 - s])
                if (touches(m_contacts, x, e) && unit(e).morale != Morale::Routing) winners.push_back(e);
            if (winners.empty()) {
                breakContactsOf(x);
                continue;
            }
            bool mounted = false;
            for (int w : winners) mounted = mounted || isMounted(unit(w).type);
            const auto letter = c::majorLetter(mounted, isMounted(unit(x).type));
            if (m_narrative)
                log(unitName(x) + " is caught while routing and cut down (" + std::string(1, c::letterChar(letter)) + ").");
            m_combatLog.push_back({m_turn, 1 - s, letter, true, 0});
            ++m_events[m_sides[static_cast<std::size_t>(1 - s)].id + ".melees_won"];
            // One combat, one result line for each unit (§2.14.4): a victor that has already paid for another
            // router of this combat, or that also fights a formed enemy here (it pays that melee's line), takes
            // no second stand loss.
            // With router_catch_loss=loser_only the victor of a router's automatic defeat pays nothing (§2.23).
            std::vector<int> exempt = victorsPaid;
            if (m_params.routerCatchLoserOnly) exempt.insert(exempt.end(), winners.begin(), winners.end());
            for (int w : winners)
                for (int e : sides[s])
                    if (e != x && unit(e).morale != Morale::Routing && touches(m_contacts, w, e)) exempt.push_back(w);
            applyCaResult(winners, {x}, letter, wrapUp, true, &exempt);
            victorsPaid.insert(victorsPaid.end(), winners.begin(), winners.end());
        }
        sides[s] = keep;
    }
    // drop anyone no longer in contact
    for (int s = 0; s < 2; ++s) {
        std::vector<int> keep;
        for (int x : sides[s])
            if (unit(x).status == UnitStatus::OnTable && inContact(x)) keep.push_back(x);
        sides[s] = keep;
    }
    if (sides[0].empty() || sides[1].empty()) return;

    // Automatic victories (§1.15).
    for (int s = 0; s < 2; ++s) {
        c::AutoVictory kind;
        if (autoVictory(sides[s], sides[1 - s], kind)) {
            bool mounted = false, loserMounted = false;
            for (int w : sides[s]) mounted = mounted || isMounted(unit(w).type);
            for (int l : sides[1 - s]) loserMounted = loserMounted || isMounted(unit(l).type);
            const auto letter = c::majorLetter(mounted, loserMounted);
            if (m_narrative)
                log(m_sides[static_cast<std::size_t>(s)].name + " wins automatically (" + std::string(c::autoVictoryName(kind)) +
                    "): " + std::string(1, c::letterChar(letter)) + ".");
            m_combatLog.push_back({m_turn, s, letter, true, 0});
            ++m_events[m_sides[static_cast<std::size_t>(s)].id + ".melees_won"];
            applyCaResult(sides[s], sides[1 - s], letter, wrapUp, true);
            return;
        }
    }

    // Factors, class and 1d6 a side, the initiative side rolling first (§2.14.3).
    const auto inA = caInputs(sides[0], sides[1], false, kNone, false);
    const auto inB = caInputs(sides[1], sides[0], false, kNone, false);
    const int factors[2] = {caFactorTotal(inA, m_params.mountedVsFootStack), caFactorTotal(inB, m_params.mountedVsFootStack)};
    const auto roll = rollCloseAssault(*m_dice, {factors[0], factors[1]}, m_initiative);
    const int winner = roll.winner;
    const int margin = roll.margin;
    const auto& dice = roll.dice;
    const std::string ties = roll.tieRounds > 0 ? " tied, re-rolled " + std::to_string(roll.tieRounds) + "x;" : "";
    auto majorityMounted = [&](const std::vector<int>& g) {
        int m = 0, f = 0;
        for (int x : g)
            (isMounted(unit(x).type) && unit(x).formation != Formation::Dismounted ? m : f) += std::max(1, stands(unit(x)));
        return m > f;
    };
    const auto letter = c::victoryLetter(majorityMounted(sides[winner]), majorityMounted(sides[1 - winner]), margin);
    if (m_narrative) {
        auto names = [&](const std::vector<int>& g) {
            std::string s;
            for (int x : g) s += (s.empty() ? "" : ", ") + unitName(x);
            return s;
        };
        if (m_narrative)
            log("Melee: " + names(sides[0]) + " " + std::to_string(factors[0]) + "+" + std::to_string(dice[0]) + " against " +
                names(sides[1]) + " " + std::to_string(factors[1]) + "+" + std::to_string(dice[1]) + ";" + ties + " " +
                m_sides[static_cast<std::size_t>(winner)].name + " win by " + std::to_string(margin) + " (" +
                std::string(1, c::letterChar(letter)) + ").");
    }
    m_combatLog.push_back({m_turn, winner, letter, false, margin});
    ++m_events[m_sides[static_cast<std::size_t>(winner)].id + ".melees_won"];
    applyCaResult(sides[winner], sides[1 - winner], letter, wrapUp, false);
    if (letter != c::CaLetter::B) {
        for (int x : sides[1 - winner]) unit(x).pushBacks = 0;
    }
    // Staff with units in the combat take their risk (¶313).
    for (int s = 0; s < 2; ++s)
        for (int x : sides[s]) {
            for (auto& g : m_generals)
                if (g.attachedTo == x && generalAvailable(g)) {
                    staffCasualtyRoll(g.index, false, x, 0);
                    if (g.gone || m_turn < g.outUntil) ++unit(x).staffLostInMelee;
                }
            if (unit(x).attachedAdcOf != kNone) {
                const int before = general(unit(x).attachedAdcOf).aides;
                const int gi = unit(x).attachedAdcOf;
                staffCasualtyRoll(gi, true, x, 0);
                if (general(gi).aides < before) ++unit(x).staffLostInMelee;
            }
        }
    if (!m_firstAssaultFailed) {
        bool attackerLost = false;
        for (int x : sides[1 - winner]) attackerLost = attackerLost || unit(x).charging;
        if (attackerLost) {
            m_firstAssaultFailed = true;
            m_assaultFailedTurn = m_turn;
        }
    }
}

void Engine::abandonGuns(Unit& u) {
    for (auto& g : u.guns) {
        if (g.destroyed || g.abandoned) continue;
        g.abandoned = true;
        g.holder = kNoSide;
        const int i = static_cast<int>(&g - u.guns.data());
        // battalion guns stand in their battalion's right-hand file (§2.18)
        g.x = std::min(m_width - 1, hasBattalionGuns(u) ? u.x0 + std::max(0, u.w - 1) : u.x0 + std::min(i, std::max(0, u.w - 1)));
        g.y = absFront(u);
    }
}

void Engine::capturedGunsCheck(int vi) {
    // §2.18 [A]: a non-Shaken unit of two or more stands moving onto or through abandoned guns holds them.
    const auto& v = unit(vi);
    if (v.status != UnitStatus::OnTable || v.morale == Morale::Shaken || v.morale == Morale::Routing || stands(v) < 2) return;
    if (isArtillery(v.type) || v.lane != 0) return;
    const int yv = absFront(v);
    for (auto& u : m_units)
        for (auto& g : u.guns) {
            if (!g.abandoned || g.destroyed || g.x < v.x0 || g.x >= v.x0 + v.w) continue;
            const bool over = v.side == kSideA ? yv >= g.y - 20 : yv <= g.y + 20;
            if (!over) continue;
            if (g.holder != v.side) {
                g.holder = v.side;
                if (v.side != u.side) log(unitName(vi) + " takes " + unitName(u.index) + "'s guns.");
            }
        }
}

void Engine::compulsoryAdvance(int vi, int paces) {
    auto& v = unit(vi);
    if (paces <= 0 || v.status != UnitStatus::OnTable) return;
    if (v.lane != 0) {
        v.front = std::min(depthFor(v.lane), v.front + paces);
        return;
    }
    int newFront = v.front + paces;
    int fresh = kNone;
    for (const auto& e : sideUnits(1 - v.side)) {
        if (e.side == v.side || e.status != UnitStatus::OnTable || e.lane != 0 || overlapFiles(v, e) == 0) continue;
        if (e.morale == Morale::Routing) continue;
        const int contactFront = m_depth - e.front;
        if (contactFront >= v.front && contactFront <= newFront) {
            if (fresh == kNone || contactFront < m_depth - unit(fresh).front) fresh = e.index;
        }
    }
    if (fresh != kNone) newFront = m_depth - unit(fresh).front;
    newFront = std::min(newFront, m_depth - 1);
    v.front = newFront;
    refreshTerrain(v);
    capturedGunsCheck(vi);
    if (fresh != kNone) {
        // Break-through (§16.7): the victor stops in contact with a fresh enemy unit.
        addContact({vi, fresh, false, true});
        if (m_narrative) log(unitName(vi) + " breaks through into " + unitName(fresh) + ".");
    }
}

void Engine::flankAdvance(int vi, int paces, int direction) {
    // One file for each full stand-width of the compulsory move, stopping short of any unit standing level with the
    // victor in the files it would enter (the beaten enemy has already gone back). A fresh enemy unit met there is
    // a break-through (§16.7), into its flank: the victor stops in contact with it.
    auto& v = unit(vi);
    const int files = paces / c::kStandWidth;
    const int y = absFront(v);
    int fresh = kNone;
    for (int step = 0; step < files; ++step) {
        Unit moved = v;
        moved.x0 = v.x0 + direction;
        if (moved.x0 < 0 || moved.x0 + moved.w > m_width) break;
        bool blockedHere = false;
        for (const auto& x : m_units) {
            if (x.index == vi || x.status != UnitStatus::OnTable || x.lane != 0) continue;
            if (overlapFiles(moved, x) == 0 || overlapFiles(v, x) > 0) continue;
            if (std::abs(absFront(x) - y) > 40) continue;
            blockedHere = true;
            if (x.side != v.side && x.morale != Morale::Routing && fresh == kNone) fresh = x.index;
        }
        if (blockedHere) break;
        v.x0 = moved.x0;
    }
    refreshTerrain(v);
    capturedGunsCheck(vi);
    if (fresh != kNone) {
        addContact({vi, fresh, true, true});
        if (m_narrative) log(unitName(vi) + " breaks through into the flank of " + unitName(fresh) + ".");
    }
}

void Engine::applyCaResult(const std::vector<int>& winners, const std::vector<int>& losers, c::CaLetter letter, bool wrapUp,
                           bool automatic, const std::vector<int>* victorsPaid) {
    (void)automatic;
    const auto& line = c::caResult(letter);
    const int winnerSide = unit(winners.front()).side;
    // A victor that charged a standing loser's flank advances along the axis of its charge, across the files toward
    // where the loser stood (taken before losses break the contacts), not deeper into the field (¶525 via §2.14.4).
    // Routers caught in the flank were chased along their rout path: the victor goes on along it, as before.
    const auto flankDirection = victorFlankDirections(winners, losers);
    payVictors(winners, line, victorsPaid);
    for (int l : losers) applyLoserResult(l, line, winnerSide);
    if (wrapUp) {
        if (!line.stillLocked)
            for (int l : losers) breakContactsOf(l);
        return;
    }
    if (line.stillLocked) {
        pushBackMelee(winners, losers, line);
        return;
    }
    afterCombatMoves(winners, losers, line, flankDirection);
}

// The direction across the files (+1 up, -1 down) in which each victor that charged a standing loser's flank
// advances after the combat, 0 for straight ahead; read while the contacts still stand.
std::vector<int> Engine::victorFlankDirections(const std::vector<int>& winners, const std::vector<int>& losers) const {
    bool routerCatch = true;
    for (int l : losers) routerCatch = routerCatch && unit(l).morale == Morale::Routing;
    std::vector<int> flankDirection(winners.size(), 0);
    for (std::size_t k = 0; k < winners.size() && !routerCatch; ++k)
        for (const auto& p : m_contacts)
            if (p.a == winners[k] && p.flank && std::find(losers.begin(), losers.end(), p.b) != losers.end()) {
                const auto& v = unit(p.a);
                const auto& l = unit(p.b);
                flankDirection[k] = 2 * l.x0 + l.w >= 2 * v.x0 + v.w ? 1 : -1;
            }
    return flankDirection;
}

// The victors' casualty line, and the Unsteadiness every close assault leaves (§1.16, §2.14.4).
void Engine::payVictors(const std::vector<int>& winners, const c::CaResultLine& line, const std::vector<int>* victorsPaid) {
    // §1.16 [I] victor_loss = once_per_combat: the victorious side pays its casualty line once, from its largest
    // unit that has a stand to spare (a unit's last stand is never taken by its own victory); per_unit: every
    // victorious unit pays (the spec's reading). rules-mapping-battle.md, "The price of winning a melee".
    int payer = kNone;
    if (m_params.victorLossOnce && line.victorStands > 0) {
        bool anyPaid = false;
        for (int w : winners)
            anyPaid = anyPaid || (victorsPaid && std::find(victorsPaid->begin(), victorsPaid->end(), w) != victorsPaid->end());
        if (!anyPaid) {
            int most = 1;
            for (int w : winners) {
                const auto& x = unit(w);
                const int n = isArtillery(x.type) ? 0 : stands(x);
                if (n > most) {
                    most = n;
                    payer = w;
                }
            }
        }
    }
    for (int w : winners) {
        auto& u = unit(w);
        const bool paid = m_params.victorLossOnce
                              ? w != payer
                              : victorsPaid && std::find(victorsPaid->begin(), victorsPaid->end(), w) != victorsPaid->end();
        if (line.victorStands > 0 && !paid) {
            if (isArtillery(u.type)) damageBattery(w, line.victorStands, c::kSmallArmsDamageModifier, false);
            else removeStands(u, line.victorStands, true);
        }
        if (u.morale == Morale::Ordered) u.morale = Morale::Unsteady;  // every close assault leaves units Unsteady
        u.haltUnsteady = false;
        u.facingAway = false;
        // A victor whose own casualty line takes its last stand is destroyed, but the beaten enemy, thrown back or
        // routing, captures nothing: its colours are not taken (¶574 pays the captor; §2.14.4 read so).
        destroyIfEmpty(w, true, kNoSide);
    }
}

// A loser's casualty line, its guns abandoned, its morale after the combat (§2.14.4).
void Engine::applyLoserResult(int l, const c::CaResultLine& line, int winnerSide) {
    auto& u = unit(l);
    if (isArtillery(u.type)) {
        damageBattery(l, line.loserStands, c::kSmallArmsDamageModifier, false);
        if (line.victory) {
            abandonGuns(u);  // crews flee; guns stay where they stood (§2.14.4 [I])
            if (u.morale != Morale::Routing && u.figures > 0) {
                u.morale = Morale::Routing;
                u.everRouted = true;
                u.routTurn = m_turn;
                u.routMoveFrom = m_turn + 1;
                u.brokenTurn = m_turn;
            }
        }
    } else {
        const int before = u.lostCloseAssault;
        const bool wasRouting = u.morale == Morale::Routing;
        removeStands(u, line.loserStands, true);
        if (wasRouting && m_params.caughtRoutersTaken) u.caughtRouting += u.lostCloseAssault - before;
    }
    if (u.status != UnitStatus::OnTable) return;
    u.facingAway = line.loserFacesAway;
    switch (line.loserMorale) {
        case c::LoserMorale::Good:
            if (u.morale == Morale::Ordered) u.morale = Morale::Unsteady;
            u.haltUnsteady = false;
            break;
        case c::LoserMorale::Shaken:
            if (u.morale != Morale::Routing) u.morale = Morale::Shaken;
            break;
        case c::LoserMorale::Routing:
            if (u.morale != Morale::Routing) {
                // routs; the compulsory move stands in for this turn's rout move
                u.morale = Morale::Routing;
                u.everRouted = true;
                u.routTurn = m_turn;
                u.routMoveFrom = m_turn + 1;
                u.brokenTurn = m_turn;
                u.ladder = Ladder::None;
                if (u.unitClass == 1) u.permShaken = true;
                ++m_events[m_sides[static_cast<std::size_t>(u.side)].id + ".routs"];
                for (auto& g : m_generals)
                    if (g.attachedTo == l) g.attachedTo = kNone;
            }
            break;
    }
    destroyIfEmpty(l, true, winnerSide);
}

// B push-back melee: both move 50 paces and stay locked (§2.14.4).
void Engine::pushBackMelee(const std::vector<int>& winners, const std::vector<int>& losers, const c::CaResultLine& line) {
    for (int l : losers) {
        auto& u = unit(l);
        if (u.status != UnitStatus::OnTable) continue;
        ++u.pushBacks;
        u.front = std::max(0, u.front - line.loserMove);
        refreshTerrain(u);
    }
    for (int w : winners) {
        auto& u = unit(w);
        if (u.status != UnitStatus::OnTable) continue;
        u.front = std::min(depthFor(u.lane) - 1, u.front + line.victorMove);
        refreshTerrain(u);
    }
}

// After a decided combat: the losers fall back, the victors advance and may pursue (§2.14.4, §2.16).
void Engine::afterCombatMoves(const std::vector<int>& winners, const std::vector<int>& losers, const c::CaResultLine& line,
                              const std::vector<int>& flankDirection) {
    for (int l : losers) breakContactsOf(l);
    for (int l : losers) {
        auto& u = unit(l);
        if (u.status != UnitStatus::OnTable) continue;
        moveUnitBack(l, line.loserMove, u.morale == Morale::Routing);
    }
    for (std::size_t k = 0; k < winners.size(); ++k) {
        const int w = winners[k];
        auto& u = unit(w);
        if (u.status != UnitStatus::OnTable) continue;
        // Victors still touching another enemy stay; defenders of cover do not leave it (¶512, ¶526, ¶475, ¶544).
        if (inContact(w)) continue;
        const bool defendingCover = !u.charging && (u.inUrban || u.inWorks || u.behindWorks || u.inWood);
        if (!defendingCover) {
            if (flankDirection[k] != 0 && u.lane == 0) flankAdvance(w, line.victorMove, flankDirection[k]);
            else compulsoryAdvance(w, line.victorMove);
        }
        // Pursuit (§2.16): irregular foot and cavalry follow routed losers; regular infantry halts.
        bool loserRouted = false;
        int routed = kNone;
        for (int l : losers)
            if (unit(l).status == UnitStatus::OnTable && unit(l).morale == Morale::Routing) {
                loserRouted = true;
                routed = l;
            }
        const bool pursuer = c::typeRow(u.type).extraPursuit && !isArtillery(u.type);
        bool exceptional = false;
        if (isMounted(u.type) && inCommand(w) && commandRating(w) == Rating::Exceptional) exceptional = true;
        if (loserRouted && line.victory && pursuer && !exceptional && !inContact(w)) {
            u.pursuing = true;
            u.pursuitTarget = routed;
            u.pursuitMoves = 1;
            if (u.morale == Morale::Ordered) u.morale = Morale::Unsteady;
            u.haltUnsteady = false;
        }
    }
}

void Engine::destroyIfEmpty(int ui, bool closeAssault, int enemySide) {
    auto& u = unit(ui);
    if (u.status != UnitStatus::OnTable) return;
    if (isArtillery(u.type)) {
        if (u.figures > 0) return;
        abandonGuns(u);
        u.status = UnitStatus::Destroyed;
        u.brokenTurn = m_turn;
        breakContactsOf(ui);
        if (m_narrative) log(unitName(ui) + "'s crews are all gone.");
        return;
    }
    if (stands(u) > 0) return;
    // Lone figures cannot fight and are lost with the unit (¶509).
    if (u.figures > 0) {
        if (closeAssault) u.lostCloseAssault += u.figures;
        else u.lostFire += u.figures;
        u.figures = 0;
    }
    if (hasBattalionGuns(u)) abandonGuns(u);  // the guns stay where their battalion died (§2.18)
    u.status = UnitStatus::Destroyed;
    u.brokenTurn = m_turn;
    breakContactsOf(ui);
    if (closeAssault && enemySide != kNoSide && u.hasColours && u.coloursLostTo == kNoSide) {
        u.coloursLostTo = enemySide;  // ¶574: +20 to the captor
        log(unitName(ui) + " is destroyed and its colours taken.");
    } else {
        if (m_narrative) log(unitName(ui) + " is destroyed.");
    }
    for (auto& g : m_generals)
        if (g.attachedTo == ui && generalAvailable(g)) {
            // ¶550–551 [A]: an attached general is captured unless an escort stand is there to be lost instead.
            if (closeAssault && g.escort) {
                g.escort = false;
                ++g.escortLost;
            } else if (closeAssault) {
                loseGeneral(g.index, StaffFate::Captured);
            }
            g.attachedTo = kNone;
        }
}

void Engine::surrenderUnit(int ui, int captorSide, int captorUnit) {
    auto& u = unit(ui);
    if (u.status != UnitStatus::OnTable) return;
    u.surrendered += u.figures;
    const int figures = u.figures;
    u.figures = 0;
    u.status = UnitStatus::Surrendered;
    u.brokenTurn = m_turn;
    breakContactsOf(ui);
    if (isArtillery(u.type) || hasBattalionGuns(u)) {
        abandonGuns(u);
        for (auto& g : u.guns)
            if (g.abandoned && !g.destroyed) g.holder = captorSide;
    }
    if (u.hasColours && u.coloursLostTo == kNoSide) u.coloursLostTo = captorSide;
    for (auto& g : m_generals)
        if (g.attachedTo == ui && generalAvailable(g)) {
            if (g.escort) {
                g.escort = false;
                ++g.escortLost;
            } else {
                loseGeneral(g.index, StaffFate::Captured);
            }
            g.attachedTo = kNone;
        }
    ++m_events[m_sides[static_cast<std::size_t>(u.side)].id + ".surrenders"];
    if (m_narrative) log(unitName(ui) + " surrenders.");
    // Massacre (§17.2, §1.17).
    if (captorUnit == kNone) return;
    auto& cap = unit(captorUnit);
    const bool patriot = u.nationality == Nationality::Continental || u.nationality == Nationality::State ||
                         u.nationality == Nationality::Militia;
    c::MassacreCase k = c::MassacreCase::None;
    if (cap.type == UnitType::Native) k = c::MassacreCase::NativesUnderEuropeans;
    else if (cap.militia && u.militia) k = c::MassacreCase::MilitiaOnMilitia;
    else if (cap.legionDragoons && patriot) k = c::MassacreCase::LegionOnPatriots;
    if (k == c::MassacreCase::None) return;
    const int roll = m_dice->d6(RollTag::Massacre, ui);
    if (roll >= c::massacreMinimum(k)) {
        u.surrendered -= figures;
        u.massacred += figures;
        u.status = UnitStatus::Massacred;
        cap.lootUntil = m_turn + 2;  // the captors may not act next turn
        log("The prisoners of " + unitName(ui) + " are massacred (" + std::to_string(roll) + ").");
    }
}

void Engine::removeSpentUnits() {
    // G10: under ¶553's reading (spent_removal = one_stand) units cut down to one stand leave the field, their
    // remnant at half value (not artillery or independent light companies); under the chart's reading (the tuned
    // default, below_one) only units with no stand left go, and those are destroyed already.
    if (!m_params.removeAtOneStand) return;
    for (auto& u : m_units) {
        if (u.status != UnitStatus::OnTable || isArtillery(u.type) || u.independentLight) continue;
        if (stands(u) > 1 || inContact(u.index)) continue;
        if (u.standsStart <= 1) continue;
        if (hasBattalionGuns(u)) abandonGuns(u);
        u.removedSpent += u.figures;
        u.figures = 0;
        u.status = UnitStatus::RemovedSpent;
        u.brokenTurn = m_turn;
        breakContactsOf(u.index);
        for (auto& g : m_generals)
            if (g.attachedTo == u.index) g.attachedTo = kNone;
        if (m_narrative) log(unitName(u.index) + " is reduced to a remnant and leaves the field.");
    }
}

}  // namespace etatmajor::battle
