/* musify's CPU layer: what threads of a block exchange below the block level
 * (warp shuffles and votes, __syncthreads_count/_and/_or, and through
 * hip/hip_cooperative_groups.h, the tiles' shuffles, votes and reductions),
 * over the HIP CPU runtime (runtime/cpu/README.md). Included by additions.h.
 *
 * The runtime runs a block's threads as fibers on one worker thread, taking
 * turns at each barrier; it has no warps of its own. Every operation here is
 * therefore a block-wide barrier, as the runtime's own shuffles and votes are:
 * every thread of the block must reach it, the same number of times (as with
 * __syncthreads). Code in which only some warps or tiles shuffle, vote or
 * sync does not run here.
 *
 * Why not the runtime's own __shfl*, __any, __all and __ballot: they give what
 * a GPU gives only for one-dimensional blocks, whole warps and the full width.
 * They take the lane from the fiber's number, which runs z fastest where GPUs
 * run x fastest (in a 2D block they pair other threads); with a width below
 * warpSize, every segment but the first returns the caller's own value; and
 * their votes read the lanes a partial warp does not have, left over from an
 * earlier block (a 32-thread block's __all(1) is 0, or whatever an earlier
 * block left). These functions number threads as a GPU does and replace them
 * (the macros at the end). */
#ifndef MUSIFY_CPU_LANES_H_
#define MUSIFY_CPU_LANES_H_

#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>

namespace musify_cpu {
namespace lanes {

/* The most threads a block has (CUDA's and HIP's limit; the runtime's own
 * scratch storage assumes it too). */
constexpr unsigned max_threads = 1024;

/* The thread's rank in its block with x fastest, as on a GPU: warps are runs
 * of warpSize consecutive ranks, tiles runs of their size. */
inline unsigned rank() {
  return (static_cast<unsigned>(threadIdx.z) * blockDim.y + threadIdx.y) * blockDim.x +
         threadIdx.x;
}
inline unsigned count() {
  return static_cast<unsigned>(blockDim.x) * blockDim.y * blockDim.z;
}

/* One value per thread of the block: the block's threads all run on one worker
 * thread, so that thread's thread_local storage is the block's. A thread
 * publishes a copy of its value in the slot of its rank, the others read it
 * after a barrier, and the owner retires it after a second barrier (values are
 * copied as the type copies itself: the runtime's vector types, float2 or
 * __half2, are not trivially copyable). */
template <std::size_t Size, std::size_t Align> struct Slot {
  alignas(Align) unsigned char bytes[Size];
};
template <typename T> inline Slot<sizeof(T), alignof(T)> *slots() {
  thread_local Slot<sizeof(T), alignof(T)> s[max_threads];
  return s;
}
template <typename T> inline T *publish(const T &v) {
  return ::new (static_cast<void *>(slots<T>()[rank()].bytes)) T(v);
}
template <typename T> inline const T &published(unsigned r) {
  return *std::launder(reinterpret_cast<const T *>(slots<T>()[r].bytes));
}
inline int *flags() {
  thread_local int f[max_threads];
  return f;
}

/* Every thread publishes v; each then gets the value of the thread of rank
 * `from`, or its own where `from` names no thread of the block (a lane a
 * partial warp does not have). The second barrier keeps the next exchange from
 * overwriting a value before every thread has read it. */
template <typename T> inline T exchange(const T &v, long long from) {
  T *mine = publish(v);
  __syncthreads();
  T r = from >= 0 && from < static_cast<long long>(count())
            ? published<T>(static_cast<unsigned>(from))
            : v;
  __syncthreads();
  mine->~T();
  return r;
}

/* The source rank of each shuffle, for a thread in a group of `span`
 * consecutive ranks (a warp, or a tile) split into segments of `width` (a
 * power of two, at most span; anything else is undefined in CUDA and taken as
 * span here); -1 where the thread keeps its own value. The rules are CUDA's
 * and HIP's: an index wraps within the segment; up and down stop at the
 * segment's edges; xor may reach an earlier segment, not a later one. */
inline long long segment(long long width, unsigned span) {
  return width > 0 && width <= static_cast<long long>(span) && !(width & (width - 1))
             ? width
             : static_cast<long long>(span);
}
inline long long shfl_source(long long src, long long width, unsigned span) {
  const long long me = rank(), lane = me % span, w = segment(width, span);
  return me - lane + (lane & ~(w - 1)) + (src & (w - 1));
}
inline long long shfl_up_source(unsigned long long delta, long long width,
                                unsigned span) {
  const long long me = rank(), w = segment(width, span);
  return static_cast<unsigned long long>(me % span & (w - 1)) >= delta
             ? me - static_cast<long long>(delta)
             : -1;
}
inline long long shfl_down_source(unsigned long long delta, long long width,
                                  unsigned span) {
  const long long me = rank(), w = segment(width, span);
  return static_cast<unsigned long long>(me % span & (w - 1)) + delta <
                 static_cast<unsigned long long>(w)
             ? me + static_cast<long long>(delta)
             : -1;
}
inline long long shfl_xor_source(std::uint32_t mask, long long width, unsigned span) {
  const long long me = rank(), lane = me % span, w = segment(width, span);
  const long long j = lane ^ static_cast<long long>(mask);
  return j < ((lane + w) & ~(w - 1)) ? me - lane + j : -1;
}

/* The predicates of the threads of ranks first .. first + lanes - 1 that the
 * block has: how many are set and how many there are. */
struct Tally {
  unsigned set, present;
};
inline Tally tally(int predicate, unsigned first, unsigned lanes) {
  int *f = flags();
  f[rank()] = predicate != 0;
  __syncthreads();
  Tally t{0, 0};
  for (unsigned r = first, n = count(); r < first + lanes && r < n; ++r, ++t.present)
    t.set += f[r];
  __syncthreads();
  return t;
}
/* Bit j set where the thread of rank first + j (j < lanes <= 64) has its
 * predicate set; lanes the block does not have are 0. */
inline std::uint64_t ballot(int predicate, unsigned first, unsigned lanes) {
  int *f = flags();
  f[rank()] = predicate != 0;
  __syncthreads();
  std::uint64_t bits = 0;
  for (unsigned j = 0, n = count(); j < lanes && first + j < n; ++j)
    if (f[first + j])
      bits |= std::uint64_t{1} << j;
  __syncthreads();
  return bits;
}
inline unsigned warp_first() { return rank() / warpSize * warpSize; }

/* What HIP's warp functions take: integers and floating-point values of at
 * most 8 bytes (the runtime's own domain), and __half2. */
template <typename T>
using Warp_value =
    std::enable_if_t<((std::is_integral<T>::value || std::is_floating_point<T>::value) &&
                      sizeof(T) <= 8) ||
                         std::is_same<T, __half2>::value,
                     T>;

/* HIP's votes: over the lanes of the caller's warp that the block has (a
 * GPU's inactive lanes), 64 bits for 64 lanes. */
inline std::uint64_t warp_ballot(std::int32_t predicate) {
  return ballot(predicate, warp_first(), warpSize);
}
inline std::int32_t warp_any(std::int32_t predicate) {
  return tally(predicate, warp_first(), warpSize).set != 0;
}
inline std::int32_t warp_all(std::int32_t predicate) {
  const Tally t = tally(predicate, warp_first(), warpSize);
  return t.set == t.present;
}

} // namespace lanes
} // namespace musify_cpu

/* CUDA's barriers that also count, AND or OR a predicate over the block. */
inline int __syncthreads_count(int predicate) {
  return static_cast<int>(
      musify_cpu::lanes::tally(predicate, 0, musify_cpu::lanes::count()).set);
}
inline int __syncthreads_and(int predicate) {
  const musify_cpu::lanes::Tally t =
      musify_cpu::lanes::tally(predicate, 0, musify_cpu::lanes::count());
  return t.set == t.present;
}
inline int __syncthreads_or(int predicate) {
  return musify_cpu::lanes::tally(predicate, 0, musify_cpu::lanes::count()).set != 0;
}

/* CUDA's __activemask, which MUSA keeps: the lanes of the caller's 32-lane
 * warp that the block has. Every thread of a block runs each statement on
 * the CPU, as a converged warp does on a GPU. */
inline unsigned __activemask() {
  const unsigned first = musify_cpu::lanes::rank() / 32 * 32;
  const unsigned lanes = musify_cpu::lanes::count() - first;
  return lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
}

/* The warp shuffles, HIP's signatures. Global functions that the runtime's
 * names are macros for (below), so that a program's own overload of
 * __shfl_down for its type, legal in CUDA, becomes an overload of these. */
template <typename T>
inline musify_cpu::lanes::Warp_value<T> musify_cpu_shfl(T var, std::int32_t src_lane,
                                                        std::int32_t width = warpSize) {
  namespace l = musify_cpu::lanes;
  return l::exchange(var, l::shfl_source(src_lane, width, warpSize));
}
template <typename T>
inline musify_cpu::lanes::Warp_value<T>
musify_cpu_shfl_up(T var, std::uint32_t delta, std::int32_t width = warpSize) {
  namespace l = musify_cpu::lanes;
  return l::exchange(var, l::shfl_up_source(delta, width, warpSize));
}
template <typename T>
inline musify_cpu::lanes::Warp_value<T>
musify_cpu_shfl_down(T var, std::uint32_t delta, std::int32_t width = warpSize) {
  namespace l = musify_cpu::lanes;
  return l::exchange(var, l::shfl_down_source(delta, width, warpSize));
}
template <typename T>
inline musify_cpu::lanes::Warp_value<T>
musify_cpu_shfl_xor(T var, std::int32_t lane_mask, std::int32_t width = warpSize) {
  namespace l = musify_cpu::lanes;
  return l::exchange(
      var, l::shfl_xor_source(static_cast<std::uint32_t>(lane_mask), width, warpSize));
}

/* The runtime's warp functions are replaced. The shuffles' names are renamed
 * wherever they appear (declarations and calls alike); the votes only where
 * they are called (function-like macros), since the standard library uses
 * __any and __all as parameter names. */
#define __shfl musify_cpu_shfl
#define __shfl_up musify_cpu_shfl_up
#define __shfl_down musify_cpu_shfl_down
#define __shfl_xor musify_cpu_shfl_xor
#define __ballot(...) ::musify_cpu::lanes::warp_ballot(__VA_ARGS__)
#define __any(...) ::musify_cpu::lanes::warp_any(__VA_ARGS__)
#define __all(...) ::musify_cpu::lanes::warp_all(__VA_ARGS__)

#endif /* MUSIFY_CPU_LANES_H_ */
