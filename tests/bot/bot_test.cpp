// Whole campaigns played by the bot: no invariant may break in any of them, and each is rebuilt byte for byte by
// `campaign replay` from its command log alone (docs/replay.md).
#include "campaign_bot.hpp"

#include "../unit/table_dump.hpp"
#include "etatmajor/engine/replay.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <ctime>
#include <filesystem>

#include <unistd.h>

using namespace etatmajor;

TEST_CASE("ten whole campaigns of the bundled campaign keep every invariant, and each replays to the same state", "[bot]") {
    const auto dir = std::filesystem::temp_directory_path() / ("etatmajor-bot-tests-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    int battles = 0, quiet = 0, days = 0, entered = 0, refused = 0, replayedCommands = 0, identical = 0;
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
        days += s.days;
        std::printf("seed %llu: %s\n", static_cast<unsigned long long>(seed), s.summary().c_str());

        // The campaign again from its command log alone: every command runs again, logs what it logged, and the
        // state is the same, table by table and row by row (docs/replay.md).
        const auto replayPath = c.dbPath + ".replay.db";
        const auto start = std::chrono::steady_clock::now();
        const auto cpuStart = std::clock();
        const auto r = engine::replayCampaign(c.dbPath, replayPath);
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
    std::printf("10 campaigns: %d days, %d battles fought, %d without loss on either side; %d table results entered, %d bad ones "
                "refused\n",
                days, battles, quiet, entered, refused);
    std::error_code ignored;
    if (allOk) std::filesystem::remove_all(dir, ignored);  // the databases are kept when a campaign broke an invariant
    CHECK(battles > 0);
    CHECK(refused > 0);  // some bad results were tried, and each was refused with its mistakes named
    // The share of fought battles in which neither side lost a figure is reported (printed above): a measure of the
    // tactical resolver's doctrine (two cavalry screens that meet do not close), not an invariant of the campaign.
}
