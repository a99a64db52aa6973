#!/usr/bin/env bash
# The GPU validation: on a machine with an NVIDIA GPU, build musify (if needed)
# and run musify-validate over every example: build the original with nvcc,
# migrate it to MUSA and HIP, build the MUSA output through the portability
# layer (runtime/include), compile the HIP output, scan both, then run the
# original and the MUSA build on the GPU and compare their PASS/FAIL lines; then
# the same for every program of the cuda-samples corpus (corpus --run --gpu).
# Ends with a table (example, original result, migrated result, time of each).
#
# Usage: test/gpu/run.sh [BUILD_DIR] [-- extra musify-validate options]
# Environment: JOBS (parallel builds, default: nproc capped at 8); NVIDIA_SMI.
# Exit: 0 all ok, 1 a failure, 77 no GPU (skipped, with a message).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
[[ $# -gt 0 ]] && shift
[[ ${1:-} == -- ]] && shift

smi=${NVIDIA_SMI:-nvidia-smi}   # NVIDIA_SMI: for testing the no-GPU path
if ! command -v "$smi" >/dev/null 2>&1; then
  echo "test/gpu/run.sh: SKIPPED: no GPU (nvidia-smi not found); nothing was run." >&2
  exit 77
fi
if ! "$smi" -L 2>/dev/null | grep -q GPU; then
  echo "test/gpu/run.sh: SKIPPED: no GPU (nvidia-smi -L lists none); nothing was run." >&2
  exit 77
fi
"$smi" -L

start=$(date +%s)
if [[ ! -x $build/tool/musify || ! -f $build/runtime/include/musa_runtime.h ]]; then
  echo "== building musify in $build"
  cmake -S "$root" -B "$build" -G Ninja -DMUSIFY_BUILD_TESTS=OFF >/dev/null
fi
ninja -C "$build" musify musify_runtime_headers >/dev/null
echo "== musify built ($(( $(date +%s) - start ))s)"

jobs=${JOBS:-$(nproc)}
(( jobs > 8 )) && jobs=8
work=$(mktemp -d "${TMPDIR:-/tmp}/musify-gpu.XXXXXX")
rc=0
python3 "$root/tool/validate/musify-validate" --examples "$root/examples" \
  --musify "$build/tool/musify" --runtime-include "$build/runtime/include" \
  --work "$work" -j "$jobs" "$@" || rc=$?
# The corpus, where it is beside the checkout: every cuda-sample built with nvcc
# and migrated to MUSA (built through runtime/include), both run at the sizes of
# test/validate/cuda-samples-sizes.json, and their verdicts compared.
corpus=${MUSIFY_CORPUS:-$root/../shared/corpus/cuda-samples}
if [[ -f $corpus/nvcc-baseline.csv ]]; then
  arch=$("$smi" --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
  python3 "$root/tool/validate/musify-validate" corpus --run --gpu "$corpus" -I Common \
    --baseline "$corpus/nvcc-baseline.csv" --sizes "$root/test/validate/cuda-samples-sizes.json" \
    --musify "$build/tool/musify" --rules-dir "$root/rules" \
    --runtime-include "$build/runtime/include" --arch "sm_${arch:-90}" \
    --work "$work/corpus" --csv "$work/corpus.csv" -j "$jobs" || rc=$?
else
  echo "test/gpu/run.sh: the cuda-samples corpus ($corpus) is not here: not run" >&2
fi
echo "== total $(( $(date +%s) - start ))s; logs in $work"
exit $rc
