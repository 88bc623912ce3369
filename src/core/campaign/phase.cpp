// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/campaign/phase.hpp"

#include <ostream>

namespace etatmajor::campaign {

std::string phaseString(Phase p) { return std::string(phaseId(p)); }

std::optional<Phase> phaseFromId(std::string_view id) {
    for (const auto& e : kPhases)
        if (e.id == id) return e.phase;
    return std::nullopt;
}

std::ostream& operator<<(std::ostream& out, Phase p) { return out << phaseId(p); }

}  // namespace etatmajor::campaign
