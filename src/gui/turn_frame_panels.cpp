// SPDX-License-Identifier: GPL-3.0-or-later
// The turn manager's window: the phase bar, the order of battle, the ME's details and the tabs, and their texts
// for scripts and tests.
#include "turn_frame.hpp"
#include "turn_frame_parts.hpp"

#include "print_papers.hpp"
#include "week_dialog.hpp"

#include "etatmajor/version.hpp"

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/grid.h>
#include <wx/listbox.h>
#include <wx/notebook.h>
#include <wx/splitter.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/treectrl.h>

#include <algorithm>
#include <sstream>

namespace etatmajor::gui {

using namespace detail;

// ---- the panels ------------------------------------------------------------------------------------------------

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
    } else if (m_ordersStatus == "submitted") {
        std::size_t routes = 0;
        for (const auto& o : m_given.orders.orders) routes += o.path.empty() ? 0 : 1;
        orders = "Today's orders: submitted, " + std::to_string(m_given.orders.orders.size()) + " ME(s), " + std::to_string(routes) +
                 " with a route.";
    } else if (!m_ordersStatus.empty()) {
        orders = "Today's orders: " + readable(m_ordersStatus) + ".";
    }
    if (!m_preview.missing.empty()) orders += "  Next phase waits: " + m_preview.missing.front();
    m_ordersText->setText(utf8(orders));
    m_submitButton->Enable(ordersOpen());
    m_standButton->Enable(ordersOpen());
    m_nextButton->Enable(m_document && m_viewer && !m_preview.ended);
    m_runButton->Enable(m_document && m_viewer && !m_preview.ended);
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
        for (const auto& a : s.arrivals) m_tree->AppendItem(sideItem, utf8(arrivalLine(a)));
        if (!s.counters.empty()) {
            const auto enemy = m_tree->AppendItem(sideItem, utf8(std::to_string(s.counters.size()) + " counter(s) seen"));
            for (const auto& c : s.counters) m_tree->AppendItem(enemy, utf8(counterLine(c)));
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
    if (const campaign::Order* order = shownOrder(me->id)) {
        // The order given once the side has given its orders (as stored for the day), the draft until then.
        o << "\nToday's order (" << (m_ordersStatus == "not_given" ? "draft" : readable(m_ordersStatus))
          << "): " << (order->mode ? readable(std::string(campaign::modeName(*order->mode))) : "forage");
        o << ", route " << (order->path.empty() ? "none" : formatPath(order->path));
        if (const auto r = m_given.receipts.find(me->id); r != m_given.receipts.end()) o << "; " << readable(r->second);
        o << "\n";
    } else if (m_ordersStatus == "stand_fast") {
        o << "\nToday: stand fast (no orders written)\n";
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
    // Today's orders: the orders given once given (as stored), the draft until then, and the rules' verdict on each.
    std::ostringstream orders;
    if (m_side.empty()) {
        orders << "Choose a side (View menu or the side list) to write its orders.\n";
    } else {
        const bool given = m_ordersStatus != "not_given";
        orders << ordersListText(m_side, m_ordersStatus, shownOrders(), m_given.receipts,
                                 given ? std::map<std::string, view::PathCheck>{} : m_checks);
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

void TurnFrame::onPageChanged() {
    if (!m_mapSplit || !m_mapSplit->IsSplit()) return;
    const bool battles = m_notebook->GetSelection() == static_cast<int>(m_notebook->GetPageCount()) - 1;
    const int height = m_mapSplit->GetClientSize().y;
    if (battles) {
        // The set-up, the odds and the report want about twenty lines: the tabs take 45% of the height at least, and
        // the odds form its own height more while it is shown.
        const int form = m_assumeGrid && m_assumeGrid->IsShown() ? m_assumeGrid->GetBestSize().y + 8 : 0;
        const int wanted = height - std::max(height * 45 / 100, 300 + form);
        if (wanted > 150 && m_mapSplit->GetSashPosition() > wanted) {
            if (m_sashBeforeBattles == 0) m_sashBeforeBattles = m_mapSplit->GetSashPosition();
            m_mapSplit->SetSashPosition(wanted);
        }
    } else if (!battles && m_sashBeforeBattles > 0) {
        m_mapSplit->SetSashPosition(m_sashBeforeBattles);
        m_sashBeforeBattles = 0;
    }
}

// ---- what the window shows, for scripts and tests --------------------------------------------------------------

std::string TurnFrame::battleTabText() const {
    std::string text = m_battleText ? std::string(m_battleText->GetValue().utf8_str()) : std::string();
    if (!m_oddsText.empty()) text += "\n" + m_oddsText;
    if (!m_assumeCounters.empty()) text += "\n" + assumptionsText();
    if (!m_reportTables.empty()) text += "\n" + reportTablesText();
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
    out.emplace_back("Phase bar", m_phaseText->GetLabel().utf8_string() + "\n" + m_ordersText->text().utf8_string() +
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
                        (c.entering ? " entering" : "") + (c.decoy ? " decoy" : "") + "\n";
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
    battles += assumptionsText() + reportTablesText() + textOf(m_battleText) + "\n" + textOf(m_oddsBox) + "\n";
    out.emplace_back("Battles", battles);
    std::string print;
    if (m_view)
        for (const auto& offer : paperOffers(*m_view)) print += offer.side + ": " + offerTitle(offer).utf8_string() + "\n";
    else print = "(nothing: no side chosen)\n";
    // The Week dialog's moves and what its forms offer (open or not): the side's own.
    std::string week;
    if (!m_viewer) week = kChooseSidePrompt;
    else if (m_viewer->isHost()) week = "The weekly decisions are the sides' own.";
    else week = weekText(weekContext()) + (m_weekDialog ? m_weekDialog->messageText() : std::string());
    out.emplace_back("Weekly Decisions", week);
    out.emplace_back("Print menu", print);
    out.emplace_back("Status bar", statusText());
    // What the last run to the next decision told the viewer (its window, or what it showed before it was closed).
    out.emplace_back("Day summary", m_summaryText);
    return out;
}

std::string TurnFrame::statusText() const {
    if (!GetStatusBar()) return {};
    std::string text(GetStatusBar()->GetStatusText(1).utf8_str());
    const std::string week(GetStatusBar()->GetStatusText(2).utf8_str());
    if (!week.empty()) text += " | " + week;
    return text;
}

}  // namespace etatmajor::gui
