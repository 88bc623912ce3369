// SPDX-License-Identifier: GPL-3.0-or-later
// Judges a picture written by `etatmajor --screenshot`: it must exist, have the requested size and show a map,
// not a blank, black or half-copied window.
//
//   etatmajor_screenshot_check PNG WIDTH HEIGHT [--counters] [--no-sea]
//
// A map shows several distinct colours, some sea blue and a good share of land colours (clear, woods, marsh,
// hills); no single colour may fill most of it and there may be hardly any pure black. With --counters it must
// also show counters of both sides: enough pixels of the exact counter fills the application uses for British and
// American MEs. --no-sea is for pictures of an inland part of a map: the sea-blue share is not required.
// Exit status 0 when all checks pass.
#include "map_style.hpp"

#include <wx/filefn.h>
#include <wx/image.h>
#include <wx/init.h>
#include <wx/log.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

namespace {

struct Shares {
    long total = 0;
    long sea = 0;
    long land = 0;
    long black = 0;
    long crownRed = 0;
    long rebelBlue = 0;
    int distinctColours = 0;  // 16-level buckets holding at least 0.5% of the picture
    double largestBucket = 0;
};

// Within a few levels of a reference colour: the inside of a counter, not antialiased river or road ink.
bool near(int r, int g, int b, const wxColour& c) {
    return std::abs(r - c.Red()) <= 6 && std::abs(g - c.Green()) <= 6 && std::abs(b - c.Blue()) <= 6;
}

bool isSea(int r, int g, int b) { return b >= 150 && b > r + 50 && b > g + 20; }
// Clear, woods, heavy woods, marsh, hills and difficult ground are all warm or green: blue well below green.
bool isLand(int r, int g, int b) { return g >= 100 && r >= 60 && b < g - 15; }

Shares measure(const wxImage& image) {
    Shares s;
    std::vector<long> buckets(4096, 0);
    const wxColour crown = etatmajor::gui::MapStyle::sideFill(etatmajor::gui::Allegiance::Crown);
    const wxColour rebel = etatmajor::gui::MapStyle::sideFill(etatmajor::gui::Allegiance::Rebel);
    const unsigned char* p = image.GetData();
    const long n = static_cast<long>(image.GetWidth()) * image.GetHeight();
    for (long i = 0; i < n; ++i, p += 3) {
        const int r = p[0], g = p[1], b = p[2];
        ++buckets[static_cast<std::size_t>((r >> 4) << 8 | (g >> 4) << 4 | (b >> 4))];
        if (isSea(r, g, b)) ++s.sea;
        if (isLand(r, g, b)) ++s.land;
        if (r < 8 && g < 8 && b < 8) ++s.black;
        if (near(r, g, b, crown)) ++s.crownRed;
        if (near(r, g, b, rebel)) ++s.rebelBlue;
    }
    s.total = n;
    for (const long c : buckets) {
        if (c * 200 >= n) ++s.distinctColours;
        s.largestBucket = std::max(s.largestBucket, static_cast<double>(c) / static_cast<double>(n));
    }
    return s;
}

int failures = 0;

void check(bool ok, const std::string& what) {
    std::cout << (ok ? "  ok    " : "  FAIL  ") << what << "\n";
    if (!ok) ++failures;
}

std::string percent(long part, long total) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * static_cast<double>(part) / static_cast<double>(std::max(1L, total)));
    return buf;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: " << argv[0] << " PNG WIDTH HEIGHT [--counters] [--no-sea]\n";
        return 2;
    }
    wxInitializer init;
    if (!init.IsOk()) {
        std::cerr << "cannot initialise wxWidgets\n";
        return 2;
    }
    wxImage::AddHandler(new wxPNGHandler);
    const std::string path = argv[1];
    const int width = std::atoi(argv[2]);
    const int height = std::atoi(argv[3]);
    bool counters = false;
    bool sea = true;
    for (int i = 4; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--counters") {
            counters = true;
        } else if (flag == "--no-sea") {
            sea = false;
        } else {
            std::cerr << "unknown option " << flag << "\n";
            return 2;
        }
    }

    std::cout << path << ":\n";
    if (!wxFileExists(path)) {
        check(false, "the file exists");
        return 1;
    }
    wxImage image;
    {
        wxLogNull quiet;
        if (!image.LoadFile(path, wxBITMAP_TYPE_PNG) || !image.IsOk()) {
            check(false, "the file is a readable PNG");
            return 1;
        }
    }
    check(image.GetWidth() == width && image.GetHeight() == height, "size is " + std::to_string(width) + "x" + std::to_string(height) +
                                                                        " (found " + std::to_string(image.GetWidth()) + "x" +
                                                                        std::to_string(image.GetHeight()) + ")");

    const Shares s = measure(image);
    check(s.distinctColours >= 4, "at least 4 clearly distinct colours (found " + std::to_string(s.distinctColours) + ")");
    check(s.largestBucket <= 0.6,
          "no colour covers more than 60% (largest " + percent(static_cast<long>(s.largestBucket * 1e6), 1000000) + ")");
    check(s.black * 100 <= s.total * 2, "pure black covers at most 2% (found " + percent(s.black, s.total) + ")");
    if (sea) check(s.sea * 100 >= s.total * 2, "sea blue covers at least 2% (found " + percent(s.sea, s.total) + ")");
    check(s.land * 100 >= s.total * 20, "land colours cover at least 20% (found " + percent(s.land, s.total) + ")");
    if (counters) {
        check(s.crownRed >= 150, "British red counters are shown (" + std::to_string(s.crownRed) + " pixels)");
        check(s.rebelBlue >= 150, "American blue counters are shown (" + std::to_string(s.rebelBlue) + " pixels)");
    }
    return failures == 0 ? 0 : 1;
}
