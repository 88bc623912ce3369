// The printed papers of a side (issue 7): rendered to PDF for both sides of the bundled campaign, checked through
// pdftotext for their fields and figures and for what they must never show (the other side's hidden units), and
// rasterised page by page with pdftoppm. The first page of each paper is kept as a PNG in the build directory.
#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/report/papers.hpp"
#include "etatmajor/report/pdf.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

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

// pdftotext of the whole document, with runs of white space made single spaces.
std::string pdfText(const fs::path& pdf) {
    const auto txt = fs::path(pdf).replace_extension(".txt");
    REQUIRE(run(std::string(ETATMAJOR_PDFTOTEXT) + " -q '" + pdf.string() + "' '" + txt.string() + "'") == 0);
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
    return {pdfText(pdf), pageCount(doc)};
}

const report::PaperKind kAll[] = {report::PaperKind::Orders, report::PaperKind::BlankOrders, report::PaperKind::Supply,
                                  report::PaperKind::Summary, report::PaperKind::Roster, report::PaperKind::Map};

// Names of units the other side may not see.
const char* const kBritishUnits[] = {"Volunteers of Ireland", "23rd Regt.", "Royal Artillery detachment", "Rawdon"};
const char* const kAmericanUnits[] = {"1st Maryland Brigade", "North Carolina Militia", "Armand's Legion", "Virginia Militia"};

}  // namespace

TEST_CASE("every paper of both sides renders, rasterises and hides the other side's units", "[report]") {
    const auto path = freshDb("papers");
    const auto store = db::CampaignStore::open(path, true);
    for (const std::string side : {"british", "american"}) {
        for (const auto kind : kAll) {
            INFO(side << " " << report::paperKindName(kind));
            const auto r = render(kOut, store, kind, side);
            const auto& hidden = side == "british" ? kAmericanUnits : kBritishUnits;
            for (const char* name : hidden) CHECK(r.text.find(name) == std::string::npos);
            CHECK_THAT(r.text, Catch::Contains(side == "british" ? "His Majesty's Southern Army" : "The Grand Army of the Southern Department"));
            CHECK_THAT(r.text, Catch::Contains("Page 1 of " + std::to_string(r.pages)));
        }
    }
}

TEST_CASE("the order sheets carry every field of the order form, from the template when no order is given", "[report]") {
    const auto path = freshDb("orders-template");
    const auto store = db::CampaignStore::open(path, true);
    const auto r = render(kOut / "orders-template", store, report::PaperKind::Orders, "british");
    for (const char* s : {"ORDER SHEET", "TURN (WEEK / DAY)", "CORPS", "DIVISION", "BRIGADE / OTHER", "FORMATION MODE",
                          "SUPPLY POINT", "LINE OF COMMUNICATION", "PRESENT HEX", "MOVEMENT", "INTENTIONS",
                          "Webster's Bde", "Rawdon's Bde", "Reserve (Tarleton)", "b-webster", "Week 1 · Day 1", "Camden",
                          "27,40", "Deployed defensive", "filled from the template"})
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
    CHECK_THAT(r.text, Catch::Contains("On scout contact: observe"));
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
    for (const char* s : {"Order of Battle", "23rd Regt. (Royal Welch Fusiliers)", "Lt. Gen. Charles Cornwallis", "capable", "Volunteers of Ireland",
                          "Line infantry", "ME total", "Side totals"})
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
    const auto blank = report::buildPaper(store, report::PaperKind::BlankOrders, "british", {report::PaperSize::Letter, 6});
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
    CHECK(report::paperSizeFromName("letter") == report::PaperSize::Letter);
}
