// SPDX-License-Identifier: GPL-3.0-or-later
// Noticing that a campaign database was changed by another program (etatmajor-cli advance run from a shell, the
// host's script, another window) while a window shows it. Every command that changes a campaign appends a record to
// its chain (command_chain) in the same transaction, and every change of the state stores a checksum; the newest of
// each, read on a short read-only connection, is the campaign's mark. Asking costs one small query: nothing else of
// the file is read unless the mark moved.
//
// Why not SQLite's PRAGMA data_version on one connection kept open: it counts the commits of other connections, but in
// a process that also opens and closes connections of its own on the same file (as the windows do for every view), the
// kept connection was found to miss the commits of other programs made after such a close. A fresh connection for
// each question has no such history.
#pragma once

#include <memory>
#include <string>

namespace etatmajor::db {

class ChangeWatch {
public:
    // Watches the campaign at `path`, its mark as it stands now taken as seen. Throws StoreError (DB-NOT-FOUND,
    // DB-NOT-CAMPAIGN) when it cannot be read.
    explicit ChangeWatch(const std::string& path);

    // Whether a change was committed to the campaign since the watch was made or since the last seen(). A database
    // kept busy by a writer counts as unchanged until the next question.
    bool changed();
    // Takes the campaign as it stands now as seen: called just before the window reads it again, so that its own
    // writes, read back then, are not taken for another program's.
    void seen();

private:
    std::string mark() const;  // empty when the file could not be read just now

    std::string m_path;
    std::string m_seen;
};

}  // namespace etatmajor::db
