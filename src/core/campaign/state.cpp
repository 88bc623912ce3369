#include "etatmajor/campaign/state.hpp"

#include "etatmajor/core/names.hpp"

#include <array>

namespace etatmajor::campaign {

namespace {
constexpr std::array<std::string_view, 4> kStatusNames{"active", "wounded", "killed", "captured"};
}

std::string_view generalStatusName(GeneralStatus s) { return core::enumName(kStatusNames, s); }
std::optional<GeneralStatus> generalStatusFromName(std::string_view s) {
    return core::enumFromName<GeneralStatus>(kStatusNames, s);
}

const SideState* CampaignState::side(std::string_view id) const {
    for (const auto& s : sides)
        if (s.id == id) return &s;
    return nullptr;
}

SideState* CampaignState::side(std::string_view id) {
    for (auto& s : sides)
        if (s.id == id) return &s;
    return nullptr;
}

const MeState* CampaignState::me(std::string_view id) const {
    for (const auto& m : mes)
        if (m.id == id) return &m;
    return nullptr;
}

UrbanState* CampaignState::urbanArea(std::string_view id) {
    for (auto& u : urban)
        if (u.id == id) return &u;
    return nullptr;
}

const UrbanState* CampaignState::urbanArea(std::string_view id) const {
    for (const auto& u : urban)
        if (u.id == id) return &u;
    return nullptr;
}

const UrbanState* CampaignState::urbanAt(hex::Hex h) const {
    for (const auto& u : urban)
        if (u.hex == h) return &u;
    return nullptr;
}

std::vector<const UnitState*> CampaignState::unitsOf(std::string_view meId) const {
    std::vector<const UnitState*> out;
    for (const auto& u : units)
        if (u.me == meId && !u.removed) out.push_back(&u);
    return out;
}

std::vector<const GeneralState*> CampaignState::generalsOf(std::string_view meId) const {
    std::vector<const GeneralState*> out;
    for (const auto& g : generals)
        if (g.me == meId) out.push_back(&g);
    return out;
}

std::string CampaignState::enemyOf(std::string_view sideId) const {
    for (const auto& s : sides)
        if (s.id != sideId) return s.id;
    return {};
}

// etat-major.md §8.1.1 and G-11: seasons follow Summer -> Autumn -> Winter -> Spring; by default each lasts 12 weeks
// and the campaign starts in week `seasonWeek` of its starting season.
Season CampaignState::seasonOfWeek(int campaignWeek) const {
    const std::string& progression = options.get("season_progression");
    if (progression == "chart_fixed") return startSeason;
    const int length = progression == "calendar_13_weeks" ? 13 : 12;
    const int elapsed = seasonWeek - 1 + campaignWeek - 1;
    return static_cast<Season>((static_cast<int>(startSeason) + elapsed / length) % 4);
}

}  // namespace etatmajor::campaign
