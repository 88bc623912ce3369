// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/visibility.hpp"

#include "etatmajor/rules/intel.hpp"

namespace etatmajor::rules {

using namespace campaign;

bool meSeesHex(const map::Map& map, const MeState& observer, hex::Hex target, Weather weather, const Options& options) {
    if (!observer.onMap) return false;
    if (observer.hex == target) return true;
    const bool looksAround = observer.mode == Mode::Scouting || options.is("fine_visibility", "chart_next_hex");
    return looksAround && scoutSees(map, observer.hex, target, weather, options);
}

bool sideSeesHex(const CampaignState& s, const std::string& side, hex::Hex target, Weather weather) {
    for (const auto& me : s.mes)
        if (me.side == side && meSeesHex(s.map, me, target, weather, s.options)) return true;
    return false;
}

}  // namespace etatmajor::rules
