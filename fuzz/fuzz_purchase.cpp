// Purchase files (schemas/purchase.xsd): the reader behind `etatmajor-cli grant buy --file`.
#include "fuzz_common.hpp"

#include "etatmajor/io/scenario_xml.hpp"

namespace {

void body(const std::uint8_t* data, std::size_t size) {
    using namespace etatmajor;
    const auto path = fuzz::writeInput("purchase.xml", data, size);
    (void)io::readPurchaseFile(path);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    etatmajor::fuzz::runOne([&] { body(data, size); });
    return 0;
}
