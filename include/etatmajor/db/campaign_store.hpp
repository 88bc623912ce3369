// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign database: the single authority for a running campaign (architecture §6).
// SQLite with a fixed application_id, user_version migrations, WAL and synchronous=FULL.
// SQLiteCpp stays behind this header.
#pragma once

#include "etatmajor/campaign/options.hpp"
#include "etatmajor/campaign/phase.hpp"
#include "etatmajor/campaign/scenario.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/map/map.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace etatmajor::db {

inline constexpr std::int32_t kApplicationId = 0x45544D4A;  // "ETMJ"
int latestSchemaVersion();

// The format of the rows this program writes to the command log (docs/replay.md): 1 = each row holds every input of
// its command, so that `campaign replay` can run it again. Rows logged before the command log was kept whole carry 0.
// A later program that changes what a command's arguments mean raises it; a replay refuses rows of a format it does
// not know.
inline constexpr int kCommandLogFormat = 1;

// A database that is not an Etat-Major campaign, is damaged, or was written by a newer program.
class StoreError : public std::runtime_error {
public:
    StoreError(std::string code, const std::string& message) : std::runtime_error(message), m_code(std::move(code)) {}
    const std::string& code() const { return m_code; }

private:
    std::string m_code;
};

// A failure of the database under a command (`e` as thrown by the core) as the campaign's own error naming `path`:
// the StoreError itself, or an SQLite failure as DB-BUSY (another program kept the file busy past the timeout),
// DB-CORRUPT, DB-READONLY, DB-FULL or DB-IO. Nothing for other exceptions. Front ends use it so that no library's
// message reaches the user.
std::optional<StoreError> storeErrorOf(const std::exception& e, const std::string& path);

// One row of the command log, as stored.
struct CommandLogRow {
    std::int64_t seq = 0;
    std::string name;
    std::string args;    // JSON: every input of the command (format 1)
    std::string result;  // JSON: what it did (lines for people, and what it decided)
    int week = 0, day = 0;
    std::string phase;  // where the campaign stood once the command was done
    int format = 0;
};

struct CampaignInfo {
    std::string scenarioId;
    std::string name;
    std::string theatre;
    int year = 0;
    int lengthWeeks = 21;
    std::string startSeason;
    int seasonWeek = 1;
    std::string startDate;
    std::uint64_t seed = 0;
    int week = 1;
    int day = 1;
    campaign::Phase phase = campaign::Phase::W1;  // the next phase to run
    std::string mapId;
};

class CampaignStore {
public:
    ~CampaignStore();
    CampaignStore(CampaignStore&&) noexcept;
    CampaignStore& operator=(CampaignStore&&) noexcept;

    // What opening checks besides the file's structure: the state against its stored checksum (Full), or not
    // (SkipChecksum: only for `campaign check`, which reports a mismatch itself, and for accepting a state).
    enum class OpenCheck { Full, SkipChecksum };
    // Opens an existing campaign, migrating an older schema in place. Everything is checked through a read-only
    // connection before anything is written (docs/design.md "The campaign database"). Throws StoreError naming the
    // file: DB-NOT-FOUND, DB-NOT-CAMPAIGN (empty, not SQLite, another program's, no campaign), DB-TOO-NEW,
    // DB-CORRUPT (truncated, damaged pages, a schema version or tables no Etat-Major program writes), DB-CHECKSUM (the
    // state does not match its checksum), DB-OLD, DB-READONLY, DB-BUSY.
    static CampaignStore open(const std::string& path, bool readOnly = false, OpenCheck how = OpenCheck::Full);
    // A new empty database with the latest schema (":memory:" for tests). Fails if the file exists.
    static CampaignStore create(const std::string& path);

    int schemaVersion() const;
    // Runs f inside one write transaction: everything or nothing (architecture §6), with the checksum of the
    // resulting state recorded before it commits. Waits for another program's write (ETATMAJOR_BUSY_TIMEOUT_MS, 30 s
    // by default), then throws StoreError DB-BUSY. Called inside f (or inside another call's f), it joins the
    // transaction already open: a command runs the engine's steps, each of which guards itself with a transaction,
    // as one transaction of its own (engine/commands.hpp).
    void transaction(const std::function<void()>& f);

    // An in-memory copy of the campaign as it stands, for trying a command without touching the campaign
    // (engine::validate). Its transactions record no checksum. Works on a store opened read-only.
    CampaignStore scratchCopy() const;

    CampaignInfo info() const;
    campaign::Options options() const;
    map::Map loadMap() const;

    // Dice: the persistent seeded generator and the event log.
    std::uint64_t rngState() const;
    void setRngState(std::uint64_t state);
    std::int64_t nextRollSequence() const;
    dice::LogSink& rollLog();
    std::vector<dice::RollRecord> rolls() const;

    // Command log: every state change as a replayable command (name + JSON arguments holding all of its inputs,
    // format kCommandLogFormat); returns the row's sequence number. The engine's commands log themselves
    // (engine/commands.hpp).
    std::int64_t logCommand(const std::string& name, const std::string& argsJson, const std::string& resultJson);
    std::vector<CommandLogRow> commandLog() const;

    // From now on, reads every table of the state from the file at every load, writes every row at every save and
    // hashes every table at every commit, as if nothing had been read or hashed before: what the store's caches
    // (performance.md P2) must always agree with. For the tests that compare the two.
    void disableCaches();

    // Raw access for the core's own modules (src/core/db); not part of the public API.
    struct Impl;
    Impl& impl() { return *m_impl; }
    const Impl& impl() const { return *m_impl; }

private:
    explicit CampaignStore(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace etatmajor::db
