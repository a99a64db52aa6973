#!/usr/bin/env bash
# The sanitizer builds and the fuzzers (docs/hardening.md). Each step prints
# how long it took.
#   asan: musify, its unit tests and the fuzz targets built with clang-19 and
#         ASan+UBSan (build-asan); the unit tests and the lit tests run with
#         that musify (a fixed half of those of benign input, LIT_HOSTILE);
#         then the fuzz step.
#   fuzz: each fuzz target of build-asan runs a fixed number of inputs from a
#         fixed seed, or 10 s of them where that is fewer, and stops at its
#         first crash; as many targets at once as there are cores.
#   tsan: musify built with TSan (build-tsan) runs the project-scale -j test
#         (its runs with threads: -j1 is the normal build's to compare).
# scripts/sanitize.sh [asan|fuzz|tsan|all]   (all is the default; CI runs it)
# MUSIFY_FUZZ_RUNS: inputs per fuzz target, instead of each one's own number.
# MUSIFY_FUZZ_SECONDS: the time bound of each fuzz target (10 s).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=setup.sh
source "$ROOT/scripts/setup.sh"
ASAN_BUILD=${MUSIFY_ASAN_BUILD:-$ROOT/build-asan}
TSAN_BUILD=${MUSIFY_TSAN_BUILD:-$ROOT/build-tsan}
LIT=/usr/lib/llvm-19/build/utils/lit/lit.py
# Inputs per target: 10 to 90 s of each on two cores (docs/hardening.md); each
# is also bounded in time, so a slower machine runs fewer inputs, not longer.
declare -A FUZZ_RUNS=([token_rewriter]=150000 [cmake_lexer]=100000 [make_lexer]=100000
  [build_file_editor]=10000 [rule_table]=25000 [user_rules]=20000
  [compile_database]=30000 [nvcc_flags]=300000 [cache_entry]=30000
  [shard_manifest]=100000)
FUZZ_TARGETS=(token_rewriter cmake_lexer make_lexer build_file_editor rule_table
  user_rules compile_database nvcc_flags cache_entry shard_manifest)
# A sanitizer finding fails the step. Leaks are checked, less those inside
# Clang that test/sanitize/lsan.supp lists with their reasons; races, less
# those inside LLVM that test/sanitize/tsan.supp lists.
export ASAN_OPTIONS=detect_leaks=1
export LSAN_OPTIONS=suppressions=$ROOT/test/sanitize/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-19/bin/llvm-symbolizer

# A step's time, printed and, under scripts/test.sh, added to its table.
timed() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "sanitize: $name took $((SECONDS - start)) s"
  [[ -z ${MUSIFY_STEP_LOG:-} ]] ||
    printf 'sanitize %s\t%d\n' "$name" $((SECONDS - start)) >>"$MUSIFY_STEP_LOG"
}

# The engine is compiled a folder at a time (MUSIFY_UNITY_BUILD): these builds
# start from nothing in CI, where that halves their time.
configure() {
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$ROOT}
  # shellcheck disable=SC2046
  cmake -S "$ROOT" -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=Release $(musify_compiler_launcher) \
    -DCMAKE_CXX_FLAGS_RELEASE=-O1 -DCMAKE_C_COMPILER=clang-19 \
    -DCMAKE_CXX_COMPILER=clang++-19 -DMUSIFY_UNITY_BUILD=ON "${@:2}" >/dev/null
}

# The lit tests that run musify, without their compiler checks (-D
# compilers=off): those build musify's output, the same as the normal build's,
# which runs them. Left out are those whose time is nvcc's and hipcc's builds
# of musify's output, not musify's.
LIT_SLOW='families/pytorch-extension|families/thrust-policy|families/cub-reduce|frontend/cccl-cxx17|frontend/corpus'
# The lit tests of hostile input (hardening/, cli/, and the tests of files and
# options at the top) run whole under ASan; of the others the default run
# takes lit's first of two shards (a fixed half of the sorted list) and
# scripts/test.sh --full (MUSIFY_TEST_FULL=1) all (docs/testing.md).
LIT_HOSTILE=':: (hardening|cli)/|:: [^/]+\.test$'

# A crash's input in the log, so a run whose folders are gone (CI) can still
# be replayed: base64 -d >crash <<<'TEXT'; build-asan/test/fuzz/fuzz_T crash
print_artifacts() {
  local f
  for f in "$1"/*; do
    [[ -f $f ]] || continue
    echo "sanitize: input $(basename "$f") ($(stat -c %s "$f") bytes), base64:"
    base64 -w0 "$f"
    echo
  done
}

run_fuzzer() {
  local target=$1 work=$ASAN_BUILD/fuzz/$1 extra=()
  rm -rf "$work" && mkdir -p "$work/corpus" "$work/artifacts"
  [[ $target == compile_database ]] && extra=("$ASAN_BUILD/compile_commands.json")
  python3 "$ROOT/test/fuzz/gather_seeds.py" "$ROOT" "$target" "$work/corpus" "${extra[@]}"
  "$ASAN_BUILD/test/fuzz/fuzz_$target" -runs="${MUSIFY_FUZZ_RUNS:-${FUZZ_RUNS[$target]}}" \
    -max_total_time="${MUSIFY_FUZZ_SECONDS:-10}" -seed=1 -max_len=65536 \
    -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/" "$work/corpus" >"$work/log" 2>&1 ||
    { tail -60 "$work/log"; print_artifacts "$work/artifacts"
      echo "sanitize: fuzz_$target crashed: $work/artifacts" >&2; return 1; }
  grep -E '^Done [0-9]+ runs' "$work/log" | sed "s/^/$target: /"
}

asan() {
  timed asan-configure configure "$ASAN_BUILD" -DMUSIFY_SANITIZE=address,undefined \
    -DMUSIFY_FUZZERS=ON -DMUSIFY_BUILD_TESTS=ON
  timed asan-build ninja -C "$ASAN_BUILD" -j2 musify musify_unit_tests \
    musify_runtime_headers musify_fuzzers
  timed asan-unit "$ASAN_BUILD/test/musify_unit_tests" --gtest_brief=1
  local shard=(--num-shards 2 --run-shard 1)
  [[ ${MUSIFY_TEST_FULL:-} != 1 ]] || shard=()
  timed asan-lit-hostile python3 "$LIT" -sv -j2 -D compilers=off --filter "$LIT_HOSTILE" \
    "$ASAN_BUILD/test/lit"
  timed asan-lit python3 "$LIT" -sv -j2 -D compilers=off --filter-out "$LIT_SLOW|$LIT_HOSTILE" \
    "${shard[@]}" "$ASAN_BUILD/test/lit"
  timed fuzz fuzz
}

# The fuzz targets run as many at a time as there are cores, each in a
# process of its own (this script's fuzz-one) with its own log, printed in
# the list's order once all have ended; any crash fails the step.
fuzz() {
  local t failed=0 pids=() logs=$ASAN_BUILD/fuzz/logs
  rm -rf "$logs" && mkdir -p "$logs"
  for t in "${FUZZ_TARGETS[@]}"; do
    while (($(jobs -rp | wc -l) >= $(nproc))); do sleep 0.2; done
    bash "$ROOT/scripts/sanitize.sh" fuzz-one "$t" >"$logs/$t" 2>&1 &
    pids+=($!)
  done
  for t in "${!pids[@]}"; do
    wait "${pids[$t]}" || failed=1
    cat "$logs/${FUZZ_TARGETS[$t]}"
  done
  return $failed
}

fuzz_one() {
  local start=$SECONDS
  run_fuzzer "$1"
  echo "sanitize: fuzz-$1 took $((SECONDS - start)) s"
}

tsan() {
  timed tsan-configure configure "$TSAN_BUILD" -DMUSIFY_SANITIZE=thread \
    -DMUSIFY_BUILD_TESTS=OFF
  timed tsan-build ninja -C "$TSAN_BUILD" -j2 musify
  TSAN_OPTIONS="halt_on_error=1:suppressions=$ROOT/test/sanitize/tsan.supp" \
    timed tsan-project-parallel python3 "$ROOT/test/project/parallel_determinism.py" \
    "$TSAN_BUILD/tool/musify" "$ROOT/bench/gen_corpus.py" "$TSAN_BUILD/project-parallel" \
    --threads-only
}

case ${1:-all} in
  asan) asan ;;
  fuzz) timed fuzz fuzz ;;
  fuzz-one) fuzz_one "${2:?usage: $0 fuzz-one TARGET}" ;;
  tsan) tsan ;;
  all)
    asan
    tsan
    ;;
  *) echo "usage: $0 [asan|fuzz|tsan|all]" >&2; exit 2 ;;
esac
