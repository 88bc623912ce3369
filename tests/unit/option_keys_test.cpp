// SPDX-License-Identifier: GPL-3.0-or-later
// Every option key and value the sources name as a literal is one of the option catalogue's (campaign/options.hpp).
// Options::is("key", "value") answers false for a value the catalogue does not have, and a key misspelt in get() only
// throws when that line runs: a misspelling would silently switch a rule variant off. This test reads every source
// file under src/ and checks each literal it finds in
//   .is("key", "value")   .set("key", "value")   .get("key")   .integer("key")
// and, for `const std::string& x = options.get("key");`, the literals `x` is compared with (== or !=) in the lines
// that follow in the same function.
#include "etatmajor/campaign/options.hpp"
#include "test_paths.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

using namespace etatmajor;

namespace {

struct OptionUse {
    std::string file;
    int line = 0;
    std::string call;  // is, set, get, integer, or "==" for a value compared with what get() returned
    std::string key;
    std::optional<std::string> value;
};

int lineAt(std::string_view text, std::size_t pos) {
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(pos), '\n'));
}

void skipSpace(std::string_view text, std::size_t& pos) {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
}

// A string literal at `pos` (after blanks), moving past it; nothing when there is none.
std::optional<std::string> literal(std::string_view text, std::size_t& pos) {
    skipSpace(text, pos);
    if (pos >= text.size() || text[pos] != '"') return std::nullopt;
    std::string out;
    for (++pos; pos < text.size() && text[pos] != '"'; ++pos) {
        if (text[pos] == '\\' || text[pos] == '\n') return std::nullopt;  // escapes never occur in keys and values
        out += text[pos];
    }
    if (pos >= text.size()) return std::nullopt;
    ++pos;
    return out;
}

bool punct(std::string_view text, std::size_t& pos, char c) {
    skipSpace(text, pos);
    if (pos >= text.size() || text[pos] != c) return false;
    ++pos;
    return true;
}

bool identifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Every literal option key and value of `text` (the contents of `file`).
std::vector<OptionUse> findOptionUses(const std::string& file, std::string_view text) {
    std::vector<OptionUse> out;
    for (const std::string call : {"is", "set", "get", "integer"}) {
        const std::string needle = "." + call + "(";
        const bool pair = call == "is" || call == "set";
        for (auto at = text.find(needle); at != std::string_view::npos; at = text.find(needle, at + 1)) {
            std::size_t pos = at + needle.size();
            const auto key = literal(text, pos);
            if (!key) continue;  // a key held in a variable: not checked here
            OptionUse use{file, lineAt(text, at), call, *key, std::nullopt};
            if (pair) {
                if (!punct(text, pos, ',')) continue;
                use.value = literal(text, pos);
                if (!use.value) continue;
            }
            if (!punct(text, pos, ')')) continue;
            out.push_back(use);
            if (call != "get") continue;
            // `name = <...>.get("key")`: the literals `name` is compared with until the function ends (a line that
            // starts with '}').
            std::size_t back = at;
            while (back > 0 && text[back - 1] != '=' && text[back - 1] != '\n' && text[back - 1] != ';') --back;
            if (back == 0 || text[back - 1] != '=') continue;
            std::size_t nameEnd = back - 1;
            while (nameEnd > 0 && std::isspace(static_cast<unsigned char>(text[nameEnd - 1]))) --nameEnd;
            std::size_t nameStart = nameEnd;
            while (nameStart > 0 && identifierChar(text[nameStart - 1])) --nameStart;
            const std::string name(text.substr(nameStart, nameEnd - nameStart));
            if (name.empty()) continue;
            auto end = text.find("\n}", pos);
            if (end == std::string_view::npos) end = text.size();
            for (auto n = text.find(name, pos); n != std::string_view::npos && n < end; n = text.find(name, n + name.size())) {
                if ((n > 0 && identifierChar(text[n - 1])) || identifierChar(text[n + name.size()])) continue;
                std::size_t p = n + name.size();
                skipSpace(text, p);
                if (text.compare(p, 2, "==") != 0 && text.compare(p, 2, "!=") != 0) continue;
                p += 2;
                if (const auto value = literal(text, p)) out.push_back({file, lineAt(text, n), "==", *key, value});
            }
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const OptionUse& a, const OptionUse& b) { return a.line < b.line; });
    return out;
}

bool wholeNumber(std::string_view v) {
    return !v.empty() && std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// What is wrong with one use, or nothing.
std::optional<std::string> problemOf(const OptionUse& use) {
    std::string key = use.key;
    const campaign::OptionSpec* spec = campaign::findOption(key);
    // Options::set() and the resolver's Params::set() share the call name; the resolver's keys are the catalogue's
    // "tactical." keys without the prefix.
    if (!spec && use.call == "set") spec = campaign::findOption("tactical." + key);
    if (!spec) return "'" + key + "' is no option of the catalogue";
    if (use.call == "integer" && spec->kind != campaign::OptionKind::NonNegativeInteger &&
        !std::all_of(spec->choices.begin(), spec->choices.end(), wholeNumber))
        return "option '" + key + "' is not a number";
    if (!use.value) return std::nullopt;
    if (spec->kind == campaign::OptionKind::NonNegativeInteger)
        return wholeNumber(*use.value)
                   ? std::nullopt
                   : std::optional<std::string>("option '" + key + "' takes a whole number, not '" + *use.value + "'");
    if (std::find(spec->choices.begin(), spec->choices.end(), *use.value) != spec->choices.end()) return std::nullopt;
    std::string allowed;
    for (const auto c : spec->choices) allowed += (allowed.empty() ? "" : ", ") + std::string(c);
    return "option '" + key + "' cannot be '" + *use.value + "' (allowed: " + allowed + ")";
}

std::vector<std::string> problemsOf(const std::vector<OptionUse>& uses) {
    std::vector<std::string> out;
    for (const auto& use : uses)
        if (const auto p = problemOf(use)) out.push_back(use.file + ":" + std::to_string(use.line) + ": " + use.call + ": " + *p);
    return out;
}

}  // namespace

TEST_CASE("the option scan finds misspelt keys and values, and only those", "[options]") {
    const std::string text = R"(
bool f(const Options& o) {
    if (o.is("initiative_decline", "not_allowed")) return true;      // sound
    if (o.is("initiative_declne", "not_allowed")) return true;       // key misspelt
    if (o.is("initiative_decline",
             "not-allowed")) return true;                            // value misspelt, across lines
    const std::string& rule = o.get("mislead");
    if (rule == "body_pm2" || rule != "chart_pm0to3") return false;  // sound
    if (rule == "chart_pm1to3") return false;                        // value misspelt, after get()
    const int cap = o.integer("surround_extra_cap");                 // sound
    const int bad = o.integer("loc_trace");                          // not a number
    o.set("decoy_effects", "cuts_loc");                              // sound
    o.set("counterattack_ratio", "0");                               // the resolver's key, sound
    o.set("surround_extra_cap", "two");                              // not a number
    return o.is(key, "x") || o.get(name) == "y";                     // not literals: left alone
}
bool g(const std::string& rule) { return rule == "not_an_option_value"; }  // another function's `rule`
)";
    const auto uses = findOptionUses("example.cpp", text);
    CHECK(uses.size() == 12);
    const auto problems = problemsOf(uses);
    CHECK(problems ==
          std::vector<std::string>{
              "example.cpp:4: is: 'initiative_declne' is no option of the catalogue",
              "example.cpp:5: is: option 'initiative_decline' cannot be 'not-allowed' (allowed: allowed, not_allowed)",
              "example.cpp:9: ==: option 'mislead' cannot be 'chart_pm1to3' (allowed: body_pm2, chart_pm1to3_mandatory, chart_pm0to3)",
              "example.cpp:11: integer: option 'loc_trace' is not a number",
              "example.cpp:14: set: option 'surround_extra_cap' takes a whole number, not 'two'",
          });
}

TEST_CASE("every option key and value named in the sources is in the option catalogue", "[options]") {
    const auto root = std::filesystem::path(ETATMAJOR_SOURCE_DIR);
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::recursive_directory_iterator(root / "src"))
        if (e.is_regular_file() && (e.path().extension() == ".cpp" || e.path().extension() == ".hpp")) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() > 100);
    std::vector<OptionUse> uses;
    for (const auto& f : files) {
        std::ifstream in(f, std::ios::binary);
        const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        for (auto& use : findOptionUses(f.lexically_relative(root).generic_string(), text)) uses.push_back(std::move(use));
    }
    // The scan sees the sources: a rule that reads its variant by is(), and one that compares what get() returned.
    const auto found = [&](const std::string& file, const std::string& key, const std::string& value) {
        return std::any_of(uses.begin(), uses.end(),
                           [&](const OptionUse& u) { return u.file == file && u.key == key && u.value == value; });
    };
    CHECK(found("src/core/engine/turn.cpp", "initiative_decline", "not_allowed"));
    CHECK(found("src/core/rules/intel.cpp", "mislead", "chart_pm1to3_mandatory"));
    const auto problems = problemsOf(uses);
    for (const auto& p : problems) UNSCOPED_INFO(p);
    CHECK(problems.empty());
}
