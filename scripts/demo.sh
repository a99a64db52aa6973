#!/usr/bin/env bash
# Installs what musify needs, builds it, and migrates the bundled vector-add
# example to MUSA, printing the migrated code and a one-line summary.
# Usage: scripts/demo.sh [musify options, e.g. --target=hip]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
musify_install_packages "${MUSIFY_BUILD_PACKAGES[@]}"
musify_build -DMUSIFY_BUILD_TESTS=OFF
"$MUSIFY_BUILD/tool/musify" "$@" "$MUSIFY_ROOT/examples/vector_add/vector_add.cu"
