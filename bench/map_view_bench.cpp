// SPDX-License-Identifier: GPL-3.0-or-later
// Map view frame times on a seeded 100,000-hex map (performance.md P5), under a real X server (run it with
// xvfb-run; bench/run_map_view.sh does). Every benchmark is one half of a pair run in the same process on the
// same map and viewports:
//
//   BM_Redraw_{Baseline,Ours}/zoom:S   a full 1920x1080 frame at hex size S pixels. Baseline: MapPainter draws every
//                                      visible hex polygon and feature. Ours: base layer blitted from warm tiles,
//                                      overlay (names, urban areas) drawn on top, as MapCanvas paints.
//   BM_Pan_{Baseline,Ours}/zoom:S      one frame of a steady pan (the view moves 9 px right and 4 px down per
//                                      frame): Ours renders the tiles that come into view as they do.
//   BM_Edit_{Baseline,Ours}/zoom:S     paint one hex (apply the edit command) and draw the next frame: Ours drops and
//                                      redraws only the tiles that show the hex (counter tiles_per_edit).
//   BM_ZoomCold_{Baseline,Ours}/zoom:S the first frame after a zoom change, no tile of that size cached yet: the
//                                      price of the cache, paid once per zoom level.
//   BM_Screen{Redraw,Pan}_{Baseline,Ours} the same through a real MapCanvas in a shown frame (Refresh + Update),
//                                      so the X server's part is counted too. ScreenPan_Ours pans as the window
//                                      does: the previous picture moved in the back buffer, only the uncovered
//                                      strips drawn (counter fresh_pixels_per_frame), tiles around the view
//                                      prefetched while idle between frames (not timed; tiles_per_frame counts
//                                      the tiles a frame still had to render).
//
// Frames are drawn into an off-screen 1920x1080 bitmap through wxGraphicsContext, as the canvas's paint does.
#include "map_canvas.hpp"
#include "map_document.hpp"
#include "map_painter.hpp"
#include "tile_cache.hpp"

#include "etatmajor/edit/map_edits.hpp"
#include "etatmajor/map/map.hpp"

#include <benchmark/benchmark.h>

#include <wx/app.h>
#include <wx/dcmemory.h>
#include <wx/evtloop.h>
#include <wx/frame.h>
#include <wx/graphics.h>
#include <wx/sizer.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

using namespace etatmajor;
using gui::MapDocument;
using gui::MapPainter;
using gui::TileCache;
using gui::Viewport;
using hex::Hex;

namespace {

constexpr int kCols = 400;
constexpr int kRows = 250;  // 100,000 hexes
constexpr int kFrameW = 1920;
constexpr int kFrameH = 1080;

// xorshift64*: the map is the same on every machine and every run.
class Random {
public:
    explicit Random(std::uint64_t seed) : m_s(seed) {}
    std::uint64_t next() {
        m_s ^= m_s >> 12;
        m_s ^= m_s << 25;
        m_s ^= m_s >> 27;
        return m_s * 2685821657736338717ull;
    }
    double unit() { return static_cast<double>(next() >> 11) / 9007199254740992.0; }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }

private:
    std::uint64_t m_s;
};

double lattice(int x, int y, std::uint32_t seed) {
    std::uint32_t h = static_cast<std::uint32_t>(x) * 374761393u + static_cast<std::uint32_t>(y) * 668265263u + seed;
    h = (h ^ (h >> 13)) * 1274126177u;
    return ((h ^ (h >> 16)) & 0xFFFFu) / 65536.0;
}

double noise(double x, double y, std::uint32_t seed) {
    const int x0 = static_cast<int>(std::floor(x));
    const int y0 = static_cast<int>(std::floor(y));
    const double fx = x - x0;
    const double fy = y - y0;
    const double sx = fx * fx * (3 - 2 * fx);
    const double sy = fy * fy * (3 - 2 * fy);
    const double a = lattice(x0, y0, seed) + (lattice(x0 + 1, y0, seed) - lattice(x0, y0, seed)) * sx;
    const double b = lattice(x0, y0 + 1, seed) + (lattice(x0 + 1, y0 + 1, seed) - lattice(x0, y0 + 1, seed)) * sx;
    return a + (b - a) * sy;
}

// A 400 x 250 map with a coast, lakes, hills, woods and marsh, 60 rivers with crossings, 80 roads and tracks,
// 1,000 urban areas and 150 labels: about the density of the shipped Carolinas map, 23 times larger.
std::shared_ptr<MapDocument> makeMap() {
    map::MapMetadata meta;
    meta.id = "bench";
    meta.name = "Benchmark map";
    meta.width = kCols;
    meta.height = kRows;
    auto doc = std::make_shared<MapDocument>(MapDocument::createNew(meta, map::Terrain::Clear));
    map::Map& m = doc->editableMap();
    Random rnd(20260521);
    for (int row = 0; row < kRows; ++row)
        for (int col = 0; col < kCols; ++col) {
            const double e = 0.6 * noise(col / 40.0, row / 40.0, 1) + 0.4 * noise(col / 9.0, row / 9.0, 2) -
                             0.35 * std::max(0.0, (col - kCols * 0.8) / (kCols * 0.2));
            const double wet = 0.6 * noise(col / 15.0, row / 15.0, 3) + 0.4 * noise(col / 5.0, row / 5.0, 4);
            map::Terrain t = map::Terrain::Clear;
            if (e < 0.22) t = map::Terrain::Sea;
            else if (e > 0.35 && e < 0.37 && wet > 0.7) t = map::Terrain::Lake;
            else if (e > 0.78) t = map::Terrain::Difficult;
            else if (e > 0.68) t = map::Terrain::Hills;
            else if (e < 0.32 && wet > 0.5) t = map::Terrain::Marsh;
            else if (wet > 0.68) t = map::Terrain::HeavyWoods;
            else if (wet > 0.52) t = map::Terrain::Woods;
            m.setTerrain(m.offsets().toHex({col, row}), t);
        }
    auto randomLand = [&] {
        for (;;) {
            const Hex h = m.offsets().toHex({rnd.below(kCols), rnd.below(kRows)});
            if (!map::isWater(m.terrain(h))) return h;
        }
    };
    for (int i = 0; i < 60; ++i) {
        map::River r;
        r.id = "river-" + std::to_string(i);
        r.name = "River " + std::to_string(i);
        r.kind = i % 3 == 0 ? map::Watercourse::Stream : map::Watercourse::River;
        r.navigable = i % 4 == 1;
        Hex h = randomLand();
        int dir = rnd.below(6);
        for (int step = 0; step < 150; ++step) {
            if (rnd.unit() < 0.3) dir = (dir + (rnd.below(2) ? 1 : 5)) % 6;
            const Hex n = hex::neighbour(h, dir);
            if (!m.contains(n)) break;
            r.sides.push_back({h, (dir + 1) % 6});
            h = n;
        }
        if (r.sides.size() > 1) m.rivers().push_back(std::move(r));
    }
    for (const auto& r : m.rivers())
        for (std::size_t k = 10; k < r.sides.size(); k += 30)
            m.crossings().push_back({r.sides[k], k % 60 == 10 ? map::Crossing::Bridge : map::Crossing::Ford, "", 0});
    for (int i = 0; i < 80; ++i) {
        map::Route route;
        route.id = "route-" + std::to_string(i);
        route.name = "Road " + std::to_string(i);
        route.kind = static_cast<map::LinkKind>(i % 3);
        Hex h = randomLand();
        int dir = rnd.below(6);
        route.hexes.push_back(h);
        for (int step = 0; step < 120; ++step) {
            if (rnd.unit() < 0.25) dir = (dir + (rnd.below(2) ? 1 : 5)) % 6;
            const Hex n = hex::neighbour(h, dir);
            if (!m.contains(n)) break;
            route.hexes.push_back(n);
            h = n;
        }
        if (route.hexes.size() > 1) m.routes().push_back(std::move(route));
    }
    for (int i = 0; i < 1000; ++i) {
        const Hex h = randomLand();
        if (m.urbanAreaAt(h)) continue;
        const double roll = rnd.unit();
        const auto size = roll < 0.01   ? map::UrbanSize::City
                          : roll < 0.06 ? map::UrbanSize::Town
                          : roll < 0.3  ? map::UrbanSize::Village
                          : roll < 0.7  ? map::UrbanSize::Hamlet
                                        : map::UrbanSize::Farm;
        m.urbanAreas().push_back({"u" + std::to_string(i), "Place " + std::to_string(i), h, size,
                                  i % 25 == 0 ? map::Fortification::Light : map::Fortification::None, 0});
    }
    for (int i = 0; i < 150; ++i) m.labels().push_back({randomLand(), "Region " + std::to_string(i), 0});
    m.rebuildHexsides();
    m.rebuildLinks();
    return doc;
}

struct Fixture {
    std::shared_ptr<MapDocument> doc = makeMap();
    MapPainter painter{*doc};
    wxBitmap frame{kFrameW, kFrameH, 24};
    wxMemoryDC dc{frame};
    const wxRect area{0, 0, kFrameW, kFrameH};

    // A viewport of hex size `s` centred on the middle of the map (the fitted view for s = 0).
    Viewport view(double s) const {
        const Viewport fit = painter.fit(wxSize(kFrameW, kFrameH));
        if (s <= 0) return {fit.hexSize, std::round(fit.originX), std::round(fit.originY)};
        const Viewport zoomed = fit.zoomedAbout(s, kFrameW / 2.0, kFrameH / 2.0);
        return {s, std::round(zoomed.originX), std::round(zoomed.originY)};
    }
    void baseline(const Viewport& vp) {
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
        painter.paint(*gc, vp, area, gui::kLayerAll);
    }
    void cached(TileCache& tiles, const Viewport& vp) {
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
        tiles.draw(*gc, painter, vp, area);
        painter.paint(*gc, vp, area, gui::kLayerOverlay);
    }
};

Fixture& fixture() {
    static Fixture f;
    return f;
}

double zoomOf(const benchmark::State& state) { return static_cast<double>(state.range(0)); }

void visibleHexes(benchmark::State& state, const Viewport& vp) {
    const auto range = fixture().painter.visibleRange(vp, fixture().area);
    state.counters["visible_hexes"] = range.empty()
                                          ? 0
                                          : double(range.colMax - range.colMin + 1) * double(range.rowMax - range.rowMin + 1);
}

void BM_Redraw_Baseline(benchmark::State& state) {
    auto& f = fixture();
    const Viewport vp = f.view(zoomOf(state));
    for (auto _ : state) f.baseline(vp);
    visibleHexes(state, vp);
}

void BM_Redraw_Ours(benchmark::State& state) {
    auto& f = fixture();
    TileCache tiles;
    const Viewport vp = f.view(zoomOf(state));
    f.cached(tiles, vp);  // warm
    for (auto _ : state) f.cached(tiles, vp);
    visibleHexes(state, vp);
    state.counters["tiles"] = static_cast<double>(tiles.tileCount());
}

constexpr int kPanDx = 9;
constexpr int kPanDy = 4;

void BM_Pan_Baseline(benchmark::State& state) {
    auto& f = fixture();
    Viewport vp = f.view(zoomOf(state));
    const Viewport start = vp;
    int frames = 0;
    for (auto _ : state) {
        f.baseline(vp);
        vp.originX -= kPanDx;
        vp.originY -= kPanDy;
        if (++frames % 200 == 0) vp = start;
    }
}

void BM_Pan_Ours(benchmark::State& state) {
    auto& f = fixture();
    TileCache tiles;
    Viewport vp = f.view(zoomOf(state));
    const Viewport start = vp;
    f.cached(tiles, vp);
    int frames = 0;
    tiles.resetCounters();
    for (auto _ : state) {
        f.cached(tiles, vp);
        vp.originX -= kPanDx;
        vp.originY -= kPanDy;
        if (++frames % 200 == 0) vp = start;
    }
    state.counters["tiles_per_frame"] = benchmark::Counter(static_cast<double>(tiles.renderedTotal()),
                                                           benchmark::Counter::kAvgIterations);
}

// One terrain edit near the middle of the view, alternating so every edit changes the map.
edit::Edit nextEdit(const map::Map& m, const Viewport& vp, int i) {
    const hex::Layout layout = vp.layout(m.metadata().orientation);
    const Hex centre = layout.hexAt({kFrameW / 2.0 + (i % 7) * 13.0, kFrameH / 2.0 + (i % 5) * 11.0});
    return edit::paintTerrain(m, centre, 0, i % 2 ? map::Terrain::Marsh : map::Terrain::Hills);
}

void BM_Edit_Baseline(benchmark::State& state) {
    auto& f = fixture();
    const Viewport vp = f.view(zoomOf(state));
    map::Map& m = f.doc->editableMap();
    int i = 0;
    for (auto _ : state) {
        const auto e = nextEdit(m, vp, i++);
        e.apply(m);
        f.baseline(vp);
    }
}

void BM_Edit_Ours(benchmark::State& state) {
    auto& f = fixture();
    TileCache tiles;
    const Viewport vp = f.view(zoomOf(state));
    map::Map& m = f.doc->editableMap();
    f.cached(tiles, vp);
    tiles.resetCounters();
    int i = 0;
    for (auto _ : state) {
        const auto e = nextEdit(m, vp, i++);
        e.apply(m);
        tiles.invalidate(f.painter, e.touchedHexes());
        f.cached(tiles, vp);
    }
    state.counters["tiles_per_edit"] = benchmark::Counter(static_cast<double>(tiles.renderedTotal()),
                                                          benchmark::Counter::kAvgIterations);
}

void BM_ZoomCold_Baseline(benchmark::State& state) { BM_Redraw_Baseline(state); }

void BM_ZoomCold_Ours(benchmark::State& state) {
    auto& f = fixture();
    TileCache tiles;
    const Viewport vp = f.view(zoomOf(state));
    for (auto _ : state) {
        tiles.clear();
        f.cached(tiles, vp);
    }
}

// Where an "Ours" frame goes: the tile blits alone, and the overlay alone (names, urban areas, LOC, HQ).
void BM_PartTiles(benchmark::State& state) {
    auto& f = fixture();
    TileCache tiles;
    const Viewport vp = f.view(zoomOf(state));
    std::unique_ptr<wxGraphicsContext> warm(wxGraphicsContext::Create(f.dc));
    tiles.draw(*warm, f.painter, vp, f.area);
    warm.reset();
    for (auto _ : state) {
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(f.dc));
        tiles.draw(*gc, f.painter, vp, f.area);
    }
}

void BM_PartOverlay(benchmark::State& state) {
    auto& f = fixture();
    const Viewport vp = f.view(zoomOf(state));
    for (auto _ : state) {
        std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(f.dc));
        f.painter.paint(*gc, vp, f.area, gui::kLayerOverlay);
    }
}

// ---- through a real window ----------------------------------------------------------------------------------------

struct Screen {
    wxFrame* frame = nullptr;
    gui::MapCanvas* canvas = nullptr;
    bool synchronous = false;

    Screen() {
        frame = new wxFrame(nullptr, wxID_ANY, "map view benchmark", wxPoint(0, 0), wxSize(kFrameW, kFrameH));
        canvas = new gui::MapCanvas(frame);
        auto* sizer = new wxBoxSizer(wxVERTICAL);
        sizer->Add(canvas, 1, wxEXPAND);
        frame->SetSizer(sizer);
        frame->Show();
        canvas->setDocument(fixture().doc);
        settle();
        const unsigned before = canvas->paintCount();
        canvas->Refresh();
        canvas->Update();
        synchronous = canvas->paintCount() != before;
    }
    static void settle() {
        for (int i = 0; i < 50; ++i) {
            wxTheApp->Yield(true);
            wxMilliSleep(2);
        }
    }
    void frameNow() {
        canvas->Refresh();
        canvas->Update();
    }
};

Screen& screen() {
    static Screen s;
    return s;
}

void screenSetup(benchmark::State& state, bool tiles) {
    auto& s = screen();
    if (!s.synchronous) {
        state.SkipWithError("the window does not paint synchronously here");
        return;
    }
    s.canvas->setTilesEnabled(tiles);
    s.canvas->setHexSize(zoomOf(state));
    s.canvas->centreOn({0.5 * std::sqrt(3.0) * kCols, 0.75 * kRows});
    s.frameNow();
}

void screenRedraw(benchmark::State& state, bool tiles) {
    screenSetup(state, tiles);
    auto& s = screen();
    for (auto _ : state) {
        // The whole base layer again (from warm tiles), not the back buffer's picture of it.
        s.canvas->setTilesEnabled(tiles);
        s.frameNow();
    }
    state.counters["paint_ms"] = s.canvas->lastPaintMs();
}

// A drag: each frame the view moves, and between frames the window is idle as it is between two mouse moves, so
// Ours renders the tiles around the view ahead of time (MapCanvas's idle prefetch, outside the timed part).
void screenPan(benchmark::State& state, bool tiles) {
    screenSetup(state, tiles);
    auto& s = screen();
    s.canvas->tiles().resetCounters();
    int frames = 0;
    long long fresh = 0;
    for (auto _ : state) {
        s.canvas->centreOn({s.canvas->visibleWorld().GetCentre().m_x + kPanDx / zoomOf(state),
                            s.canvas->visibleWorld().GetCentre().m_y + kPanDy / zoomOf(state)});
        s.frameNow();
        fresh += s.canvas->lastPaintFreshPixels();
        if (++frames % 200 == 0) s.canvas->centreOn({0.5 * std::sqrt(3.0) * kCols, 0.75 * kRows});
        if (tiles) {
            state.PauseTiming();
            while (s.canvas->prefetchTiles(8.0)) {
            }
            state.ResumeTiming();
        }
    }
    if (tiles) {
        state.counters["tiles_per_frame"] = benchmark::Counter(static_cast<double>(s.canvas->tiles().renderedTotal()),
                                                               benchmark::Counter::kAvgIterations);
        state.counters["fresh_pixels_per_frame"] = benchmark::Counter(static_cast<double>(fresh), benchmark::Counter::kAvgIterations);
    }
}

void BM_ScreenRedraw_Baseline(benchmark::State& state) { screenRedraw(state, false); }
void BM_ScreenRedraw_Ours(benchmark::State& state) { screenRedraw(state, true); }
void BM_ScreenPan_Baseline(benchmark::State& state) { screenPan(state, false); }
void BM_ScreenPan_Ours(benchmark::State& state) { screenPan(state, true); }

void zooms(benchmark::internal::Benchmark* b) {
    b->ArgName("zoom")->Arg(3)->Arg(8)->Arg(16)->Arg(32)->Unit(benchmark::kMillisecond)->UseRealTime();
}
void panZooms(benchmark::internal::Benchmark* b) { b->ArgName("zoom")->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond)->UseRealTime(); }

}  // namespace

BENCHMARK(BM_Redraw_Baseline)->Apply(zooms);
BENCHMARK(BM_Redraw_Ours)->Apply(zooms);
BENCHMARK(BM_PartTiles)->Apply(zooms);
BENCHMARK(BM_PartOverlay)->Apply(zooms);
BENCHMARK(BM_Pan_Baseline)->Apply(panZooms);
BENCHMARK(BM_Pan_Ours)->Apply(panZooms);
BENCHMARK(BM_Edit_Baseline)->Apply(panZooms);
BENCHMARK(BM_Edit_Ours)->Apply(panZooms);
BENCHMARK(BM_ZoomCold_Baseline)->Apply(panZooms);
BENCHMARK(BM_ZoomCold_Ours)->Apply(panZooms);
BENCHMARK(BM_ScreenRedraw_Baseline)->Apply(panZooms);
BENCHMARK(BM_ScreenRedraw_Ours)->Apply(panZooms);
BENCHMARK(BM_ScreenPan_Baseline)->Apply(panZooms);
BENCHMARK(BM_ScreenPan_Ours)->Apply(panZooms);

namespace {
class BenchApp : public wxApp {
public:
    bool OnInit() override { return true; }
};
}  // namespace

int main(int argc, char** argv) {
    wxApp::SetInstance(new BenchApp);
    int wxArgc = 1;
    char* wxArgv[] = {argv[0], nullptr};
    if (!wxEntryStart(wxArgc, wxArgv) || !wxTheApp->CallOnInit()) {
        std::fprintf(stderr, "map_view_bench: cannot start wxWidgets (is there an X display? use xvfb-run)\n");
        return 1;
    }
    int status = 0;
    {
        wxEventLoop loop;
        wxEventLoopActivator active(&loop);
        benchmark::Initialize(&argc, argv);
        if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
            status = 2;
        } else {
            benchmark::RunSpecifiedBenchmarks();
            benchmark::Shutdown();
        }
    }
    wxEntryCleanup();
    return status;
}
