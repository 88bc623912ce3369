// SPDX-License-Identifier: GPL-3.0-or-later
// Engine: building the state from a set-up, deployment (tactical-resolver.md §2.6), the turn loop (§2.10), the end
// of the battle (§2.20) and the points accounting (§2.21, §3).
#include "etatmajor/battle/engine.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <stdexcept>
#include <tuple>

namespace etatmajor::battle {

namespace c = charts;

namespace {

constexpr int kDeployLine = c::kDeploymentZone;  // ¶328: 300 paces from the own rear edge

Posture postureFor(Mode m, bool holder) {
    switch (m) {
        case Mode::DeployedDefensive: return Posture::Hold;
        case Mode::DeployedOffensive: return Posture::Assault;
        case Mode::March:
        case Mode::ForcedMarch: return holder ? Posture::Hold : Posture::Assault;
        case Mode::Forage:
        case Mode::Reorganisation: return Posture::Hold;
        case Mode::Scouting: return Posture::Screen;
        case Mode::Breakoff: return Posture::Withdraw;
    }
    return Posture::Hold;
}

int generalValue(const General& g) {
    if (g.army) return 0;  // the C-in-C (the player's own figure) is free (§3.3)
    switch (g.rank) {
        case Rank::ArmyCommander: return 0;
        case Rank::Corps:
        case Rank::Division: return c::kDivisionGeneralValue;
        case Rank::Brigade:
        case Rank::ArtilleryGeneral: return c::kBrigadeGeneralValue;
    }
    return 0;
}

// Value of one stand of a unit in whole points (§2.21).
int standValue(const Unit& u) {
    int v = c::classStandValue(u.unitClass);
    if (u.armament == Armament::Rifle) v += c::kRifleExtra;
    if (isMounted(u.type)) v += c::kMountedExtra;
    if (isArtillery(u.type)) v += c::kCrewExtra;
    return v;
}

// Value of `figures` figures of a unit, exactly: stand value × figures / figures per stand.
Points6 figureValue(const Unit& u, int figures) { return Points6::fraction(standValue(u), figures, u.fps); }

}  // namespace

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

int Engine::addGeneral(const GeneralSpec& spec, int side, int parent, int arrival) {
    General g;
    g.id = spec.id;
    g.name = spec.name.empty() ? spec.id : spec.name;
    g.index = static_cast<int>(m_generals.size());
    g.side = side;
    g.rank = spec.rank;
    g.arm = spec.arm;
    g.nationality = spec.nationality;
    g.rating = g.ratingStart = spec.rating;
    g.aides = g.aidesStart = spec.aides;
    g.escort = g.escortStart = spec.escort;
    g.neverAttach = spec.neverAttach;
    g.minBehind = spec.minBehind;
    g.parent = parent;
    g.arrivalTurn = arrival;
    g.onTable = arrival <= 1;
    m_generals.push_back(g);
    return g.index;
}

void Engine::buildFormation(const FormationSpec& f, int side, Mode mode, int arrival, ArrivalTrigger trig, Edge entry,
                            int parentGeneral) {
    int own = kNone;
    if (f.general) own = addGeneral(*f.general, side, parentGeneral, arrival);
    if (!f.units.empty()) {
        Brigade b;
        b.id = f.id;
        b.name = f.name.empty() ? f.id : f.name;
        b.index = static_cast<int>(m_brigades.size());
        b.side = side;
        b.general = own;
        b.parentGeneral = own != kNone ? parentGeneral : parentGeneral;
        b.reserve = f.slot == Slot::Reserve;
        b.mode = mode;
        m_brigades.push_back(b);
        if (own != kNone) m_generals[static_cast<std::size_t>(own)].brigade = b.index;
        for (const auto& us : f.units) {
            Unit u;
            u.id = us.id;
            u.name = us.name.empty() ? us.id : us.name;
            u.side = side;
            u.brigade = b.index;
            u.type = us.type;
            u.nationality = us.nationality;
            u.unitClass = us.unitClass < 1 ? 1 : (us.unitClass > 5 ? 5 : us.unitClass);
            u.fps = us.figuresPerStand > 0 ? us.figuresPerStand : defaultFiguresPerStand(us.type);
            u.armament = us.armament;
            u.figures = us.figures > 0 ? us.figures : us.stands * u.fps;
            const bool irregular = isIrregularType(us.type) && !isMounted(us.type);
            // §2.2: no bayonets for Class 1 and for Class 2 irregular foot unless the OOB says otherwise.
            u.bayonets = us.bayonets.value_or(
                !(u.unitClass == 1 || (u.unitClass == 2 && (irregular || us.type == UnitType::MountedInfantry))));
            const bool regularFoot = us.type == UnitType::LineInfantry || us.type == UnitType::LightInfantry;
            u.hasColours = us.colours.value_or(regularFoot || us.type == UnitType::LightCavalry);
            u.highlander = us.highlander;
            u.militia = us.militia;
            u.legionDragoons = us.legionDragoons;
            u.guards = us.guards;
            u.independentLight = us.independentLight;
            u.alwaysInCommand = us.alwaysInCommand;
            u.hidden = us.hidden;
            u.slot = us.screen ? Slot::Screen : us.slot;
            u.fixedDepth = us.depth;
            u.fixedFile = us.file;
            u.arrivalTurn = arrival;
            u.trigger = trig;
            u.entry = entry;
            for (const auto& g : us.guns)
                for (int i = 0; i < g.count; ++i) u.guns.push_back(Gun{g.calibre, g.howitzer, 0, false, false, kNoSide, 0});
            // Battalion guns (§2.18): the battalion's own guns, two gunners each, no limber (§1.1).
            if (!isArtillery(us.type))
                for (const auto& g : us.battalionGuns)
                    for (int i = 0; i < g.count; ++i)
                        u.guns.push_back(Gun{g.calibre, false, c::kBattalionGunCrew, false, false, kNoSide, 0});
            u.formation = isArtillery(u.type) ? Formation::Deployed : Formation::Line;
            u.nearId = us.inCommandNear;
            m_units.push_back(std::move(u));
        }
    }
    for (const auto& child : f.children) buildFormation(child, side, mode, arrival, trig, entry, own != kNone ? own : parentGeneral);
}

void Engine::build(const BattleSetup& setup) {
    m_weatherMusketry = c::weatherMusketryModifier(setup.weather);
    m_weatherForbidsSmallArms = c::weatherForbidsSmallArms(setup.weather);
    // §2.6.1 length; §2.5 field size
    m_turns = battle::turnsAvailable(setup);
    int onTableMes[2] = {0, 0};
    int allMes = 0;
    for (int s = 0; s < 2; ++s)
        for (const auto& me : setup.sides[static_cast<std::size_t>(s)].mes) {
            ++allMes;
            if (me.arrivalTurn <= 1 && me.trigger == ArrivalTrigger::None) ++onTableMes[s];
        }
    if (m_params.tableRule == TableRule::EmChart) {
        const int t = std::max(1, (allMes + 3) / 4);
        m_width = 50 * t;
        m_depth = 2000;
    } else {
        const int t = std::max(1, (std::max(onTableMes[0], onTableMes[1]) + 1) / 2);
        m_width = 30 * t;
        m_depth = 1200;
    }
    if (setup.fieldWidth > 0) m_width = setup.fieldWidth;
    if (setup.fieldDepth > 0) m_depth = setup.fieldDepth;

    // holder (§2.5): given, else the side in Deployed-Defensive mode, else side B
    m_holder = setup.holder;
    if (m_holder == kNoSide) {
        for (int s = 0; s < 2 && m_holder == kNoSide; ++s)
            for (const auto& me : setup.sides[static_cast<std::size_t>(s)].mes)
                if (me.mode == Mode::DeployedDefensive) m_holder = s;
        if (m_holder == kNoSide) m_holder = kSideB;
    }

    for (int s = 0; s < 2; ++s) {
        const auto& spec = setup.sides[static_cast<std::size_t>(s)];
        auto& side = m_sides[static_cast<std::size_t>(s)];
        side.id = spec.id;
        side.name = spec.name.empty() ? spec.id : spec.name;
        side.initiativeTurn1 = spec.initiativeTurn1;
        side.ammunition = spec.ammunition;
        side.supplyPoint = spec.supplyPoint;
        int army = kNone;
        if (spec.commander) {
            army = addGeneral(*spec.commander, s, kNone, 1);
            m_generals[static_cast<std::size_t>(army)].army = true;
        }
        side.army = army;
        for (const auto& me : spec.mes) {
            // March or forced march: the lead brigade is on table, the others follow one a turn (§2.6.3 [X]).
            int arrival = std::max(1, me.arrivalTurn);
            for (std::size_t fi = 0; fi < me.formations.size(); ++fi) {
                int a = arrival;
                if ((me.mode == Mode::March || me.mode == Mode::ForcedMarch) && me.trigger == ArrivalTrigger::None)
                    a = arrival + static_cast<int>(fi);
                buildFormation(me.formations[fi], s, me.mode, a, me.trigger, me.entry, army);
            }
        }
    }

    // Canonical order (§4.2): brigades by (side, id), units by (side, brigade id, unit id), generals by (side, id).
    std::vector<int> brigadeOrder(m_brigades.size());
    std::iota(brigadeOrder.begin(), brigadeOrder.end(), 0);
    std::sort(brigadeOrder.begin(), brigadeOrder.end(), [&](int a, int b) {
        const auto& x = m_brigades[static_cast<std::size_t>(a)];
        const auto& y = m_brigades[static_cast<std::size_t>(b)];
        return std::tie(x.side, x.id) < std::tie(y.side, y.id);
    });
    std::vector<int> brigadeNew(m_brigades.size());
    std::vector<Brigade> brigades;
    for (std::size_t i = 0; i < brigadeOrder.size(); ++i) {
        brigadeNew[static_cast<std::size_t>(brigadeOrder[i])] = static_cast<int>(i);
        brigades.push_back(m_brigades[static_cast<std::size_t>(brigadeOrder[i])]);
        brigades.back().index = static_cast<int>(i);
    }
    m_brigades = std::move(brigades);

    std::vector<int> generalOrder(m_generals.size());
    std::iota(generalOrder.begin(), generalOrder.end(), 0);
    std::sort(generalOrder.begin(), generalOrder.end(), [&](int a, int b) {
        const auto& x = m_generals[static_cast<std::size_t>(a)];
        const auto& y = m_generals[static_cast<std::size_t>(b)];
        return std::tie(x.side, x.id) < std::tie(y.side, y.id);
    });
    std::vector<int> generalNew(m_generals.size());
    std::vector<General> generals;
    for (std::size_t i = 0; i < generalOrder.size(); ++i) {
        generalNew[static_cast<std::size_t>(generalOrder[i])] = static_cast<int>(i);
        generals.push_back(m_generals[static_cast<std::size_t>(generalOrder[i])]);
        generals.back().index = static_cast<int>(i);
    }
    auto mapGeneral = [&](int g) { return g == kNone ? kNone : generalNew[static_cast<std::size_t>(g)]; };
    for (auto& g : generals) {
        g.parent = mapGeneral(g.parent);
        if (g.brigade != kNone) g.brigade = brigadeNew[static_cast<std::size_t>(g.brigade)];
    }
    m_generals = std::move(generals);
    for (auto& b : m_brigades) {
        b.general = mapGeneral(b.general);
        b.parentGeneral = mapGeneral(b.parentGeneral);
    }
    for (auto& s : m_sides) s.army = mapGeneral(s.army);

    for (auto& u : m_units) {
        u.brigade = brigadeNew[static_cast<std::size_t>(u.brigade)];
        u.index = 0;
    }
    std::stable_sort(m_units.begin(), m_units.end(), [&](const Unit& a, const Unit& b) {
        const auto& ba = m_brigades[static_cast<std::size_t>(a.brigade)];
        const auto& bb = m_brigades[static_cast<std::size_t>(b.brigade)];
        return std::tie(a.side, ba.id, a.id) < std::tie(b.side, bb.id, b.id);
    });
    m_sideBegin = {0, 0, m_units.size()};
    for (std::size_t i = 0; i < m_units.size(); ++i) {
        auto& u = m_units[i];
        if (u.side == kSideA) m_sideBegin[1] = i + 1;
        u.index = static_cast<int>(i);
        m_brigades[static_cast<std::size_t>(u.brigade)].units.push_back(u.index);
    }
    for (auto& u : m_units)
        if (!u.nearId.empty()) u.nearUnit = unitIndex(u.nearId);

    // Forced-march attrition (EM: Formation Mode, §1.19), figures per unit, before the battle.
    for (auto& u : m_units) {
        const auto& spec = m_setup.sides[static_cast<std::size_t>(u.side)];
        if (spec.forcedMarch && !isArtillery(u.type))
            u.figures = std::max(u.fps, u.figures - c::forcedMarchAttrition(u.unitClass, m_setup.season));
    }

    // Strengths, crews, brigade start strengths, statuses.
    for (auto& u : m_units) {
        u.figuresStart = u.figures;
        u.standsStart = standsOf(u.figures, u.fps);
        u.morale = u.unitClass == 1 ? Morale::Unsteady : Morale::Ordered;  // Class 1 is always Unsteady (§1.3)
        if (isArtillery(u.type)) {
            // §2.18: crews concentrated so that as many guns as possible have at least two figures.
            int crew = u.figures;
            const int g = static_cast<int>(u.guns.size());
            if (crew >= 3 * g) {
                for (auto& gun : u.guns) gun.crew = 3;
            } else {
                const int manned = std::min(g, crew / 2);
                for (int i = 0; i < manned; ++i) u.guns[static_cast<std::size_t>(i)].crew = 2;
                int rest = crew - 2 * manned;
                for (int i = 0; i < manned && rest > 0; ++i, --rest) u.guns[static_cast<std::size_t>(i)].crew = 3;
            }
        }
        if (u.arrivalTurn > 1 || u.trigger != ArrivalTrigger::None) u.status = UnitStatus::Arriving;
        m_brigades[static_cast<std::size_t>(u.brigade)].standsStart += u.standsStart;
    }
    for (auto& g : m_generals) {
        if (g.brigade != kNone) {
            const auto& b = m_brigades[static_cast<std::size_t>(g.brigade)];
            if (!b.units.empty()) {
                const auto& u = m_units[static_cast<std::size_t>(b.units.front())];
                g.arrivalTurn = u.arrivalTurn;
                g.onTable = u.status == UnitStatus::OnTable;
            }
        }
    }
    // Postures from the ME modes (§2.6.3).
    for (auto& b : m_brigades) b.posture = postureFor(b.mode, b.side == m_holder);
    // §2.8 [X] `pin_for_flank_march`: a side with a flank march on its way holds its frontal attack (firing, not
    // advancing) until the turn the march arrives, so that the two fall on the enemy together.
    if (m_params.pinForFlankMarch)
        for (int s = 0; s < 2; ++s) {
            int flankTurn = 0;
            for (const auto& u : m_units)
                if (u.side == s && u.status == UnitStatus::Arriving && u.entry != Edge::OwnRear && u.trigger == ArrivalTrigger::None)
                    flankTurn = flankTurn == 0 ? u.arrivalTurn : std::min(flankTurn, u.arrivalTurn);
            if (flankTurn <= 1) continue;
            for (auto& b : m_brigades) {
                if (b.side != s || b.posture != Posture::Assault || b.units.empty()) continue;
                const auto& first = m_units[static_cast<std::size_t>(b.units.front())];
                if (first.status != UnitStatus::OnTable) continue;
                b.posture = Posture::Hold;
                b.pinnedUntil = flankTurn;
            }
        }

    // Start points (§3.2): units at their battle-start strength, plus staff by rank.
    for (int s = 0; s < 2; ++s) {
        Points6 start;
        for (const auto& u : m_units) {
            if (u.side != s) continue;
            start += figureValue(u, u.figures);
            for (const auto& g : u.guns) start += Points6::whole(c::gunStandValue(g.calibre));
        }
        for (const auto& g : m_generals)
            if (g.side == s) start += Points6::whole(generalValue(g));
        m_sides[static_cast<std::size_t>(s)].start = start;
    }

    m_contactCount.assign(m_units.size(), 0);
    m_inCommand.assign(m_units.size(), 0);
    m_commandRating.assign(m_units.size(), Rating::Inept);
    m_visibleToEnemy.assign(m_units.size(), 1);

    // Terrain: the set-up's rectangles, then the hex template if asked for (§2.5).
    m_dice->setContext(0, c::Phase::Setup);
    for (const auto& f : m_setup.terrain.features) {
        Feature x;
        x.kind = f.kind;
        x.x0 = f.x0;
        x.x1 = f.x1;
        x.y0 = f.fromSide == kSideB ? m_depth - f.y1 : f.y0;
        x.y1 = f.fromSide == kSideB ? m_depth - f.y0 : f.y1;
        x.x0 = std::max(0, std::min(x.x0, m_width));
        x.x1 = std::max(x.x0, std::min(x.x1, m_width));
        x.key = f.key;
        x.difficult = f.difficult;
        m_features.push_back(x);
    }
    if (m_setup.terrain.templateFeatures || m_setup.terrain.minorFeatures) generateTemplateTerrain();

    // OR1 ammunition: 2d6 fire phases per battery (and per infantry unit where a scenario says so).
    for (auto& u : m_units) {
        const auto ammo = m_sides[static_cast<std::size_t>(u.side)].ammunition;
        const bool guns = isArtillery(u.type) && (m_params.ammunition || ammo != Ammunition::Default);
        const bool foot = isFoot(u.type) && ammo == Ammunition::GunsAndInfantry;
        if (guns || foot) u.ammo = m_dice->d6(RollTag::Ammunition, u.index) + m_dice->d6(RollTag::Ammunition, u.index);
    }

    place();
    placeWorks();
    for (auto& u : m_units) refreshTerrain(u);
    updatePosts();
    refreshCommand();

    if (m_narrative) {
        if (m_narrative) log(m_setup.name.empty() ? m_setup.id : m_setup.name);
        if (m_narrative)
            log("Field " + std::to_string(m_width) + " files by " + std::to_string(m_depth) + " paces; " + std::to_string(m_turns) +
                " daylight turns; weather " + std::string(weatherName(m_setup.weather)) + ".");
        for (int s = 0; s < 2; ++s) {
            const auto& side = m_sides[static_cast<std::size_t>(s)];
            std::string line = side.name + ": " + side.start.text() + " points";
            if (side.army != kNone) line += ", commanded by " + general(side.army).name;
            if (m_narrative) log(line + ".");
        }
        if (m_scouting.used) {
            const auto& p = m_scouting;
            log("Scouting (§2.7): " + m_sides[0].name + " " + std::to_string(p.points[0]) + " points, " + m_sides[1].name + " " +
                std::to_string(p.points[1]) + "; " + m_sides[static_cast<std::size_t>(p.firstPlacer)].name + " places first.");
        }
    }
}

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

void Engine::placeSide(int side) {
    const int other = 1 - side;
    std::vector<int> brigadesHere;
    for (const auto& b : m_brigades) {
        if (b.side != side) continue;
        bool any = false;
        for (int ui : b.units) any = any || unit(ui).status == UnitStatus::OnTable;
        if (any) brigadesHere.push_back(b.index);
    }
    if (brigadesHere.empty()) return;

    // Reserve brigades (§2.6.4 step 3): as flagged, else Assault side one of >= 3, Hold side one of >= 4.
    auto hasInfantry = [&](int bi) {
        for (int ui : brigade(bi).units)
            if (isFoot(unit(ui).type) && unit(ui).status == UnitStatus::OnTable) return true;
        return false;
    };
    int assault = 0, infantryBrigades = 0;
    bool anyFlagged = false;
    for (int bi : brigadesHere) {
        if (brigade(bi).posture == Posture::Assault) ++assault;
        if (hasInfantry(bi)) ++infantryBrigades;
        anyFlagged = anyFlagged || brigade(bi).reserve;
    }
    const bool assaultSide = 2 * assault >= static_cast<int>(brigadesHere.size());
    if (!anyFlagged && infantryBrigades >= (assaultSide ? 3 : 4)) {
        for (auto it = brigadesHere.rbegin(); it != brigadesHere.rend(); ++it)
            if (hasInfantry(*it)) {
                brigade(*it).reserve = true;
                break;
            }
    }

    // Roles.
    std::vector<int> line;        // first line, left to right
    std::vector<int> centreGuns;  // batteries of artillery-only brigades, placed at the centre
    std::vector<int> cavalry, screens, seconds, reserves;
    for (int bi : brigadesHere) {
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
    if (line.empty()) {
        // No infantry in front: cavalry or screens hold the line.
        line = cavalry;
        cavalry.clear();
        for (int ui : line) unit(ui).role = Role::FirstLine;
    }

    // Frontage; more than the table holds goes to the second line (§2.5 [A]).
    auto width = [&](int ui) {
        auto& u = unit(ui);
        return isArtillery(u.type) ? std::max(1, static_cast<int>(u.guns.size())) : std::max(1, stands(u));
    };
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
    const int usable = usableHi - usableLo;
    int frontage = 0;
    for (int ui : line) frontage += width(ui);
    // §2.6.4 step 1: the side deploying second aims to cover the holder's frontage plus a file at each end, if it has
    // the stands; second-line units step up for that.
    if (side != m_holder && m_placed[static_cast<std::size_t>(other)]) {
        int lo = m_width, hi = 0;
        for (const auto& u : m_units)
            if (u.side == other && u.status == UnitStatus::OnTable && (u.role == Role::FirstLine || u.role == Role::Artillery) &&
                seenAtPlacement(u)) {
                lo = std::min(lo, u.x0);
                hi = std::max(hi, u.x0 + u.w);
            }
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
            frontage += width(ui);
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
        frontage -= width(victim);
        line.erase(std::find(line.begin(), line.end(), victim));
        unit(victim).role = Role::SecondLine;
        seconds.push_back(victim);
    }

    // §2.6.4 step 1 and §2.7 item 5: the centre file of the third of the enemy line [lo, hi) with the fewest points
    // per file of the enemy units this side saw placed (the first such third on ties).
    auto weakestSeenThird = [&](int lo, int hi) {
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
    };

    // Where the line stands across the front.
    int centre = m_width / 2;
    if (side == m_holder) {
        for (const auto& f : m_features)
            if (f.key) {
                centre = (f.x0 + f.x1) / 2;
                break;
            }
    } else if (m_placed[static_cast<std::size_t>(other)]) {
        // Against the holder's frontage; if shorter, opposite the holder's weakest third (points per file).
        int lo = m_width, hi = 0, holderFrontage = 0;
        for (const auto& u : m_units)
            if (u.side == other && u.status == UnitStatus::OnTable && (u.role == Role::FirstLine || u.role == Role::Artillery) &&
                seenAtPlacement(u)) {
                lo = std::min(lo, u.x0);
                hi = std::max(hi, u.x0 + u.w);
            }
        if (hi > lo) {
            holderFrontage = hi - lo;
            centre = (lo + hi) / 2;
            if (frontage < holderFrontage) centre = weakestSeenThird(lo, hi);
        }
    }
    int left = centre - frontage / 2;
    left = std::max(usableLo, std::min(left, usableHi - frontage));
    left = std::max(0, left);

    // §2.7 item 5 [A]: a side placing after seeing enemy brigades puts its strongest brigade (§3.3 points per file
    // of its first-line units) opposite the weakest visible third of the enemy line; the other brigades keep their
    // order. The line's extent does not change, only the order of its brigades.
    if (m_params.scoutingDeployment && m_placed[static_cast<std::size_t>(other)] && line.size() > 1) {
        int lo = m_width, hi = 0;
        for (const auto& u : m_units)
            if (u.side == other && u.status == UnitStatus::OnTable && (u.role == Role::FirstLine || u.role == Role::Artillery) &&
                seenAtPlacement(u)) {
                lo = std::min(lo, u.x0);
                hi = std::max(hi, u.x0 + u.w);
            }
        std::vector<std::vector<int>> blocks;  // runs of one brigade along the line
        for (int ui : line) {
            if (blocks.empty() || unit(blocks.back().front()).brigade != unit(ui).brigade) blocks.emplace_back();
            blocks.back().push_back(ui);
        }
        if (hi > lo && blocks.size() > 1) {
            const int target = weakestSeenThird(lo, hi);
            int strongest = -1;
            std::int64_t bestPts = 0, bestFiles = 1;
            for (std::size_t i = 0; i < blocks.size(); ++i) {
                std::int64_t pts = 0, files = 0;
                bool foot = false;
                for (int ui : blocks[i]) {
                    pts += static_cast<std::int64_t>(standValue(unit(ui))) * stands(unit(ui));
                    files += width(ui);
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
                for (int ui : block) bw += width(ui);
                std::size_t bestAt = 0;
                int bestDist = 1 << 30, offset = 0;
                for (std::size_t at = 0; at <= blocks.size(); ++at) {
                    const int d = std::abs(2 * (left + offset) + bw - 2 * target);  // twice the distance of the centres
                    if (d < bestDist) {
                        bestDist = d;
                        bestAt = at;
                    }
                    if (at < blocks.size())
                        for (int ui : blocks[at]) offset += width(ui);
                }
                blocks.insert(blocks.begin() + static_cast<std::ptrdiff_t>(bestAt), block);
                line.clear();
                for (const auto& b : blocks) line.insert(line.end(), b.begin(), b.end());
            }
        }
    }

    // Depth of the first line: the deployment line, or up to 650 paces from a deployed formed enemy for
    // Deployed-Offensive (§2.6.3).
    int lineFront = kDeployLine;
    bool offensive = false;
    for (int bi : brigadesHere) offensive = offensive || brigade(bi).mode == Mode::DeployedOffensive;
    if (offensive && m_placed[static_cast<std::size_t>(other)]) {
        int enemyFront = -1;
        for (const auto& u : m_units)
            if (u.side == other && u.status == UnitStatus::OnTable && u.role == Role::FirstLine && seenAtPlacement(u))
                enemyFront = std::max(enemyFront, u.front);
        // ... unless an unfordable river lies between: nothing is gained by standing on its bank [X].
        bool river = false;
        for (const auto& f : m_features) river = river || f.kind == FeatureKind::River;
        if (enemyFront >= 0 && !river) lineFront = std::max(lineFront, m_depth - enemyFront - 650);
    }
    lineFront = std::min(lineFront, m_depth / 2 - 30);
    const bool scouting = [&] {
        for (int bi : brigadesHere)
            if (brigade(bi).mode == Mode::Scouting) return true;
        return false;
    }();

    int x = left;
    for (int ui : line) {
        auto& u = unit(ui);
        const int w = width(ui);
        u.lane = 0;
        u.x0 = x;
        x += w;
        u.front = u.fixedDepth >= 0 ? u.fixedDepth : lineFront;
        const auto& b = brigade(u.brigade);
        if (isArtillery(u.type)) {
            setFormation(u, Formation::Deployed);
            u.x0 = x - w;
        } else if (isMounted(u.type)) {
            setFormation(u, Formation::Line);
            u.x0 = x - w;
        } else if (b.mode == Mode::Reorganisation || b.mode == Mode::March || b.mode == Mode::ForcedMarch) {
            u.w = w;
            setFormation(u, Formation::OpenColumn);
        } else if (b.mode == Mode::Forage) {
            u.w = w;
            setFormation(u, Formation::Skirmish);
        } else {
            setFormation(u, Formation::Line);
            u.x0 = x - w;
        }
        if (b.mode == Mode::Forage) u.front = 150 + (ui * 97) % 300;
    }
    int lineLeft = left, lineRight = left + frontage;

    // Second line: open column behind a first-line unit of the brigade (§2.6.4 step 3).
    std::map<int, int> supports;
    for (int ui : seconds) {
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

    // Screens ahead of their brigade (§2.6.4 step 6).
    for (int ui : screens) {
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
    if (scouting)
        for (int ui : line) {
            auto& u = unit(ui);
            if (isMounted(u.type) || u.type == UnitType::LightInfantry || u.type == UnitType::IrregularInfantry) {
                setFormation(u, Formation::Skirmish);
                u.front = lineFront + m_params.screenGap;
                u.role = Role::Screen;
            }
        }

    // Cavalry on the open flanks, 100 paces back; if both flanks are anchored, in reserve (§2.6.4 step 5).
    auto anchoredAt = [&](int file) {
        for (const auto& f : m_features) {
            const bool anchoring = f.kind == FeatureKind::Marsh || f.kind == FeatureKind::Swamp || f.kind == FeatureKind::River ||
                                   f.kind == FeatureKind::HeavyWood;
            if (anchoring && file >= f.x0 - 3 && file < f.x1 + 3) return true;
        }
        return file < 0 || file >= m_width;
    };
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
    for (int ui : cavalry) {
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
            reserves.push_back(ui);
        }
    }

    // Reserve: whole brigades in open column behind the centre (§2.6.4 step 3).
    int k = 0;
    for (int ui : reserves) {
        auto& u = unit(ui);
        u.w = std::max(1, stands(u));
        setFormation(u,
                     isMounted(u.type) ? Formation::OpenColumn : (isArtillery(u.type) ? Formation::Limbered : Formation::OpenColumn));
        const int offset = (k % 2 == 0 ? 1 : -1) * ((k + 1) / 2) * 2;
        u.x0 = std::max(0, std::min(m_width - 1, centre + offset));
        u.front = u.fixedDepth >= 0 ? u.fixedDepth : std::max(u.depth, lineFront - m_params.reserveGap);
        ++k;
    }

    // Mode details (§2.6.3): Reorganisation stands in column; Breakoff keeps ≥ 25 % deployed as a rearguard.
    bool breakoff = false;
    for (int bi : brigadesHere) {
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

void Engine::placeWorks() {
    for (const auto& w : m_setup.terrain.works) {
        std::vector<int> cands;
        for (const auto& u : m_units)
            if (u.side == w.side && u.status == UnitStatus::OnTable &&
                (u.role == Role::FirstLine || (w.guns && u.role == Role::Artillery)))
                cands.push_back(u.index);
        auto addWorks = [&](bool heavy, int x0, int x1, const Unit& u) {
            Feature f;
            f.kind = heavy ? FeatureKind::HeavyWorks : FeatureKind::LightWorks;
            f.x0 = std::max(0, x0);
            f.x1 = std::min(m_width, x1);
            f.owner = w.side;
            if (u.side == kSideA) {
                f.y0 = u.front;
                f.y1 = u.front + 10;
            } else {
                f.y0 = m_depth - u.front - 10;
                f.y1 = m_depth - u.front;
            }
            m_features.push_back(f);
        };
        if (w.redoubts <= 0) {
            for (int ui : cands) addWorks(w.heavy, unit(ui).x0, unit(ui).x0 + unit(ui).w, unit(ui));
            continue;
        }
        // Redoubts of three files in front of the best units and guns; the rest behind light works if asked.
        std::vector<int> best = cands;
        std::stable_sort(best.begin(), best.end(), [&](int a, int b) {
            const auto& x = unit(a);
            const auto& y = unit(b);
            const int ka = isArtillery(x.type) ? 6 : x.unitClass;
            const int kb = isArtillery(y.type) ? 6 : y.unitClass;
            return ka > kb;
        });
        std::vector<char> covered(m_units.size(), 0);
        for (int r = 0; r < w.redoubts && r < static_cast<int>(best.size()); ++r) {
            const auto& u = unit(best[static_cast<std::size_t>(r)]);
            const int mid = u.x0 + u.w / 2;
            addWorks(w.heavy, mid - 1, mid + 2, u);
            covered[static_cast<std::size_t>(u.index)] = 1;
        }
        if (w.restLight)
            for (int ui : cands)
                if (!covered[static_cast<std::size_t>(ui)]) addWorks(false, unit(ui).x0, unit(ui).x0 + unit(ui).w, unit(ui));
    }
}

// §2.5 hex templates, seeded from the battle's own dice.
void Engine::generateTemplateTerrain() {
    const int W = m_width, D = m_depth;
    const int holderLine = m_holder == kSideA ? kDeployLine : D - kDeployLine;
    auto add = [&](FeatureKind k, int x0, int x1, int y0, int y1, bool key = false, bool difficult = false) {
        Feature f;
        f.kind = k;
        f.x0 = std::max(0, x0);
        f.x1 = std::min(W, x1);
        f.y0 = std::max(0, y0);
        f.y1 = std::min(D, y1);
        f.key = key;
        f.difficult = difficult;
        if (f.x1 > f.x0 && f.y1 > f.y0) m_features.push_back(f);
    };
    const int holderHalf0 = m_holder == kSideA ? 0 : D / 2;
    const int holderHalf1 = m_holder == kSideA ? D / 2 : D;
    if (m_setup.terrain.templateFeatures) {
        switch (m_setup.terrain.hex) {
            case HexTerrain::Open: break;
            case HexTerrain::Woods:
                for (int t = 0; t < 3; ++t) {
                    const int r = m_dice->d6(RollTag::Terrain);
                    if (r >= 5) continue;
                    // ¶284: the kind of a wood the set-up names (the campaign map's light or heavy woods); else
                    // rolled, 1–4 heavy.
                    const bool heavy = m_setup.terrain.woods == WoodKind::Unknown ? m_dice->d6(RollTag::Terrain) <= 4
                                                                                  : m_setup.terrain.woods == WoodKind::Heavy;
                    const auto k = heavy ? FeatureKind::HeavyWood : FeatureKind::LightWood;
                    if (r <= 2) add(k, t * W / 3, (t + 1) * W / 3, 0, D);
                    else add(k, t * W / 3, (t + 1) * W / 3, holderHalf0, holderHalf1);
                }
                break;
            case HexTerrain::Hamlet: add(FeatureKind::LightUrban, W / 2 - 1, W / 2 + 1, holderLine - 30, holderLine + 30, true); break;
            case HexTerrain::Village: {
                const bool heavy = m_dice->d6(RollTag::Terrain) >= 5;
                add(heavy ? FeatureKind::HeavyUrban : FeatureKind::LightUrban, W / 2 - 2, W / 2 + 2, holderLine - 60, holderLine + 60,
                    true);
                break;
            }
            case HexTerrain::Town: add(FeatureKind::HeavyUrban, W / 2 - 4, W / 2 + 4, holderLine - 90, holderLine + 90, true); break;
            case HexTerrain::City: add(FeatureKind::HeavyUrban, W / 2 - 6, W / 2 + 6, holderLine - 120, holderLine + 120, true); break;
            case HexTerrain::Fortification: break;  // works come from the campaign (WorksSpec)
            case HexTerrain::River:
                add(FeatureKind::River, 0, W, D / 2 - 40, D / 2 + 40);
                add(FeatureKind::Ford, W / 2, W / 2 + 1, D / 2 - 40, D / 2 + 40);
                break;
            case HexTerrain::Stream: add(FeatureKind::Stream, 0, W, D / 2 - 10, D / 2 + 10); break;
            case HexTerrain::Rolling:
            case HexTerrain::Hills: {
                const bool central = m_dice->d6(RollTag::Terrain) <= 3;
                const bool difficult = m_dice->d6(RollTag::Terrain) >= 5;
                const auto k = m_setup.terrain.hex == HexTerrain::Hills ? FeatureKind::HighHill : FeatureKind::LowRise;
                add(k, central ? W / 6 : 0, central ? W - W / 6 : W, holderLine - 150, holderLine + 30, true, difficult);
                break;
            }
            case HexTerrain::Marsh:
                add(FeatureKind::Marsh, 0, 2, 0, D);
                add(FeatureKind::Marsh, W - 2, W, 0, D);
                break;
        }
    }
    if (m_setup.terrain.minorFeatures) {
        // One minor feature per ME present, in the half opposite its side (EM: Terrain Set up).
        for (int s = 0; s < 2; ++s)
            for (std::size_t i = 0; i < m_setup.sides[static_cast<std::size_t>(s)].mes.size(); ++i) {
                const int third = m_dice->d6(RollTag::Terrain) % 3;
                const int kind = m_dice->d6(RollTag::Terrain);
                const int x0 = third * W / 3 + W / 6 - 2;
                const int dist = 200 + 40 * (m_dice->d6(RollTag::Terrain) - 1);
                // opposing half: for side A that is B's half (y > D/2)
                const int yc = s == kSideA ? D / 2 + dist : D / 2 - dist;
                switch (kind) {
                    case 1: add(FeatureKind::LightWood, x0, x0 + 4, yc - 60, yc + 60); break;
                    case 2: add(FeatureKind::HeavyWood, x0, x0 + 4, yc - 60, yc + 60); break;
                    case 3: add(FeatureKind::LowRise, x0, x0 + 4, yc - 60, yc + 60); break;
                    case 4: add(FeatureKind::LightUrban, x0 + 1, x0 + 3, yc - 30, yc + 30); break;
                    case 5: add(FeatureKind::LightWorks, x0, x0 + 4, yc - 5, yc + 5); break;
                    default: add(FeatureKind::Marsh, x0, x0 + 4, yc - 60, yc + 60); break;
                }
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
    for (const auto& u : m_units)
        if (u.side == side &&
            (u.status == UnitStatus::Arriving || u.status == UnitStatus::ReserveOff || u.status == UnitStatus::OffReturning))
            return true;
    return false;
}

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
        if (byLoss && m_params.withdrawOnlyWhenLosing) {
            // §2.20 [X] withdraw_when = losing: a side that has lost a smaller share of its start than the enemy is
            // winning the day, whatever its losses, and fights on (loss/start > enemy loss/enemy start).
            const auto& enemy = m_sides[static_cast<std::size_t>(1 - s)];
            const Points6 enemyLoss = netLossNow(1 - s);
            byLoss = static_cast<long long>(loss.inSixths()) * enemy.start.inSixths() >
                     static_cast<long long>(std::max<std::int64_t>(0, enemyLoss.inSixths())) * side.start.inSixths();
        }
        const bool allSpent = brigades > 0 && spent == brigades;
        const bool generalLost = side.armyGeneralLost && brigades > 0 && 3 * spent >= brigades;
        bool anyOnTable = false;
        for (const auto& u : m_units)
            if (u.side == s && u.status == UnitStatus::OnTable) anyOnTable = true;
        bool allWithdraw = anyOnTable;
        for (const auto& b : m_brigades)
            if (b.side == s && b.posture != Posture::Withdraw) allWithdraw = false;
        if (byLoss || allSpent || generalLost || allWithdraw) {
            side.withdrawing = true;
            side.withdrawTurn = m_turn;
            side.rearguardUntil = m_turn + 2;
            for (auto& b : m_brigades)
                if (b.side == s) b.posture = Posture::Withdraw;
            ++m_events[side.id + ".withdrew"];
            if (m_narrative)
                log(side.name + " breaks off and withdraws" +
                    (byLoss        ? " (losses " + loss.text() + " of " + side.start.text() + " points)"
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
    r.resolverVersion = "redcoats-9";
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
