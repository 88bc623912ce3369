#!/usr/bin/env bash
# Two commands at once on one campaign (docs/cli.md "Two commands at once"): `advance --day` started together with
# the day's `orders submit` (and the other side's `orders stand-fast`), RACES times. Each command waits for the
# other's transaction instead of failing: no command may fail on the database ("in use", "locked", a damaged or
# mismatched state), the orders are always taken, and the day is run whole. The advance either runs the day (the
# orders were in before its orders phase) or stops at the orders phase with ORDERS-MISSING, as it does alone when the
# orders are not in yet; it is then run again and must run the day.
set -u
cli=${1:?usage: race_test.sh CLI SOURCE_DIR WORK_DIR [RACES]}
src=${2:?}
work=${3:?}
races=${4:-200}
rm -rf "$work"; mkdir -p "$work"; cd "$work" || exit 1

failed=0
bad() { failed=$((failed + 1)); echo "FAILED: $*" >&2; }

# A small campaign: six weeks. Each race plays one day; a fresh copy is taken before the campaign would end. Blue's
# orders are the template of the first day, dated for each day (its one ME stays where it is).
"$cli" campaign new --scenario "$src/tests/data/campaigns/small.xml" --db fresh.db --seed 9 >/dev/null || { echo "campaign new failed" >&2; exit 1; }
"$cli" orders template --db fresh.db --side blue -o template.xml >/dev/null || { echo "orders template failed" >&2; exit 1; }
grep -q 'week="1" day="1"' template.xml || { echo "the template is not dated week 1 day 1" >&2; exit 1; }
fresh() { rm -f race.db race.db-wal race.db-shm; cp fresh.db race.db; days=0; }
fresh

advanced_first=0 orders_first=0
start=$(date +%s)
for ((i = 1; i <= races; i++)); do
  [ "$days" -ge 35 ] && fresh
  sed "s/week=\"1\" day=\"1\"/week=\"$((days / 7 + 1))\" day=\"$((days % 7 + 1))\"/" template.xml > blue.xml
  "$cli" orders submit --db race.db --side blue --file blue.xml >sub.out 2>sub.err & sub=$!
  "$cli" orders stand-fast --db race.db --side red >sf.out 2>sf.err & sf=$!
  "$cli" advance --db race.db --day >adv.out 2>adv.err & adv=$!
  wait "$adv"; adv_rc=$?
  wait "$sub"; sub_rc=$?
  wait "$sf"; sf_rc=$?
  [ "$sub_rc" -eq 0 ] || { bad "race $i: orders submit exit $sub_rc"; cat sub.err >&2; }
  [ "$sf_rc" -eq 0 ] || { bad "race $i: orders stand-fast exit $sf_rc"; cat sf.err >&2; }
  if [ "$adv_rc" -eq 0 ]; then
    orders_first=$((orders_first + 1))
  elif [ "$adv_rc" -eq 1 ] && grep -q "error ORDERS-MISSING" adv.err && [ "$(grep -c error adv.err)" -eq 1 ]; then
    advanced_first=$((advanced_first + 1))
    "$cli" advance --db race.db --day >adv.out 2>adv.err || { bad "race $i: advance after the orders"; cat adv.err >&2; }
  else
    bad "race $i: advance exit $adv_rc"; cat adv.err >&2
  fi
  if grep -Eqi "locked|busy|in use|DB-" adv.err sub.err sf.err; then bad "race $i: a database failure"; cat adv.err sub.err sf.err >&2; fi
  grep -q "D12 End of day" adv.out || bad "race $i: the day was not run to its end"
  days=$((days + 1))
  [ "$failed" -gt 5 ] && break
done
"$cli" campaign check --db race.db >check.out 2>check.err || { bad "campaign check after the races"; cat check.err >&2; }

echo "race_test: $races races in $(( $(date +%s) - start )) s: the orders were in first $orders_first times, the advance reached the orders phase first $advanced_first times; $failed failed"
[ "$failed" -eq 0 ]
