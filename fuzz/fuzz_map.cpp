// Map files (docs/formats/map.md): the reader and every check `etatmajor-cli map validate` runs, then the writer
// on whatever the reader accepted.
#include "fuzz_common.hpp"

#include "etatmajor/io/map_xml.hpp"

namespace {

void body(const std::uint8_t* data, std::size_t size) {
    using namespace etatmajor;
    const auto path = fuzz::writeInput("map.xml", data, size);
    const auto issues = io::validateMapFile(path);  // never throws for bad content
    fuzz::report(issues);
    if (issues.hasErrors()) return;
    const auto read = io::readMapFile(path);
    (void)io::writeMapString(read.map);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    etatmajor::fuzz::runOne([&] { body(data, size); });
    return 0;
}
