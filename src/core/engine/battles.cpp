// SPDX-License-Identifier: GPL-3.0-or-later
// Battles inside the campaign: D6 determination, D9 resolution (automatic or tabletop), D10 points, D11 night; the
// resolver's set-up of a battle is built in battle_setup.cpp. Decisions are listed in docs/rules-mapping.md
// ("Battles in the campaign").
#include "engine/battles_db.hpp"
#include "engine/battles_impl.hpp"

#include "etatmajor/campaign/points.hpp"
#include "engine/after_battle_db.hpp"
#include "engine/decoys_db.hpp"
#include "engine/orders_db.hpp"
#include "etatmajor/engine/turn.hpp"

#include "command_impl.hpp"
#include "db/store_impl.hpp"
#include "io/xml_util.hpp"
#include "etatmajor/battle/battle_dice.hpp"
#include "etatmajor/battle/narrative.hpp"
#include "etatmajor/battle/resolver.hpp"
#include "etatmajor/battle/result.hpp"
#include "etatmajor/core/text.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/limits.hpp"
#include "etatmajor/rules/movement.hpp"
#include "etatmajor/rules/scouting.hpp"
#include "etatmajor/rules/supply.hpp"
#include "etatmajor/rules/weather.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <tuple>
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
    const auto full = [&] {
        e.turnsOfDaylight = d;
        e.how = "full day";
    };
    const auto half = [&] {
        e.turnsOfDaylight = d / 2;
        e.how = "half day";
    };
    const auto dusk = [&] {
        e.turnsOfDaylight = 2;
        e.how = "dusk";
    };
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

}  // namespace

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

// The weather of a battle's hex: the day's, or under weather_regions = per_region that of the hex's region (G-102).
std::string weatherOf(SQLite::Database& db, const CampaignState& s, hex::Hex h, const DayWeather& day) {
    const auto region = rules::weatherRegionOf(s.map, h, s.options);
    if (!region) return day.weather;
    SQLite::Statement q(db, "SELECT weather FROM weather_region_day WHERE week = ? AND day = ? AND region = ?");
    q.bind(1, s.week);
    q.bind(2, s.day);
    q.bind(3, std::string(map::regionName(*region)));
    return q.executeStep() ? q.getColumn(0).getString() : day.weather;
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

namespace {

// --- results → campaign ---

struct UnitLoss {
    std::string unit;
    int figuresStart = 0;
    int figuresLost = 0;
    int standsLost = 0;
    int gunsLost = 0;
    bool routed = false;
    bool gone = false;   // scattered, surrendered, destroyed: every figure is lost
    int points175 = -1;  // T 17.5 points lost by the resolver's accounting (G-68 tactical_17_5); -1: not known
};

struct GeneralFate {
    std::string general;
    campaign::GeneralStatus status = campaign::GeneralStatus::Active;
    bool severe = false;  // T 8.15 severe wound: he must be replaced
    int woundTurns = 0;   // T 8.15 damage table: battle turns out of command (0: not known)
};

struct Outcome {
    std::string winner;  // side id, empty for a draw
    std::string holder;  // side left holding the field, empty when neither
    std::vector<UnitLoss> units;
    std::vector<GeneralFate> generals;
    std::string summary;
    std::string narrative;
    std::string resultJson;
    // standoff = no_battle: nobody fired, tried a charge or came to grips all day; recorded as no battle
    bool standoff = false;
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
        int cost = rules::replacementCost(u, lost, s.options);
        // §8.11.3, G-68 tactical_17_5: the tactical count instead of the permanent losses: the resolver's full and
        // half-value losses of the unit [T 17.5], and 20 for colours it lost; a tabletop result has no such count,
        // so its routed survivors are added at half their value.
        if (s.options.is("battle_points", "tactical_17_5")) {
            if (l.points175 >= 0) cost = l.points175;
            else if (l.routed && !l.gone) cost += rules::replacementCost(u, u.figuresCurrent - lost, s.options) / 2;
        }
        u.figuresCurrent -= lost;
        u.lostCombat += lost;
        if (u.figuresPerStand > 0) u.standsCurrent = (u.figuresCurrent + u.figuresPerStand - 1) / u.figuresPerStand;
        int guns = l.gunsLost;
        // §8.11.3, G-68 (clarified 2026-11-25): guns destroyed or captured count at their §13.1 price; the resolver's
        // tactical count (tactical_17_5) already holds them; figures_only is the earlier reading without them.
        const bool priceGuns = s.options.is("battle_points", "actual_losses");
        for (auto& g : u.guns)
            while (guns > 0 && g.standsCurrent > 0) {
                --g.standsCurrent;
                --guns;
                if (priceGuns) cost += campaign::gunStandCost(g.calibre);
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
                // §8.11.4 item 9, G-71 damage_table_turns: a wound of the damage table keeps a general out of command
                // for 1-3 battle turns [T 8.15], over by the next morning; only a severe wound (he must be replaced)
                // keeps him away until the next week as by default.
                if (f.status == campaign::GeneralStatus::Wounded && !f.severe && s.options.is("wounded_staff", "damage_table_turns")) {
                    lines.push_back("  " + g.name + " wounded" +
                                    (f.woundTurns > 0 ? " (out of command " + std::to_string(f.woundTurns) + " battle turn" +
                                                            (f.woundTurns == 1 ? "" : "s") + ")"
                                                      : std::string()) +
                                    ", back on duty by the next morning (G-71 damage_table_turns)");
                    continue;
                }
                g.status = f.status;
                if (f.status == campaign::GeneralStatus::Wounded) g.returnWeek = s.week + 1;  // G-71 default
                // §8.11.3, G-68 (clarified 2026-11-25): staff killed or captured count at their §13.1 price.
                if ((f.status == campaign::GeneralStatus::Killed || f.status == campaign::GeneralStatus::Captured) &&
                    s.options.is("battle_points", "actual_losses")) {
                    campaign::GeneralDef def;
                    def.rank = g.rank;
                    def.playerFigure = g.playerFigure;
                    points[g.side] += campaign::generalPoints(def);
                }
                lines.push_back("  " + g.name + " " + std::string(campaign::generalStatusName(f.status)));
            }
    for (auto& side : s.sides) {
        side.pointsLost += points[side.id];
        lines.push_back("  " + side.name + " lose " + std::to_string(points[side.id]) + " points");
    }
    for (auto& ua : s.urban)
        if (ua.hex == h && !o.standoff) {  // §9.2.3: a standoff fought no battle in the hex
            ++ua.combatHalvings;
            lines.push_back("  " + ua.name + " is fought over: its value is halved");
        }
    SQLite::Statement u(db,
                        "UPDATE battle SET status = 'resolved', winner = ?, field_holder = ?, summary = ?, narrative = ?, result = ? "
                        "WHERE id = ?");
    u.bind(1, o.winner);
    u.bind(2, o.holder);
    u.bind(3, o.summary);
    u.bind(4, o.narrative);
    u.bind(5, o.resultJson);
    u.bind(6, id);
    u.exec();
}

// The verdict in words, the same for a battle fought by the resolver and one fought on the table: "X win" (with the
// resolver's decisiveness when there is one) or "a draw", then who holds the field when it is not the winner (§2.20).
std::string verdictText(const CampaignState& s, const Outcome& o, std::string_view decisiveness = {}) {
    const auto name = [&](const std::string& id) { return s.side(id) ? s.side(id)->name : id; };
    std::string out = o.winner.empty()
                          ? std::string("a draw")
                          : name(o.winner) + " win" + (decisiveness.empty() ? std::string() : " (" + std::string(decisiveness) + ")");
    if (o.holder != o.winner && !o.holder.empty()) out += "; " + name(o.holder) + " hold the field";
    return out;
}

Outcome outcomeOf(const CampaignState& s, const battle::BattleSetup& setup, const battle::BattleResult& r,
                  const std::string& narrative) {
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
        l.points175 = static_cast<int>(((u.pointsLostFull + u.pointsLostHalf).inSixths() + 3) / 6) +
                      (u.coloursLostTo != battle::kNoSide ? 20 : 0);
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
                f.status = campaign::GeneralStatus::Wounded;
                f.woundTurns = 1;
                break;
            case battle::StaffFate::Wounded2:
                f.status = campaign::GeneralStatus::Wounded;
                f.woundTurns = 2;
                break;
            case battle::StaffFate::SeverelyWounded:
                f.status = campaign::GeneralStatus::Wounded;
                f.severe = true;
                f.woundTurns = 3;
                break;
            case battle::StaffFate::Killed: f.status = campaign::GeneralStatus::Killed; break;
            case battle::StaffFate::Captured: f.status = campaign::GeneralStatus::Captured; break;
        }
        o.generals.push_back(f);
    }
    std::ostringstream sum;
    if (!r.engaged && s.options.is("standoff", "no_battle")) {
        // §8.8, §8.11.4 [X] standoff = no_battle: no shot told (tactical.quiet_fire = hits; with any: nobody fired),
        // nobody tried a charge and nobody came to grips all day. It was a
        // contact, not a battle: nobody won or lost, nobody falls back at night (D11), the hex stays with the side
        // that stood in it, and if both sides are still there next morning the battle goes on per that day's orders
        // (§8.11.4 item 11, G-72). rules-mapping.md "Standoffs".
        o.standoff = true;
        o.winner.clear();
        o.holder = setup.holder == battle::kNoSide ? std::string() : setup.sides[static_cast<std::size_t>(setup.holder)].id;
        sum << "no battle: neither side attacked, a standoff (" << r.turnsFought << " of " << r.turnsAvailable << " turns, ended by "
            << battle::endReasonName(r.endReason) << ")";
        if (!o.holder.empty()) sum << "; " << (s.side(o.holder) ? s.side(o.holder)->name : o.holder) << " keep the hex";
    } else {
        sum << r.turnsFought << " of " << r.turnsAvailable << " turns fought, ended by " << battle::endReasonName(r.endReason) << "; ";
        sum << verdictText(s, o, battle::decisivenessName(r.verdict.decisiveness));
    }
    o.summary = sum.str();
    o.narrative = narrative;
    o.resultJson = battle::toJson(r);
    return o;
}

// The outcome of battle `id` as the embedded resolver fights it, with nothing written; nothing when the resolver
// cannot set the battle up or fight it, `why` then saying why in its own words (cut short).
std::optional<Outcome> fightOutcome(SQLite::Database& db, const CampaignState& s, int id, std::string& why) {
    try {
        const BattleRecord b = readBattle(db, &s, id);
        const auto setup = buildSetup(db, s, b, battleHex(db, id));
        if (setup.sides[0].mes.empty() || setup.sides[1].mes.empty()) {
            // One side has nothing left that can fight: no battle, the other side holds the field.
            Outcome o;
            o.winner = setup.sides[0].mes.empty() ? setup.sides[1].id : setup.sides[0].id;
            o.holder = o.winner;
            o.summary = "no battle: one side had no fighting units";
            return o;
        }
        battle::RedcoatsResolver resolver;
        battle::Narrative narrative;
        const auto result = resolver.fightSeeded(setup, b.seed, &narrative);
        return outcomeOf(s, setup, result, narrative.text());
    } catch (const SQLite::Exception&) {
        throw;  // the database's trouble, not the battle's: the command fails as any other would
    } catch (const std::exception& e) {
        why = core::shorten(e.what());
        return std::nullopt;
    }
}

// Writes a fought battle's outcome back: its summary line, then the losses (applyOutcome).
void recordFought(SQLite::Database& db, CampaignState& s, int id, const Outcome& o, std::vector<std::string>& lines) {
    lines.push_back("battle " + std::to_string(id) + " at " + readBattle(db, &s, id).hex + ": " + o.summary);
    applyOutcome(db, s, id, battleHex(db, id), o, lines);
}

// The problem reported for a battle the resolver cannot fight (code BATTLE-RESOLVER), with what to do about it.
std::string unfoughtMessage(SQLite::Database& db, const CampaignState& s, int id, const std::string& why, const std::string& then) {
    const std::string n = std::to_string(id);
    return "battle " + n + " at " + readBattle(db, &s, id).hex + ": the resolver cannot fight it (" + why + "); " + then +
           ": record the result of the battle fought on the table with `battle enter --id " + n + " --file RESULT.xml`";
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

std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

}  // namespace

// The table set-up decided at D6 (battle.setup): the table's wind, the terrain dice, the battle it goes on from.
nlohmann::json tableSetupOf(SQLite::Database& db, int id) {
    SQLite::Statement q(db, "SELECT COALESCE(setup, '') FROM battle WHERE id = ?");
    q.bind(1, id);
    if (!q.executeStep()) return nlohmann::json::object();
    auto j = nlohmann::json::parse(q.getColumn(0).getString(), nullptr, false);
    return j.is_object() ? j : nlohmann::json::object();
}

namespace {

// A battle recorded as a standoff (standoff = no_battle): the resolver reports that nobody engaged, and the battle
// was recorded as no battle.
bool standoffBattle(SQLite::Database& db, int id) {
    SQLite::Statement q(db, "SELECT COALESCE(result, ''), summary FROM battle WHERE id = ?");
    q.bind(1, id);
    if (!q.executeStep() || q.getColumn(1).getString().rfind("no battle", 0) != 0) return false;
    const auto j = nlohmann::json::parse(q.getColumn(0).getString(), nullptr, false);
    return j.is_object() && j.contains("engaged") && j["engaged"].is_boolean() && !j["engaged"].get<bool>();
}

// G-72: the battle fought yesterday in the same hex, when there was one: its id and the side left holding the field.
std::optional<std::pair<int, std::string>> battleOfYesterday(SQLite::Database& db, int week, int day, hex::Hex h) {
    const int w = day > 1 ? week : week - 1;
    const int d = day > 1 ? day - 1 : 7;
    SQLite::Statement q(db, "SELECT id, COALESCE(field_holder, '') FROM battle WHERE week = ? AND day = ? AND q = ? AND r = ? "
                            "AND status = 'resolved' ORDER BY id DESC LIMIT 1");
    q.bind(1, w);
    q.bind(2, d);
    q.bind(3, h.q);
    q.bind(4, h.r);
    if (!q.executeStep()) return std::nullopt;
    return std::make_pair(q.getColumn(0).getInt(), q.getColumn(1).getString());
}

// The eight compass points, for the edge a side's MEs came from.
std::string compassFrom(const CampaignState& s, hex::Hex centre, hex::Hex other) {
    const hex::Layout layout(s.map.metadata().orientation, {1.0, 1.0});
    const auto a = layout.toPixel(centre);
    const auto b = layout.toPixel(other);
    constexpr double kPi = 3.14159265358979323846;
    double bearing = std::atan2(b.x - a.x, a.y - b.y) * 180.0 / kPi;
    if (bearing < 0) bearing += 360.0;
    static const char* const kNames[8] = {"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"};
    return kNames[static_cast<int>(std::lround(bearing / 45.0)) % 8];
}

}  // namespace

int tablesNeeded(int mesA, int mesB, const campaign::Options& options) {
    if (options.is("table_size", "chart")) return std::max(1, (mesA + mesB + 3) / 4);  // G-61 chart: 2 m x 3 m
    return std::max(1, (std::max(mesA, mesB) + 1) / 2);                                // body: 6'x4'
}

std::string battleClock(int turns, const campaign::Options& options) {
    const int minutes = std::max(0, turns) * (options.is("battle_turn_minutes", "45") ? 45 : 60);
    const int hours = minutes / 60, rest = minutes % 60;
    std::string out = hours == 0 ? std::string() : std::to_string(hours) + (hours == 1 ? " hour" : " hours");
    if (rest > 0) out += (out.empty() ? "" : " ") + std::to_string(rest) + " minutes";
    return out.empty() ? "0 hours" : out;
}

// --- D6 ---

namespace {

// A battle recorded today in hex `h` already.
bool battleToday(SQLite::Database& db, const CampaignState& s, hex::Hex h) {
    SQLite::Statement dup(db, "SELECT COUNT(*) FROM battle WHERE week = ? AND day = ? AND q = ? AND r = ?");
    dup.bind(1, s.week);
    dup.bind(2, s.day);
    dup.bind(3, h.q);
    dup.bind(4, h.r);
    dup.executeStep();
    return dup.getColumn(0).getInt() > 0;
}

// Whether the battle in `h` is a scouting combat; if it is, `here` keeps only the MEs that fight it.
// §8.6.4: a fight that a scout started in the scouting sub-phase (it engaged, or the enemy it found chose to
// fight) and that nobody else joined in the other-movement sub-phase is a scouting combat: a battle of its
// own, with no marching to the guns (G-25 f). It is fought by the scouts that made the contacts and, of the
// MEs they met, by those that chose the fight: all of them when the scout engaged (or blundered in without
// choosing), else only the Scouting or Deployed-Offensive MEs whose orders say to engage (§5: these are
// the ones that can engage scouts). The others in the hex stand aside.
bool scoutingCombatAt(SQLite::Database& db, const CampaignState& s, hex::Hex h, std::vector<const MeState*>& here) {
    bool scoutingCombat = false;
    std::set<std::string> scoutFight;
    {
        SQLite::Statement k(db, "SELECT phase, mover, met FROM contact WHERE week = ? AND day = ? AND q = ? AND r = ?");
        k.bind(1, s.week);
        k.bind(2, s.day);
        k.bind(3, h.q);
        k.bind(4, h.r);
        bool d4 = false, other = false;
        std::set<std::string> scoutingSides;
        while (k.executeStep()) {
            const bool scoutPhase = k.getColumn(0).getString() == campaign::phaseId(campaign::Phase::D4);
            (scoutPhase ? d4 : other) = true;
            if (!scoutPhase) continue;
            const std::string mover = k.getColumn(1).getString();
            scoutFight.insert(mover);
            if (const auto* m = s.me(mover)) scoutingSides.insert(m->side);
            const auto met = words(k.getColumn(2).getString());
            std::vector<std::string> willing;
            for (const auto& id : met)
                if (const auto* e = s.me(id); e &&
                                              (e->mode == campaign::Mode::Scouting || e->mode == campaign::Mode::DeployedOffensive) &&
                                              scoutContactToday(db, s, id) == "engage")
                    willing.push_back(id);
            const bool scoutChose = scoutContactToday(db, s, mover) == "engage";
            for (const auto& id : (scoutChose || willing.empty()) ? met : willing) scoutFight.insert(id);
        }
        scoutingCombat = d4 && !other;
        // An ME of a scouting side that was in the hex before its scouts came (a battle going on) makes it an
        // ordinary battle.
        for (const auto* me : here)
            if (scoutingCombat && !scoutFight.count(me->id) && scoutingSides.count(me->side)) scoutingCombat = false;
    }
    if (scoutingCombat) {
        std::vector<const MeState*> fighters;
        for (const auto* me : here)
            if (scoutFight.count(me->id)) fighters.push_back(me);
        here = std::move(fighters);
    }
    return scoutingCombat;
}

// The MEs in the hex as the battle's participants, each arriving as the encounter timing says (§8.8), and in `start`
// the turn the fighting starts.
std::vector<BattleParticipant> participantsOf(const CampaignState& s, const std::vector<const MeState*>& here, const DayWeather& w,
                                              int& start) {
    std::vector<BattleParticipant> ps;
    std::vector<std::pair<std::string, int>> arrivals;
    for (const auto* me : here) {
        int basis = me->allowanceToday;
        if (s.options.is("mr_fraction_basis", "base_mr")) basis = rules::baseMovementRate(s.unitsOf(me->id), s.options);
        const auto e = encounterTiming(me->movedToday, basis, w.daylight, s.options, me->mode == campaign::Mode::ForcedMarch);
        ps.push_back(
            {me->id, me->side, e.arrivalTurn, std::string(campaign::modeName(me->mode)), me->movedToday, me->allowanceToday, e.how});
        arrivals.emplace_back(me->side, e.arrivalTurn);
    }
    start = battleStartTurn(arrivals);
    if (s.options.is("late_arrivals", "all_turn1"))
        for (auto& p : ps) p.arrivalTurn = start;
    return ps;
}

// The MEs around the hex that join the battle in `h`, added to its participants `ps` and to the MEs that `marched`
// today; their hex is left to the caller to change.
std::vector<MeState*> joinersOf(SQLite::Database& db, CampaignState& s, hex::Hex h, const DayWeather& w, int start,
                                std::vector<BattleParticipant>& ps, std::set<std::string>& marched) {
    std::vector<MeState*> joiners;
    // §8.8, G-23 chart_automatic: the MEs of both sides in the six hexes around join the battle (not a scouting
    // combat), each arriving by the chart's rule (G-20 chart: half its allowance used or less, turn 1; more, or a
    // forced march, turn 6), never before the battle starts; an ME with a battle of its own, or whose side
    // already has three MEs in the battle, stays out.
    // An ME sharing its hex with the enemy has a battle of its own (G-25 c); a side with three MEs in the battle
    // takes no more (G-25 d: stacking in the battle hex).
    const auto engagedAtHome = [&](const campaign::MeState& me) {
        return std::any_of(s.mes.begin(), s.mes.end(),
                           [&](const campaign::MeState& e) { return e.side != me.side && e.hex == me.hex && fights(s, e); });
    };
    const auto sideFull = [&](const std::string& side) {
        return std::count_if(ps.begin(), ps.end(), [&](const auto& p) { return p.side == side; }) >= 3;
    };
    if (s.options.is("adjacent_mes", "chart_automatic")) {
        campaign::Options chart = s.options;
        (void)chart.set("encounter_timing", "chart_arrival");
        for (auto& me : s.mes) {
            if (me.hex == h || !fights(s, me) || marched.count(me.id) || hex::distance(me.hex, h) != 1) continue;
            if (engagedAtHome(me) || sideFull(me.side)) continue;
            const auto e = encounterTiming(me.movedToday, me.allowanceToday, w.daylight, chart,
                                           me.mode == campaign::Mode::ForcedMarch);
            ps.push_back({me.id, me.side, std::max(start, e.arrivalTurn), std::string(campaign::modeName(me.mode)), me.movedToday,
                          me.allowanceToday, "adjacent at " + at(s, me.hex) + " (G-23 chart, " + e.how + ")"});
            marched.insert(me.id);
            joiners.push_back(&me);
        }
    }
    // §8.9: MEs within two hexes, downwind, in a mode that allows it and ordered to, join (G-23 body: adjacent
    // MEs come no other way). An ME sharing a hex with the enemy has its own battle (G-25 c).
    for (auto& me : s.mes) {
        if (me.hex == h || !fights(s, me) || marched.count(me.id)) continue;
        const int distance = hex::distance(me.hex, h);
        if (distance > 2) continue;
        if (engagedAtHome(me) || sideFull(me.side)) continue;
        if (!downwindOf(h, me.hex, w.windFrom, s.map.metadata().orientation, s.options)) continue;
        const auto turn = marchToGunsArrival(distance, byRoad(s, me.hex, h), me.mode, me.mode == campaign::Mode::ForcedMarch, start,
                                             w.daylight, s.options);
        if (!turn || !ordersAllowMarchToGuns(db, s, me.id)) continue;
        ps.push_back({me.id, me.side, *turn, std::string(campaign::modeName(me.mode)), me.movedToday, me.allowanceToday,
                      "march to the guns from " + at(s, me.hex)});
        marched.insert(me.id);
        joiners.push_back(&me);
    }
    return joiners;
}

// Records the battle's row in hex `h`, with its seed; returns its id.
int insertBattle(SQLite::Database& db, const CampaignState& s, hex::Hex h, const DayWeather& w, int start, const char* kind,
                 const char* status, std::uint64_t campaignSeed) {
    SQLite::Statement ins(db, "INSERT INTO battle (week, day, q, r, kind, status, daylight_turns, start_turn, weather) "
                              "VALUES (?,?,?,?,?,?,?,?,?)");
    ins.bind(1, s.week);
    ins.bind(2, s.day);
    ins.bind(3, h.q);
    ins.bind(4, h.r);
    ins.bind(5, kind);
    ins.bind(6, status);
    ins.bind(7, w.daylight);
    ins.bind(8, start);
    ins.bind(9, weatherOf(db, s, h, w));
    ins.exec();
    const int id = static_cast<int>(db.getLastInsertRowid());
    // tactical-resolver §4.1: the seed comes from the campaign seed, the day, the hex and the battle's number.
    const std::uint64_t seed = battle::deriveBattleSeed(campaignSeed, static_cast<std::uint64_t>(absoluteDay(s.week, s.day)), h.q, h.r,
                                                        static_cast<std::uint64_t>(id));
    SQLite::Statement sd(db, "UPDATE battle SET seed = ? WHERE id = ?");
    sd.bind(1, static_cast<std::int64_t>(seed));
    sd.bind(2, id);
    sd.exec();
    return id;
}

// §8.10: what the table's own dice decide, kept with the battle (battle.setup) for its set-up and `battle show`.
void recordTableSetup(SQLite::Database& db, const CampaignState& s, hex::Hex h, int id, const DayWeather& w, bool dusk,
                      const std::vector<BattleParticipant>& ps, dice::Dice& dice) {
    nlohmann::json table = nlohmann::json::object();
    std::string initiative = s.sides.empty() ? std::string() : s.sides.front().id;
    for (const auto& sd2 : s.sides)
        if (sd2.hasInitiative) initiative = sd2.id;
    const auto tableDie = [&](const std::string& purpose, const std::string& rule, const std::string& subject, int count) {
        return dice.roll({purpose + " of battle " + std::to_string(id), rule, subject, count, 6, 0}).result;
    };
    if (dusk) {
        table["dusk"] = true;  // no table tonight: its dice are rolled when the battle is fought
    } else if (s.options.is("battle_wind", "tactical_roll")) {
        // G-18 tactical_roll: the initiative side rolls 2d6 for the table's wind, read on the campaign's wind table.
        const int roll = tableDie("wind on the table", "etat-major.md G-18", initiative, 2);
        table["wind"] = std::string(rules::windName(rules::windFor(roll, s.options)));
        table["windRoll"] = roll;
        table["windRolledBy"] = initiative;
    } else {
        table["wind"] = w.windFrom;  // the campaign day's wind (§8.1.4)
    }
    if (!dusk && s.options.is("terrain_placement", "chart")) {
        // G-62 chart: each side rolls 1d6; the higher places its pieces first (the initiative side on a tie).
        std::map<std::string, int> rolls;
        for (std::size_t k = 0; k < s.sides.size(); ++k)
            rolls[s.sides[k].id] = tableDie("terrain placement", "etat-major.md G-62", s.sides[k].id, 1);
        std::string placer = initiative;
        for (const auto& [side, roll] : rolls)
            if (roll > rolls[placer]) placer = side;
        table["terrainRolls"] = rolls;
        table["placesFirst"] = placer;
    }
    // The side that stood in the hex (moved least today) holds it; a battle going on from yesterday's (G-72) is
    // held by the side that held the field at nightfall, else by yesterday's holder.
    {
        std::map<std::string, int> least;
        for (const auto& p : ps)
            if (!least.count(p.side) || p.moved < least[p.side]) least[p.side] = p.moved;
        std::string heldBy;
        int fewest = 1 << 20;
        bool tie = false;
        for (const auto& [side, moved] : least) {
            if (moved < fewest) {
                fewest = moved;
                heldBy = side;
                tie = false;
            } else if (moved == fewest) {
                tie = true;
            }
        }
        if (tie) heldBy.clear();
        if (const auto yesterday = battleOfYesterday(db, s.week, s.day, h)) {
            const std::string held = !yesterday->second.empty() ? yesterday->second
                                                                : tableSetupOf(db, yesterday->first).value("heldBy", std::string());
            table["continues"] = yesterday->first;
            table["holder"] = held;
            if (!held.empty()) heldBy = held;
        }
        table["heldBy"] = heldBy;
    }
    {
        SQLite::Statement st(db, "UPDATE battle SET setup = ? WHERE id = ?");
        st.bind(1, table.dump());
        st.bind(2, id);
        st.exec();
    }
}

// Records the battle's participants; returns them in words for the phase's report.
std::string recordParticipants(SQLite::Database& db, int id, const std::vector<BattleParticipant>& ps) {
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
    return who;
}

}  // namespace

// Cost (D6): O(M × U + M²) to find the contested hexes (fights() passes over every unit for each ME, and each new hex
// scans every ME), with scans of the campaign's battle and contact tables for each (no index on their day); then per
// battle O(M × U) for its joiners (joinersOf tests fights() before the distance) and O(M) to pin.
void runCombatDetermination(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines, dice::Dice& dice) {
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
        if (battleToday(db, s, h)) continue;
        const bool scoutingCombat = scoutingCombatAt(db, s, h, here);
        int start = 1;
        auto ps = participantsOf(s, here, w, start);
        // §8.8.1, [B: Combat] dusk_contact = next_morning: a contact made at dusk (two daylight turns or fewer left, the
        // body's "contact at dusk: 2 turns of daylight") is not fought tonight: "depending on the orders at midnight
        // combat may ensue the next morning". Both sides stay in the hex overnight; an ME whose next orders take it away
        // leaves by night (§8.11.4 item 7, G-50), and if both are still there the battle is fought next morning with a
        // full day (G-72), the side that stood in the hex holding it. fight_at_dusk: the two turns are fought now.
        const bool dusk = w.daylight - start + 1 <= 2 && s.options.is("dusk_contact", "next_morning");
        // A scouting combat has no marching to the guns (§8.6.4), and there is no battle tonight after a contact at dusk:
        // nobody marches to guns that do not fire.
        std::vector<MeState*> joiners;
        if (!scoutingCombat && !dusk) joiners = joinersOf(db, s, h, w, start, ps, marched);
        for (auto* me : joiners) me->hex = h;
        const char* status = dusk ? "resolved" : tabletop ? "tabletop" : "pending";
        const int id = insertBattle(db, s, h, w, start, scoutingCombat ? "scouting_combat" : "battle", status, campaignSeed);
        recordTableSetup(db, s, h, id, w, dusk, ps, dice);
        const std::string who = recordParticipants(db, id, ps);
        for (auto& me : s.mes)
            if (me.hex == h) me.pinned = true;
        if (dusk) {
            const std::string summary = "no battle: contact at dusk, " + battleClock(w.daylight - start + 1, s.options) +
                                        " of daylight left; both sides stay in the hex overnight and fight next morning unless one "
                                        "leaves by night (§8.8.1, dusk_contact = next_morning)";
            SQLite::Statement u(db, "UPDATE battle SET summary = ? WHERE id = ?");
            u.bind(1, summary);
            u.bind(2, id);
            u.exec();
            lines.push_back("contact at dusk " + std::to_string(id) + " at " + at(s, h) + ": " + who + "; " + summary.substr(11));
            continue;
        }
        ++made;
        lines.push_back(std::string(scoutingCombat ? "scouting combat " : "battle ") + std::to_string(id) + " at " + at(s, h) + ": " +
                        who + "; fighting from turn " + std::to_string(start) + " to " + std::to_string(w.daylight) + " (" +
                        battleClock(w.daylight - start + 1, s.options) + ")" + (tabletop ? " (to be fought on the table)" : ""));
    }
    if (made == 0) lines.push_back("no battles today");
}

// --- D9 ---

std::optional<std::string> battlesAwaitingResults(SQLite::Database& db) {
    SQLite::Statement q(db,
                        "SELECT b.id FROM battle b, campaign c WHERE c.id = 1 AND b.week = c.current_week AND b.day = c.current_day "
                        "AND b.status = 'tabletop' ORDER BY b.id");
    std::string ids;
    while (q.executeStep()) ids += (ids.empty() ? "" : ", ") + q.getColumn(0).getString();
    if (ids.empty()) return std::nullopt;
    return "battle(s) " + ids + " are to be fought on the table: record each result with `battle enter --id N --file RESULT.xml` " +
           "(or let the computer fight it with `battle resolve --id N`)";
}

// Cost (D9): per battle O(P × (M + U)) and a scan of the unit table for the detached to set it up (buildSetup), the
// resolver's fight (which depends on the battle alone, not on the map or M), and O(U) for each of its units to apply
// the losses (applyOutcome finds each by a pass over every unit); the day's battles are read by a scan of all of them.
core::IssueList runBattleResolution(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines,
                                    std::vector<std::pair<int, std::string>>& unfought) {
    std::vector<int> ids;
    {
        SQLite::Statement q(db, "SELECT id FROM battle WHERE week = ? AND day = ? AND status = 'pending' ORDER BY id");
        q.bind(1, s.week);
        q.bind(2, s.day);
        while (q.executeStep()) ids.push_back(q.getColumn(0).getInt());
    }
    // Every battle is fought before any is written (each depends only on its own MEs), so that a battle the resolver
    // cannot fight stops the phase with nothing of it written.
    std::vector<std::pair<int, Outcome>> fought;
    unfought.clear();
    for (const int id : ids) {
        std::string why;
        if (auto o = fightOutcome(db, s, id, why)) fought.emplace_back(id, std::move(*o));
        else unfought.emplace_back(id, why);
    }
    if (!unfought.empty()) {
        core::IssueList issues;
        for (const auto& [id, why] : unfought)
            issues.error("BATTLE-RESOLVER", unfoughtMessage(db, s, id, why, "it is handed to the table, and D9 waits for its result"));
        return issues;
    }
    for (const auto& [id, o] : fought) recordFought(db, s, id, o, lines);
    if (ids.empty()) lines.push_back("no battles to fight");
    return {};
}

core::IssueList applyHandToTable(db::CampaignStore& store, int id, const std::string& why, std::vector<std::string>& lines) {
    // Handed to the table (docs/rules-mapping.md "A battle the resolver cannot fight"): D9 waits for its result as for
    // any tabletop battle, and the campaign goes on once it is entered.
    core::IssueList issues;
    auto& db = store.impl().db;
    SQLite::Statement q(db, "SELECT status FROM battle WHERE id = ?");
    q.bind(1, id);
    if (!q.executeStep()) {
        issues.error("BATTLE-UNKNOWN", "the campaign has no battle " + std::to_string(id));
        return issues;
    }
    if (const std::string status = q.getColumn(0).getString(); status != "pending") {
        issues.error("BATTLE-NOT-PENDING", "battle " + std::to_string(id) + " is " + status +
                                               ", not waiting for D9; only a pending battle is handed to the table");
        return issues;
    }
    SQLite::Statement u(db, "UPDATE battle SET status = 'tabletop', summary = ? WHERE id = ?");
    u.bind(1, "the resolver could not fight it (" + why + "); to be fought on the table");
    u.bind(2, id);
    u.exec();
    lines.push_back("battle " + std::to_string(id) + " is handed to the table: the resolver could not fight it (" + why + ")");
    return issues;
}

// --- D10 ---

// Cost (D10): one grouped query, which scans the campaign's battles or their losses (neither has an index on the day).
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

// Cost (D11): per battle O(M) for its MEs and, for each beaten ME, O(M) for each of the six hexes it may fall back to
// (the enemy and stacking tests scan every ME), then nightfall (after_battle.cpp); the day's battles by a scan.
void runBattleNight(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines) {
    std::vector<std::pair<int, std::string>> fought;
    {
        SQLite::Statement q(
            db, "SELECT id, CASE WHEN winner <> '' THEN winner ELSE field_holder END FROM battle WHERE week = ? AND day = ? "
                "AND status = 'resolved' ORDER BY id");
        q.bind(1, s.week);
        q.bind(2, s.day);
        while (q.executeStep()) fought.emplace_back(q.getColumn(0).getInt(), q.getColumn(1).getString());
    }
    // A contact at dusk put off to the morning (dusk_contact = next_morning) was no battle: nobody breaks off or falls
    // back; both sides spend the night where they met.
    std::erase_if(fought, [&](const auto& f) { return tableSetupOf(db, f.first).value("dusk", false); });
    // A standoff (standoff = no_battle) beat nobody: both sides keep their ground, and the next day's orders decide
    // whether one leaves by night (§8.11.4 item 7, G-50) or the battle goes on (item 11, G-72).
    std::set<int> standoffs;
    for (auto& f : fought)
        if (standoffBattle(db, f.first)) {
            standoffs.insert(f.first);
            f.second.clear();
        }
    // G-06: under the body's phase order D11 alternates, the initiative side first: the battles its MEs lost are
    // finished first, each fall-back seeing the moves made before it. Under the chart's (phase_order = chart) the
    // phase is simultaneous: every fall-back is chosen from the positions at nightfall, and the night's other steps
    // (surrounded forces, withdrawals) follow once all have moved.
    const bool simultaneous = s.options.is("phase_order", "chart");
    std::string initiative;
    for (const auto& sd : s.sides)
        if (sd.hasInitiative) initiative = sd.id;
    if (!simultaneous)
        std::stable_sort(fought.begin(), fought.end(), [&](const auto& x, const auto& y) {
            const bool xFirst = !x.second.empty() && s.enemyOf(x.second) == initiative;
            const bool yFirst = !y.second.empty() && s.enemyOf(y.second) == initiative;
            return xFirst && !yFirst;
        });
    std::vector<std::pair<std::string, hex::Hex>> atNightfall;  // (side, hex) of every ME on the map
    for (const auto& me : s.mes)
        if (me.onMap) atNightfall.emplace_back(me.side, me.hex);
    std::vector<std::tuple<int, hex::Hex, std::string>> toFinish;
    for (const auto& [id, holder] : fought) {
        // The loser falls back; after a draw, the side the resolver did not leave holding the field does; when
        // neither holds it both stay (G-72 persist).
        const hex::Hex h = battleHex(db, id);
        const std::string loser = holder.empty() ? std::string() : s.enemyOf(holder);
        // Only the battle's own MEs fall back: those that stood aside from a scouting combat (§8.6.4) keep the hex.
        std::set<std::string> inBattle;
        for (const auto& p : readBattle(db, &s, id).participants) inBattle.insert(p.me);
        for (auto& me : s.mes) {
            if (me.hex != h) continue;
            me.pinned = false;
            if (loser.empty() || me.side != loser || !me.onMap || !inBattle.count(me.id)) continue;
            // The beaten ME falls back one hex toward its supply source, into a hex free of the enemy.
            const auto* ua = s.urbanArea(me.supplySource);
            std::optional<hex::Hex> best;
            int bestDistance = 1 << 20;
            for (const hex::Hex n : hex::neighbours(h)) {
                if (!s.map.contains(n)) continue;
                const auto t = s.map.terrain(n);
                if (t == map::Terrain::Lake || t == map::Terrain::Sea) continue;
                bool enemy = false;
                if (simultaneous) {
                    for (const auto& [side, where] : atNightfall)
                        if (side != me.side && where == n) enemy = true;
                } else {
                    for (const auto& e : s.mes)
                        if (e.onMap && e.side != me.side && e.hex == n) enemy = true;
                }
                if (enemy) continue;
                // G-41: not into a hex where its side already stands three strong.
                if (rules::stackedAt(s, me, n, {}, s.options) >= rules::kStackLimit) continue;
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
        if (standoffs.count(id))
            lines.push_back("battle " + std::to_string(id) + ": a standoff, nobody was beaten; both keep their ground (§8.11.4)");
        else if (loser.empty())
            lines.push_back("battle " + std::to_string(id) + ": neither side holds the field, both keep their ground (G-72 persist)");
        if (simultaneous) toFinish.emplace_back(id, h, loser);
        else nightfall(db, s, id, h, loser, lines);
    }
    for (const auto& [id, h, loser] : toFinish) nightfall(db, s, id, h, loser, lines);
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

std::vector<std::string> battleTableLines(db::CampaignStore& store, int id) {
    auto& db = store.impl().db;
    const auto s = db::loadState(store);
    const auto b = readBattle(db, &s, id);
    std::vector<std::string> out;
    if (b.id == 0) return out;
    const hex::Hex h = battleHex(db, id);
    const auto table = tableSetupOf(db, id);
    const auto sideName = [&](const std::string& side) { return s.side(side) ? s.side(side)->name : side; };
    std::map<std::string, int> mes, scouting;
    std::map<std::string, bool> allOffensive;
    for (const auto& sd : s.sides) allOffensive[sd.id] = true;
    for (const auto& p : b.participants) {
        ++mes[p.side];
        scouting[p.side] += rules::meScoutingPoints(s, p.me);
        if (p.mode != campaign::modeName(campaign::Mode::DeployedOffensive)) allOffensive[p.side] = false;
    }
    std::vector<std::string> sides;
    for (const auto& sd : s.sides) sides.push_back(sd.id);
    if (sides.size() < 2) return out;
    const std::string& a = sides[0];
    const std::string& c = sides[1];
    if (b.kind == "scouting_combat")
        out.push_back(
            "A scouting combat (§8.6.4): fought by the scouts and the MEs that took up their fight; nobody marches to its guns");
    // G-09: the campaign clock.
    const int turns = std::max(0, b.daylight - b.startTurn + 1);
    out.push_back("Battle turns of " + std::string(s.options.is("battle_turn_minutes", "45") ? "45" : "60") + " minutes: turns " +
                  std::to_string(b.startTurn) + " to " + std::to_string(b.daylight) + ", " + battleClock(turns, s.options) +
                  " of daylight fighting (G-09)");
    // G-61.
    const int tables = tablesNeeded(mes[a], mes[c], s.options);
    out.push_back(s.options.is("table_size", "chart")
                      ? "Tables: " + std::to_string(tables) + " of 2 m x 3 m, one for every four MEs of both sides (G-61 chart)"
                      : "Tables: " + std::to_string(tables) +
                            " of 6'x4' (1830 x 1220 mm), one for every two MEs of the larger side (G-61)");
    // G-60: which edge each side takes.
    if (s.options.is("table_orientation", "players_agree")) {
        out.push_back("Orientation: as the players agree (G-60 players_agree)");
    } else {
        std::map<std::string, std::string> edge;
        for (const auto& p : b.participants) {
            if (edge.count(p.side) || p.moved == 0) continue;
            // The hex it came from: the hex before the battle hex on today's path, else where it stood this morning.
            std::optional<hex::Hex> came;
            SQLite::Statement q(db, "SELECT path FROM movement WHERE week = ? AND day = ? AND me_id = ? ORDER BY phase DESC");
            q.bind(1, b.week);
            q.bind(2, b.day);
            q.bind(3, p.me);
            std::vector<std::string> path;
            if (q.executeStep()) path = words(q.getColumn(0).getString());
            if (path.size() >= 2) {
                if (const auto o = hex::parseOffset(path[path.size() - 2])) came = s.map.offsets().toHex(*o);
            } else {
                SQLite::Statement l(db, "SELECT path FROM loc_status WHERE week = ? AND day = ? AND me_id = ?");
                l.bind(1, b.week);
                l.bind(2, b.day);
                l.bind(3, p.me);
                if (l.executeStep()) {
                    const auto loc = words(l.getColumn(0).getString());
                    if (!loc.empty())
                        if (const auto o = hex::parseOffset(loc.front())) came = s.map.offsets().toHex(*o);
                }
            }
            if (const auto pos = p.how.find(" from "); !came && pos != std::string::npos)
                if (const auto o = hex::parseOffset(p.how.substr(pos + 6))) came = s.map.offsets().toHex(*o);
            if (came && *came != h) edge[p.side] = compassFrom(s, h, *came);
        }
        static const std::map<std::string, std::string> kOpposite{{"north", "south"}, {"north-east", "south-west"},
                                                                  {"east", "west"},   {"south-east", "north-west"},
                                                                  {"south", "north"}, {"south-west", "north-east"},
                                                                  {"west", "east"},   {"north-west", "south-east"}};
        for (const auto& [side, other] : {std::pair{a, c}, std::pair{c, a}})
            if (!edge.count(side) && edge.count(other)) edge[side] = kOpposite.at(edge.at(other));
        std::string line = "Orientation (G-60, rear edges toward the hexside each side came in by):";
        for (const auto& side : sides)
            line += " " + sideName(side) + " " + (edge.count(side) ? edge.at(side) : std::string("as the players agree")) + ";";
        line.pop_back();
        out.push_back(line);
    }
    // G-62.
    if (s.options.is("terrain_placement", "chart")) {
        const std::string first = table.value("placesFirst", a);
        const std::string second = first == a ? c : a;
        std::string rolls;
        if (table.contains("terrainRolls"))
            rolls = " (rolled " + std::to_string(table["terrainRolls"].value(first, 0)) + " against " +
                    std::to_string(table["terrainRolls"].value(second, 0)) + ")";
        out.push_back("Terrain: the map's features of the hex, then " + sideName(first) + rolls +
                      " places 2 pieces (no roads, rivers or " + "towns) in the enemy's half, then " + sideName(second) +
                      "; at most 6 pieces a side a table (G-62 chart)");
    } else {
        std::string first = a;
        for (const auto& sd : s.sides)
            if (sd.hasInitiative) first = sd.id;
        out.push_back(
            "Terrain: the map's features of the hex, then 1 or 2 pieces a player for each ME he has here, in the enemy's half, " +
            sideName(first) + " first, then in turn (G-62)");
    }
    // G-73: deployment order.
    const bool bothOffensive = allOffensive[a] && allOffensive[c];
    if (s.options.is("use_outscouting", "always") || bothOffensive) {
        std::string order = "Deployment: Deployed-Defensive MEs first, then by the out-scouting table [T 9.4]: " + sideName(a) + " " +
                            std::to_string(scouting[a]) + " scouting points, " + sideName(c) + " " + std::to_string(scouting[c]);
        if (scouting[a] != scouting[c])
            order += "; " + sideName(scouting[a] > scouting[c] ? a : c) + " out-scout by " +
                     std::to_string(std::abs(scouting[a] - scouting[c]));
        out.push_back(order + (bothOffensive ? " (both wholly Deployed-Offensive: the tactical procedure [T 9.6])" : " (G-73)"));
    } else {
        out.push_back("Deployment: by mode only: Deployed-Defensive MEs first, Deployed-Offensive last, the rest in between; the "
                      "out-scouting table is kept for battles where both sides are wholly Deployed-Offensive (G-73 do_vs_do_only)");
    }
    // G-18.
    const std::string wind = table.value("wind", std::string());
    if (table.contains("windRoll"))
        out.push_back("Wind on the table: from the " + wind + ", " + sideName(table.value("windRolledBy", a)) + " rolled " +
                      std::to_string(table.value("windRoll", 0)) + " on 2d6 (G-18 tactical_roll)");
    else
        out.push_back("Wind on the table: " + (wind.empty() ? std::string("none recorded") : "from the " + wind) +
                      ", the campaign day's wind (G-18)");
    // G-72.
    if (table.contains("continues")) {
        const int from = table.value("continues", 0);
        const std::string held = table.value("holder", std::string());
        out.push_back(s.options.is("next_day_positions", "redeploy")
                          ? "Goes on from battle " + std::to_string(from) + " of yesterday: both sides deploy afresh (G-72 redeploy)"
                          : "Goes on from battle " + std::to_string(from) + " of yesterday: table positions are kept" +
                                (held.empty() ? std::string() : ", " + sideName(held) + " holding the ground") + " (G-72)");
    }
    return out;
}

// What the end of a phase settles, done at once by a command that applies a battle result between phases, so that no
// command leaves the campaign in a state a phase would not: MEs the result left with no troops (§2.2, G-57, G-69),
// then, where one of them went to its routed units, decoys beyond the stacking limit (G-41) unless the day's decoys
// have not moved yet.
void settleAfterResult(SQLite::Database& db, CampaignState& s, std::vector<std::string>& lines) {
    settleEmptyMes(db, s, lines);
    // The phase that ran last is the one before the campaign's pointer (before W1, the last week's D12).
    const auto next = static_cast<std::size_t>(s.phase);
    const auto ran = next == 0 ? campaign::Phase::D12 : static_cast<campaign::Phase>(next - 1);
    if (decoysStackAfter(ran)) settleDecoyStacking(db, s, lines);
}

core::IssueList applyResolveBattle(db::CampaignStore& store, int id, std::vector<std::string>& lines) {
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
        std::string why;
        const auto o = fightOutcome(db, s, id, why);
        if (!o) {
            // Nothing is written: the battle stays as it was, waiting for D9 or for its tabletop result.
            issues.error("BATTLE-RESOLVER", unfoughtMessage(db, s, id, why, "nothing was changed"));
            return;
        }
        recordFought(db, s, id, *o, lines);
        settleAfterResult(db, s, lines);  // at once, not at the end of the phase
        db::saveState(store, s);
    });
    return issues;
}

// `text`: the file as UTF-8 (io::decodeXmlText), within the size limit, read by the caller.
core::IssueList applyEnterBattleResult(db::CampaignStore& store, int id, const std::string& file, const std::string& text,
                                       std::vector<std::string>& lines) {
    core::IssueList issues;
    auto& db = store.impl().db;
    io::xml::Reader r(file);
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
            tinyxml2::XMLDocument doc;
            r.parse(doc, text);
            const auto& root = r.root(doc, "battleResult", 1);
            r.allow(root, {"formatVersion", "battle", "winner", "fieldHolder"}, {"unit", "general", "notes"});
            const auto* notes = r.single(root, "notes");
            r.attempt([&] {
                if (r.integer(root, "battle") != id)
                    r.fail(root, "BATTLE-RESULT-BATTLE",
                           "the file is the result of battle " + r.str(root, "battle") + ", not of battle " + std::to_string(id));
            });
            r.attempt([&] {
                o.winner = r.str(root, "winner", "");
                if (!o.winner.empty() && !s.side(o.winner))
                    r.fail(root, "BATTLE-RESULT-WINNER", "attribute 'winner' names no side of this campaign: '" + o.winner + "'");
            });
            r.attempt([&] {
                // §2.20: the side left holding the field; by default the winner's, nobody's after a draw
                // (docs/rules-mapping.md "Who holds the field after a tabletop battle"); "none": both left it.
                const std::string held = r.str(root, "fieldHolder", "");
                o.holder = held.empty() ? o.winner : held == "none" ? std::string() : held;
                if (!held.empty() && held != "none" && !b.takesPart(held))
                    r.fail(root, "BATTLE-RESULT-HOLDER",
                           "attribute 'fieldHolder' names no side of battle " + std::to_string(id) + ": '" + held +
                               "' (a side id, or none)");
            });
            std::set<std::string> mes, seen;
            for (const auto& p : b.participants) mes.insert(p.me);
            // Every problem of the file is reported, each with its line, before anything is changed.
            const auto problem = [&](const tinyxml2::XMLElement& e, const std::string& code, const std::string& where,
                                     const std::string& message) { r.note(e, code, message, where); };
            r.each(&root, "unit", [&](const tinyxml2::XMLElement& e) {
                r.allow(e, {"id", "standsLost", "figuresLost", "gunsLost", "routed", "captured"});
                UnitLoss l;
                l.unit = r.str(e, "id");
                const auto it = std::find_if(s.units.begin(), s.units.end(), [&](const UnitState& u) { return u.id == l.unit; });
                if (it == s.units.end() || !mes.count(it->me) || it->removed) {
                    problem(e, "BATTLE-RESULT-UNIT", l.unit + ".id",
                            "unit '" + l.unit + "' did not fight in battle " + std::to_string(id));
                    return;
                }
                if (!seen.insert(l.unit).second)
                    problem(e, "BATTLE-RESULT-UNIT", l.unit + ".id", "unit '" + l.unit + "' is listed twice");
                l.figuresStart = it->figuresCurrent;
                const bool standsGiven = e.Attribute("standsLost") != nullptr, figuresGiven = e.Attribute("figuresLost") != nullptr;
                l.standsLost = r.integer(e, "standsLost", 0);
                // Without figuresLost, the figures of the stands lost; a number of stands the unit cannot lose is
                // refused below on its own, and is not multiplied into a figure (nor past the range of int).
                const bool standsPossible = l.standsLost >= 0 && l.standsLost <= it->standsCurrent;
                l.figuresLost = r.integer(e, "figuresLost", standsPossible ? l.standsLost * it->figuresPerStand : 0);
                l.gunsLost = r.integer(e, "gunsLost", 0);
                l.routed = r.boolean(e, "routed", false);
                l.gone = r.boolean(e, "captured", false);
                int guns = 0;
                for (const auto& g : it->guns) guns += g.standsCurrent;
                const auto range = [&](const char* attr, int value, int most, const std::string& what) {
                    if (value < 0)
                        problem(e, "BATTLE-RESULT-LOSS", l.unit + "." + attr,
                                "unit '" + l.unit + "': " + attr + " " + std::to_string(value) + " is negative");
                    else if (value > most)
                        problem(e, "BATTLE-RESULT-LOSS", l.unit + "." + attr,
                                "unit '" + l.unit + "': " + attr + " " + std::to_string(value) + " is more than its " +
                                    std::to_string(most) + " " + what);
                };
                range("standsLost", l.standsLost, it->standsCurrent, "stands");
                range("figuresLost", l.figuresLost, it->figuresCurrent, "figures");
                range("gunsLost", l.gunsLost, guns, "gun stands");
                if (standsGiven && figuresGiven && l.figuresLost >= 0 && l.figuresLost <= it->figuresCurrent &&
                    it->figuresPerStand > 0) {
                    // Both given: they must agree (a stand is lost once its last figure is, §8.11.3).
                    const int left = it->figuresCurrent - l.figuresLost;
                    const int standsLeft = (left + it->figuresPerStand - 1) / it->figuresPerStand;
                    const int implied = std::max(0, it->standsCurrent - standsLeft);
                    if (implied != l.standsLost)
                        problem(e, "BATTLE-RESULT-LOSS", l.unit + ".standsLost",
                                "unit '" + l.unit + "': figuresLost " + std::to_string(l.figuresLost) + " leaves " +
                                    std::to_string(standsLeft) + " of its " + std::to_string(it->standsCurrent) + " stands (" +
                                    std::to_string(it->figuresPerStand) + " figures a stand), so standsLost must be " +
                                    std::to_string(implied) + ", not " + std::to_string(l.standsLost));
                }
                o.units.push_back(l);
            });
            r.each(&root, "general", [&](const tinyxml2::XMLElement& e) {
                r.allow(e, {"id", "fate"});
                GeneralFate f{r.str(e, "id")};
                const auto it = std::find_if(s.generals.begin(), s.generals.end(),
                                             [&](const campaign::GeneralState& g) { return g.id == f.general; });
                if (it == s.generals.end() || !mes.count(it->me))
                    problem(e, "BATTLE-RESULT-GENERAL", f.general + ".id",
                            "general '" + f.general + "' was not with an ME of battle " + std::to_string(id));
                const std::string fate = r.str(e, "fate");
                if (fate == "unhurt") f.status = campaign::GeneralStatus::Active;
                else if (fate == "wounded") f.status = campaign::GeneralStatus::Wounded;
                else if (fate == "killed") f.status = campaign::GeneralStatus::Killed;
                else if (fate == "captured") f.status = campaign::GeneralStatus::Captured;
                else
                    problem(e, "XML-ATTR-VALUE", f.general + ".fate",
                            "general '" + f.general + "': attribute 'fate' has the unknown value '" + fate + "'");
                o.generals.push_back(f);
            });
            r.finish();
            if (notes && notes->GetText()) o.narrative = notes->GetText();
        } catch (const core::FileError& e) {
            issues.append(e.issues());  // FILE:LINE: the element and the problem, every one of them
            return;
        }
        o.summary = "fought on the table; " + verdictText(s, o);
        o.resultJson = text;
        lines.push_back("battle " + std::to_string(id) + " at " + b.hex + ": " + o.summary);
        applyOutcome(db, s, id, battleHex(db, id), o, lines);
        settleAfterResult(db, s, lines);  // at once, not at the end of the phase
        db::saveState(store, s);
    });
    return issues;
}

}  // namespace etatmajor::engine
