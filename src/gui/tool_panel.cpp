// SPDX-License-Identifier: GPL-3.0-or-later
#include "tool_panel.hpp"

#include "icons.hpp"

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/radiobox.h>
#include <wx/settings.h>
#include <wx/simplebook.h>
#include <wx/sizer.h>
#include <wx/statline.h>
#include <wx/statbox.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/tglbtn.h>

#include <algorithm>
#include <cctype>

namespace etatmajor::gui {

namespace {

wxString utf8(const std::string& s) { return wxString::FromUTF8(s.c_str()); }

wxString pretty(std::string_view name) {
    std::string s(name);
    std::replace(s.begin(), s.end(), '_', ' ');
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return utf8(s);
}

const wxString kToolTitles[kToolCount] = {_("Pan"),
                                          _("Terrain Brush"),
                                          _("Rivers, Fords and Bridges"),
                                          _("Roads and Waterways"),
                                          _("Urban Areas"),
                                          _("Labels"),
                                          _("Sides: Home Edges, LOC, HQ"),
                                          _("Eraser"),
                                          _("Picker"),
                                          _("Bucket Fill"),
                                          _("Copy and Stamp")};

constexpr int kGap = 6;

wxStaticText* hint(wxWindow* parent, const wxString& text) {
    auto* t = new wxStaticText(parent, wxID_ANY, text);
    t->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
    t->Wrap(250);
    return t;
}

wxRadioBox* radio(wxWindow* parent, const wxString& label, const std::vector<wxString>& items, int columns) {
    return new wxRadioBox(parent, wxID_ANY, label, wxDefaultPosition, wxDefaultSize, static_cast<int>(items.size()), items.data(),
                          columns, wxRA_SPECIFY_COLS);
}

}  // namespace

ToolPanel::ToolPanel(wxWindow* parent, ToolController& tools) : wxPanel(parent, wxID_ANY), m_tools(tools) {
    m_title = new wxStaticText(this, wxID_ANY, wxEmptyString);
    m_title->SetFont(m_title->GetFont().Bold().Larger());
    m_book = new wxSimplebook(this, wxID_ANY);

    for (int i = 0; i < kToolCount; ++i) {
        m_pageOf[static_cast<std::size_t>(i)] = static_cast<int>(m_book->GetPageCount());
        m_book->AddPage(pageFor(static_cast<Tool>(i)), kToolTitles[i]);
    }

    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(m_title, 0, wxLEFT | wxRIGHT | wxTOP, 10);
    sizer->Add(new wxStaticLine(this), 0, wxEXPAND | wxALL, 8);
    sizer->Add(m_book, 1, wxEXPAND | wxLEFT | wxRIGHT, 8);
    SetSizer(sizer);
    sync();
}

wxWindow* ToolPanel::pageFor(Tool tool) {
    switch (tool) {
        case Tool::Pan:
            return makeHintPage(_("Drag the map to move it; the mouse wheel zooms. With any other tool, drag with "
                                  "the right or middle button to move the map."));
        case Tool::Terrain: return makeTerrainPage();
        case Tool::Hexside: return makeHexsidePage();
        case Tool::Route: return makeRoutePage();
        case Tool::Urban: return makeUrbanPage();
        case Tool::Label: return makeHintPage(_("Click a hex to add a label, or to change or remove the label already there."));
        case Tool::Sides: return makeSidesPage();
        case Tool::Eraser: return makeEraserPage();
        case Tool::Picker: return makePickerPage();
        case Tool::Fill: return makeFillPage();
        case Tool::Stamp: return makeStampPage();
    }
    return makeHintPage(wxEmptyString);
}

wxWindow* ToolPanel::makeHintPage(const wxString& text) {
    auto* page = new wxPanel(m_book);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(hint(page, text), 0, wxEXPAND | wxTOP, 4);
    page->SetSizer(sizer);
    return page;
}

wxGridSizer* ToolPanel::terrainButtons(wxWindow* page, std::array<wxToggleButton*, map::kTerrainCount>& buttons) {
    auto* grid = new wxGridSizer(2, wxSize(4, 4));
    for (int i = 0; i < map::kTerrainCount; ++i) {
        const auto t = static_cast<map::Terrain>(i);
        auto* b = new wxToggleButton(page, wxID_ANY, pretty(map::terrainName(t)), wxDefaultPosition, wxDefaultSize, wxBU_LEFT);
        b->SetBitmap(Icons::terrain(t, 22));
        b->SetBitmapMargins(6, 0);
        b->Bind(wxEVT_TOGGLEBUTTON, [this, t](wxCommandEvent&) {
            m_tools.settings().terrain = t;
            sync();
        });
        buttons[static_cast<std::size_t>(i)] = b;
        grid->Add(b, 1, wxEXPAND);
    }
    return grid;
}

wxWindow* ToolPanel::makeTerrainPage() {
    auto* page = new wxPanel(m_book);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(terrainButtons(page, m_terrain), 0, wxEXPAND);
    m_radius = radio(page, _("Brush size"), {_("1 hex"), _("7 hexes"), _("19 hexes"), _("37 hexes")}, 2);
    m_radius->Bind(wxEVT_RADIOBOX, [this](wxCommandEvent&) { m_tools.settings().radius = m_radius->GetSelection(); });
    sizer->Add(m_radius, 0, wxEXPAND | wxTOP, 10);
    sizer->Add(hint(page, _("Click or drag to paint; [ and ] change the brush size. A whole drag is one undo step.")), 0,
               wxEXPAND | wxTOP, 10);
    page->SetSizer(sizer);
    return page;
}

wxWindow* ToolPanel::makeHexsidePage() {
    auto* page = new wxPanel(m_book);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    m_hexsideMode = radio(page, _("Draw"), {_("River"), _("Stream"), _("Ford"), _("Bridge")}, 2);
    m_navigable = new wxCheckBox(page, wxID_ANY, _("Navigable"));
    m_fordable = new wxCheckBox(page, wxID_ANY, _("Fordable"));
    m_hexsideName = new wxTextCtrl(page, wxID_ANY);
    m_hexsideName->SetHint(_("Name"));
    sizer->Add(m_hexsideMode, 0, wxEXPAND);
    sizer->Add(m_navigable, 0, wxTOP, 8);
    sizer->Add(m_fordable, 0, wxTOP, kGap);
    sizer->Add(new wxStaticText(page, wxID_ANY, _("Name:")), 0, wxTOP, 10);
    sizer->Add(m_hexsideName, 0, wxEXPAND | wxTOP, 3);
    sizer->Add(hint(page, _("Drag along hexsides to draw a river or stream; the hexside nearest the mouse is "
                            "used. A ford or bridge goes on a hexside that has water.")),
               0, wxEXPAND | wxTOP, 10);
    page->SetSizer(sizer);

    m_hexsideMode->Bind(wxEVT_RADIOBOX, [this](wxCommandEvent&) {
        m_tools.settings().hexsideMode = static_cast<HexsideMode>(m_hexsideMode->GetSelection());
        sync();
    });
    m_navigable->Bind(wxEVT_CHECKBOX, [this](wxCommandEvent&) { m_tools.settings().navigable = m_navigable->GetValue(); });
    m_fordable->Bind(wxEVT_CHECKBOX, [this](wxCommandEvent&) { m_tools.settings().fordable = m_fordable->GetValue(); });
    m_hexsideName->Bind(wxEVT_TEXT, [this](wxCommandEvent&) {
        if (m_syncing) return;
        auto& s = m_tools.settings();
        const bool crossing = s.hexsideMode == HexsideMode::Ford || s.hexsideMode == HexsideMode::Bridge;
        (crossing ? s.crossingName : s.watercourseName) = m_hexsideName->GetValue().utf8_string();
    });
    return page;
}

wxWindow* ToolPanel::makeRoutePage() {
    auto* page = new wxPanel(m_book);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    m_linkKind = radio(page, _("Draw"), {_("Major road"), _("Minor road (track)"), _("Navigable waterway")}, 1);
    m_routeName = new wxTextCtrl(page, wxID_ANY);
    m_routeName->SetHint(_("Name of a new route"));
    sizer->Add(m_linkKind, 0, wxEXPAND);
    sizer->Add(new wxStaticText(page, wxID_ANY, _("Name:")), 0, wxTOP, 10);
    sizer->Add(m_routeName, 0, wxEXPAND | wxTOP, 3);
    sizer->Add(hint(page, _("Drag from hex to hex. A drag that starts at the end of a route extends it; otherwise "
                            "a new route begins.")),
               0, wxEXPAND | wxTOP, 10);
    page->SetSizer(sizer);
    m_linkKind->Bind(wxEVT_RADIOBOX, [this](wxCommandEvent&) {
        m_tools.settings().linkKind = static_cast<map::LinkKind>(m_linkKind->GetSelection());
    });
    m_routeName->Bind(wxEVT_TEXT, [this](wxCommandEvent&) {
        if (!m_syncing) m_tools.settings().routeName = m_routeName->GetValue().utf8_string();
    });
    return page;
}

wxWindow* ToolPanel::makeUrbanPage() {
    auto* page = new wxPanel(m_book);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    wxArrayString sizes;
    for (int i = 0; i < 5; ++i) sizes.Add(pretty(map::urbanSizeName(static_cast<map::UrbanSize>(i))));
    wxArrayString forts;
    for (int i = 0; i < 3; ++i) forts.Add(pretty(map::fortificationName(static_cast<map::Fortification>(i))));
    m_urbanSize = new wxChoice(page, wxID_ANY, wxDefaultPosition, wxDefaultSize, sizes);
    m_fortification = new wxChoice(page, wxID_ANY, wxDefaultPosition, wxDefaultSize, forts);
    auto* grid = new wxFlexGridSizer(2, wxSize(8, 6));
    grid->AddGrowableCol(1, 1);
    grid->Add(new wxStaticText(page, wxID_ANY, _("Size:")), 0, wxALIGN_CENTER_VERTICAL);
    grid->Add(m_urbanSize, 1, wxEXPAND);
    grid->Add(new wxStaticText(page, wxID_ANY, _("Fortification:")), 0, wxALIGN_CENTER_VERTICAL);
    grid->Add(m_fortification, 1, wxEXPAND);
    sizer->Add(grid, 0, wxEXPAND);
    sizer->Add(hint(page, _("Click a hex to add an urban area there (you are asked for its name), or to edit the "
                            "one already there.")),
               0, wxEXPAND | wxTOP, 10);
    page->SetSizer(sizer);
    m_urbanSize->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
        m_tools.settings().urbanSize = static_cast<map::UrbanSize>(m_urbanSize->GetSelection());
    });
    m_fortification->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
        m_tools.settings().fortification = static_cast<map::Fortification>(m_fortification->GetSelection());
    });
    return page;
}

wxWindow* ToolPanel::makeSidesPage() {
    auto* page = new wxPanel(m_book);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    m_side = new wxChoice(page, wxID_ANY);
    auto* add = new wxButton(page, wxID_ANY, _("Add Side..."));
    auto* row = new wxBoxSizer(wxHORIZONTAL);
    row->Add(m_side, 1, wxALIGN_CENTER_VERTICAL | wxRIGHT, kGap);
    row->Add(add, 0);
    sizer->Add(new wxStaticText(page, wxID_ANY, _("Side:")), 0);
    sizer->Add(row, 0, wxEXPAND | wxTOP, 3);

    m_sideMode = radio(page, _("Click places"), {_("Primary LOC entry"), _("Secondary LOC entry"), _("HQ")}, 1);
    sizer->Add(m_sideMode, 0, wxEXPAND | wxTOP, 8);
    m_locName = new wxTextCtrl(page, wxID_ANY);
    m_locName->SetHint(_("Name of the LOC entry"));
    sizer->Add(m_locName, 0, wxEXPAND | wxTOP, 6);

    auto* edgesBox = new wxStaticBoxSizer(wxVERTICAL, page, _("Home edges"));
    auto* edges = new wxGridSizer(2, wxSize(4, 4));
    const wxString names[] = {_("North"), _("South"), _("East"), _("West")};
    for (std::size_t i = 0; i < m_edges.size(); ++i) {
        m_edges[i] = new wxCheckBox(edgesBox->GetStaticBox(), wxID_ANY, names[i]);
        m_edges[i]->Bind(wxEVT_CHECKBOX, [this](wxCommandEvent&) { homeEdgesChanged(); });
        edges->Add(m_edges[i]);
    }
    edgesBox->Add(edges, 0, wxEXPAND | wxALL, 4);
    m_coast = new wxCheckBox(edgesBox->GetStaticBox(), wxID_ANY, _("May also enter by sea"));
    m_coast->Bind(wxEVT_CHECKBOX, [this](wxCommandEvent&) { homeEdgesChanged(); });
    edgesBox->Add(m_coast, 0, wxALL, 4);
    sizer->Add(edgesBox, 0, wxEXPAND | wxTOP, 8);
    sizer->Add(hint(page, _("A new primary LOC entry makes the side's old one secondary.")), 0, wxEXPAND | wxTOP, 8);
    page->SetSizer(sizer);

    add->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        if (onAddSide) onAddSide();
    });
    m_side->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
        m_tools.settings().side = m_side->GetStringSelection().utf8_string();
        syncSides();
    });
    m_sideMode->Bind(wxEVT_RADIOBOX, [this](wxCommandEvent&) {
        m_tools.settings().sideMode = static_cast<SideMode>(m_sideMode->GetSelection());
        sync();
    });
    m_locName->Bind(wxEVT_TEXT, [this](wxCommandEvent&) {
        if (!m_syncing) m_tools.settings().locName = m_locName->GetValue().utf8_string();
    });
    return page;
}

wxWindow* ToolPanel::makeEraserPage() {
    auto* page = new wxPanel(m_book);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    m_eraseClass = radio(page, _("Erase"),
                         {_("Terrain (to clear)"), _("Rivers and streams"), _("Fords and bridges"), _("Road and waterway steps"),
                          _("Urban areas"), _("Labels"), _("LOC entries"), _("HQs")},
                         1);
    sizer->Add(m_eraseClass, 0, wxEXPAND);
    sizer->Add(hint(page, _("Click or drag over what to remove. Hexside features are taken from the hexside nearest "
                            "the mouse.")),
               0, wxEXPAND | wxTOP, 10);
    page->SetSizer(sizer);
    m_eraseClass->Bind(wxEVT_RADIOBOX, [this](wxCommandEvent&) {
        m_tools.settings().eraseClass = static_cast<edit::FeatureClass>(m_eraseClass->GetSelection());
    });
    return page;
}

wxWindow* ToolPanel::makePickerPage() {
    auto* page = new wxPanel(m_book);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(hint(page, _("Click a hex to see everything on it; its terrain (and the river or road there) "
                            "becomes the brush of the previous tool.")),
               0, wxEXPAND);
    m_picked = new wxTextCtrl(page, wxID_ANY, wxEmptyString, wxDefaultPosition, wxSize(-1, 150), wxTE_MULTILINE | wxTE_READONLY);
    sizer->Add(m_picked, 1, wxEXPAND | wxTOP, 8);
    page->SetSizer(sizer);
    return page;
}

wxWindow* ToolPanel::makeFillPage() {
    auto* page = new wxPanel(m_book);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(terrainButtons(page, m_fillTerrain), 0, wxEXPAND);
    sizer->Add(hint(page, _("Click a hex: it and every hex of the same terrain joined to it, side by side, take the "
                            "chosen terrain. Rivers and roads do not stop the fill. One click is one undo step.")),
               0, wxEXPAND | wxTOP, 10);
    page->SetSizer(sizer);
    return page;
}

wxWindow* ToolPanel::makeStampPage() {
    auto* page = new wxPanel(m_book);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    m_stampMode = radio(page, _("Mouse"), {_("Copy a block (C)"), _("Stamp the copy (V)")}, 1);
    sizer->Add(m_stampMode, 0, wxEXPAND);
    auto* held = new wxStaticText(page, wxID_ANY, _("Copied:"));
    held->SetFont(held->GetFont().Bold());
    sizer->Add(held, 0, wxTOP, 10);
    m_stampHeld = new wxStaticText(page, wxID_ANY, wxEmptyString);
    sizer->Add(m_stampHeld, 0, wxEXPAND | wxTOP, 3);
    sizer->Add(hint(page, _("Copy: drag from one corner of a block of hexes to the other. Stamp: click where the "
                            "top-left hex of the copy goes. The terrain, rivers, fords, bridges, roads, urban areas "
                            "and labels of the block are copied; LOC entries and HQs are not. Each stamp is one undo "
                            "step.")),
               0, wxEXPAND | wxTOP, 10);
    page->SetSizer(sizer);
    m_stampMode->Bind(wxEVT_RADIOBOX, [this](wxCommandEvent&) {
        m_tools.setStampMode(static_cast<StampMode>(m_stampMode->GetSelection()));
        sync();
    });
    return page;
}

void ToolPanel::setMap(const map::Map* map) {
    m_map = map;
    syncSides();
}

void ToolPanel::syncSides() {
    m_syncing = true;
    auto& s = m_tools.settings();
    m_side->Clear();
    const map::SideGeography* current = nullptr;
    if (m_map) {
        for (const auto& side : m_map->sides()) m_side->Append(utf8(side.side));
        if (s.side.empty() && !m_map->sides().empty()) s.side = m_map->sides().front().side;
        current = m_map->side(s.side);
    }
    if (current) m_side->SetStringSelection(utf8(current->side));
    for (std::size_t i = 0; i < m_edges.size(); ++i) {
        const bool on = current && std::find(current->homeEdges.begin(), current->homeEdges.end(), static_cast<map::MapEdge>(i)) !=
                                       current->homeEdges.end();
        m_edges[i]->SetValue(on);
        m_edges[i]->Enable(current != nullptr);
    }
    m_coast->SetValue(current && current->homeCoast);
    m_coast->Enable(current != nullptr);
    m_syncing = false;
}

void ToolPanel::homeEdgesChanged() {
    if (m_syncing || !onHomeEdges) return;
    std::vector<map::MapEdge> edges;
    for (std::size_t i = 0; i < m_edges.size(); ++i)
        if (m_edges[i]->GetValue()) edges.push_back(static_cast<map::MapEdge>(i));
    onHomeEdges(m_tools.settings().side, edges, m_coast->GetValue());
}

void ToolPanel::sync() {
    m_syncing = true;
    const auto& s = m_tools.settings();
    const auto tool = m_tools.tool();
    m_title->SetLabel(kToolTitles[static_cast<int>(tool)]);
    m_book->ChangeSelection(static_cast<std::size_t>(m_pageOf[static_cast<std::size_t>(tool)]));

    for (std::size_t i = 0; i < m_terrain.size(); ++i) {
        m_terrain[i]->SetValue(static_cast<int>(i) == static_cast<int>(s.terrain));
        m_fillTerrain[i]->SetValue(static_cast<int>(i) == static_cast<int>(s.terrain));
    }
    m_stampMode->SetSelection(static_cast<int>(s.stampMode));
    const wxString held = utf8(m_tools.pieceSummary());
    if (m_stampHeld->GetLabel() != held) {
        m_stampHeld->SetLabel(held);
        m_stampHeld->Wrap(240);
        // The wrapped text is taller than the one line it had: the page makes room for it.
        m_stampHeld->GetParent()->Layout();
    }
    m_radius->SetSelection(std::clamp(s.radius, 0, kMaxBrushRadius));

    m_hexsideMode->SetSelection(static_cast<int>(s.hexsideMode));
    const bool crossing = s.hexsideMode == HexsideMode::Ford || s.hexsideMode == HexsideMode::Bridge;
    m_navigable->SetValue(s.navigable);
    m_fordable->SetValue(s.fordable);
    m_navigable->Enable(s.hexsideMode == HexsideMode::River);
    m_fordable->Enable(s.hexsideMode == HexsideMode::River);
    m_hexsideName->ChangeValue(utf8(crossing ? s.crossingName : s.watercourseName));

    m_linkKind->SetSelection(static_cast<int>(s.linkKind));
    m_routeName->ChangeValue(utf8(s.routeName));
    m_urbanSize->SetSelection(static_cast<int>(s.urbanSize));
    m_fortification->SetSelection(static_cast<int>(s.fortification));
    m_sideMode->SetSelection(static_cast<int>(s.sideMode));
    m_locName->ChangeValue(utf8(s.locName));
    m_locName->Enable(s.sideMode != SideMode::Hq);
    m_eraseClass->SetSelection(static_cast<int>(s.eraseClass));

    wxString picked;
    for (const auto& line : m_tools.picked()) picked << utf8(line) << "\n";
    m_picked->ChangeValue(picked);
    m_syncing = false;
    syncSides();
    Layout();
}

}  // namespace etatmajor::gui
