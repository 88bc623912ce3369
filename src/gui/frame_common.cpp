// SPDX-License-Identifier: GPL-3.0-or-later
#include "frame_common.hpp"

#include "etatmajor/view/side_view.hpp"

#include <wx/frame.h>
#include <wx/notebook.h>
#include <wx/splitter.h>
#include <wx/textctrl.h>
#include <wx/time.h>
#include <wx/treectrl.h>

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

void showBesideOrderOfBattle(wxFrame& frame, const wxSplitterWindow& mainSplit, wxWindow& dialog) {
    const wxRect r = frame.GetScreenRect();
    dialog.Move(r.x + std::min(mainSplit.GetSashPosition() + 8, std::max(0, r.width - dialog.GetSize().x)), r.y + 60);
    dialog.Show();
    dialog.Raise();
}

void showHover(wxFrame& frame, const std::optional<HoverInfo>& info) {
    frame.SetStatusText(info ? info->place() : wxString(), 0);
    if (info) frame.SetStatusText(info->terrain + (info->urban.empty() ? wxString() : ", " + info->urban), 1);
}

std::string counterLine(const view::CounterView& c) {
    return c.hex + ": " + (c.faceDown || c.label.empty() ? std::string("face down, unidentified") : c.label);
}

CampaignPanes buildCampaignPanes(wxWindow* root, int treeHeight) {
    CampaignPanes p;
    p.mainSplit = new wxSplitterWindow(root, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxSP_LIVE_UPDATE | wxSP_3DSASH);
    p.mainSplit->SetMinimumPaneSize(160);
    p.leftSplit = new wxSplitterWindow(p.mainSplit, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxSP_LIVE_UPDATE | wxSP_3DSASH);
    p.leftSplit->SetMinimumPaneSize(80);
    p.tree = new wxTreeCtrl(p.leftSplit, wxID_ANY, wxDefaultPosition, wxDefaultSize,
                            wxTR_HAS_BUTTONS | wxTR_HIDE_ROOT | wxTR_LINES_AT_ROOT | wxTR_SINGLE);
    p.details = new wxTextCtrl(p.leftSplit, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize, wxTE_MULTILINE | wxTE_READONLY);
    p.leftSplit->SplitHorizontally(p.tree, p.details, treeHeight);
    p.mapSplit = new wxSplitterWindow(p.mainSplit, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxSP_LIVE_UPDATE | wxSP_3DSASH);
    p.mapSplit->SetMinimumPaneSize(80);
    p.mapSplit->SetSashGravity(1.0);
    p.canvas = new MapCanvas(p.mapSplit);
    return p;
}

}  // namespace etatmajor::gui
