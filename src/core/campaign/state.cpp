// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/campaign/state.hpp"
#include "etatmajor/campaign/command.hpp"

#include "etatmajor/core/names.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <set>

namespace etatmajor::campaign {

namespace {
constexpr std::array<std::string_view, 4> kStatusNames{"active", "wounded", "killed", "captured"};
}

std::string_view generalStatusName(GeneralStatus s) { return core::enumName(kStatusNames, s); }
std::optional<GeneralStatus> generalStatusFromName(std::string_view s) { return core::enumFromName<GeneralStatus>(kStatusNames, s); }

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

// --- Which MEs a side may field (command.hpp; etat-major.md §3, §4, G-52, G-54) ---

namespace etatmajor::campaign {

namespace {

// The formation and every formation under it.
std::set<std::string> subtree(const CampaignState& s, const std::string& root) {
    std::set<std::string> out{root};
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& f : s.formations)
            if (!f.parent.empty() && out.count(f.parent) && out.insert(f.id).second) grew = true;
    }
    return out;
}

const FormationState* formation(const CampaignState& s, const std::string& id) {
    for (const auto& f : s.formations)
        if (f.id == id) return &f;
    return nullptr;
}

}  // namespace

std::optional<std::string> compositionProblem(const CampaignState& s, const std::string& meId) {
    const std::string& rule = s.options.get("me_granularity");
    if (rule == "permissive") return std::nullopt;
    std::vector<const UnitState*> units;
    for (const auto& u : s.units)
        if (u.me == meId && !u.removed) units.push_back(&u);
    if (units.empty()) return std::nullopt;
    std::set<std::string> mine;
    for (const auto* u : units) mine.insert(u->id);

    if (rule == "chart_division_or_brigade") {
        // [C THE BASICS]: a division, a cavalry brigade or an independent brigade: the ME holds every unit still in
        // the ranks of one division or one brigade and nothing else.
        std::set<std::string> candidates;
        for (const auto* u : units)
            for (const FormationState* f = formation(s, u->formation); f; f = formation(s, f->parent))
                if (f->kind == FormationKind::Division || f->kind == FormationKind::Brigade) candidates.insert(f->id);
        for (const auto& id : candidates) {
            const auto tree = subtree(s, id);
            std::set<std::string> whole;
            for (const auto& u : s.units)
                if (!u.removed && tree.count(u.formation)) whole.insert(u.id);
            if (whole == mine) return std::nullopt;
        }
        return "its units are not the whole of one division or one brigade (G-52, option me_granularity = "
               "chart_division_or_brigade)";
    }
    // body_brigade_level, [B: Manoeuvre Elements]: the units of one brigade (an infantry brigade, a cavalry unit, a
    // brigade's detachment), or a force of brigade strength (a task force or a scouting force): at most 6 infantry
    // units and 5 cavalry units, the limits of a brigade general's command [T 8.10].
    std::set<std::string> brigades;
    for (const auto* u : units) {
        const FormationState* f = formation(s, u->formation);
        while (f && f->kind != FormationKind::Brigade) f = formation(s, f->parent);
        brigades.insert(f ? f->id : "(" + u->formation + ")");
    }
    if (brigades.size() <= 1) return std::nullopt;
    int infantry = 0, cavalry = 0;
    for (const auto* u : units) {
        if (isCavalry(u->type)) ++cavalry;
        else if (u->type == UnitType::LineInfantry || u->type == UnitType::LightInfantry || u->type == UnitType::IrregularInfantry)
            ++infantry;
    }
    if (infantry <= 6 && cavalry <= 5) return std::nullopt;
    return "it draws on " + std::to_string(brigades.size()) + " brigades with " + std::to_string(infantry) + " infantry and " +
           std::to_string(cavalry) +
           " cavalry units, more than a brigade (at most 6 infantry and 5 "
           "cavalry units; G-52, option me_granularity = body_brigade_level)";
}

std::optional<std::string> commandLimitProblem(const CampaignState& s, const std::string& meId) {
    if (s.options.is("command_limit", "unlimited")) return std::nullopt;
    const MeState* me = s.me(meId);
    if (!me || me->commander.empty()) return std::nullopt;
    // G-54 one_plus_one_double: a player commands one ME; one player of the side may command two.
    std::map<std::string, int> commands;
    for (const auto& m : s.mes)
        if (m.side == me->side && m.onMap && !m.commander.empty()) ++commands[m.commander];
    const int n = commands[me->commander];
    if (n <= 1) return std::nullopt;
    std::string otherDouble;
    for (const auto& [player, k] : commands)
        if (player != me->commander && k >= 2) otherDouble = player;
    if (n == 2 && otherDouble.empty()) return std::nullopt;
    return "player '" + me->commander + "' would command " + std::to_string(n) + " MEs" +
           (n == 2 ? " while player '" + otherDouble + "' already holds the side's double command" : std::string()) +
           "; a player commands one ME and one player of a side may command two (G-54, option command_limit)";
}

}  // namespace etatmajor::campaign
