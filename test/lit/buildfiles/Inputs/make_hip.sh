#!/usr/bin/env bash
# Builds a migrated Makefile project with Debian's hipcc (ROCM_PATH=/usr) for
# gfx90a, the architecture a person sets where musify reports CUDA's.
# Usage: make_hip.sh PROJECT_DIR
if ! command -v hipcc >/dev/null 2>&1; then
  echo "skipped: hipcc not found" >&2
  exit 0
fi
export HIP_PLATFORM=amd
exec make -s -C "$1" ROCM_PATH=/usr GENCODE=--offload-arch=gfx90a
