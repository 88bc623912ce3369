// SPDX-License-Identifier: GPL-3.0-or-later
// Rolls made when a campaign is set up or forces are raised (etat-major.md §8.1.1, §13.3; G-10, G-101).
#pragma once

#include "etatmajor/campaign/options.hpp"
#include "etatmajor/campaign/scenario.hpp"

namespace etatmajor::rules {

// §8.1.1 starting season from a 4d6 total, by the bands of option season_table (G-10).
campaign::Season startingSeason(int total, const campaign::Options& options);

// §13.3 staff quality from 1d6 on the nationality's row (G-101 and option other_staff_table for the "Other" row).
campaign::Rating staffQuality(campaign::StaffRow row, int face, const campaign::Options& options);

}  // namespace etatmajor::rules
