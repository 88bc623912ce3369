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
    CHECK(calendarText(c) == "Week 1, day 1 \u00b7 W4 \u00b7 weekly stop before W4 (waiting for our word: week done)");
    c.stop->done = true;
    CHECK(calendarText(c) == "Week 1, day 1 \u00b7 W4 \u00b7 weekly stop before W4 (we are done; waiting for the other side)");
}
