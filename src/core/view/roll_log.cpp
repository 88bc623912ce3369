// SPDX-License-Identifier: GPL-3.0-or-later
// The dice a viewer may see (roll_log.hpp).
#include "etatmajor/view/roll_log.hpp"

#include "db/store_impl.hpp"

#include <nlohmann/json.hpp>

#include <sstream>

namespace etatmajor::view {

namespace {

// The stored owner (fixed when the die was rolled); for a roll logged by an older program, the owner worked out from
// its subject as the database stands now.
std::string ownerOf(SQLite::Database& db, const dice::RollRecord& r) {
    if (r.side) return *r.side;
    return db::rollOwnerNow(db, r.subject, r.purpose);
}

}  // namespace

std::string rollOwner(const db::CampaignStore& store, const dice::RollRecord& roll) {
    return ownerOf(const_cast<db::CampaignStore&>(store).impl().db, roll);
}

std::vector<dice::RollRecord> rollsFor(const db::CampaignStore& store, const Viewer& viewer) {
    requireViewer(store, viewer);
    auto all = store.rolls();
    if (viewer.isHost()) return all;
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    std::vector<dice::RollRecord> out;
    for (auto& r : all) {
        const auto owner = ownerOf(db, r);
        if (!owner.empty() && owner != viewer.side()) continue;
        // A die of the side's own whose subject is the enemy's (a misstated count is rolled by the side its scouts
        // inform, about the enemy ME they saw, §8.6.3, G-38): the enemy's internal id is never shown (§2.2); the side
        // knows that ME only as the counter of its report of the same phase.
        const auto of = db::knownRollOwner(db, r.subject, "");
        if (of && !of->empty() && *of != viewer.side()) r.subject = "enemy";
        // Numbered within the side's own log: the gaps in the campaign's sequence would count the enemy's dice (and so
        // its MEs, by their receipt rolls).
        r.sequence = static_cast<std::int64_t>(out.size()) + 1;
        out.push_back(std::move(r));
    }
    return out;
}

std::string rollLogJson(const db::CampaignStore& store, const Viewer& viewer) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& r : rollsFor(store, viewer))
        out.push_back({{"seq", r.sequence},
                       {"week", r.week},
                       {"day", r.day},
                       {"phase", r.phase},
                       {"subject", r.subject},
                       {"purpose", r.purpose},
                       {"rule", r.rule},
                       {"dice", r.expression},
                       {"faces", r.faces},
                       {"modifier", r.modifier},
                       {"result", r.result},
                       {"effect", r.effect}});
    return out.dump(2);
}

std::string rollLogText(const db::CampaignStore& store, const Viewer& viewer) {
    std::ostringstream out;
    const auto rolls = rollsFor(store, viewer);
    if (rolls.empty()) out << "no dice rolled yet\n";
    for (const auto& r : rolls) {
        std::string faces;
        for (int f : r.faces) faces += (faces.empty() ? "" : ",") + std::to_string(f);
        out << "#" << r.sequence << " W" << r.week << " D" << r.day << " " << r.phase << "  " << r.expression << " [" << faces
            << "] = " << r.result << "  " << r.purpose << " (" << r.rule << ")";
        if (!r.effect.empty()) out << ": " << r.effect;
        out << "\n";
    }
    return out.str();
}

}  // namespace etatmajor::view
