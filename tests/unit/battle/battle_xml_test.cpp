// SPDX-License-Identifier: GPL-3.0-or-later
// Battle files (docs/formats/battle.md): every shipped battle reads and fights; bad files fail with FILE:LINE.
#include "fixtures.hpp"

#include "etatmajor/battle/battle_xml.hpp"
#include "etatmajor/battle/resolver.hpp"
#include "etatmajor/battle/trials.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/io/atomic_file.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace etatmajor::battle;
using namespace etatmajor::battle::test;

TEST_CASE("every shipped battle reads, holds calibration targets and fights to a result", "[battle][xml]") {
    int count = 0;
    for (const auto& e : std::filesystem::directory_iterator(sourcePath("campaigns/battles"))) {
        if (e.path().extension() != ".xml") continue;
        INFO(e.path().string());
        const auto setup = readBattleFile(e.path().string());
        CHECK_FALSE(setup.targets.empty());
        CHECK_FALSE(setup.history.empty());
        RedcoatsResolver r;
        const auto result = r.fightSeeded(setup, 1);
        CHECK(result.turnsFought >= 1);
        CHECK(result.turnsFought <= result.turnsAvailable);
        ++count;
    }
    CHECK(count == 11);  // the eleven battles of tactical-resolver.md §5
}

TEST_CASE("Camden reads with the spec's points (§5.1: troops 486 and 372, staff 90 and 120)", "[battle][xml]") {
    const auto setup = readBattleFile(sourcePath("campaigns/battles/camden.xml"));
    BattleDice dice(1);
    Engine e(setup, dice);
    CHECK(e.sideState(kSideA).start == Points6::whole(486 + 90));
    CHECK(e.sideState(kSideB).start == Points6::whole(372 + 120));
    CHECK(e.turnsAvailable() == 12);
    CHECK(setup.sides[0].initiativeTurn1);
}

TEST_CASE("calibration targets evaluate over trials", "[battle][xml]") {
    const auto setup = readBattleFile(sourcePath("campaigns/battles/barren-hill.xml"));
    RedcoatsResolver r;
    const auto trials = runTrials(r, setup, 1, 20, 2);
    REQUIRE(trials.size() == 20);
    const auto results = evaluateTargets(setup, trials);
    REQUIRE(results.size() == 2);  // the file's target and the standing check of the side that held the field
    CHECK(results[0].runsUsed == 20);
    CHECK_FALSE(results[0].target.standing);
    CHECK(results[1].target.standing);
    CHECK(results[1].target.side == "british");
    CHECK(thousandthsText(750) == "0.750");
    // the same seeds give the same trials whatever the thread count
    const auto again = runTrials(r, setup, 1, 20, 1);
    for (std::size_t i = 0; i < 20; ++i) CHECK(again[i].rollLogHash == trials[i].rollLogHash);
}

namespace {
void expectError(const std::string& name, const std::string& code, int line) {
    INFO(name);
    const auto path = sourcePath("tests/data/battles/errors/" + name);
    try {
        (void)readBattleFile(path);
        FAIL("accepted a bad battle file");
    } catch (const etatmajor::core::FileError& e) {
        CHECK(e.code() == code);
        CHECK(e.line() == line);
        CHECK(e.file() == path);
        CHECK(e.toIssue().format().rfind(path + ":" + std::to_string(line) + ":", 0) == 0);
    }
}
}  // namespace

TEST_CASE("bad battle files are refused with their file, line and code", "[battle][xml]") {
    expectError("battle-misspelled-attribute.xml", "XML-UNKNOWN-ATTRIBUTE", 16);
    expectError("battle-class-six.xml", "BATTLE-CLASS", 8);
    expectError("battle-artillery-no-guns.xml", "BATTLE-ARTILLERY-NO-GUNS", 16);
    expectError("battle-duplicate-id.xml", "BATTLE-DUP-ID", 16);
    expectError("battle-unknown-param.xml", "BATTLE-PARAM", 4);
    expectError("battle-too-new.xml", "XML-VERSION-TOO-NEW", 3);
    expectError("battle-flank-turn-one.xml", "BATTLE-ARRIVAL", 5);
    expectError("battle-unknown-side.xml", "BATTLE-UNKNOWN-SIDE", 3);
    expectError("battle-truncated.xml", "XML-PARSE", 6);
}

TEST_CASE("<historical> figures are read for each side, every figure optional", "[battle][xml][historical]") {
    const auto setup = readBattleFile(sourcePath("tests/data/battles/duel-historical.xml"));
    REQUIRE(setup.historical[0]);
    REQUIRE(setup.historical[1]);
    const auto& red = *setup.historical[0];
    CHECK(red.heldField);
    CHECK(red.menLost == 40);
    CHECK_FALSE(red.menLostHigh);
    CHECK_FALSE(red.prisoners);
    CHECK_FALSE(red.guns);
    CHECK(red.source == "an invented source for the test");
    CHECK(red.line == 22);
    const auto& blue = *setup.historical[1];
    CHECK_FALSE(blue.heldField);
    CHECK(blue.menLost == 90);
    CHECK(blue.menLostHigh == 120);
    CHECK(blue.prisoners == 30);
    CHECK(blue.prisonersHigh == 45);
    CHECK(blue.guns == 2);
    // a file without the element reads as before
    const auto plain = readBattleFile(sourcePath("tests/data/battles/duel.xml"));
    CHECK_FALSE(plain.historical[0]);
    CHECK_FALSE(plain.historical[1]);
}

TEST_CASE("every shipped battle names the side that held the field and sources its figures", "[battle][xml][historical]") {
    int count = 0;
    for (const auto& e : std::filesystem::directory_iterator(sourcePath("campaigns/battles"))) {
        if (e.path().extension() != ".xml") continue;
        INFO(e.path().string());
        const auto setup = readBattleFile(e.path().string());
        int holders = 0;
        for (const auto& h : setup.historical)
            if (h) {
                holders += h->heldField ? 1 : 0;
                CHECK_FALSE(h->source.empty());
            }
        CHECK(holders == 1);
        ++count;
    }
    CHECK(count == 11);
}

namespace {
// The duel battle with `calibration` as its <calibration> block, which starts on line 20.
std::string duelWith(const std::string& calibration) {
    std::string text = etatmajor::io::readWholeFile(sourcePath("tests/data/battles/duel.xml"));
    const auto end = text.rfind("</battle>");
    return text.substr(0, end) + calibration + "</battle>\n";
}

void expectHistoricalError(const std::string& calibration, const std::string& code, int line) {
    INFO(calibration);
    try {
        (void)readBattleString(duelWith(calibration), "inline.xml");
        FAIL("accepted a bad <historical> element");
    } catch (const etatmajor::core::FileError& e) {
        CHECK(e.code() == code);
        CHECK(e.line() == line);
    }
}
}  // namespace

TEST_CASE("bad <historical> elements are refused with their line and code", "[battle][xml][historical]") {
    const std::string open = "<calibration>\n", close = "</calibration>\n";
    // sanity: the good form reads
    const auto good = readBattleString(duelWith(open + "<historical side=\"blue\" menLost=\"10\" source=\"s\"/>\n" + close),
                                       "inline.xml");
    REQUIRE(good.historical[1]);
    CHECK(good.historical[1]->line == 21);
    expectHistoricalError(open + "<historical side=\"green\" source=\"s\"/>\n" + close, "BATTLE-UNKNOWN-SIDE", 21);
    expectHistoricalError(open + "<historical side=\"red\" source=\"s\"/>\n<historical side=\"red\" source=\"t\"/>\n" + close,
                          "BATTLE-HISTORICAL", 22);
    expectHistoricalError(open +
                              "<historical side=\"red\" heldField=\"true\" source=\"s\"/>\n"
                              "<historical side=\"blue\" heldField=\"true\" source=\"t\"/>\n" +
                              close,
                          "BATTLE-HISTORICAL", 22);
    expectHistoricalError(open + "<historical side=\"red\" menLost=\"50\" menLostHigh=\"40\" source=\"s\"/>\n" + close,
                          "BATTLE-HISTORICAL", 21);
    expectHistoricalError(open + "<historical side=\"red\" menLostHigh=\"40\" source=\"s\"/>\n" + close, "BATTLE-HISTORICAL", 21);
    expectHistoricalError(open + "<historical side=\"red\" prisoners=\"9\" prisonersHigh=\"8\" source=\"s\"/>\n" + close,
                          "BATTLE-HISTORICAL", 21);
    expectHistoricalError(open + "<historical side=\"red\" menLost=\"50\" prisoners=\"60\" source=\"s\"/>\n" + close,
                          "BATTLE-HISTORICAL", 21);
    expectHistoricalError(open + "<historical side=\"red\" menLost=\"-5\" source=\"s\"/>\n" + close, "BATTLE-HISTORICAL", 21);
    // The men a side brought: a range low to high, never fewer than it lost.
    const auto brought = readBattleString(
        duelWith(open + "<historical side=\"blue\" strength=\"900\" strengthHigh=\"950\" menLost=\"270\" source=\"s\"/>\n" + close),
        "inline.xml");
    REQUIRE(brought.historical[1]);
    CHECK(brought.historical[1]->strength == 900);
    CHECK(brought.historical[1]->strengthHigh == 950);
    expectHistoricalError(open + "<historical side=\"red\" strength=\"900\" strengthHigh=\"800\" source=\"s\"/>\n" + close,
                          "BATTLE-HISTORICAL", 21);
    expectHistoricalError(open + "<historical side=\"red\" strengthHigh=\"800\" source=\"s\"/>\n" + close, "BATTLE-HISTORICAL", 21);
    expectHistoricalError(open + "<historical side=\"red\" strength=\"0\" source=\"s\"/>\n" + close, "BATTLE-HISTORICAL", 21);
    expectHistoricalError(open + "<historical side=\"red\" strength=\"200\" menLost=\"300\" source=\"s\"/>\n" + close,
                          "BATTLE-HISTORICAL", 21);
    expectHistoricalError(open + "<historical side=\"red\" menLost=\"many\" source=\"s\"/>\n" + close, "XML-ATTR-VALUE", 21);
    expectHistoricalError(open + "<historical side=\"red\" menLost=\"5\"/>\n" + close, "XML-ATTR-MISSING", 21);
    expectHistoricalError(open + "<historical side=\"red\" menlost=\"5\" source=\"s\"/>\n" + close, "XML-UNKNOWN-ATTRIBUTE", 21);
}

namespace {
// A test battle with one attribute's text replaced (the first occurrence of `from`).
std::string battleWith(const char* file, const std::string& from, const std::string& to) {
    std::string text = etatmajor::io::readWholeFile(sourcePath(std::string("tests/data/battles/") + file));
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

std::string ordersWith(const std::string& from, const std::string& to) { return battleWith("orders.xml", from, to); }

void expectOrdersError(const std::string& from, const std::string& to, const std::string& code, int line) {
    INFO(to);
    try {
        (void)readBattleString(ordersWith(from, to), "inline.xml");
        FAIL("accepted a bad order");
    } catch (const etatmajor::core::FileError& e) {
        CHECK(e.code() == code);
        CHECK(e.line() == line);
    }
}
}  // namespace

TEST_CASE("a side's ordered withdrawal and a late arrival's sector are read; files without them read as before",
          "[battle][xml][orders]") {
    const auto setup = readBattleFile(sourcePath("tests/data/battles/orders.xml"));
    CHECK_FALSE(setup.sides[0].withdrawTurn);
    CHECK_FALSE(setup.sides[0].withdrawLoss);
    CHECK(setup.sides[1].withdrawTurn == 4);
    CHECK(setup.sides[1].withdrawLoss == 20);
    REQUIRE(setup.sides[0].mes.size() == 2);
    CHECK(setup.sides[0].mes[0].sector == Sector::Line);
    CHECK(setup.sides[0].mes[1].sector == Sector::Left);
    const auto plain = readBattleFile(sourcePath("tests/data/battles/duel.xml"));
    for (const auto& s : plain.sides) {
        CHECK_FALSE(s.withdrawTurn);
        CHECK_FALSE(s.withdrawLoss);
        for (const auto& me : s.mes) CHECK(me.sector == Sector::Line);
    }
    expectOrdersError("withdrawTurn=\"4\"", "withdrawTurn=\"0\"", "BATTLE-WITHDRAW", 21);
    expectOrdersError("withdrawTurn=\"4\"", "withdrawTurn=\"25\"", "BATTLE-WITHDRAW", 21);
    expectOrdersError("withdrawLoss=\"20\"", "withdrawLoss=\"101\"", "BATTLE-WITHDRAW", 21);
    expectOrdersError("withdrawLoss=\"20\"", "withdrawLoss=\"a fifth\"", "XML-ATTR-VALUE", 21);
    expectOrdersError("sector=\"left\"", "sector=\"rear\"", "XML-ATTR-VALUE", 14);
    expectOrdersError("arrival=\"3\" sector=\"left\"", "arrival=\"3\" entry=\"left\" sector=\"left\"", "BATTLE-ARRIVAL", 14);
    expectOrdersError("arrival=\"3\" sector=\"left\"", "sector=\"left\"", "BATTLE-ARRIVAL", 14);
}

TEST_CASE("an ordered withdrawal breaks the side off; a late arrival comes on in its sector", "[battle][orders]") {
    auto setup = readBattleFile(sourcePath("tests/data/battles/orders.xml"));
    RedcoatsResolver resolver;
    const int runs = 30;
    int asOrdered = 0;
    for (int seed = 1; seed <= runs; ++seed) {
        Narrative n;
        const auto r = resolver.fightSeeded(setup, static_cast<std::uint64_t>(seed), &n);
        // the blue side is gone by the end of turn 4 in every run, by its order or earlier
        CHECK(r.sides[1].withdrew);
        if (n.text().find("Continentals breaks off and withdraws (as ordered)") != std::string::npos) ++asOrdered;
    }
    CHECK(asOrdered >= runs / 2);
    // without the order the blue side, which holds its ground, does not withdraw in most runs
    auto free = setup;
    free.sides[1].withdrawTurn.reset();
    free.sides[1].withdrawLoss.reset();
    int withdrew = 0;
    for (int seed = 1; seed <= runs; ++seed)
        if (resolver.fightSeeded(free, static_cast<std::uint64_t>(seed)).sides[1].withdrew) ++withdrew;
    CHECK(withdrew < asOrdered);

    // The second red brigade comes on at turn 3 in the left third of red's rear edge (red is side A: files 0-9 of
    // 30), and in the files of red's first line without its sector.
    for (const auto sector : {Sector::Left, Sector::Right, Sector::Line}) {
        auto s = setup;
        s.sides[0].mes[1].sector = sector;
        etatmajor::dice::ScriptedSource script({});
        BattleDice dice(script);
        Engine e(s, dice);
        e.setDoctrine(false);
        const int late = e.unitIndex("foot-3");
        for (int t = 1; t <= 3; ++t) {
            e.startTurn();
            e.grandTacticalPhase();
        }
        REQUIRE(e.unit(late).status == UnitStatus::OnTable);
        const int mid = e.unit(late).x0 + e.unit(late).w / 2;
        const int third = e.width() / 3;
        if (sector == Sector::Left) CHECK(mid < third);
        if (sector == Sector::Right) CHECK(mid >= 2 * third);
        if (sector == Sector::Line) {
            const auto& first = e.unit(e.unitIndex("foot-1"));
            const auto& second = e.unit(e.unitIndex("foot-2"));
            CHECK(mid >= std::min(first.x0, second.x0) - 2);
            CHECK(mid <= std::max(first.x0 + first.w, second.x0 + second.w) + 2);
        }
    }
}

namespace {
void expectDepthError(const std::string& from, const std::string& to, int line, const std::string& says) {
    INFO(to);
    try {
        (void)readBattleString(battleWith("lines-in-depth.xml", from, to), "inline.xml");
        FAIL("accepted a bad line in depth");
    } catch (const etatmajor::core::FileError& e) {
        CHECK(e.code() == "BATTLE-IN-FILES");
        CHECK(e.line() == line);
        CHECK(std::string(e.what()).find(says) != std::string::npos);
    }
}

// The files [lo, hi) of the units with these ids.
std::pair<int, int> filesOf(const Engine& e, std::initializer_list<const char*> ids) {
    int lo = 1 << 20, hi = -1;
    for (const char* id : ids) {
        const auto& u = e.unit(e.unitIndex(id));
        lo = std::min(lo, u.x0);
        hi = std::max(hi, u.x0 + u.w);
    }
    return {lo, hi};
}
}  // namespace

TEST_CASE("lines in depth are read; a bad inFilesOf is refused with its line", "[battle][xml][depth]") {
    const auto setup = readBattleFile(sourcePath("tests/data/battles/lines-in-depth.xml"));
    const auto& blue = setup.sides[1].mes[0].formations;
    REQUIRE(blue.size() == 3);
    CHECK(blue[0].inFilesOf == "blue-line");
    CHECK(blue[1].inFilesOf.empty());
    CHECK(blue[2].units[0].inFilesOf == "line-1");
    const auto plain = readBattleFile(sourcePath("tests/data/battles/duel.xml"));
    for (const auto& s : plain.sides)
        for (const auto& me : s.mes)
            for (const auto& f : me.formations) CHECK(f.inFilesOf.empty());
    expectDepthError("inFilesOf=\"blue-line\"", "inFilesOf=\"nobody\"", 18, "names no unit or formation");
    expectDepthError("inFilesOf=\"blue-line\"", "inFilesOf=\"red-bde\"", 18, "the other side");
    expectDepthError("inFilesOf=\"blue-line\"", "inFilesOf=\"militia-1\"", 18, "itself, a formation it belongs to");
    expectDepthError("inFilesOf=\"line-1\"", "inFilesOf=\"blue-third\"", 30, "itself, a formation it belongs to");
    expectDepthError("inFilesOf=\"line-1\"", "inFilesOf=\"militia-2\"", 30, "stands in another line's files itself");
    expectDepthError("<me id=\"blue-me\" mode=\"deployed_defensive\">", "<me id=\"blue-me\" mode=\"march\">", 18,
                     "on the table at turn 1");
}

TEST_CASE("lines in depth stand in the files of the line they name, one behind the other", "[battle][depth]") {
    auto setup = readBattleFile(sourcePath("tests/data/battles/lines-in-depth.xml"));
    etatmajor::dice::ScriptedSource script({});
    BattleDice dice(script);
    {
        Engine e(setup, dice);
        const auto [lo, hi] = filesOf(e, {"line-1", "line-2"});
        const auto [mlo, mhi] = filesOf(e, {"militia-1", "militia-2"});
        // the militia (8 files) centred on the Continentals' 10, 400 paces from the rear edge; the Continentals at 250
        CHECK(hi - lo == 10);
        CHECK(mlo == lo + 1);
        CHECK(mhi == hi - 1);
        CHECK(e.unit(e.unitIndex("militia-1")).front == 400);
        CHECK(e.unit(e.unitIndex("line-1")).front == 250);
        // the third line, with no depth of its own, 150 paces behind the unit it names and centred on it
        const auto& third = e.unit(e.unitIndex("line-3"));
        const auto& first = e.unit(e.unitIndex("line-1"));
        CHECK(third.front == first.front - 150);
        CHECK(third.x0 + third.w / 2 == first.x0 + first.w / 2);
        CHECK(third.role == Role::FirstLine);
        // the enemy lines up against the front the blue side presents: its Continentals' files, not three lines' side by side
        const auto [rlo, rhi] = filesOf(e, {"foot-1", "foot-2", "foot-3"});
        CHECK(rlo <= lo);
        CHECK(rhi >= hi);
        CHECK(rhi - rlo == 15);
    }
    // Without the attribute the same units stand side by side along the front.
    for (auto& f : setup.sides[1].mes[0].formations) {
        f.inFilesOf.clear();
        for (auto& u : f.units) u.inFilesOf.clear();
    }
    Engine e(setup, dice);
    const auto [lo, hi] = filesOf(e, {"line-1", "line-2"});
    const auto [mlo, mhi] = filesOf(e, {"militia-1", "militia-2"});
    CHECK((mhi <= lo || mlo >= hi));
}

TEST_CASE("a militia line standing in the Continentals' files gives its fire and falls back behind them", "[battle][depth]") {
    const auto setup = readBattleFile(sourcePath("tests/data/battles/lines-in-depth.xml"));
    RedcoatsResolver resolver;
    int first = 0, second = 0;
    const int runs = 40;
    for (int seed = 1; seed <= runs; ++seed) {
        Narrative n;
        (void)resolver.fightSeeded(setup, static_cast<std::uint64_t>(seed), &n);
        const auto& t = n.text();
        // §2.8 forward_class1 = fall_back: each militia battalion has the Continentals in its files behind it (one
        // that has halted Unsteady under fire does not move that turn)
        if (t.find("First militia gives its fire and falls back behind") != std::string::npos) ++first;
        if (t.find("Second militia gives its fire and falls back behind") != std::string::npos) ++second;
    }
    CHECK(first >= runs / 2);
    CHECK(second >= runs / 2);
}
