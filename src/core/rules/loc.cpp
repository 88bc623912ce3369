// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/rules/loc.hpp"

#include <boost/graph/compressed_sparse_row_graph.hpp>

#include <algorithm>
#include <array>
#include <deque>
#include <map>
#include <cstdint>
#include <memory>

namespace etatmajor::rules {

using campaign::CampaignState;
using hex::Hex;

std::string_view locProblemName(LocProblem p) {
    switch (p) {
        case LocProblem::None: return "none";
        case LocProblem::SourceUnknown: return "source_unknown";
        case LocProblem::SourceNotControlled: return "source_not_controlled";
        case LocProblem::SourceOccupied: return "source_occupied";
        case LocProblem::OwnHexOccupied: return "own_hex_occupied";
        case LocProblem::NotOnNetwork: return "not_on_network";
        case LocProblem::NoRoute: return "no_route";
        case LocProblem::Cut: return "cut";
    }
    return "none";
}

namespace {

using Graph = boost::compressed_sparse_row_graph<boost::directedS>;
constexpr int kNone = -1;

// The graph's rows as flat int arrays (the CSR's own are size_t): the search reads them in its inner loop.
struct Adjacency {
    std::vector<int> rowStart;  // vertex v's neighbours are column[rowStart[v] .. rowStart[v + 1])
    std::vector<int> column;
    std::size_t vertices() const { return rowStart.empty() ? 0 : rowStart.size() - 1; }
};
constexpr int kBlocked = -2;  // label of a vertex held by the enemy: never entered (pre-coloured, performance guide)

// G-90: an ME reaches the network from its own hex or, unless loc_trace = strict, from a neighbouring hex that is
// not sea or lake and not behind an unbridged, unfordable river.
bool passable(const map::Map& m, Hex from, int dir) {
    const Hex to = hex::neighbour(from, dir);
    if (!m.contains(to) || map::isWater(m.terrain(to))) return false;
    const map::Hexside* side = m.hexside(from, dir);
    if (side && side->watercourse == map::Watercourse::River && !side->fordable && side->crossing == map::Crossing::None) return false;
    return true;
}

bool isRiverSide(const map::Map& m, Hex h, int dir) {
    const map::Hexside* s = m.hexside(h, dir);
    return s && s->watercourse == map::Watercourse::River;
}

// One breadth-first search from several sources at once (tactical-resolver-style canonical order: sources in the
// order given, neighbours in CSR order), recording for every reached vertex its source and parent, and for every
// pair of neighbouring regions the first edge where they met.
struct MultiSourceSearch {
    std::vector<int> label;
    // Per reached vertex: its parent toward the region's source and its steps from that source, side by side so the
    // search writes one place per vertex.
    struct Tree {
        int parent;
        int depth;
    };
    std::vector<Tree> tree;
    int parentOf(int v) const { return tree[static_cast<std::size_t>(v)].parent; }
    int depthOf(int v) const { return tree[static_cast<std::size_t>(v)].depth; }
    // The first edge where regions a and b met, at meetings[a * regions + b]: (vertex in a, vertex in b), or kNone.
    // A flat table: the regions are the side's sources, a handful.
    std::size_t regions = 0;
    std::vector<std::pair<int, int>> meetings;
    std::vector<int> queue;  // each vertex enters once: a flat array with a moving head
    // Scratch for walkTo's loop removal: generation stamps, so no call does O(map) work (performance guide).
    mutable std::vector<unsigned> stamp;
    mutable std::vector<std::size_t> position;
    mutable unsigned generation = 0;

    // `blocked`: the vertices held by the enemy. Only `label` is cleared (and kept between calls by a reused search):
    // a vertex's parent and depth are written when it is labelled and read only for labelled vertices.
    void run(const Adjacency& g, const std::vector<int>& sourceVertex, const std::vector<int>& blocked) {
        const auto n = g.vertices();
        label.assign(n, kNone);
        tree.resize(n);
        queue.resize(n);
        regions = sourceVertex.size();
        meetings.assign(regions * regions, {kNone, kNone});
        for (const int v : blocked) label[static_cast<std::size_t>(v)] = kBlocked;
        std::size_t head = 0, tail = 0;
        for (int s = 0; s < static_cast<int>(sourceVertex.size()); ++s) {
            const int v = sourceVertex[static_cast<std::size_t>(s)];
            if (v == kNone || label[static_cast<std::size_t>(v)] != kNone) continue;  // blocked or already a source
            label[static_cast<std::size_t>(v)] = s;
            tree[static_cast<std::size_t>(v)] = {kNone, 0};
            queue[tail++] = v;
        }
        const int* rowStart = g.rowStart.data();
        const int* column = g.column.data();
        int* lab = label.data();
        while (head < tail) {
            const int u = queue[head++];
            const int lu = lab[u];
            const int du = tree[static_cast<std::size_t>(u)].depth + 1;
            for (int e = rowStart[u], end = rowStart[u + 1]; e < end; ++e) {
                const int w = column[e];
                const int lw = lab[w];
                if (lw == kBlocked) continue;
                if (lw == kNone) {
                    lab[w] = lu;
                    tree[static_cast<std::size_t>(w)] = {u, du};
                    queue[tail++] = w;
                } else if (lw != lu) {
                    // Regions meet here; record the first crossing both ways so either side can walk across.
                    auto& ab = meetings[static_cast<std::size_t>(lu) * regions + static_cast<std::size_t>(lw)];
                    if (ab.first == kNone) ab = {u, w};
                    auto& ba = meetings[static_cast<std::size_t>(lw) * regions + static_cast<std::size_t>(lu)];
                    if (ba.first == kNone) ba = {w, u};
                }
            }
        }
    }

    // Vertices from v up the search tree to its region's source.
    std::vector<int> toRoot(int v) const {
        std::vector<int> out;
        out.reserve(static_cast<std::size_t>(depthOf(v)) + 1);
        for (int x = v; x != kNone; x = parentOf(x)) out.push_back(x);
        return out;
    }

    // A walk from vertex `start` to the root of region `target`, crossing between regions where they met.
    // Empty when `start` is unreached or its region never meets `target`'s.
    std::vector<int> walkTo(int start, int target, std::size_t regionCount) const {
        const int from = label[static_cast<std::size_t>(start)];
        if (from < 0) return {};  // unreached (or held by the enemy)
        // Breadth-first over the (small) graph of regions.
        std::vector<int> prev(regionCount, kNone);
        std::vector<char> seen(regionCount, 0);
        std::deque<int> q{from};
        seen[static_cast<std::size_t>(from)] = 1;
        while (!q.empty() && !seen[static_cast<std::size_t>(target)]) {
            const int a = q.front();
            q.pop_front();
            for (std::size_t b = 0; b < regionCount; ++b) {
                if (meetings[static_cast<std::size_t>(a) * regionCount + b].first == kNone || seen[b]) continue;
                seen[b] = 1;
                prev[b] = a;
                q.push_back(static_cast<int>(b));
            }
        }
        if (!seen[static_cast<std::size_t>(target)]) return {};
        std::vector<int> chain{target};
        while (chain.back() != from) chain.push_back(prev[static_cast<std::size_t>(chain.back())]);
        std::reverse(chain.begin(), chain.end());

        std::vector<int> walk;
        int at = start;
        for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
            const auto [u, w] = meetings[static_cast<std::size_t>(chain[i]) * regionCount + static_cast<std::size_t>(chain[i + 1])];
            // at -> root(chain[i]) -> u, then across to w.
            auto up = toRoot(at);
            auto down = toRoot(u);
            std::reverse(down.begin(), down.end());
            walk.insert(walk.end(), up.begin(), up.end() - 1);
            walk.insert(walk.end(), down.begin(), down.end());
            at = w;
        }
        const auto last = toRoot(at);
        walk.insert(walk.end(), last.begin(), last.end());
        // Cut out any loops so every vertex appears once.
        if (stamp.size() != label.size()) {
            stamp.assign(label.size(), 0);
            position.assign(label.size(), 0);
            generation = 0;
        }
        if (++generation == 0) {  // wrapped: start the stamps again
            std::fill(stamp.begin(), stamp.end(), 0u);
            generation = 1;
        }
        const unsigned cut = generation;  // stamps of vertices removed with a loop are set to this generation - never
        std::vector<int> simple;
        for (int v : walk) {
            const auto i = static_cast<std::size_t>(v);
            if (stamp[i] == cut) {
                const std::size_t loopStart = position[i];
                for (std::size_t k = loopStart + 1; k < simple.size(); ++k) stamp[static_cast<std::size_t>(simple[k])] = 0;
                simple.resize(loopStart + 1);
                continue;
            }
            stamp[i] = cut;
            position[i] = simple.size();
            simple.push_back(v);
        }
        return simple;
    }
};

}  // namespace

struct LocNetwork::Impl {
    struct Tracer;
    const map::Map* map = nullptr;
    campaign::Options options;
    // Options' loc_media (G-89), read once: linked() asks it for every hexside.
    bool minorRoads = true;          // not road_navriver: tracks carry a LOC
    bool riverBanks = false;         // road_track_anyriver: so does a river bank
    std::vector<int> vertexOfIndex;  // map index -> vertex
    std::vector<Hex> hexOfVertex;
    Graph graph;
    Adjacency adjacency;
    // The search with the enemy in place, reused by every trace so its arrays are allocated once (the network, like
    // its caches below, is not for use from several threads at once).
    mutable MultiSourceSearch scratch;
    // The search that ignores the enemy depends only on the sources: kept per list of source vertices for the life of
    // the network (the map does not change under it), so explaining failed LOCs costs one search per source list.
    mutable std::map<std::vector<int>, std::unique_ptr<MultiSourceSearch>> openSearches;

    // passable() for the six directions of a hex, worked out the first time an ME stands there (bit 6 = known);
    // hexside lookups are map searches, and MEs stand where they stood.
    mutable std::vector<std::uint8_t> passMask;

    bool passableDir(Hex h, int dir) const {
        const std::size_t i = map->indexOf(h);
        if (passMask.empty()) passMask.assign(map->hexCount(), 0);
        std::uint8_t& mask = passMask[i];
        if (!(mask & 0x40)) {
            mask = 0x40;
            for (int d = 0; d < hex::kDirections; ++d)
                if (passable(*map, h, d)) mask = static_cast<std::uint8_t>(mask | (1u << d));
        }
        return (mask >> dir) & 1u;
    }

    const MultiSourceSearch& ignoringEnemy(const std::vector<int>& sourceVertex) const {
        auto& slot = openSearches[sourceVertex];
        if (!slot) {
            slot = std::make_unique<MultiSourceSearch>();
            slot->run(adjacency, sourceVertex, {});
        }
        return *slot;
    }

    int vertexAt(Hex h) const {
        if (!map->contains(h)) return kNone;
        return vertexOfIndex[map->indexOf(h)];
    }

    bool linked(Hex h, int dir) const {
        const auto kinds = map->linkKinds(h, dir);
        const auto has = [kinds](map::LinkKind k) { return (kinds & (1u << static_cast<unsigned>(k))) != 0; };
        if (has(map::LinkKind::MajorRoad)) return true;
        if (has(map::LinkKind::NavigableRiver)) return true;
        if (minorRoads && has(map::LinkKind::MinorRoad)) return true;
        if (riverBanks && !isRiverSide(*map, h, dir)) {
            // Along a river bank: the river runs on both hexsides facing a common neighbour.
            const Hex n = hex::neighbour(h, dir);
            for (int turn : {1, 5}) {
                const int toCommon = (dir + turn) % hex::kDirections;
                const Hex c = hex::neighbour(h, toCommon);
                const int fromN = hex::directionTo(n, c);
                if (fromN >= 0 && isRiverSide(*map, h, toCommon) && isRiverSide(*map, n, fromN)) return true;
            }
        }
        return false;
    }
};

LocNetwork::LocNetwork(const map::Map& m, const campaign::Options& options) : m_impl(std::make_unique<Impl>()) {
    auto& impl = *m_impl;
    impl.map = &m;
    impl.options = options;
    const auto media = options.get("loc_media");
    impl.minorRoads = media != "road_navriver";
    impl.riverBanks = media == "road_track_anyriver";
    impl.vertexOfIndex.assign(m.hexCount(), kNone);
    std::vector<std::pair<std::size_t, std::size_t>> edges;
    // Only a hex on a route has a road or waterway across one of its hexsides (Map::rebuildLinks), so the network
    // visits those alone, in the order of the map's index, which numbers the vertices as a pass over every hex would;
    // with river banks carrying a LOC (a variant) every hex is visited. On a theatre map most hexes have neither, and
    // this is the network's whole set-up cost (performance.md P1, P2).
    std::vector<Hex> hexes;
    if (impl.riverBanks) {
        hexes = m.allHexes();
    } else {
        std::vector<std::size_t> onRoutes;
        for (const auto& route : m.routes())
            for (const Hex h : route.hexes)
                if (m.contains(h)) onRoutes.push_back(m.indexOf(h));
        std::sort(onRoutes.begin(), onRoutes.end());
        onRoutes.erase(std::unique(onRoutes.begin(), onRoutes.end()), onRoutes.end());
        hexes.reserve(onRoutes.size());
        for (const auto index : onRoutes) hexes.push_back(m.hexAt(index));
    }
    auto vertexFor = [&](Hex h) {
        int& v = impl.vertexOfIndex[m.indexOf(h)];
        if (v == kNone) {
            v = static_cast<int>(impl.hexOfVertex.size());
            impl.hexOfVertex.push_back(h);
        }
        return static_cast<std::size_t>(v);
    };
    for (const Hex h : hexes)
        for (int dir = 0; dir < 3; ++dir) {
            const Hex n = hex::neighbour(h, dir);
            if (!m.contains(n) || !impl.linked(h, dir)) continue;
            const auto a = vertexFor(h), b = vertexFor(n);
            edges.emplace_back(a, b);
            edges.emplace_back(b, a);
        }
    // Urban areas are always nodes, so an ME standing in an off-road town still reaches it.
    for (const auto& u : m.urbanAreas())
        if (m.contains(u.hex)) vertexFor(u.hex);
    std::sort(edges.begin(), edges.end());
    impl.graph = Graph(boost::edges_are_sorted, edges.begin(), edges.end(), impl.hexOfVertex.size());
    const auto& rows = impl.graph.m_forward;
    impl.adjacency.rowStart.assign(rows.m_rowstart.begin(), rows.m_rowstart.end());
    impl.adjacency.column.assign(rows.m_column.begin(), rows.m_column.end());
    if (impl.adjacency.rowStart.empty()) impl.adjacency.rowStart.push_back(0);
}

LocNetwork::~LocNetwork() = default;
LocNetwork::LocNetwork(LocNetwork&&) noexcept = default;
LocNetwork& LocNetwork::operator=(LocNetwork&&) noexcept = default;

std::size_t LocNetwork::nodeCount() const { return boost::num_vertices(m_impl->graph); }
std::size_t LocNetwork::edgeCount() const { return boost::num_edges(m_impl->graph); }
bool LocNetwork::onNetwork(Hex h) const {
    const int v = m_impl->vertexAt(h);
    return v != kNone && boost::out_degree(static_cast<std::size_t>(v), m_impl->graph) > 0;
}

// One trace of a side's LOCs (etat-major.md §9.5 default algorithm, G-89, G-90, G-91): the enemy's counters by hex,
// the side's sources and the search from them, set up once, then each ME's LOC read off them.
struct LocNetwork::Impl::Tracer {
    // The hexes an ME may start its LOC from: its own and up to six neighbours (no allocation per ME).
    struct Starts {
        std::array<int, 7> v{};
        int n = 0;
        const int* begin() const { return v.data(); }
        const int* end() const { return v.data() + n; }
        bool empty() const { return n == 0; }
    };
    using EnemyAt = std::pair<std::size_t, const std::string*>;
    using EnemyRange = std::pair<std::vector<EnemyAt>::const_iterator, std::vector<EnemyAt>::const_iterator>;

    const Impl& impl;
    const map::Map& m;
    const CampaignState& state;
    const std::string& side;
    bool strict = false;
    bool colocatedCuts = false;
    bool anyTraceable = false;
    // The counters by map index, in ME order then decoy order within a hex; their ids are owned by `state` and the
    // decoys.
    std::vector<EnemyAt> enemies;
    std::vector<int> blockedVertices;
    // The side's sources in use, in ME order (then, under any_traceable, every other UA the side controls).
    std::vector<std::string> sources;
    std::vector<const campaign::MeState*> mine;
    std::vector<int> sourceOfMine;  // index into sources of each of `mine`
    std::vector<int> sourceVertex;
    std::vector<LocProblem> sourceProblem;
    std::vector<const campaign::UrbanState*> sourceUa;
    std::vector<std::size_t> group;  // any_traceable: the group of sources joined by clear ground
    const MultiSourceSearch* clear = nullptr;
    const MultiSourceSearch* ignoringEnemy = nullptr;  // needed only to explain a LOC that fails

    Tracer(const Impl& network, const CampaignState& s, const std::string& forSide, const std::vector<LocBlocker>& decoys)
        : impl(network), m(*network.map), state(s), side(forSide) {
        const auto& opt = impl.options;
        strict = opt.get("loc_trace") == "strict";
        colocatedCuts = opt.is("loc_cut_colocated", "yes");
        // G-81 replacement_source = any_traceable (the chart): a LOC may end at any UA the side controls.
        anyTraceable = opt.is("replacement_source", "any_traceable");
        colourEnemies(decoys);
        findSources();
        impl.scratch.run(impl.adjacency, sourceVertex, blockedVertices);
        clear = &impl.scratch;
        if (anyTraceable) groupSources();
    }

    // Pre-colour the hexes held by enemy MEs (decoys block only under decoy_effects = cuts_loc).
    void colourEnemies(const std::vector<LocBlocker>& decoys) {
        for (const auto& me : state.mes)
            if (me.onMap && me.side != side && m.contains(me.hex)) enemies.emplace_back(m.indexOf(me.hex), &me.id);
        // etat-major.md §2.3, G-42 decoy_effects = cuts_loc: an enemy decoy stands on the route like an enemy ME (it
        // blocks the hex, occupies a source, cuts a co-located ME under loc_cut_colocated, and is named among the
        // cutters).
        if (impl.options.is("decoy_effects", "cuts_loc"))
            for (const auto& d : decoys)
                if (d.side != side && m.contains(d.hex)) enemies.emplace_back(m.indexOf(d.hex), &d.id);
        std::stable_sort(enemies.begin(), enemies.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (std::size_t k = 0; k < enemies.size(); ++k)
            if (k == 0 || enemies[k].first != enemies[k - 1].first)
                if (const int v = impl.vertexOfIndex[enemies[k].first]; v != kNone) blockedVertices.push_back(v);
    }

    void findSources() {
        for (const auto& me : state.mes) {
            if (me.side != side || !me.onMap) continue;
            mine.push_back(&me);
            auto it = std::find(sources.begin(), sources.end(), me.supplySource);
            if (it == sources.end()) it = sources.insert(sources.end(), me.supplySource);
            sourceOfMine.push_back(static_cast<int>(it - sources.begin()));
        }
        // Under any_traceable every UA the side controls is a source of the search, after the nominated ones.
        if (anyTraceable)
            for (const auto& ua : state.urban)
                if (ua.controller == side && !ua.destroyed && std::find(sources.begin(), sources.end(), ua.id) == sources.end())
                    sources.push_back(ua.id);
        sourceVertex.assign(sources.size(), kNone);
        sourceProblem.assign(sources.size(), LocProblem::None);
        sourceUa.assign(sources.size(), nullptr);
        for (std::size_t i = 0; i < sources.size(); ++i) {
            const auto* ua = sourceUa[i] = state.urbanArea(sources[i]);
            if (!ua) sourceProblem[i] = LocProblem::SourceUnknown;
            else if (ua->controller != side) sourceProblem[i] = LocProblem::SourceNotControlled;
            else if (enemyAt(ua->hex)) sourceProblem[i] = LocProblem::SourceOccupied;
            else sourceVertex[i] = impl.vertexAt(ua->hex);
        }
    }

    // any_traceable: the sources joined by clear ground form groups (regions that met); an ME reaches every source of
    // each group one of its start hexes lies in.
    void groupSources() {
        group.resize(sources.size());
        for (std::size_t i = 0; i < group.size(); ++i) group[i] = i;
        auto root = [&](std::size_t i) {
            while (group[i] != i) i = group[i] = group[group[i]];
            return i;
        };
        for (std::size_t a = 0; a < sources.size(); ++a)
            for (std::size_t b = a + 1; b < sources.size(); ++b)
                if (clear->meetings[a * sources.size() + b].first != kNone) group[root(a)] = root(b);
        for (std::size_t i = 0; i < group.size(); ++i) group[i] = root(i);
    }

    EnemyRange enemiesAt(Hex h) const {
        if (!m.contains(h)) return {enemies.end(), enemies.end()};
        const std::size_t i = m.indexOf(h);
        return std::equal_range(enemies.cbegin(), enemies.cend(), EnemyAt{i, nullptr},
                                [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    bool enemyAt(Hex h) const {
        const auto [from, to] = enemiesAt(h);
        return from != to;
    }
    std::vector<std::string> namesAt(Hex h) const {
        std::vector<std::string> out;
        for (auto [it, end] = enemiesAt(h); it != end; ++it) out.push_back(*it->second);
        return out;
    }
    // Held by the enemy: pre-coloured in the search.
    bool isBlocked(int v) const { return clear->label[static_cast<std::size_t>(v)] == kBlocked; }

    Starts startVertices(Hex at, bool avoidEnemy) const {
        Starts out;
        auto consider = [&](Hex h) {
            const int v = impl.vertexAt(h);
            if (v != kNone && !(avoidEnemy && isBlocked(v))) out.v[static_cast<std::size_t>(out.n++)] = v;
        };
        consider(at);
        if (!strict)
            for (int d = 0; d < hex::kDirections; ++d)
                if (impl.passableDir(at, d)) consider(hex::neighbour(at, d));
        return out;
    }
    std::vector<Hex> hexPath(Hex meHex, const std::vector<int>& walk) const {
        std::vector<Hex> path;
        if (walk.empty() || impl.hexOfVertex[static_cast<std::size_t>(walk.front())] != meHex) path.push_back(meHex);
        for (int v : walk) path.push_back(impl.hexOfVertex[static_cast<std::size_t>(v)]);
        return path;
    }
    // A start inside the source's own region: the nearest such start, or kNone.
    static int nearestStart(const MultiSourceSearch& search, const Starts& starts, int source) {
        int nearest = kNone;
        for (int v : starts)
            if (search.label[static_cast<std::size_t>(v)] == source &&
                (nearest == kNone || search.depthOf(v) < search.depthOf(nearest)))
                nearest = v;
        return nearest;
    }
    std::vector<int> bestWalk(const MultiSourceSearch& search, const Starts& starts, int source) const {
        // A start inside the source's own region: the shortest tree path from the nearest such start.
        if (const int nearest = nearestStart(search, starts, source); nearest != kNone) return search.toRoot(nearest);
        // Otherwise across neighbouring regions, from the first start that gets there.
        for (int v : starts)
            if (auto walk = search.walkTo(v, source, sources.size()); !walk.empty()) return walk;
        return std::vector<int>{};
    }

    // The LOC of the k-th of the side's MEs to its own source.
    MeLoc traceOne(std::size_t k) {
        const auto* me = mine[k];
        MeLoc loc;
        loc.me = me->id;
        loc.source = me->supplySource;
        const int s = sourceOfMine[k];
        const auto* ua = sourceUa[static_cast<std::size_t>(s)];
        if (sourceProblem[static_cast<std::size_t>(s)] != LocProblem::None) {
            loc.problem = sourceProblem[static_cast<std::size_t>(s)];
            if (loc.problem == LocProblem::SourceOccupied) loc.cutBy = namesAt(ua->hex);
        } else if (colocatedCuts && enemyAt(me->hex)) {
            loc.problem = LocProblem::OwnHexOccupied;
            loc.cutBy = namesAt(me->hex);
        } else if (me->hex == ua->hex) {
            loc.valid = true;  // occupying the source (§9.2.5)
            loc.path = {me->hex};
        } else if (!strict && hex::distance(me->hex, ua->hex) == 1 && impl.passableDir(me->hex, hex::directionTo(me->hex, ua->hex))) {
            loc.valid = true;  // next to its source: the source hex is one of its start hexes (G-90)
            loc.path = {me->hex, ua->hex};
        } else {
            traceAcross(*me, s, loc);
        }
        if (anyTraceable && !(colocatedCuts && enemyAt(me->hex))) reachAny(*me, s, loc);
        return loc;
    }

    // An ME away from its source: the path off the search tree, or why there is none.
    void traceAcross(const campaign::MeState& me, int s, MeLoc& loc) {
        const auto starts = startVertices(me.hex, true);
        if (const int nearest = nearestStart(*clear, starts, s); nearest != kNone) {
            // The common case, the path read straight off the search tree (what hexPath(toRoot) would give).
            loc.valid = true;
            const Hex first = impl.hexOfVertex[static_cast<std::size_t>(nearest)];
            loc.path.reserve(static_cast<std::size_t>(clear->depthOf(nearest)) + 2);
            if (first != me.hex) loc.path.push_back(me.hex);
            for (int x = nearest; x != kNone; x = clear->parentOf(x))
                loc.path.push_back(impl.hexOfVertex[static_cast<std::size_t>(x)]);
            return;
        }
        if (const auto walk = bestWalk(*clear, starts, s); !walk.empty()) {
            loc.valid = true;
            loc.path = hexPath(me.hex, walk);
            return;
        }
        if (!ignoringEnemy) ignoringEnemy = &impl.ignoringEnemy(sourceVertex);
        const auto anyStarts = startVertices(me.hex, false);
        const auto around = bestWalk(*ignoringEnemy, anyStarts, s);
        if (anyStarts.empty()) {
            loc.problem = LocProblem::NotOnNetwork;
        } else if (around.empty()) {
            loc.problem = LocProblem::NoRoute;
        } else {
            loc.problem = LocProblem::Cut;
            // The enemies on that route, in route order: only blocked vertices (and the ME's own hex) hold any.
            auto addCutters = [&](Hex h) {
                for (auto [it, end] = enemiesAt(h); it != end; ++it)
                    if (std::find(loc.cutBy.begin(), loc.cutBy.end(), *it->second) == loc.cutBy.end())
                        loc.cutBy.push_back(*it->second);
            };
            if (impl.hexOfVertex[static_cast<std::size_t>(around.front())] != me.hex) addCutters(me.hex);
            for (int v : around)
                if (isBlocked(v)) addCutters(impl.hexOfVertex[static_cast<std::size_t>(v)]);
        }
    }

    // G-81 any_traceable: every source in reach, its own first; a LOC to any of them is a LOC.
    void reachAny(const campaign::MeState& me, int s, MeLoc& loc) const {
        std::vector<char> inReach(sources.size(), 0);
        const auto starts = startVertices(me.hex, true);
        for (int v : starts)
            if (const int l = clear->label[static_cast<std::size_t>(v)]; l >= 0)
                for (std::size_t i = 0; i < sources.size(); ++i)
                    if (group[i] == group[static_cast<std::size_t>(l)] && sourceVertex[i] != kNone) inReach[i] = 1;
        if (loc.valid) inReach[static_cast<std::size_t>(s)] = 1;
        if (inReach[static_cast<std::size_t>(s)]) loc.reachable.push_back(sources[static_cast<std::size_t>(s)]);
        for (std::size_t i = 0; i < sources.size(); ++i)
            if (inReach[i] && static_cast<int>(i) != s) loc.reachable.push_back(sources[i]);
        if (!loc.valid && !loc.reachable.empty()) {
            const int to = static_cast<int>(std::find(sources.begin(), sources.end(), loc.reachable.front()) - sources.begin());
            loc.valid = true;
            loc.problem = LocProblem::None;
            loc.cutBy.clear();
            loc.path = hexPath(me.hex, bestWalk(*clear, starts, to));
        }
    }

    // G-90 adjacent_chain: an ME within one hex of a friendly ME with a valid LOC to the same source is supplied
    // through it. Repeated until nothing changes; MEs are visited in a fixed order.
    void chainAdjacent(std::vector<MeLoc>& out) const {
        // The side's MEs by hex, so each ME looks only at the seven hexes around it (the first friend in ME order
        // that qualifies, as a scan of all MEs would find).
        std::map<Hex, std::vector<std::size_t>> byHex;
        for (std::size_t j = 0; j < mine.size(); ++j) byHex[mine[j]->hex].push_back(j);
        bool changed = true;
        while (changed) {
            changed = false;
            for (std::size_t i = 0; i < out.size(); ++i) {
                auto& loc = out[i];
                if (loc.valid) continue;
                if (loc.problem != LocProblem::NotOnNetwork && loc.problem != LocProblem::NoRoute && loc.problem != LocProblem::Cut &&
                    !(anyTraceable && loc.problem != LocProblem::OwnHexOccupied))
                    continue;
                std::size_t j = out.size();
                auto consider = [&](Hex h) {
                    const auto it = byHex.find(h);
                    if (it == byHex.end()) return;
                    // Under any_traceable a friend's LOC to any source will do (G-81).
                    for (const std::size_t k : it->second)
                        if (k < j && out[k].valid && (anyTraceable || out[k].source == loc.source)) j = k;
                };
                consider(mine[i]->hex);
                for (int d = 0; d < hex::kDirections; ++d) consider(hex::neighbour(mine[i]->hex, d));
                if (j < out.size()) {
                    loc.valid = true;
                    loc.problem = LocProblem::None;
                    loc.viaMe = out[j].me;
                    loc.path = {mine[i]->hex};
                    for (Hex h : out[j].path)
                        if (h != mine[i]->hex) loc.path.push_back(h);
                    loc.cutBy.clear();
                    if (anyTraceable) loc.reachable = out[j].reachable;
                    changed = true;
                }
            }
        }
    }
};

// etat-major.md §9.5 default algorithm (G-89, G-90, G-91).
std::vector<MeLoc> LocNetwork::trace(const CampaignState& state, const std::string& side,
                                     const std::vector<LocBlocker>& decoys) const {
    Impl::Tracer tracer(*m_impl, state, side, decoys);
    std::vector<MeLoc> out;
    out.reserve(tracer.mine.size());
    for (std::size_t k = 0; k < tracer.mine.size(); ++k) out.push_back(tracer.traceOne(k));
    if (m_impl->options.get("loc_trace") == "adjacent_chain") tracer.chainAdjacent(out);
    return out;
}

}  // namespace etatmajor::rules
