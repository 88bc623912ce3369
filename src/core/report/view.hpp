// SPDX-License-Identifier: GPL-3.0-or-later
// Inside the report layer: what every paper of a side starts from (the side's status view, its map and colours),
// and the helpers the papers share. papers.cpp lays out the standing papers, reports.cpp the intelligence and
// battle reports.
#pragma once

#include "etatmajor/map/map.hpp"
#include "etatmajor/report/page.hpp"
#include "etatmajor/report/papers.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace etatmajor::db {
class CampaignStore;
}

namespace etatmajor::report::detail {

struct View {
    std::string side, sideName, campaignName;
    int week = 0, day = 0, lengthWeeks = 0;
    std::string phase, season, startDate;
    nlohmann::ordered_json status, own, enemy;
    map::Map map;
    Colour ownColour, enemyColour;
};

// The side's view of the campaign (view::statusJson for the side). Throws db::StoreError for an unknown side.
View load(const db::CampaignStore& store, const std::string& side);

// A member as text ("" when missing or null); "deployed_defensive" -> "Deployed defensive".
std::string str(const nlohmann::ordered_json& j, const char* key);
std::string pretty(std::string s);

// The running head's second part (side, week, day, phase) and the foot line.
std::string subtitle(const View& v);
std::string footer(const View& v);

Document intelReport(const db::CampaignStore& store, const View& v, const PrintOptions& options);
Document battleReport(const db::CampaignStore& store, const View& v, const PrintOptions& options);

}  // namespace etatmajor::report::detail
