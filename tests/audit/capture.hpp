// SPDX-License-Identifier: GPL-3.0-or-later
// The fog-of-war audit's capturer: runs the real command-line program for everything one side can ask for with
// `--side`, as text and as JSON where the command offers it, and prints every paper of the side to PDF and reads it
// back with `pdftotext -layout`. Each output is kept with its label (command, side and the day it was asked on).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace etatmajor::audit {

struct Capture {
    std::string command;  // as a player would type it, without the program and the database path
    std::string side;     // the side asking
    int week = 0;
    int day = 0;
    std::string moment;  // when in the day: "orders given" or "end of day"
    int exitCode = 0;
    std::string text;  // standard output and standard error; for a paper, the text pdftotext reads from the PDF
};

// One command line run through the shell: its exit status and what it printed on stdout and stderr.
struct RunResult {
    int exitCode = 0;
    std::string output;
};
RunResult runCommand(const std::vector<std::string>& argv);

class Capturer {
public:
    Capturer(std::string cli, std::string pdftotext, std::string workDir);

    // Everything `side` can ask for about the campaign in `db` (docs/cli.md, docs/papers.md), including a battle
    // show and odds for each of `battleIds` (also those the side did not fight: it may type any number).
    std::vector<Capture> everything(const std::string& db, const std::string& side, int week, int day, const std::string& moment,
                                    const std::vector<int>& battleIds);
    // What changes once the day's orders are given: the side's status, its orders, and its order sheets.
    std::vector<Capture> ordersOfTheDay(const std::string& db, const std::string& side, int week, int day, const std::string& moment);

    // Ask a campaign server instead of the database: these options (`--server URL --pin ... --password-file F`)
    // take the place of `--db DB` in every command.
    void setTarget(std::vector<std::string> options) { m_target = std::move(options); }

    // Commands that do not exist yet (exit 2, usage error), each with the number of times it was tried.
    const std::map<std::string, int>& skipped() const { return m_skipped; }
    // Commands expected to exist that failed with a usage error (the audit is then out of date).
    const std::set<std::string>& broken() const { return m_broken; }

private:
    std::string m_cli, m_pdftotext, m_work;
    std::vector<std::string> m_target;
    std::map<std::string, int> m_skipped;
    std::set<std::string> m_broken;
    int m_serial = 0;

    void ask(std::vector<Capture>& out, const std::string& db, const std::string& side, int week, int day, const std::string& moment,
             const std::vector<std::string>& args, bool mayNotExist = false);
    void paper(std::vector<Capture>& out, const std::string& db, const std::string& side, int week, int day, const std::string& moment,
               const std::vector<std::string>& args);
};

}  // namespace etatmajor::audit
