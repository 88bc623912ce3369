// SPDX-License-Identifier: GPL-3.0-or-later
#include "turn_frame.hpp"

#include "battle_result_dialog.hpp"
#include "main_frame.hpp"
#include "map_style.hpp"
#include "order_dialog.hpp"
#include "print_papers.hpp"
#include "server_frame.hpp"
#include "side_chooser.hpp"
#include "turn_script.hpp"
#include "window_capture.hpp"

#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/battle/trials.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/engine/intel.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/version.hpp"
#include "etatmajor/view/battle_text.hpp"
#include "etatmajor/view/day_report.hpp"
#include "etatmajor/view/roll_log.hpp"

#include <wx/aboutdlg.h>
#include <wx/button.h>
#include <wx/choice.h>
#include <wx/choicdlg.h>
#include <wx/clipbrd.h>
#include <wx/config.h>
#include <wx/filedlg.h>
#include <wx/filename.h>
#include <wx/gauge.h>
#include <wx/listbox.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/notebook.h>
#include <wx/panel.h>
#include <wx/sizer.h>
#include <wx/splitter.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/textdlg.h>
#include <wx/time.h>
#include <wx/treectrl.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <sstream>

namespace etatmajor::gui {

namespace {

enum MenuId {
    kIdNextPhase = wxID_HIGHEST + 200,
    kIdSubmit,
    kIdStandFast,
    kIdEditOrder,
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
};

constexpr long kSettleMs = 400;
constexpr long kGiveUpMs = 20000;
constexpr int kOddsRuns = 400;

// What every panel says while no side is chosen.
constexpr const char* kChooseSidePrompt =
    "No side is shown. Choose a side (the list at the left of the bar, or View > Choose Side...) to see its view; "
    "the host's view shows everything.";

wxString utf8(const std::string& s) { return wxString::FromUTF8(s.c_str()); }

long long nowMs() { return wxGetLocalTimeMillis().GetValue(); }

// Runs f on a campaign store opened for reading (or writing); StoreErrors and other failures become a message.
template <typename F>
bool withStore(const std::string& path, bool readOnly, std::string& error, F&& f) {
    try {
        auto store = db::CampaignStore::open(path, readOnly);
        f(store);
        return true;
    } catch (const db::StoreError& e) {
        error = path + ": error " + e.code() + ": " + e.what();
    } catch (const core::FileError& e) {
        error = e.toIssue().format();
    } catch (const std::exception& e) {
        // The database failing under the command (busy past the timeout, damaged, read-only) in the campaign's words.
        if (const auto mine = db::storeErrorOf(e, path)) error = path + ": error " + mine->code() + ": " + mine->what();
        else error = path + ": error: " + e.what();
    }
    return false;
}

std::string issuesText(const core::IssueList& issues) {
    std::string out;
    for (const auto& i : issues.items()) out += i.format() + "\n";
    return out;
}

std::string readable(std::string s) {
    std::replace(s.begin(), s.end(), '_', ' ');
    return s;
}

// The tree item's data: the ME it stands for.
class MeItem : public wxTreeItemData {
public:
    explicit MeItem(std::string meId) : id(std::move(meId)) {}
    std::string id;
};

}  // namespace

TurnFrame::TurnFrame(const wxSize& size, bool interactive)
    : wxFrame(nullptr, wxID_ANY, wxString::FromUTF8(kProductName), wxDefaultPosition, size),
      m_interactive(interactive),
      m_recent(9, wxID_FILE1),
      m_oddsTimer(this),
      m_captureTimer(this) {
    buildMenus();
    buildPanels();
    CreateStatusBar(2);
    const int widths[] = {90, -1};
    SetStatusWidths(2, widths);
    Bind(wxEVT_CLOSE_WINDOW, &TurnFrame::onClose, this);
    Bind(wxEVT_TIMER, &TurnFrame::onOddsTick, this, m_oddsTimer.GetId());
    Bind(wxEVT_TIMER, &TurnFrame::onCaptureTick, this, m_captureTimer.GetId());
    if (m_interactive) {
        m_recent.Load(*wxConfigBase::Get());
        m_recent.AddFilesToMenu();
        loadLayout();
    }
    updateTitle();
}

TurnFrame::~TurnFrame() {
    m_oddsCancel = true;
    if (m_oddsThread.joinable()) m_oddsThread.join();
    if (m_interactive) m_recent.Save(*wxConfigBase::Get());
}

// ---- building the window ---------------------------------------------------------------------------------------

void TurnFrame::buildMenus() {
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
    file->AppendSeparator();
    file->Append(wxID_CLOSE, _("&Close\tCtrl+W"), _("Close this window"));
    file->Append(wxID_EXIT, _("&Quit\tCtrl+Q"), _("Quit Etat-Major"));

    auto* edit = new wxMenu;
    edit->Append(kIdEditOrder, _("Write &Order...\tCtrl+E"), _("Write or change today's order of the selected ME"));
    edit->Append(kIdClearRoute, _("&Clear Route"), _("Take the route out of the selected ME's order"));
    edit->AppendSeparator();
    edit->Append(wxID_COPY, _("&Copy Details\tCtrl+C"), _("Copy the selected ME's details"));

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

    auto* campaignMenu = new wxMenu;
    campaignMenu->Append(kIdNextPhase, _("&Next Phase\tF6"), _("Run the next phase of the turn"));
    campaignMenu->Append(kIdSubmit, _("&Submit Orders\tCtrl+Enter"), _("Give the side's orders for today"));
    campaignMenu->Append(kIdStandFast, _("Stand &Fast"), _("The side gives no orders today: every ME holds"));
    campaignMenu->AppendSeparator();
    campaignMenu->Append(kIdBattleShow, _("Battle &Set-up"), _("The selected battle's set-up"));
    campaignMenu->Append(kIdBattleOdds, _("Battle &Odds..."), _("The odds of the selected battle as the side knows it"));
    campaignMenu->Append(kIdBattleResolve, _("&Resolve Battle"), _("Let the resolver fight the selected battle now"));
    campaignMenu->Append(kIdBattleEnter, _("&Enter Tabletop Result..."), _("Record a battle fought on the table in a form"));
    campaignMenu->Append(kIdBattleEnterFile, _("Enter Tabletop Result from &File..."),
                         _("Record a battle fought on the table from a battle-result file"));
    campaignMenu->AppendSeparator();
    campaignMenu->Append(kIdRefresh, _("Re&load\tF5"), _("Read the campaign again"));

    auto* help = new wxMenu;
    help->Append(wxID_ABOUT, _("&About Etat-Major"), _("Version and credits"));

    auto* bar = new wxMenuBar;
    bar->Append(file, _("&File"));
    bar->Append(edit, _("&Edit"));
    bar->Append(view, _("&View"));
    bar->Append(campaignMenu, _("&Campaign"));
    bar->Append(help, _("&Help"));
    SetMenuBar(bar);

    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { openInteractively(); }, wxID_OPEN);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { connectToServer(this, GetSize()); }, kIdConnectServer);
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
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { editOrder(m_selected); }, kIdEditOrder);
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
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { nextPhase(); }, kIdNextPhase);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { submitOrders(); }, kIdSubmit);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { standFast(); }, kIdStandFast);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { refresh(); }, kIdRefresh);
    auto selectedBattle = [this]() -> int {
        const int i = m_battleList ? m_battleList->GetSelection() : wxNOT_FOUND;
        if (i == wxNOT_FOUND || i >= static_cast<int>(m_battleIds.size())) {
            report(_("No battle selected"), _("Choose a battle in the Battles tab first."), false);
            return 0;
        }
        return m_battleIds[static_cast<std::size_t>(i)];
    };
    Bind(
        wxEVT_MENU,
        [this, selectedBattle](wxCommandEvent&) {
            if (const int id = selectedBattle()) showBattleSetup(id);
        },
        kIdBattleShow);
    Bind(
        wxEVT_MENU,
        [this, selectedBattle](wxCommandEvent&) {
            if (const int id = selectedBattle()) startOdds(id, kOddsRuns);
        },
        kIdBattleOdds);
    Bind(
        wxEVT_MENU,
        [this, selectedBattle](wxCommandEvent&) {
            if (const int id = selectedBattle()) resolveBattle(id);
        },
        kIdBattleResolve);
    Bind(
        wxEVT_MENU,
        [this, selectedBattle](wxCommandEvent&) {
            const int id = selectedBattle();
            if (!id) return;
            wxFileDialog dialog(this, _("Tabletop result of the battle"), wxEmptyString, wxEmptyString,
                                _("Battle results (*.xml)|*.xml|All files (*)|*"), wxFD_OPEN | wxFD_FILE_MUST_EXIST);
            if (dialog.ShowModal() == wxID_OK) enterBattleResult(id, dialog.GetPath());
        },
        kIdBattleEnterFile);
    Bind(
        wxEVT_MENU,
        [this, selectedBattle](wxCommandEvent&) {
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

    // Orders are written, submitted or stood down only by a side whose orders for today are not yet given.
    auto needSide = [this](wxUpdateUIEvent& e) { e.Enable(ordersOpen()); };
    for (const int id : {static_cast<int>(kIdSubmit), static_cast<int>(kIdStandFast), static_cast<int>(kIdEditOrder),
                         static_cast<int>(kIdClearRoute)})
        Bind(wxEVT_UPDATE_UI, needSide, id);
    Bind(
        wxEVT_UPDATE_UI, [this](wxUpdateUIEvent& e) { e.Enable(m_document && m_viewer && !m_preview.ended); }, kIdNextPhase);
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

    // The phase bar.
    auto* bar = new wxPanel(root);
    bar->SetBackgroundColour(wxColour(236, 230, 214));
    auto* barSizer = new wxBoxSizer(wxHORIZONTAL);
    barSizer->Add(new wxStaticText(bar, wxID_ANY, _("Side:")), 0, wxALIGN_CENTER_VERTICAL | wxLEFT, 8);
    m_sideChoice = new wxChoice(bar, wxID_ANY);
    barSizer->Add(m_sideChoice, 0, wxALIGN_CENTER_VERTICAL | wxALL, 6);
    auto* texts = new wxBoxSizer(wxVERTICAL);
    m_phaseText = new wxStaticText(bar, wxID_ANY, _("No campaign open"), wxDefaultPosition, wxDefaultSize, wxST_ELLIPSIZE_END);
    m_phaseText->SetFont(m_phaseText->GetFont().Bold());
    m_ordersText = new wxStaticText(bar, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize, wxST_ELLIPSIZE_END);
    m_phaseText->SetMinSize(wxSize(120, -1));
    m_ordersText->SetMinSize(wxSize(120, -1));
    texts->Add(m_phaseText, 0, wxEXPAND);
    texts->Add(m_ordersText, 0, wxEXPAND | wxTOP, 2);
    barSizer->Add(texts, 1, wxALIGN_CENTER_VERTICAL | wxALL, 6);
    m_submitButton = new wxButton(bar, kIdSubmit, _("Submit Orders"));
    m_standButton = new wxButton(bar, kIdStandFast, _("Stand Fast"));
    m_nextButton = new wxButton(bar, kIdNextPhase, wxString::FromUTF8("Next Phase \u25B6"));
    m_nextButton->SetFont(m_nextButton->GetFont().Bold());
    barSizer->Add(m_submitButton, 0, wxALIGN_CENTER_VERTICAL | wxALL, 4);
    barSizer->Add(m_standButton, 0, wxALIGN_CENTER_VERTICAL | wxALL, 4);
    barSizer->Add(m_nextButton, 0, wxALIGN_CENTER_VERTICAL | wxALL, 6);
    bar->SetSizer(barSizer);
    m_submitButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { submitOrders(); });
    m_standButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { standFast(); });
    m_nextButton->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { nextPhase(); });
    m_sideChoice->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
        const int i = m_sideChoice->GetSelection();
        if (i == wxNOT_FOUND || i >= static_cast<int>(m_choiceSides.size())) return;
        const auto& side = m_choiceSides[static_cast<std::size_t>(i)];
        if (side) setSide(*side);
        else clearSide();
    });
    rootSizer->Add(bar, 0, wxEXPAND);

    m_mainSplit = new wxSplitterWindow(root, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxSP_LIVE_UPDATE | wxSP_3DSASH);
    m_mainSplit->SetMinimumPaneSize(160);
    m_leftSplit = new wxSplitterWindow(m_mainSplit, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxSP_LIVE_UPDATE | wxSP_3DSASH);
    m_leftSplit->SetMinimumPaneSize(80);
    m_tree = new wxTreeCtrl(m_leftSplit, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                            wxTR_HAS_BUTTONS | wxTR_HIDE_ROOT | wxTR_LINES_AT_ROOT | wxTR_SINGLE);
    m_details = new wxTextCtrl(m_leftSplit, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize, wxTE_MULTILINE | wxTE_READONLY);
    m_leftSplit->SplitHorizontally(m_tree, m_details, 300);
    m_tree->Bind(wxEVT_TREE_SEL_CHANGED, &TurnFrame::onTreeSelect, this);
    m_tree->Bind(wxEVT_TREE_ITEM_ACTIVATED, [this](wxTreeEvent& e) {
        if (auto* d = dynamic_cast<MeItem*>(m_tree->GetItemData(e.GetItem()))) editOrder(d->id);
    });

    m_mapSplit = new wxSplitterWindow(m_mainSplit, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxSP_LIVE_UPDATE | wxSP_3DSASH);
    m_mapSplit->SetMinimumPaneSize(80);
    m_mapSplit->SetSashGravity(1.0);
    m_canvas = new MapCanvas(m_mapSplit);
    m_canvas->setOverlayPainter([this](wxGraphicsContext& gc, const hex::Layout& l, double s) { paintOverlays(gc, l, s); });
    m_canvas->setHexClickHandler([this](hex::Hex h) { return hexClicked(h); });
    m_canvas->setHoverHandler([this](const std::optional<HoverInfo>& info) {
        SetStatusText(info ? info->hex : wxString(), 0);
        if (info) SetStatusText(info->terrain + (info->urban.empty() ? wxString() : ", " + info->urban), 1);
    });

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
    m_notebook->AddPage(logPage, _("Event Log"));
    auto refilter = [this](wxCommandEvent&) {
        const int p = m_logPhaseChoice->GetSelection();
        setLogFilter(m_logFilter->GetValue().utf8_string(),
                     p <= 0 ? std::string() : m_logPhaseChoice->GetString(static_cast<unsigned>(p)).utf8_string());
    };
    m_logFilter->Bind(wxEVT_TEXT, refilter);
    m_logPhaseChoice->Bind(wxEVT_CHOICE, refilter);
    m_vcsPanel = textPage(_("Victory Conditions"));
    m_supplyPanel = textPage(_("Supply and LOC"));
    // Battles: on the left the list, the actions, the odds' progress and the odds themselves; on the right the
    // set-up or, once fought, the report, wrapped to the width so no line runs out of sight.
    auto* battlePage = new wxPanel(m_notebook);
    auto* battleSizer = new wxBoxSizer(wxHORIZONTAL);
    auto* battleLeft = new wxBoxSizer(wxVERTICAL);
    m_battleList = new wxListBox(battlePage, wxID_ANY, wxDefaultPosition, wxSize(300, -1), 0, nullptr, wxLB_SINGLE | wxLB_HSCROLL);
    m_battleList->SetMinSize(wxSize(300, 3 * m_battleList->GetCharHeight() + 12));
    battleLeft->Add(m_battleList, 1, wxEXPAND);
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
    battleSizer->Add(battleLeft, 0, wxEXPAND | wxALL, 4);
    battleSizer->Add(m_battleText, 1, wxEXPAND | wxTOP | wxBOTTOM | wxRIGHT, 4);
    battlePage->SetSizer(battleSizer);
    m_notebook->AddPage(battlePage, _("Battles"));
    m_notebook->Bind(wxEVT_NOTEBOOK_PAGE_CHANGED, [this](wxBookCtrlEvent& event) {
        event.Skip();
        onPageChanged();
    });
    m_battleList->Bind(wxEVT_LISTBOX, [this](wxCommandEvent&) {
        const int i = m_battleList->GetSelection();
        if (i != wxNOT_FOUND && i < static_cast<int>(m_battleIds.size()))
            m_battleText->SetValue(utf8(battleSetupText(m_battleIds[static_cast<std::size_t>(i)])));
    });

    m_mapSplit->SplitHorizontally(m_canvas, m_notebook, -210);
    m_mainSplit->SplitVertically(m_leftSplit, m_mapSplit, 330);
    rootSizer->Add(m_mainSplit, 1, wxEXPAND);
    root->SetSizer(rootSizer);
}

// ---- layout memory (wxConfig) ----------------------------------------------------------------------------------

void TurnFrame::loadLayout() {
    auto* config = wxConfigBase::Get();
    long x = 0, y = 0, w = 0, h = 0, left = 0, tree = 0, map = 0;
    if (config->Read("/TurnManager/Width", &w) && config->Read("/TurnManager/Height", &h) && w >= 400 && h >= 300) {
        SetSize(wxSize(static_cast<int>(w), static_cast<int>(h)));
        if (config->Read("/TurnManager/X", &x) && config->Read("/TurnManager/Y", &y)) Move(static_cast<int>(x), static_cast<int>(y));
    }
    if (config->Read("/TurnManager/LeftPane", &left) && left >= 160) m_mainSplit->SetSashPosition(static_cast<int>(left));
    if (config->Read("/TurnManager/TreePane", &tree) && tree >= 80) m_leftSplit->SetSashPosition(static_cast<int>(tree));
    if (config->Read("/TurnManager/MapPane", &map) && map >= 80) m_mapSplit->SetSashPosition(static_cast<int>(map));
    bool on = false;
    const std::pair<const char*, Overlay> keys[] = {{"Loc", Overlay::Loc},
                                                    {"Supply", Overlay::Supply},
                                                    {"Range", Overlay::Range},
                                                    {"Fog", Overlay::Fog},
                                                    {"Orders", Overlay::Orders}};
    for (const auto& [key, o] : keys)
        if (config->Read(wxString("/TurnManager/Overlay") + key, &on)) {
            if (on) m_overlays.insert(o);
            else m_overlays.erase(o);
        }
}

void TurnFrame::saveLayout() {
    auto* config = wxConfigBase::Get();
    if (!IsMaximized() && !IsIconized()) {
        const wxRect r = GetRect();
        config->Write("/TurnManager/X", r.x);
        config->Write("/TurnManager/Y", r.y);
        config->Write("/TurnManager/Width", r.width);
        config->Write("/TurnManager/Height", r.height);
    }
    config->Write("/TurnManager/LeftPane", m_mainSplit->GetSashPosition());
    config->Write("/TurnManager/TreePane", m_leftSplit->GetSashPosition());
    config->Write("/TurnManager/MapPane", m_mapSplit->GetSashPosition());
    const std::pair<const char*, Overlay> keys[] = {{"Loc", Overlay::Loc},
                                                    {"Supply", Overlay::Supply},
                                                    {"Range", Overlay::Range},
                                                    {"Fog", Overlay::Fog},
                                                    {"Orders", Overlay::Orders}};
    for (const auto& [key, o] : keys) config->Write(wxString("/TurnManager/Overlay") + key, overlay(o));
    // Never the side: the next player at the table must not find the last one's view chosen for him.
    config->DeleteEntry("/TurnManager/LastSide", false);
    config->Flush();
}

// ---- opening and reading ---------------------------------------------------------------------------------------

void TurnFrame::report(const wxString& title, const wxString& message, bool error) {
    m_lastMessage = message.utf8_string();
    SetStatusText(message.BeforeFirst('\n'), 1);
    if (m_interactive) wxMessageBox(message, title, wxOK | (error ? wxICON_ERROR : wxICON_INFORMATION), this);
    else std::cerr << "etatmajor: " << message.utf8_string() << "\n";
}

void TurnFrame::say(const std::string& message) {
    m_lastMessage = message;
    SetStatusText(utf8(message), 1);
    if (!m_interactive) std::cout << "etatmajor: " << message << "\n";
}

void TurnFrame::openInteractively() {
    wxFileDialog dialog(this, _("Open a campaign database"), wxEmptyString, wxEmptyString,
                        _("Campaign databases (*.db)|*.db|Maps and campaign files (*.xml)|*.xml|All files (*)|*"),
                        wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (dialog.ShowModal() != wxID_OK) return;
    openCampaign(dialog.GetPath());
}

bool TurnFrame::openCampaign(const wxString& pathText, std::optional<std::string> side) {
    const std::string path(pathText.fn_str());
    DocumentKind kind;
    try {
        kind = MapDocument::detectKind(path);
    } catch (const LoadError& e) {
        report(_("Cannot open the file"), utf8(e.what()));
        return false;
    }
    if (kind != DocumentKind::CampaignDatabase) {
        // Maps and campaign files belong to the map window.
        auto* frame = new MainFrame(GetSize(), m_interactive);
        if (!frame->openFile(pathText)) {
            frame->Destroy();
            return false;
        }
        frame->Show();
        return true;
    }
    // The campaign's sides, to choose from: their ids and names are public.
    std::vector<std::pair<std::string, std::string>> sides;
    std::string error;
    if (!withStore(path, true, error, [&](db::CampaignStore& store) {
            for (const auto& s : view::campaignSides(store)) sides.emplace_back(s.id, s.name);
        })) {
        report(_("Cannot open the campaign"), utf8(error));
        return false;
    }
    if (side && !side->empty() && std::none_of(sides.begin(), sides.end(), [&](const auto& s) { return s.first == *side; })) {
        report(_("Cannot open the campaign"), utf8(path + ": error: the campaign has no side '" + *side + "'"));
        return false;
    }
    hideView();
    m_path = path;
    m_sides = sides;
    m_engineLines.clear();
    m_lastRunWeek = m_lastRunDay = 0;
    fillSideChoice();
    if (m_interactive) m_recent.AddFileToHistory(pathText);
    refresh();
    if (!m_document) return false;
    m_canvas->fitToWindow();
    if (side) {
        setSide(*side);
    } else if (m_interactive) {
        // Nobody is preselected: the player at the table says who he is.
        CallAfter([this] { chooseSide(); });
    }
    return true;
}

// The side list of the phase bar: "no side" first, then each side, then the host.
void TurnFrame::fillSideChoice() {
    m_sideChoice->Clear();
    m_choiceSides.clear();
    m_sideChoice->Append(_("(no side)"));
    m_choiceSides.emplace_back(std::nullopt);
    // Short names in the bar (the side's id, capitalised); the full names are in the chooser.
    for (const auto& [id, name] : m_sides) {
        wxString shortName = utf8(id);
        if (!shortName.empty()) shortName[0] = wxToupper(shortName[0]);
        m_sideChoice->Append(shortName);
        m_choiceSides.emplace_back(id);
    }
    m_sideChoice->Append(_("Host"));
    m_choiceSides.emplace_back(std::string());
    m_sideChoice->SetSelection(0);
}

bool TurnFrame::setSide(const std::string& side) {
    if (m_path.empty()) return false;
    if (!side.empty() && std::none_of(m_sides.begin(), m_sides.end(), [&](const auto& s) { return s.first == side; })) {
        report(_("Unknown side"), utf8("the campaign has no side '" + side + "'"));
        return false;
    }
    return showViewer(view::Viewer::from(side));
}

void TurnFrame::clearSide() {
    if (m_path.empty()) return;
    showViewer(std::nullopt);
    say("no side is shown: choose the side whose view you want");
}

bool TurnFrame::showViewer(const std::optional<view::Viewer>& who) {
    // A script's passphrase answers this choice only.
    struct Forget {
        std::deque<std::string>& queue;
        ~Forget() { queue.clear(); }
    } forget{m_scriptedPassphrases};
    if (m_viewer == who && who) {
        refresh();
        return true;
    }
    // Nothing of the current view stays on the screen while the next viewer is asked who he is.
    hideView();
    refresh();
    Update();
    if (!who) return true;
    if (!admit(*who)) {
        refresh();
        return false;
    }
    m_viewer = who;
    m_side = who->side();
    refresh();
    return true;
}

// docs/secrecy-auth.md: a campaign without passphrases is open, as at a shared table; a side (or the host) with one
// is shown only once it is given, and the core checks it, counts a wrong one and slows the next answers down
// (auth::authorise). The host's view is closed while the sides have passphrases and the host has none.
bool TurnFrame::admit(const view::Viewer& who) {
    const auth::Actor actor = who.isHost() ? auth::Actor::hostActor() : auth::Actor::ofSide(who.side());
    const std::string whose = viewerTitle(who);
    bool needed = false, open = false;
    std::string error;
    if (!withStore(m_path, true, error, [&](db::CampaignStore& store) {
            needed = auth::hasPassphrase(store, actor.name());
            open = !auth::anyPassphrase(store);
        })) {
        report(_("Cannot open the view"), utf8(error));
        return false;
    }
    if (open) return true;  // nobody has a passphrase: nothing to check (a read-only file stays viewable)
    std::optional<std::string> passphrase;
    if (needed) {
        passphrase = askPassphrase(who);
        if (!passphrase) {
            report(_("No passphrase given"), utf8("No passphrase was given for " + whose + ": nothing of that view is shown."), false);
            return false;
        }
    }
    core::IssueList issues;
    {
        wxBusyCursor busy;  // after wrong passphrases the core answers more and more slowly
        if (!withStore(m_path, false, error, [&](db::CampaignStore& store) { issues = auth::authorise(store, actor, passphrase); })) {
            report(_("Cannot open the view"), utf8(error));
            return false;
        }
    }
    if (!issues.hasErrors()) {
        // The side's draft is sealed under its passphrase: the key is derived once, now, with the salt of the draft
        // already there (when it is sealed), and forgotten when the view is hidden.
        if (passphrase && !who.isHost()) {
            wxBusyCursor busy;
            std::string text;
            try {
                text = io::readWholeFile(draftPath(m_path, who.side()));
            } catch (const std::exception&) {
                text.clear();  // no draft yet
            }
            try {
                m_sealKey = auth::isSealed(text) ? auth::SealKey::deriveFor(text, *passphrase) : auth::SealKey::derive(*passphrase);
            } catch (const auth::SealError&) {
                m_sealKey = auth::SealKey::derive(*passphrase);  // the file is not a sealed text: readDraft says so
            }
        }
        return true;
    }
    const auto& first = issues.items().front();
    if (first.code == "AUTH-WRONG")
        report(_("Wrong passphrase"), utf8("That is not the passphrase of " + whose +
                                           ": nothing of that view is shown. Each further "
                                           "wrong passphrase is answered more slowly."));
    else if (first.code == "AUTH-HOST-CLOSED")
        report(_("The host's view is closed"),
               utf8("The host's view is closed: the sides have passphrases and the host has none. Set the host's passphrase "
                    "first (etatmajor-cli campaign password --host; it needs every side's passphrase)."));
    else report(_("Cannot open the view"), utf8(issuesText(issues)));
    return false;
}

std::string TurnFrame::viewerTitle(const view::Viewer& who) const {
    if (who.isHost()) return "the host";
    const auto side = std::find_if(m_sides.begin(), m_sides.end(), [&](const auto& s) { return s.first == who.side(); });
    return side != m_sides.end() ? side->second + " (" + who.side() + ")" : who.side();
}

std::optional<std::string> TurnFrame::askPassphrase(const view::Viewer& who) {
    if (!m_interactive) {
        // Scripts answer with the passphrase queued for the next question; none queued is no answer.
        if (m_scriptedPassphrases.empty()) return std::nullopt;
        std::string answer = std::move(m_scriptedPassphrases.front());
        m_scriptedPassphrases.pop_front();
        return answer;
    }
    wxPasswordEntryDialog ask(this, utf8("The passphrase of " + viewerTitle(who) + ":"), _("Passphrase"));
    if (ask.ShowModal() != wxID_OK) return std::nullopt;
    return ask.GetValue().utf8_string();
}

void TurnFrame::showPassphraseForScript(const std::string& side) {
    showPrintMenuForScript(false);
    if (side.empty()) return;
    if (m_viewer) clearSide();
    const auto who = side == "host" ? view::Viewer::host() : view::Viewer::ofSide(side);
    auto* ask = new wxPasswordEntryDialog(this, utf8("The passphrase of " + viewerTitle(who) + ":"), _("Passphrase"));
    m_askingWindow = ask;
    ask->Show();
    ask->Raise();
}

void TurnFrame::hideView() {
    if (m_orderDialog) m_orderDialog->Close();
    m_sealKey.reset();
    m_draftKept = false;
    clearBattleTab();
    m_viewer.reset();
    m_side.clear();
    m_view.reset();
    m_selected.clear();
    m_checks.clear();
    m_drafts.clear();
    m_locs.clear();
    m_sources.clear();
    m_rolls.clear();
    m_battles.clear();
    m_range.clear();
    m_intelText.clear();
    m_resultsText.clear();
    m_ordersStatus.clear();
    if (m_document) {
        // The map stays (it is public); every counter goes.
        m_document = std::make_shared<MapDocument>(MapDocument::fromView(m_path, m_document->map(), m_document->title(), nullptr));
        m_canvas->replaceDocument(m_document);
    }
    m_battleIds.clear();
    if (m_battleList) m_battleList->Clear();
    m_tree->DeleteAllItems();
    m_details->SetValue(utf8(kChooseSidePrompt));
    for (auto* panel : {m_ordersPanel, m_resultsPanel, m_intelPanel, m_vcsPanel, m_supplyPanel})
        panel->SetValue(utf8(kChooseSidePrompt));
    m_logList->Clear();
    m_logShown = 0;
    m_canvas->Refresh();
}

void TurnFrame::onPageChanged() {
    if (!m_mapSplit || !m_mapSplit->IsSplit()) return;
    const bool battles = m_notebook->GetSelection() == static_cast<int>(m_notebook->GetPageCount()) - 1;
    const int height = m_mapSplit->GetClientSize().y;
    if (battles && m_sashBeforeBattles == 0) {
        // The set-up, the odds and the report want about twenty lines: the tabs take 45% of the height at least.
        const int wanted = height - std::max(height * 45 / 100, 300);
        if (wanted > 150 && m_mapSplit->GetSashPosition() > wanted) {
            m_sashBeforeBattles = m_mapSplit->GetSashPosition();
            m_mapSplit->SetSashPosition(wanted);
        }
    } else if (!battles && m_sashBeforeBattles > 0) {
        m_mapSplit->SetSashPosition(m_sashBeforeBattles);
        m_sashBeforeBattles = 0;
    }
}

// What one view's Battles tab showed (set-up, report, odds) is not left for the next view to read.
void TurnFrame::clearBattleTab() {
    if (m_oddsThread.joinable()) m_oddsCancel = true;
    m_oddsText.clear();
    if (m_oddsBox) m_oddsBox->SetValue(_("Odds: choose a battle and press Odds."));
    if (m_battleText) m_battleText->Clear();
}

void TurnFrame::refresh() {
    if (m_path.empty()) return;
    std::string error;
    map::Map map;
    std::string title;
    // Everything of the viewer's, and nothing else: the core's typed objects built for this viewer.
    std::optional<view::SideView> shown;
    std::vector<view::LocView> locs;
    std::vector<view::SourceView> sources;
    std::vector<dice::RollRecord> rolls;
    std::vector<view::BattleView> battles;
    std::string intel, orders, results;
    const bool ok = withStore(m_path, true, error, [&](db::CampaignStore& store) {
        m_preview = view::previewNextPhase(store);
        map = store.loadMap();
        title = store.info().name;
        if (!m_viewer) return;
        shown = view::buildSideView(store, *m_viewer);
        rolls = view::rollsFor(store, *m_viewer);
        battles = view::battlesFor(store, *m_viewer);
        if (!m_viewer->isHost()) {
            locs = view::locReport(store, m_side).mes;
            sources = view::supplyReport(store, m_side).sources;
            intel = engine::intelText(store, m_side);
            orders = engine::ordersStatus(store, m_side);
        } else {
            intel = "The host sees every ME: intelligence reports belong to the sides.\n";
        }
        results = resultsText(store);
    });
    if (!ok) {
        report(_("Cannot read the campaign"), utf8(error));
        return;
    }
    m_view = std::move(shown);
    m_locs = std::move(locs);
    m_sources = std::move(sources);
    m_rolls = std::move(rolls);
    m_battles = std::move(battles);
    m_intelText = std::move(intel);
    m_ordersStatus = std::move(orders);
    m_resultsText = std::move(results);
    m_document = std::make_shared<MapDocument>(MapDocument::fromView(m_path, std::move(map), title, sideView()));
    m_battleIds.clear();
    m_battleList->Clear();
    for (const auto& b : m_battles) {
        m_battleIds.push_back(b.id);
        m_battleList->Append(utf8("Battle " + std::to_string(b.id) + ": week " + std::to_string(b.week) + " day " +
                                  std::to_string(b.day) + " at " + b.hex + ", " + b.status));
    }
    m_canvas->replaceDocument(m_document);
    for (std::size_t i = 0; i < m_choiceSides.size(); ++i) {
        const auto& entry = m_choiceSides[i];
        const bool here = m_viewer ? entry && *entry == m_side : !entry;
        if (here) m_sideChoice->SetSelection(static_cast<int>(i));
    }
    ensureDraft();
    if (!m_selected.empty() && !(m_view && m_view->me(m_selected))) m_selected.clear();
    updateTitle();
    updateTree();
    updateDetails();
    updatePanels();
    updateOverlayData();
    updatePhaseBar();
    m_canvas->Refresh();
}

// The side's draft of today's orders: the core's template until the side changes it.
bool TurnFrame::ensureDraft() {
    if (m_side.empty()) return false;
    auto it = m_drafts.find(m_side);
    if (it != m_drafts.end() && it->second.week == m_preview.week && it->second.day == m_preview.day) return true;
    std::string error;
    campaign::OrdersFile file;
    const bool ok = withStore(m_path, true, error, [&](db::CampaignStore& store) {
        file = io::readOrdersString(engine::ordersTemplate(store, m_side), "template");
    });
    if (!ok) {
        say(error);
        return false;
    }
    // The side's draft kept beside the database by an earlier window is taken up again while today's orders are
    // open; once they are given (or the side stood fast) it has served.
    // A file that does not open (sealed under another passphrase, changed, or plain while the side has a
    // passphrase) is kept as it is: never read, never overwritten nor removed by this window.
    std::size_t restored = 0;
    const DraftRead saved = readDraft(m_path, m_side, file.week, file.day, m_sealKey ? &*m_sealKey : nullptr);
    m_draftKept = !saved.problem.empty();
    if (m_draftKept) {
        report(_("The draft orders were not opened"), utf8(saved.problem + "; today's changes are not kept beside the campaign."),
               false);
    } else if (m_ordersStatus == "not_given") {
        if (saved.orders) file = mergeDraft(file, *saved.orders, &restored);
    } else if (!m_ordersStatus.empty()) {
        removeDraft(m_path, m_side);
    }
    m_drafts[m_side] = std::move(file);
    m_checks.clear();
    if (restored > 0)
        say("restored " + std::to_string(restored) + " draft order(s) of " + m_side + " for week " +
            std::to_string(m_drafts[m_side].week) + " day " + std::to_string(m_drafts[m_side].day) +
            ", kept beside the campaign since the last window; Submit Orders gives them");
    return true;
}

bool TurnFrame::keepDraft() {
    const auto* d = draft();
    if (!d || m_side.empty()) return false;
    if (m_draftKept) {
        say("the draft beside the campaign did not open and is kept as it is: this change is not saved there");
        return false;
    }
    try {
        saveDraft(m_path, *d, m_sealKey ? &*m_sealKey : nullptr);
        return true;
    } catch (const std::exception& e) {
        say(std::string("the draft orders could not be kept: ") + e.what());
        return false;
    }
}

const campaign::OrdersFile* TurnFrame::draft() const {
    const auto it = m_drafts.find(m_side);
    return it == m_drafts.end() ? nullptr : &it->second;
}

campaign::Order* TurnFrame::draftOrder(const std::string& meId) {
    auto it = m_drafts.find(m_side);
    if (it == m_drafts.end()) return nullptr;
    for (auto& o : it->second.orders)
        if (o.me == meId) return &o;
    return nullptr;
}

void TurnFrame::updateTitle() {
    wxString title = wxString::FromUTF8(kProductName);
    if (m_document) {
        title += wxString::FromUTF8(" \u2014 ") + utf8(m_document->title().empty() ? m_path : m_document->title());
        const auto side = std::find_if(m_sides.begin(), m_sides.end(), [&](const auto& s) { return s.first == m_side; });
        title += wxString::FromUTF8(" \u2014 ") + (!m_viewer        ? _("no side chosen")
                                                   : m_side.empty() ? _("host view")
                                                                    : utf8((side != m_sides.end() ? side->second : m_side) + " view"));
    }
    SetTitle(title);
}

bool TurnFrame::ordersOpen() const { return m_document && !m_side.empty() && !m_preview.ended && m_ordersStatus == "not_given"; }

std::string TurnFrame::phaseBarLabel() const { return phaseBarText(sideView(), m_preview); }

void TurnFrame::updatePhaseBar() {
    m_phaseText->SetLabel(utf8(phaseBarLabel()));
    const wxString tip = utf8(nextPhaseDescription(m_preview));
    m_nextButton->SetToolTip(tip);
    m_phaseText->SetToolTip(tip);
    std::string orders;
    if (!m_viewer) {
        orders = kChooseSidePrompt;
    } else if (m_side.empty()) {
        orders = "Host view: every ME of both sides is shown. ";
        if (!m_preview.sidesWithoutOrders.empty()) {
            orders += "Orders still missing from: ";
            for (std::size_t i = 0; i < m_preview.sidesWithoutOrders.size(); ++i)
                orders += (i ? ", " : "") + m_preview.sidesWithoutOrders[i];
        } else {
            orders += "Both sides have given today's orders.";
        }
    } else if (m_ordersStatus == "not_given") {
        const auto* d = draft();
        std::size_t routes = 0;
        if (d)
            for (const auto& o : d->orders) routes += o.path.empty() ? 0 : 1;
        orders = "Today's orders not yet submitted: " + std::to_string(d ? d->orders.size() : 0) + " ME(s), " +
                 std::to_string(routes) + " with a route. Double-click an ME to write its order.";
    } else if (!m_ordersStatus.empty()) {
        orders = "Today's orders: " + readable(m_ordersStatus) + ".";
    }
    if (!m_preview.missing.empty()) orders += "  Next phase waits: " + m_preview.missing.front();
    m_ordersText->SetLabel(utf8(orders));
    m_submitButton->Enable(ordersOpen());
    m_standButton->Enable(ordersOpen());
    m_nextButton->Enable(m_document && m_viewer && !m_preview.ended);
    m_phaseText->GetParent()->Layout();
}

void TurnFrame::updateTree() {
    m_tree->Freeze();
    m_tree->DeleteAllItems();
    const auto root = m_tree->AddRoot("campaign");
    wxTreeItemId select;
    if (!m_view) {
        m_tree->Thaw();
        return;
    }
    // The viewer's own side first.
    std::vector<const view::SideSummaryView*> order;
    for (const auto& s : m_view->sides)
        if (s.id == m_side) order.push_back(&s);
    for (const auto& s : m_view->sides)
        if (s.id != m_side) order.push_back(&s);
    for (const auto* sp : order) {
        const auto& s = *sp;
        const auto sideItem = m_tree->AppendItem(root, utf8(s.name + (s.known ? "" : " (as far as we know)")));
        m_tree->SetItemBold(sideItem);
        for (const auto& me : s.mes) {
            const std::string text = me.label + " \u2014 " + me.hex + ", " + readable(me.mode) + ", " + std::to_string(me.stands) +
                                     " stands";
            const auto meItem = m_tree->AppendItem(sideItem, utf8(text), -1, -1, new MeItem(me.id));
            if (me.id == m_selected) select = meItem;
            for (const auto& g : me.generals)
                m_tree->AppendItem(meItem,
                                   utf8(g.name + " (" + readable(g.rank) + ", " + g.rating +
                                        (g.status == "active" ? "" : ", " + g.status) + ")"),
                                   -1, -1, new MeItem(me.id));
            for (const auto& u : me.units)
                m_tree->AppendItem(meItem,
                                   utf8(u.name + ": " + std::to_string(u.stands) + " stands, " + std::to_string(u.figures) + "/" +
                                        std::to_string(u.figuresOriginal) + " figures"),
                                   -1, -1, new MeItem(me.id));
        }
        if (!s.counters.empty()) {
            const auto enemy = m_tree->AppendItem(sideItem, utf8(std::to_string(s.counters.size()) + " counter(s) seen"));
            for (const auto& c : s.counters)
                m_tree->AppendItem(enemy, utf8(c.hex + ": " +
                                               (c.faceDown || c.label.empty() ? std::string("face down, unidentified") : c.label)));
        }
        m_tree->Expand(sideItem);
    }
    if (select.IsOk()) m_tree->SelectItem(select);
    m_tree->Thaw();
}

void TurnFrame::onTreeSelect(wxTreeEvent& event) {
    if (auto* d = dynamic_cast<MeItem*>(m_tree->GetItemData(event.GetItem()))) {
        if (d->id == m_selected) return;
        m_selected = d->id;
        updateDetails();
        updateOverlayData();
        m_canvas->Refresh();
    }
}

bool TurnFrame::selectMe(const std::string& meId) {
    const view::MeView* me = m_view ? m_view->me(meId) : nullptr;
    if (!me) {
        say("no ME '" + meId + "' is shown in this view");
        return false;
    }
    m_selected = meId;
    updateTree();
    updateDetails();
    updateOverlayData();
    if (m_document) m_canvas->centreOnHex(m_document->map().offsets().toHex(me->offset));
    m_canvas->Refresh();
    return true;
}

void TurnFrame::updateDetails() {
    const view::MeView* me = m_view ? m_view->me(m_selected) : nullptr;
    if (!me) {
        m_details->SetValue(!m_document ? wxString()
                            : m_view    ? _("Select an ME in the order of battle or click its counter on the map.")
                                        : utf8(kChooseSidePrompt));
        return;
    }
    std::ostringstream o;
    o << me->label << " [" << me->id << "]\n";
    o << "Hex " << me->hex << (me->entering ? " (entering by its LOC entry)" : "") << "\n";
    o << "Mode: " << readable(me->mode) << "\n";
    o << "Strength: " << me->stands << " stands, " << me->figures << " figures, " << me->points << " points\n";
    o << "Supply source: " << me->supplySource << "\n";
    for (const auto& l : m_locs)
        if (l.me == me->id) {
            o << "LOC: " << (l.loc ? "yes" : "NO") << " to " << l.supplySourceName;
            if (!l.loc && !l.problem.empty() && l.problem != "none") o << " (" << readable(l.problem) << ")";
            if (!l.viaMe.empty()) o << ", through ME " << l.viaMe;
            o << ", " << l.path.size() << " hex(es)\n";
        }
    o << "\nGenerals:\n";
    for (const auto& g : me->generals)
        o << "  " << g.name << ", " << readable(g.rank) << ", " << g.rating << (g.status == "active" ? "" : ", " + g.status) << "\n";
    if (!me->commander.empty()) o << "  in command: " << me->commander << "\n";
    o << "\nComposition:\n";
    for (const auto& u : me->units) {
        o << "  " << u.name << " \u2014 " << readable(u.type) << ", class " << u.unitClass << ", " << u.stands << " stands, "
          << u.figures << "/" << u.figuresOriginal << " figures";
        if (!u.guns.empty()) o << ", guns " << gunsText(u);
        o << "\n";
    }
    if (const campaign::Order* order = const_cast<TurnFrame*>(this)->draftOrder(me->id)) {
        o << "\nToday's order (" << (m_ordersStatus == "not_given" ? "draft" : readable(m_ordersStatus))
          << "): " << (order->mode ? readable(std::string(campaign::modeName(*order->mode))) : "forage");
        if (!order->path.empty()) o << ", route " << formatPath(order->path);
        o << "\n";
    }
    m_details->SetValue(utf8(o.str()));
}

void TurnFrame::updatePanels() {
    if (!m_viewer) {
        // Nothing of either side while no side is chosen.
        for (auto* panel : {m_ordersPanel, m_resultsPanel, m_intelPanel, m_vcsPanel, m_supplyPanel})
            panel->SetValue(utf8(kChooseSidePrompt));
        setLogFilter(m_logText, m_logPhase);
        return;
    }
    m_resultsPanel->SetValue(utf8(m_resultsText));
    // Today's orders: the draft and the rules' verdict on each.
    std::ostringstream orders;
    if (m_side.empty()) {
        orders << "Choose a side (View menu or the side list) to write its orders.\n";
    } else if (const auto* d = draft()) {
        orders << "Orders of " << m_side << " for week " << d->week << " day " << d->day << " \u2014 " << readable(m_ordersStatus)
               << "\n";
        for (const auto& o : d->orders) {
            orders << "  " << o.me << ": " << (o.mode ? readable(std::string(campaign::modeName(*o.mode))) : "forage");
            if (!o.supply.empty()) orders << ", supply " << o.supply;
            orders << ", route " << (o.path.empty() ? "none" : formatPath(o.path));
            if (o.marchToGuns) orders << ", march to the guns";
            orders << ", on contact " << campaign::scoutContactName(o.onScoutContact);
            const auto c = m_checks.find(o.me);
            if (c != m_checks.end()) {
                for (const auto& e : c->second.errors) orders << "\n      refused: " << e;
                for (const auto& w : c->second.warnings) orders << "\n      warning: " << w;
            }
            orders << "\n";
        }
    }
    m_ordersPanel->SetValue(utf8(orders.str()));
    m_intelPanel->SetValue(utf8(m_intelText));

    // Victory conditions of the own side only (every side for the host).
    std::ostringstream vcs;
    for (const auto& s : m_view->sides) {
        if (!s.vcs) continue;
        const int standing = s.vcs->baseline - s.vcs->pointsLost + s.vcs->pointsReplaced;
        vcs << s.name << "\n  baseline " << s.vcs->baseline << ", points lost " << s.vcs->pointsLost << ", replaced "
            << s.vcs->pointsReplaced << " \u2192 " << standing << "; defeated at " << s.vcs->defeatThreshold << " or below\n";
        vcs << "  urban areas held:";
        for (const auto& u : s.urbanControlled) vcs << " " << u.name << ";";
        vcs << "\n\n";
    }
    if (vcs.str().empty()) vcs << "No victory conditions to show.\n";
    m_vcsPanel->SetValue(utf8(vcs.str()));

    std::ostringstream sup;
    if (m_side.empty()) sup << "Supply and LOC reports belong to a side: choose one.\n";
    for (const auto& s : m_sources) {
        sup << s.name << " (" << s.size
            << "): " << (s.rolled ? std::to_string(s.weeklyValue) + " SP this week" : std::string("not yet rolled"))
            << (s.destroyed ? ", destroyed" : "");
        if (!s.drawnOnBy.empty()) {
            sup << "; drawn on by";
            for (const auto& m : s.drawnOnBy) sup << " " << m.me;
        }
        sup << "\n";
    }
    if (!m_locs.empty()) sup << "\n";
    for (const auto& l : m_locs) {
        sup << l.me << ": LOC " << (l.loc ? "yes" : "NO") << " to " << l.supplySourceName << " (" << l.path.size() << " hexes)";
        if (!l.cutAt.empty()) sup << ", cut at " << formatPath(l.cutAt);
        if (!l.loc && l.problem != "none") sup << ", " << readable(l.problem);
        sup << "\n";
    }
    m_supplyPanel->SetValue(utf8(sup.str()));
    setLogFilter(m_logText, m_logPhase);
}

void TurnFrame::setLogFilter(const std::string& text, const std::string& phase) {
    m_logText = text;
    m_logPhase = phase;
    const auto rows = filterRolls(m_rolls, text, phase);
    m_logList->Freeze();
    m_logList->Clear();
    wxArrayString lines;
    for (const auto& r : rows) lines.Add(utf8(rollLine(r)));
    if (!lines.empty()) m_logList->Append(lines);
    m_logList->Thaw();
    m_logShown = rows.size();
}

// ---- the map's overlays ----------------------------------------------------------------------------------------

void TurnFrame::setOverlay(Overlay o, bool on) {
    if (on) m_overlays.insert(o);
    else m_overlays.erase(o);
    updateOverlayData();
    m_canvas->Refresh();
}

void TurnFrame::updateOverlayData() {
    m_range.clear();
    if (!overlay(Overlay::Range) || m_side.empty() || m_selected.empty()) return;
    const campaign::Order* order = draftOrder(m_selected);
    if (!order) return;
    std::string error;
    withStore(m_path, true, error, [&](db::CampaignStore& store) { m_range = view::movementRange(store, m_side, *order); });
    if (!error.empty()) say(error);
}

void TurnFrame::paintOverlays(wxGraphicsContext& gc, const hex::Layout& layout, double s) {
    if (!m_document) return;
    const auto& m = m_document->map();
    const auto off = m.offsets();
    auto centre = [&](hex::Offset o) { return layout.toPixel(off.toHex(o)); };
    auto hexPath = [&](hex::Hex h, double inset) {
        const auto c = layout.toPixel(h);
        const auto corners = layout.corners(h);
        wxGraphicsPath p = gc.CreatePath();
        for (std::size_t i = 0; i < corners.size(); ++i) {
            const double x = c.x + (corners[i].x - c.x) * inset, y = c.y + (corners[i].y - c.y) * inset;
            if (i == 0) p.MoveToPoint(x, y);
            else p.AddLineToPoint(x, y);
        }
        p.CloseSubpath();
        return p;
    };
    auto polyline = [&](hex::Offset start, const std::vector<hex::Offset>& steps) {
        wxGraphicsPath p = gc.CreatePath();
        const auto a = centre(start);
        p.MoveToPoint(a.x, a.y);
        for (const auto& o : steps) {
            const auto b = centre(o);
            p.AddLineToPoint(b.x, b.y);
        }
        return p;
    };
    const double w = std::clamp(0.14 * s, 2.0, 6.0);

    // Fog of war: every map hex the side's MEs do not see now is shaded. What they see is the core's (the view's
    // seenHexes, asked of the rules' sight, §8.1.5); the window decides nothing of it.
    if (overlay(Overlay::Fog) && m_view && !m_viewer->isHost()) {
        std::set<hex::Hex> seen;
        for (const auto& o : m_view->seenHexes) seen.insert(off.toHex(o));
        // Over the map's hexes only: the ground around the map is no country anyone could see.
        const std::string outlineOf = m.metadata().id + " " + std::to_string(m.width()) + "x" + std::to_string(m.height());
        if (m_outlineOf != outlineOf) {
            m_outline = mapOutline(m);
            m_outlineOf = outlineOf;
        }
        const hex::Point origin = layout.toPixel(hex::Hex{0, 0});
        wxGraphicsPath fog = gc.CreatePath();
        for (const auto& loop : m_outline) {
            for (std::size_t i = 0; i < loop.size(); ++i) {
                const double x = origin.x + loop[i].x * s, y = origin.y + loop[i].y * s;
                if (i == 0) fog.MoveToPoint(x, y);
                else fog.AddLineToPoint(x, y);
            }
            fog.CloseSubpath();
        }
        for (const auto h : seen)
            if (m.contains(h)) fog.AddPath(hexPath(h, 1.0));
        gc.SetPen(wxNullGraphicsPen);
        gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(40, 40, 55, 110))));
        gc.FillPath(fog, wxODDEVEN_RULE);
    }

    // Movement range of the selected ME under its draft order.
    if (overlay(Overlay::Range) && !m_range.empty()) {
        wxGraphicsPath range = gc.CreatePath();
        for (const auto& o : m_range) range.AddPath(hexPath(off.toHex(o), 0.92));
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(30, 90, 200, 200), 1.2)));
        gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(60, 130, 230, 70))));
        gc.DrawPath(range);
    }

    // LOC paths (green when traced, red when not) and the hexes that cut them.
    if (overlay(Overlay::Loc)) {
        for (const auto& l : m_locs) {
            if (l.path.size() >= 2) {
                const wxColour ink = l.loc ? wxColour(20, 140, 60, 220) : wxColour(200, 30, 30, 220);
                std::vector<hex::Offset> rest(l.path.begin() + 1, l.path.end());
                const auto p = polyline(l.path.front(), rest);
                gc.SetBrush(wxNullGraphicsBrush);
                gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255, 170), w + 2.5).Cap(wxCAP_ROUND).Join(wxJOIN_ROUND)));
                gc.StrokePath(p);
                gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(ink, w).Cap(wxCAP_ROUND).Join(wxJOIN_ROUND).Style(wxPENSTYLE_SHORT_DASH)));
                gc.StrokePath(p);
                const auto end = centre(l.path.back());
                gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255), 1.5)));
                gc.SetBrush(gc.CreateBrush(wxBrush(ink)));
                gc.DrawEllipse(end.x - w * 1.2, end.y - w * 1.2, w * 2.4, w * 2.4);
            }
            for (const auto& cut : l.cutAt) {
                const auto c = centre(cut);
                const double r = std::max(4.0, 0.35 * s);
                gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255), w + 2.5).Cap(wxCAP_ROUND)));
                gc.StrokeLine(c.x - r, c.y - r, c.x + r, c.y + r);
                gc.StrokeLine(c.x - r, c.y + r, c.x + r, c.y - r);
                gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(210, 20, 20), w).Cap(wxCAP_ROUND)));
                gc.StrokeLine(c.x - r, c.y - r, c.x + r, c.y + r);
                gc.StrokeLine(c.x - r, c.y + r, c.x + r, c.y - r);
            }
        }
    }

    // Supply sources with their weekly values.
    if (overlay(Overlay::Supply)) {
        const double px = std::clamp(0.45 * s, 9.0, 13.0);
        gc.SetFont(gc.CreateFont(px, "Sans", wxFONTFLAG_BOLD, wxColour(20, 20, 20)));
        for (const auto& src : m_sources) {
            const auto c = centre(src.offset);
            const wxString text = src.rolled ? wxString::Format("%s %d SP", utf8(src.name), src.weeklyValue)
                                             : wxString::Format("%s ?", utf8(src.name));
            double tw = 0, th = 0;
            gc.GetTextExtent(text, &tw, &th);
            const double r = std::max(5.0, 0.45 * s);
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(120, 70, 0), 2.0)));
            gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(250, 200, 60, 200))));
            gc.DrawEllipse(c.x - r, c.y - r, 2 * r, 2 * r);
            gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(120, 70, 0), 1.0)));
            gc.SetBrush(gc.CreateBrush(wxBrush(wxColour(255, 246, 210, 230))));
            gc.DrawRoundedRectangle(c.x + r + 2, c.y - th / 2 - 2, tw + 8, th + 4, 3);
            gc.DrawText(text, c.x + r + 6, c.y - th / 2);
        }
    }

    // The routes of the draft orders; the ME being written gets each step coloured by the rules' verdict.
    if (overlay(Overlay::Orders) && !m_side.empty() && m_view)
        if (const auto* d = draft()) {
            for (const auto& o : d->orders) {
                const view::MeView* me = m_view->me(o.me);
                if (!me) continue;
                const bool editing = m_orderDialog && m_orderDialog->meId() == o.me;
                const campaign::Order& order = editing ? m_orderDialog->order() : o;
                if (order.path.empty()) continue;
                const auto p = polyline(me->offset, order.path);
                gc.SetBrush(wxNullGraphicsBrush);
                gc.SetPen(
                    gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255, 200), w * 1.6 + 3).Cap(wxCAP_ROUND).Join(wxJOIN_ROUND)));
                gc.StrokePath(p);
                gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(editing ? wxColour(20, 20, 20) : wxColour(70, 70, 70, 200), w * 1.6)
                                           .Cap(wxCAP_ROUND)
                                           .Join(wxJOIN_ROUND)));
                gc.StrokePath(p);
                const auto check = m_checks.find(o.me);
                for (std::size_t i = 0; i < order.path.size(); ++i) {
                    wxColour dot(30, 150, 60);
                    if (check != m_checks.end() && i < check->second.steps.size()) {
                        const auto& step = check->second.steps[i];
                        if (!step.problem.empty()) dot = wxColour(210, 30, 30);
                        else if (!step.reached) dot = wxColour(235, 150, 20);
                    }
                    const auto c = centre(order.path[i]);
                    const double r = std::max(3.5, 0.22 * s);
                    gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255), 1.5)));
                    gc.SetBrush(gc.CreateBrush(wxBrush(dot)));
                    gc.DrawEllipse(c.x - r, c.y - r, 2 * r, 2 * r);
                }
            }
        }

    // The selected ME.
    if (const view::MeView* me = m_view ? m_view->me(m_selected) : nullptr) {
        const wxGraphicsPath ring = hexPath(off.toHex(me->offset), 1.0);
        gc.SetBrush(wxNullGraphicsBrush);
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(255, 255, 255, 230), 6.0)));
        gc.StrokePath(ring);
        gc.SetPen(gc.CreatePen(wxGraphicsPenInfo(wxColour(240, 170, 0), 3.0)));
        gc.StrokePath(ring);
    }
}

bool TurnFrame::hexClicked(hex::Hex h) {
    if (!m_document) return false;
    const hex::Offset at = m_document->map().offsets().toOffset(h);
    if (m_orderDialog && m_orderDialog->picking()) {
        m_orderDialog->hexClicked(at);
        return true;
    }
    // A click on a counter of the shown MEs selects it.
    if (m_view)
        for (const view::MeView* me : m_view->allMes())
            if (me->offset == at) {
                selectMe(me->id);
                return true;
            }
    return false;
}

// ---- orders ----------------------------------------------------------------------------------------------------

OrderDialog* TurnFrame::editOrder(const std::string& meId) {
    if (m_side.empty() || !m_view) {
        report(_("No side chosen"), _("The host writes no orders: choose the side whose orders you write."), false);
        return nullptr;
    }
    const auto* own = m_view->side(m_side);
    const view::MeView* me = nullptr;
    if (own)
        for (const auto& m : own->mes)
            if (m.id == meId) me = &m;
    if (!me) {
        report(_("No such ME"), utf8(meId.empty() ? std::string("Select one of the side's MEs first.")
                                                  : "ME '" + meId + "' is not one of " + m_side + "'s MEs on the map"));
        return nullptr;
    }
    if (m_ordersStatus != "not_given") {
        report(_("Orders already given"),
               utf8("The orders of " + m_side + " for today are " + readable(m_ordersStatus) +
                    "; they cannot be changed (\u00a78.2)."),
               false);
        return nullptr;
    }
    if (!ensureDraft()) return nullptr;
    campaign::Order* order = draftOrder(meId);
    if (!order) {
        report(_("No order"), utf8("ME " + meId + " is not on the map today and takes no order"));
        return nullptr;
    }
    if (m_orderDialog) m_orderDialog->Close();
    selectMe(meId);

    OrderContext ctx;
    ctx.side = m_side;
    ctx.week = m_preview.week;
    ctx.day = m_preview.day;
    ctx.me = *me;
    ctx.loc = "not traced yet";
    for (const auto& l : m_locs)
        if (l.me == meId)
            ctx.loc = (l.loc ? "yes, " : "no, ") + std::to_string(l.path.size()) + " hex(es) to " + l.supplySourceName +
                      (l.cutAt.empty() ? "" : ", cut at " + formatPath(l.cutAt));
    for (const auto& u : m_document->map().urbanAreas()) ctx.supplyPoints.emplace_back(u.id, u.name);
    std::sort(ctx.supplyPoints.begin(), ctx.supplyPoints.end(), [](const auto& a, const auto& b) { return a.second < b.second; });

    m_orderDialog = new OrderDialog(this, ctx, *order);
    m_orderDialog->onChange = [this](const campaign::Order& o) { orderChanged(o); };
    m_orderDialog->onAccept = [this](const campaign::Order& o) {
        if (auto* d = draftOrder(o.me)) *d = o;
        if (keepDraft())
            say("the order of ME " + o.me +
                " is in today's orders, kept as a draft until they are given; Submit "
                "Orders gives them");
        updatePanels();
        updateDetails();
        updatePhaseBar();
    };
    m_orderDialog->onClosed = [this] {
        m_orderDialog = nullptr;
        updateOverlayData();
        m_canvas->Refresh();
    };
    // Over the order of battle on the left, so the map and the route stay in view.
    const wxRect frame = GetScreenRect();
    m_orderDialog->Move(frame.x + 6, frame.y + 84);
    m_orderDialog->Show();
    m_orderDialog->Raise();
    orderChanged(m_orderDialog->order());
    return m_orderDialog;
}

void TurnFrame::orderChanged(const campaign::Order& order) {
    view::PathCheck check;
    std::string error;
    if (!withStore(m_path, true, error, [&](db::CampaignStore& store) { check = view::checkOrder(store, m_side, order); })) {
        check.errors.push_back(error);
    }
    m_checks[order.me] = check;
    if (m_orderDialog && m_orderDialog->meId() == order.me) m_orderDialog->showCheck(check);
    if (overlay(Overlay::Range) && order.me == m_selected) {
        m_range.clear();
        withStore(m_path, true, error, [&](db::CampaignStore& store) { m_range = view::movementRange(store, m_side, order); });
    }
    updatePanels();
    m_canvas->Refresh();
}

bool TurnFrame::submitOrders() {
    if (m_side.empty() || !ensureDraft()) {
        report(_("No side chosen"), _("Choose the side whose orders are submitted."));
        return false;
    }
    campaign::OrdersFile file = m_drafts[m_side];
    file.file = "orders of " + m_side;
    // Warnings first: every order checked by the rules; refusals stop here, warnings ask.
    std::vector<std::string> errors, warnings;
    std::string error;
    const bool read = withStore(m_path, true, error, [&](db::CampaignStore& store) {
        for (const auto& o : file.orders) {
            const auto c = view::checkOrder(store, m_side, o);
            m_checks[o.me] = c;
            errors.insert(errors.end(), c.errors.begin(), c.errors.end());
            warnings.insert(warnings.end(), c.warnings.begin(), c.warnings.end());
        }
    });
    if (!read) {
        report(_("Cannot submit the orders"), utf8(error));
        return false;
    }
    updatePanels();
    if (!errors.empty()) {
        std::string text = "The orders of " + m_side + " are not submitted:\n";
        for (const auto& e : errors) text += "  \u2022 " + e + "\n";
        report(_("Orders refused"), utf8(text));
        return false;
    }
    if (m_interactive) {
        std::string text = "Give the orders of " + m_side + " for week " + std::to_string(file.week) + " day " +
                           std::to_string(file.day) + "? They cannot be changed afterwards (\u00a78.2).";
        if (!warnings.empty()) {
            text += "\n\nWarnings:\n";
            for (const auto& w : warnings) text += "  \u2022 " + w + "\n";
        }
        if (wxMessageBox(utf8(text), _("Submit orders"), wxYES_NO | wxICON_QUESTION, this) != wxYES) return false;
    } else {
        for (const auto& w : warnings) std::cout << "etatmajor: warning: " << w << "\n";
    }
    core::IssueList issues;
    if (!withStore(m_path, false, error, [&](db::CampaignStore& store) { issues = engine::submitOrders(store, file); })) {
        report(_("Cannot submit the orders"), utf8(error));
        return false;
    }
    if (issues.hasErrors()) {
        report(_("Orders refused"), utf8("The orders of " + m_side + " are not submitted:\n" + issuesText(issues)));
        return false;
    }
    if (m_orderDialog) m_orderDialog->Close();
    if (!m_draftKept) removeDraft(m_path, m_side);
    refresh();
    say(std::to_string(file.orders.size()) + " order(s) of " + m_side + " given for week " + std::to_string(file.week) + " day " +
        std::to_string(file.day));
    return true;
}

bool TurnFrame::standFast() {
    if (m_side.empty()) {
        report(_("No side chosen"), _("Choose the side that stands fast."));
        return false;
    }
    if (m_interactive &&
        wxMessageBox(utf8("Every ME of " + m_side + " keeps its hex and mode today, and no orders can be given afterwards. Go on?"),
                     _("Stand fast"), wxYES_NO | wxICON_QUESTION, this) != wxYES)
        return false;
    core::IssueList issues;
    std::string error;
    if (!withStore(m_path, false, error, [&](db::CampaignStore& store) { issues = engine::standFast(store, m_side); })) {
        report(_("Cannot stand fast"), utf8(error));
        return false;
    }
    if (issues.hasErrors()) {
        report(_("Stand fast refused"), utf8(issuesText(issues)));
        return false;
    }
    if (m_orderDialog) m_orderDialog->Close();
    if (!m_draftKept) removeDraft(m_path, m_side);
    refresh();
    say(m_side + " stand fast today");
    return true;
}

bool TurnFrame::nextPhase() {
    if (m_path.empty()) return false;
    if (!m_viewer) {
        report(_("No side chosen"), utf8(kChooseSidePrompt), false);
        return false;
    }
    refresh();
    if (!m_preview.ready()) {
        report(_("The next phase cannot run yet"), utf8(nextPhaseDescription(m_preview)), false);
        return false;
    }
    if (m_interactive && wxMessageBox(utf8(nextPhaseDescription(m_preview) + "\n\nRun it now?"), _("Next phase"),
                                      wxYES_NO | wxICON_QUESTION, this) != wxYES)
        return false;
    engine::AdvanceResult result;
    std::string error;
    wxBusyCursor busy;
    if (!withStore(m_path, false, error, [&](db::CampaignStore& store) { result = engine::advance(store, engine::Step::Phase); })) {
        report(_("The phase failed"), utf8(error));
        return false;
    }
    // The engine's lines name every ME, die and value of both sides: the host's. A side is told its own day instead
    // (view::dayReport, in resultsText).
    std::ostringstream o;
    for (const auto& p : result.phases) {
        o << "Week " << p.week;
        if (p.day > 0) o << " day " << p.day;
        o << "  " << p.phase << " " << p.title << "\n";
        for (const auto& l : p.lines) o << "    " << l << "\n";
        m_lastRunWeek = p.week;
        m_lastRunDay = p.day > 0 ? p.day : 1;  // the weekly phases are told on the week's first day
    }
    m_engineLines += o.str();
    refresh();
    if (!result.ok) {
        // Why it refused, without what ran before the refusal (the host reads that in the Phase Results).
        report(_("The phase did not run"), utf8(issuesText(result.issues)));
        return false;
    }
    say(result.phases.empty() ? std::string("nothing ran")
                              : campaign::phaseString(result.phases.back().phase) + " " + result.phases.back().title + " done");
    if (m_interactive) m_notebook->SetSelection(1);  // Phase Results
    return true;
}

// What the Phase Results tab shows: a side its own day, as the core tells it to that side; the host the engine's
// lines of the phases run in this window (everything), or its own report of the day when none ran yet.
std::string TurnFrame::resultsText(const db::CampaignStore& store) const {
    if (!m_viewer) return {};
    if (m_viewer->isHost() && !m_engineLines.empty()) return m_engineLines;
    return view::dayReportText(view::dayReport(store, *m_viewer, m_lastRunWeek, m_lastRunDay));
}

// ---- battles ---------------------------------------------------------------------------------------------------

std::string TurnFrame::battleSetupText(int id) {
    if (!m_viewer) return kChooseSidePrompt;
    if (!m_viewer->isHost()) return sideBattleText(id);
    std::ostringstream o;
    std::string error;
    const bool ok = withStore(m_path, true, error, [&](db::CampaignStore& store) {
        const auto rec = engine::findBattle(store, id);
        if (!rec) {
            o << "The campaign has no battle " << id << ".\n";
            return;
        }
        // The set-up as every front end shows it (view/battle_text), then the resolver's narrative, which the host
        // alone may read.
        o << view::campaignBattleText(store, *m_viewer, id);
        if (!rec->narrative.empty()) o << "\n" << rec->narrative << "\n";
    });
    return ok ? o.str() : error;
}

// A battle as the side knows it, from its own objects only (view::battlesFor, its own MEs in its view): its own MEs
// with their timing and composition, the enemy's as their counters (turned over by the contact, §2.2), never by id,
// timing or composition; once fought, the side's own battle report as printed.
std::string TurnFrame::sideBattleText(int id) {
    std::ostringstream o;
    std::string error;
    const view::Viewer who = *m_viewer;
    const bool ok = withStore(m_path, true, error, [&](db::CampaignStore& store) {
        const auto battles = view::battlesFor(store, who);
        const auto b = std::find_if(battles.begin(), battles.end(), [&](const view::BattleView& x) { return x.id == id; });
        if (b == battles.end()) {
            o << "No battle " << id << " is known to " << who.side() << ".\n";
            return;
        }
        std::string terrain = "unknown";
        if (const auto at = hex::parseOffset(b->hex); at && m_document) {
            const hex::Hex h = m_document->map().offsets().toHex(*at);
            if (m_document->map().contains(h)) terrain = readable(std::string(map::terrainName(m_document->map().terrain(h))));
        }
        o << "Battle " << b->id << " at " << b->hex << " \u2014 " << b->status << "\n";
        o << "Terrain " << terrain << ", weather " << b->weather << ", " << b->daylight
          << " daylight turns; the fighting starts on turn " << b->startTurn << "\n";
        for (const bool own : {true, false}) {
            std::string sideId;
            for (const auto& p : b->participants)
                if (p.own == own) sideId = p.side;
            if (sideId.empty()) continue;
            const auto name = std::find_if(m_sides.begin(), m_sides.end(), [&](const auto& x) { return x.first == sideId; });
            o << "\n" << (name != m_sides.end() ? name->second : sideId) << ":\n";
            for (const auto& p : b->participants) {
                if (p.own != own) continue;
                if (!own) {
                    o << "  " << p.label << " (composition unknown)\n";
                    continue;
                }
                o << "  " << p.label << " [" << p.me << "], " << readable(p.mode) << ", on the field from turn " << p.arrivalTurn
                  << " (" << p.timing << ")\n";
                if (const view::MeView* me = m_view ? m_view->me(p.me) : nullptr) {
                    for (const auto& g : me->generals) o << "    " << g.name << ", " << readable(g.rank) << "\n";
                    for (const auto& u : me->units) o << "    " << u.name << ": " << u.stands << " stand(s)\n";
                }
            }
        }
        if (!b->summary.empty()) o << "\nResult: " << b->summary << "\n";
        if (b->status == "resolved") {
            // The side's own battle report, as printed: what its officers could see and count of the enemy.
            report::PrintOptions options;
            options.battle = id;
            try {
                o << "\n" << documentText(report::buildPaper(store, report::PaperKind::Battle, who.side(), options));
            } catch (const db::StoreError& e) {
                o << "\nNo battle report for " << who.side() << ": " << e.what() << "\n";
            }
        }
    });
    return ok ? o.str() : error;
}

void TurnFrame::showBattleSetup(int id) { m_battleText->SetValue(utf8(battleSetupText(id))); }

std::string TurnFrame::battleTabText() const {
    std::string text = m_battleText ? std::string(m_battleText->GetValue().utf8_str()) : std::string();
    if (!m_oddsText.empty()) text += "\n" + m_oddsText;
    return text;
}

std::string TurnFrame::ordersTabText() const {
    return m_ordersPanel ? std::string(m_ordersPanel->GetValue().utf8_str()) : std::string();
}

namespace {

void treeText(const wxTreeCtrl& tree, const wxTreeItemId& item, int depth, std::string& out) {
    wxTreeItemIdValue cookie;
    for (wxTreeItemId child = tree.GetFirstChild(item, cookie); child.IsOk(); child = tree.GetNextChild(item, cookie)) {
        out += std::string(static_cast<std::size_t>(depth) * 2, ' ') + tree.GetItemText(child).utf8_string() + "\n";
        treeText(tree, child, depth + 1, out);
    }
}

std::string textOf(const wxTextCtrl* t) { return t ? t->GetValue().utf8_string() : std::string(); }

}  // namespace

std::vector<std::pair<std::string, std::string>> TurnFrame::panelTexts() const {
    std::vector<std::pair<std::string, std::string>> out;
    out.emplace_back("Window title", GetTitle().utf8_string());
    out.emplace_back("Phase bar", m_phaseText->GetLabel().utf8_string() + "\n" + m_ordersText->GetLabel().utf8_string() +
                                      "\nSide: " + m_sideChoice->GetStringSelection().utf8_string());
    std::string tree;
    if (m_tree->GetRootItem().IsOk()) treeText(*m_tree, m_tree->GetRootItem(), 0, tree);
    out.emplace_back("Order of battle", tree);
    out.emplace_back("ME details", textOf(m_details));
    std::string counters;
    if (m_document)
        for (const auto& c : m_document->counters()) {
            const auto& sides = m_document->sides();
            counters += (c.side < sides.size() ? sides[c.side].id : std::string("?")) + " " + c.id + " '" + c.label + "' at " +
                        hex::formatOffset(m_document->map().offsets().toOffset(c.hex)) + (c.faceDown ? " face down" : "") +
                        (c.entering ? " entering" : "") + "\n";
        }
    out.emplace_back("Map counters", counters);
    std::string fog;
    if (m_view)
        for (const auto& h : m_view->seenHexes) fog += hex::formatOffset(h) + " ";
    out.emplace_back("Hexes in sight (fog of war)", fog);
    out.emplace_back("Today's Orders", textOf(m_ordersPanel));
    out.emplace_back("Phase Results", textOf(m_resultsPanel));
    out.emplace_back("Intelligence", textOf(m_intelPanel));
    std::string log;
    for (unsigned i = 0; i < m_logList->GetCount(); ++i) log += m_logList->GetString(i).utf8_string() + "\n";
    out.emplace_back("Event Log", log);
    out.emplace_back("Victory Conditions", textOf(m_vcsPanel));
    out.emplace_back("Supply and LOC", textOf(m_supplyPanel));
    std::string battles;
    for (unsigned i = 0; i < m_battleList->GetCount(); ++i) battles += m_battleList->GetString(i).utf8_string() + "\n";
    battles += textOf(m_battleText) + "\n" + textOf(m_oddsBox) + "\n";
    out.emplace_back("Battles", battles);
    std::string print;
    if (m_view)
        for (const auto& offer : paperOffers(*m_view)) print += offer.side + ": " + offerTitle(offer).utf8_string() + "\n";
    else print = "(nothing: no side chosen)\n";
    out.emplace_back("Print menu", print);
    out.emplace_back("Status bar", statusText());
    return out;
}

std::string TurnFrame::statusText() const {
    return GetStatusBar() ? std::string(GetStatusBar()->GetStatusText(1).utf8_str()) : std::string();
}

// The lines the engine returns when a battle is fought or entered name every unit on both sides: the host's.
std::string TurnFrame::battleOutcomeText(int id, const std::vector<std::string>& lines) {
    if (!m_viewer || !m_viewer->isHost()) return "Battle " + std::to_string(id) + " is decided.\n\n" + battleSetupText(id);
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    return text + "\n" + battleSetupText(id);
}

bool TurnFrame::startOdds(int id, int runs) {
    if (m_side.empty()) {
        report(_("No side chosen"), _("Odds are computed from what one side knows: choose a side."), false);
        return false;
    }
    if (m_oddsThread.joinable()) {
        report(_("Odds already running"), _("Wait for the running odds or cancel them."), false);
        return false;
    }
    battle::BattleSetup setup;
    std::vector<std::string> missing;
    std::uint64_t seed = 0;
    std::string error;
    bool found = false;
    if (!withStore(m_path, true, error, [&](db::CampaignStore& store) {
            const auto rec = engine::findBattle(store, id);
            if (!rec) return;
            found = std::any_of(rec->participants.begin(), rec->participants.end(),
                                [&](const engine::BattleParticipant& p) { return p.side == m_side; });
            if (!found) return;
            seed = rec->seed ^ 0x6f646473ULL;
            setup = engine::sideViewSetup(store, id, m_side, missing);
        })) {
        report(_("Cannot compute the odds"), utf8(error));
        return false;
    }
    if (!found) {
        report(_("Cannot compute the odds"), utf8("side '" + m_side + "' has no ME in battle " + std::to_string(id)));
        return false;
    }
    if (!missing.empty()) {
        std::string names;
        for (const auto& m : missing) names += (names.empty() ? "" : ", ") + m;
        m_oddsText = "The odds cannot be computed: " + m_side + " knows the counters of " + names +
                     " but no report has told it what they contain (scout them first).";
        m_oddsBox->SetValue(utf8(m_oddsText));
        say(m_oddsText);
        return false;
    }
    const int own = setup.sides[0].id == m_side ? battle::kSideA : battle::kSideB;
    m_oddsRuns = runs;
    m_oddsDone = 0;
    m_oddsCancel = false;
    m_oddsFinished = false;
    m_oddsGauge->SetRange(runs);
    m_oddsGauge->SetValue(0);
    m_oddsCancelButton->Enable(true);
    m_oddsText = "computing the odds of battle " + std::to_string(id) + "...";
    m_oddsSide = m_side;
    m_notebook->SetSelection(m_notebook->GetPageCount() - 1);
    // The set-up the odds are drawn from stays in view beside them.
    m_battleText->SetValue(utf8(battleSetupText(id)));
    m_oddsBox->SetValue(utf8(m_oddsText));
    m_oddsThread = std::thread([this, setup, seed, runs, own, id, side = m_side] {
        const battle::RedcoatsResolver resolver;
        // Two threads: one fights the trials while the other reports progress and hears a cancel (runTrials).
        const auto trials = battle::runTrials(resolver, setup, seed, runs, 2, [this](int done) {
            m_oddsDone = done;
            return !m_oddsCancel.load();
        });
        std::int64_t win = 0, draw = 0, hold = 0;
        for (const auto& t : trials) {
            win += t.winner == own ? 1 : 0;
            draw += t.winner == battle::kNoSide ? 1 : 0;
            hold += t.fieldHolder == own ? 1 : 0;
        }
        const auto n = static_cast<std::int64_t>(trials.size());
        auto pct = [n](std::int64_t k) {
            return n ? std::to_string((k * 1000 / n) / 10) + "." + std::to_string((k * 1000 / n) % 10) + "%" : std::string("-");
        };
        std::ostringstream o;
        o << "Battle " << id << " as " << side << " sees it (" << n << " of " << runs << " trials" << (n < runs ? ", cancelled" : "")
          << ", the enemy as reported):\n  win " << pct(win) << ", draw " << pct(draw) << ", lose " << pct(n - win - draw)
          << "; hold the field " << pct(hold) << "\n";
        m_oddsResult = o.str();
        m_oddsFinished = true;
    });
    m_oddsTimer.Start(100);
    return true;
}

void TurnFrame::onOddsTick(wxTimerEvent&) {
    m_oddsGauge->SetValue(std::min(m_oddsRuns, m_oddsDone.load()));
    if (!m_oddsFinished) return;
    m_oddsTimer.Stop();
    if (m_oddsThread.joinable()) m_oddsThread.join();
    m_oddsCancelButton->Enable(false);
    // Odds weighed from one side's knowledge are never shown in another side's view.
    m_oddsText = m_oddsSide == m_side ? m_oddsResult : std::string();
    m_oddsBox->SetValue(utf8(m_oddsText));
    if (!m_oddsText.empty()) say(m_oddsText.substr(0, m_oddsText.find('\n')));
}

// A side acts only on the battles it fights, the host on any; with no side chosen nobody acts. Says why not.
bool TurnFrame::mayActOnBattle(int id, const wxString& refusal) {
    if (!m_viewer) {
        report(_("No side chosen"), utf8(kChooseSidePrompt), false);
        return false;
    }
    std::string error;
    bool known = false;
    withStore(m_path, true, error, [&](db::CampaignStore& store) { known = view::mayKnowBattle(store, *m_viewer, id); });
    if (!known) report(refusal, utf8("battle " + std::to_string(id) + " is not one of " + m_viewer->name() + "'s battles"));
    return known;
}

bool TurnFrame::resolveBattle(int id) {
    if (!mayActOnBattle(id, _("Cannot resolve the battle"))) return false;
    std::vector<std::string> lines;
    core::IssueList issues;
    std::string error;
    if (!withStore(m_path, false, error, [&](db::CampaignStore& store) { issues = engine::resolveBattleNow(store, id, lines); })) {
        report(_("Cannot resolve the battle"), utf8(error));
        return false;
    }
    if (issues.hasErrors()) {
        report(_("Cannot resolve the battle"), utf8(issuesText(issues)));
        return false;
    }
    refresh();
    m_battleText->SetValue(utf8(battleOutcomeText(id, lines)));
    m_notebook->SetSelection(m_notebook->GetPageCount() - 1);
    say("battle " + std::to_string(id) + " resolved");
    return true;
}

bool TurnFrame::enterBattleResult(int id, const wxString& file) {
    if (!mayActOnBattle(id, _("Cannot record the result"))) return false;
    std::vector<std::string> lines;
    core::IssueList issues;
    std::string error;
    if (!withStore(m_path, false, error, [&](db::CampaignStore& store) {
            issues = engine::enterBattleResult(store, id, std::string(file.fn_str()), lines);
        })) {
        report(_("Cannot record the result"), utf8(error));
        return false;
    }
    if (issues.hasErrors()) {
        report(_("The result was refused"), utf8(issuesText(issues)));
        return false;
    }
    refresh();
    m_battleText->SetValue(utf8(battleOutcomeText(id, lines)));
    say("the tabletop result of battle " + std::to_string(id) + " is recorded");
    return true;
}

// The form: the units and generals of the battle's MEs (the host's knowledge: a tabletop result is the host's to
// record), written as a battle-result file beside the database and entered like `battle enter`.
bool TurnFrame::enterBattleResultForm(int id) {
    if (!m_viewer || !m_viewer->isHost()) {
        // The form lists every unit and general of both sides by name: the host's knowledge, not a side's.
        report(_("The host records tabletop results"),
               _("The result form names the units of both sides: choose Host to record a tabletop result."), false);
        return false;
    }
    std::vector<std::string> sides;
    std::vector<ResultUnit> units;
    std::vector<ResultGeneral> generals;
    std::string error;
    bool found = false;
    if (!withStore(m_path, true, error, [&](db::CampaignStore& store) {
            const auto rec = engine::findBattle(store, id);
            if (!rec) return;
            found = true;
            const auto host = view::buildSideView(store, view::Viewer::host());
            for (const auto& s : host.sides) sides.push_back(s.id);
            for (const auto& p : rec->participants)
                if (const view::MeView* me = host.me(p.me)) {
                    for (const auto& u : me->units) {
                        ResultUnit r;
                        r.id = u.id;
                        r.name = u.name;
                        r.me = me->id;
                        r.stands = u.stands;
                        for (const auto& g : u.guns) r.gunStands += g.stands;
                        units.push_back(r);
                    }
                    for (const auto& g : me->generals) generals.push_back({g.id, g.name, "unhurt"});
                }
        })) {
        report(_("Cannot record the result"), utf8(error));
        return false;
    }
    if (!found) {
        report(_("Cannot record the result"), utf8("the campaign has no battle " + std::to_string(id)));
        return false;
    }
    BattleResultDialog dialog(this, id, sides, units, generals);
    if (dialog.ShowModal() != wxID_OK) return false;
    const std::string file = m_path + ".battle-" + std::to_string(id) + "-result.xml";
    try {
        io::writeFileAtomically(file, dialog.xml());
    } catch (const std::exception& e) {
        report(_("Cannot record the result"), utf8(file + ": error: " + e.what()));
        return false;
    }
    return enterBattleResult(id, utf8(file));
}

// ---- closing, scripts and screenshots -------------------------------------------------------------------------

void TurnFrame::chooseSide() {
    if (m_path.empty()) return;
    // Everything of the current view goes before anyone is asked who he is.
    if (m_viewer) clearSide();
    SideChooser pick(this, utf8(m_document ? m_document->title() : m_path), m_sides);
    if (pick.ShowModal() == wxID_OK) setSide(pick.chosen());
}

void TurnFrame::showChooserForScript(bool show) {
    if (m_chooser) {
        m_chooser->Destroy();
        m_chooser = nullptr;
    }
    if (!show) return;
    if (m_viewer) clearSide();
    m_chooser = new SideChooser(this, utf8(m_document ? m_document->title() : m_path), m_sides);
    m_chooser->Show();
    m_chooser->Raise();
}

void TurnFrame::showPrintMenuForScript(bool show) {
    if (m_askingWindow) {
        m_askingWindow->Destroy();
        m_askingWindow = nullptr;
    }
    if (!show || !m_view) return;
    m_askingWindow = newPaperChooser(this, *m_view, _("Print"));
    if (!m_askingWindow) return;
    m_askingWindow->Show();
    m_askingWindow->Raise();
}

bool TurnFrame::selectTab(const std::string& title) {
    for (std::size_t i = 0; i < m_notebook->GetPageCount(); ++i)
        if (m_notebook->GetPageText(i).utf8_string().rfind(title, 0) == 0) {
            m_notebook->SetSelection(i);
            return true;
        }
    return false;
}

void TurnFrame::onClose(wxCloseEvent&) {
    m_oddsCancel = true;
    if (m_oddsThread.joinable()) m_oddsThread.join();
    m_oddsTimer.Stop();
    if (m_interactive) saveLayout();
    if (m_orderDialog) {
        m_orderDialog->onClosed = nullptr;
        m_orderDialog->Destroy();
        m_orderDialog = nullptr;
    }
    showChooserForScript(false);
    showPrintMenuForScript(false);
    Destroy();
}

void TurnFrame::runScriptWhenReady(const wxString& scriptPath, std::function<void(int)> done) {
    m_script = std::make_unique<TurnScript>(*this, scriptPath);
    m_captureDone = std::move(done);
    m_captureStart = nowMs();
    m_lastPaintChange = m_captureStart;
    m_lastPaintCount = m_canvas->paintCount();
    m_captureTimer.Start(50);
}

void TurnFrame::captureWhenReady(const wxString& pngPath, std::function<void(int)> done) {
    m_capturePath = pngPath;
    m_captureDone = std::move(done);
    m_captureStart = nowMs();
    m_lastPaintChange = m_captureStart;
    m_lastPaintCount = m_canvas->paintCount();
    m_captureTimer.Start(50);
}

void TurnFrame::onCaptureTick(wxTimerEvent&) {
    const long long now = nowMs();
    const unsigned paints = m_canvas->paintCount();
    if (paints != m_lastPaintCount) {
        m_lastPaintCount = paints;
        m_lastPaintChange = now;
    }
    const bool settled = IsShownOnScreen() && paints > 0 && now - m_lastPaintChange >= kSettleMs;
    if (!settled && now - m_captureStart <= kGiveUpMs) return;
    m_captureTimer.Stop();
    if (m_script) {
        m_script->start([this](int status) {
            auto done = std::move(m_captureDone);
            Close(true);
            if (done) done(status);
        });
        return;
    }
    const int status = saveScreenshot(m_capturePath) ? 0 : 1;
    auto done = std::move(m_captureDone);
    Close(true);
    if (done) done(status);
}

bool TurnFrame::saveScreenshot(const wxString& pngPath) {
    Update();
    if (m_orderDialog) m_orderDialog->Update();
    auto result = WindowCapture::capture(*this, *m_canvas);
    wxImage image = result.image;
    // The order dialog, the side chooser and the passphrase question are windows of their own: each is pasted where
    // it stands over the frame.
    for (wxTopLevelWindow* shown :
         {static_cast<wxTopLevelWindow*>(m_orderDialog), static_cast<wxTopLevelWindow*>(m_chooser), m_askingWindow}) {
        if (!shown || !image.IsOk()) continue;
        shown->Update();
        wxImage dialog = WindowCapture::fromXServer(*shown);
        if (!dialog.IsOk() || WindowCapture::looksBlank(dialog)) dialog = WindowCapture::fromWindowDC(*shown);
        if (dialog.IsOk() && !WindowCapture::looksBlank(dialog)) {
            const wxPoint at = shown->GetScreenPosition() - GetScreenPosition();
            image.Paste(dialog, at.x, at.y);
        }
    }
    const wxFileName target(pngPath);
    if (!target.GetPath().empty() && !wxFileName::DirExists(target.GetPath()))
        wxFileName::Mkdir(target.GetPath(), wxS_DIR_DEFAULT, wxPATH_MKDIR_FULL);
    if (!image.IsOk() || !image.SaveFile(pngPath, wxBITMAP_TYPE_PNG)) {
        std::cerr << pngPath.utf8_string() << ": error: cannot write the screenshot\n";
        return false;
    }
    std::cout << "etatmajor: wrote " << pngPath.utf8_string() << " (" << image.GetWidth() << "x" << image.GetHeight() << ", from the "
              << WindowCapture::methodName(result.method) << ")\n";
    return true;
}

}  // namespace etatmajor::gui
