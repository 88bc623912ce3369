// SPDX-License-Identifier: GPL-3.0-or-later
// "campaign new": scenario + map -> a new campaign database (etat-major.md §1 set-up).
#include "etatmajor/db/new_campaign.hpp"

#include "etatmajor/campaign/command.hpp"
#include "etatmajor/campaign/points.hpp"
#include "etatmajor/db/state_store.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/limits.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"
#include "etatmajor/rules/setup.hpp"
#include "oob_writer.hpp"
#include "store_impl.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <optional>
#include <set>

namespace etatmajor::db {

using namespace etatmajor::campaign;
namespace fs = std::filesystem;

namespace {

// Thrown inside the set-up transaction when the campaign's MEs are not MEs under me_granularity (G-52), or the
// request's finish step refused.
struct CompositionRefused {};

class Loader {
public:
    Loader(SQLite::Database& db, dice::Dice& dice, const Options& options, const map::Map& m)
        : m_db(db), m_options(options), m_map(m), m_oob(db, dice, options) {}

    void insertCampaign(const Scenario& s, Season season, std::uint64_t seed, const std::string& mapXml) {
        SQLite::Statement q(m_db,
                            "INSERT INTO campaign (id, scenario_id, name, theatre, description, year, length_weeks, start_season, "
                            "season_week, start_date, seed, rng_state, current_week, current_day, current_phase, map_id) "
                            "VALUES (1,?,?,?,?,?,?,?,?,?,?,?,1,1,'W1',?)");
        q.bind(1, s.id);
        q.bind(2, s.name);
        q.bind(3, s.theatre);
        q.bind(4, s.description);
        q.bind(5, s.year);
        q.bind(6, s.lengthWeeks);
        q.bind(7, std::string(seasonName(season)));
        q.bind(8, s.seasonWeek);
        q.bind(9, s.startDate);
        q.bind(10, static_cast<std::int64_t>(seed));
        q.bind(11, static_cast<std::int64_t>(seed));
        q.bind(12, m_map.metadata().id);
        q.exec();

        SQLite::Statement o(m_db, "INSERT INTO campaign_option (key, value) VALUES (?, ?)");
        for (const auto& [k, v] : m_options.values()) {
            o.bind(1, k);
            o.bind(2, v);
            o.exec();
            o.reset();
        }
        insertMap(mapXml);
    }

    void insertMap(const std::string& xml) {
        const auto& meta = m_map.metadata();
        SQLite::Statement q(m_db,
                            "INSERT INTO map_meta (id, map_id, name, description, km_per_hex, orientation, parity, width, height, "
                            "source_xml) VALUES (1,?,?,?,?,?,?,?,?,?)");
        q.bind(1, meta.id);
        q.bind(2, meta.name);
        q.bind(3, meta.description);
        q.bind(4, meta.kmPerHex);
        q.bind(5, meta.orientation == hex::Orientation::Pointy ? "pointy" : "flat");
        q.bind(6, meta.parity == hex::OffsetParity::Odd ? "odd" : "even");
        q.bind(7, meta.width);
        q.bind(8, meta.height);
        q.bind(9, xml);
        q.exec();

        SQLite::Statement h(m_db, "INSERT INTO map_hex (q, r, col, row, terrain) VALUES (?,?,?,?,?)");
        SQLite::Statement side(m_db, "INSERT INTO map_hexside (q, r, dir, watercourse, navigable, fordable, crossing, name) "
                                     "VALUES (?,?,?,?,?,?,?,?)");
        for (const auto& x : m_map.allHexes()) {
            const auto o = m_map.offsets().toOffset(x);
            h.bind(1, x.q);
            h.bind(2, x.r);
            h.bind(3, o.col);
            h.bind(4, o.row);
            h.bind(5, std::string(map::terrainName(m_map.terrain(x))));
            h.exec();
            h.reset();
            for (int d = 0; d < 3; ++d) {
                const map::Hexside* hs = m_map.hexside(x, d);
                if (!hs || (hs->watercourse == map::Watercourse::None && hs->crossing == map::Crossing::None)) continue;
                side.bind(1, x.q);
                side.bind(2, x.r);
                side.bind(3, d);
                side.bind(4, hs->watercourse == map::Watercourse::River    ? "river"
                             : hs->watercourse == map::Watercourse::Stream ? "stream"
                                                                           : "none");
                side.bind(5, hs->navigable ? 1 : 0);
                side.bind(6, hs->fordable ? 1 : 0);
                side.bind(7, hs->crossing == map::Crossing::Bridge ? "bridge" : hs->crossing == map::Crossing::Ford ? "ford" : "none");
                side.bind(8, hs->name);
                side.exec();
                side.reset();
            }
        }
        SQLite::Statement route(m_db, "INSERT INTO map_route (id, name, kind) VALUES (?,?,?)");
        SQLite::Statement rh(m_db, "INSERT INTO map_route_hex (route_id, seq, q, r) VALUES (?,?,?,?)");
        for (const auto& r : m_map.routes()) {
            route.bind(1, r.id);
            route.bind(2, r.name);
            route.bind(3, std::string(map::linkKindName(r.kind)));
            route.exec();
            route.reset();
            for (std::size_t i = 0; i < r.hexes.size(); ++i) {
                rh.bind(1, r.id);
                rh.bind(2, static_cast<int>(i));
                rh.bind(3, r.hexes[i].q);
                rh.bind(4, r.hexes[i].r);
                rh.exec();
                rh.reset();
            }
        }
        SQLite::Statement label(m_db, "INSERT INTO map_label (q, r, text) VALUES (?,?,?)");
        for (const auto& l : m_map.labels()) {
            label.bind(1, l.hex.q);
            label.bind(2, l.hex.r);
            label.bind(3, l.text);
            label.exec();
            label.reset();
        }
        SQLite::Statement ua(m_db, "INSERT INTO urban_area (id, name, q, r, size, fortification) VALUES (?,?,?,?,?,?)");
        for (const auto& u : m_map.urbanAreas()) {
            ua.bind(1, u.id);
            ua.bind(2, u.name);
            ua.bind(3, u.hex.q);
            ua.bind(4, u.hex.r);
            ua.bind(5, std::string(map::urbanSizeName(u.size)));
            ua.bind(6, std::string(map::fortificationName(u.fortification)));
            ua.exec();
            ua.reset();
        }
    }

    void insertSide(const SideDef& s, int ord) {
        const map::SideGeography* geo = m_map.side(s.id);
        std::string nats, edges;
        for (auto n : s.nationalities) nats += (nats.empty() ? "" : " ") + std::string(nationalityName(n));
        if (geo)
            for (auto e : geo->homeEdges) edges += (edges.empty() ? "" : " ") + std::string(map::mapEdgeName(e));
        SQLite::Statement q(m_db,
                            "INSERT INTO side (id, ord, name, nationalities, points_limit, decoys_per_week, home_edges, home_coast, "
                            "vcs_baseline, blockade_week, blockade_by) VALUES (?,?,?,?,?,?,?,?,?,?,?)");
        q.bind(1, s.id);
        q.bind(2, ord);
        q.bind(3, s.name);
        q.bind(4, nats);
        q.bind(5, s.pointsLimit);
        q.bind(6, s.decoysPerWeek);
        q.bind(7, edges);
        q.bind(8, geo && geo->homeCoast ? 1 : 0);
        // §12.2 VCS baseline: the side's full-strength points at the start.
        q.bind(9, formationPoints(s.army));
        q.bind(10, s.blockadeWeek);
        q.bind(11, s.blockadeBy);
        q.exec();

        if (geo) {
            SQLite::Statement e(m_db, "INSERT INTO loc_entry (side_id, ord, kind, q, r, name) VALUES (?,?,?,?,?,?)");
            int i = 0;
            for (const auto& l : geo->locEntries) {
                e.bind(1, s.id);
                e.bind(2, i++);
                e.bind(3, std::string(map::locKindName(l.kind)));
                e.bind(4, l.hex.q);
                e.bind(5, l.hex.r);
                e.bind(6, l.name);
                e.exec();
                e.reset();
            }
            SQLite::Statement hq(m_db, "INSERT OR IGNORE INTO hq (side_id, q, r) VALUES (?,?,?)");
            for (const auto& h : geo->hqHexes) {
                hq.bind(1, s.id);
                hq.bind(2, h.q);
                hq.bind(3, h.r);
                hq.exec();
                hq.reset();
                // An HQ town starts under its side's control (§9.2.2).
                if (const auto* u = m_map.urbanAreaAt(h)) setController(u->id, s.id);
            }
        }
        SQLite::Statement p(m_db, "INSERT INTO player (id, side_id, name, role) VALUES (?,?,?,?)");
        for (const auto& pl : s.players) {
            p.bind(1, pl.id);
            p.bind(2, s.id);
            p.bind(3, pl.name);
            p.bind(4, std::string(playerRoleName(pl.role)));
            p.exec();
            p.reset();
        }
        int formationOrd = 0, unitOrd = 0;
        m_oob.insertFormation(s.id, s.army, "", formationOrd, unitOrd);
    }

    void insertMes(const SideDef& s) {
        // Which ME each unit belongs to, resolving formation references to their units.
        std::map<std::string, std::vector<std::string>> formationUnits;
        collect(s.army, formationUnits);
        SQLite::Statement q(m_db, "INSERT INTO me (id, side_id, ord, label, q, r, mode, supply_source, commander, entry_kind, "
                                  "march_order, on_map) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)");
        SQLite::Statement arrival(m_db, "INSERT INTO me_arrival (me_id, week) VALUES (?,?)");
        SQLite::Statement mf(m_db, "INSERT INTO me_formation (me_id, formation_id) VALUES (?,?)");
        SQLite::Statement unitMe(m_db, "UPDATE unit SET me_id = ? WHERE id = ?");
        SQLite::Statement genMe(m_db, "UPDATE general SET me_id = ? WHERE formation_id = ? AND me_id IS NULL");
        int ord = 0;
        for (const auto& me : s.mes) {
            const auto h = io::placementHex(me, s, m_map);
            q.bind(1, me.id);
            q.bind(2, s.id);
            q.bind(3, ord++);
            q.bind(4, me.label);
            q.bind(5, h->q);
            q.bind(6, h->r);
            q.bind(7, std::string(modeName(me.mode)));
            q.bind(8, me.supplySource);
            if (me.commander.empty()) q.bind(9);
            else q.bind(9, me.commander);
            if (me.placement.kind == MePlacement::Kind::Entry) q.bind(10, me.placement.primary ? "primary" : "secondary");
            else q.bind(10);
            q.bind(11, me.placement.marchOrder);
            q.bind(12, me.arrivesWeek > 0 ? 0 : 1);  // a reinforcement on a date waits off the map (engine: arriveOnDate)
            q.exec();
            q.reset();
            if (me.arrivesWeek > 0) {
                arrival.bind(1, me.id);
                arrival.bind(2, me.arrivesWeek);
                arrival.exec();
                arrival.reset();
            }
            for (const auto& ref : me.members) {
                if (m_oob.generalIds().count(ref)) {
                    SQLite::Statement g(m_db, "UPDATE general SET me_id = ? WHERE id = ?");
                    g.bind(1, me.id);
                    g.bind(2, ref);
                    g.exec();
                    continue;
                }
                const auto it = formationUnits.find(ref);
                const std::vector<std::string> units = it == formationUnits.end() ? std::vector<std::string>{ref} : it->second;
                if (it != formationUnits.end()) {
                    mf.bind(1, me.id);
                    mf.bind(2, ref);
                    mf.exec();
                    mf.reset();
                    // The formation's generals, and those of formations below it, travel with the ME.
                    for (const auto& f : m_oob.subtree(ref)) {
                        genMe.bind(1, me.id);
                        genMe.bind(2, f);
                        genMe.exec();
                        genMe.reset();
                    }
                }
                for (const auto& u : units) {
                    unitMe.bind(1, me.id);
                    unitMe.bind(2, u);
                    unitMe.exec();
                    unitMe.reset();
                }
            }
            // An ME that starts in an urban area controls it (§9.2.2: the side whose ME last occupied it).
            if (const auto* u = m_map.urbanAreaAt(*h); u && me.placement.kind != MePlacement::Kind::Entry) setController(u->id, s.id);
        }
    }

    void insertObjectives(const Scenario& s) {
        SQLite::Statement q(m_db, "INSERT INTO objective (id, name, kind, q, r, value, assigned_to, written_by, revealed_to_assigned) "
                                  "VALUES (?,?,?,?,?,?,?,?,?)");
        for (const auto& o : s.objectives) {
            const auto h = io::objectiveHex(o, m_map);
            q.bind(1, o.id);
            q.bind(2, o.name);
            q.bind(3, o.kind == ObjectiveKind::Primary ? "primary" : "secondary");
            q.bind(4, h->q);
            q.bind(5, h->r);
            q.bind(6, objectiveValue(o.kind));
            q.bind(7, o.assignedTo);
            q.bind(8, o.writtenBy);
            // G-64: hidden from the side that must take them unless option objective_visibility says otherwise.
            q.bind(9, m_options.is("objective_visibility", "known_to_owner") ? 1 : 0);
            q.exec();
            q.reset();
        }
    }

private:
    void setController(const std::string& ua, const std::string& side) {
        SQLite::Statement q(m_db, "UPDATE urban_area SET controller = ? WHERE id = ?");
        q.bind(1, side);
        q.bind(2, ua);
        q.exec();
    }

    void collect(const FormationDef& f, std::map<std::string, std::vector<std::string>>& out) {
        auto& mine = out[f.id];
        for (const auto& u : f.units) mine.push_back(u.id);
        for (const auto& c : f.children) {
            collect(c, out);
            mine.insert(mine.end(), out[c.id].begin(), out[c.id].end());
        }
    }

    SQLite::Database& m_db;
    const Options& m_options;
    const map::Map& m_map;
    OobWriter m_oob;
};

}  // namespace

namespace {

// The campaign file and its map as their readers see them (UTF-8), checked: what the command log keeps, so that a
// replay sets the campaign up from the log alone.
struct CampaignInputs {
    Scenario scenario;
    std::string scenarioText, scenarioFile;
    io::MapReadResult mapRead;
    std::string mapXml, mapFile;
};

std::optional<CampaignInputs> readInputs(const NewCampaignRequest& req, core::IssueList& issues) {
    CampaignInputs in;
    auto& scenario = in.scenario;
    try {
        if (req.contents) {
            in.scenarioText = req.contents->scenarioText;
            in.scenarioFile = req.contents->scenarioFile;
            scenario = io::readScenarioString(in.scenarioText, in.scenarioFile, ".");
        } else {
            scenario = io::readScenarioFile(req.scenarioPath);
            in.scenarioText = io::decodeXmlText(io::readInputFile(req.scenarioPath, io::limits::kFileBytes), req.scenarioPath);
            in.scenarioFile = fs::path(req.scenarioPath).filename().string();
        }
    } catch (const core::FileError& e) {
        issues.add(e.toIssue());
        return std::nullopt;
    }
    for (const auto& kv : req.options)
        if (auto err = scenario.options.parseAndSet(kv)) issues.error("CLI-OPTION", *err, 0, kv);
    if (issues.hasErrors()) return std::nullopt;

    in.mapFile = req.contents ? req.contents->mapFile : scenario.mapRef;
    try {
        if (req.contents) {
            in.mapXml = req.contents->mapText;
            in.mapRead = io::readMapString(in.mapXml, in.mapFile);
        } else {
            const std::string raw = io::readWholeFile(scenario.mapPath);
            in.mapRead = io::readMapString(raw, scenario.mapPath);
            in.mapXml = io::decodeXmlText(raw, scenario.mapPath);
        }
    } catch (const core::FileError& e) {
        issues.add(e.toIssue());
        return std::nullopt;
    }
    issues.append(in.mapRead.issues);
    auto mapIssues = in.mapRead.map.validate();
    mapIssues.setFile(scenario.mapPath);
    issues.append(mapIssues);
    issues.append(io::validateScenario(scenario, in.mapRead.map));
    if (issues.hasErrors()) return std::nullopt;
    return in;
}

}  // namespace

NewCampaignResult createCampaign(const NewCampaignRequest& req) {
    NewCampaignResult result;
    auto& issues = result.issues;

    auto inputs = readInputs(req, issues);
    if (!inputs) return result;
    const Scenario& scenario = inputs->scenario;
    const std::string& scenarioText = inputs->scenarioText;
    const std::string& scenarioFile = inputs->scenarioFile;
    const io::MapReadResult& mapRead = inputs->mapRead;
    const std::string& mapXml = inputs->mapXml;
    const std::string& mapFile = inputs->mapFile;

    const bool memory = req.dbPath == ":memory:";
    if (!memory && fs::exists(req.dbPath) && !req.overwrite) {
        issues.error("DB-EXISTS", "'" + req.dbPath + "' already exists; use --force to replace it");
        return result;
    }
    // Built beside the target under a temporary name and renamed into place only when complete.
    const std::string tmp = memory ? req.dbPath : req.dbPath + ".new";
    if (!memory) {
        std::error_code ec;
        for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(tmp + suffix, ec);
    }
    try {
        {
            auto store = CampaignStore::create(tmp);
            auto& db = store.impl().db;
            dice::SeededSource seeded(req.seed);
            // Dice from anywhere but the seeded generator (typed in) are kept for the log.
            std::optional<dice::RecordingSource> recorded;
            if (req.dice) recorded.emplace(*req.dice);
            dice::Source& source = recorded ? static_cast<dice::Source&>(*recorded) : seeded;
            dice::Dice dice(source, store.rollLog(), 1);
            dice.setContext(1, 0, "setup");
            store.transaction([&] {
                Season season = Season::Summer;
                Loader loader(db, dice, scenario.options, mapRead.map);
                // The campaign row must exist before the roll log refers to it, so season is settled first.
                std::optional<dice::RollRecord> seasonRoll;
                if (scenario.startSeason) {
                    season = *scenario.startSeason;
                } else {
                    seasonRoll = dice.roll({"starting season", "etat-major.md §8.1.1", "", 4, 6, 0});
                    season = rules::startingSeason(seasonRoll->result, scenario.options);
                }
                loader.insertCampaign(scenario, season, req.seed, mapXml);
                if (seasonRoll) dice.effect(*seasonRoll, "the campaign starts in " + std::string(seasonName(season)));
                int ord = 0;
                for (const auto& s : scenario.sides) loader.insertSide(s, ord++);
                for (const auto& s : scenario.sides) loader.insertMes(s);
                loader.insertObjectives(scenario);
                // G-64: an objective is held like a UA: by the side controlling the urban area there, or whose ME
                // starts on it.
                db.exec("UPDATE objective SET controller = (SELECT controller FROM urban_area u "
                        "WHERE u.q = objective.q AND u.r = objective.r)");
                db.exec("UPDATE objective SET controller = (SELECT side_id FROM me WHERE me.q = objective.q AND "
                        "me.r = objective.r AND me.entry_kind IS NULL ORDER BY side_id LIMIT 1) WHERE controller IS NULL");
                // §4, G-52 me_granularity: every ME of the file must be an ME under the chosen reading.
                if (!scenario.options.is("me_granularity", "permissive")) {
                    const auto st = loadState(store);
                    for (const auto& m : st.mes)
                        if (const auto why = compositionProblem(st, m.id))
                            issues.error("CAMPAIGN-ME-COMPOSITION", "ME '" + m.id + "' is not an ME: " + *why, 0, m.id);
                    if (issues.hasErrors()) throw CompositionRefused{};
                }
                // The caller's last word inside the same transaction (passphrases, docs/secrecy-auth.md).
                if (req.finish) {
                    const auto more = req.finish(store);
                    issues.append(more);
                    if (more.hasErrors()) throw CompositionRefused{};
                }
                {
                    SQLite::Statement c(db, "INSERT INTO credential (who, hash, failures, last_failure) VALUES (?, ?, 0, 0) "
                                            "ON CONFLICT (who) DO UPDATE SET hash = excluded.hash");
                    for (const auto& [who, hash] : req.credentialHashes) {
                        c.bind(1, who);
                        c.bind(2, hash);
                        c.exec();
                        c.reset();
                    }
                }
                store.setRngState(seeded.state());
                // Every input of the set-up (docs/replay.md): the files' text, the seed, the options given, the dice
                // when they were not the seeded generator's, and the passphrase hashes (never a passphrase).
                nlohmann::json credentials = nlohmann::json::object();
                {
                    SQLite::Statement c(db, "SELECT who, hash FROM credential ORDER BY who");
                    while (c.executeStep()) credentials[c.getColumn(0).getString()] = c.getColumn(1).getString();
                }
                nlohmann::json args{{"scenario", scenarioFile}, {"scenarioId", scenario.id}, {"scenarioText", scenarioText},
                                    {"map", mapFile},           {"mapText", mapXml},         {"seed", req.seed},
                                    {"dice", source.kind()},    {"options", req.options},    {"credentials", credentials}};
                if (recorded) args["faces"] = recorded->faces();
                nlohmann::json res{{"sides", scenario.sides.size()}, {"rolls", dice.nextSequence() - 1}};
                store.logCommand("campaign.new", args.dump(), res.dump());
            });
            if (!memory) db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
        }
        if (!memory) {
            std::error_code ec;
            for (const char* suffix : {"-wal", "-shm"}) fs::remove(req.dbPath + suffix, ec);
            fs::rename(tmp, req.dbPath);
            for (const char* suffix : {"-wal", "-shm"}) fs::remove(tmp + suffix, ec);
        }
    } catch (const CompositionRefused&) {
        std::error_code ec;
        if (!memory)
            for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(tmp + suffix, ec);
        return result;
    } catch (const std::exception& e) {
        std::error_code ec;
        if (!memory)
            for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(tmp + suffix, ec);
        const bool diceFailed = dynamic_cast<const dice::DiceError*>(&e) != nullptr;
        issues.error(diceFailed ? "DICE" : "DB-CREATE",
                     std::string(diceFailed ? "the campaign was not created: " : "cannot create the campaign database: ") + e.what());
        return result;
    }
    int mes = 0;
    for (const auto& s : scenario.sides) mes += static_cast<int>(s.mes.size());
    result.ok = true;
    result.summary = "created campaign '" + scenario.name + "' in " + req.dbPath + ": " + std::to_string(scenario.sides.size()) +
                     " sides, " + std::to_string(mes) + " MEs, map " + mapRead.map.metadata().id + ", seed " +
                     std::to_string(req.seed);
    return result;
}

std::optional<LoggedNewCampaign> newCampaignFromLog(const std::string& argsJson, std::string& problem) {
    const auto args = nlohmann::json::parse(argsJson, nullptr, false);
    if (!args.is_object()) {
        problem = "its arguments are not a JSON object";
        return std::nullopt;
    }
    if (!args.contains("scenarioText") || !args.contains("mapText")) {
        problem = "it was logged without the campaign file and its map (an older program), so the campaign cannot be set up again";
        return std::nullopt;
    }
    try {
        LoggedNewCampaign out;
        auto& r = out.request;
        r.contents = NewCampaignRequest::Contents{args.at("scenario").get<std::string>(), args.at("scenarioText").get<std::string>(),
                                                  args.at("map").get<std::string>(), args.at("mapText").get<std::string>()};
        r.seed = args.at("seed").get<std::uint64_t>();
        r.options = args.at("options").get<std::vector<std::string>>();
        r.credentialHashes = args.value("credentials", nlohmann::json::object()).get<std::map<std::string, std::string>>();
        out.diceKind = args.value("dice", std::string("seeded"));
        if (args.contains("faces")) out.faces = args.at("faces").get<std::vector<int>>();
        return out;
    } catch (const nlohmann::json::exception&) {
        problem = "its arguments lack a field of the set-up or give one of the wrong kind";
        return std::nullopt;
    }
}

}  // namespace etatmajor::db
