// SPDX-License-Identifier: GPL-3.0-or-later
#include "script_canvas.hpp"

#include "map_canvas.hpp"
#include "script_words.hpp"

#include "etatmajor/hex/offset.hpp"

namespace etatmajor::gui::script {

hex::Hex hexOnCanvas(const MapCanvas& canvas, const std::string& text, const std::string& noMap) {
    const auto o = hex::parseOffset(text);
    if (!o) fail("'" + text + "' is not a hex (col,row)");
    const auto* doc = canvas.document();
    if (!doc) fail(noMap);
    const hex::Hex h = doc->map().offsets().toHex(*o);
    if (!doc->map().contains(h)) fail("hex " + text + " is off the map");
    return h;
}

void clickHex(MapCanvas& canvas, hex::Hex h, const std::string& text) {
    const auto* doc = canvas.document();
    const hex::Layout unit(doc->map().metadata().orientation, {1.0, 1.0});
    const wxPoint p = canvas.pixelAt(unit.toPixel(h));
    const wxSize size = canvas.GetClientSize();
    if (p.x < 0 || p.y < 0 || p.x >= size.x || p.y >= size.y) fail("hex " + text + " is outside the map window");
    for (const auto type : {wxEVT_MOTION, wxEVT_LEFT_DOWN, wxEVT_LEFT_UP}) {
        wxMouseEvent ev(type);
        ev.SetPosition(p);
        ev.m_leftDown = type == wxEVT_LEFT_DOWN;
        ev.SetEventObject(&canvas);
        ev.SetId(canvas.GetId());
        canvas.GetEventHandler()->ProcessEvent(ev);
    }
}

}  // namespace etatmajor::gui::script
