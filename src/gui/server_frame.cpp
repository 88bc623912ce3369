// SPDX-License-Identifier: GPL-3.0-or-later
#include "server_frame.hpp"

#include "connect_dialog.hpp"
#include "frame_common.hpp"
#include "map_document.hpp"
#include "decoy_dialog.hpp"
#include "order_dialog.hpp"
#include "overlay_sketch.hpp"
#include "server_script.hpp"
#include "turn_model.hpp"
#include "week_dialog.hpp"
#include "window_capture.hpp"

#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/version.hpp"

#include <wx/config.h>
#include <wx/button.h>
#include <wx/filedlg.h>
#include <wx/filename.h>
#include <wx/listbox.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/notebook.h>
#include <wx/panel.h>
#include <wx/sizer.h>
#include <wx/splitter.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/treectrl.h>
#include <wx/utils.h>

#include <algorithm>
#include <filesystem>
#include <chrono>
#include <iostream>
#include <sstream>

namespace etatmajor::gui {

namespace {

enum MenuId {
    kIdSubmit = wxID_HIGHEST + 400,
    kIdStandFast,
    kIdWithdraw,
    kIdEditOrder,
    kIdDecoys,
    kIdRefresh,
    kIdEnterResult,
    kIdZoomIn,
    kIdZoomOut,
    kIdFit,
    kIdWeekly,
    kIdWeekDone,
    kIdWeekReopen,
};

constexpr long kSettleMs = 400;
constexpr long kGiveUpMs = 20000;
// How long one long poll waits for a phase before asking again.
constexpr int kPollSeconds = 20;

}  // namespace

ServerFrame::ServerFrame(const wxSize& size, bool interactive)
    : wxFrame(nullptr, wxID_ANY, wxString::FromUTF8(kProductName), wxDefaultPosition, windowSizeOr(size)),
      m_interactive(interactive),
      m_layout(*this, "/ServerWindow"),
      m_captureTimer(this) {
    buildMenus();
    buildPanels();
    CreateStatusBar(2);
    const int widths[] = {250, -1};  // the first: the hex under the mouse with its latitude and longitude
    SetStatusWidths(2, widths);
    // Sized from what the panes show, as the turn manager's (turn_frame.cpp).
    m_layout.addPane(*m_mainSplit, "LeftPane", PaneEnd::First, [this](int total) { return orderOfBattleWidth(*m_tree, total); });
    m_layout.addPane(*m_leftSplit, "TreePane", PaneEnd::First, [](int total) { return total * 9 / 20; });
    m_layout.addPane(*m_mapSplit, "BottomPane", PaneEnd::Second, [this](int total) { return tabsHeight(*m_notebook, total); });
    // Test runs never read nor write the user's settings.
    m_layout.restore(m_interactive ? wxConfigBase::Get() : nullptr, size.IsFullySpecified());
    Bind(wxEVT_TIMER, &ServerFrame::onCaptureTick, this, m_captureTimer.GetId());
    Bind(wxEVT_CLOSE_WINDOW, [this](wxCloseEvent& e) {
        if (m_interactive) m_layout.save(*wxConfigBase::Get());
        stopFollowing();
        if (m_orderDialog) m_orderDialog->Destroy();
        if (m_decoyDialog) m_decoyDialog->Destroy();
        if (m_weekDialog) m_weekDialog->Destroy();
        m_weekDialog = nullptr;
        if (m_server) m_server->logout();
        e.Skip();
    });
    updateTitle();
}

ServerFrame::~ServerFrame() { stopFollowing(); }

// ---- building the window ---------------------------------------------------------------------------------------

void ServerFrame::buildMenus() {
    auto* file = new wxMenu;
    file->Append(kIdRefresh, _("Re&load\tF5"), _("Ask the server for everything again"));
    file->AppendSeparator();
    file->Append(wxID_CLOSE, _("&Close\tCtrl+W"), _("Log out and close this window"));
    auto* orders = new wxMenu;
    orders->Append(kIdEditOrder, _("Write &Order...\tCtrl+E"), _("Write or change today's order of the selected ME"));
    orders->Append(kIdDecoys, _("&Decoys...\tCtrl+D"),
                   _("Put decoys down on the week's first day, and give routes to the side's decoys on the map"));
    orders->Append(kIdSubmit, _("&Submit Orders\tCtrl+Enter"), _("Give the side's orders for today to the server"));
    orders->Append(kIdStandFast, _("Stand &Fast"), _("The side gives no orders today: every ME holds"));
    orders->Append(kIdWithdraw, _("&Withdraw Orders"), _("Take today's orders back while the day has not run"));
    orders->AppendSeparator();
    orders->Append(kIdEnterResult, _("Enter Tabletop &Result from File..."),
                   _("Give the result of a battle fought on the table (a battle-result file)"));
    auto* week = new wxMenu;
    week->Append(kIdWeekly, _("Weekly &Decisions...\tF7"),
                 _("What the side may do now between the phases: supply, the grant, the initiative, sieges, reorganisation"));
    week->AppendSeparator();
    week->Append(kIdWeekDone, _("&Done with This Stop"),
                 _("Tell the server the side is done with the weekly stop: the turn goes on once every side is"));
    week->Append(kIdWeekReopen, _("&Reopen This Stop"), _("Take back the word that the side is done, while the stop still waits"));
    auto* viewMenu = new wxMenu;
    viewMenu->Append(kIdZoomIn, _("Zoom &In\tCtrl+="), _("Show the map larger"));
    viewMenu->Append(kIdZoomOut, _("Zoom &Out\tCtrl+-"), _("Show more of the map"));
    viewMenu->Append(kIdFit, _("&Fit to Window\tCtrl+0"), _("Show the whole map"));
    auto* bar = new wxMenuBar;
    bar->Append(file, _("&File"));
    bar->Append(orders, _("&Orders"));
    bar->Append(week, _("&Week"));
    bar->Append(viewMenu, _("&View"));
    SetMenuBar(bar);

    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { refresh(); }, kIdRefresh);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { Close(); }, wxID_CLOSE);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { editOrder(m_selected); }, kIdEditOrder);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { editDecoys(); }, kIdDecoys);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { submitOrders(); }, kIdSubmit);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { standFast(); }, kIdStandFast);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { withdrawOrders(); }, kIdWithdraw);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { openWeekDialog(); }, kIdWeekly);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { sayWeekWord(true); }, kIdWeekDone);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { sayWeekWord(false); }, kIdWeekReopen);
    Bind(
        wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(stopAwaits(false)); }, kIdWeekDone);
    Bind(
        wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(stopAwaits(true)); }, kIdWeekReopen);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { m_canvas->zoomIn(); }, kIdZoomIn);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { m_canvas->zoomOut(); }, kIdZoomOut);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { m_canvas->fitToWindow(); }, kIdFit);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            const int id = selectedBattle();
            if (!id) return;
            wxFileDialog dialog(this, _("Tabletop result of the battle"), wxEmptyString, wxEmptyString,
                                _("Battle results (*.xml)|*.xml|All files (*)|*"), wxFD_OPEN | wxFD_FILE_MUST_EXIST);
            if (dialog.ShowModal() == wxID_OK) enterBattleResultFile(id, dialog.GetPath());
        },
        kIdEnterResult);
    for (const int id :
         {static_cast<int>(kIdSubmit), static_cast<int>(kIdStandFast), static_cast<int>(kIdEditOrder), static_cast<int>(kIdDecoys)})
        Bind(
            wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(ordersOpen()); }, id);
    Bind(
        wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(m_view && m_orders.status != "not_given"); }, kIdWithdraw);
}

void ServerFrame::buildPanels() {
    auto* root = new wxPanel(this);
    auto* rootSizer = new wxBoxSizer(wxVERTICAL);

    auto* bar = new wxPanel(root);
    bar->SetBackgroundColour(wxColour(222, 230, 236));
    auto* barSizer = new wxBoxSizer(wxHORIZONTAL);
    auto* texts = new wxBoxSizer(wxVERTICAL);
    m_phaseText = new wxStaticText(bar, wxID_ANY, _("Not connected"), wxDefaultPosition, wxDefaultSize, wxST_ELLIPSIZE_END);
    m_phaseText->SetFont(m_phaseText->GetFont().Bold());
    m_ordersText = new WrappedText(bar);
    m_phaseText->SetMinSize(wxSize(120, -1));
    texts->Add(m_phaseText, 0, wxEXPAND);
    texts->Add(m_ordersText, 0, wxEXPAND | wxTOP, 2);
    m_stopText = new wxStaticText(bar, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize, wxST_ELLIPSIZE_END);
    m_stopText->SetMinSize(wxSize(120, -1));
    texts->Add(m_stopText, 0, wxEXPAND | wxTOP, 2);
    barSizer->Add(texts, 1, wxALIGN_CENTER_VERTICAL | wxALL, 8);
    // At a weekly stop that waits for the side: its word (shown only there).
    m_doneButton = new wxButton(bar, wxID_ANY, _("Done with This Stop"));
    m_reopenButton = new wxButton(bar, wxID_ANY, _("Reopen"));
    m_doneButton->SetToolTip(_("Tell the server the side is done with this weekly stop"));
    m_reopenButton->SetToolTip(_("Take back the word that the side is done, while the stop still waits"));
    for (auto* b : {m_doneButton, m_reopenButton}) {
        barSizer->Add(b, 0, wxALIGN_CENTER_VERTICAL | wxALL, 4);
        b->Hide();
    }
    m_doneButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { sayWeekWord(true); });
    m_reopenButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { sayWeekWord(false); });
    m_submitButton = new wxButton(bar, wxID_ANY, _("Submit Orders"));
    m_standButton = new wxButton(bar, wxID_ANY, _("Stand Fast"));
    m_withdrawButton = new wxButton(bar, wxID_ANY, _("Withdraw Orders"));
    for (auto* b : {m_submitButton, m_standButton, m_withdrawButton}) barSizer->Add(b, 0, wxALIGN_CENTER_VERTICAL | wxALL, 4);
    barSizer->AddSpacer(4);
    bar->SetSizer(barSizer);
    m_submitButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { submitOrders(); });
    m_standButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { standFast(); });
    m_withdrawButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { withdrawOrders(); });
    rootSizer->Add(bar, 0, wxEXPAND);

    const auto panes = buildCampaignPanes(root, 260);
    m_mainSplit = panes.mainSplit;
    m_leftSplit = panes.leftSplit;
    m_mapSplit = panes.mapSplit;
    m_tree = panes.tree;
    m_details = panes.details;
    m_canvas = panes.canvas;
    m_tree->Bind(wxEVT_TREE_SEL_CHANGED, &ServerFrame::onTreeSelect, this);
    m_tree->Bind(wxEVT_TREE_ITEM_ACTIVATED, [this](wxTreeEvent& e) {
        if (auto* d = dynamic_cast<MeItem*>(m_tree->GetItemData(e.GetItem()))) editOrder(d->id);
    });
    m_canvas->setOverlayPainter([this](wxGraphicsContext& gc, const hex::Layout& l, double s) { paintOverlays(gc, l, s); });
    m_canvas->setHexClickHandler([this](hex::Hex h) { return hexClicked(h); });
    m_canvas->setHoverHandler([this](const std::optional<HoverInfo>& info) { showHover(*this, info); });

    m_notebook = new wxNotebook(m_mapSplit, wxID_ANY);
    auto textPage = [this](const wxString& title, long wrap) {
        auto* t = new wxTextCtrl(m_notebook, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize,
                                 wxTE_MULTILINE | wxTE_READONLY | wrap);
        m_notebook->AddPage(t, title);
        return t;
    };
    m_ordersPanel = textPage(_("Today's Orders"), wxTE_DONTWRAP);
    m_reportPanel = textPage(_("Day Report"), wxTE_WORDWRAP);
    m_turnPanel = textPage(_("Turn"), wxTE_WORDWRAP);
    m_intelPanel = textPage(_("Intelligence"), wxTE_DONTWRAP);
    m_supplyPanel = textPage(_("Supply and LOC"), wxTE_DONTWRAP);
    auto* battlePage = new wxPanel(m_notebook);
    auto* battleSizer = new wxBoxSizer(wxHORIZONTAL);
    auto* battleLeft = new wxBoxSizer(wxVERTICAL);
    m_battleList = new wxListBox(battlePage, wxID_ANY, wxDefaultPosition, wxSize(300, -1), 0, nullptr, wxLB_SINGLE | wxLB_HSCROLL);
    battleLeft->Add(m_battleList, 1, wxEXPAND);
    auto* enter = new wxButton(battlePage, wxID_ANY, _("Enter Result from File..."));
    enter->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        wxCommandEvent e(wxEVT_MENU, kIdEnterResult);
        ProcessWindowEvent(e);
    });
    battleLeft->Add(enter, 0, wxEXPAND | wxTOP, 4);
    m_battleText = new wxTextCtrl(battlePage, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize,
                                  wxTE_MULTILINE | wxTE_READONLY | wxTE_WORDWRAP);
    battleSizer->Add(battleLeft, 0, wxEXPAND | wxALL, 4);
    battleSizer->Add(m_battleText, 1, wxEXPAND | wxTOP | wxBOTTOM | wxRIGHT, 4);
    battlePage->SetSizer(battleSizer);
    m_notebook->AddPage(battlePage, _("Battles"));
    m_battleList->Bind(wxEVT_LISTBOX, [this](wxCommandEvent&) {
        const int id = selectedBattle();
        if (!id || !m_server) return;
        try {
            m_battleText->SetValue(utf8(m_server->battleText(id)));
        } catch (const client::ClientError& e) {
            m_battleText->SetValue(utf8(serverErrorText(e, m_login)));
        }
    });

    m_mapSplit->SplitHorizontally(m_canvas, m_notebook, -290);
    m_mainSplit->SplitVertically(m_leftSplit, m_mapSplit, 330);
    rootSizer->Add(m_mainSplit, 1, wxEXPAND);
    root->SetSizer(rootSizer);
}

// ---- messages ----------------------------------------------------------------------------------------------------

void ServerFrame::report(const wxString& title, const wxString& message, bool error) {
    m_lastMessage = message.utf8_string();
    SetStatusText(message.BeforeFirst('\n'), 1);
    if (m_interactive) wxMessageBox(message, title, wxOK | (error ? wxICON_ERROR : wxICON_INFORMATION), this);
    else std::cerr << "etatmajor: " << message.utf8_string() << "\n";
}

void ServerFrame::say(const std::string& message) {
    m_lastMessage = message;
    SetStatusText(utf8(message), 1);
    if (!m_interactive) std::cout << "etatmajor: " << message << "\n";
}

bool ServerFrame::refused(const wxString& title, const client::ClientError& error) {
    report(title, utf8(serverErrorText(error, m_login)));
    return false;
}

// ---- connecting --------------------------------------------------------------------------------------------------

bool ServerFrame::connect(const ServerLogin& login) {
    m_login = login;
    std::unique_ptr<client::Connection> server;
    try {
        wxBusyCursor busy;
        server = openServer(login);
        server->login(login.campaign, login.side, login.passphrase);
    } catch (const client::ClientError& e) {
        return refused(_("Cannot connect"), e);
    }
    return start(std::move(server), login);
}

bool ServerFrame::start(std::unique_ptr<client::Connection> connection, const ServerLogin& login) {
    stopFollowing();
    m_login = login;
    m_login.passphrase.clear();  // the session is what the window keeps, never the passphrase
    m_server = std::move(connection);
    try {
        wxBusyCursor busy;
        m_map = m_server->map();
        // Where the turn stands now: the phases run so far are counted, the last few kept to find the last day run.
        const int last = m_server->waitForEvents(1 << 29, 0).last;
        const auto recent = m_server->waitForEvents(std::max(0, last - 40), 0);
        m_events = recent.events;
        m_lastSeq = recent.last;
        m_calendar = recent.campaign;
        m_reportDay = reportDayAfter(m_events, m_calendar.week, m_calendar.day);
    } catch (const client::ClientError& e) {
        return refused(_("Cannot read the campaign"), e);
    }
    if (!refresh()) return false;
    m_canvas->fitToWindow();
    // The worker follows the turn on a connection of its own, on the same session.
    m_poller = m_server->sameSession();
    m_stop = false;
    m_followerDone = false;
    m_follower = std::thread([this] { follow(); });
    say("connected to " + m_login.url + " as " + m_login.side + " of " + m_login.campaign);
    return true;
}

void ServerFrame::follow() {
    int after = m_lastSeq;
    while (!m_stop) {
        try {
            auto events = m_poller->waitForEvents(after, kPollSeconds);
            if (m_stop) break;
            if (!events.events.empty()) {
                after = events.last;
                CallAfter([this, events] { onEvents(events); });
            }
            continue;
        } catch (const client::ClientError& e) {
            if (m_stop) break;
            const std::string text = serverErrorText(e, m_login);
            CallAfter([this, text] { say("lost touch with the server, trying again: " + text); });
            if (e.status() == 401) break;  // the session is over: connecting again is the person's
        }
        std::unique_lock lock(m_stopMutex);
        m_stopWake.wait_for(lock, std::chrono::seconds(5), [this] { return m_stop.load(); });
    }
    m_followerDone = true;
}

void ServerFrame::stopFollowing() {
    if (!m_follower.joinable()) return;
    {
        std::lock_guard lock(m_stopMutex);
        m_stop = true;
    }
    m_stopWake.notify_all();
    // A long poll under way is broken off; one about to start is broken off at the next try.
    while (!m_followerDone) {
        m_poller->interrupt();
        wxMilliSleep(20);
    }
    m_follower.join();
}

void ServerFrame::onEvents(const client::TurnEvents& events) {
    for (const auto& e : events.events) m_events.push_back(e);
    m_calendar = events.campaign;
    const auto day = reportDayAfter(m_events, m_calendar.week, m_calendar.day);
    if (day.first > 0) m_reportDay = day;
    ++m_eventRefreshes;
    refresh();
    const auto& newest = events.events.back();
    say("the server ran " + std::to_string(events.events.size()) + " phase(s), the last " + newest.phase + " of week " +
        std::to_string(newest.week) + " day " + std::to_string(newest.day) + "; now " + calendarText(m_calendar));
}

// ---- reading -----------------------------------------------------------------------------------------------------

bool ServerFrame::refresh() {
    if (m_packet) return refreshFromPacket();
    if (!m_server || !m_map) return false;
    view::SideView shown;
    client::OrdersState orders;
    std::vector<view::BattleView> battles;
    std::string reportText, intel, supply, templ;
    view::SupplyReport supplyReport;
    client::CampaignEntry calendar;
    try {
        wxBusyCursor busy;
        calendar = m_server->calendar();
        shown = m_server->status();
        orders = m_server->orders();
        battles = m_server->battles();
        reportText = m_server->view("report", false, m_reportDay.first, m_reportDay.second);
        intel = m_server->view("intel", false);
        supply = m_server->view("supply", false) + "\n" + m_server->view("loc", false);
        supplyReport = m_server->supply();
        // Today's template on every reading while the orders are open: the draft is laid over it again, so an ME raised
        // or split off at the week's stops takes its order and an order never touched follows the template.
        if (orders.status == "not_given") templ = m_server->view("orders/template", false);
    } catch (const client::ClientError& e) {
        return refused(_("Cannot read the campaign"), e);
    }
    m_calendar = calendar;
    m_view = std::move(shown);
    m_orders = orders;
    m_battles = std::move(battles);
    m_reportText = std::move(reportText);
    m_intelText = std::move(intel);
    m_supplyText = std::move(supply);
    m_supply = std::move(supplyReport);
    if (!templ.empty()) {
        try {
            auto today = io::readOrdersString(templ, "the server's orders template");
            const bool fresh = !m_draft || m_draft->week != today.week || m_draft->day != today.day;
            if (fresh) m_draft = today;
            else m_draft = m_draftBase ? rebaseDraft(today, *m_draftBase, *m_draft) : mergeDraft(today, *m_draft);
            m_draftBase = std::move(today);
        } catch (const core::FileError& e) {
            m_draft.reset();
            m_draftBase.reset();
            report(_("Cannot read the orders template"), utf8(e.toIssue().format()));
        }
    } else if (orders.status != "not_given") {
        if (m_orderDialog) m_orderDialog->Close();
        if (m_decoyDialog) m_decoyDialog->Close();
    }
    showWhatWasRead();
    return true;
}

void ServerFrame::showWhatWasRead() {
    m_document = std::make_shared<MapDocument>(MapDocument::fromView("", *m_map, m_calendar.name, sideView()));
    m_canvas->replaceDocument(m_document);
    m_battleIds.clear();
    m_battleList->Clear();
    for (const auto& b : m_battles) {
        m_battleIds.push_back(b.id);
        m_battleList->Append(utf8(battleListLine(b)));
    }
    if (!m_selected.empty() && !m_view->me(m_selected)) m_selected.clear();
    updateTitle();
    updateTree();
    m_layout.fitToContent("LeftPane");
    updateDetails();
    updatePanels();
    updatePhaseBar();
    if (m_weekDialog) m_weekDialog->setContext(weekContext());
    m_canvas->Refresh();
}

void ServerFrame::updateTitle() {
    wxString title = wxString::FromUTF8(kProductName);
    if (m_view) {
        const auto* own = m_view->side(m_login.side);
        title += wxString::FromUTF8(" \u2014 ") + utf8(m_calendar.name.empty() ? m_login.campaign : m_calendar.name) +
                 wxString::FromUTF8(" \u2014 ") + utf8((own ? own->name : m_login.side) + " view on " + m_login.url);
    }
    SetTitle(title);
}

bool ServerFrame::ordersOpen() const { return m_view && !m_calendar.ended && m_orders.status == "not_given" && m_draft; }

std::string ServerFrame::phaseBarLabel() const {
    std::string text = calendarText(m_calendar);
    if (m_view && m_view->campaign.weather) {
        const auto& w = *m_view->campaign.weather;
        if (w.week == m_calendar.week && w.day == m_calendar.day)
            text += " \u00b7 " + w.weather + ", wind from the " + w.windFrom + " \u00b7 " + std::to_string(w.daylightTurns) +
                    " daylight turns";
    }
    return text;
}

void ServerFrame::updatePhaseBar() {
    m_phaseText->SetLabel(utf8(phaseBarLabel()));
    std::string orders;
    if (m_orders.status == "not_given") {
        std::size_t routes = 0;
        if (m_draft)
            for (const auto& o : m_draft->orders) routes += o.path.empty() ? 0 : 1;
        orders = "Today's orders not yet given: " + std::to_string(m_draft ? m_draft->orders.size() : 0) + " ME(s), " +
                 std::to_string(routes) + " with a route. Double-click an ME to write its order.";
    } else if (!m_orders.status.empty()) {
        orders = "Today's orders: " + readable(m_orders.status) + ". The server runs the day once every side has given theirs.";
    }
    if (m_packet) {
        if (m_packet->allCommitted())
            orders = "Every side has committed to its dice share: Reveal Dice Share writes yours for the host.";
        else if (m_packet->shareOf(m_login.side))
            orders = "Your orders are with the host; reveal your dice share from the turn packet that shows every side's commitment.";
        else if (m_orders.status == "not_given") orders += " Seal Orders writes them to a packet for the host.";
    }
    m_ordersText->setText(utf8(orders));
    m_submitButton->Enable(ordersOpen() && !(m_packet && m_packet->shareOf(m_login.side)));
    m_standButton->Enable(ordersOpen());
    m_withdrawButton->Enable(m_packet ? m_packet->allCommitted()
                                      : m_view && m_orders.status != "not_given" && !m_orders.status.empty());
    const std::string stop = stopText();
    m_stopText->SetLabel(utf8(stop));
    m_stopText->Show(!stop.empty());
    m_doneButton->Show(stopAwaits(false));
    m_reopenButton->Show(stopAwaits(true));
    m_phaseText->GetParent()->Layout();
}

void ServerFrame::updateTree() {
    m_tree->Freeze();
    m_tree->DeleteAllItems();
    const auto root = m_tree->AddRoot("campaign");
    wxTreeItemId select;
    if (m_view) {
        std::vector<const view::SideSummaryView*> order;
        for (const auto& s : m_view->sides)
            if (s.id == m_login.side) order.push_back(&s);
        for (const auto& s : m_view->sides)
            if (s.id != m_login.side) order.push_back(&s);
        for (const auto* s : order) {
            const auto sideItem = m_tree->AppendItem(root, utf8(s->name + (s->known ? "" : " (as far as we know)")));
            m_tree->SetItemBold(sideItem);
            for (const auto& me : s->mes) {
                const auto meItem = m_tree->AppendItem(sideItem,
                                                       utf8(me.label + " \u2014 " + me.hex + ", " + readable(me.mode) + ", " +
                                                            std::to_string(me.stands) + " stands"),
                                                       -1, -1, new MeItem(me.id));
                if (me.id == m_selected) select = meItem;
                for (const auto& u : me.units)
                    m_tree->AppendItem(meItem, utf8(u.name + ": " + std::to_string(u.stands) + " stands"), -1, -1, new MeItem(me.id));
            }
            for (const auto& a : s->arrivals) m_tree->AppendItem(sideItem, utf8(arrivalLine(a)));
            if (!s->counters.empty()) {
                const auto enemy = m_tree->AppendItem(sideItem, utf8(std::to_string(s->counters.size()) + " counter(s) seen"));
                for (const auto& c : s->counters) m_tree->AppendItem(enemy, utf8(counterLine(c)));
            }
            m_tree->Expand(sideItem);
        }
    }
    if (select.IsOk()) m_tree->SelectItem(select);
    m_tree->Thaw();
}

void ServerFrame::onTreeSelect(wxTreeEvent& event) {
    if (auto* d = dynamic_cast<MeItem*>(m_tree->GetItemData(event.GetItem()))) {
        if (d->id == m_selected) return;
        m_selected = d->id;
        updateDetails();
        m_canvas->Refresh();
    }
}

bool ServerFrame::selectMe(const std::string& meId) {
    const view::MeView* me = m_view ? m_view->me(meId) : nullptr;
    if (!me) {
        say("no ME '" + meId + "' is shown in this view");
        return false;
    }
    m_selected = meId;
    updateTree();
    updateDetails();
    if (m_document) m_canvas->centreOnHex(m_document->map().offsets().toHex(me->offset));
    m_canvas->Refresh();
    return true;
}

void ServerFrame::updateDetails() {
    const view::MeView* me = m_view ? m_view->me(m_selected) : nullptr;
    if (!me) {
        m_details->SetValue(m_view ? _("Select an ME in the order of battle or click its counter on the map.") : wxString());
        return;
    }
    std::ostringstream o;
    o << me->label << " [" << me->id << "]\n";
    o << "Hex " << me->hex << (me->entering ? " (entering by its LOC entry)" : "") << "\n";
    o << "Mode: " << readable(me->mode) << "\n";
    o << "Strength: " << me->stands << " stands, " << me->figures << " figures, " << me->points << " points\n";
    o << "Supply source: " << me->supplySource << "\n\nGenerals:\n";
    for (const auto& g : me->generals) o << "  " << g.name << ", " << readable(g.rank) << ", " << g.rating << "\n";
    o << "\nComposition:\n";
    for (const auto& u : me->units)
        o << "  " << u.name << " \u2014 " << readable(u.type) << ", " << u.stands << " stands, " << u.figures << "/"
          << u.figuresOriginal << " figures\n";
    if (m_draft)
        for (const auto& order : m_draft->orders)
            if (order.me == me->id) {
                o << "\nToday's order (" << (m_orders.status == "not_given" ? "draft" : readable(m_orders.status))
                  << "): " << (order.mode ? readable(std::string(campaign::modeName(*order.mode))) : "forage");
                if (!order.path.empty()) o << ", route " << formatPath(order.path);
                o << "\n";
            }
    m_details->SetValue(utf8(o.str()));
}

void ServerFrame::updatePanels() {
    std::ostringstream orders;
    if (m_orders.status == "not_given" && m_draft) {
        orders << "Orders of " << m_login.side << " for week " << m_draft->week << " day " << m_draft->day
               << (m_packet ? " \u2014 not yet sealed (the host's program checks them when it takes the packet in)\n"
                            : " \u2014 not yet given (the server checks them when they are submitted)\n");
        for (const auto& o : m_draft->orders) {
            orders << "  " << o.me << ": " << (o.mode ? readable(std::string(campaign::modeName(*o.mode))) : "forage") << ", route "
                   << (o.path.empty() ? "none" : formatPath(o.path));
            if (o.marchToGuns) orders << ", march to the guns";
            orders << ", on contact " << campaign::scoutContactName(o.onScoutContact) << "\n";
        }
    } else {
        orders << "Orders of " << m_login.side << " for week " << m_orders.week << " day " << m_orders.day << ": "
               << readable(m_orders.status) << "\n\n"
               << m_orders.json;
    }
    m_ordersPanel->SetValue(utf8(orders.str()));
    std::string reportHead = m_reportDay.first > 0 ? "The report of week " + std::to_string(m_reportDay.first) + " day " +
                                                         std::to_string(m_reportDay.second) + ":\n\n"
                                                   : std::string("Today's report so far:\n\n");
    m_reportPanel->SetValue(utf8(reportHead + m_reportText));
    m_turnPanel->SetValue(utf8(turnText()));
    m_intelPanel->SetValue(utf8(m_intelText));
    m_supplyPanel->SetValue(utf8(m_supplyText));
}

std::string ServerFrame::reportText() const { return m_reportPanel ? m_reportPanel->GetValue().utf8_string() : std::string(); }

std::string ServerFrame::turnText() const {
    std::ostringstream o;
    o << calendarText(m_calendar) << "\n";
    o << "The server runs the turn: this window follows it and reads everything again after each phase.\n\n";
    o << "Phases run lately (newest last):\n";
    for (const auto& e : m_events) o << "  " << e.seq << ". week " << e.week << " day " << e.day << "  " << e.phase << "\n";
    return o.str();
}

std::string ServerFrame::battleText() const { return m_battleText ? m_battleText->GetValue().utf8_string() : std::string(); }

bool ServerFrame::selectTab(const std::string& title) { return selectTabByTitle(*m_notebook, title); }

// ---- the map -----------------------------------------------------------------------------------------------------

void ServerFrame::paintOverlays(wxGraphicsContext& gc, const hex::Layout& layout, double s) {
    if (!m_document || !m_view) return;
    const OverlaySketch sketch(gc, layout, m_document->map().offsets(), s);
    // The routes of the draft orders (the one being written as it stands in the dialog).
    if (m_draft)
        for (const auto& o : m_draft->orders) {
            const view::MeView* me = m_view->me(o.me);
            if (!me) continue;
            const bool editing = m_orderDialog && m_orderDialog->meId() == o.me;
            const campaign::Order& order = editing ? m_orderDialog->order() : o;
            if (order.path.empty()) continue;
            sketch.route(me->offset, order.path, editing, [](std::size_t) { return wxColour(30, 110, 200); });
        }
    if (const view::MeView* me = m_view->me(m_selected)) sketch.selectionRing(sketch.offsets.toHex(me->offset));
}

bool ServerFrame::hexClicked(hex::Hex h) {
    if (!m_document) return false;
    const hex::Offset at = m_document->map().offsets().toOffset(h);
    if (m_orderDialog && m_orderDialog->picking()) {
        m_orderDialog->hexClicked(at);
        return true;
    }
    if (m_decoyDialog && m_decoyDialog->picking()) {
        m_decoyDialog->hexClicked(at);
        return true;
    }
    if (m_view)
        for (const view::MeView* me : m_view->allMes())
            if (me->offset == at) {
                selectMe(me->id);
                return true;
            }
    return false;
}

// ---- orders ------------------------------------------------------------------------------------------------------

OrderDialog* ServerFrame::editOrder(const std::string& meId) {
    if (!m_view) return nullptr;
    const auto* own = m_view->side(m_login.side);
    const view::MeView* me = nullptr;
    if (own)
        for (const auto& m : own->mes)
            if (m.id == meId) me = &m;
    if (!me) {
        report(_("No such ME"), utf8(meId.empty() ? std::string("Select one of the side's MEs first.")
                                                  : "ME '" + meId + "' is not one of " + m_login.side + "'s MEs on the map"));
        return nullptr;
    }
    if (!ordersOpen()) {
        report(_("Orders already given"),
               utf8("The orders of " + m_login.side + " for today are " + readable(m_orders.status) +
                    "; withdraw them first to change them (possible until the day runs)."),
               false);
        return nullptr;
    }
    campaign::Order* order = nullptr;
    for (auto& o : m_draft->orders)
        if (o.me == meId) order = &o;
    if (!order) {
        report(_("No order"), utf8("ME " + meId + " is not on the map today and takes no order"));
        return nullptr;
    }
    if (m_orderDialog) m_orderDialog->Close();
    selectMe(meId);
    OrderContext ctx;
    ctx.side = m_login.side;
    ctx.week = m_draft->week;
    ctx.day = m_draft->day;
    ctx.me = *me;
    ctx.loc = "as the server traces it (the Supply and LOC tab)";
    ctx.supplyPoints = supplyPointsOf(m_document->map());
    m_orderDialog = new OrderDialog(this, ctx, *order);
    m_orderDialog->showServerCheck();
    m_orderDialog->onChange = [this](const campaign::Order&) { m_canvas->Refresh(); };
    m_orderDialog->onAccept = [this](const campaign::Order& o) {
        if (m_draft)
            for (auto& d : m_draft->orders)
                if (d.me == o.me) d = o;
        say("the order of ME " + o.me + " is in today's orders; " +
            (m_packet ? std::string("Seal Orders writes them to a packet for the host")
                      : std::string("Submit Orders gives them to the server")));
        updatePanels();
        updateDetails();
        updatePhaseBar();
    };
    m_orderDialog->onClosed = [this] {
        m_orderDialog = nullptr;
        m_canvas->Refresh();
    };
    showOverOrderOfBattle(*this, *m_orderDialog);
    return m_orderDialog;
}

DecoyDialog* ServerFrame::editDecoys() {
    if (!m_view) return nullptr;
    if (!ordersOpen()) {
        report(_("Orders already given"),
               utf8("The orders of " + m_login.side + " for today are " + readable(m_orders.status) +
                    "; withdraw them first to change their decoys (possible until the day runs)."),
               false);
        return nullptr;
    }
    DecoyContext ctx;
    ctx.side = m_login.side;
    ctx.week = m_draft->week;
    ctx.day = m_draft->day;
    if (const auto* own = m_view->side(m_login.side)) {
        ctx.onMap = own->decoys;
        // What the side's view tells: its decoys a week and those on the map (one found this week the server counts).
        ctx.allowance.perWeek = own->decoysPerWeek;
        ctx.allowance.usedThisWeek = static_cast<int>(own->decoys.size());
    }
    ctx.allowance.placingDay = m_draft->day == 1;
    if (m_decoyDialog) m_decoyDialog->Close();
    m_decoyDialog = new DecoyDialog(this, ctx, m_draft->decoys);
    m_decoyDialog->showServerCheck();
    m_decoyDialog->onChange = [this](const std::vector<campaign::DecoyOrder>&) {
        if (m_decoyDialog) m_decoyDialog->showServerCheck();
        m_canvas->Refresh();
    };
    m_decoyDialog->onAccept = [this](const std::vector<campaign::DecoyOrder>& d) {
        if (m_draft) m_draft->decoys = d;
        say(std::to_string(d.size()) + " decoy order(s) of " + m_login.side + " in today's orders; " +
            (m_packet ? std::string("Seal Orders writes them to a packet for the host")
                      : std::string("Submit Orders gives them to the server")));
        updatePanels();
        updatePhaseBar();
    };
    m_decoyDialog->onClosed = [this] {
        m_decoyDialog = nullptr;
        m_canvas->Refresh();
    };
    showOverOrderOfBattle(*this, *m_decoyDialog);
    return m_decoyDialog;
}

bool ServerFrame::submitOrders() {
    if (m_packet) {
        if (!m_draft) return false;
        const auto path = askPacketPath("orders", "orders-" + m_login.side + "-w" + std::to_string(m_draft->week) + "d" +
                                                      std::to_string(m_draft->day) + ".pkt");
        return !path.empty() && sealOrdersTo(path);
    }
    if (!ordersOpen()) {
        report(_("Orders closed"), utf8("The orders of " + m_login.side + " for today are " + readable(m_orders.status) + "."), false);
        return false;
    }
    if (m_interactive &&
        wxMessageBox(utf8("Give the orders of " + m_login.side + " for week " + std::to_string(m_draft->week) + " day " +
                          std::to_string(m_draft->day) +
                          " to the server? They can be withdrawn only until every side has given theirs and the day runs."),
                     _("Submit orders"), wxYES_NO | wxICON_QUESTION, this) != wxYES)
        return false;
    // The same orders XML the command line's `orders submit` sends.
    const std::string xml = io::writeOrdersString(*m_draft);
    client::ActionResult result;
    try {
        wxBusyCursor busy;
        result = m_server->submitOrders(xml, ordersFileName(*m_draft));
    } catch (const client::ClientError& e) {
        report(_("Orders refused"), utf8("The orders of " + m_login.side + " are not given.\n" + serverErrorText(e, m_login)));
        return false;
    }
    if (m_orderDialog) m_orderDialog->Close();
    if (m_decoyDialog) m_decoyDialog->Close();
    refresh();
    std::string text = result.message;
    if (!result.issues.items().empty()) text += "\n" + issueLines(result.issues);
    say(text);
    return true;
}

bool ServerFrame::standFast() {
    if (!ordersOpen() || m_packet) return false;
    if (m_interactive && wxMessageBox(utf8("Every ME of " + m_login.side + " keeps its hex and mode today. Go on?"), _("Stand fast"),
                                      wxYES_NO | wxICON_QUESTION, this) != wxYES)
        return false;
    try {
        wxBusyCursor busy;
        say(m_server->standFast().message);
    } catch (const client::ClientError& e) {
        return refused(_("Stand fast refused"), e);
    }
    if (m_orderDialog) m_orderDialog->Close();
    if (m_decoyDialog) m_decoyDialog->Close();
    refresh();
    return true;
}

bool ServerFrame::withdrawOrders() {
    if (m_packet) {
        const auto path = askPacketPath("reveal", "reveal-" + m_login.side + "-w" + std::to_string(m_packet->header.week) + "d" +
                                                      std::to_string(m_packet->header.day) + ".pkt");
        return !path.empty() && revealShareTo(path);
    }
    if (!m_server) return false;
    try {
        wxBusyCursor busy;
        say(m_server->withdrawOrders().message);
    } catch (const client::ClientError& e) {
        return refused(_("Cannot withdraw the orders"), e);
    }
    m_draft.reset();  // today's template again, to write anew
    refresh();
    return true;
}

// ---- battles -----------------------------------------------------------------------------------------------------

int ServerFrame::selectedBattle() {
    const int i = m_battleList ? m_battleList->GetSelection() : wxNOT_FOUND;
    if (i == wxNOT_FOUND || i >= static_cast<int>(m_battleIds.size())) {
        report(_("No battle selected"), _("Choose a battle in the Battles tab first."), false);
        return 0;
    }
    return m_battleIds[static_cast<std::size_t>(i)];
}

bool ServerFrame::enterBattleResultFile(int id, const wxString& path) {
    if (!m_server) {
        report(_("Not on a server"), _("A tabletop result is given to the host, who enters it in the campaign."), false);
        return false;
    }
    std::string xml;
    const std::string file(path.fn_str());
    try {
        xml = io::readWholeFile(file);
    } catch (const std::exception& e) {
        report(_("Cannot read the result"), utf8(file + ": error: " + e.what()));
        return false;
    }
    try {
        wxBusyCursor busy;
        const auto result = m_server->enterBattleResult(id, xml, wxFileName(path).GetFullName().utf8_string());
        say(result.message);
    } catch (const client::ClientError& e) {
        return refused(_("Result refused"), e);
    }
    refresh();
    return true;
}

// ---- the week ----------------------------------------------------------------------------------------------------

std::string ServerFrame::stopText() const {
    if (!m_view) return {};
    const auto* own = m_view->side(m_login.side);
    return stopWordText(m_calendar, own ? own->name : m_login.side);
}

// Whether the campaign stands at a weekly stop that waits for the side, and the side's word is `done`.
bool ServerFrame::stopAwaits(bool done) const {
    return m_view && !m_calendar.ended && m_calendar.stop && m_calendar.stop->awaited && m_calendar.stop->done == done;
}

std::vector<engine::SideMove> ServerFrame::weeklyMoves() const {
    std::vector<engine::SideMove> moves;
    for (const auto& m : m_calendar.may)
        if (auto move = sideMoveOf(m)) moves.push_back(std::move(*move));
    return moves;
}

// Everything the dialog shows is the side's own, from the server's answers: its calendar (what it may do now, the
// stop and its word), its view (its MEs and players) and its supply report (its sources).
WeekContext ServerFrame::weekContext() const {
    WeekContext c;
    c.side = m_login.side;
    c.week = m_calendar.week;
    c.day = m_calendar.day;
    c.phase = m_calendar.phase;
    c.stop = weeklyStopOf(m_calendar, m_login.side);
    c.moves = weeklyMoves();
    if (m_supply) c.sources = m_supply->sources;
    if (m_view)
        if (const auto* own = m_view->side(m_login.side)) {
            c.mes = own->mes;
            c.players = own->players;
            c.nationality = own->nationalities.substr(0, own->nationalities.find_first_of(" ,"));
        }
    // The server answers only what is given; it finds a dissolved ME's members itself (WeekCommand::dissolve).
    c.checkable = false;
    c.judge = "the server";
    if (m_calendar.stop && m_calendar.stop->awaited && !m_calendar.ended)
        c.word = WeekContext::StopWord{stopText(), m_calendar.stop->done};
    return c;
}

WeekDialog* ServerFrame::openWeekDialog() {
    if (m_packet) {
        report(_("Weekly decisions"),
               _("A turn packet carries the day's views and orders only: the week's decisions go to the host "
                 "as your group agreed (docs/pbem.md)."),
               false);
        return nullptr;
    }
    if (!m_server || !m_view) {
        report(_("Not connected"), _("Connect to a campaign server first."), false);
        return nullptr;
    }
    if (m_weekDialog) {
        m_weekDialog->setContext(weekContext());
        m_weekDialog->Raise();
        return m_weekDialog;
    }
    m_weekDialog = new WeekDialog(this, weekContext());
    m_weekDialog->onCommand = [this](const WeekCommand& c, bool apply, std::vector<std::string>& lines) {
        return weekCommand(c, apply, lines);
    };
    m_weekDialog->onWord = [this](bool done, std::string& said) {
        const bool ok = sayWeekWord(done);
        said = m_lastMessage;
        return ok;
    };
    m_weekDialog->onClosed = [this] { m_weekDialog = nullptr; };
    showBesideOrderOfBattle(*this, *m_mainSplit, *m_weekDialog);
    return m_weekDialog;
}

// The form's command sent as the command line's `--server` actions send it, at the moment of the calendar the window
// read (the server refuses it with ACTION-STALE when a phase has run since). A refusal comes back as issues: the
// server's code and message first, then the campaign's own issues behind it.
core::IssueList ServerFrame::weekCommand(const WeekCommand& wc, bool apply, std::vector<std::string>& lines) {
    core::IssueList issues;
    if (!m_server) {
        issues.error("CLIENT-CONNECTION", "the window is not connected to a server");
        return issues;
    }
    if (!apply) return issues;  // not asked: the context says the server cannot check without giving (checkable false)
    const auto at = m_calendar.moment();
    client::ActionResult result;
    try {
        wxBusyCursor busy;
        result = std::visit(
            [&](const auto& c) -> client::ActionResult {
                using T = std::decay_t<decltype(c)>;
                if constexpr (std::is_same_v<T, engine::AllocateSupply>) return m_server->allocateSupply(at, c.source, c.shares);
                else if constexpr (std::is_same_v<T, engine::RequestSpending>)
                    return m_server->requestSpending(at, c.me, c.kind, c.count, c.workClass,
                                                     c.at ? std::optional(hex::formatOffset(*c.at)) : std::nullopt);
                else if constexpr (std::is_same_v<T, engine::ReplaceFromGrant>)
                    return m_server->replaceFromGrant(at, c.me, c.units, c.generals);
                else if constexpr (std::is_same_v<T, engine::BuyWithGrant>) return m_server->buyWithGrant(at, c.text, c.file);
                else if constexpr (std::is_same_v<T, engine::DeclineInitiative>) return m_server->declineInitiative(at);
                else if constexpr (std::is_same_v<T, engine::AnswerTerms>) return m_server->answerTerms(at, c.siege, c.accept);
                else if constexpr (std::is_same_v<T, engine::SplitMe>)
                    return m_server->splitMe(at, c.from, c.newMe, c.label, c.members);
                else if constexpr (std::is_same_v<T, engine::TransferMembers>)
                    return wc.dissolve ? m_server->dissolveMe(at, c.from, c.to) : m_server->transfer(at, c.from, c.to, c.members);
                else if constexpr (std::is_same_v<T, engine::FormProvisional>)
                    return m_server->formProvisional(at, c.me, c.units, c.newUnit, c.name);
                else throw client::ClientError(0, "WEEK-COMMAND", "the Week dialog gives no such command to a server");
            },
            wc.command);
    } catch (const client::ClientError& e) {
        // The server's code and message (a lost connection in the window's words), and the campaign's issues behind
        // it; a refusal that is one of those issues is said once.
        const std::string code = e.code().empty() ? "SERVER" : e.code();
        if (!e.issues().hasCode(code) || !e.issues().hasErrors())
            issues.error(code, e.status() == 0 ? serverErrorText(e, m_login)
                                               : std::string(e.what()) + " (HTTP " + std::to_string(e.status()) + ")");
        issues.append(e.issues());
        return issues;
    }
    lines = result.lines;
    if (lines.empty() && !result.message.empty()) lines.push_back(result.message);
    if (result.grantLeft) lines.push_back(std::to_string(*result.grantLeft) + " SP of this week's grant left");
    say(m_login.side + ": " + engine::commandName(wc.command) + " given");
    refresh();
    return result.issues;
}

bool ServerFrame::sayWeekWord(bool done) {
    if (!m_server) return false;
    if (!stopAwaits(!done)) {
        report(_("Weekly stop"),
               utf8(!m_calendar.stop ? "The campaign stands at no weekly stop."
                    : !m_calendar.stop->awaited
                        ? "The weekly stop before " + m_calendar.stop->phase + " does not wait for " + m_login.side + "."
                    : done ? m_login.side + " have already said they are done with this stop."
                           : m_login.side + " have not said they are done with this stop."),
               false);
        return false;
    }
    try {
        wxBusyCursor busy;
        const auto at = m_calendar.moment();
        const auto result = done ? m_server->weekDone(at) : m_server->weekReopen(at);
        refresh();
        say(result.message.empty() ? std::string(done ? "done with the weekly stop" : "the weekly stop reopened") : result.message);
    } catch (const client::ClientError& e) {
        refresh();
        return refused(done ? _("Not done") : _("Not reopened"), e);
    }
    return true;
}

// ---- scripts and screenshots -------------------------------------------------------------------------------------

// ---- a turn packet (docs/pbem.md) ----------------------------------------------------------------------------------

bool ServerFrame::openPacket(const std::string& packetPath, const auth::SecretKeys& keys,
                             const std::optional<auth::PublicKeys>& hostKey) {
    try {
        wxBusyCursor busy;
        const auto text = io::readInputFile(packetPath, 64u * 1024u * 1024u);
        auto opened = pbem::openTurnPacket(text, packetPath, keys, hostKey);
        auto map = io::readMapString(opened.view("map"), "the packet's map").map;
        m_packet = std::move(opened);
        m_map = std::move(map);
    } catch (const pbem::PacketError& e) {
        report(_("Cannot open the turn packet"), utf8(e.code() + ": " + e.what()));
        return false;
    } catch (const core::FileError& e) {
        report(_("Cannot open the turn packet"), utf8(e.toIssue().format()));
        return false;
    }
    m_keys = keys;
    m_login = ServerLogin{};
    m_login.side = keys.who();
    m_login.url = std::filesystem::path(packetPath).filename().string();
    m_draft.reset();
    m_submitButton->SetLabel(_("Seal Orders..."));
    m_submitButton->SetToolTip(
        _("Write today's orders, with the side's commitment to the day's dice share, to a packet for the host"));
    m_withdrawButton->SetLabel(_("Reveal Dice Share..."));
    m_withdrawButton->SetToolTip(_("Write the side's dice share of the day to a packet for the host, once every side has committed"));
    m_standButton->Hide();
    if (!refresh()) return false;
    m_canvas->fitToWindow();
    for (const auto& w : m_packet->warnings) say("note: " + w);
    say("opened the turn packet " + m_login.url + " of " + m_login.side + " (week " + std::to_string(m_packet->header.week) + " day " +
        std::to_string(m_packet->header.day) + "): nothing is sent from this window; the packets it writes go to the host by e-mail");
    return true;
}

bool ServerFrame::refreshFromPacket() {
    const auto& t = *m_packet;
    try {
        m_view = client::sideViewFromJson(t.view("status.json"));
        m_orders = client::ordersStateFromJson(t.view("orders.json"));
        m_supply = client::supplyReportFromJson(t.view("supply.json"));
    } catch (const client::ClientError& e) {
        report(_("Cannot read the turn packet"), utf8(e.what()));
        return false;
    }
    m_calendar = client::CampaignEntry{};
    m_calendar.id = t.header.campaign.substr(0, 12);
    m_calendar.name = m_view->campaign.name;
    m_calendar.week = t.header.week;
    m_calendar.day = t.header.day;
    m_calendar.phase = t.header.phase;
    m_calendar.ended = m_view->campaign.ended;
    m_calendar.waitingFor = t.allCommitted() ? "the sides' dice shares" : "orders";
    m_reportText = t.view("report");
    m_intelText = t.view("intel");
    m_supplyText = t.view("supply") + "\n" + t.view("loc");
    m_battles.clear();  // a packet has the battles' text only
    m_battleText->SetValue(utf8(t.view("battles")));
    if (m_orders.status == "not_given" && !m_draft) {
        try {
            m_draft = io::readOrdersString(t.view("template"), "the packet's orders template");
        } catch (const core::FileError& e) {
            report(_("Cannot read the orders template"), utf8(e.toIssue().format()));
        }
    }
    showWhatWasRead();
    return true;
}

std::string ServerFrame::askPacketPath(const std::string& what, const std::string& suggested) {
    if (!m_interactive) return std::string();
    wxFileDialog dialog(this, utf8("Write the " + what + " packet for the host"), wxEmptyString, utf8(suggested),
                        _("Packets (*.pkt)|*.pkt|All files|*"), wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK) return std::string();
    return dialog.GetPath().utf8_string();
}

bool ServerFrame::sealOrdersTo(const std::string& path) {
    if (!m_packet || !m_keys || !m_draft) return false;
    if (!ordersOpen()) {
        report(_("Orders closed"),
               utf8("The turn packet shows the orders of " + m_login.side + " for today as " + readable(m_orders.status) + "."),
               false);
        return false;
    }
    try {
        const auto sealed = pbem::sealOrders(*m_packet, io::writeOrdersString(*m_draft), ordersFileName(*m_draft), *m_keys);
        io::writeFileAtomically(path, sealed);
    } catch (const core::FileError& e) {
        report(_("Orders not sealed"), utf8(issueLines(e.issues())));
        return false;
    } catch (const pbem::PacketError& e) {
        report(_("Orders not sealed"), utf8(e.code() + ": " + e.what()));
        return false;
    }
    if (m_orderDialog) m_orderDialog->Close();
    say("sealed the orders of " + m_login.side + " for week " + std::to_string(m_draft->week) + " day " +
        std::to_string(m_draft->day) + " to " + path + ": send it to the host, then reveal the dice share from the next turn packet");
    return true;
}

bool ServerFrame::revealShareTo(const std::string& path) {
    if (!m_packet || !m_keys) return false;
    try {
        io::writeFileAtomically(path, pbem::revealShare(*m_packet, *m_keys));
    } catch (const pbem::PacketError& e) {
        report(_("No dice share revealed"), utf8(e.code() + ": " + e.what()), false);
        return false;
    } catch (const core::FileError& e) {
        report(_("No dice share revealed"), utf8(e.toIssue().format()));
        return false;
    }
    say("wrote the dice share of " + m_login.side + " to " + path + ": send it to the host");
    return true;
}

void ServerFrame::showConnectForScript(const ServerLogin& login) {
    if (m_connectShown) {
        m_connectShown->Destroy();
        m_connectShown = nullptr;
    }
    // The address, campaign and side this window connected with; the passphrase as the script gives it (shown as dots).
    ServerLogin shown = m_login;
    shown.passphrase = login.passphrase;
    m_connectShown = new ConnectDialog(this, shown);
    m_connectShown->listCampaigns();
    m_connectShown->CentreOnParent();
    m_connectShown->Show();
    m_connectShown->Raise();
}

void ServerFrame::hideConnectForScript() {
    if (m_connectShown) m_connectShown->Destroy();
    m_connectShown = nullptr;
}

void ServerFrame::runScriptWhenReady(const wxString& scriptPath, std::function<void(int)> done) {
    m_script = std::make_unique<ServerScript>(*this, scriptPath);
    m_captureDone = std::move(done);
    m_captureStart = nowMs();
    m_lastPaintChange = m_captureStart;
    m_lastPaintCount = m_canvas->paintCount();
    m_captureTimer.Start(50);
}

void ServerFrame::onCaptureTick(wxTimerEvent&) {
    const long long now = nowMs();
    const unsigned paints = m_canvas->paintCount();
    if (paints != m_lastPaintCount) {
        m_lastPaintCount = paints;
        m_lastPaintChange = now;
    }
    const bool settled = IsShownOnScreen() && paints > 0 && now - m_lastPaintChange >= kSettleMs;
    if (!settled && now - m_captureStart <= kGiveUpMs) return;
    m_captureTimer.Stop();
    if (!m_script) return;
    m_script->start([this](int status) {
        auto done = std::move(m_captureDone);
        if (m_connectShown) m_connectShown->Destroy();
        m_connectShown = nullptr;
        Close(true);
        if (done) done(status);
    });
}

bool ServerFrame::saveScreenshot(const wxString& pngPath) {
    Update();
    auto result = WindowCapture::capture(*this, *m_canvas);
    wxImage image = result.image;
    WindowCapture::pasteOver(image, *this, {m_orderDialog, m_decoyDialog, m_weekDialog, m_connectShown});
    if (!WindowCapture::savePng(image, pngPath)) return false;
    std::cout << "etatmajor: wrote " << pngPath.utf8_string() << " (" << image.GetWidth() << "x" << image.GetHeight() << ")\n";
    return true;
}

ServerFrame* connectToServer(wxWindow* parent, const wxSize& size, const ServerLogin& start) {
    ConnectDialog dialog(parent, start);
    if (!start.url.empty()) dialog.listCampaigns();
    if (dialog.ShowModal() != wxID_OK) return nullptr;
    auto* frame = new ServerFrame(size, true);
    frame->Show();
    if (!frame->start(dialog.takeConnection(), dialog.login())) {
        frame->Destroy();
        return nullptr;
    }
    return frame;
}

}  // namespace etatmajor::gui
