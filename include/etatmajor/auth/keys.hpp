// SPDX-License-Identifier: GPL-3.0-or-later
// The key pairs of play by e-mail (docs/pbem.md): each side and the host (the keeper of the campaign) have a signing
// key pair (Ed25519) and an encryption key pair (X25519, for sealed boxes). The secret halves live in a key file
// sealed under the owner's passphrase (sealed.hpp); the public halves go into the campaign database and into every
// turn packet. The cryptographic library stays behind this header.
//
// A key file is plain ASCII:
//   etatmajor-key 1 WHO
//   sign-public HEX
//   box-public HEX
//   etatmajor-sealed ...          (sealed.hpp: the secret keys, sealed under the passphrase)
// A public key file holds the first three lines, its first word being etatmajor-public-key.
#pragma once

#include <array>
#include <optional>
#include <stdexcept>
#include <string>

namespace etatmajor::auth {

inline constexpr std::size_t kSignPublicBytes = 32;
inline constexpr std::size_t kBoxPublicBytes = 32;
inline constexpr std::size_t kSignatureBytes = 64;
inline constexpr std::size_t kHashBytes = 32;

// A key file or public key file that cannot be read (KEY-FORMAT), with what is wrong and where.
class KeyError : public std::runtime_error {
public:
    KeyError(std::string code, const std::string& message) : std::runtime_error(message), m_code(std::move(code)) {}
    const std::string& code() const { return m_code; }

private:
    std::string m_code;
};

// Whose key it is and its public halves, as 64 lower-case hex digits each.
struct PublicKeys {
    std::string who;  // a side id, or "host" for the keeper
    std::string sign, box;

    bool operator==(const PublicKeys& o) const { return who == o.who && sign == o.sign && box == o.box; }
    // The public key file's text.
    std::string text() const;
    // Reads a public key file (or the first lines of a key file); `file` names it in messages. Throws KeyError.
    static PublicKeys parse(const std::string& text, const std::string& file);
    // Whether both halves are 32 bytes of hex and `who` is a plain id; the problem in words otherwise.
    std::optional<std::string> problem() const;
};

// A whole key pair, secret halves included; the secret bytes are wiped when it is destroyed.
class SecretKeys {
public:
    // New random key pairs for `who`.
    static SecretKeys generate(const std::string& who);
    // The key file's text: the public halves, and the secret ones sealed under `passphrase` (Argon2id, slow on
    // purpose).
    std::string fileText(const std::string& passphrase) const;
    // Opens a key file with its passphrase; nothing for a wrong passphrase (or a secret part that was changed).
    // Throws KeyError KEY-FORMAT for a text that is not a key file.
    static std::optional<SecretKeys> open(const std::string& text, const std::string& passphrase, const std::string& file);

    SecretKeys(const SecretKeys&);
    SecretKeys& operator=(const SecretKeys&);
    ~SecretKeys();

    const PublicKeys& publicKeys() const { return m_public; }
    const std::string& who() const { return m_public.who; }

    // The Ed25519 signature of `message` (64 raw bytes).
    std::string sign(const std::string& message) const;
    // Opens a sealed box made for this key pair's public box key; nothing when it was made for another or altered.
    std::optional<std::string> openSealedBox(const std::string& box) const;
    // BLAKE2b-256 of `message` keyed with a key derived from the secret signing key (32 raw bytes): a value only this
    // key's owner can compute, the same every time for the same message.
    std::string keyedHash(const std::string& message) const;

private:
    SecretKeys() = default;
    PublicKeys m_public;
    std::array<unsigned char, 64> m_signSecret{};
    std::array<unsigned char, 32> m_boxSecret{};
};

// Whether `signature` (64 raw bytes) is the signature of `message` by the signing key of `signer`.
bool verifySignature(const PublicKeys& signer, const std::string& message, const std::string& signature);
// `plaintext` in a sealed box only the owner of `recipient`'s box key can open (anonymous sender, fresh key each time).
std::string sealedBoxFor(const PublicKeys& recipient, const std::string& plaintext);

// BLAKE2b-256 of `data`, as 64 lower-case hex digits.
std::string hashHex(const std::string& data);
// Bytes as lower-case hex, and back (nothing for text that is not hex of an even length).
std::string toHex(const std::string& bytes);
std::optional<std::string> fromHex(const std::string& hex);
// Bytes as base64 (the original alphabet, with padding), and back (nothing for text that is not base64).
std::string toBase64(const std::string& bytes);
std::optional<std::string> fromBase64(const std::string& text);
// `n` random bytes.
std::string randomBytes(std::size_t n);

}  // namespace etatmajor::auth
