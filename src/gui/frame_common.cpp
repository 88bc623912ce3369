// SPDX-License-Identifier: GPL-3.0-or-later
#include "frame_common.hpp"

#include "etatmajor/view/side_view.hpp"

#include <wx/frame.h>
#include <wx/notebook.h>
#include <wx/sizer.h>
#include <wx/splitter.h>
#include <wx/textctrl.h>
#include <wx/time.h>
#include <wx/treectrl.h>

#include <algorithm>
#include <functional>

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

void showBesideOrderOfBattle(wxFrame& frame, const wxSplitterWindow& mainSplit, wxWindow& dialog) {
    const wxRect r = frame.GetScreenRect();
    dialog.Move(r.x + std::min(mainSplit.GetSashPosition() + 8, std::max(0, r.width - dialog.GetSize().x)), r.y + 60);
    dialog.Show();
    dialog.Raise();
}

void showOverOrderOfBattle(wxFrame& frame, wxWindow& dialog) {
    const wxRect r = frame.GetScreenRect();
    dialog.Move(r.x + 6, r.y + 84);
    dialog.Show();
    dialog.Raise();
}

void showHover(wxFrame& frame, const std::optional<HoverInfo>& info) {
    frame.SetStatusText(info ? info->place() : wxString(), 0);
    if (info) frame.SetStatusText(info->terrain + (info->urban.empty() ? wxString() : ", " + info->urban), 1);
}

std::string arrivalLine(const view::ArrivalView& a) {
    return a.label + " \u2014 due in week " + std::to_string(a.week) + " at " + a.hex;
}

std::string counterLine(const view::CounterView& c) {
    return c.hex + ": " + (c.faceDown || c.label.empty() ? std::string("face down, unidentified") : c.label);
}

WrappedText::WrappedText(wxWindow* parent) : wxStaticText(parent, wxID_ANY, wxEmptyString) {
    SetMinSize(wxSize(120, -1));
    // The width to wrap to is what the bar has left beside its other items, which do not depend on this text: wrapping
    // to its own width instead would change that width and wrap again, without end.
    parent->Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
        e.Skip();
        CallAfter([this] { rewrap(room()); });
    });
}

void WrappedText::setText(const wxString& text) {
    m_text = text;
    m_width = -1;
    rewrap(room());
}

int WrappedText::room() const {
    const wxWindow* bar = GetParent();
    const wxSizer* sizer = bar->GetSizer();
    if (!sizer) return GetSize().x;
    auto sides = [](const wxSizerItem& item) {
        return ((item.GetFlag() & wxLEFT) ? item.GetBorder() : 0) + ((item.GetFlag() & wxRIGHT) ? item.GetBorder() : 0);
    };
    int used = 0;
    for (const wxSizerItem* item : sizer->GetChildren()) {
        if (item->IsSizer() && item->GetSizer()->GetItem(const_cast<WrappedText*>(this), false)) {
            used += sides(*item);  // the column this text stands in: all of its width is the text's
            continue;
        }
        if (item->IsShown()) used += item->GetSize().x + sides(*item);
    }
    return std::max(120, bar->GetClientSize().x - used);
}

void WrappedText::rewrap(int width) {
    if (width <= 0 || width == m_width) return;
    m_width = width;
    SetLabel(m_text);
    Wrap(width);
    // The lines it now takes: the bar grows or shrinks to them.
    SetMinSize(wxSize(120, GetBestSize().y));
    for (wxWindow* w = GetParent(); w; w = w->GetParent()) {
        w->Layout();
        if (w->IsTopLevel()) break;
    }
}

int treeContentWidth(const wxTreeCtrl& tree) {
    int widest = 0;
    std::function<void(const wxTreeItemId&, int)> walk = [&](const wxTreeItemId& parent, int depth) {
        wxTreeItemIdValue cookie;
        for (auto item = tree.GetFirstChild(parent, cookie); item.IsOk(); item = tree.GetNextChild(parent, cookie)) {
            // Bold lines (the sides) are a little wider than the plain font measures them.
            const int text = tree.GetTextExtent(tree.GetItemText(item)).x * 11 / 10;
            widest = std::max(widest, text + (depth + 1) * static_cast<int>(tree.GetIndent()) + tree.FromDIP(28));
            if (tree.IsExpanded(item)) walk(item, depth + 1);
        }
    };
    if (tree.GetRootItem().IsOk()) walk(tree.GetRootItem(), 0);
    return widest;
}

int orderOfBattleWidth(const wxTreeCtrl& tree, int total) {
    const int least = std::min(tree.FromDIP(300), total / 4);
    return std::clamp(treeContentWidth(tree), least, std::max(least, total * 3 / 10));
}

int tabsHeight(const wxNotebook& tabs, int total) {
    const int wanted = std::max(10 * tabs.GetCharHeight() + tabs.FromDIP(44), total / 4);
    return std::min(wanted, total * 2 / 5);
}

CampaignPanes buildCampaignPanes(wxWindow* root, int treeHeight) {
    CampaignPanes p;
    p.mainSplit = new wxSplitterWindow(root, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxSP_LIVE_UPDATE | wxSP_3DSASH);
    p.mainSplit->SetMinimumPaneSize(160);
    p.leftSplit = new wxSplitterWindow(p.mainSplit, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxSP_LIVE_UPDATE | wxSP_3DSASH);
    p.leftSplit->SetMinimumPaneSize(80);
    p.tree = new wxTreeCtrl(p.leftSplit, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                            wxTR_HAS_BUTTONS | wxTR_HIDE_ROOT | wxTR_LINES_AT_ROOT | wxTR_SINGLE);
    // A line wider than the pane (a long ME label with its hex, mode and stands at 1280 pixels) is shown whole when the
    // mouse rests on it; the ME panel below gives the selected ME in full.
    wxTreeCtrl* tree = p.tree;
    p.tree->Bind(wxEVT_TREE_ITEM_GETTOOLTIP, [tree](wxTreeEvent& e) {
        wxRect line;
        if (tree->GetBoundingRect(e.GetItem(), line, true) && line.GetRight() > tree->GetClientSize().GetWidth())
            e.SetToolTip(tree->GetItemText(e.GetItem()));
    });
    p.details = new wxTextCtrl(p.leftSplit, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize, wxTE_MULTILINE | wxTE_READONLY);
    p.leftSplit->SplitHorizontally(p.tree, p.details, treeHeight);
    p.mapSplit = new wxSplitterWindow(p.mainSplit, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxSP_LIVE_UPDATE | wxSP_3DSASH);
    p.mapSplit->SetMinimumPaneSize(80);
    p.mapSplit->SetSashGravity(1.0);
    p.canvas = new MapCanvas(p.mapSplit);
    return p;
}

}  // namespace etatmajor::gui
