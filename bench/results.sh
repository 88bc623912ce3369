#!/usr/bin/env bash
# Runs every benchmark of the product's paths and writes bench/RESULTS.md: for each target of the performance guide
# (P1-P7), the figure measured, the baseline run beside it, their ratio, and whether the target is met.
#
# Usage: bench/results.sh [--gui] [--callgrind] [--repetitions N] [--output FILE]
#   --gui          also build the GUI and run the map view benchmark under xvfb-run (P5); without it P5 is "not run"
#   --callgrind    also count the instructions of one theatre day under valgrind (P2; several minutes)
#   --repetitions  repetitions of each benchmark with free iteration counts (default 5)
#   --output       where to write the table (default bench/RESULTS.md)
# Builds in build-bench/ (and build-bench-gui/ with --gui), RelWithDebInfo. Needs cmake, a compiler,
# libbenchmark-dev and jq; --gui needs xvfb-run, --callgrind valgrind. The raw JSON stays in build-bench/results/.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
build="$root/build-bench"
out_dir="$build/results"
output="$here/RESULTS.md"
gui=0
callgrind=0
reps=5

usage() { sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --gui) gui=1 ;;
        --callgrind) callgrind=1 ;;
        --repetitions)
            [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || { echo "bench/results.sh: --repetitions needs a whole number above 0" >&2; exit 2; }
            reps=$2
            shift ;;
        --output)
            [[ $# -ge 2 && -n "$2" ]] || { echo "bench/results.sh: --output needs a file name" >&2; exit 2; }
            output=$2
            shift ;;
        -h | --help) usage; exit 0 ;;
        *) echo "bench/results.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
    esac
    shift
done

command -v jq >/dev/null || { echo "bench/results.sh: jq is needed (scripts/install-deps.sh installs it)" >&2; exit 2; }
if [[ $gui -eq 1 ]] && ! command -v xvfb-run >/dev/null; then
    echo "bench/results.sh: --gui needs xvfb-run (package xvfb)" >&2
    exit 2
fi
if [[ $callgrind -eq 1 ]] && ! command -v valgrind >/dev/null; then
    echo "bench/results.sh: --callgrind needs valgrind" >&2
    exit 2
fi

mkdir -p "$out_dir"
jobs=$(nproc)
echo "building the benchmarks in build-bench/..." >&2
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DETATMAJOR_BUILD_BENCH=ON \
    -DETATMAJOR_BUILD_GUI=OFF -DETATMAJOR_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$jobs" --target etatmajor_bench etatmajor_battle_bench etatmajor_day_bench \
    etatmajor_open_bench >/dev/null

# The databases the day and open benchmarks write belong on a real disk (fsync is part of what they pay).
export TMPDIR=${TMPDIR:-/var/tmp}
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

run() {  # run NAME PROGRAM [options...]: one benchmark program, its JSON kept as results/NAME.json
    local name=$1 program=$2
    shift 2
    echo "running $program $*..." >&2
    "$build/bin/$program" --benchmark_format=json --benchmark_out_format=json --benchmark_out="$out_dir/$name.json" \
        "$@" >/dev/null
}
free_reps=(--benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true)
run foundation etatmajor_bench "${free_reps[@]}" --benchmark_filter='PersistDay|Loc'
run battle etatmajor_battle_bench "${free_reps[@]}" --benchmark_filter='Camden|Odds10k'
# The day and the opening run a fixed five iterations each. The day is repeated three times (a fresh theatre each):
# its row gives the median of the three and their range.
run day etatmajor_day_bench --benchmark_repetitions=3
run open etatmajor_open_bench --benchmark_repetitions=1

if [[ $gui -eq 1 ]]; then
    gui_build="$root/build-bench-gui"
    echo "building the map view benchmark in build-bench-gui/..." >&2
    cmake -S "$root" -B "$gui_build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DETATMAJOR_BUILD_BENCH=ON \
        -DETATMAJOR_BUILD_GUI=ON -DETATMAJOR_BUILD_TESTS=OFF >/dev/null
    cmake --build "$gui_build" -j"$jobs" --target etatmajor_map_view_bench >/dev/null
    echo "running etatmajor_map_view_bench under xvfb-run..." >&2
    NO_AT_BRIDGE=1 xvfb-run -a -s "-screen 0 1920x1200x24" "$gui_build/bin/etatmajor_map_view_bench" \
        "${free_reps[@]}" --benchmark_filter='ScreenRedraw|ScreenPan' --benchmark_format=json \
        --benchmark_out_format=json --benchmark_out="$out_dir/map_view.json" >/dev/null
fi

instructions=""
if [[ $callgrind -eq 1 ]]; then
    echo "counting a theatre day's instructions under valgrind (several minutes)..." >&2
    rm -f "$out_dir"/callgrind.out.*
    valgrind --tool=callgrind --callgrind-out-file="$out_dir/callgrind.out.day" \
        --toggle-collect='etatmajor::engine::advance*' "$build/bin/etatmajor_day_bench" \
        --benchmark_filter=BM_Day_Ours >/dev/null 2>"$out_dir/callgrind.log"
    total=$(sed -n 's/.*refs: *//p' "$out_dir/callgrind.log" | tr -d ',' | tail -1)
    # The five timed days, and the template's making (its weekly phases and first day), which is taken off.
    template=$(callgrind_annotate --inclusive=yes "$out_dir/callgrind.out.day" 2>/dev/null |
        sed -n 's/^ *\([0-9,]*\) .*templateDb() \[.*/\1/p' | head -1 | tr -d ',')
    [[ -n "$total" ]] && instructions=$(jq -rn --argjson t "$total" --argjson m "${template:-0}" \
        '"\(($t - $m) / 5 / 1e9 * 100 | round / 100) G a day"')
fi
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# median NAME BENCH FIELD: a benchmark's median (or its only run) in milliseconds, FIELD real_time or cpu_time; or a
# counter of it when FIELD is a counter's name. Empty when the benchmark did not run.
median() {
    jq -r --arg b "$2" --arg f "$3" '
      def ms(v): v * ({"ns": 1e-6, "us": 1e-3, "ms": 1, "s": 1e3}[.time_unit] // 1);
      def base: split("/") | map(select(test("^(iterations|real_time|min_time|process_time|repeats)") | not)) | join("/");
      [.benchmarks[] | select(.error_occurred != true) | select((.run_name | base) == $b)
       | select(.aggregate_name == "median" or .run_type == "iteration")] | last
      | if . == null then "" elif ($f == "real_time" or $f == "cpu_time") then ms(.[$f]) else .[$f] end' \
        "$out_dir/$1.json" 2>/dev/null || true
}
# range NAME BENCH FIELD: "lowest-highest" of a benchmark's repetitions, in milliseconds.
range() {
    jq -r --arg b "$2" --arg f "$3" '
      def ms(v): v * ({"ns": 1e-6, "us": 1e-3, "ms": 1, "s": 1e3}[.time_unit] // 1);
      def base: split("/") | map(select(test("^(iterations|real_time|min_time|process_time|repeats)") | not)) | join("/");
      [.benchmarks[] | select(.error_occurred != true) | select((.run_name | base) == $b) | select(.run_type == "iteration")
       | ms(.[$f])] | if length == 0 then "" else "\(min | . * 10 | round / 10)-\(max | . * 10 | round / 10)" end' \
        "$out_dir/$1.json" 2>/dev/null || true
}
num() { jq -rn --arg v "$1" '$v | tonumber | if . >= 100 then round elif . >= 10 then (. * 10 | round) / 10 else (. * 1000 | round) / 1000 end'; }
ratio() { jq -rn --argjson a "$1" --argjson b "$2" 'if $b == 0 then "-" else ($a / $b * 100 | round) / 100 end'; }
met() { jq -rn --argjson v "$1" --argjson limit "$2" 'if $v <= $limit then "met" else "**not met**" end'; }

rows=()
row() { rows+=("| $1 | $2 | $3 | $4 | $5 | $6 | $7 |"); }

# P1: the trace of one side's 250 MEs on the 100k-hex map; against one search per ME, and the flat-array floor.
p1=$(median foundation BM_LocFlat_Ours real_time)
p1_per_me=$(median foundation BM_LocPerMe_Baseline real_time)
p1_flat=$(median foundation BM_LocFlat_Baseline real_time)
if [[ -n "$p1" ]]; then
    speedup=$(ratio "$p1_per_me" "$p1")
    row P1 "LOC trace of a side's 250 MEs, 100k hexes (\`LocFlat_Ours\`)" "$(num "$p1") ms" \
        "one search per ME $(num "$p1_per_me") ms; flat floor $(num "$p1_flat") ms" \
        "${speedup}x faster than per ME; $(ratio "$p1" "$p1_flat") of the floor" "<= 5 ms, >= 100x, <= 2x floor" \
        "$(jq -rn --argjson t "$p1" --argjson s "$speedup" --argjson f "$(ratio "$p1" "$p1_flat")" \
            'if $t <= 5 and $s >= 100 and $f <= 2 then "met" else "**not met**" end')"
fi

# P2: a whole theatre day through engine::advance (the opening untimed: it is P6's), against loading and saving the
# state once; and what an `advance --day` command costs with the opening.
p2_wall=$(median day BM_Day_Ours real_time)
p2_cpu=$(median day BM_Day_Ours cpu_time)
p2_base=$(median day BM_Day_Baseline cpu_time)
p2_range=$(range day BM_Day_Ours cpu_time)
p2_process=$(median day BM_Day_Process cpu_time)
if [[ -n "$p2_cpu" ]]; then
    row P2 "a day, D1-D12, 100k hexes and 500 MEs, through \`engine::advance\` on an open campaign (\`Day_Ours\`; CPU, median of 3 runs and their range, wall in brackets${instructions:+; $instructions instructions}; with the opening, as one \`advance --day\` command: ${p2_process:+$(num "$p2_process") ms})" \
        "$(num "$p2_cpu") ms (${p2_range} ms; wall $(num "$p2_wall") ms)" "one load and save of the state $(num "$p2_base") ms" \
        "$(ratio "$p2_cpu" "$p2_base")" "<= 100 ms" "$(met "$p2_cpu" 100)"
fi

# P3: one campaign day's rows written crash-safely in one transaction.
p3=$(median foundation BM_PersistDay_Ours real_time)
p3_base=$(median foundation BM_PersistDay_Baseline real_time)
if [[ -n "$p3" ]]; then
    row P3 "a day's rows in one transaction, WAL + FULL (\`PersistDay_Ours\`)" "$(num "$p3") ms" \
        "one autocommit per row, a 1/30 slice: $(num "$p3_base") ms" "-" "<= 15 ms" "$(met "$p3" 15)"
fi

# P4: a Camden-sized battle on one core, and 10,000 trials on two.
p4=$(median battle BM_Camden_Ours real_time)
p4_base=$(median battle BM_Camden_Baseline real_time)
p4_odds=$(median battle BM_Odds10k_Ours real_time)
p4_odds_base=$(median battle BM_Odds10k_Baseline real_time)
if [[ -n "$p4" ]]; then
    row P4 "Camden, one battle (\`Camden_Ours\`)" "$(num "$p4") ms" "$(num "$p4_base") ms" "$(ratio "$p4" "$p4_base")" \
        "<= 1 ms" "$(met "$p4" 1)"
fi
if [[ -n "$p4_odds" ]]; then
    row P4 "10,000 Camden trials on $(nproc) cores (\`Odds10k_Ours\`, wall)" "$(num "$p4_odds") ms" \
        "$(num "$p4_odds_base") ms" "$(ratio "$p4_odds" "$p4_odds_base")" "<= 1000 ms" "$(met "$p4_odds" 1000)"
fi

# P5: the real canvas's redraw and pan frame under Xvfb (only with --gui).
if [[ $gui -eq 1 ]]; then
    worst() {  # the slowest zoom's median of a benchmark family, in ms
        jq -r --arg b "$1" '
          [.benchmarks[] | select(.error_occurred != true) | select(.run_name | startswith($b))
           | select(.aggregate_name == "median" or .run_type == "iteration")
           | .real_time * ({"ns": 1e-6, "us": 1e-3, "ms": 1, "s": 1e3}[.time_unit] // 1)] | max // ""' \
            "$out_dir/map_view.json"
    }
    p5_redraw=$(worst BM_ScreenRedraw_Ours)
    p5_redraw_base=$(worst BM_ScreenRedraw_Baseline)
    p5_pan=$(worst BM_ScreenPan_Ours)
    p5_pan_base=$(worst BM_ScreenPan_Baseline)
    [[ -n "$p5_redraw" ]] && row P5 "the canvas redrawn on screen, slowest zoom (\`ScreenRedraw_Ours\`)" "$(num "$p5_redraw") ms" \
        "every hex drawn: $(num "$p5_redraw_base") ms" "$(ratio "$p5_redraw" "$p5_redraw_base")" "<= 16 ms" "$(met "$p5_redraw" 16)"
    [[ -n "$p5_pan" ]] && row P5 "a pan frame on screen, slowest zoom (\`ScreenPan_Ours\`)" "$(num "$p5_pan") ms" \
        "every hex drawn: $(num "$p5_pan_base") ms" "$(ratio "$p5_pan" "$p5_pan_base")" "<= 4 ms" "$(met "$p5_pan" 4)"
else
    row P5 "the map view on screen" "not run" "-" "-" "<= 16 ms redraw, <= 4 ms pan" "not run (bench/results.sh --gui)"
fi

# P6: opening a 21-week theatre campaign in the core, against reading every row with SQLite alone.
p6=$(median open BM_Open_Ours/1 real_time)
p6_base=$(median open BM_Open_Baseline/1 real_time)
if [[ -n "$p6" ]]; then
    row P6 "opening a 21-week theatre campaign in the core (\`Open_Ours/1\`, wall; the window not included)" \
        "$(num "$p6") ms" "every row read by SQLite: $(num "$p6_base") ms" "$(ratio "$p6" "$p6_base")" "<= 1000 ms" "$(met "$p6" 1000)"
fi

# P7: the day benchmark's peak resident memory, the core's share of the theatre case.
p7=$(median day BM_Day_Ours peak_rss_mb)
if [[ -n "$p7" ]]; then
    row P7 "peak memory of the core with the theatre campaign made and a day run (\`Day_Ours\` process; the window not included)" \
        "$(num "$p7") MB" "-" "-" "<= 200 MB" "$(met "$p7" 200)"
fi

# Named before the table is written: writing it makes the work tree differ from the revision.
revision=$(git -C "$root" describe --always --dirty 2>/dev/null || echo unknown)
{
    echo "# Benchmark results"
    echo
    echo "Written by \`bench/results.sh$([[ $gui -eq 1 ]] && echo ' --gui')$([[ $callgrind -eq 1 ]] && echo ' --callgrind')\`; do not edit by hand."
    echo "Targets: the performance guide's P1-P7. Figures are medians of $reps repetitions (the day and the opening:"
    echo "of five iterations); on a shared machine compare the ratios to the baseline run beside each, not the times."
    echo
    echo "- revision: $revision"
    echo "- machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
    echo "- load average before and after: $load_before; $load_after"
    echo
    echo "| target | what is measured | ours | baseline | ratio | target | verdict |"
    echo "|---|---|---|---|---|---|---|"
    printf '%s\n' "${rows[@]}"
} >"$output"
echo "wrote $output" >&2
