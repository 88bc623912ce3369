// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-bot: plays whole campaigns with the campaign bot and reports each one (scripts/soak.sh).
// Exit status 0 when every campaign kept every invariant, 1 otherwise.
#include "campaign_bot.hpp"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
    int campaigns = 10;
    std::uint64_t first = 1;
    int weeks = 0;
    std::string scenario = std::string(ETATMAJOR_SOURCE_DIR) + "/campaigns/southern-1780.xml";
    std::string dir = (std::filesystem::temp_directory_path() / "etatmajor-soak").string();
    std::string battleFiles;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool more = i + 1 < argc;
        if (a == "--campaigns" && more) campaigns = std::atoi(argv[++i]);
        else if (a == "--first-seed" && more) first = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--weeks" && more) weeks = std::atoi(argv[++i]);
        else if (a == "--scenario" && more) scenario = argv[++i];
        else if (a == "--dir" && more) dir = argv[++i];
        else if (a == "--battle-files" && more) battleFiles = argv[++i];
        else {
            std::cerr << "usage: etatmajor-bot [--campaigns N] [--first-seed S] [--weeks W] [--scenario FILE] [--dir DIR] "
                         "[--battle-files DIR]\n";
            return 2;
        }
    }
    std::filesystem::create_directories(dir);
    if (!battleFiles.empty()) std::filesystem::create_directories(battleFiles);
    int broken = 0, early = 0, days = 0, battles = 0, quiet = 0, standoffs = 0, tabletop = 0, entered = 0, refused = 0, handed = 0,
        unfought = 0;
    for (int k = 0; k < campaigns; ++k) {
        etatmajor::bot::BotConfig c;
        c.seed = first + static_cast<std::uint64_t>(k);
        c.scenario = scenario;
        c.dbPath = dir + "/bot-" + std::to_string(c.seed) + ".db";
        c.maxWeeks = weeks;
        c.battleFilesDir = battleFiles;
        const auto s = etatmajor::bot::playCampaign(c);
        std::cout << "seed " << c.seed << ": " << s.summary() << "\n" << std::flush;
        broken += s.ok() ? 0 : 1;
        early += s.endedEarly ? 1 : 0;
        days += s.days;
        battles += s.battlesFought;
        quiet += s.battlesWithoutLoss;
        standoffs += s.standoffs;
        tabletop += s.tabletop ? 1 : 0;
        entered += s.tabletopEntered;
        refused += s.tabletopRefused;
        handed += s.tabletopResolved;
        unfought += s.resolverRefused;
    }
    std::cout << campaigns << " campaigns, " << days << " days, " << battles << " battles fought (" << quiet << " without loss, "
              << (battles ? 100 * quiet / battles : 0) << " %), " << standoffs << " standoffs (no battle); " << tabletop
              << " tabletop campaigns: " << entered << " table results entered, " << refused << " bad results refused, " << handed
              << " battles handed to the resolver; " << unfought << " battles the resolver could not fight; " << early
              << " ended early, " << broken << " broke an invariant or failed\n";
    return broken == 0 ? 0 : 1;
}
