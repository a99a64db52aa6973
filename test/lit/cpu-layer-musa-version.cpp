// The CPU flavour of the MUSA layer stands for the same MUSA version as the
// NVIDIA one (MUSIFY_MUSA_VERSION, in MUSA's numbering), not for the CUDA SDK
// the code was parsed against: code written for MUSA that tests
// MUSART_VERSION < 40300 takes, on the CPU, the branch it takes on that MUSA.
// REQUIRES: compilers
// RUN: g++ %cpu-musa-flags -fsyntax-only %s
#include <musa_runtime.h>

#if !defined(MUSART_VERSION) || MUSART_VERSION != MUSIFY_LAYER_MUSA_VERSION || \
    MUSART_VERSION < 40000 || MUSART_VERSION % 100 != 0
#error "MUSART_VERSION must be the layer's MUSA version, in MUSA's numbering"
#endif

int main() { return 0; }
