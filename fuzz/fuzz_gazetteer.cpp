// Gazetteers (schemas/gazetteer.xsd): the reader behind `etatmajor-cli map import --gazetteer`.
#include "fuzz_common.hpp"

#include "etatmajor/geo/gazetteer.hpp"

namespace {

void body(const std::uint8_t* data, std::size_t size) {
    using namespace etatmajor;
    const auto path = fuzz::writeInput("gazetteer.xml", data, size);
    (void)geo::readGazetteerFile(path);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    etatmajor::fuzz::runOne([&] { body(data, size); });
    return 0;
}
