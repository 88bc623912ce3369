// SPDX-License-Identifier: GPL-3.0-or-later
#include "server.hpp"

#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/core/text.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/engine/commands.hpp"
#include "etatmajor/engine/grant.hpp"
#include "etatmajor/engine/intel.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/phase_log.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "etatmajor/engine/reports.hpp"
#include "etatmajor/engine/siege.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/engine/weekly_stops.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"
#include "etatmajor/report/papers.hpp"
#include "etatmajor/report/pdf.hpp"
#include "etatmajor/version.hpp"
#include "etatmajor/view/battle_text.hpp"
#include "etatmajor/view/battle_view.hpp"
#include "etatmajor/view/day_report.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <httplib.h>
#include <nlohmann/json.hpp>
#include <sodium.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

namespace etatmajor::server {

namespace fs = std::filesystem;
using nlohmann::json;
using nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

bool isLoopback(const std::string& a) { return a == "localhost" || a == "::1" || a == "[::1]" || a.rfind("127.", 0) == 0; }

namespace {

constexpr const char* kStateFile = "etatmajor-server.sqlite";
const std::regex kIdPattern("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");

std::int64_t nowSeconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string timestamp() {
    const std::time_t t = std::time(nullptr);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
    return buf;
}

// An answer the server gives instead of the one asked for: an HTTP status with the campaign's code and message.
struct Refusal {
    int status;
    std::string code, message;
    core::IssueList issues;
};

json issuesJson(const core::IssueList& issues) {
    json out = json::array();
    for (const auto& i : issues.items()) {
        json j{{"severity", i.severity == core::Severity::Error ? "error" : "warning"}, {"code", i.code}, {"message", i.message}};
        if (!i.file.empty()) j["file"] = i.file;
        if (i.line > 0) j["line"] = i.line;
        if (i.where) j["where"] = *i.where;
        out.push_back(j);
    }
    return out;
}

void sendJson(httplib::Response& res, int status, const json& body) {
    res.status = status;
    res.set_content(body.dump(2) + "\n", "application/json");
}

void sendRefusal(httplib::Response& res, const Refusal& r) {
    json e{{"code", r.code}, {"message", r.message}};
    if (!r.issues.empty()) e["issues"] = issuesJson(r.issues);
    sendJson(res, r.status, json{{"error", e}});
}

[[noreturn]] void refuse(int status, const std::string& code, const std::string& message, core::IssueList issues = {}) {
    throw Refusal{status, code, message, std::move(issues)};
}

// The HTTP status of a refusal by the core, from its first error's code: 409 when the campaign is not where the
// action can be taken (a phase, a day, an answer already given), 403 when the side asks for what is not its own (an
// ME it does not have, the other side's file or battle: the same words whether the thing belongs to the enemy or does
// not exist, so the answer tells nothing of the enemy), 404 for a battle or siege the campaign does not have.
int statusOfIssues(const core::IssueList& issues) {
    for (const auto& i : issues.items()) {
        if (i.severity != core::Severity::Error) continue;
        static const std::set<std::string> conflicts{"ORDERS-GIVEN",       "ORDERS-TOO-LATE", "ORDERS-NOT-GIVEN", "ORDERS-STALE",
                                                     "CAMPAIGN-ENDED",     "BATTLE-RESOLVED", "BATTLE-STATUS",    "ORDERS-MISSING",
                                                     "BATTLE-TABLETOP",    "REORG-TOO-LATE",  "GRANT-TIMING",     "SUPPLY-TIMING",
                                                     "INITIATIVE-DECLINE", "SIEGE-TERMS"};
        static const std::set<std::string> notOwn{"ORDERS-SIDE", "BATTLE-SIDE", "GRANT-SIDE", "SIEGE-SIDE",
                                                  "REORG-ME",    "GRANT-ME",    "SUPPLY-ME"};
        if (conflicts.count(i.code)) return 409;
        if (notOwn.count(i.code)) return 403;
        if (i.code == "BATTLE-UNKNOWN" || i.code == "SIEGE-ID") return 404;
        return 400;
    }
    return 400;
}

json parseBody(const httplib::Request& req) {
    if (req.body.empty()) return json::object();
    try {
        auto j = json::parse(req.body);
        if (!j.is_object()) refuse(400, "BAD-JSON", "the body must be a JSON object");
        return j;
    } catch (const json::parse_error& e) {
        refuse(400, "BAD-JSON", "the body is not valid JSON (stopped at byte " + std::to_string(e.byte) + ")");
    }
}

std::string stringField(const json& body, const char* key, bool required, std::size_t maxBytes = 1 << 20) {
    if (!body.contains(key)) {
        if (required) refuse(400, "BAD-REQUEST", std::string("the body has no \"") + key + "\"");
        return {};
    }
    if (!body[key].is_string()) refuse(400, "BAD-REQUEST", std::string("\"") + key + "\" must be a string");
    auto s = body[key].get<std::string>();
    if (s.size() > maxBytes) refuse(413, "TOO-LARGE", std::string("\"") + key + "\" is too long");
    return s;
}

// A list of strings (ids), each at most 200 bytes, at most 1,000 of them.
std::vector<std::string> stringListField(const json& body, const char* key, bool required) {
    if (!body.contains(key)) {
        if (required) refuse(400, "BAD-REQUEST", std::string("the body has no \"") + key + "\" (a list of ids)");
        return {};
    }
    const auto& list = body[key];
    if (!list.is_array()) refuse(400, "BAD-REQUEST", std::string("\"") + key + "\" must be a list of strings");
    if (list.size() > 1000) refuse(413, "TOO-LARGE", std::string("\"") + key + "\" has more than 1000 items");
    std::vector<std::string> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (!list[i].is_string())
            refuse(400, "BAD-REQUEST",
                   std::string("\"") + key + "\" must be a list of strings; item " + std::to_string(i + 1) + " is not a string");
        out.push_back(list[i].get<std::string>());
        if (out.back().size() > 200) refuse(413, "TOO-LARGE", std::string("an item of \"") + key + "\" is too long");
    }
    return out;
}

int intField(const json& body, const char* key, bool required, int fallback, int lo, int hi) {
    if (!body.contains(key)) {
        if (required) refuse(400, "BAD-REQUEST", std::string("the body has no \"") + key + "\"");
        return fallback;
    }
    const auto& v = body[key];
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
        refuse(400, "BAD-REQUEST",
               std::string("\"") + key + "\" must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    return v.get<int>();
}

bool boolField(const json& body, const char* key, bool required, bool fallback) {
    if (!body.contains(key)) {
        if (required) refuse(400, "BAD-REQUEST", std::string("the body has no \"") + key + "\" (true or false)");
        return fallback;
    }
    if (!body[key].is_boolean()) refuse(400, "BAD-REQUEST", std::string("\"") + key + "\" must be true or false");
    return body[key].get<bool>();
}

// The moment a side's action was written for, as the campaign's public calendar gives it (GET /api/v1/campaigns/C):
// every action names it, as an orders file names its day, so that an action decided on what the side saw before a
// phase ran is not applied after it.
struct Moment {
    int week = 0, day = 0;
    std::string phase;
};

Moment momentOf(const json& body) {
    Moment m;
    m.week = intField(body, "week", true, 0, 1, 10000);
    m.day = intField(body, "day", true, 0, 1, 7);
    m.phase = stringField(body, "phase", true, 10);
    return m;
}

int intParam(const httplib::Request& req, const char* key, int fallback, int lo, int hi) {
    if (!req.has_param(key)) return fallback;
    const auto v = req.get_param_value(key);
    try {
        std::size_t used = 0;
        const long n = std::stol(v, &used);
        if (used == v.size() && n >= lo && n <= hi) return static_cast<int>(n);
    } catch (const std::exception&) {
    }
    refuse(400, "BAD-PARAM",
           std::string("the parameter ") + key + " must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
}

std::string hexOf(const unsigned char* bytes, std::size_t size) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < size; ++i) {
        out += digits[bytes[i] >> 4];
        out += digits[bytes[i] & 15];
    }
    return out;
}

std::string randomToken() {
    unsigned char bytes[32];
    randombytes_buf(bytes, sizeof bytes);
    return hexOf(bytes, sizeof bytes);
}

// What the server keeps of a session's token (or of the host's passphrase hash, for its stamp): a BLAKE2b hash. A
// token is 32 random bytes, so a fast hash is enough: whoever reads the state file cannot turn it back into a token.
std::string fastHash(const std::string& text) {
    unsigned char digest[32];
    crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(text.data()), text.size(), nullptr, 0);
    return hexOf(digest, sizeof digest);
}

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

}  // namespace

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

    void log(const std::string& line) {
        static std::mutex m;
        std::lock_guard lock(m);
        std::cerr << timestamp() << " " << line << std::endl;
    }

    // --- the server's own state: the host's settings and tabletop results given so far ---
    void openState() {
        state.emplace((fs::path(config.campaignsDir) / kStateFile).string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        state->exec("PRAGMA journal_mode=WAL");
        state->exec("PRAGMA synchronous=FULL");
        state->setBusyTimeout(30000);
        state->exec("CREATE TABLE IF NOT EXISTS settings (campaign TEXT PRIMARY KEY, auto_run INTEGER NOT NULL DEFAULT 1, "
                    "deadline INTEGER, stand_fast_missing INTEGER NOT NULL DEFAULT 0)");
        state->exec("CREATE TABLE IF NOT EXISTS battle_result (campaign TEXT NOT NULL, battle INTEGER NOT NULL, side TEXT NOT NULL, "
                    "xml TEXT NOT NULL, file TEXT NOT NULL, given INTEGER NOT NULL, PRIMARY KEY (campaign, battle, side))");
        state->exec("CREATE TABLE IF NOT EXISTS session (token_hash TEXT PRIMARY KEY, campaign TEXT NOT NULL, side TEXT NOT NULL, "
                    "host INTEGER NOT NULL, client TEXT NOT NULL, created INTEGER NOT NULL, last_use INTEGER NOT NULL, "
                    "stamp TEXT NOT NULL)");
        state->exec("CREATE TABLE IF NOT EXISTS server_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
        // The weekly stops (docs/server.md "The turn's stops"): each side's word that it is done with a stop ('done',
        // or 'deadline' when the stop's deadline passed without it), and the stops begun and ended, for the events.
        state->exec("CREATE TABLE IF NOT EXISTS stop_done (campaign TEXT NOT NULL, week INTEGER NOT NULL, phase TEXT NOT NULL, "
                    "side TEXT NOT NULL, how TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (campaign, week, phase, side))");
        state->exec("CREATE TABLE IF NOT EXISTS stop_event (campaign TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, "
                    "week INTEGER NOT NULL, phase TEXT NOT NULL, why TEXT NOT NULL DEFAULT '', at INTEGER NOT NULL, "
                    "PRIMARY KEY (campaign, seq), UNIQUE (campaign, week, phase, kind))");
        // A state file of an earlier server has no weekly deadlines yet.
        std::set<std::string> columns;
        SQLite::Statement info(*state, "PRAGMA table_info(settings)");
        while (info.executeStep()) columns.insert(info.getColumn(1).getString());
        if (!columns.count("week_deadline")) state->exec("ALTER TABLE settings ADD COLUMN week_deadline INTEGER");
        if (!columns.count("week_stop_minutes")) state->exec("ALTER TABLE settings ADD COLUMN week_stop_minutes INTEGER");
    }

    // The host's passphrase hash of the last start when the passphrase is the same (the host's sessions then go on),
    // else a new one (and the sessions of the old passphrase end, their stamp no longer matching).
    void hostPassphraseHash() {
        std::lock_guard lock(stateMutex);
        SQLite::Statement q(*state, "SELECT value FROM server_meta WHERE key = 'host_hash'");
        if (q.executeStep()) {
            const std::string kept = q.getColumn(0).getString();
            if (crypto_pwhash_str_verify(kept.c_str(), config.hostPassphrase.c_str(), config.hostPassphrase.size()) == 0) {
                hostHash = kept;
                hostStamp = fastHash(hostHash);
                return;
            }
        }
        char hash[crypto_pwhash_STRBYTES];
        if (crypto_pwhash_str(hash, config.hostPassphrase.c_str(), config.hostPassphrase.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                              crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
            throw std::runtime_error("not enough memory to hash the host's passphrase");
        hostHash = hash;
        hostStamp = fastHash(hostHash);
        SQLite::Statement up(*state, "INSERT INTO server_meta (key, value) VALUES ('host_hash', ?) "
                                     "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
        up.bind(1, hostHash);
        up.exec();
    }

    void loadSettings(Hosted& h) {
        std::lock_guard lock(stateMutex);
        SQLite::Statement q(*state, "SELECT auto_run, deadline, stand_fast_missing, week_deadline, week_stop_minutes FROM settings "
                                    "WHERE campaign = ?");
        q.bind(1, h.id);
        if (q.executeStep()) {
            h.autoRun = q.getColumn(0).getInt() != 0;
            if (!q.getColumn(1).isNull()) h.deadline = q.getColumn(1).getInt64();
            h.standFastMissing = q.getColumn(2).getInt() != 0;
            if (!q.getColumn(3).isNull()) h.weekDeadline = q.getColumn(3).getInt64();
            if (!q.getColumn(4).isNull()) h.weekStopMinutes = q.getColumn(4).getInt();
        }
    }

    void saveSettings(const Hosted& h) {
        std::lock_guard lock(stateMutex);
        saveSettingsLocked(h);
    }
    void saveSettingsLocked(const Hosted& h) {
        SQLite::Statement q(*state, "INSERT INTO settings (campaign, auto_run, deadline, stand_fast_missing, week_deadline, "
                                    "week_stop_minutes) VALUES (?,?,?,?,?,?) "
                                    "ON CONFLICT (campaign) DO UPDATE SET auto_run = excluded.auto_run, deadline = excluded.deadline, "
                                    "stand_fast_missing = excluded.stand_fast_missing, week_deadline = excluded.week_deadline, "
                                    "week_stop_minutes = excluded.week_stop_minutes");
        q.bind(1, h.id);
        q.bind(2, h.autoRun ? 1 : 0);
        if (h.deadline) q.bind(3, *h.deadline);
        else q.bind(3);
        q.bind(4, h.standFastMissing ? 1 : 0);
        if (h.weekDeadline) q.bind(5, *h.weekDeadline);
        else q.bind(5);
        if (h.weekStopMinutes) q.bind(6, *h.weekStopMinutes);
        else q.bind(6);
        q.exec();
    }

    // --- the weekly stops (docs/server.md "The turn's stops"), kept in the state file ---
    // What each side said of a stop: side -> "done", or "deadline" when the stop's deadline passed without its word.
    std::map<std::string, std::string> stopSaid(const Hosted& h, int week, const std::string& phase) {
        std::lock_guard lock(stateMutex);
        SQLite::Statement q(*state, "SELECT side, how FROM stop_done WHERE campaign = ? AND week = ? AND phase = ?");
        q.bind(1, h.id);
        q.bind(2, week);
        q.bind(3, phase);
        std::map<std::string, std::string> out;
        while (q.executeStep()) out[q.getColumn(0).getString()] = q.getColumn(1).getString();
        return out;
    }

    // A side's word that it is done with a stop, or (`done` false) its word taken back; one statement, committed
    // before the answer.
    void sayDone(const Hosted& h, int week, const std::string& phase, const std::string& side, bool done) {
        std::lock_guard lock(stateMutex);
        SQLite::Statement q(*state,
                            done ? "INSERT OR IGNORE INTO stop_done (campaign, week, phase, side, how, at) VALUES (?,?,?,?,'done',?)"
                                 : "DELETE FROM stop_done WHERE campaign = ? AND week = ? AND phase = ? AND side = ?");
        q.bind(1, h.id);
        q.bind(2, week);
        q.bind(3, phase);
        q.bind(4, side);
        if (done) q.bind(5, nowSeconds());
        q.exec();
    }

    struct StopEvent {
        int seq = 0;
        std::string kind;  // "begins" or "ends"
        int week = 0;
        std::string phase, why;
        std::int64_t at = 0;
    };

    // The caller holds stateMutex.
    bool stopEventKnown(const Hosted& h, int week, const std::string& phase, const std::string& kind) {
        SQLite::Statement q(*state, "SELECT 1 FROM stop_event WHERE campaign = ? AND week = ? AND phase = ? AND kind = ?");
        q.bind(1, h.id);
        q.bind(2, week);
        q.bind(3, phase);
        q.bind(4, kind);
        return q.executeStep();
    }
    void addStopEvent(const Hosted& h, const std::string& kind, int week, const std::string& phase, const std::string& why) {
        SQLite::Statement q(*state, "INSERT OR IGNORE INTO stop_event (campaign, seq, kind, week, phase, why, at) VALUES "
                                    "(?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM stop_event WHERE campaign = ?), ?, ?, ?, ?, ?)");
        q.bind(1, h.id);
        q.bind(2, h.id);
        q.bind(3, kind);
        q.bind(4, week);
        q.bind(5, phase);
        q.bind(6, why);
        q.bind(7, nowSeconds());
        q.exec();
    }

    int lastStopEvent(const Hosted& h) {
        std::lock_guard lock(stateMutex);
        SQLite::Statement q(*state, "SELECT COALESCE(MAX(seq), 0) FROM stop_event WHERE campaign = ?");
        q.bind(1, h.id);
        q.executeStep();
        return q.getColumn(0).getInt();
    }

    std::vector<StopEvent> stopEventsAfter(const Hosted& h, int after) {
        std::lock_guard lock(stateMutex);
        SQLite::Statement q(*state,
                            "SELECT seq, kind, week, phase, why, at FROM stop_event WHERE campaign = ? AND seq > ? ORDER BY seq "
                            "LIMIT 1000");
        q.bind(1, h.id);
        q.bind(2, after);
        std::vector<StopEvent> out;
        while (q.executeStep())
            out.push_back({q.getColumn(0).getInt(), q.getColumn(1).getString(), q.getColumn(2).getInt(), q.getColumn(3).getString(),
                           q.getColumn(4).getString(), q.getColumn(5).getInt64()});
        return out;
    }

    static json stopEventJson(const StopEvent& e) {
        json j{{"seq", e.seq}, {"kind", e.kind}, {"week", e.week}, {"phase", e.phase}, {"at", e.at}};
        if (!e.why.empty()) j["why"] = e.why;
        return j;
    }

    static std::string stopName(int week, const std::string& phase) {
        return "the weekly stop before " + phase + " of week " + std::to_string(week);
    }

    // The stop the campaign stands at (the caller holds h.mutex), on each round of the turn: begun once (its event,
    // and the host's minutes as its deadline when it has none); it holds while a side it waits for has not said it is
    // done and the deadline has not passed. Then it ends, in one transaction of the state file: the sides that said
    // nothing are recorded as having done nothing (logged, like a stand-fast at the day's deadline), its event is
    // written and its deadline spent. Returns whether the turn waits.
    bool stopHolds(Hosted& h, const engine::WeeklyStop& stop) {
        const std::string phase = campaign::phaseString(stop.phase);
        const auto now = nowSeconds();
        {
            std::lock_guard lock(stateMutex);
            if (stopEventKnown(h, stop.week, phase, "ends")) return false;
        }
        beginStop(h, stop);
        const auto said = stopSaid(h, stop.week, phase);
        std::vector<std::string> silent;
        for (const auto& side : stop.sides)
            if (!said.count(side)) silent.push_back(side);
        if (!silent.empty() && (!h.weekDeadline || now < *h.weekDeadline)) return true;
        {
            std::lock_guard lock(stateMutex);
            SQLite::Transaction t(*state);
            for (const auto& side : silent) {
                SQLite::Statement q(*state, "INSERT OR IGNORE INTO stop_done (campaign, week, phase, side, how, at) "
                                            "VALUES (?,?,?,?,'deadline',?)");
                q.bind(1, h.id);
                q.bind(2, stop.week);
                q.bind(3, phase);
                q.bind(4, side);
                q.bind(5, now);
                q.exec();
            }
            addStopEvent(h, "ends", stop.week, phase, silent.empty() ? "done" : "deadline");
            h.weekDeadline.reset();
            saveSettingsLocked(h);
            t.commit();
        }
        std::string names;
        for (const auto& side : silent) names += (names.empty() ? "" : ", ") + side;
        log("campaign " + h.id + ": " + stopName(stop.week, phase) + " ends: " +
            (silent.empty() ? std::string("every side it waited for is done")
                            : "its deadline has passed; " + names + " did nothing there"));
        announce();
        return false;
    }

    // The stop's beginning, once (the caller holds h.mutex): its event, and the host's minutes as its deadline when it
    // has none. The turn calls it in the same hold of the campaign as the phase that led to the stop, so that no one
    // sees the stop without its deadline.
    void beginStop(Hosted& h, const engine::WeeklyStop& stop) {
        const std::string phase = campaign::phaseString(stop.phase);
        std::lock_guard lock(stateMutex);
        if (stopEventKnown(h, stop.week, phase, "begins")) return;
        SQLite::Transaction t(*state);
        addStopEvent(h, "begins", stop.week, phase, "");
        if (!h.weekDeadline && h.weekStopMinutes) h.weekDeadline = nowSeconds() + std::int64_t{*h.weekStopMinutes} * 60;
        saveSettingsLocked(h);
        t.commit();
        log("campaign " + h.id + ": " + stopName(stop.week, phase) + " begins" +
            (h.weekDeadline ? " (deadline " + std::to_string(*h.weekDeadline) + ")" : std::string()));
        announce();
    }

    // A stop begun whose phase has run without it ending (the host stepped the turn), or that no longer waits for
    // anyone (the terms it waited for were answered), ends (the caller holds h.mutex).
    void settleStops(Hosted& h) {
        const auto info = h.store->info();
        const auto stop = engine::weeklyStop(*h.store);
        std::vector<std::pair<int, std::string>> open;
        {
            std::lock_guard lock(stateMutex);
            SQLite::Statement q(*state, "SELECT b.week, b.phase FROM stop_event b WHERE b.campaign = ? AND b.kind = 'begins' AND "
                                        "NOT EXISTS (SELECT 1 FROM stop_event e WHERE e.campaign = b.campaign AND e.week = b.week "
                                        "AND e.phase = b.phase AND e.kind = 'ends')");
            q.bind(1, h.id);
            while (q.executeStep()) open.emplace_back(q.getColumn(0).getInt(), q.getColumn(1).getString());
        }
        for (const auto& [week, phase] : open) {
            const bool here = week == info.week && phase == campaign::phaseString(info.phase);
            if (here && stop) continue;
            {
                std::lock_guard lock(stateMutex);
                addStopEvent(h, "ends", week, phase, here ? "done" : "host");
            }
            log("campaign " + h.id + ": " + stopName(week, phase) +
                " ends: " + (here ? std::string("it waits for no one any more") : std::string("the host ran its phase")));
            announce();
        }
    }

    // A new campaign starts with nothing the state file kept of an earlier one of the same id (its file removed by
    // the host): no settings, no tabletop results, no words at weekly stops.
    void forgetCampaign(const std::string& id) {
        std::lock_guard lock(stateMutex);
        SQLite::Transaction t(*state);
        for (const char* table : {"settings", "battle_result", "stop_done", "stop_event"}) {
            SQLite::Statement q(*state, std::string("DELETE FROM ") + table + " WHERE campaign = ?");
            q.bind(1, id);
            q.exec();
        }
        t.commit();
    }

    // --- campaigns ---
    std::shared_ptr<Hosted> openCampaign(const std::string& id, const std::string& path) {
        auto h = std::make_shared<Hosted>();
        h->id = id;
        h->path = path;
        h->store.emplace(db::CampaignStore::open(path));
        loadSettings(*h);
        return h;
    }

    void openFolder() {
        std::vector<fs::path> files;
        for (const auto& e : fs::directory_iterator(config.campaignsDir))
            if (e.is_regular_file() && e.path().extension() == ".db") files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (const auto& f : files) {
            const std::string id = f.stem().string();
            if (!std::regex_match(id, kIdPattern)) {
                log("skipped " + f.filename().string() + ": a campaign's file name must be letters, digits, '-' and '_'");
                continue;
            }
            try {
                campaigns[id] = openCampaign(id, f.string());
                log("hosting campaign " + id);
            } catch (const db::StoreError& e) {
                log("skipped " + f.filename().string() + ": " + e.code() + ": " + e.what());
            } catch (const std::exception& e) {
                const auto mine = db::storeErrorOf(e, f.string());
                log("skipped " + f.filename().string() + ": " +
                    (mine ? mine->code() + ": " + mine->what() : std::string("cannot open it")));
            }
        }
    }

    std::shared_ptr<Hosted> campaign(const std::string& id) {
        std::lock_guard lock(campaignsMutex);
        const auto it = campaigns.find(id);
        if (it == campaigns.end()) refuse(404, "CAMPAIGN-UNKNOWN", "the server hosts no campaign '" + core::shorten(id) + "'");
        return it->second;
    }

    // What the campaign waits for, and its public calendar (the caller holds h.mutex). A side's session (`side`) is
    // also told its own part of the weekly stop and what it may do now; the host (`host`) every side's word at the
    // stop. Nothing here says what another side did or may do (docs/server.md "The turn's stops").
    json calendarOf(Hosted& h, const std::string& side = {}, bool host = false) {
        const auto info = h.store->info();
        const auto sides = view::campaignSides(*h.store);
        json s = json::array();
        for (const auto& sd : sides) s.push_back({{"id", sd.id}, {"name", sd.name}});
        const auto header = view::buildSideView(*h.store, view::Viewer::host()).campaign;
        const auto stop = header.ended ? std::nullopt : engine::weeklyStop(*h.store);
        std::map<std::string, std::string> said;
        if (stop) said = stopSaid(h, stop->week, campaign::phaseString(stop->phase));
        std::string waiting;
        if (header.ended) waiting = "ended";
        else if (!h.autoRun) waiting = "paused";
        else if (!h.blocked.empty()) waiting = h.blocked;
        else if (stop) {
            bool missing = false;
            for (const auto& sd : stop->sides) missing = missing || !said.count(sd);
            waiting = missing ? "weekly-stop" : "running";
        } else if (info.phase == campaign::Phase::D2) {
            bool missing = false;
            for (const auto& sd : sides) missing = missing || engine::ordersStatus(*h.store, sd.id) == "not_given";
            waiting = missing ? "orders" : "running";
        } else waiting = "running";
        json j{{"id", h.id},
               {"name", info.name},
               {"week", info.week},
               {"day", info.day},
               {"phase", campaign::phaseString(info.phase)},
               {"ended", header.ended},
               {"waitingFor", waiting},
               {"sides", s},
               {"phasesRun", engine::phasesRunCount(*h.store)}};
        if (h.deadline) j["deadline"] = *h.deadline;
        if (stop) {
            json st{{"week", stop->week}, {"phase", campaign::phaseString(stop->phase)}, {"title", stop->title}, {"rule", stop->rule}};
            if (h.weekDeadline) st["deadline"] = *h.weekDeadline;
            const auto awaited = [&](const std::string& id) {
                return std::find(stop->sides.begin(), stop->sides.end(), id) != stop->sides.end();
            };
            if (!side.empty()) {
                const auto it = said.find(side);
                st["side"] = {{"awaited", awaited(side)}, {"done", it != said.end()}};
            }
            if (host) {
                json all = json::array();
                for (const auto& sd : sides) {
                    const auto it = said.find(sd.id);
                    all.push_back(
                        {{"id", sd.id}, {"awaited", awaited(sd.id)}, {"said", it == said.end() ? json(nullptr) : json(it->second)}});
                }
                st["sides"] = all;
            }
            j["stop"] = st;
        }
        if (!side.empty()) {
            json may = json::array();
            for (const auto& m : engine::weeklyMoves(*h.store, side)) may.push_back({{"command", m.command}, {"what", m.what}});
            j["may"] = may;
        }
        return j;
    }

    // --- sessions and logins ---
    std::optional<std::string> tokenOf(const httplib::Request& req) {
        const auto auth = req.get_header_value("Authorization");
        if (auth.rfind("Bearer ", 0) != 0) return std::nullopt;
        return auth.substr(7);
    }

    bool expired(const Session& s, std::int64_t now) const {
        return now - s.lastUse > std::int64_t{config.sessionIdleMinutes} * 60 ||
               now - s.created > std::int64_t{config.sessionMaxHours} * 3600;
    }

    // The state file's copy of the sessions (the caller holds sessionsMutex).
    void storeSession(const std::string& key, const Session& s) {
        std::lock_guard lock(stateMutex);
        SQLite::Statement q(*state,
                            "INSERT OR REPLACE INTO session (token_hash, campaign, side, host, client, created, last_use, stamp) "
                            "VALUES (?,?,?,?,?,?,?,?)");
        q.bind(1, key);
        q.bind(2, s.campaign);
        q.bind(3, s.side);
        q.bind(4, s.host ? 1 : 0);
        q.bind(5, s.client);
        q.bind(6, s.created);
        q.bind(7, s.lastUse);
        q.bind(8, s.stamp);
        q.exec();
    }
    void forgetSession(const std::string& key) {
        std::lock_guard lock(stateMutex);
        SQLite::Statement q(*state, "DELETE FROM session WHERE token_hash = ?");
        q.bind(1, key);
        q.exec();
    }
    void touchSession(const std::string& key, std::int64_t lastUse) {
        std::lock_guard lock(stateMutex);
        SQLite::Statement q(*state, "UPDATE session SET last_use = ? WHERE token_hash = ?");
        q.bind(1, lastUse);
        q.bind(2, key);
        q.exec();
    }

    // At start: the sessions of the last run that have not expired.
    void loadSessions() {
        const auto now = nowSeconds();
        std::lock_guard lock(sessionsMutex);
        std::vector<std::string> gone;
        {
            std::lock_guard stateLock(stateMutex);
            SQLite::Statement q(*state, "SELECT token_hash, campaign, side, host, client, created, last_use, stamp FROM session");
            while (q.executeStep()) {
                Session s;
                const std::string key = q.getColumn(0).getString();
                s.campaign = q.getColumn(1).getString();
                s.side = q.getColumn(2).getString();
                s.host = q.getColumn(3).getInt() != 0;
                s.client = q.getColumn(4).getString();
                s.created = q.getColumn(5).getInt64();
                s.lastUse = s.lastWritten = q.getColumn(6).getInt64();
                s.stamp = q.getColumn(7).getString();
                if (expired(s, now) || (s.host && s.stamp != hostStamp)) gone.push_back(key);
                else sessions[key] = s;
            }
        }
        for (const auto& key : gone) forgetSession(key);
        if (!sessions.empty()) log(std::to_string(sessions.size()) + " session(s) of the last run go on");
    }

    // Whether the passphrase the session was opened with is still the one of its side (or the host's).
    bool stampHolds(const Session& s) {
        if (s.host) return s.stamp == hostStamp;
        std::shared_ptr<Hosted> h;
        {
            std::lock_guard lock(campaignsMutex);
            const auto it = campaigns.find(s.campaign);
            if (it == campaigns.end()) return false;
            h = it->second;
        }
        std::lock_guard lock(h->mutex);
        return auth::passphraseStamp(*h->store, s.side) == std::optional<std::string>(s.stamp);
    }

    Session session(const httplib::Request& req) {
        const auto token = tokenOf(req);
        if (!token) refuse(401, "AUTH-REQUIRED", "log in first (POST /api/v1/login)");
        const auto key = fastHash(*token);
        const auto now = nowSeconds();
        Session s;
        {
            std::lock_guard lock(sessionsMutex);
            const auto it = sessions.find(key);
            if (it == sessions.end()) refuse(401, "AUTH-EXPIRED", "the session is unknown or has expired; log in again");
            if (expired(it->second, now)) {
                sessions.erase(it);
                forgetSession(key);
                refuse(401, "AUTH-EXPIRED", "the session is unknown or has expired; log in again");
            }
            s = it->second;
        }
        if (!stampHolds(s)) {
            {
                std::lock_guard lock(sessionsMutex);
                sessions.erase(key);
                forgetSession(key);
            }
            log("session ended: the passphrase of " +
                (s.host ? std::string("the host") : "campaign " + s.campaign + " side " + s.side) + " has changed");
            refuse(401, "AUTH-EXPIRED", "the session has ended: its passphrase was changed; log in again");
        }
        {
            std::lock_guard lock(sessionsMutex);
            const auto it = sessions.find(key);
            if (it == sessions.end()) refuse(401, "AUTH-EXPIRED", "the session is unknown or has expired; log in again");
            it->second.lastUse = now;
            // The last use is written at most once a minute: the idle time is kept to the minute across a restart.
            if (now - it->second.lastWritten >= 60) {
                touchSession(key, now);
                it->second.lastWritten = now;
            }
            s = it->second;
        }
        return s;
    }

    std::string newSession(Session s) {
        const auto token = randomToken();
        const auto key = fastHash(token);
        const auto now = nowSeconds();
        std::lock_guard lock(sessionsMutex);
        // Sessions past their time go first; a server never keeps more than 10,000 (the longest idle goes then).
        for (auto it = sessions.begin(); it != sessions.end();)
            if (expired(it->second, now)) {
                forgetSession(it->first);
                it = sessions.erase(it);
            } else {
                ++it;
            }
        if (sessions.size() >= 10000) {
            auto oldest = sessions.begin();
            for (auto it = sessions.begin(); it != sessions.end(); ++it)
                if (it->second.lastUse < oldest->second.lastUse) oldest = it;
            forgetSession(oldest->first);
            sessions.erase(oldest);
        }
        s.created = s.lastUse = s.lastWritten = now;
        storeSession(key, s);
        sessions[key] = s;
        return token;
    }

    void endSession(const httplib::Request& req) {
        session(req);
        const auto key = fastHash(*tokenOf(req));
        std::lock_guard lock(sessionsMutex);
        sessions.erase(key);
        forgetSession(key);
    }

    // Refuses with 429 while `keys` are in their slow-down; the wait is the longest.
    void checkSlowDown(const std::vector<std::string>& keys) {
        std::lock_guard lock(failuresMutex);
        const auto now = Clock::now();
        std::chrono::milliseconds wait{0};
        for (const auto& k : keys) {
            const auto it = failures.find(k);
            if (it == failures.end()) continue;
            const auto left = auth::failureDelay(it->second.count) -
                              std::chrono::duration_cast<std::chrono::milliseconds>(now - it->second.last);
            wait = std::max(wait, left);
        }
        if (wait.count() > 0) {
            const auto seconds = (wait.count() + 999) / 1000;
            refuse(429, "AUTH-SLOW-DOWN", "too many wrong passphrases; try again in " + std::to_string(seconds) + " s");
        }
    }

    void recordFailure(const std::vector<std::string>& keys) {
        std::lock_guard lock(failuresMutex);
        for (const auto& k : keys) {
            auto& f = failures[k];
            ++f.count;
            f.last = Clock::now();
        }
        if (failures.size() > 100000) failures.clear();
    }

    void clearFailures(const std::vector<std::string>& keys) {
        std::lock_guard lock(failuresMutex);
        for (const auto& k : keys) failures.erase(k);
    }

    void login(const httplib::Request& req, httplib::Response& res) {
        const auto body = parseBody(req);
        const std::string passphrase = stringField(body, "passphrase", true, 4096);
        const std::string client = req.remote_addr;
        const bool host = body.contains("host") && body["host"].is_boolean() && body["host"].get<bool>();
        if (host) {
            const std::vector<std::string> keys{"client " + client, "host"};
            checkSlowDown(keys);
            bool ok = false;
            {
                std::lock_guard lock(verifyMutex);
                ok = !hostHash.empty() && crypto_pwhash_str_verify(hostHash.c_str(), passphrase.c_str(), passphrase.size()) == 0;
            }
            if (!ok) {
                recordFailure(keys);
                log("login refused: the host, from " + client);
                refuse(401, "AUTH-WRONG", "wrong passphrase; nothing was done");
            }
            clearFailures(keys);
            Session s;
            s.host = true;
            s.client = client;
            s.stamp = hostStamp;
            const auto token = newSession(s);
            log("login: the host, from " + client);
            sendJson(res, 200, json{{"token", token}, {"host", true}, {"idleMinutes", config.sessionIdleMinutes}});
            return;
        }
        const std::string id = stringField(body, "campaign", true, 200);
        const std::string side = stringField(body, "side", true, 200);
        const std::vector<std::string> keys{"client " + client, "side " + id + "/" + side};
        checkSlowDown(keys);
        // An unknown campaign or side answers as a wrong passphrase does: a stranger learns nothing from the answer.
        std::shared_ptr<Hosted> h;
        {
            std::lock_guard lock(campaignsMutex);
            const auto it = campaigns.find(id);
            if (it != campaigns.end()) h = it->second;
        }
        core::IssueList issues;
        bool known = false;
        std::string stamp;
        if (h) {
            std::lock_guard lock(h->mutex);
            for (const auto& s : view::campaignSides(*h->store)) known = known || s.id == side;
            if (known) {
                if (!auth::hasPassphrase(*h->store, side))
                    refuse(403, "AUTH-SIDE-OPEN",
                           "side '" + side +
                               "' has no passphrase; a hosted campaign needs one for every side "
                               "(the host sets it with 'campaign password')");
                // The campaign's own check (Argon2id, the failure counted in the campaign); the server answers the
                // slow-down itself with 429, so the check does not wait here.
                auth::Pacing pacing{[] { return nowSeconds(); }, [](std::chrono::milliseconds) {}};
                std::lock_guard verify(verifyMutex);
                issues = auth::authorise(*h->store, auth::Actor::ofSide(side), passphrase, pacing);
                stamp = auth::passphraseStamp(*h->store, side).value_or("");
            }
        }
        if (!h || !known || issues.hasErrors()) {
            recordFailure(keys);
            log("login refused: campaign " + core::shorten(id, 64) + " side " + core::shorten(side, 64) + ", from " + client);
            refuse(401, "AUTH-WRONG", "wrong campaign, side or passphrase; nothing was done");
        }
        clearFailures(keys);
        Session s;
        s.campaign = id;
        s.side = side;
        s.client = client;
        s.stamp = stamp;
        const auto token = newSession(s);
        log("login: campaign " + id + " side " + side + ", from " + client);
        sendJson(res, 200, json{{"token", token}, {"campaign", id}, {"side", side}, {"idleMinutes", config.sessionIdleMinutes}});
    }

    // The session may see what `side` of campaign `id` may know: that side itself, or the host.
    Session mayRead(const httplib::Request& req, const std::string& id, const std::string& side) {
        auto s = session(req);
        if (s.host) return s;
        if (s.campaign != id) refuse(403, "AUTH-CAMPAIGN", "this session is for another campaign");
        if (s.side != side) refuse(403, "AUTH-SIDE", "this session is side '" + s.side + "'s; it may not see or act for another side");
        return s;
    }
    // The session may act as `side`: that side only (the host writes no orders).
    Session mayAct(const httplib::Request& req, const std::string& id, const std::string& side) {
        auto s = mayRead(req, id, side);
        if (s.host) refuse(403, "AUTH-SIDE", "the host does not act for a side");
        return s;
    }
    Session mayHost(const httplib::Request& req) {
        auto s = session(req);
        if (!s.host) refuse(403, "AUTH-HOST", "only the host may do this");
        return s;
    }

    // --- the turn ---
    void poke() {
        {
            std::lock_guard lock(runnerMutex);
            runnerPoked = true;
        }
        runnerWake.notify_all();
    }

    void announce() { eventsChanged.notify_all(); }

    // Runs the campaign on, a phase at a time, as `advance` does, until it waits at a weekly stop for the sides'
    // word, for orders at D2, for a tabletop result, or has ended. Each phase is its own transaction: a stop at any
    // moment loses nothing committed, and the next run goes on from the phase the campaign points at, with the dice
    // generator's state of that moment.
    void drive(Hosted& h) {
        for (int guard = 0; guard < 400 && !stopping; ++guard) {
            bool ran = false;
            {
                std::lock_guard lock(h.mutex);
                if (!h.autoRun) return;
                settleStops(h);
                if (const auto stop = engine::weeklyStop(*h.store); stop && stopHolds(h, *stop)) {
                    h.blocked.clear();
                    return;
                }
                const auto info = h.store->info();
                engine::AdvanceOptions options;
                if (info.phase == campaign::Phase::D2) {
                    bool missing = false;
                    for (const auto& s : view::campaignSides(*h.store))
                        missing = missing || engine::ordersStatus(*h.store, s.id) == "not_given";
                    if (missing) {
                        const bool late = h.deadline && nowSeconds() >= *h.deadline;
                        if (!late || !h.standFastMissing) {
                            h.blocked.clear();
                            return;
                        }
                        options.standFastMissing = true;  // the host's setting: at the deadline the missing side stands fast
                        log("campaign " + h.id + ": the deadline of week " + std::to_string(info.week) + " day " +
                            std::to_string(info.day) + " has passed; the sides without orders stand fast");
                    }
                }
                const auto r = engine::advance(*h.store, engine::Step::Phase, options);
                if (!r.ok) {
                    std::string why = r.ended ? "ended" : r.issues.hasCode("BATTLE-TABLETOP") ? "battle-results" : "error";
                    if (why == "error" && h.blocked != "error") {
                        std::string text;
                        for (const auto& i : r.issues.items()) text += " " + i.code + ": " + i.message;
                        log("campaign " + h.id + ": the turn stopped:" + text);
                    }
                    h.blocked = why == "ended" ? "" : why;
                    return;
                }
                h.blocked.clear();
                for (const auto& p : r.phases) {
                    if (p.phase == campaign::Phase::D2 && h.deadline) {  // the day's deadline is spent once its orders phase has run
                        h.deadline.reset();
                        saveSettings(h);
                    }
                    if (p.phase == campaign::Phase::D12)
                        log("campaign " + h.id + ": week " + std::to_string(p.week) + " day " + std::to_string(p.day) + " ended");
                }
                ran = true;
                if (const auto next = engine::weeklyStop(*h.store)) beginStop(h, *next);
                if (r.ended) {
                    log("campaign " + h.id + ": the campaign is over");
                    announce();
                    return;
                }
            }
            if (ran) announce();
        }
    }

    void driveAll() {
        std::vector<std::shared_ptr<Hosted>> all;
        {
            std::lock_guard lock(campaignsMutex);
            for (const auto& [id, h] : campaigns) all.push_back(h);
        }
        for (const auto& h : all) {
            try {
                drive(*h);
            } catch (const std::exception& e) {
                const auto mine = db::storeErrorOf(e, h->path);
                log("campaign " + h->id + ": the turn stopped on " +
                    (mine ? mine->code() + ": " + mine->what() : core::shorten(e.what())));
                std::lock_guard lock(h->mutex);
                h->blocked = "error";
            }
        }
    }

    void runnerLoop() {
        while (!stopping) {
            driveAll();
            std::unique_lock lock(runnerMutex);
            runnerWake.wait_for(lock, std::chrono::milliseconds(config.tickMilliseconds),
                                [&] { return runnerPoked || stopping.load(); });
            runnerPoked = false;
        }
    }

    // --- routes ---
    using Handler = std::function<void(const httplib::Request&, httplib::Response&)>;

    // Every answer is JSON or the text asked for; a failure is a refusal with its code, never a library's message.
    Handler guarded(Handler f) {
        return [this, f](const httplib::Request& req, httplib::Response& res) {
            try {
                f(req, res);
            } catch (const Refusal& r) {
                sendRefusal(res, r);
            } catch (const core::FileError& e) {
                sendRefusal(res, Refusal{400, e.code(), e.toIssue().message, e.issues()});
            } catch (const db::StoreError& e) {
                const int status = e.code() == "DB-BUSY" ? 503 : e.code() == "DB-UNKNOWN-SIDE" ? 404 : 500;
                sendRefusal(res, Refusal{status, e.code(), e.what(), {}});
            } catch (const json::exception&) {
                sendRefusal(res, Refusal{400, "BAD-REQUEST", "the request does not have the form this server expects", {}});
            } catch (const std::bad_alloc&) {
                sendRefusal(res, Refusal{503, "SERVER-MEMORY", "the server ran out of memory for this request", {}});
            } catch (const std::exception& e) {
                const auto mine = db::storeErrorOf(e, "campaign");
                if (mine) {
                    sendRefusal(res, Refusal{mine->code() == "DB-BUSY" ? 503 : 500, mine->code(), mine->what(), {}});
                } else {
                    log("error answering " + req.method + " " + core::shorten(req.path, 120) + ": " + core::shorten(e.what()));
                    sendRefusal(res, Refusal{500, "SERVER-ERROR", "the server could not answer this request", {}});
                }
            } catch (...) {
                sendRefusal(res, Refusal{500, "SERVER-ERROR", "the server could not answer this request", {}});
            }
        };
    }

    // A side's view as text or JSON (`format=text|json`, JSON by default).
    static bool wantsText(const httplib::Request& req) {
        const auto f = req.has_param("format") ? req.get_param_value("format") : "json";
        if (f != "text" && f != "json") refuse(400, "BAD-PARAM", "format must be text or json");
        return f == "text";
    }
    static void sendView(httplib::Response& res, bool text, const std::string& body) {
        res.status = 200;
        if (text) res.set_content(body, "text/plain; charset=utf-8");
        else res.set_content(body + (body.empty() || body.back() != '\n' ? "\n" : ""), "application/json");
    }

    void sideGet(const std::string& what,
                 std::function<void(Hosted&, const std::string&, const httplib::Request&, httplib::Response&)> f) {
        http->Get("/api/v1/campaigns/([^/]+)/sides/([^/]+)/" + what,
                  guarded([this, f](const httplib::Request& req, httplib::Response& res) {
                      const std::string id = req.matches[1], side = req.matches[2];
                      mayRead(req, id, side);
                      auto h = campaign(id);
                      std::lock_guard lock(h->mutex);
                      view::requireViewer(*h->store, view::Viewer::ofSide(side));
                      f(*h, side, req, res);
                  }));
    }

    using SideAction = std::function<void(Hosted&, const std::string&, const json&, const httplib::Request&, httplib::Response&)>;
    void sideAct(const std::string& method, const std::string& what, SideAction f) {
        auto handler = guarded([this, f](const httplib::Request& req, httplib::Response& res) {
            const std::string id = req.matches[1], side = req.matches[2];
            mayAct(req, id, side);
            const auto body = parseBody(req);
            auto h = campaign(id);
            {
                std::lock_guard lock(h->mutex);
                view::requireViewer(*h->store, view::Viewer::ofSide(side));
                f(*h, side, body, req, res);
            }
            poke();
        });
        const std::string pattern = "/api/v1/campaigns/([^/]+)/sides/([^/]+)/" + what;
        if (method == "POST") http->Post(pattern, handler);
        else if (method == "DELETE") http->Delete(pattern, handler);
    }

    // A side's action between the phases (docs/server.md "A side's week"): the body is read (400 naming the field), the
    // campaign must stand at the moment the body names (409 ACTION-STALE), then the core's command runs as the side
    // (engine::execute, one transaction, logged) and its refusal comes back with the command's issues. The server adds
    // no rule: `build` only makes the command from the body. The answer is the command's own lines, about the side's
    // own forces, plus what `extra` adds from the side's view.
    using RunCommand = std::function<engine::CommandResult(db::CampaignStore&)>;
    using BuildCommand = std::function<RunCommand(const std::string& side, const json& body, const httplib::Request& req)>;
    using Extra = std::function<void(Hosted&, const std::string& side, json& answer)>;
    // 409 ACTION-STALE unless the campaign stands at the moment the request was written for.
    static void checkMoment(Hosted& h, const Moment& moment) {
        const auto info = h.store->info();
        const auto phase = campaign::phaseString(info.phase);
        if (moment.week != info.week || moment.day != info.day || moment.phase != phase)
            refuse(409, "ACTION-STALE",
                   "the request was written for week " + std::to_string(moment.week) + " day " + std::to_string(moment.day) +
                       ", phase " + core::shorten(moment.phase, 10) + "; the campaign is at week " + std::to_string(info.week) +
                       " day " + std::to_string(info.day) + ", phase " + phase + ": read the calendar again");
    }

    void sideCommand(const std::string& what, BuildCommand build, Extra extra = {}) {
        sideAct("POST", what,
                [this, what, build, extra](Hosted& h, const std::string& side, const json& body, const httplib::Request& req,
                                           httplib::Response& res) {
                    const auto moment = momentOf(body);
                    const auto run = build(side, body, req);
                    checkMoment(h, moment);
                    // A side that said it is done with the weekly stop takes its word back before it acts there again.
                    if (const auto stop = engine::weeklyStop(*h.store)) {
                        const auto phase = campaign::phaseString(stop->phase);
                        const auto said = stopSaid(h, stop->week, phase);
                        if (const auto it = said.find(side); it != said.end() && it->second == "done")
                            refuse(409, "WEEK-DONE",
                                   side + " said they are done with " + stopName(stop->week, phase) +
                                       "; take the word back (week reopen) to act there again");
                    }
                    const auto result = run(*h.store);
                    if (result.issues.hasErrors()) refuseIssues(result.issues);
                    log("campaign " + h.id + ": " + side + ": " + what);
                    std::string message;
                    for (const auto& l : result.lines) message += (message.empty() ? "" : "\n") + l;
                    json answer{{"message", message}, {"lines", result.lines}, {"issues", issuesJson(result.issues)}};
                    if (extra) extra(h, side, answer);
                    sendJson(res, 200, answer);
                });
    }

    static void sendAction(httplib::Response& res, const std::string& message, const core::IssueList& warnings = {}) {
        sendJson(res, 200, json{{"message", message}, {"issues", issuesJson(warnings)}});
    }

    static void refuseIssues(const core::IssueList& issues) {
        std::string message;
        for (const auto& i : issues.items())
            if (i.severity == core::Severity::Error) {
                message = i.message;
                break;
            }
        std::string code;
        for (const auto& i : issues.items())
            if (i.severity == core::Severity::Error) {
                code = i.code;
                break;
            }
        refuse(statusOfIssues(issues), code, message, issues);
    }

    void applyResult(Hosted& h, int battle, const std::string& xml, const std::string& file, httplib::Response& res) {
        std::vector<std::string> lines;
        // The result goes in as the command the CLI gives (battle.enter), with the name of the file the player sent, so
        // that the campaign's log holds what he gave and a replay enters it again.
        core::IssueList issues;
        try {
            auto entered = engine::execute(*h.store, engine::EnterBattleResult{battle, file, io::decodeXmlText(xml, file)});
            issues = std::move(entered.issues);
            lines = std::move(entered.lines);
        } catch (const core::FileError& e) {
            issues = e.issues();
        }
        {
            std::lock_guard lock(stateMutex);
            SQLite::Statement d(*state, "DELETE FROM battle_result WHERE campaign = ? AND battle = ?");
            d.bind(1, h.id);
            d.bind(2, battle);
            d.exec();
        }
        if (issues.hasErrors()) refuseIssues(issues);
        log("campaign " + h.id + ": the result of battle " + std::to_string(battle) + " is entered");
        std::string text;
        for (const auto& l : lines) text += l + "\n";
        sendAction(res, "the result of battle " + std::to_string(battle) + " is entered\n" + text, issues);
    }

    void routes() {
        http->Get("/api/v1", guarded([](const httplib::Request&, httplib::Response& res) {
                      sendJson(res, 200, json{{"product", kProductName}, {"version", kVersion}, {"api", 1}});
                  }));
        http->Get("/api/v1/campaigns", guarded([this](const httplib::Request&, httplib::Response& res) {
                      std::vector<std::shared_ptr<Hosted>> all;
                      {
                          std::lock_guard lock(campaignsMutex);
                          for (const auto& [id, h] : campaigns) all.push_back(h);
                      }
                      json list = json::array();
                      for (const auto& h : all) {
                          std::lock_guard lock(h->mutex);
                          list.push_back(calendarOf(*h));
                      }
                      sendJson(res, 200, json{{"campaigns", list}});
                  }));
        http->Post("/api/v1/login", guarded([this](const httplib::Request& req, httplib::Response& res) { login(req, res); }));
        http->Post("/api/v1/logout", guarded([this](const httplib::Request& req, httplib::Response& res) {
                       endSession(req);
                       sendAction(res, "logged out");
                   }));
        http->Get("/api/v1/campaigns/([^/]+)", guarded([this](const httplib::Request& req, httplib::Response& res) {
                      const std::string id = req.matches[1];
                      const auto s = session(req);
                      if (!s.host && s.campaign != id) refuse(403, "AUTH-CAMPAIGN", "this session is for another campaign");
                      auto h = campaign(id);
                      std::lock_guard lock(h->mutex);
                      sendJson(res, 200, calendarOf(*h, s.side, s.host));
                  }));
        // Long poll: the phases run after `after`, waiting up to `wait` seconds (at most 60) for one; with `afterStop`,
        // also the weekly stops begun or ended after that one (their own sequence), and it wakes for those too.
        http->Get("/api/v1/campaigns/([^/]+)/events", guarded([this](const httplib::Request& req, httplib::Response& res) {
                      const std::string id = req.matches[1];
                      const auto s = session(req);
                      if (!s.host && s.campaign != id) refuse(403, "AUTH-CAMPAIGN", "this session is for another campaign");
                      const int after = intParam(req, "after", 0, 0, 1 << 30);
                      const int wait = intParam(req, "wait", 0, 0, 60);
                      const bool stops = req.has_param("afterStop");
                      const int afterStop = intParam(req, "afterStop", 0, 0, 1 << 30);
                      auto h = campaign(id);
                      const auto until = Clock::now() + std::chrono::seconds(wait);
                      for (;;) {
                          {
                              std::lock_guard lock(h->mutex);
                              const int count = engine::phasesRunCount(*h->store);
                              const int lastStop = lastStopEvent(*h);
                              if (count > after || (stops && lastStop > afterStop) || Clock::now() >= until || stopping) {
                                  json events = json::array();
                                  for (const auto& p : engine::phasesRunAfter(*h->store, after))
                                      events.push_back({{"seq", p.seq}, {"week", p.week}, {"day", p.day}, {"phase", p.phase}});
                                  json answer{{"events", events}, {"last", count}, {"lastStop", lastStop}};
                                  if (stops) {
                                      json list = json::array();
                                      for (const auto& e : stopEventsAfter(*h, afterStop)) list.push_back(stopEventJson(e));
                                      answer["stops"] = list;
                                  }
                                  answer["campaign"] = calendarOf(*h, s.side, s.host);
                                  sendJson(res, 200, answer);
                                  return;
                              }
                          }
                          std::unique_lock lock(eventsMutex);
                          eventsChanged.wait_for(lock, std::chrono::milliseconds(500));
                      }
                  }));
        // Server-sent events: one event a phase run, from `after` on (`event: phase`, `id:` its sequence), and one a
        // weekly stop begun or ended (`event: stop`), from `afterStop` on or else from the connection on; a comment every
        // 15 s keeps the line open.
        http->Get("/api/v1/campaigns/([^/]+)/events/stream", guarded([this](const httplib::Request& req, httplib::Response& res) {
                      const std::string id = req.matches[1];
                      const auto s = session(req);
                      if (!s.host && s.campaign != id) refuse(403, "AUTH-CAMPAIGN", "this session is for another campaign");
                      auto h = campaign(id);
                      auto sent = std::make_shared<int>(intParam(req, "after", 0, 0, 1 << 30));
                      auto sentStop = std::make_shared<int>(req.has_param("afterStop") ? intParam(req, "afterStop", 0, 0, 1 << 30)
                                                                                       : lastStopEvent(*h));
                      res.set_header("Cache-Control", "no-cache");
                      res.set_chunked_content_provider("text/event-stream", [this, h, sent, sentStop](std::size_t,
                                                                                                      httplib::DataSink& sink) {
                          const auto until = Clock::now() + std::chrono::seconds(15);
                          while (!stopping && Clock::now() < until) {
                              std::vector<engine::PhaseRun> runs;
                              std::vector<StopEvent> stops;
                              {
                                  std::lock_guard lock(h->mutex);
                                  runs = engine::phasesRunAfter(*h->store, *sent);
                                  stops = stopEventsAfter(*h, *sentStop);
                              }
                              if (!runs.empty() || !stops.empty()) {
                                  std::string out;
                                  for (const auto& p : runs) {
                                      out += "id: " + std::to_string(p.seq) + "\nevent: phase\ndata: " +
                                             json{{"seq", p.seq}, {"week", p.week}, {"day", p.day}, {"phase", p.phase}}.dump() +
                                             "\n\n";
                                      *sent = p.seq;
                                  }
                                  for (const auto& e : stops) {
                                      out += "event: stop\ndata: " + stopEventJson(e).dump() + "\n\n";
                                      *sentStop = e.seq;
                                  }
                                  return sink.write(out.data(), out.size());
                              }
                              std::unique_lock lock(eventsMutex);
                              eventsChanged.wait_for(lock, std::chrono::milliseconds(500));
                          }
                          if (stopping) return false;
                          static const std::string keep = ": waiting\n\n";
                          return sink.write(keep.data(), keep.size());
                      });
                  }));

        // A side's views.
        sideGet("status", [](Hosted& h, const std::string& side, const httplib::Request& req, httplib::Response& res) {
            const bool text = wantsText(req);
            const auto v = view::buildSideView(*h.store, view::Viewer::ofSide(side));
            sendView(res, text, text ? view::statusText(v) : view::statusJson(v));
        });
        sideGet("intel", [](Hosted& h, const std::string& side, const httplib::Request& req, httplib::Response& res) {
            const bool text = wantsText(req);
            sendView(res, text, text ? engine::intelText(*h.store, side) : engine::intelJson(*h.store, side));
        });
        sideGet("loc", [](Hosted& h, const std::string& side, const httplib::Request& req, httplib::Response& res) {
            const bool text = wantsText(req);
            sendView(res, text, text ? engine::locText(*h.store, side) : engine::locJson(*h.store, side));
        });
        sideGet("supply", [](Hosted& h, const std::string& side, const httplib::Request& req, httplib::Response& res) {
            const bool text = wantsText(req);
            sendView(res, text, text ? engine::supplyText(*h.store, side) : engine::supplyJson(*h.store, side));
        });
        sideGet("log", [](Hosted& h, const std::string& side, const httplib::Request& req, httplib::Response& res) {
            const bool text = wantsText(req);
            const auto who = view::Viewer::ofSide(side);
            sendView(res, text, text ? view::rollLogText(*h.store, who) : view::rollLogJson(*h.store, who));
        });
        sideGet("report", [](Hosted& h, const std::string& side, const httplib::Request& req, httplib::Response& res) {
            const bool text = wantsText(req);
            const int week = intParam(req, "week", 0, 0, 1000), day = intParam(req, "day", 0, 0, 7);
            if ((week == 0) != (day == 0)) refuse(400, "BAD-PARAM", "give both week and day, or neither");
            const auto r = view::dayReport(*h.store, view::Viewer::ofSide(side), week, day);
            sendView(res, text, text ? view::dayReportText(r) : view::dayReportJson(r));
        });
        sideGet("battles", [](Hosted& h, const std::string& side, const httplib::Request& req, httplib::Response& res) {
            const bool text = wantsText(req);
            const auto who = view::Viewer::ofSide(side);
            const auto battles = view::battlesFor(*h.store, who);
            sendView(res, text, text ? view::battleListText(battles) : view::battleListJson(battles, who));
        });
        sideGet("battles/([0-9]{1,9})", [](Hosted& h, const std::string& side, const httplib::Request& req, httplib::Response& res) {
            const int id = std::stoi(req.matches[3]);
            const auto who = view::Viewer::ofSide(side);
            const auto access = view::battleAccess(*h.store, who, id);
            if (access.hasErrors()) refuseIssues(access);
            sendView(res, true, view::campaignBattleText(*h.store, who, id));
        });
        sideGet("sieges", [](Hosted& h, const std::string& side, const httplib::Request&, httplib::Response& res) {
            sendView(res, false, engine::siegesJson(*h.store, side));
        });
        sideGet("orders", [](Hosted& h, const std::string& side, const httplib::Request&, httplib::Response& res) {
            sendView(res, false, engine::ordersJson(*h.store, side));
        });
        // The campaign's map (public, docs/secrecy.md): the hexes, terrain, roads and towns, no counter. The turn manager
        // draws a side's view on it.
        sideGet("map", [](Hosted& h, const std::string&, const httplib::Request&, httplib::Response& res) {
            res.status = 200;
            res.set_content(io::writeMapString(h.store->loadMap()), "application/xml");
        });
        sideGet("orders/template", [](Hosted& h, const std::string& side, const httplib::Request&, httplib::Response& res) {
            res.status = 200;
            res.set_content(engine::ordersTemplate(*h.store, side), "application/xml");
        });
        sideGet("papers/([a-z-]{1,20})",
                [this](Hosted& h, const std::string& side, const httplib::Request& req, httplib::Response& res) {
                    const auto kind = report::paperKindFromName(std::string(req.matches[3]));
                    if (!kind) refuse(404, "PRINT-KIND", "there is no paper '" + std::string(req.matches[3]) + "'");
                    report::PrintOptions options;
                    const auto paper = req.has_param("paper") ? req.get_param_value("paper") : "a4";
                    const auto size = report::paperSizeFromName(paper);
                    if (!size) refuse(400, "BAD-PARAM", "paper must be a4 or letter");
                    options.paper = *size;
                    if (req.has_param("hexMm")) {
                        try {
                            options.hexMm = std::stod(req.get_param_value("hexMm"));
                        } catch (const std::exception&) {
                            options.hexMm = -1;
                        }
                        if (!(options.hexMm >= 2.0 && options.hexMm <= 40.0)) refuse(400, "BAD-PARAM", "hexMm must be from 2 to 40");
                    }
                    if (const int w = intParam(req, "week", 0, 0, 1000); w > 0) options.week = w;
                    if (const int d = intParam(req, "day", 0, 0, 7); d > 0) options.day = d;
                    if (const int b = intParam(req, "battle", 0, 0, 1 << 30); b > 0) {
                        const auto access = view::battleAccess(*h.store, view::Viewer::ofSide(side), b);
                        if (access.hasErrors()) refuseIssues(access);
                        options.battle = b;
                    }
                    const auto document = report::buildPaper(*h.store, *kind, side, options);
                    const auto pdf = withTempFile(config.campaignsDir, ".pdf", [&](const std::string& path) {
                        report::renderPdf(document, path);
                        std::ifstream in(path, std::ios::binary);
                        return std::string(std::istreambuf_iterator<char>(in), {});
                    });
                    res.status = 200;
                    res.set_content(pdf, "application/pdf");
                });
        http->Post("/api/v1/campaigns/([^/]+)/sides/([^/]+)/battles/([0-9]{1,9})/odds",
                   guarded([this](const httplib::Request& req, httplib::Response& res) {
                       const std::string id = req.matches[1], side = req.matches[2];
                       const int battle = std::stoi(req.matches[3]);
                       mayRead(req, id, side);
                       const auto body = parseBody(req);
                       int runs = 1000;
                       if (body.contains("runs")) {
                           if (!body["runs"].is_number_integer() || body["runs"].get<long>() < 1 || body["runs"].get<long>() > 20000)
                               refuse(400, "BAD-REQUEST", "\"runs\" must be a whole number from 1 to 20000");
                           runs = body["runs"].get<int>();
                       }
                       auto h = campaign(id);
                       std::lock_guard lock(h->mutex);
                       view::requireViewer(*h->store, view::Viewer::ofSide(side));
                       const auto access = view::battleAccess(*h->store, view::Viewer::ofSide(side), battle);
                       if (access.hasErrors()) refuseIssues(access);
                       const auto odds = view::battleOdds(*h->store, side, battle, runs, 1);
                       auto j = json::parse(view::battleOddsJson(odds));
                       j["text"] = view::battleOddsText(odds);
                       sendJson(res, 200, j);
                   }));

        // A side's actions.
        sideAct("POST", "orders",
                [this](Hosted& h, const std::string& side, const json& body, const httplib::Request&, httplib::Response& res) {
                    const std::string xml = stringField(body, "xml", true, config.maxBody);
                    std::string file = stringField(body, "file", false, 255);
                    if (file.empty()) file = "orders.xml";
                    const auto orders = io::readOrdersString(xml, file);  // a FileError names the file and line
                    if (orders.side != side) {
                        core::IssueList issues;
                        issues.error("ORDERS-SIDE", "the file holds orders of side '" + orders.side + "', not '" + side + "'",
                                     orders.line, "side");
                        issues.setFile(file);
                        refuseIssues(issues);
                    }
                    const auto info = h.store->info();
                    if (orders.week != info.week || orders.day != info.day) {
                        core::IssueList issues;
                        issues.error("ORDERS-STALE", "the orders are for week " + std::to_string(orders.week) + " day " +
                                                         std::to_string(orders.day) + "; the campaign is at week " +
                                                         std::to_string(info.week) + " day " + std::to_string(info.day));
                        issues.setFile(file);
                        refuseIssues(issues);
                    }
                    auto issues = engine::submitOrders(*h.store, orders);
                    issues.setFile(file);
                    if (issues.hasErrors()) refuseIssues(issues);
                    log("campaign " + h.id + ": " + side + " gave their orders for week " + std::to_string(orders.week) + " day " +
                        std::to_string(orders.day));
                    sendAction(res,
                               std::to_string(orders.orders.size()) + " order(s) of " + side + " given for week " +
                                   std::to_string(orders.week) + " day " + std::to_string(orders.day),
                               issues);
                });
        sideAct("DELETE", "orders",
                [this](Hosted& h, const std::string& side, const json&, const httplib::Request&, httplib::Response& res) {
                    const auto issues = engine::withdrawOrders(*h.store, side);
                    if (issues.hasErrors()) refuseIssues(issues);
                    log("campaign " + h.id + ": " + side + " took back their orders");
                    sendAction(res, side + " take back their orders for today", issues);
                });
        sideAct("POST", "orders/stand-fast",
                [this](Hosted& h, const std::string& side, const json&, const httplib::Request&, httplib::Response& res) {
                    const auto issues = engine::standFast(*h.store, side);
                    if (issues.hasErrors()) refuseIssues(issues);
                    log("campaign " + h.id + ": " + side + " stand fast");
                    sendAction(res, side + " stand fast today", issues);
                });
        // A side's week (etat-major.md §7.1, §9, §10, §11.4): the commands of etatmajor-cli's initiative, me, unit,
        // grant, supply and siege answer, each the core's command with the side's own id.
        auto execute = [](engine::Command command) -> RunCommand {
            return [command](db::CampaignStore& store) { return engine::execute(store, command); };
        };
        const Extra grantLeft = [](Hosted& h, const std::string& side, json& answer) {
            answer["grantLeft"] = engine::grantRemaining(*h.store, side);
        };
        sideCommand("initiative/decline", [](const std::string& side, const json&, const httplib::Request&) -> RunCommand {
            return [side](db::CampaignStore& store) {
                auto r = engine::execute(store, engine::DeclineInitiative{side});
                if (r.ok()) r.lines.push_back(side + " hand the strategic initiative to the other side for this week");
                return r;
            };
        });
        sideCommand("reorg/split", [execute](const std::string& side, const json& body, const httplib::Request&) {
            return execute(engine::SplitMe{side, stringField(body, "from", true, 200), stringField(body, "new", true, 200),
                                           stringField(body, "label", false, 200), stringListField(body, "members", true)});
        });
        sideCommand("reorg/transfer", [execute](const std::string& side, const json& body, const httplib::Request&) {
            return execute(engine::TransferMembers{side, stringField(body, "from", true, 200), stringField(body, "to", true, 200),
                                                   stringListField(body, "members", true)});
        });
        // Dissolving is a transfer of everything the ME has; the core finds what that is (engine::dissolveMe).
        sideCommand("reorg/dissolve", [](const std::string& side, const json& body, const httplib::Request&) -> RunCommand {
            const std::string me = stringField(body, "me", true, 200), into = stringField(body, "into", true, 200);
            return [side, me, into](db::CampaignStore& store) {
                auto r = engine::dissolveMe(store, side, me, into);
                engine::CommandResult out;
                out.issues = std::move(r.issues);
                out.lines = std::move(r.lines);
                return out;
            };
        });
        sideCommand("reorg/provisional", [execute](const std::string& side, const json& body, const httplib::Request&) {
            return execute(engine::FormProvisional{side, stringField(body, "me", true, 200), stringListField(body, "units", true),
                                                   stringField(body, "new", true, 200), stringField(body, "name", false, 200)});
        });
        sideCommand(
            "grant/buy",
            [this, execute](const std::string& side, const json& body, const httplib::Request&) {
                const std::string xml = stringField(body, "xml", true, config.maxBody);
                std::string file = stringField(body, "file", false, 255);
                if (file.empty()) file = "purchase.xml";
                const auto purchase = io::readPurchaseString(xml, file);  // a FileError names the file and line
                if (purchase.side != side) {
                    core::IssueList issues;
                    issues.error("GRANT-SIDE", "the file holds a purchase of side '" + purchase.side + "', not '" + side + "'", 0,
                                 "side");
                    issues.setFile(file);
                    refuseIssues(issues);
                }
                return execute(engine::BuyWithGrant{file, purchase.text});
            },
            grantLeft);
        sideCommand(
            "grant/replace",
            [execute](const std::string& side, const json& body, const httplib::Request&) {
                return execute(engine::ReplaceFromGrant{side, stringField(body, "me", true, 200),
                                                        stringListField(body, "units", false),
                                                        stringListField(body, "generals", false)});
            },
            grantLeft);
        sideCommand("supply/allocate", [execute](const std::string& side, const json& body, const httplib::Request&) {
            const std::string source = stringField(body, "source", true, 200);
            if (!body.contains("shares")) refuse(400, "BAD-REQUEST", "the body has no \"shares\" (a list of {me, sp})");
            const auto& list = body["shares"];
            if (!list.is_array() || list.size() > 1000)
                refuse(400, "BAD-REQUEST", "\"shares\" must be a list of {\"me\": ME, \"sp\": SP}, at most 1000");
            std::vector<std::pair<std::string, int>> shares;
            for (std::size_t i = 0; i < list.size(); ++i) {
                const std::string item = "share " + std::to_string(i + 1);
                if (!list[i].is_object()) refuse(400, "BAD-REQUEST", "\"shares\": " + item + " must be {\"me\": ME, \"sp\": SP}");
                if (!list[i].contains("me") || !list[i]["me"].is_string() || list[i]["me"].get<std::string>().size() > 200)
                    refuse(400, "BAD-REQUEST", "\"shares\": " + item + " needs \"me\", an ME id");
                if (!list[i].contains("sp") || !list[i]["sp"].is_number_integer() || list[i]["sp"].get<long long>() < -1000000 ||
                    list[i]["sp"].get<long long>() > 1000000)
                    refuse(400, "BAD-REQUEST", "\"shares\": " + item + " needs \"sp\", a whole number of SP");
                shares.emplace_back(list[i]["me"].get<std::string>(), list[i]["sp"].get<int>());
            }
            return execute(engine::AllocateSupply{side, source, shares});
        });
        sideCommand("supply/spend", [execute](const std::string& side, const json& body, const httplib::Request&) {
            engine::RequestSpending c;
            c.side = side;
            c.me = stringField(body, "me", true, 200);
            c.kind = stringField(body, "on", true, 50);
            c.count = intField(body, "count", false, 1, -1000000, 1000000);
            if (body.contains("class")) c.workClass = stringField(body, "class", true, 50);
            if (body.contains("at")) {
                const std::string at = stringField(body, "at", true, 50);
                c.at = hex::parseOffset(at);
                if (!c.at) refuse(400, "BAD-REQUEST", "\"at\" must be a hex of the form col,row, not '" + core::shorten(at, 20) + "'");
            }
            return execute(c);
        });
        sideCommand("sieges/([0-9]{1,9})/answer", [execute](const std::string& side, const json& body, const httplib::Request& req) {
            return execute(engine::AnswerTerms{side, std::stoi(req.matches[3]), boolField(body, "accept", true, false)});
        });

        // The weekly stops (docs/server.md "The turn's stops"): a side says it is done with the stop the campaign stands
        // at, or takes that word back while the stop still waits. The body names the moment, as every action does.
        auto stopFor = [](Hosted& h, const std::string& side, const json& body) {
            const auto moment = momentOf(body);
            checkMoment(h, moment);
            const auto stop = engine::weeklyStop(*h.store);
            if (!stop)
                refuse(409, "WEEK-NO-STOP",
                       "the campaign stands at no weekly stop (week " + std::to_string(moment.week) + " day " +
                           std::to_string(moment.day) + ", phase " + moment.phase +
                           "): a side says it is done only at one of the week's stops");
            if (std::find(stop->sides.begin(), stop->sides.end(), side) == stop->sides.end())
                refuse(409, "WEEK-NOT-AWAITED",
                       stopName(stop->week, campaign::phaseString(stop->phase)) + " does not wait for " + side +
                           ": they have nothing of their own to do there");
            return *stop;
        };
        sideAct("POST", "week/done",
                [this, stopFor](Hosted& h, const std::string& side, const json& body, const httplib::Request&,
                                httplib::Response& res) {
                    const auto stop = stopFor(h, side, body);
                    const auto phase = campaign::phaseString(stop.phase);
                    if (stopSaid(h, stop.week, phase).count(side))
                        refuse(409, "WEEK-DONE", side + " have already said they are done with " + stopName(stop.week, phase));
                    sayDone(h, stop.week, phase, side, true);
                    log("campaign " + h.id + ": " + side + " are done with " + stopName(stop.week, phase));
                    sendAction(res, side + " are done with " + stopName(stop.week, phase) +
                                        "; the turn goes on once every side it waits for is done" +
                                        (h.weekDeadline ? ", or at its deadline" : ""));
                });
        sideAct("DELETE", "week/done",
                [this, stopFor](Hosted& h, const std::string& side, const json& body, const httplib::Request&,
                                httplib::Response& res) {
                    const auto stop = stopFor(h, side, body);
                    const auto phase = campaign::phaseString(stop.phase);
                    const auto said = stopSaid(h, stop.week, phase);
                    if (const auto it = said.find(side); it == said.end() || it->second != "done")
                        refuse(409, "WEEK-NOT-DONE", side + " have not said they are done with " + stopName(stop.week, phase));
                    sayDone(h, stop.week, phase, side, false);
                    log("campaign " + h.id + ": " + side + " take back their word at " + stopName(stop.week, phase));
                    sendAction(res, side + " take back their word: " + stopName(stop.week, phase) + " waits for them again");
                });

        // A tabletop result: kept until every side of the battle has given the same one, then entered.
        sideAct("POST", "battles/([0-9]{1,9})/result",
                [this](Hosted& h, const std::string& side, const json& body, const httplib::Request& req, httplib::Response& res) {
                    const int battle = std::stoi(req.matches[3]);
                    const std::string xml = stringField(body, "xml", true, config.maxBody);
                    std::string file = stringField(body, "file", false, 255);
                    if (file.empty()) file = "result.xml";
                    const auto access = view::battleAccess(*h.store, view::Viewer::ofSide(side), battle);
                    if (access.hasErrors()) refuseIssues(access);
                    const auto rec = engine::findBattle(*h.store, battle);
                    if (rec->status == "resolved")
                        refuse(409, "BATTLE-RESOLVED", "battle " + std::to_string(battle) + " is already resolved");
                    std::set<std::string> sides;
                    for (const auto& p : rec->participants) sides.insert(p.side);
                    std::map<std::string, std::string> given;
                    {
                        std::lock_guard lock(stateMutex);
                        SQLite::Statement up(
                            *state, "INSERT INTO battle_result (campaign, battle, side, xml, file, given) VALUES (?,?,?,?,?,?) "
                                    "ON CONFLICT (campaign, battle, side) DO UPDATE SET xml = excluded.xml, file = excluded.file, "
                                    "given = excluded.given");
                        up.bind(1, h.id);
                        up.bind(2, battle);
                        up.bind(3, side);
                        up.bind(4, xml);
                        up.bind(5, file);
                        up.bind(6, static_cast<std::int64_t>(nowSeconds()));
                        up.exec();
                        SQLite::Statement q(*state, "SELECT side, xml FROM battle_result WHERE campaign = ? AND battle = ?");
                        q.bind(1, h.id);
                        q.bind(2, battle);
                        while (q.executeStep()) given[q.getColumn(0).getString()] = q.getColumn(1).getString();
                    }
                    for (const auto& s : sides)
                        if (!given.count(s)) {
                            sendAction(res, "the result of battle " + std::to_string(battle) +
                                                " is kept; it is entered when every side of the battle "
                                                "has given the same one");
                            return;
                        }
                    for (const auto& [s, x] : given)
                        if (x != xml) {
                            sendJson(res, 409,
                                     json{{"error",
                                           {{"code", "BATTLE-RESULT-DIFFERS"},
                                            {"message", "the sides of battle " + std::to_string(battle) +
                                                            " gave different results; each gives the result both agree on"}}}});
                            return;
                        }
                    applyResult(h, battle, xml, file, res);
                });

        // The host.
        http->Post("/api/v1/campaigns", guarded([this](const httplib::Request& req, httplib::Response& res) { create(req, res); }));
        http->Get("/api/v1/campaigns/([^/]+)/status", guarded([this](const httplib::Request& req, httplib::Response& res) {
                      mayHost(req);
                      auto h = campaign(req.matches[1]);
                      std::lock_guard lock(h->mutex);
                      const bool text = wantsText(req);
                      const auto v = view::buildSideView(*h->store, view::Viewer::host());
                      sendView(res, text, text ? view::statusText(v) : view::statusJson(v));
                  }));
        http->Put("/api/v1/campaigns/([^/]+)/settings", guarded([this](const httplib::Request& req, httplib::Response& res) {
                      mayHost(req);
                      const auto body = parseBody(req);
                      auto h = campaign(req.matches[1]);
                      {
                          std::lock_guard lock(h->mutex);
                          if (body.contains("deadline")) {
                              if (body["deadline"].is_null()) h->deadline.reset();
                              else if (body["deadline"].is_number_integer()) h->deadline = body["deadline"].get<std::int64_t>();
                              else refuse(400, "BAD-REQUEST", "\"deadline\" must be seconds since 1970 (UTC) or null");
                          }
                          if (body.contains("standFastMissing")) {
                              if (!body["standFastMissing"].is_boolean())
                                  refuse(400, "BAD-REQUEST", "\"standFastMissing\" must be true or false");
                              h->standFastMissing = body["standFastMissing"].get<bool>();
                          }
                          if (body.contains("auto")) {
                              if (!body["auto"].is_boolean()) refuse(400, "BAD-REQUEST", "\"auto\" must be true or false");
                              h->autoRun = body["auto"].get<bool>();
                          }
                          if (body.contains("weekDeadline")) {
                              if (body["weekDeadline"].is_null()) h->weekDeadline.reset();
                              else if (body["weekDeadline"].is_number_integer())
                                  h->weekDeadline = body["weekDeadline"].get<std::int64_t>();
                              else refuse(400, "BAD-REQUEST", "\"weekDeadline\" must be seconds since 1970 (UTC) or null");
                          }
                          if (body.contains("weekStopMinutes")) {
                              if (body["weekStopMinutes"].is_null()) h->weekStopMinutes.reset();
                              else h->weekStopMinutes = intField(body, "weekStopMinutes", true, 0, 1, 60 * 24 * 60);
                          }
                          saveSettings(*h);
                          log("campaign " + h->id + ": the host changed the settings");
                          sendJson(res, 200, calendarOf(*h, "", true));
                      }
                      poke();
                  }));
        http->Post("/api/v1/campaigns/([^/]+)/advance", guarded([this](const httplib::Request& req, httplib::Response& res) {
                       mayHost(req);
                       const auto body = parseBody(req);
                       const std::string step = body.contains("step") ? stringField(body, "step", true, 10) : "phase";
                       if (step != "phase" && step != "day" && step != "week")
                           refuse(400, "BAD-REQUEST", "\"step\" must be phase, day or week");
                       engine::AdvanceOptions options;
                       if (body.contains("standFastMissing")) {
                           if (!body["standFastMissing"].is_boolean())
                               refuse(400, "BAD-REQUEST", "\"standFastMissing\" must be true or false");
                           options.standFastMissing = body["standFastMissing"].get<bool>();
                       }
                       auto h = campaign(req.matches[1]);
                       {
                           std::lock_guard lock(h->mutex);
                           const auto r = engine::advance(*h->store,
                                                          step == "week"  ? engine::Step::Week
                                                          : step == "day" ? engine::Step::Day
                                                                          : engine::Step::Phase,
                                                          options);
                           json phases = json::array();
                           std::string text;
                           for (const auto& p : r.phases) {
                               phases.push_back({{"week", p.week},
                                                 {"day", p.day},
                                                 {"phase", campaign::phaseString(p.phase)},
                                                 {"title", p.title},
                                                 {"lines", p.lines}});
                               text += "Week " + std::to_string(p.week) +
                                       (p.day > 0 ? " day " + std::to_string(p.day) : std::string()) + "  " +
                                       campaign::phaseString(p.phase) + " " + p.title + "\n";
                               for (const auto& l : p.lines) text += "    " + l + "\n";
                           }
                           log("campaign " + h->id + ": the host ran " + std::to_string(r.phases.size()) + " phase(s)");
                           settleStops(*h);
                           if (h->autoRun)
                               if (const auto next = engine::weeklyStop(*h->store)) beginStop(*h, *next);
                           json answer{{"ok", r.ok},
                                       {"ended", r.ended},
                                       {"phases", phases},
                                       {"message", text},
                                       {"issues", issuesJson(r.issues)}};
                           if (!r.ok) {  // a refusal, with the phases that ran before it
                               std::string code, message;
                               for (const auto& i : r.issues.items())
                                   if (i.severity == core::Severity::Error && code.empty()) code = i.code, message = i.message;
                               answer["error"] = {{"code", code}, {"message", message}, {"issues", issuesJson(r.issues)}};
                           }
                           sendJson(res, r.ok ? 200 : statusOfIssues(r.issues), answer);
                       }
                       announce();
                       poke();
                   }));
        http->Post("/api/v1/campaigns/([^/]+)/battles/([0-9]{1,9})/result",
                   guarded([this](const httplib::Request& req, httplib::Response& res) {
                       mayHost(req);
                       const auto body = parseBody(req);
                       const std::string xml = stringField(body, "xml", true, config.maxBody);
                       std::string file = stringField(body, "file", false, 255);
                       if (file.empty()) file = "result.xml";
                       auto h = campaign(req.matches[1]);
                       {
                           std::lock_guard lock(h->mutex);
                           const auto access = view::battleAccess(*h->store, view::Viewer::host(), std::stoi(req.matches[2]));
                           if (access.hasErrors()) refuseIssues(access);
                           applyResult(*h, std::stoi(req.matches[2]), xml, file, res);
                       }
                       poke();
                   }));
    }

    // The host creates a campaign from one of the campaign files, with a passphrase for every side; the host's
    // passphrase becomes the campaign's host passphrase.
    void create(const httplib::Request& req, httplib::Response& res) {
        mayHost(req);
        const auto body = parseBody(req);
        const std::string id = stringField(body, "id", true, 100);
        if (!std::regex_match(id, kIdPattern)) refuse(400, "BAD-REQUEST", "\"id\" must be 1 to 64 letters, digits, '-' or '_'");
        const std::string scenario = stringField(body, "scenario", true, 100);
        if (!std::regex_match(scenario, kIdPattern))
            refuse(400, "BAD-REQUEST", "\"scenario\" must name a campaign file, e.g. southern-1780");
        const auto scenarioPath = fs::path(config.scenariosDir) / (scenario + ".xml");
        if (!fs::is_regular_file(scenarioPath)) refuse(404, "SCENARIO-UNKNOWN", "there is no campaign file '" + scenario + "'");
        db::NewCampaignRequest request;
        request.scenarioPath = scenarioPath.string();
        request.dbPath = (fs::path(config.campaignsDir) / (id + ".db")).string();
        if (body.contains("seed")) {
            if (!body["seed"].is_number_unsigned()) refuse(400, "BAD-REQUEST", "\"seed\" must be a whole number >= 0");
            request.seed = body["seed"].get<std::uint64_t>();
        }
        if (body.contains("options")) {
            if (!body["options"].is_array()) refuse(400, "BAD-REQUEST", "\"options\" must be a list of \"key=value\"");
            for (const auto& o : body["options"]) {
                if (!o.is_string()) refuse(400, "BAD-REQUEST", "\"options\" must be a list of \"key=value\"");
                request.options.push_back(o.get<std::string>());
            }
        }
        std::map<std::string, std::string> passphrases;
        if (body.contains("passphrases")) {
            if (!body["passphrases"].is_object()) refuse(400, "BAD-REQUEST", "\"passphrases\" must be an object: side -> passphrase");
            for (const auto& [side, p] : body["passphrases"].items()) {
                if (!p.is_string()) refuse(400, "BAD-REQUEST", "each passphrase must be a string");
                passphrases[side] = p.get<std::string>();
            }
        }
        {
            std::lock_guard lock(campaignsMutex);
            if (campaigns.count(id) || fs::exists(request.dbPath))
                refuse(409, "CAMPAIGN-EXISTS", "a campaign '" + id + "' exists already");
        }
        request.finish = [&](db::CampaignStore& store) {
            core::IssueList issues;
            for (const auto& side : view::campaignSides(store))
                if (!passphrases.count(side.id))
                    issues.error("SERVER-PASSPHRASE",
                                 "side '" + side.id + "' needs a passphrase: a hosted campaign has one for every side");
            for (const auto& [who, p] : passphrases) {
                try {
                    auth::setPassphrase(store, who, p);
                } catch (const auth::PassphraseError& e) {
                    issues.error(e.code(), "the passphrase of side '" + who + "' is refused: " + e.what());
                } catch (const db::StoreError& e) {
                    issues.error(e.code(), e.what());
                }
            }
            if (!issues.hasErrors()) auth::setPassphrase(store, auth::kHost, config.hostPassphrase);
            return issues;
        };
        const auto result = db::createCampaign(request);
        if (!result.ok) refuseIssues(result.issues);
        forgetCampaign(id);
        auto h = openCampaign(id, request.dbPath);
        {
            std::lock_guard lock(campaignsMutex);
            campaigns[id] = h;
        }
        saveSettings(*h);
        log("campaign " + id + " created from " + scenario + " (seed " + std::to_string(request.seed) + ")");
        sendAction(res, result.summary, result.issues);
        poke();
    }
};

Server::Server(ServerConfig config) : m_impl(std::make_unique<Impl>()) { m_impl->config = std::move(config); }

Server::~Server() {
    stop();
    if (m_impl->runner.joinable()) m_impl->runner.join();
}

int Server::start() {
    auto& impl = *m_impl;
    const auto& c = impl.config;
    if (sodium_init() < 0) throw std::runtime_error("the cryptography library cannot start");
    if (!c.tls && !isLoopback(c.bind))
        throw std::runtime_error("plain HTTP is allowed only on the loopback (127.0.0.1, ::1); bind to one, or use TLS");
    if (!fs::is_directory(c.campaignsDir)) throw std::runtime_error("no folder " + c.campaignsDir);
    if (auto problem = auth::passphraseProblem(c.hostPassphrase))
        throw std::runtime_error(std::string("the host's passphrase is refused: ") + problem->what());
    impl.openState();
    impl.hostPassphraseHash();
    impl.openFolder();
    impl.loadSessions();

    if (c.tls) {
        auto ssl = std::make_unique<httplib::SSLServer>(c.certPath.c_str(), c.keyPath.c_str());
        if (!ssl->is_valid()) throw std::runtime_error("cannot use the certificate " + c.certPath + " with the key " + c.keyPath);
        impl.http = std::move(ssl);
    } else {
        impl.http = std::make_unique<httplib::Server>();
    }
    auto& http = *impl.http;
    http.new_task_queue = [] { return new httplib::ThreadPool(24); };
    http.set_payload_max_length(c.maxBody);
    http.set_read_timeout(30);
    http.set_write_timeout(30);
    http.set_keep_alive_max_count(100);
    // Whatever the library answers by itself (413, 404, 400 for a malformed request) comes with a JSON body too.
    http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        if (!res.body.empty()) return;
        std::string code = "HTTP-" + std::to_string(res.status), message;
        switch (res.status) {
            case 404:
                code = "NOT-FOUND";
                message = "no such resource; see docs/server.md for the API";
                break;
            case 413:
                code = "TOO-LARGE";
                message = "the request's body is larger than this server accepts";
                break;
            case 400:
                code = "BAD-REQUEST";
                message = "the request is malformed";
                break;
            default: message = "the request was refused"; break;
        }
        sendJson(res, res.status, json{{"error", {{"code", code}, {"message", message}}}});
    });
    http.set_exception_handler([&impl](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        impl.log("an unexpected error while answering a request");
        sendJson(res, 500, json{{"error", {{"code", "SERVER-ERROR"}, {"message", "the server could not answer this request"}}}});
    });
    impl.routes();
    int port = c.port;
    if (port == 0) port = http.bind_to_any_port(c.bind);
    else if (!http.bind_to_port(c.bind, port)) port = -1;
    if (port <= 0) throw std::runtime_error("cannot listen on " + c.bind + ":" + std::to_string(c.port));
    // Any day a stop interrupted goes on at once, in the turn's thread (its first round); requests are answered
    // meanwhile, between its phases.
    impl.runner = std::thread([&impl] { impl.runnerLoop(); });
    return port;
}

void Server::run() { m_impl->http->listen_after_bind(); }

void Server::stop() {
    m_impl->stopping = true;
    m_impl->runnerWake.notify_all();
    m_impl->eventsChanged.notify_all();
    if (m_impl->http) m_impl->http->stop();
}

}  // namespace etatmajor::server
