// Device code that migrates but may not behave the same: inline PTX the PTX
// table lacks (inline-asm-*.cu), kernels launched from device code, code that
// hard-codes a 32-lane warp (128 lanes on MUSA's mp_21/22, 64 on AMD's GCN/CDNA;
// masks are none on HIP). Reported, left as written; `100 % 32` is not a lane.
// RUN: %musify %s --report %t.json 2> %t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=MUSA < %t.err
// RUN: %python -c "import json; r = json.load(open('%t.json')); print(r['totals']['hazards']); [print(h['line'], h['kind'], h['code']) for h in r['files'][0]['hazards']]" | FileCheck %s --check-prefix=REPORT
// RUN: %musify --target=hip %s -o %t.hip.cu 2>&1 | FileCheck %s --check-prefix=HIP
#include <cuda_runtime.h>

__global__ void child(int *flags) { flags[threadIdx.x] = 1; }

__global__ void warp_sums(const float *in, float *out, int *flags) {
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  int lane_bits = threadIdx.x & 31;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset, 32);
  unsigned positive = __ballot_sync(0xffffffffu, v > 0.0f);
  int unrelated = 100 % 32;
  if (lane == 0)
    out[warp] = v + lane_bits + positive + unrelated;
  asm volatile("trap;");
  if (threadIdx.x == 0)
    child<<<1, 32>>>(flags);
}
// OUT: int lane = threadIdx.x % 32;
// OUT: v += __shfl_down_sync(0xffffffff, v, offset, 32);
// OUT: asm volatile("trap;");

// What to write instead depends on what was found: warpSize for a lane or
// warp number and a width, warpSize - 1 for lane bits; a full mask names 32
// lanes of a 128-lane warp (no "warpSize - 1": that is no mask).
// MUSA: hazards.cu:14:26: warning: 'threadIdx.x % 32': assumes a 32-lane warp: MUSA warps have 128 lanes on mp_21/mp_22 (32 on mp_31): write warpSize instead of the constant [musify-warp-size]
// MUSA: hazards.cu:15:26: warning: 'threadIdx.x / 32': assumes a 32-lane warp: {{.*}}: write warpSize instead of the constant [musify-warp-size]
// MUSA: hazards.cu:16:31: warning: 'threadIdx.x & 31': assumes a 32-lane warp: {{.*}}: write warpSize - 1 instead of the constant (warpSize is a power of two) [musify-warp-size]
// MUSA: hazards.cu:19:27: warning: '0xffffffff': assumes a 32-lane warp: {{.*}}: a 32-bit mask names 32 lanes, a quarter of a 128-lane warp: where every lane of the warp takes part, write __activemask() instead of the constant [musify-warp-size]
// MUSA: hazards.cu:19:50: warning: '32': assumes a 32-lane warp: {{.*}}: write warpSize instead of the constant (or leave the width out) [musify-warp-size]
// MUSA: hazards.cu:20:37: warning: '0xffffffffu': assumes a 32-lane warp
// MUSA: hazards.cu:24:3: warning: 'asm volatile("trap;")': inline assembly (PTX) is not portable to MUSA: trap has no translation in the table; it is left as it is [musify-inline-asm]
// MUSA: hazards.cu:26:5: warning: 'child<<<1, 32>>>(flags)': a kernel launched from device code (dynamic parallelism): MUSA does not support it [musify-device-launch]
// MUSA: 8 hazard(s)

// REPORT: 8
// REPORT-NEXT: 14 warp-size threadIdx.x % 32
// REPORT: 24 inline-asm asm volatile("trap;")
// REPORT-NEXT: 26 device-launch child<<<1, 32>>>(flags)

// HIP: hazards.cu:14:26: warning: 'threadIdx.x % 32': assumes a 32-lane warp: AMD wavefronts have 64 lanes on GCN/CDNA GPUs (gfx90a): write warpSize instead of the constant [musify-warp-size]
// HIP: hazards.cu:15:26: warning: 'threadIdx.x / 32': assumes a 32-lane warp
// HIP: hazards.cu:16:31: warning: 'threadIdx.x & 31': assumes a 32-lane warp
// HIP-NOT: '0xffffffff'
// HIP: hazards.cu:19:50: warning: '32': assumes a 32-lane warp
// HIP-NOT: '0xffffffffu'
// HIP: hazards.cu:24:3: warning: 'asm volatile("trap;")': inline assembly (PTX) is not portable to HIP
// HIP: hazards.cu:26:5: warning: 'child<<<1, 32>>>(flags)': a kernel launched from device code (dynamic parallelism): HIP does not support it [musify-device-launch]
// HIP: 6 hazard(s)
