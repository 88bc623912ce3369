// SPDX-License-Identifier: GPL-3.0-or-later
// "Who is at the table?": the turn manager's side chooser. One button per side of the campaign and one for the
// host; none is preselected or remembered, so the next player never finds the last one's side chosen for him. Enter
// does not choose: the focus rests on "Not now", which leaves no side shown.
#pragma once

#include <wx/dialog.h>

#include <string>
#include <utility>
#include <vector>

namespace etatmajor::gui {

class SideChooser : public wxDialog {
public:
    // `sides`: (id, name) in the campaign's order; the host is offered after them.
    SideChooser(wxWindow* parent, const wxString& campaignName, const std::vector<std::pair<std::string, std::string>>& sides);

    // After ShowModal() returned wxID_OK: the side chosen, "" for the host.
    const std::string& chosen() const { return m_chosen; }

private:
    std::string m_chosen;
};

}  // namespace etatmajor::gui
