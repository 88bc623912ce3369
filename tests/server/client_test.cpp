// SPDX-License-Identifier: GPL-3.0-or-later
// The client library's typed objects (include/etatmajor/client): the side's view decoded from its JSON is the view
// the core builds, so the turn manager can render a server's campaign as it renders a local one.
#include "harness.hpp"

#include "../audit/campaign_player.hpp"

#include "etatmajor/client/client.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/view/side_view.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

namespace fs = std::filesystem;
using namespace etatmajor;

TEST_CASE("client: a view decoded from its JSON renders the same JSON and text as the view the core built", "[client]") {
    const auto work = servertest::workDir("client-decode");
    const std::string db = work + "/played.db";
    {
        audit::CampaignPlayer player((fs::path(servertest::sourceDir()) / "campaigns" / "southern-1780.xml").string(), db, 3, false);
        for (int d = 0; d < 3; ++d) {
            player.giveOrders();
            player.finishDay();
        }
        player.giveOrders();
    }
    const auto store = db::CampaignStore::open(db, true);
    for (const auto& who : {view::Viewer::host(), view::Viewer::ofSide("british"), view::Viewer::ofSide("american")}) {
        const auto built = view::buildSideView(store, who);
        const auto json = view::statusJson(built);
        const auto decoded = client::sideViewFromJson(json);
        INFO("viewer " << who.name());
        CHECK(decoded.viewer == who);
        CHECK(view::statusJson(decoded) == json);
        CHECK(view::statusText(decoded) == view::statusText(built));
        CHECK(decoded.seenHexes == built.seenHexes);
        REQUIRE(decoded.allMes().size() == built.allMes().size());
        for (std::size_t i = 0; i < built.allMes().size(); ++i) CHECK(decoded.allMes()[i]->offset == built.allMes()[i]->offset);
        for (std::size_t s = 0; s < built.sides.size(); ++s)
            for (std::size_t k = 0; k < built.sides[s].counters.size(); ++k)
                CHECK(decoded.sides[s].counters[k].offset == built.sides[s].counters[k].offset);
        if (!who.isHost()) CHECK_FALSE(built.seenHexes.empty());
    }
    CHECK_THROWS_AS(client::sideViewFromJson("{\"not\": \"a status\"}"), client::ClientError);
    CHECK_THROWS_AS(client::sideViewFromJson("not json"), client::ClientError);
}

TEST_CASE("client: server URLs and pins", "[client]") {
    std::string problem;
    auto a = client::parseServerUrl("https://example.org:9443/", problem);
    REQUIRE(a);
    CHECK(a->tls);
    CHECK(a->host == "example.org");
    CHECK(a->port == 9443);
    a = client::parseServerUrl("http://127.0.0.1:8780", problem);
    REQUIRE(a);
    CHECK_FALSE(a->tls);
    CHECK(a->port == 8780);
    a = client::parseServerUrl("https://[::1]:8443", problem);
    REQUIRE(a);
    CHECK(a->host == "::1");
    CHECK(a->port == 8443);
    CHECK_FALSE(client::parseServerUrl("ftp://x", problem));
    CHECK_FALSE(client::parseServerUrl("https://x:99999", problem));
    CHECK_FALSE(client::parseServerUrl("https://x/api", problem));
    CHECK_FALSE(client::parseServerUrl("https://:80", problem));
    const std::string pin = "9F:F6:36:CF:70:32:E5:58:50:5E:2D:94:D3:CE:1D:90:67:F5:42:5B:36:E1:86:62:53:E8:0F:4C:FB:6C:69:BA";
    CHECK(client::normalisePin(pin) == std::string("9ff636cf7032e558505e2d94d3ce1d9067f5425b36e1866253e80f4cfb6c69ba"));
    CHECK_FALSE(client::normalisePin("9ff636"));
    CHECK_FALSE(client::normalisePin(std::string(64, 'g')));
}

TEST_CASE("client: the campaign's public map comes from the server to a session of the campaign only", "[client]") {
    const auto work = servertest::workDir("client-map");
    const auto campaigns = work + "/campaigns";
    fs::create_directories(campaigns);
    servertest::writeText(work + "/host.pass", "host passphrase 1780\n");
    servertest::ServerProcess server(campaigns, work + "/host.pass");
    client::ServerAddress address;
    address.tls = false;
    address.host = "127.0.0.1";
    address.port = server.port();
    client::Connection host(address, {});
    host.loginHost("host passphrase 1780");
    host.createCampaign("maps", "southern-1780", 5, {{"british", "british passphrase"}, {"american", "american passphrase"}});

    client::Connection british(address, {});
    british.login("maps", "british", "british passphrase");
    // The calendar names its phase as the campaign does ("D2"), the same in the list of campaigns.
    const auto calendar = british.calendar();
    CHECK(calendar.week == 1);
    REQUIRE(calendar.phase.size() >= 2);
    CHECK((calendar.phase[0] == 'W' || calendar.phase[0] == 'D'));
    // (The server may be running the week's phases meanwhile: the list's phase is a name too, not the same one.)
    const auto listed = british.campaigns().at(0).phase;
    REQUIRE(listed.size() >= 2);
    CHECK((listed[0] == 'W' || listed[0] == 'D'));
    const auto map = british.map();
    const auto local = db::CampaignStore::open(campaigns + "/maps.db", true).loadMap();
    CHECK(io::writeMapString(map) == io::writeMapString(local));
    CHECK(map.width() == local.width());

    // A second connection on the same session reads as the first; the session logged out, neither does.
    auto again = british.sameSession();
    CHECK(again->map().width() == local.width());
    british.logout();
    try {
        again->map();
        FAIL("the map was sent without a session");
    } catch (const client::ClientError& e) {
        CHECK(e.status() == 401);
    }
}
