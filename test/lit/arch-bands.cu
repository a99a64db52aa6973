// Every __CUDA_ARCH__ comparison keeps its meaning on MUSA's architectures
// (210: mp_21, 220: mp_22, 310: mp_31; rules/musa/thresholds/arch.json).
// What CUDA gates below sm_80 (double atomicAdd at 600, half at 530) every
// MUSA GPU has: `>= 600` is true on all of them and `< 600` false, so the
// user's atomicAdd(double) of NVIDIA's samples is not defined next to MUSA's
// own. sm_80 to sm_89 stand for 220, sm_90 on for 310, and a level past every
// MUSA GPU (sm_100) for 1000: false on all. `> 599` reads as `>= 600`, and
// the constant may come first. Nothing is left for review; the output builds
// with nvcc through the portability layer (sm_75 reads as 210 there).
// RUN: %musify %s -o %t.mu --report %t.json 2> %t.err
// RUN: FileCheck %s --check-prefix=MUSA < %t.mu
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %python -c "import json; [print(e['line'], e['comparison']['old'], '->', e['comparison']['new'], e['comparison']['needs_review'], e['note'].rsplit('(', 1)[-1] if e['note'].endswith('GPU)') else 'on some') for e in json.load(open('%t.json'))['files'][0]['references'] if 'comparison' in e]" | FileCheck %s --check-prefix=REPORT
// RUN: %musa-check %t.mu
#include <cuda_fp16.h>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
__device__ double atomicAdd(double *address, double val) {
  unsigned long long int *address_as_ull = (unsigned long long int *)address;
  unsigned long long int old = *address_as_ull, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed,
                    __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}
#endif

__global__ void sum(const double *x, double *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
  if (i < n)
    atomicAdd(total, x[i]);
#endif
}

__device__ float twice(float v) {
#if __CUDA_ARCH__ > 529
  return __half2float(__hmul(__float2half(v), __float2half(2.0f)));
#elif 800 <= __CUDA_ARCH__
  return v;
#elif __CUDA_ARCH__ == 860 || __CUDA_ARCH__ != 900
  return v;
#elif __CUDA_ARCH__ >= 1000
  return v;
#else
  return 2.0f * v;
#endif
}
// MUSA:      {{^}}#if defined(__MUSA_ARCH__) && __MUSA_ARCH__ < 210{{$}}
// MUSA:      {{^}}#if !defined(__MUSA_ARCH__) || __MUSA_ARCH__ >= 210{{$}}
// MUSA:      {{^}}#if __MUSA_ARCH__ >= 210{{$}}
// MUSA:      {{^}}#elif 220 <= __MUSA_ARCH__{{$}}
// MUSA:      {{^}}#elif __MUSA_ARCH__ == 220 || __MUSA_ARCH__ != 310{{$}}
// MUSA:      {{^}}#elif __MUSA_ARCH__ >= 1000{{$}}

// DIAG-NOT: musify-arch-comparison

// REPORT:      17 __CUDA_ARCH__ < 600 -> __MUSA_ARCH__ < 210 False false on every MUSA GPU)
// REPORT-NEXT: 32 __CUDA_ARCH__ >= 600 -> __MUSA_ARCH__ >= 210 False true on every MUSA GPU)
// REPORT-NEXT: 39 __CUDA_ARCH__ > 529 -> __MUSA_ARCH__ >= 210 False true on every MUSA GPU)
// REPORT-NEXT: 41 800 <= __CUDA_ARCH__ -> 220 <= __MUSA_ARCH__ False on some
// REPORT-NEXT: 43 __CUDA_ARCH__ == 860 -> __MUSA_ARCH__ == 220 False on some
// REPORT-NEXT: 43 __CUDA_ARCH__ != 900 -> __MUSA_ARCH__ != 310 False on some
// REPORT-NEXT: 45 __CUDA_ARCH__ >= 1000 -> __MUSA_ARCH__ >= 1000 False false on every MUSA GPU)
