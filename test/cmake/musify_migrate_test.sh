#!/usr/bin/env bash
# Builds CMake projects through musify_migrate (cmake/Musify.cmake) with the
# config of musify's build tree, and checks what the build did.
#
# Usage: musify_migrate_test.sh MODE MUSIFY_BUILD_DIR WORK_DIR [COMPILER]
#   hip     examples/cmake_project for HIP: host code with the host compiler,
#           device code with COMPILER (hipcc); the migrated sources hold HIP
#           names and no CUDA names; a second build does not run musify; an
#           edit of a source or a listed header does. Then test/cmake/layout:
#           src/ + include/ through INCLUDE_DIRECTORIES, a STATIC library and a
#           migration-only (NONE) MUSA call.
#   musa    examples/cmake_project for MUSA, built with COMPILER (nvcc) through
#           the portability layer; run, and PASS expected, where a GPU is.
#   install musify installed (cmake --install) into a prefix: found by
#           find_package(Musify 0.1) through CMAKE_PREFIX_PATH, which then runs the
#           installed musify with the installed tables; a newer version is refused.
#   errors  wrong calls and a missing musify fail at configure time, saying why.
# Exit 77 (skipped) when ninja or COMPILER is missing.
set -euo pipefail
mode=$1 musify_build=$2 work=$3 compiler=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cmake=${CMAKE:-cmake}
ninja=$(command -v "${NINJA:-ninja}" || true)

skip() { echo "SKIPPED: $*" >&2; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }
[[ -n "$ninja" ]] || skip "ninja not found (the test reads ninja's plan)"

rm -rf "$work"
mkdir -p "$work"

# configure NAME SOURCE_DIR ARGS...: configure into $work/NAME, with Ninja
# (or the generator GENERATOR names).
configure() {
  local name=$1 src=$2 generator=(-G Ninja -DCMAKE_MAKE_PROGRAM="$ninja")
  shift 2
  [[ -n "${GENERATOR:-}" ]] && generator=(-G "$GENERATOR")
  "$cmake" -S "$src" -B "$work/$name" "${generator[@]}" \
    -DMusify_DIR="$musify_build/cmake" "$@" >"$work/$name.configure.log" 2>&1 ||
    { cat "$work/$name.configure.log"; fail "configuring $name"; }
}

# build NAME LOG: build $work/NAME, output in LOG.
build() {
  "$cmake" --build "$work/$1" >"$2" 2>&1 || { cat "$2"; fail "building $1"; }
}

# no_cuda_names FILE...: no CUDA API name is left in the migrated files.
no_cuda_names() {
  if grep -nE '\bcuda[A-Z_][A-Za-z0-9_]*|cuda_runtime|\bCUDA_[A-Z]|__CUDA' "$@"; then
    fail "CUDA names left in the migration (above)"
  fi
}

# The example, migrated for API and built; checks shared by both APIs.
build_example() {
  local api=$1
  shift
  cp -r "$root/examples/cmake_project" "$work/src"
  configure example "$work/src" -DEXAMPLE_TARGET_API="$api" "$@"
  build example "$work/build1.log"
  mig=$work/example/musify/cmake_project
  grep -q "musify: migrating cmake_project to ${api^^}" "$work/build1.log" ||
    { cat "$work/build1.log"; fail "the first build did not run musify"; }
  for f in main.cpp scale.cu scale.cuh report.json; do
    [[ -f "$mig/$f" ]] || fail "migrated $mig/$f missing"
  done
  [[ -x "$work/example/cmake_project" ]] || fail "the program was not built"
  no_cuda_names "$mig/main.cpp" "$mig/scale.cu" "$mig/scale.cuh"
  python3 - "$mig/report.json" "$api" <<'EOF' || fail "the report does not match"
import json, sys
r = json.load(open(sys.argv[1]))
t = r["totals"]
assert r["target"] == sys.argv[2], r["target"]
assert t["files"] == 3 and t["migrated"] > 0, t
assert t["unsupported"] == 0 and t["unknown"] == 0 and t["conflicts"] == 0, t
EOF
  ok "built the ${api^^} migration of examples/cmake_project; no CUDA names left"
}

# edits_recompile_what_they_change BUILD SRC GENERATOR: in the example built
# in $work/BUILD from SRC, an edit re-runs musify and recompiles only the
# migrated files whose text changed; a header the sources include without
# listing it is migrated again when it is edited (musify's depfile).
edits_recompile_what_they_change() {
  local b=$1 src=$2 gen=$3 mig=$work/$1/musify/cmake_project
  step() { sleep 1 && "$@" && build "$b" "$work/$b.step.log"; }
  ran() { grep -q "musify: migrating cmake_project" "$work/$b.step.log"; }
  compiled() { grep -q "hipcc: compiling scale.cu" "$work/$b.step.log"; }
  # A host source edited to include a header that HEADERS does not list.
  printf '#pragma once\n#define EXTRA_SYNC() EXAMPLE_CHECK(cudaDeviceSynchronize())\n' >"$src/extra.h"
  step sed -i '$a #include "extra.h"\nvoid example_sync() { EXTRA_SYNC(); }' "$src/main.cpp"
  ran || fail "$gen: an edited source did not re-run musify"
  grep -q "hipDeviceSynchronize()" "$mig/extra.h" || fail "$gen: extra.h (not listed) not migrated"
  no_cuda_names "$mig/main.cpp" "$mig/extra.h"
  ! compiled || fail "$gen: an edit of main.cpp recompiled scale.cu, whose migration did not change"
  # A listed header touched, its text the same: migrated again, nothing recompiled.
  step touch "$src/scale.cuh"
  ran || fail "$gen: a touched header did not re-run musify"
  ! compiled || fail "$gen: a touched header whose migration did not change recompiled scale.cu"
  # A listed header edited: the device code that includes it recompiled.
  step sed -i '$a // edited' "$src/scale.cuh"
  compiled || fail "$gen: scale.cu not recompiled after an edit of scale.cuh"
  # The header nobody listed, edited: migrated again (musify's depfile), and
  # the source that includes it recompiled in the same build (once only in
  # the next: the build learns of the header from the compiler alone).
  step sed -i 's/cudaDeviceSynchronize()/cudaStreamSynchronize(0)/' "$src/extra.h"
  ran || fail "$gen: an edit of extra.h, included but not listed, did not re-run musify"
  grep -q "hipStreamSynchronize(0)" "$mig/extra.h" || fail "$gen: the edit of extra.h is not migrated"
  grep -q "main.cpp.o" "$work/$b.step.log" ||
    { cat "$work/$b.step.log"; fail "$gen: main.cpp, which includes the edited extra.h, not recompiled"; }
  ok "$gen: an edit re-runs musify and recompiles only what its migration changed, listed headers or not"
  # extra.h deleted while main.cpp includes it: the build fails and says
  # why (once a warning, and a build against the stale migrated copy).
  sleep 1 && rm "$src/extra.h"
  if "$cmake" --build "$work/$b" >"$work/$b.step.log" 2>&1; then
    cat "$work/$b.step.log"; fail "$gen: the build succeeded with extra.h deleted"
  fi
  grep -q "extra.h' is missing (a source includes it), but --out-root holds" "$work/$b.step.log" ||
    { cat "$work/$b.step.log"; fail "$gen: a deleted extra.h: not the message expected"; }
  # Re-created with new content: migrated again (once "no work to do": the
  # depfile no longer named it), main.cpp recompiled.
  printf '#pragma once\n#define EXTRA_SYNC() EXAMPLE_CHECK(cudaStreamSynchronize(nullptr))\n' >"$src/extra.h"
  step true
  ran || fail "$gen: extra.h re-created did not re-run musify"
  grep -q "hipStreamSynchronize(nullptr)" "$mig/extra.h" || fail "$gen: the re-created extra.h is not migrated"
  grep -q "main.cpp.o" "$work/$b.step.log" || fail "$gen: main.cpp not recompiled with the re-created extra.h"
  ok "$gen: a header deleted while included fails the build; re-created, it is migrated"
}

case $mode in
hip)
  [[ -n "$compiler" && -x "$compiler" ]] || skip "hipcc not found (install Debian's hipcc)"
  build_example hip -DHIPCC="$compiler" -DEXAMPLE_TRY_HIP_LANGUAGE=OFF
  grep -q '#include <hip/hip_runtime.h>' "$mig/scale.cuh" || fail "scale.cuh: no hip_runtime.h"
  grep -q 'hipMemcpyAsync' "$mig/main.cpp" || fail "main.cpp: no hipMemcpyAsync"
  grep -q 'hipStream_t stream' "$mig/scale.cu" || fail "scale.cu: no hipStream_t"
  grep -q 'hipcc: compiling scale.cu' "$work/build1.log" || fail "scale.cu not compiled by hipcc"

  # The migration step depends on the sources, musify and the HIP rule tables.
  query=$("$ninja" -C "$work/example" -t query "$mig/report.json")
  for dep in "$work/src/main.cpp" "$work/src/scale.cuh" "$musify_build/tool/musify" \
             "$root/rules/hip/runtime.json"; do
    grep -qF "$dep" <<<"$query" || { echo "$query"; fail "migration does not depend on $dep"; }
  done

  # Nothing changed: nothing to do, musify not run.
  "$ninja" -C "$work/example" -n -d explain >"$work/plan.log" 2>&1
  grep -q "no work to do" "$work/plan.log" || { cat "$work/plan.log"; fail "second build not empty"; }
  build example "$work/build2.log"
  ! grep -q "musify:" "$work/build2.log" || { cat "$work/build2.log"; fail "second build re-ran musify"; }
  ok "a second build does nothing"

  edits_recompile_what_they_change example "$work/src" Ninja

  # The same with Makefiles: a second build does not run musify, an edit
  # recompiles what its migration changed.
  command -v make >/dev/null || fail "make not found (install Debian's make)"
  cp -r "$root/examples/cmake_project" "$work/src-make"
  GENERATOR="Unix Makefiles" configure example-make "$work/src-make" \
    -DEXAMPLE_TARGET_API=hip -DHIPCC="$compiler" -DEXAMPLE_TRY_HIP_LANGUAGE=OFF
  build example-make "$work/make1.log"
  build example-make "$work/make2.log"
  ! grep -q "musify: migrating" "$work/make2.log" || { cat "$work/make2.log"; fail "Makefiles: a second build re-ran musify"; }
  edits_recompile_what_they_change example-make "$work/src-make" Makefiles

  # src/ + include/: -I for musify, the migrated include folder for the target.
  configure layout "$here/layout"
  build layout "$work/layout.log"
  lay=$work/layout/musify
  grep -q "layout_MIGRATED_INCLUDE_DIRS=$lay/layout/include;$here/layout/include" \
    "$work/layout.configure.log" || { cat "$work/layout.configure.log"; fail "layout_MIGRATED_INCLUDE_DIRS"; }
  grep -q "property MUSIFY_MIGRATED_HEADERS=$lay/layout/include/layout/api.cuh" \
    "$work/layout.configure.log" || fail "the MUSIFY_MIGRATED_HEADERS property"
  [[ -f "$work/layout/liblayout.a" ]] || fail "liblayout.a not built"
  grep -q "hipStreamCreateWithFlags" "$lay/layout/src/layout.cpp" || fail "layout.cpp not migrated to HIP"
  grep -q "musaStreamCreateWithFlags" "$lay/layout_musa/src/layout.cpp" || fail "layout_musa (NONE) not migrated"
  grep -q "musa_runtime.h" "$lay/layout_musa/include/layout/api.cuh" || fail "layout_musa header not migrated"
  no_cuda_names "$lay"/layout/src/layout.cpp "$lay"/layout/include/layout/api.cuh \
    "$lay"/layout_musa/src/layout.cpp "$lay"/layout_musa/include/layout/api.cuh
  ok "src/ + include/ layout: a STATIC library from the HIP migration, a MUSA migration (NONE)"
  ;;

musa)
  [[ -n "$compiler" && -x "$compiler" ]] || skip "nvcc not found"
  [[ -f "$musify_build/runtime/include/musa_runtime.h" ]] ||
    fail "the portability layer is not built ($musify_build/runtime/include)"
  arch=${MUSIFY_TEST_CUDA_ARCH:-80}
  build_example musa -DCMAKE_CUDA_COMPILER="$compiler" -DCMAKE_CUDA_ARCHITECTURES="$arch"
  grep -q '#include <musa_runtime.h>' "$mig/scale.cuh" || fail "scale.cuh: no musa_runtime.h"
  grep -q 'musaMemcpyAsync' "$mig/main.cpp" || fail "main.cpp: no musaMemcpyAsync"
  if nvidia-smi -L >/dev/null 2>&1; then
    "$work/example/cmake_project" | tee "$work/run.log"
    grep -q "cmake_project: .*PASS" "$work/run.log" || fail "the MUSA build did not PASS on this GPU"
    ok "the MUSA build runs on this GPU: PASS"
  else
    echo "note: no GPU: the MUSA build is not run"
  fi
  ;;

errors)
  # expect_error NAME REGEX [CMAKE ARGS]: configuring project NAME (the
  # CMakeLists.txt in $work/NAME.src) fails with a message matching REGEX.
  expect_error() {
    local name=$1 regex=$2
    shift 2
    if "$cmake" -S "$work/$name.src" -B "$work/$name" -G Ninja -DCMAKE_MAKE_PROGRAM="$ninja" "$@" \
      >"$work/$name.log" 2>&1; then
      cat "$work/$name.log"
      fail "$name: configuring succeeded"
    fi
    tr -s ' \n' ' ' <"$work/$name.log" | grep -qE "$regex" ||
      { cat "$work/$name.log"; fail "$name: no message matching '$regex'"; }
    ok "$name: $(grep -m1 -oE "$regex" <(tr -s ' \n' ' ' <"$work/$name.log"))"
  }
  # make_project NAME CALL: a project that calls CALL after find_package(Musify).
  make_project() {
    mkdir -p "$work/$1.src"
    echo 'int main() { return 0; }' >"$work/$1.src/a.cu"
    printf 'cmake_minimum_required(VERSION 3.20)\nproject(p NONE)\nfind_package(Musify REQUIRED)\n%s\n' \
      "$2" >"$work/$1.src/CMakeLists.txt"
  }
  with_musify=(-DMusify_DIR="$musify_build/cmake")
  make_project bad-api 'musify_migrate(a TARGET_API cuda SOURCES a.cu)'
  expect_error bad-api 'musify_migrate\(a\): TARGET_API must be one of hip, musa \(the targets of .*\), not .cuda.' "${with_musify[@]}"
  # A damaged target description (MUSIFY_RULES_DIR set after find_package).
  mkdir -p "$work/damaged-rules/broken"
  echo '{"target": "broken", "display_name": ' >"$work/damaged-rules/broken/target.json"
  make_project damaged-target "set(MUSIFY_RULES_DIR $work/damaged-rules)
musify_migrate(a TARGET_API broken SOURCES a.cu)"
  expect_error damaged-target "musify_migrate\(a\): '.*/broken/target.json' is no target description" "${with_musify[@]}"
  make_project no-api 'musify_migrate(a SOURCES a.cu)'
  expect_error no-api 'musify_migrate\(a\): TARGET_API <target> is required' "${with_musify[@]}"
  make_project missing-source 'musify_migrate(a TARGET_API hip SOURCES a.cu nowhere.cu)'
  expect_error missing-source "musify_migrate\(a\): 'nowhere.cu' does not exist" "${with_musify[@]}"
  make_project two-kinds 'musify_migrate(a TARGET_API hip EXECUTABLE STATIC SOURCES a.cu)'
  expect_error two-kinds 'give at most one of EXECUTABLE, STATIC, SHARED, OBJECT, NONE \(got EXECUTABLE STATIC\)' "${with_musify[@]}"
  make_project unknown-arg 'musify_migrate(a LIBRARY TARGET_API hip SOURCES a.cu)'
  expect_error unknown-arg 'musify_migrate\(a\): unknown arguments: LIBRARY' "${with_musify[@]}"
  make_project not-a-source 'musify_migrate(a TARGET_API hip SOURCES CMakeLists.txt)'
  expect_error not-a-source "'CMakeLists.txt' is not a CUDA or C\+\+ file" "${with_musify[@]}"
  make_project device-language 'musify_migrate(a TARGET_API hip EXECUTABLE DEVICE_LANGUAGE HIP SOURCES a.cu)'
  expect_error device-language 'DEVICE_LANGUAGE HIP: the project has not enabled that language' "${with_musify[@]}"
  make_project output-dir 'musify_migrate(a TARGET_API hip SOURCES a.cu OUTPUT_DIR ${CMAKE_CURRENT_SOURCE_DIR})'
  expect_error output-dir 'is a folder of the inputs' "${with_musify[@]}"
  # The config of a build tree whose musify is not where it says.
  make_project no-executable 'message(FATAL_ERROR "unreachable")'
  expect_error no-executable 'the musify executable is not at .*/nowhere/musify' \
    "${with_musify[@]}" -DMUSIFY_EXECUTABLE="$work/nowhere/musify"
  # Musify.cmake included directly, no musify on PATH.
  mkdir -p "$work/no-musify.src"
  echo 'int main() { return 0; }' >"$work/no-musify.src/a.cu"
  printf 'cmake_minimum_required(VERSION 3.20)\nproject(p NONE)\ninclude(%s)\nmusify_migrate(a TARGET_API hip SOURCES a.cu)\n' \
    "$root/cmake/Musify.cmake" >"$work/no-musify.src/CMakeLists.txt"
  expect_error no-musify 'the musify executable was not found' \
    -DCMAKE_FIND_USE_CMAKE_SYSTEM_PATH=OFF \
    -DCMAKE_FIND_USE_SYSTEM_ENVIRONMENT_PATH=OFF
  # And a right call configures.
  make_project right 'musify_migrate(a TARGET_API hip SOURCES a.cu)'
  "$cmake" -S "$work/right.src" -B "$work/right" -G Ninja -DCMAKE_MAKE_PROGRAM="$ninja" \
    "${with_musify[@]}" >"$work/right.log" 2>&1 ||
    { cat "$work/right.log"; fail "a right call does not configure"; }
  ok "right: a right call configures"
  # DEVICE_LANGUAGE NONE names the language, not the kind of target (once
  # "no value given for DEVICE_LANGUAGE", or two kinds with STATIC).
  make_project device-none 'enable_language(CXX)
musify_migrate(a TARGET_API hip STATIC DEVICE_LANGUAGE NONE SOURCES a.cu b.cpp)
get_source_file_property(listed_only "${a_MIGRATED_DEVICE_SOURCES}" HEADER_FILE_ONLY)
message(STATUS "device sources listed, not compiled: ${listed_only}")
musify_migrate(n TARGET_API musa DEVICE_LANGUAGE NONE SOURCES a.cu OUTPUT_DIR n)'
  echo 'int f() { return 1; }' >"$work/device-none.src/b.cpp"
  "$cmake" -S "$work/device-none.src" -B "$work/device-none" -G Ninja -DCMAKE_MAKE_PROGRAM="$ninja" \
    "${with_musify[@]}" >"$work/device-none.log" 2>&1 ||
    { cat "$work/device-none.log"; fail "DEVICE_LANGUAGE NONE does not configure"; }
  grep -q "device sources listed, not compiled: ON" "$work/device-none.log" &&
    grep -q "liba.a" "$work/device-none/build.ninja" ||
    { cat "$work/device-none.log"; fail "DEVICE_LANGUAGE NONE: not a STATIC library with listed device sources"; }
  ok "device-none: DEVICE_LANGUAGE NONE with STATIC, and without a kind, configures"
  ;;

install)
  prefix=$work/prefix
  "$cmake" --install "$musify_build" --prefix "$prefix" >"$work/install.log" 2>&1 ||
    { cat "$work/install.log"; fail "cmake --install"; }
  for f in bin/musify lib/cmake/Musify/MusifyConfig.cmake lib/cmake/Musify/MusifyConfigVersion.cmake \
           lib/cmake/Musify/Musify.cmake share/musify/rules/musa/runtime.json; do
    [[ -f "$prefix/$f" ]] || fail "not installed: $f"
  done
  mkdir -p "$work/installed.src"
  cp "$root/examples/cmake_project/scale.cu" "$root/examples/cmake_project/scale.cuh" "$work/installed.src"
  printf '%s\n' 'cmake_minimum_required(VERSION 3.20)' 'project(p NONE)' \
    'find_package(Musify 0.1 REQUIRED)' \
    'message(STATUS "musify: ${MUSIFY_EXECUTABLE}")' \
    'musify_migrate(installed TARGET_API musa SOURCES scale.cu HEADERS scale.cuh)' \
    >"$work/installed.src/CMakeLists.txt"
  "$cmake" -S "$work/installed.src" -B "$work/installed" -G Ninja -DCMAKE_MAKE_PROGRAM="$ninja" \
    -DCMAKE_PREFIX_PATH="$prefix" >"$work/installed.configure.log" 2>&1 ||
    { cat "$work/installed.configure.log"; fail "configuring against the installed musify"; }
  grep -q "musify: $prefix/bin/musify" "$work/installed.configure.log" ||
    { cat "$work/installed.configure.log"; fail "the installed musify was not found"; }
  "$ninja" -C "$work/installed" -v >"$work/installed.log" 2>&1 ||
    { cat "$work/installed.log"; fail "building against the installed musify"; }
  grep -qF -- "$prefix/bin/musify --target=musa" "$work/installed.log" &&
    grep -qF -- "--rules-dir=$prefix/share/musify/rules" "$work/installed.log" ||
    { cat "$work/installed.log"; fail "the installed musify and tables were not used"; }
  grep -q "musaGetLastError" "$work/installed/musify/installed/scale.cu" || fail "scale.cu not migrated"
  ok "find_package(Musify 0.1) finds the installed musify, which migrates"
  sed -i 's/find_package(Musify 0.1 REQUIRED)/find_package(Musify 99.0 REQUIRED)/' \
    "$work/installed.src/CMakeLists.txt"
  if "$cmake" -S "$work/installed.src" -B "$work/installed99" -G Ninja -DCMAKE_MAKE_PROGRAM="$ninja" \
     -DCMAKE_PREFIX_PATH="$prefix" >"$work/installed99.log" 2>&1 ||
     ! grep -q 'version: 0.1' "$work/installed99.log"; then
    cat "$work/installed99.log"
    fail "find_package(Musify 99.0) did not refuse version 0.1"
  fi
  ok "find_package(Musify 99.0) refuses 0.1"
  ;;

*)
  fail "unknown mode '$mode' (hip, musa, install, errors)"
  ;;
esac
echo "PASS: musify_migrate $mode"
