// SPDX-License-Identifier: GPL-3.0-or-later
// A side's lines of communication and supply as that side may know them (etat-major.md §9; docs/secrecy.md): its own
// MEs' LOCs, its own sources with their weekly values, its foraging and this week's ledger. Never the enemy's. These
// are the typed objects every output renders: the CLI's `loc` and `supply` (text and --json, engine/reports.hpp), the
// papers and the turn manager's panels and overlays.
//
// The LOC a side is shown is traced with every enemy counter it sees as a blocker, decoys included, whatever
// decoy_effects says: a face-down counter may be an ME or a decoy and the side cannot tell which (§2.2, §2.3), so a
// path shown cut, or not, at a hex holding only face-down counters would tell the two apart. The phases trace the
// true LOC (decoys block only under G-42 cuts_loc); the side learns that at W3, as the rules give it.
#pragma once

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/hex/offset.hpp"

#include <string>
#include <vector>

namespace etatmajor::view {

// One of the side's MEs and its LOC (§9.5) as the side knows it.
struct LocView {
    std::string me, label, hex;
    hex::Offset offset;
    std::string supplySource, supplySourceName;
    bool loc = false;
    std::string problem;             // rules::locProblemName: "none", "cut", "no_route", ...
    std::vector<hex::Offset> path;   // from the ME's hex to its source
    std::string viaMe;               // traced through this friendly ME (G-90)
    std::vector<hex::Offset> cutAt;  // where enemy counters cut it: their hexes, never their names (§2.2)
};

struct LocReport {
    int week = 0, day = 0;
    std::string side;
    std::string media, trace;  // the loc_media and loc_trace options
    std::vector<LocView> mes;
};

// Throws db::StoreError DB-UNKNOWN-SIDE for a side the campaign does not have.
LocReport locReport(const db::CampaignStore& store, const std::string& side);

struct SupplyDrawView {
    std::string me, label;
    bool canDraw = false;  // the ME has a LOC to the source as the side knows it
};

// One urban area the side holds, as a supply source (§9.2).
struct SourceView {
    std::string id, name, size;
    hex::Offset offset;
    bool rolled = false;  // this week's value has been rolled (W3)
    int weeklyValue = 0;
    int combatHalvings = 0;
    bool destroyed = false;
    std::vector<SupplyDrawView> drawnOnBy;
};

struct ForageView {
    std::string me, mode;
    int forageDaysThisWeek = 0, forageDaysLastWeek = 0;
};

struct LedgerEntryView {
    std::string kind, source, me, unit, note;
    int figures = 0, points = 0;
};

struct SupplyReport {
    int week = 0;
    std::string side, season, multiplier;
    std::vector<SourceView> sources;
    std::vector<ForageView> foraging;
    std::vector<LedgerEntryView> ledger;  // this week's, in the order it was written
    int balance = 0;
};

// Throws db::StoreError DB-UNKNOWN-SIDE for a side the campaign does not have.
SupplyReport supplyReport(const db::CampaignStore& store, const std::string& side);

}  // namespace etatmajor::view
