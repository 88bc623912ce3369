// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/campaign/options.hpp"

#include <charconv>
#include <stdexcept>

namespace etatmajor::campaign {

const std::vector<OptionSpec>& optionCatalogue() {
    static const std::vector<OptionSpec> kCatalogue{
        // etat-major.md §17 variant key index, in gap order.
        {"sequence", "body", {"body", "chart_daily"}, OptionKind::Choice, "etat-major.md G-01"},
        {"weather_frequency", "daily", {"daily", "weekly"}, OptionKind::Choice, "etat-major.md G-03"},
        {"vcs_timing", "week_start", {"week_start", "week_end"}, OptionKind::Choice, "etat-major.md G-04"},
        {"initiative_frequency", "weekly", {"weekly", "daily"}, OptionKind::Choice, "etat-major.md G-05"},
        {"phase_order", "body", {"body", "chart"}, OptionKind::Choice, "etat-major.md G-06"},
        {"battle_turn_minutes", "60", {"60", "45"}, OptionKind::Choice, "etat-major.md G-09"},
        {"season_table", "chart", {"chart", "body"}, OptionKind::Choice, "etat-major.md G-10"},
        {"season_progression",
         "body_12_weeks",
         {"body_12_weeks", "chart_fixed", "calendar_13_weeks"},
         OptionKind::Choice,
         "etat-major.md G-11"},
        {"fine_visibility", "body", {"body", "chart_next_hex"}, OptionKind::Choice, "etat-major.md G-12"},
        {"storm_snow_move", "cumulative_minus1", {"cumulative_minus1", "body_additive"}, OptionKind::Choice, "etat-major.md G-13"},
        {"weather_artillery", "unaffected", {"unaffected", "as_musketry"}, OptionKind::Choice, "etat-major.md G-14"},
        {"snow_table_move", "half", {"half", "normal"}, OptionKind::Choice, "etat-major.md G-15"},
        {"seasonal_wetlands", "on", {"on", "off"}, OptionKind::Choice, "etat-major.md G-16"},
        {"wind_table", "body", {"body", "chart"}, OptionKind::Choice, "etat-major.md G-17"},
        {"battle_wind", "campaign_day", {"campaign_day", "tactical_roll"}, OptionKind::Choice, "etat-major.md G-18"},
        {"downwind_arc", "half_plane", {"half_plane", "cone_120", "cone_60"}, OptionKind::Choice, "etat-major.md G-19"},
        {"encounter_timing",
         "body_hexcount_first",
         {"body_hexcount_first", "body_fraction", "chart_arrival"},
         OptionKind::Choice,
         "etat-major.md G-20"},
        {"mr_fraction_basis",
         "final_allowance",
         {"final_allowance", "modified_mr", "base_mr"},
         OptionKind::Choice,
         "etat-major.md G-21"},
        {"late_arrivals", "own_arrival_turn", {"own_arrival_turn", "all_turn1"}, OptionKind::Choice, "etat-major.md G-22"},
        {"adjacent_mes", "march_to_guns_only", {"march_to_guns_only", "chart_automatic"}, OptionKind::Choice, "etat-major.md G-23"},
        {"mttg_turn_count", "turn_n", {"turn_n", "after_n"}, OptionKind::Choice, "etat-major.md G-24"},
        {"mttg_forced_march",
         "cancels_cross_country",
         {"cancels_cross_country", "no_effect"},
         OptionKind::Choice,
         "etat-major.md G-24"},
        {"order_loc_penalty",
         "body_minus2_supply",
         {"body_minus2_supply", "chart_minus1_commander", "both"},
         OptionKind::Choice,
         "etat-major.md G-26"},
        {"order_commander_bonus", "on", {"on", "off"}, OptionKind::Choice, "etat-major.md G-27"},
        {"order_winter_penalty", "on", {"on", "off"}, OptionKind::Choice, "etat-major.md G-27"},
        {"half_move_rounding", "floor_min1", {"floor_min1", "floor", "ceil"}, OptionKind::Choice, "etat-major.md G-28"},
        {"tardy_halving_order", "after_modifiers", {"after_modifiers", "before_modifiers"}, OptionKind::Choice, "etat-major.md G-28"},
        {"order_fail_mode", "keep_previous", {"keep_previous", "forage"}, OptionKind::Choice, "etat-major.md G-29"},
        {"tardy_stationary", "executes", {"executes", "delayed"}, OptionKind::Choice, "etat-major.md G-29"},
        {"allow_disobedience", "logged", {"logged", "off"}, OptionKind::Choice, "etat-major.md G-31"},
        {"loc_path", "any_clear", {"any_clear", "declared_only"}, OptionKind::Choice, "etat-major.md G-32"},
        {"scout_evade_when_entered", "no", {"no", "yes_one_hex"}, OptionKind::Choice, "etat-major.md G-33"},
        {"scouting_subphase", "all_scouting_mes", {"all_scouting_mes", "cavalry_only"}, OptionKind::Choice, "etat-major.md G-34"},
        {"scout_eligibility", "light_troops", {"light_troops", "cavalry_only"}, OptionKind::Choice, "etat-major.md G-34"},
        {"scout_after_intel", "evade_one_hex", {"evade_one_hex", "retreat_remaining_mr"}, OptionKind::Choice, "etat-major.md G-35"},
        {"los_blocking", "beyond_only", {"beyond_only", "target_hex_hides"}, OptionKind::Choice, "etat-major.md G-36"},
        {"case2_compare", "me_vs_hex_total", {"me_vs_hex_total", "me_vs_me"}, OptionKind::Choice, "etat-major.md G-37"},
        {"mislead", "body_pm2", {"body_pm2", "chart_pm1to3_mandatory", "chart_pm0to3"}, OptionKind::Choice, "etat-major.md G-38"},
        {"pursue_scouts", "off", {"off", "chart_free_pursuit"}, OptionKind::Choice, "etat-major.md G-39"},
        {"counter_positions", "public", {"public", "hidden_unless_observed"}, OptionKind::Choice, "etat-major.md G-40"},
        {"stacking_scope", "per_side", {"per_side", "total"}, OptionKind::Choice, "etat-major.md G-41"},
        {"decoys_stack", "yes", {"yes", "no"}, OptionKind::Choice, "etat-major.md G-41"},
        {"stack_check", "stops_only", {"stops_only", "every_hex"}, OptionKind::Choice, "etat-major.md G-41"},
        {"decoy_mr", "as_designated", {"as_designated", "4", "6"}, OptionKind::Choice, "etat-major.md G-42"},
        {"decoy_placement", "friendly_hex", {"friendly_hex", "anywhere_not_adjacent_enemy"}, OptionKind::Choice, "etat-major.md G-42"},
        {"decoy_effects", "none", {"none", "cuts_loc"}, OptionKind::Choice, "etat-major.md G-42"},
        {"mixed_me_mr", "slowest", {"slowest", "majority"}, OptionKind::Choice, "etat-major.md G-43"},
        {"terrain_mod_mode", "mixed", {"mixed", "once_per_day", "per_occurrence"}, OptionKind::Choice, "etat-major.md G-44"},
        {"min_move", "1", {"1", "0"}, OptionKind::Choice, "etat-major.md G-44"},
        {"forced_march_offroad", "no", {"no", "yes"}, OptionKind::Choice, "etat-major.md G-45"},
        {"forced_march_rest",
         "stationary_third_day",
         {"stationary_third_day", "no_third_consecutive"},
         OptionKind::Choice,
         "etat-major.md G-45"},
        {"night_march", "as_forced_march", {"as_forced_march", "disabled"}, OptionKind::Choice, "etat-major.md G-46"},
        {"fm_winter_extra", "on", {"on", "off"}, OptionKind::Choice, "etat-major.md G-47"},
        {"attrition_scope", "all_units", {"all_units", "foot_and_horse"}, OptionKind::Choice, "etat-major.md G-47"},
        {"forage_moves", "no", {"no", "yes"}, OptionKind::Choice, "etat-major.md G-48"},
        {"do_move", "full", {"full", "half", "none"}, OptionKind::Choice, "etat-major.md G-48"},
        {"breakoff_move", "full", {"full", "half"}, OptionKind::Choice, "etat-major.md G-48"},
        {"strategic_initiative", "sp_bis_dice", {"sp_bis_dice", "sp_bis", "sp_dice"}, OptionKind::Choice, "etat-major.md G-49"},
        {"breakoff_avoids_attrition", "no", {"no", "yes"}, OptionKind::Choice, "etat-major.md G-50"},
        {"overnight_withdrawal_distance", "one_hex", {"one_hex", "next_day_move"}, OptionKind::Choice, "etat-major.md G-50"},
        {"initiative_decline", "allowed", {"allowed", "not_allowed"}, OptionKind::Choice, "etat-major.md G-51"},
        {"me_granularity",
         "permissive",
         {"permissive", "chart_division_or_brigade", "body_brigade_level"},
         OptionKind::Choice,
         "etat-major.md G-52"},
        {"new_me_location", "primary_loc_entry", {"primary_loc_entry", "hq_hex"}, OptionKind::Choice, "etat-major.md G-53"},
        {"new_me_timing", "weekly", {"weekly", "any_orders_phase"}, OptionKind::Choice, "etat-major.md G-53"},
        {"command_limit", "one_plus_one_double", {"one_plus_one_double", "unlimited"}, OptionKind::Choice, "etat-major.md G-54"},
        {"river_crossing",
         "bridge_free_ford_minus1",
         {"bridge_free_ford_minus1", "always_minus1"},
         OptionKind::Choice,
         "etat-major.md G-55"},
        {"stream_crossing", "0", {"0", "minus1"}, OptionKind::Choice, "etat-major.md G-55"},
        {"map_removal", "below_one_stand", {"below_one_stand", "at_one_stand"}, OptionKind::Choice, "etat-major.md G-57"},
        {"table_orientation", "entry_hexside", {"entry_hexside", "players_agree"}, OptionKind::Choice, "etat-major.md G-60"},
        {"table_size", "body", {"body", "chart"}, OptionKind::Choice, "etat-major.md G-61"},
        {"terrain_placement", "body", {"body", "chart"}, OptionKind::Choice, "etat-major.md G-62"},
        {"objective_count", "one_plus_three", {"one_plus_three", "custom"}, OptionKind::Choice, "etat-major.md G-63"},
        {"objective_author", "enemy_commander", {"enemy_commander", "agreed"}, OptionKind::Choice, "etat-major.md G-63"},
        {"objective_visibility",
         "hidden_from_owner",
         {"hidden_from_owner", "known_to_owner"},
         OptionKind::Choice,
         "etat-major.md G-64"},
        {"objective_scoring", "holding", {"holding", "cumulative_captures", "any_holder"}, OptionKind::Choice, "etat-major.md G-64"},
        {"vcs_formula", "body", {"body", "chart"}, OptionKind::Choice, "etat-major.md G-65"},
        {"vcs_losses", "net", {"net", "gross"}, OptionKind::Choice, "etat-major.md G-65"},
        {"night_separation", "chart_300mm", {"chart_300mm", "none"}, OptionKind::Choice, "etat-major.md G-66"},
        {"surrounded_force", "chart_withdraw", {"chart_withdraw", "body_captured"}, OptionKind::Choice, "etat-major.md G-67"},
        {"surround_extra_cap", "3", {}, OptionKind::NonNegativeInteger, "etat-major.md G-67"},
        {"battle_points",
         "actual_losses",
         {"actual_losses", "figures_only", "tactical_17_5"},
         OptionKind::Choice,
         "etat-major.md G-68"},
        {"router_return",
         "next_morning_at_rally",
         {"next_morning_at_rally", "travel_at_infantry_mr"},
         OptionKind::Choice,
         "etat-major.md G-69"},
        {"perm_shaken_threshold", "at_or_below_50", {"at_or_below_50", "below_50"}, OptionKind::Choice, "etat-major.md G-70"},
        {"shaken_cleared_by_replacement", "yes", {"yes", "no"}, OptionKind::Choice, "etat-major.md G-70"},
        {"staff_return", "week_start", {"week_start", "w5"}, OptionKind::Choice, "etat-major.md §7.5, G-71"},
        {"wounded_staff", "return_next_week", {"return_next_week", "damage_table_turns"}, OptionKind::Choice, "etat-major.md G-71"},
        {"next_day_positions", "persist", {"persist", "redeploy"}, OptionKind::Choice, "etat-major.md G-72"},
        {"dusk_contact",
         "next_morning",
         {"next_morning", "fight_at_dusk"},
         OptionKind::Choice,
         "etat-major.md §8.8.1, G-20 (rules-mapping.md)"},
        {"standoff", "no_battle", {"no_battle", "drawn_battle"}, OptionKind::Choice, "etat-major.md §8.8, §8.11.4 (rules-mapping.md)"},
        {"table_woods",
         "map",
         {"map", "rolled"},
         OptionKind::Choice,
         "etat-major.md §8.10, §15.8; tactical-resolver.md §2.5 (rules-mapping.md)"},
        {"use_outscouting", "always", {"always", "do_vs_do_only"}, OptionKind::Choice, "etat-major.md G-73"},
        {"supply_change",
         "once_per_week_any_day",
         {"once_per_week_any_day", "first_day_only"},
         OptionKind::Choice,
         "etat-major.md G-75"},
        {"ua_multiplier", "10", {"10", "5"}, OptionKind::Choice, "etat-major.md G-76"},
        {"ua_roll", "once_per_game", {"once_per_game", "weekly"}, OptionKind::Choice, "etat-major.md G-76"},
        {"replacement_cap", "body_50pct", {"body_50pct", "chart_full"}, OptionKind::Choice, "etat-major.md G-77"},
        {"replacement_window", "since_last_supply", {"since_last_supply", "cumulative"}, OptionKind::Choice, "etat-major.md G-78"},
        {"replacement_rounding", "floor", {"floor", "ceil"}, OptionKind::Choice, "etat-major.md G-78"},
        {"attrition_replacement", "full_priority", {"full_priority", "within_cap"}, OptionKind::Choice, "etat-major.md G-79"},
        {"gun_replacement", "primary_grant_only", {"primary_grant_only", "local_sp"}, OptionKind::Choice, "etat-major.md G-80"},
        {"replacement_source", "nominated", {"nominated", "any_traceable"}, OptionKind::Choice, "etat-major.md G-81"},
        {"figure_pricing", "prorata", {"prorata", "whole_stands"}, OptionKind::Choice, "etat-major.md G-82"},
        {"rerate_on_new_year", "no", {"no", "yes"}, OptionKind::Choice, "etat-major.md G-83"},
        {"enforce_list_caps", "yes", {"yes", "no"}, OptionKind::Choice, "etat-major.md G-83"},
        {"winter_ua_halving", "on", {"on", "off"}, OptionKind::Choice, "etat-major.md G-84"},
        {"combat_ua_halving", "on", {"on", "off"}, OptionKind::Choice, "etat-major.md G-84"},
        {"ua_depletion", "none", {"none", "stock"}, OptionKind::Choice, "etat-major.md G-84"},
        {"ua_destroy_time", "one_day", {"one_day", "one_week"}, OptionKind::Choice, "etat-major.md G-84"},
        {"ua_claims", "shared", {"shared", "each_full"}, OptionKind::Choice, "etat-major.md G-86"},
        {"forage_multiplier", "ua", {"ua", "raw"}, OptionKind::Choice, "etat-major.md G-87"},
        {"forage_frequency", "weekly", {"weekly", "daily"}, OptionKind::Choice, "etat-major.md G-87"},
        {"forage_winter_halving", "off", {"off", "on"}, OptionKind::Choice, "etat-major.md G-87"},
        {"loc_media",
         "road_track_navriver",
         {"road_track_navriver", "road_navriver", "road_track_anyriver"},
         OptionKind::Choice,
         "etat-major.md G-89"},
        {"loc_trace", "adjacent_chain", {"adjacent_chain", "adjacent", "strict"}, OptionKind::Choice, "etat-major.md G-90"},
        {"loc_cut_colocated", "yes", {"yes", "no"}, OptionKind::Choice, "etat-major.md G-91"},
        {"unit_creation_funds", "primary_only", {"primary_only", "any_sp"}, OptionKind::Choice, "etat-major.md G-93"},
        {"provisional_class",
         "unit_mean",
         {"unit_mean", "figure_weighted_mean", "majority_figures"},
         OptionKind::Choice,
         "etat-major.md G-94"},
        {"reorg_after_forage", "optional", {"optional", "required"}, OptionKind::Choice, "etat-major.md G-95"},
        {"water_lift", "whole_me_400", {"whole_me_400", "proportional"}, OptionKind::Choice, "etat-major.md G-96"},
        {"transport_payment", "upfront", {"upfront", "three_instalments"}, OptionKind::Choice, "etat-major.md G-97"},
        {"siege_attrition", "weekly", {"weekly", "daily"}, OptionKind::Choice, "etat-major.md G-98"},
        {"siege_starved_supply", "none", {"none", "town_income"}, OptionKind::Choice, "etat-major.md §11.4, G-98"},
        {"siege_water_hexes", "closed", {"closed", "open"}, OptionKind::Choice, "etat-major.md G-98"},
        {"overnight_works", "free_heavy", {"free_heavy", "free_light", "paid"}, OptionKind::Choice, "etat-major.md G-99"},
        {"earthworks_accumulate", "yes", {"yes", "no"}, OptionKind::Choice, "etat-major.md G-99"},
        {"end_winner", "vcs_ratio", {"vcs_ratio", "vcs_absolute", "draw"}, OptionKind::Choice, "etat-major.md G-100"},
        {"other_staff_table", "inept_1_2", {"inept_1_2", "inept_1"}, OptionKind::Choice, "etat-major.md G-101"},
        {"weather_regions", "single", {"single", "per_region"}, OptionKind::Choice, "etat-major.md G-102"},
        {"barge_waters",
         "lakes_rivers_canals_landings",
         {"lakes_rivers_canals_landings", "canals_only"},
         OptionKind::Choice,
         "etat-major.md G-104"},
        // tactical-resolver.md §2.23 parameters (defaults), §1.18 optional rules, G4/G6 switches.
        {"tactical.table_rule", "terrain_setup", {"terrain_setup", "em_chart"}, OptionKind::Choice, "tactical-resolver.md §2.23"},
        {"tactical.support_gap", "120", {}, OptionKind::NonNegativeInteger, "tactical-resolver.md §2.23"},
        {"tactical.reserve_gap", "300", {}, OptionKind::NonNegativeInteger, "tactical-resolver.md §2.23"},
        {"tactical.screen_gap", "100", {}, OptionKind::NonNegativeInteger, "tactical-resolver.md §2.23"},
        {"tactical.max_firefight", "3", {}, OptionKind::NonNegativeInteger, "tactical-resolver.md §2.23"},
        {"tactical.charge_threshold",
         "80",
         {},
         OptionKind::NonNegativeInteger,
         "tactical-resolver.md §2.23 (108; 80 after calibration, rules-mapping-battle.md)"},
        {"tactical.late_threshold", "72", {}, OptionKind::NonNegativeInteger, "tactical-resolver.md §2.23"},
        {"tactical.withdraw_loss",
         "40",
         {},
         OptionKind::NonNegativeInteger,
         "tactical-resolver.md §2.23 (50; 40 after calibration, rules-mapping-battle.md)"},
        {"tactical.light_cav_always_skirmishers", "false", {"false", "true"}, OptionKind::Choice, "tactical-resolver.md §2.23"},
        {"tactical.mounted_vs_foot_stack", "true", {"true", "false"}, OptionKind::Choice, "tactical-resolver.md §2.23"},
        {"tactical.art_line_close", "3456H", {"3456H", "456H"}, OptionKind::Choice, "tactical-resolver.md §1.22 G4"},
        {"tactical.long_range_blank", "no_effect", {"no_effect", "repeat_short"}, OptionKind::Choice, "tactical-resolver.md §1.22 G6"},
        {"tactical.weather_on_artillery", "false", {"false", "true"}, OptionKind::Choice, "tactical-resolver.md §2.23"},
        {"tactical.defender_passes", "false", {"false", "true"}, OptionKind::Choice, "tactical-resolver.md §2.23"},
        {"tactical.bombard_error", "off", {"off", "on"}, OptionKind::Choice, "tactical-resolver.md §2.23"},
        {"tactical.closed_column", "off", {"off", "on"}, OptionKind::Choice, "tactical-resolver.md §1.18"},
        {"tactical.lying_down", "off", {"off", "on"}, OptionKind::Choice, "tactical-resolver.md §1.18"},
        {"tactical.or1_ammunition", "off", {"off", "on"}, OptionKind::Choice, "tactical-resolver.md §1.18"},
        {"tactical.or2", "off", {"off", "on"}, OptionKind::Choice, "tactical-resolver.md §1.18"},
        {"tactical.or4_mass_panic", "off", {"off", "on"}, OptionKind::Choice, "tactical-resolver.md §1.18"},
        {"tactical.or5", "off", {"off", "on"}, OptionKind::Choice, "tactical-resolver.md §1.18"},
        {"tactical.or6", "off", {"off", "on"}, OptionKind::Choice, "tactical-resolver.md §1.18"},
        {"tactical.or7_early_volleys", "off", {"off", "on"}, OptionKind::Choice, "tactical-resolver.md §1.18"},
        {"tactical.extra_melee_rounds", "3", {}, OptionKind::NonNegativeInteger, "tactical-resolver.md §2.23"},
        {"tactical.stand_off", "on", {"on", "off"}, OptionKind::Choice, "tactical-resolver.md §2.8 (rules-mapping-battle.md)"},
        {"tactical.rally_clearance", "200", {}, OptionKind::NonNegativeInteger, "tactical-resolver.md §2.8 (rules-mapping-battle.md)"},
        {"tactical.spent_removal", "below_one", {"below_one", "one_stand"}, OptionKind::Choice, "tactical-resolver.md §1.22 G10"},
        {"tactical.router_catch_loss",
         "loser_only",
         {"loser_only", "full_line"},
         OptionKind::Choice,
         "tactical-resolver.md §2.14.4 (rules-mapping-battle.md)"},
        {"tactical.snow_move",
         "half",
         {"half", "normal"},
         OptionKind::Choice,
         "tactical-resolver.md §1.9 (T 7.7); etat-major.md G-15"},
        {"tactical.field_test",
         "formed_points",
         {"formed_points", "formed_stands", "middle_third"},
         OptionKind::Choice,
         "tactical-resolver.md §2.20 (3) (rules-mapping-battle.md)"},
        {"tactical.scouting_deployment",
         "off",
         {"off", "on"},
         OptionKind::Choice,
         "tactical-resolver.md §2.7 (rules-mapping-battle.md)"},
        {"tactical.pin_for_flank_march",
         "off",
         {"off", "on"},
         OptionKind::Choice,
         "tactical-resolver.md §2.8 (rules-mapping-battle.md)"},
        {"tactical.works_key",
         "heavy_first",
         {"heavy_first", "all_works"},
         OptionKind::Choice,
         "tactical-resolver.md §2.20 (rules-mapping-battle.md)"},
        {"tactical.spent_guns",
         "withdraw",
         {"withdraw", "stay"},
         OptionKind::Choice,
         "tactical-resolver.md §2.8, §2.18 OR1 (rules-mapping-battle.md)"},
        {"tactical.router_return",
         "regulars_only",
         {"regulars_only", "rallied"},
         OptionKind::Choice,
         "tactical-resolver.md §2.16 (rules-mapping-battle.md)"},
        {"tactical.victor_loss",
         "once_per_combat",
         {"once_per_combat", "per_unit"},
         OptionKind::Choice,
         "tactical-resolver.md §1.16 (rules-mapping-battle.md)"},
        {"tactical.class1_charges",
         "opportunity_only",
         {"opportunity_only", "any"},
         OptionKind::Choice,
         "tactical-resolver.md §2.8 (rules-mapping-battle.md)"},
        {"tactical.night_surround",
         "losing_side",
         {"losing_side", "both_sides"},
         OptionKind::Choice,
         "tactical-resolver.md §2.20 (rules-mapping-battle.md)"},
        {"tactical.withdraw_when",
         "losing",
         {"losing", "loss_only"},
         OptionKind::Choice,
         "tactical-resolver.md §2.20 (rules-mapping-battle.md)"},
        {"tactical.caught_routers",
         "taken",
         {"taken", "cut_down"},
         OptionKind::Choice,
         "tactical-resolver.md §2.16, §3.2 (rules-mapping-battle.md)"},
        {"tactical.forward_class1",
         "fall_back",
         {"fall_back", "stand"},
         OptionKind::Choice,
         "tactical-resolver.md §2.8 (rules-mapping-battle.md)"},
        {"tactical.counterattack_ratio",
         "200",
         {},
         OptionKind::NonNegativeInteger,
         "tactical-resolver.md §2.8 (percent; 0 = never, rules-mapping-battle.md)"},
        {"tactical.assault_unseen",
         "nearest_enemy",
         {"nearest_enemy", "straight_ahead"},
         OptionKind::Choice,
         "tactical-resolver.md §2.8 (rules-mapping-battle.md)"},
        {"tactical.lone_cavalry",
         "seek_flank",
         {"seek_flank", "keep_station"},
         OptionKind::Choice,
         "tactical-resolver.md §2.8 (rules-mapping-battle.md)"},
        {"tactical.class1_closing",
         "hold_fire",
         {"hold_fire", "fire_at_once"},
         OptionKind::Choice,
         "tactical-resolver.md §2.8 (rules-mapping-battle.md)"},
        {"tactical.line_bend",
         "one_file",
         {"one_file", "none"},
         OptionKind::Choice,
         "tactical-resolver.md §2.4, ¶40 (rules-mapping-battle.md)"},
        {"tactical.idle_assault",
         "holds",
         {"holds", "assaults"},
         OptionKind::Choice,
         "tactical-resolver.md §2.20 (rules-mapping-battle.md)"},
        {"tactical.futile_fire",
         "close",
         {"close", "keep_firing"},
         OptionKind::Choice,
         "tactical-resolver.md §2.8 (rules-mapping-battle.md)"},
        {"tactical.futile_volleys",
         "held",
         {"held", "fired"},
         OptionKind::Choice,
         "tactical-resolver.md §2.13 (rules-mapping-battle.md)"},
        {"tactical.broken_side_end",
         "after_pursuit",
         {"after_pursuit", "at_once"},
         OptionKind::Choice,
         "tactical-resolver.md §2.16, §2.20 (rules-mapping-battle.md)"},
        {"tactical.quiet_fire", "hits", {"hits", "any"}, OptionKind::Choice, "tactical-resolver.md §2.20 (rules-mapping-battle.md)"},
        {"battle_resolution", "automatic", {"automatic", "tabletop"}, OptionKind::Choice, "architecture: tabletop results"},
    };
    return kCatalogue;
}

// Values of the catalogue that the engine does not apply yet. A campaign that asks for one is refused when it is
// created or validated (and a stored one when it is opened), rather than run silently under the default.
// docs/rules-mapping.md "Variant keys: how each one acts" lists them.
const std::vector<std::pair<std::string_view, std::string_view>>& notAppliedValues() {
    static const std::vector<std::pair<std::string_view, std::string_view>> kNotApplied = {
        {"barge_waters", "canals_only"},
    };
    return kNotApplied;
}

bool isApplied(std::string_view key, std::string_view value) {
    for (const auto& [k, v] : notAppliedValues())
        if (k == key && v == value) return false;
    return true;
}

const OptionSpec* findOption(std::string_view key) {
    for (const auto& o : optionCatalogue())
        if (o.key == key) return &o;
    return nullptr;
}

Options::Options() {
    for (const auto& o : optionCatalogue()) m_values.emplace(std::string(o.key), std::string(o.defaultValue));
}

std::optional<std::string> Options::set(std::string_view key, std::string_view value) {
    const OptionSpec* spec = findOption(key);
    if (!spec) return "unknown option '" + std::string(key) + "' (see docs/options.md for the list)";
    if (spec->kind == OptionKind::NonNegativeInteger) {
        int n = 0;
        auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
        if (value.empty() || ec != std::errc{} || ptr != value.data() + value.size() || n < 0)
            return "option '" + std::string(key) + "' takes a whole number of 0 or more, not '" + std::string(value) + "'";
    } else {
        bool ok = false;
        std::string allowed;
        for (const auto& c : spec->choices) {
            ok |= c == value;
            allowed += (allowed.empty() ? "" : ", ") + std::string(c);
        }
        if (!ok) return "option '" + std::string(key) + "' cannot be '" + std::string(value) + "'; allowed: " + allowed;
    }
    if (!isApplied(key, value))
        return "option '" + std::string(key) + "=" + std::string(value) +
               "' is not applied by the engine yet; this campaign cannot use it (keep the default '" +
               std::string(spec->defaultValue) + "')";
    m_values[std::string(key)] = std::string(value);
    return std::nullopt;
}

std::optional<std::string> Options::parseAndSet(std::string_view assignment) {
    const auto eq = assignment.find('=');
    if (eq == std::string_view::npos) return "option '" + std::string(assignment) + "' must be written KEY=VALUE";
    return set(assignment.substr(0, eq), assignment.substr(eq + 1));
}

const std::string& Options::get(std::string_view key) const {
    const auto it = m_values.find(key);
    if (it == m_values.end()) throw std::out_of_range("unknown option " + std::string(key));
    return it->second;
}

int Options::integer(std::string_view key) const { return std::stoi(get(key)); }

std::vector<std::string> Options::changed() const {
    std::vector<std::string> out;
    for (const auto& o : optionCatalogue())
        if (get(o.key) != o.defaultValue) out.emplace_back(o.key);
    return out;
}

}  // namespace etatmajor::campaign
