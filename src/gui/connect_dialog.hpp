// SPDX-License-Identifier: GPL-3.0-or-later
// "Connect to a Campaign Server...": the server's URL, how its certificate is trusted (the SHA-256 fingerprint it
// printed, or a CA file), the campaign (listed by the server), the side and its passphrase. Connect logs in; a
// refusal is said in the dialog, which stays open to correct it.
#pragma once

#include "server_model.hpp"

#include <wx/dialog.h>

#include <memory>
#include <vector>

class wxChoice;
class wxStaticText;
class wxTextCtrl;

namespace etatmajor::gui {

class ConnectDialog : public wxDialog {
public:
    ConnectDialog(wxWindow* parent, const ServerLogin& start);

    // The logged-in connection once Connect worked (the dialog then ends with wxID_OK).
    std::unique_ptr<client::Connection> takeConnection() { return std::move(m_connection); }
    ServerLogin login() const;
    const std::vector<client::CampaignEntry>& campaigns() const { return m_campaigns; }
    // Asks the server for its campaigns and fills the list; false with the reason shown when it cannot.
    bool listCampaigns();
    // Logs in with what the dialog holds; false with the reason shown.
    bool connect();
    std::string problemText() const;

private:
    void fillSides();
    void showProblem(const std::string& text);

    wxTextCtrl* m_url = nullptr;
    wxTextCtrl* m_pin = nullptr;
    wxTextCtrl* m_caFile = nullptr;
    wxChoice* m_campaign = nullptr;
    wxChoice* m_side = nullptr;
    wxTextCtrl* m_passphrase = nullptr;
    wxStaticText* m_problem = nullptr;
    std::vector<client::CampaignEntry> m_campaigns;
    std::unique_ptr<client::Connection> m_connection;
    std::string m_wantedCampaign, m_wantedSide;
};

}  // namespace etatmajor::gui
