// Standardise a vector, z = (x - mean) / stddev, in ONE kernel launch.
// The two-pass statistics need grid-wide barriers: pass 1 sums x, pass 2 sums
// (x - mean)^2, each followed by cg::this_grid().sync(). Warp-level sums use
// cg::thread_block_tile<32> (shfl_down by hand, and cg::reduce for the max).
// The kernel is launched with cudaLaunchCooperativeKernel after sizing the
// grid with cudaOccupancyMaxActiveBlocksPerMultiprocessor so that every block
// is co-resident, as grid sync requires.
// Prints PASS when mean, stddev, max |z| and every z match the CPU.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

#include <algorithm>
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

namespace cg = cooperative_groups;

constexpr int kBlock = 256;
constexpr int kTiles = kBlock / 32;

__device__ float tileSum(cg::thread_block_tile<32> tile, float v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  return v;  // valid in lane 0
}

// Sum of v over the block, returned to every thread of the block.
__device__ float blockSum(cg::thread_block block,
                          cg::thread_block_tile<32> tile, float v,
                          float *scratch) {
  v = tileSum(tile, v);
  if (tile.thread_rank() == 0)
    scratch[tile.meta_group_rank()] = v;
  block.sync();
  float total = 0.0f;
  for (int t = 0; t < kTiles; ++t)
    total += scratch[t];
  block.sync();  // scratch may be reused right away
  return total;
}

// stats[0] = mean, stats[1] = stddev, stats[2] = max |z|.
__global__ void standardize(const float *__restrict__ x, float *__restrict__ z,
                            float *partial, float *stats, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  __shared__ float scratch[kTiles];
  const size_t first = grid.thread_rank();
  const size_t stride = grid.size();
  const int blocks = gridDim.x;

  // Pass 1: mean.
  float s = 0.0f;
  for (size_t i = first; i < n; i += stride)
    s += x[i];
  s = blockSum(block, tile, s, scratch);
  if (block.thread_rank() == 0)
    partial[blockIdx.x] = s;
  grid.sync();
  // Every block reduces the partials in the same order, so all agree exactly.
  s = 0.0f;
  for (int b = block.thread_rank(); b < blocks; b += block.size())
    s += partial[b];
  const float mean = blockSum(block, tile, s, scratch) / n;
  grid.sync();  // everyone has read `partial` before it is overwritten

  // Pass 2: variance.
  float q = 0.0f;
  for (size_t i = first; i < n; i += stride) {
    const float d = x[i] - mean;
    q += d * d;
  }
  q = blockSum(block, tile, q, scratch);
  if (block.thread_rank() == 0)
    partial[blockIdx.x] = q;
  grid.sync();
  q = 0.0f;
  for (int b = block.thread_rank(); b < blocks; b += block.size())
    q += partial[b];
  const float stddev = sqrtf(blockSum(block, tile, q, scratch) / n);

  // Pass 3: write z and track max |z| per tile with cg::reduce.
  float zmax = 0.0f;
  for (size_t i = first; i < n; i += stride) {
    const float v = (x[i] - mean) / stddev;
    z[i] = v;
    zmax = fmaxf(zmax, fabsf(v));
  }
  zmax = cg::reduce(tile, zmax, cg::greater<float>());
  if (tile.thread_rank() == 0)
    atomicMax(reinterpret_cast<int *>(&stats[2]), __float_as_int(zmax));
  if (grid.thread_rank() == 0) {
    stats[0] = mean;
    stats[1] = stddev;
  }
}

int main() {
  const int n = 1 << 22;
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  if (!prop.cooperativeLaunch) {
    std::printf("coop_groups: device %s lacks cooperative launch FAIL\n",
                prop.name);
    return EXIT_FAILURE;
  }
  int blocksPerSm = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &blocksPerSm, standardize, kBlock, 0));
  const int grid = blocksPerSm * prop.multiProcessorCount;
  if (grid == 0) {
    std::printf("coop_groups: kernel cannot be resident FAIL\n");
    return EXIT_FAILURE;
  }

  std::vector<float> h(n);
  unsigned state = 31337u;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    h[i] = 10.0f + 3.0f * ((state >> 8) / float(1 << 23) - 1.0f) +
           std::sin(0.001f * i);
  }

  float *dX, *dZ, *dPartial, *dStats;
  CUDA_CHECK(cudaMalloc(&dX, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dZ, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dPartial, grid * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dStats, 3 * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dX, h.data(), n * sizeof(float),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dStats, 0, 3 * sizeof(float)));  // 0.0f bits for max

  int nArg = n;
  void *args[] = {&dX, &dZ, &dPartial, &dStats, &nArg};
  CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<void *>(standardize),
                                         dim3(grid), dim3(kBlock), args, 0,
                                         nullptr));
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<float> z(n);
  float stats[3];
  CUDA_CHECK(cudaMemcpy(z.data(), dZ, n * sizeof(float),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(stats, dStats, sizeof(stats), cudaMemcpyDeviceToHost));

  double sum = 0.0;
  for (float v : h)
    sum += v;
  const double mean = sum / n;
  double sq = 0.0;
  for (float v : h)
    sq += (v - mean) * (v - mean);
  const double stddev = std::sqrt(sq / n);
  double zErr = 0.0, zmax = 0.0;
  for (int i = 0; i < n; ++i) {
    const double ref = (h[i] - mean) / stddev;
    zErr = std::max(zErr, std::fabs(z[i] - ref));
    zmax = std::max(zmax, std::fabs(ref));
  }
  const bool ok = std::fabs(stats[0] - mean) <= 1e-4 * std::fabs(mean) &&
                  std::fabs(stats[1] - stddev) <= 1e-4 * stddev &&
                  std::fabs(stats[2] - zmax) <= 1e-3 && zErr <= 1e-3;
  std::printf("coop_groups: grid=%d (%d/SM) mean %.5f/%.5f std %.5f/%.5f "
              "max|z| %.4f/%.4f z err %.2e %s\n",
              grid, blocksPerSm, stats[0], mean, stats[1], stddev, stats[2],
              zmax, zErr, ok ? "PASS" : "FAIL");

  CUDA_CHECK(cudaFree(dX));
  CUDA_CHECK(cudaFree(dZ));
  CUDA_CHECK(cudaFree(dPartial));
  CUDA_CHECK(cudaFree(dStats));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
