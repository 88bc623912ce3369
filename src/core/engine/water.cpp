// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/water_db.hpp"

#include "etatmajor/hex/offset.hpp"
#include "etatmajor/rules/movement.hpp"
#include "etatmajor/rules/water.hpp"
#include "etatmajor/rules/weather.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace etatmajor::engine {

using namespace campaign;

bool afloat(SQLite::Database& db, const std::string& me) {
    SQLite::Statement q(db, "SELECT COUNT(*) FROM me_afloat WHERE me_id = ?");
    q.bind(1, me);
    q.executeStep();
    return q.getColumn(0).getInt() > 0;
}

namespace {

int uaCraft(SQLite::Database& db, const CampaignState& s, const std::string& side, hex::Hex h, std::string* uaId) {
    const auto* ua = s.urbanAt(h);
    if (!ua || ua->controller != side || ua->destroyed) return 0;
    SQLite::Statement q(db, "SELECT transport_destroyed, transport_used_week FROM urban_area WHERE id = ?");
    q.bind(1, ua->id);
    if (!q.executeStep() || q.getColumn(0).getInt() != 0 || q.getColumn(1).getInt() == s.week) return 0;
    const auto* mapUa = s.map.urbanArea(ua->id);
    if (uaId) *uaId = ua->id;
    return rules::uaTransportCapacity(mapUa ? mapUa->size : ua->size, rules::byWater(s.map, h));
}

}  // namespace

int transportAvailable(SQLite::Database& db, const CampaignState& s, const std::string& side, hex::Hex h) {
    int total = uaCraft(db, s, side, h, nullptr);
    SQLite::Statement q(db, "SELECT COALESCE(SUM(capacity), 0) FROM transport WHERE side_id = ? AND q = ? AND r = ? AND "
                            "destroyed = 0 AND ready_week <= ? AND used_week <> ? AND carrying = ''");
    q.bind(1, side);
    q.bind(2, h.q);
    q.bind(3, h.r);
    q.bind(4, s.week);
    q.bind(5, s.week);
    q.executeStep();
    return total + q.getColumn(0).getInt();
}

bool moveByWater(SQLite::Database& db, CampaignState& s, MeState& me, const std::vector<hex::Hex>& route,
                 std::vector<std::string>& lines) {
    bool embark = false, disembark = false, tardy = false;
    {
        SQLite::Statement q(db, "SELECT body, COALESCE(receipt, '') FROM order_sheet WHERE week = ? AND day = ? AND me_id = ?");
        q.bind(1, s.week);
        q.bind(2, s.day);
        q.bind(3, me.id);
        if (q.executeStep()) tardy = q.getColumn(1).getString() == "tardy";
        q.reset();
        if (q.executeStep())
            for (const auto& a : nlohmann::json::parse(q.getColumn(0).getString()).value("actions", nlohmann::json::array())) {
                embark |= a.value("kind", "") == "embark";
                disembark |= a.value("kind", "") == "disembark";
            }
    }
    const bool onWater = afloat(db, me.id);
    if (!embark && !onWater) return false;
    const auto off = s.map.offsets();
    if (!embark) {
        lines.push_back(me.label + " is on the water and was not ordered to sail (embark): it stays where it is (§11.2)");
        return true;
    }
    if (!onWater) {
        // G-96: the lift must be present where it embarks, the UA's craft first, then built transport.
        const int need = rules::liftNeeded(s, me.id);
        const int have = transportAvailable(db, s, me.side, me.hex);
        if (have < need) {
            lines.push_back(me.label + " finds " + std::to_string(have) + " SP of transport at " +
                            hex::formatOffset(off.toOffset(me.hex)) + " and needs " + std::to_string(need) +
                            ": it does not embark (§11.1, G-96)");
            return true;
        }
        std::string uaId, lift;
        int got = uaCraft(db, s, me.side, me.hex, &uaId);
        if (got > 0) {
            SQLite::Statement u(db, "UPDATE urban_area SET transport_used_week = ? WHERE id = ?");
            u.bind(1, s.week);
            u.bind(2, uaId);
            u.exec();
            lift = "ua:" + uaId;
        }
        SQLite::Statement t(db, "SELECT id, capacity FROM transport WHERE side_id = ? AND q = ? AND r = ? AND destroyed = 0 AND "
                                "ready_week <= ? AND used_week <> ? AND carrying = '' ORDER BY id");
        t.bind(1, me.side);
        t.bind(2, me.hex.q);
        t.bind(3, me.hex.r);
        t.bind(4, s.week);
        t.bind(5, s.week);
        std::vector<long long> take;
        while (got < need && t.executeStep()) {
            take.push_back(t.getColumn(0).getInt64());
            got += t.getColumn(1).getInt();
        }
        for (const auto id : take) {
            SQLite::Statement u(db, "UPDATE transport SET used_week = ?, carrying = ? WHERE id = ?");
            u.bind(1, s.week);
            u.bind(2, me.id);
            u.bind(3, static_cast<std::int64_t>(id));
            u.exec();
            lift += (lift.empty() ? "" : " ") + std::string("transport:") + std::to_string(id);
        }
        SQLite::Statement a(db, "INSERT OR REPLACE INTO me_afloat (me_id, since_week, since_day, lift) VALUES (?,?,?,?)");
        a.bind(1, me.id);
        a.bind(2, s.week);
        a.bind(3, s.day);
        a.bind(4, lift);
        a.exec();
    }
    // G-96: weather as on land: a storm or snow costs a hex (§8.7.2). Under weather_regions = per_region the weather
    // is that of the region of the hex the ME sets out from (G-102).
    std::string weatherNote;
    int weatherModifier = 0;
    {
        const auto region = rules::weatherRegionOf(s.map, me.hex, s.options);
        std::string sql = "SELECT weather FROM weather_day WHERE week = ? AND day = ?";
        if (region) sql = "SELECT weather FROM weather_region_day WHERE week = ? AND day = ? AND region = ?";
        SQLite::Statement w(db, sql);
        w.bind(1, s.week);
        w.bind(2, s.day);
        if (region) w.bind(3, std::string(map::regionName(*region)));
        if (w.executeStep()) {
            const auto weather = rules::weatherFromName(w.getColumn(0).getString());
            if (weather == rules::Weather::Storm || weather == rules::Weather::Snow) {
                weatherModifier = -1;
                weatherNote = "; " + w.getColumn(0).getString() + " -1";
            }
        }
    }
    // A fleet that closes the sea (docs/rules-mapping.md): the side's boats keep to the rivers and lakes.
    auto plan = rules::planWaterMove(s.map, me.hex, route, !onWater, disembark, weatherModifier, rules::seaClosed(s, me.side));
    if (plan.stoppedBySea) plan.stoppedBy += " (" + s.side(me.side)->blockadeBy + ")";
    const int modifiedMr = plan.allowance;  // before tardy halving (G-21 mr_fraction_basis = modified_mr)
    if (tardy) {                            // §8.3: a tardy order moves half as far, on the water as on land (G-28)
        plan.allowance = rules::halveAllowance(plan.allowance, s.options);
        if (static_cast<int>(plan.entered.size()) > plan.allowance) {
            plan.entered.resize(static_cast<std::size_t>(plan.allowance));
            plan.stoppedBy = "allowance spent (tardy)";
        }
    }
    // An enemy ME ahead stops the boats short of it.
    for (std::size_t i = 0; i < plan.entered.size(); ++i)
        if (std::any_of(s.mes.begin(), s.mes.end(),
                        [&](const MeState& e) { return e.onMap && e.side != me.side && e.hex == plan.entered[i]; })) {
            plan.entered.resize(i);
            plan.stoppedBy = "enemy ahead";
            break;
        }
    const hex::Hex from = me.hex;
    if (!plan.entered.empty()) me.hex = plan.entered.back();
    me.movedToday = static_cast<int>(plan.entered.size());
    me.allowanceToday = s.options.is("mr_fraction_basis", "modified_mr") ? modifiedMr : plan.allowance;  // §8.8.1, G-21
    std::string path;
    for (const auto h : plan.entered) path += (path.empty() ? "" : " ") + hex::formatOffset(off.toOffset(h));
    bool landed = false;
    if (disembark && !map::isWater(s.map.terrain(me.hex))) {
        landed = true;
        SQLite::Statement d(db, "DELETE FROM me_afloat WHERE me_id = ?");
        d.bind(1, me.id);
        d.exec();
        SQLite::Statement t(db, "UPDATE transport SET q = ?, r = ?, carrying = '' WHERE carrying = ?");
        t.bind(1, me.hex.q);
        t.bind(2, me.hex.r);
        t.bind(3, me.id);
        t.exec();
        for (auto& ua : s.urban)
            if (ua.hex == me.hex && ua.controller != me.side) ua.controller = me.side;  // §9.2.2
    } else {
        SQLite::Statement t(db, "UPDATE transport SET q = ?, r = ? WHERE carrying = ?");
        t.bind(1, me.hex.q);
        t.bind(2, me.hex.r);
        t.bind(3, me.id);
        t.exec();
    }
    SQLite::Statement q(db, "INSERT OR REPLACE INTO movement (week, day, me_id, phase, path, allowance, modifiers, stopped_by) "
                            "VALUES (?,?,?,'D5',?,?,?,?)");
    q.bind(1, s.week);
    q.bind(2, s.day);
    q.bind(3, me.id);
    q.bind(4, path);
    q.bind(5, plan.allowance);
    q.bind(6, std::string("by water (§11.2)") + (onWater ? "" : "; embarking -1") + (disembark ? "; landing -1" : "") + weatherNote);
    q.bind(7, plan.stoppedBy);
    q.exec();
    lines.push_back(me.label + " by water: " + hex::formatOffset(off.toOffset(from)) + (path.empty() ? " stays" : " -> " + path) +
                    " (" + std::to_string(plan.entered.size()) + " of " + std::to_string(plan.allowance) + " hexes)" +
                    (plan.stoppedBy.empty() ? "" : ", stopped: " + plan.stoppedBy) + (landed ? ", lands" : ", stays afloat"));
    return true;
}

}  // namespace etatmajor::engine
