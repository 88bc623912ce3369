#!/usr/bin/env bash
# Play by e-mail on the command line (docs/pbem.md): keys, turn packets, sealed orders and shares, and every packet or
# key the commands must refuse, each with its code, the file it names, exit status 1 and nothing changed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/checks.sh"
cli=${1:?usage: pbem_test.sh CLI SOURCE_DIR WORK_DIR}
src=${2:?}
work=${3:?}
rm -rf "$work"; mkdir -p "$work"; cd "$work" || exit 1

says() { # description pattern
  if grep -qE "$2" out.txt err.txt; then ok; else bad "$1: no '$2' in what was printed"; cat out.txt err.txt >&2; fi
}
dump() { sqlite3 c.db "SELECT COUNT(*) FROM command_log; SELECT COUNT(*) FROM pbem_seen;" | tr '\n' ' '; }

printf 'the passphrase of our keys\n' > pass
printf 'not the passphrase at all\n' > wrong
k=(--key-password-file pass)
for who in host british american; do expect_exit 0 "key new $who" "$cli" key new --who $who -o $who.key "${k[@]}"; done
expect_exit 1 "key new over an existing file" "$cli" key new --who british -o british.key "${k[@]}"
says "key new over an existing file" "FILE-EXISTS"
printf 'short\n' > short
expect_exit 1 "key new, a passphrase too short" "$cli" key new --who x -o x.key --key-password-file short
[ ! -e x.key ] && ok || bad "a refused key file was written"
expect_exit 1 "key new, not an id" "$cli" key new --who 'a b' -o ab.key "${k[@]}"
says "key new, not an id" "KEY-WHO"
[ "$(stat -c %a british.key)" = 600 ] && ok || bad "the key file is readable by others"

expect_exit 0 "campaign new with keys" "$cli" campaign new --scenario "$src/campaigns/southern-1780.xml" --db c.db --seed 9 \
  --key host.key.pub --key british.key.pub --key american.key.pub
expect_exit 1 "a key given twice" "$cli" campaign key --db c.db --key british.key.pub
says "a key given twice" "PBEM-KEY-SET"
for i in $(seq 1 20); do "$cli" advance --db c.db >out.txt 2>&1; grep -q ORDERS-MISSING out.txt && break; done

expect_exit 0 "turn export" "$cli" turn export --db c.db --side british --key host.key "${k[@]}" -o b.pkt
expect_exit 1 "turn export with a side's key as the host's" "$cli" turn export --db c.db --side british --key british.key "${k[@]}" -o x.pkt
says "turn export with a side's key" "PBEM-WRONG-KEY"
expect_exit 1 "turn export, wrong key passphrase" "$cli" turn export --db c.db --side american --key host.key --key-password-file wrong -o x.pkt
says "wrong key passphrase" "KEY-PASSPHRASE.*host.key"
expect_exit 0 "turn export (american)" "$cli" turn export --db c.db --side american --key host.key "${k[@]}" -o a.pkt
expect_exit 1 "turn show of the other side's packet" "$cli" turn show --packet a.pkt --key british.key "${k[@]}"
says "the other side's packet" "PACKET-NOT-FOR-YOU"
expect_exit 1 "turn show against another host key" "$cli" turn show --packet b.pkt --key british.key "${k[@]}" --host-key american.key.pub
says "another host key" "PACKET-WRONG-SIGNER"
expect_exit 2 "turn show, no such view" "$cli" turn show --packet b.pkt --key british.key "${k[@]}" --view nonsense
expect_exit 0 "turn show status" "$cli" turn show --packet b.pkt --key british.key "${k[@]}" --host-key host.key.pub
says "turn show status" "View: british"
expect_exit 0 "turn show template" "$cli" turn show --packet b.pkt --key british.key "${k[@]}" --view template
cp out.txt b-orders.xml
"$cli" turn show --packet a.pkt --key american.key "${k[@]}" --view template > a-orders.xml 2>/dev/null
expect_exit 1 "orders seal, the other side's orders" "$cli" orders seal --packet b.pkt --key british.key "${k[@]}" --orders a-orders.xml -o x.pkt
says "the other side's orders" "a-orders.xml.*ORDERS-MISMATCH"
expect_exit 0 "orders seal" "$cli" orders seal --packet b.pkt --key british.key "${k[@]}" --orders b-orders.xml -o b-orders.pkt
expect_exit 0 "orders seal (american)" "$cli" orders seal --packet a.pkt --key american.key "${k[@]}" --orders a-orders.xml -o a-orders.pkt
expect_exit 1 "orders reveal before every side has committed" "$cli" orders reveal --packet b.pkt --key british.key "${k[@]}" -o x.pkt
says "reveal too early" "DICE-NOT-READY"

# A changed byte, a cut file, a file that is no packet: refused with the file named, and nothing taken in.
before=$(dump)
sed '5s/./X/3' b-orders.pkt > changed.pkt
expect_exit 1 "turn import, one byte changed" "$cli" turn import --db c.db --key host.key "${k[@]}" changed.pkt
says "one byte changed" "changed.pkt.*PACKET-ALTERED"
head -3 b-orders.pkt > cut.pkt
expect_exit 1 "turn import, a cut packet" "$cli" turn import --db c.db --key host.key "${k[@]}" cut.pkt
says "a cut packet" "cut.pkt.*PACKET-ALTERED"
expect_exit 1 "turn import, not a packet" "$cli" turn import --db c.db --key host.key "${k[@]}" b-orders.xml
says "not a packet" "b-orders.xml.*PACKET-FORMAT"
no_raw "turn import, not a packet"
[ "$(dump)" = "$before" ] && ok || bad "a refused packet changed the campaign"

expect_exit 0 "turn import" "$cli" turn import --db c.db --key host.key "${k[@]}" b-orders.pkt a-orders.pkt
expect_exit 1 "turn import, the same packet again" "$cli" turn import --db c.db --key host.key "${k[@]}" b-orders.pkt
says "the same packet again" "PACKET-REPLAYED"
expect_exit 1 "advance before the shares" "$cli" advance --db c.db
says "advance before the shares" "DICE-NOT-REVEALED"

"$cli" turn export --db c.db --side british --key host.key "${k[@]}" -o b2.pkt >/dev/null 2>&1
"$cli" turn export --db c.db --side american --key host.key "${k[@]}" -o a2.pkt >/dev/null 2>&1
expect_exit 0 "turn show dice" "$cli" turn show --packet b2.pkt --key british.key "${k[@]}" --view dice
says "turn show dice" "every side has committed"
expect_exit 0 "orders reveal" "$cli" orders reveal --packet b2.pkt --key british.key "${k[@]}" -o b-reveal.pkt
expect_exit 0 "orders reveal (american)" "$cli" orders reveal --packet a2.pkt --key american.key "${k[@]}" -o a-reveal.pkt
expect_exit 0 "turn import of the shares" "$cli" turn import --db c.db --key host.key "${k[@]}" b-reveal.pkt a-reveal.pkt
expect_exit 0 "advance once the shares are in" "$cli" advance --db c.db
says "advance once the shares are in" "D2 Orders"
expect_exit 0 "campaign audit" "$cli" campaign audit --db c.db --packet b.pkt --packet b2.pkt
says "campaign audit" "^verified"
expect_exit 0 "campaign audit --json" "$cli" campaign audit --db c.db --json
says "campaign audit --json" '"verified": true'

# A campaign changed behind the program's back: the audit reads it whatever its checksum says, and names the change.
cp c.db bad.db
sqlite3 bad.db "UPDATE event_log SET result = result + 1 WHERE seq = (SELECT MAX(seq) FROM event_log)"
expect_exit 1 "campaign audit, a die changed" "$cli" campaign audit --db bad.db
says "a die changed" "NOT VERIFIED: record [0-9]+ .*a die was changed"
expect_exit 1 "campaign audit, no such file" "$cli" campaign audit --db nothing.db
says "no such file" "DB-NOT-FOUND"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
