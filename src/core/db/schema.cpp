// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign database schema and migrations (architecture §6). Each entry moves the schema one version up;
// entries are never renumbered or edited once released: a change is a new entry.
#include "store_impl.hpp"

#include "etatmajor/db/schema.hpp"

#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::db {

namespace {

// Version 1: the foundation. Tables follow etat-major.md §15 (data model).
constexpr std::string_view kSchemaV1 = R"SQL(
CREATE TABLE campaign (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  scenario_id TEXT NOT NULL, name TEXT NOT NULL, theatre TEXT NOT NULL DEFAULT '', description TEXT NOT NULL DEFAULT '',
  year INTEGER NOT NULL, length_weeks INTEGER NOT NULL,
  start_season TEXT NOT NULL, season_week INTEGER NOT NULL, start_date TEXT NOT NULL DEFAULT '',
  seed INTEGER NOT NULL, rng_state INTEGER NOT NULL,
  current_week INTEGER NOT NULL DEFAULT 1, current_day INTEGER NOT NULL DEFAULT 1,
  current_phase TEXT NOT NULL DEFAULT 'W1',
  map_id TEXT NOT NULL
);
CREATE TABLE campaign_option (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE map_meta (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  map_id TEXT NOT NULL, name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
  km_per_hex REAL NOT NULL, orientation TEXT NOT NULL, parity TEXT NOT NULL,
  width INTEGER NOT NULL, height INTEGER NOT NULL,
  source_xml TEXT NOT NULL
);
CREATE TABLE map_hex (
  q INTEGER NOT NULL, r INTEGER NOT NULL, col INTEGER NOT NULL, row INTEGER NOT NULL,
  terrain TEXT NOT NULL,
  PRIMARY KEY (q, r)
) WITHOUT ROWID;
CREATE TABLE map_hexside (
  q INTEGER NOT NULL, r INTEGER NOT NULL, dir INTEGER NOT NULL CHECK (dir BETWEEN 0 AND 2),
  watercourse TEXT NOT NULL, navigable INTEGER NOT NULL, fordable INTEGER NOT NULL,
  crossing TEXT NOT NULL, name TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (q, r, dir)
) WITHOUT ROWID;
CREATE TABLE map_route (id TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', kind TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE map_route_hex (
  route_id TEXT NOT NULL REFERENCES map_route(id), seq INTEGER NOT NULL, q INTEGER NOT NULL, r INTEGER NOT NULL,
  PRIMARY KEY (route_id, seq)
) WITHOUT ROWID;
CREATE TABLE map_label (id INTEGER PRIMARY KEY, q INTEGER NOT NULL, r INTEGER NOT NULL, text TEXT NOT NULL);

CREATE TABLE side (
  id TEXT PRIMARY KEY, ord INTEGER NOT NULL, name TEXT NOT NULL, nationalities TEXT NOT NULL,
  points_limit INTEGER NOT NULL DEFAULT 0, decoys_per_week INTEGER NOT NULL DEFAULT 4,
  home_edges TEXT NOT NULL DEFAULT '', home_coast INTEGER NOT NULL DEFAULT 0,
  vcs_baseline INTEGER NOT NULL DEFAULT 0, points_lost INTEGER NOT NULL DEFAULT 0,
  points_replaced INTEGER NOT NULL DEFAULT 0, has_initiative INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TABLE loc_entry (
  side_id TEXT NOT NULL REFERENCES side(id), ord INTEGER NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('primary','secondary')),
  q INTEGER NOT NULL, r INTEGER NOT NULL, name TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (side_id, ord)
) WITHOUT ROWID;
CREATE TABLE hq (side_id TEXT NOT NULL REFERENCES side(id), q INTEGER NOT NULL, r INTEGER NOT NULL, PRIMARY KEY (side_id, q, r)) WITHOUT ROWID;
CREATE TABLE player (
  id TEXT PRIMARY KEY, side_id TEXT NOT NULL REFERENCES side(id), name TEXT NOT NULL, role TEXT NOT NULL,
  joined_week INTEGER NOT NULL DEFAULT 1, left_week INTEGER
) WITHOUT ROWID;

CREATE TABLE formation (
  id TEXT PRIMARY KEY, side_id TEXT NOT NULL REFERENCES side(id), parent_id TEXT REFERENCES formation(id),
  ord INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE general (
  id TEXT PRIMARY KEY, side_id TEXT NOT NULL REFERENCES side(id), formation_id TEXT REFERENCES formation(id),
  name TEXT NOT NULL, nationality TEXT NOT NULL, rank TEXT NOT NULL, arm TEXT NOT NULL,
  rating TEXT NOT NULL CHECK (rating IN ('inept','capable','exceptional')), rating_source TEXT NOT NULL,
  player_figure INTEGER NOT NULL DEFAULT 0, aides INTEGER NOT NULL DEFAULT 0, escort INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'active', return_week INTEGER, me_id TEXT REFERENCES me(id)
) WITHOUT ROWID;
CREATE TABLE unit (
  id TEXT PRIMARY KEY, side_id TEXT NOT NULL REFERENCES side(id), formation_id TEXT NOT NULL REFERENCES formation(id),
  ord INTEGER NOT NULL, name TEXT NOT NULL, nationality TEXT NOT NULL, type TEXT NOT NULL,
  class INTEGER NOT NULL CHECK (class BETWEEN 1 AND 5),
  stands_original INTEGER NOT NULL, stands_current INTEGER NOT NULL,
  figures_per_stand INTEGER NOT NULL, figures_original INTEGER NOT NULL, figures_current INTEGER NOT NULL,
  armament TEXT NOT NULL, bayonets INTEGER NOT NULL, points_original INTEGER NOT NULL,
  morale_state TEXT NOT NULL DEFAULT 'ordered', me_id TEXT REFERENCES me(id)
) WITHOUT ROWID;
CREATE TABLE unit_gun (
  unit_id TEXT NOT NULL REFERENCES unit(id), calibre TEXT NOT NULL,
  stands_original INTEGER NOT NULL, stands_current INTEGER NOT NULL,
  PRIMARY KEY (unit_id, calibre)
) WITHOUT ROWID;

CREATE TABLE urban_area (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, q INTEGER NOT NULL, r INTEGER NOT NULL,
  size TEXT NOT NULL, fortification TEXT NOT NULL,
  sp_raw_roll INTEGER, combat_halvings INTEGER NOT NULL DEFAULT 0, destroyed INTEGER NOT NULL DEFAULT 0,
  controller TEXT REFERENCES side(id), transport_destroyed INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

CREATE TABLE me (
  id TEXT PRIMARY KEY, side_id TEXT NOT NULL REFERENCES side(id), ord INTEGER NOT NULL, label TEXT NOT NULL,
  q INTEGER NOT NULL, r INTEGER NOT NULL, mode TEXT NOT NULL, mode_yesterday TEXT,
  supply_source TEXT NOT NULL REFERENCES urban_area(id), commander TEXT REFERENCES player(id),
  entry_kind TEXT, march_order INTEGER NOT NULL DEFAULT 0, on_map INTEGER NOT NULL DEFAULT 1,
  revealed INTEGER NOT NULL DEFAULT 0, forced_march_streak INTEGER NOT NULL DEFAULT 0,
  created_week INTEGER NOT NULL DEFAULT 1
) WITHOUT ROWID;
CREATE TABLE me_formation (me_id TEXT NOT NULL REFERENCES me(id), formation_id TEXT NOT NULL REFERENCES formation(id),
  PRIMARY KEY (me_id, formation_id)) WITHOUT ROWID;

CREATE TABLE objective (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('primary','secondary')),
  q INTEGER NOT NULL, r INTEGER NOT NULL, value INTEGER NOT NULL,
  assigned_to TEXT NOT NULL REFERENCES side(id), written_by TEXT NOT NULL REFERENCES side(id),
  revealed_to_assigned INTEGER NOT NULL DEFAULT 0, controller TEXT REFERENCES side(id)
) WITHOUT ROWID;

CREATE TABLE order_sheet (
  id INTEGER PRIMARY KEY, week INTEGER NOT NULL, day INTEGER NOT NULL, side_id TEXT NOT NULL REFERENCES side(id),
  me_id TEXT NOT NULL REFERENCES me(id), body TEXT NOT NULL, submitted INTEGER NOT NULL DEFAULT 0,
  UNIQUE (week, day, me_id)
);
CREATE TABLE battle (
  id INTEGER PRIMARY KEY, week INTEGER NOT NULL, day INTEGER NOT NULL, q INTEGER NOT NULL, r INTEGER NOT NULL,
  kind TEXT NOT NULL, status TEXT NOT NULL, seed INTEGER, setup TEXT, result TEXT
);

CREATE TABLE command_log (
  seq INTEGER PRIMARY KEY, name TEXT NOT NULL, args TEXT NOT NULL, result TEXT NOT NULL,
  week INTEGER NOT NULL, day INTEGER NOT NULL, phase TEXT NOT NULL
);
CREATE TABLE event_log (
  seq INTEGER PRIMARY KEY, week INTEGER NOT NULL, day INTEGER NOT NULL, phase TEXT NOT NULL,
  subject TEXT NOT NULL, purpose TEXT NOT NULL, rule TEXT NOT NULL, expression TEXT NOT NULL,
  faces TEXT NOT NULL, modifier INTEGER NOT NULL, result INTEGER NOT NULL, effect TEXT NOT NULL DEFAULT ''
);
)SQL";

// Version 2: the weekly cycle (etat-major.md §7, §9, §12): losses since the last supply phase, forage days,
// initiative, VCS history, LOC status and the supply ledger, and the end of the campaign.
constexpr std::string_view kSchemaV2 = R"SQL(
ALTER TABLE unit ADD COLUMN lost_combat INTEGER NOT NULL DEFAULT 0;
ALTER TABLE unit ADD COLUMN lost_attrition INTEGER NOT NULL DEFAULT 0;
ALTER TABLE unit ADD COLUMN removed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE unit ADD COLUMN guard INTEGER NOT NULL DEFAULT 0;
ALTER TABLE unit ADD COLUMN provisional INTEGER NOT NULL DEFAULT 0;
ALTER TABLE me ADD COLUMN forage_days INTEGER NOT NULL DEFAULT 0;
ALTER TABLE me ADD COLUMN forage_days_last_week INTEGER NOT NULL DEFAULT 0;
ALTER TABLE side ADD COLUMN initiative_declined INTEGER NOT NULL DEFAULT 0;
ALTER TABLE objective ADD COLUMN captures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE campaign ADD COLUMN ended INTEGER NOT NULL DEFAULT 0;
ALTER TABLE campaign ADD COLUMN winner TEXT NOT NULL DEFAULT '';
ALTER TABLE campaign ADD COLUMN end_reason TEXT NOT NULL DEFAULT '';
CREATE TABLE initiative (
  week INTEGER NOT NULL, side_id TEXT NOT NULL REFERENCES side(id),
  scouting_points INTEGER NOT NULL, bis INTEGER NOT NULL, dice TEXT NOT NULL, tie_dice TEXT NOT NULL DEFAULT '',
  total INTEGER NOT NULL, winner INTEGER NOT NULL, declined INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (week, side_id)
) WITHOUT ROWID;
CREATE TABLE vcs_history (
  week INTEGER NOT NULL, side_id TEXT NOT NULL REFERENCES side(id),
  baseline INTEGER NOT NULL, points_lost INTEGER NOT NULL, objectives_value INTEGER NOT NULL,
  supply_value INTEGER NOT NULL, value INTEGER NOT NULL, defeated INTEGER NOT NULL,
  PRIMARY KEY (week, side_id)
) WITHOUT ROWID;
CREATE TABLE loc_status (
  week INTEGER NOT NULL, day INTEGER NOT NULL, me_id TEXT NOT NULL REFERENCES me(id), side_id TEXT NOT NULL,
  source TEXT NOT NULL, valid INTEGER NOT NULL, problem TEXT NOT NULL, path TEXT NOT NULL, via_me TEXT NOT NULL,
  cut_by TEXT NOT NULL,
  PRIMARY KEY (week, day, me_id)
) WITHOUT ROWID;
CREATE TABLE supply_ledger (
  id INTEGER PRIMARY KEY, week INTEGER NOT NULL, side_id TEXT NOT NULL REFERENCES side(id),
  kind TEXT NOT NULL, source TEXT NOT NULL DEFAULT '', me_id TEXT NOT NULL DEFAULT '', unit_id TEXT NOT NULL DEFAULT '',
  figures INTEGER NOT NULL DEFAULT 0, points INTEGER NOT NULL, note TEXT NOT NULL DEFAULT ''
);
)SQL";

// Version 3: the daily weather (etat-major.md §8.1, §15.13).
constexpr std::string_view kSchemaV3 = R"SQL(
CREATE TABLE weather_day (
  week INTEGER NOT NULL, day INTEGER NOT NULL, season TEXT NOT NULL,
  weather_roll INTEGER NOT NULL, weather TEXT NOT NULL, wind_roll INTEGER NOT NULL, wind_from TEXT NOT NULL,
  daylight_turns INTEGER NOT NULL,
  PRIMARY KEY (week, day)
) WITHOUT ROWID;
)SQL";

// Version 4: written orders and their receipt (etat-major.md §8.2, §8.3, §15.12).
constexpr std::string_view kSchemaV4 = R"SQL(
ALTER TABLE me ADD COLUMN supply_changed_week INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_sheet ADD COLUMN receipt_roll INTEGER;
ALTER TABLE order_sheet ADD COLUMN receipt_modifier INTEGER;
ALTER TABLE order_sheet ADD COLUMN receipt TEXT;
CREATE TABLE orders_submitted (
  week INTEGER NOT NULL, day INTEGER NOT NULL, side_id TEXT NOT NULL REFERENCES side(id),
  stand_fast INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (week, day, side_id)
) WITHOUT ROWID;
)SQL";

// Version 5: movement and contacts (etat-major.md §8.4, §8.5, §8.7).
constexpr std::string_view kSchemaV5 = R"SQL(
ALTER TABLE me ADD COLUMN moved_today INTEGER NOT NULL DEFAULT 0;
ALTER TABLE me ADD COLUMN allowance_today INTEGER NOT NULL DEFAULT 0;
ALTER TABLE me ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
CREATE TABLE contact (
  id INTEGER PRIMARY KEY, week INTEGER NOT NULL, day INTEGER NOT NULL, phase TEXT NOT NULL,
  q INTEGER NOT NULL, r INTEGER NOT NULL, mover TEXT NOT NULL REFERENCES me(id), met TEXT NOT NULL
);
CREATE TABLE movement (
  week INTEGER NOT NULL, day INTEGER NOT NULL, me_id TEXT NOT NULL REFERENCES me(id), phase TEXT NOT NULL,
  path TEXT NOT NULL, allowance INTEGER NOT NULL, modifiers TEXT NOT NULL, stopped_by TEXT NOT NULL,
  PRIMARY KEY (week, day, me_id)
) WITHOUT ROWID;
)SQL";

// Version 6: intelligence reports (etat-major.md §8.6, §15.15). The true counts and the error applied stay with the
// engine; a side's view shows only what it was told.
constexpr std::string_view kSchemaV6 = R"SQL(
CREATE TABLE intel_report (
  id INTEGER PRIMARY KEY, week INTEGER NOT NULL, day INTEGER NOT NULL, side_id TEXT NOT NULL REFERENCES side(id),
  observer_me TEXT NOT NULL REFERENCES me(id), q INTEGER NOT NULL, r INTEGER NOT NULL,
  target_mes TEXT NOT NULL, intel_case TEXT NOT NULL, detail TEXT NOT NULL,
  reported TEXT NOT NULL, true_counts TEXT NOT NULL, mode_reported TEXT NOT NULL DEFAULT ''
);
)SQL";

// Version 7: battles inside the campaign (etat-major.md §8.8–§8.11): who takes part and when, how the day was
// fought, and what each unit lost.
constexpr std::string_view kSchemaV7 = R"SQL(
ALTER TABLE battle ADD COLUMN daylight_turns INTEGER NOT NULL DEFAULT 0;
ALTER TABLE battle ADD COLUMN start_turn INTEGER NOT NULL DEFAULT 1;
ALTER TABLE battle ADD COLUMN weather TEXT NOT NULL DEFAULT 'fine';
ALTER TABLE battle ADD COLUMN winner TEXT NOT NULL DEFAULT '';
ALTER TABLE battle ADD COLUMN field_holder TEXT NOT NULL DEFAULT '';
ALTER TABLE battle ADD COLUMN narrative TEXT NOT NULL DEFAULT '';
ALTER TABLE battle ADD COLUMN summary TEXT NOT NULL DEFAULT '';
CREATE TABLE battle_participant (
  battle_id INTEGER NOT NULL REFERENCES battle(id), me_id TEXT NOT NULL REFERENCES me(id),
  side_id TEXT NOT NULL REFERENCES side(id), arrival_turn INTEGER NOT NULL, mode TEXT NOT NULL,
  moved INTEGER NOT NULL, allowance INTEGER NOT NULL, how TEXT NOT NULL,
  PRIMARY KEY (battle_id, me_id)
) WITHOUT ROWID;
CREATE TABLE battle_loss (
  battle_id INTEGER NOT NULL REFERENCES battle(id), unit_id TEXT NOT NULL REFERENCES unit(id),
  figures_start INTEGER NOT NULL, figures_lost INTEGER NOT NULL, stands_lost INTEGER NOT NULL,
  routed INTEGER NOT NULL, removed INTEGER NOT NULL, points INTEGER NOT NULL,
  PRIMARY KEY (battle_id, unit_id)
) WITHOUT ROWID;
)SQL";

// Version 8: the weekly cycle's remaining bookkeeping (etat-major.md §9, §10, §11): the commander's split of shared
// supply pools and spending requests, replacements travelling from the home edge, sieges, earthworks, water
// transport, and crossings laid during the campaign.
constexpr std::string_view kSchemaV8 = R"SQL(
ALTER TABLE urban_area ADD COLUMN destroy_days INTEGER NOT NULL DEFAULT 0;
ALTER TABLE urban_area ADD COLUMN transport_used_week INTEGER NOT NULL DEFAULT 0;
ALTER TABLE unit ADD COLUMN draft_for TEXT;
ALTER TABLE general ADD COLUMN draft_for TEXT;
CREATE TABLE supply_allocation (
  week INTEGER NOT NULL, side_id TEXT NOT NULL REFERENCES side(id), source TEXT NOT NULL REFERENCES urban_area(id),
  me_id TEXT NOT NULL REFERENCES me(id), points INTEGER NOT NULL CHECK (points >= 0),
  PRIMARY KEY (week, source, me_id)
) WITHOUT ROWID;
CREATE TABLE supply_request (
  id INTEGER PRIMARY KEY, week INTEGER NOT NULL, side_id TEXT NOT NULL REFERENCES side(id),
  me_id TEXT NOT NULL REFERENCES me(id), kind TEXT NOT NULL, count INTEGER NOT NULL DEFAULT 1,
  q INTEGER, r INTEGER, dir INTEGER, status TEXT NOT NULL DEFAULT 'requested', points INTEGER NOT NULL DEFAULT 0,
  note TEXT NOT NULL DEFAULT ''
);
CREATE TABLE reinforcement (
  me_id TEXT PRIMARY KEY REFERENCES me(id), side_id TEXT NOT NULL REFERENCES side(id),
  target_me TEXT NOT NULL REFERENCES me(id), week INTEGER NOT NULL, points INTEGER NOT NULL,
  arrived_week INTEGER, arrived_day INTEGER
) WITHOUT ROWID;
CREATE TABLE siege (
  id INTEGER PRIMARY KEY, ua_id TEXT NOT NULL REFERENCES urban_area(id), me_id TEXT NOT NULL REFERENCES me(id),
  side_id TEXT NOT NULL REFERENCES side(id), besieger TEXT NOT NULL REFERENCES side(id),
  start_week INTEGER NOT NULL, start_day INTEGER NOT NULL, supply_weeks INTEGER NOT NULL,
  terms TEXT NOT NULL DEFAULT '', terms_week INTEGER, terms_day INTEGER,
  reply TEXT NOT NULL DEFAULT '' CHECK (reply IN ('', 'accepted', 'refused')),
  breached INTEGER NOT NULL DEFAULT 0, attrition_applied INTEGER NOT NULL DEFAULT 0,
  end_week INTEGER, end_day INTEGER, end_reason TEXT NOT NULL DEFAULT ''
);
CREATE TABLE earthwork (
  id INTEGER PRIMARY KEY, q INTEGER NOT NULL, r INTEGER NOT NULL, side_id TEXT NOT NULL REFERENCES side(id),
  me_id TEXT NOT NULL REFERENCES me(id), count INTEGER NOT NULL, class TEXT NOT NULL CHECK (class IN ('light','heavy')),
  how TEXT NOT NULL CHECK (how IN ('overnight','bought')), week INTEGER NOT NULL, day INTEGER NOT NULL
);
CREATE TABLE transport (
  id INTEGER PRIMARY KEY, side_id TEXT NOT NULL REFERENCES side(id), ua_id TEXT NOT NULL REFERENCES urban_area(id),
  q INTEGER NOT NULL, r INTEGER NOT NULL, capacity INTEGER NOT NULL, sp_paid INTEGER NOT NULL,
  me_id TEXT NOT NULL DEFAULT '', start_week INTEGER NOT NULL, ready_week INTEGER NOT NULL, used_week INTEGER NOT NULL DEFAULT 0,
  carrying TEXT NOT NULL DEFAULT '', destroyed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE me_afloat (
  me_id TEXT PRIMARY KEY REFERENCES me(id), since_week INTEGER NOT NULL, since_day INTEGER NOT NULL,
  lift TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE crossing_laid (
  q INTEGER NOT NULL, r INTEGER NOT NULL, dir INTEGER NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('pontoon','bridge')),
  side_id TEXT NOT NULL REFERENCES side(id), me_id TEXT NOT NULL, week INTEGER NOT NULL, day INTEGER NOT NULL,
  PRIMARY KEY (q, r, dir)
) WITHOUT ROWID;
)SQL";

// Version 9: the daily cycle's remaining state (etat-major.md §2.3, §8.11.4, §11).
constexpr std::string_view kSchemaV9 = R"SQL(
CREATE TABLE decoy (
  id TEXT PRIMARY KEY, side_id TEXT NOT NULL REFERENCES side(id), q INTEGER NOT NULL, r INTEGER NOT NULL,
  designated TEXT NOT NULL DEFAULT 'infantry', placed_week INTEGER NOT NULL, placed_day INTEGER NOT NULL DEFAULT 1,
  removed_week INTEGER NOT NULL DEFAULT 0, removed_by TEXT NOT NULL DEFAULT ''
) WITHOUT ROWID;
CREATE TABLE decoy_order (
  week INTEGER NOT NULL, day INTEGER NOT NULL, side_id TEXT NOT NULL REFERENCES side(id),
  decoy_id TEXT NOT NULL, place TEXT NOT NULL DEFAULT '', designated TEXT NOT NULL DEFAULT '', path TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (week, day, decoy_id)
) WITHOUT ROWID;
CREATE TABLE sighting (
  side_id TEXT NOT NULL REFERENCES side(id), target TEXT NOT NULL, q INTEGER NOT NULL, r INTEGER NOT NULL,
  week INTEGER NOT NULL, day INTEGER NOT NULL, phase TEXT NOT NULL,
  PRIMARY KEY (side_id, target)
) WITHOUT ROWID;
ALTER TABLE unit ADD COLUMN shaken INTEGER NOT NULL DEFAULT 0;
ALTER TABLE unit ADD COLUMN detached_q INTEGER;
ALTER TABLE unit ADD COLUMN detached_r INTEGER;
)SQL";

// Version 10: the sources an ME can trace a LOC to (G-81 replacement_source = any_traceable).
constexpr std::string_view kSchemaV10 = R"SQL(
ALTER TABLE loc_status ADD COLUMN reachable TEXT NOT NULL DEFAULT '';
)SQL";

// Version 11: the day's weather of each climate region (G-102 weather_regions = per_region); weather_day keeps the
// season, wind and daylight, which stay one for the map.
constexpr std::string_view kSchemaV11 = R"SQL(
CREATE TABLE weather_region_day (
  week INTEGER NOT NULL, day INTEGER NOT NULL, region TEXT NOT NULL,
  weather_roll INTEGER NOT NULL, weather TEXT NOT NULL,
  PRIMARY KEY (week, day, region)
) WITHOUT ROWID;
)SQL";

// Version 12: side and host passphrases (docs/secrecy-auth.md), kept only as Argon2id hashes (crypto_pwhash_str
// strings); `who` is a side id or 'host'; failures and last_failure (seconds since the epoch) pace wrong guesses.
constexpr std::string_view kSchemaV12 = R"SQL(
CREATE TABLE credential (
  who TEXT PRIMARY KEY, hash TEXT NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0, last_failure INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
)SQL";

// Version 13: whose die each logged roll is, fixed when it is rolled (docs/secrecy.md): a side sees its own dice and
// the public ones. NULL for rolls logged before (their owner is worked out from their subject as it stands now).
constexpr std::string_view kSchemaV13 = R"SQL(
ALTER TABLE event_log ADD COLUMN side TEXT;
)SQL";

// Version 14: the checksum of the campaign's state at each save point (docs/design.md "Checksums of the state"):
// BLAKE2b-256 of the canonical serialisation of every other table, written in the transaction that changed the state,
// one row for each week, day and phase the state was saved at (the latest row is the state as it stands).
constexpr std::string_view kSchemaV14 = R"SQL(
CREATE TABLE state_checksum (
  seq INTEGER PRIMARY KEY, week INTEGER NOT NULL, day INTEGER NOT NULL, phase TEXT NOT NULL,
  algorithm TEXT NOT NULL, digest TEXT NOT NULL,
  UNIQUE (week, day, phase)
);
)SQL";

// Version 15: the command log's format (docs/replay.md). From format 1 on, a row holds every input of its command, so
// that `campaign replay` can run it again; rows logged before carry 0 (what they hold is not enough to replay them).
constexpr std::string_view kSchemaV15 = R"SQL(
ALTER TABLE command_log ADD COLUMN format INTEGER NOT NULL DEFAULT 0;
)SQL";

// Version 16: play by e-mail and the campaign's chain (docs/pbem.md). `pbem_key`: the public keys of the sides and of
// the host (the keeper), hex. `pbem_share`: each side's dice share of a day, its commitment first (from its orders
// packet, whose signed header and signature are kept so that the other side can check it), then the share (from its reveal packet) or
// `forfeited` when the host stood the side fast without it. `pbem_seen`: the digest of every packet taken in, so that none is taken
// twice. `command_chain`: a record for every transaction that logged commands (the commands' hash, the dice rolled since the last
// record, the state digest after it, the previous record's hash and its own; a campaign that had commands before this version starts
// its chain with a record of phase 'older' and no hashes, standing for them); `chain_signature`: the host's signature of a record
// (signing it signs every record before it). The last two describe the state and are left out of its digest, as state_checksum is.
constexpr std::string_view kSchemaV16 = R"SQL(
CREATE TABLE pbem_key (
  who TEXT PRIMARY KEY, sign_public TEXT NOT NULL, box_public TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE pbem_share (
  week INTEGER NOT NULL, day INTEGER NOT NULL, side TEXT NOT NULL,
  commitment TEXT NOT NULL DEFAULT '', header TEXT NOT NULL DEFAULT '', signature TEXT NOT NULL DEFAULT '',
  share TEXT NOT NULL DEFAULT '', forfeited INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (week, day, side)
) WITHOUT ROWID;
CREATE TABLE pbem_seen (
  digest TEXT PRIMARY KEY, kind TEXT NOT NULL, side TEXT NOT NULL, week INTEGER NOT NULL, day INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE command_chain (
  seq INTEGER PRIMARY KEY, first_command INTEGER NOT NULL, last_command INTEGER NOT NULL, last_roll INTEGER NOT NULL,
  week INTEGER NOT NULL, day INTEGER NOT NULL, phase TEXT NOT NULL,
  inputs TEXT NOT NULL, dice TEXT NOT NULL, state TEXT NOT NULL, prev TEXT NOT NULL, hash TEXT NOT NULL
);
CREATE TABLE chain_signature (
  seq INTEGER PRIMARY KEY, signer TEXT NOT NULL, signature TEXT NOT NULL
);
INSERT INTO command_chain (seq, first_command, last_command, last_roll, week, day, phase, inputs, dice, state, prev, hash)
  SELECT 1, 1, MAX(seq), (SELECT COALESCE(MAX(seq), 0) FROM event_log), 0, 0, 'older', '', '', '', '', ''
  FROM command_log HAVING COUNT(*) > 0;
)SQL";

// v17: MEs that come onto the map in a later week (the campaign file's `arrives`, docs/formats/campaign.md
// "Reinforcements on a date"): off the map until W5 of that week.
constexpr std::string_view kSchemaV17 = R"SQL(
CREATE TABLE me_arrival (
  me_id TEXT PRIMARY KEY REFERENCES me(id), week INTEGER NOT NULL, arrived_week INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
)SQL";

// v18: a fleet that closes a side's LOC entries by sea from a week on (the campaign file's `blockadeWeek` and
// `blockadeBy`, docs/formats/campaign.md "A fleet that closes the sea"); 0 and '' for a side no fleet closes.
constexpr std::string_view kSchemaV18 = R"SQL(
ALTER TABLE side ADD COLUMN blockade_week INTEGER NOT NULL DEFAULT 0;
ALTER TABLE side ADD COLUMN blockade_by TEXT NOT NULL DEFAULT '';
)SQL";

constexpr std::array<std::string_view, 18> kMigrations{kSchemaV1,  kSchemaV2,  kSchemaV3,  kSchemaV4,  kSchemaV5,  kSchemaV6,
                                                       kSchemaV7,  kSchemaV8,  kSchemaV9,  kSchemaV10, kSchemaV11, kSchemaV12,
                                                       kSchemaV13, kSchemaV14, kSchemaV15, kSchemaV16, kSchemaV17, kSchemaV18};

// The tables and their columns (name, declared type, NOT NULL, place in the primary key) as the migrations leave them.
using TableShape = std::map<std::string, std::vector<std::string>>;

TableShape shapeOf(SQLite::Database& db) {
    // One statement for every table and column (a statement per table is a parse of the SQL for each).
    TableShape shape;
    SQLite::Statement q(db, "SELECT m.name, p.name, p.type, p.\"notnull\", p.pk "
                            "FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS p "
                            "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY m.name, p.cid");
    while (q.executeStep())
        shape[q.getColumn(0).getString()].push_back(q.getColumn(1).getString() + " " + q.getColumn(2).getString() +
                                                    (q.getColumn(3).getInt() ? " not null" : "") +
                                                    (q.getColumn(4).getInt() ? " pk" + std::to_string(q.getColumn(4).getInt()) : ""));
    return shape;
}

// The tables of every schema version, from an empty database migrated one version at a time: made once per process,
// since every open that compares tables needs them (`campaign check`, an older campaign).
const std::vector<TableShape>& shapesOfVersions() {
    static const std::vector<TableShape> shapes = [] {
        std::vector<TableShape> out;
        SQLite::Database probe(":memory:", SQLite::OPEN_READWRITE);
        for (const auto& migration : kMigrations) {
            probe.exec(std::string(migration));
            out.push_back(shapeOf(probe));
        }
        return out;
    }();
    return shapes;
}

}  // namespace

int latestSchemaVersion() { return static_cast<int>(kMigrations.size()); }

std::string_view migrationScript(int version) {
    if (version < 1 || version > latestSchemaVersion()) return {};
    return kMigrations[static_cast<std::size_t>(version - 1)];
}

void configure(SQLite::Database& db, bool readOnly) {
    db.exec("PRAGMA foreign_keys = ON");
    if (!readOnly) {
        db.exec("PRAGMA journal_mode = WAL");
        db.exec("PRAGMA synchronous = FULL");
    }
}

std::vector<std::string> schemaProblems(SQLite::Database& db, int version) {
    std::vector<std::string> out;
    if (version < 1 || version > latestSchemaVersion()) return out;
    const auto& shapes = shapesOfVersions();
    const auto& want = shapes[static_cast<std::size_t>(version - 1)];
    const auto have = shapeOf(db);
    if (want == have) return out;
    // The tables of another version? (a header whose version was changed by hand)
    for (int v = 0; v < latestSchemaVersion(); ++v) {
        if (v + 1 != version && shapes[static_cast<std::size_t>(v)] == have) {
            out.push_back("its tables are those of schema version " + std::to_string(v + 1));
            return out;
        }
    }
    for (const auto& [table, columns] : have) {
        const auto w = want.find(table);
        if (w == want.end()) {
            out.push_back("table '" + table + "' does not belong to schema version " + std::to_string(version));
            continue;
        }
        if (columns != w->second)
            out.push_back("table '" + table + "' does not have the columns of schema version " + std::to_string(version));
    }
    for (const auto& [table, columns] : want)
        if (!have.count(table)) out.push_back("table '" + table + "' of schema version " + std::to_string(version) + " is missing");
    return out;
}

void migrate(SQLite::Database& db) {
    const int current = db.execAndGet("PRAGMA user_version").getInt();
    // A version below zero is never written by any Etat-Major program; the file was damaged or edited. Refused here
    // too, so that no caller can index the migrations with it.
    if (current < 0)
        throw StoreError("DB-CORRUPT", "the campaign database has schema version " + std::to_string(current) +
                                           ", which no Etat-Major program writes: its header is damaged");
    if (current > latestSchemaVersion())
        throw StoreError("DB-TOO-NEW", "the campaign database has schema version " + std::to_string(current) +
                                           ", newer than this program understands (" + std::to_string(latestSchemaVersion()) +
                                           "); update Etat-Major");
    for (;;) {
        // Each step in a write transaction of its own, begun at once so two programs upgrading the same file queue:
        // the second reads the version again and finds the step done.
        SQLite::Transaction t(db, SQLite::TransactionBehavior::IMMEDIATE);
        const int v = db.execAndGet("PRAGMA user_version").getInt();
        if (v >= latestSchemaVersion()) break;
        db.exec(std::string(kMigrations[static_cast<std::size_t>(v)]));
        db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
        db.exec("PRAGMA user_version = " + std::to_string(v + 1));
        // The state's first checksum is taken when a campaign reaches the version that keeps them (and again after
        // any later migration that reshapes a table): the upgrade trusts the state it was given.
        if (v + 1 >= kFirstChecksumVersion) recordStateChecksum(db);
        t.commit();
    }
}

}  // namespace etatmajor::db
