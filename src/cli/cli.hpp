// Shared pieces of etatmajor-cli: exit codes, issue printing, opening a campaign, and the registry through which
// each group of commands adds its subcommands (architecture §4 command-line contract).
#pragma once

#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"

#include <CLI/CLI.hpp>

#include <functional>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace etatmajor::cli {

constexpr int kOk = 0;
constexpr int kBadInput = 1;
constexpr int kUsage = 2;

void printIssues(const core::IssueList& issues);

// Opens a campaign database and runs f on it; a missing, foreign or damaged database is reported with its code
// and gives exit status 1.
int withStore(const std::string& path, bool readOnly, const std::function<int(db::CampaignStore&)>& f);

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
void registerBattleCommands(CLI::App& app, Registry& registry);
void registerTurnCommands(CLI::App& app, Registry& registry);
void registerPrintCommands(CLI::App& app, Registry& registry);

}  // namespace etatmajor::cli
