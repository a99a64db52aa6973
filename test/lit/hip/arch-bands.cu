// Every __CUDA_ARCH__ comparison keeps its meaning on HIP
// (rules/hip/thresholds/arch.json), in both of hipcc's passes: it is written
// on __HIP_DEVICE_COMPILE__, which hipcc defines as 1 in the device pass only,
// as nvcc defines __CUDA_ARCH__, so on the host it reads as 0 as
// __CUDA_ARCH__ does. On the device it has the value of every AMD GPU. What
// CUDA gates below sm_61 every AMD GPU has: `< 600` is false on the device,
// and the user's atomicAdd(double) of NVIDIA's samples is not defined next to
// HIP's own. What CUDA gates from sm_61 on (__dp4a, the *_sync warp
// functions, WMMA) no AMD GPU has as CUDA spells it: `>= 700` is false in both
// passes, the branch for older GPUs is compiled, and the build prediction
// follows it (__syncwarp, which HIP 5.2 lacks, blocks nothing there).
// defined(__CUDA_ARCH__) stays defined(__HIP_DEVICE_COMPILE__). The output
// builds with hipcc.
// RUN: %musify --target=hip %s -o %t.hip --report %t.json 2> %t.err
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %python -c "import json; f = json.load(open('%t.json'))['files'][0]; print(f['build']['expected'], f['build']['risks']); [print(e['line'], e['comparison']['old'], '->', e['comparison']['new'], e['comparison']['needs_review'], e['note'].rsplit('(', 1)[-1] if e['note'].endswith('GPU)') else 'on some') for e in f['references'] if 'comparison' in e]" | FileCheck %s --check-prefix=REPORT
// RUN: %hipcc-check %t.hip
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
#if __CUDA_ARCH__ >= 700
  __syncwarp();
  return v + v;
#elif __CUDA_ARCH__ > 529
  return __half2float(__hmul(__float2half(v), __float2half(2.0f)));
#else
  return 2.0f * v;
#endif
}
// Each rewritten comparison says what it stands for, as a comment.
// HIP:      {{^}}#if defined(__HIP_DEVICE_COMPILE__) && __HIP_DEVICE_COMPILE__ < 1 /* CUDA: __CUDA_ARCH__ < 600 */{{$}}
// HIP:      {{^}}#if !defined(__HIP_DEVICE_COMPILE__) || __HIP_DEVICE_COMPILE__ >= 1 /* CUDA: __CUDA_ARCH__ >= 600 */{{$}}
// HIP:      {{^}}#if __HIP_DEVICE_COMPILE__ >= 2 /* CUDA: __CUDA_ARCH__ >= 700 */{{$}}
// HIP:      {{^}}#elif __HIP_DEVICE_COMPILE__ >= 1 /* CUDA: __CUDA_ARCH__ > 529 */{{$}}

// DIAG-NOT: musify-arch-comparison
// DIAG: warning: '__syncwarp' has no HIP equivalent: {{.*}}; the HIP compiler does not compile this branch, by #if __CUDA_ARCH__ >= 700
// DIAG-NOT: musify-arch-comparison

// REPORT:      True []
// REPORT-NEXT: 21 __CUDA_ARCH__ < 600 -> __HIP_DEVICE_COMPILE__ < 1 False false on every HIP GPU)
// REPORT-NEXT: 36 __CUDA_ARCH__ >= 600 -> __HIP_DEVICE_COMPILE__ >= 1 False true on every HIP GPU)
// REPORT-NEXT: 43 __CUDA_ARCH__ >= 700 -> __HIP_DEVICE_COMPILE__ >= 2 False false on every HIP GPU)
// REPORT-NEXT: 46 __CUDA_ARCH__ > 529 -> __HIP_DEVICE_COMPILE__ >= 1 False true on every HIP GPU)
