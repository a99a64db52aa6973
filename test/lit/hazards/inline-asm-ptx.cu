// Inline PTX of the shapes model code writes, rewritten as C++ on both
// targets where every instruction is in the PTX table
// (rules/<target>/hazards/inline-asm.json, docs/api/ptx.md); examples/inline_ptx
// runs such code and checks its results.
// RUN: split-file %s %t
// RUN: %musify %t/ptx.cu -o %t.mu 2> %t.musa.err --report %t.musa.json
// RUN: FileCheck %s --check-prefix=MUSA < %t.mu
// RUN: %musify --target=hip %t/ptx.cu -o %t.hip 2> %t.hip.err --report %t.hip.json
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: FileCheck %s --check-prefix=HIP-DIAG < %t.hip.err
// RUN: %python -c "import json; t = json.load(open('%t.hip.json'))['totals']['inline_asm']; print(t['translated'], t['left']); [print(k, v['translated'], v['left']) for k, v in t['by_instruction'].items()]" | FileCheck %s --check-prefix=COUNT

// MUSA: lane = ((unsigned)((threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % warpSize));
// MUSA: y = tanhf((float)x);
// MUSA: y = exp2f((float)x);
// MUSA: float4 v;
// MUSA-NEXT: {
// MUSA-NEXT:   v.x = (((float *)(char *)(unsigned long long)p)[0]);
// MUSA-NEXT:   v.y = (((float *)(char *)(unsigned long long)p)[1]);
// MUSA-NEXT:   v.z = (((float *)(char *)(unsigned long long)p)[2]);
// MUSA-NEXT:   v.w = (((float *)(char *)(unsigned long long)p)[3]);
// MUSA-NEXT: }
// MUSA-NEXT: return v;
// MUSA: (*(int *)(char *)(unsigned long long)p) = (int)v;
// MUSA: r = [](unsigned a, unsigned b, unsigned c) { unsigned long long x = ((unsigned long long)b << 32) | a; {{.*}} }((unsigned)a, (unsigned)b, 0x5410u);
// MUSA: d = [](unsigned a, unsigned b, unsigned c, unsigned lut) {{.*}}((unsigned)a, (unsigned)b, (unsigned)c, 0x96u);
// MUSA: d = [](unsigned a, unsigned b, int c) {{.*}}((int)a, (int)b, (int)c);
// MUSA: r = (unsigned)(((((unsigned long long)(unsigned)x << 32) | (unsigned)x) << ((unsigned)n & 31u)) >> 32);
// MUSA: h = __half_as_ushort(__float2half_rn((float)f));
// MUSA: d = fmaf((float)a, (float)b, (float)c);
// MUSA: r = 1.0f / (float)x;
// A sequence reads its inputs first, as registers, and writes in order.
// MUSA: float4 c;
// MUSA-NEXT: {
// MUSA-NEXT:   const float ptx_in4 = (float)a.x;
// MUSA:        c.x = ptx_in4 + ptx_in8;
// MUSA:        c.w = ptx_in7 + ptx_in11;
// MUSA-NEXT: }
// MUSA: r = (float)x != (float)x ? 0 : (float)x >= 2147483647.0f ? 2147483647 : (float)x <= -2147483648.0f ? (-2147483647 - 1) : (int)rintf((float)x);
// MUSA-NEXT: r = (int)r < 255 ? (int)r : 255;
// MUSA-NEXT: r = (int)r > 0 ? (int)r : 0;
// MUSA: t = ((unsigned long long)clock64());
// MUSA: other = __shfl_xor_sync(0xffffffffu, (unsigned)v, (int)(unsigned)offset, 32 - (int)(0x1fu >> 8));
// MUSA-NEXT: v = (unsigned)v > (unsigned)other ? (unsigned)v : (unsigned)other;
// HIP: other = (unsigned)__shfl_xor((int)(unsigned)v, (int)(unsigned)offset, 32 - (int)(0x1fu >> 8));
// MUSA: unsigned mask;
// MUSA-NEXT: {
// MUSA-NEXT:   const float ptx_in1 = (float)v;
// MUSA-NEXT:   bool ptx_p;
// MUSA-NEXT:   ptx_p = ptx_in1 > 0.0f;
// MUSA-NEXT:   mask = __ballot_sync(0xffffffffu, ptx_p);
// MUSA-NEXT: }
// HIP: mask = (unsigned)(__ballot(ptx_p) >> ((unsigned)((threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % warpSize) & ~31u));
// The shared-memory address of a pointer is that pointer; cp.async copies at
// once, so commit and wait have nothing left to do.
// MUSA: __shared__ float tile[256];
// MUSA-NEXT: int t = threadIdx.x;
// MUSA-NEXT: for (unsigned ptx_i = 0u; ptx_i < 4u; ++ptx_i) (&(*(unsigned char *)(char *)(&tile[t])))[ptx_i] = (&(*(unsigned char *)(char *)(unsigned long long)(in + t)))[ptx_i];
// MUSA-NEXT: ;
// MUSA-NEXT: ;
// MUSA-NEXT: __syncthreads();
// MUSA-NEXT: float x;
// MUSA-NEXT: x = (*(float *)(char *)(&tile[(t + 1) % 256]));
// MUSA-NEXT: atomicAdd(&(*(unsigned *)(char *)(unsigned long long)counters), 1u);
// MUSA-NEXT: unsigned old;
// MUSA-NEXT: old = atomicAdd(&(*(unsigned *)(char *)(unsigned long long)(counters + 1)), (unsigned)2u);
// MUSA-NEXT: __threadfence();
// MUSA-NEXT: __threadfence();
// MUSA-NEXT: if (t == 0)
// MUSA-NEXT: (*(int *)(char *)(unsigned long long)flags) = (int)1;
// MUSA-NEXT: else
// MUSA-NEXT: __threadfence_block();
// MUSA-NOT: asm

// Every statement is translated, with a note each; nothing is left.
// HIP-DIAG-NOT: is left as it is
// HIP-DIAG: ptx.cu:7:3: warning: 'asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane))': inline PTX translated for HIP (mov.u32) [musify-inline-asm]
// HIP-DIAG: warning: {{.*}}inline PTX translated for HIP (ld.global.cs.v4.f32); a cache hint has no counterpart: it is dropped, the access is kept (.cs)
// HIP-DIAG-NOT: musify-unknown
// HIP-DIAG: musify: 1 file to {{HIP}}: {{.*}} 0 unknown; 31 hazard(s)

// COUNT: 31 0
// COUNT-DAG: mov.u32 1 0
// COUNT-DAG: mov.u64 1 0
// COUNT-DAG: cp.async.ca.shared.global 1 0
// COUNT-DAG: shfl.sync.bfly.b32 1 0
// COUNT-DAG: add.f32 1 0
// COUNT-DAG: max.s32 1 0

//--- ptx.cu
#include <cuda_runtime.h>

#include <cstdint>

__device__ __forceinline__ unsigned lane_id() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__device__ __forceinline__ float fast_tanh(float x) {
  float y;
  asm("tanh.approx.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

__device__ __forceinline__ float fast_exp2(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

__device__ __forceinline__ float4 load_streaming(const float4 *p) {
  float4 v;
  asm volatile("ld.global.cs.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
               : "l"(p));
  return v;
}

__device__ __forceinline__ void store_no_allocate(int *p, int v) {
  asm volatile("st.global.L1::no_allocate.s32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

__device__ __forceinline__ uint32_t pack_low_halves(uint32_t a, uint32_t b) {
  uint32_t r;
  asm("prmt.b32 %0, %1, %2, 0x5410;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}

__device__ __forceinline__ uint32_t xor3(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t d;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  return d;
}

__device__ __forceinline__ int dot4(int a, int b, int c) {
  int d;
  asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  return d;
}

__device__ __forceinline__ uint32_t rotate_left(uint32_t x, uint32_t n) {
  uint32_t r;
  asm("shf.l.wrap.b32 %0, %1, %1, %2;" : "=r"(r) : "r"(x), "r"(n));
  return r;
}

__device__ __forceinline__ unsigned short to_half_bits(float f) {
  unsigned short h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
  return h;
}

__device__ __forceinline__ float fused(float a, float b, float c) {
  float d;
  asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(d) : "f"(a), "f"(b), "f"(c));
  return d;
}

__device__ __forceinline__ float reciprocal(float x) {
  float r;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}

__device__ __forceinline__ float4 add4(float4 a, float4 b) {
  float4 c;
  asm("{\n\t"
      "add.f32 %0, %4, %8;\n\t"
      "add.f32 %1, %5, %9;\n\t"
      "add.f32 %2, %6, %10;\n\t"
      "add.f32 %3, %7, %11;\n\t"
      "}"
      : "=f"(c.x), "=f"(c.y), "=f"(c.z), "=f"(c.w)
      : "f"(a.x), "f"(a.y), "f"(a.z), "f"(a.w), "f"(b.x), "f"(b.y), "f"(b.z), "f"(b.w));
  return c;
}

__device__ __forceinline__ int clamp_to_byte(float x) {
  int r;
  asm("cvt.rni.s32.f32 %0, %1;" : "=r"(r) : "f"(x));
  asm("min.s32 %0, %0, 255;" : "+r"(r));
  asm("max.s32 %0, %0, 0;" : "+r"(r));
  return r;
}

__device__ unsigned long long cycles() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(t));
  return t;
}

__device__ unsigned warp_max(unsigned v) {
  for (int offset = 16; offset > 0; offset /= 2) {
    unsigned other;
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;"
                 : "=r"(other)
                 : "r"(v), "r"(offset));
    asm("max.u32 %0, %1, %2;" : "=r"(v) : "r"(v), "r"(other));
  }
  return v;
}

__device__ unsigned positive_lanes(float v) {
  unsigned mask;
  asm volatile("{\n"
               "  .reg .pred p;\n"
               "  setp.gt.f32 p, %1, 0f00000000;\n"
               "  vote.sync.ballot.b32 %0, p, 0xffffffff;\n"
               "}\n"
               : "=r"(mask)
               : "f"(v));
  return mask;
}

__global__ void kernel(const float *in, float *out, unsigned *counters, int *flags) {
  __shared__ float tile[256];
  int t = threadIdx.x;
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(
                   (uint32_t)__cvta_generic_to_shared(&tile[t])),
               "l"(in + t));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  asm volatile("bar.sync 0;" ::: "memory");
  float x;
  asm volatile("ld.shared.f32 %0, [%1];"
               : "=f"(x)
               : "r"(static_cast<uint32_t>(__cvta_generic_to_shared(&tile[(t + 1) % 256]))));
  asm volatile("red.global.add.u32 [%0], 1;" ::"l"(counters) : "memory");
  unsigned old;
  asm volatile("atom.global.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(counters + 1), "r"(2u));
  asm volatile("membar.gl;" ::: "memory");
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
  if (t == 0)
    asm volatile("st.global.wb.s32 [%0], %1;" ::"l"(flags), "r"(1) : "memory");
  else
    asm volatile("membar.cta;");
  out[t] = fused(x, fast_tanh(x), reciprocal(fast_exp2(x))) + old + lane_id() + cycles() +
           warp_max(t) + positive_lanes(x) + clamp_to_byte(x) + to_half_bits(x) +
           pack_low_halves(t, old) + xor3(t, old, 7) + dot4(t, 3, 1) + rotate_left(t, 3) +
           add4(load_streaming((const float4 *)in), make_float4(1, 2, 3, 4)).x;
  store_no_allocate(flags + 1, t);
}

// Every statement is translated: nothing left, one note per translation.
