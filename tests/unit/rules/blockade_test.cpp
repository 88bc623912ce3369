// SPDX-License-Identifier: GPL-3.0-or-later
// A fleet that closes the sea (the campaign file's blockadeWeek and blockadeBy, docs/formats/campaign.md; decisions in
// docs/rules-mapping.md "A fleet that closes the sea"): from W1 of its week the blockaded side's LOC entries by sea are
// closed: no primary grant by a primary entry by sea (blockade_grant = lost), new MEs come in by land, its boats keep off
// the sea; the side learns of it in its week, the other side knows it is coming.
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/grant.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"
#include "etatmajor/rules/water.hpp"
#include "etatmajor/view/day_report.hpp"
#include "etatmajor/view/side_view.hpp"

#include "raw_edit.hpp"
#include "small_campaign.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace etatmajor;

namespace {

const std::string kBase = std::string(ETATMAJOR_SOURCE_DIR) + "/tests/data/campaigns";

std::string readSource(const std::string& relative) { return test::readSourceText(relative); }

void replaceOnce(std::string& text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
}

// The small test map with the Blues' primary entry by sea (the Bay landing at 5,3, a coastal hex off their home edges)
// and the East road, its secondary, reached by the High Road at 7,2 on their east edge.
std::string seaMap() {
    std::string text = readSource("tests/data/maps/small.xml");
    replaceOnce(text, R"(hexes="0,2 1,2 2,2 3,2 4,2 5,2 6,2")", R"(hexes="0,2 1,2 2,2 3,2 4,2 5,2 6,2 7,2")");
    replaceOnce(text, R"(<locEntry kind="primary" hex="7,2" name="East road"/>)",
                R"(<locEntry kind="secondary" hex="7,2" name="East road"/>)");
    replaceOnce(text, R"(<locEntry kind="secondary" hex="5,3" name="Bay landing"/>)",
                R"(<locEntry kind="primary" hex="5,3" name="Bay landing"/>)");
    return text;
}

// The small campaign with the side `side` blockaded from `week` (the attributes as written; empty: left out).
std::string blockaded(const std::string& side, const std::string& week, const std::string& by = "the Red squadron") {
    std::string text = readSource("tests/data/campaigns/small.xml");
    const std::string tag = side == "blue" ? R"(<side id="blue" name="Blue" nationalities="american" pointsLimit="400")"
                                           : R"(<side id="red" name="Red" nationalities="british german" pointsLimit="400")";
    std::string attrs;
    if (!week.empty()) attrs += R"( blockadeWeek=")" + week + R"(")";
    if (!by.empty()) attrs += R"( blockadeBy=")" + by + R"(")";
    replaceOnce(text, tag, tag + attrs);
    return text;
}

std::string create(const std::string& name, const std::string& scenarioText, std::vector<std::string> options = {}) {
    return test::createSmallCampaign("blockade-test", name, scenarioText, seaMap(), std::move(options));
}

void runTo(const std::string& path, int week, campaign::Phase phase) { test::runToPhase(path, week, phase); }

int grant(const std::string& path, const std::string& side) {
    auto store = db::CampaignStore::open(path, true);
    return engine::grantRemaining(store, side);
}

std::string reportText(const std::string& path, const std::string& viewer, int week) {
    auto store = db::CampaignStore::open(path, true);
    return view::dayReportText(view::dayReport(store, view::Viewer::ofSide(viewer), week, 1));
}

std::string statusText(const std::string& path, const std::string& viewer) {
    auto store = db::CampaignStore::open(path, true);
    return view::statusText(view::buildSideView(store, view::Viewer::ofSide(viewer)));
}

std::string statusJson(const std::string& path, const std::string& viewer) {
    auto store = db::CampaignStore::open(path, true);
    return view::statusJson(view::buildSideView(store, view::Viewer::ofSide(viewer)));
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("a campaign file's blockade: read, written back, and refused where it cannot apply", "[blockade]") {
    const auto map = io::readMapString(seaMap(), "small.xml").map;
    const auto s = io::readScenarioString(blockaded("blue", "3"), "small-blockade.xml", kBase);
    CHECK(s.sides.at(1).blockadeWeek == 3);
    CHECK(s.sides.at(1).blockadeBy == "the Red squadron");
    CHECK(s.sides.at(0).blockadeWeek == 0);
    CHECK(io::validateScenario(s, map).items().empty());
    const auto written = io::writeScenarioString(s);
    CHECK(has(written, R"(blockadeWeek="3" blockadeBy="the Red squadron")"));

    // Week 1 is the start; the week and the fleet go together. The file's line is named.
    for (const auto& [week, by] :
         {std::pair<std::string, std::string>{"1", "the Red squadron"}, {"3", ""}, {"", "the Red squadron"}}) {
        try {
            io::readScenarioString(blockaded("blue", week, by), "small-blockade.xml", kBase);
            FAIL("blockadeWeek '" + week + "' with blockadeBy '" + by + "' was taken");
        } catch (const core::FileError& e) {
            CHECK(e.toIssue().code == "XML-ATTR-VALUE");
            CHECK(e.toIssue().line == 39);
        }
    }
    // After the campaign's six weeks, and against the Reds, whose entries are all by land: the campaign check refuses
    // both, naming the side and the field.
    for (const auto& text : {blockaded("blue", "9"), blockaded("red", "2")}) {
        const auto issues = io::validateScenario(io::readScenarioString(text, "small-blockade.xml", kBase), map);
        const auto found = std::find_if(issues.items().begin(), issues.items().end(),
                                        [](const core::Issue& i) { return i.code == "CAMPAIGN-BLOCKADE"; });
        REQUIRE(found != issues.items().end());
        CHECK(found->where.value_or("").find(".blockadeWeek") != std::string::npos);
    }
}

TEST_CASE("a closed sea: the entry by sea, the boats and the grant from the blockade's week on", "[blockade]") {
    const auto path = create("lost", blockaded("blue", "2"));
    {
        auto store = db::CampaignStore::open(path, true);
        auto s = db::loadState(store);
        const auto bay = s.map.offsets().toHex({5, 3});
        const auto road = s.map.offsets().toHex({7, 2});
        CHECK(rules::seaEntry(s.map, "blue", bay));
        CHECK_FALSE(rules::seaEntry(s.map, "blue", road));  // on the Blues' east edge
        CHECK_FALSE(rules::entryClosed(s, "blue", bay));    // week 1: the fleet has not come
        s.week = 2;
        CHECK(rules::entryClosed(s, "blue", bay));
        CHECK_FALSE(rules::entryClosed(s, "blue", road));
        CHECK_FALSE(rules::seaClosed(s, "red"));
        // On the water: down the Big River (open) and out into the bay (closed), from the river at 4,1.
        std::vector<hex::Hex> trip;
        for (const auto& o : std::vector<hex::Offset>{{4, 2}, {4, 3}, {4, 4}, {5, 4}, {6, 4}})
            trip.push_back(s.map.offsets().toHex(o));
        const auto from = s.map.offsets().toHex({4, 1});
        const auto open = rules::planWaterMove(s.map, from, trip, false, false, 0, false);
        CHECK(open.entered.size() == 5);
        const auto closed = rules::planWaterMove(s.map, from, trip, false, false, 0, true);
        CHECK(closed.entered.size() == 4);  // 4,2 4,3 4,4 down the river and 5,4, a lake; 6,4 is the sea
        CHECK(closed.stoppedBy == "the sea is closed");
    }
    // Week 1: both grants come; the Reds, whose fleet it is, are told it is coming; the Blues are told nothing.
    runTo(path, 1, campaign::Phase::W5);
    CHECK(grant(path, "blue") == 200);
    CHECK(grant(path, "red") == 200);
    runTo(path, 1, campaign::Phase::D2);
    CHECK(has(reportText(path, "red", 1), "the Red squadron is due in week 2: from then the enemy's LOC entries by sea are closed"));
    CHECK_FALSE(has(reportText(path, "blue", 1), "Red squadron"));
    CHECK_FALSE(has(statusText(path, "blue"), "closed"));
    CHECK_FALSE(has(statusJson(path, "blue"), "closedBy"));
    // Week 2: no grant for the Blues, whose primary entry is by sea; the Reds' as before.
    runTo(path, 2, campaign::Phase::W5);
    CHECK(grant(path, "blue") == 0);
    CHECK(grant(path, "red") == 200);
    runTo(path, 2, campaign::Phase::D2);
    const auto blue = reportText(path, "blue", 2);
    CHECK(has(blue, "the Red squadron holds the sea from this week: our LOC entries by sea are closed"));
    CHECK(has(blue, "Our supply: primary_grant 0 SP"));
    CHECK(has(reportText(path, "red", 2), "the Red squadron holds the sea from this week: the enemy's LOC entries by sea are closed"));
    // The Blues' status marks the Bay landing closed, and only that entry; the Reds' status never shows the Blues' entries.
    CHECK(has(statusText(path, "blue"), "primary LOC entry 5,3 Bay landing  (closed: the sea is held by the Red squadron)"));
    CHECK_FALSE(has(statusText(path, "blue"), "East road  (closed"));
    CHECK(has(statusJson(path, "blue"), R"("closedBy": "the Red squadron")"));
    CHECK_FALSE(has(statusJson(path, "red"), "Bay landing"));
}

TEST_CASE("a closed sea under blockade_grant = kept: the grant comes, and new MEs enter by land", "[blockade]") {
    const auto path = create("kept", blockaded("blue", "2"), {"blockade_grant=kept"});
    runTo(path, 2, campaign::Phase::W5);
    CHECK(grant(path, "blue") == 200);
    auto store = db::CampaignStore::open(path);
    const auto purchase = io::readPurchaseString(R"(<?xml version="1.0" encoding="UTF-8"?>
<purchase formatVersion="1" side="blue">
  <me id="blue-new" label="Levies" mode="march" supply="eastby">
    <formation id="blue-levies-bde" name="Blue Levies" kind="brigade">
      <unit id="blue-levies" name="Blue Levies" nationality="american" type="line_infantry" class="1" stands="2"/>
    </formation>
  </me>
</purchase>)",
                                                 "levies.xml");
    const auto r = engine::buyWithGrant(store, purchase);
    for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE(r.ok());
    const auto s = db::loadState(store);
    const auto* levies = s.me("blue-new");
    REQUIRE(levies);
    // Not at the closed Bay landing (5,3) but at the nearest road hex of the home edge (§9.4, G-92).
    CHECK(s.map.offsets().toOffset(levies->hex) == hex::Offset{7, 2});
}

TEST_CASE("an order to sail onto a closed sea is refused, naming the ME and its route", "[blockade]") {
    const auto path = create("orders", blockaded("blue", "2"));
    // The Blues' line division stands at the Bay landing and is ordered out into the bay (6,4, the sea).
    auto sail = [&](int week) {
        hex::Hex bay;
        {
            auto store = db::CampaignStore::open(path, true);
            bay = db::loadState(store).map.offsets().toHex({5, 3});
        }
        {
            test::RawEdit raw(path);
            raw.exec("UPDATE me SET q = " + std::to_string(bay.q) + ", r = " + std::to_string(bay.r) + " WHERE id = 'blue-me-1'");
        }
        campaign::OrdersFile f;
        f.side = "blue";
        f.week = week;
        f.day = 1;
        campaign::Order o;
        o.me = "blue-me-1";
        o.mode = campaign::Mode::March;
        o.path = {{6, 4}};
        o.actions = {{"embark", ""}};
        f.orders.push_back(o);
        auto store = db::CampaignStore::open(path);
        return engine::submitOrders(store, f);
    };
    runTo(path, 1, campaign::Phase::D2);
    const auto open = sail(1);
    for (const auto& i : open.items()) UNSCOPED_INFO(i.format());
    CHECK_FALSE(open.hasCode("ORDERS-PATH"));
    runTo(path, 2, campaign::Phase::D2);
    const auto closed = sail(2);
    REQUIRE(closed.hasCode("ORDERS-PATH"));
    const auto found = std::find_if(closed.items().begin(), closed.items().end(),
                                    [](const core::Issue& i) { return i.code == "ORDERS-PATH"; });
    CHECK(found->where.value_or("") == "blue-me-1.path");
    CHECK(has(found->message, "step 1 (6,4) is on the sea, which the Red squadron holds"));
}
