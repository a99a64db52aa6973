#!/usr/bin/env bash
# Builds a migrated program with its target's real compiler and runs it on
# this machine's CPU (no GPU is needed while it launches no kernel): the host
# pass is the one that runs, the device pass is still compiled. Prints what
# the program prints and exits with its status.
# Usage: build_run.sh hip FILE.hip EXE
#        build_run.sh musa CUDA_PATH RUNTIME_INCLUDE FILE.mu EXE
set -euo pipefail
helpers="$(cd "$(dirname "$0")/../../../runtime" && pwd)"
case $1 in
  hip)
    HIP_PLATFORM=amd hipcc --offload-arch=gfx90a -I"$helpers/hip/include" -x hip "$2" -o "$3"
    exec "$3" ;;
  musa)
    # MUSA through nvcc and the portability layer, as %musa-check builds it.
    "$2/bin/nvcc" -std=c++17 -I"$3" -I"$helpers/musa/include" -x cu "$4" -o "$5"
    exec "$5" ;;
esac
echo "build_run.sh: unknown target '$1'" >&2
exit 2
