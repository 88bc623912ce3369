// SPDX-License-Identifier: GPL-3.0-or-later
// The fog-of-war audit's knowledge model: what one side (the viewer, "A") may know of the other ("B") at one moment
// of a campaign, computed from the host's view of the campaign database and A's own intelligence, and the items of
// B it may not see. Each forbidden item belongs to a small named check with the reason it is secret; `findLeaks`
// looks for them in one captured output.
//
// Positions of face-down counters are public under the default counter_positions = public (G-40), so hexes alone
// are never forbidden; a route of B (two hexes or more, in order) is.
#pragma once

#include "capture.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace etatmajor::audit {

// A piece of text of B that A may not see. `wholeWord`: it counts only between non-identifier characters (ids,
// surnames); otherwise anywhere, case-sensitively (names, labels, roll texts).
struct Term {
    std::string text;
    bool wholeWord = false;
    std::string check, item, reason;
};

// A figure of B, forbidden where it is printed as such: after/before the words of one of its `contexts`
// ("points", "pts", "of", "SP", "stands", "figures", "lost", "below", "VCS", "baseline") or as the value of a JSON
// key ("json:baseline", ...).
struct Figure {
    long value = 0;
    std::set<std::string> contexts;
    std::string check, item, reason;
};

// A route B ordered (an ME's path or a decoy's), as the hexes "col,row" in order.
struct RouteItem {
    std::vector<std::string> hexes;
    std::string check, item, reason;
};

// A receipt roll of B: a line naming the ME (by id or label) together with a receipt word.
struct ReceiptItem {
    std::vector<std::string> ids, labels;
    std::string check, item, reason;
};

struct Violation {
    int week = 0, day = 0;
    std::string moment, command, side;
    std::string check, item, reason, line;
    std::string format() const;  // "day W/D, command, side A, item, reason, the line of text"
};

// What a side has learned before, carried from one moment of the play to the next: the enemy counters it has seen
// turned over, the hexes its MEs have stood in, the towns it has held, and the enemy figures it may not see.
struct Memory {
    std::set<std::string> revealed;
    std::set<std::pair<int, int>> entered;  // axial (q, r)
    std::set<std::string> townsHeld;
    std::map<std::string, Figure> figures;  // the enemy's figures of earlier moments, by item
};

struct Knowledge {
    std::string viewer, enemy;
    int week = 0, day = 0;
    std::vector<Term> terms;
    std::vector<Figure> figures;
    std::vector<RouteItem> routes;
    std::vector<ReceiptItem> receipts;
    // Numbers A may see whatever their context: its own figures, public ones, and those of its battles (§8.11).
    std::set<long> allowedNumbers;
    // Hex sequences A itself ordered or traced (its routes, LOC paths, moves): a route of B inside one is not told
    // apart from them.
    std::vector<std::vector<std::string>> allowedSequences;
    // Forbidden items left out of the checks, each with why (too short to be distinctive, or part of allowed text).
    std::vector<std::string> skipped;

    std::size_t itemCount() const { return terms.size() + figures.size() + routes.size() + receipts.size(); }
};

// Figures below this are never checked: too many innocent small numbers look like them.
inline constexpr long kSmallestFigure = 10;

// Builds A's knowledge from the campaign database at `dbPath` (read-only), updating `memory` with what A has
// learned by now.
Knowledge buildKnowledge(const std::string& dbPath, const std::string& viewer, Memory& memory);

// Every forbidden item of `k` found in `capture`.
std::vector<Violation> findLeaks(const Knowledge& k, const Capture& capture);

}  // namespace etatmajor::audit
