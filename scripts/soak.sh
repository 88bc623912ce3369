#!/usr/bin/env bash
# The long soak: a hundred whole campaigns of the bundled campaign played by the campaign bot, the campaign's
# invariants checked after every phase. Needs a build with tests (./test.sh builds one).
#   scripts/soak.sh [CAMPAIGNS] [FIRST_SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
campaigns=${1:-100}
first=${2:-1}
cmake --build build -j"$(nproc)" --target etatmajor-bot >/dev/null
exec build/bin/etatmajor-bot --campaigns "$campaigns" --first-seed "$first"
