// SPDX-License-Identifier: GPL-3.0-or-later
#include "server_impl.hpp"

#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/core/text.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/phase_log.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/view/side_view.hpp"

#include <sodium.h>

#include <algorithm>
#include <ctime>
#include <iostream>
#include <set>

namespace etatmajor::server {

bool isLoopback(const std::string& a) { return a == "localhost" || a == "::1" || a == "[::1]" || a.rfind("127.", 0) == 0; }

namespace {

constexpr const char* kStateFile = "etatmajor-server.sqlite";

std::string timestamp() {
    const std::time_t t = std::time(nullptr);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
    return buf;
}

}  // namespace

void Server::Impl::log(const std::string& line) {
    static std::mutex m;
    std::lock_guard lock(m);
    std::cerr << timestamp() << " " << line << std::endl;
}

// --- the server's own state: the host's settings and tabletop results given so far ---
void Server::Impl::openState() {
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
void Server::Impl::hostPassphraseHash() {
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

void Server::Impl::loadSettings(Hosted& h) {
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

void Server::Impl::saveSettings(const Hosted& h) {
    std::lock_guard lock(stateMutex);
    saveSettingsLocked(h);
}

void Server::Impl::saveSettingsLocked(const Hosted& h) {
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
std::map<std::string, std::string> Server::Impl::stopSaid(const Hosted& h, int week, const std::string& phase) {
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
void Server::Impl::sayDone(const Hosted& h, int week, const std::string& phase, const std::string& side, bool done) {
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

// The caller holds stateMutex.
bool Server::Impl::stopEventKnown(const Hosted& h, int week, const std::string& phase, const std::string& kind) {
    SQLite::Statement q(*state, "SELECT 1 FROM stop_event WHERE campaign = ? AND week = ? AND phase = ? AND kind = ?");
    q.bind(1, h.id);
    q.bind(2, week);
    q.bind(3, phase);
    q.bind(4, kind);
    return q.executeStep();
}

void Server::Impl::addStopEvent(const Hosted& h, const std::string& kind, int week, const std::string& phase, const std::string& why) {
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

int Server::Impl::lastStopEvent(const Hosted& h) {
    std::lock_guard lock(stateMutex);
    SQLite::Statement q(*state, "SELECT COALESCE(MAX(seq), 0) FROM stop_event WHERE campaign = ?");
    q.bind(1, h.id);
    q.executeStep();
    return q.getColumn(0).getInt();
}

std::vector<Server::Impl::StopEvent> Server::Impl::stopEventsAfter(const Hosted& h, int after) {
    std::lock_guard lock(stateMutex);
    SQLite::Statement q(*state, "SELECT seq, kind, week, phase, why, at FROM stop_event WHERE campaign = ? AND seq > ? ORDER BY seq "
                                "LIMIT 1000");
    q.bind(1, h.id);
    q.bind(2, after);
    std::vector<StopEvent> out;
    while (q.executeStep())
        out.push_back({q.getColumn(0).getInt(), q.getColumn(1).getString(), q.getColumn(2).getInt(), q.getColumn(3).getString(),
                       q.getColumn(4).getString(), q.getColumn(5).getInt64()});
    return out;
}

json Server::Impl::stopEventJson(const StopEvent& e) {
    json j{{"seq", e.seq}, {"kind", e.kind}, {"week", e.week}, {"phase", e.phase}, {"at", e.at}};
    if (!e.why.empty()) j["why"] = e.why;
    return j;
}

std::string Server::Impl::stopName(int week, const std::string& phase) {
    return "the weekly stop before " + phase + " of week " + std::to_string(week);
}

// The stop the campaign stands at (the caller holds h.mutex), on each round of the turn: begun once (its event,
// and the host's minutes as its deadline when it has none); it holds while a side it waits for has not said it is
// done and the deadline has not passed. Then it ends, in one transaction of the state file: the sides that said
// nothing are recorded as having done nothing (logged, like a stand-fast at the day's deadline), its event is
// written and its deadline spent. Returns whether the turn waits.
bool Server::Impl::stopHolds(Hosted& h, const engine::WeeklyStop& stop) {
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
void Server::Impl::beginStop(Hosted& h, const engine::WeeklyStop& stop) {
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
void Server::Impl::settleStops(Hosted& h) {
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
void Server::Impl::forgetCampaign(const std::string& id) {
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
std::shared_ptr<Hosted> Server::Impl::openCampaign(const std::string& id, const std::string& path) {
    auto h = std::make_shared<Hosted>();
    h->id = id;
    h->path = path;
    h->store.emplace(db::CampaignStore::open(path));
    loadSettings(*h);
    return h;
}

void Server::Impl::openFolder() {
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

std::shared_ptr<Hosted> Server::Impl::campaign(const std::string& id) {
    std::lock_guard lock(campaignsMutex);
    const auto it = campaigns.find(id);
    if (it == campaigns.end()) refuse(404, "CAMPAIGN-UNKNOWN", "the server hosts no campaign '" + core::shorten(id) + "'");
    return it->second;
}

// What the campaign waits for, and its public calendar (the caller holds h.mutex). A side's session (`side`) is
// also told its own part of the weekly stop and what it may do now; the host (`host`) every side's word at the
// stop. Nothing here says what another side did or may do (docs/server.md "The turn's stops").
json Server::Impl::calendarOf(Hosted& h, const std::string& side, bool host) {
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
std::optional<std::string> Server::Impl::tokenOf(const httplib::Request& req) {
    const auto auth = req.get_header_value("Authorization");
    if (auth.rfind("Bearer ", 0) != 0) return std::nullopt;
    return auth.substr(7);
}

bool Server::Impl::expired(const Session& s, std::int64_t now) const {
    return now - s.lastUse > std::int64_t{config.sessionIdleMinutes} * 60 ||
           now - s.created > std::int64_t{config.sessionMaxHours} * 3600;
}

// The state file's copy of the sessions (the caller holds sessionsMutex).
void Server::Impl::storeSession(const std::string& key, const Session& s) {
    std::lock_guard lock(stateMutex);
    SQLite::Statement q(*state, "INSERT OR REPLACE INTO session (token_hash, campaign, side, host, client, created, last_use, stamp) "
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

void Server::Impl::forgetSession(const std::string& key) {
    std::lock_guard lock(stateMutex);
    SQLite::Statement q(*state, "DELETE FROM session WHERE token_hash = ?");
    q.bind(1, key);
    q.exec();
}

void Server::Impl::touchSession(const std::string& key, std::int64_t lastUse) {
    std::lock_guard lock(stateMutex);
    SQLite::Statement q(*state, "UPDATE session SET last_use = ? WHERE token_hash = ?");
    q.bind(1, lastUse);
    q.bind(2, key);
    q.exec();
}

// At start: the sessions of the last run that have not expired.
void Server::Impl::loadSessions() {
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
bool Server::Impl::stampHolds(const Session& s) {
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

Session Server::Impl::session(const httplib::Request& req) {
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
        log("session ended: the passphrase of " + (s.host ? std::string("the host") : "campaign " + s.campaign + " side " + s.side) +
            " has changed");
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

std::string Server::Impl::newSession(Session s) {
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

void Server::Impl::endSession(const httplib::Request& req) {
    session(req);
    const auto key = fastHash(*tokenOf(req));
    std::lock_guard lock(sessionsMutex);
    sessions.erase(key);
    forgetSession(key);
}

// The session may see what `side` of campaign `id` may know: that side itself, or the host.
Session Server::Impl::mayRead(const httplib::Request& req, const std::string& id, const std::string& side) {
    auto s = session(req);
    if (s.host) return s;
    if (s.campaign != id) refuse(403, "AUTH-CAMPAIGN", "this session is for another campaign");
    if (s.side != side) refuse(403, "AUTH-SIDE", "this session is side '" + s.side + "'s; it may not see or act for another side");
    return s;
}

// The session may act as `side`: that side only (the host writes no orders).
Session Server::Impl::mayAct(const httplib::Request& req, const std::string& id, const std::string& side) {
    auto s = mayRead(req, id, side);
    if (s.host) refuse(403, "AUTH-SIDE", "the host does not act for a side");
    return s;
}

Session Server::Impl::mayHost(const httplib::Request& req) {
    auto s = session(req);
    if (!s.host) refuse(403, "AUTH-HOST", "only the host may do this");
    return s;
}

// --- the turn ---
void Server::Impl::poke() {
    {
        std::lock_guard lock(runnerMutex);
        runnerPoked = true;
    }
    runnerWake.notify_all();
}

void Server::Impl::announce() { eventsChanged.notify_all(); }

// Runs the campaign on, a phase at a time, as `advance` does, until it waits at a weekly stop for the sides'
// word, for orders at D2, for a tabletop result, or has ended. Each phase is its own transaction: a stop at any
// moment loses nothing committed, and the next run goes on from the phase the campaign points at, with the dice
// generator's state of that moment.
void Server::Impl::drive(Hosted& h) {
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

void Server::Impl::driveAll() {
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

void Server::Impl::runnerLoop() {
    while (!stopping) {
        driveAll();
        std::unique_lock lock(runnerMutex);
        runnerWake.wait_for(lock, std::chrono::milliseconds(config.tickMilliseconds), [&] { return runnerPoked || stopping.load(); });
        runnerPoked = false;
    }
}

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
