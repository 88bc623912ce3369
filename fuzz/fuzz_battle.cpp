// Battle files (docs/formats/battle.md): the reader behind `etatmajor-cli battle narrate|simulate --oob`, with its
// consistency checks. The battle itself is not fought (that is the resolver's business, and far slower).
#include "fuzz_common.hpp"

#include "etatmajor/battle/battle_xml.hpp"

namespace {

void body(const std::uint8_t* data, std::size_t size) {
    using namespace etatmajor;
    const auto path = fuzz::writeInput("battle.xml", data, size);
    (void)battle::readBattleFile(path);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    etatmajor::fuzz::runOne([&] { body(data, size); });
    return 0;
}
