#!/usr/bin/env bash
# etatmajor-cli map import (docs/cli.md, docs/formats/map.md "Importing real geography"): a region imports to a valid
# version-2 map that the schema accepts, the same bytes twice, towns of a gazetteer on their hexes; each refusal with
# its code and exit status, and nothing written.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/checks.sh"
cli=${1:?usage: map_import_test.sh CLI SOURCE_DIR WORK_DIR}
src=${2:?}
work=${3:?}
xmllint=${XMLLINT:-xmllint}
rm -rf "$work"; mkdir -p "$work"; cd "$work" || exit 1


region=37.0,-77.2,37.6,-76.2
expect_exit 0 "import the lower peninsula" "$cli" map import --region $region --km-per-hex 4 -o york.xml --id york --name "York" \
  --gazetteer "$src/maps/gazetteers/virginia-1781.xml"
grep -q '^york.xml: [0-9]* x [0-9]* hexes at 4 km a hex; sea [1-9]' out.txt && ok || { bad "the import's summary"; cat out.txt >&2; }
expect_exit 0 "the imported map validates" "$cli" map validate york.xml
grep -q '<map formatVersion="2"' york.xml && ok || bad "an imported map is version 2"
"$xmllint" --noout --schema "$src/schemas/map.xsd" york.xml 2>xsd.txt && ok || { bad "the imported map against map.xsd"; cat xsd.txt >&2; }
expect_exit 0 "map info --json of the imported map" "$cli" map info --json york.xml
[ "$(jq -r '.geo.projection' out.txt)" = "transverse_mercator" ] && ok || bad "map info shows the georeference"
[ "$(jq '[.urbanAreas[] | select(.id == "yorktown" or .id == "williamsburg")] | length' out.txt)" = "2" ] && ok \
  || bad "Yorktown and Williamsburg are placed from the gazetteer"
expect_exit 0 "the same import again" "$cli" map import --region $region --km-per-hex 4 -o york2.xml --id york --name "York" \
  --gazetteer "$src/maps/gazetteers/virginia-1781.xml"
cmp -s york.xml york2.xml && ok || bad "two imports of one region differ"
expect_exit 1 "an existing file is not replaced without --force" "$cli" map import --region $region --km-per-hex 4 -o york.xml
grep -q 'IO-EXISTS' err.txt && ok || bad "IO-EXISTS named"
expect_exit 0 "flat tops" "$cli" map import --region $region --km-per-hex 5 --orientation flat -o flat.xml
grep -q 'orientation="flat"' flat.xml && ok || bad "--orientation flat"

expect_exit 2 "a region of three numbers is a usage error" "$cli" map import --region 37,-77,38 --km-per-hex 8 -o r.xml
expect_exit 2 "an unknown orientation is a usage error" "$cli" map import --region $region --km-per-hex 8 --orientation round -o r.xml
expect_exit 1 "an empty region" "$cli" map import --region 37,-77,37,-76 --km-per-hex 8 -o r.xml
grep -q 'error GEO-REGION:' err.txt && ok || { bad "GEO-REGION named"; cat err.txt >&2; }
expect_exit 1 "a region beyond the poles' limit" "$cli" map import --region 81,-77,84,-76 --km-per-hex 8 -o r.xml
grep -q 'error GEO-REGION:' err.txt && ok || bad "GEO-REGION named for 81-84 N"
expect_exit 1 "a region too large" "$cli" map import --region 10,-100,40,-60 --km-per-hex 8 -o r.xml
grep -q 'GEO-REGION-TOO-LARGE' err.txt && ok || bad "GEO-REGION-TOO-LARGE named"
expect_exit 1 "too many hexes" "$cli" map import --region 30,-90,45,-75 --km-per-hex 1 -o r.xml
grep -q 'GEO-REGION-TOO-LARGE' err.txt && ok || bad "GEO-REGION-TOO-LARGE named for too many hexes"
expect_exit 1 "a scale of nothing" "$cli" map import --region $region --km-per-hex 0 -o r.xml
grep -q 'GEO-SCALE' err.txt && ok || bad "GEO-SCALE named"
mkdir -p empty
expect_exit 1 "no GSHHG data" "$cli" map import --region $region --km-per-hex 8 --gshhg-dir empty -o r.xml
grep -q 'GEO-GSHHG-MISSING' err.txt && ok || bad "GEO-GSHHG-MISSING named"
printf '<?xml version="1.0"?>\n<gazetteer formatVersion="1">\n<place id="x" name="X" lat="91" lon="0" size="town"/>\n</gazetteer>\n' > bad-gaz.xml
expect_exit 1 "a bad gazetteer" "$cli" map import --region $region --km-per-hex 8 --gazetteer bad-gaz.xml -o r.xml
grep -q '^bad-gaz.xml:3: error XML-ATTR-VALUE' err.txt && ok || { bad "the gazetteer's line named"; cat err.txt >&2; }
[ ! -e r.xml ] && ok || bad "a refused import wrote a file"

echo "map import: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
