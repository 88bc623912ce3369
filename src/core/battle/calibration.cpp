// SPDX-License-Identifier: GPL-3.0-or-later
// Reports on seeded trials: `battle simulate` and `battle calibrate` (tactical-resolver.md §5 method).
#include "etatmajor/battle/calibration.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace etatmajor::battle {

std::string percentText(std::int64_t n, std::int64_t d) {
    if (d <= 0) return "-";
    const std::int64_t tenths = (n * 1000 + d / 2) / d;
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + "%";
}

std::string pointsApproxText(std::int64_t sixths) {
    const std::int64_t tenths = (sixths * 10 + (sixths >= 0 ? 3 : -3)) / 6;  // rounded to the nearest tenth
    const std::int64_t whole = tenths / 10, frac = (tenths < 0 ? -tenths : tenths) % 10;
    std::string out = (tenths < 0 && whole == 0 ? "-" : "") + std::to_string(whole);
    if (frac != 0) out += "." + std::to_string(frac);
    return out;
}

namespace {

double pointsNumber(std::int64_t sixths) {
    const std::int64_t tenths = (sixths * 10 + (sixths >= 0 ? 3 : -3)) / 6;
    return static_cast<double>(tenths) / 10.0;
}

// The per-side and per-battle lists a report is built from, gathered once from the trials.
struct Tally {
    std::int64_t runs = 0;
    std::int64_t wins[3] = {0, 0, 0};   // side A, side B, draw
    std::int64_t holds[3] = {0, 0, 0};  // side A, side B, neither
    std::map<std::string, std::int64_t> ends;
    std::vector<std::int64_t> margin, turns;
    std::vector<std::int64_t> net[2], stands[2], routed[2], men[2], prisoners[2], guns[2], brought[2], share[2];

    explicit Tally(const std::vector<TrialOutcome>& trials) {
        runs = static_cast<std::int64_t>(trials.size());
        for (const auto& t : trials) {
            ++wins[t.winner == kNoSide ? 2 : t.winner];
            ++holds[t.fieldHolder == kNoSide ? 2 : t.fieldHolder];
            ++ends[std::string(endReasonName(t.endReason))];
            margin.push_back(t.netLoss6[1] - t.netLoss6[0]);
            turns.push_back(t.turnsFought);
            for (int s = 0; s < 2; ++s) {
                const auto i = static_cast<std::size_t>(s);
                net[s].push_back(t.netLoss6[i]);
                stands[s].push_back(t.standsLost[i]);
                routed[s].push_back(t.unitsRouted[i]);
                men[s].push_back(t.menLost[i]);
                brought[s].push_back(t.menStart[i]);
                share[s].push_back(t.menStart[i] > 0 ? (t.menLost[i] * 1000 + t.menStart[i] / 2) / t.menStart[i] : 0);  // permille
                prisoners[s].push_back(t.prisoners[i]);
                guns[s].push_back(gunsTakenFrom(t, s));
            }
        }
    }
};

nlohmann::ordered_json quartilesJson(const std::vector<std::int64_t>& v, bool points) {
    const auto q = quartiles(v);
    auto f = [&](std::int64_t x) { return points ? nlohmann::ordered_json(pointsNumber(x)) : nlohmann::ordered_json(x); };
    return nlohmann::ordered_json{{"q1", f(q.q1)}, {"median", f(q.median)}, {"q3", f(q.q3)}};
}

// "350 (300 / 400)": a median with its quartiles.
std::string quartilesText(const std::vector<std::int64_t>& v, const char* sep = " / ") {
    const auto q = quartiles(v);
    return std::to_string(q.median) + " (" + std::to_string(q.q1) + sep + std::to_string(q.q3) + ")";
}
std::string pointsQuartilesText(const std::vector<std::int64_t>& v, const char* sep) {
    const auto q = quartiles(v);
    return pointsApproxText(q.median) + " (" + pointsApproxText(q.q1) + sep + pointsApproxText(q.q3) + ")";
}

// A historical figure or range: "324", "1000–2000"; `none` when the sources give none.
std::string rangeText(const std::optional<int>& low, const std::optional<int>& high, const std::string& none,
                      const std::string& dash) {
    if (!low) return none;
    if (high && *high != *low) return std::to_string(*low) + dash + std::to_string(*high);
    return std::to_string(*low);
}

// Per mille as a whole percentage, rounded: 283 -> 28.
std::int64_t wholePercent(std::int64_t permille) { return (permille + 5) / 10; }
// Per mille as a whole percentage: 283 -> "28 %".
std::string permilleText(std::int64_t permille) { return std::to_string(wholePercent(permille)) + " %"; }

// "28 % (20–37 %)": the simulated share of its men a side lost, median and quartiles.
std::string shareQuartilesText(const std::vector<std::int64_t>& v) {
    const auto q = quartiles(v);
    return permilleText(q.median) + " (" + std::to_string(wholePercent(q.q1)) + "–" + permilleText(q.q3) + ")";
}

// The share of its men a side lost in history, from its strength and losses: "28 %", or a range from the lowest
// losses over the highest strength to the highest losses over the lowest strength; `none` without both figures.
std::string historicalShareText(const std::optional<HistoricalFigures>& h, const std::string& none) {
    if (!h || !h->strength || !h->menLost || *h->strength <= 0) return none;
    const std::int64_t strongest = h->strengthHigh.value_or(*h->strength);
    const std::int64_t low = (static_cast<std::int64_t>(*h->menLost) * 1000 + strongest / 2) / strongest;
    const std::int64_t high = (static_cast<std::int64_t>(h->menLostHigh.value_or(*h->menLost)) * 1000 + *h->strength / 2) /
                              *h->strength;
    if (wholePercent(low) == wholePercent(high)) return permilleText(low);
    return std::to_string(wholePercent(low)) + "–" + permilleText(high);
}

// The history text of a file on one line (files wrap it with indentation).
std::string oneLine(const std::string& text) {
    std::string out;
    bool space = false;
    for (const char ch : text) {
        if (ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += ch;
    }
    return out;
}

struct Verdict {
    std::vector<TargetResult> results;
    int met = 0, standing = 0, standingMet = 0;
};
Verdict verdictOf(const CalibratedBattle& b) {
    Verdict v;
    v.results = evaluateTargets(b.setup, b.trials);
    for (const auto& r : v.results) {
        v.met += r.met ? 1 : 0;
        if (r.target.standing) {
            ++v.standing;
            v.standingMet += r.met ? 1 : 0;
        }
    }
    return v;
}

// Why a battle has no standing check on men lost, or "" when it has one.
std::string noMenCheckReason(const BattleSetup& setup) {
    if (historicalHeavierLoser(setup) != kNoSide) return "";
    for (const auto& h : setup.historical)
        if (!h || !h->menLost) return "the historical figures do not give both sides' losses";
    return "the two sides' historical figures are equal or overlap, so they do not say which side lost more";
}

std::string resultLine(const TargetResult& r) {
    std::string line = r.target.text + ": " + thousandthsText(r.value);
    if (!r.target.given.empty()) line += " (" + std::to_string(r.runsUsed) + " runs)";
    return line;
}

// The scenario parameters a battle sets on top of the shared set: its canonical lines the shared set lacks.
std::vector<std::string> scenarioParams(const Params& battle, const Params& shared) {
    std::set<std::string> base;
    std::istringstream a(shared.canonicalText());
    for (std::string l; std::getline(a, l);) base.insert(l);
    std::vector<std::string> out;
    std::istringstream b(battle.canonicalText());
    for (std::string l; std::getline(b, l);)
        if (!base.count(l)) out.push_back(l);
    return out;
}

}  // namespace

TrialSummary summariseTrials(const BattleSetup& setup, const std::vector<TrialOutcome>& trials, std::uint64_t firstSeed) {
    const Tally t(trials);
    const std::int64_t n = t.runs;
    const std::string ida = setup.sides[0].id, idb = setup.sides[1].id;
    nlohmann::ordered_json j;
    j["battle"] = setup.id;
    j["runs"] = n;
    j["first_seed"] = firstSeed;
    j["winner"] = {{ida, t.wins[0]}, {idb, t.wins[1]}, {"DRAW", t.wins[2]}};
    j["field_holder"] = {{ida, t.holds[0]}, {idb, t.holds[1]}, {"NONE", t.holds[2]}};
    nlohmann::ordered_json e = nlohmann::ordered_json::object();
    for (const auto& [k, v] : t.ends) e[k] = v;
    j["end_reason"] = e;
    j["margin_points"] = quartilesJson(t.margin, true);
    j["margin_points"]["favours"] = ida + " when positive";
    nlohmann::ordered_json sides = nlohmann::ordered_json::array();
    for (int s = 0; s < 2; ++s) {
        sides.push_back({{"id", setup.sides[static_cast<std::size_t>(s)].id},
                         {"net_loss_points", quartilesJson(t.net[s], true)},
                         {"stands_lost", quartilesJson(t.stands[s], false)},
                         {"units_routed", quartilesJson(t.routed[s], false)},
                         {"men_brought", quantile(t.brought[s], 50)},
                         {"men_lost", quartilesJson(t.men[s], false)},
                         {"men_lost_permille", quartilesJson(t.share[s], false)},
                         {"prisoners", quartilesJson(t.prisoners[s], false)},
                         {"guns_taken_by_enemy", quartilesJson(t.guns[s], false)}});
    }
    j["sides"] = sides;
    j["turns_fought"] = quartilesJson(t.turns, false);

    std::ostringstream o;
    o << setup.name << ": " << n << " trials, seeds " << firstSeed << ".." << firstSeed + static_cast<std::uint64_t>(n) - 1 << "\n";
    o << "  winner (smaller net loss): " << ida << " " << percentText(t.wins[0], n) << ", " << idb << " " << percentText(t.wins[1], n)
      << ", draw " << percentText(t.wins[2], n) << "\n";
    o << "  holds the field:           " << ida << " " << percentText(t.holds[0], n) << ", " << idb << " "
      << percentText(t.holds[1], n) << ", neither " << percentText(t.holds[2], n) << "\n";
    o << "  end of the battle:        ";
    for (const auto& [k, v] : t.ends) o << " " << k << " " << percentText(v, n);
    o << "\n";
    const auto m = quartiles(t.margin);
    o << "  margin (" << idb << " net loss - " << ida << " net loss, points): median " << pointsApproxText(m.median) << ", quartiles "
      << pointsApproxText(m.q1) << " / " << pointsApproxText(m.q3) << "\n";
    for (int s = 0; s < 2; ++s) {
        const auto& id = setup.sides[static_cast<std::size_t>(s)].id;
        const auto net = quartiles(t.net[s]);
        o << "  " << id << ": net loss median " << pointsApproxText(net.median) << " (quartiles " << pointsApproxText(net.q1) << " / "
          << pointsApproxText(net.q3) << "); stands lost median " << quartilesText(t.stands[s]) << "; units routed median "
          << quartilesText(t.routed[s]) << "\n";
        o << "  " << id << ": men lost median " << quartilesText(t.men[s]) << " of " << quantile(t.brought[s], 50) << " brought ("
          << shareQuartilesText(t.share[s]) << "), of them prisoners median " << quartilesText(t.prisoners[s])
          << "; guns taken by the enemy median " << quartilesText(t.guns[s]) << "\n";
    }
    o << "  turns fought: median " << quantile(t.turns, 50) << "\n";
    return {j.dump(2), o.str()};
}

std::string calibrationLines(const CalibratedBattle& b) {
    const auto& setup = b.setup;
    const Tally t(b.trials);
    const auto v = verdictOf(b);
    const std::int64_t n = t.runs;
    std::ostringstream o;
    o << setup.name << ": " << v.met << " of " << v.results.size() << " targets met";
    if (v.standing > 0) o << " (standing checks: " << v.standingMet << " of " << v.standing << ")";
    o << "\n";
    const int heldField = historicalFieldHolder(setup);
    o << "  holds the field: ";
    for (int s = 0; s < 2; ++s) o << setup.sides[static_cast<std::size_t>(s)].id << " " << percentText(t.holds[s], n) << ", ";
    o << "neither " << percentText(t.holds[2], n) << "; in history "
      << (heldField == kNoSide ? std::string("not given") : setup.sides[static_cast<std::size_t>(heldField)].id) << "\n";
    o << "  winner on net loss: ";
    for (int s = 0; s < 2; ++s) o << setup.sides[static_cast<std::size_t>(s)].id << " " << percentText(t.wins[s], n) << ", ";
    o << "draw " << percentText(t.wins[2], n) << "\n";
    for (int s = 0; s < 2; ++s) {
        const auto& h = setup.historical[static_cast<std::size_t>(s)];
        const std::string none = "not given";
        o << "  " << setup.sides[static_cast<std::size_t>(s)].id << ": men lost median " << quartilesText(t.men[s]) << ", history "
          << (h ? rangeText(h->menLost, h->menLostHigh, none, "-") : none) << "; share of the men brought median "
          << permilleText(quantile(t.share[s], 50)) << ", history " << historicalShareText(h, none) << "; prisoners median "
          << quartilesText(t.prisoners[s]) << ", history " << (h ? rangeText(h->prisoners, h->prisonersHigh, none, "-") : none)
          << "; guns taken by the enemy median " << quantile(t.guns[s], 50) << ", history "
          << (h ? rangeText(h->guns, std::nullopt, none, "-") : none) << "\n";
    }
    for (const auto& r : v.results) o << "  " << (r.met ? "[met]  " : "[MISS] ") << resultLine(r) << "\n";
    if (const auto why = noMenCheckReason(setup); !why.empty() && (setup.historical[0] || setup.historical[1]))
        o << "  (no standing check on men lost: " << why << ")\n";
    return o.str();
}

std::string calibrationMarkdown(const std::vector<CalibratedBattle>& battles, int runs, std::uint64_t firstSeed,
                                const std::string& command, const Params& shared) {
    // Every figure below comes from the trials, the battle files or the parameters: nothing is written by hand.
    const int fieldShare = kStandingFieldShare / 10;                                               // percent
    const long stdErr = std::lround(500.0 / std::sqrt(static_cast<double>(runs > 0 ? runs : 1)));  // thousandths
    std::ostringstream head, table, body;
    int met = 0, total = 0, standing = 0, standingMet = 0;
    table << "| Battle | Targets met | Holds the field (history) | Winner on net loss | Men lost, median (history) | "
             "Share of the men brought lost, median (history) | Prisoners, median (history) |\n";
    table << "|---|---|---|---|---|---|---|\n";
    for (const auto& b : battles) {
        const auto& setup = b.setup;
        const Tally t(b.trials);
        const auto v = verdictOf(b);
        const std::int64_t n = t.runs;
        met += v.met;
        total += static_cast<int>(v.results.size());
        standing += v.standing;
        standingMet += v.standingMet;
        const int heldField = historicalFieldHolder(setup);
        const std::string none = "not given";
        auto id = [&](int s) { return setup.sides[static_cast<std::size_t>(s)].id; };
        auto hist = [&](int s) -> const std::optional<HistoricalFigures>& { return setup.historical[static_cast<std::size_t>(s)]; };
        auto histMen = [&](int s) { return hist(s) ? rangeText(hist(s)->menLost, hist(s)->menLostHigh, none, "–") : none; };
        auto histPrisoners = [&](int s) { return hist(s) ? rangeText(hist(s)->prisoners, hist(s)->prisonersHigh, none, "–") : none; };
        auto histGuns = [&](int s) { return hist(s) ? rangeText(hist(s)->guns, std::nullopt, none, "–") : none; };

        table << "| " << setup.name << " | " << v.met << " of " << v.results.size() << " | " << id(0) << " "
              << percentText(t.holds[0], n) << ", " << id(1) << " " << percentText(t.holds[1], n) << " ("
              << (heldField == kNoSide ? none : id(heldField)) << ") | " << id(0) << " " << percentText(t.wins[0], n) << ", " << id(1)
              << " " << percentText(t.wins[1], n) << " | " << id(0) << " " << quantile(t.men[0], 50) << " (" << histMen(0) << "), "
              << id(1) << " " << quantile(t.men[1], 50) << " (" << histMen(1) << ") | " << id(0) << " "
              << permilleText(quantile(t.share[0], 50)) << " (" << historicalShareText(hist(0), none) << "), " << id(1) << " "
              << permilleText(quantile(t.share[1], 50)) << " (" << historicalShareText(hist(1), none) << ") | " << id(0) << " "
              << quantile(t.prisoners[0], 50) << " (" << histPrisoners(0) << "), " << id(1) << " " << quantile(t.prisoners[1], 50)
              << " (" << histPrisoners(1) << ") |\n";

        body << "\n## " << setup.name << (setup.date.empty() ? "" : " (" + setup.date + ")") << "\n\n";
        if (!setup.history.empty()) body << "*Historical outcome.* " << oneLine(setup.history) << "\n\n";
        body << "*Simulated:* " << n << " runs. Neither side holds the field in " << percentText(t.holds[2], n) << " of them; "
             << percentText(t.wins[2], n) << " are drawn on net loss.\n\n";
        body << "| | " << id(0) << ", simulated | " << id(0) << ", history | " << id(1) << ", simulated | " << id(1)
             << ", history |\n|---|---|---|---|---|\n";
        auto held = [&](int s) { return heldField == kNoSide ? none : (heldField == s ? "yes" : "no"); };
        body << "| Holds the field | " << percentText(t.holds[0], n) << " | " << held(0) << " | " << percentText(t.holds[1], n)
             << " | " << held(1) << " |\n";
        body << "| Wins on net loss | " << percentText(t.wins[0], n) << " | | " << percentText(t.wins[1], n) << " | |\n";
        body << "| Net loss, points | " << pointsQuartilesText(t.net[0], "–") << " | | " << pointsQuartilesText(t.net[1], "–")
             << " | |\n";
        body << "| Stands lost | " << quartilesText(t.stands[0], "–") << " | | " << quartilesText(t.stands[1], "–") << " | |\n";
        auto histStrength = [&](int s) { return hist(s) ? rangeText(hist(s)->strength, hist(s)->strengthHigh, none, "–") : none; };
        body << "| Men brought | " << quantile(t.brought[0], 50) << " | " << histStrength(0) << " | " << quantile(t.brought[1], 50)
             << " | " << histStrength(1) << " |\n";
        body << "| Men lost | " << quartilesText(t.men[0], "–") << " | " << histMen(0) << " | " << quartilesText(t.men[1], "–")
             << " | " << histMen(1) << " |\n";
        body << "| Share of the men brought lost | " << shareQuartilesText(t.share[0]) << " | " << historicalShareText(hist(0), none)
             << " | " << shareQuartilesText(t.share[1]) << " | " << historicalShareText(hist(1), none) << " |\n";
        body << "| Prisoners | " << quartilesText(t.prisoners[0], "–") << " | " << histPrisoners(0) << " | "
             << quartilesText(t.prisoners[1], "–") << " | " << histPrisoners(1) << " |\n";
        body << "| Guns taken by the enemy | " << quartilesText(t.guns[0], "–") << " | " << histGuns(0) << " | "
             << quartilesText(t.guns[1], "–") << " | " << histGuns(1) << " |\n\n";
        std::string sources;
        if (hist(0) && hist(1) && hist(0)->source == hist(1)->source) sources = hist(0)->source;
        else
            for (int s = 0; s < 2; ++s)
                if (hist(s)) sources += (sources.empty() ? "" : "; ") + id(s) + ": " + hist(s)->source;
        body << "Historical figures: " << (sources.empty() ? "none given" : sources) << ".\n";
        const auto own = scenarioParams(setup.params, shared);
        if (!own.empty()) {
            body << "Scenario parameters of this battle:";
            for (std::size_t i = 0; i < own.size(); ++i) body << (i ? ", `" : " `") << own[i] << "`";
            body << ".\n";
        }
        if (const auto why = noMenCheckReason(setup); !why.empty() && (hist(0) || hist(1)))
            body << "No standing check on men lost: " << why << ".\n";
        body << "\n| Target | Band | Simulated | Met |\n|---|---|---|---|\n";
        for (const auto& r : v.results) {
            body << "| " << r.target.text << " | " << targetBand(r.target) << " | " << thousandthsText(r.value);
            if (!r.target.given.empty()) body << " (" << r.runsUsed << " runs)";
            body << " | " << (r.met ? "yes" : "**no**") << " |\n";
        }
    }

    head << "# Calibration of the tactical resolver\n\n";
    head << "This file is written whole by `etatmajor-cli battle calibrate`; do not edit it by hand. A test runs the "
            "command below again and fails when its output differs from this file, so after any change to the "
            "resolver, its parameters or a battle file, regenerate it from the source directory with:\n\n";
    head << "```\n" << command << "\n```\n\n";
    head << "tactical-resolver.md §5 sets up each historical battle of the rulebook and reads targets from what "
            "happened. The battles are files in `campaigns/battles/` (docs/formats/battle.md); each carries its "
            "targets and, in `<historical>` elements, what the sources say each side lost and which side held the "
            "field. The command fights every battle many times, trial k with seed S + k, and compares the outcomes "
            "with both. `etatmajor-cli battle narrate --oob FILE --seed N` replays any one run.\n\n";
    head << "Beside its own targets, every battle gets up to three standing checks derived from its historical "
            "figures: the side that held the field must hold it in at least "
         << fieldShare
         << " % of the runs; the side that lost more men must lose more men than its enemy in more than half of "
            "them; and a side beaten decisively must be beaten so in more than half of them. The second is judged "
            "only where the sources agree which side lost more, that is where one side's lowest figure is above the "
            "other's highest. The third is judged where the side that lost the field lost, by the sources' lowest "
            "figures, at least twice the men of the other's highest and "
         << kDecisivePrisoners
         << " or more as prisoners; a run is decisive when the other side holds the field and the beaten side loses "
            "at least twice its men, "
         << kDecisivePrisoners << " or more of them taken.\n\n";
    head << "Men lost are the resolver's `men_lost` (tactical-resolver.md §3.2): every figure killed, wounded, "
            "dispersed, taken, massacred or scattered, at 25 men a foot or horse figure and 5 a gun-crew figure "
            "(§1.1), as the historical counts take in killed, wounded, missing and captured. Prisoners are the men "
            "of a side's units that surrendered (captured generals are left out). Guns are real guns, two to a gun "
            "model; battalion guns are not counted. A simulated figure is the median over the runs with its "
            "quartiles in parentheses; a historical one is given as the sources give it, a range where they "
            "disagree.\n\n";
    head << "The men a side brings are its figures at the start, counted the same way. The rules' scenarios draw "
            "their armies in stands at scales of their own, so these are not always the numbers the sources give for "
            "the battle (the `strength` of a `<historical>` element): where the two differ, the share of the men "
            "brought that a side lost, set beside the share history gives (the sources' losses over their strength, "
            "a range where either is one), compares the battle as fought with the battle as simulated better than "
            "the men lost alone.\n\n";
    head << "A share is judged on the runs shown. With " << runs << " runs a share near one half has a standard error "
         << "of about " << thousandthsText(static_cast<int>(stdErr))
         << ", so a value within twice that of a band edge decides nothing either way.\n\n";
    head << "## Summary\n\n";
    head << runs << " runs per battle, seeds " << firstSeed << ".." << firstSeed + static_cast<std::uint64_t>(runs) - 1
         << ". Targets met: " << met << " of " << total << " (the battle files' own: " << met - standingMet << " of "
         << total - standing << "; standing checks: " << standingMet << " of " << standing << ").\n\n";
    head << "Every battle starts from this parameter set (tactical-resolver.md §2.23, with the changes recorded in "
            "rules-mapping-battle.md), params_hash "
         << hex64(shared.hash())
         << ". It is shown as its canonical text (§3.1), which leaves out the later two-valued keys while they are at "
            "their defaults. A battle's own scenario parameters are listed in its section.\n\n";
    head << "```\n" << shared.canonicalText() << "```\n\n";
    head << "In the table, a figure in parentheses is the historical one.\n\n";
    return head.str() + table.str() + body.str();
}

}  // namespace etatmajor::battle
