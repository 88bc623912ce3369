#!/usr/bin/env bash
# The C++ style of .clang-format, applied or checked with clang-format (Debian's clang-format, version 14).
#
# Usage:
#   scripts/format.sh                  reformat, in place, every C++ file under src/, include/, tests/, bench/, tools/
#   scripts/format.sh --check          change nothing; list the files clang-format would change and exit 1 if any
#   scripts/format.sh [--check] FILE...  the same for the files named only
#
# CLANG_FORMAT names another clang-format program. Another version than 14 may lay some lines out differently:
# the check is meant to be run with the version scripts/install-deps.sh installs.
set -euo pipefail
cd "$(dirname "$0")/.."

readonly DIRS=(src include tests bench tools)

usage() {
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
}

mode=fix
files=()
for arg in "$@"; do
  case "$arg" in
    --check) mode=check ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "format.sh: unknown option '$arg'" >&2; usage >&2; exit 2 ;;
    *) files+=("$arg") ;;
  esac
done

cf=${CLANG_FORMAT:-}
if [ -z "$cf" ]; then
  for c in clang-format-14 clang-format; do
    if command -v "$c" >/dev/null 2>&1; then cf=$c; break; fi
  done
fi
if [ -z "$cf" ]; then
  echo "format.sh: clang-format not found (scripts/install-deps.sh installs it)" >&2
  exit 2
fi

if [ ${#files[@]} -eq 0 ]; then
  dirs=()
  for d in "${DIRS[@]}"; do [ -d "$d" ] && dirs+=("$d"); done
  while IFS= read -r -d '' f; do files+=("$f"); done \
    < <(find "${dirs[@]}" -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \) -print0 | sort -z)
fi

if [ "$mode" = fix ]; then
  printf '%s\0' "${files[@]}" | xargs -0 -n 25 "$cf" -i --style=file
  echo "format.sh: formatted ${#files[@]} files"
  exit 0
fi

differ=0 lines=0
for f in "${files[@]}"; do
  if [ ! -f "$f" ]; then echo "format.sh: no file '$f'" >&2; exit 2; fi
  if ! out=$("$cf" --style=file "$f" | diff -U0 -- "$f" - ); then
    n=$(printf '%s\n' "$out" | grep -E '^[-+]' | grep -cvE '^(---|\+\+\+) ' || true)
    echo "$f: $n lines differ from the style"
    differ=$((differ + 1))
    lines=$((lines + n))
  fi
done
if [ "$differ" -gt 0 ]; then
  echo "format.sh: $differ of ${#files[@]} files differ from .clang-format ($lines lines); scripts/format.sh reformats them" >&2
  exit 1
fi
echo "format.sh: all ${#files[@]} files follow .clang-format"
