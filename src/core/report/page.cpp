// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/report/page.hpp"

namespace etatmajor::report {

PageDimensions pageDimensions(PaperSize paper) {
    switch (paper) {
        case PaperSize::Letter: return {612.0, 792.0};  // 8.5 x 11 in
        case PaperSize::A4: break;
    }
    return {595.2756, 841.8898};  // 210 x 297 mm
}

std::string_view paperSizeName(PaperSize paper) { return paper == PaperSize::Letter ? "letter" : "a4"; }

std::optional<PaperSize> paperSizeFromName(std::string_view name) {
    if (name == "a4" || name == "A4") return PaperSize::A4;
    if (name == "letter" || name == "Letter") return PaperSize::Letter;
    return std::nullopt;
}

}  // namespace etatmajor::report
