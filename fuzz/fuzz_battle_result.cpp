// Battle result files (docs/formats/battle-result.md) as `etatmajor-cli battle enter` reads them: checked against a
// campaign whose battle 1 waits for its tabletop result, and written back when good. The campaign is made once per
// process (campaign_fixture.hpp); after a result is accepted the pristine copy is put back, so that every input meets
// the same waiting battle.
//
// Most inputs the fuzzer makes from XML are not well-formed: four in five, in a sample of 4000 from this target's
// seeds. The reader refuses them at its first step, but only once the campaign state is loaded (the costly part of
// entering a result), so they cost as much as any other. While fuzzing, the target checks well-formedness itself
// with tinyxml2, the reader's parser (io::xml::Reader::parse, which every other XML target fuzzes), and enters only one
// malformed input in eight (those whose size is a multiple of eight), so that the reader's own refusal is still
// exercised. Files named on the command line (regression inputs, an artifact) are all entered.
#include "campaign_fixture.hpp"
#include "fuzz_common.hpp"

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/engine/battles.hpp"

#include <tinyxml2.h>

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

bool g_enterEveryInput = false;

bool worthEntering(const std::uint8_t* data, std::size_t size) {
    if (g_enterEveryInput || size % 8 == 0) return true;
    tinyxml2::XMLDocument doc;
    return doc.Parse(reinterpret_cast<const char*>(data), size) == tinyxml2::XML_SUCCESS;
}

void reset() {
    store().reset();
    etatmajor::fuzz::removeDatabase(working());
    std::filesystem::copy_file(pristine(), working());
    store().emplace(CampaignStore::open(working()));
}

void body(const std::uint8_t* data, std::size_t size) {
    using namespace etatmajor;
    if (!worthEntering(data, size)) return;
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

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    // libFuzzer runs the regular files among its arguments once each instead of fuzzing.
    for (int i = 1; i < *argc; ++i) {
        std::error_code ec;
        if ((*argv)[i][0] != '-' && std::filesystem::is_regular_file((*argv)[i], ec)) g_enterEveryInput = true;
    }
    etatmajor::fuzz::makeBattleCampaign(pristine());
    etatmajor::fuzz::dropDefaultOptions(pristine());
    reset();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    etatmajor::fuzz::runOne([&] { body(data, size); });
    return 0;
}
