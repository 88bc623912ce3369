#!/usr/bin/env bash
# Hostile and careless input files (docs/formats/limits.md): what the commands say about them and their exit codes.
# Every refusal names file and line, lists every problem of the file, cuts long values, and changes nothing.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/checks.sh"
cli=${1:?usage: input_test.sh CLI SOURCE_DIR WORK_DIR}
src=${2:?}
work=${3:?}
rm -rf "$work"; mkdir -p "$work"; cd "$work" || exit 1

count() { grep -cE "$1" err.txt; }
errors="$src/tests/data/errors"
enc="$src/tests/data/encodings"

# A Latin-1 map without a declaration: refused, each line with a bad byte named (it used to pass and then brick the
# campaign made from it).
expect_exit 1 "map validate, Latin-1 bytes" "$cli" map validate "$errors/map-latin1-undeclared.xml"
[ "$(count "^$errors/map-latin1-undeclared.xml:(27|29): error XML-UTF8: byte 0x")" = 2 ] && ok || { bad "both lines with a Latin-1 byte named"; cat err.txt >&2; }
expect_exit 1 "map info, Latin-1 bytes" "$cli" map info "$errors/map-latin1-undeclared.xml"
grep -q "map-latin1-undeclared.xml:27: error XML-UTF8" err.txt && ok || bad "map info names the bad byte's line"

# A campaign with a Latin-1 brigade name: refused by validate and new, and no database is left.
expect_exit 1 "campaign validate, Latin-1 bytes" "$cli" campaign validate "$errors/campaign-latin1.xml"
grep -q "campaign-latin1.xml:13: error XML-UTF8" err.txt && ok || bad "campaign validate names the line of the bad byte"
expect_exit 1 "campaign new, Latin-1 bytes" "$cli" campaign new --scenario "$errors/campaign-latin1.xml" --db latin.db
grep -q "campaign-latin1.xml:13: error XML-UTF8" err.txt && ok || bad "campaign new names the line of the bad byte"
[ ! -e latin.db ] && ok || bad "a refused campaign left a database"

# Declared ISO-8859-1: converted; the campaign made from it shows, advances and prints.
expect_exit 0 "map validate, declared ISO-8859-1" "$cli" map validate "$enc/map-latin1.xml"
expect_exit 0 "map info --json, declared ISO-8859-1" "$cli" map info --json "$enc/map-latin1.xml"
[ "$(jq -r '.urbanAreas[] | select(.id == "westby") | .name' out.txt)" = "Westbé" ] && ok || bad "the Latin-1 town name is read as Westbé"
expect_exit 0 "map validate, declared Windows-1252" "$cli" map validate "$enc/map-windows1252.xml"
expect_exit 0 "campaign new, declared ISO-8859-1" "$cli" campaign new --scenario "$enc/campaign-latin1.xml" --db converted.db
[ "$(sqlite3 converted.db "SELECT name FROM formation WHERE id = 'red-1'")" = "Première Brigade" ] && ok || bad "the brigade name is kept as UTF-8"
expect_exit 0 "status --json of the converted campaign" "$cli" status --db converted.db --json
expect_exit 0 "supply --json of the converted campaign" "$cli" supply --db converted.db --side red --json
expect_exit 0 "print roster of the converted campaign" "$cli" print roster --db converted.db --side red -o roster.pdf
expect_exit 0 "advance the converted campaign" "$cli" advance --db converted.db --day --stand-fast-missing

# An encoding that is not read, and a file over the size limit.
expect_exit 1 "map validate, unknown encoding" "$cli" map validate "$errors/map-encoding-unknown.xml"
grep -q "map-encoding-unknown.xml:1: error XML-ENCODING: .*Shift_JIS" err.txt && ok || bad "the encoding is named"
{ printf '<?xml version="1.0"?>\n<!--'; head -c $((16 * 1024 * 1024)) /dev/zero | tr '\0' ' '; printf -- '-->\n'; } > big.xml
expect_exit 1 "map validate, 16 MiB and more" "$cli" map validate big.xml
grep -q "big.xml: error IO-TOO-LARGE" err.txt && ok || bad "the size is refused"

# A second root element, duplicated blocks: refused with their lines, every one.
expect_exit 1 "map validate, two roots" "$cli" map validate "$errors/map-two-roots.xml"
grep -q "map-two-roots.xml:45: error XML-ROOT" err.txt && ok || bad "the second root is named with its line"
expect_exit 1 "map validate, blocks twice" "$cli" map validate "$errors/map-twice.xml"
[ "$(count "map-twice.xml:3[123]: error XML-ELEMENT-TWICE")" = 3 ] && ok || { bad "each second block named"; cat err.txt >&2; }
expect_exit 1 "campaign validate, blocks twice" "$cli" campaign validate "$errors/campaign-twice.xml"
[ "$(count "campaign-twice.xml:[0-9]+: error ")" = 3 ] && ok || { bad "every problem of the campaign named"; cat err.txt >&2; }

# Two <guns> of one calibre: refused by validation with file and line, not by the database's key at set-up.
expect_exit 1 "campaign validate, guns twice" "$cli" campaign validate "$errors/campaign-guns-twice.xml"
grep -q "campaign-guns-twice.xml:24: error CAMPAIGN-GUNS-TWICE" err.txt && ok || bad "validate names the second <guns>"
expect_exit 1 "campaign new, guns twice" "$cli" campaign new --scenario "$errors/campaign-guns-twice.xml" --db guns.db
grep -q "campaign-guns-twice.xml:24: error CAMPAIGN-GUNS-TWICE" err.txt && ok || bad "new names the second <guns>"
no_raw "campaign new, guns twice"
[ ! -e guns.db ] && ok || bad "a refused campaign left a database"

# map info prints what it read, and an error among it gives exit status 1.
expect_exit 1 "map info on a map with a short row" "$cli" map info "$errors/map-row-length.xml"
grep -q "map-row-length.xml:8: error MAP-ROW-LENGTH" err.txt && ok || bad "map info prints the error"
expect_exit 1 "map info --json on a map with a short row" "$cli" map info --json "$errors/map-row-length.xml"
jq -e .id out.txt >/dev/null && ok || bad "map info --json still prints the map"

# Long values: refused over their limits, and never echoed whole.
expect_exit 1 "map validate, id and name too long" "$cli" map validate "$errors/map-too-long.xml"
[ "$(count "map-too-long.xml:(28|29): error XML-TOO-LONG")" = 2 ] && ok || { bad "both long values named"; cat err.txt >&2; }
python3 - "$src/tests/data/maps/small.xml" <<'EOF'
import sys
text = open(sys.argv[1]).read()
open('huge.xml', 'w').write(text.replace('name="Westby"', 'name="' + 'A' * 10_000_000 + '"').replace('hex="6,2"', 'hex="' + '6' * 200 + ',2"'))
EOF
expect_exit 1 "map validate, a ten-megabyte value" "$cli" map validate huge.xml
[ "$(wc -c < err.txt)" -lt 2000 ] && ok || bad "a ten-megabyte value is echoed ($(wc -c < err.txt) bytes of messages)"
grep -q "huge.xml:27: error XML-TOO-LONG: .*10000000 characters" err.txt && ok || bad "the long name is named with its length"
grep -q "huge.xml:28: error XML-TOO-LONG" err.txt && ok || bad "the long hex is named too"

# Orders: the side and turn refusals name the line of <orders>; every problem of the file is listed.
scenario="$src/campaigns/southern-1780.xml"
orders="$src/tests/data/orders/british-week1-day1.xml"
expect_exit 0 "campaign new for orders" "$cli" campaign new --scenario "$scenario" --db orders.db --seed 3
before=$(sqlite3 orders.db .dump | md5sum)
expect_exit 1 "orders submit for the other side" "$cli" orders submit --db orders.db --side american --file "$orders"
grep -q "british-week1-day1.xml:3: error ORDERS-SIDE" err.txt && ok || bad "ORDERS-SIDE names the line"
sed 's/week="1" day="1"/week="1" day="2"/' "$orders" > day2.xml
expect_exit 1 "orders submit for another day" "$cli" orders submit --db orders.db --side british --file day2.xml
grep -q "day2.xml:3: error ORDERS-TURN" err.txt && ok || bad "ORDERS-TURN names the line"
expect_exit 1 "orders submit, elements twice" "$cli" orders submit --db orders.db --side british --file "$src/tests/data/orders/errors/orders-twice.xml"
[ "$(count "orders-twice.xml:(6|17): error XML-ELEMENT-TWICE")" = 2 ] && ok || { bad "both second elements named"; cat err.txt >&2; }
expect_exit 1 "orders submit, Latin-1 intentions" "$cli" orders submit --db orders.db --side british --file "$src/tests/data/orders/errors/orders-latin1.xml"
grep -q "orders-latin1.xml:11: error XML-UTF8" err.txt && ok || bad "the Latin-1 byte's line is named"
no_raw "orders submit, Latin-1 intentions"
[ "$(sqlite3 orders.db .dump | md5sum)" = "$before" ] && ok || bad "refused orders changed the campaign"
expect_exit 0 "status --json after the refused orders" "$cli" status --db orders.db --json

# Purchases: every problem with its line.
expect_exit 1 "grant buy, Latin-1 byte" "$cli" grant buy --db orders.db --file "$src/tests/data/purchases/errors/purchase-twice.xml"
grep -q "purchase-twice.xml:6: error XML-UTF8" err.txt && ok || bad "grant buy names the bad byte's line"

# battle enter: a result file's problems, structural ones too, all listed with their lines; a malformed file named
# with its line; nothing changed.
expect_exit 0 "campaign new, tabletop battles" "$cli" campaign new --scenario "$scenario" --db table.db --seed 5 --option battle_resolution=tabletop
sqlite3 table.db "UPDATE me SET q = (SELECT q FROM map_hex WHERE col = 34 AND row = 34), r = (SELECT r FROM map_hex WHERE col = 34 AND row = 34) WHERE id IN ('a-maryland', 'b-tarleton')"
# a raw edit by the host, recorded as accepted so that the state's checksum (docs/design.md) matches it again
"$cli" campaign check --db table.db --accept >/dev/null 2>&1 || bad "campaign check --accept after the raw edit"
expect_exit 1 "advance stops at D9 for a tabletop battle" "$cli" advance --db table.db --day --stand-fast-missing
unit=$(sqlite3 table.db "SELECT id FROM unit WHERE me_id = 'b-tarleton' ORDER BY id LIMIT 1")
before=$(sqlite3 table.db .dump | md5sum)
printf '<battleResult formatVersion="1" battle="1" winner="american">\n<unit id="%s" standsLost="many"/>\n<unit id="nobody"/>\n<general id="tarleton" fate="dead"/>\n<notes>a</notes>\n<notes>b</notes>\n</battleResult>\n' "$unit" > many.xml
expect_exit 1 "battle enter, four problems" "$cli" battle enter --db table.db --id 1 --file many.xml
for l in 2 3 4 6; do grep -q "^many.xml:$l: error " err.txt && ok || { bad "battle enter names line $l"; cat err.txt >&2; }; done
printf '<battleResult formatVersion="1" battle="1">\n<unit id="x"\n</battleResult>\n' > broken.xml
expect_exit 1 "battle enter, malformed XML" "$cli" battle enter --db table.db --id 1 --file broken.xml
grep -q "^broken.xml:[0-9]: error XML-PARSE" err.txt && ok || bad "battle enter names file and line of a parse error"
printf '<battleResult formatVersion="1" battle="1" winner="american">\n<notes>Tarleton\xe9s charge</notes>\n</battleResult>\n' > latin-result.xml
expect_exit 1 "battle enter, Latin-1 notes" "$cli" battle enter --db table.db --id 1 --file latin-result.xml
grep -q "^latin-result.xml:2: error XML-UTF8" err.txt && ok || bad "battle enter names the bad byte's line"
[ "$(sqlite3 table.db .dump | md5sum)" = "$before" ] && ok || bad "a refused battle enter changed the campaign"
printf '<?xml version="1.0" encoding="ISO-8859-1"?>\n<battleResult formatVersion="1" battle="1" winner="american">\n<unit id="%s" standsLost="1"/>\n<notes>Tarleton\xe9s charge</notes>\n</battleResult>\n' "$unit" > declared-result.xml
expect_exit 0 "battle enter, declared ISO-8859-1" "$cli" battle enter --db table.db --id 1 --file declared-result.xml
expect_exit 0 "battle show after a converted result" "$cli" battle show --db table.db --id 1
expect_exit 0 "status --json after a converted result" "$cli" status --db table.db --json

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
