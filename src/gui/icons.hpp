// SPDX-License-Identifier: GPL-3.0-or-later
// The editor's icons, drawn in code so they look the same on every desktop and need no files.
#pragma once

#include "tool_controller.hpp"

#include "etatmajor/core/issue.hpp"
#include "etatmajor/map/map.hpp"

#include <wx/bitmap.h>

namespace etatmajor::gui {

enum class ActionIcon { ZoomIn, ZoomOut, Fit, Background, HexNumbers };

class Icons {
public:
    static wxBitmap tool(Tool tool, int size = 24);
    static wxBitmap action(ActionIcon icon, int size = 24);
    static wxBitmap severity(core::Severity severity, int size = 16);
    // A hexagon of the terrain's colours, for the terrain buttons of the tool panel.
    static wxBitmap terrain(map::Terrain terrain, int size = 28);
};

}  // namespace etatmajor::gui
