// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign's chain (docs/pbem.md "A history nobody can rewrite"): every transaction that logs commands appends a
// record holding the hash of those commands, the hash of the dice rolled since the record before, the digest of the
// state it left (db::playDigest) and the hash of the record before. Each record's hash covers all of that, so a record
// fixes every record before it: the host signs the head, and each side's turn packet carries it.
#pragma once

#include "etatmajor/db/campaign_store.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace etatmajor::db {

struct ChainRecord {
    std::int64_t seq = 0;
    std::int64_t firstCommand = 0, lastCommand = 0;  // the command log rows it covers
    std::int64_t lastRoll = 0;                       // the last roll log row before it
    int week = 0, day = 0;
    std::string phase;  // where the campaign stood after it
    std::string inputs, dice, state, prev, hash;

    // The hash this record should have, from its other fields (64 hex digits).
    std::string expectedHash() const;
};

// Every record, oldest first.
std::vector<ChainRecord> chainRecords(const CampaignStore& store);
// The newest record, if any.
std::optional<ChainRecord> chainHead(const CampaignStore& store);

// The hash of command log rows [first, last] (their number, name and arguments) and of roll log rows (first, last]
// (every column), as the chain records them.
std::string commandsHash(const CampaignStore& store, std::int64_t first, std::int64_t last);
std::string rollsHash(const CampaignStore& store, std::int64_t after, std::int64_t last);

// The campaign's fingerprint: the hash of the first command of its log (its set-up, with scenario, map, seed and
// options). Every packet names its campaign by it.
std::string campaignFingerprint(const CampaignStore& store);

// What the host signs for a chain record (its number and hash under a label).
std::string chainSigningText(std::int64_t seq, const std::string& hash);
// Keeps the host's signature (raw bytes) of record `seq`; a signature already kept for it is left as it is.
void storeChainSignature(CampaignStore& store, std::int64_t seq, const std::string& signer, const std::string& signature);
struct ChainSignature {
    std::int64_t seq = 0;
    std::string signer, signature;  // signature: raw bytes
};
std::vector<ChainSignature> chainSignatures(const CampaignStore& store);

}  // namespace etatmajor::db
