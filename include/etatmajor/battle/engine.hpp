// SPDX-License-Identifier: GPL-3.0-or-later
// The Redcoats & Rebels battle engine: the abstract state of tactical-resolver.md §2.2 on the file-and-depth strip
// of §2.4–2.5, and the turn sequence of §2.10 as one method per phase. RedcoatsResolver runs it turn by turn;
// tests drive single phases through the same methods (and a few hooks that set up a situation directly).
//
// Conventions (§2.4): files x ∈ [0, W) across the front; each unit's `front` is its front edge in paces from its
// own rear edge, so two opposing units in shared files are D − frontA − frontB paces apart and in contact at 0.
// Terrain rectangles use side A's coordinates (y from A's rear edge).
// Determinism (§4.2): units are indexed in (side, brigade id, unit id) order and every loop runs in index order;
// no floating point anywhere.
#pragma once

#include "etatmajor/battle/battle_dice.hpp"
#include "etatmajor/battle/close_assault.hpp"
#include "etatmajor/battle/morale.hpp"
#include "etatmajor/battle/narrative.hpp"
#include "etatmajor/battle/result.hpp"
#include "etatmajor/battle/setup.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::battle {

// Role of a unit in the deployment (§2.6.4).
enum class Role : std::uint8_t { FirstLine, SecondLine, Reserve, Screen, Cavalry, Artillery };

struct Gun {
    Calibre calibre = Calibre::Light;
    bool howitzer = false;
    int crew = 0;  // crew figures serving it (0–3)
    bool destroyed = false;
    bool abandoned = false;  // crews fled; stays where it stood (§2.18)
    int holder = kNoSide;    // side holding an abandoned gun (§2.18 [A])
    int limber = 0;          // 0 sound, 1 half speed, 2 immobile
    int x = 0;               // where an abandoned gun stands: file and pace from side A's rear edge
    int y = 0;
    // Its target as chosen from `choiceFile` in the bombardment pass of Fire Phase number `choiceFire`, while the
    // cover had been battered `choiceCover` times: the tactical pass of that phase reuses it when the cover is
    // unchanged, since nothing else the choice reads changes during the phase's fire (positions, states,
    // visibility and contacts only change once the hits are applied).
    int choiceFire = -1;
    int choiceCover = -1;
    int choiceFile = 0;
    int choiceTarget = kNone;
    int choiceZoneFile = 0;
};

struct Feature {
    FeatureKind kind = FeatureKind::LightWood;
    int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    bool key = false;
    bool difficult = false;
    int owner = kNoSide;  // works: the side they were built for
    int hits = 0;         // artillery hits on the cover (¶279)
    int siegeHits = 0;
    bool flattened = false;
};

enum class ChargeKind : std::uint8_t { Declared, Counter, Opportunity, Pursuit, BreakThrough };

struct Unit {
    // identity (§2.2)
    std::string id;
    std::string name;
    int index = 0;
    int side = kSideA;
    int brigade = kNone;
    UnitType type = UnitType::LineInfantry;
    Nationality nationality = Nationality::British;
    int unitClass = 2;
    int fps = 4;
    Armament armament = Armament::Musket;
    bool bayonets = true;
    bool highlander = false, militia = false, legionDragoons = false, guards = false;
    bool independentLight = false, alwaysInCommand = false, hasColours = false;
    std::string nearId;
    int nearUnit = kNone;
    int figuresStart = 0, standsStart = 0, figures = 0;
    Role role = Role::FirstLine;
    Slot slot = Slot::Auto;
    int fixedDepth = -1;
    int fixedFile = -1;
    // A line in depth (battle file `inFilesOf`): the line whose files the unit stands in (an index of
    // m_lineTargets, kNone: none), and the lines it is part of itself.
    int filesOf = kNone;
    std::vector<int> lineOf;

    // status
    UnitStatus status = UnitStatus::OnTable;
    int arrivalTurn = 1;
    ArrivalTrigger trigger = ArrivalTrigger::None;
    Edge entry = Edge::OwnRear;
    Sector sector = Sector::Line;
    int returnTurn = 0;
    bool everRouted = false;
    bool pursuedOff = false;

    // position (§2.4)
    int lane = 0;  // 0 main strip; 1 left, 2 right flank lane (§2.6.5)
    int x0 = 0, w = 1;
    int front = 0;
    int depth = 20;
    Formation formation = Formation::Line;
    bool hidden = false;
    int anchor = kNone;                        // second line: the first-line unit it follows
    int slotX0 = 0, slotW = 0, slotFront = 0;  // first line: the stretch of the line it holds (gap filling)
    bool rearguard = false;

    // terrain under the unit, refreshed whenever it moves
    int cover = 0;  // 0 none, 1 light, 2 heavy (target class precedence of §1.11)
    bool inWood = false, inHeavyWood = false, inUrban = false, inWorks = false, difficult = false;
    bool inMarsh = false, inCamp = false, inRiver = false;
    bool behindWorks = false;  // behind or inside any linear work (wall, hedge, breastwork, redoubt)
    bool onRoad = false;       // on a road (a causeway through a marsh)
    int elevation = 0;

    // morale (§2.2)
    Morale morale = Morale::Ordered;
    bool permShaken = false;
    bool haltUnsteady = false;  // Unsteady only from a HALT step, which lasts that step's one turn (§1.10 CWE/SCT)
    Ladder ladder = Ladder::None;
    int ladderTurn = -100;
    bool facingAway = false;
    int surprisedTurn = -100;

    // this turn
    bool fired = false, smoke = false, moved = false, formationChanged = false;
    bool chargeAttempted = false, charging = false, evaded = false, passedBct = false;
    bool chargeStartSteady = false, passageOfLines = false, rallying = false, rallyFlag = false;
    int chargeTarget = kNone;
    ChargeKind chargeKind = ChargeKind::Declared;
    int chargeReachLeft = 0;
    int routTurn = -100;      // turn it began to rout
    int routMoveFrom = -100;  // first turn whose movement phase moves it
    int brokenTurn = -100;    // routed, destroyed, removed or surrendered (BCT factor)
    bool pursuing = false;
    int pursuitTarget = kNone;
    int pursuitMoves = 0;
    bool pursuedThisTurn = false;
    int hitsThisTurn = 0, hitsLastTurn = 0;
    int fireRemovable = 0, fireMoraleOnly = 0;
    int firingUnits = 0;  // units that fired at it this phase (staff rolls, ¶313)
    int lastFirer = kNone;
    int fireArtilleryHits = 0;  // of the removable hits, those from guns (Damage Table without the −1)
    // battalion guns (§2.18): hits on them as a target of their own, and the last unit that rolled at them
    int gunHitsArtillery = 0, gunHitsSmallArms = 0;
    int gunLastFirer = kNone;
    bool shellHit = false, flankFire = false, surprisedByFire = false;
    int firefightWith = kNone, firefightTurns = 0, firefightThisTurn = kNone;
    int pushBacks = 0;
    int lootUntil = 0;
    bool looted = false;
    int ammo = -1;  // OR1 fire phases left; -1 unlimited
    int attachedGeneral = kNone;
    int attachedAdcOf = kNone;
    int ralliedBy = kNone;
    int revealedTurn = -100;
    int staffLostInMelee = 0;
    bool cweTaken = false;
    int heldFireFront = -1;  // where it last kept its fire to close (§2.8 class1_closing)

    // artillery
    std::vector<Gun> guns;
    int limbersDamaged = 0;
    int gunsDestroyed = 0;
    int crewLost = 0;

    // accounting (figures)
    int lostFire = 0, lostCloseAssault = 0, surrendered = 0, massacred = 0, offTable = 0, scattered = 0;
    // of lostCloseAssault, the figures of stands lost while routing and caught by a charge or pursuit, reported as
    // prisoners (caught_routers = taken); they cost their full value, as casualties do (§2.21)
    int caughtRouting = 0;
    int removedSpent = 0;
    int coloursLostTo = kNoSide;
};

// Battalion guns (§2.18, §4.15) are the guns of a foot unit; batteries are the artillery types.
inline bool hasBattalionGuns(const Unit& u) { return !isArtillery(u.type) && !u.guns.empty(); }

struct General {
    std::string id;
    std::string name;
    int index = 0;
    int side = kSideA;
    Rank rank = Rank::Brigade;
    Arm arm = Arm::Mixed;
    Nationality nationality = Nationality::British;
    Rating rating = Rating::Capable;
    Rating ratingStart = Rating::Capable;
    int aides = 0, aidesStart = 0;
    bool escort = false, escortStart = false;
    bool army = false;
    bool neverAttach = false;
    int minBehind = 0;
    int brigade = kNone;  // the brigade he commands directly (kNone: army or division staff)
    int parent = kNone;   // next general up the chain
    int arrivalTurn = 1;
    bool onTable = true;
    StaffFate fate = StaffFate::Unhurt;
    bool gone = false;       // severely wounded, killed or captured
    int outUntil = 0;        // wounded: inactive before this turn
    int replacementDue = 0;  // turn whose Initiative Phase brings his replacement
    int replacedBy = kNone;
    int replaces = kNone;
    int attachedTo = kNone;
    int x = 0;      // post: file
    int front = 0;  // post: paces from own rear edge
    int rallies = 0;
    int aidesLost = 0, escortLost = 0;
};

struct Brigade {
    std::string id;
    std::string name;
    int index = 0;
    int side = kSideA;
    int general = kNone;  // own general; kNone: commanded through parent
    int parentGeneral = kNone;
    std::vector<int> units;
    int standsStart = 0;
    bool spent = false;
    bool reserve = false;
    bool committed = false;
    Posture posture = Posture::Hold;
    Mode mode = Mode::DeployedDefensive;
    int pinnedUntil = 0;  // §2.8 [X]: holds until this turn while its side's flank march is on its way (0: never)
    int idleTurns = 0;    // consecutive turns in which none of its units moved, fired or tried a charge (§2.20 b)
};

struct SideState {
    std::string id;
    std::string name;
    int army = kNone;  // army general index
    bool initiativeTurn1 = false;
    bool withdrawing = false;
    int withdrawTurn = 0;
    int rearguardUntil = 0;
    bool armyGeneralLost = false;
    Points6 start;
    Ammunition ammunition = Ammunition::Default;
    std::string supplyPoint;
    bool flankWarning = false;
    int lastActionTurn = 0;
    std::optional<int> orderedWithdrawTurn;  // the battle file's ordered withdrawal (SideSpec)
    std::optional<int> orderedWithdrawLoss;
};

struct ContactPair {
    int a = kNone;  // a charged b (or a is the flank attacker)
    int b = kNone;
    bool flank = false;
    bool breakThrough = false;
};

// One close assault fought (for tests, narratives and calibration).
struct CombatRecord {
    int turn = 0;
    int winnerSide = kSideA;
    charts::CaLetter letter = charts::CaLetter::A;
    bool automatic = false;
    int margin = 0;
};

class Engine {
public:
    Engine(const BattleSetup& setup, BattleDice& dice, Narrative* narrative = nullptr);
    // A copy of an engine built but not yet run, fighting with other dice and narrative (many trials of one set-up,
    // performance.md P4). It fights the battle a new engine would when building `built` rolled no dice (its dice's
    // count() is still 0); the set-up is shared, not copied.
    Engine(const Engine& built, BattleDice& dice, Narrative* narrative);

    // Fights the whole battle (§2.10, §2.20) and returns the §3 result.
    BattleResult run();

    // --- the turn sequence, one method per phase (§2.10) ---
    void startTurn();
    void initiativePhase();
    void grandTacticalPhase();
    void moralePhase();
    void firePhase();
    void movementPhase();
    void closeAssaultPhase();
    void endOfTurn();
    bool battleOver() const { return m_over; }
    BattleResult finish();
    // Trials that read only the outcome (TrialOutcome): finish() then leaves out the ids of units and brigades, the
    // gun records, the names of ledger items and the generals; every figure and the events stay (performance.md P4).
    void setOutcomeOnly(bool on) { m_outcomeOnly = on; }

    // --- state ---
    int turn() const { return m_turn; }
    int turnsAvailable() const { return m_turns; }
    int initiative() const { return m_initiative; }
    int width() const { return m_width; }
    int depth() const { return m_depth; }
    const std::vector<Unit>& units() const { return m_units; }
    // Units are indexed side A first (§4.2 canonical order), so each side's units are one run of that order: loops
    // over one side's units visit them in index order as a loop over all units skipping the other side does.
    std::span<const Unit> sideUnits(int side) const {
        return {m_units.data() + m_sideBegin[static_cast<std::size_t>(side)],
                m_units.data() + m_sideBegin[static_cast<std::size_t>(side) + 1]};
    }
    std::span<Unit> sideUnits(int side) {
        return {m_units.data() + m_sideBegin[static_cast<std::size_t>(side)],
                m_units.data() + m_sideBegin[static_cast<std::size_t>(side) + 1]};
    }
    Unit& unit(int i) { return m_units[static_cast<std::size_t>(i)]; }
    const Unit& unit(int i) const { return m_units[static_cast<std::size_t>(i)]; }
    int unitIndex(std::string_view id) const;
    std::vector<General>& generals() { return m_generals; }
    const General& general(int i) const { return m_generals[static_cast<std::size_t>(i)]; }
    int generalIndex(std::string_view id) const;
    const std::vector<Brigade>& brigades() const { return m_brigades; }
    Brigade& brigade(int i) { return m_brigades[static_cast<std::size_t>(i)]; }
    const std::vector<Feature>& features() const { return m_features; }
    const std::vector<ContactPair>& contacts() const { return m_contacts; }
    const SideState& sideState(int s) const { return m_sides[static_cast<std::size_t>(s)]; }
    const std::vector<CombatRecord>& combatLog() const { return m_combatLog; }
    const Params& params() const { return m_params; }

    // §2.2 stands: figures div fps, plus one if the remainder is at least fps − 1 (and at least two figures).
    static int standsOf(int figures, int fps) {
        if (figures <= 0) return 0;
        const int whole = figures / fps;
        const int rest = figures % fps;
        return whole + ((rest > 0 && rest >= fps - 1 && rest >= 2) ? 1 : 0);
    }
    int stands(const Unit& u) const { return standsOf(u.figures, u.fps); }
    // opposing units in the main strip (inline: the hottest helper of the resolver)
    int separation(const Unit& a, const Unit& b) const {
        if (a.lane == b.lane) return depthFor(a.lane) - a.front - b.front;
        return separationAcrossLanes(a, b);
    }
    int separationAcrossLanes(const Unit& a, const Unit& b) const;
    // §2.4 general distance (inline, as separation)
    int distance(const Unit& a, const Unit& b) const {
        if (a.lane != b.lane) {
            const int sep = separation(a, b);
            return sep >= kFarApart ? kFarApart : std::abs(sep);
        }
        const int d = depthFor(a.lane);
        const int dy = a.side == b.side ? std::abs(a.front - b.front) : std::abs(d - a.front - b.front);
        return std::max(charts::kStandWidth * fileGap(a, b), dy);
    }
    static constexpr int kFarApart = 1 << 20;  // "no relation": units in different lanes that cannot reach each other
    bool inCommand(int unit) const { return m_inCommand[static_cast<std::size_t>(unit)] != 0; }
    // best rating of the chain, valid when inCommand
    Rating commandRating(int unit) const { return m_commandRating[static_cast<std::size_t>(unit)]; }
    bool onTable(const Unit& u) const { return u.status == UnitStatus::OnTable; }
    bool present(const Unit& u) const;  // counts for brigade morale (§2.19)
    // asCharging: as if the target had declared a charge (the doctrine's estimate of the fire its charge will meet)
    TargetClass targetClass(const Unit& target, bool firerIsArtillery, const Unit* firer, bool asCharging = false) const;
    // §2.3 volley table [I] (¶405–408, G12); inline: read for every firer and every charge estimate
    charts::FireTable volleyTable(const Unit& u) const { return volleyTable(u, u.smoke); }
    // The same with or without last Fire Phase's smoke (a Class 2–3 unit that holds its fire a phase volleys Steady).
    charts::FireTable volleyTable(const Unit& u, bool smoke) const {
        using charts::FireTable;
        if (isMounted(u.type) && u.formation != Formation::Dismounted) return FireTable::Mounted;
        if (u.formation == Formation::Dismounted) return FireTable::Mounted;
        if (u.type == UnitType::Native || (u.armament == Armament::MixedBow)) return FireTable::Skirmish;
        if (u.formation == Formation::Skirmish) return u.armament == Armament::Rifle ? FireTable::RifleSkirmish : FireTable::Skirmish;
        const bool unsteadying = u.inWood || u.difficult || u.inWorks || u.inUrban || u.inMarsh;
        if (u.unitClass == 1 || isIrregularType(u.type) || u.morale == Morale::Shaken || u.morale == Morale::Unsteady ||
            u.morale == Morale::Routing || unsteadying)
            return FireTable::UnsteadyVolley;
        if (u.unitClass >= 4 || !smoke) return FireTable::SteadyVolley;
        return FireTable::UnsteadyVolley;
    }
    struct InitiativeRoll {
        std::array<int, 2> bis{};
        std::array<int, 2> total{};
        std::array<int, 2> dice{};
        int winner = kSideA;
    };
    const InitiativeRoll& lastInitiative() const { return m_lastInitiative; }
    int bisOf(int side) const;             // §11.1 battle initiative sum
    int initiativeDiceOf(int side) const;  // eligible generals
    std::vector<int> eligibleGenerals(int side) const;
    Points6 netLossNow(int side) const;             // provisional, for the withdraw switch (§2.20)
    std::pair<int, int> menOutNow(int side) const;  // men out of the fight and men at the start (§2.20 withdraw_measure)

    // §2.7 scouting and deployment order (tactical.scouting_deployment = on).
    int scoutingPoints(int side) const;  // §1.7 over the side's troops on the table at the start
    struct ScoutingPlan {
        bool used = false;  // the parameter was on and the plan decided the placement
        std::array<int, 2> points{};
        int margin = 0;
        int outScouted = kNoSide;   // the side with fewer points (kNoSide on equal points)
        int placesFirst = 0;        // charts::scoutingPlacesFirst(margin): 0 alternate, 1–3, -1 whole force
        int firstPlacer = kNoSide;  // the side whose line goes down before the other side places anything
        std::vector<char> seen;     // per brigade of the first placer: visible when the other side placed
    };
    const ScoutingPlan& scoutingPlan() const { return m_scouting; }

    // --- hooks for tests and scenario set-up ---
    void setInitiative(int side) { m_initiative = side; }
    void forceCharge(int charger, int target);      // replaces doctrine declarations for this unit this turn
    void setDoctrine(bool on) { m_doctrine = on; }  // off: no doctrine charges, moves or formation choices
    void placeContact(int a, int b, bool flank = false);
    void receiveHits(int unit, int removable, int moraleOnly);  // tallies as if from one fire phase
    void resolveHits();  // applies tallies and takes the Shooting Casualties Tests (§2.10 IV.4–5)
    void setFront(int unit, int front);
    void setFiles(int unit, int x0, int w);
    // §1.12: some face of the die scores a hit (of either kind) for U's small arms against T from point-blank range,
    // with the weather's modifier, on the table U fires now or on the Steady one it gets by holding its fire a phase
    bool fireCanScore(const Unit& u, const Unit& t) const;
    void setTurn(int t) { m_turn = t; }
    void setEndAfterTurn(bool b) { m_endAfterThisTurn = b; }
    void markSpent(int brigade);

    // §2.8 doctrine predictions, public for tests.
    TctInputs tctInputs(int charger, int target, bool flank) const;
    BctInputs bctInputs(int target, int charger, bool flank, bool declared) const;
    CweInputs cweInputs(int charger, int target, bool flank) const;
    CweInputs sctInputs(int unit) const;
    int caMarginNow(int attacker, int defender, bool attackerCharging, bool flank) const;

private:
    struct PendingCharge {
        int charger = kNone;
        int target = kNone;
        ChargeKind kind = ChargeKind::Declared;
        bool flank = false;
        bool contacted = false;
        bool immediate = false;
        int bct = kUnknownTest;  // the target's being-charged test total when the doctrine chose this charge
    };

    // the narrative (engine.cpp)
    void log(std::string text);
    std::string unitName(int u) const;

    // set-up (engine_setup.cpp)
    void build(const BattleSetup& setup);  // the steps below, then the deployment
    void sizeField(const BattleSetup& setup);
    void chooseHolder(const BattleSetup& setup);
    void buildSides(const BattleSetup& setup);
    void canonicalOrder();
    void startStrengths();
    void setPostures();
    void startPoints();
    void buildTerrain();
    void rollAmmunition();
    void logSetup();
    void buildFormation(const FormationSpec& f, int side, Mode mode, int arrival, ArrivalTrigger trig, Edge entry, int parentGeneral,
                        const std::vector<int>& lineOf, int filesOf);
    int lineTarget(const std::string& id) const;  // the index of m_lineTargets named by id, kNone when nobody names it
    int addGeneral(const GeneralSpec& g, int side, int parent, int arrival);
    void placeWorks();
    void generateTemplateTerrain();

    // deployment and the generals' posts (engine_deploy.cpp)
    void place();
    void placeSide(int side);  // the steps below, in this order
    struct Deployment;         // one side's deployment, handed from step to step
    void chooseReserveBrigade(const Deployment& dep);
    void assignRoles(Deployment& dep);
    void fitFrontage(Deployment& dep);
    void centreLine(Deployment& dep) const;
    void strongestOpposite(Deployment& dep) const;
    int firstLineFront(const Deployment& dep);
    void placeFirstLine(Deployment& dep);
    void placeLineUnit(int ui, int x0, int front);
    void placeLinesInDepth(Deployment& dep);
    void placeSecondLine(const Deployment& dep);
    void placeScreens(const Deployment& dep);
    void placeCavalry(Deployment& dep);
    void placeReserves(const Deployment& dep);
    void placeRearguard(const Deployment& dep);
    void settlePlacement(int side);
    int deployWidth(int unit) const;
    std::pair<int, int> seenLineExtent(int side) const;
    int weakestSeenThird(int other, int lo, int hi) const;
    bool anchoredAt(int file) const;
    void planScouting();
    bool seenAtPlacement(const Unit& u) const;  // an enemy unit the side now placing may place against (§2.7)
    void updatePosts();

    // geometry and terrain (engine_geometry.cpp)
    int absFront(const Unit& u) const {
        if (u.lane != 0) return -1;  // lane units stand off the strip
        return u.side == kSideA ? u.front : m_depth - u.front;
    }
    int depthFor(int lane) const { return lane == 0 ? m_depth : m_laneLength[static_cast<std::size_t>(lane)]; }
    int laneEnd(int lane) const { return m_laneEnd[static_cast<std::size_t>(lane)]; }
    void refreshLanes();
    bool engaged(const Unit& a, const Unit& b) const;  // may fight each other at all (§2.6.5 lanes)
    // engaged, and able to face it; two units of the main strip always may (inline: called for every pair)
    bool mayFireAt(const Unit& firer, const Unit& t) const {
        return (firer.lane == 0 && t.lane == 0) || mayFireAtAcrossLanes(firer, t);
    }
    bool mayFireAtAcrossLanes(const Unit& firer, const Unit& t) const;
    bool laneBlocked(const Unit& u) const;  // a friend ahead of it in its lane
    void laneMove(int u);
    void exitLane(int u);
    bool refuseFlank(int u);
    int fileGap(const Unit& a, const Unit& b) const {
        if (a.lane != b.lane) return engaged(a, b) ? 1 : 1000;
        if (a.lane != 0) return 0;
        return std::max({0, b.x0 - (a.x0 + a.w), a.x0 - (b.x0 + b.w)});
    }
    int overlapFiles(const Unit& a, const Unit& b) const {
        if (a.lane != b.lane) return 0;
        if (a.lane != 0) return 1;
        return std::max(0, std::min(a.x0 + a.w, b.x0 + b.w) - std::max(a.x0, b.x0));
    }
    bool sameDepthBand(const Unit& a, const Unit& b, int tolerance) const;
    void refreshTerrain(Unit& u);
    int frontageFor(const Unit& u, Formation f) const;
    void setFormation(Unit& u, Formation f);
    void shrinkToStands(Unit& u);
    bool flankPosition(const Unit& u, const Unit& t) const;
    bool inOpen(const Unit& u) const { return !u.inWood && !u.inUrban && u.cover == 0 && !u.inMarsh; }
    bool isFormed(const Unit& u) const {
        // ¶26, ¶355: unformed = skirmish screens, routers, units in urban areas or heavy woods.
        return u.formation != Formation::Skirmish && u.morale != Morale::Routing && !u.inUrban && !u.inHeavyWood;
    }
    bool isScreen(const Unit& u) const { return u.formation == Formation::Skirmish; }
    bool treatedAsSkirmishers(const Unit& u) const {
        if (u.formation == Formation::Skirmish || u.formation == Formation::Dismounted) return true;
        // G22: the literal ¶112/¶118 reading behind a switch.
        return m_params.lightCavAlwaysSkirmishers &&
               (u.type == UnitType::LightCavalry || u.type == UnitType::IrregularCavalry || u.type == UnitType::MountedInfantry);
    }
    bool visibleTo(int side, const Unit& u) const;
    int sightLimit(const Unit& u) const;
    void revealIfSeen(Unit& u);
    bool blocked(const Unit& firer, int file, const Unit& target) const;
    // The files [lo, hi) of the units that would block fire from firer at target in their files: for a file of the
    // target's, blocked(firer, file, target) is whether one of them covers the file (one scan for all of a unit's
    // stands; units outside the target's files are left out).
    void maskingFiles(const Unit& firer, const Unit& target, std::vector<std::pair<int, int>>& out) const;
    // gunsSlow: battalion guns hold the battalion to their row (ordinary moves), not in a charge's reach [X]
    int moveAllowance(const Unit& u, bool firedThisTurn, bool gunsSlow = true) const;
    int terrainPercent(const Unit& u) const;
    int routRate(const Unit& u) const;
    bool touchingSteadyFriend(const Unit& u) const;
    bool anchoredFlank(const Unit& u) const;
    int elevationAt(int x, int yAbs) const;
    bool pathBlockedByRiver(const Unit& u, int newFront) const;
    int gunSafeFront(const Unit& u) const;
    int nearestOppositeEnemy(const Unit& u, bool visibleOnly) const;
    int nearestEnemyDistance(const Unit& u, bool formedOnly, bool visibleOnly) const;
    bool unitsOverlapSameSide(const Unit& a) const;

    // command and staff (engine_geometry.cpp)
    void refreshCommand();
    bool generalAvailable(const General& g) const { return g.onTable && !g.gone && m_turn >= g.outUntil && g.replacedBy == kNone; }
    bool ownBrigadeGeneralCommands(int unit) const;
    bool generalAttachedTo(int unit) const;
    bool adcAttachedTo(int unit) const;
    void staffCasualtyRoll(int general, bool adcOnly, int unitContext, int modifier);
    void loseGeneral(int g, StaffFate fate);
    void staffUpkeep();

    // initiative and morale (engine_morale.cpp)
    int rollInitiative();
    void brigadeStatus();
    bool militiaFallBack(int unit);
    bool pursueWithdrawing(int unit, int allowance);
    void massPanic();
    void declareCharges(int side);
    void respondToCharges(int side, bool mayCounter);
    void secondImpulses();
    bool chargeEligible(int u, bool declared) const;
    bool mayTarget(int u, int t, bool declared, bool& flank, int knownReach = -1) const;
    int chargeReach(const Unit& u, ChargeKind kind) const;
    int chargeDistance(const Unit& u, const Unit& t, bool flank) const;
    int chargeSuccess(int u, int t, bool flank, int& margin, int& bctTotalOut) const;
    static constexpr int kUnknownTest = -1000;  // "not computed yet" for a test total
    int chargeSuccess(int u, int t, bool flank, int& bctTotalOut, int knownTctFaces = -1, int knownBct = kUnknownTest) const;
    int expectedDefensiveHits(int target, int charger) const;
    bool wavering(const Unit& t) const;
    bool standOff(const Unit& u, const Unit& t) const;
    void attachForCharges(int side, const std::vector<PendingCharge>& list);
    void detachAll();
    void startCharge(int u, int t, ChargeKind kind, bool flank);
    void makeContact(int a, int b, bool flank, bool breakThrough = false);
    void breakContactsOf(int u);
    // in a contact pair (a per-unit count kept by addContact, breakContactsOf and finish: the hottest test of all)
    bool inContact(int u) const { return m_contactCount[static_cast<std::size_t>(u)] > 0; }
    void addContact(const ContactPair& p);
    void countContact(const ContactPair& p, int delta);
    std::vector<int> contactsOf(int u) const;
    // Routs the unit. `caught`: it broke while in charge contact, so it stays frozen in that contact until the Close
    // Assault Phase and its automatic major defeat (§2.12.7, ¶389, ¶489) instead of running half a rout move now.
    void rout(int u, bool halfMoveNow, const char* why, bool caught = false);
    void ladderFailure(int u, int enemyUnit);
    TestOutcome takeBct(int target, int charger, bool flank, bool declared);
    void takeCwe(int u);
    void evade(int u, int from);
    void refreshVisibility();
    void rallyFlags();
    void completeRallies();
    void breakThroughBcts();

    // fire (engine_fire.cpp)
    void artilleryFire(int side, bool bombardPass);
    void smallArmsFire(int side);
    // `targets`: when given, the enemy units on the table, seen and not in contact (smallArmsFire gathers them once
    // for all its firers: nothing in the Fire Phase changes them)
    bool closingWithoutFire(const Unit& u) const;
    void fireUnitSmallArms(int u, int forcedTarget, const std::vector<int>* targets = nullptr);
    void gatherFireCandidates(const Unit& u, int longMax, const std::vector<int>* targets);
    int standTarget(const Unit& u, int file, int bend, int& maskTarget, int& range);
    void fireBattery(int u, bool bombard, int forcedTarget);
    int chooseArtilleryTarget(int u, const Gun& g, int file, int& zoneFile) const;
    // extraUnit: the one unit in the zone that gets a horse battery's extra die (§2.18, §4.23); generalSeen: the
    // units that have had this battery's artillery-general die this phase (¶316), or null without a general.
    void artilleryZoneDice(int u, const Gun& g, int gunFile, int target, int zoneFile, RollTag tag, int diceEach,
                           int extraUnit = kNone, std::vector<char>* generalSeen = nullptr);
    // ¶316, §2.18: marks, for this Fire Phase, the battery each available Capable or Exceptional artillery general
    // is with (m_gunGeneral).
    void attachArtilleryGenerals();
    bool commandsBrigade(int general, int brigade) const;  // the brigade's chain of command runs through him
    bool gunGeneralWith(int u) const {                     // an artillery general is with this battery this Fire Phase
        return static_cast<std::size_t>(u) < m_gunGeneral.size() && m_gunGeneral[static_cast<std::size_t>(u)] != 0;
    }
    void tally(int target, int firer, int hits, bool removable);
    bool mayFireBattalionGuns(const Unit& u) const;
    bool battalionGunsStanding(const Unit& u) const;  // a gun not destroyed nor abandoned
    // §2.18: a firer that rolls at a battalion rolls once more, with the same cell, at its guns
    void rollAtBattalionGuns(int target, int firer, const charts::HitCell& cell, int modifier, RollTag tag, bool fromArtillery);
    void damageBattalionGuns(int u, int hits, int modifier);
    void applyHits();
    void damageBattery(int u, int hitsCount, int modifier, bool fromArtillery);
    void removeStands(Unit& u, int n, bool closeAssault);
    void shootingTests();
    int firingStands(const Unit& u) const;
    int fileOfStand(const Unit& u, int stand, int count) const;
    bool mayFire(const Unit& u) const;
    int smallArmsRange(const Unit& u) const;

    // movement (engine_move.cpp)
    void routMoves(int side);
    void pursuitMoves(int side);
    void opportunityCharges(int side);
    void doctrineMoves(int side);
    void moveUnitForward(int u, int paces);
    void moveUnitBack(int u, int paces, bool rout);
    void assaultMove(int u);
    void holdMove(int u);
    void withdrawMove(int u);
    void secondLineMove(int u);
    void reserveMove(int u);
    void cavalryMove(int u);
    void loneCavalryMove(int u, int allowance);
    void screenMove(int u);
    void artilleryMove(int u);
    void fillGap(int u, int gapUnit);
    int desiredSeparation(const Unit& u, const Unit& enemy) const;
    void grandTacticalMove(int u);
    bool threatenedWithin(const Unit& u, int paces) const;
    void commitReserves(int side);
    void staffMoves();
    void lootCheck(int u);
    void arrivals();
    void arrive(int unit, bool announce);
    void returnsFromOffTable();

    // close assault (engine_assault.cpp)
    std::vector<std::vector<int>> combats() const;
    void fightCombat(const std::vector<int>& members, bool wrapUp);
    bool autoVictory(const std::vector<int>& side, const std::vector<int>& enemy, charts::AutoVictory& kind) const;
    CaSideInputs caInputs(std::span<const int> side, std::span<const int> enemy, bool hypothetical, int hypoCharger,
                          bool hypoFlank) const;
    // `victorsPaid`: winners that have already taken a victor's stand loss in this combat and do not take another
    // (§2.14.4: the result line applies once per unit and combat).
    void applyCaResult(const std::vector<int>& winners, const std::vector<int>& losers, charts::CaLetter letter, bool wrapUp,
                       bool automatic, const std::vector<int>* victorsPaid = nullptr);
    std::vector<int> victorFlankDirections(const std::vector<int>& winners, const std::vector<int>& losers) const;
    void payVictors(const std::vector<int>& winners, const charts::CaResultLine& line, const std::vector<int>* victorsPaid);
    void applyLoserResult(int loser, const charts::CaResultLine& line, int winnerSide);
    void pushBackMelee(const std::vector<int>& winners, const std::vector<int>& losers, const charts::CaResultLine& line);
    void afterCombatMoves(const std::vector<int>& winners, const std::vector<int>& losers, const charts::CaResultLine& line,
                          const std::vector<int>& flankDirection);
    void surrenderUnit(int u, int captorSide, int captorUnit);
    void removeSpentUnits();
    // enemySide: the captor of the colours of a unit destroyed in close assault; kNoSide when nobody takes them
    void destroyIfEmpty(int u, bool closeAssault, int enemySide);
    void capturedGunsCheck(int victor);
    void abandonGuns(Unit& battery);
    void compulsoryAdvance(int victor, int paces);
    // the formed enemy unit (not the target) the charger would have to pass to reach its contact position, or kNone
    int chargePathBlocker(int charger, int target, bool flank) const;
    void flankAdvance(int victor, int paces, int direction);  // along the axis of a flank charge (¶525)

    // end of turn (engine.cpp)
    void permanentShaken();
    bool arrivalsPending(int side) const;

    // the checks that end the battle, the end of the battle and the accounting (engine_end.cpp)
    void withdrawalChecks();
    void counterattack();  // §2.8 counterattack_ratio, in the Initiative Phase
    void earlyEndChecks();
    // §2.20 (a) broken_side_end: a router of `side` that enemy horse could still charge next turn
    bool routersWithinReachOfHorse(int side) const;
    // §2.20: who holds the field at the end, and in `why` (if given) the test that decided it.
    int fieldHolder(std::string* why = nullptr) const;
    void nightActions();
    void settleGuns(int holder);
    SideLedger ledgerFor(int side, bool final, std::vector<UnitResult>* unitsOut) const;
    bool surrounded(const Unit& u) const;
    int mostAdvancedFront(int side) const;

    // The canonical set-up, shared by the copies of a built engine (trials of one set-up).
    std::shared_ptr<const BattleSetup> m_setupShared;
    const BattleSetup& m_setup;
    Params m_params;
    // the weather's musketry modifier and whether it forbids small arms (§1.12), read from the set-up once
    int m_weatherMusketry = 0;
    bool m_weatherForbidsSmallArms = false;
    BattleDice* m_dice;
    Narrative* m_narrative = nullptr;
    int m_width = 30;
    int m_depth = 1200;
    int m_turns = 10;
    int m_turn = 0;
    int m_firePhases = 0;     // Fire Phases begun (Gun::choiceFire)
    int m_coverBattered = 0;  // cover hits taken so far (Gun::choiceCover)
    int m_initiative = kSideA;
    int m_holder = kSideB;
    bool m_over = false;
    bool m_endAfterThisTurn = false;
    EndReason m_endReason = EndReason::Nightfall;
    bool m_doctrine = true;
    bool m_outcomeOnly = false;
    int m_quietTurns = 0;
    bool m_actionThisTurn = false;
    bool m_engaged = false;  // some turn had a fire hit (any fire under quiet_fire = any), charge, contact or rout
    bool m_firstAssaultFailed = false;
    int m_assaultFailedTurn = 0;
    std::array<SideState, 2> m_sides;
    std::vector<Unit> m_units;
    std::array<std::size_t, 3> m_sideBegin{0, 0, 0};  // side s's units: [m_sideBegin[s], m_sideBegin[s + 1])
    std::vector<General> m_generals;
    std::vector<Brigade> m_brigades;
    std::vector<std::string> m_lineTargets;  // ids of the units and formations a battle file's `inFilesOf` names
    std::vector<Feature> m_features;
    std::vector<ContactPair> m_contacts;
    std::vector<int> m_contactCount;  // per unit: contact pairs it is in (inContact)
    std::vector<PendingCharge> m_forced;
    std::vector<PendingCharge> m_charges;  // this turn's charges
    std::map<std::string, int> m_events;
    std::vector<char> m_inCommand;
    std::vector<Rating> m_commandRating;
    std::vector<char> m_visibleToEnemy;
    InitiativeRoll m_lastInitiative;
    std::vector<int> m_bombarded;
    std::vector<char> m_gunGeneral;   // per unit: an artillery general is with this battery this Fire Phase (¶316)
    std::vector<char> m_generalSeen;  // fire: units that had a battery's artillery-general die, reused
    bool m_battalionGunFire = false;  // fire: a battalion's guns are firing (their hits count as artillery hits)
    std::vector<CombatRecord> m_combatLog;
    // updatePosts: the extent of a group of formed units on the strip (files, most advanced front, count)
    struct PostExtent {
        int lo, hi, front, count;
        void add(const PostExtent& e) {
            lo = std::min(lo, e.lo);
            hi = std::max(hi, e.hi);
            front = std::max(front, e.front);
            count += e.count;
        }
    };
    std::vector<PostExtent> m_extentScratch;         // updatePosts: per brigade, reused
    std::vector<PostExtent> m_generalExtentScratch;  // updatePosts: per general, reused
    struct FireCandidate {
        int index;
        int range;
    };
    std::vector<FireCandidate> m_candidateScratch;   // fire: a unit's candidate targets, reused
    std::vector<std::pair<int, int>> m_rankScratch;  // fire: candidate ranking, reused to spare allocations
    std::vector<std::pair<int, int>> m_maskScratch;  // fire: maskingFiles of one firer and target, reused
    std::vector<int> m_fireTargetScratch;            // smallArmsFire: the enemy units that may be fired at
    // eligibleGenerals: per general, the brigades he commands directly or through subordinates
    struct StaffCommand {
        int start = 0, onTable = 0, offTable = 0;
        bool any = false, spent = false;
    };
    mutable std::vector<StaffCommand> m_staffCommandScratch;
    mutable std::vector<std::pair<int, int>> m_classScratch;  // caInputs: stands by class, reused
    std::array<bool, 2> m_placed{false, false};
    ScoutingPlan m_scouting;
    std::array<bool, 2> m_surrounded{false, false};  // a unit of the side was surrounded at nightfall
    std::array<int, 3> m_laneLength{0, 0, 0};        // §2.6.5 flank lanes: 1 beyond file 0, 2 beyond the last file
    std::array<int, 3> m_laneOwner{kNoSide, kNoSide, kNoSide};
    std::array<int, 3> m_laneEnd{kNone, kNone, kNone};
};

}  // namespace etatmajor::battle
