// SPDX-License-Identifier: GPL-3.0-or-later
// The printed papers of a side (issue 7): rendered to PDF for both sides of the bundled campaign, checked through
// pdftotext for their fields and figures and for what they must never show (the other side's hidden units), and
// rasterised page by page with pdftoppm. The first page of each paper is kept as a PNG in the build directory.
// The intelligence and battle reports are printed from a campaign played through its first day: an American scout
// reports a British brigade and a battle is fought at D9.
#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/campaign/phase.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/intel.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/report/papers.hpp"
#include "etatmajor/report/pdf.hpp"

#include "../raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace etatmajor;
namespace fs = std::filesystem;

namespace {

const fs::path kOut = ETATMAJOR_PAPERS_DIR;

std::string freshDb(const std::string& name) {
    fs::create_directories(kOut);
    const auto path = (kOut / (name + ".db")).string();
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix);
    db::NewCampaignRequest req;
    req.scenarioPath = (fs::path(ETATMAJOR_SOURCE_DIR) / "campaigns/southern-1780.xml").string();
    req.dbPath = path;
    req.seed = 7;
    const auto r = db::createCampaign(req);
    for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE(r.ok);
    return path;
}

int run(const std::string& command) { return std::system(command.c_str()); }

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// pdftotext of the whole document, with runs of white space made single spaces. `layout`: in the physical layout
// of the page, so that a table's row and a row of fields' values read as one line each.
std::string pdfText(const fs::path& pdf, bool layout = false) {
    const auto txt = fs::path(pdf).replace_extension(layout ? ".layout.txt" : ".txt");
    REQUIRE(run(std::string(ETATMAJOR_PDFTOTEXT) + (layout ? " -layout" : "") + " -q '" + pdf.string() + "' '" + txt.string() + "'") ==
            0);
    std::string raw = slurp(txt), out;
    for (char c : raw) {
        const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\f';
        if (space) {
            if (!out.empty() && out.back() != ' ') out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

int pageCount(const report::Document& d) { return static_cast<int>(d.pages.size()); }

// Every page rasterises; the first is kept as <stem>.png.
void rasterise(const fs::path& pdf, int pages) {
    const auto stem = fs::path(pdf).replace_extension("").string();
    const auto dir = pdf.parent_path();
    REQUIRE(run(std::string(ETATMAJOR_PDFTOPPM) + " -q -r 30 -png '" + pdf.string() + "' '" + stem + "-all'") == 0);
    int found = 0;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().rfind(fs::path(stem).filename().string() + "-all", 0) == 0) {
            ++found;
            fs::remove(e.path());
        }
    CHECK(found == pages);
    REQUIRE(run(std::string(ETATMAJOR_PDFTOPPM) + " -q -r 110 -png -singlefile -f 1 -l 1 '" + pdf.string() + "' '" + stem + "'") == 0);
    CHECK(fs::file_size(stem + ".png") > 10000);
}

struct Rendered {
    std::string text;
    int pages = 0;
    std::string layout;  // the same text in the page's layout
};

// Each test case writes into its own directory (ctest runs them in parallel); the first one's is the build's
// papers directory itself, where every paper of both sides lands.
Rendered render(const fs::path& dir, const db::CampaignStore& store, report::PaperKind kind, const std::string& side,
                report::PaperSize paper = report::PaperSize::A4, double hexMm = 6.0) {
    fs::create_directories(dir);
    report::PrintOptions options;
    options.paper = paper;
    options.hexMm = hexMm;
    const auto doc = report::buildPaper(store, kind, side, options);
    REQUIRE(pageCount(doc) >= 1);
    const auto pdf = dir / (side + "-" + std::string(report::paperKindName(kind)) +
                            (paper == report::PaperSize::Letter ? "-letter" : "") + ".pdf");
    report::renderPdf(doc, pdf.string());
    REQUIRE(fs::file_size(pdf) > 1000);
    rasterise(pdf, pageCount(doc));
    return {pdfText(pdf), pageCount(doc), pdfText(pdf, true)};
}

const report::PaperKind kAll[] = {report::PaperKind::Orders,  report::PaperKind::BlankOrders, report::PaperKind::Supply,
                                  report::PaperKind::Summary, report::PaperKind::Roster,      report::PaperKind::Map,
                                  report::PaperKind::Intel,   report::PaperKind::Battle};

// Names of units the other side may not see.
const std::vector<std::string> kBritishUnits = {"Volunteers of Ireland",      "23rd Regt.",
                                                "Royal Artillery detachment", "Rawdon",
                                                "British Legion Cavalry",     "Fraser's Highlanders",
                                                "Banastre Tarleton"};
const std::vector<std::string> kAmericanUnits = {"1st Maryland Brigade", "North Carolina Militia", "Armand's Legion",
                                                 "Virginia Militia",     "1st Delaware Regt.",     "2nd Maryland Brigade",
                                                 "Baron de Kalb",        "Horatio Gates"};

// The bundled campaign played through its first day (seed 4): Armand's Legion scouts from Cheraw toward 36,32 and
// observes Rawdon's brigade foraging at 34,33 (a case 1 report to the Americans); the Maryland division (deployed
// offensive) and Tarleton's reserve (deployed defensive) share 34,34 and fight battle 1 at D9. The dice decide
// whether the scout's order arrives and whether the weather lets it see the next hex, so generator states are tried
// until a day gives both the report and the battle.
std::string playedDb(const std::string& name) {
    for (int attempt = 0; attempt < 30; ++attempt) {
        const auto path = freshDb(name);
        {
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE campaign SET rng_state = " + std::to_string(500 + attempt));
            const auto at = [](const char* col, const char* row) {
                return std::string("q = (SELECT q FROM map_hex WHERE col = ") + col + " AND row = " + row +
                       "), r = (SELECT r FROM map_hex WHERE col = " + col + " AND row = " + row + ")";
            };
            raw.exec("UPDATE me SET " + at("34", "34") + " WHERE id IN ('a-maryland', 'b-tarleton')");
            raw.exec("UPDATE me SET mode = 'deployed_offensive' WHERE id = 'a-maryland'");
            raw.exec("UPDATE me SET mode = 'deployed_defensive' WHERE id = 'b-tarleton'");
            raw.exec("UPDATE me SET " + at("34", "33") + ", mode = 'forage' WHERE id = 'b-rawdon'");
        }
        {
            auto store = db::CampaignStore::open(path);
            auto orders = io::readOrdersString(engine::ordersTemplate(store, "american"), "template");
            for (auto& o : orders.orders)
                if (o.me == "a-armand") {
                    o.mode = campaign::Mode::Scouting;
                    o.path = {*hex::parseOffset("36,32")};
                    o.onScoutContact = campaign::ScoutContact::Observe;
                    o.intentions = "Find out what lies west of Cheraw.";
                }
            const auto issues = engine::submitOrders(store, orders);
            for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
            REQUIRE_FALSE(issues.hasErrors());
            REQUIRE(engine::standFast(store, "british").empty());
            engine::AdvanceOptions options;
            options.standFastMissing = true;
            REQUIRE(engine::advance(store, engine::Step::Day, options).ok);
        }
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        const int reports = raw.execAndGet("SELECT COUNT(*) FROM intel_report WHERE side_id = 'american'").getInt();
        const int battles = raw.execAndGet("SELECT COUNT(*) FROM battle WHERE status = 'resolved'").getInt();
        if (reports > 0 && battles == 1) return path;
    }
    FAIL("no generator state gave both a scouting report and a battle");
    return {};
}

int sqlInt(const std::string& path, const std::string& sql) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getInt();
}

// A word pdftotext read from a page with its box (points from the top left).
struct Word {
    std::string text;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    double cx() const { return (x0 + x1) / 2; }
    double cy() const { return (y0 + y1) / 2; }
};

// Every word of every page (`pdftotext -bbox`).
std::vector<std::vector<Word>> pdfWords(const fs::path& pdf) {
    const auto html = fs::path(pdf).replace_extension(".bbox.html");
    REQUIRE(run(std::string(ETATMAJOR_PDFTOTEXT) + " -bbox -q '" + pdf.string() + "' '" + html.string() + "'") == 0);
    const std::string raw = slurp(html);
    std::vector<std::vector<Word>> pages;
    const std::regex tag(R"re(<page |<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>)re");
    for (std::sregex_iterator it(raw.begin(), raw.end(), tag), end; it != end; ++it) {
        const auto& m = *it;
        if (m.str(0) == "<page ") {
            pages.emplace_back();
        } else if (!pages.empty()) {
            pages.back().push_back({m.str(5), std::stod(m.str(1)), std::stod(m.str(2)), std::stod(m.str(3)), std::stod(m.str(4))});
        }
    }
    return pages;
}

std::string joinedWords(const std::vector<Word>& words) {
    std::string out;
    for (const auto& w : words) out += w.text + " ";
    return out;
}

// The columns and rows a map sheet says it covers in its heading ("columns 0–22, rows 0–34").
struct SheetBlock {
    int c0 = 0, c1 = -1, r0 = 0, r1 = -1;
};
SheetBlock sheetBlock(const std::vector<Word>& words) {
    std::smatch m;
    const std::string text = joinedWords(words);
    REQUIRE(std::regex_search(text, m, std::regex("columns (\\d+)\u2013(\\d+), rows (\\d+)\u2013(\\d+)")));
    return {std::stoi(m.str(1)), std::stoi(m.str(2)), std::stoi(m.str(3)), std::stoi(m.str(4))};
}

// The hex numbers ("col,row") set on a page, by their text.
std::map<std::string, Word> hexNumbers(const std::vector<Word>& words) {
    std::map<std::string, Word> out;
    const std::regex number("\\d+,\\d+");
    for (const auto& w : words)
        if (std::regex_match(w.text, number)) out.emplace(w.text, w);
    return out;
}

std::string label(int col, int row) { return std::to_string(col) + "," + std::to_string(row); }

}  // namespace

TEST_CASE("every paper of both sides renders, rasterises and hides the other side's units", "[report]") {
    // A campaign with a scouting report and a battle behind it, so that every paper has something to show; the
    // first page of each lands in the build's papers directory.
    const auto path = playedDb("papers");
    const auto store = db::CampaignStore::open(path, true);
    for (const std::string side : {"british", "american"}) {
        for (const auto kind : kAll) {
            INFO(side << " " << report::paperKindName(kind));
            const auto r = render(kOut, store, kind, side);
            const auto& hidden = side == "british" ? kAmericanUnits : kBritishUnits;
            for (const auto& name : hidden) CHECK(r.text.find(name) == std::string::npos);
            CHECK_THAT(r.text, Catch::Contains(side == "british" ? "His Majesty's Southern Army"
                                                                 : "The Grand Army of the Southern Department"));
            CHECK_THAT(r.text, Catch::Contains("Page 1 of " + std::to_string(r.pages)));
        }
    }
}

TEST_CASE("the order sheets carry every field of the order form, from the template when no order is given", "[report]") {
    const auto path = freshDb("orders-template");
    const auto store = db::CampaignStore::open(path, true);
    const auto r = render(kOut / "orders-template", store, report::PaperKind::Orders, "british");
    for (const char* s :
         {"ORDER SHEET",        "TURN (WEEK / DAY)",       "CORPS",       "DIVISION",       "BRIGADE / OTHER", "FORMATION MODE",
          "SUPPLY POINT",       "LINE OF COMMUNICATION",   "PRESENT HEX", "MOVEMENT",       "INTENTIONS",      "Webster's Bde",
          "Rawdon's Bde",       "Reserve (Tarleton)",      "b-webster",   "Week 1 · Day 1", "Camden",          "27,40",
          "Deployed defensive", "filled from the template"})
        CHECK_THAT(r.text, Catch::Contains(s));
    CHECK(r.pages == 2);  // three MEs, two a page
}

TEST_CASE("the order sheets show the order given for the day with its path and intentions", "[report]") {
    const auto path = freshDb("orders-given");
    {
        auto store = db::CampaignStore::open(path);
        const auto tmpl = engine::ordersTemplate(store, "british");
        campaign::OrdersFile f;
        f.side = "british";
        f.week = 1;
        f.day = 1;
        for (const char* me : {"b-webster", "b-rawdon", "b-tarleton"}) {
            campaign::Order o;
            o.me = me;
            o.mode = campaign::Mode::Forage;
            if (std::string(me) == "b-rawdon") {
                o.mode = campaign::Mode::March;
                o.path = {*hex::parseOffset("26,39"), *hex::parseOffset("27,40")};
                o.intentions = "Join Lord Cornwallis at Camden before dark.";
            }
            f.orders.push_back(o);
        }
        const auto issues = engine::submitOrders(store, f);
        for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
        REQUIRE_FALSE(issues.hasErrors());
    }
    const auto store = db::CampaignStore::open(path, true);
    const auto r = render(kOut / "orders-given", store, report::PaperKind::Orders, "british");
    CHECK_THAT(r.text, Catch::Contains("27,38 → 26,39 → 27,40"));
    CHECK_THAT(r.text, Catch::Contains("Join Lord Cornwallis at Camden"));
    CHECK_THAT(r.text, Catch::Contains("The order given for today"));
    CHECK_THAT(r.text, Catch::Contains("ON CONTACT"));
}

TEST_CASE("the supply, summary and roster papers carry the side's figures", "[report]") {
    const auto path = freshDb("figures");
    const auto store = db::CampaignStore::open(path, true);
    const auto supply = render(kOut / "figures", store, report::PaperKind::Supply, "british");
    for (const char* s : {"Sources held", "Camden", "Charleston", "Lines of communication", "27,38 26,39 27,40", "This week's ledger",
                          "Balance", "b-tarleton"})
        CHECK_THAT(supply.text, Catch::Contains(s));
    const auto summary = render(kOut / "figures", store, report::PaperKind::Summary, "american");
    for (const char* s : {"Objectives", "Victory condition score", "BASELINE", "DEFEAT THRESHOLD", "Week", "1 of 21"})
        CHECK_THAT(summary.text, Catch::Contains(s));
    const auto roster = render(kOut / "figures", store, report::PaperKind::Roster, "british");
    for (const char* s : {"Order of Battle", "23rd Regt. (Royal Welch Fusiliers)", "Lt. Gen. Charles Cornwallis", "capable",
                          "Volunteers of Ireland", "Line infantry", "ME total", "Side totals"})
        CHECK_THAT(roster.text, Catch::Contains(s));
}

TEST_CASE("the map prints at a chosen scale, tiled over more sheets when larger, on A4 and Letter", "[report]") {
    const auto path = freshDb("map");
    const auto store = db::CampaignStore::open(path, true);
    const auto small = render(kOut / "map", store, report::PaperKind::Map, "american", report::PaperSize::A4, 3.0);
    const auto large = render(kOut / "map", store, report::PaperKind::Map, "british", report::PaperSize::Letter, 9.0);
    CHECK(large.pages > small.pages);
    CHECK_THAT(large.text, Catch::Contains("Sheet 1 of " + std::to_string(large.pages)));
    CHECK_THAT(large.text, Catch::Contains("Major road"));
    CHECK_THAT(large.text, Catch::Contains("Camden"));
    report::PrintOptions letter;
    letter.paper = report::PaperSize::Letter;
    const auto blank = report::buildPaper(store, report::PaperKind::BlankOrders, "british", letter);
    CHECK(blank.paper == report::PaperSize::Letter);
}

TEST_CASE("an unknown side is refused and an unwritable file is a render error", "[report]") {
    const auto path = freshDb("errors");
    const auto store = db::CampaignStore::open(path, true);
    CHECK_THROWS_AS(report::buildPaper(store, report::PaperKind::Roster, "french", {}), db::StoreError);
    const auto doc = report::buildPaper(store, report::PaperKind::BlankOrders, "british", {});
    CHECK_THROWS_AS(report::renderPdf(doc, (kOut / "no-such-dir" / "x.pdf").string()), report::RenderError);
    CHECK(report::paperKindFromName("roster") == report::PaperKind::Roster);
    CHECK_FALSE(report::paperKindFromName("intelligence"));
    CHECK(report::paperKindFromName("intel") == report::PaperKind::Intel);
    CHECK(report::paperKindFromName("battle") == report::PaperKind::Battle);
    CHECK(report::allPaperKinds().size() == 8);
    CHECK(report::paperSizeFromName("letter") == report::PaperSize::Letter);
}

TEST_CASE("the intelligence report prints what the side was told, newest first, and nothing else", "[report]") {
    const auto path = playedDb("intel");
    {
        // A second, later report as case 2 gives it: numbers only, misstated (told 5, truly 13).
        etatmajor::test::RawEdit raw(path);
        raw.exec(
            "INSERT INTO intel_report (week, day, side_id, observer_me, q, r, target_mes, intel_case, detail, reported, true_counts, "
            "mode_reported) SELECT 1, 2, 'american', 'a-armand', q, r, 'b-webster', '2', 'numbers', "
            "'[{\"kind\":\"line infantry battalions\",\"count\":5}]', "
            "'[{\"kind\":\"line infantry battalions\",\"nationality\":\"british\",\"count\":13}]', '' "
            "FROM map_hex WHERE col = 27 AND row = 40");
    }
    const auto store = db::CampaignStore::open(path, true);
    const auto told = nlohmann::json::parse(engine::intelJson(store, "american"));
    REQUIRE(told["reports"].size() == 2);
    const auto& first = told["reports"][1];  // the scout's own report of day 1
    int units = 0;
    for (const auto& c : first["reported"]) units += c["count"].get<int>();
    CHECK(units == 4);  // Rawdon's four units

    const auto am = render(kOut / "intel", store, report::PaperKind::Intel, "american");
    for (const char* s : {"Intelligence Reports", "Week 1 · Day 1 · D4 scouting movement", "Week 1 · Day 2",
                          "a-armand — Armand's Legion", "34,33", "27,40", "Case 1 · exact composition", "Case 2 · approximate numbers",
                          "Forage", "Loyalist", "about 5", "may be misstated", "Report 1 of 2", "Report 2 of 2"})
        CHECK_THAT(am.text, Catch::Contains(s));
    CHECK_THAT(am.layout, Catch::Contains("Units reported " + std::to_string(units)));
    CHECK(am.text.find("about 13") == std::string::npos);  // the truth behind a misstatement never shows
    CHECK(am.text.find(" 13 ") == std::string::npos);
    CHECK(am.text.find("b-webster") == std::string::npos);
    // Newest first: day 2's report is printed before day 1's.
    CHECK(am.text.find("27,40") < am.text.find("34,33"));

    report::PrintOptions day1;
    day1.week = 1;
    day1.day = 1;
    const auto filtered = report::buildPaper(store, report::PaperKind::Intel, "american", day1);
    report::renderPdf(filtered, (kOut / "intel" / "american-intel-day1.pdf").string());
    const auto ft = pdfText(kOut / "intel" / "american-intel-day1.pdf");
    CHECK_THAT(ft, Catch::Contains("34,33"));
    CHECK(ft.find("27,40") == std::string::npos);
    CHECK_THAT(ft, Catch::Contains("Report 1 of 1"));

    // Case 1 informs the scout's side only: the British have nothing.
    const auto br = render(kOut / "intel", store, report::PaperKind::Intel, "british");
    CHECK_THAT(br.text, Catch::Contains("No intelligence report has reached this side yet."));
    CHECK(br.text.find("34,33") == std::string::npos);
    report::PrintOptions week2;
    week2.week = 2;
    report::renderPdf(report::buildPaper(store, report::PaperKind::Intel, "american", week2), (kOut / "intel" / "week2.pdf").string());
    CHECK_THAT(pdfText(kOut / "intel" / "week2.pdf"), Catch::Contains("No intelligence report for week 2."));
}

TEST_CASE("the battle report: set-up, result, own losses in full, the enemy without names", "[report]") {
    const auto path = playedDb("battle");
    const auto store = db::CampaignStore::open(path, true);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    const std::string winner = raw.execAndGet("SELECT winner FROM battle WHERE id = 1").getString();
    const std::string holder = raw.execAndGet("SELECT field_holder FROM battle WHERE id = 1").getString();
    const auto result = nlohmann::json::parse(raw.execAndGet("SELECT result FROM battle WHERE id = 1").getString());
    const std::string margin = result["margin_points"].get<std::string>();
    std::string decisiveness = result["decisiveness"].get<std::string>();
    std::transform(decisiveness.begin(), decisiveness.end(), decisiveness.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::string weather = raw.execAndGet("SELECT weather FROM battle WHERE id = 1").getString();
    weather[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(weather[0])));
    const int daylightTurns = sqlInt(path, "SELECT daylight_turns FROM battle WHERE id = 1");
    const auto sideName = [&](const std::string& id) {
        return raw.execAndGet("SELECT name FROM side WHERE id = '" + id + "'").getString();
    };
    for (const std::string side : {"british", "american"}) {
        INFO(side);
        const std::string enemy = side == "british" ? "american" : "british";
        const auto r = render(kOut / "battle", store, report::PaperKind::Battle, side);
        // The same tables as data, for a screen: each under its heading with its column titles, and no enemy unit or
        // general by name in them.
        const auto doc = report::buildPaper(store, report::PaperKind::Battle, side, {});
        REQUIRE(doc.tables.size() >= 3);
        CHECK(doc.tables[0].heading == "Forces");
        CHECK(doc.tables[0].columns == std::vector<std::string>{"", "ME", "Mode", "Arrives", "Timing", "Moved that day"});
        CHECK(doc.tables[1].heading == "Result");
        REQUIRE(doc.tables[1].rows.size() == 2);
        CHECK(doc.tables[1].rows[0][0] == sideName(side));
        CHECK(doc.tables[1].rows[1][1] == "\u2014");  // the enemy's points lost stay secret
        for (const auto& t : doc.tables)
            for (const auto& row : t.rows)
                for (const auto& cell : row) {
                    for (const auto& name : side == "british" ? kAmericanUnits : kBritishUnits)
                        CHECK(cell.find(name) == std::string::npos);
                }
        for (const char* s : {"Battle Report", "Battle 1 at 34,34", "Week 1 · Day 1 · fought", "WHERE", "WEATHER", "DAYLIGHT TURNS",
                              "Forces", "Reserve (Tarleton)", "Maryland Div (with army HQ and guns)", "Own casualties",
                              "Enemy casualties", "Narrative", "Turn 1", "Before the battle", "E1"})
            CHECK_THAT(r.text, Catch::Contains(s));
        // The rows of fields read as one line each in the page's layout: where, when, weather, daylight, first turn.
        CHECK_THAT(r.layout, Catch::Contains("34,34 · Clear Week 1, day 1 " + weather + " " + std::to_string(daylightTurns) + " 1"));
        const std::string winnerText = winner.empty() ? std::string("Neither side (a draw)") : sideName(winner) + " · " + decisiveness;
        // Who falls back tonight follows the campaign's rule (D11): the beaten side, never the winner.
        const std::string kept = !winner.empty() ? winner : holder;
        if (!kept.empty()) CHECK_THAT(r.text, Catch::Contains(kept == side ? "keep the ground" : "fall back by night"));
        // The margin is the difference of the two net losses: with our own it would give the enemy's, which stays
        // secret (docs/secrecy.md); the decisiveness tells how clear the result was.
        CHECK_THAT(r.layout, Catch::Contains(winnerText + " not known to us"));
        CHECK((r.layout.find(margin + " points") == std::string::npos || margin == "0"));
        CHECK_THAT(r.layout,
                   Catch::Contains("FIELD HELD BY TURNS FOUGHT " + (holder.empty() ? std::string("neither side") : sideName(holder)) +
                                   " " + std::to_string(result["turns_fought"].get<int>()) + " of "));
        // Points lost as D10 counts them (our own; the enemy's stay secret with its VCS, shown as a dash), and the
        // figures, routs and units gone of both.
        for (const auto& s : {side, enemy}) {
            const std::string of = " FROM battle_loss l JOIN unit u ON u.id = l.unit_id WHERE u.side_id = '" + s + "'";
            const std::string points = s == side ? std::to_string(sqlInt(path, "SELECT COALESCE(SUM(l.points), 0)" + of))
                                                 : std::string("\u2014");
            CHECK_THAT(r.layout, Catch::Contains(sideName(s) + " " + points + " " +
                                                 std::to_string(sqlInt(path, "SELECT COALESCE(SUM(l.figures_lost), 0)" + of)) + " " +
                                                 std::to_string(sqlInt(path, "SELECT COALESCE(SUM(l.routed), 0)" + of)) + " " +
                                                 std::to_string(sqlInt(path, "SELECT COALESCE(SUM(l.removed), 0)" + of))));
        }
        // Every own unit by name with its figures; the enemy's only by reference.
        SQLite::Statement q(
            raw, "SELECT u.name, u.side_id, l.figures_start, l.figures_lost FROM battle_loss l JOIN unit u ON u.id = l.unit_id "
                 "WHERE l.battle_id = 1");
        int enemyUnits = 0, enemyLost = 0;
        while (q.executeStep()) {
            const std::string name = q.getColumn(0).getString();
            if (q.getColumn(1).getString() == side) {
                // Unit, ME, type, figures at start, figures lost.
                CHECK_THAT(r.layout, Catch::Contains(name + " "));
                const std::string figures = " " + std::to_string(q.getColumn(2).getInt()) + " " +
                                            std::to_string(q.getColumn(3).getInt()) + " ";
                const auto row = r.layout.find(name + " ");
                CHECK(row != std::string::npos);
                if (row != std::string::npos) CHECK_THAT(r.layout.substr(row, 120), Catch::Contains(figures));
            } else {
                CHECK(r.text.find(name) == std::string::npos);
                ++enemyUnits;
                enemyLost += q.getColumn(3).getInt();
            }
        }
        REQUIRE(enemyUnits > 0);
        CHECK_THAT(r.text, Catch::Contains("E" + std::to_string(enemyUnits) + " "));
        CHECK(r.text.find("E" + std::to_string(enemyUnits + 1) + " ") == std::string::npos);
        CHECK_THAT(r.layout, Catch::Contains("Total " + std::to_string(enemyUnits) + " units " + std::to_string(enemyLost) + " "));
        const auto& hidden = side == "british" ? kAmericanUnits : kBritishUnits;
        for (const auto& name : hidden) CHECK(r.text.find(name) == std::string::npos);
        // The enemy's arrival turns stay unknown.
        CHECK_THAT(r.text, Catch::Contains("not known"));
    }

    report::PrintOptions one;
    one.battle = 1;
    CHECK(report::buildPaper(store, report::PaperKind::Battle, "british", one).pages.size() >= 2);
    report::PrintOptions none;
    none.battle = 7;
    try {
        report::buildPaper(store, report::PaperKind::Battle, "british", none);
        FAIL("battle 7 does not exist");
    } catch (const db::StoreError& e) {
        CHECK(e.code() == "BATTLE-UNKNOWN");
    }
    report::PrintOptions day2;
    day2.week = 1;
    day2.day = 2;
    report::renderPdf(report::buildPaper(store, report::PaperKind::Battle, "american", day2), (kOut / "battle" / "day2.pdf").string());
    CHECK_THAT(pdfText(kOut / "battle" / "day2.pdf"), Catch::Contains("This side fought no battle in week 1, day 2."));
}

TEST_CASE("a side that did not fight a battle gets no report of it", "[report]") {
    const auto path = playedDb("battle-side");
    {
        // Battle 1 as if only the Americans had been there.
        etatmajor::test::RawEdit raw(path);
        raw.exec("DELETE FROM battle_participant WHERE battle_id = 1 AND side_id = 'british'");
    }
    const auto store = db::CampaignStore::open(path, true);
    report::PrintOptions one;
    one.battle = 1;
    try {
        report::buildPaper(store, report::PaperKind::Battle, "british", one);
        FAIL("the British took no part in battle 1");
    } catch (const db::StoreError& e) {
        CHECK(e.code() == "BATTLE-SIDE");
        CHECK_THAT(std::string(e.what()), Catch::Contains("side 'british' has no ME in battle 1"));
    }
    const auto all = render(kOut / "battle-side", store, report::PaperKind::Battle, "british");
    CHECK_THAT(all.text, Catch::Contains("This side has fought no battle yet."));
}

TEST_CASE("the battle report says when the battle was a scouting combat (§8.6.4)", "[report]") {
    const auto path = playedDb("battle-scouting");
    {
        const auto store = db::CampaignStore::open(path, true);
        const auto plain = render(kOut / "battle-scouting", store, report::PaperKind::Battle, "british");
        CHECK_THAT(plain.text, Catch::Contains("Battle 1 at 34,34"));
        CHECK(plain.text.find("Scouting combat") == std::string::npos);
        CHECK(plain.text.find("A scouting combat") == std::string::npos);
    }
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("UPDATE battle SET kind = 'scouting_combat' WHERE id = 1");
    }
    const auto store = db::CampaignStore::open(path, true);
    for (const std::string side : {"british", "american"}) {
        INFO(side);
        const auto r = render(kOut / "battle-scouting", store, report::PaperKind::Battle, side);
        CHECK_THAT(r.text, Catch::Contains("Scouting combat 1 at 34,34"));
        CHECK_THAT(r.text, Catch::Contains("A scouting combat"));
    }
}

TEST_CASE("the map print sets every hex's number as the orders write it, and the column and row numbers on the edges", "[report]") {
    // The bundled campaign's map at the default scale (6 mm a hex) on A4: every hex of a sheet carries its number,
    // read back from the PDF with its position; the column numbers stand above the top row's and below the bottom
    // row's hex numbers, the row numbers beside the first and last columns'.
    const auto path = freshDb("map-numbers");
    const auto store = db::CampaignStore::open(path, true);
    const auto r = render(kOut / "map-numbers", store, report::PaperKind::Map, "british");
    const auto pages = pdfWords(kOut / "map-numbers" / "british-map.pdf");
    REQUIRE(static_cast<int>(pages.size()) == r.pages);
    const auto map = store.loadMap();
    std::set<std::string> covered;
    for (std::size_t p = 0; p < pages.size(); ++p) {
        INFO("sheet " << p + 1);
        const auto b = sheetBlock(pages[p]);
        const auto numbers = hexNumbers(pages[p]);
        int missing = 0;
        for (int c = b.c0; c <= b.c1; ++c)
            for (int row = b.r0; row <= b.r1; ++row) {
                if (!map.contains(map.offsets().toHex({c, row}))) continue;
                if (numbers.count(label(c, row)) == 0) {
                    UNSCOPED_INFO("no " << label(c, row));
                    ++missing;
                }
                covered.insert(label(c, row));
            }
        CHECK(missing == 0);
        // Nothing from outside the sheet's block is numbered on it (the ME key prints its hexes in brackets).
        for (const auto& [text, w] : numbers) {
            const auto comma = text.find(',');
            const int c = std::stoi(text.substr(0, comma)), row = std::stoi(text.substr(comma + 1));
            CHECK((c >= b.c0 && c <= b.c1 && row >= b.r0 && row <= b.r1));
        }
        auto near = [&](const std::string& text, auto&& where) {
            for (const auto& w : pages[p])
                if (w.text == text && where(w)) return true;
            return false;
        };
        for (int c = b.c0; c <= b.c1; ++c) {
            const auto top = numbers.find(label(c, b.r0)), bottom = numbers.find(label(c, b.r1));
            REQUIRE(top != numbers.end());
            REQUIRE(bottom != numbers.end());
            CHECK(near(std::to_string(c), [&](const Word& w) {
                return std::abs(w.cx() - top->second.cx()) < 2 && w.y1 <= top->second.y0 && w.y1 > top->second.y0 - 20;
            }));
            CHECK(near(std::to_string(c), [&](const Word& w) {
                return std::abs(w.cx() - bottom->second.cx()) < 2 && w.y0 >= bottom->second.y1 && w.y0 < bottom->second.y1 + 20;
            }));
        }
        for (int row = b.r0; row <= b.r1; ++row) {
            const auto first = numbers.find(label(b.c0, row)), last = numbers.find(label(b.c1, row));
            REQUIRE(first != numbers.end());
            REQUIRE(last != numbers.end());
            // Beside the hex: the number sits in the upper half of its hex, the row number level with the centre.
            CHECK(near(std::to_string(row), [&](const Word& w) {
                return w.x1 <= first->second.x0 && w.x1 > first->second.x0 - 25 && std::abs(w.cy() - first->second.cy()) < 6;
            }));
            CHECK(near(std::to_string(row), [&](const Word& w) {
                return w.x0 >= last->second.x1 && w.x0 < last->second.x1 + 25 && std::abs(w.cy() - last->second.cy()) < 6;
            }));
        }
    }
    // Every hex of the map is on some sheet, with its number; Camden's among them.
    CHECK(covered.size() == map.allHexes().size());
    CHECK(covered.count("27,40") == 1);
}

TEST_CASE("a map too large for one sheet is tiled into sheets that overlap by two columns and rows, and says which join", "[report]") {
    const auto path = freshDb("map-tiles");
    const auto store = db::CampaignStore::open(path, true);
    const auto r = render(kOut / "map-tiles", store, report::PaperKind::Map, "american");
    const auto pages = pdfWords(kOut / "map-tiles" / "american-map.pdf");
    const auto map = store.loadMap();
    REQUIRE(map.width() == 63);
    REQUIRE(map.height() == 68);
    // 63 columns of 6 mm hexes (and the half hex of the shoved rows) need 381 mm, three A4 sheets across (at most
    // 30 columns each, so two would hold 58 with their overlap); 68 rows 5.2 mm apart need two sheets down.
    REQUIRE(r.pages == 6);
    std::vector<SheetBlock> blocks;
    for (const auto& words : pages) blocks.push_back(sheetBlock(words));
    const auto at = [&](int i, int j) { return blocks[static_cast<std::size_t>(j * 3 + i)]; };
    for (int j = 0; j < 2; ++j)
        for (int i = 0; i < 3; ++i) {
            INFO("sheet " << j * 3 + i + 1);
            const auto b = at(i, j);
            // Sheets of a row share their rows, sheets of a column their columns.
            CHECK(b.r0 == at(0, j).r0);
            CHECK(b.r1 == at(0, j).r1);
            CHECK(b.c0 == at(i, 0).c0);
            CHECK(b.c1 == at(i, 0).c1);
            if (i > 0) CHECK(at(i - 1, j).c1 - b.c0 + 1 == 2);  // two columns on both
            if (j > 0) CHECK(at(i, j - 1).r1 - b.r0 + 1 == 2);  // two rows on both
            // No sliver: every sheet carries all but at most one column (row) of the widest (tallest).
            CHECK(b.c1 - b.c0 + 1 >= 21);
            CHECK(b.r1 - b.r0 + 1 >= 34);
        }
    CHECK(at(0, 0).c0 == 0);
    CHECK(at(2, 0).c1 == 62);
    CHECK(at(0, 0).r0 == 0);
    CHECK(at(0, 1).r1 == 67);
    // The key of each sheet names its neighbours and the shared columns and rows, and the hexes of those columns
    // carry the same numbers on both sheets.
    const auto text1 = joinedWords(pages[0]);
    const std::string east = "Continues on sheet 2 to the east (columns " + std::to_string(at(1, 0).c0) + "\u2013" +
                             std::to_string(at(0, 0).c1) + " are on both).";
    const std::string south = "Continues on sheet 4 to the south (rows " + std::to_string(at(0, 1).r0) + "\u2013" +
                              std::to_string(at(0, 0).r1) + " are on both).";
    CHECK_THAT(text1, Catch::Contains(east));
    CHECK_THAT(text1, Catch::Contains(south));
    CHECK(text1.find("to the west") == std::string::npos);
    CHECK(text1.find("to the north") == std::string::npos);
    const auto text5 = joinedWords(pages[4]);
    for (const char* dir : {"sheet 2 to the north", "sheet 6 to the east", "sheet 4 to the west"})
        CHECK_THAT(text5, Catch::Contains(dir));
    CHECK(text5.find("to the south") == std::string::npos);
    const auto n1 = hexNumbers(pages[0]), n2 = hexNumbers(pages[1]), n4 = hexNumbers(pages[3]);
    for (int row = at(0, 0).r0; row <= at(0, 0).r1; ++row)
        for (int c = at(1, 0).c0; c <= at(0, 0).c1; ++c) {
            INFO(label(c, row));
            CHECK(n1.count(label(c, row)) == 1);
            CHECK(n2.count(label(c, row)) == 1);
        }
    for (int c = at(0, 0).c0; c <= at(0, 0).c1; ++c)
        for (int row = at(0, 1).r0; row <= at(0, 0).r1; ++row) {
            INFO(label(c, row));
            CHECK(n1.count(label(c, row)) == 1);
            CHECK(n4.count(label(c, row)) == 1);
        }
}

TEST_CASE("hexes too small for a number each are numbered every other hex, the edges still in full", "[report]") {
    const auto path = freshDb("map-small");
    const auto store = db::CampaignStore::open(path, true);
    render(kOut / "map-small", store, report::PaperKind::Map, "british", report::PaperSize::A4, 4.0);
    const auto pages = pdfWords(kOut / "map-small" / "british-map.pdf");
    const auto map = store.loadMap();
    for (std::size_t p = 0; p < pages.size(); ++p) {
        INFO("sheet " << p + 1);
        const auto b = sheetBlock(pages[p]);
        const auto numbers = hexNumbers(pages[p]);
        int wrong = 0;
        for (int c = b.c0; c <= b.c1; ++c)
            for (int row = b.r0; row <= b.r1; ++row)
                if (map.contains(map.offsets().toHex({c, row})) && (numbers.count(label(c, row)) == 1) != ((c + row) % 2 == 0))
                    ++wrong;
        CHECK(wrong == 0);
        // Column numbers along the top: every column of the sheet.
        std::set<std::string> words;
        for (const auto& w : pages[p]) words.insert(w.text);
        for (int c = b.c0; c <= b.c1; ++c) CHECK(words.count(std::to_string(c)) == 1);
    }
}

TEST_CASE("the blank order sheet carries every field of the filled one", "[report]") {
    const auto path = freshDb("orders-blank");
    const auto store = db::CampaignStore::open(path, true);
    const auto filled = render(kOut / "orders-blank", store, report::PaperKind::Orders, "british");
    const auto blank = render(kOut / "orders-blank", store, report::PaperKind::BlankOrders, "british");
    // §8.2: the order sheet's fields and what the orders file carries besides.
    for (const char* s : {"TURN (WEEK / DAY)",
                          "CORPS",
                          "DIVISION",
                          "BRIGADE / OTHER",
                          "FORMATION MODE",
                          "Forced march",
                          "Deployed offensive",
                          "Breakoff",
                          "SUPPLY POINT",
                          "LINE OF COMMUNICATION",
                          "PRESENT HEX",
                          "MOVEMENT (HEXES IN ORDER) OR ACTION",
                          "ORDER OF MARCH (LEADING UNIT FIRST)",
                          "ON CONTACT (ITS SCOUTS MEET THE ENEMY)",
                          "Observe",
                          "Evade",
                          "Engage",
                          "MARCH TO THE SOUND OF THE GUNS",
                          "Yes",
                          "No",
                          "INTENTIONS",
                          "Signed"}) {
        CHECK_THAT(filled.text, Catch::Contains(s));
        CHECK_THAT(blank.text, Catch::Contains(s));
    }
    // And every word of the filled sheet's labels (the words in capitals), but those of its map inset's heading.
    std::set<std::string> blankWords;
    {
        std::istringstream in(blank.text);
        for (std::string w; in >> w;) blankWords.insert(w);
    }
    const std::regex capitals("[A-Z][A-Z/()'-]{2,}");  // three letters or more: not the "HQ" of an ME's name
    std::string filledText = filled.text;
    const std::string inset = "MAP INSET \u2014 HEX, ORDERED PATH AND LOC";
    for (auto at = filledText.find(inset); at != std::string::npos; at = filledText.find(inset)) filledText.erase(at, inset.size());
    std::istringstream in(filledText);
    int labels = 0;
    for (std::string w; in >> w;) {
        if (!std::regex_match(w, capitals)) continue;
        ++labels;
        INFO(w);
        CHECK(blankWords.count(w) == 1);
    }
    CHECK(labels > 30);
}

TEST_CASE("the order sheet printed after the day's movement starts the path where the day began", "[report]") {
    // Rawdon's brigade at 27,38 is ordered to march to 27,40 by 26,39. Generator states are tried until its order
    // arrives and it moves; the order sheet printed after the movement (D5) still reads from 27,38, the order as given.
    for (int attempt = 0; attempt < 30; ++attempt) {
        const auto path = freshDb("orders-moved");
        {
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE campaign SET rng_state = " + std::to_string(900 + attempt));
        }
        {
            auto store = db::CampaignStore::open(path);
            auto orders = io::readOrdersString(engine::ordersTemplate(store, "british"), "template");
            for (auto& o : orders.orders)
                if (o.me == "b-rawdon") {
                    o.mode = campaign::Mode::March;
                    o.path = {*hex::parseOffset("26,39"), *hex::parseOffset("27,40")};
                    o.marchOrder = {"volunteers-of-ireland"};
                    o.onScoutContact = campaign::ScoutContact::Evade;
                    o.marchToGuns = true;
                }
            const auto issues = engine::submitOrders(store, orders);
            for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
            REQUIRE_FALSE(issues.hasErrors());
            REQUIRE(engine::standFast(store, "american").empty());
            while (campaign::phaseString(db::loadState(store).phase) != "D6")
                REQUIRE(engine::advance(store, engine::Step::Phase, {}).ok);
        }
        const std::string at = [&] {
            SQLite::Database raw(path, SQLite::OPEN_READONLY);
            return raw
                .execAndGet("SELECT h.col || ',' || h.row FROM me m JOIN map_hex h ON h.q = m.q AND h.r = m.r "
                            "WHERE m.id = 'b-rawdon'")
                .getString();
        }();
        if (at == "27,38") continue;  // its order did not arrive, or it did not get far
        const auto store = db::CampaignStore::open(path, true);
        const auto r = render(kOut / "orders-moved", store, report::PaperKind::Orders, "british");
        CHECK_THAT(r.text, Catch::Contains("27,38 \u2192 26,39 \u2192 27,40"));
        CHECK(r.text.find(at + " \u2192 26,39") == std::string::npos);
        CHECK_THAT(r.layout, Catch::Contains(at));                     // the present hex is the new one
        CHECK_THAT(r.text, Catch::Contains("Volunteers of Ireland"));  // the order of march by the units' names
        return;
    }
    FAIL("no generator state moved Rawdon's brigade");
}
