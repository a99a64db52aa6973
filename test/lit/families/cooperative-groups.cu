// Cooperative groups: this_thread_block, tiled_partition<32> with a tile
// shuffle, this_grid with a grid-wide sync, launched through
// cudaLaunchCooperativeKernel after an occupancy query. MUSA keeps
// <cooperative_groups.h>; HIP has hip/hip_cooperative_groups.h with the same
// namespace and names, and takes the kernel as const void *. The HIP output
// compiles for gfx90a.
// Comment lines are dropped from the output before checking, so an expected
// line below can never match itself.
// RUN: %nvcc-check %s
// RUN: %musify %s -o %t.mu 2> %t.musa.err
// RUN: grep -v '^[[:space:]]*//' %t.mu | FileCheck %s --match-full-lines --check-prefix=MUSA --implicit-check-not=cuda
// RUN: FileCheck %s --match-full-lines --check-prefix=MUSA-DIAG --implicit-check-not=warning: < %t.musa.err
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --match-full-lines --check-prefix=HIP --implicit-check-not=cuda
// RUN: FileCheck %s --match-full-lines --check-prefix=HIP-DIAG --implicit-check-not=warning: < %t.hip.err
// RUN: %hipcc-check %t.hip
#include <cuda_runtime.h>
#include <cooperative_groups.h>
// MUSA:      #include <musa_runtime.h>
// MUSA-NEXT: #include <cooperative_groups.h>
// HIP:       #include <hip/hip_runtime.h>
// HIP-NEXT:  #include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

// Each block sums its slice through 32-thread tiles; after a grid-wide sync,
// block 0 adds up the per-block partial sums.
__global__ void grid_sum(const float *in, float *partial, float *result, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  cg::grid_group grid = cg::this_grid();

  float v = 0.0f;
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    v += in[i];
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  if (tile.thread_rank() == 0)
    atomicAdd(&partial[blockIdx.x], v);
  block.sync();

  grid.sync();
  if (blockIdx.x == 0 && block.thread_rank() == 0) {
    float total = 0.0f;
    for (unsigned b = 0; b < gridDim.x; ++b)
      total += partial[b];
    *result = total;
  }
}
// MUSA:      namespace cg = cooperative_groups;
// MUSA:      __global__ void grid_sum(const float *in, float *partial, float *result, int n) {
// MUSA-NEXT:   cg::thread_block block = cg::this_thread_block();
// MUSA-NEXT:   cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
// MUSA-NEXT:   cg::grid_group grid = cg::this_grid();
// MUSA:          v += tile.shfl_down(v, offset);
// MUSA:        block.sync();
// MUSA:        grid.sync();

// HIP:       namespace cg = cooperative_groups;
// HIP:       __global__ void grid_sum(const float *in, float *partial, float *result, int n) {
// HIP-NEXT:    cg::thread_block block = cg::this_thread_block();
// HIP-NEXT:    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
// HIP-NEXT:    cg::grid_group grid = cg::this_grid();
// HIP:           v += tile.shfl_down(v, offset);
// HIP:         block.sync();
// HIP:         grid.sync();

cudaError_t launch_grid_sum(const float *in, float *partial, float *result, int n,
                            cudaStream_t stream) {
  int device = 0, blocks_per_sm = 0;
  cudaDeviceProp prop;
  cudaGetDevice(&device);
  cudaGetDeviceProperties(&prop, device);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, grid_sum, 256, 0);
  dim3 grid(prop.multiProcessorCount * blocks_per_sm), block(256);
  void *args[] = {&in, &partial, &result, &n};
  return cudaLaunchCooperativeKernel((void *)grid_sum, grid, block, args, 0, stream);
}
// MUSA:      musaError_t launch_grid_sum(const float *in, float *partial, float *result, int n,
// MUSA-NEXT:                             musaStream_t stream) {
// MUSA-NEXT:   int device = 0, blocks_per_sm = 0;
// MUSA-NEXT:   musaDeviceProp prop;
// MUSA-NEXT:   musaGetDevice(&device);
// MUSA-NEXT:   musaGetDeviceProperties(&prop, device);
// MUSA-NEXT:   musaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, grid_sum, 256, 0);
// MUSA-NEXT:   dim3 grid(prop.multiProcessorCount * blocks_per_sm), block(256);
// MUSA-NEXT:   void *args[] = {&in, &partial, &result, &n};
// MUSA-NEXT:   return musaLaunchCooperativeKernel((void *)grid_sum, grid, block, args, 0, stream);

// The cast HIP's const void * parameter needs is added around the user's own
// (void *) cast: redundant, but valid.
// HIP:       hipError_t launch_grid_sum(const float *in, float *partial, float *result, int n,
// HIP-NEXT:                              hipStream_t stream) {
// HIP-NEXT:    int device = 0, blocks_per_sm = 0;
// HIP-NEXT:    hipDeviceProp_t prop;
// HIP-NEXT:    hipGetDevice(&device);
// HIP-NEXT:    hipGetDeviceProperties(&prop, device);
// HIP-NEXT:    hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, grid_sum, 256, 0);
// HIP-NEXT:    dim3 grid(prop.multiProcessorCount * blocks_per_sm), block(256);
// HIP-NEXT:    void *args[] = {&in, &partial, &result, &n};
// HIP-NEXT:    return hipLaunchCooperativeKernel(reinterpret_cast<const void*>((void *)grid_sum), grid, block, args, 0, stream);

// MUSA-DIAG: musify: 1 file to {{MUSA}}: 22 references: 8 migrated, 0 migrated without semantics, 14 kept, 0 unsupported, 0 unknown
// HIP-DIAG:  musify: 1 file to {{HIP}}: 22 references: 9 migrated, 0 migrated without semantics, 13 kept, 0 unsupported, 0 unknown
