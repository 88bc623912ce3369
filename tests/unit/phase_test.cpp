// SPDX-License-Identifier: GPL-3.0-or-later
// The phases of the turn as one table (campaign/phase.hpp): their order, their ids as campaign databases store them,
// and a stored phase that is none of them.
#include "etatmajor/campaign/phase.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/engine/turn.hpp"
#include "raw_edit.hpp"
#include "test_paths.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace etatmajor;
using campaign::Phase;

TEST_CASE("the turn is W1 to W5, then D1 to D12, with the ids campaign databases store", "[phase]") {
    // The ids written by every earlier version of the program (campaign.current_phase, the logs): never to change.
    const std::vector<std::string> stored{"W1", "W2", "W3", "W4", "W5", "D1",  "D2",  "D3", "D4",
                                          "D5", "D6", "D7", "D8", "D9", "D10", "D11", "D12"};
    REQUIRE(campaign::kPhases.size() == stored.size());
    std::set<std::string> titles;
    for (std::size_t i = 0; i < stored.size(); ++i) {
        const auto& e = campaign::kPhases[i];
        INFO(stored[i]);
        CHECK(e.id == stored[i]);
        CHECK(campaign::phaseFromId(stored[i]) == e.phase);
        CHECK(campaign::phaseString(e.phase) == stored[i]);
        CHECK(campaign::isWeekly(e.phase) == (stored[i][0] == 'W'));
        CHECK(campaign::isDaily(e.phase) == (stored[i][0] == 'D'));
        CHECK_FALSE(e.title.empty());
        CHECK_FALSE(e.action.empty());
        CHECK(titles.insert(std::string(e.title)).second);
        std::ostringstream out;
        out << e.phase;
        CHECK(out.str() == stored[i]);
    }
    for (const char* other : {"", "d1", "D0", "D13", "W6", "W", " D1", "D1 "}) CHECK_FALSE(campaign::phaseFromId(other));
}

TEST_CASE("a stored phase that is none of the turn's is refused as damage, naming it", "[phase][db][hostile]") {
    const auto dir = test::scratchDir("phase-stored");
    const auto path = (dir / "edited.db").string();
    db::NewCampaignRequest req;
    req.scenarioPath = test::sourcePath("tests/data/campaigns/small.xml");
    req.dbPath = path;
    req.seed = 3;
    REQUIRE(db::createCampaign(req).ok);
    { test::RawEdit(path).exec("UPDATE campaign SET current_phase = 'D13' WHERE id = 1"); }

    auto store = db::CampaignStore::open(path);
    auto refused = [&](auto&& what) {
        try {
            what();
        } catch (const db::StoreError& e) {
            CHECK(e.code() == "DB-CORRUPT");
            CHECK_THAT(e.what(), Catch::Contains("'D13'"));
            return;
        }
        FAIL("no refusal");
    };
    refused([&] { (void)store.info(); });
    // Before the phases were one table, the engine ran a D13 as a day phase and stepped past the end of the day.
    refused([&] { (void)engine::advance(store, engine::Step::Phase); });
    CHECK(SQLite::Database(path).execAndGet("SELECT current_phase FROM campaign").getString() == "D13");
}
