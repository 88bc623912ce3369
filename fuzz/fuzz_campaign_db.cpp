// Campaign databases: the input is written to a file and opened as etatmajor-cli opens a campaign
// (db::CampaignStore::open, as cli::withStore does). First read-only, as `campaign status` opens it: the passphrase
// check of cli::withActor, the campaign row, and the whole state loaded (db::loadState, what the status view and every
// phase start from). Then for writing, as the commands that change a campaign open it (an older schema is migrated in
// place), and the campaign row read, unless the read-only open found the file damaged or foreign. The status view
// built on that state is left out: it would nearly double the cost of every readable input.
#include "fuzz_common.hpp"

#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_store.hpp"

namespace {

void body(const std::uint8_t* data, std::size_t size) {
    using namespace etatmajor;
    const std::string path = fuzz::scratchDir() + "/campaign.db";
    fuzz::removeDatabase(path);  // no journal or WAL of the previous input may be replayed into this one
    fuzz::writeInput("campaign.db", data, size);
    bool unreadable = false;
    fuzz::runOne([&] {
        try {
            const auto store = db::CampaignStore::open(path, true);
            (void)auth::hasPassphrase(store, auth::Actor::hostActor().name());
            (void)store.info();
            (void)db::loadState(store);
        } catch (const db::StoreError& e) {
            unreadable = e.code() == "DB-CORRUPT" || e.code() == "DB-NOT-CAMPAIGN";
            throw;
        }
    });
    // Most inputs (some nine in ten) are refused as damaged or foreign. Opening for writing makes the same checks in
    // the same order as opening read-only until the file has passed them, so such an input is not opened a second
    // time, which halves its cost.
    if (unreadable) return;
    fuzz::runOne([&] {
        const auto store = db::CampaignStore::open(path, false);
        (void)store.info();
    });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    body(data, size);
    return 0;
}
