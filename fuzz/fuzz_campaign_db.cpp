// Campaign databases: the input is written to a file and opened as etatmajor-cli opens a campaign
// (db::CampaignStore::open, as cli::withStore does). First read-only, as `campaign status` opens it: the passphrase
// check of cli::withActor, the campaign row, and the whole state loaded (db::loadState, what the status view and every
// phase start from). An input refused only for its checksum (DB-CHECKSUM) is then opened as `campaign check` opens it,
// without that check, and read the same way (the digest is not computed a second time): the fuzzer's changes to a
// campaign's content reach the state's reader only so. Last, unless the read-only open already refused the file, it is opened for writing
// as the commands that change a campaign open it (an older schema is migrated in place), and the campaign row read.
// The status view built on the state is left out: it would nearly double the cost of every readable input.
#include "fuzz_common.hpp"

#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_store.hpp"

#include <optional>

namespace {

using etatmajor::db::CampaignStore;

void readState(const CampaignStore& store) {
    using namespace etatmajor;
    (void)auth::hasPassphrase(store, auth::Actor::hostActor().name());
    (void)store.info();
    (void)db::loadState(store);
}

void body(const std::uint8_t* data, std::size_t size) {
    using namespace etatmajor;
    const std::string path = fuzz::scratchDir() + "/campaign.db";
    fuzz::removeDatabase(path);  // no journal or WAL of the previous input may be replayed into this one
    fuzz::writeInput("campaign.db", data, size);
    std::string refused;  // the code of the read-only open's refusal
    fuzz::runOne([&] {
        std::optional<CampaignStore> store;
        try {
            store.emplace(CampaignStore::open(path, true));
        } catch (const db::StoreError& e) {
            refused = e.code();
            throw;
        }
        readState(*store);
    });
    if (refused == "DB-CHECKSUM")
        fuzz::runOne([&] {
            readState(CampaignStore::open(path, true, CampaignStore::OpenCheck::SkipChecksum));
        });
    // Opening for writing makes the same checks as opening read-only (the file's bytes, SQLite's structural check, the
    // tables, the campaign row, the checksum) in the same order, before anything differs. Most inputs (nine in ten)
    // are refused there; they are not opened a second time, which halves their cost.
    for (const char* early : {"DB-NOT-CAMPAIGN", "DB-CORRUPT", "DB-TOO-NEW", "DB-CHECKSUM"})
        if (refused == early) return;
    fuzz::runOne([&] { (void)CampaignStore::open(path, false).info(); });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    body(data, size);
    return 0;
}
