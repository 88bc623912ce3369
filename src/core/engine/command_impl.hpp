// SPDX-License-Identifier: GPL-3.0-or-later
// Private: what each command does (engine/commands.cpp runs them). Each applies one change to the campaign inside the
// command's transaction (its own store.transaction joins the command's) and reports a refusal in the issues it
// returns, after which the command rolls everything back; none of them logs: the command logs itself, whole.
#pragma once

#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/engine/commands.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "engine/supply_orders_db.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/scenario_xml.hpp"

#include <string>
#include <vector>

namespace etatmajor::engine {

// orders.cpp
core::IssueList applySubmitOrders(db::CampaignStore& store, const campaign::OrdersFile& orders);
core::IssueList applyStandFast(db::CampaignStore& store, const std::string& side);
core::IssueList applyWithdrawOrders(db::CampaignStore& store, const std::string& side);

// turn.cpp. Fills in `command` with the phase it ran (its week, day and id); `scripted`: a source to roll every die
// from instead of the campaign's seeded generator.
PhaseReport applyRunPhase(db::CampaignStore& store, RunPhase& command, dice::Source* scripted, core::IssueList& refused);
core::IssueList applyDeclineInitiative(db::CampaignStore& store, const std::string& side);

// battles.cpp
core::IssueList applyResolveBattle(db::CampaignStore& store, int id, std::vector<std::string>& lines);
core::IssueList applyHandToTable(db::CampaignStore& store, int id, const std::string& why, std::vector<std::string>& lines);
core::IssueList applyEnterBattleResult(db::CampaignStore& store, int id, const std::string& file, const std::string& text,
                                       std::vector<std::string>& lines);

// reorg.cpp
ReorgResult applySplitMe(db::CampaignStore& store, const std::string& side, const std::string& fromMe, const std::string& newMe,
                         const std::string& label, const std::vector<std::string>& members);
ReorgResult applyTransfer(db::CampaignStore& store, const std::string& side, const std::string& fromMe, const std::string& toMe,
                          const std::vector<std::string>& members);
ReorgResult applyFormProvisional(db::CampaignStore& store, const std::string& side, const std::string& me,
                                 const std::vector<std::string>& units, const std::string& newUnit, const std::string& name);

// grant.cpp
ReorgResult applyBuyWithGrant(db::CampaignStore& store, const io::Purchase& purchase);
ReorgResult applyReplaceFromGrant(db::CampaignStore& store, const std::string& side, const std::string& me,
                                  const std::vector<std::string>& units, const std::vector<std::string>& generals);

// supply_orders.cpp, siege.cpp
SupplyCommandResult applyAllocateSupply(db::CampaignStore& store, const std::string& side, const std::string& source,
                                        const std::vector<std::pair<std::string, int>>& shares);
SupplyCommandResult applyRequestSpending(db::CampaignStore& store, const SpendRequest& request);
SupplyCommandResult applyAnswerTerms(db::CampaignStore& store, const std::string& side, int siegeId, bool accept);

// pbem.cpp
core::IssueList applyRegisterKey(db::CampaignStore& store, const RegisterKey& c, std::vector<std::string>& lines);
core::IssueList applyImportOrders(db::CampaignStore& store, const ImportOrders& c, std::vector<std::string>& lines);
core::IssueList applyRevealShare(db::CampaignStore& store, const RevealShare& c, std::vector<std::string>& lines);
core::IssueList applyForfeitShare(db::CampaignStore& store, const ForfeitShare& c, std::vector<std::string>& lines);

}  // namespace etatmajor::engine
