// SPDX-License-Identifier: GPL-3.0-or-later
// `campaign audit` (pbem/audit.hpp, docs/pbem.md "The audit").
#include "etatmajor/pbem/audit.hpp"

#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/core/text.hpp"
#include "etatmajor/db/chain.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/engine/pbem.hpp"
#include "etatmajor/engine/replay.hpp"
#include "etatmajor/pbem/packet.hpp"

#include <map>
#include <optional>

namespace etatmajor::pbem {

namespace {

// "record 12 (commands 40-41: phase.D4, ...; it left the campaign at week 1 day 2, next phase D5)"
std::string recordName(const db::ChainRecord& r, const std::map<std::int64_t, std::string>& names) {
    std::string commands;
    for (auto seq = r.firstCommand; seq <= r.lastCommand && seq < r.firstCommand + 3; ++seq) {
        const auto it = names.find(seq);
        commands += (commands.empty() ? "" : ", ") + (it == names.end() ? std::string("?") : it->second);
    }
    if (r.lastCommand >= r.firstCommand + 3) commands += ", ...";
    const std::string range = r.firstCommand == r.lastCommand
                                  ? "command " + std::to_string(r.firstCommand)
                                  : "commands " + std::to_string(r.firstCommand) + "-" + std::to_string(r.lastCommand);
    return "record " + std::to_string(r.seq) + " (" + range + ": " + commands + "; it left the campaign at week " +
           std::to_string(r.week) + " day " + std::to_string(r.day) + ", next phase " + r.phase + ")";
}

struct Stored {
    std::vector<db::ChainRecord> chain;
    std::vector<db::ChainSignature> signatures;
    std::vector<auth::PublicKeys> keys;
    std::map<std::int64_t, std::string> commandNames;
    std::int64_t lastCommand = 0, lastRoll = 0;
    std::string fingerprint, play;
    std::map<std::string, std::string> tables;
    // Each record's inputs and dice recomputed from the logs as they stand.
    std::vector<std::pair<std::string, std::string>> recomputed;
};

Stored readStored(const std::string& path) {
    auto store = db::CampaignStore::open(path, true, db::CampaignStore::OpenCheck::SkipChecksum);
    Stored s;
    s.chain = db::chainRecords(store);
    s.signatures = db::chainSignatures(store);
    s.keys = engine::registeredKeys(store);
    for (const auto& row : store.commandLog()) {
        s.commandNames[row.seq] = row.name;
        s.lastCommand = row.seq;
    }
    const auto rolls = store.rolls();
    s.lastRoll = rolls.empty() ? 0 : rolls.back().sequence;
    s.fingerprint = s.commandNames.empty() ? std::string() : db::campaignFingerprint(store);
    s.play = db::playDigest(store);
    s.tables = db::tableDigests(store);
    std::int64_t prevRoll = 0;
    for (const auto& r : s.chain) {
        s.recomputed.emplace_back(db::commandsHash(store, r.firstCommand, r.lastCommand), db::rollsHash(store, prevRoll, r.lastRoll));
        prevRoll = r.lastRoll;
    }
    return s;
}

// The chain as it stands: every record's hash, link, commands and dice. The first problem, or nothing.
std::optional<std::string> checkChain(const Stored& s, std::vector<std::string>& checked) {
    if (s.chain.empty()) return "the campaign has no chain: it was last changed by a program older than the chain";
    std::size_t from = 0;
    if (s.chain.front().phase == "older") {
        checked.push_back("the chain begins after command " + std::to_string(s.chain.front().lastCommand) +
                          ", logged by an older program: those commands are checked by the replay only");
        from = 1;
    }
    for (std::size_t i = from; i < s.chain.size(); ++i) {
        const auto& r = s.chain[i];
        const auto name = recordName(r, s.commandNames);
        if (r.hash != r.expectedHash()) return name + ": its hash does not match what it records: the record was changed";
        const std::string prevHash = i == 0 ? std::string() : s.chain[i - 1].hash;
        const std::int64_t prevLast = i == 0 ? 0 : s.chain[i - 1].lastCommand;
        if (r.prev != prevHash) return name + ": it does not follow the record before it: a record was changed, taken out or put in";
        if (r.firstCommand != prevLast + 1 || r.lastCommand < r.firstCommand)
            return name + ": it does not cover the commands after the record before it";
        if (s.recomputed[i].first != r.inputs)
            return name + ": the commands in the log are not those it recorded: a command was changed";
        if (s.recomputed[i].second != r.dice) return name + ": the dice in the roll log are not those it recorded: a die was changed";
    }
    const auto& head = s.chain.back();
    if (head.lastCommand != s.lastCommand)
        return "the command log goes on past the chain's last record (" + std::to_string(head.seq) +
               "): commands were added outside Etat-Major";
    if (head.lastRoll != s.lastRoll)
        return "the roll log " + std::string(s.lastRoll > head.lastRoll ? "goes on past" : "stops before") +
               " the chain's last record (" + std::to_string(head.seq) + "): dice were added or taken out outside Etat-Major";
    checked.push_back(std::to_string(s.chain.size()) + " chain records: every hash, link, command and die as recorded");
    return std::nullopt;
}

std::optional<std::string> checkSignatures(const Stored& s, std::vector<std::string>& checked) {
    const auth::PublicKeys* host = nullptr;
    for (const auto& k : s.keys)
        if (k.who == auth::kHost) host = &k;
    if (s.signatures.empty()) {
        checked.push_back("no signature of the host's is kept (no turn packet was exported)");
        return std::nullopt;
    }
    if (!host) return std::string("the chain holds signatures, but the campaign holds no host key to check them with");
    for (const auto& sig : s.signatures) {
        const db::ChainRecord* r = nullptr;
        for (const auto& c : s.chain)
            if (c.seq == sig.seq) r = &c;
        if (!r) return "the host's signature of record " + std::to_string(sig.seq) + " signs a record the chain does not hold";
        if (!auth::verifySignature(*host, db::chainSigningText(r->seq, r->hash), sig.signature))
            return "the host's signature of record " + std::to_string(sig.seq) +
                   " does not match it: the record or the signature was changed";
    }
    checked.push_back(std::to_string(s.signatures.size()) + " signatures of the host's over the chain");
    return std::nullopt;
}

std::optional<std::string> checkPackets(const Stored& s, const AuditOptions& options, std::vector<std::string>& checked) {
    if (options.packets.empty()) return std::nullopt;
    const auth::PublicKeys* host = nullptr;
    for (const auto& k : s.keys)
        if (k.who == auth::kHost) host = &k;
    for (const auto& [file, text] : options.packets) {
        Packet p;
        try {
            p = readPacket(text, file);
        } catch (const PacketError& e) {
            return std::string(e.what());
        }
        if (p.header.kind != "turn") return file + " is not a turn packet";
        if (p.header.campaign != s.fingerprint) return file + " is a turn packet of another campaign";
        if (!host || !signedBy(p, *host)) return file + " is not signed by the host key of this campaign";
        const db::ChainRecord* r = nullptr;
        for (const auto& c : s.chain)
            if (c.seq == p.header.chainSeq) r = &c;
        if (!r || r->hash != p.header.chainHash)
            return file + " (side " + p.header.side + ", week " + std::to_string(p.header.week) + " day " +
                   std::to_string(p.header.day) + ") holds chain record " + std::to_string(p.header.chainSeq) +
                   " as the host signed it then, and the campaign's chain holds another: its history was rewritten after the packet "
                   "was sent";
    }
    checked.push_back(std::to_string(options.packets.size()) + " turn packets: each chain head the sides were sent is in the chain");
    return std::nullopt;
}

}  // namespace

AuditResult auditCampaign(const std::string& dbPath, const AuditOptions& options) {
    AuditResult result;
    Stored s;
    try {
        s = readStored(dbPath);
    } catch (const db::StoreError& e) {
        result.issues.error(e.code(), e.what());
        return result;
    }
    auto fail = [&](const std::string& why) {
        result.failure = why;
        return result;
    };
    if (auto f = checkChain(s, result.checked)) return fail(*f);

    // The replay: the campaign again from its first command, every sealed packet's signature and every share checked
    // again by the commands themselves.
    engine::ReplayOptions ro;
    ro.overwrite = true;
    ro.skipChecksum = true;
    ro.progress = options.progress;
    const auto replay = engine::replayCampaign(dbPath, options.scratchPath, ro);
    if (!replay.ok) {
        std::string why;
        for (const auto& i : replay.issues.items())
            if (i.severity == core::Severity::Error) why += (why.empty() ? "" : "; ") + i.message;
        return fail("the replay stopped: " + why);
    }
    std::vector<db::ChainRecord> replayed;
    {
        auto out = db::CampaignStore::open(options.scratchPath, true);
        replayed = db::chainRecords(out);
    }
    std::map<std::int64_t, const db::ChainRecord*> byLast;
    for (const auto& r : replayed) byLast[r.lastCommand] = &r;
    for (const auto& r : s.chain) {
        if (r.phase == "older") continue;
        const auto name = recordName(r, s.commandNames);
        const auto it = byLast.find(r.lastCommand);
        if (it == byLast.end()) return fail(name + ": the replay does not end a transaction at its last command");
        const auto& got = *it->second;
        if (got.inputs != r.inputs) return fail(name + ": the replay logs other commands: a command's record was changed");
        if (got.dice != r.dice)
            return fail(name +
                        ": the replay rolls other dice: the dice in the campaign are not those its seed and the sides' shares give");
        if (got.state != r.state)
            return fail(name + ": the replay reaches another state: the campaign was changed outside its commands");
        if (got.week != r.week || got.day != r.day || got.phase != r.phase)
            return fail(name + ": the replay leaves the campaign at another point");
    }
    result.checked.push_back("the replay of " + std::to_string(replay.commands) +
                             " commands reaches every record's commands, dice and state");
    if (s.play != s.chain.back().state) {
        std::string tables;
        {
            auto out = db::CampaignStore::open(options.scratchPath, true);
            for (const auto& [table, digest] : db::tableDigests(out)) {
                if (table == "credential") continue;
                const auto it = s.tables.find(table);
                if (it == s.tables.end() || it->second != digest) tables += (tables.empty() ? "" : ", ") + table;
            }
        }
        return fail("the campaign as it stands is not the state its last record (" + std::to_string(s.chain.back().seq) +
                    ") describes: it was changed outside Etat-Major after it" +
                    (tables.empty() ? std::string() : " (tables: " + tables + ")"));
    }
    result.checked.push_back("the campaign as it stands is the state its last record describes");
    if (auto f = checkSignatures(s, result.checked)) return fail(*f);
    if (auto f = checkPackets(s, options, result.checked)) return fail(*f);
    result.verified = true;
    return result;
}

}  // namespace etatmajor::pbem
