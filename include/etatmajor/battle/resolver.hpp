// SPDX-License-Identifier: GPL-3.0-or-later
// The tactical resolver port: a campaign contact (or a battle file) goes in, a §3 result comes out. Each rule set
// implements Resolver; RedcoatsResolver fights under Redcoats & Rebels (tactical-resolver.md). Resolvers hold no
// state between battles, so one instance may fight many battles on many threads, each with its own dice.
#pragma once

#include "etatmajor/battle/battle_dice.hpp"
#include "etatmajor/battle/narrative.hpp"
#include "etatmajor/battle/result.hpp"
#include "etatmajor/battle/setup.hpp"

#include <cstdint>
#include <memory>
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

    // Many seeded battles of one set-up (odds previews, calibration: performance.md P4). fight(seed) returns what
    // fightSeeded(setup, seed) returns; a resolver may prepare once what every battle of the set-up shares. The
    // set-up must outlive the object; fight may be called from several threads at once.
    class Trials {
    public:
        virtual ~Trials() = default;
        virtual BattleResult fight(std::uint64_t seed) const = 0;
        // fight(seed) for a trial that reads only its outcome (outcomeOf in trials.hpp): the result may leave out
        // the ids of units and brigades, gun records, ledger item names and the generals. The default fights in full.
        virtual BattleResult outcome(std::uint64_t seed) const { return fight(seed); }
    };
    // The default fights each battle from the set-up.
    virtual std::unique_ptr<Trials> trials(const BattleSetup& setup) const;
};

class RedcoatsResolver final : public Resolver {
public:
    std::string_view ruleSet() const override { return "redcoats-and-rebels"; }
    BattleResult fight(const BattleSetup& setup, BattleDice& dice, Narrative* narrative) const override;
    // Builds and deploys the set-up once; each trial fights a copy of that engine when building it rolled no dice
    // (no ammunition dice, no seeded terrain), else it builds its own as fight does.
    std::unique_ptr<Trials> trials(const BattleSetup& setup) const override;
};

}  // namespace etatmajor::battle
