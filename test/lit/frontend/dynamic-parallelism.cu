// Kernels that launch kernels (nvcc -rdc=true) parse: musify parses with
// relocatable device code.
// RUN: %nvcc-check -rdc=true %s
// RUN: %musify %s | FileCheck %s
#include <cuda_runtime.h>

__global__ void refine(float *cells, int offset, int count) {
  int i = offset + blockIdx.x * blockDim.x + threadIdx.x;
  if (i < offset + count)
    cells[i] *= 0.5f;
}

__global__ void adaptive(float *cells, const int *needs_refinement, int tiles, int tile) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < tiles && needs_refinement[t]) {
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    refine<<<(tile + 127) / 128, 128, 0, s>>>(cells, t * tile, tile);
    cudaStreamDestroy(s);
  }
}
// CHECK: musaStream_t s;
// CHECK-NEXT: musaStreamCreateWithFlags(&s, musaStreamNonBlocking);
// CHECK-NEXT: // musify-device-launch: 'refine<<<(tile + 127) / 128, 128, 0, s>>>(cells, t * tile, tile)': a kernel launched from device code (dynamic parallelism): MUSA does not support it
// CHECK-NEXT: refine<<<(tile + 127) / 128, 128, 0, s>>>(cells, t * tile, tile);
