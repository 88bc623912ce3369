// SPDX-License-Identifier: GPL-3.0-or-later
// The intelligence and battle reports of one side. The intelligence report prints the side's own reports as the
// engine's intelligence view gives them (engine::intelJson: what the side was told, never the truth behind a
// misstatement). The battle report prints a recorded battle (engine::findBattle, the battle's stored result, the
// per-unit losses and the resolver's log) with the side's own forces in full and the enemy only as the side saw it
// on the field: its counters, and its units by kind and nationality under a reference (E1, E2, …) instead of their
// names, in the casualty table and in the narrative alike (docs/papers.md).
#include "view.hpp"

#include "compose.hpp"

#include "db/store_impl.hpp"
#include "etatmajor/campaign/state.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_store.hpp"
#include "engine/battles_db.hpp"
#include "engine/intel_db.hpp"
#include "etatmajor/hex/offset.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <sstream>

namespace etatmajor::report::detail {
namespace {

using nlohmann::ordered_json;
using namespace compose;

// "Week 2" / "Week 2, day 3" / "" for the filter of the options.
std::string filterText(const PrintOptions& o) {
    if (!o.week) return {};
    return "Week " + std::to_string(*o.week) + (o.day ? ", day " + std::to_string(*o.day) : std::string());
}

bool passes(const PrintOptions& o, int week, int day) {
    if (o.week && week != *o.week) return false;
    if (o.day && day != *o.day) return false;
    return true;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// A paragraph of small print under the running head.
void note(Sheet& sheet, const std::string& s, double height = 22) {
    TextRun t;
    t.x = sheet.left();
    t.y = sheet.y;
    t.width = sheet.width();
    t.height = height;
    t.text = s;
    t.font = Font{8, FontFace::Sans, false, true};
    t.colour = ink::label;
    t.wrap = true;
    sheet.page().elements.emplace_back(std::move(t));
    sheet.y += height + 2;
}

// A dark band across the sheet with a title on the left and a note on the right.
void band(Sheet& sheet, const std::string& title, const std::string& right) {
    sheet.ensure(90);
    auto& p = sheet.page();
    const double x = sheet.left(), w = sheet.width();
    sheet.y += 4;
    p.elements.emplace_back(Box{x, sheet.y, w, 20, std::nullopt, ink::band});
    text(p, x + 6, sheet.y, w * 0.68, 20, title, Font{10.5, FontFace::Serif, true}, Align::Left, ink::white);
    text(p, x + w * 0.55, sheet.y, w * 0.45 - 6, 20, right, Font{8, FontFace::Sans, true}, Align::Right, ink::white);
    sheet.y += 24;
}

// A row of ruled fields across the sheet, in proportion to their weights.
void fieldRow(Sheet& sheet, const std::vector<std::tuple<std::string, std::string, double>>& fields, double height = 28) {
    sheet.ensure(height + 6);
    double total = 0;
    for (const auto& f : fields) total += std::get<2>(f);
    const double g = 4, w = sheet.width() - g * static_cast<double>(fields.size() - 1);
    double x = sheet.left();
    for (const auto& [label, value, weight] : fields) {
        const double fw = w * weight / total;
        field(sheet.page(), x, sheet.y, fw, height, label, value, 9.5);
        x += fw + g;
    }
    sheet.y += height + 6;
}

// ---------------------------------------------------------------------------------------------------------------
// Intelligence reports

// §8.6: the case and what it gave, in words.
std::string caseText(const std::string& intelCase, const std::string& detail) {
    if (intelCase == "1") return "Case 1 \u00b7 exact composition (the enemy had no scouting cavalry)";
    if (detail == "full") return "Case 2 \u00b7 exact composition (our scouts outnumbered theirs by half again)";
    if (detail == "numbers") return "Case 2 \u00b7 approximate numbers (our scouts outnumbered theirs)";
    return "Case 2 \u00b7 nothing learned (the scouts were evenly matched)";
}

}  // namespace

Document intelReport(const db::CampaignStore& store, const View& v, const PrintOptions& opts) {
    const auto doc = ordered_json::parse(engine::intelJson(store, v.side));
    std::map<std::string, std::string> ownLabel;
    for (const auto& me : v.own["mes"]) ownLabel[str(me, "id")] = str(me, "label");
    std::vector<ordered_json> reports;
    for (const auto& r : doc["reports"])
        if (passes(opts, r.value("week", 0), r.value("day", 0))) reports.push_back(r);

    Sheet sheet(opts.paper, "Intelligence Reports", subtitle(v), footer(v));
    const std::string filter = filterText(opts);
    note(sheet, "What our scouts have reported of the enemy (\u00a78.6), newest first" +
                    (filter.empty() ? std::string() : " \u2014 " + filter + " only") +
                    ". Each report describes one hex as it was told to us. Where only numbers were given, the enemy may have "
                    "misstated each count by a few units; the true figures are not known to this side.");
    if (reports.empty()) {
        text(sheet.page(), sheet.left(), sheet.y + 4, sheet.width(), 14,
             filter.empty() ? "No intelligence report has reached this side yet."
                            : "No intelligence report for " + lower(filter) + ".",
             Font{10, FontFace::Sans, false, true});
        return sheet.finish();
    }
    int n = 0;
    for (const auto& r : reports) {
        ++n;
        const std::string detail = str(r, "detail");
        const int countRows = detail == "nothing" ? 1 : std::max<int>(1, static_cast<int>(r["reported"].size()));
        sheet.ensure(24 + 2 * 34 + 16 + 14.0 * countRows + 30);
        // The reports are gathered as the scouts move: D4, scouting movement (§8.4).
        const std::string phase = r.contains("phase") ? str(r, "phase") : campaign::phaseString(campaign::Phase::D4);
        band(sheet,
             "Week " + std::to_string(r.value("week", 0)) + " \u00b7 Day " + std::to_string(r.value("day", 0)) + " \u00b7 " + phase +
                 (phase == campaign::phaseId(campaign::Phase::D4) ? " scouting movement" : ""),
             "Report " + std::to_string(n) + " of " + std::to_string(reports.size()));
        const std::string observer = str(r, "observer");
        fieldRow(sheet,
                 {{"OBSERVER (OWN ME)", observer + (ownLabel.count(observer) ? " \u2014 " + ownLabel[observer] : std::string()), 3},
                  {"HEX OBSERVED", str(r, "hex"), 1},
                  {"POSTURE REPORTED", r.contains("mode") ? pretty(str(r, "mode")) : "\u2014", 1.6}});
        sheet.y -= 2;
        fieldRow(sheet, {{"CASE (\u00a78.6)", caseText(str(r, "case"), detail), 1}});
        if (detail == "nothing") {
            text(sheet.page(), sheet.left() + 3, sheet.y - 2, sheet.width() - 6, 14,
                 "Nothing beyond the counter itself: the enemy's scouts kept ours at a distance.",
                 Font{8.5, FontFace::Sans, false, true});
            sheet.y += 18;
            continue;
        }
        std::vector<std::vector<std::string>> rows;
        int total = 0;
        for (const auto& c : r["reported"]) {
            const int count = c.value("count", 0);
            total += count;
            rows.push_back({pretty(str(c, "kind")), c.contains("nationality") ? pretty(str(c, "nationality")) : "not told",
                            detail == "numbers" ? "about " + std::to_string(count) : std::to_string(count)});
        }
        rows.push_back({"\tUnits reported", "", detail == "numbers" ? "about " + std::to_string(total) : std::to_string(total)});
        table(sheet,
              {{"Kind of unit", 3},
               {"Nationality", 2},
               {detail == "numbers" ? "Count (as told, may be misstated)" : "Count (exact)", 2, Align::Right}},
              rows, 13);
    }
    return sheet.finish();
}

// ---------------------------------------------------------------------------------------------------------------
// Battle reports

namespace {

struct LossRow {
    std::string unit;
    int figuresStart = 0, figuresLost = 0, standsLost = 0, points = 0;
    bool routed = false, removed = false;
};

struct BattleData {
    engine::BattleRecord record;
    std::string fieldHolder;
    ordered_json result;  // the resolver's result (empty for a tabletop result)
    std::vector<LossRow> losses;
};

BattleData readBattleData(db::CampaignStore& store, const engine::BattleRecord& rec) {
    BattleData d;
    d.record = rec;
    auto& db = store.impl().db;
    SQLite::Statement q(db, "SELECT field_holder, COALESCE(result, '') FROM battle WHERE id = ?");
    q.bind(1, rec.id);
    if (q.executeStep()) {
        d.fieldHolder = q.getColumn(0).getString();
        const std::string result = q.getColumn(1).getString();
        if (!result.empty()) d.result = ordered_json::parse(result, nullptr, false);
        if (d.result.is_discarded()) d.result = ordered_json();
    }
    SQLite::Statement l(db, "SELECT unit_id, figures_start, figures_lost, stands_lost, routed, removed, points FROM battle_loss "
                            "WHERE battle_id = ? ORDER BY unit_id");
    l.bind(1, rec.id);
    while (l.executeStep())
        d.losses.push_back({l.getColumn(0).getString(), l.getColumn(1).getInt(), l.getColumn(2).getInt(), l.getColumn(3).getInt(),
                            l.getColumn(6).getInt(), l.getColumn(4).getInt() != 0, l.getColumn(5).getInt() != 0});
    return d;
}

std::string sideName(const campaign::CampaignState& s, const std::string& id) {
    if (id.empty()) return "neither side";
    const auto* side = s.side(id);
    return side ? side->name : id;
}

std::string unitKind(const campaign::UnitState& u) { return pretty(std::string(campaign::unitTypeName(u.type))); }

// Replaces every occurrence of the names in `names` (longest first, in one pass, so a replacement is never
// rewritten) with what they map to.
std::string redact(const std::string& text, const std::map<std::string, std::string>& names) {
    std::vector<std::pair<std::string, std::string>> byLength(names.begin(), names.end());
    std::sort(byLength.begin(), byLength.end(), [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        bool hit = false;
        for (const auto& [name, with] : byLength) {
            if (name.empty() || text.compare(i, name.size(), name) != 0) continue;
            out += with;
            i += name.size();
            hit = true;
            break;
        }
        if (!hit) out += text[i++];
    }
    return out;
}

std::string fateText(const LossRow& l) {
    if (l.removed) return "gone for good";
    if (l.routed) return "routed";
    return "stood";
}

// A rough width of a run of text, in points, for deciding when a narrative line needs two.
double roughWidth(const std::string& s, double size) {
    std::size_t chars = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80) ++chars;
    return static_cast<double>(chars) * size * 0.5;
}

// The narrative as a side may read it: the resolver states each side's points (its strength at the start, its
// losses, its net loss at nightfall), and the enemy's stay secret with its VCS (§7.2, docs/secrecy.md). A line that
// gives the enemy's points is replaced by a note.
std::string withoutEnemyPoints(const std::string& narrative, const std::string& enemyName) {
    std::istringstream in(narrative);
    std::string out, line;
    while (std::getline(in, line)) {
        if (line.find("point") != std::string::npos && line.find(enemyName) != std::string::npos)
            line = "(a line giving the enemy's points is left out)";
        out += line + "\n";
    }
    return out;
}

void narrativeLines(Sheet& sheet, const std::string& narrative) {
    std::istringstream in(narrative);
    std::string line;
    while (std::getline(in, line)) {
        const auto first = line.find_first_not_of(' ');
        if (first == std::string::npos) continue;
        const std::string body = line.substr(first);
        const double x = sheet.left() + static_cast<double>(std::min<std::size_t>(first, 8)) * 4;
        const double w = sheet.left() + sheet.width() - x;
        if (first == 0) {
            // "Before the battle", "Turn 3": a small heading.
            sheet.ensure(30);
            sheet.y += 3;
            text(sheet.page(), sheet.left(), sheet.y, w, 13, body, Font{9, FontFace::Serif, true}, Align::Left, ink::band);
            sheet.y += 13;
            rule(sheet.page(), sheet.left(), sheet.y, sheet.left() + sheet.width(), sheet.y, 0.3, ink::faint);
            sheet.y += 1;
            continue;
        }
        const bool phase = body.back() == ':' && first <= 2;
        const Font font = phase ? Font{7, FontFace::Sans, true, false} : Font{7.6, FontFace::Sans};
        const int lines = std::clamp(static_cast<int>(roughWidth(body, font.size) / (w - 4)) + 1, 1, 8);
        const double h = 9.6 * lines;
        if (sheet.y + h > sheet.bottom()) sheet.newPage();
        TextRun t;
        t.x = x;
        t.y = sheet.y;
        t.width = w;
        t.height = h;
        t.text = body;
        t.font = font;
        t.colour = phase ? ink::label : ink::text;
        t.wrap = lines > 1;
        sheet.page().elements.emplace_back(std::move(t));
        sheet.y += h;
    }
}

// Own casualties, unit by unit.
void ownCasualties(Sheet& sheet, const View& v, const campaign::CampaignState& s, const BattleData& d,
                   const std::map<std::string, const campaign::UnitState*>& units) {
    std::vector<std::vector<std::string>> rows;
    sheet.heading("Own casualties", "every unit of ours in the battle: figures at the start, figures and stands lost");
    int fs = 0, fl = 0, sl = 0, pts = 0;
    for (const auto& l : d.losses) {
        const auto it = units.find(l.unit);
        if (it == units.end() || it->second->side != v.side) continue;
        const auto& u = *it->second;
        const auto* me = s.me(u.me);
        rows.push_back({u.name, me ? me->id : u.me, unitKind(u), std::to_string(l.figuresStart), std::to_string(l.figuresLost),
                        std::to_string(l.standsLost), fateText(l), std::to_string(l.points)});
        fs += l.figuresStart;
        fl += l.figuresLost;
        sl += l.standsLost;
        pts += l.points;
    }
    rows.push_back({"\tTotal", "", "", std::to_string(fs), std::to_string(fl), std::to_string(sl), "", std::to_string(pts)});
    table(sheet,
          {{"Unit", 3.6},
           {"ME", 1.1},
           {"Type", 1.65},
           {"Figures", 0.85, Align::Right},
           {"Lost", 0.7, Align::Right},
           {"Stands", 0.95, Align::Right},
           {"Fate", 1.35},
           {"Points", 0.7, Align::Right}},
          rows, 13);
}

// The enemy, as seen across the field: each unit by a reference, its kind and nationality, and what it lost. Returns
// the names the narrative must not show, with what replaces them.
std::map<std::string, std::string> enemyCasualties(Sheet& sheet, const View& v, const BattleData& d,
                                                   const std::map<std::string, const campaign::UnitState*>& units) {
    std::vector<std::vector<std::string>> rows;
    std::map<std::string, std::string> hidden;
    int ref = 0, efl = 0, esl = 0, erouted = 0, egone = 0;
    for (const auto& l : d.losses) {
        const auto it = units.find(l.unit);
        if (it == units.end() || it->second->side == v.side) continue;
        const auto& u = *it->second;
        const std::string code = "E" + std::to_string(++ref);
        hidden[u.name] = code + " (enemy " + lower(unitKind(u)) + ")";
        rows.push_back({code, unitKind(u), pretty(std::string(campaign::nationalityName(u.nationality))),
                        std::to_string(l.figuresLost), std::to_string(l.standsLost), fateText(l)});
        efl += l.figuresLost;
        esl += l.standsLost;
        erouted += l.routed ? 1 : 0;
        egone += l.removed ? 1 : 0;
    }
    rows.push_back({"\tTotal", std::to_string(ref) + " units", "", std::to_string(efl), std::to_string(esl),
                    std::to_string(erouted) + " routed, " + std::to_string(egone) + " gone"});
    sheet.heading("Enemy casualties", "as seen from the field: kinds and losses, not names");
    table(sheet,
          {{"Ref.", 0.8},
           {"Kind", 2},
           {"Nationality", 1.5},
           {"Figs lost", 1, Align::Right},
           {"Stands lost", 1, Align::Right},
           {"Fate", 2.2}},
          rows, 13);
    return hidden;
}

// Generals: ours by name, the enemy's only when hit.
void generalsSection(Sheet& sheet, const View& v, const campaign::CampaignState& s, const ordered_json& r) {
    std::vector<std::vector<std::string>> rows;
    if (r.is_object() && r.contains("generals"))
        for (const auto& g : r["generals"]) {
            const std::string fate = str(g, "fate");
            const int aides = g.value("aides_lost", 0);
            if (str(g, "side") == v.side) {
                std::string name = str(g, "id");
                for (const auto& gs : s.generals)
                    if (gs.id == name) name = gs.name;
                rows.push_back({name, pretty(str(g, "rank")), pretty(lower(fate)), std::to_string(aides)});
            } else if (fate != "UNHURT") {
                rows.push_back({"An enemy general", pretty(str(g, "rank")), pretty(lower(fate)), "\u2014"});
            }
        }
    if (!rows.empty()) {
        sheet.heading("Generals", "ours in full; an enemy general only when he was hit");
        table(sheet, {{"General", 3}, {"Rank", 1.5}, {"Fate", 1.5}, {"Aides lost", 1, Align::Right}}, rows, 13);
    }
}

void oneBattle(Sheet& sheet, const View& v, const campaign::CampaignState& s, const BattleData& d) {
    const auto& b = d.record;
    const std::string enemy = s.enemyOf(v.side);
    std::map<std::string, const campaign::UnitState*> units;
    for (const auto& u : s.units) units[u.id] = &u;
    const std::string status = b.status == "resolved"   ? (b.summary.rfind("no battle", 0) == 0 ? "not fought" : "fought")
                               : b.status == "tabletop" ? "awaiting the tabletop result"
                                                        : "not yet fought";
    // §8.6.4: a scouting combat says so, in its title and in a line of its own.
    const bool scoutingCombat = b.kind == "scouting_combat";
    band(sheet, (scoutingCombat ? "Scouting combat " : "Battle ") + std::to_string(b.id) + " at " + b.hex,
         "Week " + std::to_string(b.week) + " \u00b7 Day " + std::to_string(b.day) + " \u00b7 " + status);
    if (scoutingCombat)
        note(sheet, "A scouting combat: a fight begun by scouts in the scouting movement, between the scouts and the MEs that took up "
                    "their fight; nobody could march to its guns.");

    // Where and when.
    std::string where = b.hex;
    if (const auto o = hex::parseOffset(b.hex)) {
        const hex::Hex h = v.map.offsets().toHex(*o);
        if (v.map.contains(h)) where += " \u00b7 " + pretty(std::string(map::terrainName(v.map.terrain(h))));
        for (const auto& ua : v.map.urbanAreas())
            if (ua.hex == h) where += " \u00b7 " + ua.name + " (" + std::string(map::urbanSizeName(ua.size)) + ")";
    }
    fieldRow(sheet, {{"WHERE", where, 3.2},
                     {"WHEN", "Week " + std::to_string(b.week) + ", day " + std::to_string(b.day), 1.5},
                     {"WEATHER", pretty(b.weather), 1.1},
                     {"DAYLIGHT TURNS", std::to_string(b.daylight), 1.2},
                     {"FIRST TURN FOUGHT", std::to_string(b.startTurn), 1.3}});

    sheet.heading("Forces", "own MEs in full; the enemy as its counters showed after contact");
    std::vector<std::vector<std::string>> rows;
    for (const auto& p : b.participants) {
        const auto* me = s.me(p.me);
        const std::string label = me ? me->label : p.me;
        if (p.side == v.side)
            rows.push_back({"Own", p.me + " \u2014 " + label, pretty(p.mode), "turn " + std::to_string(p.arrivalTurn),
                            p.how.empty() ? "\u2014" : p.how,
                            std::to_string(p.moved) + " of " + std::to_string(p.allowance) + " hexes"});
    }
    for (const auto& p : b.participants) {
        const auto* me = s.me(p.me);
        if (p.side != v.side)
            rows.push_back({"Enemy", me ? me->label : std::string("enemy counter"), pretty(p.mode), "not known", "\u2014", "\u2014"});
    }
    table(sheet, {{"", 0.7}, {"ME", 3.4}, {"Mode", 1.6}, {"Arrives", 1.0}, {"Timing", 0.9}, {"Moved that day", 1.3}}, rows);

    if (b.status != "resolved") {
        note(sheet, b.summary.empty() ? "The battle has not been fought yet." : b.summary);
        return;
    }

    // Points each side lost (D10), from the per-unit ledger.
    std::map<std::string, int> points;
    for (const auto& l : d.losses)
        if (const auto it = units.find(l.unit); it != units.end()) points[it->second->side] += l.points;
    const auto& r = d.result;
    std::string winner = b.winner.empty() ? "Neither side (a draw)" : sideName(s, b.winner);
    if (r.is_object() && !str(r, "decisiveness").empty() && !b.winner.empty()) winner += " \u00b7 " + lower(str(r, "decisiveness"));
    // The margin is the difference of the two net losses: with our own loss it would give the enemy's, which stays
    // secret with its VCS (§7.2, docs/secrecy.md). Only the decisiveness above tells how clear the result was.
    std::string margin = "not known to us";
    std::string turns = "\u2014";
    if (r.is_object() && r.contains("turns_fought"))
        turns = str(r, "turns_fought") + " of " + str(r, "turns_available") + ", ended by " + lower(str(r, "end_reason"));
    sheet.heading("Result");
    fieldRow(sheet, {{"WINNER", winner, 3}, {"MARGIN (DIFFERENCE OF NET LOSSES)", margin, 1.6}});
    sheet.y -= 2;
    fieldRow(sheet, {{"FIELD HELD BY", sideName(s, d.fieldHolder), 3}, {"TURNS FOUGHT", turns, 1.6}});
    // What each side lost, as D10 counts it (G-68: figures and stands gone for good, valued in points).
    std::map<std::string, std::array<int, 3>> tally;  // figures lost, routed, gone
    for (const auto& l : d.losses)
        if (const auto it = units.find(l.unit); it != units.end()) {
            auto& t = tally[it->second->side];
            t[0] += l.figuresLost;
            t[1] += l.routed ? 1 : 0;
            t[2] += l.removed ? 1 : 0;
        }
    rows.clear();
    for (const auto& id : {v.side, enemy})
        rows.push_back({sideName(s, id), id == v.side ? std::to_string(points[id]) : std::string("\u2014"),
                        std::to_string(tally[id][0]), std::to_string(tally[id][1]), std::to_string(tally[id][2])});
    table(sheet,
          {{"Side", 3},
           {"Points lost (D10)", 1.2, Align::Right},
           {"Figures lost", 1, Align::Right},
           {"Units routed", 1, Align::Right},
           {"Units gone", 1, Align::Right}},
          rows, 13);
    // At nightfall the campaign sends the beaten side back a hex toward its supply source (D11): the loser, or after a
    // draw the side not left holding the field. The note follows that rule, so the winner is never told it falls back.
    const std::string kept = !b.winner.empty() ? b.winner : d.fieldHolder;
    if (!kept.empty() && kept != v.side)
        note(sheet,
             "Our troops fall back by night, one hex toward their supply source, which is also the rally point of "
             "their routers.",
             12);
    else if (!kept.empty()) note(sheet, "Our troops keep the ground tonight; the enemy falls back.", 12);

    ownCasualties(sheet, v, s, d, units);

    auto hidden = enemyCasualties(sheet, v, d, units);

    generalsSection(sheet, v, s, r);

    // The narrative, with the enemy's names replaced by what the side could see.
    for (const auto& g : s.generals)
        if (g.side != v.side && !g.name.empty()) hidden[g.name] = "an enemy general";
    // The log names formations by their ids: ours by their names, the enemy's not at all.
    for (const auto& f : s.formations)
        if (f.id.find('-') != std::string::npos) hidden[f.id] = f.side == v.side ? f.name : "an enemy brigade";
    for (const auto& u : s.units)
        if (u.side != v.side && !hidden.count(u.name)) hidden[u.name] = "an enemy " + lower(unitKind(u));
    if (!b.narrative.empty()) {
        sheet.heading("Narrative", "the resolver's account, turn by turn; enemy units by their reference");
        narrativeLines(sheet, redact(withoutEnemyPoints(b.narrative, sideName(s, enemy)), hidden));
    }
}

}  // namespace

Document battleReport(const db::CampaignStore& constStore, const View& v, const PrintOptions& opts) {
    auto& store = const_cast<db::CampaignStore&>(constStore);
    const auto state = db::loadState(constStore);
    std::vector<engine::BattleRecord> battles;
    if (opts.battle) {
        const auto rec = engine::findBattle(store, *opts.battle);
        if (!rec) throw db::StoreError("BATTLE-UNKNOWN", "the campaign has no battle " + std::to_string(*opts.battle));
        if (!rec->takesPart(v.side))
            throw db::StoreError("BATTLE-SIDE", "side '" + v.side + "' has no ME in battle " + std::to_string(*opts.battle) +
                                                    ": only the sides that fought it get its report");
        battles.push_back(*rec);
    } else {
        for (auto& rec : engine::listBattles(store))
            if (rec.status == "resolved" && rec.takesPart(v.side) && passes(opts, rec.week, rec.day))
                battles.push_back(std::move(rec));
    }
    Sheet sheet(opts.paper, "Battle Report", subtitle(v), footer(v));
    if (battles.empty()) {
        const std::string filter = filterText(opts);
        text(sheet.page(), sheet.left(), sheet.y + 4, sheet.width(), 14,
             filter.empty() ? "This side has fought no battle yet." : "This side fought no battle in " + lower(filter) + ".",
             Font{10, FontFace::Sans, false, true});
        return sheet.finish();
    }
    for (std::size_t i = 0; i < battles.size(); ++i) {
        if (i > 0) sheet.newPage();
        oneBattle(sheet, v, state, readBattleData(store, battles[i]));
    }
    return sheet.finish();
}

}  // namespace etatmajor::report::detail
