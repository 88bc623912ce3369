// SPDX-License-Identifier: GPL-3.0-or-later
// The battle log as a readable narrative: turn by turn who fired at whom, dice, hits, tests and results.
// The engine writes to it only when one is given, so odds runs pay nothing for it.
#pragma once

#include "etatmajor/battle/charts.hpp"

#include <string>
#include <vector>

namespace etatmajor::battle {

class Narrative {
public:
    struct Entry {
        int turn = 0;
        charts::Phase phase = charts::Phase::Setup;
        std::string text;
    };

    void add(int turn, charts::Phase phase, std::string text) { m_entries.push_back({turn, phase, std::move(text)}); }
    const std::vector<Entry>& entries() const { return m_entries; }
    // Grouped under "Turn N" and phase headings.
    std::string text() const;

private:
    std::vector<Entry> m_entries;
};

}  // namespace etatmajor::battle
