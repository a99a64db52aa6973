// Comments and string literals are not code: left alone by default.
// RUN: %musify %s -- | FileCheck %s
#include <cuda_runtime.h>
#include <cstdio>

/* cudaMalloc allocates; see cudaFree. */
void f(void **p) {
  // call cudaMalloc here
  std::printf("cudaMalloc failed: CUDA_VISIBLE_DEVICES=%s\n", "cudaSuccess");
  cudaMalloc(p, 16);
}
// CHECK: /* cudaMalloc allocates; see cudaFree. */
// CHECK: // call cudaMalloc here
// CHECK: std::printf("cudaMalloc failed: CUDA_VISIBLE_DEVICES=%s\n", "cudaSuccess");
// CHECK: musaMalloc(p, 16);
