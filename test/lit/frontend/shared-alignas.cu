// nvcc accepts alignas after a memory-space macro; Clang only before. musify
// parses it without touching the text.
// RUN: %nvcc-check %s
// RUN: %musify %s | FileCheck %s
#include <cuda_runtime.h>

__device__ alignas(16) float lookup[256];

__global__ void transpose_tile(const float *in, float *out, int n) {
  __shared__ alignas(16) float tile[32][33];
  __shared__   alignas(alignof(float4)) float staging[128];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  if (x < n && y < n)
    tile[threadIdx.y][threadIdx.x] = in[y * n + x] + lookup[threadIdx.x] + staging[0];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  if (x < n && y < n)
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
// CHECK: __device__ alignas(16) float lookup[256];
// CHECK: __shared__ alignas(16) float tile[32][33];
// CHECK: __shared__   alignas(alignof(float4)) float staging[128];
