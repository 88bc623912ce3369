// SPDX-License-Identifier: GPL-3.0-or-later
// §1 charts as data: hit notation, small arms, artillery, Damage Table, movement, points; seeds, parameters and
// points arithmetic.
#include "fixtures.hpp"

#include "etatmajor/battle/accounting.hpp"
#include "etatmajor/battle/charts.hpp"
#include "etatmajor/battle/params.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace etatmajor::battle;
namespace c = etatmajor::battle::charts;

TEST_CASE("hit notation: cells read hits per modified roll and expected hits in sixths", "[battle][charts]") {
    const auto cell = c::hit2(3, 6);  // 345H 6HH
    CHECK(c::cellText(cell) == "345H 6HH");
    CHECK(c::hits(cell, 2) == 0);
    CHECK(c::hits(cell, 3) == 1);
    CHECK(c::hits(cell, 5) == 1);
    CHECK(c::hits(cell, 6) == 2);
    CHECK(c::hits(cell, 0) == 0);
    CHECK(c::expectedSixths(cell, 0) == 5);   // 3 singles and one double
    CHECK(c::expectedSixths(cell, -1) == 3);  // faces 1-6 read as 0-5: only 3, 4 and 5 score, once each
    CHECK(c::cellText(c::hitOnlyTriple(6)) == "6HHH");
    CHECK(c::hits(c::hitOnlyTriple(6), 6) == 3);
}

TEST_CASE("small arms chart (§1.12) as printed, blank long-range cells read no effect (G6)", "[battle][charts]") {
    using F = c::FireTable;
    using T = TargetClass;
    CHECK(c::cellText(c::smallArmsCell(F::SteadyVolley, 100, T::Line, false)) == "345H 6HH");
    CHECK(c::cellText(c::smallArmsCell(F::SteadyVolley, 100, T::FastDispersed, false)) == "456H");
    CHECK(c::cellText(c::smallArmsCell(F::SteadyVolley, 100, T::LightCover, false)) == "456H");
    CHECK(c::cellText(c::smallArmsCell(F::SteadyVolley, 100, T::HeavyCover, false)) == "56H");
    CHECK(c::cellText(c::smallArmsCell(F::SteadyVolley, 150, T::Dense, false)) == "56H");
    CHECK(c::smallArmsCell(F::SteadyVolley, 150, T::FastDispersed, false).noEffect());
    CHECK(c::cellText(c::smallArmsCell(F::SteadyVolley, 150, T::FastDispersed, true)) == "456H");  // G6 variant
    CHECK(c::smallArmsCell(F::SteadyVolley, 201, T::Line, false).noEffect());
    CHECK(c::cellText(c::smallArmsCell(F::UnsteadyVolley, 100, T::Line, false)) == "3456H");
    CHECK(c::cellText(c::smallArmsCell(F::UnsteadyVolley, 100, T::HeavyCover, false)) == "6H");
    CHECK(c::cellText(c::smallArmsCell(F::UnsteadyVolley, 200, T::Line, false)) == "6H");
    CHECK(c::cellText(c::smallArmsCell(F::Skirmish, 100, T::Line, false)) == "56H");
    CHECK(c::cellText(c::smallArmsCell(F::Skirmish, 100, T::FastDispersed, false)) == "6H");
    CHECK(c::cellText(c::smallArmsCell(F::Mounted, 75, T::Line, false)) == "56H");
    CHECK(c::cellText(c::smallArmsCell(F::Mounted, 76, T::Line, false)) == "6H");
    CHECK(c::smallArmsCell(F::Mounted, 151, T::Line, false).noEffect());
    CHECK(c::cellText(c::smallArmsCell(F::RifleSkirmish, 200, T::FastDispersed, false)) == "56H");
    CHECK(c::cellText(c::smallArmsCell(F::RifleSkirmish, 300, T::Line, false)) == "6H");
}

TEST_CASE("artillery chart (§1.13): bands by calibre, cells, bounce-through, shell (G1–G6)", "[battle][charts]") {
    using B = c::ArtilleryBand;
    using T = TargetClass;
    CHECK(c::artilleryBand(Calibre::Light, 100) == B::PointBlank);
    CHECK(c::artilleryBand(Calibre::Light, 151) == B::Medium);
    CHECK(c::artilleryBand(Calibre::LightMedium, 300) == B::Close);
    CHECK(c::artilleryBand(Calibre::Medium, 900) == B::Long);
    CHECK(c::artilleryBand(Calibre::Heavy, 1001) == B::OutOfRange);
    CHECK(c::artilleryBand(Calibre::Siege, 1200) == B::Long);
    CHECK(c::calibreRow(Calibre::Medium).bounce[0] == 250);
    CHECK(c::calibreRow(Calibre::Heavy).bounce[3] == 200);
    CHECK(c::inShellWindow(Calibre::LightMedium, 250));
    CHECK_FALSE(c::inShellWindow(Calibre::LightMedium, 249));
    CHECK(c::cellText(c::artilleryCell(B::PointBlank, T::Dense, false)) == "34H 56HH");
    CHECK(c::cellText(c::artilleryCell(B::PointBlank, T::ClosedColumn, false)) == "23H 456HH");
    CHECK(c::cellText(c::artilleryCell(B::PointBlank, T::LightCover, false)) == "456H +cover");
    CHECK(c::cellText(c::artilleryCell(B::Close, T::Line, false)) == "3456H");
    CHECK(c::cellText(c::artilleryCell(B::Close, T::Line, true)) == "456H");  // G4 variant
    CHECK(c::cellText(c::artilleryCell(B::Medium, T::ClosedColumn, false)) == "5H 6HH");
    CHECK(c::cellText(c::artilleryCell(B::Long, T::ClosedColumn, false)) == "6HH");
    CHECK(c::artilleryCell(B::Medium, T::HeavyCover, false).noEffect());
    CHECK(c::cellText(c::shellCell(T::LightCover)) == "45H 6HH");
    CHECK(c::cellText(c::shellCell(T::HeavyCover)) == "456H");
}

TEST_CASE("Damage Table (§1.14) with the small-arms -1", "[battle][charts]") {
    using D = c::ArtilleryDamage;
    CHECK(c::artilleryDamage(6) == D::TwoCrewAndGun);
    CHECK(c::artilleryDamage(6 + c::kSmallArmsDamageModifier) == D::CrewStand);
    CHECK(c::artilleryDamage(1 + c::kSmallArmsDamageModifier) == D::LimberHalfSpeed);  // below 1 reads as 1
    CHECK(c::staffDamage(2) == c::StaffDamage::EscortLost);
    CHECK(c::staffDamage(6) == c::StaffDamage::Killed);
    CHECK_FALSE(c::aideRemoved(2));
    CHECK(c::aideRemoved(3));
}

TEST_CASE("movement, points, staff and campaign numbers (§1.2, §1.6, §1.9, §1.19)", "[battle][charts]") {
    CHECK(c::moveRates(c::MoveRow::InfantryLine).normal == 150);
    CHECK(c::moveRates(c::MoveRow::InfantryLine).pursuitOrRout == 250);
    CHECK(c::moveRates(c::MoveRow::IrregularCavalry).normal == 600);
    CHECK(c::moveRates(c::MoveRow::OpenColumn).grandTactical == 600);
    CHECK(c::classStandValue(3) == 12);
    CHECK(c::gunStandValue(Calibre::LightMedium) == 20);
    CHECK(c::initiativePoints(Rating::Exceptional) == 3);
    CHECK(c::ratingRoll(c::StaffRow::American, 3) == Rating::Inept);
    CHECK(c::ratingRoll(c::StaffRow::France, 2) == Rating::Capable);
    CHECK(c::ratingRoll(c::StaffRow::Other, 6) == Rating::Capable);  // G7: no Exceptional
    CHECK(c::replacementRating(3) == Rating::Inept);
    CHECK(c::replacementRating(4) == Rating::Capable);
    CHECK(c::scoutingPointsCavalryStand(4) == 8);  // G14 as printed
    CHECK(c::scoutingPlacesFirst(14) == 0);
    CHECK(c::scoutingPlacesFirst(60) == -1);
    CHECK(c::forcedMarchAttrition(4, Season::Winter) == 3);
    CHECK(c::weatherMusketryModifier(Weather::Rain) == -2);
    CHECK(c::or5ShakenPercent(1) == 75);
    CHECK(c::namedGenerals().size() == 26);
    CHECK(c::unitRatings().size() > 100);
    CHECK(c::reconstructions().size() == 23);
}

TEST_CASE("stands from figures: a stand one figure short still counts, a lone figure does not", "[battle]") {
    CHECK(Engine::standsOf(16, 4) == 4);
    CHECK(Engine::standsOf(15, 4) == 4);
    CHECK(Engine::standsOf(14, 4) == 3);
    CHECK(Engine::standsOf(5, 3) == 2);
    CHECK(Engine::standsOf(3, 2) == 1);  // the odd figure of a two-figure stand is alone
    CHECK(Engine::standsOf(0, 4) == 0);
}

TEST_CASE("§4.1 seed derivation and the d6 stream", "[battle][determinism]") {
    using etatmajor::dice::SplitMix64;
    const auto s = deriveBattleSeed(1780, 16, -3, 7, 2);
    std::uint64_t h = SplitMix64::mix(1780ULL ^ 16ULL);
    h = SplitMix64::mix(h ^ static_cast<std::uint64_t>(std::int64_t{-3}));
    h = SplitMix64::mix(h ^ 7ULL);
    CHECK(s == SplitMix64::mix(h ^ 2ULL));
    std::set<std::uint64_t> seeds;
    for (std::uint64_t k = 0; k < 100; ++k) seeds.insert(deriveBattleSeed(1780, 16, -3, 7, k));
    CHECK(seeds.size() == 100);
    // The battle dice are the §4.1 d6 of SplitMix64 from state = seed.
    BattleDice dice(12345);
    SplitMix64 gen(12345);
    for (int i = 0; i < 50; ++i) CHECK(dice.d6(RollTag::SmallArms) == etatmajor::dice::SeededSource::uniform(gen, 6));
    CHECK(dice.count() == 50);
}

TEST_CASE("parameters: canonical text, hash and the campaign's option keys", "[battle][params]") {
    Params p;
    const auto h = p.hash();
    CHECK(p.canonicalText().find("max_firefight=3\n") != std::string::npos);
    CHECK(p.hash() == fnv1a64(p.canonicalText()));
    REQUIRE_FALSE(p.set("tactical.max_firefight", "5"));
    CHECK(p.maxFirefight == 5);
    CHECK(p.hash() != h);
    CHECK(p.set("max_firefight", "x").has_value());
    CHECK(p.set("no_such_key", "1").has_value());
    REQUIRE_FALSE(p.set("art_line_close", "456H"));
    CHECK(p.artLineClose456);
    etatmajor::campaign::Options options;
    const auto fromCampaign = Params::fromOptions(options);
    CHECK(fromCampaign.maxFirefight == Params{}.maxFirefight);
    // A campaign with default options fights its battles with the resolver's own defaults, and every resolver
    // parameter can be set as a campaign option.
    CHECK(fromCampaign.canonicalText() == Params{}.canonicalText());
    for (const auto key : Params::keys()) CHECK(etatmajor::campaign::findOption("tactical." + std::string(key)) != nullptr);
}

TEST_CASE("points are exact sixths and print as reduced rationals", "[battle][accounting]") {
    CHECK(Points6::whole(12).text() == "12");
    CHECK(Points6::fraction(18, 2, 3).text() == "12");
    CHECK(Points6::fraction(18, 1, 3).half().text() == "3");
    CHECK(Points6::fraction(12, 1, 4).half().text() == "3/2");
    CHECK(Points6::fraction(4, 1, 3).text() == "4/3");
    CHECK(Points6::sixths(-8).text() == "-4/3");
}
