// SPDX-License-Identifier: GPL-3.0-or-later
// A side's LOCs and supply as the side may know them (supply_view.hpp).
#include "etatmajor/view/supply_view.hpp"

#include "db/store_impl.hpp"
#include "etatmajor/db/state_store.hpp"
#include "engine/decoys_db.hpp"
#include "engine/orders_db.hpp"
#include "etatmajor/rules/loc.hpp"
#include "etatmajor/rules/victory.hpp"

#include <algorithm>
#include <optional>
#include <map>

namespace etatmajor::view {

using namespace campaign;

namespace {

void requireSide(const CampaignState& s, const std::string& side) {
    if (s.side(side)) return;
    std::string known;
    for (const auto& x : s.sides) known += (known.empty() ? "" : ", ") + x.id;
    throw db::StoreError("DB-UNKNOWN-SIDE", "the campaign has no side '" + side + "' (sides: " + known + ")");
}

// Every enemy decoy blocks the trace the side is shown, whatever decoy_effects says (see the header): the side cannot
// tell a decoy's face-down counter from an ME's.
std::vector<rules::LocBlocker> sideKnownBlockers(SQLite::Database& db, const std::string& side) {
    std::vector<rules::LocBlocker> out;
    for (const auto& d : engine::activeDecoys(db))
        if (d.side != side) out.push_back({d.id, d.side, d.hex});
    return out;
}

Options sideKnownOptions(Options o) {
    o.set("decoy_effects", "cuts_loc");
    return o;
}

}  // namespace

LocReport locReport(const db::CampaignStore& store, const std::string& side) {
    const auto s = db::loadState(store);
    requireSide(s, side);
    const rules::LocNetwork net(s.map, sideKnownOptions(s.options));
    const auto off = s.map.offsets();
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    const auto decoys = sideKnownBlockers(db, side);
    LocReport report;
    report.week = s.week;
    report.day = s.day;
    report.side = side;
    report.media = s.options.get("loc_media");
    report.trace = s.options.get("loc_trace");
    for (const auto& loc : engine::sideLocs(db, s, net, side, decoys)) {  // as the phases trace them (G-32)
        const auto* me = s.me(loc.me);
        LocView v;
        v.me = loc.me;
        v.label = me->label;
        v.offset = off.toOffset(me->hex);
        v.hex = hex::formatOffset(v.offset);
        v.supplySource = loc.source;
        const auto* ua = s.urbanArea(loc.source);
        v.supplySourceName = ua ? ua->name : "";
        v.loc = loc.valid;
        v.problem = std::string(rules::locProblemName(loc.problem));
        for (const auto h : loc.path) v.path.push_back(off.toOffset(h));
        v.viaMe = loc.viaMe;
        for (const auto& id : loc.cutBy) {
            // The cutting counter is known by its position only, never by its name (fog of war, §2.2); each hex once,
            // however many counters stand in it.
            std::optional<hex::Offset> at;
            if (const auto* enemy = s.me(id)) {
                at = off.toOffset(enemy->hex);
            } else {
                const auto d = std::find_if(decoys.begin(), decoys.end(), [&](const rules::LocBlocker& b) { return b.id == id; });
                if (d != decoys.end()) at = off.toOffset(d->hex);
            }
            if (at && std::find(v.cutAt.begin(), v.cutAt.end(), *at) == v.cutAt.end()) v.cutAt.push_back(*at);
        }
        report.mes.push_back(std::move(v));
    }
    return report;
}

SupplyReport supplyReport(const db::CampaignStore& store, const std::string& side) {
    auto& db = const_cast<db::CampaignStore&>(store).impl().db;
    const auto s = db::loadState(store);
    requireSide(s, side);
    const Season season = s.seasonOfWeek(s.week);
    const rules::LocNetwork net(s.map, sideKnownOptions(s.options));
    std::map<std::string, bool> valid;
    for (const auto& loc : engine::sideLocs(db, s, net, side, sideKnownBlockers(db, side))) valid[loc.me] = loc.valid;
    const auto off = s.map.offsets();

    SupplyReport report;
    report.week = s.week;
    report.side = side;
    report.season = std::string(seasonName(season));
    report.multiplier = s.options.get("ua_multiplier");
    for (const auto& ua : s.urban) {
        if (ua.controller != side) continue;
        SourceView src;
        src.id = ua.id;
        src.name = ua.name;
        src.size = std::string(map::urbanSizeName(ua.size));
        src.offset = off.toOffset(ua.hex);
        src.rolled = ua.rawRoll.has_value();
        src.weeklyValue = rules::urbanWeeklyValue(ua, season, s.options);
        src.combatHalvings = ua.combatHalvings;
        src.destroyed = ua.destroyed;
        for (const auto& me : s.mes)
            if (me.side == side && me.supplySource == ua.id) src.drawnOnBy.push_back({me.id, me.label, valid[me.id]});
        report.sources.push_back(std::move(src));
    }
    SQLite::Statement q(db, "SELECT kind, source, me_id, unit_id, figures, points, note FROM supply_ledger "
                            "WHERE week = ? AND side_id = ? ORDER BY id");
    q.bind(1, s.week);
    q.bind(2, side);
    while (q.executeStep()) {
        LedgerEntryView l;
        l.kind = q.getColumn(0).getString();
        l.source = q.getColumn(1).getString();
        l.me = q.getColumn(2).getString();
        l.unit = q.getColumn(3).getString();
        l.figures = q.getColumn(4).getInt();
        l.points = q.getColumn(5).getInt();
        l.note = q.getColumn(6).getString();
        report.balance += l.points;
        report.ledger.push_back(std::move(l));
    }
    for (const auto& me : s.mes)
        if (me.side == side && (me.mode == Mode::Forage || me.forageDays > 0 || me.forageDaysLastWeek > 0))
            report.foraging.push_back({me.id, std::string(modeName(me.mode)), me.forageDays, me.forageDaysLastWeek});
    return report;
}

}  // namespace etatmajor::view
