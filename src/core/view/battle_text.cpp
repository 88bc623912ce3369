// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/view/battle_text.hpp"

#include "etatmajor/battle/calibration.hpp"
#include "etatmajor/battle/resolver.hpp"
#include "etatmajor/battle/trials.hpp"
#include "etatmajor/core/text.hpp"
#include "engine/battles_db.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <sstream>
#include <string_view>

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
    if (!u.inFilesOf.empty()) o << ", in the files of " << u.inFilesOf;
    return o.str();
}

void formationText(std::ostream& o, const b::FormationSpec& f, int indent) {
    const std::string pad(static_cast<std::size_t>(indent), ' ');
    o << pad << f.name;
    if (f.general) o << " - " << f.general->name << " (" << campaign::ratingName(f.general->rating) << ")";
    if (f.slot == b::Slot::Reserve) o << " [reserve]";
    if (!f.inFilesOf.empty()) o << " [in the files of " << f.inFilesOf << "]";
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

std::optional<OddsAssumption> parseAssumption(const std::string& text, core::IssueList& issues) {
    const auto trim = [](std::string_view v) {
        while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
        while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
        return std::string(v);
    };
    const std::string quoted = "'" + core::shorten(text) + "'";
    // The counter's label may hold anything but the last '='; the kinds hold no ':' or ','.
    const auto eq = text.rfind('=');
    if (eq == std::string::npos || trim(std::string_view(text).substr(0, eq)).empty()) {
        issues.error("ODDS-ASSUME", quoted + ": write COUNTER=KIND:N,KIND:N (the enemy counter, then what you believe it holds)");
        return std::nullopt;
    }
    OddsAssumption a;
    a.counter = trim(std::string_view(text).substr(0, eq));
    bool ok = true;
    std::string_view rest = std::string_view(text).substr(eq + 1);
    if (trim(rest).empty()) {
        issues.error("ODDS-ASSUME", quoted + ": no KIND:N after '='");
        return std::nullopt;
    }
    while (true) {
        const auto comma = rest.find(',');
        const std::string item = trim(rest.substr(0, comma));
        const auto colon = item.rfind(':');
        const std::string count = colon == std::string::npos ? std::string() : trim(std::string_view(item).substr(colon + 1));
        int n = 0;
        const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
        if (colon == std::string::npos) {
            issues.error("ODDS-ASSUME", quoted + ": '" + core::shorten(item) + "' is not KIND:N");
            ok = false;
        } else if (count.empty() || ec != std::errc() || end != count.data() + count.size()) {
            issues.error("ODDS-ASSUME", quoted + ": the count '" + core::shorten(count) + "' of '" +
                                            core::shorten(trim(std::string_view(item).substr(0, colon))) + "' is not a whole number");
            ok = false;
        } else {
            a.units.push_back({trim(std::string_view(item).substr(0, colon)), n});
        }
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    if (!ok) return std::nullopt;
    return a;
}

core::IssueList checkAssumptions(const std::vector<OddsAssumption>& assumptions, const std::vector<std::string>& enemies) {
    core::IssueList issues;
    const auto list = [](const std::vector<std::string>& v) {
        std::string out;
        for (const auto& x : v) out += (out.empty() ? "" : ", ") + x;
        return out;
    };
    std::vector<std::string> seen;
    for (const auto& a : assumptions) {
        const std::string counter = "'" + core::shorten(a.counter) + "'";
        if (std::find(enemies.begin(), enemies.end(), a.counter) == enemies.end())
            issues.error("ODDS-ASSUME", "the battle has no enemy counter " + counter +
                                            "; its enemy counters: " + (enemies.empty() ? std::string("none") : list(enemies)));
        else if (std::find(seen.begin(), seen.end(), a.counter) != seen.end())
            issues.error("ODDS-ASSUME", counter + " is assumed twice: give each counter one assumption");
        seen.push_back(a.counter);
        if (a.units.empty()) issues.error("ODDS-ASSUME", counter + ": the assumption holds no units");
        for (const auto& u : a.units) {
            const auto& kinds = engine::assumableKinds();
            if (std::find(kinds.begin(), kinds.end(), u.kind) == kinds.end())
                issues.error("ODDS-ASSUME", counter + ": unknown kind '" + core::shorten(u.kind) + "'; the kinds: " + list(kinds));
            if (u.count < 1 || u.count > kMaxAssumed)
                issues.error("ODDS-ASSUME", counter + ": the count of " + core::shorten(u.kind) + " must be from 1 to " +
                                                std::to_string(kMaxAssumed) + ", not " + std::to_string(u.count));
        }
    }
    return issues;
}

std::string assumptionText(const OddsAssumption& a) {
    std::string out;
    for (const auto& u : a.units) out += (out.empty() ? "" : ", ") + std::to_string(u.count) + " " + u.kind;
    return out;
}

// Odds are computed only from what the side knows: its own forces, the enemy as its latest intelligence reports
// describe it, and, for a counter no report describes, what the side states it believes (its assumption). Without
// either on every enemy ME there are no odds, rather than a guess or a peek.
OddsPlan oddsPlan(db::CampaignStore& store, const std::string& side, int id, const std::vector<OddsAssumption>& assumptions) {
    OddsPlan plan;
    plan.battle = id;
    plan.side = side;
    const auto rec = engine::findBattle(store, id);
    if (!rec) return plan;
    auto picture = engine::sidePicture(store, id, side, assumptions);
    plan.enemies = picture.enemies;
    plan.issues = checkAssumptions(assumptions, picture.enemies);
    if (plan.issues.hasErrors()) return plan;
    plan.setup = std::move(picture.setup);
    plan.unknownEnemies = picture.missing;
    plan.setAside = picture.setAside;
    for (const auto& name : picture.assumed)
        for (const auto& a : assumptions)
            if (a.counter == name) plan.assumed.push_back(a);
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
    odds.assumed = plan.assumed;
    odds.setAside = plan.setAside;
    odds.issues = plan.issues;
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

BattleOdds battleOdds(db::CampaignStore& store, const std::string& side, int id, int runs, int threads,
                      const std::vector<OddsAssumption>& assumptions) {
    return fightOdds(oddsPlan(store, side, id, assumptions), runs, threads);
}

std::string battleOddsText(const BattleOdds& odds) {
    std::ostringstream o;
    if (odds.issues.hasErrors()) {
        o << "the odds cannot be computed: the assumptions are refused\n";
        for (const auto& i : odds.issues.items()) o << "  " << i.message << "\n";
        return o.str();
    }
    if (!odds.computed()) {
        std::string names;
        for (const auto& m : odds.unknownEnemies) names += (names.empty() ? "" : ", ") + m;
        o << "the odds cannot be computed: " << odds.side << " knows the enemy counters " << names
          << " but no report has told it what they contain (scout them first, or state what you believe they hold)\n";
        return o.str();
    }
    const auto n = odds.trials;
    o << "battle " << odds.battle << ", as " << odds.side << " sees it (" << n << " trials"
      << (odds.cancelled() ? " of " + std::to_string(odds.runs) + ", cancelled" : std::string())
      << (odds.assumed.empty() ? ", the enemy as reported" : ", the enemy as reported and as you assume it") << "):\n";
    o << "  win " << b::percentText(odds.wins, n) << ", draw " << b::percentText(odds.draws, n) << ", lose "
      << b::percentText(n - odds.wins - odds.draws, n) << "; hold the field " << b::percentText(odds.fieldHeld, n) << "\n";
    if (n > 0)
        o << "  mean net loss: own " << b::Points6::sixths(odds.ownLoss6 / n).text() << ", enemy "
          << b::Points6::sixths(odds.enemyLoss6 / n).text() << " points\n";
    // Plainly which counters are pictured on the side's word alone, not on a report.
    for (const auto& a : odds.assumed) o << "  on your assumption: " << a.counter << " (" << assumptionText(a) << ")\n";
    for (const auto& m : odds.setAside) o << "  your assumption on " << m << " is set aside: a report describes it\n";
    return o.str();
}

std::string battleOddsJson(const BattleOdds& odds) {
    nlohmann::ordered_json j{{"battle", odds.battle}, {"side", odds.side}, {"computed", odds.computed()}};
    if (odds.issues.hasErrors()) {
        j["errors"] = nlohmann::ordered_json::array();
        for (const auto& i : odds.issues.items()) j["errors"].push_back({{"code", i.code}, {"message", i.message}});
    } else if (!odds.computed()) {
        j["unknownEnemies"] = odds.unknownEnemies;
    } else {
        j["trials"] = odds.trials;
        j["wins"] = odds.wins;
        j["draws"] = odds.draws;
        j["losses"] = odds.trials - odds.wins - odds.draws;
        j["fieldHeld"] = odds.fieldHeld;
        j["ownLoss6"] = odds.ownLoss6;
        j["enemyLoss6"] = odds.enemyLoss6;
        j["assumed"] = nlohmann::ordered_json::array();
        for (const auto& a : odds.assumed) {
            nlohmann::ordered_json units = nlohmann::ordered_json::array();
            for (const auto& u : a.units) units.push_back({{"kind", u.kind}, {"count", u.count}});
            j["assumed"].push_back({{"counter", a.counter}, {"units", units}});
        }
        j["setAside"] = odds.setAside;
    }
    return j.dump(2);
}

}  // namespace etatmajor::view
