// A variable named for the warp size that holds 32 sizes launches and checks
// by a 32-lane warp, in host code too, where the value reaches kernels as an
// argument that no operator check can see. A name for warpSize, another
// constant of 32 and a parameter are no hazard.
// RUN: %musify %s -o %t.mu 2> %t.err
// RUN: FileCheck %s --implicit-check-not=warning: < %t.err
#include <cuda_runtime.h>

#define WARP 32

__global__ void lanes(int *out, int warp_size) {
  const int kLaneCount = warpSize;
  out[threadIdx.x] = threadIdx.x / warp_size + kLaneCount;
}

int main() {
  int devices = 0, warp_size = 32;
  const int kWarpSize = WARP;
  int block_warps = 32;
  unsigned long long WARPSIZE_MASK = 0;
  lanes<<<1, block_warps * warp_size>>>(nullptr, warp_size);
  return devices + kWarpSize + (int)WARPSIZE_MASK;
}
// CHECK:      warp-size-variable.cu:17:20: warning: 'warp_size = 32': assumes a 32-lane warp: MUSA warps have 128 lanes on mp_21/mp_22 (32 on mp_31): set it from warpSize in device code, or from the device attribute musaDevAttrWarpSize in host code [musify-warp-size]
// The 32 of kWarpSize comes from WARP: reported there, with its use.
// CHECK-NEXT: warp-size-variable.cu:9:14: warning: 'WARP' assumes a 32-lane warp: {{.*}}; 1 use(s): {{.*}}warp-size-variable.cu line 18 [musify-warp-size]
// CHECK-NEXT: musify: 1 file to MUSA: {{.*}}; 2 hazard(s)
