// SPDX-License-Identifier: GPL-3.0-or-later
// Battle files (XML, schemas/battle.xsd, docs/formats/battle.md): a stand-alone battle set-up for
// `etatmajor-cli battle …` and for tests. Errors are core::FileError with the file, line and element.
#pragma once

#include "etatmajor/battle/setup.hpp"

#include <string>
#include <string_view>

namespace etatmajor::battle {

inline constexpr int kBattleFormatVersion = 1;

// Throws core::FileError for unreadable, malformed, too-new or inconsistent files.
BattleSetup readBattleFile(const std::string& path);
BattleSetup readBattleString(std::string_view xml, const std::string& fileName);

}  // namespace etatmajor::battle
