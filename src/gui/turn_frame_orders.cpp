// SPDX-License-Identifier: GPL-3.0-or-later
// The turn manager's window: the side's draft of today's orders, the order dialog, giving the orders and running
// the phases.
#include "turn_frame.hpp"
#include "turn_frame_parts.hpp"

#include "decoy_dialog.hpp"
#include "order_dialog.hpp"

#include "etatmajor/engine/decoy_orders.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/engine/weekly_stops.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/view/day_report.hpp"
#include "etatmajor/view/turn_view.hpp"

#include <wx/button.h>
#include <wx/dialog.h>
#include <wx/msgdlg.h>
#include <wx/notebook.h>
#include <wx/progdlg.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/utils.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

namespace etatmajor::gui {

using namespace detail;

// ---- the side's draft ------------------------------------------------------------------------------------------

// The side's draft of today's orders: the core's template until the side changes it.
bool TurnFrame::ensureDraft() {
    if (m_side.empty()) return false;
    auto it = m_drafts.find(m_side);
    const bool today = it != m_drafts.end() && it->second.week == m_preview.week && it->second.day == m_preview.day;
    if (today && m_draftsMerged.count(m_side)) return true;
    std::string error;
    campaign::OrdersFile file;
    const bool ok = withStore(m_path, true, error, [&](db::CampaignStore& store) {
        file = io::readOrdersString(engine::ordersTemplate(store, m_side), "template");
    });
    if (!ok) {
        say(error);
        return false;
    }
    if (today) {
        // The campaign was read again since the draft was made: an ME raised or split off at the week's stops (or
        // gone since) takes (or loses) its order, an order the side never touched follows the new template, and what
        // the side wrote stays.
        const auto base = m_draftBases.find(m_side);
        it->second = base == m_draftBases.end() ? mergeDraft(file, it->second) : rebaseDraft(file, base->second, it->second);
        m_draftBases[m_side] = file;
        m_draftsMerged.insert(m_side);
        return true;
    }
    m_draftsMerged.insert(m_side);
    m_draftBases[m_side] = file;
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

const campaign::OrdersFile* TurnFrame::shownOrders() const {
    if (m_side.empty() || !m_viewer) return nullptr;
    return ordersShown(&m_given, draft());
}

const campaign::Order* TurnFrame::shownOrder(const std::string& meId) const {
    if (const auto* shown = shownOrders())
        for (const auto& o : shown->orders)
            if (o.me == meId) return &o;
    return nullptr;
}

campaign::Order* TurnFrame::draftOrder(const std::string& meId) {
    auto it = m_drafts.find(m_side);
    if (it == m_drafts.end()) return nullptr;
    for (auto& o : it->second.orders)
        if (o.me == meId) return &o;
    return nullptr;
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
    ctx.supplyPoints = supplyPointsOf(m_document->map());

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
    showOverOrderOfBattle(*this, *m_orderDialog);
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

// ---- decoys ----------------------------------------------------------------------------------------------------

DecoyDialog* TurnFrame::editDecoys() {
    if (m_side.empty() || !m_view) {
        report(_("No side chosen"), _("The host places no decoys: choose the side whose orders you write."), false);
        return nullptr;
    }
    if (m_ordersStatus != "not_given") {
        report(_("Orders already given"),
               utf8("The orders of " + m_side + " for today are " + readable(m_ordersStatus) +
                    "; their decoys cannot be changed (\u00a78.2)."),
               false);
        return nullptr;
    }
    if (!ensureDraft()) return nullptr;
    DecoyContext ctx;
    ctx.side = m_side;
    ctx.week = m_preview.week;
    ctx.day = m_preview.day;
    if (const auto* own = m_view->side(m_side)) ctx.onMap = own->decoys;
    std::string error;
    if (!withStore(m_path, true, error, [&](db::CampaignStore& store) { ctx.allowance = engine::decoyAllowance(store, m_side); })) {
        report(_("Cannot show the decoys"), utf8(error));
        return nullptr;
    }
    if (m_decoyDialog) m_decoyDialog->Close();
    m_decoyDialog = new DecoyDialog(this, ctx, m_drafts[m_side].decoys);
    m_decoyDialog->onChange = [this](const std::vector<campaign::DecoyOrder>& d) { decoysChanged(d); };
    m_decoyDialog->onAccept = [this](const std::vector<campaign::DecoyOrder>& d) {
        m_drafts[m_side].decoys = d;
        if (keepDraft())
            say(std::to_string(d.size()) + " decoy order(s) of " + m_side +
                " in today's orders, kept as a draft until they are given; Submit Orders gives them");
        updatePanels();
        updatePhaseBar();
    };
    m_decoyDialog->onClosed = [this] {
        m_decoyDialog = nullptr;
        m_canvas->Refresh();
    };
    showOverOrderOfBattle(*this, *m_decoyDialog);
    decoysChanged(m_decoyDialog->decoys());
    return m_decoyDialog;
}

void TurnFrame::decoysChanged(const std::vector<campaign::DecoyOrder>& decoys) {
    if (!m_decoyDialog || m_side.empty() || !ensureDraft()) return;
    campaign::OrdersFile file = m_drafts[m_side];
    file.decoys = decoys;
    std::vector<std::string> errors;
    std::string error;
    if (!withStore(m_path, true, error, [&](db::CampaignStore& store) {
            const core::IssueList issues = engine::checkDecoyOrders(store, file);
            for (const auto& issue : issues.items())
                if (issue.severity == core::Severity::Error) errors.push_back(issue.message);
        }))
        errors.push_back(error);
    m_decoyDialog->showCheck(errors);
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
        const core::IssueList decoys = engine::checkDecoyOrders(store, file);
        for (const auto& issue : decoys.items())
            if (issue.severity == core::Severity::Error) errors.push_back(issue.message);
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
    if (m_decoyDialog) m_decoyDialog->Close();
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
    if (m_decoyDialog) m_decoyDialog->Close();
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
    recordPhases(result.phases);
    refresh();
    if (!result.ok) {
        // Why it refused, without what ran before the refusal (the host reads that in the Phase Results).
        report(_("The phase did not run"), utf8(issuesText(view::phaseRefusalFor(*m_viewer, result.issues))));
        return false;
    }
    say(result.phases.empty() ? std::string("nothing ran")
                              : campaign::phaseString(result.phases.back().phase) + " " + result.phases.back().title + " done");
    if (m_interactive) m_notebook->SetSelection(1);  // Phase Results
    return true;
}

void TurnFrame::recordPhases(const std::vector<engine::PhaseReport>& phases) {
    // The engine's lines name every ME, die and value of both sides: the host's. A side is told its own day instead
    // (view::dayReport, in resultsText).
    std::ostringstream o;
    for (const auto& p : phases) {
        o << "Week " << p.week;
        if (p.day > 0) o << " day " << p.day;
        o << "  " << p.phase << " " << p.title << "\n";
        for (const auto& l : p.lines) o << "    " << l << "\n";
        m_lastRunWeek = p.week;
        m_lastRunDay = p.day > 0 ? p.day : 1;  // the weekly phases are told on the week's first day
    }
    m_engineLines += o.str();
}

bool TurnFrame::runToDecision() {
    if (m_path.empty()) return false;
    if (!m_viewer) {
        report(_("No side chosen"), utf8(kChooseSidePrompt), false);
        return false;
    }
    refresh();
    // As Next Phase: a phase that cannot run is said so, and nothing runs.
    if (!m_preview.ready()) {
        report(_("The next phase cannot run yet"), utf8(nextPhaseDescription(m_preview)), false);
        return false;
    }
    if (m_interactive &&
        wxMessageBox(utf8("Run the phases from " + campaign::phaseString(m_preview.phase) + " (" + m_preview.title +
                          ") on until a side must act: orders to give, a weekly stop, a battle to resolve or enter, or the "
                          "campaign's end?\n\n" +
                          nextPhaseDescription(m_preview)),
                     _("Run to the next decision"), wxYES_NO | wxICON_QUESTION, this) != wxYES)
        return false;
    closeSummary();
    // A week and a day of phases at most: every week has its weekly stops and every day its orders.
    constexpr int kMostPhases = 5 + 7 * 12 + 1;
    std::unique_ptr<wxProgressDialog> progress;
    if (m_interactive)
        progress = std::make_unique<wxProgressDialog>(_("Run to the next decision"), _("Running the phases..."), kMostPhases, this,
                                                      wxPD_APP_MODAL | wxPD_CAN_ABORT | wxPD_ELAPSED_TIME | wxPD_AUTO_HIDE);
    std::vector<engine::PhaseReport> ran;
    std::string stopped, error;
    core::IssueList refusal;
    bool failed = false;
    for (int n = 0; n < kMostPhases; ++n) {
        // Where the campaign stands, as the viewer may know it: the next phase, the week's stop, the viewer's battles.
        view::PhasePreview next;
        std::optional<engine::WeeklyStop> stop;
        std::vector<view::BattleView> battles;
        if (!withStore(m_path, true, error, [&](db::CampaignStore& store) {
                next = view::previewNextPhase(store);
                stop = engine::weeklyStop(store);
                battles = view::battlesFor(store, *m_viewer);
            })) {
            failed = true;
            break;
        }
        if (const auto why = decisionBefore(next, stop, battles, !ran.empty())) {
            stopped = *why;
            break;
        }
        const std::string phase = "week " + std::to_string(next.week) + " day " + std::to_string(next.day) + " " +
                                  campaign::phaseString(next.phase) + " " + next.title;
        if (progress && !progress->Update(n, utf8("Running " + phase + "..."))) {
            stopped = "you stopped the run before " + phase;
            break;
        }
        // The same core command Next Phase runs (engine::advance, one phase: the command phase.<id>).
        engine::AdvanceResult result;
        if (!withStore(m_path, false, error,
                       [&](db::CampaignStore& store) { result = engine::advance(store, engine::Step::Phase); })) {
            failed = true;
            break;
        }
        recordPhases(result.phases);
        for (const auto& p : result.phases) {
            if (!m_interactive) std::cout << "etatmajor: ran " << phase << "\n";
            ran.push_back(p);
        }
        if (!result.ok) {
            // Refused as Next Phase is (battles the resolver cannot fight are handed to the table by the core).
            refusal = result.issues;
            stopped = phase + " did not run";
            break;
        }
        if (n + 1 == kMostPhases) stopped = "the run went on for " + std::to_string(kMostPhases) + " phases without a decision";
    }
    progress.reset();
    refresh();
    if (failed) {
        report(_("The phase failed"), utf8(error));
        if (ran.empty()) return false;
    }
    // What the viewer is told: its own days, from its own view (view::dayReport); the host's tells every side.
    std::vector<view::DayReport> days;
    withStore(m_path, true, error, [&](db::CampaignStore& store) {
        for (const auto& [week, day] : daysRun(ran)) days.push_back(view::dayReport(store, *m_viewer, week, day));
    });
    m_stoppedBecause = stopped;
    m_summaryText = runSummaryText(ran, stopped, days);
    updatePanels();
    if (!refusal.items().empty()) report(_("The phase did not run"), utf8(issuesText(refusal)));
    else say(ran.empty() ? "nothing ran: " + stopped : std::to_string(ran.size()) + " phase(s) ran; stopped: " + stopped);
    showSummary();
    if (m_interactive) m_notebook->SetSelection(1);  // Phase Results
    return !ran.empty();
}

void TurnFrame::showSummary() {
    closeSummary();
    if (m_summaryText.empty() || !m_viewer) return;
    const wxString title = m_viewer->isHost() ? _("What happened today (the host: every side)") : _("What happened to us today");
    auto* dialog = new wxDialog(this, wxID_ANY, title, wxDefaultPosition, wxDefaultSize, wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    // The title again inside: the window's own title bar is the window manager's, and not always there.
    auto* heading = new wxStaticText(dialog, wxID_ANY, title);
    heading->SetFont(heading->GetFont().Bold().Larger());
    sizer->Add(heading, 0, wxLEFT | wxRIGHT | wxTOP, 10);
    auto* text = new wxTextCtrl(dialog, wxID_ANY, utf8(m_summaryText), wxDefaultPosition, wxSize(620, 380),
                                wxTE_MULTILINE | wxTE_READONLY | wxTE_WORDWRAP);
    sizer->Add(text, 1, wxEXPAND | wxALL, 8);
    auto* close = new wxButton(dialog, wxID_CLOSE, _("Close"));
    sizer->Add(close, 0, wxALIGN_RIGHT | wxLEFT | wxRIGHT | wxBOTTOM, 8);
    dialog->SetSizerAndFit(sizer);
    dialog->SetEscapeId(wxID_CLOSE);
    close->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { closeSummary(); });
    dialog->Bind(wxEVT_CLOSE_WINDOW, [this](wxCloseEvent&) { closeSummary(); });
    // Over the map, so that the order of battle and the orders stay in view.
    const wxRect map = m_canvas->GetScreenRect();
    dialog->Move(map.x + std::max(0, (map.width - dialog->GetSize().x) / 2), map.y + 12);
    m_summaryDialog = dialog;
    dialog->Show();
    dialog->Raise();
}

void TurnFrame::closeSummary() {
    if (!m_summaryDialog) return;
    auto* dialog = m_summaryDialog;
    m_summaryDialog = nullptr;
    dialog->Destroy();
}

// What the Phase Results tab shows: a side its own day, as the core tells it to that side; the host the engine's
// lines of the phases run in this window (everything), or its own report of the day when none ran yet.
std::string TurnFrame::resultsText(const db::CampaignStore& store) const {
    if (!m_viewer) return {};
    if (m_viewer->isHost() && !m_engineLines.empty()) return m_engineLines;
    return view::dayReportText(view::dayReport(store, *m_viewer, m_lastRunWeek, m_lastRunDay));
}

}  // namespace etatmajor::gui
