#include "campaign_fixture.hpp"

#include "fuzz_common.hpp"

#include "etatmajor/campaign/options.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/engine/turn.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdlib>
#include <iostream>

namespace etatmajor::fuzz {

namespace {

[[noreturn]] void broken(const std::string& what, const core::IssueList& issues = {}) {
    std::cerr << "etatmajor-fuzz: the campaign fixture cannot be made: " << what << "\n";
    for (const auto& i : issues.items()) std::cerr << "  " << i.format() << "\n";
    std::abort();
}

void create(const std::string& path, std::vector<std::string> options) {
    db::NewCampaignRequest request;
    request.scenarioPath = sourcePath("tests/data/campaigns/small.xml");
    request.dbPath = path;
    request.seed = 5;
    request.options = std::move(options);
    const auto made = db::createCampaign(request);
    if (!made.ok) broken("campaign new refused the test campaign", made.issues);
}

// After changes made with SQL: the host accepts the state as it stands (as `campaign check --accept` does), so that
// the campaign opens without DB-CHECKSUM.
void acceptState(const std::string& path) {
    auto store = db::CampaignStore::open(path, false, db::CampaignStore::OpenCheck::SkipChecksum);
    if (!db::checkState(store).ok) db::acceptState(store);
}

}  // namespace

void makeNewCampaign(const std::string& path) { create(path, {}); }

void makeBattleCampaign(const std::string& path) {
    create(path, {"battle_resolution=tabletop"});
    {
        // Both MEs in hex 3,3 (axial 2,3), one attacking and one standing: D6 makes a battle of it.
        SQLite::Database raw(path, SQLite::OPEN_READWRITE);
        raw.exec("UPDATE me SET q = 2, r = 3 WHERE id IN ('red-me-1', 'blue-me-1')");
        raw.exec("UPDATE me SET mode = 'deployed_offensive' WHERE id = 'red-me-1'");
        raw.exec("UPDATE me SET mode = 'deployed_defensive' WHERE id = 'blue-me-1'");
    }
    acceptState(path);
    auto store = db::CampaignStore::open(path);
    engine::AdvanceOptions options;
    options.standFastMissing = true;
    const auto day = engine::advance(store, engine::Step::Day, options);
    if (day.ok || day.issues.items().empty() || day.issues.items().front().code != "BATTLE-TABLETOP")
        broken("the day did not stop at D9 for a tabletop battle", day.issues);
}

void dropDefaultOptions(const std::string& path) {
    {
        SQLite::Database raw(path, SQLite::OPEN_READWRITE);
        SQLite::Statement drop(raw, "DELETE FROM campaign_option WHERE key = ? AND value = ?");
        for (const auto& o : campaign::optionCatalogue()) {
            drop.bind(1, std::string(o.key));
            drop.bind(2, std::string(o.defaultValue));
            drop.exec();
            drop.reset();
        }
    }
    acceptState(path);
}

}  // namespace etatmajor::fuzz
