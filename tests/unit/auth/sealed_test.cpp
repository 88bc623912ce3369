// SPDX-License-Identifier: GPL-3.0-or-later
// Texts sealed under a passphrase (auth/sealed.hpp): only the passphrase opens them, any change is found, and nothing
// of the text shows in the sealed form.
#include "etatmajor/auth/sealed.hpp"

#include <catch2/catch.hpp>

using namespace etatmajor;

TEST_CASE("a sealed text opens with its passphrase only, and a changed one not at all", "[auth][sealed]") {
    const std::string orders = "<orders side=\"british\"><order me=\"b-tarleton\"><path>27,34 28,34</path></order></orders>\n";
    const auto key = auth::SealKey::derive("redcoats-1780");
    const std::string sealed = auth::seal(orders, key);
    CHECK(auth::isSealed(sealed));
    CHECK_FALSE(auth::isSealed(orders));
    // Nothing of the text in clear.
    CHECK(sealed.find("b-tarleton") == std::string::npos);
    CHECK(sealed.find("27,34") == std::string::npos);

    // The same key, and the key derived again from the sealed text with the passphrase, open it.
    REQUIRE(auth::unseal(sealed, key).has_value());
    CHECK(*auth::unseal(sealed, key) == orders);
    const auto again = auth::SealKey::deriveFor(sealed, "redcoats-1780");
    CHECK(again.salt() == key.salt());
    CHECK(auth::unseal(sealed, again) == std::optional<std::string>(orders));

    // Another passphrase does not, nor a key under another salt.
    CHECK_FALSE(auth::unseal(sealed, auth::SealKey::deriveFor(sealed, "continentals-1780")).has_value());
    CHECK_FALSE(auth::unseal(sealed, auth::SealKey::derive("redcoats-1780")).has_value());

    // A fresh nonce each time: sealing twice gives two texts, both opening to the same.
    const std::string twice = auth::seal(orders, key);
    CHECK(twice != sealed);
    CHECK(auth::unseal(twice, key) == std::optional<std::string>(orders));

    // One character of the body changed, or the body cut short: refused.
    std::string changed = sealed;
    const auto body = changed.find('\n') + 10;
    changed[body] = changed[body] == 'A' ? 'B' : 'A';
    CHECK_FALSE(auth::unseal(changed, key).has_value());
    std::string cut = sealed.substr(0, sealed.size() - 1 - 16) + "\n";  // twelve bytes fewer, still base64
    CHECK_FALSE(auth::unseal(cut, key).has_value());
}

TEST_CASE("what is not a sealed text is said so, without deriving anything", "[auth][sealed]") {
    const auto key = auth::SealKey::derive("redcoats-1780");
    CHECK_THROWS_AS(auth::unseal("<orders/>\n", key), auth::SealError);
    CHECK_THROWS_AS(auth::SealKey::deriveFor("etatmajor-sealed 2 argon2id13 2 67108864\nAAAA\n", "x"), auth::SealError);
    CHECK_THROWS_AS(auth::SealKey::deriveFor("etatmajor-sealed 1 argon2id13 2 99999999999999\nAAAA\n", "x"), auth::SealError);
    CHECK_THROWS_AS(auth::unseal("etatmajor-sealed 1 argon2id13 2 67108864\n!!!not base64!!!\n", key), auth::SealError);
    CHECK_THROWS_AS(auth::unseal("etatmajor-sealed 1 argon2id13 2 67108864\nAAAA\n", key), auth::SealError);
}
