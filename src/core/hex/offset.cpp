// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/hex/offset.hpp"

#include <array>
#include <charconv>

namespace etatmajor::hex {

// Red Blob Games' offset conventions: "odd-r"/"even-r" for pointy tops, "odd-q"/"even-q" for flat tops.
Hex OffsetSystem::toHex(Offset o) const {
    const int shove = m_parity == OffsetParity::Odd ? -1 : 1;
    if (m_orientation == Orientation::Pointy) {
        const int q = o.col - (o.row + shove * (o.row & 1)) / 2;
        return {q, o.row};
    }
    const int r = o.row - (o.col + shove * (o.col & 1)) / 2;
    return {o.col, r};
}

Offset OffsetSystem::toOffset(Hex h) const {
    const int shove = m_parity == OffsetParity::Odd ? -1 : 1;
    if (m_orientation == Orientation::Pointy) {
        const int col = h.q + (h.r + shove * (h.r & 1)) / 2;
        return {col, h.r};
    }
    const int row = h.r + (h.q + shove * (h.q & 1)) / 2;
    return {h.q, row};
}

std::optional<Offset> parseOffset(std::string_view text) {
    const auto comma = text.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    Offset o;
    auto parse = [](std::string_view s, int& out) {
        if (s.empty()) return false;
        const auto* end = s.data() + s.size();
        auto [ptr, ec] = std::from_chars(s.data(), end, out);
        return ec == std::errc{} && ptr == end && out >= 0;
    };
    if (!parse(text.substr(0, comma), o.col) || !parse(text.substr(comma + 1), o.row)) return std::nullopt;
    return o;
}

std::string formatOffset(Offset o) { return std::to_string(o.col) + "," + std::to_string(o.row); }

namespace {
constexpr std::array<std::string_view, 6> kPointyNames{"E", "NE", "NW", "W", "SW", "SE"};
constexpr std::array<std::string_view, 6> kFlatNames{"SE", "NE", "N", "NW", "SW", "S"};
}  // namespace

std::string_view directionName(Orientation orientation, int dir) {
    const auto& names = orientation == Orientation::Pointy ? kPointyNames : kFlatNames;
    return names.at(static_cast<std::size_t>(dir));
}

int parseDirection(Orientation orientation, std::string_view name) {
    const auto& names = orientation == Orientation::Pointy ? kPointyNames : kFlatNames;
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) return static_cast<int>(i);
    return -1;
}

}  // namespace etatmajor::hex
