// Every __CUDA_ARCH__ comparison keeps its meaning on HIP
// (rules/hip/thresholds/arch.json). hipcc compiles the host and the device
// side with the same declarations (HIP declares atomicAdd(double *, double)
// and the half arithmetic in both passes), so a comparison has one value in
// both: that of every AMD GPU, written on __HIP__ (1 in both passes under
// hipcc). What CUDA gates below sm_61 every AMD GPU has: `< 600` is false,
// and the user's atomicAdd(double) of NVIDIA's samples is not defined next to
// HIP's own. What CUDA gates from sm_61 on (__dp4a, the *_sync warp
// functions, WMMA) no AMD GPU has as CUDA spells it: `>= 700` is false, and
// the branch for older GPUs is compiled, and the build prediction follows it
// (__syncwarp, which HIP 5.2 lacks, blocks nothing there). defined(__CUDA_ARCH__) stays
// defined(__HIP_DEVICE_COMPILE__). The output builds with hipcc.
// RUN: %musify --target=hip %s -o %t.hip --report %t.json 2> %t.err
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %python -c "import json; f = json.load(open('%t.json'))['files'][0]; print(f['build']['expected'], f['build']['risks']); [print(e['line'], e['comparison']['old'], '->', e['comparison']['new'], e['comparison']['needs_review'], e['note'].rsplit('(', 1)[-1] if e['note'].endswith('GPU)') else 'on some') for e in f['references'] if 'comparison' in e]" | FileCheck %s --check-prefix=REPORT
// RUN: %hipcc-check %t.hip
#include <cuda_fp16.h>

#if __CUDA_ARCH__ < 600
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
#if __CUDA_ARCH__ >= 700
  __syncwarp();
  return v + v;
#elif __CUDA_ARCH__ > 529
  return __half2float(__hmul(__float2half(v), __float2half(2.0f)));
#else
  return 2.0f * v;
#endif
}
// HIP:      {{^}}#if __HIP__ < 1{{$}}
// HIP:      {{^}}#if !defined(__HIP_DEVICE_COMPILE__) || __HIP__ >= 1{{$}}
// HIP:      {{^}}#if __HIP__ >= 2{{$}}
// HIP:      {{^}}#elif __HIP__ >= 1{{$}}

// DIAG-NOT: musify-arch-comparison
// DIAG: warning: '__syncwarp' has no HIP equivalent: {{.*}}; the HIP compiler does not compile this branch, by #if __CUDA_ARCH__ >= 700
// DIAG-NOT: musify-arch-comparison

// REPORT:      True []
// REPORT-NEXT: 20 __CUDA_ARCH__ < 600 -> __HIP__ < 1 False false on every HIP GPU)
// REPORT-NEXT: 35 __CUDA_ARCH__ >= 600 -> __HIP__ >= 1 False true on every HIP GPU)
// REPORT-NEXT: 42 __CUDA_ARCH__ >= 700 -> __HIP__ >= 2 False false on every HIP GPU)
// REPORT-NEXT: 45 __CUDA_ARCH__ > 529 -> __HIP__ >= 1 False true on every HIP GPU)
