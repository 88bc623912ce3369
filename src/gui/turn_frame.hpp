// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign turn manager: a campaign database seen by one side (American, British) or by the host. Every action
// goes through the same core functions the command-line program uses (engine::advance, the orders template,
// submission and stand-fast); everything shown renders the core's typed objects for the viewer (view::buildSideView,
// view::rollsFor, view::dayReport, view::battlesFor, view::locReport, view::supplyReport, the side's intelligence);
// the window holds no rules.
//
// Hotseat: the window starts on no side. With no side chosen it shows the map and nothing of either side (no ME,
// no counter, empty panels) and asks for a side; choosing or switching a side first hides everything of the current
// one, then admits the next viewer (its passphrase, when it has one) before anything of it is shown.
//
//   phase bar:  week, day, next phase, weather, wind, daylight; Submit Orders, Stand Fast, Next Phase, Run to Decision
//   left:       the order of battle as the side sees it, and the selected ME's details
//   centre:     the map with the side's counters and the overlays chosen in the View menu
//   bottom:     today's orders, intelligence, the event log, victory conditions, supply and LOC, battles
#pragma once

#include "map_canvas.hpp"
#include "turn_model.hpp"
#include "window_layout.hpp"

#include "etatmajor/auth/sealed.hpp"
#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/db/change_watch.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/engine/commands.hpp"
#include "etatmajor/engine/weekly_stops.hpp"
#include "etatmajor/report/page.hpp"
#include "etatmajor/view/battle_text.hpp"
#include "etatmajor/view/battle_view.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/view/supply_view.hpp"
#include "etatmajor/view/turn_view.hpp"

#include <wx/docview.h>
#include <wx/frame.h>
#include <wx/timer.h>

#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

class wxButton;
class wxDialog;
class wxTopLevelWindow;
class wxChoice;
class wxGauge;
class wxGrid;
class wxListBox;
class wxListCtrl;
class wxMenu;
class wxNotebook;
class wxPanel;
class wxSplitterWindow;
class wxStaticText;
class wxTextCtrl;
class wxTreeCtrl;
class wxTreeEvent;

namespace etatmajor::gui {

class WrappedText;

class OrderDialog;
class DecoyDialog;
struct OverlaySketch;
class WeekDialog;
struct WeekContext;
class TurnScript;

enum class Overlay { Loc, Supply, Range, Fog, Orders };

class TurnFrame : public wxFrame {
public:
    // `interactive` false: no question waits for a person (test scripts, screenshots); messages go to stderr, and
    // the user's settings are neither read nor written. `size`: from the command line; wxDefaultSize for the size
    // remembered from the last launch (window_layout.hpp).
    TurnFrame(const wxSize& size, bool interactive = true);
    ~TurnFrame() override;

    // Opens a campaign database for `side` ("" the host; nullopt: on no side, and when interactive the side chooser
    // asks at once). Returns whether it is shown; a file that is no campaign database is reported.
    bool openCampaign(const wxString& path, std::optional<std::string> side = std::nullopt);
    // Shows the view of `side` ("" the host): everything of the current view is hidden first, then the viewer is
    // admitted (admit) and its view shown. Returns false, leaving no side shown, when it is not admitted.
    bool setSide(const std::string& side);
    // Hides everything of the current view: no side is shown until one is chosen.
    void clearSide();
    // The side chooser (a side or the host, none preselected), after hiding the current view.
    void chooseSide();
    // The side whose view is shown; empty for the host and when no side is chosen.
    const std::string& side() const { return m_side; }
    // Who the shown view is for; none while no side is chosen.
    const std::optional<view::Viewer>& viewer() const { return m_viewer; }
    // For scripts and screenshots: shows the side chooser without waiting for it (or takes it away), after hiding
    // the current view as chooseSide does.
    void showChooserForScript(bool show);
    // For screenshots: shows the passphrase question of `side` ("host" for the host) without waiting for it, after
    // hiding the current view (an empty side takes it away).
    void showPassphraseForScript(const std::string& side);
    // For screenshots: shows File > Print's list of papers without waiting for it (or takes it away).
    void showPrintMenuForScript(bool show);
    // For scripts: brings the tab whose title starts with `title` to the front; false when there is none.
    bool selectTab(const std::string& title);
    // For scripts: the passphrase the next admission is answered with, instead of asking a person.
    void queuePassphrase(std::string passphrase) { m_scriptedPassphrases.push_back(std::move(passphrase)); }
    // Reads everything again from the database (after any change).
    void refresh();
    // Whether another program committed to the campaign since the window last read it (db::ChangeWatch); if so, reads
    // everything again, keeping what is being written (the order and Week dialogs, the draft), and says so in the
    // status bar. Asked every two seconds by a timer; scripts may ask at once. Returns whether it reloaded.
    bool checkOutsideChange();

    // Actions of the Campaign menu. Each reports what it did (lastMessage) and returns whether it worked.
    bool nextPhase();
    // Campaign > Run to the Next Decision (F6): after one confirmation, runs the phases one by one (as Next Phase does)
    // until a side must act (turn_model.hpp decisionBefore: orders to give, a weekly stop, a battle to resolve or
    // enter, the campaign's end), showing its progress, then tells the viewer what happened (runSummary): a side its
    // own days as the core tells them to it, the host everything. Returns whether any phase ran.
    bool runToDecision();
    // What the last run told the viewer ("What happened to us today"); empty when none ran since the view was shown.
    const std::string& runSummary() const { return m_summaryText; }
    // Why the last run stopped (empty when none ran).
    const std::string& runStoppedBecause() const { return m_stoppedBecause; }
    // Takes the summary window away (its text stays until the view is hidden).
    void closeSummary();
    bool submitOrders();
    bool standFast();
    // Opens the order dialog of one of the side's MEs (nullptr when it cannot).
    OrderDialog* editOrder(const std::string& meId);
    OrderDialog* orderDialog() { return m_orderDialog; }
    // Edit > Decoys... (Ctrl+D): the side's decoys in today's draft (decoy_dialog.hpp): those on the map given routes,
    // new ones put down on the week's first day; checked by the rules as they change, given with the side's orders.
    DecoyDialog* editDecoys();
    DecoyDialog* decoyDialog() { return m_decoyDialog; }
    // Campaign > Weekly Decisions...: the side's weekly moves and a form for each (week_dialog.hpp); nullptr with no
    // side chosen or for the host, whose commands these are not.
    WeekDialog* openWeekDialog();
    WeekDialog* weekDialog() { return m_weekDialog; }
    // Edit > Reorganise ME... (Ctrl+R): the Week dialog's reorganisation form on the selected ME; nullptr when the
    // side may not reorganise now (it is said why).
    WeekDialog* reorganiseMe(const std::string& meId);
    // What the side may do now with its commands between the phases (engine::weeklyMoves; none for the host).
    const std::vector<engine::SideMove>& weeklyMoves() const { return m_moves; }
    bool selectMe(const std::string& meId);
    const std::string& selectedMe() const { return m_selected; }

    void setOverlay(Overlay overlay, bool on);
    bool overlay(Overlay overlay) const { return m_overlays.count(overlay) > 0; }
    // The hexes of the Movement Range overlay for the selected ME (empty while the overlay is off).
    const std::vector<hex::Offset>& movementRangeShown() const { return m_range; }

    // Battles: the set-up text of one (as `battle show`), the odds as the side knows it (run on a worker thread;
    // `wait` blocks until done, for scripts), automatic resolution, and a tabletop result from a file.
    // A side sees only what it may know: the enemy's MEs as their counters, and once the battle is fought the side's
    // own battle report (the printed paper's words: enemy units as E1, E2... by kind, no names), never the
    // resolver's lines or narrative, which the host alone sees.
    std::string battleSetupText(int id);
    void showBattleSetup(int id);  // the Set-up button: the set-up text in the Battles tab
    // What the Battles tab shows now (for scripts and tests).
    std::string battleTabText() const;
    // The odds form: one row for each enemy counter of the battle no report of the side describes, one column for each
    // kind of the reports (engine::assumableKinds), empty at first; Odds pictures each counter with counts as the side
    // believes it (view::oddsPlan's assumptions). Filled for the battle chosen in the list, and again by Odds.
    void fillAssumptions(int id);
    // Sets the form's cell of counter `row` (0-based) and the kind that starts with `kind` ("line", "artillery"...),
    // as a person types it; false, having said why, when there is no such cell.
    bool setAssumption(int row, const std::string& kind, const std::string& value);
    std::string assumptionsText() const;  // the form's counters and filled cells, for scripts and the panel dumps
    // The side's battle report's tables, shown with their columns above the report's text (one at a time, chosen by
    // heading): "Heading\ncolumn | column\ncell | cell\n..." for each, for scripts and the panel dumps.
    std::string reportTablesText() const;
    bool startOdds(int id, int runs);
    bool oddsRunning() const { return m_oddsThread.joinable(); }
    void cancelOdds() { m_oddsCancel = true; }
    const std::string& oddsText() const { return m_oddsText; }
    bool resolveBattle(int id);
    bool enterBattleResult(int id, const wxString& file);
    // The tabletop result typed into a form (battle_result_dialog.hpp), kept beside the database as
    // DATABASE.battle-N-result.xml and entered as a file would be.
    bool enterBattleResultForm(int id);

    void setLogFilter(const std::string& text, const std::string& phase);
    std::size_t logLinesShown() const { return m_logShown; }

    // The viewer's view (view::buildSideView); none while no side is chosen.
    const view::SideView* sideView() const { return m_view ? &*m_view : nullptr; }
    const view::PhasePreview& preview() const { return m_preview; }
    // The shown side's draft of today's orders (none for the host). A draft is kept beside the database as the
    // side changes it and restored when the side is opened again; no other view reads it.
    const campaign::OrdersFile* draft() const;
    // The side's orders of today as the Orders tab, the ME panel and the routes overlay show them: the orders the side
    // gave (stored for the day, read through the core) once given, the draft until then (turn_model.hpp ordersShown);
    // none for the host, with no side chosen, or after standing fast.
    const campaign::OrdersFile* shownOrders() const;
    // One ME's order in shownOrders (nullptr when it has none).
    const campaign::Order* shownOrder(const std::string& meId) const;
    // What the Orders tab and the status bar show now (for scripts and tests).
    std::string ordersTabText() const;
    // Every text the window shows now, panel by panel (title, text): the phase bar, the order of battle, the ME's
    // details, every tab, the counters on the map and what File > Print offers. For the fog-of-war tests.
    std::vector<std::pair<std::string, std::string>> panelTexts() const;
    std::string statusText() const;
    std::string phaseBarLabel() const;
    // Whether the side shown may still write, submit or stand fast today (Submit Orders and Stand Fast enabled).
    bool ordersOpen() const;
    const std::string& lastMessage() const { return m_lastMessage; }
    const std::string& path() const { return m_path; }
    MapCanvas& canvas() { return *m_canvas; }

    // Writes the window's layout (size, panes, overlays; never the side) to the user's settings (wxConfig).
    void saveLayout();
    // Reads it back (as a launch does): for scripts, which otherwise never read the settings.
    void loadLayout();
    // The window's panes (window_layout.hpp): "LeftPane" (the order of battle's width), "TreePane" (its height over
    // the ME's details) and "BottomPane" (the tabs' height under the map).
    WindowLayout& layout() { return m_layout; }

    void runScriptWhenReady(const wxString& scriptPath, std::function<void(int)> done);
    void captureWhenReady(const wxString& pngPath, std::function<void(int)> done);
    // The frame and, when open, the order dialog on top of it where it stands.
    bool saveScreenshot(const wxString& pngPath);

private:
    // Whether the viewer may resolve or record battle `id` (a side its own battles, the host any); says why not.
    bool mayActOnBattle(int id, const wxString& refusal);
    // The Week dialog's context from the side's own objects, and its commands: checked by engine::validate, applied by
    // engine::execute (then everything is read again).
    WeekContext weekContext() const;
    core::IssueList weekCommand(const engine::Command& command, bool apply, std::vector<std::string>& lines);
    std::string battleOutcomeText(int id, const std::vector<std::string>& lines);
    std::vector<view::OddsAssumption> readAssumptions(std::vector<std::string>& errors);
    void setBattleText(const std::string& text);  // the right of the Battles tab: the text, and the report's tables
    void showReportTable(int index);
    // Keeps the engine's lines of phases that ran (the host's Phase Results) and the day they belong to.
    void recordPhases(const std::vector<engine::PhaseReport>& phases);
    void showSummary();
    std::string sideBattleText(int id);
    // The passphrase step of choosing a viewer: whether `who` may see its view now. Asks for the viewer's passphrase
    // when it has one and has the core check it; says why when it refuses.
    bool admit(const view::Viewer& who);
    // The viewer's passphrase from the person at the keyboard (a script's queued answer); none when cancelled.
    std::optional<std::string> askPassphrase(const view::Viewer& who);
    // "the host", or the side's name and id.
    std::string viewerTitle(const view::Viewer& who) const;
    // Shows `who`'s view (nullopt: none), hiding the current one first.
    bool showViewer(const std::optional<view::Viewer>& who);
    // Empties the map and every panel of the current view at once, before another is chosen.
    void hideView();
    std::string resultsText(const db::CampaignStore& store) const;
    void fillSideChoice();
    void buildMenus();
    wxMenu* newFileMenu();
    void bindFileMenu();
    void bindEditMenu();
    void bindViewMenu();
    void bindCampaignMenu();
    void bindMenuStates();
    int selectedBattle();
    void buildPanels();
    wxPanel* buildPhaseBar(wxWindow* parent);
    void buildTabs();
    wxPanel* buildLogPage();
    wxPanel* buildBattlePage();
    void updateTitle();
    void updatePhaseBar();
    void updateTree();
    void updateDetails();
    void updatePanels();
    // The status bar's word on the side's weekly moves, and the Week dialog's lists, after the campaign was read.
    void updateWeekStatus();
    void updateOverlayData();
    void paintOverlays(wxGraphicsContext& gc, const hex::Layout& layout, double hexSize);
    void paintFog(const OverlaySketch& sketch);
    void paintRange(const OverlaySketch& sketch);
    void paintLocs(const OverlaySketch& sketch);
    void paintSupply(const OverlaySketch& sketch);
    void paintRoutes(const OverlaySketch& sketch, const campaign::OrdersFile& orders);
    bool hexClicked(hex::Hex h);
    void orderChanged(const campaign::Order& order);
    // The rules' verdict on the decoys' orders as the Decoys dialog holds them, with the draft's MEs' routes.
    void decoysChanged(const std::vector<campaign::DecoyOrder>& decoys);
    void report(const wxString& title, const wxString& message, bool error = true);
    void say(const std::string& message);
    void onWatchTick(wxTimerEvent& event);
    bool ensureDraft();
    // Writes the side's draft beside the database (turn_model.hpp draftPath), so that it outlives the window.
    bool keepDraft();
    void clearBattleTab();
    // The Battles tab needs room: while it is shown the map gives up height to the tabs, and gets it back after.
    void onPageChanged();
    campaign::Order* draftOrder(const std::string& meId);
    void onClose(wxCloseEvent& event);
    void onTreeSelect(wxTreeEvent& event);
    void onOddsTick(wxTimerEvent& event);
    void onCaptureTick(wxTimerEvent& event);
    void openInteractively();

    bool m_interactive;
    bool m_sizeGiven;
    WindowLayout m_layout;
    std::string m_path;
    // A connection kept open on the campaign only to notice commits of other programs (checkOutsideChange).
    std::optional<db::ChangeWatch> m_watch;
    wxTimer m_watchTimer;
    std::optional<view::Viewer> m_viewer;                      // none: no side chosen
    std::string m_side;                                        // the viewer's side; empty for the host and for none
    std::optional<view::SideView> m_view;                      // the viewer's view
    std::vector<std::pair<std::string, std::string>> m_sides;  // the campaign's sides (id, name): public
    std::vector<std::optional<std::string>> m_choiceSides;     // the side list's entries: none, each side, "" the host
    std::deque<std::string> m_scriptedPassphrases;
    view::PhasePreview m_preview;
    std::string m_ordersStatus;   // not_given | submitted | stand_fast (engine::ordersStatus)
    engine::GivenOrders m_given;  // the shown side's orders stored for today (engine::givenOrders); none for the host
    std::vector<view::LocView> m_locs;
    std::vector<view::SourceView> m_sources;
    std::vector<dice::RollRecord> m_rolls;
    std::vector<view::BattleView> m_battles;
    std::optional<engine::WeeklyStop> m_stop;  // the stop the campaign stands at (public: the calendar, terms offered)
    std::vector<engine::SideMove> m_moves;     // the side's weekly moves now
    std::map<std::string, std::vector<std::string>> m_dissolve;  // per own ME, what dissolving it moves
    std::string m_intelText;
    std::string m_resultsText;
    // The day of the last phase run in this window (its report is what a side's Phase Results show); and the engine's
    // own lines of what the phases did, which name everything: the host's alone.
    int m_lastRunWeek = 0, m_lastRunDay = 0;
    std::string m_engineLines;
    // The last run to the next decision: what it told the viewer, and why it stopped; hidden with the view.
    std::string m_summaryText, m_stoppedBecause;
    wxDialog* m_summaryDialog = nullptr;
    std::vector<hex::Offset> m_range;
    std::map<std::string, campaign::OrdersFile> m_drafts;  // per side, for the current day
    // The sides whose draft was laid over today's template since the campaign was last read (ensureDraft).
    std::set<std::string> m_draftsMerged;
    std::map<std::string, campaign::OrdersFile> m_draftBases;  // per side: the template its draft was laid over
    std::optional<auth::SealKey> m_sealKey;                    // the shown side's draft key, when it has a passphrase
    bool m_draftKept = false;                                  // the side's draft file did not open: it is left as it is
    std::map<std::string, view::PathCheck> m_checks;           // per ME of the draft
    std::set<Overlay> m_overlays{Overlay::Orders, Overlay::Loc};
    std::string m_selected;
    std::string m_lastMessage;
    std::string m_logText, m_logPhase;
    std::size_t m_logShown = 0;
    std::vector<int> m_battleIds;
    std::vector<std::vector<hex::Point>> m_outline;  // mapOutline of the shown map, for the fog of war
    std::string m_outlineOf;                         // the map it was made for

    wxFileHistory m_recent;
    wxMenu* m_recentMenu = nullptr;
    wxChoice* m_sideChoice = nullptr;
    wxStaticText* m_phaseText = nullptr;
    WrappedText* m_ordersText = nullptr;  // the side's orders and what the next phase waits for, wrapped
    wxButton* m_nextButton = nullptr;
    wxButton* m_runButton = nullptr;
    wxButton* m_submitButton = nullptr;
    wxButton* m_standButton = nullptr;
    wxSplitterWindow* m_mainSplit = nullptr;
    wxSplitterWindow* m_leftSplit = nullptr;
    wxSplitterWindow* m_mapSplit = nullptr;
    wxTreeCtrl* m_tree = nullptr;
    wxTextCtrl* m_details = nullptr;
    MapCanvas* m_canvas = nullptr;
    wxNotebook* m_notebook = nullptr;
    wxTextCtrl* m_ordersPanel = nullptr;
    wxTextCtrl* m_resultsPanel = nullptr;
    wxTextCtrl* m_intelPanel = nullptr;
    wxTextCtrl* m_logFilter = nullptr;
    wxChoice* m_logPhaseChoice = nullptr;
    wxListBox* m_logList = nullptr;
    wxTextCtrl* m_vcsPanel = nullptr;
    wxTextCtrl* m_supplyPanel = nullptr;
    wxListBox* m_battleList = nullptr;
    wxTextCtrl* m_battleText = nullptr;
    wxTextCtrl* m_oddsBox = nullptr;
    wxChoice* m_reportChoice = nullptr;
    wxListCtrl* m_reportTable = nullptr;
    std::vector<report::TableData> m_reportTables;  // of the battle report shown (sideBattleText keeps them)
    wxStaticText* m_assumeLabel = nullptr;
    wxGrid* m_assumeGrid = nullptr;
    int m_assumeBattle = 0;                     // the battle the form's rows are the counters of (0: none)
    std::vector<std::string> m_assumeCounters;  // the rows' counters
    int m_sashBeforeBattles = 0;                // the map's height before the Battles tab took room (0: it took none)
    wxGauge* m_oddsGauge = nullptr;
    wxButton* m_oddsCancelButton = nullptr;
    OrderDialog* m_orderDialog = nullptr;
    DecoyDialog* m_decoyDialog = nullptr;
    WeekDialog* m_weekDialog = nullptr;
    wxDialog* m_chooser = nullptr;               // the side chooser shown for a script
    wxTopLevelWindow* m_askingWindow = nullptr;  // a question shown for a screenshot (the passphrase)
    std::shared_ptr<MapDocument> m_document;

    std::thread m_oddsThread;
    std::atomic<int> m_oddsDone{0};
    std::atomic<bool> m_oddsCancel{false};
    std::atomic<bool> m_oddsFinished{false};
    int m_oddsRuns = 0;
    std::string m_oddsText;
    std::string m_oddsSide;    // whose knowledge the running odds are drawn from
    std::string m_oddsResult;  // written by the worker, read once it has finished
    wxTimer m_oddsTimer;

    wxTimer m_captureTimer;
    wxString m_capturePath;
    std::function<void(int)> m_captureDone;
    std::unique_ptr<TurnScript> m_script;
    long long m_captureStart = 0;
    long long m_lastPaintChange = 0;
    unsigned m_lastPaintCount = 0;
};

}  // namespace etatmajor::gui
