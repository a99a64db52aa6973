#!/usr/bin/env bash
# Compiles a test input with nvcc, to prove the input is code nvcc accepts.
# Usage: nvcc_check.sh CUDA_PATH [nvcc flags] FILE.cu
cuda=$1
shift
if [[ ! -x "$cuda/bin/nvcc" ]]; then
  echo "skipped: nvcc not found under $cuda" >&2
  exit 0
fi
exec "$cuda/bin/nvcc" -c -o /dev/null "$@"
