#!/usr/bin/env bash
# Installs what musify and its tests need, builds everything and runs every
# test: unit (GoogleTest), lit (output checks) and end-to-end (hipcc builds),
# then the sanitizer builds and the fuzzers (scripts/sanitize.sh).
# Tests that need a GPU say "skipped: no GPU" where there is none.
#
#   scripts/test.sh [--full]
#
# The run has a budget: 60 minutes on a 2-core machine (docs/testing.md). It
# ends with the time of each step and the total against that budget, and
# fails when the total is over it (MUSIFY_TEST_BUDGET_MIN sets another).
# --full also runs what the default run samples (docs/testing.md lists it).
set -euo pipefail
case "${1:-}" in
  "") ;;
  --full) export MUSIFY_TEST_FULL=1 ;;
  *) echo "usage: $0 [--full]" >&2; exit 2 ;;
esac
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
BUDGET_MIN=${MUSIFY_TEST_BUDGET_MIN:-60}
[[ $BUDGET_MIN =~ ^[1-9][0-9]*$ ]] ||
  { echo "MUSIFY_TEST_BUDGET_MIN must be a number of minutes: $BUDGET_MIN" >&2; exit 2; }

# Each step's time goes to a log that the summary reads; scripts/sanitize.sh
# adds its own steps there.
MUSIFY_STEP_LOG=$(mktemp "${TMPDIR:-/tmp}/musify-steps.XXXXXX")
export MUSIFY_STEP_LOG
RUN_START=$SECONDS
CTEST_LOG=

summary() {
  local status=$? total=$((SECONDS - RUN_START))
  echo
  echo "test.sh: time of each step"
  awk -F'\t' '{ printf "  %-28s %5d s\n", $1, $2 }' "$MUSIFY_STEP_LOG"
  if [[ -n $CTEST_LOG && -f $CTEST_LOG ]]; then
    echo "test.sh: each ctest test ($(nproc) at a time)"
    sed -nE 's/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: ([^ ]+) [.* ]+([A-Za-z][A-Za-z ]*[a-z]) +([0-9.]+) sec$/\3\t\1\t\2/p' \
      "$CTEST_LOG" | sort -rn | awk -F'\t' '{ printf "  %-28s %5.0f s  %s\n", $2, $1, $3 }'
  fi
  local budget=$((BUDGET_MIN * 60))
  printf 'test.sh: total %d min %02d s of a %d min budget: ' $((total / 60)) $((total % 60)) \
    "$BUDGET_MIN"
  if ((total > budget)); then
    echo "$(((total - budget + 59) / 60)) min OVER"
    ((status != 0)) || status=1
  else
    echo "$(((budget - total) / 60)) min left"
  fi
  rm -f "$MUSIFY_STEP_LOG" "$CTEST_LOG"
  rm -rf "${TEST_TMPDIR:-}"
  exit "$status"
}
trap summary EXIT

timed_step() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  printf '%s\t%d\n' "$name" $((SECONDS - start)) >>"$MUSIFY_STEP_LOG"
}

timed_step packages musify_install_packages "${MUSIFY_BUILD_PACKAGES[@]}" \
  "${MUSIFY_TEST_PACKAGES[@]}"
timed_step build musify_build -DMUSIFY_BUILD_TESTS=ON
cd "$MUSIFY_BUILD"
# The compilers the tests run (clang's offload steps) leave empty folders in
# $TMPDIR: the tests get a temporary folder of their own, removed at the end.
CTEST_LOG=$(mktemp "${TMPDIR:-/tmp}/musify-ctest.XXXXXX")
TEST_TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/musify-tests.XXXXXX")
export TMPDIR=$TEST_TMPDIR
run_ctest() {
  ctest --output-on-failure -j "$(nproc)" | tee "$CTEST_LOG"
  return "${PIPESTATUS[0]}"
}
timed_step ctest run_ctest
"$MUSIFY_ROOT/scripts/sanitize.sh"
