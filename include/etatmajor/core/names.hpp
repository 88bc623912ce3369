// SPDX-License-Identifier: GPL-3.0-or-later
// Enum <-> name tables shared by the models: a std::array of names indexed by the enum's value.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace etatmajor::core {

template <typename E, std::size_t N>
std::optional<E> enumFromName(const std::array<std::string_view, N>& names, std::string_view name) {
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == name) return static_cast<E>(i);
    return std::nullopt;
}

template <typename E, std::size_t N>
std::string_view enumName(const std::array<std::string_view, N>& names, E value) {
    return names.at(static_cast<std::size_t>(value));
}

}  // namespace etatmajor::core
