#!/usr/bin/env bash
# Installs what musify and its tests need, builds everything and runs every
# test: unit (GoogleTest), lit (output checks) and end-to-end (hipcc builds),
# then the sanitizer builds and the fuzzers (scripts/sanitize.sh).
# Tests that need a GPU say "skipped: no GPU" where there is none.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
musify_install_packages "${MUSIFY_BUILD_PACKAGES[@]}" "${MUSIFY_TEST_PACKAGES[@]}"
musify_build -DMUSIFY_BUILD_TESTS=ON
cd "$MUSIFY_BUILD"
# The compilers the tests run (clang's offload steps) leave empty folders in
# $TMPDIR: the tests get a temporary folder of their own, removed at the end.
TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/musify-tests.XXXXXX")
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
ctest --output-on-failure -j "$(nproc)"
"$MUSIFY_ROOT/scripts/sanitize.sh"
