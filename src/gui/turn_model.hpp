// SPDX-License-Identifier: GPL-3.0-or-later
// The turn manager's window-free helpers over the core's typed per-side objects (view::SideView, the dice a viewer
// may see, the phase preview) and the side's draft of today's orders: no wx, no rules. The windows draw with these;
// tests check them without a display.
#pragma once

#include "etatmajor/auth/sealed.hpp"
#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/engine/weekly_stops.hpp"
#include "etatmajor/hex/layout.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/map/map.hpp"
#include "etatmajor/view/battle_view.hpp"
#include "etatmajor/view/day_report.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/view/turn_view.hpp"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace etatmajor::gui {

// The text of a unit's guns for the panels: "2 light, 1 light_medium" (empty for a unit without guns).
std::string gunsText(const view::UnitView& unit);

// A battle as the Battles tab lists it: "Battle 2: week 1 day 3 at 27,34, pending".
std::string battleListLine(const view::BattleView& battle);

// The supply points an order may name: every urban area of the map as (id, name), by name.
std::vector<std::pair<std::string, std::string>> supplyPointsOf(const map::Map& map);

// One die of the event log (view::rollsFor) as one line of the log panel.
std::string rollLine(const dice::RollRecord& roll);
// The rolls whose line contains `text` (case-insensitive; empty: all) and whose phase is `phase` (empty: all).
std::vector<dice::RollRecord> filterRolls(const std::vector<dice::RollRecord>& rolls, const std::string& text,
                                          const std::string& phase);

// The phase bar: "Week 1, day 1 · W1 Strategic initiative · Fine, wind from the south-west · 12 daylight turns".
// Without a view (no side chosen yet) it names the turn and the next phase only.
std::string phaseBarText(const view::SideView* view, const view::PhasePreview& next);
// What "Next phase" will do and what it still waits for, for the button's tooltip and the confirmation.
std::string nextPhaseDescription(const view::PhasePreview& next);

// The outline of the map's hexes, as closed polygons in map units (the layout of hex size 1 with hex (0,0) at the
// origin): the outer edges of the border hexes, chained. Overlays that shade "the map" (fog of war) fill these,
// not the window.
std::vector<std::vector<hex::Point>> mapOutline(const map::Map& map);

// Today's orders a side is still writing are kept beside the campaign database, in the orders file format
// (docs/formats/orders.md), so that closing the window loses none of them: DATABASE.draft-SIDE.xml. Only the
// side's own view reads its file back; the host's view and the other side's never do. When the side has a
// passphrase the file is sealed under it (auth/sealed.hpp) with `key`, derived from the passphrase the side gave:
// the other side cannot read it, and a changed file does not open.
std::string draftPath(const std::string& dbPath, const std::string& side);
// Writes the draft atomically (its `side` names the file), sealed under `key` when given, plain XML otherwise;
// throws core::FileError when it cannot.
void saveDraft(const std::string& dbPath, const campaign::OrdersFile& draft, const auth::SealKey* key = nullptr);
// What the side's file beside the database holds for that week and day.
struct DraftRead {
    std::optional<campaign::OrdersFile> orders;  // the side's draft of that day, when there is one and it opened
    // Why a file that is there was not opened: sealed and not opening under `key` (another passphrase, or changed
    // since), sealed while no key is given, or plain while a key is (the side has a passphrase, so its draft is
    // sealed: a plain one was not written by it), or unreadable. Such a file is to be kept as it is, not overwritten.
    std::string problem;
};
DraftRead readDraft(const std::string& dbPath, const std::string& side, int week, int day, const auth::SealKey* key = nullptr);
// The side's saved draft, when there is one for that side and that week and day and it opened (readDraft).
std::optional<campaign::OrdersFile> loadDraft(const std::string& dbPath, const std::string& side, int week, int day,
                                              const auth::SealKey* key = nullptr);
// Forgets the side's saved draft (after its orders were given, or when it belongs to an earlier day).
void removeDraft(const std::string& dbPath, const std::string& side);
// Today's template of the side's orders with the saved draft's orders laid over it, ME by ME: an ME the template
// has not (another side's, or one no longer on the map) is left out, and an ME the draft has not keeps the
// template's order; decoy orders likewise by their id, and the draft's new decoys (with a place) are kept. `restored` counts the
// orders taken that differ from the template's (those the side had written).
campaign::OrdersFile mergeDraft(const campaign::OrdersFile& templ, const campaign::OrdersFile& saved, std::size_t* restored = nullptr);
// The draft of a window that has read the campaign again (after a phase or a weekly command changed the side's MEs):
// today's new template `templ` with only what the side wrote laid over it, the orders and decoy orders of `draft` that
// differ from `base`, the template the draft began as. An ME raised or split off takes the template's order, an order
// the side never touched follows the template (an ME put into reorganisation keeps that mode), and one it wrote stays.
campaign::OrdersFile rebaseDraft(const campaign::OrdersFile& templ, const campaign::OrdersFile& base,
                                 const campaign::OrdersFile& draft);

// "Run to the Next Decision" (F6) runs the phases, one by one as Next Phase does, until a side must act. Before each
// phase it asks this: why the run stops before `next`, or nothing when it goes on. It stops when the campaign is over,
// when the phase cannot run (a side's orders missing at D2, a tabletop battle's result missing at D9), and, once a
// phase has run (`ranAny`: the moment the run started at is the one the player chose to go past), at a weekly stop
// (engine::weeklyStop: `stop`) and before D9 while a battle of the day the viewer may see (`battles`, view::battlesFor)
// waits to be resolved or fought on the table. Every reason is what the viewer may know.
std::optional<std::string> decisionBefore(const view::PhasePreview& next, const std::optional<engine::WeeklyStop>& stop,
                                          const std::vector<view::BattleView>& battles, bool ranAny);
// The days the phases ran belong to, in order, each once (week, day); the weekly phases are told on the week's first day.
std::vector<std::pair<int, int>> daysRun(const std::vector<engine::PhaseReport>& phases);
// What a run to the next decision tells the viewer ("What happened to us today"): how far it ran and why it stopped,
// then each day's report as the core tells it to the viewer (view::dayReport; a host's tells every side).
std::string runSummaryText(const std::vector<engine::PhaseReport>& phases, const std::string& stoppedBecause,
                           const std::vector<view::DayReport>& days);

// What the Orders tab, the ME panel and the routes overlay show of a side's orders today: once the side has given
// them, the orders stored for the day (`given`, engine::givenOrders: the side's own, read through the core); until
// then its draft (the core's template with the side's changes). A side that stood fast shows none (nullptr); so does
// a view without a side (no `given` and no `draft`). Orders taken back are not given any more: the draft again.
const campaign::OrdersFile* ordersShown(const engine::GivenOrders* given, const campaign::OrdersFile* draft);
// The Orders tab: "Orders of SIDE for week W day D — STATUS", then a line per ME (mode, supply, route, march to the
// guns, on contact, its receipt once rolled) with the rules' verdict on it from `checks`, when there is one. A side
// that stood fast is told so.
std::string ordersListText(const std::string& side, const std::string& status, const campaign::OrdersFile* shown,
                           const std::map<std::string, std::string>& receipts, const std::map<std::string, view::PathCheck>& checks);

// Offsets "col,row" of an order's path for the dialog's text field, and back. parsePath names the first bad
// entry in `error` and returns nothing.
std::string formatPath(const std::vector<hex::Offset>& path);
std::optional<std::vector<hex::Offset>> parsePath(const std::string& text, std::string& error);

// Adds a clicked hex to a route being drawn from `start`: a click on the last hex takes it back, a click on an
// earlier hex of the route cuts the route there, any other hex is appended. Returns the new route.
std::vector<hex::Offset> clickRoute(const std::vector<hex::Offset>& route, hex::Offset start, hex::Offset clicked);

// The Week dialog's grant purchase as typed into its form: one new ME with its formation, an optional general and
// up to a few units, each field as written (empty fields are left out of the file, so the core's reader names what
// is missing with its line).
struct PurchaseUnitForm {
    std::string id, name, nationality, type, unitClass, stands;
};
struct PurchaseForm {
    std::string side, meId, label, mode, supply, commander;
    std::string formationId, formationName, formationKind;
    std::string generalId, generalName, generalNationality, generalRank, generalRating;
    std::vector<PurchaseUnitForm> units;  // rows without an id are left out
};
// The purchase file (docs/formats/purchase.md, format version 1) of the form, with every value escaped for XML; the
// core reads it as it reads a file given to `etatmajor-cli grant buy`.
std::string purchaseText(const PurchaseForm& form);

// The shares of a shared source as typed into the Week dialog, ME by ME ("" leaves the ME to share the rest, as an
// ME not named to `etatmajor-cli supply allocate`). A value that is no whole number is named in `errors` as
// "ME.points: 'x' is not a number of SP" and left out.
std::vector<std::pair<std::string, int>> parseShares(const std::vector<std::pair<std::string, std::string>>& typed,
                                                     std::vector<std::string>& errors);

}  // namespace etatmajor::gui
