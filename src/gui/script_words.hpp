// SPDX-License-Identifier: GPL-3.0-or-later
// Words of the scripted GUI runs (the editor's test script and the turn manager's): one command a line, words
// separated by spaces. A malformed line throws std::runtime_error with a message naming what is wrong.
#pragma once

#include <cstddef>
#include <exception>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace etatmajor::gui::script {

[[noreturn]] inline void fail(const std::string& message) { throw std::runtime_error(message); }

inline std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string word; in >> word;) out.push_back(word);
    return out;
}

// The words from `from` on, joined by single spaces.
inline std::string rest(const std::vector<std::string>& w, std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < w.size(); ++i) out += (out.empty() ? "" : " ") + w[i];
    return out;
}

inline void need(const std::vector<std::string>& w, std::size_t n) {
    if (w.size() < n) fail("'" + w[0] + "' needs " + std::to_string(n - 1) + " argument(s)");
}

// Fails unless `found` is `wanted`, naming `what` and both.
inline void expectEqual(const std::string& what, const std::string& found, const std::string& wanted) {
    if (found != wanted) fail(what + " is '" + found + "', expected '" + wanted + "'");
}

inline bool yes(const std::string& s) {
    if (s == "yes" || s == "true" || s == "on") return true;
    if (s == "no" || s == "false" || s == "off") return false;
    fail("expected yes or no, not '" + s + "'");
}

inline int number(const std::string& s) {
    try {
        std::size_t used = 0;
        const int n = std::stoi(s, &used);
        if (used == s.size()) return n;
    } catch (const std::exception&) {
    }
    fail("'" + s + "' is not a whole number");
}

// The command lines of a script's text with their line numbers: blank lines and '#' comments skipped, each line
// trimmed of leading blanks and trailing blanks and carriage returns.
inline std::vector<std::pair<int, std::string>> commandLines(const std::string& text) {
    std::vector<std::pair<int, std::string>> out;
    std::istringstream in(text);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        out.emplace_back(n, line.substr(first));
    }
    return out;
}

}  // namespace etatmajor::gui::script
