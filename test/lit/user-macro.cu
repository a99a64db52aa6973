// CUDA names inside a macro the user defines are rewritten once, where they are
// written; arguments of the macro are rewritten where they are written too.
// RUN: %musify %s -- | FileCheck %s --check-prefix=MUSA
// RUN: %musify --target=hip %s -- | FileCheck %s --check-prefix=HIP
#include <cuda_runtime.h>
#include <cstdio>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess)                                                      \
      std::printf("%s\n", cudaGetErrorString(e));                              \
  } while (0)

void f(float **p) {
  CHECK(cudaMalloc(p, 64));
  CHECK(cudaMemset(*p, 0, 64));
  CHECK(cudaFree(*p));
}
// MUSA:      musaError_t e = (call);
// MUSA-NEXT: if (e != musaSuccess)
// MUSA-NEXT: std::printf("%s\n", musaGetErrorString(e));
// MUSA:      CHECK(musaMalloc(p, 64));
// MUSA-NEXT: CHECK(musaMemset(*p, 0, 64));
// MUSA-NEXT: CHECK(musaFree(*p));

// HIP:      hipError_t e = (call);
// HIP-NEXT: if (e != hipSuccess)
// HIP-NEXT: std::printf("%s\n", hipGetErrorString(e));
// HIP:      CHECK(hipMalloc(p, 64));
// HIP-NEXT: CHECK(hipMemset(*p, 0, 64));
// HIP-NEXT: CHECK(hipFree(*p));
