// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"
#include "test_paths.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace etatmajor;
using etatmajor::test::scratchDir;
using etatmajor::test::sourcePath;

namespace {
db::NewCampaignResult make(const std::string& scenario, const std::string& dbPath, std::uint64_t seed,
                           std::vector<std::string> options = {}) {
    db::NewCampaignRequest req;
    req.scenarioPath = sourcePath(scenario);
    req.dbPath = dbPath;
    req.seed = seed;
    req.options = std::move(options);
    return db::createCampaign(req);
}

// Every row of every table, in a fixed order: two campaigns are the same when their dumps are.
std::string dump(const std::string& path) {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    std::string out;
    SQLite::Statement tables(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    while (tables.executeStep()) {
        const std::string t = tables.getColumn(0).getString();
        out += "[" + t + "]\n";
        SQLite::Statement rows(db, "SELECT * FROM " + t + " ORDER BY 1, 2");
        while (rows.executeStep()) {
            for (int i = 0; i < rows.getColumnCount(); ++i) out += rows.getColumn(i).getString() + "|";
            out += "\n";
        }
    }
    return out;
}
}  // namespace

TEST_CASE("a new database gets the application id, the latest schema, WAL and full sync", "[db]") {
    const auto dir = scratchDir("db-schema");
    const auto path = (dir / "empty.db").string();
    {
        auto store = db::CampaignStore::create(path);
        CHECK(store.schemaVersion() == db::latestSchemaVersion());
    }
    SQLite::Database raw(path, SQLite::OPEN_READWRITE);
    CHECK(raw.execAndGet("PRAGMA application_id").getInt() == db::kApplicationId);
    CHECK(raw.execAndGet("PRAGMA user_version").getInt() == db::latestSchemaVersion());
    CHECK(raw.execAndGet("PRAGMA journal_mode").getString() == "wal");
    for (const char* table : {"campaign", "campaign_option", "map_hex", "map_hexside", "side", "player", "formation", "general",
                              "unit", "me", "order_sheet", "urban_area", "objective", "battle", "event_log", "command_log"})
        CHECK(raw.execAndGet(std::string("SELECT COUNT(*) FROM sqlite_master WHERE name = '") + table + "'").getInt() == 1);
    CHECK_THROWS_AS(db::CampaignStore::create(path), db::StoreError);  // never overwrites
}

TEST_CASE("opening refuses what is not a campaign, is damaged or too new", "[db]") {
    const auto dir = scratchDir("db-open");
    SECTION("missing") {
        try {
            db::CampaignStore::open((dir / "none.db").string());
            FAIL();
        } catch (const db::StoreError& e) {
            CHECK(e.code() == "DB-NOT-FOUND");
        }
    }
    SECTION("another SQLite database") {
        const auto path = (dir / "other.db").string();
        {
            SQLite::Database d(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            d.exec("CREATE TABLE t (x)");
        }
        try {
            db::CampaignStore::open(path);
            FAIL();
        } catch (const db::StoreError& e) {
            CHECK(e.code() == "DB-NOT-CAMPAIGN");
        }
    }
    SECTION("not SQLite at all") {
        const auto path = (dir / "garbage.db").string();
        { std::ofstream(path) << std::string(8192, 'x'); }
        try {
            db::CampaignStore::open(path);
            FAIL();
        } catch (const db::StoreError& e) {
            CHECK(e.code() == "DB-NOT-CAMPAIGN");
            CHECK(std::string(e.what()).find("not an SQLite file") != std::string::npos);
        }
    }
    SECTION("written by a newer program") {
        const auto path = (dir / "new.db").string();
        { auto s = db::CampaignStore::create(path); }
        {
            SQLite::Database d(path, SQLite::OPEN_READWRITE);
            d.exec("PRAGMA user_version = 999");
        }
        try {
            db::CampaignStore::open(path);
            FAIL();
        } catch (const db::StoreError& e) {
            CHECK(e.code() == "DB-TOO-NEW");
        }
    }
    SECTION("an older schema is migrated on open") {
        const auto path = (dir / "old.db").string();
        REQUIRE(make("tests/data/campaigns/small.xml", path, 2).ok);
        {
            // Schema version 13: before the state's checksums (and the command log's format).
            SQLite::Database d(path, SQLite::OPEN_READWRITE);
            d.exec("ALTER TABLE side DROP COLUMN blockade_by; ALTER TABLE side DROP COLUMN blockade_week; "
                   "DROP TABLE me_arrival; DROP TABLE chain_signature; DROP TABLE command_chain; DROP TABLE pbem_seen; "
                   "DROP TABLE pbem_share; "
                   "DROP TABLE pbem_key");
            d.exec("ALTER TABLE command_log DROP COLUMN format");
            d.exec("DROP TABLE state_checksum");
            d.exec("PRAGMA user_version = 13");
        }
        auto s = db::CampaignStore::open(path);
        CHECK(s.schemaVersion() == db::latestSchemaVersion());
    }
}

TEST_CASE("a store keeps its parsed map until another program changes it", "[db]") {
    const auto dir = scratchDir("db-map-cache");
    const auto path = (dir / "small.db").string();
    REQUIRE(make("tests/data/campaigns/small.xml", path, 42).ok);
    auto store = db::CampaignStore::open(path, true);
    const auto first = store.loadMap();
    CHECK(store.loadMap().metadata().name == first.metadata().name);  // kept, not read again
    {
        // Another connection renames the map in its source text and commits.
        SQLite::Database raw(path, SQLite::OPEN_READWRITE);
        std::string xml = raw.execAndGet("SELECT source_xml FROM map_meta WHERE id = 1").getString();
        const std::string name = "name=\"" + first.metadata().name + "\"";
        const auto at = xml.find(name);
        REQUIRE(at != std::string::npos);
        xml.replace(at, name.size(), "name=\"Renamed elsewhere\"");
        SQLite::Statement u(raw, "UPDATE map_meta SET source_xml = ? WHERE id = 1");
        u.bind(1, xml);
        REQUIRE(u.exec() == 1);
    }
    CHECK(store.loadMap().metadata().name == "Renamed elsewhere");
}

TEST_CASE("campaign new loads the scenario and map in one go", "[db]") {
    const auto dir = scratchDir("db-new");
    const auto path = (dir / "small.db").string();
    const auto result = make("tests/data/campaigns/small.xml", path, 42);
    for (const auto& i : result.issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE(result.ok);
    CHECK_FALSE(std::filesystem::exists(path + ".new"));

    auto store = db::CampaignStore::open(path, true);
    const auto info = store.info();
    CHECK(info.scenarioId == "small");
    CHECK(info.seed == 42);
    CHECK(info.week == 1);
    CHECK(info.day == 1);
    CHECK(store.options().get("ua_multiplier") == "5");
    const auto m = store.loadMap();
    CHECK(m.metadata().id == "small");
    CHECK(m.hexCount() == 48);

    // Rolls at creation: season (4d6) and four rated generals (three staff-table rolls, one historical roll).
    const auto rolls = store.rolls();
    REQUIRE(rolls.size() == 5);
    CHECK(rolls[0].expression == "4d6");
    CHECK(rolls[0].rule == "etat-major.md §8.1.1");
    CHECK_FALSE(rolls[0].effect.empty());
    for (std::size_t i = 1; i < rolls.size(); ++i) {
        CHECK(rolls[i].expression == "1d6");
        CHECK(rolls[i].rule == "etat-major.md §13.3");
        CHECK(rolls[i].sequence == static_cast<std::int64_t>(i) + 1);
    }
    // The season follows the chart bands of G-10 (default season_table = chart).
    const int total = rolls[0].result;
    const std::string expected = total <= 9 ? "summer" : total <= 14 ? "autumn" : total <= 18 ? "winter" : "spring";
    CHECK(info.startSeason == expected);

    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    // Each rolled general's rating follows his nationality row of §13.3.
    SQLite::Statement g(raw, "SELECT e.result, g.nationality, g.rating, g.rating_source FROM event_log e "
                             "JOIN general g ON g.id = e.subject ORDER BY e.seq");
    int checked = 0;
    while (g.executeStep()) {
        const int face = g.getColumn(0).getInt();
        const std::string nat = g.getColumn(1).getString(), rating = g.getColumn(2).getString(), source = g.getColumn(3).getString();
        if (source == "rolled" && nat == "american") CHECK(rating == (face <= 3 ? "inept" : face == 6 ? "exceptional" : "capable"));
        else if (source == "rolled") CHECK(rating == (face <= 2 ? "inept" : face == 6 ? "exceptional" : "capable"));
        else CHECK(rating == (face == 6 ? "inept" : "capable"));  // Colonel Scarlet: Capable, Inept on a 6
        ++checked;
    }
    CHECK(checked == 4);
    CHECK(raw.execAndGet("SELECT rating FROM general WHERE id = 'red-c'").getString() == "capable");  // player figure
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM unit WHERE me_id IS NULL").getInt() == 0);
    CHECK(raw.execAndGet("SELECT me_id FROM unit WHERE id = 'blue-sappers'").getString() == "blue-me-1");
    CHECK(raw.execAndGet("SELECT me_id FROM general WHERE id = 'blue-b2'").getString() == "blue-me-1");
    CHECK(raw.execAndGet("SELECT me_id FROM general WHERE id = 'red-b2'").getString() == "red-me-2");
    CHECK(raw.execAndGet("SELECT figures_original FROM unit WHERE id = 'red-foot'").getInt() == 16);
    CHECK(raw.execAndGet("SELECT controller FROM urban_area WHERE id = 'westby'").getString() == "red");
    CHECK(raw.execAndGet("SELECT controller FROM urban_area WHERE id = 'eastby'").getString() == "blue");
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM objective WHERE revealed_to_assigned = 0").getInt() == 8);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM campaign_option").getInt() == static_cast<int>(campaign::optionCatalogue().size()));
    CHECK(raw.execAndGet("SELECT name FROM command_log").getString() == "campaign.new");
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM map_hexside").getInt() == 8);
}

TEST_CASE("the same scenario and seed give the same database; another seed differs", "[db]") {
    const auto dir = scratchDir("db-determinism");
    REQUIRE(make("tests/data/campaigns/small.xml", (dir / "a.db").string(), 7).ok);
    REQUIRE(make("tests/data/campaigns/small.xml", (dir / "b.db").string(), 7).ok);
    REQUIRE(make("tests/data/campaigns/small.xml", (dir / "c.db").string(), 8).ok);
    const auto a = dump((dir / "a.db").string());
    CHECK(a == dump((dir / "b.db").string()));
    CHECK(a != dump((dir / "c.db").string()));
}

TEST_CASE("campaign new refuses bad input and leaves nothing behind", "[db]") {
    const auto dir = scratchDir("db-refuse");
    const auto path = (dir / "x.db").string();
    auto r = make("tests/data/errors/campaign-unit-twice.xml", path, 1);
    CHECK_FALSE(r.ok);
    CHECK(r.issues.hasCode("CAMPAIGN-UNIT-TWICE"));
    CHECK_FALSE(std::filesystem::exists(path));
    r = make("tests/data/campaigns/small.xml", path, 1, {"ua_multiplier=3"});
    CHECK_FALSE(r.ok);
    CHECK(r.issues.hasCode("CLI-OPTION"));
    CHECK_FALSE(std::filesystem::exists(path));
    // An existing database is never overwritten without being asked.
    REQUIRE(make("tests/data/campaigns/small.xml", path, 1).ok);
    const auto before = dump(path);
    r = make("tests/data/campaigns/small.xml", path, 2);
    CHECK(r.issues.hasCode("DB-EXISTS"));
    CHECK(dump(path) == before);
}

TEST_CASE("status shows the host everything and a side only what it may know", "[db]") {
    const auto dir = scratchDir("db-status");
    const auto path = (dir / "s.db").string();
    REQUIRE(make("tests/data/campaigns/small.xml", path, 3, {"objective_visibility=hidden_from_owner"}).ok);
    auto store = db::CampaignStore::open(path, true);
    const auto host = nlohmann::json::parse(view::statusJson(store, view::Viewer::host()));
    CHECK(host["view"] == "host");
    REQUIRE(host["sides"].size() == 2);
    CHECK(host["sides"][0]["mes"].size() == 3);
    CHECK(host["sides"][1]["mes"].size() == 1);
    CHECK(host["objectives"].size() == 8);
    CHECK(host["sides"][0]["mes"][1]["hex"] == "0,2");  // entering on the primary LOC

    const auto red = nlohmann::json::parse(view::statusJson(store, view::Viewer::ofSide("red")));
    CHECK(red["view"] == "red");
    CHECK(red["sides"][0].contains("mes"));
    CHECK(red["sides"][0].contains("vcs"));
    // The enemy: counters face down, no composition, no VCS.
    CHECK_FALSE(red["sides"][1].contains("mes"));
    CHECK_FALSE(red["sides"][1].contains("vcs"));
    REQUIRE(red["sides"][1]["counters"].size() == 1);
    CHECK(red["sides"][1]["counters"][0]["faceDown"] == true);
    CHECK_FALSE(red["sides"][1]["counters"][0].contains("label"));
    // Objectives: red sees those it wrote for blue, not the ones blue wrote for it (G-64).
    CHECK(red["objectives"].size() == 4);
    for (const auto& o : red["objectives"]) CHECK(o["writtenBy"] == "red");
    const std::string text = view::statusText(store, view::Viewer::ofSide("red"));
    CHECK(text.find("Blue Continentals") == std::string::npos);
    CHECK(text.find("General Azure") == std::string::npos);
    CHECK(view::statusText(store, view::Viewer::host()).find("General Azure") != std::string::npos);

    try {
        view::statusJson(store, view::Viewer::ofSide("green"));
        FAIL();
    } catch (const db::StoreError& e) {
        CHECK(e.code() == "DB-UNKNOWN-SIDE");
    }
}
