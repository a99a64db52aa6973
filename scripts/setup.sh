# Shared by demo.sh and test.sh (sourced, not run): installs the Debian packages
# musify needs, then configures and builds it. Safe to run again: it installs
# only what is missing and rebuilds only what changed.

MUSIFY_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MUSIFY_BUILD=${MUSIFY_BUILD:-$MUSIFY_ROOT/build}

# What building musify needs; tests add hipcc, GoogleTest, jsonschema, make
# (a migrated Makefile project is built with hipcc), clang-format, clang-tidy,
# flake8 (scripts/lint.sh checks the Python),
# Chromium (the HTML report is checked in a browser), PyTorch's headers (the
# extension tests parse against them), and the sanitizer runtimes and libFuzzer
# of clang-19 (scripts/sanitize.sh), and TBB (the HIP CPU runtime runs migrated
# programs on it), and ccache (rebuilds of unchanged sources are copies).
MUSIFY_BUILD_PACKAGES=(cmake ninja-build g++ python3 llvm-19-dev libclang-19-dev
  clang-19 llvm-19-tools nlohmann-json3-dev libzstd-dev libomp-19-dev)
MUSIFY_TEST_PACKAGES=(libgtest-dev hipcc make python3-jsonschema python3-clang-19
  libhipsparse-dev libhiprand-dev librocprim-dev librocrand-dev clang-format-19 clang-tidy-19
  flake8 chromium libtorch-dev pybind11-dev python3-dev libclang-rt-19-dev libtbb-dev
  libgl-dev ccache)

musify_install_packages() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$pkg")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  echo "musify setup: installing ${missing[*]}" >&2
  local sudo=()
  [[ $(id -u) -ne 0 ]] && sudo=(sudo)
  "${sudo[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# ccache, where it is installed, keeps the compiled objects of every build
# folder (the sanitizer builds too): a rebuild of unchanged sources is a copy.
# Paths under the checkout count relative to it, so another clone hits too.
musify_compiler_launcher() {
  local launcher=
  command -v ccache >/dev/null && launcher=ccache
  echo "-DCMAKE_C_COMPILER_LAUNCHER=$launcher" "-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher"
}

musify_build() {
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$MUSIFY_ROOT}
  # shellcheck disable=SC2046
  cmake -S "$MUSIFY_ROOT" -B "$MUSIFY_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    $(musify_compiler_launcher) "$@" >/dev/null
  cmake --build "$MUSIFY_BUILD"
}
