// SPDX-License-Identifier: GPL-3.0-or-later
// The fog-of-war audit, end to end: play a campaign (CampaignPlayer), capture after every day everything each side
// can get (Capturer), and check it against what that side may know by then (Knowledge). See docs/secrecy-audit.md.
#pragma once

#include "campaign_player.hpp"
#include "capture.hpp"
#include "knowledge.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace etatmajor::audit {

struct AuditOptions {
    std::string scenario;   // the campaign file played
    std::string cli;        // etatmajor-cli
    std::string pdftotext;  // pdftotext (poppler-utils)
    std::string workDir;    // scratch directory, emptied first
    std::uint64_t seed = 1;
    int days = 14;
};

struct AuditReport {
    std::uint64_t seed = 0;
    PlayCounts play;
    std::size_t outputs = 0;              // captured outputs (commands and papers), both sides
    std::size_t characters = 0;           // their total length
    std::size_t itemsChecked = 0;         // forbidden items looked for, summed over the outputs
    std::set<std::string> distinctItems;  // "check: item" of every forbidden item of any moment
    std::vector<Violation> violations;
    std::map<std::string, int> skippedCommands;  // commands that do not exist yet (tried, usage error)
    std::set<std::string> brokenCommands;        // commands that should exist but gave a usage error
    std::set<std::string> skippedItems;          // forbidden items left out of the checks, and why
    std::vector<std::string> journal;            // what the player could not do as it wanted
    int packetsChecked = 0;                      // turn packets opened with their side's key and checked

    std::string summary() const;
};

// Checks one moment: the captures of the viewer against its knowledge now. Adds to the report.
void checkMoment(const std::string& dbPath, const std::string& viewer, Memory& memory, const std::vector<Capture>& captures,
                 AuditReport& report);

AuditReport runAudit(const AuditOptions& options);

// One group of violations of the same check in the same command (its side and numbers made generic), for people.
struct Leak {
    std::string command;  // e.g. "battle list --side SIDE --json"
    std::string check;
    std::set<std::string> items, sides;
    std::string firstSeen;  // "W1/D3 (end of day)"
    std::string example;    // one line of text
};
std::vector<Leak> distinctLeaks(const std::vector<Violation>& violations);
std::string formatLeaks(const std::vector<Leak>& leaks);

}  // namespace etatmajor::audit
