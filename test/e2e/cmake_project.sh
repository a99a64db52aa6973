#!/usr/bin/env bash
# A CMake project of CMake's CUDA language, migrated with musify, builds with its
# own migrated CMakeLists.txt (CMake + Ninja), no nvcc on the path:
# - HIP: CMake's HIP language with Debian's hipcc, through musify's
#   share/musify/hip-cmake/toolchain.cmake (gfx90a, separable compilation as
#   -fgpu-rdc; built, not run);
# - MUSA: through the MUSA stand-in (MUSA_PATH). The program checks itself; it
#   runs where an NVIDIA GPU is, else the run is skipped, saying so (exit 77).
# A second migration of the output changes nothing.
# Usage: cmake_project.sh MUSIFY STANDIN_DIR WORK_DIR
set -u
MUSIFY=$1 STANDIN=$(cd "$2" 2>/dev/null && pwd || echo "$2") WORK=$3
PROJECT=$(cd "$(dirname "$0")/cmake_project" && pwd)
rm -rf "$WORK" && mkdir -p "$WORK"
fail() { echo "FAIL: $*" >&2; exit 1; }
CMAKE=$(command -v cmake) NINJA=$(command -v ninja)
[ -n "$CMAKE" ] && [ -n "$NINJA" ] || { echo "SKIPPED: cmake or ninja not found"; exit 77; }
[ -x "$STANDIN/bin/clang++" ] || { echo "SKIPPED: no MUSA stand-in at $STANDIN"; exit 77; }

HIP_TOOLCHAIN=$(cd "$(dirname "$MUSIFY")/../share/musify/hip-cmake" 2>/dev/null && pwd)/toolchain.cmake
hip_skipped=
if command -v hipconfig >/dev/null; then
  "$MUSIFY" --target=hip --out-root "$WORK/hip-src" --quiet "$PROJECT" || fail "musify failed (HIP)"
  PATH=/usr/bin:/bin "$CMAKE" -S "$WORK/hip-src" -B "$WORK/hip-build" -G Ninja \
    -DCMAKE_MAKE_PROGRAM="$NINJA" -DCMAKE_TOOLCHAIN_FILE="$HIP_TOOLCHAIN" \
    > "$WORK/hip-configure.log" 2>&1 ||
    { cat "$WORK/hip-configure.log"; fail "the HIP migration did not configure"; }
  "$CMAKE" --build "$WORK/hip-build" -v > "$WORK/hip-build.log" 2>&1 ||
    { cat "$WORK/hip-build.log"; fail "the HIP migration did not build"; }
  grep -- "-x hip -c [^ ]*/kernels.cu" "$WORK/hip-build.log" | grep -q -- "--offload-arch=gfx90a" ||
    fail "kernels.cu was not compiled as HIP for gfx90a"
  grep -- "-x hip -c [^ ]*/kernels.cu" "$WORK/hip-build.log" | grep -q -- "-fgpu-rdc" ||
    fail "kernels.cu was not compiled as relocatable device code (separable compilation)"
  [ -x "$WORK/hip-build/scale" ] || fail "no HIP scale built"
  echo "cmake_project: built the HIP migration with CMake's HIP language"
else
  hip_skipped="SKIPPED: the HIP build: no hipconfig (Debian: hipcc)"
  echo "$hip_skipped"
fi

"$MUSIFY" --target=musa --out-root "$WORK/src" --quiet "$PROJECT" || fail "musify failed"
"$MUSIFY" --target=musa --out-root "$WORK/again" --quiet "$WORK/src" || fail "musify failed again"
diff -r "$WORK/src" "$WORK/again" || fail "a second migration changed the output"

# The system's tools only: nvcc is reachable through the stand-in alone.
PATH=/usr/bin:/bin
! command -v nvcc >/dev/null || fail "nvcc is on the path the build is given"
MUSA_PATH=$STANDIN "$CMAKE" -S "$WORK/src" -B "$WORK/build" -G Ninja \
  -DCMAKE_MAKE_PROGRAM="$NINJA" > "$WORK/configure.log" 2>&1 ||
  { cat "$WORK/configure.log"; fail "the migrated project did not configure"; }
"$CMAKE" --build "$WORK/build" -v > "$WORK/build.log" 2>&1 ||
  { cat "$WORK/build.log"; fail "the migrated project did not build"; }
grep -q -- "-x musa -mtgpu --cuda-gpu-arch=mp_22" "$WORK/build.log" ||
  fail "kernels.cu was not compiled as MUSA for mp_22 (CMAKE_CUDA_ARCHITECTURES 80)"
grep -q "$STANDIN/bin/clang++" "$WORK/build.log" || fail "MUSA's clang++ did not compile"

if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
  "$WORK/build/scale" | tee "$WORK/run.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] && grep -qx PASS "$WORK/run.log" || fail "scale did not pass"
  echo "cmake_project: built and ran the MUSA migration"
  [ -z "$hip_skipped" ] || exit 77
else
  echo "SKIPPED: the run of the MUSA migration: no NVIDIA GPU (it built)"
  exit 77
fi
