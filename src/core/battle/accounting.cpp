// SPDX-License-Identifier: GPL-3.0-or-later
// Points accounting and the winner (tactical-resolver.md §2.21).
#include "etatmajor/battle/accounting.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <stdexcept>

namespace etatmajor::battle {

Points6 Points6::fraction(std::int64_t value, std::int64_t num, std::int64_t den) {
    const std::int64_t scaled = value * 6 * num;
    if (den == 0 || scaled % den != 0) throw std::logic_error("points do not come out in sixths");
    return Points6(scaled / den);
}

std::string Points6::text() const {
    std::int64_t n = m_sixths;
    std::int64_t d = 6;
    const std::int64_t g = std::gcd(n < 0 ? -n : n, d);
    if (g > 1) {
        n /= g;
        d /= g;
    }
    if (d == 1) return std::to_string(n);
    return std::to_string(n) + "/" + std::to_string(d);
}

std::string_view ledgerKindName(LedgerKind k) {
    static constexpr std::array<std::string_view, 12> kNames{"casualties",         "massacred",     "staff_captured", "guns_captured",
                                                             "engineers_captured", "routing",       "surrendered",    "off_table",
                                                             "scattered",          "spent_remnant", "colours",        "objective"};
    return kNames[static_cast<std::size_t>(k)];
}

namespace {
Points6 sum(const std::vector<LedgerItem>& items) {
    Points6 total;
    for (const auto& i : items) total += i.points;
    return total;
}
}  // namespace

Points6 SideLedger::lostFull() const { return sum(full); }
Points6 SideLedger::lostHalf() const { return sum(half); }
Points6 SideLedger::gainedTotal() const { return sum(gained); }

std::string_view decisivenessName(Decisiveness d) {
    switch (d) {
        case Decisiveness::Marginal: return "MARGINAL";
        case Decisiveness::Clear: return "CLEAR";
        case Decisiveness::Decisive: return "DECISIVE";
    }
    return "?";
}

Verdict settle(const SideLedger& a, const SideLedger& b) {
    Verdict v;
    const Points6 na = a.netLoss();
    const Points6 nb = b.netLoss();
    if (na < nb) v.winner = kSideA;
    else if (nb < na) v.winner = kSideB;
    v.margin = na < nb ? nb - na : na - nb;
    // Decisiveness [X]: the margin against the smaller side's start points, compared in sixths × 100.
    const std::int64_t smaller = std::min(a.start.inSixths(), b.start.inSixths());
    const std::int64_t m100 = v.margin.inSixths() * 100;
    if (smaller <= 0 || m100 > 25 * smaller) v.decisiveness = Decisiveness::Decisive;
    else if (m100 >= 10 * smaller) v.decisiveness = Decisiveness::Clear;
    else v.decisiveness = Decisiveness::Marginal;
    if (v.winner == kNoSide) v.decisiveness = Decisiveness::Marginal;
    return v;
}

}  // namespace etatmajor::battle
