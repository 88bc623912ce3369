// SPDX-License-Identifier: GPL-3.0-or-later
#include "decoy_dialog.hpp"

#include "dialog_parts.hpp"
#include "frame_common.hpp"
#include "turn_model.hpp"

#include "etatmajor/hex/offset.hpp"

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/listbox.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/tglbtn.h>

#include <algorithm>
#include <sstream>

namespace etatmajor::gui {

const std::vector<std::string>& decoyDesignations() {
    static const std::vector<std::string> k{"infantry", "cavalry", "irregular_cavalry"};
    return k;
}

DecoyDialog::DecoyDialog(wxWindow* parent, DecoyContext context, std::vector<campaign::DecoyOrder> decoys)
    : wxDialog(parent, wxID_ANY, wxString::Format(_("Decoys of %s"), utf8(context.side)), wxDefaultPosition, wxDefaultSize,
               wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER),
      m_ctx(std::move(context)),
      m_decoys(std::move(decoys)) {
    build();
    if (!m_decoys.empty()) m_current = 0;
    fillList();
    fillFields();
    Bind(wxEVT_CLOSE_WINDOW, [this](wxCloseEvent&) {
        if (onClosed) onClosed();
        Destroy();
    });
}

void DecoyDialog::build() {
    auto* top = new wxBoxSizer(wxVERTICAL);
    const auto& a = m_ctx.allowance;
    std::ostringstream head;
    head << "Week " << m_ctx.week << ", day " << m_ctx.day << ": " << a.perWeek << " decoy(s) a week, " << a.usedThisWeek
         << " on the map or found this week. ";
    head << (a.placingDay ? "New decoys go down with today's orders (\u00a72.3)."
                          : "New decoys go down only with the orders of the week's first day (G-42); those on the map "
                            "may be given a route.");
    m_allowance = new wxStaticText(this, wxID_ANY, utf8(head.str()));
    m_allowance->Wrap(440);
    top->Add(m_allowance, 0, wxEXPAND | wxALL, 10);

    auto* listRow = new wxBoxSizer(wxHORIZONTAL);
    m_list = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(-1, 96));
    listRow->Add(m_list, 1, wxEXPAND | wxRIGHT, 6);
    auto* listButtons = new wxBoxSizer(wxVERTICAL);
    m_new = new wxButton(this, wxID_ANY, _("&New Decoy"));
    m_remove = new wxButton(this, wxID_ANY, _("&Remove"));
    m_new->Enable(a.placingDay && a.left() > 0);
    m_new->SetToolTip(_("Put a new decoy down with today's orders"));
    m_remove->SetToolTip(_("Take a new decoy out of today's orders"));
    listButtons->Add(m_new, 0, wxEXPAND | wxBOTTOM, 4);
    listButtons->Add(m_remove, 0, wxEXPAND);
    listRow->Add(listButtons, 0);
    top->Add(listRow, 0, wxEXPAND | wxLEFT | wxRIGHT, 10);

    auto* grid = new wxFlexGridSizer(2, wxSize(8, 5));
    grid->AddGrowableCol(1, 1);
    addGridLabel(this, grid, _("Decoy"));
    m_id = new wxTextCtrl(this, wxID_ANY);
    m_id->SetToolTip(_("The side's own name for the decoy; the enemy never sees it"));
    grid->Add(m_id, 1, wxEXPAND);
    addGridLabel(this, grid, _("Moves as"));
    m_designated = new wxChoice(this, wxID_ANY);
    for (const auto& d : decoyDesignations()) m_designated->Append(utf8(readable(d)));
    m_designated->SetToolTip(_("The rate the decoy moves at: infantry 4, cavalry 5, irregular cavalry 6 (G-42)"));
    grid->Add(m_designated, 1, wxEXPAND);
    addGridLabel(this, grid, _("Put down at (col,row)"));
    m_place = new wxTextCtrl(this, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize, wxTE_PROCESS_ENTER);
    m_place->SetToolTip(_("A hex with one of the side's MEs, a town it holds or its primary LOC entry"));
    grid->Add(m_place, 1, wxEXPAND);
    const RouteRow route =
        addRouteRow(this, grid, _("Route (col,row ...)"), wxEmptyString,
                    _("Click hexes on the map: a new decoy's place first, then its route; the last hex again takes it back"));
    m_path = route.path;
    m_pick = route.pick;
    auto* clear = route.clear;
    addGridLabel(this, grid, _("Rules"));
    m_checkText = new wxTextCtrl(this, wxID_ANY, wxEmptyString, wxDefaultPosition, wxSize(-1, 72), wxTE_MULTILINE | wxTE_READONLY);
    grid->Add(m_checkText, 1, wxEXPAND);
    top->Add(grid, 1, wxEXPAND | wxALL, 10);
    const DialogFoot foot = finishBesideMap(this, top);
    m_status = foot.status;
    auto* ok = foot.ok;
    auto* cancel = foot.cancel;

    m_list->Bind(wxEVT_LISTBOX, [this](wxCommandEvent& e) {
        if (!readFields()) return;
        m_current = e.GetSelection();
        fillFields();
    });
    m_new->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        std::string error;
        if (!addNew("", error)) say(error, true);
    });
    m_remove->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        std::string error;
        if (!removeSelected(error)) say(error, true);
    });
    auto onAny = [this](wxCommandEvent&) { changed(); };
    m_designated->Bind(wxEVT_CHOICE, onAny);
    for (wxTextCtrl* c : {m_id, m_place, m_path}) {
        c->Bind(wxEVT_TEXT_ENTER, onAny);
        c->Bind(wxEVT_KILL_FOCUS, [this](wxFocusEvent& e) {
            changed();
            e.Skip();
        });
    }
    clear->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        if (m_current < 0) return;
        m_decoys[static_cast<std::size_t>(m_current)].path.clear();
        fillFields();
        changed();
    });
    ok->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { accept(); });
    cancel->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { Close(); });
}

bool DecoyDialog::isNew(const campaign::DecoyOrder& d) const {
    return std::none_of(m_ctx.onMap.begin(), m_ctx.onMap.end(), [&](const view::DecoyView& v) { return v.id == d.id; });
}

std::optional<hex::Offset> DecoyDialog::startOf(const campaign::DecoyOrder& d) const {
    if (d.place) return d.place;
    for (const auto& v : m_ctx.onMap)
        if (v.id == d.id) return hex::parseOffset(v.hex);
    return std::nullopt;
}

std::string DecoyDialog::selected() const { return m_current < 0 ? std::string() : m_decoys[static_cast<std::size_t>(m_current)].id; }

bool DecoyDialog::select(const std::string& id) {
    const auto it = std::find_if(m_decoys.begin(), m_decoys.end(), [&](const campaign::DecoyOrder& d) { return d.id == id; });
    if (it == m_decoys.end() || !readFields()) return false;
    m_current = static_cast<int>(it - m_decoys.begin());
    fillList();
    fillFields();
    return true;
}

std::string DecoyDialog::listText() const {
    std::ostringstream out;
    for (const auto& d : m_decoys) {
        out << d.id << " (" << readable(d.designated) << ")";
        if (isNew(d)) out << ": new, " << (d.place ? "put down at " + hex::formatOffset(*d.place) : std::string("no place yet"));
        else if (const auto at = startOf(d)) out << ": at " << hex::formatOffset(*at);
        out << "; route " << (d.path.empty() ? std::string("none") : formatPath(d.path)) << "\n";
    }
    return out.str();
}

std::string DecoyDialog::checkText() const { return m_checkText->GetValue().utf8_string(); }

void DecoyDialog::fillList() {
    m_list->Clear();
    std::istringstream in(listText());
    for (std::string line; std::getline(in, line);) m_list->Append(utf8(line));
    if (m_current >= 0) m_list->SetSelection(m_current);
    const auto& a = m_ctx.allowance;
    const auto newOnes = std::count_if(m_decoys.begin(), m_decoys.end(), [this](const campaign::DecoyOrder& d) { return isNew(d); });
    m_new->Enable(a.placingDay && newOnes < a.left());
}

void DecoyDialog::fillFields() {
    m_filling = true;
    const bool any = m_current >= 0;
    const campaign::DecoyOrder* d = any ? &m_decoys[static_cast<std::size_t>(m_current)] : nullptr;
    const bool fresh = d && isNew(*d);
    m_id->ChangeValue(d ? utf8(d->id) : wxString());
    const auto it = d ? std::find(decoyDesignations().begin(), decoyDesignations().end(), d->designated) : decoyDesignations().end();
    m_designated->SetSelection(it == decoyDesignations().end() ? 0 : static_cast<int>(it - decoyDesignations().begin()));
    m_place->ChangeValue(d && d->place ? utf8(hex::formatOffset(*d->place)) : wxString());
    if (d && !fresh) {
        const auto at = startOf(*d);
        m_place->SetHint(at ? wxString::Format(_("on the map at %s"), utf8(hex::formatOffset(*at))) : wxString());
    } else {
        m_place->SetHint(_("col,row"));
    }
    m_path->ChangeValue(d ? utf8(formatPath(d->path)) : wxString());
    m_id->Enable(fresh);
    m_designated->Enable(fresh);
    m_place->Enable(fresh);
    m_path->Enable(any);
    m_remove->Enable(fresh);
    m_filling = false;
}

bool DecoyDialog::readFields() {
    if (m_current < 0) return true;
    auto& d = m_decoys[static_cast<std::size_t>(m_current)];
    const std::string who = "decoy " + d.id;
    if (isNew(d)) {
        const std::string id = fieldText(m_id);
        if (id.empty()) {
            say(who + ", field id: a decoy needs a name", true);
            return false;
        }
        for (std::size_t i = 0; i < m_decoys.size(); ++i)
            if (static_cast<int>(i) != m_current && m_decoys[i].id == id) {
                say(who + ", field id: '" + id + "' names another decoy", true);
                return false;
            }
        d.id = id;
        d.designated = decoyDesignations().at(static_cast<std::size_t>(std::max(0, m_designated->GetSelection())));
        const std::string place = fieldText(m_place);
        if (place.empty()) {
            d.place.reset();
        } else if (const auto o = hex::parseOffset(place)) {
            d.place = *o;
        } else {
            say("decoy " + d.id + ", field place: '" + place + "' is not a hex written col,row", true);
            return false;
        }
    }
    std::string error;
    const auto path = parsePath(m_path->GetValue().utf8_string(), error);
    if (!path) {
        say("decoy " + d.id + ", field path: " + error, true);
        return false;
    }
    d.path = *path;
    return true;
}

void DecoyDialog::changed() {
    if (m_filling) return;
    if (!readFields()) return;
    fillList();
    m_message.clear();
    if (onChange) onChange(m_decoys);
}

void DecoyDialog::say(const std::string& text, bool problem) {
    m_message = text;
    m_status->SetLabel(utf8(text));
    m_status->SetForegroundColour(problem ? wxColour(180, 20, 20) : wxColour(20, 120, 40));
}

bool DecoyDialog::addNew(const std::string& wanted, std::string& error) {
    const auto& a = m_ctx.allowance;
    const auto newOnes = std::count_if(m_decoys.begin(), m_decoys.end(), [this](const campaign::DecoyOrder& d) { return isNew(d); });
    if (!a.placingDay) {
        error = "decoys are put down only with the orders of the week's first day (G-42)";
        return false;
    }
    if (newOnes >= a.left()) {
        error = "the side has no decoys left this week (" + std::to_string(a.perWeek) + " a week, " + std::to_string(a.usedThisWeek) +
                " used)";
        return false;
    }
    if (!readFields()) {
        error = m_message;
        return false;
    }
    std::string id = wanted;
    const auto taken = [&](const std::string& name) {
        return std::any_of(m_decoys.begin(), m_decoys.end(), [&](const campaign::DecoyOrder& d) { return d.id == name; }) ||
               std::any_of(m_ctx.onMap.begin(), m_ctx.onMap.end(), [&](const view::DecoyView& v) { return v.id == name; });
    };
    if (id.empty())
        for (int n = 1; id.empty() || taken(id); ++n) id = m_ctx.side + "-decoy-" + std::to_string(n);
    else if (taken(id)) {
        error = "'" + id + "' names another decoy";
        return false;
    }
    campaign::DecoyOrder d;
    d.id = id;
    m_decoys.push_back(d);
    m_current = static_cast<int>(m_decoys.size()) - 1;
    fillList();
    fillFields();
    say("decoy " + id + ": click the hex it goes down in, then its route", false);
    if (onChange) onChange(m_decoys);
    return true;
}

bool DecoyDialog::removeSelected(std::string& error) {
    if (m_current < 0 || !isNew(m_decoys[static_cast<std::size_t>(m_current)])) {
        error = "only a new decoy can be taken out of the orders; one on the map may be left without a route";
        return false;
    }
    const std::string id = m_decoys[static_cast<std::size_t>(m_current)].id;
    m_decoys.erase(m_decoys.begin() + m_current);
    m_current = m_decoys.empty() ? -1 : 0;
    fillList();
    fillFields();
    say("decoy " + id + " taken out of today's orders", false);
    if (onChange) onChange(m_decoys);
    return true;
}

bool DecoyDialog::picking() const { return m_pick && m_pick->GetValue() && m_current >= 0; }

void DecoyDialog::setPicking(bool on) { m_pick->SetValue(on); }

void DecoyDialog::hexClicked(hex::Offset at) {
    if (m_current < 0 || !readFields()) return;
    auto& d = m_decoys[static_cast<std::size_t>(m_current)];
    if (isNew(d) && !d.place) {
        d.place = at;
    } else if (const auto start = startOf(d)) {
        d.path = clickRoute(d.path, *start, at);
    }
    fillList();
    fillFields();
    m_message.clear();
    if (onChange) onChange(m_decoys);
}

void DecoyDialog::showCheck(const std::vector<std::string>& errors) {
    m_errors = errors;
    std::ostringstream o;
    for (const auto& e : errors) o << "Refused: " << e << "\n";
    if (errors.empty()) o << (m_decoys.empty() ? "No decoys in today's orders." : "The rules accept the decoys' orders.");
    m_checkText->SetValue(utf8(o.str()));
    if (errors.empty()) say("The decoys' orders are valid.", false);
    else say(std::to_string(errors.size()) + " problem(s): the orders would be refused.", true);
}

void DecoyDialog::showServerCheck() {
    m_errors.clear();
    m_checkText->SetValue(_("The campaign server checks the decoys' orders against the rules when the side's orders are "
                            "submitted; a refusal names the decoy and the field."));
    say("Checked by the server on submission.", false);
}

bool DecoyDialog::setField(const std::string& key, const std::string& value, std::string& error) {
    if (m_current < 0) {
        error = "no decoy is chosen";
        return false;
    }
    if (key == "id") m_id->ChangeValue(utf8(value));
    else if (key == "designated") {
        const auto it = std::find(decoyDesignations().begin(), decoyDesignations().end(), value);
        if (it == decoyDesignations().end()) {
            error = "'" + value + "' is none of infantry, cavalry, irregular_cavalry";
            return false;
        }
        m_designated->SetSelection(static_cast<int>(it - decoyDesignations().begin()));
    } else if (key == "place") m_place->ChangeValue(utf8(value));
    else if (key == "path") m_path->ChangeValue(utf8(value));
    else {
        error = "unknown decoy field '" + key + "'";
        return false;
    }
    if (!readFields()) {
        error = m_message;
        return false;
    }
    changed();
    return true;
}

bool DecoyDialog::accept() {
    if (!readFields()) return false;
    if (onChange) onChange(m_decoys);
    for (const auto& d : m_decoys)
        if (isNew(d) && !d.place) {
            say("decoy " + d.id + ", field place: a new decoy needs the hex it goes down in", true);
            return false;
        }
    if (!m_errors.empty()) {
        say(m_errors.front(), true);
        return false;
    }
    if (onAccept) onAccept(m_decoys);
    Close();
    return true;
}

}  // namespace etatmajor::gui
