// SPDX-License-Identifier: GPL-3.0-or-later
// Side and host passphrases (docs/secrecy-auth.md): Argon2id hashes in the credential table, the authority to act
// and to change a passphrase, and the slow-down after wrong guesses.
#include "etatmajor/auth/passphrase.hpp"

#include "db/store_impl.hpp"
#include "etatmajor/engine/commands.hpp"

#include <sodium.h>

#include <algorithm>
#include <ctime>
#include <thread>

namespace etatmajor::auth {

namespace {

SQLite::Database& rawDb(const db::CampaignStore& store) { return const_cast<db::CampaignStore&>(store).impl().db; }

// libsodium is initialised once for the process; sodium_init is itself idempotent and thread-safe, and the static
// only keeps it from being called on every hash.
void ensureSodium() {
    static const bool ready = sodium_init() >= 0;
    if (!ready) throw std::runtime_error("the password hashing library could not be initialised");
}

std::vector<std::string> sideIds(const db::CampaignStore& store) {
    SQLite::Statement q(rawDb(store), "SELECT id FROM side ORDER BY ord");
    std::vector<std::string> out;
    while (q.executeStep()) out.push_back(q.getColumn(0).getString());
    return out;
}

// "host", or a side of the campaign; anything else is refused as the rest of the core refuses unknown sides.
void checkWho(const db::CampaignStore& store, const std::string& who) {
    if (who == kHost) return;
    const auto ids = sideIds(store);
    if (std::find(ids.begin(), ids.end(), who) != ids.end()) return;
    std::string known;
    for (const auto& id : ids) known += (known.empty() ? "" : ", ") + id;
    throw db::StoreError("DB-UNKNOWN-SIDE", "the campaign has no side '" + who + "' (sides: " + known + ")");
}

struct Credential {
    std::string hash;
    int failures = 0;
    std::int64_t lastFailure = 0;
};

std::optional<Credential> credential(const db::CampaignStore& store, const std::string& who) {
    SQLite::Statement q(rawDb(store), "SELECT hash, failures, last_failure FROM credential WHERE who = ?");
    q.bind(1, who);
    if (!q.executeStep()) return std::nullopt;
    return Credential{q.getColumn(0).getString(), q.getColumn(1).getInt(), q.getColumn(2).getInt64()};
}

std::string describe(const std::string& who) { return who == kHost ? "the host" : "side '" + who + "'"; }

// Checks `passphrase` against `who`'s stored hash, after the pause earlier failures call for. A failure is counted
// and timed in its own small transaction; a success clears the count. Nothing else is written.
bool verify(db::CampaignStore& store, const std::string& who, const std::string& passphrase, const Pacing& pacing) {
    const auto cred = credential(store, who);
    if (!cred) return false;
    if (cred->failures > 0) {
        const auto since = std::chrono::seconds(std::max<std::int64_t>(0, pacing.now() - cred->lastFailure));
        const auto wait = failureDelay(cred->failures) - std::chrono::duration_cast<std::chrono::milliseconds>(since);
        if (wait > std::chrono::milliseconds(0)) pacing.sleep(wait);
    }
    ensureSodium();
    const bool right = crypto_pwhash_str_verify(cred->hash.c_str(), passphrase.data(), passphrase.size()) == 0;
    auto& db = rawDb(store);
    try {
        if (!right) {
            store.transaction([&] {
                SQLite::Statement u(db, "UPDATE credential SET failures = failures + 1, last_failure = ? WHERE who = ?");
                u.bind(1, pacing.now());
                u.bind(2, who);
                u.exec();
            });
        } else if (cred->failures > 0) {
            store.transaction([&] {
                SQLite::Statement u(db, "UPDATE credential SET failures = 0, last_failure = 0 WHERE who = ?");
                u.bind(1, who);
                u.exec();
            });
        }
    } catch (const SQLite::Exception&) {
        // A campaign file that cannot be written (read-only on disk) is still checked; only the count is lost.
    }
    return right;
}

std::string joined(const std::vector<std::string>& whos) {
    std::string out;
    for (const auto& w : whos) out += (out.empty() ? "" : ", ") + describe(w);
    return out;
}

}  // namespace

Pacing Pacing::real() {
    return {[] { return static_cast<std::int64_t>(std::time(nullptr)); },
            [](std::chrono::milliseconds d) { std::this_thread::sleep_for(d); }};
}

std::optional<PassphraseError> passphraseProblem(const std::string& passphrase) {
    std::size_t chars = 0;
    for (const unsigned char c : passphrase)
        if ((c & 0xC0u) != 0x80u) ++chars;  // a UTF-8 continuation byte is not a character of its own
    if (chars < kMinPassphraseChars)
        return PassphraseError("AUTH-TOO-SHORT", "a passphrase needs at least " + std::to_string(kMinPassphraseChars) +
                                                     " characters (this one has " + std::to_string(chars) + ")");
    if (passphrase.size() > kMaxPassphraseBytes)
        return PassphraseError("AUTH-TOO-LONG", "a passphrase may be at most " + std::to_string(kMaxPassphraseBytes) + " bytes long");
    return std::nullopt;
}

bool hasPassphrase(const db::CampaignStore& store, const std::string& who) { return credential(store, who).has_value(); }

std::optional<std::string> passphraseStamp(const db::CampaignStore& store, const std::string& who) {
    const auto cred = credential(store, who);
    if (!cred) return std::nullopt;
    ensureSodium();
    unsigned char digest[32];
    crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(cred->hash.data()), cred->hash.size(), nullptr,
                       0);
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (const unsigned char b : digest) {
        out += digits[b >> 4];
        out += digits[b & 15];
    }
    return out;
}

bool anyPassphrase(const db::CampaignStore& store) {
    return rawDb(store).execAndGet("SELECT EXISTS (SELECT 1 FROM credential)").getInt() != 0;
}

std::vector<std::string> sidesWithPassphrase(const db::CampaignStore& store) {
    SQLite::Statement q(rawDb(store), "SELECT s.id FROM side s JOIN credential c ON c.who = s.id ORDER BY s.ord");
    std::vector<std::string> out;
    while (q.executeStep()) out.push_back(q.getColumn(0).getString());
    return out;
}

std::vector<std::string> sidesWithoutPassphrase(const db::CampaignStore& store) {
    SQLite::Statement q(rawDb(store), "SELECT id FROM side WHERE id NOT IN (SELECT who FROM credential) ORDER BY ord");
    std::vector<std::string> out;
    while (q.executeStep()) out.push_back(q.getColumn(0).getString());
    return out;
}

std::string hashPassphrase(const std::string& passphrase) {
    if (auto problem = passphraseProblem(passphrase)) throw *problem;
    ensureSodium();
    char hash[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(hash, passphrase.data(), passphrase.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                          crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
        throw std::runtime_error("the passphrase could not be hashed (out of memory)");
    return std::string(hash);
}

void storePassphraseHash(db::CampaignStore& store, const std::string& who, const std::optional<std::string>& hash) {
    checkWho(store, who);
    // In a transaction of the store's (a part of the caller's when there is one, as in a campaign's creation), so that
    // the state's checksum is taken again over the new credential: a passphrase set between commands leaves the
    // campaign opening as it did.
    store.transaction([&] {
        if (!hash) {
            SQLite::Statement q(rawDb(store), "DELETE FROM credential WHERE who = ?");
            q.bind(1, who);
            q.exec();
            return;
        }
        SQLite::Statement q(rawDb(store), "INSERT INTO credential (who, hash, failures, last_failure) VALUES (?, ?, 0, 0) "
                                          "ON CONFLICT (who) DO UPDATE SET hash = excluded.hash, failures = 0, last_failure = 0");
        q.bind(1, who);
        q.bind(2, *hash);
        q.exec();
    });
}

void setPassphrase(db::CampaignStore& store, const std::string& who, const std::string& passphrase) {
    checkWho(store, who);
    storePassphraseHash(store, who, hashPassphrase(passphrase));
}

void clearPassphrase(db::CampaignStore& store, const std::string& who) { storePassphraseHash(store, who, std::nullopt); }

std::chrono::milliseconds failureDelay(int consecutiveFailures) {
    constexpr std::chrono::milliseconds kCap{30'000};
    if (consecutiveFailures <= 2) return std::chrono::milliseconds(0);
    const int doublings = consecutiveFailures - 3;  // the third failure waits 1 s
    if (doublings >= 5) return kCap;                // 2^5 s = 32 s is already past the cap
    return std::min(kCap, std::chrono::milliseconds(1000LL << doublings));
}

core::IssueList authorise(db::CampaignStore& store, const Actor& actor, const std::optional<std::string>& passphrase) {
    return authorise(store, actor, passphrase, Pacing::real());
}

core::IssueList authorise(db::CampaignStore& store, const Actor& actor, const std::optional<std::string>& passphrase,
                          const Pacing& pacing) {
    core::IssueList issues;
    const std::string who = actor.name();
    checkWho(store, who);
    if (!anyPassphrase(store)) return issues;  // an open campaign
    if (!hasPassphrase(store, who)) {
        if (actor.host())
            issues.error("AUTH-HOST-CLOSED", "the host's view is closed: sides have passphrases and the host has none; set one with "
                                             "'campaign password --host' (it needs every side's passphrase)");
        return issues;  // a side without a passphrase stays open
    }
    if (!passphrase) {
        issues.error("AUTH-REQUIRED", describe(who) + " has a passphrase: give it with --password-file FILE, the "
                                                      "ETATMAJOR_PASSPHRASE environment variable, or at the prompt");
        return issues;
    }
    if (!verify(store, who, *passphrase, pacing))
        issues.error("AUTH-WRONG", "wrong passphrase for " + describe(who) + "; nothing was done");
    return issues;
}

Authority authorityToChange(const db::CampaignStore& store, const std::string& who) {
    checkWho(store, who);
    Authority a;
    const bool hostHas = hasPassphrase(store, kHost);
    if (who == kHost) {
        if (hostHas) a.anyOf.push_back(kHost);
        else a.allOf = sidesWithPassphrase(store);
        return a;
    }
    if (hasPassphrase(store, who)) a.anyOf.push_back(who);
    if (hostHas) a.anyOf.push_back(kHost);
    return a;
}

core::IssueList changePassphrase(db::CampaignStore& store, const std::string& who, const std::optional<std::string>& newPassphrase,
                                 const Passphrases& given) {
    return changePassphrase(store, who, newPassphrase, given, Pacing::real());
}

core::IssueList changePassphrase(db::CampaignStore& store, const std::string& who, const std::optional<std::string>& newPassphrase,
                                 const Passphrases& given, const Pacing& pacing) {
    core::IssueList issues;
    const auto authority = authorityToChange(store, who);
    if (newPassphrase)
        if (auto problem = passphraseProblem(*newPassphrase)) {
            issues.error(problem->code(), std::string("the new passphrase of ") + describe(who) + " is refused: " + problem->what());
            return issues;
        }

    std::vector<std::string> by;  // whose passphrases allowed the change
    if (!authority.anyOf.empty()) {
        std::vector<std::string> offered;
        for (const auto& w : authority.anyOf)
            if (given.count(w)) offered.push_back(w);
        if (offered.empty()) {
            issues.error("AUTH-REQUIRED", "changing the passphrase of " + describe(who) + " needs the passphrase of " +
                                              (authority.anyOf.size() > 1 ? "one of " : "") + joined(authority.anyOf));
            return issues;
        }
        for (const auto& w : offered)
            if (verify(store, w, given.at(w), pacing)) {
                by.push_back(w);
                break;
            }
        if (by.empty()) {
            issues.error("AUTH-WRONG", "wrong passphrase for " + joined(offered) + "; nothing was changed");
            return issues;
        }
    }
    if (!authority.allOf.empty()) {
        std::vector<std::string> missing;
        for (const auto& w : authority.allOf)
            if (!given.count(w)) missing.push_back(w);
        if (!missing.empty()) {
            issues.error("AUTH-REQUIRED", "the host has no passphrase yet: setting it needs the passphrase of every side "
                                          "that has one; missing: " +
                                              joined(missing));
            return issues;
        }
        std::vector<std::string> wrong;
        for (const auto& w : authority.allOf)
            if (!verify(store, w, given.at(w), pacing)) wrong.push_back(w);
        if (!wrong.empty()) {
            issues.error("AUTH-WRONG", "wrong passphrase for " + joined(wrong) + "; nothing was changed");
            return issues;
        }
        for (const auto& w : authority.allOf) by.push_back(w);
    }

    // A command like every other change to the campaign, logged with whose passphrase, its new hash or none, and on
    // whose authority; never the passphrase itself.
    engine::SetPassphrase command{who, newPassphrase ? std::optional(hashPassphrase(*newPassphrase)) : std::nullopt, by};
    issues.append(engine::execute(store, command).issues);
    return issues;
}

}  // namespace etatmajor::auth
