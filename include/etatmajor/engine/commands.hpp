// SPDX-License-Identifier: GPL-3.0-or-later
// Every change to a running campaign as a command (architecture §2, docs/replay.md): plain data holding all of its
// inputs, which validate() tries without changing the campaign and execute() applies in one transaction and logs
// whole in the command log. `campaign replay` rebuilds a campaign by running its logged commands again.
//
// The engine's older entry points (engine::submitOrders, engine::advance, engine::splitMe, ...) stay as thin
// wrappers that build a command and execute it, so the CLI, the GUI and the tests go through the same commands.
#pragma once

#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/engine/turn.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace etatmajor::engine {

// orders.submit: a side's orders for the day, in full (etat-major.md §8.2).
struct SubmitOrders {
    campaign::OrdersFile orders;
};

// orders.stand_fast: the side gives no orders today.
struct StandFast {
    std::string side;
};

// orders.withdraw: the side takes back the orders it gave today, before the orders phase runs.
struct WithdrawOrders {
    std::string side;
};

// phase.<id>: runs the phase the campaign stands at (§6). `phase` empty: whichever it is; given (with its week and
// day): refused unless the campaign stands there, as a replay checks. `faces`: the dice of the phase when they do
// not come from the campaign's seeded generator (tests' scripted dice); executing with CommandContext::dice fills
// them in for the log.
struct RunPhase {
    std::string phase;
    int week = 0;
    int day = 0;
    std::optional<std::vector<int>> faces;
};

// initiative.decline (§7.1).
struct DeclineInitiative {
    std::string side;
};

// battle.resolve: the resolver fights a recorded battle now (§8.9).
struct ResolveBattle {
    int battle = 0;
};

// battle.to_table: a battle the resolver could not fight at D9 goes to the table (status tabletop), `why` saying what
// stopped the resolver; execute() issues it itself after the refused phase (docs/rules-mapping.md).
struct HandToTable {
    int battle = 0;
    std::string why;
};

// battle.enter: a tabletop result (docs/formats/battle-result.md) with the file's whole text; `file` names it in
// messages.
struct EnterBattleResult {
    int battle = 0;
    std::string file;
    std::string text;
};

// me.split (§10.3).
struct SplitMe {
    std::string side, from, newMe, label;
    std::vector<std::string> members;
};

// me.transfer (§10.4, G-95); dissolving an ME is a transfer of everything it has.
struct TransferMembers {
    std::string side, from, to;
    std::vector<std::string> members;
};

// unit.provisional (§10.2, G-94).
struct FormProvisional {
    std::string side, me;
    std::vector<std::string> units;
    std::string newUnit, name;
};

// grant.buy: a purchase with the primary-LOC grant (docs/formats/purchase.md) with the file's whole text.
struct BuyWithGrant {
    std::string file;
    std::string text;
};

// grant.replace (§9.7, G-80).
struct ReplaceFromGrant {
    std::string side, me;
    std::vector<std::string> units, generals;
};

// supply.allocate (G-86).
struct AllocateSupply {
    std::string side, source;
    std::vector<std::pair<std::string, int>> shares;
};

// supply.spend (§9.1): see engine::SpendRequest.
struct RequestSpending {
    std::string side, me, kind;
    int count = 1;
    std::string workClass = "heavy";
    std::optional<hex::Offset> at;
};

// siege.answer (§11.4).
struct AnswerTerms {
    std::string side;
    int siege = 0;
    bool accept = false;
};

// auth.passphrase: sets (`hash`, an Argon2id hash string) or clears `who`'s passphrase (docs/secrecy-auth.md). The
// authority (`by`, whose passphrases allowed it) is checked before the command is made; the command holds the hash,
// never the passphrase.
struct SetPassphrase {
    std::string who;
    std::optional<std::string> hash;
    std::vector<std::string> by;
};

// pbem.key: registers the public keys of a side or of the host (docs/pbem.md); a key, once given, is never replaced.
struct RegisterKey {
    std::string who, sign, box;  // the public halves, 64 hex digits each
};

// pbem.orders: a side's orders by packet (docs/pbem.md): the packet's whole text as received, signed by the side, and
// its body as the host opened it (the orders file's text). Checked against the side's key, the campaign, the day and
// every packet taken in before; the side's commitment to its dice share is kept with its orders.
struct ImportOrders {
    std::string packet, orders;
};

// pbem.reveal: a side's dice share of the day, by a signed packet, checked against its commitment.
struct RevealShare {
    std::string packet;
};

// pbem.forfeit: the host stands a side fast that did not reveal its dice share in time (docs/pbem.md).
struct ForfeitShare {
    std::string side;
};

using Command =
    std::variant<SubmitOrders, StandFast, WithdrawOrders, RunPhase, DeclineInitiative, ResolveBattle, HandToTable, EnterBattleResult,
                 SplitMe, TransferMembers, FormProvisional, BuyWithGrant, ReplaceFromGrant, AllocateSupply, RequestSpending,
                 AnswerTerms, SetPassphrase, RegisterKey, ImportOrders, RevealShare, ForfeitShare>;

// The name the command is logged under ("orders.submit", "phase.D3", ...).
std::string commandName(const Command& command);

struct CommandResult {
    core::IssueList issues;                            // why it was refused (nothing changed), or warnings
    std::vector<std::string> lines;                    // what was done, for people
    std::optional<PhaseReport> phase;                  // RunPhase: the phase that ran
    std::int64_t logSeq = 0;                           // the command log row, once executed
    std::vector<std::pair<int, std::string>> toTable;  // RunPhase refused at D9: the battles handed to the table
    bool ok() const { return !issues.hasErrors(); }
};

struct CommandContext {
    // Rolls every die of a phase from this source instead of the campaign's seeded generator (whose state is then
    // left as it was). The faces are logged with the command, so that a replay rolls them again.
    dice::Source* dice = nullptr;
};

// Applies the command in one transaction and logs it whole; a refusal changes nothing and logs nothing. One exception
// by design: a phase D9 refused because the resolver cannot fight a battle is followed by a HandToTable command for
// each such battle, executed and logged on its own (its lines are added to the result's).
CommandResult execute(db::CampaignStore& store, const Command& command, const CommandContext& context = {});

// Whether execute() would refuse the command, and why, found by trying it on a copy of the campaign in memory: the
// campaign itself is never written (a store opened read-only will do), so a front end may show a refusal before the
// player commits to it. Dice come from the campaign's seeded generator.
core::IssueList validate(const db::CampaignStore& store, const Command& command);

// The command's arguments as the command log holds them (JSON): every input, so that commandFromLog gives the same
// command back.
std::string commandArgs(const Command& command);

// A logged command back from its name and arguments, or nothing and why not (an unknown name, arguments that lack a
// field).
std::optional<Command> commandFromLog(const std::string& name, const std::string& argsJson, std::string& problem);

}  // namespace etatmajor::engine
