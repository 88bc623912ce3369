// SPDX-License-Identifier: GPL-3.0-or-later
// Engine: construction from a set-up and the turn loop (tactical-resolver.md §2.10). The set-up itself is built in
// engine_setup.cpp, the deployment (§2.6) in engine_deploy.cpp, the end of the battle (§2.20) and the accounting
// (§2.21, §3) in engine_end.cpp.
#include "etatmajor/battle/engine.hpp"

#include <algorithm>
#include <limits>
#include <memory>
#include <string>

namespace etatmajor::battle {

namespace c = charts;

// ---------------------------------------------------------------------------------------------------------
// Construction

namespace {
std::shared_ptr<const BattleSetup> canonicalCopy(const BattleSetup& setup) {
    auto copy = std::make_shared<BattleSetup>(setup);
    canonicalise(*copy);
    return copy;
}
}  // namespace

Engine::Engine(const BattleSetup& setup, BattleDice& dice, Narrative* narrative)
    : m_setupShared(canonicalCopy(setup)), m_setup(*m_setupShared), m_params(setup.params), m_dice(&dice), m_narrative(narrative) {
    build(m_setup);
}

Engine::Engine(const Engine& built, BattleDice& dice, Narrative* narrative) : Engine(built) {
    m_dice = &dice;
    m_narrative = narrative;
    dice.setContext(built.m_dice->turn(), built.m_dice->phase());
}

int Engine::unitIndex(std::string_view id) const {
    for (const auto& u : m_units)
        if (u.id == id) return u.index;
    return kNone;
}

int Engine::generalIndex(std::string_view id) const {
    for (const auto& g : m_generals)
        if (g.id == id) return g.index;
    return kNone;
}

std::string Engine::unitName(int u) const {
    if (u < 0) return "?";
    const auto& x = unit(u);
    return x.name.empty() ? x.id : x.name;
}

void Engine::log(std::string text) {
    if (m_narrative) m_narrative->add(m_turn, m_dice->phase(), std::move(text));
}

// ---------------------------------------------------------------------------------------------------------
// The turn loop

BattleResult Engine::run() {
    while (!m_over) {
        startTurn();
        initiativePhase();
        grandTacticalPhase();
        moralePhase();
        firePhase();
        movementPhase();
        closeAssaultPhase();
        endOfTurn();
    }
    return finish();
}

void Engine::startTurn() {
    ++m_turn;
    m_dice->setContext(m_turn, c::Phase::Initiative);
    m_charges.clear();
    m_actionThisTurn = false;
    for (auto& u : m_units) {
        u.smoke = u.fired;  // a volley last Fire Phase leaves smoke (¶405)
        u.fired = false;
        u.moved = false;
        u.formationChanged = false;
        u.chargeAttempted = false;
        u.evaded = false;
        u.passedBct = false;
        u.rallying = false;
        u.pursuedThisTurn = false;
        u.passageOfLines = false;
        u.hitsLastTurn = u.hitsThisTurn;
        u.hitsThisTurn = 0;
        u.fireRemovable = u.fireMoraleOnly = u.firingUnits = 0;
        u.shellHit = u.flankFire = u.surprisedByFire = false;
        u.firefightThisTurn = kNone;
        u.ralliedBy = kNone;
        if (!inContact(u.index)) {
            u.charging = false;
            u.chargeTarget = kNone;
        }
    }
    for (auto& g : m_generals) g.rallies = 0;
    detachAll();
}

void Engine::endOfTurn() {
    m_dice->setContext(m_turn, c::Phase::EndOfTurn);
    permanentShaken();
    // Ladder steps not renewed this turn lapse (§2.11).
    for (auto& u : m_units)
        if (u.ladder != Ladder::None && u.ladderTurn < m_turn) {
            // A HALT's Unsteadiness lasts its one turn (§1.10 CWE/SCT: "halted and Unsteady for one turn"), unlike
            // the Unsteadiness a charge, a close assault or rough ground leaves, which lasts until the unit rallies.
            if (u.ladder == Ladder::Halt && u.haltUnsteady && u.morale == Morale::Unsteady) u.morale = Morale::Ordered;
            u.ladder = Ladder::None;
            u.haltUnsteady = false;
        }
    // Firefight bookkeeping for the doctrine (§2.8 max_firefight).
    for (auto& u : m_units) {
        if (u.firefightThisTurn != kNone && u.firefightThisTurn == u.firefightWith) ++u.firefightTurns;
        else if (u.firefightThisTurn != kNone) {
            u.firefightWith = u.firefightThisTurn;
            u.firefightTurns = 1;
        } else {
            u.firefightWith = kNone;
            u.firefightTurns = 0;
        }
    }
    if (m_actionThisTurn) {
        m_quietTurns = 0;
        m_engaged = true;
    } else {
        ++m_quietTurns;
    }
    // §2.20 (b) idle_assault: a brigade whose units neither moved, changed formation, fired nor tried a charge this
    // turn (nor stood in a melee) did nothing toward the enemy.
    for (auto& b : m_brigades) {
        bool busy = false;
        for (int ui : b.units) {
            const auto& u = unit(ui);
            if (u.status != UnitStatus::OnTable) continue;
            if (u.moved || u.formationChanged || u.fired || u.chargeAttempted || u.charging || inContact(ui)) busy = true;
        }
        b.idleTurns = busy ? 0 : b.idleTurns + 1;
    }
    withdrawalChecks();
    earlyEndChecks();
    if (m_turn >= m_turns || m_endAfterThisTurn) {
        if (!m_over) m_endReason = EndReason::Nightfall;
        m_over = true;
    }
}

void Engine::permanentShaken() {
    // ¶376: at or below 50 % of starting stands a unit is permanently Shaken (OR5: per-class levels).
    for (auto& u : m_units) {
        if (u.status != UnitStatus::OnTable || isArtillery(u.type) || u.permShaken) continue;
        const int pct = m_params.shakenLevels ? c::or5ShakenPercent(u.unitClass) : c::kDefaultPermanentShakenPercent;
        const int s = stands(u);
        if (m_params.shakenLevels ? (s * 100 < pct * u.standsStart) : (s * 100 <= pct * u.standsStart)) {
            u.permShaken = true;
            if (u.morale != Morale::Routing) u.morale = Morale::Shaken;
            if (m_narrative)
                log(unitName(u.index) + " is down to " + std::to_string(s) + " of " + std::to_string(u.standsStart) +
                    " stands and stays Shaken.");
        }
    }
}

bool Engine::present(const Unit& u) const {
    return u.status == UnitStatus::OnTable || u.status == UnitStatus::Arriving || u.status == UnitStatus::ReserveOff;
}

bool Engine::arrivalsPending(int side) const {
    // §2.20 (a), (b) "nothing left to arrive": units due, reserves off the table, and routers who will come back
    // (§2.16). Militia gone home for the day (router_return = regulars_only) and routers of a withdrawing side, who make
    // for the supply point, never return, so they do not keep the battle going.
    const bool withdrawing = m_sides[static_cast<std::size_t>(side)].withdrawing;
    for (const auto& u : m_units) {
        if (u.side != side) continue;
        if (u.status == UnitStatus::Arriving || u.status == UnitStatus::ReserveOff) return true;
        if (u.status == UnitStatus::OffReturning && !withdrawing && u.returnTurn != std::numeric_limits<int>::max()) return true;
    }
    return false;
}

}  // namespace etatmajor::battle
