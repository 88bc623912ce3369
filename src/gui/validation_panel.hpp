// SPDX-License-Identifier: GPL-3.0-or-later
// The map's problems as the core's Map::validate() reports them (severity, code, message, hex), kept up to date
// while editing; double-clicking a problem shows its hex.
#pragma once

#include "etatmajor/core/issue.hpp"
#include "etatmajor/hex/hex.hpp"
#include "etatmajor/map/map.hpp"

#include <wx/panel.h>

#include <functional>
#include <optional>

class wxListCtrl;
class wxListEvent;
class wxStaticText;

namespace etatmajor::gui {

class ValidationPanel : public wxPanel {
public:
    explicit ValidationPanel(wxWindow* parent);

    // Checks `map` again and lists what it finds (nullptr: nothing to check).
    void update(const map::Map* map);
    const core::IssueList& issues() const { return m_issues; }

    // The hex a problem is about: its "col,row" (or "col,row:DIR"), or where the river, route, urban area or side
    // it names lies.
    static std::optional<hex::Hex> hexOf(const map::Map& map, const core::Issue& issue);
    // Acts as if the person double-clicked row `index`.
    void activate(long index);

    std::function<void(const core::Issue&, std::optional<hex::Hex>)> onActivate;

private:
    void onItemActivated(wxListEvent& event);

    wxStaticText* m_summary;
    wxListCtrl* m_list;
    core::IssueList m_issues;
    const map::Map* m_map = nullptr;
};

}  // namespace etatmajor::gui
