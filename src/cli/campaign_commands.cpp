// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-cli campaign new | validate, status, log, report, options
#include "cli.hpp"

#include "etatmajor/campaign/options.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/engine/invariants.hpp"
#include "etatmajor/engine/replay.hpp"
#include "etatmajor/view/day_report.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>

namespace etatmajor::cli {

namespace {

int campaignValidate(const std::vector<std::string>& files) {
    int status = kOk;
    for (const auto& f : files) {
        auto issues = io::validateCampaignFile(f);
        if (!issues.hasErrors()) {
            // What only the set-up can find (the MEs under me_granularity, G-52): the campaign is set up in memory,
            // and nothing is written.
            db::NewCampaignRequest req;
            req.scenarioPath = f;
            req.dbPath = ":memory:";
            const auto setUp = db::createCampaign(req);
            if (!setUp.ok) {
                core::IssueList errors;
                for (const auto& i : setUp.issues.items())
                    if (i.severity == core::Severity::Error) errors.add(i);
                errors.setFile(f);
                issues.append(errors);
            }
        }
        printIssues(issues);
        if (issues.hasErrors()) status = kBadInput;
        else std::cout << f << ": valid" << (issues.empty() ? "" : " (with warnings)") << "\n";
    }
    return status;
}

int optionsList(bool json) {
    const campaign::Options defaults;
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& o : campaign::optionCatalogue()) {
        if (json) {
            nlohmann::ordered_json choices = nlohmann::ordered_json::array();
            nlohmann::ordered_json refused = nlohmann::ordered_json::array();
            for (const auto& c : o.choices) {
                choices.push_back(c);
                if (!campaign::isApplied(o.key, c)) refused.push_back(c);
            }
            out.push_back({{"key", o.key},
                           {"default", o.defaultValue},
                           {"kind", o.kind == campaign::OptionKind::Choice ? "choice" : "integer"},
                           {"choices", choices},
                           {"notApplied", refused},
                           {"rule", o.rule}});
        } else {
            std::cout << o.key << " = " << o.defaultValue;
            if (o.kind == campaign::OptionKind::Choice) {
                std::cout << "  (";
                // A value the engine does not apply yet is marked with '*'; a campaign that asks for it is refused.
                for (std::size_t i = 0; i < o.choices.size(); ++i)
                    std::cout << (i ? "|" : "") << o.choices[i] << (campaign::isApplied(o.key, o.choices[i]) ? "" : "*");
                std::cout << ")";
            } else {
                std::cout << "  (whole number >= 0)";
            }
            std::cout << "  " << o.rule << "\n";
        }
    }
    if (json) std::cout << out.dump(2) << "\n";
    else std::cout << "(* = not applied by the engine yet: a campaign that asks for it is refused)\n";
    return kOk;
}

// Manual dice: one face per line from standard input, prompting on standard error.
int askForDie(const dice::RollRequest& request, int, int faces) {
    for (;;) {
        std::cerr << "Roll " << dice::expression(request.count, request.faces, request.modifier) << " for " << request.purpose << " ("
                  << request.rule << "): one d" << faces << " face: " << std::flush;
        std::string line;
        if (!std::getline(std::cin, line))
            throw dice::DiceError("no roll was typed in for " + request.purpose + " (" + request.rule + ")");
        try {
            std::size_t used = 0;
            const int face = std::stoi(line, &used);
            if (used == line.size() && face >= 1 && face <= faces) return face;
        } catch (const std::exception&) {
        }
        std::cerr << "'" << line << "' is not a face of a d" << faces << "; type a number from 1 to " << faces << "\n";
    }
}

// The options of the campaign's commands: one set, shared by every command below (only the command given is parsed).
struct CampaignArgs {
    std::vector<std::string> files;
    db::NewCampaignRequest request;
    bool manualDice = false;
    std::string hostFile;
    std::vector<std::string> sideFiles;
    std::vector<std::string> keyFiles;
    std::string db;
    std::string side;
    std::string passwordFile;
    bool json = false;
    bool accept = false;
    RemoteArgs remote;
    bool force = false;
    std::string output;
    int week = 0, day = 0;
};

// campaign new: a campaign database from a campaign file, with its passphrases.
void registerCampaignNew(CLI::App& campaignCmd, Registry& registry, const std::shared_ptr<CampaignArgs>& args) {
    auto* newCmd = campaignCmd.add_subcommand("new", "Create a campaign database from a campaign (scenario) file");
    newCmd->add_option("--scenario", args->request.scenarioPath, "Campaign file (XML)")->required()->check(CLI::ExistingFile);
    newCmd->add_option("--db", args->request.dbPath, "Campaign database to create")->required();
    newCmd->add_option("--seed", args->request.seed, "Seed of the campaign's dice");
    newCmd->add_option("--option", args->request.options, "Campaign option KEY=VALUE (repeatable; see 'options')");
    newCmd->add_flag("--force", args->request.overwrite, "Replace an existing database file");
    newCmd->add_flag("--manual-dice", args->manualDice, "Type in the set-up rolls from real dice (read from standard input)");
    newCmd->add_option("--host-password-file", args->hostFile, "File whose first line is the host's passphrase");
    newCmd->add_option("--side-password-file", args->sideFiles, "SIDE=FILE: a side's passphrase (repeatable)");
    newCmd->add_option("--key", args->keyFiles,
                       "A public key file of a side or the host, for play by e-mail (repeatable; docs/pbem.md)");
    registry.add(newCmd, [args] {
        dice::ManualSource typed(askForDie);
        if (args->manualDice) args->request.dice = &typed;
        core::IssueList problems;
        const auto passphrases = readPassphraseOptions(args->hostFile, args->sideFiles, problems);
        if (problems.hasErrors()) {
            printIssues(problems);
            return kBadInput;
        }
        // Set in the creating transaction: a passphrase refused refuses the campaign, and no file is left.
        bool anySet = false;
        args->request.finish = [&](db::CampaignStore& store) {
            core::IssueList issues;
            for (const auto& [who, passphrase] : passphrases) {
                try {
                    auth::setPassphrase(store, who, passphrase);
                    anySet = true;
                } catch (const auth::PassphraseError& e) {
                    const std::string whom = who == auth::kHost ? std::string("the host") : "side '" + who + "'";
                    issues.error(e.code(), "the passphrase of " + whom + " is refused: " + e.what());
                } catch (const db::StoreError& e) {
                    issues.error(e.code(), e.what());
                }
            }
            return issues;
        };
        // The campaign file and its map are read first, so that every problem of a file that cannot be read is
        // printed with its line (the set-up itself stops at the first such file).
        try {
            const auto scenario = io::readScenarioFile(args->request.scenarioPath);
            io::readMapFile(scenario.mapPath);
        } catch (const core::FileError& e) {
            printIssues(e.issues());
            return kBadInput;
        }
        const auto result = db::createCampaign(args->request);
        printIssues(result.issues);
        if (!result.ok) return kBadInput;
        std::cout << result.summary << "\n";
        if (!args->keyFiles.empty() && args->request.dbPath != ":memory:")
            if (const int rc = withStore(args->request.dbPath, false,
                                         [&](db::CampaignStore& store) { return registerKeyFiles(store, args->keyFiles); });
                rc != kOk)
                return rc;
        if (anySet && args->request.dbPath != ":memory:")
            return withStore(args->request.dbPath, true, [](db::CampaignStore& store) {
                warnAboutOpenings(store);
                return kOk;
            });
        return kOk;
    });
}

// campaign check: the state against its checksum, and the campaign's invariants.
void registerCampaignCheck(CLI::App& campaignCmd, Registry& registry, const std::shared_ptr<CampaignArgs>& args) {
    auto* check = campaignCmd.add_subcommand(
        "check", "Check a campaign database: its state against its checksum, and the campaign's invariants");
    check->add_option("--db", args->db, "Campaign database")->required();
    check->add_flag("--accept", args->accept,
                    "Accept the state as it stands after a deliberate change outside Etat-Major: record its checksum");
    addPasswordFile(check, args->passwordFile);
    registry.add(check, [args] {
        // Opened without the checksum check of every other command: a mismatch is reported here with the rest.
        return withActor(
            args->db, auth::Actor::hostActor(), args->passwordFile, !args->accept,
            [&](db::CampaignStore& s) {
                auto state = db::checkState(s);
                if (!state.ok && args->accept) {
                    std::cout << "accepted the state as it stands (it did not match: " << state.problem << ")\n";
                    state = db::acceptState(s);
                }
                core::IssueList checksum;
                if (state.ok) {
                    std::cout << "the state matches its checksum (" << state.savePoint() << ")\n";
                } else {
                    std::string detail = state.problem;
                    if (state.stored && state.storedDigest != state.actualDigest)
                        detail += " (stored " + state.storedDigest.substr(0, 16) + "..., now " + state.actualDigest.substr(0, 16) +
                                  "...); if the change was deliberate, 'campaign check --accept' records the state as it stands";
                    checksum.error("DB-CHECKSUM", detail);
                    checksum.setFile(args->db);
                    printIssues(checksum);
                }
                const auto invariants = engine::checkInvariantsAtRest(s);
                printIssues(invariants);
                if (!invariants.hasErrors()) std::cout << "the campaign keeps every invariant\n";
                return checksum.hasErrors() || invariants.hasErrors() ? kBadInput : kOk;
            },
            db::CampaignStore::OpenCheck::SkipChecksum);
    });
}

// campaign replay: the campaign rebuilt from its command log, and the two states compared (docs/replay.md).
void registerCampaignReplay(CLI::App& campaignCmd, Registry& registry, const std::shared_ptr<CampaignArgs>& args) {
    auto* replay = campaignCmd.add_subcommand(
        "replay", "Rebuild a campaign from its command log into a new database, and compare the two states (docs/replay.md)");
    replay->add_option("--db", args->db, "Campaign database to replay")->required();
    replay->add_option("-o,--output", args->output, "The database to build (must not exist, unless --force)")->required();
    replay->add_flag("--force", args->force, "Replace an existing output file");
    replay->add_flag("--json", args->json, "Print one JSON document");
    addPasswordFile(replay, args->passwordFile);
    registry.add(replay, [args] {
        // The log holds every side's orders: replaying it is the host's business.
        return withActor(args->db, auth::Actor::hostActor(), args->passwordFile, true, [&](db::CampaignStore&) {
            engine::ReplayOptions options;
            options.overwrite = args->force;
            const auto r = engine::replayCampaign(args->db, args->output, options);
            const bool good = r.ok && r.identical;
            if (args->json) {
                nlohmann::ordered_json problems = nlohmann::ordered_json::array();
                for (const auto& i : r.issues.items()) problems.push_back({{"code", i.code}, {"message", i.message}});
                nlohmann::ordered_json out{{"source", args->db},
                                           {"output", args->output},
                                           {"rows", r.rows},
                                           {"replayed", r.commands},
                                           {"complete", r.ok},
                                           {"identical", r.identical},
                                           {"originalDigest", r.originalDigest},
                                           {"replayedDigest", r.replayedDigest},
                                           {"differingTables", r.differingTables},
                                           {"firstDivergence", r.firstDivergence ? nlohmann::ordered_json{{"row", r.firstDivergence},
                                                                                                          {"what", r.divergence}}
                                                                                 : nlohmann::ordered_json(nullptr)},
                                           {"issues", problems}};
                std::cout << out.dump(2) << "\n";
                if (!r.issues.empty()) printIssues(r.issues);
                return good ? kOk : kBadInput;
            }
            printIssues(r.issues);
            if (r.commands == 0) return kBadInput;  // nothing was replayed (the problems are printed above)
            std::cout << "replayed " << r.commands << " of the " << r.rows << " logged commands of " << args->db << " into "
                      << args->output << "\n";
            if (r.identical) {
                std::cout << "the replayed state is identical to the original (state digest " << r.replayedDigest.substr(0, 16)
                          << "...)\n";
            } else {
                std::string tables;
                for (const auto& t : r.differingTables) tables += (tables.empty() ? "" : ", ") + t;
                std::cout << "the replayed state differs from the original in " << r.differingTables.size()
                          << (r.differingTables.size() == 1 ? " table: " : " tables: ") << tables << " (original "
                          << r.originalDigest.substr(0, 16) << "..., replayed " << r.replayedDigest.substr(0, 16) << "...)\n";
            }
            if (r.firstDivergence) std::cout << "first difference in the command log: " << r.divergence << "\n";
            return good ? kOk : kBadInput;
        });
    });
}

// status, log and report: the host's or a side's view of the campaign.
void registerViewCommands(CLI::App& app, Registry& registry, const std::shared_ptr<CampaignArgs>& args) {
    auto* status = app.add_subcommand("status", "Show the campaign: the host's full view, or one side's view");
    addRemote(status, args->remote, status->add_option("--db", args->db, "Campaign database"));
    status->add_option("--side", args->side, "Show only what this side may know");
    status->add_flag("--json", args->json, "Print one JSON document");
    addPasswordFile(status, args->passwordFile);
    registry.add(status, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used()) return remoteView(args->remote, args->side, args->passwordFile, "status", args->json);
        const auto who = view::Viewer::from(args->side);
        return withActor(args->db, actorOf(args->side), args->passwordFile, true, [&](db::CampaignStore& s) {
            std::cout << (args->json ? view::statusJson(s, who) + "\n" : view::statusText(s, who));
            return kOk;
        });
    });

    auto* log = app.add_subcommand("log", "Every die rolled, with its purpose, rule and effect");
    addRemote(log, args->remote, log->add_option("--db", args->db, "Campaign database"));
    log->add_option("--side", args->side, "Only this side's own dice and the public ones (weather, wind)");
    log->add_flag("--json", args->json, "Print one JSON document");
    addPasswordFile(log, args->passwordFile);
    registry.add(log, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used()) return remoteView(args->remote, args->side, args->passwordFile, "log", args->json);
        return withActor(args->db, actorOf(args->side), args->passwordFile, true, [&](db::CampaignStore& s) {
            const auto who = view::Viewer::from(args->side);
            std::cout << (args->json ? view::rollLogJson(s, who) + "\n" : view::rollLogText(s, who));
            return kOk;
        });
    });

    auto* report = app.add_subcommand("report", "What happened on a day, told to one side from its own knowledge (the host: to all)");
    addRemote(report, args->remote, report->add_option("--db", args->db, "Campaign database"));
    report->add_option("--side", args->side, "The side the report is for (default: the host's report)");
    auto* week = report->add_option("--week", args->week, "Week of the day (default: the current day)")->check(CLI::PositiveNumber);
    report->add_option("--day", args->day, "Day of that week")->check(CLI::Range(1, 7))->needs(week);
    week->needs(report->get_option("--day"));
    report->add_flag("--json", args->json, "Print one JSON document");
    addPasswordFile(report, args->passwordFile);
    registry.add(report, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used())
            return remoteView(args->remote, args->side, args->passwordFile, "report", args->json, args->week, args->day);
        const auto who = view::Viewer::from(args->side);
        return withActor(args->db, actorOf(args->side), args->passwordFile, true, [&](db::CampaignStore& s) {
            const auto r = view::dayReport(s, who, args->week, args->day);
            std::cout << (args->json ? view::dayReportJson(r) + "\n" : view::dayReportText(r));
            return kOk;
        });
    });
}

}  // namespace

void registerCampaignCommands(CLI::App& app, Registry& registry) {
    auto args = std::make_shared<CampaignArgs>();

    auto* campaignCmd = app.add_subcommand("campaign", "Campaigns");
    campaignCmd->require_subcommand(1);
    registerCampaignNew(*campaignCmd, registry, args);
    auto* validate = campaignCmd->add_subcommand("validate", "Check campaign files and their maps");
    validate->add_option("files", args->files, "Campaign files")->required()->check(CLI::ExistingFile);
    registry.add(validate, [args] { return campaignValidate(args->files); });
    registerPasswordCommands(*campaignCmd, registry);
    registerCampaignCheck(*campaignCmd, registry, args);
    registerCampaignReplay(*campaignCmd, registry, args);

    registerViewCommands(app, registry, args);

    auto* options = app.add_subcommand("options", "List every campaign option with its default");
    options->add_flag("--json", args->json, "Print one JSON document");
    registry.add(options, [args] { return optionsList(args->json); });
}

}  // namespace etatmajor::cli
