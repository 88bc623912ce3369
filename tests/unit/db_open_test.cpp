// SPDX-License-Identifier: GPL-3.0-or-later
// Opening what is not a sound campaign (docs/design.md "The campaign database"): every refusal names the file and
// says what is wrong, and nothing is written to a file before it is known to be a campaign. Concurrent commands wait
// for each other instead of failing.
#include "db/store_impl.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/chain.hpp"
#include "etatmajor/pbem/audit.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/replay.hpp"
#include "etatmajor/engine/turn.hpp"
#include "test_paths.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

#include <atomic>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

using namespace etatmajor;
using etatmajor::test::scratchDir;
using etatmajor::test::sourcePath;

namespace {

std::string campaignDb(const std::filesystem::path& dir, const std::string& name, std::uint64_t seed = 5) {
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

std::string bytesOf(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeBytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

// The error open() throws for `path`, with its code; fails the test when it opens.
db::StoreError refusal(const std::string& path, bool readOnly = false) {
    try {
        db::CampaignStore::open(path, readOnly);
    } catch (const db::StoreError& e) {
        return e;
    }
    FAIL("'" << path << "' was opened");
    return db::StoreError("", "");
}

// Sets an environment variable for the scope of a test.
struct ScopedEnv {
    ScopedEnv(const char* name, const std::string& value) : m_name(name) {
        if (const char* old = std::getenv(name)) m_old = old;
        ::setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv() {
        if (m_old) ::setenv(m_name, m_old->c_str(), 1);
        else ::unsetenv(m_name);
    }
    const char* m_name;
    std::optional<std::string> m_old;
};

const engine::AdvanceOptions kStandFast{true};

}  // namespace

TEST_CASE("a schema version below zero is refused as damaged, naming the file, and nothing is written", "[db][hostile]") {
    const auto dir = scratchDir("db-negative-version");
    const auto good = campaignDb(dir, "good.db");
    for (const int version : {-1, -5, INT_MIN}) {
        INFO("user_version " << version);
        const auto path = (dir / ("neg" + std::to_string(-static_cast<long long>(version)) + ".db")).string();
        std::filesystem::copy_file(good, path, std::filesystem::copy_options::overwrite_existing);
        {
            SQLite::Database d(path, SQLite::OPEN_READWRITE);
            d.exec("PRAGMA user_version = " + std::to_string(version));
        }
        const auto before = bytesOf(path);
        for (const bool readOnly : {true, false}) {
            const auto e = refusal(path, readOnly);
            CHECK(e.code() == "DB-CORRUPT");
            CHECK(std::string(e.what()).find(path) != std::string::npos);
            CHECK(std::string(e.what()).find("schema version " + std::to_string(version)) != std::string::npos);
        }
        CHECK(bytesOf(path) == before);
    }
}

TEST_CASE("a file with the Etat-Major id and no tables is refused unchanged: not switched to WAL, not migrated", "[db][hostile]") {
    const auto dir = scratchDir("db-id-only");
    const auto path = (dir / "id-only.db").string();
    {
        SQLite::Database d(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        d.exec("PRAGMA application_id = " + std::to_string(db::kApplicationId));
    }
    const auto before = bytesOf(path);
    REQUIRE(before.size() >= 100);
    for (const bool readOnly : {true, false}) {
        const auto e = refusal(path, readOnly);
        CHECK(e.code() == "DB-NOT-CAMPAIGN");
        CHECK(std::string(e.what()).find("holds no campaign") != std::string::npos);
    }
    const auto after = bytesOf(path);
    CHECK(after == before);
    CHECK(static_cast<int>(after[18]) == 1);  // file format bytes: still a rollback journal, not WAL (2)
    CHECK_FALSE(std::filesystem::exists(path + "-wal"));
    SQLite::Database d(path, SQLite::OPEN_READONLY);
    CHECK(d.execAndGet("SELECT COUNT(*) FROM sqlite_master").getInt() == 0);
}

TEST_CASE("empty, foreign and damaged files get a message that says what they are", "[db][hostile]") {
    const auto dir = scratchDir("db-damaged");
    const auto good = campaignDb(dir, "good.db");
    const auto goodBytes = bytesOf(good);
    REQUIRE(goodBytes.size() % 4096 == 0);
    REQUIRE(goodBytes.size() > 20 * 4096);

    SECTION("a file of 0 bytes is empty, not an SQLite database of another program") {
        const auto path = (dir / "zero.db").string();
        writeBytes(path, "");
        const auto e = refusal(path);
        CHECK(e.code() == "DB-NOT-CAMPAIGN");
        CHECK(std::string(e.what()).find("is empty (0 bytes)") != std::string::npos);
        CHECK(std::string(e.what()).find("SQLite database but") == std::string::npos);
        CHECK(std::filesystem::file_size(path) == 0);
    }
    SECTION("an SQLite database without tables") {
        const auto path = (dir / "blank.db").string();
        {
            SQLite::Database d(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            d.exec("VACUUM");
        }
        const auto e = refusal(path);
        CHECK(e.code() == "DB-NOT-CAMPAIGN");
        CHECK(std::string(e.what()).find("empty SQLite database") != std::string::npos);
    }
    SECTION("a text file is not SQLite at all") {
        const auto path = (dir / "text.db").string();
        writeBytes(path, "<?xml version=\"1.0\"?>\n<orders/>\n");
        const auto e = refusal(path);
        CHECK(e.code() == "DB-NOT-CAMPAIGN");
        CHECK(std::string(e.what()).find("not an SQLite file") != std::string::npos);
        CHECK(bytesOf(path) == "<?xml version=\"1.0\"?>\n<orders/>\n");
    }
    SECTION("a campaign cut off in the middle of a page") {
        const auto path = (dir / "cut.db").string();
        writeBytes(path, goodBytes.substr(0, 5 * 4096 + 1000));
        const auto e = refusal(path);
        CHECK(e.code() == "DB-CORRUPT");
        CHECK(std::string(e.what()).find("truncated") != std::string::npos);
    }
    SECTION("a campaign cut off at a page boundary") {
        const auto path = (dir / "cut-pages.db").string();
        writeBytes(path, goodBytes.substr(0, 5 * 4096));
        const auto e = refusal(path);
        CHECK(e.code() == "DB-CORRUPT");
        CHECK(std::string(e.what()).find("truncated: it has 5 of its") != std::string::npos);
    }
    SECTION("a campaign cut inside its header") {
        const auto path = (dir / "cut-header.db").string();
        writeBytes(path, goodBytes.substr(0, 60));
        const auto e = refusal(path);
        CHECK(e.code() == "DB-CORRUPT");
        CHECK(std::string(e.what()).find("truncated") != std::string::npos);
    }
    SECTION("a campaign with pages overwritten by garbage") {
        const auto path = (dir / "garbled.db").string();
        std::string bytes = goodBytes;
        for (std::size_t p = 3; p < 12; ++p)
            for (std::size_t i = 0; i < 64; ++i) bytes[p * 4096 + i] = static_cast<char>(0xA5 ^ i);
        writeBytes(path, bytes);
        const auto e = refusal(path);
        CHECK(e.code() == "DB-CORRUPT");
        CHECK(std::string(e.what()).find(path) != std::string::npos);
        CHECK(std::string(e.what()).find("damaged") != std::string::npos);
        CHECK(bytesOf(path) == bytes);
    }
}

TEST_CASE("a schema version that does not match the tables is refused, not migrated over them", "[db][hostile]") {
    const auto dir = scratchDir("db-lying-version");
    const auto path = campaignDb(dir, "lying.db");
    {
        SQLite::Database d(path, SQLite::OPEN_READWRITE);
        d.exec("PRAGMA user_version = 5");
    }
    const auto before = bytesOf(path);
    for (const bool readOnly : {true, false}) {
        const auto e = refusal(path, readOnly);
        CHECK(e.code() == "DB-CORRUPT");
        CHECK(std::string(e.what()).find("says it has schema version 5, but its tables are those of schema version " +
                                         std::to_string(db::latestSchemaVersion())) != std::string::npos);
    }
    CHECK(bytesOf(path) == before);
}

// `campaign check` opens a campaign without comparing its checksum, so that it can report a bad one; a table changed
// outside the program must still be refused at the door, not met later as a raw SQLite error ("no such column").
TEST_CASE("a table changed outside the program is refused by the open that skips the checksum", "[db][hostile]") {
    const auto dir = scratchDir("db-renamed-column");
    const auto path = campaignDb(dir, "renamed.db");
    {
        SQLite::Database d(path, SQLite::OPEN_READWRITE);
        d.exec("ALTER TABLE credential RENAME COLUMN hash TO digest");
    }
    const auto before = bytesOf(path);
    for (const bool readOnly : {true, false}) {
        try {
            db::CampaignStore::open(path, readOnly, db::CampaignStore::OpenCheck::SkipChecksum);
            FAIL("opened");
        } catch (const db::StoreError& e) {
            CHECK(e.code() == "DB-CORRUPT");
            CHECK(std::string(e.what()).find("credential") != std::string::npos);
        }
    }
    CHECK(bytesOf(path) == before);
}

// `campaign check` reads the state of a campaign whose checksum it is about to report as wrong: a missing map row
// is named as damage, not met as a raw "no row" error of the SQLite wrapper.
TEST_CASE("a campaign whose map row was deleted is reported damaged when its state is read", "[db][hostile]") {
    const auto dir = scratchDir("db-no-map");
    const auto path = campaignDb(dir, "nomap.db");
    {
        SQLite::Database d(path, SQLite::OPEN_READWRITE);
        d.exec("DELETE FROM map_meta");
    }
    auto store = db::CampaignStore::open(path, true, db::CampaignStore::OpenCheck::SkipChecksum);
    try {
        (void)db::loadState(store);
        FAIL("the state was read");
    } catch (const db::StoreError& e) {
        CHECK(e.code() == "DB-CORRUPT");
        CHECK(std::string(e.what()).find("no map") != std::string::npos);
    }
}

// A campaign as an older program left it: the tables and columns added by the later migrations are taken away (what
// open() then checks against the migrations' own tables for that version), and the header says that version.
TEST_CASE("a campaign of an older schema version is upgraded on open and plays on", "[db][migration]") {
    const auto dir = scratchDir("db-old-schema");
    struct Old {
        int version;
        std::vector<std::string> undo;  // from the newest migration back
    };
    // (Version 14 keeps a checksum of its own tables, which a campaign taken back from the latest version does not
    // have; version 13 goes through the migrations to 14 and 15 in turn.)
    const std::string v18 = "ALTER TABLE side DROP COLUMN blockade_by; ALTER TABLE side DROP COLUMN blockade_week";
    const std::string v17 = "DROP TABLE me_arrival";
    const std::string v16 = "DROP TABLE chain_signature; DROP TABLE command_chain; DROP TABLE pbem_seen; DROP TABLE pbem_share; "
                            "DROP TABLE pbem_key";
    const std::vector<Old> olds{
        {17, {v18}},
        {16, {v18, v17}},
        {15, {v18, v17, v16}},
        {13, {v18, v17, v16, "ALTER TABLE command_log DROP COLUMN format", "DROP TABLE state_checksum"}},
        {12,
         {v18, v17, v16, "ALTER TABLE command_log DROP COLUMN format", "DROP TABLE state_checksum",
          "ALTER TABLE event_log DROP COLUMN side"}},
        {9,
         {v18, v17, v16, "ALTER TABLE command_log DROP COLUMN format", "DROP TABLE state_checksum",
          "ALTER TABLE event_log DROP COLUMN side", "DROP TABLE credential", "DROP TABLE weather_region_day",
          "ALTER TABLE loc_status DROP COLUMN reachable"}},
    };
    for (const auto& old : olds) {
        INFO("schema version " << old.version);
        const auto path = campaignDb(dir, "v" + std::to_string(old.version) + ".db");
        {
            // Two days played by this program, so the old campaign has orders, rolls and LOCs to carry over.
            auto store = db::CampaignStore::open(path);
            REQUIRE(engine::advance(store, engine::Step::Day, kStandFast).ok);
            REQUIRE(engine::advance(store, engine::Step::Day, kStandFast).ok);
        }
        {
            SQLite::Database d(path, SQLite::OPEN_READWRITE);
            for (const auto& sql : old.undo) d.exec(sql);
            d.exec("PRAGMA user_version = " + std::to_string(old.version));
            // A version that keeps checksums has the checksum of its own tables, as its program recorded it.
            if (old.version >= 14) {
                SQLite::Transaction t(d);
                db::recordStateChecksum(d);
                t.commit();
            }
            d.exec("VACUUM");
        }
        const int rolls = SQLite::Database(path).execAndGet("SELECT COUNT(*) FROM event_log").getInt();
        const auto commandsBefore = SQLite::Database(path).execAndGet("SELECT MAX(seq) FROM command_log").getInt64();
        {
            auto store = db::CampaignStore::open(path, true);  // even a command that only reads upgrades it
            CHECK(store.schemaVersion() == db::latestSchemaVersion());
            CHECK(db::checkState(store).ok);
        }
        auto store = db::CampaignStore::open(path);
        const auto day = engine::advance(store, engine::Step::Day, kStandFast);
        for (const auto& i : day.issues.items()) UNSCOPED_INFO(i.format());
        CHECK(day.ok);
        CHECK(store.info().day == 4);
        CHECK(static_cast<int>(store.rolls().size()) > rolls);
        CHECK(db::checkState(store).ok);
        const auto chain = db::chainRecords(store);
        REQUIRE(chain.size() > 1);
        if (old.version >= 16) {
            // A campaign that kept its chain from its creation keeps it: no record stands for older commands.
            CHECK(chain.front().phase != "older");
            CHECK(chain.front().firstCommand == 1);
            CHECK(chain.back().lastCommand > commandsBefore);
        } else {
            // The chain begins with a record that stands for the commands logged before it (docs/pbem.md).
            CHECK(chain.front().phase == "older");
            CHECK(chain.front().lastCommand == commandsBefore);
            CHECK(chain[1].firstCommand == commandsBefore + 1);
        }
        if (old.version >= 15) {
            // Its commands were kept whole: the audit replays it, and checks every record after the first.
            pbem::AuditOptions options;
            options.scratchPath = (dir / "v15-audit.db").string();
            const auto audit = pbem::auditCampaign(path, options);
            INFO(audit.failure);
            CHECK(audit.verified);
            continue;
        }
        // The rows logged before the upgrade did not keep their commands whole (format 0); those logged since do. Such a
        // campaign cannot be replayed, and the replay says so before it writes anything.
        const auto log = store.commandLog();
        REQUIRE(log.size() > 2);
        CHECK(log.front().format == 0);
        CHECK(log.back().format == db::kCommandLogFormat);
        const auto copy = (dir / ("v" + std::to_string(old.version) + "-replay.db")).string();
        const auto replayed = engine::replayCampaign(path, copy);
        CHECK_FALSE(replayed.ok);
        CHECK(replayed.issues.hasCode("REPLAY-OLD-LOG"));
        CHECK(replayed.issues.items().front().message.find("row 1 (campaign.new") != std::string::npos);
        CHECK(replayed.commands == 0);
        CHECK_FALSE(std::filesystem::exists(copy));
    }
}

TEST_CASE("a write waits for another program's transaction, and says the campaign is in use when it waits too long", "[db][busy]") {
    const auto dir = scratchDir("db-busy");
    const auto path = campaignDb(dir, "busy.db");
    SECTION("too long: DB-BUSY names the file") {
        ScopedEnv timeout("ETATMAJOR_BUSY_TIMEOUT_MS", "200");
        auto store = db::CampaignStore::open(path);
        SQLite::Database other(path, SQLite::OPEN_READWRITE);
        other.exec("BEGIN IMMEDIATE");
        const auto start = std::chrono::steady_clock::now();
        try {
            engine::advance(store, engine::Step::Phase, kStandFast);
            FAIL("the phase ran while another program was writing");
        } catch (const db::StoreError& e) {
            CHECK(e.code() == "DB-BUSY");
            CHECK(std::string(e.what()) ==
                  "campaign '" + path +
                      "' in use by another command; try again (waited 200 ms; ETATMAJOR_BUSY_TIMEOUT_MS sets how long)");
        }
        CHECK(std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(190));
        other.exec("ROLLBACK");
        CHECK(engine::advance(store, engine::Step::Phase, kStandFast).ok);  // and runs once the other is done
    }
    SECTION("long enough: the command waits and runs") {
        ScopedEnv timeout("ETATMAJOR_BUSY_TIMEOUT_MS", "20000");
        auto store = db::CampaignStore::open(path);
        SQLite::Database other(path, SQLite::OPEN_READWRITE);
        other.exec("BEGIN IMMEDIATE");
        other.exec("UPDATE campaign SET name = name");
        std::thread release([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            other.exec("COMMIT");
        });
        const auto r = engine::advance(store, engine::Step::Phase, kStandFast);
        release.join();
        CHECK(r.ok);
        CHECK(store.info().phase == campaign::Phase::W2);
    }
    SECTION("a bad timeout is refused, naming the variable") {
        ScopedEnv timeout("ETATMAJOR_BUSY_TIMEOUT_MS", "soon");
        const auto e = refusal(path);
        CHECK(e.code() == "DB-BUSY-TIMEOUT");
        CHECK(std::string(e.what()).find("'soon'") != std::string::npos);
    }
}

TEST_CASE("two commands that read and then write queue instead of failing on the upgrade of their read", "[db][busy]") {
    const auto dir = scratchDir("db-read-then-write");
    const auto path = campaignDb(dir, "rw.db");
    ScopedEnv timeout("ETATMAJOR_BUSY_TIMEOUT_MS", "20000");
    auto first = db::CampaignStore::open(path);
    auto second = db::CampaignStore::open(path);
    const auto original = first.rngState();
    std::atomic<bool> firstRead{false};
    std::string failure;
    // The first reads, lets the second start, then writes what it read plus one; the second does the same. Begun as
    // deferred transactions, the later writer fails at once ("database is locked") on a snapshot that is no longer
    // the latest; begun as write transactions, the second waits for the first.
    std::thread one([&] {
        try {
            first.transaction([&] {
                const auto state = first.rngState();
                firstRead = true;
                std::this_thread::sleep_for(std::chrono::milliseconds(200));
                first.setRngState(state + 1);
            });
        } catch (const std::exception& e) {
            failure += std::string("first: ") + e.what();
        }
    });
    while (!firstRead) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    try {
        second.transaction([&] { second.setRngState(second.rngState() + 1); });
    } catch (const std::exception& e) {
        failure += std::string("second: ") + e.what();
    }
    one.join();
    CHECK(failure.empty());
    auto check = db::CampaignStore::open(path, true);
    CHECK(check.rngState() == original + 2);  // neither write was lost
    CHECK(db::checkState(check).ok);
}
