// SPDX-License-Identifier: GPL-3.0-or-later
// Every row of every table of a campaign database as text, table by table, for tests that compare two campaigns
// (a campaign and its replay): the state digest says whether they differ, the dump says where.
#pragma once

#include <SQLiteCpp/SQLiteCpp.h>

#include <map>
#include <string>
#include <vector>

namespace etatmajor::test {

// Table name -> its rows, each as SQL literals (quote()) joined by '|', sorted by every column in turn. Every table
// but SQLite's own, state_checksum included (it is not part of the state digest).
inline std::map<std::string, std::vector<std::string>> dumpTables(const std::string& path) {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    std::vector<std::string> tables;
    {
        SQLite::Statement q(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                                "ORDER BY name");
        while (q.executeStep()) tables.push_back(q.getColumn(0).getString());
    }
    std::map<std::string, std::vector<std::string>> out;
    for (const auto& t : tables) {
        std::vector<std::string> columns;
        {
            SQLite::Statement q(db, "SELECT name FROM pragma_table_info(?) ORDER BY cid");
            q.bind(1, t);
            while (q.executeStep()) columns.push_back(q.getColumn(0).getString());
        }
        std::string select;
        for (std::size_t i = 0; i < columns.size(); ++i)
            select += (i ? " || '|' || " : "") + std::string("quote(\"") + columns[i] + "\")";
        // The literals first, then the columns to order by (ORDER BY n names the n-th result column).
        std::string columnsList;
        for (const auto& c : columns) columnsList += ", \"" + c + "\"";
        std::string orderBy;
        for (std::size_t i = 0; i < columns.size(); ++i) orderBy += (i ? ", " : "") + std::to_string(i + 2);
        SQLite::Statement q(db, "SELECT " + select + columnsList + " FROM \"" + t + "\" ORDER BY " + orderBy);
        auto& rows = out[t];
        while (q.executeStep()) rows.push_back(q.getColumn(0).getString());
    }
    return out;
}

// The tables whose rows differ between two dumps, each with its first differing row (or a count), for a message.
inline std::vector<std::string> dumpDifferences(const std::map<std::string, std::vector<std::string>>& a,
                                                const std::map<std::string, std::vector<std::string>>& b) {
    std::vector<std::string> out;
    for (const auto& [table, rows] : a) {
        const auto it = b.find(table);
        if (it == b.end()) {
            out.push_back(table + ": missing from the second");
            continue;
        }
        if (rows == it->second) continue;
        std::string what = table + ": " + std::to_string(rows.size()) + " rows against " + std::to_string(it->second.size());
        for (std::size_t i = 0; i < rows.size() && i < it->second.size(); ++i)
            if (rows[i] != it->second[i]) {
                what += "; first difference at row " + std::to_string(i + 1) + ":\n  " + rows[i].substr(0, 300) + "\n  " +
                        it->second[i].substr(0, 300);
                break;
            }
        out.push_back(what);
    }
    for (const auto& [table, rows] : b)
        if (!a.count(table)) out.push_back(table + ": missing from the first");
    return out;
}

}  // namespace etatmajor::test
