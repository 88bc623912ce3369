// SPDX-License-Identifier: GPL-3.0-or-later
#include "side_chooser.hpp"

#include <wx/button.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

namespace etatmajor::gui {

SideChooser::SideChooser(wxWindow* parent, const wxString& campaignName, const std::vector<std::pair<std::string, std::string>>& sides)
    : wxDialog(parent, wxID_ANY, _("Choose a side"), wxDefaultPosition, wxDefaultSize, wxCAPTION | wxCLOSE_BOX) {
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    auto* title = new wxStaticText(this, wxID_ANY, campaignName);
    title->SetFont(title->GetFont().Bold().Larger());
    sizer->Add(title, 0, wxALL, 12);
    auto* text = new wxStaticText(this, wxID_ANY,
                                  _("Whose view do you want? Each side sees only its own MEs and what it has found out "
                                    "about the enemy; the host sees everything. A side or the host with a passphrase is "
                                    "asked for it."));
    text->Wrap(420);
    sizer->Add(text, 0, wxLEFT | wxRIGHT | wxBOTTOM, 12);
    auto add = [&](const wxString& label, const std::string& side) {
        auto* b = new wxButton(this, wxID_ANY, label);
        b->Bind(wxEVT_BUTTON, [this, side](wxCommandEvent&) {
            m_chosen = side;
            EndModal(wxID_OK);
        });
        sizer->Add(b, 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 12);
    };
    for (const auto& [id, name] : sides) add(wxString::FromUTF8(name + " (" + id + ")"), id);
    add(_("Host: the umpire's seat, everything"), std::string());
    auto* later = new wxButton(this, wxID_CANCEL, _("Not now: show no side"));
    sizer->Add(later, 0, wxALIGN_RIGHT | wxLEFT | wxRIGHT | wxBOTTOM, 12);
    SetSizerAndFit(sizer);
    SetEscapeId(wxID_CANCEL);
    SetAffirmativeId(wxID_NONE);
    later->SetFocus();
    CentreOnParent();
}

}  // namespace etatmajor::gui
