// SPDX-License-Identifier: GPL-3.0-or-later
// The fog of war: sightings (etat-major.md §2.2, §8.1.5; G-36, G-40).
#include "engine/fog_db.hpp"

#include "engine/decoys_db.hpp"
#include "etatmajor/hex/hex.hpp"
#include "etatmajor/rules/visibility.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <map>
#include <vector>

namespace etatmajor::engine {

rules::Weather weatherAtHex(SQLite::Database& db, const campaign::CampaignState& s, hex::Hex h, rules::Weather mapWeather) {
    const auto region = rules::weatherRegionOf(s.map, h, s.options);
    if (!region) return mapWeather;
    SQLite::Statement q(db, "SELECT weather FROM weather_region_day WHERE week = ? AND day = ? AND region = ?");
    q.bind(1, s.week);
    q.bind(2, s.day);
    q.bind(3, std::string(map::regionName(*region)));
    return q.executeStep() ? rules::weatherFromName(q.getColumn(0).getString()).value_or(mapWeather) : mapWeather;
}

// Cost (D1, D4, D5, D11): O((M + decoys) log M): the MEs on the map are indexed by hex once, and each target asks only
// those in its hex and the six around it; under per_region one weather query per region.
int recordSightings(SQLite::Database& db, const campaign::CampaignState& s, rules::Weather weather, campaign::Phase phase) {
    SQLite::Statement q(db, "INSERT OR REPLACE INTO sighting (side_id, target, q, r, week, day, phase) VALUES (?,?,?,?,?,?,?)");
    int n = 0;
    auto record = [&](const std::string& side, const std::string& target, hex::Hex h) {
        q.bind(1, side);
        q.bind(2, target);
        q.bind(3, h.q);
        q.bind(4, h.r);
        q.bind(5, s.week);
        q.bind(6, s.day);
        q.bind(7, campaign::phaseString(phase));
        q.exec();
        q.reset();
        ++n;
    };
    // §8.1.5 makes sight a matter of the observer's weather (G-102 per_region: the weather of the observer's hex, whatever
    // the weather where the counter stands). Under single every ME sees by the map's weather, as rules::sideSeesHex.
    std::vector<rules::Weather> seesBy;
    {
        std::map<map::Region, rules::Weather> byRegion;
        for (const auto& me : s.mes) {
            const auto region = rules::weatherRegionOf(s.map, me.hex, s.options);
            if (!region) {
                seesBy.push_back(weather);
                continue;
            }
            auto it = byRegion.find(*region);
            if (it == byRegion.end()) it = byRegion.emplace(*region, weatherAtHex(db, s, me.hex, weather)).first;
            seesBy.push_back(it->second);
        }
    }
    // An ME sees at most the hexes next to its own (rules::meSeesHex, rules::scoutSees: nothing beyond one hex), so only
    // the MEs in the target's hex and its six neighbours are asked: linear in MEs, not pairwise (performance.md P2).
    std::map<hex::Hex, std::vector<std::size_t>> mesAt;
    for (std::size_t i = 0; i < s.mes.size(); ++i)
        if (s.mes[i].onMap) mesAt[s.mes[i].hex].push_back(i);
    auto sideSees = [&](const std::string& side, hex::Hex target) {
        const auto seenFrom = [&](hex::Hex h) {
            const auto it = mesAt.find(h);
            if (it == mesAt.end()) return false;
            for (const auto i : it->second)
                if (s.mes[i].side == side && rules::meSeesHex(s.map, s.mes[i], target, seesBy[i], s.options)) return true;
            return false;
        };
        if (seenFrom(target)) return true;
        for (int d = 0; d < hex::kDirections; ++d)
            if (seenFrom(hex::neighbour(target, d))) return true;
        return false;
    };
    const auto decoys = activeDecoys(db);
    for (const auto& side : s.sides) {
        for (const auto& e : s.mes)
            if (e.onMap && e.side != side.id && sideSees(side.id, e.hex)) record(side.id, e.id, e.hex);
        for (const auto& d : decoys)
            if (d.side != side.id && sideSees(side.id, d.hex)) record(side.id, d.id, d.hex);
    }
    return n;
}

}  // namespace etatmajor::engine
