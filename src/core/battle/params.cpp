// SPDX-License-Identifier: GPL-3.0-or-later
// Resolver parameters (tactical-resolver.md §2.23) and their canonical text and hash (§3.1 params_hash).
#include "etatmajor/battle/params.hpp"

#include "etatmajor/campaign/options.hpp"

#include <charconv>
#include <cstdio>
#include <functional>
#include <map>

namespace etatmajor::battle {

namespace {

struct Key {
    std::string_view name;
    std::function<std::string(const Params&)> get;
    std::function<std::optional<std::string>(Params&, std::string_view)> set;
    // Keys added after resolver version redcoats-3 are left out of the canonical text while at their default, so
    // the params_hash of every parameter set that does not use them stays what it was.
    bool omitAtDefault = false;
};

std::optional<std::string> setInt(int& field, std::string_view key, std::string_view v) {
    int out = 0;
    auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc{} || ptr != v.data() + v.size() || out < 0)
        return std::string("parameter '") + std::string(key) + "' needs a whole number >= 0, not '" + std::string(v) + "'";
    field = out;
    return std::nullopt;
}

std::optional<std::string> setChoice(bool& field, std::string_view key, std::string_view v, std::string_view off,
                                     std::string_view on) {
    if (v == off) field = false;
    else if (v == on) field = true;
    else
        return std::string("parameter '") + std::string(key) + "' is '" + std::string(off) + "' or '" + std::string(on) + "', not '" +
               std::string(v) + "'";
    return std::nullopt;
}

#define INT_KEY(name, field)                                                       \
    Key {                                                                          \
        name, [](const Params& p) { return std::to_string(p.field); },             \
            [](Params& p, std::string_view v) { return setInt(p.field, name, v); } \
    }
#define BOOL_KEY(name, field, off, on)                                                         \
    Key {                                                                                      \
        name, [](const Params& p) { return std::string(p.field ? on : off); },                 \
            [](Params& p, std::string_view v) { return setChoice(p.field, name, v, off, on); } \
    }
// A two-valued key added after redcoats-3: left out of the canonical text while at its default (Key::omitAtDefault).
#define LATE_BOOL_KEY(name, field, off, on)                                                          \
    Key {                                                                                            \
        name, [](const Params& p) { return std::string(p.field ? on : off); },                       \
            [](Params& p, std::string_view v) { return setChoice(p.field, name, v, off, on); }, true \
    }

const std::vector<Key>& keyTable() {
    static const std::vector<Key> kKeys = {
        Key{"table_rule",
            [](const Params& p) { return std::string(p.tableRule == TableRule::EmChart ? "em_chart" : "terrain_setup"); },
            [](Params& p, std::string_view v) -> std::optional<std::string> {
                bool em = false;
                auto err = setChoice(em, "table_rule", v, "terrain_setup", "em_chart");
                if (!err) p.tableRule = em ? TableRule::EmChart : TableRule::TerrainSetup;
                return err;
            }},
        INT_KEY("support_gap", supportGap),
        INT_KEY("reserve_gap", reserveGap),
        INT_KEY("screen_gap", screenGap),
        INT_KEY("max_firefight", maxFirefight),
        BOOL_KEY("stand_off", standOff, "off", "on"),
        INT_KEY("rally_clearance", rallyClearance),
        INT_KEY("charge_threshold", chargeThreshold),
        INT_KEY("late_threshold", lateThreshold),
        INT_KEY("withdraw_loss", withdrawLoss),
        BOOL_KEY("light_cav_always_skirmishers", lightCavAlwaysSkirmishers, "false", "true"),
        BOOL_KEY("mounted_vs_foot_stack", mountedVsFootStack, "false", "true"),
        BOOL_KEY("art_line_close", artLineClose456, "3456H", "456H"),
        BOOL_KEY("long_range_blank", longRangeRepeatShort, "no_effect", "repeat_short"),
        BOOL_KEY("weather_on_artillery", weatherOnArtillery, "false", "true"),
        BOOL_KEY("defender_passes", defenderPasses, "false", "true"),
        BOOL_KEY("bombard_error", bombardError, "off", "on"),
        BOOL_KEY("closed_column", closedColumn, "off", "on"),
        BOOL_KEY("lying_down", lyingDown, "off", "on"),
        BOOL_KEY("or1_ammunition", ammunition, "off", "on"),
        BOOL_KEY("or2", standardStaff, "off", "on"),
        BOOL_KEY("or4_mass_panic", massPanic, "off", "on"),
        BOOL_KEY("or5", shakenLevels, "off", "on"),
        BOOL_KEY("or6", simpleInitiative, "off", "on"),
        BOOL_KEY("or7_early_volleys", earlyVolleys, "off", "on"),
        INT_KEY("extra_melee_rounds", extraMeleeRounds),
        BOOL_KEY("spent_removal", removeAtOneStand, "below_one", "one_stand"),
        LATE_BOOL_KEY("router_catch_loss", routerCatchLoserOnly, "full_line", "loser_only"),
        Key{"snow_move", [](const Params& p) { return std::string(p.snowHalvesMove ? "half" : "normal"); },
            [](Params& p, std::string_view v) {
                bool normal = false;
                auto err = setChoice(normal, "snow_move", v, "half", "normal");
                if (!err) p.snowHalvesMove = !normal;
                return err;
            },
            true},
        Key{"field_test",
            [](const Params& p) {
                switch (p.fieldTest) {
                    case FieldTest::FormedStands: return std::string("formed_stands");
                    case FieldTest::FormedPoints: return std::string("formed_points");
                    default: return std::string("middle_third");
                }
            },
            [](Params& p, std::string_view v) -> std::optional<std::string> {
                if (v == "middle_third") p.fieldTest = FieldTest::MiddleThird;
                else if (v == "formed_stands") p.fieldTest = FieldTest::FormedStands;
                else if (v == "formed_points") p.fieldTest = FieldTest::FormedPoints;
                else
                    return "parameter 'field_test' is 'middle_third', 'formed_stands' or 'formed_points', not '" + std::string(v) +
                           "'";
                return std::nullopt;
            },
            true},
        LATE_BOOL_KEY("scouting_deployment", scoutingDeployment, "off", "on"),
        LATE_BOOL_KEY("pin_for_flank_march", pinForFlankMarch, "off", "on"),
        LATE_BOOL_KEY("works_key", worksKeyHeavyFirst, "all_works", "heavy_first"),
        LATE_BOOL_KEY("spent_guns", spentGunsWithdraw, "stay", "withdraw"),
        LATE_BOOL_KEY("router_return", routerReturnRegularsOnly, "rallied", "regulars_only"),
        LATE_BOOL_KEY("victor_loss", victorLossOnce, "per_unit", "once_per_combat"),
        LATE_BOOL_KEY("class1_charges", militiaOpportunityCharges, "any", "opportunity_only"),
        LATE_BOOL_KEY("night_surround", surroundLoserOnly, "both_sides", "losing_side"),
        LATE_BOOL_KEY("withdraw_when", withdrawOnlyWhenLosing, "loss_only", "losing"),
        LATE_BOOL_KEY("withdraw_measure", withdrawOnMen, "points", "men"),
        LATE_BOOL_KEY("screen_horse", screenRetiresFromHorse, "formed_only", "retire"),
        LATE_BOOL_KEY("pursue_withdrawal", pursueWithdrawal, "none", "horse"),
        LATE_BOOL_KEY("caught_routers", caughtRoutersTaken, "cut_down", "taken"),
        LATE_BOOL_KEY("forward_class1", forwardClass1FallBack, "stand", "fall_back"),
        LATE_BOOL_KEY("assault_unseen", assaultSeeksUnseen, "straight_ahead", "nearest_enemy"),
        LATE_BOOL_KEY("lone_cavalry", loneCavalrySeeksFlank, "keep_station", "seek_flank"),
        LATE_BOOL_KEY("class1_closing", class1HoldsFireClosing, "fire_at_once", "hold_fire"),
        LATE_BOOL_KEY("line_bend", lineBend, "none", "one_file"),
        LATE_BOOL_KEY("idle_assault", idleAssaultHolds, "assaults", "holds"),
        LATE_BOOL_KEY("futile_fire", futileFireCloses, "keep_firing", "close"),
        LATE_BOOL_KEY("futile_volleys", futileVolleysHeld, "fired", "held"),
        LATE_BOOL_KEY("broken_side_end", pursueBeforeEnd, "at_once", "after_pursuit"),
        LATE_BOOL_KEY("quiet_fire", quietUnlessHit, "any", "hits"),
        Key{"counterattack_ratio", [](const Params& p) { return std::to_string(p.counterattackRatio); },
            [](Params& p, std::string_view v) { return setInt(p.counterattackRatio, "counterattack_ratio", v); }, true},
    };
    return kKeys;
}
#undef INT_KEY
#undef BOOL_KEY
#undef LATE_BOOL_KEY

}  // namespace

std::optional<std::string> Params::set(std::string_view key, std::string_view value) {
    if (key.substr(0, 9) == "tactical.") key.remove_prefix(9);
    for (const auto& k : keyTable())
        if (k.name == key) return k.set(*this, value);
    return "unknown resolver parameter '" + std::string(key) + "'";
}

std::string Params::canonicalText() const {
    std::map<std::string_view, std::string> sorted;
    const Params defaults;
    for (const auto& k : keyTable()) {
        auto value = k.get(*this);
        if (k.omitAtDefault && value == k.get(defaults)) continue;
        sorted[k.name] = std::move(value);
    }
    std::string out;
    for (const auto& [k, v] : sorted) {
        out += k;
        out += '=';
        out += v;
        out += '\n';
    }
    return out;
}

std::uint64_t Params::hash() const {
    // Every battle's result carries the hash, and a run of trials asks for the same parameters' hash once a
    // battle: each thread keeps the last parameters it hashed and their hash.
    thread_local std::optional<std::pair<Params, std::uint64_t>> last;
    if (last && last->first == *this) return last->second;
    const std::uint64_t h = fnv1a64(canonicalText());
    last.emplace(*this, h);
    return h;
}

std::vector<std::string_view> Params::keys() {
    std::vector<std::string_view> out;
    for (const auto& k : keyTable()) out.push_back(k.name);
    return out;
}

Params Params::fromOptions(const campaign::Options& options) {
    Params p;
    for (const auto& [key, value] : options.values())
        if (key.rfind("tactical.", 0) == 0) (void)p.set(key, value);
    return p;
}

std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h) {
    for (unsigned char c : bytes) {
        h ^= c;
        h *= kFnvPrime;
    }
    return h;
}

std::string hex64(std::uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

}  // namespace etatmajor::battle
