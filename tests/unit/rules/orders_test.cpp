// SPDX-License-Identifier: GPL-3.0-or-later
// etat-major.md §8.2 orders and §8.3 receipt: the §16.4 example, TV-5 and TV-6, every refusal the orders check
// makes, and the receipt taking effect over a real database.
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/rules/orders.hpp"

#include "campaign_db.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>

using namespace etatmajor;
using rules::Receipt;

TEST_CASE("§8.3 receipt: the §16.4 example, TV-5 and TV-6", "[rules][orders][example]") {
    campaign::Options o;
    // BL: 6, Scouting −1, no valid LOC −2 -> 3: carried out. VA: 4, no LOC −2 -> 2: tardy.
    rules::ReceiptInput bl{true, false, false, false};
    CHECK(rules::receiptModifier(bl, o) == -3);
    CHECK(rules::receiptFor(6, -3) == Receipt::Received);
    rules::ReceiptInput va{false, false, false, false};
    CHECK(rules::receiptModifier(va, o) == -2);
    CHECK(rules::receiptFor(4, -2) == Receipt::Tardy);
    // TV-5: 1, Winter, Scouting, no LOC: 1 − 1 − 1 − 2 = −3 -> clamp 1 -> not received.
    rules::ReceiptInput tv5{true, false, false, true};
    CHECK(rules::receiptModifier(tv5, o) == -4);
    CHECK(rules::receiptFor(1, -4) == Receipt::NotReceived);
    // TV-6: 6 with the army commander: 7 -> clamp 6 -> carried out.
    rules::ReceiptInput tv6{false, true, true, false};
    CHECK(rules::receiptModifier(tv6, o) == 1);
    CHECK(rules::receiptFor(6, 1) == Receipt::Received);
    // Variant chart_minus1_commander: BL 6 − 1 − 1 = 4, VA 4 − 1 = 3 (§16.4).
    CHECK_FALSE(o.set("order_loc_penalty", "chart_minus1_commander").has_value());
    CHECK(rules::receiptFor(6, rules::receiptModifier(bl, o)) == Receipt::Received);
    CHECK(rules::receiptModifier(va, o) == -1);
    CHECK(rules::receiptFor(4, -1) == Receipt::Received);
    CHECK_FALSE(o.set("order_loc_penalty", "both").has_value());
    CHECK(rules::receiptModifier(va, o) == -3);
    CHECK_FALSE(o.set("order_commander_bonus", "off").has_value());
    CHECK_FALSE(o.set("order_winter_penalty", "off").has_value());
    CHECK(rules::receiptModifier(tv6, o) == 0);
    // The table itself: 1 not received, 2 tardy, 3–6 carried out.
    for (int roll = 1; roll <= 6; ++roll)
        CHECK(rules::receiptFor(roll, 0) == (roll == 1 ? Receipt::NotReceived : roll == 2 ? Receipt::Tardy : Receipt::Received));
}

TEST_CASE("G-34 who may scout", "[rules][orders]") {
    using campaign::Nationality;
    using campaign::UnitType;
    campaign::Options o;
    CHECK(rules::mayScout({{UnitType::LightCavalry, Nationality::British}, {UnitType::LightInfantry, Nationality::British}}, o));
    CHECK(rules::mayScout({{UnitType::LineInfantry, Nationality::Native}}, o));
    CHECK_FALSE(rules::mayScout({{UnitType::LightCavalry, Nationality::British}, {UnitType::Artillery, Nationality::British}}, o));
    CHECK_FALSE(rules::mayScout({{UnitType::LineInfantry, Nationality::British}}, o));
    CHECK_FALSE(rules::mayScout({}, o));
    CHECK_FALSE(o.set("scout_eligibility", "cavalry_only").has_value());
    CHECK_FALSE(rules::mayScout({{UnitType::LightInfantry, Nationality::British}}, o));
    CHECK(rules::mayScout({{UnitType::IrregularCavalry, Nationality::American}}, o));
}

namespace {

std::string freshDb(const std::string& name) { return test::freshCampaignDb("orders-test", name, "campaigns/southern-1780.xml", 3); }

campaign::Order order(const std::string& me, campaign::Mode mode, std::vector<std::string> path = {}) {
    campaign::Order o;
    o.me = me;
    o.mode = mode;
    for (const auto& h : path) o.path.push_back(*hex::parseOffset(h));
    return o;
}

bool has(const core::IssueList& issues, const std::string& code, const std::string& where) {
    for (const auto& i : issues.items())
        if (i.code == code && i.where == where) return true;
    return false;
}

}  // namespace

TEST_CASE("§8.2 orders are checked against the rules, naming the ME and field", "[rules][orders]") {
    const auto path = freshDb("validate");
    auto store = db::CampaignStore::open(path);
    auto s = db::loadState(store);
    campaign::OrdersFile f;
    f.side = "british";
    f.week = 1;
    f.day = 1;
    using campaign::Mode;
    // Webster at Camden (27,40); Rawdon at Rugeley's Mill (27,38); Tarleton at Hanging Rock (26,35).
    f.orders = {order("b-webster", Mode::March, {"27,39"}), order("b-rawdon", Mode::Forage)};
    CHECK(rules::validateOrders(s, f).empty());

    auto bad = f;
    bad.orders.push_back(order("nobody", Mode::March));
    bad.orders.push_back(order("a-maryland", Mode::March));
    CHECK(has(rules::validateOrders(s, bad), "ORDERS-ME", "nobody.me"));
    CHECK(has(rules::validateOrders(s, bad), "ORDERS-ME", "a-maryland.me"));

    bad = f;
    bad.orders[0] = order("b-webster", Mode::Scouting);  // line infantry and guns may not scout
    CHECK(has(rules::validateOrders(s, bad), "ORDERS-MODE", "b-webster.mode"));

    bad = f;
    bad.orders[0] = order("b-webster", Mode::March, {"27,36"});  // not next to 27,40
    CHECK(has(rules::validateOrders(s, bad), "ORDERS-PATH", "b-webster.path"));
    bad.orders[0] = order("b-webster", Mode::Forage, {"27,39"});  // Forage does not move
    CHECK(has(rules::validateOrders(s, bad), "ORDERS-PATH", "b-webster.path"));

    // A forced march keeps to roads (G-45): find a step off every road from Camden.
    const auto camden = s.map.offsets().toHex({27, 40});
    std::string offRoad, onRoad;
    for (int d = 0; d < hex::kDirections; ++d) {
        const auto n = hex::neighbour(camden, d);
        if (map::isWater(s.map.terrain(n))) continue;
        const auto* side = s.map.hexside(camden, d);
        if (side && side->watercourse == map::Watercourse::River) continue;
        const bool road = s.map.hasLink(camden, d, map::LinkKind::MajorRoad) || s.map.hasLink(camden, d, map::LinkKind::MinorRoad);
        (road ? onRoad : offRoad) = hex::formatOffset(s.map.offsets().toOffset(n));
    }
    REQUIRE_FALSE(offRoad.empty());
    REQUIRE_FALSE(onRoad.empty());
    bad.orders[0] = order("b-webster", Mode::ForcedMarch, {offRoad});
    CHECK(has(rules::validateOrders(s, bad), "ORDERS-PATH", "b-webster.path"));
    bad.orders[0] = order("b-webster", Mode::ForcedMarch, {onRoad});
    CHECK_FALSE(rules::validateOrders(s, bad).hasErrors());
    // ... but not on a third day running (G-45).
    for (auto& m : s.mes)
        if (m.id == "b-webster") m.forcedMarchStreak = 2;
    CHECK(has(rules::validateOrders(s, bad), "ORDERS-MODE", "b-webster.mode"));
    for (auto& m : s.mes) m.forcedMarchStreak = 0;

    // Stacking: four British MEs may not end the day in one hex (§2.2).
    bad = f;
    bad.orders = {order("b-rawdon", Mode::March, {"27,39", "27,40"}), order("b-tarleton", Mode::March, {})};
    auto t = s;
    campaign::MeState extra = *t.me("b-webster");
    extra.id = "b-extra";
    t.mes.push_back(extra);
    extra.id = "b-extra2";
    t.mes.push_back(extra);
    CHECK(rules::validateOrders(t, bad).hasCode("ORDERS-STACKING"));

    // The wrong day.
    bad = f;
    bad.day = 2;
    CHECK(rules::validateOrders(s, bad).hasCode("ORDERS-TURN"));
    // A supply source that is no town; and a second change in one week (G-75).
    bad = f;
    bad.orders[0].supply = "nowhere";
    CHECK(has(rules::validateOrders(s, bad), "ORDERS-SUPPLY", "b-webster.supply"));
    bad.orders[0].supply = "charleston";
    CHECK_FALSE(rules::validateOrders(s, bad).hasErrors());
    for (auto& m : s.mes)
        if (m.id == "b-webster") m.supplyChangedWeek = 1;
    CHECK(has(rules::validateOrders(s, bad), "ORDERS-SUPPLY", "b-webster.supply"));
}

TEST_CASE("orders are secret, given once, and take effect through the D3 receipt roll", "[engine][orders]") {
    const auto path = freshDb("receipt");
    auto store = db::CampaignStore::open(path);
    // The template reads back as the side's orders and passes the checks as it is.
    const auto text = engine::ordersTemplate(store, "american");
    const auto file = io::readOrdersString(text, "american-orders.xml");
    CHECK(file.orders.size() == 4);
    auto changed = file;
    for (auto& o : changed.orders)
        if (o.me == "a-caswell") o.mode = campaign::Mode::Forage;
    REQUIRE(engine::submitOrders(store, changed).empty());
    CHECK(engine::submitOrders(store, changed).hasCode("ORDERS-GIVEN"));

    // Without British orders the day stops before D2, having run the weekly phases and D1.
    const auto stopped = engine::advance(store, engine::Step::Day);
    CHECK(stopped.issues.hasCode("ORDERS-MISSING"));
    CHECK(stopped.phases.back().phase == campaign::Phase::D1);
    // Standing fast and taking orders back are refused for a side the campaign lacks, and for orders never given.
    CHECK(engine::standFast(store, "hessians").hasCode("ORDERS-SIDE"));
    CHECK(engine::withdrawOrders(store, "hessians").hasCode("ORDERS-SIDE"));
    CHECK(engine::withdrawOrders(store, "british").hasCode("ORDERS-NOT-GIVEN"));
    REQUIRE(engine::standFast(store, "british").empty());
    CHECK(engine::standFast(store, "british").hasCode("ORDERS-GIVEN"));
    REQUIRE(engine::advance(store, engine::Step::Phase).ok);  // D2
    // Once D2 has run, the day's orders are closed to both.
    CHECK(engine::standFast(store, "american").hasCode("ORDERS-TOO-LATE"));
    CHECK(engine::withdrawOrders(store, "american").hasCode("ORDERS-TOO-LATE"));
    REQUIRE(engine::advance(store, engine::Step::Phase).ok);  // D3
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM order_sheet WHERE receipt IS NOT NULL").getInt() == 4);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM event_log WHERE rule = 'etat-major.md §8.3'").getInt() == 4);
    // Caswell's mode follows his order unless it was not received (G-29: he keeps March).
    const std::string receipt = raw.execAndGet("SELECT receipt FROM order_sheet WHERE me_id = 'a-caswell'").getString();
    const std::string mode = raw.execAndGet("SELECT mode FROM me WHERE id = 'a-caswell'").getString();
    CHECK(mode == (receipt == "not_received" ? "march" : "forage"));
    // The modifier stored is the one the rules give: Gates (army commander) rides with the Maryland division.
    CHECK(raw.execAndGet("SELECT receipt_modifier FROM order_sheet WHERE me_id = 'a-maryland'").getInt() == 1);
    CHECK(raw.execAndGet("SELECT receipt_modifier FROM order_sheet WHERE me_id = 'a-armand'").getInt() == -1);  // scouting
}

TEST_CASE("the example orders file of the docs passes the checks on a new campaign", "[engine][orders]") {
    const auto path = freshDb("example");
    auto store = db::CampaignStore::open(path);
    const auto file = io::readOrdersFile(
        (std::filesystem::path(ETATMAJOR_SOURCE_DIR) / "tests/data/orders/british-week1-day1.xml").string());
    CHECK(file.orders.size() == 3);
    CHECK(file.orders[0].marchOrder.size() == 3);
    CHECK(file.orders[0].marchToGuns);
    CHECK(file.orders[2].mode == campaign::Mode::Forage);
    const auto issues = engine::submitOrders(store, file);
    for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
    CHECK(issues.empty());
}

TEST_CASE("G-95 reorg_after_forage = required: a foraging ME reforms before it takes another mode", "[rules][orders]") {
    const auto path = freshDb("reorg-after-forage");
    auto store = db::CampaignStore::open(path);
    auto s = db::loadState(store);
    using campaign::Mode;
    const auto* webster = s.me("b-webster");
    REQUIRE(webster != nullptr);
    REQUIRE(webster->mode == Mode::Forage);  // Webster begins in Forage mode at Camden (27,40)
    campaign::OrdersFile f;
    f.side = "british";
    f.week = 1;
    f.day = 1;
    f.orders = {order("b-webster", Mode::March, {"27,39"})};
    CHECK(rules::validateOrders(s, f).empty());  // default optional: it may march at once

    REQUIRE_FALSE(s.options.set("reorg_after_forage", "required").has_value());
    CHECK(has(rules::validateOrders(s, f), "ORDERS-MODE", "b-webster.mode"));
    f.orders = {order("b-webster", Mode::Reorganisation)};
    CHECK(rules::validateOrders(s, f).empty());
    f.orders = {order("b-webster", Mode::Forage)};
    CHECK(rules::validateOrders(s, f).empty());
    // Once reformed it may march.
    for (auto& me : s.mes)
        if (me.id == "b-webster") me.mode = Mode::Reorganisation;
    f.orders = {order("b-webster", Mode::March, {"27,39"})};
    CHECK(rules::validateOrders(s, f).empty());
}
