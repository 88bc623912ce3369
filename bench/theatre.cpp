// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmarks' theatre-scale campaign (theatre.hpp).
#include "theatre.hpp"

#include "etatmajor/dice/dice.hpp"
#include "etatmajor/hex/hex.hpp"
#include "etatmajor/io/map_xml.hpp"

#include <map>
#include <sstream>
#include <vector>

namespace etatmajor::bench {

namespace {

struct SideSpec {
    const char* id;
    const char* name;
    const char* nationality;
    bool south;
};

}  // namespace

Theatre makeTheatre(map::Map m, int mesPerSide, std::uint64_t seed) {
    // The synthetic map scatters lakes and sea hexes at random; a campaign map keeps roads, towns and the sides'
    // entries and HQs off water, so those hexes are made clear.
    const auto dry = [&](hex::Hex h) {
        if (m.terrain(h) == map::Terrain::Sea || m.terrain(h) == map::Terrain::Lake) m.setTerrain(h, map::Terrain::Clear);
    };
    for (const auto& r : m.routes())
        for (const auto h : r.hexes) dry(h);
    for (const auto& u : m.urbanAreas()) dry(u.hex);
    for (const auto& sg : m.sides()) {
        for (const auto& e : sg.locEntries) dry(e.hex);
        for (const auto h : sg.hqHexes) dry(h);
    }
    Theatre t;
    t.mapText = io::writeMapString(m);
    const auto sys = m.offsets();
    const int width = m.metadata().width, height = m.metadata().height;
    dice::SplitMix64 rng(seed);
    const auto below = [&](int n) { return static_cast<int>(rng.next() % static_cast<std::uint64_t>(n)); };
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<campaign formatVersion=\"1\" id=\"theatre\" name=\"Theatre benchmark\" theatre=\"Synthetic\" map=\"theatre-map.xml\" "
         "year=\"1780\" lengthWeeks=\"21\">\n"
      << "  <start season=\"summer\" seasonWeek=\"1\" date=\"1780-06-01\"/>\n";
    std::map<hex::Hex, int> stack;
    const SideSpec sides[] = {{"british", "British", "british", true}, {"american", "American", "american", false}};
    for (const auto& side : sides) {
        // The side's urban areas: those in its half of the map.
        std::vector<const map::UrbanArea*> towns;
        for (const auto& u : m.urbanAreas()) {
            const int row = sys.toOffset(u.hex).row;
            if ((row >= height / 2) == side.south) towns.push_back(&u);
        }
        const std::string sid = side.id;
        x << "  <side id=\"" << sid << "\" name=\"" << side.name << "\" nationalities=\"" << side.nationality
          << "\" pointsLimit=\"1000000\">\n"
          << "    <player id=\"" << sid << "-cic\" name=\"Commander-in-chief\" role=\"overall_commander\"/>\n";
        for (int k = 0; k < mesPerSide; ++k)
            x << "    <player id=\"" << sid << "-p" << k << "\" name=\"Brigadier " << k << "\" role=\"me_commander\"/>\n";
        x << "    <army id=\"" << sid << "-army\" name=\"Army\">\n"
          << "      <general id=\"" << sid << "-chief\" name=\"General\" nationality=\"" << side.nationality
          << "\" rank=\"army_commander\" arm=\"mixed\" rating=\"capable\" aides=\"2\"/>\n";
        for (int k = 0; k < mesPerSide; ++k) {
            const std::string f = sid + "-b" + std::to_string(k);
            x << "      <formation id=\"" << f << "\" name=\"Brigade " << k << "\" kind=\"brigade\">\n"
              << "        <general id=\"" << f << "-g\" name=\"Brigadier " << k << "\" nationality=\"" << side.nationality
              << "\" rank=\"brigade\" rating=\"capable\" aides=\"1\"/>\n"
              << "        <unit id=\"" << f << "-line\" name=\"Battalion " << k << "\" nationality=\"" << side.nationality
              << "\" type=\"line_infantry\" class=\"3\" stands=\"4\"/>\n"
              << "        <unit id=\"" << f << "-light\" name=\"Light company " << k << "\" nationality=\"" << side.nationality
              << "\" type=\"light_infantry\" class=\"4\" stands=\"2\"/>\n"
              << "      </formation>\n";
        }
        x << "    </army>\n";
        for (int k = 0; k < mesPerSide; ++k) {
            const std::string f = sid + "-b" + std::to_string(k);
            hex::Hex h;
            do {
                const int row = side.south ? height / 2 + below(height - height / 2) : below(height / 2);
                h = sys.toHex({below(width), row});
            } while (stack[h] >= 3 || m.terrain(h) == map::Terrain::Sea || m.terrain(h) == map::Terrain::Lake);
            ++stack[h];
            const map::UrbanArea* best = nullptr;
            for (const auto* u : towns)
                if (!best || hex::distance(u->hex, h) < hex::distance(best->hex, h)) best = u;
            const auto at = sys.toOffset(h);
            x << "    <me id=\"" << f << "-me\" label=\"Brigade " << k << "\" mode=\"march\" supply=\"" << best->id
              << "\" commander=\"" << sid << "-p" << k << "\" hex=\"" << at.col << "," << at.row << "\">\n"
              << "      <member ref=\"" << f << "\"/>\n";
            if (k == 0) x << "      <member ref=\"" << sid << "-chief\"/>\n";
            x << "    </me>\n";
        }
        x << "  </side>\n";
    }
    // G-63: each side one primary and three secondary objectives, urban areas in the enemy's half.
    x << "  <objectives>\n";
    for (const auto& side : sides) {
        int n = 0;
        for (const auto& u : m.urbanAreas()) {
            const int row = sys.toOffset(u.hex).row;
            if ((row >= height / 2) == side.south || n >= 4) continue;
            x << "    <objective id=\"" << side.id << "-o" << n << "\" name=\"Objective " << n << "\" kind=\""
              << (n == 0 ? "primary" : "secondary") << "\" urban=\"" << u.id << "\" assignedTo=\"" << side.id << "\" writtenBy=\""
              << (side.south ? "american" : "british") << "\"/>\n";
            ++n;
        }
    }
    x << "  </objectives>\n";
    x << "</campaign>\n";
    t.scenarioText = x.str();
    return t;
}

}  // namespace etatmajor::bench
