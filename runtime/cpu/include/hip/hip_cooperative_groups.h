/* musify's CPU layer: the block-level part of cooperative groups over the
 * HIP CPU runtime, which has none (runtime/cpu/README.md): thread_group,
 * thread_block, thread_block_tile and tiled_partition, reduce.
 *
 * A thread block is the runtime's block: its sync() is __syncthreads(). Tiles
 * are runs of consecutive thread ranks (x fastest), as on a GPU; their
 * shuffles, votes and reductions are musify_cpu/lanes.h's, exact for every
 * block shape and for partial tiles. The runtime has no barrier narrower than
 * the block: a tile's (or a thread_group's) sync(), shuffles, votes and
 * reductions are block-wide barriers, so every thread of the block must call
 * them, the same number of times (code where all tiles run the same steps, the
 * usual case, computes what it computes on a GPU; code where only some tiles
 * do does not run here).
 *
 * Not here: grid and multi-grid groups (cooperative launches: musify-validate
 * skips such programs), and coalesced groups (coalesced_threads() is the set
 * of threads that reached the call together, which a block whose threads take
 * turns one at a time cannot know). */
#ifndef MUSIFY_CPU_HIP_COOPERATIVE_GROUPS_H_
#define MUSIFY_CPU_HIP_COOPERATIVE_GROUPS_H_
#include <hip/hip_runtime.h>

#include <type_traits>

namespace cooperative_groups {

/* A group of the block's threads: the whole block, or one of the tiles of
 * tile_ consecutive ranks that tiled_partition(parent, n) makes. */
class thread_group {
public:
  /* A block-wide barrier (above). */
  void sync() const { __syncthreads(); }
  unsigned thread_rank() const {
    const unsigned r = musify_cpu::lanes::rank();
    return tile_ ? r % tile_ : r;
  }
  unsigned size() const { return tile_ ? tile_ : musify_cpu::lanes::count(); }
  unsigned num_threads() const { return size(); }
  bool is_valid() const { return true; }

protected:
  explicit thread_group(unsigned tile) : tile_(tile) {}
  unsigned tile_; /* 0: the whole block */

  friend thread_group tiled_partition(const thread_group &parent, unsigned tile_size);
};

class thread_block : public thread_group {
public:
  thread_block() : thread_group(0) {}
  void sync() const { __syncthreads(); }
  unsigned thread_rank() const { return musify_cpu::lanes::rank(); }
  unsigned size() const { return musify_cpu::lanes::count(); }
  unsigned num_threads() const { return size(); }
  dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  dim3 dim_threads() const { return group_dim(); }
};
inline thread_block this_thread_block() { return thread_block(); }

/* tiled_partition(parent, n): the parent's threads in tiles of n consecutive
 * ranks (n a power of two that divides the parent's size, as CUDA requires). */
inline thread_group tiled_partition(const thread_group &parent, unsigned tile_size) {
  (void)parent; /* tiles of a tile of a block are tiles of the block */
  return thread_group(tile_size);
}

template <unsigned Size, typename Parent = void> class thread_block_tile;

/* A tile of Size consecutive ranks (a power of two, at most the block's 1024
 * threads). Its shuffles take the tile's ranks and widths, as
 * __shfl_*_sync(mask, v, x, Size) does on a GPU. */
template <unsigned Size> class thread_block_tile<Size, void> : public thread_group {
  static_assert(Size > 0 && (Size & (Size - 1)) == 0 &&
                    Size <= musify_cpu::lanes::max_threads,
                "a tile's size is a power of two, at most a block's threads");
  unsigned meta_rank_, meta_size_;

public:
  using ballot_type = std::conditional_t<(Size > 32), unsigned long long, unsigned>;

  thread_block_tile(unsigned meta_rank, unsigned meta_size)
      : thread_group(Size), meta_rank_(meta_rank), meta_size_(meta_size) {}

  void sync() const { __syncthreads(); }
  unsigned thread_rank() const { return musify_cpu::lanes::rank() & (Size - 1); }
  static constexpr unsigned size() { return Size; }
  static constexpr unsigned num_threads() { return Size; }
  /* The tile's index among its parent's tiles, and how many the parent has. */
  unsigned meta_group_rank() const { return meta_rank_; }
  unsigned meta_group_size() const { return meta_size_; }

  template <typename T> T shfl(T var, int src_rank) const {
    return musify_cpu::lanes::exchange(
        var, musify_cpu::lanes::shfl_source(src_rank, Size, Size));
  }
  template <typename T> T shfl_up(T var, unsigned delta) const {
    return musify_cpu::lanes::exchange(
        var, musify_cpu::lanes::shfl_up_source(delta, Size, Size));
  }
  template <typename T> T shfl_down(T var, unsigned delta) const {
    return musify_cpu::lanes::exchange(
        var, musify_cpu::lanes::shfl_down_source(delta, Size, Size));
  }
  template <typename T> T shfl_xor(T var, unsigned lane_mask) const {
    return musify_cpu::lanes::exchange(
        var, musify_cpu::lanes::shfl_xor_source(lane_mask, Size, Size));
  }
  /* Votes over the tile's threads that the block has. */
  int any(int predicate) const {
    return musify_cpu::lanes::tally(predicate, first(), Size).set != 0;
  }
  int all(int predicate) const {
    const musify_cpu::lanes::Tally t = musify_cpu::lanes::tally(predicate, first(), Size);
    return t.set == t.present;
  }
  /* Bit i: the predicate of the tile's thread i (32 bits as in CUDA, 64 for
   * a 64-thread tile as in HIP). */
  ballot_type ballot(int predicate) const {
    static_assert(Size <= 64, "a ballot has one bit per thread of at most 64");
    return static_cast<ballot_type>(musify_cpu::lanes::ballot(predicate, first(), Size));
  }

private:
  static unsigned first() { return musify_cpu::lanes::rank() & ~(Size - 1); }
};

/* What tiled_partition<Size>(parent) returns; it converts to
 * thread_block_tile<Size>. */
template <unsigned Size, typename Parent>
class thread_block_tile : public thread_block_tile<Size, void> {
public:
  using thread_block_tile<Size, void>::thread_block_tile;
};

template <unsigned Size>
inline thread_block_tile<Size, thread_block> tiled_partition(const thread_block &) {
  const unsigned n = musify_cpu::lanes::count();
  return thread_block_tile<Size, thread_block>(musify_cpu::lanes::rank() / Size,
                                               (n + Size - 1) / Size);
}
template <unsigned Size, unsigned ParentSize, typename P>
inline thread_block_tile<Size, thread_block_tile<ParentSize, P>>
tiled_partition(const thread_block_tile<ParentSize, P> &) {
  static_assert(Size <= ParentSize, "a tile is partitioned into smaller tiles");
  return thread_block_tile<Size, thread_block_tile<ParentSize, P>>(
      (musify_cpu::lanes::rank() & (ParentSize - 1)) / Size, ParentSize / Size);
}

template <typename Group> inline void sync(const Group &g) { g.sync(); }
template <typename Group> inline unsigned thread_rank(const Group &g) {
  return g.thread_rank();
}
template <typename Group> inline unsigned group_size(const Group &g) { return g.size(); }

/* The operators reduce takes: plus the sum, less the lesser and greater the
 * greater value (by operator<), bit_and/bit_or/bit_xor the bitwise result. */
template <typename T> struct plus {
  T operator()(const T &a, const T &b) const { return a + b; }
};
template <typename T> struct less {
  T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <typename T> struct greater {
  T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <typename T> struct bit_and {
  T operator()(const T &a, const T &b) const { return a & b; }
};
template <typename T> struct bit_or {
  T operator()(const T &a, const T &b) const { return a | b; }
};
template <typename T> struct bit_xor {
  T operator()(const T &a, const T &b) const { return a ^ b; }
};

/* op over the values of the tile's threads, returned to each of them. The
 * values are combined in rank order (a GPU's order is unspecified, so a
 * floating-point sum may differ from a GPU's in its last bits, as two GPUs'
 * may). */
template <unsigned Size, typename P, typename T, typename Op>
inline auto reduce(const thread_block_tile<Size, P> &, const T &value, Op op) {
  using R = std::decay_t<decltype(op(value, value))>;
  namespace l = musify_cpu::lanes;
  R *mine = l::publish(R(value));
  __syncthreads();
  const unsigned first = l::rank() & ~(Size - 1), n = l::count();
  R acc = l::published<R>(first);
  for (unsigned r = first + 1; r < first + Size && r < n; ++r)
    acc = op(acc, l::published<R>(r));
  __syncthreads();
  mine->~R();
  return acc;
}

} // namespace cooperative_groups
#endif
