// Architecture comparisons: for MUSA, renaming __CUDA_ARCH__ is not enough
// (MUSA numbers its architectures 210/220/310), so the threshold map rewrites
// the constant to the MUSA value of its band and the report lists old and new
// text: 700 is before sm_80, a level every MUSA GPU has (210). HIP's map (on
// __HIP_DEVICE_COMPILE__, undefined on the host as __CUDA_ARCH__ is) puts 700
// on past every AMD GPU (2). A truth test (`#if __CUDA_ARCH__`) and a
// comparison with 0, the value of the undefined macro, keep their meaning on
// both; a value use, even in arithmetic inside a comparison
// (`__CUDA_ARCH__ / 100 >= 7`), is no comparison of the macro and stays
// unsupported on HIP; a comment beside a comparison (`// Ampere`) is no
// operator (once read as a division: a value use).
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

#if __CUDA_ARCH__ && !defined(NO_FAST_PATH)
#elif !__CUDA_ARCH__
#elif (__CUDA_ARCH__) || __CUDA_ARCH__ == 0
#elif __CUDA_ARCH__ / 100 >= 7
#endif
// A comment before or after a comparison is no operator of it.
#if __CUDA_ARCH__ >= 800 // Ampere
#elif /* Volta */ __CUDA_ARCH__ >= 700 /* and newer */
#endif
// A macro of the user's that no expansion of the parse reads (unused, or
// expanded only where device compilation reads it) is migrated by spelling,
// as a skipped region is (once left as written, with no finding).
#define ARCH_VALUE __CUDA_ARCH__
#define STREAM_OF(x) ((cudaStream_t)(x))
__device__ int archValue() {
#ifdef __CUDA_ARCH__
  return ARCH_VALUE;
#else
  return 0;
#endif
}
// MUSA:      {{^}}#if __MUSA_ARCH__ >= 310
// MUSA:      {{^}}#elif __MUSA_ARCH__ >= 220
// MUSA:      {{^}}#elif defined(__MUSA_ARCH__) && 210 <= __MUSA_ARCH__
// MUSA:      {{^}}#ifdef __MUSA_ARCH__
// MUSA-NEXT: {{^}}__device__ int arch() { return __MUSA_ARCH__; }
// MUSA:      {{^}}#if __MUSA_ARCH__ && !defined(NO_FAST_PATH){{$}}
// MUSA-NEXT: {{^}}#elif !__MUSA_ARCH__{{$}}
// MUSA-NEXT: {{^}}#elif (__MUSA_ARCH__) || __MUSA_ARCH__ == 0{{$}}
// MUSA:      {{^}}#if __MUSA_ARCH__ >= 220 // Ampere{{$}}
// MUSA-NEXT: {{^}}#elif /* Volta */ __MUSA_ARCH__ >= 210 /* and newer */{{$}}
// MUSA:      {{^}}#define ARCH_VALUE __MUSA_ARCH__{{$}}
// MUSA-NEXT: {{^}}#define STREAM_OF(x) ((musaStream_t)(x)){{$}}

// MUSA-DIAG-NOT: musify-arch-comparison

// REPORT:      20 __CUDA_ARCH__ >= 900 -> __MUSA_ARCH__ >= 310 False
// REPORT-NEXT: 22 __CUDA_ARCH__ >= 800 -> __MUSA_ARCH__ >= 220 False
// REPORT-NEXT: 24 700 <= __CUDA_ARCH__ -> 210 <= __MUSA_ARCH__ False
// REPORT-NEXT: 37 __CUDA_ARCH__ == 0 -> __MUSA_ARCH__ == 0 False
// REPORT-NEXT: 41 __CUDA_ARCH__ >= 800 -> __MUSA_ARCH__ >= 220 False
// REPORT-NEXT: 42 __CUDA_ARCH__ >= 700 -> __MUSA_ARCH__ >= 210 False

// HIP:      {{^}}#if __HIP_DEVICE_COMPILE__ >= 2 /* CUDA: __CUDA_ARCH__ >= 900 */{{$}}
// HIP:      {{^}}#elif __HIP_DEVICE_COMPILE__ >= 2 /* CUDA: __CUDA_ARCH__ >= 800 */{{$}}
// HIP:      {{^}}#elif defined(__HIP_DEVICE_COMPILE__) && 2 <= __HIP_DEVICE_COMPILE__ /* CUDA: 700 <= __CUDA_ARCH__ */{{$}}
// HIP:      {{^}}#ifdef __HIP_DEVICE_COMPILE__
// HIP-NEXT: {{^}}// musify-unsupported: '__CUDA_ARCH__' has no HIP equivalent: used as a value here{{.*}}
// HIP-NEXT: {{^}}__device__ int arch() { return __CUDA_ARCH__; }
// HIP:      {{^}}#if __HIP_DEVICE_COMPILE__ && !defined(NO_FAST_PATH){{$}}
// HIP-NEXT: {{^}}#elif !__HIP_DEVICE_COMPILE__{{$}}
// HIP-NEXT: {{^}}#elif (__HIP_DEVICE_COMPILE__) || __HIP_DEVICE_COMPILE__ == 0 /* CUDA: __CUDA_ARCH__ == 0 */{{$}}
// HIP-NEXT: {{^}}// musify-unsupported: '__CUDA_ARCH__' has no HIP equivalent: as above
// HIP-NEXT: {{^}}#elif __CUDA_ARCH__ / 100 >= 7{{$}}
// HIP:      {{^}}#if __HIP_DEVICE_COMPILE__ >= 2 /* CUDA: __CUDA_ARCH__ >= 800 */ // Ampere{{$}}
// HIP-NEXT: {{^}}#elif /* Volta */ __HIP_DEVICE_COMPILE__ >= 2 /* CUDA: __CUDA_ARCH__ >= 700 */ /* and newer */{{$}}
// HIP:      {{^}}// musify-unsupported: '__CUDA_ARCH__' has no HIP equivalent: as above{{$}}
// HIP-NEXT: {{^}}#define ARCH_VALUE __CUDA_ARCH__{{$}}
// HIP-NEXT: {{^}}#define STREAM_OF(x) ((hipStream_t)(x)){{$}}
// HIP-DIAG: arch-thresholds.cu:32:32: warning: '__CUDA_ARCH__' has no HIP equivalent: used as a value here; {{.*}}; 3 uses in this file, on lines 32, 38, 47 [musify-unsupported]
