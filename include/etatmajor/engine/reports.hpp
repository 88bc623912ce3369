// SPDX-License-Identifier: GPL-3.0-or-later
// The CLI's renderings of a side's LOCs and supply (etat-major.md §9), as JSON (--json) or text. Both render the typed
// per-side reports of view/supply_view.hpp: a side sees only its own MEs and sources.
#pragma once

#include "etatmajor/db/campaign_store.hpp"

#include <string>

namespace etatmajor::engine {

// Every ME of `side` with LOC yes/no, its supply source, the path as hexes, and what cuts it (traced now).
// Throws db::StoreError DB-UNKNOWN-SIDE for a side the campaign does not have.
std::string locJson(const db::CampaignStore& store, const std::string& side);
std::string locText(const db::CampaignStore& store, const std::string& side);

// Every source the side holds with its weekly value and who draws on it, forage, the primary grant, and this
// week's ledger with its balance.
std::string supplyJson(const db::CampaignStore& store, const std::string& side);
std::string supplyText(const db::CampaignStore& store, const std::string& side);

}  // namespace etatmajor::engine
