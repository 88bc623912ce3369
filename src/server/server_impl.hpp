// SPDX-License-Identifier: GPL-3.0-or-later
// The inside of etatmajor-server (docs/server.md), shared by its source files: the helpers that read a request and
// answer it, the campaigns and sessions it holds, and Server::Impl. server.cpp keeps the state file, the sessions and
// the turn; the server_routes*.cpp files register the HTTP routes, one group of routes a function. Not installed.
#pragma once

#include "server.hpp"

#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/engine/commands.hpp"
#include "etatmajor/engine/weekly_stops.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <regex>
#include <string>
#include <thread>
#include <vector>

namespace etatmajor::server {

namespace fs = std::filesystem;
using nlohmann::json;
using nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

// --- reading a request and answering it (server_http.cpp) ---

// What a campaign's id and a campaign file's name may be: letters, digits, '-' and '_', at most 64.
extern const std::regex kIdPattern;

std::int64_t nowSeconds();

// An answer the server gives instead of the one asked for: an HTTP status with the campaign's code and message.
struct Refusal {
    int status;
    std::string code, message;
    core::IssueList issues;
};

json issuesJson(const core::IssueList& issues);
void sendJson(httplib::Response& res, int status, const json& body);
void sendRefusal(httplib::Response& res, const Refusal& r);
[[noreturn]] void refuse(int status, const std::string& code, const std::string& message, core::IssueList issues = {});
int statusOfIssues(const core::IssueList& issues);

json parseBody(const httplib::Request& req);
std::string stringField(const json& body, const char* key, bool required, std::size_t maxBytes = 1 << 20);
std::vector<std::string> stringListField(const json& body, const char* key, bool required);
int intField(const json& body, const char* key, bool required, int fallback, int lo, int hi);
bool boolField(const json& body, const char* key, bool required, bool fallback);

// The moment a side's action was written for, as the campaign's public calendar gives it (GET /api/v1/campaigns/C):
// every action names it, as an orders file names its day, so that an action decided on what the side saw before a
// phase ran is not applied after it.
struct Moment {
    int week = 0, day = 0;
    std::string phase;
};

Moment momentOf(const json& body);
int intParam(const httplib::Request& req, const char* key, int fallback, int lo, int hi);

std::string randomToken();
std::string fastHash(const std::string& text);

// Runs `f` with a temporary file of this process that is removed afterwards.
template <typename F>
auto withTempFile(const std::string& dir, const std::string& suffix, F f) {
    const std::string path = (fs::path(dir) / (".tmp-" + randomToken().substr(0, 16) + suffix)).string();
    struct Remove {
        std::string p;
        ~Remove() {
            std::error_code ec;
            fs::remove(p, ec);
        }
    } guard{path};
    return f(path);
}

// One campaign the server hosts: its database, opened once and checked then, used by one request or the turn at a
// time.
struct Hosted {
    std::string id, path;
    std::mutex mutex;
    std::optional<db::CampaignStore> store;
    // The host's settings (kept in the server's state file).
    bool autoRun = true;
    std::optional<std::int64_t> deadline;
    bool standFastMissing = false;
    // The deadline of the weekly stop the campaign stands at, or of the next one it reaches (spent when that stop
    // ends), and the minutes a stop that begins without one is given.
    std::optional<std::int64_t> weekDeadline;
    std::optional<int> weekStopMinutes;
    // Why the turn does not run on by itself (a tabletop battle waits for its result, an error): for the host.
    std::string blocked;
};

// A login. Sessions are kept in the server's state file (docs/server.md "Sessions"), under the hash of their token,
// so that a restart does not log anyone out; the token itself is never written.
struct Session {
    std::string campaign;  // empty for the host
    std::string side;      // empty for the host
    bool host = false;
    std::int64_t created = 0, lastUse = 0;  // seconds since 1970 (UTC)
    std::int64_t lastWritten = 0;           // when lastUse was last written to the state file
    std::string client;
    // The stamp of the passphrase the session was opened with (auth::passphraseStamp; the host's: of the server's
    // hash of the host's passphrase). A new passphrase ends the sessions opened with the old one.
    std::string stamp;
};

struct Server::Impl {
    ServerConfig config;
    std::unique_ptr<httplib::Server> http;
    std::string stateDir;

    std::mutex campaignsMutex;
    std::map<std::string, std::shared_ptr<Hosted>> campaigns;

    std::mutex stateMutex;  // the server's own state file
    std::optional<SQLite::Database> state;

    std::mutex sessionsMutex;
    std::map<std::string, Session> sessions;  // by the hash of the token

    // Failed logins in a row, per client address and per campaign side (or the host); the slow-down of
    // auth::failureDelay applies to each, and an answer in the slow-down is 429 without any check.
    struct Failures {
        int count = 0;
        Clock::time_point last;
    };
    std::mutex failuresMutex;
    std::map<std::string, Failures> failures;

    std::mutex hostHashMutex;
    std::string hostHash;    // Argon2id of the host's passphrase
    std::string hostStamp;   // its hash: the stamp of the host's sessions
    std::mutex verifyMutex;  // one Argon2id check at a time (64 MiB each)

    std::mutex eventsMutex;
    std::condition_variable eventsChanged;
    std::atomic<bool> stopping{false};
    std::thread runner;
    std::condition_variable runnerWake;
    std::mutex runnerMutex;
    bool runnerPoked = false;

    void log(const std::string& line);

    // --- the server's own state: the host's settings and tabletop results given so far (server.cpp) ---
    void openState();
    void hostPassphraseHash();
    void loadSettings(Hosted& h);
    void saveSettings(const Hosted& h);
    void saveSettingsLocked(const Hosted& h);

    // --- the weekly stops (docs/server.md "The turn's stops"), kept in the state file (server.cpp) ---
    struct StopEvent {
        int seq = 0;
        std::string kind;  // "begins" or "ends"
        int week = 0;
        std::string phase, why;
        std::int64_t at = 0;
    };

    std::map<std::string, std::string> stopSaid(const Hosted& h, int week, const std::string& phase);
    void sayDone(const Hosted& h, int week, const std::string& phase, const std::string& side, bool done);
    bool stopEventKnown(const Hosted& h, int week, const std::string& phase, const std::string& kind);
    void addStopEvent(const Hosted& h, const std::string& kind, int week, const std::string& phase, const std::string& why);
    int lastStopEvent(const Hosted& h);
    std::vector<StopEvent> stopEventsAfter(const Hosted& h, int after);
    static json stopEventJson(const StopEvent& e);
    static std::string stopName(int week, const std::string& phase);
    bool stopHolds(Hosted& h, const engine::WeeklyStop& stop);
    void beginStop(Hosted& h, const engine::WeeklyStop& stop);
    void settleStops(Hosted& h);
    void forgetCampaign(const std::string& id);

    // --- campaigns (server.cpp) ---
    std::shared_ptr<Hosted> openCampaign(const std::string& id, const std::string& path);
    void openFolder();
    std::shared_ptr<Hosted> campaign(const std::string& id);
    json calendarOf(Hosted& h, const std::string& side = {}, bool host = false);

    // --- sessions (server.cpp) ---
    std::optional<std::string> tokenOf(const httplib::Request& req);
    bool expired(const Session& s, std::int64_t now) const;
    void storeSession(const std::string& key, const Session& s);
    void forgetSession(const std::string& key);
    void touchSession(const std::string& key, std::int64_t lastUse);
    void loadSessions();
    bool stampHolds(const Session& s);
    Session session(const httplib::Request& req);
    std::string newSession(Session s);
    void endSession(const httplib::Request& req);
    Session mayRead(const httplib::Request& req, const std::string& id, const std::string& side);
    Session mayAct(const httplib::Request& req, const std::string& id, const std::string& side);
    Session mayHost(const httplib::Request& req);

    // --- the turn (server.cpp) ---
    void poke();
    void announce();
    void drive(Hosted& h);
    void driveAll();
    void runnerLoop();

    // --- routes: how a route is registered and answers (server_routes.cpp) ---
    using Handler = std::function<void(const httplib::Request&, httplib::Response&)>;
    using SideView = std::function<void(Hosted&, const std::string&, const httplib::Request&, httplib::Response&)>;
    using SideAction = std::function<void(Hosted&, const std::string&, const json&, const httplib::Request&, httplib::Response&)>;
    // A side's action between the phases (docs/server.md "A side's week"): `build` makes the core's command from the
    // body, `extra` adds to the answer from the side's view (see sideCommand).
    using RunCommand = std::function<engine::CommandResult(db::CampaignStore&)>;
    using BuildCommand = std::function<RunCommand(const std::string& side, const json& body, const httplib::Request& req)>;
    using Extra = std::function<void(Hosted&, const std::string& side, json& answer)>;

    Handler guarded(Handler f);
    static bool wantsText(const httplib::Request& req);
    static void sendView(httplib::Response& res, bool text, const std::string& body);
    void sideGet(const std::string& what, SideView f);
    void sideAct(const std::string& method, const std::string& what, SideAction f);
    static void checkMoment(Hosted& h, const Moment& moment);
    void sideCommand(const std::string& what, BuildCommand build, Extra extra = {});
    static void sendAction(httplib::Response& res, const std::string& message, const core::IssueList& warnings = {});
    static void refuseIssues(const core::IssueList& issues);
    // Every route of the API, group after group, in this order.
    void routes();

    // --- the groups of routes ---
    // Logins (server_routes_session.cpp).
    void checkSlowDown(const std::vector<std::string>& keys);
    void recordFailure(const std::vector<std::string>& keys);
    void clearFailures(const std::vector<std::string>& keys);
    void login(const httplib::Request& req, httplib::Response& res);
    void sessionRoutes();
    void eventRoutes();
    // A side's views (server_routes_views.cpp).
    void sideViewRoutes();
    // A side's actions (server_routes_actions.cpp).
    void orderRoutes();
    void weekRoutes();
    void weeklyStopRoutes();
    void tabletopRoutes();
    void applyResult(Hosted& h, int battle, const std::string& xml, const std::string& file, httplib::Response& res);
    // The host's (server_routes_host.cpp).
    void hostRoutes();
    void create(const httplib::Request& req, httplib::Response& res);
};

}  // namespace etatmajor::server
