// Orders files (docs/formats/orders.md): the reader `etatmajor-cli orders submit` uses, then the writer.
#include "fuzz_common.hpp"

#include "etatmajor/io/orders_xml.hpp"

namespace {

void body(const std::uint8_t* data, std::size_t size) {
    using namespace etatmajor;
    const auto path = fuzz::writeInput("orders.xml", data, size);
    const auto orders = io::readOrdersFile(path);
    (void)io::writeOrdersString(orders);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    etatmajor::fuzz::runOne([&] { body(data, size); });
    return 0;
}
