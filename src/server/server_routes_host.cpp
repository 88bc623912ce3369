// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-server's routes of the host (docs/server.md): creating a campaign, its status and settings, running the
// turn by hand, entering a tabletop result.
#include "server_impl.hpp"

#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/view/battle_text.hpp"
#include "etatmajor/view/side_view.hpp"

namespace etatmajor::server {

// The host's: a new campaign, a campaign's status and settings, running the turn by hand, a tabletop result.
void Server::Impl::hostRoutes() {
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
    http->Post(
        "/api/v1/campaigns/([^/]+)/advance", guarded([this](const httplib::Request& req, httplib::Response& res) {
            mayHost(req);
            const auto body = parseBody(req);
            const std::string step = body.contains("step") ? stringField(body, "step", true, 10) : "phase";
            if (step != "phase" && step != "day" && step != "week") refuse(400, "BAD-REQUEST", "\"step\" must be phase, day or week");
            engine::AdvanceOptions options;
            if (body.contains("standFastMissing")) {
                if (!body["standFastMissing"].is_boolean()) refuse(400, "BAD-REQUEST", "\"standFastMissing\" must be true or false");
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
                    text += "Week " + std::to_string(p.week) + (p.day > 0 ? " day " + std::to_string(p.day) : std::string()) + "  " +
                            campaign::phaseString(p.phase) + " " + p.title + "\n";
                    for (const auto& l : p.lines) text += "    " + l + "\n";
                }
                log("campaign " + h->id + ": the host ran " + std::to_string(r.phases.size()) + " phase(s)");
                settleStops(*h);
                if (h->autoRun)
                    if (const auto next = engine::weeklyStop(*h->store)) beginStop(*h, *next);
                json answer{{"ok", r.ok}, {"ended", r.ended}, {"phases", phases}, {"message", text}, {"issues", issuesJson(r.issues)}};
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
void Server::Impl::create(const httplib::Request& req, httplib::Response& res) {
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

}  // namespace etatmajor::server
