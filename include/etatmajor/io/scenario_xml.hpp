// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign (scenario) file format (XML, schemas/campaign.xsd, docs/formats/campaign.md).
#pragma once

#include "etatmajor/campaign/scenario.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/map/map.hpp"

#include <string>
#include <string_view>

namespace etatmajor::io {

inline constexpr int kCampaignFormatVersion = 1;

// Throws core::FileError for unreadable, malformed or too-new files, and for bad option values.
campaign::Scenario readScenarioFile(const std::string& path);
campaign::Scenario readScenarioString(std::string_view xml, const std::string& fileName, const std::string& baseDir);

// Writes a campaign file that reads back to the same scenario; options equal to their defaults are left out.
std::string writeScenarioString(const campaign::Scenario& scenario);
// Atomic: temporary file beside the target, then renamed over it.
void writeScenarioFile(const campaign::Scenario& scenario, const std::string& path);

// Semantic checks against the map: ids, references, placements, supply sources, objectives (docs/formats/campaign.md).
core::IssueList validateScenario(const campaign::Scenario& scenario, const map::Map& map);

// A purchase with the primary-LOC grant (schemas/purchase.xsd): new MEs, each with one new formation.
struct PurchaseItem {
    campaign::MeDef me;
    campaign::FormationDef formation;
};
struct Purchase {
    std::string file;
    std::string side;
    std::vector<PurchaseItem> items;
    std::string text;  // the file's text as read (UTF-8); empty for a purchase made in code
};
inline constexpr int kPurchaseFormatVersion = 1;
Purchase readPurchaseFile(const std::string& path);
Purchase readPurchaseString(std::string_view text, const std::string& fileName);
// A purchase file that reads back to the same purchase.
std::string writePurchaseString(const Purchase& purchase);

// Reads a campaign file and its map and runs every check, never throwing for bad content.
core::IssueList validateCampaignFile(const std::string& path);

// Resolves an ME placement or objective to an axial hex on the map; nullopt when it names nothing on the map.
std::optional<hex::Hex> placementHex(const campaign::MeDef& me, const campaign::SideDef& side, const map::Map& map);
std::optional<hex::Hex> objectiveHex(const campaign::ObjectiveDef& o, const map::Map& map);

}  // namespace etatmajor::io
