// The printed papers of one side (issue 7): each shows only what that side may know, from the same per-side
// views the command line prints (status, loc, supply, orders). See docs/papers.md.
#pragma once

#include "etatmajor/report/page.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace etatmajor::db {
class CampaignStore;
}

namespace etatmajor::report {

enum class PaperKind { Orders, BlankOrders, Supply, Summary, Roster, Map };
std::string_view paperKindName(PaperKind kind);  // orders, blank-orders, supply, summary, roster, map
std::optional<PaperKind> paperKindFromName(std::string_view name);

struct PrintOptions {
    PaperSize paper = PaperSize::A4;
    double hexMm = 6.0;  // map print: distance across a hex's flats, in millimetres
};

// Lays out one paper for `side`. Throws db::StoreError (DB-UNKNOWN-SIDE) for a side the campaign does not have.
// The blank order sheet needs no campaign data beyond the side's name and the day.
Document buildPaper(const db::CampaignStore& store, PaperKind kind, const std::string& side, const PrintOptions& options);

}  // namespace etatmajor::report
