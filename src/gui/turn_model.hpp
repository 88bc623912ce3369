// What the turn manager shows, read from the core's per-side documents (status, LOC, supply, the event log) and
// the phase preview: no wx, no rules. The windows draw these; tests check them without a display.
#pragma once

#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/hex/layout.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/map/map.hpp"
#include "etatmajor/view/turn_view.hpp"

#include <optional>
#include <string>
#include <vector>

namespace etatmajor::gui {

struct UnitInfo {
    std::string id, name, nationality, type;
    int unitClass = 0, stands = 0, figures = 0, figuresOriginal = 0;
    std::string guns;  // "2 light, 1 light_medium" for artillery
};

struct GeneralInfo {
    std::string id, name, rank, rating, status;
};

// One of the viewing side's MEs (or any ME in the host's view).
struct MeInfo {
    std::string id, label, hex, mode, supplySource, commander;
    std::optional<hex::Offset> offset;
    int points = 0, stands = 0, figures = 0;
    bool entering = false;
    std::vector<GeneralInfo> generals;
    std::vector<UnitInfo> units;
};

// An enemy counter as the viewing side sees it.
struct CounterInfo {
    std::string hex;
    std::optional<hex::Offset> offset;
    bool faceDown = true;
    std::string label;
};

struct VcsInfo {
    int baseline = 0, pointsLost = 0, pointsReplaced = 0, defeatThreshold = 0;
};

struct SideSummary {
    std::string id, name;
    bool known = false;  // its MEs and VCS are shown (own side, or every side for the host)
    std::optional<VcsInfo> vcs;
    std::vector<MeInfo> mes;
    std::vector<CounterInfo> counters;
    std::vector<std::string> urbanControlled;
};

struct WeatherInfo {
    int week = 0, day = 0, daylightTurns = 0;
    std::string weather, windFrom;
};

// The core's status document for one side (or the host) as the turn manager uses it.
struct SideView {
    std::string viewer;  // side id; empty for the host
    std::string campaignName;
    int week = 0, day = 0;
    std::string phase;
    std::optional<WeatherInfo> weather;
    std::vector<SideSummary> sides;

    // Throws std::runtime_error when the document cannot be read.
    static SideView fromStatusJson(const std::string& json);
    const MeInfo* me(const std::string& id) const;
    // Every ME shown, own side first.
    std::vector<const MeInfo*> allMes() const;
    const SideSummary* side(const std::string& id) const;
};

// An ME's line of communication as the core traced it (engine::locJson).
struct LocInfo {
    std::string me, label, supplySource, supplySourceName, problem, viaMe;
    bool loc = false;
    std::vector<hex::Offset> path;
    std::vector<hex::Offset> cutAt;
};
std::vector<LocInfo> parseLocJson(const std::string& json);

// A supply source of the side with its weekly value (engine::supplyJson).
struct SourceInfo {
    std::string id, name, size;
    bool rolled = false, destroyed = false;
    int weeklyValue = 0;
    std::vector<std::string> drawnOnBy;
};
std::vector<SourceInfo> parseSupplyJson(const std::string& json);

// One die of the event log (view::rollsFor).
struct RollInfo {
    int seq = 0, week = 0, day = 0, result = 0;
    std::string phase, subject, purpose, rule, dice, faces, effect;
    std::string line() const;  // one line for the log panel
};
std::vector<RollInfo> parseRollLog(const std::string& json);
// The rolls whose line contains `text` (case-insensitive; empty: all) and whose phase is `phase` (empty: all).
std::vector<RollInfo> filterRolls(const std::vector<RollInfo>& rolls, const std::string& text, const std::string& phase);

// The phase bar: "Week 1, day 1 · W1 Strategic initiative · Fine, wind from the south-west · 12 daylight turns".
std::string phaseBarText(const SideView& view, const view::PhasePreview& next);
// What "Next phase" will do and what it still waits for, for the button's tooltip and the confirmation.
std::string nextPhaseDescription(const view::PhasePreview& next);

// The outline of the map's hexes, as closed polygons in map units (the layout of hex size 1 with hex (0,0) at the
// origin): the outer edges of the border hexes, chained. Overlays that shade "the map" (fog of war) fill these,
// not the window.
std::vector<std::vector<hex::Point>> mapOutline(const map::Map& map);

// Today's orders a side is still writing are kept beside the campaign database, in the orders file format
// (docs/formats/orders.md), so that closing the window loses none of them: DATABASE.draft-SIDE.xml. Only the
// side's own view reads its file back; the host's view and the other side's never do.
std::string draftPath(const std::string& dbPath, const std::string& side);
// Writes the draft atomically (its `side` names the file); throws core::FileError when it cannot.
void saveDraft(const std::string& dbPath, const campaign::OrdersFile& draft);
// The side's saved draft, when there is one for that side and that week and day (nothing otherwise, also when
// the file cannot be read).
std::optional<campaign::OrdersFile> loadDraft(const std::string& dbPath, const std::string& side, int week, int day);
// Forgets the side's saved draft (after its orders were given, or when it belongs to an earlier day).
void removeDraft(const std::string& dbPath, const std::string& side);
// Today's template of the side's orders with the saved draft's orders laid over it, ME by ME: an ME the template
// has not (another side's, or one no longer on the map) is left out, and an ME the draft has not keeps the
// template's order; decoy orders likewise by their id. `restored` counts the orders taken that differ from the
// template's (those the side had written).
campaign::OrdersFile mergeDraft(const campaign::OrdersFile& templ, const campaign::OrdersFile& saved,
                                std::size_t* restored = nullptr);

// Offsets "col,row" of an order's path for the dialog's text field, and back. parsePath names the first bad
// entry in `error` and returns nothing.
std::string formatPath(const std::vector<hex::Offset>& path);
std::optional<std::vector<hex::Offset>> parsePath(const std::string& text, std::string& error);

// Adds a clicked hex to a route being drawn from `start`: a click on the last hex takes it back, a click on an
// earlier hex of the route cuts the route there, any other hex is appended. Returns the new route.
std::vector<hex::Offset> clickRoute(const std::vector<hex::Offset>& route, hex::Offset start, hex::Offset clicked);

}  // namespace etatmajor::gui
