// SPDX-License-Identifier: GPL-3.0-or-later
// The turn manager's side of a campaign server (docs/server.md "The turn manager on a server"), without wx: what a
// person gives to connect, the words the window says when the server refuses or cannot be reached, and the small
// choices the server window makes about what it shows. The window itself is server_frame.hpp.
#pragma once

#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/client/client.hpp"
#include "etatmajor/engine/weekly_stops.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace etatmajor::gui {

// What the "Connect to a campaign server" dialog asks.
struct ServerLogin {
    std::string url;     // https://HOST:PORT (http://127.0.0.1:PORT for a server on this machine)
    std::string pin;     // the SHA-256 fingerprint the server printed, or empty
    std::string caFile;  // or a file of CA certificates, or empty (the system's CAs)
    std::string campaign, side, passphrase;
};

// A connection to the server of `login` (not yet logged in). Throws client::ClientError CLIENT-URL for a URL that is
// not https://HOST[:PORT], CLIENT-PIN for a pin that is no fingerprint.
std::unique_ptr<client::Connection> openServer(const ServerLogin& login);

// The words for a person of a refusal or of no answer: a wrong passphrase (401), a server that cannot be reached or
// whose certificate does not match the pin (status 0), an order refused with its file's issues (file and line).
std::string serverErrorText(const client::ClientError& error, const ServerLogin& login);

// One issue a line, as the command line prints them ("FILE:LINE: error CODE: message").
std::string issueLines(const core::IssueList& issues);

// The name the window gives the orders file it sends (the server's issues name it): orders-SIDE-wWEEKdDAY.xml.
std::string ordersFileName(const campaign::OrdersFile& orders);

// The day whose report the window shows after the phases `events`: the last day that ran a phase before the day the
// campaign stands at now (the day just fought); {0, 0} (today's) when the events hold no earlier day.
std::pair<int, int> reportDayAfter(const std::vector<client::TurnEvent>& events, int week, int day);

// "Week 1, day 2 · D2 Orders · waiting for orders" from the public calendar.
std::string calendarText(const client::CampaignEntry& entry);

// The move the server offers (its command as etatmajor-cli spells it: "supply allocate", "siege answer --siege 3") as
// the core's kind of move, for the Week dialog's forms; nothing for a command the dialog has no form for.
std::optional<engine::SideMove> sideMoveOf(const client::SideMove& move);

// The weekly stop of the server's calendar as the core names it (for the Week dialog's heading): its phase, what it
// is for and its rule, and the side itself among those it waits for when it is awaited. Nothing when the calendar has
// no stop or names a phase the core does not know.
std::optional<engine::WeeklyStop> weeklyStopOf(const client::CampaignEntry& entry, const std::string& side);

// The side's part in the weekly stop the campaign stands at, for the phase bar and the Week dialog: "The weekly stop
// before W4 (...): deadline ... · British have not said they are done"; empty when there is no stop.
std::string stopWordText(const client::CampaignEntry& entry, const std::string& sideName);

}  // namespace etatmajor::gui
