// SPDX-License-Identifier: GPL-3.0-or-later
// Map file format (XML, schemas/map.xsd, docs/formats/map.md).
#pragma once

#include "etatmajor/core/issue.hpp"
#include "etatmajor/map/map.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::io {

// Version 2 adds <geo> (a map drawn from real geography); a map without it is still written as version 1, which
// programs that know only version 1 read.
inline constexpr int kMapFormatVersion = 2;

struct MapReadResult {
    map::Map map;
    core::IssueList issues;  // recoverable problems found while reading (row lengths etc.), with lines
    // The comments before the <map> element (a map's header: where it came from, how it was made), each without
    // its <!-- -->, so that a program that rewrites the file can keep them.
    std::vector<std::string> headerComments;
};

// Throws core::FileError for unreadable, malformed or too-new files (naming file, line and element).
MapReadResult readMapFile(const std::string& path);
MapReadResult readMapString(std::string_view xml, const std::string& fileName);

// `headerComments` are written before the <map> element, each as one <!-- --> comment.
std::string writeMapString(const map::Map& map, const std::vector<std::string>& headerComments = {});
// Atomic: written to a temporary file beside the target, flushed, then renamed over it.
void writeMapFile(const map::Map& map, const std::string& path, const std::vector<std::string>& headerComments = {});

// Reads and runs every check (reader issues + semantic validation), never throwing for bad content:
// parse failures come back as a single issue.
core::IssueList validateMapFile(const std::string& path);

}  // namespace etatmajor::io
