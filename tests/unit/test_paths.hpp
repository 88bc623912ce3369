// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <string>

namespace etatmajor::test {

inline std::string sourcePath(const std::string& relative) {
    return (std::filesystem::path(ETATMAJOR_SOURCE_DIR) / relative).string();
}

// A fresh, empty scratch directory under the system temp dir, unique per test name.
inline std::filesystem::path scratchDir(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / ("etatmajor-test-" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace etatmajor::test
