// SPDX-License-Identifier: GPL-3.0-or-later
// etat-major.md §8.6 scouting intelligence: TV-9, the G-38 misstatements, sight (G-12, G-36), and a scout over a real
// database reporting case 1 details to its own side only.
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/engine/intel.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/rules/intel.hpp"
#include "fixtures.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>

using namespace etatmajor;
using namespace etatmajor::test;
using rules::IntelDetail;

TEST_CASE("TV-9 and G-37: what case 2 tells", "[rules][intel][vector]") {
    CHECK(rules::case2Detail(24, 16) == IntelDetail::Full);     // 1.5 times: full details
    CHECK(rules::case2Detail(23, 16) == IntelDetail::Numbers);  // more: counts, possibly misstated
    CHECK(rules::case2Detail(16, 16) == IntelDetail::Nothing);  // equal: nothing
    CHECK(rules::case2Detail(16, 24) == IntelDetail::Nothing);
    CHECK(rules::case2Detail(5, 0) == IntelDetail::Full);  // the other has no scouting points
    CHECK(rules::case2Detail(0, 0) == IntelDetail::Nothing);
}

TEST_CASE("G-38 misstated counts stay within their band and never go below zero", "[rules][intel]") {
    for (const char* rule : {"body_pm2", "chart_pm1to3_mandatory", "chart_pm0to3"}) {
        campaign::Options o;
        CHECK_FALSE(o.set("mislead", rule).has_value());
        dice::SeededSource src(77);
        dice::MemoryLog log;
        dice::Dice d(src, log);
        std::set<int> errors;
        for (int i = 0; i < 2000; ++i) {
            const int told = rules::misstate(5, d, o, "x");
            errors.insert(told - 5);
            CHECK(rules::misstate(0, d, o, "x") >= 0);
        }
        INFO(rule);
        if (std::string(rule) == "body_pm2") CHECK(errors == std::set<int>{-2, -1, 0, 1, 2});
        if (std::string(rule) == "chart_pm1to3_mandatory") CHECK(errors == std::set<int>{-3, -2, -1, 1, 2, 3});
        if (std::string(rule) == "chart_pm0to3") CHECK(errors == std::set<int>{-3, -2, -1, 0, 1, 2, 3});
    }
}

TEST_CASE("§8.1.5 / G-12 / G-36: what a scout can see", "[rules][intel]") {
    map::MapMetadata meta;
    meta.id = "t";
    meta.name = "t";
    meta.width = 6;
    meta.height = 6;
    map::Map m(meta, map::Terrain::Clear);
    const hex::Hex a{2, 2}, b = hex::neighbour(a, 0), far = hex::neighbour(b, 0);
    campaign::Options o;
    CHECK(rules::scoutSees(m, a, a, rules::Weather::Rain, o));
    CHECK(rules::scoutSees(m, a, b, rules::Weather::Fine, o));
    CHECK_FALSE(rules::scoutSees(m, a, b, rules::Weather::Gusty, o));
    CHECK_FALSE(rules::scoutSees(m, a, far, rules::Weather::Fine, o));
    m.setTerrain(b, map::Terrain::Woods);
    CHECK(rules::scoutSees(m, a, b, rules::Weather::Fine, o));  // beyond_only: a wood hides only what lies past it
    CHECK_FALSE(o.set("los_blocking", "target_hex_hides").has_value());
    CHECK_FALSE(rules::scoutSees(m, a, b, rules::Weather::Fine, o));
}

TEST_CASE("§8.6.2 case 1 over a real campaign: the scout's side learns the exact composition", "[engine][intel]") {
    const auto dir = std::filesystem::temp_directory_path() / "etatmajor-intel-test";
    std::filesystem::create_directories(dir);
    // Dice decide the receipt and the weather; try generator states until a received order meets fine weather.
    for (int attempt = 0; attempt < 40; ++attempt) {
        const auto path = (dir / ("case1-" + std::to_string(attempt) + ".db")).string();
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
        db::NewCampaignRequest req;
        req.scenarioPath = (std::filesystem::path(ETATMAJOR_SOURCE_DIR) / "campaigns/southern-1780.xml").string();
        req.dbPath = path;
        req.seed = 4;
        REQUIRE(db::createCampaign(req).ok);
        {
            // Rawdon's brigade (no cavalry), foraging next to Armand's Legion (a scout) at Cheraw.
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE campaign SET rng_state = " + std::to_string(500 + attempt));
            raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 34 AND row = 33), "
                     "r = (SELECT r FROM map_hex WHERE col = 34 AND row = 33), mode = 'forage' WHERE id = 'b-rawdon'");
        }
        auto store = db::CampaignStore::open(path);
        campaign::OrdersFile f;
        f.side = "american";
        f.week = 1;
        f.day = 1;
        campaign::Order o;
        o.me = "a-armand";
        o.mode = campaign::Mode::Scouting;
        o.path = {*hex::parseOffset("36,32")};
        o.onScoutContact = campaign::ScoutContact::Observe;
        f.orders.push_back(o);
        REQUIRE(engine::submitOrders(store, f).empty());
        REQUIRE(engine::standFast(store, "british").empty());
        for (int i = 0; i < 5 + 4; ++i) REQUIRE(engine::advance(store, engine::Step::Phase).ok);  // W1..W5, D1..D4
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        const std::string receipt = raw.execAndGet("SELECT receipt FROM order_sheet WHERE me_id = 'a-armand'").getString();
        const std::string weather = raw.execAndGet("SELECT weather FROM weather_day WHERE week = 1 AND day = 1").getString();
        const auto mine = nlohmann::json::parse(engine::intelJson(store, "american"));
        CHECK(nlohmann::json::parse(engine::intelJson(store, "british"))["reports"].empty());  // case 1 informs the scout only
        if (receipt == "not_received" || weather != "fine") {
            CHECK(mine["reports"].empty());  // no scouting today, or it sees only its own hex
            continue;
        }
        REQUIRE(mine["reports"].size() == 1);
        const auto& r = mine["reports"][0];
        CHECK(r["case"] == "1");
        CHECK(r["detail"] == "full");
        CHECK(r["hex"] == "34,33");
        CHECK(r["mode"] == "forage");
        int units = 0;
        for (const auto& c : r["reported"]) units += c["count"].get<int>();
        CHECK(units == 4);  // Rawdon's four units, exactly
        // It observed: its move ended where it saw the enemy, at its start.
        CHECK(raw.execAndGet("SELECT stopped_by FROM movement WHERE me_id = 'a-armand'").getString() == "scouted the enemy (observe)");
        return;
    }
    FAIL("no generator state gave a received scouting order in fine weather");
}
