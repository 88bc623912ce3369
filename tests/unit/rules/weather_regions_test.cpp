// SPDX-License-Identifier: GPL-3.0-or-later
// G-102 weather_regions = per_region (etat-major.md §8.1, §14): one weather roll a day for each climate region of the
// map (§15.8), the wind one for the map; movement and water moves read the weather of the ME's hex, a battle that of
// its hex. The bundled campaign is given two regions (rows 0-33 north, the rest south) and the weather dice are
// scripted by the region they name: a storm in the north, fine weather in the south.
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/rules/weather.hpp"

#include "campaign_db.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <map>

using namespace etatmajor;

namespace {

// Each weather die shows the face given for the region the roll names (its subject; "" for the map-wide roll), every
// order is received (6) and every other die shows 3. The subjects of the weather rolls are kept in order.
class RegionDice final : public dice::Source {
public:
    std::map<std::string, int> weatherFace;
    std::vector<std::string> weatherSubjects;
    int roll(int n, const dice::RollRequest& r) override {
        if (r.purpose == "weather") {
            weatherSubjects.push_back(r.subject);
            const auto it = weatherFace.find(r.subject);
            if (it != weatherFace.end()) return std::min(it->second, n);
        }
        return r.purpose.rfind("order receipt", 0) == 0 ? n : std::min(3, n);
    }
    std::string kind() const override { return "scripted"; }
};

// The bundled campaign, its map given a north region over rows 0-33 and the south for the rest.
std::string twoRegions(const std::string& name, std::vector<std::string> options) {
    const auto path = test::freshCampaignDb("weather-regions", name, "campaigns/southern-1780.xml", 7, std::move(options));
    etatmajor::test::RawEdit raw(path);
    std::string xml = raw.execAndGet("SELECT source_xml FROM map_meta WHERE id = 1").getString();
    const auto end = xml.find("</terrain>");
    REQUIRE(end != std::string::npos);
    xml.insert(end + std::string("</terrain>").size(),
               "\n  <regions default=\"south\">\n    <area region=\"north\" cols=\"0-62\" rows=\"0-33\"/>\n  </regions>");
    SQLite::Statement u(raw, "UPDATE map_meta SET source_xml = ? WHERE id = 1");
    u.bind(1, xml);
    u.exec();
    return path;
}

void placeAt(const std::string& path, const std::string& me, int col, int row) {
    etatmajor::test::RawEdit raw(path);
    const std::string where = "col = " + std::to_string(col) + " AND row = " + std::to_string(row);
    raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE " + where + "), r = (SELECT r FROM map_hex WHERE " + where +
             ") WHERE id = '" + me + "'");
}

std::string text(const std::string& path, const std::string& sql) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getString();
}

std::string hexOf(const std::string& path, const std::string& me) {
    return text(path, "SELECT h.col || ',' || h.row FROM me m JOIN map_hex h ON h.q = m.q AND h.r = m.r WHERE m.id = '" + me + "'");
}

void runTo(db::CampaignStore& store, const std::string& phase, dice::Source& dice) {
    engine::AdvanceOptions o;
    o.standFastMissing = true;
    o.dice = &dice;
    for (int i = 0; i < 40 && campaign::phaseString(store.info().phase) != phase; ++i) {
        const auto r = engine::advance(store, engine::Step::Phase, o);
        for (const auto& issue : r.issues.items()) UNSCOPED_INFO(issue.format());
        REQUIRE(r.ok);
    }
    REQUIRE(campaign::phaseString(store.info().phase) == phase);
}

campaign::Order order(const std::string& me, std::vector<std::string> path) {
    campaign::Order o;
    o.me = me;
    o.mode = campaign::Mode::March;
    for (const auto& h : path) o.path.push_back(*hex::parseOffset(h));
    return o;
}

}  // namespace

TEST_CASE("G-102 weather regions: the regions that roll, and a hex's region", "[rules][weather][variant]") {
    const std::string xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<map formatVersion="1" id="r" name="Regions" kmPerHex="8" orientation="pointy" offset="odd" width="4" height="3">
  <terrain default="clear"/>
  <regions default="south">
    <area region="north" cols="0-3" rows="0"/>
  </regions>
</map>
)";
    const auto read = io::readMapString(xml, "r.xml");
    REQUIRE_FALSE(read.issues.hasErrors());
    const auto& m = read.map;
    campaign::Options single, perRegion;
    REQUIRE_FALSE(perRegion.set("weather_regions", "per_region"));
    const auto north = m.offsets().toHex({1, 0}), south = m.offsets().toHex({1, 2});
    CHECK(rules::weatherRegions(m, single).empty());
    CHECK_FALSE(rules::weatherRegionOf(m, north, single).has_value());
    CHECK(rules::weatherRegions(m, perRegion) == std::vector<map::Region>{map::Region::North, map::Region::South});
    CHECK(rules::weatherRegionOf(m, north, perRegion) == map::Region::North);
    CHECK(rules::weatherRegionOf(m, south, perRegion) == map::Region::South);
    // Areas over a map of no default region leave the other hexes to a region of their own, "none", rolled last.
    auto partial = m;
    partial.regionDefault() = map::Region::None;
    CHECK(rules::weatherRegions(partial, perRegion) == std::vector<map::Region>{map::Region::North, map::Region::None});
    CHECK(rules::weatherRegionOf(partial, south, perRegion) == map::Region::None);
    // A map without regions has one weather under per_region too.
    auto plain = m;
    plain.regionDefault() = map::Region::None;
    plain.regionAreas().clear();
    CHECK(rules::weatherRegions(plain, perRegion).empty());
    CHECK_FALSE(rules::weatherRegionOf(plain, north, perRegion).has_value());
}

TEST_CASE("G-102 per_region: a storm in the north slows the ME that sets out there, not the one in the south",
          "[engine][weather][movement][variant]") {
    // Caswell's militia (MR 4 on the major road) march from Cheraw (35,33, north) along the Camden road; Stevens's
    // Virginians set out from 34,34 (south) along the same road. Summer: 2d6 = 12 is a storm, 2 fine weather.
    for (const bool perRegion : {false, true}) {
        INFO((perRegion ? "per_region" : "single"));
        const auto path = twoRegions(perRegion ? "move-per-region" : "move-single",
                                     perRegion ? std::vector<std::string>{"weather_regions=per_region"} : std::vector<std::string>{});
        placeAt(path, "a-stevens", 34, 34);
        auto store = db::CampaignStore::open(path);
        RegionDice dice;
        dice.weatherFace = {{"north", 6}, {"south", 1}, {"", 1}};  // single: one fine roll for the whole map
        runTo(store, "D2", dice);
        // One 2d6 roll a day under single (no region named); one for each region, north first, under per_region.
        CHECK(dice.weatherSubjects ==
              (perRegion ? std::vector<std::string>{"north", "north", "south", "south"} : std::vector<std::string>{"", ""}));
        campaign::OrdersFile f;
        f.side = "american";
        f.week = store.info().week;
        f.day = store.info().day;
        f.orders = {order("a-caswell", {"34,33", "34,34", "33,35", "32,35", "32,36"}),
                    order("a-stevens", {"33,35", "32,35", "32,36", "31,37", "30,37", "30,38"})};
        REQUIRE(engine::submitOrders(store, f).empty());
        REQUIRE(engine::standFast(store, "british").empty());
        runTo(store, "D6", dice);
        REQUIRE(text(path, "SELECT receipt FROM order_sheet WHERE me_id = 'a-caswell'") == "received");
        if (perRegion) {
            CHECK(text(path, "SELECT weather FROM weather_region_day WHERE region = 'north'") == "storm");
            CHECK(text(path, "SELECT weather FROM weather_region_day WHERE region = 'south'") == "fine");
            CHECK(text(path, "SELECT weather FROM weather_day") == "fine");  // the map's default region, the south
            // The dice log names each region's roll.
            CHECK(text(path, "SELECT group_concat(subject || ':' || result || ':' || effect, ' | ') FROM event_log "
                             "WHERE purpose = 'weather'") ==
                  "north:12:storm in the north region (summer) | south:2:fine in the south region (summer)");
            // Storm in the north: 4 - 1 = 3 hexes; fine in the south: the full 4.
            CHECK(text(path, "SELECT allowance FROM movement WHERE me_id = 'a-caswell'") == "3");
            CHECK(hexOf(path, "a-caswell") == "33,35");
            CHECK(text(path, "SELECT allowance FROM movement WHERE me_id = 'a-stevens'") == "4");
            CHECK(hexOf(path, "a-stevens") == "31,37");
            // The status shows each region's weather.
            const auto status = nlohmann::json::parse(view::statusJson(store, view::Viewer::host()));
            const auto& regions = status["campaign"]["weather"]["regions"];
            REQUIRE(regions.size() == 2);
            CHECK(regions[0]["region"] == "north");
            CHECK(regions[0]["weather"] == "storm");
            CHECK(regions[1]["region"] == "south");
            CHECK(regions[1]["weather"] == "fine");
            CHECK_THAT(view::statusText(store, view::Viewer::host()),
                       Catch::Contains("storm in the north, fine in the south, wind from the"));
        } else {
            CHECK(text(path, "SELECT COUNT(*) FROM weather_region_day") == "0");
            CHECK(text(path, "SELECT weather FROM weather_day") == "fine");
            CHECK(text(path, "SELECT allowance FROM movement WHERE me_id = 'a-caswell'") == "4");
            CHECK(hexOf(path, "a-caswell") == "32,35");
            CHECK(text(path, "SELECT allowance FROM movement WHERE me_id = 'a-stevens'") == "4");
            CHECK(hexOf(path, "a-stevens") == "31,37");
            CHECK_FALSE(
                nlohmann::json::parse(view::statusJson(store, view::Viewer::host()))["campaign"]["weather"].contains("regions"));
        }
    }
}

TEST_CASE("G-102 per_region: each battle is set up in the weather of its hex", "[engine][weather][battle][variant]") {
    // Two shared hexes make two battles at D6: 34,33 in the north (storm) and 34,34 in the south (fine).
    const auto path = twoRegions("battles", {"weather_regions=per_region"});
    placeAt(path, "a-caswell", 34, 33);
    placeAt(path, "b-rawdon", 34, 33);
    placeAt(path, "a-maryland", 34, 34);
    placeAt(path, "b-tarleton", 34, 34);
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("UPDATE me SET mode = 'deployed_offensive' WHERE id IN ('a-maryland', 'a-caswell')");
        raw.exec("UPDATE me SET mode = 'deployed_defensive' WHERE id IN ('b-tarleton', 'b-rawdon')");
    }
    auto store = db::CampaignStore::open(path);
    RegionDice dice;
    dice.weatherFace = {{"north", 6}, {"south", 1}};
    runTo(store, "D7", dice);
    const auto battleAt = [&](int col, int row) {
        return std::stoi(text(path, "SELECT b.id FROM battle b JOIN map_hex h ON h.q = b.q AND h.r = b.r WHERE h.col = " +
                                        std::to_string(col) + " AND h.row = " + std::to_string(row)));
    };
    const int north = battleAt(34, 33), south = battleAt(34, 34);
    CHECK(text(path, "SELECT weather FROM battle WHERE id = " + std::to_string(north)) == "storm");
    CHECK(text(path, "SELECT weather FROM battle WHERE id = " + std::to_string(south)) == "fine");
    CHECK(engine::campaignBattleSetup(store, north).weather == battle::Weather::Storm);
    CHECK(engine::campaignBattleSetup(store, south).weather == battle::Weather::Fine);
}

TEST_CASE("G-102 per_region: an ME sees by the weather of its own hex", "[engine][weather][fog][variant]") {
    // Two American scouting MEs, each next to a British ME across the region line (row 33 north, row 34 south):
    // Caswell at 35,33 (north, storm) beside Rawdon at 35,34 (south, fine); Stevens at 30,34 (south, fine) beside
    // Tarleton at 30,33 (north, storm). §8.1.5 makes sight the observer's: Stevens sees Tarleton through the storm over
    // Tarleton's hex, Caswell in the storm sees only his own hex. Under single the one weather is fine: both are seen.
    for (const bool perRegion : {false, true}) {
        INFO((perRegion ? "per_region" : "single"));
        const auto path = twoRegions(perRegion ? "sight-per-region" : "sight-single",
                                     perRegion ? std::vector<std::string>{"weather_regions=per_region"} : std::vector<std::string>{});
        placeAt(path, "a-caswell", 35, 33);
        placeAt(path, "b-rawdon", 35, 34);
        placeAt(path, "a-stevens", 30, 34);
        placeAt(path, "b-tarleton", 30, 33);
        {
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE me SET mode = 'scouting' WHERE id IN ('a-caswell', 'a-stevens')");
        }
        auto store = db::CampaignStore::open(path);
        RegionDice dice;
        dice.weatherFace = {{"north", 6}, {"south", 1}, {"", 1}};
        runTo(store, "D2", dice);  // D1 records the day's first sightings
        const auto seen = [&](const std::string& target) {
            return text(path, "SELECT COUNT(*) FROM sighting WHERE side_id = 'american' AND target = '" + target + "'");
        };
        CHECK(seen("b-tarleton") == "1");
        CHECK(seen("b-rawdon") == (perRegion ? "0" : "1"));
        // The status's "in sight" flag agrees.
        const auto status = nlohmann::json::parse(view::statusJson(store, view::Viewer::ofSide("american")));
        std::map<std::string, bool> inSight;
        for (const auto& s : status["sides"])
            if (s.contains("counters"))
                for (const auto& k : s["counters"]) inSight[k["hex"].get<std::string>()] = k["inSight"].get<bool>();
        REQUIRE(inSight.count("30,33"));
        REQUIRE(inSight.count("35,34"));
        CHECK(inSight["30,33"]);
        CHECK(inSight["35,34"] == !perRegion);
    }
}

TEST_CASE("G-102 per_region: a decoy moves by the weather of the hex it sets out from", "[engine][weather][decoys][variant]") {
    // Two infantry decoys (4 hexes a day) are put down with Caswell at Cheraw (35,33, north, storm) and with Stevens at
    // 34,34 (south, fine) and sent down the Camden road; their MEs stay put. Storm: 4 - 1 = 3 hexes.
    for (const bool perRegion : {false, true}) {
        INFO((perRegion ? "per_region" : "single"));
        const auto path = twoRegions(perRegion ? "decoys-per-region" : "decoys-single",
                                     perRegion ? std::vector<std::string>{"weather_regions=per_region"} : std::vector<std::string>{});
        placeAt(path, "a-caswell", 35, 33);
        placeAt(path, "a-stevens", 34, 34);
        auto store = db::CampaignStore::open(path);
        RegionDice dice;
        dice.weatherFace = {{"north", 6}, {"south", 1}, {"", 1}};
        runTo(store, "D2", dice);
        campaign::OrdersFile f;
        f.side = "american";
        f.week = store.info().week;
        f.day = store.info().day;
        f.orders = {order("a-caswell", {}), order("a-stevens", {})};
        const auto decoy = [](const std::string& id, const std::string& at, std::vector<std::string> route) {
            campaign::DecoyOrder d;
            d.id = id;
            d.place = *hex::parseOffset(at);
            for (const auto& h : route) d.path.push_back(*hex::parseOffset(h));
            return d;
        };
        f.decoys = {decoy("ad-1", "35,33", {"34,33", "34,34", "33,35", "32,35"}),
                    decoy("ad-2", "34,34", {"33,35", "32,35", "32,36", "31,37"})};
        const auto issues = engine::submitOrders(store, f);
        for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
        REQUIRE_FALSE(issues.hasErrors());
        REQUIRE(engine::standFast(store, "british").empty());
        runTo(store, "D6", dice);
        const auto decoyHex = [&](const std::string& id) {
            return text(path, "SELECT h.col || ',' || h.row FROM decoy d JOIN map_hex h ON h.q = d.q AND h.r = d.r WHERE d.id = '" +
                                  id + "'");
        };
        REQUIRE(text(path, "SELECT COUNT(*) FROM decoy WHERE removed_week = 0") == "2");
        CHECK(decoyHex("ad-1") == (perRegion ? "33,35" : "32,35"));
        CHECK(decoyHex("ad-2") == "31,37");
        CHECK(hexOf(path, "a-caswell") == "35,33");
    }
}
