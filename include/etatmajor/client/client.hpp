// SPDX-License-Identifier: GPL-3.0-or-later
// The client of a campaign server (docs/server.md): logs a side (or the host) in and asks the server for what the
// side may know and do. The command-line program uses it for `--server`; the turn manager can use it the same way.
// It hands typed objects to its caller; the JSON of the wire stays inside it. The client never receives the
// campaign database: only the answers the server renders from the side's own view.
#pragma once

#include "etatmajor/core/issue.hpp"
#include "etatmajor/map/map.hpp"
#include "etatmajor/view/battle_view.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/view/supply_view.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace etatmajor::client {

// Where the server is: "https://host:port" (or "http://127.0.0.1:port" on the loopback only, for tests).
struct ServerAddress {
    bool tls = true;
    std::string host;
    int port = 8443;
};
// Parses a server URL; nothing, with `problem` set, for one that is not of the form scheme://host[:port][/].
std::optional<ServerAddress> parseServerUrl(const std::string& url, std::string& problem);

// How the client trusts the server's certificate: its SHA-256 fingerprint (64 hex digits, colons allowed), printed by
// the server when it starts; or a file of CA certificates that signed it (then the host name is checked too). With
// neither, the system's CA certificates are used.
struct Trust {
    std::string pinSha256;
    std::string caFile;
};
// The 32-byte fingerprint as 64 lower-case hex digits, from any spelling (colons, spaces, upper case); nothing when
// it is not 32 bytes of hex.
std::optional<std::string> normalisePin(const std::string& pin);

// A refusal of the server (`status` is the HTTP status: 400, 401, 403, 404, 409, 413, 429, 503...) or no answer at all
// (status 0: the server cannot be reached, or its certificate does not match the pin).
class ClientError : public std::runtime_error {
public:
    ClientError(int status, std::string code, const std::string& message, core::IssueList issues = {})
        : std::runtime_error(message), m_status(status), m_code(std::move(code)), m_issues(std::move(issues)) {}
    int status() const { return m_status; }
    const std::string& code() const { return m_code; }
    // The campaign's own issues behind a refusal (an orders file's problems, with file and line), when it has any.
    const core::IssueList& issues() const { return m_issues; }

private:
    int m_status;
    std::string m_code;
    core::IssueList m_issues;
};

// The moment a side's action is written for: where the campaign stands by the calendar the side read. The server
// refuses an action for any other moment (409 ACTION-STALE: a phase has run since), as it refuses orders for another
// day.
struct Moment {
    int week = 0, day = 0;
    std::string phase;
};

// Something a side may do now with its commands between the phases (engine::weeklyMoves): the command as
// etatmajor-cli spells it, and what it does.
struct SideMove {
    std::string command, what;
};

// The weekly stop the campaign stands at (docs/server.md "The turn's stops"): it ends when `phase` runs, once every
// side it waits for has said it is done, or at its deadline. Its moment is public; a side's session is also told
// whether the stop waits for that side and whether it said it was done, never the other side's word.
struct WeeklyStop {
    int week = 0;
    std::string phase, title, rule;
    std::optional<std::int64_t> deadline;  // seconds since 1970 (UTC)
    bool awaited = false, done = false;    // the side's own part (a side's session only)
};

// A campaign the server hosts, as anyone may see it before logging in: the calendar is public (docs/secrecy.md).
struct CampaignEntry {
    std::string id, name;
    int week = 0, day = 0;
    std::string phase;
    bool ended = false;
    // What the campaign waits for: "weekly-stop", "orders", "battle-results", "running", "paused", "ended".
    std::string waitingFor;
    std::vector<view::NamedRef> sides;
    std::optional<WeeklyStop> stop;
    // A side's session only: what the side may do now.
    std::vector<SideMove> may;
    Moment moment() const { return {week, day, phase}; }
};

// What an action did: its message for people and the campaign's warnings. A side's weekly action (splitMe, ...) also
// has the command's lines, as the command prints them locally, and a grant's purchase or replacement the SP of this
// week's grant the side has left.
struct ActionResult {
    std::string message;
    core::IssueList issues;
    std::vector<std::string> lines;
    std::optional<int> grantLeft;
};

// Where the side's orders for today stand: "not_given", "submitted" or "stand_fast".
struct OrdersState {
    int week = 0, day = 0;
    std::string status;
    std::string json;  // the side's own orders, as `orders show` prints them
};

// A phase the server ran (the calendar is public), and where the campaign then stands.
struct TurnEvent {
    int seq = 0, week = 0, day = 0;
    std::string phase;
};
// A weekly stop begun or ended ("begins", "ends"; why it ended: "done", "deadline", or "host" when the host ran its
// phase), numbered in a sequence of its own.
struct StopEvent {
    int seq = 0, week = 0;
    std::string kind, phase, why;
};
struct TurnEvents {
    std::vector<TurnEvent> events;  // after the sequence number asked for, oldest first
    int last = 0;                   // the newest sequence number
    std::vector<StopEvent> stops;   // the stops' events after the one asked for (when asked), oldest first
    int lastStop = 0;               // the newest of those
    CampaignEntry campaign;
};

struct PaperRequest {
    std::string kind;  // orders, blank-orders, supply, summary, roster, map, intel, battle
    std::string paper = "a4";
    double hexMm = 6.0;
    int week = 0, day = 0, battle = 0;
};

// The side's view (or the host's) from its JSON (`status --json`, the server's status): the typed object the core
// builds locally, with the hexes' offsets and the hexes the side's MEs see now. Throws ClientError SERVER-ANSWER for a text that is
// not such a document.
view::SideView sideViewFromJson(const std::string& json);
// The side's supply report from its JSON (`supply --json`, the server's supply view): its sources (no hex offsets: the
// JSON has none), foraging and this week's ledger. Throws ClientError SERVER-ANSWER for a text that is not one.
view::SupplyReport supplyReportFromJson(const std::string& json);
// The side's orders state from its JSON (`orders show --json`, the server's orders view). Throws ClientError
// SERVER-ANSWER for a text that is not JSON.
OrdersState ordersStateFromJson(const std::string& json);
// The side's battles from their JSON (`battle list --side S --json`, the server's battles view).
std::vector<view::BattleView> battlesFromJson(const std::string& json);

class Connection {
public:
    Connection(ServerAddress address, Trust trust);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // A second connection to the same server on this one's session (its own transport, so that a worker thread can
    // wait for events while this one answers the window). One request at a time on each connection.
    std::unique_ptr<Connection> sameSession() const;
    // Breaks off the request under way on this connection (from another thread): it ends with status 0 at once.
    void interrupt();

    std::vector<CampaignEntry> campaigns();

    // Logs in as `side` of `campaign` with its passphrase; throws ClientError 401 for a wrong one (nothing else is
    // said), 429 while guesses are being slowed down.
    void login(const std::string& campaign, const std::string& side, const std::string& passphrase);
    // Logs in as the host of the server (every campaign it hosts).
    void loginHost(const std::string& passphrase);
    void logout();
    const std::string& campaign() const { return m_campaign; }
    const std::string& side() const { return m_side; }

    // The side's views, rendered by the server from the side's knowledge: text or JSON as the CLI prints them.
    // `what`: status, intel, loc, supply, log, report, battles, orders, orders/template.
    std::string view(const std::string& what, bool json, int week = 0, int day = 0);
    // The side's status as the typed view the turn manager renders.
    view::SideView status();
    // The side's supply report as the typed object (its sources and who draws on them, for the Week dialog).
    view::SupplyReport supply();
    // The campaign's map (public: terrain, roads, towns; no counter), on which the side's view is drawn.
    map::Map map();
    CampaignEntry calendar();
    OrdersState orders();
    std::vector<view::BattleView> battles();
    std::string battleText(int id);
    // Odds on the side's own knowledge: its text, and whether they could be computed. `assume` pictures enemy counters
    // no report describes, each "COUNTER=KIND:N,KIND:N" (battle odds --assume); the server refuses a bad one (ODDS-ASSUME).
    std::pair<std::string, bool> battleOdds(int id, int runs, const std::vector<std::string>& assume = {});
    // A PDF of the side's papers.
    std::string paper(const PaperRequest& request);

    ActionResult submitOrders(const std::string& xml, const std::string& fileName);
    ActionResult withdrawOrders();
    ActionResult standFast();
    // A tabletop result file: applied when both sides have given the same one (or the host gives it).
    ActionResult enterBattleResult(int id, const std::string& xml, const std::string& fileName);

    // The side's week (docs/server.md "A side's week"): the core's commands run on the server as the logged-in side,
    // at the moment `at` (calendar().moment()). A refusal is a ClientError with the command's issues: 409 for an
    // action the campaign does not allow now, 403 for an ME the side does not have (the enemy's answered as unknown).
    ActionResult declineInitiative(const Moment& at);
    ActionResult splitMe(const Moment& at, const std::string& from, const std::string& newMe, const std::string& label,
                         const std::vector<std::string>& members);
    ActionResult transfer(const Moment& at, const std::string& from, const std::string& to, const std::vector<std::string>& members);
    ActionResult dissolveMe(const Moment& at, const std::string& me, const std::string& into);
    ActionResult formProvisional(const Moment& at, const std::string& me, const std::vector<std::string>& units,
                                 const std::string& newUnit, const std::string& name);
    // A purchase file's text (UTF-8, as io::readPurchaseFile gives it); `fileName` names it in messages.
    ActionResult buyWithGrant(const Moment& at, const std::string& xml, const std::string& fileName);
    ActionResult replaceFromGrant(const Moment& at, const std::string& me, const std::vector<std::string>& units,
                                  const std::vector<std::string>& generals);
    ActionResult allocateSupply(const Moment& at, const std::string& source, const std::vector<std::pair<std::string, int>>& shares);
    // `at` of a bridge: the hex across the river, "col,row".
    ActionResult requestSpending(const Moment& at, const std::string& me, const std::string& kind, int count,
                                 const std::string& workClass, const std::optional<std::string>& bridgeTo);
    ActionResult answerTerms(const Moment& at, int siege, bool accept);
    // The side is done with the weekly stop the campaign stands at (`at`), or takes that word back while it waits.
    ActionResult weekDone(const Moment& at);
    ActionResult weekReopen(const Moment& at);

    // Waits up to `seconds` for phases after sequence number `after` (long poll); with `afterStop`, also for the
    // weekly stops' events after that one.
    TurnEvents waitForEvents(int after, int seconds, std::optional<int> afterStop = std::nullopt);

    // The host's actions (after loginHost).
    ActionResult createCampaign(const std::string& id, const std::string& scenario, std::uint64_t seed,
                                const std::vector<std::pair<std::string, std::string>>& sidePassphrases);
    ActionResult advance(const std::string& campaign, const std::string& step, bool standFastMissing);
    ActionResult setDeadline(const std::string& campaign, std::optional<std::int64_t> at, bool standFastMissing);
    // The deadline of the weekly stop the campaign stands at or reaches next (seconds since 1970, or none), and the
    // minutes each stop is given when it begins without one (or none).
    ActionResult setWeekDeadline(const std::string& campaign, std::optional<std::int64_t> at, std::optional<int> minutesPerStop);

    struct Impl;  // the transport; inside the library only

private:
    std::unique_ptr<Impl> m_impl;
    ServerAddress m_address;
    Trust m_trust;
    std::string m_token, m_campaign, m_side;

    std::string sidePath(const std::string& rest) const;
};

// A deadline (seconds since 1970) as people read it, in UTC: "2026-11-27 12:00 UTC".
std::string utcText(std::int64_t seconds);

}  // namespace etatmajor::client
