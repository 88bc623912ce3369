// SPDX-License-Identifier: GPL-3.0-or-later
// The printed papers of one side (issue 7): each shows only what that side may know, from the same per-side
// views the command line prints (status, loc, supply, orders, intel, battle list). See docs/papers.md.
#pragma once

#include "etatmajor/report/page.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::db {
class CampaignStore;
}

namespace etatmajor::report {

enum class PaperKind { Orders, BlankOrders, Supply, Summary, Roster, Map, Intel, Battle };
// orders, blank-orders, supply, summary, roster, map, intel, battle
std::string_view paperKindName(PaperKind kind);
std::optional<PaperKind> paperKindFromName(std::string_view name);
// Every paper, in the order the command line and the print dialog list them.
const std::vector<PaperKind>& allPaperKinds();

struct PrintOptions {
    PaperSize paper = PaperSize::A4;
    double hexMm = 6.0;  // map print: distance across a hex's flats, in millimetres
    // Intelligence and battle reports: only those of this week (and day); all when unset.
    std::optional<int> week;
    std::optional<int> day;
    // Battle report: this battle only; every resolved battle of the side when unset.
    std::optional<int> battle;
};

// Lays out one paper for `side`. Throws db::StoreError (DB-UNKNOWN-SIDE) for a side the campaign does not have,
// and for the battle report BATTLE-UNKNOWN (no such battle) or BATTLE-SIDE (the side had no ME in it).
// The blank order sheet needs no campaign data beyond the side's name and the day.
Document buildPaper(const db::CampaignStore& store, PaperKind kind, const std::string& side, const PrintOptions& options);

}  // namespace etatmajor::report
