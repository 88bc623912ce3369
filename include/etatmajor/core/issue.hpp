// SPDX-License-Identifier: GPL-3.0-or-later
// The core's narrow port for reporting problems: a list of coded issues, never a dialog.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace etatmajor::core {

enum class Severity { Warning, Error };

struct Issue {
    Severity severity = Severity::Error;
    std::string code;                  // stable identifier, e.g. "MAP-ROUTE-OFFMAP"; documented in docs/formats/
    std::string message;               // complete sentence for a person
    std::string file;                  // empty when not known
    int line = 0;                      // 0 when not known
    std::optional<std::string> where;  // hex ("col,row"), ME id or field, when there is one

    // "FILE:LINE: error CODE: message" (parts omitted when unknown).
    std::string format() const;
};

// Every message and place that enters a list is tidied (core::tidyMessage): long values are cut, stray bytes shown
// as \xNN, so what a file holds never reaches the terminal unbounded.
class IssueList {
public:
    void add(Issue issue);
    void error(std::string code, std::string message, int line = 0, std::optional<std::string> where = {});
    void warning(std::string code, std::string message, int line = 0, std::optional<std::string> where = {});
    void setFile(const std::string& file);
    void append(const IssueList& other);

    const std::vector<Issue>& items() const { return m_issues; }
    bool empty() const { return m_issues.empty(); }
    std::size_t size() const { return m_issues.size(); }
    bool hasErrors() const;
    bool hasCode(const std::string& code) const;

private:
    std::vector<Issue> m_issues;
};

// A file that cannot be read or parsed. Carries the file, line and element so the CLI can print "FILE:LINE:".
// A reader that found several problems throws one FileError holding all of them (issues()); the first is the one
// its file, line and message describe.
class FileError : public std::runtime_error {
public:
    FileError(std::string file, int line, std::string element, std::string code, const std::string& message);
    // Every error of `problems` (which must hold one); each without a file is given `file`.
    FileError(const std::string& file, const IssueList& problems);
    const std::string& file() const { return m_file; }
    int line() const { return m_line; }
    const std::string& element() const { return m_element; }
    const std::string& code() const { return m_code; }
    // The first problem; when there are more, its message says how many.
    Issue toIssue() const;
    // Every problem, in the order found.
    IssueList issues() const;

private:
    std::string m_file;
    int m_line;
    std::string m_element;
    std::string m_code;
    std::vector<Issue> m_all;  // empty when the error is a single problem
};

}  // namespace etatmajor::core
