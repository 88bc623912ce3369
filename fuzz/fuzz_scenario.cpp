// Campaign (scenario) files (docs/formats/campaign.md): the reader, then the checks against a map. The map is
// always the test map (tests/data/maps/small.xml), read once: the file the input names is never opened.
#include "fuzz_common.hpp"

#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"

namespace {

const etatmajor::map::Map& testMap() {
    static const auto map = etatmajor::io::readMapFile(etatmajor::fuzz::sourcePath("tests/data/maps/small.xml")).map;
    return map;
}

void body(const std::uint8_t* data, std::size_t size) {
    using namespace etatmajor;
    const auto path = fuzz::writeInput("campaign.xml", data, size);
    const auto scenario = io::readScenarioFile(path);
    fuzz::report(io::validateScenario(scenario, testMap()));
    (void)io::writeScenarioString(scenario);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    (void)testMap();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    etatmajor::fuzz::runOne([&] { body(data, size); });
    return 0;
}
