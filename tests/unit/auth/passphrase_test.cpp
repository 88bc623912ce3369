// SPDX-License-Identifier: GPL-3.0-or-later
// Side and host passphrases (docs/secrecy-auth.md).
#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "test_paths.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

using namespace etatmajor;
using namespace std::chrono_literals;

namespace {

const std::string kBritish = "crown-and-country";
const std::string kAmerican = "liberty-or-death";
const std::string kHostPass = "umpire-of-the-south";

// The Southern Campaign (sides british and american) in a scratch directory, with the passphrases `who -> text`
// set in its creating transaction.
std::string freshCampaign(const std::string& name, const auth::Passphrases& passphrases = {}) {
    const auto dir = test::scratchDir("auth-" + name);
    const auto path = (dir / "campaign.db").string();
    db::NewCampaignRequest req;
    req.scenarioPath = test::sourcePath("campaigns/southern-1780.xml");
    req.dbPath = path;
    req.seed = 7;
    req.finish = [&](db::CampaignStore& store) {
        for (const auto& [who, text] : passphrases) auth::setPassphrase(store, who, text);
        return core::IssueList{};
    };
    const auto r = db::createCampaign(req);
    for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE(r.ok);
    return path;
}

// A clock that only moves when told, and a sleep that only records.
struct FakeTime {
    std::int64_t seconds = 1'000'000;
    std::vector<std::chrono::milliseconds> slept;
    auth::Pacing pacing() {
        return {[this] { return seconds; }, [this](std::chrono::milliseconds d) { slept.push_back(d); }};
    }
};

int failures(const std::string& path, const std::string& who) {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    SQLite::Statement q(raw, "SELECT failures FROM credential WHERE who = ?");
    q.bind(1, who);
    return q.executeStep() ? q.getColumn(0).getInt() : -1;
}

std::string bytesOf(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const std::optional<std::string> kNone;

}  // namespace

TEST_CASE("a passphrase is kept as an Argon2id hash and opens its side", "[auth]") {
    const auto path = freshCampaign("roundtrip", {{"british", kBritish}});
    auto store = db::CampaignStore::open(path);
    CHECK(auth::hasPassphrase(store, "british"));
    CHECK_FALSE(auth::hasPassphrase(store, "american"));
    CHECK_FALSE(auth::hasPassphrase(store, auth::kHost));
    CHECK(auth::anyPassphrase(store));
    CHECK(auth::sidesWithPassphrase(store) == std::vector<std::string>{"british"});
    CHECK(auth::sidesWithoutPassphrase(store) == std::vector<std::string>{"american"});
    {
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        const std::string hash = raw.execAndGet("SELECT hash FROM credential WHERE who = 'british'").getString();
        CHECK(hash.rfind("$argon2id$", 0) == 0);
        CHECK(hash.find(kBritish) == std::string::npos);
    }
    CHECK_FALSE(auth::authorise(store, auth::Actor::ofSide("british"), kBritish).hasErrors());
    // Hashes are salted: the same passphrase twice gives two different hashes, both of which verify.
    auth::setPassphrase(store, "american", kBritish);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT COUNT(DISTINCT hash) FROM credential").getInt() == 2);
    CHECK_FALSE(auth::authorise(store, auth::Actor::ofSide("american"), kBritish).hasErrors());
}

TEST_CASE("a passphrase's stamp changes when it is set again or cleared, and tells nothing of it", "[auth]") {
    const auto path = freshCampaign("stamp", {{"british", kBritish}, {auth::kHost, kHostPass}});
    auto store = db::CampaignStore::open(path);
    const auto first = auth::passphraseStamp(store, "british");
    REQUIRE(first);
    CHECK(first->size() == 64);
    CHECK(first->find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(auth::passphraseStamp(store, "british") == first);  // the same while nothing changes
    CHECK_FALSE(auth::passphraseStamp(store, "american"));    // no passphrase, no stamp
    CHECK(auth::passphraseStamp(store, auth::kHost) != first);
    {
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        const std::string hash = raw.execAndGet("SELECT hash FROM credential WHERE who = 'british'").getString();
        CHECK(hash.find(*first) == std::string::npos);
    }
    // A wrong guess counted in the credential row does not change it; a new hash (even of the same passphrase) does.
    CHECK(auth::authorise(store, auth::Actor::ofSide("british"), std::string("not the passphrase"), FakeTime{}.pacing()).hasErrors());
    CHECK(auth::passphraseStamp(store, "british") == first);
    auth::setPassphrase(store, "british", kBritish);
    const auto second = auth::passphraseStamp(store, "british");
    REQUIRE(second);
    CHECK(second != first);
    auth::clearPassphrase(store, "british");
    CHECK_FALSE(auth::passphraseStamp(store, "british"));
}

TEST_CASE("a missing or wrong passphrase is refused, counted, and a right one clears the count", "[auth]") {
    const auto path = freshCampaign("wrong", {{"british", kBritish}, {"american", kAmerican}});
    auto store = db::CampaignStore::open(path);
    FakeTime time;
    const auto british = auth::Actor::ofSide("british");
    auto issues = auth::authorise(store, british, kNone, time.pacing());
    CHECK(issues.hasCode("AUTH-REQUIRED"));
    CHECK(failures(path, "british") == 0);                               // not a guess
    issues = auth::authorise(store, british, kAmerican, time.pacing());  // the other side's passphrase
    CHECK(issues.hasCode("AUTH-WRONG"));
    CHECK(failures(path, "british") == 1);
    CHECK(failures(path, "american") == 0);
    CHECK(auth::authorise(store, british, std::string("crown-and-countrY"), time.pacing()).hasCode("AUTH-WRONG"));
    CHECK(failures(path, "british") == 2);
    CHECK(time.slept.empty());  // the first two failures cost nothing
    CHECK_FALSE(auth::authorise(store, british, kBritish, time.pacing()).hasErrors());
    CHECK(failures(path, "british") == 0);
}

TEST_CASE("a campaign without passphrases is open to everyone", "[auth]") {
    const auto path = freshCampaign("open");
    auto store = db::CampaignStore::open(path);
    CHECK_FALSE(auth::anyPassphrase(store));
    CHECK(auth::authorise(store, auth::Actor::hostActor(), kNone).empty());
    CHECK(auth::authorise(store, auth::Actor::ofSide("british"), kNone).empty());
    CHECK(auth::authorise(store, auth::Actor::ofSide("american"), std::string("anything at all")).empty());
    try {
        auth::authorise(store, auth::Actor::ofSide("french"), kNone);
        FAIL("an unknown side was accepted");
    } catch (const db::StoreError& e) {
        CHECK(e.code() == "DB-UNKNOWN-SIDE");
    }
    CHECK_THROWS_AS(auth::setPassphrase(store, "french", kBritish), db::StoreError);
}

TEST_CASE("the host's view is closed while sides have passphrases and the host has none", "[auth]") {
    const auto path = freshCampaign("host", {{"british", kBritish}});
    auto store = db::CampaignStore::open(path);
    FakeTime time;
    const auto host = auth::Actor::hostActor();
    CHECK(auth::authorise(store, host, kNone).hasCode("AUTH-HOST-CLOSED"));
    CHECK(auth::authorise(store, host, kBritish).hasCode("AUTH-HOST-CLOSED"));  // a side's passphrase is no key
    // The side without a passphrase is still open.
    CHECK(auth::authorise(store, auth::Actor::ofSide("american"), kNone).empty());

    auth::setPassphrase(store, auth::kHost, kHostPass);
    CHECK(auth::authorise(store, host, kNone, time.pacing()).hasCode("AUTH-REQUIRED"));
    CHECK(auth::authorise(store, host, kBritish, time.pacing()).hasCode("AUTH-WRONG"));
    CHECK_FALSE(auth::authorise(store, host, kHostPass, time.pacing()).hasErrors());
    // The host's passphrase is not a side's.
    CHECK(auth::authorise(store, auth::Actor::ofSide("british"), kHostPass, time.pacing()).hasCode("AUTH-WRONG"));
}

TEST_CASE("who may set or clear a passphrase", "[auth]") {
    const auto path = freshCampaign("who-may-set");
    auto store = db::CampaignStore::open(path);
    FakeTime time;
    auto p = time.pacing();

    SECTION("the first passphrase of a side in an open campaign needs no one's") {
        CHECK(auth::authorityToChange(store, "british").none());
        CHECK_FALSE(auth::changePassphrase(store, "british", kBritish, {}, p).hasErrors());
        CHECK(auth::hasPassphrase(store, "british"));
        // Logged with whose passphrase, on no one's authority, and the hash now stored (what a replay stores again);
        // never the passphrase.
        SQLite::Database raw(path, SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT json_extract(args, '$.who') || ' ' || json_array_length(args, '$.by') || ' ' || "
                             "(json_extract(args, '$.hash') = (SELECT hash FROM credential WHERE who = 'british')) || ' ' || "
                             "result FROM command_log WHERE name = 'auth.passphrase'")
                  .getString() == R"(british 0 1 {"lines":["the passphrase of side 'british' is set"]})");
        CHECK(raw.execAndGet("SELECT instr(args, '" + kBritish + "') FROM command_log WHERE name = 'auth.passphrase'").getInt() == 0);
    }
    SECTION("a side's passphrase needs its own, or the host's") {
        auth::setPassphrase(store, "british", kBritish);
        CHECK(auth::authorityToChange(store, "british").anyOf == std::vector<std::string>{"british"});
        CHECK(auth::changePassphrase(store, "british", std::string("new-british-pass"), {}, p).hasCode("AUTH-REQUIRED"));
        CHECK(auth::changePassphrase(store, "british", std::string("new-british-pass"), {{"british", kAmerican}}, p)
                  .hasCode("AUTH-WRONG"));
        CHECK(auth::changePassphrase(store, "british", std::string("new-british-pass"), {{"american", kAmerican}}, p)
                  .hasCode("AUTH-REQUIRED"));  // the other side's is no authority
        CHECK_FALSE(auth::authorise(store, auth::Actor::ofSide("british"), kBritish, p).hasErrors());  // unchanged
        CHECK_FALSE(auth::changePassphrase(store, "british", std::string("new-british-pass"), {{"british", kBritish}}, p).hasErrors());
        CHECK(auth::authorise(store, auth::Actor::ofSide("british"), kBritish, p).hasCode("AUTH-WRONG"));
        CHECK_FALSE(auth::authorise(store, auth::Actor::ofSide("british"), std::string("new-british-pass"), p).hasErrors());

        // With a host passphrase, the host may reset a side's it does not know.
        auth::setPassphrase(store, auth::kHost, kHostPass);
        CHECK(auth::authorityToChange(store, "british").anyOf == std::vector<std::string>{"british", "host"});
        CHECK_FALSE(auth::changePassphrase(store, "british", kBritish, {{auth::kHost, kHostPass}}, p).hasErrors());
        {
            SQLite::Database raw(path, SQLite::OPEN_READONLY);
            CHECK(raw.execAndGet("SELECT json_extract(args, '$.who') || ' ' || json_extract(args, '$.by') FROM command_log "
                                 "WHERE name = 'auth.passphrase' ORDER BY rowid DESC")
                      .getString() == R"(british ["host"])");
        }
        CHECK_FALSE(auth::authorise(store, auth::Actor::ofSide("british"), kBritish, p).hasErrors());
        // And a side without one may be given one only by the host.
        CHECK(auth::authorityToChange(store, "american").anyOf == std::vector<std::string>{"host"});
        CHECK(auth::changePassphrase(store, "american", kAmerican, {}, p).hasCode("AUTH-REQUIRED"));
        CHECK_FALSE(auth::hasPassphrase(store, "american"));
        CHECK_FALSE(auth::changePassphrase(store, "american", kAmerican, {{auth::kHost, kHostPass}}, p).hasErrors());
    }
    SECTION("the host's first passphrase needs every side passphrase that is set") {
        auth::setPassphrase(store, "british", kBritish);
        auth::setPassphrase(store, "american", kAmerican);
        const auto a = auth::authorityToChange(store, auth::kHost);
        CHECK(a.allOf == std::vector<std::string>{"british", "american"});
        CHECK(a.anyOf.empty());
        auto issues = auth::changePassphrase(store, auth::kHost, kHostPass, {{"british", kBritish}}, p);
        CHECK(issues.hasCode("AUTH-REQUIRED"));
        CHECK(issues.items()[0].message.find("american") != std::string::npos);
        CHECK(auth::changePassphrase(store, auth::kHost, kHostPass, {{"british", kBritish}, {"american", kBritish}}, p)
                  .hasCode("AUTH-WRONG"));
        CHECK_FALSE(auth::hasPassphrase(store, auth::kHost));
        CHECK_FALSE(
            auth::changePassphrase(store, auth::kHost, kHostPass, {{"british", kBritish}, {"american", kAmerican}}, p).hasErrors());
        CHECK_FALSE(auth::authorise(store, auth::Actor::hostActor(), kHostPass, p).hasErrors());
        // From then on the host's own passphrase is the authority over it.
        CHECK(auth::authorityToChange(store, auth::kHost).anyOf == std::vector<std::string>{"host"});
        CHECK(auth::changePassphrase(store, auth::kHost, kNone, {{"british", kBritish}, {"american", kAmerican}}, p)
                  .hasCode("AUTH-REQUIRED"));
        CHECK_FALSE(auth::changePassphrase(store, auth::kHost, kNone, {{auth::kHost, kHostPass}}, p).hasErrors());
        CHECK_FALSE(auth::hasPassphrase(store, auth::kHost));
        CHECK(auth::authorise(store, auth::Actor::hostActor(), kHostPass, p).hasCode("AUTH-HOST-CLOSED"));
    }
    SECTION("clearing takes the same authority, and a campaign cleared of every passphrase is open again") {
        auth::setPassphrase(store, "british", kBritish);
        CHECK(auth::changePassphrase(store, "british", kNone, {}, p).hasCode("AUTH-REQUIRED"));
        CHECK_FALSE(auth::changePassphrase(store, "british", kNone, {{"british", kBritish}}, p).hasErrors());
        CHECK_FALSE(auth::anyPassphrase(store));
        CHECK(auth::authorise(store, auth::Actor::hostActor(), kNone).empty());
    }
    SECTION("a short new passphrase is refused before anything changes") {
        CHECK(auth::changePassphrase(store, "british", std::string("short"), {}, p).hasCode("AUTH-TOO-SHORT"));
        CHECK_FALSE(auth::anyPassphrase(store));
        CHECK_THROWS_AS(auth::setPassphrase(store, "british", ""), auth::PassphraseError);
    }
}

TEST_CASE("passphrases shorter than eight characters are refused, counted in characters rather than bytes", "[auth]") {
    CHECK(auth::passphraseProblem("")->code() == "AUTH-TOO-SHORT");
    CHECK(auth::passphraseProblem("1234567")->code() == "AUTH-TOO-SHORT");
    CHECK_FALSE(auth::passphraseProblem("12345678"));
    CHECK(auth::passphraseProblem("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9")->code() == "AUTH-TOO-SHORT");  // 4 chars, 8 bytes
    CHECK_FALSE(auth::passphraseProblem("\xc3\xa9t\xc3\xa9-major"));                                 // "été-major"
    CHECK_FALSE(auth::passphraseProblem(std::string(auth::kMaxPassphraseBytes, 'x')));
    CHECK(auth::passphraseProblem(std::string(auth::kMaxPassphraseBytes + 1, 'x'))->code() == "AUTH-TOO-LONG");
}

TEST_CASE("failureDelay: nothing for two failures, then 1 s doubling to a 30 s cap", "[auth]") {
    CHECK(auth::failureDelay(0) == 0ms);
    CHECK(auth::failureDelay(1) == 0ms);
    CHECK(auth::failureDelay(2) == 0ms);
    CHECK(auth::failureDelay(3) == 1000ms);
    CHECK(auth::failureDelay(4) == 2000ms);
    CHECK(auth::failureDelay(5) == 4000ms);
    CHECK(auth::failureDelay(6) == 8000ms);
    CHECK(auth::failureDelay(7) == 16000ms);
    CHECK(auth::failureDelay(8) == 30000ms);
    CHECK(auth::failureDelay(9) == 30000ms);
    CHECK(auth::failureDelay(1000) == 30000ms);
}

TEST_CASE("after repeated failures the answer waits, less the time since the last failure", "[auth]") {
    const auto path = freshCampaign("slow", {{"british", kBritish}});
    auto store = db::CampaignStore::open(path);
    FakeTime time;
    const auto british = auth::Actor::ofSide("british");
    for (int i = 0; i < 3; ++i) CHECK(auth::authorise(store, british, kAmerican, time.pacing()).hasCode("AUTH-WRONG"));
    CHECK(time.slept.empty());
    // Three failures: the next answer, wrong or right, waits 1 s.
    CHECK(auth::authorise(store, british, kAmerican, time.pacing()).hasCode("AUTH-WRONG"));
    REQUIRE(time.slept.size() == 1);
    CHECK(time.slept[0] == 1000ms);
    // Four: 2 s, of which 1 s has passed.
    time.seconds += 1;
    CHECK_FALSE(auth::authorise(store, british, kBritish, time.pacing()).hasErrors());
    REQUIRE(time.slept.size() == 2);
    CHECK(time.slept[1] == 1000ms);
    // The success cleared the count: no wait any more.
    CHECK_FALSE(auth::authorise(store, british, kBritish, time.pacing()).hasErrors());
    CHECK(time.slept.size() == 2);
    // A failure long ago costs nothing either.
    for (int i = 0; i < 5; ++i) auth::authorise(store, british, kAmerican, time.pacing());
    time.slept.clear();
    time.seconds += 3600;
    CHECK_FALSE(auth::authorise(store, british, kBritish, time.pacing()).hasErrors());
    CHECK(time.slept.empty());
}

TEST_CASE("no passphrase appears in clear in the campaign's files", "[auth]") {
    const auto path = freshCampaign("clear", {{"british", kBritish}, {"american", kAmerican}, {auth::kHost, kHostPass}});
    const std::string wrong = "a-wrong-guess-at-it";
    const std::string later = "a-later-british-passphrase";
    {
        auto store = db::CampaignStore::open(path);
        CHECK_FALSE(auth::authorise(store, auth::Actor::ofSide("british"), kBritish).hasErrors());
        CHECK(auth::authorise(store, auth::Actor::ofSide("american"), wrong).hasCode("AUTH-WRONG"));
        CHECK_FALSE(auth::changePassphrase(store, "british", later, {{"british", kBritish}}).hasErrors());
        CHECK_FALSE(auth::authorise(store, auth::Actor::hostActor(), kHostPass).hasErrors());
        // Still open: the write-ahead log holds the latest pages.
        const std::string all = bytesOf(path) + bytesOf(path + "-wal") + bytesOf(path + "-shm");
        CHECK(all.size() > 100'000);
        for (const auto& secret : {kBritish, kAmerican, kHostPass, wrong, later}) {
            INFO(secret);
            CHECK(all.find(secret) == std::string::npos);
        }
    }
    const std::string all = bytesOf(path) + bytesOf(path + "-wal");
    for (const auto& secret : {kBritish, kAmerican, kHostPass, wrong, later}) {
        INFO(secret);
        CHECK(all.find(secret) == std::string::npos);
    }
}
