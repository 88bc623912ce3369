// SPDX-License-Identifier: GPL-3.0-or-later
// The state store's caches (docs/design.md "Checksums of the state"): a store reads again what changed since it last
// read it, whoever changed it, writes what changed, and a rolled-back transaction leaves nothing of itself behind.
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/turn.hpp"
#include "test_paths.hpp"

#include "db/store_impl.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

#include <stdexcept>

using namespace etatmajor;
using etatmajor::test::scratchDir;
using etatmajor::test::sourcePath;

namespace {

std::string campaignDb(const std::string& name) {
    const auto path = (scratchDir("state-cache") / name).string();
    db::NewCampaignRequest req;
    req.scenarioPath = sourcePath("tests/data/campaigns/small.xml");
    req.dbPath = path;
    req.seed = 3;
    req.overwrite = true;
    const auto r = db::createCampaign(req);
    for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE(r.ok);
    return path;
}

int figures(const campaign::CampaignState& s, const std::string& unit) {
    for (const auto& u : s.units)
        if (u.id == unit) return u.figuresCurrent;
    FAIL("no unit " << unit);
    return -1;
}

const engine::AdvanceOptions kStandFast{true};

}  // namespace

TEST_CASE("a store's state reads again a table changed by its own SQL, by another program, or by nobody at all", "[db][cache]") {
    const auto path = campaignDb("changes.db");
    auto store = db::CampaignStore::open(path);
    // A first phase: the store now tracks its changes and keeps the parts of the state it read.
    REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
    const int before = figures(db::loadState(store), "red-foot");
    REQUIRE(store.impl().changes.live);

    // Changed by this store's own connection, outside loadState and saveState.
    store.transaction([&] { store.impl().db.exec("UPDATE unit SET figures_current = figures_current - 1 WHERE id = 'red-foot'"); });
    CHECK(figures(db::loadState(store), "red-foot") == before - 1);

    // Changed by another connection: read again as well.
    {
        SQLite::Database other(path, SQLite::OPEN_READWRITE);
        other.exec("UPDATE unit SET figures_current = figures_current - 2 WHERE id = 'red-foot'");
    }
    CHECK(figures(db::loadState(store), "red-foot") == before - 3);

    // Saved and read back through the caches, and again with them off: the same state.
    auto s = db::loadState(store);
    for (auto& u : s.units)
        if (u.id == "red-foot") u.figuresCurrent = before;
    store.transaction([&] { db::saveState(store, s); });
    CHECK(figures(db::loadState(store), "red-foot") == before);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT figures_current FROM unit WHERE id = 'red-foot'").getInt() == before);
    store.disableCaches();
    CHECK(figures(db::loadState(store), "red-foot") == before);
}

TEST_CASE("a transaction that rolls back leaves no cached state or written row behind", "[db][cache]") {
    const auto path = campaignDb("rollback.db");
    auto store = db::CampaignStore::open(path);
    REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
    const int before = figures(db::loadState(store), "red-foot");
    CHECK_THROWS_AS(store.transaction([&] {
        auto s = db::loadState(store);
        for (auto& u : s.units)
            if (u.id == "red-foot") u.figuresCurrent = before - 5;
        db::saveState(store, s);
        CHECK(figures(db::loadState(store), "red-foot") == before - 5);  // inside, the change is seen
        throw std::runtime_error("refused");
    }),
                    std::runtime_error);
    CHECK(figures(db::loadState(store), "red-foot") == before);
    // The same values saved again after the rollback reach the file (no row is skipped as if already written).
    auto s = db::loadState(store);
    for (auto& u : s.units)
        if (u.id == "red-foot") u.figuresCurrent = before - 5;
    store.transaction([&] { db::saveState(store, s); });
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT figures_current FROM unit WHERE id = 'red-foot'").getInt() == before - 5);
    CHECK(db::checkState(store).ok);
}

TEST_CASE("the first write after a checked open hashes from the open's digests only when nothing committed between",
          "[db][cache][checksum]") {
    const auto path = campaignDb("seed.db");
    {
        // Nothing in between: the seed is taken and the stored checksum is the whole state's.
        auto store = db::CampaignStore::open(path);
        REQUIRE(store.impl().digests.seed.has_value());
        REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
        CHECK(store.impl().digests.tracking);
        const auto c = db::checkState(store);
        CHECK(c.ok);
        CHECK(c.storedDigest == db::stateDigest(store));
    }
    {
        // Another store commits a phase after this one was opened: its seed is dropped, and the checksum is still
        // that of the whole state.
        auto first = db::CampaignStore::open(path);
        {
            auto second = db::CampaignStore::open(path);
            REQUIRE(engine::advance(second, engine::Step::Phase, kStandFast).ok);
        }
        REQUIRE(engine::advance(first, engine::Step::Phase, kStandFast).ok);
        const auto c = db::checkState(first);
        CHECK(c.ok);
        CHECK(c.storedDigest == db::stateDigest(first));
    }
    CHECK_NOTHROW(db::CampaignStore::open(path, true));
}
