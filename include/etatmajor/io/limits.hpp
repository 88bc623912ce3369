// SPDX-License-Identifier: GPL-3.0-or-later
// Limits on what the readers take from a file (docs/formats/limits.md): every map, campaign, orders, battle,
// battle result and purchase file is held to them, and a value over its limit is refused with its file and line.
#pragma once

#include <cstddef>

namespace etatmajor::io::limits {

inline constexpr std::size_t kFileBytes = 16u * 1024u * 1024u;  // a whole file, in bytes
inline constexpr std::size_t kShort = 64;                       // ids, references to ids, keys, numbers, hexes, enumerated values
inline constexpr std::size_t kName = 200;                       // names, labels, dates, option values
inline constexpr std::size_t kText = 4000;                      // free text: descriptions, notes, intentions, paths of files
inline constexpr std::size_t kList = 100000;                    // lists of hexes, hexsides or words; terrain rows
inline constexpr std::size_t kProblems = 200;                   // problems reported of one file; the rest are counted

}  // namespace etatmajor::io::limits
