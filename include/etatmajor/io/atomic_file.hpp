// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace etatmajor::io {

// Writes `content` to `path` atomically (temporary file in the same directory, fsync, rename).
// Throws core::FileError on failure; the previous file is left untouched.
void writeFileAtomically(const std::string& path, std::string_view content);

// Reads a whole file; throws core::FileError (code IO-READ) when it cannot.
std::string readWholeFile(const std::string& path);

// Reads an input file (map, campaign, orders, battle, battle result, purchase) of at most `maxBytes` bytes
// (limits::kFileBytes, docs/formats/limits.md); a larger one is refused (IO-TOO-LARGE) without being read whole.
std::string readInputFile(const std::string& path, std::size_t maxBytes);

// An XML input file's text as its reader sees it: UTF-8, a file declared ISO-8859-1 or Windows-1252 converted (its
// declaration then says UTF-8). What a command logs of a file it was given. Throws core::FileError naming `fileName`
// when the text cannot be read (docs/formats/limits.md). Running it on its own result changes nothing.
std::string decodeXmlText(std::string_view raw, const std::string& fileName);

// `text` written into an XML file that a program makes (a tabletop result, a purchase): &, <, > and " as entities,
// so that an attribute value or an element's text reads back as it was.
std::string xmlEscaped(std::string_view text);

}  // namespace etatmajor::io
