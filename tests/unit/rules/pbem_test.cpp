// SPDX-License-Identifier: GPL-3.0-or-later
// Play by e-mail (docs/pbem.md, pbem/turn.hpp, pbem/audit.hpp): two weeks played by packets written to files and read
// back end in the same game as the same orders and shares handed over in memory, and the audit verifies it; each kind
// of cheating the packets and the chain are made to catch is caught.
#include "db/store_impl.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/chain.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/battles.hpp"
#include "etatmajor/engine/commands.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/pbem.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/pbem/audit.hpp"
#include "etatmajor/pbem/packet.hpp"
#include "etatmajor/pbem/turn.hpp"

#include "campaign_db.hpp"
#include "march_path.hpp"
#include "table_result.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include <unistd.h>

using namespace etatmajor;
namespace fs = std::filesystem;

namespace {

struct Keys {
    auth::SecretKeys host = auth::SecretKeys::generate("host");
    auth::SecretKeys british = auth::SecretKeys::generate("british");
    auth::SecretKeys american = auth::SecretKeys::generate("american");
    const auth::SecretKeys& of(const std::string& side) const { return side == "british" ? british : american; }
};

const Keys& keys() {
    static const Keys k;
    return k;
}

// One folder a process: the test cases run as processes of their own, side by side.
fs::path scratch() {
    const auto dir = fs::temp_directory_path() / ("etatmajor-pbem-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
}

void registerKeys(db::CampaignStore& store) {
    for (const auto* k : {&keys().host, &keys().british, &keys().american}) {
        const auto& p = k->publicKeys();
        const auto r = engine::execute(store, engine::RegisterKey{p.who, p.sign, p.box});
        for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
        REQUIRE(r.ok());
    }
}

std::string campaignWithKeys(const std::string& name, std::uint64_t seed) {
    const auto path = test::freshCampaignDb("pbem", name, "campaigns/southern-1780.xml", seed);
    auto store = db::CampaignStore::open(path);
    registerKeys(store);
    return path;
}

// The side's orders for the day as a player writes them against the template: every ME marches a few hexes toward the
// nearest enemy it knows of (read here from the host's campaign, which stands for the player's map work).
std::string ordersFor(db::CampaignStore& store, const std::string& side) {
    const auto s = db::loadState(store);
    auto f = io::readOrdersString(engine::ordersTemplate(store, side), side + "-orders.xml");
    for (auto& o : f.orders) {
        const auto* me = s.me(o.me);
        if (!me || (o.mode && *o.mode == campaign::Mode::Reorganisation)) continue;
        const auto target = test::nearestEnemy(s, me->hex, side);
        if (!target) continue;
        o.mode = campaign::Mode::March;
        o.path = test::toward(s, me->hex, *target, 2);
        o.intentions = "Close with the enemy.";
    }
    // A route the rules refuse (a river without a ford) is given up for a day's forage in place, as a player would.
    if (engine::validate(store, engine::SubmitOrders{f}).hasErrors())
        for (auto& o : f.orders)
            if (!o.path.empty()) {
                o.path.clear();
                o.mode.reset();
            }
    return io::writeOrdersString(f);
}

std::string fileText(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}
void writeText(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
}

// How packets travel: through files (as by e-mail) or handed over in memory.
using Carry = std::function<std::string(const std::string& name, const std::string& text)>;

void requireOk(const engine::CommandResult& r) {
    for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
    REQUIRE(r.ok());
}

// One day's packets: each side's turn packet, its orders sealed; then each side's turn packet again, its share
// revealed. Returns the turn packets the sides were sent.
std::vector<std::string> playDay(db::CampaignStore& store, const Carry& carry, const std::map<std::string, std::string>& orders) {
    std::vector<std::string> sent;
    const auto& k = keys();
    for (const auto& side : {std::string("british"), std::string("american")}) {
        const auto turn = carry(side + "-turn.pkt", pbem::exportTurnPacket(store, side, k.host));
        sent.push_back(turn);
        const auto opened = pbem::openTurnPacket(turn, side + "-turn.pkt", k.of(side), k.host.publicKeys());
        const auto sealed = carry(side + "-orders.pkt", pbem::sealOrders(opened, orders.at(side), side + "-orders.xml", k.of(side)));
        requireOk(pbem::importPacket(store, sealed, side + "-orders.pkt", k.host));
    }
    for (const auto& side : {std::string("british"), std::string("american")}) {
        const auto turn = carry(side + "-turn2.pkt", pbem::exportTurnPacket(store, side, k.host));
        sent.push_back(turn);
        const auto opened = pbem::openTurnPacket(turn, side + "-turn2.pkt", k.of(side), k.host.publicKeys());
        REQUIRE(opened.allCommitted());
        const auto reveal = carry(side + "-reveal.pkt", pbem::revealShare(opened, k.of(side)));
        requireOk(pbem::importPacket(store, reveal, side + "-reveal.pkt", k.host));
    }
    return sent;
}

// Advances both campaigns in step until `days` days have run, each day's orders written once (against `a`) and given
// to both; returns the turn packets `a`'s sides were sent.
std::vector<std::string> playInStep(db::CampaignStore& a, const Carry& carryA, db::CampaignStore& b, const Carry& carryB, int days) {
    std::vector<std::string> sent;
    int played = 0;
    for (int guard = 0; guard < 400 && played < days; ++guard) {
        const auto ra = engine::advance(a, engine::Step::Week);
        const auto rb = engine::advance(b, engine::Step::Week);
        REQUIRE(ra.issues.items().size() == rb.issues.items().size());
        if (ra.ended) break;
        if (ra.issues.hasCode("ORDERS-MISSING")) {
            REQUIRE(rb.issues.hasCode("ORDERS-MISSING"));
            const std::map<std::string, std::string> orders{{"british", ordersFor(a, "british")},
                                                            {"american", ordersFor(a, "american")}};
            auto day = playDay(a, carryA, orders);
            sent.insert(sent.end(), day.begin(), day.end());
            playDay(b, carryB, orders);
            ++played;
        } else if (ra.issues.hasCode("BATTLE-TABLETOP")) {
            for (auto& battle : engine::listBattles(a))
                if (battle.status == "tabletop") {
                    const auto text = test::tableResult(a, battle);
                    requireOk(engine::execute(a, engine::EnterBattleResult{battle.id, "result.xml", text}));
                    requireOk(engine::execute(b, engine::EnterBattleResult{battle.id, "result.xml", text}));
                }
        } else {
            for (const auto& i : ra.issues.items()) UNSCOPED_INFO(i.format());
            REQUIRE(ra.ok);
        }
    }
    REQUIRE(played == days);
    return sent;
}

// The tables of the game itself: all but the logs of commands and packets, which hold each packet's own random salt
// and sealed body, and what describes them.
std::map<std::string, std::string> gameTables(const db::CampaignStore& store) {
    static const std::set<std::string> left{"command_log", "pbem_seen", "pbem_share"};
    std::map<std::string, std::string> out;
    for (const auto& [table, digest] : db::tableDigests(store))
        if (!left.count(table)) out[table] = digest;
    return out;
}

std::string copyOf(const std::string& path, const std::string& name) {
    const auto to = (scratch() / name).string();
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(to + suffix);
    {
        auto store = db::CampaignStore::open(path, true);
        store.impl().db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    fs::copy_file(path, to);
    return to;
}

pbem::AuditResult audit(const std::string& path, std::vector<std::pair<std::string, std::string>> packets = {}) {
    pbem::AuditOptions options;
    options.scratchPath = (scratch() / "audit-replay.db").string();
    options.packets = std::move(packets);
    auto r = pbem::auditCampaign(path, options);
    for (const auto& c : r.checked) UNSCOPED_INFO("checked: " << c);
    UNSCOPED_INFO("failure: " << r.failure);
    return r;
}

// Changes the campaign as a host who edits its file would, then records the state's checksum as Etat-Major would, so
// that nothing but the audit can notice.
void editBehindItsBack(const std::string& path, const std::string& sql) {
    SQLite::Database d(path, SQLite::OPEN_READWRITE);
    SQLite::Transaction t(d);
    d.exec(sql);
    db::recordStateChecksum(d);
    t.commit();
}

// A campaign one day into play by packets, and what its sides were sent.
struct OneDay {
    std::string path, twin;
    std::vector<std::string> sent;
};
OneDay oneDayPlayed(const std::string& name) {
    OneDay d;
    d.path = campaignWithKeys(name, 31);
    d.twin = campaignWithKeys(name + "-twin", 31);
    auto a = db::CampaignStore::open(d.path);
    auto b = db::CampaignStore::open(d.twin);
    const Carry inMemory = [](const std::string&, const std::string& text) { return text; };
    d.sent = playInStep(a, inMemory, b, inMemory, 1);
    return d;
}

// A packet's header as a British packet of week 1 day 1 of `campaign` would have it, for packets made by hand.
pbem::PacketHeader britishHeader(const std::string& kind, const std::string& campaign) {
    pbem::PacketHeader h;
    h.kind = kind;
    h.campaign = campaign;
    h.side = "british";
    h.week = 1;
    h.day = 1;
    return h;
}

}  // namespace

TEST_CASE("two weeks by packets only end in the game the same orders and shares give in memory, and the audit verifies it",
          "[pbem][long]") {
    const auto byPackets = campaignWithKeys("by-packets", 1780);
    const auto inMemory = campaignWithKeys("in-memory", 1780);
    auto a = db::CampaignStore::open(byPackets);
    auto b = db::CampaignStore::open(inMemory);
    const auto mail = scratch() / "mail";
    fs::create_directories(mail);
    // Through files, as by e-mail: written, then read back.
    const Carry byFile = [&](const std::string& name, const std::string& text) {
        writeText(mail / name, text);
        return fileText(mail / name);
    };
    const Carry handOver = [](const std::string&, const std::string& text) { return text; };
    const auto sent = playInStep(a, byFile, b, handOver, 14);

    CHECK(a.info().week == b.info().week);
    CHECK(a.info().day == b.info().day);
    CHECK(a.rolls().size() == b.rolls().size());
    CHECK(db::tableDigests(a).at("event_log") == db::tableDigests(b).at("event_log"));  // the same dice, to the last
    CHECK(gameTables(a) == gameTables(b));
    // Every day's dice came from both sides' shares: each keyed side revealed one for each of the 14 days.
    int revealed = 0;
    for (int week = 1; week <= 3; ++week)
        for (int day = 1; day <= 7; ++day)
            for (const auto& s : engine::dayShares(a, week, day)) revealed += s.share.empty() ? 0 : 1;
    CHECK(revealed == 28);

    std::vector<std::pair<std::string, std::string>> held;
    for (std::size_t i = 0; i < sent.size(); i += 7) held.emplace_back("turn-" + std::to_string(i) + ".pkt", sent[i]);
    const auto r = audit(byPackets, held);
    CHECK(r.verified);
    CHECK(r.failure.empty());
}

TEST_CASE("the day's dice depend on both sides' shares", "[pbem]") {
    // The same campaign and orders with other keys give other shares, and so other dice from the orders phase on.
    const auto one = oneDayPlayed("shares-one");
    auto store = db::CampaignStore::open(one.path);
    const auto shares = engine::dayShares(store, 1, 1);
    REQUIRE(shares.size() == 2);
    const auto mixed = engine::mixShares(7, 1, 1, 1, shares);
    auto other = shares;
    other[0].share = std::string(64, 'a');
    CHECK(engine::mixShares(7, 1, 1, 1, other) != mixed);
    other = shares;
    other[1].forfeited = true;
    CHECK(engine::mixShares(7, 1, 1, 1, other) != mixed);
    CHECK(engine::mixShares(8, 1, 1, 1, shares) != mixed);
}

TEST_CASE("a changed, replayed, misdated or wrongly signed packet is refused, naming why", "[pbem][hostile]") {
    const auto& k = keys();
    const auto path = campaignWithKeys("hostile", 5);
    auto store = db::CampaignStore::open(path);
    REQUIRE(engine::advance(store, engine::Step::Week).issues.hasCode("ORDERS-MISSING"));
    const auto turn = pbem::exportTurnPacket(store, "british", k.host);
    const auto opened = pbem::openTurnPacket(turn, "turn.pkt", k.british, k.host.publicKeys());
    const auto sealed = pbem::sealOrders(opened, ordersFor(store, "british"), "orders.xml", k.british);

    SECTION("one byte changed") {
        // A character of the base64 body, well inside it, becomes another character of the alphabet.
        for (std::size_t at : {std::size_t(120), sealed.size() / 2, sealed.size() - 20}) {
            auto changed = sealed;
            while (changed[at] == '\n') ++at;
            changed[at] = changed[at] == 'A' ? 'B' : 'A';
            const auto r = pbem::importPacket(store, changed, "orders.pkt", k.host);
            CHECK_FALSE(r.ok());
            CHECK((r.issues.hasCode("PACKET-ALTERED") || r.issues.hasCode("PACKET-FORMAT")));
        }
        CHECK(engine::dayShares(store, 1, 1).front().commitment.empty());
    }
    SECTION("replayed on the same day, and on a later day") {
        requireOk(pbem::importPacket(store, sealed, "orders.pkt", k.host));
        const auto again = pbem::importPacket(store, sealed, "orders.pkt", k.host);
        CHECK(again.issues.hasCode("PACKET-REPLAYED"));
        // The day runs (the Americans stand fast for want of a share), then the same packet comes again.
        engine::AdvanceOptions standFast;
        standFast.standFastMissing = true;
        REQUIRE(engine::advance(store, engine::Step::Phase, standFast).ok);
        CHECK(engine::dayShares(store, 1, 1)[1].forfeited);
        CHECK(engine::dayShares(store, 1, 1)[0].forfeited);  // the British did not reveal either
        for (int i = 0; i < 40 && store.info().day == 1; ++i) REQUIRE(engine::advance(store, engine::Step::Phase).ok);
        const auto later = pbem::importPacket(store, sealed, "orders.pkt", k.host);
        CHECK(later.issues.hasCode("PACKET-WRONG-DAY"));
        CHECK(later.issues.items().front().message.find("week 1 day 1") != std::string::npos);
    }
    SECTION("signed by the other side") {
        auto h = britishHeader("orders", opened.header.campaign);
        h.commitment = std::string(64, '0');
        const auto forged = pbem::packetText(pbem::makePacket(h, ordersFor(store, "british"), k.american, k.host.publicKeys()));
        const auto r = pbem::importPacket(store, forged, "forged.pkt", k.host);
        CHECK(r.issues.hasCode("PACKET-WRONG-SIGNER"));
        CHECK(r.issues.items().front().message.find("'american'") != std::string::npos);
    }
    SECTION("a share other than the one committed to") {
        requireOk(pbem::importPacket(store, sealed, "orders.pkt", k.host));
        auto h = britishHeader("reveal", opened.header.campaign);
        h.share = std::string(64, '7');
        const auto r = pbem::importPacket(store, pbem::packetText(pbem::makePacket(h, "", k.british, std::nullopt)), "reveal.pkt",
                                          k.host);
        CHECK(r.issues.hasCode("DICE-SHARE-MISMATCH"));
    }
    SECTION("a reveal before every side has committed is refused by the side's own program") {
        requireOk(pbem::importPacket(store, sealed, "orders.pkt", k.host));
        const auto now = pbem::openTurnPacket(pbem::exportTurnPacket(store, "british", k.host), "turn.pkt", k.british);
        CHECK_FALSE(now.allCommitted());
        CHECK_THROWS_AS(pbem::revealShare(now, k.british), pbem::PacketError);
    }
    SECTION("a turn packet opened by the wrong side, or changed") {
        CHECK_THROWS_AS(pbem::openTurnPacket(turn, "turn.pkt", k.american), pbem::PacketError);
        auto changed = turn;
        changed[turn.size() / 2] = changed[turn.size() / 2] == 'Q' ? 'R' : 'Q';
        CHECK_THROWS_AS(pbem::openTurnPacket(changed, "turn.pkt", k.british), pbem::PacketError);
        CHECK_THROWS_AS(pbem::openTurnPacket(turn, "turn.pkt", k.british, k.american.publicKeys()), pbem::PacketError);
    }
}

TEST_CASE("the audit names the first record that does not match and why", "[pbem][audit]") {
    const auto day = oneDayPlayed("audit");
    std::vector<std::pair<std::string, std::string>> held{{"first.pkt", day.sent.front()}};
    REQUIRE(audit(day.path, held).verified);

    SECTION("an order changed in the database after the day ran") {
        const auto copy = copyOf(day.path, "audit-order.db");
        editBehindItsBack(copy, "UPDATE order_sheet SET body = replace(body, '\"march\"', '\"forage\"') "
                                "WHERE id = (SELECT MIN(id) FROM order_sheet)");
        const auto r = audit(copy);
        CHECK_FALSE(r.verified);
        CHECK(r.failure.find("order_sheet") != std::string::npos);
    }
    SECTION("a die changed in the log") {
        const auto copy = copyOf(day.path, "audit-die.db");
        editBehindItsBack(copy, "UPDATE event_log SET result = result + 1 WHERE seq = (SELECT MAX(seq) FROM event_log)");
        const auto r = audit(copy);
        CHECK_FALSE(r.verified);
        CHECK(r.failure.find("a die was changed") != std::string::npos);
        CHECK(r.failure.rfind("record ", 0) == 0);
    }
    SECTION("the host re-running the day with another share") {
        // The host, with both reveals in, puts a share of its own choosing in the British one's place (fixing the
        // checksum as the program would) and runs the day: the chain holds together, but the replay, which takes the
        // shares from the sides' signed reveals, does not roll the same dice.
        const auto path = campaignWithKeys("audit-rerun", 31);
        {
            auto store = db::CampaignStore::open(path);
            REQUIRE(engine::advance(store, engine::Step::Week).issues.hasCode("ORDERS-MISSING"));
            const std::map<std::string, std::string> orders{{"british", ordersFor(store, "british")},
                                                            {"american", ordersFor(store, "american")}};
            playDay(
                store, [](const std::string&, const std::string& text) { return text; }, orders);
        }
        editBehindItsBack(path, "UPDATE pbem_share SET share = '" + std::string(64, 'c') + "' WHERE side = 'british'");
        {
            auto store = db::CampaignStore::open(path);
            for (int i = 0; i < 40 && store.info().day == 1; ++i) REQUIRE(engine::advance(store, engine::Step::Phase).ok);
        }
        const auto r = audit(path);
        CHECK_FALSE(r.verified);
        // The first record the replay does not reach is the orders phase's, where the share went into the dice.
        CHECK(r.failure.find("phase.D2") != std::string::npos);
        CHECK(r.failure.find("the replay") != std::string::npos);
    }
    SECTION("a history rewritten after a side was sent its packet") {
        // The same campaign played again from its start (the same set-up, seed and keys: the same campaign to every
        // packet), its day run on other packets: the head a side was sent from the rerun is not in the first one's
        // chain.
        auto rerun = db::CampaignStore::open(day.twin);
        const auto otherHead = pbem::exportTurnPacket(rerun, "british", keys().host);
        const auto r = audit(day.path, {{"rerun.pkt", otherHead}});
        CHECK_FALSE(r.verified);
        CHECK(r.failure.find("rewritten") != std::string::npos);
    }
}
