// SPDX-License-Identifier: GPL-3.0-or-later
// The resolver's parameter set (tactical-resolver.md §2.23): doctrine knobs, interpretation switches of §1.22 and
// the optional rules of §1.18. Keys are the campaign option keys without their "tactical." prefix, so a campaign
// passes its options straight through. params_hash (§3.1) is FNV-1a-64 over canonicalText().
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::campaign {
class Options;
}

namespace etatmajor::battle {

enum class TableRule : std::uint8_t { TerrainSetup, EmChart };
// §2.5 the field each table rule lays out [A] (EM: Terrain Set up): terrain_setup, a six-by-four table of 30 files by
// 1200 paces for every two MEs of the larger side; em_chart, 50 files by 2000 paces for every four MEs of both sides.
constexpr int kMesPerTable = 2;
constexpr int kTableFiles = 30;
constexpr int kTableDepth = 1200;
constexpr int kEmChartMesPerTable = 4;
constexpr int kEmChartTableFiles = 50;
constexpr int kEmChartTableDepth = 2000;
// §2.20 (3): who holds an open field at nightfall when no key feature decides it.
enum class FieldTest : std::uint8_t { MiddleThird, FormedStands, FormedPoints };

struct Params {
    TableRule tableRule = TableRule::TerrainSetup;
    int supportGap = 120;
    int reserveGap = 300;
    int screenGap = 100;
    int maxFirefight = 3;
    bool standOff = true;      // §2.8: Steady-v-Unsteady units stop at 101–200 paces instead of closing
    int rallyClearance = 200;  // §2.8 rallying: an Unsteady unit rallies when no formed enemy is this close
    int chargeThreshold = 80;  // of 216 (§2.8 rule (c)); spec default 108, tuned (rules-mapping-battle.md)
    int lateThreshold = 72;
    int withdrawLoss = 55;                   // percent of start (spec default 50; tuned, rules-mapping-battle.md)
    bool lightCavAlwaysSkirmishers = false;  // G22
    bool mountedVsFootStack = true;          // G23
    bool artLineClose456 = false;            // G4 variant
    bool longRangeRepeatShort = false;       // G6 variant
    bool weatherOnArtillery = false;
    bool defenderPasses = false;
    bool bombardError = false;
    bool closedColumn = false;      // §2.4 optional
    bool lyingDown = false;         // §2.8 optional (never chosen by the doctrine)
    bool ammunition = false;        // OR1
    bool standardStaff = false;     // OR2
    bool massPanic = false;         // OR4
    bool shakenLevels = false;      // OR5
    bool simpleInitiative = false;  // OR6
    bool earlyVolleys = false;      // OR7
    int extraMeleeRounds = 3;
    // G10 (¶553 v Close Assault step 5): remove units at one stand (¶553) or only below one stand (the chart).
    // Tuned default: the chart's reading (docs/rules-mapping-battle.md, T8a).
    bool removeAtOneStand = false;
    // §2.14.4 [I] for routers caught by a charge or pursuit (an automatic major defeat): the victor pays the letter's
    // full casualty line (full_line, the spec's reading, T7) or nothing, as on the G/X rows and in the book's own
    // example of ¶523, where only the routers lose figures (loser_only, the default since redcoats-7: with routers
    // caught where the charge reached them, ¶389, the full line made every such catch cost the catcher a stand).
    // rules-mapping-battle.md, "Attackers that close".
    bool routerCatchLoserOnly = true;
    // T 7.7 ¶259 / etat-major.md G-15: troops move at half rate in snow (half), or snow leaves tabletop movement alone
    // (normal; the campaign key snow_table_move = normal).
    bool snowHalvesMove = true;
    FieldTest fieldTest = FieldTest::FormedPoints;  // spec reading MiddleThird; ours (rules-mapping-battle.md)
    // §2.7: scouting points decide which side places first and how much of the enemy it sees, and a side that
    // places after seeing enemy brigades matches them (on, the spec's reading), or placement ignores scouting (off).
    // Default off until the calibration has been measured with it (docs/rules-mapping-battle.md).
    bool scoutingDeployment = false;
    // §2.8 [X]: a side's frontal attack waits for its flank march (on) or goes in at once (off).
    bool pinForFlankMarch = false;
    // §2.20 (1)–(2) with works and no marked key feature: the holder's heavy works (the fortification, as everywhere
    // else in the resolver) are the key ground when it has any, light works only when it has none (heavy_first), or
    // every stretch of works counts (all_works, the earlier rule). rules-mapping-battle.md, Bunker Hill.
    bool worksKeyHeavyFirst = true;
    // §2.8 [X] with OR1 ammunition: a battery whose fire phases are spent limbers and leaves the field by its own rear
    // edge, withdrawn (withdraw), or stays where it is (stay, the earlier behaviour). rules-mapping-battle.md, Bunker Hill.
    bool spentGunsWithdraw = true;
    // §2.16 [X] routers who leave the table: they come back rallied in the third GTM phase, whatever their class
    // (rallied, the spec's reading), or militia and other Class 1 troops go home for the day while the rest come back
    // as the spec says (regulars_only). rules-mapping-battle.md, "Routers who leave the field".
    bool routerReturnRegularsOnly = true;
    // §1.16 [I] the victor's casualty line: every victorious unit loses its stand (per_unit, the spec's reading), or
    // the victorious side loses one stand in all, from its largest unit, and never a unit's last stand
    // (once_per_combat). rules-mapping-battle.md, "The price of winning a melee".
    bool victorLossOnce = true;
    // §2.8 [X] Class 1 troops declare charges like everyone else (any), or only at targets that give an automatic
    // victory: routers, guns standing alone, screens in the open (opportunity_only). rules-mapping-battle.md.
    bool militiaOpportunityCharges = true;
    // §2.20 [X] night actions: a unit cut off from its own rear edge at nightfall is captured on either side
    // (both_sides), or only on the side that does not hold the field (losing_side). rules-mapping-battle.md.
    bool surroundLoserOnly = true;
    // §2.20 [X] switching to Withdraw on losses: at withdraw_loss percent whatever the enemy has lost (loss_only),
    // or only while losing, i.e. with a larger share of the start points lost than the enemy (losing).
    bool withdrawOnlyWhenLosing = true;
    // §2.20 [X] what withdraw_loss measures: the side's net loss in §2.21 points (points, the earlier reading), or its
    // men out of the fight (men): figures killed, wounded, taken, scattered, routing on the table or gone off it, at
    // §3.2's men a figure, against the men it brought. rules-mapping-battle.md, "Losses, the end of the day and who
    // gives up the field".
    bool withdrawOnMen = true;
    // §2.8 [X] a foot screen in the open falls back behind its line once enemy horse it can see could charge it next
    // turn (retire), or only when formed enemy is within 80 paces, 120 for rifles (formed_only, the earlier doctrine).
    // rules-mapping-battle.md, "Losses, the end of the day and who gives up the field".
    bool screenRetiresFromHorse = true;
    // §2.8 [X] a withdrawing side's foot marching off toward its rear edge turns its back on the enemy, and the
    // victor's horse in the Assault posture rides after it and charges its rear, where the chart gives mounted troops
    // the fight against foot in the open (horse); or the withdrawing foot keeps its face to the enemy and the horse
    // keeps its station (none, the earlier doctrine). rules-mapping-battle.md, "Horse after a withdrawing army".
    bool pursueWithdrawal = true;
    // §3.2 [X] men of routing stands cut down by a charge or pursuit (an automatic major defeat, §2.16): reported as
    // killed and wounded (cut_down), or as taken prisoner (taken). Points are the same either way: full value.
    bool caughtRoutersTaken = true;
    // §2.8 [X] a side in the Hold posture goes over to the attack once its formed strength on the table (by §3.3
    // value) is at least this percentage of the enemy's formed strength it can see within 650 paces; 0: never (the
    // spec's doctrine). rules-mapping-battle.md, "Holding against a far weaker enemy".
    int counterattackRatio = 200;
    // §2.8 [X] Class 1 foot in front of a line of better troops of its own side falls back behind it once formed
    // enemy closes to 200 paces (fall_back), or stands like any first line (stand). rules-mapping-battle.md.
    bool forwardClass1FallBack = true;
    // §2.8 [X] an attacking unit that has nobody of the enemy in its files and none in sight makes for the nearest
    // enemy on the table all the same (nearest_enemy), or walks on in its own files (straight_ahead, the earlier
    // doctrine, which led it past enemies hidden in woods). rules-mapping-battle.md, "Attackers that close".
    bool assaultSeeksUnseen = true;
    // §2.8 [X] attacking cavalry with no foot line of its side on the table goes for a flank position on the nearest
    // enemy (seek_flank), or stays where it deployed (keep_station, the earlier doctrine: it had no line to keep
    // level with). rules-mapping-battle.md, "Attackers that close".
    bool loneCavalrySeeksFlank = true;
    // §2.8 [X] an attacking Class 1 unit keeps its fire while it closes to its firing distance, since it cannot fire
    // and move in one turn (hold_fire), or fires at whatever it can reach and stays there (fire_at_once, the earlier
    // doctrine). rules-mapping-battle.md, "Attackers that close".
    bool class1HoldsFireClosing = true;
    // §2.4, ¶40 [A] a stand of a formed line may fire at an enemy one file beyond its own at any range, as a line bent
    // toward it would (one_file), or only within the splay of §2.4 (none, the earlier reading: no file at all up to
    // 144 paces). rules-mapping-battle.md, "Attackers that close".
    bool lineBend = true;
    // §2.20 (b) [X] mutual break-off: an attacking brigade none of whose units has moved, fired or tried a charge for
    // two turns has found nothing it can attack or approach and counts as holding (holds); or only brigades in the Hold
    // or Withdraw posture count (assaults, the earlier test: a side left in the Assault posture kept the battle going
    // to nightfall with nobody doing anything). rules-mapping-battle.md, "Days when nobody attacks".
    bool idleAssaultHolds = true;
    // §2.8 (a)–(c) [X] an attacker whose fire cannot hit the enemy in front of it (no face of the die scores from
    // point-blank range with the weather's modifier, or no small-arms fire at all in a storm) goes in with the
    // bayonet: the firefight condition is met at once and, since a failed to-charge test costs nothing (§1.10 TCT:
    // the unit may still act otherwise), the test's odds do not count against the charge, which needs only the
    // threshold of the last two daylight turns (close); or it stands and fires as any attacker (keep_firing, the
    // earlier doctrine). rules-mapping-battle.md, "Days when nobody attacks".
    bool futileFireCloses = true;
    // §2.13, §2.1 (player judgement as doctrine) [X] a stand whose die cannot score on any face against its target at
    // that range, with the weather's modifier, keeps its fire (held): firing would only leave smoke (the Unsteady
    // table next phase, ¶405) and show the unit (¶335); fire at a charger stays compulsory (¶396). Or it fires all the
    // same (fired, the earlier doctrine). rules-mapping-battle.md, "Days when nobody attacks".
    bool futileVolleysHeld = true;
    // §2.20 (a), §2.16 [X] a side whose every unit on the table routs ends the battle at the end of that turn
    // (at_once, the earlier reading), or once none of its routers is left within reach of enemy horse, so that
    // cavalry pursues them as the book's pursuit and charges at routers (¶478, ¶489) let it (after_pursuit).
    bool pursueBeforeEnd = true;
    // §2.20 (b) mutual break-off: a turn is quiet when no fire hit, no charge and no contact occurred in it (hits:
    // the spec's words, so a cannonade at long range or volleys that cannot tell do not keep a day of two holding
    // sides going to nightfall), or when nobody fired at all (any, the earlier reading). The result's `engaged`
    // follows the same test. rules-mapping-battle.md, "Fire that tells".
    bool quietUnlessHit = true;

    // Sets one key (without the "tactical." prefix); returns an error message naming the allowed values.
    std::optional<std::string> set(std::string_view key, std::string_view value);
    // Every key=value line, sorted by key (the canonical parameter set of §3.1).
    std::string canonicalText() const;
    std::uint64_t hash() const;
    static std::vector<std::string_view> keys();
    bool operator==(const Params&) const = default;
    // Takes every "tactical.*" option of a campaign.
    static Params fromOptions(const campaign::Options& options);
};

// FNV-1a-64 (§3.1, §4.1).
constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
constexpr std::uint64_t kFnvPrime = 0x100000001b3ULL;
std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h = kFnvOffset);
std::string hex64(std::uint64_t v);

}  // namespace etatmajor::battle
