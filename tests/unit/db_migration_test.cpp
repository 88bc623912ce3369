// SPDX-License-Identifier: GPL-3.0-or-later
// Upgrading a campaign from every schema version this program has released (architecture §6: user_version
// migrations, never renumbered). A campaign of version v is made the way an older program would have left it: the
// tables and columns that the migrations after v added are taken away from a campaign of this program, and the header
// says v. Every migration so far only adds tables and columns, so nothing else tells the versions apart; open() checks
// the tables against those the migrations give for v before it upgrades anything.
#include "db/store_impl.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/schema.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/engine/turn.hpp"
#include "test_paths.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace etatmajor;
using etatmajor::test::scratchDir;
using etatmajor::test::sourcePath;

namespace {

// Table name -> its columns, in order.
using Tables = std::map<std::string, std::vector<std::string>>;

Tables tablesOf(SQLite::Database& db) {
    Tables out;
    SQLite::Statement t(
        db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name");
    while (t.executeStep()) {
        const std::string table = t.getColumn(0).getString();
        SQLite::Statement c(db, "SELECT name FROM pragma_table_info(?) ORDER BY cid");
        c.bind(1, table);
        auto& columns = out[table];
        while (c.executeStep()) columns.push_back(c.getColumn(0).getString());
    }
    return out;
}

// The indexes, triggers and views (type and name) the migrations made, SQLite's own indexes left out.
std::set<std::pair<std::string, std::string>> otherObjectsOf(SQLite::Database& db) {
    std::set<std::pair<std::string, std::string>> out;
    SQLite::Statement q(db, "SELECT type, name FROM sqlite_master WHERE type IN ('index', 'trigger', 'view') AND name NOT LIKE "
                            "'sqlite\\_%' ESCAPE '\\'");
    while (q.executeStep()) out.emplace(q.getColumn(0).getString(), q.getColumn(1).getString());
    return out;
}

// The schema of version `version`, as its migrations create it.
SQLite::Database schemaOfVersion(int version) {
    SQLite::Database db(":memory:", SQLite::OPEN_READWRITE);
    for (int v = 1; v <= version; ++v) db.exec(std::string(db::migrationScript(v)));
    return db;
}

Tables tablesOfVersion(int version) {
    auto db = schemaOfVersion(version);
    return tablesOf(db);
}

// Copies the campaign at `from` to `to` as a program of schema version `version` would have left it.
void writeAtVersion(const std::string& from, const std::string& to, int version) {
    {
        SQLite::Database src(from, SQLite::OPEN_READONLY);
        src.exec("VACUUM INTO '" + to + "'");
    }
    auto schema = schemaOfVersion(version);
    const Tables want = tablesOf(schema);
    const auto wantOthers = otherObjectsOf(schema);
    SQLite::Database d(to, SQLite::OPEN_READWRITE);
    for (const auto& [type, name] : otherObjectsOf(d))
        if (!wantOthers.count({type, name})) d.exec("DROP " + type + " " + name);
    for (const auto& [table, columns] : tablesOf(d)) {
        const auto w = want.find(table);
        if (w == want.end()) {
            d.exec("DROP TABLE " + table);
            continue;
        }
        for (const auto& column : columns)
            if (std::find(w->second.begin(), w->second.end(), column) == w->second.end())
                d.exec("ALTER TABLE " + table + " DROP COLUMN " + column);
    }
    // A program of a version that keeps the state's checksum kept it over the tables it had: taken again over them.
    if (version >= db::kFirstChecksumVersion) db::recordStateChecksum(d);
    d.exec("PRAGMA user_version = " + std::to_string(version));
    d.exec("VACUUM");
}

std::string newCampaign(const std::filesystem::path& dir, const std::string& name) {
    const auto path = (dir / name).string();
    db::NewCampaignRequest req;
    req.scenarioPath = sourcePath("tests/data/campaigns/small.xml");
    req.dbPath = path;
    req.seed = 11;
    const auto r = db::createCampaign(req);
    for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE(r.ok);
    return path;
}

const engine::AdvanceOptions kStandFast{true};

}  // namespace

TEST_CASE("the migration scripts are numbered from 1 to the latest version, each changing the tables", "[db][migration]") {
    REQUIRE(db::latestSchemaVersion() >= 1);
    CHECK(db::migrationScript(0).empty());
    CHECK(db::migrationScript(db::latestSchemaVersion() + 1).empty());
    for (int v = 1; v <= db::latestSchemaVersion(); ++v) {
        INFO("migration " << v);
        CHECK_FALSE(db::migrationScript(v).empty());
        CHECK(tablesOfVersion(v) != tablesOfVersion(v - 1));  // else two versions could not be told apart
    }
}

// Version by version, from the first: a campaign just created and one two days into play, each opened (which upgrades
// it, even for a command that only reads), checked against its state checksum, and played for a day.
TEST_CASE("a campaign of every earlier schema version opens, is upgraded and plays a day", "[db][migration]") {
    const auto dir = scratchDir("db-every-version");
    const auto fresh = newCampaign(dir, "fresh.db");
    const auto played = newCampaign(dir, "played.db");
    {
        auto store = db::CampaignStore::open(played);
        REQUIRE(engine::advance(store, engine::Step::Day, kStandFast).ok);
        REQUIRE(engine::advance(store, engine::Step::Day, kStandFast).ok);
    }
    const std::vector<std::pair<std::string, std::string>> campaigns{{"new", fresh}, {"played", played}};
    for (int version = 1; version < db::latestSchemaVersion(); ++version) {
        for (const auto& [kind, source] : campaigns) {
            INFO("schema version " << version << ", " << kind << " campaign");
            const auto path = (dir / ("v" + std::to_string(version) + "-" + kind + ".db")).string();
            writeAtVersion(source, path, version);
            int rolls = 0, day = 0;
            {
                SQLite::Database old(path, SQLite::OPEN_READONLY);
                CHECK(old.execAndGet("PRAGMA user_version").getInt() == version);
                CHECK(tablesOf(old) == tablesOfVersion(version));
                auto schema = schemaOfVersion(version);
                CHECK(otherObjectsOf(old) == otherObjectsOf(schema));
                rolls = old.execAndGet("SELECT COUNT(*) FROM event_log").getInt();
                day = old.execAndGet("SELECT current_day FROM campaign").getInt();
            }
            {
                auto store = db::CampaignStore::open(path, true);
                CHECK(store.schemaVersion() == db::latestSchemaVersion());
                CHECK(db::checkState(store).ok);
            }
            {
                SQLite::Database upgraded(path, SQLite::OPEN_READONLY);
                CHECK(tablesOf(upgraded) == tablesOfVersion(db::latestSchemaVersion()));
            }
            auto store = db::CampaignStore::open(path);
            const auto next = engine::advance(store, engine::Step::Day, kStandFast);
            for (const auto& i : next.issues.items()) UNSCOPED_INFO(i.format());
            CHECK(next.ok);
            CHECK(store.info().day == day + 1);
            CHECK(static_cast<int>(store.rolls().size()) > rolls);
            CHECK(db::checkState(store).ok);
        }
    }
}
