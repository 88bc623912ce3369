// SPDX-License-Identifier: GPL-3.0-or-later
// Engine: the strip geometry (tactical-resolver.md §2.3–2.5), terrain under units, visibility (§1.8), command
// (§2.15) and staff casualties (§1.14, §2.15).
#include "etatmajor/battle/engine.hpp"

#include <algorithm>
#include <cstdlib>

namespace etatmajor::battle {

namespace c = charts;

// ---------------------------------------------------------------------------------------------------------
// Positions (§2.4)

namespace {
constexpr int kFar = Engine::kFarApart;
}

// §2.6.5 flank lanes: a lane is a strip of its own, `depthFor(lane)` deep, whose attackers count their front from
// the table edge and whose refusers (the receiving side) from the far end; the receiving side's outermost unit of
// the main strip stands at that far end, its flank to the lane.
bool Engine::engaged(const Unit& a, const Unit& b) const {
    if (a.lane == b.lane) return true;
    const Unit& l = a.lane != 0 ? a : b;
    const Unit& m = a.lane != 0 ? b : a;
    return m.lane == 0 && l.side == m_laneOwner[static_cast<std::size_t>(l.lane)] && m.index == laneEnd(l.lane) && l.side != m.side;
}

// A lane is one column wide: only the unit at the head of each side's queue can fire or charge.
bool Engine::laneBlocked(const Unit& u) const {
    if (u.lane == 0) return false;
    for (const auto& x : sideUnits(u.side))
        if (x.index != u.index && x.side == u.side && x.lane == u.lane && x.status == UnitStatus::OnTable &&
            x.morale != Morale::Routing && (x.front > u.front || (x.front == u.front && x.index < u.index)))
            return true;
    return false;
}

bool Engine::mayFireAtAcrossLanes(const Unit& f, const Unit& t) const {
    if (!engaged(f, t) || laneBlocked(f) || laneBlocked(t)) return false;
    if (f.lane == t.lane) return true;
    if (f.lane != 0) return true;  // lane attackers fire into the flank of the line's end
    // the end unit faces the main front: only troops firing all round may answer (¶211, ¶539)
    return f.formation == Formation::Skirmish || f.inUrban || f.type == UnitType::Native;
}

void Engine::refreshLanes() {
    for (int k = 1; k <= 2; ++k) {
        auto& end = m_laneEnd[static_cast<std::size_t>(k)];
        end = kNone;
        const int owner = m_laneOwner[static_cast<std::size_t>(k)];
        if (owner == kNoSide) continue;
        int best = kNone;
        for (const auto& u : m_units) {
            if (u.side == owner || u.status != UnitStatus::OnTable || u.lane != 0 || u.morale == Morale::Routing) continue;
            if (u.role == Role::Reserve || u.role == Role::SecondLine) continue;
            if (best == kNone) best = u.index;
            else if (k == 1 ? u.x0 < unit(best).x0 : u.x0 + u.w > unit(best).x0 + unit(best).w) best = u.index;
        }
        end = best;
    }
}

int Engine::separationAcrossLanes(const Unit& a, const Unit& b) const {
    if (!engaged(a, b)) return kFar;
    const Unit& l = a.lane != 0 ? a : b;
    return depthFor(l.lane) - l.front;
}

bool Engine::sameDepthBand(const Unit& a, const Unit& b, int tolerance) const {
    if (a.lane != b.lane) return false;
    if (a.side == b.side) return std::abs(a.front - b.front) <= tolerance;
    return std::abs(depthFor(a.lane) - a.front - b.front) <= tolerance;
}

// ---------------------------------------------------------------------------------------------------------
// Formations and footprints (§2.3)

int Engine::frontageFor(const Unit& u, Formation f) const {
    const int n = std::max(1, stands(u));
    switch (f) {
        case Formation::Line:
        case Formation::Lying:
        case Formation::Dismounted:
        case Formation::Urban: return n;
        case Formation::ReinforcedLine: return std::max(1, 2 * n / 3);
        case Formation::OpenColumn:
        case Formation::ClosedColumn:
        case Formation::Limbered: return 1;
        case Formation::Skirmish: return 3 * n;
        case Formation::Deployed: {
            int g = 0;
            for (const auto& gun : u.guns) g += (!gun.destroyed && !gun.abandoned) ? 1 : 0;
            return std::max(1, g);
        }
        case Formation::Compressed: {
            int g = 0;
            for (const auto& gun : u.guns) g += (!gun.destroyed && !gun.abandoned) ? 1 : 0;
            return std::max(1, (g + 1) / 2);
        }
    }
    return n;
}

void Engine::setFormation(Unit& u, Formation f) {
    const int centre = u.x0 + u.w / 2;
    u.formation = f;
    u.w = frontageFor(u, f);
    u.x0 = std::max(0, std::min(centre - u.w / 2, m_width - u.w));
    const int n = std::max(1, stands(u));
    const bool mounted = isMounted(u.type);
    switch (f) {
        case Formation::Line: u.depth = mounted ? 40 : 20; break;
        case Formation::ReinforcedLine: u.depth = 40; break;
        case Formation::OpenColumn:
        case Formation::ClosedColumn: u.depth = (mounted ? 40 : 20) * n; break;
        case Formation::Skirmish: u.depth = 20; break;
        case Formation::Deployed: u.depth = 180; break;
        case Formation::Compressed: u.depth = 240; break;
        case Formation::Limbered: u.depth = 120; break;
        default: u.depth = 20; break;
    }
}

void Engine::shrinkToStands(Unit& u) {
    if (u.formation == Formation::OpenColumn || u.formation == Formation::ClosedColumn || u.formation == Formation::Limbered) return;
    const int centre = u.x0 + u.w / 2;
    const int w = frontageFor(u, u.formation);
    if (w == u.w) return;
    u.w = w;
    u.x0 = std::max(0, std::min(centre - w / 2, m_width - w));
}

// ---------------------------------------------------------------------------------------------------------
// Terrain under a unit (§2.5): "in" a feature when at least half its files are inside it; "behind" a linear
// feature when it lies within 20 paces in front of at least half its files.

void Engine::refreshTerrain(Unit& u) {
    u.cover = 0;
    u.inWood = u.inHeavyWood = u.inUrban = u.inWorks = u.difficult = false;
    u.inMarsh = u.inCamp = u.inRiver = false;
    u.behindWorks = false;
    u.onRoad = false;
    u.elevation = 0;
    if (u.status != UnitStatus::OnTable || u.lane != 0) return;
    // A road or causeway through a marsh keeps a column on it out of the marsh (§2.5 roads).
    for (const auto& f : m_features)
        if (f.kind == FeatureKind::Road && u.x0 >= f.x0 && u.x0 + u.w <= f.x1) u.onRoad = true;
    const int yFront = absFront(u);
    const int yIn = u.side == kSideA ? std::max(0, yFront - 1) : std::min(m_depth, yFront + 1);
    const int ahead0 = u.side == kSideA ? yFront : yFront - 20;
    const int ahead1 = u.side == kSideA ? yFront + 20 : yFront;
    for (const auto& f : m_features) {
        if (f.flattened) continue;
        if ((f.kind == FeatureKind::Marsh || f.kind == FeatureKind::Swamp) && u.onRoad) continue;
        const int lo = std::max(u.x0, f.x0), hi = std::min(u.x0 + u.w, f.x1);
        const int files = std::max(0, hi - lo);
        if (files * 2 < u.w || files == 0) continue;
        const bool inside = yIn >= f.y0 && yIn < f.y1;
        if (isLinearFeature(f.kind)) {
            const bool behind = f.y1 > ahead0 && f.y0 <= ahead1;
            if (!(behind || inside)) continue;
            if (f.owner != kNoSide && f.owner != u.side) continue;  // works face the enemy of their builders
            u.behindWorks = true;
            if (f.kind == FeatureKind::HeavyWorks) {
                u.cover = 2;
                u.inWorks = true;
            } else {
                u.cover = std::max(u.cover, 1);
            }
            continue;
        }
        if (!inside) continue;
        switch (f.kind) {
            case FeatureKind::LightWood:
                u.inWood = true;
                u.cover = std::max(u.cover, 1);
                break;
            case FeatureKind::HeavyWood:
                u.inWood = u.inHeavyWood = true;
                u.cover = 2;
                break;
            case FeatureKind::LightUrban:
                u.inUrban = true;
                u.cover = std::max(u.cover, 1);
                break;
            case FeatureKind::HeavyUrban:
                u.inUrban = true;
                u.cover = 2;
                break;
            case FeatureKind::LowRise:
                u.elevation = std::max(u.elevation, 1);
                u.difficult = u.difficult || f.difficult;
                break;
            case FeatureKind::HighHill:
                u.elevation = 2;
                u.difficult = u.difficult || f.difficult;
                break;
            case FeatureKind::Marsh:
            case FeatureKind::Swamp:
                u.inMarsh = true;
                u.difficult = true;
                break;
            case FeatureKind::Road: u.onRoad = true; break;
            case FeatureKind::River: u.inRiver = true; break;
            case FeatureKind::Camp:
                u.inCamp = true;
                u.difficult = true;
                break;
            default: break;
        }
    }
}

int Engine::elevationAt(int x, int yAbs) const {
    int e = 0;
    for (const auto& f : m_features)
        if (x >= f.x0 && x < f.x1 && yAbs >= f.y0 && yAbs < f.y1) {
            if (f.kind == FeatureKind::LowRise) e = std::max(e, 1);
            if (f.kind == FeatureKind::HighHill) e = 2;
        }
    return e;
}

bool Engine::pathBlockedByRiver(const Unit& u, int newFront) const {
    // A river is impassable except at a ford or bridge in the unit's files (§2.5).
    // absFront of the unit at newFront, without copying the unit
    const int y0 = absFront(u);
    const int y1 = u.lane != 0 ? -1 : (u.side == kSideA ? newFront : m_depth - newFront);
    const int lo = std::min(y0, y1), hi = std::max(y0, y1);
    for (const auto& f : m_features) {
        if (f.kind != FeatureKind::River) continue;
        if (f.y1 <= lo || f.y0 >= hi) continue;
        if (std::max(u.x0, f.x0) >= std::min(u.x0 + u.w, f.x1)) continue;
        bool crossing = false;
        for (const auto& g : m_features)
            if ((g.kind == FeatureKind::Ford || g.kind == FeatureKind::Bridge) && std::max(u.x0, g.x0) < std::min(u.x0 + u.w, g.x1))
                crossing = true;
        if (!crossing) return true;
    }
    return false;
}

bool Engine::flankPosition(const Unit& u, const Unit& t) const {
    // §2.12.6: files apart by one or two, level with or beyond the target's front, nobody in between; units in
    // urban areas or fortifications have no flanks. A lane's attackers hold flank position on the lane's end unit
    // while nobody refuses the flank (§2.6.5).
    if (u.side == t.side) return false;
    if (u.lane != 0 && t.lane == 0) {
        if (!engaged(u, t) || t.inUrban || t.inWorks) return false;
        for (const auto& x : sideUnits(t.side))
            if (x.side == t.side && x.lane == u.lane && x.status == UnitStatus::OnTable && x.morale != Morale::Routing) return false;
        return true;
    }
    if (u.lane != 0 || t.lane != 0) return false;
    if (t.inUrban || t.inWorks) return false;
    if (overlapFiles(u, t) > 0) return false;
    const int gap = fileGap(u, t);
    if (gap < 1 || gap > 2) return false;
    if (separation(u, t) > 0) return false;
    if (separation(u, t) < -t.depth - 60) return false;
    const int lo = std::min(u.x0 + u.w, t.x0 + t.w), hi = std::max(u.x0, t.x0);
    for (const auto& x : sideUnits(t.side)) {  // t.side: the side that is not u's (tested above)
        if (x.index == t.index || x.index == u.index || x.status != UnitStatus::OnTable || x.lane != 0) continue;
        if (x.side == u.side) continue;
        if (std::max(x.x0, lo) < std::min(x.x0 + x.w, hi) && std::abs(x.front - t.front) <= 60) return false;
    }
    return true;
}

// ---------------------------------------------------------------------------------------------------------
// Target class (§1.11, §2.3 first matching row)

TargetClass Engine::targetClass(const Unit& t, bool firerIsArtillery, const Unit* firer, bool asCharging) const {
    if (t.cover == 2) return TargetClass::HeavyCover;
    if (t.cover == 1) return TargetClass::LightCover;
    const bool charging = t.charging || asCharging;
    if (isMounted(t.type) && (charging || t.pursuing || t.morale == Morale::Routing)) return TargetClass::FastDispersed;
    if (t.formation == Formation::Skirmish && !t.inUrban) return TargetClass::FastDispersed;
    if (t.morale == Morale::Routing && !isMounted(t.type)) return TargetClass::FastDispersed;
    if (isArtillery(t.type)) {
        bool gunLeft = false;
        for (const auto& g : t.guns) gunLeft = gunLeft || (!g.destroyed && !g.abandoned);
        if (!gunLeft) return TargetClass::FastDispersed;
    }
    if (t.formation == Formation::ClosedColumn && firerIsArtillery) return TargetClass::ClosedColumn;
    const bool dense = t.formation == Formation::OpenColumn || t.formation == Formation::ClosedColumn ||
                       t.formation == Formation::ReinforcedLine || t.formation == Formation::Limbered ||
                       t.formation == Formation::Compressed || (inContact(t.index) && !charging);
    if (dense) return TargetClass::Dense;
    if (firer && (flankPosition(*firer, t) || firer->lane != 0)) return TargetClass::Dense;  // enfilade (¶417)
    return TargetClass::Line;
}

// ---------------------------------------------------------------------------------------------------------
// Visibility (§1.8, §2.7 step 4)

int Engine::sightLimit(const Unit& u) const {
    if (u.fired) return c::kSightOpen;  // troops that fire are seen by everyone in sight of them
    if (u.formation == Formation::Skirmish && (u.inWood || u.inUrban)) return c::kSightSkirmishersInCover;
    return c::sightFormed(u.inUrban, u.inWood && !u.inHeavyWood, u.inHeavyWood);
}

bool Engine::visibleTo(int side, const Unit& u) const {
    if (u.status != UnitStatus::OnTable) return false;
    if (u.side == side) return true;
    if (u.hidden) return false;
    const int limit = sightLimit(u);
    if (limit >= c::kSightOpen) return true;
    for (const auto& o : sideUnits(side))
        if (o.side == side && o.status == UnitStatus::OnTable && distance(o, u) <= limit) return true;
    return false;
}

void Engine::revealIfSeen(Unit& u) {
    if (!u.hidden || u.status != UnitStatus::OnTable) return;
    bool seen = u.fired || u.moved;
    const int limit = std::max(sightLimit(u), 100);
    for (const auto& o : sideUnits(1 - u.side))
        if (!seen && o.side != u.side && o.status == UnitStatus::OnTable && distance(o, u) <= limit) seen = true;
    if (!seen) return;
    u.hidden = false;
    u.revealedTurn = m_turn;
    // ¶341: an unseen enemy appearing within 100 paces surprises the units it appears beside.
    int surprised = 0;
    for (auto& o : sideUnits(1 - u.side))
        if (o.side != u.side && o.status == UnitStatus::OnTable && distance(o, u) <= c::kSurpriseRange) {
            o.surprisedTurn = m_turn;
            ++surprised;
        }
    if (surprised > 0) m_events[m_sides[static_cast<std::size_t>(1 - u.side)].id + ".surprised"] += surprised;
    if (m_narrative)
        log(unitName(u.index) + " is revealed" +
            (surprised > 0 ? ", surprising " + std::to_string(surprised) + " enemy unit(s)" : std::string()) + ".");
}

// §2.9 line of fire: blocked by any other unit in the target's file between firer and target.
namespace {
// Whether x (another unit of the main strip, standing on the table, front edge xf from side A's rear) stands between
// firer and target in depth; yF and yT are theirs, lo and hi the smaller and larger of the two.
inline bool masksInDepth(const Unit& firer, const Unit& x, int xf, int yF, int yT, int lo, int hi, bool firerArtillery) {
    const int xb = x.side == kSideA ? xf - x.depth : xf + x.depth;
    const int xlo = std::min(xf, xb), xhi = std::max(xf, xb);
    if (xhi <= lo || xlo >= hi) return false;
    // ¶171 overhead fire from a hill or rise over lower friends at least a stand-width ahead, not near the target
    if (firerArtillery && x.side == firer.side && firer.elevation > x.elevation && std::abs(xf - yF) >= c::kStandWidth &&
        std::abs(xf - yT) > c::kStandWidth)
        return false;
    return true;
}
}  // namespace

bool Engine::blocked(const Unit& firer, int file, const Unit& target) const {
    if (firer.lane != 0 || target.lane != 0) return false;
    const int yF = absFront(firer), yT = absFront(target);
    const int lo = std::min(yF, yT), hi = std::max(yF, yT);
    const bool firerArtillery = isArtillery(firer.type);
    for (const auto& x : m_units) {
        if (file < x.x0 || file >= x.x0 + x.w) continue;  // the most selective test first (the tests are pure)
        if (x.index == firer.index || x.index == target.index || x.status != UnitStatus::OnTable || x.lane != 0) continue;
        if (firerArtillery && x.formation == Formation::Skirmish) continue;  // rolled in the zone instead
        if (masksInDepth(firer, x, absFront(x), yF, yT, lo, hi, firerArtillery)) return true;
    }
    return false;
}

void Engine::maskingFiles(const Unit& firer, const Unit& target, std::vector<std::pair<int, int>>& out) const {
    out.clear();
    if (firer.lane != 0 || target.lane != 0) return;
    const int yF = absFront(firer), yT = absFront(target);
    const int lo = std::min(yF, yT), hi = std::max(yF, yT);
    const bool firerArtillery = isArtillery(firer.type);
    for (const auto& x : m_units) {
        if (x.status != UnitStatus::OnTable || x.lane != 0) continue;
        if (x.x0 + x.w <= target.x0 || x.x0 >= target.x0 + target.w) continue;  // outside the target's files
        if (!masksInDepth(firer, x, absFront(x), yF, yT, lo, hi, firerArtillery)) continue;
        if (x.index == firer.index || x.index == target.index) continue;
        if (firerArtillery && x.formation == Formation::Skirmish) continue;  // rolled in the zone instead
        out.emplace_back(x.x0, x.x0 + x.w);
    }
}

// ---------------------------------------------------------------------------------------------------------
// Movement allowances (§1.9)

int Engine::terrainPercent(const Unit& u) const {
    int pct = 0;
    if (u.inHeavyWood || (u.difficult && !u.inMarsh && !u.inCamp)) pct = std::max(pct, c::deduct::kHeavyCoverOrDifficult);
    else if (u.inWood) pct = std::max(pct, u.type == UnitType::Native ? 0 : c::deduct::kLightCover);
    if (u.inHeavyWood && u.type == UnitType::Native) pct = c::deduct::kLightCover;
    if (u.elevation == 2 && (isFoot(u.type) || isArtillery(u.type))) pct = std::max(pct, c::deduct::kHighHillOffRoad);
    if (u.inUrban) pct = std::max(pct, c::deduct::kUrban);
    if (u.inMarsh) {
        const bool irregular = isIrregularType(u.type);
        pct = std::max(pct, irregular ? c::deduct::kMarshIrregular : c::deduct::kMarshRegular);
    }
    if (m_setup.weather == Weather::Snow && m_params.snowHalvesMove) pct = std::max(pct, c::deduct::kSnow);  // T 7.7, G-15
    return pct;
}

int Engine::moveAllowance(const Unit& u, bool firedThisTurn, bool gunsSlow) const {
    using MR = c::MoveRow;
    MR row = MR::InfantryLine;
    if (u.type == UnitType::LightCavalry || u.type == UnitType::MountedInfantry) row = MR::LightCavalryOrMountedInfantry;
    else if (u.type == UnitType::IrregularCavalry) row = MR::IrregularCavalry;
    else if (isArtillery(u.type)) {
        Calibre heaviest = Calibre::VeryLight;
        for (const auto& g : u.guns)
            if (!g.destroyed && !g.abandoned && static_cast<int>(g.calibre) > static_cast<int>(heaviest)) heaviest = g.calibre;
        const bool light = heaviest == Calibre::VeryLight || heaviest == Calibre::Light;
        if (u.type == UnitType::HorseArtillery) row = MR::LightCavalryOrMountedInfantry;
        else if (u.formation == Formation::Limbered)
            row = heaviest == Calibre::Siege ? MR::LimberedSiege : (light ? MR::LimberedLight : MR::LimberedMediumOrHeavier);
        else if (firedThisTurn) row = light ? MR::DeployedLightManhandled : MR::DeployedMediumManhandled;
        else row = heaviest == Calibre::Siege ? MR::ManhandledSiege : (light ? MR::ManhandledLight : MR::ManhandledMedium);
    } else if (u.formation == Formation::Skirmish) {
        row = MR::SkirmishersFiringAdvancing;
    } else if (firedThisTurn) {
        if (u.unitClass == 1) return 0;  // Class 1 cannot fire and move (§1.3)
        row = MR::InfantryFiringAndMoving;
    } else if (gunsSlow && hasBattalionGuns(u) && battalionGunsStanding(u)) {
        row = MR::InfantryWithBattalionGun;  // the guns move with their battalion (§1.4, §1.9)
    } else if (u.formation == Formation::OpenColumn) {
        row = MR::OpenColumn;
    } else if (u.formation == Formation::ClosedColumn) {
        row = MR::ClosedColumn;
    } else if (u.type == UnitType::LightInfantry || u.type == UnitType::IrregularInfantry || u.type == UnitType::Native) {
        row = MR::IrregularFootOrLightInfantry;
    } else if (u.formation == Formation::Line || u.formation == Formation::ReinforcedLine) {
        row = MR::InfantryLine;
    } else {
        row = MR::OtherFoot;
    }
    int allowance = c::moveRates(row).normal;
    if (allowance < 0) return 0;
    allowance = allowance * (100 - terrainPercent(u)) / 100;
    return allowance;
}

int Engine::routRate(const Unit& u) const {
    if (isMounted(u.type)) return c::moveRates(c::MoveRow::LightCavalryOrMountedInfantry).pursuitOrRout;
    return c::moveRates(c::MoveRow::InfantryLine).pursuitOrRout;  // 250 for foot and crews
}

bool Engine::touchingSteadyFriend(const Unit& u) const {
    for (const auto& x : sideUnits(u.side)) {
        if (std::abs(u.front - x.front) > 20) continue;  // the most selective test first (the tests are pure)
        if (x.index == u.index || x.side != u.side || x.status != UnitStatus::OnTable || x.lane != u.lane) continue;
        if (x.morale != Morale::Ordered || !isFormed(x)) continue;
        if (fileGap(u, x) == 0) return true;
    }
    return false;
}

bool Engine::anchoredFlank(const Unit& u) const {
    // The end unit of a line whose outer side touches a marsh, river, heavy wood or urban area (§2.5).
    auto anchoring = [&](int file) {
        const int y = absFront(u);
        for (const auto& f : m_features) {
            const bool a = f.kind == FeatureKind::Marsh || f.kind == FeatureKind::Swamp || f.kind == FeatureKind::River ||
                           f.kind == FeatureKind::HeavyWood || f.kind == FeatureKind::HeavyUrban || f.kind == FeatureKind::LightUrban;
            if (a && file >= f.x0 && file < f.x1 && y >= f.y0 - 60 && y <= f.y1 + 60) return true;
        }
        return false;
    };
    auto friendAt = [&](int file) {
        for (const auto& x : sideUnits(u.side))
            if (x.index != u.index && x.side == u.side && x.status == UnitStatus::OnTable && x.lane == 0 && file >= x.x0 &&
                file < x.x0 + x.w && std::abs(x.front - u.front) <= 20)
                return true;
        return false;
    };
    return (anchoring(u.x0 - 1) && !friendAt(u.x0 - 1)) || (anchoring(u.x0 + u.w) && !friendAt(u.x0 + u.w));
}

int Engine::nearestOppositeEnemy(const Unit& u, bool visibleOnly) const {
    int best = kNone, bestSep = 1 << 30;
    for (const auto& e : sideUnits(1 - u.side)) {
        if (e.side == u.side || e.status != UnitStatus::OnTable || e.lane != u.lane) continue;
        if (e.morale == Morale::Routing) continue;
        if (overlapFiles(u, e) == 0) continue;
        if (visibleOnly && !m_visibleToEnemy[static_cast<std::size_t>(e.index)]) continue;
        const int sep = separation(u, e);
        if (sep < -40) continue;  // behind us
        if (sep < bestSep) {
            bestSep = sep;
            best = e.index;
        }
    }
    return best;
}

int Engine::nearestEnemyDistance(const Unit& u, bool formedOnly, bool visibleOnly) const {
    int best = 1 << 30;
    for (const auto& e : sideUnits(1 - u.side)) {
        if (e.side == u.side || e.status != UnitStatus::OnTable) continue;
        if (formedOnly && (!isFormed(e) || isArtillery(e.type))) continue;
        if (visibleOnly && !m_visibleToEnemy[static_cast<std::size_t>(e.index)]) continue;
        best = std::min(best, distance(u, e));
    }
    return best;
}

bool Engine::unitsOverlapSameSide(const Unit& a) const {
    for (const auto& x : sideUnits(a.side))
        if (x.index != a.index && x.side == a.side && x.status == UnitStatus::OnTable && x.lane == a.lane && overlapFiles(a, x) > 0 &&
            std::abs(x.front - a.front) < 20)
            return true;
    return false;
}

// ---------------------------------------------------------------------------------------------------------
// Command (§2.15)

void Engine::refreshCommand() {
    for (const auto& u : m_units) {
        const auto i = static_cast<std::size_t>(u.index);
        m_inCommand[i] = 0;
        m_commandRating[i] = Rating::Inept;
        if (u.status != UnitStatus::OnTable) continue;
        const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
        if (u.lane != 0) {
            // A flank march keeps its generals with it: in command while its chain's first general is available.
            int gi = b.general != kNone ? b.general : b.parentGeneral;
            while (gi != kNone && !generalAvailable(general(gi))) gi = general(gi).parent;
            if (gi != kNone) {
                m_inCommand[i] = 1;
                m_commandRating[i] = general(gi).rating;
            }
            continue;
        }
        int best = -1;
        bool broken = false;
        int px = u.x0 + u.w / 2, pf = u.front;
        auto consider = [&](int gi, bool first) {
            if (gi == kNone || broken) return;
            const auto& g = general(gi);
            if (!generalAvailable(g) || (g.attachedTo != kNone && g.attachedTo != u.index)) {
                broken = true;
                return;
            }
            const int dist = std::max(c::kStandWidth * std::abs(g.x - px), std::abs(g.front - pf));
            if (g.attachedTo != u.index && dist > c::kCommandRadius && !u.alwaysInCommand) {
                broken = true;
                return;
            }
            // Infantry generals cannot influence cavalry and vice versa; division and army generals can (¶308).
            const bool armOk = g.rank != Rank::Brigade || g.arm == Arm::Mixed || g.arm == Arm::Artillery ||
                               (g.arm == Arm::Cavalry) == isMounted(u.type) || !first;
            if (armOk) best = std::max(best, static_cast<int>(g.rating));
            px = g.x;
            pf = g.front;
        };
        consider(b.general, true);
        for (int gi = b.general != kNone ? general(b.general).parent : b.parentGeneral; gi != kNone && !broken;
             gi = general(gi).parent)
            consider(gi, false);
        if (best < 0 && u.nearUnit != kNone) {
            // Scenario rule (Eutaw Springs, Marion's command): in command while within 400 paces of the partner.
            const auto& p = unit(u.nearUnit);
            if (p.status == UnitStatus::OnTable && distance(u, p) <= c::kCommandRadius) best = static_cast<int>(Rating::Capable);
        }
        if (best < 0 && u.alwaysInCommand) {
            int r = static_cast<int>(Rating::Capable);
            if (b.general != kNone) r = static_cast<int>(general(b.general).rating);
            best = r;
        }
        if (best < 0 && u.independentLight) {
            for (const auto& g : m_generals)
                if (g.side == u.side && generalAvailable(g) && g.attachedTo == kNone && g.arm != Arm::Cavalry &&
                    std::max(c::kStandWidth * std::abs(g.x - (u.x0 + u.w / 2)), std::abs(g.front - u.front)) <= c::kCommandRadius)
                    best = std::max(best, static_cast<int>(g.rating));
        }
        if (best >= 0) {
            m_inCommand[i] = 1;
            m_commandRating[i] = static_cast<Rating>(best);
        }
    }
}

bool Engine::ownBrigadeGeneralCommands(int ui) const {
    const auto& u = unit(ui);
    const auto& b = m_brigades[static_cast<std::size_t>(u.brigade)];
    if (b.general == kNone) return false;
    const auto& g = general(b.general);
    if (!generalAvailable(g)) return false;
    if (g.attachedTo != kNone && g.attachedTo != ui) return false;
    if (g.attachedTo == ui) return true;
    const int dist = std::max(c::kStandWidth * std::abs(g.x - (u.x0 + u.w / 2)), std::abs(g.front - u.front));
    return dist <= c::kCommandRadius || u.alwaysInCommand;
}

bool Engine::generalAttachedTo(int ui) const {
    for (const auto& g : m_generals)
        if (g.attachedTo == ui && generalAvailable(g)) return true;
    return false;
}

bool Engine::adcAttachedTo(int ui) const { return unit(ui).attachedAdcOf != kNone; }

// ---------------------------------------------------------------------------------------------------------
// Staff casualties (§1.14 staff column; §2.15 timings [I])

void Engine::staffCasualtyRoll(int gi, bool adcOnly, int unitContext, int modifier) {
    auto& g = m_generals[static_cast<std::size_t>(gi)];
    if (adcOnly) {
        if (g.aides <= 0) return;
        const int r = m_dice->d6(RollTag::DamageStaff, gi) + modifier;
        if (c::aideRemoved(r)) {
            --g.aides;
            ++g.aidesLost;
            if (unitContext != kNone && unit(unitContext).attachedAdcOf == gi) unit(unitContext).attachedAdcOf = kNone;
            if (m_narrative) log("An aide of " + g.name + " falls (" + std::to_string(r) + ").");
        }
        return;
    }
    const int r = m_dice->d6(RollTag::DamageStaff, gi) + modifier;
    switch (c::staffDamage(r)) {
        case c::StaffDamage::NoEffect: break;
        case c::StaffDamage::EscortLost:
            if (g.escort) {
                g.escort = false;
                ++g.escortLost;
                if (m_narrative) log(g.name + " loses his escort (" + std::to_string(r) + ").");
            }
            break;
        case c::StaffDamage::Wounded1:
            g.fate = g.fate == StaffFate::Unhurt ? StaffFate::Wounded1 : g.fate;
            g.outUntil = m_turn + 2;
            g.attachedTo = kNone;
            if (m_narrative) log(g.name + " is wounded and out of action for a turn (" + std::to_string(r) + ").");
            break;
        case c::StaffDamage::Wounded2:
            g.fate = g.fate == StaffFate::Unhurt || g.fate == StaffFate::Wounded1 ? StaffFate::Wounded2 : g.fate;
            g.outUntil = m_turn + 3;
            g.attachedTo = kNone;
            if (m_narrative) log(g.name + " is wounded and out of action for two turns (" + std::to_string(r) + ").");
            break;
        case c::StaffDamage::SeverelyWounded: loseGeneral(gi, StaffFate::SeverelyWounded); break;
        case c::StaffDamage::Killed: loseGeneral(gi, StaffFate::Killed); break;
    }
}

void Engine::loseGeneral(int gi, StaffFate fate) {
    auto& g = m_generals[static_cast<std::size_t>(gi)];
    if (g.gone) return;
    g.gone = true;
    g.fate = fate;
    g.attachedTo = kNone;
    // A replacement appears in the Initiative Phase after three complete turns (G8); the army general's
    // successor takes over at the next Initiative Phase (¶322).
    g.replacementDue = g.army ? m_turn + 1 : m_turn + 1 + c::kSevereWoundTurns;
    if (g.army) m_sides[static_cast<std::size_t>(g.side)].armyGeneralLost = true;
    const char* what = fate == StaffFate::Killed     ? " is killed."
                       : fate == StaffFate::Captured ? " is captured."
                                                     : " is severely wounded and carried from the field.";
    if (m_narrative) log(g.name + what);
    ++m_events[m_sides[static_cast<std::size_t>(g.side)].id + ".generals_lost"];
}

void Engine::staffUpkeep() {
    // Replacements due this turn (§2.15, ¶320) and the army general's successor (¶322).
    const std::size_t n = m_generals.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (!m_generals[i].gone || m_generals[i].replacedBy != kNone || m_generals[i].replacementDue > m_turn) continue;
        const General old = m_generals[i];
        if (old.army) {
            // Successor: the brigade general of the highest rating, then the largest brigade.
            int succ = kNone, bestRating = -1, bestStands = -1;
            for (const auto& g : m_generals) {
                if (g.side != old.side || g.brigade == kNone || !generalAvailable(g) || g.army) continue;
                int st = 0;
                for (int ui : brigade(g.brigade).units) st += stands(unit(ui));
                const int r = static_cast<int>(g.rating);
                if (r > bestRating || (r == bestRating && st > bestStands)) {
                    succ = g.index;
                    bestRating = r;
                    bestStands = st;
                }
            }
            if (succ == kNone) {
                m_generals[i].replacedBy = -2;
                continue;
            }
            auto& s = m_generals[static_cast<std::size_t>(succ)];
            const int oldBrigade = s.brigade;
            const int oldParent = s.parent;
            s.army = true;
            s.rating = c::demoted(s.rating);
            s.brigade = kNone;
            s.parent = kNone;
            m_sides[static_cast<std::size_t>(old.side)].army = succ;
            for (auto& g : m_generals)
                if (g.parent == old.index) g.parent = succ;
            for (auto& b : m_brigades)
                if (b.parentGeneral == old.index) b.parentGeneral = succ;
            m_generals[i].replacedBy = succ;
            if (m_narrative)
                log(s.name + " takes command of the army, one rating lower (" + std::string(campaign::ratingName(s.rating)) + ").");
            // his brigade gets a new general, rated by 1d6 (¶320)
            General rep;
            rep.id = s.id + "-successor";
            rep.name = "successor of " + s.name;
            rep.index = static_cast<int>(m_generals.size());
            rep.side = s.side;
            rep.rank = Rank::Brigade;
            rep.arm = s.arm;
            rep.nationality = s.nationality;
            rep.rating = rep.ratingStart = c::replacementRating(m_dice->d6(RollTag::ReplacementRating, rep.index));
            rep.brigade = oldBrigade;
            rep.parent = oldParent == old.index ? succ : oldParent;
            rep.x = s.x;
            rep.front = s.front;
            m_brigades[static_cast<std::size_t>(oldBrigade)].general = rep.index;
            m_generals.push_back(rep);
            continue;
        }
        General rep;
        rep.id = old.id + "-replacement";
        rep.name = "replacement for " + old.name;
        rep.index = static_cast<int>(m_generals.size());
        rep.side = old.side;
        rep.rank = old.rank;
        rep.arm = old.arm;
        rep.nationality = old.nationality;
        rep.rating = rep.ratingStart = c::replacementRating(m_dice->d6(RollTag::ReplacementRating, rep.index));
        rep.brigade = old.brigade;
        rep.parent = old.parent;
        rep.x = old.x;
        rep.front = old.front;
        rep.aides = 0;
        m_generals.push_back(rep);
        m_generals[i].replacedBy = rep.index;
        if (rep.brigade != kNone) m_brigades[static_cast<std::size_t>(rep.brigade)].general = rep.index;
        for (auto& g : m_generals)
            if (g.parent == old.index && g.index != rep.index) g.parent = rep.index;
        for (auto& b : m_brigades)
            if (b.parentGeneral == old.index) b.parentGeneral = rep.index;
        if (m_narrative) log(rep.name + " arrives, rated " + std::string(campaign::ratingName(rep.rating)) + ".");
    }
}

}  // namespace etatmajor::battle
