// SPDX-License-Identifier: GPL-3.0-or-later
#include "knowledge.hpp"

#include "etatmajor/campaign/state.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_store.hpp"
#include "engine/after_battle_db.hpp"
#include "engine/supply_orders_db.hpp"
#include "etatmajor/engine/grant.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/loc.hpp"
#include "etatmajor/rules/victory.hpp"
#include "etatmajor/view/side_view.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>

namespace etatmajor::audit {

namespace {

bool identChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; }

// `text` holds `word` at `pos` with no identifier character on either side.
bool wholeWordAt(const std::string& text, std::size_t pos, std::size_t length) {
    return (pos == 0 || !identChar(text[pos - 1])) && (pos + length >= text.size() || !identChar(text[pos + length]));
}

bool containsWord(const std::string& text, const std::string& word) {
    for (std::size_t pos = text.find(word); pos != std::string::npos; pos = text.find(word, pos + 1))
        if (wholeWordAt(text, pos, word.size())) return true;
    return false;
}

std::string lineAround(const std::string& text, std::size_t pos) {
    const std::size_t begin = text.rfind('\n', pos) == std::string::npos ? 0 : text.rfind('\n', pos) + 1;
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    std::string line = text.substr(begin, end - begin);
    const auto first = line.find_first_not_of(" \t");
    line = first == std::string::npos ? std::string() : line.substr(first);
    if (line.size() > 220) line = line.substr(0, 217) + "...";
    return line;
}

long leadingNumber(const nlohmann::json& j) {
    if (j.is_number_integer()) return j.get<long>();
    if (j.is_number()) return static_cast<long>(j.get<double>());
    if (j.is_string()) return std::strtol(j.get<std::string>().c_str(), nullptr, 10);
    return 0;
}

std::vector<std::string> splitHexes(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string h; in >> h;) out.push_back(h);
    return out;
}

bool isSubsequence(const std::vector<std::string>& part, const std::vector<std::string>& whole) {
    if (part.empty() || part.size() > whole.size()) return false;
    return std::search(whole.begin(), whole.end(), part.begin(), part.end()) != whole.end();
}

// Reasons, one per check (etat-major.md sections named).
const char* kIdReason = "internal ids are never for the enemy: it knows the side's forces only as counters, labels and reports (§2.2)";
const char* kLabelReason = "this counter has never been turned over by contact, so its label is hidden (§2.2, G-40)";
const char* kUnitReason = "enemy units are known by kind and count from scouting reports (§8.6), by name only once they fought us";
const char* kGeneralReason = "an enemy general is known by name only once he fought us or his name is on a counter turned over";
const char* kFormationReason = "the enemy's order of battle is secret: a counter shows its label only, and a battle report says "
                               "\"an enemy brigade\" (§2.2, docs/papers.md)";
const char* kVcsReason = "the victory condition status is secret from the enemy until that side loses (§7.2, §12.2)";
const char* kStrengthReason = "an enemy ME's strength is known only as reports tell it, by kind and count (§8.6), never its "
                              "points, stands or figures";
const char* kTownReason = "a town's supply value is rolled when first entered (G-76) and known to the side holding it; we "
                          "never entered or held this town";
const char* kLedgerReason = "a side's supply ledger is its own business (§9)";
const char* kRouteReason = "orders are secret: a side sees only its own (§8.2)";
const char* kReceiptReason = "order receipt is rolled for the side's own orders, which the enemy never sees (§8.2, §8.3)";
const char* kInitiativeReason = "the initiative score is the side's scouting points, its generals' ratings and its dice (§7.1); "
                                "the enemy is told only who won";

}  // namespace

std::string Violation::format() const {
    return "day W" + std::to_string(week) + "/D" + std::to_string(day) + " (" + moment + "), " + command + ", side " + side + ", " +
           check + ": " + item + ", " + reason + ", line: " + line;
}

namespace {

// buildKnowledge's work, one check (or one kind of allowed text and numbers) a function: each adds to `k`, in the
// order buildKnowledge calls them. A is the viewer, B the enemy.
struct Builder {
    const db::CampaignStore& store;
    const campaign::CampaignState& s;
    SQLite::Database& raw;
    Memory& memory;
    Knowledge& k;
    const std::string& A;
    const std::string& B;
    const hex::OffsetSystem off;
    const bool ended;

    // Battles A fought (battlesFought): the units and generals of B it met, and what B lost in them as told.
    std::set<std::string> unitsFought, generalsFought;
    long enemyBattleLoss = 0;
    // Text and ids A may see (allowedTextOf): the public and own text first (`publicTexts` of them), then the
    // labels contact has turned over.
    std::vector<std::string> allowedText;
    std::set<std::string> allowedTokens;
    std::vector<std::string> revealedLabels;
    std::size_t publicTexts = 0;

    Builder(const db::CampaignStore& store_, const campaign::CampaignState& s_, SQLite::Database& raw_, Memory& memory_, Knowledge& k_)
        : store(store_),
          s(s_),
          raw(raw_),
          memory(memory_),
          k(k_),
          A(k_.viewer),
          B(k_.enemy),
          off(s_.map.offsets()),
          ended(raw_.execAndGet("SELECT ended FROM campaign WHERE id = 1").getInt() != 0) {}

    void learnedByNow();
    void battlesFought();
    void allowedTextOf();
    bool inAllowedText(const std::string& t, bool wholeWord) const;
    bool inRevealedLabel(const std::string& t, bool wholeWord) const;
    void addName(const std::string& text, bool wholeWord, const char* check, const std::string& item, const char* reason,
                 std::size_t minLength);
    void addId(const std::string& id, const std::string& what);
    void figure(long value, std::set<std::string> contexts, const char* check, const std::string& item, const char* reason);
    void enemyIds();
    void enemyNames();
    void enemyStrength();
    void battleStartStrength();
    void ownUnitNumbers();
    void enemyVcs();
    void enemyTownSupply();
    void enemyLedger();
    void ownPurse();
    void ownSequences();
    void enemyRoutes();
    void enemyReceipts();
    void rememberFigures();
};

// What A has learned by now (kept from one moment to the next).
void Builder::learnedByNow() {
    for (const auto& me : s.mes) {
        if (me.side == B && me.revealed) memory.revealed.insert(me.id);
        if (me.side == A && me.onMap) memory.entered.insert({me.hex.q, me.hex.r});
    }
    {
        // §8.5: a contact turns both counters over.
        SQLite::Statement q(raw, "SELECT mover, met FROM contact");
        while (q.executeStep()) {
            const std::string mover = q.getColumn(0).getString();
            const auto met = splitHexes(q.getColumn(1).getString());
            const auto* m = s.me(mover);
            if (m && m->side == B) memory.revealed.insert(mover);
            if (m && m->side == A)
                for (const auto& id : met) memory.revealed.insert(id);
        }
        SQLite::Statement mv(raw, "SELECT path FROM movement WHERE me_id IN (SELECT id FROM me WHERE side_id = ?)");
        mv.bind(1, A);
        while (mv.executeStep())
            for (const auto& h : splitHexes(mv.getColumn(0).getString()))
                if (const auto o = hex::parseOffset(h)) {
                    const auto x = off.toHex(*o);
                    memory.entered.insert({x.q, x.r});
                }
    }
    for (const auto& ua : s.urban)
        if (ua.controller == A) memory.townsHeld.insert(ua.id);
}

// Battles A fought (§8.8-§8.11): who of B stood in them, and the figures both sides were told.
void Builder::battlesFought() {
    std::set<int> battlesOfA;
    {
        SQLite::Statement q(raw, "SELECT DISTINCT battle_id FROM battle_participant WHERE side_id = ?");
        q.bind(1, A);
        while (q.executeStep()) battlesOfA.insert(q.getColumn(0).getInt());
    }
    for (const int id : battlesOfA) {
        SQLite::Statement p(raw, "SELECT me_id FROM battle_participant WHERE battle_id = ? AND side_id = ?");
        p.bind(1, id);
        p.bind(2, B);
        while (p.executeStep()) memory.revealed.insert(p.getColumn(0).getString());
        SQLite::Statement l(raw,
                            "SELECT l.unit_id, u.side_id, l.figures_start, l.figures_lost, l.stands_lost, l.points FROM battle_loss l "
                            "JOIN unit u ON u.id = l.unit_id WHERE l.battle_id = ?");
        l.bind(1, id);
        long enemyFallen = 0;
        while (l.executeStep()) {
            const std::string side = l.getColumn(1).getString();
            if (side == B) {
                unitsFought.insert(l.getColumn(0).getString());
                enemyFallen += l.getColumn(3).getInt();
            } else {
                k.allowedNumbers.insert(l.getColumn(2).getInt());
            }
            for (int c = 3; c <= 5; ++c) k.allowedNumbers.insert(l.getColumn(c).getInt());
        }
        // the day report's estimate of the enemy's fallen: to the nearest five figures
        k.allowedNumbers.insert((enemyFallen + 2) / 5 * 5);
        SQLite::Statement r(raw, "SELECT result FROM battle WHERE id = ? AND result IS NOT NULL AND result <> ''");
        r.bind(1, id);
        if (r.executeStep()) {
            const auto result = nlohmann::json::parse(r.getColumn(0).getString(), nullptr, false);
            if (result.is_discarded()) continue;
            if (result.contains("margin_points")) k.allowedNumbers.insert(std::labs(leadingNumber(result["margin_points"])));
            for (const auto& g : result.value("generals", nlohmann::json::array()))
                if (g.value("side", "") == B) generalsFought.insert(g.value("id", ""));
            for (const auto& sd : result.value("sides", nlohmann::json::array())) {
                for (const auto* key : {"points_lost_for_vcs", "net_loss", "men_lost"})
                    if (sd.contains(key)) k.allowedNumbers.insert(std::labs(leadingNumber(sd[key])));
                for (const auto* key : {"lost_full", "lost_half", "gained"})
                    if (sd.contains(key)) {
                        k.allowedNumbers.insert(std::labs(leadingNumber(sd[key].value("total", nlohmann::json(0)))));
                        for (const auto& item : sd[key].value("items", nlohmann::json::array()))
                            k.allowedNumbers.insert(std::labs(leadingNumber(item.value("points", nlohmann::json(0)))));
                    }
                if (sd.value("id", "") == B && sd.contains("points_lost_for_vcs"))
                    enemyBattleLoss += leadingNumber(sd["points_lost_for_vcs"]);
                if (sd.value("id", "") == A && sd.contains("start_points")) k.allowedNumbers.insert(leadingNumber(sd["start_points"]));
            }
        }
    }
    k.allowedNumbers.insert(enemyBattleLoss);  // the sum of what each battle told (§8.11.3)
}

// Text A may see: public (map, campaign, sides, objectives) and its own; a forbidden name inside it is skipped.
void Builder::allowedTextOf() {
    allowedTokens = {A, B, s.map.metadata().id, store.info().scenarioId};
    allowedText.push_back(store.info().name);
    allowedText.push_back(store.info().theatre);
    allowedText.push_back(s.map.metadata().name);
    for (const auto& ua : s.map.urbanAreas()) allowedText.push_back(ua.name), allowedTokens.insert(ua.id);
    for (const auto& l : s.map.labels()) allowedText.push_back(l.text);
    for (const auto& r : s.map.routes()) allowedText.push_back(r.name);
    for (const auto& r : s.map.rivers()) allowedText.push_back(r.name);
    for (const auto& c : s.map.crossings()) allowedText.push_back(c.name);
    for (const auto& g : s.map.sides())
        for (const auto& e : g.locEntries) allowedText.push_back(e.name);
    for (const auto& sd : s.sides) allowedText.push_back(sd.name);
    for (const auto& o : s.objectives) allowedText.push_back(o.name), allowedTokens.insert(o.id);
    for (const auto& me : s.mes)
        if (me.side == A) allowedText.push_back(me.label), allowedTokens.insert(me.id);
    for (const auto& u : s.units)
        if (u.side == A) allowedText.push_back(u.name), allowedTokens.insert(u.id);
    for (const auto& g : s.generals)
        if (g.side == A) allowedText.push_back(g.name), allowedTokens.insert(g.id);
    for (const auto& f : s.formations)
        if (f.side == A) allowedText.push_back(f.name), allowedTokens.insert(f.id);
    {
        SQLite::Statement q(raw, "SELECT id, name FROM player WHERE side_id = ?");
        q.bind(1, A);
        while (q.executeStep()) allowedTokens.insert(q.getColumn(0).getString()), allowedText.push_back(q.getColumn(1).getString());
        SQLite::Statement d(raw, "SELECT id FROM decoy WHERE side_id = ?");
        d.bind(1, A);
        while (d.executeStep()) allowedTokens.insert(d.getColumn(0).getString());
    }
    for (const auto& me : s.mes)
        if (me.side == B && memory.revealed.count(me.id)) revealedLabels.push_back(me.label);
    // The public and own text comes first, then the labels contact has turned over (§8.5).
    publicTexts = allowedText.size();
    allowedText.insert(allowedText.end(), revealedLabels.begin(), revealedLabels.end());
}

bool Builder::inAllowedText(const std::string& t, bool wholeWord) const {
    for (const auto& a : allowedText)
        if (wholeWord ? containsWord(a, t) : a.find(t) != std::string::npos) return true;
    return false;
}

bool Builder::inRevealedLabel(const std::string& t, bool wholeWord) const {
    for (const auto& l : revealedLabels)
        if (wholeWord ? containsWord(l, t) : l.find(t) != std::string::npos) return true;
    return false;
}

// A name or label: skipped when too short to tell from ordinary words, or when it is part of text A may see.
void Builder::addName(const std::string& text, bool wholeWord, const char* check, const std::string& item, const char* reason,
                      std::size_t minLength) {
    if (text.empty()) return;
    if (text.size() < minLength) {
        k.skipped.push_back(std::string(check) + " '" + text + "': shorter than " + std::to_string(minLength) + " characters");
        return;
    }
    if (inAllowedText(text, wholeWord)) {
        k.skipped.push_back(std::string(check) + " '" + text + "': part of a public or own name");
        return;
    }
    k.terms.push_back({text, wholeWord, check, item, reason});
}

void Builder::addId(const std::string& id, const std::string& what) {
    if (allowedTokens.count(id)) {
        k.skipped.push_back("enemy-id '" + id + "': also a public or own id");
        return;
    }
    k.terms.push_back({id, true, "enemy-id", what + " id " + id, kIdReason});
}

void Builder::figure(long value, std::set<std::string> contexts, const char* check, const std::string& item, const char* reason) {
    value = std::labs(value);
    if (value < kSmallestFigure) return;
    k.figures.push_back({value, std::move(contexts), check, item, reason});
}

// enemy-id: every internal id of B.
void Builder::enemyIds() {
    for (const auto& me : s.mes)
        if (me.side == B) addId(me.id, "ME");
    for (const auto& u : s.units)
        if (u.side == B) addId(u.id, "unit");
    for (const auto& g : s.generals)
        if (g.side == B) addId(g.id, "general");
    for (const auto& f : s.formations)
        if (f.side == B) addId(f.id, "formation");
    {
        SQLite::Statement d(raw, "SELECT id FROM decoy WHERE side_id = ? ORDER BY id");
        d.bind(1, B);
        while (d.executeStep()) addId(d.getColumn(0).getString(), "decoy");
    }
}

// face-down-label: the labels of B's counters never turned over; enemy-unit-name, enemy-general-name,
// enemy-formation-name.
void Builder::enemyNames() {
    for (const auto& me : s.mes)
        if (me.side == B && !memory.revealed.count(me.id))
            addName(me.label, false, "face-down-label", "label '" + me.label + "' of " + me.id, kLabelReason, 8);

    for (const auto& u : s.units)
        if (u.side == B && !unitsFought.count(u.id) && !inRevealedLabel(u.name, false))
            addName(u.name, false, "enemy-unit-name", "unit name '" + u.name + "' (" + u.id + ")", kUnitReason, 8);
    for (const auto& g : s.generals) {
        if (g.side != B || generalsFought.count(g.id)) continue;
        std::string surname = g.name.substr(g.name.find_last_of(' ') == std::string::npos ? 0 : g.name.find_last_of(' ') + 1);
        if (!inRevealedLabel(g.name, false))
            addName(g.name, false, "enemy-general-name", "general '" + g.name + "' (" + g.id + ")", kGeneralReason, 8);
        if (surname != g.name && !surname.empty() && std::isupper(static_cast<unsigned char>(surname[0])) &&
            !inRevealedLabel(surname, true))
            addName(surname, true, "enemy-general-name", "general's surname '" + surname + "' (" + g.id + ")", kGeneralReason, 4);
    }
    for (const auto& f : s.formations)
        if (f.side == B && !inRevealedLabel(f.name, false))
            addName(f.name, false, "enemy-formation-name", "formation '" + f.name + "' (" + f.id + ")", kFormationReason, 8);
}

// Figures of B, and the numbers A may see (its own, public ones, its battles'): the strength of MEs and sides.
void Builder::enemyStrength() {
    for (const auto& o : s.objectives) k.allowedNumbers.insert(o.value);
    k.allowedNumbers.insert(s.lengthWeeks);
    k.allowedNumbers.insert(200);  // §9.4: the primary LOC grant, 200 SP a week for every side
    k.allowedNumbers.insert(engine::grantRemaining(store, A));
    std::map<std::string, std::vector<std::string>> unitsOfMe;
    // An ME's totals as the rules count them (units still on the map, G-57) and as the database sums them (every
    // unit of the ME): the product may print either.
    struct Totals {
        long points[2] = {0, 0}, stands[2] = {0, 0}, figures[2] = {0, 0};
    };
    // Units away from their ME as a routed group (G-69): the status counts an ME without them.
    std::set<std::string> away;
    for (const auto& id : engine::detachedUnits(raw)) away.insert(id);
    auto presentTotals = [&](const std::string& me) {
        Totals t;
        for (const auto* u : s.unitsOf(me)) {
            if (u->removed || away.count(u->id)) continue;
            if (u->figuresOriginal > 0) t.points[0] += rules::unitCurrentPoints(*u);
            t.stands[0] += u->standsCurrent;
            t.figures[0] += u->figuresCurrent;
        }
        return t;
    };
    auto meTotals = [&](const std::string& me) {
        Totals t;
        for (const auto* u : s.unitsOf(me)) {
            if (u->removed) continue;
            if (u->figuresOriginal > 0) t.points[0] += rules::unitCurrentPoints(*u);
            t.stands[0] += u->standsCurrent;
            t.figures[0] += u->figuresCurrent;
        }
        SQLite::Statement q(raw, "SELECT COALESCE(SUM(points_original * figures_current / figures_original), 0), "
                                 "COALESCE(SUM(stands_current), 0), COALESCE(SUM(figures_current), 0) FROM unit WHERE me_id = ?");
        q.bind(1, me);
        if (q.executeStep())
            t.points[1] = q.getColumn(0).getInt64(), t.stands[1] = q.getColumn(1).getInt64(), t.figures[1] = q.getColumn(2).getInt64();
        return t;
    };
    Totals sideTotals[2];
    for (const auto& me : s.mes) {
        if (me.side != A && me.side != B) continue;
        const Totals t = meTotals(me.id);
        const int i = me.side == A ? 0 : 1;
        for (int w = 0; w < 2; ++w)
            sideTotals[i].points[w] += t.points[w], sideTotals[i].stands[w] += t.stands[w], sideTotals[i].figures[w] += t.figures[w];
        for (int w = 0; w < 2; ++w) {
            if (me.side == A) {
                k.allowedNumbers.insert({t.points[w], t.stands[w], t.figures[w]});
                const Totals here = presentTotals(me.id);
                k.allowedNumbers.insert({here.points[0], here.stands[0], here.figures[0]});
            } else if (me.onMap) {
                const std::string who = "ME " + me.id;
                figure(t.points[w], {"points", "pts", "json:points"}, "enemy-strength", who + " points " + std::to_string(t.points[w]),
                       kStrengthReason);
                figure(t.stands[w], {"stands", "json:stands"}, "enemy-strength", who + " stands " + std::to_string(t.stands[w]),
                       kStrengthReason);
                figure(t.figures[w], {"figures", "json:figures"}, "enemy-strength", who + " figures " + std::to_string(t.figures[w]),
                       kStrengthReason);
            }
        }
    }
    for (int w = 0; w < 2; ++w) {
        k.allowedNumbers.insert({sideTotals[0].points[w], sideTotals[0].stands[w], sideTotals[0].figures[w]});
        const Totals& t = sideTotals[1];
        figure(t.points[w], {"points", "pts", "json:points"}, "enemy-strength", "side " + B + " points " + std::to_string(t.points[w]),
               kStrengthReason);
        figure(t.stands[w], {"stands", "json:stands"}, "enemy-strength", "side " + B + " stands " + std::to_string(t.stands[w]),
               kStrengthReason);
        figure(t.figures[w], {"figures", "json:figures"}, "enemy-strength", "side " + B + " figures " + std::to_string(t.figures[w]),
               kStrengthReason);
    }
}

// The enemy's strength at the start of a battle is not told (docs/papers.md), whoever fought it.
void Builder::battleStartStrength() {
    SQLite::Statement q(raw, "SELECT id, result FROM battle WHERE result IS NOT NULL AND result <> ''");
    while (q.executeStep()) {
        const auto result = nlohmann::json::parse(q.getColumn(1).getString(), nullptr, false);
        if (result.is_discarded()) continue;
        for (const auto& sd : result.value("sides", nlohmann::json::array()))
            if (sd.value("id", "") == B && sd.contains("start_points"))
                figure(leadingNumber(sd["start_points"]), {"points", "pts", "json:start_points", "json:startPoints"}, "enemy-strength",
                       "battle " + std::to_string(q.getColumn(0).getInt()) + " enemy strength at the start " +
                           std::to_string(leadingNumber(sd["start_points"])) + " points",
                       kStrengthReason);
    }
}

// The figures of A's own units: allowed numbers.
void Builder::ownUnitNumbers() {
    for (const auto& u : s.units)
        if (u.side == A) {
            k.allowedNumbers.insert(
                {u.standsOriginal, u.standsCurrent, u.figuresOriginal, u.figuresCurrent, u.lostCombat, u.lostAttrition});
            k.allowedNumbers.insert(rules::unitCurrentPoints(u));
        }
    {
        SQLite::Statement q(raw, "SELECT points_original FROM unit WHERE side_id = ?");
        q.bind(1, A);
        while (q.executeStep()) k.allowedNumbers.insert(q.getColumn(0).getInt());
    }
}

// enemy-vcs (§7.2, §12.2): B's baseline, threshold, points lost and replaced, and its VCS history.
void Builder::enemyVcs() {
    if (!ended) {
        for (const auto& sd : s.sides) {
            const std::string who = "side " + sd.id + " ";
            if (sd.id == A) {
                k.allowedNumbers.insert(
                    {sd.vcsBaseline, sd.vcsBaseline / 4, sd.pointsLost, sd.pointsReplaced, sd.pointsLost - sd.pointsReplaced});
                continue;
            }
            figure(sd.vcsBaseline, {"points", "pts", "of", "baseline", "json:baseline"}, "enemy-vcs",
                   who + "VCS baseline " + std::to_string(sd.vcsBaseline), kVcsReason);
            figure(sd.vcsBaseline / 4, {"below", "points", "pts", "json:defeatThreshold"}, "enemy-vcs",
                   who + "defeat threshold " + std::to_string(sd.vcsBaseline / 4), kVcsReason);
            if (sd.pointsLost != enemyBattleLoss)
                figure(sd.pointsLost, {"points", "pts", "lost", "json:pointsLost"}, "enemy-vcs",
                       who + "points lost " + std::to_string(sd.pointsLost), kVcsReason);
            figure(sd.pointsReplaced, {"points", "pts", "json:pointsReplaced"}, "enemy-vcs",
                   who + "points replaced " + std::to_string(sd.pointsReplaced), kVcsReason);
        }
        SQLite::Statement h(raw, "SELECT side_id, week, value, points_lost, objectives_value, supply_value FROM vcs_history");
        while (h.executeStep()) {
            const std::string side = h.getColumn(0).getString();
            const long value = h.getColumn(2).getInt(), lost = h.getColumn(3).getInt(), supply = h.getColumn(5).getInt();
            if (side == A) {
                k.allowedNumbers.insert({value, lost, static_cast<long>(h.getColumn(4).getInt()), supply});
                continue;
            }
            const std::string who = "side " + side + " week " + std::to_string(h.getColumn(1).getInt()) + " ";
            figure(value, {"VCS", "points", "pts", "json:value"}, "enemy-vcs", who + "VCS " + std::to_string(value), kVcsReason);
            if (lost != enemyBattleLoss)
                figure(lost, {"points", "pts", "lost", "json:pointsLost"}, "enemy-vcs",
                       who + "VCS points lost " + std::to_string(lost), kVcsReason);
            figure(supply, {"SP", "json:supplyValue"}, "enemy-vcs", who + "VCS supply value " + std::to_string(supply), kVcsReason);
        }
    } else {
        k.skipped.push_back("enemy-vcs: the campaign is over and every side's VCS is shown to all (§12.1)");
    }
}

// enemy-town-supply (§9.2.1, G-76): the values of B's towns A never entered nor held.
void Builder::enemyTownSupply() {
    const auto season = s.seasonOfWeek(s.week);
    for (const auto& ua : s.urban) {
        const int value = rules::urbanWeeklyValue(ua, season, s.options);
        const bool known = ua.controller == A || memory.townsHeld.count(ua.id) || memory.entered.count({ua.hex.q, ua.hex.r});
        if (known || ua.controller != B) {
            if (known) k.allowedNumbers.insert(value);
            continue;
        }
        figure(value, {"SP", "json:weeklyValue"}, "enemy-town-supply", ua.name + " yields " + std::to_string(value) + " SP",
               kTownReason);
        SQLite::Statement e(raw, "SELECT effect FROM event_log WHERE subject = ? AND purpose LIKE 'supply value%'");
        e.bind(1, ua.id);
        while (e.executeStep()) {
            const std::string effect = e.getColumn(0).getString();
            if (!effect.empty()) k.terms.push_back({effect, false, "enemy-town-supply", "roll '" + effect + "'", kTownReason});
        }
    }
}

// enemy-ledger (§9): B's supply ledger and balance, every week; A's own are allowed numbers.
void Builder::enemyLedger() {
    SQLite::Statement q(raw, "SELECT side_id, week, kind, points FROM supply_ledger ORDER BY id");
    std::map<std::pair<std::string, int>, long> balance;
    while (q.executeStep()) {
        const std::string side = q.getColumn(0).getString();
        const long points = q.getColumn(3).getInt();
        balance[{side, q.getColumn(1).getInt()}] += points;
        if (side == A) k.allowedNumbers.insert(std::labs(points));
        else
            figure(points, {"SP", "json:points"}, "enemy-ledger",
                   "week " + std::to_string(q.getColumn(1).getInt()) + " " + q.getColumn(2).getString() + " " +
                       std::to_string(points) + " SP",
                   kLedgerReason);
    }
    for (const auto& [key, value] : balance) {
        if (key.first == A) k.allowedNumbers.insert(std::labs(value));
        else
            figure(value, {"SP", "json:balance"}, "enemy-ledger",
                   "week " + std::to_string(key.second) + " balance " + std::to_string(value) + " SP", kLedgerReason);
    }
}

// Between W3 and W4 A's supply commands print what each of its own MEs may still spend this week (§9.6, §9.1): its
// own SP, allowed numbers however they fall.
void Builder::ownPurse() {
    if (s.phase == campaign::Phase::W4) {
        const engine::SupplyPurse purse(raw, s);
        for (const auto& me : s.mes)
            if (me.side == A && me.onMap) k.allowedNumbers.insert(purse.available(me.id));
    }
}

// enemy-route (§8.2), A's side: its own hex sequences (ordered routes, decoys, LOCs, moves, its sight) are allowed.
void Builder::ownSequences() {
    SQLite::Statement q(raw, "SELECT side_id, body, me_id, week, day FROM order_sheet ORDER BY id");
    while (q.executeStep()) {
        if (q.getColumn(0).getString() != A) continue;
        const auto body = nlohmann::json::parse(q.getColumn(1).getString(), nullptr, false);
        if (body.is_discarded()) continue;
        std::vector<std::string> hexes;
        for (const auto& h : body.value("path", nlohmann::json::array())) hexes.push_back(h.get<std::string>());
        std::vector<std::string> loc;
        for (const auto& h : body.value("locPath", nlohmann::json::array())) loc.push_back(h.get<std::string>());
        k.allowedSequences.push_back(hexes);
        k.allowedSequences.push_back(loc);
        // The order sheets draw the route from where the ME stood when the order was given (docs/papers.md).
        if (body.contains("from") && body["from"].is_string()) {
            auto from = hexes;
            from.insert(from.begin(), body["from"].get<std::string>());
            k.allowedSequences.push_back(from);
        }
        // Orders given before they recorded it: today's order sheets draw the route from the ME's own hex.
        const auto* me = s.me(q.getColumn(2).getString());
        if (me && q.getColumn(3).getInt() == s.week && q.getColumn(4).getInt() == s.day) {
            hexes.insert(hexes.begin(), hex::formatOffset(off.toOffset(me->hex)));
            k.allowedSequences.push_back(hexes);
        }
    }
    SQLite::Statement d(raw, "SELECT side_id, path FROM decoy_order");
    while (d.executeStep())
        if (d.getColumn(0).getString() == A) k.allowedSequences.push_back(splitHexes(d.getColumn(1).getString()));
    SQLite::Statement l(raw, "SELECT path FROM loc_status WHERE side_id = ?");
    l.bind(1, A);
    while (l.executeStep()) {
        auto hexes = splitHexes(l.getColumn(0).getString());
        for (auto& h : hexes) h.erase(std::remove(h.begin(), h.end(), ';'), h.end());
        k.allowedSequences.push_back(hexes);
    }
    SQLite::Statement m(raw, "SELECT path FROM movement WHERE me_id IN (SELECT id FROM me WHERE side_id = ?)");
    m.bind(1, A);
    while (m.executeStep()) k.allowedSequences.push_back(splitHexes(m.getColumn(0).getString()));
    // The hexes the side's MEs see now, in the order its status lists them (row, then column: §8.1.5): a route
    // of B along a row in sight reads the same there.
    {
        std::vector<std::string> sight;
        for (const auto& o : view::buildSideView(store, view::Viewer::ofSide(A)).seenHexes) sight.push_back(hex::formatOffset(o));
        k.allowedSequences.push_back(sight);
    }
    // The LOCs as they trace now (§9.5): the side's own loc and supply answers print them.
    for (const auto& loc : rules::LocNetwork(s.map, s.options).trace(s, A)) {
        std::vector<std::string> hexes;
        for (const auto h : loc.path) hexes.push_back(hex::formatOffset(off.toOffset(h)));
        k.allowedSequences.push_back(hexes);
    }
}

// enemy-route (§8.2): B's ordered routes and decoy moves, today's and earlier, unless inside one of A's sequences.
void Builder::enemyRoutes() {
    std::set<std::vector<std::string>> seen;
    auto addRoute = [&](std::vector<std::string> hexes, const std::string& item) {
        if (hexes.size() < 2 || !seen.insert(hexes).second) return;
        for (const auto& a : k.allowedSequences)
            if (isSubsequence(hexes, a)) {
                k.skipped.push_back("enemy-route " + item + ": also a hex sequence of the side's own");
                return;
            }
        k.routes.push_back({hexes, "enemy-route", item, kRouteReason});
    };
    SQLite::Statement q(raw, "SELECT week, day, me_id, body FROM order_sheet WHERE side_id = ? ORDER BY id");
    q.bind(1, B);
    while (q.executeStep()) {
        const auto body = nlohmann::json::parse(q.getColumn(3).getString(), nullptr, false);
        if (body.is_discarded()) continue;
        std::vector<std::string> hexes;
        for (const auto& h : body.value("path", nlohmann::json::array())) hexes.push_back(h.get<std::string>());
        std::string text;
        for (const auto& h : hexes) text += " " + h;
        addRoute(hexes, "route of " + q.getColumn(2).getString() + " W" + std::to_string(q.getColumn(0).getInt()) + " D" +
                            std::to_string(q.getColumn(1).getInt()) + ":" + text);
    }
    SQLite::Statement d(raw, "SELECT week, day, decoy_id, path FROM decoy_order WHERE side_id = ?");
    d.bind(1, B);
    while (d.executeStep())
        addRoute(splitHexes(d.getColumn(3).getString()),
                 "route of decoy " + d.getColumn(2).getString() + " W" + std::to_string(d.getColumn(0).getInt()) + " D" +
                     std::to_string(d.getColumn(1).getInt()) + ": " + d.getColumn(3).getString());
}

// enemy-receipt (§8.3): B's receipt rolls, as the log words them and as a line naming the ME with its receipt.
void Builder::enemyReceipts() {
    SQLite::Statement q(raw, "SELECT DISTINCT o.me_id FROM order_sheet o WHERE o.side_id = ? AND o.receipt IS NOT NULL");
    q.bind(1, B);
    while (q.executeStep()) {
        const std::string id = q.getColumn(0).getString();
        const auto* me = s.me(id);
        ReceiptItem r{{id}, {}, "enemy-receipt", "receipt rolls of " + id, kReceiptReason};
        // Its label, even once turned over, with a receipt word (unless the label is part of public or own text).
        const bool publicLabel = me && std::any_of(allowedText.begin(), allowedText.begin() + static_cast<std::ptrdiff_t>(publicTexts),
                                                   [&](const std::string& a) { return a.find(me->label) != std::string::npos; });
        if (me && me->label.size() >= 8 && !publicLabel) r.labels.push_back(me->label);
        k.receipts.push_back(r);
    }
    SQLite::Statement e(raw, "SELECT DISTINCT purpose FROM event_log WHERE purpose LIKE 'order receipt of %' AND subject IN "
                             "(SELECT id FROM me WHERE side_id = ?)");
    e.bind(1, B);
    while (e.executeStep())
        k.terms.push_back(
            {e.getColumn(0).getString(), false, "enemy-receipt", "roll '" + e.getColumn(0).getString() + "'", kReceiptReason});
    // enemy-roll: B's initiative scores (§7.1).
    SQLite::Statement i(raw, "SELECT effect FROM event_log WHERE subject = ? AND purpose LIKE 'strategic initiative%'");
    i.bind(1, B);
    while (i.executeStep()) {
        const std::string effect = i.getColumn(0).getString();
        const auto scores = effect.find(" scores ");
        if (scores != std::string::npos)
            k.terms.push_back({effect.substr(scores + 1), false, "enemy-roll", "initiative '" + effect + "'", kInitiativeReason});
    }
}

// Figures of B seen at earlier moments stay secret: yesterday's strength is as secret as today's.
void Builder::rememberFigures() {
    for (const auto& f : k.figures) memory.figures.emplace(f.item, f);
    for (const auto& [item, f] : memory.figures)
        if (std::none_of(k.figures.begin(), k.figures.end(), [&](const Figure& g) { return g.item == item; })) k.figures.push_back(f);
}

}  // namespace

Knowledge buildKnowledge(const std::string& dbPath, const std::string& viewer, Memory& memory) {
    const auto store = db::CampaignStore::open(dbPath, true);
    const auto s = db::loadState(store);
    SQLite::Database raw(dbPath, SQLite::OPEN_READONLY);
    Knowledge k;
    k.viewer = viewer;
    k.enemy = s.enemyOf(viewer);
    k.week = s.week;
    k.day = s.day;
    Builder b(store, s, raw, memory, k);
    b.learnedByNow();
    b.battlesFought();
    b.allowedTextOf();
    b.enemyIds();
    b.enemyNames();
    b.enemyStrength();
    b.battleStartStrength();
    b.ownUnitNumbers();
    b.enemyVcs();
    b.enemyTownSupply();
    b.enemyLedger();
    b.ownPurse();
    b.ownSequences();
    b.enemyRoutes();
    b.enemyReceipts();
    b.rememberFigures();
    return k;
}

namespace {

struct NumberAt {
    long value = 0;
    std::string context;
    std::size_t pos = 0;
};

std::string wordAfter(const std::string& t, std::size_t pos) {
    while (pos < t.size() && (t[pos] == ' ' || t[pos] == '\t')) ++pos;
    std::size_t end = pos;
    while (end < t.size() && std::isalpha(static_cast<unsigned char>(t[end]))) ++end;
    return t.substr(pos, end - pos);
}

std::string wordBefore(const std::string& t, std::size_t pos) {
    std::size_t end = pos;
    while (end > 0 && (t[end - 1] == ' ' || t[end - 1] == '\t')) --end;
    std::size_t begin = end;
    while (begin > 0 && std::isalpha(static_cast<unsigned char>(t[begin - 1]))) --begin;
    return t.substr(begin, end - begin);
}

// Every whole number in `t` with the word that gives it a meaning: the word after it ("points", "pts", "SP",
// "stands", "figures"), the word before it ("of", "lost", "below", "VCS", "baseline"), or its JSON key.
std::vector<NumberAt> numbersInContext(const std::string& t) {
    std::vector<NumberAt> out;
    for (std::size_t i = 0; i < t.size();) {
        if (!std::isdigit(static_cast<unsigned char>(t[i]))) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < t.size() && std::isdigit(static_cast<unsigned char>(t[end]))) ++end;
        // Not a number of its own: part of a word, a hex "col,row", a decimal or a fraction.
        auto digitAt = [&](std::size_t p) { return p < t.size() && std::isdigit(static_cast<unsigned char>(t[p])); };
        auto joiner = [](char c) { return c == '.' || c == ',' || c == '/'; };
        const bool partOfMore =
            (i > 0 && (std::isalpha(static_cast<unsigned char>(t[i - 1])) || (joiner(t[i - 1]) && i > 1 && digitAt(i - 2)))) ||
            (end < t.size() && (std::isalpha(static_cast<unsigned char>(t[end])) || (joiner(t[end]) && digitAt(end + 1))));
        if (!partOfMore && end - i <= 9) {
            const long value = std::stol(t.substr(i, end - i));
            const std::string after = wordAfter(t, end);
            if (after == "points" || after == "point" || after == "pts") out.push_back({value, after == "pts" ? "pts" : "points", i});
            else if (after == "SP") out.push_back({value, "SP", i});
            else if (after == "stands" || after == "stand") out.push_back({value, "stands", i});
            else if (after == "figures" || after == "figs") out.push_back({value, "figures", i});
            std::size_t b = i;
            if (b > 0 && t[b - 1] == '-') --b;
            const std::string before = wordBefore(t, b);
            if (before == "of" || before == "lost" || before == "below" || before == "VCS" || before == "baseline")
                out.push_back({value, before, i});
            // JSON: "key": N
            std::size_t k = b;
            while (k > 0 && t[k - 1] == ' ') --k;
            if (k > 0 && t[k - 1] == ':') {
                --k;
                while (k > 0 && t[k - 1] == ' ') --k;
                if (k > 0 && t[k - 1] == '"') {
                    const std::size_t close = k - 1;
                    const std::size_t open = t.rfind('"', close - 1);
                    if (open != std::string::npos) out.push_back({value, "json:" + t.substr(open + 1, close - open - 1), i});
                }
            }
        }
        i = end;
    }
    return out;
}

struct HexToken {
    std::string hex;
    std::size_t pos = 0;
    bool linked = false;  // only separators between it and the token before
};

bool separatorsOnly(const std::string& t, std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) {
        const unsigned char c = static_cast<unsigned char>(t[i]);
        if (std::isspace(c) || c == ',' || c == '"' || c == '[' || c == ']' || c == '-' || c == '>' || c == ';' || c >= 0x80) continue;
        return false;
    }
    return true;
}

std::vector<HexToken> hexTokens(const std::string& t) {
    std::vector<HexToken> out;
    std::size_t lastEnd = 0;
    for (std::size_t i = 0; i < t.size();) {
        if (!std::isdigit(static_cast<unsigned char>(t[i])) ||
            (i > 0 && (std::isalnum(static_cast<unsigned char>(t[i - 1])) || t[i - 1] == ',' || t[i - 1] == '.'))) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j]))) ++j;
        if (j >= t.size() || t[j] != ',' || j + 1 >= t.size() || !std::isdigit(static_cast<unsigned char>(t[j + 1]))) {
            i = j;
            continue;
        }
        std::size_t k = j + 1;
        while (k < t.size() && std::isdigit(static_cast<unsigned char>(t[k]))) ++k;
        if (k < t.size() && (std::isalnum(static_cast<unsigned char>(t[k])) || t[k] == ',' || t[k] == '.')) {
            i = k;
            continue;
        }
        HexToken tok{t.substr(i, k - i), i, !out.empty() && separatorsOnly(t, lastEnd, i)};
        out.push_back(tok);
        lastEnd = k;
        i = k;
    }
    return out;
}

bool hasReceiptWord(const std::string& line) {
    std::string lower(line.size(), ' ');
    std::transform(line.begin(), line.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.find("receipt") != std::string::npos || lower.find("received") != std::string::npos ||
           lower.find("tardy") != std::string::npos;
}

}  // namespace

std::vector<Violation> findLeaks(const Knowledge& k, const Capture& c) {
    std::vector<Violation> out;
    const std::string& t = c.text;
    auto add = [&](const std::string& check, const std::string& item, const std::string& reason, std::size_t pos) {
        out.push_back({c.week, c.day, c.moment, c.command, c.side, check, item, reason, lineAround(t, pos)});
    };
    for (const auto& term : k.terms)
        for (std::size_t pos = t.find(term.text); pos != std::string::npos; pos = t.find(term.text, pos + 1))
            if (!term.wholeWord || wholeWordAt(t, pos, term.text.size())) {
                add(term.check, term.item, term.reason, pos);
                break;
            }
    if (!k.figures.empty()) {
        std::multimap<long, const Figure*> byValue;
        for (const auto& f : k.figures)
            if (!k.allowedNumbers.count(f.value)) byValue.emplace(f.value, &f);
        std::set<const Figure*> found;
        for (const auto& n : numbersInContext(t)) {
            const auto range = byValue.equal_range(n.value);
            for (auto it = range.first; it != range.second; ++it)
                if (it->second->contexts.count(n.context) && found.insert(it->second).second)
                    add(it->second->check, it->second->item + " (as \"" + n.context + "\")", it->second->reason, n.pos);
        }
    }
    if (!k.routes.empty()) {
        const auto tokens = hexTokens(t);
        std::multimap<std::string, std::size_t> index;
        for (std::size_t i = 0; i < tokens.size(); ++i) index.emplace(tokens[i].hex, i);
        for (const auto& r : k.routes) {
            const auto range = index.equal_range(r.hexes.front());
            for (auto it = range.first; it != range.second; ++it) {
                const std::size_t i = it->second;
                bool match = i + r.hexes.size() <= tokens.size();
                for (std::size_t j = 1; match && j < r.hexes.size(); ++j)
                    match = tokens[i + j].linked && tokens[i + j].hex == r.hexes[j];
                if (match) {
                    add(r.check, r.item, r.reason, tokens[i].pos);
                    break;
                }
            }
        }
    }
    if (!k.receipts.empty()) {
        std::set<const ReceiptItem*> found;
        for (std::size_t begin = 0; begin < t.size();) {
            const std::size_t end = std::min(t.find('\n', begin), t.size());
            const std::string line = t.substr(begin, end - begin);
            if (hasReceiptWord(line))
                for (const auto& r : k.receipts) {
                    if (found.count(&r)) continue;
                    bool named = false;
                    for (const auto& id : r.ids) named = named || containsWord(line, id);
                    for (const auto& l : r.labels) named = named || line.find(l) != std::string::npos;
                    if (named) {
                        found.insert(&r);
                        add(r.check, r.item, r.reason, begin);
                    }
                }
            begin = end + 1;
        }
    }
    return out;
}

}  // namespace etatmajor::audit
