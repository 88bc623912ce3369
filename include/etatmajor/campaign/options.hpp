// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign options: every variant key of the rule specifications, with its default.
// etat-major.md §17 (variant key index) and tactical-resolver.md §2.23 (resolver parameters, prefixed "tactical.").
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace etatmajor::campaign {

enum class OptionKind { Choice, NonNegativeInteger };

struct OptionSpec {
    std::string_view key;
    std::string_view defaultValue;
    std::vector<std::string_view> choices;  // Choice: allowed values, default first
    OptionKind kind;
    std::string_view rule;  // spec reference, e.g. "etat-major.md G-76"
};

// All known options in a fixed order.
const std::vector<OptionSpec>& optionCatalogue();
const OptionSpec* findOption(std::string_view key);
// Allowed values the engine does not apply yet: Options::set refuses them, naming the key and the value.
const std::vector<std::pair<std::string_view, std::string_view>>& notAppliedValues();
bool isApplied(std::string_view key, std::string_view value);

// A complete option set: every catalogue key has a value.
class Options {
public:
    Options();  // all defaults

    // Returns an error message (naming the key and the allowed values) or nullopt when applied.
    std::optional<std::string> set(std::string_view key, std::string_view value);
    // "key=value"
    std::optional<std::string> parseAndSet(std::string_view assignment);

    const std::string& get(std::string_view key) const;
    bool is(std::string_view key, std::string_view value) const { return get(key) == value; }
    int integer(std::string_view key) const;

    // Sorted by key: a defined order for storage and display.
    const std::map<std::string, std::string, std::less<>>& values() const { return m_values; }
    // Keys whose value differs from the default.
    std::vector<std::string> changed() const;

private:
    std::map<std::string, std::string, std::less<>> m_values;
};

}  // namespace etatmajor::campaign
