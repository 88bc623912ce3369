// SPDX-License-Identifier: GPL-3.0-or-later
// Water transport in the daily movement (etat-major.md §11.1, §11.2; G-96, G-97).
#pragma once

#include "etatmajor/campaign/state.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <string>
#include <vector>

namespace etatmajor::engine {

// SP of water transport the side can use this week in hex `h`: the UA's own craft (§11.1 table, once a week, unless
// destroyed) and built transport ready there (G-97), combinable in one hex (G-96).
int transportAvailable(SQLite::Database& db, const campaign::CampaignState& state, const std::string& side, hex::Hex h);

// D5: an ME whose order embarks it (or that is afloat) moves by water instead of marching: it takes the transport it
// needs at its hex (G-96), moves up to 8 hexes of navigable water less 1 for embarking and 1 for landing (§11.2),
// and lands when the order says disembark. Returns false when the ME neither embarks nor is afloat.
bool moveByWater(SQLite::Database& db, campaign::CampaignState& state, campaign::MeState& me, const std::vector<hex::Hex>& route,
                 std::vector<std::string>& lines);

// Whether the ME is on the water.
bool afloat(SQLite::Database& db, const std::string& me);

}  // namespace etatmajor::engine
