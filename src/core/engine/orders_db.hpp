// SPDX-License-Identifier: GPL-3.0-or-later
// The part of etatmajor/engine/orders.hpp that works on the campaign database directly: the phases' own steps,
// called inside a phase's transaction. It stays inside the core (and its white-box tests): the public headers
// hand the rest of the program typed objects and a db::CampaignStore, never SQLite.
#pragma once

#include "etatmajor/engine/orders.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

namespace etatmajor::engine {

// Orders for (week, day) may be given from the start of that day's turn until its orders phase D2 has run.
bool ordersPhaseOpen(campaign::Phase next);
// Whether `side` has given its orders (or stood fast) for week `week`, day `day`.
bool alreadyGiven(SQLite::Database& db, int week, int day, const std::string& side);

// etat-major.md §8.3, G-29 tardy_stationary = delayed: a tardy order's stationary work (reorganising, earthworks,
// destroying a town or its water transport) is put off: it is taken out of the stored order (kept under
// "delayedActions"), so nothing carries it out that day. Returns the kinds put off, or an empty list. Does nothing
// under the default executes.
std::vector<std::string> delayTardyActions(SQLite::Database& db, long long orderId, const campaign::Options& options);

// etat-major.md §9.5, G-32: the LOC path declared by the ME's latest order that reached it (receipt not "not
// received"), up to the current day; empty when none declared one.
std::vector<hex::Hex> declaredLocPath(SQLite::Database& db, const campaign::CampaignState& state, const std::string& me);

// etat-major.md §9.5: the LOCs of a side's MEs as the phases and the reports read them: the network's trace, with
// `blockers` (decoys under G-42 cuts_loc), and under loc_path = declared_only (G-32) each ME's declared path instead.
std::vector<rules::MeLoc> sideLocs(SQLite::Database& db, const campaign::CampaignState& state, const rules::LocNetwork& net,
                                   const std::string& side, const std::vector<rules::LocBlocker>& blockers);

// What the order of `me` for the current day that reached it says to do on meeting a scout or on a contact its own
// scout makes (§8.6: engage | evade | observe); "observe" without such an order.
std::string scoutContactToday(SQLite::Database& db, const campaign::CampaignState& state, const std::string& me);

}  // namespace etatmajor::engine
