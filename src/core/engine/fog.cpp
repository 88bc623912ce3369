// The fog of war: sightings (etat-major.md §2.2, §8.1.5; G-36, G-40).
#include "etatmajor/engine/fog.hpp"

#include "etatmajor/engine/decoys.hpp"
#include "etatmajor/rules/visibility.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

namespace etatmajor::engine {

int recordSightings(SQLite::Database& db, const campaign::CampaignState& s, rules::Weather weather, const std::string& phase) {
    SQLite::Statement q(db, "INSERT OR REPLACE INTO sighting (side_id, target, q, r, week, day, phase) VALUES (?,?,?,?,?,?,?)");
    int n = 0;
    auto record = [&](const std::string& side, const std::string& target, hex::Hex h) {
        q.bind(1, side);
        q.bind(2, target);
        q.bind(3, h.q);
        q.bind(4, h.r);
        q.bind(5, s.week);
        q.bind(6, s.day);
        q.bind(7, phase);
        q.exec();
        q.reset();
        ++n;
    };
    const auto decoys = activeDecoys(db);
    for (const auto& side : s.sides) {
        for (const auto& e : s.mes)
            if (e.onMap && e.side != side.id && rules::sideSeesHex(s, side.id, e.hex, weather)) record(side.id, e.id, e.hex);
        for (const auto& d : decoys)
            if (d.side != side.id && rules::sideSeesHex(s, side.id, d.hex, weather)) record(side.id, d.id, d.hex);
    }
    return n;
}

}  // namespace etatmajor::engine
