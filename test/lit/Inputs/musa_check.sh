#!/usr/bin/env bash
# Builds migrated MUSA code with nvcc through the portability layer
# (<build>/runtime/include), with no forced include: the file must include
# what it uses, as it must on a MUSA SDK.
# Usage: musa_check.sh CUDA_PATH RUNTIME_INCLUDE [nvcc flags] FILE
cuda=$1 layer=$2
shift 2
if [[ ! -x "$cuda/bin/nvcc" ]]; then
  echo "skipped: nvcc not found under $cuda" >&2
  exit 0
fi
exec "$cuda/bin/nvcc" -std=c++17 -c -o /dev/null -I"$layer" -x cu "$@"
