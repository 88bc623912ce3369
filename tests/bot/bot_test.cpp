// SPDX-License-Identifier: GPL-3.0-or-later
// Whole campaigns played by the bot: no invariant may break in any of them, each is rebuilt byte for byte by
// `campaign replay` from its command log alone (docs/replay.md), and the battle files it can write replay its battles.
#include "campaign_bot.hpp"

#include "../unit/table_dump.hpp"
#include "etatmajor/battle/battle_xml.hpp"
#include "etatmajor/battle/resolver.hpp"
#include "etatmajor/battle/result.hpp"
#include "etatmajor/engine/replay.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <unistd.h>

using namespace etatmajor;

TEST_CASE("ten whole campaigns of the bundled campaign keep every invariant, and each replays to the same state", "[bot]") {
    const auto dir = std::filesystem::temp_directory_path() / ("etatmajor-bot-tests-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    int battles = 0, quiet = 0, standoffs = 0, days = 0, entered = 0, refused = 0, replayedCommands = 0, identical = 0;
    double replaySeconds = 0, replayCpu = 0, playCpu = 0;
    bool allOk = true;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        bot::BotConfig c;
        c.seed = seed;
        c.scenario = std::string(ETATMAJOR_SOURCE_DIR) + "/campaigns/southern-1780.xml";
        c.dbPath = (dir / ("bot-" + std::to_string(seed) + ".db")).string();
        const auto playStart = std::clock();
        const auto s = bot::playCampaign(c);
        playCpu += static_cast<double>(std::clock() - playStart) / CLOCKS_PER_SEC;
        INFO("seed " << seed << ": " << s.summary());
        CHECK(s.ok());
        allOk = allOk && s.ok();
        CHECK(s.ended);  // played to its end: the last week, or a side's defeat or objectives
        CHECK(s.ordersGiven > 0);
        // Every third seed's battles are fought on the table: the bot, as host, enters results for some of them.
        CHECK(s.tabletop == (seed % 3 == 0));
        if (s.tabletop) CHECK(s.tabletopEntered > 0);
        entered += s.tabletopEntered;
        refused += s.tabletopRefused;
        battles += s.battlesFought;
        quiet += s.battlesWithoutLoss;
        standoffs += s.standoffs;
        days += s.days;
        std::printf("seed %llu: %s\n", static_cast<unsigned long long>(seed), s.summary().c_str());

        // The campaign again from its command log alone: every command runs again, logs what it logged, and the
        // state is the same, table by table and row by row (docs/replay.md). The replay runs with the store's caches
        // off (every phase reads, writes and hashes the whole state), so the same tables, dice log and checksums
        // show that the caches the bot played with change nothing (performance.md P2).
        const auto replayPath = c.dbPath + ".replay.db";
        const auto start = std::chrono::steady_clock::now();
        const auto cpuStart = std::clock();
        engine::ReplayOptions plain;
        plain.withoutCaches = true;
        const auto r = engine::replayCampaign(c.dbPath, replayPath, plain);
        replayCpu += static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC;
        replaySeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
        INFO("replay: " << r.commands << " of " << r.rows << " commands; " << r.divergence);
        CHECK(r.ok);
        CHECK(r.commands == r.rows);
        CHECK(r.rows > 100);
        CHECK(r.firstDivergence == 0);
        CHECK(r.identical);
        CHECK(r.differingTables.empty());
        const auto differences = test::dumpDifferences(test::dumpTables(c.dbPath), test::dumpTables(replayPath));
        for (const auto& d : differences) UNSCOPED_INFO(d);
        CHECK(differences.empty());
        allOk = allOk && r.ok && r.identical && differences.empty();
        replayedCommands += r.commands;
        identical += r.identical && differences.empty() ? 1 : 0;
    }
    std::printf("10 campaigns replayed from their command logs: %d commands, %d identical to the original; %.1f s "
                "(processor %.1f s; the bot played them in %.1f s of processor time)\n",
                replayedCommands, identical, replaySeconds, replayCpu, playCpu);
    std::printf("10 campaigns: %d days, %d battles fought, %d without loss on either side, %d standoffs (no battle); %d table "
                "results entered, %d bad ones refused\n",
                days, battles, quiet, standoffs, entered, refused);
    std::error_code ignored;
    if (allOk) std::filesystem::remove_all(dir, ignored);  // the databases are kept when a campaign broke an invariant
    CHECK(battles > 0);
    CHECK(refused > 0);  // some bad results were tried, and each was refused with its mistakes named
    // The share of fought battles in which neither side lost a figure is reported (printed above): a measure of the
    // tactical resolver's doctrine (two cavalry screens that meet do not close), not an invariant of the campaign.
}

TEST_CASE("the battle files the bot writes fight again to the campaign's own result", "[bot]") {
    // --battle-files (battle_file.hpp): each battle the resolver fought in the campaign, written as a battle file with
    // its seed, gives the same canonical result when fought again on its own.
    const auto dir = std::filesystem::temp_directory_path() / ("etatmajor-bot-files-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir / "battles");
    bot::BotConfig c;
    c.seed = 1;
    c.scenario = std::string(ETATMAJOR_SOURCE_DIR) + "/campaigns/southern-1780.xml";
    c.dbPath = (dir / "bot-1.db").string();
    c.maxWeeks = 3;
    c.battleFilesDir = (dir / "battles").string();
    const auto s = bot::playCampaign(c);
    REQUIRE(s.ok());
    SQLite::Database db(c.dbPath, SQLite::OPEN_READONLY);
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir / "battles")) {
        const std::string name = entry.path().filename().string();
        INFO(name);
        const int id = std::stoi(name.substr(name.rfind('-') + 1));
        std::ifstream in(entry.path());
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const auto at = text.find("seed ");
        REQUIRE(at != std::string::npos);
        const std::uint64_t seed = std::stoull(text.substr(at + 5));
        const auto setup = battle::readBattleFile(entry.path().string());
        const auto result = battle::RedcoatsResolver().fightSeeded(setup, seed);
        SQLite::Statement q(db, "SELECT result FROM battle WHERE id = ?");
        q.bind(1, id);
        REQUIRE(q.executeStep());
        CHECK(battle::toJson(result) == q.getColumn(0).getString());
        ++files;
    }
    CHECK(files > 0);
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
}
