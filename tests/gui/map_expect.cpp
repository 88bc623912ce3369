// SPDX-License-Identifier: GPL-3.0-or-later
// Checks a map saved by the editor against the map it started from, independently of the editor's own code, and
// makes the fixtures the editor tests need.
//
//   etatmajor_map_expect brush ORIGINAL EDITED TERRAIN RADIUS HEX HEX...
//       EDITED must equal ORIGINAL except that every on-map hex within RADIUS of the straight hex line through the
//       HEXes (col,row) has TERRAIN: nothing else may differ, nothing more may be painted.
//   etatmajor_map_expect same ORIGINAL EDITED
//       the two files hold the same map.
//   etatmajor_map_expect make-scan PNG WIDTH HEIGHT
//       writes a sepia picture that looks like an old scanned map (a background image to trace over).
// Exit status 0 when the check holds, 1 when it does not, 2 for a usage error.
#include "etatmajor/hex/hex.hpp"
#include "etatmajor/io/map_xml.hpp"

#include <wx/image.h>
#include <wx/init.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <set>
#include <string>
#include <vector>

using namespace etatmajor;

namespace {

int usage() {
    std::cerr << "usage: etatmajor_map_expect brush ORIGINAL EDITED TERRAIN RADIUS HEX HEX...\n"
                 "       etatmajor_map_expect same ORIGINAL EDITED\n"
                 "       etatmajor_map_expect make-scan PNG WIDTH HEIGHT\n";
    return 2;
}

int brush(const std::vector<std::string>& args) {
    if (args.size() < 6) return usage();
    const auto original = io::readMapFile(args[0]).map;
    auto edited = io::readMapFile(args[1]);
    const auto terrain = map::terrainFromName(args[2]);
    if (!terrain) return usage();
    const int radius = std::atoi(args[3].c_str());
    std::vector<hex::Hex> points;
    for (std::size_t i = 4; i < args.size(); ++i) {
        const auto o = hex::parseOffset(args[i]);
        if (!o) return usage();
        points.push_back(original.offsets().toHex(*o));
    }
    // The hexes a brush stroke through these points must cover.
    std::set<hex::Hex> painted;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const auto path = i + 1 < points.size() ? hex::line(points[i], points[i + 1]) : std::vector<hex::Hex>{points[i]};
        for (const auto c : path)
            for (const auto h : hex::spiral(c, radius))
                if (original.contains(h)) painted.insert(h);
    }
    int wrong = 0;
    for (const auto h : original.allHexes()) {
        const auto want = painted.count(h) ? *terrain : original.terrain(h);
        if (edited.map.terrain(h) != want) {
            if (++wrong <= 10)
                std::cout << "  hex " << hex::formatOffset(original.offsets().toOffset(h)) << ": "
                          << map::terrainName(edited.map.terrain(h)) << ", expected " << map::terrainName(want) << "\n";
        }
    }
    // Apart from the terrain, nothing changed.
    map::Map rest = original;
    for (const auto h : original.allHexes()) rest.setTerrain(h, edited.map.terrain(h));
    const bool othersSame = io::writeMapString(rest) == io::writeMapString(edited.map);
    std::cout << "  " << painted.size() << " hexes painted " << args[2] << ", " << wrong << " wrong; "
              << (othersSame ? "everything else unchanged" : "SOMETHING ELSE CHANGED") << "\n";
    return wrong == 0 && othersSame && edited.issues.empty() ? 0 : 1;
}

int same(const std::vector<std::string>& args) {
    if (args.size() != 2) return usage();
    const bool ok = io::writeMapString(io::readMapFile(args[0]).map) == io::writeMapString(io::readMapFile(args[1]).map);
    std::cout << "  " << (ok ? "the maps are the same" : "THE MAPS DIFFER") << "\n";
    return ok ? 0 : 1;
}

// A small deterministic value noise in [0,1).
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

void stamp(wxImage& img, double cx, double cy, double r, unsigned char red, unsigned char green, unsigned char blue, double strength) {
    for (int y = static_cast<int>(cy - r - 1); y <= static_cast<int>(cy + r + 1); ++y)
        for (int x = static_cast<int>(cx - r - 1); x <= static_cast<int>(cx + r + 1); ++x) {
            if (x < 0 || y < 0 || x >= img.GetWidth() || y >= img.GetHeight()) continue;
            const double d = std::hypot(x - cx, y - cy);
            const double a = std::clamp(r + 0.5 - d, 0.0, 1.0) * strength;
            if (a <= 0) continue;
            const auto mix = [a](unsigned char from, unsigned char to) {
                return static_cast<unsigned char>(std::lround(from + (to - from) * a));
            };
            img.SetRGB(x, y, mix(img.GetRed(x, y), red), mix(img.GetGreen(x, y), green), mix(img.GetBlue(x, y), blue));
        }
}

int makeScan(const std::vector<std::string>& args) {
    if (args.size() != 3) return usage();
    const int w = std::atoi(args[1].c_str());
    const int h = std::atoi(args[2].c_str());
    if (w < 16 || h < 16) return usage();
    wxImage img(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const double v = 0.55 * noise(x / 90.0, y / 90.0, 1) + 0.3 * noise(x / 23.0, y / 23.0, 2) + 0.15 * lattice(x, y, 3);
            img.SetRGB(x, y, static_cast<unsigned char>(196 + 46 * v), static_cast<unsigned char>(178 + 42 * v),
                       static_cast<unsigned char>(136 + 40 * v));
        }
    std::uint32_t seed = 12345;
    auto rnd = [&seed] {
        seed = seed * 1664525u + 1013904223u;
        return (seed >> 8) / 16777216.0;
    };
    // Rivers wander from the top edge towards the bottom right, thickening as they go.
    for (int river = 0; river < 6; ++river) {
        double x = w * (0.08 + 0.16 * river);
        double y = 0;
        double angle = 1.2 + 0.2 * rnd();
        for (int step = 0; y < h && x < w && x > 0; ++step) {
            angle = std::clamp(angle + (rnd() - 0.5) * 0.35, 0.6, 2.0);
            x += std::cos(angle) * 2.0;
            y += std::sin(angle) * 2.0;
            stamp(img, x, y, 1.2 + 1.8 * y / h, 64, 72, 96, 0.85);
        }
    }
    // Roads: thin dashed reddish lines across.
    for (int road = 0; road < 4; ++road) {
        double x = 0;
        double y = h * (0.15 + 0.22 * road);
        double angle = 0.1 * (rnd() - 0.5);
        for (int step = 0; x < w && y > 0 && y < h; ++step) {
            angle = std::clamp(angle + (rnd() - 0.5) * 0.2, -0.7, 0.7);
            x += std::cos(angle) * 1.5;
            y += std::sin(angle) * 1.5;
            if ((step / 6) % 2 == 0) stamp(img, x, y, 0.9, 120, 50, 40, 0.8);
        }
    }
    // Hill hachures: short strokes in clusters.
    for (int hill = 0; hill < 40; ++hill) {
        const double cx = rnd() * w;
        const double cy = rnd() * h;
        for (int k = 0; k < 14; ++k) {
            const double a = k * 0.45;
            for (int t = 0; t < 6; ++t)
                stamp(img, cx + std::cos(a) * (10 + t), cy + std::sin(a) * (7 + t * 0.7), 0.6, 110, 86, 60, 0.6);
        }
    }
    // A double frame, as printed maps have.
    for (int x = 0; x < w; ++x)
        for (const int y : {4, 5, h - 6, h - 5, 10, h - 11}) stamp(img, x, y, 0.5, 70, 56, 40, 0.9);
    for (int y = 0; y < h; ++y)
        for (const int x : {4, 5, w - 6, w - 5, 10, w - 11}) stamp(img, x, y, 0.5, 70, 56, 40, 0.9);
    wxImage::AddHandler(new wxPNGHandler);
    if (!img.SaveFile(args[0], wxBITMAP_TYPE_PNG)) {
        std::cerr << args[0] << ": error: cannot write the picture\n";
        return 1;
    }
    std::cout << "  wrote " << args[0] << " (" << w << "x" << h << ")\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    wxInitializer init;
    const std::string mode = argv[1];
    const std::vector<std::string> args(argv + 2, argv + argc);
    try {
        if (mode == "brush") return brush(args);
        if (mode == "same") return same(args);
        if (mode == "make-scan") return makeScan(args);
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        return 1;
    }
    return usage();
}
