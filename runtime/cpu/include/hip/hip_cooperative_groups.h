/* musify's CPU layer: the block-level part of cooperative groups over the
 * HIP CPU runtime, which has none (runtime/cpu/README.md). A thread block is
 * the runtime's block: its sync() is __syncthreads(). Grid and multi-grid
 * groups (cooperative launches) and tiled partitions are not here: code that
 * uses them does not build, and musify-validate names what is missing. */
#ifndef MUSIFY_CPU_HIP_COOPERATIVE_GROUPS_H_
#define MUSIFY_CPU_HIP_COOPERATIVE_GROUPS_H_
#include <hip/hip_runtime.h>

namespace cooperative_groups {
class thread_block {
public:
  void sync() const { __syncthreads(); }
  unsigned thread_rank() const {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  }
  unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
  unsigned num_threads() const { return size(); }
  dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  dim3 dim_threads() const { return group_dim(); }
};
inline thread_block this_thread_block() { return thread_block(); }
inline void sync(const thread_block &block) { block.sync(); }
} // namespace cooperative_groups
#endif
