#!/usr/bin/env bash
# etatmajor-cli print: every paper for both sides is written and is a PDF; the exit codes of the contract.
# usage: print_cli_test.sh CLI SOURCE_DIR WORK_DIR
set -u
cli=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fail=0
check() {  # expected-status description command...
  local want=$1 what=$2; shift 2
  "$@" >"$work/out.txt" 2>"$work/err.txt"
  local got=$?
  if [ "$got" -ne "$want" ]; then
    echo "FAIL: $what: exit $got, wanted $want"; cat "$work/out.txt" "$work/err.txt"; fail=1
  fi
}
db=$work/c.db
check 0 "campaign new" "$cli" campaign new --scenario "$src/campaigns/southern-1780.xml" --db "$db" --seed 3
for side in british american; do
  for paper in orders blank-orders supply summary roster map intel battle; do
    check 0 "print $paper $side" "$cli" print "$paper" --db "$db" --side "$side" -o "$work/$side-$paper.pdf"
    if ! head -c 5 "$work/$side-$paper.pdf" | grep -q '%PDF-'; then echo "FAIL: $side-$paper.pdf is not a PDF"; fail=1; fi
  done
done
check 0 "letter paper" "$cli" print roster --db "$db" --side british --paper letter -o "$work/letter.pdf"
grep -q "wrote $work/letter.pdf (roster, side british, " "$work/out.txt" || { echo "FAIL: no 'wrote' line"; fail=1; }
check 0 "map scale" "$cli" print map --db "$db" --side british --hex-mm 10 -o "$work/map10.pdf"
check 1 "unknown side" "$cli" print roster --db "$db" --side french -o "$work/x.pdf"
grep -q "DB-UNKNOWN-SIDE" "$work/err.txt" || { echo "FAIL: unknown side message"; cat "$work/err.txt"; fail=1; }
check 1 "missing database" "$cli" print roster --db "$work/none.db" --side british -o "$work/x.pdf"
check 1 "unwritable output" "$cli" print supply --db "$db" --side british -o "$work/no/such/dir/x.pdf"
grep -q "PRINT-WRITE" "$work/err.txt" || { echo "FAIL: unwritable message"; cat "$work/err.txt"; fail=1; }
check 0 "intel for a week and day" "$cli" print intel --db "$db" --side american --week 1 --day 1 -o "$work/intel-w1d1.pdf"
check 0 "battles of a week" "$cli" print battle --db "$db" --side british --week 1 -o "$work/battle-w1.pdf"
check 1 "unknown battle" "$cli" print battle --db "$db" --side british --battle 9 -o "$work/x.pdf"
grep -q "BATTLE-UNKNOWN" "$work/err.txt" && grep -q "no battle 9" "$work/err.txt" || { echo "FAIL: unknown battle message"; cat "$work/err.txt"; fail=1; }
[ ! -e "$work/x.pdf" ] || { echo "FAIL: a refused print wrote a file"; fail=1; }
check 2 "unknown paper" "$cli" print intelligence --db "$db" --side british -o "$work/x.pdf"
check 2 "--day needs --week" "$cli" print intel --db "$db" --side british --day 2 -o "$work/x.pdf"
check 2 "--battle only for the battle report" "$cli" print intel --db "$db" --side british --battle 1 -o "$work/x.pdf"
check 2 "--week not for the roster" "$cli" print roster --db "$db" --side british --week 1 -o "$work/x.pdf"
check 2 "bad paper size" "$cli" print roster --db "$db" --side british --paper a3 -o "$work/x.pdf"
check 2 "no output" "$cli" print roster --db "$db" --side british
check 2 "hex-mm only for the map" "$cli" print roster --db "$db" --side british --hex-mm 5 -o "$work/x.pdf"
[ "$fail" -eq 0 ] && echo "print: all checks passed"
exit "$fail"
