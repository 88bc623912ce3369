#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs every test through CTest
# (unit, schema, CLI and the GUI under Xvfb), then checks the sources' licence lines and layout.
set -euo pipefail
cd "$(dirname "$0")"

./scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DETATMAJOR_BUILD_GUI=ON -DETATMAJOR_BUILD_TESTS=ON
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
# Every C++ file carries the licence line and follows .clang-format (docs/development.md).
./scripts/spdx.sh --check
./scripts/format.sh --check
