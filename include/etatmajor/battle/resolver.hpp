// The tactical resolver port: a campaign contact (or a battle file) goes in, a §3 result comes out. Each rule set
// implements Resolver; RedcoatsResolver fights under Redcoats & Rebels (tactical-resolver.md). Resolvers hold no
// state between battles, so one instance may fight many battles on many threads, each with its own dice.
#pragma once

#include "etatmajor/battle/battle_dice.hpp"
#include "etatmajor/battle/narrative.hpp"
#include "etatmajor/battle/result.hpp"
#include "etatmajor/battle/setup.hpp"

#include <cstdint>
#include <string_view>

namespace etatmajor::battle {

class Resolver {
public:
    virtual ~Resolver() = default;
    virtual std::string_view ruleSet() const = 0;
    // Fights one battle with these dice; writes the narrative when one is given.
    virtual BattleResult fight(const BattleSetup& setup, BattleDice& dice, Narrative* narrative) const = 0;
    // A seeded battle (§4.1: one generator per battle, initial state = seed); the result records the seed.
    BattleResult fightSeeded(const BattleSetup& setup, std::uint64_t seed, Narrative* narrative = nullptr,
                             bool keepRollLog = false) const;
};

class RedcoatsResolver final : public Resolver {
public:
    std::string_view ruleSet() const override { return "redcoats-and-rebels"; }
    BattleResult fight(const BattleSetup& setup, BattleDice& dice, Narrative* narrative) const override;
};

}  // namespace etatmajor::battle
