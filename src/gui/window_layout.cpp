// SPDX-License-Identifier: GPL-3.0-or-later
#include "window_layout.hpp"

#include <wx/config.h>
#include <wx/display.h>
#include <wx/splitter.h>
#include <wx/toplevel.h>

#include <algorithm>

namespace etatmajor::gui {

wxSize windowSizeOr(const wxSize& given) { return given.IsFullySpecified() ? given : kDefaultWindowSize; }

wxRect fitOntoScreens(const wxRect& remembered, const std::vector<wxRect>& workAreas, const wxSize& minimum) {
    if (workAreas.empty()) return remembered;
    const wxRect* screen = &workAreas.front();
    long long best = 0;
    for (const auto& area : workAreas) {
        const wxRect common = area.Intersect(remembered);
        const long long overlap = common.IsEmpty() ? 0 : static_cast<long long>(common.width) * common.height;
        if (overlap > best) {
            best = overlap;
            screen = &area;
        }
    }
    wxRect r = remembered;
    r.width = std::min(std::max(r.width, minimum.x), screen->width);
    r.height = std::min(std::max(r.height, minimum.y), screen->height);
    r.x = std::clamp(r.x, screen->x, screen->x + screen->width - r.width);
    r.y = std::clamp(r.y, screen->y, screen->y + screen->height - r.height);
    return r;
}

int sashPositionFor(int wanted, PaneEnd end, int total, int sash, int minimum) {
    const int room = std::max(0, total - sash);
    // Both panes keep their minimum; when the splitter is too short for both, they share it.
    const int low = std::min(minimum, room / 2);
    const int size = std::clamp(wanted, low, room - low);
    return end == PaneEnd::First ? size : room - size;
}

int paneSizeAt(int position, PaneEnd end, int total, int sash) {
    return end == PaneEnd::First ? position : std::max(0, total - sash - position);
}

WindowLayout::WindowLayout(wxTopLevelWindow& window, std::string group) : m_window(window), m_group(std::move(group)) {}

int WindowLayout::lengthOf(const wxSplitterWindow& splitter) {
    const wxSize size = splitter.GetClientSize();
    return splitter.GetSplitMode() == wxSPLIT_VERTICAL ? size.x : size.y;
}

void WindowLayout::addPane(wxSplitterWindow& splitter, const std::string& key, PaneEnd end, std::function<int(int)> firstSize) {
    Pane& pane = m_panes[key];
    pane.splitter = &splitter;
    pane.end = end;
    pane.firstSize = std::move(firstSize);
    // The map takes what the window gains or loses; the kept pane stays as it is.
    splitter.SetSashGravity(end == PaneEnd::First ? 0.0 : 1.0);
    // Until the pane has had its size once, every new size of the splitter (the window being laid out, the window
    // manager placing it) tries again: the first sizes a window goes through are often smaller than its real one.
    splitter.Bind(wxEVT_SIZE, [this, &pane](wxSizeEvent& e) {
        e.Skip();
        if (!pane.placed) pane.splitter->CallAfter([this, &pane] { place(pane); });
    });
    // A sash the user dragged is the pane's size from now on. The splitter also says "changed" when it moves the sash
    // itself (the window resized): only a move announced by "changing", which a drag sends first, is the user's.
    splitter.Bind(wxEVT_SPLITTER_SASH_POS_CHANGING, [&pane](wxSplitterEvent& e) {
        e.Skip();
        pane.dragging = true;
    });
    splitter.Bind(wxEVT_SPLITTER_SASH_POS_CHANGED, [&pane](wxSplitterEvent& e) {
        e.Skip();
        if (!pane.dragging) return;
        pane.dragging = false;
        pane.wanted = paneSizeAt(e.GetSashPosition(), pane.end, lengthOf(*pane.splitter), pane.splitter->GetSashSize());
        pane.placed = true;
        pane.fromContent = false;
    });
}

void WindowLayout::place(Pane& pane) {
    if (pane.placed || !pane.splitter->IsSplit() || !m_window.IsShown()) return;
    const int total = lengthOf(*pane.splitter);
    if (total <= 0) return;
    const int wanted = pane.wanted >= 0 ? pane.wanted : pane.firstSize(total);
    const int sash = pane.splitter->GetSashSize();
    const int position = sashPositionFor(wanted, pane.end, total, sash, pane.splitter->GetMinimumPaneSize());
    pane.splitter->SetSashPosition(position);
    if (paneSizeAt(position, pane.end, total, sash) == wanted) {
        pane.wanted = wanted;
        pane.placed = true;
    }
}

void WindowLayout::restore(wxConfigBase* config, bool keepSize) {
    auto key = [this](const char* name) { return wxString::FromUTF8(m_group + "/" + name); };
    wxRect rect = m_window.GetRect();
    bool maximized = false;
    if (config) {
        long x = 0, y = 0, w = 0, h = 0;
        if (!keepSize && config->Read(key("Width"), &w) && config->Read(key("Height"), &h) && w >= 100 && h >= 100) {
            rect.width = static_cast<int>(w);
            rect.height = static_cast<int>(h);
            if (config->Read(key("X"), &x) && config->Read(key("Y"), &y))
                rect.SetPosition(wxPoint(static_cast<int>(x), static_cast<int>(y)));
            config->Read(key("Maximized"), &maximized, false);
        }
        for (auto& [name, pane] : m_panes) {
            long size = 0;
            if (config->Read(key(name.c_str()), &size) && size > 0) {
                pane.wanted = static_cast<int>(size);
                pane.placed = false;
                pane.fromContent = false;
                place(pane);  // at once when the window is shown already; otherwise once it has its size
            }
        }
    }
    std::vector<wxRect> areas;
    for (unsigned i = 0; i < wxDisplay::GetCount(); ++i) areas.push_back(wxDisplay(i).GetClientArea());
    const wxRect fitted = fitOntoScreens(rect, areas,
                                         m_window.GetMinSize().IsFullySpecified() ? m_window.GetMinSize() : wxSize(400, 300));
    m_window.SetSize(fitted);
    if (maximized) m_window.Maximize(true);
}

void WindowLayout::save(wxConfigBase& config, const std::map<std::string, int>& instead) const {
    auto key = [this](const std::string& name) { return wxString::FromUTF8(m_group + "/" + name); };
    // A maximised window keeps the place it had before, for when it is restored.
    if (!m_window.IsMaximized() && !m_window.IsIconized()) {
        const wxRect r = m_window.GetRect();
        config.Write(key("X"), r.x);
        config.Write(key("Y"), r.y);
        config.Write(key("Width"), r.width);
        config.Write(key("Height"), r.height);
    }
    config.Write(key("Maximized"), m_window.IsMaximized());
    for (const auto& [name, pane] : m_panes) {
        const auto given = instead.find(name);
        const int size = given != instead.end() ? given->second : paneSize(name);
        if (size > 0) config.Write(key(name), size);
    }
    config.Flush();
}

int WindowLayout::paneSize(const std::string& key) const {
    const auto it = m_panes.find(key);
    if (it == m_panes.end()) return -1;
    const Pane& pane = it->second;
    if (!pane.placed || !pane.splitter->IsSplit()) return pane.wanted;
    return paneSizeAt(pane.splitter->GetSashPosition(), pane.end, lengthOf(*pane.splitter), pane.splitter->GetSashSize());
}

void WindowLayout::setPaneSize(const std::string& key, int size) {
    const auto it = m_panes.find(key);
    if (it == m_panes.end()) return;
    it->second.wanted = size;
    it->second.placed = false;
    it->second.fromContent = false;
    place(it->second);
}

void WindowLayout::fitToContent(const std::string& key) {
    const auto it = m_panes.find(key);
    if (it == m_panes.end() || !it->second.fromContent) return;
    it->second.wanted = -1;
    it->second.placed = false;
    place(it->second);
}

}  // namespace etatmajor::gui
