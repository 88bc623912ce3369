// SPDX-License-Identifier: GPL-3.0-or-later
// The turn manager's window: its menus and its panels.
#include "turn_frame.hpp"
#include "turn_frame_parts.hpp"

#include "print_papers.hpp"
#include "packet_open.hpp"
#include "server_frame.hpp"

#include "etatmajor/engine/battles.hpp"
#include "etatmajor/version.hpp"

#include <wx/aboutdlg.h>
#include <wx/button.h>
#include <wx/choice.h>
#include <wx/clipbrd.h>
#include <wx/filedlg.h>
#include <wx/filename.h>
#include <wx/gauge.h>
#include <wx/grid.h>
#include <wx/listbox.h>
#include <wx/listctrl.h>
#include <wx/menu.h>
#include <wx/notebook.h>
#include <wx/panel.h>
#include <wx/sizer.h>
#include <wx/splitter.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/treectrl.h>

#include <utility>
#include <vector>

namespace etatmajor::gui {

using namespace detail;

namespace {

enum MenuId {
    kIdNextPhase = wxID_HIGHEST + 200,
    kIdRunToDecision,
    kIdSubmit,
    kIdStandFast,
    kIdWeekly,
    kIdEditOrder,
    kIdReorganise,
    kIdDecoys,
    kIdClearRoute,
    kIdRefresh,
    kIdChooseSide,
    kIdSideAmerican,
    kIdSideBritish,
    kIdSideHost,
    kIdSideNone,
    kIdZoomIn,
    kIdZoomOut,
    kIdFit,
    kIdOverlayLoc,
    kIdOverlaySupply,
    kIdOverlayRange,
    kIdOverlayFog,
    kIdOverlayOrders,
    kIdBattleShow,
    kIdBattleOdds,
    kIdBattleResolve,
    kIdBattleEnter,
    kIdBattleEnterFile,
    kIdOddsCancel,
    kIdExportPdf,
    kIdConnectServer,
    kIdOpenPacket,
};

constexpr int kOddsRuns = 400;

// The menus whose items need nothing of the window to be made (their actions are bound in bind*Menu).

wxMenu* newEditMenu() {
    auto* edit = new wxMenu;
    edit->Append(kIdEditOrder, _("Write &Order...\tCtrl+E"), _("Write or change today's order of the selected ME"));
    edit->Append(kIdReorganise, _("&Reorganise ME...\tCtrl+R"),
                 _("Split, transfer to or dissolve the selected ME, or form a provisional unit"));
    edit->Append(kIdDecoys, _("&Decoys...\tCtrl+D"),
                 _("Put decoys down on the week's first day, and give routes to the side's decoys on the map"));
    edit->Append(kIdClearRoute, _("&Clear Route"), _("Take the route out of the selected ME's order"));
    edit->AppendSeparator();
    edit->Append(wxID_COPY, _("&Copy Details\tCtrl+C"), _("Copy the selected ME's details"));
    return edit;
}

wxMenu* newViewMenu() {
    auto* view = new wxMenu;
    view->Append(kIdZoomIn, _("Zoom &In\tCtrl+="), _("Show the map larger"));
    view->Append(kIdZoomOut, _("Zoom &Out\tCtrl+-"), _("Show more of the map"));
    view->Append(kIdFit, _("&Fit to Window\tCtrl+0"), _("Show the whole map"));
    view->AppendSeparator();
    view->AppendCheckItem(kIdOverlayLoc, _("&LOC Paths and Cut Points\tCtrl+1"), _("Each ME's line of communication"));
    view->AppendCheckItem(kIdOverlaySupply, _("&Supply Sources\tCtrl+2"), _("The side's supply sources and their values"));
    view->AppendCheckItem(kIdOverlayRange, _("&Movement Range\tCtrl+3"), _("Where the selected ME could get today"));
    view->AppendCheckItem(kIdOverlayFog, _("Fog of &War\tCtrl+4"), _("Shade the hexes none of the side's MEs can see"));
    view->AppendCheckItem(kIdOverlayOrders, _("Today's &Routes\tCtrl+5"), _("The routes of the side's orders"));
    view->AppendSeparator();
    view->AppendCheckItem(kIdSideAmerican, _("&American View\tCtrl+Shift+A"), _("What the Americans may know"));
    view->AppendCheckItem(kIdSideBritish, _("&British View\tCtrl+Shift+B"), _("What the British may know"));
    view->AppendCheckItem(kIdSideHost, _("&Host View\tCtrl+Shift+H"), _("Everything"));
    view->AppendCheckItem(kIdSideNone, _("&No Side\tCtrl+Shift+N"), _("Hide everything until the next side is chosen"));
    view->Append(kIdChooseSide, _("Choose &Side..."), _("Pick the side whose view is shown"));
    return view;
}

wxMenu* newCampaignMenu() {
    auto* campaignMenu = new wxMenu;
    campaignMenu->Append(kIdRunToDecision, _("&Run to the Next Decision\tF6"),
                         _("Run the phases until a side must act, then say what happened to the side"));
    campaignMenu->Append(kIdNextPhase, _("&Next Phase\tShift+F6"), _("Run the next phase of the turn"));
    campaignMenu->Append(kIdSubmit, _("&Submit Orders\tCtrl+Enter"), _("Give the side's orders for today"));
    campaignMenu->Append(kIdStandFast, _("Stand &Fast"), _("The side gives no orders today: every ME holds"));
    campaignMenu->Append(kIdWeekly, _("&Weekly Decisions...\tF7"),
                         _("The side's weekly decisions: supply shares and spending, the grant, the initiative, terms offered"));
    campaignMenu->AppendSeparator();
    campaignMenu->Append(kIdBattleShow, _("Battle &Set-up"), _("The selected battle's set-up"));
    campaignMenu->Append(kIdBattleOdds, _("Battle &Odds..."), _("The odds of the selected battle as the side knows it"));
    campaignMenu->Append(kIdBattleResolve, _("&Resolve Battle"), _("Let the resolver fight the selected battle now"));
    campaignMenu->Append(kIdBattleEnter, _("&Enter Tabletop Result..."), _("Record a battle fought on the table in a form"));
    campaignMenu->Append(kIdBattleEnterFile, _("Enter Tabletop Result from &File..."),
                         _("Record a battle fought on the table from a battle-result file"));
    campaignMenu->AppendSeparator();
    campaignMenu->Append(kIdRefresh, _("Re&load\tF5"), _("Read the campaign again"));
    return campaignMenu;
}

wxMenu* newHelpMenu() {
    auto* help = new wxMenu;
    help->Append(wxID_ABOUT, _("&About Etat-Major"), _("Version and credits"));
    return help;
}

}  // namespace

// ---- building the window ---------------------------------------------------------------------------------------

void TurnFrame::buildMenus() {
    auto* file = newFileMenu();
    auto* edit = newEditMenu();
    auto* view = newViewMenu();
    auto* campaignMenu = newCampaignMenu();
    auto* help = newHelpMenu();
    auto* bar = new wxMenuBar;
    bar->Append(file, _("&File"));
    bar->Append(edit, _("&Edit"));
    bar->Append(view, _("&View"));
    bar->Append(campaignMenu, _("&Campaign"));
    bar->Append(help, _("&Help"));
    SetMenuBar(bar);
    bindFileMenu();
    bindEditMenu();
    bindViewMenu();
    bindCampaignMenu();
    bindMenuStates();
}

// File: the campaign, the recent files, the papers, a campaign server.
wxMenu* TurnFrame::newFileMenu() {
    auto* file = new wxMenu;
    file->Append(wxID_OPEN, _("&Open...\tCtrl+O"), _("Open a campaign database (or a map or campaign file to view)"));
    m_recentMenu = new wxMenu;
    file->AppendSubMenu(m_recentMenu, _("Open &Recent"), _("Files opened lately"));
    m_recent.UseMenu(m_recentMenu);
    file->AppendSeparator();
    file->Append(wxID_PREVIEW, _("Print Pre&view..."), _("See the side's papers before printing"));
    file->Append(wxID_PRINT, _("&Print...\tCtrl+P"), _("Print the side's papers"));
    file->Append(kIdExportPdf, _("&Export Papers as PDF..."), _("Write one of the side's papers to a PDF file"));
    file->AppendSeparator();
    file->Append(kIdConnectServer, _("Connect to a Campaign &Server..."), _("Play one side of a campaign hosted by etatmajor-server"));
    file->Append(kIdOpenPacket, _("Open Turn &Packet..."),
                 _("Read your side's turn packet from the host and write its orders (play by e-mail)"));
    file->AppendSeparator();
    file->Append(wxID_CLOSE, _("&Close\tCtrl+W"), _("Close this window"));
    file->Append(wxID_EXIT, _("&Quit\tCtrl+Q"), _("Quit Etat-Major"));
    return file;
}

void TurnFrame::bindFileMenu() {
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { openInteractively(); }, wxID_OPEN);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { connectToServer(this, GetSize()); }, kIdConnectServer);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { askAndOpenTurnPacket(this, GetSize()); }, kIdOpenPacket);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent& e) {
            const wxString p = m_recent.GetHistoryFile(static_cast<size_t>(e.GetId() - wxID_FILE1));
            if (p.empty()) return;
            if (!wxFileName::FileExists(p)) {
                m_recent.RemoveFileFromHistory(static_cast<size_t>(e.GetId() - wxID_FILE1));
                report(_("Cannot open the file"), wxString::Format(_("%s: error: no such file"), p));
                return;
            }
            openCampaign(p);
        },
        wxID_FILE1, wxID_FILE9);
    // The papers of the viewer only: a side's own, every side's for the host, none before a side is chosen.
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { printPapers(this, m_path, sideView(), true); }, wxID_PREVIEW);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { printPapers(this, m_path, sideView(), false); }, wxID_PRINT);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { exportPapersPdf(this, m_path, sideView()); }, kIdExportPdf);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { Close(); }, wxID_CLOSE);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { Close(); }, wxID_EXIT);
}

void TurnFrame::bindEditMenu() {
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { editOrder(m_selected); }, kIdEditOrder);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { reorganiseMe(m_selected); }, kIdReorganise);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { editDecoys(); }, kIdDecoys);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (auto* o = draftOrder(m_selected)) {
                o->path.clear();
                keepDraft();
                orderChanged(*o);
                say("the route of ME " + m_selected + " was cleared");
            }
        },
        kIdClearRoute);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (m_details && wxTheClipboard->Open()) {
                wxTheClipboard->SetData(new wxTextDataObject(m_details->GetValue()));
                wxTheClipboard->Close();
            }
        },
        wxID_COPY);
}

void TurnFrame::bindViewMenu() {
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { m_canvas->zoomIn(); }, kIdZoomIn);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { m_canvas->zoomOut(); }, kIdZoomOut);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { m_canvas->fitToWindow(); }, kIdFit);
    const std::pair<int, Overlay> overlays[] = {{kIdOverlayLoc, Overlay::Loc},
                                                {kIdOverlaySupply, Overlay::Supply},
                                                {kIdOverlayRange, Overlay::Range},
                                                {kIdOverlayFog, Overlay::Fog},
                                                {kIdOverlayOrders, Overlay::Orders}};
    for (const auto& [id, o] : overlays) {
        const Overlay which = o;
        Bind(
            wxEVT_MENU, [this, which](wxCommandEvent& e) { setOverlay(which, e.IsChecked()); }, id);
        Bind(
            wxEVT_UPDATE_UI,
            [this, which](wxUpdateUIEvent& e) {
                e.Check(overlay(which));
                e.Enable(m_document != nullptr);
            },
            id);
    }
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { setSide("american"); }, kIdSideAmerican);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { setSide("british"); }, kIdSideBritish);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { setSide(""); }, kIdSideHost);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { clearSide(); }, kIdSideNone);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { chooseSide(); }, kIdChooseSide);
}

// The battle chosen in the Battles tab; 0, having said so, when none is.
int TurnFrame::selectedBattle() {
    const int i = m_battleList ? m_battleList->GetSelection() : wxNOT_FOUND;
    if (i == wxNOT_FOUND || i >= static_cast<int>(m_battleIds.size())) {
        report(_("No battle selected"), _("Choose a battle in the Battles tab first."), false);
        return 0;
    }
    return m_battleIds[static_cast<std::size_t>(i)];
}

void TurnFrame::bindCampaignMenu() {
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { nextPhase(); }, kIdNextPhase);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { runToDecision(); }, kIdRunToDecision);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { submitOrders(); }, kIdSubmit);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { standFast(); }, kIdStandFast);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { refresh(); }, kIdRefresh);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { openWeekDialog(); }, kIdWeekly);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (const int id = selectedBattle()) showBattleSetup(id);
        },
        kIdBattleShow);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (const int id = selectedBattle()) startOdds(id, kOddsRuns);
        },
        kIdBattleOdds);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (const int id = selectedBattle()) resolveBattle(id);
        },
        kIdBattleResolve);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            const int id = selectedBattle();
            if (!id) return;
            wxFileDialog dialog(this, _("Tabletop result of the battle"), wxEmptyString, wxEmptyString,
                                _("Battle results (*.xml)|*.xml|All files (*)|*"), wxFD_OPEN | wxFD_FILE_MUST_EXIST);
            if (dialog.ShowModal() == wxID_OK) enterBattleResult(id, dialog.GetPath());
        },
        kIdBattleEnterFile);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            if (const int id = selectedBattle()) enterBattleResultForm(id);
        },
        kIdBattleEnter);
    Bind(
        wxEVT_MENU,
        [this](wxCommandEvent&) {
            wxAboutDialogInfo info;
            info.SetName(wxString::FromUTF8(kProductName));
            info.SetVersion(wxString::FromUTF8(kVersion));
            info.SetDescription(_("Umpire-less campaigns of the American War of Independence: the campaign turn manager."));
            wxAboutBox(info, this);
        },
        wxID_ABOUT);
}

// Which items can be chosen (and which are ticked) as the window stands.
void TurnFrame::bindMenuStates() {
    // Orders are written, submitted or stood down only by a side whose orders for today are not yet given.
    auto needSide = [this](wxUpdateUIEvent& e) { e.Enable(ordersOpen()); };
    for (const int id : {static_cast<int>(kIdSubmit), static_cast<int>(kIdStandFast), static_cast<int>(kIdEditOrder),
                         static_cast<int>(kIdClearRoute), static_cast<int>(kIdDecoys)})
        Bind(wxEVT_UPDATE_UI, needSide, id);
    // The weekly decisions are a side's: not the host's, and nothing with no side chosen.
    Bind(
        wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(m_viewer && !m_viewer->isHost()); }, kIdWeekly);
    Bind(
        wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(m_viewer && !m_viewer->isHost()); }, kIdReorganise);
    Bind(
        wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(m_document && m_viewer && !m_preview.ended); }, kIdNextPhase);
    Bind(
        wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(m_document && m_viewer && !m_preview.ended); }, kIdRunToDecision);
    Bind(
        wxEVT_UPDATE_UI,
        [this](wxUpdateUIEvent& e) {
            e.Enable(m_document != nullptr);
            e.Check(m_viewer && m_side == "american");
        },
        kIdSideAmerican);
    Bind(
        wxEVT_UPDATE_UI,
        [this](wxUpdateUIEvent& e) {
            e.Enable(m_document != nullptr);
            e.Check(m_viewer && m_side == "british");
        },
        kIdSideBritish);
    Bind(
        wxEVT_UPDATE_UI,
        [this](wxUpdateUIEvent& e) {
            e.Enable(m_document != nullptr);
            e.Check(m_viewer && m_viewer->isHost());
        },
        kIdSideHost);
    Bind(
        wxEVT_UPDATE_UI,
        [this](wxUpdateUIEvent& e) {
            e.Enable(m_document != nullptr);
            e.Check(m_document && !m_viewer);
        },
        kIdSideNone);
    for (const int id : {static_cast<int>(wxID_PREVIEW), static_cast<int>(wxID_PRINT), static_cast<int>(kIdExportPdf)})
        Bind(
            wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(m_view.has_value()); }, id);
}

void TurnFrame::buildPanels() {
    auto* root = new wxPanel(this);
    auto* rootSizer = new wxBoxSizer(wxVERTICAL);
    rootSizer->Add(buildPhaseBar(root), 0, wxEXPAND);

    const auto panes = buildCampaignPanes(root, 300);
    m_mainSplit = panes.mainSplit;
    m_leftSplit = panes.leftSplit;
    m_mapSplit = panes.mapSplit;
    m_tree = panes.tree;
    m_details = panes.details;
    m_canvas = panes.canvas;
    m_tree->Bind(wxEVT_TREE_SEL_CHANGED, &TurnFrame::onTreeSelect, this);
    m_tree->Bind(wxEVT_TREE_ITEM_ACTIVATED, [this](wxTreeEvent& e) {
        if (auto* d = dynamic_cast<MeItem*>(m_tree->GetItemData(e.GetItem()))) editOrder(d->id);
    });
    m_canvas->setOverlayPainter([this](wxGraphicsContext& gc, const hex::Layout& l, double s) { paintOverlays(gc, l, s); });
    m_canvas->setHexClickHandler([this](hex::Hex h) { return hexClicked(h); });
    m_canvas->setHoverHandler([this](const std::optional<HoverInfo>& info) { showHover(*this, info); });

    buildTabs();

    m_mapSplit->SplitHorizontally(m_canvas, m_notebook, -210);
    m_mainSplit->SplitVertically(m_leftSplit, m_mapSplit, 330);
    rootSizer->Add(m_mainSplit, 1, wxEXPAND);
    root->SetSizer(rootSizer);
}

// The phase bar: the side shown, where the turn stands and how the side's orders stand, and the day's actions.
wxPanel* TurnFrame::buildPhaseBar(wxWindow* parent) {
    auto* bar = new wxPanel(parent);
    bar->SetBackgroundColour(wxColour(236, 230, 214));
    auto* barSizer = new wxBoxSizer(wxHORIZONTAL);
    barSizer->Add(new wxStaticText(bar, wxID_ANY, _("Side:")), 0, wxALIGN_CENTER_VERTICAL | wxLEFT, 8);
    m_sideChoice = new wxChoice(bar, wxID_ANY);
    barSizer->Add(m_sideChoice, 0, wxALIGN_CENTER_VERTICAL | wxALL, 6);
    auto* texts = new wxBoxSizer(wxVERTICAL);
    m_phaseText = new wxStaticText(bar, wxID_ANY, _("No campaign open"), wxDefaultPosition, wxDefaultSize, wxST_ELLIPSIZE_END);
    m_phaseText->SetFont(m_phaseText->GetFont().Bold());
    m_ordersText = new WrappedText(bar);
    m_phaseText->SetMinSize(wxSize(120, -1));
    texts->Add(m_phaseText, 0, wxEXPAND);
    texts->Add(m_ordersText, 0, wxEXPAND | wxTOP, 2);
    barSizer->Add(texts, 1, wxALIGN_CENTER_VERTICAL | wxALL, 6);
    m_submitButton = new wxButton(bar, kIdSubmit, _("Submit Orders"));
    m_standButton = new wxButton(bar, kIdStandFast, _("Stand Fast"));
    m_nextButton = new wxButton(bar, kIdNextPhase, wxString::FromUTF8("Next Phase \u25B6"));
    m_nextButton->SetFont(m_nextButton->GetFont().Bold());
    barSizer->Add(m_submitButton, 0, wxALIGN_CENTER_VERTICAL | wxALL, 4);
    barSizer->Add(m_standButton, 0, wxALIGN_CENTER_VERTICAL | wxALL, 4);
    barSizer->Add(m_nextButton, 0, wxALIGN_CENTER_VERTICAL | wxALL, 4);
    m_runButton = new wxButton(bar, kIdRunToDecision, wxString::FromUTF8("Run to Decision \u25B6\u25B6"));
    m_runButton->SetToolTip(_("Run the phases until a side must act (F6)"));
    barSizer->Add(m_runButton, 0, wxALIGN_CENTER_VERTICAL | wxALL, 6);
    bar->SetSizer(barSizer);
    m_submitButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { submitOrders(); });
    m_standButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { standFast(); });
    m_nextButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { nextPhase(); });
    m_runButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { runToDecision(); });
    m_sideChoice->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
        const int i = m_sideChoice->GetSelection();
        if (i == wxNOT_FOUND || i >= static_cast<int>(m_choiceSides.size())) return;
        const auto& side = m_choiceSides[static_cast<std::size_t>(i)];
        if (side) setSide(*side);
        else clearSide();
    });
    return bar;
}

// The tabs under the map.
void TurnFrame::buildTabs() {
    m_notebook = new wxNotebook(m_mapSplit, wxID_ANY);
    auto textPage = [this](const wxString& title) {
        auto* t = new wxTextCtrl(m_notebook, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize,
                                 wxTE_MULTILINE | wxTE_READONLY | wxTE_DONTWRAP);
        m_notebook->AddPage(t, title);
        return t;
    };
    m_ordersPanel = textPage(_("Today's Orders"));
    m_resultsPanel = textPage(_("Phase Results"));
    m_intelPanel = textPage(_("Intelligence"));
    m_notebook->AddPage(buildLogPage(), _("Event Log"));
    m_vcsPanel = textPage(_("Victory Conditions"));
    m_supplyPanel = textPage(_("Supply and LOC"));
    m_notebook->AddPage(buildBattlePage(), _("Battles"));
    m_notebook->Bind(wxEVT_NOTEBOOK_PAGE_CHANGED, [this](wxBookCtrlEvent& event) {
        event.Skip();
        onPageChanged();
    });
}

// The event log: the dice the viewer may see, filtered by a text and a phase.
wxPanel* TurnFrame::buildLogPage() {
    auto* logPage = new wxPanel(m_notebook);
    auto* logSizer = new wxBoxSizer(wxVERTICAL);
    auto* filterRow = new wxBoxSizer(wxHORIZONTAL);
    m_logFilter = new wxTextCtrl(logPage, wxID_ANY);
    m_logFilter->SetHint(_("filter: text in the roll, its rule or its effect"));
    m_logPhaseChoice = new wxChoice(logPage, wxID_ANY);
    m_logPhaseChoice->Append(_("every phase"));
    m_logPhaseChoice->Append("setup");
    for (const auto& p : campaign::kPhases) m_logPhaseChoice->Append(utf8(campaign::phaseString(p.phase)));
    m_logPhaseChoice->SetSelection(0);
    filterRow->Add(m_logFilter, 1, wxRIGHT, 6);
    filterRow->Add(m_logPhaseChoice, 0);
    m_logList = new wxListBox(logPage, wxID_ANY, wxDefaultPosition, wxDefaultSize, 0, nullptr, wxLB_SINGLE | wxLB_HSCROLL);
    logSizer->Add(filterRow, 0, wxEXPAND | wxALL, 4);
    logSizer->Add(m_logList, 1, wxEXPAND);
    logPage->SetSizer(logSizer);
    auto refilter = [this](wxCommandEvent&) {
        const int p = m_logPhaseChoice->GetSelection();
        setLogFilter(m_logFilter->GetValue().utf8_string(),
                     p <= 0 ? std::string() : m_logPhaseChoice->GetString(static_cast<unsigned>(p)).utf8_string());
    };
    m_logFilter->Bind(wxEVT_TEXT, refilter);
    m_logPhaseChoice->Bind(wxEVT_CHOICE, refilter);
    return logPage;
}

// Battles: on the left the list, the actions, the odds' progress and the odds themselves; on the right the
// set-up or, once fought, the report, wrapped to the width so no line runs out of sight.
wxPanel* TurnFrame::buildBattlePage() {
    auto* battlePage = new wxPanel(m_notebook);
    auto* battleSizer = new wxBoxSizer(wxHORIZONTAL);
    auto* battleLeft = new wxBoxSizer(wxVERTICAL);
    m_battleList = new wxListBox(battlePage, wxID_ANY, wxDefaultPosition, wxSize(300, -1), 0, nullptr, wxLB_SINGLE | wxLB_HSCROLL);
    m_battleList->SetMinSize(wxSize(300, 3 * m_battleList->GetCharHeight() + 12));
    battleLeft->Add(m_battleList, 0, wxEXPAND);  // the odds below take the room left
    auto* battleButtons = new wxBoxSizer(wxHORIZONTAL);
    for (const auto& [id, label] : std::vector<std::pair<int, wxString>>{{kIdBattleShow, _("Set-up")},
                                                                         {kIdBattleOdds, _("Odds")},
                                                                         {kIdBattleResolve, _("Resolve")},
                                                                         {kIdBattleEnter, _("Enter Result...")}}) {
        auto* b = new wxButton(battlePage, id, label, wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
        const int cmd = id;
        b->Bind(wxEVT_BUTTON, [this, cmd](wxCommandEvent&) {
            wxCommandEvent e(wxEVT_MENU, cmd);
            ProcessWindowEvent(e);
        });
        battleButtons->Add(b, 1, wxEXPAND | wxRIGHT, 2);
    }
    battleButtons->GetItem(battleButtons->GetItemCount() - 1)->SetBorder(0);
    battleLeft->Add(battleButtons, 0, wxEXPAND | wxTOP, 4);
    auto* progressRow = new wxBoxSizer(wxHORIZONTAL);
    m_oddsGauge = new wxGauge(battlePage, wxID_ANY, 100, wxDefaultPosition, wxSize(-1, 12));
    m_oddsCancelButton = new wxButton(battlePage, kIdOddsCancel, _("Cancel"), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    m_oddsCancelButton->Enable(false);
    m_oddsCancelButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { cancelOdds(); });
    progressRow->Add(m_oddsGauge, 1, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    progressRow->Add(m_oddsCancelButton, 0);
    battleLeft->Add(progressRow, 0, wxEXPAND | wxTOP, 4);
    m_oddsBox = new wxTextCtrl(battlePage, wxID_ANY, _("Odds: choose a battle and press Odds."), wxDefaultPosition, wxSize(300, -1),
                               wxTE_MULTILINE | wxTE_READONLY | wxTE_WORDWRAP);
    m_oddsBox->SetMinSize(wxSize(300, 3 * m_oddsBox->GetCharHeight() + 10));
    battleLeft->Add(m_oddsBox, 1, wxEXPAND | wxTOP, 4);
    m_battleText = new wxTextCtrl(battlePage, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize,
                                  wxTE_MULTILINE | wxTE_READONLY | wxTE_WORDWRAP);
    // Across the top of the tab: the side's assumptions on the enemy counters no report describes (the odds form), a
    // row a counter and a column a kind of the reports; below it the list and odds on the left, the set-up on the right.
    auto* battleTop = new wxBoxSizer(wxVERTICAL);
    m_assumeLabel = new wxStaticText(battlePage, wxID_ANY, _("Assumptions: choose a battle."));
    battleTop->Add(m_assumeLabel, 0, wxEXPAND | wxLEFT | wxRIGHT | wxTOP, 4);
    m_assumeGrid = new wxGrid(battlePage, wxID_ANY);
    const auto& kinds = engine::assumableKinds();
    m_assumeGrid->CreateGrid(0, static_cast<int>(kinds.size()));
    m_assumeGrid->SetColLabelSize(2 * m_assumeGrid->GetCharHeight() + 8);
    const wxFont labelFont = m_assumeGrid->GetLabelFont();
    for (std::size_t c = 0; c < kinds.size(); ++c) {
        // "line infantry battalions" over two lines: all but the last word, then the last.
        const auto space = kinds[c].rfind(' ');
        const std::string first = space == std::string::npos ? kinds[c] : kinds[c].substr(0, space);
        const std::string second = space == std::string::npos ? std::string() : kinds[c].substr(space + 1);
        m_assumeGrid->SetColLabelValue(static_cast<int>(c), utf8(second.empty() ? first : first + "\n" + second));
        int w1 = 0, w2 = 0, h = 0;
        m_assumeGrid->GetTextExtent(utf8(first), &w1, &h, nullptr, nullptr, &labelFont);
        m_assumeGrid->GetTextExtent(utf8(second), &w2, &h, nullptr, nullptr, &labelFont);
        m_assumeGrid->SetColSize(static_cast<int>(c), std::max(w1, w2) + 16);
    }
    m_assumeGrid->SetRowLabelAlignment(wxALIGN_LEFT, wxALIGN_CENTRE);
    m_assumeGrid->DisableDragRowSize();
    m_assumeGrid->Hide();  // shown while the chosen battle has counters to assume
    battleTop->Add(m_assumeGrid, 0, wxLEFT | wxRIGHT | wxTOP, 4);
    // On the right: a fought battle's report as tables with their columns (one chosen by its heading), then the text.
    auto* battleRight = new wxBoxSizer(wxVERTICAL);
    m_reportChoice = new wxChoice(battlePage, wxID_ANY);
    m_reportChoice->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { showReportTable(m_reportChoice->GetSelection()); });
    m_reportTable = new wxListCtrl(battlePage, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxLC_REPORT | wxLC_SINGLE_SEL);
    m_reportTable->SetMinSize(wxSize(-1, 6 * m_reportTable->GetCharHeight()));
    m_reportChoice->Hide();
    m_reportTable->Hide();
    battleRight->Add(m_reportChoice, 0, wxBOTTOM, 2);
    battleRight->Add(m_reportTable, 1, wxEXPAND | wxBOTTOM, 4);
    battleRight->Add(m_battleText, 1, wxEXPAND);
    battleSizer->Add(battleLeft, 0, wxEXPAND | wxALL, 4);
    battleSizer->Add(battleRight, 1, wxEXPAND | wxTOP | wxBOTTOM | wxRIGHT, 4);
    battleTop->Add(battleSizer, 1, wxEXPAND);
    battlePage->SetSizer(battleTop);
    m_battleList->Bind(wxEVT_LISTBOX, [this](wxCommandEvent&) {
        const int i = m_battleList->GetSelection();
        if (i != wxNOT_FOUND && i < static_cast<int>(m_battleIds.size())) {
            setBattleText(battleSetupText(m_battleIds[static_cast<std::size_t>(i)]));
            fillAssumptions(m_battleIds[static_cast<std::size_t>(i)]);
        }
    });
    return battlePage;
}

}  // namespace etatmajor::gui
