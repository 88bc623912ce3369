// SPDX-License-Identifier: GPL-3.0-or-later
// etat-major.md §8.1: every line of the weather, wind and daylight tables, and the §16.2 / TV-16 / TV-17 vectors.
#include "etatmajor/rules/setup.hpp"
#include "etatmajor/rules/weather.hpp"

#include <catch2/catch.hpp>

using namespace etatmajor;
using namespace etatmajor::rules;
using campaign::Season;

TEST_CASE("§8.1.2 weather table, every 2d6 total in every season", "[rules][weather]") {
    const char* summer[] = {"fine", "fine", "fine", "fine", "fine", "fine", "fine", "gusty", "gusty", "rain", "storm"};
    const char* autumn[] = {"fine", "fine", "fine", "fine", "fine", "fine", "gusty", "gusty", "rain", "rain", "storm"};
    const char* winter[] = {"fine", "fine", "gusty", "rain", "rain", "rain", "storm", "snow", "snow", "snow", "snow"};
    for (int t = 2; t <= 12; ++t) {
        INFO("2d6 = " << t);
        CHECK(weatherName(weatherFor(Season::Summer, t)) == summer[t - 2]);
        CHECK(weatherName(weatherFor(Season::Autumn, t)) == autumn[t - 2]);
        CHECK(weatherName(weatherFor(Season::Spring, t)) == autumn[t - 2]);  // Spring reads as Autumn
        CHECK(weatherName(weatherFor(Season::Winter, t)) == winter[t - 2]);
    }
    CHECK(weatherFor(Season::Summer, 3 + 4) == Weather::Fine);  // §16.2
}

TEST_CASE("§8.1.4 wind tables (G-17), every total, and TV-17", "[rules][weather]") {
    campaign::Options body, chart;
    CHECK_FALSE(chart.set("wind_table", "chart").has_value());
    const Wind b[] = {Wind::North, Wind::North, Wind::East,      Wind::East,      Wind::West,     Wind::West,
                      Wind::South, Wind::South, Wind::NorthWest, Wind::NorthEast, Wind::SouthWest};
    const Wind c[] = {Wind::North, Wind::North, Wind::North, Wind::South, Wind::South, Wind::South,
                      Wind::East,  Wind::East,  Wind::East,  Wind::West,  Wind::West};
    for (int t = 2; t <= 12; ++t) {
        INFO("2d6 = " << t);
        CHECK(windFor(t, body) == b[t - 2]);
        CHECK(windFor(t, chart) == c[t - 2]);
    }
    CHECK(windFor(5 + 4, body) == Wind::South);  // §16.2
    CHECK(windFor(5 + 4, chart) == Wind::East);
    CHECK(windFor(5, body) == Wind::East);  // TV-17
    CHECK(windFor(10, body) == Wind::NorthWest);
    CHECK(windFor(5, chart) == Wind::South);
    CHECK(windFor(10, chart) == Wind::East);
}

TEST_CASE("§8.1.5 daylight and §8.1.3 effects", "[rules][weather]") {
    CHECK(daylightTurns(Season::Summer) == 12);
    CHECK(daylightTurns(Season::Autumn) == 10);
    CHECK(daylightTurns(Season::Winter) == 8);
    CHECK(daylightTurns(Season::Spring) == 10);
    CHECK(musketryModifier(Weather::Fine) == 0);
    CHECK(musketryModifier(Weather::Gusty) == -1);
    CHECK(musketryModifier(Weather::Rain) == -2);
    CHECK_FALSE(musketryModifier(Weather::Storm).has_value());
    CHECK(musketryModifier(Weather::Snow) == -1);
    campaign::Options o;
    CHECK(weatherMovementModifier(Weather::Storm, true, o) == -1);
    CHECK(weatherMovementModifier(Weather::Snow, false, o) == -1);  // plus the cross-country −1 elsewhere: −2 in all
    CHECK(weatherMovementModifier(Weather::Rain, false, o) == 0);
    CHECK_FALSE(o.set("storm_snow_move", "body_additive").has_value());
    CHECK(weatherMovementModifier(Weather::Storm, false, o) == -2);
    CHECK(weatherMovementModifier(Weather::Storm, true, o) == -1);
    CHECK_FALSE(seesOnlyOwnHex(Weather::Fine));
    CHECK(seesOnlyOwnHex(Weather::Gusty));
}

TEST_CASE("TV-16: starting season bands, chart and body", "[rules][season][vector]") {
    campaign::Options chart, body;
    CHECK_FALSE(body.set("season_table", "body").has_value());
    CHECK(startingSeason(9, chart) == Season::Summer);
    CHECK(startingSeason(15, chart) == Season::Winter);
    CHECK(startingSeason(20, chart) == Season::Spring);
    CHECK(startingSeason(9, body) == Season::Autumn);
    CHECK(startingSeason(15, body) == Season::Autumn);
    CHECK(startingSeason(20, body) == Season::Winter);
    for (int t = 4; t <= 24; ++t) {  // every reachable 4d6 total against the band boundaries
        const Season c = t <= 9 ? Season::Summer : t <= 14 ? Season::Autumn : t <= 18 ? Season::Winter : Season::Spring;
        const Season b = t <= 8 ? Season::Summer : t <= 15 ? Season::Autumn : t <= 20 ? Season::Winter : Season::Spring;
        CHECK(startingSeason(t, chart) == c);
        CHECK(startingSeason(t, body) == b);
    }
}

TEST_CASE("§13.3 staff quality rows (G-101)", "[rules][staff]") {
    campaign::Options o;
    using campaign::Rating;
    using campaign::StaffRow;
    const Rating france[] = {Rating::Inept, Rating::Capable, Rating::Capable, Rating::Capable, Rating::Capable, Rating::Exceptional};
    const Rating english[] = {Rating::Inept, Rating::Inept, Rating::Capable, Rating::Capable, Rating::Capable, Rating::Exceptional};
    const Rating american[] = {Rating::Inept, Rating::Inept, Rating::Inept, Rating::Capable, Rating::Capable, Rating::Exceptional};
    const Rating other[] = {Rating::Inept, Rating::Inept, Rating::Capable, Rating::Capable, Rating::Capable, Rating::Capable};
    for (int f = 1; f <= 6; ++f) {
        INFO("face " << f);
        CHECK(staffQuality(StaffRow::France, f, o) == france[f - 1]);
        CHECK(staffQuality(StaffRow::EnglishHessian, f, o) == english[f - 1]);
        CHECK(staffQuality(StaffRow::American, f, o) == american[f - 1]);
        CHECK(staffQuality(StaffRow::Other, f, o) == other[f - 1]);
    }
    CHECK_FALSE(o.set("other_staff_table", "inept_1").has_value());
    CHECK(staffQuality(StaffRow::Other, 2, o) == Rating::Capable);
}
