// Code that already writes warpSize assumes no warp size: Clang declares
// warpSize as a constant 32, but the target gives it its own value, so only a
// constant of the user's (a literal, or a name for one) is a hazard.
// RUN: %musify %s -o %t.mu 2> %t.err
// RUN: FileCheck %s --check-prefix=MUSA < %t.err
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: FileCheck %s --check-prefix=HIP < %t.hip.err
#include <cuda_runtime.h>

constexpr int kWarp = 32;

__global__ void lanes(float *out, unsigned mask) {
  int tid = threadIdx.x;
  int lane = threadIdx.x % warpSize;
  int warp = threadIdx.x / warpSize;
  int bits = threadIdx.x & (warpSize - 1);
  const int width = warpSize;
  int lane2 = threadIdx.x % width;
  float v = __shfl_down_sync(mask, out[tid], 1, warpSize);
  int hard = threadIdx.x % 32;
  int named = threadIdx.x % kWarp;
  out[tid] = v + lane + warp + bits + lane2 + hard + named;
}
// A constant of the user's is reported once, where it is defined, with its
// uses; one written where it is used, there.
// MUSA-NOT: warpSize'
// MUSA-NOT: width'
// MUSA:      warp-size-named.cu:20:26: warning: 'threadIdx.x % 32': assumes a 32-lane warp: MUSA warps have 128 lanes on mp_21/mp_22 (32 on mp_31): write warpSize instead of the constant [musify-warp-size]
// MUSA-NEXT: warp-size-named.cu:10:15: warning: 'kWarp' assumes a 32-lane warp: MUSA warps have 128 lanes on mp_21/mp_22 (32 on mp_31): write warpSize instead of the constant; 1 use(s): {{.*}}warp-size-named.cu line 21 [musify-warp-size]
// MUSA-NEXT: 2 hazard(s)

// HIP-NOT:  warpSize'
// HIP:      warp-size-named.cu:20:26: warning: 'threadIdx.x % 32': assumes a 32-lane warp: AMD wavefronts have 64 lanes on GCN/CDNA GPUs (gfx90a): write warpSize instead of the constant [musify-warp-size]
// HIP-NEXT: warp-size-named.cu:10:15: warning: 'kWarp' assumes a 32-lane warp
// HIP-NEXT: 2 hazard(s)
