#!/usr/bin/env bash
# Every shipped and test XML file validates against its XSD with xmllint.
# Error files under tests/data/errors/ are checked by the core validator instead (many are XSD-valid on purpose).
set -u
root=${1:?usage: xsd_check.sh SOURCE_DIR}
xmllint=${XMLLINT:-xmllint}
failed=0
checked=0
check() {
  local schema=$1; shift
  for f in "$@"; do
    [ -e "$f" ] || continue
    if "$xmllint" --noout --schema "$root/schemas/$schema" "$f" 2>/tmp/xsd_check.$$; then
      checked=$((checked + 1))
    else
      cat /tmp/xsd_check.$$ >&2
      failed=$((failed + 1))
    fi
  done
}
check map.xsd "$root"/maps/*.xml "$root"/tests/data/maps/*.xml "$root"/tests/data/encodings/map-*.xml
check campaign.xsd "$root"/campaigns/*.xml "$root"/tests/data/campaigns/*.xml "$root"/tests/data/encodings/campaign-*.xml
check purchase.xsd "$root"/tests/data/purchases/*.xml
check orders.xsd "$root"/tests/data/orders/*.xml
check battle.xsd "$root"/campaigns/battles/*.xml "$root"/tests/data/battles/*.xml "$root"/tests/data/encodings/battle-*.xml
check battle-result.xsd "$root"/tests/data/battle-results/*.xml
check gazetteer.xsd "$root"/maps/gazetteers/*.xml
rm -f /tmp/xsd_check.$$
# The schemas themselves must be well-formed XSD.
for s in "$root"/schemas/*.xsd; do
  "$xmllint" --noout "$s" || failed=$((failed + 1))
done
# A file with a misspelled element must be refused by the schema too.
if "$xmllint" --noout --schema "$root/schemas/map.xsd" "$root/tests/data/errors/map-misspelled-element.xml" 2>/dev/null; then
  echo "xmllint accepted a map with a misspelled element" >&2
  failed=$((failed + 1))
fi
echo "$checked files valid against their schemas, $failed failures"
[ "$checked" -ge 4 ] && [ "$failed" -eq 0 ]
