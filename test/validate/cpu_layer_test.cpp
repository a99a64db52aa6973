// cpu_layer_test: what musify's CPU layer (runtime/cpu/include) adds to the HIP
// CPU runtime, checked against what CUDA documents, by small kernels launched
// as a migrated HIP program launches them. Built as the CPU runs build such a
// program (test/validate/cpu_layer_test.sh, the ctest cpu-layer); prints each
// failed check, then "cpu_layer_test: PASS" or "cpu_layer_test: FAIL".
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_fp16.h>
#include <musify/hip_helpers.h>

#include <cfenv>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace cg = cooperative_groups;

// Code may compare __HIP__, as hipcc defines it.
#if !(__HIP__ == 1)
#error "__HIP__ must be 1, as hipcc defines it"
#endif

static int failures = 0;
static std::set<std::string> failed; // each failed check printed once
static void check(bool ok, const char *what, int index = -1) {
  if (ok)
    return;
  ++failures;
  if (failed.insert(what).second)
    std::printf(index < 0 ? "FAIL: %s\n" : "FAIL: %s (first at thread %d)\n", what,
                index);
}
#define CHECK(x) check((x), #x)
#define CHECK_AT(x, i) check((x), #x, (i))

// ---- Tiles: a 2D block (ranks run x fastest, unlike the runtime's fibers)
// of 96 threads, so the second 64-lane warp is partial.
constexpr unsigned kTileThreads = 96;
struct TileOut {
  int sum32[kTileThreads], rank32[kTileThreads], meta32[kTileThreads];
  int bcast[kTileThreads], up[kTileThreads], down[kTileThreads], xr[kTileThreads];
  unsigned ballot[kTileThreads];
  int any[kTileThreads], all[kTileThreads];
  int sum16[kTileThreads], max16[kTileThreads], meta8[kTileThreads];
  int dyn_rank[kTileThreads], dyn_size[kTileThreads];
  float2 pair[kTileThreads]; // a vector type, which the runtime does not copy trivially
};

__global__ void tiles(TileOut *o) {
  cg::thread_block block = cg::this_thread_block();
  const int r = block.thread_rank();
  cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(block);
  // The reduction CUDA's samples write: halving shfl_down, lane 0 has the sum.
  int v = r + 1;
  for (int offset = t32.size() / 2; offset > 0; offset /= 2)
    v += t32.shfl_down(v, offset);
  o->sum32[r] = v;
  o->rank32[r] = t32.thread_rank();
  o->meta32[r] = t32.meta_group_rank() * 100 + t32.meta_group_size();
  o->bcast[r] = t32.shfl(r, 3);
  o->up[r] = t32.shfl_up(r, 2);
  o->down[r] = t32.shfl_down(r, 1);
  o->xr[r] = t32.shfl_xor(r, 5);
  o->pair[r] = t32.shfl(make_float2(r, -r), 7);
  o->ballot[r] = t32.ballot(t32.thread_rank() % 3 == 0);
  o->any[r] = t32.any(r == 40);
  o->all[r] = t32.all(r < 80);
  block.sync();
  auto t16 = cg::tiled_partition<16>(block);
  o->sum16[r] = cg::reduce(t16, r, cg::plus<int>());
  o->max16[r] = cg::reduce(t16, (r * 7) % 16, cg::greater<int>());
  auto t8 = cg::tiled_partition<8>(t32);
  o->meta8[r] = t8.meta_group_rank() * 100 + t8.meta_group_size();
  cg::thread_group g = cg::tiled_partition(block, 4);
  o->dyn_rank[r] = g.thread_rank();
  o->dyn_size[r] = g.size();
}

static void test_tiles() {
  TileOut *o;
  hipMallocManaged(&o, sizeof(TileOut));
  hipLaunchKernelGGL(tiles, dim3(2), dim3(8, 12), 0, 0, o);
  hipDeviceSynchronize();
  for (int r = 0; r < static_cast<int>(kTileThreads); ++r) {
    const int lane = r % 32, base = r - lane;
    if (lane == 0) // 1 + ... + 32 over the tile's ranks
      CHECK_AT(o->sum32[r] == 32 * base + 32 * 33 / 2, r);
    CHECK_AT(o->rank32[r] == lane, r);
    CHECK_AT(o->meta32[r] == (r / 32) * 100 + 3, r);
    CHECK_AT(o->bcast[r] == base + 3, r);
    CHECK_AT(o->up[r] == (lane >= 2 ? r - 2 : r), r);
    CHECK_AT(o->down[r] == (lane + 1 < 32 ? r + 1 : r), r);
    CHECK_AT(o->xr[r] == (r ^ 5), r);
    CHECK_AT(o->pair[r].x == base + 7 && o->pair[r].y == -(base + 7), r);
    CHECK_AT(o->ballot[r] == 0x49249249u, r);
    CHECK_AT(o->any[r] == (r / 32 == 1), r);
    CHECK_AT(o->all[r] == (r / 32 != 2), r);
    const int b16 = r - r % 16;
    CHECK_AT(o->sum16[r] == 16 * b16 + 15 * 16 / 2, r);
    CHECK_AT(o->max16[r] == 15, r);
    CHECK_AT(o->meta8[r] == (lane / 8) * 100 + 4, r);
    CHECK_AT(o->dyn_rank[r] == r % 4 && o->dyn_size[r] == 4, r);
  }
  hipFree(o);
}

// ---- Warp functions: a 1D block of 96 (a whole warp and a partial one) with
// widths below warpSize, and a 2D block.

// A program's own overload for its type, as CUDA code may declare one.
struct Pair {
  int a, b;
};
__device__ inline Pair __shfl_up(Pair v, unsigned delta, int width = warpSize) {
  return Pair{__shfl_up(v.a, delta, width), __shfl_up(v.b, delta, width)};
}

struct WarpOut {
  int down32[96], idx16[96], xor2d[32], pair[96];
  int all[96], count[96];
  unsigned long long ballot[96];
};

__global__ void warps(WarpOut *o) {
  const int r = threadIdx.x;
  o->down32[r] = __shfl_down(r, 1, 32);
  o->idx16[r] = __shfl(r, 5, 16);
  o->pair[r] = __shfl_up(Pair{r, -r}, 3).b;
  o->all[r] = __all(1);
  o->ballot[r] = __ballot(r % 2);
  o->count[r] = __syncthreads_count(r % 3 == 0);
}
__global__ void warps2d(WarpOut *o) {
  const int r = threadIdx.y * blockDim.x + threadIdx.x;
  o->xor2d[r] = __shfl_xor(r, 1);
}

static void test_warps() {
  WarpOut *o;
  hipMallocManaged(&o, sizeof(WarpOut));
  hipLaunchKernelGGL(warps, dim3(1), dim3(96), 0, 0, o);
  hipLaunchKernelGGL(warps2d, dim3(1), dim3(4, 8), 0, 0, o);
  hipDeviceSynchronize();
  for (int r = 0; r < 96; ++r) {
    CHECK_AT(o->down32[r] == (r % 32 + 1 < 32 ? r + 1 : r), r);
    CHECK_AT(o->idx16[r] == r - r % 16 + 5, r);
    CHECK_AT(o->pair[r] == -(r % 64 >= 3 ? r - 3 : r), r);
    CHECK_AT(o->all[r] == 1, r); // the partial warp's missing lanes do not vote
    CHECK_AT(o->ballot[r] == (r < 64 ? 0xaaaaaaaaaaaaaaaaull : 0xaaaaaaaaull), r);
    CHECK_AT(o->count[r] == 32, r);
  }
  for (int r = 0; r < 32; ++r)
    CHECK_AT(o->xor2d[r] == (r ^ 1), r);
  hipFree(o);
}

// ---- Atomics: two blocks of 64 threads.
struct AtomicOut {
  unsigned inc, dec, inc_sys, dec_sys, inc_helper;
  int add_i, sub_i, min_i, max_i, cas_i, exch_i;
  unsigned and_u, or_u, xor_u;
  unsigned long long add_ull;
  float add_f;
  double add_d;
};

__global__ void atomics(AtomicOut *o) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicInc(&o->inc, 9u);
  atomicDec(&o->dec, 9u);
  atomicInc_system(&o->inc_sys, 9u);
  atomicDec_system(&o->dec_sys, 9u);
  musify::atomicInc_system(&o->inc_helper, 9u);
  atomicAdd_system(&o->add_i, t);
  atomicSub_system(&o->sub_i, t);
  atomicMin_system(&o->min_i, 1000 - t);
  atomicMax_system(&o->max_i, t);
  int old = o->cas_i, assumed;
  do {
    assumed = old;
    old = atomicCAS_system(&o->cas_i, assumed, assumed + 2);
  } while (old != assumed);
  atomicExch_system(&o->exch_i, 7);
  atomicAnd_system(&o->and_u, ~(1u << (t % 32)));
  atomicOr_system(&o->or_u, 1u << (t % 32));
  atomicXor_system(&o->xor_u, 1u << (t % 2));
  atomicAdd_system(&o->add_ull, 1ull << 33);
  atomicAdd_system(&o->add_f, 0.5f);
  atomicAdd_system(&o->add_d, 0.25);
}

static void test_atomics() {
  AtomicOut *o;
  hipMallocManaged(&o, sizeof(AtomicOut));
  *o = AtomicOut{};
  o->and_u = ~0u;
  o->min_i = 1 << 30;
  hipLaunchKernelGGL(atomics, dim3(2), dim3(64), 0, 0, o);
  hipDeviceSynchronize();
  // 128 increments wrapping at 9 (old >= 9 ? 0 : old + 1): 128 % 10; 128
  // decrements from 0 ((old == 0 || old > 9) ? 9 : old - 1): (10 - 8) % 10.
  CHECK(o->inc == 8 && o->inc_sys == 8 && o->inc_helper == 8);
  CHECK(o->dec == 2 && o->dec_sys == 2);
  CHECK(o->add_i == 127 * 128 / 2 && o->sub_i == -(127 * 128 / 2));
  CHECK(o->min_i == 1000 - 127 && o->max_i == 127);
  CHECK(o->cas_i == 256 && o->exch_i == 7);
  CHECK(o->and_u == 0 && o->or_u == ~0u && o->xor_u == 0);
  CHECK(o->add_ull == 128ull << 33 && o->add_f == 64.0f && o->add_d == 32.0);
  hipFree(o);
}

// ---- Intrinsics: each result against its exact value.
struct IntrinsicOut {
  unsigned umul24, umulhi;
  int mul24, mulhi;
  long long mul64hi;
  unsigned long long umul64hi;
  float f[16];
  double d[8];
  float sat[4];
};

__global__ void intrinsics(IntrinsicOut *o, float one, float tiny, double done,
                           double dtiny) {
  o->umul24 = __umul24(0x01000003u, 0xff000005u);
  o->mul24 = __mul24(-3, 0x00400000);
  o->umulhi = __umulhi(0xffffffffu, 0x80000000u);
  o->mulhi = __mulhi(-0x40000000, 0x10);
  o->mul64hi = __mul64hi(-(1ll << 40), 1ll << 40);
  o->umul64hi = __umul64hi(~0ull, 1ull << 63);
  o->f[0] = __fadd_rn(one, tiny);
  o->f[1] = __fadd_rz(one, tiny);
  o->f[2] = __fadd_ru(one, tiny);
  o->f[3] = __fadd_rd(-one, -tiny);
  o->f[4] = __fsub_ru(one, tiny);
  o->f[5] = __fmul_ru(1.0f + 0x1p-23f, 1.0f + 0x1p-23f);
  o->f[6] = __fmul_rd(1.0f + 0x1p-23f, 1.0f + 0x1p-23f);
  o->f[7] = __fdiv_rn(one, 3.0f);
  o->f[8] = __fdiv_ru(one, 3.0f);
  o->f[9] = __fdiv_rz(one, 3.0f);
  o->f[10] = __frcp_rn(3.0f);
  o->f[11] = __fsqrt_rn(2.0f);
  o->f[12] = __fsqrt_ru(2.0f);
  o->f[13] = __fmaf_rn(1.0f + 0x1p-23f, 1.0f - 0x1p-23f, -one); // exact: -2^-46
  o->f[14] = __fmul_rn(1.0f + 0x1p-23f, 1.0f - 0x1p-23f) - one; // rounded: 0
  o->d[0] = __dadd_rd(done, dtiny);
  o->d[1] = __dadd_ru(done, dtiny);
  o->d[2] = __ddiv_rd(done, 3.0);
  o->d[3] = __ddiv_ru(done, 3.0);
  o->d[4] = __dsqrt_rd(2.0);
  o->d[5] = __dsqrt_ru(2.0);
  o->d[6] = __fma_rz(done, done, -dtiny);
  o->d[7] = __drcp_rn(3.0);
  o->sat[0] = __saturatef(-2.0f);
  o->sat[1] = __saturatef(0.25f);
  o->sat[2] = __saturatef(7.0f);
  o->sat[3] = __saturatef(NAN);
}

static void test_intrinsics() {
  IntrinsicOut *o;
  hipMallocManaged(&o, sizeof(IntrinsicOut));
  hipLaunchKernelGGL(intrinsics, dim3(1), dim3(1), 0, 0, o, 1.0f, 0x1p-30f, 1.0, 0x1p-60);
  hipDeviceSynchronize();
  CHECK(o->umul24 == 15u);          // (0x000003 * 0x000005), high bytes ignored
  CHECK(o->mul24 == -3 * 0x400000); // 24-bit signed operands
  CHECK(o->umulhi == 0x7fffffffu);
  CHECK(o->mulhi == -4); // -2^34 >> 32
  CHECK(o->mul64hi == -(1ll << 16));
  CHECK(o->umul64hi == (~0ull >> 1));
  CHECK(o->f[0] == 1.0f && o->f[1] == 1.0f && o->f[2] == 1.0f + 0x1p-23f);
  CHECK(o->f[3] == -1.0f - 0x1p-23f && o->f[4] == 1.0f);
  CHECK(o->f[5] == 1.0f + 0x1p-22f + 0x1p-23f && o->f[6] == 1.0f + 0x1p-22f);
  CHECK(o->f[7] == 0x1.555556p-2f && o->f[8] == 0x1.555556p-2f &&
        o->f[9] == 0x1.555554p-2f);
  CHECK(o->f[10] == 0x1.555556p-2f);
  CHECK(o->f[11] == 0x1.6a09e6p+0f && o->f[12] == 0x1.6a09e8p+0f);
  CHECK(o->f[13] == -0x1p-46f && o->f[14] == 0.0f);
  CHECK(o->d[0] == 1.0 && o->d[1] == 1.0 + 0x1p-52);
  CHECK(o->d[2] == 0x1.5555555555555p-2 && o->d[3] == 0x1.5555555555556p-2);
  CHECK(o->d[4] == 0x1.6a09e667f3bccp+0 && o->d[5] == 0x1.6a09e667f3bcdp+0);
  CHECK(o->d[6] == 1.0 - 0x1p-53 && o->d[7] == 0x1.5555555555555p-2);
  CHECK(o->sat[0] == 0.0f && !std::signbit(o->sat[0]) && o->sat[1] == 0.25f);
  CHECK(o->sat[2] == 1.0f && o->sat[3] == 0.0f);
  // The caller's rounding mode is back.
  CHECK(std::fegetround() == FE_TONEAREST);
  volatile float a = 1.0f, b = 0x1p-30f;
  CHECK(a + b == 1.0f);
  hipFree(o);
}

// ---- Reinterpreting casts and bit reversal.
static void test_bits() {
  CHECK(__float_as_int(1.0f) == 0x3f800000 && __float_as_uint(-0.0f) == 0x80000000u);
  CHECK(__int_as_float(0x40000000) == 2.0f && __uint_as_float(0x3f800000u) == 1.0f);
  CHECK(__double_as_longlong(1.0) == 0x3ff0000000000000ll);
  CHECK(__brev(1u) == 0x80000000u && __brev(0xf0u) == 0x0f000000u);
  CHECK(__brevll(1ull) == 0x8000000000000000ull && __brevll(1ull << 32) == 0x80000000ull);
  // CUDA declares one __ffs, of int: a wider argument converts to it.
  unsigned long wide = 8ul;
  CHECK(__ffs(wide) == 4 && __ffs(0) == 0 && __ffs(-1) == 1);
  struct __align__(16) Aligned { char c; };
  CHECK(alignof(Aligned) == 16);
}

// ---- Integer intrinsics beyond products, and conversions in a rounding mode.
static void test_conversions() {
  CHECK(__byte_perm(0x33221100u, 0x77665544u, 0x3210u) == 0x33221100u);
  CHECK(__byte_perm(0x33221100u, 0x77665544u, 0x7654u) == 0x77665544u);
  CHECK(__byte_perm(0x33221100u, 0x77665544u, 0x0415u) == 0x00441155u);
  CHECK(__funnelshift_l(0x80000000u, 1u, 1u) == 3u && __funnelshift_l(1u, 2u, 33u) == 4u);
  CHECK(__funnelshift_lc(1u, 2u, 40u) == 1u && __funnelshift_r(2u, 1u, 1u) == 0x80000001u);
  CHECK(__funnelshift_rc(2u, 1u, 40u) == 1u);
  CHECK(__hadd(0x7fffffff, 0x7fffffff) == 0x7fffffff && __rhadd(-3, 0) == -1);
  CHECK(__uhadd(0xffffffffu, 1u) == 0x80000000u && __urhadd(1u, 2u) == 2u);
  CHECK(__sad(-2, 3, 1u) == 6u && __usad(2u, 7u, 0u) == 5u);
  CHECK(__float2int_rn(2.5f) == 2 && __float2int_rn(3.5f) == 4 && __float2int_rn(-2.5f) == -2);
  CHECK(__float2int_rz(-2.7f) == -2 && __float2int_ru(2.1f) == 3 && __float2int_rd(-2.1f) == -3);
  CHECK(__float2int_rn(NAN) == 0 && __float2int_rz(1e10f) == 0x7fffffff);
  CHECK(__float2uint_rn(-1.0f) == 0u && __double2ll_rd(-0.5) == -1 && __double2ull_ru(0.5) == 1u);
  CHECK(__int2float_rn(16777217) == 16777216.0f && __int2float_ru(16777217) == 16777218.0f);
  CHECK(__int2float_rz(-16777217) == -16777216.0f && __int2float_rd(-16777217) == -16777218.0f);
  CHECK(__double2float_rd(0.1) < 0.1 && __double2float_ru(0.1) > 0.1);
  CHECK(__ull2double_rn(1ull << 63) == 0x1p63 && __int2double_rn(-3) == -3.0);
  CHECK(__double2hiint(1.0) == 0x3ff00000 && __double2loint(1.0) == 0);
  CHECK(__hiloint2double(0x3ff00000, 0) == 1.0);
  CHECK(rsqrtf(4.0f) == 0.5f && rsqrt(0.25) == 2.0 && __frsqrt_rn(16.0f) == 0.25f);
  CHECK(sinpif(0.5f) == 1.0f && cospi(1.0) == -1.0 && __fdividef(1.0f, 4.0f) == 0.25f);
  float f = 1.5f;
  CHECK(__ldcg(&f) == 1.5f && __ldcs(&f) == 1.5f);
  CHECK(std::fegetround() == FE_TONEAREST); // the caller's mode is back
}

// ---- Flags given as integers, as GPU runtimes take them.
static void test_int_flags() {
  hipEvent_t e;
  hipStream_t st;
  float *p = nullptr;
  int eventFlags = hipEventBlockingSync | hipEventDisableTiming;
  CHECK(hipEventCreateWithFlags(&e, eventFlags) == hipSuccess);
  CHECK(hipStreamCreateWithFlags(&st, 1u) == hipSuccess);
  CHECK(hipHostMalloc(&p, 64, 0u) == hipSuccess && p != nullptr);
  hipHostFree(p);
  hipStreamDestroy(st);
  hipEventDestroy(e);
}

// ---- min and max with CUDA's parameter lists.
// A program's own host function with the name of a CUDA device function.
static unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return a + b;
}

static void test_min_max() {
  CHECK(max(-1, 1u) == 0xffffffffu); // compared as unsigned, as in CUDA
  CHECK(min(-1, 1) == -1 && min(3ull, 2ll) == 2ull);
  CHECK(min(1.5f, 2.0) == 1.5 && max(NAN, 1.0f) == 1.0f);
  CHECK(umin(3, 2u) == 2u && umax(3u, 7u) == 7u && llmin(-1, 5) == -1);
  CHECK(ullmax(1, 2) == 3); // the program's own, not the layer's
}

// ---- Device properties and attributes.
__global__ void store(int *p, int v);

static void test_device() {
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0) == hipSuccess && prop.warpSize == warpSize);
  int value = 0;
  CHECK(hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, 0) == hipSuccess &&
        value == warpSize);
  CHECK(hipDeviceGetAttribute(&value, hipDeviceAttributeMaxThreadsPerBlock, 0) ==
            hipSuccess &&
        value == prop.maxThreadsPerBlock);
  CHECK(hipDeviceGetAttribute(&value, hipDeviceAttributeManagedMemory, 0) == hipSuccess &&
        value == 1);
  // The runtime's members are copied whole; AMD's additions answered.
  CHECK(prop.name[0] != '\0' && prop.totalGlobalMem > 0 && prop.maxThreadsDim[0] > 0 &&
        prop.multiProcessorCount > 0);
  CHECK(prop.managedMemory == 1 && prop.pageableMemoryAccess == 1 &&
        prop.concurrentManagedAccess == 1 && prop.asyncEngineCount == 1);
  CHECK(hipDeviceGetAttribute(&value, hipDeviceAttributeAsyncEngineCount, 0) ==
            hipSuccess &&
        value == prop.asyncEngineCount);
  CHECK(hipGetDeviceProperties(static_cast<hipDeviceProp_t *>(nullptr), 0) ==
        hipErrorInvalidValue);

  // Stream-ordered pools: attributes are kept; allocations work in order.
  hipMemPool_t pool = nullptr, current = nullptr;
  CHECK(hipDeviceGetDefaultMemPool(&pool, 0) == hipSuccess && pool);
  CHECK(hipDeviceGetDefaultMemPool(&pool, 99) == hipErrorInvalidValue);
  std::uint64_t threshold = UINT64_MAX, read = 0;
  CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &threshold) ==
            hipSuccess &&
        hipMemPoolGetAttribute(pool, hipMemPoolAttrReleaseThreshold, &read) ==
            hipSuccess &&
        read == UINT64_MAX);
  CHECK(hipDeviceGetMemPool(&current, 0) == hipSuccess && current == pool);
  CHECK(hipDeviceGetAttribute(&value, hipDeviceAttributeMemoryPoolsSupported, 0) ==
            hipSuccess &&
        value == 1);
  int *p = nullptr;
  CHECK(hipMallocAsync(&p, sizeof(int), 0) == hipSuccess && p);
  hipLaunchKernelGGL(store, dim3(1), dim3(1), 0, 0, p, 7);
  int got = 0;
  hipMemcpy(&got, p, sizeof(int), hipMemcpyDeviceToHost);
  CHECK(got == 7 && hipFreeAsync(p, 0) == hipSuccess);
}

// ---- Host functions and callbacks run in stream order; queries.
static std::mutex seen_mutex;
static std::vector<int> seen;
static void host_fn(void *p) {
  std::lock_guard<std::mutex> lock(seen_mutex);
  seen.push_back(*static_cast<int *>(p));
}
static void callback(hipStream_t, hipError_t status, void *p) {
  std::lock_guard<std::mutex> lock(seen_mutex);
  seen.push_back(status == hipSuccess ? *static_cast<int *>(p) : -1);
}
__global__ void store(int *p, int v) { *p = v; }
__global__ void busy(int *p, int v) {
  volatile double s = 0;
  for (int i = 0; i < 1000000; ++i)
    s = s + i;
  *p = v;
}

static void test_host() {
  half h = __float2half(0.5f);
  half2 h2{h, h};
  CHECK(__half2float(h) == 0.5f && __half2float(h2.y) == 0.5f);

  int *x = nullptr;
  CHECK(hipHostAlloc(&x, sizeof(int), hipHostMallocMapped) == hipSuccess && x);
  *x = 0;
  hipStream_t s;
  hipStreamCreate(&s);
  hipEvent_t e;
  hipEventCreate(&e);
  CHECK(hipEventQuery(e) == hipSuccess); // recorded never: no work captured
  hipLaunchKernelGGL(store, dim3(1), dim3(1), 0, s, x, 1);
  hipLaunchHostFunc(s, host_fn, x);
  hipLaunchKernelGGL(store, dim3(1), dim3(1), 0, s, x, 2);
  hipStreamAddCallback(s, callback, x, 0);
  hipLaunchKernelGGL(busy, dim3(1), dim3(1), 0, s, x, 3);
  hipEventRecord(e, s);
  hipError_t q;
  while ((q = hipEventQuery(e)) == hipErrorNotReady) {
  }
  CHECK(q == hipSuccess && *x == 3);
  hipLaunchKernelGGL(busy, dim3(1), dim3(1), 0, s, x, 4);
  CHECK(hipStreamQuery(s) == hipSuccess && *x == 4); // success means done
  CHECK(hipStreamAddCallback(s, callback, x, 1) == hipErrorInvalidValue);
  hipStreamSynchronize(s);
  CHECK(seen.size() == 2 && seen[0] == 1 && seen[1] == 2);
  hipEventDestroy(e);
  hipStreamDestroy(s);
  hipHostFree(x);
}

// ---- Kernels on the null stream run one after another, in launch order,
// while the host goes on launching (third_party/hip-cpu/ORIGIN.md).
__global__ void fold(unsigned long long *x, int k) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    *x = *x * 31 + k;
}

static void test_null_stream_order() {
  unsigned long long *d = nullptr, got = 0, want = 0;
  hipMalloc(&d, sizeof(*d));
  hipMemset(d, 0, sizeof(*d));
  for (int k = 0; k < 20000; ++k) {
    hipLaunchKernelGGL(fold, dim3(4), dim3(64), 0, 0, d, k);
    want = want * 31 + k;
  }
  hipMemcpy(&got, d, sizeof(got), hipMemcpyDeviceToHost);
  CHECK(got == want);
  hipFree(d);
}

int main() {
  test_null_stream_order();
  test_tiles();
  test_warps();
  test_atomics();
  test_intrinsics();
  test_bits();
  test_conversions();
  test_int_flags();
  test_min_max();
  test_device();
  test_host();
  std::printf("cpu_layer_test: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
