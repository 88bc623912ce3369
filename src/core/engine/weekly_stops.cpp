// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/engine/weekly_stops.hpp"

#include "db/store_impl.hpp"
#include "etatmajor/engine/grant.hpp"

namespace etatmajor::engine {

using campaign::Phase;

namespace {

SQLite::Database& dbOf(const db::CampaignStore& store) { return const_cast<db::CampaignStore&>(store).impl().db; }

bool ended(SQLite::Database& db) { return db.execAndGet("SELECT ended FROM campaign WHERE id = 1").getInt() != 0; }

std::vector<std::string> allSides(SQLite::Database& db) {
    std::vector<std::string> out;
    SQLite::Statement q(db, "SELECT id FROM side ORDER BY ord");
    while (q.executeStep()) out.push_back(q.getColumn(0).getString());
    return out;
}

// §11.4: the sieges under way whose garrison of `side` has terms offered and not yet answered.
std::vector<int> termsToAnswer(SQLite::Database& db, const std::string& side) {
    std::vector<int> out;
    SQLite::Statement q(db, "SELECT id FROM siege WHERE end_week IS NULL AND terms <> '' AND reply = '' AND side_id = ? ORDER BY id");
    q.bind(1, side);
    while (q.executeStep()) out.push_back(q.getColumn(0).getInt());
    return out;
}

}  // namespace

std::optional<WeeklyStop> weeklyStop(const db::CampaignStore& store) {
    auto& db = dbOf(store);
    if (ended(db)) return std::nullopt;
    const auto info = store.info();
    WeeklyStop stop;
    stop.week = info.week;
    stop.phase = info.phase;
    switch (info.phase) {
        case Phase::W1: {
            for (const auto& side : allSides(db))
                if (!termsToAnswer(db, side).empty()) stop.sides.push_back(side);
            if (stop.sides.empty()) return std::nullopt;
            stop.title = "terms offered at a siege are answered before the week's phases count the garrison";
            stop.rule = "§11.4, §7.1, §7.2, §7.3";
            return stop;
        }
        case Phase::W4:
            stop.sides = allSides(db);
            stop.title = "shared sources are split and SPs asked for, before the replacements";
            stop.rule = "§9.6, §9.1, G-86";
            return stop;
        case Phase::W5:
            stop.sides = allSides(db);
            stop.title = "new MEs are raised with the week's grant";
            stop.rule = "§10.3, §9.4, G-53";
            return stop;
        default: return std::nullopt;
    }
}

std::vector<SideMove> weeklyMoves(const db::CampaignStore& store, const std::string& side) {
    auto& db = dbOf(store);
    std::vector<SideMove> out;
    if (ended(db)) return out;
    const auto info = store.info();
    const auto options = store.options();
    const Phase next = info.phase;
    const int grantLeft = grantRemaining(store, side);
    if (window::supplyOrders(next)) {
        if (!options.is("ua_claims", "each_full"))
            out.push_back({"supply allocate", "split a shared source's income among the MEs drawing on it (§9.6, G-86)",
                           MoveKind::SupplyAllocate});
        out.push_back({"supply spend", "buy works, pontoons, a bridge or water transport with an ME's SPs, paid at W4 (§9.1)",
                       MoveKind::SupplySpend});
    }
    if (window::newMes(next, options.is("new_me_timing", "any_orders_phase")) && grantLeft > 0)
        out.push_back({"grant buy", "raise new MEs with this week's grant: " + std::to_string(grantLeft) + " SP left (§10.3, G-53)",
                       MoveKind::GrantBuy, 0, grantLeft});
    if (window::grantReplacements(next) && grantLeft > 0)
        out.push_back({"grant replace",
                       "replace guns, Guard, engineers and generals from this week's grant: " + std::to_string(grantLeft) +
                           " SP left (§9.7, G-80)",
                       MoveKind::GrantReplace, 0, grantLeft});
    if (window::reorganisation(next)) {
        bool given = false;
        if (campaign::isDaily(next)) {
            SQLite::Statement q(db, "SELECT COUNT(*) FROM orders_submitted WHERE week = ? AND day = ? AND side_id = ?");
            q.bind(1, info.week);
            q.bind(2, info.day);
            q.bind(3, side);
            q.executeStep();
            given = q.getColumn(0).getInt() > 0;
        }
        if (!given)
            out.push_back({"me split|transfer|dissolve, unit provisional",
                           "reorganise MEs before the day's orders are written (§10.1, §10.2, §10.4)", MoveKind::Reorganise});
    }
    if (window::initiativeDecline(next, info.day) && !options.is("initiative_decline", "not_allowed")) {
        SQLite::Statement q(db, "SELECT s.has_initiative, (SELECT COUNT(*) FROM initiative i WHERE i.week = ? AND i.declined = 1) "
                                "FROM side s WHERE s.id = ?");
        q.bind(1, info.week);
        q.bind(2, side);
        if (q.executeStep() && q.getColumn(0).getInt() != 0 && q.getColumn(1).getInt() == 0)
            out.push_back({"initiative --decline", "hand this week's strategic initiative to the other side (§7.1)",
                           MoveKind::DeclineInitiative});
    }
    for (const int siege : termsToAnswer(db, side))
        out.push_back({"siege answer --siege " + std::to_string(siege), "accept or refuse the terms offered (§11.4, G-98)",
                       MoveKind::AnswerTerms, siege});
    return out;
}

}  // namespace etatmajor::engine
