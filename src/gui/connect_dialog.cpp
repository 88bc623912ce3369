// SPDX-License-Identifier: GPL-3.0-or-later
#include "connect_dialog.hpp"

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/filedlg.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/utils.h>

namespace etatmajor::gui {

namespace {
wxString utf8(const std::string& s) { return wxString::FromUTF8(s.c_str()); }
}  // namespace

ConnectDialog::ConnectDialog(wxWindow* parent, const ServerLogin& start)
    : wxDialog(parent, wxID_ANY, _("Connect to a Campaign Server"), wxDefaultPosition, wxDefaultSize,
               wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER),
      m_wantedCampaign(start.campaign),
      m_wantedSide(start.side) {
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(new wxStaticText(this, wxID_ANY,
                                _("The host gives you the server's address and the fingerprint it printed when it "
                                  "started\n(or the CA file of its certificate); your side's passphrase is your own.")),
               0, wxALL, 10);
    auto* grid = new wxFlexGridSizer(2, wxSize(8, 6));
    grid->AddGrowableCol(1, 1);
    auto label = [&](const wxString& text) { grid->Add(new wxStaticText(this, wxID_ANY, text), 0, wxALIGN_CENTER_VERTICAL); };

    label(_("Server URL:"));
    m_url = new wxTextCtrl(this, wxID_ANY, utf8(start.url), wxDefaultPosition, wxSize(420, -1));
    m_url->SetHint("https://host.example:8443");
    grid->Add(m_url, 1, wxEXPAND);

    label(_("Certificate fingerprint (SHA-256):"));
    m_pin = new wxTextCtrl(this, wxID_ANY, utf8(start.pin));
    m_pin->SetHint(_("as the server printed it, e.g. 3f:a1:...  (empty for a CA file or http on this machine)"));
    grid->Add(m_pin, 1, wxEXPAND);

    label(_("or CA file:"));
    auto* caRow = new wxBoxSizer(wxHORIZONTAL);
    m_caFile = new wxTextCtrl(this, wxID_ANY, utf8(start.caFile));
    auto* browse = new wxButton(this, wxID_ANY, _("Browse..."));
    caRow->Add(m_caFile, 1, wxEXPAND | wxRIGHT, 4);
    caRow->Add(browse, 0);
    grid->Add(caRow, 1, wxEXPAND);
    browse->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        wxFileDialog d(this, _("CA certificates of the server"), wxEmptyString, wxEmptyString,
                       _("Certificates (*.pem;*.crt)|*.pem;*.crt|All files (*)|*"), wxFD_OPEN | wxFD_FILE_MUST_EXIST);
        if (d.ShowModal() == wxID_OK) m_caFile->SetValue(d.GetPath());
    });

    label(_("Campaign:"));
    auto* campaignRow = new wxBoxSizer(wxHORIZONTAL);
    m_campaign = new wxChoice(this, wxID_ANY);
    auto* list = new wxButton(this, wxID_ANY, _("List Campaigns"));
    campaignRow->Add(m_campaign, 1, wxEXPAND | wxRIGHT, 4);
    campaignRow->Add(list, 0);
    grid->Add(campaignRow, 1, wxEXPAND);
    list->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { listCampaigns(); });
    m_campaign->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { fillSides(); });

    label(_("Side:"));
    m_side = new wxChoice(this, wxID_ANY);
    grid->Add(m_side, 1, wxEXPAND);

    label(_("Passphrase:"));
    m_passphrase = new wxTextCtrl(this, wxID_ANY, utf8(start.passphrase), wxDefaultPosition, wxDefaultSize, wxTE_PASSWORD);
    grid->Add(m_passphrase, 1, wxEXPAND);
    sizer->Add(grid, 0, wxEXPAND | wxLEFT | wxRIGHT, 10);

    m_problem = new wxStaticText(this, wxID_ANY, wxEmptyString);
    m_problem->SetForegroundColour(wxColour(180, 20, 20));
    sizer->Add(m_problem, 0, wxEXPAND | wxALL, 10);

    auto* buttons = new wxStdDialogButtonSizer;
    auto* ok = new wxButton(this, wxID_OK, _("Connect"));
    ok->SetDefault();
    buttons->AddButton(ok);
    buttons->AddButton(new wxButton(this, wxID_CANCEL));
    buttons->Realize();
    sizer->Add(buttons, 0, wxEXPAND | wxALL, 10);
    ok->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        if (connect()) EndModal(wxID_OK);
    });
    SetSizerAndFit(sizer);
    SetMinSize(GetSize());
}

ServerLogin ConnectDialog::login() const {
    ServerLogin l;
    l.url = m_url->GetValue().Strip(wxString::both).utf8_string();
    l.pin = m_pin->GetValue().Strip(wxString::both).utf8_string();
    l.caFile = m_caFile->GetValue().Strip(wxString::both).utf8_string();
    const int c = m_campaign->GetSelection();
    if (c != wxNOT_FOUND && c < static_cast<int>(m_campaigns.size())) l.campaign = m_campaigns[static_cast<std::size_t>(c)].id;
    else l.campaign = m_wantedCampaign;
    const int s = m_side->GetSelection();
    if (c != wxNOT_FOUND && s != wxNOT_FOUND) {
        const auto& sides = m_campaigns[static_cast<std::size_t>(c)].sides;
        if (s < static_cast<int>(sides.size())) l.side = sides[static_cast<std::size_t>(s)].id;
    } else {
        l.side = m_wantedSide;
    }
    l.passphrase = m_passphrase->GetValue().utf8_string();
    return l;
}

void ConnectDialog::showProblem(const std::string& text) {
    m_problem->SetLabel(utf8(text));
    m_problem->Wrap(GetClientSize().x - 20);
    Layout();
    GetSizer()->SetSizeHints(this);
}

std::string ConnectDialog::problemText() const { return m_problem->GetLabel().utf8_string(); }

bool ConnectDialog::listCampaigns() {
    const ServerLogin l = login();
    wxBusyCursor busy;
    try {
        auto server = openServer(l);
        m_campaigns = server->campaigns();
    } catch (const client::ClientError& e) {
        showProblem(serverErrorText(e, l));
        return false;
    }
    const std::string keep = l.campaign;
    m_campaign->Clear();
    int chosen = m_campaigns.empty() ? wxNOT_FOUND : 0;
    for (std::size_t i = 0; i < m_campaigns.size(); ++i) {
        const auto& c = m_campaigns[i];
        m_campaign->Append(utf8(c.name + " (" + c.id + ") \u2014 " + calendarText(c)));
        if (c.id == keep) chosen = static_cast<int>(i);
    }
    m_campaign->SetSelection(chosen);
    fillSides();
    showProblem(m_campaigns.empty() ? "The server hosts no campaign." : "");
    return !m_campaigns.empty();
}

void ConnectDialog::fillSides() {
    const std::string keep = login().side.empty() ? m_wantedSide : login().side;
    m_side->Clear();
    const int c = m_campaign->GetSelection();
    if (c == wxNOT_FOUND || c >= static_cast<int>(m_campaigns.size())) return;
    int chosen = wxNOT_FOUND;
    const auto& sides = m_campaigns[static_cast<std::size_t>(c)].sides;
    for (std::size_t i = 0; i < sides.size(); ++i) {
        m_side->Append(utf8(sides[i].name + " (" + sides[i].id + ")"));
        if (sides[i].id == keep) chosen = static_cast<int>(i);
    }
    m_side->SetSelection(chosen);
}

bool ConnectDialog::connect() {
    if (m_campaigns.empty() && !listCampaigns()) return false;
    const ServerLogin l = login();
    if (l.campaign.empty() || l.side.empty()) {
        showProblem("Choose the campaign and your side.");
        return false;
    }
    if (l.passphrase.empty()) {
        showProblem("Give your side's passphrase.");
        return false;
    }
    wxBusyCursor busy;
    try {
        auto server = openServer(l);
        server->login(l.campaign, l.side, l.passphrase);
        m_connection = std::move(server);
    } catch (const client::ClientError& e) {
        showProblem(serverErrorText(e, l));
        return false;
    }
    return true;
}

}  // namespace etatmajor::gui
