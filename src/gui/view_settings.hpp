// SPDX-License-Identifier: GPL-3.0-or-later
// Settings of how a map is viewed in the editor, kept beside the map in a sidecar file "<map file>.view.json" so
// the map file and its schema never change: for now the background image (a scanned map to trace over).
//
//   { "formatVersion": 1,
//     "background": { "image": "scan.jpg", "visible": true, "opacity": 0.5, "scale": 0.02, "x": -1.0, "y": -1.2 } }
//
// "image" is relative to the map file's folder; x, y and scale place the image's top-left pixel and size its
// pixels in units of the hex size (Underlay).
#pragma once

#include "map_painter.hpp"

#include <optional>
#include <string>

class wxConfigBase;

namespace etatmajor::gui {

struct BackgroundSettings {
    std::string image;  // absolute, or relative to the current directory, once read
    bool visible = true;
    double opacity = 0.5;
    double scale = 1.0;
    double x = 0.0;
    double y = 0.0;
    friend bool operator==(const BackgroundSettings&, const BackgroundSettings&) = default;
};

struct ViewSettings {
    std::optional<BackgroundSettings> background;
};

class ViewSettingsFile {
public:
    static constexpr int kFormatVersion = 1;

    static std::string pathFor(const std::string& mapPath);
    // Settings for the map at MAPPATH; none when there is no sidecar. Throws std::runtime_error naming the file
    // when the sidecar exists but cannot be read or is not valid.
    static ViewSettings read(const std::string& mapPath);
    // Writes the sidecar atomically, or removes it when there is nothing to keep. Throws core::FileError.
    static void write(const std::string& mapPath, const ViewSettings& settings);
};

// Which layers the editor shows is the person's preference, not the map's: kept in the user's settings under
// /Editor/Layers, never in the map file or its sidecar. Missing entries read as the defaults (all shown but the hex
// numbers).
LayerVisibility readLayers(wxConfigBase& config);
void writeLayers(wxConfigBase& config, const LayerVisibility& layers);

}  // namespace etatmajor::gui
