// SPDX-License-Identifier: GPL-3.0-or-later
// The pieces the dialogs that stand beside the map share (the order dialog, the decoy dialog): a row's label, the row
// of a route picked on the map, and the foot with the dialog's verdict and its buttons.
#pragma once

#include <wx/string.h>

#include <string>

class wxButton;
class wxBoxSizer;
class wxDialog;
class wxFlexGridSizer;
class wxStaticText;
class wxTextCtrl;
class wxToggleButton;
class wxWindow;

namespace etatmajor::gui {

// A text field's value without the spaces around it, as UTF-8.
std::string fieldText(const wxTextCtrl* field);

// A row's label in the dialog's two-column grid, right-aligned.
void addGridLabel(wxWindow* dialog, wxFlexGridSizer* grid, const wxString& text);

// The route row: the hexes typed as "col,row ...", "Pick on map" (down at first: clicks on the map go to the route) and
// "Clear". `pathTip` and `pickTip` are the fields' hints (either may be empty).
struct RouteRow {
    wxTextCtrl* path = nullptr;
    wxToggleButton* pick = nullptr;
    wxButton* clear = nullptr;
};
RouteRow addRouteRow(wxWindow* dialog, wxFlexGridSizer* grid, const wxString& label, const wxString& pathTip, const wxString& pickTip);

// The dialog's foot under `top`: its status line and Cancel / Put in Today's Orders (the default). Sets `top` as the
// dialog's sizer and sizes the dialog narrow enough to stand beside the route on the map (the grid's growable column
// takes what is left).
struct DialogFoot {
    wxStaticText* status = nullptr;
    wxButton* ok = nullptr;
    wxButton* cancel = nullptr;
};
DialogFoot finishBesideMap(wxDialog* dialog, wxBoxSizer* top);

}  // namespace etatmajor::gui
