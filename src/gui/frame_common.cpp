// SPDX-License-Identifier: GPL-3.0-or-later
#include "frame_common.hpp"

#include <wx/frame.h>
#include <wx/notebook.h>
#include <wx/time.h>

#include <algorithm>

namespace etatmajor::gui {

long long nowMs() { return wxGetLocalTimeMillis().GetValue(); }

std::string readable(std::string s) {
    std::replace(s.begin(), s.end(), '_', ' ');
    return s;
}

bool selectTabByTitle(wxNotebook& notebook, const std::string& title) {
    for (std::size_t i = 0; i < notebook.GetPageCount(); ++i)
        if (notebook.GetPageText(i).utf8_string().rfind(title, 0) == 0) {
            notebook.SetSelection(i);
            return true;
        }
    return false;
}

void showHover(wxFrame& frame, const std::optional<HoverInfo>& info) {
    frame.SetStatusText(info ? info->hex : wxString(), 0);
    if (info) frame.SetStatusText(info->terrain + (info->urban.empty() ? wxString() : ", " + info->urban), 1);
}

}  // namespace etatmajor::gui
