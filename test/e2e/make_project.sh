#!/usr/bin/env bash
# A Makefile project migrated with musify builds with its own migrated Makefile:
# for MUSA with only the MUSA stand-in's mcc on the path (no nvcc), for HIP with
# only Debian's hipcc (gfx90a). The program checks itself; it runs where a GPU
# of its kind is, and otherwise the run is skipped, saying so (exit 77).
# Usage: make_project.sh MUSIFY STANDIN_DIR WORK_DIR
set -u
MUSIFY=$1 STANDIN=$(cd "$2" 2>/dev/null && pwd || echo "$2") WORK=$3
PROJECT=$(cd "$(dirname "$0")/make_project" && pwd)
rm -rf "$WORK" && mkdir -p "$WORK"
fail() { echo "FAIL: $*" >&2; exit 1; }
ran=0 skipped=()

# A PATH with the system's tools and the given folder, and no CUDA SDK.
bare_path() { echo "$1:/usr/bin:/bin"; }

build() { # TARGET PATH MAKE-ARGS...: migrates the project and builds it
  local target=$1 path=$2; shift 2
  "$MUSIFY" --target="$target" --out-root "$WORK/$target" --quiet \
    ${RENAME:+--rename-extensions} "$PROJECT" || fail "$target: musify failed"
  if PATH=$path command -v nvcc >/dev/null; then
    fail "$target: nvcc is on the path the build is given"
  fi
  PATH=$path make -C "$WORK/$target" "$@" > "$WORK/$target.log" 2>&1
  local status=$?
  cat "$WORK/$target.log"
  [ $status -eq 0 ] || fail "$target: the migrated Makefile did not build"
  ! grep -q "not found" "$WORK/$target.log" || fail "$target: the build did not find its compiler"
  [ -x "$WORK/$target/vecadd" ] || fail "$target: no vecadd built"
}

run() { # TARGET: runs the migrated program
  "$WORK/$1/vecadd" | tee "$WORK/$1.run"
  [ "${PIPESTATUS[0]}" -eq 0 ] && grep -qx PASS "$WORK/$1.run" || fail "$1: vecadd did not pass"
  ran=$((ran + 1))
}

# MUSA, through the stand-in: its mcc goes through the nvcc it was built with.
if [ ! -x "$STANDIN/bin/mcc" ] || ! "$STANDIN/bin/mcc" --version; then
  skipped+=("MUSA: no MUSA stand-in at $STANDIN")
elif [ ! -x "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["nvcc"])' \
               "$STANDIN/musify-standin.json")" ]; then
  skipped+=("MUSA: the stand-in's nvcc is missing")
else
  RENAME=1 build musa "$(bare_path "$STANDIN/bin")"
  grep -q -- "--offload-arch=mp_22" "$WORK/musa.log" || fail "musa: -arch=sm_80 did not become mp_22"
  if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
    run musa
  else
    skipped+=("MUSA run: no NVIDIA GPU")
  fi
fi

# HIP, with Debian's hipcc: the architecture is the one a person sets where
# musify reports CUDA's.
if ! command -v hipcc >/dev/null; then
  skipped+=("HIP: hipcc not found")
else
  HIP_PLATFORM=amd build hip "$(bare_path "$(dirname "$(command -v hipcc)")")" \
    GPU_ARCH=--offload-arch=gfx90a
  if [ -e /dev/kfd ]; then
    run hip
  else
    skipped+=("HIP run: no AMD GPU")
  fi
fi

for s in "${skipped[@]}"; do echo "SKIPPED: $s"; done
[ ${#skipped[@]} -eq 0 ] || exit 77
echo "make_project: built and ran $ran migrations"
