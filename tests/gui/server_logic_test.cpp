// SPDX-License-Identifier: GPL-3.0-or-later
// The server window's words and choices without a display (src/gui/server_model.hpp).
#include "server_model.hpp"

#include <catch2/catch.hpp>

using namespace etatmajor;
using namespace etatmajor::gui;

namespace {
ServerLogin loginOf() {
    ServerLogin l;
    l.url = "https://host.example:8443";
    l.campaign = "south";
    l.side = "british";
    return l;
}
}  // namespace

TEST_CASE("server window: refusals and failures are said in a person's words", "[turn][server]") {
    const auto l = loginOf();
    CHECK(serverErrorText(client::ClientError(401, "AUTH-WRONG", "wrong passphrase"), l).rfind("Wrong passphrase", 0) == 0);
    CHECK(serverErrorText(client::ClientError(401, "AUTH-WRONG", "x"), l).find("side 'british' of campaign 'south'") !=
          std::string::npos);
    CHECK(serverErrorText(client::ClientError(0, "SERVER-UNREACHABLE", "cannot reach"), l)
              .rfind("Cannot reach the server at https://host.example:8443", 0) == 0);
    CHECK(serverErrorText(client::ClientError(0, "CLIENT-PIN", "mismatch"), l).find("does not match the fingerprint") !=
          std::string::npos);
    CHECK(serverErrorText(client::ClientError(429, "AUTH-SLOW-DOWN", "wait"), l).rfind("Too many wrong passphrases", 0) == 0);
    // A refused orders file: every issue with its file and line.
    core::IssueList issues;
    issues.error("ORDER-PATH", "hex 31,38 is not next to 27,34", 7, "path");
    issues.error("ORDER-MODE", "no such mode", 9, "mode");
    issues.setFile("orders-british-w1d1.xml");
    const auto text = serverErrorText(client::ClientError(400, "ORDER-PATH", "hex 31,38 is not next to 27,34", issues), l);
    CHECK(text.find("orders-british-w1d1.xml:7:") != std::string::npos);
    CHECK(text.find("orders-british-w1d1.xml:9:") != std::string::npos);
}

TEST_CASE("server window: URLs, pins and the names it gives", "[turn][server]") {
    auto l = loginOf();
    l.url = "ftp://x";
    try {
        openServer(l);
        FAIL("an ftp URL was taken");
    } catch (const client::ClientError& e) {
        CHECK(e.code() == "CLIENT-URL");
    }
    l.url = "http://127.0.0.1:8780";
    l.pin = std::string(64, 'a');
    CHECK_THROWS_AS(openServer(l), client::ClientError);  // a pin over plain HTTP means nothing
    l.pin.clear();
    CHECK(openServer(l) != nullptr);

    campaign::OrdersFile f;
    f.side = "american";
    f.week = 3;
    f.day = 5;
    CHECK(ordersFileName(f) == "orders-american-w3d5.xml");

    // The report shown after the server ran the day is the day just fought, not the new day's.
    const std::vector<client::TurnEvent> events{{10, 1, 1, "D11"}, {11, 1, 1, "D12"}, {12, 1, 2, "D1"}, {13, 1, 2, "D2"}};
    CHECK(reportDayAfter(events, 1, 2) == std::make_pair(1, 1));
    CHECK(reportDayAfter({{12, 1, 2, "D1"}}, 1, 2) == std::make_pair(0, 0));
    client::CampaignEntry c;
    c.week = 1;
    c.day = 2;
    c.phase = "D2";
    c.waitingFor = "orders";
    CHECK(calendarText(c) == "Week 1, day 2 \u00b7 D2 \u00b7 waiting for orders");
    // A weekly stop: the side's own word only.
    c.phase = "W4";
    c.day = 1;
    c.waitingFor = "weekly-stop";
    c.stop = client::WeeklyStop{1, "W4", "shared sources are split", "\u00a79.6", std::nullopt, true, false};
    CHECK(calendarText(c) == "Week 1, day 1 \u00b7 W4 \u00b7 weekly stop before W4 (waiting for our word: Done with This Stop)");
    c.stop->done = true;
    CHECK(calendarText(c) == "Week 1, day 1 \u00b7 W4 \u00b7 weekly stop before W4 (we are done; waiting for the other side)");
}

TEST_CASE("server window: the Week dialog's moves, stop and sources from the server's answers", "[turn][server]") {
    // The moves the server names, as the core's kinds (the dialog's forms); a command it has no form for is left out.
    const auto allocate = sideMoveOf({"supply allocate", "split a shared source's income"});
    REQUIRE(allocate);
    CHECK(allocate->kind == engine::MoveKind::SupplyAllocate);
    CHECK(allocate->what == "split a shared source's income");
    CHECK(sideMoveOf({"supply spend", ""})->kind == engine::MoveKind::SupplySpend);
    CHECK(sideMoveOf({"grant buy", ""})->kind == engine::MoveKind::GrantBuy);
    CHECK(sideMoveOf({"grant replace", ""})->kind == engine::MoveKind::GrantReplace);
    CHECK(sideMoveOf({"me split|transfer|dissolve, unit provisional", ""})->kind == engine::MoveKind::Reorganise);
    CHECK(sideMoveOf({"initiative --decline", ""})->kind == engine::MoveKind::DeclineInitiative);
    const auto answer = sideMoveOf({"siege answer --siege 12", ""});
    REQUIRE(answer);
    CHECK(answer->kind == engine::MoveKind::AnswerTerms);
    CHECK(answer->siege == 12);
    CHECK_FALSE(sideMoveOf({"siege answer --siege x", ""}));
    CHECK_FALSE(sideMoveOf({"orders submit", ""}));

    // The stop as the core names it, the side among those it waits for only when it is awaited; its word and deadline.
    client::CampaignEntry c;
    c.week = 1;
    c.day = 1;
    c.phase = "W4";
    c.waitingFor = "weekly-stop";
    CHECK_FALSE(weeklyStopOf(c, "british"));
    CHECK(stopWordText(c, "British").empty());
    c.stop = client::WeeklyStop{1, "W4", "shared sources are split", "\u00a79.6", std::int64_t{1795780800}, true, false};
    const auto stop = weeklyStopOf(c, "british");
    REQUIRE(stop);
    CHECK(stop->phase == campaign::Phase::W4);
    CHECK(stop->sides == std::vector<std::string>{"british"});
    CHECK(stopWordText(c, "British") ==
          "Weekly stop before W4: shared sources are split \u00b7 deadline 2026-11-27 12:00 UTC \u00b7 British have not said they "
          "are done (Done with This Stop)");
    c.stop->done = true;
    CHECK(stopWordText(c, "British").find("British are done with it") != std::string::npos);
    c.stop->awaited = false;
    CHECK(weeklyStopOf(c, "british")->sides.empty());
    CHECK(stopWordText(c, "British").find("British are not awaited there") != std::string::npos);
    c.stop->phase = "X9";
    CHECK_FALSE(weeklyStopOf(c, "british"));
    c.stop->phase = "W4";
    c.ended = true;
    CHECK(stopWordText(c, "British").empty());

    // The side's sources from its supply report's JSON (the server's supply view); anything else is refused.
    const auto report = client::supplyReportFromJson(R"({"week":1,"side":"british","season":"summer","multiplier":"x1",
        "sources":[{"id":"camden","name":"Camden","size":"town","rolled":true,"weeklyValue":120,"combatHalvings":0,
        "destroyed":false,"drawnOnBy":[{"me":"b-webster","label":"Webster's Bde","canDraw":true},
        {"me":"b-rawdon","label":"Rawdon's Bde","canDraw":false}]}],"foraging":[],"ledger":[],"balance":0})");
    REQUIRE(report.sources.size() == 1);
    CHECK(report.sources[0].id == "camden");
    CHECK(report.sources[0].weeklyValue == 120);
    CHECK(report.sources[0].rolled);
    REQUIRE(report.sources[0].drawnOnBy.size() == 2);
    CHECK(report.sources[0].drawnOnBy[1].me == "b-rawdon");
    CHECK_FALSE(report.sources[0].drawnOnBy[1].canDraw);
    CHECK_THROWS_AS(client::supplyReportFromJson("{\"week\":1}"), client::ClientError);
    CHECK_THROWS_AS(client::supplyReportFromJson("not json"), client::ClientError);
}
