// SPDX-License-Identifier: GPL-3.0-or-later
#include "battle_result_dialog.hpp"

#include "etatmajor/io/atomic_file.hpp"

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/scrolwin.h>

#include <algorithm>
#include <wx/sizer.h>
#include <wx/spinctrl.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <sstream>

namespace etatmajor::gui {

namespace {

wxString utf8(const std::string& s) { return wxString::FromUTF8(s.c_str()); }

const char* const kFates[] = {"unhurt", "wounded", "killed", "captured"};

}  // namespace

std::string battleResultXml(int battle, const std::string& winner, const std::vector<ResultUnit>& units,
                            const std::vector<ResultGeneral>& generals, const std::string& notes) {
    std::ostringstream o;
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<battleResult formatVersion=\"1\" battle=\"" << battle << "\"";
    if (!winner.empty()) o << " winner=\"" << io::xmlEscaped(winner) << "\"";
    o << ">\n";
    for (const auto& u : units) {
        if (u.standsLost <= 0 && u.figuresLost <= 0 && u.gunsLost <= 0 && !u.routed && !u.captured) continue;
        o << "  <unit id=\"" << io::xmlEscaped(u.id) << "\"";
        if (u.captured) {
            o << " captured=\"true\"";
        } else {
            if (u.standsLost > 0) o << " standsLost=\"" << u.standsLost << "\"";
            if (u.figuresLost >= 0) o << " figuresLost=\"" << u.figuresLost << "\"";
            if (u.gunsLost > 0) o << " gunsLost=\"" << u.gunsLost << "\"";
            if (u.routed) o << " routed=\"true\"";
        }
        o << "/>\n";
    }
    for (const auto& g : generals)
        if (g.fate != "unhurt") o << "  <general id=\"" << io::xmlEscaped(g.id) << "\" fate=\"" << io::xmlEscaped(g.fate) << "\"/>\n";
    if (!notes.empty()) o << "  <notes>" << io::xmlEscaped(notes) << "</notes>\n";
    o << "</battleResult>\n";
    return o.str();
}

BattleResultDialog::BattleResultDialog(wxWindow* parent, int battle, const std::vector<std::string>& sides,
                                       std::vector<ResultUnit> units, std::vector<ResultGeneral> generals)
    : wxDialog(parent, wxID_ANY, wxString::Format(_("Tabletop result of battle %d"), battle), wxDefaultPosition, wxSize(640, 560),
               wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER),
      m_battle(battle),
      m_sides(sides),
      m_units(std::move(units)),
      m_generals(std::move(generals)) {
    auto* top = new wxBoxSizer(wxVERTICAL);
    auto* winnerRow = new wxBoxSizer(wxHORIZONTAL);
    winnerRow->Add(new wxStaticText(this, wxID_ANY, _("Winner:")), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 6);
    m_winner = new wxChoice(this, wxID_ANY);
    m_winner->Append(_("a draw"));
    for (const auto& s : m_sides) m_winner->Append(utf8(s));
    m_winner->SetSelection(0);
    winnerRow->Add(m_winner, 0);
    top->Add(winnerRow, 0, wxALL, 10);

    auto* scroll = new wxScrolledWindow(this, wxID_ANY);
    scroll->SetScrollRate(0, 12);
    auto* grid = new wxFlexGridSizer(5, wxSize(10, 4));
    grid->AddGrowableCol(0, 1);
    for (const wxString& h : {_("Unit"), _("Stands lost"), _("Guns lost"), _("Routed"), _("Captured")}) {
        auto* t = new wxStaticText(scroll, wxID_ANY, h);
        t->SetFont(t->GetFont().Bold());
        grid->Add(t);
    }
    for (const auto& u : m_units) {
        grid->Add(new wxStaticText(scroll, wxID_ANY, utf8(u.name + " (" + u.me + ")")), 0, wxALIGN_CENTER_VERTICAL);
        auto* stands = new wxSpinCtrl(scroll, wxID_ANY, "0", wxDefaultPosition, wxSize(80, -1), wxSP_ARROW_KEYS, 0, u.stands, 0);
        auto* guns = new wxSpinCtrl(scroll, wxID_ANY, "0", wxDefaultPosition, wxSize(80, -1), wxSP_ARROW_KEYS, 0, u.gunStands, 0);
        guns->Enable(u.gunStands > 0);
        auto* routed = new wxCheckBox(scroll, wxID_ANY, wxEmptyString);
        auto* captured = new wxCheckBox(scroll, wxID_ANY, wxEmptyString);
        grid->Add(stands);
        grid->Add(guns);
        grid->Add(routed, 0, wxALIGN_CENTER);
        grid->Add(captured, 0, wxALIGN_CENTER);
        m_stands.push_back(stands);
        m_guns.push_back(guns);
        m_routed.push_back(routed);
        m_captured.push_back(captured);
    }
    auto* generalGrid = new wxFlexGridSizer(2, wxSize(10, 4));
    for (const auto& g : m_generals) {
        generalGrid->Add(new wxStaticText(scroll, wxID_ANY, utf8(g.name)), 0, wxALIGN_CENTER_VERTICAL);
        auto* fate = new wxChoice(scroll, wxID_ANY);
        for (const char* f : kFates) fate->Append(f);
        fate->SetSelection(0);
        generalGrid->Add(fate);
        m_fates.push_back(fate);
    }
    auto* inner = new wxBoxSizer(wxVERTICAL);
    inner->Add(grid, 0, wxEXPAND | wxALL, 4);
    if (!m_generals.empty()) {
        auto* t = new wxStaticText(scroll, wxID_ANY, _("Generals"));
        t->SetFont(t->GetFont().Bold());
        inner->Add(t, 0, wxLEFT | wxTOP, 4);
        inner->Add(generalGrid, 0, wxALL, 4);
    }
    scroll->SetSizer(inner);
    top->Add(scroll, 1, wxEXPAND | wxLEFT | wxRIGHT, 10);
    top->Add(new wxStaticText(this, wxID_ANY, _("Notes (kept as the battle's narrative):")), 0, wxLEFT | wxTOP, 10);
    m_notes = new wxTextCtrl(this, wxID_ANY, wxEmptyString, wxDefaultPosition, wxSize(-1, 60), wxTE_MULTILINE);
    top->Add(m_notes, 0, wxEXPAND | wxALL, 10);
    top->Add(CreateButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxALL, 10);
    SetSizer(top);
}

std::string BattleResultDialog::xml() const {
    std::vector<ResultUnit> units = m_units;
    for (std::size_t i = 0; i < units.size(); ++i) {
        units[i].standsLost = m_stands[i]->GetValue();
        units[i].gunsLost = m_guns[i]->GetValue();
        units[i].routed = m_routed[i]->GetValue();
        units[i].captured = m_captured[i]->GetValue();
    }
    std::vector<ResultGeneral> generals = m_generals;
    for (std::size_t i = 0; i < generals.size(); ++i) generals[i].fate = kFates[std::max(0, m_fates[i]->GetSelection())];
    const int w = m_winner->GetSelection();
    const std::string winner = w <= 0 ? std::string() : m_sides[static_cast<std::size_t>(w - 1)];
    return battleResultXml(m_battle, winner, units, generals, m_notes->GetValue().utf8_string());
}

}  // namespace etatmajor::gui
