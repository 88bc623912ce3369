// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/core/issue.hpp"

#include "etatmajor/core/text.hpp"

#include <algorithm>

namespace etatmajor::core {

std::string Issue::format() const {
    std::string out;
    if (!file.empty()) {
        out += file;
        if (line > 0) out += ":" + std::to_string(line);
        out += ": ";
    }
    out += severity == Severity::Error ? "error" : "warning";
    if (!code.empty()) out += " " + code;
    out += ": " + message;
    if (where) out += " [" + *where + "]";
    return out;
}

void IssueList::add(Issue issue) {
    issue.message = tidyMessage(issue.message);
    if (issue.where) issue.where = shorten(*issue.where);
    m_issues.push_back(std::move(issue));
}

void IssueList::error(std::string code, std::string message, int line, std::optional<std::string> where) {
    add({Severity::Error, std::move(code), std::move(message), {}, line, std::move(where)});
}

void IssueList::warning(std::string code, std::string message, int line, std::optional<std::string> where) {
    add({Severity::Warning, std::move(code), std::move(message), {}, line, std::move(where)});
}

void IssueList::setFile(const std::string& file) {
    for (auto& i : m_issues)
        if (i.file.empty()) i.file = file;
}

void IssueList::append(const IssueList& other) { m_issues.insert(m_issues.end(), other.m_issues.begin(), other.m_issues.end()); }

bool IssueList::hasErrors() const {
    return std::any_of(m_issues.begin(), m_issues.end(), [](const Issue& i) { return i.severity == Severity::Error; });
}

bool IssueList::hasCode(const std::string& code) const {
    return std::any_of(m_issues.begin(), m_issues.end(), [&](const Issue& i) { return i.code == code; });
}

FileError::FileError(std::string file, int line, std::string element, std::string code, const std::string& message)
    : std::runtime_error(tidyMessage(message)),
      m_file(std::move(file)),
      m_line(line),
      m_element(std::move(element)),
      m_code(std::move(code)) {}

namespace {
const Issue& firstError(const IssueList& problems) {
    for (const auto& i : problems.items())
        if (i.severity == Severity::Error) return i;
    return problems.items().front();
}
}  // namespace

FileError::FileError(const std::string& file, const IssueList& problems)
    : std::runtime_error(firstError(problems).message),
      m_file(firstError(problems).file.empty() ? file : firstError(problems).file),
      m_line(firstError(problems).line),
      m_code(firstError(problems).code) {
    for (auto i : problems.items()) {
        if (i.file.empty()) i.file = file;
        m_all.push_back(std::move(i));
    }
}

Issue FileError::toIssue() const {
    std::string msg = what();
    if (!m_element.empty()) msg = "<" + m_element + ">: " + msg;
    if (m_all.size() > 1) msg += " (and " + std::to_string(m_all.size() - 1) + " more problem" + (m_all.size() > 2 ? "s" : "") + ")";
    return {Severity::Error, m_code, msg, m_file, m_line, std::nullopt};
}

IssueList FileError::issues() const {
    IssueList out;
    if (m_all.empty()) out.add(toIssue());
    for (const auto& i : m_all) out.add(i);
    return out;
}

}  // namespace etatmajor::core
