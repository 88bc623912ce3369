// SPDX-License-Identifier: GPL-3.0-or-later
// Canonical JSON of a battle result (tactical-resolver.md §3): keys sorted, integers only, rationals as strings.
#include "etatmajor/battle/result.hpp"

#include "etatmajor/battle/params.hpp"

#include <nlohmann/json.hpp>

#include <array>

namespace etatmajor::battle {

std::string_view endReasonName(EndReason r) {
    static constexpr std::array<std::string_view, 4> kNames{"NIGHTFALL", "ONE_SIDE_BROKEN", "MUTUAL_BREAKOFF", "WITHDRAWAL"};
    return kNames[static_cast<std::size_t>(r)];
}

std::string_view unitEndName(UnitEnd e) {
    static constexpr std::array<std::string_view, 8> kNames{"EFFECTIVE",   "SHAKEN_PERMANENT", "ROUTED_TO_RALLY_POINT", "SCATTERED",
                                                            "SURRENDERED", "DESTROYED",        "REMOVED_SPENT",         "WITHDRAWN"};
    return kNames[static_cast<std::size_t>(e)];
}

int BattleResult::event(const std::string& name) const {
    const auto it = events.find(name);
    return it == events.end() ? 0 : it->second;
}

namespace {
using Json = nlohmann::json;  // std::map objects: keys come out sorted

Json items(const std::vector<LedgerItem>& list) {
    Json a = Json::array();
    for (const auto& i : list)
        a.push_back({{"kind", std::string(ledgerKindName(i.kind))}, {"what", i.what}, {"points", i.points.text()}});
    return a;
}

Json guns(const std::vector<GunRecord>& list) {
    Json a = Json::array();
    for (const auto& g : list)
        a.push_back({{"calibre", std::string(campaign::calibreName(g.calibre))}, {"howitzer", g.howitzer}, {"from_unit", g.fromUnit}});
    return a;
}
}  // namespace

std::string toJson(const BattleResult& r, bool pretty) {
    Json j;
    j["battle_id"] = r.battleId;
    j["seed"] = hex64(r.seed);
    j["resolver_version"] = r.resolverVersion;
    j["params_hash"] = hex64(r.paramsHash);
    j["turns_available"] = r.turnsAvailable;
    j["turns_fought"] = r.turnsFought;
    j["end_reason"] = std::string(endReasonName(r.endReason));
    j["engaged"] = r.engaged;
    j["winner"] = r.verdict.winner == kNoSide ? std::string("DRAW") : r.sideId(r.verdict.winner);
    j["margin_points"] = r.verdict.margin.text();
    j["decisiveness"] = std::string(decisivenessName(r.verdict.decisiveness));
    j["field_holder"] = r.fieldHolder == kNoSide ? std::string("NONE") : r.sideId(r.fieldHolder);
    j["retreating_side"] = r.retreatingSide == kNoSide ? Json(nullptr) : Json(r.sideId(r.retreatingSide));
    j["retreat_toward"] = r.retreatToward;
    Json blocked = Json::object();
    for (const auto& s : r.sides) blocked[s.id] = s.lineOfRetreatBlocked;
    j["line_of_retreat_blocked"] = blocked;
    j["roll_count"] = r.rollCount;
    j["roll_log_hash"] = hex64(r.rollLogHash);
    Json sides = Json::array();
    for (const auto& s : r.sides) {
        Json o;
        o["id"] = s.id;
        o["start_points"] = s.ledger.start.text();
        o["lost_full"] = {{"total", s.ledger.lostFull().text()}, {"items", items(s.ledger.full)}};
        o["lost_half"] = {{"total", s.ledger.lostHalf().text()}, {"items", items(s.ledger.half)}};
        o["gained"] = {{"total", s.ledger.gainedTotal().text()}, {"items", items(s.ledger.gained)}};
        o["score_17_5"] = s.ledger.score().text();
        o["net_loss"] = s.ledger.netLoss().text();
        o["points_lost_for_vcs"] = s.ledger.pointsLostForVcs().text();
        o["men_lost"] = s.menLost;
        o["prisoners_lost"] = s.prisonersLost;
        o["prisoners_taken"] = s.prisonersTaken;
        o["guns_lost"] = guns(s.gunsLost);
        o["guns_captured"] = guns(s.gunsCaptured);
        o["brigades_spent"] = s.brigadesSpent;
        o["withdrew"] = s.withdrew;
        o["army_general_lost"] = s.armyGeneralLost;
        sides.push_back(o);
    }
    j["sides"] = sides;
    Json units = Json::array();
    for (const auto& u : r.units) {
        Json o;
        o["id"] = u.id;
        o["side"] = r.sideId(u.side);
        o["brigade"] = u.brigade;
        o["stands_start"] = u.standsStart;
        o["figures_start"] = u.figuresStart;
        o["stands_end"] = u.standsEnd;
        o["figures_end"] = u.figuresEnd;
        o["figures_lost_fire"] = u.figuresLostFire;
        o["figures_lost_close_assault"] = u.figuresLostCloseAssault;
        o["figures_surrendered"] = u.figuresSurrendered;
        o["figures_caught_routing"] = u.figuresCaughtRouting;
        o["figures_massacred"] = u.figuresMassacred;
        o["figures_routing_at_end"] = u.figuresRoutingAtEnd;
        o["figures_off_table"] = u.figuresOffTable;
        o["figures_scattered"] = u.figuresScattered;
        o["status_end"] = std::string(unitEndName(u.statusEnd));
        o["morale_end"] = std::string(moraleName(u.moraleEnd));
        o["recovers_by_next_orders_phase"] = u.recoversByNextOrdersPhase;
        o["colours_lost_to"] = u.coloursLostTo == kNoSide ? Json(nullptr) : Json(r.sideId(u.coloursLostTo));
        o["points_lost_full"] = u.pointsLostFull.text();
        o["points_lost_half"] = u.pointsLostHalf.text();
        if (u.battery) {
            o["guns_start"] = u.gunsStart;
            o["guns_end"] = u.gunsEnd;
            o["guns_destroyed"] = u.gunsDestroyed;
            o["guns_captured_by_enemy"] = u.gunsCapturedByEnemy;
            o["guns_captured_from_enemy"] = u.gunsCapturedFromEnemy;
            o["crew_figures_lost"] = u.crewFiguresLost;
            o["limbers_damaged"] = u.limbersDamaged;
            if (u.ammoLeft >= 0) o["ammo_left"] = u.ammoLeft;
        }
        units.push_back(o);
    }
    j["units"] = units;
    Json generals = Json::array();
    for (const auto& g : r.generals) {
        Json o;
        o["id"] = g.id;
        o["side"] = r.sideId(g.side);
        o["rank"] = std::string(campaign::rankName(g.rank));
        o["rating_start"] = std::string(campaign::ratingName(g.ratingStart));
        o["fate"] = std::string(staffFateName(g.fate));
        o["aides_lost"] = g.aidesLost;
        o["escort_lost"] = g.escortLost;
        o["replacement"] = g.replacementId.empty()
                               ? Json(nullptr)
                               : Json({{"id", g.replacementId}, {"rating", std::string(campaign::ratingName(*g.replacementRating))}});
        o["points_lost"] = g.pointsLost.text();
        generals.push_back(o);
    }
    j["generals"] = generals;
    Json ev = Json::object();
    for (const auto& [k, v] : r.events) ev[k] = v;
    j["events"] = ev;
    return pretty ? j.dump(2) : j.dump();
}

}  // namespace etatmajor::battle
