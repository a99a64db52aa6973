#!/usr/bin/env bash
# Compiles migrated HIP code for a real AMD target with Debian's hipcc: no CUDA
# header is on that path, so a CUDA name left behind is an error. musify's HIP
# helper headers (runtime/hip/include) are on the include path, as for users.
# Usage: hipcc_check.sh FILE.hip
if ! command -v hipcc >/dev/null 2>&1; then
  echo "skipped: hipcc not found" >&2
  exit 0
fi
helpers="$(cd "$(dirname "$0")/../../../runtime/hip/include" && pwd)"
HIP_PLATFORM=amd exec hipcc --offload-arch=gfx90a -I"$helpers" -c -o /dev/null -x hip "$@"
