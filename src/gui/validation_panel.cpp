// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation_panel.hpp"

#include "icons.hpp"

#include <wx/imaglist.h>
#include <wx/listctrl.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

#include <algorithm>

namespace etatmajor::gui {

namespace {
wxString utf8(const std::string& s) { return wxString::FromUTF8(s.c_str()); }
}  // namespace

ValidationPanel::ValidationPanel(wxWindow* parent) : wxPanel(parent, wxID_ANY) {
    m_summary = new wxStaticText(this, wxID_ANY, wxEmptyString);
    m_summary->SetFont(m_summary->GetFont().Bold());
    m_list = new wxListCtrl(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxLC_REPORT | wxLC_SINGLE_SEL);
    auto* images = new wxImageList(16, 16);
    images->Add(Icons::severity(core::Severity::Warning, 16));
    images->Add(Icons::severity(core::Severity::Error, 16));
    m_list->AssignImageList(images, wxIMAGE_LIST_SMALL);
    m_list->AppendColumn(_("Severity"), wxLIST_FORMAT_LEFT, 96);
    m_list->AppendColumn(_("Code"), wxLIST_FORMAT_LEFT, 230);
    m_list->AppendColumn(_("Hex"), wxLIST_FORMAT_LEFT, 80);
    m_list->AppendColumn(_("Message"), wxLIST_FORMAT_LEFT, 760);
    m_list->Bind(wxEVT_LIST_ITEM_ACTIVATED, &ValidationPanel::onItemActivated, this);
    // The message takes whatever width the other columns leave.
    m_list->Bind(wxEVT_SIZE, [this](wxSizeEvent& event) {
        int used = 0;
        for (int c = 0; c < 3; ++c) used += m_list->GetColumnWidth(c);
        m_list->SetColumnWidth(3, std::max(200, m_list->GetClientSize().x - used));
        event.Skip();
    });

    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(m_summary, 0, wxLEFT | wxRIGHT | wxTOP | wxBOTTOM, 6);
    sizer->Add(m_list, 1, wxEXPAND);
    SetSizer(sizer);
    update(nullptr);
}

void ValidationPanel::update(const map::Map* map) {
    m_map = map;
    m_issues = map ? map->validate() : core::IssueList();
    m_list->Freeze();
    m_list->DeleteAllItems();
    long errors = 0;
    long warnings = 0;
    for (const auto& issue : m_issues.items()) {
        const bool error = issue.severity == core::Severity::Error;
        (error ? errors : warnings) += 1;
        const long row = m_list->InsertItem(m_list->GetItemCount(), error ? _("Error") : _("Warning"), error ? 1 : 0);
        m_list->SetItem(row, 1, utf8(issue.code));
        std::string where;
        if (map)
            if (const auto h = hexOf(*map, issue)) where = hex::formatOffset(map->offsets().toOffset(*h));
        m_list->SetItem(row, 2, utf8(where));
        m_list->SetItem(row, 3, utf8(issue.message));
    }
    m_list->Thaw();
    if (!map) m_summary->SetLabel(_("Validation"));
    else if (errors == 0 && warnings == 0) m_summary->SetLabel(_("Validation: no problems found"));
    else
        m_summary->SetLabel(
            wxString::Format(_("Validation: %ld error(s), %ld warning(s); double-click one to show it"), errors, warnings));
    Layout();
}

std::optional<hex::Hex> ValidationPanel::hexOf(const map::Map& map, const core::Issue& issue) {
    if (!issue.where) return std::nullopt;
    const std::string& w = *issue.where;
    const auto colon = w.find(':');
    if (const auto o = hex::parseOffset(w.substr(0, colon))) return map.offsets().toHex(*o);
    if (const auto* u = map.urbanArea(w)) return u->hex;
    for (const auto& r : map.routes())
        if (r.id == w && !r.hexes.empty()) return r.hexes.front();
    for (const auto& r : map.rivers())
        if (r.id == w && !r.sides.empty()) return r.sides.front().hex;
    if (const auto* s = map.side(w)) {
        if (!s->locEntries.empty()) return s->locEntries.front().hex;
        if (!s->hqHexes.empty()) return s->hqHexes.front();
    }
    return std::nullopt;
}

void ValidationPanel::activate(long index) {
    if (index < 0 || static_cast<std::size_t>(index) >= m_issues.size() || !onActivate) return;
    const auto& issue = m_issues.items()[static_cast<std::size_t>(index)];
    onActivate(issue, m_map ? hexOf(*m_map, issue) : std::nullopt);
}

void ValidationPanel::onItemActivated(wxListEvent& event) { activate(event.GetIndex()); }

}  // namespace etatmajor::gui
