#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ (clang, AddressSanitizer, UndefinedBehaviorSanitizer) in a build directory of
# their own and runs them (docs/fuzzing.md).
#
#   scripts/fuzz.sh --smoke [TARGET...]                 the short run of ./test.sh: replay + 8 s each (--time S)
#   scripts/fuzz.sh --runs N --out DIR [TARGET...]      long run: N executions per target, one target at a time
#   scripts/fuzz.sh --time S --out DIR [TARGET...]      long run: S seconds per target
#   scripts/fuzz.sh --replay [TARGET...]                run each regression input once and say how it ended
#   scripts/fuzz.sh --build                             only configure and build (./test.sh then runs the short
#                                                       run as the CTest tests of label "fuzz" in that directory)
#
# Every run first replays fuzz/regressions/<target>/ input by input; a crash, a sanitizer report or a leak there or
# while fuzzing fails the run (exit status 1). The inputs that make the fuzzer fail are saved in
# DIR/artifacts/<target>/; the corpus it grows is kept in DIR/corpus/<target>/ and taken up again by the next run
# with the same DIR. Options:
#   --out DIR          where corpora, artifacts, logs and summary.txt go (default for --smoke: BUILD/fuzz-smoke)
#   --build-dir DIR    the fuzz build directory (default: build-fuzz)
#   --no-build         use the targets as they are (no configure, no build)
#   --max-len N        longest input the fuzzer makes (default: the longest seed)
#   --strict           a raw library exception escaping a reader is a finding too (ETATMAJOR_FUZZ_STRICT=1)
#   --jobs N           build with N jobs (default: the machine's cores)
#   --list             print the targets and exit
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
targets_all=(map scenario orders battle battle_result purchase campaign_db packet gazetteer)

mode=""
runs=""
seconds=""
out=""
build="$root/build-fuzz"
do_build=1
max_len=""
strict=0
jobs="$(nproc)"
targets=()

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2; }

while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) mode=smoke ;;
    --replay) mode=replay ;;
    --build) mode=build ;;
    --runs) mode=${mode:-long}; runs="$2"; shift ;;
    --time) mode=${mode:-long}; seconds="$2"; shift ;;
    --out) out="$2"; shift ;;
    --build-dir) build="$2"; shift ;;
    --no-build) do_build=0 ;;
    --max-len) max_len="$2"; shift ;;
    --strict) strict=1 ;;
    --jobs) jobs="$2"; shift ;;
    --list) printf '%s\n' "${targets_all[@]}"; exit 0 ;;
    -h|--help) usage ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; usage ;;
    *) targets+=("$1") ;;
  esac
  shift
done

[ -n "$mode" ] || { echo "fuzz.sh: say --smoke, --replay, --build, --runs N or --time S" >&2; usage; }
if [ "$mode" = long ] && [ -z "$out" ]; then echo "fuzz.sh: a long run needs --out DIR" >&2; exit 2; fi
[ ${#targets[@]} -gt 0 ] || targets=("${targets_all[@]}")
for t in "${targets[@]}"; do
  printf '%s\n' "${targets_all[@]}" | grep -qx "$t" || { echo "fuzz.sh: no target '$t' (--list)" >&2; exit 2; }
done

case "$build" in /*) ;; *) build="$PWD/$build" ;; esac
if [ "$do_build" = 1 ]; then
  # -O1 without NDEBUG: assertions stay on; the sanitizer flags come from ETATMAJOR_FUZZ (CMakeLists.txt).
  cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g" -DETATMAJOR_FUZZ=ON -DETATMAJOR_BUILD_GUI=OFF \
    -DETATMAJOR_BUILD_TESTS=OFF >/dev/null
  cmake --build "$build" --target etatmajor_fuzz -j"$jobs"
fi
[ "$mode" = build ] && exit 0
bin="$build/bin"

[ -n "$out" ] || out="$build/fuzz-smoke"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
mkdir -p "$out/logs"

# The seeds of a target, gathered from the test data and the shipped files at run time (nothing is copied into the
# repository). The campaign databases are made by fuzz_make_db_seeds from the test campaign.
seed_globs() {
  case "$1" in
    map) echo "tests/data/maps/*.xml maps/*.xml tests/data/errors/map-*.xml" ;;
    scenario) echo "tests/data/campaigns/*.xml campaigns/*.xml tests/data/errors/campaign-*.xml" ;;
    orders) echo "tests/data/orders/*.xml" ;;
    battle) echo "tests/data/battles/*.xml tests/data/battles/errors/*.xml campaigns/battles/*.xml" ;;
    battle_result) echo "tests/data/battle-results/*.xml fuzz/seeds/battle_result/*.xml" ;;
    purchase) echo "tests/data/purchases/*.xml" ;;
    packet) echo "fuzz/seeds/packet/*" ;;
    gazetteer) echo "maps/gazetteers/*.xml" ;;
  esac
}
schema_of() {
  case "$1" in
    map) echo map.xsd ;; scenario) echo campaign.xsd ;; orders) echo orders.xsd ;; battle) echo battle.xsd ;;
    battle_result) echo battle-result.xsd ;; purchase) echo purchase.xsd ;; gazetteer) echo gazetteer.xsd ;;
  esac
}

gather_seeds() {
  local t="$1" dir="$2"
  rm -rf "$dir"
  mkdir -p "$dir"
  if [ "$t" = campaign_db ]; then
    "$bin/fuzz_make_db_seeds" "$dir" >/dev/null
    return
  fi
  (cd "$root" && for f in $(seed_globs "$t"); do [ -f "$f" ] && cp "$f" "$dir/"; done; true)
}

# The dictionary of a target: XML syntax (fuzz/dict/xml.dict) and every element, attribute and enumerated value of its
# schema, so that the fuzzer spells the format's words right; fuzz/dict/<target>.dict for the others.
make_dict() {
  local t="$1" dict="$2" xsd
  if [ -f "$root/fuzz/dict/$t.dict" ]; then cp "$root/fuzz/dict/$t.dict" "$dict"; return; fi
  xsd="$root/schemas/$(schema_of "$t")"
  {
    cat "$root/fuzz/dict/xml.dict"
    echo "# from schemas/$(basename "$xsd")"
    { grep -o '<xs:element name="[^"]*"' "$xsd" || true; } | sed 's/.*name="\(.*\)"/"<\1"\n"<\/\1>"/'
    { grep -o '<xs:attribute name="[^"]*"' "$xsd" || true; } | sed 's/.*name="\(.*\)"/" \1=\\""/'
    { grep -o '<xs:enumeration value="[^"]*"' "$xsd" || true; } | sed 's/.*value="\(.*\)"/"\1"/'
  } | awk '!seen[$0]++' >"$dict"
}

export ETATMAJOR_FUZZ_STRICT=$strict
# LeakSanitizer on; every UBSan report is fatal already (-fno-sanitize-recover); stack traces get symbols.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1:symbolize=1"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}print_stacktrace=1"
symbolizer="$(command -v llvm-symbolizer || true)"
[ -n "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH="$symbolizer"

# "stat::name: value" from libFuzzer's final statistics in a log.
final_stat() { sed -n "s/^stat::$1: *//p" "$2" | tail -1; }

summary="$out/summary.txt"
[ "$mode" = replay ] || printf '%-14s %-7s %12s %9s %9s %7s %7s %8s %s\n' target result executions seconds "exec/s" cov ft corpus raw-exceptions >"$summary"

failed=0
for t in "${targets[@]}"; do
  fuzzer="$bin/fuzz_$t"
  [ -x "$fuzzer" ] || { echo "fuzz.sh: $fuzzer is not built (drop --no-build)" >&2; exit 1; }
  log="$out/logs/$t.log"
  reg="$root/fuzz/regressions/$t"
  artifacts="$out/artifacts/$t"
  mkdir -p "$artifacts"

  # 1. The regression inputs, one by one.
  result=ok
  if [ -d "$reg" ] && [ -n "$(ls -A "$reg")" ]; then
    if [ "$mode" = replay ]; then
      echo "== $t"
      ETATMAJOR_FUZZ_VERBOSE=1 "$fuzzer" "$reg"/* 2>&1 | grep -a -E '^(Running:|etatmajor-fuzz:)|ERROR|SUMMARY' \
        | sed "s|$root/||" | cut -c1-300 || true
      "$fuzzer" -artifact_prefix="$artifacts/" "$reg"/* >"$log" 2>&1 || { echo "fuzz.sh: $t: a regression input fails (log: $log)"; failed=1; }
      continue
    fi
    if ! "$fuzzer" -artifact_prefix="$artifacts/" "$reg"/* >"$log" 2>&1; then
      result=FAILED
    fi
  elif [ "$mode" = replay ]; then
    continue
  fi

  # 2. Fuzzing from the seeds and the corpus of earlier runs.
  seeds="$out/seeds/$t"
  corpus="$out/corpus/$t"
  dict="$out/dict/$t.dict"
  mkdir -p "$corpus" "$out/dict"
  if [ "$mode" = smoke ]; then rm -rf "$corpus"; mkdir -p "$corpus"; fi
  gather_seeds "$t" "$seeds"
  make_dict "$t" "$dict"
  args=(-artifact_prefix="$artifacts/" -dict="$dict" -print_final_stats=1 -detect_leaks=1 -timeout=60)
  [ -n "$max_len" ] && args+=(-max_len="$max_len")
  case "$mode" in
    smoke) args+=(-max_total_time="${seconds:-8}") ;;
    long)
      [ -n "$runs" ] && args+=(-runs="$runs")
      [ -n "$seconds" ] && args+=(-max_total_time="$seconds")
      ;;
  esac
  if [ "$result" = ok ]; then
    echo "fuzz.sh: $t: ${runs:+$runs runs }${seconds:+$seconds s }${max_len:+max_len $max_len }(log: $log)"
    start=$(date +%s)
    if ! "$fuzzer" "${args[@]}" "$corpus" "$seeds" >>"$log" 2>&1; then result=FAILED; fi
    elapsed=$(( $(date +%s) - start ))
  else
    elapsed=0
  fi

  execs="$(final_stat number_of_executed_units "$log")"
  rate="$(final_stat average_exec_per_sec "$log")"
  last="$({ grep -a -E '^#[0-9]+' "$log" || true; } | tail -1)"
  cov="$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")"
  ft="$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")"
  corp="$(sed -n 's/.* corp: \([^ ]*\).*/\1/p' <<<"$last")"
  raw="$(grep -a -c 'raw exception escaped' "$log" || true)"
  printf '%-14s %-7s %12s %9s %9s %7s %7s %8s %s\n' "$t" "$result" "${execs:--}" "$elapsed" "${rate:--}" \
    "${cov:--}" "${ft:--}" "${corp:--}" "$raw" >>"$summary"
  if [ "$result" != ok ]; then
    failed=1
    echo "fuzz.sh: $t FAILED; the end of $log:" >&2
    { grep -a -v '^#[0-9]' "$log" || true; } | tail -60 >&2
    ls "$artifacts" >&2 || true
  fi
done

[ "$mode" = replay ] || cat "$summary"
exit "$failed"
