// SPDX-License-Identifier: GPL-3.0-or-later
// G-06 phase_order: the night's fall-backs after battles (D11) alternate with the initiative side first under the
// body's order, and are simultaneous under the chart's (etat-major.md §6, §8.11.4).
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/state_store.hpp"
#include "engine/battles_db.hpp"

#include "campaign_db.hpp"

#include "raw_edit.hpp"

#include <catch2/catch.hpp>
#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>

using namespace etatmajor;

namespace {

bool land(const campaign::CampaignState& s, hex::Hex h) {
    if (!s.map.contains(h)) return false;
    const auto t = s.map.terrain(h);
    return t != map::Terrain::Lake && t != map::Terrain::Sea;
}

// Whether `n` is the one land neighbour of `from` nearest to `target`, `blocked` left out.
bool uniqueNearest(const campaign::CampaignState& s, hex::Hex from, hex::Hex n, hex::Hex target, hex::Hex blocked) {
    const int d = hex::distance(n, target);
    for (const hex::Hex m : hex::neighbours(from))
        if (m != n && m != blocked && land(s, m) && hex::distance(m, target) <= d) return false;
    return true;
}

struct Layout {
    hex::Hex n, h1, h2;
};

// Two battle hexes next to one hex n that is, for the beaten ME of each, the way back toward `target`.
Layout findLayout(const campaign::CampaignState& s, hex::Hex target) {
    for (const hex::Hex n : s.map.allHexes()) {
        if (!land(s, n) || hex::distance(n, target) < 6) continue;
        const auto around = hex::neighbours(n);
        for (const hex::Hex h1 : around)
            for (const hex::Hex h2 : around) {
                if (h1 == h2 || !land(s, h1) || !land(s, h2)) continue;
                if (uniqueNearest(s, h1, n, target, h2) && uniqueNearest(s, h2, n, target, h1)) return {n, h1, h2};
            }
    }
    FAIL("no layout on the map");
    return {};
}

// Fights nothing: two battles already resolved on the map, then the night (D11) under the given options.
campaign::CampaignState night(const std::string& name, std::vector<std::string> options, Layout& layout) {
    const auto path = test::freshCampaignDb("phase-order", name, "campaigns/southern-1780.xml", 5, std::move(options));
    auto store = db::CampaignStore::open(path);
    auto s = db::loadState(store);
    const auto* camden = s.urbanArea("camden");
    REQUIRE(camden);
    layout = findLayout(s, camden->hex);
    // Everybody else far away; both beaten MEs make for Camden.
    for (auto& me : s.mes) {
        me.onMap = false;
        if (me.id == "b-rawdon") me.hex = layout.h1, me.onMap = true;    // beaten in battle 2
        if (me.id == "a-maryland") me.hex = layout.h1, me.onMap = true;  // wins battle 2
        if (me.id == "a-caswell") me.hex = layout.h2, me.onMap = true;   // beaten in battle 1
        if (me.id == "b-tarleton") me.hex = layout.h2, me.onMap = true;  // wins battle 1
        me.supplySource = "camden";
    }
    for (auto& side : s.sides) side.hasInitiative = side.id == "british";
    etatmajor::test::RawEdit db(path);
    auto battle = [&](int id, hex::Hex h, const std::string& winner, const std::vector<std::pair<std::string, std::string>>& mes) {
        SQLite::Statement b(db, "INSERT INTO battle (id, week, day, q, r, kind, status, winner, field_holder) "
                                "VALUES (?, ?, ?, ?, ?, 'battle', 'resolved', ?, ?)");
        b.bind(1, id);
        b.bind(2, s.week);
        b.bind(3, s.day);
        b.bind(4, h.q);
        b.bind(5, h.r);
        b.bind(6, winner);
        b.bind(7, winner);
        b.exec();
        for (const auto& [me, side] : mes) {
            SQLite::Statement p(
                db, "INSERT INTO battle_participant (battle_id, me_id, side_id, arrival_turn, mode, moved, allowance, how) "
                    "VALUES (?, ?, ?, 1, 'march', 1, 4, 'contact')");
            p.bind(1, id);
            p.bind(2, me);
            p.bind(3, side);
            p.exec();
        }
    };
    // Battle 1 (the American beaten) comes before battle 2 (the British beaten) in the order they were found.
    battle(1, layout.h2, "british", {{"a-caswell", "american"}, {"b-tarleton", "british"}});
    battle(2, layout.h1, "american", {{"b-rawdon", "british"}, {"a-maryland", "american"}});
    std::vector<std::string> lines;
    engine::runBattleNight(db, s, lines);
    for (const auto& l : lines) UNSCOPED_INFO(l);
    return s;
}

hex::Hex where(const campaign::CampaignState& s, const std::string& me) {
    const auto* m = s.me(me);
    REQUIRE(m);
    return m->hex;
}

}  // namespace

TEST_CASE("G-06 phase_order: the night's fall-backs, initiative side first (body) or simultaneous (chart)",
          "[engine][battle][variant]") {
    Layout layout;
    // Body: the British hold the initiative, so Rawdon falls back first, into n; Caswell, whose way back is n too,
    // finds the enemy there and goes elsewhere.
    {
        const auto s = night("body", {}, layout);
        CHECK(where(s, "b-rawdon") == layout.n);
        CHECK(where(s, "a-caswell") != layout.n);
        CHECK(where(s, "a-caswell") != layout.h2);  // it still fell back
    }
    // Chart: both choose from the positions at nightfall, when n was empty, and both end there.
    {
        const auto s = night("chart", {"phase_order=chart"}, layout);
        CHECK(where(s, "b-rawdon") == layout.n);
        CHECK(where(s, "a-caswell") == layout.n);
    }
}
