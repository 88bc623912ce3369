// SPDX-License-Identifier: GPL-3.0-or-later
// The turn manager on a campaign server (docs/server.md): one side's window fed only by the client library
// (client::Connection), never by a campaign database. The side's map and status are the SideView the server's core
// builds for it (Connection::status), drawn on the campaign's public map; its battles, its orders state, its day
// report, intelligence and supply come from the server as the command line shows them. Orders are written in the
// same order dialog as on a local database and sent as the same orders XML (Connection::submitOrders); the side can
// take them back or stand fast, and give a tabletop result. The server runs the turn: a worker thread waits for its
// events (Connection::waitForEvents, a long poll on a connection of its own) and hands them to the window's thread,
// which reads everything again, so the window follows the day by itself.
//
//   phase bar:  the campaign's calendar and weather, the orders' state; Submit Orders, Stand Fast, Withdraw Orders;
//               at a weekly stop that waits for the side, the stop, its deadline and the side's word: Done with This
//               Stop or Reopen (Week menu too)
//   Week > Weekly Decisions (F7): the Week dialog (week_dialog.hpp) on what the server says the side may do now, its
//               forms sent as the command line's `--server` actions (Connection::allocateSupply, ...)
//   left:       the side's order of battle and the selected ME's details
//   centre:     the map with the side's counters and the routes of its draft orders
//   bottom:     today's orders, the day report, the turn (phases run), intelligence, supply and LOC, battles
#pragma once

#include "map_canvas.hpp"
#include "window_layout.hpp"
#include "server_model.hpp"

#include "etatmajor/auth/keys.hpp"
#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/pbem/turn.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/engine/weekly_stops.hpp"
#include "etatmajor/view/battle_view.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/view/supply_view.hpp"

#include <wx/frame.h>
#include <wx/timer.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

class wxButton;
class wxListBox;
class wxNotebook;
class wxSplitterWindow;
class wxStaticText;
class wxTextCtrl;
class wxTreeCtrl;
class wxTreeEvent;

namespace etatmajor::gui {

class WrappedText;

class ConnectDialog;
class OrderDialog;
class DecoyDialog;
class ServerScript;
class WeekDialog;
struct WeekCommand;
struct WeekContext;

class ServerFrame : public wxFrame {
public:
    // `interactive` false: no question waits for a person (test scripts); messages go to stderr, and the user's
    // settings are neither read nor written. `size`: from the command line; wxDefaultSize for the size remembered
    // from the last launch (window_layout.hpp).
    ServerFrame(const wxSize& size, bool interactive = true);
    ~ServerFrame() override;

    // Logs in with `login` and shows the side's view; false with the reason said (a wrong passphrase, no server...).
    bool connect(const ServerLogin& login);
    // Shows the side's view over a connection already logged in, and starts following the turn.
    bool start(std::unique_ptr<client::Connection> connection, const ServerLogin& login);
    // Asks the server for everything again (or reads the turn packet again).
    bool refresh();

    // A turn packet instead of a server (docs/pbem.md): the side's view as the host exported it, read-only; the
    // side writes its orders in the same dialog, and Seal Orders writes them, with its commitment to the day's dice
    // share, to an orders packet for the host; Reveal Dice Share writes its share once the packet shows every side's
    // commitment. The packet is opened with the side's keys (`hostKey`, when given, must be the packet's signer).
    // False, with the reason said, for a packet that cannot be opened.
    bool openPacket(const std::string& packetPath, const auth::SecretKeys& keys, const std::optional<auth::PublicKeys>& hostKey);
    bool packetMode() const { return m_packet.has_value(); }
    // The orders packet and the reveal packet, written to `path` (no question asked).
    bool sealOrdersTo(const std::string& path);
    bool revealShareTo(const std::string& path);

    bool submitOrders();
    bool standFast();
    bool withdrawOrders();
    OrderDialog* editOrder(const std::string& meId);
    OrderDialog* orderDialog() { return m_orderDialog; }
    // Orders > Decoys... (Ctrl+D): the side's decoys in today's orders (decoy_dialog.hpp), checked by the server when
    // the orders are submitted.
    DecoyDialog* editDecoys();
    DecoyDialog* decoyDialog() { return m_decoyDialog; }
    bool selectMe(const std::string& meId);
    // A tabletop result file, as agreed at the table: the server enters it once every side of the battle gave the same.
    bool enterBattleResultFile(int id, const wxString& path);
    bool selectTab(const std::string& title);

    // The side's weekly decisions (Week > Weekly Decisions...): the Week dialog fed by the server's answers.
    WeekDialog* openWeekDialog();
    WeekDialog* weekDialog() { return m_weekDialog; }
    // What the server says the side may do now, as the dialog's moves.
    std::vector<engine::SideMove> weeklyMoves() const;
    // The side's word at the weekly stop the campaign stands at: done, or taken back (reopen). False, with the server's
    // refusal said, when it is not given.
    bool sayWeekWord(bool done);
    // The stop and the side's word as the phase bar shows them (empty at no stop).
    std::string stopText() const;

    const view::SideView* sideView() const { return m_view ? &*m_view : nullptr; }
    const client::CampaignEntry& calendar() const { return m_calendar; }
    const std::string& ordersStatus() const { return m_orders.status; }
    bool ordersOpen() const;
    const campaign::OrdersFile* draft() const { return m_draft ? &*m_draft : nullptr; }
    std::string phaseBarLabel() const;
    std::string reportText() const;
    std::string turnText() const;
    std::string battleText() const;
    const std::string& lastMessage() const { return m_lastMessage; }
    // How many times the window read everything again because the server ran phases (for scripts).
    int eventRefreshes() const { return m_eventRefreshes; }
    MapCanvas& canvas() { return *m_canvas; }

    // For screenshots: the connect dialog filled with `login` (its campaigns listed), shown without waiting for it.
    void showConnectForScript(const ServerLogin& login);
    void hideConnectForScript();
    void runScriptWhenReady(const wxString& scriptPath, std::function<void(int)> done);
    bool saveScreenshot(const wxString& pngPath);

private:
    void buildMenus();
    void buildPanels();
    void report(const wxString& title, const wxString& message, bool error = true);
    void say(const std::string& message);
    // A refusal or no answer, said in the window's words (server_model.hpp); returns false.
    bool refused(const wxString& title, const client::ClientError& error);
    void updateTitle();
    void updatePhaseBar();
    void updateTree();
    void updateDetails();
    void updatePanels();
    void paintOverlays(wxGraphicsContext& gc, const hex::Layout& layout, double hexSize);
    bool hexClicked(hex::Hex h);
    void onTreeSelect(wxTreeEvent& event);
    int selectedBattle();
    // Following the turn: the worker's loop, and what the window does with the phases it reports.
    void follow();
    void stopFollowing();
    void onEvents(const client::TurnEvents& events);
    void onCaptureTick(wxTimerEvent& event);
    WeekContext weekContext() const;
    core::IssueList weekCommand(const WeekCommand& command, bool apply, std::vector<std::string>& lines);
    bool stopAwaits(bool done) const;

    bool m_interactive;
    WindowLayout m_layout;  // "LeftPane", "TreePane", "BottomPane", as the turn manager's
    ServerLogin m_login;
    std::unique_ptr<client::Connection> m_server;
    std::optional<map::Map> m_map;
    std::optional<view::SideView> m_view;
    client::CampaignEntry m_calendar;
    client::OrdersState m_orders;
    std::optional<view::SupplyReport> m_supply;  // the side's own supply report (its sources, for the Week dialog)
    std::vector<view::BattleView> m_battles;
    std::vector<int> m_battleIds;
    std::optional<campaign::OrdersFile> m_draft;      // today's orders being written (the server's template to start with)
    std::optional<campaign::OrdersFile> m_draftBase;  // the server's template the draft was last laid over
    std::string m_reportText, m_intelText, m_supplyText, m_lastMessage;
    std::vector<client::TurnEvent> m_events;  // the phases seen run since the window connected
    std::pair<int, int> m_reportDay{0, 0};
    std::string m_selected;
    int m_eventRefreshes = 0;
    std::shared_ptr<MapDocument> m_document;
    // A turn packet shown instead of a server's answers, and the keys it was opened with.
    std::optional<pbem::OpenedTurn> m_packet;
    std::optional<auth::SecretKeys> m_keys;
    bool refreshFromPacket();
    // The map, order of battle, panels and phase bar from what refresh read (from the server or the packet).
    void showWhatWasRead();
    // Asks where to write a packet the side sends to the host; empty when the person cancels.
    std::string askPacketPath(const std::string& what, const std::string& suggested);

    // The worker: its own connection on the same session, the sequence number it waits after, and how it is stopped.
    std::unique_ptr<client::Connection> m_poller;
    std::thread m_follower;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_followerDone{true};
    std::mutex m_stopMutex;
    std::condition_variable m_stopWake;
    int m_lastSeq = 0;

    wxStaticText* m_phaseText = nullptr;
    WrappedText* m_ordersText = nullptr;  // the side's orders and what the next phase waits for, wrapped
    wxButton* m_submitButton = nullptr;
    wxButton* m_standButton = nullptr;
    wxButton* m_withdrawButton = nullptr;
    wxStaticText* m_stopText = nullptr;
    wxButton* m_doneButton = nullptr;
    wxButton* m_reopenButton = nullptr;
    wxSplitterWindow* m_mainSplit = nullptr;
    wxSplitterWindow* m_leftSplit = nullptr;
    wxSplitterWindow* m_mapSplit = nullptr;
    wxTreeCtrl* m_tree = nullptr;
    wxTextCtrl* m_details = nullptr;
    MapCanvas* m_canvas = nullptr;
    wxNotebook* m_notebook = nullptr;
    wxTextCtrl* m_ordersPanel = nullptr;
    wxTextCtrl* m_reportPanel = nullptr;
    wxTextCtrl* m_turnPanel = nullptr;
    wxTextCtrl* m_intelPanel = nullptr;
    wxTextCtrl* m_supplyPanel = nullptr;
    wxListBox* m_battleList = nullptr;
    wxTextCtrl* m_battleText = nullptr;
    OrderDialog* m_orderDialog = nullptr;
    DecoyDialog* m_decoyDialog = nullptr;
    WeekDialog* m_weekDialog = nullptr;
    ConnectDialog* m_connectShown = nullptr;

    wxTimer m_captureTimer;
    std::function<void(int)> m_captureDone;
    std::unique_ptr<ServerScript> m_script;
    long long m_captureStart = 0, m_lastPaintChange = 0;
    unsigned m_lastPaintCount = 0;
};

// File > Connect to a Campaign Server...: asks the connect dialog (prefilled with `start`) and opens a server window
// on the side logged in. Returns the window, or nullptr when the person cancelled.
ServerFrame* connectToServer(wxWindow* parent, const wxSize& size, const ServerLogin& start = {});

}  // namespace etatmajor::gui
