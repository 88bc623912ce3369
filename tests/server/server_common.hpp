// SPDX-License-Identifier: GPL-3.0-or-later
// What the tests of etatmajor-server (tests/server/server_*_test.cpp) share: the passphrases and campaign they play,
// digests and calendars read from a campaign's database, the command-line program as a client, and waiting for the
// server's turn.
#pragma once

#include "harness.hpp"

#include "../audit/capture.hpp"

#include "etatmajor/client/client.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace etatmajor::servertest {

extern const std::string kHostPass;
extern const std::map<std::string, std::string> kSidePass;

// The campaign file every test plays (campaigns/southern-1780.xml).
std::string scenario();

// The whole number in environment variable `name`, or `fallback` when it is unset or empty.
int envCount(const char* name, int fallback);

// The digest of a campaign's state without its credentials (their salts differ from one campaign to the next).
// `inputs` false: without the arguments and results of its logged commands either, where two campaigns given the same
// orders differ only in how they were given (the set-up's passphrase hashes, the files' names); the log's commands,
// their order and where each was given still count.
std::string digestWithoutCredentials(const std::string& dbPath, const std::string& scratch, bool inputs = true);

// The phases run so far, from the campaign's command log.
int phasesRun(const std::string& dbPath);

// "week/day/phase", with "/ended" once the campaign is over.
std::string calendarOf(const std::string& dbPath);

using AtStop = std::function<void(const client::CampaignEntry&)>;

// Waits until the server's campaign waits for the orders of a day other than week/day (or has ended). At each weekly
// stop on the way (docs/server.md "The turn's stops") `atStop` is called once, with the calendar of `c`'s side.
client::CampaignEntry waitForOrders(client::Connection& c, int week, int day, const AtStop& atStop, int seconds = 300);

// Files whose first line is a passphrase: the host's, and each side's.
struct Passfiles {
    std::string host;
    std::map<std::string, std::string> sides;
};

Passfiles writePassfiles(const std::string& dir);

// A connection to the server on the loopback, plain HTTP, logged in as no one yet.
client::Connection hostConnection(int port);

// Runs the command-line program with `args`.
audit::RunResult cli(const std::vector<std::string>& args);

// Every side says it is done with the weekly stop through the command-line client (`urlOf`: each side's address of
// the server). A stop that does not wait for a side (terms to answer before W1) refuses it, and it stays silent.
void everySideDone(const std::function<std::string(const std::string&)>& urlOf, const Passfiles& pass);

// The side's weekly commands, each asked so that the rules refuse it whatever the day (an id that does not exist, a
// phase long past, one unit where two are needed): their answers are checked by the audit with everything else the
// side was sent, and the campaign stays the one played locally. `target` are the options that reach the server.
std::vector<audit::Capture> refusedWeeklyActions(const std::string& dbPath, const std::string& side, const std::string& work,
                                                 const std::vector<std::string>& target, int week, int day);

// Follows a campaign's events as `c`'s side, the weekly stops' too, until it waits for `waiting` before `phase` of
// `week`; every stop event seen is kept in `stops`.
client::CampaignEntry waitUntil(client::Connection& c, const std::string& waiting, int week, const std::string& phase,
                                std::vector<client::StopEvent>& stops, int seconds = 300);

// The stop events as "begins 1W4, ends 1W4 (done)".
std::string stopEvents(const std::vector<client::StopEvent>& stops);

// Seconds since 1970 (UTC).
std::int64_t unixNow();

}  // namespace etatmajor::servertest
