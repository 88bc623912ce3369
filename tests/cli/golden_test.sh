#!/usr/bin/env bash
# The command-line contract's key outputs, compared with golden files (tests/cli/golden/): the shipped campaign with
# seed 7, its host and side views, the orders template, a week of play and the LOC, supply, intelligence, report and
# log of a side, in text and JSON. Any change of output shows as a diff.
#
# Regenerate the golden files after an intended change, and review the diff in the commit:
#   ETATMAJOR_REGENERATE=1 ctest --test-dir build -R 'cli: golden'
# (or ETATMAJOR_REGENERATE=1 bash tests/cli/golden_test.sh CLI SOURCE_DIR WORK_DIR)
set -u
cli=${1:?usage: golden_test.sh CLI SOURCE_DIR WORK_DIR}
src=${2:?}
work=${3:?}
abs() { case "$1" in /*) printf '%s' "$1" ;; *) printf '%s/%s' "$PWD" "$1" ;; esac; }
cli=$(abs "$cli"); src=$(abs "$src"); work=$(abs "$work")
[ -x "$cli" ] || { echo "golden_test.sh: '$cli' is not a program" >&2; exit 2; }
golden="$src/tests/cli/golden"
regenerate=${ETATMAJOR_REGENERATE:-}
rm -rf "$work"; mkdir -p "$work"; cd "$work" || exit 1
[ -n "$regenerate" ] && mkdir -p "$golden"

passed=0; failed=0; written=0
produced=()
# One golden file: NAME, the exit status wanted, then the command. The file holds what the command printed on stdout,
# then its stderr (if any) after a line "--- stderr", with the source and work directories written as @SRC@ and @WORK@
# (files the command writes are checked through `cat`).
case_() {
  local name=$1 want=$2; shift 2
  produced+=("$name")
  "$@" > out.txt 2> err.txt
  local got=$?
  {
    cat out.txt
    if [ -s err.txt ]; then echo "--- stderr"; cat err.txt; fi
  } | sed -e "s|$work|@WORK@|g" -e "s|$src|@SRC@|g" > "actual-$name"
  if [ "$got" -ne "$want" ]; then
    failed=$((failed + 1)); echo "FAILED: $name: exit $got, wanted $want" >&2; cat err.txt >&2
    return
  fi
  if [ -n "$regenerate" ]; then
    cp "actual-$name" "$golden/$name"; written=$((written + 1))
  elif [ ! -f "$golden/$name" ]; then
    failed=$((failed + 1)); echo "FAILED: $name: no golden file (ETATMAJOR_REGENERATE=1 writes it)" >&2
  elif diff -u --label "golden/$name" --label "actual/$name" "$golden/$name" "actual-$name" >&2; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); echo "FAILED: $name differs from its golden file (diff above)" >&2
  fi
}

scenario="$src/campaigns/southern-1780.xml"
case_ campaign-new.txt 0 "$cli" campaign new --scenario "$scenario" --db g.db --seed 7
case_ status-host.txt 0 "$cli" status --db g.db
case_ status-host.json 0 "$cli" status --db g.db --json
case_ status-american.txt 0 "$cli" status --db g.db --side american
case_ status-british.json 0 "$cli" status --db g.db --side british --json
case_ log-setup.txt 0 "$cli" log --db g.db

# W1, then a day that stops before D2 for want of orders, then the orders: the British as the template gives them,
# the Americans marching their Maryland Division and scouting with Armand's Legion towards Camden.
case_ advance-phase.txt 0 "$cli" advance --db g.db --phase
case_ advance-day-without-orders.txt 1 "$cli" advance --db g.db --day
case_ orders-template-british.xml 0 "$cli" orders template --db g.db --side british
"$cli" orders template --db g.db --side british -o british.xml >/dev/null 2>&1
"$cli" orders template --db g.db --side american -o american-template.xml >/dev/null 2>&1
awk '/<order / { me = $0; sub(/.* me="/, "", me); sub(/".*/, "", me) }
     /<path><\/path>/ && me == "a-maryland" { sub(/<path><\/path>/, "<path>35,34 34,35 34,36 33,37</path>") }
     /<path><\/path>/ && me == "a-armand" { sub(/<path><\/path>/, "<path>35,34 34,35 34,36 33,37 33,38 32,39</path>") }
     { print }' american-template.xml > american.xml
case_ orders-submit-british.txt 0 "$cli" orders submit --db g.db --side british --file british.xml
case_ orders-submit-american.txt 0 "$cli" orders submit --db g.db --side american --file american.xml
case_ orders-show-american.json 0 "$cli" orders show --db g.db --side american
case_ advance-day.json 0 "$cli" advance --db g.db --day --json

# What each side is told after the first day.
case_ loc-american.txt 0 "$cli" loc --db g.db --side american
case_ loc-american.json 0 "$cli" loc --db g.db --side american --json
case_ supply-british.txt 0 "$cli" supply --db g.db --side british
case_ supply-british.json 0 "$cli" supply --db g.db --side british --json
case_ intel-american.json 0 "$cli" intel --db g.db --side american --json
case_ report-american.txt 0 "$cli" report --db g.db --side american
case_ log-british.txt 0 "$cli" log --db g.db --side british

# The rest of the week, and the campaign as it stands at the start of week 2.
case_ advance-week.txt 0 "$cli" advance --db g.db --week --stand-fast-missing
case_ status-host-week2.json 0 "$cli" status --db g.db --json
case_ battle-list.json 0 "$cli" battle list --db g.db --json
case_ report-british-day7.json 0 "$cli" report --db g.db --side british --week 1 --day 7 --json

# A day advanced by a side: it is told its own day's report, none of the host's lines.
"$cli" orders stand-fast --db g.db --side british >/dev/null 2>&1
"$cli" orders stand-fast --db g.db --side american >/dev/null 2>&1
case_ advance-day-side-american.json 0 "$cli" advance --db g.db --day --side american --json
case_ advance-side-stand-fast-missing.txt 2 "$cli" advance --db g.db --day --side british --stand-fast-missing
"$cli" orders stand-fast --db g.db --side british >/dev/null 2>&1
"$cli" orders stand-fast --db g.db --side american >/dev/null 2>&1
case_ advance-day-side-british.txt 0 "$cli" advance --db g.db --day --side british

# A golden file no case produces is stale: it is removed when regenerating, and fails the test otherwise.
for f in "$golden"/*; do
  [ -e "$f" ] || continue
  name=$(basename "$f")
  [[ " ${produced[*]} " == *" $name "* ]] && continue
  if [ -n "$regenerate" ]; then rm -f "$f"; echo "removed the stale golden file $name"
  else failed=$((failed + 1)); echo "FAILED: golden/$name is produced by no case (remove it, or regenerate)" >&2; fi
done

if [ -n "$regenerate" ]; then
  echo "wrote $written golden files in $golden, $failed failed"
else
  echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
