// SPDX-License-Identifier: GPL-3.0-or-later
// Reinforcements on a date (the campaign file's `arrives`, docs/formats/campaign.md; docs/rules-mapping.md
// "Reinforcements on a date"): the ME waits off the map, unseen by either side's map, until W5 of its week, comes on at
// its placement, and is held back a week where its hex is taken.
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"
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

// The small test campaign with its guns (red-me-3, at 1,1) arriving in week `week` (the attribute as written).
std::string smallWithArrival(const std::string& week) {
    std::string text = readSource("tests/data/campaigns/small.xml");
    const std::string tag = R"(<me id="red-me-3" label="Guns" mode="march" supply="westby" hex="1,1">)";
    const auto at = text.find(tag);
    REQUIRE(at != std::string::npos);
    text.replace(at, tag.size(),
                 R"(<me id="red-me-3" label="Guns" mode="march" supply="westby" hex="1,1" arrives=")" + week + R"(">)");
    return text;
}

std::string create(const std::string& name, const std::string& scenarioText) {
    return test::createSmallCampaign("arrivals-test", name, scenarioText, readSource("tests/data/maps/small.xml"));
}

bool onMap(const std::string& path, const std::string& me) {
    auto store = db::CampaignStore::open(path, true);
    const auto s = db::loadState(store);
    const auto* m = s.me(me);
    REQUIRE(m);
    return m->onMap;
}

// Whether `viewer`'s view shows anything at 1,1 (an own ME, or a counter of the other side).
bool seenAt11(const std::string& path, const std::string& viewer) {
    auto store = db::CampaignStore::open(path, true);
    const auto v = view::buildSideView(store, view::Viewer::ofSide(viewer));
    for (const auto& s : v.sides) {
        for (const auto& m : s.mes)
            if (m.offset == hex::Offset{1, 1}) return true;
        for (const auto& c : s.counters)
            if (c.offset == hex::Offset{1, 1}) return true;
    }
    return false;
}

void runTo(const std::string& path, int week, campaign::Phase phase) { test::runToPhase(path, week, phase); }

std::string reportText(const std::string& path, const std::string& viewer, int week, int day) {
    auto store = db::CampaignStore::open(path, true);
    return view::dayReportText(view::dayReport(store, view::Viewer::ofSide(viewer), week, day));
}

}  // namespace

TEST_CASE("a campaign file's arrives: read, written back, and refused out of the campaign's weeks", "[arrivals]") {
    const auto s = io::readScenarioString(smallWithArrival("2"), "small-arrival.xml", kBase);
    const auto& red = s.sides.at(0);
    const auto guns = std::find_if(red.mes.begin(), red.mes.end(), [](const campaign::MeDef& m) { return m.id == "red-me-3"; });
    REQUIRE(guns != red.mes.end());
    CHECK(guns->arrivesWeek == 2);
    CHECK(io::writeScenarioString(s).find(R"(arrives="2")") != std::string::npos);

    // Week 1 is the start: an ME there from the start has no arrival. The file names the line.
    try {
        io::readScenarioString(smallWithArrival("1"), "small-arrival.xml", kBase);
        FAIL("arrives=1 was taken");
    } catch (const core::FileError& e) {
        CHECK(e.toIssue().code == "XML-ATTR-VALUE");
        CHECK(e.toIssue().line == 35);
    }
    // After the campaign's six weeks: the campaign's check refuses it, naming the ME and the field.
    const auto late = io::readScenarioString(smallWithArrival("9"), "small-arrival.xml", kBase);
    const auto issues = io::validateScenario(late, io::readMapString(readSource("tests/data/maps/small.xml"), "small.xml").map);
    const auto found = std::find_if(issues.items().begin(), issues.items().end(),
                                    [](const core::Issue& i) { return i.code == "CAMPAIGN-ARRIVAL"; });
    REQUIRE(found != issues.items().end());
    CHECK(found->where.value_or("") == "red-me-3.arrives");
}

TEST_CASE("a reinforcement on a date waits off the map, unseen, and comes on at W5 of its week", "[arrivals]") {
    const auto path = create("arrives", smallWithArrival("2"));
    CHECK_FALSE(onMap(path, "red-me-3"));
    CHECK_FALSE(seenAt11(path, "red"));
    CHECK_FALSE(seenAt11(path, "blue"));
    {
        SQLite::Database d(path, SQLite::OPEN_READONLY);
        CHECK(d.execAndGet("SELECT week FROM me_arrival WHERE me_id = 'red-me-3' AND arrived_week = 0").getInt() == 2);
    }
    {
        // The Reds' own status lists it as due; the Blues' lists nothing of it.
        auto store = db::CampaignStore::open(path, true);
        const auto red = view::buildSideView(store, view::Viewer::ofSide("red"));
        const auto* own = red.side("red");
        REQUIRE(own);
        REQUIRE(own->arrivals.size() == 1);
        CHECK(own->arrivals[0].id == "red-me-3");
        CHECK(own->arrivals[0].week == 2);
        CHECK(own->arrivals[0].hex == "1,1");
        CHECK(view::statusText(red).find("due in week 2  Guns") != std::string::npos);
        const auto blue = view::buildSideView(store, view::Viewer::ofSide("blue"));
        for (const auto& s : blue.sides) CHECK(s.arrivals.empty());
        CHECK(view::statusJson(blue).find("red-me-3") == std::string::npos);
    }
    // Still away at the end of week 1, and before W5 of week 2; the Reds are told it is due.
    runTo(path, 2, campaign::Phase::W5);
    CHECK_FALSE(onMap(path, "red-me-3"));
    runTo(path, 2, campaign::Phase::D1);
    CHECK(onMap(path, "red-me-3"));
    CHECK(seenAt11(path, "red"));
    {
        auto store = db::CampaignStore::open(path, true);
        CHECK(view::buildSideView(store, view::Viewer::ofSide("red")).side("red")->arrivals.empty());
    }
    {
        SQLite::Database d(path, SQLite::OPEN_READONLY);
        CHECK(d.execAndGet("SELECT arrived_week FROM me_arrival WHERE me_id = 'red-me-3'").getInt() == 2);
    }
    // The Reds are told their own arrival; the Blues are not.
    runTo(path, 2, campaign::Phase::D2);
    CHECK(reportText(path, "red", 2, 1).find("Guns came onto the map at 1,1") != std::string::npos);
    CHECK(reportText(path, "blue", 2, 1).find("Guns") == std::string::npos);
}

TEST_CASE("a reinforcement whose hex an enemy ME holds waits a week", "[arrivals]") {
    const auto path = create("arrives-blocked", smallWithArrival("2"));
    runTo(path, 2, campaign::Phase::W5);
    int blueQ = 0, blueR = 0;
    {
        test::RawEdit edit(path);
        blueQ = edit.execAndGet("SELECT q FROM me WHERE id = 'blue-me-1'").getInt();
        blueR = edit.execAndGet("SELECT r FROM me WHERE id = 'blue-me-1'").getInt();
        edit.exec("UPDATE me SET q = (SELECT q FROM me WHERE id = 'red-me-3'), r = (SELECT r FROM me WHERE id = 'red-me-3') "
                  "WHERE id = 'blue-me-1'");
    }
    runTo(path, 2, campaign::Phase::D1);
    CHECK_FALSE(onMap(path, "red-me-3"));
    {
        SQLite::Database d(path, SQLite::OPEN_READONLY);
        CHECK(d.execAndGet("SELECT arrived_week FROM me_arrival WHERE me_id = 'red-me-3'").getInt() == 0);
    }
    // The enemy gone, it comes on at the next week's W5.
    {
        test::RawEdit edit(path);
        edit.exec("UPDATE me SET q = " + std::to_string(blueQ) + ", r = " + std::to_string(blueR) + " WHERE id = 'blue-me-1'");
    }
    runTo(path, 3, campaign::Phase::D1);
    CHECK(onMap(path, "red-me-3"));
}
