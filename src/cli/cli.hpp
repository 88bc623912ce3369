// SPDX-License-Identifier: GPL-3.0-or-later
// Shared pieces of etatmajor-cli: exit codes, issue printing, opening a campaign as the one who acts, and the
// registry through which each group of commands adds its subcommands (architecture §4 command-line contract).
#pragma once

#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/client/client.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"

#include <CLI/CLI.hpp>

#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace etatmajor::cli {

constexpr int kOk = 0;
constexpr int kBadInput = 1;
constexpr int kUsage = 2;

void printIssues(const core::IssueList& issues);

// Opens a campaign database and runs f on it; a missing, foreign or damaged database, one whose state does not match
// its checksum (unless `how` skips that check), or the database failing under f (busy past the timeout, read-only,
// full) is reported with its code and gives exit status 1.
int withStore(const std::string& path, bool readOnly, const std::function<int(db::CampaignStore&)>& f,
              db::CampaignStore::OpenCheck how = db::CampaignStore::OpenCheck::Full);

// The environment variable that may carry the passphrase of the one who acts (docs/cli.md).
inline constexpr const char* kPassphraseVariable = "ETATMAJOR_PASSPHRASE";

// Adds --password-file FILE (the passphrase of the one who acts) to a command that opens a campaign.
void addPasswordFile(CLI::App* command, std::string& file);

// The first line of a passphrase file, without its line end. An unreadable file or an empty first line is an
// AUTH-FILE issue in `problems`.
std::optional<std::string> readPassphraseFile(const std::string& file, core::IssueList& problems);

// A line typed at the terminal after `prompt` (on standard error) with echo off; nothing when standard input is not
// a terminal or the line is empty.
std::optional<std::string> promptHidden(const std::string& prompt);

// The passphrase of `whom` (for the prompt: "side 'british'", "the host"): from `file` when one is named, else the
// ETATMAJOR_PASSPHRASE environment variable, else typed at a prompt without echo when standard input is a terminal;
// otherwise none.
std::optional<std::string> obtainPassphrase(const std::string& file, const std::string& whom, core::IssueList& problems);

// --host-password-file FILE and --side-password-file SIDE=FILE (repeatable) read into who -> passphrase; a bad form
// or an unreadable file is an issue in `problems`.
auth::Passphrases readPassphraseOptions(const std::string& hostFile, const std::vector<std::string>& sideFiles,
                                        core::IssueList& problems);
// Warnings, after passphrases changed, about what is now open or closed: the host's view closed for want of a host
// passphrase, sides anyone may act as.
void warnAboutOpenings(const db::CampaignStore& store);

// The side acting, or the host when `side` is empty.
inline auth::Actor actorOf(const std::string& side) { return auth::Actor{side}; }

// Opens a campaign database as `actor` (a side, or the host): when the campaign has passphrases, the actor's is
// obtained and checked (auth::authorise) before f runs, and a refusal prints its issue and gives exit status 1
// before anything of the campaign is printed. Otherwise as withStore.
int withActor(const std::string& path, const auth::Actor& actor, const std::string& passwordFile, bool readOnly,
              const std::function<int(db::CampaignStore&)>& f, db::CampaignStore::OpenCheck how = db::CampaignStore::OpenCheck::Full);

// A campaign on a server instead of a database file (docs/server.md): --server URL [--campaign ID] with the
// certificate's --pin SHA256 or a --ca-file. The side's passphrase comes as for a database (--password-file, the
// environment variable, the prompt).
struct RemoteArgs {
    std::string server, campaign, pin, caFile;
    bool used() const { return !server.empty(); }
};
// Adds --server, --campaign, --pin and --ca-file to a side's command; `db` (its --db) is then required only without
// --server, and the two exclude each other.
void addRemote(CLI::App* command, RemoteArgs& remote, CLI::Option* db);
// Usage error (exit 2) unless exactly one of --db and --server was given.
bool needDbOrServer(const std::string& db, const RemoteArgs& remote);

// Logs in to the server as `side` and runs f on the connection; the server's refusals are printed (its code and
// message, and an orders file's problems with their file and line) and give exit status 1.
int withServer(const RemoteArgs& remote, const std::string& side, const std::string& passwordFile,
               const std::function<int(client::Connection&)>& f);
// Prints one of the side's views as the server renders it (`what`: status, intel, loc, supply, log, report, battles,
// orders), as text or JSON.
int remoteView(const RemoteArgs& remote, const std::string& side, const std::string& passwordFile, const std::string& what, bool json,
               int week = 0, int day = 0);
// Prints an action's message and warnings; exit status 0.
int printAction(const client::ActionResult& result);
// A side's weekly action on the server (initiative, me, unit, grant, supply allocate/spend, siege answer): logs in as
// `side`, reads the campaign's calendar for the moment the action is written for, runs `act`, and prints its
// warnings and lines as the command prints them on a database (with the grant left after a purchase or a
// replacement). A refusal prints the command's issues and gives exit status 1.
int remoteAction(const RemoteArgs& remote, const std::string& side, const std::string& passwordFile,
                 const std::function<client::ActionResult(client::Connection&, const client::Moment&)>& act);

// Each leaf subcommand registers the function that runs it; main runs the one that was parsed.
class Registry {
public:
    void add(CLI::App* command, std::function<int()> run) { m_entries.emplace_back(command, std::move(run)); }
    // Exit status of the parsed command, or kUsage when none was parsed.
    int run() const;

private:
    std::vector<std::pair<CLI::App*, std::function<int()>>> m_entries;
};

void registerMapCommands(CLI::App& app, Registry& registry);
void registerCampaignCommands(CLI::App& app, Registry& registry);
void registerPasswordCommands(CLI::App& campaign, Registry& registry);
void registerBattleCommands(CLI::App& app, Registry& registry);
void registerTurnCommands(CLI::App& app, Registry& registry);
void registerWeekCommands(CLI::App& app, Registry& registry);
void registerPrintCommands(CLI::App& app, Registry& registry);
// After the campaign and turn commands: it adds to their groups (campaign key, campaign audit, orders seal, ...).
void registerPbemCommands(CLI::App& app, Registry& registry);
// Registers the public keys of `files` (FILE.pub of key new) in the campaign, each as the command pbem.key, printing
// what was done; exit status 1 when a file cannot be read or a key is refused.
int registerKeyFiles(db::CampaignStore& store, const std::vector<std::string>& files);

}  // namespace etatmajor::cli
