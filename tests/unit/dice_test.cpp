// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/dice/dice.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cmath>

using namespace etatmajor::dice;

TEST_CASE("SplitMix64 matches the reference sequence", "[dice]") {
    // Reference outputs of Vigna's splitmix64.c for state 0.
    SplitMix64 g(0);
    CHECK(g.next() == 0xE220A8397B1DCDAFULL);
    CHECK(g.next() == 0x6E789E6AA1B965F4ULL);
    CHECK(g.next() == 0x06C45D188009454FULL);
    // mix() is the finaliser applied to v + gamma, i.e. the first output from state v.
    SplitMix64 h(12345);
    CHECK(SplitMix64::mix(12345) == h.next());
}

TEST_CASE("the same seed gives the same rolls; another seed gives others", "[dice]") {
    auto rolls = [](std::uint64_t seed) {
        SeededSource s(seed);
        std::vector<int> out;
        RollRequest r{"test", "none", "", 1, 6, 0};
        for (int i = 0; i < 200; ++i) out.push_back(s.roll(6, r));
        return out;
    };
    CHECK(rolls(7) == rolls(7));
    CHECK(rolls(7) != rolls(8));
    // Continuing from a saved state reproduces the rest of the stream.
    SeededSource a(99);
    RollRequest r{"test", "none", "", 1, 6, 0};
    for (int i = 0; i < 50; ++i) a.roll(6, r);
    SeededSource b(a.state());
    for (int i = 0; i < 50; ++i) CHECK(a.roll(6, r) == b.roll(6, r));
}

TEST_CASE("the seeded d6 is uniform (chi-square over 60000 rolls, 5 d.o.f., p = 0.001 bound 20.5)", "[dice]") {
    for (std::uint64_t seed : {1ULL, 2ULL, 3ULL}) {
        SeededSource s(seed);
        std::array<int, 6> counts{};
        RollRequest r{"test", "none", "", 1, 6, 0};
        const int n = 60000;
        for (int i = 0; i < n; ++i) {
            const int f = s.roll(6, r);
            REQUIRE(f >= 1);
            REQUIRE(f <= 6);
            ++counts[static_cast<std::size_t>(f - 1)];
        }
        double chi2 = 0;
        for (int c : counts) chi2 += (c - n / 6.0) * (c - n / 6.0) / (n / 6.0);
        CHECK(chi2 < 20.5);
    }
}

TEST_CASE("4d6 totals follow their distribution (mean 14 within 1%, variance 35/3 within 5%)", "[dice]") {
    SeededSource s(2024);
    MemoryLog log;
    Dice dice(s, log);
    const int n = 20000;
    double sum = 0, sq = 0;
    for (int i = 0; i < n; ++i) {
        const int v = dice.roll({"season", "etat-major.md §8.1.1", "", 4, 6, 0}).result;
        REQUIRE(v >= 4);
        REQUIRE(v <= 24);
        sum += v;
        sq += static_cast<double>(v) * v;
    }
    const double mean = sum / n;
    const double var = sq / n - mean * mean;
    CHECK(mean == Approx(14.0).epsilon(0.01));
    CHECK(var == Approx(4 * 35.0 / 12.0).epsilon(0.05));
    CHECK(log.records().size() == static_cast<std::size_t>(n));
}

TEST_CASE("scripted dice play back exactly and fail loudly", "[dice]") {
    ScriptedSource s({3, 5, 6, 1});
    MemoryLog log;
    Dice dice(s, log, 10);
    dice.setContext(3, 2, "D3");
    const auto r = dice.roll({"order receipt", "etat-major.md §8.3", "me-1", 2, 6, -1});
    CHECK(r.faces == std::vector<int>{3, 5});
    CHECK(r.result == 7);
    CHECK(r.expression == "2d6-1");
    CHECK(r.sequence == 10);
    dice.effect(r, "received");
    REQUIRE(log.records().size() == 1);
    const auto& rec = log.records()[0];
    CHECK(rec.week == 3);
    CHECK(rec.day == 2);
    CHECK(rec.phase == "D3");
    CHECK(rec.subject == "me-1");
    CHECK(rec.rule == "etat-major.md §8.3");
    CHECK(rec.effect == "received");
    CHECK(dice.nextSequence() == 11);

    CHECK(dice.roll({"x", "y", "", 1, 6, 2}).result == 8);
    CHECK(dice.roll({"x", "y", "", 1, 4, 0}).result == 1);           // the last scripted face
    CHECK_THROWS_AS(dice.roll({"x", "y", "", 1, 6, 0}), DiceError);  // nothing left
    ScriptedSource bad({7});
    Dice d2(bad, log);
    CHECK_THROWS_AS(d2.roll({"x", "y", "", 1, 6, 0}), DiceError);  // a 7 on a d6
    ScriptedSource empty({});
    Dice d3(empty, log);
    CHECK_THROWS_WITH(d3.roll({"weather", "etat-major.md §8.1.2", "", 2, 6, 0}), Catch::Contains("ran out"));
}

TEST_CASE("manual dice ask for every die and reject impossible faces", "[dice]") {
    std::vector<std::string> asked;
    int next = 0;
    const std::array<int, 3> typed{4, 2, 9};
    ManualSource s([&](const RollRequest& req, int, int) {
        asked.push_back(req.purpose);
        return typed[static_cast<std::size_t>(next++)];
    });
    MemoryLog log;
    Dice dice(s, log);
    CHECK(dice.roll({"wind", "etat-major.md §8.1.4", "", 2, 6, 0}).result == 6);
    CHECK(asked == std::vector<std::string>{"wind", "wind"});
    CHECK_THROWS_AS(dice.roll({"weather", "etat-major.md §8.1.2", "", 1, 6, 0}), DiceError);
}
