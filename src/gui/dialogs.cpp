// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs.hpp"

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/filename.h>
#include <wx/msgdlg.h>
#include <wx/radiobox.h>
#include <wx/sizer.h>
#include <wx/slider.h>
#include <wx/spinctrl.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

namespace etatmajor::gui {

namespace {

wxString utf8(const std::string& s) { return wxString::FromUTF8(s.c_str()); }

// "Heavy woods" from "heavy_woods".
wxString pretty(std::string_view name) {
    std::string s(name);
    std::replace(s.begin(), s.end(), '_', ' ');
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return utf8(s);
}

std::string slug(const std::string& text) {
    std::string out;
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c)) out += static_cast<char>(std::tolower(c));
        else if (!out.empty() && out.back() != '-') out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out;
}

// A two-column form: labels on the left, controls stretching on the right.
wxFlexGridSizer* form() {
    auto* grid = new wxFlexGridSizer(2, wxSize(12, 8));
    grid->AddGrowableCol(1, 1);
    return grid;
}

void addRow(wxWindow* parent, wxFlexGridSizer* grid, const wxString& label, wxWindow* control) {
    grid->Add(new wxStaticText(parent, wxID_ANY, label), 0, wxALIGN_CENTER_VERTICAL);
    grid->Add(control, 1, wxEXPAND);
}

void finish(wxDialog* dialog, wxSizer* content) {
    auto* top = new wxBoxSizer(wxVERTICAL);
    top->Add(content, 1, wxEXPAND | wxALL, 14);
    top->Add(dialog->CreateSeparatedButtonSizer(wxOK | wxCANCEL), 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 12);
    dialog->SetSizerAndFit(top);
    dialog->CentreOnParent();
}

wxChoice* urbanSizeChoice(wxWindow* parent) {
    wxArrayString names;
    for (int i = 0; i < 5; ++i) names.Add(pretty(map::urbanSizeName(static_cast<map::UrbanSize>(i))));
    return new wxChoice(parent, wxID_ANY, wxDefaultPosition, wxDefaultSize, names);
}

wxChoice* fortificationChoice(wxWindow* parent) {
    wxArrayString names;
    for (int i = 0; i < 3; ++i) names.Add(pretty(map::fortificationName(static_cast<map::Fortification>(i))));
    return new wxChoice(parent, wxID_ANY, wxDefaultPosition, wxDefaultSize, names);
}

// Across the flats a hex measures sqrt(3) hex sizes, and that is the map's km per hex.
constexpr double kFlatsPerSize = 1.7320508075688772;

}  // namespace

// ---- New map ---------------------------------------------------------------------------------------------------

NewMapDialog::NewMapDialog(wxWindow* parent) : wxDialog(parent, wxID_ANY, _("New Map")) {
    auto* grid = form();
    m_name = new wxTextCtrl(this, wxID_ANY, _("Untitled map"), wxDefaultPosition, wxSize(260, -1));
    m_id = new wxTextCtrl(this, wxID_ANY, "untitled-map");
    m_width = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 2, 1000, 60);
    m_height = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 2, 1000, 60);
    m_km = new wxSpinCtrlDouble(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 0.1, 100, 8, 0.5);
    m_km->SetDigits(1);
    const wxString orientations[] = {_("Pointy top"), _("Flat top")};
    m_orientation = new wxRadioBox(this, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize, 2, orientations, 2,
                                   wxRA_SPECIFY_COLS);
    const wxString parities[] = {_("Odd rows/columns"), _("Even rows/columns")};
    m_parity = new wxRadioBox(this, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize, 2, parities, 2, wxRA_SPECIFY_COLS);
    wxArrayString terrains;
    for (int i = 0; i < map::kTerrainCount; ++i) terrains.Add(pretty(map::terrainName(static_cast<map::Terrain>(i))));
    m_fill = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxDefaultSize, terrains);
    m_fill->SetSelection(0);

    addRow(this, grid, _("Name:"), m_name);
    addRow(this, grid, _("Id:"), m_id);
    addRow(this, grid, _("Columns:"), m_width);
    addRow(this, grid, _("Rows:"), m_height);
    addRow(this, grid, _("Km per hex:"), m_km);
    addRow(this, grid, _("Hexes:"), m_orientation);
    addRow(this, grid, _("Shoved half a hex:"), m_parity);
    addRow(this, grid, _("Start with:"), m_fill);
    m_name->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { m_id->ChangeValue(utf8(slug(m_name->GetValue().utf8_string()))); });
    finish(this, grid);
}

bool NewMapDialog::TransferDataFromWindow() {
    const std::string id = m_id->GetValue().utf8_string();
    if (id.empty() || slug(id) != id) {
        wxMessageBox(_("The id is made of lower-case letters, digits and hyphens, such as \"carolinas-1780\"."), _("New Map"),
                     wxOK | wxICON_WARNING, this);
        return false;
    }
    return true;
}

map::MapMetadata NewMapDialog::metadata() const {
    map::MapMetadata meta;
    meta.name = m_name->GetValue().utf8_string();
    meta.id = m_id->GetValue().utf8_string();
    meta.width = m_width->GetValue();
    meta.height = m_height->GetValue();
    meta.kmPerHex = m_km->GetValue();
    meta.orientation = m_orientation->GetSelection() == 1 ? hex::Orientation::Flat : hex::Orientation::Pointy;
    meta.parity = m_parity->GetSelection() == 1 ? hex::OffsetParity::Even : hex::OffsetParity::Odd;
    return meta;
}

map::Terrain NewMapDialog::fill() const { return static_cast<map::Terrain>(std::max(0, m_fill->GetSelection())); }

// ---- Urban area ------------------------------------------------------------------------------------------------

UrbanAreaDialog::UrbanAreaDialog(wxWindow* parent, const map::UrbanArea& urban, bool existing)
    : wxDialog(parent, wxID_ANY, existing ? _("Edit Urban Area") : _("New Urban Area")) {
    auto* grid = form();
    m_name = new wxTextCtrl(this, wxID_ANY, utf8(urban.name), wxDefaultPosition, wxSize(240, -1));
    m_size = urbanSizeChoice(this);
    m_size->SetSelection(static_cast<int>(urban.size));
    m_fort = fortificationChoice(this);
    m_fort->SetSelection(static_cast<int>(urban.fortification));
    addRow(this, grid, _("Name:"), m_name);
    addRow(this, grid, _("Size:"), m_size);
    addRow(this, grid, _("Fortification:"), m_fort);
    finish(this, grid);
    m_name->SetFocus();
}

bool UrbanAreaDialog::TransferDataFromWindow() {
    if (m_name->GetValue().Trim().empty()) {
        wxMessageBox(_("An urban area needs a name."), GetTitle(), wxOK | wxICON_WARNING, this);
        return false;
    }
    return true;
}

void UrbanAreaDialog::apply(map::UrbanArea& urban) const {
    urban.name = m_name->GetValue().Trim().Trim(false).utf8_string();
    urban.size = static_cast<map::UrbanSize>(std::max(0, m_size->GetSelection()));
    urban.fortification = static_cast<map::Fortification>(std::max(0, m_fort->GetSelection()));
}

// ---- Map properties --------------------------------------------------------------------------------------------

MapPropertiesDialog::MapPropertiesDialog(wxWindow* parent, const map::MapMetadata& meta)
    : wxDialog(parent, wxID_ANY, _("Map Properties")), m_meta(meta) {
    auto* grid = form();
    m_id = new wxTextCtrl(this, wxID_ANY, utf8(meta.id));
    m_name = new wxTextCtrl(this, wxID_ANY, utf8(meta.name), wxDefaultPosition, wxSize(320, -1));
    m_description = new wxTextCtrl(this, wxID_ANY, utf8(meta.description), wxDefaultPosition, wxSize(320, 90), wxTE_MULTILINE);
    m_km = new wxSpinCtrlDouble(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 0.1, 100, meta.kmPerHex, 0.5);
    m_km->SetDigits(1);
    addRow(this, grid, _("Id:"), m_id);
    addRow(this, grid, _("Name:"), m_name);
    addRow(this, grid, _("Description:"), m_description);
    addRow(this, grid, _("Km per hex:"), m_km);
    const wxString layout = wxString::Format(_("%d x %d hexes, %s top, %s shoved"), meta.width, meta.height,
                                             meta.orientation == hex::Orientation::Pointy ? _("pointy") : _("flat"),
                                             meta.parity == hex::OffsetParity::Odd ? _("odd lines") : _("even lines"));
    addRow(this, grid, _("Layout:"), new wxStaticText(this, wxID_ANY, layout));
    finish(this, grid);
}

map::MapMetadata MapPropertiesDialog::metadata() const {
    map::MapMetadata meta = m_meta;
    meta.id = m_id->GetValue().utf8_string();
    meta.name = m_name->GetValue().utf8_string();
    meta.description = m_description->GetValue().utf8_string();
    meta.kmPerHex = m_km->GetValue();
    return meta;
}

// ---- Background image ------------------------------------------------------------------------------------------

BackgroundDialog::BackgroundDialog(wxWindow* parent, ChangeHandler onChange, std::function<void()> onChooseImage,
                                   std::function<void()> onRemove, std::function<void()> onPlace)
    : wxDialog(parent, wxID_ANY, _("Background Image"), wxDefaultPosition, wxDefaultSize, wxDEFAULT_DIALOG_STYLE),
      m_onChange(std::move(onChange)) {
    auto* grid = form();
    m_file = new wxStaticText(this, wxID_ANY, _("(none)"), wxDefaultPosition, wxSize(220, -1), wxST_ELLIPSIZE_MIDDLE);
    auto* choose = new wxButton(this, wxID_ANY, _("Choose..."));
    auto* fileRow = new wxBoxSizer(wxHORIZONTAL);
    fileRow->Add(m_file, 1, wxALIGN_CENTER_VERTICAL | wxRIGHT, 8);
    fileRow->Add(choose, 0);
    grid->Add(new wxStaticText(this, wxID_ANY, _("Image:")), 0, wxALIGN_CENTER_VERTICAL);
    grid->Add(fileRow, 1, wxEXPAND);

    m_visible = new wxCheckBox(this, wxID_ANY, _("Show under the grid"));
    addRow(this, grid, wxEmptyString, m_visible);
    m_opacity = new wxSlider(this, wxID_ANY, 50, 0, 100, wxDefaultPosition, wxSize(200, -1), wxSL_HORIZONTAL | wxSL_LABELS);
    addRow(this, grid, _("Opacity (%):"), m_opacity);
    m_kmPerPixel = new wxSpinCtrlDouble(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 0.0001, 100, 0.1,
                                        0.001);
    m_kmPerPixel->SetDigits(4);
    addRow(this, grid, _("Scale (km per pixel):"), m_kmPerPixel);
    m_x = new wxSpinCtrlDouble(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, -100000, 100000, 0, 0.5);
    m_x->SetDigits(2);
    m_y = new wxSpinCtrlDouble(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, -100000, 100000, 0, 0.5);
    m_y->SetDigits(2);
    addRow(this, grid, _("Left edge (km east):"), m_x);
    addRow(this, grid, _("Top edge (km south):"), m_y);

    auto* buttons = new wxBoxSizer(wxHORIZONTAL);
    auto* fit = new wxButton(this, wxID_ANY, _("Fit to Map"));
    auto* place = new wxButton(this, wxID_ANY, _("Place by Two Places..."));
    place->SetToolTip(_("Click two places you know on the picture and say which hex each is"));
    auto* remove = new wxButton(this, wxID_ANY, _("Remove"));
    buttons->Add(fit, 0, wxRIGHT, 8);
    buttons->Add(place, 0, wxRIGHT, 8);
    buttons->Add(remove, 0);
    buttons->AddStretchSpacer();
    buttons->Add(new wxButton(this, wxID_CLOSE, _("Close")), 0);

    auto* top = new wxBoxSizer(wxVERTICAL);
    top->Add(grid, 1, wxEXPAND | wxALL, 14);
    top->Add(new wxStaticText(this, wxID_ANY, _("Distances are measured from the centre of hex 0,0.")), 0, wxLEFT | wxRIGHT, 14);
    top->Add(buttons, 0, wxEXPAND | wxALL, 12);
    SetSizerAndFit(top);

    choose->Bind(wxEVT_BUTTON, [onChooseImage](wxCommandEvent&) {
        if (onChooseImage) onChooseImage();
    });
    remove->Bind(wxEVT_BUTTON, [onRemove](wxCommandEvent&) {
        if (onRemove) onRemove();
    });
    fit->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { fitToMap(); });
    place->Bind(wxEVT_BUTTON, [onPlace](wxCommandEvent&) {
        if (onPlace) onPlace();
    });
    Bind(
        wxEVT_BUTTON, [this](wxCommandEvent&) { Hide(); }, wxID_CLOSE);
    m_visible->Bind(wxEVT_CHECKBOX, [this](wxCommandEvent&) { changed(); });
    m_opacity->Bind(wxEVT_SLIDER, [this](wxCommandEvent&) { changed(); });
    for (auto* spin : {m_kmPerPixel, m_x, m_y}) spin->Bind(wxEVT_SPINCTRLDOUBLE, [this](wxSpinDoubleEvent&) { changed(); });
}

double BackgroundDialog::kmPerUnit() const { return m_kmPerHex / kFlatsPerSize; }

void BackgroundDialog::show(const BackgroundSettings& settings, double kmPerHex, const wxRect2DDouble& mapBounds,
                            const wxSize& imagePixels) {
    m_settings = settings;
    m_kmPerHex = kmPerHex > 0 ? kmPerHex : 8.0;
    m_bounds = mapBounds;
    m_pixels = imagePixels;
    m_updating = true;
    m_file->SetLabel(settings.image.empty() ? _("(none)") : wxFileName(utf8(settings.image)).GetFullName());
    m_file->SetToolTip(utf8(settings.image));
    m_visible->SetValue(settings.visible);
    m_opacity->SetValue(static_cast<int>(std::lround(settings.opacity * 100)));
    m_kmPerPixel->SetValue(settings.scale * kmPerUnit());
    m_x->SetValue(settings.x * kmPerUnit());
    m_y->SetValue(settings.y * kmPerUnit());
    m_updating = false;
    if (!IsShown()) Show();
    Raise();
}

void BackgroundDialog::changed() {
    if (m_updating) return;
    m_settings.visible = m_visible->GetValue();
    m_settings.opacity = m_opacity->GetValue() / 100.0;
    m_settings.scale = std::max(1e-9, m_kmPerPixel->GetValue() / kmPerUnit());
    m_settings.x = m_x->GetValue() / kmPerUnit();
    m_settings.y = m_y->GetValue() / kmPerUnit();
    if (m_onChange) m_onChange(m_settings);
}

void BackgroundDialog::fitToMap() {
    if (m_pixels.x <= 0 || m_pixels.y <= 0 || m_bounds.m_width <= 0) return;
    const double scale = std::max(m_bounds.m_width / m_pixels.x, m_bounds.m_height / m_pixels.y);
    m_updating = true;
    m_kmPerPixel->SetValue(scale * kmPerUnit());
    m_x->SetValue((m_bounds.m_x + (m_bounds.m_width - m_pixels.x * scale) / 2) * kmPerUnit());
    m_y->SetValue((m_bounds.m_y + (m_bounds.m_height - m_pixels.y * scale) / 2) * kmPerUnit());
    m_updating = false;
    changed();
}

}  // namespace etatmajor::gui
