// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-cli campaign password: set or clear a side's or the host's passphrase (docs/secrecy-auth.md), and the
// reading of the passphrase options that campaign new shares with it.
#include "cli.hpp"

#include <memory>

namespace etatmajor::cli {

namespace {

std::string whom(const std::string& who) { return who == auth::kHost ? "the host" : "side '" + who + "'"; }

// A new passphrase typed twice at a terminal; nothing when standard input is not one or the two differ.
std::optional<std::string> typeNewPassphrase(const std::string& who, core::IssueList& problems) {
    const auto first = promptHidden("New passphrase of " + whom(who) + ": ");
    if (!first) return std::nullopt;
    const auto again = promptHidden("The same again: ");
    if (!again || *again != *first) {
        problems.error("AUTH-MISMATCH", "the two new passphrases typed differ; nothing was changed");
        return std::nullopt;
    }
    return first;
}

}  // namespace

auth::Passphrases readPassphraseOptions(const std::string& hostFile, const std::vector<std::string>& sideFiles,
                                        core::IssueList& problems) {
    auth::Passphrases out;
    if (!hostFile.empty())
        if (auto p = readPassphraseFile(hostFile, problems)) out[auth::kHost] = *p;
    for (const auto& spec : sideFiles) {
        const auto eq = spec.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) {
            problems.error("AUTH-OPTION", "--side-password-file needs SIDE=FILE, not '" + spec + "'");
            continue;
        }
        const std::string side = spec.substr(0, eq);
        if (side == auth::kHost) {
            problems.error("AUTH-OPTION", "the host's passphrase file is given with --host-password-file");
            continue;
        }
        if (auto p = readPassphraseFile(spec.substr(eq + 1), problems)) out[side] = *p;
    }
    return out;
}

void warnAboutOpenings(const db::CampaignStore& store) {
    const auto closedSides = auth::sidesWithPassphrase(store);
    const bool hostClosed = auth::hasPassphrase(store, auth::kHost);
    if (closedSides.empty() && !hostClosed) return;
    core::IssueList notes;
    if (!closedSides.empty() && !hostClosed)
        notes.warning("AUTH-HOST-CLOSED", "the host has no passphrase: the host's view and the host's commands (advance, "
                                          "log, status without --side) are closed until one is set with "
                                          "'campaign password --host'");
    for (const auto& side : auth::sidesWithoutPassphrase(store))
        notes.warning("AUTH-SIDE-OPEN",
                      "side '" + side + "' has no passphrase: anyone may act as it" + (hostClosed ? "" : ", or set one for it"));
    printIssues(notes);
}

void registerPasswordCommands(CLI::App& campaign, Registry& registry) {
    struct Args {
        std::string db, side, passwordFile, newFile, hostFile;
        std::vector<std::string> sideFiles;
        bool host = false, clear = false;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = campaign.add_subcommand("password", "Set or clear the passphrase of a side or of the host");
    cmd->add_option("--db", args->db, "Campaign database")->required();
    auto* target = cmd->add_option_group("whose", "Whose passphrase");
    target->add_option("--side", args->side, "This side's passphrase");
    target->add_flag("--host", args->host, "The host's passphrase");
    target->require_option(1);
    auto* what = cmd->add_option_group("change", "The change");
    what->add_option("--new-password-file", args->newFile, "File whose first line is the new passphrase");
    what->add_flag("--clear", args->clear, "Remove the passphrase");
    what->require_option(0, 1);
    cmd->add_option("--password-file", args->passwordFile,
                    "File whose first line is the passphrase that allows the change: the current one, or the host's "
                    "when there is none (else $" +
                        std::string(kPassphraseVariable) + ", else a prompt on a terminal)");
    cmd->add_option("--host-password-file", args->hostFile, "File whose first line is the host's passphrase");
    cmd->add_option("--side-password-file", args->sideFiles,
                    "SIDE=FILE: a side's passphrase, for setting the host's first one (repeatable)");
    registry.add(cmd, [args] {
        const std::string who = args->host ? std::string(auth::kHost) : args->side;
        core::IssueList problems;
        auto given = readPassphraseOptions(args->hostFile, args->sideFiles, problems);
        if (problems.hasErrors()) {
            printIssues(problems);
            return kBadInput;
        }
        return withStore(args->db, false, [&](db::CampaignStore& store) {
            // The passphrases the change needs and the explicit options did not give: --password-file, the
            // environment variable or the prompt gives the first of them; on a terminal the others are asked for.
            const auto authority = auth::authorityToChange(store, who);
            std::vector<std::string> needed;
            if (!authority.anyOf.empty()) {
                bool any = false;
                for (const auto& w : authority.anyOf) any = any || given.count(w) > 0;
                if (!any) needed.push_back(authority.anyOf.front());
            }
            for (const auto& w : authority.allOf)
                if (!given.count(w)) needed.push_back(w);
            for (std::size_t i = 0; i < needed.size(); ++i) {
                const auto p = i == 0 ? obtainPassphrase(args->passwordFile, whom(needed[i]), problems)
                                      : obtainPassphrase("", whom(needed[i]), problems);
                if (p) given[needed[i]] = *p;
            }
            std::optional<std::string> fresh;
            if (!args->clear) {
                if (!args->newFile.empty()) fresh = readPassphraseFile(args->newFile, problems);
                else if (!(fresh = typeNewPassphrase(who, problems)) && !problems.hasErrors())
                    problems.error("AUTH-OPTION", "give the new passphrase with --new-password-file FILE, or --clear "
                                                  "to remove it");
            }
            if (problems.hasErrors()) {
                printIssues(problems);
                return kBadInput;
            }
            auto issues = auth::changePassphrase(store, who, fresh, given);
            issues.setFile(args->db);
            printIssues(issues);
            if (issues.hasErrors()) return kBadInput;
            std::cout << "the passphrase of " << whom(who) << (fresh ? " is set" : " is cleared") << "\n";
            warnAboutOpenings(store);
            return kOk;
        });
    });
}

}  // namespace etatmajor::cli
