// SPDX-License-Identifier: GPL-3.0-or-later
// P1 of the performance guide: LOC and supply trace for all MEs of one side on a 100,000-hex map with 500 MEs.
// Ours: rules::LocNetwork::trace, one multi-source search per side with paths (etat-major.md §9.5).
// Baselines, measured in the same run on the same network:
//   LocPerMe  — one breadth-first search per ME from its hex to its nominated source, clearing the visited array
//               each time (what the rules read like if implemented literally);
//   LocFlat   — a single multi-source BFS over flat arrays from all of the side's sources, without paths or
//               per-ME answers: the practical floor for any trace.
// On the two-core reference machine (RelWithDebInfo, CPU time): ours 1.20–1.30 ms before the enemy-free search was
// kept per source list, region meetings went into a flat table and the per-ME scans were indexed; 0.64–0.69 ms
// after, against a floor of 0.30–0.35 ms (about 2x) and 2.6–2.7 ms for one search per ME. Then 0.57 ms against a
// floor of 0.254 ms (2.25x); with the search over flat int rows, its arrays kept between traces and only its labels
// cleared, enemies pre-coloured from a list, and the common per-ME path read straight off the search tree: 0.439 ms
// against 0.250 ms (1.76x) and 2.53 ms for one search per ME (medians of 5 runs).
//
// Valid LOCs: the per-ME baseline counts 164, ours 163. The baseline does not model two rules of §9.5: an ME whose own
// hex holds an enemy ME has no LOC (G-91, loc_cut_colocated = yes; the baseline still starts from its neighbours),
// and an ME may take its LOC through a friendly neighbour's (G-90 chain). Its counter valid_colocated and ours
// chained and own_hex_occupied show the difference: 164 - 1 (valid_colocated) + 0 (chained) = 163, the one ME being
// own_hex_occupied. Ours follows the rules.
#include "etatmajor/dice/dice.hpp"
#include "etatmajor/rules/loc.hpp"

#include <benchmark/benchmark.h>

#include <deque>

namespace {

namespace em = etatmajor;
using em::hex::Hex;

struct World {
    em::campaign::CampaignState state;
    std::unique_ptr<em::rules::LocNetwork> net;
    // Flat adjacency of the LOC network for the baselines: vertex per map index, neighbour lists.
    std::vector<int> vertexOf;
    std::vector<std::vector<int>> adjacency;
    std::vector<char> blocked;
    std::vector<int> sourceVertex;           // side "x"'s sources
    std::vector<std::vector<int>> meStarts;  // side "x"'s MEs: start vertices
    std::vector<int> meSource;               // index into sourceVertex
    std::vector<char> meColocated;           // side "x"'s MEs: an enemy ME stands in its own hex
};

const World& world() {
    static const World instance = [] {
        World w;
        auto& s = w.state;
        em::map::MapMetadata meta;
        meta.id = "bench";
        meta.name = "bench";
        meta.width = 316;
        meta.height = 317;
        s.map = em::map::Map(meta, em::map::Terrain::Clear);
        const auto off = s.map.offsets();
        auto at = [&](int c, int r) { return off.toHex({c, r}); };
        em::dice::SplitMix64 rng(2024);
        auto roll = [&](int n) { return static_cast<int>(rng.next() % static_cast<std::uint64_t>(n)); };
        // A lattice of major roads every 8 rows and tracks every 8 columns, plus 300 random tracks.
        int id = 0;
        for (int r = 4; r < meta.height; r += 8) {
            std::vector<Hex> path;
            for (int c = 0; c < meta.width; ++c) path.push_back(at(c, r));
            s.map.routes().push_back({"h" + std::to_string(id++), "", em::map::LinkKind::MajorRoad, path, 0});
        }
        for (int c = 4; c < meta.width; c += 8) {
            std::vector<Hex> path;
            for (int r = 0; r < meta.height; ++r) path.push_back(at(c, r));
            s.map.routes().push_back({"v" + std::to_string(id++), "", em::map::LinkKind::MinorRoad, path, 0});
        }
        for (int k = 0; k < 300; ++k) {
            std::vector<Hex> path{at(roll(meta.width), roll(meta.height))};
            for (int step = 0; step < 40; ++step) {
                const Hex next = em::hex::neighbour(path.back(), roll(6));
                if (s.map.contains(next)) path.push_back(next);
            }
            s.map.routes().push_back({"t" + std::to_string(id++), "", em::map::LinkKind::MinorRoad, path, 0});
        }
        s.map.rebuildLinks();
        s.sides = {{"x", "X", 0, 0, 0, 0, false, false, 0, ""}, {"y", "Y", 1, 0, 0, 0, false, false, 0, ""}};
        // 40 towns on lattice crossings: the west half for x, the east half for y.
        for (int k = 0; k < 40; ++k) {
            const bool west = k < 20;
            const int c = 4 + 8 * (roll(19) + (west ? 0 : 20));
            const int r = 4 + 8 * roll(39);
            em::campaign::UrbanState u;
            u.id = "u" + std::to_string(k);
            u.hex = at(c, r);
            u.controller = west ? "x" : "y";
            u.rawRoll = 8;
            if (!s.urbanAt(u.hex)) s.urban.push_back(u);
        }
        // 500 MEs, 250 a side, each drawing on its side's nearest town; some stand behind the other's lines.
        for (int k = 0; k < 500; ++k) {
            em::campaign::MeState m;
            m.id = "m" + std::to_string(k);
            m.side = k < 250 ? "x" : "y";
            const bool forward = roll(5) == 0;
            const bool west = (m.side == "x") != forward;
            m.hex = at(west ? roll(158) : 158 + roll(158), roll(meta.height));
            int best = -1, bestD = 1 << 30;
            for (std::size_t i = 0; i < s.urban.size(); ++i) {
                if (s.urban[i].controller != m.side) continue;
                const int d = em::hex::distance(s.urban[i].hex, m.hex);
                if (d < bestD) bestD = d, best = static_cast<int>(i);
            }
            m.supplySource = s.urban[static_cast<std::size_t>(best)].id;
            s.mes.push_back(m);
        }
        w.net = std::make_unique<em::rules::LocNetwork>(s.map, s.options);

        // Flat arrays for the baselines.
        const auto hexes = s.map.allHexes();
        w.vertexOf.assign(hexes.size(), -1);
        std::vector<Hex> hexOf;
        for (const Hex h : hexes)
            if (w.net->onNetwork(h) || s.urbanAt(h)) {
                w.vertexOf[s.map.indexOf(h)] = static_cast<int>(hexOf.size());
                hexOf.push_back(h);
            }
        w.adjacency.resize(hexOf.size());
        for (std::size_t v = 0; v < hexOf.size(); ++v)
            for (int d = 0; d < 6; ++d) {
                const Hex n = em::hex::neighbour(hexOf[v], d);
                if (!s.map.contains(n)) continue;
                const bool linked = s.map.hasLink(hexOf[v], d, em::map::LinkKind::MajorRoad) ||
                                    s.map.hasLink(hexOf[v], d, em::map::LinkKind::MinorRoad);
                if (linked) w.adjacency[v].push_back(w.vertexOf[s.map.indexOf(n)]);
            }
        w.blocked.assign(hexOf.size(), 0);
        for (const auto& m : s.mes)
            if (m.side == "y")
                if (const int v = w.vertexOf[s.map.indexOf(m.hex)]; v >= 0) w.blocked[static_cast<std::size_t>(v)] = 1;
        std::vector<std::string> sources;
        for (const auto& m : s.mes) {
            if (m.side != "x") continue;
            auto it = std::find(sources.begin(), sources.end(), m.supplySource);
            if (it == sources.end()) {
                sources.push_back(m.supplySource);
                w.sourceVertex.push_back(w.vertexOf[s.map.indexOf(s.urbanArea(m.supplySource)->hex)]);
                it = sources.end() - 1;
            }
            w.meSource.push_back(static_cast<int>(it - sources.begin()));
            std::vector<int> starts;
            auto consider = [&](Hex h) {
                if (!s.map.contains(h)) return;
                const int v = w.vertexOf[s.map.indexOf(h)];
                if (v >= 0 && !w.blocked[static_cast<std::size_t>(v)]) starts.push_back(v);
            };
            consider(m.hex);
            for (int d = 0; d < 6; ++d) consider(em::hex::neighbour(m.hex, d));
            w.meStarts.push_back(starts);
            bool colocated = false;
            for (const auto& e : s.mes) colocated |= e.side == "y" && e.hex == m.hex;
            w.meColocated.push_back(colocated ? 1 : 0);
        }
        return w;
    }();
    return instance;
}

void setPerItem(benchmark::State& state, std::int64_t perIteration) {
    state.SetItemsProcessed(state.iterations() * perIteration);
    state.counters["per_iter"] = static_cast<double>(perIteration);
}

// Ours: the whole side in one trace, with each ME's path.
void BM_LocPerMe_Ours(benchmark::State& state) {
    const auto& w = world();
    std::size_t valid = 0, chained = 0, ownHex = 0;
    for (auto _ : state) {
        const auto locs = w.net->trace(w.state, "x");
        valid = static_cast<std::size_t>(std::count_if(locs.begin(), locs.end(), [](const auto& l) { return l.valid; }));
        benchmark::DoNotOptimize(valid);
        chained = static_cast<std::size_t>(std::count_if(locs.begin(), locs.end(), [](const auto& l) { return !l.viaMe.empty(); }));
        ownHex = static_cast<std::size_t>(
            std::count_if(locs.begin(), locs.end(), [](const auto& l) { return l.problem == em::rules::LocProblem::OwnHexOccupied; }));
    }
    // valid = the baseline's valid - valid_colocated (G-91) + chained (G-90): the rules the baseline does not model.
    state.counters["valid"] = static_cast<double>(valid);
    state.counters["chained"] = static_cast<double>(chained);
    state.counters["own_hex_occupied"] = static_cast<double>(ownHex);
    setPerItem(state, static_cast<std::int64_t>(w.meStarts.size()));
}

// Baseline: one BFS per ME (visited cleared each time), stopping at its source.
void BM_LocPerMe_Baseline(benchmark::State& state) {
    const auto& w = world();
    std::vector<char> seen(w.adjacency.size());
    std::deque<int> queue;
    std::size_t valid = 0, validColocated = 0;
    for (auto _ : state) {
        valid = 0;
        validColocated = 0;
        for (std::size_t i = 0; i < w.meStarts.size(); ++i) {
            std::fill(seen.begin(), seen.end(), 0);
            queue.clear();
            const int target = w.sourceVertex[static_cast<std::size_t>(w.meSource[i])];
            for (int v : w.meStarts[i]) {
                seen[static_cast<std::size_t>(v)] = 1;
                queue.push_back(v);
            }
            bool found = false;
            while (!queue.empty() && !found) {
                const int u = queue.front();
                queue.pop_front();
                if (u == target) found = true;
                for (int n : w.adjacency[static_cast<std::size_t>(u)])
                    if (!seen[static_cast<std::size_t>(n)] && !w.blocked[static_cast<std::size_t>(n)]) {
                        seen[static_cast<std::size_t>(n)] = 1;
                        queue.push_back(n);
                    }
            }
            valid += found;
            validColocated += found && w.meColocated[i];
        }
        benchmark::DoNotOptimize(valid);
    }
    state.counters["valid"] = static_cast<double>(valid);
    // MEs it finds a LOC for although an enemy ME shares their hex: no LOC under G-91 (loc_cut_colocated = yes).
    state.counters["valid_colocated"] = static_cast<double>(validColocated);
    setPerItem(state, static_cast<std::int64_t>(w.meStarts.size()));
}

// Ours again, for the second pair (the same work as above, measured next to the floor).
void BM_LocFlat_Ours(benchmark::State& state) { BM_LocPerMe_Ours(state); }

// Floor: one multi-source BFS over flat arrays, labels only.
void BM_LocFlat_Baseline(benchmark::State& state) {
    const auto& w = world();
    std::vector<int> label(w.adjacency.size());
    std::vector<int> queue(w.adjacency.size());
    for (auto _ : state) {
        std::fill(label.begin(), label.end(), -1);
        std::size_t head = 0, tail = 0;
        for (std::size_t s = 0; s < w.sourceVertex.size(); ++s) {
            const int v = w.sourceVertex[s];
            if (label[static_cast<std::size_t>(v)] >= 0 || w.blocked[static_cast<std::size_t>(v)]) continue;
            label[static_cast<std::size_t>(v)] = static_cast<int>(s);
            queue[tail++] = v;
        }
        while (head < tail) {
            const int u = queue[head++];
            for (int n : w.adjacency[static_cast<std::size_t>(u)])
                if (label[static_cast<std::size_t>(n)] < 0 && !w.blocked[static_cast<std::size_t>(n)]) {
                    label[static_cast<std::size_t>(n)] = label[static_cast<std::size_t>(u)];
                    queue[tail++] = n;
                }
        }
        benchmark::DoNotOptimize(label.data());
    }
    setPerItem(state, static_cast<std::int64_t>(w.meStarts.size()));
}

}  // namespace

BENCHMARK(BM_LocPerMe_Baseline)->UseRealTime()->MinTime(0.2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LocPerMe_Ours)->UseRealTime()->MinTime(0.2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LocFlat_Baseline)->UseRealTime()->MinTime(0.2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LocFlat_Ours)->UseRealTime()->MinTime(0.2)->Unit(benchmark::kMillisecond);
