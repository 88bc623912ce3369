// SPDX-License-Identifier: GPL-3.0-or-later
// Checksums of the campaign's state (docs/design.md "Checksums of the state"): kept current by every command, and a
// change made outside Etat-Major, or damage to the content of a page, is found when the campaign is opened.
#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "test_paths.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>
#include <fstream>
#include <iterator>

using namespace etatmajor;
using etatmajor::test::scratchDir;
using etatmajor::test::sourcePath;

namespace {

std::string campaignDb(const std::filesystem::path& dir, const std::string& name, std::uint64_t seed = 11) {
    const auto path = (dir / name).string();
    db::NewCampaignRequest req;
    req.scenarioPath = sourcePath("tests/data/campaigns/small.xml");
    req.dbPath = path;
    req.seed = seed;
    const auto r = db::createCampaign(req);
    for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE(r.ok);
    return path;
}

db::StoreError refusal(const std::string& path, bool readOnly = true) {
    try {
        db::CampaignStore::open(path, readOnly);
    } catch (const db::StoreError& e) {
        return e;
    }
    FAIL("'" << path << "' was opened");
    return db::StoreError("", "");
}

void rawEdit(const std::string& path, const std::string& sql) {
    SQLite::Database d(path, SQLite::OPEN_READWRITE);
    d.exec(sql);
}

const engine::AdvanceOptions kStandFast{true};

}  // namespace

TEST_CASE("a new campaign and every phase played after it match their checksums", "[db][checksum]") {
    const auto dir = scratchDir("checksum-play");
    const auto path = campaignDb(dir, "play.db");
    {
        auto store = db::CampaignStore::open(path, true);
        const auto c = db::checkState(store);
        CHECK(c.ok);
        CHECK(c.savePoint() == "week 1, phase W1");
        CHECK(c.storedDigest.size() == 64);
        CHECK(c.storedDigest == db::stateDigest(store));
    }
    auto store = db::CampaignStore::open(path);
    // Orders given by one side, the other stands fast; two weeks played phase by phase. After each command the stored
    // checksum (taken from only the tables the command changed) equals the digest of the whole state.
    for (int phase = 0; phase < 2 * 7 * 12 + 2 * 5; ++phase) {
        const auto info = store.info();
        if (info.phase == campaign::Phase::D1) {
            const auto orders = io::readOrdersString(engine::ordersTemplate(store, "blue"), "blue.xml");
            const auto given = engine::submitOrders(store, orders);
            for (const auto& i : given.items()) UNSCOPED_INFO(i.format());
            REQUIRE_FALSE(given.hasErrors());
            const auto c = db::checkState(store);
            CHECK(c.ok);
            CHECK(c.storedDigest == db::stateDigest(store));
        }
        const auto r = engine::advance(store, engine::Step::Phase, kStandFast);
        REQUIRE(r.ok);
        const auto c = db::checkState(store);
        INFO("after " << r.phases.front().phase << " of week " << r.phases.front().week << " day " << r.phases.front().day);
        CHECK(c.ok);
        CHECK(c.storedDigest == db::stateDigest(store));
    }
    CHECK(store.info().week == 3);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    // One checksum for each save point the state was written at.
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM state_checksum").getInt() == 2 * 7 * 12 + 2 * 5 + 1);
    CHECK(raw.execAndGet("SELECT COUNT(DISTINCT digest) FROM state_checksum").getInt() == 2 * 7 * 12 + 2 * 5 + 1);
    CHECK(raw.execAndGet("SELECT week || ' ' || phase FROM state_checksum ORDER BY seq DESC LIMIT 1").getString() == "3 W1");
}

TEST_CASE("the same content gives the same digest; any value changed changes it", "[db][checksum]") {
    const auto dir = scratchDir("checksum-determinism");
    const auto a = campaignDb(dir, "a.db", 4), b = campaignDb(dir, "b.db", 4), c = campaignDb(dir, "c.db", 5);
    const auto digest = [](const std::string& path) {
        auto s = db::CampaignStore::open(path, true, db::CampaignStore::OpenCheck::SkipChecksum);
        return db::stateDigest(s);
    };
    CHECK(digest(a) == digest(b));
    CHECK(digest(a) != digest(c));
    rawEdit(b, "UPDATE map_hex SET terrain = terrain || ' ' WHERE q = 0 AND r = 0");
    CHECK(digest(a) != digest(b));
    rawEdit(b, "UPDATE map_hex SET terrain = rtrim(terrain) WHERE q = 0 AND r = 0");
    CHECK(digest(a) == digest(b));
    rawEdit(b, "UPDATE event_log SET faces = faces || ' ' WHERE seq = 1");
    CHECK(digest(a) != digest(b));
}

TEST_CASE("a figure count changed outside Etat-Major is found on open and by the check, and can be accepted", "[db][checksum]") {
    const auto dir = scratchDir("checksum-figures");
    const auto path = campaignDb(dir, "figures.db");
    {
        auto store = db::CampaignStore::open(path);
        REQUIRE(engine::advance(store, engine::Step::Day, kStandFast).ok);
    }
    rawEdit(path, "UPDATE unit SET figures_current = figures_current + 4 WHERE id = 'red-foot'");
    for (const bool readOnly : {true, false}) {
        const auto e = refusal(path, readOnly);
        CHECK(e.code() == "DB-CHECKSUM");
        CHECK(std::string(e.what()) == "'" + path +
                                           "': the state saved at week 1 day 2, phase D1 does not match its checksum: the file "
                                           "was changed outside Etat-Major, or is damaged ('campaign check --db " +
                                           path + "' tells more)");
    }
    auto store = db::CampaignStore::open(path, false, db::CampaignStore::OpenCheck::SkipChecksum);
    auto c = db::checkState(store);
    CHECK_FALSE(c.ok);
    CHECK(c.stored);
    CHECK(c.week == 1);
    CHECK(c.day == 2);
    CHECK(c.phase == "D1");
    CHECK(c.storedDigest != c.actualDigest);
    // The host accepts the change: it is logged, and the campaign opens again.
    c = db::acceptState(store);
    CHECK(c.ok);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT name FROM command_log ORDER BY seq DESC LIMIT 1").getString() == "state.accept");
    CHECK_NOTHROW(db::CampaignStore::open(path, true));
}

TEST_CASE("a passphrase set, then a phase run, on the connection that accepted an outside change keep the checksum true",
          "[db][checksum]") {
    const auto dir = scratchDir("checksum-accept-then-command");
    const auto path = campaignDb(dir, "accept.db");
    rawEdit(path, "INSERT OR REPLACE INTO campaign_option (key, value) VALUES ('battle_resolution', 'tabletop')");
    {
        auto store = db::CampaignStore::open(path, false, db::CampaignStore::OpenCheck::SkipChecksum);
        REQUIRE(db::acceptState(store).ok);
        // What follows on the same connection is checksummed over the accepted state: a passphrase set directly (it
        // used to be written outside any transaction, leaving the checksum behind) and a phase.
        auth::setPassphrase(store, "red", "a passphrase of the red side");
        CHECK(db::checkState(store).ok);
        REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
        CHECK(db::checkState(store).ok);
    }
    CHECK_NOTHROW(db::CampaignStore::open(path, true));
}

TEST_CASE("an edited dice generator state is found before it rolls the next day's dice", "[db][checksum]") {
    const auto dir = scratchDir("checksum-rng");
    const auto path = campaignDb(dir, "rng.db");
    rawEdit(path, "UPDATE campaign SET rng_state = rng_state + 1");
    const auto e = refusal(path, false);
    CHECK(e.code() == "DB-CHECKSUM");
    CHECK(std::string(e.what()).find("week 1, phase W1 does not match its checksum") != std::string::npos);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM event_log").getInt() == 5);  // nothing was rolled
}

TEST_CASE("a byte flipped inside a data page, which SQLite's structural check passes, is found", "[db][checksum]") {
    const auto dir = scratchDir("checksum-flip");
    const auto path = campaignDb(dir, "flip.db");
    std::string bytes;
    {
        std::ifstream in(path, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    const auto at = bytes.find("Red Jaegers");
    REQUIRE(at != std::string::npos);
    bytes[at + 4] = 'K';  // "Red Kaegers"
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << bytes;
    }
    {
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        REQUIRE(raw.execAndGet("PRAGMA quick_check").getString() == "ok");
        REQUIRE(raw.execAndGet("SELECT name FROM unit WHERE id = 'red-rifles'").getString() == "Red Kaegers");
    }
    const auto e = refusal(path);
    CHECK(e.code() == "DB-CHECKSUM");
}

TEST_CASE("checksums removed or left behind by a moved pointer are found", "[db][checksum]") {
    const auto dir = scratchDir("checksum-removed");
    const auto path = campaignDb(dir, "removed.db");
    rawEdit(path, "DELETE FROM state_checksum");
    auto e = refusal(path);
    CHECK(e.code() == "DB-CHECKSUM");
    CHECK(std::string(e.what()).find("no checksum of the state is stored") != std::string::npos);
    const auto other = campaignDb(dir, "moved.db");
    rawEdit(other, "UPDATE state_checksum SET phase = 'W2'");
    e = refusal(other);
    CHECK(e.code() == "DB-CHECKSUM");
    CHECK(std::string(e.what()).find("taken at week 1, phase W2, not where the campaign stands") != std::string::npos);
}

TEST_CASE("a write by another connection while a campaign is open is hashed in full, never from stale digests", "[db][checksum]") {
    const auto dir = scratchDir("checksum-other-writer");
    const auto path = campaignDb(dir, "other.db");
    auto store = db::CampaignStore::open(path);
    REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
    rawEdit(path, "INSERT INTO command_log (name, args, result, week, day, phase) VALUES ('x', '{}', '{}', 1, 1, 'W2')");
    rawEdit(path, "UPDATE unit SET figures_current = figures_current - 1 WHERE id = 'red-foot'");
    REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
    const auto c = db::checkState(store);
    CHECK(c.ok);
    CHECK(c.storedDigest == db::stateDigest(store));
}
