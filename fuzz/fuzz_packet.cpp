// Packets of play by e-mail (docs/pbem.md): the reader behind `turn import`, `turn show`, `orders seal|reveal` and
// `campaign audit --packet`, and the public key files of `campaign key`. Whatever the bytes, reading one ends in a
// packet, a PacketError or a KeyError; checking its signature and opening its body say yes or no.
#include "fuzz_common.hpp"

#include "etatmajor/auth/keys.hpp"
#include "etatmajor/pbem/packet.hpp"

#include <string>

namespace {

void body(const std::uint8_t* data, std::size_t size) {
    using namespace etatmajor;
    static const auto keys = auth::SecretKeys::generate("host");
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto p = pbem::readPacket(text, "fuzz.pkt");
        (void)pbem::signedBy(p, keys.publicKeys());
        (void)pbem::openBody(p, keys);
        (void)pbem::bodyMatches(p.header, text);
        (void)p.digest();
    } catch (const pbem::PacketError&) {
    }
    try {
        (void)auth::PublicKeys::parse(text, "fuzz.pub");
    } catch (const auth::KeyError&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    etatmajor::fuzz::runOne([&] { body(data, size); });
    return 0;
}
