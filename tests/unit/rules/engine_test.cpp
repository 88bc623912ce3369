// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign turn over a real database: the week's phases, determinism, the end of the campaign, replacements
// paid from the ledger, LOC and supply views, and initiative hand-over.
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/engine/grant.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "etatmajor/engine/reports.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/rules/supply.hpp"

#include "campaign_db.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <filesystem>

using namespace etatmajor;

namespace {

const engine::AdvanceOptions kStandFast{true};  // sides without orders stand fast

std::string source(const std::string& rel) { return (std::filesystem::path(ETATMAJOR_SOURCE_DIR) / rel).string(); }

std::string freshDb(const std::string& name, const std::string& scenario, std::uint64_t seed, std::vector<std::string> options = {}) {
    return test::freshCampaignDb("engine-test", name, scenario, seed, std::move(options));
}

std::string dump(const std::string& path) {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    std::string out;
    SQLite::Statement tables(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    while (tables.executeStep()) {
        const std::string t = tables.getColumn(0).getString();
        SQLite::Statement rows(db, "SELECT * FROM " + t + " ORDER BY 1, 2");
        while (rows.executeStep()) {
            out += t + ":";
            for (int i = 0; i < rows.getColumnCount(); ++i) out += rows.getColumn(i).getString() + "|";
            out += "\n";
        }
    }
    return out;
}

}  // namespace

TEST_CASE("advance --week runs W1–W5 and seven days of D1–D12 on the bundled campaign", "[engine]") {
    const auto path = freshDb("week", "campaigns/southern-1780.xml", 7);
    auto store = db::CampaignStore::open(path);
    const auto r = engine::advance(store, engine::Step::Week, kStandFast);
    REQUIRE(r.ok);
    CHECK(r.phases.size() == 5 + 7 * 12);
    CHECK(r.phases.front().phase == campaign::Phase::W1);
    CHECK(r.phases.back().phase == campaign::Phase::D12);
    CHECK(r.phases.back().day == 7);
    const auto info = store.info();
    CHECK(info.week == 2);
    CHECK(info.day == 1);
    CHECK(info.phase == campaign::Phase::W1);

    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    // One command per phase, each in the log.
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM command_log WHERE name LIKE 'phase.%'").getInt() == 89);
    // Initiative: one row per side, exactly one winner; every roll names its rule.
    CHECK(raw.execAndGet("SELECT SUM(winner) FROM initiative WHERE week = 1").getInt() == 1);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM event_log WHERE rule = '' OR effect = ''").getInt() == 0);
    // Every UA a side holds was valued at W3 by its §9.2.1 dice.
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM urban_area WHERE controller IS NOT NULL AND sp_raw_roll IS NULL").getInt() == 0);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM event_log WHERE purpose LIKE 'supply value of Charleston' AND "
                         "expression = '6d6'")
              .getInt() == 1);
    // The primary grant, the LOC of every ME each day, and the week's VCS.
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM supply_ledger WHERE kind = 'primary_grant' AND points = 200").getInt() == 2);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM loc_status WHERE week = 1").getInt() == 7 * 8);  // W3 + seven D1s
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM vcs_history WHERE week = 1").getInt() == 2);
    // D1: one weather and wind roll a day for the whole map (§8.1), with summer daylight.
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM weather_day WHERE week = 1 AND daylight_turns = 12").getInt() == 7);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM event_log WHERE rule = 'etat-major.md §8.1.2'").getInt() == 7);
    // Webster and Tarleton forage all week (their areas are their own); Rawdon is deployed.
    CHECK(raw.execAndGet("SELECT forage_days FROM me WHERE id = 'b-webster'").getInt() == 7);
    CHECK(raw.execAndGet("SELECT forage_days FROM me WHERE id = 'b-rawdon'").getInt() == 0);

    // The supply view agrees with the database: the value of each source is its roll times 10.
    const auto supply = nlohmann::json::parse(engine::supplyJson(store, "british"));
    for (const auto& src : supply["sources"]) {
        SQLite::Statement q(raw, "SELECT sp_raw_roll FROM urban_area WHERE id = ?");
        q.bind(1, src["id"].get<std::string>());
        REQUIRE(q.executeStep());
        CHECK(src["weeklyValue"].get<int>() == 10 * q.getColumn(0).getInt());
    }
    // Next week's W3 turns last week's forage days into a forage roll for those two MEs.
    engine::advance(store, engine::Step::Phase, kStandFast);  // W1
    engine::advance(store, engine::Step::Phase, kStandFast);  // W2
    engine::advance(store, engine::Step::Phase, kStandFast);  // W3
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM supply_ledger WHERE week = 2 AND kind = 'forage'").getInt() == 2);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM event_log WHERE rule = 'etat-major.md §9.3'").getInt() == 2);
}

TEST_CASE("the same database and seed advance to the same result", "[engine]") {
    const auto a = freshDb("det-a", "campaigns/southern-1780.xml", 11);
    const auto b = freshDb("det-b", "campaigns/southern-1780.xml", 11);
    for (const auto& p : {a, b}) {
        auto s = db::CampaignStore::open(p);
        REQUIRE(engine::advance(s, engine::Step::Week, kStandFast).ok);
        REQUIRE(engine::advance(s, engine::Step::Day, kStandFast).ok);
    }
    CHECK(dump(a) == dump(b));
}

TEST_CASE("the campaign ends after its last week and then refuses to advance", "[engine]") {
    const auto path = freshDb("end", "tests/data/campaigns/small.xml", 5);  // six weeks long
    auto store = db::CampaignStore::open(path);
    for (int w = 0; w < 6; ++w) {
        const auto r = engine::advance(store, engine::Step::Week, kStandFast);
        REQUIRE(r.ok);
        CHECK(r.ended == (w == 5));
    }
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT ended FROM campaign").getInt() == 1);
    CHECK(raw.execAndGet("SELECT end_reason FROM campaign").getString() == "last_week");
    // Once it is over, every side sees every side's final VCS.
    const auto view = nlohmann::json::parse(view::statusJson(store, view::Viewer::ofSide("red")));
    CHECK(view["campaign"]["ended"] == true);
    REQUIRE(view["finalResult"].size() == 2);
    CHECK(view["finalResult"][0]["side"] == "blue");
    const auto before = dump(path);
    const auto again = engine::advance(store, engine::Step::Phase, kStandFast);
    CHECK_FALSE(again.ok);
    CHECK(again.issues.hasCode("CAMPAIGN-ENDED"));
    CHECK(dump(path) == before);
}

TEST_CASE("W4 replaces losses from the nominated source as §9.7 and the ledger say", "[engine][example]") {
    const auto path = freshDb("repl", "tests/data/campaigns/small.xml", 3);
    {
        etatmajor::test::RawEdit raw(path);
        // Red Foot (class 3, 4 x 4 figures) lost 6 figures in battle and Red Dragoons (class 3 cavalry) 3 to attrition.
        raw.exec("UPDATE unit SET figures_current = 10, stands_current = 3, lost_combat = 6 WHERE id = 'red-foot'");
        raw.exec("UPDATE unit SET figures_current = 6, stands_current = 2, lost_attrition = 3 WHERE id = 'red-dragoons'");
        raw.exec("UPDATE side SET points_lost = 18 + 32 WHERE id = 'red'");
    }
    auto store = db::CampaignStore::open(path);
    for (int i = 0; i < 4; ++i) REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);  // W1..W4
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    // Red Foot: half of 6 = 3 figures at 12 / 4 = 3 SP each -> 9 SP, paid first (its ME comes first). The dragoons get
    // back as many of their 3 attrition figures as the rest of Westby's income (×5) buys at 32 / 3 a figure, rounded up.
    const int westby = raw.execAndGet("SELECT sp_raw_roll FROM urban_area WHERE id = 'westby'").getInt() * 5;
    INFO("Westby yields " << westby);
    CHECK(raw.execAndGet("SELECT figures_current FROM unit WHERE id = 'red-foot'").getInt() == (westby >= 9 ? 13 : 10));
    CHECK(raw.execAndGet("SELECT lost_combat FROM unit WHERE id = 'red-foot'").getInt() == 0);  // the rest is permanent
    const int spent = raw.execAndGet("SELECT COALESCE(-SUM(points), 0) FROM supply_ledger WHERE kind = 'replacement'").getInt();
    CHECK(raw.execAndGet("SELECT points_replaced FROM side WHERE id = 'red'").getInt() == spent);
    CHECK(spent <= westby);
    if (westby >= 9) CHECK(raw.execAndGet("SELECT points FROM supply_ledger WHERE unit_id = 'red-foot'").getInt() == -9);
    const int left = westby - (westby >= 9 ? 9 : 0);
    const int dragoons = left >= 32 ? 3 : left >= 22 ? 2 : left >= 11 ? 1 : 0;
    CHECK(raw.execAndGet("SELECT figures_current FROM unit WHERE id = 'red-dragoons'").getInt() == 6 + dragoons);
    // Nothing carries over: what was not spent expired.
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM supply_ledger WHERE kind = 'expired' AND source = 'westby'").getInt() ==
          (westby > spent ? 1 : 0));
}

TEST_CASE("an enemy ME on a road of the bundled map cuts exactly the LOCs through it", "[engine][loc]") {
    const auto path = freshDb("cut", "campaigns/southern-1780.xml", 7);
    auto store = db::CampaignStore::open(path);
    auto before = nlohmann::json::parse(engine::locJson(store, "american"));
    nlohmann::json stevens;
    for (const auto& m : before["mes"])
        if (m["me"] == "a-stevens") stevens = m;
    REQUIRE(stevens["loc"].get<bool>());
    const auto path6 = stevens["path"];
    REQUIRE(path6.size() > 6);
    // Put Tarleton's reserve on a hex in the middle of Stevens's road to Hillsborough.
    const std::string blocker = path6[path6.size() / 2].get<std::string>();
    {
        auto state = db::loadState(store);
        const auto off = state.map.offsets();
        const auto o = hex::parseOffset(blocker);
        etatmajor::test::RawEdit raw(path);
        SQLite::Statement q(raw, "UPDATE me SET q = ?, r = ? WHERE id = 'b-tarleton'");
        q.bind(1, off.toHex(*o).q);
        q.bind(2, off.toHex(*o).r);
        q.exec();
    }
    auto after = nlohmann::json::parse(engine::locJson(store, "american"));
    for (const auto& m : after["mes"]) {
        INFO(m["me"].get<std::string>());
        if (m["me"] == "a-stevens") {
            // Cut, unless another road leads round the blocker.
            if (!m["loc"].get<bool>()) {
                CHECK(m["problem"] == "cut");
                CHECK(m["cutAt"] == nlohmann::json::array({blocker}));
            } else {
                for (const auto& h : m["path"]) CHECK(h.get<std::string>() != blocker);
            }
        } else {
            CHECK(m["loc"].get<bool>());  // the MEs at Cheraw draw on Cheraw itself
        }
    }
    // The British view never names American MEs, and the American view shows the blocker only by its hex.
    CHECK(engine::locJson(store, "american").find("b-tarleton") == std::string::npos);
}

TEST_CASE("the side holding the initiative may hand it over before the week's first movement", "[engine]") {
    const auto path = freshDb("init", "campaigns/southern-1780.xml", 7);
    auto store = db::CampaignStore::open(path);
    CHECK(engine::declineInitiative(store, "british").hasCode("INITIATIVE-DECLINE"));  // W1 not yet run
    REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);               // W1
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    const std::string holder = raw.execAndGet("SELECT id FROM side WHERE has_initiative = 1").getString();
    const std::string other = holder == "british" ? "american" : "british";
    CHECK(engine::declineInitiative(store, other).hasCode("INITIATIVE-DECLINE"));
    CHECK(engine::declineInitiative(store, "prussian").hasCode("INITIATIVE-SIDE"));
    CHECK(engine::declineInitiative(store, holder).empty());
    CHECK(raw.execAndGet("SELECT id FROM side WHERE has_initiative = 1").getString() == other);
    CHECK(raw.execAndGet("SELECT declined FROM initiative WHERE side_id = '" + holder + "'").getInt() == 1);

    const auto path2 = freshDb("init2", "campaigns/southern-1780.xml", 7, {"initiative_decline=not_allowed"});
    auto store2 = db::CampaignStore::open(path2);
    REQUIRE(engine::advance(store2, engine::Step::Phase, kStandFast).ok);
    SQLite::Database raw2(path2, SQLite::OPEN_READONLY);
    const std::string holder2 = raw2.execAndGet("SELECT id FROM side WHERE has_initiative = 1").getString();
    CHECK(engine::declineInitiative(store2, holder2).hasCode("INITIATIVE-DECLINE"));
}

TEST_CASE("§10 reorganisation: split, transfer in one hex, transfer in transit, dissolve", "[engine][reorg]") {
    const auto path = freshDb("reorg", "campaigns/southern-1780.xml", 7);
    auto store = db::CampaignStore::open(path);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    auto scalar = [&](const std::string& sql) { return raw.execAndGet(sql).getString(); };

    // A refused command changes nothing.
    const auto before = dump(path);
    CHECK(engine::splitMe(store, "british", "b-webster", "b-webster", "", {"foot-23"}).issues.hasCode("REORG-ID"));
    CHECK(engine::splitMe(store, "british", "b-webster", "x", "", {"foot-71-1"}).issues.hasCode("REORG-MEMBER"));
    CHECK(engine::splitMe(store, "british", "a-maryland", "x", "", {"maryland-1"}).issues.hasCode("REORG-ME"));
    CHECK(engine::splitMe(store, "british", "b-rawdon", "x", "", {"rawdon-brigade"}).issues.hasCode("REORG-MEMBER"));
    CHECK(dump(path) == before);

    // Split: the artillery becomes its own ME in Camden; both reorganise.
    auto r = engine::splitMe(store, "british", "b-webster", "b-guns", "Royal Artillery", {"british-artillery"});
    REQUIRE(r.ok());
    CHECK(scalar("SELECT me_id FROM unit WHERE id = 'royal-artillery'") == "b-guns");
    CHECK(scalar("SELECT q || ',' || r FROM me WHERE id = 'b-guns'") == scalar("SELECT q || ',' || r FROM me WHERE id = 'b-webster'"));
    CHECK(scalar("SELECT mode FROM me WHERE id = 'b-guns'") == "reorganisation");
    CHECK(scalar("SELECT mode FROM me WHERE id = 'b-webster'") == "reorganisation");
    CHECK(scalar("SELECT supply_source FROM me WHERE id = 'b-guns'") == "camden");

    // Transfer within a hex: at once.
    r = engine::transfer(store, "british", "b-guns", "b-webster", {"royal-artillery"});
    REQUIRE(r.ok());
    CHECK(scalar("SELECT me_id FROM unit WHERE id = 'royal-artillery'") == "b-webster");
    CHECK(scalar("SELECT on_map FROM me WHERE id = 'b-guns'") == "0");

    // Transfer to an ME elsewhere: a temporary ME in transit (G-95).
    r = engine::transfer(store, "british", "b-webster", "b-rawdon", {"light-infantry-bn"});
    REQUIRE(r.ok());
    CHECK(scalar("SELECT me_id FROM unit WHERE id = 'light-infantry-bn'") == "b-webster-to-b-rawdon");
    CHECK(scalar("SELECT label FROM me WHERE id = 'b-webster-to-b-rawdon'") == "In transit to Rawdon's Bde");

    // What a dissolve moves: the ME's units and general, and nothing for the other side's ME.
    CHECK(engine::dissolveMembers(store, "american", "a-armand") ==
          std::vector<std::string>{"armand-cavalry", "armand-infantry", "armand"});
    CHECK(engine::dissolveMembers(store, "british", "a-armand").empty());
    // Dissolve an ME into another in the same hex; its general goes with it.
    r = engine::dissolveMe(store, "american", "a-armand", "a-maryland");
    REQUIRE(r.ok());
    CHECK(scalar("SELECT me_id FROM unit WHERE id = 'armand-cavalry'") == "a-maryland");
    CHECK(scalar("SELECT me_id FROM general WHERE id = 'armand'") == "a-maryland");
    CHECK(scalar("SELECT on_map FROM me WHERE id = 'a-armand'") == "0");
    CHECK(scalar("SELECT COUNT(*) FROM command_log WHERE name LIKE 'me.%'") == "4");
}

TEST_CASE("§10 reorganisation: the other side's units, generals, formations and MEs are answered as ids that do not exist",
          "[engine][reorg]") {
    // §2.2: internal ids are never for the enemy. A refusal that told "not in your ME" apart from "no such thing" would
    // let a side probe the other's ids one by one.
    const auto path = freshDb("reorg-secret", "campaigns/southern-1780.xml", 7);
    auto store = db::CampaignStore::open(path);
    std::string unit, general, formation;
    {
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        unit = raw.execAndGet("SELECT id FROM unit WHERE side_id = 'american' ORDER BY id LIMIT 1").getString();
        general = raw.execAndGet("SELECT id FROM general WHERE side_id = 'american' ORDER BY id LIMIT 1").getString();
        formation = raw.execAndGet("SELECT id FROM formation WHERE side_id = 'american' ORDER BY id LIMIT 1").getString();
    }
    REQUIRE_FALSE(unit.empty());
    REQUIRE_FALSE(general.empty());
    REQUIRE_FALSE(formation.empty());
    const auto before = dump(path);
    // The refusal's message with the id asked for taken out.
    auto answer = [](const core::IssueList& issues, const std::string& id) {
        REQUIRE(issues.items().size() == 1);
        auto m = issues.items()[0].code + ": " + issues.items()[0].message;
        for (auto at = m.find(id); at != std::string::npos; at = m.find(id)) m.replace(at, id.size(), "ID");
        return m;
    };
    const auto nothing = answer(engine::splitMe(store, "british", "b-webster", "x", "", {"no-such-id"}).issues, "no-such-id");
    CHECK(nothing == "REORG-MEMBER: 'ID' is no unit, formation or general of side 'british'");
    for (const auto& id : {unit, general, formation}) {
        INFO(id);
        CHECK(answer(engine::splitMe(store, "british", "b-webster", "x", "", {id}).issues, id) == nothing);
        CHECK(answer(engine::transfer(store, "british", "b-webster", "b-rawdon", {id}).issues, id) == nothing);
    }
    // Dissolving, as transferring from or to, the other side's ME: the words for an ME that does not exist.
    const auto noMe = answer(engine::dissolveMe(store, "british", "no-such-me", "b-webster").issues, "no-such-me");
    CHECK(noMe == "REORG-ME: side 'british' has no ME 'ID'");
    CHECK(answer(engine::dissolveMe(store, "british", "a-maryland", "b-webster").issues, "a-maryland") == noMe);
    CHECK(answer(engine::transfer(store, "british", "a-maryland", "b-webster", {unit}).issues, "a-maryland") == noMe);
    CHECK(dump(path) == before);
}

TEST_CASE("§10.2 provisional units: eligibility and G-94 class", "[engine][reorg]") {
    auto make = [&](const std::string& name, std::vector<std::string> options) {
        const auto path = freshDb(name, "campaigns/southern-1780.xml", 7, std::move(options));
        etatmajor::test::RawEdit raw(path);
        // Three NC militia battalions of the same type and nationality: classes made 1, 2, 2 for the test.
        raw.exec("UPDATE unit SET figures_current = 10, stands_current = 3 WHERE id IN ('nc-militia-1', 'nc-militia-2')");
        raw.exec("UPDATE unit SET figures_current = 6, stands_current = 2, class = 2 WHERE id = 'nc-militia-3'");
        raw.exec("UPDATE unit SET class = 2 WHERE id = 'nc-militia-2'");
        return path;
    };
    {
        const auto path = make("prov-mean", {});
        auto store = db::CampaignStore::open(path);
        // Above half strength: refused, naming the unit and field.
        auto r = engine::formProvisional(store, "american", "a-caswell", {"nc-militia-1", "nc-militia-4"}, "prov", "");
        CHECK(r.issues.hasCode("REORG-PROVISIONAL"));
        CHECK(r.issues.items()[0].where == std::string("nc-militia-4.figures"));
        // Different type: refused.
        r = engine::formProvisional(store, "american", "a-maryland", {"maryland-1", "va-artillery-1"}, "prov", "");
        CHECK_FALSE(r.ok());
        r = engine::formProvisional(store, "american", "a-caswell", {"nc-militia-1", "nc-militia-2", "nc-militia-3"}, "prov",
                                    "NC Provisional Bn");
        REQUIRE(r.ok());
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        // Mean of classes 1, 2, 2 = 1.67 -> 2; 26 figures capped at the largest original strength, 20.
        CHECK(raw.execAndGet("SELECT class FROM unit WHERE id = 'prov'").getInt() == 2);
        CHECK(raw.execAndGet("SELECT figures_current FROM unit WHERE id = 'prov'").getInt() == 20);
        CHECK(raw.execAndGet("SELECT provisional FROM unit WHERE id = 'prov'").getInt() == 1);
        CHECK(raw.execAndGet("SELECT me_id FROM unit WHERE id = 'prov'").getString() == "a-caswell");
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM unit WHERE removed = 1").getInt() == 3);
    }
    {
        const auto path = make("prov-majority", {"provisional_class=majority_figures"});
        auto store = db::CampaignStore::open(path);
        // 10 figures of class 1 against 10 + 6 of class 2: class 2.
        REQUIRE(engine::formProvisional(store, "american", "a-caswell", {"nc-militia-1", "nc-militia-2", "nc-militia-3"}, "prov", "")
                    .ok());
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT class FROM unit WHERE id = 'prov'").getInt() == 2);
    }
    {
        const auto path = make("prov-weighted", {"provisional_class=figure_weighted_mean"});
        auto store = db::CampaignStore::open(path);
        // (10 x 1 + 10 x 2) / 20 = 1.5 -> rounded up to 2; with only the first two units.
        REQUIRE(engine::formProvisional(store, "american", "a-caswell", {"nc-militia-1", "nc-militia-2"}, "prov", "").ok());
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT class FROM unit WHERE id = 'prov'").getInt() == 2);
        CHECK(raw.execAndGet("SELECT figures_current FROM unit WHERE id = 'prov'").getInt() == 20);
    }
}

TEST_CASE("§9.4 / §10.3 raising new MEs with the primary grant", "[engine][grant]") {
    const auto path = freshDb("grant", "campaigns/southern-1780.xml", 7);
    auto store = db::CampaignStore::open(path);
    const auto loyalists = io::readPurchaseFile(source("tests/data/purchases/loyalists.xml"));
    const auto guards = io::readPurchaseFile(source("tests/data/purchases/guards.xml"));
    // Before W5 (G-53 new_me_timing = weekly): refused, nothing changes.
    const auto before = dump(path);
    auto r = engine::buyWithGrant(store, loyalists);
    CHECK(r.issues.hasCode("GRANT-TIMING"));
    CHECK(dump(path) == before);
    for (int i = 0; i < 4; ++i) REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);  // W1..W4; next is W5
    CHECK(engine::grantRemaining(store, "british") == 200);

    // The Guards (Class 5) would break the 10% Class 5 cap of §13.2.
    r = engine::buyWithGrant(store, guards);
    CHECK(r.issues.hasCode("GRANT-CAP"));

    r = engine::buyWithGrant(store, loyalists);
    REQUIRE(r.ok());
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    // 4 stands of Class 2 (32) + a general of brigade (30) = 62 SP, taken from the grant and added to the baseline.
    CHECK(engine::grantRemaining(store, "british") == 138);
    CHECK(raw.execAndGet("SELECT vcs_baseline FROM side WHERE id = 'british'").getInt() == 576 + 62);
    // It appears at the primary LOC entry hex (Charleston), with its unit and general; the general was rated.
    CHECK(raw.execAndGet("SELECT q || ',' || r FROM me WHERE id = 'b-loyalists'").getString() ==
          raw.execAndGet("SELECT q || ',' || r FROM loc_entry WHERE side_id = 'british' AND kind = 'primary'").getString());
    CHECK(raw.execAndGet("SELECT me_id FROM unit WHERE id = 'sc-loyal-militia'").getString() == "b-loyalists");
    CHECK(raw.execAndGet("SELECT me_id FROM general WHERE id = 'cunningham'").getString() == "b-loyalists");
    CHECK(raw.execAndGet("SELECT rating_source FROM general WHERE id = 'cunningham'").getString() == "rolled");
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM event_log WHERE subject = 'cunningham' AND rule = 'etat-major.md §13.3'").getInt() ==
          1);
    CHECK(raw.execAndGet("SELECT parent_id FROM formation WHERE id = 'sc-loyalists'").getString() == "british-army");
    // Buying it again: its ids are taken, and the grant would not stretch twice more anyway.
    r = engine::buyWithGrant(store, loyalists);
    CHECK(r.issues.hasCode("GRANT-ID"));
    for (const auto& i : r.issues.items()) CHECK(i.file.find("loyalists.xml") != std::string::npos);
}

TEST_CASE("G-92: with the enemy on the primary LOC entry, new MEs enter by another home-edge road", "[engine][grant]") {
    const auto path = freshDb("grant-g92", "campaigns/southern-1780.xml", 7, {"enforce_list_caps=no"});
    {
        etatmajor::test::RawEdit raw(path);
        // Tarleton's reserve rides onto the American primary LOC entry hex.
        raw.exec("UPDATE me SET q = (SELECT q FROM loc_entry WHERE side_id = 'american' AND kind = 'primary'), "
                 "r = (SELECT r FROM loc_entry WHERE side_id = 'american' AND kind = 'primary') WHERE id = 'b-tarleton'");
    }
    auto store = db::CampaignStore::open(path);
    for (int i = 0; i < 4; ++i) REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
    io::Purchase p;
    p.side = "american";
    io::PurchaseItem item;
    item.me.id = "a-new";
    item.me.label = "New Levies";
    item.me.supplySource = "hillsborough";
    item.formation.id = "new-levies";
    item.formation.name = "New Levies";
    campaign::UnitDef u;
    u.id = "nc-levies";
    u.name = "NC Levies";
    u.nationality = campaign::Nationality::American;
    u.unitClass = 1;
    u.stands = 5;
    u.figuresPerStand = 4;
    item.formation.units.push_back(u);
    p.items.push_back(item);
    const auto r = engine::buyWithGrant(store, p);
    REQUIRE(r.ok());
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    const std::string entry =
        raw.execAndGet("SELECT q || ',' || r FROM loc_entry WHERE side_id = 'american' AND kind = 'primary'").getString();
    const std::string placed = raw.execAndGet("SELECT q || ',' || r FROM me WHERE id = 'a-new'").getString();
    CHECK(placed != entry);
    CHECK(raw.execAndGet("SELECT row FROM map_hex WHERE q || ',' || r = '" + placed + "'").getInt() == 0);  // the north edge
}

TEST_CASE("G-03 weekly weather: the first day's weather holds all week", "[engine][weather]") {
    const auto path = freshDb("weather-weekly", "campaigns/southern-1780.xml", 7, {"weather_frequency=weekly"});
    auto store = db::CampaignStore::open(path);
    REQUIRE(engine::advance(store, engine::Step::Week, kStandFast).ok);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM weather_day WHERE week = 1").getInt() == 7);
    CHECK(raw.execAndGet("SELECT COUNT(DISTINCT weather || wind_from) FROM weather_day WHERE week = 1").getInt() == 1);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM event_log WHERE rule = 'etat-major.md §8.1.2'").getInt() == 1);
}
