// SPDX-License-Identifier: GPL-3.0-or-later
#include "app.hpp"

#include "main_frame.hpp"
#include "packet_open.hpp"
#include "server_frame.hpp"
#include "turn_frame.hpp"
#include "map_document.hpp"

#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/version.hpp"

#include <wx/cmdline.h>
#include <wx/image.h>
#include <wx/log.h>
#include <wx/msgdlg.h>

#include <iostream>
#include <memory>
#include <optional>
#include <regex>

namespace etatmajor::gui {

void App::OnInitCmdLine(wxCmdLineParser& parser) {
    wxApp::OnInitCmdLine(parser);
    parser.SetLogo(wxString::Format("%s %s: runs the turns of a campaign database; edits a hex map file; shows a "
                                    "campaign file read-only.",
                                    kProductName, kVersion));
    parser.AddOption(wxEmptyString, "screenshot", _("open FILE, save a picture of the window as PNG once it has been drawn, and quit"),
                     wxCMD_LINE_VAL_STRING);
    parser.AddOption(wxEmptyString, "test-script",
                     _("open FILE (if given), run the editor test script SCRIPT against the window, and quit"), wxCMD_LINE_VAL_STRING);
    parser.AddOption(wxEmptyString, "side",
                     _("open a campaign database in the view of side ID (american, british, ...), of the host, or of none"),
                     wxCMD_LINE_VAL_STRING);
    parser.AddOption(wxEmptyString, "size", _("size of the window as WxH (default 1280x900)"), wxCMD_LINE_VAL_STRING);
    parser.AddOption(wxEmptyString, "connect", _("play a side of a campaign on the server at URL (https://HOST:PORT)"),
                     wxCMD_LINE_VAL_STRING);
    parser.AddOption(wxEmptyString, "campaign", _("with --connect: the campaign's id on the server"), wxCMD_LINE_VAL_STRING);
    parser.AddOption(wxEmptyString, "pin", _("with --connect: the SHA-256 fingerprint the server printed"), wxCMD_LINE_VAL_STRING);
    parser.AddOption(wxEmptyString, "ca-file", _("with --connect: the CA certificates that signed the server's"),
                     wxCMD_LINE_VAL_STRING);
    parser.AddOption(wxEmptyString, "password-file", _("with --connect: a file holding the side's passphrase"), wxCMD_LINE_VAL_STRING);
    parser.AddOption(wxEmptyString, "packet", _("show a side's turn packet (play by e-mail) with its --key"), wxCMD_LINE_VAL_STRING);
    parser.AddOption(wxEmptyString, "key", _("with --packet: the side's key file"), wxCMD_LINE_VAL_STRING);
    parser.AddOption(wxEmptyString, "key-password-file", _("with --packet: a file holding the key file's passphrase"),
                     wxCMD_LINE_VAL_STRING);
    parser.AddOption(wxEmptyString, "host-key", _("with --packet: the host's public key file, to check the packet's signer"),
                     wxCMD_LINE_VAL_STRING);
    parser.AddParam("FILE", wxCMD_LINE_VAL_STRING, wxCMD_LINE_PARAM_OPTIONAL);
}

bool App::OnCmdLineHelp(wxCmdLineParser& parser) {
    parser.Usage();
    m_quitEarly = true;
    return true;
}

bool App::OnCmdLineError(wxCmdLineParser& parser) {
    parser.Usage();
    m_exitCode = 2;
    m_quitEarly = true;
    return true;
}

bool App::OnCmdLineParsed(wxCmdLineParser& parser) {
    if (!wxApp::OnCmdLineParsed(parser)) return false;
    if (parser.GetParamCount() > 0) m_file = parser.GetParam(0);
    parser.Found("screenshot", &m_screenshot);
    parser.Found("test-script", &m_script);
    m_sideGiven = parser.Found("side", &m_side);
    parser.Found("connect", &m_connect);
    parser.Found("campaign", &m_campaign);
    parser.Found("pin", &m_pin);
    parser.Found("ca-file", &m_caFile);
    parser.Found("password-file", &m_passwordFile);
    parser.Found("packet", &m_packet);
    parser.Found("key", &m_key);
    parser.Found("key-password-file", &m_keyPasswordFile);
    parser.Found("host-key", &m_hostKey);
    if (!m_packet.empty() && m_key.empty()) {
        std::cerr << "etatmajor: error: --packet needs --key (the side's key file)\n";
        m_exitCode = 2;
        m_quitEarly = true;
        return true;
    }
    wxString size;
    if (parser.Found("size", &size)) {
        static const std::regex pattern(R"(\s*(\d{2,5})\s*[xX]\s*(\d{2,5})\s*)");
        std::smatch match;
        const std::string text = size.utf8_string();
        if (!std::regex_match(text, match, pattern) || std::stoi(match[1]) < 100 || std::stoi(match[2]) < 100) {
            std::cerr << "etatmajor: error: --size wants WIDTHxHEIGHT in pixels, at least 100x100, not '" << text << "'\n";
            m_exitCode = 2;
            m_quitEarly = true;
            return true;
        }
        m_size = wxSize(std::stoi(match[1]), std::stoi(match[2]));
    }
    return true;
}

bool App::OnInit() {
    if (!wxApp::OnInit()) return false;
    if (m_quitEarly) return true;
    wxInitAllImageHandlers();
    SetAppDisplayName("Etat-Major");
    const bool screenshot = !m_screenshot.empty() || !m_script.empty();
    if (screenshot) {
        // Nothing may wait for a person: every message goes to stderr.
        delete wxLog::SetActiveTarget(new wxLogStderr);
        wxLog::DisableTimestamp();
    }

    // A side's turn packet (play by e-mail): the server window in its packet mode, read-only.
    if (!m_packet.empty()) {
        auto* frame = openTurnPacketWindow(nullptr, m_size, PacketOpening{m_packet, m_key, m_keyPasswordFile, m_hostKey}, !screenshot);
        if (!frame) {
            m_exitCode = 1;
            m_quitEarly = true;
            return true;
        }
        SetTopWindow(frame);
        if (!m_script.empty()) frame->runScriptWhenReady(m_script, [this](int status) { m_exitCode = status; });
        return true;
    }

    // A side of a campaign on a server: the server window, connected at once when the passphrase is given, otherwise
    // after the connect dialog (prefilled with what the command line gave).
    if (!m_connect.empty()) {
        ServerLogin login;
        login.url = m_connect.utf8_string();
        login.campaign = m_campaign.utf8_string();
        login.side = m_side.utf8_string();
        login.pin = m_pin.utf8_string();
        login.caFile = m_caFile.utf8_string();
        if (!m_passwordFile.empty()) {
            try {
                login.passphrase = io::readWholeFile(m_passwordFile.utf8_string());
            } catch (const std::exception&) {
                std::cerr << "etatmajor: error: cannot read the passphrase file '" << m_passwordFile.utf8_string() << "'\n";
                m_exitCode = 2;
                m_quitEarly = true;
                return true;
            }
            while (!login.passphrase.empty() && (login.passphrase.back() == '\n' || login.passphrase.back() == '\r'))
                login.passphrase.pop_back();
        }
        if (login.passphrase.empty() && !screenshot) {
            if (!connectToServer(nullptr, m_size, login)) m_quitEarly = true;
            return true;
        }
        auto* frame = new ServerFrame(m_size, !screenshot);
        frame->Show();
        SetTopWindow(frame);
        if (!frame->connect(login)) {
            frame->Destroy();
            m_exitCode = 1;
            m_quitEarly = true;
            return true;
        }
        if (!m_script.empty()) frame->runScriptWhenReady(m_script, [this](int status) { m_exitCode = status; });
        return true;
    }

    // A campaign database opens in the turn manager.
    bool database = false;
    if (!m_file.empty()) {
        try {
            database = MapDocument::detectKind(std::string(m_file.fn_str())) == DocumentKind::CampaignDatabase;
        } catch (const LoadError&) {
            database = false;  // reported below by MapDocument::load
        }
    }
    if (database) {
        auto* frame = new TurnFrame(m_size, !screenshot);
        std::optional<std::string> side;
        // --side none: the window opens on no side, as it does for a person, without asking.
        if (m_sideGiven && m_side != "none") side = m_side == "host" ? std::string() : m_side.utf8_string();
        frame->Show();
        SetTopWindow(frame);
        if (!frame->openCampaign(m_file, side)) {
            if (screenshot) {
                frame->Destroy();
                m_exitCode = 1;
                m_quitEarly = true;
                return true;
            }
        }
        if (!m_script.empty()) frame->runScriptWhenReady(m_script, [this](int status) { m_exitCode = status; });
        else if (!m_screenshot.empty()) frame->captureWhenReady(m_screenshot, [this](int status) { m_exitCode = status; });
        return true;
    }

    std::shared_ptr<MapDocument> document;
    wxString failure;
    if (!m_file.empty()) {
        try {
            document = std::make_shared<MapDocument>(MapDocument::load(std::string(m_file.fn_str())));
            // Problems the reader could recover from: the map is still shown.
            for (const auto& warning : document->warnings()) {
                if (screenshot) std::cerr << warning << "\n";
                else wxLogWarning("%s", wxString::FromUTF8(warning.c_str()));
            }
        } catch (const LoadError& e) {
            failure = wxString::FromUTF8(e.what());
        }
    }
    if (screenshot && !failure.empty()) {
        std::cerr << failure.utf8_string() << "\n";
        m_exitCode = 1;
        m_quitEarly = true;
        return true;
    }

    auto* frame = new MainFrame(m_size, !screenshot);
    frame->showDocument(document);
    frame->Show();
    SetTopWindow(frame);
    if (!m_script.empty()) {
        frame->runScriptWhenReady(m_script, [this](int status) { m_exitCode = status; });
    } else if (!m_screenshot.empty()) {
        frame->captureWhenReady(m_screenshot, [this](int status) { m_exitCode = status; });
    } else if (!failure.empty()) {
        CallAfter([frame, failure] { wxMessageBox(failure, _("Cannot open the file"), wxOK | wxICON_ERROR, frame); });
    }
    return true;
}

int App::OnRun() {
    if (m_quitEarly) return m_exitCode;
    const int status = wxApp::OnRun();
    return m_exitCode != 0 ? m_exitCode : status;
}

}  // namespace etatmajor::gui
