#!/usr/bin/env bash
# The campaign server's stress runs at full count (docs/server.md): 10,000 malformed, oversized and garbage requests,
# and 50 SIGKILLs at random moments of a day's run, each restart checked against the uninterrupted state. The test
# suite runs the same tests with smaller counts. Usage: scripts/server-stress.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
tests="$build/bin/etatmajor_server_tests"
[ -x "$tests" ] || { echo "server-stress: build the target etatmajor_server_tests first ($tests)" >&2; exit 2; }
cd "$(dirname "$0")/.."
ETATMAJOR_SERVER_FUZZ=${ETATMAJOR_SERVER_FUZZ:-10000} "$tests" "server: malformed*"
ETATMAJOR_SERVER_KILLS=${ETATMAJOR_SERVER_KILLS:-50} "$tests" "server: killed*"
