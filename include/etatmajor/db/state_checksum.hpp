// SPDX-License-Identifier: GPL-3.0-or-later
// The checksum of a campaign's state (docs/design.md "Checksums of the state"): a BLAKE2b-256 digest of a canonical
// serialisation of every table of the campaign database except the checksums themselves, stored with the save point
// (week, day, phase) of every transaction that changes the state, and checked whenever a campaign is opened.
// It finds a campaign changed outside Etat-Major or damaged in its content; anyone can compute it, so it proves
// nothing about who changed it (signatures over the same digest will).
#pragma once

#include "etatmajor/db/campaign_store.hpp"

#include <map>
#include <string>

namespace etatmajor::db {

inline constexpr const char* kStateDigestAlgorithm = "blake2b-256";

// The digest of the campaign's state as it stands, as 64 lower-case hex digits. Deterministic: the same content
// gives the same digest on every machine.
std::string stateDigest(const CampaignStore& store);

// The digest of the play, as the campaign's chain records it (docs/pbem.md): every table of the state digest but
// the passphrases', whose counts of wrong guesses change outside any command.
std::string playDigest(const CampaignStore& store);

// The digest of each table stateDigest covers, by table name (64 hex digits each): which tables two campaigns differ in.
std::map<std::string, std::string> tableDigests(const CampaignStore& store);

// The latest stored checksum against the state as it stands.
struct StateCheck {
    bool ok = false;
    bool stored = false;  // a checksum was found
    int week = 0, day = 0;
    std::string phase;         // the save point of the latest stored checksum
    std::string storedDigest;  // as stored
    std::string actualDigest;  // of the state as it stands
    std::string problem;       // why not ok, in words; empty when ok
    // "week 3 day 2, phase D5" (or "week 3, phase W2" before the days of the week)
    std::string savePoint() const;
};
StateCheck checkState(const CampaignStore& store);

// The host accepts the state as it stands (after a deliberate change outside Etat-Major): records its checksum at the
// current save point, in a transaction logged as the command "state.accept" with the stored and new digests.
StateCheck acceptState(CampaignStore& store);

}  // namespace etatmajor::db
