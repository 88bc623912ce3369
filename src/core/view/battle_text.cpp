// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/view/battle_text.hpp"

#include "etatmajor/battle/calibration.hpp"
#include "etatmajor/battle/resolver.hpp"
#include "etatmajor/battle/trials.hpp"
#include "engine/battles_db.hpp"

#include <nlohmann/json.hpp>

#include <sstream>

namespace etatmajor::view {

namespace b = etatmajor::battle;

core::IssueList battleAccess(db::CampaignStore& store, const Viewer& viewer, int id) {
    core::IssueList issues;
    const auto rec = engine::findBattle(store, id);
    if (!rec) issues.error("BATTLE-UNKNOWN", "the campaign has no battle " + std::to_string(id));
    else if (!viewer.isHost() && !rec->takesPart(viewer.side()))
        issues.error("BATTLE-SIDE", "side '" + viewer.side() + "' has no ME in battle " + std::to_string(id));
    return issues;
}

std::string unitLine(const b::UnitSpec& u) {
    std::ostringstream o;
    o << u.name << " [" << u.id << "]: " << b::unitTypeName(u.type) << ", class " << u.unitClass << ", " << u.stands
      << (b::isArtillery(u.type) ? " crew stand(s)" : " stand(s)");
    if (u.figures > 0) o << " (" << u.figures << " figures)";
    if (u.armament != b::Armament::Musket) o << ", " << b::armamentName(u.armament);
    for (const auto& g : u.guns)
        o << ", " << g.count << " " << campaign::calibreName(g.calibre) << (g.howitzer ? " howitzer" : " gun") << " stand(s)";
    for (const auto& g : u.battalionGuns) o << ", " << g.count << " " << campaign::calibreName(g.calibre) << " battalion gun(s)";
    if (u.bayonets && !*u.bayonets) o << ", no bayonets";
    if (u.highlander) o << ", highlanders";
    if (u.hidden) o << ", hidden";
    if (u.screen) o << ", skirmish screen";
    if (u.depth >= 0) o << ", front " << u.depth << " paces from its rear edge";
    return o.str();
}

void formationText(std::ostream& o, const b::FormationSpec& f, int indent) {
    const std::string pad(static_cast<std::size_t>(indent), ' ');
    o << pad << f.name;
    if (f.general) o << " - " << f.general->name << " (" << campaign::ratingName(f.general->rating) << ")";
    if (f.slot == b::Slot::Reserve) o << " [reserve]";
    o << "\n";
    for (const auto& u : f.units) o << pad << "  - " << unitLine(u) << "\n";
    for (const auto& c : f.children) formationText(o, c, indent + 2);
}

std::string campaignBattleText(db::CampaignStore& store, const Viewer& viewer, int id) {
    const auto rec = engine::findBattle(store, id);
    if (!rec) return {};
    const auto setup = engine::campaignBattleSetup(store, id);
    std::ostringstream o;
    o << setup.name << " (" << setup.date << "), " << rec->status << "\n";
    o << "Terrain: " << b::hexTerrainName(setup.terrain.hex) << "; weather " << rec->weather << "; " << rec->daylight
      << " daylight turns, the fighting starts on turn " << rec->startTurn << " (" << setup.turns << " turns)\n";
    for (const auto& line : engine::battleTableLines(store, id)) o << line << "\n";  // §8.10-§8.11.1 table set-up
    for (const auto& sd : setup.sides) {
        o << "\n" << sd.name << ":\n";
        for (const auto& m : sd.mes) {
            const bool own = viewer.knows(sd.id);
            // An enemy ME by its counter only (turned over by the contact, §2.2), never by its id.
            o << "  " << m.name << (own ? " [" + m.id + "]" : std::string()) << ", " << campaign::modeName(m.mode);
            if (own) {
                for (const auto& p : rec->participants)
                    if (p.me == m.id) o << ", on the field from campaign turn " << p.arrivalTurn << " (" << p.how << ")";
                o << "\n";
                for (const auto& f : m.formations) formationText(o, f, 4);
            } else {
                o << " (composition unknown)\n";
            }
        }
    }
    if (!rec->summary.empty()) o << "\nResult: " << rec->summary << "\n";
    return o.str();
}

// Odds are computed only from what the side knows: its own forces, and the enemy as its latest intelligence
// reports describe it. Without a report on every enemy ME there are no odds, rather than a guess or a peek.
OddsPlan oddsPlan(db::CampaignStore& store, const std::string& side, int id) {
    OddsPlan plan;
    plan.battle = id;
    plan.side = side;
    const auto rec = engine::findBattle(store, id);
    if (!rec) return plan;
    plan.setup = engine::sideViewSetup(store, id, side, plan.unknownEnemies);
    if (!plan.unknownEnemies.empty()) return plan;
    plan.own = plan.setup.sides[0].id == side ? b::kSideA : b::kSideB;
    // The trials' seeds follow from the battle's own seed, salted ("odds") so that they never repeat the battle.
    plan.seed = rec->seed ^ 0x6f646473ULL;
    return plan;
}

BattleOdds fightOdds(const OddsPlan& plan, int runs, int threads, const std::function<bool(int)>& progress) {
    BattleOdds odds;
    odds.battle = plan.battle;
    odds.side = plan.side;
    odds.unknownEnemies = plan.unknownEnemies;
    if (!odds.computed() || plan.setup.sides.empty()) return odds;
    odds.runs = runs;
    const int own = plan.own;
    const b::RedcoatsResolver resolver;
    const auto trials = b::runTrials(resolver, plan.setup, plan.seed, runs, threads, progress);
    for (const auto& t : trials) {
        odds.wins += t.winner == own ? 1 : 0;
        odds.draws += t.winner == b::kNoSide ? 1 : 0;
        odds.fieldHeld += t.fieldHolder == own ? 1 : 0;
        odds.ownLoss6 += t.netLoss6[static_cast<std::size_t>(own)];
        odds.enemyLoss6 += t.netLoss6[static_cast<std::size_t>(1 - own)];
    }
    odds.trials = static_cast<std::int64_t>(trials.size());
    return odds;
}

BattleOdds battleOdds(db::CampaignStore& store, const std::string& side, int id, int runs, int threads) {
    return fightOdds(oddsPlan(store, side, id), runs, threads);
}

std::string battleOddsText(const BattleOdds& odds) {
    std::ostringstream o;
    if (!odds.computed()) {
        std::string names;
        for (const auto& m : odds.unknownEnemies) names += (names.empty() ? "" : ", ") + m;
        o << "the odds cannot be computed: " << odds.side << " knows the enemy counters " << names
          << " but no report has told it what they contain (scout them first)\n";
        return o.str();
    }
    const auto n = odds.trials;
    o << "battle " << odds.battle << ", as " << odds.side << " sees it (" << n << " trials"
      << (odds.cancelled() ? " of " + std::to_string(odds.runs) + ", cancelled" : std::string()) << ", the enemy as reported):\n";
    o << "  win " << b::percentText(odds.wins, n) << ", draw " << b::percentText(odds.draws, n) << ", lose "
      << b::percentText(n - odds.wins - odds.draws, n) << "; hold the field " << b::percentText(odds.fieldHeld, n) << "\n";
    if (n > 0)
        o << "  mean net loss: own " << b::Points6::sixths(odds.ownLoss6 / n).text() << ", enemy "
          << b::Points6::sixths(odds.enemyLoss6 / n).text() << " points\n";
    return o.str();
}

std::string battleOddsJson(const BattleOdds& odds) {
    nlohmann::ordered_json j{{"battle", odds.battle}, {"side", odds.side}, {"computed", odds.computed()}};
    if (!odds.computed()) {
        j["unknownEnemies"] = odds.unknownEnemies;
    } else {
        j["trials"] = odds.trials;
        j["wins"] = odds.wins;
        j["draws"] = odds.draws;
        j["losses"] = odds.trials - odds.wins - odds.draws;
        j["fieldHeld"] = odds.fieldHeld;
        j["ownLoss6"] = odds.ownLoss6;
        j["enemyLoss6"] = odds.enemyLoss6;
    }
    return j.dump(2);
}

}  // namespace etatmajor::view
