// Whole campaigns played by the bot: no invariant may break in any of them (issue: campaign invariants).
#include "campaign_bot.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

#include <unistd.h>

using namespace etatmajor;

TEST_CASE("ten whole campaigns of the bundled campaign keep every invariant", "[bot]") {
    const auto dir = std::filesystem::temp_directory_path() / ("etatmajor-bot-tests-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    int battles = 0, quiet = 0, days = 0, entered = 0, refused = 0;
    bool allOk = true;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        bot::BotConfig c;
        c.seed = seed;
        c.scenario = std::string(ETATMAJOR_SOURCE_DIR) + "/campaigns/southern-1780.xml";
        c.dbPath = (dir / ("bot-" + std::to_string(seed) + ".db")).string();
        const auto s = bot::playCampaign(c);
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
    }
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
