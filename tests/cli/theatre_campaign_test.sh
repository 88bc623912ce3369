#!/usr/bin/env bash
# A shipped campaign played through the command line: it validates, a database is created, four weeks run with each
# side's template orders (one ME of the attacking side marching on the enemy along the given path of hexes, each day
# from where it stands, so that one battle is fought and resolved whatever the order-receipt rolls), and the status
# of each side shows that side's MEs, the host's both.
# Usage: theatre_campaign_test.sh CLI SOURCE_DIR WORK_DIR CAMPAIGN SIDE ME "HEX HEX ..."
set -u
. "$(dirname "${BASH_SOURCE[0]}")/checks.sh"
cli=${1:?usage: theatre_campaign_test.sh CLI SOURCE_DIR WORK_DIR CAMPAIGN SIDE ME PATH}
src=${2:?}
work=${3:?}
campaign=${4:?}
attacker=${5:?}
me=${6:?}
path=${7:?}
rm -rf "$work"; mkdir -p "$work"; cd "$work" || exit 1


scenario="$src/campaigns/$campaign.xml"
expect_exit 0 "campaign validate $campaign" "$cli" campaign validate "$scenario"
expect_exit 0 "map validate of its map" "$cli" map validate "$src/maps/$campaign.xml"
expect_exit 0 "campaign new $campaign" "$cli" campaign new --scenario "$scenario" --db war.db --seed 11
sides=$(jq -r '.sides[].id' <("$cli" status --db war.db --json))
[ "$(echo "$sides" | wc -w)" -eq 2 ] && ok || bad "two sides in the campaign ($sides)"

# The status of each side lists that side's own MEs, and the host's status every ME of both.
for side in $sides; do
  expect_exit 0 "status --side $side" "$cli" status --db war.db --side "$side" --json
  n=$(jq "[.sides[] | select(.id == \"$side\") | .mes[]] | length" out.txt)
  [ "$n" -ge 2 ] && ok || bad "status --side $side shows its MEs ($n)"
done
expect_exit 0 "the host's status" "$cli" status --db war.db --json
for side in $sides; do
  [ "$(jq "[.sides[] | select(.id == \"$side\") | .mes[]] | length" out.txt)" -ge 2 ] && ok || bad "the host sees $side's MEs"
done

day=0
start=""
while :; do
  week=$(jq -r '.campaign.week' <("$cli" status --db war.db --json))
  [ "$week" -gt 4 ] && break
  for side in $sides; do
    "$cli" orders template --db war.db --side "$side" -o orders.xml >/dev/null 2>err.txt || { bad "orders template $side"; cat err.txt >&2; }
    # The rest of the path from the attacker's hex; none once it is at the end or off the path (after a battle).
    rest=""
    if [ "$side" = "$attacker" ] && [ "$day" -lt 7 ]; then
      at=$(jq -r ".sides[] | select(.id == \"$side\") | .mes[] | select(.id == \"$me\") | .hex" \
        <("$cli" status --db war.db --side "$side" --json))
      rest=$(echo " $path " | awk -v at="$at" '{ n = split($0, h, " "); out = ""; seen = 0
        for (i = 1; i <= n; i++) { if (seen) out = out (out == "" ? "" : " ") h[i]; if (h[i] == at) seen = 1 }
        print out }')
      [ "$day" -eq 0 ] && start=$at
      [ "$at" = "$start" ] && rest=$path
    fi
    if [ -n "$rest" ]; then
      awk -v me="$me" -v path="$rest" '
        index($0, "me=\"" me "\"") { mine = 1; sub(/mode="[a-z_]*"/, "mode=\"march\"") }
        mine && /<path><\/path>/ { sub(/<path><\/path>/, "<path>" path "</path>"); mine = 0 }
        { print }' orders.xml > given.xml
    else
      cp orders.xml given.xml
    fi
    "$cli" orders submit --db war.db --side "$side" --file given.xml >/dev/null 2>err.txt || { bad "orders submit $side (week $week)"; cat err.txt >&2; }
  done
  "$cli" advance --db war.db --day >/dev/null 2>err.txt || { bad "advance --day (week $week)"; cat err.txt >&2; break; }
  day=$((day + 1))
  [ "$day" -gt 40 ] && { bad "four weeks did not end in 40 days"; break; }
done
[ "$day" -ge 28 ] && ok || bad "four weeks of days ran ($day)"
expect_exit 0 "status after four weeks" "$cli" status --db war.db --json
[ "$(jq -r '.campaign.week' out.txt)" = "5" ] && ok || bad "the campaign stands in week 5 ($(jq -r '.campaign.week' out.txt))"
expect_exit 0 "battle list" "$cli" battle list --db war.db --json
[ "$(jq '[.[] | select(.status == "resolved")] | length' out.txt)" -ge 1 ] && ok || bad "a battle was fought and resolved"
for side in $sides; do
  expect_exit 0 "status --side $side after four weeks" "$cli" status --db war.db --side "$side"
  grep -q "^   ME " out.txt && ok || bad "status --side $side lists its MEs after four weeks"
done
expect_exit 0 "campaign check" "$cli" campaign check --db war.db

echo "$campaign: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
