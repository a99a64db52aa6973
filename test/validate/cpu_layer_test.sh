#!/usr/bin/env bash
# ctest cpu-layer: builds test/validate/cpu_layer_test.cpp as the CPU runs build
# a program migrated to HIP (g++ against the HIP CPU runtime, with musify's CPU
# layer and HIP helpers from the source tree; runtime/cpu/README.md) and runs
# it. The program checks the layer's additions against CUDA's semantics.
# Usage: cpu_layer_test.sh SOURCE_DIR WORK_DIR
# Exit: the program's (0: every check passed); 77 when there is no g++.
set -euo pipefail
root=${1:?usage: cpu_layer_test.sh SOURCE_DIR WORK_DIR}
work=${2:?usage: cpu_layer_test.sh SOURCE_DIR WORK_DIR}
if ! command -v g++ >/dev/null 2>&1; then
  echo "cpu_layer_test: SKIPPED: no g++ (the CPU runs build with it)" >&2
  exit 77
fi
mkdir -p "$work"
g++ -std=c++17 -O1 -w -I"$root/runtime/cpu/include" -I"$root/runtime/hip/include" \
    -I"$root/third_party/hip-cpu/include" -include hip/hip_runtime.h \
    -x c++ "$root/test/validate/cpu_layer_test.cpp" -o "$work/cpu_layer_test" -ltbb -pthread
"$work/cpu_layer_test"
