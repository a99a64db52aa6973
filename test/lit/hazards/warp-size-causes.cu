// A hazard whose value comes from a definition is reported once, where it is
// defined, with the count and places of its uses (the report's
// hazard_causes, SARIF's related locations), not once per use: a
// `#define WARP_SIZE 32` used 50 times, a constexpr function that returns
// 32 and the variables set from it, a macro for the full mask. A constant
// written where it is used stays a finding of its own.
// RUN: cd %S && %musify %s -o %t.mu --report %t.json --sarif %t.sarif 2> %t.err
// RUN: FileCheck %s --check-prefix=MUSA < %t.err
// RUN: %python %S/Inputs/check_causes.py %t.json %t.sarif | FileCheck %s --check-prefix=REPORT
// RUN: cd %S && %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: FileCheck %s --check-prefix=HIP < %t.hip.err
#include "Inputs/warp-causes.cuh"

__global__ void reduce(const float *in, float *out) {
  const int warp_size = physical_warp_size();
  int t = threadIdx.x, s = 0;
  s += threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + t * WARP_SIZE + (threadIdx.x & (WARP_SIZE - 1)) + (threadIdx.x % WARP_SIZE);
  s += threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE;
  s += threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE;
  s += threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE;
  s += threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE;
  s += threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE;
  s += threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE;
  s += threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE;
  s += threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE;
  s += threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE + threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE;
  s += threadIdx.x % WARP_SIZE;
  float v = in[t];
  v += __shfl_xor_sync(FULL_MASK, v, 16, warp_size);
  v += __shfl_xor_sync(FULL_MASK, v, 8, warp_size);
  v += __shfl_xor_sync(0xffffffff, v, 4);
  v += __shfl_xor_sync(FULL_MASK, v, 2, WARP_SIZE);
  out[t] = v + s;
}

__global__ void other(float *out) {
  const int warp_size = physical_warp_size();
  out[threadIdx.x % warp_size] = 0;
}
// 51 uses of WARP_SIZE (line 17 has 3 of the lane kind and 1 of lane-bits;
// `t * WARP_SIZE` is no hazard; line 32 a width, whose advice says all the
// plain constant's does and more), 2 variables set from the constexpr
// function and the widths and the `% warp_size` that read them, 3 uses of
// FULL_MASK, and the 0xffffffff written in place: 60 hazards from 4 causes.
// MUSA:      warp-size-causes.cu:31:24: warning: '0xffffffff': assumes a 32-lane warp: MUSA warps have 128 lanes on mp_21/mp_22 (32 on mp_31): a 32-bit mask names 32 lanes, a quarter of a 128-lane warp: where every lane of the warp takes part, write __activemask() instead of the constant [musify-warp-size]
// MUSA-NEXT: Inputs/warp-causes.cuh:6:15: warning: 'physical_warp_size' assumes a 32-lane warp: MUSA warps have 128 lanes on mp_21/mp_22 (32 on mp_31): set it from warpSize in device code, or from the device attribute musaDevAttrWarpSize in host code; or write warpSize instead of the constant (or leave the width out); 5 use(s): warp-size-causes.cu lines 15, 29, 30, 37, 38 [musify-warp-size]
// MUSA-NEXT: Inputs/warp-causes.cuh:3:19: warning: 'WARP_SIZE' assumes a 32-lane warp: MUSA warps have 128 lanes on mp_21/mp_22 (32 on mp_31): write warpSize instead of the constant (or leave the width out); or write warpSize - 1 instead of the constant (warpSize is a power of two); 51 use(s): warp-size-causes.cu lines 17 x4, 18 x5, 19 x5, 20 x5, 21 x5, 22 x5, 23 x5, 24 x5, 25 x5, 26 x5, ... [musify-warp-size]
// MUSA-NEXT: Inputs/warp-causes.cuh:4:19: warning: 'FULL_MASK' assumes a 32-lane warp: MUSA warps have 128 lanes on mp_21/mp_22 (32 on mp_31): a 32-bit mask names 32 lanes, a quarter of a 128-lane warp: where every lane of the warp takes part, write __activemask() instead of the constant; 3 use(s): warp-size-causes.cu lines 29, 30, 32 [musify-warp-size]
// MUSA-NEXT: musify: 2 files to MUSA: {{.*}}; 60 hazard(s) from 4 cause(s)

// HIP drops the masks (its warp functions take none): no mask finding.
// HIP-NOT:   FULL_MASK
// HIP-NOT:   0xffffffff
// HIP:       Inputs/warp-causes.cuh:6:15: warning: 'physical_warp_size' assumes a 32-lane warp: AMD wavefronts have 64 lanes on GCN/CDNA GPUs (gfx90a): set it from warpSize in device code, or from the device attribute hipDeviceAttributeWarpSize in host code; {{.*}}; 5 use(s):
// HIP-NEXT:  Inputs/warp-causes.cuh:3:19: warning: 'WARP_SIZE' assumes a 32-lane warp: AMD wavefronts have 64 lanes on GCN/CDNA GPUs (gfx90a): write warpSize instead of the constant (or leave the width out); {{.*}}; 51 use(s):
// HIP-NEXT:  musify: 2 files to HIP: {{.*}}; 56 hazard(s) from 2 cause(s)

// REPORT:      totals: hazards 60, hazard_causes 4
// REPORT-NEXT: cause physical_warp_size (warp-size) at Inputs/warp-causes.cuh:6: 5 use(s), 5 place(s)
// REPORT-NEXT: cause WARP_SIZE (warp-size) at Inputs/warp-causes.cuh:3: 51 use(s), 51 place(s)
// REPORT-NEXT: cause FULL_MASK (warp-size) at Inputs/warp-causes.cuh:4: 3 use(s), 3 place(s)
// REPORT-NEXT: sarif: physical_warp_size at Inputs/warp-causes.cuh:6, 5 related location(s)
// REPORT-NEXT: sarif: WARP_SIZE at Inputs/warp-causes.cuh:3, 51 related location(s)
// REPORT-NEXT: sarif: FULL_MASK at Inputs/warp-causes.cuh:4, 3 related location(s)
