// SPDX-License-Identifier: GPL-3.0-or-later
#include "text_sprites.hpp"

#include <wx/image.h>

#include <array>
#include <cmath>
#include <cstring>
#include <memory>

namespace etatmajor::gui {

namespace {
// Caches are dropped whole when they grow past this many entries (zooming through many sizes).
constexpr std::size_t kMaxEntries = 6000;

double quantised(double px) { return std::round(px * 4.0) / 4.0; }
}  // namespace

TextSprites::Key TextSprites::key(const wxString& text, double px, int flags, const wxColour& colour) {
    return {text.ToStdWstring(), static_cast<int>(std::lround(px * 4.0)), flags,
            (static_cast<std::uint32_t>(colour.Red()) << 24) | (static_cast<std::uint32_t>(colour.Green()) << 16) |
                (static_cast<std::uint32_t>(colour.Blue()) << 8) | colour.Alpha()};
}

TextSprites::Extent TextSprites::extent(wxGraphicsContext& gc, const wxString& text, double px, int flags) {
    const Key k = key(text, px, flags, *wxBLACK);
    const auto it = m_extents.find(k);
    if (it != m_extents.end()) return it->second;
    if (m_extents.size() > kMaxEntries) m_extents.clear();
    gc.SetFont(gc.CreateFont(quantised(px), "Sans", flags, *wxBLACK));
    Extent e;
    gc.GetTextExtent(text, &e.width, &e.height);
    return m_extents[k] = e;
}

void TextSprites::draw(wxGraphicsContext& gc, const wxString& text, double x, double y, double px, int flags, const wxColour& colour,
                       const wxColour& halo) {
    const Key k = key(text, px, flags, colour);
    auto it = m_sprites.find(k);
    if (it == m_sprites.end()) {
        if (m_sprites.size() > kMaxEntries) m_sprites.clear();
        const double size = quantised(px);
        const Extent e = extent(gc, text, px, flags);
        Sprite s;
        s.pad = (size >= 14 ? 1.5 : 1.0) + 1.0;
        s.width = std::ceil(e.width + 2 * s.pad);
        s.height = std::ceil(e.height + 2 * s.pad);
        const int w = std::max(1, static_cast<int>(s.width));
        const int h = std::max(1, static_cast<int>(s.height));
        wxImage image(w, h);
        image.InitAlpha();
        std::memset(image.GetData(), 0, static_cast<std::size_t>(w) * h * 3);
        std::memset(image.GetAlpha(), 0, static_cast<std::size_t>(w) * h);
        {
            std::unique_ptr<wxGraphicsContext> sgc(wxGraphicsContext::Create(image));
            if (sgc) {
                const double d = size >= 14 ? 1.5 : 1.0;
                static constexpr std::array<std::array<double, 2>, 8> kAround{
                    {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}};
                sgc->SetFont(sgc->CreateFont(size, "Sans", flags, halo));
                for (const auto& o : kAround) sgc->DrawText(text, s.pad + o[0] * d, s.pad + o[1] * d);
                sgc->SetFont(sgc->CreateFont(size, "Sans", flags, colour));
                sgc->DrawText(text, s.pad, s.pad);
            }
        }
        s.bitmap = gc.GetRenderer()->CreateBitmapFromImage(image);
        it = m_sprites.emplace(k, std::move(s)).first;
    }
    const Sprite& s = it->second;
    gc.DrawBitmap(s.bitmap, std::round(x - s.pad), std::round(y - s.pad), s.width, s.height);
}

}  // namespace etatmajor::gui
