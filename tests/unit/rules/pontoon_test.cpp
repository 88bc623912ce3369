// SPDX-License-Identifier: GPL-3.0-or-later
// Pontoons laid and taken up again by order over a real campaign database (etat-major.md §10.3, §13.1; G-55): an
// engineer's pontoon becomes a crossing of the river for movement and LOCs, and the same engineers may take it up
// from either bank and carry it on.
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/orders.hpp"

#include "campaign_db.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>

using namespace etatmajor;

namespace {

const engine::AdvanceOptions kStandFast{true};

struct Bank {
    hex::Hex here, across;
    int dir = -1;
    std::string acrossNote;
};

// The Big River hexside on the east of (3,1) on the small map: a river with no ford and no bridge.
Bank bigRiverAt(const campaign::CampaignState& s) {
    const auto off = s.map.offsets();
    Bank b;
    b.here = off.toHex({3, 1});
    for (int d = 0; d < 6; ++d) {
        const auto* side = s.map.hexside(b.here, d);
        if (side && side->watercourse == map::Watercourse::River && side->crossing == map::Crossing::None) {
            b.dir = d;
            b.across = hex::neighbour(b.here, d);
        }
    }
    REQUIRE(b.dir >= 0);
    b.acrossNote = hex::formatOffset(off.toOffset(b.across));
    return b;
}

campaign::OrdersFile orderFor(const campaign::CampaignState& s, const std::string& action, const std::string& note) {
    campaign::OrdersFile f;
    f.side = "blue";
    f.week = s.week;
    f.day = s.day;
    campaign::Order o;
    o.me = "blue-me-1";
    o.mode = campaign::Mode::Reorganisation;
    o.actions.push_back({action, note});
    f.orders.push_back(o);
    return f;
}

// Gives the day's order until one is received (G-29: an order not received does nothing); the night's report lines.
std::vector<std::string> untilReceived(db::CampaignStore& store, const std::string& path, const std::string& action,
                                       const std::string& note) {
    for (int attempt = 0; attempt < 6; ++attempt) {
        const auto s = db::loadState(store);
        REQUIRE_FALSE(engine::submitOrders(store, orderFor(s, action, note)).hasErrors());
        const auto r = engine::advance(store, engine::Step::Day, kStandFast);
        REQUIRE(r.ok);
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        SQLite::Statement q(raw, "SELECT receipt FROM order_sheet WHERE me_id = 'blue-me-1' AND week = ? AND day = ?");
        q.bind(1, s.week);
        q.bind(2, s.day);
        REQUIRE(q.executeStep());
        if (q.getColumn(0).getString() == "not_received") continue;
        std::vector<std::string> lines;
        for (const auto& p : r.phases) lines.insert(lines.end(), p.lines.begin(), p.lines.end());
        return lines;
    }
    FAIL("the order never arrived in six days");
    return {};
}

bool said(const std::vector<std::string>& lines, const std::string& text) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

int pontoonRows(const std::string& path) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    return raw.execAndGet("SELECT COUNT(*) FROM crossing_laid WHERE kind = 'pontoon'").getInt();
}

map::Crossing crossingNow(db::CampaignStore& store, const Bank& b) {
    const auto s = db::loadState(store);
    const auto* side = s.map.hexside(b.here, b.dir);
    REQUIRE(side);
    return side->crossing;
}

}  // namespace

TEST_CASE("§10.3 a pontoon is laid across a river, taken up by its engineers, and laid again", "[engine][works]") {
    const auto path = test::freshCampaignDb("pontoon-test", "pontoon", "tests/data/campaigns/small.xml", 21);
    auto store = db::CampaignStore::open(path);
    Bank bank;
    {
        const auto s = db::loadState(store);
        bank = bigRiverAt(s);
        // The Blue line division takes the sappers and stands on the west bank of the Big River.
        etatmajor::test::RawEdit raw(path);
        raw.exec("UPDATE unit SET me_id = 'blue-me-1' WHERE id = 'blue-sappers'");
        SQLite::Statement q(raw, "UPDATE me SET q = ?, r = ? WHERE id = 'blue-me-1'");
        q.bind(1, bank.here.q);
        q.bind(2, bank.here.r);
        q.exec();
    }
    for (int i = 0; i < 5; ++i) REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);  // W1..W5
    REQUIRE(crossingNow(store, bank) == map::Crossing::None);

    // Before it is laid there is nothing to take up: the order is refused with the ME and the field named.
    {
        const auto s = db::loadState(store);
        const auto issues = rules::validateOrders(s, orderFor(s, "take_up_pontoon", bank.acrossNote));
        REQUIRE(issues.hasCode("ORDERS-ACTION"));
        CHECK(issues.items().front().where == std::optional<std::string>("blue-me-1.action"));
    }

    const auto laid = untilReceived(store, path, "lay_pontoon", bank.acrossNote);
    CHECK(said(laid, "lays a pontoon bridge across the Big River"));
    CHECK(pontoonRows(path) == 1);
    CHECK(crossingNow(store, bank) == map::Crossing::Bridge);
    // One engineer unit carries one pontoon (§13.1): a second one cannot be laid elsewhere while it is down.
    const auto second = untilReceived(store, path, "lay_pontoon", bank.acrossNote);
    CHECK(said(second, "cannot lay a pontoon"));
    CHECK(pontoonRows(path) == 1);

    const auto taken = untilReceived(store, path, "take_up_pontoon", bank.acrossNote);
    CHECK(said(taken, "takes up its pontoon bridge"));
    CHECK(pontoonRows(path) == 0);
    CHECK(crossingNow(store, bank) == map::Crossing::None);  // the river is a barrier again

    // Carried on, it can be laid again.
    const auto again = untilReceived(store, path, "lay_pontoon", bank.acrossNote);
    CHECK(said(again, "lays a pontoon bridge"));
    CHECK(pontoonRows(path) == 1);
}

TEST_CASE("§10.3 a map bridge or someone else's pontoon is not taken up", "[engine][works]") {
    const auto path = test::freshCampaignDb("pontoon-test", "bridge", "tests/data/campaigns/small.xml", 23);
    auto store = db::CampaignStore::open(path);
    hex::Hex west{};
    int dir = -1;
    std::string note;
    {
        const auto s = db::loadState(store);
        const auto off = s.map.offsets();
        west = off.toHex({3, 2});  // the Long Bridge: a road bridge of the map over the Big River
        for (int d = 0; d < 6; ++d) {
            const auto* side = s.map.hexside(west, d);
            if (side && side->watercourse == map::Watercourse::River && side->crossing == map::Crossing::Bridge) dir = d;
        }
        REQUIRE(dir >= 0);
        note = hex::formatOffset(off.toOffset(hex::neighbour(west, dir)));
        etatmajor::test::RawEdit raw(path);
        raw.exec("UPDATE unit SET me_id = 'blue-me-1' WHERE id = 'blue-sappers'");
        SQLite::Statement q(raw, "UPDATE me SET q = ?, r = ? WHERE id = 'blue-me-1'");
        q.bind(1, west.q);
        q.bind(2, west.r);
        q.exec();
    }
    for (int i = 0; i < 5; ++i) REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
    // The order passes the check (a crossing spans the river there) but at night there is no pontoon of its own.
    const auto lines = untilReceived(store, path, "take_up_pontoon", note);
    CHECK(said(lines, "has no pontoon of its own to take up"));
    const auto s = db::loadState(store);
    CHECK(s.map.hexside(west, dir)->crossing == map::Crossing::Bridge);
}
