// SPDX-License-Identifier: GPL-3.0-or-later
// The turn manager's window: the commander's weekly decisions (Campaign > Weekly Decisions..., week_dialog.hpp).
// The dialog's forms make the core's commands; here they are checked (engine::validate, on the campaign read only)
// and applied (engine::execute, logged whole as the command-line program's are), and the window reads everything
// again.
#include "turn_frame.hpp"
#include "turn_frame_parts.hpp"

#include "week_dialog.hpp"

#include <wx/msgdlg.h>
#include <wx/splitter.h>

#include <algorithm>

namespace etatmajor::gui {

using namespace detail;

WeekContext TurnFrame::weekContext() const {
    WeekContext c;
    c.side = m_side;
    c.week = m_preview.week;
    c.day = m_preview.day;
    c.phase = campaign::phaseString(m_preview.phase);
    c.stop = m_stop;
    c.moves = m_moves;
    c.sources = m_sources;
    c.dissolve = m_dissolve;
    // The side's own MEs and players, from its view.
    if (m_view)
        if (const auto* own = m_view->side(m_side)) {
            c.mes = own->mes;
            c.players = own->players;
            c.nationality = own->nationalities.substr(0, own->nationalities.find_first_of(" ,"));
        }
    return c;
}

void TurnFrame::updateWeekStatus() {
    std::string text;
    if (m_viewer && !m_viewer->isHost() && !m_moves.empty())
        text = m_side + ": " + std::to_string(m_moves.size()) + (m_moves.size() == 1 ? " weekly decision" : " weekly decisions") +
               " open (F7)";
    SetStatusText(utf8(text), 2);
    if (m_weekDialog) m_weekDialog->setContext(weekContext());
}

WeekDialog* TurnFrame::openWeekDialog() {
    if (m_path.empty() || !m_viewer) {
        report(_("No side chosen"), utf8(kChooseSidePrompt), false);
        return nullptr;
    }
    if (m_viewer->isHost()) {
        report(_("Weekly decisions"),
               _("The weekly decisions are the sides' own: choose a side (its commander gives them). The host runs the "
                 "phases."),
               false);
        return nullptr;
    }
    if (m_weekDialog) {
        m_weekDialog->setContext(weekContext());
        m_weekDialog->Raise();
        return m_weekDialog;
    }
    m_weekDialog = new WeekDialog(this, weekContext());
    m_weekDialog->onCommand = [this](const WeekCommand& c, bool apply, std::vector<std::string>& lines) {
        // A dissolution is the core's transfer of everything the ME has (the form made it from engine::dissolveMembers).
        return weekCommand(c.command, apply, lines);
    };
    m_weekDialog->onClosed = [this] { m_weekDialog = nullptr; };
    showBesideOrderOfBattle(*this, *m_mainSplit, *m_weekDialog);
    return m_weekDialog;
}

WeekDialog* TurnFrame::reorganiseMe(const std::string& meId) {
    auto* dialog = openWeekDialog();
    if (!dialog) return nullptr;
    if (!dialog->showMove(engine::MoveKind::Reorganise)) {
        report(_("Reorganisation"),
               utf8("MEs are reorganised before the day's orders are written: in the weekly phases, D1 and D2, while the side "
                    "has not given today's orders (\u00a710.1)."),
               false);
        return dialog;
    }
    std::string error;
    if (!meId.empty()) dialog->setField("me", meId, error);
    return dialog;
}

core::IssueList TurnFrame::weekCommand(const engine::Command& command, bool apply, std::vector<std::string>& lines) {
    core::IssueList issues;
    std::string error;
    // Whatever the form says, the command acts for the side shown, and only for it.
    if (m_side.empty()) {
        issues.error("WEEK-SIDE", "no side is shown: the weekly decisions are a side's own");
        return issues;
    }
    if (!withStore(m_path, true, error, [&](db::CampaignStore& store) { issues = engine::validate(store, command); })) {
        issues.error("WEEK-STORE", error);
        return issues;
    }
    if (issues.hasErrors() || !apply) return issues;
    engine::CommandResult result;
    if (!withStore(m_path, false, error, [&](db::CampaignStore& store) { result = engine::execute(store, command); })) {
        issues.error("WEEK-STORE", error);
        return issues;
    }
    lines = result.lines;
    refresh();
    if (result.ok()) say(m_side + ": " + engine::commandName(command) + " given");
    return result.issues;
}

}  // namespace etatmajor::gui
