// SPDX-License-Identifier: GPL-3.0-or-later
// The weekly turn's stops and what a side may do at each moment (engine/weekly_stops.hpp): what is offered is what
// the commands accept, phase by phase; the stops before W4 and W5 wait for every side, the stop before W1 only for
// a garrison with terms to answer (etat-major.md §7, §9.1, §9.6, §9.7, §10, §11.4; G-53, G-86).
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/engine/grant.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "etatmajor/engine/siege.hpp"
#include "etatmajor/engine/supply_orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/engine/weekly_stops.hpp"
#include "etatmajor/io/scenario_xml.hpp"

#include "campaign_db.hpp"
#include "raw_edit.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <map>

using namespace etatmajor;

namespace {

std::string freshDb(const std::string& name, std::uint64_t seed, std::vector<std::string> options = {}) {
    return test::freshCampaignDb("weekly-stops-test", name, "tests/data/campaigns/small.xml", seed, std::move(options));
}

bool offers(const std::vector<engine::SideMove>& moves, const std::string& command) {
    for (const auto& m : moves)
        if (m.command == command) return true;
    return false;
}

// The command line each kind of move starts with.
std::string kindCommand(engine::MoveKind kind) {
    switch (kind) {
        case engine::MoveKind::SupplyAllocate: return "supply allocate";
        case engine::MoveKind::SupplySpend: return "supply spend";
        case engine::MoveKind::GrantBuy: return "grant buy";
        case engine::MoveKind::GrantReplace: return "grant replace";
        case engine::MoveKind::Reorganise: return "me ";
        case engine::MoveKind::DeclineInitiative: return "initiative --decline";
        case engine::MoveKind::AnswerTerms: return "siege answer";
    }
    return "?";
}

// Each command tried on a scratch copy of the campaign, with arguments the rules refuse for another reason when the
// moment is right: true when it is refused for its moment.
using Probe = std::function<bool(db::CampaignStore&, const std::string& side, const std::string& me)>;
const std::map<std::string, Probe>& probes() {
    static const std::map<std::string, Probe> all{
        {"supply allocate",
         [](db::CampaignStore& s, const std::string& side, const std::string&) {
             return engine::allocateSupply(s, side, "no-such-source", {}).issues.hasCode("SUPPLY-TIMING");
         }},
        {"supply spend",
         [](db::CampaignStore& s, const std::string& side, const std::string&) {
             return engine::requestSpending(s, {side, "no-such-me", "works", 1, "light", std::nullopt})
                 .issues.hasCode("SUPPLY-TIMING");
         }},
        {"grant buy",
         [](db::CampaignStore& s, const std::string& side, const std::string&) {
             // One brigade of the side's own nationality, under the army list's caps and within the grant.
             const std::string nationality = side == "red" ? "british" : "american";
             const auto p =
                 io::readPurchaseString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<purchase formatVersion=\"1\" side=\"" + side +
                                            "\">\n"
                                            "  <me id=\"" +
                                            side +
                                            "-new\" label=\"New\" mode=\"march\" supply=\"\">\n"
                                            "    <formation id=\"" +
                                            side +
                                            "-new-bde\" name=\"New Brigade\" kind=\"brigade\">\n"
                                            "      <general id=\"" +
                                            side + "-new-general\" name=\"Col. New\" nationality=\"" + nationality +
                                            "\" rank=\"brigade\" rating=\"roll\"/>\n"
                                            "      <unit id=\"" +
                                            side + "-new-unit\" name=\"New Battalion\" nationality=\"" + nationality +
                                            "\" type=\"line_infantry\" class=\"2\" stands=\"4\"/>\n"
                                            "    </formation>\n  </me>\n</purchase>\n",
                                        "probe.xml");
             return engine::buyWithGrant(s, p).issues.hasCode("GRANT-TIMING");
         }},
        {"grant replace",
         [](db::CampaignStore& s, const std::string& side, const std::string& me) {
             return engine::replaceFromGrant(s, side, me, {}, {}).issues.hasCode("GRANT-TIMING");
         }},
        {"me split|transfer|dissolve, unit provisional",
         [](db::CampaignStore& s, const std::string& side, const std::string& me) {
             return engine::splitMe(s, side, me, side + "-probe", "Probe", {"no-such-unit"}).issues.hasCode("REORG-TOO-LATE");
         }},
        {"initiative --decline",
         [](db::CampaignStore& s, const std::string& side, const std::string&) {
             // Refused for any reason (a side without the initiative, a moment past): never offered then.
             return engine::declineInitiative(s, side).hasErrors();
         }},
    };
    return all;
}

}  // namespace

TEST_CASE("weekly stops: what a side is offered at each moment is what its commands accept", "[engine][weekly-stops]") {
    const auto path = freshDb("offers", 11);
    auto store = db::CampaignStore::open(path);
    const std::map<std::string, std::string> meOf{{"red", "red-me-1"}, {"blue", "blue-me-1"}};
    std::map<std::string, int> offered;  // command -> moments offered
    const engine::AdvanceOptions standFast{true};
    // Week 1: W1 to W5, then day 1's D1 to D5, and day 2's D1 and D2.
    for (int step = 0; step < 13; ++step) {
        const auto info = store.info();
        for (const auto& [side, me] : meOf) {
            const auto moves = engine::weeklyMoves(store, side);
            // Each move's kind names its command, and the grant's moves say what is left of it.
            for (const auto& m : moves) {
                INFO(m.command);
                CHECK(m.command.rfind(kindCommand(m.kind), 0) == 0);
                if (m.kind == engine::MoveKind::GrantBuy || m.kind == engine::MoveKind::GrantReplace)
                    CHECK(m.grantLeft == engine::grantRemaining(store, side));
            }
            for (const auto& [command, refused] : probes()) {
                auto copy = store.scratchCopy();
                const bool accepted = !refused(copy, side, me);
                INFO("week " << info.week << " day " << info.day << " before " << campaign::phaseString(info.phase) << ", " << side
                             << ": " << command);
                CHECK(offers(moves, command) == accepted);
                if (accepted) ++offered[command];
            }
        }
        REQUIRE(engine::advance(store, engine::Step::Phase, standFast).ok);
        if (step == 9) {  // day 1 has moved: on to day 2's orders phase
            REQUIRE(engine::advance(store, engine::Step::Day, standFast).ok);
            REQUIRE(store.info().day == 2);
        }
    }
    // Every command was offered at some moment, and not at every moment.
    for (const auto& [command, probe] : probes()) {
        INFO(command);
        CHECK(offered[command] > 0);
        CHECK(offered[command] < 26);
    }
}

TEST_CASE("weekly stops: before W4 and W5 every side is awaited, before W1 only a garrison with terms to answer",
          "[engine][weekly-stops]") {
    const auto path = freshDb("stops", 12);
    auto store = db::CampaignStore::open(path);
    const engine::AdvanceOptions standFast{true};
    std::map<std::string, std::vector<std::string>> stops;  // phase -> sides awaited
    for (int step = 0; step < 7; ++step) {
        if (const auto stop = engine::weeklyStop(store)) {
            CHECK(stop->week == 1);
            CHECK(stop->phase == store.info().phase);
            CHECK_FALSE(stop->title.empty());
            CHECK_FALSE(stop->rule.empty());
            stops[campaign::phaseString(stop->phase)] = stop->sides;
        }
        REQUIRE(engine::advance(store, engine::Step::Phase, standFast).ok);
    }
    const std::vector<std::string> both{"red", "blue"};
    CHECK(stops == std::map<std::string, std::vector<std::string>>{{"W4", both}, {"W5", both}});
    // Supply is split and spent only at the stop before W4, the grant's new MEs raised only at the one before W5.
    REQUIRE(engine::advance(store, engine::Step::Week, standFast).ok);
    REQUIRE(store.info().week == 2);
    REQUIRE(store.info().phase == campaign::Phase::W1);
    CHECK_FALSE(engine::weeklyStop(store));  // no terms to answer: the week's first phases run on

    // Terms offered to Red's garrison of Westby (as an offer_terms order leaves them): Red is awaited before W1.
    {
        test::RawEdit raw(path);
        raw.exec("INSERT INTO siege (ua_id, me_id, side_id, besieger, start_week, start_day, supply_weeks, terms, terms_week, "
                 "terms_day) VALUES ('westby', 'red-me-1', 'red', 'blue', 1, 7, 3, 'the honours of war', 1, 7)");
    }
    store = db::CampaignStore::open(path);
    const auto stop = engine::weeklyStop(store);
    REQUIRE(stop);
    CHECK(stop->phase == campaign::Phase::W1);
    CHECK(stop->sides == std::vector<std::string>{"red"});
    const int siege = static_cast<int>(SQLite::Database(path).execAndGet("SELECT id FROM siege").getInt());
    CHECK(offers(engine::weeklyMoves(store, "red"), "siege answer --siege " + std::to_string(siege)));
    CHECK_FALSE(offers(engine::weeklyMoves(store, "blue"), "siege answer --siege " + std::to_string(siege)));
    // The move is typed for a front end's form: its kind and its siege.
    {
        const auto moves = engine::weeklyMoves(store, "red");
        const auto answer = std::find_if(moves.begin(), moves.end(),
                                         [](const auto& m) { return m.kind == engine::MoveKind::AnswerTerms; });
        REQUIRE(answer != moves.end());
        CHECK(answer->siege == siege);
    }
    REQUIRE(engine::answerTerms(store, "red", siege, false).ok());
    CHECK_FALSE(engine::weeklyStop(store));
    CHECK_FALSE(offers(engine::weeklyMoves(store, "red"), "siege answer --siege " + std::to_string(siege)));

    // Over, the campaign has no stop and offers nothing.
    {
        test::RawEdit raw(path);
        raw.exec("UPDATE campaign SET ended = 1");
    }
    store = db::CampaignStore::open(path);
    CHECK_FALSE(engine::weeklyStop(store));
    CHECK(engine::weeklyMoves(store, "blue").empty());
}
