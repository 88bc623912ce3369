// SPDX-License-Identifier: GPL-3.0-or-later
// Decoys (etat-major.md §2.3, G-41, G-42), the fog of war under hidden counter positions (§8.1.5, G-40) and
// scouting combat (§8.6.4), on the map strip of §16.1.
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/orders_xml.hpp"

#include "campaign_db.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

using namespace etatmajor;

namespace {

// Every die shows 3 (never more than the die has) except order receipt, which shows 6: fine weather (3 + 3 = 6 in
// summer), every order carried out, no misstatement. Keeps the movement of these tests free of chance.
class Threes final : public dice::Source {
public:
    int roll(int faces, const dice::RollRequest& r) override {
        return r.purpose.rfind("order receipt", 0) == 0 ? faces : std::min(3, faces);
    }
    std::string kind() const override { return "scripted"; }
};

std::string hexOf(int r) { return std::to_string(r - 1) + ",0"; }

int number(const std::string& path, const std::string& sql) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getInt();
}
std::string meHex(const std::string& path, const std::string& me) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    return raw.execAndGet("SELECT h.col || ',' || h.row FROM me m JOIN map_hex h ON h.q = m.q AND h.r = m.r WHERE m.id = '" + me + "'")
        .getString();
}
void place(const std::string& path, const std::string& me, int r) {
    etatmajor::test::RawEdit raw(path);
    raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE col = " + std::to_string(r - 1) +
             "), r = (SELECT r FROM map_hex WHERE col = " + std::to_string(r - 1) + ") WHERE id = '" + me + "'");
}

std::string strip(const std::string& name, std::vector<std::string> options = {}) {
    const auto path = test::freshCampaignDb("decoys-fog", name, "tests/data/campaigns/strip.xml", 2, std::move(options));
    etatmajor::test::RawEdit raw(path);
    raw.exec("UPDATE urban_area SET controller = 'american' WHERE id = 'rugeleys-mill'");
    raw.exec("UPDATE urban_area SET controller = 'british' WHERE id = 'camden'");
    return path;
}

engine::AdvanceResult run(db::CampaignStore& store, engine::Step step) {
    Threes threes;
    engine::AdvanceOptions o;
    o.dice = &threes;
    return engine::advance(store, step, o);
}

void toOrders(db::CampaignStore& store) {
    while (store.info().phase != campaign::Phase::D2) REQUIRE(run(store, engine::Step::Phase).ok);
}

core::IssueList give(db::CampaignStore& store, const std::string& side, const std::string& body) {
    const auto info = store.info();
    return engine::submitOrders(store, io::readOrdersString("<orders formatVersion=\"1\" side=\"" + side + "\" week=\"" +
                                                                std::to_string(info.week) + "\" day=\"" + std::to_string(info.day) +
                                                                "\">\n" + body + "</orders>",
                                                            side + ".xml"));
}

bool refusedWith(const core::IssueList& issues, const std::string& code, const std::string& where) {
    for (const auto& i : issues.items())
        if (i.code == code && i.where == where) return true;
    for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
    return false;
}

}  // namespace

TEST_CASE("§2.3 decoys: placed with the first day's orders, moved, cutting no LOC, found by an ME that goes on", "[engine][decoys]") {
    const auto path = strip("decoys");
    place(path, "va", 1);  // VA at Rugeley's Mill; BL at R2
    auto store = db::CampaignStore::open(path);
    toOrders(store);
    // Refusals, with the decoy and field named, and nothing stored.
    CHECK(refusedWith(give(store, "american", "<decoy id=\"ad-1\" place=\"" + hexOf(3) + "\"/>\n"), "ORDERS-DECOY", "ad-1.place"));
    CHECK(
        refusedWith(give(store, "american", "<decoy id=\"ad-1\"><path>" + hexOf(2) + "</path></decoy>\n"), "ORDERS-DECOY", "ad-1.id"));
    CHECK(refusedWith(give(store, "american",
                           "<decoy id=\"ad-1\" place=\"" + hexOf(1) + "\"><path>" + hexOf(2) + " " + hexOf(3) + " " + hexOf(4) + " " +
                               hexOf(5) + " " + hexOf(6) + "</path></decoy>\n"),
                      "ORDERS-DECOY", "ad-1.path"));  // five hexes for an infantry decoy's 4
    {
        std::string five;
        for (int i = 1; i <= 5; ++i) five += "<decoy id=\"ad-" + std::to_string(i) + "\" place=\"" + hexOf(1) + "\"/>\n";
        const auto issues = give(store, "american", five);
        CHECK(refusedWith(issues, "ORDERS-DECOY", "ad-5.place"));     // the fifth of the week (§2.3)
        CHECK(refusedWith(issues, "ORDERS-STACKING", "ad-4.place"));  // and VA with four decoys in one hex (G-41)
    }
    CHECK(refusedWith(give(store, "british", "<decoy id=\"bd-1\" place=\"" + hexOf(4) + "\"/>\n"), "ORDERS-DECOY", "bd-1.place"));
    CHECK(number(path, "SELECT COUNT(*) FROM decoy_order") == 0);
    CHECK(number(path, "SELECT COUNT(*) FROM orders_submitted") == 0);

    // ad-1 and ad-2 go down with VA at R1, next to BL, a Scouting ME at R2: ad-1, sent along the road into BL's hex,
    // is found before it goes (§2.3: seen by a scout from the next hex). ad-2 (designated cavalry) is also in sight
    // of BL, so it too is found. Nobody moves today.
    REQUIRE_FALSE(give(store, "american",
                       "<order me=\"va\" mode=\"march\"/>\n<decoy id=\"ad-1\" place=\"" + hexOf(1) + "\"><path>" + hexOf(2) + " " +
                           hexOf(3) + "</path></decoy>\n<decoy id=\"ad-2\" place=\"" + hexOf(1) + "\" designated=\"cavalry\"/>\n")
                      .hasErrors());
    REQUIRE_FALSE(give(store, "british", "<order me=\"bl\" mode=\"scouting\"/>\n").hasErrors());
    REQUIRE(run(store, engine::Step::Day).ok);
    CHECK(number(path, "SELECT removed_week FROM decoy WHERE id = 'ad-1'") == 1);
    CHECK(number(path, "SELECT removed_week FROM decoy WHERE id = 'ad-2'") == 1);
    CHECK(number(path, "SELECT COUNT(*) FROM decoy_order WHERE path <> ''") == 1);
    CHECK(number(path, "SELECT COUNT(*) FROM sighting WHERE target LIKE 'ad-%'") == 0);  // found, not remembered

    // Day 2: ad-2, put back on the map at R3 on BL's LOC from R2 to Camden, cuts nothing; BL (now marching, so it
    // sees only its own hex) marches through it and finds it on entering.
    {
        etatmajor::test::RawEdit raw(path);
        raw.exec("UPDATE decoy SET removed_week = 0, removed_by = '', q = (SELECT q FROM map_hex WHERE col = 2), "
                 "r = (SELECT r FROM map_hex WHERE col = 2) WHERE id = 'ad-2'");
        raw.exec("UPDATE me SET mode = 'march' WHERE id = 'bl'");
    }
    place(path, "bl", 2);
    toOrders(store);
    CHECK(number(path, "SELECT valid FROM loc_status WHERE week = 1 AND day = 2 AND me_id = 'bl'") == 1);  // decoys never cut
    {
        // The British see two face-down counters (VA at R1, the decoy at R3) and cannot tell them apart.
        const auto view = nlohmann::json::parse(view::statusJson(store, view::Viewer::ofSide("british")));
        const auto& counters = view["sides"][1]["counters"];
        REQUIRE(counters.size() == 2);
        for (const auto& k : counters) {
            CHECK(k["faceDown"] == true);
            CHECK_FALSE(k.contains("label"));
            CHECK(k.size() == 3);  // hex, faceDown, inSight: nothing more
        }
        CHECK(view.dump().find("ad-2") == std::string::npos);
        const auto own = nlohmann::json::parse(view::statusJson(store, view::Viewer::ofSide("american")));
        REQUIRE(own["sides"][1]["decoys"].size() == 1);
        CHECK(own["sides"][1]["decoys"][0]["id"] == "ad-2");
    }
    CHECK(refusedWith(give(store, "american", "<decoy id=\"ad-3\" place=\"" + hexOf(1) + "\"/>\n"), "ORDERS-DECOY", "ad-3.place"));
    REQUIRE_FALSE(give(store, "british", "<order me=\"bl\" mode=\"march\"><path>" + hexOf(3) + " " + hexOf(4) + "</path></order>\n")
                      .hasErrors());
    REQUIRE(engine::standFast(store, "american").empty());
    REQUIRE(run(store, engine::Step::Day).ok);
    CHECK(number(path, "SELECT removed_week FROM decoy WHERE id = 'ad-2'") == 1);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT removed_by FROM decoy WHERE id = 'ad-2'").getString() == "bl");
    CHECK(meHex(path, "bl") == hexOf(4));  // it went on after finding the decoy
    CHECK(number(path, "SELECT COUNT(*) FROM contact") == 0);
}

TEST_CASE("G-40 hidden_unless_observed: only counters in sight, and where the others were last seen", "[engine][fog]") {
    const auto path = strip("hidden", {"counter_positions=hidden_unless_observed"});
    auto store = db::CampaignStore::open(path);
    toOrders(store);
    auto british = [&] { return nlohmann::json::parse(view::statusJson(store, view::Viewer::ofSide("british")))["sides"][1]; };
    CHECK(british()["counters"].empty());  // BL at R2 sees R1–R3; VA is at R4
    CHECK(british()["lastSeen"].empty());
    REQUIRE_FALSE(give(store, "british", "<order me=\"bl\" mode=\"scouting\"><path>" + hexOf(3) + "</path></order>\n").hasErrors());
    REQUIRE(engine::standFast(store, "american").empty());
    for (int i = 0; i < 3; ++i) REQUIRE(run(store, engine::Step::Phase).ok);  // D2, D3, D4
    REQUIRE(meHex(path, "bl") == hexOf(3));
    auto seen = british();
    REQUIRE(seen["counters"].size() == 1);
    CHECK(seen["counters"][0]["hex"] == hexOf(4));
    CHECK(seen["counters"][0]["inSight"] == true);
    CHECK(seen["counters"][0]["faceDown"] == true);
    CHECK(seen["counters"][0]["intel"]["detail"] == "full");
    // BL goes home: VA is out of sight, remembered where it was last seen.
    place(path, "bl", 6);
    seen = british();
    CHECK(seen["counters"].empty());
    REQUIRE(seen["lastSeen"].size() == 1);
    CHECK(seen["lastSeen"][0]["hex"] == hexOf(4));
    CHECK(seen["lastSeen"][0]["week"] == 1);
    CHECK(seen["lastSeen"][0]["day"] == 1);
    CHECK_FALSE(seen["lastSeen"][0].contains("label"));
    // The Americans never saw BL at all.
    CHECK(nlohmann::json::parse(view::statusJson(store, view::Viewer::ofSide("american")))["sides"][0]["lastSeen"].empty());
}

TEST_CASE("§8.6.4 scouting combat: when either side chooses to fight, a battle of its own with no marching to the guns",
          "[engine][scouting]") {
    const std::string scoutOrder = "<order me=\"bl\" mode=\"scouting\" onScoutContact=\"%\"><path>" + hexOf(3) + "</path></order>\n";
    auto scout = [&](const std::string& reaction) {
        std::string s = scoutOrder;
        s.replace(s.find('%'), 1, reaction);
        return s;
    };
    SECTION("the scout engages") {
        const auto path = strip("engage");
        auto store = db::CampaignStore::open(path);
        toOrders(store);
        REQUIRE_FALSE(give(store, "british", scout("engage")).hasErrors());
        REQUIRE_FALSE(give(store, "american", "<order me=\"va\" mode=\"march\" marchToGuns=\"true\"/>\n").hasErrors());
        REQUIRE(run(store, engine::Step::Day).ok);
        CHECK(number(path, "SELECT COUNT(*) FROM contact WHERE phase = 'D4' AND mover = 'bl' AND met = 'va'") == 1);
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT kind FROM battle WHERE id = 1").getString() == "scouting_combat");
        CHECK(raw.execAndGet("SELECT status FROM battle WHERE id = 1").getString() == "resolved");
        CHECK(number(path, "SELECT COUNT(*) FROM battle_participant WHERE how LIKE 'march to the guns%'") == 0);
    }
    SECTION("the scout would observe, but the enemy is Deployed-Offensive and wants the fight") {
        const auto path = strip("enemy-engages");
        {
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE me SET mode = 'deployed_offensive' WHERE id = 'va'");
        }
        auto store = db::CampaignStore::open(path);
        toOrders(store);
        REQUIRE_FALSE(give(store, "british", scout("observe")).hasErrors());
        REQUIRE_FALSE(
            give(store, "american", "<order me=\"va\" mode=\"deployed_offensive\" onScoutContact=\"engage\"/>\n").hasErrors());
        REQUIRE(run(store, engine::Step::Day).ok);
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM battle WHERE kind = 'scouting_combat'").getInt() == 1);
    }
    SECTION("neither wants it: the scout observes and no battle follows") {
        const auto path = strip("observe");
        auto store = db::CampaignStore::open(path);
        toOrders(store);
        REQUIRE_FALSE(give(store, "british", scout("observe")).hasErrors());
        REQUIRE_FALSE(give(store, "american", "<order me=\"va\" mode=\"march\"/>\n").hasErrors());
        REQUIRE(run(store, engine::Step::Day).ok);
        CHECK(meHex(path, "bl") == hexOf(3));
        CHECK(number(path, "SELECT COUNT(*) FROM battle") == 0);
        CHECK(number(path, "SELECT COUNT(*) FROM intel_report WHERE side_id = 'british'") == 1);
    }
}
