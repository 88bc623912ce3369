// SPDX-License-Identifier: GPL-3.0-or-later
// Variant keys of scouting (etat-major.md §8.4–§8.6, §14.5): G-34 scouting_subphase, G-35 scout_after_intel, G-33
// scout_evade_when_entered, G-39 pursue_scouts. Each against the default on the map strip of §16.1 (R1..R6 west to
// east on one road; the British Legion, scouting cavalry, in R2; Virginia in R4), with the dice scripted.
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/orders_xml.hpp"

#include "campaign_db.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

using namespace etatmajor;

namespace {

// Every die shows 3 except order receipt, which shows 6: fine summer weather, every order carried out.
class Threes final : public dice::Source {
public:
    int roll(int faces, const dice::RollRequest& r) override {
        return r.purpose.rfind("order receipt", 0) == 0 ? faces : std::min(3, faces);
    }
    std::string kind() const override { return "scripted"; }
};

std::string strip(const std::string& name, std::vector<std::string> options = {}) {
    return test::freshCampaignDb("scouting-variants", name, "tests/data/campaigns/strip.xml", 2, std::move(options));
}

// R1..R6 are columns 0..5 of row 0.
void place(const std::string& path, const std::string& me, int r) {
    etatmajor::test::RawEdit raw(path);
    raw.exec("UPDATE me SET q = (SELECT q FROM map_hex WHERE col = " + std::to_string(r - 1) +
             " AND row = 0), r = (SELECT r FROM map_hex "
             "WHERE col = " +
             std::to_string(r - 1) + " AND row = 0) WHERE id = '" + me + "'");
}
std::string hexOf(int r) { return std::to_string(r - 1) + ",0"; }

int number(const std::string& path, const std::string& sql) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getInt();
}
std::string text(const std::string& path, const std::string& sql) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getString();
}
std::string meHex(const std::string& path, const std::string& me) {
    return text(path, "SELECT h.col || ',' || h.row FROM me m JOIN map_hex h ON h.q = m.q AND h.r = m.r WHERE m.id = '" + me + "'");
}

engine::AdvanceResult run(db::CampaignStore& store, engine::Step step) {
    Threes threes;
    engine::AdvanceOptions o;
    o.dice = &threes;
    o.standFastMissing = true;
    return engine::advance(store, step, o);
}

void toOrders(db::CampaignStore& store) {
    while (store.info().phase != campaign::Phase::D2) REQUIRE(run(store, engine::Step::Phase).ok);
}

// Runs today's phases up to (not including) `phase`, gathering their report lines.
std::string runTo(db::CampaignStore& store, const std::string& phase) {
    std::string lines;
    while (campaign::phaseString(store.info().phase) != phase) {
        const auto r = run(store, engine::Step::Phase);
        REQUIRE(r.ok);
        for (const auto& p : r.phases)
            for (const auto& l : p.lines) lines += l + "\n";
    }
    return lines;
}

void give(db::CampaignStore& store, const std::string& side, const std::string& body) {
    const auto info = store.info();
    const auto issues = engine::submitOrders(store, io::readOrdersString("<orders formatVersion=\"1\" side=\"" + side + "\" week=\"" +
                                                                             std::to_string(info.week) + "\" day=\"" +
                                                                             std::to_string(info.day) + "\">\n" + body + "</orders>",
                                                                         side + ".xml"));
    for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE_FALSE(issues.hasErrors());
}

std::string allLines(const engine::AdvanceResult& r) {
    std::string out;
    for (const auto& p : r.phases)
        for (const auto& l : p.lines) out += l + "\n";
    return out;
}

}  // namespace

TEST_CASE("G-34 scouting_subphase = cavalry_only: a scouting force without cavalry moves with the others",
          "[engine][scouting][variant]") {
    for (const std::string variant : {"all_scouting_mes", "cavalry_only"}) {
        INFO(variant);
        const auto path = strip("subphase-" + variant, {"scouting_subphase=" + variant});
        {
            // Virginia as light troops only, so that it may scout (G-34 scout_eligibility light_troops).
            etatmajor::test::RawEdit raw(path);
            raw.exec("UPDATE unit SET type = 'light_infantry' WHERE id IN ('va-1', 'va-2')");
        }
        auto store = db::CampaignStore::open(path);
        toOrders(store);
        give(store, "american", "<order me=\"va\" mode=\"scouting\"><path>" + hexOf(5) + "</path></order>\n");
        give(store, "british", "<order me=\"bl\" mode=\"scouting\"><path>" + hexOf(1) + "</path></order>\n");
        REQUIRE(run(store, engine::Step::Day).ok);
        CHECK(meHex(path, "va") == hexOf(5));
        CHECK(meHex(path, "bl") == hexOf(1));
        // The cavalry scouts in the scouting sub-phase either way; the light infantry only by default.
        CHECK(text(path, "SELECT phase FROM movement WHERE me_id = 'bl'") == "D4");
        CHECK(text(path, "SELECT phase FROM movement WHERE me_id = 'va'") == (variant == "cavalry_only" ? "D5" : "D4"));
    }
}

TEST_CASE("G-35 scout_after_intel = retreat_remaining_mr: the scout retreats with what is left of its move",
          "[engine][scouting][variant]") {
    for (const std::string variant : {"evade_one_hex", "retreat_remaining_mr"}) {
        INFO(variant);
        const auto path = strip("retreat-" + variant, {"scout_after_intel=" + variant});
        auto store = db::CampaignStore::open(path);
        toOrders(store);
        // BL rides from R2 into R3, sees Virginia in R4 and evades.
        give(store, "british", "<order me=\"bl\" mode=\"scouting\" onScoutContact=\"evade\"><path>" + hexOf(3) + "</path></order>\n");
        give(store, "american", "<order me=\"va\" mode=\"march\"/>\n");
        const auto day = run(store, engine::Step::Day);
        REQUIRE(day.ok);
        const int allowance = number(path, "SELECT allowance FROM movement WHERE me_id = 'bl'");
        REQUIRE(allowance >= 3);
        CHECK(text(path, "SELECT stopped_by FROM movement WHERE me_id = 'bl'") == "scouted the enemy (evade)");
        // the day's movement line for the scout: the hexes of its allowance it used, the evade apart
        std::string moveLine;
        for (const auto& p : day.phases)
            for (const auto& l : p.lines)
                if (l.find(" hexes") != std::string::npos && l.find("scouted the enemy") != std::string::npos) moveLine = l;
        INFO(moveLine);
        CHECK(number(path, "SELECT COUNT(*) FROM intel_report WHERE side_id = 'british' AND observer_me = 'bl'") == 1);
        if (variant == "evade_one_hex") {
            // The body: one hex back, to R2 where it came from.
            CHECK(meHex(path, "bl") == hexOf(2));
            CHECK(text(path, "SELECT path FROM movement WHERE me_id = 'bl'") == hexOf(3) + " " + hexOf(2));
            // The evade hex is free (G-35) and not a hex moved today (§8.8.1): one hex of the allowance is used.
            CHECK(moveLine.find("(1 of " + std::to_string(allowance) + " hexes, and an evade of one hex") != std::string::npos);
        } else {
            // The chart: it had allowance - 1 hexes left; back through R2 and on to R1, where the strip ends.
            CHECK(meHex(path, "bl") == hexOf(1));
            CHECK(text(path, "SELECT path FROM movement WHERE me_id = 'bl'") == hexOf(3) + " " + hexOf(2) + " " + hexOf(1));
            // the evade hex is free; the retreat beyond it is paid from the allowance
            CHECK(moveLine.find("(2 of " + std::to_string(allowance) + " hexes, and an evade of one hex") != std::string::npos);
        }
        CHECK(number(path, "SELECT COUNT(*) FROM battle") == 0);
    }
}

TEST_CASE("G-33 scout_evade_when_entered = yes_one_hex: a scout entered in the other movement may slip away",
          "[engine][scouting][variant]") {
    for (const std::string variant : {"no", "yes_one_hex"}) {
        INFO(variant);
        const auto path = strip("entered-" + variant, {"scout_evade_when_entered=" + variant});
        place(path, "bl", 3);
        auto store = db::CampaignStore::open(path);
        toOrders(store);
        give(store, "british", "<order me=\"bl\" mode=\"scouting\" onScoutContact=\"observe\"/>\n");
        give(store, "american", "<order me=\"va\" mode=\"march\"><path>" + hexOf(3) + " " + hexOf(2) + "</path></order>\n");
        const auto lines = runTo(store, "D7");  // where the MEs stand once battles are determined
        if (variant == "no") {
            // §16.6: the scout cannot evade; both are held and a battle follows in R3.
            CHECK(meHex(path, "bl") == hexOf(3));
            CHECK(meHex(path, "va") == hexOf(3));
            CHECK(number(path, "SELECT COUNT(*) FROM battle") == 1);
        } else {
            // It goes one hex away from where Virginia came from (R4), to R2; Virginia stops in R3, and no battle.
            CHECK(meHex(path, "bl") == hexOf(2));
            CHECK(meHex(path, "va") == hexOf(3));
            CHECK(number(path, "SELECT COUNT(*) FROM battle") == 0);
            CHECK(text(path, "SELECT stopped_by FROM movement WHERE me_id = 'va'") == "the enemy scout there evaded (G-33)");
            CHECK_THAT(lines, Catch::Contains("British Legion, entered by Virginia, evades to " + hexOf(2)));
        }
    }
    SECTION("a scout whose order says to engage stands and fights") {
        const auto path = strip("entered-engage", {"scout_evade_when_entered=yes_one_hex"});
        place(path, "bl", 3);
        auto store = db::CampaignStore::open(path);
        toOrders(store);
        give(store, "british", "<order me=\"bl\" mode=\"scouting\" onScoutContact=\"engage\"/>\n");
        give(store, "american", "<order me=\"va\" mode=\"march\"><path>" + hexOf(3) + "</path></order>\n");
        REQUIRE(run(store, engine::Step::Day).ok);
        CHECK(number(path, "SELECT COUNT(*) FROM battle") == 1);
    }
}

TEST_CASE("G-39 pursue_scouts = chart_free_pursuit: an ME a scout found may chase it whatever its orders",
          "[engine][scouting][variant]") {
    for (const std::string variant : {"off", "chart_free_pursuit"}) {
        INFO(variant);
        const auto path = strip("pursuit-" + variant, {"pursue_scouts=" + variant});
        auto store = db::CampaignStore::open(path);
        toOrders(store);
        // BL rides into R3, sees Virginia in R4 and observes from there. Virginia is ordered to forage where it is,
        // but its commander would take on scouts.
        give(store, "british",
             "<order me=\"bl\" mode=\"scouting\" onScoutContact=\"observe\"><path>" + hexOf(3) + "</path></order>\n");
        give(store, "american", "<order me=\"va\" mode=\"forage\" onScoutContact=\"engage\"/>\n");
        const auto r = run(store, engine::Step::Day);
        REQUIRE(r.ok);
        CHECK(text(path, "SELECT stopped_by FROM movement WHERE me_id = 'bl'") == "scouted the enemy (observe)");
        if (variant == "off") {
            // G-39 default: not pinned, it does as ordered and stays.
            CHECK(meHex(path, "va") == hexOf(4));
            CHECK(number(path, "SELECT COUNT(*) FROM battle") == 0);
        } else {
            CHECK_THAT(allLines(r), Catch::Contains("Virginia chases the scout that found it"));
            CHECK(text(path, "SELECT phase FROM movement WHERE me_id = 'va'") == "D5");
            CHECK(text(path, "SELECT path FROM movement WHERE me_id = 'va'") == hexOf(3));
            CHECK(number(path, "SELECT COUNT(*) FROM battle") == 1);
            CHECK(text(path, "SELECT kind FROM battle WHERE id = 1") == "battle");
        }
    }
}
