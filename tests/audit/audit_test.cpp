// SPDX-License-Identifier: GPL-3.0-or-later
// The fog-of-war audit (docs/secrecy-audit.md): for several seeds, two weeks of the bundled campaign played with real
// moves; after every day everything each side can get from the command line and its papers must hold nothing of
// the other side that it has not learned by then. A negative control proves the checker fails on the host's view.
#include "audit.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

#include <unistd.h>
#include <fstream>
#include <iostream>

namespace audit = etatmajor::audit;

namespace {

std::string scenario() { return std::string(ETATMAJOR_SOURCE_DIR) + "/campaigns/southern-1780.xml"; }

// One directory a run: two runs at once (two build trees, or ctest -j beside a manual run) never share files.
std::string workDir(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("etatmajor-audit-" + name + "-" + std::to_string(::getpid()))).string();
}

constexpr int kDays = 14;

void auditSeed(std::uint64_t seed) {
    audit::AuditOptions o;
    o.scenario = scenario();
    o.cli = ETATMAJOR_CLI;
    o.pdftotext = ETATMAJOR_PDFTOTEXT;
    o.workDir = workDir("seed-" + std::to_string(seed));
    o.seed = seed;
    o.days = kDays;
    const auto r = audit::runAudit(o);
    std::cout << r.summary();

    // The leaks, grouped, for the people fixing them; every violation in full beside them.
    const auto leaks = audit::formatLeaks(audit::distinctLeaks(r.violations));
    const std::filesystem::path out(ETATMAJOR_AUDIT_OUT);
    std::filesystem::create_directories(out);
    std::ofstream(out / ("leaks-seed-" + std::to_string(seed) + ".txt")) << leaks;
    {
        std::ofstream all(out / ("violations-seed-" + std::to_string(seed) + ".txt"));
        for (const auto& v : r.violations) all << v.format() << "\n";
    }
    for (const auto& v : r.violations) std::cout << "VIOLATION " << v.format() << "\n";
    if (!r.violations.empty()) std::cout << "distinct leaks (seed " << seed << "):\n" << leaks;

    // The play did what the audit needs: two weeks with contacts, scouting reports and battles.
    CHECK(r.play.days >= kDays);
    CHECK(r.play.contacts > 0);
    CHECK(r.play.intelReports > 0);
    CHECK(r.play.battlesFought > 0);
    CHECK(r.brokenCommands.empty());
    CHECK(r.packetsChecked == 2);
    CHECK(r.violations.empty());
    if (r.violations.empty() && r.brokenCommands.empty()) std::filesystem::remove_all(o.workDir);  // kept when it failed
}

}  // namespace

TEST_CASE("seed 1: two weeks of play, no side sees what it has not learned", "[audit][leaks]") { auditSeed(1); }
TEST_CASE("seed 7: two weeks of play, no side sees what it has not learned", "[audit][leaks]") { auditSeed(7); }
TEST_CASE("seed 1780: two weeks of play, no side sees what it has not learned", "[audit][leaks]") { auditSeed(1780); }

// The negative control: the host's view (status and log without --side) and the other side's own answers, given
// to a side as if they were its own, must be caught, by several checks.
TEST_CASE("control: the host's view given to a side is caught", "[audit][control]") {
    const auto dir = workDir("control");
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string db = dir + "/campaign.db";
    audit::CampaignPlayer player(scenario(), db, 1);
    for (int d = 0; d < 3; ++d) {
        player.giveOrders();
        player.finishDay();
    }
    player.giveOrders();  // today's orders are given: the enemy's routes are in the database
    REQUIRE(player.counts().battlesFought > 0);

    for (const auto& viewer : player.sides()) {
        const std::string enemy = viewer == player.sides().front() ? player.sides().back() : player.sides().front();
        std::vector<audit::Capture> captures;
        auto host = [&](const std::string& label, std::vector<std::string> argv) {
            argv.insert(argv.begin(), ETATMAJOR_CLI);
            const auto r = audit::runCommand(argv);
            REQUIRE(r.exitCode == 0);
            captures.push_back({label, viewer, player.week(), player.day(), "control", r.exitCode, r.output});
        };
        host("status (host view)", {"status", "--db", db});
        host("status --json (host view)", {"status", "--db", db, "--json"});
        host("log (host view)", {"log", "--db", db});
        host("log --json (host view)", {"log", "--db", db, "--json"});
        host("orders show --side " + enemy, {"orders", "show", "--db", db, "--side", enemy});
        host("supply --side " + enemy, {"supply", "--db", db, "--side", enemy});
        host("supply --side " + enemy + " --json", {"supply", "--db", db, "--side", enemy, "--json"});

        audit::Memory memory;
        const auto k = audit::buildKnowledge(db, viewer, memory);
        std::map<std::string, int> byCheck;
        std::size_t total = 0;
        for (const auto& c : captures)
            for (const auto& v : audit::findLeaks(k, c)) {
                ++byCheck[v.check];
                if (total++ < 12) std::cout << "control, as " << viewer << ": " << v.format() << "\n";
            }
        std::cout << "control, as " << viewer << ": " << total << " violations found in " << captures.size() << " host outputs:";
        for (const auto& [check, n] : byCheck) std::cout << " " << check << " " << n << ";";
        std::cout << "\n";
        INFO("viewer " << viewer);
        for (const auto* check :
             {"enemy-id", "face-down-label", "enemy-unit-name", "enemy-general-name", "enemy-formation-name", "enemy-vcs",
              "enemy-strength", "enemy-receipt", "enemy-town-supply", "enemy-route", "enemy-ledger", "enemy-roll"}) {
            INFO("check " << check);
            CHECK(byCheck.count(check) == 1);
        }

        // And the side's own answers at this moment are not caught for the host's reasons: the checker tells the
        // two apart (its own status names none of the enemy's ids, names or figures).
        const auto own = audit::runCommand({ETATMAJOR_CLI, "status", "--db", db, "--side", viewer, "--json"});
        const auto ownLeaks = audit::findLeaks(k, {"status --json", viewer, player.week(), player.day(), "control", own.exitCode,
                                                   own.output});
        for (const auto& v : ownLeaks) std::cout << "own status: " << v.format() << "\n";
        CHECK(ownLeaks.empty());
    }
}

// Each check finds its own kind of item when it is printed the way the product prints such things.
TEST_CASE("control: every check finds the item it is made for", "[audit][control]") {
    const auto dir = workDir("checks");
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string db = dir + "/campaign.db";
    audit::CampaignPlayer player(scenario(), db, 7);
    for (int d = 0; d < 2; ++d) {
        player.giveOrders();
        player.finishDay();
    }
    player.giveOrders();
    for (const auto& viewer : player.sides()) {
        audit::Memory memory;
        const auto k = audit::buildKnowledge(db, viewer, memory);
        // Whether `check` (any check when empty) finds something in `text`, set among other lines.
        auto caught = [&](const std::string& text, const std::string& check = "") {
            for (const auto& v :
                 audit::findLeaks(k, {"synthetic", viewer, 0, 0, "control", 0, "some words\n" + text + "\nmore words"}))
                if (check.empty() || v.check == check) return true;
            return false;
        };
        REQUIRE(!k.terms.empty());
        for (const auto& t : k.terms) {
            INFO(t.check << ": " << t.item);
            CHECK(caught("  \"" + t.text + "\",", t.check));
            if (t.wholeWord) CHECK_FALSE(caught("x" + t.text + "x"));
        }
        REQUIRE(!k.figures.empty());
        for (const auto& f : k.figures) {
            if (k.allowedNumbers.count(f.value)) continue;
            for (const auto& ctx : f.contexts) {
                INFO(f.check << ": " << f.item << " as " << ctx);
                const std::string n = std::to_string(f.value);
                const std::string text = ctx.rfind("json:", 0) == 0 ? "\"" + ctx.substr(5) + "\": " + n + ","
                                         : (ctx == "of" || ctx == "lost" || ctx == "below" || ctx == "VCS" || ctx == "baseline")
                                             ? ctx + " " + n
                                             : n + " " + ctx;
                CHECK(caught(text, f.check));
            }
            CHECK_FALSE(caught(std::to_string(f.value) + " marbles"));
        }
        REQUIRE(!k.routes.empty());
        for (const auto& r : k.routes) {
            std::string arrow, json;
            for (const auto& h : r.hexes) arrow += (arrow.empty() ? "" : " -> ") + h, json += "\n  \"" + h + "\",";
            INFO(r.item);
            CHECK(caught(arrow, r.check));
            CHECK(caught("\"path\": [" + json + "\n]", r.check));
            CHECK_FALSE(caught(r.hexes.front() + " face down\n" + r.hexes.back() + " face down"));
        }
        REQUIRE(!k.receipts.empty());
        for (const auto& r : k.receipts) {
            INFO(r.item);
            CHECK(caught(r.ids.front() + ": tardy (half movement)", r.check));
            CHECK_FALSE(caught(r.ids.front() + " marches", r.check));
        }
    }
}
