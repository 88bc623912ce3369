// SPDX-License-Identifier: GPL-3.0-or-later
// The phases of the campaign turn (etat-major.md §6): W1–W5 once a week, then D1–D12 on each of its seven days.
// One table names them all; the engine's dispatch (engine/turn.cpp) follows its order, and every phase written to or
// read from a campaign database goes through its ids.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace etatmajor::campaign {

// In the order the turn runs them. The ids ("W1" .. "D12") are stored in campaign databases (campaign.current_phase
// and the phase of every logged roll, command, movement, contact and sighting): an id is never renamed.
enum class Phase : std::uint8_t { W1, W2, W3, W4, W5, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12 };

struct PhaseEntry {
    Phase phase;
    std::string_view id;      // as stored and shown: "W1" .. "W5", "D1" .. "D12"
    std::string_view title;   // "Strategic initiative"
    std::string_view action;  // what running it does, one sentence for people, with its rule
};

inline constexpr std::size_t kPhaseCount = 17;

// etat-major.md §6 (the turn), §7 (the weekly phases), §8 (the daily phases).
inline constexpr std::array<PhaseEntry, kPhaseCount> kPhases{{
    {Phase::W1, "W1", "Strategic initiative", "rolls the week's strategic initiative (§7.1)"},
    {Phase::W2, "W2", "Victory condition status", "counts each side's victory condition status (§12)"},
    {Phase::W3, "W3", "LOC and supply status", "traces every ME's line of communication and rolls supply and foraging (§9)"},
    {Phase::W4, "W4", "Replacements", "spends supply on replacements for the week's losses (§9.7)"},
    {Phase::W5, "W5", "ME creation and reorganisation", "closes the week's creation and reorganisation of MEs (§10)"},
    {Phase::D1, "D1", "Weather, visibility and LOC refresh",
     "rolls the day's weather and wind, sets daylight and refreshes the LOCs (§8.1)"},
    {Phase::D2, "D2", "Orders written", "takes the orders both sides have given for today (§8.2)"},
    {Phase::D3, "D3", "Order receipt", "rolls each ME's order receipt: received, tardy or not received (§8.3)"},
    {Phase::D4, "D4", "Scouting movement", "moves the scouting MEs and files their intelligence reports (§8.6)"},
    {Phase::D5, "D5", "Other movement", "moves every other ME along its ordered route (§8.4, §8.7)"},
    {Phase::D6, "D6", "Combat determination", "finds the hexes where both sides meet and records the battles (§8.8)"},
    {Phase::D7, "D7", "Engagement terrain", "sets the engagement terrain of the day's battles (§8.8)"},
    {Phase::D8, "D8", "Deployment", "deploys the MEs of the day's battles (§8.8)"},
    {Phase::D9, "D9", "Tactical resolution", "fights the day's battles with the resolver or takes the tabletop results (§8.8)"},
    {Phase::D10, "D10", "Points", "reports the points lost in the day's battles (§8.10)"},
    {Phase::D11, "D11", "Pursuits, retreats and night", "sends the losers back at nightfall and releases the MEs (§8.11)"},
    {Phase::D12, "D12", "End of day", "ends the day"},
}};

constexpr bool phaseTableInOrder() {
    for (std::size_t i = 0; i < kPhases.size(); ++i)
        if (static_cast<std::size_t>(kPhases[i].phase) != i) return false;
    return true;
}
static_assert(phaseTableInOrder(), "kPhases lists every phase once, in the order of the enum");
static_assert(static_cast<std::size_t>(Phase::D12) + 1 == kPhaseCount);

constexpr const PhaseEntry& phaseEntry(Phase p) { return kPhases[static_cast<std::size_t>(p)]; }
constexpr std::string_view phaseId(Phase p) { return phaseEntry(p).id; }
constexpr std::string_view phaseTitle(Phase p) { return phaseEntry(p).title; }
constexpr bool isWeekly(Phase p) { return p <= Phase::W5; }
constexpr bool isDaily(Phase p) { return !isWeekly(p); }

// The id as a string, for messages: "the next phase is " + phaseString(p).
std::string phaseString(Phase p);
// The phase of an id as stored ("W1" .. "D12"; exact, case included); nothing for any other text.
std::optional<Phase> phaseFromId(std::string_view id);
// Prints the id.
std::ostream& operator<<(std::ostream& out, Phase p);

// A phase in JSON (nlohmann::json finds this by argument-dependent lookup) is its id, "W1" .. "D12", as every
// document of the CLI and the server writes it; never the enum's number.
template <typename BasicJson>
void to_json(BasicJson& j, Phase p) {
    j = phaseString(p);
}

}  // namespace etatmajor::campaign
