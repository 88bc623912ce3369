// SPDX-License-Identifier: GPL-3.0-or-later
// Engine: the deployment (tactical-resolver.md §2.6.3–2.6.4) with scouting (§2.7), and the generals' posts.
#include "etatmajor/battle/engine.hpp"

#include "battle/engine_points.hpp"

#include <algorithm>
#include <map>

namespace etatmajor::battle {

namespace c = charts;

// ---------------------------------------------------------------------------------------------------------
// Deployment (§2.6.3–2.6.4)

void Engine::place() {
    int first = m_holder;
    if (m_params.scoutingDeployment) {
        planScouting();
        first = m_scouting.firstPlacer;
    }
    placeSide(first);
    m_placed[static_cast<std::size_t>(first)] = true;
    placeSide(1 - first);
    m_placed[static_cast<std::size_t>(1 - first)] = true;
}

// §1.7 (§9.2): cavalry stands by class (G14), irregular cavalry +4 a stand on top as skirmishing horse, Native
// stands 3, cavalry generals 2 / 3 (Capable / Exceptional) and -2 for an Inept cavalry brigadier. Mounted infantry
// are not cavalry and count nothing [X]; escorts are not units here, so they never count.
int Engine::scoutingPoints(int side) const {
    int pts = 0;
    for (const auto& u : m_units) {
        if (u.side != side || u.status != UnitStatus::OnTable) continue;
        const int n = stands(u);
        if (u.type == UnitType::LightCavalry || u.type == UnitType::IrregularCavalry)
            pts += n * c::scoutingPointsCavalryStand(u.unitClass);
        if (u.type == UnitType::IrregularCavalry) pts += n * c::kScoutingIrregularSkirmishCavalryStand;
        if (u.type == UnitType::Native) pts += n * c::kScoutingNativeStand;
    }
    for (const auto& g : m_generals) {
        if (g.side != side || !g.onTable || g.arm != Arm::Cavalry) continue;
        if (g.rating == Rating::Exceptional) pts += c::kScoutingExceptionalCavalryGeneral;
        else if (g.rating == Rating::Capable) pts += c::kScoutingCapableCavalryGeneral;
        else if (g.rank == Rank::Brigade) pts += c::kScoutingIneptCavalryGeneral;
    }
    return pts;
}

// §2.7 items 1–3 [A]. The whole-line placement of §2.6.4 puts one side down, then the other against what it can
// see; scouting decides which side goes first and which of its brigades the second side sees:
// * a side whose every brigade on the table is Deployed-Defensive is set up first whatever the scouting (EM);
// * otherwise, with a margin of 15 or more the out-scouted side goes first, and the other side sees its cavalry
//   brigades (or, with no mounted troops, its first brigade) and then as many more brigades in OOB order as the
//   margin's row of §1.7 says (all of them from 60); with a margin under 15 the side with the lower BIS goes first
//   (the holder on equal BIS) and the other sees its cavalry and, as the brigades alternate, the first half
//   (rounded up) of its other brigades;
// * Deployed-Defensive brigades of the first side are always seen; hidden units (§9.5) never are.
void Engine::planScouting() {
    auto& p = m_scouting;
    p = ScoutingPlan{};
    p.used = true;
    p.points = {scoutingPoints(kSideA), scoutingPoints(kSideB)};
    p.margin = std::abs(p.points[0] - p.points[1]);
    p.outScouted = p.points[0] == p.points[1] ? kNoSide : (p.points[0] < p.points[1] ? kSideA : kSideB);
    p.placesFirst = c::scoutingPlacesFirst(p.margin);
    std::array<std::vector<int>, 2> here;
    for (const auto& b : m_brigades) {
        bool any = false;
        for (int ui : b.units) any = any || unit(ui).status == UnitStatus::OnTable;
        if (any) here[static_cast<std::size_t>(b.side)].push_back(b.index);
    }
    auto allDefensive = [&](int s) {
        const auto& list = here[static_cast<std::size_t>(s)];
        if (list.empty()) return false;
        for (int bi : list)
            if (brigade(bi).mode != Mode::DeployedDefensive) return false;
        return true;
    };
    const bool ddA = allDefensive(kSideA), ddB = allDefensive(kSideB);
    if (ddA != ddB) {
        p.firstPlacer = ddA ? kSideA : kSideB;
    } else if (p.placesFirst != 0) {
        p.firstPlacer = p.outScouted;
    } else {
        const int a = bisOf(kSideA), b = bisOf(kSideB);  // ¶330
        p.firstPlacer = a < b ? kSideA : (b < a ? kSideB : m_holder);
    }
    const int f = p.firstPlacer;
    const auto& mine = here[static_cast<std::size_t>(f)];
    p.seen.assign(m_brigades.size(), 0);
    auto cavalryBrigade = [&](int bi) {
        int mounted = 0, all = 0;
        for (int ui : brigade(bi).units) {
            const auto& u = unit(ui);
            if (u.status != UnitStatus::OnTable) continue;
            all += stands(u);
            if (isMounted(u.type)) mounted += stands(u);
        }
        return all > 0 && 2 * mounted > all;
    };
    auto see = [&](int bi) { p.seen[static_cast<std::size_t>(bi)] = 1; };
    for (int bi : mine)
        if (brigade(bi).mode == Mode::DeployedDefensive) see(bi);
    if (p.placesFirst == -1 && f == p.outScouted) {
        for (int bi : mine) see(bi);
    } else if (p.placesFirst > 0 && f == p.outScouted) {
        int steps = p.placesFirst;
        bool anyCavalry = false;
        for (int bi : mine)
            if (cavalryBrigade(bi)) {
                see(bi);
                anyCavalry = true;
            }
        if (anyCavalry) --steps;  // else the first step is the first brigade in OOB order
        for (int bi : mine) {
            if (steps <= 0) break;
            if (p.seen[static_cast<std::size_t>(bi)]) continue;
            see(bi);
            --steps;
        }
    } else if (p.placesFirst == 0) {
        std::vector<int> others;
        for (int bi : mine) {
            if (cavalryBrigade(bi)) see(bi);
            else if (!p.seen[static_cast<std::size_t>(bi)]) others.push_back(bi);
        }
        for (std::size_t i = 0; i < (others.size() + 1) / 2; ++i) see(others[i]);
    }
}

bool Engine::seenAtPlacement(const Unit& u) const {
    if (!m_scouting.used) return true;
    if (u.hidden) return false;  // §2.7 item 4, §9.5
    if (u.side != m_scouting.firstPlacer) return true;
    return m_scouting.seen[static_cast<std::size_t>(u.brigade)] != 0;
}

// One side's deployment (§2.6.4), handed from step to step of placeSide.
namespace {
// A line named in a battle file's `inFilesOf` without a depth of its own stands this far behind the line it names
// [X]: the 150 paces between Morgan's militia and Howard's Continentals at the Cowpens (tactical-resolver.md §5.9).
constexpr int kLineInDepthGap = 150;
}  // namespace

struct Engine::Deployment {
    int side = kSideA;
    int other = kSideB;
    std::vector<int> brigades;  // the side's brigades with a unit on the table
    std::vector<int> line;      // first line, left to right
    std::vector<int> inFiles;   // first-line units that stand in another line's files (lines in depth), placed after it
    std::vector<int> cavalry, screens, seconds, reserves;
    int usableLo = 0, usableHi = 0;   // the files a line may stand in (§2.5)
    int frontage = 0;                 // the first line's files
    int centre = 0;                   // the file the line stands around
    int left = 0;                     // the line's first file
    int lineFront = 0;                // the first line's front
    int lineLeft = 0, lineRight = 0;  // the files the line and the cavalry beside it hold
};

void Engine::placeSide(int side) {
    Deployment dep;
    dep.side = side;
    dep.other = 1 - side;
    for (const auto& b : m_brigades) {
        if (b.side != side) continue;
        bool any = false;
        for (int ui : b.units) any = any || unit(ui).status == UnitStatus::OnTable;
        if (any) dep.brigades.push_back(b.index);
    }
    if (dep.brigades.empty()) return;

    chooseReserveBrigade(dep);
    assignRoles(dep);
    fitFrontage(dep);
    centreLine(dep);
    // §2.7 item 5 [A]: a side placing after seeing enemy brigades puts its strongest brigade (§3.3 points per file
    // of its first-line units) opposite the weakest visible third of the enemy line; the other brigades keep their
    // order. The line's extent does not change, only the order of its brigades.
    if (m_params.scoutingDeployment && m_placed[static_cast<std::size_t>(dep.other)] && dep.line.size() > 1) strongestOpposite(dep);
    dep.lineFront = firstLineFront(dep);
    placeFirstLine(dep);
    placeLinesInDepth(dep);
    placeSecondLine(dep);
    placeScreens(dep);
    placeCavalry(dep);
    placeReserves(dep);
    placeRearguard(dep);
    settlePlacement(side);
}

// Files a unit takes in the line: its guns, or its stands.
int Engine::deployWidth(int ui) const {
    const auto& u = unit(ui);
    return isArtillery(u.type) ? std::max(1, static_cast<int>(u.guns.size())) : std::max(1, stands(u));
}

// The files [lo, hi) of the first-line units and guns of `side` that the side now placing saw placed (lo >= hi: none).
std::pair<int, int> Engine::seenLineExtent(int side) const {
    int lo = m_width, hi = 0;
    for (const auto& u : m_units)
        if (u.side == side && u.status == UnitStatus::OnTable && (u.role == Role::FirstLine || u.role == Role::Artillery) &&
            seenAtPlacement(u)) {
            lo = std::min(lo, u.x0);
            hi = std::max(hi, u.x0 + u.w);
        }
    return {lo, hi};
}

// §2.6.4 step 1 and §2.7 item 5: the centre file of the third of the enemy line [lo, hi) with the fewest points
// per file of the enemy units this side saw placed (the first such third on ties); `other` is the enemy side.
int Engine::weakestSeenThird(int other, int lo, int hi) const {
    const int third = std::max(1, (hi - lo) / 3);
    std::int64_t weakest = -1;
    int centreFile = (lo + hi) / 2;
    for (int t = 0; t < 3; ++t) {
        const int a = lo + t * third, z = t == 2 ? hi : a + third;
        std::int64_t pts = 0;
        for (const auto& u : m_units)
            if (u.side == other && u.status == UnitStatus::OnTable && u.role != Role::Reserve && seenAtPlacement(u)) {
                const int ov = std::max(0, std::min(z, u.x0 + u.w) - std::max(a, u.x0));
                pts += static_cast<std::int64_t>(ov) * standValue(u);
            }
        if (weakest < 0 || pts < weakest) {
            weakest = pts;
            centreFile = (a + z) / 2;
        }
    }
    return centreFile;
}

// Reserve brigades (§2.6.4 step 3): as flagged, else Assault side one of >= 3, Hold side one of >= 4.
void Engine::chooseReserveBrigade(const Deployment& dep) {
    auto hasInfantry = [&](int bi) {
        for (int ui : brigade(bi).units)
            if (isFoot(unit(ui).type) && unit(ui).status == UnitStatus::OnTable) return true;
        return false;
    };
    int assault = 0, infantryBrigades = 0;
    bool anyFlagged = false;
    for (int bi : dep.brigades) {
        if (brigade(bi).posture == Posture::Assault) ++assault;
        if (hasInfantry(bi)) ++infantryBrigades;
        anyFlagged = anyFlagged || brigade(bi).reserve;
    }
    const bool assaultSide = 2 * assault >= static_cast<int>(dep.brigades.size());
    if (!anyFlagged && infantryBrigades >= (assaultSide ? 3 : 4)) {
        for (auto it = dep.brigades.rbegin(); it != dep.brigades.rend(); ++it)
            if (hasInfantry(*it)) {
                brigade(*it).reserve = true;
                break;
            }
    }
}

// Roles (§2.6.4): the first line, the second, the cavalry, the screens and the reserves.
void Engine::assignRoles(Deployment& dep) {
    auto& line = dep.line;        // first line, left to right
    std::vector<int> centreGuns;  // batteries of artillery-only brigades, placed at the centre
    auto& cavalry = dep.cavalry;
    auto& screens = dep.screens;
    auto& seconds = dep.seconds;
    auto& reserves = dep.reserves;
    for (int bi : dep.brigades) {
        auto& b = brigade(bi);
        std::vector<int> inf, guns;
        for (int ui : b.units) {
            auto& u = unit(ui);
            if (u.status != UnitStatus::OnTable) continue;
            if (b.reserve) {
                u.role = Role::Reserve;
                reserves.push_back(ui);
                continue;
            }
            if (u.slot == Slot::Reserve) {
                u.role = Role::Reserve;
                reserves.push_back(ui);
            } else if (isArtillery(u.type)) {
                u.role = Role::Artillery;
                guns.push_back(ui);
            } else if (u.slot == Slot::Screen) {
                u.role = Role::Screen;
                screens.push_back(ui);
            } else if (isMounted(u.type)) {
                u.role = Role::Cavalry;
                cavalry.push_back(ui);
            } else {
                inf.push_back(ui);
            }
        }
        // ⌈2/3⌉ of the brigade's infantry in the first line, the rest in the second (unless flagged).
        std::vector<int> autos;
        for (int ui : inf) {
            auto& u = unit(ui);
            if (u.slot == Slot::First) u.role = Role::FirstLine;
            else if (u.slot == Slot::Second) u.role = Role::SecondLine;
            else autos.push_back(ui);
        }
        const int firstCount = (2 * static_cast<int>(autos.size()) + 2) / 3;
        for (std::size_t i = 0; i < autos.size(); ++i)
            unit(autos[i]).role = static_cast<int>(i) < firstCount ? Role::FirstLine : Role::SecondLine;
        bool anyFirst = false;
        for (int ui : inf) anyFirst = anyFirst || unit(ui).role == Role::FirstLine;
        if (!anyFirst && !inf.empty()) unit(inf.front()).role = Role::FirstLine;
        for (int ui : inf) {
            if (unit(ui).role == Role::FirstLine) line.push_back(ui);
            else seconds.push_back(ui);
        }
        if (inf.empty()) {
            for (int ui : guns) centreGuns.push_back(ui);
        } else {
            for (int ui : guns) line.push_back(ui);
        }
    }
    // Batteries of artillery-only brigades stand at the centre of the line.
    if (!centreGuns.empty()) {
        std::size_t mid = line.size() / 2;
        line.insert(line.begin() + static_cast<std::ptrdiff_t>(mid), centreGuns.begin(), centreGuns.end());
    }
    // Lines in depth (battle file `inFilesOf`): units standing in another line's files leave the line laid out
    // along the front, and are placed once that line has its files. If nothing else is left in the line, the
    // attribute has nothing to go by and the units are laid out as usual.
    std::vector<int> along;
    for (int ui : line) (unit(ui).filesOf != kNone ? dep.inFiles : along).push_back(ui);
    if (along.empty()) dep.inFiles.clear();
    else line = std::move(along);
    if (line.empty()) {
        // No infantry in front: cavalry or screens hold the line.
        line = cavalry;
        cavalry.clear();
        for (int ui : line) unit(ui).role = Role::FirstLine;
    }
}

// Frontage; more than the table holds goes to the second line (§2.5 [A]).
void Engine::fitFrontage(Deployment& dep) {
    auto& line = dep.line;
    auto& seconds = dep.seconds;
    // The usable width: marsh, swamp or river strips along a table edge are no place for a line (§2.5).
    int usableLo = 0, usableHi = m_width;
    for (const auto& f : m_features) {
        const bool edgeStrip = (f.kind == FeatureKind::Marsh || f.kind == FeatureKind::Swamp || f.kind == FeatureKind::River) &&
                               f.y0 <= 0 && f.y1 >= m_depth;
        if (!edgeStrip) continue;
        if (f.x0 <= usableLo) usableLo = std::max(usableLo, f.x1);
        if (f.x1 >= usableHi) usableHi = std::min(usableHi, f.x0);
    }
    if (usableHi - usableLo < 4) {
        usableLo = 0;
        usableHi = m_width;
    }
    dep.usableLo = usableLo;
    dep.usableHi = usableHi;
    const int usable = usableHi - usableLo;
    int frontage = 0;
    for (int ui : line) frontage += deployWidth(ui);
    // §2.6.4 step 1: the side deploying second aims to cover the holder's frontage plus a file at each end, if it has
    // the stands; second-line units step up for that.
    if (dep.side != m_holder && m_placed[static_cast<std::size_t>(dep.other)]) {
        const auto [lo, hi] = seenLineExtent(dep.other);
        const int wanted = std::min(usable, hi > lo ? hi - lo + 2 : 0);
        while (frontage < wanted && !seconds.empty()) {
            const int ui = seconds.front();
            seconds.erase(seconds.begin());
            auto& u = unit(ui);
            u.role = Role::FirstLine;
            // keep brigades together: after the last first-line unit of its brigade
            auto at = line.end();
            for (auto it = line.begin(); it != line.end(); ++it)
                if (unit(*it).brigade == u.brigade) at = it + 1;
            line.insert(at, ui);
            frontage += deployWidth(ui);
        }
    }
    while (frontage > usable) {
        int victim = kNone;
        for (auto it = line.rbegin(); it != line.rend(); ++it)
            if (unit(*it).role == Role::FirstLine && isFoot(unit(*it).type)) {
                victim = *it;
                break;
            }
        if (victim == kNone) break;
        frontage -= deployWidth(victim);
        line.erase(std::find(line.begin(), line.end(), victim));
        unit(victim).role = Role::SecondLine;
        seconds.push_back(victim);
    }
    dep.frontage = frontage;
}

// Where the line stands across the front.
void Engine::centreLine(Deployment& dep) const {
    const int side = dep.side, other = dep.other, frontage = dep.frontage;
    int centre = m_width / 2;
    if (side == m_holder) {
        for (const auto& f : m_features)
            if (f.key) {
                centre = (f.x0 + f.x1) / 2;
                break;
            }
    } else if (m_placed[static_cast<std::size_t>(other)]) {
        // Against the holder's frontage; if shorter, opposite the holder's weakest third (points per file).
        const auto [lo, hi] = seenLineExtent(other);
        int holderFrontage = 0;
        if (hi > lo) {
            holderFrontage = hi - lo;
            centre = (lo + hi) / 2;
            if (frontage < holderFrontage) centre = weakestSeenThird(other, lo, hi);
        }
    }
    int left = centre - frontage / 2;
    left = std::max(dep.usableLo, std::min(left, dep.usableHi - frontage));
    left = std::max(0, left);
    dep.centre = centre;
    dep.left = left;
}

// §2.7 item 5 [A]: the strongest brigade of the line moves to stand opposite the weakest third of the enemy line it
// saw placed, the nearest it can come to it between the other brigades.
void Engine::strongestOpposite(Deployment& dep) const {
    auto& line = dep.line;
    const int left = dep.left;
    const auto [lo, hi] = seenLineExtent(dep.other);
    std::vector<std::vector<int>> blocks;  // runs of one brigade along the line
    for (int ui : line) {
        if (blocks.empty() || unit(blocks.back().front()).brigade != unit(ui).brigade) blocks.emplace_back();
        blocks.back().push_back(ui);
    }
    if (hi > lo && blocks.size() > 1) {
        const int target = weakestSeenThird(dep.other, lo, hi);
        int strongest = -1;
        std::int64_t bestPts = 0, bestFiles = 1;
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            std::int64_t pts = 0, files = 0;
            bool foot = false;
            for (int ui : blocks[i]) {
                pts += static_cast<std::int64_t>(standValue(unit(ui))) * stands(unit(ui));
                files += deployWidth(ui);
                foot = foot || isFoot(unit(ui).type);
            }
            if (!foot || files == 0) continue;
            if (strongest < 0 || pts * bestFiles > bestPts * files) {
                strongest = static_cast<int>(i);
                bestPts = pts;
                bestFiles = files;
            }
        }
        if (strongest >= 0) {
            auto block = blocks[static_cast<std::size_t>(strongest)];
            blocks.erase(blocks.begin() + strongest);
            int bw = 0;
            for (int ui : block) bw += deployWidth(ui);
            std::size_t bestAt = 0;
            int bestDist = 1 << 30, offset = 0;
            for (std::size_t at = 0; at <= blocks.size(); ++at) {
                const int d = std::abs(2 * (left + offset) + bw - 2 * target);  // twice the distance of the centres
                if (d < bestDist) {
                    bestDist = d;
                    bestAt = at;
                }
                if (at < blocks.size())
                    for (int ui : blocks[at]) offset += deployWidth(ui);
            }
            blocks.insert(blocks.begin() + static_cast<std::ptrdiff_t>(bestAt), block);
            line.clear();
            for (const auto& b : blocks) line.insert(line.end(), b.begin(), b.end());
        }
    }
}

// Depth of the first line: the deployment line, or up to 650 paces (the grand-tactical halt) from a deployed formed
// enemy for Deployed-Offensive (§2.6.3).
int Engine::firstLineFront(const Deployment& dep) {
    const int other = dep.other;
    int lineFront = c::kDeploymentZone;
    bool offensive = false;
    for (int bi : dep.brigades) offensive = offensive || brigade(bi).mode == Mode::DeployedOffensive;
    if (offensive && m_placed[static_cast<std::size_t>(other)]) {
        int enemyFront = -1;
        for (const auto& u : m_units)
            if (u.side == other && u.status == UnitStatus::OnTable && u.role == Role::FirstLine && seenAtPlacement(u))
                enemyFront = std::max(enemyFront, u.front);
        // ... unless an unfordable river lies between: nothing is gained by standing on its bank [X].
        bool river = false;
        for (const auto& f : m_features) river = river || f.kind == FeatureKind::River;
        if (enemyFront >= 0 && !river) lineFront = std::max(lineFront, m_depth - enemyFront - c::kGrandTacticalHalt);
    }
    lineFront = std::min(lineFront, m_depth / 2 - 30);
    return lineFront;
}

// The first line in its files, from left to right, in the formation its brigade's mode gives it (§2.6.3).
void Engine::placeFirstLine(Deployment& dep) {
    int x = dep.left;
    for (int ui : dep.line) {
        placeLineUnit(ui, x, dep.lineFront);
        x += deployWidth(ui);
    }
    dep.lineLeft = dep.left;
    dep.lineRight = dep.left + dep.frontage;
}

// One unit of a line in its files from `x0`, in the formation its brigade's mode gives it (§2.6.3).
void Engine::placeLineUnit(int ui, int x0, int front) {
    auto& u = unit(ui);
    const int w = deployWidth(ui);
    u.lane = 0;
    u.x0 = x0;
    u.front = u.fixedDepth >= 0 ? u.fixedDepth : front;
    const auto& b = brigade(u.brigade);
    if (isArtillery(u.type)) {
        setFormation(u, Formation::Deployed);
        u.x0 = x0;
    } else if (isMounted(u.type)) {
        setFormation(u, Formation::Line);
        u.x0 = x0;
    } else if (b.mode == Mode::Reorganisation || b.mode == Mode::March || b.mode == Mode::ForcedMarch) {
        u.w = w;
        setFormation(u, Formation::OpenColumn);
    } else if (b.mode == Mode::Forage) {
        u.w = w;
        setFormation(u, Formation::Skirmish);
    } else {
        setFormation(u, Formation::Line);
        u.x0 = x0;
    }
    if (b.mode == Mode::Forage) u.front = 150 + (ui * 97) % 300;
}

// Lines in depth (battle file `inFilesOf`, rules-mapping-battle.md "Lines in depth"): each group of units naming
// the same line stands centred on that line's files, in the order of the set-up, at its own `depth` or, without
// one, 150 paces behind the named line's front [X]. They are first-line units (they hold or attack as the line
// does); the side's frontage, and so the enemy's, is that of the line laid out along the front.
void Engine::placeLinesInDepth(Deployment& dep) {
    std::vector<int> done;
    for (int ui : dep.inFiles) {
        const int target = unit(ui).filesOf;
        if (std::find(done.begin(), done.end(), target) != done.end()) continue;
        done.push_back(target);
        int lo = m_width, hi = 0, front = -1;
        for (int li : dep.line) {
            const auto& l = unit(li);
            if (std::find(l.lineOf.begin(), l.lineOf.end(), target) == l.lineOf.end()) continue;
            lo = std::min(lo, l.x0);
            hi = std::max(hi, l.x0 + deployWidth(li));
            front = std::max(front, l.front);
        }
        if (hi <= lo) {  // the named line has no first-line units: the line's own files
            lo = dep.lineLeft;
            hi = dep.lineRight;
            front = dep.lineFront;
        }
        int width = 0;
        for (int fi : dep.inFiles)
            if (unit(fi).filesOf == target) width += deployWidth(fi);
        int x = (lo + hi - width) / 2;
        x = std::max(dep.usableLo, std::min(x, dep.usableHi - width));
        x = std::max(0, std::min(x, m_width - width));
        for (int fi : dep.inFiles) {
            if (unit(fi).filesOf != target) continue;
            placeLineUnit(fi, x, std::max(unit(fi).depth, front - kLineInDepthGap));
            x += deployWidth(fi);
        }
    }
    dep.line.insert(dep.line.end(), dep.inFiles.begin(), dep.inFiles.end());
}

// Second line: open column behind a first-line unit of the brigade (§2.6.4 step 3).
void Engine::placeSecondLine(const Deployment& dep) {
    const auto& line = dep.line;
    const int centre = dep.centre, lineFront = dep.lineFront;
    std::map<int, int> supports;
    for (int ui : dep.seconds) {
        auto& u = unit(ui);
        int anchor = kNone, fewest = 1 << 30;
        for (int li : line) {
            const auto& l = unit(li);
            if (l.brigade != u.brigade || !isFoot(l.type)) continue;
            if (supports[li] < fewest) {
                fewest = supports[li];
                anchor = li;
            }
        }
        if (anchor == kNone)
            for (int li : line)
                if (isFoot(unit(li).type) && supports[li] < fewest) {
                    fewest = supports[li];
                    anchor = li;
                }
        u.role = Role::SecondLine;
        u.w = std::max(1, stands(u));
        setFormation(u, Formation::OpenColumn);
        if (anchor != kNone) {
            ++supports[anchor];
            const auto& a = unit(anchor);
            u.anchor = anchor;
            u.x0 = std::min(m_width - 1, a.x0 + a.w / 2 + (supports[anchor] - 1));
            u.front = std::max(u.depth, a.front - m_params.supportGap - 20 * (supports[anchor] - 1));
        } else {
            u.x0 = centre;
            u.front = std::max(u.depth, lineFront - m_params.supportGap);
        }
        if (u.fixedDepth >= 0) u.front = u.fixedDepth;
    }
}

// Screens ahead of their brigade (§2.6.4 step 6); a scouting side's horse and light foot of the line screen too.
void Engine::placeScreens(const Deployment& dep) {
    const auto& line = dep.line;
    const int lineFront = dep.lineFront, lineLeft = dep.lineLeft, lineRight = dep.lineRight;
    for (int ui : dep.screens) {
        auto& u = unit(ui);
        int lo = m_width, hi = 0, bfront = lineFront;
        for (int li : line)
            if (unit(li).brigade == u.brigade) {
                lo = std::min(lo, unit(li).x0);
                hi = std::max(hi, unit(li).x0 + unit(li).w);
                bfront = unit(li).front;
            }
        if (hi <= lo) {
            lo = lineLeft;
            hi = lineRight;
        }
        u.w = 3 * std::max(1, stands(u));
        setFormation(u, Formation::Skirmish);
        u.x0 = std::max(0, std::min(m_width - u.w, (lo + hi) / 2 - u.w / 2));
        u.front = u.fixedDepth >= 0 ? u.fixedDepth : bfront + m_params.screenGap;
    }
    const bool scouting = [&] {
        for (int bi : dep.brigades)
            if (brigade(bi).mode == Mode::Scouting) return true;
        return false;
    }();
    if (scouting)
        for (int ui : line) {
            auto& u = unit(ui);
            if (isMounted(u.type) || u.type == UnitType::LightInfantry || u.type == UnitType::IrregularInfantry) {
                setFormation(u, Formation::Skirmish);
                u.front = lineFront + m_params.screenGap;
                u.role = Role::Screen;
            }
        }
}

// A line's flank at `file` rests on a marsh, swamp, river or heavy wood, or on the table's edge (§2.6.4 step 5).
bool Engine::anchoredAt(int file) const {
    for (const auto& f : m_features) {
        const bool anchoring = f.kind == FeatureKind::Marsh || f.kind == FeatureKind::Swamp || f.kind == FeatureKind::River ||
                               f.kind == FeatureKind::HeavyWood;
        if (anchoring && file >= f.x0 - 3 && file < f.x1 + 3) return true;
    }
    return file < 0 || file >= m_width;
}

// Cavalry on the open flanks, 100 paces back; if both flanks are anchored, in reserve (§2.6.4 step 5).
void Engine::placeCavalry(Deployment& dep) {
    const int other = dep.other, lineFront = dep.lineFront;
    int& lineLeft = dep.lineLeft;
    int& lineRight = dep.lineRight;
    // §2.7 item 5 [A]: a side that has seen enemy cavalry puts its own on the flank where the seen enemy cavalry
    // is weaker (points of mounted stands on either side of the line's centre); on equal strength, as above.
    int cavalryFlank = 0;  // -1 the low-file flank, +1 the high-file flank, 0 alternate
    if (m_params.scoutingDeployment && m_placed[static_cast<std::size_t>(other)]) {
        std::int64_t lowPts = 0, highPts = 0;
        for (const auto& u : m_units)
            if (u.side == other && u.status == UnitStatus::OnTable && isMounted(u.type) && u.role != Role::Reserve &&
                seenAtPlacement(u)) {
                const std::int64_t pts = static_cast<std::int64_t>(standValue(u)) * stands(u);
                if (2 * u.x0 + u.w < lineLeft + lineRight) lowPts += pts;
                else highPts += pts;
            }
        if (lowPts != highPts) cavalryFlank = lowPts < highPts ? -1 : 1;
    }
    bool toLeft = true;
    for (int ui : dep.cavalry) {
        auto& u = unit(ui);
        const int w = std::max(1, stands(u));
        u.role = Role::Cavalry;
        u.w = w;
        setFormation(u, Formation::Line);
        u.front = u.fixedDepth >= 0 ? u.fixedDepth : std::max(40, lineFront - 100);
        const bool leftFree = lineLeft - w >= 0 && !anchoredAt(lineLeft - 1);
        const bool rightFree = lineRight + w <= m_width && !anchoredAt(lineRight);
        const bool goLeft = cavalryFlank == 0 ? (toLeft && leftFree) || (!rightFree && leftFree)
                                              : (cavalryFlank < 0 ? leftFree : !rightFree && leftFree);
        if (goLeft) {
            u.x0 = lineLeft - w;
            lineLeft -= w;
            toLeft = false;
        } else if (rightFree) {
            u.x0 = lineRight;
            lineRight += w;
            toLeft = true;
        } else {
            u.role = Role::Reserve;
            dep.reserves.push_back(ui);
        }
    }
}

// Reserve: whole brigades in open column behind the centre (§2.6.4 step 3).
void Engine::placeReserves(const Deployment& dep) {
    const int centre = dep.centre, lineFront = dep.lineFront;
    int k = 0;
    for (int ui : dep.reserves) {
        auto& u = unit(ui);
        u.w = std::max(1, stands(u));
        setFormation(u,
                     isMounted(u.type) ? Formation::OpenColumn : (isArtillery(u.type) ? Formation::Limbered : Formation::OpenColumn));
        const int offset = (k % 2 == 0 ? 1 : -1) * ((k + 1) / 2) * 2;
        u.x0 = std::max(0, std::min(m_width - 1, centre + offset));
        u.front = u.fixedDepth >= 0 ? u.fixedDepth : std::max(u.depth, lineFront - m_params.reserveGap);
        ++k;
    }
}

// Mode details (§2.6.3): Reorganisation stands in column; Breakoff keeps ≥ 25 % deployed as a rearguard.
void Engine::placeRearguard(const Deployment& dep) {
    const int side = dep.side;
    bool breakoff = false;
    for (int bi : dep.brigades) {
        auto& b = brigade(bi);
        if (b.mode == Mode::Breakoff) {
            b.posture = Posture::Withdraw;
            breakoff = true;
        }
    }
    if (breakoff) {
        // The rearguard: at least a quarter of the side's points, its steadiest formed units first (§2.6.3).
        std::vector<int> cands;
        for (const auto& u : m_units)
            if (u.side == side && u.status == UnitStatus::OnTable && !isArtillery(u.type)) cands.push_back(u.index);
        std::stable_sort(cands.begin(), cands.end(), [&](int a, int b) {
            const auto& ua = unit(a);
            const auto& ub = unit(b);
            const int ka = ua.unitClass * 10 + (isFoot(ua.type) && !isIrregularType(ua.type) ? 1 : 0);
            const int kb = ub.unitClass * 10 + (isFoot(ub.type) && !isIrregularType(ub.type) ? 1 : 0);
            return ka > kb;
        });
        Points6 guard;
        const Points6 quarter = Points6::sixths(m_sides[static_cast<std::size_t>(side)].start.inSixths() / 4);
        for (int ui : cands) {
            if (guard >= quarter) break;
            unit(ui).rearguard = true;
            guard += figureValue(unit(ui), unit(ui).figures);
        }
    }
}

// The side's units within the field and short of its middle; the first line's slots (gap filling).
void Engine::settlePlacement(int side) {
    for (auto& u : m_units)
        if (u.side == side && u.status == UnitStatus::OnTable) {
            if (u.fixedFile >= 0) u.x0 = u.fixedFile;
            u.front = std::max(std::min(u.front, m_depth / 2 - 1), std::min(u.depth, m_depth / 2 - 1));
            u.x0 = std::max(0, std::min(u.x0, m_width - u.w));
            if (u.role == Role::FirstLine || u.role == Role::Artillery) {
                u.slotX0 = u.x0;
                u.slotW = u.w;
                u.slotFront = u.front;
            }
        }
}

// Generals' posts (§2.6.4 step 7): brigade 100, division 200, army 300 paces behind the centre of their troops.
void Engine::updatePosts() {
    // The extent (files, most advanced front, count) of each brigade's and each side's formed units on the strip,
    // gathered once; a general's post reads the union over the brigades he commands.
    const PostExtent empty{m_width, 0, -1, 0};
    auto& perBrigade = m_extentScratch;
    perBrigade.assign(m_brigades.size(), empty);
    std::array<PostExtent, 2> perSide{empty, empty};
    for (const auto& u : m_units) {
        if (u.status != UnitStatus::OnTable || u.lane != 0 || u.morale == Morale::Routing) continue;
        perBrigade[static_cast<std::size_t>(u.brigade)].add(PostExtent{u.x0, u.x0 + u.w, u.front, 1});
    }
    // A side's extent is the union of its brigades' (the same as over its units: the union is a min, max and sum).
    for (const auto& b : m_brigades) perSide[static_cast<std::size_t>(b.side)].add(perBrigade[static_cast<std::size_t>(b.index)]);
    // A general's units are those of the brigades he commands directly or through subordinates: each brigade's
    // extent goes to every general of its chain of command.
    auto& perGeneral = m_generalExtentScratch;
    perGeneral.assign(m_generals.size(), empty);
    for (std::size_t bi = 0; bi < m_brigades.size(); ++bi) {
        const auto& b = m_brigades[bi];
        for (int x = b.general != kNone ? b.general : b.parentGeneral; x != kNone; x = general(x).parent)
            if (general(x).side == b.side) perGeneral[static_cast<std::size_t>(x)].add(perBrigade[bi]);
    }
    for (auto& g : m_generals) {
        if (!g.onTable || g.gone) continue;
        if (g.attachedTo != kNone) {
            const auto& u = unit(g.attachedTo);
            g.x = u.x0 + u.w / 2;
            g.front = std::max(0, u.front - 10);
            continue;
        }
        const int behind = g.army ? 300 : (g.rank == Rank::Division || g.rank == Rank::Corps ? 200 : 100);
        const PostExtent ext = g.army ? perSide[static_cast<std::size_t>(g.side)] : perGeneral[static_cast<std::size_t>(g.index)];
        const int lo = ext.lo, hi = ext.hi, front = ext.front, count = ext.count;
        const int nearest = g.army ? ext.front : -1;
        if (count == 0) continue;
        g.x = (lo + hi) / 2;
        int post = front - behind;
        if (g.minBehind > 0 && nearest >= 0) post = std::min(post, nearest - g.minBehind);
        g.front = std::max(0, post);
    }
}

}  // namespace etatmajor::battle
