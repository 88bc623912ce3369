// SPDX-License-Identifier: GPL-3.0-or-later
// The command layer and `campaign replay` (engine/commands.hpp, engine/replay.hpp, docs/replay.md): a campaign played
// with orders, a tabletop result, a purchase and a split is rebuilt from its command log alone to the same state, row
// for row; every command's inputs are in the log; validate() refuses what execute() refuses and writes nothing; a
// replay names the row it cannot run.
#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/engine/commands.hpp"
#include "etatmajor/engine/grant.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "etatmajor/engine/replay.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"

#include "march_path.hpp"
#include "table_result.hpp"
#include "raw_edit.hpp"
#include "table_dump.hpp"
#include "test_paths.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace etatmajor;
using etatmajor::test::toward;
namespace fs = std::filesystem;

namespace {

const engine::AdvanceOptions kStandFast{true};

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The bundled campaign set up from copies of its files, which are then deleted: whatever a replay needs it must find
// in the command log.
std::string campaignFromCopies(const fs::path& dir, const std::string& name, std::uint64_t seed, std::vector<std::string> options,
                               const std::function<core::IssueList(db::CampaignStore&)>& finish = {}, dice::Source* dice = nullptr) {
    const auto files = dir / (name + "-files");
    fs::create_directories(files / "campaigns");
    fs::create_directories(files / "maps");
    fs::copy_file(test::sourcePath("campaigns/southern-1780.xml"), files / "campaigns" / "southern-1780.xml");
    fs::copy_file(test::sourcePath("maps/carolinas-1780.xml"), files / "maps" / "carolinas-1780.xml");
    db::NewCampaignRequest req;
    req.scenarioPath = (files / "campaigns" / "southern-1780.xml").string();
    req.dbPath = (dir / (name + ".db")).string();
    req.seed = seed;
    req.options = std::move(options);
    req.finish = finish;
    req.dice = dice;
    const auto r = db::createCampaign(req);
    for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE(r.ok);
    fs::remove_all(files);
    return req.dbPath;
}

// Both sides march on each other: every ME toward the nearest enemy ME, Tarleton's reserve at a forced march every
// other day (G-45: never two days running).
void giveOrders(db::CampaignStore& store, const std::string& side) {
    const auto s = db::loadState(store);
    auto f = io::readOrdersString(engine::ordersTemplate(store, side), side + "-orders.xml");
    for (auto& o : f.orders) {
        const auto* me = s.me(o.me);
        if (!me || (o.mode && *o.mode == campaign::Mode::Reorganisation)) continue;
        const auto target = test::nearestEnemy(s, me->hex, side);
        if (!target) continue;
        const bool forced = o.me == "b-tarleton" && s.day % 2 == 1;
        o.mode = forced ? campaign::Mode::ForcedMarch : campaign::Mode::March;
        o.path = toward(s, me->hex, *target, forced ? 5 : 3);
        o.intentions = "Close with the enemy.";
    }
    if (engine::submitOrders(store, f).hasErrors()) {
        for (auto& o : f.orders) {
            o.path.clear();
            if (o.mode && *o.mode == campaign::Mode::ForcedMarch) o.mode = campaign::Mode::March;
        }
        const auto again = engine::submitOrders(store, f);
        for (const auto& i : again.items()) UNSCOPED_INFO(i.format());
        REQUIRE_FALSE(again.hasErrors());
    }
}

struct Played {
    int orders = 0, entered = 0, refused = 0;
    bool bought = false, split = false;
};

// Plays the campaign phase by phase until it has seen a purchase, a split, orders and an entered tabletop result, and
// finished that day.
Played play(const std::string& path, const fs::path& dir) {
    Played p;
    auto store = db::CampaignStore::open(path);
    for (int guard = 0; guard < 2000; ++guard) {
        const auto info = store.info();
        if (info.phase == etatmajor::campaign::Phase::W5 && !p.bought) {
            const auto r = engine::buyWithGrant(store, io::readPurchaseFile(test::sourcePath("tests/data/purchases/loyalists.xml")));
            for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
            REQUIRE(r.ok());
            p.bought = true;
        }
        if (info.phase == etatmajor::campaign::Phase::D2) {
            if (!p.split) {
                const auto r = engine::splitMe(store, "british", "b-webster", "b-light", "Light Infantry", {"light-infantry-bn"});
                for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
                REQUIRE(r.ok());
                p.split = true;
            }
            for (const std::string side : {"british", "american"}) giveOrders(store, side);
            p.orders += 2;
        }
        if (info.phase == etatmajor::campaign::Phase::D9)
            for (const auto& b : engine::listBattles(store)) {
                if (b.status != "tabletop") continue;
                std::vector<std::string> lines;
                // A result with a mistake in it is refused, and nothing of it reaches the log.
                const auto bad = (dir / ("bad-" + std::to_string(b.id) + ".xml")).string();
                std::ofstream(bad) << "<battleResult formatVersion=\"1\" battle=\"" << b.id
                                   << "\"><unit id=\"no-such-unit\"/></battleResult>\n";
                REQUIRE(engine::enterBattleResult(store, b.id, bad, lines).hasErrors());
                ++p.refused;
                const auto file = (dir / ("result-" + std::to_string(b.id) + ".xml")).string();
                std::ofstream(file) << test::tableResult(store, b, "Fought at the crossroads; the militia held.");
                const auto issues = engine::enterBattleResult(store, b.id, file, lines);
                for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
                REQUIRE_FALSE(issues.hasErrors());
                ++p.entered;
                fs::remove(file);  // the replay has the result's text from the log
                fs::remove(bad);
            }
        const auto r = engine::advance(store, engine::Step::Phase, kStandFast);
        for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
        REQUIRE(r.ok);
        if (p.bought && p.split && p.entered > 0 && info.phase == etatmajor::campaign::Phase::D12) break;
    }
    return p;
}

void requireIdentical(const std::string& original, const std::string& replay, const engine::ReplayResult& r) {
    for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
    INFO(r.divergence);
    CHECK(r.ok);
    CHECK(r.commands == r.rows);
    CHECK(r.firstDivergence == 0);
    CHECK(r.identical);
    CHECK(r.differingTables.empty());
    CHECK(r.replayedDigest == db::stateDigest(db::CampaignStore::open(original, true)));
    const auto differences = test::dumpDifferences(test::dumpTables(original), test::dumpTables(replay));
    for (const auto& d : differences) UNSCOPED_INFO(d);
    CHECK(differences.empty());
}

// Forges the stored checksum to the state as it stands, as someone editing the file by hand could: a test sets up a
// log that no program wrote without the state.accept row a host's acceptance would add.
void reseal(const std::string& path) {
    std::string digest;
    {
        auto store = db::CampaignStore::open(path, true, db::CampaignStore::OpenCheck::SkipChecksum);
        digest = db::stateDigest(store);
    }
    SQLite::Database raw(path, SQLite::OPEN_READWRITE);
    SQLite::Statement q(raw, "UPDATE state_checksum SET digest = ? WHERE seq = (SELECT MAX(seq) FROM state_checksum)");
    q.bind(1, digest);
    q.exec();
}

}  // namespace

TEST_CASE("a campaign played with orders, a tabletop result, a purchase and a split replays to the same state", "[engine][replay]") {
    const auto dir = test::scratchDir("replay-played");
    const auto path = campaignFromCopies(dir, "played", 11, {"battle_resolution=tabletop"});
    const auto played = play(path, dir);
    CHECK(played.bought);
    CHECK(played.split);
    CHECK(played.entered > 0);
    CHECK(played.refused > 0);

    // The log holds every input: the set-up's files, the orders in full, the result's and the purchase's text.
    {
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        const auto setUp = nlohmann::json::parse(raw.execAndGet("SELECT args FROM command_log WHERE seq = 1").getString());
        CHECK(setUp.at("scenarioText").get<std::string>() == readText(test::sourcePath("campaigns/southern-1780.xml")));
        CHECK(setUp.at("mapText").get<std::string>() == readText(test::sourcePath("maps/carolinas-1780.xml")));
        CHECK(setUp.at("seed") == 11);
        CHECK(setUp.at("options") == nlohmann::json::array({"battle_resolution=tabletop"}));
        // Every order of every ME, route and intentions included.
        int withRoute = 0, withIntentions = 0, given = 0;
        SQLite::Statement q(raw, "SELECT args FROM command_log WHERE name = 'orders.submit' ORDER BY seq");
        while (q.executeStep()) {
            const auto args = nlohmann::json::parse(q.getColumn(0).getString());
            CHECK(args.at("orders").size() >= 3);
            for (const auto& o : args.at("orders")) {
                withRoute += o.at("path").empty() ? 0 : 1;
                withIntentions += o.at("intentions") == "Close with the enemy." ? 1 : 0;
            }
            ++given;
        }
        CHECK(given == played.orders);
        CHECK(withRoute > 0);
        CHECK(withIntentions > 0);
        const auto purchase = nlohmann::json::parse(
            raw.execAndGet("SELECT args FROM command_log WHERE name = 'grant.buy'").getString());
        CHECK(purchase.at("text").get<std::string>() == readText(test::sourcePath("tests/data/purchases/loyalists.xml")));
        CHECK(purchase.at("file") == "loyalists.xml");  // its name, never a directory of the host's machine
        const auto result = nlohmann::json::parse(
            raw.execAndGet("SELECT args FROM command_log WHERE name = 'battle.enter' ORDER BY seq LIMIT 1").getString());
        CHECK(result.at("text").get<std::string>().find("<notes>Fought at the crossroads; the militia held.</notes>") !=
              std::string::npos);
        CHECK(result.at("file").get<std::string>().rfind("result-", 0) == 0);
        // Refused commands are not logged; every logged row is whole.
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM command_log WHERE name = 'battle.enter'").getInt() == played.entered);
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM command_log WHERE format <> " + std::to_string(db::kCommandLogFormat)).getInt() ==
              0);
    }

    const auto replay = (dir / "replayed.db").string();
    const auto r = engine::replayCampaign(path, replay);
    requireIdentical(path, replay, r);
    CHECK(r.rows > 50);

    // The output is not overwritten unless asked.
    const auto again = engine::replayCampaign(path, replay);
    CHECK(again.issues.hasCode("DB-EXISTS"));
    engine::ReplayOptions force;
    force.overwrite = true;
    requireIdentical(path, replay, engine::replayCampaign(path, replay, force));
}

TEST_CASE("dice typed in at the set-up and scripted dice of a phase are logged and rolled again on replay", "[engine][replay]") {
    const auto dir = test::scratchDir("replay-dice");
    // Typed-in set-up dice: every roll of the set-up a six.
    dice::ScriptedSource typed(std::vector<int>(200, 6), "manual");
    const auto path = campaignFromCopies(dir, "dice", 3, {}, {}, &typed);
    {
        auto store = db::CampaignStore::open(path);
        // The weekly phases from the campaign's generator, then day 1's first phases from scripted dice.
        for (int i = 0; i < 5; ++i) REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);
        dice::ScriptedSource scripted(std::vector<int>(400, 2));
        engine::AdvanceOptions options = kStandFast;
        options.dice = &scripted;
        for (int i = 0; i < 3; ++i) REQUIRE(engine::advance(store, engine::Step::Phase, options).ok);
        REQUIRE(engine::advance(store, engine::Step::Day, kStandFast).ok);
    }
    {
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        const auto setUp = nlohmann::json::parse(raw.execAndGet("SELECT args FROM command_log WHERE seq = 1").getString());
        CHECK(setUp.at("dice") == "manual");
        REQUIRE(setUp.contains("faces"));
        CHECK_FALSE(setUp.at("faces").empty());
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM command_log WHERE name = 'phase.D1' AND json_array_length(args, '$.faces') > 0")
                  .getInt() == 1);
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM command_log WHERE name = 'phase.W1' AND json_extract(args, '$.faces') IS NULL")
                  .getInt() == 1);
    }
    const auto replay = (dir / "replayed.db").string();
    requireIdentical(path, replay, engine::replayCampaign(path, replay));
}

TEST_CASE("passphrase hashes are replayed, never a passphrase; wrong guesses are not commands", "[engine][replay][auth]") {
    const auto dir = test::scratchDir("replay-auth");
    const std::string british = "crown-and-country", american = "liberty-or-death";
    const auto path = campaignFromCopies(dir, "auth", 5, {}, [&](db::CampaignStore& store) {
        auth::setPassphrase(store, "british", british);
        return core::IssueList{};
    });
    {
        auto store = db::CampaignStore::open(path);
        REQUIRE_FALSE(auth::changePassphrase(store, "american", american, {}).hasErrors());
        REQUIRE(engine::advance(store, engine::Step::Day, kStandFast).ok);
    }
    {
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT COUNT(*) FROM command_log WHERE instr(args, '" + british + "') > 0 OR instr(args, '" + american +
                             "') > 0")
                  .getInt() == 0);
        CHECK(
            raw.execAndGet("SELECT json_extract(args, '$.credentials.british') = (SELECT hash FROM credential WHERE who = 'british') "
                           "FROM command_log WHERE seq = 1")
                .getInt() == 1);
    }
    const auto replay = (dir / "replayed.db").string();
    requireIdentical(path, replay, engine::replayCampaign(path, replay));
    {
        auto store = db::CampaignStore::open(replay);
        CHECK_FALSE(auth::authorise(store, auth::Actor::ofSide("british"), british).hasErrors());
        CHECK_FALSE(auth::authorise(store, auth::Actor::ofSide("american"), american).hasErrors());
    }

    // A wrong guess is counted (with the time it was made) to slow the next guesses: not a command, so a replay does
    // not make it, and the two campaigns then differ in that table alone (docs/replay.md).
    {
        auto store = db::CampaignStore::open(path);
        auth::Pacing pacing{[] { return std::int64_t{1000}; }, [](std::chrono::milliseconds) {}};
        REQUIRE(
            auth::authorise(store, auth::Actor::ofSide("british"), std::string("not-the-passphrase"), pacing).hasCode("AUTH-WRONG"));
    }
    engine::ReplayOptions force;
    force.overwrite = true;
    const auto r = engine::replayCampaign(path, replay, force);
    CHECK(r.ok);
    CHECK(r.firstDivergence == 0);
    CHECK_FALSE(r.identical);
    CHECK(r.differingTables == std::vector<std::string>{"credential"});
}

TEST_CASE("validate tries a command without writing, and refuses what execute refuses", "[engine][commands]") {
    const auto dir = test::scratchDir("replay-validate");
    const auto path = campaignFromCopies(dir, "validate", 7, {});
    {
        auto store = db::CampaignStore::open(path);
        for (int i = 0; i < 6; ++i) REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);  // to D2
    }
    const auto before = test::dumpTables(path);
    auto reader = db::CampaignStore::open(path, true);  // a read-only store will do
    const engine::Command good = engine::SplitMe{"british", "b-webster", "b-light", "Light Infantry", {"light-infantry-bn"}};
    const engine::Command bad = engine::SplitMe{"british", "b-webster", "b-light", "Light Infantry", {"no-such-unit"}};
    CHECK_FALSE(engine::validate(reader, good).hasErrors());
    const auto refused = engine::validate(reader, bad);
    CHECK(refused.hasCode("REORG-MEMBER"));
    CHECK(engine::validate(reader, engine::RunPhase{"D5", 1, 1, std::nullopt}).hasCode("PHASE-NOT-NEXT"));
    CHECK(test::dumpTables(path) == before);

    auto store = db::CampaignStore::open(path);
    const auto executed = engine::execute(store, bad);
    CHECK(executed.issues.hasCode("REORG-MEMBER"));
    CHECK(executed.logSeq == 0);
    CHECK(test::dumpTables(path) == before);
    const auto done = engine::execute(store, good);
    CHECK(done.ok());
    CHECK(done.logSeq > 0);
    CHECK(store.commandLog().back().name == "me.split");
    std::string problem;
    const auto back = engine::commandFromLog("me.split", store.commandLog().back().args, problem);
    REQUIRE(back);
    CHECK(engine::commandArgs(*back) == engine::commandArgs(good));
}

TEST_CASE("a replay names the row it cannot run", "[engine][replay]") {
    const auto dir = test::scratchDir("replay-errors");
    const auto path = campaignFromCopies(dir, "errors", 9, {});
    {
        auto store = db::CampaignStore::open(path);
        for (int i = 0; i < 6; ++i) REQUIRE(engine::advance(store, engine::Step::Phase, kStandFast).ok);  // to D2
        REQUIRE(engine::splitMe(store, "british", "b-webster", "b-light", "Light Infantry", {"light-infantry-bn"}).ok());
        REQUIRE(engine::advance(store, engine::Step::Day, kStandFast).ok);
    }
    const auto copy = [&](const std::string& name) {
        const auto p = (dir / (name + ".db")).string();
        fs::copy_file(path, p);
        return p;
    };
    const auto replay = (dir / "out.db").string();

    SECTION("a command this program does not know") {
        const auto p = copy("unknown");
        {
            SQLite::Database raw(p, SQLite::OPEN_READWRITE);
            raw.exec("UPDATE command_log SET name = 'me.teleport' WHERE name = 'me.split'");
        }
        reseal(p);
        const auto r = engine::replayCampaign(p, replay);
        REQUIRE(r.issues.hasCode("REPLAY-UNKNOWN-COMMAND"));
        CHECK(r.issues.items().front().message.find("me.teleport") != std::string::npos);
        CHECK(r.issues.items().front().message.find("row 8 ") != std::string::npos);
        CHECK(r.commands == 0);
        CHECK_FALSE(fs::exists(replay));
    }
    SECTION("a row of a newer program") {
        const auto p = copy("newer");
        {
            SQLite::Database raw(p, SQLite::OPEN_READWRITE);
            raw.exec("UPDATE command_log SET format = " + std::to_string(db::kCommandLogFormat + 1) + " WHERE seq = 3");
        }
        reseal(p);
        const auto r = engine::replayCampaign(p, replay);
        REQUIRE(r.issues.hasCode("REPLAY-TOO-NEW"));
        CHECK(r.issues.items().front().message.find("row 3 (phase.W2") != std::string::npos);
        CHECK_FALSE(fs::exists(replay));
    }
    SECTION("a command refused on replay") {
        const auto p = copy("refused");
        {
            // The split names a unit the ME does not have: refused when the replay comes to it.
            SQLite::Database raw(p, SQLite::OPEN_READWRITE);
            raw.exec("UPDATE command_log SET args = json_set(args, '$.members', json('[\"foot-33\", \"no-such-unit\"]')) "
                     "WHERE name = 'me.split'");
        }
        reseal(p);
        const auto r = engine::replayCampaign(p, replay);
        CHECK_FALSE(r.ok);
        REQUIRE(r.issues.hasCode("REPLAY-REFUSED"));
        const auto& message = r.issues.items().front().message;
        CHECK(message.find("row 8 (me.split, logged at week 1 day 1, phase D2) was refused on replay") != std::string::npos);
        CHECK(message.find("no-such-unit") != std::string::npos);
        CHECK(r.commands == 7);  // the set-up and the six phases before it
        CHECK_FALSE(r.identical);
    }
    SECTION("a state changed outside Etat-Major and accepted by the host") {
        const auto p = copy("accepted");
        {
            test::RawEdit raw(p);
            raw.exec("UPDATE unit SET figures_current = figures_current - 1 WHERE id = 'foot-33'");
        }
        const auto r = engine::replayCampaign(p, replay);
        REQUIRE(r.issues.hasCode("REPLAY-OUTSIDE-CHANGE"));
        CHECK(r.issues.items().front().message.find("state.accept") != std::string::npos);
    }
}
