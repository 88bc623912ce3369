// SPDX-License-Identifier: GPL-3.0-or-later
// Orders file format (XML, schemas/orders.xsd, docs/formats/orders.md).
#pragma once

#include "etatmajor/campaign/orders.hpp"

#include <string>
#include <string_view>

namespace etatmajor::io {

inline constexpr int kOrdersFormatVersion = 1;

// Throws core::FileError (file, line, element) for malformed, too-new or misspelled files.
campaign::OrdersFile readOrdersFile(const std::string& path);
campaign::OrdersFile readOrdersString(std::string_view xml, const std::string& fileName);
std::string writeOrdersString(const campaign::OrdersFile& orders);

}  // namespace etatmajor::io
