// The resolver port and the Redcoats & Rebels resolver.
#include "etatmajor/battle/resolver.hpp"

#include "etatmajor/battle/engine.hpp"

namespace etatmajor::battle {

BattleResult Resolver::fightSeeded(const BattleSetup& setup, std::uint64_t seed, Narrative* narrative,
                                   bool keepRollLog) const {
    BattleDice dice(seed, keepRollLog);
    BattleResult r = fight(setup, dice, narrative);
    r.seed = seed;
    return r;
}

BattleResult RedcoatsResolver::fight(const BattleSetup& setup, BattleDice& dice, Narrative* narrative) const {
    Engine engine(setup, dice, narrative);
    return engine.run();
}

}  // namespace etatmajor::battle
