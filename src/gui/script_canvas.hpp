// SPDX-License-Identifier: GPL-3.0-or-later
// The map of a scripted GUI run (turn_script.hpp, server_script.hpp): hexes named in a script, and clicks on them sent
// to the canvas as a person's mouse would send them. Failures throw std::runtime_error (script_words.hpp).
#pragma once

#include "etatmajor/hex/hex.hpp"

#include <string>

namespace etatmajor::gui {

class MapCanvas;

namespace script {

// The hex "col,row" of the map the canvas shows; fails when the text is no hex, the hex is off the map, or no map is
// shown (saying `noMap`).
hex::Hex hexOnCanvas(const MapCanvas& canvas, const std::string& text, const std::string& noMap);
// A left click on hex `h` (named `text` in the script): the mouse moves there, goes down and up. Fails when the hex
// is outside the map window.
void clickHex(MapCanvas& canvas, hex::Hex h, const std::string& text);

}  // namespace script
}  // namespace etatmajor::gui
