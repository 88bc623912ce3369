// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign's chain (db/chain.hpp, docs/pbem.md "A history nobody can rewrite").
#include "etatmajor/db/chain.hpp"

#include "etatmajor/auth/keys.hpp"
#include "store_impl.hpp"

#include <sstream>

namespace etatmajor::db {

namespace {

bool hasChainTable(SQLite::Database& db) {
    return db.execAndGet("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'command_chain'").getInt() > 0;
}

// Length-prefixed fields, so that no two different sequences of fields hash alike.
void put(std::string& out, const std::string& s) { out += std::to_string(s.size()) + ":" + s + ";"; }
void put(std::string& out, std::int64_t v) { put(out, std::to_string(v)); }

std::string commandsHashOf(SQLite::Database& db, std::int64_t first, std::int64_t last) {
    std::string data = "etatmajor-commands-1;";
    SQLite::Statement q(db, "SELECT seq, name, args FROM command_log WHERE seq BETWEEN ? AND ? ORDER BY seq");
    q.bind(1, first);
    q.bind(2, last);
    while (q.executeStep()) {
        put(data, q.getColumn(0).getInt64());
        put(data, q.getColumn(1).getString());
        put(data, q.getColumn(2).getString());
    }
    return auth::hashHex(data);
}

std::string rollsHashOf(SQLite::Database& db, std::int64_t after, std::int64_t last) {
    std::string data = "etatmajor-rolls-1;";
    SQLite::Statement q(db, "SELECT seq, week, day, phase, subject, purpose, rule, expression, faces, modifier, result, effect, "
                            "COALESCE(side, '-') FROM event_log WHERE seq > ? AND seq <= ? ORDER BY seq");
    q.bind(1, after);
    q.bind(2, last);
    while (q.executeStep())
        for (int c = 0; c < 13; ++c) put(data, q.getColumn(c).getString());
    return auth::hashHex(data);
}

ChainRecord recordOf(SQLite::Statement& q) {
    ChainRecord r;
    r.seq = q.getColumn(0).getInt64();
    r.firstCommand = q.getColumn(1).getInt64();
    r.lastCommand = q.getColumn(2).getInt64();
    r.lastRoll = q.getColumn(3).getInt64();
    r.week = q.getColumn(4).getInt();
    r.day = q.getColumn(5).getInt();
    r.phase = q.getColumn(6).getString();
    r.inputs = q.getColumn(7).getString();
    r.dice = q.getColumn(8).getString();
    r.state = q.getColumn(9).getString();
    r.prev = q.getColumn(10).getString();
    r.hash = q.getColumn(11).getString();
    return r;
}

constexpr const char* kRecordColumns =
    "seq, first_command, last_command, last_roll, week, day, phase, inputs, dice, state, prev, hash";

}  // namespace

std::string ChainRecord::expectedHash() const {
    std::string data = "etatmajor-chain-1;";
    put(data, seq);
    put(data, firstCommand);
    put(data, lastCommand);
    put(data, lastRoll);
    put(data, week);
    put(data, day);
    put(data, phase);
    put(data, inputs);
    put(data, dice);
    put(data, state);
    put(data, prev);
    return auth::hashHex(data);
}

std::vector<ChainRecord> chainRecords(const CampaignStore& store) {
    auto& db = const_cast<SQLite::Database&>(store.impl().db);
    std::vector<ChainRecord> out;
    if (!hasChainTable(db)) return out;
    SQLite::Statement q(db, std::string("SELECT ") + kRecordColumns + " FROM command_chain ORDER BY seq");
    while (q.executeStep()) out.push_back(recordOf(q));
    return out;
}

std::optional<ChainRecord> chainHead(const CampaignStore& store) {
    auto& db = const_cast<SQLite::Database&>(store.impl().db);
    if (!hasChainTable(db)) return std::nullopt;
    SQLite::Statement q(db, std::string("SELECT ") + kRecordColumns + " FROM command_chain ORDER BY seq DESC LIMIT 1");
    if (!q.executeStep()) return std::nullopt;
    return recordOf(q);
}

std::string commandsHash(const CampaignStore& store, std::int64_t first, std::int64_t last) {
    return commandsHashOf(const_cast<SQLite::Database&>(store.impl().db), first, last);
}

std::string rollsHash(const CampaignStore& store, std::int64_t after, std::int64_t last) {
    return rollsHashOf(const_cast<SQLite::Database&>(store.impl().db), after, last);
}

std::string campaignFingerprint(const CampaignStore& store) {
    auto& db = const_cast<SQLite::Database&>(store.impl().db);
    SQLite::Statement q(db, "SELECT name, args FROM command_log ORDER BY seq LIMIT 1");
    if (!q.executeStep()) throw StoreError("DB-EMPTY", "the campaign's command log is empty");
    std::string data = "etatmajor-campaign-1;";
    put(data, q.getColumn(0).getString());
    put(data, q.getColumn(1).getString());
    return auth::hashHex(data);
}

std::string chainSigningText(std::int64_t seq, const std::string& hash) {
    return "etatmajor-chain-head-1;" + std::to_string(seq) + ";" + hash;
}

void storeChainSignature(CampaignStore& store, std::int64_t seq, const std::string& signer, const std::string& signature) {
    store.transaction([&] {
        SQLite::Statement q(store.impl().db, "INSERT OR IGNORE INTO chain_signature (seq, signer, signature) VALUES (?, ?, ?)");
        q.bind(1, seq);
        q.bind(2, signer);
        q.bind(3, auth::toHex(signature));
        q.exec();
    });
}

std::vector<ChainSignature> chainSignatures(const CampaignStore& store) {
    auto& db = const_cast<SQLite::Database&>(store.impl().db);
    std::vector<ChainSignature> out;
    if (!hasChainTable(db)) return out;
    SQLite::Statement q(db, "SELECT seq, signer, signature FROM chain_signature ORDER BY seq");
    while (q.executeStep())
        out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString(),
                       auth::fromHex(q.getColumn(2).getString()).value_or(std::string())});
    return out;
}

void appendChainRecord(SQLite::Database& db, const std::string& state) {
    if (!hasChainTable(db)) return;
    ChainRecord prev;
    bool any = false;
    {
        SQLite::Statement q(db, std::string("SELECT ") + kRecordColumns + " FROM command_chain ORDER BY seq DESC LIMIT 1");
        if (q.executeStep()) {
            prev = recordOf(q);
            any = true;
        }
    }
    const auto lastCommand = db.execAndGet("SELECT COALESCE(MAX(seq), 0) FROM command_log").getInt64();
    const auto lastRoll = db.execAndGet("SELECT COALESCE(MAX(seq), 0) FROM event_log").getInt64();
    if (lastCommand <= prev.lastCommand) return;  // no command since the last record
    ChainRecord r;
    r.seq = prev.seq + 1;
    r.firstCommand = prev.lastCommand + 1;
    r.lastCommand = lastCommand;
    r.lastRoll = lastRoll;
    {
        SQLite::Statement at(db, "SELECT current_week, current_day, current_phase FROM campaign WHERE id = 1");
        if (at.executeStep()) {
            r.week = at.getColumn(0).getInt();
            r.day = at.getColumn(1).getInt();
            r.phase = at.getColumn(2).getString();
        }
    }
    r.inputs = commandsHashOf(db, r.firstCommand, r.lastCommand);
    r.dice = rollsHashOf(db, prev.lastRoll, lastRoll);
    r.state = state;
    r.prev = any ? prev.hash : std::string();
    r.hash = r.expectedHash();
    SQLite::Statement ins(db, std::string("INSERT INTO command_chain (") + kRecordColumns +
                                  ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    ins.bind(1, r.seq);
    ins.bind(2, r.firstCommand);
    ins.bind(3, r.lastCommand);
    ins.bind(4, r.lastRoll);
    ins.bind(5, r.week);
    ins.bind(6, r.day);
    ins.bind(7, r.phase);
    ins.bind(8, r.inputs);
    ins.bind(9, r.dice);
    ins.bind(10, r.state);
    ins.bind(11, r.prev);
    ins.bind(12, r.hash);
    ins.exec();
}

}  // namespace etatmajor::db
