// musify/hip_helpers.h: CUDA functions HIP does not declare, for code musify
// migrated to HIP. Every helper does what CUDA documents for the function of
// the same name, in a few lines of portable HIP; musify writes calls to them
// as musify::NAME and includes this header where it does (runtime/README.md).
// Build the migrated code with this header's folder on the include path.
#pragma once

#include <hip/hip_runtime.h>

#include <math.h>

#if __has_include(<hip/hip_bfloat16.h>)
#include <hip/hip_bfloat16.h>
#define MUSIFY_HIP_BFLOAT16 1
#endif

namespace musify {

// CUDA's integer minimum and maximum device functions.
__device__ inline unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
__device__ inline unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
__device__ inline long long int llmin(long long int a, long long int b) { return a < b ? a : b; }
__device__ inline long long int llmax(long long int a, long long int b) { return a > b ? a : b; }
__device__ inline unsigned long long int ullmin(unsigned long long int a,
                                                unsigned long long int b) {
  return a < b ? a : b;
}
__device__ inline unsigned long long int ullmax(unsigned long long int a,
                                                unsigned long long int b) {
  return a > b ? a : b;
}

// min and max with every parameter list CUDA declares (crt/math_functions.hpp),
// host and device: HIP declares only some, so a call CUDA resolves to another
// one does not compile or picks a different overload. Mixed signed and
// unsigned arguments compare as the unsigned result type, as in CUDA; float
// ones as fminf/fmin and fmaxf/fmax do.
namespace detail {
template <typename T> __host__ __device__ inline T lesser(T a, T b) { return a < b ? a : b; }
template <typename T> __host__ __device__ inline T greater(T a, T b) { return a > b ? a : b; }
} // namespace detail

__host__ __device__ inline int min(int a, int b) {
  return detail::lesser<int>(a, b);
}
__host__ __device__ inline int max(int a, int b) {
  return detail::greater<int>(a, b);
}
__host__ __device__ inline unsigned int min(unsigned int a, unsigned int b) {
  return detail::lesser<unsigned int>(a, b);
}
__host__ __device__ inline unsigned int max(unsigned int a, unsigned int b) {
  return detail::greater<unsigned int>(a, b);
}
__host__ __device__ inline unsigned int min(int a, unsigned int b) {
  return detail::lesser<unsigned int>(a, b);
}
__host__ __device__ inline unsigned int max(int a, unsigned int b) {
  return detail::greater<unsigned int>(a, b);
}
__host__ __device__ inline unsigned int min(unsigned int a, int b) {
  return detail::lesser<unsigned int>(a, b);
}
__host__ __device__ inline unsigned int max(unsigned int a, int b) {
  return detail::greater<unsigned int>(a, b);
}
__host__ __device__ inline long int min(long int a, long int b) {
  return detail::lesser<long int>(a, b);
}
__host__ __device__ inline long int max(long int a, long int b) {
  return detail::greater<long int>(a, b);
}
__host__ __device__ inline unsigned long int min(unsigned long int a, unsigned long int b) {
  return detail::lesser<unsigned long int>(a, b);
}
__host__ __device__ inline unsigned long int max(unsigned long int a, unsigned long int b) {
  return detail::greater<unsigned long int>(a, b);
}
__host__ __device__ inline unsigned long int min(long int a, unsigned long int b) {
  return detail::lesser<unsigned long int>(a, b);
}
__host__ __device__ inline unsigned long int max(long int a, unsigned long int b) {
  return detail::greater<unsigned long int>(a, b);
}
__host__ __device__ inline unsigned long int min(unsigned long int a, long int b) {
  return detail::lesser<unsigned long int>(a, b);
}
__host__ __device__ inline unsigned long int max(unsigned long int a, long int b) {
  return detail::greater<unsigned long int>(a, b);
}
__host__ __device__ inline long long int min(long long int a, long long int b) {
  return detail::lesser<long long int>(a, b);
}
__host__ __device__ inline long long int max(long long int a, long long int b) {
  return detail::greater<long long int>(a, b);
}
__host__ __device__ inline unsigned long long int min(unsigned long long int a, unsigned long long int b) {
  return detail::lesser<unsigned long long int>(a, b);
}
__host__ __device__ inline unsigned long long int max(unsigned long long int a, unsigned long long int b) {
  return detail::greater<unsigned long long int>(a, b);
}
__host__ __device__ inline unsigned long long int min(long long int a, unsigned long long int b) {
  return detail::lesser<unsigned long long int>(a, b);
}
__host__ __device__ inline unsigned long long int max(long long int a, unsigned long long int b) {
  return detail::greater<unsigned long long int>(a, b);
}
__host__ __device__ inline unsigned long long int min(unsigned long long int a, long long int b) {
  return detail::lesser<unsigned long long int>(a, b);
}
__host__ __device__ inline unsigned long long int max(unsigned long long int a, long long int b) {
  return detail::greater<unsigned long long int>(a, b);
}

__host__ __device__ inline float min(float a, float b) { return fminf(a, b); }
__host__ __device__ inline float max(float a, float b) { return fmaxf(a, b); }
__host__ __device__ inline double min(double a, double b) { return fmin(a, b); }
__host__ __device__ inline double max(double a, double b) { return fmax(a, b); }
__host__ __device__ inline double min(float a, double b) { return fmin(static_cast<double>(a), b); }
__host__ __device__ inline double max(float a, double b) { return fmax(static_cast<double>(a), b); }
__host__ __device__ inline double min(double a, float b) { return fmin(a, static_cast<double>(b)); }
__host__ __device__ inline double max(double a, float b) { return fmax(a, static_cast<double>(b)); }

// System-scope wrapping increment and decrement (CUDA's sm_60 atomics):
// the new value is computed from the old one and swapped in with HIP's
// system-scope compare-and-swap until no other thread intervened.
__device__ inline unsigned int atomicInc_system(unsigned int *address, unsigned int val) {
  unsigned int old = *address, assumed;
  do {
    assumed = old;
    old = ::atomicCAS_system(address, assumed, assumed >= val ? 0u : assumed + 1u);
  } while (old != assumed);
  return old;
}
__device__ inline unsigned int atomicDec_system(unsigned int *address, unsigned int val) {
  unsigned int old = *address, assumed;
  do {
    assumed = old;
    old = ::atomicCAS_system(address, assumed,
                             assumed == 0u || assumed > val ? val : assumed - 1u);
  } while (old != assumed);
  return old;
}

// CUDA's one __ffs takes an int: any other integer argument converts to it,
// where HIP's __ffs(int) and __ffs(unsigned int) make such a call ambiguous.
__device__ inline int __ffs(int x) { return static_cast<int>(::__ffs(x)); }

#ifdef MUSIFY_HIP_BFLOAT16
// cuda_bf16.h's conversions, for __nv_bfloat16 migrated to hip_bfloat16
// (hip/hip_bfloat16.h, HIP 3.5 on): its constructor from float rounds to
// nearest even, as __float2bfloat16 does; truncate rounds toward zero.
__host__ __device__ inline hip_bfloat16 __float2bfloat16(float f) { return hip_bfloat16(f); }
__host__ __device__ inline hip_bfloat16 __float2bfloat16_rn(float f) { return hip_bfloat16(f); }
__host__ __device__ inline hip_bfloat16 __float2bfloat16_rz(float f) {
  return hip_bfloat16(f, hip_bfloat16::truncate);
}
__host__ __device__ inline float __bfloat162float(hip_bfloat16 b) { return float(b); }
#endif

} // namespace musify
