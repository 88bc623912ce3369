// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/db/change_watch.hpp"

#include "etatmajor/db/campaign_store.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <filesystem>

namespace etatmajor::db {

namespace {

// The newest record of the command chain (schema 16 on) and the newest stored checksum: both only ever grow, in the
// transaction of the change itself.
std::string readMark(const std::string& path) {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    // A writer holding the file is waited for only briefly: the window asks again in a moment.
    db.setBusyTimeout(200);
    const bool chain = db.execAndGet("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'command_chain'").getInt() >
                       0;
    SQLite::Statement q(db, chain ? "SELECT (SELECT max(rowid) FROM command_chain), (SELECT max(rowid) FROM state_checksum)"
                                  : "SELECT 0, (SELECT max(rowid) FROM state_checksum)");
    q.executeStep();
    return std::to_string(q.getColumn(0).getInt64()) + ":" + std::to_string(q.getColumn(1).getInt64());
}

}  // namespace

ChangeWatch::ChangeWatch(const std::string& path) : m_path(path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) throw StoreError("DB-NOT-FOUND", path + ": no such campaign database");
    try {
        m_seen = readMark(path);
    } catch (const SQLite::Exception& e) {
        throw StoreError("DB-NOT-CAMPAIGN", path + ": cannot be watched for changes: " + e.what());
    }
}

std::string ChangeWatch::mark() const {
    try {
        return readMark(m_path);
    } catch (const SQLite::Exception&) {
        return {};  // busy, or the file being replaced: asked again at the next tick
    }
}

bool ChangeWatch::changed() {
    const std::string now = mark();
    return !now.empty() && now != m_seen;
}

void ChangeWatch::seen() {
    // When the file cannot be read just now the old mark stays, so the change is noticed (and read) once more.
    if (std::string now = mark(); !now.empty()) m_seen = std::move(now);
}

}  // namespace etatmajor::db
