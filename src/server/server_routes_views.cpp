// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-server's routes of a side's views (docs/server.md): each is the core's view of the asking side, as text
// or JSON, its printed papers, the odds of its battles.
#include "server_impl.hpp"

#include "etatmajor/engine/intel.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/reports.hpp"
#include "etatmajor/engine/siege.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/report/papers.hpp"
#include "etatmajor/report/pdf.hpp"
#include "etatmajor/view/battle_text.hpp"
#include "etatmajor/view/battle_view.hpp"
#include "etatmajor/view/day_report.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"

#include <fstream>
#include <iterator>

namespace etatmajor::server {

// A side's views, each read as that side (sideGet), and the odds of its battles.
void Server::Impl::sideViewRoutes() {
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
    sideGet("papers/([a-z-]{1,20})", [this](Hosted& h, const std::string& side, const httplib::Request& req, httplib::Response& res) {
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
                   // "assume": what the side believes unscouted enemy counters hold, each "COUNTER=KIND:N,KIND:N" as
                   // `battle odds --assume` takes it; read by the same core functions, every problem an ODDS-ASSUME.
                   std::vector<view::OddsAssumption> assumptions;
                   if (body.contains("assume")) {
                       const auto& list = body["assume"];
                       if (!list.is_array() || list.size() > 64)
                           refuse(400, "BAD-REQUEST", "\"assume\" must be a list of at most 64 strings \"COUNTER=KIND:N,KIND:N\"");
                       core::IssueList parsed;
                       for (const auto& a : list) {
                           if (!a.is_string())
                               refuse(400, "BAD-REQUEST", "\"assume\" must be a list of strings \"COUNTER=KIND:N,KIND:N\"");
                           if (auto one = view::parseAssumption(a.get<std::string>(), parsed)) assumptions.push_back(std::move(*one));
                       }
                       if (parsed.hasErrors()) refuseIssues(parsed);
                   }
                   auto h = campaign(id);
                   std::lock_guard lock(h->mutex);
                   view::requireViewer(*h->store, view::Viewer::ofSide(side));
                   const auto access = view::battleAccess(*h->store, view::Viewer::ofSide(side), battle);
                   if (access.hasErrors()) refuseIssues(access);
                   const auto odds = view::battleOdds(*h->store, side, battle, runs, 1, assumptions);
                   if (odds.issues.hasErrors()) refuseIssues(odds.issues);
                   auto j = json::parse(view::battleOddsJson(odds));
                   j["text"] = view::battleOddsText(odds);
                   sendJson(res, 200, j);
               }));
}

}  // namespace etatmajor::server
