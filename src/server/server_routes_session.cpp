// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-server's routes of logins and sessions, and of the events a client waits for (docs/server.md).
#include "server_impl.hpp"

#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/core/text.hpp"
#include "etatmajor/engine/phase_log.hpp"
#include "etatmajor/version.hpp"
#include "etatmajor/view/side_view.hpp"

#include <sodium.h>

namespace etatmajor::server {

// Refuses with 429 while `keys` are in their slow-down; the wait is the longest.
void Server::Impl::checkSlowDown(const std::vector<std::string>& keys) {
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

void Server::Impl::recordFailure(const std::vector<std::string>& keys) {
    std::lock_guard lock(failuresMutex);
    for (const auto& k : keys) {
        auto& f = failures[k];
        ++f.count;
        f.last = Clock::now();
    }
    if (failures.size() > 100000) failures.clear();
}

void Server::Impl::clearFailures(const std::vector<std::string>& keys) {
    std::lock_guard lock(failuresMutex);
    for (const auto& k : keys) failures.erase(k);
}

void Server::Impl::login(const httplib::Request& req, httplib::Response& res) {
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

// The API's version, the campaigns' calendars, logging in and out.
void Server::Impl::sessionRoutes() {
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
}

// What happened since: the phases run and the weekly stops, by long poll or as a stream.
void Server::Impl::eventRoutes() {
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
                                         json{{"seq", p.seq}, {"week", p.week}, {"day", p.day}, {"phase", p.phase}}.dump() + "\n\n";
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
}

}  // namespace etatmajor::server
