// SPDX-License-Identifier: GPL-3.0-or-later
// The battle's one stream of d6 (tactical-resolver.md §4.1): one generator per battle, every die through roll(tag),
// a compact roll log (turn, phase, tag, value) and its FNV-1a-64 hash (roll_log_hash, §3.1). Seeded battles use the
// hand-written SplitMix64 of dice.hpp directly; tests pass a dice::ScriptedSource (running out of scripted dice
// throws dice::DiceError, so a test that rolls more than it scripted fails).
#pragma once

#include "etatmajor/battle/charts.hpp"
#include "etatmajor/dice/dice.hpp"

#include <cstdint>
#include <string_view>
#include <vector>

namespace etatmajor::battle {

// What a die is rolled for; part of the hashed roll log, so never renumber (append only).
enum class RollTag : std::uint8_t {
    Initiative,
    InitiativeTie,
    ReplacementRating,
    MassPanic,
    Tct,
    Bct,
    Cwe,
    Sct,
    SmallArms,
    Artillery,
    Bombardment,
    Shell,
    DamageArtillery,
    DamageStaff,
    DamageEngineer,
    CloseAssault,
    CloseAssaultTie,
    Massacre,
    Terrain,
    Ammunition,
    GeneralRating,
    BombardError,
    Count
};
std::string_view rollTagName(RollTag t);
std::string_view rollTagRule(RollTag t);

struct RollEntry {
    std::uint16_t turn = 0;
    charts::Phase phase = charts::Phase::Setup;
    RollTag tag = RollTag::Initiative;
    std::uint8_t value = 0;
    std::int32_t subject = -1;  // unit or general index, for the narrative; not hashed
};

class BattleDice {
public:
    // A seeded battle: SplitMix64 with initial state `seed` (§4.1).
    explicit BattleDice(std::uint64_t seed, bool keepLog = false);
    // Dice from another source (scripted in tests, manual for players); the log is always kept.
    explicit BattleDice(dice::Source& source);

    int d6(RollTag tag, int subject = -1);
    void setContext(int turn, charts::Phase phase);
    int turn() const { return m_turn; }
    charts::Phase phase() const { return m_phase; }

    std::uint64_t logHash() const { return m_hash; }
    std::int64_t count() const { return m_count; }
    const std::vector<RollEntry>& log() const { return m_log; }
    bool keepsLog() const { return m_keepLog; }

private:
    dice::SplitMix64 m_gen;
    dice::Source* m_source = nullptr;
    bool m_keepLog = false;
    int m_turn = 0;
    charts::Phase m_phase = charts::Phase::Setup;
    std::uint64_t m_hash;
    std::int64_t m_count = 0;
    std::vector<RollEntry> m_log;
};

// §4.1 seed derivation: h = mix(campaign_seed ^ day); h = mix(h ^ q); h = mix(h ^ r); seed = mix(h ^ ordinal),
// signed hex coordinates cast to uint64_t (two's complement).
std::uint64_t deriveBattleSeed(std::uint64_t campaignSeed, std::uint64_t day, std::int64_t hexQ, std::int64_t hexR,
                               std::uint64_t battleOrdinal);

}  // namespace etatmajor::battle
