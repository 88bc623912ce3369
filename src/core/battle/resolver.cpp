// SPDX-License-Identifier: GPL-3.0-or-later
// The resolver port and the Redcoats & Rebels resolver.
#include "etatmajor/battle/resolver.hpp"

#include "etatmajor/battle/engine.hpp"

namespace etatmajor::battle {

BattleResult Resolver::fightSeeded(const BattleSetup& setup, std::uint64_t seed, Narrative* narrative, bool keepRollLog) const {
    BattleDice dice(seed, keepRollLog);
    BattleResult r = fight(setup, dice, narrative);
    r.seed = seed;
    return r;
}

namespace {
class FromSetup final : public Resolver::Trials {
public:
    FromSetup(const Resolver& resolver, const BattleSetup& setup) : m_resolver(resolver), m_setup(setup) {}
    BattleResult fight(std::uint64_t seed) const override { return m_resolver.fightSeeded(m_setup, seed); }

private:
    const Resolver& m_resolver;
    const BattleSetup& m_setup;
};

// The engine is built and deployed once (about a sixteenth of a Camden battle's work); each trial copies it.
class FromBuiltEngine final : public Resolver::Trials {
public:
    explicit FromBuiltEngine(const BattleSetup& setup) : m_dice(0), m_engine(setup, m_dice) {}
    bool reusable() const { return m_dice.count() == 0; }
    BattleResult fight(std::uint64_t seed) const override { return run(seed, false); }
    BattleResult outcome(std::uint64_t seed) const override { return run(seed, true); }

private:
    BattleResult run(std::uint64_t seed, bool outcomeOnly) const {
        BattleDice dice(seed);
        Engine engine(m_engine, dice, nullptr);
        engine.setOutcomeOnly(outcomeOnly);
        BattleResult r = engine.run();
        r.seed = seed;
        return r;
    }

    BattleDice m_dice;  // rolls nothing when the engine is reusable
    Engine m_engine;
};
}  // namespace

std::unique_ptr<Resolver::Trials> Resolver::trials(const BattleSetup& setup) const {
    return std::make_unique<FromSetup>(*this, setup);
}

std::unique_ptr<Resolver::Trials> RedcoatsResolver::trials(const BattleSetup& setup) const {
    auto built = std::make_unique<FromBuiltEngine>(setup);
    if (built->reusable()) return built;
    return Resolver::trials(setup);
}

BattleResult RedcoatsResolver::fight(const BattleSetup& setup, BattleDice& dice, Narrative* narrative) const {
    Engine engine(setup, dice, narrative);
    return engine.run();
}

}  // namespace etatmajor::battle
