// SPDX-License-Identifier: GPL-3.0-or-later
// The editor's small dialogs: a new map, an urban area, the map's properties, and the background image panel.
#pragma once

#include "view_settings.hpp"

#include "etatmajor/map/map.hpp"

#include <wx/dialog.h>
#include <wx/geometry.h>

#include <functional>

class wxCheckBox;
class wxChoice;
class wxRadioBox;
class wxSlider;
class wxSpinCtrl;
class wxSpinCtrlDouble;
class wxStaticText;
class wxTextCtrl;

namespace etatmajor::gui {

// File > New Map: size, scale, hex orientation and offset parity, and the terrain to start from.
class NewMapDialog : public wxDialog {
public:
    explicit NewMapDialog(wxWindow* parent);
    map::MapMetadata metadata() const;
    map::Terrain fill() const;

private:
    bool TransferDataFromWindow() override;

    wxTextCtrl* m_name;
    wxTextCtrl* m_id;
    wxSpinCtrl* m_width;
    wxSpinCtrl* m_height;
    wxSpinCtrlDouble* m_km;
    wxRadioBox* m_orientation;
    wxRadioBox* m_parity;
    wxChoice* m_fill;
};

// The urban-area tool's dialog: name, size and fortification (etat-major.md §9.2.1).
class UrbanAreaDialog : public wxDialog {
public:
    UrbanAreaDialog(wxWindow* parent, const map::UrbanArea& urban, bool existing);
    // The dialog's values over `urban`.
    void apply(map::UrbanArea& urban) const;

private:
    bool TransferDataFromWindow() override;

    wxTextCtrl* m_name;
    wxChoice* m_size;
    wxChoice* m_fort;
};

// Edit > Map Properties: id, name, description and scale (the size and layout are fixed once made).
class MapPropertiesDialog : public wxDialog {
public:
    MapPropertiesDialog(wxWindow* parent, const map::MapMetadata& meta);
    map::MapMetadata metadata() const;

private:
    map::MapMetadata m_meta;
    wxTextCtrl* m_id;
    wxTextCtrl* m_name;
    wxTextCtrl* m_description;
    wxSpinCtrlDouble* m_km;
};

// View > Background Image: a small modeless panel that places a scanned map under the grid. Distances are shown
// in km (from the map's km per hex) and stored in units of the hex size.
class BackgroundDialog : public wxDialog {
public:
    using ChangeHandler = std::function<void(const BackgroundSettings&)>;

    // `onPlace` starts placing the picture by two places the user knows (georeferencing).
    BackgroundDialog(wxWindow* parent, ChangeHandler onChange, std::function<void()> onChooseImage, std::function<void()> onRemove,
                     std::function<void()> onPlace = {});
    // Shows these settings for a map of `kmPerHex` whose bounds (units of the hex size) are `mapBounds`, for an
    // image of `imagePixels`.
    void show(const BackgroundSettings& settings, double kmPerHex, const wxRect2DDouble& mapBounds, const wxSize& imagePixels);

private:
    void changed();
    void fitToMap();
    double kmPerUnit() const;

    ChangeHandler m_onChange;
    BackgroundSettings m_settings;
    double m_kmPerHex = 8.0;
    wxRect2DDouble m_bounds;
    wxSize m_pixels;
    bool m_updating = false;
    wxStaticText* m_file;
    wxCheckBox* m_visible;
    wxSlider* m_opacity;
    wxSpinCtrlDouble* m_kmPerPixel;
    wxSpinCtrlDouble* m_x;
    wxSpinCtrlDouble* m_y;
};

}  // namespace etatmajor::gui
