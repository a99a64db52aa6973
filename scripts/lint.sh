#!/usr/bin/env bash
# Style checks, run by CI as the ctest test "lint": flake8 (.flake8, with
# functions of at most 80 lines) on the project's Python, clang-format
# (.clang-format) on every C++ file of the engine and its unit tests, and
# clang-tidy (.clang-tidy) on the engine's sources, one unit a folder of tool/lib.
#   scripts/lint.sh BUILD_DIR          every source (what CI runs)
#   scripts/lint.sh BUILD_DIR REV      only the sources changed since REV
# BUILD_DIR holds compile_commands.json (CMAKE_EXPORT_COMPILE_COMMANDS is on).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:?usage: lint.sh BUILD_DIR [REV]}
cd "$root"

# The Python: *.py files and the scripts whose first line runs python3.
mapfile -t python < <({
  git ls-files '*.py'
  git grep -lE '^#!.*python3?$' -- ':(exclude)*.py'
} | sort -u)
echo "lint: flake8 on ${#python[@]} files"
flake8 "${python[@]}"

mapfile -t cxx < <(git ls-files 'tool/*.cpp' 'tool/*.h' 'test/unit/*.cpp' 'test/unit/*.h')
echo "lint: clang-format on ${#cxx[@]} files"
clang-format-19 --dry-run -Werror "${cxx[@]}"

if [[ $# -ge 2 ]]; then
  mapfile -t sources < <(git diff --name-only --diff-filter=d "$2" -- 'tool/*.cpp')
else
  mapfile -t sources < <(git ls-files 'tool/*.cpp')
fi
echo "lint: clang-tidy on ${#sources[@]} files"
[[ ${#sources[@]} -eq 0 ]] && exit 0
# Every source: one unit a folder of tool/lib (scripts/tidy_units.py), as the
# unity builds compile them, so that LLVM's and Clang's headers are parsed
# once a folder, not once a file; the diagnostics still name each source.
# Changed sources: each alone.
units=("${sources[@]}") db=$build
if [[ $# -lt 2 ]]; then
  db=$(mktemp -d "${TMPDIR:-/tmp}/musify-tidy.XXXXXX")
  trap 'rm -rf "$db"' EXIT
  python3 scripts/tidy_units.py "$build" "$db" "${sources[@]}" >"$db/units.txt" || exit 2
  mapfile -t units <"$db/units.txt"
  echo "lint: in ${#units[@]} units"
fi
# One clang-tidy per unit, as many at once as there are cores. libstdc++ 12
# marks get_temporary_buffer deprecated and its own std::stable_sort uses it,
# which Clang 19 reports at every stable_sort; the -Werror build (g++) still
# reports deprecated uses in musify's own code.
found=$(printf '%s\n' "${units[@]}" |
  xargs -P "$(nproc)" -I{} clang-tidy-19 --quiet --config-file="$root/.clang-tidy" \
    --extra-arg=-Wno-deprecated-declarations \
    -p "$db" {} 2>&1 |
  grep -E "(warning|error):" || true)
if [[ -n $found ]]; then
  echo "$found"
  echo "lint: clang-tidy found the problems above" >&2
  exit 1
fi
echo "lint: OK"
