// SPDX-License-Identifier: GPL-3.0-or-later
// Texts sealed under a passphrase (sealed.hpp): Argon2id key derivation and XSalsa20-Poly1305 (libsodium's
// crypto_pwhash and crypto_secretbox_easy).
#include "etatmajor/auth/sealed.hpp"

#include <sodium.h>

#include <sstream>
#include <vector>

namespace etatmajor::auth {

static_assert(kSealKeyBytes == crypto_secretbox_KEYBYTES, "the sealing key is a secretbox key");
static_assert(kSealSaltBytes == crypto_pwhash_SALTBYTES, "the salt is an Argon2id salt");

namespace {

constexpr const char* kMagic = "etatmajor-sealed";
constexpr int kVersion = 1;
constexpr const char* kAlgorithm = "argon2id13";
// Limits read from a sealed text are taken up to libsodium's "sensitive" ones, never beyond: a crafted header must
// not make opening a file take all the memory.
constexpr unsigned long long kMaxOps = crypto_pwhash_OPSLIMIT_SENSITIVE;
constexpr std::size_t kMaxMem = crypto_pwhash_MEMLIMIT_SENSITIVE;

void ensureSodium() {
    static const bool ready = sodium_init() >= 0;
    if (!ready) throw std::runtime_error("the sealing library could not be initialised");
}

struct Parsed {
    unsigned long long ops = 0;
    std::size_t mem = 0;
    std::vector<unsigned char> salt, nonce, box;
};

Parsed parse(const std::string& sealed) {
    ensureSodium();
    const auto eol = sealed.find('\n');
    if (eol == std::string::npos) throw SealError("not a sealed text (no header line)");
    std::istringstream header(sealed.substr(0, eol));
    std::string magic, algorithm;
    int version = 0;
    Parsed p;
    if (!(header >> magic >> version >> algorithm >> p.ops >> p.mem) || magic != kMagic)
        throw SealError("not a sealed text (its header is not '" + std::string(kMagic) + " ...')");
    if (version != kVersion) throw SealError("a sealed text of version " + std::to_string(version) + ", made by a newer program");
    if (algorithm != kAlgorithm) throw SealError("a sealed text under an unknown algorithm '" + algorithm + "'");
    if (p.ops < crypto_pwhash_OPSLIMIT_MIN || p.ops > kMaxOps || p.mem < crypto_pwhash_MEMLIMIT_MIN || p.mem > kMaxMem)
        throw SealError("a sealed text with key limits out of range");
    std::string body = sealed.substr(eol + 1);
    while (!body.empty() && (body.back() == '\n' || body.back() == '\r')) body.pop_back();
    std::vector<unsigned char> bytes(body.size());
    std::size_t length = 0;
    if (sodium_base642bin(bytes.data(), bytes.size(), body.c_str(), body.size(), nullptr, &length, nullptr,
                          sodium_base64_VARIANT_ORIGINAL) != 0)
        throw SealError("a sealed text whose body is not base64");
    bytes.resize(length);
    if (bytes.size() < crypto_pwhash_SALTBYTES + crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES)
        throw SealError("a sealed text too short to hold anything");
    const auto saltEnd = bytes.begin() + crypto_pwhash_SALTBYTES;
    const auto nonceEnd = saltEnd + crypto_secretbox_NONCEBYTES;
    p.salt.assign(bytes.begin(), saltEnd);
    p.nonce.assign(saltEnd, nonceEnd);
    p.box.assign(nonceEnd, bytes.end());
    return p;
}

void deriveInto(std::array<unsigned char, kSealKeyBytes>& key, const std::string& passphrase,
                const std::array<unsigned char, kSealSaltBytes>& salt, unsigned long long ops, std::size_t mem) {
    if (crypto_pwhash(key.data(), key.size(), passphrase.data(), passphrase.size(), salt.data(), ops, mem,
                      crypto_pwhash_ALG_ARGON2ID13) != 0)
        throw std::runtime_error("not enough memory to derive the sealing key");
}

}  // namespace

SealKey SealKey::derive(const std::string& passphrase) {
    ensureSodium();
    SealKey k;
    k.m_ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
    k.m_mem = crypto_pwhash_MEMLIMIT_INTERACTIVE;
    randombytes_buf(k.m_salt.data(), k.m_salt.size());
    deriveInto(k.m_key, passphrase, k.m_salt, k.m_ops, k.m_mem);
    return k;
}

SealKey SealKey::deriveFor(const std::string& sealed, const std::string& passphrase) {
    const Parsed p = parse(sealed);
    SealKey k;
    k.m_ops = p.ops;
    k.m_mem = p.mem;
    std::copy(p.salt.begin(), p.salt.end(), k.m_salt.begin());
    deriveInto(k.m_key, passphrase, k.m_salt, k.m_ops, k.m_mem);
    return k;
}

SealKey::SealKey(const SealKey& other) = default;
SealKey& SealKey::operator=(const SealKey& other) = default;

SealKey::~SealKey() { sodium_memzero(m_key.data(), m_key.size()); }

bool isSealed(const std::string& text) { return text.rfind(std::string(kMagic) + " ", 0) == 0; }

std::string seal(const std::string& plaintext, const SealKey& key) {
    ensureSodium();
    std::vector<unsigned char> bytes(crypto_pwhash_SALTBYTES + crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES +
                                     plaintext.size());
    std::copy(key.salt().begin(), key.salt().end(), bytes.begin());
    unsigned char* nonce = bytes.data() + crypto_pwhash_SALTBYTES;
    randombytes_buf(nonce, crypto_secretbox_NONCEBYTES);
    unsigned char* box = nonce + crypto_secretbox_NONCEBYTES;
    crypto_secretbox_easy(box, reinterpret_cast<const unsigned char*>(plaintext.data()), plaintext.size(), nonce, key.key().data());
    std::string body(sodium_base64_encoded_len(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
    sodium_bin2base64(body.data(), body.size(), bytes.data(), bytes.size(), sodium_base64_VARIANT_ORIGINAL);
    body.resize(body.find('\0'));
    std::ostringstream out;
    out << kMagic << " " << kVersion << " " << kAlgorithm << " " << key.opsLimit() << " " << key.memLimit() << "\n" << body << "\n";
    return out.str();
}

std::optional<std::string> unseal(const std::string& sealed, const SealKey& key) {
    const Parsed p = parse(sealed);
    if (!std::equal(p.salt.begin(), p.salt.end(), key.salt().begin())) return std::nullopt;  // another key altogether
    std::string plain(p.box.size() - crypto_secretbox_MACBYTES, '\0');
    if (crypto_secretbox_open_easy(reinterpret_cast<unsigned char*>(plain.data()), p.box.data(), p.box.size(), p.nonce.data(),
                                   key.key().data()) != 0)
        return std::nullopt;
    return plain;
}

}  // namespace etatmajor::auth
