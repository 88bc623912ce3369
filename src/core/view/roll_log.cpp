// The dice a viewer may see (roll_log.hpp).
#include "etatmajor/view/roll_log.hpp"

#include "db/store_impl.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <sstream>

namespace etatmajor::view {

namespace {

// Every id that belongs to a side: its MEs, units, generals, decoys and the side itself; urban areas by who holds
// them now.
struct Owners {
    std::map<std::string, std::string> side;  // id -> side
    std::map<std::string, std::string> enemy; // side -> the other side (two-sided campaigns)

    explicit Owners(SQLite::Database& db) {
        std::vector<std::string> sides;
        {
            SQLite::Statement q(db, "SELECT id FROM side ORDER BY ord");
            while (q.executeStep()) sides.push_back(q.getColumn(0).getString());
        }
        for (const auto& s : sides) side[s] = s;
        if (sides.size() == 2) {
            enemy[sides[0]] = sides[1];
            enemy[sides[1]] = sides[0];
        }
        for (const char* sql : {"SELECT id, side_id FROM me", "SELECT id, side_id FROM unit", "SELECT id, side_id FROM general",
                                "SELECT id, side_id FROM decoy",
                                "SELECT id, COALESCE(controller, '') FROM urban_area"}) {
            SQLite::Statement q(db, sql);
            while (q.executeStep()) side.emplace(q.getColumn(0).getString(), q.getColumn(1).getString());
        }
    }

    std::string of(const dice::RollRecord& r) const {
        if (r.subject.empty()) return "";
        const auto it = side.find(r.subject);
        // An unknown subject (a climate region's weather, G-102) is public only when it names no id of a side.
        if (it == side.end()) return "";
        if (r.purpose.rfind("misstated count", 0) == 0) {  // §8.6.3, G-38: the informing side's die
            const auto e = enemy.find(it->second);
            return e == enemy.end() ? it->second : e->second;
        }
        return it->second;
    }
};

}  // namespace

std::string rollOwner(const db::CampaignStore& store, const dice::RollRecord& roll) {
    return Owners(const_cast<db::CampaignStore&>(store).impl().db).of(roll);
}

std::vector<dice::RollRecord> rollsFor(const db::CampaignStore& store, const Viewer& viewer) {
    requireViewer(store, viewer);
    auto all = store.rolls();
    if (viewer.isHost()) return all;
    const Owners owners(const_cast<db::CampaignStore&>(store).impl().db);
    std::vector<dice::RollRecord> out;
    for (auto& r : all) {
        const auto owner = owners.of(r);
        if (!owner.empty() && owner != viewer.side()) continue;
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
