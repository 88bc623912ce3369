// SPDX-License-Identifier: GPL-3.0-or-later
// Two weeks of the bundled campaign played by scripted orders for both sides (written from `orders template` with
// routes filled in toward the enemy, decoys placed each week), checking after every day that each side's status
// never names an enemy ME, unit, general or decoy, and shows labels and compositions only where contact or
// scouting gave them (etat-major.md §2.2, §2.3, §8.1.5, §8.6; G-40).
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/reports.hpp"
#include "etatmajor/view/battle_view.hpp"
#include "etatmajor/view/day_report.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"
#include "etatmajor/view/turn_view.hpp"
#include "engine/decoys_db.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/io/orders_xml.hpp"

#include "campaign_db.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <set>

using namespace etatmajor;

namespace {

// Up to `steps` hexes toward the nearest enemy ME, over land, each step getting closer.
std::vector<hex::Offset> towardEnemy(const campaign::CampaignState& s, const campaign::MeState& me, int steps) {
    const campaign::MeState* target = nullptr;
    for (const auto& e : s.mes)
        if (e.onMap && e.side != me.side && (!target || hex::distance(me.hex, e.hex) < hex::distance(me.hex, target->hex)))
            target = &e;
    std::vector<hex::Offset> path;
    if (!target) return path;
    hex::Hex at = me.hex;
    for (int i = 0; i < steps && at != target->hex; ++i) {
        std::optional<hex::Hex> next;
        for (const hex::Hex n : hex::neighbours(at))
            if (s.map.contains(n) && !map::isWater(s.map.terrain(n)) &&
                hex::distance(n, target->hex) < hex::distance(at, target->hex) &&
                (!next || hex::distance(n, target->hex) < hex::distance(*next, target->hex)))
                next = n;
        if (!next) break;
        at = *next;
        path.push_back(s.map.offsets().toOffset(at));
    }
    return path;
}

// The side's orders for today: the template, with every ME marching (or scouting) toward the enemy; routes the
// checks refuse (a river without a crossing, say) are dropped and the orders given again.
void giveOrders(db::CampaignStore& store, const std::string& side) {
    const auto s = db::loadState(store);
    auto f = io::readOrdersString(engine::ordersTemplate(store, side), side + ".xml");
    for (auto& o : f.orders) {
        const auto* me = s.me(o.me);
        REQUIRE(me);
        if (!o.mode || (*o.mode != campaign::Mode::Scouting && *o.mode != campaign::Mode::March)) o.mode = campaign::Mode::March;
        o.onScoutContact = campaign::ScoutContact::Observe;
        o.path = towardEnemy(s, *me, *o.mode == campaign::Mode::Scouting ? 5 : 3);
    }
    if (s.day == 1)  // §2.3: a decoy with each ME of the side, on the week's first day
        for (const auto& me : s.mes)
            if (me.side == side && me.onMap) {
                campaign::DecoyOrder d;
                d.id = me.id + "-decoy-w" + std::to_string(s.week);
                d.place = s.map.offsets().toOffset(me.hex);
                if (f.decoys.size() < 2) f.decoys.push_back(d);
            }
    for (auto& d : f.decoys)
        if (!d.place) d.path = {};
    for (int attempt = 0; attempt < 4; ++attempt) {
        const auto issues = engine::submitOrders(store, f);
        if (!issues.hasErrors()) return;
        for (const auto& i : issues.items()) {
            UNSCOPED_INFO(i.format());
            for (auto& o : f.orders)
                if (i.where && i.where->rfind(o.me + ".", 0) == 0) o.path.clear();
            if (i.code == "ORDERS-STACKING" || i.code == "ORDERS-DECOY") {
                for (auto& o : f.orders) o.path.clear();
                f.decoys.clear();
            }
        }
    }
    FAIL("the orders of " << side << " were refused four times");
}

std::set<std::string> strings(const nlohmann::json& j) {
    std::set<std::string> out;
    if (j.is_string()) out.insert(j.get<std::string>());
    else if (j.is_structured())
        for (const auto& v : j) {
            const auto inner = strings(v);
            out.insert(inner.begin(), inner.end());
        }
    return out;
}

// What `side` may know, checked against the one database.
void checkSideView(db::CampaignStore& store, const std::string& path, const std::string& side, int& labelsSeen, int& intelSeen) {
    const auto s = db::loadState(store);
    const auto doc = nlohmann::json::parse(view::statusJson(store, view::Viewer::ofSide(side)));
    const auto words = strings(doc);
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    int revealed = 0, scouted = 0;
    for (const auto& e : s.mes) {
        if (e.side == side) continue;
        INFO("enemy ME " << e.id << " in the view of " << side);
        CHECK_FALSE(words.count(e.id));
        SQLite::Statement q(
            raw, "SELECT COUNT(*) FROM intel_report WHERE side_id = ? AND detail <> 'nothing' AND (' ' || target_mes || ' ') LIKE ?");
        q.bind(1, side);
        q.bind(2, "% " + e.id + " %");
        q.executeStep();
        const bool wasScouted = q.getColumn(0).getInt() > 0;
        if (e.onMap && wasScouted) ++scouted;
        if (e.revealed && e.onMap) ++revealed;
        if (!e.revealed) CHECK_FALSE(words.count(e.label));  // the name comes only with contact
        for (const auto* u : s.unitsOf(e.id)) {
            CHECK_FALSE(words.count(u->id));
            CHECK_FALSE(words.count(u->name));
        }
        for (const auto* g : s.generalsOf(e.id)) {
            CHECK_FALSE(words.count(g->id));
            CHECK_FALSE(words.count(g->name));
        }
    }
    for (const auto& d : engine::activeDecoys(raw))
        if (d.side != side) CHECK_FALSE(words.count(d.id));

    // The side's other outputs of the per-side model (docs/secrecy.md): its dice, its day's report, its battles, its
    // LOCs and supply. None names an enemy id; none shows a label not yet turned over.
    const auto viewer = view::Viewer::ofSide(side);
    std::set<std::string> enemyIds;
    for (const auto& e : s.mes)
        if (e.side != side) enemyIds.insert(e.id);
    for (const auto& u : s.units)
        if (u.side != side) enemyIds.insert(u.id);
    for (const auto& g : s.generals)
        if (g.side != side) enemyIds.insert(g.id);
    const auto rolls = view::rollsFor(store, viewer);
    for (std::size_t i = 0; i < rolls.size(); ++i) {
        INFO("roll " << rolls[i].purpose << " of " << rolls[i].subject << " in the log of " << side);
        CHECK(rolls[i].sequence == static_cast<std::int64_t>(i) + 1);  // numbered within the side's log
        CHECK_FALSE(enemyIds.count(rolls[i].subject));
        const auto owner = view::rollOwner(store, rolls[i]);
        CHECK((owner.empty() || owner == side));
    }
    const std::string texts[] = {view::dayReportText(view::dayReport(store, viewer)),
                                 view::dayReportJson(view::dayReport(store, viewer)),
                                 view::battleListJson(view::battlesFor(store, viewer), viewer),
                                 view::rollLogText(store, viewer),
                                 engine::locText(store, side),
                                 engine::locJson(store, side),
                                 engine::supplyText(store, side)};
    for (const auto& text : texts) {
        for (const auto& id : enemyIds) {
            // Ids are whole words: "b-legion" must not be found inside "b-legion-horse" (also an enemy id, checked itself).
            for (std::size_t at = text.find(id); at != std::string::npos; at = text.find(id, at + 1)) {
                const auto ok = [&](std::size_t k) {
                    return k >= text.size() ||
                           !(std::isalnum(static_cast<unsigned char>(text[k])) || text[k] == '-' || text[k] == '_');
                };
                const bool whole = (at == 0 || ok(at - 1)) && ok(at + id.size());
                INFO("enemy id " << id << " in an output of " << side << ":\n" << text);
                CHECK_FALSE(whole);
            }
        }
        for (const auto& e : s.mes)
            if (e.side != side && !e.revealed && e.label.size() > 6) {
                INFO("the label of a face-down enemy counter, " << e.label << ", in an output of " << side);
                CHECK(text.find(e.label) == std::string::npos);
            }
    }
    for (const auto& sd : doc["sides"]) {
        if (sd["id"] == side) continue;
        int labels = 0, intel = 0;
        for (const auto& k : sd["counters"]) {
            CHECK(k.contains("label") == !k["faceDown"].get<bool>());
            labels += k.contains("label") ? 1 : 0;
            intel += k.contains("intel") ? 1 : 0;
            CHECK_FALSE(k.contains("units"));
            CHECK_FALSE(k.contains("id"));
        }
        CHECK(labels == revealed);
        CHECK(intel == scouted);
        labelsSeen += labels;
        intelSeen += intel;
    }
}

}  // namespace

TEST_CASE("two weeks of the bundled campaign: each side's status shows only what it may know", "[engine][fog][campaign]") {
    const auto path = test::freshCampaignDb("fog-campaign", "two-weeks", "campaigns/southern-1780.xml", 5);
    auto store = db::CampaignStore::open(path);
    int labels = 0, intel = 0;
    for (int day = 0; day < 14; ++day) {
        while (store.info().phase != campaign::Phase::D2) REQUIRE(engine::advance(store, engine::Step::Phase).ok);
        for (const std::string side : {"british", "american"}) giveOrders(store, side);
        const auto r = engine::advance(store, engine::Step::Day);
        for (const auto& i : r.issues.items()) UNSCOPED_INFO(i.format());
        REQUIRE(r.ok);
        for (const std::string side : {"british", "american"}) checkSideView(store, path, side, labels, intel);
    }
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    CHECK(store.info().week == 3);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM intel_report WHERE detail <> 'nothing'").getInt() >= 1);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM contact").getInt() >= 1);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM decoy").getInt() >= 2);
    CHECK(raw.execAndGet("SELECT COUNT(*) FROM sighting").getInt() >= 1);
    // Contact and scouting did show up in the views on some day.
    CHECK(labels >= 1);
    CHECK(intel >= 1);
}

TEST_CASE("the dice log: the host sees every die, a side its own and the public ones", "[engine][fog][campaign]") {
    const auto path = test::freshCampaignDb("fog-campaign", "dice-log", "campaigns/southern-1780.xml", 11);
    auto store = db::CampaignStore::open(path);
    for (int day = 0; day < 3; ++day) {
        while (store.info().phase != campaign::Phase::D2) REQUIRE(engine::advance(store, engine::Step::Phase).ok);
        for (const std::string side : {"british", "american"}) giveOrders(store, side);
        REQUIRE(engine::advance(store, engine::Step::Day).ok);
    }
    const auto all = view::rollsFor(store, view::Viewer::host());
    const auto british = view::rollsFor(store, view::Viewer::ofSide("british"));
    const auto american = view::rollsFor(store, view::Viewer::ofSide("american"));
    std::size_t publicRolls = 0, britishOwn = 0, americanOwn = 0;
    for (const auto& r : all) {
        const auto owner = view::rollOwner(store, r);
        publicRolls += owner.empty() ? 1 : 0;
        britishOwn += owner == "british" ? 1 : 0;
        americanOwn += owner == "american" ? 1 : 0;
    }
    // Every die of the host's log is someone's or public, and each side's log is exactly its own plus the public ones.
    CHECK(publicRolls + britishOwn + americanOwn == all.size());
    CHECK(publicRolls >= 6);  // weather and wind, every day
    CHECK(britishOwn > 0);
    CHECK(americanOwn > 0);  // receipt rolls of both sides: the logs differ
    CHECK(british.size() == publicRolls + britishOwn);
    CHECK(american.size() == publicRolls + americanOwn);
    // The weather is the same die in every log.
    const auto weather = [](const std::vector<dice::RollRecord>& rs) {
        std::vector<int> out;
        for (const auto& r : rs)
            if (r.purpose == "weather") out.push_back(r.result);
        return out;
    };
    CHECK(weather(british) == weather(all));
    CHECK(weather(american) == weather(all));
    CHECK_THROWS_AS(view::rollsFor(store, view::Viewer::ofSide("french")), db::StoreError);
}

TEST_CASE("the dice log: a side's die about an enemy ME names it only as the enemy", "[engine][fog][campaign]") {
    // §8.6.3, G-38: a misstated count is rolled by the side its scouts inform, about the enemy ME they saw. The die is
    // the informed side's, but the enemy's internal id is never for that side (§2.2).
    const auto path = test::freshCampaignDb("fog-campaign", "misstated", "campaigns/southern-1780.xml", 3);
    auto store = db::CampaignStore::open(path);
    store.transaction([&] {
        dice::RollRecord r;
        r.sequence = store.nextRollSequence();
        r.week = 1;
        r.day = 1;
        r.phase = "D4";
        r.subject = "b-rawdon";  // a British ME
        r.purpose = "misstated count";
        r.rule = "etat-major.md §8.6.3";
        r.expression = "1d5-3";
        r.faces = {2};
        r.modifier = -3;
        r.result = -1;
        r.side = "american";
        store.rollLog().record(r);
    });
    const auto find = [](const std::vector<dice::RollRecord>& rs) {
        for (const auto& r : rs)
            if (r.purpose == "misstated count") return std::optional<dice::RollRecord>(r);
        return std::optional<dice::RollRecord>();
    };
    const auto host = find(view::rollsFor(store, view::Viewer::host()));
    const auto american = find(view::rollsFor(store, view::Viewer::ofSide("american")));
    const auto british = find(view::rollsFor(store, view::Viewer::ofSide("british")));
    REQUIRE(host);
    CHECK(host->subject == "b-rawdon");
    REQUIRE(american);  // the American die, in the American log
    CHECK(american->subject == "enemy");
    CHECK(american->result == -1);
    CHECK_FALSE(british);  // not the British die
    CHECK(view::rollLogJson(store, view::Viewer::ofSide("american")).find("b-rawdon") == std::string::npos);
}

TEST_CASE("a side is told why a phase did not run only where every side may know it; the host is told everything", "[engine][fog]") {
    core::IssueList issues;
    issues.error("ORDERS-MISSING", "american has not given today's orders nor stood fast");
    issues.error("RESOLVER-FAILED", "battle 2: unit b-legion-horse of ME b-tarleton cannot be placed", 0, "b-tarleton");
    issues.warning("INVARIANT-STACKING", "hex 4,7 holds b-tarleton and b-guards");
    issues.error("BATTLE-TABLETOP", "battle 3 waits for its tabletop result");

    const auto british = view::phaseRefusalFor(view::Viewer::ofSide("british"), issues);
    REQUIRE(british.items().size() == 3);
    CHECK(british.items()[0].message == "american has not given today's orders nor stood fast");
    CHECK(british.items()[1].code == "RESOLVER-FAILED");
    CHECK(british.items()[1].message == "the next phase cannot run yet; the host can see why");
    CHECK_FALSE(british.items()[1].where.has_value());
    CHECK(british.items()[2].code == "BATTLE-TABLETOP");
    for (const auto& i : british.items()) CHECK(i.message.find("b-") == std::string::npos);

    const auto host = view::phaseRefusalFor(view::Viewer::host(), issues);
    REQUIRE(host.items().size() == 4);
    CHECK(host.items()[1].message == issues.items()[1].message);
    CHECK(host.items()[2].severity == core::Severity::Warning);
}
