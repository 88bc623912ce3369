// SPDX-License-Identifier: GPL-3.0-or-later
// What the two campaign windows share: the turn manager on a campaign database (turn_frame.hpp) and the window of one
// side on a campaign server (server_frame.hpp).
#pragma once

#include "map_canvas.hpp"

#include <wx/stattext.h>
#include <wx/string.h>
#include <wx/treebase.h>

#include <optional>
#include <string>
#include <utility>

class wxFrame;
class wxNotebook;
class wxSplitterWindow;
class wxTextCtrl;
class wxTreeCtrl;
class wxWindow;

namespace etatmajor::view {
struct CounterView;
struct ArrivalView;
}  // namespace etatmajor::view

namespace etatmajor::gui {

inline wxString utf8(const std::string& s) { return wxString::FromUTF8(s.c_str()); }

// The clock the windows time their screenshots by, in milliseconds.
long long nowMs();

// A word of the core's as the panels write it: "deployed_defensive" as "deployed defensive".
std::string readable(std::string s);

// The data of an item of the order of battle: the ME it stands for.
class MeItem : public wxTreeItemData {
public:
    explicit MeItem(std::string meId) : id(std::move(meId)) {}
    std::string id;
};

// An enemy counter as the order of battle lists it: its hex, and its label once turned over by contact (§2.2).
std::string counterLine(const view::CounterView& c);
// One of the side's own reinforcements still due, as the order of battle lists it under the side.
std::string arrivalLine(const view::ArrivalView& a);

// The panes both windows are built of: the order of battle over the details of the selected ME on the left, the map
// over the notebook of panels on the right. The map splitter's second pane (the notebook) is the window's to add;
// the event handlers are the window's to bind.
struct CampaignPanes {
    wxSplitterWindow* mainSplit = nullptr;
    wxSplitterWindow* leftSplit = nullptr;
    wxSplitterWindow* mapSplit = nullptr;
    wxTreeCtrl* tree = nullptr;
    wxTextCtrl* details = nullptr;
    MapCanvas* canvas = nullptr;
};
CampaignPanes buildCampaignPanes(wxWindow* root, int treeHeight);
// The width the order of battle needs to show its open lines whole: the widest line with its indent and button.
int treeContentWidth(const wxTreeCtrl& tree);
// The first width of the order of battle: as wide as its lines (treeContentWidth), at least about 300 pixels and at
// most 30% of the window's width (`total`), so that the map and the tabs under it keep the rest.
int orderOfBattleWidth(const wxTreeCtrl& tree, int total);
// The first height of the tabs under the map (`total` the map's and the tabs' height): the tabs' row and ten lines of
// text, at least a quarter of the height and at most two fifths.
int tabsHeight(const wxNotebook& tabs, int total);

// A line of the phase bar that wraps to the width the bar gives it, onto as many lines as it needs, instead of being
// cut short: the hints it carries ("Double-click an ME to write its order.") are read to their end.
class WrappedText : public wxStaticText {
public:
    explicit WrappedText(wxWindow* parent);
    void setText(const wxString& text);
    // The text as set, without the line breaks of its wrapping.
    const wxString& text() const { return m_text; }

private:
    int room() const;  // the width the bar leaves it
    void rewrap(int width);
    wxString m_text;
    int m_width = -1;  // the width it was last wrapped to
};

// Brings the tab whose title starts with `title` to the front; false when there is none.
bool selectTabByTitle(wxNotebook& notebook, const std::string& title);

// The status bar while the mouse is over the map: the hex in the first field, its terrain and urban area in the
// second (nothing when the mouse is off the map).
void showHover(wxFrame& frame, const std::optional<HoverInfo>& info);

// Shows a window's dialog (the Week dialog) beside the order of battle, over the map, so the side's MEs stay in view,
// and brings it to the front.
void showBesideOrderOfBattle(wxFrame& frame, const wxSplitterWindow& mainSplit, wxWindow& dialog);
// Shows a dialog that picks hexes on the map (the order and decoy dialogs) over the order of battle on the left, so
// the map and the route stay in view, and brings it to the front.
void showOverOrderOfBattle(wxFrame& frame, wxWindow& dialog);

}  // namespace etatmajor::gui
