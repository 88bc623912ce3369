// Battles inside the campaign: D6 determination, D9 resolution (automatic or tabletop), D10 points, D11 night.
// Decisions are listed in docs/rules-mapping.md ("Battles in the campaign").
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/engine/after_battle.hpp"
#include "etatmajor/engine/works.hpp"

#include "db/store_impl.hpp"
#include "io/xml_util.hpp"
#include "etatmajor/battle/battle_dice.hpp"
#include "etatmajor/battle/narrative.hpp"
#include "etatmajor/battle/resolver.hpp"
#include "etatmajor/battle/result.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/movement.hpp"
#include "etatmajor/rules/supply.hpp"
#include "etatmajor/rules/weather.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace etatmajor::engine {

using campaign::CampaignState;
using campaign::MeState;
using campaign::UnitState;

Encounter encounterTiming(int moved, int allowance, int daylight, const campaign::Options& options, bool forced) {
    Encounter e;
    const int d = std::max(2, daylight);
    const auto full = [&] { e.turnsOfDaylight = d; e.how = "full day"; };
    const auto half = [&] { e.turnsOfDaylight = d / 2; e.how = "half day"; };
    const auto dusk = [&] { e.turnsOfDaylight = 2; e.how = "dusk"; };
    const std::string& timing = options.get("encounter_timing");
    if (timing == "chart_arrival") {
        // Chart: half the move or less → on the field from the first turn; more, or a forced march → turn 6.
        if (moved * 2 <= allowance && !(forced && moved > 0)) {
            full();
        } else {
            e.turnsOfDaylight = std::max(1, d - 5);
            e.how = "late (turn 6)";
        }
    } else if (timing == "body_fraction") {
        // Body, read as fractions only: 75 % or more → dusk, 50 % or more → half a day, else the full day.
        if (allowance > 0 && moved * 4 >= allowance * 3) dusk();
        else if (allowance > 0 && moved * 2 >= allowance) half();
        else full();
    } else {
        // Default body_hexcount_first: one or two hexes always leave the full day; then 75 % → dusk; else half.
        if (moved <= 2) full();
        else if (moved * 4 >= allowance * 3) dusk();
        else half();
    }
    e.arrivalTurn = d - e.turnsOfDaylight + 1;
    return e;
}

int battleStartTurn(const std::vector<std::pair<std::string, int>>& sideArrivals) {
    std::map<std::string, int> earliest;
    for (const auto& [side, turn] : sideArrivals) {
        auto it = earliest.find(side);
        if (it == earliest.end()) earliest[side] = turn;
        else it->second = std::min(it->second, turn);
    }
    int s = 1;
    for (const auto& [side, turn] : earliest) s = std::max(s, turn);
    return s;
}

bool downwindOf(hex::Hex battle, hex::Hex me, std::string_view windFrom, hex::Orientation orientation,
                const campaign::Options& options) {
    const auto wind = rules::windFromName(windFrom);
    if (!wind || battle == me) return false;
    const hex::Layout layout(orientation, {1.0, 1.0});
    const auto a = layout.toPixel(battle);
    const auto b = layout.toPixel(me);
    // Compass bearing of the ME seen from the battle: north is up the page (smaller y), east to the right.
    constexpr double kPi = 3.14159265358979323846;
    double bearing = std::atan2(b.x - a.x, a.y - b.y) * 180.0 / kPi;
    if (bearing < 0) bearing += 360.0;
    const double downwind = std::fmod(static_cast<double>(static_cast<int>(*wind)) * 45.0 + 180.0, 360.0);
    double diff = std::fabs(bearing - downwind);
    if (diff > 180.0) diff = 360.0 - diff;
    const std::string& arc = options.get("downwind_arc");
    const double limit = arc == "cone_60" ? 30.0 : arc == "cone_120" ? 60.0 : 90.0;
    return diff < limit - 1e-9;
}

std::optional<int> marchToGunsArrival(int distance, bool byRoad, campaign::Mode mode, bool forceMarch, int startTurn, int daylight,
                                      const campaign::Options& options) {
    using campaign::Mode;
    if (distance < 1 || distance > 2) return std::nullopt;
    if (mode != Mode::March && mode != Mode::ForcedMarch && mode != Mode::Scouting && mode != Mode::DeployedOffensive)
        return std::nullopt;
    int n = distance == 1 ? 3 : 6;
    if (mode == Mode::DeployedOffensive) ++n;
    const bool forcedCancels = options.is("mttg_forced_march", "cancels_cross_country") && forceMarch;
    if (!byRoad && !forcedCancels) ++n;
    const int turn = startTurn + n - (options.is("mttg_turn_count", "after_n") ? 0 : 1);
    if (turn > daylight) return std::nullopt;
    return turn;
}

namespace {

std::string at(const CampaignState& s, hex::Hex h) { return hex::formatOffset(s.map.offsets().toOffset(h)); }

bool fights(const CampaignState& s, const MeState& me) {
    if (!me.onMap) return false;
    for (const auto& u : s.units)
        if (u.me == me.id && !u.removed && u.figuresCurrent > 0) return true;
    return false;
}

struct DayWeather {
    int daylight = 12;
    std::string weather = "fine";
    std::string season = "summer";
    std::string windFrom;
};

DayWeather weatherOf(SQLite::Database& db, int week, int day) {
    DayWeather w;
    SQLite::Statement q(db, "SELECT daylight_turns, weather, season, wind_from FROM weather_day WHERE week = ? AND day = ?");
    q.bind(1, week);
    q.bind(2, day);
    if (q.executeStep()) {
        w.daylight = q.getColumn(0).getInt();
        w.weather = q.getColumn(1).getString();
        w.season = q.getColumn(2).getString();
        w.windFrom = q.getColumn(3).getString();
    }
    return w;
}

BattleRecord readBattle(SQLite::Database& db, const CampaignState* state, int id) {
    BattleRecord b;
    SQLite::Statement q(db, "SELECT id, week, day, q, r, status, daylight_turns, start_turn, weather, winner, summary, narrative, "
                            "COALESCE(seed, 0) FROM battle WHERE id = ?");
    q.bind(1, id);
    if (!q.executeStep()) return b;
    b.id = q.getColumn(0).getInt();
    b.week = q.getColumn(1).getInt();
    b.day = q.getColumn(2).getInt();
    const hex::Hex h{q.getColumn(3).getInt(), q.getColumn(4).getInt()};
    b.hex = state ? at(*state, h) : std::to_string(h.q) + "/" + std::to_string(h.r);
    b.status = q.getColumn(5).getString();
    b.daylight = q.getColumn(6).getInt();
    b.startTurn = q.getColumn(7).getInt();
    b.weather = q.getColumn(8).getString();
    b.winner = q.getColumn(9).getString();
    b.summary = q.getColumn(10).getString();
    b.narrative = q.getColumn(11).getString();
    b.seed = static_cast<std::uint64_t>(q.getColumn(12).getInt64());
    b.kind = db.execAndGet("SELECT kind FROM battle WHERE id = " + std::to_string(id)).getString();
    SQLite::Statement p(db, "SELECT me_id, side_id, arrival_turn, mode, moved, allowance, how FROM battle_participant "
                            "WHERE battle_id = ? ORDER BY side_id, me_id");
    p.bind(1, id);
    while (p.executeStep())
        b.participants.push_back({p.getColumn(0).getString(), p.getColumn(1).getString(), p.getColumn(2).getInt(),
                                  p.getColumn(3).getString(), p.getColumn(4).getInt(), p.getColumn(5).getInt(),
                                  p.getColumn(6).getString()});
    return b;
}

hex::Hex battleHex(SQLite::Database& db, int id) {
    SQLite::Statement q(db, "SELECT q, r FROM battle WHERE id = ?");
    q.bind(1, id);
    q.executeStep();
    return {q.getColumn(0).getInt(), q.getColumn(1).getInt()};
}

// --- campaign → resolver ---

battle::Nationality nationalityOf(const UnitState& u) {
    switch (u.nationality) {
        case campaign::Nationality::British: return battle::Nationality::British;
        case campaign::Nationality::Loyalist: return battle::Nationality::Loyalist;
        case campaign::Nationality::German: return battle::Nationality::German;
        case campaign::Nationality::French: return battle::Nationality::French;
        case campaign::Nationality::Spanish: return battle::Nationality::Spanish;
        case campaign::Nationality::Native: return battle::Nationality::Native;
        case campaign::Nationality::American: break;
    }
    // The campaign knows only "American": class 1 is militia, the rest Continentals (state troops fight alike).
    return u.unitClass <= 1 ? battle::Nationality::Militia : battle::Nationality::Continental;
}

battle::Nationality nationalityOf(campaign::Nationality n) {
    switch (n) {
        case campaign::Nationality::British: return battle::Nationality::British;
        case campaign::Nationality::Loyalist: return battle::Nationality::Loyalist;
        case campaign::Nationality::German: return battle::Nationality::German;
        case campaign::Nationality::French: return battle::Nationality::French;
        case campaign::Nationality::Spanish: return battle::Nationality::Spanish;
        case campaign::Nationality::Native: return battle::Nationality::Native;
        case campaign::Nationality::American: break;
    }
    return battle::Nationality::Continental;
}

std::optional<battle::UnitSpec> unitSpecOf(const UnitState& u) {
    battle::UnitSpec s;
    switch (u.type) {
        case campaign::UnitType::LineInfantry: s.type = battle::UnitType::LineInfantry; break;
        case campaign::UnitType::LightInfantry: s.type = battle::UnitType::LightInfantry; break;
        case campaign::UnitType::IrregularInfantry:
            s.type = u.nationality == campaign::Nationality::Native ? battle::UnitType::Native : battle::UnitType::IrregularInfantry;
            break;
        case campaign::UnitType::LightCavalry: s.type = battle::UnitType::LightCavalry; break;
        case campaign::UnitType::IrregularCavalry: s.type = battle::UnitType::IrregularCavalry; break;
        case campaign::UnitType::Artillery: s.type = battle::UnitType::FootArtillery; break;
        case campaign::UnitType::Engineers: return std::nullopt;  // engineers do not stand in the line
    }
    s.id = u.id;
    s.name = u.name;
    s.nationality = nationalityOf(u);
    s.unitClass = std::clamp(u.unitClass, 1, 5);
    s.stands = u.standsCurrent;
    s.figures = u.figuresCurrent;
    s.figuresPerStand = u.figuresPerStand;
    s.armament = u.armament == campaign::Armament::Rifle     ? battle::Armament::Rifle
                 : u.armament == campaign::Armament::Carbine ? battle::Armament::Carbine
                                                             : battle::Armament::Musket;
    s.bayonets = u.bayonets;
    s.guards = u.guard;
    s.militia = s.nationality == battle::Nationality::Militia;
    if (battle::isArtillery(s.type)) {
        for (const auto& g : u.guns)
            if (g.standsCurrent > 0) s.guns.push_back({g.calibre, false, g.standsCurrent});
        if (s.guns.empty()) return std::nullopt;  // crews without guns do not fight as a battery
        s.figures = 0;
        s.figuresPerStand = 0;
    }
    if (s.stands <= 0) return std::nullopt;
    return s;
}

battle::GeneralSpec generalSpecOf(const campaign::GeneralState& g) {
    battle::GeneralSpec s;
    s.id = g.id;
    s.name = g.name;
    s.nationality = nationalityOf(g.nationality);
    s.rank = g.rank;
    s.arm = g.arm;
    s.rating = g.rating;
    return s;
}

battle::HexTerrain hexTerrainOf(const CampaignState& s, hex::Hex h) {
    if (const auto* ua = s.urbanAt(h); ua && !ua->destroyed) {
        switch (ua->size) {
            case map::UrbanSize::Farm:
            case map::UrbanSize::Hamlet: return battle::HexTerrain::Hamlet;
            case map::UrbanSize::Village: return battle::HexTerrain::Village;
            case map::UrbanSize::Town: return battle::HexTerrain::Town;
            case map::UrbanSize::City: return battle::HexTerrain::City;
        }
    }
    if (!s.map.contains(h)) return battle::HexTerrain::Open;
    switch (s.map.terrain(h)) {
        case map::Terrain::Woods:
        case map::Terrain::HeavyWoods: return battle::HexTerrain::Woods;
        case map::Terrain::Marsh: return battle::HexTerrain::Marsh;
        case map::Terrain::Hills: return battle::HexTerrain::Hills;
        case map::Terrain::Difficult: return battle::HexTerrain::Rolling;
        default: return battle::HexTerrain::Open;
    }
}

battle::BattleSetup buildSetup(SQLite::Database& db, const CampaignState& s, const BattleRecord& b, hex::Hex h) {
    battle::BattleSetup setup;
    setup.id = "campaign-" + std::to_string(b.id);
    setup.name = "Battle " + std::to_string(b.id) + " at " + b.hex;
    setup.date = "week " + std::to_string(b.week) + ", day " + std::to_string(b.day);
    setup.season = campaign::seasonFromName(weatherOf(db, b.week, b.day).season).value_or(s.seasonOfWeek(b.week));
    setup.contact = battle::Contact::FullDay;
    setup.turns = std::max(1, b.daylight - b.startTurn + 1);
    if (const auto w = rules::weatherFromName(b.weather)) setup.weather = static_cast<battle::Weather>(*w);
    setup.terrain.hex = hexTerrainOf(s, h);
    setup.terrain.templateFeatures = true;
    setup.terrain.minorFeatures = true;
    // The side that stood in the hex (moved least) holds it (tactical-resolver §2.5).
    int leastMoved[2] = {1 << 20, 1 << 20};
    // Routers away at the rally point (G-69) are not with their ME.
    const auto away = detachedUnits(db);
    for (std::size_t i = 0; i < 2 && i < s.sides.size(); ++i) {
        auto& side = setup.sides[i];
        side.id = s.sides[i].id;
        side.name = s.sides[i].name;
        for (const auto& p : b.participants) {
            if (p.side != side.id) continue;
            leastMoved[i] = std::min(leastMoved[i], p.moved);
            const auto* me = s.me(p.me);
            if (!me) continue;
            side.supplyPoint = me->supplySource;
            battle::MeSpec m;
            m.id = me->id;
            m.name = me->label;
            m.mode = me->mode;
            m.arrivalTurn = std::max(1, p.arrivalTurn - b.startTurn + 1);
            // Formations of the ME, each with its general when he is with it; the ME's senior general leads the whole.
            std::map<std::string, battle::FormationSpec> byFormation;
            for (const auto* u : s.unitsOf(me->id)) {
                if (u->removed || u->figuresCurrent <= 0) continue;
                if (std::find(away.begin(), away.end(), u->id) != away.end()) continue;
                auto spec = unitSpecOf(*u);
                if (!spec) continue;
                auto& f = byFormation[u->formation];
                f.id = u->formation + "@" + me->id;
                f.name = u->formation;
                f.units.push_back(std::move(*spec));
            }
            const campaign::GeneralState* senior = nullptr;
            for (const auto* g : s.generalsOf(me->id)) {
                if (g->status != campaign::GeneralStatus::Active) continue;
                if (auto it = byFormation.find(g->formation); it != byFormation.end() && !it->second.general) {
                    it->second.general = generalSpecOf(*g);
                    continue;
                }
                if (!senior || static_cast<int>(g->rank) < static_cast<int>(senior->rank)) senior = g;
            }
            if (byFormation.empty()) continue;
            battle::FormationSpec top;
            top.id = me->id;
            top.name = me->label;
            if (senior) top.general = generalSpecOf(*senior);
            for (auto& [id, f] : byFormation) top.children.push_back(std::move(f));
            m.formations.push_back(std::move(top));
            side.mes.push_back(std::move(m));
        }
    }
    setup.holder = leastMoved[0] < leastMoved[1] ? battle::kSideA : leastMoved[1] < leastMoved[0] ? battle::kSideB : battle::kNoSide;
    // §11.5: earthworks dug or bought in the hex on earlier days stand on the table for the side that stayed there.
    for (const auto& w : battleWorks(db, s, h, {setup.sides[0].id, setup.sides[1].id})) setup.terrain.works.push_back(w);
    battle::canonicalise(setup);
    return setup;
}

// --- results → campaign ---

struct UnitLoss {
    std::string unit;
    int figuresStart = 0;
    int figuresLost = 0;
    int standsLost = 0;
    int gunsLost = 0;
    bool routed = false;
    bool gone = false;  // scattered, surrendered, destroyed: every figure is lost
};

struct GeneralFate {
    std::string general;
    campaign::GeneralStatus status = campaign::GeneralStatus::Active;
};

struct Outcome {
    std::string winner;  // side id, empty for a draw
    std::string holder;  // side left holding the field, empty when neither
    std::vector<UnitLoss> units;
    std::vector<GeneralFate> generals;
    std::string summary;
    std::string narrative;
    std::string resultJson;
};

// Applies an outcome: figures, stands and guns lost as combat losses (W4 replaces them), units below one stand
// removed, generals' fates, points lost per side (G-68 actual losses, valued as W4 values replacements), the UA
// halving (G-84); records the per-unit ledger and closes the battle.
void applyOutcome(SQLite::Database& db, CampaignState& s, int id, hex::Hex h, const Outcome& o, std::vector<std::string>& lines) {
    std::map<std::string, int> points;
    SQLite::Statement ins(db, "INSERT OR REPLACE INTO battle_loss (battle_id, unit_id, figures_start, figures_lost, stands_lost, "
                              "routed, removed, points) VALUES (?,?,?,?,?,?,?,?)");
    for (const auto& l : o.units) {
        auto it = std::find_if(s.units.begin(), s.units.end(), [&](const UnitState& u) { return u.id == l.unit; });
        if (it == s.units.end()) continue;
        UnitState& u = *it;
        const int lost = std::clamp(l.gone ? u.figuresCurrent : l.figuresLost, 0, u.figuresCurrent);
        const int standsBefore = u.standsCurrent;
        const int cost = rules::replacementCost(u, lost, s.options);
        u.figuresCurrent -= lost;
        u.lostCombat += lost;
        if (u.figuresPerStand > 0) u.standsCurrent = (u.figuresCurrent + u.figuresPerStand - 1) / u.figuresPerStand;
        int guns = l.gunsLost;
        for (auto& g : u.guns)
            while (guns > 0 && g.standsCurrent > 0) {
                --g.standsCurrent;
                --guns;
            }
        bool removed = false;
        if (!u.removed && (l.gone || u.figuresCurrent <= 0 || rules::removedByLosses(u, s.options))) {
            u.removed = true;
            removed = true;
        }
        points[u.side] += cost;
        ins.bind(1, id);
        ins.bind(2, u.id);
        ins.bind(3, l.figuresStart);
        ins.bind(4, lost);
        ins.bind(5, std::max(0, standsBefore - u.standsCurrent));
        ins.bind(6, l.routed ? 1 : 0);
        ins.bind(7, removed ? 1 : 0);
        ins.bind(8, cost);
        ins.exec();
        ins.reset();
        if (lost > 0 || removed)
            lines.push_back("  " + u.name + ": " + std::to_string(lost) + " figures lost" + (l.routed ? ", routed" : "") +
                            (removed ? ", gone for good" : ""));
    }
    for (const auto& f : o.generals)
        for (auto& g : s.generals)
            if (g.id == f.general && f.status != campaign::GeneralStatus::Active) {
                g.status = f.status;
                if (f.status == campaign::GeneralStatus::Wounded) g.returnWeek = s.week + 1;  // G-71 default
                lines.push_back("  " + g.name + " " + std::string(campaign::generalStatusName(f.status)));
            }
    for (auto& side : s.sides) {
        side.pointsLost += points[side.id];
        lines.push_back("  " + side.name + " lose " + std::to_string(points[side.id]) + " points");
    }
    for (auto& ua : s.urban)
        if (ua.hex == h) {
            ++ua.combatHalvings;
            lines.push_back("  " + ua.name + " is fought over: its value is halved");
        }
    SQLite::Statement u(db, "UPDATE battle SET status = 'resolved', winner = ?, field_holder = ?, summary = ?, narrative = ?, result = ? "
                            "WHERE id = ?");
    u.bind(1, o.winner);
    u.bind(2, o.holder);
    u.bind(3, o.summary);
    u.bind(4, o.narrative);
    u.bind(5, o.resultJson);
    u.bind(6, id);
    u.exec();
}

Outcome outcomeOf(const CampaignState& s, const battle::BattleSetup& setup, const battle::BattleResult& r, const std::string& narrative) {
    Outcome o;
    o.winner = r.verdict.winner == battle::kNoSide ? std::string() : setup.sides[static_cast<std::size_t>(r.verdict.winner)].id;
    o.holder = r.fieldHolder == battle::kNoSide ? std::string() : setup.sides[static_cast<std::size_t>(r.fieldHolder)].id;
    for (const auto& u : r.units) {
        UnitLoss l;
        l.unit = u.id;
        l.figuresStart = u.figuresStart;
        l.figuresLost = std::max(0, u.figuresStart - u.figuresEnd);
        l.standsLost = std::max(0, u.standsStart - u.standsEnd);
        l.gunsLost = u.gunsDestroyed + u.gunsCapturedByEnemy;
        l.routed = u.statusEnd == battle::UnitEnd::RoutedToRallyPoint;
        l.gone = u.statusEnd == battle::UnitEnd::Scattered || u.statusEnd == battle::UnitEnd::Surrendered ||
                 u.statusEnd == battle::UnitEnd::Destroyed;
        if (u.battery) {
            // A battery's figures are its crews; the campaign counts crews in figures too.
            const auto it = std::find_if(s.units.begin(), s.units.end(), [&](const UnitState& x) { return x.id == u.id; });
            if (it != s.units.end()) l.figuresLost = std::min(it->figuresCurrent, u.crewFiguresLost);
        }
        o.units.push_back(l);
    }
    for (const auto& g : r.generals) {
        GeneralFate f{g.id};
        switch (g.fate) {
            case battle::StaffFate::Unhurt: break;
            case battle::StaffFate::Wounded1:
            case battle::StaffFate::Wounded2:
            case battle::StaffFate::SeverelyWounded: f.status = campaign::GeneralStatus::Wounded; break;
            case battle::StaffFate::Killed: f.status = campaign::GeneralStatus::Killed; break;
            case battle::StaffFate::Captured: f.status = campaign::GeneralStatus::Captured; break;
        }
        o.generals.push_back(f);
    }
    std::ostringstream sum;
    sum << r.turnsFought << " of " << r.turnsAvailable << " turns fought, ended by " << battle::endReasonName(r.endReason) << "; ";
    if (o.winner.empty()) sum << "a draw";
    else sum << (s.side(o.winner) ? s.side(o.winner)->name : o.winner) << " win (" << battle::decisivenessName(r.verdict.decisiveness) << ")";
    if (o.holder != o.winner && !o.holder.empty())
        sum << "; " << (s.side(o.holder) ? s.side(o.holder)->name : o.holder) << " hold the field";
    o.summary = sum.str();
    o.narrative = narrative;
    o.resultJson = battle::toJson(r);
    return o;
}

void fightRecorded(SQLite::Database& db, CampaignState& s, int id, std::vector<std::string>& lines) {
    const BattleRecord b = readBattle(db, &s, id);
    const hex::Hex h = battleHex(db, id);
    const auto setup = buildSetup(db, s, b, h);
    if (setup.sides[0].mes.empty() || setup.sides[1].mes.empty()) {
        // One side has nothing left that can fight: no battle, the other side holds the field.
        Outcome o;
        o.winner = setup.sides[0].mes.empty() ? setup.sides[1].id : setup.sides[0].id;
        o.summary = "no battle: one side had no fighting units";
        applyOutcome(db, s, id, h, o, lines);
        lines.push_back("battle " + std::to_string(id) + " at " + b.hex + ": " + o.summary);
        return;
    }
    battle::RedcoatsResolver resolver;
    battle::Narrative narrative;
    battle::BattleResult result;
    try {
        result = resolver.fightSeeded(setup, b.seed, &narrative);
    } catch (const std::exception& e) {
        // A set-up the resolver cannot fight is handed to the players rather than stopping the campaign.
        SQLite::Statement u(db, "UPDATE battle SET status = 'tabletop', summary = ? WHERE id = ?");
        u.bind(1, std::string("the resolver could not fight it: ") + e.what());
        u.bind(2, id);
        u.exec();
        lines.push_back("battle " + std::to_string(id) + " at " + b.hex + ": the resolver could not fight it (" + e.what() +
                        "); record the result with battle enter");
        return;
    }
    const auto o = outcomeOf(s, setup, result, narrative.text());
    lines.push_back("battle " + std::to_string(id) + " at " + b.hex + ": " + o.summary);
    applyOutcome(db, s, id, h, o, lines);
}

bool roadStep(const CampaignState& s, hex::Hex from, hex::Hex to) {
    const int d = hex::directionTo(from, to);
    return d >= 0 && (s.map.hasLink(from, d, map::LinkKind::MajorRoad) || s.map.hasLink(from, d, map::LinkKind::MinorRoad));
}

// G-24: "by road" when the whole approach can follow road or track links.
bool byRoad(const CampaignState& s, hex::Hex from, hex::Hex to) {
    const int distance = hex::distance(from, to);
    if (distance == 1) return roadStep(s, from, to);
    for (const hex::Hex n : hex::neighbours(from))
        if (hex::distance(n, to) == 1 && roadStep(s, from, n) && roadStep(s, n, to)) return true;
    return false;
}

// The ME's written order for today, received (on time or late), allows it to march to the guns.
bool ordersAllowMarchToGuns(SQLite::Database& db, const CampaignState& s, const std::string& me) {
    SQLite::Statement q(db, "SELECT body FROM order_sheet WHERE week = ? AND day = ? AND me_id = ? "
                            "AND COALESCE(receipt, '') <> 'not_received'");
    q.bind(1, s.week);
    q.bind(2, s.day);
    q.bind(3, me);
    if (!q.executeStep()) return false;
    const auto body = nlohmann::json::parse(q.getColumn(0).getString(), nullptr, false);
    return body.is_object() && body.value("marchToGuns", false);
}

std::int64_t absoluteDay(int week, int day) { return static_cast<std::int64_t>(week - 1) * 7 + day; }

}  // namespace

// --- D6 ---

void runCombatDetermination(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines) {
    const DayWeather w = weatherOf(db, s.week, s.day);
    const std::uint64_t campaignSeed = static_cast<std::uint64_t>(db.execAndGet("SELECT seed FROM campaign WHERE id = 1").getInt64());
    const bool tabletop = s.options.is("battle_resolution", "tabletop");
    std::set<std::pair<int, int>> seen;
    std::set<std::string> marched;
    int made = 0;
    for (const auto& first : s.mes) {
        if (!fights(s, first)) continue;
        const hex::Hex h = first.hex;
        if (!seen.insert({h.q, h.r}).second) continue;
        std::vector<const MeState*> here;
        std::set<std::string> sides;
        for (const auto& me : s.mes)
            if (me.hex == h && fights(s, me)) {
                here.push_back(&me);
                sides.insert(me.side);
            }
        if (sides.size() < 2) continue;
        {
            SQLite::Statement dup(db, "SELECT COUNT(*) FROM battle WHERE week = ? AND day = ? AND q = ? AND r = ?");
            dup.bind(1, s.week);
            dup.bind(2, s.day);
            dup.bind(3, h.q);
            dup.bind(4, h.r);
            dup.executeStep();
            if (dup.getColumn(0).getInt() > 0) continue;
        }
        std::vector<BattleParticipant> ps;
        std::vector<std::pair<std::string, int>> arrivals;
        for (const auto* me : here) {
            int basis = me->allowanceToday;
            if (s.options.is("mr_fraction_basis", "base_mr")) basis = rules::baseMovementRate(s.unitsOf(me->id), s.options);
            const auto e = encounterTiming(me->movedToday, basis, w.daylight, s.options, me->mode == campaign::Mode::ForcedMarch);
            ps.push_back({me->id, me->side, e.arrivalTurn, std::string(campaign::modeName(me->mode)), me->movedToday,
                          me->allowanceToday, e.how});
            arrivals.emplace_back(me->side, e.arrivalTurn);
        }
        const int start = battleStartTurn(arrivals);
        // §8.6.4: a fight that a scout started in the scouting sub-phase (it engaged, or the enemy it found chose to
        // fight) and that nobody else joined in the other-movement sub-phase is a scouting combat: a battle of its
        // own, between the MEs of that contact only, with no marching to the guns (G-25 f).
        bool scoutingCombat = false;
        {
            SQLite::Statement k(db, "SELECT phase, COUNT(*) FROM contact WHERE week = ? AND day = ? AND q = ? AND r = ? GROUP BY phase");
            k.bind(1, s.week);
            k.bind(2, s.day);
            k.bind(3, h.q);
            k.bind(4, h.r);
            bool d4 = false, other = false;
            while (k.executeStep()) (k.getColumn(0).getString() == "D4" ? d4 : other) = true;
            scoutingCombat = d4 && !other;
        }
        if (s.options.is("late_arrivals", "all_turn1"))
            for (auto& p : ps) p.arrivalTurn = start;
        // §8.9: MEs within two hexes, downwind, in a mode that allows it and ordered to, join (G-23 body: adjacent
        // MEs come no other way). An ME sharing a hex with the enemy has its own battle (G-25 c).
        std::vector<MeState*> joiners;
        for (auto& me : s.mes) {
            if (scoutingCombat) break;
            if (me.hex == h || !fights(s, me) || marched.count(me.id)) continue;
            const int distance = hex::distance(me.hex, h);
            if (distance > 2) continue;
            bool engaged = false;
            for (const auto& e : s.mes)
                if (e.side != me.side && e.hex == me.hex && fights(s, e)) engaged = true;
            if (engaged) continue;
            int friends = 0;
            for (const auto& p : ps) friends += p.side == me.side ? 1 : 0;
            if (friends >= 3) continue;  // G-25 d: stacking in the battle hex
            if (!downwindOf(h, me.hex, w.windFrom, s.map.metadata().orientation, s.options)) continue;
            const auto turn = marchToGunsArrival(distance, byRoad(s, me.hex, h), me.mode, me.mode == campaign::Mode::ForcedMarch, start,
                                                 w.daylight, s.options);
            if (!turn || !ordersAllowMarchToGuns(db, s, me.id)) continue;
            ps.push_back({me.id, me.side, *turn, std::string(campaign::modeName(me.mode)), me.movedToday, me.allowanceToday,
                          "march to the guns from " + at(s, me.hex)});
            marched.insert(me.id);
            joiners.push_back(&me);
        }
        for (auto* me : joiners) me->hex = h;
        SQLite::Statement ins(db, "INSERT INTO battle (week, day, q, r, kind, status, daylight_turns, start_turn, weather) "
                                  "VALUES (?,?,?,?,?,?,?,?,?)");
        ins.bind(1, s.week);
        ins.bind(2, s.day);
        ins.bind(3, h.q);
        ins.bind(4, h.r);
        ins.bind(5, scoutingCombat ? "scouting_combat" : "battle");
        ins.bind(6, tabletop ? "tabletop" : "pending");
        ins.bind(7, w.daylight);
        ins.bind(8, start);
        ins.bind(9, w.weather);
        ins.exec();
        const int id = static_cast<int>(db.getLastInsertRowid());
        // tactical-resolver §4.1: the seed comes from the campaign seed, the day, the hex and the battle's number.
        const std::uint64_t seed = battle::deriveBattleSeed(campaignSeed, static_cast<std::uint64_t>(absoluteDay(s.week, s.day)), h.q,
                                                            h.r, static_cast<std::uint64_t>(id));
        SQLite::Statement sd(db, "UPDATE battle SET seed = ? WHERE id = ?");
        sd.bind(1, static_cast<std::int64_t>(seed));
        sd.bind(2, id);
        sd.exec();
        SQLite::Statement pi(db, "INSERT INTO battle_participant (battle_id, me_id, side_id, arrival_turn, mode, moved, allowance, how) "
                                 "VALUES (?,?,?,?,?,?,?,?)");
        std::string who;
        for (const auto& p : ps) {
            pi.bind(1, id);
            pi.bind(2, p.me);
            pi.bind(3, p.side);
            pi.bind(4, p.arrivalTurn);
            pi.bind(5, p.mode);
            pi.bind(6, p.moved);
            pi.bind(7, p.allowance);
            pi.bind(8, p.how);
            pi.exec();
            pi.reset();
            who += (who.empty() ? "" : ", ") + p.me + " (turn " + std::to_string(p.arrivalTurn) + ", " + p.how + ")";
        }
        for (auto& me : s.mes)
            if (me.hex == h) me.pinned = true;
        ++made;
        lines.push_back(std::string(scoutingCombat ? "scouting combat " : "battle ") + std::to_string(id) + " at " + at(s, h) + ": " + who +
                        "; fighting from turn " + std::to_string(start) +
                        " to " + std::to_string(w.daylight) + (tabletop ? " (to be fought on the table)" : ""));
    }
    if (made == 0) lines.push_back("no battles today");
}

// --- D9 ---

std::optional<std::string> battlesAwaitingResults(SQLite::Database& db) {
    SQLite::Statement q(db, "SELECT b.id FROM battle b, campaign c WHERE c.id = 1 AND b.week = c.current_week AND b.day = c.current_day "
                            "AND b.status = 'tabletop' ORDER BY b.id");
    std::string ids;
    while (q.executeStep()) ids += (ids.empty() ? "" : ", ") + q.getColumn(0).getString();
    if (ids.empty()) return std::nullopt;
    return "battle(s) " + ids + " are to be fought on the table: record each result with `battle enter --id N --file RESULT.xml` " +
           "(or let the computer fight it with `battle resolve --id N`)";
}

void runBattleResolution(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines) {
    std::vector<int> ids;
    {
        SQLite::Statement q(db, "SELECT id FROM battle WHERE week = ? AND day = ? AND status = 'pending' ORDER BY id");
        q.bind(1, s.week);
        q.bind(2, s.day);
        while (q.executeStep()) ids.push_back(q.getColumn(0).getInt());
    }
    for (const int id : ids) fightRecorded(db, s, id, lines);
    if (ids.empty()) lines.push_back("no battles to fight");
}

// --- D10 ---

void runBattlePoints(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines) {
    SQLite::Statement q(db, "SELECT u.side_id, SUM(l.points) FROM battle_loss l JOIN battle b ON b.id = l.battle_id "
                            "JOIN unit u ON u.id = l.unit_id WHERE b.week = ? AND b.day = ? GROUP BY u.side_id ORDER BY u.side_id");
    q.bind(1, s.week);
    q.bind(2, s.day);
    int n = 0;
    while (q.executeStep()) {
        const auto* side = s.side(q.getColumn(0).getString());
        lines.push_back((side ? side->name : q.getColumn(0).getString()) + " lost " + q.getColumn(1).getString() +
                        " points in today's battles");
        ++n;
    }
    if (n == 0) lines.push_back("no battle points today");
}

// --- D11 ---

void runBattleNight(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines) {
    std::vector<std::pair<int, std::string>> fought;
    {
        SQLite::Statement q(db, "SELECT id, CASE WHEN winner <> '' THEN winner ELSE field_holder END FROM battle WHERE week = ? AND day = ? "
                                "AND status = 'resolved' ORDER BY id");
        q.bind(1, s.week);
        q.bind(2, s.day);
        while (q.executeStep()) fought.emplace_back(q.getColumn(0).getInt(), q.getColumn(1).getString());
    }
    for (const auto& [id, holder] : fought) {
        // The loser falls back; after a draw, the side the resolver did not leave holding the field does; when
        // neither holds it both stay (G-72 persist).
        const hex::Hex h = battleHex(db, id);
        const std::string loser = holder.empty() ? std::string() : s.enemyOf(holder);
        for (auto& me : s.mes) {
            if (me.hex != h) continue;
            me.pinned = false;
            if (loser.empty() || me.side != loser || !me.onMap) continue;
            // The beaten ME falls back one hex toward its supply source, into a hex free of the enemy.
            const auto* ua = s.urbanArea(me.supplySource);
            std::optional<hex::Hex> best;
            int bestDistance = 1 << 20;
            for (const hex::Hex n : hex::neighbours(h)) {
                if (!s.map.contains(n)) continue;
                const auto t = s.map.terrain(n);
                if (t == map::Terrain::Lake || t == map::Terrain::Sea) continue;
                bool enemy = false;
                for (const auto& e : s.mes)
                    if (e.onMap && e.side != me.side && e.hex == n) enemy = true;
                if (enemy) continue;
                const int d = ua ? hex::distance(n, ua->hex) : 0;
                if (!best || d < bestDistance) {
                    best = n;
                    bestDistance = d;
                }
            }
            if (best) {
                me.hex = *best;
                lines.push_back(me.label + " falls back by night to " + at(s, *best));
            } else {
                lines.push_back(me.label + " has nowhere to fall back and stays on the field");
            }
        }
        if (loser.empty()) lines.push_back("battle " + std::to_string(id) + ": neither side holds the field, both keep their ground (G-72 persist)");
        nightfall(db, s, id, h, loser, lines);
    }
    if (fought.empty()) lines.push_back("no battles to finalise");
}

// --- CLI support ---

std::vector<BattleRecord> listBattles(db::CampaignStore& store) {
    auto& db = store.impl().db;
    const auto s = db::loadState(store);
    std::vector<int> ids;
    SQLite::Statement q(db, "SELECT id FROM battle ORDER BY id");
    while (q.executeStep()) ids.push_back(q.getColumn(0).getInt());
    std::vector<BattleRecord> out;
    for (const int id : ids) out.push_back(readBattle(db, &s, id));
    return out;
}

std::optional<BattleRecord> findBattle(db::CampaignStore& store, int id) {
    auto& db = store.impl().db;
    const auto s = db::loadState(store);
    auto b = readBattle(db, &s, id);
    if (b.id == 0) return std::nullopt;
    return b;
}

battle::BattleSetup campaignBattleSetup(db::CampaignStore& store, int id) {
    auto& db = store.impl().db;
    const auto s = db::loadState(store);
    const auto b = readBattle(db, &s, id);
    return buildSetup(db, s, b, battleHex(db, id));
}

namespace {

// A typical unit for one line of an intelligence report (nothing in the report says more).
std::optional<battle::UnitSpec> typicalUnit(const std::string& kind, const std::string& nationality, campaign::Nationality army,
                                            const std::string& id) {
    battle::UnitSpec u;
    u.id = id;
    u.name = kind;
    const auto nat = campaign::nationalityFromName(nationality);
    campaign::UnitState like;
    like.nationality = nat.value_or(army);
    like.unitClass = 3;
    // What each kind of an intelligence report's line is taken to be: type, class, stands, figures a stand.
    struct Typical {
        std::string_view kind;
        battle::UnitType type;
        int unitClass, stands, figuresPerStand;
    };
    static constexpr Typical kTypical[] = {
        {"militia battalions", battle::UnitType::LineInfantry, 1, 4, 4},
        {"line infantry battalions", battle::UnitType::LineInfantry, 3, 4, 4},
        {"light infantry battalions", battle::UnitType::LightInfantry, 3, 4, 4},
        {"irregular foot", battle::UnitType::IrregularInfantry, 2, 4, 4},
        {"cavalry regiments", battle::UnitType::LightCavalry, 3, 3, 2},
    };
    if (kind == "artillery batteries") {
        u.type = battle::UnitType::FootArtillery;
        u.stands = 2;
        u.guns.push_back({campaign::Calibre::Light, false, 2});
        u.unitClass = 3;
        u.nationality = nationalityOf(like);
        return u;
    }
    const auto* t = std::find_if(std::begin(kTypical), std::end(kTypical), [&](const Typical& x) { return x.kind == kind; });
    if (t == std::end(kTypical)) return std::nullopt;
    u.type = t->type;
    like.unitClass = t->unitClass;
    u.stands = t->stands;
    u.figuresPerStand = t->figuresPerStand;
    u.unitClass = like.unitClass;
    u.nationality = nationalityOf(like);
    u.militia = u.nationality == battle::Nationality::Militia;
    u.figures = u.stands * u.figuresPerStand;
    return u;
}

}  // namespace

battle::BattleSetup sideViewSetup(db::CampaignStore& store, int id, const std::string& side, std::vector<std::string>& missing) {
    auto& db = store.impl().db;
    const auto s = db::loadState(store);
    const auto b = readBattle(db, &s, id);
    auto setup = buildSetup(db, s, b, battleHex(db, id));
    for (auto& sd : setup.sides) {
        if (sd.id == side) continue;
        // A report that gives numbers only says nothing of nationality: take the enemy army's, as its generals show.
        std::map<campaign::Nationality, int> seen;
        for (const auto& g : s.generals)
            if (g.side == sd.id) ++seen[g.nationality];
        campaign::Nationality army = campaign::Nationality::British;
        int most = 0;
        for (const auto& [nat, count] : seen)
            if (count > most) {
                army = nat;
                most = count;
            }
        for (auto& m : sd.mes) {
            // The latest report of this side naming the ME, with a composition.
            nlohmann::json counts;
            try {
                SQLite::Statement q(db, "SELECT target_mes, reported FROM intel_report WHERE side_id = ? AND detail <> 'nothing' "
                                        "ORDER BY week DESC, day DESC, id DESC");
                q.bind(1, side);
                while (q.executeStep()) {
                    const std::string targets = " " + q.getColumn(0).getString() + " ";
                    if (targets.find(" " + m.id + " ") == std::string::npos) continue;
                    counts = nlohmann::json::parse(q.getColumn(1).getString(), nullptr, false);
                    break;
                }
            } catch (const SQLite::Exception&) {
                counts = nlohmann::json();  // no intelligence table in this database
            }
            battle::FormationSpec f;
            f.id = m.id + "-as-reported";
            f.name = m.name + " (as reported)";
            // An unknown commander is pictured as a capable brigadier.
            battle::GeneralSpec g;
            g.id = m.id + "-reported-general";
            g.name = "commander of " + m.name;
            campaign::UnitState like;
            like.nationality = army;
            g.nationality = nationalityOf(like);
            g.rank = campaign::Rank::Brigade;
            g.arm = campaign::Arm::Infantry;
            g.rating = campaign::Rating::Capable;
            f.general = g;
            int n = 0;
            if (counts.is_array())
                for (const auto& c : counts) {
                    const std::string kind = c.value("kind", "");
                    const std::string nat = c.value("nationality", "");
                    for (int k = 0; k < c.value("count", 0); ++k)
                        if (auto u = typicalUnit(kind, nat, army, m.id + "-reported-" + std::to_string(++n))) f.units.push_back(std::move(*u));
                }
            m.formations.clear();
            if (f.units.empty()) missing.push_back(m.id);
            else m.formations.push_back(std::move(f));
        }
    }
    battle::canonicalise(setup);
    return setup;
}

core::IssueList resolveBattleNow(db::CampaignStore& store, int id, std::vector<std::string>& lines) {
    core::IssueList issues;
    auto& db = store.impl().db;
    store.transaction([&] {
        auto s = db::loadState(store);
        const auto b = readBattle(db, &s, id);
        if (b.id == 0) {
            issues.error("BATTLE-UNKNOWN", "the campaign has no battle " + std::to_string(id));
            return;
        }
        if (b.status == "resolved") {
            issues.error("BATTLE-RESOLVED", "battle " + std::to_string(id) + " has already been fought");
            return;
        }
        fightRecorded(db, s, id, lines);
        db::saveState(store, s);
        store.logCommand("battle.resolve", nlohmann::json{{"id", id}}.dump(), nlohmann::json{{"lines", lines}}.dump());
    });
    return issues;
}

core::IssueList enterBattleResult(db::CampaignStore& store, int id, const std::string& file, std::vector<std::string>& lines) {
    core::IssueList issues;
    auto& db = store.impl().db;
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        issues.error("BATTLE-RESULT-FILE", "cannot read " + file);
        return issues;
    }
    std::stringstream text;
    text << in.rdbuf();
    store.transaction([&] {
        auto s = db::loadState(store);
        const auto b = readBattle(db, &s, id);
        if (b.id == 0) {
            issues.error("BATTLE-UNKNOWN", "the campaign has no battle " + std::to_string(id));
            return;
        }
        if (b.status == "resolved") {
            issues.error("BATTLE-RESOLVED", "battle " + std::to_string(id) + " has already been fought");
            return;
        }
        Outcome o;
        try {
            io::xml::Reader r(file);
            tinyxml2::XMLDocument doc;
            r.parse(doc, text.str());
            const auto& root = r.root(doc, "battleResult", 1);
            r.allow(root, {"formatVersion", "battle", "winner"}, {"unit", "general", "notes"});
            if (r.integer(root, "battle") != id)
                r.fail(root, "BATTLE-RESULT-BATTLE", "the file is the result of battle " + r.str(root, "battle") + ", not of battle " +
                                                         std::to_string(id));
            o.winner = r.str(root, "winner", "");
            if (!o.winner.empty() && !s.side(o.winner))
                r.fail(root, "BATTLE-RESULT-WINNER", "attribute 'winner' names no side of this campaign: '" + o.winner + "'");
            std::set<std::string> mes, seen;
            for (const auto& p : b.participants) mes.insert(p.me);
            io::xml::forEach(&root, "unit", [&](const tinyxml2::XMLElement& e) {
                r.allow(e, {"id", "standsLost", "figuresLost", "gunsLost", "routed", "captured"});
                UnitLoss l;
                l.unit = r.str(e, "id");
                const auto it = std::find_if(s.units.begin(), s.units.end(), [&](const UnitState& u) { return u.id == l.unit; });
                if (it == s.units.end() || !mes.count(it->me) || it->removed)
                    r.fail(e, "BATTLE-RESULT-UNIT", "unit '" + l.unit + "' did not fight in battle " + std::to_string(id));
                if (!seen.insert(l.unit).second) r.fail(e, "BATTLE-RESULT-UNIT", "unit '" + l.unit + "' is listed twice");
                l.figuresStart = it->figuresCurrent;
                l.standsLost = r.integer(e, "standsLost", 0);
                l.figuresLost = r.integer(e, "figuresLost", l.standsLost * it->figuresPerStand);
                l.gunsLost = r.integer(e, "gunsLost", 0);
                l.routed = r.boolean(e, "routed", false);
                l.gone = r.boolean(e, "captured", false);
                int guns = 0;
                for (const auto& g : it->guns) guns += g.standsCurrent;
                if (l.standsLost < 0 || l.standsLost > it->standsCurrent)
                    r.fail(e, "BATTLE-RESULT-LOSS", "unit '" + l.unit + "': standsLost " + std::to_string(l.standsLost) +
                                                        " is more than its " + std::to_string(it->standsCurrent) + " stands");
                if (l.figuresLost < 0 || l.figuresLost > it->figuresCurrent)
                    r.fail(e, "BATTLE-RESULT-LOSS", "unit '" + l.unit + "': figuresLost " + std::to_string(l.figuresLost) +
                                                        " is more than its " + std::to_string(it->figuresCurrent) + " figures");
                if (l.gunsLost < 0 || l.gunsLost > guns)
                    r.fail(e, "BATTLE-RESULT-LOSS", "unit '" + l.unit + "': gunsLost " + std::to_string(l.gunsLost) +
                                                        " is more than its " + std::to_string(guns) + " gun stands");
                o.units.push_back(l);
            });
            io::xml::forEach(&root, "general", [&](const tinyxml2::XMLElement& e) {
                r.allow(e, {"id", "fate"});
                GeneralFate f{r.str(e, "id")};
                const auto it = std::find_if(s.generals.begin(), s.generals.end(),
                                             [&](const campaign::GeneralState& g) { return g.id == f.general; });
                if (it == s.generals.end() || !mes.count(it->me))
                    r.fail(e, "BATTLE-RESULT-GENERAL", "general '" + f.general + "' was not with an ME of battle " + std::to_string(id));
                const std::string fate = r.str(e, "fate");
                if (fate == "unhurt") f.status = campaign::GeneralStatus::Active;
                else if (fate == "wounded") f.status = campaign::GeneralStatus::Wounded;
                else if (fate == "killed") f.status = campaign::GeneralStatus::Killed;
                else if (fate == "captured") f.status = campaign::GeneralStatus::Captured;
                else r.fail(e, "XML-ATTR-VALUE", "general '" + f.general + "': attribute 'fate' has the unknown value '" + fate + "'");
                o.generals.push_back(f);
            });
            if (const auto* n = root.FirstChildElement("notes"); n && n->GetText()) o.narrative = n->GetText();
        } catch (const core::FileError& e) {
            issues.error(e.code(), e.what());
            return;
        }
        o.summary = "fought on the table; " + (o.winner.empty() ? std::string("a draw") : o.winner + " win");
        o.resultJson = text.str();
        lines.push_back("battle " + std::to_string(id) + " at " + b.hex + ": " + o.summary);
        applyOutcome(db, s, id, battleHex(db, id), o, lines);
        db::saveState(store, s);
        store.logCommand("battle.enter", nlohmann::json{{"id", id}, {"file", file}}.dump(), nlohmann::json{{"lines", lines}}.dump());
    });
    return issues;
}

}  // namespace etatmajor::engine
