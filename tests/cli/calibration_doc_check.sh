#!/usr/bin/env bash
# docs/calibration.md is generated whole by `etatmajor-cli battle calibrate`: this runs its command line again, in a
# directory of its own that sees the source's battle files, and fails when the result differs from the committed file.
set -u
cli=${1:?usage: calibration_doc_check.sh CLI SOURCE_DIR WORK_DIR}
src=${2:?}
work=${3:?}
command="battle calibrate --dir campaigns/battles --runs 500 --seed 1 --markdown docs/calibration.md"
rm -rf "$work"; mkdir -p "$work/docs" || exit 1
ln -s "$src/campaigns" "$work/campaigns" || exit 1
cd "$work" || exit 1
# shellcheck disable=SC2086 # the command line is split into its words on purpose
if ! "$cli" $command >calibrate.out 2>calibrate.err; then
  echo "etatmajor-cli $command failed:" >&2
  cat calibrate.err >&2
  exit 1
fi
if ! diff -u "$src/docs/calibration.md" docs/calibration.md; then
  echo "docs/calibration.md is not what the resolver and the battle files give now. Regenerate it from the source" >&2
  echo "directory with the build's etatmajor-cli and commit the result:" >&2
  echo "  etatmajor-cli $command" >&2
  exit 1
fi
cd / && rm -rf "$work"
