// SPDX-License-Identifier: GPL-3.0-or-later
// `campaign replay` (engine/replay.hpp, docs/replay.md).
#include "etatmajor/engine/replay.hpp"

#include "db/store_impl.hpp"
#include "etatmajor/core/text.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/engine/commands.hpp"

#include <map>
#include <optional>

namespace etatmajor::engine {

namespace {

// "row 12 (orders.submit, logged at week 1 day 2, phase D2)"
std::string rowName(const db::CommandLogRow& r) {
    std::string at = "week " + std::to_string(r.week);
    if (!r.phase.empty() && r.phase[0] == 'D') at += " day " + std::to_string(r.day);
    return "row " + std::to_string(r.seq) + " (" + core::shorten(r.name, 40) + ", logged at " + at + ", phase " + r.phase + ")";
}

std::string issuesText(const core::IssueList& issues) {
    std::string out;
    for (const auto& i : issues.items())
        if (i.severity == core::Severity::Error) out += (out.empty() ? "" : "; ") + i.format();
    return out;
}

// What stopped a command with an exception, in the campaign's own words: never a library's message.
std::string failureText(const std::exception& e, const std::string& path) {
    if (const auto mine = db::storeErrorOf(e, path)) return mine->code() + ": " + mine->what();
    if (const auto* d = dynamic_cast<const dice::DiceError*>(&e)) return std::string("DICE: ") + d->what();
    if (const auto* f = dynamic_cast<const core::FileError*>(&e)) return f->toIssue().format();
    return "an unexpected failure (" + core::shorten(e.what()) + ")";
}

}  // namespace

ReplayResult replayCampaign(const std::string& source, const std::string& output, const ReplayOptions& options) {
    ReplayResult result;
    auto& issues = result.issues;
    std::vector<db::CommandLogRow> rows;
    std::string originalDigest;
    std::map<std::string, std::string> originalTables;
    {
        auto original = db::CampaignStore::open(source, true,
                                                options.skipChecksum ? db::CampaignStore::OpenCheck::SkipChecksum
                                                                     : db::CampaignStore::OpenCheck::Full);
        rows = original.commandLog();
        originalDigest = db::stateDigest(original);
        originalTables = db::tableDigests(original);
    }
    result.rows = static_cast<int>(rows.size());
    result.originalDigest = originalDigest;

    // Every row is checked before anything is written: all the problems at once, each with its row.
    std::optional<db::LoggedNewCampaign> setUp;
    std::vector<Command> commands;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& r = rows[i];
        if (r.format > db::kCommandLogFormat) {
            issues.error("REPLAY-TOO-NEW", rowName(r) + " was logged by a newer Etat-Major (command log format " +
                                               std::to_string(r.format) + "; this program replays format " +
                                               std::to_string(db::kCommandLogFormat) + " and older): update Etat-Major");
            continue;
        }
        if (r.format < 1) {
            issues.error("REPLAY-OLD-LOG", rowName(r) + " was logged by an older Etat-Major, before the command log kept every input "
                                                        "of a command: this campaign cannot be replayed");
            continue;
        }
        std::string problem;
        if (i == 0) {
            if (r.name != "campaign.new") {
                issues.error("REPLAY-NO-SETUP", rowName(r) + " should be the set-up of the campaign (campaign.new)");
                continue;
            }
            setUp = db::newCampaignFromLog(r.args, problem);
            if (!setUp) issues.error("REPLAY-BAD-ROW", rowName(r) + " cannot be read: " + problem);
            continue;
        }
        if (r.name == "state.accept") {
            issues.error("REPLAY-OUTSIDE-CHANGE", rowName(r) + ": the host accepted a state changed outside Etat-Major; a replay "
                                                               "cannot make that change again");
            continue;
        }
        if (r.name == "campaign.new") {
            issues.error("REPLAY-BAD-ROW", rowName(r) + ": a campaign is set up only by the first row of its log");
            continue;
        }
        auto command = commandFromLog(r.name, r.args, problem);
        if (!command) {
            const bool unknown = problem.rfind("this program knows no command", 0) == 0;
            issues.error(unknown ? "REPLAY-UNKNOWN-COMMAND" : "REPLAY-BAD-ROW", rowName(r) + ": " + problem);
            continue;
        }
        commands.push_back(std::move(*command));
    }
    if (rows.empty()) issues.error("REPLAY-NO-SETUP", "the campaign's command log is empty");
    if (issues.hasErrors()) return result;

    // The set-up, from the first row alone.
    if (options.progress) options.progress(rows.front().seq, result.rows);
    auto request = std::move(setUp->request);
    request.dbPath = output;
    request.overwrite = options.overwrite;
    std::optional<dice::ScriptedSource> setupDice;
    if (setUp->faces) request.dice = &setupDice.emplace(*setUp->faces, setUp->diceKind);
    const auto created = db::createCampaign(request);
    if (!created.ok) {
        for (const auto& i : created.issues.items())
            if (i.severity == core::Severity::Error) {
                auto copy = i;
                copy.message = rowName(rows.front()) + " was refused on replay: " + i.message;
                issues.add(copy);
            }
        return result;
    }
    result.commands = 1;

    auto store = db::CampaignStore::open(output);
    if (options.withoutCaches) store.disableCaches();
    // A file being rebuilt from scratch need not reach the disk after every command: it is synced once, at the end.
    store.impl().db.exec("PRAGMA synchronous = OFF");
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const auto& row = rows[i];
        if (options.progress) options.progress(row.seq, result.rows);
        CommandResult done;
        try {
            done = execute(store, commands[i - 1]);
        } catch (const std::exception& e) {
            issues.error("REPLAY-FAILED", rowName(row) + " failed on replay: " + failureText(e, output));
            break;
        }
        if (!done.ok()) {
            issues.error("REPLAY-REFUSED", rowName(row) + " was refused on replay: " + issuesText(done.issues));
            break;
        }
        ++result.commands;
    }
    store.impl().db.exec("PRAGMA synchronous = FULL");
    store.impl().db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    // The first row the replay logged otherwise than the original.
    const auto replayed = store.commandLog();
    for (std::size_t i = 0; i < replayed.size() && i < rows.size() && result.firstDivergence == 0; ++i) {
        const auto& want = rows[i];
        const auto& got = replayed[i];
        std::string what;
        if (got.seq != want.seq) what = "it was logged as row " + std::to_string(got.seq);
        else if (got.name != want.name) what = "it was logged as '" + core::shorten(got.name, 40) + "'";
        else if (got.args != want.args) what = "its arguments were logged otherwise";
        else if (got.result != want.result) what = "it did something else (its logged result differs)";
        else if (got.week != want.week || got.day != want.day || got.phase != want.phase)
            what = "it left the campaign at another point (week " + std::to_string(got.week) + " day " + std::to_string(got.day) +
                   ", phase " + got.phase + ")";
        if (what.empty()) continue;
        result.firstDivergence = want.seq;
        result.divergence = rowName(want) + ": " + what;
    }
    result.ok = !issues.hasErrors();

    result.replayedDigest = db::stateDigest(store);
    result.identical = result.replayedDigest == result.originalDigest;
    const auto replayedTables = db::tableDigests(store);
    for (const auto& [table, digest] : originalTables) {
        const auto it = replayedTables.find(table);
        if (it == replayedTables.end() || it->second != digest) result.differingTables.push_back(table);
    }
    for (const auto& [table, digest] : replayedTables)
        if (!originalTables.count(table)) result.differingTables.push_back(table);
    return result;
}

}  // namespace etatmajor::engine
