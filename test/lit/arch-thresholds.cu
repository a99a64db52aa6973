// Architecture comparisons: for MUSA, renaming __CUDA_ARCH__ is not enough
// (MUSA numbers its architectures 210/220/310), so the threshold map rewrites
// the constant to the MUSA value of its band and the report lists old and new
// text: 700 is before sm_80, a level every MUSA GPU has (210). HIP's map (on
// __HIP__) puts 700 on past every AMD GPU (2); a value use stays unsupported.
// RUN: %musify %s --report %t.json 2> %t.err | FileCheck %s --check-prefix=MUSA
// RUN: FileCheck %s --check-prefix=MUSA-DIAG < %t.err
// RUN: %python -c "import json; [print(e['line'], e['comparison']['old'], '->', e['comparison']['new'], e['comparison']['needs_review']) for e in json.load(open('%t.json'))['files'][0]['references'] if 'comparison' in e]" | FileCheck %s --check-prefix=REPORT
// RUN: %musify --target=hip %s 2> %t.hip.err | FileCheck %s --check-prefix=HIP
// RUN: FileCheck %s --check-prefix=HIP-DIAG < %t.hip.err
#include <cuda_runtime.h>

__device__ float load(const float *p) {
#if __CUDA_ARCH__ >= 900
  return p[0] * 3.0f;
#elif __CUDA_ARCH__ >= 800
  return __ldg(p) * 2.0f;
#elif defined(__CUDA_ARCH__) && 700 <= __CUDA_ARCH__
  return p[0];
#else
  return 0.0f;
#endif
}

#ifdef __CUDA_ARCH__
__device__ int arch() { return __CUDA_ARCH__; }
#endif
// MUSA:      {{^}}#if __MUSA_ARCH__ >= 310
// MUSA:      {{^}}#elif __MUSA_ARCH__ >= 220
// MUSA:      {{^}}#elif defined(__MUSA_ARCH__) && 210 <= __MUSA_ARCH__
// MUSA:      {{^}}#ifdef __MUSA_ARCH__
// MUSA-NEXT: {{^}}__device__ int arch() { return __MUSA_ARCH__; }

// MUSA-DIAG-NOT: musify-arch-comparison

// REPORT:      14 __CUDA_ARCH__ >= 900 -> __MUSA_ARCH__ >= 310 False
// REPORT-NEXT: 16 __CUDA_ARCH__ >= 800 -> __MUSA_ARCH__ >= 220 False
// REPORT-NEXT: 18 700 <= __CUDA_ARCH__ -> 210 <= __MUSA_ARCH__ False

// HIP:      {{^}}#if __HIP__ >= 2{{$}}
// HIP:      {{^}}#elif __HIP__ >= 2{{$}}
// HIP:      {{^}}#elif defined(__HIP_DEVICE_COMPILE__) && 2 <= __HIP__{{$}}
// HIP:      {{^}}#ifdef __HIP_DEVICE_COMPILE__
// HIP-NEXT: {{^}}// musify-unsupported: '__CUDA_ARCH__' has no HIP equivalent: used as a value here{{.*}}
// HIP-NEXT: {{^}}__device__ int arch() { return __CUDA_ARCH__; }
// HIP-DIAG: arch-thresholds.cu:26:32: warning: '__CUDA_ARCH__' has no HIP equivalent: used as a value here;
