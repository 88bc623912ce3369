// Shared pieces of the libFuzzer targets (docs/fuzzing.md): a scratch directory of the process's own, the input
// written to a file there (every target reads through the same file functions as etatmajor-cli), and the rule for
// what a bad input may do.
#pragma once

#include "etatmajor/core/issue.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace etatmajor::fuzz {

// A directory under the system temporary directory that belongs to this process alone; removed at exit.
const std::string& scratchDir();

// Writes the input to `name` inside scratchDir(), replacing what was there, and returns its path.
std::string writeInput(const std::string& name, const std::uint8_t* data, std::size_t size);

// Removes `path` and the journal, WAL and shared-memory files SQLite may have left beside it.
void removeDatabase(const std::string& path);

// A file of the source tree (the fixtures some targets need), given relative to its root.
std::string sourcePath(const std::string& relative);

// Whether ETATMAJOR_FUZZ_VERBOSE=1 is set: each input then says on standard error how it ended (to see what a
// regression input does: scripts/fuzz.sh --replay).
bool verbose();
// In verbose mode, prints the issues a reader or a check returned.
void report(const core::IssueList& issues);

// Runs one step of an input. A bad input may end in the errors the readers and the store promise
// (core::FileError, db::StoreError); that is a clean refusal. Any other exception that escapes is a raw library
// error that would reach the user: it is reported and, when ETATMAJOR_FUZZ_STRICT=1 is set, treated as a finding
// (abort, so libFuzzer saves the input). Crashes, sanitizer reports and leaks are findings in every mode.
void runOne(const std::function<void()>& step);

}  // namespace etatmajor::fuzz
