// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialog_parts.hpp"

#include <wx/button.h>
#include <wx/dialog.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/tglbtn.h>

namespace etatmajor::gui {

std::string fieldText(const wxTextCtrl* field) { return field->GetValue().Trim().Trim(false).utf8_string(); }

void addGridLabel(wxWindow* dialog, wxFlexGridSizer* grid, const wxString& text) {
    grid->Add(new wxStaticText(dialog, wxID_ANY, text), 0, wxALIGN_CENTER_VERTICAL | wxALIGN_RIGHT);
}

RouteRow addRouteRow(wxWindow* dialog, wxFlexGridSizer* grid, const wxString& label, const wxString& pathTip,
                     const wxString& pickTip) {
    addGridLabel(dialog, grid, label);
    RouteRow r;
    auto* row = new wxBoxSizer(wxHORIZONTAL);
    r.path = new wxTextCtrl(dialog, wxID_ANY, wxEmptyString, wxDefaultPosition, wxSize(80, -1), wxTE_PROCESS_ENTER);
    if (!pathTip.empty()) r.path->SetToolTip(pathTip);
    r.pick = new wxToggleButton(dialog, wxID_ANY, _("Pick on map"), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    r.pick->SetValue(true);
    if (!pickTip.empty()) r.pick->SetToolTip(pickTip);
    r.clear = new wxButton(dialog, wxID_ANY, _("Clear"), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    row->Add(r.path, 1, wxEXPAND | wxRIGHT, 4);
    row->Add(r.pick, 0, wxRIGHT, 4);
    row->Add(r.clear, 0);
    grid->Add(row, 1, wxEXPAND);
    return r;
}

DialogFoot finishBesideMap(wxDialog* dialog, wxBoxSizer* top) {
    DialogFoot f;
    f.status = new wxStaticText(dialog, wxID_ANY, wxEmptyString);
    top->Add(f.status, 0, wxEXPAND | wxLEFT | wxRIGHT, 10);
    auto* buttons = new wxBoxSizer(wxHORIZONTAL);
    f.ok = new wxButton(dialog, wxID_OK, _("&Put in Today's Orders"));
    f.cancel = new wxButton(dialog, wxID_CANCEL, _("Cancel"));
    buttons->AddStretchSpacer();
    buttons->Add(f.cancel, 0, wxRIGHT, 6);
    buttons->Add(f.ok, 0);
    top->Add(buttons, 0, wxEXPAND | wxALL, 10);
    dialog->SetSizer(top);
    const wxSize best = top->GetMinSize();
    dialog->SetMinSize(wxSize(420, best.y));
    dialog->SetSize(wxSize(480, best.y));
    f.ok->SetDefault();
    return f;
}

}  // namespace etatmajor::gui
