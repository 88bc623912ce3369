// SPDX-License-Identifier: GPL-3.0-or-later
// Engine: building the state from a set-up (tactical-resolver.md §2.2–2.6): generals, brigades and units in the
// canonical order (§4.2), strengths and start points, the terrain (§2.5) and the works, then the deployment
// (engine_deploy.cpp).
#include "etatmajor/battle/engine.hpp"

#include "battle/engine_points.hpp"

#include <algorithm>
#include <functional>
#include <numeric>
#include <tuple>

namespace etatmajor::battle {

namespace c = charts;

namespace {

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

}  // namespace

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

int Engine::lineTarget(const std::string& id) const {
    if (id.empty()) return kNone;
    const auto it = std::find(m_lineTargets.begin(), m_lineTargets.end(), id);
    return it == m_lineTargets.end() ? kNone : static_cast<int>(it - m_lineTargets.begin());
}

// `lineOf`: the lines in depth (m_lineTargets) the enclosing formations are; `filesOf`: the line whose files the
// enclosing formation stands in, which a unit's own `inFilesOf` overrides.
void Engine::buildFormation(const FormationSpec& f, int side, Mode mode, int arrival, ArrivalTrigger trig, Edge entry,
                            int parentGeneral, const std::vector<int>& lineOf, int filesOf) {
    std::vector<int> lines = lineOf;
    if (const int t = lineTarget(f.id); t != kNone) lines.push_back(t);
    if (!f.inFilesOf.empty()) filesOf = lineTarget(f.inFilesOf);
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
            u.filesOf = us.inFilesOf.empty() ? filesOf : lineTarget(us.inFilesOf);
            u.lineOf = lines;
            if (const int t = lineTarget(us.id); t != kNone) u.lineOf.push_back(t);
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
    for (const auto& child : f.children)
        buildFormation(child, side, mode, arrival, trig, entry, own != kNone ? own : parentGeneral, lines, filesOf);
}

void Engine::build(const BattleSetup& setup) {
    m_weatherMusketry = c::weatherMusketryModifier(setup.weather);
    m_weatherForbidsSmallArms = c::weatherForbidsSmallArms(setup.weather);
    sizeField(setup);
    chooseHolder(setup);
    buildSides(setup);
    canonicalOrder();
    startStrengths();
    setPostures();
    startPoints();

    m_contactCount.assign(m_units.size(), 0);
    m_inCommand.assign(m_units.size(), 0);
    m_commandRating.assign(m_units.size(), Rating::Inept);
    m_visibleToEnemy.assign(m_units.size(), 1);

    buildTerrain();
    rollAmmunition();

    place();
    placeWorks();
    for (auto& u : m_units) refreshTerrain(u);
    updatePosts();
    refreshCommand();

    if (m_narrative) logSetup();
}

// §2.6.1 length; §2.5 field size.
void Engine::sizeField(const BattleSetup& setup) {
    m_turns = battle::turnsAvailable(setup);
    int onTableMes[2] = {0, 0};
    int allMes = 0;
    for (int s = 0; s < 2; ++s)
        for (const auto& me : setup.sides[static_cast<std::size_t>(s)].mes) {
            ++allMes;
            if (me.arrivalTurn <= 1 && me.trigger == ArrivalTrigger::None) ++onTableMes[s];
        }
    if (m_params.tableRule == TableRule::EmChart) {
        const int t = std::max(1, (allMes + kEmChartMesPerTable - 1) / kEmChartMesPerTable);
        m_width = kEmChartTableFiles * t;
        m_depth = kEmChartTableDepth;
    } else {
        const int t = std::max(1, (std::max(onTableMes[0], onTableMes[1]) + kMesPerTable - 1) / kMesPerTable);
        m_width = kTableFiles * t;
        m_depth = kTableDepth;
    }
    if (setup.fieldWidth > 0) m_width = setup.fieldWidth;
    if (setup.fieldDepth > 0) m_depth = setup.fieldDepth;
}

// The holder (§2.5): given, else the side in Deployed-Defensive mode, else side B.
void Engine::chooseHolder(const BattleSetup& setup) {
    m_holder = setup.holder;
    if (m_holder == kNoSide) {
        for (int s = 0; s < 2 && m_holder == kNoSide; ++s)
            for (const auto& me : setup.sides[static_cast<std::size_t>(s)].mes)
                if (me.mode == Mode::DeployedDefensive) m_holder = s;
        if (m_holder == kNoSide) m_holder = kSideB;
    }
}

// The sides, their commanders and their formations, in the order of the set-up (canonicalOrder sorts them).
void Engine::buildSides(const BattleSetup& setup) {
    // The lines in depth a battle file names (none in a campaign's battles).
    std::function<void(const FormationSpec&)> targets = [&](const FormationSpec& f) {
        auto add = [&](const std::string& id) {
            if (!id.empty() && lineTarget(id) == kNone) m_lineTargets.push_back(id);
        };
        add(f.inFilesOf);
        for (const auto& u : f.units) add(u.inFilesOf);
        for (const auto& c : f.children) targets(c);
    };
    for (const auto& spec : setup.sides)
        for (const auto& me : spec.mes)
            for (const auto& f : me.formations) targets(f);
    for (int s = 0; s < 2; ++s) {
        const auto& spec = setup.sides[static_cast<std::size_t>(s)];
        auto& side = m_sides[static_cast<std::size_t>(s)];
        side.id = spec.id;
        side.name = spec.name.empty() ? spec.id : spec.name;
        side.initiativeTurn1 = spec.initiativeTurn1;
        side.ammunition = spec.ammunition;
        side.supplyPoint = spec.supplyPoint;
        side.orderedWithdrawTurn = spec.withdrawTurn;
        side.orderedWithdrawLoss = spec.withdrawLoss;
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
                const std::size_t first = m_units.size();
                buildFormation(me.formations[fi], s, me.mode, a, me.trigger, me.entry, army, {}, kNone);
                for (std::size_t ui = first; ui < m_units.size(); ++ui) m_units[ui].sector = me.sector;
            }
        }
    }
}

// Canonical order (§4.2): brigades by (side, id), units by (side, brigade id, unit id), generals by (side, id).
void Engine::canonicalOrder() {
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
}

// Forced-march attrition, strengths, crews, brigade start strengths, statuses, and the generals' arrivals.
void Engine::startStrengths() {
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
            if (crew >= c::kCrewFiguresPerGun * g) {
                for (auto& gun : u.guns) gun.crew = c::kCrewFiguresPerGun;
            } else {
                const int manned = std::min(g, crew / c::kMinCrewToFire);
                for (int i = 0; i < manned; ++i) u.guns[static_cast<std::size_t>(i)].crew = c::kMinCrewToFire;
                int rest = crew - c::kMinCrewToFire * manned;
                for (int i = 0; i < manned && rest > 0; ++i, --rest) u.guns[static_cast<std::size_t>(i)].crew = c::kCrewFiguresPerGun;
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
}

// Postures from the ME modes (§2.6.3), and the fronts held for a flank march.
void Engine::setPostures() {
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
}

// Start points (§3.2): units at their battle-start strength, plus staff by rank.
void Engine::startPoints() {
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
}

// Terrain: the set-up's rectangles, then the hex template if asked for (§2.5).
void Engine::buildTerrain() {
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
}

// OR1 ammunition: 2d6 fire phases per battery (and per infantry unit where a scenario says so).
void Engine::rollAmmunition() {
    for (auto& u : m_units) {
        const auto ammo = m_sides[static_cast<std::size_t>(u.side)].ammunition;
        const bool guns = isArtillery(u.type) && (m_params.ammunition || ammo != Ammunition::Default);
        const bool foot = isFoot(u.type) && ammo == Ammunition::GunsAndInfantry;
        if (!guns && !foot) continue;
        int phases = 0;
        for (int d = 0; d < c::kAmmunitionDice; ++d) phases += m_dice->d6(RollTag::Ammunition, u.index);
        u.ammo = phases;
    }
}

// The narrative's opening: the field, the sides and their points, the scouting.
void Engine::logSetup() {
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
    const int holderLine = m_holder == kSideA ? c::kDeploymentZone : D - c::kDeploymentZone;
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

}  // namespace etatmajor::battle
