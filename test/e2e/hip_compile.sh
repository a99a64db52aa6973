#!/usr/bin/env bash
# Migrates CUDA programs to HIP and compiles them for a real AMD target with
# Debian's hipcc (no CUDA header is on that path: a CUDA name left behind is an
# error). Both launch styles are built: <<<>>> and hipLaunchKernelGGL.
# Usage: hip_compile.sh MUSIFY HIPCC WORKDIR SOURCE.cu...
set -euo pipefail
musify=$1 hipcc=$2 work=$3
shift 3
if [[ -z "$hipcc" || ! -x "$hipcc" ]]; then
  echo "SKIPPED: hipcc not found (install Debian's hipcc)" >&2
  exit 77
fi
mkdir -p "$work"
for src in "$@"; do
  name=$(basename "${src%.cu}")
  for style in chevrons ggl; do
    flags=()
    [[ $style == ggl ]] && flags=(--hip-launch-kernel-ggl)
    out="$work/$name.$style.hip"
    "$musify" --target=hip "${flags[@]}" "$src" -o "$out" --quiet
    HIP_PLATFORM=amd "$hipcc" --offload-arch=gfx90a -c "$out" -o "$work/$name.$style.o"
    echo "ok: $name ($style) compiles with hipcc for gfx90a"
  done
done
