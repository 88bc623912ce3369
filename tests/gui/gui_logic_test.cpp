// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI's window-free logic: recognising and loading files, and the viewport geometry the canvas relies on.
// Needs no display.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "map_document.hpp"
#include "map_painter.hpp"
#include "window_layout.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

using etatmajor::gui::Allegiance;
using etatmajor::gui::DocumentKind;
using etatmajor::gui::fitOntoScreens;
using etatmajor::gui::LoadError;
using etatmajor::gui::MapDocument;
using etatmajor::gui::MapPainter;
using etatmajor::gui::PaneEnd;
using etatmajor::gui::paneSizeAt;
using etatmajor::gui::sashPositionFor;
using etatmajor::gui::Viewport;

namespace {

const std::string kData = std::string(ETATMAJOR_GUI_TEST_DATA) + "/";

std::string writeTemp(const std::string& name, const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / ("etatmajor-gui-test-" + name);
    std::ofstream(path) << text;
    return path.string();
}

std::string loadErrorOf(const std::string& path) {
    try {
        MapDocument::load(path);
    } catch (const LoadError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

TEST_CASE("files are recognised by their first bytes") {
    CHECK(MapDocument::detectKind(kData + "test-coast.xml") == DocumentKind::Map);
    CHECK(MapDocument::detectKind(kData + "test-campaign.xml") == DocumentKind::Campaign);
    CHECK(MapDocument::detectKind(writeTemp("db", std::string("SQLite format 3\0rest", 20))) == DocumentKind::CampaignDatabase);
    CHECK(MapDocument::detectKind(writeTemp("comment.xml", "<?xml version=\"1.0\"?>\n<!-- <campaign> -->\n<map/>")) ==
          DocumentKind::Map);
    CHECK_THROWS_AS(MapDocument::detectKind(writeTemp("other.xml", "<?xml version=\"1.0\"?>\n\n<scenario/>")), LoadError);
}

TEST_CASE("a file of another XML kind is refused with its name and line") {
    const auto path = writeTemp("other.xml", "<?xml version=\"1.0\"?>\n\n<scenario/>");
    CHECK(loadErrorOf(path) == path + ":3: error: the root element <scenario> is neither <map> nor <campaign>");
}

TEST_CASE("a malformed map is refused with its name and line") {
    const std::string message = loadErrorOf(kData + "broken-map.xml");
    CHECK(message.rfind(kData + "broken-map.xml:4: error", 0) == 0);
}

TEST_CASE("a missing file and a file that is no database are refused with their names") {
    CHECK(loadErrorOf(kData + "no-such-file.xml").find("no-such-file.xml") != std::string::npos);
    const auto junk = writeTemp("junk.db", "this is not a campaign database at all");
    const std::string message = loadErrorOf(junk);
    CHECK(message.find(junk) != std::string::npos);
    CHECK(message.find("error DB-") != std::string::npos);
}

TEST_CASE("a campaign file opens its map and places the MEs of both sides") {
    const auto doc = MapDocument::load(kData + "test-campaign.xml");
    CHECK(doc.kind() == DocumentKind::Campaign);
    CHECK(doc.title() == "Test Coast Campaign");
    CHECK(doc.map().metadata().id == "gui-test-coast");
    REQUIRE(doc.sides().size() == 2);
    CHECK(doc.sides()[0].allegiance == Allegiance::Crown);
    CHECK(doc.sides()[1].allegiance == Allegiance::Rebel);
    REQUIRE(doc.counters().size() == 4);
    const auto& port = *doc.map().urbanArea("port");
    CHECK(doc.counters()[0].hex == port.hex);
    CHECK(doc.counters()[0].label == "1st Bde (Madder)");
    CHECK(doc.counters()[3].entering);
    CHECK(doc.allegianceOf("british") == Allegiance::Crown);
    CHECK(doc.allegianceOf("american") == Allegiance::Rebel);
}

TEST_CASE("fitting shows the whole map inside the margin, centred") {
    const auto doc = MapDocument::load(kData + "test-coast.xml");
    const MapPainter painter(doc);
    const wxSize size(800, 600);
    const Viewport vp = painter.fit(size, 10.0);
    const auto layout = vp.layout(doc.map().metadata().orientation);
    double left = 1e9, right = -1e9, top = 1e9, bottom = -1e9;
    for (const auto h : doc.map().allHexes())
        for (const auto p : layout.corners(h)) {
            left = std::min(left, p.x);
            right = std::max(right, p.x);
            top = std::min(top, p.y);
            bottom = std::max(bottom, p.y);
        }
    CHECK(left >= 10.0 - 1e-6);
    CHECK(top >= 10.0 - 1e-6);
    CHECK(right <= 790.0 + 1e-6);
    CHECK(bottom <= 590.0 + 1e-6);
    // One dimension is filled to the margin, and the map is centred in both.
    CHECK((std::abs(left - 10.0) < 1e-6 || std::abs(top - 10.0) < 1e-6));
    CHECK((left + right) / 2 == Approx(400.0));
    CHECK((top + bottom) / 2 == Approx(300.0));
}

TEST_CASE("the hex under a point is found, and nothing off the map") {
    const auto doc = MapDocument::load(kData + "test-coast.xml");
    const MapPainter painter(doc);
    const Viewport vp = painter.fit(wxSize(1000, 700));
    const auto layout = vp.layout(doc.map().metadata().orientation);
    for (const auto h : doc.map().allHexes()) {
        const auto c = layout.toPixel(h);
        const auto found = painter.hexAt(vp, wxPoint(static_cast<int>(std::lround(c.x)), static_cast<int>(std::lround(c.y))));
        REQUIRE(found);
        CHECK(*found == h);
    }
    CHECK_FALSE(painter.hexAt(vp, wxPoint(-500, -500)));
}

TEST_CASE("the visible range covers every hex that can show, and only about those") {
    const auto doc = MapDocument::load(kData + "test-coast.xml");
    const auto& m = doc.map();
    const MapPainter painter(doc);
    Viewport vp = painter.fit(wxSize(1000, 700));
    vp = vp.zoomedAbout(vp.hexSize * 3.0, 500, 350);
    const wxRect area(0, 0, 1000, 700);
    const auto range = painter.visibleRange(vp, area);
    REQUIRE_FALSE(range.empty());
    CHECK(range.colMax - range.colMin + 1 < m.width());
    CHECK(range.rowMax - range.rowMin + 1 < m.height());
    const auto layout = vp.layout(m.metadata().orientation);
    for (const auto h : m.allHexes()) {
        bool touches = false;
        for (const auto p : layout.corners(h)) touches = touches || (p.x >= 0 && p.x <= 1000 && p.y >= 0 && p.y <= 700);
        const auto c = layout.toPixel(h);
        touches = touches || (c.x >= 0 && c.x <= 1000 && c.y >= 0 && c.y <= 700);
        if (!touches) continue;
        const auto o = m.offsets().toOffset(h);
        CHECK(o.col >= range.colMin);
        CHECK(o.col <= range.colMax);
        CHECK(o.row >= range.rowMin);
        CHECK(o.row <= range.rowMax);
    }
}

TEST_CASE("zooming keeps the map point under the anchor in place") {
    const Viewport vp{20.0, 130.0, -45.0};
    const etatmajor::hex::Orientation o = etatmajor::hex::Orientation::Flat;
    const auto before = vp.layout(o).fromPixel({321.0, 207.0});
    const Viewport zoomed = vp.zoomedAbout(37.5, 321.0, 207.0);
    const auto after = zoomed.layout(o).fromPixel({321.0, 207.0});
    CHECK(zoomed.hexSize == 37.5);
    CHECK(after.q == Approx(before.q));
    CHECK(after.r == Approx(before.r));
}

TEST_CASE("a remembered window is put back where it was while it fits the screen", "[layout]") {
    const std::vector<wxRect> screens{wxRect(0, 0, 1920, 1050)};
    const wxRect there(100, 80, 1280, 800);
    CHECK(fitOntoScreens(there, screens, wxSize(400, 300)) == there);
    // No screens known (no display): as remembered.
    CHECK(fitOntoScreens(there, {}, wxSize(400, 300)) == there);
}

TEST_CASE("a remembered window too large or off the screen is shrunk and moved onto it", "[layout]") {
    const std::vector<wxRect> laptop{wxRect(0, 27, 1280, 773)};  // 1280x800 with a panel at the top
    // Remembered at 1920x1080 on a larger screen: the whole work area, no more.
    CHECK(fitOntoScreens(wxRect(0, 0, 1920, 1080), laptop, wxSize(400, 300)) == wxRect(0, 27, 1280, 773));
    // Left partly off the right and bottom edges: moved back, its size kept.
    CHECK(fitOntoScreens(wxRect(900, 600, 800, 600), laptop, wxSize(400, 300)) == wxRect(480, 200, 800, 600));
    // Off to the left and above: moved to the corner of the work area.
    CHECK(fitOntoScreens(wxRect(-500, -40, 800, 600), laptop, wxSize(400, 300)) == wxRect(0, 27, 800, 600));
    // Remembered on a second screen that is gone: on the first.
    CHECK(fitOntoScreens(wxRect(2000, 100, 1000, 700), laptop, wxSize(400, 300)) == wxRect(280, 100, 1000, 700));
    // Too small to use (a damaged setting): the minimum.
    CHECK(fitOntoScreens(wxRect(10, 40, 50, 20), laptop, wxSize(400, 300)) == wxRect(10, 40, 400, 300));
}

TEST_CASE("a remembered window goes on the screen it overlaps most", "[layout]") {
    const std::vector<wxRect> two{wxRect(0, 0, 1920, 1080), wxRect(1920, 0, 1280, 1024)};
    // Mostly on the second screen and larger than it: there, shrunk to it.
    CHECK(fitOntoScreens(wxRect(1800, 50, 1400, 1000), two, wxSize(400, 300)) == wxRect(1920, 24, 1280, 1000));
    // Straddling, mostly on the first: pulled wholly onto the first.
    CHECK(fitOntoScreens(wxRect(1000, 100, 1200, 800), two, wxSize(400, 300)) == wxRect(720, 100, 1200, 800));
}

TEST_CASE("a pane keeps its size at the sash, leaving the other its minimum", "[layout]") {
    // The tabs under the map: 250 px of a 700 px splitter with a 5 px sash.
    const int at = sashPositionFor(250, PaneEnd::Second, 700, 5, 80);
    CHECK(at == 445);
    CHECK(paneSizeAt(at, PaneEnd::Second, 700, 5) == 250);
    // The order of battle: the first pane, 340 px.
    CHECK(sashPositionFor(340, PaneEnd::First, 1280, 5, 160) == 340);
    CHECK(paneSizeAt(340, PaneEnd::First, 1280, 5) == 340);
    // Remembered on a larger screen: the map keeps its minimum, the pane gets the rest.
    CHECK(paneSizeAt(sashPositionFor(900, PaneEnd::Second, 700, 5, 80), PaneEnd::Second, 700, 5) == 615);
    // Never below the minimum either.
    CHECK(paneSizeAt(sashPositionFor(10, PaneEnd::Second, 700, 5, 80), PaneEnd::Second, 700, 5) == 80);
    // A splitter too short for both minimums: they share it.
    CHECK(sashPositionFor(300, PaneEnd::First, 105, 5, 80) == 50);
}
