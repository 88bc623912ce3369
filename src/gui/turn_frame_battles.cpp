// SPDX-License-Identifier: GPL-3.0-or-later
// The turn manager's window: the Battles tab, the odds worker, resolving and recording battles.
#include "turn_frame.hpp"
#include "turn_frame_parts.hpp"

#include "battle_result_dialog.hpp"
#include "print_papers.hpp"

#include "etatmajor/battle/trials.hpp"
#include "etatmajor/core/text.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/report/papers.hpp"
#include "etatmajor/view/battle_text.hpp"

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/gauge.h>
#include <wx/grid.h>
#include <wx/listctrl.h>
#include <wx/msgdlg.h>
#include <wx/notebook.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <sstream>

namespace etatmajor::gui {

using namespace detail;

// ---- battles ---------------------------------------------------------------------------------------------------

std::string TurnFrame::battleSetupText(int id) {
    m_reportTables.clear();  // a side's report of a fought battle puts its tables back (sideBattleText)
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
                const auto paper = report::buildPaper(store, report::PaperKind::Battle, who.side(), options);
                o << "\n" << documentText(paper);
                m_reportTables = paper.tables;
            } catch (const db::StoreError& e) {
                o << "\nNo battle report for " << who.side() << ": " << e.what() << "\n";
            }
        }
    });
    return ok ? o.str() : error;
}

void TurnFrame::showBattleSetup(int id) {
    setBattleText(battleSetupText(id));
    fillAssumptions(id);
}

// What one view's Battles tab showed (set-up, report, odds) is not left for the next view to read.
void TurnFrame::clearBattleTab() {
    if (m_oddsThread.joinable()) m_oddsCancel = true;
    m_oddsText.clear();
    if (m_oddsBox) m_oddsBox->SetValue(_("Odds: choose a battle and press Odds."));
    if (m_battleText) setBattleText({});
    // The assumptions typed in one view are that side's beliefs: not left for the next.
    m_assumeBattle = 0;
    m_assumeCounters.clear();
    if (m_assumeGrid && m_assumeGrid->GetNumberRows() > 0) m_assumeGrid->DeleteRows(0, m_assumeGrid->GetNumberRows());
    if (m_assumeGrid && m_assumeGrid->IsShown()) {
        m_assumeGrid->Hide();
        m_assumeGrid->GetContainingSizer()->Layout();
    }
    if (m_assumeLabel) m_assumeLabel->SetLabel(_("Assumptions: choose a battle."));
}

// ---- the battle report's tables --------------------------------------------------------------------------------

void TurnFrame::setBattleText(const std::string& text) {
    m_battleText->SetValue(utf8(text));
    if (!m_reportTable) return;
    if (text.empty()) m_reportTables.clear();
    m_reportChoice->Clear();
    for (const auto& t : m_reportTables) m_reportChoice->Append(utf8(t.heading.empty() ? std::string("Table") : t.heading));
    const bool any = !m_reportTables.empty();
    m_reportChoice->Show(any);
    m_reportTable->Show(any);
    if (any) {
        m_reportChoice->SetSelection(0);
        showReportTable(0);
    } else {
        m_reportTable->ClearAll();
    }
    m_reportTable->GetContainingSizer()->Layout();
}

void TurnFrame::showReportTable(int index) {
    m_reportTable->Freeze();
    m_reportTable->ClearAll();
    if (index >= 0 && index < static_cast<int>(m_reportTables.size())) {
        const auto& t = m_reportTables[static_cast<std::size_t>(index)];
        for (const auto& c : t.columns) m_reportTable->AppendColumn(utf8(c));
        for (std::size_t r = 0; r < t.rows.size(); ++r) {
            const auto& row = t.rows[r];
            const long item = m_reportTable->InsertItem(static_cast<long>(r), row.empty() ? wxString() : utf8(row[0]));
            for (std::size_t c = 1; c < row.size() && c < t.columns.size(); ++c)
                m_reportTable->SetItem(item, static_cast<int>(c), utf8(row[c]));
        }
        // Each column as wide as its widest cell or its title.
        for (int c = 0; c < static_cast<int>(t.columns.size()); ++c) {
            m_reportTable->SetColumnWidth(c, wxLIST_AUTOSIZE);
            const int cells = m_reportTable->GetColumnWidth(c);
            m_reportTable->SetColumnWidth(c, wxLIST_AUTOSIZE_USEHEADER);
            if (m_reportTable->GetColumnWidth(c) < cells) m_reportTable->SetColumnWidth(c, cells);
        }
    }
    m_reportTable->Thaw();
}

std::string TurnFrame::reportTablesText() const {
    std::string out;
    const auto line = [](const std::vector<std::string>& cells) {
        std::string l;
        for (std::size_t i = 0; i < cells.size(); ++i) l += (i ? " | " : "") + cells[i];
        return l + "\n";
    };
    for (const auto& t : m_reportTables) {
        out += t.heading + "\n" + line(t.columns);
        for (const auto& r : t.rows) out += line(r);
    }
    return out;
}

// ---- the odds form: what the side believes the enemy counters no report describes hold ---------------------------

void TurnFrame::fillAssumptions(int id) {
    std::vector<std::string> counters;
    std::string note;
    if (m_side.empty()) {
        note = "Assumptions on the enemy are a side's own: choose a side to weigh the odds.";
    } else {
        view::OddsPlan plan;
        core::IssueList access;
        std::string error;
        if (!withStore(m_path, true, error, [&](db::CampaignStore& store) {
                access = view::battleAccess(store, view::Viewer::ofSide(m_side), id);
                if (!access.hasErrors()) plan = view::oddsPlan(store, m_side, id);
            }))
            note = error;
        else if (access.hasErrors()) note = access.items().front().message;
        else {
            counters = plan.unknownEnemies;
            note = counters.empty()
                       ? "Battle " + std::to_string(id) + ": a report describes every enemy counter; the odds need no assumption."
                       : "Battle " + std::to_string(id) +
                             ": what you believe each unscouted enemy counter holds, in units of each kind (empty: none).";
        }
    }
    m_assumeLabel->SetLabel(utf8(note));
    // The same counters of the same battle keep what was typed (a refresh, the list chosen again).
    if (id == m_assumeBattle && counters == m_assumeCounters) return;
    m_assumeBattle = id;
    m_assumeCounters = counters;
    if (m_assumeGrid->GetNumberRows() > 0) m_assumeGrid->DeleteRows(0, m_assumeGrid->GetNumberRows());
    if (!counters.empty()) {
        m_assumeGrid->AppendRows(static_cast<int>(counters.size()));
        const wxFont labelFont = m_assumeGrid->GetLabelFont();
        int widest = 0;
        for (std::size_t r = 0; r < counters.size(); ++r) {
            m_assumeGrid->SetRowLabelValue(static_cast<int>(r), utf8(counters[r]));
            int w = 0, h = 0;
            m_assumeGrid->GetTextExtent(utf8(counters[r]), &w, &h, nullptr, nullptr, &labelFont);
            widest = std::max(widest, w);
        }
        m_assumeGrid->SetRowLabelSize(std::min(widest + 16, 40 * m_assumeGrid->GetCharWidth()));
    }
    m_assumeGrid->Show(!counters.empty());
    m_assumeGrid->InvalidateBestSize();
    m_assumeGrid->GetContainingSizer()->Layout();
    onPageChanged();  // the form takes room: the tab may want more of the window
}

bool TurnFrame::setAssumption(int row, const std::string& kind, const std::string& value) {
    const auto& kinds = engine::assumableKinds();
    const auto col = std::find_if(kinds.begin(), kinds.end(), [&](const std::string& k) { return k.rfind(kind, 0) == 0; });
    if (row < 0 || row >= m_assumeGrid->GetNumberRows() || col == kinds.end() || kind.empty()) {
        report(_("No such cell"), utf8("the odds form has no row " + std::to_string(row + 1) + " and kind '" + kind + "'"), false);
        return false;
    }
    m_assumeGrid->SetCellValue(row, static_cast<int>(col - kinds.begin()), utf8(value));
    return true;
}

std::string TurnFrame::assumptionsText() const {
    if (m_assumeCounters.empty()) return {};
    const auto& kinds = engine::assumableKinds();
    std::string out = "Assumptions on battle " + std::to_string(m_assumeBattle) + ":\n";
    for (std::size_t r = 0; r < m_assumeCounters.size(); ++r) {
        std::string cells;
        for (std::size_t c = 0; c < kinds.size(); ++c) {
            const std::string v = m_assumeGrid->GetCellValue(static_cast<int>(r), static_cast<int>(c)).utf8_string();
            if (!v.empty()) cells += (cells.empty() ? "" : ", ") + kinds[c] + ": " + v;
        }
        out += "  " + m_assumeCounters[r] + ": " + (cells.empty() ? std::string("none stated") : cells) + "\n";
    }
    return out;
}

// The form's filled cells as assumptions; every cell that is not a whole number is named in `errors`.
std::vector<view::OddsAssumption> TurnFrame::readAssumptions(std::vector<std::string>& errors) {
    std::vector<view::OddsAssumption> out;
    if (m_assumeGrid->IsCellEditControlEnabled()) m_assumeGrid->SaveEditControlValue();
    const auto& kinds = engine::assumableKinds();
    for (std::size_t r = 0; r < m_assumeCounters.size(); ++r) {
        view::OddsAssumption a;
        a.counter = m_assumeCounters[r];
        for (std::size_t c = 0; c < kinds.size(); ++c) {
            wxString cell = m_assumeGrid->GetCellValue(static_cast<int>(r), static_cast<int>(c));
            cell.Trim(true).Trim(false);
            if (cell.empty()) continue;
            const std::string v = cell.utf8_string();
            int n = 0;
            const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
            if (ec != std::errc() || end != v.data() + v.size())
                errors.push_back(a.counter + ", " + kinds[c] + ": '" + core::shorten(v) + "' is not a whole number");
            else a.units.push_back({kinds[c], n});
        }
        if (!a.units.empty()) out.push_back(std::move(a));
    }
    return out;
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
    // The side's assumptions on the counters no report describes, as the form holds them for this battle.
    if (m_assumeBattle != id) fillAssumptions(id);
    std::vector<std::string> bad;
    const auto assumptions = readAssumptions(bad);
    if (!bad.empty()) {
        std::string text;
        for (const auto& b : bad) text += b + "\n";
        report(_("The assumptions are refused"), utf8(text));
        return false;
    }
    view::OddsPlan plan;
    core::IssueList access;
    std::string error;
    if (!withStore(m_path, true, error, [&](db::CampaignStore& store) {
            access = view::battleAccess(store, view::Viewer::ofSide(m_side), id);
            if (!access.hasErrors()) plan = view::oddsPlan(store, m_side, id, assumptions);
        })) {
        report(_("Cannot compute the odds"), utf8(error));
        return false;
    }
    if (access.hasErrors()) {
        report(_("Cannot compute the odds"), utf8(access.items().front().message));
        return false;
    }
    if (plan.issues.hasErrors()) {
        report(_("The assumptions are refused"), utf8(issuesText(plan.issues)));
        return false;
    }
    if (!plan.unknownEnemies.empty()) {
        m_oddsText = view::battleOddsText(view::fightOdds(plan, runs, 1));
        m_oddsBox->SetValue(utf8(m_oddsText));
        say(m_oddsText);
        return false;
    }
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
    setBattleText(battleSetupText(id));
    m_oddsBox->SetValue(utf8(m_oddsText));
    // Two threads: one fights the trials while the other reports progress and hears a cancel (view::fightOdds).
    m_oddsThread = std::thread([this, plan = std::move(plan), runs] {
        m_oddsResult = view::battleOddsText(view::fightOdds(plan, runs, 2, [this](int done) {
            m_oddsDone = done;
            return !m_oddsCancel.load();
        }));
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
    // A fought battle is written back into the campaign for good: the window asks first (a test script does not).
    if (m_interactive && wxMessageBox(utf8("Fight battle " + std::to_string(id) + " now with the resolver? This cannot be undone."),
                                      _("Resolve battle"), wxYES_NO | wxNO_DEFAULT | wxICON_QUESTION, this) != wxYES)
        return false;
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
    setBattleText(battleOutcomeText(id, lines));
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
    setBattleText(battleOutcomeText(id, lines));
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

}  // namespace etatmajor::gui
