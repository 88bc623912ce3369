// SPDX-License-Identifier: GPL-3.0-or-later
// Opening a turn packet in the window (docs/pbem.md): the side's key file opened with its passphrase (from a file, or
// asked for), the host's public key read when one is given, and the side's view shown read-only in the server
// window's packet mode (server_frame.hpp).
#pragma once

#include <wx/gdicmn.h>
#include <wx/string.h>

class wxWindow;

namespace etatmajor::gui {

class ServerFrame;

struct PacketOpening {
    wxString packet, key, keyPasswordFile, hostKey;  // hostKey, keyPasswordFile: may be empty
};

// The window showing the packet, or nothing when it could not be opened (the reason said: in a message box when
// `interactive`, else on standard error). Without a passphrase file the passphrase is asked for (interactive only).
ServerFrame* openTurnPacketWindow(wxWindow* parent, const wxSize& size, const PacketOpening& opening, bool interactive);

// File > Open Turn Packet...: asks for the packet and the side's key file, then opens them.
ServerFrame* askAndOpenTurnPacket(wxWindow* parent, const wxSize& size);

}  // namespace etatmajor::gui
