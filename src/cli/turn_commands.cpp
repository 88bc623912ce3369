// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-cli advance, loc, intel, supply (allocate, spend), initiative, me, orders, grant, siege, unit
#include "cli.hpp"

#include "etatmajor/view/day_report.hpp"
#include "etatmajor/view/turn_view.hpp"

#include "etatmajor/engine/grant.hpp"
#include "etatmajor/engine/intel.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "etatmajor/engine/reports.hpp"
#include "etatmajor/engine/siege.hpp"
#include "etatmajor/engine/supply_orders.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/engine/turn.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <memory>

namespace etatmajor::cli {

namespace {

struct WeeklyArgs {
    std::string source, me, kind, workClass = "heavy", at;
    std::vector<std::string> shares;
    int count = 1;
};

// The options of the turn's commands: one set, shared by every command below (only the command given is parsed).
struct TurnArgs {
    std::string db;
    std::string side;
    bool json = false;
    bool phase = false;
    bool day = false;
    bool week = false;
    bool decline = false;
    bool standFastMissing = false;
    std::string from, to, newId, label, name, me;
    std::vector<std::string> members;
    std::vector<std::string> generals;
    std::string file;
    std::string passwordFile;
    int siegeId = 0;
    bool accept = false, refuse = false;
    RemoteArgs remote;
};

// §10 reorganisation commands: the command's issues and lines, and its exit status.
int printReorg(const engine::ReorgResult& r) {
    printIssues(r.issues);
    for (const auto& l : r.lines) std::cout << l << "\n";
    return r.ok() ? kOk : kBadInput;
}

// advance: the host (or a side, hotseat) runs the next phase, the rest of the day or of the week.
void registerAdvance(CLI::App& app, Registry& registry, const std::shared_ptr<TurnArgs>& args) {
    auto* advance = app.add_subcommand("advance", "Run the next phase (default), the rest of the day, or the rest of the week");
    advance->add_option("--db", args->db, "Campaign database")->required();
    addPasswordFile(advance, args->passwordFile);
    auto* group = advance->add_option_group("step", "How far to go");
    group->add_flag("--phase", args->phase, "One phase");
    group->add_flag("--day", args->day, "To the end of the current day (with any weekly phases due first)");
    group->add_flag("--week", args->week, "To the end of the current week");
    group->require_option(0, 1);
    advance->add_flag("--json", args->json, "Print one JSON document");
    advance->add_flag("--stand-fast-missing", args->standFastMissing,
                      "Sides that have not given today's orders by the orders phase stand fast (the host only)");
    advance->add_option("--side", args->side,
                        "Run the phases as this side (hotseat without a host): it is told its own day, never the host's lines");
    registry.add(advance, [args] {
        if (!args->side.empty() && args->standFastMissing) {
            std::cerr << "error ADVANCE-SIDE: only the host may make the other side stand fast (--stand-fast-missing)\n";
            return kUsage;
        }
        return withActor(args->db, actorOf(args->side), args->passwordFile, false, [&](db::CampaignStore& store) {
            const auto step = args->week ? engine::Step::Week : args->day ? engine::Step::Day : engine::Step::Phase;
            const auto result = engine::advance(store, step, {args->standFastMissing});
            if (!args->side.empty()) {
                // A side is told what the phases did to it (view::dayReport), never the engine's lines, which name
                // everything on both sides (docs/secrecy.md).
                const auto who = view::Viewer::ofSide(args->side);
                const auto refusal = view::phaseRefusalFor(who, result.issues);
                for (const auto& i : refusal.items()) std::cerr << "error " << i.code << ": " << i.message << "\n";
                nlohmann::ordered_json phases = nlohmann::ordered_json::array(), reports = nlohmann::ordered_json::array();
                std::string text;
                for (const auto& p : result.phases) {
                    phases.push_back(
                        {{"week", p.week}, {"day", p.day}, {"phase", campaign::phaseString(p.phase)}, {"title", p.title}});
                    text += "Week " + std::to_string(p.week) + (p.day > 0 ? " day " + std::to_string(p.day) : std::string()) + "  " +
                            campaign::phaseString(p.phase) + " " + p.title + "\n";
                    if (p.phase != campaign::Phase::D12) continue;
                    const auto r = view::dayReport(store, who, p.week, p.day);
                    reports.push_back(nlohmann::ordered_json::parse(view::dayReportJson(r)));
                    text += "\n" + view::dayReportText(r) + "\n";
                }
                if (args->json)
                    std::cout << nlohmann::ordered_json{{"ok", result.ok},
                                                        {"ended", result.ended},
                                                        {"phases", phases},
                                                        {"reports", reports}}
                                     .dump(2)
                              << "\n";
                else std::cout << text;
                return result.ok ? kOk : kBadInput;
            }
            printIssues(result.issues);
            if (args->json) {
                nlohmann::ordered_json phases = nlohmann::ordered_json::array();
                for (const auto& p : result.phases)
                    phases.push_back({{"week", p.week},
                                      {"day", p.day},
                                      {"phase", campaign::phaseString(p.phase)},
                                      {"title", p.title},
                                      {"lines", p.lines}});
                std::cout << nlohmann::ordered_json{{"ok", result.ok}, {"ended", result.ended}, {"phases", phases}}.dump(2) << "\n";
            } else {
                for (const auto& p : result.phases) {
                    std::cout << "Week " << p.week;
                    if (p.day > 0) std::cout << " day " << p.day;
                    std::cout << "  " << p.phase << " " << p.title << "\n";
                    for (const auto& l : p.lines) std::cout << "    " << l << "\n";
                }
            }
            return result.ok ? kOk : kBadInput;
        });
    });
}

// loc and intel: a side's lines of communication and intelligence reports.
void registerSideReports(CLI::App& app, Registry& registry, const std::shared_ptr<TurnArgs>& args) {
    auto* loc = app.add_subcommand("loc", "Each ME's line of communication: yes or no, source, path and what cuts it");
    addRemote(loc, args->remote, loc->add_option("--db", args->db, "Campaign database"));
    loc->add_option("--side", args->side, "Side")->required();
    addPasswordFile(loc, args->passwordFile);
    loc->add_flag("--json", args->json, "Print one JSON document");
    registry.add(loc, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used()) return remoteView(args->remote, args->side, args->passwordFile, "loc", args->json);
        return withActor(args->db, actorOf(args->side), args->passwordFile, true, [&](db::CampaignStore& s) {
            std::cout << (args->json ? engine::locJson(s, args->side) + "\n" : engine::locText(s, args->side));
            return kOk;
        });
    });

    auto* intel = app.add_subcommand("intel", "The side's intelligence reports (§8.6)");
    addRemote(intel, args->remote, intel->add_option("--db", args->db, "Campaign database"));
    intel->add_option("--side", args->side, "Side")->required();
    addPasswordFile(intel, args->passwordFile);
    intel->add_flag("--json", args->json, "Print one JSON document");
    registry.add(intel, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used()) return remoteView(args->remote, args->side, args->passwordFile, "intel", args->json);
        return withActor(args->db, actorOf(args->side), args->passwordFile, true, [&](db::CampaignStore& s) {
            std::cout << (args->json ? engine::intelJson(s, args->side) + "\n" : engine::intelText(s, args->side));
            return kOk;
        });
    });
}

// supply: a side's supply, and its weekly allocate and spend.
void registerSupply(CLI::App& app, Registry& registry, const std::shared_ptr<TurnArgs>& args) {
    auto* supply = app.add_subcommand("supply", "Supply sources, who draws on them, foraging, and this week's ledger");
    addRemote(supply, args->remote, supply->add_option("--db", args->db, "Campaign database"));
    supply->add_option("--side", args->side, "Side")->required();
    addPasswordFile(supply, args->passwordFile);
    supply->add_flag("--json", args->json, "Print one JSON document");
    // §9.1, §9.6 / G-86: the commander's split of a shared source and spending requests, between W3 and W4.
    auto weekly = std::make_shared<WeeklyArgs>();
    auto* allocate = supply->add_subcommand("allocate", "Split a shared source's income this week between the MEs drawing on it");
    allocate->fallthrough();
    allocate->add_option("--source", weekly->source, "The urban area whose income is split")->required();
    allocate->add_option("--share", weekly->shares, "ME=SP (repeatable); MEs not named share the rest")->required();
    registry.add(allocate, [args, weekly] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        std::vector<std::pair<std::string, int>> shares;
        core::IssueList bad;
        for (const auto& text : weekly->shares) {
            const auto eq = text.find('=');
            try {
                if (eq == std::string::npos) throw std::invalid_argument(text);
                std::size_t used = 0;
                const int n = std::stoi(text.substr(eq + 1), &used);
                if (used != text.size() - eq - 1) throw std::invalid_argument(text);
                shares.emplace_back(text.substr(0, eq), n);
            } catch (const std::exception&) {
                bad.error("SUPPLY-SHARE", "'" + text + "' is not ME=SP", 0,
                          (eq == std::string::npos ? text : text.substr(0, eq)) + ".points");
            }
        }
        if (bad.hasErrors()) {
            printIssues(bad);
            return kBadInput;
        }
        if (args->remote.used())
            return remoteAction(args->remote, args->side, args->passwordFile, [&](client::Connection& c, const client::Moment& at) {
                return c.allocateSupply(at, weekly->source, shares);
            });
        return withActor(args->db, actorOf(args->side), args->passwordFile, false, [&](db::CampaignStore& s) {
            const auto r = engine::allocateSupply(s, args->side, weekly->source, shares);
            printIssues(r.issues);
            for (const auto& l : r.lines) std::cout << l << "\n";
            return r.ok() ? kOk : kBadInput;
        });
    });
    auto* spend = supply->add_subcommand("spend", "Buy works, pontoons, a bridge or water transport with an ME's SPs (paid at W4)");
    spend->fallthrough();
    spend->add_option("--me", weekly->me, "The ME that pays")->required();
    spend->add_option("--on", weekly->kind, "works, pontoon, bridge or transport")->required();
    spend->add_option("--count", weekly->count, "Two-stand widths of works, or pontoons (default 1)");
    spend->add_option("--class", weekly->workClass, "Works: light or heavy (default heavy)");
    spend->add_option("--at", weekly->at, "Bridge: the hex across the river, col,row");
    registry.add(spend, [args, weekly] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        engine::SpendRequest q;
        q.side = args->side;
        q.me = weekly->me;
        q.kind = weekly->kind;
        q.count = weekly->count;
        q.workClass = weekly->workClass;
        if (!weekly->at.empty()) {
            q.at = hex::parseOffset(weekly->at);
            if (!q.at) {
                core::IssueList bad;
                bad.error("SUPPLY-SPEND", "'" + weekly->at + "' is not a hex of the form col,row", 0, weekly->me + ".at");
                printIssues(bad);
                return kBadInput;
            }
        }
        if (args->remote.used())
            return remoteAction(args->remote, args->side, args->passwordFile, [&](client::Connection& c, const client::Moment& at) {
                return c.requestSpending(at, q.me, q.kind, q.count, q.workClass,
                                         q.at ? std::optional<std::string>(hex::formatOffset(*q.at)) : std::nullopt);
            });
        return withActor(args->db, actorOf(args->side), args->passwordFile, false, [&](db::CampaignStore& s) {
            const auto r = engine::requestSpending(s, q);
            printIssues(r.issues);
            for (const auto& l : r.lines) std::cout << l << "\n";
            return r.ok() ? kOk : kBadInput;
        });
    });
    registry.add(supply, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used()) return remoteView(args->remote, args->side, args->passwordFile, "supply", args->json);
        return withActor(args->db, actorOf(args->side), args->passwordFile, true, [&](db::CampaignStore& s) {
            std::cout << (args->json ? engine::supplyJson(s, args->side) + "\n" : engine::supplyText(s, args->side));
            return kOk;
        });
    });
}

// initiative --decline.
void registerInitiative(CLI::App& app, Registry& registry, const std::shared_ptr<TurnArgs>& args) {
    auto* initiative = app.add_subcommand("initiative", "Strategic initiative: hand it to the other side");
    addRemote(initiative, args->remote, initiative->add_option("--db", args->db, "Campaign database"));
    initiative->add_option("--side", args->side, "The side holding the initiative")->required();
    addPasswordFile(initiative, args->passwordFile);
    initiative->add_flag("--decline", args->decline, "Hand the initiative to the other side for this week")->required();
    registry.add(initiative, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used())
            return remoteAction(args->remote, args->side, args->passwordFile,
                                [](client::Connection& c, const client::Moment& at) { return c.declineInitiative(at); });
        return withActor(args->db, actorOf(args->side), args->passwordFile, false, [&](db::CampaignStore& s) {
            const auto issues = engine::declineInitiative(s, args->side);
            printIssues(issues);
            if (issues.hasErrors()) return kBadInput;
            std::cout << args->side << " hand the strategic initiative to the other side for this week\n";
            return kOk;
        });
    });
}

// me split, transfer and dissolve (§10 reorganisation).
void registerMeCommands(CLI::App& app, Registry& registry, const std::shared_ptr<TurnArgs>& args) {
    auto* meCmd = app.add_subcommand("me", "Create, split, transfer and dissolve manoeuvre elements (§10)");
    meCmd->require_subcommand(1);
    auto* split = meCmd->add_subcommand("split", "Form a new ME from units of an existing one, in its hex");
    addRemote(split, args->remote, split->add_option("--db", args->db, "Campaign database"));
    split->add_option("--side", args->side, "Side")->required();
    addPasswordFile(split, args->passwordFile);
    split->add_option("--from", args->from, "The ME to split")->required();
    split->add_option("--new", args->newId, "Id of the new ME")->required();
    split->add_option("--label", args->label, "Counter label of the new ME");
    split->add_option("--member", args->members, "Unit, formation or general that goes to the new ME (repeatable)")->required();
    registry.add(split, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used())
            return remoteAction(args->remote, args->side, args->passwordFile, [&](client::Connection& c, const client::Moment& at) {
                return c.splitMe(at, args->from, args->newId, args->label, args->members);
            });
        return withActor(args->db, actorOf(args->side), args->passwordFile, false, [&](db::CampaignStore& s) {
            return printReorg(engine::splitMe(s, args->side, args->from, args->newId, args->label, args->members));
        });
    });
    auto* transfer = meCmd->add_subcommand("transfer", "Move units from one ME to another (at once in one hex, otherwise in transit)");
    addRemote(transfer, args->remote, transfer->add_option("--db", args->db, "Campaign database"));
    transfer->add_option("--side", args->side, "Side")->required();
    addPasswordFile(transfer, args->passwordFile);
    transfer->add_option("--from", args->from, "The ME giving the units")->required();
    transfer->add_option("--to", args->to, "The ME receiving them")->required();
    transfer->add_option("--member", args->members, "Unit, formation or general to transfer (repeatable)")->required();
    registry.add(transfer, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used())
            return remoteAction(args->remote, args->side, args->passwordFile, [&](client::Connection& c, const client::Moment& at) {
                return c.transfer(at, args->from, args->to, args->members);
            });
        return withActor(args->db, actorOf(args->side), args->passwordFile, false, [&](db::CampaignStore& s) {
            return printReorg(engine::transfer(s, args->side, args->from, args->to, args->members));
        });
    });
    auto* dissolve = meCmd->add_subcommand("dissolve", "Dissolve an ME into another");
    addRemote(dissolve, args->remote, dissolve->add_option("--db", args->db, "Campaign database"));
    dissolve->add_option("--side", args->side, "Side")->required();
    addPasswordFile(dissolve, args->passwordFile);
    dissolve->add_option("--me", args->me, "The ME to dissolve")->required();
    dissolve->add_option("--into", args->to, "The ME that takes its units")->required();
    registry.add(dissolve, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used())
            return remoteAction(args->remote, args->side, args->passwordFile,
                                [&](client::Connection& c, const client::Moment& at) { return c.dissolveMe(at, args->me, args->to); });
        return withActor(args->db, actorOf(args->side), args->passwordFile, false,
                         [&](db::CampaignStore& s) { return printReorg(engine::dissolveMe(s, args->side, args->me, args->to)); });
    });
}

// orders template, submit, stand-fast, withdraw and show (§8.2).
void registerOrderCommands(CLI::App& app, Registry& registry, const std::shared_ptr<TurnArgs>& args) {
    auto* orders = app.add_subcommand("orders", "Daily written orders (§8.2)");
    orders->require_subcommand(1);
    auto* tmpl = orders->add_subcommand("template", "Write a pre-filled orders file for every ME of a side");
    addRemote(tmpl, args->remote, tmpl->add_option("--db", args->db, "Campaign database"));
    tmpl->add_option("--side", args->side, "Side")->required();
    addPasswordFile(tmpl, args->passwordFile);
    tmpl->add_option("-o,--output", args->file, "File to write (default: standard output)");
    registry.add(tmpl, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used())
            return withServer(args->remote, args->side, args->passwordFile, [&](client::Connection& c) {
                const auto text = c.view("orders/template", false);
                if (args->file.empty()) std::cout << text;
                else io::writeFileAtomically(args->file, text);
                return kOk;
            });
        return withActor(args->db, actorOf(args->side), args->passwordFile, true, [&](db::CampaignStore& s) {
            const auto text = engine::ordersTemplate(s, args->side);
            if (args->file.empty()) std::cout << text;
            else io::writeFileAtomically(args->file, text);
            return kOk;
        });
    });
    auto* submit = orders->add_subcommand("submit", "Check and give a side's orders for today");
    addRemote(submit, args->remote, submit->add_option("--db", args->db, "Campaign database"));
    submit->add_option("--side", args->side, "Side")->required();
    addPasswordFile(submit, args->passwordFile);
    submit->add_option("--file", args->file, "Orders file (XML, schemas/orders.xsd)")->required()->check(CLI::ExistingFile);
    registry.add(submit, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        auto file = io::readOrdersFile(args->file);
        if (args->remote.used()) {
            if (file.side != args->side) {
                core::IssueList issues;
                issues.error("ORDERS-SIDE", "the file holds orders of side '" + file.side + "', not '" + args->side + "'", file.line,
                             "side");
                issues.setFile(args->file);
                printIssues(issues);
                return kBadInput;
            }
            std::ifstream in(args->file, std::ios::binary);
            const std::string xml((std::istreambuf_iterator<char>(in)), {});
            return withServer(args->remote, args->side, args->passwordFile,
                              [&](client::Connection& c) { return printAction(c.submitOrders(xml, args->file)); });
        }
        return withActor(args->db, actorOf(args->side), args->passwordFile, false, [&](db::CampaignStore& s) {
            core::IssueList issues;
            if (file.side != args->side)
                issues.error("ORDERS-SIDE", "the file holds orders of side '" + file.side + "', not '" + args->side + "'", file.line,
                             "side");
            else issues = engine::submitOrders(s, file);
            issues.setFile(args->file);
            printIssues(issues);
            if (issues.hasErrors()) return kBadInput;
            std::cout << file.orders.size() << " order(s) of " << args->side << " given for week " << file.week << " day " << file.day
                      << "\n";
            return kOk;
        });
    });
    auto* fast = orders->add_subcommand("stand-fast", "The side gives no orders today: every ME holds its hex and mode");
    addRemote(fast, args->remote, fast->add_option("--db", args->db, "Campaign database"));
    fast->add_option("--side", args->side, "Side")->required();
    addPasswordFile(fast, args->passwordFile);
    registry.add(fast, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used())
            return withServer(args->remote, args->side, args->passwordFile,
                              [](client::Connection& c) { return printAction(c.standFast()); });
        return withActor(args->db, actorOf(args->side), args->passwordFile, false, [&](db::CampaignStore& s) {
            const auto issues = engine::standFast(s, args->side);
            printIssues(issues);
            if (issues.hasErrors()) return kBadInput;
            std::cout << args->side << " stand fast today\n";
            return kOk;
        });
    });
    auto* withdraw = orders->add_subcommand("withdraw", "Take back the side's orders for today, before the orders phase runs");
    addRemote(withdraw, args->remote, withdraw->add_option("--db", args->db, "Campaign database"));
    withdraw->add_option("--side", args->side, "Side")->required();
    addPasswordFile(withdraw, args->passwordFile);
    registry.add(withdraw, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used())
            return withServer(args->remote, args->side, args->passwordFile,
                              [](client::Connection& c) { return printAction(c.withdrawOrders()); });
        return withActor(args->db, actorOf(args->side), args->passwordFile, false, [&](db::CampaignStore& s) {
            const auto issues = engine::withdrawOrders(s, args->side);
            printIssues(issues);
            if (issues.hasErrors()) return kBadInput;
            std::cout << args->side << " take back their orders for today\n";
            return kOk;
        });
    });
    auto* show = orders->add_subcommand("show", "A side's own orders for today and their receipt");
    addRemote(show, args->remote, show->add_option("--db", args->db, "Campaign database"));
    show->add_option("--side", args->side, "Side")->required();
    addPasswordFile(show, args->passwordFile);
    registry.add(show, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used()) return remoteView(args->remote, args->side, args->passwordFile, "orders", true);
        return withActor(args->db, actorOf(args->side), args->passwordFile, true, [&](db::CampaignStore& s) {
            std::cout << engine::ordersJson(s, args->side) << "\n";
            return kOk;
        });
    });
}

// grant buy and replace (§9.4, §9.7, §10.3).
void registerGrantCommands(CLI::App& app, Registry& registry, const std::shared_ptr<TurnArgs>& args) {
    auto* grant = app.add_subcommand("grant", "Spend the primary-LOC grant (§9.4, §10.3)");
    grant->require_subcommand(1);
    auto* buy = grant->add_subcommand("buy", "Raise new MEs and units described in a purchase file");
    addRemote(buy, args->remote, buy->add_option("--db", args->db, "Campaign database"));
    addPasswordFile(buy, args->passwordFile);
    buy->add_option("--file", args->file, "Purchase file (XML, schemas/purchase.xsd)")->required()->check(CLI::ExistingFile);
    buy->add_option("--side", args->side, "Side (must be the side of the purchase file)");
    registry.add(buy, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        const auto purchase = io::readPurchaseFile(args->file);  // a FileError is reported by main with FILE:LINE
        if (!args->side.empty() && purchase.side != args->side) {
            core::IssueList issues;
            issues.error("GRANT-SIDE", "the file holds a purchase of side '" + purchase.side + "', not '" + args->side + "'", 0,
                         "side");
            issues.setFile(args->file);
            printIssues(issues);
            return kBadInput;
        }
        // The purchase is the side's: it acts, and needs its passphrase. The server is sent the file's text as read here
        // (UTF-8), with the file's name for its messages.
        if (args->remote.used())
            return remoteAction(args->remote, purchase.side, args->passwordFile, [&](client::Connection& c, const client::Moment& at) {
                return c.buyWithGrant(at, purchase.text, args->file);
            });
        return withActor(args->db, actorOf(purchase.side), args->passwordFile, false, [&](db::CampaignStore& s) {
            const int code = printReorg(engine::buyWithGrant(s, purchase));
            if (code == kOk) std::cout << engine::grantRemaining(s, purchase.side) << " SP of this week's grant left\n";
            return code;
        });
    });

    auto* replace = grant->add_subcommand("replace",
                                          "Replace guns, engineers, Guards or fallen generals of an ME from the grant (§9.7)");
    addRemote(replace, args->remote, replace->add_option("--db", args->db, "Campaign database"));
    replace->add_option("--side", args->side, "Side")->required();
    addPasswordFile(replace, args->passwordFile);
    replace->add_option("--me", args->me, "The ME the replacements march to")->required();
    replace->add_option("--unit", args->members, "Artillery, engineer or Guard unit of the ME (repeatable)");
    replace->add_option("--general", args->generals, "Killed or captured general of the ME (repeatable)");
    registry.add(replace, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used())
            return remoteAction(args->remote, args->side, args->passwordFile, [&](client::Connection& c, const client::Moment& at) {
                return c.replaceFromGrant(at, args->me, args->members, args->generals);
            });
        return withActor(args->db, actorOf(args->side), args->passwordFile, false, [&](db::CampaignStore& s) {
            const int code = printReorg(engine::replaceFromGrant(s, args->side, args->me, args->members, args->generals));
            if (code == kOk) std::cout << engine::grantRemaining(s, args->side) << " SP of this week's grant left\n";
            return code;
        });
    });
}

// siege list and answer (§11.4 sieges).
void registerSiegeCommands(CLI::App& app, Registry& registry, const std::shared_ptr<TurnArgs>& args) {
    auto* siege = app.add_subcommand("siege", "Sieges: the side's sieges, and answering terms (§11.4)");
    siege->require_subcommand(1);
    auto* siegeList = siege->add_subcommand("list", "The sieges a side lays or suffers (JSON)");
    addRemote(siegeList, args->remote, siegeList->add_option("--db", args->db, "Campaign database"));
    siegeList->add_option("--side", args->side, "Side")->required();
    addPasswordFile(siegeList, args->passwordFile);
    registry.add(siegeList, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used()) return remoteView(args->remote, args->side, args->passwordFile, "sieges", true);
        return withActor(args->db, actorOf(args->side), args->passwordFile, true, [&](db::CampaignStore& s) {
            std::cout << engine::siegesJson(s, args->side) << "\n";
            return kOk;
        });
    });
    auto* answer = siege->add_subcommand("answer", "The besieged side accepts or refuses the terms offered");
    addRemote(answer, args->remote, answer->add_option("--db", args->db, "Campaign database"));
    answer->add_option("--side", args->side, "The besieged side")->required();
    addPasswordFile(answer, args->passwordFile);
    answer->add_option("--siege", args->siegeId, "Siege number (siege list)")->required();
    auto* reply = answer->add_option_group("reply", "The answer");
    reply->add_flag("--accept", args->accept, "Surrender on the terms offered");
    reply->add_flag("--refuse", args->refuse, "Refuse them");
    reply->require_option(1);
    registry.add(answer, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used())
            return remoteAction(args->remote, args->side, args->passwordFile, [&](client::Connection& c, const client::Moment& at) {
                return c.answerTerms(at, args->siegeId, args->accept);
            });
        return withActor(args->db, actorOf(args->side), args->passwordFile, false, [&](db::CampaignStore& s) {
            const auto r = engine::answerTerms(s, args->side, args->siegeId, args->accept);
            printIssues(r.issues);
            for (const auto& l : r.lines) std::cout << l << "\n";
            return r.ok() ? kOk : kBadInput;
        });
    });
}

// unit provisional (§10.2).
void registerUnitCommands(CLI::App& app, Registry& registry, const std::shared_ptr<TurnArgs>& args) {
    auto* unitCmd = app.add_subcommand("unit", "Units");
    unitCmd->require_subcommand(1);
    auto* provisional = unitCmd->add_subcommand("provisional", "Combine under-strength units into a provisional unit (§10.2)");
    addRemote(provisional, args->remote, provisional->add_option("--db", args->db, "Campaign database"));
    provisional->add_option("--side", args->side, "Side")->required();
    addPasswordFile(provisional, args->passwordFile);
    provisional->add_option("--me", args->me, "The ME the units belong to")->required();
    provisional->add_option("--unit", args->members, "A unit to combine (at least two)")->required();
    provisional->add_option("--new", args->newId, "Id of the provisional unit")->required();
    provisional->add_option("--name", args->name, "Name of the provisional unit");
    registry.add(provisional, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used())
            return remoteAction(args->remote, args->side, args->passwordFile, [&](client::Connection& c, const client::Moment& at) {
                return c.formProvisional(at, args->me, args->members, args->newId, args->name);
            });
        return withActor(args->db, actorOf(args->side), args->passwordFile, false, [&](db::CampaignStore& s) {
            return printReorg(engine::formProvisional(s, args->side, args->me, args->members, args->newId, args->name));
        });
    });
}

}  // namespace

void registerTurnCommands(CLI::App& app, Registry& registry) {
    auto args = std::make_shared<TurnArgs>();
    registerAdvance(app, registry, args);
    registerSideReports(app, registry, args);
    registerSupply(app, registry, args);
    registerInitiative(app, registry, args);
    registerMeCommands(app, registry, args);
    registerOrderCommands(app, registry, args);
    registerGrantCommands(app, registry, args);
    registerSiegeCommands(app, registry, args);
    registerUnitCommands(app, registry, args);
}

}  // namespace etatmajor::cli
