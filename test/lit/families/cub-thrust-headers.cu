// CUB's own headers and Thrust's random number engines. hipCUB does not lay its
// headers out as CUB does, so every CUB header becomes hipCUB's umbrella
// header on HIP (MUSA's CUB keeps CUB's paths). thrust::random is Thrust's, kept
// by rocThrust and MUSA's Thrust alike, and known: no musify-unknown below.
// Comment lines are dropped from the output before checking.
// RUN: %nvcc-check %s
// RUN: %musify %s -o %t.mu 2> %t.musa.err
// RUN: grep -v '^[[:space:]]*//' %t.mu | FileCheck %s --match-full-lines --check-prefix=MUSA
// RUN: FileCheck %s --match-full-lines --check-prefix=MUSA-DIAG --implicit-check-not=warning: < %t.musa.err
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --match-full-lines --check-prefix=HIP
// RUN: FileCheck %s --match-full-lines --check-prefix=HIP-DIAG --implicit-check-not=warning: < %t.hip.err
#include <cub/block/block_reduce.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <thrust/random.h>
// MUSA:      #include <cub/block/block_reduce.cuh>
// MUSA-NEXT: #include <cub/warp/warp_reduce.cuh>
// MUSA-NEXT: #include <thrust/random.h>
// HIP:       #include <hipcub/hipcub.hpp>
// HIP-NEXT:  #include <hipcub/hipcub.hpp>
// HIP-NEXT:  #include <thrust/random.h>

__global__ void sum_and_draw(int *out, unsigned seed) {
  typedef cub::BlockReduce<int, 128> Reduce;
  __shared__ typename Reduce::TempStorage storage;
  int total = Reduce(storage).Sum(threadIdx.x);
  thrust::default_random_engine rng(seed);
  thrust::uniform_int_distribution<int> digit(0, 9);
  if (threadIdx.x == 0)
    out[0] = total + digit(rng);
}
// MUSA:        typedef cub::BlockReduce<int, 128> Reduce;
// MUSA:        thrust::default_random_engine rng(seed);
// MUSA-NEXT:   thrust::uniform_int_distribution<int> digit(0, 9);
// HIP:         typedef hipcub::BlockReduce<int, 128> Reduce;
// HIP:         thrust::default_random_engine rng(seed);
// HIP-NEXT:    thrust::uniform_int_distribution<int> digit(0, 9);

// MUSA-DIAG: musify: 1 file to {{MUSA}}: 13 references: 1 migrated, 0 migrated without semantics, 12 kept, 0 unsupported, 0 unknown
// HIP-DIAG: musify: 1 file to {{HIP}}: 13 references: 4 migrated, 0 migrated without semantics, 9 kept, 0 unsupported, 0 unknown
