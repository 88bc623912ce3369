#!/usr/bin/env bash
# Installs every Debian 12 package that building, running and testing Etat-Major needs.
# Idempotent: packages already present are left alone; apt-get runs only when something is missing.
set -euo pipefail

PACKAGES=(
  build-essential cmake pkg-config git
  libboost-dev libboost-graph-dev
  libsqlite3-dev libsqlitecpp-dev sqlite3
  libtinyxml2-dev
  libcli11-dev nlohmann-json3-dev
  catch2 libbenchmark-dev
  libxml2-utils
  libwxgtk3.2-dev
  xvfb xauth x11-apps
  jq
  clang-format clang-tidy
  libcairo2-dev libpango1.0-dev poppler-utils
  # DejaVu Sans Condensed: the hex numbers of the printed map (docs/papers.md)
  fonts-dejavu-core fonts-dejavu-extra
  libsodium-dev
  libcpp-httplib-dev libssl-dev
  # the map importer (docs/formats/map.md, "Importing real geography"): GMT's C API reads the GSHHG shorelines and
  # WDBII rivers (high resolution); the gmt program is handy for checking an import by hand
  gmt libgmt-dev gmt-gshhg-high
  # the fuzz build (docs/fuzzing.md): clang, its runtime (libFuzzer and the sanitizers: libclang_rt.fuzzer-*.a in
  # libclang-rt-<version>-dev) and llvm-symbolizer for readable sanitizer reports
  clang libclang-rt-dev llvm
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "install-deps: missing packages (${missing[*]}) and not root; install them or run as root" >&2
    exit 1
  fi
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
