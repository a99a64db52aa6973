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
ctest --output-on-failure -j "$(nproc)"
"$MUSIFY_ROOT/scripts/sanitize.sh"
