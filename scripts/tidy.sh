#!/usr/bin/env bash
# clang-tidy (the checks of .clang-tidy) on the C++ sources a branch changed against a base ref.
#
# Usage:
#   scripts/tidy.sh [BASE]        the .cpp files changed between BASE (default: main) and the work tree
#   scripts/tidy.sh --all         every .cpp file of the compilation database
#
# The compile commands come from BUILD_DIR/compile_commands.json (BUILD_DIR defaults to build; CMake writes it, see
# CMAKE_EXPORT_COMPILE_COMMANDS). A changed header is checked only through the sources checked that include it
# (HeaderFilterRegex of .clang-tidy). Exit status: 0 no warning, 1 warnings (listed), 2 usage or set-up error.
# CLANG_TIDY names another clang-tidy program; JOBS the number of files checked at once (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
}

base=main all=0
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  --all) all=1 ;;
  -*) echo "tidy.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  "") ;;
  *) base=$1 ;;
esac

build=${BUILD_DIR:-build}
if [ ! -f "$build/compile_commands.json" ]; then
  echo "tidy.sh: no $build/compile_commands.json; configure the build first (see README.md)" >&2
  exit 2
fi
ct=${CLANG_TIDY:-}
if [ -z "$ct" ]; then
  for c in clang-tidy-14 clang-tidy; do
    if command -v "$c" >/dev/null 2>&1; then ct=$c; break; fi
  done
fi
[ -n "$ct" ] || { echo "tidy.sh: clang-tidy not found (scripts/install-deps.sh installs it)" >&2; exit 2; }

# The sources the compilation database knows, relative to the top directory.
top=$(pwd -P)
known=$(jq -r '.[].file' "$build/compile_commands.json" | sed "s|^$top/||" | sort -u)

if [ "$all" = 1 ]; then
  files=$(printf '%s\n' "$known" | grep -E '\.cpp$' || true)
else
  git rev-parse --verify -q "$base^{commit}" >/dev/null || { echo "tidy.sh: no commit '$base'" >&2; exit 2; }
  changed=$( { git diff --name-only --diff-filter=d "$(git merge-base "$base" HEAD)" -- '*.cpp' '*.hpp' '*.h';
               git ls-files --others --exclude-standard -- '*.cpp' '*.hpp' '*.h'; } | sort -u)
  files=$(comm -12 <(printf '%s\n' "$changed" | grep -E '\.cpp$' || true) <(printf '%s\n' "$known"))
fi
if [ -z "$files" ]; then
  echo "tidy.sh: no changed source file to check"
  exit 0
fi

n=$(printf '%s\n' "$files" | wc -l)
echo "tidy.sh: checking $n files with $ct" >&2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# One log per file (the jobs run at once), read back in the files' order. The compile commands are GCC's: clang
# does not know some of their warning options (-Wno-restrict), and -Werror would turn the compiler's own warnings
# into errors of clang-tidy's report.
printf '%s\n' "$files" | xargs -P "${JOBS:-2}" -I{} sh -c \
  '"$0" -p "$1" --quiet --extra-arg=-Wno-unknown-warning-option --extra-arg=-Wno-error "$3" \
     > "$2/$(printf %s "$3" | tr / _).log" 2>/dev/null || true' "$ct" "$build" "$out" {}
warnings=0
while IFS= read -r f; do
  logf="$out/$(printf %s "$f" | tr / _).log"
  if grep -qE ': (warning|error): ' "$logf"; then
    cat "$logf"
    warnings=$((warnings + $(grep -cE ': (warning|error): ' "$logf")))
  fi
done <<< "$files"
if [ "$warnings" -gt 0 ]; then
  echo "tidy.sh: $warnings warnings in $n files (a header's warning is counted once for each file including it)" >&2
  exit 1
fi
echo "tidy.sh: no warning in $n files"
