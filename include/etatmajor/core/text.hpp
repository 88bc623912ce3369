// SPDX-License-Identifier: GPL-3.0-or-later
// Text of files and messages: UTF-8 checks, and values cut short for messages (docs/formats/limits.md).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace etatmajor::core {

// Where the first byte that is not part of a well-formed UTF-8 sequence lies (overlong forms, surrogates and code
// points above U+10FFFF count as malformed), or nothing when the whole text is UTF-8.
std::optional<std::size_t> firstInvalidUtf8(std::string_view text);

// Number of code points of a text known to be UTF-8.
std::size_t utf8Length(std::string_view text);

// A value as it may appear in a message: bytes that are not UTF-8 written as \xNN, control characters as '?', and
// cut after `max` characters with an ellipsis, so a ten-megabyte value or a stray byte never reaches the terminal.
std::string shorten(std::string_view value, std::size_t max = 80);

// A message made safe to print whole: every word longer than 120 characters is cut to 80 (see shorten), the bytes
// are made UTF-8, and the whole is kept under 1,000 characters.
std::string tidyMessage(std::string_view message);

}  // namespace etatmajor::core
