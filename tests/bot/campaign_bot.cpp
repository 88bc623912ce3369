// SPDX-License-Identifier: GPL-3.0-or-later
// The campaign bot (campaign_bot.hpp). It plays as two careless but busy commanders would: every day each ME
// marches, force-marches, scouts, forages or holds, toward the enemy, an objective or a town; decoys go out on the
// week's first day; MEs split and merge (a remnant of a few figures, or guns alone, goes to join the nearest whole ME
// of its side and merges into it); the grant buys new MEs; shared sources are split; the initiative is
// sometimes declined. In a campaign whose battles are fought on the table (battle_resolution = tabletop) it is also
// the host: before D9 it writes a result file for about half of the day's battles, as players who fought them with
// miniatures would, and enters it (`battle enter`); now and then it first enters a result with a mistake in it and
// makes sure the mistake is refused, named, and changes nothing; the other battles it hands to the resolver
// (`battle resolve`). Everything goes through the core's commands, as the CLI and the GUI use them, and the
// campaign's invariants are checked after every phase.
#include "campaign_bot.hpp"

#include "../unit/march_path.hpp"
#include "battle_file.hpp"

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/state_checksum.hpp"
#include "etatmajor/db/state_store.hpp"
#include "engine/battles_db.hpp"
#include "etatmajor/engine/grant.hpp"
#include "etatmajor/engine/invariants.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/reorg.hpp"
#include "etatmajor/engine/supply_orders.hpp"
#include "etatmajor/engine/turn.hpp"
#include "etatmajor/hex/offset.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

namespace etatmajor::bot {

namespace {

using campaign::CampaignState;
using campaign::MeState;
using campaign::Mode;
using test::toward;

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

// One line of a battle-result file (docs/formats/battle-result.md); an attribute left out when it has no value.
struct ResultLine {
    std::string unit;
    std::optional<int> figuresLost, standsLost, gunsLost;
    bool routed = false, captured = false;
};

struct TableResult {
    std::string winner;  // empty: a draw
    std::string holder;  // fieldHolder: a side or "none"; empty: left out (the winner holds the field)
    std::vector<ResultLine> units;
    std::vector<std::pair<std::string, std::string>> generals;  // id, fate
};

std::string resultXml(int battle, const TableResult& r) {
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<battleResult formatVersion=\"1\" battle=\"" << battle << "\"";
    if (!r.winner.empty()) x << " winner=\"" << r.winner << "\"";
    if (!r.holder.empty()) x << " fieldHolder=\"" << r.holder << "\"";
    x << ">\n";
    for (const auto& l : r.units) {
        x << "  <unit id=\"" << l.unit << "\"";
        if (l.figuresLost) x << " figuresLost=\"" << *l.figuresLost << "\"";
        if (l.standsLost) x << " standsLost=\"" << *l.standsLost << "\"";
        if (l.gunsLost) x << " gunsLost=\"" << *l.gunsLost << "\"";
        if (l.routed) x << " routed=\"true\"";
        if (l.captured) x << " captured=\"true\"";
        x << "/>\n";
    }
    for (const auto& [id, fate] : r.generals) x << "  <general id=\"" << id << "\" fate=\"" << fate << "\"/>\n";
    x << "  <notes>Fought on the table; the host entered the result.</notes>\n</battleResult>\n";
    return x.str();
}

// The stands a unit is left with after losing `lost` figures: a stand goes with its last figure (§8.11.3), as the
// result file's check counts them.
int standsLostFor(const campaign::UnitState& u, int lost) {
    if (u.figuresPerStand <= 0) return 0;
    const int left = u.figuresCurrent - lost;
    return std::max(0, u.standsCurrent - (left + u.figuresPerStand - 1) / u.figuresPerStand);
}

int gunStands(const campaign::UnitState& u) {
    int n = 0;
    for (const auto& g : u.guns) n += g.standsCurrent;
    return n;
}

class Bot {
    // Every command keeps the state's checksum current: the latest checksum stored is that of the whole state as it
    // stands (docs/design.md "Checksums of the state").
    void checkChecksum(const std::string& when) {
        const auto c = db::checkState(m_store);
        if (!c.ok) m_stats.errors.push_back(when + ": " + c.problem);
    }

    // A command run between phases keeps every invariant too (engine/invariants.hpp).
    void checkInvariantsNow(const std::string& when) {
        const auto broken = engine::checkInvariants(m_store);
        for (const auto& i : broken.items())
            if (i.severity == core::Severity::Error) m_stats.breaches.push_back(when + ": " + i.format());
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
            if (info.phase == campaign::Phase::W1) checkChecksum("week " + std::to_string(info.week));
            beforePhase(info.phase);
            if (!m_stats.ok()) break;
            engine::AdvanceOptions options;
            options.standFastMissing = true;
            options.checkInvariants = true;
            const auto r = engine::advance(m_store, engine::Step::Phase, options);
            for (const auto& p : r.phases) {
                ++m_stats.phases;
                if (p.phase == campaign::Phase::D12) ++m_stats.days;
            }
            if (!r.ok && info.phase == etatmajor::campaign::Phase::D9 && resolverHandedOver(r.issues)) {
                // A battle the resolver cannot fight is handed to the table and D9 waits for it: the host enters its
                // result before the next try (beforePhase).
                m_stats.resolverRefused += static_cast<int>(r.issues.size());
                continue;
            }
            if (!r.ok) {
                for (const auto& i : r.issues.items()) {
                    if (i.code.rfind("INVARIANT-", 0) == 0) m_stats.breaches.push_back(i.format());
                    else m_stats.errors.push_back("advance refused at " + campaign::phaseString(info.phase) + ": " + i.format());
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
    static bool resolverHandedOver(const core::IssueList& issues) {
        return !issues.empty() && std::all_of(issues.items().begin(), issues.items().end(),
                                              [](const core::Issue& i) { return i.code == "BATTLE-RESOLVER"; });
    }
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

    void beforePhase(campaign::Phase phase) {
        using campaign::Phase;
        if (phase == Phase::W4) allocate();
        if (phase == Phase::W5) purchase();
        if (phase == Phase::D2) {
            rememberBloodlessBattles();
            m_reorganisedToday.clear();
            for (const auto& side : sides()) reorganise(side);
            for (const auto& side : sides()) giveOrders(side);
        }
        if (phase == Phase::D6) probeLateSplit();
        if (phase == Phase::D9) {
            writeBattleFiles("pending");
            hostTabletopBattles();
        }
    }

    void afterPhase(campaign::Phase phase) {
        if (phase == campaign::Phase::W1) maybeDecline();
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
                        .ok()) {
                    ++m_stats.splits;
                    m_reorganisedToday.insert(me.id);
                    m_reorganisedToday.insert(id);
                }
                break;
            }
        }
        // A worn-out ME (weakMe) that shares a hex with a friendly ME always joins it: a commander does not keep a
        // remnant of a few figures as an ME of its own beside a whole one.
        for (const auto& w : s.mes) {
            if (!w.onMap || w.side != side || !weakMe(s, w)) continue;
            for (const auto& a : s.mes)
                if (a.onMap && a.side == side && a.id != w.id && a.hex == w.hex && !weakMe(s, a) &&
                    engine::dissolveMe(m_store, side, w.id, a.id).ok()) {
                    ++m_stats.merges;
                    m_reorganisedToday.insert(a.id);
                    return;
                }
        }
        if (m_rng.chance(8)) {
            for (const auto& a : s.mes)
                for (const auto& b : s.mes)
                    if (a.onMap && b.onMap && a.side == side && b.side == side && a.id < b.id && a.hex == b.hex) {
                        if (engine::dissolveMe(m_store, side, b.id, a.id).ok()) {
                            ++m_stats.merges;
                            m_reorganisedToday.insert(a.id);
                        }
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
            if (r.ok())
                m_stats.errors.push_back("week " + std::to_string(s.week) + " day " + std::to_string(s.day) + ": " + me.id +
                                         " was split after the day's movement (D5)");
            return;
        }
    }

    // The figures of an ME's units (detached groups included).
    static int figuresOf(const CampaignState& s, const std::string& me) {
        int n = 0;
        for (const auto* u : s.unitsOf(me)) n += u->figuresCurrent;
        return n;
    }

    // An ME worn down to a remnant: fewer than kWeakFigures figures, or guns with no foot or horse beside them.
    static constexpr int kWeakFigures = 20;
    static bool weakMe(const CampaignState& s, const MeState& me) {
        bool troops = false;
        for (const auto* u : s.unitsOf(me.id))
            troops = troops || (u->type != campaign::UnitType::Artillery && u->type != campaign::UnitType::Engineers);
        return !troops || figuresOf(s, me.id) < kWeakFigures;
    }

    // The figures of the side's enemies in a hex.
    static int enemyFiguresAt(const CampaignState& s, const std::string& side, hex::Hex h) {
        int n = 0;
        for (const auto& e : s.mes)
            if (e.onMap && e.side != side && e.hex == h) n += figuresOf(s, e.id);
        return n;
    }

    // Battles resolved since the last look in which nobody lost a figure (standoffs included): for each ME that was
    // there, the hex, its own strength and the enemy's there, and whether its side stood in the hex.
    void rememberBloodlessBattles() {
        const auto s = db::loadState(m_store);
        std::vector<std::tuple<int, std::string, hex::Hex>> found;
        {
            SQLite::Statement q(raw(),
                                "SELECT b.id, COALESCE(b.setup, ''), b.q, b.r FROM battle b WHERE b.id > ? AND b.status = 'resolved' "
                                "AND b.summary NOT LIKE 'no battle: contact at dusk%' AND b.summary NOT LIKE "
                                "'no battle: one side%' AND (SELECT COALESCE(SUM(figures_lost), 0) FROM battle_loss l "
                                "WHERE l.battle_id = b.id) = 0 ORDER BY b.id");
            q.bind(1, m_lastBattleSeen);
            while (q.executeStep())
                found.emplace_back(q.getColumn(0).getInt(), q.getColumn(1).getString(),
                                   hex::Hex{q.getColumn(2).getInt(), q.getColumn(3).getInt()});
        }
        {
            SQLite::Statement q(raw(), "SELECT COALESCE(MAX(id), 0) FROM battle WHERE status = 'resolved'");
            q.executeStep();
            m_lastBattleSeen = std::max(m_lastBattleSeen, q.getColumn(0).getInt());
        }
        for (const auto& [id, setup, where] : found) {
            const auto b = engine::findBattle(m_store, id);
            if (!b) continue;
            std::string heldBy;
            if (const auto at = setup.find("\"heldBy\":\""); at != std::string::npos) {
                const auto from = at + 10;
                heldBy = setup.substr(from, setup.find('"', from) - from);
            }
            for (const auto& p : b->participants) {
                const auto* mine = s.me(p.me);
                if (!mine || !mine->onMap) continue;
                m_bloodless[{p.me, where}] = {figuresOf(s, p.me), enemyFiguresAt(s, p.side, where), heldBy == p.side,
                                              s.week * 7 + s.day};
                for (const auto& e : b->participants)
                    if (e.side != p.side && s.me(e.me))
                        m_bloodlessMe[{p.me, e.me}] = {figuresOf(s, p.me), figuresOf(s, e.me), false, s.week * 7 + s.day};
            }
        }
    }

    // `me` met the enemy in hex `h` without loss to either side, and nothing has changed since: the enemy there has not
    // lost a tenth of its figures (nor left), and `me` has not gained a tenth.
    bool futileAt(const CampaignState& s, const MeState& me, hex::Hex h) const {
        const auto it = m_bloodless.find({me.id, h});
        if (it == m_bloodless.end()) return false;
        const int theirs = enemyFiguresAt(s, me.side, h);
        return theirs > 0 && 10 * theirs > 9 * it->second.enemyFigures && 10 * figuresOf(s, me.id) < 11 * it->second.ownFigures;
    }

    // `me` met the enemy ME `enemy` without loss to either side within the last week, wherever it was, and neither has
    // changed since: the enemy ME has not lost a tenth of its figures, and `me` has not gained a tenth.
    bool futileAgainst(const CampaignState& s, const MeState& me, const MeState& enemy) const {
        const auto it = m_bloodlessMe.find({me.id, enemy.id});
        if (it == m_bloodlessMe.end() || s.week * 7 + s.day - it->second.day > 7) return false;
        return 10 * figuresOf(s, enemy.id) > 9 * it->second.enemyFigures && 10 * figuresOf(s, me.id) < 11 * it->second.ownFigures;
    }

    // `me` came into the hex where it met the enemy yesterday without loss (its side did not stand there), and both are
    // still there.
    bool stuckBeside(const CampaignState& s, const MeState& me) const {
        if (!futileAt(s, me, me.hex)) return false;
        const auto& r = m_bloodless.at({me.id, me.hex});
        return !r.stoodThere && s.week * 7 + s.day - r.day <= 1;
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
            // Split or merged today: it stays (§10.1). An ME split or merged on an earlier day is in Reorganisation mode
            // still, and gets its orders like any other: left alone, it sat where it was for the rest of the campaign.
            if (o.mode && *o.mode == Mode::Reorganisation && m_reorganisedToday.count(o.me)) continue;
            bool cavalry = false;
            for (const auto* u : s.unitsOf(me->id)) cavalry = cavalry || campaign::isCavalry(u->type);
            std::optional<hex::Hex> target;
            // A commander does not send his ME again where it met the enemy without loss to either side, nor within
            // the week against an enemy ME it so met elsewhere, while nothing has changed: the enemy no weaker (and
            // still in that hex), his own ME no stronger. An ME that came into such a hex and is still there with the
            // enemy goes elsewhere (it leaves by night, G-50).
            const auto futileHex = [&](hex::Hex h) {
                if (futileAt(s, *me, h)) return true;
                for (const auto& e : s.mes)
                    if (e.onMap && e.side != side && e.hex == h && futileAgainst(s, *me, e)) return true;
                return false;
            };
            const bool leave = stuckBeside(s, *me);
            const int pick = m_rng.below(10);
            // A remnant goes to join the nearest whole ME of its side (they merge when they meet, reorganise()).
            std::optional<hex::Hex> friendHex;
            if (weakMe(s, *me))
                for (const auto& a : s.mes)
                    if (a.onMap && a.side == side && a.id != me->id && !weakMe(s, a) &&
                        (!friendHex || hex::distance(me->hex, a.hex) < hex::distance(me->hex, *friendHex)))
                        friendHex = a.hex;
            if (friendHex) {
                target = *friendHex;
            } else if (!leave && (pick < 5 || (objectives.empty() && towns.empty()))) {
                for (const auto& e : s.mes)
                    if (e.onMap && e.side != side && !futileHex(e.hex) &&
                        (!target || hex::distance(me->hex, e.hex) < hex::distance(me->hex, *target)))
                        target = e.hex;
            } else if ((leave || pick < 8) && !objectives.empty()) {
                target = objectives[static_cast<std::size_t>(m_rng.below(static_cast<int>(objectives.size())))];
            } else if (!towns.empty()) {
                target = towns[static_cast<std::size_t>(m_rng.below(static_cast<int>(towns.size())))];
            }
            if (target && (futileHex(*target) || (leave && *target == me->hex))) {
                // Another place to go: the nearest objective or town that holds no such enemy and is not here.
                std::optional<hex::Hex> other;
                for (const auto& h : objectives.empty() ? towns : objectives)
                    if (h != me->hex && !futileHex(h) && (!other || hex::distance(me->hex, h) < hex::distance(me->hex, *other)))
                        other = h;
                target = other;
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
            // Nor through such a hex on the way (an ME that enters an enemy's hex stops there and fights).
            for (std::size_t k = 0; k < o.path.size(); ++k)
                if (futileHex(s.map.offsets().toHex(o.path[k]))) {
                    o.path.resize(k);
                    break;
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

    // BotConfig::battleFilesDir: today's battles with the given status written as battle files before they are fought.
    void writeBattleFiles(const std::string& status) {
        if (m_config.battleFilesDir.empty()) return;
        std::vector<int> ids;
        {
            SQLite::Statement q(raw(), "SELECT b.id FROM battle b, campaign c WHERE c.id = 1 AND b.week = c.current_week "
                                       "AND b.day = c.current_day AND b.status = ? ORDER BY b.id");
            q.bind(1, status);
            while (q.executeStep()) ids.push_back(q.getColumn(0).getInt());
        }
        for (const int id : ids) writeBattleFile(id);
    }

    void writeBattleFile(int id) {
        if (m_config.battleFilesDir.empty()) return;
        const auto b = engine::findBattle(m_store, id);
        if (!b) return;
        const auto setup = engine::campaignBattleSetup(m_store, id);
        if (setup.sides[0].mes.empty() || setup.sides[1].mes.empty()) return;  // no battle: one side has nobody to fight
        std::ofstream(m_config.battleFilesDir + "/bot-" + std::to_string(m_config.seed) + "-battle-" + std::to_string(id) + ".xml")
            << battleFileXml(setup, b->seed);
    }

    // --- the host of a tabletop campaign (battle_resolution = tabletop, docs/formats/battle-result.md) ---

    // What must not change when a result is refused: the battles, the troops, the ledger, the generals, the points,
    // the command log.
    std::string fingerprint() {
        SQLite::Statement q(raw(),
                            "SELECT (SELECT group_concat(id || ':' || status || ':' || COALESCE(winner, '') || ':' || "
                            "COALESCE(result, ''), '|') FROM battle), "
                            "(SELECT group_concat(id || ':' || figures_current || ':' || stands_current, '|') FROM unit), "
                            "(SELECT group_concat(unit_id || ':' || stands_current, '|') FROM unit_gun), "
                            "(SELECT COUNT(*) FROM battle_loss), (SELECT group_concat(id || ':' || status, '|') FROM general), "
                            "(SELECT group_concat(id || ':' || points_lost, '|') FROM side), (SELECT COUNT(*) FROM command_log)");
        q.executeStep();
        std::string out;
        for (int i = 0; i < q.getColumnCount(); ++i) out += q.getColumn(i).getString() + "#";
        return out;
    }

    std::string where(const engine::BattleRecord& b) const {
        return "week " + std::to_string(b.week) + " day " + std::to_string(b.day) + " battle " + std::to_string(b.id);
    }

    // D9 waits for every tabletop battle of the day (engine::battlesAwaitingResults). About half of them the players
    // fight on the table and the host enters the result; the others he hands to the resolver.
    void hostTabletopBattles() {
        std::vector<int> ids;
        {  // the statement closed before anything is written, so that later reads see what was written
            SQLite::Statement q(raw(), "SELECT b.id FROM battle b, campaign c WHERE c.id = 1 AND b.week = c.current_week "
                                       "AND b.day = c.current_day AND b.status = 'tabletop' ORDER BY b.id");
            while (q.executeStep()) ids.push_back(q.getColumn(0).getInt());
        }
        if (ids.empty()) return;
        std::vector<engine::BattleRecord> waiting;
        for (const int id : ids)
            if (auto b = engine::findBattle(m_store, id)) waiting.push_back(std::move(*b));
        if (!engine::battlesAwaitingResults(raw()))
            m_stats.errors.push_back(where(waiting.front()) + " awaits its table result, but D9 would not wait for it");
        for (const auto& b : waiting) {
            if (!m_stats.ok()) return;
            if (m_rng.chance(50)) {
                enterTableResult(b);
                continue;
            }
            writeBattleFile(b.id);
            std::vector<std::string> lines;
            const auto before = fingerprint();
            const auto issues = engine::resolveBattleNow(m_store, b.id, lines);
            const auto after = engine::findBattle(m_store, b.id);
            if (issues.hasCode("BATTLE-RESOLVER")) {
                // The resolver cannot fight it: the command says so and changes nothing; the table decides it.
                if (fingerprint() != before || !after || after->status != "tabletop")
                    m_stats.errors.push_back(where(b) + ": a battle resolve the resolver could not fight changed the campaign");
                ++m_stats.resolverRefused;
                enterTableResult(b);
            } else if (issues.hasErrors() || !after || after->status != "resolved") {
                m_stats.errors.push_back(
                    where(b) + ": battle resolve refused or not recorded: " +
                    (issues.empty() ? "status " + (after ? after->status : std::string("?")) : issues.items().front().format()));
            } else {
                checkInvariantsNow("after battle resolve, " + where(b));
                checkChecksum(where(b) + ", after battle resolve");
                ++m_stats.tabletopResolved;
            }
        }
        if (m_stats.ok())
            if (const auto still = engine::battlesAwaitingResults(raw()))
                m_stats.errors.push_back("every tabletop battle of the day has its result, yet D9 still waits: " + *still);
    }

    // A result as the players would bring it from the table: each side's units with losses drawn for them, the side
    // that had the worse of it losing more, routing and now and then losing guns, a whole unit or a general; the
    // winner is the side that lost the smaller share of its figures, or nobody when the shares are close.
    TableResult drawResult(const engine::BattleRecord& b, const CampaignState& s) {
        std::map<std::string, std::vector<const campaign::UnitState*>> bySide;
        std::set<std::string> sidesHere;
        for (const auto& p : b.participants) {
            sidesHere.insert(p.side);
            for (const auto* u : s.unitsOf(p.me)) bySide[p.side].push_back(u);
        }
        const std::vector<std::string> ids(sidesHere.begin(), sidesHere.end());
        const int roll = m_rng.below(100);
        const std::string worse = ids.size() < 2 || roll >= 84 ? std::string() : ids[roll < 42 ? 0 : 1];
        TableResult r;
        std::map<std::string, std::pair<int, int>> share;  // side: figures lost, figures present
        for (const auto& [side, units] : bySide)
            for (const auto* u : units) {
                const bool hard = side == worse, easy = !worse.empty() && side != worse;
                const int percent = hard ? 5 + m_rng.below(31) : easy ? m_rng.below(16) : 3 + m_rng.below(20);
                ResultLine l;
                l.unit = u->id;
                // The share rounded up or down at random in proportion, so that a small unit loses its figure as often
                // as the share says: rounded down, a unit of four figures lost nothing below 25 %, and a small battle
                // came back from the table with nothing lost on either side.
                const int lost = std::min(u->figuresCurrent, (u->figuresCurrent * percent + m_rng.below(100)) / 100);
                l.captured = hard && m_rng.chance(4);
                l.routed = !l.captured && m_rng.chance(hard ? 25 : easy ? 5 : 12);
                const int guns = gunStands(*u);
                if (guns > 0 && m_rng.chance(hard ? 30 : easy ? 8 : 15)) l.gunsLost = 1 + m_rng.below(guns);
                share[side].second += u->figuresCurrent;
                share[side].first += l.captured ? u->figuresCurrent : lost;
                if (!l.captured) {
                    const int stands = standsLostFor(*u, lost);
                    switch (m_rng.below(3)) {  // the three ways the format allows to write a loss
                        case 0: l.figuresLost = lost; break;
                        case 1:
                            l.figuresLost = lost;
                            if (u->figuresPerStand > 0) l.standsLost = stands;
                            break;
                        default: {
                            // standsLost alone stands for that many whole stands of figures: the loss in whole stands,
                            // a part stand counted as a whole one at random in proportion (rounded down, every loss of
                            // less than a stand was written as none)
                            const int fps = std::max(1, u->figuresPerStand);
                            const int whole = lost / fps + (m_rng.below(fps) < lost % fps ? 1 : 0);
                            if (u->figuresPerStand > 0 && whole * fps <= u->figuresCurrent) l.standsLost = whole;
                            else l.figuresLost = lost;
                            if (l.standsLost) share[side].first += whole * fps - lost;
                        }
                    }
                }
                // Units not listed lost nothing (most units are listed, a few that lost nothing are left out).
                if (l.captured || l.routed || l.gunsLost || lost > 0 || m_rng.chance(50)) r.units.push_back(l);
            }
        // The winner follows the losses: the side with the smaller share lost, unless the shares are within 3 %.
        if (ids.size() == 2) {
            const auto frac = [&](const std::string& side) {
                const auto [lost, present] = share[side];
                return present > 0 ? 100.0 * lost / present : 100.0;
            };
            const double a = frac(ids[0]), c = frac(ids[1]);
            if (a + 3 < c) r.winner = ids[0];
            else if (c + 3 < a) r.winner = ids[1];
            // Who holds the field: mostly left to the default (the winner, nobody after a draw); after a draw the
            // players often name the side still standing on it, and now and then both sides have left it.
            const int pick = m_rng.below(100);
            if (r.winner.empty() && pick < 50) r.holder = a <= c ? ids[0] : ids[1];
            else if (pick >= 95) r.holder = "none";
        }
        // Now and then a general of the battle is hit; sometimes one is listed unhurt.
        std::vector<const campaign::GeneralState*> generals;
        for (const auto& p : b.participants)
            for (const auto* g : s.generalsOf(p.me))
                if (g->status == campaign::GeneralStatus::Active) generals.push_back(g);
        if (!generals.empty() && m_rng.chance(12)) {
            const auto* g = generals[static_cast<std::size_t>(m_rng.below(static_cast<int>(generals.size())))];
            static const char* const fates[] = {"wounded", "wounded", "wounded", "killed", "captured", "unhurt"};
            r.generals.emplace_back(g->id, fates[m_rng.below(6)]);
        }
        return r;
    }

    // A mistake a host could make copying the table's result, the error code and the unit and attribute it must be
    // refused with (docs/formats/battle-result.md).
    struct Fault {
        std::string code, where, unit;
    };

    // The good result with one or two mistakes put in, each on a unit of its own.
    TableResult spoil(const TableResult& good, const engine::BattleRecord& b, const CampaignState& s, std::vector<Fault>& faults) {
        TableResult bad = good;
        std::set<std::string> mes;
        std::vector<const campaign::UnitState*> present, elsewhere;
        for (const auto& p : b.participants) {
            mes.insert(p.me);
            for (const auto* u : s.unitsOf(p.me)) present.push_back(u);
        }
        for (const auto& u : s.units)
            if (!u.removed && !mes.count(u.me)) elsewhere.push_back(&u);
        const int wanted = m_rng.chance(40) ? 2 : 1;
        std::set<std::string> used;
        for (int k = 0; k < wanted; ++k) {
            const int kind = m_rng.below(5);
            if (kind == 0) {  // a unit that did not fight here: one of another ME, or a name nobody has
                const int pick = m_rng.below(static_cast<int>(elsewhere.size()));
                const std::string id = elsewhere.empty() ? std::string("no-such-unit") : elsewhere[static_cast<std::size_t>(pick)]->id;
                if (!used.insert(id).second) continue;
                bad.units.push_back({id, 1, std::nullopt, std::nullopt, false, false});
                faults.push_back({"BATTLE-RESULT-UNIT", id + ".id", id});
                continue;
            }
            std::vector<const campaign::UnitState*> free;
            for (const auto* u : present)
                if (!used.count(u->id)) free.push_back(u);
            if (free.empty()) break;
            const auto* u = free[static_cast<std::size_t>(m_rng.below(static_cast<int>(free.size())))];
            used.insert(u->id);
            std::erase_if(bad.units, [&](const ResultLine& l) { return l.unit == u->id; });
            ResultLine l;
            l.unit = u->id;
            if (kind == 1) {  // more figures lost than the unit had
                l.figuresLost = u->figuresCurrent + 1 + m_rng.below(10);
                faults.push_back({"BATTLE-RESULT-LOSS", u->id + ".figuresLost", u->id});
            } else if (kind == 2 && u->figuresPerStand > 0 && u->standsCurrent > 0) {  // stands that disagree with the figures
                l.figuresLost = 0;
                l.standsLost = 1;
                faults.push_back({"BATTLE-RESULT-LOSS", u->id + ".standsLost", u->id});
            } else if (kind == 3) {  // more gun stands lost than it had
                l.gunsLost = gunStands(*u) + 1;
                faults.push_back({"BATTLE-RESULT-LOSS", u->id + ".gunsLost", u->id});
            } else {  // the same unit twice
                l.figuresLost = 0;
                bad.units.push_back(l);
                faults.push_back({"BATTLE-RESULT-UNIT", u->id + ".id", u->id});
            }
            bad.units.push_back(l);
        }
        return bad;
    }

    std::string writeResult(int battle, const TableResult& r) {
        const auto path = m_config.dbPath + ".result-" + std::to_string(battle) + ".xml";
        std::ofstream(path) << resultXml(battle, r);
        return path;
    }

    void enterTableResult(const engine::BattleRecord& b) {
        const auto s = db::loadState(m_store);
        const TableResult good = drawResult(b, s);
        // Sometimes the host first types it wrong: the file must be refused with every mistake named (its unit and
        // attribute, the file and line), and the campaign left as it was, the battle still waiting for its result.
        if (m_rng.chance(12)) {
            std::vector<Fault> faults;
            const TableResult bad = spoil(good, b, s, faults);
            if (!faults.empty()) {
                const auto before = fingerprint();
                const auto path = writeResult(b.id, bad);
                std::vector<std::string> lines;
                const auto issues = engine::enterBattleResult(m_store, b.id, path, lines);
                std::filesystem::remove(path);
                if (!issues.hasErrors()) {
                    m_stats.errors.push_back(where(b) + ": a result with " + faults.front().where + " wrong was accepted");
                    return;
                }
                for (const auto& f : faults) {
                    const bool named = std::any_of(issues.items().begin(), issues.items().end(), [&](const core::Issue& i) {
                        return i.code == f.code && i.where == f.where && i.message.find(f.unit) != std::string::npos && i.line > 0 &&
                               !i.file.empty();
                    });
                    if (!named) {
                        std::string got;
                        for (const auto& i : issues.items()) got += "\n    " + i.format();
                        m_stats.errors.push_back(where(b) + ": the refusal of a bad result does not name " + f.where + " (" + f.code +
                                                 ") with its line; it said:" + got);
                    }
                }
                const auto still = engine::findBattle(m_store, b.id);
                if (fingerprint() != before || !still || still->status != "tabletop" || !engine::battlesAwaitingResults(raw()))
                    m_stats.errors.push_back(where(b) + ": a refused result changed the campaign");
                checkChecksum(where(b) + ", after a refused result");
                if (!m_stats.ok()) return;
                ++m_stats.tabletopRefused;
            }
        }
        const auto path = writeResult(b.id, good);
        std::vector<std::string> lines;
        const auto issues = engine::enterBattleResult(m_store, b.id, path, lines);
        if (issues.hasErrors()) {
            std::ifstream in(path);
            std::stringstream text;
            text << in.rdbuf();
            std::filesystem::remove(path);
            m_stats.errors.push_back(where(b) + ": a good table result was refused: " + issues.items().front().format() + "\n" +
                                     text.str());
            return;
        }
        std::filesystem::remove(path);
        checkEntered(b, s, good);
    }

    // The entry took: the battle is fought with the result's winner, each listed unit lost what the file says.
    void checkEntered(const engine::BattleRecord& b, const CampaignState& before, const TableResult& r) {
        const auto after = engine::findBattle(m_store, b.id);
        if (!after || after->status != "resolved" || after->winner != r.winner) {
            m_stats.errors.push_back(where(b) + ": the entered result was not recorded (status " + (after ? after->status : "?") +
                                     ", winner '" + (after ? after->winner : "") + "' instead of '" + r.winner + "')");
            return;
        }
        {
            // The field holder is recorded as for a battle the resolver fought (docs/formats/battle-result.md).
            const std::string expected = r.holder.empty() ? r.winner : r.holder == "none" ? std::string() : r.holder;
            SQLite::Statement q(raw(), "SELECT field_holder FROM battle WHERE id = ?");
            q.bind(1, b.id);
            const std::string held = q.executeStep() ? q.getColumn(0).getString() : std::string("?");
            if (held != expected)
                m_stats.errors.push_back(where(b) + ": the entered result left the field to '" + held + "', not to '" + expected +
                                         "'");
        }
        const auto s = db::loadState(m_store);
        const auto unit = [](const CampaignState& st, const std::string& id) -> const campaign::UnitState* {
            for (const auto& u : st.units)
                if (u.id == id) return &u;
            return nullptr;
        };
        for (const auto& l : r.units) {
            const auto* was = unit(before, l.unit);
            const auto* now = unit(s, l.unit);
            if (!was || !now) continue;
            const int lost = l.captured      ? was->figuresCurrent
                             : l.figuresLost ? *l.figuresLost
                                             : l.standsLost.value_or(0) * was->figuresPerStand;
            const int guns = gunStands(*was) - l.gunsLost.value_or(0);
            if (now->figuresCurrent != was->figuresCurrent - lost || (l.captured && !now->removed) || gunStands(*now) != guns)
                m_stats.errors.push_back(where(b) + ": unit " + l.unit + " has " + std::to_string(now->figuresCurrent) +
                                         " figures and " + std::to_string(gunStands(*now)) +
                                         " gun stands after the table result, not " + std::to_string(was->figuresCurrent - lost) +
                                         " and " + std::to_string(guns));
        }
        // The invariants hold at once: an ME whose every unit the result removed is settled by the command itself,
        // not left empty on the map until the phase ends.
        checkInvariantsNow("after battle enter, " + where(b));
        checkChecksum(where(b) + ", after battle enter");
        ++m_stats.tabletopEntered;
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
        // A loss is a figure, or anything else the battle points price (§8.11.3, G-68: guns, staff and engineers killed
        // or captured), or a general hit (the resolver's result lists each general's fate).
        SQLite::Statement b(db, "SELECT b.id, (SELECT COALESCE(SUM(figures_lost), 0) + COALESCE(SUM(points), 0) FROM battle_loss "
                                "WHERE battle_id = b.id) + (CASE WHEN json_valid(b.result) THEN (SELECT COUNT(*) FROM "
                                "json_each(b.result, '$.generals') g WHERE json_extract(g.value, '$.fate') <> 'UNHURT') ELSE 0 END) "
                                "FROM battle b WHERE b.status = 'resolved' AND b.kind = 'battle' "
                                "AND b.summary NOT LIKE 'no battle%'");
        while (b.executeStep()) {
            ++m_stats.battlesFought;
            if (b.getColumn(1).getInt() == 0) ++m_stats.battlesWithoutLoss;
        }
        // Contacts on which nobody fired, charged or came to grips (standoff = no_battle): no battle, counted apart.
        SQLite::Statement st(db, "SELECT COUNT(*) FROM battle WHERE status = 'resolved' AND kind = 'battle' "
                                 "AND summary LIKE 'no battle: neither side attacked%'");
        st.executeStep();
        m_stats.standoffs = st.getColumn(0).getInt();
    }

    const BotConfig& m_config;
    db::CampaignStore& m_store;
    Rng m_rng;
    BotStats m_stats;
    struct Bloodless {
        int ownFigures = 0, enemyFigures = 0;  // the ME's figures, and the enemy's in the hex, after it
        bool stoodThere = false;               // its side stood in the hex (held it)
        int day = 0;                           // week * 7 + day it was looked at (the next morning)
    };
    std::map<std::pair<std::string, hex::Hex>, Bloodless> m_bloodless;       // (own ME, hex)
    std::map<std::pair<std::string, std::string>, Bloodless> m_bloodlessMe;  // (own ME, enemy ME)
    int m_lastBattleSeen = 0;
    std::set<std::string> m_reorganisedToday;  // MEs split or merged at today's D2: they keep Reorganisation mode
    std::unique_ptr<SQLite::Database> m_raw;
};

}  // namespace

std::string BotStats::summary() const {
    std::ostringstream o;
    o << weeksPlayed << " weeks, " << days << " days, " << phases << " phases; " << battlesFought << " battles fought ("
      << battlesWithoutLoss << " without loss, " << standoffs << " standoffs not counted); orders " << ordersGiven << " (forced "
      << forcedMarches << ", scouting " << scouts << ", forage " << forages << ", refused submissions " << refusedOrders
      << "), decoys " << decoysPlaced << ", splits " << splits << ", merges " << merges << ", purchases " << purchases
      << ", allocations " << allocations << ", declines " << declines << "; ";
    if (tabletop)
        o << "tabletop: " << tabletopEntered << " entered, " << tabletopRefused << " bad refused, " << tabletopResolved
          << " to the resolver; ";
    if (resolverRefused) o << "the resolver could not fight " << resolverRefused << " battle(s), entered from the table; ";
    o << (ended ? "ended (" + endReason + (winner.empty() ? ", a draw" : ", " + winner + " win") + ")" : std::string("not ended"));
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
    const bool chosen = std::any_of(req.options.begin(), req.options.end(),
                                    [](const std::string& o) { return o.rfind("battle_resolution=", 0) == 0; });
    if (!chosen && config.tabletopEvery > 0 && config.seed % static_cast<std::uint64_t>(config.tabletopEvery) == 0)
        req.options.push_back("battle_resolution=tabletop");
    const bool tabletop = std::find(req.options.begin(), req.options.end(), "battle_resolution=tabletop") != req.options.end();
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
    stats.tabletop = tabletop;
    try {
        // Opened afresh, as the next command would: the checksum of the state it left is checked.
        db::CampaignStore::open(config.dbPath, true);
    } catch (const db::StoreError& e) {
        stats.errors.push_back("reopened at the end: " + std::string(e.what()));
    }
    return stats;
}

}  // namespace etatmajor::bot
