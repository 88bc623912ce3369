// SPDX-License-Identifier: GPL-3.0-or-later
// A battle set-up written back as a battle file (docs/formats/battle.md), so that a battle the campaign bot's
// campaigns handed to the resolver can be fought again on its own: `etatmajor-cli battle narrate --oob FILE --seed S`
// with the battle's seed gives the campaign's result (the bot's --battle-files option writes them).
#pragma once

#include "etatmajor/battle/setup.hpp"

#include <cstdint>
#include <string>

namespace etatmajor::bot {

std::string battleFileXml(const battle::BattleSetup& setup, std::uint64_t seed);

}  // namespace etatmajor::bot
