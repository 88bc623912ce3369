#!/usr/bin/env bash
# The command-line contract (architecture §4): exit codes, FILE:LINE messages, JSON output, determinism,
# and no damage to a campaign on bad input.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/checks.sh"
cli=${1:?usage: cli_test.sh CLI SOURCE_DIR WORK_DIR}
src=${2:?}
work=${3:?}
rm -rf "$work"; mkdir -p "$work"; cd "$work" || exit 1

# After the test changes a campaign with sqlite3 (to set a case up), the host accepts the state as it stands, or every
# later command would refuse it as changed outside Etat-Major (DB-CHECKSUM).
accept_state() { # db
  "$cli" campaign check --db "$1" --accept >accept.txt 2>&1
  grep -q "accepted the state as it stands" accept.txt && ok || { bad "campaign check --accept on $1"; cat accept.txt >&2; }
}

# --version
expect_exit 0 "--version" "$cli" --version
grep -q '^Etat-Major [0-9]' out.txt && ok || bad "--version prints the product and version"

# usage errors exit 2
expect_exit 2 "no subcommand" "$cli"
expect_exit 2 "unknown subcommand" "$cli" frobnicate
expect_exit 2 "missing required option" "$cli" status
expect_exit 2 "missing file" "$cli" map validate "$src/maps/no-such-map.xml"

# map validate: shipped maps pass; broken ones fail with FILE:LINE: messages
expect_exit 0 "map validate shipped maps" "$cli" map validate "$src"/maps/*.xml
for f in map-truncated map-misspelled-element map-misspelled-attribute map-route-gap map-too-new; do
  file="$src/tests/data/errors/$f.xml"
  expect_exit 1 "map validate $f" "$cli" map validate "$file"
  grep -qE "^$file:[0-9]+: error [A-Z-]+: " err.txt && ok || { bad "$f: no FILE:LINE: message"; cat err.txt >&2; }
done
expect_exit 1 "map validate, one good and one bad" "$cli" map validate "$src/maps/carolinas-1780.xml" "$src/tests/data/errors/map-route-gap.xml"
grep -q 'carolinas-1780.xml: valid' out.txt && ok || bad "the good file is still reported valid"
expect_exit 1 "map validate --json on a bad map" "$cli" map validate --json "$src/tests/data/errors/map-route-gap.xml"
[ "$(jq -r '.[0].issues[0].code' out.txt)" = "MAP-ROUTE-GAP" ] && ok || bad "map validate --json names the code"

# map info
expect_exit 0 "map info --json" "$cli" map info --json "$src/maps/carolinas-1780.xml"
[ "$(jq -r '.id' out.txt)" = "carolinas-1780" ] && ok || bad "map info --json id"
[ "$(jq '[.urbanAreas[] | select(.name == "Camden")] | length' out.txt)" = "1" ] && ok || bad "map info lists Camden"
expect_exit 0 "map info text" "$cli" map info "$src/maps/carolinas-1780.xml"
grep -q 'Charleston' out.txt && ok || bad "map info text lists Charleston"

# campaign new: twice with the same seed gives the same database content; a third seed differs
scenario="$src/campaigns/southern-1780.xml"
expect_exit 0 "campaign new" "$cli" campaign new --scenario "$scenario" --db one.db --seed 7
expect_exit 0 "campaign new again" "$cli" campaign new --scenario "$scenario" --db two.db --seed 7
expect_exit 0 "campaign new other seed" "$cli" campaign new --scenario "$scenario" --db three.db --seed 8
sqlite3 one.db .dump > one.sql; sqlite3 two.db .dump > two.sql
cmp -s one.sql two.sql && ok || bad "same scenario and seed give different databases"
[ "$(sqlite3 one.db 'PRAGMA application_id')" = "$(printf '%d' 0x45544D4A)" ] && ok || bad "application_id"
expect_exit 1 "campaign new onto an existing file" "$cli" campaign new --scenario "$scenario" --db one.db --seed 9
sqlite3 one.db .dump | cmp -s - one.sql && ok || bad "refused campaign new changed the existing database"
expect_exit 0 "campaign new --force" "$cli" campaign new --scenario "$scenario" --db three.db --seed 7 --force
sqlite3 three.db .dump | cmp -s - one.sql && ok || bad "--force with the same seed gives the same database"
expect_exit 1 "campaign new with a bad option" "$cli" campaign new --scenario "$scenario" --db four.db --option ua_multiplier=3
grep -q "ua_multiplier" err.txt && ok || bad "the bad option is named"
[ ! -e four.db ] && ok || bad "a refused campaign new left a database behind"
expect_exit 1 "campaign new from a broken campaign" "$cli" campaign new --scenario "$src/tests/data/errors/campaign-unknown-member.xml" --db five.db
grep -qE "campaign-unknown-member.xml:[0-9]+: error CAMPAIGN-UNKNOWN-MEMBER" err.txt && ok || bad "broken campaign names file and line"
[ ! -e five.db ] && ok || bad "a broken campaign left a database behind"
expect_exit 1 "campaign new with a value the engine does not apply" "$cli" campaign new --scenario "$scenario" --db four.db --option barge_waters=canals_only
grep -q "barge_waters=canals_only" err.txt && ok || bad "the refused value is named with its key"
expect_exit 0 "campaign new with an option" "$cli" campaign new --scenario "$scenario" --db six.db --option ua_multiplier=5
[ "$(sqlite3 six.db "SELECT value FROM campaign_option WHERE key = 'ua_multiplier'")" = "5" ] && ok || bad "--option stored"
# the daily-cycle variants applied by the engine are accepted, stored, and a week runs under them
expect_exit 0 "campaign new with the daily variants" "$cli" campaign new --scenario "$scenario" --db daily.db \
  --option do_move=half --option breakoff_move=half --option mr_fraction_basis=modified_mr --option seasonal_wetlands=off \
  --option tardy_stationary=delayed --option allow_disobedience=off --option loc_path=declared_only \
  --option stacking_scope=total --option stack_check=every_hex
[ "$(sqlite3 daily.db "SELECT value FROM campaign_option WHERE key = 'stack_check'")" = "every_hex" ] && ok || bad "daily variants stored"
expect_exit 0 "a week under the daily variants" "$cli" advance --db daily.db --week --stand-fast-missing

# manual dice: faces typed in; a bad answer is asked again; running out refuses and leaves nothing
printf '6\n' | "$cli" campaign new --scenario "$scenario" --db manual.db --manual-dice >out.txt 2>err.txt && ok || bad "manual dice"
[ "$(sqlite3 manual.db "SELECT faces || ':' || effect FROM event_log WHERE seq = 1")" = "6:Lord Rawdon is exceptional" ] && ok || bad "the typed face decides Rawdon's rating (§13.3: Exceptional on 5-6)"
printf 'seven\n0\n' | "$cli" campaign new --scenario "$scenario" --db manual2.db --manual-dice >out.txt 2>err.txt
[ $? -eq 1 ] && ok || bad "manual dice without a valid face must fail"
grep -q "not a face of a d6" err.txt && ok || bad "a bad face is explained"
grep -q "error DICE" err.txt && ok || bad "running out of typed rolls is an error"
[ ! -e manual2.db ] && ok || bad "a failed manual set-up left a database behind"

# status: host view lists both sides and their MEs
expect_exit 0 "status --json" "$cli" status --db one.db --json
[ "$(jq '.sides | length' out.txt)" = "2" ] && ok || bad "status lists two sides"
[ "$(jq '[.sides[].mes[]] | length' out.txt)" = "7" ] && ok || bad "status lists seven MEs"
[ "$(jq -r '.sides[0].mes[0].id' out.txt)" = "b-webster" ] && ok || bad "first British ME"
# side view: no enemy composition, no enemy VCS
expect_exit 0 "status --side american" "$cli" status --db one.db --side american --json
[ "$(jq '.sides[0] | has("mes")' out.txt)" = "false" ] && ok || bad "the British MEs are hidden from the Americans"
[ "$(jq '.sides[0] | has("vcs")' out.txt)" = "false" ] && ok || bad "the British VCS is hidden from the Americans"
[ "$(jq '.sides[0].counters | length' out.txt)" = "3" ] && ok || bad "three British counters are seen face down"
grep -q "Webster" out.txt && bad "a British name leaks into the American view" || ok
expect_exit 0 "status text" "$cli" status --db one.db --side british
grep -q "Gates" out.txt && bad "an American general leaks into the British view" || ok
expect_exit 1 "status of an unknown side" "$cli" status --db one.db --side french
grep -q "french" err.txt && ok || bad "the unknown side is named"

# log
expect_exit 0 "log --json" "$cli" log --db one.db --json
[ "$(jq '[.[] | select(.rule == "")] | length' out.txt)" = "0" ] && ok || bad "every roll names its rule"
[ "$(jq 'length' out.txt)" -ge 1 ] && ok || bad "the log holds the set-up rolls"

# a side's dice, day report and battles (docs/secrecy.md): its own and the public ones only
cp one.db side.db
expect_exit 0 "advance two days" "$cli" advance --db side.db --day --stand-fast-missing
expect_exit 0 "advance a second day" "$cli" advance --db side.db --day --stand-fast-missing
expect_exit 0 "log --side american --json" "$cli" log --db side.db --side american --json
side_rolls=$(jq 'length' out.txt)
[ "$(jq '[.[] | select(.subject == "british" or (.subject | startswith("b-")))] | length' out.txt)" = "0" ] && ok || bad "no British die is in the American log"
[ "$(jq '[.[] | select(.purpose == "weather")] | length' out.txt)" -ge 2 ] && ok || bad "the weather is in the American log"
[ "$(jq '[.[].seq] == [range(1; length + 1)]' out.txt)" = "true" ] && ok || bad "the American log is numbered within itself"
expect_exit 0 "log --json (host)" "$cli" log --db side.db --json
[ "$(jq 'length' out.txt)" -gt "$side_rolls" ] && ok || bad "the host's log holds more dice than a side's"
[ "$(jq '[.[] | select(.subject == "british")] | length' out.txt)" -ge 1 ] && ok || bad "the host's log holds British dice (the initiative)"
expect_exit 0 "report --side american" "$cli" report --db side.db --side american
grep -q "Report of week 1, day 2 for american" out.txt && ok || bad "the report is of the last day played"
grep -Eq "b-[a-z]+" out.txt && bad "a British ME id in the American report" || ok
expect_exit 0 "report --side british --json" "$cli" report --db side.db --side british --week 1 --day 1 --json
[ "$(jq -r '.view' out.txt)" = "british" ] && ok || bad "the report says whose it is"
[ "$(jq '[.sections[].title] | index("The week") != null' out.txt)" = "true" ] && ok || bad "day 1's report tells the week's phases"
grep -Eq "\"a-[a-z]+" out.txt && bad "an American ME id in the British report" || ok
expect_exit 2 "report --week without --day" "$cli" report --db side.db --week 1
expect_exit 1 "report for an unknown side" "$cli" report --db side.db --side french
expect_exit 0 "the British stand fast" "$cli" orders stand-fast --db side.db --side british
expect_exit 0 "the Americans stand fast" "$cli" orders stand-fast --db side.db --side american
expect_exit 0 "advance as a side, told its own day" "$cli" advance --db side.db --day --side american --json
[ "$(jq '.reports | length' out.txt)" = "1" ] && ok || bad "advance --side gives the side's report of the day"
[ "$(jq '[.phases[] | has("lines")] | any' out.txt)" = "false" ] && ok || bad "advance --side gives none of the host's lines"
expect_exit 2 "advance --side --stand-fast-missing" "$cli" advance --db side.db --day --side american --stand-fast-missing
expect_exit 0 "campaign check" "$cli" campaign check --db side.db
grep -q "keeps every invariant" out.txt && ok || bad "campaign check says the campaign is sound"

# damaged and foreign databases: clear message, exit 1, file untouched
head -c 4096 /dev/urandom > junk.db; before=$(md5sum < junk.db)
expect_exit 1 "status on a junk file" "$cli" status --db junk.db
grep -q "junk.db" err.txt && ok || bad "the junk file is named"
[ "$(md5sum < junk.db)" = "$before" ] && ok || bad "the junk file was changed"
expect_exit 1 "status on a missing file" "$cli" status --db missing.db
[ ! -e missing.db ] && ok || bad "status created a database"
cp one.db cut.db; truncate -s 8192 cut.db
expect_exit 1 "status on a truncated campaign" "$cli" status --db cut.db

# the weekly cycle: advance, loc, supply, initiative
expect_exit 0 "advance --phase" "$cli" advance --db one.db --phase
grep -q "W1 Strategic initiative" out.txt && ok || bad "advance --phase runs W1"
# the daily orders: without them the day stops before D2; a template submitted as it is carries everyone's mode on
expect_exit 1 "advance --day without orders" "$cli" advance --db one.db --day
grep -q "ORDERS-MISSING" err.txt && ok || bad "missing orders are named"
expect_exit 0 "orders template" "$cli" orders template --db one.db --side british -o british-orders.xml
xmllint --noout --schema "$src/schemas/orders.xsd" british-orders.xml 2>/dev/null && ok || bad "the template validates against orders.xsd"
[ "$(grep -c '<order ' british-orders.xml)" = "3" ] && ok || bad "one order per British ME"
expect_exit 1 "British orders given as American" "$cli" orders submit --db one.db --side american --file british-orders.xml
sed '0,/<path><\/path>/s//<path>0,0<\/path>/' british-orders.xml > bad-orders.xml
expect_exit 1 "orders with an impossible route" "$cli" orders submit --db one.db --side british --file bad-orders.xml
grep -qE "bad-orders.xml:[0-9]+: error ORDERS-PATH: ME b-webster" err.txt && ok || bad "the bad route names file, line, ME and field"
[ "$(sqlite3 one.db 'SELECT COUNT(*) FROM order_sheet')" = "0" ] && ok || bad "refused orders left something behind"
expect_exit 0 "orders submit" "$cli" orders submit --db one.db --side british --file british-orders.xml
expect_exit 1 "orders cannot be given twice" "$cli" orders submit --db one.db --side british --file british-orders.xml
grep -q "ORDERS-GIVEN" err.txt && ok || bad "a second submission is refused"
expect_exit 0 "orders show" "$cli" orders show --db one.db --side british
[ "$(jq -r '.status' out.txt)" = "submitted" ] && ok || bad "the British see their orders as submitted"
expect_exit 0 "orders show of the other side" "$cli" orders show --db one.db --side american
[ "$(jq '.orders | length' out.txt)" = "0" ] && ok || bad "the Americans never see British orders"
expect_exit 0 "American stand fast" "$cli" orders stand-fast --db one.db --side american
expect_exit 0 "advance --day with orders" "$cli" advance --db one.db --day
grep -q "D12 End of day" out.txt && ok || bad "advance --day runs to the end of day 1"
[ "$(sqlite3 one.db "SELECT COUNT(*) FROM order_sheet WHERE receipt IS NOT NULL")" = "3" ] && ok || bad "D3 rolled receipt for the three orders"
expect_exit 0 "advance --week --json" "$cli" advance --db one.db --week --json --stand-fast-missing
[ "$(jq '.phases | length' out.txt)" = "$((6 * 12))" ] && ok || bad "the rest of the week is six more days"
[ "$(sqlite3 one.db 'SELECT current_week || current_phase FROM campaign')" = "2W1" ] && ok || bad "the pointer is at week 2, W1"
expect_exit 2 "advance with two steps" "$cli" advance --db one.db --day --week
expect_exit 0 "loc --json" "$cli" loc --db one.db --side american --json
[ "$(jq '.mes | length' out.txt)" = "4" ] && ok || bad "loc lists the four American MEs"
[ "$(jq '[.mes[] | select(.loc == true)] | length' out.txt)" = "4" ] && ok || bad "every American ME has a LOC at the start"
expect_exit 0 "loc text" "$cli" loc --db one.db --side british
grep -q "b-webster" out.txt && ok || bad "loc text lists Webster's ME"
expect_exit 1 "loc of an unknown side" "$cli" loc --db one.db --side french
expect_exit 0 "supply --json" "$cli" supply --db one.db --side british --json
[ "$(jq '[.sources[] | select(.id == "camden")] | length' out.txt)" = "1" ] && ok || bad "the British hold Camden"
expect_exit 0 "supply text" "$cli" supply --db one.db --side american
grep -q "Cheraw" out.txt && ok || bad "supply text names Cheraw"
expect_exit 0 "advance to W2" "$cli" advance --db one.db --phase
holder=$(sqlite3 one.db "SELECT id FROM side WHERE has_initiative = 1")
other=$([ "$holder" = british ] && echo american || echo british)
expect_exit 1 "a side without the initiative cannot decline it" "$cli" initiative --db one.db --side "$other" --decline
expect_exit 0 "the holder declines the initiative" "$cli" initiative --db one.db --side "$holder" --decline
[ "$(sqlite3 one.db "SELECT id FROM side WHERE has_initiative = 1")" = "$other" ] && ok || bad "the initiative changed hands"
# two copies advanced alike stay alike
cp two.db two-copy.db
"$cli" advance --db two.db --week --stand-fast-missing >/dev/null 2>&1; "$cli" advance --db two-copy.db --week --stand-fast-missing >/dev/null 2>&1
[ "$(sqlite3 two.db .dump | md5sum)" = "$(sqlite3 two-copy.db .dump | md5sum)" ] && ok || bad "advancing the same database twice gives different results"
expect_exit 1 "advance on a junk file" "$cli" advance --db junk.db
[ "$(md5sum < junk.db)" = "$before" ] && ok || bad "advance changed the junk file"
grep -q "^junk.db: error DB-NOT-CAMPAIGN: 'junk.db' is not a campaign database: it is not an SQLite file" err.txt && ok || bad "a junk file is called what it is"
expect_exit 0 "campaign new, untouched" "$cli" campaign new --scenario "$scenario" --db pristine.db --seed 7
: > zero.db
expect_exit 1 "status on a file of 0 bytes" "$cli" status --db zero.db
grep -q "^zero.db: error DB-NOT-CAMPAIGN: 'zero.db' is empty (0 bytes)" err.txt && ok || bad "a 0-byte file is called empty"
cp pristine.db negative.db; sqlite3 negative.db "PRAGMA user_version = -1"; before=$(md5sum < negative.db)
expect_exit 1 "advance on a negative schema version" "$cli" advance --db negative.db
grep -q "^negative.db: error DB-CORRUPT: .*schema version -1" err.txt && ok || bad "a negative schema version is refused as damaged"
[ "$(md5sum < negative.db)" = "$before" ] && ok || bad "a negative schema version changed the file"
cp pristine.db lying.db; sqlite3 lying.db "PRAGMA user_version = 5"; before=$(md5sum < lying.db)
expect_exit 1 "advance on a schema version that is not its tables'" "$cli" advance --db lying.db
grep -q "^lying.db: error DB-CORRUPT: 'lying.db' says it has schema version 5, but its tables are those of schema version" err.txt && ok || bad "a schema version that lies is named"
[ "$(md5sum < lying.db)" = "$before" ] && ok || bad "a schema version that lies changed the file"
sqlite3 idonly.db "PRAGMA application_id = $(printf '%d' 0x45544D4A)"; before=$(md5sum < idonly.db)
expect_exit 1 "advance on a file with the id and no tables" "$cli" advance --db idonly.db
grep -q "holds no campaign" err.txt && ok || bad "a file with the id and no tables holds no campaign"
[ "$(md5sum < idonly.db)" = "$before" ] && [ ! -e idonly.db-wal ] && ok || bad "a file with the id and no tables was written"
head -c 16384 pristine.db > cut4.db
expect_exit 1 "status on a truncated campaign" "$cli" status --db cut4.db
grep -q "^cut4.db: error DB-CORRUPT: 'cut4.db' is truncated: it has 4 of its" err.txt && ok || bad "a truncated campaign is called truncated"

# the state's checksum: a change made outside Etat-Major is found by every command and by campaign check
cp pristine.db tampered.db
sqlite3 tampered.db "UPDATE unit SET figures_current = figures_current + 5 WHERE id = (SELECT MIN(id) FROM unit)"
expect_exit 1 "status on a campaign changed outside Etat-Major" "$cli" status --db tampered.db
grep -q "^tampered.db: error DB-CHECKSUM: 'tampered.db': the state saved at week 1, phase W1 does not match its checksum" err.txt && ok || bad "status names the mismatch"
expect_exit 1 "campaign check on a changed campaign" "$cli" campaign check --db tampered.db
grep -q "^tampered.db: error DB-CHECKSUM: the state saved at week 1, phase W1 does not match its checksum" err.txt && ok || bad "campaign check reports the mismatch"
grep -q "error INVARIANT-FIGURES: unit .* has .* figures, more than its" err.txt && ok || bad "campaign check still checks the invariants"
cp pristine.db dice.db; sqlite3 dice.db "UPDATE campaign SET rng_state = rng_state + 1"; rolls=$(sqlite3 dice.db "SELECT COUNT(*) FROM event_log")
expect_exit 1 "advance with an edited dice state" "$cli" advance --db dice.db --phase
grep -q "DB-CHECKSUM" err.txt && ok || bad "an edited dice state is found"
[ "$(sqlite3 dice.db "SELECT COUNT(*) FROM event_log")" = "$rolls" ] && ok || bad "an edited dice state rolled dice"
expect_exit 0 "campaign check on a sound campaign" "$cli" campaign check --db pristine.db
grep -q "the state matches its checksum (week 1, phase W1)" out.txt && ok || bad "campaign check says the state matches"
accept_state tampered.db
expect_exit 0 "status once the change is accepted" "$cli" status --db tampered.db
[ "$(sqlite3 tampered.db "SELECT name FROM command_log ORDER BY seq DESC LIMIT 1")" = "state.accept" ] && ok || bad "the acceptance is logged"

# campaign replay (docs/replay.md): the campaign again from its command log alone, the same to the byte; an existing
# output is kept unless --force; a state changed outside Etat-Major cannot be replayed, and nothing is written
expect_exit 0 "campaign replay" "$cli" campaign replay --db one.db -o one-replay.db
grep -q "the replayed state is identical to the original" out.txt && ok || { bad "campaign replay reproduces one.db"; cat out.txt >&2; }
cmp -s <(sqlite3 one.db .dump) <(sqlite3 one-replay.db .dump) && ok || bad "the replay's tables differ from the original's"
expect_exit 1 "campaign replay onto an existing file" "$cli" campaign replay --db one.db -o one-replay.db
grep -q "DB-EXISTS" err.txt && ok || bad "campaign replay keeps an existing output"
expect_exit 0 "campaign replay --force --json" "$cli" campaign replay --db one.db -o one-replay.db --force --json
[ "$(jq -r '.identical' out.txt)" = "true" ] && [ "$(jq -r '.replayed == .rows' out.txt)" = "true" ] && ok || bad "campaign replay --json"
expect_exit 1 "campaign replay of an outside change" "$cli" campaign replay --db tampered.db -o tampered-replay.db
grep -q "REPLAY-OUTSIDE-CHANGE: row [0-9]* (state.accept" err.txt && ok || { bad "campaign replay names the accepted change"; cat err.txt >&2; }
[ ! -e tampered-replay.db ] && ok || bad "a refused replay left a file"

# campaign battles: a shared hex becomes a battle, fought at D9; results on file are checked
expect_exit 0 "campaign new for battles" "$cli" campaign new --scenario "$scenario" --db war.db --seed 5
sqlite3 war.db "UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 34 AND row = 34), r = (SELECT r FROM map_hex WHERE col = 34 AND row = 34) WHERE id IN ('a-maryland', 'b-tarleton'); UPDATE me SET mode = 'deployed_offensive' WHERE id = 'a-maryland'; UPDATE me SET mode = 'deployed_defensive' WHERE id = 'b-tarleton'"
accept_state war.db
expect_exit 0 "advance a day with a battle" "$cli" advance --db war.db --day --stand-fast-missing
expect_exit 0 "battle list --json" "$cli" battle list --db war.db --json
[ "$(jq -r '.[0].status' out.txt)" = "resolved" ] && ok || bad "battle 1 was fought at D9"
# what a side is told of the enemy's fallen is an estimate: to the nearest five figures, "a few" under five
expect_exit 0 "report --side after a battle" "$cli" report --db war.db --side american
enemy_line=$(grep "the enemy lost" out.txt || true)
[ -n "$enemy_line" ] && ok || bad "the day report tells the enemy's losses in a battle"
if echo "$enemy_line" | grep -q "about"; then
  n=$(echo "$enemy_line" | sed -E 's/.*about ([0-9]+) figures.*/\1/')
  [ $((n % 5)) -eq 0 ] && ok || bad "the enemy's losses are an estimate to five figures, not a count ($enemy_line)"
else
  echo "$enemy_line" | grep -Eq "a few figures|no figures that we saw" && ok || bad "unexpected enemy-loss line: $enemy_line"
fi
expect_exit 0 "battle list --side" "$cli" battle list --db war.db --side british --json
jq -e '[.[0].participants[] | select(.side == "american") | has("arrivalTurn")] | any | not' out.txt >/dev/null && ok || bad "battle list --side hides the enemy's timing"
expect_exit 0 "battle show --db" "$cli" battle show --db war.db --id 1 --side british
grep -q "composition unknown" out.txt && ok || bad "battle show --side withholds the enemy's forces"
grep -q "^Tables: " out.txt && grep -q "^Wind on the table: " out.txt && grep -q "^Deployment: " out.txt && ok || bad "battle show prints the table set-up (G-61, G-18, G-73)"
expect_exit 1 "battle show unknown id" "$cli" battle show --db war.db --id 99
# stand-alone battle files: narrate ends by saying who holds the field and why; --param overrides are checked (the
# British wait in their wood, counterattack_ratio=0, so that the field test decides)
expect_exit 0 "battle narrate" "$cli" battle narrate --oob "$src/campaigns/battles/green-spring.xml" --seed 1 --param counterattack_ratio=0
grep -q "holds the field (it is the stronger in formed troops on the field)" out.txt && ok || bad "battle narrate names the field test"
expect_exit 0 "battle narrate --param" "$cli" battle narrate --oob "$src/campaigns/battles/green-spring.xml" --seed 1 --param counterattack_ratio=0 --param field_test=middle_third
grep -q "holds the field (it has more formed stands in the middle of the field)" out.txt && ok || bad "battle narrate applies --param"
expect_exit 0 "battle show --oob with orders" "$cli" battle show --oob "$src/tests/data/battles/orders.xml"
grep -q "is ordered to break off at the end of turn 4 or once it has lost 20 % of its start" out.txt && \
  grep -q "arrives on turn 3 by the left third of its own rear edge" out.txt && ok || bad "battle show prints a side's ordered withdrawal and a late arrival's sector"
expect_exit 2 "battle narrate with an unknown parameter" "$cli" battle narrate --oob "$src/campaigns/battles/camden.xml" --seed 1 --param no_such_key=1
grep -q "BATTLE-PARAM" err.txt && ok || bad "battle narrate names the bad parameter"
# battle simulate reports men lost, prisoners and guns taken per side beside the points; battle calibrate prints them
# beside a file's <historical> figures with the standing checks, and writes its Markdown report whole
duel="$src/tests/data/battles/duel-historical.xml"
expect_exit 0 "battle simulate --json" "$cli" battle simulate --oob "$duel" --runs 40 --seed 1 --json
jq -e '.sides | length == 2 and all(.[]; has("net_loss_points") and (.men_lost.q1 <= .men_lost.median and .men_lost.median <= .men_lost.q3) and (.prisoners | has("q1") and has("median") and has("q3")) and (.guns_taken_by_enemy | has("median")) and .men_brought > 0 and (((.men_lost_permille.median * .men_brought) - (.men_lost.median * 1000)) | fabs) <= .men_brought)' out.txt >/dev/null && ok || bad "battle simulate --json reports men lost, prisoners and guns taken per side"
[ "$(jq '.sides[1].men_lost.median' out.txt)" -gt 0 ] && ok || bad "battle simulate: the militia lose men"
expect_exit 0 "battle simulate text" "$cli" battle simulate --oob "$duel" --runs 40 --seed 1
grep -qE '^  blue: men lost median [0-9]+ \([0-9]+ / [0-9]+\) of [0-9]+ brought \([0-9]+ % \([0-9]+–[0-9]+ %\)\), of them prisoners median [0-9]+ \([0-9]+ / [0-9]+\); guns taken by the enemy median [0-9]+' out.txt && ok || bad "battle simulate text reports men lost, prisoners and guns taken"
mkdir -p calibrate-dir && cp "$duel" calibrate-dir/
printf '# Calibration\n\nhand-written text\n<!-- calibrate:begin -->\nold\n<!-- calibrate:end -->\n' > calibration.md
expect_exit 0 "battle calibrate --markdown" "$cli" battle calibrate --dir calibrate-dir --runs 40 --seed 1 --threads 2 --markdown calibration.md
grep -q '^Grenadiers against militia: [0-9]* of 3 targets met (standing checks: [0-9] of 2)$' out.txt && ok || bad "battle calibrate counts the standing checks as targets"
grep -qE '^  blue: men lost median [0-9]+ \([0-9]+ / [0-9]+\), history 90-120; share of the men brought median [0-9]+ %, history 8–12 %; prisoners median [0-9]+ \([0-9]+ / [0-9]+\), history 30-45; guns taken by the enemy median [0-9]+, history 2$' out.txt && ok || bad "battle calibrate prints the historical figures beside the simulated ones"
grep -qE '^  \[(met\]  |MISS\] )standing check: red, who held the field in history, holds it in >= 75 % of runs: [01]\.[0-9]{3}$' out.txt && ok || bad "battle calibrate judges the field holder of history"
grep -qE 'standing check: blue, who lost more men in history, loses more men than red in a majority of runs: [01]\.[0-9]{3}$' out.txt && ok || bad "battle calibrate judges the side that lost more men in history"
! grep -q 'hand-written text' calibration.md && head -1 calibration.md | grep -qx '# Calibration of the tactical resolver' && ok || bad "battle calibrate writes its report whole"
grep -qF 'etatmajor-cli battle calibrate --dir calibrate-dir --runs 40 --seed 1 --markdown calibration.md' calibration.md && ok || bad "the report names the command that regenerates it"
cp calibration.md calibration-2-threads.md
expect_exit 0 "battle calibrate on one thread" "$cli" battle calibrate --dir calibrate-dir --runs 40 --seed 1 --threads 1 --markdown calibration.md
cmp -s calibration.md calibration-2-threads.md && ok || bad "battle calibrate writes the same report whatever the thread count"
sed 's/menLostHigh="120"/menLostHigh="10"/' "$duel" > bad-historical.xml
expect_exit 1 "battle simulate with a bad <historical>" "$cli" battle simulate --oob bad-historical.xml --runs 4
grep -q '^bad-historical.xml:23: error BATTLE-HISTORICAL: .*menLostHigh (10) is below menLost (90)' err.txt && ok || bad "a bad <historical> is refused with its file, line and code"
expect_exit 1 "battle resolve twice" "$cli" battle resolve --db war.db --id 1
expect_exit 1 "battle odds without the enemy's composition" "$cli" battle odds --db war.db --id 1 --side british --runs 10
grep -q "cannot be computed" out.txt && ok || bad "battle odds says why"
# --assume: what the side believes an unscouted counter holds; the odds name the counters pictured on assumption
counter=$(grep -o 'the enemy counters .* but no report' out.txt | sed 's/^the enemy counters //; s/ but no report$//')
[ -n "$counter" ] && ok || bad "battle odds names the unscouted counter"
expect_exit 0 "battle odds --assume" "$cli" battle odds --db war.db --id 1 --side british --runs 20 --assume "$counter=line infantry battalions:3,artillery batteries:1"
grep -qF "the enemy as reported and as you assume it" out.txt && grep -qxF "  on your assumption: $counter (3 line infantry battalions, 1 artillery batteries)" out.txt && ok || bad "battle odds --assume names the assumed counter"
cp out.txt odds-assumed.txt
expect_exit 0 "battle odds --assume, another assumption" "$cli" battle odds --db war.db --id 1 --side british --runs 20 --assume "$counter=militia battalions:1"
! cmp -s out.txt odds-assumed.txt && ok || bad "another assumption gives other odds"
expect_exit 1 "battle odds --assume an unknown counter" "$cli" battle odds --db war.db --id 1 --side british --runs 20 --assume "Nobody=militia battalions:1"
grep -qF "error ODDS-ASSUME: --assume: the battle has no enemy counter 'Nobody'; its enemy counters: $counter" err.txt && ok || bad "--assume names the unknown counter and the known ones"
expect_exit 1 "battle odds --assume an unknown kind and a bad count" "$cli" battle odds --db war.db --id 1 --side british --runs 20 --assume "$counter=grenadiers:2,militia battalions:500"
grep -qF "unknown kind 'grenadiers'; the kinds: line infantry battalions" err.txt && grep -qF "the count of militia battalions must be from 1 to 99, not 500" err.txt && ok || bad "--assume gives every error of the assumption"
expect_exit 2 "battle odds --assume of the wrong shape" "$cli" battle odds --db war.db --id 1 --side british --runs 20 --assume "$counter" --assume "X=militia battalions:many"
grep -qF "error ODDS-ASSUME: --assume '$counter': write COUNTER=KIND:N,KIND:N" err.txt && grep -qF "error ODDS-ASSUME: --assume 'X=militia battalions:many': the count 'many' of 'militia battalions' is not a whole number" err.txt && ok || bad "--assume of the wrong shape is refused, each named"
expect_exit 0 "print battle report" "$cli" print battle --db war.db --side british --battle 1 -o battle-1.pdf
head -c 5 battle-1.pdf | grep -q '%PDF-' && grep -q "wrote battle-1.pdf (battle, side british, " out.txt && ok || bad "print battle writes the report"
expect_exit 1 "print battle unknown id" "$cli" print battle --db war.db --side british --battle 99 -o battle-99.pdf
grep -q "BATTLE-UNKNOWN" err.txt && [ ! -e battle-99.pdf ] && ok || bad "print battle names the unknown battle and writes nothing"
before=$(sqlite3 war.db .dump | md5sum)
printf '<battleResult formatVersion="1" battle="1"><unit id="nobody" figuresLost="1"/></battleResult>' > result.xml
expect_exit 1 "battle enter on a fought battle" "$cli" battle enter --db war.db --id 1 --file result.xml
[ "$(sqlite3 war.db .dump | md5sum)" = "$before" ] && ok || bad "a refused battle enter changed the campaign"
# tabletop: D9 waits for the players' result; a bad result names unit and field and changes nothing
expect_exit 0 "campaign new, tabletop battles" "$cli" campaign new --scenario "$scenario" --db table.db --seed 5 --option battle_resolution=tabletop
sqlite3 table.db "UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 34 AND row = 34), r = (SELECT r FROM map_hex WHERE col = 34 AND row = 34) WHERE id IN ('a-maryland', 'b-tarleton')"
accept_state table.db
expect_exit 1 "advance stops at D9 for a tabletop battle" "$cli" advance --db table.db --day --stand-fast-missing
grep -q "BATTLE-TABLETOP" err.txt && ok || bad "advance says why it waits"
unit=$(sqlite3 table.db "SELECT id FROM unit WHERE me_id = 'b-tarleton' ORDER BY id LIMIT 1")
before=$(sqlite3 table.db .dump | md5sum)
printf '<battleResult formatVersion="1" battle="1" winner="american"><unit id="%s" standsLost="99"/></battleResult>' "$unit" > bad-result.xml
expect_exit 1 "battle enter with too many losses" "$cli" battle enter --db table.db --id 1 --file bad-result.xml
grep -q "$unit" err.txt && grep -q "standsLost" err.txt && ok || bad "battle enter names the unit and field"
[ "$(sqlite3 table.db .dump | md5sum)" = "$before" ] && ok || bad "a refused battle enter changed the campaign"
printf '<battleResult formatVersion="1" battle="1" winner="american"><unit id="%s" standsLost="1"/></battleResult>' "$unit" > good-result.xml
expect_exit 0 "battle enter a good result" "$cli" battle enter --db table.db --id 1 --file good-result.xml
expect_exit 0 "advance after the result" "$cli" advance --db table.db --day --stand-fast-missing

# the weekly cycle's spending, grant replacements and sieges (§9.1, §9.7, §11.4): refusals name the ME and field and
# change nothing
expect_exit 0 "campaign new for supply orders" "$cli" campaign new --scenario "$scenario" --db sp.db --seed 3
for i in 1 2 3; do "$cli" advance --db sp.db --phase >/dev/null 2>&1; done
before=$(sqlite3 sp.db .dump | md5sum)
expect_exit 1 "supply allocate beyond the income" "$cli" supply allocate --db sp.db --side british --source camden --share b-webster=100000
grep -q "SUPPLY-POINTS" err.txt && ok || bad "supply allocate names the over-allocation"
expect_exit 1 "supply allocate to an enemy ME" "$cli" supply allocate --db sp.db --side british --source camden --share a-stevens=1
grep -q "\[a-stevens.me\]" err.txt && ok || bad "supply allocate names the ME and field"
expect_exit 1 "supply allocate with a bad share" "$cli" supply allocate --db sp.db --side british --source camden --share b-webster
expect_exit 1 "supply spend without an engineer" "$cli" supply spend --db sp.db --side british --me b-webster --on works
grep -q "SUPPLY-ENGINEER.*\[b-webster.kind\]" err.txt && ok || bad "supply spend names the ME and field"
expect_exit 2 "supply spend without --on" "$cli" supply spend --db sp.db --side british --me b-webster
expect_exit 1 "grant replace of a line unit" "$cli" grant replace --db sp.db --side british --me b-webster --unit foot-23
grep -q "\[foot-23.unit\]" err.txt && ok || bad "grant replace names the unit"
[ "$(sqlite3 sp.db .dump | md5sum)" = "$before" ] && ok || bad "refused supply orders changed the campaign"
expect_exit 0 "supply allocate" "$cli" supply allocate --db sp.db --side british --source camden --share b-webster=50 --share b-rawdon=20
[ "$(sqlite3 sp.db "SELECT SUM(points) FROM supply_allocation")" = "70" ] && ok || bad "the split is recorded"
sqlite3 sp.db "UPDATE unit_gun SET stands_current = 0 WHERE unit_id = 'royal-artillery' AND calibre = 'light'"
accept_state sp.db
expect_exit 0 "grant replace a lost gun" "$cli" grant replace --db sp.db --side british --me b-webster --unit royal-artillery
grep -q "190 SP of this week's grant left" out.txt && ok || bad "a light gun stand costs 10 SP of the grant"
[ "$(sqlite3 sp.db "SELECT COUNT(*) FROM me WHERE id = 'b-webster-repl-w1' AND on_map = 1")" = "1" ] && ok || bad "the gun enters as an ME"
expect_exit 0 "siege list" "$cli" siege list --db sp.db --side british
[ "$(jq 'length' out.txt)" = "0" ] && ok || bad "no sieges at the start"
expect_exit 1 "siege answer with no siege" "$cli" siege answer --db sp.db --side british --siege 1 --refuse
expect_exit 2 "siege answer with both replies" "$cli" siege answer --db sp.db --side british --siege 1 --refuse --accept
# an order asking for an action its ME cannot do
"$cli" advance --db sp.db --phase >/dev/null 2>&1; "$cli" advance --db sp.db --phase >/dev/null 2>&1
"$cli" orders template --db sp.db --side british -o sp-orders.xml >/dev/null
sed '0,/<path><\/path>/s//<path><\/path><action kind="destroy_ua"\/>/' sp-orders.xml > sp-bad.xml
before=$(sqlite3 sp.db .dump | md5sum)
expect_exit 1 "an order to burn a town under March" "$cli" orders submit --db sp.db --side british --file sp-bad.xml
grep -qE "sp-bad.xml:[0-9]+: error ORDERS-ACTION: ME b-webster.*\[b-webster.action\]" err.txt && ok || bad "the bad action names file, line, ME and field"
[ "$(sqlite3 sp.db .dump | md5sum)" = "$before" ] && ok || bad "a refused action changed the campaign"

# one bad orders file per kind of refusal (etat-major.md §8.2, §2.2, §2.3, G-34, G-41, G-45): exit 1, the ME and
# field named, and the campaign database exactly as it was
expect_exit 0 "campaign new for bad orders" "$cli" campaign new --scenario "$scenario" --db bo.db --seed 3
for i in 1 2 3 4 5 6; do "$cli" advance --db bo.db --phase >/dev/null 2>&1; done
[ "$(sqlite3 bo.db "SELECT current_phase FROM campaign")" = "D2" ] && ok || bad "the bad-orders campaign waits at D2"
# Webster's brigade next to water (the setting up of the case, before the snapshot), and two days of forced march
# behind the Reserve.
sqlite3 bo.db "UPDATE me SET q = (SELECT l.q FROM map_hex l JOIN map_hex w ON (w.q - l.q, w.r - l.r) IN (VALUES (1,0),(-1,0),(0,1),(0,-1),(1,-1),(-1,1)) WHERE w.terrain IN ('sea','lake') AND l.terrain NOT IN ('sea','lake') ORDER BY l.q, l.r LIMIT 1), r = (SELECT l.r FROM map_hex l JOIN map_hex w ON (w.q - l.q, w.r - l.r) IN (VALUES (1,0),(-1,0),(0,1),(0,-1),(1,-1),(-1,1)) WHERE w.terrain IN ('sea','lake') AND l.terrain NOT IN ('sea','lake') ORDER BY l.q, l.r LIMIT 1) WHERE id = 'b-webster'"
accept_state bo.db
water=$(sqlite3 bo.db "SELECT w.col || ',' || w.row FROM me m JOIN map_hex w ON (w.q - m.q, w.r - m.r) IN (VALUES (1,0),(-1,0),(0,1),(0,-1),(1,-1),(-1,1)) WHERE m.id = 'b-webster' AND w.terrain IN ('sea','lake') LIMIT 1")
sqlite3 bo.db "UPDATE me SET forced_march_streak = 2 WHERE id = 'b-tarleton'"
accept_state bo.db
"$cli" orders template --db bo.db --side british -o bo-british.xml >/dev/null
"$cli" orders template --db bo.db --side american -o bo-american.xml >/dev/null
cheraw=$(sqlite3 bo.db "SELECT h.col || ',' || h.row FROM me m JOIN map_hex h ON h.q = m.q AND h.r = m.r WHERE m.id = 'a-maryland'")
sed 's/me="b-webster"/me="b-nobody"/' bo-british.xml > bo-unknown.xml
sed '/me="b-webster"/s/mode="[a-z_]*"/mode="scouting"/' bo-british.xml > bo-mode.xml
sed '/me="b-tarleton"/s/mode="[a-z_]*"/mode="forced_march"/' bo-british.xml > bo-forced.xml
sed "0,/<path><\/path>/s//<path>$water<\/path>/" bo-british.xml > bo-water.xml
sed "s|</orders>|<decoy id=\"a-dummy\" place=\"$cheraw\"/></orders>|" bo-american.xml > bo-stacking.xml
sed 's/me="b-webster"/me="a-maryland"/' bo-british.xml > bo-enemy.xml
before=$(sqlite3 bo.db .dump | md5sum)
check_refusal() { # file side code me field description
  expect_exit 1 "$6" "$cli" orders submit --db bo.db --side "$2" --file "$1"
  grep -qE "$1:[0-9]+: error $3: (ME|decoy) $4.*\[$4\.$5\]" err.txt && ok || { bad "$6: the ME and field are not named"; cat err.txt >&2; }
  [ "$(sqlite3 bo.db .dump | md5sum)" = "$before" ] && ok || bad "$6: the refused orders changed the campaign"
}
check_refusal bo-unknown.xml british ORDERS-ME b-nobody me "an unknown ME"
check_refusal bo-mode.xml british ORDERS-MODE b-webster mode "a Scouting order for line infantry"
check_refusal bo-forced.xml british ORDERS-MODE b-tarleton mode "a third day of forced march"
[ -n "$water" ] && ok || bad "no hex next to water found for the impassable route"
check_refusal bo-water.xml british ORDERS-PATH b-webster path "a route into water"
check_refusal bo-stacking.xml american ORDERS-STACKING a-dummy place "a fourth counter in a hex"
check_refusal bo-enemy.xml british ORDERS-ME a-maryland me "an order for an ME of the other side"
# a side's status names no enemy ME, unit or general: the enemy are face-down counters (§2.2, G-40)
expect_exit 0 "status of one side" "$cli" status --db one.db --side american --json
leak=0
for id in $(sqlite3 one.db "SELECT id FROM me WHERE side_id = 'british' UNION SELECT id FROM unit WHERE side_id = 'british' UNION SELECT id FROM general WHERE side_id = 'british'"); do
  grep -q "\"$id\"" out.txt && { leak=1; echo "leaked: $id" >&2; }
done
[ "$leak" = 0 ] && ok || bad "the American status names a British ME, unit or general"
[ "$(jq '[.sides[] | select(.id == "british") | .counters[]] | length' out.txt)" -ge 1 ] && ok || bad "the British counters are shown"
[ "$(jq '[.sides[] | select(.id == "british") | .counters[] | select(has("inSight") | not)] | length' out.txt)" = "0" ] && ok || bad "each counter says whether it is in sight"

# ME creation in play: the command limit (G-54) and the composition (G-52) are checked on new MEs; a refusal names
# the ME and the rule and changes nothing
expect_exit 0 "campaign new for ME creation" "$cli" campaign new --scenario "$scenario" --db cmd.db --seed 3
expect_exit 0 "me split: the commander-in-chief's double command" "$cli" me split --db cmd.db --side british --from b-webster --new b-guns --member british-artillery
before=$(sqlite3 cmd.db .dump | md5sum)
expect_exit 1 "me split past the command limit" "$cli" me split --db cmd.db --side british --from b-rawdon --new b-tories --member nc-tory-volunteers
grep -q "ME-COMMAND-LIMIT" err.txt && grep -q "ME 'b-tories'" err.txt && grep -q "G-54" err.txt && ok || bad "the refusal names the ME and the rule"
[ "$(sqlite3 cmd.db .dump | md5sum)" = "$before" ] && ok || bad "a refused split changed the campaign"
expect_exit 1 "campaign new whose MEs are not the chart's MEs" "$cli" campaign new --scenario "$scenario" --db chart.db --option me_granularity=chart_division_or_brigade
grep -q "CAMPAIGN-ME-COMPOSITION.*b-webster" err.txt && ok || bad "the composition refusal names the ME"
[ ! -e chart.db ] && ok || bad "a refused campaign new left a database behind"
sed -e "s|map=\"../maps/carolinas-1780.xml\"|map=\"$src/maps/carolinas-1780.xml\"|" \
    -e 's|<options>|<options><option key="me_granularity" value="chart_division_or_brigade"/>|' "$scenario" > chart-campaign.xml
expect_exit 1 "campaign validate of a file whose MEs are not the chart's MEs" "$cli" campaign validate chart-campaign.xml
grep -q "CAMPAIGN-ME-COMPOSITION.*b-webster" err.txt && ok || bad "campaign validate names the ME that is not an ME"

# passphrases (docs/secrecy-auth.md): once set, a side's commands and views and the host's need theirs, refused
# before anything of the campaign is printed; a wrong one changes nothing; none is kept in clear. Standard input is
# /dev/null so that no prompt waits.
printf 'crown-and-country\n' > british.pass; printf 'liberty-or-death\n' > american.pass
printf 'umpire-of-the-south\n' > host.pass; printf 'short\n' > short.pass
expect_exit 0 "campaign new with side passphrases" "$cli" campaign new --scenario "$scenario" --db auth.db --seed 7 \
  --side-password-file british=british.pass --side-password-file american=american.pass </dev/null
grep -q "AUTH-HOST-CLOSED" err.txt && ok || bad "campaign new warns that the host's view is closed without a host passphrase"
expect_exit 1 "campaign new with a short passphrase" "$cli" campaign new --scenario "$scenario" --db short.db \
  --side-password-file british=short.pass </dev/null
grep -q "AUTH-TOO-SHORT" err.txt && ok || bad "the short passphrase is refused with its code"
[ ! -e short.db ] && ok || bad "a refused campaign new left a database behind"
expect_exit 1 "the host's view is closed while only sides have passphrases" "$cli" status --db auth.db </dev/null
[ ! -s out.txt ] && ok || bad "the closed host view printed something of the campaign"
grep -q "AUTH-HOST-CLOSED.*campaign password --host" err.txt && ok || bad "the closed host view says how to open it"
expect_exit 1 "the host's first passphrase without every side's" "$cli" campaign password --db auth.db --host \
  --new-password-file host.pass --side-password-file british=british.pass </dev/null
grep -q "AUTH-REQUIRED.*american" err.txt && ok || bad "the missing side passphrase is named"
expect_exit 0 "the host's first passphrase with every side's" "$cli" campaign password --db auth.db --host \
  --new-password-file host.pass --side-password-file british=british.pass --side-password-file american=american.pass </dev/null
for args in "" "--side british" "--json" "--side british --json"; do
  # shellcheck disable=SC2086
  expect_exit 1 "status $args without the passphrase" "$cli" status --db auth.db $args </dev/null
  [ ! -s out.txt ] && ok || bad "status $args without the passphrase printed something"
  grep -q "AUTH-REQUIRED" err.txt && ok || bad "status $args without the passphrase: no AUTH-REQUIRED"
done
expect_exit 0 "status with the host's passphrase file" "$cli" status --db auth.db --password-file host.pass --json
[ "$(jq '[.sides[].mes[]] | length' out.txt)" = "7" ] && ok || bad "the host's view with its passphrase lists every ME"
cp out.txt host-view-before.json
expect_exit 0 "status --side british with its passphrase file" "$cli" status --db auth.db --side british --password-file british.pass
grep -q "View: british" out.txt && ok || bad "the British view with its passphrase"
ETATMAJOR_PASSPHRASE=liberty-or-death expect_exit 0 "status --side american, passphrase in the environment" \
  "$cli" status --db auth.db --side american --json </dev/null
[ "$(jq -r '.view' out.txt)" = "american" ] && ok || bad "the American view with the passphrase in the environment"
# (the count of wrong guesses is written, and so is the checksum of the state that holds it)
sqlite3 auth.db .dump | grep -v -e '^INSERT INTO credential' -e '^INSERT INTO state_checksum' > auth-before.sql
expect_exit 1 "the other side's passphrase does not open a side" "$cli" status --db auth.db --side british --password-file american.pass
[ ! -s out.txt ] && ok || bad "a wrong passphrase printed something of the campaign"
grep -q "AUTH-WRONG.*british" err.txt && ok || bad "a wrong passphrase says so"
[ "$(sqlite3 auth.db "SELECT failures FROM credential WHERE who = 'british'")" = "1" ] && ok || bad "the wrong guess is counted"
ETATMAJOR_PASSPHRASE=crown-and-country expect_exit 1 "the British passphrase does not open the host's view" \
  "$cli" status --db auth.db </dev/null
grep -q "AUTH-WRONG.*host" err.txt && ok || bad "the host's wrong passphrase says so"
expect_exit 1 "orders stand-fast --side british without its passphrase" "$cli" orders stand-fast --db auth.db --side british </dev/null
grep -q "AUTH-REQUIRED" err.txt && ok || bad "stand-fast without the passphrase: no AUTH-REQUIRED"
expect_exit 1 "orders stand-fast --side british with the American passphrase" "$cli" orders stand-fast --db auth.db \
  --side british --password-file american.pass </dev/null
expect_exit 1 "initiative --decline --side british without its passphrase" "$cli" initiative --db auth.db --side british --decline </dev/null
expect_exit 1 "me dissolve --side british without its passphrase" "$cli" me dissolve --db auth.db --side british --me b-rawdon --into b-webster </dev/null
expect_exit 1 "advance without the host's passphrase" "$cli" advance --db auth.db --phase </dev/null
expect_exit 1 "log without the host's passphrase" "$cli" log --db auth.db </dev/null
[ ! -s out.txt ] && ok || bad "log without the passphrase printed something"
expect_exit 1 "grant buy acts as the purchase file's side" "$cli" grant buy --db auth.db --file "$src/tests/data/purchases/loyalists.xml" </dev/null
grep -q "AUTH-REQUIRED.*british" err.txt && ok || bad "grant buy without the British passphrase"
expect_exit 1 "grant buy --side of another side than the file's" "$cli" grant buy --db auth.db --side american \
  --password-file american.pass --file "$src/tests/data/purchases/loyalists.xml"
grep -q "GRANT-SIDE" err.txt && ok || bad "grant buy names the side of the file"
expect_exit 1 "battle resolve without the host's passphrase" "$cli" battle resolve --db auth.db --id 1 </dev/null
grep -q "AUTH-REQUIRED" err.txt && ok || bad "battle resolve without the host's passphrase: no AUTH-REQUIRED"
expect_exit 1 "battle enter --side british without its passphrase" "$cli" battle enter --db auth.db --id 1 --side british \
  --file "$src/tests/data/purchases/loyalists.xml" </dev/null
grep -q "AUTH-REQUIRED" err.txt && ok || bad "battle enter without the British passphrase: no AUTH-REQUIRED"
expect_exit 1 "print roster --side american without its passphrase" "$cli" print roster --db auth.db --side american -o roster.pdf </dev/null
[ ! -e roster.pdf ] && ok || bad "a refused print wrote its file"
expect_exit 2 "orders show needs --side" "$cli" orders show --db auth.db --password-file host.pass
sqlite3 auth.db .dump | grep -v -e '^INSERT INTO credential' -e '^INSERT INTO state_checksum' | cmp -s - auth-before.sql && ok || bad "refused commands changed the campaign"
expect_exit 0 "status with the host's passphrase after the refusals" "$cli" status --db auth.db --password-file host.pass --json
cmp -s out.txt host-view-before.json && ok || bad "the host's view changed after refused commands"
expect_exit 0 "orders stand-fast --side british with its passphrase" "$cli" orders stand-fast --db auth.db --side british --password-file british.pass
[ "$(sqlite3 auth.db "SELECT failures FROM credential WHERE who = 'british'")" = "0" ] && ok || bad "a right passphrase clears the count"
# changing passphrases: a side's own, or the host's for it; clearing every one opens the campaign again
printf 'the-new-british-passphrase\n' > british2.pass
expect_exit 1 "a side's passphrase changed with the other side's" "$cli" campaign password --db auth.db --side british \
  --new-password-file british2.pass --password-file american.pass </dev/null
grep -q "AUTH-WRONG" err.txt && ok || bad "changing with a wrong passphrase says so"
expect_exit 0 "the host resets the British passphrase" "$cli" campaign password --db auth.db --side british \
  --new-password-file british2.pass --host-password-file host.pass </dev/null
expect_exit 1 "the old British passphrase no longer opens" "$cli" status --db auth.db --side british --password-file british.pass
expect_exit 0 "the new British passphrase opens" "$cli" status --db auth.db --side british --password-file british2.pass
# no passphrase, right or wrong, old or new, is in the database or its write-ahead log
for p in crown-and-country liberty-or-death umpire-of-the-south the-new-british-passphrase; do
  if grep -qaF "$p" auth.db auth.db-wal 2>/dev/null; then bad "the passphrase '$p' is in the campaign's files"; else ok; fi
done
[ "$(grep -caF 'argon2id' auth.db auth.db-wal 2>/dev/null | awk -F: '{s += $2} END {print s + 0}')" -ge 1 ] && ok || bad "the hashes were written (the search looks in the right files)"
expect_exit 0 "clear the British passphrase" "$cli" campaign password --db auth.db --side british --clear --password-file british2.pass </dev/null
expect_exit 0 "clear the American passphrase" "$cli" campaign password --db auth.db --side american --clear --password-file american.pass </dev/null
expect_exit 0 "clear the host's passphrase" "$cli" campaign password --db auth.db --host --clear --password-file host.pass </dev/null
[ "$(sqlite3 auth.db 'SELECT COUNT(*) FROM credential')" = "0" ] && ok || bad "no credential is left"
expect_exit 0 "a campaign without passphrases is open again" "$cli" status --db auth.db </dev/null

# options
expect_exit 0 "options --json" "$cli" options --json
[ "$(jq '[.[] | select(.key == "loc_trace")][0].default' -r out.txt)" = "adjacent_chain" ] && ok || bad "options lists loc_trace"
[ "$(jq -r '[.[] | select(.key == "barge_waters")][0].notApplied | join(",")' out.txt)" = "canals_only" ] && ok || bad "options marks a value the engine does not apply"
[ "$(jq -r '[.[] | select(.key == "loc_trace")][0].notApplied | length' out.txt)" = "0" ] && ok || bad "options marks no applied value"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
