// SPDX-License-Identifier: GPL-3.0-or-later
// The properties of the active tool, beside the map: which terrain and brush size, what kind of watercourse or
// road, which side's LOC entries, what the eraser removes, and what the picker found.
#pragma once

#include "tool_controller.hpp"

#include <wx/panel.h>

#include <array>
#include <functional>
#include <string>
#include <vector>

class wxCheckBox;
class wxChoice;
class wxGridSizer;
class wxRadioBox;
class wxSimplebook;
class wxStaticText;
class wxTextCtrl;
class wxToggleButton;

namespace etatmajor::gui {

class ToolPanel : public wxPanel {
public:
    ToolPanel(wxWindow* parent, ToolController& tools);

    // Shows the page of the active tool with its settings (after the tool or the settings changed elsewhere).
    void sync();
    // The map whose sides the Sides page offers (nullptr: none).
    void setMap(const map::Map* map);

    // The Sides page's requests: a new side, and new home edges for a side.
    std::function<void()> onAddSide;
    std::function<void(const std::string& side, const std::vector<map::MapEdge>& edges, bool coast)> onHomeEdges;

private:
    wxWindow* pageFor(Tool tool);
    wxWindow* makeTerrainPage();
    wxWindow* makeHexsidePage();
    wxWindow* makeRoutePage();
    wxWindow* makeUrbanPage();
    wxWindow* makeSidesPage();
    wxWindow* makeEraserPage();
    wxWindow* makePickerPage();
    wxWindow* makeFillPage();
    wxWindow* makeStampPage();
    wxGridSizer* terrainButtons(wxWindow* page, std::array<wxToggleButton*, map::kTerrainCount>& buttons);
    wxWindow* makeHintPage(const wxString& hint);
    void syncSides();
    void homeEdgesChanged();

    ToolController& m_tools;
    const map::Map* m_map = nullptr;
    bool m_syncing = false;

    wxStaticText* m_title = nullptr;
    wxSimplebook* m_book = nullptr;
    std::array<int, kToolCount> m_pageOf{};

    std::array<wxToggleButton*, map::kTerrainCount> m_terrain{};
    wxRadioBox* m_radius = nullptr;

    wxRadioBox* m_hexsideMode = nullptr;
    wxCheckBox* m_navigable = nullptr;
    wxCheckBox* m_fordable = nullptr;
    wxTextCtrl* m_hexsideName = nullptr;

    wxRadioBox* m_linkKind = nullptr;
    wxTextCtrl* m_routeName = nullptr;

    wxChoice* m_urbanSize = nullptr;
    wxChoice* m_fortification = nullptr;

    wxChoice* m_side = nullptr;
    wxRadioBox* m_sideMode = nullptr;
    wxTextCtrl* m_locName = nullptr;
    std::array<wxCheckBox*, 4> m_edges{};
    wxCheckBox* m_coast = nullptr;

    wxRadioBox* m_eraseClass = nullptr;
    std::array<wxToggleButton*, map::kTerrainCount> m_fillTerrain{};
    wxRadioBox* m_stampMode = nullptr;
    wxStaticText* m_stampHeld = nullptr;
    wxTextCtrl* m_picked = nullptr;
};

}  // namespace etatmajor::gui
