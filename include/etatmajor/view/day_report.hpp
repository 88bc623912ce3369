// SPDX-License-Identifier: GPL-3.0-or-later
// A side's day, told to that side (docs/secrecy.md): its orders and whether they arrived, its moves and where and why
// they stopped, its contacts and sightings, what its scouts reported, and its battles with its own losses. Built from
// the side's own records only; enemy MEs appear as counters (their hex, and their label once turned over), never by
// id, composition, order or die. The host's report tells the same for every side.
#pragma once

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/view/side_view.hpp"

#include <string>
#include <vector>

namespace etatmajor::view {

struct ReportSection {
    std::string title;               // "Orders", "Movement", "Contacts and sightings", "Intelligence", "Battles"
    std::vector<std::string> lines;  // for people
};

struct DayReport {
    Viewer viewer = Viewer::host();
    int week = 0, day = 0;
    std::string weather;  // public: "fine, wind from the south-west, 12 daylight turns"
    std::vector<ReportSection> sections;
};

// The viewer's report of week `week`, day `day` (the current day when both are 0). Throws db::StoreError
// DB-UNKNOWN-SIDE for a side the campaign does not have.
DayReport dayReport(const db::CampaignStore& store, const Viewer& viewer, int week = 0, int day = 0);

std::string dayReportText(const DayReport& report);
std::string dayReportJson(const DayReport& report);

}  // namespace etatmajor::view
