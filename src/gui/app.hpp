// SPDX-License-Identifier: GPL-3.0-or-later
// The wx application object: reads the command line, opens the main window, runs --screenshot or --test-script.
//
//   etatmajor [FILE] [--side ID|host] [--screenshot PNG] [--test-script SCRIPT] [--size WxH]
//   etatmajor --connect URL [--campaign ID] [--side ID] [--pin SHA256 | --ca-file FILE] [--password-file FILE]
//             [--test-script SCRIPT] [--size WxH]
//
// A campaign database opens in the turn manager (TurnFrame) for the side given, or the side picked in a dialog;
// maps and campaign files open in the map window (MainFrame). --connect opens the server window (ServerFrame) on one
// side of a campaign hosted by etatmajor-server: at once with --password-file, otherwise through the connect dialog.
//
// With --screenshot or --test-script nothing is interactive: errors go to stderr and the exit status is 1 on
// failure. --help exits 0; a malformed command line exits 2.
#pragma once

#include <wx/app.h>
#include <wx/gdicmn.h>

namespace etatmajor::gui {

class App : public wxApp {
public:
    bool OnInit() override;
    int OnRun() override;
    void OnInitCmdLine(wxCmdLineParser& parser) override;
    bool OnCmdLineParsed(wxCmdLineParser& parser) override;
    bool OnCmdLineHelp(wxCmdLineParser& parser) override;
    bool OnCmdLineError(wxCmdLineParser& parser) override;

private:
    wxString m_file;
    wxString m_screenshot;
    wxString m_script;
    wxString m_side;
    wxString m_connect, m_campaign, m_pin, m_caFile, m_passwordFile;
    wxString m_packet, m_key, m_keyPasswordFile, m_hostKey;
    bool m_sideGiven = false;
    wxSize m_size = wxDefaultSize;  // from --size; otherwise the remembered size (window_layout.hpp)
    int m_exitCode = 0;
    bool m_quitEarly = false;  // set when OnInit already knows the outcome and there is nothing to run
};

}  // namespace etatmajor::gui
