// SPDX-License-Identifier: GPL-3.0-or-later
// Key pairs of play by e-mail (keys.hpp): libsodium's crypto_sign (Ed25519), crypto_box_seal (X25519 sealed boxes)
// and crypto_generichash (BLAKE2b).
#include "etatmajor/auth/keys.hpp"

#include "etatmajor/auth/sealed.hpp"

#include <sodium.h>

#include <sstream>
#include <vector>

namespace etatmajor::auth {

static_assert(kSignPublicBytes == crypto_sign_PUBLICKEYBYTES, "Ed25519 public keys");
static_assert(kBoxPublicBytes == crypto_box_PUBLICKEYBYTES, "X25519 public keys");
static_assert(kSignatureBytes == crypto_sign_BYTES, "Ed25519 signatures");

namespace {

constexpr const char* kKeyMagic = "etatmajor-key";
constexpr const char* kPublicMagic = "etatmajor-public-key";
constexpr int kKeyVersion = 1;

void ensureSodium() {
    static const bool ready = sodium_init() >= 0;
    if (!ready) throw std::runtime_error("the cryptographic library could not be initialised");
}

const unsigned char* bytesOf(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }

bool plainId(const std::string& who) {
    if (who.empty() || who.size() > 64) return false;
    for (char c : who)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) return false;
    return true;
}

// The lines of a text without their line ends.
std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        out.push_back(line);
    }
    return out;
}

// "WORD HEX" on line `n` (1-based) of `file`.
std::string field(const std::vector<std::string>& lines, std::size_t n, const std::string& word, const std::string& file) {
    const std::string where = file + ":" + std::to_string(n);
    if (lines.size() < n) throw KeyError("KEY-FORMAT", where + ": the line '" + word + " ...' is missing");
    const auto& line = lines[n - 1];
    if (line.rfind(word + " ", 0) != 0) throw KeyError("KEY-FORMAT", where + ": expected '" + word + " ...'");
    return line.substr(word.size() + 1);
}

PublicKeys parseHead(const std::vector<std::string>& lines, const std::string& magic, const std::string& file) {
    if (lines.empty()) throw KeyError("KEY-FORMAT", file + ": the file is empty");
    std::istringstream head(lines[0]);
    std::string word, who;
    int version = 0;
    if (!(head >> word >> version >> who) || (word != kKeyMagic && word != kPublicMagic))
        throw KeyError("KEY-FORMAT", file + ":1: not a key file (it should begin '" + magic + " 1 WHO')");
    if (version != kKeyVersion)
        throw KeyError("KEY-FORMAT", file + ":1: a key file of version " + std::to_string(version) + ", made by a newer program");
    PublicKeys k;
    k.who = who;
    k.sign = field(lines, 2, "sign-public", file);
    k.box = field(lines, 3, "box-public", file);
    if (const auto p = k.problem()) throw KeyError("KEY-FORMAT", file + ": " + *p);
    return k;
}

}  // namespace

std::string PublicKeys::text() const {
    return std::string(kPublicMagic) + " " + std::to_string(kKeyVersion) + " " + who + "\nsign-public " + sign + "\nbox-public " +
           box + "\n";
}

std::optional<std::string> PublicKeys::problem() const {
    if (!plainId(who)) return "'" + who + "' is not a side id or 'host' (letters, digits, '-' and '_')";
    const auto s = fromHex(sign);
    if (!s || s->size() != kSignPublicBytes) return std::string("the signing key is not 32 bytes of hex");
    const auto b = fromHex(box);
    if (!b || b->size() != kBoxPublicBytes) return std::string("the encryption key is not 32 bytes of hex");
    return std::nullopt;
}

PublicKeys PublicKeys::parse(const std::string& text, const std::string& file) { return parseHead(linesOf(text), kPublicMagic, file); }

SecretKeys SecretKeys::generate(const std::string& who) {
    ensureSodium();
    SecretKeys k;
    std::array<unsigned char, crypto_sign_PUBLICKEYBYTES> sp{};
    std::array<unsigned char, crypto_box_PUBLICKEYBYTES> bp{};
    crypto_sign_keypair(sp.data(), k.m_signSecret.data());
    crypto_box_keypair(bp.data(), k.m_boxSecret.data());
    k.m_public.who = who;
    k.m_public.sign = toHex(std::string(sp.begin(), sp.end()));
    k.m_public.box = toHex(std::string(bp.begin(), bp.end()));
    return k;
}

std::string SecretKeys::fileText(const std::string& passphrase) const {
    const std::string secret = "sign-secret " + toHex(std::string(m_signSecret.begin(), m_signSecret.end())) + "\nbox-secret " +
                               toHex(std::string(m_boxSecret.begin(), m_boxSecret.end())) + "\n";
    std::string head = m_public.text();
    head.replace(0, std::string(kPublicMagic).size(), kKeyMagic);
    return head + seal(secret, SealKey::derive(passphrase));
}

std::optional<SecretKeys> SecretKeys::open(const std::string& text, const std::string& passphrase, const std::string& file) {
    ensureSodium();
    const auto lines = linesOf(text);
    const auto pub = parseHead(lines, kKeyMagic, file);
    if (lines[0].rfind(kKeyMagic + std::string(" "), 0) != 0)
        throw KeyError("KEY-FORMAT", file + ":1: a public key file, not a key file with its secret part");
    std::string sealedText;
    for (std::size_t i = 3; i < lines.size(); ++i) sealedText += lines[i] + "\n";
    if (!isSealed(sealedText)) throw KeyError("KEY-FORMAT", file + ":4: the secret part is missing or damaged");
    std::optional<std::string> secret;
    try {
        secret = unseal(sealedText, SealKey::deriveFor(sealedText, passphrase));
    } catch (const SealError& e) {
        throw KeyError("KEY-FORMAT", file + ":4: " + e.what());
    }
    if (!secret) return std::nullopt;
    const auto inner = linesOf(*secret);
    SecretKeys k;
    k.m_public = pub;
    const auto ss = inner.size() >= 1 && inner[0].rfind("sign-secret ", 0) == 0 ? fromHex(inner[0].substr(12)) : std::nullopt;
    const auto bs = inner.size() >= 2 && inner[1].rfind("box-secret ", 0) == 0 ? fromHex(inner[1].substr(11)) : std::nullopt;
    if (!ss || ss->size() != k.m_signSecret.size() || !bs || bs->size() != k.m_boxSecret.size())
        throw KeyError("KEY-FORMAT", file + ": the secret part does not hold two keys");
    std::copy(ss->begin(), ss->end(), k.m_signSecret.begin());
    std::copy(bs->begin(), bs->end(), k.m_boxSecret.begin());
    // The public halves must be those of the secret ones: a key file whose public lines were changed is refused.
    std::array<unsigned char, crypto_sign_PUBLICKEYBYTES> sp{};
    std::array<unsigned char, crypto_box_PUBLICKEYBYTES> bp{};
    crypto_sign_ed25519_sk_to_pk(sp.data(), k.m_signSecret.data());
    crypto_scalarmult_base(bp.data(), k.m_boxSecret.data());
    if (toHex(std::string(sp.begin(), sp.end())) != pub.sign || toHex(std::string(bp.begin(), bp.end())) != pub.box)
        throw KeyError("KEY-MISMATCH", file + ": its public keys are not those of its secret keys (the file was changed)");
    return k;
}

SecretKeys::SecretKeys(const SecretKeys&) = default;
SecretKeys& SecretKeys::operator=(const SecretKeys&) = default;
SecretKeys::~SecretKeys() {
    sodium_memzero(m_signSecret.data(), m_signSecret.size());
    sodium_memzero(m_boxSecret.data(), m_boxSecret.size());
}

std::string SecretKeys::sign(const std::string& message) const {
    ensureSodium();
    std::string sig(crypto_sign_BYTES, '\0');
    crypto_sign_detached(reinterpret_cast<unsigned char*>(sig.data()), nullptr, bytesOf(message), message.size(), m_signSecret.data());
    return sig;
}

std::optional<std::string> SecretKeys::openSealedBox(const std::string& box) const {
    ensureSodium();
    if (box.size() < crypto_box_SEALBYTES) return std::nullopt;
    const auto pub = fromHex(m_public.box);
    std::string plain(box.size() - crypto_box_SEALBYTES, '\0');
    if (crypto_box_seal_open(reinterpret_cast<unsigned char*>(plain.data()), bytesOf(box), box.size(), bytesOf(*pub),
                             m_boxSecret.data()) != 0)
        return std::nullopt;
    return plain;
}

std::string SecretKeys::keyedHash(const std::string& message) const {
    ensureSodium();
    // The key: BLAKE2b-256 of the Ed25519 seed under its own label, so that the signing key itself is never used for
    // anything but signing.
    std::array<unsigned char, crypto_sign_SEEDBYTES> seed{};
    crypto_sign_ed25519_sk_to_seed(seed.data(), m_signSecret.data());
    std::array<unsigned char, 32> key{};
    static const std::string label = "etatmajor-share-key-1";
    crypto_generichash(key.data(), key.size(), bytesOf(label), label.size(), seed.data(), seed.size());
    std::string out(kHashBytes, '\0');
    crypto_generichash(reinterpret_cast<unsigned char*>(out.data()), out.size(), bytesOf(message), message.size(), key.data(),
                       key.size());
    sodium_memzero(seed.data(), seed.size());
    sodium_memzero(key.data(), key.size());
    return out;
}

bool verifySignature(const PublicKeys& signer, const std::string& message, const std::string& signature) {
    ensureSodium();
    const auto pub = fromHex(signer.sign);
    if (!pub || pub->size() != crypto_sign_PUBLICKEYBYTES || signature.size() != crypto_sign_BYTES) return false;
    return crypto_sign_verify_detached(bytesOf(signature), bytesOf(message), message.size(), bytesOf(*pub)) == 0;
}

std::string sealedBoxFor(const PublicKeys& recipient, const std::string& plaintext) {
    ensureSodium();
    const auto pub = fromHex(recipient.box);
    if (!pub || pub->size() != crypto_box_PUBLICKEYBYTES) throw KeyError("KEY-FORMAT", "the recipient's encryption key is not a key");
    std::string box(plaintext.size() + crypto_box_SEALBYTES, '\0');
    crypto_box_seal(reinterpret_cast<unsigned char*>(box.data()), bytesOf(plaintext), plaintext.size(), bytesOf(*pub));
    return box;
}

std::string hashHex(const std::string& data) {
    ensureSodium();
    std::string out(kHashBytes, '\0');
    crypto_generichash(reinterpret_cast<unsigned char*>(out.data()), out.size(), bytesOf(data), data.size(), nullptr, 0);
    return toHex(out);
}

std::string toHex(const std::string& bytes) {
    std::string hex(bytes.size() * 2 + 1, '\0');
    sodium_bin2hex(hex.data(), hex.size(), bytesOf(bytes), bytes.size());
    hex.pop_back();
    return hex;
}

std::optional<std::string> fromHex(const std::string& hex) {
    if (hex.size() % 2 != 0) return std::nullopt;
    std::string bytes(hex.size() / 2, '\0');
    std::size_t length = 0;
    const char* end = nullptr;
    if (sodium_hex2bin(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(), hex.data(), hex.size(), nullptr, &length, &end) !=
            0 ||
        length != bytes.size() || end != hex.data() + hex.size())
        return std::nullopt;
    return bytes;
}

std::string toBase64(const std::string& bytes) {
    ensureSodium();
    std::string text(sodium_base64_encoded_len(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
    sodium_bin2base64(text.data(), text.size(), bytesOf(bytes), bytes.size(), sodium_base64_VARIANT_ORIGINAL);
    text.resize(text.find('\0'));
    return text;
}

std::optional<std::string> fromBase64(const std::string& text) {
    ensureSodium();
    std::string bytes(text.size() / 4 * 3 + 3, '\0');
    std::size_t length = 0;
    const char* end = nullptr;
    if (sodium_base642bin(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(), text.data(), text.size(), nullptr, &length,
                          &end, sodium_base64_VARIANT_ORIGINAL) != 0 ||
        end != text.data() + text.size())
        return std::nullopt;
    bytes.resize(length);
    return bytes;
}

std::string randomBytes(std::size_t n) {
    ensureSodium();
    std::string out(n, '\0');
    randombytes_buf(out.data(), n);
    return out;
}

}  // namespace etatmajor::auth
