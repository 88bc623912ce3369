// SPDX-License-Identifier: GPL-3.0-or-later
// Trial runs, summaries and calibration targets (tactical-resolver.md §5 method).
#include "etatmajor/battle/trials.hpp"

#include "etatmajor/battle/charts.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

namespace etatmajor::battle {

TrialOutcome outcomeOf(const BattleResult& r) {
    TrialOutcome t;
    t.seed = r.seed;
    t.winner = r.verdict.winner;
    t.fieldHolder = r.fieldHolder;
    t.endReason = r.endReason;
    t.turnsFought = r.turnsFought;
    for (int s = 0; s < 2; ++s) {
        const auto& side = r.sides[static_cast<std::size_t>(s)];
        t.netLoss6[static_cast<std::size_t>(s)] = side.ledger.netLoss().inSixths();
        t.start6[static_cast<std::size_t>(s)] = side.ledger.start.inSixths();
        t.brigadesSpent[static_cast<std::size_t>(s)] = static_cast<int>(side.brigadesSpent.size());
        t.menLost[static_cast<std::size_t>(s)] = side.menLost;
    }
    for (const auto& u : r.units) {
        const auto s = static_cast<std::size_t>(u.side);
        t.standsStart[s] += u.standsStart;
        t.menStart[s] += static_cast<std::int64_t>(u.figuresStart) * (u.battery ? charts::kMenPerCrewFigure : charts::kMenPerFigure);
        const bool withdrawn = u.statusEnd == UnitEnd::Withdrawn;
        t.standsLost[s] += u.standsStart - (withdrawn || u.statusEnd == UnitEnd::Effective || u.statusEnd == UnitEnd::ShakenPermanent
                                                ? u.standsEnd
                                                : 0);
        if (withdrawn) t.standsWithdrawn[s] += u.standsEnd;
        if (u.everRouted) ++t.unitsRouted[s];  // by class: filled in by runTrials, which knows the classes
        if (u.battery) t.gunsCapturedFrom[s] += u.gunsCapturedByEnemy;
        // §3.2: 25 men a foot or horse figure, 5 a crew figure (as the engine counts men_lost)
        t.prisoners[s] += static_cast<std::int64_t>(u.figuresSurrendered + u.figuresCaughtRouting) *
                          (u.battery ? charts::kMenPerCrewFigure : charts::kMenPerFigure);
        if (u.statusEnd == UnitEnd::Surrendered || u.statusEnd == UnitEnd::RemovedSpent || u.statusEnd == UnitEnd::Destroyed ||
            u.statusEnd == UnitEnd::Scattered)
            ++t.surrenderedOrRemoved[s];
    }
    t.events = r.events;
    t.rollLogHash = r.rollLogHash;
    return t;
}

std::vector<TrialOutcome> runTrials(const Resolver& resolver, const BattleSetup& setup, std::uint64_t firstSeed, int runs, int threads,
                                    const std::function<bool(int)>& progress) {
    if (runs <= 0) return {};
    threads = std::max(1, std::min(threads, runs));
    // Unit classes by index of the result's unit list (the same for every trial of one set-up).
    std::vector<int> classes;
    std::vector<char> militia;
    const auto trials = resolver.trials(setup);
    {
        const BattleResult probe = trials->fight(firstSeed);
        std::map<std::string, int> byId;
        std::function<void(const FormationSpec&)> walk = [&](const FormationSpec& f) {
            for (const auto& u : f.units) byId[u.id] = u.unitClass + (u.militia ? 100 : 0);
            for (const auto& c : f.children) walk(c);
        };
        for (const auto& s : setup.sides)
            for (const auto& me : s.mes)
                for (const auto& f : me.formations) walk(f);
        for (const auto& u : probe.units) {
            classes.push_back(byId[u.id] % 100);
            militia.push_back(byId[u.id] >= 100 ? 1 : 0);
        }
    }
    std::vector<TrialOutcome> out(static_cast<std::size_t>(runs));
    std::atomic<int> next{0};
    std::atomic<int> done{0};
    std::atomic<bool> cancel{false};
    auto worker = [&] {
        for (;;) {
            if (cancel.load()) return;
            const int k = next.fetch_add(1);
            if (k >= runs) return;
            BattleResult r = trials->outcome(firstSeed + static_cast<std::uint64_t>(k));
            auto events = std::move(r.events);  // moved rather than copied by outcomeOf: r is ours
            TrialOutcome t = outcomeOf(r);
            t.events = std::move(events);
            for (std::size_t i = 0; i < r.units.size() && i < classes.size(); ++i)
                if (r.units[i].everRouted) {
                    ++t.routedByClass[static_cast<std::size_t>(r.units[i].side)][static_cast<std::size_t>(classes[i])];
                    if (militia[i]) ++t.militiaRouted[static_cast<std::size_t>(r.units[i].side)];
                }
            out[static_cast<std::size_t>(k)] = std::move(t);
            done.fetch_add(1);
        }
    };
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i) pool.emplace_back(worker);
    if (progress) {
        // The calling thread reports progress while the workers run; it joins in when asked to run alone.
        if (threads == 1) {
            worker();
            progress(done.load());
        } else {
            while (done.load() < runs && !cancel.load()) {
                if (!progress(done.load())) cancel = true;
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
        }
    } else {
        worker();
    }
    for (auto& t : pool) t.join();
    if (cancel.load()) out.resize(static_cast<std::size_t>(std::min(runs, done.load())));
    return out;
}

std::int64_t quantile(std::vector<std::int64_t> values, int percent) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const std::size_t i = (static_cast<std::size_t>(percent) * (values.size() - 1) + 50) / 100;
    return values[std::min(i, values.size() - 1)];
}

Quartiles quartiles(std::vector<std::int64_t> values) {
    std::sort(values.begin(), values.end());  // once, so that quantile's own sorts find it sorted
    return {quantile(values, 25), quantile(values, 50), quantile(values, 75)};
}

std::int64_t gunsTakenFrom(const TrialOutcome& t, int side) {
    return static_cast<std::int64_t>(t.gunsCapturedFrom[static_cast<std::size_t>(side)]) * charts::kGunsPerGunStand;
}

int historicalFieldHolder(const BattleSetup& setup) {
    for (int s = 0; s < 2; ++s)
        if (const auto& h = setup.historical[static_cast<std::size_t>(s)]; h && h->heldField) return s;
    return kNoSide;
}

int historicalHeavierLoser(const BattleSetup& setup) {
    const auto& a = setup.historical[0];
    const auto& b = setup.historical[1];
    if (!a || !b || !a->menLost || !b->menLost) return kNoSide;
    const int aLow = *a->menLost, aHigh = a->menLostHigh.value_or(aLow);
    const int bLow = *b->menLost, bHigh = b->menLostHigh.value_or(bLow);
    if (aLow > bHigh) return kSideA;
    if (bLow > aHigh) return kSideB;
    return kNoSide;
}

int historicalDecisiveLoser(const BattleSetup& setup) {
    const int holder = historicalFieldHolder(setup);
    if (holder == kNoSide) return kNoSide;
    const int loser = 1 - holder;
    const auto& w = setup.historical[static_cast<std::size_t>(holder)];
    const auto& l = setup.historical[static_cast<std::size_t>(loser)];
    if (!w || !l || !w->menLost || !l->menLost || !l->prisoners) return kNoSide;
    const int winnerHigh = w->menLostHigh.value_or(*w->menLost);
    if (*l->menLost < 2 * winnerHigh || *l->prisoners < kDecisivePrisoners) return kNoSide;
    return loser;
}

namespace {
// A standing check on `side` (against `other`, when given) with its text.
CalibrationTarget standingCheck(const char* id, const char* metric, const std::string& side, const std::string& other,
                                std::string text) {
    CalibrationTarget t;
    t.id = id;
    t.metric = metric;
    t.side = side;
    t.other = other;
    t.standing = true;
    t.text = "standing check: " + std::move(text);
    return t;
}
}  // namespace

std::vector<CalibrationTarget> historicalChecks(const BattleSetup& setup) {
    std::vector<CalibrationTarget> out;
    auto sideId = [&](int s) { return setup.sides[static_cast<std::size_t>(s)].id; };
    if (const int s = historicalFieldHolder(setup); s != kNoSide) {
        auto t = standingCheck("historical-field", "holds_field", sideId(s), "",
                               sideId(s) + ", who held the field in history, holds it in >= " +
                                   std::to_string(kStandingFieldShare / 10) + " % of runs");
        t.min = kStandingFieldShare;
        out.push_back(t);
    }
    if (const int s = historicalHeavierLoser(setup); s != kNoSide) {
        auto t = standingCheck("historical-men", "men_lost_more", sideId(s), sideId(1 - s),
                               sideId(s) + ", who lost more men in history, loses more men than " + sideId(1 - s) +
                                   " in a majority of runs");
        t.majority = true;
        out.push_back(t);
    }
    if (const int s = historicalDecisiveLoser(setup); s != kNoSide) {
        auto t = standingCheck("historical-decisive", "decisive_defeat", sideId(s), sideId(1 - s),
                               sideId(s) + ", beaten decisively in history, is beaten so in a majority of runs (" + sideId(1 - s) +
                                   " holds the field, " + sideId(s) + " loses at least twice its men and " +
                                   std::to_string(kDecisivePrisoners) + " or more as prisoners)");
        t.majority = true;
        out.push_back(t);
    }
    return out;
}

std::string targetBand(const CalibrationTarget& t) {
    if (t.majority) return "> 0.500";
    if (t.min && t.max) return thousandthsText(*t.min) + " to " + thousandthsText(*t.max);
    if (t.min) return ">= " + thousandthsText(*t.min);
    if (t.max) return "<= " + thousandthsText(*t.max);
    return "";
}

std::string thousandthsText(int v) {
    const bool neg = v < 0;
    if (neg) v = -v;
    std::string frac = std::to_string(v % 1000);
    while (frac.size() < 3) frac = "0" + frac;
    return (neg ? "-" : "") + std::to_string(v / 1000) + "." + frac;
}

std::vector<TargetResult> evaluateTargets(const BattleSetup& setup, const std::vector<TrialOutcome>& trials) {
    auto sideIndex = [&](const std::string& id) {
        for (int i = 0; i < 2; ++i)
            if (setup.sides[static_cast<std::size_t>(i)].id == id) return i;
        return kNoSide;
    };
    std::vector<CalibrationTarget> targets = setup.targets;
    for (auto& t : historicalChecks(setup)) targets.push_back(std::move(t));
    std::vector<TargetResult> out;
    for (const auto& t : targets) {
        TargetResult r;
        r.target = t;
        const int s = sideIndex(t.side);
        const int o = t.other.empty() ? (s == kNoSide ? kNoSide : 1 - s) : sideIndex(t.other);
        const int given = t.given.empty() ? kNoSide : sideIndex(t.given);
        std::vector<const TrialOutcome*> runs;
        for (const auto& x : trials)
            if (given == kNoSide || x.fieldHolder == given) runs.push_back(&x);
        r.runsUsed = static_cast<int>(runs.size());
        const auto si = static_cast<std::size_t>(s < 0 ? 0 : s);
        const auto oi = static_cast<std::size_t>(o < 0 ? 0 : o);
        std::int64_t hits = 0;  // runs that count, for the share metrics
        auto share = [&](const std::function<bool(const TrialOutcome&)>& pred) {
            if (runs.empty()) return 0;
            hits = 0;
            for (const auto* x : runs) hits += pred(*x) ? 1 : 0;
            return static_cast<int>(hits * 1000 / static_cast<std::int64_t>(runs.size()));
        };
        const std::string event = t.side.empty() ? t.event : t.side + "." + t.event;
        if (t.metric == "holds_field") r.value = share([&](const TrialOutcome& x) { return x.fieldHolder == s; });
        else if (t.metric == "net_loss_more") r.value = share([&](const TrialOutcome& x) { return x.netLoss6[si] > x.netLoss6[oi]; });
        else if (t.metric == "net_loss_less") r.value = share([&](const TrialOutcome& x) { return x.netLoss6[si] < x.netLoss6[oi]; });
        else if (t.metric == "men_lost_more") r.value = share([&](const TrialOutcome& x) { return x.menLost[si] > x.menLost[oi]; });
        else if (t.metric == "decisive_defeat")
            r.value = share([&](const TrialOutcome& x) {
                return x.fieldHolder == o && x.menLost[si] >= 2 * x.menLost[oi] && x.prisoners[si] >= kDecisivePrisoners;
            });
        else if (t.metric == "wins") r.value = share([&](const TrialOutcome& x) { return x.winner == s; });
        else if (t.metric == "median_stand_ratio") {
            std::vector<std::int64_t> ratios;
            for (const auto* x : runs) {
                const std::int64_t a = x->standsLost[si], b = x->standsLost[oi];
                ratios.push_back(b == 0 ? (a == 0 ? 1000 : 99000) : a * 1000 / b);
            }
            r.value = static_cast<int>(quantile(ratios, 50));
        } else if (t.metric == "median_net_loss_share") {
            std::vector<std::int64_t> v;
            for (const auto* x : runs) v.push_back(x->start6[si] > 0 ? x->netLoss6[si] * 1000 / x->start6[si] : 0);
            r.value = static_cast<int>(quantile(v, 50));
        } else if (t.metric == "units_routed_at_least") {
            r.value = share([&](const TrialOutcome& x) {
                const int n = t.unitClass > 0 ? x.routedByClass[si][static_cast<std::size_t>(t.unitClass)] : x.unitsRouted[si];
                return n >= t.count;
            });
        } else if (t.metric == "militia_routed_at_least") {
            r.value = share([&](const TrialOutcome& x) { return x.militiaRouted[si] >= t.count; });
        } else if (t.metric == "guns_captured_at_least") {
            r.value = share([&](const TrialOutcome& x) { return x.gunsCapturedFrom[si] >= t.count; });
        } else if (t.metric == "guns_not_captured") {
            r.value = share([&](const TrialOutcome& x) { return x.gunsCapturedFrom[si] == 0; });
        } else if (t.metric == "brigades_spent_at_least") {
            r.value = share([&](const TrialOutcome& x) { return x.brigadesSpent[si] >= t.count; });
        } else if (t.metric == "units_lost_at_least") {
            r.value = share([&](const TrialOutcome& x) { return x.surrenderedOrRemoved[si] >= t.count; });
        } else if (t.metric == "withdrawn_share_at_least") {
            r.value = share([&](const TrialOutcome& x) { return x.standsWithdrawn[si] * 100 >= t.count * x.standsStart[si]; });
        } else if (t.metric == "event_at_least") {
            r.value = share([&](const TrialOutcome& x) {
                const auto it = x.events.find(event);
                return it != x.events.end() && it->second >= t.count;
            });
        } else if (t.metric == "flank_march_engaged") {
            // a flank attack by the side, or a refused flank by its enemy
            const std::string other = setup.sides[oi].id;
            r.value = share([&](const TrialOutcome& x) {
                const auto a = x.events.find(t.side + ".flank_attacks");
                const auto b = x.events.find(other + ".refused_flank");
                return (a != x.events.end() && a->second > 0) || (b != x.events.end() && b->second > 0);
            });
        } else if (t.metric == "withdraws") {
            r.value = share([&](const TrialOutcome& x) {
                const auto it = x.events.find(t.side + ".withdrew");
                return it != x.events.end() && it->second > 0;
            });
        }
        if (t.majority) r.met = hits * 2 > static_cast<std::int64_t>(runs.size());
        else r.met = (!t.min || r.value >= *t.min) && (!t.max || r.value <= *t.max);
        out.push_back(r);
    }
    return out;
}

}  // namespace etatmajor::battle
