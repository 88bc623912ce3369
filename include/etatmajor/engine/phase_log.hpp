// SPDX-License-Identifier: GPL-3.0-or-later
// The phases a campaign has run, in order: public facts (the calendar, docs/secrecy.md), numbered from 1. Front ends
// that tell players the campaign moved on (the server's events) read them here.
#pragma once

#include "etatmajor/db/campaign_store.hpp"

#include <string>
#include <vector>

namespace etatmajor::engine {

struct PhaseRun {
    int seq = 0;            // 1 for the first phase the campaign ran
    int week = 0, day = 0;  // day 0 for a weekly phase
    std::string phase;
};

// How many phases the campaign has run.
int phasesRunCount(const db::CampaignStore& store);
// The phases run after the first `after`, oldest first, at most `limit` of them.
std::vector<PhaseRun> phasesRunAfter(const db::CampaignStore& store, int after, int limit = 500);

}  // namespace etatmajor::engine
