#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs every test through CTest
# (unit, schema, CLI and the GUI under Xvfb); checks the sources' licence lines and layout; then builds the fuzz
# targets with clang and the sanitizers in build-fuzz and runs their short run, the CTest tests of label "fuzz" there
# (docs/fuzzing.md). Arguments go to both ctest runs (./test.sh -R gui runs only the tests whose names match "gui").
set -euo pipefail
cd "$(dirname "$0")"
case "${1:-}" in
    -h | --help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac

./scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DETATMAJOR_BUILD_GUI=ON -DETATMAJOR_BUILD_TESTS=ON
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
# Every C++ file carries the licence line and follows .clang-format (docs/development.md).
./scripts/spdx.sh --check
./scripts/format.sh --check
./scripts/fuzz.sh --build --jobs "$(nproc)"
ctest --test-dir build-fuzz --output-on-failure -j"$(nproc)" "$@"
