// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <regex>
#include <sstream>

namespace etatmajor::audit {

namespace {

std::vector<int> battleIds(const std::string& dbPath) {
    SQLite::Database db(dbPath, SQLite::OPEN_READONLY);
    SQLite::Statement q(db, "SELECT id FROM battle ORDER BY id");
    std::vector<int> ids;
    while (q.executeStep()) ids.push_back(q.getColumn(0).getInt());
    return ids;
}

}  // namespace

void checkMoment(const std::string& dbPath, const std::string& viewer, Memory& memory, const std::vector<Capture>& captures,
                 AuditReport& report) {
    const auto k = buildKnowledge(dbPath, viewer, memory);
    for (const auto& t : k.terms) report.distinctItems.insert(t.check + ": " + t.item);
    for (const auto& f : k.figures)
        if (!k.allowedNumbers.count(f.value)) report.distinctItems.insert(f.check + ": " + f.item);
    for (const auto& r : k.routes) report.distinctItems.insert(r.check + ": " + r.item);
    for (const auto& r : k.receipts) report.distinctItems.insert(r.check + ": " + r.item);
    report.skippedItems.insert(k.skipped.begin(), k.skipped.end());
    for (const auto& c : captures) {
        ++report.outputs;
        report.characters += c.text.size();
        report.itemsChecked += k.itemCount();
        const auto found = findLeaks(k, c);
        report.violations.insert(report.violations.end(), found.begin(), found.end());
    }
}

AuditReport runAudit(const AuditOptions& o) {
    std::filesystem::remove_all(o.workDir);
    std::filesystem::create_directories(o.workDir);
    const std::string db = (std::filesystem::path(o.workDir) / "campaign.db").string();
    AuditReport report;
    report.seed = o.seed;
    CampaignPlayer player(o.scenario, db, o.seed);
    // One capturer per side; the sides are asked at the same time (the campaign does not change meanwhile).
    std::map<std::string, Capturer> capturers;
    for (const auto& side : player.sides())
        capturers.emplace(side, Capturer(o.cli, o.pdftotext, (std::filesystem::path(o.workDir) / ("papers-" + side)).string()));
    auto captureAll = [&](const std::function<std::vector<Capture>(Capturer&, const std::string&)>& ask) {
        std::map<std::string, std::future<std::vector<Capture>>> running;
        for (auto& [side, capturer] : capturers)
            running.emplace(side,
                            std::async(std::launch::async, [&ask, &capturer = capturer, side = side] { return ask(capturer, side); }));
        std::map<std::string, std::vector<Capture>> out;
        for (auto& [side, f] : running) out[side] = f.get();
        return out;
    };
    std::map<std::string, Memory> memory;
    for (int d = 0; d < o.days && !player.ended(); ++d) {
        player.giveOrders();
        if (player.ended()) break;
        const int week = player.week(), day = player.day();
        for (const auto& [side, captures] :
             captureAll([&](Capturer&c, const std::string&side) { return c.ordersOfTheDay(db, side, week, day, "orders given"); }))
            checkMoment(db, side, memory[side], captures, report);
        player.finishDay();
        const auto ids = battleIds(db);
        for (const auto& [side, captures] :
             captureAll([&](Capturer&c, const std::string&side) { return c.everything(db, side, week, day, "end of day", ids); }))
            checkMoment(db, side, memory[side], captures, report);
    }
    // The sides' turn packets (docs/pbem.md): keys are given to the campaign as it stands, each side's packet is
    // exported by the host and opened with the side's key, and everything in it is checked as the side's other
    // outputs are.
    {
        const auto keys = std::filesystem::path(o.workDir) / "keys";
        std::filesystem::create_directories(keys);
        const auto pass = (keys / "passphrase").string();
        std::ofstream(pass) << "audit key passphrase\n";
        const auto keyFile = [&](const std::string& who) { return (keys / (who + ".key")).string(); };
        const auto run = [&](const std::vector<std::string>& argv) {
            auto r = runCommand(argv);
            if (r.exitCode != 0) report.brokenCommands.insert(argv[1] + " " + argv[2] + " (exit " + std::to_string(r.exitCode) + ")");
            return r;
        };
        std::vector<std::string> registerKeys{o.cli, "campaign", "key", "--db", db};
        for (const auto& who : [&] {
                 auto all = player.sides();
                 all.insert(all.begin(), "host");
                 return all;
             }()) {
            run({o.cli, "key", "new", "--who", who, "-o", keyFile(who), "--key-password-file", pass});
            registerKeys.insert(registerKeys.end(), {"--key", keyFile(who) + ".pub"});
        }
        run(registerKeys);
        for (const auto& side : player.sides()) {
            const auto packet = (keys / (side + ".pkt")).string();
            run({o.cli, "turn", "export", "--db", db, "--side", side, "--key", keyFile("host"), "--key-password-file", pass, "-o",
                 packet});
            // Each view as the side reads it, as text and as JSON (the map, public, is left out: its roads are hex
            // lists that the route check would take for orders).
            std::vector<Capture> captures;
            const auto show = [&](const std::string& view, bool json) {
                std::vector<std::string> argv{o.cli,  "turn",   "show",        "--packet",
                                              packet, "--key",  keyFile(side), "--key-password-file",
                                              pass,   "--view", view};
                if (json) argv.push_back("--json");
                const auto shown = run(argv);
                captures.push_back({"turn show --view " + view + (json ? " --json" : "") + " (its turn packet)", side, player.week(),
                                    player.day(), "turn packet", shown.exitCode, shown.output});
            };
            for (const char* view : {"status", "intel", "loc", "supply", "log", "report", "battles", "template", "dice"})
                show(view, false);
            for (const char* view : {"status", "intel", "loc", "supply", "log", "report", "battles", "sieges", "orders"})
                show(view, true);
            checkMoment(db, side, memory[side], captures, report);
            ++report.packetsChecked;
        }
    }
    report.play = player.counts();
    for (const auto& [side, capturer] : capturers) {
        for (const auto& [command, n] : capturer.skipped()) report.skippedCommands[command] += n;
        report.brokenCommands.insert(capturer.broken().begin(), capturer.broken().end());
    }
    report.journal = player.journal();
    return report;
}

std::string AuditReport::summary() const {
    std::ostringstream o;
    o << "fog-of-war audit, seed " << seed << ": " << play.days << " days played; " << play.contacts << " contacts, "
      << play.intelReports << " intelligence reports, " << play.battles << " battles (" << play.battlesFought << " fought), "
      << play.decoysPlaced << " decoys, " << play.routesGiven << " routes ordered; " << packetsChecked
      << " turn packets opened and checked\n";
    o << "  " << outputs << " outputs captured (" << characters << " characters); " << distinctItems.size()
      << " distinct forbidden items; " << itemsChecked << " item checks; " << violations.size() << " violations\n";
    if (!skippedCommands.empty()) {
        o << "  skipped (the command does not exist yet):";
        for (const auto& [c, n] : skippedCommands) o << " '" << c << "' x" << n << ";";
        o << "\n";
    }
    for (const auto& b : brokenCommands) o << "  BROKEN (usage error from a command the audit expects): " << b << "\n";
    o << "  " << skippedItems.size() << " forbidden items not checked:\n";
    for (const auto& i : skippedItems) o << "    " << i << "\n";
    for (const auto& j : journal) o << "  player: " << j << "\n";
    return o.str();
}

std::vector<Leak> distinctLeaks(const std::vector<Violation>& violations) {
    static const std::regex side("--side [a-z0-9_-]+"), id("--id [0-9]+");
    std::map<std::pair<std::string, std::string>, Leak> groups;
    for (const auto& v : violations) {
        std::string command = std::regex_replace(std::regex_replace(v.command, side, "--side SIDE"), id, "--id N");
        auto& g = groups[{command, v.check}];
        if (g.command.empty()) {
            g.command = command;
            g.check = v.check;
            g.firstSeen = "W" + std::to_string(v.week) + "/D" + std::to_string(v.day) + " (" + v.moment + ")";
            g.example = v.line;
        }
        g.items.insert(v.item);
        g.sides.insert(v.side);
    }
    std::vector<Leak> out;
    for (auto& [key, g] : groups) out.push_back(std::move(g));
    return out;
}

std::string formatLeaks(const std::vector<Leak>& leaks) {
    std::ostringstream o;
    for (const auto& l : leaks) {
        o << l.command << "  [" << l.check << "]  sides:";
        for (const auto& s : l.sides) o << " " << s;
        o << "; first " << l.firstSeen << "\n";
        std::size_t n = 0;
        o << "    leaked:";
        for (const auto& i : l.items) {
            if (n++ == 6) {
                o << " ... (" << l.items.size() << " items)";
                break;
            }
            o << (n > 1 ? "; " : " ") << i;
        }
        o << "\n    e.g.: " << l.example << "\n";
    }
    return o.str();
}

}  // namespace etatmajor::audit
