// SPDX-License-Identifier: GPL-3.0-or-later
// Narrative text of a battle log.
#include "etatmajor/battle/narrative.hpp"

namespace etatmajor::battle {

std::string Narrative::text() const {
    std::string out;
    int turn = -1;
    int phase = -1;
    for (const auto& e : m_entries) {
        if (e.turn != turn) {
            turn = e.turn;
            phase = -1;
            out += turn == 0 ? "\nBefore the battle\n" : "\nTurn " + std::to_string(turn) + "\n";
        }
        if (static_cast<int>(e.phase) != phase) {
            phase = static_cast<int>(e.phase);
            if (turn != 0) {
                out += "  ";
                out += charts::phaseName(e.phase);
                out += ":\n";
            }
        }
        out += "    ";
        out += e.text;
        out += '\n';
    }
    return out;
}

}  // namespace etatmajor::battle
