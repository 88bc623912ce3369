// SPDX-License-Identifier: GPL-3.0-or-later
// Renders a laid-out document to a PDF file, headless (cairo and pango stay behind this header).
#pragma once

#include "etatmajor/report/page.hpp"

#include <stdexcept>
#include <string>

namespace etatmajor::report {

class RenderError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Writes every page of `document` to `path`. Throws RenderError when the file cannot be written.
void renderPdf(const Document& document, const std::string& path);

}  // namespace etatmajor::report
