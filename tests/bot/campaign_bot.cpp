// The campaign bot (campaign_bot.hpp). It plays as two careless but busy commanders would: every day each ME
// marches, force-marches, scouts, forages or holds, toward the enemy, an objective or a town; decoys go out on the
// week's first day; MEs split and merge; the grant buys new MEs; shared sources are split; the initiative is
// sometimes declined. Everything goes through the core's commands, as the CLI and the GUI use them, and the
// campaign's invariants are checked after every phase.
#include "campaign_bot.hpp"

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/engine/grant.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "etatmajor/engine/supply_orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

namespace etatmajor::bot {

namespace {

using campaign::CampaignState;
using campaign::MeState;
using campaign::Mode;

// SplitMix64: the bot's own dice, apart from the campaign's.
struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    int below(int n) { return n <= 0 ? 0 : static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    bool chance(int percent) { return below(100) < percent; }
};

// Up to `steps` hexes toward `target` over land, each step closer.
std::vector<hex::Offset> toward(const CampaignState& s, hex::Hex from, hex::Hex target, int steps) {
    std::vector<hex::Offset> path;
    hex::Hex at = from;
    for (int i = 0; i < steps && at != target; ++i) {
        std::optional<hex::Hex> next;
        for (const hex::Hex n : hex::neighbours(at))
            if (s.map.contains(n) && !map::isWater(s.map.terrain(n)) && hex::distance(n, target) < hex::distance(at, target) &&
                (!next || hex::distance(n, target) < hex::distance(*next, target)))
                next = n;
        if (!next) break;
        at = *next;
        path.push_back(s.map.offsets().toOffset(at));
    }
    return path;
}

class Bot {
    // Every command keeps the state's checksum current: the latest checksum stored is that of the whole state as it
    // stands (docs/design.md "Checksums of the state").
    void checkChecksum(const std::string& when) {
        const auto c = db::checkState(m_store);
        if (!c.ok) m_stats.errors.push_back(when + ": " + c.problem);
    }

public:
    Bot(const BotConfig& config, db::CampaignStore& store) : m_config(config), m_store(store), m_rng{config.seed * 7919 + 17} {}

    BotStats run() {
        for (;;) {
            const auto info = m_store.info();
            if (ended()) break;
            if (m_config.maxWeeks > 0 && info.week > m_config.maxWeeks) break;
            if (m_stats.phases > 200000) {
                m_stats.errors.push_back("the campaign did not end after 200000 phases");
                break;
            }
            if (info.phase == "W1") checkChecksum("week " + std::to_string(info.week));
            beforePhase(info.phase);
            if (!m_stats.ok()) break;
            engine::AdvanceOptions options;
            options.standFastMissing = true;
            options.checkInvariants = true;
            const auto r = engine::advance(m_store, engine::Step::Phase, options);
            for (const auto& p : r.phases) {
                ++m_stats.phases;
                if (p.phase == "D12") ++m_stats.days;
            }
            if (!r.ok) {
                for (const auto& i : r.issues.items()) {
                    if (i.code.rfind("INVARIANT-", 0) == 0) m_stats.breaches.push_back(i.format());
                    else m_stats.errors.push_back("advance refused at " + info.phase + ": " + i.format());
                }
                break;
            }
            afterPhase(info.phase);
            if (!m_stats.ok()) break;
        }
        finish();
        return m_stats;
    }

private:
    bool ended() {
        SQLite::Statement q(raw(), "SELECT ended FROM campaign WHERE id = 1");
        q.executeStep();
        return q.getColumn(0).getInt() != 0;
    }
    SQLite::Database& raw() {
        if (!m_raw) m_raw = std::make_unique<SQLite::Database>(m_config.dbPath, SQLite::OPEN_READONLY);
        return *m_raw;
    }
    std::vector<std::string> sides() {
        std::vector<std::string> out;
        for (const auto& s : db::loadState(m_store).sides) out.push_back(s.id);
        return out;
    }

    void beforePhase(const std::string& phase) {
        if (phase == "W4") allocate();
        if (phase == "W5") purchase();
        if (phase == "D2") {
            for (const auto& side : sides()) reorganise(side);
            for (const auto& side : sides()) giveOrders(side);
        }
        if (phase == "D6") probeLateSplit();
    }

    void afterPhase(const std::string& phase) {
        if (phase == "W1") maybeDecline();
    }

    // §7.1: the side holding the initiative sometimes hands it over; the other side may not hand it straight back.
    void maybeDecline() {
        const auto s = db::loadState(m_store);
        for (const auto& side : s.sides) {
            if (!side.hasInitiative || !m_rng.chance(15)) continue;
            if (engine::declineInitiative(m_store, side.id).hasErrors()) return;
            ++m_stats.declines;
            const std::string other = s.enemyOf(side.id);
            if (engine::declineInitiative(m_store, other).hasErrors()) ++m_stats.declineBackRefused;
            else m_stats.errors.push_back("week " + std::to_string(s.week) + ": " + other + " declined the initiative straight back");
            return;
        }
    }

    // G-86: a shared source's income split between the MEs drawing on it.
    void allocate() {
        const auto s = db::loadState(m_store);
        std::map<std::pair<std::string, std::string>, std::vector<std::string>> drawers;
        for (const auto& me : s.mes)
            if (me.onMap && !me.supplySource.empty()) drawers[{me.side, me.supplySource}].push_back(me.id);
        for (const auto& [key, mes] : drawers) {
            if (mes.size() < 2 || !m_rng.chance(40)) continue;
            const auto r = engine::allocateSupply(m_store, key.first, key.second, {{mes.front(), 10 * (1 + m_rng.below(3))}});
            if (r.ok()) ++m_stats.allocations;
        }
    }

    // §9.4, §10.3: a small ME bought with the week's grant now and then.
    void purchase() {
        const auto s = db::loadState(m_store);
        for (const auto& side : s.sides) {
            if (!m_rng.chance(25) || engine::grantRemaining(m_store, side.id) < 60) continue;
            std::string supply;
            for (const auto& ua : s.urban)
                if (ua.controller == side.id && !ua.destroyed) {
                    supply = ua.id;
                    break;
                }
            if (supply.empty()) continue;
            const std::string tag = side.id.substr(0, 1) + "-bot-w" + std::to_string(s.week);
            const std::string nationality = side.id == "british" ? "loyalist" : "american";
            std::ostringstream xml;
            xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<purchase formatVersion=\"1\" side=\"" << side.id << "\">\n"
                << "  <me id=\"" << tag << "\" label=\"Levy " << s.week << "\" mode=\"march\" supply=\"" << supply << "\">\n"
                << "    <formation id=\"" << tag << "-f\" name=\"Levy of week " << s.week << "\" kind=\"brigade\">\n"
                << "      <general id=\"" << tag << "-g\" name=\"Colonel of week " << s.week << "\" nationality=\"" << nationality
                << "\" rank=\"brigade\" rating=\"roll\"/>\n"
                << "      <unit id=\"" << tag << "-u\" name=\"Levy battalion " << s.week << "\" nationality=\"" << nationality
                << "\" type=\"line_infantry\" class=\"2\" stands=\"4\"/>\n"
                << "    </formation>\n  </me>\n</purchase>\n";
            const auto path = m_config.dbPath + ".purchase.xml";
            std::ofstream(path) << xml.str();
            const auto r = engine::buyWithGrant(m_store, io::readPurchaseFile(path));
            std::filesystem::remove(path);
            if (r.ok()) ++m_stats.purchases;
        }
    }

    // §10.3, §10.4: split an ME of three or more units now and then; merge two MEs that share a hex.
    void reorganise(const std::string& side) {
        const auto s = db::loadState(m_store);
        if (m_rng.chance(6)) {
            for (const auto& me : s.mes) {
                if (!me.onMap || me.side != side) continue;
                const auto units = s.unitsOf(me.id);
                if (units.size() < 3) continue;
                const std::string id = me.id + "-s" + std::to_string(s.week) + std::to_string(s.day);
                if (engine::splitMe(m_store, side, me.id, id, "Detachment " + std::to_string(s.week) + "/" + std::to_string(s.day),
                                    {units.back()->id})
                        .ok())
                    ++m_stats.splits;
                break;
            }
        }
        if (m_rng.chance(8)) {
            for (const auto& a : s.mes)
                for (const auto& b : s.mes)
                    if (a.onMap && b.onMap && a.side == side && b.side == side && a.id < b.id && a.hex == b.hex) {
                        if (engine::dissolveMe(m_store, side, b.id, a.id).ok()) ++m_stats.merges;
                        return;
                    }
        }
    }

    // §10.1: reorganisation is done before movement; once the day's moves have been made (after D5) an ME may not
    // split. The bot tries, and the refusal is expected.
    void probeLateSplit() {
        const auto s = db::loadState(m_store);
        for (const auto& me : s.mes) {
            const auto units = s.unitsOf(me.id);
            if (!me.onMap || units.size() < 2) continue;
            const auto r = engine::splitMe(m_store, me.side, me.id, me.id + "-late", "Late", {units.back()->id});
            if (r.ok()) m_stats.errors.push_back("week " + std::to_string(s.week) + " day " + std::to_string(s.day) + ": " + me.id +
                                                 " was split after the day's movement (D5)");
            return;
        }
    }

    void giveOrders(const std::string& side) {
        const auto s = db::loadState(m_store);
        auto f = io::readOrdersString(engine::ordersTemplate(m_store, side), side + ".xml");
        std::vector<hex::Hex> objectives, towns;
        for (const auto& o : s.objectives)
            if (o.assignedTo == side) objectives.push_back(o.hex);
        for (const auto& ua : s.urban)
            if (ua.controller != side) towns.push_back(ua.hex);
        for (auto& o : f.orders) {
            const auto* me = s.me(o.me);
            if (!me) continue;
            if (o.mode && *o.mode == Mode::Reorganisation) continue;  // split or merged today: it stays
            bool cavalry = false;
            for (const auto* u : s.unitsOf(me->id)) cavalry = cavalry || campaign::isCavalry(u->type);
            std::optional<hex::Hex> target;
            const int pick = m_rng.below(10);
            if (pick < 5 || (objectives.empty() && towns.empty())) {
                for (const auto& e : s.mes)
                    if (e.onMap && e.side != side && (!target || hex::distance(me->hex, e.hex) < hex::distance(me->hex, *target))) target = e.hex;
            } else if (pick < 8 && !objectives.empty()) {
                target = objectives[static_cast<std::size_t>(m_rng.below(static_cast<int>(objectives.size())))];
            } else if (!towns.empty()) {
                target = towns[static_cast<std::size_t>(m_rng.below(static_cast<int>(towns.size())))];
            }
            o.onScoutContact = static_cast<campaign::ScoutContact>(m_rng.below(3));
            o.path.clear();
            const int roll = m_rng.below(100);
            if (roll < 8) {
                o.mode = Mode::DeployedDefensive;
            } else if (roll < 18) {
                o.mode.reset();  // Forage (§5)
                ++m_stats.forages;
            } else if (roll < 30 && target) {
                o.mode = Mode::ForcedMarch;
                o.path = toward(s, me->hex, *target, 5);
                ++m_stats.forcedMarches;
            } else if (roll < 45 && cavalry && target) {
                o.mode = Mode::Scouting;
                o.path = toward(s, me->hex, *target, 5);
                ++m_stats.scouts;
            } else if (target) {
                o.mode = Mode::March;
                o.path = toward(s, me->hex, *target, 3);
            }
        }
        if (s.day == 1)  // §2.3: decoys with the side's MEs on the week's first day
            for (const auto& me : s.mes)
                if (me.side == side && me.onMap && f.decoys.size() < 2 && m_rng.chance(50)) {
                    campaign::DecoyOrder d;
                    d.id = me.id + "-decoy-w" + std::to_string(s.week);
                    d.place = s.map.offsets().toOffset(me.hex);
                    f.decoys.push_back(d);
                }
        for (auto& d : f.decoys)
            if (!d.place) d.path = {};
        for (int attempt = 0; attempt < 5; ++attempt) {
            const auto issues = engine::submitOrders(m_store, f);
            if (!issues.hasErrors()) {
                m_stats.ordersGiven += static_cast<int>(f.orders.size());
                for (const auto& d : f.decoys) m_stats.decoysPlaced += d.place ? 1 : 0;
                return;
            }
            ++m_stats.refusedOrders;
            bool named = false;
            for (const auto& i : issues.items())
                for (auto& o : f.orders)
                    if (i.where && i.where->rfind(o.me + ".", 0) == 0) {
                        o.path.clear();
                        if (o.mode && (*o.mode == Mode::ForcedMarch || *o.mode == Mode::Scouting)) o.mode = Mode::March;
                        named = true;
                    }
            if (!named || attempt >= 2) {
                for (auto& o : f.orders) o.path.clear();
                f.decoys.clear();
            }
        }
        if (engine::standFast(m_store, side).hasErrors())
            m_stats.errors.push_back("the orders of " + side + " were refused five times and it could not stand fast");
    }

    void finish() {
        auto& db = raw();
        SQLite::Statement e(db, "SELECT ended, winner, end_reason, current_week, length_weeks FROM campaign WHERE id = 1");
        e.executeStep();
        m_stats.ended = e.getColumn(0).getInt() != 0;
        m_stats.winner = e.getColumn(1).getString();
        m_stats.endReason = e.getColumn(2).getString();
        m_stats.weeksPlayed = std::min(e.getColumn(3).getInt(), e.getColumn(4).getInt());
        m_stats.endedEarly = m_stats.ended && e.getColumn(2).getString() != "last_week";
        SQLite::Statement b(db, "SELECT b.id, (SELECT COALESCE(SUM(figures_lost), 0) FROM battle_loss WHERE battle_id = b.id) "
                                "FROM battle b WHERE b.status = 'resolved' AND b.kind = 'battle' "
                                "AND b.summary NOT LIKE 'no battle%'");
        while (b.executeStep()) {
            ++m_stats.battlesFought;
            if (b.getColumn(1).getInt() == 0) ++m_stats.battlesWithoutLoss;
        }
    }

    const BotConfig& m_config;
    db::CampaignStore& m_store;
    Rng m_rng;
    BotStats m_stats;
    std::unique_ptr<SQLite::Database> m_raw;
};

}  // namespace

std::string BotStats::summary() const {
    std::ostringstream o;
    o << weeksPlayed << " weeks, " << days << " days, " << phases << " phases; " << battlesFought << " battles fought ("
      << battlesWithoutLoss << " without loss); orders " << ordersGiven << " (forced " << forcedMarches << ", scouting " << scouts
      << ", forage " << forages << ", refused submissions " << refusedOrders << "), decoys " << decoysPlaced << ", splits " << splits
      << ", merges " << merges << ", purchases " << purchases << ", allocations " << allocations << ", declines " << declines << "; "
      << (ended ? "ended (" + endReason + (winner.empty() ? ", a draw" : ", " + winner + " win") + ")" : std::string("not ended"));
    for (const auto& b : breaches) o << "\n  BREACH " << b;
    for (const auto& e : errors) o << "\n  ERROR " << e;
    return o.str();
}

BotStats playCampaign(const BotConfig& config) {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(config.dbPath + suffix);
    db::NewCampaignRequest req;
    req.scenarioPath = config.scenario;
    req.dbPath = config.dbPath;
    req.seed = config.seed;
    req.options = config.options;
    req.overwrite = true;
    const auto created = db::createCampaign(req);
    if (!created.ok) {
        BotStats s;
        for (const auto& i : created.issues.items()) s.errors.push_back("campaign new: " + i.format());
        return s;
    }
    auto store = db::CampaignStore::open(config.dbPath);
    Bot bot(config, store);
    auto stats = bot.run();
    try {
        // Opened afresh, as the next command would: the checksum of the state it left is checked.
        db::CampaignStore::open(config.dbPath, true);
    } catch (const db::StoreError& e) {
        stats.errors.push_back("reopened at the end: " + std::string(e.what()));
    }
    return stats;
}

}  // namespace etatmajor::bot
