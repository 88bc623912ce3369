// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-cli week show|done|reopen: the weekly stops of a campaign server's turn (docs/server.md "The turn's
// stops"). `week show` also reads a database: the stop the campaign stands at and what the side may do there.
#include "cli.hpp"

#include "etatmajor/engine/weekly_stops.hpp"

#include <nlohmann/json.hpp>

#include <memory>

namespace etatmajor::cli {

namespace {

// What `week show` prints, from the server's calendar or from the database: the moment, the stop and the side's part
// in it (its word only from a server, where the stops are kept), and what the side may do now.
void printWeek(const client::CampaignEntry& c, const std::string& side, bool fromServer, bool asJson) {
    if (asJson) {
        nlohmann::ordered_json j{{"week", c.week}, {"day", c.day}, {"phase", c.phase}};
        if (c.stop) {
            nlohmann::ordered_json st{{"week", c.stop->week},
                                      {"phase", c.stop->phase},
                                      {"title", c.stop->title},
                                      {"rule", c.stop->rule},
                                      {"awaited", c.stop->awaited}};
            if (fromServer) st["done"] = c.stop->done;
            if (c.stop->deadline) st["deadline"] = *c.stop->deadline;
            j["stop"] = st;
        } else {
            j["stop"] = nullptr;
        }
        nlohmann::ordered_json may = nlohmann::ordered_json::array();
        for (const auto& m : c.may) may.push_back({{"command", m.command}, {"what", m.what}});
        j["may"] = may;
        std::cout << j.dump(2) << "\n";
        return;
    }
    std::cout << "week " << c.week;
    if (c.phase.rfind('D', 0) == 0) std::cout << " day " << c.day;  // the weekly phases belong to no day
    std::cout << ", before " << c.phase;
    if (!c.stop) {
        std::cout << ": no weekly stop\n";
    } else {
        std::cout << ": the weekly stop before " << c.stop->phase << " (" << c.stop->title << "; " << c.stop->rule << ")\n";
        if (!c.stop->awaited) std::cout << side << " are not awaited there: nothing of their own to do\n";
        else if (!fromServer) std::cout << side << " are awaited there\n";
        else if (c.stop->done) std::cout << side << " have said they are done with it\n";
        else std::cout << side << " are awaited there and have not said they are done (week done)\n";
        if (c.stop->deadline) std::cout << "deadline: " << client::utcText(*c.stop->deadline) << "\n";
    }
    if (c.may.empty()) {
        std::cout << side << " have none of the week's commands to give now\n";
        return;
    }
    std::cout << side << " may now:\n";
    for (const auto& m : c.may) std::cout << "  " << m.command << ": " << m.what << "\n";
}

}  // namespace

void registerWeekCommands(CLI::App& app, Registry& registry) {
    struct Args {
        std::string db, side, passwordFile;
        bool json = false;
        RemoteArgs remote;
    };
    auto args = std::make_shared<Args>();
    auto* week = app.add_subcommand("week", "The weekly stops of a campaign server's turn, and what the side may do now");
    week->require_subcommand(1);

    auto* show = week->add_subcommand("show", "The weekly stop the campaign stands at, and what the side may do now");
    addRemote(show, args->remote, show->add_option("--db", args->db, "Campaign database"));
    show->add_option("--side", args->side, "The side")->required();
    addPasswordFile(show, args->passwordFile);
    show->add_flag("--json", args->json, "Print one JSON document");
    registry.add(show, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used())
            return withServer(args->remote, args->side, args->passwordFile, [&](client::Connection& c) {
                printWeek(c.calendar(), args->side, true, args->json);
                return kOk;
            });
        return withActor(args->db, actorOf(args->side), args->passwordFile, true, [&](db::CampaignStore& store) {
            const auto info = store.info();
            client::CampaignEntry c;
            c.week = info.week;
            c.day = info.day;
            c.phase = campaign::phaseString(info.phase);
            if (const auto stop = engine::weeklyStop(store)) {
                client::WeeklyStop st;
                st.week = stop->week;
                st.phase = campaign::phaseString(stop->phase);
                st.title = stop->title;
                st.rule = stop->rule;
                for (const auto& s : stop->sides) st.awaited = st.awaited || s == args->side;
                c.stop = st;
            }
            for (const auto& m : engine::weeklyMoves(store, args->side)) c.may.push_back({m.command, m.what});
            printWeek(c, args->side, false, args->json);
            return kOk;
        });
    });

    // The side's word at the stop: a server's only (on a database the host runs the turn with `advance`).
    auto word = [&registry, args, week](const char* name, const char* help, bool done) {
        auto* command = week->add_subcommand(name, help);
        addRemote(command, args->remote, command->add_option("--db", args->db, "Campaign database"));
        command->add_option("--side", args->side, "The side")->required();
        addPasswordFile(command, args->passwordFile);
        registry.add(command, [args, name, done] {
            if (!needDbOrServer(args->db, args->remote)) return kUsage;
            if (!args->remote.used()) {
                std::cerr << "error WEEK-SERVER: week " << name
                          << " is a campaign server's: on a database the host runs the turn with 'advance'\n";
                return kUsage;
            }
            return withServer(args->remote, args->side, args->passwordFile, [&](client::Connection& c) {
                const auto at = c.calendar().moment();
                return printAction(done ? c.weekDone(at) : c.weekReopen(at));
            });
        });
    };
    word("done", "The side is done with the weekly stop: the turn goes on once every side it waits for is", true);
    word("reopen", "Take back the word that the side is done, while the stop still waits", false);
}

}  // namespace etatmajor::cli
