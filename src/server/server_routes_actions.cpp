// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-server's routes of a side's actions (docs/server.md): its orders, its week's commands, its word at the
// weekly stops, and the result of a tabletop battle.
#include "server_impl.hpp"

#include "etatmajor/core/text.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/engine/commands.hpp"
#include "etatmajor/engine/grant.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/view/battle_text.hpp"

#include <set>

namespace etatmajor::server {

// A side's orders of the day: given, taken back, or standing fast.
void Server::Impl::orderRoutes() {
    sideAct("POST", "orders",
            [this](Hosted& h, const std::string& side, const json& body, const httplib::Request&, httplib::Response& res) {
                const std::string xml = stringField(body, "xml", true, config.maxBody);
                std::string file = stringField(body, "file", false, 255);
                if (file.empty()) file = "orders.xml";
                const auto orders = io::readOrdersString(xml, file);  // a FileError names the file and line
                if (orders.side != side) {
                    core::IssueList issues;
                    issues.error("ORDERS-SIDE", "the file holds orders of side '" + orders.side + "', not '" + side + "'", orders.line,
                                 "side");
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
}

// A side's week (etat-major.md §7.1, §9, §10, §11.4): the commands of etatmajor-cli's initiative, me, unit,
// grant, supply and siege answer, each the core's command with the side's own id.
void Server::Impl::weekRoutes() {
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
                issues.error("GRANT-SIDE", "the file holds a purchase of side '" + purchase.side + "', not '" + side + "'", 0, "side");
                issues.setFile(file);
                refuseIssues(issues);
            }
            return execute(engine::BuyWithGrant{file, purchase.text});
        },
        grantLeft);
    sideCommand(
        "grant/replace",
        [execute](const std::string& side, const json& body, const httplib::Request&) {
            return execute(engine::ReplaceFromGrant{side, stringField(body, "me", true, 200), stringListField(body, "units", false),
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
}

// The weekly stops (docs/server.md "The turn's stops"): a side says it is done with the stop the campaign stands
// at, or takes that word back while the stop still waits. The body names the moment, as every action does.
void Server::Impl::weeklyStopRoutes() {
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
            [this, stopFor](Hosted& h, const std::string& side, const json& body, const httplib::Request&, httplib::Response& res) {
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
            [this, stopFor](Hosted& h, const std::string& side, const json& body, const httplib::Request&, httplib::Response& res) {
                const auto stop = stopFor(h, side, body);
                const auto phase = campaign::phaseString(stop.phase);
                const auto said = stopSaid(h, stop.week, phase);
                if (const auto it = said.find(side); it == said.end() || it->second != "done")
                    refuse(409, "WEEK-NOT-DONE", side + " have not said they are done with " + stopName(stop.week, phase));
                sayDone(h, stop.week, phase, side, false);
                log("campaign " + h.id + ": " + side + " take back their word at " + stopName(stop.week, phase));
                sendAction(res, side + " take back their word: " + stopName(stop.week, phase) + " waits for them again");
            });
}

// A tabletop result: kept until every side of the battle has given the same one, then entered.
void Server::Impl::tabletopRoutes() {
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
}

// Enters a tabletop result as the command the CLI gives, and forgets the results the sides gave of that battle.
void Server::Impl::applyResult(Hosted& h, int battle, const std::string& xml, const std::string& file, httplib::Response& res) {
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

}  // namespace etatmajor::server
