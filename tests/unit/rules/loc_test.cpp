// SPDX-License-Identifier: GPL-3.0-or-later
// etat-major.md §9.5 lines of communication: the §16.2 worked example, each variant key, and a comparison with a
// plain one-search-per-ME reference on many random networks.
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/rules/loc.hpp"
#include "fixtures.hpp"

#include <catch2/catch.hpp>

#include <deque>
#include <set>

using namespace etatmajor;
using namespace etatmajor::test;
using rules::LocProblem;

namespace {

map::Map blankMap(int width, int height) {
    map::MapMetadata meta;
    meta.id = "t";
    meta.name = "t";
    meta.width = width;
    meta.height = height;
    return map::Map(meta, map::Terrain::Clear);
}

hex::Hex at(const map::Map& m, int col, int row) { return m.offsets().toHex({col, row}); }

UrbanState town(const std::string& id, hex::Hex h, const std::string& controller) {
    UrbanState u;
    u.id = id;
    u.name = id;
    u.hex = h;
    u.controller = controller;
    u.rawRoll = 8;
    return u;
}

// §16.1: R1..R6 west to east along a major road; Rugeley's Mill (R1, American), Camden (R6, British).
CampaignState strip() {
    CampaignState s;
    s.map = blankMap(6, 1);
    std::vector<hex::Hex> road;
    for (int c = 0; c < 6; ++c) road.push_back(at(s.map, c, 0));
    s.map.routes().push_back({"road", "Road", map::LinkKind::MajorRoad, road, 0});
    s.map.rebuildLinks();
    s.sides = {{"british", "British", 0, 0, 0, 0, false, false, 0, ""}, {"american", "American", 1, 0, 0, 0, false, false, 0, ""}};
    s.urban = {town("rugeley", road[0], "american"), town("camden", road[5], "british")};
    s.mes = {me("BL", "british", road[1], "camden", Mode::Scouting), me("VA", "american", road[3], "rugeley")};
    return s;
}

// A copy: callers often look into a trace's result that is gone by the next statement.
rules::MeLoc find(const std::vector<rules::MeLoc>& locs, const std::string& id) {
    for (const auto& l : locs)
        if (l.me == id) return l;
    throw std::runtime_error("no LOC for " + id);
}

}  // namespace

TEST_CASE("§16.2 worked example: both LOCs on the strip are cut by the enemy ME", "[rules][loc][example]") {
    auto s = strip();
    const rules::LocNetwork net(s.map, s.options);
    CHECK(net.nodeCount() == 6);
    CHECK(net.edgeCount() == 10);
    const auto american = net.trace(s, "american");
    const auto& va = find(american, "VA");
    CHECK_FALSE(va.valid);
    CHECK(va.problem == LocProblem::Cut);
    CHECK(va.cutBy == std::vector<std::string>{"BL"});
    const auto& bl = find(net.trace(s, "british"), "BL");
    CHECK_FALSE(bl.valid);
    CHECK(bl.problem == LocProblem::Cut);
    CHECK(bl.cutBy == std::vector<std::string>{"VA"});

    // With the enemy gone, the path runs along the road to the source.
    s.mes.erase(s.mes.begin());
    const auto& free = find(net.trace(s, "american"), "VA");
    REQUIRE(free.valid);
    CHECK(free.path == std::vector<hex::Hex>{at(s.map, 3, 0), at(s.map, 2, 0), at(s.map, 1, 0), at(s.map, 0, 0)});
}

TEST_CASE("G-91: a co-located enemy cuts; an enemy in the source hex denies it; control matters", "[rules][loc]") {
    auto s = strip();
    s.mes[0].hex = at(s.map, 3, 0);  // BL joins VA in R4
    const rules::LocNetwork net(s.map, s.options);
    const auto& va = find(net.trace(s, "american"), "VA");
    CHECK(va.problem == LocProblem::OwnHexOccupied);
    CHECK(va.cutBy == std::vector<std::string>{"BL"});

    auto lax = s;
    CHECK_FALSE(lax.options.set("loc_cut_colocated", "no").has_value());
    const rules::LocNetwork laxNet(lax.map, lax.options);
    CHECK(find(laxNet.trace(lax, "american"), "VA").valid);  // leaves its hex by the road west

    s.mes[0].hex = at(s.map, 0, 0);  // BL in Rugeley's Mill
    CHECK(find(net.trace(s, "american"), "VA").problem == LocProblem::SourceOccupied);
    s.mes[0].hex = at(s.map, 5, 0);
    s.urban[0].controller = "british";
    CHECK(find(net.trace(s, "american"), "VA").problem == LocProblem::SourceNotControlled);
    s.urban[0].controller = "american";
    s.mes[1].supplySource = "nowhere";
    CHECK(find(net.trace(s, "american"), "VA").problem == LocProblem::SourceUnknown);
}

TEST_CASE("G-90: reaching the network from an adjacent hex, chains through friends, and strict tracing", "[rules][loc]") {
    // Road along row 0 of a 6 x 4 map; source at its west end.
    auto s = strip();
    s.map = blankMap(6, 4);
    std::vector<hex::Hex> road;
    for (int c = 0; c < 6; ++c) road.push_back(at(s.map, c, 0));
    s.map.routes() = {{"road", "Road", map::LinkKind::MajorRoad, road, 0}};
    s.map.rebuildLinks();
    s.urban = {town("rugeley", road[0], "american"), town("camden", road[5], "british")};
    s.mes = {me("A1", "american", at(s.map, 3, 1), "rugeley"),   // one hex off the road
             me("A2", "american", at(s.map, 3, 2), "rugeley"),   // two hexes off, next to A1
             me("A3", "american", at(s.map, 3, 3), "rugeley")};  // next to A2
    const rules::LocNetwork net(s.map, s.options);
    auto locs = net.trace(s, "american");
    CHECK(find(locs, "A1").valid);
    CHECK(find(locs, "A1").viaMe.empty());
    CHECK(find(locs, "A2").valid);
    CHECK(find(locs, "A2").viaMe == "A1");
    CHECK(find(locs, "A3").valid);
    CHECK(find(locs, "A3").viaMe == "A2");
    CHECK(find(locs, "A3").path.front() == at(s.map, 3, 3));
    CHECK(find(locs, "A3").path.back() == road[0]);

    auto adjacent = s;
    CHECK_FALSE(adjacent.options.set("loc_trace", "adjacent").has_value());
    locs = rules::LocNetwork(adjacent.map, adjacent.options).trace(adjacent, "american");
    CHECK(find(locs, "A1").valid);
    CHECK(find(locs, "A2").problem == LocProblem::NotOnNetwork);

    auto strict = s;
    CHECK_FALSE(strict.options.set("loc_trace", "strict").has_value());
    locs = rules::LocNetwork(strict.map, strict.options).trace(strict, "american");
    CHECK(find(locs, "A1").problem == LocProblem::NotOnNetwork);

    // An unfordable river between A1 and the road keeps it off the network; a bridge lets it through.
    auto river = s;
    const int dir = hex::directionTo(at(river.map, 3, 1), road[3]);
    REQUIRE(dir >= 0);
    const int dir2 = hex::directionTo(at(river.map, 3, 1), road[4]);
    REQUIRE(dir2 >= 0);
    river.map.rivers().push_back(
        {"r", "River", map::Watercourse::River, false, false, {{at(river.map, 3, 1), dir}, {at(river.map, 3, 1), dir2}}, 0});
    river.map.rebuildHexsides();
    river.mes.resize(1);
    locs = rules::LocNetwork(river.map, river.options).trace(river, "american");
    CHECK(find(locs, "A1").problem == LocProblem::NotOnNetwork);
    river.map.crossings().push_back({{at(river.map, 3, 1), dir}, map::Crossing::Bridge, "", 0});
    river.map.rebuildHexsides();
    locs = rules::LocNetwork(river.map, river.options).trace(river, "american");
    CHECK(find(locs, "A1").valid);
}

TEST_CASE("G-89: tracks carry LOCs by default but not under road_navriver", "[rules][loc]") {
    auto s = strip();
    s.map.routes()[0].kind = map::LinkKind::MinorRoad;
    s.map.rebuildLinks();
    s.mes.erase(s.mes.begin());
    CHECK(find(rules::LocNetwork(s.map, s.options).trace(s, "american"), "VA").valid);
    CHECK_FALSE(s.options.set("loc_media", "road_navriver").has_value());
    // Without the track there is no network near VA at all.
    CHECK(find(rules::LocNetwork(s.map, s.options).trace(s, "american"), "VA").problem == LocProblem::NotOnNetwork);
}

namespace {

// The reference: one plain breadth-first search per ME over hex adjacency, exactly as §9.5 reads (loc_trace =
// adjacent, no chains), to compare with the single multi-source search.
bool referenceValid(const CampaignState& s, const MeState& m, const rules::LocNetwork& net, const std::string& media) {
    std::set<hex::Hex> enemy;
    for (const auto& e : s.mes)
        if (e.side != m.side) enemy.insert(e.hex);
    const auto* ua = s.urbanArea(m.supplySource);
    if (!ua || ua->controller != m.side || enemy.count(ua->hex) || enemy.count(m.hex)) return false;
    if (ua->hex == m.hex) return true;
    auto linked = [&](hex::Hex a, int d) {
        return s.map.hasLink(a, d, map::LinkKind::MajorRoad) || s.map.hasLink(a, d, map::LinkKind::NavigableRiver) ||
               (media != "road_navriver" && s.map.hasLink(a, d, map::LinkKind::MinorRoad));
    };
    std::deque<hex::Hex> q;
    std::set<hex::Hex> seen;
    auto start = [&](hex::Hex h) {
        if (s.map.contains(h) && !enemy.count(h) && (net.onNetwork(h) || h == ua->hex) && seen.insert(h).second) q.push_back(h);
    };
    start(m.hex);
    for (int d = 0; d < 6; ++d) start(hex::neighbour(m.hex, d));
    while (!q.empty()) {
        const auto h = q.front();
        q.pop_front();
        if (h == ua->hex) return true;
        for (int d = 0; d < 6; ++d) {
            const auto n = hex::neighbour(h, d);
            if (!s.map.contains(n) || enemy.count(n) || !linked(h, d) || !seen.insert(n).second) continue;
            q.push_back(n);
        }
    }
    return false;
}

}  // namespace

TEST_CASE("the single multi-source search agrees with one search per ME on 200 random networks", "[rules][loc]") {
    int validSeen = 0, cutSeen = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        dice::SplitMix64 rng(seed);
        auto roll = [&](int n) { return static_cast<int>(rng.next() % static_cast<std::uint64_t>(n)); };
        CampaignState s;
        s.map = blankMap(14, 12);
        CHECK_FALSE(s.options.set("loc_trace", "adjacent").has_value());
        for (int r = 0; r < 14; ++r) {  // random walks of road and track
            std::vector<hex::Hex> path{at(s.map, roll(14), roll(12))};
            for (int k = 0; k < 10; ++k) {
                const auto next = hex::neighbour(path.back(), roll(6));
                if (s.map.contains(next)) path.push_back(next);
            }
            if (path.size() >= 2)
                s.map.routes().push_back(
                    {"r" + std::to_string(r), "", roll(3) == 0 ? map::LinkKind::MinorRoad : map::LinkKind::MajorRoad, path, 0});
        }
        s.map.rebuildLinks();
        s.sides = {{"x", "X", 0, 0, 0, 0, false, false, 0, ""}, {"y", "Y", 1, 0, 0, 0, false, false, 0, ""}};
        for (int u = 0; u < 4; ++u) {
            const auto h = at(s.map, roll(14), roll(12));
            if (!s.urbanAt(h)) s.urban.push_back(town("u" + std::to_string(u), h, u == 3 ? "y" : "x"));
        }
        for (int i = 0; i < 12; ++i) {
            const std::string side = i < 8 ? "x" : "y";
            s.mes.push_back(me("m" + std::to_string(i), side, at(s.map, roll(14), roll(12)),
                               s.urban[static_cast<std::size_t>(roll(static_cast<int>(s.urban.size())))].id));
        }
        const rules::LocNetwork net(s.map, s.options);
        for (const std::string side : {"x", "y"}) {
            for (const auto& loc : net.trace(s, side)) {
                const auto* m = s.me(loc.me);
                INFO("seed " << seed << " ME " << loc.me);
                CHECK(loc.valid == referenceValid(s, *m, net, "road_track_navriver"));
                if (!loc.valid) {
                    cutSeen += loc.problem == LocProblem::Cut;
                    continue;
                }
                ++validSeen;
                // The path is a real chain from the ME to its source that no enemy stands on.
                REQUIRE_FALSE(loc.path.empty());
                CHECK(loc.path.front() == m->hex);
                CHECK(loc.path.back() == s.urbanArea(m->supplySource)->hex);
                for (std::size_t k = 1; k < loc.path.size(); ++k) CHECK(hex::distance(loc.path[k - 1], loc.path[k]) == 1);
                for (const auto& h : loc.path)
                    for (const auto& e : s.mes)
                        if (e.side != side) CHECK(e.hex != h);
            }
        }
    }
    CHECK(validSeen > 100);  // the random networks exercise both outcomes
    CHECK(cutSeen > 10);
}

TEST_CASE("placing an enemy ME on a road cuts exactly the LOCs that pass through it", "[rules][loc]") {
    // A T of roads: west-east along row 2 with the source at the west end, and a branch north from column 5.
    CampaignState s;
    s.map = blankMap(10, 6);
    std::vector<hex::Hex> trunk, branch;
    for (int c = 0; c < 10; ++c) trunk.push_back(at(s.map, c, 2));
    branch = {at(s.map, 5, 2), at(s.map, 5, 1), at(s.map, 5, 0)};
    s.map.routes() = {{"trunk", "", map::LinkKind::MajorRoad, trunk, 0}, {"branch", "", map::LinkKind::MinorRoad, branch, 0}};
    s.map.rebuildLinks();
    s.sides = {{"x", "X", 0, 0, 0, 0, false, false, 0, ""}, {"y", "Y", 1, 0, 0, 0, false, false, 0, ""}};
    s.urban = {town("base", trunk[0], "x")};
    s.mes = {me("east", "x", trunk[9], "base"), me("north", "x", branch[2], "base"), me("west", "x", trunk[2], "base")};
    const rules::LocNetwork net(s.map, s.options);
    for (const auto& l : net.trace(s, "x")) CHECK(l.valid);

    s.mes.push_back(me("raider", "y", trunk[7], "base"));  // east of the junction: only "east" runs through it
    auto locs = net.trace(s, "x");
    CHECK_FALSE(find(locs, "east").valid);
    CHECK(find(locs, "east").cutBy == std::vector<std::string>{"raider"});
    CHECK(find(locs, "north").valid);
    CHECK(find(locs, "west").valid);

    s.mes.back().hex = trunk[4];  // west of the junction: "east" and "north" both pass it
    locs = net.trace(s, "x");
    CHECK_FALSE(find(locs, "east").valid);
    CHECK_FALSE(find(locs, "north").valid);
    CHECK(find(locs, "west").valid);
}

TEST_CASE("G-42 decoy_effects: an enemy decoy on the road cuts a LOC only under cuts_loc", "[rules][loc][variant]") {
    auto s = strip();
    s.mes.erase(s.mes.begin());  // only the American ME at R4, its source Rugeley's Mill at R1
    // A British decoy at R2, an American one at R3 (a side's own decoys never cut its LOC).
    const std::vector<rules::LocBlocker> decoys = {{"D1", "british", at(s.map, 1, 0)}, {"D2", "american", at(s.map, 2, 0)}};
    {
        const rules::LocNetwork net(s.map, s.options);  // default none: decoys are ignored
        const auto locs = net.trace(s, "american", decoys);
        const auto& va = find(locs, "VA");
        CHECK(va.valid);
        CHECK(va.cutBy.empty());
    }
    REQUIRE_FALSE(s.options.set("decoy_effects", "cuts_loc").has_value());
    const rules::LocNetwork net(s.map, s.options);
    const auto locs = net.trace(s, "american", decoys);
    const auto& va = find(locs, "VA");
    CHECK_FALSE(va.valid);
    CHECK(va.problem == LocProblem::Cut);
    CHECK(va.cutBy == std::vector<std::string>{"D1"});
    // Without decoys on the map the variant changes nothing.
    const auto none = net.trace(s, "american");
    CHECK(find(none, "VA").valid);
    // A decoy in the source hex denies it, like an enemy ME (G-91).
    const auto deniedLocs = net.trace(s, "american", {{"D3", "british", at(s.map, 0, 0)}});
    const auto& denied = find(deniedLocs, "VA");
    CHECK(denied.problem == LocProblem::SourceOccupied);
    CHECK(denied.cutBy == std::vector<std::string>{"D3"});
}

TEST_CASE("G-81 replacement_source = any_traceable: a LOC may end at any UA the side controls", "[rules][loc]") {
    // W0..W6 along a major road: British towns at both ends, an American ME on W4 between them.
    CampaignState s;
    s.map = blankMap(7, 1);
    std::vector<hex::Hex> road;
    for (int c = 0; c < 7; ++c) road.push_back(at(s.map, c, 0));
    s.map.routes().push_back({"road", "Road", map::LinkKind::MajorRoad, road, 0});
    s.map.rebuildLinks();
    s.sides = {{"british", "British", 0, 0, 0, 0, false, false, 0, ""}, {"american", "American", 1, 0, 0, 0, false, false, 0, ""}};
    s.urban = {town("west", road[0], "british"), town("camden", road[6], "british"), town("rugeley", road[3], "american")};
    s.mes = {me("cut", "british", road[2], "camden"), me("near", "british", road[5], "camden"),
             me("lost", "british", road[1], "rugeley"), me("VA", "american", road[4], "rugeley")};
    {
        const rules::LocNetwork net(s.map, s.options);
        const auto locs = net.trace(s, "british");
        CHECK_FALSE(find(locs, "cut").valid);
        CHECK(find(locs, "cut").problem == LocProblem::Cut);
        CHECK(find(locs, "near").valid);
        CHECK(find(locs, "near").reachable.empty());  // only filled under any_traceable
        CHECK(find(locs, "lost").problem == LocProblem::SourceNotControlled);
    }
    CHECK_FALSE(s.options.set("replacement_source", "any_traceable").has_value());
    const rules::LocNetwork net(s.map, s.options);
    const auto locs = net.trace(s, "british");
    const auto& cut = find(locs, "cut");
    CHECK(cut.valid);  // to West instead of its own Camden
    CHECK(cut.source == "camden");
    CHECK(cut.reachable == std::vector<std::string>{"west"});
    CHECK(cut.path == std::vector<hex::Hex>{road[2], road[1], road[0]});
    CHECK(find(locs, "near").reachable == std::vector<std::string>{"camden"});
    const auto& lost = find(locs, "lost");  // it names an enemy town, and still reaches West
    CHECK(lost.valid);
    CHECK(lost.reachable == std::vector<std::string>{"west"});
    // The American ME reaches its own Rugeley only: Camden and West are not the American side's.
    CHECK(find(net.trace(s, "american"), "VA").reachable == std::vector<std::string>{"rugeley"});
}
