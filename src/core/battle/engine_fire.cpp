// SPDX-License-Identifier: GPL-3.0-or-later
// Engine: the Fire Phase (tactical-resolver.md §2.10 IV, §2.13): target selection per stand or gun (§2.9),
// small arms (§1.12), artillery zones, bombardment and shell (§1.13, §2.18), hit tallies, removal, the Damage Table
// (§1.14) and the Shooting Casualties Tests.
#include "etatmajor/battle/engine.hpp"

#include <algorithm>
#include <cstdlib>

namespace etatmajor::battle {

namespace c = charts;

namespace {
// §2.4 fire-arc splay: files reachable either side of the firing file at range r.
int splay(int range) { return (69 * range) / 10000; }
}  // namespace

bool Engine::mayFire(const Unit& u) const {
    if (u.status != UnitStatus::OnTable || u.morale == Morale::Routing || u.charging || u.evaded) return false;
    if (u.routTurn == m_turn || u.ammo == 0 || u.formation == Formation::Limbered) return false;
    if (u.formation == Formation::Lying) return false;
    if (isArtillery(u.type)) {
        for (const auto& g : u.guns)
            if (!g.destroyed && !g.abandoned && g.crew >= c::kMinCrewToFire) return true;
        return false;
    }
    return !m_weatherForbidsSmallArms;
}

int Engine::firingStands(const Unit& u) const {
    if (isArtillery(u.type)) {
        int n = 0;
        for (const auto& g : u.guns) n += (!g.destroyed && !g.abandoned && g.crew >= c::kMinCrewToFire) ? 1 : 0;
        return n;
    }
    const int s = stands(u);
    switch (u.formation) {
        case Formation::Line:
        case Formation::Dismounted:
        case Formation::Urban: return std::min(s, u.w);
        case Formation::ReinforcedLine: return std::min(s, std::max(1, 2 * s / 3));
        case Formation::OpenColumn:
        case Formation::ClosedColumn: return std::min(s, 1);
        case Formation::Skirmish: {
            // §2.3: a regular foot stand skirmishes as two half-stand elements, an irregular stand as one.
            const bool regular = u.type == UnitType::LineInfantry || u.type == UnitType::LightInfantry;
            return regular ? 2 * s : s;
        }
        default: return 0;
    }
}

int Engine::fileOfStand(const Unit& u, int stand, int count) const {
    if (count <= 0) return u.x0;
    return u.x0 + (stand * u.w) / count;
}

int Engine::smallArmsRange(const Unit& u) const { return c::smallArmsRow(volleyTable(u)).longMax; }

void Engine::tally(int target, int firer, int hits, bool removable) {
    auto& t = unit(target);
    if (t.lastFirer != firer) {
        t.lastFirer = firer;
        ++t.firingUnits;
    }
    if (hits <= 0) return;
    m_actionThisTurn = true;  // §2.20 (b): a fire hit (quiet_fire = hits)
    if (removable) t.fireRemovable += hits;
    else t.fireMoraleOnly += hits;
    if ((isArtillery(unit(firer).type) || m_battalionGunFire) && removable) t.fireArtilleryHits += hits;
}

void Engine::receiveHits(int ui, int removable, int moraleOnly) {
    auto& t = unit(ui);
    t.fireRemovable += removable;
    t.fireMoraleOnly += moraleOnly;
    if (removable + moraleOnly > 0) {
        ++t.firingUnits;
        m_actionThisTurn = true;  // §2.20 (b): a fire hit
    }
}

void Engine::resolveHits() {
    applyHits();
    shootingTests();
}

void Engine::firePhase() {
    m_dice->setContext(m_turn, c::Phase::Fire);
    ++m_firePhases;
    for (auto& u : m_units) revealIfSeen(u);
    refreshVisibility();
    // No command refresh here: nothing in the Fire Phase reads who is in command (fire, hits, shooting tests and the
    // routs they cause do not), and every phase that does refreshes it first (performance.md P4).
    m_bombarded.clear();
    attachArtilleryGenerals();
    for (auto& u : m_units) {
        u.lastFirer = kNone;
        u.gunLastFirer = kNone;
        u.firingUnits = 0;
        u.fireArtilleryHits = 0;
    }
    const int first = m_initiative, second = 1 - m_initiative;
    artilleryFire(first, true);
    artilleryFire(second, true);
    artilleryFire(first, false);
    artilleryFire(second, false);
    smallArmsFire(first);
    smallArmsFire(second);
    applyHits();
    shootingTests();
    for (auto& u : m_units)
        if (u.fired && u.ammo > 0) --u.ammo;
}

// ---------------------------------------------------------------------------------------------------------
// Small arms (§1.12; §2.9 per-stand allocation; §2.13)

void Engine::smallArmsFire(int side) {
    auto& targets = m_fireTargetScratch;
    targets.clear();
    for (const auto& t : sideUnits(1 - side))
        if (t.status == UnitStatus::OnTable && m_visibleToEnemy[static_cast<std::size_t>(t.index)] && !inContact(t.index))
            targets.push_back(t.index);
    for (const auto& u : sideUnits(side)) {
        if (u.side != side || isArtillery(u.type) || !mayFire(u)) continue;
        // Targets of declared charges fire at their chargers (¶396); locked units otherwise do not fire (¶410).
        int forced = kNone;
        for (const auto& p : m_charges)
            if (p.target == u.index && unit(p.charger).side != side && unit(p.charger).charging) {
                forced = p.charger;
                break;
            }
        if (forced == kNone && inContact(u.index)) continue;
        if (forced == kNone && closingWithoutFire(u)) {
            // It keeps its fire to close; held last turn and no nearer since (something stops its advance), it fires.
            auto& m = unit(u.index);
            if (m.heldFireFront != m.front) {
                m.heldFireFront = m.front;
                continue;
            }
        }
        fireUnitSmallArms(u.index, forced, &targets);
    }
}

bool Engine::closingWithoutFire(const Unit& u) const {
    // §2.8 [X] class1_closing = hold_fire: an attacking Class 1 unit cannot fire and move in the same turn (§1.9, "not
    // for Class 1"), so a volley at long range would hold it there for the rest of the day, never reaching the
    // 61–100 paces (B1) the Assault doctrine closes to. While it is still short of that distance from the enemy in its
    // files it keeps its fire and closes; once there it fires every turn. A charged unit fires at its chargers anyway.
    if (!m_params.class1HoldsFireClosing || u.unitClass != 1 || isArtillery(u.type) || !isFoot(u.type)) return false;
    if (u.formation == Formation::Skirmish || u.lane != 0) return false;
    const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
    if (b.posture != Posture::Assault || b.spent || m_sides[static_cast<std::size_t>(u.side)].withdrawing) return false;
    if (u.morale == Morale::Shaken || u.ladder != Ladder::None || u.role != Role::FirstLine) return false;  // it would not move
    const int e = nearestOppositeEnemy(u, true);
    if (e == kNone) return false;
    return separation(u, unit(e)) > desiredSeparation(u, unit(e));
}

void Engine::fireUnitSmallArms(int ui, int forcedTarget, const std::vector<int>* targets) {
    auto& u = unit(ui);
    const auto table = volleyTable(u);
    const auto& row = c::smallArmsRow(table);
    const int n = firingStands(u);
    if (n <= 0) return;
    const bool skirmishFire = table == c::FireTable::Skirmish || table == c::FireTable::RifleSkirmish;
    const int weather = m_weatherMusketry;
    const auto& brig = m_brigades[static_cast<std::size_t>(u.brigade)];
    // §2.8 Hold doctrine: Class 2–3 hold their first (Steady) volley until the enemy is within 100 paces.
    const bool holdVolley = forcedTarget == kNone && brig.posture == Posture::Hold && (u.unitClass == 2 || u.unitClass == 3) &&
                            table == c::FireTable::SteadyVolley;
    int firedStands = 0;
    std::array<int, 4> targetsSeen{kNone, kNone, kNone, kNone};
    int mainTarget = kNone, mainCount = 0;
    std::string narrative;
    int totalHits = 0;
    // Candidate targets once for the unit (gatherFireCandidates).
    m_candidateScratch.clear();
    // Line of fire: the units masking the current target, gathered once per target (nothing moves while it fires).
    int maskTarget = kNone;
    int classTarget = kNone;
    TargetClass targetCls = TargetClass::Line;
    bool fromFlank = false;
    if (forcedTarget == kNone) {
        gatherFireCandidates(u, row.longMax, targets);
        if (m_candidateScratch.empty()) return;  // no stand has a target: nothing fires
    }
    // line_bend = one_file [A]: ¶40 lets a line be bent to bring its fire to bear on a particular unit. The strip has
    // no bends, so near the enemy (ext(r) = 0 up to 144 paces, §2.4) only the stands straight in front of an enemy
    // narrower than the line could fire at it, the rest looking past its flank. A stand of a formed line may fire at
    // an enemy one file beyond its own as well, as if its end of the line were wheeled in toward it.
    const int bend = m_params.lineBend && (u.formation == Formation::Line || u.formation == Formation::ReinforcedLine) ? 1 : 0;
    for (int s = 0; s < n; ++s) {
        const int file = fileOfStand(u, s, n);
        int target = forcedTarget;
        int range = 0;
        if (target != kNone) {
            range = std::max(0, std::max(separation(u, unit(target)), c::kStandWidth * fileGap(u, unit(target))));
        } else {
            target = standTarget(u, file, bend, maskTarget, range);
        }
        if (target == kNone) continue;
        if (holdVolley && range > 100) continue;
        const auto& t = unit(target);
        if (target != classTarget) {
            // The target's class and whether the unit fires from its flank, once per target: nothing they read
            // changes while the unit fires (the tallies do not).
            targetCls = targetClass(t, false, &u);
            fromFlank = flankPosition(u, t);
            classTarget = target;
        }
        const auto cell = c::smallArmsCell(table, range, targetCls, m_params.longRangeRepeatShort);
        if (cell.noEffect() && forcedTarget == kNone) continue;
        // futile_volleys = held [X]: no face of the die scores with the weather's modifier (rain on an Unsteady volley
        // at troops in cover): the stand keeps its fire, which would only leave smoke and show the unit.
        if (forcedTarget == kNone && m_params.futileVolleysHeld && c::expectedSixths(cell, weather) == 0) continue;
        const int roll = m_dice->d6(RollTag::SmallArms, ui);
        const int hits = c::hits(cell, roll + weather);
        // ¶217: skirmisher hits only count for morale, except against crews, staff and engineers.
        const bool removable = !skirmishFire || isArtillery(t.type);
        tally(target, ui, hits, removable);
        if (hasBattalionGuns(t)) rollAtBattalionGuns(target, ui, cell, weather, RollTag::SmallArms, false);
        if (fromFlank) unit(target).flankFire = unit(target).flankFire || isFormed(u);
        if (u.revealedTurn == m_turn && range <= c::kSurpriseRange) unit(target).surprisedByFire = true;
        ++firedStands;
        totalHits += hits;
        bool seen = false;
        for (int x : targetsSeen) seen = seen || x == target;
        if (!seen)
            for (auto& x : targetsSeen)
                if (x == kNone) {
                    x = target;
                    break;
                }
        if (target == mainTarget) ++mainCount;
        else if (mainCount == 0) {
            mainTarget = target;
            mainCount = 1;
        }
        if (m_narrative) narrative += std::to_string(roll);
    }
    if (firedStands == 0) return;
    u.fired = true;
    if (u.hidden) revealIfSeen(u);  // troops that fire are seen (¶335)
    u.firefightThisTurn = mainTarget;
    if (!m_params.quietUnlessHit) m_actionThisTurn = true;  // quiet_fire = any; under hits, tally() counts hits
    if (m_narrative) {
        std::string seenNames;
        for (int x : targetsSeen)
            if (x != kNone) seenNames += (seenNames.empty() ? "" : ", ") + unitName(x);
        if (m_narrative)
            log(unitName(ui) + " fires (" + std::string(c::fireTableName(table)) + ", " + std::to_string(firedStands) +
                " dice: " + narrative + ") at " + seenNames + ": " + std::to_string(totalHits) + " hit(s)" +
                (skirmishFire ? " (morale only)" : "") + ".");
    }
}

// Candidate targets once for a unit, in m_candidateScratch: visible enemies it may face, within the chart's reach
// (§2.9). `targets`: when given, the enemy units on the table, seen and not in contact.
void Engine::gatherFireCandidates(const Unit& u, int longMax, const std::vector<int>* targets) {
    auto& candidates = m_candidateScratch;
    // The tests are pure; the cheap range test runs before the lane and contact tests.
    auto consider = [&](const Unit& t) {
        const int r = separation(u, t);
        if (r < 0 || r > longMax) return;
        if (!mayFireAt(u, t)) return;
        candidates.push_back({t.index, r});
    };
    if (targets) {
        for (int ti : *targets) consider(unit(ti));
    } else {
        for (const auto& t : sideUnits(1 - u.side))
            if (t.status == UnitStatus::OnTable && m_visibleToEnemy[static_cast<std::size_t>(t.index)] && !inContact(t.index))
                consider(t);
    }
}

// The target of the stand of `u` firing from `file`, and in `range` its range; kNone when it has none. The nearest
// visible enemy among the candidates (gatherFireCandidates) in the stand's own file, else the nearest within the
// splay, `bend` files more for a formed line (§2.9); the line of fire is checked only for the winner, falling back
// to the next if it is masked. `maskTarget`: the unit whose masking files m_maskScratch holds.
int Engine::standTarget(const Unit& u, int file, int bend, int& maskTarget, int& range) {
    const auto& candidates = m_candidateScratch;
    auto& masks = m_maskScratch;
    auto masked = [&](int tf, const Unit& t) {
        if (t.index != maskTarget) {
            maskingFiles(u, t, masks);
            maskTarget = t.index;
        }
        for (const auto& [lo, hi] : masks)
            if (tf >= lo && tf < hi) return true;
        return false;
    };
    auto& ranked = m_rankScratch;  // (off, candidate position)
    ranked.clear();
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        const auto& t = unit(candidates[k].index);
        int off = 0;
        if (u.lane == 0 && t.lane == 0) {
            if (file < t.x0) off = t.x0 - file;
            else if (file >= t.x0 + t.w) off = file - (t.x0 + t.w - 1);
        }
        if (off > std::max(bend, splay(candidates[k].range))) continue;
        ranked.emplace_back(off, static_cast<int>(k));
    }
    auto before = [&](const std::pair<int, int>& a, const std::pair<int, int>& b) {
        const bool a0 = a.first == 0, b0 = b.first == 0;
        if (a0 != b0) return a0;
        const auto& ca = candidates[static_cast<std::size_t>(a.second)];
        const auto& cb = candidates[static_cast<std::size_t>(b.second)];
        if (ca.range != cb.range) return ca.range < cb.range;
        if (a.first != b.first) return a.first < b.first;
        return ca.index < cb.index;
    };
    // Candidates in that order (a strict total order: unit indices are distinct); the first whose line of
    // fire is clear wins. Picking the best remaining one at a time spares sorting the whole list, since
    // the first is nearly always clear.
    int target = kNone;
    for (std::size_t left = ranked.size(); left > 0; --left) {
        std::size_t bestAt = 0;
        for (std::size_t i = 1; i < left; ++i)
            if (before(ranked[i], ranked[bestAt])) bestAt = i;
        const auto& cand = candidates[static_cast<std::size_t>(ranked[bestAt].second)];
        const auto& t = unit(cand.index);
        const int tf = (u.lane != 0 || t.lane != 0) ? t.x0 : std::max(t.x0, std::min(file, t.x0 + t.w - 1));
        if (!masked(tf, t)) {
            target = cand.index;
            range = cand.range;
            break;
        }
        std::swap(ranked[bestAt], ranked[left - 1]);  // set aside; the rest stay in play
    }
    return target;
}

// ---------------------------------------------------------------------------------------------------------
// Artillery (§1.13, §2.13 step 2, §2.18)

bool Engine::commandsBrigade(int gi, int brigade) const {
    const auto& b = m_brigades[static_cast<std::size_t>(brigade)];
    for (int x = b.general != kNone ? b.general : b.parentGeneral; x != kNone; x = general(x).parent)
        if (x == gi) return true;
    return false;
}

// ¶316 (§1.5, §2.18): an artillery general rated Capable or Exceptional, attached to a battery, adds a die against
// every unit in its zone. He is with the battery under his command that has the most guns able to fire (ties: the
// first in index order), chosen afresh each Fire Phase [X]; an Inept one adds nothing. He is not attached for the
// staff rolls of ¶313: his post stays where §2.6.4 step 7 puts it.
void Engine::attachArtilleryGenerals() {
    m_gunGeneral.assign(m_units.size(), 0);
    for (const auto& g : m_generals) {
        if (g.rank != Rank::ArtilleryGeneral || g.rating == Rating::Inept || !generalAvailable(g)) continue;
        int best = kNone, bestGuns = 0;
        for (const auto& u : m_units) {
            if (u.side != g.side || !isArtillery(u.type) || !mayFire(u) || !commandsBrigade(g.index, u.brigade)) continue;
            const int n = firingStands(u);
            if (n > bestGuns) {
                best = u.index;
                bestGuns = n;
            }
        }
        if (best != kNone) m_gunGeneral[static_cast<std::size_t>(best)] = 1;
    }
}

void Engine::artilleryFire(int side, bool bombardPass) {
    for (const auto& u : sideUnits(side)) {
        if (u.side != side) continue;
        if (hasBattalionGuns(u)) {
            if (bombardPass || !mayFireBattalionGuns(u)) continue;  // battalion guns fire tactically only [X]
        } else if (!isArtillery(u.type) || !mayFire(u)) {
            continue;
        }
        int forced = kNone;
        for (const auto& p : m_charges)
            if (p.target == u.index && unit(p.charger).side != side && unit(p.charger).charging) {
                forced = p.charger;
                break;
            }
        if (forced == kNone && inContact(u.index)) continue;
        if (bombardPass) {
            if (forced != kNone) continue;
            // Bombard only where a box beats the guns' tactical fire (§2.18); evaluated by fireBattery.
            fireBattery(u.index, true, kNone);
        } else {
            fireBattery(u.index, false, forced);
        }
    }
}

int Engine::chooseArtilleryTarget(int ui, const Gun& g, int file, int& zoneFile) const {
    const auto& u = unit(ui);
    int best = kNone, bestScore = 0, bestOff = 1 << 30;
    bool bestIsGuns = true;
    const int mod = g.crew - c::kCrewFiguresPerGun + (m_params.weatherOnArtillery ? m_weatherMusketry : 0);
    for (const auto& t : sideUnits(1 - u.side)) {
        // The tests are pure; range and band run before the lane and contact scans.
        if (t.side == u.side || t.status != UnitStatus::OnTable || !m_visibleToEnemy[static_cast<std::size_t>(t.index)]) continue;
        const int r = separation(u, t);
        if (r < 0) continue;
        const auto band = c::artilleryBand(g.calibre, r);
        if (band == c::ArtilleryBand::OutOfRange && !(g.howitzer && c::inShellWindow(g.calibre, r))) continue;
        if (!mayFireAt(u, t) || inContact(t.index)) continue;
        // Dead ground (¶170).
        if (u.elevation == 2 && r < c::kHighHillDeadGround) continue;
        if (u.elevation == 0 && t.elevation == 2 && static_cast<int>(band) <= static_cast<int>(c::ArtilleryBand::Medium)) continue;
        int off = 0, tf = file;
        if (u.lane != 0 || t.lane != 0) {
            tf = t.x0;
        } else if (file < t.x0) {
            off = t.x0 - file;
            tf = t.x0;
        } else if (file >= t.x0 + t.w) {
            off = file - (t.x0 + t.w - 1);
            tf = t.x0 + t.w - 1;
        }
        if (off > splay(r)) continue;
        if (!g.howitzer && blocked(u, tf, t)) continue;
        // Expected hits over the zone: the target and everything behind it in that file within the bounce depth;
        // friends count double against (§2.18).
        const int bounce = c::calibreRow(g.calibre).bounce[static_cast<std::size_t>(std::min(3, static_cast<int>(band)))];
        int score = 0;
        for (const auto& z : m_units) {
            if (tf < z.x0 || tf >= z.x0 + z.w || z.status != UnitStatus::OnTable || z.lane != u.lane) continue;
            if ((u.lane != 0 || t.lane != 0) && z.index != t.index) continue;
            const int rz = z.side == u.side ? -1 : separation(u, z);
            if (z.index != t.index) {
                if (z.side == u.side) {
                    const int depthBehind = std::abs(absFront(z) - absFront(t));
                    const bool behindTarget = (absFront(z) - absFront(t)) * (absFront(t) - absFront(u)) > 0;
                    if (!behindTarget || depthBehind > bounce) continue;
                } else if (rz < r || rz > r + bounce) {
                    continue;
                }
            }
            const int rr = z.side == u.side ? r + std::abs(absFront(z) - absFront(t)) : rz;
            const auto zb = c::artilleryBand(g.calibre, rr);
            const auto cell = g.howitzer && c::inShellWindow(g.calibre, rr) && zb != c::ArtilleryBand::PointBlank
                                  ? c::shellCell(targetClass(z, true, &u))
                                  : c::artilleryCell(zb, targetClass(z, true, &u), m_params.artLineClose456);
            const int e = c::expectedSixths(cell, mod);
            score += z.side == u.side ? -2 * e : e;
        }
        if (score <= 0) continue;
        // Counter-battery only when nothing else is within the Medium band (§2.9).
        const bool isGuns = isArtillery(t.type);
        const bool medium = static_cast<int>(band) <= static_cast<int>(c::ArtilleryBand::Medium);
        auto rank = [&](bool guns, bool med) { return (!guns ? 2 : 0) + (med ? 1 : 0); };
        const int rk = rank(isGuns, medium), bestRk = best == kNone ? -1 : rank(bestIsGuns, true);
        bool better = false;
        if (best == kNone) better = true;
        else if (isGuns != bestIsGuns) better = !isGuns && (medium || bestRk < rk);
        else if (score != bestScore) better = score > bestScore;
        else better = off < bestOff;
        if (better) {
            best = t.index;
            bestScore = score;
            bestOff = off;
            bestIsGuns = isGuns;
            zoneFile = tf;
        }
    }
    return best;
}

void Engine::artilleryZoneDice(int ui, const Gun& g, int gunFile, int target, int zoneFile, RollTag tag, int diceEach, int extraUnit,
                               std::vector<char>* generalSeen) {
    (void)gunFile;
    const auto& u = unit(ui);
    const auto& t = unit(target);
    const int r = separation(u, t);
    const auto band = c::artilleryBand(g.calibre, r);
    const int bounce = tag == RollTag::Shell
                           ? c::kShellDepth
                           : c::calibreRow(g.calibre).bounce[static_cast<std::size_t>(std::min(3, static_cast<int>(band)))];
    const int mod = g.crew - c::kCrewFiguresPerGun + (m_params.weatherOnArtillery ? m_weatherMusketry : 0);
    const bool shell = tag == RollTag::Shell;
    for (auto& z : m_units) {
        if (u.lane != 0 || t.lane != 0) {
            if (z.index != target) continue;  // lanes: the target only
        } else {
            if (zoneFile < z.x0 || zoneFile >= z.x0 + z.w) continue;  // the zone's file first (the tests are pure)
            if (z.status != UnitStatus::OnTable || z.lane != u.lane) continue;
        }
        int rz = r;
        if (z.index != target) {
            const int d = absFront(z) - absFront(t);
            const bool behind = d * (absFront(t) - absFront(u)) > 0;
            if (!behind || std::abs(d) > bounce) continue;
            rz = r + std::abs(d);
        }
        const auto zb = c::artilleryBand(g.calibre, rz);
        const auto tc = targetClass(z, true, &u);
        auto cell = shell ? c::shellCell(tc) : c::artilleryCell(zb, tc, m_params.artLineClose456);
        int dice = diceEach;
        if (z.index == extraUnit) ++dice;  // horse artillery: one more die on its chosen unit (§4.23)
        if (generalSeen && !(*generalSeen)[static_cast<std::size_t>(z.index)]) {
            (*generalSeen)[static_cast<std::size_t>(z.index)] = 1;  // artillery general: once per unit and phase (¶316)
            ++dice;
        }
        for (int k = 0; k < dice; ++k) {
            const int roll = m_dice->d6(tag, ui);
            const int hits = c::hits(cell, roll + mod);
            tally(z.index, ui, hits, true);
            if (shell && hits > 0) z.shellHit = true;
            if (m_narrative && hits > 0)
                log(unitName(ui) + "'s gun hits " + unitName(z.index) + " (" + std::to_string(roll) + ": " + std::to_string(hits) +
                    ").");
        }
        if (hasBattalionGuns(z)) rollAtBattalionGuns(z.index, ui, cell, mod, tag, true);
        // Direct fire at point-blank or close range also strikes the cover (¶282).
        if (cell.coverHit && !shell) {
            for (auto& f : m_features) {
                if (f.flattened) continue;
                const bool cover = f.kind == FeatureKind::LightWood || f.kind == FeatureKind::HeavyWood ||
                                   f.kind == FeatureKind::LightUrban || f.kind == FeatureKind::HeavyUrban || isLinearFeature(f.kind);
                if (!cover || zoneFile < f.x0 || zoneFile >= f.x1) continue;
                const int y = absFront(z);
                if (y < f.y0 - 30 || y > f.y1 + 30) continue;
                ++m_coverBattered;
                ++f.hits;
                if (g.calibre == Calibre::Siege) ++f.siegeHits;
                const bool heavy = f.kind == FeatureKind::HeavyWood || f.kind == FeatureKind::HeavyUrban ||
                                   f.kind == FeatureKind::HeavyWorks;
                if (heavy && (f.siegeHits >= c::kHeavyCoverSiegeHits || f.hits >= c::kHeavyCoverOtherHits)) {
                    f.kind = f.kind == FeatureKind::HeavyWood    ? FeatureKind::LightWood
                             : f.kind == FeatureKind::HeavyUrban ? FeatureKind::LightUrban
                                                                 : FeatureKind::LightWorks;
                    f.hits = f.siegeHits = 0;
                    if (m_narrative) log("Artillery fire has battered the cover down to light cover.");
                } else if (!heavy && (f.siegeHits >= c::kLightCoverSiegeHits || f.hits >= c::kLightCoverOtherHits)) {
                    f.flattened = true;
                    if (m_narrative) log("Artillery fire has swept the cover away.");
                }
                for (auto& x : m_units) refreshTerrain(x);
                break;
            }
        }
        if (diceEach == 0) break;
    }
    (void)u;
}

void Engine::fireBattery(int ui, bool bombard, int forcedTarget) {
    auto& u = unit(ui);
    const int n = static_cast<int>(u.guns.size());
    if (bombard && u.lane == 0) {
        // Bombardment box: 2g files wide, 150 paces deep, ⌈g/2⌉ dice per unit in it (§4.22). Fired only when the
        // box promises more than the guns' tactical fire.
        int manned = 0;
        const Gun* sample = nullptr;
        for (const auto& g : u.guns)
            if (!g.destroyed && !g.abandoned && g.crew >= c::kMinCrewToFire && !g.howitzer) {
                ++manned;
                if (!sample) sample = &g;
            }
        if (manned == 0 || !sample) return;
        int tacticalScore = 0;
        for (int i = 0; i < n; ++i) {
            auto& g = u.guns[static_cast<std::size_t>(i)];
            if (g.destroyed || g.abandoned || g.crew < c::kMinCrewToFire || g.howitzer) continue;
            int zf = 0;
            const int gunFile = u.x0 + std::min(i, u.w - 1);
            const int t = chooseArtilleryTarget(ui, g, gunFile, zf);
            g.choiceFire = m_firePhases;
            g.choiceCover = m_coverBattered;
            g.choiceFile = gunFile;
            g.choiceTarget = t;
            g.choiceZoneFile = zf;
            if (t == kNone) continue;
            const auto band = c::artilleryBand(g.calibre, separation(u, unit(t)));
            tacticalScore += c::expectedSixths(c::artilleryCell(band, targetClass(unit(t), true, &u), m_params.artLineClose456),
                                               g.crew - c::kCrewFiguresPerGun);
        }
        const int diceEach = (manned + 1) / 2;
        int best = kNone, bestScore = 0;
        for (const auto& t : sideUnits(1 - u.side)) {
            if (t.side == u.side || t.status != UnitStatus::OnTable || t.lane != 0) continue;
            if (!m_visibleToEnemy[static_cast<std::size_t>(t.index)] || inContact(t.index)) continue;
            const int r = separation(u, t);
            if (r < 0 || c::artilleryBand(sample->calibre, r) == c::ArtilleryBand::OutOfRange) continue;
            // The target point lies inside the guns' fire arc (§2.4 splay, §4.22): the nearest gun's file is at most
            // ext(r) files from the target's, as for tactical fire.
            if (overlapFiles(u, t) == 0 && fileGap(u, t) + 1 > splay(r)) continue;
            const int boxLo = t.x0 + t.w / 2 - manned, boxHi = boxLo + 2 * manned;
            int score = 0;
            for (const auto& z : m_units) {
                if (z.x0 + z.w <= boxLo || z.x0 >= boxHi) continue;  // the box's files first (the tests are pure)
                if (z.status != UnitStatus::OnTable || z.lane != u.lane) continue;
                const int d = absFront(z) - absFront(t);
                const bool behind = d == 0 || d * (absFront(t) - absFront(u)) > 0;
                if (!behind || std::abs(d) > c::kBombardDepth) continue;
                const int rz = z.side == u.side ? r + std::abs(d) : separation(u, z);
                const int e = diceEach * c::expectedSixths(c::artilleryCell(c::artilleryBand(sample->calibre, rz),
                                                                            targetClass(z, true, &u), m_params.artLineClose456),
                                                           sample->crew - c::kCrewFiguresPerGun);
                score += z.side == u.side ? -2 * e : e;
            }
            if (score > bestScore) {
                bestScore = score;
                best = t.index;
            }
        }
        if (best == kNone || bestScore <= tacticalScore) return;
        const auto& t = unit(best);
        // An attached artillery general adds one die for every unit in the box (§2.13 step 2, ¶316, §4.22).
        const int diceInBox = diceEach + (gunGeneralWith(ui) ? 1 : 0);
        int aimBack = 0;
        if (m_params.bombardError && m_dice->d6(RollTag::BombardError, ui) == 1) aimBack = c::kBombardDepth;  // falls short
        const int boxLo = t.x0 + t.w / 2 - manned, boxHi = boxLo + 2 * manned;
        if (m_narrative) log(unitName(ui) + " bombards around " + unitName(best) + (aimBack ? " but the shot falls short" : "") + ".");
        for (auto& z : m_units) {
            if (z.status != UnitStatus::OnTable || z.lane != u.lane) continue;
            if (z.x0 + z.w <= boxLo || z.x0 >= boxHi) continue;
            const int d = absFront(z) - absFront(t);
            const int shiftedFront = absFront(t) + (absFront(u) > absFront(t) ? aimBack : -aimBack);
            const int dd = absFront(z) - shiftedFront;
            const bool behind = dd == 0 || dd * (shiftedFront - absFront(u)) > 0;
            if (!behind || std::abs(dd) > c::kBombardDepth) continue;
            const int rz = z.side == u.side ? separation(u, t) + std::abs(d) : separation(u, z);
            const auto cell = c::artilleryCell(c::artilleryBand(sample->calibre, rz), targetClass(z, true, &u),
                                               m_params.artLineClose456);
            for (int k = 0; k < diceInBox; ++k) {
                const int roll = m_dice->d6(RollTag::Bombardment, ui);
                tally(z.index, ui, c::hits(cell, roll + sample->crew - c::kCrewFiguresPerGun), true);
            }
            if (hasBattalionGuns(z))
                rollAtBattalionGuns(z.index, ui, cell, sample->crew - c::kCrewFiguresPerGun, RollTag::Bombardment, true);
        }
        u.fired = true;
        if (!m_params.quietUnlessHit) m_actionThisTurn = true;
        ++m_events["bombardments"];
        u.firefightThisTurn = best;
        m_bombarded.push_back(ui);  // a battery bombards or fires tactically, not both (¶164)
        return;
    }
    if (bombard) return;
    if (std::find(m_bombarded.begin(), m_bombarded.end(), ui) != m_bombarded.end()) return;
    bool any = false;
    // Battalion guns (§2.18) fire as guns of their battalion from its right-hand file, without making the battalion
    // count as having fired (its muskets still give their volley).
    const bool battalion = hasBattalionGuns(u);
    m_battalionGunFire = battalion;
    // §2.18, §4.23: a horse battery's extra die goes to the unit its first gun firing roundshot aims at; an attached
    // artillery general's to every unit in the battery's tactical zones, once each. Shell (§4.24) gets neither.
    bool horseDie = u.type == UnitType::HorseArtillery;
    const bool withGeneral = gunGeneralWith(ui);
    if (withGeneral) m_generalSeen.assign(m_units.size(), 0);
    for (int i = 0; i < n; ++i) {
        const auto& g = u.guns[static_cast<std::size_t>(i)];
        if (g.destroyed || g.abandoned || g.crew < c::kMinCrewToFire) continue;
        const int file = battalion ? u.x0 + std::max(0, u.w - 1) : u.x0 + std::min(i, std::max(0, u.w - 1));
        int zoneFile = file;
        int target = forcedTarget;
        if (target != kNone) {
            const auto& t = unit(target);
            zoneFile = (t.lane != 0 || u.lane != 0) ? t.x0 : std::max(t.x0, std::min(file, t.x0 + t.w - 1));
        } else if (g.choiceFire == m_firePhases && g.choiceCover == m_coverBattered && g.choiceFile == file) {
            target = g.choiceTarget;  // chosen in this phase's bombardment pass, nothing it reads changed since
            zoneFile = g.choiceZoneFile;
        } else {
            target = chooseArtilleryTarget(ui, g, file, zoneFile);
        }
        if (target == kNone) continue;
        const int r = separation(u, unit(target));
        const bool shell = g.howitzer && forcedTarget == kNone && c::inShellWindow(g.calibre, r) &&
                           c::artilleryBand(g.calibre, r) != c::ArtilleryBand::PointBlank;
        if (shell) {
            artilleryZoneDice(ui, g, file, target, zoneFile, RollTag::Shell, 1);
        } else {
            artilleryZoneDice(ui, g, file, target, zoneFile, RollTag::Artillery, 1, horseDie ? target : kNone,
                              withGeneral ? &m_generalSeen : nullptr);
            horseDie = false;
        }
        any = true;
        if (u.firefightThisTurn == kNone && !battalion) u.firefightThisTurn = target;
    }
    m_battalionGunFire = false;
    if (any) {
        if (!battalion) u.fired = true;
        if (!m_params.quietUnlessHit) m_actionThisTurn = true;
    }
}

bool Engine::battalionGunsStanding(const Unit& u) const {
    for (const auto& g : u.guns)
        if (!g.destroyed && !g.abandoned) return true;
    return false;
}

// Battalion guns fire while their battalion is formed in line (or holds a built-up area) and could fire itself.
bool Engine::mayFireBattalionGuns(const Unit& u) const {
    if (u.status != UnitStatus::OnTable || u.morale == Morale::Routing || u.charging || u.evaded) return false;
    if (u.routTurn == m_turn || u.ammo == 0) return false;
    if (u.formation != Formation::Line && u.formation != Formation::ReinforcedLine && u.formation != Formation::Urban) return false;
    for (const auto& g : u.guns)
        if (!g.destroyed && !g.abandoned && g.crew >= c::kMinCrewToFire) return true;
    return false;
}

// §2.18 (§4.15): a firer that rolls at a battalion rolls once more, for the same cell and modifiers, at its guns;
// once per firing unit and fire resolution, and only while a gun stands.
void Engine::rollAtBattalionGuns(int ti, int firer, const c::HitCell& cell, int modifier, RollTag tag, bool fromArtillery) {
    auto& t = unit(ti);
    if (t.gunLastFirer == firer || cell.noEffect() || !battalionGunsStanding(t)) return;
    t.gunLastFirer = firer;
    const int roll = m_dice->d6(tag, firer);
    const int hits = c::hits(cell, roll + modifier);
    if (fromArtillery) t.gunHitsArtillery += hits;
    else t.gunHitsSmallArms += hits;
    if (m_narrative && hits > 0)
        log(unitName(firer) + " hits " + unitName(ti) + "'s battalion gun (" + std::to_string(roll) + ": " + std::to_string(hits) +
            ").");
}

// Every hit on battalion guns is a Damage Table roll (−1 from small arms, ¶418) against the best-crewed gun. They
// have no limber (§1.1), so the limber results do nothing; their gunners are not figures of the battalion.
void Engine::damageBattalionGuns(int ui, int hitsCount, int modifier) {
    auto& u = unit(ui);
    for (int h = 0; h < hitsCount; ++h) {
        Gun* g = nullptr;
        for (auto& x : u.guns)
            if (!x.destroyed && !x.abandoned && (!g || x.crew > g->crew)) g = &x;
        if (!g) return;
        const int roll = m_dice->d6(RollTag::DamageArtillery, ui);
        switch (c::artilleryDamage(roll + modifier)) {
            case c::ArtilleryDamage::LimberHalfSpeed:
            case c::ArtilleryDamage::LimberImmobile: break;
            case c::ArtilleryDamage::CrewFigure: g->crew = std::max(0, g->crew - 1); break;
            case c::ArtilleryDamage::TwoCrewFigures: g->crew = std::max(0, g->crew - 2); break;
            case c::ArtilleryDamage::CrewStand: g->crew = 0; break;
            case c::ArtilleryDamage::TwoCrewAndGun:
                g->crew = std::max(0, g->crew - 2);
                g->destroyed = true;
                ++u.gunsDestroyed;
                break;
        }
        if (m_narrative) log(unitName(ui) + "'s battalion gun, damage roll " + std::to_string(roll) + (modifier ? "-1" : "") + ".");
    }
}

// ---------------------------------------------------------------------------------------------------------
// Applying hits (§2.13 steps 3–5)

void Engine::removeStands(Unit& u, int n, bool closeAssault) {
    for (int i = 0; i < n && u.figures > 0; ++i) {
        const int rest = u.figures % u.fps;
        int take = rest > 0 ? rest : u.fps;
        take = std::min(take, u.figures);
        u.figures -= take;
        if (closeAssault) u.lostCloseAssault += take;
        else u.lostFire += take;
    }
    shrinkToStands(u);
}

void Engine::damageBattery(int ui, int hitsCount, int modifier, bool fromArtillery) {
    auto& u = unit(ui);
    (void)fromArtillery;
    auto crewLoss = [&](int figures) {
        for (int k = 0; k < figures && u.figures > 0; ++k) {
            // from the best-crewed gun still manned
            Gun* g = nullptr;
            for (auto& x : u.guns)
                if (!x.destroyed && x.crew > 0 && (!g || x.crew > g->crew)) g = &x;
            if (g) --g->crew;
            --u.figures;
            ++u.crewLost;
            if (m_dice->phase() == c::Phase::CloseAssault || m_dice->phase() == c::Phase::Nightfall) ++u.lostCloseAssault;
            else ++u.lostFire;
        }
    };
    for (int h = 0; h < hitsCount; ++h) {
        const int roll = m_dice->d6(RollTag::DamageArtillery, ui);
        const auto result = c::artilleryDamage(roll + modifier);
        switch (result) {
            case c::ArtilleryDamage::LimberHalfSpeed:
            case c::ArtilleryDamage::LimberImmobile: {
                for (auto& g : u.guns)
                    if (!g.destroyed && g.limber < (result == c::ArtilleryDamage::LimberImmobile ? 2 : 1)) {
                        g.limber = result == c::ArtilleryDamage::LimberImmobile ? 2 : 1;
                        ++u.limbersDamaged;
                        break;
                    }
                break;
            }
            case c::ArtilleryDamage::CrewFigure: crewLoss(1); break;
            case c::ArtilleryDamage::TwoCrewFigures: crewLoss(2); break;
            case c::ArtilleryDamage::CrewStand: crewLoss(3); break;
            case c::ArtilleryDamage::TwoCrewAndGun:
                crewLoss(2);
                for (auto& g : u.guns)
                    if (!g.destroyed && !g.abandoned) {
                        g.destroyed = true;
                        ++u.gunsDestroyed;
                        break;
                    }
                break;
        }
        if (m_narrative) log(unitName(ui) + " damage roll " + std::to_string(roll) + (modifier ? "-1" : "") + ".");
    }
}

void Engine::applyHits() {
    for (auto& t : m_units) {
        const int r = t.fireRemovable, m = t.fireMoraleOnly;
        const int firers = t.firingUnits;
        const int gunArtillery = t.gunHitsArtillery, gunSmallArms = t.gunHitsSmallArms;
        t.gunHitsArtillery = t.gunHitsSmallArms = 0;
        t.gunLastFirer = kNone;
        t.fireRemovable = t.fireMoraleOnly = 0;
        t.firingUnits = 0;
        const int artilleryHits = std::min(t.fireArtilleryHits, r);
        t.fireArtilleryHits = 0;
        if (t.status != UnitStatus::OnTable) continue;
        if (r + m > 0) {
            t.hitsThisTurn += r + m;
            if (isArtillery(t.type)) {
                // Every hit on a battery is a Damage Table roll, −1 when it came from small arms (¶418).
                damageBattery(t.index, artilleryHits, 0, true);
                damageBattery(t.index, r + m - artilleryHits, c::kSmallArmsDamageModifier, false);
            } else if (t.formation == Formation::Skirmish) {
                // Two hits remove one element: half a stand for regular foot, a stand for irregulars (§2.3).
                const bool regular = t.type == UnitType::LineInfantry || t.type == UnitType::LightInfantry;
                const int elements = r / 2;
                const int figures = elements * (regular ? 2 : t.fps);
                const int take = std::min(figures, t.figures);
                t.figures -= take;
                t.lostFire += take;
                shrinkToStands(t);
            } else {
                removeStands(t, r / 2, false);
            }
        }
        if (gunArtillery > 0) damageBattalionGuns(t.index, gunArtillery, 0);
        if (gunSmallArms > 0) damageBattalionGuns(t.index, gunSmallArms, c::kSmallArmsDamageModifier);
        // Staff attached to a unit fired on roll once per firing unit (¶313, ¶420).
        if (firers > 0) {
            for (auto& g : m_generals)
                if (g.attachedTo == t.index && generalAvailable(g))
                    for (int f = 0; f < firers; ++f) staffCasualtyRoll(g.index, false, t.index, 0);
            if (t.attachedAdcOf != kNone)
                for (int f = 0; f < firers && t.attachedAdcOf != kNone; ++f) staffCasualtyRoll(t.attachedAdcOf, true, t.index, 0);
        }
        if (r + m > 0) destroyIfEmpty(t.index, false, 1 - t.side);
    }
}

void Engine::shootingTests() {
    for (auto& u : m_units) {
        if (u.status != UnitStatus::OnTable || u.morale == Morale::Routing || u.hitsThisTurn < 1) continue;
        if (u.charging) continue;  // chargers carry their hits into the CWE (¶385)
        const int total = cweTotal(sctInputs(u.index));
        const auto out = rollTest(*m_dice, RollTag::Sct, u.index, total);
        if (m_narrative)
            log(unitName(u.index) + " takes " + std::to_string(u.hitsThisTurn) + " hit(s): shooting test " + std::to_string(total) +
                (out.roll ? ", rolls " + std::to_string(out.roll) : std::string(", no roll needed")) +
                (out.passed ? " - holds." : " - fails."));
        if (!out.passed) ladderFailure(u.index, kNone);
    }
}

}  // namespace etatmajor::battle
