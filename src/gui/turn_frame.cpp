// SPDX-License-Identifier: GPL-3.0-or-later
// The turn manager's window (turn_frame.hpp): making it, its remembered layout, opening a campaign, choosing the
// viewer, reading the campaign for it, closing. The other parts: turn_frame_build.cpp (menus and panels),
// turn_frame_panels.cpp, turn_frame_map.cpp (overlays), turn_frame_orders.cpp, turn_frame_battles.cpp and
// turn_frame_scripts.cpp.
#include "turn_frame.hpp"

#include "decoy_dialog.hpp"
#include "turn_frame_parts.hpp"

#include "main_frame.hpp"
#include "order_dialog.hpp"
#include "side_chooser.hpp"
#include "turn_script.hpp"
#include "week_dialog.hpp"

#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/engine/intel.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "etatmajor/engine/weekly_stops.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/version.hpp"
#include "etatmajor/view/roll_log.hpp"

#include <wx/choice.h>
#include <wx/config.h>
#include <wx/filedlg.h>
#include <wx/listbox.h>
#include <wx/msgdlg.h>
#include <wx/splitter.h>
#include <wx/textctrl.h>
#include <wx/textdlg.h>
#include <wx/treectrl.h>

#include <algorithm>
#include <iostream>

namespace etatmajor::gui {

using namespace detail;

TurnFrame::TurnFrame(const wxSize& size, bool interactive)
    : wxFrame(nullptr, wxID_ANY, wxString::FromUTF8(kProductName), wxDefaultPosition, windowSizeOr(size)),
      m_interactive(interactive),
      m_sizeGiven(size.IsFullySpecified()),
      m_layout(*this, "/TurnManager"),
      m_watchTimer(this),
      m_recent(9, wxID_FILE1),
      m_oddsTimer(this),
      m_captureTimer(this) {
    buildMenus();
    buildPanels();
    // The third field says when the side shown has weekly decisions to make (Campaign > Weekly Decisions...).
    CreateStatusBar(3);
    const int widths[] = {250, -1, 330};  // the first: the hex under the mouse with its latitude and longitude
    SetStatusWidths(3, widths);
    Bind(wxEVT_CLOSE_WINDOW, &TurnFrame::onClose, this);
    Bind(wxEVT_TIMER, &TurnFrame::onOddsTick, this, m_oddsTimer.GetId());
    Bind(wxEVT_TIMER, &TurnFrame::onCaptureTick, this, m_captureTimer.GetId());
    Bind(wxEVT_TIMER, &TurnFrame::onWatchTick, this, m_watchTimer.GetId());
    // The panes are sized from what they show: the order of battle as wide as its lines (again once a side fills
    // it), the tabs under the map tall enough for ten lines of orders or reports, the map the rest.
    m_layout.addPane(*m_mainSplit, "LeftPane", PaneEnd::First, [this](int total) { return orderOfBattleWidth(*m_tree, total); });
    m_layout.addPane(*m_leftSplit, "TreePane", PaneEnd::First, [](int total) { return total * 9 / 20; });
    m_layout.addPane(*m_mapSplit, "BottomPane", PaneEnd::Second, [this](int total) { return tabsHeight(*m_notebook, total); });
    if (m_interactive) {
        m_recent.Load(*wxConfigBase::Get());
        m_recent.AddFilesToMenu();
        loadLayout();
    } else {
        m_layout.restore(nullptr, true);
    }
    updateTitle();
}

TurnFrame::~TurnFrame() {
    m_oddsCancel = true;
    if (m_oddsThread.joinable()) m_oddsThread.join();
    if (m_interactive) m_recent.Save(*wxConfigBase::Get());
}

// ---- layout memory (wxConfig) ----------------------------------------------------------------------------------

namespace {
constexpr std::pair<const char*, Overlay> kOverlayKeys[] = {
    {"Loc", Overlay::Loc}, {"Supply", Overlay::Supply}, {"Range", Overlay::Range}, {"Fog", Overlay::Fog}, {"Orders", Overlay::Orders}};
}

void TurnFrame::loadLayout() {
    auto* config = wxConfigBase::Get();
    m_layout.restore(config, m_sizeGiven);
    bool on = false;
    for (const auto& [key, o] : kOverlayKeys)
        if (config->Read(wxString("/TurnManager/Overlay") + key, &on)) {
            if (on) m_overlays.insert(o);
            else m_overlays.erase(o);
        }
}

void TurnFrame::saveLayout() {
    auto* config = wxConfigBase::Get();
    // While the Battles tab is shown the tabs have taken height from the map: the height they had before is theirs.
    std::map<std::string, int> instead;
    if (m_sashBeforeBattles > 0)
        instead["BottomPane"] = paneSizeAt(m_sashBeforeBattles, PaneEnd::Second, m_mapSplit->GetClientSize().y,
                                           m_mapSplit->GetSashSize());
    m_layout.save(*config, instead);
    for (const auto& [key, o] : kOverlayKeys) config->Write(wxString("/TurnManager/Overlay") + key, overlay(o));
    // Never the side: the next player at the table must not find the last one's view chosen for him.
    config->DeleteEntry("/TurnManager/LastSide", false);
    config->Flush();
}

// ---- changes made by other programs ------------------------------------------------------------------------------

void TurnFrame::onWatchTick(wxTimerEvent&) {
    // While a question is open (a modal dialog, the progress of a run) the window's own work may stand between a write
    // and its reading back: it is looked at again at the next tick. So it is while the odds are worked out.
    if (!IsEnabled() || oddsRunning()) return;
    checkOutsideChange();
}

bool TurnFrame::checkOutsideChange() {
    if (m_path.empty() || !m_watch || !m_watch->changed()) return false;
    // Everything shown is read again (refresh takes the database as seen first). The order being drafted, the draft
    // beside the database and the Week dialog's typed values are the window's own and stay as they are.
    refresh();
    say("The campaign was changed outside this window; reloaded.");
    return true;
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
    // A campaign that cannot be watched is still shown; it is then read again only on Reload (F5).
    m_watch.reset();
    try {
        m_watch.emplace(path);
        m_watchTimer.Start(2000);
    } catch (const db::StoreError& e) {
        std::cerr << "etatmajor: " << e.what() << "\n";
    }
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

// ---- sides and viewers -----------------------------------------------------------------------------------------

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

void TurnFrame::chooseSide() {
    if (m_path.empty()) return;
    // Everything of the current view goes before anyone is asked who he is.
    if (m_viewer) clearSide();
    SideChooser pick(this, utf8(m_document ? m_document->title() : m_path), m_sides);
    if (pick.ShowModal() == wxID_OK) setSide(pick.chosen());
}

void TurnFrame::hideView() {
    if (m_orderDialog) m_orderDialog->Close();
    if (m_decoyDialog) m_decoyDialog->Close();
    // What the last run told the viewer is the viewer's own.
    closeSummary();
    m_summaryText.clear();
    m_stoppedBecause.clear();
    if (m_weekDialog) m_weekDialog->Close();
    m_moves.clear();
    m_dissolve.clear();
    m_stop.reset();
    SetStatusText(wxEmptyString, 2);
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
    m_given = {};
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

// ---- reading the campaign --------------------------------------------------------------------------------------

void TurnFrame::refresh() {
    if (m_path.empty()) return;
    // Whatever is committed from here on is read now or noticed at the next look, never lost between the two.
    if (m_watch) m_watch->seen();
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
    engine::GivenOrders given;
    std::optional<engine::WeeklyStop> stop;
    std::vector<engine::SideMove> moves;
    std::map<std::string, std::vector<std::string>> dissolve;
    const bool ok = withStore(m_path, true, error, [&](db::CampaignStore& store) {
        m_preview = view::previewNextPhase(store);
        stop = engine::weeklyStop(store);
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
            // The side's own orders stored for today: what it gave is what it is shown, not the template.
            given = engine::givenOrders(store, m_side);
            orders = given.status;
            moves = engine::weeklyMoves(store, m_side);
            if (const auto* own = shown->side(m_side))
                for (const auto& me : own->mes) dissolve[me.id] = engine::dissolveMembers(store, m_side, me.id);
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
    m_draftsMerged.clear();
    m_locs = std::move(locs);
    m_sources = std::move(sources);
    m_rolls = std::move(rolls);
    m_battles = std::move(battles);
    m_intelText = std::move(intel);
    m_ordersStatus = std::move(orders);
    m_given = std::move(given);
    m_resultsText = std::move(results);
    m_stop = std::move(stop);
    m_moves = std::move(moves);
    m_dissolve = std::move(dissolve);
    m_document = std::make_shared<MapDocument>(MapDocument::fromView(m_path, std::move(map), title, sideView()));
    m_battleIds.clear();
    m_battleList->Clear();
    for (const auto& b : m_battles) {
        m_battleIds.push_back(b.id);
        m_battleList->Append(utf8(battleListLine(b)));
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
    m_layout.fitToContent("LeftPane");
    updateDetails();
    updatePanels();
    updateOverlayData();
    updatePhaseBar();
    updateWeekStatus();
    m_canvas->Refresh();
}

// ---- closing ---------------------------------------------------------------------------------------------------

void TurnFrame::onClose(wxCloseEvent&) {
    m_oddsCancel = true;
    if (m_oddsThread.joinable()) m_oddsThread.join();
    m_oddsTimer.Stop();
    m_watchTimer.Stop();
    if (m_interactive) saveLayout();
    if (m_orderDialog) {
        m_orderDialog->onClosed = nullptr;
        m_orderDialog->Destroy();
        m_orderDialog = nullptr;
    }
    if (m_weekDialog) {
        m_weekDialog->onClosed = nullptr;
        m_weekDialog->Destroy();
        m_weekDialog = nullptr;
    }
    if (m_decoyDialog) {
        m_decoyDialog->onClosed = nullptr;
        m_decoyDialog->Destroy();
        m_decoyDialog = nullptr;
    }
    showChooserForScript(false);
    showPrintMenuForScript(false);
    closeSummary();
    Destroy();
}

}  // namespace etatmajor::gui
