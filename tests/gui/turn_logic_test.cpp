// SPDX-License-Identifier: GPL-3.0-or-later
// The turn manager's window-free logic: the core's typed side view on the map, the fog of war, the papers offered, the phase bar, the
// route check and movement range of the core's view module, route drawing by clicks, and the event-log filter.
// Needs no display. The campaigns are made fresh from the GUI test fixture.
#include <catch2/catch.hpp>

#include "battle_result_dialog.hpp"
#include "map_document.hpp"
#include "print_papers.hpp"
#include "turn_model.hpp"

#include "etatmajor/auth/sealed.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/change_watch.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"
#include "etatmajor/view/turn_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

using namespace etatmajor;
using namespace etatmajor::gui;

namespace {

std::string freshCampaign(const std::string& name) {
    const auto path = std::filesystem::temp_directory_path() / ("etatmajor-turn-test-" + name + ".db");
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
    db::NewCampaignRequest request;
    request.scenarioPath = std::string(ETATMAJOR_GUI_TEST_DATA) + "/test-campaign.xml";
    request.dbPath = path.string();
    request.seed = 11;
    const auto result = db::createCampaign(request);
    REQUIRE(result.ok);
    return path.string();
}

hex::Offset at(int col, int row) { return hex::Offset{col, row}; }

campaign::Order orderFor(const std::string& me, campaign::Mode mode, std::vector<hex::Offset> path) {
    campaign::Order o;
    o.me = me;
    o.mode = mode;
    o.path = std::move(path);
    return o;
}

}  // namespace

TEST_CASE("a side sees its own MEs and the enemy's counters face down; the host sees every ME", "[turn]") {
    const auto path = freshCampaign("side-view");
    auto store = db::CampaignStore::open(path, true);

    // The window draws the core's typed view: the map's counters are the view's and nothing else.
    const auto american = view::buildSideView(store, view::Viewer::ofSide("american"));
    const auto* british = american.side("british");
    REQUIRE(british);
    CHECK_FALSE(british->known);
    CHECK(british->mes.empty());
    REQUIRE_FALSE(british->counters.empty());
    const auto doc = MapDocument::fromView(path, store.loadMap(), "t", &american);
    const auto faceDown = std::count_if(doc.counters().begin(), doc.counters().end(), [](const Counter& c) { return c.faceDown; });
    CHECK(faceDown == static_cast<long>(british->counters.size()));
    for (const auto& c : doc.counters()) {
        CHECK((c.faceDown == (c.id.rfind("british#", 0) == 0)));
        if (c.faceDown) CHECK(c.label.empty());
    }
    CHECK(static_cast<std::size_t>(doc.counters().size()) == american.side("american")->mes.size() + british->counters.size());

    const auto host = view::buildSideView(store, view::Viewer::host());
    const auto hostDoc = MapDocument::fromView(path, store.loadMap(), "t", &host);
    CHECK(hostDoc.counters().size() == host.allMes().size());
    for (const auto& c : hostDoc.counters()) CHECK_FALSE(c.faceDown);

    // No side chosen: the map and nothing on it.
    const auto none = MapDocument::fromView(path, store.loadMap(), "t", nullptr);
    CHECK(none.counters().empty());
    CHECK(none.map().width() == hostDoc.map().width());
    // A database opened as a document shows no side's counters either.
    CHECK(MapDocument::load(path).counters().empty());
}

TEST_CASE("the fog of war is what the core says the side's MEs see", "[turn]") {
    const auto path = freshCampaign("fog");
    auto store = db::CampaignStore::open(path, true);
    for (const char* side : {"british", "american"}) {
        const auto v = view::buildSideView(store, view::Viewer::ofSide(side));
        REQUIRE_FALSE(v.seenHexes.empty());
        const auto seen = [&](const std::string& hexText) {
            return std::any_of(v.seenHexes.begin(), v.seenHexes.end(), [&](hex::Offset o) { return hex::formatOffset(o) == hexText; });
        };
        // Every ME on the map sees its own hex (§8.1.5); every enemy counter in sight stands in a seen hex.
        for (const auto& me : v.side(side)->mes)
            if (!me.entering) CHECK(seen(me.hex));
        for (const auto& s : v.sides)
            for (const auto& c : s.counters) CHECK(c.inSight == seen(c.hex));
    }
    CHECK(view::buildSideView(store, view::Viewer::host()).seenHexes.empty());
}

TEST_CASE("File > Print offers a side its own papers only; the host every side's", "[turn]") {
    const auto path = freshCampaign("papers");
    auto store = db::CampaignStore::open(path, true);
    const auto kinds = report::allPaperKinds().size();
    for (const char* side : {"british", "american"}) {
        const auto offers = paperOffers(view::buildSideView(store, view::Viewer::ofSide(side)));
        CHECK(offers.size() == kinds);
        for (const auto& o : offers) {
            CHECK(o.side == side);
            CHECK(offerTitle(o).utf8_string().find(o.sideName) != std::string::npos);
        }
    }
    const auto all = paperOffers(view::buildSideView(store, view::Viewer::host()));
    CHECK(all.size() == 2 * kinds);
    CHECK(std::count_if(all.begin(), all.end(), [](const PaperOffer& o) { return o.side == "british"; }) == static_cast<long>(kinds));
}

TEST_CASE("the phase bar names the turn, the next phase and the day's weather; Next Phase says what is missing", "[turn]") {
    const auto path = freshCampaign("phase-bar");
    {
        auto store = db::CampaignStore::open(path, true);
        const auto preview = view::previewNextPhase(store);
        CHECK(preview.phase == campaign::Phase::W1);
        CHECK(preview.ready());
        const auto v = view::buildSideView(store, view::Viewer::ofSide("british"));
        CHECK(phaseBarText(&v, preview) == "Week 1, day 1 \u00b7 next: W1 Strategic initiative \u00b7 weather not yet rolled today");
        // With no side chosen the bar says only what is public of the turn.
        CHECK(phaseBarText(nullptr, preview) == "Week 1, day 1 \u00b7 next: W1 Strategic initiative");
        CHECK(nextPhaseDescription(preview).find("strategic initiative") != std::string::npos);
    }
    auto store = db::CampaignStore::open(path, false);
    for (int guard = 0; guard < 10 && view::previewNextPhase(store).phase != campaign::Phase::D2; ++guard)
        REQUIRE(engine::advance(store, engine::Step::Phase).ok);
    auto preview = view::previewNextPhase(store);
    REQUIRE(preview.phase == campaign::Phase::D2);
    CHECK_FALSE(preview.ready());
    CHECK(preview.missing.size() == 2);
    const auto v = view::buildSideView(store, view::Viewer::ofSide("british"));
    REQUIRE(v.campaign.weather.has_value());
    const std::string bar = phaseBarText(&v, preview);
    CHECK(bar.find("next: D2 Orders written") != std::string::npos);
    CHECK(bar.find("wind from the " + v.campaign.weather->windFrom) != std::string::npos);
    CHECK(bar.find(std::to_string(v.campaign.weather->daylightTurns) + " daylight turns") != std::string::npos);
    const std::string why = nextPhaseDescription(preview);
    CHECK(why.find("cannot run yet") != std::string::npos);
    CHECK(why.find("side 'british' has not given today's orders") != std::string::npos);
    // The engine agrees: it refuses, and runs once both sides have answered.
    CHECK_FALSE(engine::advance(store, engine::Step::Phase).ok);
    CHECK_FALSE(engine::standFast(store, "british").hasErrors());
    preview = view::previewNextPhase(store);
    CHECK(preview.missing.size() == 1);
    CHECK(preview.sidesWithoutOrders == std::vector<std::string>{"american"});
    CHECK_FALSE(engine::standFast(store, "american").hasErrors());
    CHECK(view::previewNextPhase(store).ready());
    CHECK(engine::advance(store, engine::Step::Phase).ok);
    CHECK(view::previewNextPhase(store).phase == campaign::Phase::D3);
}

TEST_CASE("a route is checked by the rules as it is drawn", "[turn]") {
    const auto path = freshCampaign("route");
    auto store = db::CampaignStore::open(path, true);
    const auto map = store.loadMap();
    const auto off = map.offsets();
    const auto scouting = campaign::Mode::Scouting;

    // One step east over land: valid and within the allowance.
    auto ok = view::checkOrder(store, "british", orderFor("crown-me-2", scouting, {at(13, 6)}));
    CHECK(ok.ok());
    REQUIRE(ok.steps.size() == 1);
    CHECK(ok.steps[0].reached);
    CHECK(ok.steps[0].problem.empty());
    CHECK(ok.allowance > 0);

    // East along row 6 into the sea: refused, and the step that is water says so.
    const std::vector<hex::Offset> toSea{at(13, 6), at(14, 6), at(15, 6), at(16, 6), at(17, 6), at(18, 6)};
    REQUIRE(map::isWater(map.terrain(off.toHex(at(18, 6)))));
    auto sea = view::checkOrder(store, "british", orderFor("crown-me-2", scouting, toSea));
    CHECK_FALSE(sea.ok());
    CHECK(sea.steps.back().problem.find("impassable") != std::string::npos);
    CHECK(sea.errors.front().find("impassable") != std::string::npos);

    // A step that is not next to the one before.
    auto jump = view::checkOrder(store, "british", orderFor("crown-me-2", scouting, {at(14, 6)}));
    CHECK_FALSE(jump.ok());
    CHECK(jump.steps[0].problem.find("not next to") != std::string::npos);

    // A long land route: accepted with a warning, only the hexes within the allowance are reached.
    std::vector<hex::Offset> longRoute;
    for (int dir = 0; dir < hex::kDirections && longRoute.empty(); ++dir) {
        std::vector<hex::Offset> r;
        hex::Hex h = off.toHex(at(12, 6));
        for (int i = 0; i < 9; ++i) {
            const hex::Hex n = hex::neighbour(h, dir);
            const auto* side = map.contains(n) ? map.hexside(h, dir) : nullptr;
            if (!map.contains(n) || map::isWater(map.terrain(n)) ||
                (side && side->watercourse == map::Watercourse::River && !side->fordable && side->crossing == map::Crossing::None))
                break;
            r.push_back(off.toOffset(n));
            h = n;
        }
        if (r.size() == 9) longRoute = r;
    }
    REQUIRE(longRoute.size() == 9);
    auto far = view::checkOrder(store, "british", orderFor("crown-me-2", scouting, longRoute));
    CHECK(far.ok());
    const auto reached = std::count_if(far.steps.begin(), far.steps.end(), [](const view::PathStep& s) { return s.reached; });
    CHECK(reached < 9);
    CHECK(reached <= far.allowance);
    REQUIRE_FALSE(far.warnings.empty());
    CHECK(far.warnings.front().find("within today's allowance") != std::string::npos);

    // Another side's ME is refused by name.
    CHECK_THROWS_AS(view::checkOrder(store, "american", orderFor("crown-me-2", scouting, {})), db::StoreError);
}

TEST_CASE("the movement range holds only hexes the rules let the ME reach today", "[turn]") {
    const auto path = freshCampaign("range");
    auto store = db::CampaignStore::open(path, true);
    const auto map = store.loadMap();
    const auto range = view::movementRange(store, "british", orderFor("crown-me-2", campaign::Mode::Scouting, {}));
    REQUIRE_FALSE(range.empty());
    for (const auto& o : range) {
        CHECK_FALSE(map::isWater(map.terrain(map.offsets().toHex(o))));
        CHECK_FALSE(o == at(12, 6));
    }
    // The next hex east is in range; every hex of the range is itself a valid one-ME order ending there.
    CHECK(std::find(range.begin(), range.end(), at(13, 6)) != range.end());
    CHECK(view::movementRange(store, "british", orderFor("crown-me-2", campaign::Mode::DeployedDefensive, {})).empty());
}

TEST_CASE("routes are drawn by clicking hexes: append, take back, cut", "[turn]") {
    const hex::Offset start = at(5, 5);
    std::vector<hex::Offset> r;
    r = clickRoute(r, start, at(6, 5));
    r = clickRoute(r, start, at(7, 5));
    r = clickRoute(r, start, at(8, 5));
    CHECK(formatPath(r) == "6,5 7,5 8,5");
    r = clickRoute(r, start, at(8, 5));  // the last hex again takes it back
    CHECK(formatPath(r) == "6,5 7,5");
    r = clickRoute(r, start, at(9, 5));
    r = clickRoute(r, start, at(6, 5));  // an earlier hex cuts the route after it
    CHECK(formatPath(r) == "6,5");
    CHECK(clickRoute(r, start, start).empty());  // the ME's own hex clears it

    std::string error;
    const auto parsed = parsePath(" 6,5  7,5 8,6 ", error);
    REQUIRE(parsed);
    CHECK(formatPath(*parsed) == "6,5 7,5 8,6");
    CHECK_FALSE(parsePath("6,5 seven 8,6", error));
    CHECK(error == "path entry 2 ('seven') is not a hex written col,row");
}

TEST_CASE("the event log filters by text and by phase", "[turn]") {
    const auto path = freshCampaign("log");
    {
        auto store = db::CampaignStore::open(path, false);
        REQUIRE(engine::advance(store, engine::Step::Phase).ok);  // W1 rolls the initiative
    }
    auto store = db::CampaignStore::open(path, true);
    const auto rolls = view::rollsFor(store, view::Viewer::host());
    REQUIRE(rolls.size() >= 2);
    CHECK(filterRolls(rolls, "", "").size() == rolls.size());
    const auto w1 = filterRolls(rolls, "", "W1");
    REQUIRE_FALSE(w1.empty());
    for (const auto& r : w1) CHECK(r.phase == "W1");
    const auto setup = filterRolls(rolls, "", "setup");
    CHECK(w1.size() + setup.size() <= rolls.size());
    // Text is found case-insensitively in the roll's line; a text nobody wrote finds nothing.
    const std::string word = w1.front().purpose.substr(0, 5);
    std::string upper = word;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    CHECK_FALSE(filterRolls(rolls, upper, "W1").empty());
    CHECK(filterRolls(rolls, "no roll says this", "").empty());
    CHECK(rollLine(w1.front()).find(w1.front().rule) != std::string::npos);
    // A side's log holds only the dice it may see (view::rollsFor), each with its line.
    const auto british = view::rollsFor(store, view::Viewer::ofSide("british"));
    CHECK(british.size() < rolls.size());
    CHECK(filterRolls(british, "", "").size() == british.size());
}

TEST_CASE("the tabletop result form writes the battle-result format", "[turn]") {
    std::vector<ResultUnit> units(3);
    units[0].id = "foot-23";
    units[0].standsLost = 1;
    units[1].id = "maryland-1";
    units[1].routed = true;
    units[1].standsLost = 2;
    units[2].id = "quiet";  // nothing to report: left out
    units.push_back(units[0]);
    units.back().id = "militia";
    units.back().captured = true;
    units.back().standsLost = 3;  // captured says it all
    std::vector<ResultGeneral> generals{{"gist", "Gist", "wounded"}, {"gates", "Gates", "unhurt"}};
    const std::string xml = battleResultXml(4, "british", units, generals, "Rain & smoke");
    CHECK(xml == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                 "<battleResult formatVersion=\"1\" battle=\"4\" winner=\"british\">\n"
                 "  <unit id=\"foot-23\" standsLost=\"1\"/>\n"
                 "  <unit id=\"maryland-1\" standsLost=\"2\" routed=\"true\"/>\n"
                 "  <unit id=\"militia\" captured=\"true\"/>\n"
                 "  <general id=\"gist\" fate=\"wounded\"/>\n"
                 "  <notes>Rain &amp; smoke</notes>\n"
                 "</battleResult>\n");
    CHECK(battleResultXml(2, "", {}, {}, "").find("winner") == std::string::npos);
}

TEST_CASE("a laid-out paper reads as text in reading order, for the Battles tab", "[turn]") {
    report::Document doc;
    doc.pages.resize(2);
    auto run = [](double x, double y, std::string text) {
        report::TextRun t;
        t.x = x;
        t.y = y;
        t.width = 100;
        t.height = 10;
        t.text = std::move(text);
        return report::Element(t);
    };
    // Out of order on the page, a table row's cells a point apart, a rule and an empty run to be left out.
    doc.pages[0].elements = {
        run(200, 40.5, "losses"), run(20, 10, "Battle Report"),  run(20, 40, "E1 (enemy line infantry)"), report::Rule{},
        run(20, 60, ""),          run(20, 70, "Winner: british")};
    doc.pages[1].elements = {run(20, 10, "page two")};
    CHECK(documentText(doc) == "Battle Report\nE1 (enemy line infantry)  losses\nWinner: british\n\npage two\n\n");
}

TEST_CASE("a side's draft of today's orders is kept beside the database and only that side gets it back", "[turn]") {
    const auto path = freshCampaign("drafts");
    for (const char* side : {"british", "american"}) removeDraft(path, side);
    auto store = db::CampaignStore::open(path, true);
    const auto britishTemplate = io::readOrdersString(engine::ordersTemplate(store, "british"), "template");
    const auto americanTemplate = io::readOrdersString(engine::ordersTemplate(store, "american"), "template");
    REQUIRE(britishTemplate.side == "british");
    REQUIRE(americanTemplate.side == "american");
    const int week = britishTemplate.week, day = britishTemplate.day;

    // The British change the Loyal Legion's order; nothing is kept before the first save.
    CHECK(draftPath(path, "british") == path + ".draft-british.xml");
    CHECK_FALSE(loadDraft(path, "british", week, day).has_value());
    campaign::OrdersFile draft = britishTemplate;
    auto legion = std::find_if(draft.orders.begin(), draft.orders.end(), [](const auto& o) { return o.me == "crown-me-2"; });
    REQUIRE(legion != draft.orders.end());
    legion->mode = campaign::Mode::March;
    legion->path = {at(12, 7), at(12, 8)};
    legion->onScoutContact = campaign::ScoutContact::Evade;
    saveDraft(path, draft);
    CHECK(std::filesystem::exists(path + ".draft-british.xml"));

    // Read back for the British, today: the order as it was left; the file is an orders file the io layer reads.
    const auto saved = loadDraft(path, "british", week, day);
    REQUIRE(saved.has_value());
    CHECK(saved->side == "british");
    std::size_t restored = 0;
    const auto merged = mergeDraft(britishTemplate, *saved, &restored);
    CHECK(restored == 1);  // the Legion's; the others are still the template's
    CHECK(merged.orders.size() == britishTemplate.orders.size());
    const auto back = std::find_if(merged.orders.begin(), merged.orders.end(), [](const auto& o) { return o.me == "crown-me-2"; });
    REQUIRE(back != merged.orders.end());
    CHECK(formatPath(back->path) == "12,7 12,8");
    CHECK(back->mode == campaign::Mode::March);
    CHECK(back->onScoutContact == campaign::ScoutContact::Evade);
    CHECK(io::readOrdersFile(draftPath(path, "british")).orders.size() == britishTemplate.orders.size());

    // Another day's draft is not today's; the Americans have none, and the British one never becomes theirs.
    CHECK_FALSE(loadDraft(path, "british", week, day + 1).has_value());
    CHECK_FALSE(loadDraft(path, "american", week, day).has_value());
    const auto notTheirs = mergeDraft(americanTemplate, *saved, &restored);
    CHECK(restored == 0);
    for (const auto& o : notTheirs.orders) CHECK(o.me.rfind("cont-", 0) == 0);
    CHECK(notTheirs.orders.size() == americanTemplate.orders.size());

    // A draft that names an ME the side does not have today (an American one slipped in) loses that order.
    campaign::OrdersFile tampered = draft;
    campaign::Order foreign = orderFor("cont-me-1", campaign::Mode::March, {at(20, 20)});
    tampered.orders.push_back(foreign);
    const auto cleaned = mergeDraft(britishTemplate, tampered, &restored);
    CHECK(restored == 1);
    CHECK(cleaned.orders.size() == britishTemplate.orders.size());
    for (const auto& o : cleaned.orders) CHECK(o.me != "cont-me-1");

    // Each side's file is its own; once given, removeDraft forgets it.
    saveDraft(path, americanTemplate);
    CHECK(loadDraft(path, "american", week, day).has_value());
    const auto britishAgain = loadDraft(path, "british", week, day);
    REQUIRE(britishAgain.has_value());
    const auto again = std::find_if(britishAgain->orders.begin(), britishAgain->orders.end(),
                                    [](const auto& o) { return o.me == "crown-me-2"; });
    REQUIRE(again != britishAgain->orders.end());
    CHECK(formatPath(again->path) == "12,7 12,8");
    removeDraft(path, "british");
    CHECK_FALSE(std::filesystem::exists(path + ".draft-british.xml"));
    CHECK_FALSE(loadDraft(path, "british", week, day).has_value());
    CHECK(loadDraft(path, "american", week, day).has_value());
    removeDraft(path, "american");
}

TEST_CASE("a draft laid over a new template keeps what the side wrote, and the rest follows the template", "[turn]") {
    // The template the draft began as: two MEs in forage, one decoy on the map without a route.
    campaign::OrdersFile base;
    base.side = "british";
    base.week = 1;
    base.day = 1;
    base.orders = {orderFor("crown-me-1", campaign::Mode::Forage, {}), orderFor("crown-me-2", campaign::Mode::Forage, {})};
    campaign::DecoyOrder onMap;
    onMap.id = "decoy-a";
    onMap.designated = "cavalry";
    base.decoys = {onMap};
    // The side wrote the second ME's march, routed its decoy and put a new one down; the first ME it never touched.
    campaign::OrdersFile draft = base;
    draft.orders[1] = orderFor("crown-me-2", campaign::Mode::March, {at(12, 7), at(12, 8)});
    draft.decoys[0].path = {at(3, 4)};
    campaign::DecoyOrder fresh;
    fresh.id = "decoy-b";
    fresh.place = at(5, 5);
    draft.decoys.push_back(fresh);
    // Then the campaign changed: the first ME was put into reorganisation and a third ME was raised.
    campaign::OrdersFile now = base;
    now.orders = {orderFor("crown-me-1", campaign::Mode::Reorganisation, {}), orderFor("crown-me-2", campaign::Mode::Forage, {}),
                  orderFor("crown-me-3", campaign::Mode::March, {})};

    const auto rebased = rebaseDraft(now, base, draft);
    REQUIRE(rebased.orders.size() == 3);
    CHECK(rebased.orders[0].mode == campaign::Mode::Reorganisation);  // untouched: the new template's
    CHECK(rebased.orders[1].mode == campaign::Mode::March);           // written: the side's
    CHECK(formatPath(rebased.orders[1].path) == "12,7 12,8");
    CHECK(rebased.orders[2].me == "crown-me-3");  // raised since: the template's order
    REQUIRE(rebased.decoys.size() == 2);
    CHECK(formatPath(rebased.decoys[0].path) == "3,4");
    CHECK(rebased.decoys[1].id == "decoy-b");
    REQUIRE(rebased.decoys[1].place.has_value());
    CHECK(hex::formatOffset(*rebased.decoys[1].place) == "5,5");
    // mergeDraft alone would have kept the stale forage of the first ME.
    CHECK(mergeDraft(now, draft).orders[0].mode == campaign::Mode::Forage);
    // A decoy found by the enemy since (gone from the new template) loses its route; the new one stays.
    now.decoys.clear();
    const auto found = rebaseDraft(now, base, draft);
    REQUIRE(found.decoys.size() == 1);
    CHECK(found.decoys[0].id == "decoy-b");
}

TEST_CASE("a side with a passphrase keeps its draft sealed: the other side cannot read it, and a changed one is not opened",
          "[turn]") {
    const auto path = freshCampaign("sealed-drafts");
    removeDraft(path, "british");
    auto store = db::CampaignStore::open(path, true);
    campaign::OrdersFile draft = io::readOrdersString(engine::ordersTemplate(store, "british"), "template");
    auto legion = std::find_if(draft.orders.begin(), draft.orders.end(), [](const auto& o) { return o.me == "crown-me-2"; });
    REQUIRE(legion != draft.orders.end());
    legion->path = {at(12, 7), at(12, 8)};
    const int week = draft.week, day = draft.day;

    const auto key = auth::SealKey::derive("redcoats-1780");
    saveDraft(path, draft, &key);
    const std::string file = io::readWholeFile(draftPath(path, "british"));
    CHECK(auth::isSealed(file));
    CHECK(file.find("crown-me-2") == std::string::npos);
    CHECK(file.find("12,7") == std::string::npos);

    // The side's key opens it; derived again from its passphrase (a new window) too.
    const auto mine = readDraft(path, "british", week, day, &key);
    CHECK(mine.problem.empty());
    REQUIRE(mine.orders.has_value());
    const auto again = auth::SealKey::deriveFor(file, "redcoats-1780");
    REQUIRE(loadDraft(path, "british", week, day, &again).has_value());

    // Another passphrase, or none, opens nothing and says so; the file stays as it was.
    const auto other = auth::SealKey::deriveFor(file, "continentals-1780");
    const auto refused = readDraft(path, "british", week, day, &other);
    CHECK_FALSE(refused.orders.has_value());
    CHECK(refused.problem.find("does not open with the side's passphrase") != std::string::npos);
    CHECK(readDraft(path, "british", week, day).problem.find("sealed under a passphrase") != std::string::npos);
    CHECK(io::readWholeFile(draftPath(path, "british")) == file);

    // A changed file is not opened.
    std::string changed = file;
    changed[changed.find('\n') + 20] ^= 1;
    io::writeFileAtomically(draftPath(path, "british"), changed);
    CHECK_FALSE(readDraft(path, "british", week, day, &key).orders.has_value());
    CHECK_FALSE(readDraft(path, "british", week, day, &key).problem.empty());

    // A plain draft while the side has a passphrase is not its own: not opened either.
    saveDraft(path, draft);
    const auto plain = readDraft(path, "british", week, day, &key);
    CHECK_FALSE(plain.orders.has_value());
    CHECK(plain.problem.find("not sealed") != std::string::npos);
    // Without a passphrase it is the plain XML it always was.
    CHECK(readDraft(path, "british", week, day).orders.has_value());
    removeDraft(path, "british");
}

TEST_CASE("the map's outline closes round exactly its hexes, for the fog of war", "[turn]") {
    for (const auto orientation : {hex::Orientation::Pointy, hex::Orientation::Flat}) {
        map::MapMetadata meta;
        meta.id = "outline";
        meta.width = 7;
        meta.height = 5;
        meta.orientation = orientation;
        const auto doc = MapDocument::createNew(meta, map::Terrain::Clear);
        const auto loops = mapOutline(doc.map());
        REQUIRE(loops.size() == 1);
        // Its area (shoelace) is the 35 hexes' area, 3*sqrt(3)/2 each at size 1: no hex outside, none left out.
        double twiceArea = 0;
        const auto& loop = loops[0];
        for (std::size_t i = 0; i < loop.size(); ++i) {
            const auto& a = loop[i];
            const auto& b = loop[(i + 1) % loop.size()];
            twiceArea += a.x * b.y - b.x * a.y;
        }
        CHECK(std::abs(twiceArea) / 2 == Approx(35 * 1.5 * std::sqrt(3.0)).epsilon(1e-9));
        // Every one of the 20 border hexes gives at least one outer edge.
        CHECK(loop.size() >= 20);
    }
}

TEST_CASE("both campaign windows list the map's urban areas as supply points by name, and battles by day and hex", "[turn]") {
    map::MapMetadata meta;
    meta.id = "supply";
    meta.width = 4;
    meta.height = 4;
    map::Map m(meta, map::Terrain::Clear);
    for (const auto& [id, name, col] : std::vector<std::tuple<std::string, std::string, int>>{{"ua-w", "Winnsborough", 1},
                                                                                              {"ua-c", "Camden", 2},
                                                                                              {"ua-h", "Hillsborough", 3}}) {
        map::UrbanArea u;
        u.id = id;
        u.name = name;
        u.hex = m.offsets().toHex({col, col});
        m.urbanAreas().push_back(u);
    }
    const auto points = supplyPointsOf(m);
    REQUIRE(points.size() == 3);
    CHECK(points[0] == std::pair<std::string, std::string>{"ua-c", "Camden"});
    CHECK(points[1].second == "Hillsborough");
    CHECK(points[2].first == "ua-w");

    view::BattleView battle;
    battle.id = 2;
    battle.week = 1;
    battle.day = 3;
    battle.hex = "27,34";
    battle.status = "pending";
    CHECK(battleListLine(battle) == "Battle 2: week 1 day 3 at 27,34, pending");
}

TEST_CASE("once given, a side is shown the orders stored for the day, its own only; taken back, its draft again", "[turn]") {
    const auto path = freshCampaign("given");
    auto store = db::CampaignStore::open(path, false);
    const auto templ = io::readOrdersString(engine::ordersTemplate(store, "british"), "template");

    // Nothing given yet: the draft (here the template) is what the window shows.
    const auto before = engine::givenOrders(store, "british");
    CHECK(before.status == "not_given");
    CHECK(before.orders.orders.empty());
    CHECK(ordersShown(&before, &templ) == &templ);
    CHECK(ordersListText("british", before.status, &templ, {}, {}).find("crown-me-2: scouting, supply port, route none") !=
          std::string::npos);

    // The British give a route to the Legion (from the command line, another window: the store is all they share).
    campaign::OrdersFile file = templ;
    auto legion = std::find_if(file.orders.begin(), file.orders.end(), [](const auto& o) { return o.me == "crown-me-2"; });
    REQUIRE(legion != file.orders.end());
    legion->mode = campaign::Mode::Scouting;
    legion->path = {at(13, 6), at(14, 6)};
    legion->onScoutContact = campaign::ScoutContact::Evade;
    legion->marchToGuns = true;
    legion->intentions = "look at the ford";
    REQUIRE_FALSE(engine::submitOrders(store, file).hasErrors());

    // Read back through the core: the orders as given, whatever the window's draft holds (a new window's draft is the
    // template again).
    const auto given = engine::givenOrders(store, "british");
    CHECK(given.status == "submitted");
    CHECK(given.orders.side == "british");
    CHECK(given.orders.week == templ.week);
    CHECK(given.orders.day == templ.day);
    CHECK(given.orders.orders.size() == templ.orders.size());
    const auto stored = std::find_if(given.orders.orders.begin(), given.orders.orders.end(),
                                     [](const auto& o) { return o.me == "crown-me-2"; });
    REQUIRE(stored != given.orders.orders.end());
    CHECK(formatPath(stored->path) == "13,6 14,6");
    CHECK(stored->mode == campaign::Mode::Scouting);
    CHECK(stored->onScoutContact == campaign::ScoutContact::Evade);
    CHECK(stored->marchToGuns);
    CHECK(stored->intentions == "look at the ford");
    CHECK(stored->supply == legion->supply);
    REQUIRE(given.from.count("crown-me-2") == 1);
    CHECK(hex::formatOffset(given.from.at("crown-me-2")) == "12,6");
    CHECK(given.receipts.empty());  // D3 has not rolled them
    CHECK(ordersShown(&given, &templ) == &given.orders);
    const std::string list = ordersListText("british", given.status, ordersShown(&given, &templ), given.receipts, {});
    CHECK(list.find("\u2014 submitted") != std::string::npos);
    CHECK(list.find("crown-me-2: scouting, supply port, route 13,6 14,6, march to the guns, on contact evade") != std::string::npos);

    // The other side's stored orders are never in the British ones, and its own are not given.
    const auto theirs = engine::givenOrders(store, "american");
    CHECK(theirs.status == "not_given");
    CHECK(theirs.orders.orders.empty());
    for (const auto& o : given.orders.orders) CHECK(o.me.rfind("crown-", 0) == 0);
    CHECK_THROWS_AS(engine::givenOrders(store, "hessians"), db::StoreError);

    // Taken back: not given any more, the draft again.
    REQUIRE_FALSE(engine::withdrawOrders(store, "british").hasErrors());
    const auto back = engine::givenOrders(store, "british");
    CHECK(back.status == "not_given");
    CHECK(back.orders.orders.empty());
    CHECK(ordersShown(&back, &templ) == &templ);

    // Standing fast shows no orders, and says so.
    REQUIRE_FALSE(engine::standFast(store, "british").hasErrors());
    const auto stood = engine::givenOrders(store, "british");
    CHECK(stood.status == "stand_fast");
    CHECK(ordersShown(&stood, &templ) == nullptr);
    CHECK(ordersListText("british", stood.status, nullptr, {}, {}).find("stand fast") != std::string::npos);

    // Given again, and the day run through D3: each order's receipt is read with it.
    REQUIRE_FALSE(engine::withdrawOrders(store, "british").hasErrors());
    REQUIRE_FALSE(engine::submitOrders(store, file).hasErrors());
    REQUIRE_FALSE(engine::standFast(store, "american").hasErrors());
    for (int guard = 0; guard < 12 && view::previewNextPhase(store).phase != campaign::Phase::D4; ++guard)
        REQUIRE(engine::advance(store, engine::Step::Phase).ok);
    REQUIRE(view::previewNextPhase(store).phase == campaign::Phase::D4);
    const auto received = engine::givenOrders(store, "british");
    REQUIRE(received.receipts.count("crown-me-2") == 1);
    const std::string receipt = received.receipts.at("crown-me-2");
    CHECK((receipt == "received" || receipt == "late" || receipt == "not_received"));
    CHECK(ordersListText("british", received.status, &received.orders, received.receipts, {})
              .find("on contact evade; " + std::string(receipt == "not_received" ? "not received" : receipt)) != std::string::npos);
}

namespace {

// Runs the phases as Run to the Next Decision does, until decisionBefore stops it; returns the phases run and why.
std::pair<std::vector<engine::PhaseReport>, std::string> runToDecision(db::CampaignStore& store, const view::Viewer& viewer) {
    std::vector<engine::PhaseReport> ran;
    for (int guard = 0; guard < 100; ++guard) {
        const auto why = decisionBefore(view::previewNextPhase(store), engine::weeklyStop(store), view::battlesFor(store, viewer),
                                        !ran.empty());
        if (why) return {ran, *why};
        auto result = engine::advance(store, engine::Step::Phase);
        REQUIRE(result.ok);
        ran.insert(ran.end(), result.phases.begin(), result.phases.end());
    }
    FAIL("the run never stopped");
    return {};
}

}  // namespace

TEST_CASE("Run to the Next Decision stops where a side must act, and tells the viewer its own days", "[turn]") {
    const auto path = freshCampaign("run");
    auto store = db::CampaignStore::open(path, false);
    const auto british = view::Viewer::ofSide("british");

    // From W1: the weekly stops before W4 and W5 (the moment a run starts at is the one it goes past), then the day's
    // orders, which no run goes past.
    auto [first, why1] = runToDecision(store, british);
    CHECK(first.size() == 3);
    CHECK(view::previewNextPhase(store).phase == campaign::Phase::W4);
    CHECK(why1.find("the weekly stop before W4 of week 1") != std::string::npos);
    auto [second, why2] = runToDecision(store, british);
    CHECK(second.size() == 1);
    CHECK(why2.find("the weekly stop before W5") != std::string::npos);
    auto [third, why3] = runToDecision(store, british);
    CHECK(third.size() == 2);
    CHECK(view::previewNextPhase(store).phase == campaign::Phase::D2);
    CHECK(why3.find("side 'british' has not given today's orders") != std::string::npos);
    auto [none, why4] = runToDecision(store, british);
    CHECK(none.empty());
    CHECK(why4 == why3);

    // Orders given: the day runs to the next day's orders phase, and the days it covered are told day by day.
    campaign::OrdersFile file = io::readOrdersString(engine::ordersTemplate(store, "british"), "template");
    for (auto& o : file.orders)
        if (o.me == "crown-me-2") {
            o.mode = campaign::Mode::Scouting;
            o.path = {at(13, 6)};
        }
    REQUIRE_FALSE(engine::submitOrders(store, file).hasErrors());
    REQUIRE_FALSE(engine::standFast(store, "american").hasErrors());
    auto [day, why5] = runToDecision(store, british);
    CHECK(day.size() == 12);  // D2 to D12, and the next day's D1
    CHECK(why5.find("week 1 day 2 D2") != std::string::npos);
    const auto days = daysRun(day);
    REQUIRE(days == std::vector<std::pair<int, int>>{{1, 1}, {1, 2}});
    CHECK(daysRun(first) == std::vector<std::pair<int, int>>{{1, 1}});  // the weekly phases are told on the first day

    std::vector<view::DayReport> ours, host;
    for (const auto& [w, d] : days) {
        ours.push_back(view::dayReport(store, british, w, d));
        host.push_back(view::dayReport(store, view::Viewer::host(), w, d));
    }
    const std::string summary = runSummaryText(day, why5, ours);
    CHECK(summary.find("Ran 12 phases, from week 1 day 1 D2 Orders written to week 1 day 2 D1") != std::string::npos);
    CHECK(summary.find("Stopped: " + why5) != std::string::npos);
    CHECK(summary.find("Report of week 1, day 1 for british") != std::string::npos);
    CHECK(summary.find("Report of week 1, day 2 for british") != std::string::npos);
    CHECK(summary.find("13,6") != std::string::npos);  // the Legion's own route
    // The day only begun is told by its weather, not by a list of empty sections.
    const std::string secondDay = summary.substr(summary.find("Report of week 1, day 2 for british"));
    CHECK(secondDay.find("Weather: ") != std::string::npos);
    CHECK(secondDay.find("Nothing else to report yet.") != std::string::npos);
    CHECK(secondDay.find("Movement:") == std::string::npos);
    // The British summary names nothing of the Americans' (their MEs by id, their standing fast); the host's does.
    const std::string hostSummary = runSummaryText(day, why5, host);
    CHECK(summary.find("for american") == std::string::npos);
    CHECK(summary.find("cont-me") == std::string::npos);
    CHECK(hostSummary.find("stood fast") != std::string::npos);
    CHECK(summary.find("stood fast") == std::string::npos);
}

TEST_CASE("Run to the Next Decision stops before D9 while a battle of the day waits, once a phase has run", "[turn]") {
    view::PhasePreview next;
    next.week = 2;
    next.day = 3;
    next.phase = campaign::Phase::D9;
    next.title = "Tactical resolution";
    view::BattleView battle;
    battle.id = 4;
    battle.week = 2;
    battle.day = 3;
    battle.hex = "27,34";
    battle.status = "pending";
    CHECK(decisionBefore(next, std::nullopt, {battle}, true).value_or("").find("Battle 4: week 2 day 3 at 27,34, pending") !=
          std::string::npos);
    CHECK_FALSE(decisionBefore(next, std::nullopt, {battle}, false));  // started there: the player goes past it
    battle.status = "tabletop";
    CHECK(decisionBefore(next, std::nullopt, {battle}, true).has_value());
    battle.status = "resolved";
    CHECK_FALSE(decisionBefore(next, std::nullopt, {battle}, true));
    battle.status = "pending";
    battle.day = 2;  // an earlier day's
    CHECK_FALSE(decisionBefore(next, std::nullopt, {battle}, true));
    next.phase = campaign::Phase::D8;  // not yet the battles' phase
    battle.day = 3;
    CHECK_FALSE(decisionBefore(next, std::nullopt, {battle}, true));
    // A phase that cannot run, or the campaign's end, stops every run, even one that has not started.
    next.missing = {"battle 4 waits for its tabletop result"};
    CHECK(decisionBefore(next, std::nullopt, {}, false).value_or("").find("waits: battle 4 waits") != std::string::npos);
    next.ended = true;
    CHECK(decisionBefore(next, std::nullopt, {}, false) == std::optional<std::string>("the campaign is over"));
}

TEST_CASE("turn manager: the Week dialog's purchase form reads back as the purchase file it stands for", "[turn]") {
    gui::PurchaseForm f;
    f.side = "british";
    f.meId = "b-loyal-militia";
    f.label = "SC Loyal Militia";
    f.mode = "march";
    f.supply = "camden";
    f.formationId = "sc-loyalists";
    f.formationName = "South Carolina Loyalists";
    f.formationKind = "brigade";
    f.generalId = "cunningham";
    f.generalName = "Maj. William Cunningham";
    f.generalNationality = "loyalist";
    f.generalRank = "brigade";
    f.generalRating = "roll";
    f.units = {{"sc-loyal-militia", "South Carolina Loyal Militia", "loyalist", "line_infantry", "1", "4"}, {}};
    const auto fromForm = io::readPurchaseString(gui::purchaseText(f), "form");
    const auto fromFile = io::readPurchaseFile(std::string(ETATMAJOR_GUI_TEST_DATA) + "/week-purchase.xml");
    REQUIRE(fromForm.items.size() == 1);
    REQUIRE(fromFile.items.size() == 1);
    CHECK(io::writePurchaseString(fromForm) == io::writePurchaseString(fromFile));

    // Values are escaped, not taken for markup; an empty field is left out, so the reader names it.
    f.label = "Tories & \"Friends\" <new>";
    CHECK(io::readPurchaseString(gui::purchaseText(f), "form").items.at(0).me.label == f.label);
    f.supply.clear();
    CHECK_THROWS_AS(io::readPurchaseString(gui::purchaseText(f), "form"), core::FileError);
}

TEST_CASE("turn manager: the Week dialog's shares: empty leaves the ME the rest, a word is the form's error", "[turn]") {
    std::vector<std::string> errors;
    const auto shares = gui::parseShares({{"b-webster", " 60 "}, {"b-rawdon", ""}, {"b-tarleton", "0"}}, errors);
    CHECK(errors.empty());
    CHECK(shares == std::vector<std::pair<std::string, int>>{{"b-webster", 60}, {"b-tarleton", 0}});
    const auto bad = gui::parseShares({{"b-webster", "sixty"}, {"b-rawdon", "4x"}}, errors);
    CHECK(bad.empty());
    CHECK(errors ==
          std::vector<std::string>{"b-webster.points: 'sixty' is not a number of SP", "b-rawdon.points: '4x' is not a number of SP"});
}

TEST_CASE("a window notices a campaign changed by another program, and not its own reading", "[turn]") {
    const auto path = freshCampaign("outside-change");
    db::ChangeWatch watch(path);
    CHECK_FALSE(watch.changed());
    // Reading the campaign, as the window does for every view, is no change.
    {
        auto store = db::CampaignStore::open(path, true);
        CHECK(view::previewNextPhase(store).phase == campaign::Phase::W1);
    }
    CHECK_FALSE(watch.changed());
    // Another program runs a phase (as `etatmajor-cli advance` would, through a connection of its own).
    {
        auto store = db::CampaignStore::open(path, false);
        REQUIRE(engine::advance(store, engine::Step::Phase).ok);
    }
    CHECK(watch.changed());
    CHECK(watch.changed());  // asking again does not take it as seen: only reading the campaign again does
    watch.seen();
    CHECK_FALSE(watch.changed());
    {
        auto store = db::CampaignStore::open(path, true);
        CHECK(view::previewNextPhase(store).phase != campaign::Phase::W1);  // what the window reads then is the new state
    }
    CHECK_FALSE(watch.changed());
    // A command refused by the core writes nothing: no change to read.
    {
        auto store = db::CampaignStore::open(path, false);
        for (int guard = 0; guard < 10 && view::previewNextPhase(store).phase != campaign::Phase::D2; ++guard)
            REQUIRE(engine::advance(store, engine::Step::Phase).ok);
    }
    REQUIRE(watch.changed());
    watch.seen();
    {
        auto store = db::CampaignStore::open(path, false);
        CHECK_FALSE(engine::advance(store, engine::Step::Phase).ok);  // D2 waits for both sides' orders
    }
    CHECK_FALSE(watch.changed());
    // A side giving its orders from the command line is a change.
    {
        auto store = db::CampaignStore::open(path, false);
        CHECK_FALSE(engine::standFast(store, "british").hasErrors());
    }
    CHECK(watch.changed());
}

TEST_CASE("a window notices each command etatmajor-cli runs on its campaign, between its own readings", "[turn]") {
    const auto path = freshCampaign("outside-cli");
    db::ChangeWatch watch(path);
    auto cli = [&](const std::string& args) {
        const std::string command = std::string(ETATMAJOR_CLI) + " " + args + " --db '" + path + "' > /dev/null";
        REQUIRE(std::system(command.c_str()) == 0);
    };
    // The window reads the campaign (its own connections, opened and closed) between the commands it notices.
    auto readAsTheWindowDoes = [&] {
        watch.seen();
        auto store = db::CampaignStore::open(path, true);
        return view::previewNextPhase(store);
    };
    CHECK(readAsTheWindowDoes().phase == campaign::Phase::W1);
    CHECK_FALSE(watch.changed());
    cli("advance");
    CHECK(watch.changed());
    CHECK(readAsTheWindowDoes().phase != campaign::Phase::W1);
    CHECK_FALSE(watch.changed());
    cli("orders stand-fast --side american");
    CHECK(watch.changed());
    readAsTheWindowDoes();
    CHECK_FALSE(watch.changed());
    cli("orders stand-fast --side british");
    CHECK(watch.changed());
}

TEST_CASE("a campaign that is not there cannot be watched", "[turn]") {
    const auto path = (std::filesystem::temp_directory_path() / "etatmajor-turn-test-no-such.db").string();
    std::filesystem::remove(path);
    CHECK_THROWS_AS(db::ChangeWatch(path), db::StoreError);
    CHECK_FALSE(std::filesystem::exists(path));  // and watching does not make it
}
