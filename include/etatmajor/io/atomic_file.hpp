#pragma once

#include <string>
#include <string_view>

namespace etatmajor::io {

// Writes `content` to `path` atomically (temporary file in the same directory, fsync, rename).
// Throws core::FileError on failure; the previous file is left untouched.
void writeFileAtomically(const std::string& path, std::string_view content);

// Reads a whole file; throws core::FileError (code IO-READ) when it cannot.
std::string readWholeFile(const std::string& path);

}  // namespace etatmajor::io
