// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/engine/phase_log.hpp"

#include "db/store_impl.hpp"

#include <nlohmann/json.hpp>

namespace etatmajor::engine {

// Each phase is logged as the command "phase.<id>" with its week, day and phase (engine/turn.cpp).
int phasesRunCount(const db::CampaignStore& store) {
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    return db.execAndGet("SELECT COUNT(*) FROM command_log WHERE name LIKE 'phase.%'").getInt();
}

std::vector<PhaseRun> phasesRunAfter(const db::CampaignStore& store, int after, int limit) {
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    std::vector<PhaseRun> out;
    SQLite::Statement q(db, "SELECT args FROM command_log WHERE name LIKE 'phase.%' ORDER BY seq LIMIT ? OFFSET ?");
    q.bind(1, limit);
    q.bind(2, after < 0 ? 0 : after);
    int seq = after < 0 ? 0 : after;
    while (q.executeStep()) {
        PhaseRun p;
        p.seq = ++seq;
        const auto args = nlohmann::json::parse(q.getColumn(0).getString(), nullptr, false);
        if (args.is_object()) {
            p.week = args.value("week", 0);
            p.day = args.value("day", 0);
            p.phase = args.value("phase", "");
        }
        out.push_back(std::move(p));
    }
    return out;
}

}  // namespace etatmajor::engine
