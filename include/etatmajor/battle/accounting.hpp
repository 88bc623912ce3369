// SPDX-License-Identifier: GPL-3.0-or-later
// Points accounting and the winner (tactical-resolver.md §2.21, §1.17; rulebook ¶577). Points are exact rationals
// with denominator 6 (crew thirds and halves), kept as integer sixths.
#pragma once

#include "etatmajor/battle/types.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace etatmajor::battle {

class Points6 {
public:
    constexpr Points6() = default;
    static constexpr Points6 sixths(std::int64_t s) { return Points6(s); }
    static constexpr Points6 whole(std::int64_t p) { return Points6(p * 6); }
    // value × num / den, which must come out in whole sixths (it does for every §2.21 quantity).
    static Points6 fraction(std::int64_t value, std::int64_t num, std::int64_t den);
    constexpr std::int64_t inSixths() const { return m_sixths; }
    Points6 half() const { return Points6(m_sixths / 2); }
    Points6& operator+=(Points6 o) {
        m_sixths += o.m_sixths;
        return *this;
    }
    Points6& operator-=(Points6 o) {
        m_sixths -= o.m_sixths;
        return *this;
    }
    friend Points6 operator+(Points6 a, Points6 b) { return Points6(a.m_sixths + b.m_sixths); }
    friend Points6 operator-(Points6 a, Points6 b) { return Points6(a.m_sixths - b.m_sixths); }
    friend auto operator<=>(Points6 a, Points6 b) = default;
    // "110", "35/2", "-4/3": reduced rational text (§3: rationals as "num/den").
    std::string text() const;

private:
    constexpr explicit Points6(std::int64_t s) : m_sixths(s) {}
    std::int64_t m_sixths = 0;
};

enum class LedgerKind : std::uint8_t {
    Casualties,         // full: stands and figures removed by fire or close assault, destroyed guns
    Massacred,          // full
    StaffCaptured,      // full
    GunsCaptured,       // full
    EngineersCaptured,  // full
    Routing,            // half: routing at the end
    Surrendered,        // half
    OffTable,           // half: off table and not back
    Scattered,          // half
    SpentRemnant,       // half: the last stand of a unit removed as spent (¶553)
    Colours,            // gained
    Objective           // gained
};
std::string_view ledgerKindName(LedgerKind k);

struct LedgerItem {
    LedgerKind kind = LedgerKind::Casualties;
    std::string what;  // unit, general or gun id
    Points6 points;    // what it costs or gains (half items are already halved)
};

struct SideLedger {
    Points6 start;
    std::vector<LedgerItem> full;
    std::vector<LedgerItem> half;
    std::vector<LedgerItem> gained;

    Points6 lostFull() const;
    Points6 lostHalf() const;
    Points6 gainedTotal() const;
    Points6 score() const { return start - lostFull() - lostHalf() + gainedTotal(); }  // ¶577
    Points6 netLoss() const { return lostFull() + lostHalf() - gainedTotal(); }        // decides the winner
    Points6 pointsLostForVcs() const { return lostFull() + lostHalf(); }
};

enum class Decisiveness : std::uint8_t { Marginal, Clear, Decisive };
std::string_view decisivenessName(Decisiveness d);

struct Verdict {
    int winner = kNoSide;  // kNoSide: draw (equal net loss)
    Points6 margin;        // difference of net losses
    Decisiveness decisiveness = Decisiveness::Marginal;
};
// §2.21: the smaller net loss wins; margin < 10 % of the smaller start is marginal, 10–25 % clear, > 25 % decisive.
Verdict settle(const SideLedger& a, const SideLedger& b);

}  // namespace etatmajor::battle
