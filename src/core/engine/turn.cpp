// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign turn (etat-major.md §6) and the weekly phases W1–W5 (§7).
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/engine/pbem.hpp"
#include "etatmajor/engine/weekly_stops.hpp"
#include "engine/battles_db.hpp"
#include "etatmajor/engine/commands.hpp"

#include "command_impl.hpp"
#include "db/store_impl.hpp"
#include "etatmajor/db/state_store.hpp"
#include "engine/grant_db.hpp"
#include "engine/intel_db.hpp"
#include "etatmajor/engine/invariants.hpp"
#include "engine/after_battle_db.hpp"
#include "engine/decoys_db.hpp"
#include "engine/fog_db.hpp"
#include "engine/orders_db.hpp"
#include "engine/siege_db.hpp"
#include "engine/supply_orders_db.hpp"
#include "engine/water_db.hpp"
#include "engine/works_db.hpp"
#include "etatmajor/rules/orders.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/initiative.hpp"
#include "etatmajor/rules/loc.hpp"
#include "etatmajor/rules/intel.hpp"
#include "etatmajor/rules/movement.hpp"
#include "etatmajor/rules/scouting.hpp"
#include "etatmajor/rules/setup.hpp"
#include "etatmajor/rules/supply.hpp"
#include "etatmajor/rules/victory.hpp"
#include "etatmajor/rules/water.hpp"
#include "etatmajor/rules/weather.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <map>
#include <set>
#include <memory>
#include <tuple>

namespace etatmajor::engine {

using namespace campaign;

namespace {

// The LOC network of the campaign's map, built once per advance (the map does not change while phases run).
struct NetworkCache {
    std::unique_ptr<rules::LocNetwork> network;
    const rules::LocNetwork& get(const CampaignState& s) {
        if (!network) network = std::make_unique<rules::LocNetwork>(s.map, s.options);
        return *network;
    }
};

struct Ctx {
    db::CampaignStore& store;
    SQLite::Database& db;
    CampaignState& state;
    dice::Dice& dice;
    PhaseReport& report;
    NetworkCache& networks;
    core::IssueList unfought{};  // D9: the battles the resolver could not fight (BATTLE-RESOLVER), which stop the phase

    void say(std::string line) { report.lines.push_back(std::move(line)); }
    std::string at(hex::Hex h) const { return hex::formatOffset(state.map.offsets().toOffset(h)); }
    const std::string& sideName(const std::string& id) const { return state.side(id)->name; }
};

std::string joinInts(const std::vector<int>& v) {
    std::string s;
    for (int x : v) s += (s.empty() ? "" : " ") + std::to_string(x);
    return s;
}

void ledger(Ctx& c, const std::string& side, const std::string& kind, const std::string& source, const std::string& me,
            const std::string& unit, int figures, int points, const std::string& note) {
    ledgerRow(c.db, c.state.week, side, kind, source, me, unit, figures, points, note);
}

// Traces both sides' LOCs (§9.5) and records them for this week and day (day 0 = the W3 supply phase).
std::map<std::string, rules::MeLoc> traceAll(Ctx& c, int day) {
    const rules::LocNetwork& net = c.networks.get(c.state);
    std::map<std::string, rules::MeLoc> out;
    SQLite::Statement q(c.db, "INSERT OR REPLACE INTO loc_status (week, day, me_id, side_id, source, valid, problem, path, via_me, "
                              "cut_by, reachable) VALUES (?,?,?,?,?,?,?,?,?,?,?)");
    const auto decoys = decoyLocBlockers(c.db, c.state.options);  // G-42 decoy_effects
    for (const auto& side : c.state.sides) {
        int valid = 0, total = 0;
        for (auto& loc : sideLocs(c.db, c.state, net, side.id, decoys)) {
            std::string path, cut, reachable;
            for (const auto h : loc.path) path += (path.empty() ? "" : " ") + c.at(h);
            for (const auto& id : loc.cutBy) cut += (cut.empty() ? "" : " ") + id;
            for (const auto& id : loc.reachable) reachable += (reachable.empty() ? "" : " ") + id;
            q.bind(1, c.state.week);
            q.bind(2, day);
            q.bind(3, loc.me);
            q.bind(4, side.id);
            q.bind(5, loc.source);
            q.bind(6, loc.valid ? 1 : 0);
            q.bind(7, std::string(rules::locProblemName(loc.problem)));
            q.bind(8, path);
            q.bind(9, loc.viaMe);
            q.bind(10, cut);
            q.bind(11, reachable);
            q.exec();
            q.reset();
            ++total;
            valid += loc.valid ? 1 : 0;
            out.emplace(loc.me, std::move(loc));
        }
        c.say(side.name + ": " + std::to_string(valid) + " of " + std::to_string(total) + " MEs can trace a LOC");
    }
    return out;
}

void rollInitiative(Ctx& c, const std::string& span);

// The calendar year of the first day of `week` (1-based), from the campaign's ISO start date; 0 when it has none.
int yearOfWeek(const std::string& startDate, int week) {
    int y = 0;
    unsigned m = 0, d = 0;
    if (startDate.size() < 10 || std::sscanf(startDate.c_str(), "%d-%u-%u", &y, &m, &d) != 3) return 0;
    const std::chrono::year_month_day start{std::chrono::year{y}, std::chrono::month{m}, std::chrono::day{d}};
    if (!start.ok()) return 0;
    const std::chrono::year_month_day at{std::chrono::sys_days{start} + std::chrono::days{7 * (week - 1)}};
    return static_cast<int>(at.year());
}

// G-83 rerate_on_new_year = yes: the first week that begins in a new calendar year re-rolls the §13.3 staff quality of
// every general whose rating was rolled at set-up (fixed, historical and player-figure ratings stay).
void rerateOnNewYear(Ctx& c) {
    if (!c.state.options.is("rerate_on_new_year", "yes") || c.state.week < 2) return;
    const std::string start = c.db.execAndGet("SELECT start_date FROM campaign WHERE id = 1").getString();
    const int year = yearOfWeek(start, c.state.week);
    if (year == 0 || year == yearOfWeek(start, c.state.week - 1)) return;
    c.say("a new year (" + std::to_string(year) + "): staff rated by roll are rated again");
    SQLite::Statement q(c.db, "SELECT id FROM general WHERE rating_source = 'rolled' ORDER BY id");
    std::vector<std::string> rolled;
    while (q.executeStep()) rolled.push_back(q.getColumn(0).getString());
    for (auto& g : c.state.generals) {
        if (std::find(rolled.begin(), rolled.end(), g.id) == rolled.end()) continue;
        const auto roll = c.dice.roll(
            {"staff quality of " + g.name + " in " + std::to_string(year), "etat-major.md §13.3, G-83", g.id, 1, 6, 0});
        g.rating = rules::staffQuality(staffRow(g.nationality), roll.result, c.state.options);
        c.dice.effect(roll, g.name + " is " + std::string(ratingName(g.rating)));
        c.say(g.name + " is now " + std::string(ratingName(g.rating)));
    }
}

// W1 §7.1: strategic initiative for the week.
int returnWoundedStaff(Ctx& c);  // below, with W5

// Cost: O(M + generals), and O(generals²) in a week that begins a new year (rerateOnNewYear); the initiative roll adds
// O(M × (U + generals) + generals × U): each ME's units and staff, and each general's command, are found by a pass over
// all of them (rules::sideScoutingPoints, rules::eligibleForInitiative).
void runW1(Ctx& c) {
    // A new week: last week's Forage days decide this week's forage roll (§9.3, G-87).
    for (auto& me : c.state.mes) {
        me.forageDaysLastWeek = me.forageDays;
        me.forageDays = 0;
    }
    if (c.state.options.is("staff_return", "week_start")) returnWoundedStaff(c);  // §7.5: before the initiative
    rerateOnNewYear(c);  // before the initiative, which counts the staff's ratings
    rollInitiative(c, "this week");
}

// §7.1 strategic initiative roll (G-05: once a week at W1; also at D1 of days 2–7 under initiative_frequency = daily,
// the day's roll replacing the week's row in the initiative table).
void rollInitiative(Ctx& c, const std::string& span) {
    const auto result = rules::strategicInitiative(c.state, c.dice);
    SQLite::Statement q(c.db, "INSERT OR REPLACE INTO initiative (week, side_id, scouting_points, bis, dice, tie_dice, total, "
                              "winner) VALUES (?,?,?,?,?,?,?,?)");
    for (std::size_t i = 0; i < result.sides.size(); ++i) {
        const auto& s = result.sides[i];
        std::vector<int> ties;
        for (const auto& round : result.tieRolls) ties.push_back(round[i]);
        q.bind(1, c.state.week);
        q.bind(2, s.side);
        q.bind(3, s.scoutingPoints);
        q.bind(4, s.bis);
        q.bind(5, joinInts(s.dice));
        q.bind(6, joinInts(ties));
        q.bind(7, s.total);
        q.bind(8, s.side == result.winner ? 1 : 0);
        q.exec();
        q.reset();
        c.say(c.sideName(s.side) + ": " + std::to_string(s.scoutingPoints) + " scouting points + BIS " + std::to_string(s.bis) +
              (s.dice.empty() ? "" : " + dice " + joinInts(s.dice)) + " = " + std::to_string(s.total));
    }
    for (auto& side : c.state.sides) {
        side.hasInitiative = side.id == result.winner;
        side.initiativeDeclined = false;
    }
    if (!result.tieRolls.empty()) c.say("tie broken after " + std::to_string(result.tieRolls.size()) + " round(s) of 1d6");
    c.say(c.sideName(result.winner) + " hold the strategic initiative " + span);
}

bool endCampaign(Ctx& c, const rules::CampaignEnd& end) {
    if (!end.ended) return false;
    SQLite::Statement q(c.db, "UPDATE campaign SET ended = 1, winner = ?, end_reason = ? WHERE id = 1");
    q.bind(1, end.winner);
    q.bind(2, end.reason);
    q.exec();
    const std::string who = end.winner.empty() ? "nobody: the campaign is drawn" : c.sideName(end.winner) + " win";
    c.say("THE CAMPAIGN IS OVER (" + end.reason + "): " + who);
    return true;
}

std::vector<rules::Vcs> recordVcs(Ctx& c) {
    const Season season = c.state.seasonOfWeek(c.state.week);
    std::vector<rules::Vcs> all;
    SQLite::Statement q(c.db, "INSERT OR REPLACE INTO vcs_history (week, side_id, baseline, points_lost, objectives_value, "
                              "supply_value, value, defeated) VALUES (?,?,?,?,?,?,?,?)");
    for (const auto& side : c.state.sides) {
        const auto v = rules::victoryConditionStatus(c.state, side.id, season);
        q.bind(1, c.state.week);
        q.bind(2, side.id);
        q.bind(3, v.baseline);
        q.bind(4, v.pointsLost);
        q.bind(5, v.objectivesValue);
        q.bind(6, v.supplyValue);
        q.bind(7, v.value);
        q.bind(8, v.defeated ? 1 : 0);
        q.exec();
        q.reset();
        all.push_back(v);
    }
    return all;
}

// W2 §7.2, §12: VCS (kept secret; each side sees its own with status --side) and the end of the campaign.
// G-04 vcs_timing = week_end: the chart's reading, the status is taken after the week's seventh day instead (runD12).
// Cost: O(towns + objectives) a side (rules::victoryConditionStatus, rules::checkEnd); nothing in M or U.
void runW2(Ctx& c) {
    if (c.state.options.is("sequence", "chart_daily")) {
        c.say("VCS is taken at the end of every day (sequence = chart_daily)");
        return;
    }
    if (c.state.options.is("vcs_timing", "week_end")) {
        c.say("VCS is taken at the end of the week (vcs_timing = week_end)");
        return;
    }
    const auto vcs = recordVcs(c);
    for (const auto& v : vcs)
        c.say(c.sideName(v.side) + (v.defeated ? ": VCS at or below a quarter of the baseline: DEFEATED"
                                               : ": VCS recorded (secret; shown to the side by status --side)"));
    endCampaign(c, rules::checkEnd(c.state, vcs, false));
}

// W3 §7.3: control, UA values, LOCs, income, foraging and the primary grant.
// Cost: O(towns) rolls, the LOC trace as at D1 (runD1), O(towns × M) to name each town's claimants, O(M) to forage; the
// sieges O(M × (towns + sieges)), and O(M) more for each ME standing in a town (updateSieges, siege.cpp).
void runW3(Ctx& c) {
    const Season season = c.state.seasonOfWeek(c.state.week);
    const bool weekly = c.state.options.is("ua_roll", "weekly");
    // G-76: a UA's value is rolled when a side first holds it (by default once per game; weekly under ua_roll).
    for (auto& ua : c.state.urban) {
        if (ua.controller.empty() || ua.destroyed || (ua.rawRoll && !weekly)) continue;
        const auto* mapUa = c.state.map.urbanArea(ua.id);
        const int diceCount = map::urbanSupplyDice(mapUa ? mapUa->size : ua.size);
        const auto roll = c.dice.roll({"supply value of " + ua.name, "etat-major.md §9.2.1", ua.id, diceCount, 6, 0});
        ua.rawRoll = roll.result;
        const int value = rules::urbanWeeklyValue(ua, season, c.state.options);
        c.dice.effect(roll, ua.name + " yields " + std::to_string(value) + " SP a week");
        c.say(ua.name + ": " + roll.expression + " = " + std::to_string(roll.result) + ", " + std::to_string(value) + " SP a week");
    }
    const auto locs = traceAll(c, 0);
    for (const auto& side : c.state.sides) {
        for (const auto& ua : c.state.urban) {
            if (ua.controller != side.id) continue;
            int value = rules::urbanWeeklyValue(ua, season, c.state.options);
            // etat-major.md §9.2.1, G-84 ua_depletion = stock: the value is a stock, not an income; what the side drew
            // from it in earlier weeks (its income less what expired unspent) is gone for good.
            if (c.state.options.is("ua_depletion", "stock")) {
                SQLite::Statement used(c.db, "SELECT COALESCE(SUM(points), 0) FROM supply_ledger WHERE source = ? AND week < ? "
                                             "AND kind IN ('ua_income', 'siege_income', 'expired')");
                used.bind(1, ua.id);
                used.bind(2, c.state.week);
                const int drawn = used.executeStep() ? used.getColumn(0).getInt() : 0;
                if (drawn > 0) {
                    const int left = std::max(0, value - drawn);
                    c.say(ua.name + ": " + std::to_string(drawn) + " SP already drawn from its stock of " + std::to_string(value) +
                          ", " + std::to_string(left) + " left (G-84 ua_depletion = stock)");
                    value = left;
                }
            }
            // G-81: the MEs that nominated it and can draw on it; under replacement_source = any_traceable every ME
            // that can trace a LOC to it.
            const bool anyTraceable = c.state.options.is("replacement_source", "any_traceable");
            std::string claimants;
            for (const auto& me : c.state.mes) {
                if (me.side != side.id || !locs.count(me.id) || !locs.at(me.id).valid) continue;
                const auto& reach = locs.at(me.id).reachable;
                if (anyTraceable ? std::find(reach.begin(), reach.end(), ua.id) != reach.end() : me.supplySource == ua.id)
                    claimants += (claimants.empty() ? "" : " ") + me.id;
            }
            if (value == 0) continue;
            if (claimants.empty()) {
                // §9.2.5: nobody can draw on it this week.
                ledger(c, side.id, "ua_unclaimed", ua.id, "", "", 0, 0, std::to_string(value) + " SP with no ME able to draw");
                continue;
            }
            ledger(c, side.id, "ua_income", ua.id, "", "", 0, value, claimants);
        }
        for (const auto& me : c.state.mes) {
            if (me.side != side.id || me.forageDaysLastWeek == 0) continue;
            // G-87 forage_frequency: one roll for the week by default; under daily, one die per exclusive Forage day
            // of the previous week, each valued as a roll of its own.
            const bool daily = c.state.options.is("forage_frequency", "daily");
            const auto roll = c.dice.roll(
                {"foraging of " + me.label, "etat-major.md §9.3", me.id, daily ? me.forageDaysLastWeek : 1, 6, 0});
            int value = 0;
            if (daily)
                for (const int face : roll.faces) value += rules::forageValue(face, season, c.state.options);
            else value = rules::forageValue(roll.result, season, c.state.options);
            c.dice.effect(roll, me.label + " forages " + std::to_string(value) + " SP");
            ledger(c, side.id, "forage", "", me.id, "", 0, value, "");
            c.say(me.label + " forages " + std::to_string(value) + " SP");
        }
        // §9.4: the grant comes by the primary LOC even while it is cut; a fleet that closes the sea to a primary entry by
        // sea stops it under blockade_grant = lost (docs/rules-mapping.md "A fleet that closes the sea").
        if (rules::primaryEntryClosed(c.state, side.id) && c.state.options.is("blockade_grant", "lost")) {
            ledger(c, side.id, "primary_grant", "primary LOC", "", "", 0, 0, "the sea is closed: " + side.blockadeBy);
            c.say(side.name + ": no primary grant this week; the sea is closed (" + side.blockadeBy + ")");
        } else {
            ledger(c, side.id, "primary_grant", "primary LOC", "", "", 0, rules::kPrimaryLocGrant, "");
        }
    }
    runSiegeSupplyPhase(c.db, c.state, c.dice, c.report.lines);  // §9.6 item 4, §11.4
}

// W4 §7.4, §9.7: replacements paid from the ME's forage and its source as the commander split it (attrition first,
// G-79), then what the commander asked the SPs to buy (§9.1); the rest expires.
// Cost: O(M × U): runReplacementsAndSpending (supply_orders.cpp) finds each ME's units by a pass over every unit.
void runW4(Ctx& c) { runReplacementsAndSpending(c.db, c.state, c.report.lines); }

// §7.5 (corrected 2026-11-25), G-71: staff wounded in earlier weeks return to duty at the very start of the next weekly
// turn, before W1 rolls the initiative, so that they count in that week's BIS (staff_return = week_start); the
// earlier reading returned them in W5, after the initiative (staff_return = w5).
int returnWoundedStaff(Ctx& c) {
    int back = 0;
    for (auto& g : c.state.generals)
        if (g.status == GeneralStatus::Wounded && g.returnWeek > 0 && g.returnWeek <= c.state.week) {
            g.status = GeneralStatus::Active;
            g.returnWeek = 0;
            c.say(g.name + " returns to duty");
            ++back;
        }
    return back;
}

// W5 §7.5: ME creation and reorganisation; the staff's return under staff_return = w5.
// Cost: O(generals) under staff_return = w5, else O(1).
// A reinforcement on a date (the campaign file's `arrives`, docs/formats/campaign.md): the MEs due this week (or held
// back from an earlier one) come onto the map at their placement, with the week's new MEs. One whose hex already holds
// three of its side's MEs (§2.2) or an enemy ME waits a week. Decisions: docs/rules-mapping.md ("Reinforcements on a
// date"). Cost: O(A × M) for the A MEs due.
void arriveOnDate(Ctx& c) {
    std::vector<std::string> due;
    {
        SQLite::Statement q(c.db, "SELECT me_id FROM me_arrival WHERE arrived_week = 0 AND week <= ? ORDER BY week, me_id");
        q.bind(1, c.state.week);
        while (q.executeStep()) due.push_back(q.getColumn(0).getString());
    }
    for (const auto& id : due) {
        auto it = std::find_if(c.state.mes.begin(), c.state.mes.end(), [&](const MeState& m) { return m.id == id; });
        if (it == c.state.mes.end() || it->onMap) continue;
        int own = 0;
        bool enemy = false;
        for (const auto& m : c.state.mes)
            if (m.onMap && m.hex == it->hex) {
                if (m.side == it->side) ++own;
                else enemy = true;
            }
        if (own >= 3 || enemy) {
            c.say(it->label + " cannot come on at " + c.at(it->hex) + " this week (" +
                  (enemy ? std::string("an enemy ME holds the hex") : std::string("three MEs of its side stand there")) +
                  "); it tries again next week");
            continue;
        }
        it->onMap = true;
        SQLite::Statement u(c.db, "UPDATE me_arrival SET arrived_week = ? WHERE me_id = ?");
        u.bind(1, c.state.week);
        u.bind(2, id);
        u.exec();
        c.say(it->label + " arrives at " + c.at(it->hex) + " (" + c.sideName(it->side) + ", a reinforcement of week " +
              std::to_string(c.state.week) + ")");
    }
}

void runW5(Ctx& c) {
    if (c.state.options.is("staff_return", "w5") && returnWoundedStaff(c) == 0) c.say("no staff returns this week");
    arriveOnDate(c);
    if (c.report.lines.empty()) c.say("new MEs and reorganisation as the sides ordered them");
}

// D1 §8.1: the day's weather and wind (one roll for the whole map, G-102; under weather_regions = per_region one weather
// roll for each climate region of the map, the wind still one), daylight, then the LOC refresh (G-59).
// Cost: O(1) rolls (O(H) under per_region: weatherRegions visits every hex); the LOC trace builds the network from the
// R route hexes, O(R log R) (O(H) under road_track_anyriver), searches it once a side, O(R), and writes each ME's path
// as one of L rows; adjacent_chain repeats O(M log M) passes, up to M of them. A daily initiative costs as W1's.
void runD1(Ctx& c) {
    const Season season = c.state.seasonOfWeek(c.state.week);
    const auto regions = rules::weatherRegions(c.state.map, c.state.options);
    int weatherRoll = 0, windRoll = 0;
    std::vector<int> regionRolls(regions.size(), 0);
    bool reused = false;
    if (c.state.options.is("weather_frequency", "weekly") && c.state.day > 1) {
        // G-03 weekly: the week's first day's weather holds all week.
        SQLite::Statement q(c.db, "SELECT weather_roll, wind_roll FROM weather_day WHERE week = ? AND day = 1");
        q.bind(1, c.state.week);
        if (q.executeStep()) {
            weatherRoll = q.getColumn(0).getInt();
            windRoll = q.getColumn(1).getInt();
            reused = true;
        }
        for (std::size_t i = 0; reused && i < regions.size(); ++i) {
            SQLite::Statement r(c.db, "SELECT weather_roll FROM weather_region_day WHERE week = ? AND day = 1 AND region = ?");
            r.bind(1, c.state.week);
            r.bind(2, std::string(map::regionName(regions[i])));
            if (r.executeStep()) regionRolls[i] = r.getColumn(0).getInt();
            else reused = false;
        }
    }
    if (!reused) {
        if (regions.empty()) {
            const auto w = c.dice.roll({"weather", "etat-major.md §8.1.2", "", 2, 6, 0});
            weatherRoll = w.result;
            c.dice.effect(w, std::string(rules::weatherName(rules::weatherFor(season, weatherRoll))) + " (" +
                                 std::string(seasonName(season)) + ")");
        } else {
            // G-102 per_region: each region's roll names its region as the roll's subject.
            for (std::size_t i = 0; i < regions.size(); ++i) {
                const std::string region(map::regionName(regions[i]));
                const auto w = c.dice.roll({"weather", "etat-major.md §8.1.2, G-102", region, 2, 6, 0});
                regionRolls[i] = w.result;
                c.dice.effect(w, std::string(rules::weatherName(rules::weatherFor(season, w.result))) + " in the " + region +
                                     " region (" + std::string(seasonName(season)) + ")");
            }
        }
        const auto d = c.dice.roll({"wind", "etat-major.md §8.1.4", "", 2, 6, 0});
        windRoll = d.result;
        c.dice.effect(d, "wind from the " + std::string(rules::windName(rules::windFor(windRoll, c.state.options))));
    }
    // Under per_region the map-wide row carries the weather of the map's default region (or of the first region rolled
    // when no hex keeps the default); every consumer with a hex reads its region's row.
    if (!regions.empty()) {
        const auto home = std::find(regions.begin(), regions.end(), c.state.map.regionDefault());
        weatherRoll = regionRolls[home == regions.end() ? 0 : static_cast<std::size_t>(home - regions.begin())];
    }
    const auto weather = rules::weatherFor(season, weatherRoll);
    const auto wind = rules::windFor(windRoll, c.state.options);
    const int daylight = rules::daylightTurns(season);
    SQLite::Statement q(c.db, "INSERT OR REPLACE INTO weather_day (week, day, season, weather_roll, weather, wind_roll, wind_from, "
                              "daylight_turns) VALUES (?,?,?,?,?,?,?,?)");
    q.bind(1, c.state.week);
    q.bind(2, c.state.day);
    q.bind(3, std::string(seasonName(season)));
    q.bind(4, weatherRoll);
    q.bind(5, std::string(rules::weatherName(weather)));
    q.bind(6, windRoll);
    q.bind(7, std::string(rules::windName(wind)));
    q.bind(8, daylight);
    q.exec();
    std::string weatherText(rules::weatherName(weather));
    if (!regions.empty()) {
        weatherText.clear();
        for (std::size_t i = 0; i < regions.size(); ++i) {
            const std::string region(map::regionName(regions[i]));
            const std::string name(rules::weatherName(rules::weatherFor(season, regionRolls[i])));
            SQLite::Statement r(c.db, "INSERT OR REPLACE INTO weather_region_day (week, day, region, weather_roll, weather) "
                                      "VALUES (?,?,?,?,?)");
            r.bind(1, c.state.week);
            r.bind(2, c.state.day);
            r.bind(3, region);
            r.bind(4, regionRolls[i]);
            r.bind(5, name);
            r.exec();
            weatherText += (i == 0 ? "" : ", ") + name + " in the " + region;
        }
    }
    c.say(std::string(seasonName(season)) + ": " + weatherText + ", wind from the " + std::string(rules::windName(wind)) + ", " +
          std::to_string(daylight) + " daylight battle turns");
    traceAll(c, c.state.day);
    // G-05 initiative_frequency = daily, and G-01 sequence = chart_daily (the chart's turn, initiative included, is a
    // day): each later day of the week opens with a fresh initiative roll (day 1's is W1's).
    if (c.state.day > 1 && (c.state.options.is("initiative_frequency", "daily") || c.state.options.is("sequence", "chart_daily")))
        rollInitiative(c, "today");
}

// D12 §8.12: a day spent in Forage mode with its seven hexes to itself counts toward next week's forage roll (§9.3).
void holdOccupiedTowns(Ctx& c);  // below, with takeControl

// Cost: O(U) for each ME that force-marched (a pass over every unit, its own each looked up in the detached list),
// O(M²) for forage (rules::forageExclusive scans every ME for each foraging ME); then the night's actions, sieges and
// detachments (works.cpp, siege.cpp, after_battle.cpp) and O(towns × M) to hold the towns.
void runD12(Ctx& c) {
    // §8.7.4 attrition at the end of a day the ME force-marched, and G-45 streaks.
    const bool winter = c.state.seasonOfWeek(c.state.week) == Season::Winter;
    const auto away = detachedUnits(c.db);  // routers at their rally point did not march with the ME (G-69)
    for (auto& me : c.state.mes) {
        if (me.onMap && me.mode == Mode::ForcedMarch && me.movedToday > 0) {
            int lost = 0, points = 0;
            for (auto& u : c.state.units) {
                if (u.me != me.id || u.removed || std::find(away.begin(), away.end(), u.id) != away.end()) continue;
                const int n = std::min(rules::attritionFigures(u, winter, c.state.options), u.figuresCurrent);
                if (n == 0) continue;
                points += rules::replacementCost(u, n, c.state.options);  // valued pro rata (G-82)
                u.figuresCurrent -= n;
                u.lostAttrition += n;
                u.standsCurrent = (u.figuresCurrent + u.figuresPerStand - 1) / u.figuresPerStand;
                lost += n;
                if (rules::removedByLosses(u, c.state.options)) {
                    u.removed = true;  // G-57: gone for good
                    c.say("  " + u.name + " falls below one stand and is gone");
                }
            }
            if (auto* side = c.state.side(me.side)) side->pointsLost += points;
            if (lost > 0)
                c.say(me.label + " loses " + std::to_string(lost) + " figures to the forced march (" + std::to_string(points) +
                      " points)");
        }
        me.forcedMarchStreak = me.mode == Mode::ForcedMarch ? me.forcedMarchStreak + 1 : 0;
        me.movedToday = 0;
        me.pinned = false;
    }
    int days = 0;
    for (auto& me : c.state.mes)
        if (me.onMap && me.mode == Mode::Forage && rules::forageExclusive(c.state, me)) {
            ++me.forageDays;
            ++days;
        }
    c.say(std::to_string(days) + " ME(s) foraged with their area to themselves");
    runNightActions(c.db, c.state, c.report.lines);  // §9.2.4, §9.7, §10.1, §11.1, §11.4, §11.5
    runSiegeNight(c.db, c.state, c.dice, c.report.lines);
    endOfDayDetachments(c.db, c.state, c.report.lines);  // G-69, G-70
    holdOccupiedTowns(c);                                // §8.12, §9.2.2
    // An ME that came in on a LOC entry (at the start or bought with the grant) has entered once its first day is over.
    c.db.exec("UPDATE me SET entry_kind = NULL, march_order = 0 WHERE entry_kind IS NOT NULL");
    // G-01 sequence = chart_daily: the chart's last phase, the VCS, closes every day (the week's row holds the
    // latest day's figures). G-04 vcs_timing = week_end: the week's VCS is taken after its last day, on the supply
    // held at its end.
    if (c.state.options.is("sequence", "chart_daily")) {
        const auto vcs = recordVcs(c);
        for (const auto& v : vcs)
            c.say(c.sideName(v.side) + (v.defeated ? ": VCS at the end of the day at or below a quarter of the baseline: DEFEATED"
                                                   : ": VCS recorded at the end of the day (secret)"));
        endCampaign(c, rules::checkEnd(c.state, vcs, false));
    } else if (c.state.day == 7 && c.state.options.is("vcs_timing", "week_end")) {
        const auto vcs = recordVcs(c);
        for (const auto& v : vcs)
            c.say(c.sideName(v.side) + (v.defeated ? ": VCS at the end of the week at or below a quarter of the baseline: DEFEATED"
                                                   : ": VCS recorded at the end of the week (secret)"));
        endCampaign(c, rules::checkEnd(c.state, vcs, false));
    }
}

// D2 §8.2: the day's orders are in (advance made sure of it); say who gave what.
// Cost: a count of the day's orders a side, O(M) at most, and O(decoy orders) to place the decoys.
void runD2(Ctx& c) {
    for (const auto& side : c.state.sides) {
        SQLite::Statement q(c.db, "SELECT stand_fast, (SELECT COUNT(*) FROM order_sheet o WHERE o.week = s.week AND o.day = s.day "
                                  "AND o.side_id = s.side_id) FROM orders_submitted s WHERE week = ? AND day = ? AND side_id = ?");
        q.bind(1, c.state.week);
        q.bind(2, c.state.day);
        q.bind(3, side.id);
        if (q.executeStep())
            c.say(side.name +
                  (q.getColumn(0).getInt() ? ": stand fast" : ": " + std::to_string(q.getColumn(1).getInt()) + " order(s) given"));
    }
    placeDecoys(c.db, c.state, c.report.lines);  // §2.3, G-42
}

// D3 §8.3: 1d6 per ordered ME with the modifiers of the defaults; the result decides whether the order's mode and
// supply source take effect today (G-29).
// Cost: O(L log L) to read the day's LOC records; each order then finds its ME by a scan of every ME and its commander
// by a scan of every general: O(M × (M + generals)) when every ME has an order.
void runD3(Ctx& c) {
    std::map<std::string, bool> locValid;
    {
        SQLite::Statement l(c.db, "SELECT me_id, valid FROM loc_status WHERE week = ? AND day = ?");
        l.bind(1, c.state.week);
        l.bind(2, c.state.day);
        while (l.executeStep()) locValid[l.getColumn(0).getString()] = l.getColumn(1).getInt() != 0;
    }
    const bool winter = c.state.seasonOfWeek(c.state.week) == Season::Winter;
    SQLite::Statement q(c.db, "SELECT id, me_id, body FROM order_sheet WHERE week = ? AND day = ? ORDER BY side_id, me_id");
    q.bind(1, c.state.week);
    q.bind(2, c.state.day);
    struct Row {
        long long id;
        std::string me;
        nlohmann::json body;
    };
    std::vector<Row> rows;
    while (q.executeStep())
        rows.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString(), nlohmann::json::parse(q.getColumn(2).getString())});
    SQLite::Statement u(c.db, "UPDATE order_sheet SET receipt_roll = ?, receipt_modifier = ?, receipt = ? WHERE id = ?");
    for (const auto& row : rows) {
        MeState* me = nullptr;
        for (auto& m : c.state.mes)
            if (m.id == row.me) me = &m;
        if (!me || !me->onMap) continue;
        const Mode ordered = modeFromName(row.body.value("mode", "forage")).value_or(Mode::Forage);
        rules::ReceiptInput in;
        in.scouting = ordered == Mode::Scouting;
        in.locValid = locValid.count(me->id) ? locValid[me->id] : true;
        in.winter = winter;
        for (const auto& g : c.state.generals)
            if (g.me == me->id && g.status == GeneralStatus::Active && (g.rank == Rank::ArmyCommander || g.rank == Rank::Corps))
                in.commanderWithMe = true;
        const int modifier = rules::receiptModifier(in, c.state.options);
        // The log holds the roll as the rule reads it: the face, the modifier and the modified total (§8.3).
        const auto roll = c.dice.roll({"order receipt of " + me->label, "etat-major.md §8.3", me->id, 1, 6, modifier});
        const int face = roll.faces.empty() ? roll.result - modifier : roll.faces.front();
        const auto receipt = rules::receiptFor(face, modifier);
        std::string effect;
        if (receipt == rules::Receipt::NotReceived) {
            // G-29: the order is void; the ME keeps yesterday's mode (or forages under order_fail_mode = forage).
            if (c.state.options.is("order_fail_mode", "forage")) me->mode = Mode::Forage;
            effect = "not received: stays in " + std::string(modeName(me->mode)) + " and does not move";
        } else {
            me->mode = ordered;
            const std::string supply = row.body.value("supply", "");
            if (!supply.empty() && supply != me->supplySource) {
                me->supplySource = supply;
                me->supplyChangedWeek = c.state.week;  // G-75
            }
            effect = std::string(receipt == rules::Receipt::Tardy ? "tardy (half movement)" : "carried out") + ": " +
                     std::string(modeName(ordered));
            if (row.body.value("disobeys", false)) effect += " (its commander disobeys his orders, G-31)";
            if (row.body.value("night", false)) effect += " through the night (a forced march in every respect, G-46)";
            if (receipt == rules::Receipt::Tardy)  // G-29 tardy_stationary = delayed
                for (const auto& kind : delayTardyActions(c.db, row.id, c.state.options)) effect += "; " + kind + " put off";
        }
        c.dice.effect(roll, effect);
        u.bind(1, face);
        u.bind(2, modifier);
        u.bind(3, std::string(rules::receiptName(receipt)));
        u.bind(4, static_cast<std::int64_t>(row.id));
        u.exec();
        u.reset();
        c.say(me->label + ": " + std::to_string(face) + (modifier >= 0 ? "+" : "") + std::to_string(modifier) + " -> " + effect);
    }
    if (rows.empty()) c.say("no orders to receive today");
}

// The day's weather (D1 rolled it).
rules::Weather todaysWeather(Ctx& c) {
    SQLite::Statement q(c.db, "SELECT weather FROM weather_day WHERE week = ? AND day = ?");
    q.bind(1, c.state.week);
    q.bind(2, c.state.day);
    return q.executeStep() ? rules::weatherFromName(q.getColumn(0).getString()).value_or(rules::Weather::Fine) : rules::Weather::Fine;
}

// The day's weather in hex h: the map's, or under weather_regions = per_region that of the hex's region (G-102).
rules::Weather weatherAt(Ctx& c, hex::Hex h) {
    if (const auto region = rules::weatherRegionOf(c.state.map, h, c.state.options)) {
        SQLite::Statement q(c.db, "SELECT weather FROM weather_region_day WHERE week = ? AND day = ? AND region = ?");
        q.bind(1, c.state.week);
        q.bind(2, c.state.day);
        q.bind(3, std::string(map::regionName(*region)));
        if (q.executeStep()) return rules::weatherFromName(q.getColumn(0).getString()).value_or(rules::Weather::Fine);
    }
    return todaysWeather(c);
}

// §9.2.2 / G-64: an ME (never a decoy) that occupies or passes through a hex takes the UA and the objective there.
void takeControl(Ctx& c, const MeState& me, hex::Hex h);

// §8.12 end-of-day bookkeeping: "update UA and objective control". A town that MEs of one side alone occupy at the end
// of the day is that side's, however they came to be there: by a move, by staying after a battle in which the enemy
// fell back, by a retreat or by arriving at the guns (docs/rules-mapping.md "Control of an occupied town"). Without
// this a side could stand in a town for weeks and never hold it.
void holdOccupiedTowns(Ctx& c) {
    std::vector<std::pair<hex::Hex, const MeState*>> holders;
    for (const auto& ua : c.state.urban) {
        const MeState* only = nullptr;
        bool mixed = false;
        for (const auto& me : c.state.mes) {
            if (!me.onMap || me.hex != ua.hex) continue;
            if (only && only->side != me.side) mixed = true;
            if (!only) only = &me;
        }
        if (only && !mixed && ua.controller != only->side) holders.emplace_back(ua.hex, only);
    }
    for (const auto& [h, me] : holders) takeControl(c, *me, h);
}

void takeControl(Ctx& c, const MeState& me, hex::Hex h) {
    for (auto& ua : c.state.urban)
        if (ua.hex == h && ua.controller != me.side) {
            c.say("  " + me.label + " takes " + ua.name);
            ua.controller = me.side;
        }
    for (auto& o : c.state.objectives)
        if (o.hex == h && o.controller != me.side) {
            o.controller = me.side;
            if (o.assignedTo == me.side) {
                o.revealedToAssigned = true;  // revealed to its takers on capture (G-64)
                ++o.captures;                 // each capture is won again (objective_scoring = cumulative_captures)
            }
        }
}

namespace {

// An ME's written order for today as movement reads it.
struct OrderedMove {
    std::vector<hex::Hex> route;
    rules::Receipt receipt = rules::Receipt::Received;
    std::string onScoutContact = "observe";
};

std::map<std::string, OrderedMove> todaysMoveOrders(Ctx& c) {
    std::map<std::string, OrderedMove> orders;
    SQLite::Statement q(c.db, "SELECT me_id, body, receipt FROM order_sheet WHERE week = ? AND day = ? AND receipt IS NOT NULL");
    q.bind(1, c.state.week);
    q.bind(2, c.state.day);
    const auto off = c.state.map.offsets();
    while (q.executeStep()) {
        OrderedMove o;
        for (const auto& h : nlohmann::json::parse(q.getColumn(1).getString()).value("path", nlohmann::json::array()))
            if (const auto parsed = hex::parseOffset(h.get<std::string>())) o.route.push_back(off.toHex(*parsed));
        const std::string r = q.getColumn(2).getString();
        o.receipt = r == "not_received" ? rules::Receipt::NotReceived
                    : r == "tardy"      ? rules::Receipt::Tardy
                                        : rules::Receipt::Received;
        o.onScoutContact = nlohmann::json::parse(q.getColumn(1).getString()).value("onScoutContact", "observe");
        orders[q.getColumn(0).getString()] = std::move(o);
    }
    return orders;
}

std::map<std::string, bool> todaysLocValidity(Ctx& c) {
    std::map<std::string, bool> locValid;
    SQLite::Statement l(c.db, "SELECT me_id, valid FROM loc_status WHERE week = ? AND day = ?");
    l.bind(1, c.state.week);
    l.bind(2, c.state.day);
    while (l.executeStep()) locValid[l.getColumn(0).getString()] = l.getColumn(1).getInt() != 0;
    return locValid;
}

// One ME's move along its ordered route (§8.5, §8.6, §8.7): the hexes it walks, where and why it stops.
struct OneMove {
    Ctx& c;
    bool scouting;
    MeState& me;
    const OrderedMove& order;
    const std::map<std::string, OrderedMove>& orders;
    const hex::Hex from;
    const hex::OffsetSystem off;
    rules::MovePlan plan;
    std::vector<hex::Hex> walked;
    int evadedHexes = 0;  // G-35: the evade hex costs no allowance and is not a hex moved today (§8.8.1)
    std::string stoppedBy;

    OneMove(Ctx& ctx, bool scoutingPhase, MeState& mover, const OrderedMove& ordered, const std::map<std::string, OrderedMove>& all,
            rules::MovePlan movePlan)
        : c(ctx),
          scouting(scoutingPhase),
          me(mover),
          order(ordered),
          orders(all),
          from(mover.hex),
          off(ctx.state.map.offsets()),
          plan(std::move(movePlan)) {}

    // §8.5 contact: entering a hex with enemy MEs stops the mover, turns both counters over and pins the MEs entered;
    // a scout also reports what it finds there (§8.6.1).
    bool contactAt(hex::Hex at) {
        revealDecoysAt(c.db, c.state, me, at, c.report.lines);  // §2.3: entering a decoy's hex finds it
        std::vector<std::string> met;
        for (const auto& e : c.state.mes)
            if (e.onMap && e.side != me.side && e.hex == at) met.push_back(e.id);
        if (met.empty()) return false;
        if (!scouting && c.state.options.is("scout_evade_when_entered", "yes_one_hex")) {  // G-33: entered scouts slip away
            for (const auto& gone :
                 evadeEnteredScouts(c.db, c.state, me, at, walked.size() >= 2 ? walked[walked.size() - 2] : from, c.report.lines))
                met.erase(std::remove(met.begin(), met.end(), gone), met.end());
            if (met.empty()) {
                stoppedBy = "the enemy scout there evaded (G-33)";
                return true;
            }
        }
        if (me.mode == Mode::Scouting) {
            MeState here = me;
            here.hex = at;
            scoutObserve(c.state, c.db, c.dice, here, weatherAt(c, here.hex));
        }
        me.revealed = true;
        for (auto& e : c.state.mes)
            if (std::find(met.begin(), met.end(), e.id) != met.end()) {
                e.revealed = true;
                e.pinned = true;
            }
        std::string names;
        for (const auto& id : met) names += (names.empty() ? "" : " ") + id;
        SQLite::Statement q(c.db, "INSERT INTO contact (week, day, phase, q, r, mover, met) VALUES (?,?,?,?,?,?,?)");
        q.bind(1, c.state.week);
        q.bind(2, c.state.day);
        q.bind(3, phaseString(c.report.phase));
        q.bind(4, at.q);
        q.bind(5, at.r);
        q.bind(6, me.id);
        q.bind(7, names);
        q.exec();
        stoppedBy = "contact with " + names;
        return true;
    }

    // §8.6: a scout looks around at the start of its move and after each hex. On seeing the enemy it reports, then
    // observes (stays; returns true), evades one hex (G-35; returns true), or engages (steps into the enemy's hex, which
    // the caller turns into a contact; returns false). Its move ends either way.
    bool scoutLooks() {
        if (me.mode != Mode::Scouting) return false;
        MeState here = me;
        here.hex = walked.empty() ? from : walked.back();
        // §2.3, §8.6.1: a decoy in sight is found and removed, and the scout goes on.
        const auto weatherHere = weatherAt(c, here.hex);
        for (const auto& d : activeDecoys(c.db))
            if (d.side != me.side && rules::scoutSees(c.state.map, here.hex, d.hex, weatherHere, c.state.options))
                revealDecoysAt(c.db, c.state, here, d.hex, c.report.lines);
        std::vector<hex::Hex> others;
        for (const auto h : scoutObserve(c.state, c.db, c.dice, here, weatherHere))
            if (h != here.hex) others.push_back(h);
        if (others.empty()) return false;
        std::string reaction = order.onScoutContact;
        // §8.6.4: when the enemy found includes a Scouting or Deployed-Offensive ME, a battle follows if either
        // commander wants one (its order's onScoutContact = engage).
        for (const auto& e : c.state.mes)
            if (e.onMap && e.side != me.side && e.hex == others.front() &&
                (e.mode == Mode::Scouting || e.mode == Mode::DeployedOffensive) && orders.count(e.id) &&
                orders.at(e.id).receipt != rules::Receipt::NotReceived && orders.at(e.id).onScoutContact == "engage")
                reaction = "engage";
        c.say("  " + me.label + " sees the enemy at " + hex::formatOffset(off.toOffset(others.front())) + " and " +
              (reaction == "engage"  ? "engages"
               : reaction == "evade" ? "evades"
                                     : "observes"));
        stoppedBy = "scouted the enemy (" + reaction + ")";
        if (reaction == "engage") {
            walked.push_back(others.front());
            return false;
        }
        if (reaction == "evade") evade(here.hex, others.front());
        return true;
    }

    // G-35: one free hex away, preferring the one it came from, with no enemy and room to stack.
    void evade(hex::Hex at, hex::Hex enemyHex) {
        const std::size_t entered = walked.size();
        std::vector<hex::Hex> choices;
        if (walked.size() >= 2) choices.push_back(walked[walked.size() - 2]);
        else if (!walked.empty()) choices.push_back(from);
        for (int d = 0; d < hex::kDirections; ++d) choices.push_back(hex::neighbour(at, d));
        for (const auto h : choices) {
            if (!c.state.map.contains(h) || map::isWater(c.state.map.terrain(h))) continue;
            int friends = 0;
            bool enemy = false;
            for (const auto& f : c.state.mes) {
                if (!f.onMap || f.id == me.id || f.hex != h) continue;
                if (f.side == me.side) ++friends;
                else enemy = true;
            }
            if (enemy || friends >= 3) continue;
            walked.push_back(h);
            evadedHexes = 1;
            break;
        }
        // G-35 retreat_remaining_mr: the retreat goes on with what is left of the allowance (at least the hex).
        if (walked.size() > entered && c.state.options.is("scout_after_intel", "retreat_remaining_mr")) {
            std::vector<hex::Hex> cameBy(walked.rbegin() + 1, walked.rend());
            cameBy.push_back(from);
            retreatFurther(c.state, me, walked, cameBy, enemyHex, std::max(1, plan.allowance - static_cast<int>(entered)) - 1);
        }
    }

    // §2.2, G-41: the decoys on the map as (side, hex), for the stacking count.
    std::vector<std::pair<std::string, hex::Hex>> decoysOnMap() const {
        std::vector<std::pair<std::string, hex::Hex>> v;
        for (const auto& d : activeDecoys(c.db)) v.emplace_back(d.side, d.hex);
        return v;
    }

    // A hex holding the enemy is where the mover would stop (§8.5 contact), so the limit is checked before it goes in:
    // with three of its side's counters there already it stops short (G-41: the limit applies where an ME stops; a
    // contact is no way round it).
    bool wouldStopOverfull(hex::Hex h) const {
        bool enemy = false;
        for (const auto& e : c.state.mes) enemy = enemy || (e.onMap && e.side != me.side && e.hex == h);
        return enemy && rules::stackedAt(c.state, me, h, decoysOnMap(), c.state.options) >= rules::kStackLimit;
    }

    void walk() {
        bool done = scoutLooks();
        const bool stackOnEntry = c.state.options.is("stack_check", "every_hex") || c.state.options.is("stacking_scope", "total");
        if (!done && !walked.empty() && wouldStopOverfull(walked.back())) {  // a scout's engage step (§8.6.4)
            walked.pop_back();
            done = true;
            stoppedBy = "stacking limit";
        }
        if (!done && !walked.empty()) done = contactAt(walked.back());  // engaged from where it started
        for (const hex::Hex h : plan.entered) {
            if (done) break;
            if (stackOnEntry && !rules::mayEnterStack(c.state, me, h, decoysOnMap(), c.state.options)) {
                stoppedBy = "stacking limit";  // G-41 every_hex / total: a full hex is not entered
                break;
            }
            if (wouldStopOverfull(h)) {
                stoppedBy = "stacking limit";
                break;
            }
            walked.push_back(h);
            if (contactAt(h)) break;  // G-66: a hex the enemy holds is contested, its control does not change
            takeControl(c, me, h);
            if (scoutLooks()) break;
            if (walked.back() != h) {  // engaged: it stepped into the enemy's hex
                if (wouldStopOverfull(walked.back())) {
                    walked.pop_back();
                    stoppedBy = "stacking limit";
                } else {
                    contactAt(walked.back());
                }
                break;
            }
        }
        // Stacking where it stops (G-41 stops_only): step back until its side has room.
        if (stoppedBy.empty())
            while (!walked.empty()) {
                // G-41: its side's MEs (every side's under stacking_scope = total) and decoys under decoys_stack.
                if (rules::stackedAt(c.state, me, walked.back(), decoysOnMap(), c.state.options) < rules::kStackLimit) break;
                walked.pop_back();
                stoppedBy = "stacking limit";
            }
        if (stoppedBy.empty() && walked.size() < order.route.size())
            stoppedBy = plan.entered.size() < order.route.size() ? "allowance spent" : "";
    }

    // Where it ended, stored and told.
    void record() {
        me.hex = walked.empty() ? from : walked.back();
        me.movedToday = static_cast<int>(walked.size()) - evadedHexes;
        me.allowanceToday = rules::fractionBasis(plan, c.state.options);  // G-21 mr_fraction_basis
        std::string path, mods;
        for (const auto h : walked) path += (path.empty() ? "" : " ") + hex::formatOffset(off.toOffset(h));
        for (const auto& m : plan.modifiers) mods += (mods.empty() ? "" : "; ") + m;
        SQLite::Statement q(c.db, "INSERT OR REPLACE INTO movement (week, day, me_id, phase, path, allowance, modifiers, stopped_by) "
                                  "VALUES (?,?,?,?,?,?,?,?)");
        q.bind(1, c.state.week);
        q.bind(2, c.state.day);
        q.bind(3, me.id);
        q.bind(4, phaseString(c.report.phase));
        q.bind(5, path);
        q.bind(6, plan.allowance);
        q.bind(7, mods);
        q.bind(8, stoppedBy);
        q.exec();
        c.say(me.label + ": " + hex::formatOffset(off.toOffset(from)) + (walked.empty() ? " stays" : " -> " + path) + " (" +
              std::to_string(walked.size() - static_cast<std::size_t>(evadedHexes)) + " of " + std::to_string(plan.allowance) +
              " hexes" + (evadedHexes > 0 ? ", and an evade of one hex that costs none (G-35)" : "") +
              (mods.empty() ? "" : "; " + mods) + ")" + (stoppedBy.empty() ? "" : ", stopped: " + stoppedBy));
    }
};

}  // namespace

// D4 (scouting MEs) and D5 (the rest), §8.4, §8.5, §8.7: the initiative side moves first, each ME in turn along its
// ordered route as far as its allowance goes; it stops on entering a hex with an enemy ME (contact: both counters
// are turned over and the ME entered is pinned, G-39) or before ending where its side already has three MEs (§2.2).
// Cost: O(L log L + orders) to set up; each mover scans every ME (engaged) and every unit (its rate): O(M × (M + U));
// each hex walked scans every ME (contact, stacking) and reads the decoy table; a scout's look adds O(M), and O(U) for
// each enemy ME it sees. D4 first runs overnightWithdrawals (after_battle.cpp).
void runMovement(Ctx& c, bool scouting) {
    auto orders = todaysMoveOrders(c);
    auto locValid = todaysLocValidity(c);
    const auto weather = todaysWeather(c);  // the map's (its default region's under per_region): decoys move by it
    // G-39 chart_free_pursuit: MEs a scout found and left may chase it today, at the March rate, whatever their orders.
    std::map<std::string, std::vector<hex::Hex>> pursuits;
    if (!scouting && c.state.options.is("pursue_scouts", "chart_free_pursuit")) pursuits = scoutPursuits(c.db, c.state);
    for (const auto& [id, route] : pursuits) {
        orders[id].route = route;
        c.say(c.state.me(id)->label + " chases the scout that found it (G-39 chart_free_pursuit)");
    }
    // §8.11.4 item 7, G-50: last night's leavers go first (D4 runs before any other movement).
    std::vector<std::string> withdrew;
    if (scouting) withdrew = overnightWithdrawals(c.db, c.state, c.report.lines);
    else {
        SQLite::Statement w(c.db, "SELECT me_id FROM movement WHERE week = ? AND day = ? AND stopped_by = 'overnight withdrawal'");
        w.bind(1, c.state.week);
        w.bind(2, c.state.day);
        while (w.executeStep()) withdrew.push_back(w.getColumn(0).getString());
    }
    std::vector<const SideState*> order;
    for (const auto& s : c.state.sides)
        if (s.hasInitiative) order.insert(order.begin(), &s);
        else order.push_back(&s);
    int moved = 0;
    for (const auto* side : order) {
        for (auto& me : c.state.mes) {
            if (me.side != side->id || !me.onMap) continue;
            if (rules::movesInScoutingSubphase(c.state, me) != scouting) continue;  // G-34
            const auto it = orders.find(me.id);
            if (it == orders.end() || it->second.route.empty()) continue;
            if (it->second.receipt == rules::Receipt::NotReceived) continue;  // G-29: no move, no scouting today
            if (std::find(withdrew.begin(), withdrew.end(), me.id) != withdrew.end()) {
                if (c.state.options.is("overnight_withdrawal_distance", "one_hex")) continue;  // its day's move was that hex
                auto& route = it->second.route;  // next_day_move: on along the rest of its route
                if (!route.empty() && route.front() == me.hex) route.erase(route.begin());
                if (route.empty()) continue;
            }
            if (me.pinned) {
                c.say(me.label + " is held where it was contacted and does not move (G-39)");
                continue;
            }
            bool engaged = false;
            for (const auto& e : c.state.mes)
                if (e.onMap && e.side != me.side && e.hex == me.hex) engaged = true;
            if (engaged) {
                c.say(me.label + " shares its hex with the enemy and can leave only by night (§8.5)");
                continue;
            }
            if (!scouting && moveByWater(c.db, c.state, me, it->second.route, c.report.lines)) {  // §11.2
                ++moved;
                continue;
            }
            rules::MoveInput in;
            in.mode = pursuits.count(me.id) ? Mode::March : me.mode;
            in.baseMr = rules::baseMovementRate(c.state.unitsOf(me.id), c.state.options);
            in.locValid = locValid.count(me.id) ? locValid[me.id] : true;
            in.weather = weatherAt(c, me.hex);  // G-102: the weather of the hex it starts from
            in.receipt = it->second.receipt;
            in.season = c.state.seasonOfWeek(c.state.week);  // G-16 seasonal wetlands
            OneMove move(c, scouting, me, it->second, orders,
                         rules::planMove(c.state.map, me.hex, it->second.route, in, c.state.options));
            move.walk();
            move.record();
            ++moved;
        }
        if (!scouting) moveDecoys(c.db, c.state, side->id, weather, c.report.lines);  // §2.3: like face-down MEs
    }
    if (moved == 0) c.say(scouting ? "no scouting moves" : "no other moves");
}

// D7 and D8: the engagement terrain and the deployment of each battle are drawn when it is fought at D9
// (engine/battle_setup.cpp builds its set-up there); the phases keep their place in the sequence of §6. Cost: O(1).
void runSetUpAtD9(Ctx&) {}

// Moves the pointer past the phase that has run (§6: W1–W5, then D1–D12 on each of the week's seven days); returns
// true when the campaign's last week is over.
bool nextPhase(CampaignState& s) {
    if (s.phase == Phase::W5) {
        s.phase = Phase::D1;
        s.day = 1;
        return false;
    }
    if (s.phase != Phase::D12) {
        s.phase = static_cast<Phase>(static_cast<std::size_t>(s.phase) + 1);
        return false;
    }
    if (s.day < 7) {
        ++s.day;
        s.phase = Phase::D1;
        return false;
    }
    ++s.week;
    s.day = 1;
    s.phase = Phase::W1;
    return s.week > s.lengthWeeks;
}

bool campaignEnded(SQLite::Database& db) { return db.execAndGet("SELECT ended FROM campaign WHERE id = 1").getInt() != 0; }

// The sides that have neither given today's orders nor stood fast.
std::vector<std::string> missingOrders(SQLite::Database& db) {
    std::vector<std::string> out;
    SQLite::Statement q(db, "SELECT s.id FROM side s, campaign c WHERE c.id = 1 AND NOT EXISTS (SELECT 1 FROM orders_submitted o "
                            "WHERE o.week = c.current_week AND o.day = c.current_day AND o.side_id = s.id) ORDER BY s.ord");
    while (q.executeStep()) out.push_back(q.getColumn(0).getString());
    return out;
}

// What the engine runs at each phase, in the order of campaign::kPhases (which gives their ids and titles), and what
// follows a phase's own work, in this order: the decoys the scouts saw are revealed (§2.3); each side's sightings are
// recorded once counters have moved (the fog of war, §8.1.5, G-40); the MEs left without troops leave the map (always,
// settleEmptyMes); towns are held again by whoever stands in them (§8.12); and hexes overfilled by decoys are settled.
// A decoy put down with the day's orders (D2) may share a full hex until it moves (D4, D5): like an ME it counts where
// it stops (G-41), so the overfull hexes are settled once the day's movement is over.
struct PhaseRun {
    Phase phase;
    void (*run)(Ctx&);
    bool revealDecoys = false;
    bool recordSightings = false;
    bool holdTowns = false;
};

// Every phase pays once (performance.md P2): loading reads only tables changed since the last read and copies the rest,
// O(H + M + U); saving compares each row, O(M + U), writing only those changed; the checksum hashes only changed tables
// (of an append-only log, its new rows); settleEmptyMes O((M + U) log U). Sightings (D1, D4, D5, D11) O(M log M).
constexpr std::array<PhaseRun, kPhaseCount> kPhaseRuns{{
    {.phase = Phase::W1, .run = runW1},
    {.phase = Phase::W2, .run = runW2},
    {.phase = Phase::W3, .run = runW3},
    {.phase = Phase::W4, .run = runW4},
    {.phase = Phase::W5, .run = runW5},
    {.phase = Phase::D1, .run = runD1, .recordSightings = true},
    {.phase = Phase::D2, .run = runD2},
    {.phase = Phase::D3, .run = runD3},
    {.phase = Phase::D4, .run = [](Ctx& c) { runMovement(c, true); }, .revealDecoys = true, .recordSightings = true},
    {.phase = Phase::D5, .run = [](Ctx& c) { runMovement(c, false); }, .revealDecoys = true, .recordSightings = true},
    // D6: O(M × U + M²) to find the contested hexes, then O(M × U) a battle (runCombatDetermination, battles.cpp).
    {.phase = Phase::D6, .run = [](Ctx& c) { runCombatDetermination(c.db, c.state, c.report.lines, c.dice); }},
    {.phase = Phase::D7, .run = runSetUpAtD9},
    {.phase = Phase::D8, .run = runSetUpAtD9},
    // A battle the resolver cannot fight stops D9: nothing of it is written, and the battle is handed to the table by
    // a command of its own (battle.to_table), so that D9 waits for its result (docs/rules-mapping.md).
    // D9: a battle costs O(P × (M + U)) to set up, its fight, and O(U) for each of its units to apply (battles.cpp).
    {.phase = Phase::D9, .run = [](Ctx& c) { c.unfought = runBattleResolution(c.db, c.state, c.report.lines, c.report.toTable); }},
    // D10: one grouped query over the campaign's battles and their losses; nothing in M (runBattlePoints).
    {.phase = Phase::D10, .run = [](Ctx& c) { runBattlePoints(c.db, c.state, c.report.lines); }},
    // D11: O(M) a battle, O(M) per hex tried by each beaten ME, a rally search per router (runBattleNight, nightfall).
    {.phase = Phase::D11, .run = [](Ctx& c) { runBattleNight(c.db, c.state, c.report.lines); }, .recordSightings = true},
    {.phase = Phase::D12, .run = runD12, .holdTowns = true},
}};

constexpr bool phaseRunsInOrder() {
    for (std::size_t i = 0; i < kPhaseRuns.size(); ++i)
        if (kPhaseRuns[i].phase != kPhases[i].phase || kPhaseRuns[i].run == nullptr) return false;
    return true;
}
static_assert(phaseRunsInOrder(), "kPhaseRuns has one row for every phase, in the order of campaign::kPhases");

}  // namespace

// Runs the phase the campaign stands at, in one transaction. What may keep it from running (the campaign is over,
// orders missing at D2, battles awaiting a tabletop result at D9, another phase than the command names) is checked
// inside that transaction, against the state the phase will run on, so another program's command in between cannot
// slip past the check; `refused` then says why and nothing is written. At D9 a battle the resolver cannot fight also
// stops the phase: it is named in the report's toTable, for execute() to hand it to the table as a command of its own.
// The LOC network is built afresh for each phase: a bridge or pontoon laid in one phase is in the next one's network,
// whichever way the phases are advanced.
PhaseReport applyRunPhase(db::CampaignStore& store, RunPhase& command, dice::Source* scripted, core::IssueList& refused) {
    auto& db = store.impl().db;
    PhaseReport report;
    NetworkCache networks;
    store.transaction([&] {
        if (campaignEnded(db)) {
            refused.error("CAMPAIGN-ENDED", "the campaign is over; nothing more to advance");
            return;
        }
        const Phase at = db::storedPhase(db.execAndGet("SELECT current_phase FROM campaign WHERE id = 1").getString());
        {
            const int week = db.execAndGet("SELECT current_week FROM campaign WHERE id = 1").getInt();
            const int day = isDaily(at) ? db.execAndGet("SELECT current_day FROM campaign WHERE id = 1").getInt() : 0;
            const std::string atId = phaseString(at);
            if (!command.phase.empty() && (command.phase != atId || command.week != week || command.day != day)) {
                refused.error("PHASE-NOT-NEXT", "the command runs phase " + command.phase + " of week " +
                                                    std::to_string(command.week) +
                                                    (command.day ? " day " + std::to_string(command.day) : std::string()) +
                                                    ", but the campaign stands at phase " + atId + " of week " + std::to_string(week) +
                                                    (day ? " day " + std::to_string(day) : std::string()));
                return;
            }
            command.phase = atId;
            command.week = week;
            command.day = day;
        }
        if (at == Phase::D2) {
            const auto missing = missingOrders(db);
            if (!missing.empty()) {
                std::string names;
                for (const auto& m : missing) names += (names.empty() ? "" : ", ") + m;
                refused.error("ORDERS-MISSING",
                              "today's orders are missing from: " + names + " (orders submit, or orders stand-fast)");
                return;
            }
            // docs/pbem.md "Fair dice": the day's dice wait for every keyed side's share (or its forfeit).
            const auto info = store.info();
            std::string unrevealed;
            for (const auto& share : dayShares(store, info.week, info.day))
                if (!share.settled()) unrevealed += (unrevealed.empty() ? "" : ", ") + share.side;
            if (!unrevealed.empty()) {
                refused.error("DICE-NOT-REVEALED", "the dice shares of week " + std::to_string(info.week) + " day " +
                                                       std::to_string(info.day) + " are not revealed by: " + unrevealed +
                                                       " (orders reveal; or, after the deadline, advance --stand-fast-missing)");
                return;
            }
        }
        if (at == Phase::D9)
            if (const auto waiting = battlesAwaitingResults(db)) {
                refused.error("BATTLE-TABLETOP", *waiting);
                return;
            }
        auto state = db::loadState(store);
        report.week = state.week;
        report.day = isDaily(state.phase) ? state.day : 0;
        report.phase = state.phase;
        report.title = std::string(phaseTitle(state.phase));
        // docs/pbem.md "Fair dice": from the orders phase on, the day's dice come from the generator mixed with the
        // keyed sides' shares, so that no one, the host included, can choose them.
        auto rng = store.rngState();
        if (state.phase == Phase::D2)
            if (const auto shares = dayShares(store, state.week, state.day); !shares.empty())
                rng = mixShares(rng, store.info().seed, state.week, state.day, shares);
        dice::SeededSource source(rng);
        dice::Dice dice(scripted ? *scripted : static_cast<dice::Source&>(source), store.rollLog(), store.nextRollSequence());
        dice.setContext(state.week, report.day, phaseString(state.phase));
        Ctx c{store, db, state, dice, report, networks};
        const PhaseRun& phase = kPhaseRuns[static_cast<std::size_t>(state.phase)];
        phase.run(c);
        if (c.unfought.hasErrors()) {
            refused.append(c.unfought);
            return;
        }
        if (phase.revealDecoys) revealDecoysSeenByScouts(db, state, todaysWeather(c), c.report.lines);
        if (phase.recordSightings) recordSightings(db, state, todaysWeather(c), phase.phase);
        settleEmptyMes(db, state, c.report.lines);  // §2.2, G-57, G-69 (after_battle.hpp)
        if (phase.holdTowns) holdOccupiedTowns(c);  // again, for an emptied ME that went to its units in a town
        if (decoysStackAfter(phase.phase)) settleDecoyStacking(db, state, c.report.lines);

        const bool over = nextPhase(state);
        if (over && !campaignEnded(db)) {
            // §12.4 item 3: the last week has been played.
            state.week = state.lengthWeeks;  // the final check values the last week
            const auto vcs = recordVcs(c);
            endCampaign(c, rules::checkEnd(state, vcs, true));
            state.week = state.lengthWeeks + 1;
        }
        db::saveState(store, state);
        store.setRngState(source.state());
    });
    return report;
}

AdvanceResult advance(db::CampaignStore& store, Step step, AdvanceOptions options) {
    AdvanceResult result;
    auto& db = store.impl().db;
    if (campaignEnded(db)) {
        result.issues.error("CAMPAIGN-ENDED", "the campaign is over; nothing more to advance");
        result.ended = true;
        return result;
    }
    CommandContext context;
    context.dice = options.dice;
    for (;;) {
        if (options.standFastMissing &&
            db::storedPhase(db.execAndGet("SELECT current_phase FROM campaign WHERE id = 1").getString()) == Phase::D2) {
            // docs/pbem.md "A side that does not reveal": a keyed side without its share stands fast, whatever it sent.
            const auto info = store.info();
            for (const auto& share : dayShares(store, info.week, info.day))
                if (!share.settled()) result.issues.append(execute(store, ForfeitShare{share.side}).issues);
            for (const auto& side : missingOrders(db)) {
                // A side whose orders arrive meanwhile is left as it is (ORDERS-GIVEN is no problem here).
                auto stood = standFast(store, side);
                if (!stood.hasCode("ORDERS-GIVEN")) result.issues.append(stood);
            }
        }
        auto ran = execute(store, RunPhase{}, context);
        if (!ran.ok() || !ran.phase) {
            result.issues.append(ran.issues);
            result.ended = ran.issues.hasCode("CAMPAIGN-ENDED");
            return result;
        }
        auto report = std::move(*ran.phase);
        if (options.checkInvariants) {
            // The phase is committed; a breach stops the run there, named, for the caller (the bot, a debug build).
            auto breaches = checkInvariants(store, report.phase);
            if (breaches.hasErrors()) {
                for (const auto& i : breaches.items())
                    result.issues.error(i.code, "after week " + std::to_string(report.week) + " day " + std::to_string(report.day) +
                                                    " " + phaseString(report.phase) + ": " + i.message);
                result.phases.push_back(std::move(report));
                return result;
            }
        }
        const bool endOfDay = report.phase == Phase::D12;
        const bool endOfWeek = endOfDay && report.day == 7;
        result.phases.push_back(std::move(report));
        if (campaignEnded(db)) {
            result.ended = true;
            break;
        }
        if (step == Step::Phase || (step == Step::Day && endOfDay) || (step == Step::Week && endOfWeek)) break;
    }
    result.ok = true;
    return result;
}

core::IssueList applyDeclineInitiative(db::CampaignStore& store, const std::string& sideId) {
    core::IssueList issues;
    store.transaction([&] {
        auto state = db::loadState(store);
        auto* side = state.side(sideId);
        if (!side) {
            issues.error("INITIATIVE-SIDE", "the campaign has no side '" + sideId + "'", 0, sideId);
            return;
        }
        if (state.options.is("initiative_decline", "not_allowed")) {
            issues.error("INITIATIVE-DECLINE", "this campaign does not allow handing the initiative over (option initiative_decline)");
            return;
        }
        if (!side->hasInitiative) {
            issues.error("INITIATIVE-DECLINE", side->name + " do not hold the strategic initiative this week", 0, sideId);
            return;
        }
        if (!window::initiativeDecline(state.phase, state.day)) {
            issues.error("INITIATIVE-DECLINE",
                         "the initiative can be handed over only after W1 and before the first movement of the week");
            return;
        }
        // §7.1: the initiative is handed over once a week: the side that received it cannot hand it straight back.
        for (const auto& other : state.sides)
            if (other.id != sideId && other.initiativeDeclined) {
                issues.error("INITIATIVE-DECLINE",
                             other.name + " already handed the initiative over this week; it cannot be handed back", 0, sideId);
                return;
            }
        for (auto& s : state.sides) s.hasInitiative = s.id != sideId;
        side->initiativeDeclined = true;
        SQLite::Statement q(store.impl().db, "UPDATE initiative SET declined = 1 WHERE week = ? AND side_id = ?");
        q.bind(1, state.week);
        q.bind(2, sideId);
        q.exec();
        db::saveState(store, state);
    });
    return issues;
}

}  // namespace etatmajor::engine
