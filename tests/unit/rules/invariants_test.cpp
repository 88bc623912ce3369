// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign's invariants and the state bugs of a full play-through, each on a real database of the bundled
// campaign (docs/rules-mapping.md "A campaign that keeps its books").
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/invariants.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/view/side_view.hpp"

#include "campaign_db.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

using namespace etatmajor;

namespace {

const engine::AdvanceOptions kStandFast{true};

std::string bundled(const std::string& name, std::uint64_t seed = 3) {
    return test::freshCampaignDb("invariants", name, "campaigns/southern-1780.xml", seed);
}

void exec(const std::string& path, const std::string& sql) {
    etatmajor::test::RawEdit raw(path);
    raw.exec(sql);
}

std::string text(const std::string& path, const std::string& sql) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    SQLite::Statement q(raw, sql);
    return q.executeStep() ? q.getColumn(0).getString() : std::string("<none>");
}

void runTo(db::CampaignStore& store, const std::string& phase) {
    for (int guard = 0; guard < 40 && campaign::phaseString(store.info().phase) != phase; ++guard)
        REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
    REQUIRE(campaign::phaseString(store.info().phase) == phase);
}

}  // namespace

TEST_CASE("a town held by one side alone at the end of the day is that side's (the Camden case)", "[engine][invariants]") {
    // The Americans took an empty Camden; the British came back into it, not by a move of their own (they were there
    // when the Americans fell back), and stood there alone. Camden must be British again at the end of the day.
    const auto path = bundled("camden");
    exec(path, "UPDATE urban_area SET controller = 'american' WHERE id = 'camden'");
    exec(path, "UPDATE objective SET controller = 'american' WHERE q = 7 AND r = 40");
    {
        auto store = db::CampaignStore::open(path);
        CHECK(engine::checkInvariants(store, campaign::Phase::D12).hasCode("INVARIANT-CONTROL"));  // the drift the invariant finds
        // Standing at the week's start, the campaign is as a day's end left it: `campaign check` finds the drift too,
        // which the rules of no particular point of the day do not.
        REQUIRE(store.info().phase == campaign::Phase::W1);
        CHECK(engine::checkInvariantsAtRest(store).hasCode("INVARIANT-CONTROL"));
        CHECK_FALSE(engine::checkInvariants(store).hasCode("INVARIANT-CONTROL"));
        REQUIRE(engine::advance(store, engine::Step::Day, kStandFast).ok);
        CHECK(text(path, "SELECT controller FROM urban_area WHERE id = 'camden'") == "british");
        CHECK(engine::checkInvariants(store, campaign::Phase::D12).empty());
        REQUIRE(store.info().phase == campaign::Phase::D1);
        CHECK(engine::checkInvariantsAtRest(store).empty());
    }
}

TEST_CASE("an ME whose every unit is gone leaves the map; its generals join the nearest ME", "[engine][invariants]") {
    const auto path = bundled("empty-me");
    // Every unit of Webster's brigade removed (G-57): Cornwallis would be left holding Camden alone.
    exec(path, "UPDATE unit SET removed = 1, figures_current = 0, stands_current = 0 WHERE me_id = 'b-webster'");
    auto store = db::CampaignStore::open(path);
    CHECK(engine::checkInvariants(store).hasCode("INVARIANT-EMPTY-ME"));
    REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
    const auto s = db::loadState(store);
    CHECK_FALSE(s.me("b-webster")->onMap);
    for (const auto& g : s.generals)
        if (g.side == "british") CHECK(g.me != "b-webster");
    CHECK(text(path, "SELECT COUNT(*) FROM unit WHERE removed = 1 AND me_id IS NOT NULL") == "0");  // removed units are in no ME
    CHECK(engine::checkInvariants(store).empty());
    // The British no longer see it among their MEs; its units are listed nowhere.
    const auto view = view::buildSideView(store, view::Viewer::ofSide("british"));
    CHECK(view.me("b-webster") == nullptr);
}

TEST_CASE("an ME whose units are all away as routed groups goes to them", "[engine][invariants]") {
    const auto path = bundled("routed-me");
    // Tarleton's whole reserve routed to Camden (G-69): the counter at Hanging Rock holds nobody.
    exec(path, "UPDATE unit SET detached_q = 7, detached_r = 40 WHERE me_id = 'b-tarleton'");
    auto store = db::CampaignStore::open(path);
    CHECK(engine::checkInvariants(store).hasCode("INVARIANT-EMPTY-ME"));
    REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
    const auto s = db::loadState(store);
    const auto* me = s.me("b-tarleton");
    REQUIRE(me);
    CHECK(me->onMap);
    CHECK(me->hex == hex::Hex{7, 40});
    CHECK(text(path, "SELECT COUNT(*) FROM unit WHERE me_id = 'b-tarleton' AND detached_q IS NOT NULL") == "0");
    CHECK(engine::checkInvariants(store).empty());
}

TEST_CASE("removed units are neither listed nor counted; points and stands count the units present", "[engine][invariants]") {
    const auto path = bundled("removed-unit");
    auto store = db::CampaignStore::open(path);
    const auto before = view::buildSideView(store, view::Viewer::ofSide("british"));
    const auto* webster = before.me("b-webster");
    REQUIRE(webster);
    const int stands = webster->stands;
    int artilleryStands = 0;
    for (const auto& u : webster->units)
        if (u.id == "royal-artillery") artilleryStands = u.stands;
    REQUIRE(artilleryStands > 0);
    exec(path, "UPDATE unit SET removed = 1 WHERE id = 'royal-artillery'");  // as a battle leaves it (G-57)
    CHECK(engine::checkInvariants(store).hasCode("INVARIANT-REMOVED-IN-ME"));
    REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
    const auto after = view::buildSideView(store, view::Viewer::ofSide("british"));
    const auto* me = after.me("b-webster");
    REQUIRE(me);
    CHECK(me->stands == stands - artilleryStands);
    for (const auto& u : me->units) CHECK(u.id != "royal-artillery");
    CHECK(engine::checkInvariants(store).empty());
}

TEST_CASE("reorganisation only before the day's orders; the initiative is not handed straight back", "[engine][invariants]") {
    const auto path = bundled("late-split");
    auto store = db::CampaignStore::open(path);
    runTo(store, "W2");
    const auto s = db::loadState(store);
    std::string holder, other;
    for (const auto& side : s.sides) (side.hasInitiative ? holder : other) = side.id;
    REQUIRE_FALSE(holder.empty());
    REQUIRE_FALSE(engine::declineInitiative(store, holder).hasErrors());
    CHECK(engine::declineInitiative(store, other).hasCode("INITIATIVE-DECLINE"));
    runTo(store, "D2");
    REQUIRE_FALSE(engine::standFast(store, "british").hasErrors());
    REQUIRE_FALSE(engine::standFast(store, "american").hasErrors());
    // The British have given today's orders: too late to split.
    CHECK(engine::splitMe(store, "british", "b-webster", "b-late", "", {"royal-artillery"}).issues.hasCode("REORG-TOO-LATE"));
    runTo(store, "D6");  // the day's movement is over
    CHECK(engine::splitMe(store, "american", "a-maryland", "a-late", "", {"maryland-1"}).issues.hasCode("REORG-TOO-LATE"));
}

TEST_CASE("after the end: no orders, every objective shown, the papers' week is the last one", "[engine][invariants]") {
    const auto path = bundled("ended");
    exec(path, "UPDATE campaign SET ended = 1, winner = 'american', end_reason = 'last_week', current_week = length_weeks + 1");
    auto store = db::CampaignStore::open(path);
    CHECK(engine::standFast(store, "british").hasCode("CAMPAIGN-ENDED"));
    const auto host = view::buildSideView(store, view::Viewer::host());
    const auto british = view::buildSideView(store, view::Viewer::ofSide("british"));
    CHECK(british.objectives.size() == host.objectives.size());  // §12: nothing stays secret at the end
}

TEST_CASE("the order-receipt roll is logged with its modifier", "[engine][invariants]") {
    const auto path = bundled("receipt-log");
    auto store = db::CampaignStore::open(path);
    runTo(store, "D2");
    REQUIRE_FALSE(engine::standFast(store, "american").hasErrors());
    auto f = engine::ordersTemplate(store, "british");
    REQUIRE_FALSE(engine::submitOrders(store, io::readOrdersString(f, "british.xml")).hasErrors());
    runTo(store, "D4");
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    SQLite::Statement q(raw, "SELECT e.faces, e.modifier, e.result, o.receipt_roll, o.receipt_modifier FROM event_log e "
                             "JOIN order_sheet o ON o.me_id = e.subject AND o.week = e.week AND o.day = e.day "
                             "WHERE e.rule = 'etat-major.md §8.3'");
    int rows = 0;
    while (q.executeStep()) {
        ++rows;
        CHECK(q.getColumn(1).getInt() == q.getColumn(4).getInt());                            // the log has the modifier
        CHECK(q.getColumn(2).getInt() == q.getColumn(3).getInt() + q.getColumn(4).getInt());  // and the modified total
        CHECK(q.getColumn(0).getString() == std::to_string(q.getColumn(3).getInt()));         // the face is the sheet's roll
    }
    CHECK(rows >= 1);
}

TEST_CASE("§7.5 (corrected): wounded staff return before W1's initiative; staff_return = w5 keeps the earlier reading",
          "[engine][invariants][variant]") {
    for (const std::string variant : {"week_start", "w5"}) {
        INFO(variant);
        const auto path = test::freshCampaignDb("invariants", "staff-" + variant, "campaigns/southern-1780.xml", 3,
                                                {"staff_return=" + variant});
        const std::string general = text(path,
                                         "SELECT id FROM general WHERE me_id = 'b-webster' AND rank = 'brigade' ORDER BY id LIMIT 1");
        exec(path, "UPDATE general SET status = 'wounded', return_week = 1 WHERE id = '" + general + "'");
        auto store = db::CampaignStore::open(path);
        REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);  // W1: the initiative
        CHECK(text(path, "SELECT status FROM general WHERE id = '" + general + "'") ==
              (variant == "week_start" ? "active" : "wounded"));
        runTo(store, "D1");  // W2..W5
        CHECK(text(path, "SELECT status FROM general WHERE id = '" + general + "'") == "active");
    }
}

TEST_CASE("G-47 (corrected): forced-march attrition falls on every unit, artillery crews included", "[engine][invariants][variant]") {
    for (const std::string variant : {"all_units", "foot_and_horse"}) {
        INFO(variant);
        const auto path = test::freshCampaignDb("invariants", "attrition-" + variant, "campaigns/southern-1780.xml", 3,
                                                {"attrition_scope=" + variant});
        // Webster's brigade force-marched today (set as the movement phases leave it) and the day ends.
        auto store = db::CampaignStore::open(path);
        runTo(store, "D12");
        exec(path, "UPDATE me SET mode = 'forced_march', moved_today = 2 WHERE id = 'b-webster'");
        const int crews = std::stoi(text(path, "SELECT figures_current FROM unit WHERE id = 'royal-artillery'"));
        REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);  // D12
        const int after = std::stoi(text(path, "SELECT figures_current FROM unit WHERE id = 'royal-artillery'"));
        if (variant == "all_units") CHECK(after < crews);
        else CHECK(after == crews);
    }
}

TEST_CASE("a move that would stop by contact in a hex already holding three of its side's MEs stops short (G-41)",
          "[engine][invariants]") {
    // Maryland, Caswell and Armand stand together at Cheraw; Tarleton is put among them (a contact there). Armand is
    // ordered out (so the orders pass the stacking check) but is held where he is (pinned), and Stevens, next door, is
    // ordered in: the hex would hold four Americans, so Stevens stops short instead of making contact there.
    const auto path = bundled("contact-stacking");
    exec(path, "UPDATE me SET q = 19, r = 33 WHERE id = 'b-tarleton'");
    auto store = db::CampaignStore::open(path);
    runTo(store, "D2");
    const auto s = db::loadState(store);
    const hex::Hex cheraw{19, 33};
    std::vector<hex::Hex> land;
    for (const auto n : hex::neighbours(cheraw))
        if (s.map.contains(n) && !map::isWater(s.map.terrain(n))) land.push_back(n);
    REQUIRE(land.size() >= 2);
    bool given = false;
    for (std::size_t i = 0; i < land.size() && !given; ++i)
        for (std::size_t j = 0; j < land.size() && !given; ++j) {
            if (i == j) continue;
            exec(path, "UPDATE me SET q = " + std::to_string(land[i].q) + ", r = " + std::to_string(land[i].r) +
                           ", mode = 'march' WHERE id = 'a-stevens'");
            auto f = io::readOrdersString(engine::ordersTemplate(store, "american"), "american.xml");
            for (auto& o : f.orders) {
                o.path.clear();
                if (o.me == "a-stevens" || o.me == "a-armand") o.mode = campaign::Mode::March;
                if (o.me == "a-stevens") o.path = {s.map.offsets().toOffset(cheraw)};
                if (o.me == "a-armand") o.path = {s.map.offsets().toOffset(land[j])};
            }
            given = !engine::submitOrders(store, f).hasErrors();
        }
    REQUIRE(given);
    REQUIRE_FALSE(engine::standFast(store, "british").hasErrors());
    exec(path, "UPDATE me SET pinned = 1 WHERE id = 'a-armand'");  // held where it was contacted (G-39)
    runTo(store, "D6");
    const auto after = db::loadState(store);
    CHECK(after.me("a-armand")->hex == cheraw);
    CHECK(after.me("a-stevens")->hex != cheraw);
    // Received (the seed's receipt roll), the order took it to the full hex's edge and no further.
    REQUIRE(text(path, "SELECT receipt FROM order_sheet WHERE me_id = 'a-stevens'") != "not_received");
    CHECK(text(path, "SELECT stopped_by FROM movement WHERE me_id = 'a-stevens'") == "stacking limit");
    CHECK_FALSE(engine::checkInvariants(store, campaign::Phase::D5).hasCode("INVARIANT-STACKING"));
}
