// SPDX-License-Identifier: GPL-3.0-or-later
#include "packet_open.hpp"

#include "server_frame.hpp"

#include "etatmajor/auth/keys.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/io/atomic_file.hpp"

#include <wx/filedlg.h>
#include <wx/msgdlg.h>
#include <wx/textdlg.h>

#include <iostream>
#include <optional>

namespace etatmajor::gui {

namespace {

void tell(wxWindow* parent, bool interactive, const std::string& text) {
    if (interactive) wxMessageBox(wxString::FromUTF8(text), _("Cannot open the turn packet"), wxOK | wxICON_ERROR, parent);
    else std::cerr << "etatmajor: error: " << text << "\n";
}

std::string firstLine(std::string text) {
    if (const auto eol = text.find('\n'); eol != std::string::npos) text.erase(eol);
    if (!text.empty() && text.back() == '\r') text.pop_back();
    return text;
}

}  // namespace

ServerFrame* openTurnPacketWindow(wxWindow* parent, const wxSize& size, const PacketOpening& o, bool interactive) {
    std::string keyText, passphrase;
    std::optional<auth::PublicKeys> hostKey;
    try {
        keyText = io::readInputFile(o.key.utf8_string(), 1u << 20);
        if (!o.keyPasswordFile.empty()) passphrase = firstLine(io::readInputFile(o.keyPasswordFile.utf8_string(), 1u << 16));
        if (!o.hostKey.empty())
            hostKey = auth::PublicKeys::parse(io::readInputFile(o.hostKey.utf8_string(), 1u << 20), o.hostKey.utf8_string());
    } catch (const core::FileError& e) {
        tell(parent, interactive, e.toIssue().format());
        return nullptr;
    } catch (const auth::KeyError& e) {
        tell(parent, interactive, e.code() + ": " + e.what());
        return nullptr;
    }
    if (passphrase.empty() && interactive) {
        wxPasswordEntryDialog ask(parent, _("The passphrase of your side's key file:"), _("Open Turn Packet"));
        if (ask.ShowModal() != wxID_OK) return nullptr;
        passphrase = ask.GetValue().utf8_string();
    }
    std::optional<auth::SecretKeys> keys;
    try {
        keys = auth::SecretKeys::open(keyText, passphrase, o.key.utf8_string());
    } catch (const auth::KeyError& e) {
        tell(parent, interactive, e.code() + ": " + e.what());
        return nullptr;
    }
    if (!keys) {
        tell(parent, interactive, o.key.utf8_string() + ": wrong passphrase for this key file");
        return nullptr;
    }
    auto* frame = new ServerFrame(size, interactive);
    frame->Show();
    if (!frame->openPacket(o.packet.utf8_string(), *keys, hostKey)) {
        frame->Destroy();
        return nullptr;
    }
    return frame;
}

ServerFrame* askAndOpenTurnPacket(wxWindow* parent, const wxSize& size) {
    PacketOpening o;
    wxFileDialog packet(parent, _("Open a turn packet"), wxEmptyString, wxEmptyString, _("Turn packets (*.pkt)|*.pkt|All files|*"),
                        wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (packet.ShowModal() != wxID_OK) return nullptr;
    o.packet = packet.GetPath();
    wxFileDialog key(parent, _("Your side's key file"), wxEmptyString, wxEmptyString, _("Key files (*.key)|*.key|All files|*"),
                     wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (key.ShowModal() != wxID_OK) return nullptr;
    o.key = key.GetPath();
    return openTurnPacketWindow(parent, size, o, true);
}

}  // namespace etatmajor::gui
