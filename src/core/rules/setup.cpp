// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/setup.hpp"

namespace etatmajor::rules {

using namespace campaign;

Season startingSeason(int total, const Options& o) {
    if (o.is("season_table", "body")) {  // Summer 2–8, Autumn 9–15, Winter 16–20, Spring 21–24
        if (total <= 8) return Season::Summer;
        if (total <= 15) return Season::Autumn;
        if (total <= 20) return Season::Winter;
        return Season::Spring;
    }
    // chart: Summer 4–9, Autumn 10–14, Winter 15–18, Spring 19–24
    if (total <= 9) return Season::Summer;
    if (total <= 14) return Season::Autumn;
    if (total <= 18) return Season::Winter;
    return Season::Spring;
}

Rating staffQuality(StaffRow row, int face, const Options& o) {
    switch (row) {
        case StaffRow::France: return face == 1 ? Rating::Inept : face == 6 ? Rating::Exceptional : Rating::Capable;
        case StaffRow::EnglishHessian: return face <= 2 ? Rating::Inept : face == 6 ? Rating::Exceptional : Rating::Capable;
        case StaffRow::American: return face <= 3 ? Rating::Inept : face == 6 ? Rating::Exceptional : Rating::Capable;
        case StaffRow::Other: {
            const int ineptMax = o.is("other_staff_table", "inept_1") ? 1 : 2;  // G-101
            return face <= ineptMax ? Rating::Inept : Rating::Capable;
        }
    }
    return Rating::Capable;
}

}  // namespace etatmajor::rules
