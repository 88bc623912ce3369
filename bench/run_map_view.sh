#!/usr/bin/env bash
# Builds the map view benchmark in build-bench-gui/ (RelWithDebInfo, with the GUI), runs it under xvfb-run five
# times and prints the medians: per pair and zoom, ours/baseline (below 1 means ours is faster), then the absolute
# frame times against the P5 targets (redraw <= 16 ms at any zoom, pan frame <= 4 ms).
# Usage: bench/run_map_view.sh [extra benchmark options, e.g. --benchmark_filter=Redraw]
# The raw JSON stays in build-bench-gui/map-view-results.json. Needs cmake, a compiler, libbenchmark-dev,
# wxWidgets 3.2, xvfb-run and jq.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
build="$root/build-bench-gui"
results="$build/map-view-results.json"

command -v jq >/dev/null || { echo "bench/run_map_view.sh: jq is needed to print the table" >&2; exit 1; }
command -v xvfb-run >/dev/null || { echo "bench/run_map_view.sh: xvfb-run is needed (package xvfb)" >&2; exit 1; }

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DETATMAJOR_BUILD_BENCH=ON \
    -DETATMAJOR_BUILD_GUI=ON -DETATMAJOR_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target etatmajor_map_view_bench >/dev/null

echo "running etatmajor_map_view_bench under xvfb-run (5 repetitions; a few minutes)..." >&2
NO_AT_BRIDGE=1 xvfb-run -a -s "-screen 0 1920x1200x24" "$build/bin/etatmajor_map_view_bench" \
    --benchmark_repetitions=5 --benchmark_report_aggregates_only=true --benchmark_format=json "$@" >"$results"

# pair (with its zoom), role, median ms per frame, counters.
rows=$(jq -r '
  def ms: .real_time * ({"ns": 1e-6, "us": 1e-3, "ms": 1, "s": 1e3}[.time_unit] // 1);
  .benchmarks[]
  | select(.error_occurred != true)
  | select(.aggregate_name == "median" or .run_type == "iteration")
  | (.run_name | sub("/real_time$"; "") | capture("^BM_(?<pair>[A-Za-z]+)_(?<role>Baseline|Ours)(?<args>.*)$")) as $n
  | [($n.pair + $n.args), $n.role, ms, (.tiles_per_frame // .tiles_per_edit // -1), (.visible_hexes // -1),
     (.cpu_time * ({"ns": 1e-6, "us": 1e-3, "ms": 1, "s": 1e3}[.time_unit] // 1))]
  | @tsv' "$results")

if [[ -z "$rows" ]]; then
    echo "bench/run_map_view.sh: no results in $results" >&2
    exit 1
fi

declare -A ms tiles visible cpu
pairs=()
while IFS=$'\t' read -r pair role t n v c; do
    ms[$pair/$role]=$t tiles[$pair/$role]=$n visible[$pair/$role]=$v cpu[$pair/$role]=$c
    [[ " ${pairs[*]} " == *" $pair "* ]] || pairs+=("$pair")
done <<<"$rows"

echo
echo "Frame times, medians (1920x1080; zoom = hex size in pixels; ours/baseline below 1 means ours is faster)"
printf '%-22s %12s %12s %12s %10s %10s  %s\n' "pair" "baseline ms" "ours ms" "ours CPU ms" "ours/base" "speed-up" "notes"
for pair in "${pairs[@]}"; do
    b=${ms[$pair/Baseline]:-} o=${ms[$pair/Ours]:-}
    [[ -n "$b" && -n "$o" ]] || continue
    note=""
    [[ "${visible[$pair/Ours]:--1}" != -1 ]] && note="visible hexes ${visible[$pair/Ours]%.*}"
    [[ "${tiles[$pair/Ours]:--1}" != -1 ]] && note="$note tiles rendered per frame/edit $(printf '%.2f' "${tiles[$pair/Ours]}")"
    printf '%-22s %12.3f %12.3f %12.3f %10.3f %9.1fx  %s\n' "$pair" "$b" "$o" "${cpu[$pair/Ours]:-0}" \
        "$(jq -n "$o / $b")" "$(jq -n "$b / $o")" "$note"
done
echo
echo "P5 targets: Redraw and ScreenRedraw (ours) <= 16 ms at every zoom; Pan and ScreenPan (ours) <= 4 ms."
echo "raw results: $results"
