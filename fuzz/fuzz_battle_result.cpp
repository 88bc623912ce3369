// Battle result files (docs/formats/battle-result.md) as `etatmajor-cli battle enter` reads them: checked against a
// campaign whose battle 1 waits for its tabletop result, and written back when good. The campaign is made once per
// process (campaign_fixture.hpp); after a result is accepted the pristine copy is put back, so that every input meets
// the same waiting battle.
#include "campaign_fixture.hpp"
#include "fuzz_common.hpp"

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/engine/battles.hpp"

#include <filesystem>
#include <optional>

namespace {

using etatmajor::db::CampaignStore;

std::string pristine() { return etatmajor::fuzz::scratchDir() + "/pristine.db"; }
std::string working() { return etatmajor::fuzz::scratchDir() + "/campaign.db"; }

std::optional<CampaignStore>& store() {
    static std::optional<CampaignStore> s;
    return s;
}

void reset() {
    store().reset();
    etatmajor::fuzz::removeDatabase(working());
    std::filesystem::copy_file(pristine(), working());
    store().emplace(CampaignStore::open(working()));
}

void body(const std::uint8_t* data, std::size_t size) {
    using namespace etatmajor;
    const auto path = fuzz::writeInput("result.xml", data, size);
    std::vector<std::string> lines;
    try {
        const auto issues = engine::enterBattleResult(*store(), fuzz::kFixtureBattle, path, lines);
        fuzz::report(issues);
        if (!issues.hasErrors()) reset();  // the battle is fought now: bring back the waiting one
    } catch (...) {
        reset();  // whatever escaped may have left the campaign half-changed
        throw;
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    etatmajor::fuzz::makeBattleCampaign(pristine());
    etatmajor::fuzz::dropDefaultOptions(pristine());
    reset();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    etatmajor::fuzz::runOne([&] { body(data, size); });
    return 0;
}
