// The library's kernels, shared by saxpy.cu and reduce.cu: a templated
// element-wise kernel and a block sum built on a warp reduction.
#pragma once
#include "check.cuh"

constexpr int kBlock = 256;

template <typename T> static __global__ void axpy(T a, const T *x, T *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__device__ inline float warp_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

// Loads through the read-only cache where the architecture has it; the same
// value either way.
__device__ inline float load(const float *p) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __ldg(p);
#else
  return *p;
#endif
}

static __global__ void block_sums(const float *in, float *out, int n) {
  __shared__ float partial[kBlock / 32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? load(in + i) : 0.0f;
  v = warp_sum(v);
  int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  // Every warp reduces the partials, so every thread takes part in each
  // shuffle (the HIP CPU runtime's shuffles are block-wide barriers); the
  // first thread writes the result.
  v = lane < blockDim.x / warpSize ? partial[lane] : 0.0f;
  v = warp_sum(v);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}
