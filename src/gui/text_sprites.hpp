// SPDX-License-Identifier: GPL-3.0-or-later
// Names drawn once with their halo into small bitmaps and reused, so a frame that shows hundreds of names costs a
// bitmap blit per name instead of nine text draws (performance.md P5: the overlay is drawn on every frame).
#pragma once

#include <wx/colour.h>
#include <wx/graphics.h>

#include <map>
#include <string>
#include <tuple>

namespace etatmajor::gui {

class TextSprites {
public:
    struct Extent {
        double width = 0;
        double height = 0;
    };

    // Size of `text` in a font of `px` pixels (sizes are rounded to quarter pixels throughout).
    Extent extent(wxGraphicsContext& gc, const wxString& text, double px, int flags);
    // Draws `text` with its top-left corner at (x, y) (rounded to whole pixels), in `colour` over a pale halo.
    void draw(wxGraphicsContext& gc, const wxString& text, double x, double y, double px, int flags, const wxColour& colour,
              const wxColour& halo);

    std::size_t size() const { return m_sprites.size(); }

private:
    using Key = std::tuple<std::wstring, int, int, std::uint32_t>;  // text, quarter pixels, flags, colour
    struct Sprite {
        wxGraphicsBitmap bitmap;
        double width = 0;
        double height = 0;
        double pad = 0;  // the halo's reach around the text
    };

    static Key key(const wxString& text, double px, int flags, const wxColour& colour);

    std::map<Key, Extent> m_extents;
    std::map<Key, Sprite> m_sprites;
};

}  // namespace etatmajor::gui
