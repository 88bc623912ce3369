// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-cli battle show | simulate | narrate | calibrate: stand-alone battles from battle files
// (docs/formats/battle.md) under the Redcoats & Rebels resolver (tactical-resolver.md); and battle list | show --db |
// resolve | enter | odds: the battles of a running campaign (etat-major.md §8.8–§8.11).
#include "cli.hpp"

#include "etatmajor/view/battle_text.hpp"
#include "etatmajor/view/battle_view.hpp"

#include "etatmajor/battle/battle_xml.hpp"
#include "etatmajor/battle/calibration.hpp"
#include "etatmajor/battle/engine.hpp"
#include "etatmajor/battle/trials.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/io/atomic_file.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>

namespace etatmajor::cli {

namespace {

namespace b = etatmajor::battle;

std::string ratingText(b::Rating r) { return std::string(campaign::ratingName(r)); }

using view::unitLine;

void showFormation(std::ostream& o, const b::FormationSpec& f, int indent) { view::formationText(o, f, indent); }

int battleShow(const std::string& file) {
    const auto setup = b::readBattleFile(file);
    b::BattleDice dice(0);
    b::Engine engine(setup, dice);
    std::ostream& o = std::cout;
    o << setup.name << (setup.date.empty() ? "" : " (" + setup.date + ")") << "\n";
    if (!setup.description.empty()) o << setup.description << "\n";
    o << "\nSeason " << campaign::seasonName(setup.season) << ", contact " << b::contactName(setup.contact) << ": "
      << engine.turnsAvailable() << " daylight turns. Weather: " << b::weatherName(setup.weather) << ".\n";
    o << "Table: " << engine.width() << " files (" << engine.width() * 60 << " paces) wide, " << engine.depth() << " paces deep; "
      << setup.sides[0].name << " deploys from the near edge, " << setup.sides[1].name << " from the far edge.\n";
    o << "\nTerrain to lay out (files from the near side's left, paces from the near edge):\n";
    if (engine.features().empty()) o << "  open ground\n";
    for (const auto& f : engine.features()) {
        o << "  " << b::featureKindName(f.kind) << ": files " << f.x0 << "-" << f.x1 - 1 << ", paces " << f.y0 << "-" << f.y1;
        if (f.key) o << " (the key feature of the hex)";
        if (f.difficult) o << " (difficult)";
        o << "\n";
    }
    for (int s = 0; s < 2; ++s) {
        const auto& side = setup.sides[static_cast<std::size_t>(s)];
        o << "\n" << side.name << " - " << engine.sideState(s).start.text() << " points";
        if (side.commander) o << ", commanded by " << side.commander->name << " (" << ratingText(side.commander->rating) << ")";
        o << "\n";
        if (side.initiativeTurn1) o << "  holds the initiative on turn 1\n";
        if (side.forcedMarch) o << "  arrives after a forced march (figures already deducted)\n";
        if (side.withdrawTurn || side.withdrawLoss) {
            o << "  is ordered to break off";
            if (side.withdrawTurn) o << " at the end of turn " << *side.withdrawTurn;
            if (side.withdrawTurn && side.withdrawLoss) o << " or";
            if (side.withdrawLoss) o << " once it has lost " << *side.withdrawLoss << " % of its start";
            o << "\n";
        }
        for (const auto& me : side.mes) {
            o << "  ME " << me.name << ": " << campaign::modeName(me.mode);
            if (me.trigger == b::ArrivalTrigger::FirstAssaultFails) o << ", arrives the turn after the first assault fails";
            else if (me.arrivalTurn > 1) o << ", arrives on turn " << me.arrivalTurn;
            else o << ", on table from turn 1";
            if (me.entry != b::Edge::OwnRear) o << " by the " << b::edgeName(me.entry) << " flank";
            else if (me.sector != b::Sector::Line) o << " by the " << b::sectorName(me.sector) << " third of its own rear edge";
            o << "\n";
            for (const auto& f : me.formations) showFormation(o, f, 4);
        }
    }
    o << "\nDeployment at the start (front edge, paces from the own rear edge):\n";
    for (const auto& u : engine.units()) {
        if (u.status != b::UnitStatus::OnTable) continue;
        o << "  " << setup.sides[static_cast<std::size_t>(u.side)].id << " " << u.name << ": files " << u.x0 << "-" << u.x0 + u.w - 1
          << ", front " << u.front << ", " << b::formationName(u.formation) << (u.hidden ? ", hidden" : "") << "\n";
    }
    return kOk;
}

std::optional<std::string> applyParams(b::Params& params, const std::vector<std::string>& overrides);

int battleNarrate(const std::string& file, std::uint64_t seed, bool json, const std::vector<std::string>& overrides) {
    auto setup = b::readBattleFile(file);
    if (auto err = applyParams(setup.params, overrides)) {
        std::cerr << "error BATTLE-PARAM: " << *err << "\n";
        return kUsage;
    }
    b::RedcoatsResolver resolver;
    b::Narrative narrative;
    const auto result = resolver.fightSeeded(setup, seed, json ? nullptr : &narrative);
    if (json) {
        std::cout << b::toJson(result, true) << "\n";
        return kOk;
    }
    std::cout << narrative.text() << "\n";
    std::cout << "roll_log_hash " << b::hex64(result.rollLogHash) << ", " << result.rollCount << " dice\n";
    return kOk;
}

// --param key=value overrides of the resolver parameters (tactical-resolver.md §2.23), applied after the battle
// file's own scenario parameters. Returns an error message, or nothing.
std::optional<std::string> applyParams(b::Params& params, const std::vector<std::string>& overrides) {
    for (const auto& kv : overrides) {
        const auto eq = kv.find('=');
        if (eq == std::string::npos || eq == 0) return "--param needs key=value, not '" + kv + "'";
        if (auto err = params.set(std::string_view(kv).substr(0, eq), std::string_view(kv).substr(eq + 1))) return err;
    }
    return std::nullopt;
}

int battleSimulate(const std::string& file, int runs, std::uint64_t seed, bool json, int threads,
                   const std::vector<std::string>& overrides) {
    auto setup = b::readBattleFile(file);
    if (auto err = applyParams(setup.params, overrides)) {
        std::cerr << "error BATTLE-PARAM: " << *err << "\n";
        return kUsage;
    }
    b::RedcoatsResolver resolver;
    const auto trials = b::runTrials(resolver, setup, seed, runs, threads);
    const auto summary = b::summariseTrials(setup, trials, seed);
    if (json) std::cout << summary.json << "\n";
    else std::cout << summary.text;
    return kOk;
}

// Every battle file of the directory that carries targets or historical figures, fought `runs` times; the report
// goes to stdout and, with --markdown, replaces the whole of that file (docs/calibration.md is generated whole).
int battleCalibrate(const std::string& dir, int runs, std::uint64_t seed, const std::string& markdown, int threads,
                    const std::vector<std::string>& overrides) {
    b::Params shared;
    if (auto err = applyParams(shared, overrides)) {
        std::cerr << "error BATTLE-PARAM: " << *err << "\n";
        return kUsage;
    }
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ".xml") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        std::cerr << dir << ": no battle files\n";
        return kBadInput;
    }
    b::RedcoatsResolver resolver;
    std::vector<b::CalibratedBattle> battles;
    for (const auto& f : files) {
        auto setup = b::readBattleFile(f);
        if (setup.targets.empty() && !setup.historical[0] && !setup.historical[1]) continue;
        (void)applyParams(setup.params, overrides);
        auto trials = b::runTrials(resolver, setup, seed, runs, threads);
        b::CalibratedBattle battle{std::move(setup), std::move(trials)};
        std::cout << b::calibrationLines(battle);
        battles.push_back(std::move(battle));
    }
    if (!markdown.empty()) {
        // Paths as given when relative, else just their last part: the report must not carry machine paths.
        auto shown = [](const std::string& p) {
            const std::filesystem::path path(p);
            return path.is_relative() ? path.generic_string() : path.filename().generic_string();
        };
        std::string command = "etatmajor-cli battle calibrate --dir " + shown(dir) + " --runs " + std::to_string(runs) + " --seed " +
                              std::to_string(seed);
        for (const auto& kv : overrides) command += " --param " + kv;
        command += " --markdown " + shown(markdown);
        io::writeFileAtomically(markdown, b::calibrationMarkdown(battles, runs, seed, command, shared));
        std::cout << "wrote " << markdown << "\n";
    }
    return kOk;
}

// --- battles of a running campaign ---

int campaignBattleList(const std::string& dbPath, const std::string& side, const std::string& passwordFile, bool json) {
    return withActor(dbPath, actorOf(side), passwordFile, true, [&](db::CampaignStore& store) {
        const auto who = view::Viewer::from(side);
        const auto battles = view::battlesFor(store, who);
        std::cout << (json ? view::battleListJson(battles, who) + "\n" : view::battleListText(battles));
        return kOk;
    });
}

int campaignBattleShow(const std::string& dbPath, int id, const std::string& side, const std::string& passwordFile) {
    return withActor(dbPath, actorOf(side), passwordFile, true, [&](db::CampaignStore& store) {
        const auto who = view::Viewer::from(side);
        const auto access = view::battleAccess(store, who, id);
        for (const auto& i : access.items()) std::cerr << "error " << i.code << ": " << i.message << "\n";
        if (access.hasErrors()) return kBadInput;
        std::cout << view::campaignBattleText(store, who, id);
        return kOk;
    });
}

// A side may act on a battle only when it has an ME in it; the refusal comes after its passphrase was checked, so
// that it tells a stranger nothing about the campaign's battles.
bool sideMayAct(db::CampaignStore& store, int id, const std::string& side) {
    if (side.empty()) return true;
    const auto rec = engine::findBattle(store, id);
    if (!rec) {
        std::cerr << "error BATTLE-UNKNOWN: the campaign has no battle " << id << "\n";
        return false;
    }
    if (!rec->takesPart(side)) {
        std::cerr << "error BATTLE-SIDE: side '" << side << "' has no ME in battle " << id << "\n";
        return false;
    }
    return true;
}

// The host sees every line of the outcome; a side that had the battle fought sees the result lines only (which
// units of the enemy suffered is for its battle report, print battle, to tell without names).
int campaignBattleResolve(const std::string& dbPath, int id, const std::string& side, const std::string& passwordFile) {
    return withActor(dbPath, actorOf(side), passwordFile, false, [&](db::CampaignStore& store) {
        if (!sideMayAct(store, id, side)) return kBadInput;
        std::vector<std::string> lines;
        const auto issues = engine::resolveBattleNow(store, id, lines);
        printIssues(issues);
        for (const auto& l : lines)
            if (side.empty() || l.rfind("battle ", 0) == 0) std::cout << l << "\n";
        return issues.hasErrors() ? kBadInput : kOk;
    });
}

// The players fought it on the table together and wrote the result file themselves: either side may enter it.
int campaignBattleEnter(const std::string& dbPath, int id, const std::string& file, const std::string& side,
                        const std::string& passwordFile) {
    return withActor(dbPath, actorOf(side), passwordFile, false, [&](db::CampaignStore& store) {
        if (!sideMayAct(store, id, side)) return kBadInput;
        std::vector<std::string> lines;
        const auto issues = engine::enterBattleResult(store, id, file, lines);
        printIssues(issues);
        for (const auto& l : lines) std::cout << l << "\n";
        return issues.hasErrors() ? kBadInput : kOk;
    });
}

// Every --assume, read before a campaign or a server is asked; all their errors are told, each naming the option.
// False when one is malformed.
bool readAssumptions(const std::vector<std::string>& texts, std::vector<view::OddsAssumption>& out) {
    core::IssueList parsed;
    for (const auto& text : texts)
        if (auto a = view::parseAssumption(text, parsed)) out.push_back(std::move(*a));
    for (const auto& i : parsed.items()) std::cerr << "error " << i.code << ": --assume " << i.message << "\n";
    return !parsed.hasErrors();
}

// Odds are computed only from what the side knows: its own forces, the enemy as its latest intelligence reports
// describe it, and each counter no report describes as the side says it believes it (--assume). Without either on every
// enemy ME the command says so instead of guessing or peeking.
int campaignBattleOdds(const std::string& dbPath, int id, const std::string& side, const std::string& passwordFile, int runs,
                       int threads, const std::vector<std::string>& assume) {
    std::vector<view::OddsAssumption> assumptions;
    if (!readAssumptions(assume, assumptions)) return kUsage;
    return withActor(dbPath, actorOf(side), passwordFile, true, [&](db::CampaignStore& store) {
        const auto access = view::battleAccess(store, view::Viewer::ofSide(side), id);
        for (const auto& i : access.items()) std::cerr << "error " << i.code << ": " << i.message << "\n";
        if (access.hasErrors()) return kBadInput;
        const auto odds = view::battleOdds(store, side, id, runs, threads, assumptions);
        if (odds.issues.hasErrors()) {
            for (const auto& i : odds.issues.items()) std::cerr << "error " << i.code << ": --assume: " << i.message << "\n";
            return kBadInput;
        }
        std::cout << view::battleOddsText(odds);
        return odds.computed() ? kOk : kBadInput;
    });
}

}  // namespace

void registerBattleCommands(CLI::App& app, Registry& registry) {
    struct Args {
        std::string oob;
        std::string dir;
        std::string markdown;
        int runs = 1000;
        std::uint64_t seed = 1;
        bool json = false;
        int threads = 0;
        std::string db;
        std::string side;
        std::string file;
        std::string passwordFile;
        int id = 0;
        std::vector<std::string> params;
        std::vector<std::string> assume;
        RemoteArgs remote;
    };
    auto args = std::make_shared<Args>();
    auto threadsOf = [args] {
        if (args->threads > 0) return args->threads;
        const unsigned hw = std::thread::hardware_concurrency();
        return static_cast<int>(hw == 0 ? 1 : std::min(hw, 8u));
    };

    auto* battle = app.add_subcommand("battle", "Tactical battles (Redcoats & Rebels resolver)");
    battle->require_subcommand(1);

    auto* show = battle->add_subcommand("show", "Print a battle's set-up for players: forces, terrain, arrivals");
    show->add_option("--oob", args->oob, "Battle file (XML)")->check(CLI::ExistingFile);
    addRemote(show, args->remote, show->add_option("--db", args->db, "Campaign database (with --id: a battle of the campaign)"));
    addPasswordFile(show, args->passwordFile);
    show->add_option("--id", args->id, "Campaign battle number");
    show->add_option("--side", args->side, "Show only what this side may see of the enemy");
    registry.add(show, [args] {
        if (args->remote.used()) {
            if (args->side.empty()) {
                std::cerr << "error: with --server, give --side: the server shows a side its own view\n";
                return kUsage;
            }
            return withServer(args->remote, args->side, args->passwordFile, [&](client::Connection& c) {
                std::cout << c.battleText(args->id);
                return kOk;
            });
        }
        if (!args->db.empty()) return campaignBattleShow(args->db, args->id, args->side, args->passwordFile);
        if (args->oob.empty()) {
            std::cerr << "error: battle show needs --oob FILE, or --db FILE --id N\n";
            return kUsage;
        }
        return battleShow(args->oob);
    });

    auto* list = battle->add_subcommand("list", "List the battles of a campaign");
    addRemote(list, args->remote, list->add_option("--db", args->db, "Campaign database"));
    list->add_option("--side", args->side, "Only this side's battles, as it sees them");
    addPasswordFile(list, args->passwordFile);
    list->add_flag("--json", args->json, "Print one JSON document");
    registry.add(list, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used()) return remoteView(args->remote, args->side, args->passwordFile, "battles", args->json);
        return campaignBattleList(args->db, args->side, args->passwordFile, args->json);
    });

    auto* resolve = battle->add_subcommand("resolve", "Fight a campaign battle now with the resolver and write the results back");
    resolve->add_option("--db", args->db, "Campaign database")->required();
    addPasswordFile(resolve, args->passwordFile);
    resolve->add_option("--id", args->id, "Battle number")->required();
    resolve->add_option("--side", args->side, "Act as this side, which must have an ME in the battle (default: the host)");
    registry.add(resolve, [args] { return campaignBattleResolve(args->db, args->id, args->side, args->passwordFile); });

    auto* enter = battle->add_subcommand("enter", "Record the result of a battle fought on the table (docs/formats/battle-result.md)");
    addRemote(enter, args->remote, enter->add_option("--db", args->db, "Campaign database"));
    addPasswordFile(enter, args->passwordFile);
    enter->add_option("--id", args->id, "Battle number")->required();
    enter->add_option("--file", args->file, "Result file (XML)")->required()->check(CLI::ExistingFile);
    enter->add_option("--side", args->side, "Act as this side, which must have an ME in the battle (default: the host)");
    registry.add(enter, [args] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used()) {
            if (args->side.empty()) {
                std::cerr << "error: with --server, give --side\n";
                return kUsage;
            }
            std::ifstream in(args->file, std::ios::binary);
            const std::string xml((std::istreambuf_iterator<char>(in)), {});
            return withServer(args->remote, args->side, args->passwordFile,
                              [&](client::Connection& c) { return printAction(c.enterBattleResult(args->id, xml, args->file)); });
        }
        return campaignBattleEnter(args->db, args->id, args->file, args->side, args->passwordFile);
    });

    auto* odds = battle->add_subcommand("odds", "Estimate a side's odds in a campaign battle from what it knows");
    addRemote(odds, args->remote, odds->add_option("--db", args->db, "Campaign database"));
    addPasswordFile(odds, args->passwordFile);
    odds->add_option("--id", args->id, "Battle number")->required();
    odds->add_option("--side", args->side, "The side asking")->required();
    odds->add_option("--runs", args->runs, "Number of trials")->check(CLI::Range(1, 1000000));
    odds->add_option("--assume", args->assume,
                     "What you believe an unscouted enemy counter holds: \"COUNTER=KIND:N,KIND:N\" with the reports' kinds "
                     "(\"line infantry battalions\", \"artillery batteries\", ...); repeatable, one a counter");
    registry.add(odds, [args, threadsOf] {
        if (!needDbOrServer(args->db, args->remote)) return kUsage;
        if (args->remote.used()) {
            // The assumptions are read here first, so that a malformed one is told as it is without a server; the
            // server reads them again and checks them against the battle's enemy counters.
            std::vector<view::OddsAssumption> assumptions;
            if (!readAssumptions(args->assume, assumptions)) return kUsage;
            return withServer(args->remote, args->side, args->passwordFile, [&](client::Connection& c) {
                const auto [text, computed] = c.battleOdds(args->id, args->runs, args->assume);
                std::cout << text;
                return computed ? kOk : kBadInput;
            });
        }
        return campaignBattleOdds(args->db, args->id, args->side, args->passwordFile, args->runs, threadsOf(), args->assume);
    });

    auto* simulate = battle->add_subcommand("simulate", "Run seeded trials and report the distribution of outcomes");
    simulate->add_option("--oob", args->oob, "Battle file (XML)")->required()->check(CLI::ExistingFile);
    simulate->add_option("--runs", args->runs, "Number of trials")->check(CLI::Range(1, 10000000));
    simulate->add_option("--seed", args->seed, "Seed of the first trial (trial k uses seed + k)");
    simulate->add_option("--threads", args->threads, "Worker threads (default: the machine's cores)")->check(CLI::Range(1, 256));
    simulate->add_flag("--json", args->json, "Print one JSON document");
    simulate->add_option("--param", args->params, "Override a resolver parameter, key=value (repeatable)");
    registry.add(simulate, [args, threadsOf] {
        return battleSimulate(args->oob, args->runs, args->seed, args->json, threadsOf(), args->params);
    });

    auto* narrate = battle->add_subcommand("narrate", "Fight one battle and print its narrative log");
    narrate->add_option("--oob", args->oob, "Battle file (XML)")->required()->check(CLI::ExistingFile);
    narrate->add_option("--seed", args->seed, "Battle seed")->required();
    narrate->add_flag("--json", args->json, "Print the battle result (canonical JSON) instead of the narrative");
    narrate->add_option("--param", args->params, "Override a resolver parameter, key=value (repeatable)");
    registry.add(narrate, [args] { return battleNarrate(args->oob, args->seed, args->json, args->params); });

    auto* calibrate = battle->add_subcommand("calibrate", "Run every battle of a directory against its calibration targets");
    calibrate->add_option("--dir", args->dir, "Directory of battle files")->required()->check(CLI::ExistingDirectory);
    calibrate->add_option("--runs", args->runs, "Trials per battle")->check(CLI::Range(1, 1000000));
    calibrate->add_option("--seed", args->seed, "Seed of the first trial");
    calibrate->add_option("--threads", args->threads, "Worker threads")->check(CLI::Range(1, 256));
    calibrate->add_option("--markdown", args->markdown, "Write (or update between its markers) this Markdown report");
    calibrate->add_option("--param", args->params, "Override a resolver parameter in every battle, key=value (repeatable)");
    registry.add(calibrate, [args, threadsOf] {
        return battleCalibrate(args->dir, args->runs, args->seed, args->markdown, threadsOf(), args->params);
    });
}

}  // namespace etatmajor::cli
