/* musify's CPU layer: HIP API that migrated programs use and the HIP CPU
 * runtime lacks, written on top of it with the behaviour of a GPU runtime
 * (runtime/cpu/README.md): nothing here makes a program compute other than on
 * a GPU. Where the runtime has a function that computes something else
 * (atomicInc, atomicDec, hipStreamQuery, hipMallocAsync, and in lanes.h the
 * warp functions),
 * the runtime's name is a macro for a correct one, said at each. */
#ifndef MUSIFY_CPU_ADDITIONS_H_
#define MUSIFY_CPU_ADDITIONS_H_

#include <cfenv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <future>
#include <limits>

/* AMD's hipDeviceProp_t: the runtime's members (renamed in hip_runtime.h),
 * then those AMD's HIP adds, answered for the CPU: its memory is the
 * device's, so managed and pageable memory are accessible from both sides at
 * once and host atomics are native; copies queue on streams that run
 * beside each other (one copy engine); there are no textures and no PCI bus. */
struct hipDeviceProp_t {
  char name[256];
  std::size_t totalGlobalMem;
  std::size_t sharedMemPerBlock;
  std::int32_t regsPerBlock;
  std::int32_t warpSize;
  std::int32_t maxThreadsPerBlock;
  std::int32_t maxThreadsDim[3];
  std::int32_t maxGridSize[3];
  std::int32_t clockRate;
  std::int32_t memoryClockRate;
  std::int32_t memoryBusWidth;
  std::size_t totalConstMem;
  std::int32_t major;
  std::int32_t minor;
  std::int32_t multiProcessorCount;
  std::int32_t l2CacheSize;
  std::int32_t maxThreadsPerMultiProcessor;
  std::int32_t computeMode;
  std::int32_t clockInstructionRate;
  hipDeviceArch_t arch;
  std::int32_t concurrentKernels;
  std::int32_t pciDomainID;
  std::int32_t pciBusID;
  std::int32_t pciDeviceID;
  std::size_t maxSharedMemoryPerMultiProcessor;
  std::int32_t isMultiGpuBoard;
  std::int32_t canMapHostMemory;
  std::int32_t gcnArch;
  std::int32_t integrated;
  std::int32_t cooperativeLaunch;
  std::int32_t cooperativeMultiDeviceLaunch;
  std::int32_t maxTexture1D;
  std::int32_t maxTexture2D[2];
  std::int32_t maxTexture3D[3];
  std::uint32_t *hdpMemFlushCntl;
  std::uint32_t *hdpRegFlushCntl;
  std::size_t memPitch;
  std::size_t textureAlignment;
  std::size_t texturePitchAlignment;
  std::int32_t kernelExecTimeoutEnabled;
  std::int32_t ECCEnabled;
  std::int32_t tccDriver;
  std::int32_t cooperativeMultiDeviceUnmatchedFunc;
  std::int32_t cooperativeMultiDeviceUnmatchedGridDim;
  std::int32_t cooperativeMultiDeviceUnmatchedBlockDim;
  std::int32_t cooperativeMultiDeviceUnmatchedSharedMem;
  std::int32_t deviceOverlap;
  // AMD's additions.
  char gcnArchName[256];
  std::int32_t maxTexture1DLinear;
  std::int32_t isLargeBar;
  std::int32_t asicRevision;
  std::int32_t managedMemory;
  std::int32_t directManagedMemAccessFromHost;
  std::int32_t concurrentManagedAccess;
  std::int32_t pageableMemoryAccess;
  std::int32_t pageableMemoryAccessUsesHostPageTables;
  std::int32_t asyncEngineCount;
  std::int32_t unifiedAddressing;
  std::int32_t hostNativeAtomicSupported;
};

/* The runtime's answer, with the warp size kernels run with (64), not the
 * host's SIMD width that the runtime reports: the property says what the
 * kernels see, as on a GPU. */
inline hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device) {
  if (!prop)
    return hipErrorInvalidValue;
  musify_cpu_RuntimeDeviceProp base{};
  if (hipError_t status = hipGetDeviceProperties(&base, device); status != hipSuccess)
    return status;
  *prop = hipDeviceProp_t{};
  constexpr std::size_t shared = offsetof(hipDeviceProp_t, deviceOverlap) + sizeof(int);
  static_assert(shared == offsetof(musify_cpu_RuntimeDeviceProp, deviceOverlap) + sizeof(int),
                "the runtime's members come first, in its order");
  std::memcpy(static_cast<void *>(prop), &base, shared);
  prop->warpSize = warpSize;
  std::snprintf(prop->gcnArchName, sizeof(prop->gcnArchName), "%s", "cpu");
  prop->managedMemory = prop->directManagedMemAccessFromHost = 1;
  prop->concurrentManagedAccess = prop->pageableMemoryAccess = 1;
  prop->pageableMemoryAccessUsesHostPageTables = prop->unifiedAddressing = 1;
  prop->hostNativeAtomicSupported = prop->asyncEngineCount = 1;
  return hipSuccess;
}

enum hipComputeMode {
  hipComputeModeDefault = 0,
  hipComputeModeExclusive = 1,
  hipComputeModeProhibited = 2,
  hipComputeModeExclusiveProcess = 3
};

/* The attributes hipDeviceGetAttribute answers, from the device's
 * properties. The CPU's memory is the device's: managed and pageable memory
 * are accessible from both sides at once. */
enum hipDeviceAttribute_t {
  hipDeviceAttributeClockRate,
  hipDeviceAttributeComputeCapabilityMajor,
  hipDeviceAttributeComputeCapabilityMinor,
  hipDeviceAttributeComputeMode,
  hipDeviceAttributeConcurrentKernels,
  hipDeviceAttributeConcurrentManagedAccess,
  hipDeviceAttributeCooperativeLaunch,
  hipDeviceAttributeCooperativeMultiDeviceLaunch,
  hipDeviceAttributeEccEnabled,
  hipDeviceAttributeIntegrated,
  hipDeviceAttributeKernelExecTimeout,
  hipDeviceAttributeL2CacheSize,
  hipDeviceAttributeManagedMemory,
  hipDeviceAttributeMaxBlockDimX,
  hipDeviceAttributeMaxBlockDimY,
  hipDeviceAttributeMaxBlockDimZ,
  hipDeviceAttributeMaxGridDimX,
  hipDeviceAttributeMaxGridDimY,
  hipDeviceAttributeMaxGridDimZ,
  hipDeviceAttributeMaxRegistersPerBlock,
  hipDeviceAttributeMaxSharedMemoryPerBlock,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
  hipDeviceAttributeMaxThreadsPerBlock,
  hipDeviceAttributeMaxThreadsPerMultiProcessor,
  hipDeviceAttributeMemoryBusWidth,
  hipDeviceAttributeMemoryClockRate,
  hipDeviceAttributeMultiprocessorCount,
  hipDeviceAttributePageableMemoryAccess,
  hipDeviceAttributePciBusId,
  hipDeviceAttributePciDeviceId,
  hipDeviceAttributePciDomainID,
  hipDeviceAttributeTotalConstantMemory,
  hipDeviceAttributeUnifiedAddressing,
  hipDeviceAttributeWarpSize,
  hipDeviceAttributeAsyncEngineCount,
  hipDeviceAttributeHostNativeAtomicSupported,
  hipDeviceAttributeDirectManagedMemAccessFromHost,
  hipDeviceAttributePageableMemoryAccessUsesHostPageTables,
  hipDeviceAttributeMemoryPoolsSupported
};

namespace musify_cpu {
/* The value of Attr for the device described by P; false for an attribute
 * the CPU runtime has no answer for. */
inline bool deviceAttribute(const hipDeviceProp_t &P, hipDeviceAttribute_t Attr, int &Value) {
  switch (Attr) {
  case hipDeviceAttributeClockRate: Value = P.clockRate; return true;
  case hipDeviceAttributeComputeCapabilityMajor: Value = P.major; return true;
  case hipDeviceAttributeComputeCapabilityMinor: Value = P.minor; return true;
  case hipDeviceAttributeComputeMode: Value = P.computeMode; return true;
  case hipDeviceAttributeConcurrentKernels: Value = P.concurrentKernels; return true;
  case hipDeviceAttributeCooperativeLaunch: Value = P.cooperativeLaunch; return true;
  case hipDeviceAttributeCooperativeMultiDeviceLaunch:
    Value = P.cooperativeMultiDeviceLaunch;
    return true;
  case hipDeviceAttributeEccEnabled: Value = P.ECCEnabled; return true;
  case hipDeviceAttributeIntegrated: Value = P.integrated; return true;
  case hipDeviceAttributeKernelExecTimeout: Value = P.kernelExecTimeoutEnabled; return true;
  case hipDeviceAttributeL2CacheSize: Value = P.l2CacheSize; return true;
  case hipDeviceAttributeMaxBlockDimX: Value = P.maxThreadsDim[0]; return true;
  case hipDeviceAttributeMaxBlockDimY: Value = P.maxThreadsDim[1]; return true;
  case hipDeviceAttributeMaxBlockDimZ: Value = P.maxThreadsDim[2]; return true;
  case hipDeviceAttributeMaxGridDimX: Value = P.maxGridSize[0]; return true;
  case hipDeviceAttributeMaxGridDimY: Value = P.maxGridSize[1]; return true;
  case hipDeviceAttributeMaxGridDimZ: Value = P.maxGridSize[2]; return true;
  case hipDeviceAttributeMaxRegistersPerBlock: Value = P.regsPerBlock; return true;
  case hipDeviceAttributeMaxSharedMemoryPerBlock:
    Value = static_cast<int>(P.sharedMemPerBlock);
    return true;
  case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor:
    Value = static_cast<int>(P.maxSharedMemoryPerMultiProcessor);
    return true;
  case hipDeviceAttributeMaxThreadsPerBlock: Value = P.maxThreadsPerBlock; return true;
  case hipDeviceAttributeMaxThreadsPerMultiProcessor:
    Value = P.maxThreadsPerMultiProcessor;
    return true;
  case hipDeviceAttributeMemoryBusWidth: Value = P.memoryBusWidth; return true;
  case hipDeviceAttributeMemoryClockRate: Value = P.memoryClockRate; return true;
  case hipDeviceAttributeMultiprocessorCount: Value = P.multiProcessorCount; return true;
  case hipDeviceAttributePciBusId: Value = P.pciBusID; return true;
  case hipDeviceAttributePciDeviceId: Value = P.pciDeviceID; return true;
  case hipDeviceAttributePciDomainID: Value = P.pciDomainID; return true;
  case hipDeviceAttributeTotalConstantMemory: Value = static_cast<int>(P.totalConstMem); return true;
  case hipDeviceAttributeWarpSize: Value = P.warpSize; return true;
  case hipDeviceAttributeConcurrentManagedAccess: Value = P.concurrentManagedAccess; return true;
  case hipDeviceAttributeManagedMemory: Value = P.managedMemory; return true;
  case hipDeviceAttributePageableMemoryAccess: Value = P.pageableMemoryAccess; return true;
  case hipDeviceAttributeUnifiedAddressing: Value = P.unifiedAddressing; return true;
  case hipDeviceAttributeAsyncEngineCount: Value = P.asyncEngineCount; return true;
  case hipDeviceAttributeHostNativeAtomicSupported:
    Value = P.hostNativeAtomicSupported;
    return true;
  case hipDeviceAttributeDirectManagedMemAccessFromHost:
    Value = P.directManagedMemAccessFromHost;
    return true;
  case hipDeviceAttributePageableMemoryAccessUsesHostPageTables:
    Value = P.pageableMemoryAccessUsesHostPageTables;
    return true;
  case hipDeviceAttributeMemoryPoolsSupported: Value = 1; return true;
  }
  return false;
}
} // namespace musify_cpu

inline hipError_t hipDeviceGetAttribute(int *value, hipDeviceAttribute_t attr, int device) {
  if (!value)
    return hipErrorInvalidValue;
  hipDeviceProp_t prop;
  if (hipError_t status = hipGetDeviceProperties(&prop, device); status != hipSuccess)
    return status;
  return musify_cpu::deviceAttribute(prop, attr, *value) ? hipSuccess : hipErrorInvalidValue;
}

namespace musify_cpu {
template <typename To, typename From> inline To bitCast(From x) {
  static_assert(sizeof(To) == sizeof(From), "a bit cast keeps the size");
  To r;
  std::memcpy(&r, &x, sizeof r);
  return r;
}
} // namespace musify_cpu

/* CUDA's reinterpreting casts (the runtime has __longlong_as_double only). */
inline long long __double_as_longlong(double x) { return musify_cpu::bitCast<long long>(x); }
inline int __float_as_int(float x) { return musify_cpu::bitCast<int>(x); }
inline unsigned int __float_as_uint(float x) { return musify_cpu::bitCast<unsigned int>(x); }
inline float __int_as_float(int x) { return musify_cpu::bitCast<float>(x); }
inline float __uint_as_float(unsigned int x) { return musify_cpu::bitCast<float>(x); }

/* Bit reversal, as CUDA's __brev and __brevll. */
inline unsigned int __brev(unsigned int x) {
  unsigned int r = 0;
  for (int i = 0; i < 32; ++i, x >>= 1)
    r = (r << 1) | (x & 1u);
  return r;
}
inline unsigned long long __brevll(unsigned long long x) {
  return (static_cast<unsigned long long>(__brev(static_cast<unsigned int>(x))) << 32) |
         __brev(static_cast<unsigned int>(x >> 32));
}

/* There is no profiler to start or stop: both succeed and change nothing. */
inline hipError_t hipProfilerStart() { return hipSuccess; }
inline hipError_t hipProfilerStop() { return hipSuccess; }

/* The overload GPU runtimes have for int results and default arguments. */
template <typename F>
inline hipError_t hipOccupancyMaxPotentialBlockSize(int *grid_size, int *block_size, F f,
                                                    std::size_t dynamic_shared_memory = 0,
                                                    int block_size_limit = 0) {
  std::uint32_t grid = 0, block = 0;
  hipError_t status = hipOccupancyMaxPotentialBlockSize(
      &grid, &block, f, dynamic_shared_memory, static_cast<std::uint32_t>(block_size_limit));
  if (status == hipSuccess) {
    *grid_size = static_cast<int>(grid);
    *block_size = static_cast<int>(block);
  }
  return status;
}

/* ---- Atomics --------------------------------------------------------------- */

/* CUDA's wrapping increment and decrement. The runtime's atomicInc and
 * atomicDec ignore their bound (an add or subtract of 1, hip_atomic.h), so their
 * names are macros for these: a compare-and-swap loop stores ((old >= val) ? 0 :
 * old + 1), and ((old == 0 || old > val) ? val : old - 1). The first guess of
 * the old value is 0: the swap returns the real one, so no plain read of the
 * word races with other threads' atomics. */
inline unsigned int musify_cpu_atomicInc(unsigned int *address,
                                         unsigned int val) noexcept {
  unsigned int old = 0, assumed;
  do {
    assumed = old;
    old = ::atomicCAS(address, assumed, assumed >= val ? 0u : assumed + 1u);
  } while (old != assumed);
  return old;
}
inline unsigned int musify_cpu_atomicDec(unsigned int *address,
                                         unsigned int val) noexcept {
  unsigned int old = 0, assumed;
  do {
    assumed = old;
    old = ::atomicCAS(address, assumed,
                      assumed == 0u || assumed > val ? val : assumed - 1u);
  } while (old != assumed);
  return old;
}
#define atomicInc musify_cpu_atomicInc
#define atomicDec musify_cpu_atomicDec

/* CUDA declares one __ffs, of int, so a wider argument (an unsigned long)
 * converts to it; the HIP CPU runtime's two overloads make that call
 * ambiguous. */
inline int musify_cpu_ffs(int x) noexcept {
  return static_cast<int>(::__ffs(static_cast<std::int32_t>(x)));
}
#define __ffs musify_cpu_ffs

/* CUDA's alignment specifier of a type, which the HIP CPU runtime lacks. */
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif

/* System-scope atomics (also atomic with respect to the host and other
 * devices): host and device share one memory and one set of atomic
 * instructions here, so each is the device-scope atomic, for the types the
 * runtime's device-scope one takes. */
#define MUSIFY_CPU_SYSTEM_ATOMIC(name, T)                                                \
  inline T name##_system(T *address, T val) noexcept { return name(address, val); }
MUSIFY_CPU_SYSTEM_ATOMIC(atomicAdd, int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicAdd, unsigned int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicAdd, unsigned long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicAdd, unsigned long long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicAdd, float)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicAdd, double)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicSub, int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicSub, unsigned int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicSub, unsigned long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicSub, unsigned long long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicExch, int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicExch, unsigned int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicExch, unsigned long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicExch, unsigned long long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicExch, float)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicMin, int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicMin, unsigned int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicMin, unsigned long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicMin, long long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicMin, unsigned long long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicMax, int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicMax, unsigned int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicMax, unsigned long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicMax, long long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicMax, unsigned long long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicAnd, int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicAnd, unsigned int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicAnd, unsigned long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicAnd, long long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicAnd, unsigned long long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicOr, int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicOr, unsigned int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicOr, unsigned long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicOr, long long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicOr, unsigned long long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicXor, int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicXor, unsigned int)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicXor, unsigned long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicXor, long long)
MUSIFY_CPU_SYSTEM_ATOMIC(atomicXor, unsigned long long)
#undef MUSIFY_CPU_SYSTEM_ATOMIC
inline unsigned int atomicInc_system(unsigned int *address, unsigned int val) noexcept {
  return musify_cpu_atomicInc(address, val);
}
inline unsigned int atomicDec_system(unsigned int *address, unsigned int val) noexcept {
  return musify_cpu_atomicDec(address, val);
}
#define MUSIFY_CPU_SYSTEM_CAS(T)                                                         \
  inline T atomicCAS_system(T *address, T compare, T val) noexcept {                     \
    return atomicCAS(address, compare, val);                                             \
  }
MUSIFY_CPU_SYSTEM_CAS(unsigned short)
MUSIFY_CPU_SYSTEM_CAS(int)
MUSIFY_CPU_SYSTEM_CAS(unsigned int)
MUSIFY_CPU_SYSTEM_CAS(unsigned long)
MUSIFY_CPU_SYSTEM_CAS(unsigned long long)
#undef MUSIFY_CPU_SYSTEM_CAS

/* ---- Integer intrinsics ---------------------------------------------------- */

/* The low 32 bits of the product of the low 24 bits of x and y. */
inline unsigned int __umul24(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>(std::uint64_t{x & 0xffffffu} * (y & 0xffffffu));
}
/* The high halves of the full products. */
inline int __mulhi(int x, int y) { return static_cast<int>((std::int64_t{x} * y) >> 32); }
inline unsigned int __umulhi(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((std::uint64_t{x} * y) >> 32);
}
inline long long __mul64hi(long long x, long long y) {
  return static_cast<long long>((static_cast<__int128>(x) * y) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return static_cast<unsigned long long>((static_cast<unsigned __int128>(x) * y) >> 64);
}

/* Byte i of the result is byte s[4i..4i+3] (of 8) of y:x, as CUDA's
 * __byte_perm (the selector's high bits ignored). */
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  const std::uint64_t both = (std::uint64_t{y} << 32) | x;
  unsigned int r = 0;
  for (int i = 0; i < 4; ++i) {
    const unsigned int byte = (s >> (4 * i)) & 7u;
    r |= static_cast<unsigned int>((both >> (8 * byte)) & 0xffu) << (8 * i);
  }
  return r;
}
/* The high (l) or low (r) 32 bits of hi:lo shifted by the shift modulo 32
 * (_lc, _rc: clamped to 32). */
namespace musify_cpu {
inline std::uint64_t funnel(unsigned int lo, unsigned int hi) {
  return (std::uint64_t{hi} << 32) | lo;
}
} // namespace musify_cpu
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int n) {
  return static_cast<unsigned int>((musify_cpu::funnel(lo, hi) << (n & 31u)) >> 32);
}
inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int n) {
  return static_cast<unsigned int>((musify_cpu::funnel(lo, hi) << (n < 32u ? n : 32u)) >> 32);
}
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int n) {
  return static_cast<unsigned int>(musify_cpu::funnel(lo, hi) >> (n & 31u));
}
inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int n) {
  return static_cast<unsigned int>(musify_cpu::funnel(lo, hi) >> (n < 32u ? n : 32u));
}
/* Averages without the intermediate sum overflowing: (x + y) >> 1, and
 * rounded up (x + y + 1) >> 1. */
inline int __hadd(int x, int y) { return static_cast<int>((std::int64_t{x} + y) >> 1); }
inline int __rhadd(int x, int y) {
  return static_cast<int>((std::int64_t{x} + y + 1) >> 1);
}
inline unsigned int __uhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((std::uint64_t{x} + y) >> 1);
}
inline unsigned int __urhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((std::uint64_t{x} + y + 1) >> 1);
}
/* |x - y| + z. */
inline unsigned int __sad(int x, int y, unsigned int z) {
  return static_cast<unsigned int>(x > y ? std::int64_t{x} - y : std::int64_t{y} - x) + z;
}
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
  return (x > y ? x - y : y - x) + z;
}

/* ---- Conversions in a rounding mode ---------------------------------------- */

namespace musify_cpu {
/* x converted to To in the IEEE rounding mode `mode`, as in_mode computes. */
template <typename To, typename From> inline To convert_in_mode(int mode, From x) {
  const int saved = std::fegetround();
  std::fesetround(mode);
  volatile From a = x;
  volatile To r = static_cast<To>(a);
  std::fesetround(saved);
  return r;
}
/* x rounded to an integer in `mode`, saturated to To's range, NaN to 0, as
 * the GPU's cvt.rni/rzi/rpi/rmi to an integer do. */
template <typename To, typename From> inline To to_integer(int mode, From x) {
  if (std::isnan(x))
    return 0;
  const From r = mode == FE_TONEAREST  ? std::nearbyint(x)
                 : mode == FE_TOWARDZERO ? std::trunc(x)
                 : mode == FE_UPWARD     ? std::ceil(x)
                                         : std::floor(x);
  if (r <= static_cast<From>(std::numeric_limits<To>::min()))
    return std::numeric_limits<To>::min();
  if (r >= static_cast<From>(std::numeric_limits<To>::max()))
    return std::numeric_limits<To>::max();
  return static_cast<To>(r);
}
} // namespace musify_cpu

/* NAME_rm(x): x converted to To by HOW (to_integer or convert_in_mode) in mode. */
#define MUSIFY_CPU_CONVERT(name, To, From, how, rm, mode)                               \
  inline To name##_##rm(From x) { return musify_cpu::how<To>(mode, x); }
#define MUSIFY_CPU_CONVERSIONS(rm, mode)                                                \
  MUSIFY_CPU_CONVERT(__float2int, int, float, to_integer, rm, mode)                     \
  MUSIFY_CPU_CONVERT(__float2uint, unsigned int, float, to_integer, rm, mode)           \
  MUSIFY_CPU_CONVERT(__float2ll, long long, float, to_integer, rm, mode)                \
  MUSIFY_CPU_CONVERT(__float2ull, unsigned long long, float, to_integer, rm, mode)      \
  MUSIFY_CPU_CONVERT(__double2int, int, double, to_integer, rm, mode)                   \
  MUSIFY_CPU_CONVERT(__double2uint, unsigned int, double, to_integer, rm, mode)         \
  MUSIFY_CPU_CONVERT(__double2ll, long long, double, to_integer, rm, mode)              \
  MUSIFY_CPU_CONVERT(__double2ull, unsigned long long, double, to_integer, rm, mode)    \
  MUSIFY_CPU_CONVERT(__double2float, float, double, convert_in_mode, rm, mode)          \
  MUSIFY_CPU_CONVERT(__int2float, float, int, convert_in_mode, rm, mode)                \
  MUSIFY_CPU_CONVERT(__uint2float, float, unsigned int, convert_in_mode, rm, mode)      \
  MUSIFY_CPU_CONVERT(__ll2float, float, long long, convert_in_mode, rm, mode)           \
  MUSIFY_CPU_CONVERT(__ull2float, float, unsigned long long, convert_in_mode, rm, mode) \
  MUSIFY_CPU_CONVERT(__ll2double, double, long long, convert_in_mode, rm, mode)         \
  MUSIFY_CPU_CONVERT(__ull2double, double, unsigned long long, convert_in_mode, rm, mode)
MUSIFY_CPU_CONVERSIONS(rn, FE_TONEAREST)
MUSIFY_CPU_CONVERSIONS(rz, FE_TOWARDZERO)
MUSIFY_CPU_CONVERSIONS(ru, FE_UPWARD)
MUSIFY_CPU_CONVERSIONS(rd, FE_DOWNWARD)
#undef MUSIFY_CPU_CONVERSIONS
#undef MUSIFY_CPU_CONVERT
/* Exact in every mode: CUDA declares only _rn. */
inline double __int2double_rn(int x) { return x; }
inline double __uint2double_rn(unsigned int x) { return x; }
/* The high and low 32 bits of a double, and a double of them. */
inline int __double2hiint(double x) {
  return static_cast<int>(musify_cpu::bitCast<std::uint64_t>(x) >> 32);
}
inline int __double2loint(double x) {
  return static_cast<int>(musify_cpu::bitCast<std::uint64_t>(x) & 0xffffffffu);
}
inline double __hiloint2double(int hi, int lo) {
  return musify_cpu::bitCast<double>((std::uint64_t{static_cast<unsigned int>(hi)} << 32) |
                                     static_cast<unsigned int>(lo));
}

/* ---- Floating-point intrinsics --------------------------------------------- */

/* Cache-hinted loads: the CPU has one cache, so the hint goes and the load
 * stays. */
template <typename T> inline T __ldca(const T *p) { return *p; }
template <typename T> inline T __ldcg(const T *p) { return *p; }
template <typename T> inline T __ldcs(const T *p) { return *p; }
template <typename T> inline T __ldcv(const T *p) { return *p; }
template <typename T> inline T __ldlu(const T *p) { return *p; }

/* Reciprocal square roots, sin(pi x) and cos(pi x) (pi x exact enough for
 * the GPU's accuracy), and the fast division, which on the CPU divides. */
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
inline float __frsqrt_rn(float x) { return static_cast<float>(1.0 / std::sqrt(double{x})); }
inline float sinpif(float x) { return static_cast<float>(std::sin(M_PI * double{x})); }
inline float cospif(float x) { return static_cast<float>(std::cos(M_PI * double{x})); }
inline double sinpi(double x) { return std::sin(M_PI * x); }
inline double cospi(double x) { return std::cos(M_PI * x); }
inline float __fdividef(float x, float y) { return x / y; }

/* x clamped to [+0.0, 1.0]; NaN gives +0.0. */
inline float __saturatef(float x) { return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f); }

namespace musify_cpu {
/* op(x, y, z) computed in the IEEE rounding mode `mode` (FE_TONEAREST, ...),
 * the caller's mode restored after: the CPU's add, subtract, multiply,
 * divide, square root and fused multiply-add are correctly rounded in every
 * mode, as the GPU's _rn/_rz/_ru/_rd intrinsics are, so the result is the
 * GPU's bit for bit (subnormals are kept, as without -ftz). The operands and
 * the result pass through volatile objects so that the compiler can neither
 * evaluate the operation at compile time nor move it out from between the
 * two mode switches. */
template <typename T, typename Op>
inline T in_mode(int mode, Op op, T x, T y = T(), T z = T()) {
  const int saved = std::fegetround();
  std::fesetround(mode);
  volatile T a = x, b = y, c = z;
  volatile T r = op(a, b, c);
  std::fesetround(saved);
  return r;
}
} // namespace musify_cpu

#define MUSIFY_CPU_ROUNDED(rm, mode)                                                     \
  inline float __fadd_##rm(float x, float y) {                                           \
    return musify_cpu::in_mode<float>(                                                   \
        mode, [](float a, float b, float) { return a + b; }, x, y);                      \
  }                                                                                      \
  inline float __fsub_##rm(float x, float y) {                                           \
    return musify_cpu::in_mode<float>(                                                   \
        mode, [](float a, float b, float) { return a - b; }, x, y);                      \
  }                                                                                      \
  inline float __fmul_##rm(float x, float y) {                                           \
    return musify_cpu::in_mode<float>(                                                   \
        mode, [](float a, float b, float) { return a * b; }, x, y);                      \
  }                                                                                      \
  inline float __fdiv_##rm(float x, float y) {                                           \
    return musify_cpu::in_mode<float>(                                                   \
        mode, [](float a, float b, float) { return a / b; }, x, y);                      \
  }                                                                                      \
  inline float __frcp_##rm(float x) {                                                    \
    return musify_cpu::in_mode<float>(                                                   \
        mode, [](float a, float, float) { return 1.0f / a; }, x);                        \
  }                                                                                      \
  inline float __fsqrt_##rm(float x) {                                                   \
    return musify_cpu::in_mode<float>(                                                   \
        mode, [](float a, float, float) { return std::sqrt(a); }, x);                    \
  }                                                                                      \
  inline float __fmaf_##rm(float x, float y, float z) {                                  \
    return musify_cpu::in_mode<float>(                                                   \
        mode, [](float a, float b, float c) { return std::fma(a, b, c); }, x, y, z);     \
  }                                                                                      \
  inline double __dadd_##rm(double x, double y) {                                        \
    return musify_cpu::in_mode<double>(                                                  \
        mode, [](double a, double b, double) { return a + b; }, x, y);                   \
  }                                                                                      \
  inline double __dsub_##rm(double x, double y) {                                        \
    return musify_cpu::in_mode<double>(                                                  \
        mode, [](double a, double b, double) { return a - b; }, x, y);                   \
  }                                                                                      \
  inline double __dmul_##rm(double x, double y) {                                        \
    return musify_cpu::in_mode<double>(                                                  \
        mode, [](double a, double b, double) { return a * b; }, x, y);                   \
  }                                                                                      \
  inline double __ddiv_##rm(double x, double y) {                                        \
    return musify_cpu::in_mode<double>(                                                  \
        mode, [](double a, double b, double) { return a / b; }, x, y);                   \
  }                                                                                      \
  inline double __drcp_##rm(double x) {                                                  \
    return musify_cpu::in_mode<double>(                                                  \
        mode, [](double a, double, double) { return 1.0 / a; }, x);                      \
  }                                                                                      \
  inline double __dsqrt_##rm(double x) {                                                 \
    return musify_cpu::in_mode<double>(                                                  \
        mode, [](double a, double, double) { return std::sqrt(a); }, x);                 \
  }                                                                                      \
  inline double __fma_##rm(double x, double y, double z) {                               \
    return musify_cpu::in_mode<double>(                                                  \
        mode, [](double a, double b, double c) { return std::fma(a, b, c); }, x, y, z);  \
  }
MUSIFY_CPU_ROUNDED(rn, FE_TONEAREST)
MUSIFY_CPU_ROUNDED(rz, FE_TOWARDZERO)
MUSIFY_CPU_ROUNDED(ru, FE_UPWARD)
MUSIFY_CPU_ROUNDED(rd, FE_DOWNWARD)
#undef MUSIFY_CPU_ROUNDED

/* ---- min and max ----------------------------------------------------------- */

/* Every parameter list CUDA's device math declares (crt/math_functions.hpp),
 * host and device, as musify::min/max in musify/hip_helpers.h: mixed signed and
 * unsigned arguments compare as the unsigned result type; floating ones as
 * fminf/fmin and fmaxf/fmax (a NaN loses). */
#define MUSIFY_CPU_MIN_MAX(R, A, B)                                                      \
  inline R min(A a, B b) {                                                               \
    return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a)                     \
                                                 : static_cast<R>(b);                    \
  }                                                                                      \
  inline R max(A a, B b) {                                                               \
    return static_cast<R>(a) > static_cast<R>(b) ? static_cast<R>(a)                     \
                                                 : static_cast<R>(b);                    \
  }
MUSIFY_CPU_MIN_MAX(int, int, int)
MUSIFY_CPU_MIN_MAX(unsigned int, unsigned int, unsigned int)
MUSIFY_CPU_MIN_MAX(unsigned int, int, unsigned int)
MUSIFY_CPU_MIN_MAX(unsigned int, unsigned int, int)
MUSIFY_CPU_MIN_MAX(long, long, long)
MUSIFY_CPU_MIN_MAX(unsigned long, unsigned long, unsigned long)
MUSIFY_CPU_MIN_MAX(unsigned long, long, unsigned long)
MUSIFY_CPU_MIN_MAX(unsigned long, unsigned long, long)
MUSIFY_CPU_MIN_MAX(long long, long long, long long)
MUSIFY_CPU_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
MUSIFY_CPU_MIN_MAX(unsigned long long, long long, unsigned long long)
MUSIFY_CPU_MIN_MAX(unsigned long long, unsigned long long, long long)
#undef MUSIFY_CPU_MIN_MAX
inline float min(float a, float b) { return std::fmin(a, b); }
inline float max(float a, float b) { return std::fmax(a, b); }
inline double min(double a, double b) { return std::fmin(a, b); }
inline double max(double a, double b) { return std::fmax(a, b); }
inline double min(float a, double b) { return std::fmin(static_cast<double>(a), b); }
inline double max(float a, double b) { return std::fmax(static_cast<double>(a), b); }
inline double min(double a, float b) { return std::fmin(a, static_cast<double>(b)); }
inline double max(double a, float b) { return std::fmax(a, static_cast<double>(b)); }

/* CUDA's integer minimum and maximum device functions, which MUSA keeps by
 * name (HIP code calls musify::umin from its helpers instead). Templates
 * that deduce nothing: a program's own host function of the same name and
 * parameters, legal beside CUDA's device one, is preferred over them rather
 * than redefining them. */
#define MUSIFY_CPU_INT_MIN_MAX(T, MIN, MAX)                                      \
  template <typename = void> inline T MIN(T a, T b) { return a < b ? a : b; }  \
  template <typename = void> inline T MAX(T a, T b) { return a > b ? a : b; }
MUSIFY_CPU_INT_MIN_MAX(unsigned int, umin, umax)
MUSIFY_CPU_INT_MIN_MAX(long long int, llmin, llmax)
MUSIFY_CPU_INT_MIN_MAX(unsigned long long int, ullmin, ullmax)
#undef MUSIFY_CPU_INT_MIN_MAX

/* ---- Host API -------------------------------------------------------------- */

/* HIP's older name of hipHostMalloc, which CUDA's cudaHostAlloc becomes: page-
 * locked host memory is ordinary host memory here, mapped and portable by
 * nature (the CPU's memory is the device's). */
inline hipError_t hipHostAlloc(void **ptr, std::size_t size, unsigned int flags) {
  return hipHostMalloc(ptr, size, static_cast<hipHostMallocKind>(flags));
}
template <typename T>
inline hipError_t hipHostAlloc(T **ptr, std::size_t size, unsigned int flags) {
  return hipHostAlloc(reinterpret_cast<void **>(ptr), size, flags);
}

/* The runtime's hipMallocAsync stores the pointer when the stream reaches
 * the allocation, so the caller reads a null pointer; a GPU runtime returns
 * it at once, usable by the stream's later work. Replaced: the memory is
 * taken at once from the heap that hipFreeAsync returns it to in stream
 * order. */
inline hipError_t musify_cpu_hipMallocAsync(void **ptr, std::size_t size, hipStream_t = {}) {
  if (!ptr)
    return hipErrorInvalidValue;
  *ptr = size ? std::malloc(size) : nullptr;
  return size && !*ptr ? hipErrorOutOfMemory : hipSuccess;
}
template <typename T>
inline hipError_t musify_cpu_hipMallocAsync(T **ptr, std::size_t size, hipStream_t stream = {}) {
  return musify_cpu_hipMallocAsync(reinterpret_cast<void **>(ptr), size, stream);
}
#define hipMallocAsync musify_cpu_hipMallocAsync

/* Stream-ordered memory pools. The runtime's hipMallocAsync and hipFreeAsync
 * allocate and free in stream order from the process heap and keep nothing
 * cached, so each device's pool is that heap: its attributes are kept and
 * read back (they tune how much freed memory a GPU keeps, never what a
 * program computes), and trimming has nothing to release. Usage statistics
 * are not declared: a program that reads them does not build here. */
enum hipMemPoolAttr {
  hipMemPoolReuseFollowEventDependencies = 1,
  hipMemPoolReuseAllowOpportunistic,
  hipMemPoolReuseAllowInternalDependencies,
  hipMemPoolAttrReleaseThreshold
};
struct musify_cpu_MemPool {
  int reuse[3] = {1, 1, 1};
  std::uint64_t releaseThreshold = 0;
};
using hipMemPool_t = musify_cpu_MemPool *;

namespace musify_cpu {
inline hipMemPool_t defaultMemPool() {
  static musify_cpu_MemPool pool;
  return &pool;
}
inline hipMemPool_t &currentMemPool() {
  static hipMemPool_t current = defaultMemPool();
  return current;
}
inline bool validDevice(int device) {
  int count = 0;
  return hipGetDeviceCount(&count) == hipSuccess && device >= 0 && device < count;
}
} // namespace musify_cpu

inline hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t *pool, int device) {
  if (!pool || !musify_cpu::validDevice(device))
    return hipErrorInvalidValue;
  *pool = musify_cpu::defaultMemPool();
  return hipSuccess;
}
inline hipError_t hipDeviceGetMemPool(hipMemPool_t *pool, int device) {
  if (!pool || !musify_cpu::validDevice(device))
    return hipErrorInvalidValue;
  *pool = musify_cpu::currentMemPool();
  return hipSuccess;
}
inline hipError_t hipDeviceSetMemPool(int device, hipMemPool_t pool) {
  if (!pool || !musify_cpu::validDevice(device))
    return hipErrorInvalidValue;
  musify_cpu::currentMemPool() = pool;
  return hipSuccess;
}
namespace musify_cpu {
/* Where pool keeps attribute attr, and its size; null for one it does not. */
inline void *poolAttribute(hipMemPool_t pool, hipMemPoolAttr attr, std::size_t &size) {
  if (attr == hipMemPoolAttrReleaseThreshold)
    return size = sizeof(pool->releaseThreshold), &pool->releaseThreshold;
  if (attr >= hipMemPoolReuseFollowEventDependencies &&
      attr <= hipMemPoolReuseAllowInternalDependencies)
    return size = sizeof(int), &pool->reuse[attr - hipMemPoolReuseFollowEventDependencies];
  return nullptr;
}
} // namespace musify_cpu

inline hipError_t hipMemPoolSetAttribute(hipMemPool_t pool, hipMemPoolAttr attr, void *value) {
  std::size_t size = 0;
  void *field = pool && value ? musify_cpu::poolAttribute(pool, attr, size) : nullptr;
  if (!field)
    return hipErrorInvalidValue;
  std::memcpy(field, value, size);
  return hipSuccess;
}
inline hipError_t hipMemPoolGetAttribute(hipMemPool_t pool, hipMemPoolAttr attr, void *value) {
  std::size_t size = 0;
  void *field = pool && value ? musify_cpu::poolAttribute(pool, attr, size) : nullptr;
  if (!field)
    return hipErrorInvalidValue;
  std::memcpy(value, field, size);
  return hipSuccess;
}
inline hipError_t hipMemPoolTrimTo(hipMemPool_t pool, std::size_t) {
  return pool ? hipSuccess : hipErrorInvalidValue;
}

/* Flags as the integers GPU runtimes take (`hipEventBlockingSync |
 * hipEventDisableTiming` is an int): the runtime declares its flag
 * parameters as enumerations, which an int does not convert to. */
inline hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned int flags) {
  return hipEventCreateWithFlags(event, static_cast<hipEventFlags>(flags));
}
inline hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags) {
  return hipStreamCreateWithFlags(stream, static_cast<hipStreamFlags>(flags));
}
inline hipError_t hipHostMalloc(void **ptr, std::size_t size, unsigned int flags) {
  return hipHostMalloc(ptr, size, static_cast<hipHostMallocKind>(flags));
}
template <typename T>
inline hipError_t hipHostMalloc(T **ptr, std::size_t size, unsigned int flags) {
  return hipHostMalloc(reinterpret_cast<void **>(ptr), size, flags);
}

/* hipSuccess once the work an event captured has completed, hipErrorNotReady
 * before, without waiting: the runtime's event holds the future of the task its
 * record queued behind that work. An event never recorded captured no work
 * (hipSuccess, as in CUDA). An event recorded on the null stream also stands
 * for the other streams' work (hipEventSynchronize waits for the device): once
 * its own task has run, the answer waits for that as hipEventSynchronize does,
 * so that hipSuccess means what it means on a GPU. */
inline hipError_t hipEventQuery(hipEvent_t event) {
  if (!event)
    return hipErrorInvalidHandle;
  const auto &done = is_done(*event);
  if (!done.valid())
    return hipSuccess;
  if (done.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
    return hipErrorNotReady;
  return is_all_synchronising(*event) ? hipEventSynchronize(event) : hipSuccess;
}

/* The runtime's hipStreamQuery answers whether the stream's queue is empty, but
 * the runtime empties the queue when it starts running the queued work: a
 * kernel still running reads as complete. Whether queued work has completed
 * cannot be asked without waiting for it, so this waits: hipSuccess then means
 * what it means on a GPU (the work is done); a program that polls sees its
 * work complete at the first query. The runtime's name is a macro for it. */
inline hipError_t musify_cpu_hipStreamQuery(hipStream_t stream) {
  return hipStreamSynchronize(stream);
}
#define hipStreamQuery musify_cpu_hipStreamQuery

typedef void (*hipHostFn_t)(void *userData);
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status,
                                    void *userData);

namespace musify_cpu {
/* Queues fn on the stream as its next task: the runtime runs a stream's tasks
 * in order, one at a time, so fn runs on the host after all the work queued
 * before it has completed, and the work queued after it waits for it, as on a
 * GPU (it runs on the runtime's thread, as CUDA runs it on a driver thread; it
 * must not call the API, as in CUDA). On the null stream it is ordered with
 * the null stream's work, which is how the runtime orders that stream. */
template <typename F> inline hipError_t enqueue_host(hipStream_t stream, F fn) {
  hip::detail::Stream *s = stream ? stream : hip::detail::Runtime::null_stream();
  s->apply([&](auto &&tasks) { tasks.emplace_back([fn](auto &&) { fn(); }); });
  return hipSuccess;
}
} // namespace musify_cpu

inline hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void *userData) {
  if (!fn)
    return hipErrorInvalidValue;
  return musify_cpu::enqueue_host(stream, [=] { fn(userData); });
}

/* As hipLaunchHostFunc; the callback gets the stream and hipSuccess (the
 * runtime has no asynchronous errors). flags must be 0, as in CUDA. */
inline hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback,
                                       void *userData, unsigned int flags) {
  if (!callback || flags != 0)
    return hipErrorInvalidValue;
  return musify_cpu::enqueue_host(stream,
                                  [=] { callback(stream, hipSuccess, userData); });
}

/* Warp shuffles and votes numbered as on a GPU, __syncthreads_count/_and/_or. */
#include "musify_cpu/lanes.h"

#endif /* MUSIFY_CPU_ADDITIONS_H_ */
