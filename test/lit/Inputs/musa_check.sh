#!/usr/bin/env bash
# Builds migrated MUSA code with nvcc through the portability layer
# (<build>/runtime/include), with no forced include: the file must include
# what it uses, as it must on a MUSA SDK. musify's MUSA helper headers
# (runtime/musa/include) are on the include path, as for users.
# Usage: musa_check.sh CUDA_PATH RUNTIME_INCLUDE [nvcc flags] FILE
cuda=$1 layer=$2
shift 2
if [[ ! -x "$cuda/bin/nvcc" ]]; then
  echo "skipped: nvcc not found under $cuda" >&2
  exit 0
fi
helpers="$(cd "$(dirname "$0")/../../../runtime/musa/include" && pwd)"
exec "$cuda/bin/nvcc" -std=c++17 -c -o /dev/null -I"$layer" -I"$helpers" -x cu "$@"
