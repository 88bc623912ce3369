// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/scenario_xml.hpp"
#include "test_paths.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>

using namespace etatmajor;
using etatmajor::test::sourcePath;

namespace {
map::Map readSmall() {
    auto r = io::readMapFile(sourcePath("tests/data/maps/small.xml"));
    REQUIRE(r.issues.empty());
    return std::move(r.map);
}
hex::Hex at(const map::Map& m, int col, int row) { return m.offsets().toHex({col, row}); }
}  // namespace

TEST_CASE("the small test map reads with every feature in place", "[map][io]") {
    const auto m = readSmall();
    CHECK(m.metadata().id == "small");
    CHECK(m.metadata().kmPerHex == Approx(6.5));
    CHECK(m.width() == 8);
    CHECK(m.height() == 6);
    CHECK(m.hexCount() == 48);
    CHECK(m.terrain(at(m, 2, 1)) == map::Terrain::HeavyWoods);
    CHECK(m.terrain(at(m, 7, 1)) == map::Terrain::Difficult);
    CHECK(m.terrain(at(m, 5, 4)) == map::Terrain::Lake);
    CHECK(m.terrain(at(m, 0, 5)) == map::Terrain::Clear);  // default for rows left out

    // The river on 3,2:E, seen from either side, with its bridge.
    const auto h = at(m, 3, 2);
    const int east = hex::parseDirection(hex::Orientation::Pointy, "E");
    const auto* side = m.hexside(h, east);
    REQUIRE(side != nullptr);
    CHECK(side->watercourse == map::Watercourse::River);
    CHECK(side->navigable);
    CHECK_FALSE(side->fordable);
    CHECK(side->crossing == map::Crossing::Bridge);
    const auto* same = m.hexside(hex::neighbour(h, east), hex::oppositeDirection(east));
    CHECK(same == side);
    // The stream is fordable and its ford is recorded.
    const auto* brook = m.hexside(at(m, 1, 3), east);
    REQUIRE(brook != nullptr);
    CHECK(brook->watercourse == map::Watercourse::Stream);
    CHECK(brook->crossing == map::Crossing::Ford);

    // Roads become links in both directions.
    const auto a = at(m, 2, 2), b = at(m, 3, 2);
    CHECK(m.hasLink(a, hex::directionTo(a, b), map::LinkKind::MajorRoad));
    CHECK(m.hasLink(b, hex::directionTo(b, a), map::LinkKind::MajorRoad));
    CHECK_FALSE(m.hasLink(a, hex::directionTo(a, b), map::LinkKind::MinorRoad));

    REQUIRE(m.urbanAreas().size() == 3);
    CHECK(m.urbanAreaAt(at(m, 1, 2))->name == "Westby");
    CHECK(m.urbanArea("westby")->fortification == map::Fortification::Light);
    CHECK(m.urbanArea("eastby")->size == map::UrbanSize::Village);
    CHECK(map::urbanSupplyDice(map::UrbanSize::City) == 6);

    REQUIRE(m.sides().size() == 2);
    CHECK(m.side("blue")->homeCoast);
    CHECK(m.isCoastal(at(m, 5, 3)));
    CHECK_FALSE(m.isCoastal(at(m, 0, 0)));
    CHECK(m.onEdge(at(m, 0, 2), map::MapEdge::West));
    CHECK(m.onEdge(at(m, 7, 2), map::MapEdge::East));
    CHECK(m.validate().empty());
}

TEST_CASE("a map survives a write and a read unchanged", "[map][io]") {
    const auto m = readSmall();
    const std::string once = io::writeMapString(m);
    const auto again = io::readMapString(once, "round-trip");
    REQUIRE(again.issues.empty());
    CHECK(io::writeMapString(again.map) == once);
    for (const auto h : m.allHexes()) CHECK(again.map.terrain(h) == m.terrain(h));
    CHECK(again.map.routes().size() == m.routes().size());
    CHECK(again.map.rivers().size() == m.rivers().size());
    CHECK(again.map.crossings().size() == m.crossings().size());
    CHECK(again.map.labels().size() == m.labels().size());
    CHECK(again.map.validate().empty());
}

TEST_CASE("an edited map is saved atomically and reads back", "[map][io]") {
    auto m = readSmall();
    m.setTerrain(at(m, 0, 0), map::Terrain::Marsh);
    m.urbanAreas().push_back({"new", "Newtown", at(m, 4, 3), map::UrbanSize::Hamlet, map::Fortification::None, 0});
    const auto dir = test::scratchDir("map-save");
    const auto path = (dir / "edited.xml").string();
    { std::ofstream(path) << "old content"; }
    io::writeMapFile(m, path);
    const auto back = io::readMapFile(path);
    CHECK(back.map.terrain(at(m, 0, 0)) == map::Terrain::Marsh);
    CHECK(back.map.urbanArea("new") != nullptr);
    // No temporary files are left beside the target.
    int files = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
    CHECK(files == 1);
    // Writing into a directory that does not exist fails cleanly and names the file.
    try {
        io::writeMapFile(m, (dir / "missing" / "x.xml").string());
        FAIL("expected a FileError");
    } catch (const core::FileError& e) {
        CHECK(e.code() == "IO-WRITE");
        CHECK(e.file().find("x.xml") != std::string::npos);
    }
}

TEST_CASE("an unreadable map is a file error, not a crash", "[map][io]") {
    CHECK_THROWS_AS(io::readMapFile(sourcePath("tests/data/maps/no-such-file.xml")), core::FileError);
    const auto issues = io::validateMapFile(sourcePath("tests/data/maps/no-such-file.xml"));
    REQUIRE(issues.size() == 1);
    CHECK(issues.items()[0].code == "IO-READ");
}

TEST_CASE("semantic checks on a map built in memory", "[map]") {
    map::MapMetadata meta;
    meta.id = "mem";
    meta.name = "Memory";
    meta.width = 5;
    meta.height = 5;
    map::Map m(meta, map::Terrain::Clear);
    m.setTerrain(at(m, 4, 4), map::Terrain::Sea);
    m.routes().push_back({"r", "Road", map::LinkKind::MajorRoad, {at(m, 0, 0), at(m, 1, 0), at(m, 2, 0)}, 7});
    m.rivers().push_back({"river", "River", map::Watercourse::River, false, true, {{at(m, 1, 0), 5}}, 8});
    m.sides().push_back({"x", {map::MapEdge::North}, false, {{map::LocKind::Primary, at(m, 2, 0), "", 9}}, {}, 9});
    m.rebuildHexsides();
    m.rebuildLinks();
    CHECK(m.validate().empty());

    SECTION("a road over an unbridged river warns") {
        m.routes().push_back({"cross", "Track", map::LinkKind::MinorRoad, {at(m, 1, 0), hex::neighbour(at(m, 1, 0), 5)}, 10});
        m.rebuildLinks();
        const auto issues = m.validate();
        CHECK(issues.hasCode("MAP-ROAD-RIVER-NO-CROSSING"));
        CHECK_FALSE(issues.hasErrors());
        m.crossings().push_back({{at(m, 1, 0), 5}, map::Crossing::Ford, "", 11});
        m.rebuildHexsides();
        CHECK_FALSE(m.validate().hasCode("MAP-ROAD-RIVER-NO-CROSSING"));
    }
    SECTION("a waterway away from any navigable river warns") {
        m.routes().push_back({"w", "", map::LinkKind::NavigableRiver, {at(m, 2, 2), at(m, 3, 2)}, 12});
        CHECK(m.validate().hasCode("MAP-NAV-DRY"));
    }
    SECTION("two primary entries are refused") {
        m.sides()[0].locEntries.push_back({map::LocKind::Primary, at(m, 3, 0), "", 13});
        CHECK(m.validate().hasCode("MAP-SIDE-MULTI-PRIMARY"));
    }
    SECTION("two urban areas in one hex are refused, with the line of the second") {
        m.urbanAreas().push_back({"a", "A", at(m, 2, 2), map::UrbanSize::Farm, map::Fortification::None, 20});
        m.urbanAreas().push_back({"b", "B", at(m, 2, 2), map::UrbanSize::Farm, map::Fortification::None, 21});
        const auto issues = m.validate();
        REQUIRE(issues.hasCode("MAP-URBAN-DUP-HEX"));
        for (const auto& i : issues.items())
            if (i.code == "MAP-URBAN-DUP-HEX") CHECK(i.line == 21);
    }
}

// Every file under tests/data/errors/ must fail with the code named in its "expect:" comment, on a real line.
TEST_CASE("every error file fails with its expected code and a line number", "[map][campaign][io]") {
    int checked = 0;
    const std::regex expect(R"(<!-- expect: ([A-Z0-9-]+))");
    for (const auto& entry : std::filesystem::directory_iterator(sourcePath("tests/data/errors"))) {
        if (entry.path().extension() != ".xml") continue;
        const auto path = entry.path().string();
        const std::string text = io::readWholeFile(path);
        std::smatch m;
        INFO(path);
        REQUIRE(std::regex_search(text, m, expect));
        const std::string code = m[1];
        core::IssueList issues;
        if (entry.path().filename().string().rfind("map-", 0) == 0) {
            issues = io::validateMapFile(path);
        } else {
            issues = io::validateCampaignFile(path);
        }
        CHECK(issues.hasErrors());
        bool found = false;
        for (const auto& i : issues.items())
            if (i.code == code) {
                found = true;
                CHECK(i.line > 0);
                CHECK(i.file == path);
                CHECK(i.format().rfind(path + ":" + std::to_string(i.line) + ": error " + code, 0) == 0);
            }
        CHECK(found);
        ++checked;
    }
    CHECK(checked >= 25);
}

TEST_CASE("the shipped maps and campaigns pass the core validator without errors", "[map][campaign][smoke]") {
    int maps = 0;
    for (const auto& entry : std::filesystem::directory_iterator(sourcePath("maps"))) {
        if (entry.path().extension() != ".xml") continue;
        INFO(entry.path().string());
        const auto issues = io::validateMapFile(entry.path().string());
        for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
        CHECK_FALSE(issues.hasErrors());
        ++maps;
    }
    CHECK(maps >= 1);
    int campaigns = 0;
    for (const auto& entry : std::filesystem::directory_iterator(sourcePath("campaigns"))) {
        if (entry.path().extension() != ".xml") continue;
        INFO(entry.path().string());
        const auto issues = io::validateCampaignFile(entry.path().string());
        for (const auto& i : issues.items()) UNSCOPED_INFO(i.format());
        CHECK_FALSE(issues.hasErrors());
        ++campaigns;
    }
    CHECK(campaigns >= 1);
}
