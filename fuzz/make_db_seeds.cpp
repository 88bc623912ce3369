// Writes the seed databases of the campaign_db target into a directory (scripts/fuzz.sh runs it): the test campaign
// as `campaign new` leaves it, and the same campaign stopped at a tabletop battle. Both are made smaller and cheaper
// to read without changing what they hold: option rows equal to the default dropped, then compacted (512-byte pages,
// rollback journal, vacuumed), so that the fuzzer has as few bytes to mutate as it can.
#include "campaign_fixture.hpp"
#include "fuzz_common.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>
#include <iostream>

namespace {

void compact(const std::string& path) {
    etatmajor::fuzz::dropDefaultOptions(path);
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    db.exec("PRAGMA journal_mode = DELETE");
    db.exec("PRAGMA page_size = 512");
    db.exec("VACUUM");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " DIRECTORY\n";
        return 2;
    }
    namespace fs = std::filesystem;
    const fs::path dir = argv[1];
    fs::create_directories(dir);
    const std::pair<const char*, void (*)(const std::string&)> seeds[] = {
        {"new-campaign.db", etatmajor::fuzz::makeNewCampaign},
        {"tabletop-battle.db", etatmajor::fuzz::makeBattleCampaign},
    };
    for (const auto& [name, make] : seeds) {
        const auto path = (dir / name).string();
        etatmajor::fuzz::removeDatabase(path);
        make(path);
        compact(path);
        std::cout << path << ": " << fs::file_size(path) << " bytes\n";
    }
    return 0;
}
