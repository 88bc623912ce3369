// SPDX-License-Identifier: GPL-3.0-or-later
// A side's written orders for one day (etat-major.md §8.2, §15.12; G-30).
#pragma once

#include "etatmajor/campaign/scenario.hpp"
#include "etatmajor/hex/offset.hpp"

#include <optional>
#include <string>
#include <vector>

namespace etatmajor::campaign {

enum class ScoutContact { Observe, Evade, Engage };
std::string_view scoutContactName(ScoutContact c);
std::optional<ScoutContact> scoutContactFromName(std::string_view s);

struct OrderAction {
    std::string kind;  // reorganise, build_earthworks, destroy_transport, destroy_ua, embark, disembark, lay_pontoon, take_up_pontoon,
                       // offer_terms
    std::string note;
};

struct Order {
    std::string me;
    std::string corps, division, brigade;  // as on the order sheet (informative)
    std::optional<Mode> mode;              // none: Forage (§5)
    std::string supply;                    // empty: keep the nominated source
    std::vector<hex::Offset> path;         // the route, from the hex after the ME's own
    std::vector<std::string> marchOrder;   // unit ids, leading unit first
    std::vector<OrderAction> actions;
    ScoutContact onScoutContact = ScoutContact::Observe;
    bool marchToGuns = false;
    std::string intentions;
    // G-32: the LOC path the order declares, from the ME's hex (or one next to it) to its supply source; only
    // loc_path = declared_only reads it.
    std::vector<hex::Offset> locPath;
    // G-31: the ME's commander departs from the order he was given; what this order says is what the ME does.
    // Logged under allow_disobedience = logged, refused under off.
    bool disobeys = false;
    // G-46: a Forced March order made as a night march (the chart's "Forced / Night March" line): the same as a forced
    // march in every respect by default; refused under night_march = disabled.
    bool night = false;
    int line = 0;
};

// A decoy's order (§2.3, G-42): `place` puts a new decoy on the map (the week's first day only), `path` moves one
// already there. Decoys need no receipt roll.
struct DecoyOrder {
    std::string id;
    std::optional<hex::Offset> place;
    std::string designated = "infantry";  // infantry | cavalry | irregular_cavalry
    std::vector<hex::Offset> path;
    int line = 0;
};

struct OrdersFile {
    std::string file;
    int line = 0;  // of the <orders> element, which names the side, week and day
    std::string side;
    int week = 0;
    int day = 0;
    std::vector<Order> orders;
    std::vector<DecoyOrder> decoys;
};

}  // namespace etatmajor::campaign
