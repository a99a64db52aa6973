// Sum reduction of a large float array.
// Each block reduces a grid-stride slice: first per-warp with __shfl_down_sync,
// then the warp partials through shared memory. A second launch of the same
// kernel reduces the per-block partial sums to a single value.
// Prints PASS when the GPU sum matches a double-precision CPU sum.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err_));                                  \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

constexpr int kBlock = 256;
constexpr int kWarp = 32;
constexpr unsigned kFullMask = 0xffffffffu;

__device__ __forceinline__ float warpReduceSum(float v) {
  for (int offset = kWarp / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(kFullMask, v, offset);
  return v;
}

// Reduces in[0..n) into out[blockIdx.x]. Requires blockDim.x == kBlock.
__global__ void blockReduceSum(const float *__restrict__ in,
                               float *__restrict__ out, int n) {
  __shared__ float warpSums[kBlock / kWarp];

  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    sum += in[i];

  const int lane = threadIdx.x % kWarp;
  const int warp = threadIdx.x / kWarp;
  sum = warpReduceSum(sum);
  if (lane == 0)
    warpSums[warp] = sum;
  __syncthreads();

  // The first warp's lanes reduce the per-warp partials. Every warp runs
  // this stage, so every thread of the block takes part in each shuffle: a
  // runtime whose shuffles are block-wide barriers (the HIP CPU runtime's)
  // needs that. Only the first thread's result is written.
  sum = (lane < blockDim.x / kWarp) ? warpSums[lane] : 0.0f;
  sum = warpReduceSum(sum);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}

int main() {
  const int n = 1 << 24;
  const size_t bytes = size_t(n) * sizeof(float);

  int device = 0, smCount = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(
      cudaDeviceGetAttribute(&smCount, cudaDevAttrMultiProcessorCount, device));
  // A few blocks per SM is enough for a grid-stride loop. The second pass is
  // a single block whose threads stride over the `grid` partial sums.
  const int grid = smCount * 4;

  std::vector<float> h(n);
  unsigned state = 12345u;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;  // LCG, values in [-1, 1)
    h[i] = (state >> 8) / float(1 << 23) - 1.0f;
  }

  float *dIn = nullptr, *dPartial = nullptr, *dResult = nullptr;
  CUDA_CHECK(cudaMalloc(&dIn, bytes));
  CUDA_CHECK(cudaMalloc(&dPartial, grid * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dResult, sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dIn, h.data(), bytes, cudaMemcpyHostToDevice));

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  CUDA_CHECK(cudaEventRecord(start));
  blockReduceSum<<<grid, kBlock>>>(dIn, dPartial, n);
  CUDA_CHECK(cudaGetLastError());
  blockReduceSum<<<1, kBlock>>>(dPartial, dResult, grid);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

  float gpuSum = 0.0f;
  CUDA_CHECK(cudaMemcpy(&gpuSum, dResult, sizeof(float),
                        cudaMemcpyDeviceToHost));

  double cpuSum = 0.0, absSum = 0.0;
  for (int i = 0; i < n; ++i) {
    cpuSum += h[i];
    absSum += std::fabs(h[i]);
  }
  // Float accumulation error grows with the magnitude of the terms, not of
  // the (cancelling) result, so scale the tolerance by the sum of |x|.
  const double tol = 1e-5 * absSum;
  const double err = std::fabs(double(gpuSum) - cpuSum);
  const bool ok = err <= tol;

  std::printf("reduction: n=%d grid=%d gpu=%.6f cpu=%.6f |err|=%.3e tol=%.3e "
              "%.3f ms %s\n",
              n, grid, gpuSum, cpuSum, err, tol, ms, ok ? "PASS" : "FAIL");

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dPartial));
  CUDA_CHECK(cudaFree(dResult));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
