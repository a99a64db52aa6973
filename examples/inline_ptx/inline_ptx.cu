// inline_ptx: inline PTX of the shapes model code writes (special registers,
// integer and float arithmetic with .ftz and directed rounding, bit fields
// and permutes, dot products, conversions, cache-hinted loads and stores,
// loads, stores and atomics with memory orders, cp.async, barriers, warp
// shuffles and votes), each checked against what the PTX ISA defines,
// computed on the host.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cfenv>
#include <cmath>
#include <cstdio>
#include <cstring>

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    if (err_ != cudaSuccess) {                                                           \
      std::printf("inline_ptx: %s FAIL\n", cudaGetErrorString(err_));                    \
      return 1;                                                                          \
    }                                                                                    \
  } while (0)

constexpr int kLanes = 32;
constexpr int kInts = 54;   // integer results per lane
constexpr int kFloats = 31; // float results per lane
constexpr int kMem = 8 * kLanes;

__device__ unsigned intResults(const unsigned *in, unsigned *out, int t) {
  unsigned a = in[t], b = in[t + kLanes], c = in[t + 2 * kLanes];
  int k = 0;
  unsigned r;
  int s;
  asm("add.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  out[k++ * kLanes + t] = r;
  asm("sub.s32 %0, %1, %2;" : "=r"(s) : "r"(a), "r"(b));
  out[k++ * kLanes + t] = s;
  asm("mul.lo.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  out[k++ * kLanes + t] = r;
  asm("mul.hi.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  out[k++ * kLanes + t] = r;
  asm("mad.lo.s32 %0, %1, %2, %3;" : "=r"(s) : "r"(a), "r"(b), "r"(c));
  out[k++ * kLanes + t] = s;
  asm("min.s32 %0, %1, %2;" : "=r"(s) : "r"(a), "r"(b));
  out[k++ * kLanes + t] = s;
  asm("max.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  out[k++ * kLanes + t] = r;
  asm("neg.s32 %0, %1;" : "=r"(s) : "r"(a));
  out[k++ * kLanes + t] = s;
  asm("abs.s32 %0, %1;" : "=r"(s) : "r"(b));
  out[k++ * kLanes + t] = s;
  asm("popc.b32 %0, %1;" : "=r"(r) : "r"(a));
  out[k++ * kLanes + t] = r;
  asm("clz.b32 %0, %1;" : "=r"(r) : "r"(a >> (c & 31)));
  out[k++ * kLanes + t] = r;
  asm("brev.b32 %0, %1;" : "=r"(r) : "r"(a));
  out[k++ * kLanes + t] = r;
  asm("bfe.u32 %0, %1, 8, 12;" : "=r"(r) : "r"(a));
  out[k++ * kLanes + t] = r;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(s) : "r"(a), "r"(b & 31), "r"(c & 31));
  out[k++ * kLanes + t] = s;
  asm("bfi.b32 %0, %1, %2, %3, %4;"
      : "=r"(r)
      : "r"(a), "r"(b), "r"(c & 31), "r"((c >> 8) & 15));
  out[k++ * kLanes + t] = r;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  out[k++ * kLanes + t] = r;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  out[k++ * kLanes + t] = r;
  asm("lop3.b32 %0, %1, %2, %3, 0xE8;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  out[k++ * kLanes + t] = r;
  asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  out[k++ * kLanes + t] = r;
  asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c & 63));
  out[k++ * kLanes + t] = r;
  asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(s) : "r"(a), "r"(b), "r"(c));
  out[k++ * kLanes + t] = s;
  asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  out[k++ * kLanes + t] = r;
  asm("dp2a.lo.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  out[k++ * kLanes + t] = r;
  asm("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(c & 63));
  out[k++ * kLanes + t] = r;
  asm("shr.s32 %0, %1, %2;" : "=r"(s) : "r"(a), "r"(c & 63));
  out[k++ * kLanes + t] = s;
  // A scope with its own predicate: the smaller of two, as compilers write it.
  asm("{\n\t.reg .pred p;\n\tsetp.lt.u32 p, %1, %2;\n\tselp.u32 %0, %1, %2, p;\n\t}"
      : "=r"(r)
      : "r"(a), "r"(b));
  out[k++ * kLanes + t] = r;
  asm volatile("{\n"
               "  .reg .pred p;\n"
               "  setp.ne.u32 p, %2, 0;\n"
               "  mov.u32 %0, 7;\n"
               "  @p add.u32 %0, %1, 1;\n"
               "}\n"
               : "=r"(r)
               : "r"(a), "r"(c & 1));
  out[k++ * kLanes + t] = r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  out[k++ * kLanes + t] = r;
  asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(r));
  out[k++ * kLanes + t] = r;
  asm volatile("mov.u32 %0, %%lanemask_ge;" : "=r"(r));
  out[k++ * kLanes + t] = r;
  asm volatile("mov.u32 %0, %%tid.x;" : "=r"(r));
  out[k++ * kLanes + t] = r;
  asm("add.s32 %0, %0, %1;" : "+r"(s) : "n"(5));
  out[k++ * kLanes + t] = s;
  // Dot products with signed and unsigned operands.
  asm("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(s) : "r"(a), "r"(b), "r"(c));
  out[k++ * kLanes + t] = s;
  asm("dp4a.s32.u32 %0, %1, %2, %3;" : "=r"(s) : "r"(a), "r"(b), "r"(c));
  out[k++ * kLanes + t] = s;
  asm("dp2a.lo.s32.s32 %0, %1, %2, %3;" : "=r"(s) : "r"(a), "r"(b), "r"(c));
  out[k++ * kLanes + t] = s;
  asm("dp2a.hi.u32.s32 %0, %1, %2, %3;" : "=r"(s) : "r"(a), "r"(b), "r"(c));
  out[k++ * kLanes + t] = s;
  asm("dp2a.hi.s32.u32 %0, %1, %2, %3;" : "=r"(s) : "r"(a), "r"(b), "r"(c));
  out[k++ * kLanes + t] = s;
  // Packing registers into a wider one and unpacking them.
  unsigned long long packed;
  asm("mov.b64 %0, {%1, %2};" : "=l"(packed) : "r"(a), "r"(b));
  out[k++ * kLanes + t] = (unsigned)(packed >> 32) ^ (unsigned)packed * 3u;
  unsigned lo, hi;
  asm("mov.b64 {%0, %1}, %2;"
      : "=r"(lo), "=r"(hi)
      : "l"((unsigned long long)c << 32 | a));
  out[k++ * kLanes + t] = lo;
  out[k++ * kLanes + t] = hi;
  unsigned short h0, h1;
  asm("mov.b32 {%0, %1}, %2;" : "=h"(h0), "=h"(h1) : "r"(b));
  out[k++ * kLanes + t] = h0;
  asm("mov.b32 %0, {%1, %2};" : "=r"(r) : "h"(h1), "h"(h0));
  out[k++ * kLanes + t] = r;
  return k;
}

__device__ unsigned warpResults(unsigned *out, int t, int k) {
  unsigned a = out[t], r;
  asm volatile("shfl.sync.idx.b32 %0, %1, %2, 0x1f, 0xffffffff;"
               : "=r"(r)
               : "r"(a), "r"(5));
  out[k++ * kLanes + t] = r;
  asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, -1;" : "=r"(r) : "r"(a));
  out[k++ * kLanes + t] = r;
  asm volatile("shfl.sync.down.b32 %0, %1, 4, 0x1f, 0xffffffff;" : "=r"(r) : "r"(a));
  out[k++ * kLanes + t] = r;
  asm volatile(
      "{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }"
      : "=r"(r)
      : "r"(t & 1));
  out[k++ * kLanes + t] = r;
  asm volatile("activemask.b32 %0;" : "=r"(r));
  out[k++ * kLanes + t] = r;
  asm volatile("{\n .reg .pred p, q;\n setp.eq.u32 p, %1, 5;\n"
               " vote.sync.any.pred q, p, 0xffffffff;\n selp.u32 %0, 1, 0, q;\n}"
               : "=r"(r)
               : "r"(t));
  out[k++ * kLanes + t] = r;
  return k;
}

__device__ void floatResults(const float *fin, float *fout, int t) {
  float x = fin[t], y = fin[t + kLanes], z = fin[t + 2 * kLanes], w = fabsf(x) + 0.5f, f;
  int k = 0;
  asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(f) : "f"(x), "f"(y), "f"(z));
  fout[k++ * kLanes + t] = f;
  asm("add.f32 %0, %1, %2;" : "=f"(f) : "f"(x), "f"(y));
  fout[k++ * kLanes + t] = f;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(f) : "f"(x), "f"(y));
  fout[k++ * kLanes + t] = f;
  asm("div.rn.f32 %0, %1, %2;" : "=f"(f) : "f"(x), "f"(w));
  fout[k++ * kLanes + t] = f;
  asm("sqrt.rn.f32 %0, %1;" : "=f"(f) : "f"(w));
  fout[k++ * kLanes + t] = f;
  asm("min.f32 %0, %1, %2;" : "=f"(f) : "f"(x), "f"(y));
  fout[k++ * kLanes + t] = f;
  asm("max.f32 %0, %1, %2;" : "=f"(f) : "f"(x), "f"(y));
  fout[k++ * kLanes + t] = f;
  asm("abs.f32 %0, %1;" : "=f"(f) : "f"(y));
  fout[k++ * kLanes + t] = f;
  asm("neg.f32 %0, %1;" : "=f"(f) : "f"(z));
  fout[k++ * kLanes + t] = f;
  asm("cvt.sat.f32.f32 %0, %1;" : "=f"(f) : "f"(x));
  fout[k++ * kLanes + t] = f;
  asm("cvt.rn.f32.s32 %0, %1;" : "=f"(f) : "r"(t * 1000003 - 7));
  fout[k++ * kLanes + t] = f;
  // The approximations: the check allows their error.
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(f) : "f"(w));
  fout[k++ * kLanes + t] = f;
  asm("tanh.approx.f32 %0, %1;" : "=f"(f) : "f"(x));
  fout[k++ * kLanes + t] = f;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(f) : "f"(x));
  fout[k++ * kLanes + t] = f;
  asm("lg2.approx.f32 %0, %1;" : "=f"(f) : "f"(w));
  fout[k++ * kLanes + t] = f;
  asm("rsqrt.approx.f32 %0, %1;" : "=f"(f) : "f"(w));
  fout[k++ * kLanes + t] = f;
  asm("sin.approx.f32 %0, %1;" : "=f"(f) : "f"(x));
  fout[k++ * kLanes + t] = f;
  asm("cos.approx.ftz.f32 %0, %1;" : "=f"(f) : "f"(x));
  fout[k++ * kLanes + t] = f;
  asm("fma.rn.f32 %0, %1, 0f3F000000, %2;" : "=f"(f) : "f"(x), "f"(z));
  fout[k++ * kLanes + t] = f;
  asm("ld.global.nc.f32 %0, [%1];" : "=f"(f) : "l"(fin + t + kLanes));
  fout[k++ * kLanes + t] = f;
  // Directed rounding: toward zero, minus and plus infinity.
  asm("add.rz.f32 %0, %1, %2;" : "=f"(f) : "f"(x), "f"(y * 1e-3f));
  fout[k++ * kLanes + t] = f;
  asm("add.rm.f32 %0, %1, %2;" : "=f"(f) : "f"(x), "f"(y * 1e-3f));
  fout[k++ * kLanes + t] = f;
  asm("add.rp.f32 %0, %1, %2;" : "=f"(f) : "f"(x), "f"(y * 1e-3f));
  fout[k++ * kLanes + t] = f;
  asm("sub.rz.f32 %0, %1, %2;" : "=f"(f) : "f"(x), "f"(z * 1e-3f));
  fout[k++ * kLanes + t] = f;
  asm("mul.rm.f32 %0, %1, %2;" : "=f"(f) : "f"(x), "f"(y));
  fout[k++ * kLanes + t] = f;
  asm("mul.rp.f32 %0, %1, %2;" : "=f"(f) : "f"(x), "f"(z));
  fout[k++ * kLanes + t] = f;
  // .ftz: subnormal operands and results are zero of their sign.
  asm("add.ftz.f32 %0, %1, %2;" : "=f"(f) : "f"(x * 1e-39f), "f"(y));
  fout[k++ * kLanes + t] = f;
  asm("mul.rn.ftz.f32 %0, %1, %2;" : "=f"(f) : "f"(x * 1e-20f), "f"(y * 1e-19f));
  fout[k++ * kLanes + t] = f;
  asm("fma.rn.ftz.f32 %0, %1, %2, %3;" : "=f"(f) : "f"(x), "f"(y), "f"(z * 1e-39f));
  fout[k++ * kLanes + t] = f;
  asm("max.ftz.f32 %0, %1, %2;" : "=f"(f) : "f"(x * 1e-39f), "f"(y));
  fout[k++ * kLanes + t] = f;
  asm("fma.rn.f32 %0, %1, 0.25, %2;" : "=f"(f) : "f"(x), "f"(z));
  fout[k++ * kLanes + t] = f;
}

__device__ void conversionResults(const float *special, unsigned *out, int t, int k) {
  float x = special[t];
  int s;
  unsigned r;
  unsigned short h;
  asm("cvt.rzi.s32.f32 %0, %1;" : "=r"(s) : "f"(x));
  out[k++ * kLanes + t] = s;
  asm("cvt.rni.s32.f32 %0, %1;" : "=r"(s) : "f"(x));
  out[k++ * kLanes + t] = s;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(x == x ? x : 0.25f));
  out[k++ * kLanes + t] = h;
  float back;
  asm("cvt.f32.f16 %0, %1;" : "=f"(back) : "h"(h));
  out[k++ * kLanes + t] = back == back ? (unsigned)(int)(back * 4.0f) : 0xdeadu;
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(x));
  out[k++ * kLanes + t] = h;
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(x), "f"(special[(t + 1) % kLanes]));
  out[k++ * kLanes + t] = r;
}

__global__ void ptxKernel(const unsigned *in, const float *fin, const float *special,
                          unsigned *out, float *fout, unsigned long long *out64,
                          unsigned *mem) {
  int t = threadIdx.x;
  int k = intResults(in, out, t);
  k = warpResults(out, t, k);
  conversionResults(special, out, t, k);
  floatResults(fin, fout, t);

  unsigned a = in[t], b = in[t + kLanes];
  unsigned long long wide;
  asm("mul.wide.u32 %0, %1, %2;" : "=l"(wide) : "r"(a), "r"(b));
  out64[t] = wide;
  unsigned long long c0, c1;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c0));
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c1));
  out64[kLanes + t] = c1 >= c0;

  // Loads and stores with cache hints, a vector of four, an offset.
  unsigned v0, v1, v2, v3;
  asm volatile("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v0), "=r"(v1), "=r"(v2), "=r"(v3)
               : "l"(in + 4 * (t % 8)));
  asm volatile("st.global.wb.u32 [%0], %1;" ::"l"(mem + t), "r"(v0 + v1 + v2 + v3)
               : "memory");
  asm volatile(
      "st.global.cs.v2.f32 [%0], {%1, %2};" ::"l"(fout + kFloats * kLanes + 2 * t),
      "f"(1.5f), "f"(-2.0f)
      : "memory");
  unsigned next;
  asm volatile("ld.global.cg.u32 %0, [%1+4];" : "=r"(next) : "l"(in + t));
  mem[kLanes + t] = next;

  // Atomics and reductions.
  asm volatile("red.global.add.u32 [%0], %1;" ::"l"(mem + 2 * kLanes), "r"(t + 1)
               : "memory");
  unsigned old;
  asm volatile("atom.global.max.s32 %0, [%1], %2;"
               : "=r"(old)
               : "l"(mem + 2 * kLanes + 1), "r"(t * 3 - 40)
               : "memory");
  asm volatile("atom.global.add.u64 %0, [%1], %2;"
               : "=l"(wide)
               : "l"(out64 + 2 * kLanes), "l"(2ull)
               : "memory");
  if (t == 0) {
    asm volatile("atom.global.cas.b32 %0, [%1], %2, %3;"
                 : "=r"(old)
                 : "l"(mem + 2 * kLanes + 3), "r"(0u), "r"(9u)
                 : "memory");
    mem[2 * kLanes + 2] = old;
  }
  // Loads, stores and atomics with a memory order and a scope.
  unsigned acquired, seen;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];"
               : "=r"(acquired)
               : "l"(in + t)
               : "memory");
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(mem + 4 * kLanes + t),
               "r"(acquired + 1)
               : "memory");
  asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(seen) : "l"(in + kLanes + t));
  asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], %2;"
               : "=r"(old)
               : "l"(mem + 5 * kLanes), "r"(1u)
               : "memory");
  asm volatile("red.relaxed.gpu.global.add.u32 [%0], %1;" ::"l"(mem + 5 * kLanes + 1),
               "r"(2u)
               : "memory");
  // A cache policy and a load that reads it.
  unsigned long long policy;
  asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(policy));
  unsigned hinted;
  asm volatile("ld.global.L2::cache_hint.u32 %0, [%1], %2;"
               : "=r"(hinted)
               : "l"(in + 2 * kLanes + t), "l"(policy));
  mem[7 * kLanes + t] = hinted;
  asm volatile("membar.gl;" ::: "memory");
  asm volatile("fence.acq_rel.gpu;" ::: "memory");

  // Shared memory through cp.async, the barrier and a shared load.
  __shared__ unsigned tile[kLanes * 4];
  __shared__ unsigned words[kLanes];
  asm volatile("st.shared.u32 [%0], %1;" ::"r"(
                   static_cast<unsigned>(__cvta_generic_to_shared(&words[t]))),
               "r"(a ^ b));
  if (t < 8)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(
                     (unsigned)__cvta_generic_to_shared(&tile[4 * t])),
                 "l"(in + 4 * t));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  asm volatile("bar.sync 0;" ::: "memory");
  unsigned got;
  asm volatile(
      "ld.shared.u32 %0, [%1];"
      : "=r"(got)
      : "r"(static_cast<unsigned>(__cvta_generic_to_shared(&words[(t + 1) % kLanes]))));
  mem[3 * kLanes + t] = got + tile[t];
  asm volatile("bar.sync 0;" ::: "memory");
  asm volatile("st.relaxed.cta.shared.u32 [%0], %1;" ::"r"(
                   static_cast<unsigned>(__cvta_generic_to_shared(&words[t]))),
               "r"(seen)
               : "memory");
  asm volatile("bar.sync 0;" ::: "memory");
  mem[6 * kLanes + t] = words[(t + 3) % kLanes];
  asm volatile("membar.cta;" ::: "memory");
}

// --- The host's reference, from the PTX ISA's definitions -------------------

static unsigned bits(float f) {
  unsigned u;
  std::memcpy(&u, &f, 4);
  return u;
}
static unsigned bitField(unsigned a, unsigned pos, unsigned len, bool sign) {
  pos &= 0xff;
  len &= 0xff;
  unsigned top = pos + len - 1 < 31 ? pos + len - 1 : 31;
  unsigned sbit = sign && len ? (a >> top) & 1 : 0;
  unsigned d = 0;
  for (unsigned i = 0; i < 32; ++i)
    d |= (i < len && pos + i <= 31 ? (a >> (pos + i)) & 1 : sbit) << i;
  return d;
}
static unsigned permute(unsigned a, unsigned b, unsigned c) {
  unsigned long long x = ((unsigned long long)b << 32) | a;
  unsigned d = 0;
  for (int n = 0; n < 4; ++n) {
    unsigned sel = (c >> (4 * n)) & 15, byte = (x >> (8 * (sel & 7))) & 0xff;
    if (sel & 8)
      byte = byte & 0x80 ? 0xff : 0;
    d |= byte << (8 * n);
  }
  return d;
}
static unsigned lut3(unsigned a, unsigned b, unsigned c, unsigned lut) {
  unsigned d = 0;
  for (int bit = 0; bit < 32; ++bit) {
    unsigned i = ((a >> bit) & 1) << 2 | ((b >> bit) & 1) << 1 | ((c >> bit) & 1);
    d |= ((lut >> i) & 1) << bit;
  }
  return d;
}
// dp4a and dp2a: a's and b's bytes (dp2a: a's halves) sign-extended where signed.
static int dot4(unsigned a, unsigned b, int c, bool signA, bool signB) {
  for (int i = 0; i < 4; ++i) {
    int x = signA ? (signed char)(a >> 8 * i) : (int)((a >> 8 * i) & 0xff);
    int y = signB ? (signed char)(b >> 8 * i) : (int)((b >> 8 * i) & 0xff);
    c = (int)((unsigned)c + (unsigned)(x * y));
  }
  return c;
}
static int dot2(unsigned a, unsigned b, int c, bool high, bool signA, bool signB) {
  for (int i = 0; i < 2; ++i) {
    unsigned half = (a >> 16 * i) & 0xffff,
             byte = (b >> (8 * i + (high ? 16 : 0))) & 0xff;
    int x = signA ? (short)half : (int)half, y = signB ? (signed char)byte : (int)byte;
    c = (int)((unsigned)c + (unsigned)(x * y));
  }
  return c;
}
// x op y computed by the host's floating point in rounding mode `mode`.
static float rounded(int mode, char op, float x, float y) {
  volatile float a = x, b = y, r;
  std::fesetround(mode);
  r = op == '+' ? a + b : op == '-' ? a - b : a * b;
  std::fesetround(FE_TONEAREST);
  return r;
}
// .ftz: a subnormal is zero of its sign.
static float flush(float x) {
  return std::fabs(x) < 1.17549435e-38f ? std::copysign(0.0f, x) : x;
}
static unsigned short toBf16(float f) {
  unsigned u = bits(f);
  if (f != f)
    return 0x7fff;
  return (unsigned short)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}
static int saturate(double v) {
  return v != v               ? 0
         : v >= 2147483647.0  ? 2147483647
         : v <= -2147483648.0 ? (-2147483647 - 1)
                              : (int)v;
}
// IEEE binary16, to nearest even (cvt.rn.f16.f32), and back (exact).
static unsigned short toHalf(float f) {
  unsigned short sign = std::signbit(f) ? 0x8000 : 0;
  double a = std::fabs((double)f);
  if (a >= 65520.0)
    return sign | 0x7c00;
  if (a < std::ldexp(1.0, -14))
    return sign | (unsigned short)std::nearbyint(std::ldexp(a, 24));
  int e;
  std::frexp(a, &e); // a in [2^(e-1), 2^e)
  double q = std::nearbyint(std::ldexp(a, 11 - e));
  if (q == 2048.0)
    q = 1024.0, ++e;
  return sign | (unsigned short)((e + 14) << 10 | ((int)q - 1024));
}
static float fromHalf(unsigned short h) {
  int e = (h >> 10) & 31, m = h & 1023;
  double v = e == 0    ? std::ldexp(m, -24)
             : e == 31 ? (m ? NAN : INFINITY)
                       : std::ldexp(m + 1024, e - 25);
  return (float)(h & 0x8000 ? -v : v);
}

static void expectInts(const unsigned *in, const float *special, int t, unsigned *e) {
  unsigned a = in[t], b = in[t + kLanes], c = in[t + 2 * kLanes];
  int k = 0;
  e[k++] = a + b;
  e[k++] = a - b;
  e[k++] = a * b;
  e[k++] = (unsigned)(((unsigned long long)a * b) >> 32);
  e[k++] = a * b + c;
  e[k++] = (int)a < (int)b ? a : b;
  e[k++] = a > b ? a : b;
  e[k++] = 0u - a;
  e[k++] = (int)b < 0 ? 0u - b : b;
  e[k++] = __builtin_popcount(a);
  unsigned sh = a >> (c & 31);
  e[k++] = sh ? __builtin_clz(sh) : 32;
  unsigned rev = 0;
  for (int i = 0; i < 32; ++i)
    rev |= ((a >> i) & 1) << (31 - i);
  e[k++] = rev;
  e[k++] = bitField(a, 8, 12, false);
  e[k++] = bitField(a, b & 31, c & 31, true);
  unsigned pos = c & 31, len = (c >> 8) & 15, f = b;
  for (unsigned i = 0; i < len && pos + i <= 31; ++i)
    f = (f & ~(1u << (pos + i))) | (((a >> i) & 1) << (pos + i));
  e[k++] = f;
  e[k++] = permute(a, b, c);
  e[k++] = lut3(a, b, c, 0x96);
  e[k++] = lut3(a, b, c, 0xE8);
  unsigned long long ba = ((unsigned long long)b << 32) | a;
  e[k++] = (unsigned)((ba << (c & 31)) >> 32);
  unsigned n = c & 63;
  e[k++] = n >= 32 ? b : (unsigned)(ba >> n);
  e[k++] = dot4(a, b, (int)c, true, true);
  e[k++] = dot4(a, b, (int)c, false, false);
  e[k++] = c + (a & 0xffff) * (b & 0xff) + (a >> 16) * ((b >> 8) & 0xff);
  e[k++] = n >= 32 ? 0 : a << n;
  unsigned shifted = (unsigned)((int)a >> (n >= 32 ? 31 : n));
  e[k++] = shifted;
  e[k++] = a < b ? a : b;
  e[k++] = c & 1 ? a + 1 : 7;
  e[k++] = t;
  e[k++] = (1u << t) - 1;
  e[k++] = ~((1u << t) - 1);
  e[k++] = t;
  e[k++] = shifted + 5; // "+r": the last shr.s32's result, plus 5
  e[k++] = dot4(a, b, (int)c, false, true);
  e[k++] = dot4(a, b, (int)c, true, false);
  e[k++] = dot2(a, b, (int)c, false, true, true);
  e[k++] = dot2(a, b, (int)c, true, false, true);
  e[k++] = dot2(a, b, (int)c, true, true, false);
  e[k++] = b ^ a * 3u;
  e[k++] = a;
  e[k++] = c;
  e[k++] = b & 0xffff;
  e[k++] = b << 16 | b >> 16;
  // Warp results, of the first result (a + b) of each lane.
  unsigned first[kLanes];
  for (int l = 0; l < kLanes; ++l)
    first[l] = in[l] + in[l + kLanes];
  e[k++] = first[5];
  e[k++] = first[t ^ 1];
  e[k++] = t + 4 < kLanes ? first[t + 4] : first[t];
  e[k++] = 0xaaaaaaaau;
  e[k++] = 0xffffffffu;
  e[k++] = 1;
  float x = special[t];
  e[k++] = saturate(std::trunc((double)x));
  e[k++] = saturate(std::nearbyint((double)x));
  unsigned short h = toHalf(x == x ? x : 0.25f);
  e[k++] = h;
  float back = fromHalf(h);
  e[k++] = back == back ? (unsigned)(int)(back * 4.0f) : 0xdeadu;
  e[k++] = toBf16(x);
  e[k++] = (unsigned)toBf16(x) << 16 | toBf16(special[(t + 1) % kLanes]);
}

static bool near(float got, float want, float tolerance) {
  return std::fabs(got - want) <= tolerance * (1.0f + std::fabs(want));
}

static void expectFloats(const float *fin, int t, float *e, float *tolerance) {
  float x = fin[t], y = fin[t + kLanes], z = fin[t + 2 * kLanes], w = std::fabs(x) + 0.5f;
  float exact[] = {std::fma(x, y, z),
                   x + y,
                   x * y,
                   x / w,
                   std::sqrt(w),
                   std::fmin(x, y),
                   std::fmax(x, y),
                   std::fabs(y),
                   -z,
                   x > 0 ? (x < 1 ? x : 1.0f) : 0.0f,
                   (float)(t * 1000003 - 7)};
  float approx[] = {1.0f / w,     std::tanh(x),        std::exp2(x),
                    std::log2(w), 1.0f / std::sqrt(w), std::sin(x),
                    std::cos(x)};
  int k = 0;
  for (float v : exact)
    e[k] = v, tolerance[k++] = 0.0f;
  for (float v : approx)
    e[k] = v, tolerance[k++] = 1e-4f;
  tolerance[12] = 2e-3f; // tanh.approx: about 2^-11 relative
  e[k] = std::fma(x, 0.5f, z), tolerance[k++] = 0.0f;
  e[k] = y, tolerance[k++] = 0.0f;
  float directed[] = {rounded(FE_TOWARDZERO, '+', x, y * 1e-3f),
                      rounded(FE_DOWNWARD, '+', x, y * 1e-3f),
                      rounded(FE_UPWARD, '+', x, y * 1e-3f),
                      rounded(FE_TOWARDZERO, '-', x, z * 1e-3f),
                      rounded(FE_DOWNWARD, '*', x, y),
                      rounded(FE_UPWARD, '*', x, z),
                      flush(flush(x * 1e-39f) + flush(y)),
                      flush(flush(x * 1e-20f) * flush(y * 1e-19f)),
                      flush(std::fma(x, y, flush(z * 1e-39f))),
                      flush(std::fmax(flush(x * 1e-39f), y)),
                      std::fma(x, 0.25f, z)};
  for (float v : directed)
    e[k] = v, tolerance[k++] = 0.0f;
}

int main() {
  unsigned in[3 * kLanes + 4];
  float fin[3 * kLanes], special[kLanes];
  unsigned seed = 12345;
  auto next = [&] { return seed = seed * 1664525u + 1013904223u; };
  for (unsigned &v : in)
    v = next() ^ (next() >> 16);
  for (float &v : fin)
    v = (float)(next() % 8000) / 1000.0f - 4.0f;
  for (float &v : special)
    v = (float)(next() % 20001) / 100.0f - 100.0f;
  float edges[] = {3e9f, -3e9f, NAN, 2.5f, -2.5f, 1e-3f, 65520.0f, -0.0f};
  std::memcpy(special, edges, sizeof(edges));

  unsigned *dIn, *dOut, *dMem;
  float *dFin, *dSpecial, *dFout;
  unsigned long long *dOut64;
  CHECK(cudaMalloc(&dIn, sizeof(in)));
  CHECK(cudaMalloc(&dFin, sizeof(fin)));
  CHECK(cudaMalloc(&dSpecial, sizeof(special)));
  CHECK(cudaMalloc(&dOut, kInts * kLanes * sizeof(unsigned)));
  CHECK(cudaMalloc(&dFout, (kFloats + 2) * kLanes * sizeof(float)));
  CHECK(cudaMalloc(&dOut64, (2 * kLanes + 1) * sizeof(unsigned long long)));
  CHECK(cudaMalloc(&dMem, kMem * sizeof(unsigned)));
  CHECK(cudaMemset(dOut64, 0, (2 * kLanes + 1) * sizeof(unsigned long long)));
  CHECK(cudaMemset(dMem, 0, kMem * sizeof(unsigned)));
  CHECK(cudaMemcpy(dIn, in, sizeof(in), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dFin, fin, sizeof(fin), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dSpecial, special, sizeof(special), cudaMemcpyHostToDevice));
  ptxKernel<<<1, kLanes>>>(dIn, dFin, dSpecial, dOut, dFout, dOut64, dMem);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  static unsigned out[kInts * kLanes], mem[kMem];
  static float fout[(kFloats + 2) * kLanes];
  static unsigned long long out64[2 * kLanes + 1];
  CHECK(cudaMemcpy(out, dOut, sizeof(out), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(fout, dFout, sizeof(fout), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(out64, dOut64, sizeof(out64), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(mem, dMem, sizeof(mem), cudaMemcpyDeviceToHost));

  int checks = 0, failures = 0;
  auto expect = [&](bool ok, const char *what, int lane, int index) {
    ++checks;
    if (!ok && ++failures <= 10)
      std::printf("mismatch: %s %d, lane %d\n", what, index, lane);
  };
  for (int t = 0; t < kLanes; ++t) {
    unsigned e[kInts];
    expectInts(in, special, t, e);
    for (int k = 0; k < kInts; ++k)
      expect(out[k * kLanes + t] == e[k], "integer result", t, k);
    float f[kFloats], tolerance[kFloats];
    expectFloats(fin, t, f, tolerance);
    for (int k = 0; k < kFloats; ++k)
      expect(tolerance[k] ? near(fout[k * kLanes + t], f[k], tolerance[k])
                          : bits(fout[k * kLanes + t]) == bits(f[k]),
             "float result", t, k);
    unsigned a = in[t], b = in[t + kLanes];
    expect(out64[t] == (unsigned long long)a * b, "mul.wide", t, 0);
    expect(out64[kLanes + t] == 1, "%clock64", t, 0);
    unsigned sum = 0;
    for (int i = 0; i < 4; ++i)
      sum += in[4 * (t % 8) + i];
    expect(mem[t] == sum, "ld.v4 + st", t, 0);
    expect(mem[kLanes + t] == in[t + 1], "ld with offset", t, 0);
    expect(fout[kFloats * kLanes + 2 * t] == 1.5f &&
               fout[kFloats * kLanes + 2 * t + 1] == -2.0f,
           "st.v2", t, 0);
    int u = (t + 1) % kLanes;
    expect(mem[3 * kLanes + t] == ((in[u] ^ in[u + kLanes]) + in[t]), "shared + cp.async",
           t, 0);
  }
  expect(mem[2 * kLanes] == kLanes * (kLanes + 1) / 2, "red.add", 0, 0);
  expect(mem[2 * kLanes + 1] == 3 * (kLanes - 1) - 40, "atom.max", 0, 0);
  expect(mem[2 * kLanes + 2] == 0 && mem[2 * kLanes + 3] == 9, "atom.cas", 0, 0);
  expect(out64[2 * kLanes] == 2ull * kLanes, "atom.add.u64", 0, 0);
  for (int t = 0; t < kLanes; ++t) {
    expect(mem[4 * kLanes + t] == in[t] + 1, "ld.acquire + st.release", t, 0);
    expect(mem[6 * kLanes + t] == in[kLanes + (t + 3) % kLanes],
           "ld.volatile + st.relaxed", t, 0);
    expect(mem[7 * kLanes + t] == in[2 * kLanes + t], "ld.L2::cache_hint", t, 0);
  }
  expect(mem[5 * kLanes] == kLanes, "atom.acq_rel.add", 0, 0);
  expect(mem[5 * kLanes + 1] == 2 * kLanes, "red.relaxed.add", 0, 0);

  cudaFree(dIn);
  cudaFree(dFin);
  cudaFree(dSpecial);
  cudaFree(dOut);
  cudaFree(dFout);
  cudaFree(dOut64);
  cudaFree(dMem);
  std::printf("inline_ptx: %d checks, %d mismatches %s\n", checks, failures,
              failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
