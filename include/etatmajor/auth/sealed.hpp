// SPDX-License-Identifier: GPL-3.0-or-later
// Texts sealed under a side's passphrase (docs/secrecy-auth.md), for what the program keeps beside the campaign for
// one side alone, such as the turn manager's draft of today's orders: readable only with the passphrase, and any
// change to the text is found. The key is derived from the passphrase with Argon2id and a random salt kept in the
// sealed text; the text is sealed with XSalsa20-Poly1305 under a fresh nonce each time. The library doing it stays
// behind this header.
//
// A sealed text is plain ASCII:
//   etatmajor-sealed 1 argon2id13 OPSLIMIT MEMLIMIT
//   BASE64(salt | nonce | sealed bytes)
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>

namespace etatmajor::auth {

inline constexpr std::size_t kSealKeyBytes = 32;
inline constexpr std::size_t kSealSaltBytes = 16;

// A text that is not a sealed text at all (another format, a damaged header); AUTH-SEALED-FORMAT.
class SealError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A key derived from a passphrase and a salt. Deriving is slow on purpose (Argon2id at libsodium's interactive
// limits), so a front end derives it once, when the side gives its passphrase, and keeps it while the side's view is
// shown. The key's bytes are wiped when it is destroyed.
class SealKey {
public:
    // A key under a new random salt: for a text not sealed before.
    static SealKey derive(const std::string& passphrase);
    // The key `sealed` was sealed under if `passphrase` is the one it was sealed with: derived with its salt and
    // limits. Throws SealError when `sealed` is not a sealed text.
    static SealKey deriveFor(const std::string& sealed, const std::string& passphrase);

    SealKey(const SealKey& other);
    SealKey& operator=(const SealKey& other);
    ~SealKey();

    const std::array<unsigned char, kSealKeyBytes>& key() const { return m_key; }
    const std::array<unsigned char, kSealSaltBytes>& salt() const { return m_salt; }
    unsigned long long opsLimit() const { return m_ops; }
    std::size_t memLimit() const { return m_mem; }

private:
    SealKey() = default;
    std::array<unsigned char, kSealKeyBytes> m_key{};
    std::array<unsigned char, kSealSaltBytes> m_salt{};
    unsigned long long m_ops = 0;
    std::size_t m_mem = 0;
};

// Whether `text` starts like a sealed text (its header line), whatever is in it.
bool isSealed(const std::string& text);

// `plaintext` sealed under `key` (a fresh nonce each time).
std::string seal(const std::string& plaintext, const SealKey& key);

// The text `sealed` holds, or nothing when it does not authenticate under `key`: sealed under another passphrase or
// salt, or changed since. Throws SealError when `sealed` is not a sealed text.
std::optional<std::string> unseal(const std::string& sealed, const SealKey& key);

}  // namespace etatmajor::auth
