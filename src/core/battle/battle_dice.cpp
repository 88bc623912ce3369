// SPDX-License-Identifier: GPL-3.0-or-later
// The battle's dice stream (tactical-resolver.md §4.1).
#include "etatmajor/battle/battle_dice.hpp"

#include "etatmajor/battle/params.hpp"

#include <array>

namespace etatmajor::battle {

namespace {
constexpr std::array<std::string_view, static_cast<std::size_t>(RollTag::Count)> kTagNames{
    "initiative",        "initiative tie", "replacement rating", "mass panic",       "to charge test",    "being charged test",
    "closing test",      "shooting test",  "small arms",         "artillery",        "bombardment",       "common shell",
    "damage: artillery", "damage: staff",  "damage: engineers",  "close assault",    "close assault tie", "massacre",
    "terrain",           "ammunition",     "general rating",     "bombardment error"};
constexpr std::array<std::string_view, static_cast<std::size_t>(RollTag::Count)> kTagRules{
    "tactical-resolver.md §2.10 I.3", "tactical-resolver.md §2.10 I.3", "tactical-resolver.md §2.15",
    "tactical-resolver.md §2.19",     "tactical-resolver.md §1.10 TCT", "tactical-resolver.md §1.10 BCT",
    "tactical-resolver.md §1.10 CWE", "tactical-resolver.md §1.10 SCT", "tactical-resolver.md §1.12",
    "tactical-resolver.md §1.13",     "tactical-resolver.md §2.13",     "tactical-resolver.md §2.18",
    "tactical-resolver.md §1.14",     "tactical-resolver.md §1.14",     "tactical-resolver.md §1.14",
    "tactical-resolver.md §2.14",     "tactical-resolver.md §2.14.3",   "tactical-resolver.md §1.17",
    "tactical-resolver.md §2.5",      "tactical-resolver.md §1.18 OR1", "tactical-resolver.md §1.6",
    "tactical-resolver.md §2.22"};
}  // namespace

std::string_view rollTagName(RollTag t) { return kTagNames[static_cast<std::size_t>(t)]; }
std::string_view rollTagRule(RollTag t) { return kTagRules[static_cast<std::size_t>(t)]; }

BattleDice::BattleDice(std::uint64_t seed, bool keepLog) : m_gen(seed), m_keepLog(keepLog), m_hash(kFnvOffset) {}

BattleDice::BattleDice(dice::Source& source) : m_source(&source), m_keepLog(true), m_hash(kFnvOffset) {}

void BattleDice::setContext(int turn, charts::Phase phase) {
    m_turn = turn;
    m_phase = phase;
}

int BattleDice::d6(RollTag tag, int subject) {
    int value = 0;
    if (m_source) {
        const dice::RollRequest request{std::string(rollTagName(tag)),
                                        std::string(rollTagRule(tag)),
                                        subject >= 0 ? std::to_string(subject) : std::string(),
                                        1,
                                        6,
                                        0};
        value = m_source->roll(6, request);
    } else {
        value = dice::SeededSource::uniform(m_gen, 6);
    }
    ++m_count;
    // roll_log_hash (§4.1): FNV-1a-64 over (turn, phase, tag, value) of every die, turn as two bytes.
    const unsigned char bytes[5] = {static_cast<unsigned char>(m_turn & 0xff), static_cast<unsigned char>((m_turn >> 8) & 0xff),
                                    static_cast<unsigned char>(m_phase), static_cast<unsigned char>(tag),
                                    static_cast<unsigned char>(value)};
    for (unsigned char b : bytes) {
        m_hash ^= b;
        m_hash *= kFnvPrime;
    }
    if (m_keepLog) m_log.push_back({static_cast<std::uint16_t>(m_turn), m_phase, tag, static_cast<std::uint8_t>(value), subject});
    return value;
}

std::uint64_t deriveBattleSeed(std::uint64_t campaignSeed, std::uint64_t day, std::int64_t hexQ, std::int64_t hexR,
                               std::uint64_t battleOrdinal) {
    using dice::SplitMix64;
    std::uint64_t h = SplitMix64::mix(campaignSeed ^ day);
    h = SplitMix64::mix(h ^ static_cast<std::uint64_t>(hexQ));
    h = SplitMix64::mix(h ^ static_cast<std::uint64_t>(hexR));
    return SplitMix64::mix(h ^ battleOrdinal);
}

}  // namespace etatmajor::battle
