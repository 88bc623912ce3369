// SPDX-License-Identifier: GPL-3.0-or-later
// Side and host passphrases, and who acts (docs/secrecy-auth.md). A campaign where no one has set a passphrase is
// open: anyone may act as anyone, as before passphrases existed. Once a side has one, that side's commands and views
// need it; the host's view needs the host's, and is closed while sides have passphrases and the host has none.
//
// Passphrases are kept only as Argon2id hashes in the campaign's `credential` table; the clear text is never
// written anywhere. The hashing library stays behind this header.
#pragma once

#include "etatmajor/core/issue.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace etatmajor::db {
class CampaignStore;
}

namespace etatmajor::auth {

// The word `who` stands for, in the credential table and in every function here, for the host.
inline constexpr const char* kHost = "host";
inline constexpr std::size_t kMinPassphraseChars = 8;
inline constexpr std::size_t kMaxPassphraseBytes = 1024;

// Who runs a command: one side, or the host (the umpire's all-seeing view and the campaign-wide commands).
struct Actor {
    std::string side;  // empty = the host

    static Actor hostActor() { return {}; }
    static Actor ofSide(std::string id) { return Actor{std::move(id)}; }
    bool host() const { return side.empty(); }
    // "host" or the side id: the key of the credential table.
    std::string name() const { return host() ? std::string(kHost) : side; }
};

// A passphrase refused before anything is stored (AUTH-TOO-SHORT, AUTH-TOO-LONG).
class PassphraseError : public std::runtime_error {
public:
    PassphraseError(std::string code, const std::string& message) : std::runtime_error(message), m_code(std::move(code)) {}
    const std::string& code() const { return m_code; }

private:
    std::string m_code;
};

// Why `passphrase` may not be set (too short, too long), or nothing when it may. Counts characters, not bytes, in
// UTF-8.
std::optional<PassphraseError> passphraseProblem(const std::string& passphrase);

// Whether `who` (a side id or "host") has a passphrase; whether anyone has.
bool hasPassphrase(const db::CampaignStore& store, const std::string& who);
bool anyPassphrase(const db::CampaignStore& store);
// The sides (in the campaign's order) that have a passphrase, and those that have none; the host is not listed.
std::vector<std::string> sidesWithPassphrase(const db::CampaignStore& store);
std::vector<std::string> sidesWithoutPassphrase(const db::CampaignStore& store);

// A fingerprint of `who`'s passphrase as stored (64 hex digits of a BLAKE2b hash of its Argon2id hash string), or
// nothing when `who` has none. It changes whenever the passphrase is set again or cleared, and tells nothing of the
// passphrase: a front end that keeps logins (the campaign server's sessions) records it with each login and ends
// the login when it no longer matches.
std::optional<std::string> passphraseStamp(const db::CampaignStore& store, const std::string& who);

// Stores the Argon2id hash of `passphrase` for `who`, replacing any earlier one and clearing its failures.
// Unconditional: the caller has checked the authority to do so (changePassphrase does). Throws PassphraseError for a
// passphrase passphraseProblem refuses, db::StoreError DB-UNKNOWN-SIDE for a side the campaign does not have.
void setPassphrase(db::CampaignStore& store, const std::string& who, const std::string& passphrase);
// Removes `who`'s passphrase (nothing when there is none). Unconditional, like setPassphrase.
void clearPassphrase(db::CampaignStore& store, const std::string& who);

// The Argon2id hash string of `passphrase` (a fresh salt each time). Throws PassphraseError as setPassphrase does.
std::string hashPassphrase(const std::string& passphrase);
// Stores `hash` as `who`'s passphrase hash (clearing its failures), or removes `who`'s passphrase when there is none:
// what the command "auth.passphrase" does, and does again on a replay. Unconditional, like setPassphrase.
void storePassphraseHash(db::CampaignStore& store, const std::string& who, const std::optional<std::string>& hash);

// The pause before answering after `consecutiveFailures` wrong passphrases in a row: none for the first two, then
// 1 s, doubling with each further failure, never more than 30 s.
std::chrono::milliseconds failureDelay(int consecutiveFailures);

// How time passes for the slow-down; tests replace both.
struct Pacing {
    std::function<std::int64_t()> now;                     // seconds since the epoch
    std::function<void(std::chrono::milliseconds)> sleep;  // waits
    static Pacing real();
};

// May `actor` act? Errors (nothing else changes in the campaign):
//   AUTH-REQUIRED     the actor has a passphrase and none was given
//   AUTH-WRONG        the passphrase given is not the actor's (the failure is counted)
//   AUTH-HOST-CLOSED  the host view while sides have passphrases and the host has none
// A campaign in which no one has a passphrase is open: no error, whatever is given. A side without a passphrase in a
// campaign where others have one is open too: its players chose not to close it. After earlier failures the answer
// waits failureDelay(failures) less the time since the last one; a success resets the count.
// The store must be writable (a failure is recorded). Throws db::StoreError DB-UNKNOWN-SIDE for a side the campaign
// does not have.
core::IssueList authorise(db::CampaignStore& store, const Actor& actor, const std::optional<std::string>& passphrase);
core::IssueList authorise(db::CampaignStore& store, const Actor& actor, const std::optional<std::string>& passphrase,
                          const Pacing& pacing);

// Passphrases offered for a change, by who they belong to ("host" or a side id).
using Passphrases = std::map<std::string, std::string>;

// The passphrases whose owners' authority suffices to set or clear `who`'s (any one of them for a side; all of them
// for the host with no passphrase of its own). Empty: no authority is needed.
//   a side with a passphrase: its own, or the host's when the host has one (the host may reset any side's);
//   a side without one: the host's when the host has one, else none;
//   the host with a passphrase: its own;
//   the host without one: every side passphrase that is set, all together (no one side may open the host view
//   behind the other's back).
struct Authority {
    std::vector<std::string> anyOf;  // one of these suffices
    std::vector<std::string> allOf;  // all of these are needed
    bool none() const { return anyOf.empty() && allOf.empty(); }
};
Authority authorityToChange(const db::CampaignStore& store, const std::string& who);

// Sets (newPassphrase given) or clears (nothing) `who`'s passphrase when `given` carries the authority
// authorityToChange names. Refusals (nothing changes but the failure counts): AUTH-REQUIRED (a needed passphrase
// was not given), AUTH-WRONG (one given is wrong), AUTH-TOO-SHORT / AUTH-TOO-LONG (the new one). A change is made by
// the command "auth.passphrase" (engine/commands.hpp), logged with whose, the new hash or none, and on whose
// authority; never the passphrase. Throws
// db::StoreError DB-UNKNOWN-SIDE for a side the campaign does not have.
core::IssueList changePassphrase(db::CampaignStore& store, const std::string& who, const std::optional<std::string>& newPassphrase,
                                 const Passphrases& given);
core::IssueList changePassphrase(db::CampaignStore& store, const std::string& who, const std::optional<std::string>& newPassphrase,
                                 const Passphrases& given, const Pacing& pacing);

}  // namespace etatmajor::auth
