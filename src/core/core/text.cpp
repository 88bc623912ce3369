// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/core/text.hpp"

#include <cstdint>

namespace etatmajor::core {

namespace {

// Length of the well-formed UTF-8 sequence at text[i], or 0 when the bytes there are not one (RFC 3629 §4).
std::size_t sequenceLength(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
    const std::uint8_t b0 = byte(i);
    if (b0 < 0x80) return 1;
    std::size_t n = 0;
    std::uint8_t lo = 0x80, hi = 0xBF;  // range of the second byte
    if (b0 >= 0xC2 && b0 <= 0xDF) n = 2;
    else if (b0 == 0xE0) n = 3, lo = 0xA0;
    else if (b0 >= 0xE1 && b0 <= 0xEC) n = 3;
    else if (b0 == 0xED) n = 3, hi = 0x9F;  // no surrogates
    else if (b0 >= 0xEE && b0 <= 0xEF) n = 3;
    else if (b0 == 0xF0) n = 4, lo = 0x90;
    else if (b0 >= 0xF1 && b0 <= 0xF3) n = 4;
    else if (b0 == 0xF4) n = 4, hi = 0x8F;  // nothing above U+10FFFF
    else return 0;
    if (i + n > text.size()) return 0;
    if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    return n;
}

}  // namespace

std::optional<std::size_t> firstInvalidUtf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = sequenceLength(text, i);
        if (n == 0) return i;
        i += n;
    }
    return std::nullopt;
}

std::size_t utf8Length(std::string_view text) {
    std::size_t count = 0;
    for (const char c : text)
        if ((static_cast<std::uint8_t>(c) & 0xC0) != 0x80) ++count;
    return count;
}

std::string shorten(std::string_view value, std::size_t max) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    std::size_t shown = 0;
    for (std::size_t i = 0; i < value.size();) {
        if (shown == max) {
            out += "\u2026";
            break;
        }
        const std::size_t n = sequenceLength(value, i);
        const auto b = static_cast<std::uint8_t>(value[i]);
        if (n == 0) {
            out += "\\x";
            out += kHex[b >> 4];
            out += kHex[b & 0xF];
            i += 1;
        } else if (n == 1 && (b < 0x20 || b == 0x7F)) {
            out += '?';
            i += 1;
        } else {
            out.append(value.substr(i, n));
            i += n;
        }
        ++shown;
    }
    return out;
}

std::string tidyMessage(std::string_view message) {
    constexpr std::size_t kLongWord = 120, kWordShown = 80, kMessage = 1000;
    std::string out;
    for (std::size_t i = 0; i < message.size();) {
        if (message[i] == ' ' || message[i] == '\n') {
            out += message[i++];
            continue;
        }
        std::size_t end = i;
        while (end < message.size() && message[end] != ' ' && message[end] != '\n') ++end;
        const auto word = message.substr(i, end - i);
        out += shorten(word, utf8Length(word) > kLongWord ? kWordShown : kLongWord);
        i = end;
    }
    if (utf8Length(out) > kMessage) out = shorten(out, kMessage);
    return out;
}

}  // namespace etatmajor::core
