// SPDX-License-Identifier: GPL-3.0-or-later
// How etatmajor-server registers its routes and answers them (docs/server.md): every handler is guarded so that a
// failure is a refusal with its code; a side's views and actions are read and run under the campaign's lock as that
// side. The routes themselves are registered group by group, by the functions of the server_routes_*.cpp files.
#include "server_impl.hpp"

#include "etatmajor/core/text.hpp"
#include "etatmajor/engine/commands.hpp"
#include "etatmajor/engine/weekly_stops.hpp"
#include "etatmajor/view/side_view.hpp"

#include <new>

namespace etatmajor::server {

// Every answer is JSON or the text asked for; a failure is a refusal with its code, never a library's message.
Server::Impl::Handler Server::Impl::guarded(Handler f) {
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
bool Server::Impl::wantsText(const httplib::Request& req) {
    const auto f = req.has_param("format") ? req.get_param_value("format") : "json";
    if (f != "text" && f != "json") refuse(400, "BAD-PARAM", "format must be text or json");
    return f == "text";
}

void Server::Impl::sendView(httplib::Response& res, bool text, const std::string& body) {
    res.status = 200;
    if (text) res.set_content(body, "text/plain; charset=utf-8");
    else res.set_content(body + (body.empty() || body.back() != '\n' ? "\n" : ""), "application/json");
}

void Server::Impl::sideGet(const std::string& what, SideView f) {
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

void Server::Impl::sideAct(const std::string& method, const std::string& what, SideAction f) {
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

// 409 ACTION-STALE unless the campaign stands at the moment the request was written for.
void Server::Impl::checkMoment(Hosted& h, const Moment& moment) {
    const auto info = h.store->info();
    const auto phase = campaign::phaseString(info.phase);
    if (moment.week != info.week || moment.day != info.day || moment.phase != phase)
        refuse(409, "ACTION-STALE",
               "the request was written for week " + std::to_string(moment.week) + " day " + std::to_string(moment.day) + ", phase " +
                   core::shorten(moment.phase, 10) + "; the campaign is at week " + std::to_string(info.week) + " day " +
                   std::to_string(info.day) + ", phase " + phase + ": read the calendar again");
}

// A side's action between the phases (docs/server.md "A side's week"): the body is read (400 naming the field), the
// campaign must stand at the moment the body names (409 ACTION-STALE), then the core's command runs as the side
// (engine::execute, one transaction, logged) and its refusal comes back with the command's issues. The server adds
// no rule: `build` only makes the command from the body. The answer is the command's own lines, about the side's
// own forces, plus what `extra` adds from the side's view.
void Server::Impl::sideCommand(const std::string& what, BuildCommand build, Extra extra) {
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

void Server::Impl::sendAction(httplib::Response& res, const std::string& message, const core::IssueList& warnings) {
    sendJson(res, 200, json{{"message", message}, {"issues", issuesJson(warnings)}});
}

void Server::Impl::refuseIssues(const core::IssueList& issues) {
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

// Every route of the API, group after group (the order in which httplib tries them).
void Server::Impl::routes() {
    sessionRoutes();
    eventRoutes();
    sideViewRoutes();
    orderRoutes();
    weekRoutes();
    weeklyStopRoutes();
    tabletopRoutes();
    hostRoutes();
}

}  // namespace etatmajor::server
