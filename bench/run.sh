#!/usr/bin/env bash
# Builds the benchmarks in build-bench/ (RelWithDebInfo), runs them five times and prints the medians:
# for each pair, ours/baseline per item (below 1 means ours is faster), then the absolute figures.
# Usage: bench/run.sh [extra etatmajor_bench options, e.g. --benchmark_filter=Dice]
# The raw JSON stays in build-bench/bench-results.json. Needs cmake, a compiler, libbenchmark-dev and jq.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
build="$root/build-bench"
results="$build/bench-results.json"

command -v jq >/dev/null || { echo "bench/run.sh: jq is needed to print the table" >&2; exit 1; }

# The GUI and the tests are not needed for the benchmarks; leaving them out keeps wxWidgets out of the build.
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DETATMAJOR_BUILD_BENCH=ON \
    -DETATMAJOR_BUILD_GUI=OFF -DETATMAJOR_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target etatmajor_bench >/dev/null

echo "running etatmajor_bench (5 repetitions; about a minute)..." >&2
"$build/bin/etatmajor_bench" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
    --benchmark_format=json "$@" >"$results"

# One line per benchmark: pair, role, median ns per iteration, items per iteration, bytes/s, cv of the time.
# Names are BM_<Pair>_<Baseline|Ours>/<options>; a run with a single repetition has no aggregates, so its
# plain row stands in for the median.
rows=$(jq -r '
  def ns: .real_time * ({"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[.time_unit] // 1);
  [.benchmarks[] | select(.error_occurred != true)] as $all
  | ($all | map(select(.aggregate_name == "cv") | {key: .run_name, value: .real_time}) | from_entries) as $cv
  | $all[]
  | select(.aggregate_name == "median" or .run_type == "iteration")
  | (.run_name | split("/")[0] | capture("^BM_(?<pair>.+)_(?<role>Baseline|Ours)$")) as $n
  | [$n.pair, $n.role, ns, (.per_iter // 1), (.bytes_per_second // 0), ($cv[.run_name] // -1)]
  | @tsv' "$results")

if [[ -z "$rows" ]]; then
    echo "bench/run.sh: no results in $results" >&2
    exit 1
fi

# Floating-point arithmetic through jq (bash has none): calc EXPR NAME=VALUE...
calc() {
    local expr=$1 args=()
    shift
    for kv in "$@"; do args+=(--argjson "${kv%%=*}" "${kv#*=}"); done
    jq -rn "${args[@]}" "$expr"
}

# A duration given in nanoseconds, with three significant figures and a unit that keeps it below 1000.
fmt_time() {
    local scaled unit
    read -r scaled unit < <(calc 'if $t >= 1e9 then "\($t / 1e9) s" elif $t >= 1e6 then "\($t / 1e6) ms"
                                  elif $t >= 1e3 then "\($t / 1e3) us" else "\($t) ns" end' "t=$1")
    printf '%.3g %s' "$scaled" "$unit"
}

declare -A time_ns per_iter bytes_s cv
pairs=()
while IFS=$'\t' read -r pair role t n b c; do
    key="$pair/$role"
    time_ns[$key]=$t per_iter[$key]=$n bytes_s[$key]=$b cv[$key]=$c
    [[ " ${pairs[*]} " == *" $pair "* ]] || pairs+=("$pair")
done <<<"$rows"

echo
echo "Ratios (medians, wall-clock time per item; ours/baseline below 1 means ours is faster)"
printf '%-16s %16s %16s %12s  %s\n' "pair" "baseline/item" "ours/item" "ours/base" "speed-up"
for pair in "${pairs[@]}"; do
    b="$pair/Baseline" o="$pair/Ours"
    [[ -n "${time_ns[$b]:-}" && -n "${time_ns[$o]:-}" ]] || continue
    read -r bi oi ratio < <(calc '($bt / $bn) as $bi | ($ot / $on) as $oi | "\($bi) \($oi) \($oi / $bi)"' \
        "bt=${time_ns[$b]}" "bn=${per_iter[$b]}" "ot=${time_ns[$o]}" "on=${per_iter[$o]}")
    verdict=$(calc 'if $r <= 1 then "\(1 / $r) faster" else "\($r) slower" end' "r=$ratio")
    printf '%-16s %16s %16s %12.3f  %.3gx %s\n' "$pair" "$(fmt_time "$bi")" "$(fmt_time "$oi")" "$ratio" \
        "${verdict%% *}" "${verdict#* }"
done

echo
echo "Absolute figures (median of the repetitions; cv = coefficient of variation of the time)"
printf '%-26s %12s %10s %14s %12s %7s\n' "benchmark" "per iter" "items/iter" "per item" "MB/s" "cv"
for pair in "${pairs[@]}"; do
    for role in Baseline Ours; do
        key="$pair/$role"
        [[ -n "${time_ns[$key]:-}" ]] || continue
        item_ns=$(calc '$t / $n' "t=${time_ns[$key]}" "n=${per_iter[$key]}")
        mbs="-"
        [[ "${bytes_s[$key]}" == 0 ]] || mbs=$(printf '%.1f' "$(calc '$b / 1e6' "b=${bytes_s[$key]}")")
        cvp="-"
        [[ "${cv[$key]}" == -1 ]] || cvp=$(printf '%.1f%%' "$(calc '$c * 100' "c=${cv[$key]}")")
        printf '%-26s %12s %10s %14s %12s %7s\n' "$pair $role" "$(fmt_time "${time_ns[$key]}")" \
            "$(printf '%.0f' "${per_iter[$key]}")" "$(fmt_time "$item_ns")" "$mbs" "$cvp"
    done
done
echo
echo "raw results: $results"
