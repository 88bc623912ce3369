#!/usr/bin/env bash
# The licence identifier on the first line of every C++ source and header of the project (LICENSE holds the text):
#
#   // SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage:
#   scripts/spdx.sh           put the line first in every file under src/, include/, tests/, bench/ and tools/ that
#                             lacks it (files already carrying it are left byte for byte as they are)
#   scripts/spdx.sh --check   change nothing; list the files without it and exit 1 if there is any
#
# Files: *.cpp, *.hpp, *.h and *.hpp.in. A file that names another licence on its first line, or carries an SPDX line
# further down, is reported and left alone in both modes (exit 1): a person decides what it should say.
set -euo pipefail
cd "$(dirname "$0")/.."

readonly LINE='// SPDX-License-Identifier: GPL-3.0-or-later'
readonly DIRS=(src include tests bench tools)

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
}

mode=fix
case "${1:-}" in
  "") ;;
  --check) mode=check ;;
  -h|--help) usage; exit 0 ;;
  *) echo "spdx.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
esac

dirs=()
for d in "${DIRS[@]}"; do [ -d "$d" ] && dirs+=("$d"); done

missing=0 added=0 odd=0 total=0
while IFS= read -r -d '' f; do
  total=$((total + 1))
  first=$(head -n 1 -- "$f")
  [ "$first" = "$LINE" ] && continue
  if [[ "$first" == *SPDX-License-Identifier* ]] || head -n 20 -- "$f" | grep -q 'SPDX-License-Identifier'; then
    echo "$f: has an SPDX line that is not '$LINE' on line 1" >&2
    odd=$((odd + 1))
    continue
  fi
  if [ "$mode" = check ]; then
    echo "$f"
    missing=$((missing + 1))
  else
    tmp=$(mktemp)
    { printf '%s\n' "$LINE"; cat -- "$f"; } > "$tmp"
    cat -- "$tmp" > "$f"  # keeps the file's mode and inode
    rm -f -- "$tmp"
    added=$((added + 1))
  fi
done < <(find "${dirs[@]}" -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' -o -name '*.hpp.in' \) -print0 | sort -z)

if [ "$mode" = check ]; then
  if [ "$missing" -gt 0 ] || [ "$odd" -gt 0 ]; then
    extra=""
    [ "$odd" -eq 0 ] || extra=", $odd carry another SPDX line"
    echo "spdx.sh: $missing of $total files lack the licence line$extra (scripts/spdx.sh adds it)" >&2
    exit 1
  fi
  echo "spdx.sh: all $total files carry the licence line"
else
  echo "spdx.sh: added the licence line to $added of $total files"
  [ "$odd" -eq 0 ] || exit 1
fi
