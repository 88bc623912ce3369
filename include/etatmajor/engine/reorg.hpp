// SPDX-License-Identifier: GPL-3.0-or-later
// Reorganisation, provisional units and transfers (etat-major.md §10; G-94, G-95).
// Each is a command applied at once to the campaign database in one transaction and logged; it refuses, changing
// nothing, with the ME and field named. A reorganised ME takes the Reorganisation mode: it stays where it is for
// the day (§10.1).
#pragma once

#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"

#include <string>
#include <vector>

namespace etatmajor::engine {

struct ReorgResult {
    core::IssueList issues;
    std::vector<std::string> lines;  // what was done
    bool ok() const { return !issues.hasErrors(); }
};

// §10.3: a new ME of `members` (units, formations or generals) taken from `fromMe`, in the same hex, drawing on the
// same source. Both MEs are reorganising today.
ReorgResult splitMe(db::CampaignStore& store, const std::string& side, const std::string& fromMe, const std::string& newMe,
                    const std::string& label, const std::vector<std::string>& members);

// §10.4 / G-95: `members` of `fromMe` join `toMe`. In one hex they join at once (the receiving ME reorganises);
// otherwise they leave as a temporary ME in transit that must travel to it.
ReorgResult transfer(db::CampaignStore& store, const std::string& side, const std::string& fromMe, const std::string& toMe,
                     const std::vector<std::string>& members);

// §10.4: what dissolving ME `me` of `side` moves: its units still on the rolls and its generals (empty for an ME that
// is not the side's). Dissolving is a transfer (TransferMembers) of these; a window's form builds that command from
// this list.
std::vector<std::string> dissolveMembers(const db::CampaignStore& store, const std::string& side, const std::string& me);

// §10.4: dissolve an ME, its whole force joining `intoMe` (in one hex at once, otherwise as a unit in transit).
ReorgResult dissolveMe(db::CampaignStore& store, const std::string& side, const std::string& me, const std::string& intoMe);

// §10.2 / G-94: combine under-strength units (each at or below half strength, same type and nationality, same ME)
// into one provisional unit; class by provisional_class; strength capped at the largest original strength.
ReorgResult formProvisional(db::CampaignStore& store, const std::string& side, const std::string& me,
                            const std::vector<std::string>& units, const std::string& newUnit, const std::string& name);

}  // namespace etatmajor::engine
